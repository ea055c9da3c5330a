"""Readings of a page number: PDF index, label, printed folio; 0/1-based round trip; nothing invented."""

from __future__ import annotations


import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc
from widening.models import DocumentFacts, PageFacts, PageKind, Reading
from widening.facts.readings import parse_number, resolve, resolve_range, word_value
from widening.text import roman_value, to_roman


def facts(n: int, labels=None, printed=None) -> DocumentFacts:
    pages = tuple(
        PageFacts(
            index=i,
            width=100,
            height=100,
            kind=PageKind.born_digital,
            label=(labels or {}).get(i),
            printed=tuple((printed or {}).get(i, ())),
        )
        for i in range(1, n + 1)
    )
    return DocumentFacts(sha256="x", engine_version="t", page_count=n, pages=pages)


def by(tried) -> dict[Reading, tuple[int, ...]]:
    return {t.reading: t.pages for t in tried}


def test_three_readings_of_page_9() -> None:
    f = facts(20, printed={13: ("9",)})
    assert by(resolve(f, "9")) == {Reading.pdf: (9,), Reading.label: (), Reading.printed: (13,)}


def test_label_reading_and_prefix() -> None:
    f = facts(24, labels={i: str(6980 + i) for i in range(1, 25)})
    assert by(resolve(f, "page 6985"))[Reading.label] == (5,)
    assert by(resolve(f, "6985"))[Reading.pdf] == ()


def test_roman_and_words() -> None:
    f = facts(10, labels={1: "i", 2: "ii", 3: "iii", 4: "1"}, printed={3: ("iii",)})
    got = by(resolve(f, "iii"))
    assert got[Reading.label] == (3,) and got[Reading.printed] == (3,)
    assert by(resolve(f, "thirteen"))[Reading.pdf] == ()
    assert by(resolve(f, "seven"))[Reading.pdf] == (7,)
    assert word_value("twenty-one") == 21 and word_value("ninth") == 9 and word_value("lots") is None
    assert parse_number("Page 12") == (12, False) and parse_number("IV") == (4, True)


def test_one_page_can_carry_two_folios_and_range() -> None:
    f = facts(17, printed={4: ("4", "5"), 5: ("6", "7")})
    assert by(resolve(f, "5"))[Reading.printed] == (4,)
    rng = by(resolve_range(f, 5, 6))
    assert rng[Reading.printed] == (4, 5) and rng[Reading.pdf] == (5, 6)


def test_range_missing_everywhere() -> None:
    f = facts(30)
    assert all(not t.pages for t in resolve_range(f, 200, 205))
    assert by(resolve_range(f, 28, 35))[Reading.pdf] == (28, 29, 30)  # exists: part of it does


@settings(deadline=None, max_examples=40)
@given(st.integers(1, 3999))
def test_roman_round_trip(v: int) -> None:
    assert roman_value(to_roman(v)) == v and roman_value(to_roman(v).upper()) == v


@settings(deadline=None, max_examples=40)
@given(
    n=st.integers(1, 60),
    labels=st.dictionaries(st.integers(1, 60), st.sampled_from(["1", "2", "iv", "A-1", "99", "7"]), max_size=10),
    printed=st.dictionaries(st.integers(1, 60), st.lists(st.sampled_from(["1", "3", "9", "ii", "100"]), max_size=2), max_size=10),
    number=st.one_of(st.integers(-5, 200).map(str), st.sampled_from(["iv", "ii", "A-1", "nine", "x", ""])),
    last=st.integers(-5, 200),
)
def test_resolve_never_invents_pages(n, labels, printed, number, last) -> None:
    f = facts(n, {k: v for k, v in labels.items() if k <= n}, {k: v for k, v in printed.items() if k <= n})
    for t in resolve(f, number) + resolve_range(f, number or "1", last):
        assert all(1 <= p <= n for p in t.pages)
        assert list(t.pages) == sorted(set(t.pages))


@settings(deadline=None, max_examples=8)
@given(n=st.integers(1, 12))
def test_zero_and_one_based_round_trip(tmp_path_factory, n: int) -> None:
    """PyMuPDF page k (0-based) is facts page k+1, resolves from "k+1" under the pdf reading, and Doc.page maps back."""
    path = tmp_path_factory.mktemp("r") / "d.pdf"
    pdf = pymupdf.open()
    for k in range(n):
        pdf.new_page().insert_text((72, 300), f"marker {k}")
    pdf.save(path)
    doc = load_doc(path, ocr=False)
    try:
        assert doc.facts.page_count == n
        for k in range(n):
            assert doc.facts.pages[k].index == k + 1
            assert by(resolve(doc.facts, str(k + 1)))[Reading.pdf] == (k + 1,)
            assert doc.page(k + 1).number == k
            assert f"marker {k}" in doc.facts.page(k + 1).text
        assert by(resolve(doc.facts, "0"))[Reading.pdf] == ()
        assert by(resolve(doc.facts, str(n + 1)))[Reading.pdf] == ()
    finally:
        doc.close()

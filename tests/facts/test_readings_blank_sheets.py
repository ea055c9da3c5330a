"""A file with blank sheets (an empty page before the first, the empty backs of a duplex scan): a reader who
leafs past them does not count them, so "the second page" may be the second page with content. That page
is a doubtful reading of the number: looked at, a find there a doubt, never a member, and it never makes a
page exist. Before, only PDF page N (and labels, folios) were looked at: red words on the second page with
content were missed and "none" was widened."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs
from widening.facts.readings import resolve, resolve_range
from widening.models import DocumentFacts, PageFacts, PageKind, Reading

RED = (0.9, 0.1, 0.1)
LINE = "The committee reviewed the annual programme and noted steady progress across offices."


def _facts(kinds: list[PageKind]) -> DocumentFacts:
    pages = tuple(PageFacts(index=i, width=100, height=100, kind=k) for i, k in enumerate(kinds, 1))
    return DocumentFacts(sha256="x", engine_version="t", page_count=len(kinds), pages=pages)


@settings(max_examples=80, deadline=None)
@given(blank=st.lists(st.booleans(), min_size=1, max_size=14), data=st.data())
def test_the_number_counted_over_pages_with_content_is_a_doubtful_reading(blank: list[bool], data) -> None:
    kinds = [PageKind.empty if b else PageKind.born_digital for b in blank]
    drawn = [i for i, b in enumerate(blank, 1) if not b]
    k = data.draw(st.integers(1, len(blank) + 2), label="page asked")
    tried = resolve(_facts(kinds), str(k))
    certain = {p for t in tried if not t.doubtful for p in t.pages}
    doubtful = {p for t in tried if t.doubtful for p in t.pages}
    assert certain == ({k} if k <= len(blank) else set())
    want = {drawn[k - 1]} - certain if k <= len(drawn) else set()
    assert doubtful == want
    assert all(t.reading is Reading.pdf for t in tried if t.doubtful)
    lo = data.draw(st.integers(1, len(blank)), label="range start")
    hi = data.draw(st.integers(lo, len(blank) + 2), label="range end")
    rng = resolve_range(_facts(kinds), str(lo), str(hi))
    got = {p for t in rng if t.doubtful for p in t.pages}
    assert got == {drawn[j - 1] for j in range(lo, min(hi, len(drawn)) + 1)} - set(range(lo, min(hi, len(blank)) + 1))


def test_no_blank_page_no_extra_reading() -> None:
    """Control: a file of pages with content: the three readings only."""
    assert [t.reading for t in resolve(_facts([PageKind.born_digital] * 5), "2")] == list(Reading)


def _file(path: Path, blank: list[bool], red_on: int | None) -> Path:
    doc = pymupdf.open()
    for i, b in enumerate(blank, 1):
        page = doc.new_page()
        if not b:
            for k in range(6):
                pdfs.text(page, (72, 100 + 16 * k), LINE)
        if i == red_on:
            pdfs.text(page, (100, 400), "alert words here", colour=RED)
    return pdfs.save(doc, path)


@settings(max_examples=10, deadline=None)
@given(lead=st.integers(1, 2), k=st.integers(1, 4), q=st.sampled_from(["What are the red words on page {n}?",
                                                                       "How many red words are on page {n}?"]))
def test_red_words_on_the_nth_page_with_content_are_a_doubt(tmp_path_factory, lead: int, k: int, q: str) -> None:
    """``lead`` blank sheets, then 5 pages with content; red words on the k-th of them (PDF k + lead):
    "page k" is kept, with a doubt there (before: widened on PDF page k)."""
    pdf = _file(tmp_path_factory.mktemp("blank") / "d.pdf", [True] * lead + [False] * 5, red_on=k + lead)
    d = pdfs.decide(pdf, q.format(n=k))
    assert d.decision != "widen", d.reason
    assert d.case == "unverifiable" and not d.members and [m.page for m in d.doubts] == [k + lead], d.reason


def test_the_second_page_of_a_file_with_a_blank_first_sheet(tmp_path: Path) -> None:
    d = pdfs.decide(_file(tmp_path / "d.pdf", [True] + [False] * 5, red_on=3), "What are the red words on the second page?")
    assert d.decision != "widen" and [m.page for m in d.doubts] == [3], d.reason


def test_nothing_red_still_widens(tmp_path: Path) -> None:
    """Control: a blank first sheet and nothing red: page 2 and the second page with content are both empty."""
    d = pdfs.decide(_file(tmp_path / "d.pdf", [True] + [False] * 5, red_on=None), "What are the red words on page 2?")
    assert d.decision == "widen", d.reason


def test_a_page_past_the_end_is_still_missing(tmp_path: Path) -> None:
    """Control: 6 pages, one blank: "page 9" exists under no reading, counted or not."""
    d = pdfs.decide(_file(tmp_path / "d.pdf", [True] + [False] * 5, red_on=None), "What are the red words on page 9?")
    assert d.decision == "keep" and d.case == "missing_container", d.reason


def test_page_exists_gives_the_counted_page_as_a_doubt(tmp_path: Path) -> None:
    pdf = _file(tmp_path / "d.pdf", [True] + [False] * 5, red_on=None)
    res = pdfs.probe(pdf, "page_exists", {"number": "2"})
    assert [m.page for m in res.members] == [2] and [m.page for m in res.doubts] == [3], res

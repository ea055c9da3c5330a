"""A page label that carries a page word before its number ("Page 9", "p. 9", "Slide 9", "Seite 9") is
that number: a viewer shows "Page 9" in its page box and a reader asks for "page 9". Before, only a bare
"9" was read, so "page 9" was measured on PDF page 9 alone and a thing on the page labelled "Page 9" was
missed (a false widening)."""

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
WORDS = ["Page ", "page ", "PAGE ", "p. ", "P. ", "Pg. ", "pp. ", "Slide ", "Seite ", "Page: "]


def _facts(labels: dict[int, str], n: int) -> DocumentFacts:
    pages = tuple(PageFacts(index=i, width=100, height=100, kind=PageKind.born_digital, label=labels.get(i)) for i in range(1, n + 1))
    return DocumentFacts(sha256="x", engine_version="t", page_count=n, pages=pages)


@settings(max_examples=60, deadline=None)
@given(word=st.sampled_from(WORDS), start=st.integers(2, 40), n=st.integers(3, 12), data=st.data())
def test_a_label_with_a_page_word_is_its_number(word: str, start: int, n: int, data) -> None:
    labels = {i: f"{word}{start + i - 1}" for i in range(1, n + 1)}
    at = data.draw(st.integers(1, n), label="page asked")
    f = _facts(labels, n)
    by = {t.reading: t.pages for t in resolve(f, str(start + at - 1))}
    assert by[Reading.label] == (at,)
    rng = {t.reading: t.pages for t in resolve_range(f, str(start + at - 1), str(start + n - 1))}
    assert rng[Reading.label] == tuple(range(at, n + 1))


def test_a_roman_label_with_a_page_word() -> None:
    f = _facts({i: f"Page {r}" for i, r in enumerate(["i", "ii", "iii", "iv"], 1)}, 4)
    assert {t.reading: t.pages for t in resolve(f, "iii")}[Reading.label] == (3,)


def test_a_letter_prefix_is_not_a_page_word() -> None:
    """Control: "A-9", "S9", "P9" name another numbering: no certain label reading of 9 (a doubtful one, elsewhere)."""
    f = _facts({1: "A-9", 2: "S9", 3: "P9", 4: "Page"}, 4)
    assert {t.reading: t.pages for t in resolve(f, "9")}[Reading.label] == ()


def _labelled(path: Path, word: str, first: int, n: int, red_on: int | None) -> Path:
    doc = pymupdf.open()
    for i in range(1, n + 1):
        page = doc.new_page()
        for k in range(6):
            pdfs.text(page, (72, 100 + 16 * k), LINE)
        if i == red_on:
            pdfs.text(page, (100, 400), "alert words here", colour=RED)
    doc.set_page_labels([{"startpage": 0, "prefix": word, "style": "D", "firstpagenum": first}])
    return pdfs.save(doc, path)


@settings(max_examples=8, deadline=None)
@given(word=st.sampled_from(["Page ", "Slide ", "p. "]), data=st.data())
def test_red_words_on_the_page_labelled_page_n_are_members(tmp_path_factory, word: str, data) -> None:
    """12 pages labelled "<word>5".."<word>16": "page 9" is PDF page 9 and the page labelled "<word>9" (PDF 5).
    Red words on PDF page 5: members (before: a widening measured on PDF page 9 alone)."""
    pdf = _labelled(tmp_path_factory.mktemp("lab") / "d.pdf", word, 5, 12, red_on=5)
    noun = "slide" if word.startswith("Slide") else "page"
    d = pdfs.decide(pdf, f"What are the red words on {noun} 9?")
    assert d.decision != "widen", d.reason
    assert d.case == "short_not_empty" and [m.page for m in d.members] == [5], d.reason


def test_nothing_red_still_widens(tmp_path: Path) -> None:
    """Control: nothing red anywhere: both readings of page 9 (PDF 9, label "Page 9" = PDF 5) are empty."""
    d = pdfs.decide(_labelled(tmp_path / "d.pdf", "Page ", 5, 12, red_on=None), "What are the red words on page 9?")
    assert d.decision == "widen", d.reason
    label = [t for t in d.check["readings_tried"] if t["reading"] == "label"]
    assert label and label[0]["pages"] == [5], d.check


def test_a_missing_page_with_page_word_labels_is_still_missing(tmp_path: Path) -> None:
    """Control: 5 pages labelled "Page 1".."Page 5", no folio: "page 9" exists under no reading."""
    d = pdfs.decide(_labelled(tmp_path / "d.pdf", "Page ", 1, 5, red_on=None), "What are the red words on page 9?")
    assert d.decision == "keep" and d.case == "missing_container", d.reason

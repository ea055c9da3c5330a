"""Folios set with tracking: the text layer splits letter-spaced digits into words ("1 3" for 13, from a letter
spacing of a sixth of an em), and each digit was read as a folio of its own. The page printing "13" was read as
printed "3", so "page 13" was checked on PDF page 13 alone and a photo on the page printed "13" was widened away.
PDFs built here; the truth is planted by construction."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import given, settings, strategies as st

import pdfs


def _deck(path: Path, pages: int, front: int, tracking: float, photo_on: tuple[int, ...] = ()) -> Path:
    """``pages`` report pages; from PDF page ``front`` + 1 on, a folio counting from 1 at the foot, each digit
    set ``tracking`` pt after the one before (letter-spaced); a photo on the pages ``photo_on``."""
    doc = pymupdf.open()
    for i in range(1, pages + 1):
        p = doc.new_page(width=595, height=842)
        p.insert_text((72, 60), "Programme review", fontsize=16)
        for k in range(5):
            p.insert_text((72, 90 + 14 * k), "The committee reviewed the annual programme and noted steady progress.", fontsize=10)
        if i in photo_on:
            p.insert_image(pymupdf.Rect(200, 300, 420, 450), pixmap=pdfs.photo(i))
        if i > front:
            x = 290.0
            for ch in str(i - front):
                p.insert_text((x, 812), ch, fontsize=9)
                x += pymupdf.get_text_length(ch, fontsize=9) + tracking
    return pdfs.save(doc, path)


def _printed(pdf: Path) -> dict[int, tuple[str, ...]]:
    from widening.facts.extract import load_doc

    doc = load_doc(pdf, ocr=False)
    try:
        return {p.index: p.printed for p in doc.facts.pages}
    finally:
        doc.close()


def test_a_photo_on_the_page_printed_13_in_tracked_digits_is_found(tmp_path: Path) -> None:
    pdf = _deck(tmp_path / "t.pdf", 24, front=4, tracking=1.5, photo_on=(17,))
    d = pdfs.decide(pdf, "How many photos are on page 13?")
    assert d.decision == "keep", d.reason
    assert any(m.page == 17 for m in (*d.members, *d.doubts)), d.reason


def test_a_range_reaches_the_pages_printed_in_tracked_digits(tmp_path: Path) -> None:
    pdf = _deck(tmp_path / "r.pdf", 24, front=4, tracking=2.0, photo_on=(17,))
    d = pdfs.decide(pdf, "How many photos are on pages 12-14?")
    assert d.decision == "keep", d.reason
    assert any(m.page == 17 for m in (*d.members, *d.doubts)), d.reason


def test_with_no_photo_the_tracked_page_is_looked_at_and_widens(tmp_path: Path) -> None:
    pdf = _deck(tmp_path / "n.pdf", 24, front=4, tracking=1.5)
    d = pdfs.decide(pdf, "How many photos are on page 13?")
    assert d.decision == "widen", d.reason
    assert {13, 17} <= {p for r in d.probes for p in r.pages}


def test_a_digit_of_a_tracked_folio_is_no_folio_of_its_own(tmp_path: Path) -> None:
    printed = _printed(_deck(tmp_path / "d.pdf", 24, front=4, tracking=1.5))
    assert printed[17] == ("13",) and printed[14] == ("10",)
    assert printed[5] == ("1",), "the digits of '1 0', '1 1', ... made the page printing '1' furniture"


@settings(max_examples=8)
@given(front=st.integers(min_value=0, max_value=6), tracking=st.sampled_from([1.2, 1.5, 2.0, 3.0, 4.0]),
       pages=st.integers(min_value=16, max_value=24))
def test_every_tracked_folio_is_read_whole(tmp_path_factory, front: int, tracking: float, pages: int) -> None:
    pdf = _deck(tmp_path_factory.mktemp("p") / "h.pdf", pages, front=front, tracking=tracking)
    printed = _printed(pdf)
    for i in range(front + 1, pages + 1):
        assert printed[i] == (str(i - front),), (i, printed[i])

"""Folios padded with zeros ("005", "009", "0012"), as designed reports print them: the folio reader took a
number of three digits or more opening with a zero for a code, so "page 9" was checked on PDF page 9 alone and a
photo on the page printed "009" was widened away. A code (the same padded number on every page) is still no
folio. PDFs built here; the truth is planted by construction."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

import pdfs


def _report(path: Path, foot, pages: int = 20, photo_on: tuple[int, ...] = ()) -> Path:
    """``pages`` report pages, ``foot(i)`` (or nothing, for None) printed at the foot of PDF page ``i``."""
    doc = pymupdf.open()
    for i in range(1, pages + 1):
        p = doc.new_page(width=595, height=842)
        p.insert_text((72, 60), "Programme review", fontsize=16)
        for k in range(5):
            p.insert_text((72, 90 + 14 * k), "The committee reviewed the annual programme and noted steady progress.", fontsize=10)
        if i in photo_on:
            p.insert_image(pymupdf.Rect(200, 300, 420, 450), pixmap=pdfs.photo(i))
        if (text := foot(i)) is not None:
            p.insert_text((288, 812), text, fontsize=9)
    return pdfs.save(doc, path)


def _printed(pdf: Path) -> dict[int, tuple[str, ...]]:
    from widening.facts.extract import load_doc

    doc = load_doc(pdf, ocr=False)
    try:
        return {p.index: p.printed for p in doc.facts.pages}
    finally:
        doc.close()


@pytest.mark.parametrize("width", [3, 4])
def test_a_photo_on_the_page_printed_009_is_found(tmp_path: Path, width: int) -> None:
    pdf = _report(tmp_path / "z.pdf", lambda i: f"{i - 4:0{width}d}" if i > 4 else None, photo_on=(13,))
    d = pdfs.decide(pdf, "How many photos are on page 9?")
    assert d.decision == "keep", d.reason
    assert any(m.page == 13 for m in (*d.members, *d.doubts)), d.reason


def test_with_no_photo_both_pages_are_looked_at_and_it_widens(tmp_path: Path) -> None:
    pdf = _report(tmp_path / "n.pdf", lambda i: f"{i - 4:03d}" if i > 4 else None)
    d = pdfs.decide(pdf, "How many photos are on page 9?")
    assert d.decision == "widen", d.reason
    assert {9, 13} <= {p for r in d.probes for p in r.pages}


def test_a_padded_code_on_every_page_is_no_folio(tmp_path: Path) -> None:
    printed = _printed(_report(tmp_path / "c.pdf", lambda i: "007"))
    assert not any(printed.values()), printed


@settings(max_examples=8)
@given(front=st.integers(min_value=0, max_value=6), width=st.sampled_from([3, 4]), pages=st.integers(min_value=8, max_value=20))
def test_every_padded_folio_is_read(tmp_path_factory, front: int, width: int, pages: int) -> None:
    pdf = _report(tmp_path_factory.mktemp("p") / "h.pdf", lambda i: f"{i - front:0{width}d}" if i > front else None, pages=pages)
    printed = _printed(pdf)
    for i in range(front + 1, pages + 1):
        assert printed[i] == (str(i - front),), (i, printed[i])

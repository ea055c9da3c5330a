"""Regions on a sheet that prints two pages side by side (two-up spread): "the top left of page 5"
is the top left of the printed page, not of the sheet (widening/facts/document.py)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from tests.pdfs import decide, new_doc, photo, save, text


def _spread(path: Path, plant=None) -> Path:
    """Three landscape sheets printing folios (2,3), (4,5), (6,7): printed page 5 is the right half of PDF page 2."""
    doc = new_doc(0)
    for s, (a, b) in enumerate([(2, 3), (4, 5), (6, 7)], 1):
        p = doc.new_page(width=1224, height=792)
        text(p, (72, 120), f"Body text of printed page {a}.")
        text(p, (684, 120), f"Body text of printed page {b}.")
        text(p, (300, 770), str(a), size=10)
        text(p, (918, 770), str(b), size=10)
        if plant and s == 2:
            plant(p)
    return save(doc, path)


def _picture_top_left_of_5(p: pymupdf.Page) -> None:
    p.insert_image(pymupdf.Rect(760, 150, 880, 250), pixmap=photo(3))  # top left of the right half


def _italic_top_right_of_4(p: pymupdf.Page) -> None:
    text(p, (400, 200), "Emphasised remark", font="heit")  # x 400-498 of the left half (0-612): its top right


def test_picture_in_top_left_of_right_hand_page_is_not_widened(tmp_path: Path) -> None:
    pdf = _spread(tmp_path / "spread_pic.pdf", _picture_top_left_of_5)
    d = decide(pdf, "How many pictures are in the top left of page 5?")
    assert d.decision != "widen", d.reason
    assert any(m.page == 2 for m in (*d.members, *d.doubts))


def test_member_outside_the_printed_pages_region_is_no_claim(tmp_path: Path) -> None:
    pdf = _spread(tmp_path / "spread_italic.pdf", _italic_top_right_of_4)
    d = decide(pdf, "How many italic words are in the top left of page 4?")
    assert d.case != "short_not_empty", d.reason
    assert d.decision != "widen"


@pytest.mark.parametrize("question", ["How many pictures are in the top left of page 5?", "How many italic words are in the top left of page 4?"])
def test_empty_spread_still_widens(tmp_path: Path, question: str) -> None:
    d = decide(_spread(tmp_path / "spread_empty.pdf"), question)
    assert d.decision == "widen", d.reason


def test_single_page_regions_unchanged(tmp_path: Path) -> None:
    from widening.facts.document import REGION_CORES, REGIONS, _part
    from widening.facts.extract import load_doc

    doc = new_doc(1)
    text(doc[0], (72, 72), "Plain page.")
    text(doc[0], (300, 770), "1", size=9)
    pdf = save(doc, tmp_path / "single.pdf")
    d = load_doc(pdf, ocr=False)
    try:
        rect = d.page(1).rect
        for name in REGIONS:
            assert d.region_rect(1, name) == _part(rect, REGIONS[name])
            assert d.region_core(1, name) == _part(rect, REGION_CORES[name])
    finally:
        d.close()

"""A chart drawn across the gutter of a two-page spread prints its caption under one half; the other half
is on the facing page, cut by the page's inner edge. ``side_cut_pages`` names that facing page, so that the
figure's scope takes it in (a red bar on the left half was widened away when only the caption's page was
looked at). A picture spanning the page's width (a banner, a background) names no neighbour. PDFs built here."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc
from widening.probes.captions import side_cut_pages

W, H = 595.0, 842.0


def _spread(path: Path, start: float, width: float, left_page: int, pages: int = 4) -> Path:
    """A chart from x=``start`` on page ``left_page`` (1-based) running ``width`` pt to the right, across the
    gutter onto the next page when it passes the page's width."""
    doc = pymupdf.open()
    for _ in range(pages):
        doc.new_page(width=W, height=H).insert_text((72, 80), "Body text of the report.", fontsize=11)
    for k in (0, 1):
        page = doc[left_page - 1 + k]
        off = -W * k
        rect = pymupdf.Rect(start + off, 200, start + width + off, 560) & page.rect
        if not rect.is_empty:
            page.draw_rect(rect, color=None, fill=(0.2, 0.3, 0.8))
    doc[left_page].insert_text((72, 600), "Figure 3: Revenue by month", fontsize=10)
    doc.save(path)
    return path


@given(start=st.floats(10, 500), over=st.floats(20, 400), left_page=st.integers(1, 3))
@settings(max_examples=20, deadline=None)
def test_a_chart_across_the_gutter_names_the_facing_page(tmp_path_factory, start: float, over: float, left_page: int) -> None:
    width = (W - start) + over  # runs ``over`` pt onto the right-hand page
    d = load_doc(_spread(tmp_path_factory.mktemp("s") / "s.pdf", start, width, left_page), ocr=False)
    try:
        assert side_cut_pages(d, (left_page + 1,)) == (left_page,)
        assert side_cut_pages(d, (left_page,)) == (left_page + 1,)
    finally:
        d.close()


@pytest.mark.parametrize("start, width", [(72, 300), (0, W)])
def test_a_picture_inside_the_page_or_across_its_width_names_no_neighbour(tmp_path: Path, start: float, width: float) -> None:
    d = load_doc(_spread(tmp_path / "s.pdf", start, width, 2), ocr=False)
    try:
        assert side_cut_pages(d, (2,)) == ()
    finally:
        d.close()


def test_the_first_and_last_pages_have_no_facing_page_beyond_the_document(tmp_path: Path) -> None:
    doc = pymupdf.open()
    for _ in range(2):
        doc.new_page(width=W, height=H)
    doc[0].draw_rect(pymupdf.Rect(0, 200, 300, 500), color=None, fill=(0.2, 0.3, 0.8))
    doc[1].draw_rect(pymupdf.Rect(300, 200, W, 500), color=None, fill=(0.2, 0.3, 0.8))
    doc.save(tmp_path / "e.pdf")
    d = load_doc(tmp_path / "e.pdf", ocr=False)
    try:
        assert side_cut_pages(d, (1,)) == () and side_cut_pages(d, (2,)) == ()
    finally:
        d.close()

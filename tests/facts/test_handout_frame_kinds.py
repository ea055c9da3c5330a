"""Handout slide frames drawn other ways than one rectangle path: rounded corners (lines joined by corner
curves) and four sides drawn as strokes of their own. Either is a slide frame (facts/handouts.py ``_boxes``):
unseen, "slide 2" of a six-up handout was looked for on PDF page 2 only (slides 7-12) and a red bar on the
slide widened, and the last slide of an unnumbered handout was claimed a missing container."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pdfs
from widening.facts.extract import load_doc
from widening.facts.handouts import handout_counts, slide_pages

RED = (0.9, 0.05, 0.05)
LAYOUTS = {2: (1, 2), 3: (1, 3), 4: (2, 2), 6: (2, 3), 9: (3, 3)}


def _frame(page: pymupdf.Page, r: pymupdf.Rect, kind: str) -> None:
    if kind == "round":
        page.draw_rect(r, color=(0, 0, 0), width=0.8, radius=0.05)
    elif kind == "sides":
        for a, b in ((r.tl, r.tr), (r.tr, r.br), (r.br, r.bl), (r.bl, r.tl)):
            page.draw_line(a, b, color=(0, 0, 0), width=0.8)
    else:  # sides as thin filled bars, as some exporters draw rules
        t = 0.8
        for bar in ((r.x0, r.y0, r.x1, r.y0 + t), (r.x0, r.y1 - t, r.x1, r.y1), (r.x0, r.y0, r.x0 + t, r.y1), (r.x1 - t, r.y0, r.x1, r.y1)):
            page.draw_rect(bar, color=None, fill=(0, 0, 0))


def handout(path: Path, slides: int, per: int, kind: str, red_on: int | None) -> Path:
    """``slides`` unnumbered slides printed ``per`` to a portrait page in frames of ``kind``; a red bar on slide ``red_on``."""
    doc = pymupdf.open()
    cols, rows = LAYOUTS[per]
    cell_w, cell_h = 535 / cols, 782 / rows
    w = min(cell_w - 16, (cell_h - 16) * 16 / 9)
    h = w * 9 / 16
    for n in range(1, slides + 1):
        k = (n - 1) % per
        if k == 0:
            page = doc.new_page(width=595, height=842)
        x0, y0 = 30 + (k % cols) * cell_w, 30 + (k // cols) * cell_h
        r = pymupdf.Rect(x0, y0, x0 + w, y0 + h)
        _frame(page, r, kind)
        page.insert_text((r.x0 + 0.04 * w, r.y0 + 0.16 * h), f"Topic {n}: market overview", fontsize=max(w / 24, 5))
        if n == red_on:
            page.draw_rect(pymupdf.Rect(r.x0 + 0.58 * w, r.y0 + 0.48 * h, r.x0 + 0.92 * w, r.y0 + 0.6 * h), color=None, fill=RED)
    return pdfs.save(doc, path)


def _page_of(per: int, n: int) -> int:
    return (n - 1) // per + 1


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(per=st.sampled_from([2, 3, 4, 6, 9]), kind=st.sampled_from(["round", "sides", "bars"]), extra=st.integers(1, 3), data=st.data())
def test_a_rounded_or_four_sided_frame_is_a_slide_frame(tmp_path_factory, per, kind, extra, data):
    slides = per * 2 + extra
    doc = load_doc(handout(tmp_path_factory.mktemp("h") / "h.pdf", slides, per, kind, None), ocr=False)
    try:
        counts = handout_counts(doc)
        n = data.draw(st.integers(1, slides))
        assert counts[0] == per and _page_of(per, n) in slide_pages(counts, n), counts
    finally:
        doc.close()


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(["round", "sides"]), red_on=st.sampled_from([2, 3, 5]))
def test_a_red_bar_on_a_slide_of_a_six_up_handout_is_not_widened_away(tmp_path_factory, kind, red_on):
    """Regression: "slide 2" was looked for on PDF page 2 (slides 7-12) only, and widened."""
    path = handout(tmp_path_factory.mktemp("h") / "h.pdf", 18, 6, kind, red_on)
    d = pdfs.decide(path, f"How many red bars are on slide {red_on}?")
    assert d.decision != "widen", d.reason


def test_the_last_slide_of_an_unnumbered_handout_is_no_missing_container(tmp_path):
    """Regression: slide 17 of 18 six to a page (three PDF pages) was claimed missing."""
    d = pdfs.decide(handout(tmp_path / "h.pdf", 18, 6, "sides", 17), "How many red bars are on slide 17?")
    assert d.case != "missing_container" and d.decision != "widen", d.reason


def test_control_a_slide_past_the_handout_is_missing(tmp_path):
    d = pdfs.decide(handout(tmp_path / "h.pdf", 18, 6, "round", 17), "How many red bars are on slide 40?")
    assert d.case == "missing_container", d.reason


def test_control_ellipses_and_ruled_tables_make_no_handout(tmp_path):
    """An ellipse's curves span half of it (no rounded corner); a ruled table's rulings run past its cells'
    corners, so its cells are no boxes, only its border is (one table a page, as a report prints it)."""
    d = pdfs.new_doc(4, 595, 842)
    for page in d:
        for top in (60, 420):
            page.draw_oval(pymupdf.Rect(60, top, 460, top + 260), color=(0, 0, 0))
        # Four cells of slide shape (150 x 100), and the table itself (300 x 200): one box, its border.
        pdfs.table(page, (60, 330), ["A", "B"], [["1", "2"]], col_w=150, row_h=100)
    doc = load_doc(pdfs.save(d, tmp_path / "r.pdf"), ocr=False)
    try:
        assert not any(handout_counts(doc))
    finally:
        doc.close()

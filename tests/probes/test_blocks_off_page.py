"""Drawings outside what a page shows (its CropBox, or past its MediaBox) are no vector blocks, and a drawing
reaching past the edge is measured by what shows.

MuPDF clips a cropped page's content to the CropBox, and ``blocks._cut`` squashed a drawing wholly outside that
clip into a box of no size on its edge: a chart nobody sees was a doubt ("a rule"), and the row was kept. On a
page with no CropBox nothing clipped a drawing running past the MediaBox: a chart shown 30 pt tall passed the
size test by its unseen 120 pt and was a member; a chart wholly below the page was one too.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from pdfs import bar_chart, decide, probe, text

COLOURS = [(1, 0, 0), (0, 0, 1), (0, 0.6, 0), (1, 0.5, 0)]
Q = "How many charts are on page 2?"


def _page_with_chart(path: Path, base: float | None, crop_to: float | None = None) -> Path:
    """Two 612x792 pages; page 2 has body text and, when ``base`` is given, a bar chart whose axis lies at y=``base``
    (bars 60 to 120 pt tall above it); ``crop_to``: a CropBox keeping the page's top ``crop_to`` pt."""
    doc = pymupdf.open()
    text(doc.new_page(width=612, height=792), (72, 72), "Intro page.")
    page = doc.new_page(width=612, height=792)
    text(page, (72, 72), "Results are summarised below.")
    for y in range(100, 380, 20):
        text(page, (72, y), "Plain body text line about the survey results and methods.")
    if base is not None:
        bar_chart(page, (100, base), [30, 50, 40, 60], COLOURS)
    if crop_to is not None:
        page.set_cropbox(pymupdf.Rect(0, 0, 612, crop_to))
    doc.save(path)
    doc.close()
    return path


@pytest.mark.parametrize("name,params", [("graphics", {"kind": "chart"}), ("vector_blocks", {"kind": "diagram"})])
@pytest.mark.parametrize("base,crop_to", [(700, 400), (1000, None)])
def test_a_chart_wholly_outside_what_the_page_shows_is_no_block(tmp_path, name, params, base, crop_to):
    pdf = _page_with_chart(tmp_path / "p.pdf", base, crop_to)
    r = probe(pdf, name, params, pages=(2,))
    assert not r.members and not r.doubts, ([m.what for m in r.members], [(m.bbox, m.why) for m in r.doubts])
    control = probe(_page_with_chart(tmp_path / "c.pdf", None, crop_to), name, params, pages=(2,))
    assert not control.members and not control.doubts
    assert decide(pdf, Q).decision == decide(tmp_path / "c.pdf", Q).decision == "widen"


@pytest.mark.parametrize("name,params", [("graphics", {"kind": "chart"}), ("vector_blocks", {"kind": "diagram"})])
def test_a_chart_running_past_the_page_is_measured_by_what_shows(tmp_path, name, params):
    # The axis at y=880, 88 pt below the page: the bars show 8 to 32 pt tall, under the 40 pt a member needs.
    r = probe(_page_with_chart(tmp_path / "p.pdf", 880), name, params, pages=(2,))
    assert not r.members, [m.what for m in r.members]
    assert r.doubts and all(pymupdf.Rect(d.bbox) in pymupdf.Rect(0, 0, 612, 792) for d in r.doubts)
    assert decide(tmp_path / "p.pdf", Q).decision == "keep"
    # Control: the same chart wholly on the page is a member, cut or not by a CropBox that holds it.
    for crop_to in (None, 780):
        shown = probe(_page_with_chart(tmp_path / f"on{crop_to}.pdf", 760, crop_to), name, params, pages=(2,))
        assert len(shown.members) == 1, ([m.what for m in shown.members], [d.why for d in shown.doubts])


def test_a_bar_cut_to_a_sliver_by_the_page_edge_is_never_set_aside_as_a_rule(tmp_path):
    # One thick bar, its top 1.5 pt on the page: it shows as a thin line, but is a bar cut by the edge.
    doc = pymupdf.open()
    text(doc.new_page(width=612, height=792), (72, 72), "Intro page.")
    page = doc.new_page(width=612, height=792)
    text(page, (72, 72), "Results are summarised below.")
    page.draw_rect(pymupdf.Rect(200, 790.5, 300, 900), color=None, fill=(0, 0, 1))
    doc.save(tmp_path / "p.pdf")
    r = probe(tmp_path / "p.pdf", "graphics", {"kind": "chart"}, pages=(2,))
    assert not r.members and len(r.doubts) == 1, ([m.what for m in r.members], r.doubts)
    assert decide(tmp_path / "p.pdf", Q).decision == "keep"

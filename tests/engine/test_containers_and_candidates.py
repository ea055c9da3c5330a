"""Issue 10: captioned containers (Figure N / Table N) as a check's scope, and short_not_empty
only on members of the asked set; PDFs built by code, truth known by construction."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pymupdf

from widening.engine.decide import decide_row
from widening.facts.extract import load_doc as _load_doc
from widening.models import Row

load_doc = partial(_load_doc, ocr=False)
RED = (0.9, 0.1, 0.1)
BLUE = (0.1, 0.3, 0.8)


def _doc(path: Path, build) -> Path:
    doc = pymupdf.open()
    for i in range(3):
        page = doc.new_page(width=400, height=500)
        page.insert_text((50, 60), f"Body text of page {i + 1}.", fontname="helv", fontsize=11)
    build(doc)
    doc.save(path)
    doc.close()
    return path


def _decide(path: Path, q: str):
    doc = load_doc(path)
    try:
        return decide_row(Row(doc_id="fixture.pdf", question=q, answer="Not answerable"), doc)
    finally:
        doc.close()


def _bars(page: pymupdf.Page, colours, heights=(120, 80, 100)) -> None:
    for i, (c, h) in enumerate(zip(colours, heights)):
        page.draw_rect((80 + 40 * i, 300 - h, 110 + 40 * i, 300), color=None, fill=c)
    page.draw_line((70, 300), (220, 300), width=0.8)


def test_figure_caption_scopes_a_colour_bar_check(tmp_path: Path) -> None:
    """'Figure 2' is the page that carries its caption: a red bar there keeps the row; none widens."""
    def red(doc):
        _bars(doc[1], [BLUE, RED, BLUE])
        doc[1].insert_text((80, 330), "Figure 2: Sales by region", fontname="helv", fontsize=10)

    def blue(doc):
        _bars(doc[1], [BLUE, BLUE, BLUE])
        _bars(doc[2], [RED, RED, RED])  # red bars on another page: outside the figure's page
        doc[1].insert_text((80, 330), "Figure 2: Sales by region", fontname="helv", fontsize=10)

    q = "How many red bars are there in Figure 2?"
    kept = _decide(_doc(tmp_path / "r.pdf", red), q)
    assert kept.decision == "keep" and kept.check["probe"] == "colour_regions" and "not delimited" in kept.check["scope_note"]
    assert kept.case == "unverifiable" and "candidates of" in kept.reason  # a red elongated region is a candidate bar
    widened = _decide(_doc(tmp_path / "b.pdf", blue), q)
    assert widened.decision == "widen" and widened.members == () and widened.doubts == ()
    assert {p for r in widened.probes if r.probe == "colour_regions" for p in r.pages} == {2}


def test_short_wide_red_bar_in_a_figure_is_never_widened(tmp_path: Path) -> None:
    """The motivating failure: a short, wide red bar (70 x 41 pt) in a chart; the row must not widen."""
    def build(doc):
        _bars(doc[1], [BLUE, BLUE])
        doc[1].draw_rect((200, 259, 270, 300), color=None, fill=RED)
        doc[1].insert_text((80, 330), "Figure 2: Sales by region", fontname="helv", fontsize=10)

    d = _decide(_doc(tmp_path / "s.pdf", build), "How many red bars are there in Figure 2?")
    assert d.decision == "keep" and d.case == "unverifiable" and d.doubts


def test_missing_figure_is_a_missing_container(tmp_path: Path) -> None:
    def build(doc):
        doc[1].insert_text((80, 330), "Figure 2: Sales by region", fontname="helv", fontsize=10)

    d = _decide(_doc(tmp_path / "m.pdf", build), "How many red bars are there in Figure 7?")
    assert d.case == "missing_container"


def test_caption_at_the_top_also_scopes_the_previous_page(tmp_path: Path) -> None:
    """A caption at the top of a page may caption the figure at the bottom of the page before it."""
    def build(doc):
        doc[0].draw_rect((80, 380, 300, 480), color=None, fill=RED)  # the figure, at the bottom of p1
        doc[1].insert_text((80, 30), "Figure 1: A red block", fontname="helv", fontsize=10)  # its caption, top of p2

    d = _decide(_doc(tmp_path / "t.pdf", build), "What is the title of the chart in Figure 1?")
    assert d.decision == "keep"
    assert {p for r in d.probes if r.probe == "graphics" for p in r.pages} == {1, 2}


def test_graphics_members_are_candidates_not_a_short_set(tmp_path: Path) -> None:
    """Regression (issue 10): any graphic found for 'a picture of <topic>' made the row short_not_empty."""
    def build(doc):
        pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 60, 40), False)
        pix.set_rect(pix.irect, (30, 120, 200))
        doc[1].insert_image(pymupdf.Rect(60, 100, 300, 260), pixmap=pix)

    d = _decide(_doc(tmp_path / "g.pdf", build), "What is the title of the chart on page 2?")
    assert d.decision == "keep" and d.case == "unverifiable"
    assert d.reason.startswith("1 candidates of graphics of any subject") and "not classified" in d.reason
    assert len(d.members) == 1 and d.members[0].page == 2


def test_short_not_empty_names_its_members(tmp_path: Path) -> None:
    """An exact check (italic yellow spans) with a member: short_not_empty, and the reason says where."""
    def build(doc):
        doc[1].insert_text((50, 140), "an italic remark", fontname="tiit", fontsize=11, color=(1.0, 0.85, 0.0))

    d = _decide(_doc(tmp_path / "y.pdf", build), "What is the yellow color italic texts in page 2?")
    assert d.case == "short_not_empty"
    assert "Members: p2 [" in d.reason and "an italic remark" in d.reason


def test_a_caption_the_reader_did_not_take_makes_the_figure_uncertain_not_missing(tmp_path: Path) -> None:
    """OCR of a scanned paper prints "FIG . 2 ." and "Figs. 1 , 2, 3": figures 1-3 may exist, so no
    missing_container; a figure no line mentions in any spacing is still missing."""
    def build(doc: pymupdf.Document) -> None:
        doc[0].insert_text((50, 100), "The gashes are shown in Figs. 1 , 2, 3, and described below.", fontsize=10)
        doc[1].insert_text((50, 300), "FIG . 2 . Breccia gash in the cliff face.", fontsize=10)

    pdf = _doc(tmp_path / "scan.pdf", build)
    for n in (1, 2, 3):
        d = _decide(pdf, f"What is the title of the Figure {n}?")
        assert d.case != "missing_container", d.reason
    d = _decide(pdf, "Among figure 1-4, how many figures show more than one gash?")
    assert d.case != "missing_container", d.reason
    assert _decide(pdf, "What is the title of the Figure 7?").case == "missing_container"

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


def test_a_figure_printed_in_another_form_is_never_a_missing_container(tmp_path: Path) -> None:
    """Regression (review of the probes): "TABLE IV", "Figure 2—1", "F I G U R E 7" and "Exhibit 8"
    read as no such table or figure, so the row was a missing_container the page refutes."""
    lines = {"Table 4": "TABLE IV  Results on the test set", "Figure 2-1": "Figure 2\u20141 Flow chart",
             "Figure 7": "F I G U R E  7   Revenue by region", "Chart 8": "Exhibit 8: Revenue by region"}

    def build(doc):
        for i, line in enumerate(lines.values()):
            writer = pymupdf.TextWriter(doc[i % 3].rect)
            writer.append((50, 200 + 40 * i), line, font=pymupdf.Font("cjk"), fontsize=10)  # has the em dash
            writer.write_text(doc[i % 3])

    pdf = _doc(tmp_path / "forms.pdf", build)
    for name in lines:
        d = _decide(pdf, f"What is the title of {name}?")
        assert d.case != "missing_container", (name, d.reason)
    assert _decide(pdf, "What is the title of Table 9?").case == "missing_container"


def test_a_figure_numbered_within_a_chapter_is_not_a_missing_container(tmp_path: Path) -> None:
    """Found trying new questions: captions "Figure 2.7", "Figure 2.8" and a question about "Figure 7" was a
    missing_container, though the writer may have dropped the chapter or counted the captions. Those pages
    are a doubtful reading; a number no caption ends with or counts to is still missing."""
    def build(doc):
        doc[1].insert_text((50, 200), "Figure 2.7: Results by year.", fontsize=10)
        doc[2].insert_text((50, 200), "Figure 2.8: Results by region.", fontsize=10)

    pdf = _doc(tmp_path / "chapters.pdf", build)
    for n in (7, 8, 1, 2):  # 7 and 8 end a caption's number; 1 and 2 count to a caption
        d = _decide(pdf, f"What is the title of Figure {n}?")
        assert d.case != "missing_container", (n, d.reason)
    d = _decide(pdf, "What is the title of Figure 9?")
    assert d.case == "missing_container", d.reason


def test_a_figure_whose_caption_is_in_its_pixels_is_not_a_missing_container(tmp_path: Path) -> None:
    def build(doc):
        src = pymupdf.open()
        sp = src.new_page(width=400, height=300)
        sp.draw_rect(pymupdf.Rect(40, 20, 360, 220), color=(0, 0, 0), fill=(0.8, 0.8, 0.9))
        sp.insert_text((40, 260), "Figure 10: Sales by region, 2019", fontsize=16)
        doc[1].insert_image(pymupdf.Rect(50, 100, 350, 325), pixmap=sp.get_pixmap(dpi=150))

    pdf = _doc(tmp_path / "pic.pdf", build)
    assert _decide(pdf, "What is the title of Figure 10?").case != "missing_container"
    assert _decide(pdf, "What is the title of Figure 11?").case == "missing_container"


def _folio_doc(path: Path, folio) -> Path:
    doc = pymupdf.open()
    for k in range(1, 9):
        page = doc.new_page(width=612, height=792)
        page.insert_text((72, 100), "Body text of the chapter continues here.", fontsize=11)
        if (text := folio(k)) is not None:
            page.insert_text((300, 760), text, fontsize=10)
    doc.save(path)
    doc.close()
    return path


def test_a_folio_with_a_closing_period_is_a_printed_page(tmp_path: Path) -> None:
    """Regression (review of the probes): folios printed "43." were no candidates, so "page 43" of
    an excerpt printed 40-47 read as a page no reading finds."""
    pdf = _folio_doc(tmp_path / "dot.pdf", lambda k: f"{39 + k}.")
    assert [p.printed for p in load_doc(pdf).facts.pages][3] == ("43",)
    assert _decide(pdf, "How many charts are on page 43?").case != "missing_container"
    assert _decide(pdf, "How many charts are on page 60?").case == "missing_container"


def test_a_page_a_folio_run_passes_over_is_not_a_missing_container(tmp_path: Path) -> None:
    """A landscape table prints its folio "105" rotated in the side margin, where the folio reader
    does not look; "104" and "106" on either side say the page may be 105."""
    pdf = _folio_doc(tmp_path / "gap.pdf", lambda k: None if k == 5 else str(100 + k))
    d = _decide(pdf, "How many charts are on page 105?")
    assert d.case != "missing_container" and d.decision == "keep", d.reason
    assert _decide(pdf, "How many charts are on page 120?").case == "missing_container"

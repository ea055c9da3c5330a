"""Hunt 18: a numbered figure resolved to a page that is not the figure's (a false widening when the
check then looks there). Each planted figure (red bars) has a control of the same shape whose figure
has no red bar and still widens. PDFs built here."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

import pdfs

RED, BLUE = (1, 0, 0), (0, 0, 1)
QUESTION = "What is the value of the red bar in Figure 3?"


def _pages(n: int) -> pymupdf.Document:
    doc = pymupdf.open()
    for i in range(1, n + 1):
        p = doc.new_page(width=595, height=842)
        p.insert_text((72, 60), f"Section {i}", fontsize=16)
        p.insert_text((72, 90), "The committee reviewed the programme.", fontsize=10)
        p.insert_text((290, 820), str(i), fontsize=9)
    return doc


def _pictured_chart(colour, caption: str) -> pymupdf.Pixmap:
    """A bar chart pasted in as a picture, its caption in the picture's pixels only."""
    d = pymupdf.open()
    p = d.new_page(width=300, height=220)
    pdfs.bar_chart(p, (40, 160), (60, 40, 50, 25), [colour] * 4, bar_w=30)
    p.insert_text((40, 200), caption, fontsize=14)
    return p.get_pixmap(dpi=200)


def _list_of_figures(path: Path, colour, leaders: bool) -> Path:
    """p2 lists the figures ("Figure 3: Sales by region ........ 4"); the figure itself is a picture on p4
    whose caption is in its pixels: the list's entry is the only caption in the text layer."""
    doc = _pages(5)
    p = doc[1]
    p.insert_text((72, 300), "List of Figures", fontsize=14)
    for k, (t, pg) in enumerate((("Figure 1: Staff", "3"), ("Figure 2: Costs", "3"), ("Figure 3: Sales by region", "4"))):
        if leaders:
            p.insert_text((72, 330 + 16 * k), f"{t} ........ {pg}", fontsize=10)
        else:
            p.insert_text((72, 330 + 16 * k), t, fontsize=10)
            p.insert_text((400, 330 + 16 * k), pg, fontsize=10)
    doc[3].insert_image(pymupdf.Rect(150, 300, 450, 520), pixmap=_pictured_chart(colour, "Figure 3: Sales by region"))
    return pdfs.save(doc, path)


def _caption_after_chart(path: Path, colour) -> Path:
    """A chart at the foot of p2; its caption on p3, below the page's opening text, on a page with no picture."""
    doc = _pages(4)
    pdfs.bar_chart(doc[1], (150, 780), (60, 40, 50, 25), [colour] * 4, bar_w=30)
    doc[2].insert_text((150, 260), "Figure 3: Sales by region", fontsize=10)
    return pdfs.save(doc, path)


def _caption_above_pushed_over(path: Path, colour) -> Path:
    """Captions set above their figures. p2: Figure 2 (blue) and body text, then the caption of Figure 3 as
    the page's last line; the chart of Figure 3 was pushed to the top of p3."""
    doc = _pages(4)
    p = doc[1]
    p.insert_text((150, 120), "Figure 2: Staff numbers", fontsize=10)
    pdfs.bar_chart(p, (150, 300), (60, 40, 50, 25), [BLUE] * 4, bar_w=30)
    for k in range(8):
        p.insert_text((72, 360 + 16 * k), "Staff numbers grew in every region over the year under review.", fontsize=10)
    p.insert_text((150, 600), "Figure 3: Sales by region", fontsize=10)
    pdfs.bar_chart(doc[2], (150, 300), (60, 40, 50, 25), [colour] * 4, bar_w=30)
    return pdfs.save(doc, path)


BUILDERS = {
    "list_of_figures_leaders": lambda path, colour: _list_of_figures(path, colour, leaders=True),
    "list_of_figures_tab": lambda path, colour: _list_of_figures(path, colour, leaders=False),
    "caption_after_chart": _caption_after_chart,
    "caption_above_pushed_over": _caption_above_pushed_over,
}


@pytest.mark.parametrize("shape", sorted(BUILDERS))
def test_a_figure_away_from_its_read_caption_is_looked_at(tmp_path: Path, shape: str) -> None:
    d = pdfs.decide(BUILDERS[shape](tmp_path / f"{shape}.pdf", RED), QUESTION)
    assert d.decision == "keep", (shape, d.reason)
    assert d.case not in ("missing_container",), d.reason


@pytest.mark.parametrize("shape", sorted(BUILDERS))
def test_control_a_figure_without_red_still_widens(tmp_path: Path, shape: str) -> None:
    d = pdfs.decide(BUILDERS[shape](tmp_path / f"{shape}.pdf", BLUE), QUESTION)
    assert d.decision == "widen", (shape, d.reason)


def test_listed_page_reads_leaders_only() -> None:
    from widening.facts.captions import listed_page

    assert listed_page("Figure 3: Sales by region ........ 4") == "4"
    assert listed_page("Table 2 . . . . 17") == "17"
    assert listed_page("Fig. 5 \u2026\u2026 iv") == "iv"
    assert listed_page("Figure 3: Sales by region") is None
    assert listed_page("Figure 3: values 1.5, 2.5 and 3.5") is None

"""Held-out caption scopes (hunt, area captions): body text wrapped so that "Figure 10, which ..." opens a
line reads like a caption; when every line read as Figure 10's caption may be such a reference, the
figure's own caption may be one the reader did not take (letter-spaced, in a picture's pixels), and
a find on that page must keep the row. PDFs built here; truth planted by construction."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

import pdfs

RED = (0.9, 0.1, 0.1)
BLUE = (0.1, 0.3, 0.8)
QUESTION = "How many red bars are there in Figure 10?"


def _bars(page: pymupdf.Page, colours) -> None:
    for i, (c, h) in enumerate(zip(colours, (120, 80, 100))):
        page.draw_rect((80 + 40 * i, 300 - h, 110 + 40 * i, 300), color=None, fill=c)
    page.draw_line((70, 300), (220, 300), width=0.8)


def _spaced(page: pymupdf.Page, at: tuple[float, float], s: str, gap: float = 3.0) -> None:
    x, y = at
    for ch in s:
        page.insert_text((x, y), ch, fontsize=10)
        x += pymupdf.get_text_length(ch, fontsize=10) + gap


def _doc(path: Path, caption: str, middle: str) -> Path:
    """Five pages; p1 body text whose wrapped line opens with "Figure 10,"; p4 the figure (bars with a
    ``middle`` bar) and its ``caption``: "plain", "spaced" (letter-spaced) or "picture" (in pixels)."""
    doc = pymupdf.open()
    for i in range(5):
        page = doc.new_page(width=400, height=500)
        page.insert_text((50, 60), f"Body text of page {i + 1}.", fontsize=11)
    doc[0].insert_text((50, 240), "Sales rose in every office over the year, as seen in", fontsize=10)
    doc[0].insert_text((50, 254), "Figure 10, which the board reviewed in March.", fontsize=10)
    page = doc[3]
    _bars(page, [BLUE, RED if middle == "red" else BLUE, BLUE])
    text = "Figure 10: Sales by region"
    if caption == "plain":
        page.insert_text((80, 330), text, fontsize=10)
    elif caption == "spaced":
        _spaced(page, (80, 330), text)
    else:
        src = pymupdf.open()
        sp = src.new_page(width=200, height=20)
        sp.insert_text((2, 14), text, fontsize=11)
        page.insert_image(pymupdf.Rect(80, 315, 280, 335), pixmap=sp.get_pixmap(dpi=300))
    return pdfs.save(doc, path)


@pytest.mark.parametrize("caption", ["spaced", "picture"])
def test_a_reference_read_as_a_caption_does_not_hide_the_figure(tmp_path: Path, caption: str) -> None:
    d = pdfs.decide(_doc(tmp_path / "r.pdf", caption, "red"), QUESTION)
    assert d.decision == "keep", d.reason
    assert any(m.page == 4 for m in (*d.members, *d.doubts)), d.reason


@pytest.mark.parametrize("caption", ["plain", "spaced", "picture"])
def test_with_no_red_bar_anywhere_the_figure_still_widens(tmp_path: Path, caption: str) -> None:
    d = pdfs.decide(_doc(tmp_path / "b.pdf", caption, "blue"), QUESTION)
    assert d.decision == "widen", d.reason
    assert 4 in {p for r in d.probes for p in r.pages}


def test_a_plain_caption_beside_the_reference_keeps_its_red_bar(tmp_path: Path) -> None:
    d = pdfs.decide(_doc(tmp_path / "p.pdf", "plain", "red"), QUESTION)
    assert d.decision == "keep" and any(m.page == 4 for m in d.members), d.reason

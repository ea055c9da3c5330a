"""Held-out caption and folio forms (hunt, area captions): a letter-spaced caption ("F i g u r e  1 0", each
glyph its own word) is no missing figure, and a folio framed by marks the reader did not know ("· 9 ·",
"#9", "• 9 •") is still a printed reading of its page. PDFs built here; truth planted by construction."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pdfs

LINE = "The committee reviewed the annual programme and noted steady progress across all offices."
GOLD = (1, 0.85, 0)


def _spaced(page: pymupdf.Page, at: tuple[float, float], s: str, gap: float) -> None:
    """``s`` set glyph by glyph, ``gap`` points of tracking between glyphs."""
    x, y = at
    for ch in s:
        page.insert_text((x, y), ch, fontsize=10)
        x += pymupdf.get_text_length(ch, fontsize=10) + gap


def _tracked_caption_doc(path: Path, caption: str, gap: float) -> Path:
    doc = pymupdf.open()
    for _ in range(3):
        page = doc.new_page(width=595, height=842)
        for k in range(4):
            page.insert_text((72, 72 + 16 * k), LINE, fontsize=11)
    doc[1].draw_rect(pymupdf.Rect(72, 150, 372, 350), color=(0, 0, 0), fill=(0.3, 0.5, 0.8))
    _spaced(doc[1], (72, 380), caption, gap)
    return pdfs.save(doc, path)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(number=st.integers(10, 99), gap=st.floats(2.6, 4.0))
def test_a_letter_spaced_caption_is_no_missing_figure(tmp_path: Path, number: int, gap: float) -> None:
    pdf = _tracked_caption_doc(tmp_path / f"t{number}.pdf", f"Figure {number}: Revenue by region", gap)
    d = pdfs.decide(pdf, f"What is the title of Figure {number}?")
    assert d.case != "missing_container", d.reason


def test_a_letter_spaced_caption_of_another_number_leaves_the_figure_missing(tmp_path: Path) -> None:
    pdf = _tracked_caption_doc(tmp_path / "o.pdf", "Figure 9: Revenue by region", 3.0)
    d = pdfs.decide(pdf, "What is the title of Figure 10?")
    assert d.case == "missing_container", d.reason


def _framed_folio_doc(path: Path, frame: str, gold_on: int | None) -> Path:
    """14 pages, folio ``frame`` (with {f}) at the foot from PDF page 4 on (printed 9 = PDF page 12)."""
    doc = pymupdf.open()
    for i in range(1, 15):
        page = doc.new_page(width=595, height=842)
        for k in range(5):
            page.insert_text((72, 100 + 16 * k), f"Ordinary body text line {k} on this sheet of the report.", fontsize=11)
        if i > 3:
            page.insert_text((280, 812), frame.format(f=i - 3), fontsize=9)
    if gold_on:
        doc[gold_on - 1].insert_text((72, 300), "golden words here", fontname="tiit", fontsize=11, color=GOLD)
    return pdfs.save(doc, path)


QUESTION = "What is the yellow color italic texts in page 9?"


@pytest.mark.parametrize("frame", ["\u00b7 {f} \u00b7", "#{f}", "\u2022 {f} \u2022", "| {f} |", "< {f} >", "\u00ab {f} \u00bb"])
def test_a_framed_folio_is_a_printed_reading_of_its_page(tmp_path: Path, frame: str) -> None:
    pdf = _framed_folio_doc(tmp_path / "f.pdf", frame, gold_on=12)
    d = pdfs.decide(pdf, QUESTION)
    assert d.decision == "keep" and d.case == "short_not_empty", d.reason


def test_a_framed_folio_document_with_nothing_on_either_page_widens(tmp_path: Path) -> None:
    pdf = _framed_folio_doc(tmp_path / "c.pdf", "\u00b7 {f} \u00b7", gold_on=None)
    d = pdfs.decide(pdf, QUESTION)
    assert d.decision == "widen", d.reason
    assert {p for r in d.probes for p in r.pages} == {9, 12}

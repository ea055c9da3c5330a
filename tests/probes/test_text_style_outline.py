"""Outline text (stroked, not filled) whose weight the text layer does not give (hunt 25d).

A regular font stroked 1.6 pt wide at 20 pt prints stems 3.6 pt thick, bolder than bold, and "What are the
bold words on page 1?" widened: the span passed as regular (no bold name, flag or fill-and-stroke) and the
render test measured the thin ring of its outline. Such a span is now a doubt for bold."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

import pdfs
from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe


def _page(path: Path, mode: int, stroke: float) -> Path:
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 500), "The annual report describes staffing.", fontsize=11)
    page.insert_text((72, 200), "Kangaroo Crossing", fontsize=20, render_mode=mode, border_width=stroke)
    doc.save(path)
    return path


def _bold(pdf: Path):
    doc = load_doc(pdf, ocr=False)
    try:
        return run_probe("text_style", doc, Scope(pages=(1,)), {"styles": ["bold"]})
    finally:
        doc.close()


@pytest.mark.parametrize("stroke", [0.02, 0.08])
def test_outline_text_is_a_doubt_for_bold(tmp_path: Path, stroke: float) -> None:
    pdf = _page(tmp_path / "o.pdf", 1, stroke)
    res = _bold(pdf)
    assert not res.members and any("Kangaroo" in d.what and "outline text" in (d.why or "") for d in res.doubts), res
    rec = pdfs.decide(pdf, "What are the bold words on page 1?")
    assert rec.decision == "keep", rec.reason


def test_controls_plain_text_is_no_bold_and_fill_and_stroke_is(tmp_path: Path) -> None:
    plain = _bold(_page(tmp_path / "p.pdf", 0, 0.05))
    assert plain.measured_zero and not plain.doubts, plain
    assert pdfs.decide(tmp_path / "p.pdf", "What are the bold words on page 1?").decision == "widen"
    both = _bold(_page(tmp_path / "b.pdf", 2, 0.05))
    assert any("Kangaroo" in m.what for m in both.members), both

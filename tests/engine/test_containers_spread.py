"""A figure drawn across the gutter of a two-page spread: its caption is under the right half, a red bar on the
left half, on the facing page. Only the caption's page was looked at, and "How many red bars are in Figure 3?"
widened. The facing page of a picture cut by one side edge is a doubtful reading of the figure (containers
``_resolve``, probes.captions ``side_cut_pages``): what is there is a doubt, so the row is kept."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest

W, H = 595.0, 842.0


def _spread(path: Path, red: bool) -> Path:
    doc = pdfs.new_doc(4, W, H)
    for page in doc:
        pdfs.text(page, (72, 80), "Body text of the report.")
    # The chart's frame runs from x=300 on page 2 across the gutter to x=300 on page 3.
    doc[1].draw_rect(pymupdf.Rect(300, 200, W, 560), color=(0, 0, 0), width=1)
    doc[2].draw_rect(pymupdf.Rect(0, 200, 300, 560), color=(0, 0, 0), width=1)
    doc[1].draw_rect(pymupdf.Rect(380, 380, 420, 560), color=None, fill=(0.85, 0.1, 0.1) if red else (0.2, 0.3, 0.8))
    doc[2].draw_rect(pymupdf.Rect(60, 300, 100, 560), color=None, fill=(0.2, 0.3, 0.8))
    pdfs.text(doc[2], (72, 600), "Figure 3: Revenue by month", size=10)
    return pdfs.save(doc, path)


@pytest.mark.parametrize("q", ["How many red bars are in Figure 3?", "How many red bars does Figure 3 show?"])
def test_a_red_bar_on_the_facing_half_of_a_spread_is_never_widened(tmp_path: Path, q: str):
    d = pdfs.decide(_spread(tmp_path / "spread.pdf", red=True), q)
    assert d.decision == "keep", d.reason
    assert any(m.page == 2 for m in d.doubts), d.reason


def test_control_a_spread_without_red_still_widens(tmp_path: Path):
    d = pdfs.decide(_spread(tmp_path / "blue.pdf", red=False), "How many red bars are in Figure 3?")
    assert d.decision == "widen", d.reason

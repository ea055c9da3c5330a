"""coloured_graphics: graphics of a kind that show a named colour; paint outside every listed graphic is a doubt."""

from __future__ import annotations

import pdfs
import pytest

from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe

# A tiling pattern of one colour: the paths it fills are missing from PyMuPDF's drawing list.
_CELL = "<< /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 8 8] /XStep 8 /YStep 8 /Resources << >> >>"


def _pattern_chart(tmp_path, rgb: str):
    bars = "".join(f"{100 + 90 * i} 400 60 {80 + 40 * i} re f\n" for i in range(3))
    content = ("0.5 G 0.8 w 90 400 m 390 400 l S\n"
               "BT /F1 9 Tf 110 385 Td (2021) Tj 90 0 Td (2022) Tj 90 0 Td (2023) Tj ET\n"
               f"/Pattern cs /P0 scn\n{bars}")
    return load_doc(pdfs.raw_page(tmp_path / "p.pdf", content, extra_res="/Pattern << /P0 {p} 0 R >>",
                                  streams={"p": (_CELL, f"{rgb} rg 0 0 8 3 re f")}), ocr=False)


@pytest.mark.parametrize("kind", ["chart", "figure"])
def test_bars_filled_with_a_pattern_are_never_a_measured_zero(tmp_path, kind):
    """Regression (review of the probes): a chart whose red bars are filled with a tiling pattern
    was invisible to the drawing list, so "a chart with red" was a measured zero."""
    doc = _pattern_chart(tmp_path, "0.9 0.1 0.1")
    r = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": kind, "colour": "red"})
    # The pattern's paint is a vector block where it is painted (blocks.painted_areas), so the bars are a
    # member; paint that no listed graphic holds would be the doubt from the render.
    found = r.members or (r.doubts and "no graphic the drawing list gives" in r.doubts[0].what)
    assert not r.measured_zero and found, r.note
    assert run_probe("coloured_graphics", doc, Scope((1,)), {"kind": kind, "colour": "green"}).measured_zero

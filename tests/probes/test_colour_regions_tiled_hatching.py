"""colour_regions: a bar filled with fine hatching of a tiling pattern is looked for where the pattern fills.

A tiling pattern's cell is drawn once, where the pattern's matrix puts it (the page's bottom-left corner by
default, off the page under an offset), and repeated where the pattern fills. Hatching of 0.15 pt lines renders
as a pale pink too thin for any component at 150 dpi, and ``get_drawings`` lists the red line at the cell only:
the "too thin to show" backstop looked for it there, so "How many red bars are in the chart on page 1?" was a
measured zero (a widening) while a reader sees a red-hatched bar beside a blue one.
"""

from __future__ import annotations

from functools import partial

import pdfs
import pymupdf
from hypothesis import HealthCheck, given, settings, strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)
RED, BLUE = "0.9 0.1 0.1", "0.1 0.2 0.9"
# The hatched bar, in PDF space: x 100..170, y 700..741 (the top of a 595x842 page).
BAR = "100 700 70 41 re f"


def _hatched(tmp_path, rgb: str, width: float = 0.15, matrix: tuple[float, float] = (-40, -40), name: str = "h.pdf"):
    """A blue bar and a bar hatched in ``rgb`` (lines ``width`` pt wide every 2 pt), the pattern's cell moved by ``matrix``."""
    cell = (f"<< /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 2 2] /XStep 2 /YStep 2 /Resources << >> "
            f"/Matrix [1 0 0 1 {matrix[0]} {matrix[1]}] >>")
    content = ("0.5 G 0.8 w 90 690 m 400 690 l S\n0.1 0.3 0.8 rg 200 690 30 80 re f\n"
               "BT /F1 10 Tf 90 670 Td (Figure 1: Sales, hatched: forecast) Tj ET\n"
               f"/Pattern cs /P0 scn {BAR}\n")
    path = pdfs.raw_page(tmp_path / name, content, extra_res="/Pattern << /P0 {p} 0 R >>",
                         streams={"p": (cell, f"{rgb} rg 0 0 {width} 2 re f")})
    return load_doc(path)


def test_fine_red_hatching_is_no_zero_and_is_placed_where_the_pattern_fills(tmp_path):
    doc = _hatched(tmp_path, RED)
    bar = pymupdf.Rect(100, 842 - 741, 170, 842 - 700)
    for region in (None, "top"):
        res = run_probe("colour_regions", doc, Scope((1,), region=region), {"colour": "red", "shape": "bar"})
        assert not res.measured_zero, region
        assert any(pymupdf.Rect(d.bbox).intersects(bar) for d in res.doubts), region
    # Nothing of it lies in the bottom half: the cell drawn off the page shows nowhere.
    assert run_probe("colour_regions", doc, Scope((1,), region="bottom"), {"colour": "red", "shape": "bar"}).measured_zero


def test_control_blue_hatching_asked_red_is_still_a_zero(tmp_path):
    doc = _hatched(tmp_path, BLUE)
    assert run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"}).measured_zero
    assert not run_probe("colour_regions", doc, Scope((1,)), {"colour": "blue", "shape": "bar"}).measured_zero


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(dx=st.floats(-300, 300), dy=st.floats(-300, 900), width=st.sampled_from((0.1, 0.15, 0.25)))
def test_property_red_hatching_is_never_a_zero_wherever_its_cell_is_drawn(tmp_path, dx, dy, width):
    """Property: whatever the pattern's matrix (its cell on, near or off the page) and however fine the
    hatching, the red-hatched bar is a member or a doubt, never a measured zero."""
    doc = _hatched(tmp_path, RED, width=width, matrix=(dx, dy), name="p.pdf")
    assert not run_probe("colour_regions", doc, Scope((1,)), {"colour": "red", "shape": "bar"}).measured_zero


def test_red_hatching_under_red_letters_is_not_explained_as_their_ink(tmp_path):
    """A strip hatched in red (1 pt lines a reader sees) inside the glyph boxes of large red letters, its
    cell drawn off the page: no red path was listed near it, so its pixels were taken for the letters' ink
    (a certain non-member) and the page was a measured zero."""
    cell = ("<< /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 2 2] /XStep 2 /YStep 2 /Resources << >> "
            "/Matrix [1 0 0 1 -40 -40] >>")
    content = "BT /F1 40 Tf 0.9 0.1 0.1 rg 100 700 Td (mm) Tj ET\n/Pattern cs /P0 scn 104 691 40 5 re f\n"
    path = pdfs.raw_page(tmp_path / "g.pdf", content, extra_res="/Pattern << /P0 {p} 0 R >>",
                         streams={"p": (cell, "0.9 0.1 0.1 rg 0 0 1 2 re f")})
    res = run_probe("colour_regions", load_doc(path), Scope((1,)), {"colour": "red", "shape": "bar"})
    assert not res.measured_zero
    strip = pymupdf.Rect(104, 842 - 696, 144, 842 - 691)
    assert any(pymupdf.Rect(d.bbox).intersects(strip) for d in res.doubts + res.members)


def test_control_red_letters_alone_are_text(tmp_path):
    path = pdfs.raw_page(tmp_path / "t.pdf", "BT /F1 40 Tf 0.9 0.1 0.1 rg 100 700 Td (mm) Tj ET\n")
    assert run_probe("colour_regions", load_doc(path), Scope((1,)), {"colour": "red", "shape": "bar"}).measured_zero

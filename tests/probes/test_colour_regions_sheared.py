"""colour_regions: bars of a chart drawn on a sheared or isometric plane are never set aside for certain (hunt F5).

Each bar is a solid parallelogram with no axis-aligned side: its region fills little of its bounding
box, so the tuned bar-shape filter rejects it (a doubt), but the "cannot form a bar" rule set it aside
as certain and "How many blue bars are in the chart on page 2?" widened.
"""

from __future__ import annotations

import math
from functools import partial
from pathlib import Path

import pdfs
import pymupdf
from hypothesis import HealthCheck, given, settings, strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)
FAMILIES = {"red": (0.9, 0.1, 0.1), "green": (0.1, 0.6, 0.2), "blue": (0.0, 0.2, 0.9), "yellow": (0.95, 0.85, 0.1), "purple": (0.5, 0.1, 0.7)}


def _plane(shear_deg: float, turn_deg: float) -> pymupdf.Matrix:
    """Shear by ``shear_deg`` (x moves with y), then turn by ``turn_deg``."""
    t = math.radians(turn_deg)
    return pymupdf.Matrix(1, 0, math.tan(math.radians(shear_deg)), 1, 0, 0) * pymupdf.Matrix(math.cos(t), math.sin(t), -math.sin(t), math.cos(t), 0, 0)


def _chart(path: Path, m: pymupdf.Matrix, colour: tuple[float, float, float], values: list[float], thick: float = 24, panel: bool = True) -> tuple[Path, list[pymupdf.Rect]]:
    """A title and solid bars (parallelograms) on the plane ``m``, centred on the page; returns each bar's bbox."""
    d = pdfs.new_doc()
    p = d[0]
    pdfs.text(p, (72, 60), "Sales by quarter", size=14)
    at = lambda x, y: pymupdf.Point(x, y) * m + (306, 420)  # noqa: E731
    sh = p.new_shape()
    if panel:
        sh.draw_polyline([at(-10, -10), at(230, -10), at(230, 40 + len(values) * (thick + 16)), at(-10, 40 + len(values) * (thick + 16))])
        sh.finish(color=(0.5, 0.5, 0.5), width=0.8, closePath=True)
    boxes = []
    for i, v in enumerate(values):
        y0 = 10 + i * (thick + 16)
        corners = [at(0, y0), at(v, y0), at(v, y0 + thick), at(0, y0 + thick)]
        sh.draw_polyline(corners)
        sh.finish(fill=colour, color=None, closePath=True)
        boxes.append(pymupdf.Rect(corners[0], corners[0]) | corners[1] | corners[2] | corners[3])
    sh.commit()
    return pdfs.save(d, path), boxes


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(shear=st.floats(-70, 70), turn=st.sampled_from((0.0, 30.0, -30.0, 90.0, 135.0)), name=st.sampled_from(sorted(FAMILIES)),
       values=st.lists(st.floats(20, 200), min_size=2, max_size=4), panel=st.booleans())
def test_sheared_bars_are_never_set_aside_for_certain(tmp_path, shear, turn, name, values, panel):
    """Property: solid bars on a plane sheared by any angle (and turned), in any colour, are members or
    doubts of ``colour_regions`` with ``shape=bar``: none is a certain non-member."""
    path, boxes = _chart(tmp_path / "sheared.pdf", _plane(shear, turn), FAMILIES[name], values, panel=panel)
    res = run_probe("colour_regions", load_doc(path), Scope((1,)), {"colour": name, "shape": "bar"})
    assert not res.measured_zero
    assert not [m for m in res.best_candidates if any(pymupdf.Rect(m.bbox).intersects(b) for b in boxes)], [m.why for m in res.best_candidates]
    kept = [pymupdf.Rect(m.bbox) for m in (*res.members, *res.doubts)]
    assert all(any(k.intersects(b) for k in kept) for b in boxes)


def test_the_hunt_isometric_chart_keeps_its_row(tmp_path):
    """The hunt's reproducer: four blue bars under cm [cos30 sin30 -cos30 sin30], with and without a floor panel."""
    c, s = math.cos(math.radians(30)), math.sin(math.radians(30))
    iso = pymupdf.Matrix(c, s, -c, s, 0, 0)
    for panel in (True, False):
        path, _ = _chart(tmp_path / f"iso{panel}.pdf", iso, FAMILIES["blue"], [180, 110, 150, 70], thick=28, panel=panel)
        assert pdfs.decide(path, "How many blue bars are in the chart on page 1?").decision != "widen", panel


def test_a_chart_with_no_blue_ink_still_widens_for_blue_bars(tmp_path):
    """Control: the same isometric chart in red holds no blue ink: "How many blue bars" widens."""
    c, s = math.cos(math.radians(30)), math.sin(math.radians(30))
    path, _ = _chart(tmp_path / "red.pdf", pymupdf.Matrix(c, s, -c, s, 0, 0), FAMILIES["red"], [180, 110, 150, 70], thick=28)
    assert pdfs.decide(path, "How many blue bars are in the chart on page 1?").decision == "widen"

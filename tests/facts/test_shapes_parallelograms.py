"""facts.shapes: no outline is certainly barless (hunt F5).

Bars on an isometric or oblique plane are parallelograms with no axis-aligned side; the rule that a
closed polygon of straight sides, none axis-aligned and no right-angled rectangle, "cannot be a bar"
set all four bars of an isometric chart aside for certain, and "How many blue bars" widened. An affine
image of a rectangle is a parallelogram; a perspective one any convex quadrilateral; a pyramid column a
triangle; a 3D column a hexagon; touching bars merged into one outline a stepped polygon.
"""

from __future__ import annotations

import math

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.facts.shapes import drawing_pieces

COLOURS = st.sampled_from([(0.9, 0.1, 0.1), (0.1, 0.6, 0.2), (0.0, 0.2, 0.9), (0.95, 0.85, 0.1), (0.0, 0.0, 0.0), (0.6, 0.2, 0.7)])


def _bars(page: pymupdf.Page) -> list[bool]:
    return [bar for d in page.get_drawings() for _, bar in drawing_pieces(d, "f" in d["type"], "s" in d["type"])]


@st.composite
def planes(draw):
    """A linear map of the chart's plane: a turn, a shear of any angle short of flat, a scale of each axis."""
    turn = math.radians(draw(st.floats(-180, 180)))
    shear = math.tan(math.radians(draw(st.floats(-80, 80))))
    sx, sy = draw(st.floats(0.3, 2)), draw(st.floats(0.3, 2))
    return pymupdf.Matrix(sx, 0, shear * sy, sy, 0, 0) * pymupdf.Matrix(math.cos(turn), math.sin(turn), -math.sin(turn), math.cos(turn), 0, 0)


@settings(max_examples=200, deadline=None)
@given(m=planes(), w=st.floats(2, 60), h=st.floats(2, 120), colour=COLOURS, how=st.sampled_from(("fill", "outline", "both")))
def test_a_rectangle_under_any_affine_map_can_be_a_bar(m, w, h, colour, how):
    """Property: a bar (a w x h rectangle) on a turned, sheared, scaled plane is a parallelogram; filled,
    outlined or both, in any colour, it can be a bar."""
    p = pymupdf.open().new_page(width=600, height=600)
    corners = [pymupdf.Point(x, y) * m + (300, 300) for x, y in ((0, 0), (w, 0), (w, h), (0, h))]
    p.draw_polyline(corners + [corners[0]], color=colour if how != "fill" else None, fill=colour if how != "outline" else None, width=0.8, closePath=True)
    assert _bars(p) and all(_bars(p))


def test_no_outline_is_certainly_barless():
    """A triangle with no axis-aligned side (a pyramid column of a turned chart), a convex hexagon (a 3D
    column's silhouette), a trapezoid (a bar in perspective), a rhombus and the outline of an X (a turned
    candlestick, or two bars merged into one outline) can all be bars: only a tuned filter tells."""
    p = pymupdf.open().new_page(width=400, height=400)
    red = (0.9, 0.1, 0.1)
    shapes = [
        [(20, 40), (45, 10), (52, 47)],
        [(100, 20), (130, 10), (160, 25), (160, 60), (130, 75), (100, 55)],
        [(200, 20), (240, 25), (250, 70), (190, 60)],
        [(300, 40), (306, 50), (300, 60), (294, 50)],
        [(11.5, 110), (14.5, 113), (17.5, 110), (19, 111.5), (16, 114.5), (19, 117.5), (17.5, 119), (14.5, 116), (11.5, 119), (10, 117.5), (13, 114.5), (10, 111.5)],
    ]
    for pts in shapes:
        p.draw_polyline(pts + [pts[0]], color=None, fill=red, closePath=True)
        p.draw_polyline([(x + 0, y + 200) for x, y in pts] + [(pts[0][0], pts[0][1] + 200)], color=red, width=0.5, closePath=True)
    assert _bars(p) == [True] * 10

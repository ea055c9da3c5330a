"""facts.shapes: which vector path pieces can render a bar, and which clips leave a path whole."""

from __future__ import annotations

import math

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

from fixtures.build import hatch, hatch_lines
from widening.facts.shapes import drawing_pieces, ink_bound, uncut_paths

RED = (0.9, 0.1, 0.1)


def _page() -> pymupdf.Page:
    return pymupdf.open().new_page(width=300, height=300)


def _pieces(page: pymupdf.Page) -> list[bool]:
    return [bar for d in page.get_drawings() for _, bar in drawing_pieces(d, "f" in d["type"], "s" in d["type"])]


X_OUTLINE = [(11.5, 10), (14.5, 13), (17.5, 10), (19, 11.5), (16, 14.5), (19, 17.5), (17.5, 19), (14.5, 16), (11.5, 19), (10, 17.5), (13, 14.5), (10, 11.5)]


def test_a_closed_x_outline_and_a_rhombus_can_be_bars():
    """Once certain non-bars; hunt F5 showed a bar on a sheared plane is a rhombus-like parallelogram with
    no axis-aligned side, and a turned candlestick (or two touching bars merged into one outline) draws
    the X: no outline is certainly barless (test_shapes_parallelograms)."""
    p = _page()
    p.draw_polyline(X_OUTLINE + [X_OUTLINE[0]], color=RED, width=0.5, closePath=True)
    p.draw_polyline([(50, 40), (56, 50), (50, 60), (44, 50)], color=None, fill=RED, closePath=True)
    assert _pieces(p) == [True, True]


def test_a_square_on_its_corner_can_be_a_bar():
    """A diamond marker and a tilted bar as long as it is thick are the same square turned 45 degrees:
    only a tuned size or context rule could tell them apart, so it stays bar-capable (a doubt)."""
    p = _page()
    p.draw_polyline([(50, 40), (60, 50), (50, 60), (40, 50)], color=None, fill=RED, closePath=True)
    p.draw_polyline([(100, 40), (130, 70), (100, 100), (70, 70)], color=RED, width=0.5, closePath=True)
    assert _pieces(p) == [True, True]


def test_triangles_discs_dots_and_open_diagonal_strokes_can_be_bars():
    """A pyramid column is a triangle on an axis-aligned base; a rounded bar as short as it is thick is a disc;
    a stroke of no length draws a cap (a square with square caps); an open diagonal stroke may be a line of
    hatching that the producer trimmed to its bar."""
    p = _page()
    p.draw_polyline([(10, 30), (20, 10), (30, 30)], color=None, fill=RED, closePath=True)
    p.draw_circle((60, 20), 1, color=None, fill=RED)
    p.draw_line((90, 20), (90, 20), color=RED, width=3)
    p.draw_line((110, 10), (120, 20), color=RED, width=2)
    assert _pieces(p) == [True, True, True, True]


def test_the_x_icon_has_no_miter_spike_past_its_bound():
    """ink_bound bounds a stroke's joins as if no miter limit applied: a rectangular clip tight
    around the rendered X leaves it whole; one that cuts a spike does not."""
    p = _page()
    p.draw_polyline([(10, 10), (20, 20), (30, 10)], color=RED, width=2)  # a right-angle join
    [d] = p.get_drawings()
    b = ink_bound(d)
    assert b.contains(pymupdf.Rect(d["rect"]) + (-1, -1, 1, 1))
    assert b.y1 >= 20 + math.sqrt(2) - 1e-6  # the miter tip of a 90-degree join reaches half-width * sqrt 2


def test_a_clip_that_cuts_hatching_makes_it_not_whole(tmp_path):
    """Diagonal strips clipped to a rectangle render as a (striped) bar: the clip cuts them, so they do
    not render whole. Each strip is an oblong turned off the axes, which may be a tilted bar by itself."""
    doc = pymupdf.open()
    p = doc.new_page(width=300, height=300)
    hatch(doc, p, pymupdf.Rect(50, 50, 80, 200), RED)
    path = tmp_path / "hatch.pdf"
    doc.save(path)
    page = pymupdf.open(path)[0]
    paths = uncut_paths(page.get_drawings(extended=True))
    assert paths and not any(whole for _, whole in paths)
    assert all(bar for d, _ in paths for _, bar in drawing_pieces(d, True, False))


@st.composite
def bars(draw):
    x0 = draw(st.floats(5, 200))
    y0 = draw(st.floats(5, 200))
    w = draw(st.floats(0.3, 80))
    h = draw(st.floats(0.3, 80))
    how = draw(st.sampled_from(("re", "lines", "outline", "rounded", "thick_line", "curves", "hatch_lines")))
    return pymupdf.Rect(x0, y0, x0 + w, y0 + h), how, draw(st.sampled_from((0.1, 0.3, 0.5)))


@settings(max_examples=200, deadline=None)
@given(bar=bars())
def test_every_way_of_drawing_a_bar_is_bar_capable(bar):
    """Property: a bar, however a producer writes it without a clip, has a piece that can be a bar
    (hatching clipped to a bar: test_a_clip_that_cuts_hatching_makes_it_not_whole)."""
    r, how, radius = bar
    p = _page()
    if how == "re":
        p.draw_rect(r, color=None, fill=RED)
    elif how == "lines":
        p.draw_polyline([r.tl, r.tr, r.br, r.bl], color=None, fill=RED, closePath=True)
    elif how == "outline":
        p.draw_rect(r, color=RED, fill=None, width=0.8)
    elif how == "rounded":
        p.draw_rect(r, color=None, fill=RED, radius=radius)
    elif how == "thick_line":
        mid = (r.x0 + r.x1) / 2
        p.draw_line((mid, r.y0), (mid, r.y1), color=RED, width=r.width)
    elif how == "hatch_lines":
        hatch_lines(p, r, RED)
    else:  # each side written as a straight Bezier
        sh = p.new_shape()
        for a, b in ((r.tl, r.tr), (r.tr, r.br), (r.br, r.bl), (r.bl, r.tl)):
            sh.draw_bezier(a, a + (b - a) / 3, a + (b - a) * 2 / 3, b)
        sh.finish(color=None, fill=RED, closePath=True)
        sh.commit()
    assert any(_pieces(p))

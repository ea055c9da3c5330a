"""``ink_bound`` holds every pixel a stroke inks, and an open stroke has no join from its last segment back
to its first: a plain line reaches only as far as its caps (before, the wrap-around join of a two-point
line "turned straight back", its reach was infinite and the line's bound covered the page)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pdfs
import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.facts.shapes import ink_bound, stroke_reach

DPI = 144
points = st.tuples(st.integers(150, 450), st.integers(250, 550))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pts=st.lists(points, min_size=2, max_size=4, unique=True), width=st.integers(1, 24), join=st.sampled_from([0, 1, 2]),
       cap=st.sampled_from([0, 1, 2]), close=st.sampled_from(["S", "h S", "s"]))
def test_every_inked_pixel_lies_in_the_bound(tmp_path: Path, pts, width, join, cap, close) -> None:
    path = " ".join(f"{x} {y} {'m' if i == 0 else 'l'}" for i, (x, y) in enumerate(pts))
    pdf = pdfs.raw_page(tmp_path / "s.pdf", f"0 0 0 RG {width} w {join} j {cap} J 1000 M {path} {close}")
    doc = pymupdf.open(pdf)
    page = doc[0]
    [d] = page.get_drawings()
    bound = ink_bound(d)
    pix = page.get_pixmap(dpi=DPI, colorspace=pymupdf.csGRAY, alpha=False)
    ys, xs = np.nonzero(np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width) < 250)
    k = 72 / DPI
    slack = 1.5 * k  # anti-aliasing: a pixel touched by the edge
    assert xs.size, "the stroke inks something"
    assert bound.x0 - slack <= xs.min() * k and (xs.max() + 1) * k <= bound.x1 + slack, (bound, xs.min() * k, (xs.max() + 1) * k)
    assert bound.y0 - slack <= ys.min() * k and (ys.max() + 1) * k <= bound.y1 + slack, (bound, ys.min() * k, (ys.max() + 1) * k)


def test_a_plain_line_reaches_only_as_far_as_its_caps(tmp_path: Path) -> None:
    pdf = pdfs.raw_page(tmp_path / "l.pdf", "1 0 0 RG 2 w 100 600 m 300 600 l S")
    [d] = pymupdf.open(pdf)[0].get_drawings()
    assert stroke_reach(d) == np.sqrt(2)
    assert ink_bound(d).width < 210


def test_control_a_path_closed_back_to_its_start_keeps_its_join(tmp_path: Path) -> None:
    # The sharpest corner is where the path began: "h" joins there, and MuPDF reports closePath false.
    pdf = pdfs.raw_page(tmp_path / "c.pdf", "0 0 0 RG 10 w 0 j 1000 M 100 400 m 300 380 l 300 420 l h S")
    [d] = pymupdf.open(pdf)[0].get_drawings()
    assert stroke_reach(d) > 5

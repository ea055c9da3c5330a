"""images: one picture a producer wrote as abutting strips or tiles is one picture, not one per tile.

Large pictures are often written as 2-4 strips (or a grid of tiles), each its own image, placed edge to edge.
The image listing lists each: "How many pictures are on page 1?" read three for one, and the probe (exact: its
members are the pictures) was wrong by the tile count. Images that share one whole edge, with as many pixels
along it, are joined (``images.joined_tiles``). Controls: the same pictures a point apart, or abutting with
different pixel counts along the common edge, stay apart; a plain picture stays one member.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fixtures.build import build
from fixtures.spec import DocSpec, ImageSpec, PageSpec
from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def _members(pdf: Path, region: str | None = None):
    doc = load_doc(pdf, ocr=False)
    try:
        return run_probe("images", doc, Scope(pages=(1,), region=region), {}).members
    finally:
        doc.close()


def _grid(tmp: Path, cells: list[tuple[pymupdf.Rect, tuple[int, int]]]) -> Path:
    """A page with one image per (rect, pixels), each a flat colour with a white corner."""
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=400)
    for k, (rect, px) in enumerate(cells):
        pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, *px), False)
        pix.set_rect(pix.irect, (30 + 50 * k, 80, 210))
        page.insert_image(rect, pixmap=pix, keep_proportion=False)
    path = tmp / "grid.pdf"
    doc.save(path)
    return path


@SETTINGS
@given(x=st.floats(20, 150), y=st.floats(20, 150), w=st.floats(30, 200), h=st.floats(30, 200),
       px=st.tuples(st.integers(4, 90), st.integers(4, 90)), colour=st.sampled_from(["red", "blue", "green~dark olive"]))
def test_a_picture_cut_into_strips_is_one_member(tmp_path_factory, x, y, w, h, px, colour):
    spec = DocSpec(pages=(PageSpec(elements=(ImageSpec(rect=(x, y, x + w, y + h), colour=colour, px=px, paint="tiled"),)),))
    path = tmp_path_factory.mktemp("tiles") / "t.pdf"
    build(spec, path)
    assert len(pymupdf.open(path)[0].get_image_info()) >= 2  # it is drawn as tiles
    (m,) = _members(path)
    assert max(abs(a - b) for a, b in zip(m.bbox, (x, y, x + w, y + h))) < 0.5
    assert "abutting tiles" in m.what


def test_a_grid_of_tiles_is_one_member(tmp_path):
    cells = [(pymupdf.Rect(50 + 60 * i, 50 + 40 * j, 110 + 60 * i, 90 + 40 * j), (30, 20)) for i in range(2) for j in range(2)]
    (m,) = _members(_grid(tmp_path, cells))
    assert m.bbox == (50, 50, 170, 130)
    assert len(_members(_grid(tmp_path, cells), region="top_left")) == 1


def test_pictures_apart_or_of_other_sizes_stay_apart(tmp_path):
    gap = [(pymupdf.Rect(50, 50, 110, 90), (30, 20)), (pymupdf.Rect(111, 50, 171, 90), (30, 20))]
    assert len(_members(_grid(tmp_path, gap))) == 2
    # Abutting, yet with other pixel counts along the common edge: two pictures set edge to edge.
    other = [(pymupdf.Rect(50, 50, 110, 90), (30, 20)), (pymupdf.Rect(110, 50, 170, 90), (31, 21))]
    assert len(_members(_grid(tmp_path, other))) == 2
    # Meeting at a corner only: no common edge.
    corner = [(pymupdf.Rect(50, 50, 110, 90), (30, 20)), (pymupdf.Rect(110, 90, 170, 130), (30, 20))]
    assert len(_members(_grid(tmp_path, corner))) == 2
    (plain,) = _members(_grid(tmp_path, gap[:1]))
    assert "abutting" not in plain.what

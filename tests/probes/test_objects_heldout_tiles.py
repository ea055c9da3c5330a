"""One photograph placed as abutting pieces (tiles, strips) is also looked at whole.

Regression (hunt, held out): the two-car corner of a corpus street photo cut into three horizontal strips
(seamless on the page) gave no car at the floor (best 0.10) where the whole picture gives 0.65 and 0.48;
only stray boxes below the floor kept "How many cars are in the picture on page 1?" from a widening."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pdfs
import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.detector import centernet
from widening.detector.views import TILE_GAP_PT, tiled_pictures, views_for
from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe

@pytest.fixture(scope="module")
def two_cars(corpus: Path) -> np.ndarray:
    return pdfs.two_cars(corpus)


def _pieces(tmp_path: Path, rgb: np.ndarray, ny: int, nx: int, gutter: float = 0.0) -> tuple[Path, pymupdf.Rect]:
    h, w = rgb.shape[:2]
    s = 0.75
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 72), "Street view of the redesigned corridor.", fontsize=11)
    for i in range(ny):
        for j in range(nx):
            y0, y1, x0, x1 = i * h // ny, (i + 1) * h // ny, j * w // nx, (j + 1) * w // nx
            r = pymupdf.Rect(100 + x0 * s + j * gutter, 150 + y0 * s + i * gutter, 100 + x1 * s + j * gutter, 150 + y1 * s + i * gutter)
            page.insert_image(r, stream=pdfs.png_bytes(rgb[y0:y1, x0:x1]))
    path = tmp_path / f"pieces{ny}x{nx}_{gutter}.pdf"
    doc.save(path)
    doc.close()
    return path, pymupdf.Rect(100, 150, 100 + w * s + (nx - 1) * gutter, 150 + h * s + (ny - 1) * gutter)


@settings(max_examples=4, deadline=None)
@given(cut=st.sampled_from([(3, 1), (2, 2), (1, 3), (4, 1), (2, 3)]))
def test_cars_in_a_picture_cut_into_pieces_are_members(two_cars, tmp_path_factory, cut):
    if centernet.unavailable():
        pytest.skip("COCO detector not installed")
    path, whole = _pieces(tmp_path_factory.mktemp("cut"), two_cars, *cut)
    doc = load_doc(path, ocr=False)
    r = run_probe("objects", doc, Scope((1,), in_image=True), {"object_class": "car"})
    doc.close()
    strong = [m for m in r.members if (m.score or 0) >= 0.4]
    assert len(strong) >= 2, (cut, r.note, r.members)
    assert all(whole.contains(pymupdf.Rect(m.bbox)) for m in strong)


@settings(max_examples=6, deadline=None)
@given(cut=st.sampled_from([(3, 1), (2, 2), (1, 3)]), gutter=st.sampled_from([0.0, TILE_GAP_PT * 3, 12.0]))
def test_only_abutting_pieces_make_one_more_view(two_cars, tmp_path_factory, cut, gutter):
    """Pieces with a gutter between them are separate pictures (a collage): no whole view; a picture alone
    or with a logo laid on it gets none either (its own view already holds the group)."""
    path, whole = _pieces(tmp_path_factory.mktemp("gut"), two_cars, *cut, gutter=gutter)
    doc = load_doc(path, ocr=False)
    views = views_for(doc, 1, None, True)
    groups = tiled_pictures(doc.page(1), doc.page(1).rect)
    doc.close()
    tiled = [v for v in views if v.label.startswith("pictures tiled")]
    if gutter <= TILE_GAP_PT:
        assert len(groups) == 1 and len(tiled) == 1 and tuple(tiled[0].rect) == pytest.approx(tuple(whole), abs=0.5)
    else:
        assert groups == [] and tiled == []


def test_control_a_single_picture_with_a_logo_on_it_gets_no_extra_view(two_cars, tmp_path):
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_image(pymupdf.Rect(100, 150, 343, 267), stream=pdfs.png_bytes(two_cars))
    page.insert_image(pymupdf.Rect(300, 155, 338, 180), stream=pdfs.png_bytes(np.full((20, 30, 3), (200, 30, 30), np.uint8)))
    doc.save(tmp_path / "logo.pdf")
    doc.close()
    d = load_doc(tmp_path / "logo.pdf", ocr=False)
    views = views_for(d, 1, None, True)
    d.close()
    assert [v.label.startswith("pictures tiled") for v in views] == [False]

"""Pictures the page shows turned (a CTM rotation, a page /Rotate, or both): photo detectors are trained
upright, so a picture is also looked at turned back onto its own pixel rows.

Regression (hunt, held out): two cars in a corpus street photo placed on its side (``insert_image(rotate=90)``)
scored at most 0.05 as shown: no car box, no doubt, and "How many cars are in the picture on page 1?" was
widened. Turned upright, the same pixels give the cars at 0.68 and 0.41."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pdfs
import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.detector import centernet
from widening.detector.views import MAX_TILT, View, unseen_by_photo_detectors, unturn, upright_turns, views_for
from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe

@pytest.fixture(scope="module")
def two_cars(corpus: Path) -> np.ndarray:
    return pdfs.two_cars(corpus)


def _placed(tmp_path: Path, rgb: np.ndarray, rotate: int, page_rotation: int, name: str) -> tuple[Path, pymupdf.Rect]:
    """One page holding ``rgb`` at 0.75 pt a pixel, turned by ``rotate`` (CTM) on a page of /Rotate ``page_rotation``."""
    h, w = rgb.shape[:2]
    sw, sh = (h, w) if rotate % 180 else (w, h)
    place = pymupdf.Rect(100, 150, 100 + sw * 0.75, 150 + sh * 0.75)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 72), "Street view of the redesigned corridor.", fontsize=11)
    page.insert_image(place, stream=pdfs.png_bytes(rgb), rotate=rotate)
    page.set_rotation(page_rotation)
    path = tmp_path / f"{name}.pdf"
    doc.save(path)
    doc.close()
    return path, place


@settings(max_examples=40, deadline=None)
@given(turns=st.integers(0, 3), h=st.integers(1, 40), w=st.integers(1, 40), data=st.data())
def test_a_point_of_a_turned_view_maps_back_to_the_same_pixel(turns, h, w, data):
    y, x = data.draw(st.integers(0, h - 1)), data.draw(st.integers(0, w - 1))
    a = np.zeros((h, w), np.uint8)
    a[y, x] = 1
    yb, xb = np.argwhere(np.rot90(a, turns) == 1)[0]
    xa, ya = unturn(xb + 0.5, yb + 0.5, turns, h, w)
    assert (int(xa), int(ya)) == (x, y)


@settings(max_examples=6, deadline=None)
@given(rotate=st.sampled_from([0, 90, 180, 270]), page_rotation=st.sampled_from([0, 90]))
def test_a_picture_shown_turned_is_looked_at_upright(two_cars, tmp_path_factory, rotate, page_rotation):
    """Whatever turns the picture (CTM, page /Rotate, or both undoing each other: /Rotate 90 turns the
    display clockwise, ``rotate=90`` the picture counter-clockwise), one view shows its own pixel rows
    again, and its boxes land on the picture as the page shows it."""
    path, _ = _placed(tmp_path_factory.mktemp("turn"), two_cars, rotate, page_rotation, "turned")
    doc = load_doc(path, ocr=False)
    views = views_for(doc, 1, None, True)
    shown = [v for v in views if v.turns == 0]
    upright = [v for v in views if v.turns]
    assert len(shown) == 1 and len(upright) == (1 if (rotate - page_rotation) % 360 else 0)
    v = (upright or shown)[0]
    assert v.rgb.shape[:2] == pytest.approx(two_cars.shape[:2], rel=0.6)  # height x width as stored, not swapped
    assert (v.rgb.shape[0] < v.rgb.shape[1]) == (two_cars.shape[0] < two_cars.shape[1])
    assert v.to_pdf(0, 0, v.rgb.shape[1], v.rgb.shape[0]) == pytest.approx(tuple(v.rect), abs=0.05)
    doc.close()


def test_upright_turns_reads_the_image_matrix():
    assert upright_turns((100, 0, 0, 50, 0, 0)) == (0, 0.0)
    assert upright_turns((-100, 0, 0, -50, 0, 0))[0] == 2
    assert upright_turns((0, -100, 50, 0, 0, 0))[0] == 3  # down points right: a clockwise turn sets it back
    assert upright_turns((0, 100, -50, 0, 0, 0))[0] == 1
    k, tilt = upright_turns((86.6, 50, -25, 43.3, 0, 0))  # 30 degrees
    assert k == 0 and abs(tilt + 30) < 0.1 and abs(tilt) > MAX_TILT


def test_two_cars_on_a_picture_turned_on_its_side_are_not_widened(two_cars, tmp_path):
    if centernet.unavailable():
        pytest.skip("COCO detector not installed")
    path, place = _placed(tmp_path, two_cars, 90, 0, "side")
    doc = load_doc(path, ocr=False)
    r = run_probe("objects", doc, Scope((1,), in_image=True), {"object_class": "car"})
    doc.close()
    assert len(r.members) >= 2, r.note
    assert all(place.contains(pymupdf.Rect(m.bbox)) for m in r.members), r.members
    d = pdfs.decide(path, "How many cars are in the picture on page 1?")
    assert d.decision == "keep", d.reason


def test_control_an_upright_picture_gets_no_second_view_and_the_same_cars(two_cars, tmp_path):
    if centernet.unavailable():
        pytest.skip("COCO detector not installed")
    path, place = _placed(tmp_path, two_cars, 0, 0, "upright")
    doc = load_doc(path, ocr=False)
    assert [v.turns for v in views_for(doc, 1, None, True)] == [0]
    r = run_probe("objects", doc, Scope((1,), in_image=True), {"object_class": "car"})
    assert not any("turned" in m.what for m in r.members)
    assert len(r.members) == 2 and all(m.score >= 0.45 for m in r.members), r.members
    assert not any("tilted" in d.what for d in unseen_by_photo_detectors(doc, 1, None, views_for(doc, 1, None, True)))
    doc.close()


def test_a_picture_tilted_between_quarter_turns_is_a_doubt(two_cars, tmp_path):
    """Turned by 45 degrees, no quarter turn sets it upright: a doubt, never a measured zero."""
    h, w = two_cars.shape[:2]
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    xref = page.insert_image(pymupdf.Rect(0, 0, w, h), stream=pdfs.png_bytes(two_cars))
    name = [i[7] for i in page.get_images() if i[0] == xref][0]
    page.clean_contents()
    m = pymupdf.Matrix(w * 0.7, 0, 0, h * 0.7, 0, 0) * pymupdf.Matrix(45) * pymupdf.Matrix(1, 0, 0, 1, 250, 250)
    m = pymupdf.Matrix(m.a, -m.b, -m.c, m.d, 0, 0)  # PDF space is y-up
    cont = f"q {m.a:.3f} {m.b:.3f} {m.c:.3f} {m.d:.3f} 250 500 cm /{name} Do Q".encode()
    doc.update_stream(page.get_contents()[0], cont)
    path = tmp_path / "tilt.pdf"
    doc.save(path)
    doc.close()
    d = load_doc(path, ocr=False)
    doubts = unseen_by_photo_detectors(d, 1, None, views_for(d, 1, None, True))
    d.close()
    assert any("tilted" in x.what for x in doubts), doubts

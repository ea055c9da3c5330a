"""A picture that covers all of the region asked about and reaches well beyond it (a scanned page, a page-size
picture) is not placed by the region: what it shows outside the region is a doubt, never a member.

Regression: a page scanned as one raster shows a photo of trees at the top and a corpus
street photo (two cars, 0.80 and 0.59) at the bottom. "How many cars are in the picture at the top of page 1?"
was kept as short_not_empty on the two cars at the bottom: the probe took the scan for "the picture at the
top" and looked at it whole. The same page born digital (two pictures) is a control: only the top photo is
looked at."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pdfs
import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.detector import centernet
from widening.detector.views import View
from widening.facts.extract import load_doc
from widening.models import Member
from widening.probes import Scope, run_probe

GPL = "GPL-Graduate-Studies-Professional-Learning-Brochure-Jul-2021.pdf"
TREES_XREF = 5  # GPL p2: trees under a sky, no car, no one


def _page(p: pymupdf.Page, trees: np.ndarray, cars: np.ndarray) -> None:
    p.insert_text((72, 60), "Streets for people", fontsize=18)
    p.insert_image(pymupdf.Rect(150, 80, 383, 383), stream=pdfs.png_bytes(trees))
    p.insert_text((150, 398), "Trees planted along the boulevard.", fontsize=10)
    p.insert_image(pymupdf.Rect(150, 500, 474, 656), stream=pdfs.png_bytes(cars))
    p.insert_text((150, 672), "Parking on the old street.", fontsize=10)


@pytest.fixture(scope="module")
def pages(corpus: Path, tmp_path_factory) -> tuple[Path, Path]:
    """(born digital, scanned): the same page as two pictures, and rendered whole into one raster."""
    trees = pdfs.picture_pixels(corpus / "documents" / GPL, TREES_XREF)
    cars = pdfs.two_cars(corpus)
    out = tmp_path_factory.mktemp("covering")
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _page(page, trees, cars)
    scan = page.get_pixmap(dpi=150).tobytes("jpeg", jpg_quality=85)
    digital = pdfs.save(doc, out / "digital.pdf")
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_image(page.rect, stream=scan)
    return digital, pdfs.save(doc, out / "scanned.pdf")


def _needs_detector():
    if centernet.unavailable():
        pytest.skip("COCO detector not installed")


def test_cars_at_the_bottom_of_a_scanned_page_are_not_in_the_picture_at_the_top(pages):
    _needs_detector()
    _, scanned = pages
    d = pdfs.decide(scanned, "How many cars are in the picture at the top of page 1?")
    assert d.case != "short_not_empty", d.reason
    assert d.decision == "keep" and not d.members, d.reason
    moved = [m for m in d.doubts if "outside the top" in (m.why or "")]
    assert moved and all(m.bbox[1] > 475 for m in moved), d.doubts


def test_control_the_cars_are_in_the_picture_at_the_bottom(pages):
    _needs_detector()
    _, scanned = pages
    d = pdfs.decide(scanned, "How many cars are in the picture at the bottom of page 1?")
    assert d.case == "short_not_empty", d.reason


def test_control_born_digital_the_top_picture_alone_is_looked_at(pages):
    _needs_detector()
    digital, _ = pages
    doc = load_doc(digital, ocr=False)
    r = run_probe("objects", doc, Scope((1,), region="top", in_image=True), {"object_class": "car"})
    doc.close()
    assert all(m.bbox[3] <= 400 for m in r.members), r.members  # nothing from the street photo below
    assert not any("outside the top" in (m.why or "") for m in r.doubts), r.doubts


def test_people_at_the_bottom_of_a_scanned_page_are_doubts_for_the_top(corpus, tmp_path):
    """The same for people: the three-women photo at the bottom of a scanned page."""
    _needs_detector()
    trees = pdfs.picture_pixels(corpus / "documents" / GPL, TREES_XREF)
    women = pdfs.picture_pixels(corpus / "documents" / GPL, 27)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_image(pymupdf.Rect(150, 80, 383, 383), stream=pdfs.png_bytes(trees))
    page.insert_image(pymupdf.Rect(150, 450, 450, 692), stream=pdfs.png_bytes(women))
    scan = page.get_pixmap(dpi=150).tobytes("jpeg", jpg_quality=85)
    doc = pymupdf.open()
    doc.new_page(width=612, height=792).insert_image(pymupdf.Rect(0, 0, 612, 792), stream=scan)
    path = pdfs.save(doc, tmp_path / "scanned_people.pdf")
    ld = load_doc(path, ocr=False)
    top = run_probe("people", ld, Scope((1,), region="top", in_image=True), {})
    ld.close()
    assert not [m for m in top.members if m.bbox[1] > 475], top.members
    assert any("outside the top" in (m.why or "") for m in top.doubts), top.doubts


@pytest.fixture(scope="module")
def blank(tmp_path_factory) -> Path:
    doc = pymupdf.open()
    doc.new_page(width=612, height=792)
    return pdfs.save(doc, tmp_path_factory.mktemp("blank") / "blank.pdf")


def _view(rect: pymupdf.Rect) -> View:
    return View(1, rect, "image", np.zeros((8, 8, 3), np.uint8), f"image at [{rect.x0:.0f},{rect.y0:.0f},{rect.x1:.0f},{rect.y1:.0f}]")


REGIONS = ("top", "bottom", "left", "right", "top_left", "top_right", "bottom_left", "bottom_right")


@settings(max_examples=40, deadline=None)
@given(region=st.sampled_from(REGIONS), boxes=st.lists(st.tuples(st.floats(0, 580), st.floats(0, 760), st.floats(4, 200), st.floats(4, 200)), max_size=6),
       page_size=st.booleans())
def test_outside_region_only_moves_finds_of_a_covering_picture_outside_the_core(blank, region, boxes, page_size):
    """Nothing is dropped; a find moves only when its picture covers the region and more and its middle
    lies outside the region's core; a picture of its own place moves nothing."""
    from widening.detector.views import covering_views, outside_region

    doc = load_doc(blank, ocr=False)
    rect = doc.region_rect(1, region)
    view = _view(pymupdf.Rect(0, 0, 612, 792) if page_size else rect)
    members = [Member(page=1, bbox=(x, y, min(612, x + w), min(792, y + h)), what=f"car 0.9 in {view.label}", score=0.9) for x, y, w, h in boxes]
    kept, moved = outside_region(doc, region, [view], members)
    core = doc.region_core(1, region)
    assert len(kept) + len(moved) == len(members)
    assert bool(covering_views(doc, region, [view])) == page_size
    for m in moved:
        assert page_size and not core.contains(pymupdf.Point((m.bbox[0] + m.bbox[2]) / 2, (m.bbox[1] + m.bbox[3]) / 2))
        assert m.why
    if page_size:
        assert all(core.contains(pymupdf.Point((m.bbox[0] + m.bbox[2]) / 2, (m.bbox[1] + m.bbox[3]) / 2)) for m in kept)
    assert outside_region(doc, None, [view], members) == (members, [])
    doc.close()

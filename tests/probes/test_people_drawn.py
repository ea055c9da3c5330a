"""Probe ``people``: drawn people beside a photograph, and a named picture wider than its region
(review rv5 F1 and its note on the top-left region). Photographs are cut from a corpus brochure."""

from __future__ import annotations

import tempfile
from pathlib import Path

import cv2
import numpy as np
import pdfs
import pymupdf
import pytest
from hypothesis import given, settings

from fixtures.drawn import build_pictograms, furniture, jpeg, person_pictogram, pictograms
from widening.facts.document import REGIONS
from widening.facts.extract import load_doc
from widening.models import ProbeResult, ProbeStatus
from widening.probes import Scope, run_probe

GPL = "GPL-Graduate-Studies-Professional-Learning-Brochure-Jul-2021.pdf"
TREES_XREF = 5  # GPL p2: trees under a sky, no one; its lower half holds only trees
WOMEN_XREF = 27  # GPL p4: three women, faces to the camera


def _pixels(corpus: Path, xref: int) -> np.ndarray:
    return pdfs.picture_pixels(corpus / "documents" / GPL, xref)


@pytest.fixture(scope="module")
def trees(corpus: Path) -> np.ndarray:
    rgb = _pixels(corpus, TREES_XREF)
    return rgb[rgb.shape[0] // 2:]


@pytest.fixture(scope="module")
def women(corpus: Path) -> np.ndarray:
    return _pixels(corpus, WOMEN_XREF)


def _volunteers(tmp_path: Path, trees: np.ndarray, icons: bool, table: bool = False) -> tuple[Path, list[pymupdf.Rect]]:
    """The reviewer's pv5 page: the trees photo on the left; four blue person icons on the right (``icons``)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 60), "Community volunteers", fontsize=18)
    page.insert_text((72, 90), "Our rangers look after the woods all year round.", fontsize=10)
    page.insert_image(pymupdf.Rect(72, 170, 292, 170 + 220 * trees.shape[0] / trees.shape[1]), stream=jpeg(trees))
    boxes = [person_pictogram(page, 340 + i * 45, 241) for i in range(4)] if icons else []
    if icons:
        page.insert_text((330, 360), "Our four volunteer rangers", fontsize=10)
    if table:
        furniture(page, pymupdf.Rect(72, 500, 520, 620))
    path = tmp_path / ("volunteers.pdf" if icons else "trees.pdf")
    doc.save(path)
    doc.close()
    return path, boxes


def _figure_doubts(r: ProbeResult) -> list[pymupdf.Rect]:
    """The doubts' boxes for drawn figures, grown by the 0.01 pt their rounding may cut."""
    return [pymupdf.Rect(d.bbox) + (-0.01, -0.01, 0.01, 0.01) for d in r.doubts if d.what.startswith("vector drawing")]


@pytest.mark.parametrize("in_image", [False, True], ids=["pictures on page 1", "the picture on page 1"])
def test_person_icons_beside_a_photo_of_trees_are_each_a_doubt(tmp_path, trees, in_image):
    """Regression (review rv5 F1, pv5a): four vector person icons beside a photo of trees widened
    "How many people are shown in the pictures on page 1?": the doubt for vector drawings was
    given only when no photograph was looked at, and never with "in the picture"."""
    path, icons = _volunteers(tmp_path, trees, icons=True)
    doc = load_doc(path, ocr=False)
    r = run_probe("people", doc, Scope((1,), in_image=in_image), {})
    doc.close()
    assert not r.measured_zero, r.note
    boxes = _figure_doubts(r)
    for icon in icons:  # each icon is a doubt of its own: its box holds that icon and no other
        assert any(b.contains(icon) and sum(b.intersects(o) for o in icons) == 1 for b in boxes), (icon, boxes)


@pytest.mark.parametrize("in_image", [False, True], ids=["pictures on page 1", "the picture on page 1"])
def test_rules_a_frame_and_a_ruled_table_beside_a_photo_of_trees_add_no_doubt(tmp_path, trees, in_image):
    """Control: rules, a page frame and table borders draw no figure. The only doubts are the photo's
    own (the detector's person boxes below its score floor), none on the furniture."""
    path, _ = _volunteers(tmp_path, trees, icons=False, table=True)
    doc = load_doc(path, ocr=False)
    photo = pymupdf.Rect(doc.page(1).get_image_info()[0]["bbox"]) + (-0.01, -0.01, 0.01, 0.01)
    r = run_probe("people", doc, Scope((1,), in_image=in_image), {})
    doc.close()
    assert r.status is ProbeStatus.measured and r.members == (), r.note
    assert _figure_doubts(r) == [], r.doubts
    assert all(photo.contains(pymupdf.Rect(d.bbox)) and d.what.split()[1:3] == ["person", "box(es)"] for d in r.doubts), r.doubts


def _wide_top_left_picture(tmp_path: Path, left: np.ndarray, right: np.ndarray) -> tuple[Path, pymupdf.Rect]:
    """One picture at the top left of a page, ``left`` and ``right`` side by side, 580 pt wide: its right
    part lies beyond the top-left region's edge (0.6 of the page width)."""
    h = min(left.shape[0], right.shape[0])
    rgb = np.concatenate([left[:h], right[:h]], axis=1)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    rect = pymupdf.Rect(20, 40, 600, 40 + 580 * h / rgb.shape[1])
    page.insert_image(rect, stream=jpeg(rgb))
    page.insert_text((20, rect.y1 + 20), "Our team at the open day.", fontsize=10)
    path = tmp_path / "wide.pdf"
    doc.save(path)
    doc.close()
    return path, rect


def test_people_in_the_top_left_picture_beyond_the_regions_edge_are_found(tmp_path, trees, women):
    """Regression (review rv5, note on regions): "the picture at the top left of page 1" was looked at
    only inside the top-left 0.6 x 0.6 of the page, so the three women in its right part were missed
    (a measured zero). The container is the picture: it is looked at whole."""
    path, _ = _wide_top_left_picture(tmp_path, trees, women)
    doc = load_doc(path, ocr=False)
    edge = doc.region_rect(1, "top_left").x1
    assert edge == pytest.approx(REGIONS["top_left"][2] * 612)
    r = run_probe("people", doc, Scope((1,), region="top_left", in_image=True), {})
    doc.close()
    faces = [m for m in r.members if m.what.startswith("face")]
    assert len(faces) >= 2 and all(m.bbox[0] > edge for m in faces), r.note


def test_only_the_top_left_picture_is_looked_at_not_the_whole_page(tmp_path, trees, women):
    """Control: a photo of trees at the top left has no member for "the picture at the top left", and no
    doubt outside it, though the women's photo sits at the bottom right of the same page (outside the region)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_image(pymupdf.Rect(20, 40, 240, 40 + 220 * trees.shape[0] / trees.shape[1]), stream=jpeg(trees))
    page.insert_image(pymupdf.Rect(380, 520, 590, 520 + 210 * women.shape[0] / women.shape[1]), stream=jpeg(women))
    doc.save(tmp_path / "two.pdf")
    doc.close()
    opened = load_doc(tmp_path / "two.pdf", ocr=False)
    r = run_probe("people", opened, Scope((1,), region="top_left", in_image=True), {})
    whole = run_probe("people", opened, Scope((1,), in_image=True), {})
    opened.close()
    top_left = pymupdf.Rect(20, 40, 240, 40 + 220 * trees.shape[0] / trees.shape[1]) + (-0.01, -0.01, 0.01, 0.01)
    assert r.status is ProbeStatus.measured and r.members == (), r.note
    assert all(top_left.contains(pymupdf.Rect(d.bbox)) for d in r.doubts), r.doubts
    assert any(m.what.startswith("face") for m in whole.members), whole.note  # positive control: the women are found


@settings(max_examples=6, deadline=None)
@given(spec=pictograms())
def test_drawn_people_are_never_a_measured_zero(spec):
    """Property: person icons of any count, place, size and colour, with or without a photograph showing
    no one on the page, asked "in the pictures" or "in the picture": never a measured zero."""
    pdf, icons = build_pictograms(spec)
    with tempfile.TemporaryDirectory() as d:  # hypothesis runs many examples in one test: no tmp_path
        path = Path(d) / "icons.pdf"
        pdf.save(path)
        doc = load_doc(path, ocr=False)
        r = run_probe("people", doc, Scope((1,), in_image=spec.in_image), {})
        doc.close()
    assert not r.measured_zero, r.note
    if r.status is ProbeStatus.measured:  # "the picture" on a page with no raster picture: could not measure
        boxes = _figure_doubts(r)
        assert all(any(b.contains(i) for b in boxes) for i in icons), (icons, boxes)


@pytest.mark.parametrize("width,grey", [(600, True), (1066, False)])
def test_a_face_the_cascades_see_in_foliage_is_a_doubt_never_a_person(tmp_path, trees, width, grey):
    """Regression (new questions, 2026-12-04): the photo of trees, enlarged, made face-cascade boxes in the
    foliage (weights up to 55, and cheeks 98% "skin" in colour), counted as people: "How many people are
    in the photo" was kept as short_not_empty on a photo with no one. A face counts only inside a body
    that HOG or CenterNet sees; alone it is a doubt."""
    rgb = cv2.resize(trees, (width, int(width * trees.shape[0] / trees.shape[1])), interpolation=cv2.INTER_LINEAR)
    if grey:
        rgb = cv2.cvtColor(cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY), cv2.COLOR_GRAY2RGB)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_image(pymupdf.Rect(50, 100, 562, 100 + 512 * rgb.shape[0] / width), stream=jpeg(rgb, 95))
    doc.save(tmp_path / "foliage.pdf")
    doc.close()
    opened = load_doc(tmp_path / "foliage.pdf", ocr=False)
    r = run_probe("people", opened, Scope((1,), in_image=True), {})
    opened.close()
    assert r.members == () and not r.measured_zero, (r.note, r.members)
    assert any(d.what.startswith("face") for d in r.doubts), r.doubts  # the cascades did fire: they are doubts

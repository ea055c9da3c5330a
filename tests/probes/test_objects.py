"""Probe ``objects``: the street photo (no bicycle, cars as positive control), the vocabulary, and refusal paths."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from fixtures.drawn import car_pictogram, furniture, jpeg, photo_like
from widening.detector import centernet
from widening.facts.extract import load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe
from widening.probes import objects as objects_probe

STREET = "8e7c4cb542ad160f80fb3d795ada35d8.pdf"
PHOTO = pymupdf.Rect(161, 450, 550, 743)  # the street photo on PDF p2


@pytest.fixture(scope="module")
def street(corpus: Path):
    doc = load_doc(corpus / "documents" / STREET, ocr=False)
    yield doc
    doc.close()


def test_vocabulary_maps_words_to_coco_classes():
    assert objects_probe.detector_class("bikes") == "bicycle"
    assert objects_probe.detector_class("Women") == "person"
    assert objects_probe.detector_class("potted plant") == "potted plant"
    assert objects_probe.detector_class("helmet") is None
    assert set(objects_probe.vocabulary()["classes"]) <= set(centernet.COCO)
    assert 0 < objects_probe.default_min_score() < 0.5


def test_class_without_detector_cannot_measure(tmp_path):
    out = pymupdf.open()
    out.new_page()
    out.save(tmp_path / "blank.pdf")
    doc = load_doc(tmp_path / "blank.pdf", ocr=False)
    r = run_probe("objects", doc, Scope(pages=(1,)), {"object_class": "helmet"})
    assert r.status is ProbeStatus.could_not_measure and "no detector class" in r.note
    doc.close()


def test_detector_missing_cannot_measure(street, monkeypatch, tmp_path):
    monkeypatch.setattr(centernet, "detector_dir", lambda: tmp_path)  # an empty install folder
    r = run_probe("objects", street, Scope(pages=(2,)), {"object_class": "bicycle"})
    assert r.status is ProbeStatus.could_not_measure
    assert "not installed" in r.note and centernet.INSTALL_HINT in r.note


def test_street_photo_no_bicycle_but_cars(street):
    if centernet.unavailable():
        r = run_probe("objects", street, Scope(pages=(2,)), {"object_class": "bicycle"})
        assert r.status is ProbeStatus.could_not_measure and "not installed" in r.note
        return
    bike = run_probe("objects", street, Scope(pages=(2,), in_image=True), {"object_class": "bike"})
    assert bike.status is ProbeStatus.measured and bike.members == (), bike.note
    assert bike.best_candidates and bike.best_candidates[0].score < objects_probe.default_min_score()
    assert "best below threshold" in bike.note
    cars = run_probe("objects", street, Scope(pages=(2,), in_image=True), {"object_class": "car"})
    assert len(cars.members) >= 2, cars.note
    assert all(PHOTO.contains(pymupdf.Rect(m.bbox)) and m.score >= 0.15 for m in cars.members)


def test_no_image_in_scope(tmp_path):
    if centernet.unavailable():
        pytest.skip("COCO detector not installed")
    out = pymupdf.open()
    out.new_page().insert_text((72, 72), "text only")
    out.save(tmp_path / "t.pdf")
    doc = load_doc(tmp_path / "t.pdf", ocr=False)
    r = run_probe("objects", doc, Scope(pages=(1,), in_image=True), {"object_class": "dog"})
    assert r.status is ProbeStatus.could_not_measure and "no image" in r.note
    doc.close()


def _parking(tmp_path: Path, car: bool) -> Path:
    """A photograph showing nothing (continuous tones) on the left; a vector car on the right (``car``),
    else rules, a page frame and a ruled table."""
    out = pymupdf.open()
    page = out.new_page(width=612, height=792)
    page.insert_text((40, 60), "Campus parking", fontsize=18)
    page.insert_image(pymupdf.Rect(60, 120, 300, 300), stream=jpeg(photo_like(11)))
    if car:
        car_pictogram(page, 340, 180)
        page.insert_text((340, 280), "Our new pool car", fontsize=10)
    else:
        furniture(page, pymupdf.Rect(60, 420, 540, 540))
    path = tmp_path / ("car.pdf" if car else "no_car.pdf")
    out.save(path)
    return path


def test_a_vector_car_beside_a_photo_is_a_doubt(tmp_path):
    """Regression (review rv5 F1, ob3a): "What colour is the car in the picture on page 1?" with a vector
    car beside a photograph was a measured zero: the detector only looked at the photograph, and the
    doubt for vector drawings was given only on a page with no photograph."""
    if centernet.unavailable():
        pytest.skip("COCO detector not installed")
    doc = load_doc(_parking(tmp_path, car=True), ocr=False)
    r = run_probe("objects", doc, Scope(pages=(1,), in_image=True), {"object_class": "car"})
    doc.close()
    assert not r.measured_zero, r.note
    car = pymupdf.Rect(340, 180, 500, 254)
    assert any(d.what.startswith("vector drawing") and pymupdf.Rect(d.bbox).contains(car) for d in r.doubts), r.doubts


def test_a_photo_beside_rules_and_a_ruled_table_still_widens(tmp_path):
    """Control: the same page with rules, a frame and a ruled table instead of the car is a measured zero."""
    if centernet.unavailable():
        pytest.skip("COCO detector not installed")
    doc = load_doc(_parking(tmp_path, car=False), ocr=False)
    r = run_probe("objects", doc, Scope(pages=(1,), in_image=True), {"object_class": "car"})
    doc.close()
    assert r.measured_zero, (r.note, r.doubts)

"""Probe ``objects``: the street photo (no bicycle, cars as positive control), the vocabulary, and refusal paths."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

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

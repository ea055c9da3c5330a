"""A photo laid over a larger picture (a page-size background) is looked at on its own.

Regression: a corpus street photo (two cars) at 110 dpi placed 130 pt wide over a page-size
photograph of trees (55 dpi) was skipped as "inside an already rendered view at no finer resolution": it
reached the detector only inside the whole page, shrunk to the model's input, where its cars scored 0.34
and 0.26 (0.66 and 0.50 alone). Three people in a 60 pt photo over the same background: 0.42-0.31 (0.67-0.46 alone)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pdfs
import pymupdf
import pytest

from widening.detector import centernet
from widening.detector.views import views_for
from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe

GPL = "GPL-Graduate-Studies-Professional-Learning-Brochure-Jul-2021.pdf"
TREES_XREF = 5
INSET = pymupdf.Rect(400, 600, 530, 600 + 130 * 156 / 324)


def _page(path: Path, cars: np.ndarray, trees: np.ndarray | None) -> Path:
    h, w = cars.shape[:2]
    nw = int(INSET.width * 110 / 72)
    small = cv2.resize(cars, (nw, int(nw * h / w)), interpolation=cv2.INTER_AREA)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    if trees is not None:
        page.insert_image(page.rect, stream=pdfs.png_bytes(trees), keep_proportion=False)
    page.insert_text((72, 72), "Streets for people", fontsize=24, color=(1, 1, 1))
    page.insert_image(INSET, stream=pdfs.png_bytes(small))
    return pdfs.save(doc, path)


@pytest.fixture(scope="module")
def inset(corpus: Path, tmp_path_factory) -> tuple[Path, Path]:
    """(over a page-size background, on a blank page): the same low-resolution inset."""
    cars = pdfs.two_cars(corpus)
    trees = pdfs.picture_pixels(corpus / "documents" / GPL, TREES_XREF)
    out = tmp_path_factory.mktemp("inset")
    return _page(out / "over.pdf", cars, trees), _page(out / "plain.pdf", cars, None)


def _has_own_view(path: Path) -> bool:
    doc = load_doc(path, ocr=False)
    try:
        return any(v.kind == "image" and abs(v.rect & INSET) >= 0.9 * abs(INSET) and abs(v.rect) <= 1.1 * abs(INSET)
                   for v in views_for(doc, 1, None, True))
    finally:
        doc.close()


def test_a_photo_over_a_page_size_background_gets_its_own_view(inset):
    over, plain = inset
    assert _has_own_view(plain)  # control
    assert _has_own_view(over)


def test_its_cars_score_as_they_do_alone(inset):
    if centernet.unavailable():
        pytest.skip("COCO detector not installed")
    over, _ = inset
    doc = load_doc(over, ocr=False)
    r = run_probe("objects", doc, Scope((1,), in_image=True), {"object_class": "car"})
    doc.close()
    assert any(m.score >= 0.5 and abs(pymupdf.Rect(m.bbox) & INSET) >= 0.8 * abs(pymupdf.Rect(m.bbox)) for m in r.members), r.members

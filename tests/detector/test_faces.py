"""Haar detection one pyramid level at a time: the same boxes as OpenCV's own call, on real photos."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pymupdf
import pytest
from hypothesis import given
from hypothesis import strategies as st

from widening.detector import faces as fd

GPL = "GPL-Graduate-Studies-Professional-Learning-Brochure-Jul-2021.pdf"
# The cascades and settings faces() and bodies() use.
SETTINGS = [
    ("frontalface_default", 5, 24, 1.03),
    ("frontalface_alt2", 4, 24, 1.05),
    ("profileface", 5, 24, 1.1),
    ("upperbody", 4, 40, 1.1),
]


def _opencv(g: np.ndarray, name: str, neighbours: int, min_px: int, step: float) -> list[tuple[tuple[int, ...], float]]:
    boxes, _levels, weights = fd.cascade(name).detectMultiScale3(
        g, scaleFactor=step, minNeighbors=neighbours, minSize=(min_px, min_px), outputRejectLevels=True
    )
    return sorted(zip([tuple(int(v) for v in b) for b in boxes], [round(float(w), 6) for w in np.ravel(weights)]))


@pytest.fixture(scope="module")
def brochure_pages(corpus: Path) -> list[np.ndarray]:
    """Grey renders of GPL pages with photos of people (the p4 spread holds 30 people)."""
    doc = pymupdf.open(corpus / "documents" / GPL)
    out = []
    for pno in (3, 10, 15):
        pix = doc[pno].get_pixmap(dpi=110)
        out.append(fd.gray(np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, pix.n)[:, :, :3]))
    return out


@pytest.mark.parametrize("name,neighbours,min_px,step", SETTINGS)
def test_level_by_level_equals_opencv(brochure_pages, name, neighbours, min_px, step):
    found = 0
    for g in brochure_pages:
        want = _opencv(g, name, neighbours, min_px, step)
        boxes, weights = fd.haar_detect(fd.cascade(name), g, step, neighbours, (min_px, min_px))
        assert sorted(zip(boxes, [round(w, 6) for w in weights])) == want
        found += len(want)
    if name.startswith("frontal"):
        assert found >= 5  # the comparison is about real faces, not two empty lists


def test_image_smaller_than_the_window_finds_nothing():
    g = np.zeros((10, 10), dtype=np.uint8)
    assert fd.haar_detect(fd.cascade("frontalface_default"), g, 1.1, 3, (24, 24)) == ([], [])


_rect = st.tuples(st.integers(0, 200), st.integers(0, 200), st.integers(1, 80), st.integers(1, 80))


@given(rects=st.lists(_rect, max_size=40), threshold=st.integers(1, 4))
def test_grouping_keeps_the_boxes_opencv_keeps(rects, threshold):
    want, _counts = cv2.groupRectangles([list(r) for r in rects], threshold, 0.2)
    got, weights = fd._group(list(rects), [1] * len(rects), [0.5] * len(rects), threshold, 0.2)
    assert sorted(got) == sorted(tuple(int(v) for v in r) for r in want)
    assert len(weights) == len(got)

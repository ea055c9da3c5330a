"""Opening a PDF: a rotated page with a CropBox is read as it is shown (hunt 25b of the picture probes)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs
from widening.facts.extract import load_doc


def _render(page: pymupdf.Page) -> np.ndarray:
    pix = page.get_pixmap(dpi=24)
    return np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, pix.n).astype(int)


def _patched(path: Path, rotation: int, media: tuple[float, ...], crop: tuple[float, ...] | None, inherited: bool = False) -> Path:
    """A page of coloured blocks and a line of text, then the raw MediaBox, CropBox (or the page tree's) and /Rotate."""
    doc = pymupdf.open()
    page = doc.new_page(width=media[2] - media[0], height=media[3] - media[1])
    rng = np.random.default_rng(7)
    for _ in range(14):
        x, y = rng.uniform(0, page.rect.width - 60), rng.uniform(0, page.rect.height - 40)
        page.draw_rect(pymupdf.Rect(x, y, x + 50, y + 30), color=None, fill=tuple(rng.uniform(0, 1, 3)))
    page.insert_text((150, 420), "Quarterly sales by region", fontsize=14)
    doc.xref_set_key(page.xref, "MediaBox", "[%g %g %g %g]" % media)
    if crop is not None:
        owner = int(doc.xref_get_key(doc.pdf_catalog(), "Pages")[1].split()[0]) if inherited else page.xref
        doc.xref_set_key(owner, "CropBox", "[%g %g %g %g]" % crop)
    doc.xref_set_key(page.xref, "Rotate", str(rotation))
    return pdfs.save(doc, path)


def _same_as_shown(path: Path) -> None:
    shown = pymupdf.open(path)
    doc = load_doc(path, ocr=False)
    try:
        want, got = _render(shown[0]), _render(doc.page(1))
        assert tuple(doc.page(1).rect) == pytest.approx(tuple(shown[0].rect), abs=0.5)
        assert want.shape == got.shape and np.abs(want - got).mean() < 3
    finally:
        doc.close()
        shown.close()


@pytest.mark.parametrize("rotation", [90, 180, 270])
@pytest.mark.parametrize("inherited", [False, True])
def test_a_rotated_page_keeps_its_crop(tmp_path: Path, rotation: int, inherited: bool) -> None:
    """Regression: PyMuPDF's remove_rotation drops the CropBox at 90/270 (the page grew to its MediaBox,
    content the crop hides came into view, every region moved) and leaves it unturned at 180."""
    _same_as_shown(_patched(tmp_path / "c.pdf", rotation, (0, 0, 595, 842), (40, 100, 500, 600), inherited))


def test_a_rotated_page_without_a_crop_is_unchanged(tmp_path: Path) -> None:
    """Control: no CropBox, a MediaBox off the origin."""
    _same_as_shown(_patched(tmp_path / "c.pdf", 90, (100, 50, 695, 892), None))


@settings(max_examples=12, deadline=None)
@given(rotation=st.sampled_from([90, 180, 270]), ox=st.integers(-60, 120), oy=st.integers(-60, 120),
       fx=st.tuples(st.floats(0, 0.4), st.floats(0.55, 1)), fy=st.tuples(st.floats(0, 0.4), st.floats(0.55, 1)))
def test_any_rotated_crop_is_read_as_shown(tmp_path_factory, rotation: int, ox: int, oy: int, fx: tuple, fy: tuple) -> None:
    """Property: whatever the MediaBox origin and the CropBox within it, the page read is the page shown."""
    media = (ox, oy, ox + 595, oy + 842)
    crop = (ox + 595 * fx[0], oy + 842 * fy[0], ox + 595 * fx[1], oy + 842 * fy[1])
    _same_as_shown(_patched(tmp_path_factory.mktemp("p") / "c.pdf", rotation, media, crop))


def _chart_page(path: Path, crop: bool) -> Path:
    """Page 2 turned 90 degrees: a photo and two red bars drawn where, cropped to the left 300 pt, the
    shown page's bottom half lies (uncropped, they are in its upper part)."""
    doc = pymupdf.open()
    doc.new_page(width=595, height=842).insert_text((72, 72), "Intro page text.")
    page = doc.new_page(width=595, height=842)
    page.insert_text((250, 100), "Sales by region, annual report.", fontsize=11, rotate=90)
    page.insert_image(pymupdf.Rect(140, 300, 230, 500), pixmap=pdfs.photo(6))
    page.draw_rect(pymupdf.Rect(150, 560, 170, 760), color=None, fill=(0.9, 0.1, 0.1))
    page.draw_rect(pymupdf.Rect(190, 560, 210, 700), color=None, fill=(0.9, 0.1, 0.1))
    if crop:
        page.set_cropbox(pymupdf.Rect(0, 0, 300, 842))
    page.set_rotation(90)
    return pdfs.save(doc, path)


@pytest.mark.parametrize("question", ["How many pictures are in the bottom half of page 2?", "How many red bars are at the bottom of page 2?"])
def test_what_the_bottom_of_a_cropped_turned_page_shows_is_not_widened(tmp_path: Path, question: str) -> None:
    """Regression: with the crop dropped the bottom half was looked for below the crop, where the page
    is empty: the photo and the bars in the shown bottom half were widened."""
    rec = pdfs.decide(_chart_page(tmp_path / "crop.pdf", crop=True), question)
    assert rec.decision == "keep", rec.reason
    # Control: uncropped, the same drawing lies in the upper part of the turned page: the bottom is empty.
    rec = pdfs.decide(_chart_page(tmp_path / "full.pdf", crop=False), question)
    assert rec.decision == "widen", rec.reason

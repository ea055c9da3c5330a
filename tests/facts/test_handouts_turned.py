"""Slides placed as pages (form XObjects) on a page with /Rotate or a CropBox land where a reader sees them.

get_xobjects gives a placed page's box in the PDF space of the file as written: y upwards from the
MediaBox's bottom, before the rotation document._derotate bakes into the content. Taking y down from
the MediaBox's height alone put a landscape sheet's slides (a portrait MediaBox turned by /Rotate 90,
as N-up tools write one) upright where they lie across, so no slide frame was seen and the document
was no handout; and a CropBox moved every frame off its slide, so the number printed in a slide's
corner fell outside the band looked in.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from fixtures import handouts
from fixtures.handouts import _slide_page
from widening.facts.extract import load_doc
from widening.facts.handouts import _frame_group, handout_counts, slide_number_pages

SLIDE_W, SLIDE_H = 250, 250 * 9 / 16


def _seen_rects() -> list[pymupdf.Rect]:
    """Where the three slides of a landscape sheet (842 x 595 as seen) lie, side by side."""
    return [pymupdf.Rect(20 + k * 270, 200, 20 + k * 270 + SLIDE_W, 200 + SLIDE_H) for k in range(3)]


def _turned_handout(path: Path, rotate: int, crop: tuple[float, float, float, float] | None) -> Path:
    """Nine upright slides, three to a landscape sheet written as a portrait MediaBox with /Rotate ``rotate``
    (each slide's number in its bottom right corner); ``crop`` a CropBox in PDF space."""
    d = pymupdf.open()
    n = 0
    for _ in range(3):
        page = d.new_page(width=595, height=842)
        page.set_rotation(rotate)
        for r in _seen_rects():
            n += 1
            page.show_pdf_page(r * page.derotation_matrix, _slide_page(n, False), 0, rotate=rotate)
            page.insert_text(pymupdf.Point(r.x1 - 14, r.y1 - 4) * page.derotation_matrix, str(n), fontsize=6, rotate=rotate)
        if crop is not None:
            d.xref_set_key(page.xref, "CropBox", "[%g %g %g %g]" % crop)
    d.save(path)
    return path


def _near(a, b, tol: float = 1.0) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


@pytest.mark.parametrize("rotate", [90, 270])
@pytest.mark.parametrize("crop", [None, (10, 10, 585, 832)])
def test_slides_placed_on_a_turned_sheet_are_seen_where_they_lie(tmp_path, rotate, crop):
    doc = load_doc(_turned_handout(tmp_path / "h.pdf", rotate, crop), ocr=False)
    try:
        shift = 10 if crop else 0  # the CropBox trims 10 pt off every side, whichever way the page turns
        want = [r + (-shift, -shift, -shift, -shift) for r in _seen_rects()]
        for i in (1, 2, 3):
            page = doc.page(i)
            frames = sorted(_frame_group(page))
            assert len(frames) == 3 and all(_near(f, w) for f, w in zip(frames, want)), (i, frames, want)
            assert all(pymupdf.Rect(f) in page.rect + (-1, -1, 1, 1) for f in frames)
        assert handout_counts(doc) == (3, 3, 3)
        assert slide_number_pages(doc, 5) == (2,) and slide_number_pages(doc, 9) == (3,)
    finally:
        doc.close()


@pytest.mark.parametrize("crop", [None, (0, 0, 595, 782), (20, 30, 575, 812)])
def test_slides_placed_on_a_cropped_page_are_seen_where_they_lie(tmp_path, crop):
    """An upright page, its CropBox shorter than its MediaBox at the top: the frames move up with what is shown
    (None: the control, the MediaBox alone)."""
    spec = handouts.HandoutSpec(slides=9, per_page=3, medium="placed", numbered=True, pictured=2)
    plain = load_doc(handouts.build(spec, tmp_path / "plain.pdf"), ocr=False)
    want = [sorted(_frame_group(plain.page(i))) for i in (1, 2, 3)]
    plain.close()
    path = tmp_path / "cropped.pdf"
    d = pymupdf.open(handouts.build(spec, tmp_path / "h.pdf"))
    if crop is not None:
        for page in d:
            d.xref_set_key(page.xref, "CropBox", "[%g %g %g %g]" % crop)
    d.save(path)
    d.close()
    dx, dy = (crop[0], 842 - crop[3]) if crop else (0, 0)  # the shown part's top left, measured down from the MediaBox's top
    doc = load_doc(path, ocr=False)
    try:
        for i in (1, 2, 3):
            frames = sorted(_frame_group(doc.page(i)))
            assert len(frames) == 3 and all(_near(f, (w[0] - dx, w[1] - dy, w[2] - dx, w[3] - dy)) for f, w in zip(frames, want[i - 1])), (i, frames)
        assert handout_counts(doc) == (3, 3, 3)
        assert slide_number_pages(doc, 5) == (2,)
    finally:
        doc.close()

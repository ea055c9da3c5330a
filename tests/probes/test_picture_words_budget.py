"""The picture budget counts distinct pictures: a masked bullet placed on every line is one picture when its
mask is certain (the only image of its pixel size on the page), so a manual's 700 bullets do not make its
pages blind; two images of one size whose masks PyMuPDF cannot tell apart still count placement by placement."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
from hypothesis import given, settings, strategies as st

from widening.facts.extract import load_doc
from widening.probes import picture_words


def _bullet(colour: int) -> pymupdf.Pixmap:
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 7, 6), True)  # with alpha: stored with a soft mask
    pix.clear_with(0)
    for x in range(1, 6):
        for y in range(1, 5):
            pix.set_pixel(x, y, (colour, 40, 40, 255))
    return pix


def _distinct(path: Path) -> int:
    doc = load_doc(path, ocr=False)
    try:
        return picture_words.distinct_pictures(doc, [p.index for p in doc.facts.pages])
    finally:
        doc.close()


@settings(max_examples=8, deadline=None)
@given(pages=st.integers(1, 3), per_page=st.integers(2, 12))
def test_a_masked_bullet_placed_again_is_one_picture(tmp_path_factory, pages, per_page):
    doc = pdfs.new_doc(pages)
    xref = 0
    for page in doc:
        pdfs.text(page, (90, 60), "Body text beside the bullets.")
        for k in range(per_page):
            rect = pymupdf.Rect(72, 80 + 14 * k, 77, 85 + 14 * k)
            xref = page.insert_image(rect, pixmap=_bullet(200)) if not xref else page.insert_image(rect, xref=xref)
    path = pdfs.save(doc, tmp_path_factory.mktemp("b") / "bullets.pdf")
    assert _distinct(path) == 1


def test_control_two_masked_images_of_one_size_count_each_placement(tmp_path):
    doc = pdfs.new_doc()
    page = doc[0]
    pdfs.text(page, (90, 60), "Body text beside the bullets.")
    a = page.insert_image(pymupdf.Rect(72, 80, 77, 85), pixmap=_bullet(200))
    b = page.insert_image(pymupdf.Rect(72, 100, 77, 105), pixmap=_bullet(30))
    page.insert_image(pymupdf.Rect(72, 120, 77, 125), xref=a)
    page.insert_image(pymupdf.Rect(72, 140, 77, 145), xref=b)
    assert _distinct(pdfs.save(doc, tmp_path / "two.pdf")) == 4

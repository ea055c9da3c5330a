"""Opening a PDF: a page with /Rotate is read in the frame a reader sees."""

from __future__ import annotations

import pymupdf
import pytest

from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe

CORNERS = {"top_left": (60, 120), "top_right": (400, 120), "bottom_left": (60, 780), "bottom_right": (400, 780)}


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
@pytest.mark.parametrize("corner", sorted(CORNERS))
def test_what_a_rotated_page_shows_anywhere_is_found(tmp_path, rotation: int, corner: str) -> None:
    """Regression (review of the probes): on a /Rotate 90 page PyMuPDF gives words, drawings and
    images in the unrotated frame while page.rect and renders are rotated; what lay in the bottom
    third of the portrait content was outside every scope, so red words there were a measured zero."""
    x, y = CORNERS[corner]
    pdf = pymupdf.open()
    page = pdf.new_page(width=595, height=842)
    page.insert_text((x, y), "Alert", fontsize=12, color=(0.9, 0.1, 0.1))
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 60, 40), False)
    pix.set_rect(pix.irect, (30, 120, 200))
    top = y + 20 if y < 400 else y - 140
    page.insert_image(pymupdf.Rect(x, top, x + 150, top + 110), pixmap=pix)
    page.set_rotation(rotation)
    pdf.save(tmp_path / "r.pdf")
    doc = load_doc(tmp_path / "r.pdf", ocr=False)
    try:
        red = run_probe("text_style", doc, Scope((1,)), {"colour": "red"})
        assert [m.what for m in red.members] and "Alert" in red.members[0].what, (rotation, red.note)
        assert run_probe("graphics", doc, Scope((1,)), {"kind": "figure"}).members, rotation
        assert run_probe("text_style", doc, Scope((1,)), {"colour": "green"}).measured_zero
    finally:
        doc.close()

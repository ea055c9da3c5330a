"""The kind of a page: born-digital, scanned with an invisible OCR layer, image only, or empty (pitfalls 6, 13)."""

from __future__ import annotations

import pymupdf

from widening.models import BBox, PageKind

FULL_PAGE = 0.8
_TINY_TEXT = 20
# The header and footer bands (fractions of the page height) a filing stamp or folio sits in.
_BAND = 0.12


def classify(page: pymupdf.Page, text: str, image_boxes: list[BBox], text_boxes: list[BBox] | None = None) -> PageKind:
    """born-digital, scanned with an OCR layer, image only, or empty (pitfalls 6 and 13).

    A full-page picture whose only text layer sits in the header or footer band (a court's
    filing stamp over a scanned complaint, a folio over a slide image) is image-only: its body
    is pixels, so OCR must read it, and the text layer would measure the stamp alone."""
    rect = page.rect
    area = abs(rect) or 1.0
    big_image = any(abs(pymupdf.Rect(b) & rect) / area > FULL_PAGE for b in image_boxes)
    chars = len("".join(text.split()))
    if chars == 0:
        if image_boxes:
            return PageKind.image_only
        # No text and no image: vector art may still carry words as outlines, so any
        # drawing makes it image-only (OCR can read it); only a blank page is empty.
        return PageKind.image_only if page.get_cdrawings() else PageKind.empty
    if big_image:
        if chars < _TINY_TEXT or (text_boxes and all(_in_band(b, rect) for b in text_boxes)):
            return PageKind.image_only
        if any("glyphless" in f[3].lower() for f in page.get_fonts()) or _all_invisible(page):
            return PageKind.scanned_ocr
    return PageKind.born_digital


def _all_invisible(page: pymupdf.Page) -> bool:
    # Render mode 3 (neither filled nor stroked) is the classic hidden OCR layer.
    try:
        trace = page.get_texttrace()
    except Exception:
        return False
    return bool(trace) and all(t.get("type") == 3 for t in trace)


def _in_band(box: BBox, rect: pymupdf.Rect) -> bool:
    band = _BAND * rect.height
    return box[3] <= rect.y0 + band or box[1] >= rect.y1 - band

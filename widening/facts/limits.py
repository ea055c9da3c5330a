"""Pixel budgets: a hostile PDF (huge page, image bomb) must never be rasterised at full size.

Every render or image decode in facts, OCR and probes should go through ``render_matrix``
/ ``image_fits`` so one PDF cannot exhaust a worker's memory.
"""

from __future__ import annotations

import math

import pymupdf

# 40 Mpx RGB is ~120 MB: A0 at 150 dpi still fits, a 14400 pt page at 300 dpi does not.
MAX_RENDER_PIXELS = 40_000_000
# An embedded image we would decode on its own (e.g. to OCR inside a figure).
MAX_IMAGE_PIXELS = 60_000_000


def render_zoom(width_pt: float, height_pt: float, dpi: float, max_pixels: int = MAX_RENDER_PIXELS) -> float:
    """The zoom for rendering a ``width_pt`` x ``height_pt`` area at ``dpi``, lowered to fit ``max_pixels``."""
    zoom = max(dpi, 1.0) / 72.0
    area = max(width_pt, 1e-6) * max(height_pt, 1e-6)
    if area * zoom * zoom > max_pixels:
        zoom = math.sqrt(max_pixels / area)
    return zoom


def render_matrix(
    page: pymupdf.Page, dpi: float, clip: pymupdf.Rect | None = None, max_pixels: int = MAX_RENDER_PIXELS
) -> pymupdf.Matrix:
    """A ``pymupdf.Matrix`` for ``page.get_pixmap(matrix=..., clip=clip)`` that stays within budget."""
    rect = pymupdf.Rect(clip) & page.rect if clip is not None else page.rect
    zoom = render_zoom(rect.width, rect.height, dpi, max_pixels)
    return pymupdf.Matrix(zoom, zoom)


def image_fits(width: int, height: int, max_pixels: int = MAX_IMAGE_PIXELS) -> bool:
    """Whether an embedded image of this declared size may be decoded at full size."""
    return 0 < width and 0 < height and width * height <= max_pixels


def oversized_images(page: pymupdf.Page, max_pixels: int = MAX_IMAGE_PIXELS, infos: list[dict] | None = None) -> list[dict]:
    """Image infos on ``page`` whose declared size exceeds the budget (no pixels are decoded).

    ``infos``: the page's ``get_image_info()`` when the caller already has it (it reads the whole page)."""
    infos = page.get_image_info() if infos is None else infos
    # A shading clipped to nothing is listed as a 0 x 0 "image": it declares no pixels to decode.
    return [i for i in infos if int(i.get("width", 0)) * int(i.get("height", 0)) > 0
            and not image_fits(int(i["width"]), int(i["height"]), max_pixels)]


def render_refusal(page: pymupdf.Page, max_pixels: int = MAX_IMAGE_PIXELS, infos: list[dict] | None = None) -> str | None:
    """Why rendering ``page`` would be unsafe (an image bomb on it), or None when it is fine.

    MuPDF decompresses every image a render touches in full, whatever the zoom:
    a 100,000 x 100,000 px image costs tens of seconds even at 72 dpi. A caller that gets a reason
    reports could-not-measure for that page.
    """
    big = oversized_images(page, max_pixels, infos)
    if not big:
        return None
    w, h = int(big[0].get("width", 0)), int(big[0].get("height", 0))
    return f"page {page.number + 1} holds an image of {w} x {h} px, over the {max_pixels:,} px decode budget"


class RenderRefused(ValueError):
    """Rendering was refused because it would exceed the pixel budget (an image bomb)."""


def safe_pixmap(page: pymupdf.Page, dpi: float, clip: pymupdf.Rect | None = None,
                colorspace: pymupdf.Colorspace = pymupdf.csRGB, annots: bool = True, infos: list[dict] | None = None) -> pymupdf.Pixmap:
    """``page.get_pixmap`` within the budgets; raises RenderRefused for an image bomb on the page (``infos``: as in oversized_images)."""
    why = render_refusal(page, infos=infos)
    if why:
        raise RenderRefused(why)
    return page.get_pixmap(matrix=render_matrix(page, dpi, clip), clip=clip, alpha=False, colorspace=colorspace, annots=annots)

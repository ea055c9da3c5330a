"""Slant and weight measured on the glyphs a page shows, font by font.

A font program may draw oblique or heavy letters while its name, flags, descriptor and tables all say
upright and regular (a renamed or re-subset font, a converter that drops the style bits). Its spans
then pass every declared test. These measures read the render instead; they only ever make a span a
doubt (text_style), never a member, and never take one out.
"""

from __future__ import annotations

import cv2
import numpy as np
import pymupdf

from widening.facts.limits import RenderRefused, render_zoom, safe_pixmap
from widening.models import BBox

# The render's height for the font size, in pixels: stems several pixels wide, slants a few pixels across.
GLYPH_PX = 40
# Shears tried (x shifted by s per pixel upward): upright text sharpens its column profile at 0, italic
# at about its slant's tangent (8-20 degrees: 0.14-0.36).
SHEARS = tuple(round(s, 2) for s in np.arange(-0.1, 0.41, 0.05))
SAMPLE_SPANS = 6
MIN_CHARS = 4


def _ink(page: pymupdf.Page, bbox: BBox, dpi: int) -> np.ndarray | None:
    clip = pymupdf.Rect(bbox) & page.rect
    if clip.is_empty:
        return None
    if render_zoom(clip.width, clip.height, dpi) < dpi / 72.0 * 0.999:
        return None  # over the pixel budget: a coarser render would misstate the strokes' width for the size
    try:
        pix = safe_pixmap(page, dpi, clip, colorspace=pymupdf.csGRAY, annots=False)
    except RenderRefused:
        return None
    grey = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width)
    if grey.size == 0:
        return None
    # Ink is what differs from the box's most common shade (paper, or a tinted ground).
    ground = int(np.bincount(grey.ravel(), minlength=256).argmax())
    ink = (np.abs(grey.astype(np.int16) - ground) > 64).astype(np.uint8)
    return ink if ink.sum() >= 20 else None


def lean(ink: np.ndarray) -> float:
    """The shear that makes the ink's columns sharpest: about 0 for upright letters, the slant's tangent for italic."""
    h, w = ink.shape
    pad = int(0.5 * h) + 2
    src = cv2.copyMakeBorder(ink.astype(np.float32), 0, 0, pad, pad, cv2.BORDER_CONSTANT, value=0)
    best, score = 0.0, -1.0
    for s in SHEARS:
        # Undo a forward lean: a pixel y rows above the bottom moves s*y to the left.
        m = np.float32([[1, s, -s * (h - 1)], [0, 1, 0]])
        cols = cv2.warpAffine(src, m, (src.shape[1], h), flags=cv2.INTER_NEAREST).sum(axis=0)
        if (v := float((cols ** 2).sum())) > score:
            best, score = float(s), v
    return best


def stroke(ink: np.ndarray, size_px: float) -> float:
    """The letters' stroke width over the font size: twice the mean ink depth along each stroke's middle."""
    dist = cv2.distanceTransform(ink, cv2.DIST_L2, 3)
    ridge = (dist >= cv2.dilate(dist, np.ones((3, 3), np.uint8))) & (ink > 0)
    return float(2 * dist[ridge].mean() / size_px) if ridge.any() else 0.0


def font_shapes(page: pymupdf.Page, spans: list[tuple[BBox, str, float]]) -> tuple[float, float] | None:
    """(lean, stroke width / size) measured on up to SAMPLE_SPANS spans (bbox, text, size) of one font of
    ``page`` (median of each); None when no span has MIN_CHARS letters to measure."""
    leans, strokes = [], []
    for bbox, text, size in [s for s in spans if sum(c.isalpha() for c in s[1]) >= MIN_CHARS and s[2] > 0][:SAMPLE_SPANS]:
        dpi = int(min(max(72.0, GLYPH_PX * 72.0 / size), 1200.0))
        ink = _ink(page, bbox, dpi)
        if ink is None:
            continue
        leans.append(lean(ink))
        strokes.append(stroke(ink, size * dpi / 72.0))
    return (float(np.median(leans)), float(np.median(strokes))) if leans else None

"""Boxes in PDF points: rounding, union, and whether a box's centre lies in a clip."""

from __future__ import annotations

from typing import Iterable

import pymupdf

from widening.models import BBox


def rect_tuple(r: Iterable[float]) -> BBox:
    """A rectangle as a BBox rounded to 0.01 pt."""
    x0, y0, x1, y1 = (float(v) for v in r)
    return (round(x0, 2), round(y0, 2), round(x1, 2), round(y1, 2))


def union(boxes: Iterable[BBox]) -> BBox:
    """The smallest box holding all ``boxes`` (at least one)."""
    bs = list(boxes)
    return (min(b[0] for b in bs), min(b[1] for b in bs), max(b[2] for b in bs), max(b[3] for b in bs))


def centre_in(bbox: Iterable[float], clip: pymupdf.Rect) -> bool:
    """True when the centre of ``bbox`` lies inside ``clip``: a glyph or line belongs to one region only."""
    x0, y0, x1, y1 = bbox
    return clip.contains(pymupdf.Point((x0 + x1) / 2, (y0 + y1) / 2))

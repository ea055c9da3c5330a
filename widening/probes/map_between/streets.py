"""Drawn streets beside a label: how far past a label's centre line the band may end.

A label is set on its street or beside it. Where the page draws straight vector strokes parallel
to the label and near it, the farthest of them outward (within half a block) bounds the band; where
none is drawn, or the label lies on a picture (streets in pixels), the label may sit anywhere up to
half the label-to-label spacing from its street.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import pymupdf

from widening.probes.map_between.markers import Label
from widening.probes.map_between.spans import Point
from widening.probes.map_between.vocabulary import rules


@dataclass(frozen=True)
class Stroke:
    """A straight piece of a drawn path and half its stroke width."""

    a: Point
    b: Point
    half_width: float


@dataclass(frozen=True)
class Reach:
    """How far outward of a label's centre line the band may end, and why."""

    distance: float
    why: str


def _pieces(item: tuple) -> list[tuple[Point, Point]]:
    """The straight pieces of one path item: a line, a rectangle's or quad's sides, a curve's chord."""
    kind = item[0]
    if kind == "l":
        return [(tuple(item[1]), tuple(item[2]))]
    if kind == "c":
        return [(tuple(item[1]), tuple(item[4]))]
    corners = [tuple(item[1].tl), tuple(item[1].tr), tuple(item[1].br), tuple(item[1].bl)] if kind == "re" else \
        [tuple(item[1].ul), tuple(item[1].ur), tuple(item[1].lr), tuple(item[1].ll)]
    return [(corners[i], corners[(i + 1) % 4]) for i in range(4)]


class Streets:
    """The drawn strokes and pictures of one map page, read once."""

    def __init__(self, page: pymupdf.Page) -> None:
        self.page = page

    @cached_property
    def strokes(self) -> tuple[Stroke, ...]:
        out: list[Stroke] = []
        for path in self.page.get_drawings():
            # A filled shape's sides bound it as much as a stroked line's centre does.
            half = (path.get("width") or 0.0) / 2 if path.get("color") is not None else 0.0
            out += [Stroke(a, b, half) for item in path["items"] for a, b in _pieces(item)]
        return tuple(out)

    @cached_property
    def pictures(self) -> tuple[pymupdf.Rect, ...]:
        return tuple(pymupdf.Rect(i["bbox"]) for i in self.page.get_image_info())

    def outward_reach(self, label: Label, away: Point, width: float) -> Reach:
        """How far past ``label``'s centre line, along the unit vector ``away`` (out of the band), the
        band may end: the farthest drawn street edge parallel to the label within half a block
        (``width`` / 2), never less than the label's height; half a block where no street is drawn."""
        half_block = width / 2
        if any(r.intersects(pymupdf.Rect(label.bbox)) for r in self.pictures):
            return Reach(half_block, f"{label.text!r} lies on a picture, whose streets are pixels: a label sits up to half the "
                                     f"label-to-label spacing ({half_block:.1f} pt) from its street")
        offsets = [o for s in self.strokes if (o := _offset(s, label, away, half_block)) is not None]
        if not offsets:
            return Reach(half_block, f"no street drawn beside {label.text!r}: a label sits up to half the label-to-label "
                                     f"spacing ({half_block:.1f} pt) from its street")
        farthest = max(offsets)
        if farthest <= label.thickness():
            return Reach(label.thickness(), f"within {label.thickness():.1f} pt (the label's height) of the band: "
                                            "a label beside its street, not on it, moves the band that much")
        return Reach(farthest, f"within {farthest:.1f} pt of the band: a street is drawn that far past {label.text!r}'s centre line")


def _offset(s: Stroke, label: Label, away: Point, limit: float) -> float | None:
    """How far ``s``'s far edge lies past the label's centre line along ``away``, for a stroke parallel
    to the label, longer than the label is tall, beside it and within ``limit``; else None."""
    dx, dy = s.b[0] - s.a[0], s.b[1] - s.a[1]
    length = math.hypot(dx, dy)
    if length < label.thickness():
        return None  # a letter's or a pictogram's stroke, not a street
    ux, uy = label.direction
    if abs(dx * ux + dy * uy) / length < math.cos(math.radians(rules()["max_label_angle"])):
        return None
    cx, cy = label.centre
    along = sorted(((s.a[0] - cx) * ux + (s.a[1] - cy) * uy, (s.b[0] - cx) * ux + (s.b[1] - cy) * uy))
    reach = abs(ux) * (label.bbox[2] - label.bbox[0]) + abs(uy) * (label.bbox[3] - label.bbox[1])  # the label's length
    if along[1] < -reach or along[0] > reach:
        return None  # not beside the label: drawn elsewhere along the street's direction
    # Across the label, at the point of the stroke nearest the label's centre along it.
    k = 0.0 if along[1] == along[0] else min(1.0, max(0.0, -along[0] / (along[1] - along[0])))
    first = (s.a[0] - cx) * away[0] + (s.a[1] - cy) * away[1]
    last = (s.b[0] - cx) * away[0] + (s.b[1] - cy) * away[1]
    if (s.a[0] - cx) * ux + (s.a[1] - cy) * uy > (s.b[0] - cx) * ux + (s.b[1] - cy) * uy:
        first, last = last, first
    across = first + k * (last - first)
    return across + s.half_width if abs(across) <= limit else None

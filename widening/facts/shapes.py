"""What a vector path can draw: can any part of it render as a bar?

A bar is a rectangle by construction (axis-aligned, or turned with a chart drawn tilted), drawn filled, outlined (a hollow bar), as a
thick straight stroke, with rounded corners (down to a pill or a disc when its value is as small
as its thickness), with a pointed end (3D pyramid and cone columns are triangles on an
axis-aligned base), or as hatching: diagonal strokes clipped to it, or trimmed to it by the
producer. Every one of those has an axis-aligned straight side, a curve, a clip, or open
diagonal strokes. A filled polygon or a closed stroked outline whose sides are all straight and
none axis-aligned and not a rectangle turned off the axes (a rhombus, the outline of an X icon)
cannot draw a bar, whatever its size or colour: that is geometry, not a tuned filter. A square on
its corner can (a tilted bar as long as it is thick), so a diamond marker stays a doubt.
"""

from __future__ import annotations

import math
from typing import Any, Iterable

import pymupdf

# Within this many degrees of an axis a straight piece counts as axis-aligned. Generous on
# purpose: the wider it is, the more paths count as bar-capable (the safe direction).
AXIS_DEGREES = 10.0
# A Bezier whose control points lie on its chord (within this fraction of its length) is a
# straight line (some producers write every line as a curve). Tight on purpose: a curve makes
# a piece bar-capable, so calling a real curve straight is the unsafe direction.
FLAT_FRACTION = 0.001

Point = tuple[float, float]
Segment = tuple[Point, Point]


def _pt(p: Any) -> Point:
    return (float(p[0]), float(p[1]))


def _flat(p0: Point, c1: Point, c2: Point, p3: Point) -> bool:
    """The curve's control points lie on its chord (within the flatness tolerance): a straight line."""
    dx, dy = p3[0] - p0[0], p3[1] - p0[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return False
    tol = FLAT_FRACTION * length

    def off(c: Point) -> float:
        return abs(dx * (c[1] - p0[1]) - dy * (c[0] - p0[0])) / length

    return off(c1) <= tol and off(c2) <= tol


def _axis(seg: Segment) -> str | None:
    """'h' or 'v' when the straight piece lies within AXIS_DEGREES of that axis, else None."""
    (x0, y0), (x1, y1) = seg
    dx, dy = abs(x1 - x0), abs(y1 - y0)
    if dx == 0 and dy == 0:
        return None
    angle = math.degrees(math.atan2(dy, dx))
    if angle <= AXIS_DEGREES:
        return "h"
    if angle >= 90 - AXIS_DEGREES:
        return "v"
    return None


class Piece:
    """One subpath: its extent, its straight segments, and whether it is a rectangle item."""

    def __init__(self, rect: pymupdf.Rect, is_rect: bool = False):
        self.rect = pymupdf.Rect(rect)
        self.is_rect = is_rect
        self.curved = False  # a true curve: a rounded corner, a pill, a disc
        self.segs: list[Segment] = []
        self.first: Point | None = None  # where the piece starts and ends: a fill closes it
        self.last: Point | None = None

    def closed_segs(self) -> list[Segment]:
        """Its straight segments plus the closing one (a fill closes a piece; so may a stroke)."""
        if self.first is None or self.last is None or self.first == self.last:
            return self.segs
        return self.segs + [(self.last, self.first)]


def subpaths(items: Iterable[tuple]) -> list[Piece]:
    """The path's pieces. A new piece starts where an item does not begin at the previous
    item's end; a curve that is not flat contributes its extent but no straight segment."""
    out: list[Piece] = []
    end: Point | None = None
    for item in items:
        op = item[0]
        if op == "re":
            out.append(Piece(pymupdf.Rect(item[1]), True))
            end = None
            continue
        if op == "qu":
            q = item[1]
            out.append(Piece(q.rect, bool(q.is_rectangular)))
            end = None
            continue
        if op not in ("l", "c"):  # an item this code does not know: assume the worst
            pts = [_pt(p) for p in item[1:] if isinstance(p, pymupdf.Point)]
            out.append(Piece(pymupdf.Rect(pts[0], pts[0]) if pts else pymupdf.Rect(), True))
            end = None
            continue
        pts = [_pt(p) for p in item[1:]]
        start = pts[0]
        if end is None or math.hypot(start[0] - end[0], start[1] - end[1]) > 1e-3:
            out.append(Piece(pymupdf.Rect(start, start)))
            out[-1].first = start
        piece = out[-1]
        piece.last = pts[-1]
        for p in pts:
            piece.rect |= p
        if op == "l" or _flat(*pts):
            piece.segs.append((start, pts[-1]))
        else:
            piece.curved = True
        end = pts[-1]
    return out


def _tilted_rectangle(segs: list[Segment]) -> bool:
    """Four straight sides, each at a right angle to the next: a rectangle turned off the axes (a bar
    of a chart drawn tilted). A square on its corner counts too: it may be a diamond marker, or a
    tilted bar whose value is as long as the bar is thick, and only a tuned size rule could tell."""
    if len(segs) != 4:
        return False
    vecs = [(b[0] - a[0], b[1] - a[1]) for a, b in segs]
    lengths = [math.hypot(x, y) for x, y in vecs]
    if min(lengths) < 1e-6:
        return False
    for (x0, y0), (x1, y1), n0, n1 in zip(vecs, vecs[1:] + vecs[:1], lengths, lengths[1:] + lengths[:1]):
        if abs(x0 * x1 + y0 * y1) > 0.02 * n0 * n1:  # within about 1 degree of square
            return False
    return True


def piece_can_be_bar(piece: Piece, filled: bool, stroked: bool, closed: bool) -> bool:
    """Certain geometry: can this piece of a path render as (part of) a bar?

    Only a polygon of straight, non-axis-aligned sides that is no tilted rectangle cannot: filled (a
    rhombus, a filled X), or
    stroked as a closed outline of at least three corners (the outline of an X icon); an oblong
    turned off the axes can (a tilted bar). An open
    stroke of diagonal segments can: hatching whose lines a producer trimmed to the bar itself
    (R's barplot density=) shows a bar made of nothing but diagonal strokes."""
    if piece.is_rect or piece.curved or any(_axis(s) for s in piece.closed_segs()) or _tilted_rectangle(piece.closed_segs()):
        return True
    if filled:
        return False
    corners = {p for seg in piece.segs for p in seg}
    return not (stroked and (closed or piece.first == piece.last) and len(corners) >= 3)


def drawing_pieces(d: dict, filled: bool, stroked: bool) -> list[tuple[pymupdf.Rect, bool]]:
    """(rect the piece can ink, can it be a bar) for each piece of a ``get_drawings()`` path whose
    fill and/or stroke is of interest; a stroked piece's rect is grown by half the stroke width."""
    half = float(d.get("width") or 0) / 2 if stroked else 0.0
    closed = bool(d.get("closePath"))
    return [(p.rect + (-half, -half, half, half), piece_can_be_bar(p, filled, stroked, closed)) for p in subpaths(d.get("items", ()))]


def _rectangular(entry: dict) -> bool:
    """A clip path that is one axis-aligned rectangle (its bbox, the scissor, is then exactly what it lets through)."""
    items = entry.get("items") or ()
    if len(items) == 1 and items[0][0] == "re":
        return True
    return len(items) == 1 and items[0][0] == "qu" and bool(items[0][1].is_rectangular)


def uncut_paths(extended: list[dict]) -> list[tuple[dict, bool]]:
    """Each path of ``page.get_drawings(extended=True)`` with whether it renders whole: True only
    when every clip around it is a rectangle containing it (a clip can cut diagonal hatching into a
    rectangle) and it sits in no transparency group (a soft mask can cut it to any shape)."""
    stack: list[tuple[int, bool, pymupdf.Rect]] = []  # (level, cannot cut, scissor) of the open clips and groups
    out = []
    for e in extended:
        level = int(e.get("level", 0))
        while stack and stack[-1][0] >= level:
            stack.pop()
        kind = e.get("type")
        if kind == "clip":
            stack.append((level, _rectangular(e), pymupdf.Rect(e.get("scissor") or e.get("rect"))))
        elif kind == "group":
            stack.append((level, False, pymupdf.Rect()))
        elif kind in ("f", "s", "fs"):
            ink = ink_bound(e)
            out.append((e, all(rect_ok and scissor.contains(ink) for _, rect_ok, scissor in stack)))
    return out


def ink_bound(e: dict) -> pymupdf.Rect:
    """A rectangle no ink of the path can leave: its geometry, grown at each point of a stroke by
    half the width times the largest of a cap's reach (square cap: sqrt 2) and the miter reach of
    the sharpest join there (half / sin(angle / 2), as if no miter limit applied)."""
    rect = pymupdf.Rect(e["rect"])
    if "s" not in str(e.get("type", "")):
        return rect
    half = float(e.get("width") or 0) / 2
    reach = math.sqrt(2)
    for piece in subpaths(e.get("items", ())):
        segs = [(a, b) for a, b in piece.closed_segs() if a != b]
        if piece.curved or piece.is_rect:
            continue  # a curve's offset stays within half of its hull; a rectangle's corners are right angles (reach sqrt 2)
        for (a, b), (c, d) in zip(segs, segs[1:] + segs[:1]):
            if b != c:
                continue
            u = (a[0] - b[0], a[1] - b[1])
            v = (d[0] - c[0], d[1] - c[1])
            cos = (u[0] * v[0] + u[1] * v[1]) / (math.hypot(*u) * math.hypot(*v))
            angle = math.acos(max(-1.0, min(1.0, cos)))  # between the two segments at the joint
            sin_half = math.sin(angle / 2)
            reach = max(reach, 1 / sin_half if sin_half > 1e-6 else math.inf)
    if math.isinf(reach):
        return pymupdf.Rect(-math.inf, -math.inf, math.inf, math.inf)
    g = half * reach
    return rect + (-g, -g, g, g)

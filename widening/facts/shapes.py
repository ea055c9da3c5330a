"""What a vector path can draw: can any part of it render as a bar? And how far its ink reaches.

No piece of a path is certainly barless, whatever its outline. A bar is a rectangle drawn through
whatever map the chart is drawn with: axis-aligned; turned (a tilted chart); sheared (an isometric or
oblique floor plane turns every bar into a parallelogram with no axis-aligned side, hunt F5); or in
perspective (any convex quadrilateral). It may also be drawn with a pointed end (a pyramid column is
a triangle, on a tilted base when the chart is turned), as a 3D box (its silhouette a hexagon), as a
cylinder whose ellipses a producer flattened into short straight sides (a convex polygon of many
sides), as an arrow (a non-convex polygon whose shaft is the bar), or merged with a touching bar of
its colour into one outline (a stepped, non-convex polygon; a candlestick's body and wick make the
outline of an X or a plus). Outlined, each of those is a hollow bar; hatched, a set of open strokes.
So every filled piece and every stroke can render (part of) a bar: that an outline is no rectangle
is a tuned judgement (a doubt), never geometry. ``piece_can_be_bar`` is where a rule certain by
construction would go; none survives the cases above (an X outline, a rhombus, a triangle, a
diamond: all doubts).

How far a stroke's ink reaches past its path (``get_drawings`` gives the path, not the line width):
``ink_bound`` grows the whole path by half the width times the farthest reach of its caps and joins
(for clips: is the path whole?); ``stroke_bound`` measures each segment, cap and join (for what a
drawing paints: a 16 pt stroke along a line of no height is a bar, no hairline).
"""

from __future__ import annotations

import math
from typing import Any, Iterable, NamedTuple

import pymupdf

# A Bezier whose control points lie on its chord (within this fraction of its length) is a
# straight line (some producers write every line as a curve): its joins are measured as a line's.
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


def paints(d: dict) -> bool:
    """Whether a ``get_drawings()`` path leaves ink: a fill or a stroke with a colour and an opacity above 0.
    A path at opacity 0, or with no colour to paint, inks nothing (certain by construction)."""
    filled = d.get("fill") is not None and (d.get("fill_opacity") is None or d["fill_opacity"] > 0)
    stroked = d.get("color") is not None and "s" in (d.get("type") or "") and (d.get("stroke_opacity") is None or d["stroke_opacity"] > 0)
    return filled or stroked


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
            q = item[1] if isinstance(item[1], pymupdf.Quad) else pymupdf.Quad(item[1])  # get_cdrawings gives point tuples
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


def piece_can_be_bar(piece: Piece, filled: bool, stroked: bool, closed: bool) -> bool:
    """Certain geometry: can this piece of a path render as (part of) a bar? Always: see the module
    docstring (a sheared, turned or perspective bar, a pyramid, a 3D box, an arrow, touching bars merged
    into one outline, a hollow bar, hatching). The signature stays for a rule certain by construction."""
    return True


def drawing_pieces(d: dict, filled: bool, stroked: bool) -> list[tuple[pymupdf.Rect, bool]]:
    """(rect the piece can ink, can it be a bar) for each piece of a ``get_drawings()`` path whose
    fill and/or stroke is of interest; a stroked piece's rect is grown by its stroke's reach
    (``stroke_reach``: caps and joins), not half its width alone (a square cap reaches past that)."""
    half = float(d.get("width") or 0) / 2 if stroked else 0.0
    grow = min(half * stroke_reach(d), MAX_REACH) if half else 0.0
    closed = bool(d.get("closePath"))
    return [(p.rect + (-grow, -grow, grow, grow), piece_can_be_bar(p, filled, stroked, closed)) for p in subpaths(d.get("items", ()))]


def _rectangular(entry: dict) -> bool:
    """A clip path that is one axis-aligned rectangle (its bbox, the scissor, is then exactly what it lets through)."""
    items = entry.get("items") or ()
    if len(items) == 1 and items[0][0] == "re":
        return True
    return len(items) == 1 and items[0][0] == "qu" and bool(items[0][1].is_rectangular)


class Cut(NamedTuple):
    """A clip or transparency group open around a path: its scissor (None for a group, which can cut to any
    shape), and whether it is a rectangle (cuts nothing it contains)."""

    scissor: pymupdf.Rect | None
    rectangular: bool


def paths_with_cuts(extended: list[dict]) -> list[tuple[dict, tuple[Cut, ...]]]:
    """Each path (fill or stroke) of ``page.get_drawings(extended=True)`` with the clips and groups open around it."""
    stack: list[tuple[int, Cut]] = []
    out = []
    for e in extended:
        level = int(e.get("level", 0))
        while stack and stack[-1][0] >= level:
            stack.pop()
        kind = e.get("type")
        if kind == "clip":
            cut = e.get("scissor") or e.get("rect")
            stack.append((level, Cut(pymupdf.Rect(cut) if cut is not None else None, _rectangular(e))))
        elif kind == "group":
            stack.append((level, Cut(None, False)))
        elif kind in ("f", "s", "fs"):
            out.append((e, tuple(c for _, c in stack)))
    return out


def uncut_paths(extended: list[dict]) -> list[tuple[dict, bool]]:
    """Each path of ``page.get_drawings(extended=True)`` with whether it renders whole: True only
    when every clip around it is a rectangle containing it (a clip can cut diagonal hatching into a
    rectangle) and it sits in no transparency group (a soft mask can cut it to any shape)."""
    return [(e, all(c.rectangular and c.scissor is not None and c.scissor.contains(ink_bound(e)) for c in cuts))
            for e, cuts in paths_with_cuts(extended)]


def stroke_reach(e: dict) -> float:
    """How far a stroke's ink can reach past its geometry, in half line widths: the largest of a cap's
    reach (square cap: sqrt 2) and the miter reach of the sharpest join (1 / sin(angle / 2), as if no
    miter limit applied; infinite for a stroke that turns straight back)."""
    reach = math.sqrt(2)
    pieces = subpaths(e.get("items", ()))
    # A stroke joins its last segment to its first only where the path is closed ("h", "s", "b"), and a
    # closed path ends where it began (MuPDF reports a closepath as a line back to the start, closePath
    # false). One subpath that ends elsewhere is open: its ends take caps, and a plain line has no join
    # at all. With several subpaths each is taken as closed (a join can only reach further).
    open_path = len(pieces) == 1 and not e.get("closePath") and pieces[0].first is not None and pieces[0].first != pieces[0].last
    for piece in pieces:
        segs = [(a, b) for a, b in (piece.segs if open_path else piece.closed_segs()) if a != b]
        if piece.curved or piece.is_rect:
            continue  # a curve's offset stays within half of its hull; a rectangle's corners are right angles (reach sqrt 2)
        for (a, b), (c, d) in zip(segs, segs[1:] if open_path else segs[1:] + segs[:1]):
            if b != c:
                continue
            u = (a[0] - b[0], a[1] - b[1])
            v = (d[0] - c[0], d[1] - c[1])
            cos = (u[0] * v[0] + u[1] * v[1]) / (math.hypot(*u) * math.hypot(*v))
            angle = math.acos(max(-1.0, min(1.0, cos)))  # between the two segments at the joint
            sin_half = math.sin(angle / 2)
            reach = max(reach, 1 / sin_half if sin_half > 1e-6 else math.inf)
    return reach


# A growth past this (pt) is off any page: a cap for a miter reach a near-reversal makes huge.
MAX_REACH = 1000.0


def ink_bound(e: dict) -> pymupdf.Rect:
    """A rectangle no ink of the path can leave: its geometry, grown at each point of a stroke by
    half the width times ``stroke_reach`` (caps and joins, as if no miter limit applied)."""
    rect = pymupdf.Rect(e["rect"])
    if "s" not in str(e.get("type", "")):
        return rect
    half = float(e.get("width") or 0) / 2
    reach = stroke_reach(e)
    if half and math.isinf(reach):
        return pymupdf.Rect(-math.inf, -math.inf, math.inf, math.inf)
    g = half * reach
    return rect + (-g, -g, g, g)


def _caps(e: dict) -> int:
    """The widest cap the stroke uses: 2 square, 1 round, 0 butt (``lineCap`` is a start, dash, end triple)."""
    caps = e.get("lineCap")
    caps = caps if isinstance(caps, (tuple, list)) else (caps,)
    got = {int(c or 0) for c in caps}
    return 2 if 2 in got else 1 if 1 in got else 0


def stroke_bound(e: dict) -> pymupdf.Rect:
    """The extent of a stroke's ink in page space, as drawn with a round pen of the reported width: each
    straight segment's body (half the width either side), its caps (butt: none; round: a disc; square: half a
    width on), a curve's hull grown by half the width, and its joins (round: a disc; bevel: inside the bodies;
    miter: the tip, as if no miter limit applied, except a line that turns straight back, which MuPDF
    always bevels; a tip is capped at MAX_REACH). Caps are put on every segment's ends (a dash has caps too):
    never less than the ink. Exact for a pen the transformation keeps round (a rotation, a uniform scale);
    under a shear or a stretch the width ``get_drawings`` reports is not the pen's (see ``blocks.mark_ink``)."""
    rect = pymupdf.Rect(e["rect"])
    h = float(e.get("width") or 0) / 2
    if h <= 0 or "s" not in str(e.get("type", "")):
        return rect
    cap, join = _caps(e), int(e.get("lineJoin") or 0)
    out = pymupdf.Rect(rect)

    def add(x: float, y: float) -> None:
        out.include_point((x, y))

    def disc(p: Point, r: float) -> None:
        add(p[0] - r, p[1] - r)
        add(p[0] + r, p[1] + r)

    def end(p: Point, u: Point) -> None:  # a cap at p, u pointing out of the segment
        n = (-u[1], u[0])
        if cap == 1:
            disc(p, h)
        elif cap == 2:
            for sgn in (1, -1):
                add(p[0] + h * (u[0] + sgn * n[0]), p[1] + h * (u[1] + sgn * n[1]))

    # Each subpath as a list of (start, end, start tangent, end tangent); rectangles as themselves.
    runs: list[list[tuple[Point, Point, Point | None, Point | None]]] = []
    last: Point | None = None

    def unit(a: Point, b: Point) -> Point | None:
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = math.hypot(dx, dy)
        return (dx / n, dy / n) if n > 1e-9 else None

    for item in e.get("items", ()):
        op = item[0]
        if op == "re":
            r = pymupdf.Rect(item[1])
            out |= r + (-h, -h, h, h)  # right-angled corners: a miter tip reaches half a width on each axis
            last = None
            continue
        if op == "qu":
            q = item[1]
            pts = [_pt(q.ul), _pt(q.ur), _pt(q.lr), _pt(q.ll), _pt(q.ul)]
            runs.append([(a, b, unit(a, b), unit(a, b)) for a, b in zip(pts, pts[1:])])
            last = None
            continue
        if op not in ("l", "c"):
            pts = [_pt(p) for p in item[1:] if isinstance(p, pymupdf.Point)]
            for p in pts:
                disc(p, h * max(math.sqrt(2), 1.0))
            last = None
            continue
        pts = [_pt(p) for p in item[1:]]
        a, b = pts[0], pts[-1]
        if op == "l":
            t0 = t1 = unit(a, b)
        else:
            # A curve's tangents: towards its first control point that differs from its start, and from its last.
            t0 = next((u for u in (unit(a, c) for c in pts[1:]) if u), None)
            t1 = next((u for u in (unit(c, b) for c in reversed(pts[:-1])) if u), None)
            for c in pts:
                disc(c, h)  # the curve lies in its control points' hull; the ink within half a width of it
        if last is None or math.hypot(a[0] - last[0], a[1] - last[1]) > 1e-3:
            runs.append([])
        runs[-1].append((a, b, t0, t1))
        last = b
    for run in runs:
        for a, b, t0, t1 in run:
            if t0 is None:  # a zero-length segment: a cap alone (a dot), turned any way
                disc(a, h * (math.sqrt(2) if cap == 2 else 1))
                continue
            for p, t in ((a, t0), (b, t1)):
                n = (-t[1], t[0])
                add(p[0] + h * n[0], p[1] + h * n[1])
                add(p[0] - h * n[0], p[1] - h * n[1])
            end(a, (-t0[0], -t0[1]))
            end(b, t1)
        closed = len(run) > 1 and math.hypot(run[0][0][0] - run[-1][1][0], run[0][0][1] - run[-1][1][1]) <= 1e-3
        pairs = list(zip(run, run[1:])) + ([(run[-1], run[0])] if closed else [])
        for (_, p, _, u), (_, _, v, _) in pairs:
            if u is None or v is None:
                disc(p, h * math.sqrt(2))
                continue
            if join == 1:
                disc(p, h)
            elif join == 0:
                s_, d_ = math.hypot(u[0] + v[0], u[1] + v[1]), math.hypot(u[0] - v[0], u[1] - v[1])
                if d_ > 1e-9 and s_ > 1e-9:
                    reach = min(2 * h / s_, MAX_REACH)
                    add(p[0] + (u[0] - v[0]) / d_ * reach, p[1] + (u[1] - v[1]) / d_ * reach)
    return out

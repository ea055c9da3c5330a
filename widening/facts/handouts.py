"""Handout pages: a PDF page that prints several slides (two, three, four, six or nine to a page).

In a handout "slide 9" is not PDF page 9: with three slides a page it is on PDF page 3. A page is
taken to print slides when it shows SLIDE_MIN_FRAMES or more slide-shaped boxes of one size, apart
from each other: drawn frames, pictures, or placed pages (form XObjects, as N-up tools place them);
a document is a handout when most of its pages do.
The count only *adds* a doubtful reading of a slide or page number (widening/engine/containers.py),
as does a number printed in a corner of a slide frame (``slide_number_pages``), so a box taken for a
slide by mistake widens a scope or keeps a row, never drops a candidate.
A frame may have rounded corners or its four sides drawn as strokes of their own.
Cannot see: slides printed with no frame, picture or placed page around them, or a handout that
is itself one scanned picture a page.
"""

from __future__ import annotations

import re
from typing import Any

import pymupdf

from widening.facts.document import Doc, pdf_to_page
from widening.models import PageKind

# Slides are landscape, 4:3 (1.33) to 16:9 (1.78): a box of that shape, at least SLIDE_MIN_WIDTH of
# the page's width (nine to a portrait page are 0.29 of it), repeated at one size (within
# SLIDE_SAME_SIZE) and overlapping another of the group by less than SLIDE_MAX_OVERLAP of its area.
SLIDE_ASPECT = (1.2, 1.9)
SLIDE_MIN_WIDTH = 0.2
SLIDE_SAME_SIZE = 0.04
SLIDE_MAX_OVERLAP = 0.1
SLIDE_MIN_FRAMES = 2
# A handout prints its slides alike on most pages: at least HANDOUT_MIN_SHARE of the pages with
# anything drawn, the first and the last left aside (a title page; a last page of one slide). Two
# pictures of one size on a page of a report or a deck make no handout.
HANDOUT_MIN_SHARE = 0.5


def slide_frames(page: Any) -> int:
    """How many slide-shaped boxes of one size, apart from each other, ``page`` (a PyMuPDF page)
    shows: 0 when fewer than SLIDE_MIN_FRAMES."""
    return len(_frame_group(page))


def _frame_group(page: Any) -> list[tuple[float, float, float, float]]:
    """The largest group of slide-shaped boxes of one size, apart from each other, ``page`` shows: empty when
    fewer than SLIDE_MIN_FRAMES."""
    boxes = slide_shaped(page, SLIDE_MIN_WIDTH)
    best: list[tuple[float, float, float, float]] = []
    for b in boxes:
        group: list[tuple[float, float, float, float]] = []
        for c in boxes:
            if _same_size(b, c) and all(_overlap(c, g) < SLIDE_MAX_OVERLAP for g in group):
                group.append(c)
        if len(group) > len(best):
            best = group
    return best if len(best) >= SLIDE_MIN_FRAMES else []


def slide_shaped(page: Any, min_width: float) -> list[tuple[float, float, float, float]]:
    """Boxes ``page`` shows that a slide may be printed in, shaped as one (SLIDE_ASPECT), at least ``min_width`` of the page's width across."""
    width = page.rect.width
    return [b for b in _boxes(page, min_width * width) if b[2] - b[0] >= min_width * width and b[3] > b[1]
            and SLIDE_ASPECT[0] <= (b[2] - b[0]) / (b[3] - b[1]) <= SLIDE_ASPECT[1]]


def _boxes(page: Any, min_width: float) -> list[tuple[float, float, float, float]]:
    """Boxes a slide may be printed in: rectangular paths (square or rounded corners, or four sides drawn
    apart), pictures, and pages placed as form XObjects."""
    out = []
    drawings = page.get_cdrawings()
    for d in drawings:
        items = d.get("items", ())
        if items and len(items) <= 5 and all(it[0] in ("re", "qu", "l") for it in items):
            out.append(tuple(d["rect"]))
        elif items and _rounded_box(items, d["rect"]):
            out.append(tuple(d["rect"]))
    out += _sides_boxes(drawings, min_width)
    out += [tuple(info["bbox"]) for info in page.get_image_info()]
    to_page = pdf_to_page(page)
    for _, _, invoker, bbox in page.get_xobjects():
        if invoker == 0:  # placed by the page itself; its box is in PDF space as written (y upwards, before a baked rotation)
            out.append(tuple(pymupdf.Rect(bbox) * to_page))
    return out


# A frame's side may be drawn apart from the others (a line each) and its corners rounded (a curve each, small
# beside the box: an ellipse's curves span half of it). Sides meet at corners within SIDE_TOL points.
ROUND_MAX_ITEMS = 12
ROUND_MAX_CORNER = 0.25
SIDE_TOL = 2.0
SIDE_MAX_SEGMENTS = 400


def _rounded_box(items: Any, rect: Any) -> bool:
    """A path of straight sides, each level or upright, joined by small corner curves: a rounded rectangle."""
    x0, y0, x1, y1 = rect
    corner = ROUND_MAX_CORNER * min(x1 - x0, y1 - y0)
    if len(items) > ROUND_MAX_ITEMS or corner <= 0 or not any(it[0] == "c" for it in items):
        return False
    for it in items:
        if it[0] == "l":
            (ax, ay), (bx, by) = it[1], it[2]
            if abs(ax - bx) > SIDE_TOL and abs(ay - by) > SIDE_TOL:
                return False
        elif it[0] == "c":
            xs, ys = [q[0] for q in it[1:]], [q[1] for q in it[1:]]
            if max(xs) - min(xs) > corner or max(ys) - min(ys) > corner:
                return False
        else:
            return False
    return True


def _segments(drawings: list) -> tuple[list, list]:
    """Level and upright straight strokes (lines, and rectangles thin as a line), as (fixed, lo, hi) triples."""
    level, upright = [], []
    for d in drawings:
        for it in d.get("items", ()):
            if it[0] == "l":
                (ax, ay), (bx, by) = it[1], it[2]
            elif it[0] == "re":
                r = it[1]
                if r[3] - r[1] <= SIDE_TOL:
                    ax, ay, bx, by = r[0], (r[1] + r[3]) / 2, r[2], (r[1] + r[3]) / 2
                elif r[2] - r[0] <= SIDE_TOL:
                    ax, ay, bx, by = (r[0] + r[2]) / 2, r[1], (r[0] + r[2]) / 2, r[3]
                else:
                    continue
            else:
                continue
            if abs(ay - by) <= SIDE_TOL / 4 and abs(ax - bx) > SIDE_TOL:
                level.append(((ay + by) / 2, min(ax, bx), max(ax, bx)))
            elif abs(ax - bx) <= SIDE_TOL / 4 and abs(ay - by) > SIDE_TOL:
                upright.append(((ax + bx) / 2, min(ay, by), max(ay, by)))
    return level, upright


def _sides_boxes(drawings: list, min_width: float) -> list[tuple[float, float, float, float]]:
    """Boxes at least ``min_width`` across whose four sides are drawn as strokes of their own: two level strokes
    of one extent and two upright ones joining their ends, corner to corner (a table's rulings run past its
    cells' corners)."""
    level, upright = _segments(drawings)
    level = [s for s in level if s[2] - s[1] >= min_width]
    upright = [s for s in upright if s[2] - s[1] >= min_width / SLIDE_ASPECT[1]]
    if not level or not upright or len(level) + len(upright) > SIDE_MAX_SEGMENTS:
        return []

    def near(a: float, b: float) -> bool:
        return abs(a - b) <= SIDE_TOL

    def side(x: float, top: float, bottom: float) -> bool:
        return any(near(u[0], x) and near(u[1], top) and near(u[2], bottom) for u in upright)

    out = []
    for i, (ya, ax0, ax1) in enumerate(level):
        for yb, bx0, bx1 in level[i + 1:]:
            top, bottom = sorted((ya, yb))
            if bottom - top > SIDE_TOL and near(ax0, bx0) and near(ax1, bx1) and side(ax0, top, bottom) and side(ax1, top, bottom):
                out.append((min(ax0, bx0), top, max(ax1, bx1), bottom))
    return out


def _same_size(a: tuple, b: tuple) -> bool:
    wa, ha, wb, hb = a[2] - a[0], a[3] - a[1], b[2] - b[0], b[3] - b[1]
    return abs(wa - wb) <= SLIDE_SAME_SIZE * max(wa, wb) and abs(ha - hb) <= SLIDE_SAME_SIZE * max(ha, hb)


def _overlap(a: tuple, b: tuple) -> float:
    """The share of ``a``'s area that ``b`` covers."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    area = (a[2] - a[0]) * (a[3] - a[1])
    return w * h / area if w > 0 and h > 0 and area > 0 else 0.0


def handout_counts(doc: Doc) -> tuple[int, ...]:
    """Per PDF page (index 0 is page 1), how many slides it prints: 0 where it is no handout page."""
    key = ("handout_counts",)
    if key not in doc.memo:
        counts = tuple(slide_frames(doc.page(i)) for i in range(1, doc.facts.page_count + 1))
        inner = [p.index for p in doc.facts.pages if p.kind is not PageKind.empty][1:-1]
        share = sum(1 for i in inner if counts[i - 1]) / len(inner) if inner else float(any(counts))
        doc.memo[key] = counts if share >= HANDOUT_MIN_SHARE else (0,) * len(counts)
    return doc.memo[key]


def slide_pages(counts: tuple[int, ...], number: int) -> tuple[int, ...]:
    """The PDF pages (1-based) that may print slide ``number`` of a handout whose pages print ``counts``
    slides: counted from the first page (a page printing no slide frame counts as one slide) and
    counted from the first handout page. Empty when no page prints several slides."""
    if not any(counts) or number < 1:
        return ()
    out = set()
    first = next(i for i, k in enumerate(counts) if k)
    for start in (0, first):
        seen = 0
        for i in range(start, len(counts)):
            seen += counts[i] or 1
            if seen >= number:
                out.add(i + 1)
                break
    return tuple(sorted(out))


# A slide's number is printed in a corner of it: a bare number (up to three digits, "7/20" too) in the top or
# bottom SLIDE_NUMBER_BAND of a slide frame's height. Hidden slides skipped, or numbering from 0, put printed
# "7" on another slide than the seventh in order, at times on another page.
SLIDE_NUMBER_BAND = 0.2
_SLIDE_NUMBER = re.compile(r"(\d{1,3})(?:/\d{1,3})?")


def slide_number_pages(doc: Doc, number: int) -> tuple[int, ...]:
    """The handout pages (1-based) with a slide frame printing ``number`` in its top or bottom band."""
    key = ("handout_slide_numbers",)
    if key not in doc.memo:
        counts = handout_counts(doc)
        found: dict[int, set[int]] = {}
        for i, k in enumerate(counts, start=1):
            if not k:
                continue
            page = doc.page(i)
            frames = _frame_group(page)
            for w in page.get_text("words"):
                m = _SLIDE_NUMBER.fullmatch(w[4])
                cx, cy = (w[0] + w[2]) / 2, (w[1] + w[3]) / 2
                if m and any(f[0] <= cx <= f[2] and (f[1] <= cy <= f[1] + SLIDE_NUMBER_BAND * (f[3] - f[1])
                                                      or f[3] - SLIDE_NUMBER_BAND * (f[3] - f[1]) <= cy <= f[3]) for f in frames):
                    found.setdefault(int(m.group(1)), set()).add(i)
        doc.memo[key] = found
    return tuple(sorted(doc.memo[key].get(number, ())))

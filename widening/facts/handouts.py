"""Handout pages: a PDF page that prints several slides (two, three, four, six or nine to a page).

In a handout "slide 9" is not PDF page 9: with three slides a page it is on PDF page 3. A page is
taken to print slides when it shows SLIDE_MIN_FRAMES or more slide-shaped boxes of one size, apart
from each other: drawn frames, pictures, or placed pages (form XObjects, as N-up tools place them);
a document is a handout when most of its pages do.
The count only *adds* a doubtful reading of a slide number (widening/engine/containers.py), so a
box taken for a slide by mistake widens a scope or keeps a row, never drops a candidate.
Cannot see: slides printed with no frame, picture or placed page around them, or a handout that
is itself one scanned picture a page.
"""

from __future__ import annotations

from typing import Any

from widening.facts.document import Doc
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
    boxes = slide_shaped(page, SLIDE_MIN_WIDTH)
    best = 0
    for b in boxes:
        group: list[tuple[float, float, float, float]] = []
        for c in boxes:
            if _same_size(b, c) and all(_overlap(c, g) < SLIDE_MAX_OVERLAP for g in group):
                group.append(c)
        best = max(best, len(group))
    return best if best >= SLIDE_MIN_FRAMES else 0


def slide_shaped(page: Any, min_width: float) -> list[tuple[float, float, float, float]]:
    """Boxes ``page`` shows that a slide may be printed in, shaped as one (SLIDE_ASPECT), at least ``min_width`` of the page's width across."""
    width = page.rect.width
    return [b for b in _boxes(page) if b[2] - b[0] >= min_width * width and b[3] > b[1]
            and SLIDE_ASPECT[0] <= (b[2] - b[0]) / (b[3] - b[1]) <= SLIDE_ASPECT[1]]


def _boxes(page: Any) -> list[tuple[float, float, float, float]]:
    """Boxes a slide may be printed in: rectangular paths, pictures, and pages placed as form XObjects."""
    out = []
    for d in page.get_cdrawings():
        items = d.get("items", ())
        if items and len(items) <= 5 and all(it[0] in ("re", "qu", "l") for it in items):
            out.append(tuple(d["rect"]))
    out += [tuple(info["bbox"]) for info in page.get_image_info()]
    height = page.mediabox.height
    for _, _, invoker, (x0, y0, x1, y1) in page.get_xobjects():
        if invoker == 0:  # placed by the page itself; its box is in PDF space (y upwards)
            out.append((x0, height - y1, x1, height - y0))
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

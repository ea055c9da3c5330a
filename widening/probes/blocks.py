"""Vector blocks: a page's drawings, and the areas its shadings and patterns paint, clustered into
blocks and classified (diagram or chart, table rulings, page border, rule), and how a set-aside
block becomes a certain non-member or a doubt.

Shared by the probes ``vector_blocks`` and ``graphics``; registers no probe itself.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Literal

import pymupdf

from widening.facts.geometry import Groups, rect_tuple
from widening.models import BBox, Member
from widening.probes.pagewise import grouped

BlockKind = Literal["table_rulings", "page_border", "underline_or_rule", "diagram_or_chart"]
# Drawings closer than this (pt) belong to one block; generous so bars of a chart join.
TOL = 6.0
THIN = 2.5
MAX_DRAWINGS = 6000
TIME_LIMIT_S = 20.0


class TooComplex(Exception):
    """The page has too many drawings (or took too long) to cluster safely (pitfall 8)."""


@dataclass
class Block:
    rect: pymupdf.Rect
    drawings: list[dict] = field(default_factory=list)
    kind: BlockKind = "diagram_or_chart"
    why: str = ""
    text_lines: list[pymupdf.Rect] = field(default_factory=list)  # text-layer lines meeting the block

    @property
    def bbox(self) -> BBox:
        return rect_tuple(self.rect)

    def what(self) -> str:
        painted = sum(1 for d in self.drawings if d.get("type") == "paint")
        of = f"{len(self.drawings)} drawings" + (f" ({painted} shading/pattern areas)" if painted else "")
        return f"vector block {self.rect.width:.0f}x{self.rect.height:.0f}pt of {of}: {self.kind} ({self.why})"


def box(d: dict) -> pymupdf.Rect:
    """A drawing's rect made non-empty: PyMuPDF treats a zero-height line's rect as empty (never intersecting)."""
    r = pymupdf.Rect(d["rect"]).normalize()
    if r.width < 0.5:
        r.x0, r.x1 = r.x0 - 0.25, r.x1 + 0.25
    if r.height < 0.5:
        r.y0, r.y1 = r.y0 - 0.25, r.y1 + 0.25
    return r


def cluster(drawings: list[dict], deadline: float) -> list[Block]:
    """Connected components of drawings whose rects, grown by TOL, touch (grid-bucketed union-find)."""
    n = len(drawings)
    touching = Groups(range(n))
    rects = [box(d) + (-TOL, -TOL, TOL, TOL) for d in drawings]
    cell = 60.0
    grid: dict[tuple[int, int], list[int]] = {}
    for i, r in enumerate(rects):
        cells = [(gx, gy) for gx in range(int(r.x0 // cell), int(r.x1 // cell) + 1) for gy in range(int(r.y0 // cell), int(r.y1 // cell) + 1)]
        if len(cells) > 400:  # one huge drawing: compare it against everything once instead
            cells = cells[:: max(1, len(cells) // 400)]
        for key in cells:
            for j in grid.get(key, ()):
                if touching.find(i) != touching.find(j) and rects[i].intersects(rects[j]):
                    touching.join(i, j)
            grid.setdefault(key, []).append(i)
        if time.monotonic() > deadline:
            raise TooComplex("clustering exceeded the time limit")
    blocks = []
    for group in touching.groups():
        b = Block(box(drawings[group[0]]))
        for i in group:
            b.rect |= box(drawings[i])
            b.drawings.append(drawings[i])
        blocks.append(b)
    return blocks


def _is_background_fill(d: dict) -> bool:
    fill = d.get("fill")
    return fill is not None and min(fill) >= 0.97 and not d.get("color")


def classify(block: Block, page_rect: pymupdf.Rect, words: list[tuple]) -> None:
    """Set ``block.kind``; when unsure it stays diagram_or_chart (finding more is safe)."""
    r = block.rect
    if min(r.width, r.height) <= 4:
        block.kind, block.why = "underline_or_rule", "thin"
        return
    big = r.width >= 0.85 * page_rect.width and r.height >= 0.85 * page_rect.height
    inside = [w for w in words if r.contains(pymupdf.Point((w[0] + w[2]) / 2, (w[1] + w[3]) / 2))]
    if big and len(block.drawings) <= 8 and all(not d.get("fill") or _is_background_fill(d) for d in block.drawings):
        block.kind, block.why = "page_border", "frame around the page"
        return
    h_full = 0
    h_all = 0
    for d in block.drawings:
        for item in d["items"]:
            op = item[0]
            if op == "c":
                block.why = "curves"
                return
            if op == "l":
                p, q = item[1], item[2]
                if abs(p.x - q.x) > 0.5 and abs(p.y - q.y) > 0.5:
                    block.why = "diagonal lines"
                    return
                if abs(p.y - q.y) <= 0.5:
                    h_all += 1
                    h_full += abs(p.x - q.x) >= 0.6 * r.width
            if op == "qu" and not item[1].is_rectangular:
                block.why = "rotated shapes"
                return
        dr = box(d)
        thin = min(dr.width, dr.height) <= THIN
        if thin:
            if dr.height <= THIN:
                h_all += 1
                h_full += dr.width >= 0.6 * r.width
            continue
        if not d.get("fill") or _is_background_fill(d):
            continue  # stroked cell outline or white cell fill
        spans_band = dr.width >= 0.6 * r.width or dr.height >= 0.6 * r.height or abs(dr) >= 0.8 * abs(r)
        has_text = any(dr.contains(pymupdf.Point((w[0] + w[2]) / 2, (w[1] + w[3]) / 2)) for w in inside)
        if not (spans_band or has_text):
            block.why = "filled shapes that hold no text (bars/marks)"
            return
    if inside and (h_all >= 2 and h_full >= 0.5 * h_all or _tiles(block)):
        block.kind, block.why = "table_rulings", f"axis-aligned rulings/cells around {len(inside)} words"
        return
    block.why = "axis-aligned shapes that do not form a text table"


def _tiles(block: Block) -> bool:
    """Stroked rects sharing edges with each other, as table cells do."""
    rects = [box(d) for d in block.drawings if min(d["rect"].width, d["rect"].height) > THIN]
    if len(rects) < 4:
        return False
    near = 0
    for i, a in enumerate(rects):
        for b in rects[max(0, i - 40) : i + 40]:  # neighbours in drawing order: no quadratic blow-up
            if a is b:
                continue
            shared = abs(a.x1 - b.x0) < 1.5 or abs(a.y1 - b.y0) < 1.5 or abs(a.x0 - b.x1) < 1.5 or abs(a.y0 - b.y1) < 1.5
            if shared and (a + (-2, -2, 2, 2)).intersects(b):
                near += 1
                break
    return near >= 0.8 * len(rects)


def _straight(d: dict) -> bool:
    """Every item of the drawing is an axis-aligned line or a rectangle: no curve, diagonal or polygon."""
    for item in d["items"]:
        op = item[0]
        if op == "re":
            continue
        if op == "qu" and item[1].is_rectangular:
            continue
        if op == "l" and (abs(item[1].x - item[2].x) <= 0.5 or abs(item[1].y - item[2].y) <= 0.5):
            continue
        return False
    return True


def _one_box(d: dict) -> bool:
    """A single rectangle (or the four lines of one)."""
    items = d["items"]
    return _straight(d) and (len(items) == 1 and items[0][0] in ("re", "qu") or len(items) <= 4 and all(i[0] == "l" for i in items))


def _covers(intervals: list[tuple[float, float]], length: float) -> bool:
    """Merged intervals (1 pt gaps bridged) cover at least 90% of ``length``."""
    total, end = 0.0, None
    start = None
    for a, b in sorted(intervals):
        if end is None or a > end + 1.0:
            if end is not None:
                total += end - start
            start, end = a, b
        else:
            end = max(end, b)
    if end is not None:
        total += end - start
    return total >= 0.9 * length


def _pieces(d: dict) -> list[pymupdf.Rect]:
    """The boxes of a straight drawing's items (rectangles and axis-aligned lines), made non-empty."""
    rects = [pymupdf.Rect(i[1]) if i[0] == "re" else (i[1].rect if i[0] == "qu" else pymupdf.Rect(i[1], i[2])) for i in d["items"]]
    return [box({"rect": r}) for r in rects]


def ruled_grid(r: pymupdf.Rect, visible: list[dict]) -> bool:
    """Every visible drawing is straight and either a band spanning the block, or a thin ruling piece
    on a line whose pieces together run (almost) the block's full length (a dot may sit on such a line)."""
    lines: dict[str, list[tuple[float, list[tuple[float, float]]]]] = {"v": [], "h": []}
    dots: list[pymupdf.Rect] = []

    def add(axis: str, at: float, span: tuple[float, float]) -> None:
        for pos, pieces in lines[axis]:
            if abs(pos - at) <= 1.5:
                pieces.append(span)
                return
        lines[axis].append((at, [span]))

    # Judged item by item: one path may hold a table's rules, or a chart's bars and its axis
    # (a single "re re re f"), whose box spans the block though no bar does.
    if not all(_straight(d) for d in visible):
        return False
    for b in (piece for d in visible for piece in _pieces(d)):
        if b.width >= 0.95 * r.width or b.height >= 0.95 * r.height:
            continue
        if b.width <= THIN and b.height <= THIN:
            dots.append(b)
        elif b.width <= THIN:
            add("v", (b.x0 + b.x1) / 2, (b.y0, b.y1))
        elif b.height <= THIN:
            add("h", (b.y0 + b.y1) / 2, (b.x0, b.x1))
        else:
            return False
    full = {axis: [pos for pos, pieces in lines[axis] if _covers(pieces, r.height if axis == "v" else r.width)] for axis in lines}
    if any(len(full[axis]) != len(lines[axis]) for axis in lines):
        return False
    edges_v = full["v"] + [r.x0, r.x1]
    edges_h = full["h"] + [r.y0, r.y1]
    return all(any(abs((b.x0 + b.x1) / 2 - x) <= 2 for x in edges_v) or any(abs((b.y0 + b.y1) / 2 - y) <= 2 for y in edges_h) for b in dots)


def _underline(d: dict, text_lines: list[pymupdf.Rect]) -> bool:
    """A thin straight horizontal mark in the lower part of (or just below) a text line, within its width."""
    b = box(d)
    if b.height > THIN or not _straight(d):
        return False
    y = (b.y0 + b.y1) / 2
    return any(t.y0 + 0.5 * t.height <= y <= t.y1 + 3 and t.x0 - 2 <= b.x0 and b.x1 <= t.x1 + 2 for t in text_lines)


def certain_not_figure(block: Block, page_rect: pymupdf.Rect) -> str | None:
    """Why ``block`` certainly draws no figure, or None when only a tuned classifier says so (a doubt)."""
    visible = [d for d in block.drawings if d.get("color") is not None or (d.get("fill") is not None and not _is_background_fill(d))]
    if not visible:
        return "draws nothing visible (white fills without a stroke)"  # certain: nothing is drawn
    if min(block.rect.width, block.rect.height) <= 4 and all(_straight(d) for d in block.drawings):
        # Certain: straight axis-aligned strokes within 4 pt across are rules/underlines; no second dimension to draw in.
        return f"straight strokes {min(block.rect.width, block.rect.height):.1f}pt across: a rule or underline"
    if all(_underline(d, block.text_lines) for d in visible):
        # Certain: a straight mark under a line of text and no longer than it is that text's underline.
        return "underlines: each mark lies under a line of text and no wider than it"
    if block.kind == "table_rulings" and ruled_grid(block.rect, visible):
        # Certain: full-length rulings and full-width bands around words form a grid of text;
        # no mark in it varies in length or shape, so it draws no chart, diagram or picture.
        return "a ruled grid of text: every mark is a full-length ruling or a full-width band"
    area = abs(page_rect) or 1.0
    if all(_one_box(d) and abs(box(d) & page_rect) >= 0.8 * area for d in block.drawings):
        return "one rectangle (or nested ones) around the page: a frame or page fill"  # certain: a page-sized box holds no figure
    return None


class _PaintDevice(pymupdf.mupdf.FzDevice2):
    """Records where shadings and tiling patterns paint: the painted bound cut by the clips in force."""

    def __init__(self) -> None:
        super().__init__()
        for name in ("clip_path", "clip_stroke_path", "clip_text", "clip_stroke_text", "clip_image_mask", "pop_clip",
                     "begin_mask", "end_mask", "begin_tile", "end_tile", "fill_shade"):
            getattr(self, "use_virtual_" + name)()
        self.clips: list[tuple[pymupdf.Rect, bool]] = []  # the area left to paint in, and whether glyphs bound it
        self.masks: list[pymupdf.Rect] = []
        self.tiles = 0
        self.areas: list[tuple[str, pymupdf.Rect]] = []

    def _clip(self, r, glyphs: bool = False) -> None:
        rect = pymupdf.Rect(r.x0, r.y0, r.x1, r.y1)
        if self.clips:
            self.clips.append((rect & self.clips[-1][0], glyphs or self.clips[-1][1]))
        else:
            self.clips.append((rect, glyphs))

    def _paint(self, what: str, r) -> None:
        # A soft mask's content and a pattern cell's content are not painted where they are drawn;
        # paint inside glyph outlines draws letters (gradient text), which the text layer holds.
        if self.masks or self.tiles or (self.clips and self.clips[-1][1]):
            return
        rect = pymupdf.Rect(r.x0, r.y0, r.x1, r.y1)
        self.areas.append((what, rect & self.clips[-1][0] if self.clips else rect))

    def clip_path(self, ctx, path, even_odd, ctm, scissor):
        self._clip(pymupdf.mupdf.ll_fz_bound_path(path, None, ctm))

    def clip_stroke_path(self, ctx, path, stroke, ctm, scissor):
        self._clip(pymupdf.mupdf.ll_fz_bound_path(path, stroke, ctm))

    def clip_text(self, ctx, text, ctm, scissor):
        self._clip(pymupdf.mupdf.ll_fz_bound_text(text, None, ctm), glyphs=True)

    def clip_stroke_text(self, ctx, text, stroke, ctm, scissor):
        self._clip(pymupdf.mupdf.ll_fz_bound_text(text, stroke, ctm), glyphs=True)

    def clip_image_mask(self, ctx, image, ctm, scissor):
        self._clip(pymupdf.mupdf.ll_fz_transform_rect(pymupdf.mupdf.fz_unit_rect, ctm))

    def pop_clip(self, ctx):
        if self.clips:
            self.clips.pop()

    def begin_mask(self, ctx, area, luminosity, colorspace, bc, color_params):
        self.masks.append(pymupdf.Rect(area.x0, area.y0, area.x1, area.y1))

    def end_mask(self, ctx, transfer):
        # From here the mask acts as a clip over its area, until its pop_clip.
        self._clip(self.masks.pop() if self.masks else pymupdf.INFINITE_RECT())

    def begin_tile(self, ctx, area, view, xstep, ystep, ctm, tile_id, doc_id):
        # ``area`` is the part to tile, in pattern space: the cell is drawn once, at the pattern's origin.
        self._paint("tiling pattern", pymupdf.mupdf.ll_fz_transform_rect(area, ctm))
        self.tiles += 1
        return 0

    def end_tile(self, ctx):
        self.tiles = max(0, self.tiles - 1)

    def fill_shade(self, ctx, shade, ctm, alpha, color_params):
        if alpha > 0:
            self._paint("shading", pymupdf.mupdf.ll_fz_bound_shade(shade, ctm))


def painted_areas(page: pymupdf.Page) -> list[dict]:
    """Shading and tiling-pattern paint as drawings: get_drawings lists no shading (``sh``, a shading
    pattern fill) and gives a pattern's cell at the pattern's origin, not where the pattern fills."""
    dev = _PaintDevice()
    pymupdf.mupdf.fz_run_page(pymupdf.mupdf.FzPage(page.this), dev, pymupdf.mupdf.FzMatrix(), pymupdf.mupdf.FzCookie())
    pymupdf.mupdf.fz_close_device(dev)
    out = []
    for what, r in dev.areas:
        r &= page.rect
        if r.is_empty:
            continue
        # Its colours are not known (a gradient, a hatch): taken as a visible, non-white fill.
        out.append({"type": "paint", "paint": what, "rect": r, "items": [("re", pymupdf.Rect(r), 1)],
                    "fill": (0.5, 0.5, 0.5), "color": None})
    return out


def page_blocks(page: pymupdf.Page, clip: pymupdf.Rect) -> list[Block]:
    """Classified vector blocks of ``page`` (drawings and shading/pattern paint) that meet ``clip``. Raises TooComplex.

    The whole page is clustered and the blocks meeting ``clip`` kept: a chart that reaches
    into a region is a candidate there whole, never cut at the region's edge."""
    deadline = time.monotonic() + TIME_LIMIT_S
    drawings = page.get_drawings() + painted_areas(page)
    if len(drawings) > MAX_DRAWINGS:
        raise TooComplex(f"{len(drawings)} drawings exceed the cap of {MAX_DRAWINGS}")
    # Full-page fills/frames would glue every other drawing into one block: judge them alone.
    area = abs(page.rect) or 1.0
    backdrop = [d for d in drawings if abs(box(d) & page.rect) >= 0.8 * area]
    rest = [d for d in drawings if abs(box(d) & page.rect) < 0.8 * area]
    words = page.get_text("words")
    blocks = cluster(rest, deadline)
    for d in backdrop:
        blocks.append(Block(box(d), [d], "page_border", "page-size fill or frame"))
    lines = text_rows(words)
    for b in blocks:
        if b.kind != "page_border":
            classify(b, page.rect, words)
        grown = b.rect + (-3, -3, 3, 3)
        b.text_lines = [r for r in lines if r.intersects(grown)]
    return [b for b in blocks if b.rect.intersects(clip)]


def text_rows(words: list[tuple]) -> list[pymupdf.Rect]:
    """Words on one baseline joined while the gap between them is under two line heights (a justified line is one row)."""
    rows: list[pymupdf.Rect] = []
    for w in sorted(words, key=lambda w: (round(w[3]), w[0])):
        r = pymupdf.Rect(w[:4])
        last = rows[-1] if rows else None
        if last is not None and abs(last.y1 - r.y1) <= 1.5 and 0 <= r.x0 - last.x1 <= 2 * max(r.height, 1):
            rows[-1] = last | r
        else:
            rows.append(r)
    return rows


def sort_out(m: Member, b: Block, page_rect: pymupdf.Rect, best: list[Member], doubts: dict[str, list[Member]],
              why: str | None = None, label: str | None = None) -> None:
    """A block a tuned filter sets aside (size ``why``, or the classifier): a non-member only when that is certain, else a doubt."""
    certain = certain_not_figure(b, page_rect)
    if certain:
        best.append(m.model_copy(update={"why": certain}))
    else:
        why = why or f"classifier: {b.kind} ({b.why})"
        doubts.setdefault(label or f"blocks classified {b.kind}", []).append(m.model_copy(update={"why": why}))


def fold_doubts(doubts: dict[str, list[Member]]) -> list[Member]:
    """Each label's doubts, folded per page beyond the first few (``pagewise.grouped``)."""
    return [d for label, ms in doubts.items() for d in grouped(ms, label)]

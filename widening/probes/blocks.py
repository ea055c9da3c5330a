"""Vector blocks: a page's drawings, and the areas its shadings and patterns paint, clustered into
blocks and classified (diagram or chart, table rulings, page border, rule), and how a set-aside
block becomes a certain non-member or a doubt.

Shared by the probes ``vector_blocks`` and ``graphics``; registers no probe itself.
"""

from __future__ import annotations

import bisect
import math
import time
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
import pymupdf

from widening.facts.geometry import Groups, rect_tuple
from widening.facts.shapes import MAX_REACH, stroke_bound
from widening.facts.hidden import HIDDEN_WHY
from widening.models import BBox, Member, Reader
from widening.probes.pagewise import grouped

BlockKind = Literal["table_rulings", "page_border", "underline_or_rule", "diagram_or_chart"]
# Drawings closer than this (pt) belong to one block; generous so bars of a chart join.
TOL = 6.0
THIN = 2.5
# A rule is drawn as lines: each at least this many times as long as it is thin (a square mark is a dot, no rule).
RULE_ASPECT = 4.0
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
    runs: list[tuple] = field(default_factory=list)  # text-layer words and style runs (spans) meeting the block
    # Other thin straight marks on the page, parallel to this one, that start or end where it does
    # with another length: bars of one chart do (set only on a thin straight block).
    peers: list[pymupdf.Rect] = field(default_factory=list)
    page_rows: list[pymupdf.Rect] = field(default_factory=list)  # every text row of the page
    twins: list[pymupdf.Rect] = field(default_factory=list)  # lines of its very extent with text between: a table's rules

    @property
    def bbox(self) -> BBox:
        return rect_tuple(self.rect)

    def what(self) -> str:
        painted = sum(1 for d in self.drawings if d.get("type") == "paint")
        of = f"{len(self.drawings)} drawings" + (f" ({painted} shading/pattern areas)" if painted else "")
        return f"vector block {self.rect.width:.0f}x{self.rect.height:.0f}pt of {of}: {self.kind} ({self.why})"


def geometry(d: dict, clipped: bool = True) -> pymupdf.Rect:
    """A drawing's path extent made non-empty: PyMuPDF treats a zero-height line's rect as empty (never intersecting).
    For a stroke it is not where the ink goes: ``get_drawings`` gives the path, not the line width.
    ``clipped``: cut to the bound of the clips in force (``d["clip"]``, set by ``clipped_drawings``)."""
    r = pymupdf.Rect(d["rect"]).normalize()
    if clipped and "clip" in d:
        r = _cut(r, d["clip"])
    if r.width < 0.5:
        r.x0, r.x1 = r.x0 - 0.25, r.x1 + 0.25
    if r.height < 0.5:
        r.y0, r.y1 = r.y0 - 0.25, r.y1 + 0.25
    return r


def _cut(r: pymupdf.Rect, clip: pymupdf.Rect) -> pymupdf.Rect:
    """``r`` cut to ``clip``; where nothing of it is left, a degenerate box at the clip's nearest point (no extent,
    so it is judged thin, never page-size)."""
    x0, y0 = min(max(r.x0, clip.x0), clip.x1), min(max(r.y0, clip.y0), clip.y1)
    x1, y1 = max(min(r.x1, clip.x1), x0), max(min(r.y1, clip.y1), y0)
    return pymupdf.Rect(x0, y0, x1, y1)  # a line of no height keeps its length (PyMuPDF's ``&`` calls it empty)


def clipped_drawings(page: pymupdf.Page) -> list[dict]:
    """``get_drawings``, each drawing that paints through clips smaller than its path marked with their bound
    (``d["clip"]``): what it paints lies within it (certain: a clip lets nothing show outside its path's bound).

    A chart whose bars are each a page-size fill seen through a bar-shaped clip (as some exporters write them) was
    a set of page-size rectangles, "a frame or page fill", and "how many charts" was a measured zero."""
    stack: list[tuple[int, pymupdf.Rect]] = []
    out = []
    for e in page.get_drawings(extended=True):
        level = e.get("level", 0)
        while stack and stack[-1][0] >= level:
            stack.pop()
        kind = e.get("type")
        if kind == "clip":
            if e.get("scissor") is not None:
                r = pymupdf.Rect(e["scissor"])
                stack.append((level, r & stack[-1][1] if stack else r))
            continue
        if kind == "group" or "items" not in e:
            continue
        r = pymupdf.Rect(e["rect"]).normalize()
        if stack and not (stack[-1][1].x0 <= r.x0 and r.x1 <= stack[-1][1].x1 and stack[-1][1].y0 <= r.y0 and r.y1 <= stack[-1][1].y1):
            e["clip"] = pymupdf.Rect(stack[-1][1])
        out.append(e)
    return out


def box(d: dict) -> pymupdf.Rect:
    """A drawing's painted extent (``mark_ink``), or its geometry when none was measured (a fill, a piece)."""
    return pymupdf.Rect(d["ink"]) if "ink" in d else geometry(d)


def _stroked(d: dict) -> bool:
    return "s" in str(d.get("type", "")) and d.get("type") != "paint"


def mark_ink(drawings: list[dict], log: list) -> None:
    """Set ``d["ink"]`` on each stroked drawing: the extent its ink can reach, never less than its geometry.

    A stroke 16 pt wide along a path of no height paints a bar 16 pt tall (hunt F3: Gantt bars drawn
    as thick strokes were "a rule 0.5pt across"); a zero-length line with round caps paints a disc.
    ``shapes.stroke_bound`` measures it, caps and joins included, for the width ``get_drawings`` reports,
    which is the pen's under a rotation or a uniform scale. Under a stretch or a shear it is not (the pen
    is an ellipse). For a straight drawing (axis-aligned lines and rectangles, the only kind judged thin)
    MuPDF's own bound tells: the bbox log entry of its stroke (``seqno`` indexes the log; a fill-and-stroke
    path's stroke is the entry after its fill) grows its path by half the width times the matrix's largest
    entry, which exceeds the reported half width only under a stretch or a shear; the ink is then taken as
    far as 2 sqrt 2 times that reach (the pen's longest axis is at most twice that entry; a square cap
    reaches sqrt 2 of it). A diagonal or curved drawing is never judged thin: its bound stays the
    reported pen's (MuPDF's grows it by the miter limit, tens of points, for any diagonal stroke)."""
    for d in drawings:
        if not _stroked(d):
            continue
        geo = geometry(d, clipped=False)
        ink = stroke_bound(d) | geo
        half = float(d.get("width") or 0) / 2
        i = d.get("seqno")
        if isinstance(i, int) and d.get("type") == "fs":
            i += 1
        entry = log[i] if isinstance(i, int) and 0 <= i < len(log) else None
        if entry is not None and entry[0] == "stroke-path" and _straight(d):
            logged, path = pymupdf.Rect(entry[1]), pymupdf.Rect(d["rect"])
            reach = min(path.x0 - logged.x0, logged.x1 - path.x1, path.y0 - logged.y0, logged.y1 - path.y1)
            if reach > 1.01 * half + 0.01:  # not the pen of the reported width: a stretched or sheared one
                g = min(2 * math.sqrt(2) * reach, MAX_REACH)
                ink |= geo + (-g, -g, g, g)
        d["reach"] = ink  # uncut: where its ink would go with no clip (``on_page``)
        d["ink"] = _cut(ink, d["clip"]) if "clip" in d else ink


def on_page(drawings: list[dict], page_rect: pymupdf.Rect) -> list[dict]:
    """The drawings that can show on the page (after ``mark_ink``), each cut to what the page shows.

    A page shows only its rect (the CropBox): MuPDF clips a cropped page's content to it, and the clip's bound
    was taken as where a drawing paints, so a chart wholly outside it became a box of no size on its edge (a
    doubt, "a rule"); on a page with no CropBox a drawing running past the MediaBox kept its unseen extent and
    passed the size test by what nobody sees. Left out (certain): a drawing whose ink, uncut, lies wholly
    outside the page or outside the clip it paints through: nothing of it shows. Kept, cut to the page: one
    reaching past its edge; where the cut leaves it thin across a side it was not thin across, it is marked
    ``thinned`` (``certain_not_figure`` then sets its block aside for no reason resting on thinness)."""
    out = []
    for d in drawings:
        reach = pymupdf.Rect(d["reach"]) if "reach" in d else geometry(d, clipped=False)
        shown = pymupdf.Rect(page_rect)
        if "clip" in d:
            c = d["clip"]
            shown = pymupdf.Rect(max(c.x0, shown.x0), max(c.y0, shown.y0), min(c.x1, shown.x1), min(c.y1, shown.y1))
        if reach.x1 < shown.x0 or reach.x0 > shown.x1 or reach.y1 < shown.y0 or reach.y0 > shown.y1:
            continue  # touching the edge is meeting it: kept (a hairline may show)
        if reach.x0 < page_rect.x0 or reach.y0 < page_rect.y0 or reach.x1 > page_rect.x1 or reach.y1 > page_rect.y1:
            d["clip"] = shown
            if "ink" in d:
                d["ink"] = _cut(reach, shown)
            seen = box(d)
            if (seen.width <= THIN < reach.width) or (seen.height <= THIN < reach.height):
                d["thinned"] = True
        out.append(d)
    return out


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
    """An unstroked fill that paints the colour already beneath it (``mark_blank_fills``): it draws nothing."""
    return bool(d.get("blank"))


# Colour channels within this are one colour: 8-bit values and grey/CMYK-to-RGB conversion round.
SAME_COLOUR = 1.5 / 255


def _same(a: tuple, b: tuple) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= SAME_COLOUR for x, y in zip(a, b))


def _white(c: tuple) -> bool:
    return min(c) >= 1 - SAME_COLOUR


def _opacity(value: float | None) -> float:
    """A path's opacity as get_drawings gives it: None is unset (opaque); 0 is transparent, not unset."""
    return 1.0 if value is None else float(value)


def _painted_beneath(log: list, by_seq: dict[int, dict], i: int) -> tuple[tuple, float, bool] | None:
    """Colour, opacity and whether it is one opaque filled rectangle, of bbox-log entry ``i``; None when it is
    no vector paint of a known colour (text, an image, a shading, an unknown entry)."""
    kind = log[i][0]
    if kind == "fill-path" and i in by_seq and by_seq[i].get("fill") is not None:
        d = by_seq[i]
        return tuple(d["fill"]), _opacity(d.get("fill_opacity")), _one_box(d) and len(d["items"]) == 1
    if kind == "stroke-path":
        d = by_seq.get(i) if by_seq.get(i, {}).get("type") == "s" else by_seq.get(i - 1)
        if d is not None and d.get("color") is not None:
            return tuple(d["color"]), _opacity(d.get("stroke_opacity")), False
    return None


def _scissors(page: pymupdf.Page) -> dict[int, pymupdf.Rect]:
    """The clip rectangle each drawing (by ``seqno``) is painted through: the clips in force at its level."""
    stack: list[tuple[int, pymupdf.Rect]] = []
    out = {}
    for e in page.get_drawings(extended=True):
        level = e.get("level", 0)
        while stack and stack[-1][0] >= level:
            stack.pop()
        if e.get("type") == "clip" and e.get("scissor") is not None:
            stack.append((level, pymupdf.Rect(e["scissor"]) & stack[-1][1] if stack else pymupdf.Rect(e["scissor"])))
        elif "seqno" in e and e.get("seqno") is not None:
            out[e["seqno"]] = stack[-1][1] if stack else pymupdf.INFINITE_RECT()
    return out


def mark_blank_fills(page: pymupdf.Page, drawings: list[dict], deadline: float, log: list | None = None) -> None:
    """Set ``d["blank"]`` on each unstroked fill certain to paint the colour already beneath it.

    Certain by construction, from the page's paint order (the bbox log, which ``seqno`` indexes):
    a white fill with only white vector paint (or nothing: the paper) beneath it, or a fill of another
    colour on an opaque rectangle of that very colour that holds it whole, clips included. Text, an image
    or a shading beneath, or paint of any other colour, leaves it visible: a white bar on a navy slide is drawn."""
    log = page.get_bboxlog() if log is None else log
    by_seq = {d["seqno"]: d for d in drawings if "seqno" in d}
    # Entry boxes as arrays: each fill is compared with every earlier entry at once.
    boxes = np.array([tuple(r) for _, r in log], dtype=float).reshape(-1, 4)
    scissors: dict[int, pymupdf.Rect] | None = None  # read only when a coloured fill needs it (rare)
    for d in drawings:
        d["blank"] = False
        if d.get("type") != "f" or d.get("fill") is None or "seqno" not in d:
            continue
        if time.monotonic() > deadline:
            raise TooComplex("reading the paint order exceeded the time limit")
        fill, r = tuple(d["fill"]), box(d)
        earlier = boxes[: d["seqno"]]
        below = np.nonzero((earlier[:, 0] < r.x1) & (earlier[:, 2] > r.x0) & (earlier[:, 1] < r.y1) & (earlier[:, 3] > r.y0))[0]
        covers, blank = [], True
        for i in map(int, below):
            under = pymupdf.Rect(log[i][1])
            if log[i][0] == "ignore-text" or not r.intersects(under):
                continue  # invisible text paints nothing; paint elsewhere is not beneath
            paint = _painted_beneath(log, by_seq, i)
            if paint is None or not _same(paint[0], fill) or (paint[1] < 1 and not _white(fill)):
                blank = False
                break
            if paint[2] and paint[1] >= 1 and under.contains(r):
                covers.append((i, under))
        if not blank:
            continue
        if _white(fill):
            d["blank"] = True  # white paint on paper, or on white paint, is white
            continue
        # Another colour needs its own colour under it everywhere: an opaque rectangle of it, not clipped smaller.
        if covers and scissors is None:
            scissors = _scissors(page)
        d["blank"] = any((under & scissors.get(i, pymupdf.Rect())).contains(r) for i, under in covers) if covers else False


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
    rects = [r for r in map(box, block.drawings) if min(r.width, r.height) > THIN]
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
    """The boxes of a straight drawing's items (rectangles and axis-aligned lines), made non-empty and,
    for a stroke, grown by as much as its ink reaches past its path (a thick stroke is a band, no ruling)."""
    rects = [pymupdf.Rect(i[1]) if i[0] == "re" else (i[1].rect if i[0] == "qu" else pymupdf.Rect(i[1], i[2])) for i in d["items"]]
    ink, geo = box(d), geometry(d)
    g = max(0.0, geo.x0 - ink.x0, ink.x1 - geo.x1, geo.y0 - ink.y0, ink.y1 - geo.y1)
    pieces = [box({"rect": r}) + (-g, -g, g, g) for r in rects]
    return [_cut(r, d["clip"]) for r in pieces] if "clip" in d else pieces


def ruled_grid(r: pymupdf.Rect, visible: list[dict], text: list[pymupdf.Rect] = ()) -> bool:  # type: ignore[assignment]
    """Every visible drawing is straight and either a band spanning the block, or a thin ruling piece
    on a line whose pieces together run (almost) the block's full length (a dot may sit on such a line).
    A spanning band with no text in it counts only where the bands fill the block (a banner's ground):
    alone it may be a bar (one bar filling its plot's width, its value printed above it); and a block
    with no such ground needs text on two lines or more to be a grid."""
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
    bands: list[pymupdf.Rect] = []
    across: dict[bool, list[tuple[float, tuple]]] = {True: [], False: []}  # filled bands with text, by whether they run along x: (thickness, paint)
    empty = False
    for d, b in ((d, piece) for d in visible for piece in _pieces(d)):
        if b.width >= 0.95 * r.width or b.height >= 0.95 * r.height:
            if b.width > THIN and b.height > THIN:
                bands.append(b)
                empty = empty or not any(b.contains((t.tl + t.br) / 2) for t in text)
                wide, tall = b.width >= 0.95 * r.width, b.height >= 0.95 * r.height
                if wide != tall and d.get("fill") is not None and any(b.contains((t.tl + t.br) / 2) for t in text):
                    across[wide].append((b.height if wide else b.width, _band_paint(d)))
            continue
        if b.width <= THIN and b.height <= THIN:
            dots.append(b)
        elif b.width <= THIN:
            add("v", (b.x0 + b.x1) / 2, (b.y0, b.y1))
        elif b.height <= THIN:
            add("h", (b.y0 + b.y1) / 2, (b.x0, b.x1))
        else:
            return False
    if any(_valued(group) for group in across.values()):
        return False  # segments of a stacked bar or strips of a treemap: their thickness may be a value
    filled = bool(bands) and _union_area(bands) >= 0.9 * abs(r)
    if empty and not filled:
        return False  # a filled band holding no text, not the block's own fill (a banner): it may be a bar
    # Text on one line inside rulings is a grid only as a banner's ground: a bar as thin as a rule, as
    # wide as its plot, its value printed above it, is no table row.
    if not filled and len({round((t.y0 + t.y1) / 6) for t in text if r.contains((t.tl + t.br) / 2)}) < 2:
        return False
    full = {axis: [pos for pos, pieces in lines[axis] if _covers(pieces, r.height if axis == "v" else r.width)] for axis in lines}
    if any(len(full[axis]) != len(lines[axis]) for axis in lines):
        return False
    edges_v = full["v"] + [r.x0, r.x1]
    edges_h = full["h"] + [r.y0, r.y1]
    return all(any(abs((b.x0 + b.x1) / 2 - x) <= 2 for x in edges_v) or any(abs((b.y0 + b.y1) / 2 - y) <= 2 for y in edges_h) for b in dots)


# Bands of one direction this much thicker or thinner than each other (pt) differ: a table's rows drawn at one height round.
BAND_SAME = 1.0


def _band_paint(d: dict) -> tuple:
    """What a filled band shows: its fill colour; a shading or pattern area is a paint of its own."""
    return ("paint", id(d)) if d.get("type") == "paint" else tuple(d["fill"])


def _valued(bands: list[tuple[float, tuple]]) -> bool:
    """Bands spanning the block one way, each holding text, that are painted in two colours or more and differ
    in thickness: a 100% stacked bar's segments or a treemap's strips, each as thick as its value, its share
    printed inside (a one-bar stacked chart was "a ruled grid of text", and "how many charts" was widened).
    Bands of one thickness (a zebra table's rows) or of one colour vary in nothing a value could set apart;
    a band holding no text (a banner's accent stripe, a cell's border) is judged as before."""
    paints = [p for _, p in bands]
    if all(_same_paint(p, paints[0]) for p in paints):
        return False
    sides = [t for t, _ in bands]
    return max(sides) - min(sides) > BAND_SAME


def _same_paint(a: tuple, b: tuple) -> bool:
    return a == b if "paint" in (a[:1] + b[:1]) else _same(a, b)


def _union_area(rects: list[pymupdf.Rect]) -> float:
    """The area the rectangles cover together (overlaps counted once), by their x and y edges."""
    xs = sorted({v for q in rects for v in (q.x0, q.x1)})
    ys = sorted({v for q in rects for v in (q.y0, q.y1)})
    return sum((x1 - x0) * (y1 - y0) for x0, x1 in zip(xs, xs[1:]) for y0, y1 in zip(ys, ys[1:])
               if any(q.x0 <= x0 and x1 <= q.x1 and q.y0 <= y0 and y1 <= q.y1 for q in rects))


def _underline(d: dict, text_lines: list[pymupdf.Rect], runs: list[tuple]) -> bool:
    """A thin straight horizontal mark in the lower part of (or just below) a text line that starts where
    one of its words or style runs starts and ends where one ends: its length is the text's, not a value's."""
    b = box(d)
    if b.height > THIN or not _straight(d):
        return False
    y = (b.y0 + b.y1) / 2
    for t in text_lines:
        if not (t.y0 + 0.5 * t.height <= y <= t.y1 + 3 and t.x0 - 2 <= b.x0 and b.x1 <= t.x1 + 2):
            continue
        # An underline may take in a space before or after its words: a third of the line height.
        tol = max(2.0, t.height / 3)
        row = [w for w in runs if t.y0 - 0.5 <= w[1] and w[3] <= t.y1 + 0.5 and t.x0 - 0.5 <= w[0] and w[2] <= t.x1 + 0.5]
        if any(abs(w[0] - b.x0) <= tol for w in row) and any(abs(w[2] - b.x1) <= tol for w in row):
            return True
    return False


def thin_straight(block: Block) -> bool:
    """Every drawing is straight and the block's ink is at most 4 pt across: a line (a rule, an underline, or a thin bar)."""
    return min(block.rect.width, block.rect.height) <= 4 and all(_straight(d) for d in block.drawings)


def rule_thin(block: Block) -> bool:
    """``thin_straight`` and its ink at most THIN across, and each of its pieces at least RULE_ASPECT times as
    long as it is thin: thin enough, and long enough, to be certified a rule. A line 3 pt across or more may be a bar of a chart whatever its
    peers (Gantt bars, floating, share no edge); a mark about as long as it is thin is a dot, whose
    place on the page is what it draws (25 square 2 pt dots scattered with no axis, a scatter plot, were
    each "a rule 2pt across", and "how many charts" was widened)."""
    if not thin_straight(block) or min(block.rect.width, block.rect.height) > THIN:
        return False
    pieces = [sorted((r.width, r.height)) for d in block.drawings for r in _pieces(d)]
    return all(long >= RULE_ASPECT * short for short, long in pieces)


def _visible(block: Block) -> list[dict]:
    return [d for d in block.drawings if d.get("color") is not None or (d.get("fill") is not None and not _is_background_fill(d))]


def _paints(d: dict) -> list[tuple]:
    """The colours a drawing shows: its stroke, and its fill unless that fill is blank."""
    out = [tuple(d["color"])] if d.get("color") is not None else []
    return out + ([tuple(d["fill"])] if d.get("fill") is not None and not _is_background_fill(d) else [])


def _one_line(block: Block, visible: list[dict]) -> bool:
    """One colour, and each line of pieces along the block runs its whole length: one line, drawn in
    pieces, doubled or dashed. A stacked bar (segments of other colours) or a progress bar (a fill on
    a track of another colour) is not one line; nor are two lines of one colour and two lengths."""
    colours = [c for d in visible for c in _paints(d)]
    if not colours or any(not _same(c, colours[0]) for c in colours):
        return False
    r = block.rect
    flat = r.width >= r.height
    a0, a1 = (r.x0, r.x1) if flat else (r.y0, r.y1)
    lines: list[tuple[float, float, float]] = []  # centre across, start, end
    for b in (b for d in visible for b in _pieces(d)):
        if (b.width >= b.height) != flat:
            continue  # an end cap or tick across the line, at most 4 pt long
        at, s0, s1 = ((b.y0 + b.y1) / 2, b.x0, b.x1) if flat else ((b.x0 + b.x1) / 2, b.y0, b.y1)
        for k, (c, l0, l1) in enumerate(lines):
            if abs(c - at) <= 0.75:
                lines[k] = (c, min(l0, s0), max(l1, s1))
                break
        else:
            lines.append((at, s0, s1))
    return bool(lines) and all(abs(l0 - a0) <= 1 and abs(l1 - a1) <= 1 for _, l0, l1 in lines)


def _filled_pieces(visible: list[dict]) -> bool:
    """More than one filled piece: each may be a bar of its own (a stroked line drawn in dashes is one line)."""
    return sum(len(_pieces(d)) for d in visible if d.get("fill") is not None and not _is_background_fill(d)) >= 2


def _column_rule(block: Block) -> int:
    """How many text rows of the page run from the horizontal line's start to its end (2 pt each way):
    two or more, and its length is the text column's, not a value's."""
    r = block.rect
    if r.width < r.height:
        return 0
    return sum(1 for t in block.page_rows if abs(t.x0 - r.x0) <= 2 and abs(t.x1 - r.x1) <= 2)


def _text_between(a: pymupdf.Rect, b: pymupdf.Rect, rows: list[pymupdf.Rect]) -> bool:
    """A text row lies between the two horizontal lines and within their extent."""
    top, bottom = min(a.y1, b.y1), max(a.y0, b.y0)
    return any(top <= (t.y0 + t.y1) / 2 <= bottom and a.x0 - 2 <= t.x0 and t.x1 <= a.x1 + 2 for t in rows)


def find_peers(blocks: list[Block]) -> None:
    """Give each thin straight block whose length no text sets the others that could be bars of one chart with it,
    and its twins (lines of its extent with text between them, a table's rules).

    Bars of a chart with no axis share the edge they grow from (or, diverging, meet at it; a funnel
    shares its centre); short bars of low values stand side by side on one baseline. Lines of one extent with text between them (a header and a footer rule, a
    table's rules) are twins, no peers; an underline or a column-wide rule has the text's length, no value."""
    lines = []
    for b in blocks:
        if b.kind == "page_border" or not thin_straight(b):
            continue
        visible = _visible(b)
        if not visible or all(_underline(d, b.text_lines, b.runs) for d in visible):
            continue
        one = _one_line(b, visible)
        if one and _column_rule(b) >= 2:
            continue
        lines.append((b, one))
    page_rows = lines[0][0].page_rows if lines else []
    rows = sorted(((t.y0 + t.y1) / 2, t.x0, t.x1) for t in page_rows), page_rows
    for b, one in lines:
        flat = b.rect.width >= b.rect.height
        a0, a1 = (b.rect.x0, b.rect.x1) if flat else (b.rect.y0, b.rect.y1)
        centred: dict[float, pymupdf.Rect] = {}
        for o, o_one in lines:
            if o is b or (o.rect.width >= o.rect.height) != flat:
                continue
            o0, o1 = (o.rect.x0, o.rect.x1) if flat else (o.rect.y0, o.rect.y1)
            c0, c1 = (b.rect.y0, b.rect.y1) if flat else (b.rect.x0, b.rect.x1)
            p0, p1 = (o.rect.y0, o.rect.y1) if flat else (o.rect.x0, o.rect.x1)
            if (abs(c0 - p0) <= 1 or abs(c1 - p1) <= 1) and (o1 < a0 - 1 or a1 + 1 < o0):
                # Side by side on one edge across them: short bars of low values, each as thick as a bar
                # and as thin as its value, grow from one baseline (generator regression: two 2.6 pt bars).
                b.peers.append(o.rect)
                continue
            if abs((a1 - a0) - (o1 - o0)) <= 1:
                if abs(a0 - o0) > 1:
                    continue
                # One extent: with text between them (a header and a footer rule, a table's rules) they
                # frame text; with none, they may be bars of one length, labelled outside them.
                if flat and one and o_one and _text_between(b.rect, o.rect, b.page_rows):
                    b.twins.append(o.rect)
                else:
                    b.peers.append(o.rect)
                continue
            if min(abs(a0 - o0), abs(a1 - o1), abs(a0 - o1), abs(a1 - o0)) <= 1:
                b.peers.append(o.rect)  # grows from its edge (or meets it, diverging)
            elif abs((a0 + a1) - (o0 + o1)) <= 2:
                centred.setdefault(round(o1 - o0), o.rect)
        # A funnel's bars share a centre with lengths all different; a centred page's rules (a header
        # rule, a centred table's rules) come in one or two widths.
        if len(centred) >= 2:
            b.peers.extend(centred.values())
        if b.peers:
            b.why = f"thin, and {len(b.peers)} other thin marks parallel to it start or end where it does, as bars of a chart do"
        elif (floating := _floating(b, [o for o, _ in lines], rows)) is not None:
            b.peers.append(floating)
            b.why = f"thin, and another thin line lies parallel to it within {FLOAT_GAP:g}pt with no text between them, as bars of a range chart do"


# Floating bars of one chart (a Gantt chart, a timeline) lie parallel within this many points of each other (centre to centre).
FLOAT_GAP = 40.0
# A text row whose centre lies within this many points of a bar's centre line is on that line (a label beside its bar).
ON_LINE = 2.0


def _floating(b: Block, lines: list[Block], rows: tuple[list[tuple[float, float, float]], list[pymupdf.Rect]]) -> pymupdf.Rect | None:
    """A thin line parallel to ``b`` within FLOAT_GAP across with no text row between them over their extent, or None:
    bars of a range chart, each starting and ending at its own value, labelled outside the bars (five 2 pt
    Gantt bars, no two sharing a start or an end, were each "a rule", and "how many charts" was widened). Rules of a text page have text between them: two columns' footnote rules, a table's.
    ``rows``: the page's text rows as (centre y, x0, x1) sorted, and as rectangles."""
    by_y, page_rows = rows
    centres = [r[0] for r in by_y]
    flat = b.rect.width >= b.rect.height
    for o in lines:
        if o is b or (o.rect.width >= o.rect.height) != flat:
            continue
        u = b.rect | o.rect
        cb, co = ((r.y0 + r.y1) / 2 if flat else (r.x0 + r.x1) / 2 for r in (b.rect, o.rect))
        lo, hi = min(cb, co), max(cb, co)
        if not 1 <= hi - lo <= FLOAT_GAP:
            continue
        # A row on a bar's own line (its label, centred on it) is not between the bars: only rows clear of both lines count.
        a, z = lo + ON_LINE, hi - ON_LINE
        if flat:
            between = a < z and any(x0 < u.x1 and x1 > u.x0 for _, x0, x1 in by_y[bisect.bisect_right(centres, a):bisect.bisect_left(centres, z)])
        else:
            between = a < z and any(t.x0 < z and t.x1 > a and t.y1 > u.y0 and t.y0 < u.y1 for t in page_rows)
        if not between:
            return o.rect
    return None


def certain_not_figure(block: Block, page_rect: pymupdf.Rect) -> str | None:
    """Why ``block`` certainly draws no figure, or None when only a tuned classifier says so (a doubt)."""
    visible = _visible(block)
    if not visible:
        return "draws nothing visible (fills that paint the colour already beneath them)"  # certain: nothing is drawn
    if any(d.get("thinned") for d in visible):
        # A mark thin only because the page's edge cuts it: the rest of it (a bar, a panel) lies off the page; every
        # reason below rests on thin marks or on a page-size box, which a cut one is not for certain.
        return None
    if all(_underline(d, block.text_lines, block.runs) for d in visible):
        # Certain: a straight mark under a line of text, from the start of a word to the end of a word,
        # has the text's length, not a value's: that text's underline.
        return "underlines: each mark lies under a line of text, from a word's start to a word's end"
    if rule_thin(block) and _one_line(block, visible) and (rows := _column_rule(block)) >= 2:
        # Certain: a line exactly as long as lines of the text beside it has the column's width, not a value's.
        return f"a rule as wide as the text column: {rows} text lines run from its start to its end"
    if rule_thin(block) and _one_line(block, visible) and block.twins:
        # Certain: lines of one extent with text rows between them and within them rule a table; bars
        # of one length draw no value (a chart's bars of differing lengths keep their peers: doubts).
        return f"a table's rule: {len(block.twins)} other lines of its very extent frame text rows with it"
    if rule_thin(block) and _one_line(block, visible) and not block.peers and not _filled_pieces(visible):
        # Certain: one straight line 2.5 pt across at most (its ink: a stroke's width counts), with no other
        # thin mark on the page growing from the same edge with another length: no second dimension to draw
        # in and nothing to compare it with.
        # Thin bars of a chart have such peers (a doubt); their axis, when drawn, joins them into one block.
        # Filled pieces side by side along it are not one line for certain: short bars of equal value
        # drawn next to each other look the same (generator regression: two 2.8 pt bars, no axis).
        return f"a rule: one straight line {min(block.rect.width, block.rect.height):.1f}pt across, no thin mark beside it starts or ends where it does"
    if block.kind == "table_rulings" and ruled_grid(block.rect, visible, [pymupdf.Rect(w[:4]) for w in block.runs]):
        # Certain: full-length rulings and full-width bands around words form a grid of text;
        # no mark in it varies in length or shape, so it draws no chart, diagram or picture.
        return "a ruled grid of text: every mark is a full-length ruling or a full-width band"
    area = abs(page_rect) or 1.0
    if all(_one_box(d) and abs(geometry(d) & page_rect) >= 0.8 * area for d in block.drawings):
        return "one rectangle (or nested ones) around the page: a frame or page fill"  # certain: a page-size box holds no figure
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
    drawings = clipped_drawings(page) + painted_areas(page)
    if len(drawings) > MAX_DRAWINGS:
        raise TooComplex(f"{len(drawings)} drawings exceed the cap of {MAX_DRAWINGS}")
    log = page.get_bboxlog()
    mark_ink(drawings, log)
    drawings = on_page(drawings, page.rect)
    mark_blank_fills(page, drawings, deadline, log)
    # Full-page fills/frames would glue every other drawing into one block: judge them alone. By their
    # geometry: a stroke whose ink alone reaches the page's size is judged with the rest.
    area = abs(page.rect) or 1.0
    backdrop = [d for d in drawings if abs(geometry(d) & page.rect) >= 0.8 * area]
    rest = [d for d in drawings if abs(geometry(d) & page.rect) < 0.8 * area]
    words = page.get_text("words")
    blocks = cluster(rest, deadline)
    for d in backdrop:
        blocks.append(Block(box(d), [d], "page_border", "page-size fill or frame"))
    lines = text_rows(words)
    # Style runs too: an underlined link or footnote mark may be part of a word ("ings.FN6").
    runs = words + (_spans(page) if any(box(d).height <= THIN for d in rest) else [])
    for b in blocks:
        if b.kind != "page_border":
            classify(b, page.rect, words)
        grown = b.rect + (-3, -3, 3, 3)
        b.text_lines = [r for r in lines if r.intersects(grown)]
        b.runs = [w for w in runs if pymupdf.Rect(w[:4]).intersects(grown)]
        b.page_rows = lines
    find_peers(blocks)
    return [b for b in blocks if b.rect.intersects(clip)]


def _spans(page: pymupdf.Page) -> list[tuple]:
    """The bboxes of the page's text spans (runs of one font, size and colour), as word-like tuples."""
    return [(*s["bbox"], s["text"]) for b in page.get_text("dict")["blocks"] for line in b.get("lines", ())
            for s in line["spans"] if s["text"].strip()]


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


def hidden_blocks(page: pymupdf.Page, index: int, clip: pymupdf.Rect, revealed: pymupdf.Page | bool | None, shown: list[Block]) -> list[Member]:
    """Doubts: vector blocks page ``index`` draws only with its hidden content shown (``revealed``,
    ``facts.hidden.revealed_page``: None when it hides nothing; False when it cannot be read so, which
    ``unlisted_pictures`` reports for the page), outside every block the page shows (``shown``), and not
    certainly something other than a figure (``certain_not_figure``).

    A bar chart in a layer off by default was drawn by no listed path, and "how many charts" was a measured zero,
    though the layer panel or a print shows it, and the picture and text probes read hidden content as doubts."""
    if not revealed:
        return []
    try:
        blocks = page_blocks(revealed, clip)
    except TooComplex as exc:
        return [Member(page=index, bbox=rect_tuple(clip), reader=Reader.vectors, what="vector art in hidden content", why=f"{HIDDEN_WHY}; not read: {exc}")]
    boxes = [b.rect + (-1, -1, 1, 1) for b in shown]
    out = []
    for b in blocks:
        if any(r.contains(b.rect) for r in boxes) or certain_not_figure(b, revealed.rect):
            continue
        out.append(Member(page=index, bbox=b.bbox, reader=Reader.vectors, what=f"{b.what()}, in hidden content", why=HIDDEN_WHY))
    return out

"""What a visual probe looks at: raster views of a page region or of the images inside it, with a map back to PDF points."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

import numpy as np
import pymupdf

from widening.facts.document import Doc
from widening.facts.glyphs import picture_fonts
from widening.models import BBox, Member, Reader
from widening.facts.limits import safe_pixmap

# Images smaller than this (in PDF points, either side) are icons and bullets, not photographs.
MIN_IMAGE_PT = 36.0
# Renders are capped so one detector pass stays within a few CPU-seconds.
MAX_SIDE_PX = 1600


@dataclass(frozen=True)
class View:
    """A rendered rectangle of one page: ``rgb`` pixels cover ``rect`` (PDF points)."""

    page: int
    rect: pymupdf.Rect
    kind: Literal["image", "region"]
    rgb: np.ndarray
    label: str
    dpi: float = 150.0  # what ``render`` was asked for: the same call renders the same pixels
    # ``rgb`` is the render turned by ``np.rot90(render, turns)``: a picture the page shows rotated,
    # turned back to its own pixel rows (``upright_turns``). 0 for the page as shown.
    turns: int = 0

    def shown_size(self) -> tuple[int, int]:
        """(height, width) of the render before the turn: the pixels as the page shows them."""
        h, w = self.rgb.shape[:2]
        return (w, h) if self.turns % 2 else (h, w)

    def to_pdf(self, x0: float, y0: float, x1: float, y1: float) -> BBox:
        """Pixel box -> PDF points on the page."""
        h, w = self.shown_size()
        (ax, ay), (bx, by) = unturn(x0, y0, self.turns, h, w), unturn(x1, y1, self.turns, h, w)
        x0, x1, y0, y1 = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
        sx, sy = self.rect.width / w, self.rect.height / h
        r = self.rect
        return (round(r.x0 + x0 * sx, 2), round(r.y0 + y0 * sy, 2), round(r.x0 + x1 * sx, 2), round(r.y0 + y1 * sy, 2))

    def px_per_pt(self) -> float:
        return self.shown_size()[1] / self.rect.width


def unturn(x: float, y: float, turns: int, h: int, w: int) -> tuple[float, float]:
    """A point of ``np.rot90(a, turns)`` -> the same point of ``a`` (``a`` is ``h`` x ``w`` pixels)."""
    for step in range(turns % 4, 0, -1):
        # One counter-clockwise quarter turn undone: b = rot90(c) with c = rot90(a, step - 1), and
        # b[i, j] = c[j, wc - 1 - i], so a point (x, y) of b is (wc - y, x) of c (wc: c's width).
        wc = w if step % 2 else h
        x, y = wc - y, x
    return x, y


def render(page: pymupdf.Page, rect: pymupdf.Rect, dpi: float) -> np.ndarray:
    """RGB pixels of ``rect`` at ``dpi``, scaled down if the long side would pass MAX_SIDE_PX."""
    long_side = max(rect.width, rect.height) * dpi / 72.0
    if long_side > MAX_SIDE_PX:
        dpi *= MAX_SIDE_PX / long_side
    pix = safe_pixmap(page, max(1, int(dpi)), rect)
    return np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, pix.n).copy()


def image_rects(page: pymupdf.Page, within: pymupdf.Rect) -> list[tuple[pymupdf.Rect, float]]:
    """Each raster image showing at least MIN_IMAGE_PT a side inside ``within``, with its whole box on the
    page and its native dpi; icons and duplicates dropped."""
    return [(box, dpi) for box, dpi, _, _ in placed_images(page, within)]


def placed_images(page: pymupdf.Page, within: pymupdf.Rect) -> list[tuple[pymupdf.Rect, float, int, float]]:
    """``image_rects`` with, for each picture, the quarter turns that set it back on its own pixel rows
    (``upright_turns``) and the angle it is tilted by beyond them."""
    out: list[tuple[pymupdf.Rect, float, int, float]] = []
    for info in page.get_image_info():
        full = pymupdf.Rect(info["bbox"])
        part = full & within & page.rect
        if part.is_empty or part.width < MIN_IMAGE_PT or part.height < MIN_IMAGE_PT or full.width <= 0:
            continue
        # The whole picture, not the part inside the region: "the picture at the top left" names
        # a picture by where it sits, and a person in it beyond the region's edge is in it.
        box = full & page.rect
        turns, tilt = upright_turns(info.get("transform"))
        a, b = (info["transform"][0], info["transform"][1]) if info.get("transform") else (full.width, 0.0)
        along = math.hypot(a, b) or full.width  # the picture's own width on the page, however it is turned
        dpi = 72.0 * info.get("width", 0) / along if info.get("width") else 150.0
        if all(iou(tuple(box), tuple(other)) < 0.9 or t != turns for other, _, t, _ in out):  # the same picture placed twice
            out.append((box, dpi, turns, tilt))
    return out


# Pictures whose boxes are this close (pt) abut: pieces of one picture cut into tiles or strips. A gutter
# wider than this sets pictures apart (a collage). Higher only adds views.
TILE_GAP_PT = 1.0


def tiled_pictures(page: pymupdf.Page, within: pymupdf.Rect) -> list[tuple[pymupdf.Rect, float]]:
    """Each group of two or more pictures that abut one another (within TILE_GAP_PT), of any size, whose
    whole box shows at least MIN_IMAGE_PT a side inside ``within``: the group's box and its finest dpi."""
    pics: list[tuple[pymupdf.Rect, float]] = []
    for info in page.get_image_info():
        box = pymupdf.Rect(info["bbox"]) & page.rect
        if box.is_empty or box.width <= 0:
            continue
        t = info.get("transform") or (box.width, 0.0)
        along = math.hypot(t[0], t[1]) or box.width
        pics.append((box, 72.0 * info["width"] / along if info.get("width") else 150.0))
    groups: list[tuple[pymupdf.Rect, float, int]] = []
    for box, dpi in pics:
        merged, best, n = pymupdf.Rect(box), dpi, 1
        rest = []
        for g, d, k in groups:
            if _abut(g, merged):
                merged, best, n = merged | g, max(best, d), n + k
            else:
                rest.append((g, d, k))
        groups = rest + [(merged, best, n)]
    out = []
    for g, d, n in groups:
        part = g & within
        if n >= 2 and not part.is_empty and part.width >= MIN_IMAGE_PT and part.height >= MIN_IMAGE_PT:
            out.append((g, d))
    return out


def _abut(a: pymupdf.Rect, b: pymupdf.Rect) -> bool:
    g = TILE_GAP_PT
    return a.x0 - g <= b.x1 and b.x0 - g <= a.x1 and a.y0 - g <= b.y1 and b.y0 - g <= a.y1


def upright_turns(transform: tuple | None) -> tuple[int, float]:
    """(k, tilt): ``np.rot90(shown, k)`` shows a picture drawn with ``transform`` (PyMuPDF's image matrix,
    top-down page space, rotation baked in) on its own pixel rows, and ``tilt`` degrees are left over.

    The image's downward direction is (c, d): (0, +) when the page shows the picture as stored. A CTM
    rotation, a page /Rotate (the Doc bakes it into the page), or both turn it; detectors trained on
    upright photographs miss what is on its side (two cars on a picture turned 90 degrees: none seen)."""
    if not transform:
        return 0, 0.0
    c, d = float(transform[2]), float(transform[3])
    if c == 0 and d == 0:
        return 0, 0.0
    angle = math.degrees(math.atan2(c, d))  # 0: down is down; 90: down points right; 180: upside down
    quarters = round(angle / 90.0)
    return (-quarters) % 4, angle - 90.0 * quarters


# A rendered view whose box is at most this many times a picture's area, and holds the picture, is that
# picture looked at already. Lower only looks at more pictures on their own.
SAME_PICTURE_AREA = 1.25


def views_for(doc: Doc, page_no: int, region: str | None, in_image: bool, upscale: float = 1.0, region_dpi: float = 150.0) -> list[View]:
    """The images in the region, each whole (at ``upscale`` x their native dpi), and, unless ``in_image``, the region itself.

    A picture the page shows turned (``upright_turns``) is also looked at turned back onto its own pixel
    rows: the reader turns the page (or the head); a detector trained on upright photographs does not."""
    page = doc.page(page_no)
    rect = doc.region_rect(page_no, region)
    views: list[View] = []
    turned: list[View] = []
    # Largest first; an image lying inside an already rendered view of (nearly) its own box at no finer
    # resolution would only be looked at twice. A photo over a larger picture (a page-size background)
    # is looked at on its own: the larger view reaches the object detector shrunk to its input with the
    # rest of the picture (three people 0.67-0.46 alone, 0.42-0.31 inside a page-size background).
    for box, dpi, turns, _ in sorted(placed_images(page, rect), key=lambda bd: -abs(bd[0])):
        dpi = min(300.0, max(96.0, dpi) * upscale)
        shown: np.ndarray | None = None
        if not any(abs(box & v.rect) >= 0.9 * abs(box) and abs(v.rect) <= SAME_PICTURE_AREA * abs(box)
                   and v.px_per_pt() * 72 >= 0.8 * dpi for v in views):
            shown = render(page, box, dpi)
            views.append(View(page_no, box, "image", shown, f"image at {_fmt(box)}", dpi))
        if turns and not any(v.turns == turns and iou(tuple(v.rect), tuple(box)) >= 0.9 for v in turned):
            shown = render(page, box, dpi) if shown is None else shown
            turned.append(View(page_no, box, "image", np.ascontiguousarray(np.rot90(shown, turns)),
                               f"image at {_fmt(box)} turned upright ({90 * turns} degrees counter-clockwise)", dpi, turns))
    # One photograph cut into abutting pieces (tiles, strips) is also looked at whole: a car cut in three
    # strips was a car to no detector (best 0.10; 0.65 whole).
    for box, dpi in tiled_pictures(page, rect):
        if any(abs(box & v.rect) >= 0.9 * abs(box) for v in views):
            continue
        dpi = min(300.0, max(96.0, dpi) * upscale)
        views.append(View(page_no, box, "image", render(page, box, dpi), f"pictures tiled at {_fmt(box)}", dpi))
    # The region itself, unless an image view already renders (nearly) all of it.
    if not in_image and all(abs(v.rect) < 0.9 * abs(rect) for v in views):
        views.append(View(page_no, rect, "region", render(page, rect, region_dpi), f"{region or 'page'} {_fmt(rect)}", region_dpi))
    return views + turned


# A picture covering this share of the region asked about, and at least REGION_BEYOND times the region's
# area, is not placed by the region (a scanned page, a page-size background): "the picture at the top"
# is some picture inside it. Lower either only moves more finds to the doubts.
REGION_COVER, REGION_BEYOND = 0.95, 1.25


def covering_views(doc: Doc, region: str | None, views: list[View]) -> list[View]:
    """The image views whose picture covers all of ``region`` on its page and reaches well beyond it."""
    if region is None:
        return []
    out = []
    for v in views:
        rect = doc.region_rect(v.page, region)
        if v.kind == "image" and abs(v.rect & rect) >= REGION_COVER * abs(rect) and abs(v.rect) >= REGION_BEYOND * abs(rect):
            out.append(v)
    return out


def outside_region(doc: Doc, region: str | None, views: list[View], members: list[Member]) -> tuple[list[Member], list[Member]]:
    """(kept, moved): ``members`` seen in a picture that covers all of ``region`` and more (``covering_views``)
    whose middle lies outside the region's core (``Doc.region_core``) are moved, as doubts.

    "The picture at the top of page 4" names a picture by where it sits, and a person in it beyond the
    region's edge is in it; but a scanned page, or a page-size picture, is not placed by the region: the
    reader sees several photographs in it, and what it shows at the bottom is in some other one. A find
    there is a candidate, never a member (two cars at the bottom of a scanned page were "in the picture
    at the top")."""
    covering = covering_views(doc, region, views)
    if not covering or region is None:
        return list(members), []
    kept: list[Member] = []
    moved: list[Member] = []
    where = region.replace("_", " ")
    for m in members:
        mine = [v for v in covering if v.page == m.page and v.label in m.what]
        x0, y0, x1, y1 = m.bbox
        centre = pymupdf.Point((x0 + x1) / 2, (y0 + y1) / 2)
        if mine and not doc.region_core(m.page, region).contains(centre):
            why = (f"outside the {where} of a picture that covers all of the {where} and beyond ({mine[0].label}: a scanned "
                   f"page or a page-size picture): it may lie in another picture than the one asked about")
            moved.append(m.model_copy(update={"why": why}))
        else:
            kept.append(m)
    return kept, moved


# A picture is looked at as shown and turned back by quarter turns onto its own pixel rows; what is left
# of its tilt beyond this (degrees) the detectors are not known to bear, so the picture is a doubt.
# Lower only makes more doubts.
MAX_TILT = 15.0


# Detectors trained on photographs (faces, bodies, COCO objects) do not see a drawn person or
# object. A picture whose 8 commonest colours (4 bits a channel) cover this share of its pixels
# is flat-coloured: a drawing, logo, icon or chart, not a photograph. Measured on the corpus:
# photographs 0.34-0.53, drawings and logos 0.94-0.99. Only adds doubts, so it errs low.
FLAT_SHARE = 0.75


def flat_share(rgb: np.ndarray) -> float:
    """The share of the pixels in the picture's 8 commonest colours (each channel cut to 4 bits)."""
    q = (rgb[:, :, :3] >> 4).astype(np.int32)
    counts = np.bincount((q[:, :, 0] * 256 + q[:, :, 1] * 16 + q[:, :, 2]).ravel(), minlength=4096)
    return float(np.sort(counts)[::-1][:8].sum() / max(1, counts.sum()))


def unseen_by_photo_detectors(doc: Doc, page_no: int, region: str | None, views: list[View]) -> list[Member]:
    """What a detector trained on photographs cannot vouch for, as doubts: each flat-coloured picture in
    the region, each picture under MIN_IMAGE_PT, and each vector-drawn figure (whatever else is on the page)."""
    page = doc.page(page_no)
    rect = doc.region_rect(page_no, region)
    out: list[Member] = []
    for box, share in _flat_pictures(page, rect, [v for v in views if v.page == page_no]):
        out.append(Member(page=page_no, bbox=tuple(round(c, 2) for c in box), reader=Reader.pixels,
                          what=f"flat-coloured picture ({share:.0%} of its pixels in 8 colours) at {_fmt(box)}",
                          why="detectors trained on photographs do not see what a drawing, logo or cartoon draws"))
    for info in page.get_image_info():
        box = pymupdf.Rect(info["bbox"]) & rect & page.rect
        if not box.is_empty and (box.width < MIN_IMAGE_PT or box.height < MIN_IMAGE_PT):
            out.append(Member(page=page_no, bbox=tuple(round(c, 2) for c in box), reader=Reader.structure,
                              what=f"picture {box.width:.0f}x{box.height:.0f}pt not looked at",
                              why=f"size filter: a picture under {MIN_IMAGE_PT:.0f} pt is taken for an icon; it may show one"))
    for box, _, turns, tilt in placed_images(page, rect):
        if abs(tilt) > MAX_TILT:
            out.append(Member(page=page_no, bbox=tuple(round(c, 2) for c in box), reader=Reader.structure, what=f"picture shown tilted by {tilt:.0f} degrees at {_fmt(box)}",
                              why=f"detectors trained on upright photographs, looked at within {MAX_TILT:.0f} degrees of upright only"))
    for box, n in drawn_figures(page, rect):
        out.append(Member(page=page_no, bbox=tuple(round(c, 2) for c in box), reader=Reader.vectors,
                          what=f"vector drawing of {n} path(s), {box.width:.0f}x{box.height:.0f}pt at {_fmt(box)}",
                          why="detectors trained on photographs do not see a person or object drawn in vector paths"))
    return out


def _flat_pictures(page: pymupdf.Page, rect: pymupdf.Rect, views: list[View]) -> list[tuple[pymupdf.Rect, float]]:
    """Each picture in ``rect`` whose visible pixels are flat-coloured, with its share; also a picture
    views_for did not render on its own (a drawing laid over a larger photograph)."""
    out: list[tuple[pymupdf.Rect, float]] = []
    for box, dpi in image_rects(page, rect):
        own = [v for v in views if v.kind == "image" and iou(tuple(v.rect), tuple(box)) >= 0.99]
        rgb = own[0].rgb if own else render(page, box, min(150.0, max(72.0, dpi)))
        share = flat_share(rgb)
        if share >= FLAT_SHARE:
            out.append((box, share))
    return out


# A stroked outline at most this wide is a rule or a frame (table borders, underlines, a box round
# a text); a wider stroke paints a bar, which may be a limb or the body of a drawn figure.
# Lower only makes more doubts.
RULE_MAX_WIDTH = 3.0
# Coordinates this close (pt) are one: producers round them.
AXIS_TOL = 0.5
# Paths closer than this (pt), or than this share of the smaller one's short side (a head above
# a body scales with the icon), are reported as one figure. Grouping only: no path is dropped by it.
FIGURE_GAP_PT, FIGURE_GAP_SHARE = 4.0, 0.25
# Above this many paths in the region, they are reported as one drawing (grouping only, for time).
MAX_GROUPED_PATHS = 400


def drawn_figures(page: pymupdf.Page, rect: pymupdf.Rect) -> list[tuple[pymupdf.Rect, int]]:
    """Each group of vector paths inside ``rect`` that may draw a figure, with its box and path count.

    Left out only what cannot draw one by construction: a path that paints nothing, a straight
    horizontal or vertical rule, a plain frame rectangle, and a single rectangle filling the whole
    ``rect`` (a ground: uniform colour there, no outline). Text is not a path. Anything else (a
    curve, a slanted line, a polygon, a filled shape, a thick stroke) may be part of a drawn person
    or object, wherever it is and whatever else is on the page."""
    boxes: list[pymupdf.Rect] = []
    for d in page.get_drawings():
        ink = _ink(d)
        if ink is None or _rule_or_frame(d) or _ground(d, rect):
            continue
        part = ink & rect
        if not part.is_empty:
            boxes.append(part)
    if len(boxes) > MAX_GROUPED_PATHS:
        return [(_union(boxes), len(boxes))]
    return _group(boxes)


def _ink(d: dict) -> pymupdf.Rect | None:
    """Where a path paints (its box grown by half the stroke), or None when it paints nothing."""
    filled = d.get("fill") is not None and (d.get("fill_opacity") is None or d["fill_opacity"] > 0)
    stroked = d.get("color") is not None and "s" in d.get("type", "") and (d.get("stroke_opacity") is None or d["stroke_opacity"] > 0)
    box = pymupdf.Rect(d["rect"])
    if stroked:
        w = float(d.get("width") or 0.0) / 2
        box = pymupdf.Rect(box.x0 - w, box.y0 - w, box.x1 + w, box.y1 + w)
    elif not filled:
        return None
    return None if box.is_empty else box  # a fill of no area paints nothing


def _rule_or_frame(d: dict) -> bool:
    """A thin stroked outline made only of horizontal and vertical lines and axis-aligned rectangles."""
    if d.get("fill") is not None and (d.get("fill_opacity") is None or d["fill_opacity"] > 0):
        return False
    if float(d.get("width") or 0.0) > RULE_MAX_WIDTH:
        return False
    return all(_axis_item(it) for it in d["items"])


def _axis_item(it: tuple) -> bool:
    if it[0] == "re":
        return True
    if it[0] == "l":
        a, b = it[1], it[2]
        return abs(a.x - b.x) <= AXIS_TOL or abs(a.y - b.y) <= AXIS_TOL
    if it[0] == "qu":
        return _axis_quad(it[1])
    return False


def _axis_quad(q: pymupdf.Quad) -> bool:
    r = q.rect
    return all(min(abs(p.x - r.x0), abs(p.x - r.x1)) <= AXIS_TOL and min(abs(p.y - r.y0), abs(p.y - r.y1)) <= AXIS_TOL
               for p in (q.ul, q.ur, q.ll, q.lr))


def _ground(d: dict, rect: pymupdf.Rect) -> bool:
    """A single filled rectangle covering all of ``rect``: it paints one colour there and no outline."""
    items = d["items"]
    if len(items) != 1 or not (items[0][0] == "re" or (items[0][0] == "qu" and _axis_quad(items[0][1]))):
        return False
    r = pymupdf.Rect(d["rect"])
    return r.x0 <= rect.x0 + AXIS_TOL and r.y0 <= rect.y0 + AXIS_TOL and r.x1 >= rect.x1 - AXIS_TOL and r.y1 >= rect.y1 - AXIS_TOL


def _group(boxes: list[pymupdf.Rect]) -> list[tuple[pymupdf.Rect, int]]:
    """Boxes near each other (``_near``) merged into one, with how many went in."""
    groups: list[tuple[pymupdf.Rect, int]] = []
    for box in boxes:
        merged, n = pymupdf.Rect(box), 1
        changed = True
        while changed:  # a grown box may now reach a group it missed
            changed, rest = False, []
            for g, k in groups:
                if _near(g, merged):
                    merged, n, changed = merged | g, n + k, True
                else:
                    rest.append((g, k))
            groups = rest
        groups.append((merged, n))
    return groups


def _near(a: pymupdf.Rect, b: pymupdf.Rect) -> bool:
    g = max(FIGURE_GAP_PT, FIGURE_GAP_SHARE * min(a.width, a.height, b.width, b.height))
    return a.x0 - g <= b.x1 and b.x0 - g <= a.x1 and a.y0 - g <= b.y1 and b.y0 - g <= a.y1


def _union(boxes: list[pymupdf.Rect]) -> pymupdf.Rect:
    out = pymupdf.Rect(boxes[0])
    for b in boxes[1:]:
        out |= b
    return out


# A pixel differs between the page and its text-free copy when a channel moves this much.
# Larger only says "the text does not touch this box" more often, which keeps more.
TEXT_INK = 8


def text_free(doc: Doc, page_no: int, view: View) -> np.ndarray | None:
    """``view`` rendered again from a copy of the page without its text layer (pictures, vector
    art and annotations kept), or None when a glyph on the page may draw a picture (Type 3, symbol fonts)."""
    page = doc.page(page_no)
    if picture_fonts(page):  # a face made of glyphs of a picture font is not known to be made of letters
        return None
    key = ("text_free", page_no)
    if key not in doc.memo:
        copy = pymupdf.open()
        copy.insert_pdf(doc.pdf, from_page=page_no - 1, to_page=page_no - 1)
        bare = copy[0]
        bare.add_redact_annot(bare.rect, fill=False, cross_out=False)
        bare.apply_redactions(images=pymupdf.PDF_REDACT_IMAGE_NONE, graphics=pymupdf.PDF_REDACT_LINE_ART_NONE,
                              text=pymupdf.PDF_REDACT_TEXT_REMOVE)
        doc.memo[key] = copy
    rgb = np.rot90(render(doc.memo[key][0], view.rect, view.dpi), view.turns)
    return np.ascontiguousarray(rgb) if rgb.shape == view.rgb.shape else None


def text_touches(a: np.ndarray, b: np.ndarray, box: tuple[int, int, int, int]) -> bool:
    """Whether two renders of one view differ inside the pixel ``box`` (the text layer draws there)."""
    x0, y0, x1, y1 = box
    d = np.abs(a[y0:y1, x0:x1].astype(np.int16) - b[y0:y1, x0:x1].astype(np.int16))
    return bool(d.size) and int(d.max()) > TEXT_INK


def _fmt(r: pymupdf.Rect) -> str:
    return f"[{r.x0:.0f},{r.y0:.0f},{r.x1:.0f},{r.y1:.0f}]"


def iou(a: BBox, b: BBox) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def inside(inner: BBox, outer: BBox, frac: float = 0.6) -> bool:
    """True when at least ``frac`` of ``inner``'s area lies in ``outer``."""
    ix = max(0.0, min(inner[2], outer[2]) - max(inner[0], outer[0]))
    iy = max(0.0, min(inner[3], outer[3]) - max(inner[1], outer[1]))
    area = (inner[2] - inner[0]) * (inner[3] - inner[1])
    return area > 0 and ix * iy >= frac * area

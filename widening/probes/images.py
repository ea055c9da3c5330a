"""Probe ``images``: raster images as displayed on the page, each classified.

Example (corpus): a court filing's first page shows three small images in its header band
(publisher logo, icon, court seal): decorations, not content.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import pymupdf

from widening.facts.document import Doc
from widening.facts.geometry import Groups, rect_tuple
from widening.facts.hidden import HIDDEN_WHY, revealed_page
from widening.models import BBox, Member, ProbeResult, Reader
from widening.probes import LOWER_FINDS_MORE, Scope, Params, Widest, probe
from widening.probes.pagewise import finish, grouped, measurable

Klass = Literal["decoration", "content", "full_page_background"]
# Below this shorter side (pt) an image is an icon or bullet, not content.
ICON_SIDE = 24.0
# A header/footer band image smaller than this is a logo, seal or running decoration.
BAND = 0.12
BAND_MAX_SIDE = 150.0
FULL_PAGE = 0.8


@dataclass(frozen=True)
class Placed:
    """One displayed raster image."""

    page: int
    bbox: BBox
    xref: int
    pixels: tuple[int, int]
    klass: Klass
    digest: bytes = b""  # the image's MD5 (only when listed with ``hashes``): same bytes, same picture
    # Its soft or stencil mask's pixels: a 2x2 colour under a fine mask draws the mask's shapes.
    # PyMuPDF finds a placement's xref by its digest, so among identical images (one colour under
    # many masks) the mask is not known: the finest mask of an image that size is taken (never coarser).
    mask: tuple[int, int] = (0, 0)
    # Why a reader may not see it as a picture although MuPDF draws it ("" when nothing says so): paint drawn
    # after it covers it, or it is drawn inside a soft mask (it shapes other paint, it is not shown itself).
    hidden: str = ""
    # A shading (a gradient: ``sh``, a shading pattern's fill) the image listing lists as an image of xref 0: vector
    # paint, no raster picture (``blocks.painted_areas`` has it), yet its area may hold lettering (gradient words).
    shading: bool = False
    tiles: int = 1  # abutting images shown as one picture (``joined_tiles``): a producer's strips or tiles

    @property
    def finest(self) -> int:
        """The short side (px) of the finer of the image and its mask: what its shapes are drawn at."""
        return max(min(self.pixels), min(self.mask))

    @property
    def min_side(self) -> float:
        return min(self.bbox[2] - self.bbox[0], self.bbox[3] - self.bbox[1])

    def what(self) -> str:
        w, h = self.bbox[2] - self.bbox[0], self.bbox[3] - self.bbox[1]
        x0, y0 = self.bbox[:2]
        if self.shading:
            return f"shading (a gradient) painting {w:.0f}x{h:.0f}pt at ({x0:.0f},{y0:.0f}), listed as an image"
        if self.tiles > 1:
            return (f"raster image in {self.tiles} abutting tiles, about {self.pixels[0]}x{self.pixels[1]}px, shown {w:.0f}x{h:.0f}pt "
                    f"at ({x0:.0f},{y0:.0f}): {self.klass}")
        return f"raster image {self.pixels[0]}x{self.pixels[1]}px shown {w:.0f}x{h:.0f}pt at ({x0:.0f},{y0:.0f}): {self.klass}"


# Images whose edges meet within this (pt) abut: one picture a producer wrote as strips or tiles.
TILE_EPS = 0.05
MAX_TILE_PAIRS = 2_000_000  # n^2 pairs looked at; a page of more images is left as listed


def _abut(a: Placed, b: Placed) -> bool:
    """``a`` and ``b`` share one whole edge (side by side, or one on top of the other) and have as many pixels along it."""
    ax0, ay0, ax1, ay1 = a.bbox
    bx0, by0, bx1, by1 = b.bbox
    same_rows = abs(ay0 - by0) <= TILE_EPS and abs(ay1 - by1) <= TILE_EPS and (abs(ax1 - bx0) <= TILE_EPS or abs(bx1 - ax0) <= TILE_EPS)
    same_cols = abs(ax0 - bx0) <= TILE_EPS and abs(ax1 - bx1) <= TILE_EPS and (abs(ay1 - by0) <= TILE_EPS or abs(by1 - ay0) <= TILE_EPS)
    # As many pixels along the common edge (either pixel side: a turned placement swaps them).
    return (same_rows or same_cols) and bool(set(a.pixels) & set(b.pixels))


def joined_tiles(imgs: list[Placed], page_rect: pymupdf.Rect) -> list[Placed]:
    """``imgs`` with each run of abutting images (``_abut``, chained) shown as one: a producer writes a large picture as
    2-4 strips or a grid of tiles, and a reader sees one picture. Counted once per tile, "how many pictures" read
    three for one. Shadings, hidden images and soft masks' content are never joined (they are judged alone)."""
    n = len(imgs)
    if n < 2 or n * n > MAX_TILE_PAIRS:
        return imgs
    tiles = Groups(range(n))
    for i in range(n):
        if imgs[i].shading or imgs[i].hidden:
            continue
        for j in range(i + 1, n):
            if not (imgs[j].shading or imgs[j].hidden) and _abut(imgs[i], imgs[j]):
                tiles.join(i, j)
    out = []
    for g in ([imgs[i] for i in ids] for ids in tiles.groups()):
        if len(g) == 1:
            out.append(g[0])
            continue
        r = pymupdf.Rect(g[0].bbox)
        for img in g[1:]:
            r |= pymupdf.Rect(img.bbox)
        a = g[0]
        aw, ah = max(a.bbox[2] - a.bbox[0], 1e-6), max(a.bbox[3] - a.bbox[1], 1e-6)
        pixels = (max(2, round(r.width * a.pixels[0] / aw)), max(2, round(r.height * a.pixels[1] / ah)))
        bbox = rect_tuple(r)
        out.append(Placed(a.page, bbox, a.xref, pixels, classify(bbox, page_rect), a.digest, max(img.mask for img in g), "", False, len(g)))
    return out


def classify(bbox: BBox, page_rect: pymupdf.Rect) -> Klass:
    """full_page_background / decoration / content, from placement and size alone."""
    r = pymupdf.Rect(bbox)
    area = abs(page_rect) or 1.0
    if abs(r & page_rect) / area >= FULL_PAGE:
        return "full_page_background"
    if min(r.width, r.height) < ICON_SIDE:
        return "decoration"
    in_band = r.y1 <= page_rect.y0 + BAND * page_rect.height or r.y0 >= page_rect.y1 - BAND * page_rect.height
    if in_band and max(r.width, r.height) < BAND_MAX_SIDE:
        return "decoration"
    return "content"


def placed_images(page: pymupdf.Page, index: int, clip: pymupdf.Rect | None = None, xrefs: bool = True,
                  hashes: bool = False) -> list[Placed]:
    """Displayed images (get_image_info, pitfall 7) whose shown part meets ``clip``; masks are not listed there.

    A picture a tiling pattern paints is placed where the pattern fills, not at its cell (``tiled_placements``).
    An image its clip paths cut is placed where it shows; one they wholly cut away is left out (``unshown_images``
    has it): a reader sees none of it (``shown_paint``). A shading (a gradient, which get_image_info lists as an
    image of xref 0) is kept, marked ``shading``: no raster picture, but its area may show lettering.
    ``xrefs=False``: each ``xref`` is 0 unless the page has soft masks (finding xrefs decodes every image);
    ``hashes``: each carries its image's digest (decodes every image too)."""
    return _placed(page, index, clip, xrefs, hashes)[0]


def unshown_images(page: pymupdf.Page, index: int, clip: pymupdf.Rect | None = None) -> list[Member]:
    """Doubts: what the image listing lists that ``placed_images`` leaves out, because no reader sees it: an image
    its clip paths wholly cut away (their bounds meet none of its placement)."""
    return _placed(page, index, clip, False, False)[1]


def _placed(page: pymupdf.Page, index: int, clip: pymupdf.Rect | None, xrefs: bool, hashes: bool) -> tuple[list[Placed], list[Member]]:
    masks = _masks(page)
    finest = _finest_masks(masks)
    tiles = tiled_placements(page)
    out: list[Placed] = []
    unshown: list[Member] = []
    filled: dict[int, tuple[int, tuple[int, int], bytes]] = {}  # tile -> the xref, pixels, digest of its cell's image

    def add(r: pymupdf.Rect, xref: int, pixels: tuple[int, int], digest: bytes, hidden: str = "", shading: bool = False) -> None:
        if r.is_empty or (clip is not None and not r.intersects(clip)):
            return
        bbox = rect_tuple(r)
        out.append(Placed(index, bbox, xref, pixels, classify(bbox, page.rect), digest, finest.get(pixels, (0, 0)), hidden, shading))

    infos = page.get_image_info(hashes=hashes, xrefs=xrefs or bool(masks))
    shown, faint = _match_paint(page, infos)
    # Every placement listed is drawn: get_image_info lists a masked image once (``has-mask``), never its soft or
    # stencil mask on its own. An xref that is also another image's mask is listed only where the page draws it
    # (``Do``: a grey photo that is the soft mask of a picture beside it, a stencil icon that masks a photo), and
    # that is a picture a reader sees: leaving it out read "how many pictures in the top half" as zero.
    for info, paint in zip(infos, shown):
        pixels = (int(info["width"]), int(info["height"]))
        placed = pymupdf.Rect(info["bbox"])
        cell = _cell_of(placed, pixels, tiles)
        if cell is not None:  # drawn once at the pattern's cell; shown where the pattern fills (below)
            filled.setdefault(cell, (int(info.get("xref") or 0), pixels, bytes(info.get("digest") or b"")))
            continue
        xref, digest = int(info.get("xref") or 0), bytes(info.get("digest") or b"")
        if paint is None or paint.kind == "cell":  # the page could not be run again, or no paint agrees: as listed
            add(placed & page.rect, xref, pixels, digest)
            continue
        if paint.kind == "shade":  # listed where it paints (its bound, cut by its clips)
            add(placed & page.rect, xref, pixels, digest, paint.hidden, shading=True)
            continue
        seen = placed & paint.clip & page.rect
        if seen.is_empty:  # certain: the clips' bounds hold every point they let show
            r = placed & page.rect
            if not r.is_empty and (clip is None or r.intersects(clip)):
                unshown.append(Member(page=index, bbox=rect_tuple(r), reader=Reader.structure,
                                      what=f"raster image {pixels[0]}x{pixels[1]}px placed {r.width:.0f}x{r.height:.0f}pt, its clip shows none of it",
                                      why="clipped away: the clip paths in force leave none of it shown, or it is drawn fully transparent"))
            continue
        add(seen, xref, pixels, digest, paint.hidden)
    # Drawn translucent, the listing leaves it out, yet a reader sees the faded picture (a photo behind the text):
    # read as "no picture on the page", a count of pictures there was widened.
    for paint in faint:
        hidden = paint.hidden or (f"faint: drawn at opacity {paint.alpha:.2f}" if paint.alpha < FAINT_OPACITY else "")
        seen = paint.box & paint.clip & page.rect
        # Its bytes are not read: a digest of its placement, so no two such pictures are taken for one (same bytes).
        add(seen, 0, paint.pixels, hashlib.md5(f"unlisted {index} {tuple(seen)}".encode()).digest() if hashes else b"", hidden)
    for k, tile in enumerate(tiles):
        xref, pixels, digest = filled.get(k, (0, tile.pixels, b""))
        add(tile.area & page.rect, xref, pixels, digest)
    return out, unshown


@dataclass(frozen=True)
class Paint:
    """One image, stencil or shading as the page paints it: ``box`` the image's placement (a shading's painted bound),
    ``clip`` the area its clip paths leave (their bounds: never smaller than what shows), ``hidden`` as Placed.hidden."""

    kind: Literal["image", "shade", "cell"]
    box: pymupdf.Rect
    clip: pymupdf.Rect
    hidden: str = ""
    alpha: float = 1.0  # its opacity (/ca)
    pixels: tuple[int, int] = (0, 0)  # an image's


# Paint drawn after a picture covers it when it is at least this opaque and lies over this share of its shown box
# (the bounds of the paint, not its shape: a ring's hole is not seen, so a covered picture is a doubt, never left out).
COVER_OPACITY = 0.5
COVER_SHARE = 0.9
# MuPDF's image listing leaves out an image drawn less opaque than this (a faded photo behind a page's text, which
# a reader sees): ``_placed`` places such a paint itself. Under FAINT_OPACITY it is a doubt (a tuned filter).
LISTED_OPACITY = 0.5
FAINT_OPACITY = 0.15
# A listed image is a recorded placement when their boxes agree within this (a shading's: its bound's pixel grid).
PLACEMENT_TOLERANCE_PT = 0.5
SHADE_TOLERANCE_PT = 2.0


INFINITE = (-2.0 ** 31, -2.0 ** 31, 2.0 ** 31, 2.0 ** 31)


def _meet(a: tuple, b: tuple) -> tuple:
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


class ClipsDevice(pymupdf.mupdf.FzDevice2):
    """A device that keeps the bounds of the clips in force, (x0, y0, x1, y1) tuples, innermost last (``clip``); a
    soft mask acts as a clip until its pop_clip. ``calls``: the device calls a subclass handles besides these."""

    def __init__(self, calls: tuple[str, ...]) -> None:
        super().__init__()
        for name in ("clip_path", "clip_stroke_path", "clip_text", "clip_stroke_text", "clip_image_mask", "pop_clip", "end_mask", *calls):
            getattr(self, "use_virtual_" + name)()
        self.clips: list[tuple] = []

    def clip(self) -> tuple:
        return self.clips[-1] if self.clips else INFINITE

    def _clip(self, r) -> None:
        rect = (r.x0, r.y0, r.x1, r.y1)
        self.clips.append(_meet(rect, self.clips[-1]) if self.clips else rect)

    def clip_path(self, ctx, path, even_odd, ctm, scissor):
        self._clip(pymupdf.mupdf.ll_fz_bound_path(path, None, ctm))

    def clip_stroke_path(self, ctx, path, stroke, ctm, scissor):
        self._clip(pymupdf.mupdf.ll_fz_bound_path(path, stroke, ctm))

    def clip_text(self, ctx, text, ctm, scissor):
        self._clip(pymupdf.mupdf.ll_fz_bound_text(text, None, ctm))

    def clip_stroke_text(self, ctx, text, stroke, ctm, scissor):
        self._clip(pymupdf.mupdf.ll_fz_bound_text(text, stroke, ctm))

    def clip_image_mask(self, ctx, image, ctm, scissor):
        self._clip(pymupdf.mupdf.ll_fz_transform_rect(pymupdf.mupdf.fz_unit_rect, ctm))

    def pop_clip(self, ctx):
        if self.clips:
            self.clips.pop()

    def end_mask(self, ctx, transfer):
        self.clips.append(self.clip())  # the mask acts as a clip until its pop_clip


class PaintDevice(ClipsDevice):
    """Records each image, stencil and shading the page paints (a pattern cell's as a cell), with the bounds of the
    clips in force, and the bounds of the opaque paint drawn after the first of them (what may cover them). Boxes are
    (x0, y0, x1, y1) tuples: a page of a hundred thousand paths is run in a second."""

    def __init__(self) -> None:
        super().__init__(("fill_image", "fill_image_mask", "fill_shade", "fill_path", "begin_mask", "begin_tile", "end_tile"))
        self.masks = 0  # inside a soft mask's content
        self.tiles = 0  # inside a pattern cell (``TileDevice`` places those)
        self.found: list[tuple] = []  # kind, box, clip, inside a soft mask, opacity, an image's pixels
        self.paints: list[tuple] = []  # (how many were found before it, x0, y0, x1, y1): an opaque fill's area

    def _cover(self, r, alpha: float) -> None:
        if alpha >= COVER_OPACITY and not self.masks and not self.tiles:
            self.paints.append((len(self.found), *(_meet((r.x0, r.y0, r.x1, r.y1), self.clips[-1]) if self.clips else (r.x0, r.y0, r.x1, r.y1))))

    def _record(self, kind: str, r, alpha: float, image: Any = None) -> None:
        # A pattern cell's picture is recorded as a cell (matched, never judged: it shows where its pattern fills).
        pixels = (int(image.w), int(image.h)) if image is not None else (0, 0)
        self.found.append(("cell" if self.tiles else kind, (r.x0, r.y0, r.x1, r.y1), self.clip(),
                           self.masks > 0, alpha, pixels))

    def begin_mask(self, ctx, area, luminosity, colorspace, bc, color_params):
        self.masks += 1

    def end_mask(self, ctx, transfer):
        self.masks = max(0, self.masks - 1)
        super().end_mask(ctx, transfer)

    def begin_tile(self, ctx, area, view, xstep, ystep, ctm, tile_id, doc_id):
        self.tiles += 1
        return 0

    def end_tile(self, ctx):
        self.tiles = max(0, self.tiles - 1)

    def fill_path(self, ctx, path, even_odd, ctm, colorspace, color, alpha, color_params):
        if self.found:  # only what is painted after a picture may cover one
            self._cover(pymupdf.mupdf.ll_fz_bound_path(path, None, ctm), alpha)

    def fill_image(self, ctx, image, ctm, alpha, color_params):
        r = pymupdf.mupdf.ll_fz_transform_rect(pymupdf.mupdf.fz_unit_rect, ctm)
        if self.found and not getattr(image, "mask", None):  # a masked image may show what is under it
            self._cover(r, alpha)
        self._record("image", r, alpha, image)

    def fill_image_mask(self, ctx, image, ctm, colorspace, color, alpha, color_params):
        self._record("image", pymupdf.mupdf.ll_fz_transform_rect(pymupdf.mupdf.fz_unit_rect, ctm), alpha, image)

    def fill_shade(self, ctx, shade, ctm, alpha, color_params):
        r = pymupdf.mupdf.ll_fz_bound_shade(shade, ctm)
        if self.found:
            self._cover(r, alpha)
        self._record("shade", r, alpha)


def shown_paint(page: pymupdf.Page) -> list[Paint] | None:
    """The images, stencils and shadings ``page`` paints (outside pattern cells), in order, each with its clips and
    whether paint drawn after it covers it; None when MuPDF cannot run the page again. Kept on the open document."""
    memo = getattr(page.parent, "_widening_paint", None)
    if memo is None:
        memo = {}
        setattr(page.parent, "_widening_paint", memo)
    if page.number not in memo:
        dev = PaintDevice()
        try:
            pymupdf.mupdf.fz_run_page(pymupdf.mupdf.FzPage(page.this), dev, pymupdf.mupdf.FzMatrix(), pymupdf.mupdf.FzCookie())
            pymupdf.mupdf.fz_close_device(dev)
        except Exception:
            memo[page.number] = None
            return None
        memo[page.number] = _judged(page, dev.found, dev.paints)
    return memo[page.number]


def _judged(page: pymupdf.Page, found: list, paints: list) -> list[Paint]:
    import numpy as np

    covers = np.array(paints, dtype=float).reshape(-1, 5)
    bounds = tuple(page.rect)
    out = []
    for k, (kind, box, clip, masked, alpha, pixels) in enumerate(found):
        if kind == "shade":
            box = _meet(box, clip)  # its painted bound is where it shows
        x0, y0, x1, y1 = _meet(_meet(box, clip), bounds)
        hidden = "soft mask: drawn inside a soft mask, it shapes other paint and is not shown itself" if masked else ""
        if not hidden and x1 > x0 and y1 > y0 and len(covers):
            after = covers[int(np.searchsorted(covers[:, 0], k, side="right")):]  # in paint order: those after it
            later = after[(after[:, 1] < x1) & (after[:, 3] > x0) & (after[:, 2] < y1) & (after[:, 4] > y0)]
            if len(later) and _covered_share(pymupdf.Rect(x0, y0, x1, y1), later[:, 1:]) >= COVER_SHARE:
                hidden = f"painted over: opaque paint drawn after it lies over {COVER_SHARE:.0%} or more of it (its shape not read)"
        if alpha <= 0:  # certain: drawn fully transparent (its opacity /ca 0), it shows nothing where it is drawn
            clip = (0.0, 0.0, 0.0, 0.0)
        out.append(Paint(kind, pymupdf.Rect(box), pymupdf.Rect(clip), hidden, alpha, pixels))
    return out


def _covered_share(box: pymupdf.Rect, covers: Any, steps: int = 12) -> float:
    """The part of ``box`` under the union of ``covers`` (an (n, 4) array of boxes), sampled on a grid of points."""
    import numpy as np

    xs = box.x0 + (np.arange(steps) + 0.5) * box.width / steps
    ys = box.y0 + (np.arange(steps) + 0.5) * box.height / steps
    # A point is under a cover when its column and its row both are: (covers x steps) tables, not a loop per cover.
    cols = (xs[None, :] >= covers[:, 0:1]) & (xs[None, :] < covers[:, 2:3])
    rows = (ys[None, :] >= covers[:, 1:2]) & (ys[None, :] < covers[:, 3:4])
    return float((rows.T.astype(np.uint8) @ cols.astype(np.uint8) > 0).mean())


def _match_paint(page: pymupdf.Page, infos: list[dict]) -> tuple[list[Paint | None], list[Paint]]:
    """For each entry of the image listing, the paint it is (``shown_paint``): an image whose placement agrees, else a
    shading whose painted bound on the page agrees; None when none does or the page cannot be run again. And the
    images the listing leaves out for being drawn less opaque than LISTED_OPACITY (yet more than not at all)."""
    if not infos and not _may_draw_images(page):
        return [], []
    paints = shown_paint(page)
    if paints is None:
        return [None] * len(infos), []
    # Both list in paint order: the first unused paint whose box agrees is the one (an image placed where a shading
    # paints, the same box, is told apart by the order), and it is almost always the first (a page of a thousand strips).
    # An entry with an xref is an image; a pattern cell's image is matched too (``_placed`` places it by its pattern).
    left = list(range(len(paints)))
    boxes = [p.box & page.rect if p.kind == "shade" else p.box for p in paints]
    out: list[Paint | None] = []
    for info in infos:
        b = pymupdf.Rect(info["bbox"])
        kinds = ("image", "cell") if info.get("xref") else ("image", "cell", "shade")
        at = next((n for n, k in enumerate(left) if paints[k].kind in kinds
                   and max(abs(x - y) for x, y in zip(boxes[k], b)) <= (SHADE_TOLERANCE_PT if paints[k].kind == "shade" else PLACEMENT_TOLERANCE_PT)), None)
        hit = left.pop(at) if at is not None else None
        out.append(paints[hit] if hit is not None else None)
    return out, [paints[k] for k in left if paints[k].kind == "image" and 0 < paints[k].alpha < LISTED_OPACITY]


_INLINE_IMAGE = re.compile(rb"(?<![A-Za-z0-9_.#/\\])BI(?![A-Za-z0-9_.#])")


def _may_draw_images(page: pymupdf.Page) -> bool:
    """Whether ``page`` may draw an image the listing leaves out: it names an image (in its resources or its forms'),
    or its content holds an inline image. A page of text alone is not run again."""
    try:
        return bool(page.get_images()) or _INLINE_IMAGE.search(page.read_contents()) is not None
    except Exception:
        return True


@dataclass(frozen=True)
class Tiled:
    """A picture a tiling pattern paints: its image's cell placement (as get_image_info lists it) and pixels,
    and the area the pattern fills on the page."""

    cell: pymupdf.Rect
    pixels: tuple[int, int]
    area: pymupdf.Rect


# A cell placement is the one get_image_info lists when its box is within this many points of it.
CELL_TOLERANCE_PT = 0.5


def _cell_of(bbox: pymupdf.Rect, pixels: tuple[int, int], tiles: list[Tiled]) -> int | None:
    """The index of the tile whose cell image ``bbox`` (of ``pixels``) is, or None."""
    for k, t in enumerate(tiles):
        if t.pixels == pixels and max(abs(a - b) for a, b in zip(t.cell, bbox)) <= CELL_TOLERANCE_PT:
            return k
    return None


class TileDevice(ClipsDevice):
    """Records the pictures drawn inside tiling-pattern cells, with the area each pattern fills."""

    def __init__(self) -> None:
        super().__init__(("begin_tile", "end_tile", "fill_image", "fill_image_mask"))
        self.areas: list[pymupdf.Rect] = []  # the open tiles' areas on the page, outermost first
        self.found: list[Tiled] = []

    def begin_tile(self, ctx, area, view, xstep, ystep, ctm, tile_id, doc_id):
        r = pymupdf.mupdf.ll_fz_transform_rect(area, ctm)
        rect = pymupdf.Rect(r.x0, r.y0, r.x1, r.y1)
        # A cell inside a cell shows where the outer pattern fills.
        self.areas.append(self.areas[-1] if self.areas else (rect & pymupdf.Rect(self.clips[-1]) if self.clips else rect))
        return 0  # not cached: the cell's content is run, and its pictures seen

    def end_tile(self, ctx):
        if self.areas:
            self.areas.pop()

    def _image(self, image, ctm) -> None:
        if not self.areas:
            return
        r = pymupdf.mupdf.ll_fz_transform_rect(pymupdf.mupdf.fz_unit_rect, ctm)
        self.found.append(Tiled(pymupdf.Rect(r.x0, r.y0, r.x1, r.y1), (int(image.w), int(image.h)), self.areas[0]))

    def fill_image(self, ctx, image, ctm, alpha, color_params):
        self._image(image, ctm)

    def fill_image_mask(self, ctx, image, ctm, colorspace, color, alpha, color_params):
        self._image(image, ctm)


def tiled_placements(page: pymupdf.Page) -> list[Tiled]:
    """Pictures painted by tiling patterns. MuPDF draws a pattern's cell once, at the pattern's origin (the page's
    corner under the default pattern matrix, or off the page), and repeats it where the pattern fills: get_image_info
    lists the cell's image there, where nothing of it may show, so a picture (a wallpaper of a name or logo) filling
    the middle of the page was read nowhere, or cut away as off the page. Each is placed where its pattern fills."""
    # A page that cannot be run again keeps its images where get_image_info puts them.
    return tiling_pass(page, "_widening_tiles", TileDevice, lambda dev: tuple(dev.found), ())


def tiling_pass(page: pymupdf.Page, attr: str, make: Callable[[], Any], collect: Callable[[Any], tuple], failed: tuple) -> list:
    """``collect(device)`` after running ``page`` once more through ``make()`` (a ``TileDevice``), or ``failed``
    when MuPDF cannot run it again; () on every page of a file with no tiling pattern. Every probe that asks
    again gets the answer kept on the open document under ``attr`` (pages are not edited once read): running a
    page costs more than listing what it draws."""
    memo = getattr(page.parent, attr, None)
    if memo is None:
        memo = {} if has_tiling_pattern(page.parent) else {n: () for n in range(page.parent.page_count)}
        setattr(page.parent, attr, memo)
    if page.number not in memo:
        dev = make()
        try:
            pymupdf.mupdf.fz_run_page(pymupdf.mupdf.FzPage(page.this), dev, pymupdf.mupdf.FzMatrix(), pymupdf.mupdf.FzCookie())
            pymupdf.mupdf.fz_close_device(dev)
            memo[page.number] = collect(dev)
        except Exception:
            memo[page.number] = failed
    return list(memo[page.number])


def has_tiling_pattern(pdf: pymupdf.Document) -> bool:
    """Whether the file holds a tiling pattern at all (a stream, so an object of its own): most hold none, and a
    look at each object's /PatternType costs far less than running every page again."""
    for xref in range(1, pdf.xref_length()):
        try:
            if pdf.xref_get_key(xref, "PatternType")[1] == "1":
                return True
        except Exception:  # an object MuPDF cannot load is nothing it draws either
            continue
    return False


def densities(page: pymupdf.Page) -> list[tuple[BBox, float]]:
    """Each displayed image's box (as placed, not clipped to the page) and the pixels per point its
    shapes are drawn at: of the finer of the image and its mask (a 2x2 colour under a fine mask)."""
    finest = _finest_masks(_masks(page))
    out = []
    for info in page.get_image_info():
        x0, y0, x1, y1 = info["bbox"]
        px = (int(info["width"]), int(info["height"]))
        fine = max(px, finest.get(px, (0, 0)), key=min)
        if x1 > x0 and y1 > y0 and min(fine) > 0:
            out.append(((x0, y0, x1, y1), min(fine[0] / (x1 - x0), fine[1] / (y1 - y0))))
    return out


def _finest_masks(masks: dict[int, tuple[int, tuple[int, int], tuple[int, int]]]) -> dict[tuple[int, int], tuple[int, int]]:
    """Image size (w, h) -> the finest mask among the images of that size (see Placed.mask)."""
    finest: dict[tuple[int, int], tuple[int, int]] = {}
    for _, size, mask in masks.values():
        finest[size] = max(finest.get(size, (0, 0)), mask, key=min)
    return finest


def certain_masks(page: pymupdf.Page) -> dict[int, int]:
    """Image xref -> its mask's xref, for the page's masked images no other image of the page shares a pixel
    size with: PyMuPDF finds a placement's xref by its bytes, and only among images of one size can two
    share them, so for these the placement's xref, and with it its mask, is certain (see Placed.mask)."""
    sizes = Counter((w, h) for _, w, h in {(img[0], int(img[2]), int(img[3])) for img in page.get_images(full=True)})
    return {xref: mask for xref, (mask, size, _) in _masks(page).items() if sizes[size] == 1}


def _masks(page: pymupdf.Page) -> dict[int, tuple[int, tuple[int, int], tuple[int, int]]]:
    """Image xref -> (its soft (/SMask) or stencil (/Mask, an image) mask's xref, the image's (w, h), the mask's)."""
    out: dict[int, tuple[int, tuple[int, int], tuple[int, int]]] = {}
    for img in page.get_images(full=True):
        mask = img[1]
        if not mask:
            kind, value = page.parent.xref_get_key(img[0], "Mask")
            mask = int(value.split()[0]) if kind == "xref" else 0
        if mask:
            out[img[0]] = (mask, (int(img[2]), int(img[3])), _size(page.parent, mask))
    return out


def _size(doc: pymupdf.Document, xref: int) -> tuple[int, int]:
    if not xref:
        return (0, 0)
    w, h = doc.xref_get_key(xref, "Width"), doc.xref_get_key(xref, "Height")
    return (int(w[1]), int(h[1])) if w[0] == "int" and h[0] == "int" else (0, 0)


# Content-stream operators by which a glyph program or an annotation's appearance may paint a picture: an image
# XObject (or a form holding one), an inline image, a shading (MuPDF's image listing lists a shading as an image).
_PAINTS_PICTURE = re.compile(rb"(?<![A-Za-z0-9_.#/\\])(?:Do|BI|sh)(?![A-Za-z0-9_.#])")
_PATTERN_FILL = re.compile(rb"(?<![A-Za-z0-9_.#/\\])(?:scn|SCN)(?![A-Za-z0-9_.#])")
_D0 = re.compile(rb"(?<![A-Za-z0-9_.#/\\])d0(?![A-Za-z0-9_.#])")
# Annotation flags: Hidden, NoView (shown by no viewer).
_ANNOT_UNSEEN = 2 | 32


def unlisted_pictures(page: pymupdf.Page, index: int, clip: pymupdf.Rect | None = None, revealed: Any = None) -> list[Member]:
    """Doubts: pictures a reader may see that the image listing (``get_image_info``, the text device) does not list.

    - A glyph of a Type 3 font whose glyph programs may paint an image: the text device does not look inside glyph
      programs, so a picture (a logo, an emoji, a photo) a Type 3 glyph paints read as a measured zero. A glyph
      opened with ``d0`` paints in its own colours: any glyph of its font may be the picture, whatever its size.
      One opened with ``d1`` is a stencil in the text's colour: TeX bitmap fonts draw every letter so (an inline
      image mask), so only a glyph inked beyond ``GLYPH_INK_EMS`` ems and at least ``GLYPH_INK_PT`` is a doubt.
    - An annotation MuPDF does not draw (a Link) whose appearance stream paints an image: other viewers draw it.
    - A picture in a layer (optional content) the screen hides by default, or shows only when printed: MuPDF lists
      what the default view shows, yet the viewer's layer panel or a print shows the picture, as the text probes
      read words there. ``revealed``: the page with its hidden content shown (facts.hidden.revealed_page).
    Never members: where the picture is, and whether it shows, is not measured."""
    return _glyph_pictures(page, index, clip) + _annotation_pictures(page, index, clip) + _layered_pictures(page, index, clip, revealed)


def _layered_pictures(page: pymupdf.Page, index: int, clip: pymupdf.Rect | None, revealed: Any) -> list[Member]:
    """Doubts: pictures page ``index`` shows only with its hidden content shown (``revealed``, facts.hidden.revealed_page:
    None when the page hides nothing, False when it cannot be read so), where the page as listed places none."""
    if revealed is None:
        return []
    if revealed is False:  # the layers cannot be switched on: what they hide is not known
        return [Member(page=index, bbox=rect_tuple(page.rect), reader=Reader.structure, what="content hidden by default (layers)",
                       why=f"could not be read: {HIDDEN_WHY}")]
    listed = [pymupdf.Rect(i["bbox"]) & page.rect for i in page.get_image_info()]
    out = []
    for info in revealed.get_image_info():
        r = pymupdf.Rect(info["bbox"]) & page.rect
        if r.is_empty or (clip is not None and not r.intersects(clip)):
            continue
        if any(max(abs(a - b) for a, b in zip(r, b0)) <= DRAWN_SLACK_PT for b0 in listed):
            continue  # the page shows it without the layer too
        out.append(Member(page=index, bbox=rect_tuple(r), reader=Reader.structure,
                          what=f"raster image {info['width']}x{info['height']}px in hidden content, shown {r.width:.0f}x{r.height:.0f}pt",
                          why=HIDDEN_WHY))
    return out


# A d1 glyph is a picture-sized stencil beyond this (as graphics.inked_glyphs): ink longer than this many ems of
# its font size, and at least this many points.
GLYPH_INK_EMS = 1.5
GLYPH_INK_PT = 14.0


def _glyph_pictures(page: pymupdf.Page, index: int, clip: pymupdf.Rect | None) -> list[Member]:
    fonts = _image_glyph_fonts(page)
    if not fonts:
        return []
    from widening.facts.glyphs import draws_nothing

    out = []
    for block in page.get_text("rawdict", flags=pymupdf.TEXT_ACCURATE_BBOXES)["blocks"]:
        for line in block.get("lines", ()):
            for span in line["spans"]:
                colours = fonts.get(span["font"])
                if colours is None or draws_nothing(span):
                    continue
                size = float(span["size"])
                for c in span["chars"]:
                    ink = pymupdf.Rect(c["bbox"])
                    if ink.is_empty:  # no box said: its em square at its origin
                        x, y = c["origin"]
                        ink = pymupdf.Rect(x, y - size, x + size, y)
                    side = max(ink.width, ink.height)
                    if not colours and not (side >= GLYPH_INK_PT and side > GLYPH_INK_EMS * size):
                        continue
                    if (ink & page.rect).is_empty or (clip is not None and not ink.intersects(clip)):
                        continue
                    kind = "d0 (its own colours)" if colours else "d1 (a stencil)"
                    out.append(Member(page=index, bbox=rect_tuple(ink & page.rect), reader=Reader.structure,
                                      what=f"glyph {c['c']!r} of Type 3 font {span['font']} ({size:g}pt) painting {ink.width:.0f}x{ink.height:.0f}pt",
                                      why=f"glyph program: a {kind} glyph of a font whose glyph programs may paint an image, "
                                          "which the image listing does not look inside"))
    return out


def _image_glyph_fonts(page: pymupdf.Page) -> dict[str, bool]:
    """The page's Type 3 fonts (by the name text spans give them) whose glyph programs may paint an image -> whether
    one that may is opened with ``d0`` (or cannot be read): it paints its own colours, so any glyph may be a picture."""
    memo = getattr(page.parent, "_widening_t3_images", None)
    if memo is None:
        memo = {}
        setattr(page.parent, "_widening_t3_images", memo)
    out: dict[str, bool] = {}
    for xref, _, kind, basefont, *_ in page.get_fonts():
        if kind != "Type3":
            continue
        if xref not in memo:
            memo[xref] = _type3_paints_images(page.parent, xref)
        verdict = memo[xref]
        if verdict is not None:
            name = basefont.split("+", 1)[-1] if basefont else f"Type3 ({xref} 0 R)"  # as MuPDF names a span's font
            out[name] = out.get(name, False) or verdict
    return out


def _type3_paints_images(pdf: pymupdf.Document, xref: int) -> bool | None:
    """None: no glyph program of the Type 3 font ``xref`` can paint an image; else whether one that can is ``d0``."""
    try:
        patterns = _has_key(pdf, xref, "Resources", "Pattern")
        kind, value = pdf.xref_get_key(xref, "CharProcs")
        if kind == "xref":
            value = pdf.xref_object(int(value.split()[0]))
        procs = [int(n) for n in re.findall(r"(\d+) 0 R", value)]
        if not procs:
            return True  # glyphs whose programs cannot be found may paint anything
        verdict: bool | None = None
        for n in procs:
            body = pdf.xref_stream(n) or b""
            if _PAINTS_PICTURE.search(body) or (patterns and _PATTERN_FILL.search(body)):
                d0 = bool(_D0.search(body[:400])) or not re.search(rb"\bd1\b", body[:400])
                verdict = bool(verdict) or d0
                if verdict:
                    return True
        return verdict
    except Exception:  # a font that cannot be read may paint anything
        return True


def _has_key(pdf: pymupdf.Document, xref: int, key: str, sub: str) -> bool:
    """Whether the dictionary ``key`` of object ``xref`` (inline or a reference) holds ``sub``."""
    kind, value = pdf.xref_get_key(xref, key)
    if kind == "xref":
        value = pdf.xref_object(int(value.split()[0]))
    return f"/{sub}" in value


def _annotation_pictures(page: pymupdf.Page, index: int, clip: pymupdf.Rect | None) -> list[Member]:
    """Annotations of the page whose normal appearance may paint an image where MuPDF draws none: other viewers draw
    an annotation's appearance as the file gives it. MuPDF draws no Link, no widget without a field type, and an
    unsigned signature field as its own "SIGN" arrow instead of the file's appearance (a signature image a reader of
    any other viewer sees); so an annotation counts as drawn only where the image listing places a picture."""
    pdf = page.parent
    if pdf.xref_get_key(page.xref, "Annots")[0] == "null":
        return []
    loaded = {a.xref for a in page.annots()} | {w.xref for w in page.widgets()}  # MuPDF loads these (and may draw them)
    listed: list[pymupdf.Rect] | None = None  # the image listing's placements, read once for the page when needed
    out = []
    for xref, _, _ in page.annot_xrefs():
        try:
            flags = pdf.xref_get_key(xref, "F")
            if flags[0] == "int" and int(flags[1]) & _ANNOT_UNSEEN:
                continue
            if pdf.xref_get_key(xref, "AP")[0] == "null" or not _appearance_paints_picture(pdf, xref, xref in loaded):
                continue
            kind, value = pdf.xref_get_key(xref, "Rect")
            x0, y0, x1, y1 = (float(v) for v in value.strip("[]").split())
            subtype = pdf.xref_get_key(xref, "Subtype")[1].lstrip("/")
        except Exception:  # an annotation that cannot be read: where it is is not known, the page may show it
            x0, y0, x1, y1, subtype = *page.mediabox, "unreadable"
        rect = pymupdf.Rect(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)) * page.transformation_matrix
        rect = rect & page.rect
        if rect.is_empty or (clip is not None and not rect.intersects(clip)):
            continue
        if subtype != "unreadable":
            if listed is None:
                listed = [pymupdf.Rect(i["bbox"]) for i in page.get_image_info()]
            near = pymupdf.Rect(rect.x0 - DRAWN_SLACK_PT, rect.y0 - DRAWN_SLACK_PT, rect.x1 + DRAWN_SLACK_PT, rect.y1 + DRAWN_SLACK_PT)
            if any(not (b & rect).is_empty and (b & near) == b for b in listed):
                continue  # MuPDF draws a picture within the annotation: the image listing has it
        out.append(Member(page=index, bbox=rect_tuple(rect), reader=Reader.structure,
                          what=f"{subtype} annotation ({xref} 0 R) whose appearance paints an image, {rect.width:.0f}x{rect.height:.0f}pt",
                          why="annotation appearance: MuPDF does not draw this appearance (a Link, a widget without a field type, "
                              "an unsigned signature field), other viewers do"))
    return out


# A picture the image listing places within this many points of an annotation's rectangle is the annotation's (drawn).
DRAWN_SLACK_PT = 1.0
# Forms nested deeper than this in an appearance are not opened: they may paint an image.
_FORM_DEPTH = 8


def _appearance_paints_picture(pdf: pymupdf.Document, xref: int, follow_forms: bool = False) -> bool:
    """Whether a normal appearance (/AP /N: one stream, or one per state) of annotation ``xref`` may paint an image.
    ``follow_forms``: a form XObject it paints is opened (``_form_paints_picture``), else any XObject painted may be one."""
    kind, value = pdf.xref_get_key(xref, "AP/N")
    if kind == "xref":
        n = int(value.split()[0])
        if pdf.xref_is_stream(n):
            streams = [n]
        else:
            streams = [int(v) for v in re.findall(r"(\d+) 0 R", pdf.xref_object(n))]
    elif kind == "dict":
        streams = [int(v) for v in re.findall(r"(\d+) 0 R", value)]
    else:
        return False
    if not follow_forms:
        return any(pdf.xref_is_stream(n) and (_PAINTS_PICTURE.search(pdf.xref_stream(n) or b"") is not None
                                              or (_has_key(pdf, n, "Resources", "Pattern") and _PATTERN_FILL.search(pdf.xref_stream(n) or b"") is not None))
                   for n in streams)
    return any(pdf.xref_is_stream(n) and _form_paints_picture(pdf, n, set()) for n in streams)


def _form_paints_picture(pdf: pymupdf.Document, n: int, seen: set[int]) -> bool:
    """Whether the form (or appearance) stream ``n`` may paint an image: an inline image, a shading, a pattern fill, an
    image XObject, or a form XObject that may (followed to ``_FORM_DEPTH``). A form of vector art alone (an "Approved"
    stamp drawn with paths, a FreeText's box) paints none. What cannot be read may paint one."""
    if n in seen:
        return False
    if len(seen) >= _FORM_DEPTH:
        return True
    seen = seen | {n}
    try:
        body = pdf.xref_stream(n) or b""
        if re.search(rb"(?<![A-Za-z0-9_.#/\\])(?:BI|sh)(?![A-Za-z0-9_.#])", body):
            return True
        if _has_key(pdf, n, "Resources", "Pattern") and _PATTERN_FILL.search(body):
            return True
        if not re.search(rb"(?<![A-Za-z0-9_.#/\\])Do(?![A-Za-z0-9_.#])", body):
            return False
        kind, value = pdf.xref_get_key(n, "Resources/XObject")
        if kind == "xref":
            value = pdf.xref_object(int(value.split()[0]), compressed=True)
        elif kind != "dict":
            return True  # a Do with no XObject read: it may name an image
        for x in (int(v) for v in re.findall(r"(\d+) 0 R", value)):
            sub = pdf.xref_get_key(x, "Subtype")[1]
            if sub != "/Form" or _form_paints_picture(pdf, x, seen):
                return True  # an image, or what cannot be told one
        return False
    except Exception:
        return True


# A soft mask is decoded to see whether it lets anything show only up to this many pixels.
CLEAR_MASK_MAX_PIXELS = 4_000_000


def clear_masks(page: pymupdf.Page) -> set[int]:
    """The page's images whose soft mask (certain: ``certain_masks``) is wholly transparent: every pixel 0, as decoded
    (its /Decode applied). Such an image is drawn and listed, and shows nothing."""
    out = set()
    for xref, mask in certain_masks(page).items():
        try:
            if page.parent.xref_get_key(xref, "SMask")[0] != "xref":
                continue  # a stencil /Mask: its 0 bits paint
            w, h = _size(page.parent, mask)
            if not 0 < w * h <= CLEAR_MASK_MAX_PIXELS:
                continue
            pix = pymupdf.Pixmap(page.parent, mask)
            if pix.n == 1 and not pix.alpha and not any(pix.samples):
                out.add(xref)
        except Exception:  # a mask that cannot be read may let the image show
            continue
    return out


class ImagesParams(Params):
    """``exclude_full_page``: leave out a picture that is the whole page; ``min_side`` in pt."""

    exclude_full_page: Annotated[bool, Widest(False)] = False
    min_side: Annotated[float, LOWER_FINDS_MORE] = 0


# Not exact: a raster image of any subject is a candidate for "a picture of <something>".
@probe("images", params=ImagesParams, exact=False)
def images(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Raster images shown on the pages; those under ``min_side`` pt, or full-page backgrounds
    when ``exclude_full_page``, are doubts (a size or placement filter, not a certain rule)."""
    min_side = float(params.get("min_side", 0) or 0)
    exclude_full = bool(params.get("exclude_full_page", False))
    members: list[Member] = []
    small: list[Member] = []
    backgrounds: list[Member] = []
    unseen: list[Member] = []  # drawn, yet maybe no picture a reader sees: painted over, a soft mask's content, one colour
    unlisted: list[Member] = []  # pictures painted where the image listing does not look (unlisted_pictures)
    unshown: list[Member] = []  # listed by the image listing, yet no raster picture shown (unshown_images)
    unmeasured, pages = measurable(doc, scope)
    for index in pages:
        region = doc.region_rect(index, scope.region)
        shown, gone = _placed(doc.page(index), index, region, True, False)
        unshown += gone
        clear = clear_masks(doc.page(index)) if any(img.mask != (0, 0) for img in shown) else set()
        shown = [img for img in shown if img.xref in clear] + joined_tiles([img for img in shown if img.xref not in clear], doc.page(index).rect)
        for img in shown:
            m = Member(page=index, bbox=img.bbox, what=img.what(), reader=Reader.structure)
            if img.xref in clear:
                unseen.append(m.model_copy(update={"why": "soft mask wholly transparent: its mask's every pixel is 0, nothing of it shows"}))
            elif img.shading:  # certain: vector paint, no raster image; what a gradient shows is not read
                unseen.append(m.model_copy(update={"why": "shading: the image listing lists a gradient as an image; "
                                                          "it is vector paint, not a raster picture"}))
            elif img.hidden:
                unseen.append(m.model_copy(update={"why": img.hidden}))
            elif img.finest <= 1:  # certain: one pixel (under no finer mask) shows one flat colour, a rule or a box
                unseen.append(m.model_copy(update={"why": "one pixel: a single flat colour stretched (a rule, a box), no picture"}))
            elif img.min_side < min_side:
                small.append(m.model_copy(update={"why": f"size filter: shorter side {img.min_side:.0f}pt < min_side {min_side:g}pt"}))
            elif exclude_full and img.klass == "full_page_background":
                backgrounds.append(m.model_copy(update={"why": f"placement filter: covers >= {FULL_PAGE:.0%} of the page"}))
            else:
                members.append(m)
        unlisted += unlisted_pictures(doc.page(index), index, region, revealed_page(doc, index))
    doubts = (grouped(small, "small images") + grouped(backgrounds, "full-page images")
              + grouped(unseen, "images a reader may not see as pictures") + grouped(unshown, "listed images that show no raster picture")
              + grouped(unlisted, "pictures the image listing does not see"))
    return finish("images", scope, params, members, unmeasured, doubts=doubts)

"""Probe ``images``: raster images as displayed on the page, each classified.

Example (corpus): a court filing's first page shows three small images in its header band
(publisher logo, icon, court seal): decorations, not content.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import pymupdf

from widening.facts.document import Doc
from widening.facts.geometry import rect_tuple
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
        return f"raster image {self.pixels[0]}x{self.pixels[1]}px shown {w:.0f}x{h:.0f}pt at ({x0:.0f},{y0:.0f}): {self.klass}"


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
    """Displayed images (get_image_info, pitfall 7) whose placement meets ``clip``; masks are not listed there.

    A picture a tiling pattern paints is placed where the pattern fills, not at its cell (``tiled_placements``).
    ``xrefs=False``: each ``xref`` is 0 unless the page has soft masks (finding xrefs decodes every image);
    ``hashes``: each carries its image's digest (decodes every image too)."""
    masks = _masks(page)
    finest = _finest_masks(masks)
    tiles = tiled_placements(page)
    out: list[Placed] = []
    filled: dict[int, tuple[int, tuple[int, int], bytes]] = {}  # tile -> the xref, pixels, digest of its cell's image

    def add(r: pymupdf.Rect, xref: int, pixels: tuple[int, int], digest: bytes) -> None:
        if r.is_empty or (clip is not None and not r.intersects(clip)):
            return
        bbox = rect_tuple(r)
        out.append(Placed(index, bbox, xref, pixels, classify(bbox, page.rect), digest, finest.get(pixels, (0, 0))))

    # Every placement listed is drawn: get_image_info lists a masked image once (``has-mask``), never its soft or
    # stencil mask on its own. An xref that is also another image's mask is listed only where the page draws it
    # (``Do``: a grey photo that is the soft mask of a picture beside it, a stencil icon that masks a photo), and
    # that is a picture a reader sees: leaving it out read "how many pictures in the top half" as zero.
    for info in page.get_image_info(hashes=hashes, xrefs=xrefs or bool(masks)):
        pixels = (int(info["width"]), int(info["height"]))
        cell = _cell_of(pymupdf.Rect(info["bbox"]), pixels, tiles)
        if cell is not None:  # drawn once at the pattern's cell; shown where the pattern fills (below)
            filled.setdefault(cell, (int(info.get("xref") or 0), pixels, bytes(info.get("digest") or b"")))
            continue
        add(pymupdf.Rect(info["bbox"]) & page.rect, int(info.get("xref") or 0), pixels, bytes(info.get("digest") or b""))
    for k, tile in enumerate(tiles):
        xref, pixels, digest = filled.get(k, (0, tile.pixels, b""))
        add(tile.area & page.rect, xref, pixels, digest)
    return out


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


class _TileDevice(pymupdf.mupdf.FzDevice2):
    """Records the pictures drawn inside tiling-pattern cells, with the area each pattern fills."""

    def __init__(self) -> None:
        super().__init__()
        for name in ("begin_tile", "end_tile", "fill_image", "fill_image_mask", "clip_path", "clip_stroke_path", "clip_text",
                     "clip_stroke_text", "clip_image_mask", "pop_clip", "end_mask"):
            getattr(self, "use_virtual_" + name)()
        self.areas: list[pymupdf.Rect] = []  # the open tiles' areas on the page, outermost first
        self.clips: list[pymupdf.Rect] = []
        self.found: list[Tiled] = []

    def _clip(self, r) -> None:
        rect = pymupdf.Rect(r.x0, r.y0, r.x1, r.y1)
        self.clips.append(rect & self.clips[-1] if self.clips else rect)

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

    def end_mask(self, ctx, transfer):
        self.clips.append(self.clips[-1] if self.clips else pymupdf.Rect(pymupdf.INFINITE_RECT()))  # popped by its pop_clip

    def pop_clip(self, ctx):
        if self.clips:
            self.clips.pop()

    def begin_tile(self, ctx, area, view, xstep, ystep, ctm, tile_id, doc_id):
        r = pymupdf.mupdf.ll_fz_transform_rect(area, ctm)
        rect = pymupdf.Rect(r.x0, r.y0, r.x1, r.y1)
        # A cell inside a cell shows where the outer pattern fills.
        self.areas.append(self.areas[-1] if self.areas else (rect & self.clips[-1] if self.clips else rect))
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
    # Every probe that places pictures asks again; running the page costs more than listing its images, so the
    # answer is kept on the open document (whose pages are not edited once read).
    memo = getattr(page.parent, "_widening_tiles", None)
    if memo is None:
        memo = {} if _has_tiling_pattern(page.parent) else {n: () for n in range(page.parent.page_count)}
        setattr(page.parent, "_widening_tiles", memo)
    if page.number not in memo:
        dev = _TileDevice()
        try:
            pymupdf.mupdf.fz_run_page(pymupdf.mupdf.FzPage(page.this), dev, pymupdf.mupdf.FzMatrix(), pymupdf.mupdf.FzCookie())
            pymupdf.mupdf.fz_close_device(dev)
            memo[page.number] = tuple(dev.found)
        except Exception:  # a page that cannot be run again keeps its images where get_image_info puts them
            memo[page.number] = ()
    return list(memo[page.number])


def _has_tiling_pattern(pdf: pymupdf.Document) -> bool:
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
    unmeasured, pages = measurable(doc, scope)
    for index in pages:
        for img in placed_images(doc.page(index), index, doc.region_rect(index, scope.region)):
            m = Member(page=index, bbox=img.bbox, what=img.what(), reader=Reader.structure)
            if img.min_side < min_side:
                small.append(m.model_copy(update={"why": f"size filter: shorter side {img.min_side:.0f}pt < min_side {min_side:g}pt"}))
            elif exclude_full and img.klass == "full_page_background":
                backgrounds.append(m.model_copy(update={"why": f"placement filter: covers >= {FULL_PAGE:.0%} of the page"}))
            else:
                members.append(m)
    doubts = grouped(small, "small images") + grouped(backgrounds, "full-page images")
    return finish("images", scope, params, members, unmeasured, doubts=doubts)

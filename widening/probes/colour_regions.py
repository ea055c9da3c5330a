"""Probe ``colour_regions``: connected regions of a named colour on the rendered page (or its images).

Example (corpus): a coffee-machine manual page shows a timer chart with
green and blue bars; red pixels exist (arrows, an X, a title) but ``shape=bar`` finds no red bar.
The title is red text (a non-member); the X icon and the arrows stay doubts: only the tuned bar-shape
filter sets them aside (the X is the closed outline of twelve diagonal sides, which a bar of a tilted
chart merged with another can draw; each arrow's shaft is a thick vertical stroke, a tiny bar).

Non-members (certain): regions drawn only by letters, digits and punctuation of text in the colour,
judged pixel by pixel with the shape of letters (``LetterInk``: a symbol glyph, "❚" or "█", may draw a
bar, and so may punctuation joined into one, "______" or "————" in a text chart: doubts). No vector shape of the colour is certainly
no bar, whatever its outline (``widening.facts.shapes``): bars on an isometric or sheared plane are
parallelograms with no axis-aligned side, a pyramid column is a triangle, a 3D column a hexagon.
Doubts also where the render cannot show the colour: a vector shape of it too thin for DPI, and a
picture whose own pixels hold it where the render shows none (a 1 px stroke resampled away).
Areas in a pale tint of the colour (``colours.tint_mask``: its hue under the family's saturation
floor, as Office's lighter theme fills) are doubts, never members; pale letters are text.
Paint of the colour in content the page hides by default (a layer off, or on only for printing; an annotation
flagged hidden or print-only) is a doubt (``hidden_paint``): the render holds none of it, a reader who prints sees it.
Pages are rendered at DPI, never lower: a page larger than one render (a 56x42 inch poster) band by
band, its components joined across the bands' edges; a region over ``MAX_TILED_PIXELS`` is not measured.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Callable, Iterator, NamedTuple

import cv2
import numpy as np
import pymupdf

from widening.facts.colours import family, int_to_rgb, mask, matches, tint_mask, tinted
from widening.facts.document import Doc
from widening.facts.geometry import rect_tuple
from widening.facts.glyphs import certainly_letter, picture_fonts
from widening.facts.hidden import HIDDEN_WHY, revealed_page
from widening.facts.limits import safe_pixmap
from widening.facts.shapes import drawing_pieces, uncut_paths
from widening.models import Member, ProbeResult, Reader
from widening.probes import COLOUR, LOWER_FINDS_MORE, Scope, Params, Widest, one_of, probe
from widening.probes.images import TileDevice, placed_images, tiling_pass
from widening.probes.pagewise import finish, grouped, measurable

DPI = 150
BAR_FILL = 0.75  # a bar fills most of its bounding box
BAR_ASPECT = 2.5
BAR_MIN_SIDE_PX = 3  # thinner than this is a stroke of a glyph or a hairline
MAX_PIXELS = 40_000_000  # an image's own pixels read at once
# A region is rendered at DPI in bands of this many pixels (memory), up to MAX_TILED_PIXELS in all
# (time: a 56x42 inch poster page is 53 Mpx); a larger region is reported as not measured.
BAND_PIXELS = 10_000_000
MAX_TILED_PIXELS = 200_000_000
# Anti-aliasing at DPI blends a saturated shape's edge with white into a rim of pale pixels this
# wide at most. Measured on 40 pt blue and red letters and a blue disc: their rims form components of
# up to 335 px, and none is left after an opening of 2x2 px; a pale tint area is wider than that.
RIM_PX = 2


class TooLarge(ValueError):
    """A region with more pixels at DPI than the probe renders (``MAX_TILED_PIXELS``): not measured."""


def _grid(clip: pymupdf.Rect) -> pymupdf.IRect:
    """The device pixels of ``clip`` at DPI: the grid every render of it lies on."""
    scale = DPI / 72
    return (clip * pymupdf.Matrix(scale, scale)).irect


def _grid_pt(clip: pymupdf.Rect, x0: int, y0: int, x1: int, y1: int) -> pymupdf.Rect:
    """A box of pixels of ``clip``'s grid (``_grid``) in pt."""
    g, scale = _grid(clip), DPI / 72
    return pymupdf.Rect((g.x0 + x0) / scale, (g.y0 + y0) / scale, (g.x0 + x1) / scale, (g.y0 + y1) / scale)


def _bands(page: pymupdf.Page, clip: pymupdf.Rect, context: int) -> Iterator[tuple[int, np.ndarray, int, int]]:
    """The render of ``clip`` at DPI (never a lower resolution), band by band: (band's first row in
    the region's pixel grid, RGB rows of the band with ``context`` rows of its neighbours above and
    below, rows of context above, rows of the band itself).

    Every band lies on one device pixel grid (``clip`` at DPI with no translation: its pixmap is
    ``(clip * zoom).irect``), so the bands put side by side are the page's render at DPI. A region over
    ``MAX_TILED_PIXELS`` raises ``TooLarge`` (a caller reports it as not measured, never as empty)."""
    scale = DPI / 72
    full = _grid(clip)
    width, height = full.width, full.height
    if width <= 0 or height <= 0:
        return
    if width * height > MAX_TILED_PIXELS:
        raise TooLarge(f"{clip.width:.0f}x{clip.height:.0f}pt is {width * height / 1e6:.0f} Mpx at {DPI}dpi, over the "
                       f"{MAX_TILED_PIXELS / 1e6:.0f} Mpx the probe renders: not measured")
    rows = max(1, BAND_PIXELS // width)
    for top in range(full.y0, full.y1, rows):
        bottom = min(top + rows, full.y1)
        a, b = max(full.y0, top - context - 2), min(full.y1, bottom + context + 2)
        band = pymupdf.Rect(clip.x0, a / scale, clip.x1, b / scale) & clip
        pix = safe_pixmap(page, DPI, band)
        if tuple(pix.irect) != tuple(_grid(band)):  # a budget lowered the zoom: never measure at less than DPI
            raise TooLarge(f"the render of {band} was not made at {DPI}dpi")
        got = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, 3)
        lo, hi = max(full.y0, top - context), min(full.y1, bottom + context)
        out = np.full((hi - lo, width, 3), 255, dtype=np.uint8)
        y0, y1 = max(lo, pix.y), min(hi, pix.y + pix.height)
        x0, x1 = max(full.x0, pix.x), min(full.x1, pix.x + pix.width)
        if y1 > y0 and x1 > x0:
            out[y0 - lo:y1 - lo, x0 - full.x0:x1 - full.x0] = got[y0 - pix.y:y1 - pix.y, x0 - pix.x:x1 - pix.x]
        yield top - full.y0, out, top - lo, bottom - top


class Region(NamedTuple):
    """A connected region of a colour: bbox in pt, area in px at DPI, fill ratio, aspect (0 under
    BAR_MIN_SIDE_PX), and what ``judge`` said of each of its pieces (one per band it spans)."""

    rect: pymupdf.Rect
    area: int
    fill: float
    aspect: float
    parts: tuple[Any, ...] = ()


def regions(page: pymupdf.Page, clip: pymupdf.Rect, colour: str, min_area: int) -> list[tuple[pymupdf.Rect, int, float, float]]:
    """(bbox in pt, area px, fill ratio, aspect) of each component of ``colour`` with area >= min_area."""
    return [c for c in components(page, clip, colour) if c[1] >= min_area]


def components(page: pymupdf.Page, clip: pymupdf.Rect, colour: str, pale: bool = False) -> list[tuple[pymupdf.Rect, int, float, float]]:
    """(bbox in pt, area px, fill ratio, aspect) of every connected component of ``colour``, however small
    (``pale``: of its pale tint, ``colours.tint_mask``, less the thin rims anti-aliasing leaves)."""
    return [tuple(r[:4]) for r in labelled(page, clip, colour, pale)]


def labelled(page: pymupdf.Page, clip: pymupdf.Rect, colour: str, pale: bool = False,
             judge: Callable[[pymupdf.Rect, np.ndarray], Any] | None = None, shown: pymupdf.Page | None = None) -> list[Region]:
    """Every connected component (8-connected) of ``colour`` in the render of ``clip`` at DPI, with
    ``judge(piece's bbox in pt, its boolean pixel mask over that bbox)`` for each piece of it.
    ``shown``: the same page as a reader sees it by default (``page`` is then a copy with its hidden content
    shown, ``facts.hidden.revealed_page``, in the same frame): only pixels of the colour there and not on it, nor
    within ``RIM_PX`` of the colour or its tint on it (the deepened rim of paint drawn twice).

    A large region is rendered band by band (``_bands``); a component cut by a band's edge is joined
    again across it, pixel by pixel, so areas, boxes and shapes are those of the whole render."""
    fam = family(colour)
    scale = DPI / 72
    # The opening (pale) and the widening of ``shown``'s ink below see the same neighbours as on the whole render.
    context = RIM_PX + 2 if pale or shown is not None else 0
    parent: list[int] = []
    boxes: list[list[int]] = []  # x0, y0, x1, y1 (px in the region's grid), area
    parts: list[list[Any]] = []

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    previous: np.ndarray | None = None  # global ids of the last row of the band above (-1: none)
    def painted(rgb: np.ndarray) -> np.ndarray:
        hsv = cv2.cvtColor(rgb, cv2.COLOR_RGB2HSV)
        return tint_mask(fam, hsv) if pale else mask(fam, hsv)

    default = _bands(shown, clip, context) if shown is not None else None
    for row0, rgb, above, rows in _bands(page, clip, context):
        ink = painted(rgb)
        if default is not None:  # the same grid (same page frame, same clip): pixel for pixel
            # Paint drawn again over shown paint of the colour deepens its anti-aliased rim (a pale edge pixel turns
            # saturated): no new shape. Pixels within RIM_PX of the colour or its tint on the default render are its rim.
            hsv = cv2.cvtColor(next(default)[1], cv2.COLOR_RGB2HSV)
            seen = np.where(mask(fam, hsv) | tint_mask(fam, hsv), 255, 0).astype(np.uint8)
            ink &= cv2.dilate(seen, np.ones((2 * RIM_PX + 1, 2 * RIM_PX + 1), np.uint8)) == 0
        binary = np.ascontiguousarray(np.where(ink, 255, 0).astype(np.uint8))
        if pale:
            # A saturated shape or letter on white leaves a rim of paler pixels 1-2 px wide: no tint area.
            binary = cv2.morphologyEx(binary, cv2.MORPH_OPEN, np.ones((RIM_PX + 1, RIM_PX + 1), np.uint8))
        binary = np.ascontiguousarray(binary[above:above + rows])
        n, labels, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
        ids = np.full(n, -1, dtype=np.int64)
        for i in range(1, n):
            x, y, w, h, area = (int(v) for v in stats[i])
            ids[i] = len(parent)
            parent.append(len(parent))
            boxes.append([x, row0 + y, x + w, row0 + y + h, area])
            piece = None
            if judge is not None:
                piece = judge(_grid_pt(clip, x, row0 + y, x + w, row0 + y + h), labels[y:y + h, x:x + w] == i)
            parts.append([piece] if judge is not None else [])
        if previous is not None and n > 1:
            first = ids[labels[0]]
            for dx in (-1, 0, 1):  # 8-connected across the seam
                a = previous[max(0, dx):len(previous) + min(0, dx)]
                b = first[max(0, -dx):len(first) + min(0, -dx)]
                for u, v in set(zip(a[(a >= 0) & (b >= 0)].tolist(), b[(a >= 0) & (b >= 0)].tolist())):
                    ru, rv = root(u), root(v)
                    if ru != rv:
                        parent[rv] = ru
        previous = ids[labels[-1]]
    merged: dict[int, list] = {}
    for i in range(len(parent)):
        r = root(i)
        x0, y0, x1, y1, area = boxes[i]
        if r not in merged:
            merged[r] = [x0, y0, x1, y1, area, list(parts[i])]
        else:
            m = merged[r]
            m[0], m[1], m[2], m[3], m[4] = min(m[0], x0), min(m[1], y0), max(m[2], x1), max(m[3], y1), m[4] + area
            m[5] += parts[i]
    out = []
    for x0, y0, x1, y1, area, ps in merged.values():
        w, h = x1 - x0, y1 - y0
        aspect = max(w, h) / max(1, min(w, h))
        out.append(Region(_grid_pt(clip, x0, y0, x1, y1), area, area / (w * h),
                          aspect if min(w, h) >= BAR_MIN_SIDE_PX else 0.0, tuple(ps)))
    return out


def hidden_paint(doc: Doc, index: int, clip: pymupdf.Rect, colour: str) -> list[Member]:
    """Doubts: areas of ``colour`` or its pale tint that page ``index`` shows only with its hidden content shown
    (``facts.hidden.revealed_page``): a layer off on the screen or on only for printing, an annotation or form field
    flagged hidden or print-only. The default render holds none of it, yet a reader who switches the layer on or
    prints the page sees a red bar there: neither presence nor absence, as the picture and text probes read it.
    Pixel by pixel against the default render, so shown paint is never counted twice. A page whose hidden content
    cannot be read so is one doubt over ``clip``. Raises ``TooLarge`` (a ValueError) as ``labelled`` does."""
    revealed = revealed_page(doc, index)
    if revealed is None:
        return []
    if revealed is False:
        return [Member(page=index, bbox=rect_tuple(clip), reader=Reader.structure, what="content hidden by default (layers, hidden annotations)",
                       why=f"could not be read: {HIDDEN_WHY}")]
    out = []
    for pale in (False, True):
        for reg in labelled(revealed, clip, colour, pale=pale, shown=doc.page(index)):
            r = reg.rect
            what = f"{'pale ' if pale else ''}{colour} region {r.width:.0f}x{r.height:.0f}pt, {reg.area}px at {DPI}dpi, in hidden content"
            out.append(Member(page=index, bbox=rect_tuple(r & clip), what=what, why=HIDDEN_WHY, reader=Reader.pixels))
    return out


def glyph_boxes(page: pymupdf.Page, colour: str, letters_only: bool = False, pale: bool = False) -> list[pymupdf.Rect]:
    """Boxes of the text-layer characters drawn in ``colour``'s family (``pale``: in its pale tint), grown by 1 pt
    of anti-aliasing; ``letters_only``: only those certainly text (``glyphs.certainly_letter``), not a symbol that may draw an icon or a bar."""
    fam = family(colour)
    painted = tinted if pale else matches
    pictures = picture_fonts(page) if letters_only else set()
    out = []
    for block in page.get_text("rawdict")["blocks"]:
        for line in block.get("lines", ()):
            for span in line["spans"]:
                if painted(fam, int_to_rgb(span["color"])):
                    out.extend(pymupdf.Rect(c["bbox"]) + (-1, -1, 1, 1) for c in span["chars"]
                               if c["c"].strip() and (not letters_only or certainly_letter(c["c"], span["font"], pictures)))
    return out


def in_glyphs(r: pymupdf.Rect, glyphs: list[pymupdf.Rect]) -> bool:
    """True when ``r`` lies inside the union of glyph boxes it meets: every pixel of it is text of that colour."""
    near = [g for g in glyphs if g.intersects(r)]
    if not near:
        return False
    covered = pymupdf.Rect(near[0])
    for g in near[1:]:
        covered |= g
    return covered.contains(r) and _tiled(r, near)


def _tiled(r: pymupdf.Rect, boxes: list[pymupdf.Rect]) -> bool:
    """Each corner and the centre of ``r`` lie in some glyph box (a cheap covering test for a run of glyphs)."""
    pts = [r.tl, r.tr, r.bl, r.br, (r.tl + r.br) / 2]
    return all(any(b.contains(p) for b in boxes) for p in pts)


def _rgb255(c: tuple[float, ...]) -> tuple[int, int, int]:
    """A drawing's colour (grey, RGB) as 0..255 RGB."""
    v = [round(x * 255) for x in c]
    return (v[0], v[0], v[0]) if len(v) == 1 else (v[0], v[1], v[2])


class _TiledPathDevice(TileDevice):
    """Records the paths filled or stroked inside tiling-pattern cells, with the area each pattern fills."""

    def __init__(self) -> None:
        super().__init__()
        for name in ("fill_path", "stroke_path"):
            getattr(self, "use_virtual_" + name)()
        # (every path as get_drawings places it, the area its pattern fills when it is drawn in a cell, else None)
        self.paths: list[tuple[pymupdf.Rect, pymupdf.Rect | None]] = []

    def _path(self, path, ctm) -> None:
        r = pymupdf.mupdf.ll_fz_bound_path(path, None, ctm)
        self.paths.append((pymupdf.Rect(r.x0, r.y0, r.x1, r.y1), self.areas[0] if self.areas else None))

    def fill_path(self, ctx, path, even_odd, ctm, colorspace, color, alpha, color_params):
        self._path(path, ctm)

    def stroke_path(self, ctx, path, stroke, ctm, colorspace, color, alpha, color_params):
        self._path(path, ctm)


# A path of a pattern's cell is the one get_drawings lists when its box is within this many points of it.
TILE_PATH_TOLERANCE_PT = 0.5


def tiled_paths(page: pymupdf.Page) -> list[tuple[pymupdf.Rect | None, pymupdf.Rect | None]]:
    """(box of a path, the area a tiling pattern fills when the path is drawn in its cell, else None) for each
    path of a page that has a tiling pattern (none listed on a page of a file with no tiling pattern; one
    (None, the page) when the page could not be run again: every path may then show anywhere on it).

    MuPDF draws a cell once, where the pattern's matrix puts it (the page's bottom-left corner by default, off the
    page under another matrix), and repeats it where the pattern fills: ``get_drawings`` lists the cell's paths at
    the cell, where nothing of them may show. A bar filled with fine red hatching (0.15 pt lines, a pale pink at
    DPI that no component keeps) was then looked for in the page's corner, or nowhere: a zero. Kept on the open
    document, as ``images.tiled_placements`` keeps its pictures (pages are not edited once read)."""
    # A page that cannot be run again: any path may be a cell filling anywhere on it.
    return tiling_pass(page, "_widening_tiled_paths", _TiledPathDevice,
                       lambda dev: tuple(dev.paths) if any(area is not None for _, area in dev.paths) else (),
                       ((None, pymupdf.Rect(page.rect)),))


def ink_places(d: dict, tiles: list[tuple[pymupdf.Rect | None, pymupdf.Rect | None]]) -> list[pymupdf.Rect]:
    """Where a ``get_drawings`` path can show: the area of every tiling pattern whose cell draws a path at its
    box (``tiled_paths``: the cell is repeated there), and its own box unless every path drawn at that box is
    in a cell (a cell shows only where its pattern fills)."""
    own = pymupdf.Rect(d["rect"])
    if any(box is None for box, _ in tiles):
        return [own] + [area for box, area in tiles if box is None and area is not None]
    same = [area for box, area in tiles if box is not None and max(abs(a - b) for a, b in zip(box, own)) <= TILE_PATH_TOLERANCE_PT]
    areas = [a for a in same if a is not None and not a.is_empty]
    return areas if same and all(a is not None for a in same) else [own] + areas


def unrendered(page: pymupdf.Page, clip: pymupdf.Rect, colour: str, seen: list[pymupdf.Rect], drawings: list[dict] | None = None, bars_only: bool = False) -> list[Member]:
    """Vector shapes filled or stroked in ``colour`` that no rendered component covers: a hairline
    anti-aliased below the colour's saturation floor still has its colour in the drawing itself.
    A shape of a tiling pattern's cell (hatching) is looked for where the pattern fills (``tiled_paths``).
    With ``bars_only``, a shape that cannot render a bar is not listed (certain; ``shapes.piece_can_be_bar``)."""
    fam = family(colour)
    out = []
    tiles = tiled_paths(page)
    for d in page.get_drawings() if drawings is None else drawings:
        paints = [c for c in (d.get("fill"), d.get("color")) if c is not None and len(c) in (1, 3)]
        rgb = next((c for c in paints if matches(fam, _rgb255(c))), None)
        # A pale or muted shade of the colour (tint_mask) too: thin hatching or a hairline bar in slate grey
        # leaves no area the pale render keeps (generator, shades). It cannot pass the bar test below: a doubt.
        shade = rgb is None and any(tinted(fam, _rgb255(c)) for c in paints)
        if rgb is None and not shade:
            continue
        places = [r + (-0.5, -0.5, 0.5, 0.5) for r in ink_places(d, tiles)]
        places = [r for r in places if r.intersects(clip) and not any(r.intersects(s) for s in seen)]
        if not places:
            continue
        if bars_only and not shade:
            fill, stroke, unknown = _paints(d, fam)
            if not unknown and not any(bar for _, bar in drawing_pieces(d, fill, stroke)):
                continue
        name = f"{'pale or muted ' if shade else ''}{colour}"
        size = f"{d['rect'].width:.1f}x{d['rect'].height:.1f}pt"
        tiled = any(r != pymupdf.Rect(d["rect"]) + (-0.5, -0.5, 0.5, 0.5) for r in places)
        what = f"{name} {'tiling pattern of a ' + size + ' vector shape (hatching)' if tiled else 'vector shape ' + size}"
        why = f"rendering: a {name} vector shape {size}{' repeated by a tiling pattern' if tiled else ''} too thin to show at {DPI}dpi"
        hull = places[0]
        for r in places[1:]:
            hull |= r
        out.append(Member(page=page.number + 1, bbox=rect_tuple(hull & clip), what=what, why=why, reader=Reader.vectors))
    return out


def _native_colour(doc: pymupdf.Document, xref: int, fam) -> tuple[int, str | None]:
    """(pixels of the family or of a shade of it among the image's own pixels, why they could not be read or None)."""
    if not xref:
        return 0, "an inline image: its own pixels cannot be read apart from the page"
    try:
        pix = pymupdf.Pixmap(doc, xref)
        if pix.width * pix.height > MAX_PIXELS:
            return 0, f"{pix.width}x{pix.height}px, too many pixels to read"
        if pix.alpha:
            pix = pymupdf.Pixmap(pix, 0)
        if pix.colorspace is None or pix.colorspace.n != 3:
            pix = pymupdf.Pixmap(pymupdf.csRGB, pix)
        rgb = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, 3)
        hsv = cv2.cvtColor(rgb, cv2.COLOR_RGB2HSV)
        # A pale or muted shade too (generator: a one-pixel khaki line in a fine picture, asked as yellow): a doubt either way.
        return int((mask(fam, hsv) | tint_mask(fam, hsv)).sum()), None
    except Exception as exc:  # an unreadable image may hold the colour
        return 0, f"its pixels could not be read ({type(exc).__name__})"


def downsampled(page: pymupdf.Page, clip: pymupdf.Rect, colour: str, seen: list[pymupdf.Rect]) -> list[Member]:
    """Raster images with no rendered component of ``colour`` on them whose own pixels hold the
    colour (or cannot be read): a detail the render resamples away, as a 1 px red stroke of a
    900 px logo shown 60 pt wide, or of a picture shown near DPI (blended into its neighbours). Doubts."""
    fam = family(colour)
    out = []
    for p in placed_images(page, page.number + 1, clip):
        r = pymupdf.Rect(p.bbox)
        if r.is_empty or any(r.intersects(s) for s in seen):
            continue
        n, why = _native_colour(page.parent, p.xref, fam)
        if n or why:
            what = f"raster image {p.pixels[0]}x{p.pixels[1]}px shown {r.width:.0f}x{r.height:.0f}pt"
            detail = f"{n} {colour} pixel(s) of its own that the {DPI}dpi render averages away" if n else why
            out.append(Member(page=page.number + 1, bbox=rect_tuple(r & clip), what=what, why=f"rendering: {detail}", reader=Reader.pixels))
    return out


# Paint operations whose colour the path list and the text spans do not carry: an image, a
# stencil mask, a shading, stroked text (a span reports its fill colour only).
_OPAQUE_SOURCES = ("fill-image", "fill-imgmask", "fill-shade", "stroke-text")
AA_PT = 1.0  # anti-aliased ink reaches this far past a shape's geometry


def _paints(d: dict, fam, pale: bool = False) -> tuple[bool, bool, bool]:
    """(fill in the family, stroke in the family, a paint whose colour is not known) for one path
    (``pale``: in the family's pale tint, ``colours.tinted``)."""
    painted = tinted if pale else matches
    kind = str(d.get("type", ""))
    out = []
    unknown = False
    for op, key in (("f", "fill"), ("s", "color")):
        c = d.get(key)
        if op not in kind:
            out.append(False)
        elif c is None or len(c) not in (1, 3):
            out.append(False)
            unknown = True
        else:
            out.append(painted(fam, _rgb255(c)))
    return out[0], out[1], unknown


class NotBars:
    """The page's ink of one colour by where it comes from, to tell a region that cannot be a bar.

    Certain by construction: a region is not a bar when every pixel of it lies on a letter of text in
    the colour, or on a vector shape of the colour that cannot render a bar, drawn whole (no clip cuts
    it), and no shape that can, no picture, stencil, shading, stroked text, annotation or paint of
    unknown colour reaches it. No vector shape is certainly barless (``widening.facts.shapes``: a
    parallelogram is a bar on a sheared plane, a triangle a pyramid column, a rhombus or an X outline a
    tilted bar or two merged), so today only letters explain a region away."""

    def __init__(self, page: pymupdf.Page, colour: str, glyphs: list[pymupdf.Rect], pale: bool = False):
        fam = family(colour)
        # A Type 3 glyph is a little drawing with colours of its own: the text layer does not say what it paints.
        self.usable = not any(f[2] == "Type3" for f in page.get_fonts())
        can, cannot, unknown_paint = [], [], []
        tiles = tiled_paths(page)
        for d, whole in uncut_paths(page.get_drawings(extended=True)):
            fill, stroke, unknown = _paints(d, fam, pale)
            # A tiling pattern's cell is repeated where the pattern fills, far from where its paths are listed.
            repeated = [r for r in ink_places(d, tiles) if r != pymupdf.Rect(d["rect"])]
            if unknown:
                unknown_paint += [pymupdf.Rect(d["rect"])] + repeated
            if fill or stroke:
                for r, bar in drawing_pieces(d, fill, stroke):
                    # A clip that cuts a shape can leave an axis-aligned edge (hatching clipped to a bar).
                    (can if bar or not whole else cannot).append(r)
                can += repeated
        opaque = [pymupdf.Rect(r) for kind, r in page.get_bboxlog() if kind in _OPAQUE_SOURCES]
        # Annotations and form fields are rendered from appearance streams the page's path list does not hold.
        opaque += [pymupdf.Rect(a.rect) for a in page.annots()] + [pymupdf.Rect(w.rect) for w in page.widgets()]
        self.can = [r + (-AA_PT, -AA_PT, AA_PT, AA_PT) for r in can + unknown_paint + opaque]
        # Paint that is no path of the colour (a path of unknown colour, a picture, a shading, an annotation).
        self.opaque = [r + (-AA_PT, -AA_PT, AA_PT, AA_PT) for r in unknown_paint + opaque]
        self.cannot = [r + (-AA_PT, -AA_PT, AA_PT, AA_PT) for r in cannot] + glyphs

    def may_paint(self, r: pymupdf.Rect, paths: bool = True) -> bool:
        """A shape that can render a bar, a picture, a shading or paint of unknown colour reaches ``r``
        (or a Type 3 font draws glyphs the text layer cannot describe); ``paths=False``: leaving out the
        paths of the colour (a caller that measures every such path on its own)."""
        return not self.usable or any(c.intersects(r) for c in (self.can if paths else self.opaque))

    def explains(self, r: pymupdf.Rect, pixels: np.ndarray) -> bool:
        """Every pixel of the region (a boolean mask over ``r`` at DPI) lies on a shape that cannot be a bar."""
        if self.may_paint(r):
            return False
        near = [c for c in self.cannot if c.intersects(r)]
        if not near:
            return False
        scale = DPI / 72
        ys, xs = np.nonzero(pixels)
        # Pixel centres in pt (the mask's origin is r's top-left corner).
        px = r.x0 + (xs + 0.5) / scale
        py = r.y0 + (ys + 0.5) / scale
        left = np.ones(len(xs), dtype=bool)
        for c in near:
            left &= ~((px >= c.x0) & (px <= c.x1) & (py >= c.y0) & (py <= c.y1))
            if not left.any():
                return True
        return not left.any()


class Piece(NamedTuple):
    """What ``LetterInk.judge`` finds of one piece of a region."""

    letters: bool  # every pixel on a letter's glyph box, none on a symbol glyph's, and no other paint reaches it
    glyph: int | None  # the one letter or digit (not punctuation) whose box holds every pixel, if any
    not_bar: bool  # every pixel on ink that cannot form a bar (``NotBars.explains``), none on a symbol glyph


class LetterInk:
    """Certain by construction: a region is drawn by letters of text in the colour when, pixel by pixel,
    every pixel lies in the glyph box of a letter, digit or punctuation mark of that colour (grown by 1 pt
    of anti-aliasing), none in the box of a symbol glyph of that colour (a ■ between two letters), no
    other paint of the colour can reach it (``NotBars.may_paint``: a bar under its label), and it has the
    shape of letters: a bar-shaped region is one letter's or digit's, never punctuation drawn into a bar
    (a run of underscores or dashes, in a text chart, is a bar to a reader). A test of a few points of the
    region let a symbol glyph or a bar between letters pass as text."""

    def __init__(self, page: pymupdf.Page, colour: str, pale: bool = False, paths: bool = True):
        fam = family(colour)
        painted = tinted if pale else matches
        pictures = picture_fonts(page)
        self.paths = paths  # False: paths of the colour are measured by the caller (``coloured_graphics``), not here
        letters, alnum, symbols = [], [], []
        for block in page.get_text("rawdict")["blocks"]:
            for line in block.get("lines", ()):
                for span in line["spans"]:
                    if not painted(fam, int_to_rgb(span["color"])):
                        continue
                    for c in span["chars"]:
                        if not c["c"].strip():
                            continue
                        box = tuple(pymupdf.Rect(c["bbox"]) + (-1, -1, 1, 1))
                        if certainly_letter(c["c"], span["font"], pictures):
                            letters.append(box)
                            alnum.append(unicodedata.category(c["c"])[0] in "LN")
                        else:
                            symbols.append(box)
        self.letters = np.array(letters, dtype=float).reshape(-1, 4)
        self.alnum = np.array(alnum, dtype=bool)
        self.symbols = np.array(symbols, dtype=float).reshape(-1, 4)
        self.not_bars = NotBars(page, colour, [pymupdf.Rect(b) for b in letters], pale=pale)

    @staticmethod
    def _near(boxes: np.ndarray, r: pymupdf.Rect) -> np.ndarray:
        return np.nonzero((boxes[:, 0] <= r.x1) & (boxes[:, 2] >= r.x0) & (boxes[:, 1] <= r.y1) & (boxes[:, 3] >= r.y0))[0]

    def judge(self, r: pymupdf.Rect, pixels: np.ndarray) -> Piece:
        """``labelled``'s judge: what one piece of a region (its bbox in pt, its pixel mask over it at DPI) is drawn by."""
        scale = DPI / 72
        ys, xs = np.nonzero(pixels)
        px, py = r.x0 + (xs + 0.5) / scale, r.y0 + (ys + 0.5) / scale
        if any(((px >= b[0]) & (px <= b[2]) & (py >= b[1]) & (py <= b[3])).any() for b in self.symbols[self._near(self.symbols, r)]):
            return Piece(False, None, False)
        near = self._near(self.letters, r)
        left = np.ones(len(xs), dtype=bool)
        glyph = None
        for k in near:
            x0, y0, x1, y1 = self.letters[k]
            inside = (px >= x0) & (px <= x1) & (py >= y0) & (py <= y1)
            if glyph is None and self.alnum[k] and inside.all():
                glyph = int(k)
            left &= ~inside
        covered = len(near) > 0 and not left.any()
        drawn = covered and not self.not_bars.may_paint(r, self.paths)
        return Piece(drawn, glyph if drawn else None, drawn or self.not_bars.explains(r, pixels))

    @staticmethod
    def drawn(region: Region) -> bool:
        """Every pixel of the region is letter ink (``judge``: a region cut by a band's edge is judged piece by piece)."""
        return bool(region.parts) and all(p is not None and p.letters for p in region.parts)

    @staticmethod
    def letter_shaped(region: Region, bar: bool) -> bool:
        """Letters, with the shape of letters: a bar-shaped region (``bar``) lies within one letter's or digit's box."""
        if not LetterInk.drawn(region):
            return False
        return not bar or len({p.glyph for p in region.parts}) == 1 and region.parts[0].glyph is not None

    @staticmethod
    def cannot_be_bar(region: Region) -> bool:
        """Every pixel lies on ink that cannot form a bar (``NotBars.explains``) and on no symbol glyph."""
        return bool(region.parts) and all(p is not None and p.not_bar for p in region.parts)


class LazyInk:
    """A ``LetterInk`` made on the first piece it judges (most pages have no pale area to judge)."""

    def __init__(self, make: Callable[[], LetterInk]):
        self.make, self.ink = make, None

    def judge(self, r: pymupdf.Rect, pixels: np.ndarray) -> Piece:
        if self.ink is None:
            self.ink = self.make()
        return self.ink.judge(r, pixels)


class ColourRegionsParams(Params):
    """``colour``: a colour family name; ``min_area`` in px at DPI; ``shape``: any or bar."""

    colour: Annotated[str, COLOUR]
    min_area: Annotated[int, LOWER_FINDS_MORE] = 50
    shape: Annotated[str, one_of("any", "bar", what="shape"), Widest("any")] = "any"


# Not exact: a filled elongated region of the colour may be a bar or a banner, a rule, a swatch.
@probe("colour_regions", params=ColourRegionsParams, exact=False)
def colour_regions(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Regions of ``colour`` at least ``min_area`` px (at DPI); with ``shape=bar`` only filled elongated ones.

    Doubts: regions a tuned filter sets aside (smaller than ``min_area``; not bar-shaped by fill/aspect);
    a region that no bar can have drawn (``NotBars``) is a non-member instead. Regions of the colour in content
    the page hides by default (a layer off or on only for printing, a hidden annotation: ``hidden_paint``) are doubts."""
    colour = str(params.get("colour", ""))
    shape = str(params.get("shape", "any"))
    min_area = int(params.get("min_area", 50))
    params = {**params, "dpi": DPI}
    try:
        family(colour)
    except KeyError as exc:
        return ProbeResult.cannot("colour_regions", str(exc), pages=scope.pages, params=params)
    members: list[Member] = []
    best: list[Member] = []
    misshapen: list[Member] = []
    specks: list[Member] = []
    pale: list[Member] = []
    hidden: list[Member] = []  # paint of the colour in content the page shows only with its layers on or printed
    unmeasured, pages = measurable(doc, scope)
    for index in pages:
        page = doc.page(index)
        region = doc.region_rect(index, scope.region)
        # Certain: a region drawn only by letters, digits and punctuation in the colour, with their shape, is that text, not a bar.
        glyphs = glyph_boxes(page, colour) if shape == "bar" and not scope.in_image else []
        drawings = page.get_drawings() if not scope.in_image else []
        ink = LetterInk(page, colour) if shape == "bar" and not scope.in_image else None
        pale_ink = LazyInk(lambda: LetterInk(page, colour, pale=True)) if not scope.in_image else None
        clips = [region]
        if scope.in_image:
            clips = [pymupdf.Rect(i.bbox) & region for i in placed_images(page, index, region)]
            clips = [c for c in clips if not c.is_empty]
            if not clips:
                unmeasured[index] = "no raster image on the page to look inside"
                continue
        for clip in clips:
            try:
                found = labelled(page, clip, colour, judge=ink.judge if ink is not None else None)
                pale_found = labelled(page, clip, colour, pale=True, judge=pale_ink.judge if pale_ink is not None else None)
            except ValueError as exc:  # too large to render at DPI, or an image bomb: not measured, never empty
                unmeasured[index] = str(exc)
                break
            for reg in found:
                r, area, fill, aspect = reg.rect, reg.area, reg.fill, reg.aspect
                bar = fill >= BAR_FILL and aspect >= BAR_ASPECT
                desc = f"{colour} region {r.width:.0f}x{r.height:.0f}pt, {area}px at {DPI}dpi, fill {fill:.2f}, aspect {aspect:.1f}"
                m = Member(page=index, bbox=rect_tuple(r), what=desc, reader=Reader.pixels)
                # A glyph box is no ink: a bar of the colour under or behind a label of the colour
                # (a near-zero bar in its label's descender) lies in it too. Text only when nothing else paints there.
                if ink is not None and ink.letter_shaped(reg, bar):
                    best.append(m.model_copy(update={"why": f"drawn by {colour} text glyphs"}))
                elif ink is not None and ink.drawn(reg):
                    # Punctuation joined into a bar: "________" or "————" in a text chart.
                    misshapen.append(m.model_copy(update={"why": f"drawn by {colour} text glyphs joined into a bar shape (a run of underscores or dashes?)"}))
                elif glyphs and in_glyphs(r, glyphs):
                    # Symbol glyphs draw bars and icons: a text bar chart of "█████" or stacked "❚" runs.
                    misshapen.append(m.model_copy(update={"why": f"drawn by {colour} symbol glyphs, not letters (a text bar chart?)"}))
                elif ink is not None and not bar and ink.cannot_be_bar(reg):
                    best.append(m.model_copy(update={"why": f"drawn only by {colour} ink that cannot form a bar (letters of text, no shape that can be a bar reaches it)"}))
                elif area < min_area:
                    specks.append(m.model_copy(update={"why": f"size filter: {area}px < min_area {min_area}px"}))
                elif shape == "any" or bar:
                    members.append(m)
                else:
                    why = f"bar-shape filter: fill {fill:.2f} (bar >= {BAR_FILL}), aspect {aspect:.1f} (bar >= {BAR_ASPECT})"
                    misshapen.append(m.model_copy(update={"why": why}))
            for reg in pale_found:
                r, area = reg.rect, reg.area
                # Certain: pale letters are text. Any other pale area a reader may name by its hue.
                if area >= min_area and not (pale_ink is not None and LetterInk.letter_shaped(reg, reg.fill >= BAR_FILL and reg.aspect >= BAR_ASPECT)):
                    pale.append(Member(page=index, bbox=rect_tuple(r), what=f"pale {colour} region {r.width:.0f}x{r.height:.0f}pt, {area}px at {DPI}dpi", reader=Reader.pixels,
                                       why=f"pale tint or shade: a colour outside {colour}'s limits a reader may still call {colour} (colours.tint_mask: pale, muted, greyish, lighter or darker)"))
            seen = [reg.rect for reg in found] + [pymupdf.Rect(m.bbox) for m in pale if m.page == index]
            if not scope.in_image:
                specks += unrendered(page, clip, colour, seen, drawings, bars_only=shape == "bar")
            specks += downsampled(page, clip, colour, seen)
            try:
                hidden += hidden_paint(doc, index, clip, colour)
            except ValueError as exc:  # too large to render at DPI: not measured, never empty
                unmeasured[index] = str(exc)
                break
    best.sort(key=lambda m: -(m.bbox[2] - m.bbox[0]) * (m.bbox[3] - m.bbox[1]))
    doubts = grouped(misshapen, f"{colour} regions not bar-shaped") + grouped(specks, f"{colour} specks below {min_area}px")
    doubts += grouped(pale, f"pale {colour} regions") + grouped(hidden, f"{colour} regions in hidden content")
    return finish("colour_regions", scope, params, members, unmeasured, best, doubts=doubts)

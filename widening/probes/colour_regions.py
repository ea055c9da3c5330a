"""Probe ``colour_regions``: connected regions of a named colour on the rendered page (or its images).

Example (corpus): a coffee-machine manual page shows a timer chart with
green and blue bars; red pixels exist (arrows, an X, a title) but ``shape=bar`` finds no red bar.
The title is red text (a non-member); the X icon and the arrows stay doubts: only the tuned bar-shape
filter sets them aside (the X is the closed outline of twelve diagonal sides, which a bar of a tilted
chart merged with another can draw; each arrow's shaft is a thick vertical stroke, a tiny bar).

Non-members (certain): regions drawn only by letters, digits and punctuation of text in the colour
(a symbol glyph, "❚" or "█", may draw a bar: a doubt). No vector shape of the colour is certainly
no bar, whatever its outline (``widening.facts.shapes``): bars on an isometric or sheared plane are
parallelograms with no axis-aligned side, a pyramid column is a triangle, a 3D column a hexagon.
Doubts also where the render cannot show the colour: a vector shape of it too thin for DPI, and a
picture whose own pixels hold it where the render shows none (a 1 px stroke resampled away).
Areas in a pale tint of the colour (``colours.tint_mask``: its hue under the family's saturation
floor, as Office's lighter theme fills) are doubts, never members; pale letters are text.
"""

from __future__ import annotations

from typing import Annotated, Any

import cv2
import numpy as np
import pymupdf

from widening.facts.colours import family, int_to_rgb, mask, matches, tint_mask, tinted
from widening.facts.document import Doc
from widening.facts.geometry import rect_tuple
from widening.facts.glyphs import certainly_letter, picture_fonts
from widening.facts.limits import safe_pixmap
from widening.facts.shapes import drawing_pieces, uncut_paths
from widening.models import Member, ProbeResult
from widening.probes import COLOUR, LOWER_FINDS_MORE, Scope, Params, Widest, one_of, probe
from widening.probes.images import placed_images
from widening.probes.pagewise import finish, grouped, measurable

DPI = 150
BAR_FILL = 0.75  # a bar fills most of its bounding box
BAR_ASPECT = 2.5
BAR_MIN_SIDE_PX = 3  # thinner than this is a stroke of a glyph or a hairline
MAX_PIXELS = 40_000_000
# Anti-aliasing at DPI blends a saturated shape's edge with white into a rim of pale pixels this
# wide at most. Measured on 40 pt blue and red letters and a blue disc: their rims form components of
# up to 335 px, and none is left after an opening of 2x2 px; a pale tint area is wider than that.
RIM_PX = 2


def _render(page: pymupdf.Page, clip: pymupdf.Rect) -> np.ndarray:
    """RGB render (never greyscale: pitfall 9) of ``clip`` at DPI, as an HxWx3 uint8 array."""
    pix = safe_pixmap(page, DPI, clip)
    return np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, 3)


def regions(page: pymupdf.Page, clip: pymupdf.Rect, colour: str, min_area: int) -> list[tuple[pymupdf.Rect, int, float, float]]:
    """(bbox in pt, area px, fill ratio, aspect) of each component of ``colour`` with area >= min_area."""
    return [c for c in components(page, clip, colour) if c[1] >= min_area]


def components(page: pymupdf.Page, clip: pymupdf.Rect, colour: str, pale: bool = False) -> list[tuple[pymupdf.Rect, int, float, float]]:
    """(bbox in pt, area px, fill ratio, aspect) of every connected component of ``colour``, however small
    (``pale``: of its pale tint, ``colours.tint_mask``, less the thin rims anti-aliasing leaves)."""
    return labelled(page, clip, colour, pale)[0]


def labelled(page: pymupdf.Page, clip: pymupdf.Rect, colour: str, pale: bool = False) -> tuple[list[tuple[pymupdf.Rect, int, float, float]], np.ndarray]:
    """``components`` and the label image (component i+1 is entry i), at DPI over ``clip``."""
    fam = family(colour)
    scale = DPI / 72
    if clip.width * clip.height * scale * scale > MAX_PIXELS:
        raise ValueError("region too large to render")
    rgb = _render(page, clip)
    hsv = cv2.cvtColor(rgb, cv2.COLOR_RGB2HSV)
    binary = np.ascontiguousarray(np.where(tint_mask(fam, hsv) if pale else mask(fam, hsv), 255, 0).astype(np.uint8))
    if pale:
        # A saturated shape or letter on white leaves a rim of paler pixels 1-2 px wide: no tint area.
        binary = cv2.morphologyEx(binary, cv2.MORPH_OPEN, np.ones((RIM_PX + 1, RIM_PX + 1), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    out = []
    for i in range(1, n):
        x, y, w, h, area = (int(v) for v in stats[i])
        r = pymupdf.Rect(clip.x0 + x / scale, clip.y0 + y / scale, clip.x0 + (x + w) / scale, clip.y0 + (y + h) / scale)
        aspect = max(w, h) / max(1, min(w, h))
        out.append((r, area, area / (w * h), aspect if min(w, h) >= BAR_MIN_SIDE_PX else 0.0))
    return out, labels


def _pixels(labels: np.ndarray, i: int, r: pymupdf.Rect, clip: pymupdf.Rect) -> np.ndarray:
    """The boolean mask of component ``i`` over its own bounding box ``r``."""
    scale = DPI / 72
    x0, y0 = round((r.x0 - clip.x0) * scale), round((r.y0 - clip.y0) * scale)
    x1, y1 = round((r.x1 - clip.x0) * scale), round((r.y1 - clip.y0) * scale)
    return labels[y0:y1, x0:x1] == i


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


def unrendered(page: pymupdf.Page, clip: pymupdf.Rect, colour: str, seen: list[pymupdf.Rect], drawings: list[dict] | None = None, bars_only: bool = False) -> list[Member]:
    """Vector shapes filled or stroked in ``colour`` that no rendered component covers: a hairline
    anti-aliased below the colour's saturation floor still has its colour in the drawing itself.
    With ``bars_only``, a shape that cannot render a bar is not listed (certain; ``shapes.piece_can_be_bar``)."""
    fam = family(colour)
    out = []
    for d in page.get_drawings() if drawings is None else drawings:
        paints = [c for c in (d.get("fill"), d.get("color")) if c is not None and len(c) in (1, 3)]
        rgb = next((c for c in paints if matches(fam, _rgb255(c))), None)
        # A pale or muted shade of the colour (tint_mask) too: thin hatching or a hairline bar in slate grey
        # leaves no area the pale render keeps (generator, shades). It cannot pass the bar test below: a doubt.
        shade = rgb is None and any(tinted(fam, _rgb255(c)) for c in paints)
        r = pymupdf.Rect(d["rect"]) + (-0.5, -0.5, 0.5, 0.5)
        if (rgb is None and not shade) or not r.intersects(clip) or any(r.intersects(s) for s in seen):
            continue
        if bars_only and not shade:
            fill, stroke, unknown = _paints(d, fam)
            if not unknown and not any(bar for _, bar in drawing_pieces(d, fill, stroke)):
                continue
        name = f"{'pale or muted ' if shade else ''}{colour}"
        why = f"rendering: a {name} vector shape {d['rect'].width:.1f}x{d['rect'].height:.1f}pt too thin to show at {DPI}dpi"
        out.append(Member(page=page.number + 1, bbox=rect_tuple(r & clip), what=f"{name} vector shape {d['rect'].width:.1f}x{d['rect'].height:.1f}pt", why=why))
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
            out.append(Member(page=page.number + 1, bbox=rect_tuple(r & clip), what=what, why=f"rendering: {detail}"))
    return out


# Paint operations whose colour the path list and the text spans do not carry: an image, a
# stencil mask, a shading, stroked text (a span reports its fill colour only).
_OPAQUE_SOURCES = ("fill-image", "fill-imgmask", "fill-shade", "stroke-text")
AA_PT = 1.0  # anti-aliased ink reaches this far past a shape's geometry


def _paints(d: dict, fam) -> tuple[bool, bool, bool]:
    """(fill in the family, stroke in the family, a paint whose colour is not known) for one path."""
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
            out.append(matches(fam, _rgb255(c)))
    return out[0], out[1], unknown


class NotBars:
    """The page's ink of one colour by where it comes from, to tell a region that cannot be a bar.

    Certain by construction: a region is not a bar when every pixel of it lies on a letter of text in
    the colour, or on a vector shape of the colour that cannot render a bar, drawn whole (no clip cuts
    it), and no shape that can, no picture, stencil, shading, stroked text, annotation or paint of
    unknown colour reaches it. No vector shape is certainly barless (``widening.facts.shapes``: a
    parallelogram is a bar on a sheared plane, a triangle a pyramid column, a rhombus or an X outline a
    tilted bar or two merged), so today only letters explain a region away."""

    def __init__(self, page: pymupdf.Page, colour: str, glyphs: list[pymupdf.Rect]):
        fam = family(colour)
        # A Type 3 glyph is a little drawing with colours of its own: the text layer does not say what it paints.
        self.usable = not any(f[2] == "Type3" for f in page.get_fonts())
        can, cannot = [], []
        for d, whole in uncut_paths(page.get_drawings(extended=True)):
            fill, stroke, unknown = _paints(d, fam)
            if unknown:
                can.append(pymupdf.Rect(d["rect"]))
            if fill or stroke:
                for r, bar in drawing_pieces(d, fill, stroke):
                    # A clip that cuts a shape can leave an axis-aligned edge (hatching clipped to a bar).
                    (can if bar or not whole else cannot).append(r)
        can += [pymupdf.Rect(r) for kind, r in page.get_bboxlog() if kind in _OPAQUE_SOURCES]
        # Annotations and form fields are rendered from appearance streams the page's path list does not hold.
        can += [pymupdf.Rect(a.rect) for a in page.annots()] + [pymupdf.Rect(w.rect) for w in page.widgets()]
        self.can = [r + (-AA_PT, -AA_PT, AA_PT, AA_PT) for r in can]
        self.cannot = [r + (-AA_PT, -AA_PT, AA_PT, AA_PT) for r in cannot] + glyphs

    def may_paint(self, r: pymupdf.Rect) -> bool:
        """A shape that can render a bar, a picture, a shading or paint of unknown colour reaches ``r``
        (or a Type 3 font draws glyphs the text layer cannot describe)."""
        return not self.usable or any(c.intersects(r) for c in self.can)

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
    a region that no bar can have drawn (``NotBars``) is a non-member instead."""
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
    unmeasured, pages = measurable(doc, scope)
    for index in pages:
        page = doc.page(index)
        region = doc.region_rect(index, scope.region)
        # Certain: a region made only of letters, digits and punctuation in the colour is that text, not a bar.
        glyphs = glyph_boxes(page, colour) if shape == "bar" and not scope.in_image else []
        letters = glyph_boxes(page, colour, letters_only=True) if glyphs else []
        drawings = page.get_drawings() if not scope.in_image else []
        not_bars = NotBars(page, colour, letters) if shape == "bar" and not scope.in_image else None
        clips = [region]
        if scope.in_image:
            clips = [pymupdf.Rect(i.bbox) & region for i in placed_images(page, index, region)]
            clips = [c for c in clips if not c.is_empty]
            if not clips:
                unmeasured[index] = "no raster image on the page to look inside"
                continue
        for clip in clips:
            try:
                found, labels = labelled(page, clip, colour)
            except ValueError as exc:
                unmeasured[index] = str(exc)
                break
            for i, (r, area, fill, aspect) in enumerate(found, start=1):
                desc = f"{colour} region {r.width:.0f}x{r.height:.0f}pt, {area}px at {DPI}dpi, fill {fill:.2f}, aspect {aspect:.1f}"
                m = Member(page=index, bbox=rect_tuple(r), what=desc)
                # A glyph box is no ink: a bar of the colour under or behind a label of the colour
                # (a near-zero bar in its label's descender) lies in it too. Text only when nothing else paints there.
                if letters and in_glyphs(r, letters) and not (not_bars is not None and not_bars.may_paint(r)):
                    best.append(m.model_copy(update={"why": f"drawn by {colour} text glyphs"}))
                elif glyphs and in_glyphs(r, glyphs):
                    # Symbol glyphs draw bars and icons: a text bar chart of "█████" or stacked "❚" runs.
                    misshapen.append(m.model_copy(update={"why": f"drawn by {colour} symbol glyphs, not letters (a text bar chart?)"}))
                elif not_bars is not None and not (fill >= BAR_FILL and aspect >= BAR_ASPECT) and not_bars.explains(r, _pixels(labels, i, r, clip)):
                    best.append(m.model_copy(update={"why": f"drawn only by {colour} ink that cannot form a bar (letters of text, no shape that can be a bar reaches it)"}))
                elif area < min_area:
                    specks.append(m.model_copy(update={"why": f"size filter: {area}px < min_area {min_area}px"}))
                elif shape == "any" or (fill >= BAR_FILL and aspect >= BAR_ASPECT):
                    members.append(m)
                else:
                    why = f"bar-shape filter: fill {fill:.2f} (bar >= {BAR_FILL}), aspect {aspect:.1f} (bar >= {BAR_ASPECT})"
                    misshapen.append(m.model_copy(update={"why": why}))
            pale_letters = glyph_boxes(page, colour, letters_only=True, pale=True) if not scope.in_image else []
            for r, area, _, _ in components(page, clip, colour, pale=True):
                # Certain: pale letters are text. Any other pale area a reader may name by its hue.
                if area >= min_area and not (pale_letters and in_glyphs(r, pale_letters)):
                    pale.append(Member(page=index, bbox=rect_tuple(r), what=f"pale {colour} region {r.width:.0f}x{r.height:.0f}pt, {area}px at {DPI}dpi",
                                       why=f"pale tint: {colour}'s hue under its saturation floor (a light {colour}, as Office's lighter theme fills?)"))
            seen = [r for r, _, _, _ in found] + [pymupdf.Rect(m.bbox) for m in pale if m.page == index]
            if not scope.in_image:
                specks += unrendered(page, clip, colour, seen, drawings, bars_only=shape == "bar")
            specks += downsampled(page, clip, colour, seen)
    best.sort(key=lambda m: -(m.bbox[2] - m.bbox[0]) * (m.bbox[3] - m.bbox[1]))
    doubts = grouped(misshapen, f"{colour} regions not bar-shaped") + grouped(specks, f"{colour} specks below {min_area}px")
    doubts += grouped(pale, f"pale {colour} regions")
    return finish("colour_regions", scope, params, members, unmeasured, best, doubts=doubts)

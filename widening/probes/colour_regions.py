"""Probe ``colour_regions``: connected regions of a named colour on the rendered page (or its images).

Example (corpus): a coffee-machine manual page shows a timer chart with
green and blue bars; red pixels exist (arrows, an X, a title) but ``shape=bar`` finds no red bar.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pymupdf

from widening.facts.colours import family, int_to_rgb, mask, matches
from widening.facts.document import Doc
from widening.facts.geometry import rect_tuple
from widening.facts.limits import safe_pixmap
from widening.models import Member, ProbeResult
from widening.probes import Scope, Params, probe
from widening.probes.images import placed_images
from widening.probes.pagewise import finish, grouped, measurable

DPI = 150
BAR_FILL = 0.75  # a bar fills most of its bounding box
BAR_ASPECT = 2.5
BAR_MIN_SIDE_PX = 3  # thinner than this is a stroke of a glyph or a hairline
MAX_PIXELS = 40_000_000


def _render(page: pymupdf.Page, clip: pymupdf.Rect) -> np.ndarray:
    """RGB render (never greyscale: pitfall 9) of ``clip`` at DPI, as an HxWx3 uint8 array."""
    pix = safe_pixmap(page, DPI, clip)
    return np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, 3)


def regions(page: pymupdf.Page, clip: pymupdf.Rect, colour: str, min_area: int) -> list[tuple[pymupdf.Rect, int, float, float]]:
    """(bbox in pt, area px, fill ratio, aspect) of each component of ``colour`` with area >= min_area."""
    return [c for c in components(page, clip, colour) if c[1] >= min_area]


def components(page: pymupdf.Page, clip: pymupdf.Rect, colour: str) -> list[tuple[pymupdf.Rect, int, float, float]]:
    """(bbox in pt, area px, fill ratio, aspect) of every connected component of ``colour``, however small."""
    fam = family(colour)
    scale = DPI / 72
    if clip.width * clip.height * scale * scale > MAX_PIXELS:
        raise ValueError("region too large to render")
    rgb = _render(page, clip)
    hsv = cv2.cvtColor(rgb, cv2.COLOR_RGB2HSV)
    binary = np.ascontiguousarray(np.where(mask(fam, hsv), 255, 0).astype(np.uint8))
    n, _, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    out = []
    for i in range(1, n):
        x, y, w, h, area = (int(v) for v in stats[i])
        r = pymupdf.Rect(clip.x0 + x / scale, clip.y0 + y / scale, clip.x0 + (x + w) / scale, clip.y0 + (y + h) / scale)
        aspect = max(w, h) / max(1, min(w, h))
        out.append((r, area, area / (w * h), aspect if min(w, h) >= BAR_MIN_SIDE_PX else 0.0))
    return out


def glyph_boxes(page: pymupdf.Page, colour: str) -> list[pymupdf.Rect]:
    """Boxes of the text-layer characters drawn in ``colour``'s family (grown by 1 pt of anti-aliasing)."""
    fam = family(colour)
    out = []
    for block in page.get_text("rawdict")["blocks"]:
        for line in block.get("lines", ()):
            for span in line["spans"]:
                if matches(fam, int_to_rgb(span["color"])):
                    out.extend(pymupdf.Rect(c["bbox"]) + (-1, -1, 1, 1) for c in span["chars"] if c["c"].strip())
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


class ColourRegionsParams(Params):
    """``colour``: a colour family name; ``min_area`` in px at DPI; ``shape``: any or bar."""

    colour: str = ""
    min_area: int = 50
    shape: str = "any"


# Not exact: a filled elongated region of the colour may be a bar or a banner, a rule, a swatch.
@probe("colour_regions", params=ColourRegionsParams, exact=False)
def colour_regions(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Regions of ``colour`` at least ``min_area`` px (at DPI); with ``shape=bar`` only filled elongated ones.

    Doubts: regions a tuned filter sets aside (smaller than ``min_area``; not bar-shaped by fill/aspect)."""
    colour = str(params.get("colour", ""))
    shape = str(params.get("shape", "any"))
    min_area = int(params.get("min_area", 50))
    params = {**params, "dpi": DPI}
    try:
        family(colour)
    except KeyError as exc:
        return ProbeResult.cannot("colour_regions", str(exc), pages=scope.pages, params=params)
    if shape not in ("any", "bar"):
        return ProbeResult.cannot("colour_regions", f"unknown shape {shape!r}; expected any or bar", pages=scope.pages, params=params)
    members: list[Member] = []
    best: list[Member] = []
    misshapen: list[Member] = []
    specks: list[Member] = []
    unmeasured, pages = measurable(doc, scope)
    for index in pages:
        page = doc.page(index)
        region = doc.region_rect(index, scope.region)
        # Certain: a region made only of glyphs of text in the colour is that text, not a bar.
        glyphs = glyph_boxes(page, colour) if shape == "bar" and not scope.in_image else []
        clips = [region]
        if scope.in_image:
            clips = [pymupdf.Rect(i.bbox) & region for i in placed_images(page, index, region)]
            clips = [c for c in clips if not c.is_empty]
            if not clips:
                unmeasured[index] = "no raster image on the page to look inside"
                continue
        for clip in clips:
            try:
                found = components(page, clip, colour)
            except ValueError as exc:
                unmeasured[index] = str(exc)
                break
            for r, area, fill, aspect in found:
                desc = f"{colour} region {r.width:.0f}x{r.height:.0f}pt, {area}px at {DPI}dpi, fill {fill:.2f}, aspect {aspect:.1f}"
                m = Member(page=index, bbox=rect_tuple(r), what=desc)
                if glyphs and in_glyphs(r, glyphs):
                    best.append(m.model_copy(update={"why": f"drawn by {colour} text glyphs"}))
                elif area < min_area:
                    specks.append(m.model_copy(update={"why": f"size filter: {area}px < min_area {min_area}px"}))
                elif shape == "any" or (fill >= BAR_FILL and aspect >= BAR_ASPECT):
                    members.append(m)
                else:
                    why = f"bar-shape filter: fill {fill:.2f} (bar >= {BAR_FILL}), aspect {aspect:.1f} (bar >= {BAR_ASPECT})"
                    misshapen.append(m.model_copy(update={"why": why}))
    best.sort(key=lambda m: -(m.bbox[2] - m.bbox[0]) * (m.bbox[3] - m.bbox[1]))
    doubts = grouped(misshapen, f"{colour} regions not bar-shaped") + grouped(specks, f"{colour} specks below {min_area}px")
    return finish("colour_regions", scope, params, members, unmeasured, best, doubts=doubts)

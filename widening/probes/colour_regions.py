"""Probe ``colour_regions``: connected regions of a named colour on the rendered page (or its images).

Example (corpus): a coffee-machine manual page shows a timer chart with
green and blue bars; red pixels exist (arrows, an X, a title) but ``shape=bar`` finds no red bar.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pymupdf

from widening.facts.colours import family, mask
from widening.facts.document import Doc
from widening.facts.geometry import rect_tuple
from widening.facts.limits import safe_pixmap
from widening.models import Member, ProbeResult
from widening.probes import Scope, Params, probe
from widening.probes.images import placed_images
from widening.probes.pagewise import finish, measurable

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
        if area < min_area:
            continue
        r = pymupdf.Rect(clip.x0 + x / scale, clip.y0 + y / scale, clip.x0 + (x + w) / scale, clip.y0 + (y + h) / scale)
        aspect = max(w, h) / max(1, min(w, h))
        out.append((r, area, area / (w * h), aspect if min(w, h) >= BAR_MIN_SIDE_PX else 0.0))
    return out


class ColourRegionsParams(Params):
    """``colour``: a colour family name; ``min_area`` in px at DPI; ``shape``: any or bar."""

    colour: str = ""
    min_area: int = 50
    shape: str = "any"


@probe("colour_regions", params=ColourRegionsParams)
def colour_regions(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Regions of ``colour`` at least ``min_area`` px (at DPI); with ``shape=bar`` only filled elongated ones."""
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
    unmeasured, pages = measurable(doc, scope)
    for index in pages:
        page = doc.page(index)
        region = doc.region_rect(index, scope.region)
        clips = [region]
        if scope.in_image:
            clips = [pymupdf.Rect(i.bbox) & region for i in placed_images(page, index, region)]
            clips = [c for c in clips if not c.is_empty]
            if not clips:
                unmeasured[index] = "no raster image on the page to look inside"
                continue
        for clip in clips:
            try:
                found = regions(page, clip, colour, min_area)
            except ValueError as exc:
                unmeasured[index] = str(exc)
                break
            for r, area, fill, aspect in found:
                desc = f"{colour} region {r.width:.0f}x{r.height:.0f}pt, {area}px at {DPI}dpi, fill {fill:.2f}, aspect {aspect:.1f}"
                m = Member(page=index, bbox=rect_tuple(r), what=desc)
                is_bar = fill >= BAR_FILL and aspect >= BAR_ASPECT
                (members if shape == "any" or is_bar else best).append(m)
    best.sort(key=lambda m: -(m.bbox[2] - m.bbox[0]) * (m.bbox[3] - m.bbox[1]))
    return finish("colour_regions", scope, params, members, unmeasured, best)

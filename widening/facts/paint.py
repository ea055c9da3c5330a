"""What a page paints over: the order of its paint operations (PyMuPDF ``Page.get_bboxlog``).

The text layer keeps a word a later shape or picture paints over (a white box over a redaction, a bar
drawn over its label, a photo placed on top): a search of the file finds it, a reader does not see it.
"""

from __future__ import annotations

from typing import Any

import pymupdf

# The paint operations that draw a thing a probe finds (its text, else its picture), and those that cover
# what was drawn before them. A path covers only when its fill is at least MIN_OPACITY opaque (a light
# highlight leaves a word legible); a picture or a shading always does (its transparency is not read).
OWN = {"text": frozenset({"fill-text", "stroke-text", "clip-text", "clip-stroke-text"}),
       "picture": frozenset({"fill-image", "fill-imgmask"})}
COVERS = frozenset({"fill-path", "fill-image", "fill-imgmask", "fill-shade"})
MIN_OPACITY = 0.5
# A thing is painted over when covers drawn after it lie over at least MIN_SHARE of its box (a word half
# covered is no word a reader reads; a caller judging a long span asks for more, and reads the rest in pixels).
MIN_SHARE = 0.5


def _share(box: pymupdf.Rect, r: Any) -> float:
    """The part of ``box``'s area that ``r`` overlaps."""
    cut = pymupdf.Rect(box) & pymupdf.Rect(r)
    return 0.0 if cut.is_empty or box.is_empty else cut.get_area() / box.get_area()


def _covered_share(box: pymupdf.Rect, covers: list[pymupdf.Rect], steps: int = 12) -> float:
    """The part of ``box`` under the union of ``covers`` (sampled on a grid of points)."""
    pts = [pymupdf.Point(box.x0 + (i + 0.5) * box.width / steps, box.y0 + (j + 0.5) * box.height / steps)
           for i in range(steps) for j in range(steps)]
    return sum(any(c.contains(p) for c in covers) for p in pts) / len(pts)


class PaintOrder:
    """A page's paint operations in order, read once: which boxes later paint covers."""

    def __init__(self, page: pymupdf.Page):
        self.log = list(page.get_bboxlog())
        self.opacity = {int(d["seqno"]): float(d["fill_opacity"] if d.get("fill_opacity") is not None else 1.0)
                        for d in page.get_drawings() if d.get("fill") is not None and d.get("seqno") is not None}

    def painted_over(self, bbox: tuple[float, float, float, float], share: float = MIN_SHARE) -> bool:
        """Whether fills painted after the text (else the picture) drawn in ``bbox`` cover at least ``share`` of it;
        False when no paint operation of its own is found there (nothing to say it is hidden)."""
        box = pymupdf.Rect(bbox)
        if box.is_empty:
            return False
        own = [i for i, (k, r) in enumerate(self.log) if k in OWN["text"] and _share(box, r) >= 0.5]
        own = own or [i for i, (k, r) in enumerate(self.log) if k in OWN["picture"] and _share(box, r) >= 0.5]
        if not own:
            return False
        last = max(own)
        covers = [pymupdf.Rect(r) for i, (k, r) in enumerate(self.log) if i > last and k in COVERS
                  and (k != "fill-path" or self.opacity.get(i, 1.0) >= MIN_OPACITY) and _share(box, r) > 0]
        return bool(covers) and _covered_share(box, covers) >= share

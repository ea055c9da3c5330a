"""Does the coloured box a question reads inside exist? ("the word written in the green box on page 17")

The box is a container: when the rendered pages the question names show no pixel and no
vector shape of that colour at all, under every reading of the page, the box does not exist
and the row is ``missing_container``. Any region of the colour, however small or pale, may
be the box or part of it (a thin outline broken by JPEG noise, a pale tint): it keeps the
row unverifiable, shown as a doubt. Text colour is no help here, and works on image-only
pages too: the page is looked at as pixels.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np
import pymupdf

from widening.engine.containers import Resolved
from widening.facts.colours import Family, family, mask, tint_mask
from widening.facts.document import Doc
from widening.facts.geometry import rect_tuple
from widening.facts.limits import RenderRefused, safe_pixmap
from widening.models import CaseFinding, ContainerKind, Member, NamedBox, ParsedQuestion, Reader
from widening.question.boxes import box_groups
from widening.probes.pagewise import grouped

DPI = 100
# Looser than the colour families the probes use, so that a pale tint ("light green") and a
# neighbouring hue (teal, yellow-green) count as the colour: absence must hold for every shade.
LOOSE_S_MIN = 10
LOOSE_V_MIN = 30
LOOSE_HUE_MARGIN = 8
# Rendering a whole long document to look for one box is not what a reviewer would do either.
MAX_PAGES = 60
SHOWN = 5


@dataclass
class BoxOutcome:
    """A missing_container finding, or the regions (doubts) and unmeasured pages that keep the row."""

    box: NamedBox
    finding: CaseFinding | None = None
    doubts: list[Member] = field(default_factory=list)
    blind: dict[int, str] = field(default_factory=dict)
    pages: tuple[int, ...] = ()
    count: int = 0
    largest: Member | None = None
    # An alternative of the box named beside it that is no coloured box ("or the sidebar"): where it is, is not measured.
    other: str | None = None

    def reason(self) -> str:
        """Why the row is kept unverifiable, for a reviewer."""
        if self.other is not None and not (self.blind or self.doubts):
            return (f"the question reads inside '{self.box.text}' or '{self.other}'; the box shows nowhere, "
                    "but the other place, which no colour check looks for, may exist and hold what is asked")
        if self.blind:
            p, why = next(iter(sorted(self.blind.items())))
            return f"the question reads inside '{self.box.text}', and p{p} could not be looked at for it ({why})"
        first = self.largest or self.doubts[0]
        return (f"the question reads inside '{self.box.text}'; the rendered page(s) show {self.count} {self.box.colour}-ish region(s) "
                f"that may be it or part of it (largest on p{first.page}: {first.what}); what is written in it is not what a text-colour check measures")


def _area(m: Member) -> float:
    return (m.bbox[2] - m.bbox[0]) * (m.bbox[3] - m.bbox[1])


def loose(colour: str) -> Family:
    """The colour's family widened to pale tints and neighbouring hues (achromatic families unchanged)."""
    fam = family(colour)
    if not fam.hues:
        return fam
    hues = tuple((max(0, lo - LOOSE_HUE_MARGIN), min(179, hi + LOOSE_HUE_MARGIN)) for lo, hi in fam.hues)
    return Family(fam.name, hues, s_min=min(fam.s_min, LOOSE_S_MIN), v_min=min(fam.v_min, LOOSE_V_MIN))


def _near(fam: Family, hsv: np.ndarray) -> np.ndarray:
    """Pixels of ``fam`` or of a colour a reader may still call by its name (``colours.tint_mask``: a dark grey
    box is a "black box" to a reader)."""
    return mask(fam, hsv) | tint_mask(fam, hsv)


def regions_of(page: pymupdf.Page, fam: Family) -> list[Member]:
    """Every connected region of ``fam`` (or a tint of it) on the rendered page, and every vector shape drawn in it."""
    pix = safe_pixmap(page, DPI)
    rgb = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, 3)
    hsv = cv2.cvtColor(rgb, cv2.COLOR_RGB2HSV)
    binary = np.ascontiguousarray(np.where(_near(fam, hsv), 255, 0).astype(np.uint8))
    n, _, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    sx, sy = page.rect.width / pix.width, page.rect.height / pix.height
    out = []
    for i in range(1, n):
        x, y, w, h, area = (int(v) for v in stats[i])
        r = pymupdf.Rect(x * sx, y * sy, (x + w) * sx, (y + h) * sy)
        out.append(Member(page=page.number + 1, bbox=rect_tuple(r), reader=Reader.pixels, what=f"{fam.name}-ish region {r.width:.0f}x{r.height:.0f}pt ({area}px at {DPI}dpi)",
                          why="may be the box or part of it"))
    for d in page.get_drawings():
        for c in (d.get("fill"), d.get("color")):
            if c is None:
                continue
            v = [round(x * 255) for x in c]
            rgb1 = np.array([[v * 3 if len(v) == 1 else v[:3]]], dtype=np.uint8)
            if _near(fam, cv2.cvtColor(rgb1, cv2.COLOR_RGB2HSV))[0, 0]:
                r = pymupdf.Rect(d["rect"])
                out.append(Member(page=page.number + 1, bbox=rect_tuple(r), reader=Reader.vectors, what=f"{fam.name}-ish vector shape {r.width:.0f}x{r.height:.0f}pt",
                                  why="may be the box or part of it"))
                break
    return out


def _scopes(parsed: ParsedQuestion, resolved: list[Resolved], page_count: int) -> list[tuple[str, tuple[int, ...]]]:
    """(reading, pages) to look at: each reading of each named page; the whole document when none is named."""
    named = [r for r in resolved if r.container.kind is not ContainerKind.document]
    if not named:
        return [("the whole document", tuple(range(1, page_count + 1)))]
    return [(f"{t.reading.value} {t.number}", t.pages) for r in named for t in r.readings if t.pages]


def _look(box: NamedBox, doc: Doc, pages: tuple[int, ...]) -> tuple[BoxOutcome, Family | None]:
    """The regions (doubts) of ``box``'s colour on ``pages`` and the pages that could not be looked at."""
    out = BoxOutcome(box=box, pages=pages)
    try:
        fam = loose(box.colour)
    except KeyError as exc:
        out.blind[pages[0] if pages else 1] = str(exc)
        return out, None
    if len(pages) > MAX_PAGES:
        out.blind[pages[0]] = f"{len(pages)} pages to render, more than {MAX_PAGES}"
        return out, fam
    for p in pages:
        try:
            out.doubts += regions_of(doc.page(p), fam)
        except (RenderRefused, RuntimeError, ValueError) as exc:
            out.blind[p] = f"cannot render: {exc}"
    if out.doubts:
        out.count = len(out.doubts)
        out.largest = max(out.doubts, key=_area, default=None)
        out.doubts = grouped(out.doubts, f"{box.colour}-ish regions")
    return out, fam


def check_boxes(parsed: ParsedQuestion, doc: Doc, resolved: list[Resolved]) -> BoxOutcome | None:
    """The first named box that is missing (a finding) or in doubt; None when the question names none.

    Boxes named as alternatives ("in the green box or the blue box") are one place read: it is missing only
    when every one of them is, and no alternative of another kind ("or the sidebar") is named beside them."""
    if not parsed.boxes:
        return None
    scopes = _scopes(parsed, resolved, doc.facts.page_count)
    pages = tuple(sorted({p for _, ps in scopes for p in ps}))
    for group in box_groups(parsed.text, parsed.boxes):
        looked = [_look(box, doc, pages) for box in group.boxes]
        seen = next((out for out, _ in looked if out.doubts or out.blind), None)
        if seen is not None:
            return seen
        out, fam = looked[0]
        if group.other is not None:
            out.other = group.other
            return out
        tried = "; ".join(f"{how}: PDF page(s) {list(ps)}" for how, ps in scopes)
        names = " nor ".join(f"'{b.text}'" for b in group.boxes)
        colours = " nor ".join(dict.fromkeys(b.colour for b in group.boxes))
        out.finding = CaseFinding(
            case="missing_container",
            reason=(f"{'neither ' if len(group.boxes) > 1 else 'no '}{names} exists: rendered at {DPI} dpi, the page(s) show no {colours} pixel "
                    f"and no {colours} vector shape, pale tints and neighbouring hues included, under every reading ({tried})."),
            evidence={"box": out.box.model_dump(mode="json"), "readings": [{"reading": how, "pages": list(ps)} for how, ps in scopes],
                      "colour_floor": {"s_min": fam.s_min, "v_min": fam.v_min, "hues": [list(h) for h in fam.hues]} if fam else None,
                      **({"alternatives": [b.model_dump(mode="json") for b in group.boxes[1:]]} if len(group.boxes) > 1 else {})},
        )
        return out
    return None

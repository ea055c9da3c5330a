"""What a visual probe looks at: raster views of a page region or of the images inside it, with a map back to PDF points."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
import pymupdf

from widening.facts.document import Doc
from widening.facts.glyphs import picture_fonts
from widening.models import BBox, Member
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

    def to_pdf(self, x0: float, y0: float, x1: float, y1: float) -> BBox:
        """Pixel box -> PDF points on the page."""
        h, w = self.rgb.shape[:2]
        sx, sy = self.rect.width / w, self.rect.height / h
        r = self.rect
        return (round(r.x0 + x0 * sx, 2), round(r.y0 + y0 * sy, 2), round(r.x0 + x1 * sx, 2), round(r.y0 + y1 * sy, 2))

    def px_per_pt(self) -> float:
        return self.rgb.shape[1] / self.rect.width


def render(page: pymupdf.Page, rect: pymupdf.Rect, dpi: float) -> np.ndarray:
    """RGB pixels of ``rect`` at ``dpi``, scaled down if the long side would pass MAX_SIDE_PX."""
    long_side = max(rect.width, rect.height) * dpi / 72.0
    if long_side > MAX_SIDE_PX:
        dpi *= MAX_SIDE_PX / long_side
    pix = safe_pixmap(page, max(1, int(dpi)), rect)
    return np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, pix.n).copy()


def image_rects(page: pymupdf.Page, within: pymupdf.Rect) -> list[tuple[pymupdf.Rect, float]]:
    """Each raster image's box clipped to ``within``, with its native dpi; icons and duplicates dropped."""
    out: list[tuple[pymupdf.Rect, float]] = []
    for info in page.get_image_info():
        full = pymupdf.Rect(info["bbox"])
        box = full & within & page.rect
        if box.is_empty or box.width < MIN_IMAGE_PT or box.height < MIN_IMAGE_PT or full.width <= 0:
            continue
        dpi = 72.0 * info.get("width", 0) / full.width if info.get("width") else 150.0
        if all(iou(tuple(box), tuple(other)) < 0.9 for other, _ in out):  # the same picture placed twice
            out.append((box, dpi))
    return out


def views_for(doc: Doc, page_no: int, region: str | None, in_image: bool, upscale: float = 1.0, region_dpi: float = 150.0) -> list[View]:
    """The images inside the region (at ``upscale`` x their native dpi) and, unless ``in_image``, the region itself."""
    page = doc.page(page_no)
    rect = doc.region_rect(page_no, region)
    views: list[View] = []
    # Largest first; an image lying inside an already rendered view at no finer resolution
    # would only be looked at twice (e.g. a photo over a full-page background image).
    for box, dpi in sorted(image_rects(page, rect), key=lambda bd: -abs(bd[0])):
        dpi = min(300.0, max(96.0, dpi) * upscale)
        if any(abs(box & v.rect) >= 0.9 * abs(box) and v.px_per_pt() * 72 >= 0.8 * dpi for v in views):
            continue
        views.append(View(page_no, box, "image", render(page, box, dpi), f"image at {_fmt(box)}", dpi))
    # The region itself, unless an image view already renders (nearly) all of it.
    if not in_image and all(abs(v.rect) < 0.9 * abs(rect) for v in views):
        views.append(View(page_no, rect, "region", render(page, rect, region_dpi), f"{region or 'page'} {_fmt(rect)}", region_dpi))
    return views


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
    """What a detector trained on photographs cannot vouch for, as doubts: each flat-coloured picture
    it looked at, each picture under MIN_IMAGE_PT it did not look at, and, when no picture looked at
    is a photograph, a region that holds vector drawings (a person or object drawn in lines)."""
    page = doc.page(page_no)
    rect = doc.region_rect(page_no, region)
    out: list[Member] = []
    photo = False
    for v in views:
        if v.page != page_no or v.kind != "image":
            continue
        share = flat_share(v.rgb)
        if share >= FLAT_SHARE:
            out.append(Member(page=page_no, bbox=v.to_pdf(0, 0, v.rgb.shape[1], v.rgb.shape[0]),
                              what=f"flat-coloured picture ({share:.0%} of its pixels in 8 colours) in {v.label}",
                              why="detectors trained on photographs do not see what a drawing, logo or cartoon draws"))
        else:
            photo = True
    for info in page.get_image_info():
        box = pymupdf.Rect(info["bbox"]) & rect & page.rect
        if not box.is_empty and (box.width < MIN_IMAGE_PT or box.height < MIN_IMAGE_PT):
            out.append(Member(page=page_no, bbox=tuple(round(c, 2) for c in box), what=f"picture {box.width:.0f}x{box.height:.0f}pt not looked at",
                              why=f"size filter: a picture under {MIN_IMAGE_PT:.0f} pt is taken for an icon; it may show one"))
    if not photo and any(v.page == page_no and v.kind == "region" for v in views):
        # A lone horizontal or vertical stroke (a rule, an underline: a box of no area) draws no figure.
        drawn = [d["rect"] for d in page.get_drawings() if (d["rect"] & rect).get_area() > 0]
        if drawn:
            box = pymupdf.Rect(drawn[0])
            for r in drawn[1:]:
                box |= r
            box &= rect
            out.append(Member(page=page_no, bbox=tuple(round(c, 2) for c in box), what=f"{len(drawn)} vector drawing(s) in the region, no photograph",
                              why="detectors trained on photographs do not see a person or object drawn in lines"))
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
    rgb = render(doc.memo[key][0], view.rect, view.dpi)
    return rgb if rgb.shape == view.rgb.shape else None


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

"""Probe ``objects``: everyday COCO objects (bicycle, car, dog, ...) in the photographs of a page or region.

What it does: runs CenterNet (optional detector, see widening/detector/) over each image inside
the scope and over the region itself; members are detections of ``object_class`` scoring at least
``min_score`` (rules/objects.yaml, 0.15 by default).
Why: "the colour of the bike in the picture on page 2" is answerable only if a bike is there.
Example: a street photo in a city-planning report holds three cars (0.60-0.75) and
no bicycle (best bicycle candidate 0.05).
Cannot see: drawings, icons, cartoons (trained on photographs: a flat-coloured picture, a picture
under 36 pt, and each figure drawn in vector paths in the scope, photograph or not, are doubts);
objects under a few dozen pixels at the picture's own resolution (rendered at most 1600 px a side).
A picture larger than the model's input is also read in tiles at its own scale; what only a tile
finds is a doubt. A picture the page shows turned is also read turned back upright, and pictures
that abut (one photo cut into pieces) are also read whole (``views.views_for``); one tilted
between quarter turns is a doubt. A picture the image listing leaves out (drawn under 50% opacity, a
pattern's fill) is looked at too, its faded range stretched back (``unlisted_views``). A picture that covers all of the region asked about and reaches well beyond
it (a scanned page) is not placed by the region: a find in it outside the region is a doubt (``views.outside_region``).
Without the detector installed it returns could-not-measure, never an empty list.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any

import numpy as np
import pymupdf
from pydantic import AfterValidator

from widening import rulebook as vocab
from widening.detector import centernet
from widening.detector.views import MIN_IMAGE_PT, SAME_PICTURE_AREA, View, iou, outside_region, render, unseen_by_photo_detectors, views_for
from widening.facts.document import Doc
from widening.facts.hidden import revealed_page
from widening.models import Member, ProbeResult, Reader
from widening.probes import LOWER_FINDS_MORE, Scope, Params, probe

NAME = "objects"
# CenterNet resizes every view to 512 x 512; rendering far above that only costs time.
OBJECT_UPSCALE = 1.0
DEDUP_IOU = 0.5
BEST_SHOWN = 3


@cache
def vocabulary() -> dict[str, Any]:
    """rules/objects.yaml, checked: every class must be one CenterNet knows."""
    data = vocab.load("objects")
    unknown = sorted(set(data.get("classes", {})) - set(centernet.COCO))
    if unknown:
        raise RuntimeError(f"rules/objects.yaml: not COCO classes: {unknown}")
    return data


def default_min_score() -> float:
    return float(vocabulary().get("min_score", 0.15))


def detector_class(word: str) -> str | None:
    """The COCO class a question word names, or None when no detector knows it."""
    w = word.strip().lower()
    for cls, spec in vocabulary()["classes"].items():
        if w == cls or w in [s.lower() for s in spec.get("words", [])]:
            return cls
    return None


def _known_class(v: str) -> str:
    if v.strip().lower() not in centernet.COCO and detector_class(v) is None:
        raise ValueError(f"no detector class for {v!r}: the shipped detector knows the 80 COCO classes (rules/objects.yaml)")
    return v


class ObjectsParams(Params):
    """``object_class``: a detector class (rules/objects.yaml); ``min_score``: the detector's floor."""

    object_class: Annotated[str, AfterValidator(_known_class)]
    min_score: Annotated[float | None, LOWER_FINDS_MORE] = None


@probe(NAME, params=ObjectsParams)
def objects(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Detections of ``object_class`` at or above ``min_score`` in the scope's images and region."""
    asked = str(params.get("object_class") or "").strip().lower()
    base = dict(probe=NAME, pages=scope.pages, region=scope.region, params=params)
    cls = asked if asked in centernet.COCO else detector_class(asked)
    if cls is None:
        return ProbeResult.cannot(note=f"no detector class for {asked!r}: the shipped detector knows the 80 COCO classes only", **base)
    missing = centernet.unavailable()
    if missing:
        return ProbeResult.cannot(note=missing, **base)
    min_score = float(params.get("min_score", default_min_score()))
    views: list[View] = []
    unlisted: list[Member] = []
    for page_no in scope.pages:
        views.extend(page_views := views_for(doc, page_no, scope.region, scope.in_image, upscale=OBJECT_UPSCALE))
        more, doubts = unlisted_views(doc, page_no, scope.region, page_views, OBJECT_UPSCALE)
        views.extend(more)
        unlisted += doubts
    if not views:
        if unlisted:
            return ProbeResult(members=(), doubts=tuple(unlisted), note="no picture the detector can look at; " + UNLISTED_NOTE, **base)
        return ProbeResult.cannot(note="no image inside the scope to look at", **base)
    results = centernet.detect(views)
    members: list[Member] = []
    below: list[Member] = []
    others: dict[str, int] = {}
    for view, res in zip(views, results):
        w, h = view.rgb.shape[1], view.rgb.shape[0]
        for det in res.detections:
            if det.label != cls:
                if det.score >= min_score:
                    others[det.label] = others.get(det.label, 0) + 1
                continue
            x0, y0, x1, y1 = det.box
            box = view.to_pdf(max(0, x0) * w, max(0, y0) * h, min(1, x1) * w, min(1, y1) * h)
            m = Member(reader=Reader.detector, page=view.page, bbox=box, what=f"{cls} {det.score:.2f} in {view.label}", score=round(det.score, 4))
            (members if det.score >= min_score else below).append(m)
        if not any(d.label == cls for d in res.detections):
            # Not among the top-100 detections: report the class's heatmap peak over the view.
            peak = res.class_max.get(cls, 0.0)
            below.append(Member(reader=Reader.detector, page=view.page, bbox=view.to_pdf(0, 0, w, h), what=f"{cls} heatmap peak {peak:.3f} in {view.label} (no box)", score=round(peak, 4)))
    # Finds beyond the region in a picture the region does not place (a scanned page) are candidates.
    members, beyond = outside_region(doc, scope.region, views, _dedupe(members))
    # Boxes of the class below the threshold are doubts (a tuned score filter), one per view with its count.
    boxed = [m for m in below if "(no box)" not in m.what]
    doubts = [
        Member(reader=Reader.detector, page=ms[0].page, bbox=ms[0].bbox, score=ms[0].score, what=f"{len(ms)} {cls} box(es) below {min_score}, best {ms[0].what}",
               why=f"score filter: {ms[0].score} < min_score {min_score}")
        for ms in by_view(boxed)
    ]
    doubts += [
        Member(reader=Reader.detector, page=ms[0].page, bbox=ms[0].bbox, score=ms[0].score, what=f"{len(ms)} {cls} box(es) seen only in a tile, best {ms[0].what}",
               why="tile pass: read at the picture's own scale, an object too small for the whole-picture pass; "
                   "the score floor was set on whole pictures, so a tile's find is a candidate, not a member")
        for ms in by_view(tile_finds(views, results, cls, min_score, members))
    ]
    doubts += [m for page_no in scope.pages for m in unseen_by_photo_detectors(doc, page_no, scope.region, views)]
    doubts += beyond
    doubts += unlisted
    best = sorted((m for m in below if "(no box)" in m.what), key=lambda m: -(m.score or 0))[:BEST_SHOWN]
    top = max((m.score or 0 for m in below), default=None)
    seen = ", ".join(f"{k} x{v}" for k, v in sorted(others.items(), key=lambda kv: -kv[1])) or "nothing else"
    note = (
        f"CenterNet over {len(views)} view(s); {cls}: {len(members)} at >= {min_score}"
        + (f", best below threshold {top:.3f}" if top is not None else "")
        + f"; other classes found (positive control): {seen}"
    )
    return ProbeResult(members=tuple(members), doubts=tuple(doubts), best_candidates=tuple(best), note=note, **base)


# The label's end of a view ``unlisted_views`` made: its pixels are stretched, so no other render of the page matches them.
UNLISTED_LABEL = "the image listing leaves out"
UNLISTED_NOTE = "pictures a glyph, a link's appearance or a hidden layer paints are doubts"
UNLISTED_WHY = ("a picture the detectors cannot look at: the page paints it where MuPDF's image listing (and so the "
                "detectors' views) does not see it")


def unlisted_views(doc: Doc, page_no: int, region: str | None, views: list[View], upscale: float) -> tuple[list[View], list[Member]]:
    """What ``views_for`` misses of the pictures a reader sees in the region: (views, doubts).

    ``views_for`` looks at what ``get_image_info`` lists; a photo drawn under 50% opacity (a faded picture behind
    the page's text) is not listed, nor is one a tiling pattern paints where it fills: the images probe places
    both (``images.placed_images``), and each no image view holds already is rendered and looked at as a picture
    (a faded street photo's cars were never looked at, and "the photo on page 2" read as the page's other photo
    alone). A picture a Type 3 glyph or a link annotation's appearance paints, or one in a layer hidden by default
    (``images.unlisted_pictures``), is a doubt: no view renders it as a reader sees it."""
    from widening.probes.images import placed_images, unlisted_pictures

    page = doc.page(page_no)
    rect = doc.region_rect(page_no, region)
    out: list[View] = []
    for placed in placed_images(page, page_no, rect, xrefs=False):
        box = pymupdf.Rect(placed.bbox) & page.rect
        if placed.shading or box.is_empty or box.width < MIN_IMAGE_PT or box.height < MIN_IMAGE_PT:
            continue  # a gradient is no raster picture; a picture under MIN_IMAGE_PT is a doubt already (unseen_by_photo_detectors)
        if any(v.kind == "image" and v.page == page_no and abs(box & v.rect) >= 0.9 * abs(box) and abs(v.rect) <= SAME_PICTURE_AREA * abs(box)
               for v in views + out):
            continue  # looked at already (a picture on a larger one is looked at on its own, as views_for does)
        native = 72.0 * max(placed.pixels) / max(box.width, box.height) if max(placed.pixels) else 150.0
        dpi = min(300.0, max(96.0, native) * upscale)
        out.append(View(page_no, box, "image", _restored(render(page, box, dpi)),
                        f"picture at [{box.x0:.0f},{box.y0:.0f},{box.x1:.0f},{box.y1:.0f}] {UNLISTED_LABEL}", dpi))
    doubts = [m.model_copy(update={"why": f"{UNLISTED_WHY} ({m.why})" if m.why else UNLISTED_WHY})
              for m in unlisted_pictures(page, page_no, rect, revealed_page(doc, page_no))]
    return out, doubts


def _restored(rgb: np.ndarray) -> np.ndarray:
    """A faded render with its range stretched back: a picture drawn at opacity a over white shows each channel as
    a * v + (1 - a) * 255, one linear map for all channels, undone (up to the paper's colour) by one stretch of the
    range its pixels span (0.5-99.5 percentiles). Cars in the street photo drawn at opacity 0.25: none seen
    faded, 0.5 and more restored. A picture already spanning the range is left as it is."""
    lo, hi = (float(x) for x in np.percentile(rgb[:, :, :3], (0.5, 99.5)))
    if hi - lo >= 0.9 * 255 or hi - lo < 8:
        return rgb
    out = (rgb[:, :, :3].astype(np.float32) - lo) * (255.0 / (hi - lo))
    return np.ascontiguousarray(out.clip(0, 255).astype(np.uint8))


def tile_finds(views: list[View], results: list[centernet.ViewResult], cls: str, min_score: float, seen: list[Member]) -> list[Member]:
    """Boxes of ``cls`` at or above ``min_score`` that only a tile pass found (none within DEDUP_IOU of ``seen``).

    The floor only limits what the tiles add (every tile lists a hundred boxes, most of them noise):
    nothing the whole-picture pass reports is dropped by it."""
    out: list[Member] = []
    for view, res in zip(views, results):
        w, h = view.rgb.shape[1], view.rgb.shape[0]
        for det in res.tiled:
            if det.label != cls or det.score < min_score:
                continue
            x0, y0, x1, y1 = det.box
            box = view.to_pdf(max(0, x0) * w, max(0, y0) * h, min(1, x1) * w, min(1, y1) * h)
            if all(k.page != view.page or iou(k.bbox, box) < DEDUP_IOU for k in [*seen, *out]):
                out.append(Member(reader=Reader.detector, page=view.page, bbox=box, what=f"{cls} {det.score:.2f} in a tile of {view.label}", score=round(det.score, 4)))
    return out


def by_view(ms: list[Member]) -> list[list[Member]]:
    """Members grouped by the view they were seen in (page and view label), best score first."""
    groups: dict[tuple[int, str], list[Member]] = {}
    for m in sorted(ms, key=lambda m: -(m.score or 0)):
        groups.setdefault((m.page, m.what.split(" in ", 1)[-1]), []).append(m)
    return list(groups.values())


def _dedupe(members: list[Member]) -> list[Member]:
    """The same object seen in an image view and in the region view counts once (highest score kept)."""
    kept: list[Member] = []
    for m in sorted(members, key=lambda m: -(m.score or 0)):
        if all(k.page != m.page or iou(k.bbox, m.bbox) < DEDUP_IOU for k in kept):
            kept.append(m)
    return kept

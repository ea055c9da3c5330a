"""OCR for pages without a text layer and for text inside images (rapidocr, PP-OCR ONNX models from its wheel).

Lines set at 90 or 180 degrees are read too (the angle classifier), and a line it turns over is
also read as cropped, so a reading without it is never lost. A page scanned turned (upside down,
sideways) is read again in the turn it reads upright (``ocr_page``, ``turns``), and a faint page scan
with its contrast stretched (``stretched``).

The models are loaded from the files shipped inside the rapidocr wheel by explicit path,
so rapidocr never reaches its download code: missing files raise at import time and the
caller records "OCR unavailable" instead of "no text".
"""

from __future__ import annotations

import hashlib
import math
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pymupdf
import rapidocr

from widening.runtime.heap import trim_heap
from widening.models import TextLine
from widening.facts.ink import LetteringUnread
from widening.facts.limits import RenderRefused, render_zoom, safe_pixmap

MODEL_DIR = Path(rapidocr.__file__).parent / "models"
MODELS = {
    "Det": "PP-OCRv6_det_small.onnx",
    "Rec": "PP-OCRv6_rec_small.onnx",
    "Cls": "ch_ppocr_mobile_v2.0_cls_mobile.onnx",
}
ENGINE = f"rapidocr {getattr(rapidocr, '__version__', '?')} PP-OCRv6 small (det+cls+rec)"

# Lines below this recogniser confidence are dropped. rapidocr's default is 0.5; we keep
# more: garbage text cannot hide a mention, a dropped line can.
TEXT_SCORE = 0.3
# Auto dpi: the native resolution of the page's largest image, within these bounds.
# Slide decks exported as images are 96 dpi; rendering above native adds no detail, only time.
MIN_DPI, MAX_DPI, NO_IMAGE_DPI = 96, 200, 150

_missing = [name for name in MODELS.values() if not (MODEL_DIR / name).is_file()]
if _missing:  # refuse loudly: rapidocr would otherwise try to download them
    raise RuntimeError(f"rapidocr models missing from {MODEL_DIR}: {_missing}")


@lru_cache(maxsize=1)
def _engine() -> rapidocr.RapidOCR:
    params = {f"{stage}.model_path": str(MODEL_DIR / name) for stage, name in MODELS.items()}
    # The angle classifier turns a line it finds upside down: rapidocr crops a tall box and turns
    # it one way only, so without it text set at 90 or 180 degrees read as garbage (a margin label,
    # a picture's vertical caption: tests/facts/test_ocr_rotated.py). With the lines it turns also
    # read as cropped (_also_unturned) it costs 1%: 81 corpus areas (20 image-only pages, 61
    # pictures) took 48.8 CPU s, 48.2 without it, and every line read without it is still read.
    params.update({"Global.log_level": "error", "Global.use_cls": True, "Global.text_score": TEXT_SCORE})
    # One line per recogniser call: a batch is padded to its widest line, and one wide line
    # made the batch of six cost 230 MB more at peak and 12% more time (bigdatatrends, 40 pages).
    params["Rec.rec_batch_num"] = 1
    threads = os.environ.get("WIDENING_WORKER_THREADS")
    if threads:  # set by the runner: each worker process owns one core
        params["EngineConfig.onnxruntime.intra_op_num_threads"] = int(threads)
    engine = rapidocr.RapidOCR(params=params)
    engine.run_ocr_steps = _also_unturned(engine, engine.run_ocr_steps)
    return engine


def _also_unturned(engine: rapidocr.RapidOCR, steps):
    """``steps`` (rapidocr's det, cls, rec) that also read every line the classifier turned over as
    it was cropped, as one more line in the same box: the classifier is sometimes wrong (on the
    corpus it turned '2007 2008' into '20 208', 'Bleyfone' into 'a'), and a reading is never dropped."""

    def run(img, op_record):
        det, cls, rec, crops = steps(img, op_record)
        if det.boxes is None or rec.txts is None or not cls.cls_res:
            return det, cls, rec, crops
        thresh = engine.text_cls.cls_thresh
        turned = [i for i, (label, score) in enumerate(cls.cls_res) if "180" in label and score > thresh]
        _TURNED.extend(np.asarray(det.boxes[i], dtype=float).copy() for i in turned)
        if not turned:
            return det, cls, rec, crops
        again = engine.recognize_txt([crops[i] for i in turned])  # crops: as cut, before the classifier
        det.boxes = np.concatenate([det.boxes, det.boxes[turned]])
        det.scores = [*det.scores, *(det.scores[i] for i in turned)]
        rec.imgs = [*rec.imgs, *again.imgs]
        rec.txts = (*rec.txts, *again.txts)
        rec.scores = (*rec.scores, *again.scores)
        rec.word_results = (*rec.word_results, *again.word_results)
        return det, cls, rec, [*crops, *(crops[i] for i in turned)]

    return run


# The boxes of the lines the angle classifier turned over in the call under way (``_ocr_once`` reads them).
_TURNED: list[np.ndarray] = []


def warm() -> None:
    """Load the OCR models now: one tiny OCR of a drawn word loads the detector and the recogniser."""
    import cv2

    # Square: the detector scales the short side up to 736 px, so a wide strip would cost
    # it a 736 x 2944 pass (600 MB); a square costs the least it ever looks at.
    img = np.full((160, 160, 3), 255, dtype=np.uint8)
    cv2.putText(img, "OCR", (20, 95), cv2.FONT_HERSHEY_SIMPLEX, 1.6, (0, 0, 0), 3)
    _ocr_once(img)


def native_dpi(page: pymupdf.Page, clip: pymupdf.Rect | None = None, infos: list[dict] | None = None) -> int:
    """The resolution at which the largest image inside ``clip`` is drawn, clamped to [MIN_DPI, MAX_DPI].

    ``infos``: the page's ``get_image_info()`` when the caller already has it."""
    clip = clip or page.rect
    best_area, dpi = 0.0, float(NO_IMAGE_DPI)
    for info in page.get_image_info() if infos is None else infos:
        box = pymupdf.Rect(info["bbox"]) & clip
        if box.is_empty or info.get("width", 0) <= 0:
            continue
        full = pymupdf.Rect(info["bbox"])
        if abs(box) > best_area and full.width > 0:
            best_area, dpi = abs(box), 72.0 * info["width"] / full.width
    return int(min(MAX_DPI, max(MIN_DPI, round(dpi))))


Line = tuple[str, tuple[float, float, float, float], float]

# Memory: the text detector needs ~250 MB per megapixel it looks at. A picture larger than
# BAND_PIXELS is read in horizontal bands, each at full resolution; bands overlap by
# BAND_OVERLAP px, so a line up to half that tall lies whole inside one band, and a line is
# kept from the band whose core (overlaps split down the middle) holds its centre.
BAND_PIXELS = 1_100_000
BAND_MIN_HEIGHT = 768  # the detector scales anything under 736 px tall up to 736: no saving below
BAND_OVERLAP = 192
# Renders wider than this are made at a lower dpi (a band is never shorter than BAND_MIN_HEIGHT,
# so width is what bounds its area): 164 dpi across a letter page, 8 pt text ~18 px tall.
MAX_OCR_WIDTH = 1400


# The detector enlarges every input until its short side is DET_SHORT_SIDE px (rapidocr's
# default): right for a page, but a 73 x 285 px strip cut from a screenshot became 736 x 2873,
# 100x its pixels (2-3 CPU s; a 66 px strip 5 Mpx, over 1 GB), to read words drawn no smaller
# than those it reads at 1x in a large screenshot. A picture's short side is enlarged at most
# PICTURE_MAX_UPSCALE times instead; a picture whose short side reaches 736 px is read as before.
# Evidence that no legible word is lost: tests/probes/test_name_mentions_pictures.py (names drawn in
# pictures of every shape at the smallest sizes) and the corpus audit compared record for record.
DET_SHORT_SIDE = 736
PICTURE_MAX_UPSCALE = 3.0


def ocr_array(rgb: np.ndarray, max_upscale: float | None = None, turned: list[Line] | None = None) -> list[Line]:
    """OCR an RGB array: (text, pixel box x0 y0 x1 y1, score) per line, tall pictures band by band.

    ``max_upscale``: the detector enlarges the short side at most this many times (None: up to 736 px).
    ``turned``: when given, the lines the angle classifier turned over are added to it too.
    A faint render is read with its contrast stretched (``stretched``): a page's, a picture's, a margin's alike."""
    rgb = stretched(rgb)
    h, w = rgb.shape[:2]
    out: list[Line] = []
    for top, core_top, core_bottom, bottom in bands(h, w):
        side = None if max_upscale is None else det_side(bottom - top, w, max_upscale)
        for text, (x0, y0, x1, y1), score, over in _ocr_once(rgb[top:bottom], side, flags=True):
            centre = top + (y0 + y1) / 2
            if core_top <= centre < core_bottom:
                out.append((text, (x0, y0 + top, x1, y1 + top), score))
                if over and turned is not None:
                    turned.append(out[-1])
    return out


# Faint ink: a scan of pale print (grey 245 on white 255) is plain to a reader, yet the detector found no
# line in it and the page counted as measured, "OCR ran, no words". A render whose lightest and darkest
# (a 3 x 3 median, so a speck of dust does not count) are less than FAINT_RANGE grey levels apart, and at
# least MIN_INK_RANGE apart (less is no ink a reader sees, only a scanner's noise), is read with that range
# stretched to black and white, in grey. A render of ordinary contrast is read as it is. Every OCR reading goes
# through it (``ocr_array``): a faint picture on a text page (light grey lettering, 245 on white, in a logo or a
# photographed sign) was read as no words too, and a name printed only there claimed absent. Stretching twice is
# stretching once (a stretched render spans 0-255).
FAINT_RANGE = 96
MIN_INK_RANGE = 6


def stretched(rgb: np.ndarray) -> np.ndarray:
    """``rgb``, or its grey levels stretched to the full range when it is faint (FAINT_RANGE)."""
    import cv2

    if rgb.size == 0:
        return rgb
    grey = cv2.cvtColor(np.ascontiguousarray(rgb[:, :, :3]), cv2.COLOR_RGB2GRAY)
    smooth = cv2.medianBlur(grey, 3) if min(grey.shape) >= 3 else grey
    lo, hi = int(smooth.min()), int(smooth.max())
    if not MIN_INK_RANGE <= hi - lo < FAINT_RANGE:
        return rgb
    grey = np.clip(np.rint((grey.astype(np.float32) - lo) * (255.0 / (hi - lo))), 0, 255).astype(np.uint8)
    return np.ascontiguousarray(np.repeat(grey[:, :, None], 3, axis=2))


def bands(height: int, width: int) -> list[tuple[int, int, int, int]]:
    """(top, core top, core bottom, bottom) rows of each band; one band when the picture is small."""
    band = max(BAND_MIN_HEIGHT, BAND_PIXELS // max(1, width))
    if height * width <= BAND_PIXELS or height <= band + BAND_OVERLAP:
        return [(0, 0, height, height)]
    return _strips(height, band, BAND_OVERLAP)


def _strips(length: int, size: int, overlap: int) -> list[tuple[int, int, int, int]]:
    """(start, core start, core end, end) px of strips ``size`` long overlapping by ``overlap`` along
    ``length``: the cores tile it end to end, each the middle of its strip's overlaps."""
    starts = list(range(0, length - size, size - overlap)) + [length - size]
    out = []
    for i, start in enumerate(starts):
        end = start + size
        core_start = 0 if i == 0 else (start + starts[i - 1] + size) // 2
        core_end = length if i == len(starts) - 1 else (starts[i + 1] + end) // 2
        out.append((start, core_start, core_end, end))
    return out


def det_side(height: int, width: int, max_upscale: float) -> int:
    """The short side (px) the detector works at: enlarged at most ``max_upscale`` times, never beyond 736."""
    return int(min(DET_SHORT_SIDE, max(32, round(min(height, width) * max_upscale))))


@contextmanager
def _det_short_side(engine: rapidocr.RapidOCR, side: int | None) -> Iterator[None]:
    """Run the detector with its short side at ``side`` px for one call (None: unchanged)."""
    if side is None or side >= DET_SHORT_SIDE:
        yield
        return
    det = engine._load_det_model()  # loaded lazily by rapidocr; its limit is read at every call
    if not isinstance(getattr(det, "limit_side_len", None), int):
        raise RuntimeError("rapidocr's text detector has no limit_side_len: a picture's scale cannot be bounded")
    old = det.limit_side_len
    det.limit_side_len = side
    try:
        yield
    finally:
        det.limit_side_len = old


def _ocr_once(rgb: np.ndarray, side: int | None = None, flags: bool = False) -> list:
    """Lines of one detector pass; with ``flags``, each with whether the angle classifier turned it over."""
    engine = _engine()
    _TURNED.clear()
    try:
        with _det_short_side(engine, side):
            result = engine(np.ascontiguousarray(rgb[:, :, :3]))
    finally:
        trim_heap()
    turned, _TURNED[:] = list(_TURNED), []
    if result.boxes is None or result.txts is None:
        return []
    out = []
    for quad, text, score in zip(result.boxes, result.txts, result.scores):
        q = np.asarray(quad, dtype=float)
        if text.strip():
            line = (text, (q[:, 0].min(), q[:, 1].min(), q[:, 0].max(), q[:, 1].max()), float(score))
            out.append((*line, any(t.shape == q.shape and np.allclose(t, q) for t in turned)) if flags else line)
    return out


class Pixels(NamedTuple):
    """An RGB render of ``clip`` and the size of one of its pixels in PDF points."""

    rgb: np.ndarray
    clip: pymupdf.Rect
    sx: float
    sy: float

    def to_pt(self, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = box
        return (self.clip.x0 + x0 * self.sx, self.clip.y0 + y0 * self.sy, self.clip.x0 + x1 * self.sx, self.clip.y0 + y1 * self.sy)


# Resolution floor. One render of a wide or huge area is made at a lower dpi (MAX_OCR_WIDTH, the render
# budget): a 14,400 pt page came out at 7 dpi, where a scan's body text is a few pixels tall and OCR read
# nothing, and the page counted as measured ("OCR ran, no words"). A render at less than MIN_SHARE of the
# resolution its content needs (``content_dpi``) is not a reading of its small text: ``ocr_image`` reads
# it in tiles at that resolution instead, ``render_clip`` refuses it (ResolutionRefused), and a read
# that would need more than MAX_OCR_PIXELS is refused too: the page is blind, never "no words".
# The corpus's image-only pages are read at 0.7-1.0 of it in one render, as before.
MIN_SHARE = 0.5
# A word up to TILE_OVERLAP px wide lies whole inside one column of a level (columns overlap that much);
# a wider one is read at a coarser level, where it is narrower (levels halve the dpi down to the single
# render's). A line is kept from the column whose core holds its centre, less a word cut by an inner edge.
TILE_OVERLAP = 384
MAX_OCR_PIXELS = 40_000_000
_EDGE_PX = 2


class ResolutionRefused(RenderRefused):
    """The area would be read at too low a resolution for its text, or would need too many pixels."""


class Plan(NamedTuple):
    """How an area is read: ``single`` dpi of one render, ``need`` dpi its content needs."""

    single: float
    need: float

    @property
    def lowered(self) -> bool:
        return self.single < MIN_SHARE * self.need


_PAINTS_IMAGE = ("fill-image", "fill-imgmask")


def content_dpi(page: pymupdf.Page, clip: pymupdf.Rect, requested: float, infos: list[dict] | None = None) -> float:
    """The resolution under which ``clip``'s content loses detail: ``requested``, or, when everything
    painted there is pictures, the finest picture's own resolution if that is lower (rendering a picture
    above its own pixels adds no detail). Paths, text, shadings: ``requested``."""
    try:
        log = page.get_bboxlog()
    except Exception:
        return requested
    for kind, box in log:
        if kind.startswith(("clip", "ignore")) or (pymupdf.Rect(box) & clip).is_empty:
            continue
        if kind not in _PAINTS_IMAGE:
            return requested
    finest = 0.0
    for info in page.get_image_info() if infos is None else infos:
        box = pymupdf.Rect(info["bbox"])
        if (box & clip).is_empty or int(info.get("width", 0)) <= 0 or int(info.get("height", 0)) <= 0:
            continue
        # Pixels per point along each of the picture's own axes (turned or sheared too): the finer one.
        a, b, c, d = info.get("transform", (box.width, 0, 0, box.height, 0, 0))[:4]
        across, down = math.hypot(a, b), math.hypot(c, d)
        if across <= 0 or down <= 0:
            return requested
        finest = max(finest, 72.0 * info["width"] / across, 72.0 * info["height"] / down)
    return min(requested, finest) if finest > 0 else requested


def plan(page: pymupdf.Page, clip: pymupdf.Rect, dpi: int | None = None, infos: list[dict] | None = None) -> Plan:
    """The dpi of ``clip``'s one render (native resolution, bounded width, within the render budget) and
    the dpi its content needs (``clip`` already on the page)."""
    requested = float(dpi or native_dpi(page, clip, infos))
    single = min(requested, MAX_OCR_WIDTH * 72.0 / clip.width)
    single = 72.0 * render_zoom(clip.width, clip.height, single)
    return Plan(single, content_dpi(page, clip, requested, infos))


def _render(page: pymupdf.Page, clip: pymupdf.Rect, dpi: float, infos: list[dict] | None) -> Pixels:
    pix = safe_pixmap(page, dpi, clip, infos=infos)
    rgb = np.ascontiguousarray(np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, pix.n)[:, :, :3])
    return Pixels(rgb, clip, clip.width / pix.width, clip.height / pix.height)


def _refusal(clip: pymupdf.Rect, how: Plan) -> str:
    return (f"a {clip.width:.0f} x {clip.height:.0f} pt area would be read at {how.single:.0f} dpi in one render, "
            f"under {MIN_SHARE:.0%} of the {how.need:.0f} dpi its content needs: its small text would not be read")


def render_clip(page: pymupdf.Page, clip: pymupdf.Rect, dpi: int | None = None, infos: list[dict] | None = None) -> Pixels | None:
    """The pixels OCR reads for ``clip`` (native resolution, bounded width); None when ``clip`` is off the page.

    Raises ResolutionRefused when one render would be made at less than MIN_SHARE of the resolution
    the content needs (``ocr_image`` reads such an area in tiles).
    ``infos``: the page's ``get_image_info()`` when the caller has it."""
    clip = pymupdf.Rect(clip) & page.rect
    if clip.is_empty:
        return None
    how = plan(page, clip, dpi, infos)
    if how.lowered:
        raise ResolutionRefused(_refusal(clip, how))
    return _render(page, clip, how.single, infos)


def levels(clip: pymupdf.Rect, how: Plan) -> list[float]:
    """The dpi of each level of a tiled read: the content's, halved while above the single render's, then that."""
    out, d = [], how.need
    while d > how.single * 1.001:
        out.append(d)
        d /= 2
    return [*out, how.single]


def columns(width: int, tile: int = MAX_OCR_WIDTH, overlap: int = TILE_OVERLAP) -> list[tuple[int, int, int, int]]:
    """(left, core left, core right, right) px of each column of a ``width`` px wide render (as ``bands``)."""
    if width <= tile:
        return [(0, 0, width, width)]
    return _strips(width, tile, overlap)


def _trim(text: str, cut_left: bool, cut_right: bool) -> str:
    """``text`` less the word an inner column edge may cut (that word lies whole in the neighbour column)."""
    words = text.split()
    if len(words) > 1 and cut_right:
        words = words[:-1]
    if len(words) > 1 and cut_left:
        words = words[1:]
    return " ".join(words) if (cut_left or cut_right) else text


def read_tiled(page: pymupdf.Page, clip: pymupdf.Rect, how: Plan, max_upscale: float | None = None,
               infos: list[dict] | None = None) -> tuple[TextLine, ...]:
    """OCR ``clip`` level by level (``levels``), each level column by column at its full dpi; boxes in pt.

    Raises ResolutionRefused when the levels need more than MAX_OCR_PIXELS (not read, never empty)."""
    plan_dpi = levels(clip, how)
    total = sum(math.ceil(clip.width * d / 72.0) * math.ceil(clip.height * d / 72.0) for d in plan_dpi)
    if total > MAX_OCR_PIXELS:
        raise ResolutionRefused(f"{_refusal(clip, how)}; reading it in tiles at {how.need:.0f} dpi needs "
                                f"{total / 1e6:.0f} Mpx, over the {MAX_OCR_PIXELS / 1e6:.0f} Mpx budget")
    kept: list[TextLine] = []
    for d in plan_dpi:
        zoom = d / 72.0
        width = math.ceil(clip.width * zoom)
        for left, core_left, core_right, right in columns(width):
            part = pymupdf.Rect(clip.x0 + left / zoom, clip.y0, min(clip.x1, clip.x0 + right / zoom), clip.y1)
            pixels = _render(page, part, d, infos)
            w = pixels.rgb.shape[1]
            if w < (right - left) - 2:  # a budget lowered the render: never read at less than planned
                raise ResolutionRefused(f"the render of {part} was not made at {d:.0f} dpi")
            for text, (x0, y0, x1, y1), score in ocr_array(pixels.rgb, max_upscale):
                if not core_left <= left + (x0 + x1) / 2 < core_right:
                    continue
                text = _trim(text, left > 0 and x0 <= _EDGE_PX, right < width and x1 >= w - _EDGE_PX)
                line = TextLine(text=text, bbox=pixels.to_pt((x0, y0, x1, y1)), score=round(score, 4))
                if text.strip() and not any(_same(line, k) for k in kept):
                    kept.append(line)
            del pixels
    return tuple(kept)


def _same(a: TextLine, b: TextLine) -> bool:
    """The same line read at two levels: the same words over boxes that overlap by half."""
    if a.text.casefold().split() != b.text.casefold().split():
        return False
    ra, rb = pymupdf.Rect(a.bbox), pymupdf.Rect(b.bbox)
    inter = abs(ra & rb)
    return inter >= 0.5 * max(abs(ra | rb), 1e-6)


def read_pixels(pixels: Pixels, max_upscale: float | None = None,
                seen: dict[tuple, list[Line]] | None = None) -> tuple[tuple[TextLine, tuple[float, float, float, float]], ...]:
    """OCR lines of a render, each with its box in the render's pixels (for measuring the words' ink).

    ``seen``: lines already read, by rendered pixels: a render identical byte for byte to one read
    before (the same picture placed again at the same size) is not read again."""
    if seen is None:
        lines = ocr_array(pixels.rgb, max_upscale)
    else:
        # OCR is a function of the pixels (and the enlargement): the same input reads the same lines.
        key = (*pixels.rgb.shape, max_upscale, hashlib.sha256(pixels.rgb.tobytes()).digest())
        if key not in seen:
            seen[key] = ocr_array(pixels.rgb, max_upscale)
        lines = seen[key]
    return tuple((TextLine(text=text, bbox=pixels.to_pt(box), score=round(score, 4)), box) for text, box, score in lines)


def ocr_image(page: pymupdf.Page, clip: pymupdf.Rect, dpi: int | None = None, max_upscale: float | None = None,
              infos: list[dict] | None = None, seen: dict[tuple, list[Line]] | None = None) -> tuple[TextLine, ...]:
    """OCR the part of ``page`` inside ``clip`` (an image's bbox, a region); boxes in PDF points.

    ``max_upscale``: for pictures (see PICTURE_MAX_UPSCALE); None reads as a page is read.
    ``infos``, ``seen``: as for ``render_clip`` and ``read_pixels``; its lines are placed in this ``clip``."""
    clip = pymupdf.Rect(clip) & page.rect
    if clip.is_empty:
        return ()
    how = plan(page, clip, dpi, infos)
    if how.lowered:  # one render would be too coarse for the small text: read in tiles, or refuse
        return read_tiled(page, clip, how, max_upscale, infos)
    pixels = _render(page, clip, how.single, infos)
    return tuple(line for line, _ in read_pixels(pixels, max_upscale, seen))


# A page scanned turned: put in upside down, or sideways (a landscape table on a portrait page). The angle
# classifier turns a line it finds upside down, but it is right about some lines only (on a page scanned upside
# down it turned two of four lines, the others read as "Tone oe e m e e"); and a sideways page's lines are tall
# boxes, which the horizontal bands cut ("or Quorvane Logistics ..."), and which rapidocr turns one way only.
# A name printed there was read nowhere and claimed absent. The upright reading says when a page may be turned:
# lines in tall boxes (a box TALL times as tall as wide, as rapidocr turns one) or lines the classifier turned
# over carry at least TURNED_SHARE of its characters. Such a page is read again turned (a quarter turn each way
# for tall lines, the likelier first; a half turn for lines turned over); the turn that reads most upright
# (``upright_worth``) is the page's, and each line is kept from that turn or the upright reading, whichever
# reads it best (``merged``). An upright page, with a margin label or a caption set vertically, is read once.
# On 42 image-only slides of the corpus (four decks) no page was read again.
TALL = 1.5
TURNED_SHARE = 1 / 3


def _tall(line: Line) -> bool:
    x0, y0, x1, y1 = line[1]
    return y1 - y0 >= TALL * (x1 - x0) and len(line[0].strip()) >= 2


def turns(lines: list[Line], turned: list[Line]) -> tuple[int, ...]:
    """The quarter turns (counter-clockwise, as ``np.rot90``) a page may be read again at, the likelier first,
    judged from its reading ``lines`` and the lines of it the classifier turned over (``turned``): () when
    it reads upright. rapidocr turns a tall line a quarter turn counter-clockwise before the classifier looks:
    tall lines it then turned over run bottom to top, and the page reads upright a quarter turn clockwise."""
    total = sum(len(t.strip()) for t, _, _ in lines)
    if not total:
        return ()
    tall = sum(len(line[0].strip()) for line in lines if _tall(line))
    over_tall = sum(len(line[0].strip()) for line in turned if _tall(line))
    over_wide = sum(len(line[0].strip()) for line in turned if not _tall(line))
    if tall >= TURNED_SHARE * total:
        return (3, 1) if 2 * over_tall >= tall else (1, 3)
    if over_wide >= TURNED_SHARE * total:
        return (2,)
    return ()


def upright_worth(lines: list[Line], turned: list[Line]) -> float:
    """How much of a reading reads upright: the ``worth`` of its wide lines the classifier did not turn over
    (one line per box: a line it turned is read twice, ``_also_unturned``)."""
    over = {line[1] for line in turned}
    return sum(worth(line) for line in {l[1]: l for l in lines if not _tall(l) and l[1] not in over}.values())


def unturn(box: tuple[float, float, float, float], k: int, width: int, height: int) -> tuple[float, float, float, float]:
    """A pixel box of a render turned ``k`` quarter turns counter-clockwise (``np.rot90(rgb, k)``) in the
    pixels of the render as it was (``width`` x ``height``)."""
    x0, y0, x1, y1 = box
    k %= 4
    if k == 1:
        return (width - y1, x0, width - y0, x1)
    if k == 2:
        return (width - x1, height - y1, width - x0, height - y0)
    if k == 3:
        return (y0, height - x1, y1, height - x0)
    return box


def worth(line: Line) -> float:
    """How much a line reads: its score times its letters and digits."""
    return line[2] * sum(ch.isalnum() for ch in line[0])


# Two readings of one line: boxes that overlap by at least SAME_LINE of the smaller one. A later reading's line
# replaces an earlier one's only when it reads LATER times as much: a "9" read upside down as "6" scored 0.99999,
# the "9" read upright 0.99997.
SAME_LINE = 0.5
LATER = 1.1


def merged(readings: list[list[Line]]) -> list[Line]:
    """The lines of several readings of one area (boxes in its pixels): a line that overlaps one of another
    reading (SAME_LINE) is kept when it reads more (``worth``) than each such line, LATER times as much when
    that line's reading comes first; a line no other reading has is kept as it is. Readings in order, a page's
    own orientation first (a single "6" read sideways may score as well as the "9" read upright)."""

    def overlap(a: tuple, b: tuple) -> bool:
        w = min(a[2], b[2]) - max(a[0], b[0])
        h = min(a[3], b[3]) - max(a[1], b[1])
        small = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
        return w > 0 and h > 0 and w * h >= SAME_LINE * max(small, 1e-6)

    out: list[Line] = []
    for i, reading in enumerate(readings):
        others = [line for j, r in enumerate(readings) if j != i for line in r]
        for line in reading:
            rivals = [o for o in others if overlap(line[1], o[1])]
            if all(worth(line) > (LATER if i > _index(readings, o) else 1 / LATER) * worth(o) for o in rivals):
                out.append(line)
    return out


def _index(readings: list[list[Line]], line: Line) -> int:
    return next(j for j, r in enumerate(readings) if any(l is line for l in r))


def ocr_page(page: pymupdf.Page, dpi: int | None = None) -> tuple[TextLine, ...]:
    """OCR a whole page (for image-only pages); ``dpi`` None renders at the page images' native resolution.

    A page whose upright reading says it was scanned turned is read turned too (``turns``)."""
    clip = pymupdf.Rect(page.rect)
    if clip.is_empty:
        return ()
    how = plan(page, clip, dpi)
    if how.lowered:  # read in tiles (ocr_image): a page that large is not read again turned
        return ocr_image(page, clip, dpi)
    pixels = _render(page, clip, how.single, None)
    rgb = stretched(pixels.rgb)  # a faint scan (``ocr_array`` stretches any render it reads; here the turns reuse it)
    over: list[Line] = []
    upright = ocr_array(rgb, None, over)
    h, w = rgb.shape[:2]
    # A scan is turned as a whole: the turn that reads most upright is its orientation. The likelier turn is
    # read first, the other only when it does not read upright. (Merging the lines of both quarter turns took
    # a "9" read upside down as "6".)
    best: list[Line] | None = None
    best_worth = upright_worth(upright, over)
    for k in turns(upright, over):
        again_over: list[Line] = []
        again = ocr_array(np.ascontiguousarray(np.rot90(rgb, k)), None, again_over)
        if (value := upright_worth(again, again_over)) > best_worth:
            best, best_worth = [(text, unturn(box, k, w, h), score) for text, box, score in again], value
        if not turns(again, again_over):
            break
    lines = upright if best is None else merged([best, upright])
    if not any(_said(line) for line in lines):
        lines = _lettering_read(rgb, lines)
    return tuple(TextLine(text=text, bbox=pixels.to_pt(box), score=round(score, 4)) for text, box, score in lines)


# Lettering OCR read no word of: type too small or too stylised for the recogniser. A page OCR read nothing from was
# "OCR ran, no words", measured, while it showed lines a reader reads ("Welcome to Qorvane Harbour" in 5 px type):
# a name printed there was claimed absent. When OCR reads no word and the render shows lettering (lines of
# text-shaped ink, ink.lettering), the area of that lettering is read again enlarged LETTERING_ZOOM times; a line of
# lettering that no line read then overlaps (by half its box) leaves the page unread: LetteringUnread is raised, and
# the page is blind (extract records why), never a measured page without words. A page with no lettering (a blank
# scan, a photograph) keeps its empty reading.
LETTERING_ZOOM = 3
LETTERING_PAD = 8  # px around the lettering read again


def _said(line: Line) -> bool:
    """A line with a letter or digit in it."""
    return any(ch.isalnum() for ch in line[0])


def _covers(read: tuple[float, float, float, float], row: tuple[float, float, float, float]) -> bool:
    w = min(read[2], row[2]) - max(read[0], row[0])
    h = min(read[3], row[3]) - max(read[1], row[1])
    return w > 0 and h > 0 and w * h >= 0.5 * max((row[2] - row[0]) * (row[3] - row[1]), 1e-6)


def lettering_left(rgb: np.ndarray, deadline: float | None = None) -> tuple[list[Line], list[tuple[float, float, float, float]]]:
    """(lines read again, boxes in px of the lines of lettering none of them reads) for a picture's render ``rgb`` that
    the picture reading (PICTURE_MAX_UPSCALE) read no word of; ([], []) when it shows no lettering (``ink.lettering``).

    Shown lettering is read once more as a page is read (the detector's own enlargement, no bound), and what that
    leaves unread once more enlarged LETTERING_ZOOM times (when within MAX_OCR_PIXELS). Never raises for unread
    lettering (the caller makes doubts of it); ``deadline``: as for ``ink.text_rows`` (LetteringOverBudget)."""
    import cv2

    from widening.facts.ink import lettering

    rows = lettering(rgb, deadline)
    if not rows:
        return [], []
    read: list[Line] = [line for line in ocr_array(rgb) if _said(line)]
    left = [r for r in rows if not any(_covers(line[1], r.box) for line in read)]
    h, w = rgb.shape[:2]
    if left:
        x0 = max(0, int(min(r.box[0] for r in left)) - LETTERING_PAD)
        y0 = max(0, int(min(r.box[1] for r in left)) - LETTERING_PAD)
        x1 = min(w, int(math.ceil(max(r.box[2] for r in left))) + LETTERING_PAD)
        y1 = min(h, int(math.ceil(max(r.box[3] for r in left))) + LETTERING_PAD)
        if (x1 - x0) * (y1 - y0) * LETTERING_ZOOM ** 2 <= MAX_OCR_PIXELS:
            big = cv2.resize(rgb[y0:y1, x0:x1], None, fx=LETTERING_ZOOM, fy=LETTERING_ZOOM, interpolation=cv2.INTER_CUBIC)
            z = float(LETTERING_ZOOM)
            read += [(text, (x0 + a / z, y0 + b / z, x0 + c / z, y0 + d / z), score)
                     for text, (a, b, c, d), score in ocr_array(big) if _said((text, (a, b, c, d), score))]
    return read, [r.box for r in rows if not any(_covers(line[1], r.box) for line in read)]


def _lettering_read(rgb: np.ndarray, lines: list[Line]) -> list[Line]:
    """``lines`` (no word among them) when ``rgb`` shows no lettering, else the lettering's lines read enlarged;
    raises LetteringUnread when a line of lettering is still read by none."""
    import cv2

    from widening.facts.ink import lettering

    rows = lettering(rgb)
    if not rows:
        return lines
    h, w = rgb.shape[:2]
    x0 = max(0, int(min(r.box[0] for r in rows)) - LETTERING_PAD)
    y0 = max(0, int(min(r.box[1] for r in rows)) - LETTERING_PAD)
    x1 = min(w, int(math.ceil(max(r.box[2] for r in rows))) + LETTERING_PAD)
    y1 = min(h, int(math.ceil(max(r.box[3] for r in rows))) + LETTERING_PAD)
    read: list[Line] = []
    if (x1 - x0) * (y1 - y0) * LETTERING_ZOOM ** 2 <= MAX_OCR_PIXELS:
        big = cv2.resize(rgb[y0:y1, x0:x1], None, fx=LETTERING_ZOOM, fy=LETTERING_ZOOM, interpolation=cv2.INTER_CUBIC)
        z = float(LETTERING_ZOOM)
        read = [(text, (x0 + a / z, y0 + b / z, x0 + c / z, y0 + d / z), score)
                for text, (a, b, c, d), score in ocr_array(big) if _said((text, (a, b, c, d), score))]
    unread = [r for r in rows if not any(_covers(line[1], r.box) for line in read)]
    if unread:
        where = ", ".join(f"({r.box[0]:.0f}, {r.box[1]:.0f}, {r.box[2]:.0f}, {r.box[3]:.0f}) px" for r in unread[:3])
        raise LetteringUnread(f"{len(unread)} line(s) of text-shaped ink that OCR read no word of, even enlarged "
                              f"{LETTERING_ZOOM}x (at {where}): the page's words were not read")
    return read

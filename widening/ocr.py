"""OCR for pages without a text layer and for text inside images (rapidocr, PP-OCR ONNX models from its wheel).

The models are loaded from the files shipped inside the rapidocr wheel by explicit path,
so rapidocr never reaches its download code: missing files raise at import time and the
caller records "OCR unavailable" instead of "no text".
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

import numpy as np
import pymupdf
import rapidocr

from widening.models import TextLine
from widening.limits import safe_pixmap

MODEL_DIR = Path(rapidocr.__file__).parent / "models"
MODELS = {
    "Det": "PP-OCRv6_det_small.onnx",
    "Rec": "PP-OCRv6_rec_small.onnx",
    "Cls": "ch_ppocr_mobile_v2.0_cls_mobile.onnx",
}
ENGINE = f"rapidocr {getattr(rapidocr, '__version__', '?')} PP-OCRv6 small (det+rec)"

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
    # Slides and pages are upright: the angle classifier only costs time.
    params.update({"Global.log_level": "error", "Global.use_cls": False, "Global.text_score": TEXT_SCORE})
    threads = os.environ.get("WIDENING_WORKER_THREADS")
    if threads:  # set by the runner: each worker process owns one core
        params["EngineConfig.onnxruntime.intra_op_num_threads"] = int(threads)
    return rapidocr.RapidOCR(params=params)


def native_dpi(page: pymupdf.Page, clip: pymupdf.Rect | None = None) -> int:
    """The resolution at which the largest image inside ``clip`` is drawn, clamped to [MIN_DPI, MAX_DPI]."""
    clip = clip or page.rect
    best_area, dpi = 0.0, float(NO_IMAGE_DPI)
    for info in page.get_image_info():
        box = pymupdf.Rect(info["bbox"]) & clip
        if box.is_empty or info.get("width", 0) <= 0:
            continue
        full = pymupdf.Rect(info["bbox"])
        if abs(box) > best_area and full.width > 0:
            best_area, dpi = abs(box), 72.0 * info["width"] / full.width
    return int(min(MAX_DPI, max(MIN_DPI, round(dpi))))


def ocr_array(rgb: np.ndarray) -> list[tuple[str, tuple[float, float, float, float], float]]:
    """OCR an RGB array: (text, pixel box x0 y0 x1 y1, score) per line."""
    result = _engine()(np.ascontiguousarray(rgb[:, :, :3]))
    if result.boxes is None or result.txts is None:
        return []
    out = []
    for quad, text, score in zip(result.boxes, result.txts, result.scores):
        q = np.asarray(quad, dtype=float)
        if text.strip():
            out.append((text, (q[:, 0].min(), q[:, 1].min(), q[:, 0].max(), q[:, 1].max()), float(score)))
    return out


def ocr_image(page: pymupdf.Page, clip: pymupdf.Rect, dpi: int | None = None) -> tuple[TextLine, ...]:
    """OCR the part of ``page`` inside ``clip`` (an image's bbox, a region); boxes in PDF points."""
    clip = pymupdf.Rect(clip) & page.rect
    if clip.is_empty:
        return ()
    dpi = dpi or native_dpi(page, clip)
    pix = safe_pixmap(page, dpi, clip)
    rgb = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, pix.n)
    sx, sy = clip.width / pix.width, clip.height / pix.height
    return tuple(
        TextLine(
            text=text,
            bbox=(clip.x0 + x0 * sx, clip.y0 + y0 * sy, clip.x0 + x1 * sx, clip.y0 + y1 * sy),
            score=round(score, 4),
        )
        for text, (x0, y0, x1, y1), score in ocr_array(rgb)
    )


def ocr_page(page: pymupdf.Page, dpi: int | None = None) -> tuple[TextLine, ...]:
    """OCR a whole page (for image-only pages); ``dpi`` None renders at the page images' native resolution."""
    return ocr_image(page, page.rect, dpi)

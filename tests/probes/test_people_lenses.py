"""Probe ``people`` with an attribute: a face is cleared of sunglasses only by an eye seen, never by brightness alone.

Held out: three women in a corpus photo, mirrored (pale, bright) lenses drawn into the pixels over each
pair of eyes. The eye band was as bright as the cheeks, so every face read "eyes visible" and the
sunglasses count was a measured "no" for all three; the right-hand woman's face was not even found
(the lenses hid it from the face cascades) and her body, seen by HOG and CenterNet, was never asked
about. A reader sees three pairs of sunglasses. Now a face judged by a bright eye band alone, and a
person in whom no face was found, are doubts. Control: dark lenses stay members.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.detector import faces as fd
from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe
from widening.probes.people import _sunglasses

GPL = "GPL-Graduate-Studies-Professional-Learning-Brochure-Jul-2021.pdf"
WOMEN_PHOTO = pymupdf.Rect(-1, 256, 421, 596)  # the three-women photo on PDF p4 of GPL
PLACE = pymupdf.Rect(72, 100, 540, 473)


@pytest.fixture(scope="module")
def women(corpus: Path) -> tuple[np.ndarray, list[tuple[int, int, int, int]]]:
    """The photo's pixels and its three skin-toned face boxes (pixels)."""
    src = pymupdf.open(corpus / "documents" / GPL)
    pix = src[3].get_pixmap(dpi=144, clip=WOMEN_PHOTO)
    rgb = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, pix.n)[:, :, :3].copy()
    src.close()
    faces = [f.box for f in fd.faces(rgb) if f.box[2] - f.box[0] > 50
             and fd.skin_fraction(rgb[f.box[1]:f.box[3], f.box[0]:f.box[2]]) > 0.3]
    assert len(faces) == 3, faces
    return rgb, faces


def lenses(rgb: np.ndarray, box: tuple[int, int, int, int], colour: tuple[int, int, int], scale: float = 1.0) -> None:
    """Two lenses of ``colour`` (a vertical sheen) in a dark frame over the eyes of the face ``box``."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    for a, b in ((0.15, 0.48), (0.52, 0.85)):
        c = (int(x0 + (a + b) / 2 * w), int(y0 + 0.355 * h))
        axes = (int((b - a) / 2 * w * scale), int(0.12 * h * scale))
        m = np.zeros(rgb.shape[:2], np.uint8)
        cv2.ellipse(m, c, axes, 0, 0, 360, 255, -1)
        yy, xx = np.nonzero(m)
        t = (yy - yy.min()) / max(1, int(np.ptp(yy)))
        sheen = np.stack([np.asarray(colour[i], float) + 30 * t for i in range(3)], -1)
        rgb[yy, xx] = sheen.clip(0, 255).astype(np.uint8)
        cv2.ellipse(rgb, c, axes, 0, 0, 360, (15, 15, 15), 2)
    cv2.line(rgb, (int(x0 + 0.48 * w), int(y0 + 0.33 * h)), (int(x0 + 0.52 * w), int(y0 + 0.33 * h)), (15, 15, 15), 2)


def _pdf(tmp_path: Path, rgb: np.ndarray, name: str) -> Path:
    out = pymupdf.open()
    page = out.new_page(width=612, height=792)
    page.insert_image(PLACE, stream=pymupdf.Pixmap(pymupdf.csRGB, rgb.shape[1], rgb.shape[0], np.ascontiguousarray(rgb).tobytes(), False).tobytes("png"))
    path = tmp_path / name
    out.save(path)
    return path


def _sunglasses_run(path: Path):
    doc = load_doc(path, ocr=False)
    try:
        return run_probe("people", doc, Scope(pages=(1,)), {"attribute": "sunglasses"})
    finally:
        doc.close()


def _covered(r, box: pymupdf.Rect) -> bool:
    """Some member or doubt of ``r`` lies on ``box`` (PDF points), or the probe refused to measure."""
    if r.status.value != "measured":
        return True
    return any(box.intersects(pymupdf.Rect(m.bbox)) and abs(box & pymupdf.Rect(m.bbox)) >= 0.3 * abs(pymupdf.Rect(m.bbox))
               for m in (*r.members, *r.doubts))


def _pdf_box(rgb: np.ndarray, box: tuple[int, int, int, int]) -> pymupdf.Rect:
    sx, sy = PLACE.width / rgb.shape[1], PLACE.height / rgb.shape[0]
    return pymupdf.Rect(PLACE.x0 + box[0] * sx, PLACE.y0 + box[1] * sy, PLACE.x0 + box[2] * sx, PLACE.y0 + box[3] * sy)


def test_mirrored_lenses_on_every_face_are_never_a_measured_no(women, tmp_path):
    rgb, faces = women
    shades = rgb.copy()
    for box in faces:
        lenses(shades, box, (170, 200, 225))
    r = _sunglasses_run(_pdf(tmp_path, shades, "mirrored.pdf"))
    assert not r.measured_zero
    for box in faces:  # each wearer is a member, a doubt, or the probe refuses
        assert _covered(r, _pdf_box(rgb, box)), (box, r.note, r.doubts)
    assert r.status.value != "measured" or any("bright" in (d.why or "") for d in r.doubts), r.doubts


def test_a_wearer_whose_face_is_not_found_is_a_doubt(women, tmp_path):
    rgb, faces = women
    shades = rgb.copy()
    right = max(faces, key=lambda b: b[0])
    lenses(shades, right, (170, 200, 225))
    r = _sunglasses_run(_pdf(tmp_path, shades, "one.pdf"))
    box = _pdf_box(rgb, right)
    assert r.status.value != "measured" or any(
        ("no face was found" in (m.why or "") or "sunglasses" in m.what) and box.intersects(pymupdf.Rect(m.bbox))
        for m in (*r.members, *r.doubts)), (r.note, r.doubts)


def test_dark_lenses_stay_members(women, tmp_path):
    rgb, faces = women
    shades = rgb.copy()
    for box in faces:
        lenses(shades, box, (15, 15, 20))
    r = _sunglasses_run(_pdf(tmp_path, shades, "dark.pdf"))
    assert len(r.members) >= 2 and all("sunglasses" in m.what for m in r.members), r.note


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(grey=st.integers(120, 235), tint=st.tuples(st.integers(-40, 20), st.integers(-40, 20), st.integers(-40, 20)))
def test_no_pale_lens_reads_as_bare_eyes(women, grey, tint):
    """Whatever pale colour the lenses take, a face is cleared only where an eye is seen."""
    rgb, faces = women
    for box in faces:
        shades = rgb.copy()
        lenses(shades, box, tuple(max(0, min(225, grey + d)) for d in tint))
        x0, y0, x1, y1 = box
        crop = shades[y0:y1, x0:x1]
        assert _sunglasses(crop) != "eyes" or fd.eyes(crop), (box, grey, tint)

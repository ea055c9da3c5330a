"""detector.views: what photo-trained detectors cannot vouch for (flat-coloured pictures, pictures too
small to look at, line drawings on a page with no photograph) becomes a doubt in people and objects."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.detector.views import FLAT_SHARE, flat_share
from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe


def _png(rgb: np.ndarray) -> bytes:
    ok, buf = cv2.imencode(".png", cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR))
    assert ok
    return buf.tobytes()


def _stick_figure(w: int = 300, h: int = 300) -> np.ndarray:
    """A drawn person: a head, a body, arms and legs in black lines on white (a manual's drawing)."""
    img = np.full((h, w, 3), 255, np.uint8)
    cv2.circle(img, (w // 2, h // 5), h // 10, (0, 0, 0), 3)
    cv2.line(img, (w // 2, h * 3 // 10), (w // 2, h * 6 // 10), (0, 0, 0), 3)
    cv2.line(img, (w // 2, h * 4 // 10), (w // 4, h // 2), (0, 0, 0), 3)
    cv2.line(img, (w // 2, h * 4 // 10), (w * 3 // 4, h // 2), (0, 0, 0), 3)
    cv2.line(img, (w // 2, h * 6 // 10), (w // 3, h * 9 // 10), (0, 0, 0), 3)
    cv2.line(img, (w // 2, h * 6 // 10), (w * 2 // 3, h * 9 // 10), (0, 0, 0), 3)
    return img


def _photo_like(seed: int, w: int = 320, h: int = 240) -> np.ndarray:
    """Continuous tones like a photograph's (blurred colour noise over a gradient), showing nothing."""
    rng = np.random.default_rng(seed)
    noise = rng.integers(0, 256, (h // 8, w // 8, 3), dtype=np.uint8)
    big = cv2.resize(noise, (w, h), interpolation=cv2.INTER_CUBIC).astype(np.int16)
    grain = rng.integers(-12, 13, (h, w, 3), dtype=np.int16)
    return np.clip(big + grain, 0, 255).astype(np.uint8)


def _pdf(tmp_path: Path, pictures: list[tuple[np.ndarray, tuple[float, float, float, float]]], lines: bool = False) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 60), "Figure 1 shows how to wear the headset.", fontsize=11)
    for rgb, box in pictures:
        page.insert_image(pymupdf.Rect(box), stream=_png(rgb))
    if lines:  # the same person drawn in vector lines
        page.draw_circle((300, 300), 20)
        page.draw_line((300, 320), (300, 400))
        page.draw_line((300, 340), (260, 370))
        page.draw_line((300, 340), (340, 370))
    path = tmp_path / "v.pdf"
    doc.save(path)
    doc.close()
    return path


@settings(max_examples=30, deadline=None)
@given(colours=st.lists(st.tuples(*[st.integers(0, 255)] * 3), min_size=1, max_size=8), seed=st.integers(0, 10**6))
def test_a_picture_of_at_most_8_colours_is_flat(colours, seed):
    rng = np.random.default_rng(seed)
    palette = np.array(colours, dtype=np.uint8)
    rgb = palette[rng.integers(0, len(palette), (60, 80))]
    assert flat_share(rgb) >= FLAT_SHARE


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_continuous_tones_are_not_flat(seed):
    assert flat_share(_photo_like(seed)) < FLAT_SHARE


def test_a_drawn_person_is_a_doubt_not_a_measured_zero(tmp_path):
    """Regression (found on the corpus: stereo_headset.pdf p15 draws a head wearing the headset, and
    the people probe read it as a measured zero): detectors trained on photographs see no one there."""
    doc = load_doc(_pdf(tmp_path, [(_stick_figure(), (150, 150, 350, 350))]), ocr=False)
    people = run_probe("people", doc, Scope((1,)), {})
    assert not people.measured_zero and any(d.what.startswith("flat-coloured picture") for d in people.doubts), people.note
    dogs = run_probe("objects", doc, Scope((1,)), {"object_class": "dog"})
    assert dogs.status.value == "could_not_measure" or not dogs.measured_zero, dogs.note


def test_a_person_drawn_in_vector_lines_on_a_page_without_a_photograph_is_a_doubt(tmp_path):
    doc = load_doc(_pdf(tmp_path, [], lines=True), ocr=False)
    people = run_probe("people", doc, Scope((1,)), {})
    assert not people.measured_zero and any("vector drawing" in d.what for d in people.doubts), people.note


def test_a_picture_too_small_to_look_at_is_a_doubt(tmp_path):
    doc = load_doc(_pdf(tmp_path, [(_photo_like(1), (100, 100, 400, 325)), (_photo_like(2, 60, 60), (450, 100, 480, 130))]), ocr=False)
    people = run_probe("people", doc, Scope((1,)), {})
    assert any(d.what == "picture 30x30pt not looked at" for d in people.doubts), people.doubts


def test_a_photograph_showing_no_one_is_no_doubt(tmp_path):
    """The rule only concerns what the detectors cannot see: a photograph adds no doubt of its own."""
    doc = load_doc(_pdf(tmp_path, [(_photo_like(7), (100, 100, 420, 340))]), ocr=False)
    people = run_probe("people", doc, Scope((1,)), {})
    assert not any(d.what.startswith(("flat-coloured", "picture ")) or "vector drawing" in d.what for d in people.doubts), people.doubts


def test_the_drawn_head_in_the_headset_manual_is_not_a_measured_zero(corpus):
    doc = load_doc(corpus / "documents" / "stereo_headset.pdf", ocr=False)
    people = run_probe("people", doc, Scope((15,)), {})
    assert not people.measured_zero and any(d.what.startswith("flat-coloured picture") for d in people.doubts), people.note
    doc.close()

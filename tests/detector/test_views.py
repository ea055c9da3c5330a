"""detector.views: what photo-trained detectors cannot vouch for (flat-coloured pictures, pictures too
small to look at, figures drawn in vector paths wherever they are) becomes a doubt in people and objects."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fixtures.drawn import build_pictograms, furniture, photo_like, pictograms
from widening.detector.views import FLAT_SHARE, RULE_MAX_WIDTH, drawn_figures, flat_share, unseen_by_photo_detectors, views_for
from widening.facts.document import REGIONS
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


_photo_like = photo_like


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


def _load(tmp_path: Path, pdf: pymupdf.Document, name: str = "p.pdf"):
    path = tmp_path / name
    pdf.save(path)
    pdf.close()
    return load_doc(path, ocr=False)


@settings(max_examples=30, deadline=None)
@given(spec=pictograms())
def test_every_drawn_person_is_a_doubt_with_or_without_a_photo(spec, tmp_path_factory):
    """Property (review rv5 F1): person icons of any count, place, size and colour are each inside a
    drawn-figure doubt, whether or not a photograph showing no one is on the page, and whether or not
    the question says "in the picture" (no region view is rendered then)."""
    pdf, icons = build_pictograms(spec)
    doc = _load(tmp_path_factory.mktemp("icons"), pdf)
    doubts = unseen_by_photo_detectors(doc, 1, None, views_for(doc, 1, None, spec.in_image))
    doc.close()
    boxes = [pymupdf.Rect(d.bbox) + (-0.01, -0.01, 0.01, 0.01) for d in doubts if d.what.startswith("vector drawing")]
    assert all(any(b.contains(i) for b in boxes) for i in icons), (icons, boxes)


@settings(max_examples=30, deadline=None)
@given(rows=st.integers(1, 12), cols=st.integers(1, 8), x=st.floats(20, 300), y=st.floats(80, 500),
       w=st.floats(40, 280), h=st.floats(20, 250), width=st.floats(0, RULE_MAX_WIDTH),
       region=st.sampled_from([None, *sorted(REGIONS)]), ground=st.booleans())
def test_rules_frames_tables_and_a_ground_draw_no_figure(rows, cols, x, y, w, h, width, region, ground, tmp_path_factory):
    """Held-out evidence for what drawn_figures leaves out: a title rule, a page frame, a table ruled in
    thin lines and framed (any size and place), and a filled rectangle under the whole page draw no figure."""
    pdf = pymupdf.open()
    page = pdf.new_page(width=612, height=792)
    if ground:
        page.draw_rect(page.rect, color=None, fill=(0.97, 0.95, 0.9))
    furniture(page, pymupdf.Rect(x, y, x + w, y + h), rows, cols)
    page.draw_line((x, y - 10), (x + w, y - 10), width=width)
    doc = _load(tmp_path_factory.mktemp("table"), pdf)
    assert drawn_figures(doc.page(1), doc.region_rect(1, region)) == []
    doc.close()


@pytest.mark.parametrize("draw", [
    lambda p: p.draw_line((100, 100), (160, 180)),  # a slanted line: a limb
    lambda p: p.draw_line((100, 100), (100, 200), width=RULE_MAX_WIDTH + 1),  # a thick stroke paints a bar
    lambda p: p.draw_rect(pymupdf.Rect(100, 100, 130, 190), color=None, fill=(0.2, 0.4, 0.8)),  # a filled block: a body
    lambda p: p.draw_circle((120, 120), 10),  # an outlined head
], ids=["slanted line", "thick stroke", "filled rectangle", "circle"])
def test_what_may_be_part_of_a_drawn_figure_is_kept(draw, tmp_path):
    pdf = pymupdf.open()
    page = pdf.new_page(width=612, height=792)
    draw(page)
    doc = _load(tmp_path, pdf)
    assert len(drawn_figures(doc.page(1), doc.page(1).rect)) == 1
    doc.close()


def test_a_drawn_person_over_a_full_page_photo_is_a_doubt(tmp_path):
    """Regression: a flat drawing laid over a full-page photograph was not rendered on its own (the
    photograph's view already covered it), so only the photograph was tested for flat colours."""
    pdf = pymupdf.open()
    page = pdf.new_page(width=612, height=792)
    page.insert_image(page.rect, stream=_png(photo_like(5, 612, 792)))
    page.insert_image(pymupdf.Rect(150, 150, 450, 450), stream=_png(_stick_figure()))
    doc = _load(tmp_path, pdf)
    people = run_probe("people", doc, Scope((1,)), {})
    doc.close()
    flat = [pymupdf.Rect(d.bbox) for d in people.doubts if d.what.startswith("flat-coloured picture")]
    assert not people.measured_zero and any(b.contains(pymupdf.Rect(150, 150, 450, 450)) for b in flat), (people.note, people.doubts)

"""Probe ``people``: real photos from the corpus, and PDFs built from them (with drawn sunglasses) at test time."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pymupdf
import pytest

from widening.detector import faces as fd
from widening.facts.document import Doc
from widening.facts.extract import load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe

GPL = "GPL-Graduate-Studies-Professional-Learning-Brochure-Jul-2021.pdf"
EARTHLINK = "earthlinkweb-150213112111-conversion-gate02_95.pdf"
WOMEN_PHOTO = pymupdf.Rect(-1, 256, 421, 596)  # the three-women photo on PDF p4 of GPL
CLASSROOM = pymupdf.Rect(453, 34, 840, 330)  # the classroom photo (printed page 5)


def _doc(path: Path) -> Doc:
    return load_doc(path, ocr=False)


def _photo_pdf(tmp_path: Path, corpus: Path, name: str, clip: pymupdf.Rect, dpi: int, place: pymupdf.Rect) -> tuple[Path, pymupdf.Document]:
    """A new one-page PDF holding a crop of a corpus page as a picture at ``place``."""
    src = pymupdf.open(corpus / "documents" / name)
    png = src[3].get_pixmap(dpi=dpi, clip=clip).tobytes("png")
    out = pymupdf.open()
    out.new_page(width=612, height=792).insert_image(place, stream=png)
    return tmp_path / "photo.pdf", out


@pytest.fixture(scope="module")
def gpl(corpus: Path):
    doc = _doc(corpus / "documents" / GPL)
    yield doc
    doc.close()


@pytest.fixture(scope="module")
def women(corpus: Path, tmp_path_factory) -> tuple[Path, pymupdf.Document]:
    """The three-women photo alone on a new page (rendered from the corpus at 144 dpi)."""
    return _photo_pdf(tmp_path_factory.mktemp("women"), corpus, GPL, WOMEN_PHOTO, 144, pymupdf.Rect(50, 50, 472, 390))


def test_spread_people_and_faces_but_no_measured_zero(gpl):
    # Printed page 5 is a classroom photo of back-turned and tiny people: their faces cannot
    # be tested, so the probe never calls it a measured zero (it refuses, or a dark-haired
    # head counts as a possible pair of sunglasses), and it reports what it saw.
    r = run_probe("people", gpl, Scope(pages=(4,)), {"attribute": "sunglasses"})
    assert not r.measured_zero
    assert "too small" in r.note or "not testable" in r.note
    faces = [m for m in r.best_candidates if m.what.startswith("face") and WOMEN_PHOTO.contains(pymupdf.Rect(m.bbox))]
    assert len(faces) >= 3  # positive control: the three women
    assert any(CLASSROOM.intersects(pymupdf.Rect(m.bbox)) for m in r.best_candidates)  # people in the classroom


def test_three_women_photo_three_faces_no_sunglasses(women):
    path, out = women
    out.save(path)
    doc = _doc(path)
    r = run_probe("people", doc, Scope(pages=(1,)), {"attribute": "sunglasses"})
    doc.close()
    assert r.status is ProbeStatus.measured, r.note
    assert r.members == ()
    assert len([m for m in r.best_candidates if m.what.startswith("face")]) == 3
    assert "3 face(s) with eyes visible" in r.note


def test_drawn_sunglasses_are_found(women, tmp_path):
    path, out = women
    page = out[0]
    pix = page.get_pixmap(dpi=144, alpha=False)
    rgb = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, 3)
    s = 72 / 144
    boxes = [(x0 * s, y0 * s, x1 * s, y1 * s) for (x0, y0, x1, y1) in (f.box for f in fd.faces(rgb)) if (x1 - x0) * s > 30]
    assert len(boxes) >= 2
    for x0, y0, x1, y1 in boxes:  # two dark lenses across the eye band of each face
        w, h = x1 - x0, y1 - y0
        for a, b in ((0.15, 0.48), (0.52, 0.85)):
            page.draw_oval(pymupdf.Rect(x0 + a * w, y0 + 0.24 * h, x0 + b * w, y0 + 0.47 * h), color=(0, 0, 0), fill=(0.05, 0.05, 0.05))
    out.save(tmp_path / "shades.pdf")
    doc = _doc(tmp_path / "shades.pdf")
    r = run_probe("people", doc, Scope(pages=(1,)), {"attribute": "sunglasses"})
    doc.close()
    assert len(r.members) >= 1, r.note  # the drawn lenses are seen: never a measured zero
    assert all("sunglasses" in m.what for m in r.members)


def test_earthlink_top_left_of_p42_shows_no_person_but_its_logo_is_a_doubt(corpus):
    """No face or body is found in the logo, but a flat-coloured picture is not a photograph:
    the detectors cannot vouch that nothing drawn in it is a person, so it is a doubt, not a zero."""
    doc = _doc(corpus / "documents" / EARTHLINK)
    r = run_probe("people", doc, Scope(pages=(42,), region="top_left"), {})
    assert r.status is ProbeStatus.measured and r.members == (), r.note
    flat = [d for d in r.doubts if d.what.startswith("flat-coloured picture")]
    assert len(flat) == 1 and not r.measured_zero, r.doubts
    assert all(d in flat or "person box(es)" in d.what for d in r.doubts), r.doubts  # the person detector's low boxes
    p43 = run_probe("people", doc, Scope(pages=(43,)), {})
    assert any(m.what.startswith("face") for m in p43.members), p43.note  # positive control
    doc.close()


def test_no_picture_in_scope_cannot_measure(tmp_path):
    out = pymupdf.open()
    out.new_page().insert_text((72, 72), "Only words here, no picture.")
    out.save(tmp_path / "words.pdf")
    doc = _doc(tmp_path / "words.pdf")
    r = run_probe("people", doc, Scope(pages=(1,), in_image=True), {"attribute": "sunglasses"})
    assert r.status is ProbeStatus.could_not_measure and "no image" in r.note
    bad = run_probe("people", doc, Scope(pages=(1,)), {"attribute": "hat"})
    assert bad.status is ProbeStatus.could_not_measure and "hat" in bad.note
    doc.close()


def test_flat_picture_has_nobody(tmp_path):
    out = pymupdf.open()
    page = out.new_page()
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 300, 200), False)
    pix.set_rect(pix.irect, (120, 160, 200))
    page.insert_image(pymupdf.Rect(100, 100, 400, 300), pixmap=pix)
    out.save(tmp_path / "flat.pdf")
    doc = _doc(tmp_path / "flat.pdf")
    r = run_probe("people", doc, Scope(pages=(1,)), {"attribute": "sunglasses"})
    assert r.status is ProbeStatus.measured and r.members == () and r.best_candidates == ()
    doc.close()

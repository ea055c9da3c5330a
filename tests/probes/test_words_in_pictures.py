"""Trap: words inside a raster picture have no style or colour in the text layer.

A document-wide "yellow words" question once widened because the yellow words were
labels on a diagram pasted as an image. A style/colour probe must say it could not
measure such a page, never report zero.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf

from widening.facts.extract import load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe


def _picture_of_words(text: str) -> bytes:
    src = pymupdf.open()
    page = src.new_page(width=300, height=80)
    page.insert_text((10, 50), text, fontsize=28, color=(0.9, 0.75, 0.0))
    png = page.get_pixmap(dpi=150).tobytes("png")
    src.close()
    return png


def _photo_without_words() -> bytes:
    src = pymupdf.open()
    page = src.new_page(width=300, height=200)
    # Smooth colour fields, like sky and walls: texture, no glyph-like shapes.
    for i in range(6):
        page.draw_rect(pymupdf.Rect(50 * i, 0, 50 * i + 50, 200), color=None, fill=(i / 6, 0.5, 1 - i / 6))
    png = page.get_pixmap(dpi=72).tobytes("png")
    src.close()
    return png


def _build(path: Path, picture: bytes) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=500)
    page.insert_text((50, 80), "Plain black body text.", fontsize=11)
    page.insert_image(pymupdf.Rect(50, 150, 350, 230), stream=picture)
    doc.save(path)
    doc.close()
    return path


def test_words_in_a_picture_make_style_unmeasurable(tmp_path: Path) -> None:
    doc = load_doc(_build(tmp_path / "a.pdf", _picture_of_words("Strategic Planning")), ocr=False)
    r = run_probe("text_style", doc, Scope(pages=(1,)), {"styles": [], "colour": "yellow"})
    assert r.status is ProbeStatus.could_not_measure and "shows words" in r.note


def test_a_picture_without_words_does_not_block_a_zero(tmp_path: Path) -> None:
    doc = load_doc(_build(tmp_path / "b.pdf", _photo_without_words()), ocr=False)
    r = run_probe("text_style", doc, Scope(pages=(1,)), {"styles": [], "colour": "yellow"})
    assert r.status is ProbeStatus.measured and r.members == ()


def test_phone_numbers_inside_pictures_are_found(tmp_path: Path) -> None:
    doc = load_doc(_build(tmp_path / "c.pdf", _picture_of_words("Tel 0207 946 0123")), ocr=False)
    r = run_probe("text_pattern", doc, Scope(pages=(1,)), {"pattern": "phone"})
    assert len(r.members) == 1 and "0207" in r.members[0].what


def test_corpus_yellow_diagram_labels_are_not_a_measured_zero(corpus: Path) -> None:
    doc = load_doc(corpus / "documents" / "e79deb02a0c0e87511080836c5d4347b.pdf", ocr=False)
    r = run_probe("text_style", doc, Scope(pages=(12,)), {"styles": [], "colour": "yellow"})
    assert r.status is ProbeStatus.could_not_measure
    assert "raster image" in r.note

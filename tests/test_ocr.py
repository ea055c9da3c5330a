"""OCR (rapidocr, models from its wheel): constructed raster pages and the germanwings raster deck."""

from __future__ import annotations

import os
from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from widening import ocr

GERMANWINGS = "germanwingsdigitalcrisisanalysis-150403064828-conversion-gate01_95.pdf"
WORDS = ["Airbus", "Harbour", "Lantern", "Meridian", "Quartz", "Velvet"]


def raster_page(lines: list[tuple[tuple[float, float], str]], size: float = 24) -> pymupdf.Document:
    """A PDF page that is one picture of text (no text layer), like slides exported as images."""
    src = pymupdf.open()
    page = src.new_page(width=768, height=432)
    for at, s in lines:
        page.insert_text(at, s, fontsize=size)
    png = page.get_pixmap(dpi=96).tobytes("png")
    out = pymupdf.open()
    out.new_page(width=768, height=432).insert_image(pymupdf.Rect(0, 0, 768, 432), stream=png)
    return out


def test_models_come_from_the_wheel():
    for name in ocr.MODELS.values():
        assert (ocr.MODEL_DIR / name).is_file()
    assert Path(ocr.MODEL_DIR).is_relative_to(Path(ocr.rapidocr.__file__).parent)
    assert "PP-OCRv6" in ocr.ENGINE


def test_reads_a_raster_page_with_boxes_in_pdf_points():
    doc = raster_page([((60, 100), "Germanwings flight facts"), ((60, 300), "Lufthansa parent company")])
    page = doc[0]
    assert page.get_text().strip() == ""  # really no text layer
    lines = ocr.ocr_page(page)
    text = " ".join(l.text for l in lines).lower()
    assert "germanwings" in text and "lufthansa" in text
    top = next(l for l in lines if "ermanwings" in l.text)
    assert 40 <= top.bbox[0] <= 80 and 70 <= top.bbox[1] <= 100 <= top.bbox[3] <= 115
    assert all(l.score is not None and 0 < l.score <= 1 for l in lines)


def test_blank_raster_page_has_no_lines():
    assert ocr.ocr_page(raster_page([])[0]) == ()


def test_ocr_image_reads_only_the_clip():
    doc = raster_page([((60, 100), "Meridian"), ((500, 350), "Quartz")])
    lines = ocr.ocr_image(doc[0], pymupdf.Rect(0, 0, 384, 216))
    text = " ".join(l.text for l in lines)
    assert "Meridian" in text and "Quartz" not in text
    assert all(l.bbox[2] <= 384 + 1 for l in lines)


@settings(deadline=None, max_examples=4)
@given(word=st.sampled_from(WORDS), x=st.integers(40, 500), y=st.integers(60, 400))
def test_word_is_found_where_it_was_drawn(word, x, y):
    lines = ocr.ocr_page(raster_page([((x, y), word)], size=28)[0])
    hits = [l for l in lines if word.lower() in l.text.lower()]
    assert hits, [l.text for l in lines]
    x0, y0, x1, y1 = hits[0].bbox
    assert x0 - 15 <= x <= x1 and y0 - 5 <= y <= y1 + 10


@pytest.mark.parametrize(("page", "words"), [(2, ["germanwings", "airbus"]), (7, ["lufthansa", "airbus"])])
def test_germanwings_slides_words_found(corpus, page, words):
    doc = pymupdf.open(corpus / "documents" / GERMANWINGS)
    text = " ".join(l.text for l in ocr.ocr_page(doc[page - 1])).lower()
    assert all(w in text for w in words), text
    assert "boeing" not in text


@pytest.mark.skipif(not os.environ.get("WIDENING_SLOW_TESTS"), reason="whole-deck OCR (~100 CPU-s): set WIDENING_SLOW_TESTS=1")
def test_germanwings_deck_never_says_boeing(corpus):
    doc = pymupdf.open(corpus / "documents" / GERMANWINGS)
    text = " ".join(l.text for p in doc for l in ocr.ocr_page(p)).lower()
    assert "boeing" not in text
    assert text.count("germanwings") > 20 and text.count("airbus") > 10

"""OCR (rapidocr, models from its wheel): constructed raster pages and the germanwings raster deck."""

from __future__ import annotations

import os
from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from widening.facts import ocr

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


@given(height=st.integers(1, 6000), width=st.integers(1, 3000))
def test_bands_cover_the_picture_and_their_cores_partition_it(height, width):
    bs = ocr.bands(height, width)
    assert bs[0][0] == 0 and bs[0][1] == 0 and bs[-1][2] == height and bs[-1][3] == height
    for (top, ctop, cbot, bottom), nxt in zip(bs, bs[1:] + [None]):
        assert top <= ctop <= cbot <= bottom
        if len(bs) > 1:
            assert bottom - top >= ocr.BAND_MIN_HEIGHT  # never so short that the detector scales it up
        if nxt is not None:
            assert cbot == nxt[1]  # cores meet: every row belongs to exactly one core
            assert bottom - nxt[0] >= ocr.BAND_OVERLAP  # a line half the overlap tall lies whole in one band
            # a line centred in this core and at most half the overlap tall is inside this band
            assert cbot + ocr.BAND_OVERLAP // 4 <= bottom and nxt[1] - ocr.BAND_OVERLAP // 4 >= nxt[0]
    if len(bs) > 1:
        assert all((b - t) * width <= max(ocr.BAND_PIXELS, ocr.BAND_MIN_HEIGHT * width) for t, _, _, b in bs)


def test_tall_page_is_read_in_bands_and_every_line_once():
    """A letter page scanned at 200 dpi (2.5 MP once capped in width) holding 30 numbered lines, some across band edges."""
    words = [f"Row{i:02d} {WORDS[i % len(WORDS)]}" for i in range(30)]
    src = pymupdf.open()
    page = src.new_page(width=612, height=792)
    for i, w in enumerate(words):
        page.insert_text((72, 40 + i * 25), w, fontsize=14)
    png = page.get_pixmap(dpi=200).tobytes("png")
    doc = pymupdf.open()
    doc.new_page(width=612, height=792).insert_image(pymupdf.Rect(0, 0, 612, 792), stream=png)
    pix_w = min(1700, ocr.MAX_OCR_WIDTH)
    assert len(ocr.bands(round(792 * pix_w / 612), pix_w)) >= 3  # really banded
    lines = ocr.ocr_page(doc[0])
    for i, w in enumerate(words):
        hits = [l for l in lines if f"row{i:02d}" in l.text.lower().replace(" ", "")]
        assert len(hits) == 1, (w, [l.text for l in lines])
        assert WORDS[i % len(WORDS)].lower() in hits[0].text.lower()
        assert abs((hits[0].bbox[1] + hits[0].bbox[3]) / 2 - (40 + i * 25 - 5)) < 12

"""OCR of text set at 90, 180 and 270 degrees: in a picture on a text-layer page and on an image-only scan.

Without rapidocr's angle classifier a vertical line was cropped and turned one way only, so 270
degrees read and 90 or 180 degrees read as garbage ('Conoe :om'), and a probe measured zero.
"""

from __future__ import annotations

import re
import pymupdf
import pytest

from widening.facts import ocr

LINE = "Contact: jane.roe@quorvane.com"


def _picture(text: str, rotate: int, size: float = 12) -> bytes:
    """A PNG of ``text`` in black on white, turned ``rotate`` degrees (as a designer sets a margin label)."""
    src = pymupdf.open()
    width = pymupdf.get_text_length(text, fontsize=size) + 12
    page = src.new_page(width=width, height=size + 8)
    page.insert_text((6, size + 1), text, fontsize=size)
    pix = page.get_pixmap(dpi=144)
    src.close()
    if rotate:
        doc = pymupdf.open()
        out = doc.new_page(width=pix.width, height=pix.height) if rotate == 180 else doc.new_page(width=pix.height, height=pix.width)
        out.insert_image(out.rect, stream=pix.tobytes("png"), rotate=rotate)
        pix = out.get_pixmap(dpi=72)
        doc.close()
    return pix.tobytes("png")


def _page_with_picture(png: bytes, rect: pymupdf.Rect) -> pymupdf.Document:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 72), "The committee reviewed the annual programme.", fontsize=11)
    page.insert_image(rect, stream=png)
    return doc


@pytest.mark.parametrize("rotate", [90, 180, 270])
def test_turned_line_in_a_picture_is_read(rotate: int) -> None:
    png = _picture(LINE, rotate)
    pix = pymupdf.Pixmap(png)
    w, h = pix.width / 2, pix.height / 2
    doc = _page_with_picture(png, pymupdf.Rect(72, 200, 72 + w, 200 + h))
    lines = ocr.ocr_image(doc[0], pymupdf.Rect(72, 200, 72 + w, 200 + h), max_upscale=ocr.PICTURE_MAX_UPSCALE)
    assert any("jane.roe@quorvane.com" in l.text for l in lines), [l.text for l in lines]


@pytest.mark.parametrize("rotate", [90, 180])
def test_turned_line_on_an_image_only_page_is_read(rotate: int) -> None:
    """A scan with a vertical (or upside-down) line in its margin beside upright body text."""
    src = pymupdf.open()
    page = src.new_page(width=595, height=842)
    for i in range(6):
        page.insert_text((90, 100 + 18 * i), "Members discussed staffing, budgets and the schedule.", fontsize=11)
    png = _picture(LINE, rotate, size=11)
    pix = pymupdf.Pixmap(png)
    page.insert_image(pymupdf.Rect(30, 300, 30 + pix.width / 2, 300 + pix.height / 2), stream=png)
    scan = page.get_pixmap(dpi=150).tobytes("png")
    doc = pymupdf.open()
    doc.new_page(width=595, height=842).insert_image(pymupdf.Rect(0, 0, 595, 842), stream=scan)
    text = " ".join(l.text for l in ocr.ocr_page(doc[0]))
    # The detector may cut a long vertical line in two overlapping boxes: an address is read whole in one.
    assert re.search(r"\w+@quorvane\.com", text), text
    assert text.count("Members discussed staffing") == 6  # the upright lines are still read


def test_upright_lines_stay_upright() -> None:
    """Control: the classifier turns no upright line over (every line of a page of upright text reads)."""
    words = ["Airbus Harbour", "Lantern Meridian", "Quartz Velvet", "Contact 0207 946 0123", "Annual report 2019"]
    src = pymupdf.open()
    page = src.new_page(width=595, height=400)
    for i, w in enumerate(words):
        page.insert_text((60, 60 + 60 * i), w, fontsize=14 + 3 * i)
    scan = page.get_pixmap(dpi=110).tobytes("png")
    doc = pymupdf.open()
    doc.new_page(width=595, height=400).insert_image(pymupdf.Rect(0, 0, 595, 400), stream=scan)
    read = [l.text for l in ocr.ocr_page(doc[0])]
    assert read == words


def test_every_line_read_without_the_classifier_is_still_read() -> None:
    """Control: a line the classifier turns over is also read as cropped, so nothing read before is lost."""
    import numpy as np
    import rapidocr

    params = {f"{stage}.model_path": str(ocr.MODEL_DIR / name) for stage, name in ocr.MODELS.items()}
    params.update({"Global.log_level": "error", "Global.use_cls": False, "Global.text_score": ocr.TEXT_SCORE, "Rec.rec_batch_num": 1})
    plain = rapidocr.RapidOCR(params=params)
    src = pymupdf.open()
    page = src.new_page(width=420, height=300)
    page.insert_text((40, 60), "Annual report 2007 2008", fontsize=14)
    page.insert_text((60, 280), "Figure 7: Revenue by region", fontsize=12, rotate=90)
    page.insert_text((380, 120), "Quorvane Logistics", fontsize=12, rotate=180)
    rgb = np.frombuffer(page.get_pixmap(dpi=120).samples, dtype=np.uint8).reshape(-1, round(420 * 120 / 72), 3)
    before = plain(np.ascontiguousarray(rgb))
    after = [text for text, _, _ in ocr.ocr_array(rgb)]
    assert before.txts and all(text in after for text in before.txts), (before.txts, after)
    assert "Quorvane Logistics" in after

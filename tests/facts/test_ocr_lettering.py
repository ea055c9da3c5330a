"""Pages and pictures whose lettering OCR reads no word of, and faint pictures on text pages.

An image-only page of small type (5-7 px letters: a reader zooms in and reads "Welcome to Qorvane Harbour")
read no line, and counted as "OCR ran, no words", a measured page: the name printed there was claimed absent.
A page OCR reads nothing from is measured only when its pixels show no lettering (``ink.lettering``): else the
lettering is read enlarged, and a line of it still unread leaves the page blind (``ocr.LetteringUnread``).
A blank scan or a photograph keeps its empty reading. A picture of light grey lettering (245 on white) on a
text page read no word (only whole-page OCR stretched a faint render): every reading is stretched now.
"""

from __future__ import annotations

import cv2
import numpy as np
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from widening.facts import ink, ocr
from widening.facts.extract import load_doc
from widening.facts.legibility import page_text_status

LINES = ["Welcome to Qorvane Harbour", "Open daily from nine to five", "Tickets at the Velmont desk", "No dogs beyond this sign"]
W, H = 1024, 768


def _lettering(scale: float = 1.0, step: int = 70, angle: float = 0.0, grey: int = 0, ground: int = 255) -> np.ndarray:
    """An RGB picture of the four lines drawn at ``scale`` (cv2 Hershey units), turned ``angle`` degrees."""
    img = np.full((H, W, 3), ground, np.uint8)
    for i, text in enumerate(LINES):
        cv2.putText(img, text, (120, 200 + i * step), cv2.FONT_HERSHEY_SIMPLEX, scale, (grey,) * 3, max(1, round(2 * scale)), cv2.LINE_AA)
    if angle:
        turn = cv2.getRotationMatrix2D((W / 2, H / 2), angle, 1)
        img = cv2.warpAffine(img, turn, (W, H), borderValue=(ground,) * 3)
    return img


def _photo(seed: int = 1) -> np.ndarray:
    """A picture with no lettering: a gradient under soft discs of many colours."""
    rng = np.random.default_rng(seed)
    img = np.zeros((H, W, 3), np.uint8)
    img[:] = np.linspace(60, 200, W)[None, :, None].astype(np.uint8)
    for _ in range(30):
        colour = tuple(int(v) for v in rng.integers(0, 255, 3))
        cv2.circle(img, (int(rng.integers(0, W)), int(rng.integers(0, H))), int(rng.integers(20, 120)), colour, -1)
    return cv2.GaussianBlur(img, (7, 7), 0)


def _speckle(seed: int = 7) -> np.ndarray:
    """A blank scan with dust: 3,000 specks of one or two pixels."""
    rng = np.random.default_rng(seed)
    img = np.full((H, W, 3), 255, np.uint8)
    for x, y in zip(rng.integers(0, W, 3000), rng.integers(0, H, 3000)):
        cv2.circle(img, (int(x), int(y)), int(rng.integers(1, 3)), (0, 0, 0), -1)
    return img


def _dashes() -> np.ndarray:
    img = np.full((H, W, 3), 255, np.uint8)
    for y in range(100, 700, 60):
        for x in range(50, 1000, 20):
            cv2.line(img, (x, y), (x + 10, y), (0, 0, 0), 2)
    return img


def _raster_pdf(path, rgb: np.ndarray) -> None:
    """A one-page PDF that is ``rgb`` alone (96 dpi, no text layer), as slides exported as images."""
    ok, png = cv2.imencode(".png", cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR))
    doc = pymupdf.open()
    page = doc.new_page(width=W * 0.75, height=H * 0.75)
    page.insert_image(page.rect, stream=png.tobytes())
    doc.save(path)


# --- lettering in pixels (no OCR) ---------------------------------------------------------------------------


@pytest.mark.parametrize("picture", [
    pytest.param(lambda: _lettering(), id="plain"),
    pytest.param(lambda: _lettering(scale=0.18, step=9), id="type 5 px tall, tight leading"),
    pytest.param(lambda: _lettering(angle=45), id="set at 45 degrees"),
    pytest.param(lambda: _lettering(grey=235, ground=40), id="light on dark"),
    pytest.param(lambda: _lettering(grey=238), id="faint grey on white"),
])
def test_lettering_is_seen(picture):
    assert len(ink.lettering(ocr.stretched(picture()))) >= 2


@pytest.mark.parametrize("picture", [
    pytest.param(lambda: np.full((H, W, 3), 255, np.uint8), id="blank"),
    pytest.param(lambda: np.full((H, W, 3), (236, 104, 76), np.uint8), id="flat colour"),
    pytest.param(_photo, id="photo"),
    pytest.param(_speckle, id="dusty blank scan"),
    pytest.param(_dashes, id="dashed rules"),
])
def test_no_lettering_where_none_is_drawn(picture):
    assert ink.lettering(ocr.stretched(picture())) == []


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scale=st.floats(0.5, 1.4), angle=st.integers(0, 179), dark=st.booleans())
def test_lines_of_lettering_seen_at_any_size_and_slope(scale, angle, dark):
    """Four lines at ordinary leading (70 px at scale 1), any slope, dark on light or light on dark. Not seen: small
    type (scale under 0.5, letters under ~9 px) at a slope (ink.py's doc)."""
    grey, ground = (20, 245) if dark else (240, 30)
    img = _lettering(scale=scale, step=int(70 * max(scale, 0.4)), angle=angle, grey=grey, ground=ground)
    assert len(ink.lettering(ocr.stretched(img))) >= 2


# --- the page OCR reads nothing from ----------------------------------------------------------------------


def test_small_type_is_read_enlarged_or_the_page_is_blind():
    """Type OCR reads no word of at its own size: read enlarged (the name within OCR's edit budget)."""
    img = _lettering(scale=0.18, step=9)
    doc = pymupdf.open()
    page = doc.new_page(width=W * 0.75, height=H * 0.75)
    page.insert_image(page.rect, stream=cv2.imencode(".png", img)[1].tobytes())
    try:
        lines = ocr.ocr_page(doc[0])
    except ocr.LetteringUnread:
        return  # blind: never a measured page without words
    text = " ".join(l.text for l in lines).lower()
    assert lines and "welcome" in text and "dogs" in text
    assert all(80 <= l.bbox[0] <= 100 and 140 <= l.bbox[1] < l.bbox[3] <= 180 for l in lines)  # in the page's points


def test_lettering_no_reading_finds_makes_the_page_blind(tmp_path, monkeypatch):
    """When OCR reads nothing even enlarged, the page is blind (OCR did not read it), not 'OCR ran, no words'."""
    path = tmp_path / "sign.pdf"
    _raster_pdf(path, _lettering(scale=0.5, step=30))
    monkeypatch.setattr(ocr, "ocr_array", lambda rgb, *a, **k: [])
    doc = load_doc(path)
    facts = doc.facts.page(1)
    assert page_text_status(facts) == "blind"
    assert "text-shaped ink" in (facts.ocr_error or "")


def test_blank_scan_and_photo_stay_measured(tmp_path, monkeypatch):
    monkeypatch.setattr(ocr, "ocr_array", lambda rgb, *a, **k: [])
    for name, rgb in (("blank", np.full((H, W, 3), 255, np.uint8)), ("photo", _photo()), ("dust", _speckle())):
        path = tmp_path / f"{name}.pdf"
        _raster_pdf(path, rgb)
        assert page_text_status(load_doc(path).facts.page(1)) == "ocr_none", name


# --- faint pictures on a text page ----------------------------------------------------------------------


@pytest.mark.parametrize("grey", [242, 245])
def test_faint_picture_on_a_text_page_is_read(grey):
    img = np.full((240, 640, 3), 255, np.uint8)
    for i, text in enumerate(["Qorvane Harbour Ferry", "Departs at nine daily"]):
        cv2.putText(img, text, (20, 90 + i * 80), cv2.FONT_HERSHEY_SIMPLEX, 1.3, (grey,) * 3, 3, cv2.LINE_AA)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 72), "Annual report of the harbour authority", fontsize=14)
    box = pymupdf.Rect(72, 150, 392, 270)
    page.insert_image(box, stream=cv2.imencode(".png", img)[1].tobytes())
    lines = ocr.ocr_image(page, box, max_upscale=ocr.PICTURE_MAX_UPSCALE)
    assert "qorvane" in " ".join(l.text for l in lines).lower()


def test_stretching_twice_is_stretching_once():
    faint = _lettering(grey=240)
    once = ocr.stretched(faint)
    assert once is not faint and np.array_equal(ocr.stretched(once), once)

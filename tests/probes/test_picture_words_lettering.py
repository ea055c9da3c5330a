"""A picture OCR reads no word of is not a measured zero when it shows lettering (ink.lettering).

A phone number on a JPEG saved at low quality, plainly legible, was read as no words when the detector's
enlargement of the picture was bounded (PICTURE_MAX_UPSCALE), and "What is the phone number on page 2?" was
widened. Such a picture is read again as a page is, its lettering enlarged; lettering still unread leaves the
page's pictures unread (LetteringUnread), never "no words". A wordless picture keeps its measured zero.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pymupdf
import pytest
from PIL import Image, ImageDraw, ImageFont

from widening.facts.extract import load_doc
from widening.facts.ink import LetteringUnread
from widening.models import ProbeStatus
from widening.probes import Scope, picture_words, run_probe

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def _ground(w: int, h: int, seed: int) -> Image.Image:
    """A mottled colour ground: smooth waves of colour and some grain, as a photograph's background."""
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w]
    base = np.stack([120 + 60 * np.sin(x / 37.0 + seed), 110 + 50 * np.cos(y / 23.0), 90 + 40 * np.sin((x + y) / 51.0)], -1)
    base += rng.normal(0, 18, (h, w, 3))
    return Image.fromarray(np.clip(base, 0, 255).astype(np.uint8))


def _jpeg(img: Image.Image, quality: int) -> bytes:
    out = io.BytesIO()
    img.save(out, "JPEG", quality=quality)
    return out.getvalue()


def _pdf(path: Path, picture: bytes) -> Path:
    doc = pymupdf.open()
    for i in range(3):
        page = doc.new_page(width=400, height=500)
        page.insert_text((50, 60), f"Body text of page {i + 1} about harbours.", fontsize=11)
    doc[1].insert_image(pymupdf.Rect(50, 150, 350, 270), stream=picture)
    doc.save(path)
    doc.close()
    return path


def _phone_on_jpeg(seed: int, quality: int) -> bytes:
    if not Path(FONT).is_file():
        pytest.skip("DejaVu Sans Bold not installed")
    img = _ground(600, 240, seed)
    draw, font = ImageDraw.Draw(img), ImageFont.truetype(FONT, 30)
    x0, y0, x1, y1 = draw.textbbox((0, 0), "Tel 0207 946 0123", font=font)
    draw.text(((600 - (x1 - x0)) // 2, (240 - (y1 - y0)) // 2 - y0), "Tel 0207 946 0123", fill=(0, 0, 0), font=font)
    return _jpeg(img, quality)


def test_a_phone_number_on_a_coarse_jpeg_is_never_a_measured_zero(tmp_path: Path) -> None:
    doc = load_doc(_pdf(tmp_path / "a.pdf", _phone_on_jpeg(3, 5)), ocr=False)
    r = run_probe("text_pattern", doc, Scope(pages=(2,)), {"pattern": "phone"})
    assert r.members or r.doubts or r.status is ProbeStatus.could_not_measure, r
    assert not r.members or "0207 946 0123" in r.members[0].what


def test_a_wordless_jpeg_keeps_its_measured_zero(tmp_path: Path) -> None:
    doc = load_doc(_pdf(tmp_path / "b.pdf", _jpeg(_ground(600, 240, 3).resize((150, 60)).resize((600, 240)), 5)), ocr=False)
    r = run_probe("text_pattern", doc, Scope(pages=(2,)), {"pattern": "phone"})
    assert r.status is ProbeStatus.measured and r.members == ()


def test_lettering_unread_is_kept_and_raised_again(tmp_path: Path, monkeypatch) -> None:
    """A page whose pictures show lettering OCR read no word of raises LetteringUnread each time it is asked for
    (memoised: its pictures are not read again), and read_pictures names the page unread."""
    doc = load_doc(_pdf(tmp_path / "c.pdf", _phone_on_jpeg(3, 5)), ocr=False)
    calls = []

    def blind(doc, index):
        calls.append(index)
        raise LetteringUnread("lettering OCR read no word of")

    monkeypatch.setattr(picture_words, "_read_pictures", blind)
    for _ in range(2):
        with pytest.raises(LetteringUnread):
            picture_words.picture_lines(doc, 2)
    read, unread = picture_words.read_pictures(doc, (2,))
    assert calls == [2] and read == {} and "LetteringUnread" in unread[2]

"""A picture OCR read part of: the lettering its lines leave uncovered is read again, or the picture is unread.

A title on a white band was read ("HARBOUR"), the phone number under it on a mottled JPEG ground, plainly
legible, was read as "60123" only: no member, no doubt, and "What is the phone number on page 2?" was widened.
Only a picture OCR read no word of was checked for lettering (ink.lettering); now every line of lettering must
be covered by the lines read (ocr._read_over), else it is read again, enlarged, or LetteringUnread is raised.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pymupdf
import pytest
from PIL import Image, ImageDraw, ImageFont

from widening.facts import ocr
from widening.facts.extract import load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def _ground(w: int, h: int, seed: int) -> Image.Image:
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w]
    base = np.stack([120 + 60 * np.sin(x / 37.0 + seed), 110 + 50 * np.cos(y / 23.0), 90 + 40 * np.sin((x + y) / 51.0)], -1)
    base += rng.normal(0, 18, (h, w, 3))
    return Image.fromarray(np.clip(base, 0, 255).astype(np.uint8))


def _poster(seed: int, phone: str | None) -> bytes:
    """A 600 x 300 JPEG (quality 5): a title on a white band, and ``phone`` in bold on a mottled ground below."""
    if not Path(FONT).is_file():
        pytest.skip("DejaVu Sans Bold not installed")
    img = _ground(600, 300, seed)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, 600, 90), fill=(255, 255, 255))
    draw.text((30, 15), "HARBOUR", fill=(10, 10, 90), font=ImageFont.truetype(FONT, 56))
    if phone:
        draw.text((60, 190), phone, fill=(0, 0, 0), font=ImageFont.truetype(FONT, 30))
    out = io.BytesIO()
    img.save(out, "JPEG", quality=5)
    return out.getvalue()


def _pdf(path: Path, picture: bytes) -> Path:
    doc = pymupdf.open()
    for i in range(3):
        page = doc.new_page(width=400, height=500)
        page.insert_text((50, 60), f"Body text of page {i + 1} about harbours.", fontsize=11)
    doc[1].insert_image(pymupdf.Rect(50, 150, 350, 300), stream=picture)
    doc.save(path)
    doc.close()
    return path


def _phone(path: Path):
    return run_probe("text_pattern", load_doc(path, ocr=False), Scope(pages=(2,)), {"pattern": "phone"})


@pytest.mark.parametrize("seed", [4, 3])
def test_a_phone_number_under_a_title_read_is_never_a_measured_zero(tmp_path: Path, seed: int) -> None:
    """Seed 4: OCR reads the title and "60123" of the phone line; seed 3: it reads the whole line (the control)."""
    r = _phone(_pdf(tmp_path / "a.pdf", _poster(seed, "Tel 0207 946 0123")))
    assert r.members or r.doubts or r.status is ProbeStatus.could_not_measure, r
    assert not r.members or "0207 946 0123" in r.members[0].what


def test_a_title_alone_over_a_mottled_ground_keeps_its_measured_zero(tmp_path: Path) -> None:
    r = _phone(_pdf(tmp_path / "b.pdf", _poster(4, None)))
    assert r.status is ProbeStatus.measured and r.members == () and r.doubts == ()


def _row(text: str, box) -> ocr.Line:
    return (text, box, 0.9)


def test_a_row_is_covered_by_the_lines_read_together() -> None:
    """Words set wide apart read as two lines cover their row between them; a line read over a third of it does not."""
    row = (0.0, 0.0, 300.0, 20.0)
    assert ocr._read_over([_row("Tel 0207", (0, 0, 140, 20)), _row("946 0123", (150, 0, 300, 20))], row)
    assert not ocr._read_over([_row("60123", (200, 0, 300, 20))], row)
    assert not ocr._read_over([], row)

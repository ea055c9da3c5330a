"""Words set vertically in a picture: the text detector cuts a bold or large vertical word into pieces.

A word turned 90 or 270 degrees in a narrow picture (a banner, a spine label, an axis title exported as
PNG) was read as "Kang", "aroo", "g" (or, for "IMF", as nothing), and the name was claimed absent
(``absent_entity``) though a reader sees it. Where the upright reading of a page's pictures finds the name
nowhere, ``name_mentions`` reads them a quarter turn as well (``picture_words.turned_picture_lines``). Control: a picture of another word, upright or vertical, and a wordless photo keep the claim.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pymupdf
import pytest

from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import Decision, Row

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"  # a wide, heavy face: its vertical words are cut


def _word(text: str, size: int, angle: int) -> bytes:
    """A PNG of ``text`` in DejaVu Sans Bold, ``size`` pt rendered at 72 dpi (``size`` px), turned ``angle``
    degrees counter-clockwise, with a few pixels of white round it."""
    src = pymupdf.open()
    font = pymupdf.Font(fontfile=FONT)
    width = font.text_length(text, fontsize=size)
    page = src.new_page(width=width + 12, height=size * 1.3 + 8)
    page.insert_text((6, size + 4), text, fontsize=size, fontname="dvb", fontfile=FONT)
    pix = page.get_pixmap(dpi=72)
    src.close()
    rgb = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width, pix.n)[:, :, :3]
    rgb = np.ascontiguousarray(np.rot90(rgb, angle // 90))
    return pymupdf.Pixmap(pymupdf.csRGB, rgb.shape[1], rgb.shape[0], rgb.tobytes(), False).tobytes("png")


def _decide(tmp_path: Path, word: str, picture: bytes | None) -> Decision:
    doc = pymupdf.open()
    for i in range(3):
        page = doc.new_page(width=420, height=300)
        page.insert_text((30, 40), "Notes to the statements of the year.", fontsize=11)
        if i == 1 and picture is not None:
            pix = pymupdf.Pixmap(picture)
            # Shown at 96 dpi, ocr.MIN_DPI: read at its own pixels.
            page.insert_image(pymupdf.Rect(150, 60, 150 + pix.width * 0.75, 60 + pix.height * 0.75), stream=picture)
    path = tmp_path / "vertical.pdf"
    doc.save(path)
    doc.close()
    opened = load_doc(path, ocr=False)
    try:
        return decide_row(Row(doc_id=path.name, question=f"Which page mentions {word}?", answer="Not answerable"), opened)
    finally:
        opened.close()


@pytest.mark.parametrize(("word", "size", "angle"), [("Kangaroo", 40, 90), ("Kangaroo", 44, 270), ("Quokka", 40, 270)])
def test_a_name_set_vertically_in_a_picture_is_never_claimed_absent(tmp_path: Path, word: str, size: int, angle: int) -> None:
    decision = _decide(tmp_path, word, _word(word, size, angle))
    assert decision.decision == "keep" and decision.case != "absent_entity", (decision.case, decision.reason)


@pytest.mark.parametrize("angle", [0, 90])
def test_control_a_picture_of_another_word_keeps_the_absence(tmp_path: Path, angle: int) -> None:
    decision = _decide(tmp_path, "Kangaroo", _word("Wombat", 40, angle))
    assert decision.case == "absent_entity", (decision.case, decision.reason)


def test_control_a_wordless_photo_keeps_the_absence(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    rgb = np.zeros((160, 240, 3), np.uint8)
    rgb[:80], rgb[80:] = (120, 170, 230), (60, 140, 60)
    rgb = np.ascontiguousarray((rgb + rng.integers(0, 30, rgb.shape)).clip(0, 255).astype(np.uint8))
    photo = pymupdf.Pixmap(pymupdf.csRGB, 240, 160, rgb.tobytes(), False).tobytes("png")
    decision = _decide(tmp_path, "Kangaroo", photo)
    assert decision.case == "absent_entity", (decision.case, decision.reason)

"""Words in a picture of 5 to 7 pixel rows shown large (a 5x7 pixel font) are legible: the colour and style
probe reads them like any picture's words. Under a floor of 8 pixels such a picture was skipped as unable to
hold a glyph, and "what is the red text" widened over red words a reader sees."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pdfs
import pymupdf
from hypothesis import given, settings, strategies as st

FONT = {"N": ["10001", "11001", "10101", "10011", "10001"], "O": ["01110", "10001", "10001", "10001", "01110"],
        "T": ["11111", "00100", "00100", "00100", "00100"], "E": ["11111", "10000", "11110", "10000", "11111"]}
COLOURS = {"red": (220, 20, 20), "green": (20, 160, 40), "blue": (30, 40, 210)}


def _page(path: Path, colour: str | None, rows: int) -> Path:
    doc = pdfs.new_doc()
    page = doc[0]
    pdfs.text(page, (72, 80), "Body text in black.", size=12)
    if colour is not None:
        img = np.full((rows, 26, 3), 255, np.uint8)
        top = (rows - 5) // 2
        for k, ch in enumerate("NOTE"):
            for r, line in enumerate(FONT[ch]):
                for c, bit in enumerate(line):
                    if bit == "1":
                        img[top + r, 1 + 6 * k + c] = COLOURS[colour]
        pix = pymupdf.Pixmap(pymupdf.csRGB, img.shape[1], img.shape[0], img.tobytes(), False)
        page.insert_image(pymupdf.Rect(72, 200, 72 + 26 * 14, 200 + rows * 14), pixmap=pix, keep_proportion=False)
    return pdfs.save(doc, path)


@settings(max_examples=6, deadline=None)
@given(colour=st.sampled_from(sorted(COLOURS)), rows=st.integers(5, 7))
def test_coloured_words_in_a_few_pixel_rows_shown_large_are_never_widened(tmp_path_factory, colour, rows):
    d = pdfs.decide(_page(tmp_path_factory.mktemp("t") / "p.pdf", colour, rows), f"What is the {colour} text on page 1?")
    assert d.decision == "keep", d.reason


def test_control_a_page_with_no_coloured_words_still_widens(tmp_path):
    d = pdfs.decide(_page(tmp_path / "p.pdf", None, 7), "What is the red text on page 1?")
    assert d.decision == "widen", d.reason

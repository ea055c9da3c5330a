"""A scan's invisible OCR layer that says other words than its pixels show (offset, or misread) (hunt 25d).

The layer's "Koala" over a scan that shows "Kangaroo Wallaby" was a member: "How many times does Koala
appear?" was kept as short_not_empty, a claim the page refutes. Such a hit is now a doubt when OCR of the
scan reads other words there or the scan is blank there; where the scan's pixels read as the text (even
misread by a letter), it stays a member."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs

SHOWN = ("Quarterly notes of the board", "Kangaroo Wallaby report", "Budgets were discussed")


def _scan(lines: tuple[str, ...]) -> np.ndarray:
    img = np.full((1650, 1275, 3), 255, dtype=np.uint8)
    for i, line in enumerate(lines):
        cv2.putText(img, line, (120, 200 + 90 * i), cv2.FONT_HERSHEY_SIMPLEX, 1.6, (0, 0, 0), 3, cv2.LINE_AA)
    return img


def _scanned(path: Path, layer: tuple[str, ...], at: tuple[float, float], step: float) -> Path:
    """An A4 page that is one scan showing SHOWN (ink of its lines at y 112-134, 154-176, 196-218 pt), with an
    invisible OCR layer saying ``layer``, its first baseline at ``at``."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_image(page.rect, stream=pdfs.png_bytes(_scan(SHOWN)))
    for i, line in enumerate(layer):
        page.insert_text((at[0], at[1] + step * i), line, fontsize=20, render_mode=3)
    doc.save(path)
    return path


def _search(pdf: Path, text: str):
    return pdfs.probe(pdf, "text_search", {"text": text})


def test_a_layer_word_the_scan_does_not_show_is_a_doubt_not_a_member(tmp_path: Path) -> None:
    # The layer lies over the scan's lines (as an OCR layer does) but misreads the second one.
    over = _scanned(tmp_path / "over.pdf", ("Quarterly notes of the board", "Koala Emu report", "Budgets were discussed"), (56, 134), 42)
    res = _search(over, "Koala")
    assert not res.members and res.doubts and "scanned picture" in (res.doubts[0].why or ""), res
    rec = pdfs.decide(over, "How many times does the word Koala appear on page 1?")
    assert rec.case != "short_not_empty" and rec.decision == "keep", rec.reason
    # Offset into the scan's blank margin: the pixels there show nothing.
    blank = _scanned(tmp_path / "blank.pdf", ("Quarterly notes of the board", "Koala Emu report", "Budgets were discussed"), (72, 500), 40)
    res = _search(blank, "Koala")
    assert not res.members and res.doubts, res


def test_control_a_layer_word_the_scan_shows_stays_a_member(tmp_path: Path) -> None:
    pdf = _scanned(tmp_path / "ok.pdf", SHOWN, (56, 134), 42)
    for word in ("Kangaroo", "Quarterly"):
        res = _search(pdf, word)
        assert res.members and not any("scanned picture" in (d.why or "") for d in res.doubts), (word, res)
    assert pdfs.decide(pdf, "How many times does the word Kangaroo appear on page 1?").decision == "keep"


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=4, max_size=12), st.integers(0, 11), st.text(alphabet="xyz ", max_size=6))
def test_one_misread_letter_still_confirms_a_layer_hit(word: str, at: int, around: str) -> None:
    """OCR that misreads one letter (or adds an apostrophe) reads the text still; another word does not."""
    from widening.probes.text_search import _alike

    misread = word[:at % len(word)] + "'" + word[at % len(word) + 1:]
    assert _alike(word, around + misread + around)
    assert _alike(word.capitalize(), word.upper())
    assert not _alike(word, "0" * len(word))

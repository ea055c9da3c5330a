"""A zero key is contradicted by no member OCR read, however the member's description words it.

Whether a member rests on OCR was told by the word "OCR" in its description: a probe that read OCR's words
and described them otherwise made OCR's reading count as certain proof that a zero key is wrong. What read a
member is now its ``reader``: a member read by OCR keeps the row (unverifiable), whatever ``what`` says; the
same word in a text layer still contradicts the key."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import cv2
import numpy as np
import pymupdf
import pytest

import pdfs
from widening.probes import REGISTRY, load_all

Q = "How many times does the word 'harvest' appear on page 2?"


def _word_picture(word: str) -> pymupdf.Pixmap:
    src = pymupdf.open()
    page = src.new_page(width=300, height=80)
    page.insert_text((10, 56), word, fontsize=40, fontname="hebo")
    pix = page.get_pixmap()
    src.close()
    return pix


def report(path: Path, where: str) -> Path:
    """Three report pages; on page 2 'harvest' as a legible picture ("picture") or in the text layer ("text")."""
    doc = pdfs.new_doc(3, 595, 842)
    for i, page in enumerate(doc):
        pdfs.text(page, (72, 60), f"Section {i + 1}: programme review. The committee reviewed the plan.")
        pdfs.text(page, (290, 820), str(i + 1), size=9)
    if where == "picture":
        doc[1].insert_image(pymupdf.Rect(150, 300, 450, 380), pixmap=_word_picture("harvest"), keep_proportion=False)
    else:
        pdfs.text(doc[1], (150, 340), "harvest", size=30)
    return pdfs.save(doc, path)


@pytest.fixture
def unworded(monkeypatch: pytest.MonkeyPatch) -> None:
    """text_search as a probe that reads OCR yet does not name it in its descriptions ("(in a picture)")."""
    load_all()
    info = REGISTRY["text_search"]

    def fn(doc, scope, params):
        r = info.fn(doc, scope, params)
        reword = lambda ms: tuple(m.model_copy(update={"what": m.what.replace("OCR of a picture", "in a picture").replace("(ocr)", "(pixels)")}) for m in ms)
        return r.model_copy(update={"members": reword(r.members), "doubts": reword(r.doubts)})

    monkeypatch.setitem(REGISTRY, "text_search", dataclasses.replace(info, fn=fn))


def test_a_member_ocr_read_contradicts_no_zero_key_whatever_its_description_says(tmp_path: Path, unworded: None) -> None:
    d, v = pdfs.zero_verdict(report(tmp_path / "r.pdf", "picture"), Q)
    assert d.members and not any("ocr" in m.what.lower() for m in d.members), [m.what for m in d.members]
    assert v.verdict == "unverifiable" and d.case != "short_not_empty", v.reason
    assert all(m.reader == "ocr" for m in d.members), [(m.what, m.reader) for m in d.members]


def test_control_the_word_in_the_text_layer_still_contradicts(tmp_path: Path, unworded: None) -> None:
    d, v = pdfs.zero_verdict(report(tmp_path / "r.pdf", "text"), Q)
    assert v.verdict == "contradicted", v.reason
    assert all(m.reader == "text_layer" for m in d.members), [(m.what, m.reader) for m in d.members]


# A scan's invisible OCR layer: its words are an OCR tool's reading, described as "(text layer)" by text_search.
SHOWN = ("Quarterly notes of the board", "Kangaroo Wallaby report", "Budgets were discussed")


def _scanned(path: Path) -> Path:
    """An A4 page that is one scan showing SHOWN, under an invisible OCR layer saying the same over its lines."""
    img = np.full((1650, 1275, 3), 255, dtype=np.uint8)
    for i, line in enumerate(SHOWN):
        cv2.putText(img, line, (120, 200 + 90 * i), cv2.FONT_HERSHEY_SIMPLEX, 1.6, (0, 0, 0), 3, cv2.LINE_AA)
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_image(page.rect, stream=pdfs.png_bytes(img))
    for i, line in enumerate(SHOWN):
        page.insert_text((56, 134 + 42 * i), line, fontsize=20, render_mode=3)
    doc.save(path)
    return path


def test_a_word_of_a_scans_ocr_layer_contradicts_no_zero_key(tmp_path: Path) -> None:
    d, v = pdfs.zero_verdict(_scanned(tmp_path / "s.pdf"), "How many times does the word Kangaroo appear on page 1?")
    assert d.members and v.verdict == "unverifiable", v.reason
    assert all(m.reader == "ocr" for m in d.members), [(m.what, m.reader) for m in d.members]


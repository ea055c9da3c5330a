"""What OCR read proves a member only where its slips keep what is asked (rules/zero_keys.yaml
``ocr_keeps_shape``): a phone number OCR read in a picture is a phone number printed there, so the set is
short, not empty; a word OCR read may be another word under one slip, so it keeps the row unverifiable."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

import pdfs


def _picture(lines: list[str]) -> pymupdf.Pixmap:
    src = pymupdf.open()
    page = src.new_page(width=420, height=60 + 50 * len(lines))
    for k, line in enumerate(lines):
        page.insert_text((10, 50 + 50 * k), line, fontsize=30, fontname="helv")
    pix = page.get_pixmap()
    src.close()
    return pix


def _report(path: Path, lines: list[str]) -> Path:
    """Three pages; page 2 shows ``lines`` only as a legible picture (no text layer holds them)."""
    doc = pdfs.new_doc(3, 595, 842)
    for i, page in enumerate(doc):
        pdfs.text(page, (72, 60), f"Section {i + 1}: contacts and programme review.")
        pdfs.text(page, (290, 820), str(i + 1), size=9)
    pix = _picture(lines)
    doc[1].insert_image(pymupdf.Rect(100, 200, 100 + pix.width * 0.9, 200 + pix.height * 0.9), pixmap=pix)
    return pdfs.save(doc, path)


def test_a_phone_number_ocr_read_makes_the_set_short_not_empty(tmp_path: Path):
    pdf = _report(tmp_path / "r.pdf", ["Acme Ltd  Tel: 01983 873655"])
    d = pdfs.decide(pdf, "What is the contact phone number of another two companies on page 2?", ocr=True)
    assert d.case == "short_not_empty", d.reason
    assert [m.reader.value for m in d.members] == ["ocr"], d.members


def test_a_word_ocr_read_keeps_the_row_unverifiable(tmp_path: Path):
    pdf = _report(tmp_path / "r.pdf", ["The harvest festival"])
    d = pdfs.decide(pdf, "How many times does the word harvest appear on page 2?", ocr=True)
    assert d.decision == "keep" and d.case == "unverifiable", d.reason
    assert d.members and all(m.reader.value == "ocr" for m in d.members), d.members

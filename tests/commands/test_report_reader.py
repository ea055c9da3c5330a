"""audit.json carries what read each member (``reader``); audit.md says "read by OCR" where a member's
description does not (a phone number OCR read in a picture is described by its line alone)."""

from __future__ import annotations

from pathlib import Path

import pymupdf

import pdfs
from widening.commands.report import markdown, record


def _phone_picture() -> pymupdf.Pixmap:
    src = pymupdf.open()
    page = src.new_page(width=420, height=60)
    page.insert_text((12, 40), "Call us: +44 20 7946 0123", fontsize=22, fontname="helv")
    pix = page.get_pixmap(matrix=pymupdf.Matrix(2, 2))
    src.close()
    return pix


def test_a_member_ocr_read_is_said_so_in_audit_json_and_md(tmp_path: Path) -> None:
    doc = pdfs.new_doc(1, 595, 842)
    pdfs.text(doc[0], (72, 60), "Contact the harbour desk.")
    doc[0].insert_image(pymupdf.Rect(100, 300, 520, 360), pixmap=_phone_picture(), keep_proportion=False)
    d = pdfs.decide(pdfs.save(doc, tmp_path / "p.pdf"), "How many phone numbers are listed on page 1?")
    rec = record(d)
    assert rec["members"] and all(m["reader"] == "ocr" and "OCR" not in m["what"] for m in rec["members"]), rec["members"]
    assert "(read by OCR)" in markdown([rec])


def test_control_a_text_layer_member_is_not(tmp_path: Path) -> None:
    doc = pdfs.new_doc(1, 595, 842)
    pdfs.text(doc[0], (72, 60), "Call us: +44 20 7946 0123")
    rec = record(pdfs.decide(pdfs.save(doc, tmp_path / "t.pdf"), "How many phone numbers are listed on page 1?"))
    assert rec["members"] and all(m["reader"] == "text_layer" for m in rec["members"]), rec["members"]
    assert "read by OCR" not in markdown([rec])

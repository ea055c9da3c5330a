"""A scan under an invisible OCR layer (a scanned_ocr page): its image is read too, not only its layer.

The layer an OCR tool leaves may lack lines the scan shows (a line it could not read, a layer cut
short); a name or an e-mail address printed only there was searched in the layer alone, and a
probe measured zero.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf

from widening.facts.extract import load_doc
from widening.models import PageKind
from widening.probes import Scope, run_probe

BODY = ["The committee reviewed the annual programme and noted steady progress.",
        "Members discussed staffing, budgets and the schedule for the coming year."] * 3


def _scan(path: Path, shown: list[str], layer: list[str]) -> Path:
    """Page 2 is a scan of ``shown`` under an invisible text layer of ``layer`` (render mode 3)."""
    src = pymupdf.open()
    sp = src.new_page(width=595, height=842)
    for i, line in enumerate(shown):
        sp.insert_text((72, 100 + 20 * i), line, fontname="tiro", fontsize=11)
    png = sp.get_pixmap(dpi=150).tobytes("png")
    src.close()
    doc = pymupdf.open()
    first = doc.new_page(width=595, height=842)
    first.insert_text((72, 72), BODY[0], fontsize=11)
    page = doc.new_page(width=595, height=842)
    page.insert_image(page.rect, stream=png)
    for i, line in enumerate(layer):
        page.insert_text((72, 100 + 20 * i), line, fontname="tiro", fontsize=11, render_mode=3)
    doc.save(path)
    doc.close()
    return path


def test_an_email_shown_by_a_scan_but_not_in_its_layer_is_found(tmp_path: Path) -> None:
    path = _scan(tmp_path / "s.pdf", [*BODY, "Contact: Jane Roe, jane.roe@quorvane.com"], BODY)
    doc = load_doc(path, ocr=False)
    try:
        assert doc.facts.page(2).kind is PageKind.scanned_ocr
        res = run_probe("text_pattern", doc, Scope(pages=(2,)), {"pattern": "email"})
        assert res.members and "jane.roe@quorvane.com" in res.members[0].what, res.note
    finally:
        doc.close()


def test_a_name_shown_by_a_scan_but_not_in_its_layer_is_found(tmp_path: Path) -> None:
    path = _scan(tmp_path / "n.pdf", [*BODY, "Prepared for Quorvane Logistics."], BODY)
    doc = load_doc(path, ocr=False)
    try:
        res = run_probe("name_mentions", doc, Scope(pages=(1, 2)), {"variants": ["Quorvane"], "pictures": True})
        assert [m.page for m in res.members] == [2], res.note
    finally:
        doc.close()


def test_a_scan_whose_layer_is_whole_still_measures_zero(tmp_path: Path) -> None:
    """Control: reading the scan adds no phantom: nothing shown, nothing found, a measured zero."""
    path = _scan(tmp_path / "c.pdf", BODY, BODY)
    doc = load_doc(path, ocr=False)
    try:
        res = run_probe("text_pattern", doc, Scope(pages=(2,)), {"pattern": "email"})
        assert res.measured_zero, res.note
        absent = run_probe("name_mentions", doc, Scope(pages=(1, 2)), {"variants": ["Quorvane"], "pictures": True})
        assert absent.measured_zero, absent.note
    finally:
        doc.close()

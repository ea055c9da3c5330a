"""Annotations and form fields drawn over a page are not its text layer (hunt: annotations).

MuPDF reads the text of annotation and widget appearances (a FreeText comment, a filled-in form
field) as page text. A scanned page carrying one was classified born-digital: no OCR ran on it, and
an invisible OCR layer under it was taken for real type (pitfall 6).
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc
from widening.models import PageKind

SCAN_LINES = ("Membership notice", "Please read the following terms carefully before signing.", "Offices open on weekdays")
OVERLAY_TEXT = st.sampled_from(["Approved by the planning board", "Checked by the records clerk on arrival", "Signed by Marguerite Example"])


def _scan_pixmap() -> pymupdf.Pixmap:
    src = pymupdf.open()
    page = src.new_page()
    for i, line in enumerate(SCAN_LINES):
        page.insert_text((72, 100 + 40 * i), line, fontsize=14)
    pix = page.get_pixmap(dpi=72)
    src.close()
    return pix


def _overlay(doc: pymupdf.Document, page: pymupdf.Page, how: str, words: str, y: float) -> None:
    rect = pymupdf.Rect(300, y, 560, y + 24)
    if how == "freetext":
        page.add_freetext_annot(rect, words, fontsize=11).update()
    else:
        w = pymupdf.Widget()
        w.field_type = pymupdf.PDF_WIDGET_TYPE_TEXT
        w.field_name = f"field{page.number}"
        w.field_value = words
        w.rect = rect
        w.text_fontsize = 11
        page.add_widget(w)


def _build(path: Path, scanned: bool, ocr_layer: bool, how: str, words: str, y: float) -> Path:
    doc = pymupdf.open()
    page = doc.new_page()
    if scanned:
        page.insert_image(page.rect, pixmap=_scan_pixmap())
        if ocr_layer:  # the invisible text a scanner's OCR leaves over the picture
            for i, line in enumerate(SCAN_LINES):
                page.insert_text((72, 100 + 40 * i), line, fontsize=14, render_mode=3)
    else:
        for i, line in enumerate(SCAN_LINES):
            page.insert_text((72, 100 + 40 * i), line, fontsize=14)
    _overlay(doc, page, how, words, y)
    doc.save(path)
    doc.close()
    return path


def _kind(path: Path) -> PageKind:
    doc = load_doc(path, ocr=False)
    try:
        return doc.facts.page(1).kind
    finally:
        doc.close()


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ocr_layer=st.booleans(), how=st.sampled_from(["freetext", "widget"]), words=OVERLAY_TEXT, y=st.floats(300, 600))
def test_scan_with_an_overlay_is_still_a_scan(tmp_path: Path, ocr_layer: bool, how: str, words: str, y: float) -> None:
    pdf = _build(tmp_path / "scan.pdf", True, ocr_layer, how, words, y)
    with pymupdf.open(pdf) as d:
        assert words in d[0].get_text()  # the premise: MuPDF reads the overlay's words as page text
    assert _kind(pdf) is (PageKind.scanned_ocr if ocr_layer else PageKind.image_only)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(how=st.sampled_from(["freetext", "widget"]), words=OVERLAY_TEXT)
def test_control_born_digital_page_with_an_overlay_stays_born_digital(tmp_path: Path, how: str, words: str) -> None:
    assert _kind(_build(tmp_path / "typed.pdf", False, False, how, words, 400)) is PageKind.born_digital


def test_control_scan_without_overlay_unchanged(tmp_path: Path) -> None:
    doc = pymupdf.open()
    doc.new_page().insert_image(pymupdf.Rect(0, 0, 612, 792), pixmap=_scan_pixmap())
    doc.save(tmp_path / "bare.pdf")
    doc.close()
    assert _kind(tmp_path / "bare.pdf") is PageKind.image_only


def test_scan_with_overlay_is_ocred_and_overlay_words_still_read(tmp_path: Path) -> None:
    """With OCR on, the scan's words reach the facts, and so do the overlay's (OCR reads the render
    with its annotations; the text layer keeps them for text_search)."""
    pdf = _build(tmp_path / "scan.pdf", True, False, "widget", "Signed by Marguerite Example", 400)
    doc = load_doc(pdf, ocr=True)
    try:
        page = doc.facts.page(1)
        if page.ocr_error:  # no OCR engine here: the kind still says the page needs it
            assert page.kind is PageKind.image_only
            return
        assert page.text_source == "ocr" and "Membership" in page.text
    finally:
        doc.close()

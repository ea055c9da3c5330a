"""Printed page numbers no folio was read for: past the ends of a folio run (an unnumbered back page,
folios on odd pages only) and in a picture of the footer. A page number any of them may print is no
missing container: the printed reading is doubtful and the row stays unverifiable."""

from __future__ import annotations

import io
from pathlib import Path

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw, ImageFont

import pdfs
from widening.engine.containers import resolve
from widening.facts.extract import load_doc
from widening.models import Container, ContainerKind, Reading

LINE = "The committee reviewed the annual programme and noted steady progress across all offices."
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


def _booklet(path: Path, n: int, folio) -> Path:
    """``n`` pages of text; ``folio(i)`` is the number printed at the foot of PDF page i (None: none)."""
    doc = pymupdf.open()
    for i in range(1, n + 1):
        page = doc.new_page(width=595, height=842)
        for k in range(6):
            page.insert_text((72, 72 + 16 * k), LINE, fontsize=11)
        if (f := folio(i)) is not None:
            page.insert_text((287, 812), str(f), fontsize=10)
    return pdfs.save(doc, path)


def _page(path: Path, number: str):
    doc = load_doc(path, ocr=False)
    try:
        return resolve(Container(kind=ContainerKind.page, number=number, text=f"page {number}"), doc)
    finally:
        doc.close()


def test_an_unnumbered_back_page_past_the_run_is_a_doubtful_reading(tmp_path: Path) -> None:
    # Folios 4..11 on PDF p2-p9; p10, the back page, prints none: it is page 12 in print.
    pdf = _booklet(tmp_path / "b.pdf", 10, lambda i: i + 2 if 2 <= i <= 9 else None)
    r = _page(pdf, "12")
    assert r.uncertain and any(t.doubtful and t.reading is Reading.printed and t.pages == (10,) for t in r.readings), r.readings
    assert pdfs.decide(pdf, "What is on page 12?").case != "missing_container"


def test_folios_on_odd_pages_only_reach_the_last_page(tmp_path: Path) -> None:
    pdf = _booklet(tmp_path / "b.pdf", 10, lambda i: i + 2 if i % 2 else None)
    assert pdfs.decide(pdf, "What is on page 12?").case != "missing_container"


def test_a_page_past_the_document_under_every_run_is_missing(tmp_path: Path) -> None:
    pdf = _booklet(tmp_path / "b.pdf", 10, lambda i: i + 2)
    assert pdfs.decide(pdf, "What is on page 40?").case == "missing_container"
    assert pdfs.decide(pdf, "What is on page 13?").case == "missing_container"


@settings(max_examples=15)
@given(n=st.integers(4, 9), offset=st.integers(1, 5), first=st.integers(1, 3), cut=st.integers(0, 2))
def test_a_number_a_run_extended_to_the_last_page_reaches_is_never_missing(tmp_path_factory, n: int, offset: int, first: int, cut: int) -> None:
    # Folios from PDF page ``first`` to ``n - cut``: every number the run reaches, extended to the
    # document's ends, is a page some reading finds.
    last = max(first + 1, n - cut)
    pdf = _booklet(tmp_path_factory.mktemp("b") / "b.pdf", n, lambda i: i + offset if first <= i <= last else None)
    for value in range(1, n + offset + 2):
        r = _page(pdf, str(value))
        # Below the first page's number and past the document (n < value <= offset), or past the last page.
        reached = value <= n or offset < value <= n + offset
        assert (r.exists or r.uncertain) == reached, (value, r.readings)


def _strip(number: int) -> bytes:
    im = Image.new("RGB", (900, 40), (230, 230, 240))
    ImageDraw.Draw(im).text((420, 6), str(number), font=ImageFont.truetype(FONT, 26), fill="black")
    out = io.BytesIO()
    im.save(out, "PNG")
    return out.getvalue()


def _pictured_folios(path: Path, n: int, strip_on=lambda i: True) -> Path:
    doc = pymupdf.open()
    for i in range(1, n + 1):
        page = doc.new_page(width=595, height=842)
        for k in range(6):
            page.insert_text((72, 72 + 16 * k), LINE, fontsize=11)
        if strip_on(i):
            page.insert_image(pymupdf.Rect(0, 812, 595, 838), stream=_strip(i + 2))
    return pdfs.save(doc, path)


def test_a_folio_printed_in_a_footer_picture_is_no_missing_page(tmp_path: Path) -> None:
    pdf = _pictured_folios(tmp_path / "p.pdf", 10)
    d = pdfs.decide(pdf, "What is on page 12?")
    assert d.case != "missing_container", d.reason
    assert _page(pdf, "12").uncertain


def test_a_picture_in_the_body_leaves_a_missing_page_missing(tmp_path: Path) -> None:
    doc = pymupdf.open()
    for i in range(1, 11):
        page = doc.new_page(width=595, height=842)
        page.insert_text((72, 72), LINE, fontsize=11)
        page.insert_image(pymupdf.Rect(72, 300, 372, 340), stream=_strip(i + 2))
    pdf = pdfs.save(doc, tmp_path / "b.pdf")
    assert pdfs.decide(pdf, "What is on page 12?").case == "missing_container"


def test_a_page_range_a_run_carried_past_its_end_reaches_is_no_missing_range(tmp_path: Path) -> None:
    pdf = _booklet(tmp_path / "b.pdf", 10, lambda i: i + 2 if 2 <= i <= 9 else None)
    d = pdfs.decide(pdf, "How many figures are in pages 12-14?")
    assert d.case != "missing_container", d.reason
    control = pdfs.decide(pdf, "How many figures are in pages 40-45?")
    assert control.case == "missing_container", control.reason

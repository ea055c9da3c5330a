"""Probe captions: figure/table/chart captions by kind and number; could-not-measure on unread raster pages."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from widening.facts.extract import load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe

LINES = ["Figure 10: Architecture.", "Table1-1 Budget by year", "TABLE A Land area rezoned", "Fig. 4 A map", "Chart 3: Sales", "No caption here."]


@pytest.fixture
def doc(tmp_path: Path):
    pdf = pymupdf.open()
    for text in LINES:
        pdf.new_page().insert_text((72, 200), text)
    pdf.save(tmp_path / "c.pdf")
    d = load_doc(tmp_path / "c.pdf", ocr=False)
    yield d
    d.close()


def run(doc, pages=(), **params):
    return run_probe("captions", doc, Scope(pages=tuple(pages)), params)


def test_by_kind_and_number(doc) -> None:
    assert [m.page for m in run(doc, kind="figure", number="10").members] == [1]
    assert [m.page for m in run(doc, kind="table", number="1-1").members] == [2]
    assert [m.page for m in run(doc, kind="table", number="1.1").members] == [2]
    assert [m.page for m in run(doc, kind="table", number="a").members] == [3]
    assert {m.page for m in run(doc, kind="any").members} == {1, 2, 3, 4, 5}


def test_figure_search_includes_charts(doc) -> None:
    assert {m.page for m in run(doc, kind="figure").members} == {1, 4, 5}


def test_missing_number_is_measured_zero(doc) -> None:
    assert run(doc, kind="figure", number="11").measured_zero
    assert run(doc, pages=[6], kind="any").measured_zero


def test_unknown_kind_cannot(doc) -> None:
    assert run(doc, kind="diagram").status is ProbeStatus.could_not_measure


def test_unread_raster_page_cannot_measure(tmp_path: Path) -> None:
    pdf = pymupdf.open()
    page = pdf.new_page()
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 30, 30), False)
    pix.set_rect(pix.irect, (255, 255, 255))
    page.insert_image(page.rect, pixmap=pix)
    pdf.save(tmp_path / "r.pdf")
    d = load_doc(tmp_path / "r.pdf", ocr=False)
    try:
        r = run(d, kind="figure", number="1")
        assert r.status is ProbeStatus.could_not_measure and "image-only" in r.note
    finally:
        d.close()


def test_corpus_acl_tables_and_no_figure_10(corpus: Path) -> None:
    path = corpus / "documents" / "2023.acl-long.386.pdf"
    if not path.is_file():
        pytest.skip("PDF not in corpus")
    d = load_doc(path, ocr=False)
    try:
        assert {m.page for m in run(d, kind="table").members} == {6, 8}
        assert run(d, kind="figure", number="10").measured_zero
    finally:
        d.close()

"""Folios printed in a side margin at mid-height (review rv5 F2): a report excerpt printing its folios in
the outer margin, alternating left and right. They are folio candidates like those of the top and bottom
bands: a run is a printed reading, and a number the run test does not take is a doubtful reading, so
"page 15" is never claimed missing while a page prints 15."""

from __future__ import annotations

from pathlib import Path

import pymupdf

import pdfs
from widening.engine.containers import resolve
from widening.facts.extract import load_doc
from widening.models import Container, ContainerKind, Reading

LINE = "The committee reviewed the annual programme and noted steady progress across all offices."


def _excerpt(path: Path, folios: dict[int, int], n: int = 3, side: str = "outer") -> Path:
    """``n`` A4 pages of text; ``folios`` maps a PDF page to the number printed in a side margin at
    mid-height (the outer one: right on even folios, left on odd ones; or always ``side``)."""
    doc = pymupdf.open()
    for i in range(1, n + 1):
        page = doc.new_page(width=595, height=842)
        for k in range(30):
            page.insert_text((72, 80 + 22 * k), LINE, fontsize=10)
        if (f := folios.get(i)) is not None:
            right = f % 2 == 0 if side == "outer" else side == "right"
            page.insert_text((560 if right else 25, 421), str(f), fontsize=11)
    return pdfs.save(doc, path)


def _page(path: Path, number: str):
    doc = load_doc(path, ocr=False)
    try:
        return resolve(Container(kind=ContainerKind.page, number=number, text=f"page {number}"), doc)
    finally:
        doc.close()


def test_folios_in_the_outer_side_margin_are_read_as_a_run(tmp_path: Path) -> None:
    pdf = _excerpt(tmp_path / "f.pdf", {1: 14, 2: 15, 3: 16})
    doc = load_doc(pdf, ocr=False)
    try:
        assert [p.printed for p in doc.facts.pages] == [("14",), ("15",), ("16",)]
        assert all(c.band == "side" for p in doc.facts.pages for c in p.folio_candidates if c.accepted)
    finally:
        doc.close()
    r = _page(pdf, "15")
    assert r.exists and r.pages((Reading.printed,)) == (2,), r.readings


def test_a_page_printed_in_the_side_margin_is_no_missing_container(tmp_path: Path) -> None:
    pdf = _excerpt(tmp_path / "f.pdf", {1: 14, 2: 15, 3: 16})
    for q in ("How many images are on page 15?", "How many images are in pages 15-16?"):
        d = pdfs.decide(pdf, q)
        assert d.case != "missing_container", (q, d.reason)


def test_a_lone_side_margin_number_is_a_doubtful_reading_not_a_missing_page(tmp_path: Path) -> None:
    # One page prints 15 in its margin: no run, yet the page may be page 15.
    pdf = _excerpt(tmp_path / "f.pdf", {2: 15})
    r = _page(pdf, "15")
    assert not r.exists and r.uncertain, r.readings
    assert any(t.doubtful and t.pages == (2,) for t in r.readings), r.readings
    assert pdfs.decide(pdf, "How many images are on page 15?").case != "missing_container"
    ranged = pdfs.decide(pdf, "How many images are in pages 15-16?")
    assert ranged.case != "missing_container", ranged.reason


def test_a_lone_side_margin_number_does_not_widen_the_scope_of_a_page_that_exists(tmp_path: Path) -> None:
    # "Page 2" is PDF page 2; a stray 2 in p3's margin is no reading of it (only a claim looks at one).
    pdf = _excerpt(tmp_path / "f.pdf", {3: 2}, n=4)
    r = _page(pdf, "2")
    assert r.exists and r.pages() == (2,), r.readings


def test_control_a_page_past_the_side_margin_folios_is_missing(tmp_path: Path) -> None:
    pdf = _excerpt(tmp_path / "f.pdf", {1: 14, 2: 15, 3: 16})
    for q in ("How many images are on page 40?", "How many images are in pages 200-205?"):
        d = pdfs.decide(pdf, q)
        assert d.case == "missing_container", (q, d.reason)


def test_control_line_numbers_in_the_side_margin_are_no_folio_run(tmp_path: Path) -> None:
    # Numbered lines (1..5 down the left margin of every page) are not folios, and a page they do not
    # number stays missing.
    doc = pymupdf.open()
    for _ in range(4):
        page = doc.new_page(width=595, height=842)
        for k in range(30):
            page.insert_text((72, 80 + 22 * k), LINE, fontsize=10)
        for k in range(1, 6):
            page.insert_text((30, 300 + 44 * k), str(k), fontsize=9)
    pdf = pdfs.save(doc, tmp_path / "l.pdf")
    facts = load_doc(pdf, ocr=False)
    try:
        assert not any(c.accepted for p in facts.facts.pages for c in p.folio_candidates)
    finally:
        facts.close()
    assert pdfs.decide(pdf, "How many images are on page 40?").case == "missing_container"

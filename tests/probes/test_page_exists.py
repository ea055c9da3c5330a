"""Probe page_exists: one member per resolved page, reading named; zero members only when missing under every reading."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from widening.facts.extract import load_doc
from widening.models import ProbeStatus, Reading
from widening.probes import Scope, run_probe


def _deck(path: Path, n: int, offset: int) -> Path:
    pdf = pymupdf.open()
    for i in range(1, n + 1):
        page = pdf.new_page(width=595, height=842)
        page.insert_text((72, 300), "Body text without numbers.")
        if i + offset >= 1:
            page.insert_text((290, 810), str(i + offset), fontsize=9)
    pdf.save(path)
    return path


@pytest.fixture
def doc(tmp_path: Path):
    d = load_doc(_deck(tmp_path / "d.pdf", 10, -2), ocr=False)
    yield d
    d.close()


def test_number_resolves_under_pdf_and_printed(doc) -> None:
    r = run_probe("page_exists", doc, Scope(pages=()), {"number": "3"})
    got = {(m.reading, m.page) for m in r.members}
    assert got == {(Reading.pdf, 3), (Reading.printed, 5)}
    assert all(m.bbox == (0.0, 0.0, 595.0, 842.0) for m in r.members)


def test_range_partly_existing(doc) -> None:
    r = run_probe("page_exists", doc, Scope(pages=()), {"first": 8, "last": 12})
    assert {m.page for m in r.members if m.reading is Reading.pdf} == {8, 9, 10}
    assert {m.page for m in r.members if m.reading is Reading.printed} == {10}


def test_missing_under_every_reading_is_a_measured_zero(doc) -> None:
    r = run_probe("page_exists", doc, Scope(pages=()), {"first": 200, "last": 205})
    assert r.measured_zero


def test_bad_params_cannot_measure(doc) -> None:
    assert run_probe("page_exists", doc, Scope(pages=()), {}).status is ProbeStatus.could_not_measure
    assert run_probe("page_exists", doc, Scope(pages=()), {"number": "banana"}).status is ProbeStatus.could_not_measure


def test_corpus_page_9_two_readings(corpus_doc) -> None:
    d = corpus_doc("e639029d16094ea71d964e2fb953952b.pdf")
    r = run_probe("page_exists", d, Scope(pages=()), {"number": "9"})
    assert {(m.reading, m.page) for m in r.members} == {(Reading.pdf, 9), (Reading.printed, 13)}


def test_corpus_label_page_6985(corpus_doc) -> None:
    d = corpus_doc("2023.acl-long.386.pdf")
    r = run_probe("page_exists", d, Scope(pages=()), {"number": "6985"})
    assert {m.page for m in r.members if m.reading is Reading.label} == {5}
    assert not [m for m in r.members if m.reading is Reading.pdf]

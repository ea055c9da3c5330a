"""``page_exists`` on pages numbered after a prefix ("A-9", "S9", "2-9"): their pages are doubts of
"page 9" and of a range holding 9, never members and never dropped."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from widening.facts.extract import load_doc
from widening.models import Reading
from widening.probes import Scope, run_probe


@pytest.fixture(params=["label", "folio"])
def doc(tmp_path: Path, request):
    d = pymupdf.open()
    for k in range(6):
        p = d.new_page(width=595, height=842)
        p.insert_text((72, 300), "Body text without numbers.")
        if request.param == "folio":
            p.insert_text((280, 815), f"A-{5 + k}", fontsize=9)
    if request.param == "label":
        d.set_page_labels([{"startpage": 0, "prefix": "A-", "style": "D", "firstpagenum": 5}])
    d.save(tmp_path / "a.pdf")
    doc = load_doc(tmp_path / "a.pdf", ocr=False)
    yield doc
    doc.close()


@pytest.mark.parametrize("params,pages", [({"number": "9"}, {5}), ({"first": 9, "last": 10}, {5, 6}), ({"first": "8", "last": "9"}, {4, 5})])
def test_prefixed_pages_are_doubts(doc, params, pages) -> None:
    """Regression: "A-9" and "A-10" exist, yet the probe reported 0 members and 0 doubts (a measured zero)."""
    r = run_probe("page_exists", doc, Scope(pages=()), params)
    assert not r.members
    assert {d.page for d in r.doubts} == pages, r.note
    assert not r.measured_zero


def test_prefixed_pages_beside_members(doc) -> None:
    """"Pages 5-6" are PDF pages 5-6 and also "A-5", "A-6" (PDF pages 1-2): members and doubts both."""
    r = run_probe("page_exists", doc, Scope(pages=()), {"first": 5, "last": 6})
    assert {(m.reading, m.page) for m in r.members} == {(Reading.pdf, 5), (Reading.pdf, 6)}
    assert {1, 2} <= {d.page for d in r.doubts}


def test_a_number_printed_nowhere_stays_a_measured_zero(doc) -> None:
    assert run_probe("page_exists", doc, Scope(pages=()), {"first": 30, "last": 40}).measured_zero
    assert run_probe("page_exists", doc, Scope(pages=()), {"number": "30"}).measured_zero

"""A folio inside a running foot with its page word or its page count: "Page 9 | Annual Report",
"Annual Report | Page 9 of 24", "Annual Report  9/24", "p. 9  Annual Report". The folio reader took a number
only as the first or last word of such a line, so none was read: "page 9" was checked on PDF page 9 alone and a
photo on the page printed "Page 9" was widened away. PDFs built here; the truth is planted by construction."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

import pdfs

FEET = ["Page {n} | Annual Report", "Annual Report | Page {n} of {total}", "Annual Report  {n}/{total}",
        "p. {n}  Annual Report", "Page {n} of {total} | Annual Report", "Annual Report | {n} of {total}"]


def _report(path: Path, foot: str, pages: int = 20, front: int = 4, photo_on: tuple[int, ...] = ()) -> Path:
    """``pages`` report pages; from PDF page ``front`` + 1 on, the running foot ``foot`` at the foot, counting from 1."""
    doc = pymupdf.open()
    for i in range(1, pages + 1):
        p = doc.new_page(width=595, height=842)
        p.insert_text((72, 60), "Programme review", fontsize=16)
        for k in range(5):
            p.insert_text((72, 90 + 14 * k), "The committee reviewed the annual programme and noted steady progress.", fontsize=10)
        if i in photo_on:
            p.insert_image(pymupdf.Rect(200, 300, 420, 450), pixmap=pdfs.photo(i))
        if i > front:
            p.insert_text((72, 812), foot.format(n=i - front, total=pages - front), fontsize=9)
    return pdfs.save(doc, path)


@pytest.mark.parametrize("foot", FEET)
def test_a_photo_on_the_page_whose_running_foot_prints_9_is_found(tmp_path: Path, foot: str) -> None:
    d = pdfs.decide(_report(tmp_path / "f.pdf", foot, photo_on=(13,)), "How many photos are on page 9?")
    assert d.decision == "keep", d.reason
    assert any(m.page == 13 for m in (*d.members, *d.doubts)), d.reason


def test_with_no_photo_both_pages_are_looked_at_and_it_widens(tmp_path: Path) -> None:
    d = pdfs.decide(_report(tmp_path / "n.pdf", FEET[0]), "How many photos are on page 9?")
    assert d.decision == "widen", d.reason
    assert {9, 13} <= {p for r in d.probes for p in r.pages}


def test_the_page_count_is_no_folio(tmp_path: Path) -> None:
    from widening.facts.extract import load_doc

    doc = load_doc(_report(tmp_path / "c.pdf", FEET[1]), ocr=False)
    try:
        assert all(p.printed == ((str(p.index - 4),) if p.index > 4 else ()) for p in doc.facts.pages)
    finally:
        doc.close()


@settings(max_examples=10)
@given(foot=st.sampled_from(FEET), front=st.integers(min_value=0, max_value=5), pages=st.integers(min_value=10, max_value=18))
def test_every_folio_of_a_running_foot_is_read(tmp_path_factory, foot: str, front: int, pages: int) -> None:
    from widening.facts.extract import load_doc

    doc = load_doc(_report(tmp_path_factory.mktemp("p") / "h.pdf", foot, pages=pages, front=front), ocr=False)
    try:
        for p in doc.facts.pages:
            if p.index > front:
                assert str(p.index - front) in p.printed, (p.index, p.printed, foot)
    finally:
        doc.close()

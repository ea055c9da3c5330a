"""Regions of a page whose /Rotate is no multiple of 90: viewers disagree on the frame it is shown in.

MuPDF turns such a page to the nearest quarter turn (45 -> 90), pdf.js and Poppler do not turn it, PDFium turns
it by the whole quarter turns the value holds (45 -> 0); PyMuPDF's ``Page.rotation`` says 0 either way. "The top
left of page 2" is then read in every quarter turn's frame: a find in any of them is looked at, and none is a
member for the region alone (the region's core, where every frame agrees, holds nothing).
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs
from widening.facts.document import REGIONS, _part
from widening.facts.extract import load_doc

RED = (0.9, 0.1, 0.1)


def _turned_page(path: Path, rotate: str, inherited: bool = False) -> Path:
    """Page 2 (portrait as drawn): three red bars and a bold line in its upper left part, a photo at the right;
    then ``rotate`` written as its /Rotate (or its page tree's)."""
    doc = pymupdf.open()
    doc.new_page(width=595, height=842).insert_text((60, 60), "Intro page.", fontsize=10)
    page = doc.new_page(width=595, height=842)
    for i in range(5):
        page.insert_text((60, 60 + 16 * i), "The annual survey was run online in the spring by the team.", fontsize=10)
    pdfs.bar_chart(page, (60, 300), [40, 60, 30], [RED] * 3)
    page.insert_image(pymupdf.Rect(300, 150, 450, 270), pixmap=pdfs.photo(3))
    page.insert_text((60, 350), "Important notice", fontname="hebo", fontsize=12)
    if inherited:
        tree = int(doc.xref_get_key(doc.pdf_catalog(), "Pages")[1].split()[0])
        for p in doc:
            doc.xref_set_key(p.xref, "Rotate", "null")
        doc.xref_set_key(tree, "Rotate", rotate)
    else:
        doc.xref_set_key(page.xref, "Rotate", rotate)
    return pdfs.save(doc, path)


QUESTIONS = ["How many red bars are in the top left of page 2?", "What is the bold text in the bottom left of page 2?"]


@pytest.mark.parametrize("question", QUESTIONS)
@pytest.mark.parametrize("rotate,inherited", [("45", False), ("135", True)])
def test_a_region_of_a_page_turned_off_a_quarter_is_read_in_every_frame(tmp_path: Path, question: str, rotate: str, inherited: bool) -> None:
    """Regression: MuPDF showed /Rotate 45 as a quarter turn and the region was read only there; in pdf.js or
    Chrome the page is upright, the bars in its top left, the bold line across its middle left: both were widened."""
    rec = pdfs.decide(_turned_page(tmp_path / "odd.pdf", rotate, inherited), question)
    assert rec.decision == "keep", rec.reason


@pytest.mark.parametrize("question", QUESTIONS)
def test_a_quarter_turned_page_is_read_in_the_frame_it_is_shown_in(tmp_path: Path, question: str) -> None:
    """Control: /Rotate 90 is shown turned by every viewer; the bars then stand in the top right and the bold line
    near the top, so the top left and the bottom left hold neither."""
    rec = pdfs.decide(_turned_page(tmp_path / "q.pdf", "90"), question)
    assert rec.decision == "widen", rec.reason


def test_an_upright_page_reads_one_frame(tmp_path: Path) -> None:
    doc = load_doc(_turned_page(tmp_path / "u.pdf", "0"), ocr=False)
    try:
        assert doc.turns(2) == (0,)
        assert tuple(doc.region_rect(2, "top_left")) == pytest.approx(tuple(_part(doc.page(2).rect, REGIONS["top_left"])))
    finally:
        doc.close()


@settings(max_examples=15, deadline=None)
@given(rotate=st.integers(-719, 719).filter(lambda r: r % 90 != 0), region=st.sampled_from(sorted(REGIONS)),
       inherited=st.booleans())
def test_any_off_quarter_rotation_covers_every_frame(tmp_path_factory, rotate: int, region: str, inherited: bool) -> None:
    """Property: whatever the value, the region read holds the region of every quarter turn's frame, and its core
    lies inside each of them (a find there is where every reader places it)."""
    from widening.facts.document import _turned

    path = _turned_page(tmp_path_factory.mktemp("r") / "r.pdf", str(rotate), inherited)
    doc = load_doc(path, ocr=False)
    try:
        rect, got, core = doc.page(2).rect, doc.region_rect(2, region), doc.region_core(2, region)
        for turn in range(4):
            frame = _part(rect, _turned(REGIONS[region], turn))
            assert got.contains(frame)
            assert core.is_empty or frame.contains(core)
    finally:
        doc.close()

"""A page named by a compound designator ("page 3-2", "page A-15"): a chapter's or an appendix's page.

Found trying new questions: "page 3-2" was read as pages 2-3 of the file, so a picture on the page a
manual prints as "3-2" (PDF page 7) was never looked at and the row was widened on an empty set.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import ContainerKind, Row
from widening.question.parse import parse_question


def _manual(path: Path, chapters: int, per: int, picture_at: tuple[int, int], prefix: str = "") -> Path:
    """A manual whose pages print "<chapter>-<page>" folios, one picture on the page printed ``picture_at``."""
    doc = pymupdf.open()
    for c in range(1, chapters + 1):
        for k in range(1, per + 1):
            page = doc.new_page(width=400, height=560)
            page.insert_text((40, 60), f"Chapter {c}. Instructions for use, step {k}.", fontsize=11)
            page.insert_text((190, 540), f"{prefix}{c}-{k}", fontsize=9)
            if (c, k) == picture_at:
                pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 60, 40), False)
                pix.set_rect(pix.irect, (200, 40, 40))
                page.insert_image(pymupdf.Rect(60, 120, 300, 280), pixmap=pix)
    doc.save(path)
    doc.close()
    return path


def _decide(pdf: Path, q: str):
    doc = load_doc(pdf, ocr=False)
    try:
        return decide_row(Row(doc_id="m.pdf", question=q, answer="Not answerable"), doc)
    finally:
        doc.close()


@pytest.mark.parametrize("designator", ["3-2", "3.2", "A-15", "S3", "B12"])
def test_a_compound_page_designator_scopes_the_whole_document(designator: str) -> None:
    p = parse_question(f"How many pictures are on page {designator}?")
    assert [c.kind for c in p.containers] == [ContainerKind.document]
    assert not p.qualifiers and any("compound designator" in n for n in p.notes)


@pytest.mark.parametrize("q", ["How many pictures are on p5?", "How many pictures are on p 12?"])
def test_p_and_a_number_is_a_page_or_a_name_never_a_claim(q: str) -> None:
    """"p5" may be page 5 or a thing called so (a model "p5"): the whole document, no name to claim absent
    (it was claimed: "the name 'p5' occurs on no page")."""
    p = parse_question(q)
    assert [c.kind for c in p.containers] == [ContainerKind.document] and not p.qualifiers


def test_plural_ranges_and_plain_pages_are_read_as_before() -> None:
    assert parse_question("How many pictures are on pages 5-7?").containers[0].kind is ContainerKind.page_range
    assert parse_question("How many figures are in Pages 400-640?").containers[0].kind is ContainerKind.page_range
    assert parse_question("What is on page iv?").containers[0].number == "iv"
    assert parse_question("What is on page 9, 2019 edition?").containers[0].number == "9"


@settings(max_examples=8, deadline=None)
@given(chapter=st.integers(2, 4), page=st.integers(1, 3))
def test_a_picture_on_a_chapter_page_is_never_a_widened_zero(tmp_path_factory, chapter: int, page: int) -> None:
    """Property: whichever chapter page holds the picture, a question naming it is never widened."""
    pdf = _manual(tmp_path_factory.mktemp("m") / "m.pdf", 4, 3, (chapter, page))
    d = _decide(pdf, f"How many pictures are on page {chapter}-{page}?")
    assert d.decision == "keep" and d.case != "missing_container", d.reason

"""A part of the document named as the place ("in Section 3", "in the conclusion", "in Appendix B",
"in Exhibit 4") is read over the whole document: its finds may lie outside the part, so they are
candidates, never a short_not_empty claim (`frames.document_part`)."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest

from widening.question.frames import document_part

PARTS = ["in Section 3", "in Section 2.1", "in Chapter 4", "in Part II", "in the appendix", "in Appendix B", "in the introduction",
         "in the conclusion", "in the references", "in the executive summary", "in the third chapter", "in the last section",
         "in Exhibit 4", "within Annex C"]


@pytest.mark.parametrize("part", PARTS)
def test_a_part_of_the_document_is_read_as_the_place(part: str) -> None:
    assert document_part(f"How many italic words are {part}?") == part


@pytest.mark.parametrize("q", ["How many italic words are on page 3?", "How many italic words are in the report?",
                               "How many people are in the background of the photo?", "How many red bars are in Figure 2?"])
def test_pages_figures_and_pictures_are_no_part_of_the_document(q: str) -> None:
    assert document_part(q) is None


def _report(path: Path) -> Path:
    """Sections 1-3 and an appendix, one page each; italic words only in Section 1."""
    d = pymupdf.open()
    for i, h in enumerate(["Section 1: Introduction", "Section 2: Methods", "Section 3: Results", "Appendix B: Data"]):
        p = d.new_page()
        p.insert_text((72, 80), h, fontsize=16, fontname="hebo")
        p.insert_textbox(pymupdf.Rect(72, 110, 540, 200), "The survey covered households in three regions.", fontsize=10)
        if i == 0:
            p.insert_text((72, 260), "an italic remark", fontsize=10, fontname="heit")
    return pdfs.save(d, path)


@pytest.mark.parametrize("q", ["How many italic words are in Section 3?", "What are the italic words in Appendix B?",
                               "How many italic words are in the conclusion?"])
def test_an_italic_word_outside_the_named_part_is_no_short_not_empty(tmp_path: Path, q: str) -> None:
    dec = pdfs.decide(_report(tmp_path / "r.pdf"), q)
    assert dec.case != "short_not_empty" and dec.decision == "keep", dec.reason


def test_control_the_page_that_holds_it_is_short_not_empty(tmp_path: Path) -> None:
    assert pdfs.decide(_report(tmp_path / "r.pdf"), "How many italic words are on page 1?").case == "short_not_empty"

"""Words a reader sees that the text layer, as MuPDF reads it, does not hold: a word count is no zero there.

An annotation's or form field's own appearance MuPDF does not draw (an unsigned signature field, a widget with no field
type), the glyphs a marked span's ActualText replaces ("climate" drawn, "the weather" said), and a word hyphenated
across a page break ("cli-" ending one page, "mate" opening the next): each is a doubt, so "How many times does the
word 'climate' appear" is never widened on them. A layer hit said only by an ActualText over glyphs spelling other
letters is a doubt, never a member. Controls: the same pages without the word are measured zeros; a drawn appearance
and an ActualText that says what its glyphs spell stay members."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from tests.pdfs import decide, drawn_field, probe

WORDS = ["climate", "Kyoto", "emissions"]
COUNT = "How many times does the word '{word}' appear on page {page}?"
IN_REPORT = "How many times does the word '{word}' appear in the report?"


def _form(path: Path, how: str, said: str) -> Path:
    return drawn_field(path, how, said, "Pledge form", None)


def _actual_text(path: Path, glyphs: str, actual: str) -> Path:
    """A page drawing ``glyphs`` inside a marked span whose ActualText says ``actual``."""
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=300)
    page.insert_text((30, 50), "Annual report", fontsize=13)
    xref = page.get_contents()[0]
    font = page.get_fonts()[0][4]
    doc.update_stream(xref, doc.xref_stream(xref) + f"\nq BT /{font} 11 Tf 100 175 Td /Span <</ActualText ({actual})>> BDC ({glyphs}) Tj EMC ET Q\n".encode())
    doc.save(path)
    doc.close()
    return path


def _broken(path: Path, head: str, tail: str, pages: int = 4, at: int = 3) -> Path:
    """``pages`` report pages with a running header and a folio; page ``at`` ends in a line "... ``head``-" and page
    ``at`` + 1 opens with "``tail`` ...": a word hyphenated across the page break."""
    doc = pymupdf.open()
    for i in range(pages):
        p = doc.new_page()
        p.insert_text((72, 50), "Annual Report 2023", fontsize=9)
        p.insert_text((300, 780), str(i + 1), fontsize=9)
        p.insert_text((72, 120), "The economy grew in every region this year.", fontsize=11)
    doc[at - 1].insert_text((72, 700), f"In this year we measured how the {head}-", fontsize=11)
    doc[at].insert_text((72, 140), f"{tail} affects our sales and operations.", fontsize=11)
    doc.save(path)
    doc.close()
    return path


@settings(max_examples=6, deadline=None)
@given(word=st.sampled_from(WORDS), how=st.sampled_from(["signature", "typeless"]))
def test_a_word_in_an_appearance_mupdf_does_not_draw_is_a_doubt(tmp_path_factory, word: str, how: str) -> None:
    pdf = _form(tmp_path_factory.mktemp("f") / "form.pdf", how, f"Our {word} pledge")
    with pymupdf.open(pdf) as doc:
        assert word not in doc[0].get_text()  # MuPDF draws "SIGN" or nothing there
    res = probe(pdf, "text_search", {"text": word})
    assert not res.members and res.doubts and res.doubts[0].bbox[0] >= 180, res
    assert decide(pdf, COUNT.format(word=word, page=1)).decision == "keep"


@pytest.mark.parametrize("how", ["signature", "typeless"])
def test_control_an_appearance_without_the_word_is_a_zero(tmp_path: Path, how: str) -> None:
    pdf = _form(tmp_path / "form.pdf", how, "Our water pledge")
    assert probe(pdf, "text_search", {"text": "climate"}).measured_zero
    assert decide(pdf, COUNT.format(word="climate", page=1)).decision == "widen"


def test_control_a_drawn_appearance_is_a_member(tmp_path: Path) -> None:
    pdf = _form(tmp_path / "form.pdf", "text", "Our climate pledge")
    assert len(probe(pdf, "text_search", {"text": "climate"}).members) == 1


@pytest.mark.parametrize("word", WORDS)
def test_glyphs_an_actual_text_replaces_are_a_doubt(tmp_path: Path, word: str) -> None:
    pdf = _actual_text(tmp_path / "a.pdf", f"the {word} goal", "the weather goal")
    with pymupdf.open(pdf) as doc:
        assert word not in doc[0].get_text()
    res = probe(pdf, "text_search", {"text": word})
    assert not res.members and res.doubts, res
    assert decide(pdf, COUNT.format(word=word, page=1)).decision == "keep"


def test_a_word_said_only_by_an_actual_text_over_other_glyphs_is_a_doubt(tmp_path: Path) -> None:
    pdf = _actual_text(tmp_path / "a.pdf", "the weather", "climate")
    with pymupdf.open(pdf) as doc:
        assert "climate" in doc[0].get_text()  # the layer says the ActualText
    res = probe(pdf, "text_search", {"text": "climate"})
    assert not res.members and res.doubts, res
    assert decide(pdf, COUNT.format(word="climate", page=1)).case != "short_not_empty"


def test_control_an_actual_text_saying_its_glyphs_is_a_member_and_other_glyphs_a_zero(tmp_path: Path) -> None:
    same = _actual_text(tmp_path / "same.pdf", "the climate goal", "the climate goal")
    assert len(probe(same, "text_search", {"text": "climate"}).members) == 1
    other = _actual_text(tmp_path / "other.pdf", "the weather goal", "the water goal")
    assert probe(other, "text_search", {"text": "climate"}).measured_zero


@settings(max_examples=8, deadline=None)
@given(word=st.sampled_from(WORDS), cut=st.integers(min_value=1, max_value=6))
def test_a_word_hyphenated_across_a_page_break_is_a_doubt_on_both_pages(tmp_path_factory, word: str, cut: int) -> None:
    cut = min(cut, len(word) - 1)
    pdf = _broken(tmp_path_factory.mktemp("b") / "r.pdf", word[:cut], word[cut:])
    for page in (3, 4):
        res = probe(pdf, "text_search", {"text": word}, pages=(page,))
        assert not res.members and res.doubts, (page, res)
        assert decide(pdf, COUNT.format(word=word, page=page)).decision == "keep"
    assert decide(pdf, IN_REPORT.format(word=word)).decision == "keep"


def test_control_a_page_break_after_another_word_leaves_zeros(tmp_path: Path) -> None:
    pdf = _broken(tmp_path / "r.pdf", "wea", "ther")
    assert probe(pdf, "text_search", {"text": "climate"}, pages=(1, 2, 3, 4)).measured_zero
    assert decide(pdf, IN_REPORT.format(word="climate")).decision == "widen"
    assert decide(pdf, COUNT.format(word="climate", page=1)).decision == "widen"

"""A style the question denies is not measured: "words that are not italic" asks for the others.

A check of italic words on a page of upright words finds none and widened "How many words on page 1
are not italic?", whose answer is every word of the page. A style after a negation or an excluding word
(within ``colour_negation_window`` words, as for a colour) leaves no style measured and the target
narrowed, so whatever a check of the words finds is a candidate, never a zero of the asked set."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.question.parse import parse_question

STYLES = ["italic", "bold", "underlined", "italics", "bolded"]
DENIALS = ["How many words on page 1 are not {s}?", "How many words on page 1 aren't {s}?", "How many words on page 1 aren’t {s}?",
           "Which words on page 1 are not written in {s}?", "How many words are neither {s} nor red on page 1?",
           "How many words on page 1 are never {s}?", "How many words other than {s} ones are on page 1?",
           "How many words on page 1 are NOT {s}?"]


@settings(max_examples=80, deadline=None)
@given(style=st.sampled_from(STYLES), shape=st.sampled_from(DENIALS))
def test_a_denied_style_is_not_measured(style, shape):
    q = shape.format(s=style)
    p = parse_question(q)
    assert p.target.styles == () and p.target.narrowed, q


@pytest.mark.parametrize("q,styles", [("How many italic words are on page 1?", ("italic",)),
                                      ("What is the bold text on page 2 that is not in the table?", ("bold",)),
                                      ("How many underlined words does page 3 have?", ("underline",))])
def test_control_a_style_said_plainly_is_measured(q, styles):
    assert parse_question(q).target.styles == styles, q


def _three_pages(path: Path) -> Path:
    doc = pdfs.new_doc(3)
    doc[0].insert_text((72, 100), "Body text of page one.", fontsize=12, fontname="helv")
    doc[1].insert_text((72, 100), "Every word here is italic.", fontsize=12, fontname="Helvetica-Oblique")
    doc[2].insert_text((72, 100), "Every word here is bold.", fontsize=12, fontname="Helvetica-Bold")
    return pdfs.save(doc, path)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pair=st.sampled_from([("italic", 1), ("bold", 1), ("italic", 3), ("bold", 2)]), shape=st.sampled_from(DENIALS[:4]))
def test_words_that_are_not_styled_are_never_widened_over_a_page_of_plain_words(tmp_path: Path, pair, shape):
    style, page = pair
    q = shape.format(s=style).replace("page 1", f"page {page}")
    d = pdfs.decide(_three_pages(tmp_path / "s.pdf"), q)
    assert d.decision == "keep" and d.case != "short_not_empty", (q, d.reason)


def test_control_no_italic_word_on_a_plain_page_still_widens(tmp_path: Path):
    d = pdfs.decide(_three_pages(tmp_path / "s.pdf"), "How many italic words are on page 1?")
    assert d.decision == "widen", d.reason


# A kind of graphic the question denies: "graphics that are not charts" are the photos and drawings; a check
# of charts finds none on a page with one photo, and widened.
KIND_DENIALS = ["How many graphics on page 1 are not charts?", "How many figures on page 1 are not a chart?",
                "How many pictures on page 1 aren't charts?", "How many graphics other than charts are on page 1?"]


@pytest.mark.parametrize("q", KIND_DENIALS)
def test_a_denied_kind_is_not_measured(q):
    p = parse_question(q)
    assert p.target.element != "chart" and p.target.narrowed, (q, p.target)


@pytest.mark.parametrize("q", KIND_DENIALS)
def test_graphics_that_are_not_charts_are_never_widened_over_a_photo(tmp_path: Path, q):
    doc = pdfs.new_doc(1)
    pdfs.text(doc[0], (72, 80), "Our new office", size=14)
    doc[0].insert_image(pymupdf.Rect(72, 120, 372, 345), pixmap=pdfs.photo(3))
    d = pdfs.decide(pdfs.save(doc, tmp_path / "photo.pdf"), q)
    assert d.decision == "keep" and d.case != "short_not_empty", (q, d.reason)


@pytest.mark.parametrize("q", ["How many charts are on page 1?", "How many pictures on page 1 aren't charts?"])
def test_control_a_page_of_words_alone_still_widens(tmp_path: Path, q):
    # A kind kept beside the denied one ("pictures") is measured, a superset of the asked set: none is none.
    doc = pdfs.new_doc(1)
    pdfs.text(doc[0], (72, 80), "Our new office opened in May.", size=14)
    d = pdfs.decide(pdfs.save(doc, tmp_path / "words.pdf"), q)
    assert d.decision == "widen", (q, d.reason)

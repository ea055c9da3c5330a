"""Colour words no family measures (rules/vocabulary.yaml ``unmeasured_colours``): navy, silver, teal, olive, ...

"How many blue and silver bars are in the chart on page 1?" on a chart of silver bars: "silver" was no colour
word, so the question named one colour, blue, and the blue-bar check's zero widened the row, though a reader
counts three of the asked bars. "How many italic words are blue or teal?" widened the same way over teal italic
words. Such a word is not mapped to a family (navy -> blue would count bright blue bars as navy), so a question
naming one (alone, beside a known colour, or as the shade before one: "navy blue", "light-green") measures no
colour; the thing is then measured in any colour, a superset: none found is none, what it finds a candidate
("the navy italic words" on a page of black italic words are not said to be there). A colour dropped for any
reason (several, negated, another thing's) leaves candidates too."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening import rulebook as vocab
from widening.question.parse import parse_question

ODD = ["navy", "silver", "teal", "maroon", "turquoise", "olive", "beige", "tan", "burgundy", "indigo", "lavender", "reddish"]
KNOWN = ["red", "blue", "green", "black", "orange", "purple", "gold"]


def test_no_unmeasured_colour_is_a_known_colour_word():
    v = vocab.load("vocabulary")
    known = {w.lower() for ws in v["colours"].values() for w in ws}
    assert not known & {w.lower() for w in v["unmeasured_colours"]}


@settings(max_examples=120, deadline=None)
@given(odd=st.sampled_from(ODD), other=st.sampled_from(KNOWN), noun=st.sampled_from(["bars", "words", "logos", "italic words"]),
       shape=st.integers(0, 4), first=st.booleans())
def test_an_unmeasured_colour_beside_a_known_one_measures_no_colour(odd, other, noun, shape, first):
    a, b = (odd, other) if first else (other, odd)
    q = [f"How many {a} and {b} {noun} are on page 3?", f"How many {a} or {b} {noun} are on page 3?",
         f"Are the {noun} on page 3 {a} or {b}?", f"How many {noun} are in {a} or {b} on page 3?",
         f"How many {odd} {other} {noun} are on page 3?"][shape]
    p = parse_question(q)
    assert p.target.colour is None and p.target.narrowed, q


@settings(max_examples=60, deadline=None)
@given(odd=st.sampled_from(ODD), noun=st.sampled_from(["bars", "words", "italic words", "underlined words"]), shape=st.integers(0, 2))
def test_an_unmeasured_colour_alone_leaves_candidates(odd, noun, shape):
    q = [f"How many {odd} {noun} are on page 3?", f"How many {noun} are in {odd} on page 3?", f"What are the {noun} shown in {odd} on page 3?"][shape]
    p = parse_question(q)
    assert p.target.colour is None and p.target.narrowed and any(odd in n for n in p.notes), q


@pytest.mark.parametrize("q", ["How many light-green words are on page 2?", "How many navy-blue bars are on page 1?",
                               "How many blue-green bars are on page 1?", "How many non-red italic words are on page 1?"])
def test_a_hyphened_colour_compound_measures_no_colour(q):
    p = parse_question(q)
    assert p.target.colour is None and p.target.narrowed, q


@pytest.mark.parametrize("q,colour", [("Where did Terry Tan study the foundation course on page 2?", None),
                                      ("How many blue bars show copper prices on page 3?", "blue"),
                                      ("Which copper mine is shown in red on page 3?", "red"),
                                      ("How many light green bars are on page 3?", "green"),
                                      ("How many red-coloured bars are on page 2?", "red")])
def test_control_a_word_of_another_sense_or_a_known_shade(q, colour):
    p = parse_question(q)
    assert p.target.colour == colour, q
    if colour is None:
        assert not p.target.narrowed, q


def _bars(path: Path, rgb: tuple[int, int, int]) -> Path:
    doc = pdfs.new_doc(1)
    page = doc[0]
    for i in range(3):
        page.draw_rect(pymupdf.Rect(110 + 90 * i, 382 - 40 * i, 160 + 90 * i, 442), color=None, fill=tuple(c / 255 for c in rgb))
        pdfs.text(page, (110 + 90 * i, 457), str(2021 + i), size=9)
    pdfs.text(page, (90, 222), "Sales by year", size=12)
    return pdfs.save(doc, path)


def _words(path: Path, rgb: tuple[int, int, int], italic: bool) -> Path:
    doc = pdfs.new_doc(1)
    page = doc[0]
    pdfs.text(page, (72, 100), "Quarterly report on the regional sales", size=12)
    page.insert_text((72, 130), "Important notice here", fontsize=12, color=tuple(c / 255 for c in rgb),
                     fontname="Helvetica-Oblique" if italic else "helv")
    return pdfs.save(doc, path)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plant=st.sampled_from([("silver", (192, 192, 192)), ("teal", (0, 128, 128)), ("turquoise", (64, 224, 208)),
                              ("olive", (128, 128, 0))]), other=st.sampled_from(["blue", "red"]))
def test_bars_of_an_unmeasured_colour_beside_a_known_one_are_never_widened(tmp_path: Path, plant, other):
    name, rgb = plant
    pdf = _bars(tmp_path / f"{name}.pdf", rgb)
    d = pdfs.decide(pdf, f"How many {other} and {name} bars are in the chart on page 1?")
    assert d.decision == "keep" and d.case != "short_not_empty", d.reason


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plant=st.sampled_from([("navy", (0, 0, 128)), ("teal", (0, 128, 128)), ("maroon", (128, 0, 0))]),
       q=st.sampled_from(["How many italic words are in black or {c} on page 1?", "How many italic words are blue or {c} on page 1?"]))
def test_italic_words_of_an_unmeasured_colour_are_never_widened(tmp_path: Path, plant, q):
    name, rgb = plant
    d = pdfs.decide(_words(tmp_path / f"{name}.pdf", rgb, italic=True), q.format(c=name))
    assert d.decision == "keep" and d.case != "short_not_empty", d.reason


def test_black_italic_words_are_not_said_to_be_the_navy_ones(tmp_path: Path):
    pdf = _words(tmp_path / "black.pdf", (0, 0, 0), italic=True)
    for q in ["How many navy italic words are on page 1?", "How many red or blue italic words are on page 1?"]:
        d = pdfs.decide(pdf, q)
        assert d.decision == "keep" and d.case == "unverifiable", (q, d.reason)


def test_control_no_italic_words_still_widens(tmp_path: Path):
    d = pdfs.decide(_words(tmp_path / "upright.pdf", (0, 0, 128), italic=False), "How many italic words are in navy on page 1?")
    assert d.decision == "widen", d.reason

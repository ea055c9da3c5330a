"""Colour words the vocabulary knows: every one a family measures, so a question naming it beside another colour is
never measured by the other alone.

"How many red and gold bars are on page 1?" on a chart of three gold bars: "gold" was no colour word, so the question
named one colour, red, and the red-bar check's zero widened the row, though a reader counts three of the asked bars.
Gold, magenta/fuchsia, cyan/aqua and crimson/scarlet have families (widening/facts/colours.py) and are now colour
words: beside another colour the question names several, and alone the family measures them."""

from __future__ import annotations

import pdfs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening import rulebook as vocab
from widening.facts.colours import family
from widening.question.parse import parse_question

NEW = {"gold": "gold", "golden": "gold", "magenta": "magenta", "fuchsia": "magenta", "cyan": "cyan", "aqua": "cyan",
       "crimson": "red", "scarlet": "red"}
KNOWN = ["red", "blue", "green", "black", "orange", "purple"]


def test_every_colour_key_is_a_family():
    for key, words in vocab.load("vocabulary")["colours"].items():
        family(key)
        for w in words:
            assert family(key) is not None, w


@settings(max_examples=80, deadline=None)
@given(word=st.sampled_from(sorted(NEW)), other=st.sampled_from(KNOWN), noun=st.sampled_from(["bars", "words", "logos"]),
       shape=st.integers(0, 2), first=st.booleans())
def test_a_colour_word_beside_another_makes_several_colours(word, other, noun, shape, first):
    if NEW[word] == other:
        return
    a, b = (word, other) if first else (other, word)
    q = [f"How many {a} and {b} {noun} are on page 3?", f"How many {a} or {b} {noun} are on page 3?",
         f"Are the {noun} on page 3 {a} or {b}?"][shape]
    p = parse_question(q)
    assert p.target.colour is None and any("several colours" in n for n in p.notes), q


@pytest.mark.parametrize("word", sorted(NEW))
def test_a_colour_word_alone_is_measured_by_its_family(word):
    t = parse_question(f"How many {word} bars are in the chart on page 1?").target
    assert (t.element, t.colour) == ("bar", NEW[word])


def test_a_colour_word_of_another_noun_is_not_the_asked_things():
    p = parse_question("How many gold medals are listed on page 1?")
    assert p.target.colour is None


def test_red_and_gold_bars_on_gold_bars_are_never_widened(tmp_path):
    gold = pdfs.three_bars(tmp_path, (212, 175, 55))
    d = pdfs.decide(gold, "How many red and gold bars are there in the chart on page 1?")
    assert d.decision == "keep", d.reason
    d = pdfs.decide(gold, "How many blue or gold bars are in the chart on page 1?")
    assert d.decision == "keep", d.reason


def test_gold_bars_asked_as_gold_are_found_and_green_bars_are_no_gold(tmp_path):
    """Control: the gold family finds the gold bars, and a chart of green bars asked about gold bars is widened."""
    d = pdfs.decide(pdfs.three_bars(tmp_path, (212, 175, 55)), "How many gold bars are in the chart on page 1?")
    assert d.decision == "keep", d.reason
    d = pdfs.decide(pdfs.three_bars(tmp_path, (0, 128, 0)), "How many gold bars are in the chart on page 1?")
    assert d.decision == "widen", d.reason

"""Which colour a question gives the asked thing (parse._colour, rules/vocabulary.yaml ``colour_links``).

Found by a review of the colour probes end to end: "green or blue" was measured as green only,
"bars that are not red" as red bars, and "the bar marked with a red cross" as red bars; each
widened a chart that holds what is asked. A colour is measured only when the question ties
it to the asked thing; otherwise the thing is measured in any colour, or not at all.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs
from widening.question.parse import parse_question

COLOURS = ["red", "green", "blue", "yellow", "orange", "purple"]
ELEMENTS = {"bars": "bar", "logos": "logo", "words": "text", "charts": "chart"}
# Nouns a colour can belong to instead of the asked thing (none is a vocabulary element or style).
MARKS = ["cross", "X", "arrow", "circle", "star", "dot", "marker", "outline", "border", "background", "squares", "underline", "frame"]


@settings(max_examples=60, deadline=None)
@given(colour=st.sampled_from(COLOURS), noun=st.sampled_from(sorted(ELEMENTS)), shape=st.integers(0, 5))
def test_a_colour_tied_to_the_asked_thing_is_measured(colour: str, noun: str, shape: int) -> None:
    q = [f"How many {colour} {noun} are on page 3?", f"How many {noun} on page 3 are {colour}?",
         f"Which {noun} are shown in {colour} on page 3?", f"How many {colour}-coloured {noun} are on page 3?",
         f"How many {colour} colored {noun} are there on page 3?", f"What are the {noun} in {colour} on page 3?"][shape]
    t = parse_question(q).target
    assert (t.colour, t.element) == (colour, ELEMENTS[noun]), q


@settings(max_examples=60, deadline=None)
@given(pair=st.lists(st.sampled_from(COLOURS), min_size=2, max_size=2, unique=True), noun=st.sampled_from(sorted(ELEMENTS)),
       shape=st.integers(0, 3))
def test_several_colours_are_never_measured_as_one(pair: list[str], noun: str, shape: int) -> None:
    a, b = pair
    q = [f"Are the {noun} on page 3 {a} or {b}?", f"How many {a} or {b} {noun} are on page 3?",
         f"How many {a} and {b} {noun} are on page 3?", f"What colour are the {noun} on page 3, {a} or {b}?"][shape]
    p = parse_question(q)
    assert p.target.colour is None and any("several colours" in n for n in p.notes), q


@settings(max_examples=40, deadline=None)
@given(colour=st.sampled_from(COLOURS), noun=st.sampled_from(sorted(ELEMENTS)), shape=st.integers(0, 3))
def test_a_negated_colour_is_never_measured(colour: str, noun: str, shape: int) -> None:
    q = [f"How many {noun} on page 3 are not {colour}?", f"How many of the {noun} on page 3 aren't {colour}?",
         f"How many {noun} on page 3 are not coloured {colour}?", f"Which {noun} on page 3 are never shown in {colour}?"][shape]
    p = parse_question(q)
    assert p.target.colour is None and any("negation" in n for n in p.notes), q


@settings(max_examples=60, deadline=None)
@given(colour=st.sampled_from(COLOURS), noun=st.sampled_from(sorted(ELEMENTS)), mark=st.sampled_from(MARKS), shape=st.integers(0, 2))
def test_a_colour_of_another_thing_is_not_the_asked_things(colour: str, noun: str, mark: str, shape: int) -> None:
    q = [f"Which {noun[:-1]} is marked with a {colour} {mark} on page 3?", f"What is the value of the {noun[:-1]} with the {colour} {mark} on page 3?",
         f"How many {noun} have a {colour} {mark} on page 3?"][shape]
    p = parse_question(q)
    assert p.target.colour is None and any(f"'{colour} {mark}'" in n for n in p.notes), q


def _grey_bars(path: Path, mark: str | None = None) -> Path:
    """Page 3 holds a chart of four bars, blue or grey, one marked with a red cross or none."""
    doc = pymupdf.open()
    for i in range(1, 5):
        page = doc.new_page(width=500, height=400)
        page.insert_text((40, 40), f"Quarterly results, part {i}.", fontsize=11)
        if i == 3:
            fill = (0.27, 0.45, 0.77) if mark == "blue" else (0.6, 0.6, 0.6)
            for k, h in enumerate((120, 180, 90, 150)):
                page.draw_rect(pymupdf.Rect(80 + 80 * k, 320 - h, 130 + 80 * k, 320), color=None, fill=fill)
            page.draw_line((60, 320), (420, 320), color=(0, 0, 0), width=0.8)
            if mark == "cross":
                x, y = 185, 120
                page.draw_polyline([(x - 8, y - 8), (x + 8, y + 8)], color=(0.9, 0.1, 0.1), width=3)
                page.draw_polyline([(x - 8, y + 8), (x + 8, y - 8)], color=(0.9, 0.1, 0.1), width=3)
    return pdfs.save(doc, path)


@pytest.mark.parametrize("mark, question", [
    ("blue", "What colour is used for the bars on page 3, green or blue?"),
    ("blue", "Is the green bar or the blue bar taller in the chart on page 3?"),
    (None, "How many bars in the chart on page 3 are not red?"),
    (None, "How many of the bars on page 3 aren't red?"),
    ("cross", "Which bar is marked with a red cross in the chart on page 3?"),
])
def test_a_chart_of_what_is_asked_is_never_none(tmp_path: Path, mark: str | None, question: str) -> None:
    path = _grey_bars(tmp_path / "chart.pdf", mark)
    d = pdfs.decide(path, question)
    assert d.decision != "widen", d.reason
    # Control: a colour the question ties to the bars is measured, and none is there.
    assert pdfs.decide(path, "How many green bars are in the chart on page 3?").decision == "widen"

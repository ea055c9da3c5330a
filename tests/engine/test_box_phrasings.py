"""A coloured box named in any of the ways a reader writes it is a box read inside, never a text colour.

A green-outlined box (white fill) holding black words: a question that reads inside it ("the green text box",
"the box that is green", "the box with a green border", "what does the green box say", "the words enclosed by
the green label") must not leave its colour to the asked words, or a text-colour check finds no green word
and widens while the box holds one. Read as a box, the row is kept while the page shows green, and is
missing_container only on a page with no green at all."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import Row
from widening.question.boxes import named_boxes
from widening.question.parse import parse_question


def decide(path: Path, q: str):
    doc = load_doc(path, ocr=False)
    try:
        return decide_row(Row(doc_id="fixture.pdf", question=q, answer="Not answerable"), doc)
    finally:
        doc.close()


def deck(path: Path, outlined: bool) -> Path:
    """Three text pages; with ``outlined``, page 2 has a box drawn only as a green outline around the word 'Hello'."""
    doc = pymupdf.open()
    for i in range(1, 4):
        page = doc.new_page(width=400, height=500)
        page.insert_text((40, 60), f"Section {i}: getting started with the service", fontsize=12)
        if i == 2 and outlined:
            page.draw_rect(pymupdf.Rect(60, 300, 260, 360), color=(0, 0.6, 0), width=2)
            page.insert_text((70, 335), "Hello", fontsize=12, color=(0, 0, 0))
    doc.save(path)
    doc.close()
    return path


@pytest.fixture(scope="module")
def outlined(tmp_path_factory) -> Path:
    return deck(tmp_path_factory.mktemp("box") / "outlined.pdf", True)


@pytest.fixture(scope="module")
def plain(tmp_path_factory) -> Path:
    return deck(tmp_path_factory.mktemp("box") / "plain.pdf", False)


PLACES = ["green text box", "green textbox", "box that is green", "box that's green", "box colored in green",
          "box filled with green", "box shaded green", "box highlighted in green", "box with a green border",
          "box that has a green background", "green highlighted text box", "light green box", "lime-green box",
          "green label", "green square", "text box drawn in green", "rectangle which is coloured green"]
ASKS = ["What is the word written in the {x} on page 2?", "What text is shown inside the {x} on page 2?",
        "List the words enclosed by the {x} on page 2.", "What is the word surrounded by the {x} on page 2?",
        "What's the text inside of the {x} on page 2?", "What does the {x} on page 2 say?",
        "What is the text of the {x} on page 2?"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(place=st.sampled_from(PLACES), ask=st.sampled_from(ASKS))
def test_a_green_outlined_box_holding_a_word_is_never_widened(outlined: Path, place: str, ask: str) -> None:
    q = ask.format(x=place)
    parsed = parse_question(q)
    assert [b.colour for b in parsed.boxes] == ["green"] and parsed.target.colour is None, q
    d = decide(outlined, q)
    assert d.decision == "keep" and d.case == "unverifiable", (q, d.reason)
    assert any(m.page == 2 for m in d.doubts), (q, d.doubts)


@pytest.mark.parametrize("place", ["green text box", "box that is green", "box with a green border", "text box drawn in green"])
def test_control_no_green_on_the_page_is_a_missing_box(plain: Path, place: str) -> None:
    d = decide(plain, f"What is the word written in the {place} on page 2?")
    assert d.case == "missing_container", d.reason


@pytest.mark.parametrize("q", [
    "What are the green words on page 2?",  # the colour is the words'
    "What is the word in the box with green text on page 2?",
    "What is the word in the box of green text on page 2?",
])
def test_control_a_colour_of_the_words_is_still_the_targets(plain: Path, q: str) -> None:
    assert named_boxes(q) == [] and parse_question(q).target.colour == "green"
    assert decide(plain, q).decision == "widen"


@pytest.mark.parametrize("q", [
    "How many red boxes are on page 2?",  # the boxes are what is asked for
    "What do the red squares denote in Fig 1?",  # what marks stand for: no box read
    "Which bar is marked with a red circle on page 3?",
    "Which method integrates knowledge into white-box models via directive fine-tuning?",
])
def test_control_boxes_not_read_are_not_containers(q: str) -> None:
    assert named_boxes(q) == []


def test_two_colours_joined_by_and_are_alternatives() -> None:
    from widening.question.boxes import box_groups

    q = "What are the words in the green and blue boxes on page 2?"
    boxes = named_boxes(q)
    assert sorted(b.colour for b in boxes) == ["blue", "green"]
    assert len(box_groups(q, boxes)) == 1  # missing only when neither shows

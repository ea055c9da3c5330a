"""Counts asked in other words than "how many": "what is the total number of", "what's the count of", "give the
number of", "the number of X is?" ask how many, so a zero key to them is a count the check can confirm or contradict.
A number phrase that is not the head of what is asked ("which continent has the most number of", "when did the
number of tweets exceed", "the sum of the number of") names a quantity, and "the number of the bus" an identifier:
no count, and a zero key to them stays a value (never confirmed or contradicted by what a check finds)."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.question.parse import parse_question

COUNTS = [
    "What is the total number of italic words on page 2?",
    "What is the overall number of tables on page 2?",
    "What's the count of italic words on page 2?",
    "What\u2019s the total count of italic words on page 2?",
    "Give the number of italic words on page 2.",
    "Tell me the number of tables on page 2.",
    "The number of italic words on page 2 is?",
    "According to the report, what is the total number of tables on page 2?",
    "What number of tables are on page 2?",
    "Count the tables on page 2.",
    "what is the number of red logos in page 10?",
]

NOT_COUNTS = [
    ("What is the number of the bus on page 2?", "what"),
    ("What is the number of its route on page 2?", "what"),
    ("Which continent has the most number of registered participants?", "which"),
    ("When did the number of tweets exceed 700,000?", "which"),
    ("What is the sum of the number of cars on page 2 and the number of bars on page 4?", "what"),
    ("What is the average number of words per user?", "what"),
    ("List all countries mentioned on page 2. Note that we do not count EU as a country.", "list"),
    ("What is the phone number of the office on page 2?", "what"),
]


@pytest.mark.parametrize("question", COUNTS)
def test_count_phrases_ask_how_many(question: str) -> None:
    assert parse_question(question).quantifier == "how_many"


@pytest.mark.parametrize("question, quantifier", NOT_COUNTS)
def test_number_phrases_that_are_not_the_asked_head_are_no_count(question: str, quantifier: str) -> None:
    assert parse_question(question).quantifier == quantifier


FRAMES = ["What is", "What's", "What was", "Give", "Tell me", "Please give", "State", "Find"]
HEADS = ["number of", "total number of", "overall number of", "count of", "total count of"]
THINGS = ["italic words", "tables", "charts", "phone numbers", "bold headings"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(FRAMES), st.sampled_from(HEADS), st.sampled_from(THINGS), st.sampled_from(["", "In the survey, "]))
def test_property_a_framed_count_head_is_a_count_and_before_the_a_name(frame: str, head: str, things: str, lead: str) -> None:
    asked = f"{lead}{frame if not lead else frame.lower()} the {head} {things} on page 2?"
    assert parse_question(asked).quantifier == "how_many", asked
    if head == "number of":
        one = f"{lead}{frame if not lead else frame.lower()} the number of the {things.split()[-1][:-1]} on page 2?"
        assert parse_question(one).quantifier != "how_many", one


def _italic(path: Path, italic: bool) -> Path:
    doc = pdfs.new_doc(3)
    for i, page in enumerate(doc, 1):
        pdfs.text(page, (72, 72), f"Report section {i}", size=14)
        pdfs.text(page, (72, 110), "The survey was run online in the spring.")
    if italic:
        pdfs.text(doc[1], (72, 140), "Estimated", font="tiit")
    return pdfs.save(doc, path)


def test_zero_key_to_total_number_is_confirmed_on_an_empty_page(tmp_path: Path) -> None:
    _, v = pdfs.zero_verdict(_italic(tmp_path / "none.pdf", False), "What is the total number of italic words on page 2?")
    assert v.verdict == "confirmed", v.reason


def test_zero_key_to_total_number_is_contradicted_by_an_italic_word(tmp_path: Path) -> None:
    _, v = pdfs.zero_verdict(_italic(tmp_path / "one.pdf", True), "What is the total number of italic words on page 2?")
    assert v.verdict == "contradicted", v.reason


def test_control_zero_key_to_an_identifier_stays_a_value(tmp_path: Path) -> None:
    _, v = pdfs.zero_verdict(_italic(tmp_path / "one.pdf", True), "What is the number of the italic word on page 2?")
    assert v.verdict == "unverifiable", v.reason

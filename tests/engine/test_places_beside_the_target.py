"""A place named by a word other than "in / on" ("next to the logo", "below the map", "of the first paragraph",
"that follow the title", "when quoting", "between the two figures") or one item picked by an ordinal ("the second
italic word"): the check looks at the whole page, so what it finds is a candidate, never "the set is not empty"
(widening/engine/accounting.py unread_place, rules/vocabulary.yaml place_links). A zero of the page still widens,
and the page itself, the whole document or "in total" is no such place."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import pdfs
from widening.engine.accounting import unread_place
from widening.question.parse import parse_question

PLACES = ["of the first paragraph on page 5", "next to the logo on page 5", "below the map on page 5", "before the table on page 5",
          "above the chart on page 5", "that follow the title on page 5", "following the heading on page 5",
          "between the two figures on page 5", "of the last line on page 5", "beside the quote on page 5",
          "used when quoting on page 5", "near the footer on page 5", "after the introduction on page 5"]
SUBJECTS = ["How many italic words does the first paragraph on page 5 contain?", "How many red words does the title on page 5 have?"]
PLAIN = ["on page 5", "in total on page 5", "on page 5 of the report", "on page 5, in order of appearance", "in the whole document",
         "in this presentation", "on page 5 of this document", "in the text of page 5"]


@given(place=st.sampled_from(PLACES), ask=st.sampled_from(["How many italic words are {p}?", "What are the italic words {p}?",
                                                           "List the red words {p}."]))
def test_a_place_after_another_link_is_named(place: str, ask: str) -> None:
    assert unread_place(parse_question(ask.format(p=place))) is not None


@pytest.mark.parametrize("ask", SUBJECTS)
def test_a_place_said_as_the_subject_is_named(ask: str) -> None:
    assert unread_place(parse_question(ask)) is not None


@given(ask=st.sampled_from(["What is the second italic word on page 5?", "What is the 3rd bold word on page 5?",
                            "Which is the fourth red word on page 5?", "What is the second phone number on page 5?"]))
def test_an_ordinal_past_the_first_picks_one(ask: str) -> None:
    assert unread_place(parse_question(ask)) is not None


@given(place=st.sampled_from(PLAIN), ask=st.sampled_from(["How many italic words are {p}?", "What are the italic words {p}?"]))
def test_control_the_page_the_document_or_no_place(place: str, ask: str) -> None:
    assert unread_place(parse_question(ask.format(p=place))) is None


@pytest.mark.parametrize("ask", ["Which of the following italic words are on page 5?", "How many of the italic words are on page 5?",
                                 "What is the first italic word on page 5?", "How many pages have at least one italic word?",
                                 "What kind of italic words are on page 5?", "How many italic words does page 5 contain?",
                                 "How many italic words does the document contain?", "What italic words does the author use on page 5?"])
def test_control_words_that_name_no_place(ask: str) -> None:
    assert unread_place(parse_question(ask)) is None


@pytest.fixture(scope="module")
def six(tmp_path_factory) -> Path:
    doc = pdfs.new_doc(6)
    for i in range(6):
        pdfs.text(doc[i], (72, 100), f"Harbour traffic notes, section {i + 1}.")
    pdfs.text(doc[0], (72, 140), "Our Paris office and Smith's remarks follow.")
    pdfs.text(doc[4], (72, 140), "The Kangaroo exhibit drew crowds.", font="heit")  # the only styled text: page 5's body
    pdfs.text(doc[4], (72, 180), "Ferry schedules changed.", font="hebo")
    pdfs.text(doc[4], (72, 220), "Crimson banner", colour=(1, 0, 0))
    return pdfs.save(doc, tmp_path_factory.mktemp("s") / "six.pdf")


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(place=st.sampled_from(PLACES), style=st.sampled_from(["italic", "bold", "red"]))
def test_a_find_beside_the_named_place_is_no_member(six: Path, place: str, style: str) -> None:
    d = pdfs.decide(six, f"How many {style} words are {place}?")
    assert d.decision == "keep" and d.case != "short_not_empty", d.reason
    assert d.case == "unverifiable" and "candidates" in d.reason, d.reason


@pytest.mark.parametrize("ask", [*SUBJECTS, "What is the second italic word on page 5?", "What are the italic words in Smith's quote on page 5?",
                                 "What are the bold words of the Paris office on page 5?"])
def test_one_picked_or_a_named_thing_is_no_member(six: Path, ask: str) -> None:
    d = pdfs.decide(six, ask)
    assert d.decision == "keep" and d.case == "unverifiable" and "candidates" in d.reason, d.reason


@pytest.mark.parametrize("ask", ["How many italic words are on page 5?", "How many italic words are in total on page 5?",
                                 "What is the first italic word on page 5?", "How many red words are on page 5 of this document?"])
def test_control_the_page_itself_is_short(six: Path, ask: str) -> None:
    d = pdfs.decide(six, ask)
    assert (d.decision, d.case) == ("keep", "short_not_empty"), d.reason


@pytest.mark.parametrize("ask", ["What are the underlined words that follow the title on page 5?",
                                 "How many bold words are next to the logo on page 3?",
                                 "What is the second italic word on page 2?"])
def test_a_zero_of_the_wider_scope_still_widens(six: Path, ask: str) -> None:
    d = pdfs.decide(six, ask)
    assert d.decision == "widen", d.reason

"""A place the question names that no container reads ("in the title", "on the even-numbered pages",
"in the bullet points on page 5"): the check looks at the page or document around it, so what it finds
may lie outside that place. Its finds are candidates, never members: no short_not_empty the page refutes.
A zero still holds (a zero of the wider scope is a zero of every part of it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import pdfs
from widening.engine.accounting import unread_place
from widening.question.parse import parse_question

# "in the table of contents" is a section a heading names (tests/engine/test_containers_sections.py), no longer such a place.
PLACES = ["in the title", "in the legend", "in the quote on page 5", "on the even-numbered pages", "in the headings",
          "in the bullet points on page 5", "in the sidebar quote", "within the pull quotes",
          "in the credits", "in the captions", "across the section headings"]
WHOLE = ["on page 5", "in the document", "in the whole report", "on slide 5", "in total on page 5", "in the PDF"]


@given(place=st.sampled_from(PLACES), ask=st.sampled_from(["How many italic words are {p}?", "What are the italic words {p}?",
                                                           "List the italic words {p}."]))
def test_a_place_no_container_reads_is_named(place: str, ask: str) -> None:
    assert unread_place(parse_question(ask.format(p=place))) is not None


@given(place=st.sampled_from(WHOLE), ask=st.sampled_from(["How many italic words are {p}?", "What are the italic words {p}?"]))
def test_control_the_container_or_the_whole_document_is_no_such_place(place: str, ask: str) -> None:
    assert unread_place(parse_question(ask.format(p=place))) is None


@pytest.fixture(scope="module")
def six(tmp_path_factory) -> Path:
    doc = pdfs.new_doc(6)
    for i in range(6):
        pdfs.text(doc[i], (72, 100), f"Harbour traffic notes, section {i + 1}.")
    pdfs.text(doc[4], (72, 140), "The Kangaroo exhibit drew crowds.", font="heit")  # body text of page 5 only
    return pdfs.save(doc, tmp_path_factory.mktemp("s") / "six.pdf")


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(place=st.sampled_from(PLACES))
def test_a_find_outside_the_named_place_is_no_member(six: Path, place: str) -> None:
    d = pdfs.decide(six, f"How many italic words are {place}?")
    assert d.decision == "keep" and d.case != "short_not_empty", d.reason
    assert d.case == "unverifiable" and "candidates" in d.reason, d.reason


def test_control_the_page_itself_is_short(six: Path) -> None:
    d = pdfs.decide(six, "How many italic words are on page 5?")
    assert (d.decision, d.case) == ("keep", "short_not_empty"), d.reason


def test_a_zero_of_the_wider_scope_still_widens(six: Path) -> None:
    d = pdfs.decide(six, "How many bold words are in the headings on page 5?")
    assert d.decision == "widen", d.reason


@pytest.mark.parametrize("q", ["How many italic words mention Kestrel on page 5?", "How many times does the word Kestrel appear in italics on page 5?"])
def test_a_name_the_check_does_not_take_makes_candidates(tmp_path: Path, q: str) -> None:
    # "Kestrel" is printed on page 5 in an upright line; the italic line there does not mention it.
    doc = pdfs.new_doc(6)
    pdfs.text(doc[4], (72, 100), "The Kestrel ferry left at noon.")
    pdfs.text(doc[4], (72, 140), "The Kangaroo exhibit drew crowds.", font="heit")
    d = pdfs.decide(pdfs.save(doc, tmp_path / "k.pdf"), q)
    assert d.decision == "keep" and d.case != "short_not_empty", d.reason
    assert "Kestrel" in d.reason, d.reason

"""A negated presence in words other than "not" + a presence verb ("nowhere to be seen", "not to be found", "no
longer shown", "fail to appear", "don't show up", "appear nowhere", "the pictures that page 2 does not contain") asks
for what a place does not hold. Unread, a check counted what the place holds, found none and widened: the zero of the
opposite set. Each is read (rules/cases.yaml complement) and the row is kept; a bounded one is never claimed."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from tests import pdfs
from widening.engine import cases
from widening.question.parse import parse_question

_FORMS = ["are nowhere to be seen on", "are not to be found on", "are no longer shown on", "fail to appear on",
          "don't show up on", "do not show up on", "appear nowhere on", "failed to appear on", "do not exist on"]


@pytest.fixture(scope="module")
def text_only(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three pages of plain words: no picture anywhere."""
    return pdfs.save(pdfs.plain_text_pages(3), tmp_path_factory.mktemp("neg") / "plain.pdf")


@pytest.mark.parametrize("form", _FORMS)
def test_a_negated_presence_in_other_words_is_never_widened(text_only: Path, form: str) -> None:
    d = pdfs.decide(text_only, f"How many pictures {form} page 2?")
    assert d.decision == "keep", (form, d.reason)
    assert d.case in ("unbounded_complement", "unverifiable"), (form, d.case)


@pytest.mark.parametrize("q", ["How many pictures that page 2 does not contain are there?",
                               "How many pictures which page 2 doesn't have are there?"])
def test_a_relative_clause_whose_subject_is_the_place_is_never_widened(text_only: Path, q: str) -> None:
    d = pdfs.decide(text_only, q)
    assert d.decision == "keep" and d.case == "unverifiable", d.reason


def test_control_the_same_question_without_negation_widens(text_only: Path) -> None:
    d = pdfs.decide(text_only, "How many pictures are on page 2?")
    assert d.decision == "widen", d.reason


@given(form=st.sampled_from(_FORMS), thing=st.sampled_from(["icons", "logos", "apps", "sensors"]),
       place=st.sampled_from(["the status bar", "the home screen", "the diagram"]))
@settings(max_examples=40, deadline=None)
def test_the_open_forms_are_unbounded_and_the_listed_ones_bounded(form: str, thing: str, place: str) -> None:
    q = f"Which {thing} {form.rsplit(' ', 1)[0]} in {place}?"
    f = cases.unbounded_complement(parse_question(q))
    assert f is not None and f.case in ("unbounded_complement", "unverifiable"), q
    listed = f"Which of the following {thing} {form.rsplit(' ', 1)[0]} in {place}? Alpha, Beta and Gamma."
    g = cases.unbounded_complement(parse_question(listed))
    assert g is None or g.case == "unverifiable", (listed, g)


@pytest.mark.parametrize("q", ["Which figures do not show a person?", "Name the figures that do not show a person.",
                               "How many figures in the report do not show a person?",
                               "If the screen does not show the logo, which button should be pressed?",
                               "What percentage of respondents who do not use mobile banking are over 65?"])
def test_control_a_predicate_is_still_no_complement(q: str) -> None:
    assert cases.unbounded_complement(parse_question(q)) is None, q

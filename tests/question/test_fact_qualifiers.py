"""Presupposed entities of fact questions, read from the question alone (issue 11): a company
named with a dropped possessive "s", fiscal years, names next to another qualifier, and
questions whose capitals carry no information. Rewordings give the same parse."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from widening.question.parse import parse_question


def quals(q: str) -> set[tuple[str, str]]:
    return {(x.kind, x.text) for x in parse_question(q).qualifiers}


AMCOR_2020 = {("name", "AMCOR"), ("year", "2020")}


@pytest.mark.parametrize("question", [
    "what is interest coverage ratio for AMCOR'FY 2020? round your answer to three decimal?",
    "what is interest coverage ratio for AMCOR’FY 2020?",
    "What is the interest coverage ratio for AMCOR's FY 2020?",
    "What is the interest coverage ratio for AMCOR FY2020?",
    "What is the interest coverage ratio for AMCOR in FY20?",
    "What is the interest coverage ratio for AMCOR in FY'20?",
    "In FY 2020, what is the interest coverage ratio for AMCOR?",
    "For AMCOR, what was the interest coverage ratio in fiscal 2020?",
    "Tell me the interest coverage ratio of AMCOR for F.Y. 2020.",
])
def test_a_company_and_its_fiscal_year(question: str) -> None:
    assert quals(question) == AMCOR_2020


@pytest.mark.parametrize("question, expected", [
    # an apostrophe inside a name opens no name at the letter before it: the word is one name
    ("What did O'Brien say?", {("name", "O'Brien")}),
    # a plural's possessive ends the name (before, "Germanwings'" opened no name at all)
    ("What is Germanwings' fleet size?", {("name", "Germanwings")}),
    ("How many planes do the Zorblax Airlines’ pilots fly?", {("name", "Zorblax Airlines")}),
    # a possessive in capitals still ends the name
    ("What is MCDONALD'S revenue in 2019?", {("name", "MCDONALD"), ("year", "2019")}),
    # "FY" alone is the fiscal-year frame word, not a name
    ("What is the ratio for AMCOR's FY?", {("name", "AMCOR")}),
    # a count of months is not a fiscal year
    ("What was the ratio over the fiscal 12 months?", set()),
    # a code next to its name: both, each with its own span
    ("What is the market name for EPS Code AR03?", {("name", "EPS Code"), ("model", "AR03")}),
])
def test_edges(question: str, expected: set[tuple[str, str]]) -> None:
    assert quals(question) == expected


def test_spans_point_at_what_was_said() -> None:
    p = parse_question("What is the interest coverage ratio for AMCOR in FY20?")
    said = {x.kind: p.text[x.span[0]:x.span[1]] for x in p.qualifiers if x.span}
    assert said == {"name": "AMCOR", "year": "FY20"}


FACT_QUESTIONS = [
    "What is the interest coverage ratio for AMCOR in 2020?",
    "According to the report, how many blogs mentioned Airbus in 2015?",
    "Which newspaper is quoted about Spain in the report?",
    "How many steps pair the headset with a computer running Windows 9.0?",
]


@given(st.sampled_from(FACT_QUESTIONS), st.sampled_from([str.upper, str.title]))
def test_capitals_that_carry_no_information_make_no_names(question: str, recase) -> None:
    """In capitals or Title Case a capital does not tell a name from a word: no name is read,
    so no frame word ("WHAT", "According To The Report") can become an absent entity."""
    p = parse_question(recase(question))
    assert not [x for x in p.qualifiers if x.kind == "name"], p.qualifiers
    # the years are still read, and nothing is read that the lower-case question does not give
    assert {t for k, t in quals(recase(question)) if k == "year"} == {t for k, t in quals(question) if k == "year"}


FRAMES = [
    "what is the interest coverage ratio for {q}?",
    "According to the filing, what is the interest coverage ratio for {q}?",
    "Tell me the interest coverage ratio for {q}.",
    "For {q}, what is the interest coverage ratio?",
    "what  is the interest coverage ratio for {q} ? round your answer to three decimals.",
    "Please give the interst coverage ratio for {q}.",  # a typo in a frame word
]


@given(st.sampled_from(["AMCOR'FY 2020", "AMCOR's FY 2020", "AMCOR FY2020", "AMCOR in FY20", "AMCOR in 2020"]),
       st.sampled_from(FRAMES))
def test_rewordings_give_the_same_entities(q: str, frame: str) -> None:
    assert quals(frame.format(q=q)) == AMCOR_2020

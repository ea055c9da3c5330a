"""Qualifier extraction from the question alone (rules/qualifiers.yaml): kinds, spans, and the
same qualifiers under rewordings."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from widening.question.parse import parse_question


def quals(q: str) -> set[tuple[str, str]]:
    return {(x.kind, x.text) for x in parse_question(q).qualifiers}


@pytest.mark.parametrize("question, expected", [
    ("What does GPT-4o score on the benchmark?", {("model", "GPT-4o")}),
    ("Is Windows 9.0 supported by the driver?", {("numbered", "Windows 9.0")}),
    ("What colour is the iPhone 12 shown?", {("numbered", "iPhone 12")}),
    ("What do error numbers 288 and 388 mean?", {("numbered", "error numbers 288"), ("numbered", "error 388")}),
    ("How many people were interviewed in Wave IV?", {("numbered", "Wave IV")}),
    ("What did Recruiter C post?", {("numbered", "Recruiter C")}),
    ("What is the benefit of level-6?", {("level", "level-6")}),
    ("What happened in May 2018?", {("date", "May 2018")}),
    ("What was said on March 3, 2019?", {("date", "March 3, 2019")}),
    ("How did sales change from 2002 to 2003?", {("year_range", "2002 to 2003")}),
    ("How many more debit card users were there in 2013 than in 2012?", {("year", "2013"), ("year", "2012")}),
    ("What does the 'net promoter score' measure?", {("quoted", "net promoter score")}),
    ("Which area of New York is shown?", {("name", "New York")}),
    # words that are not entities
    ("What is the word written in Green box on page 17?", set()),
    ("List all the icons about signals that can not be found in Status Bar", set()),
    ("How many Red Logos are on page 3?", set()),
    ("What happened in the 1990s over 5km at 10am?", set()),
])
def test_qualifier_kinds(question: str, expected: set[tuple[str, str]]) -> None:
    assert quals(question) == expected


@given(st.sampled_from([
    "What is the benefit of level-6 in the system that passed TRUCS?",
    "What do error numbers 288 and 388 mean in Windows 9.0?",
    "How many debit card users did Recruiter C count in Wave IV in May 2018?",
    "Between 2002 and 2003, what did the 'quarterly review' say about GPT-4o?",
]))
def test_every_span_points_at_its_qualifier(question: str) -> None:
    p = parse_question(question)
    assert p.qualifiers
    for x in p.qualifiers:
        assert x.span is not None
        said = p.text[x.span[0]:x.span[1]]
        assert said and (said in x.text or x.text in said), (x, said)
    spans = sorted(x.span for x in p.qualifiers if x.span)
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:])), "qualifiers never overlap"


QUALIFIED = ["Wave IV", "Recruiter C", "GPT-4o", "error 388", "2013", "May 2018", "New York", "Windows 9.0", "iPhone 12"]
FRAMES = [
    "How many respondents in {q} said yes?",
    "how many respondents said yes in {q}?",
    "In {q}, how many respondents said yes?",
    "According to the report, how many respondents in {q} said  yes ?",
    "Tell me the number of respondents who said yes for {q}.",
]


@given(st.sampled_from(QUALIFIED), st.sampled_from(FRAMES), st.sampled_from(FRAMES))
def test_rewordings_give_the_same_qualifiers(q: str, a: str, b: str) -> None:
    assert quals(a.format(q=q)) == quals(b.format(q=q))
    assert any(q.lower() in t.lower() or t.lower() in q.lower() for _, t in quals(a.format(q=q)))


@given(n=st.integers(1, 20), sep=st.sampled_from(["", "-", " "]), noun=st.sampled_from(["texts", "results", "countries", "words"]))
def test_a_top_n_count_is_a_cardinality_never_a_presupposed_name(n, sep, noun):
    p = parse_question(f"What are the top{sep}{n} {noun} of the yellow words in the document?")
    assert p.cardinality == n
    assert not [q for q in p.qualifiers if f"top{sep}{n}".lower() in q.text.lower()]


@pytest.mark.parametrize("question, expected", [
    ("When was John F. Kennedy elected?", {("name", "John F. Kennedy")}),
    ("What did George W. Bush sign in 2002?", {("name", "George W. Bush"), ("year", "2002")}),
    ("What did Recruiter C post?", {("numbered", "Recruiter C")}),
    ("What did Recruiter C. post?", {("numbered", "Recruiter C")}),
])
def test_a_middle_initial_is_part_of_a_name_not_a_designator(question: str, expected: set[tuple[str, str]]) -> None:
    """A one-letter "F." followed by a capitalised word is a middle initial: "John F" is no numbered item."""
    assert quals(question) == expected


@pytest.mark.parametrize("question, expected", [
    ("How many offices are in Ft. Lauderdale?", {("name", "Ft. Lauderdale")}),
    ("How many students are at Univ. of Bergen?", {("name", "Univ. of Bergen")}),
    ("How many staff work at the Dept. of Energy?", {("name", "Dept. of Energy")}),
    ("How many stations are on Mt. Everest?", {("name", "Mt. Everest")}),
    # a title or a saint's abbreviation joins nothing, and its period ends no sentence: the word after it is a name
    ("Who visited St. Louis in 2019?", {("name", "Louis"), ("year", "2019")}),
    ("What did Dr. Smith say?", {("name", "Smith")}),
    ("What did the U.S. Department of Labor report?", {("name", "Department of Labor")}),
    # "and" leaves two names apart; the engine reads them joined too (name_readings)
    ("How many offices do Google and Amazon have?", {("name", "Google"), ("name", "Amazon")}),
])
def test_an_abbreviation_with_its_period_opens_the_name_it_abbreviates(question: str, expected: set[tuple[str, str]]) -> None:
    """"Ft. Lauderdale" is one name, never the name "Ft" with "Lauderdale" read as a sentence's first word."""
    assert quals(question) == expected


@pytest.mark.parametrize("question, name, readings", [
    ("How many firms did the Securities and Exchange Commission fine?", "Securities", [["Securities and Exchange Commission"]]),
    ("How many rules did the Department of Health and Human Services issue?", "Department of Health",
     [["Department of Health and Human Services"]]),
    ("How many hires did the Department for Education make?", "Education", [["Department for Education"]]),
    ("How many offices do Google and Amazon have?", "Amazon", [["Google and Amazon"]]),
    ("How many offices are in Ft. Lauderdale?", "Ft. Lauderdale", [["Ft"]]),
    ("Which area of New York is shown?", "New York", []),
])
def test_a_name_is_also_read_joined_across_and_or_split_at_an_abbreviation(question: str, name: str, readings: list[list[str]]) -> None:
    """The other readings the engine must find absent too before it claims the name absent."""
    from widening.question.parse import name_readings

    p = parse_question(question)
    q = next(x for x in p.qualifiers if x.text == name)
    assert q.span is not None
    assert [[x.text for x in r] for r in name_readings(p.text, q.span)] == readings

"""How the question names a person, a date, a year and a page: parsed as a reader reads them.

A name runs across its particles ("Ludwig van Beethoven") and over an apostrophe inside a word ("Conan
O'Brien"); a month's short form beside a day ("Mar 19th") is a date's word, no name; a run that opens the
sentence may be read without its first word ("Yesterday Biden ..."); a year in roman numerals ("MMXIX") is
that year; a page number is spelt out beyond hundreds ("page two thousand"); a page compared with another
place ("than in the appendix") is no scope of the page alone; the place-join and cover-side words are data
(rules/vocabulary.yaml)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening import rulebook
from widening.models import ContainerKind
from widening.question.parse import name_readings, parse_question


def names(q: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(x.text, x.parts) for x in parse_question(q).qualifiers if x.kind == "name"]


def kinds(q: str) -> set[str]:
    return {x.kind for x in parse_question(q).qualifiers}


@pytest.mark.parametrize("question, expected", [
    ("What did Ludwig van Beethoven compose in 1824?", [("Ludwig van Beethoven", ("Ludwig", "Beethoven"))]),
    ("Which fable by Jean-Luc de la Fontaine opens page 2?", [("Jean-Luc de la Fontaine", ("Jean-Luc", "Fontaine"))]),
    ("What does Mohammed bin Salman say on page 2?", [("Mohammed bin Salman", ("Mohammed", "Salman"))]),
    ("How many images of Conan O'Brien are on page 2?", [("Conan O'Brien", ("Conan", "O'Brien"))]),
    ("What is the phone number of Mary-Kate O'Neil?", [("Mary-Kate O'Neil", ("Mary-Kate", "O'Neil"))]),
    ("What is D'Angelo Russell's phone number?", [("D'Angelo Russell", ("D'Angelo", "Russell"))]),
    # a capitalised particle is a word of the name like any other
    ("What is the email of Jean-Claude Van Damme?", [("Jean-Claude Van Damme", ("Jean-Claude", "Van", "Damme"))]),
])
def test_a_name_runs_across_particles_and_apostrophes(question: str, expected: list) -> None:
    assert names(question) == expected
    assert "numbered" not in kinds(question)  # never "Conan O", a numbered thing


def test_controls_a_possessive_and_a_dropped_possessive_still_end_the_name() -> None:
    assert names("What is Wave IV's share?") == []
    assert names("How many images show AMCOR'FY results?") == [("AMCOR", ())]
    assert names("What did O'Brien's team say?") == [("O'Brien", ())]
    # a lower-case word between names that is no particle still splits them
    assert names("Did Ludwig meet Beethoven?") == [("Ludwig", ()), ("Beethoven", ())]


@settings(max_examples=60, deadline=None)
@given(first=st.sampled_from(["Joran", "Mirela", "Tobiah", "Jean-Paul"]), last=st.sampled_from(["Vasquell", "Brindor", "O'Halloway"]),
       particles=st.lists(st.sampled_from(["van", "von", "der", "de", "la", "du", "da", "di", "del", "bin", "ibn"]), min_size=0, max_size=2))
def test_particles_join_one_name_whose_parts_leave_them_out(first: str, last: str, particles: list[str]) -> None:
    said = " ".join([first, *particles, last])
    assert names(f"What did {said} say about the plan?") == [(said, (first, last))]


@pytest.mark.parametrize("question", ["What happened at the meeting of Mar 19th on page 2?", "What happened on Sept. 3 on page 2?",
                                      "What happened on 19 Mar on page 2?"])
def test_a_month_beside_a_day_is_no_name(question: str) -> None:
    assert names(question) == []


def test_control_a_month_word_without_a_day_is_left_as_before() -> None:
    assert names("What did Jan Koum say?") == [("Jan Koum", ("Jan", "Koum"))]


def test_a_run_opening_the_sentence_is_also_read_without_its_first_word() -> None:
    q = "Yesterday Biden said how many images are on page 2?"
    (name,) = parse_question(q).qualifiers
    assert name.text == "Yesterday Biden"
    assert [[x.text for x in r] for r in name_readings(q, name.span)] == [["Biden"]]
    # mid-sentence, a capitalised run is the name as said
    q = "How many images did President Biden show on page 2?"
    (name,) = parse_question(q).qualifiers
    assert [[x.text for x in r] for r in name_readings(q, name.span)] == []


@pytest.mark.parametrize("question, year", [("How many images are in the MMXIX annual report?", "2019"),
                                            ("What changed in MCMXCIX?", "1999")])
def test_a_roman_year_is_a_year(question: str, year: str) -> None:
    (q,) = parse_question(question).qualifiers
    assert (q.kind, q.variants[0]) == ("year", year)


def test_control_a_roman_numeral_that_is_no_year_is_left_alone() -> None:
    assert "year" not in kinds("What is the Super Bowl MMM result?")  # 3000: no year of a document
    assert "year" not in kinds("Which chips support MMX?")  # three letters: a name as often as 2010


_UNITS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen",
          "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def _spelt(n: int, joined: bool) -> str:
    """``n`` (1..9999) spelt out, with "and" before the last part when ``joined``."""
    parts = []
    if n >= 1000:
        parts.append(f"{_UNITS[n // 1000]} thousand")
        n %= 1000
    if n >= 100:
        parts.append(f"{_UNITS[n // 100]} hundred")
        n %= 100
    if n:
        small = _UNITS[n] if n < 20 else _TENS[n // 10] + (f"-{_UNITS[n % 10]}" if n % 10 else "")
        parts.append(("and " if joined and parts else "") + small)
    return " ".join(parts)


@settings(max_examples=120, deadline=None)
@given(n=st.integers(1, 9999), joined=st.booleans())
def test_a_spelt_page_number_is_that_page(n: int, joined: bool) -> None:
    (c,) = parse_question(f"How many images are on page {_spelt(n, joined)}?").containers
    assert (c.kind, c.number) == (ContainerKind.page, str(n))


@pytest.mark.parametrize("compared", ["than in the appendix", "than in the rest of the report", "compared with the appendix",
                                      "versus the Methods section", "vs. the appendix", "relative to the rest of the deck"])
def test_a_page_compared_with_another_place_is_no_scope_of_the_page_alone(compared: str) -> None:
    # The whole document, or a section read as the whole document (one a heading must name: "than in the appendix").
    whole = {ContainerKind.document, ContainerKind.section}
    pq = parse_question(f"Are there more pictures on page 3 {compared}?")
    assert len(pq.containers) == 1 and pq.containers[0].kind in whole, pq.containers
    pq = parse_question(f"How many more pictures are on page 3 {compared}?")
    assert len(pq.containers) == 1 and pq.containers[0].kind in whole, pq.containers


@pytest.mark.parametrize("question", ["How many more pictures does the appendix have than page 3?",
                                      "Are there more pictures in Section 2 than on page 3?",
                                      "Does page 3 have more pictures than the rest?"])
def test_a_page_compared_with_a_place_said_apart_is_no_scope_of_the_page_alone(question: str) -> None:
    assert [c.kind for c in parse_question(question).containers] == [ContainerKind.document]


def test_control_a_page_compared_with_a_page_reads_both() -> None:
    assert [c.number for c in parse_question("Are there more pictures on page 3 than on page 5?").containers] == ["3", "5"]
    assert [c.number for c in parse_question("Does page 3 of the report have more pictures than page 5?").containers] == ["3", "5"]
    # a comparison with a number compares values, not places
    assert [c.number for c in parse_question("How many sections on page 5 have more than three images?").containers] == ["5"]
    assert [c.number for c in parse_question("Are there more pictures on page 3 than text boxes?").containers] == ["3"]


@pytest.mark.parametrize("question, places", [
    ("How many images are on the front and back covers?", [(ContainerKind.cover, None), (ContainerKind.last_page, None)]),
    ("How many images are on the inside front and inside back covers?", [(ContainerKind.cover, "2"), (ContainerKind.cover, "3")]),
    ("How many images are on the inside and back covers?", [(ContainerKind.document, None)]),
])
def test_cover_sides_read_from_the_vocabulary(question: str, places: list) -> None:
    assert [(c.kind, c.number) for c in parse_question(question).containers] == places


def test_place_words_are_data() -> None:
    v = rulebook.load("vocabulary")
    assert "than" in v["place_joins"]["comparisons"] and "elsewhere" in v["place_joins"]["whole_places"]
    assert v["cover_sides"]["inside back"] == {"place": "cover", "number": "3"} and v["cover_sides"]["inside"] == {"unsure": True}
    assert v["scale_words"]["thousand"] == 1000

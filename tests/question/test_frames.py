"""Person and object words that are not things pictured: a statistic's population ("the
percentage of people who say ..."), a name asked for, an age bracket. A visual cue always wins."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.engine.checks import derive
from widening.question.frames import non_visual_frame
from widening.question.parse import parse_question

FACT = "the question asks for a fact the document would state"

# Described shapes of survey and statistics questions (none quotes a corpus row).
NON_VISUAL = [
    "What percentage of people in the survey said they distrust the news?",
    "How many respondents own a cell phone and a tablet?",
    "What is the proportion of men who think the economy is improving?",
    "How many people in Brazil were using a credit card in 2014?",
    "According to the slides, what is the average session duration for TV?",
    "How many % of people aged 30-49 believe prices will rise?",
    "What share of women voters support the measure?",
    "What is the name of the person who signed the letter?",
    "How many users of cell phones are there in the report?",
]

VISUAL = [
    "How many people with sunglasses are there on page 5?",
    "What is the percentage of people wearing hats in the photo on page 3?",
    "How many people in the picture on page 2 use a laptop?",
    "What is the job of the contact person in the picture at the top left of page 42?",
    "How many people are shown at the bottom of page 7 who think?",
    "What is the average number of people in the images on page 4?",
]


@pytest.mark.parametrize("q", NON_VISUAL)
def test_statistics_frames_make_person_and_object_words_non_visual(q: str) -> None:
    p = parse_question(q)
    assert not p.target.person and p.target.object_class is None, p.target
    assert FACT in derive(p).reason
    assert any("not a thing pictured" in n for n in p.notes)


@pytest.mark.parametrize("q", VISUAL)
def test_a_visual_cue_keeps_the_detector_reading(q: str) -> None:
    p = parse_question(q)
    assert p.target.person or p.target.object_class, p.target
    assert non_visual_frame(q) is None


def _retype(q: str, how: str) -> str:
    if how == "upper":
        return q.upper()
    if how == "lower":
        return q.lower()
    return q


@settings(max_examples=80)
@given(st.sampled_from(NON_VISUAL), st.sampled_from(["same", "upper", "lower"]))
def test_frames_survive_case(q: str, how: str) -> None:
    p = parse_question(_retype(q, how))
    assert not p.target.person and p.target.object_class is None


@settings(max_examples=60)
@given(st.sampled_from(["percentage", "proportion", "respondents", "surveyed"]), st.integers(min_value=1, max_value=4))
def test_a_doubled_letter_in_a_frame_word_is_still_the_frame(word: str, at: int) -> None:
    typo = word[:at] + word[at] + word[at:]
    q = f"What {typo} of people in Kenya have a bank account?"
    p = parse_question(q)
    assert not p.target.person, (typo, p.target)


@pytest.mark.parametrize("q", [
    "What is the change of respondents age above 65 who see China as a threat?",
    "How many people aged under 30 use the app daily?",
    "What share of the age group over 50 owns a car?",
])
def test_an_age_bracket_is_a_population_not_a_predicate(q: str) -> None:
    assert parse_question(q).target.predicate is None


@pytest.mark.parametrize("q, column", [
    ("Which area of New York has more than 23% land area rezoned?", "land area rezoned"),
    ("How many people aged under 30 have less than 3 cars?", "cars"),
])
def test_a_predicate_after_a_bracket_is_still_read(q: str, column: str) -> None:
    pred = parse_question(q).target.predicate
    assert pred is not None and pred.column == column


@pytest.mark.parametrize("q, names", [
    ("Enumerate NATO members in the report.", ["NATO"]),
    ("Which countries? Enumerate All Of Them.", []),
    ("Who founded IBM? Return your answer as a list.", ["IBM"]),
    ("Calculate Apple revenue in 2019.", ["Apple"]),
    ("Summarize Tesla strategy on page 3.", ["Tesla"]),
    ("Please give Names of Siemens board members.", ["Siemens"]),
])
def test_frame_words_are_never_names(q: str, names: list[str]) -> None:
    assert [x.text for x in parse_question(q).qualifiers if x.kind == "name"] == names


@settings(max_examples=60)
@given(st.sampled_from(["Enumerate", "Calculate", "Summarize", "Return", "Provide", "Identify"]),
       st.sampled_from(["Siemens", "NATO", "Oxfam"]))
def test_an_instruction_before_a_name_never_joins_it(verb: str, name: str) -> None:
    q = f"{verb} {name} offices in the report."
    assert [x.text for x in parse_question(q).qualifiers] == [name]


# Shapes that made false case claims on answerable rows (scripts/answerable_claims.py): each
# question's answer is in its document, so nothing here may be read as a presupposed name.
@pytest.mark.parametrize("q, kept", [
    ("What is the date of the report? Format your answer as YYYY-MM-DD.", []),
    ("Is there a stamp on the last page? Directly answer 'yes' or 'no'.", []),
    ("How many charts have years on the x-axis (like 2031)?", []),
    ("When did posts pass 1,000? Give the time like '09:15 GMT'.", []),
    ("List the chapters with case studies, for example, [\"Chapter 5\", \"Chapter 8\"].", []),
    ("WHAT IS THE LAST YEAR PRESENT IN THE TABLE?", []),
    ("what is Interest Coverage Ratio for Nordstrom in FY2019?", ["Nordstrom", "2019"]),
    ("what is EBITDA for Walmart in FY 2021?", ["Walmart", "2021"]),
    ("what is After-tax Return on Average Equity for Target?", ["Target"]),
    ("What is the third FAQ shown in this deck?", []),
    ("What is the Email address on the cover page?", []),
    ("Which companies such as Siemens are named?", ["Siemens"]),
])
def test_answer_forms_measures_and_shouting_are_not_presupposed(q: str, kept: list[str]) -> None:
    assert [x.text for x in parse_question(q).qualifiers] == kept


def test_several_words_are_parts_so_words_printed_apart_are_a_doubt() -> None:
    (q,) = parse_question("How many percent of White Americans approve?").qualifiers
    assert q.parts == ("White", "Americans")
    (t, _) = parse_question("What is the share of `college graduate` and `high school or less`?").qualifiers
    assert t.parts == ("college", "graduate")


def test_an_example_in_brackets_ends_the_answer_form() -> None:
    """After "e.g., [...]" the sentence goes on: its survey date is still presupposed."""
    q = 'What share go online? Write a list, e.g., ["9%","8%"] in the Pew survey of September 30, 2031?'
    assert [x.text for x in parse_question(q).qualifiers if x.kind == "date"] == ["September 30, 2031"]

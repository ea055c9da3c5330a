"""An instruction on the answer's form ("Answer in Float format", "Round to 2 Decimals", "Give the answer in JSON"),
a scale or unit the question asks in ("the total in Millions") and a shade naming a colour ("Turquoise bars")
presuppose no entity: absent_entity is never claimed of them (rules/qualifiers.yaml ``answer_format``,
``generic_nouns``). Controls: a name the question does presuppose beside such an instruction, before or after it,
is still read, and claimed absent when no page prints it. Documents built with PyMuPDF."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pdfs
from pdfs import decide
from widening.question.parse import parse_question

FILLER = "The season opened with a programme of symphonies and overtures."

INSTRUCTIONS = [
    "Answer in Float format.",
    "Please answer in List format.",
    "Round to 2 Decimals.",
    "Round your answer to Two Decimal places.",
    "Give the answer in JSON.",
    "Give your answer in English.",
    "Return the answer in Markdown.",
    "Write the answer in Integer format.",
    "Please write down the answer in String format.",
    "Answer in Python List Format.",
    "Express your answer in Billions.",
    "Use Arabic Numerals.",
    "Answer in Celsius.",
]


def _report(path: Path, line: str) -> Path:
    return pdfs.report_line(path, line, 2, 3, FILLER)


@pytest.mark.parametrize("instruction", INSTRUCTIONS)
def test_an_instruction_on_the_answers_form_presupposes_nothing(tmp_path: Path, instruction: str) -> None:
    question = f"How many images are on page 2? {instruction}"
    assert parse_question(question).qualifiers == (), question
    d = decide(_report(tmp_path / "r.pdf", "Plain text only."), question)
    assert d.case != "absent_entity", d.reason
    assert d.decision == "widen", d.reason  # page 2 holds no image


@pytest.mark.parametrize("question", [
    "What is the total in Millions of dollars in the images on page 2?",
    "How many Kilometres of road are shown in the images on page 2?",
    "How many Turquoise boxes are on page 2?",
    "How many Navy Blue boxes are on page 2?",
])
def test_a_unit_scale_or_shade_is_no_entity(tmp_path: Path, question: str) -> None:
    assert parse_question(question).qualifiers == (), question
    d = decide(_report(tmp_path / "r.pdf", "Plain text only."), question)
    assert d.case != "absent_entity", d.reason


@pytest.mark.parametrize("question", [
    "How many images of Samsung phones are on page 2? Answer in Float format.",
    "How many images of Samsung phones are on page 2? Please write the answer in int format.",
    "Answer in int format: how many images of Samsung phones are on page 2?",
    "Round to 2 decimals; what is the share of Samsung phones in the images on page 2?",
    "What is the total in Millions of dollars for Samsung in the images on page 2?",
    "How many Turquoise bars for Samsung are on page 2?",
])
def test_control_a_presupposed_name_beside_an_instruction_is_still_absent(tmp_path: Path, question: str) -> None:
    assert [x.text for x in parse_question(question).qualifiers] == ["Samsung"], question
    d = decide(_report(tmp_path / "r.pdf", "Plain text only."), question)
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason
    printed = decide(_report(tmp_path / "p.pdf", "Samsung sells phones in Seoul."), question)
    assert printed.case != "absent_entity", printed.reason


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(opener=st.sampled_from(["Answer in", "Please answer in", "Give the answer in", "Write the answer in",
                               "Return your answer in", "Provide the answer in", "Express the answer in"]),
       form=st.sampled_from(["Float", "Integer", "JSON", "CSV", "YAML", "Markdown", "Python List", "String", "English"]),
       tail=st.sampled_from(["", " format", " Format"]),
       name=st.sampled_from(["Toronto", "Quillfeather Ltd", "Vasquell"]))
def test_only_the_questions_name_is_presupposed_whatever_the_instruction(opener: str, form: str, tail: str, name: str) -> None:
    question = f"How many images of {name} are on page 2? {opener} {form}{tail}."
    assert [x.text for x in parse_question(question).qualifiers] == [name], question


def test_a_year_after_an_instructions_example_is_still_presupposed() -> None:
    """The instruction ends where its example opens, the example where it closes: the survey after them is the question's."""
    q = ('Among the seniors, what share go online? Please write the answer in the list format and in descend order,e.g., '
         '["9%","8%"] in the Vasquell Research Center survey of September 30, 2022?')
    got = {(x.kind, x.text) for x in parse_question(q).qualifiers}
    assert ("date", "September 30, 2022") in got and ("name", "Vasquell Research Center") in got, got


@pytest.mark.parametrize("question", [
    "What is the answer in the Samsung FAQ on page 2?",
    "How many slides give the answer in the Samsung report?",
    "Which figure is expressed in Samsung units on page 2?",
])
def test_control_instruction_words_inside_a_clause_are_the_questions_own(question: str) -> None:
    # Only an instruction opening a sentence or clause shows the answer's form; inside a clause the name is presupposed.
    assert any("Samsung" in q.text for q in parse_question(question).qualifiers), parse_question(question).qualifiers

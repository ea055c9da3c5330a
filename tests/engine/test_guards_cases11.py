"""Issue 11 guards: shapes from kept corpus rows where a case seems to hold but the page does not license
the claim, and their controls. No engine change goes with them; they pin the conservative outcome so
a later case rule cannot flip these rows to a claim the page refutes.

- A role noun ("the governor") is no named entity: a document may print it only in capitals on its
  first page ("Rick Scott / GOVERNOR") while the question looks on the last page. Never absent_entity.
- A month and year printed apart, the year inside a period the document covers ("2016-2018",
  "Revised May 2016"): "May 2018" is a doubt, never absent (rules/cases.yaml, absent_entity limits).
- A lettered series printed exactly on a text layer ("Recruiter A", "Recruiter B"): "Recruiter C" is
  absent (its letter occurs nowhere), "Recruiter B" is not: the control that the case still fires.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import pdfs


def _build(path: Path, pages: list[list[str]]) -> Path:
    doc = pdfs.new_doc(len(pages))
    for i, lines in enumerate(pages):
        for k, line in enumerate(lines):
            pdfs.text(doc[i], (72, 100 + 18 * k), line)
    return pdfs.save(doc, path)


@pytest.fixture(scope="module")
def plan(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("cases11") / "plan.pdf", [
        ["Medical Quality Assurance Strategic Plan", "2016-2018", "Rick Scott", "GOVERNOR"],
        ["Version 1.3", "Revised May 2016", "Produced by: Florida Department of Health"],
        ["Appendix E", "1. State Themes Assessment", "2. Agency Status Report"],
    ])


@pytest.fixture(scope="module")
def recruiters(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory.mktemp("cases11") / "recruiters.pdf", [
        ["Based on the report below, which recruiter should you go to?", "User Viewed Saved",
         "Recruiter A 120 5", "Recruiter B 109 51"],
        ["Answer: B", "Recruiting activities"],
    ])


@pytest.mark.parametrize("question", [
    "What is the name of the governor as mentioned on the last page of the document?",
    "What is the name of the Governor as mentioned on the last page of the document?",
    "what is the name of the governor mentioned on the last page?",
])
def test_role_noun_printed_elsewhere_is_no_absent_entity(plan: Path, question: str) -> None:
    d = pdfs.decide(plan, question)
    assert d.decision == "keep"
    assert d.case not in ("absent_entity", "missing_container")


@pytest.mark.parametrize("question", [
    "Who produced the document that was revised on May 2018?",
    "Who produced the document revised in May 2018?",
])
def test_month_year_apart_within_covered_period_is_a_doubt(plan: Path, question: str) -> None:
    d = pdfs.decide(plan, question)
    assert (d.decision, d.case) == ("keep", "unverifiable")


def test_month_year_printed_is_not_absent(plan: Path) -> None:
    d = pdfs.decide(plan, "Who produced the document that was revised on May 2016?")
    assert d.case != "absent_entity"


@pytest.mark.parametrize("question", [
    "How many more times did Recruiter A view profiles than Recruiter C?",
    "how many more times did Recruiter A view profiles than Recruiter C",
    "By how much did Recruiter C's viewed profiles exceed Recruiter A's?",
])
def test_letter_beyond_printed_series_is_absent(recruiters: Path, question: str) -> None:
    d = pdfs.decide(recruiters, question)
    assert (d.decision, d.case) == ("keep", "absent_entity")
    assert "Recruiter C" in d.reason


def test_letter_within_printed_series_is_not_absent(recruiters: Path) -> None:
    d = pdfs.decide(recruiters, "How many more times did Recruiter A view profiles than Recruiter B?")
    assert d.case != "absent_entity"

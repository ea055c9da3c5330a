"""absent_entity never claims a person the page names by the last name alone: "Joe Biden" asked, "President
Biden" or "Joseph R. Biden" printed. The row stays unverifiable with the printed last name as its doubt. A name
of another shape ("Apple Inc", "American Japanese") and a person whose last name is printed nowhere are still
claimed absent. Documents built with PyMuPDF."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pdfs
from pdfs import decide

FILLER = "The survey was run online in the spring."


def _report(path: Path, line: str, at_page: int, n: int = 3) -> Path:
    return pdfs.report_line(path, line, at_page, n, FILLER)


# Invented names: no word of the filler or headings is one of them, so only the planted line can match.
FIRST = ["Joran", "Mirela", "Tobiah", "Quenna"]
LAST = ["Vasquell", "Brindor", "Halloway", "Okonkwe"]
PRINTED = ["President {last} said the plan works.", "{last} said the plan works.", "Senator {last} said the plan works.",
           "{initial}. {last} said the plan works.", "Ms {last}’s plan works.", "In the words of {last}, {initial}., the plan works.",
           "{first}a R. {last} said the plan works."]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=st.sampled_from(FIRST), last=st.sampled_from(LAST), shape=st.sampled_from(PRINTED), page=st.integers(1, 3))
def test_a_person_printed_by_the_last_name_is_a_doubt_never_absent(tmp_path: Path, first: str, last: str, shape: str, page: int) -> None:
    pdf = _report(tmp_path / "r.pdf", shape.format(first=first, last=last, initial=first[0]), page)
    d = decide(pdf, f"What did {first} {last} say about the plan?")
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
    assert d.doubts and {m.page for m in d.doubts} == {page}, d.reason
    assert last in d.reason


@pytest.mark.parametrize("question, printed", [
    # the last name printed nowhere: the person is absent
    ("What did Joran Vasquell say about the plan?", "Joran Brindor said the plan works."),
    # printed only after another first name or initial: another person, named in the evidence
    ("What did Joran Vasquell say about the plan?", "Terry Vasquell said the plan works."),
    ("What did Joran Vasquell say about the plan?", "Senator M. Vasquell said the plan works."),
    ("What did Joran Vasquell say about the plan?", "In the words of Vasquell, T., the plan works."),
    # not a person's name: a designator or a people's name ends it
    ("Where are the two plants of Zorvex Inc located?", "Inc magazine ranked the firm."),
    ("How many Quilletan Japanese disapprove of the plan?", "Quilletan respondents disapprove of the plan."),
])
def test_other_names_with_an_unprinted_word_are_still_absent(tmp_path: Path, question: str, printed: str) -> None:
    d = decide(_report(tmp_path / "r.pdf", printed, 2), question)
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason


@pytest.mark.parametrize("printed", ["The Vasquell plan works.", "When Vasquell spoke, the plan worked.", "After Vasquell left, the plan worked."])
def test_a_capitalised_word_that_names_no_one_is_no_other_first_name(tmp_path: Path, printed: str) -> None:
    d = decide(_report(tmp_path / "r.pdf", printed, 2), "What did Joran Vasquell say about the plan?")
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason

"""A last name with a capital inside it or a letter outside ASCII ("McConnell", "DeSantis", "Martí") is a last
name too: printed after a title, it is a doubt, never absent_entity (before, only [A-Z][a-z]+ words were read as a
person's, so "Senator McConnell" printed left "Mitch McConnell" claimed absent). Acronyms are still no person's word."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pdfs import decide


def _page(path: Path, line: str) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=300)
    page.insert_text((30, 50), "Budget hearing", fontsize=13)
    page.insert_text((30, 80), line, fontsize=11)
    doc.save(path)
    doc.close()
    return path


# Invented last names of the shapes a capital-only-first rule missed.
LAST = ["McVasquell", "DeBrindor", "MacHalloway", "Okonkwé", "LaQuenna"]
TITLE = ["Senator", "President", "Mr.", "Governor"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(last=st.sampled_from(LAST), title=st.sampled_from(TITLE))
def test_a_last_name_with_an_inner_capital_or_accent_after_a_title_is_a_doubt(tmp_path: Path, last: str, title: str) -> None:
    d = decide(_page(tmp_path / "r.pdf", f"{title} {last} spoke about the budget."), f"What did Joran {last} say about the budget?")
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
    assert d.doubts and last in d.reason


@pytest.mark.parametrize("last", LAST)
def test_control_the_last_name_printed_nowhere_is_absent(tmp_path: Path, last: str) -> None:
    d = decide(_page(tmp_path / "r.pdf", "Senator Brindor spoke about the budget."), f"What did Joran {last} say about the budget?")
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason


@pytest.mark.parametrize("line, question, case", [
    # a family name set first ("Xi Jinping") is printed after a title alone: a doubt
    ("President Xorvan met the delegation.", "Where did Xorvan Jinlei meet the delegation?", "unverifiable"),
    ("Chairman Xorvan met the delegation.", "Where did Xorvan Jinlei meet the delegation?", "unverifiable"),
    # bare, the first word may be anyone's first name ("Joe met ..." for "Joe Biden"): the claim stands
    ("Xorvan met the delegation.", "Where did Xorvan Jinlei meet the delegation?", "absent_entity"),
    # a title in another language is a title, not another first name
    ("Señor Quellaví wrote the poem.", "Which poem did José Quellaví write?", "unverifiable"),
    ("Herr Quellaví wrote the poem.", "Which poem did José Quellaví write?", "unverifiable"),
])
def test_family_names_first_and_titles_in_other_languages(tmp_path: Path, line: str, question: str, case: str) -> None:
    d = decide(_page(tmp_path / "r.pdf", line), question)
    assert (d.decision, d.case) == ("keep", case), d.reason


@pytest.mark.parametrize("line", ["Most Americans disapprove of the plan.", "President Quilletan said so."])
def test_a_people_word_first_is_no_family_name(tmp_path: Path, line: str) -> None:
    """"American Japanese": 'Americans' printed is no family name set first (corpus, PP_2020 survey: it was briefly
    made a doubt); a word of a people or place never is, with or without a title before it."""
    d = decide(_page(tmp_path / "r.pdf", line.replace("Quilletan", "American")), "How many percent of American Japanese disapprove?")
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason

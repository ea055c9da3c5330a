"""A capitalised name made of ordinary words ("Mr. Brown", "Rose") that a page prints only in lower case ("brown bars",
"sales rose"): the word is no mention of the name for sure, nor its absence. A doubt, never a member, so the name is
not called printed; printed with its capital it is a member."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import given, settings, strategies as st

from tests.pdfs import decide, probe

# (asked name, a question naming it, a line printing the word in lower case, a line printing it capitalised)
CASES = [
    ("Brown", "What did Mr. Brown recommend to the board?", "The chart uses brown bars for the north.", "Prepared by Mr. Brown for the board."),
    ("Rose", "Which region did Rose manage?", "Sales rose in every region this year.", "The north region was managed by Rose."),
    ("Baker", "What did Dr. Baker present at the meeting?", "The local baker supplied the lunch.", "Dr. Baker presented the results."),
]


def _report(path: Path, line: str) -> Path:
    doc = pymupdf.open()
    for text in ("Quarterly sales report", line):
        page = doc.new_page(width=420, height=300)
        page.insert_text((30, 50), text, fontsize=11)
        page.insert_text((30, 80), "Figures are in thousands of units.", fontsize=11)
    doc.save(path)
    doc.close()
    return path


@settings(max_examples=3, deadline=None)
@given(case=st.sampled_from(CASES))
def test_a_capitalised_name_printed_only_in_lower_case_is_a_doubt(tmp_path_factory, case) -> None:
    name, question, lower, _ = case
    pdf = _report(tmp_path_factory.mktemp("l") / "r.pdf", lower)
    res = probe(pdf, "name_mentions", {"variants": [name], "qualifier": "name"}, pages=(1, 2))
    assert not res.members and [d.page for d in res.doubts] == [2], res
    d = decide(pdf, question)
    assert d.decision == "keep" and "in doubt" in d.reason and "is printed" not in d.reason, d.reason


def test_control_the_name_printed_with_its_capital_is_a_member(tmp_path: Path) -> None:
    for name, question, _, cased in CASES:
        pdf = _report(tmp_path / f"{name}.pdf", cased)
        assert probe(pdf, "name_mentions", {"variants": [name], "qualifier": "name"}, pages=(1, 2)).members
        assert "is printed" in decide(pdf, question).reason


def test_control_a_word_asked_in_lower_case_or_not_as_a_name_stays_a_member(tmp_path: Path) -> None:
    pdf = _report(tmp_path / "r.pdf", CASES[0][2])
    assert probe(pdf, "name_mentions", {"variants": ["brown"], "qualifier": "name"}, pages=(1, 2)).members
    assert probe(pdf, "name_mentions", {"variants": ["Brown"], "qualifier": "part"}, pages=(1, 2)).members

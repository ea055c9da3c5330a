"""A numbered item may be printed lettered and a lettered one numbered ("Group 2" asked, "Group B" printed;
"Recruiter C" asked, "Recruiter 3" printed): the other form is a doubt, so the row is kept, never claimed
absent (hunt of absent_entity name forms). A series with neither form printed is still claimed absent."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pytest


def _report(path: Path, line: str) -> Path:
    doc = pdfs.new_doc(3)
    for page in doc:
        pdfs.text(page, (72, 72), "Survey results", size=14)
        pdfs.text(page, (72, 110), "Respondents were sorted into groups by region and age.")
    pdfs.text(doc[1], (72, 140), line)
    return pdfs.save(doc, path)


@pytest.mark.parametrize("question, printed", [
    ("What share of respondents in Group 2 agreed?", "In Group B, 41% of respondents agreed."),
    ("How many profiles did Recruiter C view?", "Recruiter 3 viewed 120 profiles."),
])
def test_the_item_printed_in_the_other_form_keeps_the_row(tmp_path: Path, question: str, printed: str) -> None:
    d = pdfs.decide(_report(tmp_path / "r.pdf", printed), question)
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason


@pytest.mark.parametrize("question, printed", [
    ("What share of respondents in Group 2 agreed?", "In Group D, 41% of respondents agreed."),
    ("How many profiles did Recruiter C view?", "Recruiter 5 viewed 120 profiles."),
])
def test_control_another_item_of_the_series_leaves_the_claim(tmp_path: Path, question: str, printed: str) -> None:
    d = pdfs.decide(_report(tmp_path / "r.pdf", printed), question)
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason

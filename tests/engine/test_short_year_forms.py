"""A year printed only in a two-digit form the name search did not read: a quarter or half with the year first
("13Q1", "13H2") or a fiscal year named by its two ends ("FY12/13", "FY13-14"). Each prints 2013; the year was claimed
absent_entity. They are doubts; a form of another year is no doubt."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import pdfs


def _report(path: Path, period: str) -> Path:
    doc = pdfs.new_doc(2)
    pdfs.text(doc[0], (72, 90), "Annual payments report", size=16)
    pdfs.text(doc[1], (72, 90), "Revenue by period")
    pdfs.text(doc[1], (72, 120), f"Period      {period}")
    pdfs.text(doc[1], (72, 140), "Revenue     41.5")
    return pdfs.save(doc, path)


@pytest.mark.parametrize("period", ["13Q1", "13 Q4", "13H2", "FY12/13", "FY13/14", "FY12-13", "FY13-14"])
def test_a_two_digit_form_of_the_year_is_a_doubt(tmp_path: Path, period: str) -> None:
    d = pdfs.decide(_report(tmp_path / "r.pdf", period), "What was the revenue in 2013?")
    assert d.case != "absent_entity", (period, d.reason)
    assert d.decision == "keep" and "near" in d.reason, (period, d.reason)


@pytest.mark.parametrize("period", ["14Q1", "FY14/15", "FY10-11", "2014"])
def test_control_a_form_of_another_year_leaves_it_absent(tmp_path: Path, period: str) -> None:
    d = pdfs.decide(_report(tmp_path / "r.pdf", period), "What was the revenue in 2013?")
    assert d.case == "absent_entity", (period, d.reason)

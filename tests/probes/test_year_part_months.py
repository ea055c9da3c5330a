"""A part of a year the question names ("3Q19", "H1 2019", "Q3FY19") printed only as its months ("Jul-Sep 2019",
"August 2019", "January to June 2019") was claimed absent_entity, though the page covers it; and a year printed only
as a fiscal quarter ("Q3FY19") or a year's end ("FYE19", "YE19") likewise. Each is a doubt that keeps the row
unverifiable; months outside the part, or of another year, leave the claim standing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pdfs import decide, report_line


@pytest.mark.parametrize("question,line", [
    ("How many visitors came in 3Q19?", "Visitors Jul-Sep 2019: 4,100"),
    ("How many visitors came in 3Q19?", "Visitors in August 2019: 1,300"),
    ("How many visitors came in 3Q19?", "Visitors from July to September 2019: 4,100"),
    ("How many visitors came in 3Q19?", "Visitors Jul-Sep '19: 4,100"),
    ("How many visitors came in H1 2019?", "Visitors January to June 2019: 8,000"),
    ("How many visitors came in Q3FY19?", "Visitors Oct-Dec 2018: 4,100"),
])
def test_a_month_inside_the_asked_part_of_a_year_is_a_doubt(tmp_path: Path, question: str, line: str) -> None:
    d = decide(report_line(tmp_path / "r.pdf", line, 2), question)
    assert d.case != "absent_entity", (line, d.reason)
    assert (d.decision, d.case) == ("keep", "unverifiable") and {m.page for m in d.doubts} == {2}, (line, d.reason)


@pytest.mark.parametrize("question,line", [
    ("How many visitors came in 3Q19?", "Visitors Jan-Mar 2019: 4,100"),
    ("How many visitors came in 3Q19?", "Visitors Jul-Sep 2018: 4,100"),
    ("How many visitors came in 3Q19?", "Visitors in 2031: 4,100"),
    ("How many visitors came in H1 2019?", "Visitors July to December 2019: 8,000"),
    ("How many visitors came in Q3FY19?", "Visitors Oct-Dec 2016: 4,100"),
])
def test_control_months_outside_the_part_or_its_year_leave_it_absent(tmp_path: Path, question: str, line: str) -> None:
    d = decide(report_line(tmp_path / "r.pdf", line, 2), question)
    assert (d.decision, d.case) == ("keep", "absent_entity"), (line, d.reason)


@pytest.mark.parametrize("line", ["Revenue Q3FY19: 40", "Revenue Q3FY20: 40", "Revenue FYE19: 40", "Revenue YE19: 40", "Revenue YE '19: 40"])
def test_a_fiscal_quarter_or_a_year_end_in_two_digits_keeps_the_year(tmp_path: Path, line: str) -> None:
    d = decide(report_line(tmp_path / "r.pdf", line, 2), "What was the revenue in 2019?")
    assert (d.decision, d.case) == ("keep", "unverifiable") and {m.page for m in d.doubts} == {2}, (line, d.reason)


@pytest.mark.parametrize("line", ["Revenue Q3FY22: 40", "Revenue YE20: 40", "Revenue FYE22: 40", "Revenue Bye 19: 40"])
def test_control_another_years_quarter_or_end_leaves_the_year_absent(tmp_path: Path, line: str) -> None:
    d = decide(report_line(tmp_path / "r.pdf", line, 2), "What was the revenue in 2019?")
    assert (d.decision, d.case) == ("keep", "absent_entity"), (line, d.reason)


"""A year inside a printed period whose ends are two-digit years marked as years ("'12-'14", "FY12–14", "FY12-FY14",
"12/13-14/15", "Q1'12 to Q4'14", "1H12–2H14", "12Q1-14Q4", "Jan-12 to Dec-14", "between '12 and '14", "since '12"),
or a year written year first with its quarter or half ("13Q1", "13H2"): the year may be covered without being printed,
a doubt, never absent_entity. A two-digit end is read with the asked year's century ("'98-'02" covers 2000). Periods
that end before the year or start after it, and bare number ranges ("pages 12-14"), leave the year absent."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from tests.pdfs import DEJAVU_SANS, decide, needs_dejavu, probe

QUESTION = "What was the revenue of the Northwind segment in {year}?"

FORMS = ["'{a}-'{b}", "'{a}–'{b}", "FY{a}-FY{b}", "FY{a}–{b}", "{a}/{a1}-{b}/{b1}", "'{a} to '{b}", "between '{a} and '{b}",
         "Q1'{a}-Q4'{b}", "1Q{a}–4Q{b}", "1H{a}–2H{b}", "{a}Q1-{b}Q4", "Jan-{a} to Dec-{b}", "CY{a}–CY{b}", "FY{a}/{a1}"]


def _filing(path: Path, line: str) -> Path:
    """Four pages: the segment named on page 3, ``line`` printed on page 2 (DejaVu: base-14 fonts print no en dash)."""
    doc = pymupdf.open()
    lines = {1: "Annual report of Best Widgets Inc.", 2: line, 3: "Results of the Northwind segment."}
    for i in range(1, 5):
        page = doc.new_page(width=420, height=300)
        page.insert_font(fontname="dv", fontfile=str(DEJAVU_SANS))
        page.insert_text((30, 50), lines.get(i, "Notes to the consolidated statements."), fontsize=11, fontname="dv")
    doc.save(path)
    doc.close()
    return path


def _yy(year: int) -> str:
    return f"{year % 100:02d}"


def _line(form: str, start: int, end: int) -> str:
    return "Revenue " + form.format(a=_yy(start), a1=_yy(start + 1), b=_yy(end), b1=_yy(end + 1)) + ": 40"


def _doubts(pdf: Path, year: int):
    res = probe(pdf, "name_mentions", {"variants": [str(year)], "year": str(year)}, pages=(1, 2, 3, 4))
    assert not res.members, res
    return res.doubts


@needs_dejavu
@settings(max_examples=40, deadline=None)
@given(year=st.integers(1995, 2035), form=st.sampled_from(FORMS), before=st.integers(0, 3), after=st.integers(0, 3))
def test_a_year_inside_a_two_digit_period_is_a_doubt(tmp_path_factory, year: int, form: str, before: int, after: int) -> None:
    start, end = year - before, year + after
    if form == "FY{a}/{a1}":
        start, end = year - min(before, 1), year - min(before, 1) + 1
    line = _line(form, start, end)
    pdf = _filing(tmp_path_factory.mktemp("y") / "f.pdf", line)
    assert {d.page for d in _doubts(pdf, year)} == {2}, line


@needs_dejavu
@pytest.mark.parametrize("line", ["Revenue '12-'14: 40", "Revenue FY12–14: 40", "Revenue 12/13-14/15: 40", "Revenue 13Q1: 40",
                                  "Revenue 13H2: 40", "Revenue since '12: 40"])
def test_the_engine_keeps_the_year_in_doubt(tmp_path: Path, line: str) -> None:
    d = decide(_filing(tmp_path / "f.pdf", line), QUESTION.format(year=2013))
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
    assert {m.page for m in d.doubts} == {2}, d.reason


@needs_dejavu
def test_a_two_digit_period_across_a_century_covers_its_years(tmp_path: Path) -> None:
    pdf = _filing(tmp_path / "f.pdf", "Revenue '98-'02: 40")
    assert _doubts(pdf, 2000) and _doubts(pdf, 1999) and not _doubts(pdf, 2013)


@needs_dejavu
@settings(max_examples=25, deadline=None)
@given(year=st.integers(1995, 2035), form=st.sampled_from(FORMS[:-1]), gap=st.integers(1, 3), later=st.booleans())
def test_control_a_period_without_the_year_leaves_it_absent(tmp_path_factory, year: int, form: str, gap: int, later: bool) -> None:
    start, end = (year + gap, year + gap + 2) if later else (year - gap - 3, year - gap - 1)
    if "/" in form and not later:
        end -= 1  # a season's end year ("14/15") is in the period too
    line = _line(form, start, end)
    pdf = _filing(tmp_path_factory.mktemp("y") / "f.pdf", line)
    assert not _doubts(pdf, year), line


@needs_dejavu
@pytest.mark.parametrize("line", ["Revenue pages 12-14: 40", "Revenue 12-14: 40", "Revenue FY15–17: 40", "Revenue since '15: 40"])
def test_control_the_engine_still_calls_the_year_absent(tmp_path: Path, line: str) -> None:
    d = decide(_filing(tmp_path / "f.pdf", line), QUESTION.format(year=2013))
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason


@needs_dejavu
@pytest.mark.parametrize("printed,asked,doubt", [("13Q1", 2013, True), ("13H2", 2013, True), ("13 Q4", 2013, True),
                                                  ("12Q1", 2013, False), ("13Q1", 2012, False)])
def test_a_year_first_before_its_quarter_or_half_is_the_year_in_two_digits(tmp_path: Path, printed: str, asked: int, doubt: bool) -> None:
    pdf = _filing(tmp_path / "f.pdf", f"Revenue {printed}: 40")
    assert bool(_doubts(pdf, asked)) is doubt, printed


@needs_dejavu
@pytest.mark.parametrize("printed,doubt", [("FY13E", True), ("13/14E", True), ("12/13F", True), ("FY15E", False), ("14/15E", False)])
def test_an_estimate_letter_after_a_two_digit_year_keeps_the_year(tmp_path: Path, printed: str, doubt: bool) -> None:
    d = decide(_filing(tmp_path / "f.pdf", f"Revenue {printed}: 40"), QUESTION.format(year=2013))
    assert d.case == ("unverifiable" if doubt else "absent_entity"), (printed, d.reason)

"""A year the question asks about, printed on the page only in a two-digit form a reader takes for it: a
calendar, academic or school year prefix ("CY14") or a span of consecutive years ("14/15"). Each is a doubt
that keeps the row, never an absence; a form that names another year is still claimed absent."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pdfs import decide, probe

FILLER = "Notes to the consolidated statements."
QUESTION = "What was the revenue of the Northwind segment in 2014?"


def _filing(path: Path, line: str, n: int = 6) -> Path:
    """An ``n``-page filing: the segment named on page 5, ``line`` printed on page 3, filler elsewhere."""
    doc = pymupdf.open()
    lines = {1: "Annual report of Best Widgets Inc.", 3: line, 5: "Results of the Northwind segment."}
    for i in range(1, n + 1):
        doc.new_page(width=420, height=300).insert_text((30, 50), lines.get(i, FILLER), fontsize=11)
    doc.save(path)
    doc.close()
    return path


@pytest.mark.parametrize("printed", ["Revenue CY14: 40", "Revenue (CY 14) 40", "Season 14/15 revenue 40",
                                     "School year 13/14: 40", "AY-14 revenue 40"])
def test_a_two_digit_year_form_keeps_the_year_as_a_doubt(tmp_path: Path, printed: str) -> None:
    d = decide(_filing(tmp_path / "filing.pdf", printed), QUESTION)
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
    assert "2014" in d.reason and {m.page for m in d.doubts} == {3}, d.reason


@pytest.mark.parametrize("printed", ["Revenue CY12: 40", "Season 15/16 revenue 40", "Dated 1/14/15, revenue 40"])
def test_a_form_of_another_year_is_still_absent(tmp_path: Path, printed: str) -> None:
    d = decide(_filing(tmp_path / "filing.pdf", printed), QUESTION)
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason
    assert "'2014'" in d.reason and "0 exact hits" in d.reason


@settings(max_examples=25, deadline=None)
@given(year=st.integers(1995, 2035), form=st.sampled_from(["CY{yy}", "CY '{yy}", "{prev}/{yy}", "{yy}/{next}"]))
def test_any_year_in_a_two_digit_form_is_a_doubt(tmp_path_factory: pytest.TempPathFactory, year: int, form: str) -> None:
    line = "Figures " + form.format(yy=f"{year % 100:02d}", prev=f"{(year - 1) % 100:02d}", next=f"{(year + 1) % 100:02d}")
    pdf = _filing(tmp_path_factory.mktemp("y") / "f.pdf", line)
    res = probe(pdf, "name_mentions", {"variants": [str(year)], "year": str(year)}, pages=tuple(range(1, 7)))
    assert not res.members and {m.page for m in res.doubts} == {3}, (line, res)

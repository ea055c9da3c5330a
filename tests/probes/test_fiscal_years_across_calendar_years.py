"""A fiscal, academic or school year runs across two calendar years and is named by its end ("FY14": October 2013 to
September 2014) or by its start (a Japanese "FY2012": April 2012 to March 2013): printed with the year after or before
the asked one, it may cover part of the asked year. A doubt, so the year is not claimed absent; a calendar year ("CY14")
or a fiscal year two years off covers none of it. The prefixes and estimate letters are rules data
(rules/mentions.yaml ``names.year_prefixes``, ``estimate_letters``)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from tests.pdfs import decide, probe

QUESTION = "What was the revenue in {year}?"


def _report(path: Path, lines: list[str]) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=300)
    page.insert_text((30, 50), "Annual report: revenue in millions", fontsize=12)
    for i, line in enumerate(lines):
        page.insert_text((30, 80 + 20 * i), line, fontsize=11)
    doc.save(path)
    doc.close()
    return path


@settings(max_examples=10, deadline=None)
@given(year=st.integers(2001, 2028), step=st.sampled_from([-1, 1]), prefix=st.sampled_from(["FY", "FY ", "F.Y. ", "AY", "SY"]),
       digits=st.sampled_from([2, 4]), estimate=st.sampled_from(["", "E", "F"]))
def test_a_year_across_two_calendar_years_beside_the_asked_one_is_a_doubt(tmp_path_factory, year: int, step: int, prefix: str,
                                                                          digits: int, estimate: str) -> None:
    shown = str(year + step)[-digits:]
    pdf = _report(tmp_path_factory.mktemp("y") / "r.pdf", [f"Revenue in {prefix}{shown}{estimate} was 420."])
    res = probe(pdf, "name_mentions", {"variants": [str(year)], "year": str(year), "qualifier": "year"})
    assert not res.members and res.doubts, res
    d = decide(pdf, QUESTION.format(year=year))
    assert d.case != "absent_entity", d.reason


@pytest.mark.parametrize("printed", ["CY14", "FY15", "FY2011", "FY16E"])
def test_control_a_calendar_year_or_a_year_two_off_leaves_the_year_absent(tmp_path: Path, printed: str) -> None:
    pdf = _report(tmp_path / "r.pdf", [f"Revenue in {printed} was 420."])
    assert decide(pdf, QUESTION.format(year=2013)).case == "absent_entity"


def test_the_prefixes_and_estimate_letters_are_rules_data(monkeypatch) -> None:
    from widening.probes import name_mentions as nm

    rules = {**nm._rules(), "year_prefixes": {"FY": {"spans": True}, "GJ": {"spans": True}}, "estimate_letters": ["E", "X"]}
    monkeypatch.setattr(nm, "_rules", lambda: rules)
    toks = nm.tokens("Umsatz GJ14X und FY14")
    assert nm._spanning_years(toks, "2013") == ["gj14x", "fy14"]
    assert nm._short_years(nm.tokens("Revenue 12/13X"), "2013") == ["12/13x"]

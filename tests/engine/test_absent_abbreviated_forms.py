"""absent_entity is never claimed of a name the document prints in another of its usual forms: a part of a year
written another way ("3Q19" / "Q3 2019" / "third quarter of 2019", "H1" / "1H20" / "first half of 2020"), initials
printed in capitals ("HP" for "Hewlett-Packard"), a word-and-number name with its word shortened or spelt out
("Win10" / "Windows 10"), initials joined by "and" instead of "&" ("AT and T"). Such forms are doubts: the row is
kept unverifiable. Controls: the same question shape on a page that prints another quarter, another number, other
capitals or lower-case letters is still absent_entity. Documents built with PyMuPDF."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pdfs
from pdfs import decide

FILLER = "The season opened with a programme of symphonies and overtures."
QUESTION = "How many images of {} are on page 2?"


def _report(path: Path, line: str) -> Path:
    return pdfs.report_line(path, f"Our partner {line} opened a new office.", 2, 3, FILLER)


@pytest.mark.parametrize("asked, printed", [
    ("3Q19", "Q3 2019"), ("3Q19", "third quarter of 2019"), ("3Q19", "Q3 FY2019"), ("3Q19", "Q3"), ("3Q19", "Q3 15 units"),
    ("H1 2020", "1H20"), ("H1 2020", "first half of 2020"), ("the 2Q 2021", "Q2 2021"),
    ("Hewlett-Packard", "HP"), ("Hewlett Packard", "HP"), ("New York", "NY"),
    ("Windows 10", "Win10"), ("Win10", "Windows 10"),
    ("AT&T", "AT and T"),
])
def test_a_name_printed_in_another_usual_form_is_a_doubt_never_absent(tmp_path: Path, asked: str, printed: str) -> None:
    d = decide(_report(tmp_path / "r.pdf", printed), QUESTION.format(asked))
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason
    assert d.doubts and {m.page for m in d.doubts} == {2}, d.reason


@pytest.mark.parametrize("asked, printed", [
    ("3Q19", "Q3 2018"), ("3Q19", "Q4 2019"), ("H1 2020", "H2 2020"), ("H1 2020", "second half of 2020"),
    ("Hewlett-Packard", "hp"), ("Hewlett-Packard", "HQ"),
    ("Windows 10", "Win11"), ("Win10", "Windows 11"),
    ("AT&T", "AT and X"), ("AT&T", "at and t"),
    ("3Q19", "Zorblax"),
])
def test_control_another_period_number_or_letters_is_still_absent(tmp_path: Path, asked: str, printed: str) -> None:
    d = decide(_report(tmp_path / "r.pdf", printed), QUESTION.format(asked))
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason


_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth"}


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(n=st.integers(1, 4), year=st.integers(2005, 2029), asked_shape=st.sampled_from(["{n}Q{yy}", "{n}Q {yyyy}"]),
       printed_shape=st.sampled_from(["Q{n} {yyyy}", "{o} quarter of {yyyy}", "{n}Q{yy}", "Q{n} FY{yy}", "FY{yy} Q{n}"]),
       other=st.booleans())
def test_a_quarter_is_found_in_any_of_its_forms_and_only_for_its_year(tmp_path: Path, n: int, year: int, asked_shape: str,
                                                                       printed_shape: str, other: bool) -> None:
    said = year + 1 if other else year
    asked = asked_shape.format(n=n, yy=f"{year % 100:02d}", yyyy=year)
    printed = printed_shape.format(n=n, o=_ORDINAL[n], yy=f"{said % 100:02d}", yyyy=said)
    d = decide(_report(tmp_path / "r.pdf", printed), QUESTION.format(asked))
    if other:
        assert d.case in ("absent_entity", "unverifiable"), d.reason  # never a widening on another year's quarter
        assert d.decision == "keep", d.reason
    else:
        assert d.case != "absent_entity", d.reason

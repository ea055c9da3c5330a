"""A value predicate reads the number as the question prints it: "2,000" with its thousands separator is
2000 (before, no predicate was read and the row had no check), "per cent" is "percent". End to end on a
table built with PyMuPDF: a printed value above the asked one is a member; none above widens; a column of
percentages, asked an amount, measures nothing (before, "24.5%" under "Residents" widened "more than 500 residents")."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pytest
from hypothesis import given, strategies as st

from widening.question.parse import parse_question


@given(value=st.integers(1_000, 99_999_999), op=st.sampled_from(["more than", "over", "above", "less than", "below"]))
def test_a_value_with_thousands_separators_is_one_number(value: int, op: str) -> None:
    p = parse_question(f"Which districts have {op} {value:,} residents?").target.predicate
    assert p is not None and (p.value, p.column, p.percent) == (float(value), "residents", False)


@pytest.mark.parametrize("written", ["23%", "23 percent", "23 per cent", "23 percent"])
def test_per_cent_is_percent(written: str) -> None:
    p = parse_question(f"Which area has more than {written} land area rezoned?").target.predicate
    assert p is not None and (p.value, p.column, p.percent) == (23.0, "land area rezoned", True)


def _table(path: Path, south: str) -> Path:
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 60), "Table 1: Population by district")
    pdfs.table(d[0], (72, 80), ["District", "Residents"], [["North", "1,840"], ["South", south], ["East", "1,200"]])
    return pdfs.save(d, path)


# A caption locates its table, not its extent: the cell found is a candidate of Table 1, never a proven member.
@pytest.mark.parametrize("south, decision", [("2,450", ("keep", "unverifiable")), ("1,950", ("widen", None))])
def test_a_thousands_value_is_checked_in_the_table(tmp_path: Path, south: str, decision: tuple) -> None:
    d = pdfs.decide(_table(tmp_path / "t.pdf", south), "Which district has more than 2,000 residents in Table 1?")
    assert (d.decision, d.case) == decision, d.reason
    assert [m.what.split(" = ")[0] for m in d.members] == ([f"cell {south!r}"] if decision[0] == "keep" else []), d.reason


def test_a_column_of_shares_measures_no_amount(tmp_path: Path) -> None:
    """Percentages under the header say nothing of how many residents there are: every cell is a doubt, no widening."""
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 60), "Table 1: Population by district")
    pdfs.table(d[0], (72, 80), ["District", "Residents"], [["North", "18.4%"], ["South", "24.5%"], ["East", "12.0%"]])
    d = pdfs.decide(pdfs.save(d, tmp_path / "t.pdf"), "Which district has more than 2,000 residents in Table 1?")
    assert (d.decision, d.case) == ("keep", "unverifiable") and len(d.doubts) == 3, d.reason

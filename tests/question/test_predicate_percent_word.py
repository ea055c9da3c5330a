""""more than 20 percent?" asks a percentage even when "percent" is the predicate's last word (before, the optional
unit gave its word back to the column, so percent was False and a "Percent" column of fractions of one, 0.25 for
25%, was never read at x100: a false widening). End to end on a table built with PyMuPDF, with controls."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from pdfs import decide
from widening.question.parse import parse_question


@pytest.mark.parametrize("written", ["percent", "per cent", "Percent"])
def test_a_trailing_percent_word_states_the_unit(written: str) -> None:
    p = parse_question(f"How many countries in Table 1 have more than 20 {written}?").target.predicate
    assert p is not None and p.value == 20.0 and p.percent is True


def _table(path: Path, cells: list[str]) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 120), "Table 1: Survey results by country", fontsize=12)
    for k, (country, cell) in enumerate([("Country", "Percent"), *zip(["France", "Spain", "Italy"], cells)]):
        page.insert_text((72, 140 + 18 * k), country, fontsize=11)
        page.insert_text((222, 140 + 18 * k), cell, fontsize=11)
    doc.save(path)
    doc.close()
    return path


def test_a_percent_column_of_fractions_is_no_widening(tmp_path: Path) -> None:
    d = decide(_table(tmp_path / "t.pdf", ["0.12", "0.18", "0.25"]), "How many countries in Table 1 have more than 20 percent?")
    assert d.decision == "keep" and d.case == "unverifiable", d.reason
    assert any("0.25" in m.what for m in d.doubts), d.reason


@pytest.mark.parametrize("cells, question, outcome", [
    (["0.12", "0.18", "0.25"], "How many countries in Table 1 have more than 30 percent?", ("widen", None)),
    # A caption locates its table, not its extent: the cell found is a candidate of Table 1, never a proven member.
    (["12", "18", "25"], "How many countries in Table 1 have more than 20 percent?", ("keep", "unverifiable")),
    (["12", "18", "19"], "How many countries in Table 1 have more than 20 percent?", ("widen", None)),
])
def test_controls(tmp_path: Path, cells: list[str], question: str, outcome: tuple[str, str | None]) -> None:
    d = decide(_table(tmp_path / "t.pdf", cells), question)
    assert (d.decision, d.case) == outcome, d.reason
    assert bool(d.members) == (outcome[0] == "keep"), d.reason

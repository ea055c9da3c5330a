"""engine.checks: a caption locates a figure, table or chart, not its extent. What a check finds on the
caption's pages may belong to another table beside it, so those finds are candidates of the named one
(the row is kept as unverifiable, never short_not_empty); none found there is still none in it."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

import pdfs


def _grid(page: pymupdf.Page, y: float, caption: str, rows: list[tuple[str, str]]) -> None:
    page.insert_text((72, y - 8), caption, fontsize=11, fontname="hebo")
    page.insert_text((76, y + 13), "Country", fontsize=10, fontname="hebo")
    page.insert_text((254, y + 13), "GDP growth (%)", fontsize=10, fontname="hebo")
    for r, (country, value) in enumerate(rows, 1):
        page.insert_text((76, y + 18 * r + 13), country, fontsize=10)
        page.insert_text((254, y + 18 * r + 13), value, fontsize=10)
    for r in range(len(rows) + 2):
        page.draw_line((72, y + 18 * r), (420, y + 18 * r), width=0.4)


def _two_tables(tmp_path: Path, table3: list[tuple[str, str]], table4: list[tuple[str, str]]) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 60), "Economic outlook", fontsize=16)
    _grid(page, 120, "Table 3: Economic performance, South America", table3)
    _grid(page, 320, "Table 4: Economic performance, South-East Asia", table4)
    path = tmp_path / "two_tables.pdf"
    doc.save(path)
    return path


QUESTION = "Which countries in Table 3 have more than 5% GDP growth?"


def test_a_member_of_the_table_beside_it_is_no_short_set_of_the_named_table(tmp_path: Path):
    pdf = _two_tables(tmp_path, [("Brazil", "2.1"), ("Chile", "4.8")], [("Laos", "6.1"), ("Vietnam", "3.0")])
    d = pdfs.decide(pdf, QUESTION)
    assert d.decision == "keep"
    assert d.case != "short_not_empty", d.reason
    assert d.case == "unverifiable" and "candidate" in d.reason, d.reason


def test_none_on_the_captions_page_is_none_in_the_table(tmp_path: Path):
    pdf = _two_tables(tmp_path, [("Brazil", "2.1"), ("Chile", "4.8")], [("Laos", "1.1"), ("Vietnam", "3.0")])
    assert pdfs.decide(pdf, QUESTION).decision == "widen"


@pytest.mark.parametrize("where", ["Table 3", "the page"])
def test_a_member_in_the_named_table_keeps_the_row(tmp_path: Path, where: str):
    pdf = _two_tables(tmp_path, [("Brazil", "2.1"), ("Chile", "6.8")], [("Laos", "1.1"), ("Vietnam", "3.0")])
    question = QUESTION if where == "Table 3" else "Which countries on page 1 have more than 5% GDP growth?"
    d = pdfs.decide(pdf, question)
    assert d.decision == "keep"
    if where == "the page":  # a page is delimited: its member proves the set is not empty
        assert d.case == "short_not_empty", d.reason

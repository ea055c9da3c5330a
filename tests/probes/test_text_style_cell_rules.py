"""text_style: a table rule drawn cell by cell is no underline of each header (hunt h75).

A header row whose rule is drawn as each cell's own bottom border (HTML and spreadsheet exports do this) shows one
line under the whole row; each piece lay under one header, no more than an em past it, so "How many underlined
words are on page 1?" found every header underlined: short_not_empty, and a zero key "contradicted". Pieces of a
line that meet end to end are one line to the rule test now: it runs past the headers' words, a doubt.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf

import pdfs

QUESTION = "How many underlined words are on page 1?"
HEADER = ["Region", "Revenue", "Growth"]
ROWS = [["North", "120", "4%"], ["South", "98", "2%"]]


def _page(path: Path, draw) -> Path:
    doc = pdfs.new_doc(1, 420, 300)
    page = doc[0]
    pdfs.text(page, (30, 50), "Survey report", size=13)
    pdfs.text(page, (30, 80), "The quarterly report reviews the progress of the team over the year.")
    draw(page)
    return pdfs.save(doc, path)


def _underlined(pdf: Path):
    return pdfs.probe(pdf, "text_style", {"styles": ["underline"]})


def test_a_header_rule_drawn_cell_by_cell_underlines_no_header(tmp_path: Path) -> None:
    pdf = _page(tmp_path / "cells.pdf", lambda p: pdfs.cell_ruled_table(p, (30, 150), HEADER, ROWS))
    res = _underlined(pdf)
    assert not res.members, [m.what for m in res.members]
    assert {h for h in HEADER if any(h in d.what for d in res.doubts)} == set(HEADER), [d.what for d in res.doubts]
    rec = pdfs.decide(pdf, QUESTION)
    assert rec.decision == "keep" and rec.case != "short_not_empty", (rec.case, rec.reason)
    assert pdfs.zero_verdict(pdf, QUESTION)[1] != "contradicted"


def _underline_in_pieces(page: pymupdf.Page) -> None:
    """The table (its rule runs well past each header), and "key finding" in a sentence underlined by two pieces,
    one a word, meeting end to end across the space."""
    pdfs.cell_ruled_table(page, (30, 220), HEADER, [], pad=14)
    pdfs.text(page, (30, 150), "The key finding was a steady rise in costs.")
    x0 = 30 + pymupdf.get_text_length("The ", "helv", 11)
    mid = x0 + pymupdf.get_text_length("key ", "helv", 11)
    x1 = x0 + pymupdf.get_text_length("key finding", "helv", 11)
    page.draw_line((x0, 151.5), (mid, 151.5), width=0.7)
    page.draw_line((mid, 151.5), (x1, 151.5), width=0.7)


def test_control_words_underlined_in_pieces_are_members(tmp_path: Path) -> None:
    res = _underlined(_page(tmp_path / "pieces.pdf", _underline_in_pieces))
    found = {w for w in ("key", "finding") for m in res.members if w in m.what}
    assert found == {"key", "finding"}, ([m.what for m in res.members], [d.what for d in res.doubts])
    assert not [m for m in res.members if any(h in m.what for h in HEADER)], [m.what for m in res.members]


def test_control_a_table_with_no_rule_still_widens(tmp_path: Path) -> None:
    pdf = _page(tmp_path / "plain.pdf", lambda p: pdfs.table(p, (30, 150), HEADER, ROWS, ruled=False))
    assert _underlined(pdf).measured_zero
    assert pdfs.decide(pdf, QUESTION).decision == "widen"

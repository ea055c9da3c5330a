"""A numbered item whose head word is a table's column header ("Wave") and whose number is a row of that column ("IV"),
the table continued on a later page without repeating its header: "Wave IV" is printed by the table, though its words
are never within the window of words. It was claimed absent_entity, a claim the page refutes; it is a doubt."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings, strategies as st

from tests import pdfs

_ROMAN = ["I", "II", "III", "IV", "V", "VI"]


def _fieldwork(path: Path, first: int, filler: int, header_x: float = 72) -> Path:
    """Table 1 on page 3: a header row ("Wave", "Year", "Sample size") and waves I..first; the remaining waves on a page
    after ``filler`` pages of prose, without the header."""
    doc = pdfs.new_doc(3)
    pdfs.text(doc[0], (72, 90), "Household panel survey: methods report", size=18)
    pdfs.text(doc[1], (72, 90), "The panel has followed the same households since it began.")
    page = doc[2]
    pdfs.text(page, (72, 130), "Table 1: Fieldwork")
    for x, h in ((header_x, "Wave"), (200, "Year"), (330, "Sample size")):
        pdfs.text(page, (x, 160), h)
    rows = list(zip(_ROMAN, range(2010, 2016), ("5,120", "4,980", "4,870", "4,760", "4,690", "4,610")))
    y = 190
    for w, yr, n in rows[:first]:
        for x, s in ((72, w), (200, str(yr)), (330, n)):
            pdfs.text(page, (x, y), s)
        y += 24
    for k in range(20):
        pdfs.text(page, (72, 340 + 20 * k), "Interviews were held face to face in the homes of the respondents by staff.")
    for _ in range(filler):
        pdfs.text(doc.new_page(), (72, 90), "Response rates were high across all regions and age groups.")
    page, y = doc.new_page(), 90
    for w, yr, n in rows[first:]:
        for x, s in ((72, w), (200, str(yr)), (330, n)):
            pdfs.text(page, (x, y), s)
        y += 24
    return pdfs.save(doc, path)


@given(first=st.integers(1, 4))
@settings(max_examples=4, deadline=None)
def test_a_row_continued_overleaf_is_no_absent_item(tmp_path_factory, first: int) -> None:
    pdf = _fieldwork(tmp_path_factory.mktemp("wave") / "w.pdf", first, 0)
    d = pdfs.decide(pdf, f"What was the sample size in Wave {_ROMAN[first]}?")
    assert d.case != "absent_entity", d.reason
    assert d.decision == "keep" and "column under" in d.reason, d.reason


def test_control_a_wave_the_table_does_not_hold_is_still_absent(tmp_path: Path) -> None:
    pdf = _fieldwork(tmp_path / "w.pdf", 2, 0)
    d = pdfs.decide(pdf, "What was the sample size in Wave VIII?")
    assert d.case == "absent_entity", d.reason


def test_control_a_number_in_the_column_pages_later_is_still_claimed(tmp_path: Path) -> None:
    # past combination.neighbour_pages (a known limit, rules/cases.yaml): a folio or a list mark in that column far on
    # ("3-6" under a body text "level") must not undo the paper's "level-6" claim
    pdf = _fieldwork(tmp_path / "w.pdf", 2, 3)
    d = pdfs.decide(pdf, "What was the sample size in Wave IV?")
    assert d.case == "absent_entity", d.reason


def test_control_a_number_outside_the_heads_column_is_still_claimed(tmp_path: Path) -> None:
    # the head word printed only at the right of the page, the numbers at its left: no column joins them
    pdf = _fieldwork(tmp_path / "w.pdf", 2, 0, header_x=460)
    d = pdfs.decide(pdf, "What was the sample size in Wave IV?")
    assert d.case == "absent_entity", d.reason

"""A book put in a PDF as spreads with one folio printed (or read) per sheet: "9" at the foot of the right half of
PDF page 4, nothing under its left half, printed page 8. The folio run steps by two per sheet, so page 8 is on p3
or p4 though no page prints "8": no reading found it, "page 8" was looked for on PDF page 8 alone and widened (a
false widening), or claimed missing in a shorter book; and a find on p4's left half was a member of page 9
("short, not empty" the page refutes). The sheets beside a number the folio run passes over are a doubtful printed
reading of it (engine.containers ``skipped_folio_pages``, facts.readings ``skipped_numbers``), and on a wide sheet a
find across the sheet from the one folio read is a doubt of it (engine.decide ``spread_halves``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pdfs

W = 1190
ITALIC = "slanted phrase"


def _book(tmp_path: Path, side: str, on_half: int | None, sheets: int = 12, sheet: int = 4) -> Path:
    """Spreads from page 2 (sheet 4 prints 8|9), the folio of the ``side`` half only, italic words on half ``on_half``
    (0 left, 1 right) of ``sheet`` when not None."""
    doc = pdfs.spread_sheets(sheets, 2, folios=(side,), corner=True)
    if on_half is not None:
        doc[sheet - 1].insert_text((on_half * W / 2 + 100, 420), ITALIC, fontname="Helvetica-Oblique", fontsize=11)
    return pdfs.save(doc, tmp_path / f"{side}-{on_half}.pdf")


@pytest.mark.parametrize("side, unprinted, half", [("right", 8, 0), ("left", 9, 1)])
def test_the_half_of_a_sheet_no_folio_names_is_looked_at(tmp_path: Path, side: str, unprinted: int, half: int) -> None:
    """Italic words on the half whose number is printed nowhere: before, a widening on PDF page 8 (or 9) alone."""
    d = pdfs.decide(_book(tmp_path, side, half), f"How many italic words are on page {unprinted}?")
    assert d.decision == "keep" and d.case == "unverifiable", d.reason
    assert any(m.page == 4 and ITALIC in m.what for m in d.doubts), d.reason


@pytest.mark.parametrize("side, printed, half", [("right", 9, 0), ("left", 8, 1)])
def test_a_find_across_the_sheet_from_its_one_folio_is_a_doubt(tmp_path: Path, side: str, printed: int, half: int) -> None:
    """Italic words on the unnumbered half; the question asks for the page whose folio is printed: before, a member
    of it and "short, not empty"."""
    d = pdfs.decide(_book(tmp_path, side, half), f"How many italic words are on page {printed}?")
    assert d.case != "short_not_empty" and not d.members and d.decision == "keep", d.reason
    assert any(m.page == 4 and "two-page spread" in (m.why or "") for m in d.doubts), d.reason


@pytest.mark.parametrize("side, printed, half", [("right", 9, 1), ("left", 8, 0)])
def test_a_find_beside_the_one_folio_stays_a_member(tmp_path: Path, side: str, printed: int, half: int) -> None:
    d = pdfs.decide(_book(tmp_path, side, half), f"How many italic words are on page {printed}?")
    assert d.case == "short_not_empty" and [m.page for m in d.members] == [4], d.reason


def test_a_page_no_folio_names_in_a_short_book_is_never_claimed_missing(tmp_path: Path) -> None:
    """Five sheets (pages 2-11), "9" printed on sheet 4's right half: page 8 is its left half, no missing container."""
    d = pdfs.decide(_book(tmp_path, "right", 0, sheets=5), "How many italic words are on page 8?")
    assert d.case != "missing_container" and d.decision == "keep", d.reason
    assert any(m.page == 4 for m in d.doubts), d.reason


def test_a_range_ending_on_an_unnumbered_half(tmp_path: Path) -> None:
    """Pages 10-12: "11" on sheet 5, page 12 the left half of sheet 6 ("13"), where the italic words are."""
    d = pdfs.decide(_book(tmp_path, "right", 0, sheet=6), "How many italic words are on pages 10-12?")
    assert d.decision == "keep" and d.case == "unverifiable", d.reason
    assert any(m.page == 6 for m in d.doubts), d.reason


@pytest.mark.parametrize("side", ["right", "left"])
@pytest.mark.parametrize("q", ["How many italic words are on page 8?", "How many italic words are on page 9?",
                               "How many italic words are on pages 10-12?"])
def test_control_spreads_with_no_italic_still_widen(tmp_path: Path, side: str, q: str) -> None:
    d = pdfs.decide(_book(tmp_path, side, None), q)
    assert d.decision == "widen", d.reason


def test_control_a_report_of_single_pages_is_unchanged(tmp_path: Path) -> None:
    """One printed page a sheet, folios 1..6 at the foot: italic words on page 3 are its members; page 4 is empty."""
    doc = pdfs.plain_text_pages(6)
    doc[2].insert_text((72, 300), ITALIC, fontname="Helvetica-Oblique", fontsize=11)
    path = pdfs.save(doc, tmp_path / "single.pdf")
    d = pdfs.decide(path, "How many italic words are on page 3?")
    assert d.case == "short_not_empty" and [m.page for m in d.members] == [3], d.reason
    assert pdfs.decide(path, "How many italic words are on page 4?").decision == "widen"

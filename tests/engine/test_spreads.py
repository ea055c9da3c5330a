"""Two printed pages set side by side on one sheet (a spread): "page 9" printed is half a PDF page.
A find on the other half is no member of page 9; the whole sheet stays in the scope."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs

LINE = "The committee reviewed the annual programme and noted steady progress across offices."
RED = (0.9, 0.1, 0.1)
W, H = 1190, 842  # two A4 pages side by side


def _spreads(sheets: int, first: int) -> pymupdf.Document:
    """``sheets`` spreads, the left page of sheet i printing ``first + 2(i-1)`` at its foot, the right the next number."""
    doc = pymupdf.open()
    for i in range(sheets):
        page = doc.new_page(width=W, height=H)
        for half in (0, W / 2):
            for k in range(5):
                pdfs.text(page, (half + 72, 100 + 16 * k), LINE)
        pdfs.text(page, (290, 822), str(first + 2 * i), size=9)
        pdfs.text(page, (W / 2 + 290, 822), str(first + 2 * i + 1), size=9)
    return doc


@settings(max_examples=12, deadline=None)
@given(sheets=st.integers(3, 5), first=st.sampled_from([2, 10]), data=st.data())
def test_a_find_on_the_other_page_of_a_spread_is_a_doubt_never_a_member(tmp_path_factory, sheets: int, first: int, data) -> None:
    """Red words on one half of a sheet; the question asks for a printed page number no PDF index has,
    on that sheet. On the asked half they are members; on the other half a doubt, and never the ground
    of "short, not empty" (before: a member, so the page refuted the claim)."""
    asked = data.draw(st.integers(max(first, sheets + 1), first + 2 * sheets - 1), label="asked page")
    sheet = (asked - first) // 2 + 1
    asked_half = (asked - first) % 2
    half = data.draw(st.sampled_from([0, 1]), label="red words on half")
    doc = _spreads(sheets, first)
    pdfs.text(doc[sheet - 1], (half * W / 2 + 100, 400), "alert words here", colour=RED)
    q = data.draw(st.sampled_from(["How many red words are on page {n}?", "What are the red words on page {n}?"]), label="q").format(n=asked)
    d = pdfs.decide(pdfs.save(doc, tmp_path_factory.mktemp("spread") / "d.pdf"), q)
    assert d.decision != "widen", d.reason
    if half == asked_half:
        assert d.case == "short_not_empty" and [m.page for m in d.members] == [sheet], d.reason
    else:
        assert d.case != "short_not_empty" and not d.members, d.reason
        assert any(m.page == sheet and "other page of a two-page spread" in (m.why or "") for m in d.doubts), d.reason


def test_a_sheet_of_two_pages_without_the_asked_thing_still_widens(tmp_path: Path) -> None:
    """Control: nothing red anywhere: printed page 7 (sheet 3's right half) is measured empty."""
    d = pdfs.decide(pdfs.save(_spreads(4, 2), tmp_path / "d.pdf"), "How many red words are on page 7?")
    assert d.decision == "widen", d.reason

"""A caption whose number closes with a dot and a space before a title that opens with a number ("Figure 3.
12-month revenue", "Table 2. 2019 revenue by region") captions Figure 3 (Table 2), not a "Figure 3.12": read
so, the asked Figure 3 was kept unverifiable while a "Figure 3.12" the document never prints was taken as
existing and widened. A chapter's number is printed solid ("Figure 2.3"). PDFs built here."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs
from widening.facts.captions import find_captions
from widening.facts.lines import lines_from_words

LINE = "The committee reviewed the annual programme and noted steady progress across all offices."
BLUE, GREY = (0.2, 0.3, 0.8), (0.6, 0.6, 0.6)


def _numbers(text: str) -> list[str]:
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 400), text, fontsize=10)
    return [c.number for c in find_captions(lines_from_words(page.get_text("words")), 1)]


@given(kind=st.sampled_from(["Figure", "Fig.", "FIGURE", "Table", "TABLE"]), n=st.integers(1, 40), lead=st.integers(0, 2030),
       rest=st.sampled_from(["-month revenue", " regions by size", " revenue by region", "% of staff"]))
@settings(max_examples=40, deadline=None)
def test_a_dot_and_a_space_end_the_caption_number(kind: str, n: int, lead: int, rest: str) -> None:
    assert _numbers(f"{kind} {n}. {lead}{rest}") == [str(n)]


@pytest.mark.parametrize("printed, number", [("Figure 2.3: Sales", "2.3"), ("Figure 2.3. Sales", "2.3"), ("Table 1-1 Staff", "1-1"),
                                             ("Table 1 \u2013 1 Staff", "1-1"), ("Fig. 12. 5 regions", "12")])
def test_a_chapter_number_printed_solid_stays_whole(printed: str, number: str) -> None:
    assert _numbers(printed) == [number]


def _report(path: Path, caption: str) -> Path:
    doc = pymupdf.open()
    for i in range(4):
        page = doc.new_page(width=595, height=842)
        for k in range(4):
            page.insert_text((72, 80 + 16 * k), LINE, fontsize=11)
        page.insert_text((290, 812), str(i + 1), fontsize=9)
    for i, c in enumerate([BLUE, BLUE, GREY]):
        doc[2].draw_rect(pymupdf.Rect(100 + 28 * i, 345 - 15 * i, 120 + 28 * i, 400), color=None, fill=c)
    doc[2].insert_text((72, 420), caption, fontsize=10)
    return pdfs.save(doc, path)


def test_the_figure_a_dotted_caption_names_is_found_and_no_other(tmp_path: Path) -> None:
    pdf = _report(tmp_path / "f.pdf", "Figure 3. 12-month revenue by region")
    d = pdfs.decide(pdf, "How many red bars are in Figure 3?")
    assert d.decision == "widen", d.reason
    # The document prints no Figure 3.12: it is not taken as existing.
    assert pdfs.decide(pdf, "How many red bars are in Figure 3.12?").decision == "keep"

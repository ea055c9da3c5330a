"""A figure's number set apart from its word by a mark ("Figure-5", "Figure - 5", "Fig.–5", "Figure: 5", "Figure (5)",
"Figure_5"), or held in a range of figures ("Figures 4-6", "Tables 2 to 4"): the page prints the figure, which was
claimed missing (missing_container). Such a mention is a doubtful reading (the row is kept, the case not claimed);
a number outside the range, or another number after the mark, still leaves the figure missing. PDFs built here."""

from __future__ import annotations

from pathlib import Path

import pytest

import pdfs
from widening.facts.captions import loose_mention_pages

Q = "How many red bars are in {}?"


@pytest.mark.parametrize("caption, asked", [
    ("Figure-5: Revenue by region", "Figure 5"),
    ("Figure - 5: Revenue by region", "Figure 5"),
    ("Fig.\u20135 Revenue by region", "Figure 5"),
    ("Figure: 5 Revenue by region", "Figure 5"),
    ("Figure (5): Revenue by region", "Figure 5"),
    ("Figure_5 Revenue by region", "Figure 5"),
    ("Chart-2: Revenue by region", "Chart 2"),
    ("Figures 4-6: Revenue by region", "Figure 5"),
    ("Figs. 3\u20136. Revenue by region", "Figure 4"),
    ("Figures 4 to 6: Revenue by region", "Figure 5"),
    ("Figure 4 through 6: Revenue by region", "Figure 5"),
])
def test_a_figure_printed_with_a_mark_or_in_a_range_is_no_missing_container(tmp_path: Path, caption: str, asked: str) -> None:
    pdf = pdfs.captioned_chart(tmp_path / "f.pdf", caption)
    d = pdfs.decide(pdf, Q.format(asked))
    assert d.case != "missing_container", d.reason
    assert d.decision == "keep", d.reason


def test_a_table_in_a_range_of_tables_is_no_missing_container(tmp_path: Path) -> None:
    pdf = pdfs.captioned_chart(tmp_path / "t.pdf", "Tables 2-4: Revenue by region")
    d = pdfs.decide(pdf, "What does Table 3 show?")
    assert d.case != "missing_container", d.reason


@pytest.mark.parametrize("caption", [
    "Figure-7: Revenue by region",     # another number after the mark
    "Figures 1-3: Revenue by region",  # a range below
    "Figures 6-8: Revenue by region",  # a range above
    "Figure 4-6: Revenue by region",   # singular with a dash: chapter 4's sixth figure, no range
    "Figure 2: 5 offices",             # a caption of figure 2 whose title opens with a number
])
def test_control_a_figure_the_page_does_not_print_stays_missing(tmp_path: Path, caption: str) -> None:
    pdf = pdfs.captioned_chart(tmp_path / "c.pdf", caption)
    d = pdfs.decide(pdf, Q.format("Figure 5"))
    assert d.case == "missing_container", d.reason


def test_mentions_in_running_text() -> None:
    kinds = {"figure", "chart"}
    assert loose_mention_pages([(1, "as Figures 2\u20139 show, sales rose")], kinds, "5") == (1,)
    assert loose_mention_pages([(1, "as Figures 2\u20139 show, sales rose")], kinds, "9") == (1,)
    assert loose_mention_pages([(1, "as Figures 2\u20139 show, sales rose")], kinds, "10") == ()
    assert loose_mention_pages([(1, "see Figs. 3 to 6 and the text")], kinds, "4") == (1,)
    assert loose_mention_pages([(1, "Figures 6-4 in reverse")], kinds, "5") == ()  # no range runs downwards
    assert loose_mention_pages([(1, "see Figure-12 for the sites")], kinds, "12") == (1,)
    assert loose_mention_pages([(1, "see Figure-12 for the sites")], kinds, "2") == ()

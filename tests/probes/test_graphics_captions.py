"""graphics: a figure or chart caption printed on the page is a doubt, so a figure drawn as text (an
ASCII-art diagram, a chart of "#" runs) is never a measured zero.

Hunt 25q: "How many figures / diagrams / charts are on page 2?" with a Courier box-and-arrow diagram
under "Figure 1: Message flow", and "How many charts" with "#" bars under "Chart 1: Sales by year",
were widened. Controls: the same page without the caption stays a widening only where nothing is drawn
as text, a list-of-figures entry and a body-text reference add no doubt.
"""

from __future__ import annotations

from pathlib import Path

import pdfs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ART = ["+----------+       +-----------+       +--------+",
       "|  Client  | ----> |   Proxy   | ----> | Server |",
       "+----------+       +-----------+       +--------+",
       "      ^                                    |",
       "      +------------------------------------+"]
BODY = ["The committee reviewed the results of the year and agreed on the next steps.",
        "Further discussion of the budget is recorded in the minutes attached below.",
        "Members asked for a summary of the regional results before the next meeting."]


def _page(path: Path, art: list[str], caption: str | None) -> Path:
    doc = pdfs.new_doc(3)
    for page in doc:
        for i, line in enumerate(BODY):
            pdfs.text(page, (72, 72 + 16 * i), line)
    page = doc[1]
    for i, line in enumerate(art):
        pdfs.text(page, (72, 300 + 12 * i), line, font="cour", size=9)
    if caption:
        pdfs.text(page, (200, 300 + 12 * len(art) + 20), caption, size=10)
    return pdfs.save(doc, path)


@pytest.mark.parametrize("question", ["How many figures are on page 2?", "How many diagrams are on page 2?",
                                      "How many charts are on page 2?"])
def test_ascii_art_figure_under_a_caption_is_kept(tmp_path: Path, question: str) -> None:
    pdf = _page(tmp_path / "ascii.pdf", ART, "Figure 1: Message flow")
    r = pdfs.decide(pdf, question)
    assert r.decision == "keep" and r.case in (None, "unverifiable")
    assert any("caption" in (d.why or "") for d in r.doubts)
    # Control: page 3 prints neither a figure nor a caption.
    assert pdfs.decide(pdf, question.replace("page 2", "page 3")).decision == "widen"


def test_hash_bar_chart_under_a_chart_caption_is_kept(tmp_path: Path) -> None:
    bars = [f"{year} | " + "#" * n + f" {n}" for year, n in (("2019", 12), ("2020", 18), ("2021", 25))]
    pdf = _page(tmp_path / "bars.pdf", bars, "Chart 1: Sales by year")
    assert pdfs.decide(pdf, "How many charts are on page 2?").decision == "keep"


@pytest.mark.parametrize("caption", ["Figure 3: Sales by region ........ 7", "Figure 3 shows the sales by region in detail."])
def test_list_entry_or_reference_adds_no_doubt(tmp_path: Path, caption: str) -> None:
    pdf = _page(tmp_path / "ref.pdf", [], caption)
    assert pdfs.decide(pdf, "How many figures are on page 2?").decision == "widen"


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(word=st.sampled_from(["Figure", "Fig.", "FIGURE", "Chart"]), number=st.integers(1, 40))
def test_any_figure_caption_keeps_the_row(tmp_path: Path, word: str, number: int) -> None:
    pdf = _page(tmp_path / "p.pdf", ART, f"{word} {number}: Message flow")
    assert pdfs.decide(pdf, "How many figures are on page 2?").decision == "keep"

"""A caption word hyphenated at a line's end ("Fig-" over "ure 3: Revenue by region", or a reference "as
shown in Ta-" over "ble 4") still mentions the figure or table: the figure was claimed missing
(missing_container) while the page printed it. PDFs built here; truth planted by construction."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs
from widening.facts.captions import loose_mention_pages

LINE = "The committee reviewed the annual programme and noted steady progress across all offices."


def _doc(path: Path, head: str, tail: str) -> Path:
    doc = pymupdf.open()
    for _ in range(3):
        page = doc.new_page(width=595, height=842)
        for k in range(4):
            page.insert_text((72, 72 + 16 * k), LINE, fontsize=11)
    page = doc[1]
    for i, c in enumerate([(0.2, 0.3, 0.8), (0.85, 0.1, 0.1), (0.6, 0.6, 0.6)]):
        page.draw_rect(pymupdf.Rect(100 + 28 * i, 360 - 15 * i, 120 + 28 * i, 400), color=None, fill=c)
    page.insert_text((72, 420), head, fontsize=10)
    page.insert_text((72, 432), tail, fontsize=10)
    return pdfs.save(doc, path)


def test_a_caption_word_hyphenated_over_two_lines_is_no_missing_figure(tmp_path: Path) -> None:
    pdf = _doc(tmp_path / "h.pdf", "Fig-", "ure 3: Revenue by region")
    d = pdfs.decide(pdf, "How many bars are red in Figure 3?")
    assert d.case != "missing_container", d.reason
    assert d.decision == "keep", d.reason


def test_a_hyphenated_caption_of_another_number_leaves_the_figure_missing(tmp_path: Path) -> None:
    pdf = _doc(tmp_path / "o.pdf", "Fig-", "ure 3: Revenue by region")
    d = pdfs.decide(pdf, "How many bars are red in Figure 7?")
    assert d.case == "missing_container", d.reason


@settings(max_examples=40, deadline=None)
@given(word=st.sampled_from(["Figure", "Table", "Chart", "Exhibit", "Abbildung", "Tabelle"]), data=st.data(),
       hyphen=st.sampled_from(["-", "\u00ad", "\u2010"]), n=st.integers(1, 60))
def test_a_kind_word_broken_anywhere_by_a_hyphen_is_a_mention(word: str, data, hyphen: str, n: int) -> None:
    cut = data.draw(st.integers(1, len(word) - 1))
    text = f"as shown in {word[:cut]}{hyphen}\n{word[cut:]} {n}, the sales rose."
    kinds = {"table"} if word.startswith("Tab") else {"figure", "chart"}  # as the engine asks a figure
    assert loose_mention_pages([(1, text)], kinds, str(n)) == (1,)
    assert loose_mention_pages([(1, text)], kinds, str(n + 1)) == ()


def test_a_hyphen_before_a_capital_joins_no_words() -> None:
    """"Pre-" over "Figure": no word is joined across a capital (each stays as printed)."""
    assert loose_mention_pages([(1, "Costs by Fig-\nTre 3 region")], {"figure"}, "3") == ()

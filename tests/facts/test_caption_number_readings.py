"""Every reading of a caption's number (facts/captions.py ``caption_keys``): "Figure 3 – 2019 sales" is Figure 3
(a title's year after a spaced dash), "TABLE IV" is Table 4 and "Figure 3" is Figure III, "Fig. 3b" is a part
of Figure 3, and a caption word a gap broke ("Fig ure 3") or another language's ("图 3", "Abb. 3") is a
caption. Missed, the figure was found only by a loose mention (kept), claimed missing (a refuted claim), or
its panel's page was never looked at (a false widening). PDFs built here; truth planted by construction."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pdfs
import widening.facts.captions as captions
from widening.models import Caption

LINE = "The committee reviewed the annual programme and noted steady progress across all offices."
RED, BLUE = (0.85, 0.1, 0.1), (0.2, 0.4, 0.8)
QUESTION = "How many red bars are in Figure {n}?"


def _figures(path: Path, figures: list[tuple[str, list, dict]]) -> Path:
    """One page per figure: body text, a bar chart of ``colours``, its caption below (``font`` for insert_text);
    a caption given as a list of strings is set span by span, ``gap`` points apart."""
    doc = pymupdf.open()
    for caption, colours, font in figures:
        page = doc.new_page(width=595, height=842)
        for k in range(3):
            page.insert_text((72, 72 + 16 * k), LINE, fontsize=11)
        pdfs.bar_chart(page, (90, 300), [40, 60, 30][: len(colours)], colours)
        if isinstance(caption, list):
            x = 72.0
            for part in caption:
                page.insert_text((x, 320), part, fontsize=10)
                x += pymupdf.get_text_length(part, fontsize=10) + font.get("gap", 0)
        else:
            page.insert_text((72, 320), caption, fontsize=10, **font)
    return pdfs.save(doc, path)


def _pages(d) -> set[int]:
    return {p for r in d.probes for p in r.pages}


# A title's year after a spaced dash ------------------------------------------------------------------


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(dash=st.sampled_from(["-", "\u2013", "\u2014"]), year=st.integers(1990, 2030))
def test_a_figure_titled_by_a_year_after_a_spaced_dash_is_that_figure(tmp_path: Path, dash: str, year: int) -> None:
    pdf = _figures(tmp_path / f"y{year}.pdf", [(f"Figure {i} {dash} {year - 3 + i} sales by region", [BLUE, BLUE], {}) for i in (1, 2, 3)])
    d = pdfs.decide(pdf, QUESTION.format(n=3))
    assert d.decision == "widen" and _pages(d) == {3}, d.reason


def test_a_red_bar_in_a_figure_titled_by_a_year_is_no_zero(tmp_path: Path) -> None:
    pdf = _figures(tmp_path / "r.pdf", [(f"Figure {i} \u2013 {2016 + i} sales", [BLUE, RED if i == 3 else BLUE], {}) for i in (1, 2, 3)])
    assert pdfs.decide(pdf, QUESTION.format(n=3)).decision == "keep"


def test_a_chapter_number_after_a_spaced_dash_stays_a_chapter_number() -> None:
    # "Table 1 - 1" is no title "1": a chapter's first table, not Table 1 (its readings stay doubtful).
    from widening.facts.captions import caption_keys

    c = Caption(kind="table", number="1-1", page=1, bbox=(0, 0, 1, 1), text="Table 1 - 1 Population by age")
    assert "1" not in caption_keys(c)


# Roman numerals ----------------------------------------------------------------------------------------


def test_a_question_in_arabic_names_a_roman_caption(tmp_path: Path) -> None:
    pdf = _figures(tmp_path / "r.pdf", [(f"FIGURE {r}. Sales", [BLUE, BLUE], {}) for r in ("I", "II", "III")])
    d = pdfs.decide(pdf, QUESTION.format(n=3))
    assert d.decision == "widen" and _pages(d) == {3}, d.reason
    red = _figures(tmp_path / "red.pdf", [(f"FIGURE {r}. Sales", [BLUE, RED if r == "III" else BLUE], {}) for r in ("I", "II", "III")])
    assert pdfs.decide(red, QUESTION.format(n=3)).decision == "keep"
    assert pdfs.decide(pdf, QUESTION.format(n=5)).case == "missing_container"


def test_a_question_in_roman_names_an_arabic_caption(tmp_path: Path) -> None:
    pdf = _figures(tmp_path / "a.pdf", [(f"Figure {i}: Sales", [BLUE, BLUE], {}) for i in (1, 2, 3)])
    d = pdfs.decide(pdf, QUESTION.format(n="III"))
    assert d.decision == "widen" and _pages(d) == {3}, d.reason


def test_a_lettered_document_reads_a_single_i_as_a_letter() -> None:
    from widening.facts.captions import named_captions

    caps = [Caption(kind="table", number=n, page=i, bbox=(0, 0, 1, 1), text=f"Table {n}. Costs") for i, n in enumerate("ABCI", 1)]
    assert named_captions(caps, {"table"}, "1") == ([], [])
    assert [c.page for c in named_captions(caps[3:], {"table"}, "1")[0]] == [1 + 3]  # no letters beside it: roman
    assert named_captions(caps, {"table"}, "100") == ([], [])  # "Table C" is no roman 100


# Panels -----------------------------------------------------------------------------------------------


def test_a_panel_captioned_apart_is_looked_at(tmp_path: Path) -> None:
    # "Figure 3" (no red) and "Figure 3b" (a red bar) on the next page: widening on page 1 alone was false.
    pdf = _figures(tmp_path / "p.pdf", [("Figure 3: Sales", [BLUE], {}), ("Figure 3b: Costs", [BLUE, RED], {})])
    d = pdfs.decide(pdf, QUESTION.format(n=3))
    assert d.decision == "keep" and 2 in _pages(d), d.reason
    probed = pdfs.probe(pdf, "captions", {"kind": "figure", "number": "3"}, pages=(1, 2))
    assert [m.page for m in probed.members] == [1] and [m.page for m in probed.doubts] == [2]


def test_panels_without_their_figure_caption_are_the_figure(tmp_path: Path) -> None:
    pdf = _figures(tmp_path / "ab.pdf", [("Fig. 3a: Sales", [BLUE], {}), ("Fig. 3b: Costs", [BLUE, BLUE], {})])
    d = pdfs.decide(pdf, QUESTION.format(n=3))
    assert d.decision == "widen" and _pages(d) == {1, 2}, d.reason


# A caption word broken by a gap, and other languages' caption words ------------------------------------


@pytest.mark.parametrize("split", [["Fig", "ure 3: Sales"], ["F", "igure 3: Sales"], ["Ta", "ble 3: Sales"]])
def test_a_caption_word_a_gap_broke_is_a_caption(tmp_path: Path, split: list[str]) -> None:
    pdf = _figures(tmp_path / "s.pdf", [(split, [BLUE, RED], {"gap": 2.5})])
    assert " " in pymupdf.open(pdf)[0].get_text().splitlines()[-1][:7]
    kind = "Table" if split[0].startswith("T") else "Figure"
    d = pdfs.decide(pdf, f"How many red bars are in {kind} 3?")
    assert d.case != "missing_container" and 1 in _pages(d), d.reason
    assert pdfs.decide(pdf, f"How many red bars are in {kind} 5?").case == "missing_container"


@pytest.fixture
def other_languages(monkeypatch: pytest.MonkeyPatch):
    """The vocabulary's ``caption_words`` (rules/vocabulary.yaml), set here whatever the installed rules hold."""
    words = {"figure": ["abbildung", "abb.", "图", "図"], "chart": ["graphique"], "table": ["tabla", "表"]}
    monkeypatch.setattr(captions, "_foreign", captions.cache(lambda: {w: k for k, ws in words.items() for w in ws}))
    captions._caption_rx.cache_clear()
    for lazy in (captions._CAPTION_START, captions.CAPTION_LIKE):
        lazy.__dict__.pop("rx", None)
    yield
    captions._caption_rx.cache_clear()
    for lazy in (captions._CAPTION_START, captions.CAPTION_LIKE):
        lazy.__dict__.pop("rx", None)


@pytest.mark.parametrize("caption,font", [("\u56fe 3 \u9500\u552e", {"fontname": "china-s"}), ("\u56fe3\uff1a\u9500\u552e", {"fontname": "china-s"}),
                                          ("Abb. 3: Umsatz", {}), ("Graphique 3 : Ventes", {})])
def test_a_caption_in_another_language_is_the_figure(tmp_path: Path, other_languages, caption: str, font: dict) -> None:
    pdf = _figures(tmp_path / "l.pdf", [(caption, [BLUE, BLUE], font)])
    d = pdfs.decide(pdf, QUESTION.format(n=3))
    assert d.decision == "widen" and _pages(d) == {1}, d.reason
    assert pdfs.decide(pdf, QUESTION.format(n=5)).case == "missing_container"


def test_a_chinese_mention_inside_a_sentence_is_a_loose_mention(other_languages) -> None:
    assert captions.loose_mention_pages([(1, "\u5982\u56fe3\u6240\u793a")], {"figure"}, "3") == (1,)
    assert captions.loose_mention_pages([(1, "\u5982\u56fe3\u6240\u793a")], {"figure"}, "4") == ()

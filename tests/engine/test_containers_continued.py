"""Containers, held out: a figure continued on the next page under a label the caption reader does not
take ("(Figure 3 continued)", "Continued: Figure 3") or after a note sending the reader on ("continued on
next page"). The continued part is looked at (a doubtful reading): red bars there are no zero of Figure 3."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.facts.captions import continued_pages

Q = "How many red bars are in Figure 3?"
BODY = "Revenue grew in every region over the period, with the strongest growth in the south. " * 4
BLUE = (0.1, 0.3, 0.8)
RED = (0.85, 0.1, 0.1)


def _report(path: Path, label: str | None, note: str | None, continued_colour=RED) -> Path:
    """Figure 3 (blue bars, caption above them mid-page) on p2; more bars on p3 under ``label``."""
    d = pymupdf.open()
    for i in range(4):
        d.new_page().insert_textbox(pymupdf.Rect(72, 72, 540, 300), BODY if i != 2 else "", fontsize=10)
    d[1].insert_text((72, 330), "Figure 3: Revenue by region, 2019-2023", fontsize=10, fontname="hebo")
    pdfs.bar_chart(d[1], (100, 700), [60, 80, 100, 120, 90], [BLUE] * 5)
    if note:
        d[1].insert_text((72, 730), note, fontsize=8, fontname="heit")
    if label:
        d[2].insert_text((72, 80), label, fontsize=10, fontname="hebo")
    pdfs.bar_chart(d[2], (100, 350), [70, 110, 95], [continued_colour] * 3)
    d[2].insert_textbox(pymupdf.Rect(72, 400, 540, 600), BODY, fontsize=10)
    for i, page in enumerate(d, 1):
        page.insert_text((300, 770), str(i), fontsize=9)
    return pdfs.save(d, path)


@pytest.mark.parametrize("label, note", [
    ("(Figure 3 continued)", None),
    ("Continued: Figure 3", None),
    ("Continuation of Figure 3", None),
    ("(Figure 3. Revenue by region, continued)", None),
    (None, "(continued on next page)"),
])
def test_red_bars_in_the_continued_part_of_a_figure_are_no_zero(tmp_path: Path, label: str | None, note: str | None) -> None:
    """Widened as none before: only the caption's page was looked at."""
    dec = pdfs.decide(_report(tmp_path / "plant.pdf", label, note), Q)
    assert dec.decision == "keep" and dec.case != "missing_container", (label, note, dec.reason)
    assert {m.page for m in dec.doubts} | {m.page for m in dec.members} >= {3}, dec.reason


def test_controls_without_a_continuation_or_without_red_still_widen(tmp_path: Path) -> None:
    # No word ties the bars on p3 to Figure 3: another figure, not looked at.
    assert pdfs.decide(_report(tmp_path / "bare.pdf", None, None), Q).decision == "widen"
    # The continued part looked at, and no red there either: still none.
    blue = pdfs.decide(_report(tmp_path / "blue.pdf", "(Figure 3 continued)", None, continued_colour=BLUE), Q)
    assert blue.decision == "widen", blue.reason


FORMS = ["({w} {n} continued)", "Continued: {w} {n}", "Continuation of {w} {n}", "{w} {n} - cont'd", "{W} {n} (CONT.)",
         "({w} {n}. Revenue by region, continued)", "Continued from {w} {n}"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(form=st.sampled_from(FORMS), word=st.sampled_from(["Figure", "Fig.", "Exhibit", "Chart"]), n=st.integers(1, 40),
       other=st.integers(1, 40), at=st.integers(1, 6))
def test_a_continuation_label_names_its_page_and_no_other_number(form: str, word: str, n: int, other: int, at: int) -> None:
    texts = [(p, "Body text of the report.") for p in range(1, 7)]
    texts[at - 1] = (at, "Heading\n" + form.format(w=word, W=word.upper(), n=n) + "\nMore body text.")
    assert at in continued_pages(texts, {"figure", "chart"}, str(n), [], 6)
    if other != n:
        assert at not in continued_pages(texts, {"figure", "chart"}, str(other), [], 6)


def test_a_sentence_about_the_figure_is_no_continuation_label() -> None:
    texts = [(1, "As Figure 3 shows, growth continued to rise in the south."), (2, "Figure 3: Revenue")]
    assert continued_pages(texts, {"figure"}, "3", [2], 2) == ()

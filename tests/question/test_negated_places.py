"""A negated place right before a named container ("the red bars not in the chart on page 2") sets that
container aside like "except": the asked things are elsewhere (rules/cases.yaml ``negated_places``).

New questions (2026-12-04): "How many red bars are not in the chart on page 2?" was checked on page 2 alone
and widened; the red bars of every other page were never looked at."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import Row
from widening.question.parse import parse_question

PLACES = ["not in", "not on", "not inside", "not within", "outside", "outside of", "without", "without counting", "not counting",
          "not including", "leaving out"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PLACES), st.sampled_from(["the chart on page 2", "page 2", "Figure 3", "the table on page 4", "slide 5"]),
       st.sampled_from(["How many red bars are {n} {c}?", "Which images are {n} {c}?", "how many logos appear {n} {c}?"]))
def test_a_negated_place_before_a_container_sets_it_aside(neg, container, form):
    q = form.format(n=neg, c=container)
    p = parse_question(q)
    assert p.complement == neg and p.excluded and not any(c.text and c.text in container and c.kind.value != "document"
                                                          for c in p.containers), (q, p.complement, p.containers, p.excluded)


@pytest.mark.parametrize("q", [
    "What share of people not in employment answered yes on page 3?",
    "How many respondents are not in favour according to Table 2?",
    "Which countries are not on the list?",
])
def test_a_negated_place_before_anything_else_is_no_complement(q):
    assert parse_question(q).complement is None, q


def test_red_bars_not_in_the_chart_on_page_2_are_looked_for_on_the_other_pages(tmp_path: Path):
    """Named regression: a red bar chart on page 3 only; "not in the chart on page 2" is no zero."""
    pdf = pymupdf.open()
    for i in range(3):
        page = pdf.new_page(width=612, height=792)
        page.insert_text((72, 60), f"Sales review, part {i + 1}", fontsize=14)
    for j, h in enumerate([60, 120, 90]):
        pdf[2].draw_rect(pymupdf.Rect(120 + j * 60, 400 - h, 140 + j * 60, 400), fill=(0.85, 0.1, 0.1), color=None)
    pdf[1].draw_rect(pymupdf.Rect(120, 300, 140, 400), fill=(0.1, 0.3, 0.8), color=None)
    pdf.save(tmp_path / "bars.pdf")
    doc = load_doc(tmp_path / "bars.pdf", ocr=False)
    out = decide_row(Row(doc_id="bars.pdf", question="How many red bars are not in the chart on page 2?", answer="Not answerable"), doc)
    assert out.decision == "keep" and "page(s) 2 under" not in out.reason, out.reason


def test_images_without_the_cover_page_are_looked_for_beyond_the_cover(tmp_path: Path):
    """Named regression: "without the cover page" made the cover the scope; its one image is on page 3."""
    pdf = pymupdf.open()
    for i in range(4):
        pdf.new_page(width=612, height=792).insert_text((72, 60), f"Brochure page {i + 1}", fontsize=14)
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 60, 40), False)
    pix.set_rect(pix.irect, (200, 80, 40))
    pdf[2].insert_image(pymupdf.Rect(100, 200, 300, 350), pixmap=pix)
    pdf.save(tmp_path / "brochure.pdf")
    doc = load_doc(tmp_path / "brochure.pdf", ocr=False)
    for q in ("How many images are there without the cover page?", "How many images are in the brochure without counting the cover?"):
        out = decide_row(Row(doc_id="brochure.pdf", question=q, answer="Not answerable"), doc)
        assert out.decision == "keep" and any(m.page == 3 for m in out.members + out.doubts), (q, out.reason)
    control = decide_row(Row(doc_id="brochure.pdf", question="How many images are there, not counting page 3?", answer="Not answerable"), doc)
    assert control.decision == "widen", control.reason  # the one image is on the page set aside

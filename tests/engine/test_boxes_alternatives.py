"""Coloured boxes named as alternatives ("in the green box or the blue box"): the place read is missing only
when every box of it is, and not when an alternative of another kind is named beside it."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs


def page_with(path: Path, fill: tuple[float, float, float] | None) -> Path:
    doc = pdfs.new_doc(2)
    page = doc[1]
    pdfs.text(page, (72, 80), "Quarterly summary", size=16)
    if fill is not None:
        page.draw_rect(pymupdf.Rect(72, 280, 400, 360), color=None, fill=fill)
        pdfs.text(page, (90, 325), "Pinecone", size=12, colour=(1, 1, 1))
    return pdfs.save(doc, path)


BLUE = (0.2, 0.4, 0.9)
ALTERNATIVES = [
    "What is the word written in the green box or the blue box on page 2?",
    "What is the word in the green box or in the blue box on page 2?",
    "What is the word in the green or blue box on page 2?",
    "Which word appears in the green box on page 1 or the blue box on page 2?",
    "What is the word in either the green box or the blue box on page 2?",
]


@pytest.mark.parametrize("q", ALTERNATIVES)
def test_a_missing_green_box_is_no_missing_container_when_the_blue_one_is_there(tmp_path, q):
    """Regression: only the green box was read (or the first box decided alone): missing_container, while
    the page shows the blue box the question offers instead."""
    d = pdfs.decide(page_with(tmp_path / "blue.pdf", BLUE), q)
    assert d.case != "missing_container" and d.decision == "keep", d.reason
    assert any(m.page == 2 for m in d.doubts), d.doubts


@pytest.mark.parametrize("q", ALTERNATIVES)
def test_control_neither_box_shown_is_a_missing_container(tmp_path, q):
    d = pdfs.decide(page_with(tmp_path / "plain.pdf", None), q)
    assert d.case == "missing_container", d.reason


@pytest.mark.parametrize("q", ["What is the word in the sidebar or in the green box on page 2?",
                               "What is the word in the green box or the caption on page 2?"])
def test_an_alternative_of_another_kind_keeps_the_row(tmp_path, q):
    d = pdfs.decide(page_with(tmp_path / "plain.pdf", None), q)
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason


def test_control_one_box_alone_is_still_missing(tmp_path):
    d = pdfs.decide(page_with(tmp_path / "blue.pdf", BLUE), "What is the word written in the green box on page 2?")
    assert d.case == "missing_container", d.reason


@settings(max_examples=40, deadline=None)
@given(a=st.sampled_from(["green", "red", "yellow"]), b=st.sampled_from(["blue", "purple", "orange"]),
       form=st.sampled_from(["in the {a} box or the {b} box", "in the {a} box or in the {b} box", "in the {a} or {b} box",
                             "in the {a} frame on page 2 or the {b} frame"]))
def test_alternatives_are_one_group(a, b, form):
    from widening.question.boxes import box_groups, named_boxes  # here: the module's other tests run on a version without it

    q = f"What is written {form.format(a=a, b=b)} on page 2?"
    groups = box_groups(q, named_boxes(q))
    assert len(groups) == 1 and {x.colour for x in groups[0].boxes} == {a, b} and groups[0].other is None, groups

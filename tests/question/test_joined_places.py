"""A page joined to a place no container reads ("page 3 and in the appendix") is no scope of page 3 alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs
from widening.models import ContainerKind
from widening.question.parse import parse_question


def _report(path: Path, picture_on: int | None) -> Path:
    """Six text pages, page 5 headed "Appendix"; one picture on ``picture_on`` (none when None)."""
    doc = pdfs.new_doc(6)
    for i, page in enumerate(doc, 1):
        pdfs.text(page, (72, 72), "Appendix" if i == 5 else f"Chapter {i}", size=18)
        for k in range(8):
            pdfs.text(page, (72, 120 + 16 * k), "The survey was run online in the spring by the field team.")
        pdfs.text(page, (300, 770), str(i))
    if picture_on:
        pdfs.image(doc[picture_on - 1], (100, 400, 300, 550))
    return pdfs.save(doc, path)


JOINED = [
    "How many pictures in total are on page 3 and in the appendix?",
    "How many pictures are in the appendix and on page 3?",
    "How many pictures are on page 3 and elsewhere?",
    "How many pictures are on page 3 or anywhere else?",
    "How many pictures are on page 3 and in the rest of the document?",
    "How many pictures are on page 3 and throughout the report?",
    "How many pictures are on page 3, plus the appendix?",
    "How many pictures are on page 3 (including the appendix)?",
]


@pytest.mark.parametrize("question", JOINED)
def test_joined_place_is_looked_at(tmp_path: Path, question: str) -> None:
    # The picture is on the appendix page (5), not on page 3: page 3 alone would find zero.
    rec = pdfs.decide(_report(tmp_path / "a.pdf", 5), question)
    assert rec.decision != "widen", rec.reason


@pytest.mark.parametrize("question", JOINED)
def test_control_nothing_anywhere_widens(tmp_path: Path, question: str) -> None:
    rec = pdfs.decide(_report(tmp_path / "c.pdf", None), question)
    assert rec.decision == "widen", rec.reason


def test_control_page_alone_still_read(tmp_path: Path) -> None:
    pq = parse_question("How many pictures are on page 3 and on page 5?")
    assert [c.number for c in pq.containers] == ["3", "5"]
    pq = parse_question("How many pictures are on page 3 and in Figure 2?")
    assert {c.kind for c in pq.containers} == {ContainerKind.page, ContainerKind.figure}


@settings(max_examples=40, deadline=None)
@given(joiner=st.sampled_from(["and", "or", "as well as", "plus", "along with", ", and"]),
       place=st.sampled_from(["in the appendix", "in the Methods section", "within chapter two's summary", "elsewhere",
                              "anywhere", "throughout the document", "in the rest of the brochure", "across the report"]),
       n=st.integers(min_value=1, max_value=40))
def test_page_joined_to_unread_place_is_whole_document(joiner: str, place: str, n: int) -> None:
    pq = parse_question(f"How many pictures are on page {n} {joiner} {place}?")
    # The whole document, or a section read as the whole document ("in the appendix": one a heading must name).
    assert len(pq.containers) == 1 and pq.containers[0].kind in (ContainerKind.document, ContainerKind.section), pq.containers


def _page_two(path: Path, rect: tuple[float, float, float, float] | None) -> Path:
    """Three text pages; one picture on page 2 at ``rect`` (none when None)."""
    doc = pdfs.new_doc(3)
    for i, page in enumerate(doc, 1):
        pdfs.text(page, (72, 72), f"Chapter {i}", size=18)
        for k in range(4):
            pdfs.text(page, (72, 300 + 16 * k), "The survey was run online in the spring by the field team.")
    if rect:
        pdfs.image(doc[1], rect)
    return pdfs.save(doc, path)


BOTTOM = (100, 620, 300, 740)
PARTS_JOINED_LATER = [
    "How many pictures are at the top of page 2 and at the bottom?",
    "How many pictures are at the top of page 2, and how many at the bottom?",
    "How many pictures are at the top of page 2 or the bottom?",
    "How many pictures are at the top of page 2 and also in the lower half?",
]


@pytest.mark.parametrize("question", PARTS_JOINED_LATER)
def test_part_said_after_the_page_is_looked_at(tmp_path: Path, question: str) -> None:
    # The picture is in the bottom part the question also asks about, not at the top.
    rec = pdfs.decide(_page_two(tmp_path / "b.pdf", BOTTOM), question)
    assert rec.decision != "widen", rec.reason
    assert parse_question(question).containers[0].region is None


def test_control_top_alone_still_delimited(tmp_path: Path) -> None:
    q = "How many pictures are at the top of page 2?"
    assert parse_question(q).containers[0].region == "top"
    assert pdfs.decide(_page_two(tmp_path / "b.pdf", BOTTOM), q).decision == "widen"
    assert pdfs.decide(_page_two(tmp_path / "n.pdf", None), PARTS_JOINED_LATER[0]).decision == "widen"


RANGES_SAID_LONG = [
    "How many pictures are on page 3 through to page 5?",
    "How many pictures are on page 3 thru to page 5?",
    "How many pictures are on page 3 all the way to page 5?",
    "How many pictures are on page 3 as far as page 5?",
    "How many pictures are on page 3+?",
    "How many pictures are on page 3 and the one after?",
    "How many pictures are on page 3 and the page that follows?",
]


@pytest.mark.parametrize("question", RANGES_SAID_LONG)
def test_range_said_long_looks_between(tmp_path: Path, question: str) -> None:
    # The picture is on page 4, between the two pages named: pages 3 and 5 alone would find zero.
    rec = pdfs.decide(_report(tmp_path / "r.pdf", 4), question)
    assert rec.decision != "widen", rec.reason


def test_range_control_two_pages_apart_and_comparisons(tmp_path: Path) -> None:
    path = _report(tmp_path / "r.pdf", 4)
    assert pdfs.decide(path, "How many pictures are on page 3 and page 5?").decision == "widen"
    assert pdfs.decide(_report(tmp_path / "n.pdf", None), RANGES_SAID_LONG[0]).decision == "widen"
    pq = parse_question("How many more pictures are on page 3 compared to page 5?")
    assert [c.number for c in pq.containers] == ["3", "5"]


def test_ordinal_ending_a_scaled_number_is_not_that_page(tmp_path: Path) -> None:
    # "the one hundred and fifth page" is page 105, not page 5; the picture is on page 105.
    doc = pdfs.new_doc(106)
    for i, page in enumerate(doc, 1):
        pdfs.text(page, (72, 72), f"Page heading {i}")
    pdfs.image(doc[104], (100, 400, 300, 550))
    path = pdfs.save(doc, tmp_path / "long.pdf")
    rec = pdfs.decide(path, "How many pictures are on the one hundred and fifth page?")
    assert rec.decision != "widen", rec.reason
    assert [c.number for c in parse_question("How many pictures are on the fifth page?").containers] == ["5"]
    assert pdfs.decide(path, "How many pictures are on the fifth page?").decision == "widen"

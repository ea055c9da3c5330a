"""Case claims a page refutes when the question relates its places: short_not_empty of things found on each place
alone when the asked set is what they share ("also on page 3", "on every page"); unbounded_complement when a named
container after the negated clause holds the universe ("... not shown on page 2 are on page 3", "... but on page 3")
or the negation says when things first appear ("do not appear until page 3"). Each with its control, which still claims.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from tests import pdfs
from widening.engine import cases
from widening.models import Member, Reader
from widening.question.parse import parse_question


@pytest.fixture(scope="module")
def italics(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Page 2 has one italic word, page 3 another: no italic word is on both pages."""
    doc = pdfs.new_doc(4)
    for i, line in enumerate(["Style report", "Second page body text here.", "Third page body text here.", "Back cover"]):
        pdfs.text(doc[i], (72, 100), line)
    pdfs.text(doc[1], (72, 200), "alpha", font="heit")
    pdfs.text(doc[2], (72, 200), "beta", font="heit")
    return pdfs.save(doc, tmp_path_factory.mktemp("across") / "italics.pdf")


@pytest.fixture(scope="module")
def photos(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One picture on page 2, none on page 3."""
    doc = pdfs.new_doc(4)
    for i, line in enumerate(["Charity report", "Photos of the year", "Contacts", "Back cover"]):
        pdfs.text(doc[i], (72, 100), line)
    pdfs.image(doc[1], (72, 300, 272, 450))
    return pdfs.save(doc, tmp_path_factory.mktemp("across") / "photos.pdf")


@pytest.mark.parametrize("question", [
    "How many italic words on page 2 are also on page 3?",
    "How many italic words appear on page 2 and again on page 3?",
    "How many italic words are repeated on page 2 and page 3?",
    "How many italic words are common to page 2 and page 3?",
    "How many italic words do page 2 and page 3 share?",
    "How many italic words appear on every page?",
])
def test_finds_on_each_place_are_no_members_of_what_the_places_share(italics: Path, question: str) -> None:
    d = pdfs.decide(italics, question)
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason


@pytest.mark.parametrize("question", [
    "How many italic words appear on page 2 and page 3?",
    "How many italic words appear on pages 2 and 3?",
    "How many italic words are there on page 2?",
])
def test_finds_of_the_places_together_are_members(italics: Path, question: str) -> None:
    d = pdfs.decide(italics, question)
    assert (d.decision, d.case) == ("keep", "short_not_empty"), d.reason


_WORDS = ["also", "again", "both", "in common", "at the same time", "as well as"]


@settings(max_examples=40, deadline=None)
@given(word=st.sampled_from(_WORDS), a=st.integers(1, 40), b=st.integers(1, 40), pages=st.integers(1, 3))
def test_a_relation_across_two_places_never_claims_short_not_empty(word: str, a: int, b: int, pages: int) -> None:
    """Whatever the check found on the places one by one, a question relating two places never gets short_not_empty."""
    q = f"How many italic words on page {a} appear {word} on page {b + 40}?"
    members = [Member(page=p, bbox=(72, 188, 99, 203), what=f"italic span 'w{p}'", reader=Reader.text_layer) for p in range(1, pages + 1)]
    f = cases.short_not_empty(parse_question(q), members, True, "text_style")
    assert f is not None and f.case == "unverifiable"


@pytest.mark.parametrize("question", [
    "How many images that are not shown on page 2 are on page 3?",
    "How many images, not shown on page 2, are on page 3?",
    "How many images are not shown on page 2 but on page 3?",
    "How many images do not appear until page 3?",
])
def test_a_complement_a_later_place_holds_is_not_unbounded(photos: Path, question: str) -> None:
    d = pdfs.decide(photos, question)
    assert d.decision == "keep" and d.case == "unverifiable", d.reason


@pytest.mark.parametrize("question", [
    "How many images are not shown on page 2 or on page 3?",
    "How many pictures can not be found on page 3?",
    "How many images are not found on page 2?",
])
def test_an_unheld_complement_is_still_unbounded(photos: Path, question: str) -> None:
    d = pdfs.decide(photos, question)
    assert (d.decision, d.case) == ("keep", "unbounded_complement"), d.reason

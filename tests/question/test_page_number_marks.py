"""A page number may carry a mark after its page word ("page no. 9", "slide #3", "page number 12",
rules/vocabulary.yaml ``page_number_marks``): it names that page. A page word and a number with only
punctuation between ("page (9)", "page: 9") is a page read partly: the whole document, finds candidates.
Before, both fell back to the whole document with finds as members: a page 5 italic word made "page
no. 9" of a six-page file short_not_empty, where page 9 does not exist."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, strategies as st

import pdfs
from widening.question.parse import parse_question

MARKS = ["no. ", "No. ", "no.", "No.", "no ", "#", "# ", "number ", "Number ", "nr. ", "n° ", "num. "]


@given(mark=st.sampled_from(MARKS), n=st.integers(1, 400), word=st.sampled_from(["page", "Page", "slide"]))
def test_a_marked_number_names_the_page(mark: str, n: int, word: str) -> None:
    [c] = parse_question(f"How many italic words are on {word} {mark}{n}?").containers
    assert (c.kind.value, c.number) == (word.lower(), str(n))


@given(gap=st.sampled_from(["(", ": ", " - ", " (", ":"]), n=st.integers(1, 400))
def test_a_number_after_punctuation_is_a_page_read_partly(gap: str, n: int) -> None:
    p = parse_question(f"How many italic words are on page{gap}{n}{')' if '(' in gap else ''}?")
    assert [c.kind.value for c in p.containers] == ["document"]


@pytest.fixture(scope="module")
def six(tmp_path_factory) -> Path:
    doc = pdfs.new_doc(6)
    for i in range(6):
        pdfs.text(doc[i], (72, 100), f"Harbour traffic notes, section {i + 1}.")
    pdfs.text(doc[4], (72, 140), "The Kangaroo exhibit drew crowds.", font="heit")
    return pdfs.save(doc, tmp_path_factory.mktemp("s") / "six.pdf")


@pytest.mark.parametrize("said", ["page no. 9", "page #9", "page number 9", "page No.9", "page nr. 9"])
def test_a_marked_page_past_the_end_is_missing_not_short(six: Path, said: str) -> None:
    d = pdfs.decide(six, f"How many italic words are on {said}?")
    assert (d.decision, d.case) == ("keep", "missing_container"), d.reason


@pytest.mark.parametrize("said", ["page no. 5", "page #5"])
def test_control_a_marked_page_holding_the_word_is_short(six: Path, said: str) -> None:
    d = pdfs.decide(six, f"How many italic words are on {said}?")
    assert (d.decision, d.case) == ("keep", "short_not_empty") and {m.page for m in d.members} == {5}, d.reason


@pytest.mark.parametrize("said", ["page (9)", "page: 9"])
def test_a_page_read_partly_never_claims_its_finds(six: Path, said: str) -> None:
    d = pdfs.decide(six, f"How many italic words are on {said}?")
    assert (d.decision, d.case) == ("keep", "unverifiable") and "candidates" in d.reason, d.reason

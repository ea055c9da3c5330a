"""Zero keys: what a contradiction may rest on, and the key forms of a which-, what- and glossed zero.

* "How many italic words are shown in the name list on page 2?" keyed 0, on a page with one italic remark
  and no list, was contradicted: 'name' and 'list' were function words, so the words naming a part of the
  page were taken as accounted for and the italic remark as a member of the asked set. The same for "the
  list on page 2", and for "coloured italic words" / "italic words in colour" refuted by a black italic span.
  Each is unverifiable now; the plain count is still contradicted (control).
* "None of them", "Nothing", "0 (zero)", "none (0)" are zero keys; "none of the above", "0.5", "0%", "N/A" are not.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests import pdfs
from widening.engine.zeros import is_zero_key


def italic_remark(path: Path) -> Path:
    """Three plain pages; page 2 adds one black italic remark (no list, no field, no colour)."""
    doc = pdfs.new_doc(3, 400, 300)
    for i, page in enumerate(doc):
        pdfs.text(page, (30, 40), f"Report page {i + 1}")
        pdfs.text(page, (30, 70), "Plain body text about the survey results.")
    pdfs.text(doc[1], (30, 100), "An italic remark here", font="tiit")
    return pdfs.save(doc, path)


@pytest.mark.parametrize("question", [
    "How many italic words are shown in the name list on page 2?",
    "How many italic words does the list on page 2 show?",
    "How many words in the list are italic on page 2?",
    "How many coloured italic words are on page 2?",
    "How many italic words are colored on page 2?",
    "How many italic words are in colour on page 2?",
])
def test_a_part_of_the_page_or_a_colour_the_check_ignores_is_no_contradiction(tmp_path: Path, question: str) -> None:
    d, v = pdfs.zero_verdict(italic_remark(tmp_path / "p.pdf"), question, "0")
    assert d.members or d.doubts, d.reason  # the italic remark is found, as a candidate at least
    assert v.verdict == "unverifiable", v.reason


@pytest.mark.parametrize("question", ["How many italic words are on page 2?", "Count the italic words on page 2.",
                                      "What is the number of italic words on page 2?"])
def test_control_the_plain_count_is_contradicted(tmp_path: Path, question: str) -> None:
    _, v = pdfs.zero_verdict(italic_remark(tmp_path / "p.pdf"), question, "0")
    assert v.verdict == "contradicted", v.reason


@given(zero=st.sampled_from(["0", "zero", "none", "nil", "0.0"]), gloss=st.sampled_from(["0", "zero", "none"]),
       bracket=st.sampled_from(["()", "[]"]), case=st.sampled_from([str, str.title, str.upper]), stop=st.booleans())
def test_a_zero_glossed_by_another_is_a_zero_key(zero: str, gloss: str, bracket: str, case, stop: bool) -> None:
    key = case(f"{zero} {bracket[0]}{gloss}{bracket[1]}") + ("." if stop else "")
    assert is_zero_key(key) and is_zero_key(f'["{key}"]')


@pytest.mark.parametrize("key", ["None of them", "none of these.", "None of those", "Nothing", "nothing."])
def test_which_and_what_zeros_are_zero_keys(key: str) -> None:
    assert is_zero_key(key)


@pytest.mark.parametrize("key", ["none of the above", "None of the above is correct", "0.5", "0.5 (zero)", "0 (5)", "(0)",
                                 "0%", "N/A", "not applicable", "nothing else", "none of them are red"])
def test_control_still_no_zero_keys(key: str) -> None:
    assert not is_zero_key(key)

"""Case in a word count: ignored, but for an acronym.

"How many times does the term 'ROI' appear": "Le Roi" prints no ROI, "let us" no US. Text asked in capitals and printed
with a lower-case letter, or asked in lower case and printed in capitals among lower-case words ("sales in the US" for
'us'), is a doubt, never a member: short_not_empty is not claimed on it. Controls: the acronym in capitals, the word
in a heading all in capitals ("CLIMATE ACTION") and "Data" at a sentence's start stay members."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from tests.pdfs import decide, probe

COUNT = "How many times does the term '{word}' appear on page 1?"


def _page(path: Path, line: str) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=300)
    page.insert_text((30, 50), "Quarterly review", fontsize=13)
    page.insert_text((30, 120), line, fontsize=11)
    doc.save(path)
    doc.close()
    return path


# (asked, printed line): the asked text occurs in the line only as another word by its case
OTHER_CASE = [("ROI", "Le Roi Soleil held court"), ("US", "Let us talk about costs"), ("IT", "It was a good year"),
              ("us", "Sales in the US grew fast"), ("it", "Call the IT desk today"), ("WHO", "Who attended the talk")]
SAME_WORD = [("ROI", "The ROI of training"), ("US", "Sales in the US grew"), ("climate", "CLIMATE ACTION PLAN"),
             ("data", "Data were collected"), ("Data", "the data were collected"), ("climate", "the climate's effects")]


@settings(max_examples=len(OTHER_CASE), deadline=None)
@given(case=st.sampled_from(OTHER_CASE))
def test_an_acronym_printed_in_another_case_is_a_doubt(tmp_path_factory, case: tuple[str, str]) -> None:
    word, line = case
    pdf = _page(tmp_path_factory.mktemp("c") / "p.pdf", line)
    res = probe(pdf, "text_search", {"text": word})
    assert not res.members and res.doubts, res
    d = decide(pdf, COUNT.format(word=word))
    assert (d.decision, d.case) == ("keep", "unverifiable"), d.reason


@pytest.mark.parametrize("word,line", SAME_WORD)
def test_control_the_same_word_in_its_case_or_a_heading_is_a_member(tmp_path: Path, word: str, line: str) -> None:
    pdf = _page(tmp_path / "p.pdf", line)
    res = probe(pdf, "text_search", {"text": word})
    assert len(res.members) == 1 and not res.doubts, res
    assert decide(pdf, COUNT.format(word=word)).case == "short_not_empty"

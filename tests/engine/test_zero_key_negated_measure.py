"""A zero key to a question that negates what its check measures confirms nothing.

"How many words on page 1 are not italic?" keyed 0 was confirmed on a page of plain words: the derived check
(text_style, italic) found no italic word, and its zero was read as "no word that is not italic". The asked set
is the complement of what the check measures, so every plain word is a member. The question stage measures
no style it denies (question/parse.py ``_denied``), so such a zero is unverifiable; the same question without
the negation is still confirmed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import pdfs
from widening.engine.zeros import is_zero_key


def plain_page(path: Path) -> Path:
    """One page of plain body text (Helvetica, black): no italic, bold or underlined word anywhere."""
    doc = pdfs.new_doc(1, 595, 842)
    pdfs.text(doc[0], (72, 60), "Annual report", size=16)
    pdfs.text(doc[0], (72, 100), "Body text of the first page, in plain upright type.")
    return pdfs.save(doc, path)


@pytest.mark.parametrize("question", [
    "How many words on page 1 are not italic?",
    "How many words that are not bold are on page 1?",
    "How many words on page 1 aren't underlined?",
    "How many words on page 1 are not written in italics?",
    "How many words on page 1 are neither italic nor bold?",
    "How many lines on page 1 are never italic?",
])
def test_a_zero_of_what_the_question_negates_is_not_confirmed(tmp_path: Path, question: str) -> None:
    d, v = pdfs.zero_verdict(plain_page(tmp_path / "p.pdf"), question, "0")
    assert d.parsed is not None and d.parsed.target.styles == (), d.parsed
    assert (v.verdict, v.decision, v.case) == ("unverifiable", "keep", "unverifiable"), v.reason


@pytest.mark.parametrize("question", ["How many italic words are on page 1?", "How many words on page 1 are bold?",
                                      "How many underlined words are on page 1, not counting the title?"])
def test_control_the_zero_of_what_the_question_asks_is_confirmed(tmp_path: Path, question: str) -> None:
    _, v = pdfs.zero_verdict(plain_page(tmp_path / "p.pdf"), question, "0")
    assert v.verdict == "confirmed", v.reason


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(style=st.sampled_from(["italic", "bold", "underlined", "in italics", "bolded"]),
       negation=st.sampled_from(["not", "never", "aren't", "are not", "that are not", "which aren’t"]),
       key=st.sampled_from(["0", "None", "zero", "[]"]))
def test_any_negated_style_leaves_any_zero_unconfirmed(tmp_path: Path, style: str, negation: str, key: str) -> None:
    assert is_zero_key(key)
    pdf = tmp_path / "p.pdf"
    if not pdf.exists():
        plain_page(pdf)
    verb = "" if negation.startswith(("that", "which")) or negation in ("aren't", "are not") else "are "
    question = f"How many words on page 1 {verb}{negation} {style}?"
    _, v = pdfs.zero_verdict(pdf, question, key)
    assert v.verdict != "confirmed", (question, v.reason)

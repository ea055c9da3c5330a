"""A zero key that is also what the found thing prints.

"Which word on page 1 is in italics?" keyed "None", on a page whose one italic word is the product name
'None', was called contradicted (a correction candidate): the italic span found is the answer the key gives,
not a refutation of it. A zero form ("None", "null") is a word a page may print; to a question that does
not count, a key that a member prints may name that member, so the row is unverifiable. To "how many" the
key is a count, and the same member contradicts it; a member printing another word contradicts either.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import pdfs

STYLES = {"italics": {"font": "heit"}, "bold": {"font": "hebo"}, "red": {"colour": (1, 0, 0)}}


def page_with(path: Path, word: str, style: str) -> Path:
    """Page 1: plain body text and one ``word`` set in ``style``; page 2: plain text."""
    doc = pdfs.new_doc(2, 595, 842)
    pdfs.text(doc[0], (72, 60), "Product list", size=16)
    pdfs.text(doc[0], (72, 100), "Our products are Alpha, Beta and one more:")
    pdfs.text(doc[0], (72, 130), word, **STYLES[style])
    pdfs.text(doc[0], (72, 160), "Plain words in the body of the page.")
    pdfs.text(doc[1], (72, 60), "Second page plain text only.")
    return pdfs.save(doc, path)


@pytest.mark.parametrize("question,key", [
    ("Which word on page 1 is in italics?", "None"),
    ("Which italic words are on page 1?", "none"),
    ("List the italic words on page 1.", "['None']"),
    ("What colour is the italic text on page 1?", "None."),
])
def test_a_key_the_found_word_prints_is_no_contradiction(tmp_path: Path, question: str, key: str) -> None:
    _, v = pdfs.zero_verdict(page_with(tmp_path / "p.pdf", "None", "italics"), question, key)
    assert v.verdict == "unverifiable" and v.decision == "keep", v.reason
    assert "also what a member prints" in v.reason, v.reason


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(word=st.sampled_from(["None", "NONE", "none", "Null", "None Pro"]), style=st.sampled_from(sorted(STYLES)),
       lead=st.sampled_from(["Which word on page 1 is", "Which words on page 1 are", "Which product on page 1 is"]))
def test_no_printed_zero_word_makes_its_key_wrong(tmp_path: Path, word: str, style: str, lead: str) -> None:
    key = "null" if word == "Null" else "None"
    _, v = pdfs.zero_verdict(page_with(tmp_path / "p.pdf", word, style), f"{lead} in {style}?", key)
    assert v.verdict != "contradicted", v.reason


@pytest.mark.parametrize("question,key,word", [
    ("Which word on page 1 is in italics?", "None", "Gamma"),   # the italic word is another word
    ("How many italic words are on page 1?", "none", "None"),   # a count: the italic 'None' is one
    ("How many italic words are on page 1?", "0", "None"),
])
def test_control_a_member_the_key_does_not_name_contradicts_it(tmp_path: Path, question: str, key: str, word: str) -> None:
    _, v = pdfs.zero_verdict(page_with(tmp_path / "p.pdf", word, "italics"), question, key)
    assert v.verdict == "contradicted", v.reason


def test_control_the_zero_is_still_confirmed_where_nothing_is_italic(tmp_path: Path) -> None:
    _, v = pdfs.zero_verdict(page_with(tmp_path / "p.pdf", "None", "italics"), "Which word on page 2 is in italics?", "None")
    assert v.verdict == "confirmed", v.reason

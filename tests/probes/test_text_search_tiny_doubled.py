"""A word set about a point tall with a doubled letter ("Quillfeather" at 1 pt): the second "l" starts 0.2 pt after the
first, and a fixed floor on the fake-bold tolerance took it for the first drawn twice. The word was then read
"Quilfeather": no hit, no doubt, and a widening of a page whose layer holds the word. The word is one hit (a doubt
under 1.5 pt, a member above), never nothing; fake bold at body sizes is still one member."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pytest
from hypothesis import given, settings, strategies as st


def _page(path: Path, word: str, size: float, bold: bool = False) -> Path:
    doc = pdfs.new_doc(1)
    pdfs.text(doc[0], (72, 72), "A line every reader sees.", size=11)
    pdfs.text(doc[0], (72, 200), word, size=size)
    if bold:  # fake bold: the same word drawn again a fraction of a point to the right
        pdfs.text(doc[0], (72.3, 200), word, size=size)
    return pdfs.save(doc, path)


@settings(max_examples=20, deadline=None)
@given(word=st.sampled_from(["Quillfeather", "Boddleton", "Kessington", "Zeelander"]), size=st.floats(0.6, 1.45))
def test_tiny_type_with_a_doubled_letter_is_a_doubt(tmp_path_factory, word, size):
    pdf = _page(tmp_path_factory.mktemp("t") / "p.pdf", word, size)
    res = pdfs.probe(pdf, "text_search", {"text": word})
    # a member where the glyphs stand 1.5 pt tall or more, a doubt below (TINY_TEXT_PT); never nothing
    assert len(res.members) + len(res.doubts) == 1, (size, res)
    d = pdfs.decide(pdf, f"How many times does the word {word} appear on page 1?")
    assert d.decision == "keep", (size, d.reason)


@pytest.mark.parametrize("size", [8, 11, 14])
def test_control_fake_bold_at_body_size_is_one_member(tmp_path, size):
    pdf = _page(tmp_path / "p.pdf", "Quillfeather", size, bold=True)
    res = pdfs.probe(pdf, "text_search", {"text": "Quillfeather"})
    assert len(res.members) == 1 and not res.doubts, res

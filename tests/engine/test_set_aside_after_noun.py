"""A part set aside in a form no excluding word reads: "Acme aside, how many italic words ...", "non-Acme words".

The check counts the part set aside too; its finds are candidates, never the ground of short_not_empty (a page
whose one italic word is Acme was claimed "short, not empty" for the italic words other than Acme, which are
none). The zero of the larger set still holds. Vocabulary: rules/cases.yaml postposed_aside, aside_prefixes."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import Row


def _one_italic_word(path: Path, italic: bool = True) -> Path:
    doc = pymupdf.open()
    p = doc.new_page()
    p.insert_text((72, 72), "Report", fontsize=16)
    p.insert_text((72, 110), "Our partner is", fontsize=11)
    p.insert_text((150, 110), "Acme", fontsize=11, fontname="tiit" if italic else "tiro")
    p.insert_text((185, 110), "this year.", fontsize=11)
    doc.save(path)
    doc.close()
    return path


def _decide(path: Path, q: str):
    d = load_doc(path, ocr=False)
    try:
        return decide_row(Row(doc_id=path.name, question=q, answer="Not answerable"), d)
    finally:
        d.close()


@pytest.mark.parametrize("q", [
    "Acme aside, how many italic words are on page 1?",
    "The word Acme excepted, how many italic words are on page 1?",
    "How many non-Acme italic words are on page 1?",
    "How many italic words, the partner's name set aside, are on page 1?",
])
def test_the_part_set_aside_is_no_member(tmp_path: Path, q: str) -> None:
    d = _decide(_one_italic_word(tmp_path / "a.pdf"), q)
    assert d.decision == "keep" and d.case != "short_not_empty", (q, d.case, d.reason)


def test_control_the_whole_set_is_short_not_empty(tmp_path: Path) -> None:
    d = _decide(_one_italic_word(tmp_path / "a.pdf"), "How many italic words are on page 1?")
    assert d.case == "short_not_empty", d.reason


def test_control_a_zero_of_the_larger_set_still_widens(tmp_path: Path) -> None:
    d = _decide(_one_italic_word(tmp_path / "a.pdf", italic=False), "Acme aside, how many italic words are on page 1?")
    assert d.decision == "widen", d.reason

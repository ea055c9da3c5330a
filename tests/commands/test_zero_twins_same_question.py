"""The same question keyed 0 on one row and Not answerable on another is a pair of twins.

Twins were only rows with different targets, so the plainest inconsistency, one question keyed both ways in one
document, was listed nowhere, and its Not-answerable row was not decided. It is a twin now, each side decided by
its own direction (a zero record is never paired with itself: both rows share one (doc_id, question)).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests import pdfs
from widening.commands.cli import main
from widening.engine.zeros import is_zero_key, twin_pairs
from widening.models import Row

Q2 = "How many italic words are on page 2?"
Q1 = "How many italic words are on page 1?"


def _corpus(root: Path, rows: list[dict]) -> Path:
    """Two pages of plain text; page 2 also prints one italic phrase."""
    (root / "documents").mkdir(parents=True)
    doc = pdfs.new_doc(2, 300, 400)
    for i, page in enumerate(doc):
        pdfs.text(page, (40, 60), f"Body text of page {i + 1}.")
    pdfs.text(doc[1], (40, 100), "slanted words", font="tiit")
    pdfs.save(doc, root / "documents" / "doc.pdf")
    (root / "samples.json").write_text(json.dumps(rows))
    return root


def _twins(corpus: Path, out: Path) -> list[dict]:
    assert main(["audit", "--keys", "zero", "--corpus", str(corpus), "--out", str(out), "--auto", "--no-cache", "--jobs", "1", "-q"]) == 0
    return json.loads((out / "twins.json").read_text())


def test_one_question_keyed_both_ways_is_listed_with_each_direction_decided(tmp_path: Path) -> None:
    rows = [{"doc_id": "doc.pdf", "question": Q2, "answer": "None"}, {"doc_id": "doc.pdf", "question": Q2, "answer": "Not answerable"}]
    [t] = _twins(_corpus(tmp_path / "c", rows), tmp_path / "out")
    z, n = t["zero_key"], t["not_answerable"]
    assert (z["key"], z["direction"], z["verdict"]) == ("None", "zero_key", "contradicted")
    assert (n["key"], n["direction"], n["case"]) == ("Not answerable", "not_answerable", "short_not_empty")
    assert "contradicted by members" in t["keyed_alike"]
    assert Q2 in (tmp_path / "out" / "zeros.md").read_text().split("## Twins keyed apart (1)")[1]


@pytest.mark.parametrize("other", ["How many bold words are on page 2?", Q2, "  how many italic words are on  PAGE 2?"])
def test_control_twins_need_one_document_and_the_same_shape(other: str) -> None:
    zero = Row(doc_id="a.pdf", question=Q2 if other != "How many bold words are on page 2?" else Q1, answer="0")
    assert [(z.question, n.question) for z, n, _ in twin_pairs([zero, Row(doc_id="a.pdf", question=other, answer="Not answerable")])] == [(zero.question, other)]
    assert twin_pairs([zero, Row(doc_id="b.pdf", question=other, answer="Not answerable")]) == []  # another document
    assert twin_pairs([zero, Row(doc_id="a.pdf", question="How many cats are in the photo on page 2?", answer="Not answerable")]) == []
    # The same target asked of another page is no twin (that page may hold what this one lacks).
    assert twin_pairs([Row(doc_id="a.pdf", question=Q1, answer="0"), Row(doc_id="a.pdf", question=Q2, answer="Not answerable")]) == []


@pytest.mark.parametrize("key", ["nil", "Nil.", "No one", "no-one", "Nobody", "['nobody']"])
def test_who_and_nil_zeros_are_zero_keys(key: str) -> None:
    assert is_zero_key(key)


@pytest.mark.parametrize("key", ["No", "none of the above", "No one else", "Nobody's fault", "nilpotent", "N/A"])
def test_control_still_no_zero_keys(key: str) -> None:
    assert not is_zero_key(key)

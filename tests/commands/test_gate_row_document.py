"""The gate measures the PDF of the row a proposal names, never another file the proposal's spelling opens.

A proposal finds its row by ``(doc_id, question)`` with the doc_id's ends stripped (corpus.row_key), so
``"a.pdf "`` finds the row of ``a.pdf``. The row is what gets widened: its own PDF must be the one measured,
even where ``documents/`` also holds a file spelt ``"a.pdf "`` with nothing on it."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pytest

from widening.commands.gate import Code, gate_files

Q = "Which words are in italic on page 1?"


def _pdf(path: Path, italic: bool) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=500)
    page.insert_text((50, 100), "Plain body text of the report.", fontname="helv", fontsize=11)
    if italic:
        page.insert_text((50, 140), "an italic remark", fontname="tiit", fontsize=11)
    doc.save(path)
    doc.close()


@pytest.mark.parametrize("spelt", ["a.pdf ", " a.pdf", "a.pdf\t"])
@pytest.mark.parametrize("pinned", [False, True])
def test_a_proposal_spelt_with_spaces_is_measured_on_its_rows_pdf(tmp_path, spelt, pinned):
    root = tmp_path / "corpus"
    (root / "documents").mkdir(parents=True)
    _pdf(root / "documents" / "a.pdf", italic=True)  # the row's PDF: the set is not empty
    _pdf(root / "documents" / spelt, italic=False)  # another file, empty
    (root / "samples.json").write_text(json.dumps([{"doc_id": "a.pdf", "question": Q, "answer": "Not answerable"}]))
    check = {"probe": "text_style", "container": {"kind": "page", "number": "1", "text": "page 1"}, "params": {"styles": ["italic"]}}
    f = tmp_path / "p.json"
    f.write_text(json.dumps([{"doc_id": spelt, "question": Q, **({"check": check} if pinned else {})}]))
    (item,) = gate_files([str(f)], str(root), no_cache=True, workers=1).items
    assert item.verdict == "reject", item.reason
    assert item.code is Code.short_not_empty, item.reason


def test_the_plain_spelling_still_widens_a_true_zero(tmp_path):
    root = tmp_path / "corpus"
    (root / "documents").mkdir(parents=True)
    _pdf(root / "documents" / "a.pdf", italic=False)
    (root / "samples.json").write_text(json.dumps([{"doc_id": "a.pdf", "question": Q, "answer": "Not answerable"}]))
    f = tmp_path / "p.json"
    f.write_text(json.dumps([{"doc_id": "a.pdf", "question": Q}, {"doc_id": "a.pdf ", "question": Q}]))
    items = gate_files([str(f)], str(root), no_cache=True, workers=1).items
    assert [i.verdict for i in items] == ["accept", "accept"], [i.reason for i in items]

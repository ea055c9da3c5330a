"""`widening audit --keys zero` writes one proposal per confirmed zero, and none for a zero its check
does not measure whole.

Two confirmed rows whose questions share their first six words ("How many italic words are on page 2?",
"... on page 3?") were written to one file name, so the second proposal overwrote the first. A row
keyed "zero" was not selected at all. A row joining two things ("phone numbers and email addresses"),
whose check counts one, was confirmed and proposed on a page printing an e-mail address."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from tests import pdfs
from widening.commands.cli import main
from widening.commands.zeros import proposal_name

SAME_START = ["How many italic words are on page 2?", "How many italic words are on page 3?"]
JOINED = "How many phone numbers and email addresses are on page 1?"


def _corpus(root: Path) -> Path:
    (root / "documents").mkdir(parents=True)
    doc = pdfs.new_doc(3, 300, 400)
    for i, page in enumerate(doc):
        pdfs.text(page, (30, 60), f"Body text of page {i + 1}.")
    pdfs.text(doc[0], (30, 100), "Mail info@example.com")
    pdfs.save(doc, root / "documents" / "doc.pdf")
    rows = [{"doc_id": "doc.pdf", "question": SAME_START[0], "answer": "0"},
            {"doc_id": "doc.pdf", "question": SAME_START[1], "answer": "zero"},
            {"doc_id": "doc.pdf", "question": "How many bold words are on page 3?", "answer": "Not answerable"},
            {"doc_id": "doc.pdf", "question": JOINED, "answer": "['0', '0']"}]
    (root / "samples.json").write_text(json.dumps(rows))
    return root


def test_each_confirmed_zero_gets_its_own_proposal_the_gate_accepts(tmp_path: Path) -> None:
    corpus, out = _corpus(tmp_path / "corpus"), tmp_path / "out"
    assert main(["audit", "--keys", "zero", "--corpus", str(corpus), "--out", str(out), "--auto", "--no-cache", "--jobs", "1", "-q"]) == 0
    recs = {r["question"]: r for r in json.loads((out / "zeros.json").read_text())}
    assert set(recs) == {*SAME_START, JOINED}  # "zero" is a zero key
    assert [recs[q]["verdict"] for q in SAME_START] == ["confirmed", "confirmed"]
    assert recs[JOINED]["verdict"] == "unverifiable" and "joins" in recs[JOINED]["reason"]
    props = sorted((out / "proposals").glob("*.yaml"))
    assert sorted(yaml.safe_load(p.read_text().split("\n", 1)[1])["question"] for p in props) == SAME_START
    twins = json.loads((out / "twins.json").read_text())
    assert {t["zero_key"]["key"] for t in twins} == {"0", "zero"}
    assert main(["gate", *map(str, props), "--corpus", str(corpus), "--no-cache", "--jobs", "1", "-q"]) == 0


def test_a_proposal_name_is_stable_and_its_own() -> None:
    a, b = ({"doc_id": "doc.pdf", "question": q} for q in SAME_START)
    assert proposal_name(a) == proposal_name(dict(a)) and proposal_name(a) != proposal_name(b)
    assert proposal_name(a).startswith("doc-pdf-how-many-italic-words-are-on-") and proposal_name(a).endswith(".yaml")
    assert proposal_name({"doc_id": "doc.pdf", "question": "???"}) != proposal_name({"doc_id": "doc.pdf", "question": "!!!"})

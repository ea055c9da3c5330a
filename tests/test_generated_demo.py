"""``python -m fixtures demo OUT``: a corpus in the engine's layout, whose truth matches its PDFs."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from fixtures.demo import write_demo
from widening.commands.corpus import doc_path, load_samples, locate_corpus
from widening.facts.extract import load_doc


def test_demo_writes_a_corpus_the_engine_reads(tmp_path):
    out = tmp_path / "demo"
    run = subprocess.run([sys.executable, "-m", "fixtures", "demo", str(out), "--docs", "2"], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    corpus = locate_corpus(out)
    samples = load_samples(corpus.samples)
    assert samples.rows and not samples.errors and not samples.duplicates
    truth = json.loads((out / "truth.json").read_text())
    assert {r.doc_id for r in samples.rows} == set(truth)
    for doc_id, entry in truth.items():
        asked = {r.question for r in samples.rows if r.doc_id == doc_id}
        assert asked == {r["question"] for r in entry["rows"]}
        assert all(r["may_widen"] == (r["planted_members"] == 0) for r in entry["rows"])
        doc = load_doc(doc_path(corpus, doc_id), ocr=False)
        try:
            assert doc.facts.page_count == len(entry["truth"]["pages"])
        finally:
            doc.close()


@pytest.mark.skipif(not os.environ.get("WIDENING_SLOW_TESTS"), reason="audit with OCR of a demo corpus (~1 CPU-min): set WIDENING_SLOW_TESTS=1")
def test_demo_audit_never_widens_a_planted_member(tmp_path):
    # End to end: a row whose asked set has planted members must never be widened (nor said
    # missing or absent), and a row whose set is empty is never said short_not_empty.
    out = write_demo(tmp_path / "demo", n_docs=12)
    run = subprocess.run([sys.executable, "-m", "widening", "audit", "--corpus", str(out), "--out", str(tmp_path / "audit"), "--auto", "--no-cache", "--jobs", "1"],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    truth = json.loads((out / "truth.json").read_text())
    planted = {(d, r["question"]): r["planted_members"] for d, e in truth.items() for r in e["rows"]}
    audit = json.loads((tmp_path / "audit" / "audit.json").read_text())
    wrong = [(x["doc_id"], x["question"]) for x in audit if x["decision"] == "widen" and planted[(x["doc_id"], x["question"])] > 0]
    assert not wrong, wrong
    # Nor a case the page refutes: "not empty" of an empty set, "absent" of a planted one.
    refuted = [(x["doc_id"], x["question"], x["case"]) for x in audit
               if (x["case"] == "short_not_empty") != (planted[(x["doc_id"], x["question"])] > 0)
               and (x["case"] == "short_not_empty" or x["case"] in ("missing_container", "absent_entity"))]
    assert not refuted, refuted

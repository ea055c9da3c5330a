"""``python -m fixtures demo OUT``: a corpus in the engine's layout, whose truth matches its PDFs."""

from __future__ import annotations

import json
import subprocess
import sys

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

"""The other direction (`widening audit --keys zero`): zero keys decided by the same engine as a
widening, on a corpus built at test time and on the real corpus (skipped when absent)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests import pdfs
from widening.commands.cli import main
from widening.commands.corpus import load_samples
from widening.engine.zeros import is_zero_key, twin_pairs

Q_ITALIC_2 = "How many italic words are on page 2?"
Q_ITALIC_3 = "How many italic words are on page 3?"
Q_BOLD_2 = "How many bold words are on page 2?"
Q_PLANES = "How many figures with arrows are there on page 1?"


def _pdf(path: Path) -> None:
    """Three pages of plain body text; page 1 carries a raster picture, page 3 one italic phrase."""
    doc = pdfs.new_doc(3, 300, 400)
    for i, page in enumerate(doc):
        pdfs.text(page, (40, 60), f"Body text of page {i + 1}.")
    pdfs.image(doc[0], (40, 120, 260, 300), px=(200, 160))
    pdfs.text(doc[2], (40, 100), "slanted words", font="tiit")
    pdfs.save(doc, path)


@pytest.fixture()
def zero_corpus(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    (root / "documents").mkdir(parents=True)
    _pdf(root / "documents" / "doc.pdf")
    rows = [
        {"doc_id": "doc.pdf", "question": Q_ITALIC_2, "answer": "0"},  # confirmed
        {"doc_id": "doc.pdf", "question": Q_ITALIC_3, "answer": "['0']"},  # contradicted by the italic phrase
        {"doc_id": "doc.pdf", "question": Q_BOLD_2, "answer": "Not answerable"},  # the twin
        {"doc_id": "doc.pdf", "question": Q_PLANES, "answer": "0.0"},  # figures found: a broader set, not a contradiction
        {"doc_id": "gone.pdf", "question": Q_ITALIC_2, "answer": "None"},  # no PDF
        {"doc_id": "doc.pdf", "question": "How many pages are there?", "answer": "3"},  # not a zero key
    ]
    (root / "samples.json").write_text(json.dumps(rows))
    return root


def _run(corpus: Path, out: Path) -> tuple[dict[str, dict], list[dict]]:
    assert main(["audit", "--keys", "zero", "--corpus", str(corpus), "--out", str(out), "--auto", "--no-cache", "--jobs", "1"]) == 0
    zeros = json.loads((out / "zeros.json").read_text())
    return {(r["doc_id"], r["question"]): r for r in zeros}, json.loads((out / "twins.json").read_text())


def test_zero_keys_confirmed_contradicted_unverifiable(zero_corpus: Path, tmp_path: Path) -> None:
    recs, _ = _run(zero_corpus, tmp_path / "out")
    assert len(recs) == 4  # four zero-keyed rows, one of them on a missing PDF
    got = {k: (r["verdict"], r["direction"]) for k, r in recs.items()}
    assert got[("doc.pdf", Q_ITALIC_2)] == ("confirmed", "zero_key")
    assert got[("doc.pdf", Q_ITALIC_3)] == ("contradicted", "zero_key")
    assert got[("doc.pdf", Q_PLANES)] == ("unverifiable", "zero_key")
    assert got[("gone.pdf", Q_ITALIC_2)] == ("unverifiable", "zero_key")
    contradicted = recs[("doc.pdf", Q_ITALIC_3)]
    [m] = contradicted["members"]
    assert m["page"] == 3 and len(m["bbox"]) == 4 and "slanted" in m["what"]
    planes = recs[("doc.pdf", Q_PLANES)]
    assert planes["members"] and "candidate" in planes["reason"]  # figures, not figures with arrows: no contradiction
    assert "unavailable" in recs[("gone.pdf", Q_ITALIC_2)]["reason"]
    # The same record schema as audit.json: the SPEC fields first.
    assert list(contradicted)[:9] == ["doc_id", "question", "key", "decision", "case", "reason", "check", "members", "doubts"]


def test_twins_side_by_side_and_in_the_markdown(zero_corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _, twins = _run(zero_corpus, out)
    pairs = {(t["zero_key"]["question"], t["not_answerable"]["question"]) for t in twins}
    assert pairs == {(Q_ITALIC_2, Q_BOLD_2), (Q_ITALIC_3, Q_BOLD_2)}
    first = next(t for t in twins if t["zero_key"]["question"] == Q_ITALIC_2)
    assert first["shape"] == {"container": ["page"], "quantifier": "how_many", "family": "text_style"}
    assert first["not_answerable"]["direction"] == "not_answerable" and first["not_answerable"]["decision"] == "widen"
    assert first["keyed_alike"].startswith("Both can be keyed 'Not answerable or 0 or none'")
    second = next(t for t in twins if t["zero_key"]["question"] == Q_ITALIC_3)
    assert "contradicted by members" in second["keyed_alike"] and "rest on a reviewer's reading" in second["keyed_alike"]
    md = (out / "zeros.md").read_text()
    assert "## Contradicted: correction candidates (1)" in md and "PDF p3 bbox" in md
    assert "## Twins keyed apart (2)" in md and Q_BOLD_2 in md
    assert "slanted words" in (out / "zeros.html").read_text()  # the evidence report renders the same records


def test_a_confirmed_zero_is_a_proposal_the_gate_accepts(zero_corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    _run(zero_corpus, out)
    [prop] = sorted((out / "proposals").glob("*.yaml"))
    assert main(["gate", str(prop), "--corpus", str(zero_corpus), "--no-cache", "--jobs", "1"]) == 0
    # The contradicted zero, proposed the same way, is rejected with the members that contradict it.
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"doc_id": "doc.pdf", "question": Q_ITALIC_3}))
    report = tmp_path / "gate.json"
    assert main(["gate", str(bad), "--corpus", str(zero_corpus), "--no-cache", "--jobs", "1", "--format", "json", "--output", str(report)]) == 1
    [item] = json.loads(report.read_text())["items"]
    assert item["code"] == "short_not_empty" and item["members"][0]["page"] == 3


# --------------------------------------------------------------------------- the real corpus


def test_real_corpus_zero_keys_and_the_brochure_twin(corpus: Path) -> None:
    """Every zero-keyed row of samples.json is selected; rows without a PDF are unverifiable; the rule finds the brochure pair."""
    from widening.commands.audit import AuditOptions
    from widening.commands.zeros import decide_zero_keys

    rows = list(load_samples(corpus / "samples.json").rows)
    zero = [r for r in rows if is_zero_key(r.answer)]
    assert len(zero) == 22  # the 21 plus one list of zeros written without quotes
    no_pdf = [r for r in zero if not (corpus / "documents" / r.doc_id).is_file()]
    assert len(no_pdf) == 8
    pairs = [(z, n) for z, n, s in twin_pairs(rows) if s.family == "depicted"]
    brochure = [(z, n) for z, n in pairs if z.answer == "['0', '0']" and n.answer.startswith("Not answerable")]
    assert brochure, "the dogs-and-cats / sunglasses pair should share a shape"
    # Decide the rows without a PDF (no PDF work): each is unverifiable, saying why.
    recs, _ = decide_zero_keys(corpus, no_pdf, AuditOptions(no_cache=True, use_checks=False), workers=1)
    assert len(recs) == 8 and all(r["verdict"] == "unverifiable" for r in recs)
    # Without the PDF only a question-level case can still be named (an unbounded complement).
    assert all("unavailable" in r["reason"] for r in recs if r["case"] == "unverifiable")
    assert {r["case"] for r in recs} <= {"unverifiable", "unbounded_complement"}


def test_a_zero_keyed_as_a_json_number_is_checked(tmp_path: Path) -> None:
    """A benchmark that keys a count as the JSON number 0 has that row checked, not dropped as malformed."""
    root = tmp_path / "corpus"
    (root / "documents").mkdir(parents=True)
    _pdf(root / "documents" / "doc.pdf")
    rows = [{"doc_id": "doc.pdf", "question": Q_ITALIC_2, "answer": 0}, {"doc_id": "doc.pdf", "question": Q_ITALIC_3, "answer": 0}]
    (root / "samples.json").write_text(json.dumps(rows))
    recs, _ = _run(root, tmp_path / "out")
    assert {k[1]: r["verdict"] for k, r in recs.items()} == {Q_ITALIC_2: "confirmed", Q_ITALIC_3: "contradicted"}

"""The gate and the audit share decisions: a proposal without a pinned check is decided as the audit decides its
row, so a row the audit decided (same PDF, rules and code) is not measured again, and a pinned check always runs."""

from __future__ import annotations

import json
from pathlib import Path

from widening.commands.audit import AuditOptions, _decision_key, audit_rows, cached_decision
from widening.commands.gate import gate_files
from widening.facts.cache import Cache
from widening.facts.document import sha256_file
from widening.models import Row

ASK = "How many images are there on page 2?"


def _corpus(tmp_path: Path) -> Path:
    from pdfs import plain_text_pages

    root = tmp_path / "corpus"
    (root / "documents").mkdir(parents=True)
    doc = plain_text_pages()
    doc.save(root / "documents" / "small.pdf")
    (root / "samples.json").write_text(json.dumps([{"doc_id": "small.pdf", "question": ASK, "answer": "Not answerable"}]))
    return root


def _proposal(tmp_path: Path, check: dict | None = None) -> str:
    f = tmp_path / ("pinned.json" if check else "auto.json")
    f.write_text(json.dumps([{"doc_id": "small.pdf", "question": ASK, **({"check": check} if check else {})}]))
    return str(f)


def test_the_gate_reads_the_decision_the_audit_stored_and_stores_its_own(tmp_path):
    root, cache_dir = _corpus(tmp_path), tmp_path / "cache"
    row = Row(doc_id="small.pdf", question=ASK, answer="Not answerable", index=0)
    [audited] = audit_rows(root, [row], AuditOptions(cache_dir=str(cache_dir), use_checks=False))
    cache, sha = Cache(cache_dir), sha256_file(root / "documents" / "small.pdf")
    assert cached_decision(cache, sha, row) == audited
    # A mark only the stored copy carries: the gate's decision is the one it read, not one it measured again.
    marked = audited.model_copy(update={"reason": audited.reason + " [stored]"})
    cache.put("decisions", _decision_key(sha, row, None), marked)
    [item] = gate_files([_proposal(tmp_path)], str(root), cache_dir=str(cache_dir), workers=1).items
    assert item.decision is not None and item.decision.reason.endswith("[stored]")
    assert item.verdict == ("accept" if audited.decision == "widen" else "reject")


def test_a_gated_row_is_stored_for_the_next_gate_or_audit(tmp_path):
    root, cache_dir = _corpus(tmp_path), tmp_path / "cache"
    [first] = gate_files([_proposal(tmp_path)], str(root), cache_dir=str(cache_dir), workers=1).items
    row = Row(doc_id="small.pdf", question=ASK, answer="Not answerable", index=0)
    stored = cached_decision(Cache(cache_dir), sha256_file(root / "documents" / "small.pdf"), row)
    assert stored is not None and stored == first.decision


def test_a_pinned_check_is_never_answered_from_the_audits_decision(tmp_path):
    root, cache_dir = _corpus(tmp_path), tmp_path / "cache"
    gate_files([_proposal(tmp_path)], str(root), cache_dir=str(cache_dir), workers=1)
    check = {"probe": "images", "container": {"kind": "page", "number": "2"}, "readings": ["pdf"]}
    [item] = gate_files([_proposal(tmp_path, check)], str(root), cache_dir=str(cache_dir), workers=1).items
    assert item.decision is not None and item.decision.spec_source == "proposal", item.decision

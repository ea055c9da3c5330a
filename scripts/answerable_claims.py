"""Precision of the case claims, measured on rows whose answer the document states.

    python3 scripts/answerable_claims.py CORPUS OUT.json [--cache DIR] [--jobs N] [--decide]

An answerable row's question is about something the document has, so an ``absent_entity``
or ``missing_container`` claim on it is almost always false (unless the question itself
misnames the entity). The engine never sees these rows in an audit, which makes them a
held-out check of the claim rules. Prints every claim with its reason; exits 0.

``--decide`` runs the whole decision as if each row were keyed Not answerable: a ``widen`` there
is a check that measured zero where the document has the answer (a probe's blind spot, or a
check of another set than asked): each one is printed for review.
"""

from __future__ import annotations

import argparse
from collections import Counter
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any


def _doc_claims(args: tuple[str, str, list[dict[str, Any]], str | None, bool]) -> list[dict[str, Any]]:
    from widening.engine import cases
    from widening.engine.decide import decide_row
    from widening.models import Row
    from widening.engine.containers import resolve
    from widening.engine.lists import resolve_list
    from widening.facts.cache import cache_from_options, load_doc_cached
    from widening.question.parse import parse_question

    corpus, doc_id, rows, cache_dir, full = args
    cache = cache_from_options(cache_dir)
    doc = load_doc_cached(Path(corpus) / "documents" / doc_id, cache)
    doc.store = cache  # words read in pictures are kept there, as the audit does
    out = []
    try:
        for r in rows:
            if full:
                d = decide_row(Row(doc_id=doc_id, question=r["question"], answer="Not answerable"), doc)
                rec = {"doc_id": doc_id, "question": r["question"], "answer": r["answer"], "decision": d.decision,
                       "case": None if d.case == "unverifiable" else d.case, "reason": d.reason,
                       "probe": (d.check or {}).get("probe") if isinstance(d.check, dict) else None}
                out.append(rec)
                continue
            parsed = parse_question(r["question"])
            resolved = [resolve(c, doc) for c in parsed.containers]
            finding = cases.missing_container(resolved)
            if finding is None:
                finding = cases.missing_sub_container([resolve_list(c, doc, resolved) for c in parsed.sub_containers])
            entity = None
            if finding is None:
                entity = cases.absent_entity(parsed, doc)
                finding = entity.finding
            rec = {"doc_id": doc_id, "question": r["question"], "answer": r["answer"],
                   "qualifiers": [(q.kind, q.text) for q in parsed.qualifiers]}
            if finding is not None:
                rec.update(case=finding.case, reason=finding.reason)
            elif entity is not None and entity.doubt_reason:
                rec.update(case="doubt", reason=entity.doubt_reason)
            out.append(rec)
    finally:
        doc.close()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus")
    ap.add_argument("out")
    ap.add_argument("--cache")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--claims-of", help="re-run only the documents with a claim or doubt in this earlier OUT.json")
    ap.add_argument("--decide", action="store_true", help="the whole decision, widenings included (not only the case claims)")
    a = ap.parse_args(argv)
    only = None
    if a.claims_of:
        only = {r["doc_id"] for r in json.loads(Path(a.claims_of).read_text()) if r.get("case")}
    samples = json.loads((Path(a.corpus) / "samples.json").read_text())
    by: dict[str, list[dict[str, Any]]] = {}
    for r in samples:
        if only is not None and r["doc_id"] not in only:
            continue
        if not str(r["answer"]).startswith("Not answerable") and (Path(a.corpus) / "documents" / r["doc_id"]).is_file():
            by.setdefault(r["doc_id"], []).append(r)
    jobs = [(a.corpus, d, rs, a.cache, a.decide) for d, rs in sorted(by.items())]
    recs: list[dict[str, Any]] = []
    with ProcessPoolExecutor(a.jobs) as pool:
        for got in pool.map(_doc_claims, jobs):
            recs += got
    Path(a.out).write_text(json.dumps(recs, indent=1))
    claims = [r for r in recs if r.get("case") in ("absent_entity", "missing_container")]
    doubts = [r for r in recs if r.get("case") == "doubt"]
    for r in claims:
        print(f"{r['case']}: {r['doc_id'][:40]} | {r['question'][:90]}\n    {r['reason'][:300]}")
    widened = [r for r in recs if r.get("decision") == "widen"]
    for r in widened:
        print(f"WIDEN ({r['probe']}): {r['doc_id'][:40]} | {r['question'][:90]} | answer {str(r['answer'])[:40]!r}\n    {r['reason'][:300]}")
    tail = ""
    if a.decide:
        kept = Counter(r.get("case") or "unverifiable" for r in recs if r.get("decision") == "keep")
        tail = f", {len(widened)} widening(s) of a row the document answers; kept: {dict(kept.most_common())}"
    print(f"{len(recs)} answerable rows with a PDF: {len(claims)} case claim(s), {len(doubts)} near-match doubt(s){tail}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

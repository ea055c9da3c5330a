#!/usr/bin/env python
"""CPU seconds each document's Not-answerable rows cost to decide, cold: where an audit's time goes.

Decides the rows in this process, one document after another, every ``parts``-th document by
size starting at ``part`` (run several at once to use the cores), with the reviewed specs left
out (as ``audit --auto``) and a cache folder of its own. A document's figure is this process's
CPU time and its children's (the object detector's Node) while it is decided. Run it under
another checkout with ``PYTHONPATH=<checkout>``; ``scripts/bench.py --against REF --by-document``
does that for both sides and prints where they differ.

    python scripts/cost_by_document.py --corpus DIR --cache EMPTY_DIR --out costs.json [--part 0 --parts 2]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import time
from collections import defaultdict
from pathlib import Path

os.environ.setdefault("WIDENING_WORKER_THREADS", "1")  # as in an audit worker: one core each

try:  # the package's layout since the commands moved into widening.commands
    from widening.commands.audit import AuditOptions, DocJob, decide_document, is_unanswerable
    from widening.commands.corpus import load_samples
except ImportError:  # older checkouts, as far back as the layout of 08bcf3d
    from widening.audit import AuditOptions, DocJob, decide_document, is_unanswerable  # type: ignore[no-redef]
    from widening.corpus import load_samples  # type: ignore[no-redef]


def _children_cpu() -> float:
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime


def costs(corpus: Path, cache: Path, part: int = 0, parts: int = 1) -> dict[str, dict[str, float]]:
    """doc_id -> CPU seconds (own and children's) to decide its Not-answerable rows on ``cache``, and how
    many of them ended in an error (a document refused or unreadable costs nothing: its figure means nothing)."""
    rows = defaultdict(list)
    for r in load_samples(corpus / "samples.json").rows:
        if is_unanswerable(r):
            rows[r.doc_id].append(r)
    docs = sorted((d for d in rows if (corpus / "documents" / d).is_file()), key=lambda d: (corpus / "documents" / d).stat().st_size)
    options = AuditOptions(cache_dir=str(cache), use_checks=False)
    out: dict[str, dict[str, float]] = {}
    for doc_id in docs[part::parts]:
        cpu, kids = time.process_time(), _children_cpu()
        decisions = decide_document(DocJob(corpus=str(corpus), doc_id=doc_id, rows=tuple(rows[doc_id]), options=options))
        out[doc_id] = {"cpu": round(time.process_time() - cpu + _children_cpu() - kids, 2),
                       "errors": sum(1 for d in decisions if getattr(d, "error", None))}
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", required=True, help="corpus folder (samples.json, documents/)")
    ap.add_argument("--cache", required=True, help="cache folder; empty for a cold figure")
    ap.add_argument("--out", required=True, help="write {doc_id: {cpu, errors}} here")
    ap.add_argument("--part", type=int, default=0)
    ap.add_argument("--parts", type=int, default=1)
    args = ap.parse_args()
    got = costs(Path(args.corpus), Path(args.cache), args.part, args.parts)
    Path(args.out).write_text(json.dumps(got, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

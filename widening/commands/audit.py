"""The main job: decide every ``Not answerable`` row of a corpus, one worker per document.

I/O edge: reads the corpus, runs workers, returns decisions. Rendering is in report.py.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from widening import ENGINE_VERSION
from widening.commands.corpus import doc_path, load_reviewed, row_key
from widening.errors import ENGINE_FAILED, DocumentError
from widening.models import CaseFinding, Decision, ReviewedSpec, Row
from widening.probes import probe_modules
from widening.rulebook import RULES_DIR, SOURCE_ROOT
from widening.runtime.runner import run_documents

if TYPE_CHECKING:
    from widening.facts.cache import Cache

# Reviewed per-row specs are the repository's data, not the package's: a benchmark keeps its own.
CHECKS_SUBDIR = Path("checks") / "reviewed"


def checks_dir_candidates(cwd: Path | None = None) -> list[Path]:
    """Where ``audit`` looks for reviewed specs by default: ./checks/reviewed, then (run from a source checkout) the checkout's."""
    here = (cwd or Path.cwd()) / CHECKS_SUBDIR
    checkout = SOURCE_ROOT / CHECKS_SUBDIR
    if not (SOURCE_ROOT / "pyproject.toml").is_file() or here.resolve() == checkout.resolve():
        return [here]  # an installed wheel has no checkout: only the benchmark's own folder
    return [here, checkout]


def default_checks_dir(cwd: Path | None = None) -> Path | None:
    """The first default place that is a folder, else None (then no reviewed spec is used)."""
    return next((p for p in checks_dir_candidates(cwd) if p.is_dir()), None)


def worker_modules() -> tuple[str, ...]:
    """What a worker deciding rows imports, plus the OCR models (``widening.facts.warm``).

    The runner's forkserver imports these once, before it starts the workers, so they share
    that memory instead of each loading its own copy. This process (the parent) needs none
    of them: it reads the corpus, hands out jobs and writes the report.
    """
    return ("widening.commands.audit", "widening.engine.decide", "widening.facts.cache", "widening.facts.warm",
            *(f"widening.probes.{m}" for m in probe_modules()))


class AuditOptions(BaseModel):
    model_config = ConfigDict(frozen=True)
    cache_dir: str | None = None
    no_cache: bool = False
    use_checks: bool = True
    checks_dir: str | None = Field(default=None, description="reviewed specs folder; None: default_checks_dir()")
    ocr: bool = True


class DocJob(BaseModel):
    """One document's rows, picklable for a worker process."""

    model_config = ConfigDict(frozen=True)
    corpus: str
    doc_id: str
    rows: tuple[Row, ...]
    options: AuditOptions
    reviewed: tuple[ReviewedSpec, ...] = ()


def is_unanswerable(row: Row) -> bool:
    """A ``Not answerable`` key, plain or already widened."""
    return row.answer.strip().startswith("Not answerable")


@cache
def rules_fingerprint() -> str:
    """Hash of the rule data and the engine's own source: a decision cached under other
    rules or other code is not reused (an edit that forgets to bump ENGINE_VERSION must
    never be answered by decisions of the code before it)."""
    h = hashlib.sha256(ENGINE_VERSION.encode())
    for path in sorted(RULES_DIR.glob("*.yaml")):
        h.update(path.name.encode() + path.read_bytes())
    package = Path(__file__).resolve().parents[1]
    for path in sorted(package.rglob("*.py")):
        h.update(str(path.relative_to(package)).encode() + path.read_bytes())
    return h.hexdigest()[:16]


def _decision_key(sha: str, row: Row, reviewed: ReviewedSpec | None) -> str:
    h = hashlib.sha256(f"{sha}|{rules_fingerprint()}|{row.question}|{row.answer}".encode())
    if reviewed is not None:
        h.update(reviewed.model_dump_json().encode())
    return h.hexdigest()


def cached_decision(cache: Cache | None, sha: str | None, row: Row, reviewed: ReviewedSpec | None = None) -> Decision | None:
    """The decision stored for ``row`` of the PDF hashed ``sha`` under these rules and this code, if any."""
    if cache is None or sha is None:
        return None
    return cache.get("decisions", _decision_key(sha, row, reviewed), Decision)


def store_decision(cache: Cache | None, sha: str, row: Row, d: Decision, reviewed: ReviewedSpec | None = None) -> None:
    """Keep ``d`` for the next run; a decision a crashed or timed-out probe left is never kept (the next run tries again)."""
    if cache is not None and not _probe_failed(d):
        cache.put("decisions", _decision_key(sha, row, reviewed), d)


def decide_document(job: DocJob) -> list[Decision]:
    """Worker entry: open the PDF once (facts from the cache), decide each of its rows."""
    from widening.facts.cache import cache_from_options, load_doc_cached
    from widening.engine.decide import decide_row
    from widening.facts.document import sha256_file, why_no_file

    cache = cache_from_options(job.options.cache_dir, job.options.no_cache)
    reviewed = {row_key(s.doc_id, s.question): s for s in job.reviewed}
    try:
        path = doc_path(Path(job.corpus), job.doc_id, ("samples", job.rows[0].index))
    except DocumentError as exc:
        return [_error_decision(r, str(exc)) for r in job.rows]
    why = why_no_file(path)
    if why == "not found":
        return [decide_row(r, None, unavailable_reason="PDF not in the corpus's documents folder") for r in job.rows]
    if why is not None:  # something is there under the name, but no file to read: say what, and warn (``error``)
        why = f"documents/{job.doc_id} is {why}"
        return [decide_row(r, None, unavailable_reason=why).model_copy(update={"error": why}) for r in job.rows]
    sha = sha256_file(path) if cache is not None else None
    hits = [cached_decision(cache, sha, r, reviewed.get(row_key(r.doc_id, r.question))) for r in job.rows]
    if all(h is not None for h in hits):
        return [h for h in hits if h is not None]
    try:
        doc = load_doc_cached(path, cache, ocr=job.options.ocr, sha256=sha)
    except DocumentError as exc:
        return [_error_decision(r, str(exc)) for r in job.rows]
    out = []
    doc.store = cache  # slow readings a probe makes (words in pictures) are kept there
    try:
        for r in job.rows:
            spec = reviewed.get(row_key(r.doc_id, r.question))
            d = decide_row(r, doc, reviewed=spec)
            out.append(d)
            store_decision(cache, doc.facts.sha256, r, d, spec)
    finally:
        doc.close()
    return out


def _probe_failed(d: Decision) -> bool:
    """A probe crashed or timed out (the detector under load): not cached, the next run tries again."""
    return any(p.note.startswith("probe crashed") for p in d.probes)


def _error_decision(row: Row, message: str) -> Decision:
    f = CaseFinding(case="unverifiable", reason=f"The PDF could not be read: {message}")
    return Decision(doc_id=row.doc_id, question=row.question, key=row.answer, decision="keep",
                    case=f.case, reason=f.reason, error=message)


def _on_error(job: DocJob, reason: str) -> list[Decision]:
    """The worker crashed, hung, ran out of memory or raised: the tool failed, nothing was measured."""
    f = CaseFinding(case="unverifiable", reason=f"The engine failed on this PDF ({reason}); nothing was measured.")
    return [Decision(doc_id=r.doc_id, question=r.question, key=r.answer, decision="keep", case=f.case,
                     reason=f.reason, error=f"{ENGINE_FAILED}: {reason}") for r in job.rows]


def audit_rows(
    corpus: Path,
    rows: list[Row],
    options: AuditOptions = AuditOptions(),
    workers: int | None = None,
    progress: bool = False,
    timeout_s: float = 900.0,
) -> list[Decision]:
    """Decide ``rows`` (already filtered to Not answerable), in file order."""
    checks = Path(options.checks_dir) if options.checks_dir else default_checks_dir()
    reviewed = load_reviewed(checks) if options.use_checks and checks is not None else {}
    by_doc: dict[str, list[Row]] = defaultdict(list)
    for r in rows:
        by_doc[r.doc_id].append(r)
    jobs = [
        DocJob(corpus=str(corpus), doc_id=d, rows=tuple(rs), options=options,
               reviewed=tuple(s for k, s in reviewed.items() if k[0] == d))
        for d, rs in by_doc.items()
    ]

    def cost(job: DocJob) -> float:
        try:
            return doc_path(Path(corpus), job.doc_id).stat().st_size
        except (DocumentError, OSError, ValueError):
            return 0.0

    decisions = run_documents(jobs, decide_document, _on_error, workers=workers, timeout_s=timeout_s,
                              progress=progress, cost=cost, label="documents", preload=worker_modules(),
                              name=lambda job: job.doc_id)
    order = {(r.doc_id, r.question, r.index): i for i, r in enumerate(rows)}
    by_key: dict[tuple[str, str], list[Decision]] = defaultdict(list)
    for d in decisions:
        by_key[(d.doc_id, d.question)].append(d)
    out: list[Decision] = []
    for r in sorted(rows, key=lambda r: order[(r.doc_id, r.question, r.index)]):
        out.append(by_key[(r.doc_id, r.question)].pop(0))
    return out

"""``widening reproduce``: run the engine (no per-row specs) over v1's ``Not answerable`` rows, compare with V2.

Four lists: agreed widenings, V2-only (missed), engine-only (new candidates, with the
check and pages as evidence), and V2 widenings whose PDF is unavailable.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from enum import IntEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, computed_field

from widening.commands.corpus import Corpus, check_documents, doc_path, load_samples, locate_corpus, refused_doc_ids, row_key
from widening.commands.options import add_run_options
from rich.markup import escape

from widening.commands.formats import (
    Format,
    add_output_options,
    text_console,
    counted,
    emit,
    github_annotation,
    junit,
    md_cell,
    member_text,
    members_lines,
    output_problems,
)
from widening import rulebook
from widening.errors import DocumentError, ExitCode, WideningError, engine_failed
from widening.models import Case, Decision, Member, Row

NOT_ANSWERABLE = "Not answerable"
WIDENED_PREFIX = "Not answerable or"


class ReproduceExit(IntEnum):
    """Exit status of ``widening reproduce`` (``ExitCode`` named for it). An error wins over a miss."""

    REPRODUCED = ExitCode.OK  # every V2 widening with a PDF is reproduced (with --strict: and nothing else widened)
    NOT_REPRODUCED = ExitCode.FINDINGS  # a V2 widening was missed (or, with --strict, the engine widened another row)
    ERROR = ExitCode.ERROR  # no corpus, an unusable samples file, or the engine could not run on a PDF
    BAD_INPUT = ExitCode.ERROR  # alias of ERROR


class ReproduceRow(BaseModel):
    """One row in one of the four lists, with the engine's decision and its evidence."""

    model_config = ConfigDict(frozen=True)
    doc_id: str
    question: str
    v1_index: int | None = None
    v2_key: str | None = Field(default=None, description="the row's key in V2 (None when V2 dropped the row)")
    decision: str | None = Field(default=None, description="widen / keep; None when the engine did not run")
    case: Case | None = None
    reason: str = ""
    check: dict[str, Any] = Field(default_factory=dict)
    pages: tuple[int, ...] = Field(default=(), description="PDF pages the check looked at")
    members: tuple[Member, ...] = ()
    doubts: tuple[Member, ...] = Field(default=(), description="candidates a tuned filter would exclude; each keeps the row")
    near_misses: tuple[Member, ...] = Field(default=(), description="closest non-members the probes reported")


class ReproduceReport(BaseModel):
    model_config = ConfigDict(frozen=True)
    rows: int = Field(default=0, description="v1 'Not answerable' rows decided")
    v2_widened: int = 0
    v2_with_pdf: int = 0
    strict: bool = False
    agreed: tuple[ReproduceRow, ...] = ()
    missed: tuple[ReproduceRow, ...] = ()
    engine_only: tuple[ReproduceRow, ...] = ()
    unavailable: tuple[ReproduceRow, ...] = ()
    errors: tuple[str, ...] = Field(default=(), description="bad input, or documents the engine could not run on (exit 2)")

    @computed_field  # type: ignore[prop-decorator]
    @property
    def exit_code(self) -> ReproduceExit:
        if self.errors:
            return ReproduceExit.ERROR
        if self.missed or (self.strict and self.engine_only):
            return ReproduceExit.NOT_REPRODUCED
        return ReproduceExit.REPRODUCED


def _pages(d: Decision) -> tuple[int, ...]:
    pages = {p for r in d.probes for p in r.pages} | {p for r in d.readings for p in r.pages}
    return tuple(sorted(pages))


def entry(row: Row, decision: Decision | None, v2_key: str | None) -> ReproduceRow:
    if decision is None:
        return ReproduceRow(doc_id=row.doc_id, question=row.question, v1_index=row.index, v2_key=v2_key)
    return ReproduceRow(
        doc_id=row.doc_id,
        question=row.question,
        v1_index=row.index,
        v2_key=v2_key,
        decision=decision.decision,
        case=decision.case,
        reason=decision.reason,
        check=decision.check,
        pages=_pages(decision),
        members=decision.members,
        doubts=decision.doubts,
        near_misses=tuple(m for r in decision.probes for m in r.best_candidates),
    )


def compare(
    v1_rows: Iterable[Row],
    v2_rows: Iterable[Row],
    decisions: dict[tuple[str, str], Decision],
    has_pdf: Callable[[str], bool],
    strict: bool = False,
) -> ReproduceReport:
    """Sort v1's ``Not answerable`` rows into the four lists (pure: decisions are given)."""
    v1_na = [r for r in v1_rows if r.answer == NOT_ANSWERABLE]
    v2_key = {row_key(r.doc_id, r.question): r.answer for r in v2_rows}
    widened = {k for k, a in v2_key.items() if a.startswith(WIDENED_PREFIX)}
    na_keys = {row_key(r.doc_id, r.question) for r in v1_na}
    lists: dict[str, list[ReproduceRow]] = {"agreed": [], "missed": [], "engine_only": [], "unavailable": []}
    for doc_id, question in sorted(widened - na_keys):  # nothing to reproduce it from: count it as missed
        reason = "V2 widened this row but it is not a 'Not answerable' row of v1"
        lists["missed"].append(ReproduceRow(doc_id=doc_id, question=question, v2_key=v2_key[(doc_id, question)], reason=reason))
    seen: set[tuple[str, str]] = set()
    failed: dict[str, str] = {}  # doc_id -> why the engine could not run on it: an error, never a miss
    for row in v1_na:
        key = row_key(row.doc_id, row.question)
        if key in seen:  # v1 repeats a key once; the decision is the same row's
            continue
        seen.add(key)
        d = decisions.get(key)
        if d is not None and engine_failed(d.error):
            failed.setdefault(row.doc_id, d.error or "")
            continue
        engine_widens = d is not None and d.decision == "widen"
        if key in widened:
            name = "unavailable" if not has_pdf(row.doc_id) else ("agreed" if engine_widens else "missed")
        elif engine_widens:
            name = "engine_only"
        else:
            continue
        lists[name].append(entry(row, d, v2_key.get(key)))
    with_pdf = sum(1 for k in widened if has_pdf(k[0]))
    return ReproduceReport(
        rows=len(seen),
        v2_widened=len(widened),
        v2_with_pdf=with_pdf,
        strict=strict,
        errors=tuple(f"{doc}: {why}; its rows were not decided" for doc, why in failed.items()),
        **{k: tuple(v) for k, v in lists.items()},
    )


def pdf_available(corpus: Corpus) -> Callable[[str], bool]:
    def has(doc_id: str) -> bool:
        try:
            return doc_path(corpus, doc_id).is_file()
        except DocumentError:
            return False

    return has


def decide_all(corpus: Corpus, rows: list[Row], args: argparse.Namespace) -> dict[tuple[str, str], Decision]:
    """The engine over ``rows`` as ``audit --auto`` runs it (no reviewed per-row specs)."""
    from widening.commands.audit import AuditOptions, audit_rows

    options = AuditOptions(use_checks=False, cache_dir=args.cache_dir, no_cache=args.no_cache)
    for line in refused_doc_ids(rows, corpus.samples_v1):
        print(f"refused {line}", file=sys.stderr)
    decisions = audit_rows(corpus.root, rows, options, workers=args.jobs, progress=not args.quiet)
    return {row_key(d.doc_id, d.question): d for d in decisions}


def reproduce(args: argparse.Namespace) -> ReproduceReport:
    try:
        rulebook.require_all()
        corpus = locate_corpus(args.corpus)
        check_documents(corpus)
        if not corpus.samples_v1.is_file():
            raise WideningError("samples_missing", (str(corpus.samples_v1),), "reproduce needs v1's samples_v1.json")
        v1 = load_samples(corpus.samples_v1).rows
        v2 = load_samples(corpus.samples).rows
    except WideningError as exc:
        return ReproduceReport(strict=args.strict, errors=(exc.record.line(),))
    na = [r for r in v1 if r.answer == NOT_ANSWERABLE]
    return compare(v1, v2, decide_all(corpus, na, args), pdf_available(corpus), args.strict)


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "reproduce",
        help="run the engine over v1's 'Not answerable' rows and compare with V2's widened keys",
        description=__doc__,
    )
    add_run_options(p, corpus_help="corpus folder with samples.json and samples_v1.json (default: $WIDENING_CORPUS)")
    p.add_argument("--strict", action="store_true", help="also fail (exit 1) when the engine widens a row V2 did not")
    add_output_options(p)
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    if refused := output_problems(args):  # before the run: an output that cannot be written is bad input (exit 2)
        for line in refused:
            print(f"error {line}", file=sys.stderr)
        return int(ExitCode.ERROR)
    report = reproduce(args)
    emit(report, REPRODUCE_RENDERERS, args, reproduce_markdown)
    return int(report.exit_code)


# --------------------------------------------------------------------------- output (text, json, junit, github, markdown)

_SECTIONS = (
    ("agreed", "Agreed: V2 widened and the engine widens"),
    ("missed", "V2-only (missed): V2 widened, the engine keeps"),
    ("engine_only", "Engine-only (new candidates): the engine widens, V2 does not"),
    ("unavailable", "V2 widened, PDF unavailable (unverifiable)"),
)


def _row_line(row: ReproduceRow) -> str:
    extra = f" [V2 key: {row.v2_key}]" if row.v2_key and not row.v2_key.startswith("Not answerable") else ""
    case = f" {row.case}" if row.case else ""
    return f"{row.doc_id} {row.question!r}{case}: {row.reason}{extra}"


def reproduce_text(report: ReproduceReport) -> str:
    console, buf = text_console()
    for key, title in _SECTIONS:
        rows = getattr(report, key)
        console.print(f"[bold]{escape(title)}: {len(rows)}[/]")
        for row in rows:
            console.print(f"  {escape(_row_line(row))}")
            if key == "engine_only":
                if row.check:
                    console.print(f"    check: {escape(str(row.check))}")
                pages = ", ".join(str(p) for p in row.pages) or "none"
                console.print(f"    pages looked at: {escape(pages)}; {counted(row.members, row.doubts)}")
            if key in ("missed", "engine_only"):
                for line in members_lines(row.members, 3) + members_lines(row.doubts, 3, label="doubt: "):
                    console.print(f"    {escape(line)}")
    for err in report.errors:
        console.print(f"[magenta]ERROR[/]  {escape(err)}")
    console.print(
        f"{report.v2_widened} V2 widenings ({report.v2_with_pdf} with a PDF): {len(report.agreed)} reproduced, "
        f"{len(report.missed)} missed; {len(report.engine_only)} engine-only; {len(report.unavailable)} unavailable; "
        f"{report.rows} v1 'Not answerable' rows decided; exit {int(report.exit_code)} ({report.exit_code.name})"
    )
    return buf.getvalue()


def reproduce_json(report: ReproduceReport) -> str:
    return report.model_dump_json(indent=2) + "\n"


def reproduce_junit(report: ReproduceReport) -> str:
    cases: list[tuple[str, str, str | None, str | None, str]] = []
    for key, _title in _SECTIONS:
        for row in getattr(report, key):
            failure = None
            if key == "missed" or (key == "engine_only" and report.strict):
                failure = f"{key}: {row.reason}"
            body = _row_line(row) + "".join(f"\nmember: {member_text(m)}" for m in row.members)
            body += "".join(f"\ndoubt: {member_text(m)}" for m in row.doubts)
            cases.append((f"reproduce.{key}", f"{row.doc_id}: {row.question}", failure, None, body))
    for err in report.errors:
        cases.append(("reproduce.error", "error", None, err, err))
    return junit("widening reproduce", cases)


def reproduce_github(report: ReproduceReport) -> str:
    out = []
    for row in report.missed:
        shown = "\n".join(members_lines(row.members, 3) + members_lines(row.doubts, 3, label="doubt: "))
        msg = f"V2 widening not reproduced: {_row_line(row)} [{counted(row.members, row.doubts)}]" + (f"\n{shown}" if shown else "")
        out.append(github_annotation("error", msg, title="widening reproduce: missed"))
    level = "error" if report.strict else "warning"
    for row in report.engine_only:
        out.append(github_annotation(level, f"engine-only widening: {_row_line(row)}", title="widening reproduce: engine-only"))
    for row in report.unavailable:
        out.append(github_annotation("notice", f"PDF unavailable: {_row_line(row)}", title="widening reproduce: unavailable"))
    for err in report.errors:
        out.append(github_annotation("error", err, title="widening reproduce: error"))
    return "\n".join(out) + "\n"


def reproduce_markdown(report: ReproduceReport) -> str:
    lines = ["## widening reproduce", ""]
    lines.append(
        f"{len(report.agreed)} of {report.v2_with_pdf} V2 widenings with a PDF reproduced; "
        f"{len(report.engine_only)} engine-only; {len(report.unavailable)} unavailable (exit {int(report.exit_code)})."
    )
    for key, title in _SECTIONS:
        rows = getattr(report, key)
        lines += ["", f"### {title}: {len(rows)}", ""]
        if rows:
            lines += ["| doc_id | question | case | members | doubts | reason |", "| --- | --- | --- | --- | --- | --- |"]
            lines += [
                f"| {md_cell(r.doc_id)} | {md_cell(r.question)} | {r.case or ''} | {len(r.members)} | {len(r.doubts)} | {md_cell(r.reason)} |"
                for r in rows
            ]
    return "\n".join(lines) + "\n"


REPRODUCE_RENDERERS = {
    Format.text: reproduce_text,
    Format.json: reproduce_json,
    Format.junit: reproduce_junit,
    Format.github: reproduce_github,
}

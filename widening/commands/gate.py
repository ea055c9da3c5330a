"""``widening gate``: accept or reject widening proposals, re-deriving everything from the question and PDF.

A proposal is rejected with a one-line reason when its row is not found, its key is
neither ``Not answerable`` nor a zero key (``0``, ``none``...: a zero-keyed row's proposal
re-keys it ``Not answerable or 0 or none``, accepted when the check confirms the zero), the PDF is unavailable, one of the four cases applies, no
executable check exists, a pinned check does not cover the question's container, or
the check finds members. One run reports every file, good or bad.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from dataclasses import dataclass
from enum import Enum, IntEnum
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field

from widening.text import single_spaces
from widening.commands.corpus import Corpus, RowIndex, check_documents, doc_path, load_samples, locate_corpus
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
from widening.errors import ENGINE_FAILED, DocumentError, ErrorRecord, ExitCode, WideningError
from widening.models import Case, CheckSpec, Decision, Member, Row
from widening.commands.options import add_run_options
from widening.commands.proposal import LoadedProposal, describe, load_file
from widening.engine.zeros import is_zero_key

NOT_ANSWERABLE = "Not answerable"
PDF_UNAVAILABLE = "pdf unavailable"  # prefix of Decision.error set by the gate (ENGINE_FAILED is the other)


class GateExit(IntEnum):
    """Exit status of ``widening gate`` (``ExitCode`` named for the gate). An error wins over a rejection.

    2 says the tool could not decide something (bad input, or the engine could not run on a PDF),
    never that a proposal is wrong: CI shows it as an error, not as a rejection.
    """

    ACCEPTED = ExitCode.OK  # every proposal was accepted
    REJECTED = ExitCode.FINDINGS  # at least one proposal was rejected, everything else decided
    ERROR = ExitCode.ERROR  # a file was malformed or unreadable, no corpus, or the engine failed; the rest was still gated
    BAD_INPUT = ExitCode.ERROR  # alias of ERROR


class Code(str, Enum):
    """Why a proposal got its verdict: the four cases plus the gate's own reasons."""

    accepted = "accepted"
    row_not_found = "row_not_found"
    key_not_not_answerable = "key_not_not_answerable"
    pdf_unavailable = "pdf_unavailable"
    missing_container = "missing_container"
    absent_entity = "absent_entity"
    unbounded_complement = "unbounded_complement"
    short_not_empty = "short_not_empty"  # the check found members
    pinned_uncovered = "pinned_uncovered"  # the pinned check leaves out part of the named container
    no_check = "no_check"  # no executable check, or it could not measure
    engine_error = "engine_error"  # the engine could not run: a crash, a hang, out of memory, missing rule data


class GateItem(BaseModel):
    """The verdict on one proposal, with what the engine saw."""

    model_config = ConfigDict(frozen=True)
    file: str
    index: int
    line: int | None = None
    doc_id: str
    question: str
    verdict: Literal["accept", "reject", "error"] = Field(
        description="accept; reject (the proposal is wrong); error (the tool could not decide it: exit 2)"
    )
    code: Code
    case: Case | None = None
    reason: str
    members: tuple[Member, ...] = ()
    doubts: tuple[Member, ...] = Field(default=(), description="candidates a tuned filter would exclude; each keeps the row")
    check: dict[str, Any] = Field(default_factory=dict)
    samples: str | None = Field(default=None, description="the samples file the row was found in")
    row_index: int | None = None
    key: str | None = None
    decision: Decision | None = None


class GateError(BaseModel):
    """A file the gate could not read as proposals (bad input)."""

    model_config = ConfigDict(frozen=True)
    file: str
    line: int | None = None
    type: str
    text: str
    record: ErrorRecord


class GateReport(BaseModel):
    model_config = ConfigDict(frozen=True)
    items: tuple[GateItem, ...] = ()
    errors: tuple[GateError, ...] = ()
    validated: int | None = Field(default=None, description="with --validate-only: proposals that loaded (none decided)")

    @computed_field  # type: ignore[prop-decorator]
    @property
    def exit_code(self) -> GateExit:
        if self.errors or any(i.verdict == "error" for i in self.items):
            return GateExit.ERROR
        if any(i.verdict == "reject" for i in self.items):
            return GateExit.REJECTED
        return GateExit.ACCEPTED

    def counts(self) -> dict[str, int]:
        return {
            "accept": sum(i.verdict == "accept" for i in self.items),
            "reject": sum(i.verdict == "reject" for i in self.items),
            "error": sum(i.verdict == "error" for i in self.items) + len(self.errors),
        }


# --------------------------------------------------------------------------- lookup


@dataclass(frozen=True)
class SampleSource:
    """One samples file to look rows up in, by (doc_id, question) with whitespace normalised."""

    path: Path
    index: RowIndex


@dataclass(frozen=True)
class Lookup:
    row: Row | None
    source: SampleSource | None
    reject: tuple[Code, str] | None = None


def sample_sources(corpus: Corpus, samples: list[str] | None = None) -> list[SampleSource]:
    """The samples files to search, in order: ``--samples`` as given, else V2 then v1 when present."""
    paths = [Path(s) for s in samples] if samples else [p for p in (corpus.samples, corpus.samples_v1) if p.is_file()]
    return [SampleSource(p, load_samples(p).index()) for p in paths]


def lookup(sources: list[SampleSource], doc_id: str, question: str) -> Lookup:
    """Find the row a proposal names; the first file holding the key decides whether it is found and unanswerable.

    A row already widened there (``Not answerable or ...``) is re-verified against the
    plain ``Not answerable`` row of a later file (V2 widened, v1 not) when one exists.
    """
    found = [(src, row) for src in sources for row in src.index.lookup(doc_id, question)]
    if not found:
        files = ", ".join(s.path.name for s in sources)
        return Lookup(None, None, (Code.row_not_found, f"no row with this doc_id and question in {files}"))
    first_src, first = found[0]
    # The same row keyed twice in one file: a key that answers it (neither refusal nor zero) says the
    # set may be there; one row's refusal does not outvote it.
    answered = next((r for src, r in found if src is first_src and not r.answer.startswith(NOT_ANSWERABLE)
                     and not is_zero_key(r.answer)), None)
    if answered is not None and answered is not first:
        msg = (f"{first_src.path.name} keys this question twice: row {first.index} {first.answer!r} and row {answered.index} "
               f"{answered.answer!r}, which is neither 'Not answerable' nor a zero key (rules/zero_keys.yaml)")
        return Lookup(answered, first_src, (Code.key_not_not_answerable, msg))
    if is_zero_key(first.answer):
        # A zero key claims the same emptiness; its proposal re-keys it 'Not answerable or 0 or none'
        # (like its Not-answerable twins) and is accepted only when the check confirms the zero.
        return Lookup(first, first_src)
    if not first.answer.startswith(NOT_ANSWERABLE):
        msg = f"the key in {first_src.path.name} (row {first.index}) is {first.answer!r}, not 'Not answerable' nor a zero key (rules/zero_keys.yaml)"
        return Lookup(first, first_src, (Code.key_not_not_answerable, msg))
    src, row = next(((s, r) for s, r in found if r.answer == NOT_ANSWERABLE), (first_src, first))
    return Lookup(row, src)


# --------------------------------------------------------------------------- verdicts


def code_for(decision: Decision, pinned: CheckSpec | None) -> Code:
    """Map an engine decision onto the gate's reason codes (``error`` says why the PDF was not measured)."""
    if decision.decision == "widen":
        return Code.accepted
    if decision.case in {"missing_container", "absent_entity", "unbounded_complement", "short_not_empty"}:
        return Code(decision.case)
    if decision.error and decision.error.startswith(ENGINE_FAILED):
        return Code.engine_error
    if decision.error:
        return Code.pdf_unavailable
    ran = any(p.probe == pinned.probe for p in decision.probes) if pinned is not None else True
    if decision.spec_source == "proposal" and not ran:
        return Code.pinned_uncovered  # the engine refused the pinned check before running it
    if crashed(decision):
        return Code.engine_error  # the check did not run to its end: the tool failed, the proposal was not judged
    return Code.no_check


PROBE_CRASHED = "probe crashed"  # how the note of run_probe opens for a probe that raised (widening/probes/__init__.py)


def crashed(decision: Decision) -> bool:
    """A probe of the decision raised instead of measuring: what it would have found is unknown."""
    return any(p.note.startswith(PROBE_CRASHED) for p in decision.probes)


def item_for(loaded: LoadedProposal, look: Lookup, decision: Decision | None, code: Code, reason: str) -> GateItem:
    """Build the gate's verdict for one proposal (pure: no I/O)."""
    p = loaded.proposal
    if decision is not None and code is Code.accepted and decision.decision != "widen":
        raise ValueError("an accepted proposal needs a widen decision")
    return GateItem(
        file=loaded.file,
        index=loaded.index,
        line=loaded.line,
        doc_id=p.doc_id,
        question=p.question,
        verdict="accept" if code is Code.accepted else "error" if code is Code.engine_error else "reject",
        code=code,
        case=decision.case if decision is not None else None,
        reason=reason,
        members=decision.members if decision is not None else (),
        doubts=decision.doubts if decision is not None else (),
        check=decision.check if decision is not None else {},
        samples=str(look.source.path) if look.source else None,
        row_index=look.row.index if look.row else None,
        key=look.row.answer if look.row else None,
        decision=decision,
    )


class GateJob(BaseModel):
    """One document's proposals, picklable for a worker process."""

    model_config = ConfigDict(frozen=True)
    corpus: str
    doc_id: str
    rows: tuple[Row, ...]
    pinned: tuple[CheckSpec | None, ...]
    cache_dir: str | None = None
    no_cache: bool = False


def decide_job(job: GateJob) -> list[Decision]:
    """Worker entry: open the PDF once, decide each proposal; a PDF that will not open keeps every row.

    A proposal without a pinned check is decided as the audit decides its row, so it shares the audit's cached
    decisions (keyed by the PDF's hash, the rules and the engine's source): gating a row the audit decided, or
    gating it again, measures nothing twice."""
    from widening.commands.audit import cached_decision, store_decision
    from widening.facts.cache import cache_from_options, load_doc_cached
    from widening.engine.decide import decide_row
    from widening.facts.document import sha256_file

    cache = cache_from_options(job.cache_dir, job.no_cache)
    try:
        path = doc_path(Path(job.corpus), job.doc_id)
        sha = sha256_file(path) if cache is not None and path.is_file() else None
        hits = [cached_decision(cache, sha, r) if p is None else None for r, p in zip(job.rows, job.pinned)]
        if all(h is not None for h in hits):
            return [h for h in hits if h is not None]
        doc = load_doc_cached(path, cache, sha256=sha)
    except DocumentError as exc:
        return _unavailable(job, exc.record.msg)
    doc.store = cache  # slow readings a probe makes (words in pictures) are kept there, as the audit keeps them
    try:
        out = []
        for r, p, hit in zip(job.rows, job.pinned, hits):
            d = hit if hit is not None else decide_row(r, doc, pinned=p)
            if hit is None and p is None:
                store_decision(cache, doc.facts.sha256, r, d)
            out.append(d)
        return out
    finally:
        doc.close()


def _unavailable(job: GateJob, reason: str) -> list[Decision]:
    """Decide without the PDF (only question-level cases can fire); ``error`` marks the PDF as unavailable."""
    from widening.engine.decide import decide_row

    return [
        decide_row(r, None, pinned=p, unavailable_reason=reason).model_copy(update={"error": f"{PDF_UNAVAILABLE}: {reason}"})
        for r, p in zip(job.rows, job.pinned)
    ]


def _crashed(job: GateJob, why: str) -> list[Decision]:
    """A worker that crashed, hung or ran out of memory: nothing was measured, so nothing is accepted."""
    reason = f"The engine failed on this PDF ({why}); nothing was measured."
    return [
        Decision(doc_id=r.doc_id, question=r.question, key=r.answer, decision="keep", case="unverifiable",
                 reason=reason, error=f"{ENGINE_FAILED}: {why}")
        for r in job.rows
    ]


def gate_proposals(proposals: list[LoadedProposal], corpus: Corpus, sources: list[SampleSource],
                   cache_dir: str | None = None, no_cache: bool = False, workers: int | None = None,
                   progress: bool = False) -> list[GateItem]:
    """Decide every proposal; each PDF is opened once, in a worker process, however many proposals name it."""
    from widening.commands.audit import worker_modules
    from widening.runtime.runner import run_documents
    from widening.facts.document import why_no_file

    items: dict[int, GateItem] = {}
    by_doc: dict[str, list[tuple[int, LoadedProposal, Lookup]]] = defaultdict(list)
    for n, loaded in enumerate(proposals):
        look = lookup(sources, loaded.proposal.doc_id, loaded.proposal.question)
        if look.reject is not None:
            items[n] = item_for(loaded, look, None, *look.reject)
        else:
            # The row's own PDF is measured: the proposal's doc_id found the row with its ends stripped
            # (corpus.row_key), and 'a.pdf ' beside 'a.pdf' in documents/ is another file.
            by_doc[look.row.doc_id if look.row is not None else loaded.proposal.doc_id].append((n, loaded, look))

    jobs, groups, local = [], [], []
    for doc_id, group in by_doc.items():
        job = GateJob(corpus=str(corpus.root), doc_id=doc_id, rows=tuple(lk.row for _, _, lk in group),  # type: ignore[misc]
                      pinned=tuple(lp.proposal.check for _, lp, _ in group), cache_dir=cache_dir, no_cache=no_cache)
        try:
            why = why_no_file(doc_path(corpus, doc_id))
            present = why is None
            missing = f"PDF {doc_id} is not in the corpus's documents folder" if why == "not found" else f"documents/{doc_id} is {why}"
        except DocumentError as exc:  # a doc_id that escapes documents/ is never opened
            present, missing = False, exc.record.msg
        if present:
            jobs.append(job)
            groups.append(group)
        else:
            local.append((group, _unavailable(job, missing)))
    decided = iter(run_documents(jobs, decide_job, _crashed, workers=workers, label="documents", progress=progress,
                                 preload=(__name__, *worker_modules()), name=lambda job: job.doc_id))
    local += [(group, [next(decided) for _ in group]) for group in groups]
    for group, decisions in local:
        for (n, loaded, look), d in zip(group, decisions):
            items[n] = item_for(loaded, look, d, code_for(d, loaded.proposal.check), d.reason)
    return [items[n] for n in range(len(proposals))]


def gate_files(files: list[str], corpus_arg: str | None, samples: list[str] | None = None,
               cache_dir: str | None = None, no_cache: bool = False, workers: int | None = None,
               validate_only: bool = False, progress: bool = False) -> GateReport:
    """Load every file, then gate every valid proposal; bad files become errors, never an early stop."""
    proposals: list[LoadedProposal] = []
    errors: list[GateError] = []
    try:
        rulebook.require_all()  # a pinned check is read with the rule data: broken rules are one error line, not a traceback
    except WideningError as exc:
        return GateReport(errors=(GateError(file="rules", type=exc.record.type, text=exc.record.line(), record=exc.record),))
    for f in files:
        loaded = load_file(f)
        proposals.extend(loaded.proposals)
        for rec, line in zip(loaded.errors, loaded.error_lines):
            errors.append(GateError(file=loaded.file, line=line, type=rec.type, text=describe(rec), record=rec))
    if validate_only:
        return GateReport(errors=tuple(errors), validated=len(proposals))
    try:
        rulebook.require_all()
        corpus = locate_corpus(corpus_arg)
        check_documents(corpus)
        sources = sample_sources(corpus, samples)
    except WideningError as exc:
        rec = exc.record
        where = str(rec.loc[0]) if rec.loc else "rules" if rec.type == "rule_data" else "corpus"
        errors.append(GateError(file=where, type=rec.type, text=rec.line(), record=rec))
        return GateReport(errors=tuple(errors))
    items = gate_proposals(proposals, corpus, sources, cache_dir, no_cache, workers, progress)
    return GateReport(items=tuple(items), errors=tuple(errors))


# --------------------------------------------------------------------------- CLI


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "gate",
        help="accept or reject widening proposals (exit 0 all accepted, 1 any rejected, 2 bad input or the tool could not run)",
        description=__doc__,
    )
    p.add_argument("files", nargs="+", metavar="PROPOSAL_FILE", help="YAML or JSON proposal files")
    add_run_options(p)
    p.add_argument(
        "--samples", action="append", metavar="FILE",
        help="samples file to look rows up in (repeatable, searched in order; default: samples.json then samples_v1.json)",
    )
    p.add_argument("--validate-only", action="store_true",
                   help="only check that the files are well-formed proposals (no corpus, no PDF); exit 0 or 2")
    p.add_argument("--html", metavar="OUT", help="also write the HTML evidence report to OUT (page images inline or beside it)")
    add_output_options(p)
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    if refused := output_problems(args):  # before the run: an output that cannot be written is bad input (exit 2)
        for line in refused:
            print(f"error {line}", file=sys.stderr)
        return int(ExitCode.ERROR)
    report = gate_files(args.files, args.corpus, args.samples, args.cache_dir, args.no_cache, args.jobs,
                        args.validate_only, progress=not args.quiet)
    emit(report, GATE_RENDERERS, args, gate_markdown)
    if args.html:
        from widening.commands.report_html import cache_dir_from, corpus_or_none, gate_records, write_html

        records, verdicts = gate_records(report)
        write_html(records, Path(args.html), corpus_or_none(args.corpus), cache_dir_from(args.cache_dir, args.no_cache),
                   title="widening gate", source=f"{len(args.files)} proposal file(s)", gate=verdicts)
    return int(report.exit_code)


# --------------------------------------------------------------------------- output (text, json, junit, github, markdown)


def _where(item: GateItem) -> str:
    return f"{item.file}:{item.line}" if item.line else f"{item.file}[{item.index}]"


def _label(item: GateItem) -> str:
    """The reason code, with the engine's case when it says more (``pdf_unavailable (unverifiable)``)."""
    code = item.code.value
    return f"{code} ({item.case})" if item.case and item.case != code else code


def _item_body(item: GateItem) -> str:
    lines = [f"doc_id: {item.doc_id}", f"question: {item.question}", f"reason: {item.reason}"]
    if item.check:
        lines.append(f"check: {item.check}")
    lines += [f"member: {m}" for m in (member_text(m) for m in item.members)]
    lines += [f"doubt: {m}" for m in (member_text(m) for m in item.doubts)]
    return "\n".join(lines)


_TAGS = {"accept": ("ACCEPT", "green"), "reject": ("REJECT", "red"), "error": ("ERROR ", "magenta")}


def gate_text(report: GateReport) -> str:
    console, buf = text_console()
    for item in report.items:
        tag, style = _TAGS[item.verdict]
        reason = single_spaces(item.reason)
        console.print(
            f"[{style}]{tag}[/] {escape(_where(item))} [bold]{escape(_label(item))}[/] {escape(item.doc_id)} "
            f"{escape(repr(item.question))}: {escape(reason)}"
        )
        for line in members_lines(item.members) + members_lines(item.doubts, label="doubt: "):
            console.print(f"    {escape(line)}")
    for err in report.errors:
        console.print(f"[magenta]ERROR[/]  {escape(err.text)}")
    c = report.counts()
    if report.validated is not None:
        done = f"{report.validated} proposal(s) well-formed, {c['error']} error(s), nothing decided (--validate-only)"
    else:
        done = f"{c['accept']} accepted, {c['reject']} rejected, {c['error']} error(s)"
    console.print(f"{done}; exit {int(report.exit_code)} ({report.exit_code.name})")
    return buf.getvalue()


def gate_json(report: GateReport) -> str:
    return report.model_dump_json(indent=2) + "\n"


def gate_junit(report: GateReport) -> str:
    cases: list[tuple[str, str, str | None, str | None, str]] = []
    for item in report.items:
        failure = f"{_label(item)}: {item.reason}" if item.verdict == "reject" else None
        error = f"{_label(item)}: {item.reason}" if item.verdict == "error" else None
        cases.append((item.file, f"item {item.index}: {item.doc_id}: {item.question}", failure, error, _item_body(item)))
    for err in report.errors:
        cases.append((err.file, f"bad input: {err.type}", None, err.text, err.text))
    return junit("widening gate", cases)


def gate_github(report: GateReport) -> str:
    out = []
    for item in report.items:
        if item.verdict == "accept":
            out.append(github_annotation("notice", f"ACCEPT: {item.reason}", item.file, item.line, "widening gate"))
        elif item.verdict == "error":  # the tool failed; the proposal was not judged
            msg = f"ERROR (not a rejection) {item.doc_id}: {item.question!r}: {item.reason}"
            out.append(github_annotation("error", msg, item.file, item.line, f"widening gate: error: {_label(item)}"))
        else:
            title = f"widening gate: {_label(item)}"
            msg = f"REJECT {item.doc_id}: {item.question!r}: {item.reason}"
            if item.members or item.doubts:
                shown = members_lines(item.members, 3) + members_lines(item.doubts, 3, label="doubt: ")
                msg += f" [{counted(item.members, item.doubts)}]\n" + "\n".join(shown)
            out.append(github_annotation("error", msg, item.file, item.line, title))
    for err in report.errors:
        out.append(github_annotation("error", err.text, err.file, err.line, f"widening gate: {err.type}"))
    return "\n".join(out) + "\n"



def gate_markdown(report: GateReport) -> str:
    c = report.counts()
    lines = [
        "## widening gate",
        "",
        f"{c['accept']} accepted, {c['reject']} rejected, {c['error']} error(s) (exit {int(report.exit_code)}).",
        "",
        "| verdict | file | doc_id | question | case | members | doubts | reason |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for item in report.items:
        lines.append(
            f"| {item.verdict.upper()} | {md_cell(_where(item))} | {md_cell(item.doc_id)} | {md_cell(item.question)} | "
            f"{_label(item)} | {len(item.members)} | {len(item.doubts)} | {md_cell(item.reason)} |"
        )
    for err in report.errors:
        lines.append(f"| ERROR | {md_cell(err.file)} | | | {err.type} | | | {md_cell(err.text)} |")
    return "\n".join(lines) + "\n"


GATE_RENDERERS = {Format.text: gate_text, Format.json: gate_json, Format.junit: gate_junit, Format.github: gate_github}

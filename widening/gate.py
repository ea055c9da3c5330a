"""``widening gate``: accept or reject widening proposals, re-deriving everything from the question and PDF.

A proposal is rejected with a one-line reason when its row is not found, its key is
not ``Not answerable``, the PDF is unavailable, one of the four cases applies, no
executable check exists, a pinned check does not cover the question's container, or
the check finds members. One run reports every file, good or bad.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from dataclasses import dataclass
from enum import Enum, IntEnum
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field

from widening.corpus import Corpus, RowIndex, doc_path, load_samples, locate_corpus
from widening.errors import DocumentError, ErrorRecord, WideningError
from widening.formats import GATE_RENDERERS, add_output_options, emit, gate_markdown
from widening.models import Case, Decision, Member, Row
from widening.proposal import LoadedProposal, describe, load_file

NOT_ANSWERABLE = "Not answerable"


class GateExit(IntEnum):
    """Exit status of ``widening gate`` (bad input wins over a rejection: a tool failure never reads as a pass)."""

    ACCEPTED = 0  # every proposal was accepted
    REJECTED = 1  # at least one proposal was rejected
    BAD_INPUT = 2  # a proposal file was malformed or unreadable, or no corpus; the other files were still gated


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


class GateItem(BaseModel):
    """The verdict on one proposal, with what the engine saw."""

    model_config = ConfigDict(frozen=True)
    file: str
    index: int
    line: int | None = None
    doc_id: str
    question: str
    verdict: Literal["accept", "reject"]
    code: Code
    case: Case | None = None
    reason: str
    members: tuple[Member, ...] = ()
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

    @computed_field  # type: ignore[prop-decorator]
    @property
    def exit_code(self) -> GateExit:
        if self.errors:
            return GateExit.BAD_INPUT
        if any(i.verdict == "reject" for i in self.items):
            return GateExit.REJECTED
        return GateExit.ACCEPTED

    def counts(self) -> dict[str, int]:
        return {
            "accept": sum(i.verdict == "accept" for i in self.items),
            "reject": sum(i.verdict == "reject" for i in self.items),
            "error": len(self.errors),
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
    if not first.answer.startswith(NOT_ANSWERABLE):
        msg = f"the key in {first_src.path.name} (row {first.index}) is {first.answer!r}, not 'Not answerable'"
        return Lookup(first, first_src, (Code.key_not_not_answerable, msg))
    src, row = next(((s, r) for s, r in found if r.answer == NOT_ANSWERABLE), (first_src, first))
    return Lookup(row, src)


# --------------------------------------------------------------------------- verdicts


def code_for(decision: Decision, pinned: bool, unavailable: bool) -> Code:
    """Map an engine decision onto the gate's reason codes."""
    if decision.decision == "widen":
        return Code.accepted
    if decision.case in {"missing_container", "absent_entity", "unbounded_complement", "short_not_empty"}:
        return Code(decision.case)
    if unavailable:
        return Code.pdf_unavailable
    if pinned and decision.spec_source == "proposal" and not decision.probes:
        return Code.pinned_uncovered  # the pinned check was refused before it ran
    return Code.no_check


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
        verdict="accept" if code is Code.accepted else "reject",
        code=code,
        case=decision.case if decision is not None else None,
        reason=reason,
        members=decision.members if decision is not None else (),
        check=decision.check if decision is not None else {},
        samples=str(look.source.path) if look.source else None,
        row_index=look.row.index if look.row else None,
        key=look.row.answer if look.row else None,
        decision=decision,
    )


@dataclass
class Engine:
    """What deciding needs: the corpus, where to look rows up, and the facts cache."""

    corpus: Corpus
    sources: list[SampleSource]
    cache: Any = None
    ocr: bool = True


def gate_proposals(proposals: list[LoadedProposal], engine: Engine) -> list[GateItem]:
    """Decide every proposal; each PDF is opened once however many proposals name it."""
    from widening.cache import load_doc_cached
    from widening.decide import decide_row

    items: dict[int, GateItem] = {}
    by_doc: dict[str, list[tuple[int, LoadedProposal, Lookup]]] = defaultdict(list)
    for n, loaded in enumerate(proposals):
        look = lookup(engine.sources, loaded.proposal.doc_id, loaded.proposal.question)
        if look.reject is not None:
            items[n] = item_for(loaded, look, None, *look.reject)
        else:
            by_doc[loaded.proposal.doc_id].append((n, loaded, look))

    for doc_id, group in by_doc.items():
        doc, unavailable = None, None
        try:
            path = doc_path(engine.corpus, doc_id)
            if not path.is_file():
                raise DocumentError("pdf_missing", (doc_id,), f"PDF {doc_id} is not in {engine.corpus.documents}")
            doc = load_doc_cached(path, engine.cache, ocr=engine.ocr)
        except DocumentError as exc:
            unavailable = exc.record.msg
        try:
            for n, loaded, look in group:
                assert look.row is not None
                pinned = loaded.proposal.check
                decision = decide_row(look.row, doc, pinned=pinned, use_checks=False, unavailable_reason=unavailable)
                code = code_for(decision, pinned is not None, unavailable is not None)
                items[n] = item_for(loaded, look, decision, code, decision.reason)
        finally:
            if doc is not None:
                doc.pdf.close()
    return [items[n] for n in range(len(proposals))]


def gate_files(files: list[str], corpus_arg: str | None, samples: list[str] | None = None, cache: Any = None) -> GateReport:
    """Load every file, then gate every valid proposal; bad files become errors, never an early stop."""
    proposals: list[LoadedProposal] = []
    errors: list[GateError] = []
    for f in files:
        loaded = load_file(f)
        proposals.extend(loaded.proposals)
        for rec, line in zip(loaded.errors, loaded.error_lines):
            errors.append(GateError(file=loaded.file, line=line, type=rec.type, text=describe(rec), record=rec))
    try:
        corpus = locate_corpus(corpus_arg)
        sources = sample_sources(corpus, samples)
    except WideningError as exc:
        rec = exc.record
        errors.append(GateError(file=str(rec.loc[0]) if rec.loc else "corpus", type=rec.type, text=rec.line(), record=rec))
        return GateReport(errors=tuple(errors))
    items = gate_proposals(proposals, Engine(corpus, sources, cache))
    return GateReport(items=tuple(items), errors=tuple(errors))


# --------------------------------------------------------------------------- CLI


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "gate",
        help="accept or reject widening proposals (exit 0 all accepted, 1 any rejected, 2 bad input)",
        description=__doc__,
    )
    p.add_argument("files", nargs="+", metavar="PROPOSAL_FILE", help="YAML or JSON proposal files")
    p.add_argument("--corpus", help="corpus folder (default: $WIDENING_CORPUS)")
    p.add_argument(
        "--samples", action="append", metavar="FILE",
        help="samples file to look rows up in (repeatable, searched in order; default: samples.json then samples_v1.json)",
    )
    p.add_argument("--cache-dir", help="facts cache folder (default: $WIDENING_CACHE or ~/.cache/widening)")
    p.add_argument("--no-cache", action="store_true", help="do not read or write the facts cache")
    add_output_options(p)
    p.set_defaults(run=run)
    return p


def run(args: argparse.Namespace) -> int:
    from widening.cache import cache_from_options

    cache = cache_from_options(args.cache_dir, args.no_cache)
    report = gate_files(args.files, args.corpus, args.samples, cache)
    emit(report, GATE_RENDERERS, args.format, args.output, args.summary, gate_markdown)
    return int(report.exit_code)


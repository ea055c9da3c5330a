"""The `widening` command: audit, gate, reproduce, probe.

Exit codes are a documented IntEnum; a tool failure never reads as a pass.
"""

from __future__ import annotations

import argparse
import sys
from enum import IntEnum
from pathlib import Path

from rich.console import Console

from widening.errors import WideningError


class Exit(IntEnum):
    OK = 0  # success / all accepted / every V2 widening reproduced
    FINDINGS = 1  # a proposal rejected / a V2 widening not reproduced
    BAD_INPUT = 2  # unusable input as a whole (no corpus, malformed file, bad arguments)


def _add_audit(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("audit", help="decide every Not answerable row; write audit.json and audit.md")
    p.add_argument("--corpus", help="corpus folder (default: $WIDENING_CORPUS)")
    p.add_argument("--samples", help="samples file (default: the corpus's samples.json)")
    p.add_argument("--out", default="out", help="output folder (default: out)")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: the machine's cores)")
    p.add_argument("--auto", action="store_true", help="ignore the reviewed specs in checks/")
    p.add_argument("--cache", "--cache-dir", dest="cache", help="cache folder (default: $WIDENING_CACHE, else the user cache dir)")
    p.add_argument("--no-cache", action="store_true", help="do not read or write the cache")
    p.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    p.set_defaults(run=run_audit)


def run_audit(args: argparse.Namespace) -> int:
    from widening.commands import report
    from widening.commands.audit import AuditOptions, audit_rows, is_unanswerable
    from widening.commands.corpus import load_samples, locate_corpus

    err = Console(stderr=True)
    try:
        corpus = locate_corpus(args.corpus)
        samples = load_samples(Path(args.samples) if args.samples else corpus.samples)
    except WideningError as exc:
        err.print(f"[red]error[/red] {exc}", highlight=False)
        return Exit.BAD_INPUT
    for e in (*samples.errors, *samples.duplicates):
        err.print(f"[yellow]warning[/yellow] {e.line()}", highlight=False)
    rows = [r for r in samples.rows if is_unanswerable(r)]
    options = AuditOptions(cache_dir=args.cache, no_cache=args.no_cache, use_checks=not args.auto)
    decisions = audit_rows(corpus.root, rows, options, workers=args.jobs, progress=not args.no_progress)
    json_path, md_path = report.write(decisions, Path(args.out))
    records = [report.record(d) for d in decisions]
    report.print_counts(records)
    Console().print(f"wrote {json_path} and {md_path}", highlight=False)
    return Exit.OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="widening", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    _add_audit(sub)
    # Explicit imports: a command whose import breaks is a crash, never a silently missing command.
    from widening.commands import gate, probe, reproduce

    for mod in (gate, reproduce, probe):
        before = set(sub.choices)
        mod.add_parser(sub)
        for name in set(sub.choices) - before:
            if sub.choices[name].get_default("run") is None:
                sub.choices[name].set_defaults(run=mod.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on bad usage, 0 on --help
        return int(exc.code or 0)
    runner = getattr(args, "run", None)
    if runner is None:
        parser.print_help(sys.stderr)
        return Exit.BAD_INPUT
    return int(runner(args))

"""The `widening` command: audit, gate, reproduce, probe, report.

Exit codes are a documented IntEnum (``widening.errors.ExitCode``): 0 ok, 1 findings,
2 bad input or the tool could not run. A tool failure never reads as a pass or a rejection.
"""

from __future__ import annotations

import argparse
import sys
from enum import IntEnum
from pathlib import Path

from rich.console import Console

from widening.commands.options import add_run_options
from widening.errors import ExitCode, WideningError


class Exit(IntEnum):
    OK = ExitCode.OK  # success / all accepted / every V2 widening reproduced
    FINDINGS = ExitCode.FINDINGS  # a proposal rejected / a V2 widening not reproduced
    ERROR = ExitCode.ERROR  # bad input (no corpus, malformed file, bad arguments) or the tool could not run
    BAD_INPUT = ExitCode.ERROR  # alias of ERROR


def _add_audit(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("audit", help="decide every Not answerable row; write audit.json, audit.md and audit.html")
    add_run_options(p)
    p.add_argument("--samples", help="samples file (default: the corpus's samples.json)")
    p.add_argument("--out", default="out", help="output folder (default: out)")
    p.add_argument("--auto", action="store_true", help="ignore the reviewed specs in checks/")
    p.add_argument("--checks", metavar="DIR", help="reviewed specs folder (default: ./checks/reviewed, else the source checkout's)")
    p.add_argument("--keys", choices=("not-answerable", "zero"), default="not-answerable",
                   help="which rows: 'Not answerable' keys (default; audit.json) or keys claiming the set is empty, "
                        "0/none (zeros.json, twins.json, zeros.md, proposals/)")
    p.set_defaults(run=run_audit)


def run_audit(args: argparse.Namespace) -> int:
    from widening.commands import report
    from widening.commands.audit import AuditOptions, audit_rows, checks_dir_candidates, default_checks_dir, is_unanswerable
    from widening.commands.corpus import check_doc_id, check_documents, load_reviewed, load_samples, locate_corpus, refused_doc_ids
    from widening.commands.report_html import cache_dir_from, write_html
    from widening import rulebook
    from widening.commands.formats import cache_problem, unwritable
    from widening.errors import InputError, engine_failed
    from rich.markup import escape

    err = Console(stderr=True, highlight=False, soft_wrap=True)  # one message, one line, whatever the width
    try:
        rulebook.require_all()
        if (why := unwritable(args.out, folder=True)) is not None:  # refused before the run, not after it
            raise InputError("output_unwritable", ("--out",), why)
        if (why := cache_problem(args)) is not None:
            raise InputError("cache_unusable", ("--cache",), why)
        corpus = locate_corpus(args.corpus)
        check_documents(corpus)
        samples = load_samples(Path(args.samples) if args.samples else corpus.samples)
        checks = None if args.auto else (Path(args.checks) if args.checks else default_checks_dir())
        reviewed = load_reviewed(checks) if checks is not None else {}
    except WideningError as exc:
        err.print(f"[red]error[/red] {exc}")
        return Exit.ERROR
    for e in (*samples.errors, *samples.duplicates):
        err.print(f"[yellow]warning[/yellow] {e.line()}")
    options = AuditOptions(cache_dir=args.cache_dir, no_cache=args.no_cache, use_checks=checks is not None,
                           checks_dir=str(checks) if checks is not None else None)
    if args.keys == "zero":  # the other direction: same engine, same runner, its own files
        from widening.commands import zeros as zero_audit

        zeros, twins = zero_audit.decide_zero_keys(corpus.root, list(samples.rows), options, workers=args.jobs,
                                                   progress=not args.quiet)
        paths = zero_audit.write(zeros, twins, Path(args.out))
        zero_audit.print_counts(zeros, twins)
        html = write_html(zeros, Path(args.out) / "zeros.html", corpus.root, cache_dir_from(args.cache_dir, args.no_cache),
                          title="widening audit --keys zero", source=str(paths["zeros"]))
        Console().print(f"wrote {paths['zeros']}, {paths['twins']}, {paths['md']} and {html.html}", highlight=False)
        return Exit.OK
    rows = [r for r in samples.rows if is_unanswerable(r)]
    for line in refused_doc_ids(rows, samples.path):
        err.print(f"[yellow]refused[/yellow] {line}")
    if not args.auto:  # say where the reviewed specs came from, or where none were found
        looked = [Path(args.checks)] if args.checks else checks_dir_candidates()
        where = f"from {checks}" if checks is not None and checks.is_dir() else "none found; looked in " + ", ".join(map(str, looked))
        err.print(f"reviewed specs: {len(reviewed)} {where}")
    decisions = audit_rows(corpus.root, rows, options, workers=args.jobs, progress=not args.quiet)
    json_path, md_path = report.write(decisions, Path(args.out))
    records = [report.record(d) for d in decisions]
    report.print_counts(records)
    html = write_html(records, Path(args.out) / "audit.html", corpus.root, cache_dir_from(args.cache_dir, args.no_cache), source=str(json_path))
    Console().print(f"wrote {json_path}, {md_path} and {html.html}", highlight=False)
    # A PDF that cannot be read keeps its rows (unverifiable, the audit still succeeds), but the user
    # must learn which file and why from the terminal, not only from a count in the summary table.
    unread: dict[str, tuple[str, int]] = {}
    for d in decisions:
        # A refused doc_id was named above (refused_doc_ids): one line each.
        if d.error and not engine_failed(d.error) and check_doc_id(d.doc_id) is None:
            why, n = unread.get(d.doc_id, (d.error, 0))
            unread[d.doc_id] = (why, n + 1)
    for doc_id, (why, n) in sorted(unread.items()):
        err.print(f"[yellow]warning[/yellow] {doc_id}: {escape(why.rstrip('.'))}; its {n} row(s) kept as unverifiable")
    failed = sorted({d.doc_id for d in decisions if engine_failed(d.error)})
    if failed:
        err.print(f"[red]error[/red] the engine could not run on {len(failed)} document(s): {', '.join(failed)}; "
                  f"their rows are kept as unverifiable; exit {int(Exit.ERROR)}")
        return Exit.ERROR
    return Exit.OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="widening", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    _add_audit(sub)
    # Explicit imports: a command whose import breaks is a crash, never a silently missing command.
    from widening.commands import gate, probe, report_html, reproduce

    for mod in (gate, reproduce, probe, report_html):
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
        return Exit.ERROR
    return int(runner(args))

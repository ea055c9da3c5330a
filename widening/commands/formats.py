"""Output formats for the gate and reproduce reports: text (rich), json, junit XML, github annotations.

Every format tells an error (the tool could not decide: exit 2) apart from a rejection
(the proposal is wrong: exit 1): ERROR vs REJECT in text, ``verdict`` and ``exit_code`` in
json, ``<error>`` vs ``<failure>`` in JUnit, the annotation title in github.

Every renderer is a pure function of a saved report (never of live engine state), so
the same report can be rendered several ways. Markdown is the optional run summary
written to ``$GITHUB_STEP_SUMMARY``.
"""

from __future__ import annotations

import argparse
import io
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape

from widening.models import Member

if TYPE_CHECKING:
    from widening.commands.gate import GateItem, GateReport
    from widening.commands.reproduce import ReproduceReport, ReproduceRow


class Format(str, Enum):
    text = "text"
    json = "json"
    junit = "junit"
    github = "github"


FORMATS = [f.value for f in Format]
MEMBERS_SHOWN = 5  # text output lists this many members per line; it says how many more there are


# --------------------------------------------------------------------------- shared pieces


def member_text(m: Member) -> str:
    """One member (or doubt: then its ``why`` follows) as ``p3 [x0, y0, x1, y1] what``."""
    box = ", ".join(f"{v:.0f}" for v in m.bbox)
    reading = f" ({m.reading.value} reading)" if m.reading else ""
    why = f" -- doubt: {m.why}" if m.why else ""
    return f"p{m.page} [{box}] {m.what}{reading}{why}"


def members_lines(members: Iterable[Member], limit: int = MEMBERS_SHOWN, label: str = "") -> list[str]:
    """Member lines, capped at ``limit`` with an explicit '... and N more' (never a silent cut)."""
    members = list(members)
    lines = [label + member_text(m) for m in members[:limit]]
    if len(members) > limit:
        lines.append(f"{label}... and {len(members) - limit} more (all in --format json)")
    return lines


def counted(members: tuple[Member, ...], doubts: tuple[Member, ...]) -> str:
    """'2 members, 1 doubt' for a table cell or a one-line summary."""
    return f"{len(members)} member(s), {len(doubts)} doubt(s)"


def _console(width: int = 120) -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=width, no_color=True, highlight=False, soft_wrap=True), buf


def _gh_data(text: str) -> str:
    """Escape an annotation message the way the GitHub Actions toolkit does."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_prop(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


def github_annotation(level: str, msg: str, file: str | None = None, line: int | None = None, title: str | None = None) -> str:
    """``::error file=F,line=L,title=T::msg`` with the toolkit's escaping."""
    props = []
    if file:
        props.append(f"file={_gh_prop(file)}")
    if line:
        props.append(f"line={line}")
    if title:
        props.append(f"title={_gh_prop(title)}")
    return f"::{level} {','.join(props)}::{_gh_data(msg)}" if props else f"::{level}::{_gh_data(msg)}"


def _junit(suite_name: str, cases: list[tuple[str, str, str | None, str | None, str]]) -> str:
    """JUnit XML; each case is (classname, name, failure message or None, error message or None, body)."""
    suite = ET.Element(
        "testsuite",
        name=suite_name,
        tests=str(len(cases)),
        failures=str(sum(1 for c in cases if c[2] is not None)),
        errors=str(sum(1 for c in cases if c[3] is not None)),
    )
    for classname, name, failure, error, body in cases:
        case = ET.SubElement(suite, "testcase", classname=classname, name=name)
        if failure is not None:
            ET.SubElement(case, "failure", message=failure).text = body
        elif error is not None:
            ET.SubElement(case, "error", message=error).text = body
        elif body:
            ET.SubElement(case, "system-out").text = body
    root = ET.Element("testsuites")
    root.append(suite)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


# --------------------------------------------------------------------------- gate


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
    console, buf = _console()
    for item in report.items:
        tag, style = _TAGS[item.verdict]
        reason = " ".join(item.reason.split())
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
    return _junit("widening gate", cases)


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


def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


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
            f"| {item.verdict.upper()} | {_md(_where(item))} | {_md(item.doc_id)} | {_md(item.question)} | "
            f"{_label(item)} | {len(item.members)} | {len(item.doubts)} | {_md(item.reason)} |"
        )
    for err in report.errors:
        lines.append(f"| ERROR | {_md(err.file)} | | | {err.type} | | | {_md(err.text)} |")
    return "\n".join(lines) + "\n"


GATE_RENDERERS = {Format.text: gate_text, Format.json: gate_json, Format.junit: gate_junit, Format.github: gate_github}


# --------------------------------------------------------------------------- reproduce

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
    console, buf = _console()
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
    return _junit("widening reproduce", cases)


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
                f"| {_md(r.doc_id)} | {_md(r.question)} | {r.case or ''} | {len(r.members)} | {len(r.doubts)} | {_md(r.reason)} |"
                for r in rows
            ]
    return "\n".join(lines) + "\n"


REPRODUCE_RENDERERS = {
    Format.text: reproduce_text,
    Format.json: reproduce_json,
    Format.junit: reproduce_junit,
    Format.github: reproduce_github,
}


# --------------------------------------------------------------------------- CLI plumbing


def add_output_options(parser: argparse.ArgumentParser) -> None:
    """--format, --output and --summary, shared by gate and reproduce."""
    parser.add_argument("--format", choices=FORMATS, default="text", help="output format (default: text)")
    parser.add_argument(
        "--output", metavar="FILE", help="write the chosen format to FILE (the text report still goes to stdout)"
    )
    parser.add_argument("--json", metavar="FILE", help="also save the full JSON report to FILE (whatever --format is)")
    parser.add_argument(
        "--summary", metavar="FILE", help="append a Markdown summary to FILE (e.g. \"$GITHUB_STEP_SUMMARY\")"
    )


def emit(report: Any, renderers: dict[Format, Callable[[Any], str]], args: argparse.Namespace,
         markdown: Callable[[Any], str]) -> None:
    """Print or write the chosen format (with --output, the text report goes to stdout); --json, --summary."""
    fmt, output, summary = args.format, args.output, args.summary
    chosen = renderers[Format(fmt)](report)
    if output:
        Path(output).write_text(chosen, encoding="utf-8")
        print(renderers[Format.text](report), end="")
    else:
        print(chosen, end="")
    if args.json:
        Path(args.json).write_text(renderers[Format.json](report), encoding="utf-8")
    if summary:
        with open(summary, "a", encoding="utf-8") as fh:
            fh.write(markdown(report))

"""Output formats shared by the commands: text (rich), json, junit XML, github annotations.

Each command owns its renderers (gate.py, reproduce.py); this module holds what they share:
the format names, member lines, JUnit and GitHub annotation builders, and the CLI plumbing.

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
import os
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from enum import Enum
from pathlib import Path
from typing import Any

from rich.console import Console

from widening.models import Member
from widening.runtime.atomic import write_text_atomic



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


def text_console(width: int = 120) -> tuple[Console, io.StringIO]:
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


def junit(suite_name: str, cases: list[tuple[str, str, str | None, str | None, str]]) -> str:
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

def md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


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


def unwritable(path: str | Path, folder: bool = False) -> str | None:
    """Why ``path`` cannot be written as an output (a folder when ``folder``, else a file); None when it can.

    Asked before a run, not after it: an output path that is a file where a folder is wanted (or the
    reverse), or that lies under a file, failed only when the results were written, after every
    document had been decided (a whole corpus's work lost to a typo)."""
    path = Path(path)
    if path.exists():
        if folder and not path.is_dir():
            return f"{path} exists and is not a folder (expected a folder to write into)"
        if not folder and path.is_dir():
            return f"{path} is a folder (expected a file name)"
    probe = path if folder else path.parent
    while not probe.exists():
        if probe.parent == probe:
            break
        probe = probe.parent
    if probe.exists() and not probe.is_dir():
        return f"{path} cannot be created: {probe} is a file, not a folder"
    if probe.is_dir() and not os.access(probe, os.W_OK | os.X_OK):
        return f"{path} cannot be written: no write permission in {probe}"
    return None


def cache_problem(args: argparse.Namespace) -> str | None:
    """Why the folder ``--cache`` names cannot be a cache to write into (a file, a path under
    a file, no permission); None when it can, or with ``--no-cache``. Asked before a run: a cache that is a
    file failed only at the first document, or was read as an empty cache."""
    value = getattr(args, "cache_dir", None)
    if not value or getattr(args, "no_cache", False):
        return None
    return unwritable(value, folder=True)


def output_problems(args: argparse.Namespace) -> list[str]:
    """One line per output option (--output, --json, --summary, --html) whose path cannot be written, and the
    cache folder's (``cache_problem``)."""
    out = [f"--cache {args.cache_dir}: {why}"] if (why := cache_problem(args)) is not None else []
    for option in ("output", "json", "summary", "html"):
        value = getattr(args, option, None)
        if value and (why := unwritable(value)) is not None:
            out.append(f"--{option} {value}: {why}")
    return out


def emit(report: Any, renderers: dict[Format, Callable[[Any], str]], args: argparse.Namespace,
         markdown: Callable[[Any], str]) -> None:
    """Print or write the chosen format (with --output, the text report goes to stdout); --json, --summary."""
    fmt, output, summary = args.format, args.output, args.summary
    chosen = renderers[Format(fmt)](report)
    if output:
        write_text_atomic(output, chosen)  # a run stopped midway leaves the old file or the new one, never half
        print(renderers[Format.text](report), end="")
    else:
        print(chosen, end="")
    if args.json:
        write_text_atomic(args.json, renderers[Format.json](report))
    if summary:
        with open(summary, "a", encoding="utf-8") as fh:
            fh.write(markdown(report))

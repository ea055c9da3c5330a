"""``widening probe PDF --page N --kind NAME``: run one probe by hand and print its members."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import yaml
from rich.console import Console
from rich.table import Table

from widening.facts.document import REGIONS
from widening.errors import DocumentError
from widening.models import ProbeResult
from widening.probes import REGISTRY, Scope, load_all, run_probe

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register the ``probe`` sub-command on an argparse ``subparsers`` object."""
    p = subparsers.add_parser("probe", help="run one probe on a PDF page and print its members")
    p.add_argument("pdf", type=Path, help="the PDF file")
    p.add_argument("--page", required=True, help="page number, or a range like 3-5")
    p.add_argument("--reading", default="pdf", choices=["pdf", "label", "printed", "any"], help="how to read --page")
    p.add_argument("--kind", required=True, help="probe name, e.g. text_style, graphics, colour_regions")
    p.add_argument("--region", choices=sorted(REGIONS), help="restrict to a region of the page")
    p.add_argument("--in-image", action="store_true", help="look inside the raster images on the page")
    p.add_argument("--param", action="append", default=[], metavar="KEY=VALUE", help="probe parameter; [a, b] is a list, numbers are numbers")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.set_defaults(func=run)
    return p


def parse_params(items: list[str]) -> dict[str, Any]:
    """``key=value`` pairs; values are YAML ("23" -> 23, "[italic, bold]" -> list)."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--param {item!r}: expected KEY=VALUE")
        out[key.strip()] = _value(value.strip())
    return out


def _value(text: str) -> Any:
    """Lists/maps as YAML, numbers and booleans as such, anything else verbatim (so "op=>" stays ">")."""
    if text.startswith(("[", "{")):
        return yaml.safe_load(text)
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def _numbers(page: str) -> list[str]:
    first, sep, last = page.partition("-")
    if sep and first.strip().isdigit() and last.strip().isdigit():
        return [str(n) for n in range(int(first), int(last) + 1)]
    return [page.strip()]


def scopes(doc: Any, page: str, reading: str) -> list[tuple[str, tuple[int, ...]]]:
    """(reading, PDF pages) pairs for ``page`` under ``reading`` ('any' = every reading that exists)."""
    out: list[tuple[str, tuple[int, ...]]] = []
    if reading == "pdf":
        nums = _numbers(page)
        if not all(n.isdigit() for n in nums):
            raise ValueError(f"--page {page!r} is not a PDF page number")
        pages = tuple(int(n) for n in nums)
        bad = [p for p in pages if not 1 <= p <= doc.pdf.page_count]
        if bad:
            raise ValueError(f"page(s) {bad} outside 1..{doc.pdf.page_count}")
        return [("pdf", pages)]
    from widening.facts.readings import resolve  # written elsewhere; only needed for non-pdf readings

    for num in _numbers(page):
        for tried in resolve(doc.facts, num):
            if tried.pages and (reading == "any" or tried.reading.value == reading):
                out.append((tried.reading.value, tuple(tried.pages)))
    merged: dict[str, tuple[int, ...]] = {}
    for r, pages in out:
        merged[r] = tuple(sorted(set(merged.get(r, ())) | set(pages)))
    return list(merged.items())


def _print(console: Console, reading: str, res: ProbeResult) -> None:
    title = f"{res.probe} on pages {list(res.pages)} (reading {reading}): {res.status.value}, {len(res.members)} member(s), {len(res.doubts)} doubt(s)"
    table = Table(title=title, show_lines=False)
    for col in ("page", "bbox", "what"):
        table.add_column(col)
    for m in res.members:
        table.add_row(str(m.page), ", ".join(f"{v:.0f}" for v in m.bbox), m.what)
    console.print(table)
    if res.note:
        console.print(f"note: {res.note}")
    if res.doubts:
        console.print("doubts (a tuned filter would exclude them; they keep the row):")
        for m in res.doubts[:20]:
            console.print(f"  p{m.page} [{', '.join(f'{v:.0f}' for v in m.bbox)}] {m.what}: {m.why or ''}", markup=False)
        if len(res.doubts) > 20:
            console.print(f"  ... and {len(res.doubts) - 20} more")
    if res.best_candidates:
        console.print("closest non-members:")
        for m in res.best_candidates[:8]:
            console.print(f"  p{m.page} [{', '.join(f'{v:.0f}' for v in m.bbox)}] {m.what}" + (f": {m.why}" if m.why else ""), markup=False)


def run(args: argparse.Namespace) -> int:
    """Run the probe; 0 when it ran (members or not), 2 on bad input."""
    from widening.facts.extract import load_doc

    err = Console(stderr=True)
    load_all()
    if args.kind not in REGISTRY:
        err.print(f"error: unknown probe {args.kind!r}; known: {', '.join(sorted(REGISTRY))}", markup=False)
        return EXIT_BAD_INPUT
    try:
        params = parse_params(args.param)
    except (ValueError, yaml.YAMLError) as exc:
        err.print(f"error: {exc}", markup=False)
        return EXIT_BAD_INPUT
    try:
        doc = load_doc(Path(args.pdf))
    except DocumentError as exc:
        err.print(f"error: {exc}", markup=False)
        return EXIT_BAD_INPUT
    try:
        try:
            pairs = scopes(doc, str(args.page), args.reading)
        except (ValueError, ImportError) as exc:
            err.print(f"error: {args.pdf}: {exc}", markup=False)
            return EXIT_BAD_INPUT
        if not pairs:
            err.print(f"error: {args.pdf}: page {args.page!r} does not exist under reading {args.reading}", markup=False)
            return EXIT_BAD_INPUT
        results = [(r, run_probe(args.kind, doc, Scope(pages, args.region, bool(args.in_image)), params)) for r, pages in pairs]
    finally:
        doc.close()
    if args.json:
        payload = [{"reading": r, **res.model_dump(mode="json")} for r, res in results]
        sys.stdout.write(json.dumps(payload, indent=2) + "\n")
    else:
        console = Console(width=160)
        for r, res in results:
            _print(console, r, res)
    return EXIT_OK

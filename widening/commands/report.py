"""audit.json and the human report. The Markdown is rendered from the saved JSON records,
never from live state, so a reviewer can regenerate it from the file alone."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from widening.runtime.atomic import write_json_atomic, write_text_atomic
from widening.models import Decision

CASES = ("missing_container", "absent_entity", "unbounded_complement", "short_not_empty", "unverifiable")
WIDENED_PREFIX = "Not answerable or"


def record(d: Decision) -> dict[str, Any]:
    """One audit.json object: the SPEC fields first, then what a reviewer needs."""
    data = d.model_dump(mode="json")
    head = {k: data.pop(k) for k in ("doc_id", "question", "key", "decision", "case", "reason", "check", "members", "doubts")}
    return {**head, **data}


def write(decisions: list[Decision], out: Path) -> tuple[Path, Path]:
    """Write ``audit.json`` and ``audit.md`` into ``out`` atomically."""
    out.mkdir(parents=True, exist_ok=True)
    records = [record(d) for d in decisions]
    json_path = write_json_atomic(out / "audit.json", records)
    md_path = write_text_atomic(out / "audit.md", markdown(records))
    return json_path, md_path


# Why a row is unverifiable, from the opening of its reason (decide.py writes these openings).
_UNVERIFIABLE_GROUPS = (
    ("The PDF is unavailable", "no PDF in the corpus"),
    ("The PDF could not be read", "PDF unreadable"),
    ("The engine failed", "the engine failed on the PDF (a timeout, a crash)"),
    ("A named box is in doubt", "a box the question names could not be told apart"),
    ("A presupposed qualifier is in doubt", "a qualifier only near-matched or not settled"),
    ("No executable check", "no executable check for what is asked"),
    ("Pinned check rejected", "pinned check does not cover the container"),
)
_QUOTED = re.compile(r"'[^']*'")
_CHECK_GROUPS = (
    ("could not measure", "the check could not measure a page"),
    ("measures a broader set", "the check finds candidates of a broader set"),
    ("not classified", "the check finds candidates of a broader set"),
    ("none certain", "the check's members rest on OCR or weak detections"),
    ("doubt(s) it cannot rule out", "the check finds doubts"),
    ("cannot take into account", "a restricting qualifier the check ignores"),
)


def reason_group(r: dict[str, Any]) -> str:
    """A short label for why an unverifiable row is kept, so the remaining gap is visible by cause."""
    reason = r.get("reason", "")
    for prefix, label in _UNVERIFIABLE_GROUPS:
        if reason.startswith(prefix):
            if prefix == "No executable check":  # the derivation's reason, its particulars elided
                tail = re.split(r"[,;:]|\. ", reason[len(prefix) + 2 :])[0]
                # What the qualifier search said (EntityOutcome.presence); imported here, as reading a
                # saved audit.json needs the engine for nothing else.
                from widening.engine.cases import ALL_PRINTED, NO_QUALIFIER

                why = " (its qualifiers all printed)" if ALL_PRINTED in reason else " (it names no qualifier)" if NO_QUALIFIER in reason else ""
                return f"{label}: {_QUOTED.sub('…', tail).strip(' .')[:70]}{why}"
            return label
    for part, label in _CHECK_GROUPS:
        if part in reason:
            return label
    return "other"


def unverifiable_groups(records: list[dict[str, Any]]) -> Counter[str]:
    return Counter(reason_group(r) for r in records if r["decision"] != "widen" and r["case"] == "unverifiable")


def counts(records: list[dict[str, Any]]) -> Counter[str]:
    c: Counter[str] = Counter()
    for r in records:
        c["widen" if r["decision"] == "widen" else f"keep: {r['case']}"] += 1
    return c


def _members(r: dict[str, Any], key: str = "members") -> str:
    ms = r.get(key) or []
    if not ms:
        return "none"
    # What OCR read is said so (Member.reader): a description need not name its reader.
    shown = "; ".join(f"p{m['page']} {[round(x) for x in m['bbox']]} {m['what']}" + (" (read by OCR)" if m.get("reader") == "ocr" else "")
                      + (f" (why: {m['why']})" if m.get("why") else "") for m in ms[:3])
    return shown + (f" (+{len(ms) - 3} more)" if len(ms) > 3 else "")


def _evidence(r: dict[str, Any]) -> str:
    check = r.get("check") or {}
    probe = check.get("probe", "")
    params = {k: v for k, v in (check.get("params") or {}).items()}
    pages = sorted({p for pr in r.get("probes") or [] if pr.get("probe") == probe for p in pr.get("pages", [])})
    bits = [f"`{probe}` {json.dumps(params)}" if probe else ""]
    if pages:
        bits.append(f"pages {pages[:12]}{'…' if len(pages) > 12 else ''}")
    readings = [f"{t['reading']} {t['number']}→{t['pages']}" for t in check.get("readings_tried", []) if t.get("number") != "all"]
    if readings:
        bits.append("readings: " + ", ".join(readings))
    best = [m for pr in r.get("probes") or [] for m in pr.get("best_candidates", [])]
    if best:
        bits.append("closest: " + "; ".join(f"p{m['page']} {m['what']}" for m in best[:2]))
    return " · ".join(b for b in bits if b)


def markdown(records: list[dict[str, Any]]) -> str:
    """A reviewer's summary: counts, every widening with its evidence, then every kept row."""
    c = counts(records)
    lines = ["# widening audit", "", f"{len(records)} `Not answerable` rows.", "", "| decision | rows |", "| --- | ---: |"]
    lines += [f"| {k} | {v} |" for k, v in sorted(c.items())]
    groups = unverifiable_groups(records)
    if groups:
        lines += ["", "### Unverifiable rows by reason", "", "| reason | rows |", "| --- | ---: |"]
        lines += [f"| {k} | {v} |" for k, v in groups.most_common()]
    widened = [r for r in records if r["decision"] == "widen"]
    agreed = [r for r in widened if r["key"].startswith(WIDENED_PREFIX)]
    beyond = [r for r in widened if not r["key"].startswith(WIDENED_PREFIX)]
    missed = [r for r in records if r["key"].startswith(WIDENED_PREFIX) and r["decision"] != "widen"]
    used = [r for r in records if r.get("spec_source") == "checks"]
    for title, rows in (("Widened, as V2 did", agreed), ("Widened beyond V2 (check each page)", beyond)):
        lines += ["", f"## {title} ({len(rows)})", ""]
        for r in rows:
            lines += [f"- **{r['doc_id']}** — {r['question'].strip()}", f"  - {r['reason']}", f"  - check: {_evidence(r)}", f"  - members: {_members(r)}", f"  - doubts: {_members(r, 'doubts')}"]
    lines += ["", f"## V2 widened, engine keeps ({len(missed)})", ""]
    lines += [f"- **{r['doc_id']}** — {r['question'].strip()} — `{r['case']}`: {r['reason']}" for r in missed]
    if used:
        lines += ["", f"## Rows decided with a reviewed spec from checks/ ({len(used)})", ""]
        lines += [f"- {r['doc_id']} — {r['question'].strip()}" for r in used]
    lines += ["", "## Kept rows", "", "| case | document | question | reason | members | doubts |", "| --- | --- | --- | --- | --- | --- |"]
    for r in sorted((r for r in records if r["decision"] != "widen"), key=lambda r: (CASES.index(r["case"]), r["doc_id"])):
        q = r["question"].strip().replace("|", "\\|").replace("\n", " ")
        reason = r["reason"].replace("|", "\\|").replace("\n", " ")
        ms, ds = (_cell(_members(r, k)) for k in ("members", "doubts"))
        lines.append(f"| {r['case']} | {r['doc_id'][:40]} | {q[:120]} | {reason[:300]} | {ms} | {ds} |")
    return "\n".join(lines) + "\n"


def _cell(text: str, limit: int = 300) -> str:
    """A Markdown table cell: no pipes or newlines; a cut says so."""
    text = text.replace("|", "\\|").replace("\n", " ")
    return text if len(text) <= limit else text[:limit] + "…"


def print_counts(records: list[dict[str, Any]], console: Console | None = None) -> None:
    """The short table the audit prints at the end."""
    console = console or Console()
    table = Table(title=f"{len(records)} Not-answerable rows")
    table.add_column("decision")
    table.add_column("case")
    table.add_column("rows", justify="right")
    c = counts(records)
    if c.get("widen"):
        table.add_row("widen", "—", str(c["widen"]))
    for case in CASES:
        n = c.get(f"keep: {case}", 0)
        if n:
            table.add_row("keep", case, str(n))
    for label, n in unverifiable_groups(records).most_common():
        table.add_row("", f"  unverifiable: {label}", str(n))
    console.print(table)

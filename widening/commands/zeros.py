"""``widening audit --keys zero``: the zero-keyed rows, their Not-answerable twins, and proposals.

I/O edge: selects the rows, decides them with the audit's runner (one worker per PDF, the
same cache), reads each decision as a verdict (zeros.py), and writes ``zeros.json`` (audit
records plus ``direction`` and ``verdict``), ``twins.json``, ``zeros.md`` and one proposal
file per confirmed zero under ``proposals/``. The Markdown is rendered from the saved JSON.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import yaml
from rich.console import Console
from rich.table import Table

from widening.commands.audit import AuditOptions, audit_rows
from widening.commands.corpus import row_key
from widening.commands.report import record
from widening.engine.zeros import WIDENED_ANSWER, is_zero_key, keyed_alike, twin_pairs, verdict
from widening.models import Row
from widening.runtime.atomic import write_json_atomic, write_text_atomic
from widening.text import ascii_words

VERDICTS = ("confirmed", "contradicted", "unverifiable")


def decide_zero_keys(corpus: Path, rows: list[Row], options: AuditOptions, workers: int | None = None,
                     progress: bool = False) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Records for every zero-keyed row (in file order) and every twin pair, both directions decided alike."""
    zero_rows = [r for r in rows if is_zero_key(r.answer)]
    pairs = twin_pairs(rows)
    twins_na = {row_key(n.doc_id, n.question): n for _, n, _ in pairs}
    todo = zero_rows + [n for n in twins_na.values()]
    decided = audit_rows(corpus, todo, options, workers=workers, progress=progress)
    zero_recs = [record(verdict(d)) for d in decided[: len(zero_rows)]]
    # Two lookups, one per direction: the same question may be keyed 0 on one row and Not answerable on another
    # (the plainest twin), and one dict keyed by (doc_id, question) would pair the zero record with itself.
    by_zero: dict[tuple[str, str], dict[str, Any]] = {}
    for r in zero_recs:
        by_zero.setdefault(row_key(r["doc_id"], r["question"]), r)
    by_na = {row_key(d.doc_id, d.question): record(d) for d in decided[len(zero_rows):]}
    twins = [
        {
            "doc_id": z.doc_id,
            "shape": s.model_dump(mode="json"),
            "zero_key": by_zero[row_key(z.doc_id, z.question)],
            "not_answerable": by_na[row_key(n.doc_id, n.question)],
        }
        for z, n, s in pairs
    ]
    for t in twins:
        t["keyed_alike"] = keyed_alike(t["zero_key"], t["not_answerable"])
    return zero_recs, twins


def proposal(rec: dict[str, Any]) -> dict[str, Any]:
    """The proposal `widening gate` accepts for a confirmed zero: key it 'Not answerable or 0 or none'."""
    probe = (rec.get("check") or {}).get("probe", "")
    note = (f"Zero key {rec['key']!r} confirmed by `widening audit --keys zero`: {probe} finds zero members and zero doubts "
            f"under every reading. Keyed like the rows V2 widened, a system answering 0/none and one declining are both right.")
    return {"doc_id": rec["doc_id"], "question": rec["question"], "proposed_answer": WIDENED_ANSWER, "note": note}


def proposal_name(rec: dict[str, Any]) -> str:
    """A file name like checks/proposals': the doc_id's start and the question's first words, then a digest
    of the whole row: questions that differ only after their sixth word ("... on page 2?", "... on page 3?"),
    or doc_ids alike in their first characters, get files of their own, the same on every run."""
    doc = re.sub(r"[^a-z0-9]+", "-", rec["doc_id"].lower())[:24].strip("-")
    words = ascii_words(rec["question"])[:6]
    digest = hashlib.sha256(f"{rec['doc_id']}\n{rec['question']}".encode()).hexdigest()[:8]
    return f"{'-'.join([doc, *words, digest])}.yaml"


def write(zero_recs: list[dict[str, Any]], twins: list[dict[str, Any]], out: Path) -> dict[str, Path]:
    """zeros.json, twins.json, zeros.md and proposals/*.yaml into ``out``; the Markdown from the saved JSON."""
    out.mkdir(parents=True, exist_ok=True)
    paths = {"zeros": write_json_atomic(out / "zeros.json", zero_recs), "twins": write_json_atomic(out / "twins.json", twins)}
    for stale in (out / "proposals").glob("*.yaml"):  # a row confirmed by an earlier run may not be now
        stale.unlink()
    written = []
    for rec in zero_recs:
        if rec.get("verdict") == "confirmed":
            path = out / "proposals" / proposal_name(rec)
            write_text_atomic(path, "# Proposal for a confirmed zero key (widening audit --keys zero); gate it with `widening gate`.\n"
                              + yaml.safe_dump(proposal(rec), sort_keys=False, allow_unicode=True, width=100))
            written.append(path)
    saved = json.loads(paths["zeros"].read_text()), json.loads(paths["twins"].read_text())
    paths["md"] = write_text_atomic(out / "zeros.md", markdown(*saved, proposals=[p.name for p in written]))
    return paths


def _cell(s: str, n: int = 300) -> str:
    s = s.strip().replace("|", "\\|").replace("\n", " ")
    return s if len(s) <= n else s[: n - 1] + "…"


def _member_lines(ms: list[dict[str, Any]], limit: int = 5) -> list[str]:
    lines = [f"    - PDF p{m['page']} bbox {[round(x) for x in m['bbox']]}: {m['what']}" + (f" ({m['reading']} reading)" if m.get("reading") else "")
             for m in ms[:limit]]
    return lines + ([f"    - … {len(ms) - limit} more in zeros.json"] if len(ms) > limit else [])


def markdown(zero_recs: list[dict[str, Any]], twins: list[dict[str, Any]], proposals: list[str] = ()) -> str:
    """The reviewer's summary: verdict counts, each contradicted key with its members, confirmed, unverifiable, twins."""
    c = Counter(r["verdict"] for r in zero_recs)
    lines = ["# widening audit --keys zero", "",
             f"{len(zero_recs)} rows keyed 0 / none (forms: rules/zero_keys.yaml), decided by the same engine as a widening "
             "(`direction: zero_key` in zeros.json).", "", "| verdict | rows |", "| --- | ---: |"]
    lines += [f"| {v} | {c.get(v, 0)} |" for v in VERDICTS]
    contradicted = [r for r in zero_recs if r["verdict"] == "contradicted"]
    lines += ["", f"## Contradicted: correction candidates ({len(contradicted)})", ""]
    for r in contradicted:
        lines += [f"- **{r['doc_id']}** — {r['question'].strip()} — key `{r['key']}`", f"  - {r['reason']}", "  - members:"]
        lines += _member_lines(r.get("members") or [])
    confirmed = [r for r in zero_recs if r["verdict"] == "confirmed"]
    lines += ["", f"## Confirmed ({len(confirmed)})", ""]
    for r in confirmed:
        lines += [f"- **{r['doc_id']}** — {r['question'].strip()} — key `{r['key']}`", f"  - {r['reason']}"]
    if proposals:
        lines += ["", "Proposals written (each keys its row `Not answerable or 0 or none`; `widening gate` accepts one only when the check confirms the zero):", ""]
        lines += [f"- proposals/{p}" for p in proposals]
    lines += ["", "## Unverifiable", "", "| case | document | key | question | reason |", "| --- | --- | --- | --- | --- |"]
    for r in (r for r in zero_recs if r["verdict"] == "unverifiable"):
        lines.append(f"| {r['case']} | {r['doc_id'][:40]} | `{r['key']}` | {_cell(r['question'], 120)} | {_cell(r['reason'])} |")
    lines += ["", f"## Twins keyed apart ({len(twins)})", "",
              "Rows of one document with the same shape (container kind, quantifier, probe family) and different targets, or the very same question, "
              "one keyed 0 / none and one keyed Not answerable. V2's scheme keys both `Not answerable or 0 or none`.", ""]
    for t in twins:
        z, n, s = t["zero_key"], t["not_answerable"], t["shape"]
        lines += [f"### {t['doc_id']} — {'/'.join(s['container'])}, {s['quantifier']}, {s['family']}", "",
                  "| | zero key | Not answerable |", "| --- | --- | --- |",
                  f"| question | {_cell(z['question'], 200)} | {_cell(n['question'], 200)} |",
                  f"| key | `{z['key']}` | `{n['key']}` |",
                  f"| decision | {z['verdict']} ({z['decision']}, {z['case']}) | {n['decision']}, {n['case']} |",
                  f"| reason | {_cell(z['reason'])} | {_cell(n['reason'])} |", "",
                  f"Keyed alike: {t['keyed_alike']}", ""]
    return "\n".join(lines) + "\n"


def print_counts(zero_recs: list[dict[str, Any]], twins: list[dict[str, Any]], console: Console | None = None) -> None:
    console = console or Console()
    table = Table(title=f"{len(zero_recs)} zero-keyed rows, {len(twins)} twin pair(s)")
    table.add_column("verdict")
    table.add_column("rows", justify="right")
    c = Counter(r["verdict"] for r in zero_recs)
    for v in VERDICTS:
        table.add_row(v, str(c.get(v, 0)))
    console.print(table)


"""The gate on pinned checks (hunt of the gate): a value no check means is bad input located in its file
(exit 2, never a rejection nor an accept), and a pin that names a numbered page by another container is
rejected where the page's number is printed only in drawn content."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from widening.commands.gate import Code, GateExit, gate_files

ROOT = Path(__file__).resolve().parents[1]


def run_cli(*argv: str) -> int:
    from widening.commands.cli import main

    return main(["gate", *argv, "--no-cache", "--jobs", "1", "-q"])


Q = "How many charts are on page 2?"


@pytest.mark.parametrize(("check", "says"), [
    ("{probe: graphics, container: {kind: page, number: '2', region: middle_of_nowhere}, params: {kind: chart}}", "unknown region"),
    ("{probe: graphics, container: {kind: page, number: '2'}, params: {kind: chart, min_side: .nan}}", "NaN"),
    ("{probe: graphics, container: {kind: page, number: '2'}, params: {kind: chart, min_side: true}}", "yes/no"),
])
def test_a_value_no_check_means_is_bad_input_with_its_line(tmp_path, capsys, check, says):
    f = tmp_path / "p.yaml"
    f.write_text(f"- doc_id: a.pdf\n  question: {Q}\n  check: {check}\n")
    assert run_cli(str(f), "--validate-only") == GateExit.BAD_INPUT
    out = capsys.readouterr().out
    assert f"{f}: item 0, field 'check'" in out and says in out, out


def test_a_pin_naming_the_page_by_another_container_is_rejected_and_the_place_itself_accepted(tmp_path):
    import sys

    sys.path.insert(0, str(ROOT / "engine"))
    from test_pinned_heldout import WORD, _deck

    root = tmp_path / "corpus"
    (root / "documents").mkdir(parents=True)
    _deck(root / "documents" / "planted.pdf", (4,))
    _deck(root / "documents" / "control.pdf", ())
    q = f'How many times does the word "{WORD}" appear on page 3?'
    (root / "samples.json").write_text(json.dumps([{"doc_id": d, "question": q, "answer": "Not answerable"} for d in ("planted.pdf", "control.pdf")]))
    check = lambda c: {"probe": "text_search", "container": c, "params": {"text": WORD}}  # noqa: E731
    figure = {"kind": "figure", "number": "1", "text": "Figure 1"}
    page = {"kind": "page", "number": "3", "text": "page 3"}
    f = tmp_path / "p.json"
    f.write_text(json.dumps([{"doc_id": "planted.pdf", "question": q, "check": check(figure)},
                             {"doc_id": "control.pdf", "question": q, "check": check(page)}]))
    report = gate_files([str(f)], str(root), no_cache=True, workers=1)
    rejected, accepted = report.items
    assert (rejected.verdict, rejected.code) == ("reject", Code.pinned_uncovered), rejected.reason
    assert accepted.verdict == "accept", accepted.reason
    assert report.exit_code == GateExit.REJECTED

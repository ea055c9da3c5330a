"""The gate: a row keyed twice with an answer is no refusal to widen; a probe that crashed is
an error (exit 2) in every format, never a rejection; a pinned value the probe would read otherwise than the
comparison (a null, the string "false") is bad input located in its file; a pin inside pictures where the
question's own check looks at the whole page is rejected on a page whose bars are vector art."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from widening.commands.corpus import RowIndex
from widening.commands.gate import (Code, GateExit, GateReport, Lookup, SampleSource, code_for, gate_files, gate_github, gate_junit,
                                    gate_text, item_for, lookup)
from widening.commands.proposal import LoadedProposal, Proposal
from widening.models import Decision, ProbeResult, Row

ENGINE = Path(__file__).resolve().parents[1] / "engine"


def _source(*rows: Row) -> SampleSource:
    return SampleSource(Path("samples.json"), RowIndex(rows))


def test_a_row_keyed_twice_with_an_answer_is_rejected_naming_both_rows():
    q = "How many red bars are on page 2?"
    look = lookup([_source(Row(doc_id="a.pdf", question=q, answer="Not answerable", index=0),
                           Row(doc_id="a.pdf", question=q + " ", answer="3", index=5))], "a.pdf", q)
    assert look.reject is not None and look.reject[0] is Code.key_not_not_answerable
    assert "row 0" in look.reject[1] and "row 5" in look.reject[1] and "'3'" in look.reject[1]
    # control: twice refused, or refused and keyed zero, is still looked up
    for other in ("Not answerable", "0"):
        ok = lookup([_source(Row(doc_id="a.pdf", question=q, answer="Not answerable", index=0),
                             Row(doc_id="a.pdf", question=q, answer=other, index=1))], "a.pdf", q)
        assert ok.reject is None and ok.row.index == 0


def test_a_probe_that_crashed_is_an_error_in_every_format_never_a_rejection():
    crashed = Decision(doc_id="a.pdf", question="q", key="Not answerable", decision="keep", case="unverifiable", reason="could not measure",
                       probes=(ProbeResult.cannot("graphics", "probe crashed: TypeError: boom [pdf reading of 3]"),))
    assert code_for(crashed, None) is Code.engine_error
    # control: a probe that could not measure (no crash) is a rejection
    blind = crashed.model_copy(update={"probes": (ProbeResult.cannot("graphics", "page is image_only"),)})
    assert code_for(blind, None) is Code.no_check
    loaded = LoadedProposal(file="p.yaml", index=0, line=1, proposal=Proposal(doc_id="a.pdf", question="q"))
    item = item_for(loaded, Lookup(Row(doc_id="a.pdf", question="q", answer="Not answerable"), None), crashed, Code.engine_error, crashed.reason)
    report = GateReport(items=(item,))
    assert item.verdict == "error" and report.exit_code is GateExit.ERROR
    assert gate_text(report).startswith("ERROR")
    assert json.loads(report.model_dump_json())["exit_code"] == 2
    [suite] = ET.fromstring(gate_junit(report).split("\n", 1)[1])
    assert suite[0].find("error") is not None and suite[0].find("failure") is None
    assert "ERROR (not a rejection)" in gate_github(report)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    sys.path.insert(0, str(ENGINE))
    from test_pinned_place import BARS_Q, BLUE, RED, chart_pages

    root = tmp_path_factory.mktemp("corpus")
    (root / "documents").mkdir()
    chart_pages(root / "documents" / "red.pdf", RED)
    chart_pages(root / "documents" / "blue.pdf", BLUE)
    rows = [{"doc_id": d, "question": BARS_Q, "answer": "Not answerable"} for d in ("red.pdf", "blue.pdf")]
    (root / "samples.json").write_text(json.dumps(rows))
    return root


def _pin(in_image: bool, **params) -> dict:
    return {"probe": "colour_regions", "container": {"kind": "page", "number": "2", "text": "page 2", "in_image": in_image},
            "params": {"colour": "red", "shape": "bar", **params}}


def test_a_pin_inside_pictures_is_rejected_where_the_bars_are_vector_art(corpus, tmp_path):
    from test_pinned_place import BARS_Q

    f = tmp_path / "p.json"
    f.write_text(json.dumps([{"doc_id": "red.pdf", "question": BARS_Q, "check": _pin(True)},
                             {"doc_id": "blue.pdf", "question": BARS_Q, "check": _pin(False)}]))
    report = gate_files([str(f)], str(corpus), no_cache=True, workers=1)
    rejected, accepted = report.items
    assert (rejected.verdict, rejected.code) == ("reject", Code.pinned_uncovered), rejected.reason
    assert accepted.verdict == "accept", accepted.reason
    assert report.exit_code is GateExit.REJECTED


def test_a_null_or_a_string_yes_no_in_a_pinned_param_is_bad_input_naming_file_item_and_field(corpus, tmp_path):
    from test_pinned_place import BARS_Q

    f = tmp_path / "p.yaml"
    f.write_text(f"- doc_id: blue.pdf\n  question: {BARS_Q}\n  check: {json.dumps(_pin(False, min_area=None))}\n"
                 f"- doc_id: blue.pdf\n  question: {BARS_Q}\n  check: {json.dumps(_pin(False, min_area='10'))}\n")
    report = gate_files([str(f)], str(corpus), no_cache=True, workers=1)
    assert report.items == () and report.exit_code is GateExit.ERROR
    first, second = report.errors
    assert f"{f}: item 0, field 'check'" in first.text and "params.min_area" in first.text and "null" in first.text, first.text
    assert f"{f}: item 1, field 'check'" in second.text and "params.min_area" in second.text and "'10'" in second.text, second.text
    assert first.line == 3 and second.line == 6


def test_broken_rule_data_is_one_error_line_before_any_file_is_read(tmp_path, monkeypatch):
    from widening import rulebook
    from widening.errors import WideningError

    def broken() -> None:
        raise WideningError("rule_data", (), "the tool cannot run: rules/vocabulary.yaml: place_joins: Extra inputs are not permitted")

    monkeypatch.setattr(rulebook, "require_all", broken)
    f = tmp_path / "p.yaml"
    f.write_text("doc_id: a.pdf\nquestion: How many charts are on page 3?\ncheck: {probe: graphics, params: {kind: chart}}\n")
    report = gate_files([str(f)], None, validate_only=True)
    [err] = report.errors
    assert (err.file, err.type) == ("rules", "rule_data") and "vocabulary.yaml" in err.text
    assert report.exit_code is GateExit.ERROR

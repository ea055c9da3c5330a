"""The gate: row lookup, verdict codes, exit codes, output formats, and end-to-end runs."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from widening.corpus import RowIndex
from widening.formats import GATE_RENDERERS, Format, gate_markdown, github_annotation
from widening.gate import Code, GateExit, GateItem, GateReport, Lookup, SampleSource, code_for, item_for, lookup
from widening.models import CheckSpec, Container, ContainerKind, Decision, Member, ProbeResult, Reading, Row
from widening.proposal import LoadedProposal, Proposal

REPO = Path(__file__).resolve().parents[1]


def row(doc_id: str, question: str, answer: str, index: int = 0) -> Row:
    return Row(doc_id=doc_id, question=question, answer=answer, index=index)


def source(name: str, *rows: Row) -> SampleSource:
    return SampleSource(Path(name), RowIndex(rows))


def loaded(doc_id: str = "a.pdf", question: str = "How many cats on page 2?", **kw) -> LoadedProposal:
    return LoadedProposal(file="p.yaml", index=0, line=1, proposal=Proposal(doc_id=doc_id, question=question, **kw))


def decision(decision: str = "keep", case: str | None = None, **kw) -> Decision:
    return Decision(doc_id="a.pdf", question="q", key="Not answerable", decision=decision, case=case, reason="r", **kw)


# --------------------------------------------------------------------------- lookup


def test_lookup_normalises_whitespace_and_prefers_the_first_file():
    v2 = source("samples.json", row("a.pdf", "How many  people in  Page 5?", "Not answerable", 7))
    v1 = source("samples_v1.json", row("a.pdf", "How many people in Page 5?", "Not answerable", 9))
    look = lookup([v2, v1], "a.pdf", "  How many people\tin Page 5? ")
    assert look.reject is None and look.row is not None
    assert (look.source.path.name, look.row.index) == ("samples.json", 7)


def test_a_row_already_widened_in_v2_is_reverified_against_v1s_not_answerable_row():
    v2 = source("samples.json", row("a.pdf", "q", "Not answerable or 0 or none", 3))
    v1 = source("samples_v1.json", row("a.pdf", "q", "Not answerable", 4))
    look = lookup([v2, v1], "a.pdf", "q")
    assert look.reject is None and look.source.path.name == "samples_v1.json" and look.row.index == 4


def test_not_found_and_wrong_key():
    v2 = source("samples.json", row("a.pdf", "q", "46%"))
    v1 = source("samples_v1.json", row("a.pdf", "q", "Not answerable"), row("a.pdf", "other", "Not answerable"))
    missing = lookup([v2, v1], "b.pdf", "q")
    assert missing.reject is not None and missing.reject[0] is Code.row_not_found
    assert "samples.json, samples_v1.json" in missing.reject[1]
    # The first file holding the key decides: V2 says it is answerable, so v1's key does not count.
    wrong = lookup([v2, v1], "a.pdf", "q")
    assert wrong.reject is not None and wrong.reject[0] is Code.key_not_not_answerable and "'46%'" in wrong.reject[1]


# --------------------------------------------------------------------------- verdicts and exit codes


PIN = CheckSpec(probe="text_style", container=Container(kind=ContainerKind.page, number="9"), readings=(Reading.pdf,))


@pytest.mark.parametrize(
    ("dec", "pinned", "code"),
    [
        (decision("widen"), None, Code.accepted),
        (decision(case="missing_container"), None, Code.missing_container),
        (decision(case="absent_entity"), PIN, Code.absent_entity),
        (decision(case="unbounded_complement", error="pdf unavailable: not here"), None, Code.unbounded_complement),
        (decision(case="short_not_empty"), None, Code.short_not_empty),
        (decision(case="unverifiable", error="pdf unavailable: not here"), None, Code.pdf_unavailable),
        (decision(case="unverifiable", error="engine failed: killed by SIGKILL"), None, Code.engine_error),
        (decision(case="unverifiable"), None, Code.no_check),
        # A pinned check the engine refused never ran; one that ran and could not measure is no_check.
        (decision(case="unverifiable", spec_source="proposal", probes=(ProbeResult(probe="name_mentions"),)), PIN, Code.pinned_uncovered),
        (decision(case="unverifiable", spec_source="proposal", probes=(ProbeResult.cannot("text_style", "no"),)), PIN, Code.no_check),
    ],
)
def test_code_for_each_decision(dec, pinned, code):
    assert code_for(dec, pinned) is code


def _item(verdict_code: Code) -> GateItem:
    dec = decision("widen") if verdict_code is Code.accepted else decision(case="short_not_empty")
    return item_for(loaded(), Lookup(row("a.pdf", "q", "Not answerable"), None), dec, verdict_code, "r")


def test_exit_codes():
    from widening.gate import GateError
    from widening.errors import ErrorRecord

    err = GateError(file="bad.yaml", type="parse_error", text="bad", record=ErrorRecord(type="parse_error", loc=("bad.yaml",), msg="bad"))
    assert GateReport(items=(_item(Code.accepted),)).exit_code is GateExit.ACCEPTED
    assert GateReport(items=(_item(Code.accepted), _item(Code.short_not_empty))).exit_code is GateExit.REJECTED
    # Bad input wins over a rejection and over acceptance: a tool failure never reads as a pass.
    assert GateReport(items=(_item(Code.accepted),), errors=(err,)).exit_code is GateExit.BAD_INPUT
    assert GateReport(items=(_item(Code.short_not_empty),), errors=(err,)).exit_code is GateExit.BAD_INPUT
    assert [int(e) for e in GateExit] == [0, 1, 2]


def test_an_accept_needs_a_widen_decision():
    with pytest.raises(ValueError):
        item_for(loaded(), Lookup(None, None), decision(case="short_not_empty"), Code.accepted, "r")


# --------------------------------------------------------------------------- formats


def _report() -> GateReport:
    member = Member(page=13, bbox=(10, 20, 30, 40), what="italic span 'x' colour #000000")
    ok = item_for(loaded("a.pdf", "What is the yellow text, page 9?"), Lookup(None, None), decision("widen"), Code.accepted, "zero members")
    bad = item_for(
        loaded("b.pdf", "Besides two, another two: 50%?"),
        Lookup(None, None),
        decision(case="short_not_empty", members=(member,) * 7),
        Code.short_not_empty,
        "the check found 7 members, line1\nline2",
    )
    return GateReport(items=(ok, bad))


def test_text_format_one_line_per_proposal_with_members_capped_and_counted():
    out = GATE_RENDERERS[Format.text](_report())
    lines = out.splitlines()
    assert lines[0].startswith("ACCEPT p.yaml:1 accepted a.pdf")
    assert lines[1].startswith("REJECT p.yaml:1 short_not_empty b.pdf")
    assert "p13 [10, 20, 30, 40] italic span" in out
    assert "... and 2 more (all in --format json)" in out
    assert "1 accepted, 1 rejected, 0 bad input; exit 1 (REJECTED)" in out


def test_json_format_round_trips_and_carries_the_exit_code():
    out = GATE_RENDERERS[Format.json](_report())
    data = json.loads(out)
    assert data["exit_code"] == 1 and len(data["items"][1]["members"]) == 7
    data.pop("exit_code")
    assert GateReport.model_validate(data) == _report()


def test_junit_format_is_xml_with_one_failure():
    root = ET.fromstring(GATE_RENDERERS[Format.junit](_report()))
    suite = root.find("testsuite")
    assert suite is not None and suite.get("tests") == "2" and suite.get("failures") == "1"
    failures = root.findall(".//failure")
    assert len(failures) == 1 and failures[0].get("message", "").startswith("short_not_empty:")


def test_github_annotations_point_at_the_file_and_escape_newlines():
    out = GATE_RENDERERS[Format.github](_report()).splitlines()
    assert out[0].startswith("::notice file=p.yaml,line=1,title=widening gate::ACCEPT")
    assert out[1].startswith("::error file=p.yaml,line=1,title=widening gate%3A short_not_empty::REJECT b.pdf")
    assert "line1%0Aline2" in out[1] and "\n" not in out[1]
    assert github_annotation("error", "100%", file="a,b:c.yaml") == "::error file=a%2Cb%3Ac.yaml::100%25"


def test_markdown_summary_escapes_pipes():
    md = gate_markdown(GateReport(items=(item_for(loaded(question="a | b"), Lookup(None, None), None, Code.row_not_found, "x"),)))
    assert "a \\| b" in md and "| REJECT |" in md

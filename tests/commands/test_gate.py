"""The gate: row lookup, verdict codes, exit codes, output formats, and end-to-end runs."""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from widening.commands.corpus import RowIndex
from widening.commands.formats import Format, github_annotation
from widening.commands.gate import GATE_RENDERERS, gate_markdown
from widening.commands.gate import Code, GateExit, GateItem, GateReport, Lookup, SampleSource, code_for, item_for, lookup
from widening.models import CheckSpec, Container, ContainerKind, Decision, Member, ProbeResult, Reading, Row
from widening.commands.proposal import LoadedProposal, Proposal

REPO = Path(__file__).resolve().parents[2]


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
    from widening.commands.gate import GateError
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
    assert "1 accepted, 1 rejected, 0 error(s); exit 1 (REJECTED)" in out


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


# --------------------------------------------------------------------------- end to end, on a corpus built here


@pytest.fixture
def tiny_corpus(tmp_path: Path) -> Path:
    """A three-page PDF with text only, and samples rows for every way a proposal can fail."""
    from pdfs import plain_text_pages

    root = tmp_path / "corpus"
    (root / "documents").mkdir(parents=True)
    pdf = plain_text_pages()
    pdf.save(root / "documents" / "small.pdf")
    # A real PDF outside documents/: a doc_id pointing at it must be refused, never opened.
    pdf.save(tmp_path / "outside.pdf")
    rows = [
        {"doc_id": "small.pdf", "question": "How many images are there in Pages 100-110?", "answer": "Not answerable"},
        {"doc_id": "small.pdf", "question": "How many images are there on page 2?", "answer": "Not answerable"},
        {"doc_id": "small.pdf", "question": "How many pages are there?", "answer": "3"},
        {"doc_id": "absent.pdf", "question": "How many images are there on page 2?", "answer": "Not answerable"},
        {"doc_id": "../outside.pdf", "question": "How many images are there on page 2?", "answer": "Not answerable"},
    ]
    (root / "samples.json").write_text(json.dumps(rows))
    return root


def proposals_file(tmp_path: Path, name: str, *pairs: tuple[str, str]) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps([{"doc_id": d, "question": q} for d, q in pairs]))
    return path


def run_cli(*argv: str) -> int:
    from widening.commands.cli import main

    return main(["gate", *argv, "--no-cache", "--jobs", "1"])


def test_rejections_without_running_a_check(tiny_corpus, tmp_path, capsys):
    f = proposals_file(
        tmp_path, "p.json",
        ("small.pdf", "How many  images are there on page 99 of nothing?"),  # no such row
        ("small.pdf", "How many pages are there?"),  # keyed 3
        ("absent.pdf", "How many images are there on page 2?"),  # PDF not in documents/
    )
    out = tmp_path / "gate.json"
    assert run_cli(str(f), "--corpus", str(tiny_corpus), "--format", "json", "--output", str(out)) == GateExit.REJECTED
    items = json.loads(out.read_text())["items"]
    assert [i["code"] for i in items] == ["row_not_found", "key_not_not_answerable", "pdf_unavailable"]
    assert "'3', not 'Not answerable'" in items[1]["reason"]
    assert all(i["verdict"] == "reject" for i in items)
    text = capsys.readouterr().out  # with --output, the human report still goes to stdout
    assert sum(line.startswith("REJECT ") for line in text.splitlines()) == 3 and "exit 1 (REJECTED)" in text


def test_a_path_trick_or_a_bad_param_is_bad_input_never_a_rejection(tiny_corpus, tmp_path, capsys):
    """Review rv7: a doc_id that escapes documents/ was looked up first, and a check param the probe
    cannot read (colour 'notacolour') ran as a 'no check' rejection: both read as exit 1."""
    f = tmp_path / "p.json"
    f.write_text(json.dumps([
        {"doc_id": "../outside.pdf", "question": "How many images are there on page 2?"},
        {"doc_id": "small.pdf", "question": "How many images are there on page 2?",
         "check": {"probe": "colour_regions", "container": {"kind": "page", "number": "2"}, "params": {"colour": "notacolour"}}},
        {"doc_id": "small.pdf", "question": "How many pages are there?"},
    ]))
    assert run_cli(str(f), "--corpus", str(tiny_corpus)) == GateExit.BAD_INPUT
    out = capsys.readouterr().out
    assert "'..' leaves the documents folder" in out and "unknown colour 'notacolour'" in out
    assert "key_not_not_answerable" in out  # the good item was still decided


def test_missing_container_on_a_generated_pdf(tiny_corpus, tmp_path):
    f = proposals_file(tmp_path, "p.json", ("small.pdf", "How many images are there in Pages 100-110?"))
    report = __import__("widening.commands.gate", fromlist=["gate_files"]).gate_files([str(f)], str(tiny_corpus), no_cache=True, workers=1)
    [item] = report.items
    assert (item.verdict, item.code) == ("reject", Code.missing_container)


def test_bad_input_exits_2_and_the_other_files_are_still_gated(tiny_corpus, tmp_path, capsys):
    good = proposals_file(tmp_path, "good.json", ("small.pdf", "How many pages are there?"))
    bad = tmp_path / "bad.yaml"
    bad.write_text("doc_id: small.pdf\nquestion: [unclosed\n")
    assert run_cli(str(good), str(bad), "--corpus", str(tiny_corpus)) == GateExit.BAD_INPUT
    out = capsys.readouterr().out
    assert "REJECT" in out and "key_not_not_answerable" in out  # the good file was still decided
    assert f"ERROR  {bad}: not valid YAML" in out


def test_no_corpus_is_bad_input(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("WIDENING_CORPUS", raising=False)
    f = proposals_file(tmp_path, "p.json", ("small.pdf", "q"))
    assert run_cli(str(f)) == GateExit.BAD_INPUT
    assert "WIDENING_CORPUS" in capsys.readouterr().out


def test_validate_only_needs_no_corpus(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("WIDENING_CORPUS", raising=False)
    f = proposals_file(tmp_path, "p.json", ("small.pdf", "q"))
    assert run_cli(str(f), "--validate-only") == GateExit.ACCEPTED
    bad = tmp_path / "bad.json"
    bad.write_text('{"doc_id": "a.pdf"}')
    assert run_cli(str(f), str(bad), "--validate-only", "--format", "github") == GateExit.BAD_INPUT
    assert f"::error file={bad},line=1," in capsys.readouterr().out


# --------------------------------------------------------------------------- the real corpus (skipped when absent)

EXPECTED_REJECTS = {
    ("missing_container.yaml", 0): Code.missing_container,  # Pages 100-110 of the slides
    ("missing_container.yaml", 1): Code.missing_container,  # Pages 100-120 of this paper
    ("missing_container.yaml", 2): Code.missing_container,  # Pages 400-640
    ("absent_entity.yaml", 0): Code.absent_entity,  # TRUCS level-6
    ("absent_entity.yaml", 1): Code.absent_entity,  # Japan in a raster deck (OCR read every slide)
    ("short_not_empty.yaml", 0): Code.short_not_empty,  # EarthLink "another two companies"
    ("unbounded_complement.yaml", 0): Code.unbounded_complement,  # mi_phone, PDF missing
    ("pinned_uncovered.yaml", 0): Code.pinned_uncovered,  # yellow italic pinned to PDF page 9 only
}


# The reject rows CI gates: one per case. The others re-read whole documents by OCR (every margin of a 40-slide
# raster deck for "Pages 100-110", every picture of a deck for "Japan": minutes of CPU each) to show the same
# mechanism; WIDENING_SLOW_TESTS=1 gates every row of checks/rejects.
SLOW = bool(os.environ.get("WIDENING_SLOW_TESTS"))
CI_REJECT_ROWS = {"missing_container.yaml": (1,), "absent_entity.yaml": (0,)}


def _reject_files(into: Path) -> tuple[list[str], dict[tuple[str, int], int]]:
    """checks/rejects files to gate (all rows when SLOW, else CI_REJECT_ROWS: copies in ``into`` under the same
    names), and the original row index of each (file name, gated index)."""
    files, index = [], {}
    for path in sorted((REPO / "checks" / "rejects").glob("*.yaml")):
        rows = CI_REJECT_ROWS.get(path.name)
        if SLOW or rows is None:
            files.append(str(path))
            index.update({(path.name, i): i for i in range(64)})
            continue
        data = yaml.safe_load(path.read_text())
        (into / path.name).write_text(yaml.safe_dump([data[i] for i in rows], sort_keys=False))
        files.append(str(into / path.name))
        index.update({(path.name, k): i for k, i in enumerate(rows)})
    return files, index


@pytest.fixture(scope="module")
def repo_gate(corpus: Path, tmp_path_factory) -> GateReport:
    from widening.commands.gate import gate_files

    files = sorted(str(p) for p in (REPO / "checks" / "proposals").glob("*.yaml"))
    rejects, index = _reject_files(tmp_path_factory.mktemp("rejects"))
    report = gate_files(files + rejects, str(corpus))
    # Each reject item keyed by its row in checks/rejects, whichever rows were gated.
    return report.model_copy(update={"items": tuple(i.model_copy(update={"index": index[(Path(i.file).name, i.index)]})
                                                    if "rejects" in i.file else i for i in report.items)})


# V2 settled this row by eye; the people probe cannot test the faces in the classroom photo
# on printed page 5 (back-turned or a few pixels wide), so the engine honestly refuses it.
REFUSED_BY_DESIGN = {("GPL-Graduate-Studies-Professional-Learning-Brochure-Jul-2021.pdf", "sunglasses")}


# Issue 10: V2 widenings the engine now keeps because a candidate only a tuned filter would
# exclude is a doubt (looked at by eye; no rule certain by construction rules them out):
# the red X icon and red arrows on the timer page (a short square bar has that shape), the
# words of the firm's footer logo (their style is in pixels), three small images on the
# opinion's first page (logo, seal, icon: a small chart has that size); the logo at the top left
# of the deck's page 42 (a flat-coloured picture: person detectors trained on photographs cannot
# vouch that no drawn person is in it); Outerlands on the guide's map, 1.7 pt outside the band
# between 45th and 44th Ave (a label set beside its street moves the band by its own height); the
# deck's two YouTube clips (which topic a clip illustrates is not in its slide's words); the
# guide's page 2, whose sidebar draws a skyline in vector paths (a bicycle drawn in paths is no
# photograph a detector can vouch for).
KEPT_BY_A_DOUBT = {
    ("8e7c4cb542ad160f80fb3d795ada35d8.pdf", "bike"),
    ("ddoseattle-150627210357-lva1-app6891_95.pdf", "weakdataleadership"),
    ("san-francisco-11-contents.pdf", "45thAve"),
    ("earthlinkweb-150213112111-conversion-gate02_95.pdf", "contactperson"),
    ("User_Manual_1500S_Classic_EN.pdf", "redbar"),
    ("a5879805d70c854ea4361e43a84e3bb2.pdf", "underlined"),
    ("7c3f6204b3241f142f0f8eb8e1fefe7a.pdf", "charts"),
}


def _refused(item) -> bool:
    return any(item.doc_id == d and w in item.question.replace(" ", "").replace("glassess", "glasses") for d, w in REFUSED_BY_DESIGN)


def _doubted(item) -> bool:
    return any(item.doc_id == d and w in item.question.replace(" ", "") for d, w in KEPT_BY_A_DOUBT)


def test_the_v2_widenings_with_a_pdf_are_accepted_and_the_two_without_are_unverifiable(repo_gate, corpus):
    mine = [i for i in repo_gate.items if "/proposals/" in i.file]
    assert len(mine) == 14 and repo_gate.errors == ()
    for item in mine:
        if _refused(item):
            assert (item.verdict, item.case) == ("reject", "unverifiable") and not item.members, item.reason
            # the people it cannot test, or (issue 10) a face a tuned filter would set aside, kept as a doubt
            assert "cannot rule out sunglasses" in item.reason or item.doubts, item.reason
        elif _doubted(item):
            assert (item.verdict, item.case) == ("reject", "unverifiable") and item.doubts and not item.members, item.reason
            assert "doubt(s) it cannot rule out" in item.reason
        elif (corpus / "documents" / item.doc_id).is_file():
            assert item.verdict == "accept", f"{item.doc_id} {item.question!r}: {item.code.value}: {item.reason}"
            assert item.members == () and item.check, "an accepted widening names the check that ran"
            assert item.samples and item.samples.endswith("samples_v1.json"), "proposed against v1's key"
        else:
            assert (item.verdict, item.code, item.case) == ("reject", Code.pdf_unavailable, "unverifiable")
    assert sum(i.verdict == "accept" for i in mine) == 12 - len(REFUSED_BY_DESIGN) - len(KEPT_BY_A_DOUBT)  # 12 with a PDF


def test_the_reject_examples_get_the_right_case(repo_gate):
    got = {(Path(i.file).name, i.index): i for i in repo_gate.items if "rejects" in i.file}
    expected = {k: v for k, v in EXPECTED_REJECTS.items() if SLOW or k[0] not in CI_REJECT_ROWS or k[1] in CI_REJECT_ROWS[k[0]]}
    assert got.keys() == expected.keys()
    for key, code in expected.items():
        item = got[key]
        assert (item.verdict, item.code) == ("reject", code), f"{key}: {item.code.value}: {item.reason}"
    earthlink = got[("short_not_empty.yaml", 0)]
    assert earthlink.members and all(m.page and m.bbox and m.what for m in earthlink.members)


@pytest.mark.usefixtures("repo_gate")  # the gate reads these documents into the cache first
def test_reproduce_on_the_real_corpus_every_v2_widening_with_a_pdf(corpus):
    """`reproduce` (here, after the gate of the same rows, whose readings it finds in the cache): the v1 rows V2 widened (the full run, every v1 'Not answerable' row, is `widening reproduce`:
    the other rows of these documents read every picture of a manual for their names, minutes of OCR)."""
    from widening.commands.audit import AuditOptions, audit_rows
    from widening.commands.corpus import load_samples, locate_corpus, row_key
    from widening.commands.reproduce import compare, pdf_available

    c = locate_corpus(corpus)
    v1, v2 = load_samples(c.samples_v1).rows, load_samples(c.samples).rows
    widened = {row_key(x.doc_id, x.question) for x in v2 if x.answer.startswith("Not answerable or")}
    rows = [x for x in v1 if x.answer == "Not answerable" and row_key(x.doc_id, x.question) in widened]
    decided = audit_rows(c.root, rows, AuditOptions(use_checks=False))
    rep = compare(rows, v2, {row_key(d.doc_id, d.question): d for d in decided}, pdf_available(c))
    assert (rep.v2_widened, rep.v2_with_pdf, len(rep.unavailable)) == (14, 12, 2)
    # V2 widenings the engine refuses: faces in the classroom photo cannot be tested; and (issue 10)
    # six rows where a candidate only a tuned filter excludes is a doubt (KEPT_BY_A_DOUBT above):
    # among them a logo photo-trained person detectors cannot vouch for, and a restaurant marker 1.7 pt
    # outside the band between two streets (within a label's height of it), two YouTube clips whose
    # slides do not carry the asked topic's words, and a skyline drawn in vector paths beside the bicycle photo.
    missed = {m.doc_id: m for m in rep.missed}
    assert sorted(missed) == sorted(["GPL-Graduate-Studies-Professional-Learning-Brochure-Jul-2021.pdf", "User_Manual_1500S_Classic_EN.pdf",
                                     "a5879805d70c854ea4361e43a84e3bb2.pdf", "7c3f6204b3241f142f0f8eb8e1fefe7a.pdf",
                                     "earthlinkweb-150213112111-conversion-gate02_95.pdf", "san-francisco-11-contents.pdf",
                                     "ddoseattle-150627210357-lva1-app6891_95.pdf", "8e7c4cb542ad160f80fb3d795ada35d8.pdf"]), \
        [f"{m.doc_id} {m.question!r}: {m.reason}" for m in rep.missed]
    gpl = missed["GPL-Graduate-Studies-Professional-Learning-Brochure-Jul-2021.pdf"]
    assert not gpl.members and ("cannot rule out sunglasses" in gpl.reason or gpl.doubts), gpl.reason
    assert all(m.doubts and not m.members for d, m in missed.items() if not d.startswith("GPL"))
    assert len(rep.agreed) == 4
    assert all(not a.members and not a.doubts for a in rep.agreed)
    for row in rep.engine_only:  # a new candidate must come with the check that ran and the pages it read
        assert row.check and row.pages, row


@pytest.mark.usefixtures("repo_gate")  # after the gate of these rows, whose slow readings (margins' OCR) it finds in the run's cache
def test_v2_widenings_on_born_digital_pages(corpus: Path) -> None:
    """The four V2 widenings the engine reproduces, decided one by one (no OCR of image-only pages): widen, with the
    check that ran, zero members and zero doubts."""
    for doc_id, question in [
        ("e639029d16094ea71d964e2fb953952b.pdf", "What is the yellow color italic texts in page 9?"),
        ("e79deb02a0c0e87511080836c5d4347b.pdf", "What is the title of the diagram on page 10?"),
        ("379f44022bb27aa53efd5d322c7b57bf.pdf", "what is the number of red logos in page 10?"),
        ("8e7c4cb542ad160f80fb3d795ada35d8.pdf", "Which area of New York has more than 23% land area rezoned?"),
    ]:
        d = _decide_one(corpus, doc_id, question)
        assert (d.decision, d.members, d.doubts) == ("widen", (), ()), f"{doc_id}: {d.reason}"
        assert d.check and d.probes


def _decide_one(corpus: Path, doc_id: str, question: str):
    from pdfs import open_corpus_doc
    from widening.engine.decide import decide_row

    doc = open_corpus_doc(corpus / "documents" / doc_id, ocr=False)
    try:
        return decide_row(row(doc_id, question, "Not answerable"), doc)
    finally:
        doc.close()


def test_a_check_pinned_to_pdf_page_9_leaves_out_printed_page_9(repo_gate):
    [item] = [i for i in repo_gate.items if i.file.endswith("pinned_uncovered.yaml")]
    printed = [t for t in item.decision.readings if t.reading.value == "printed" and t.number == "9"]
    assert printed and 13 in printed[0].pages, "printed 9 is PDF page 13"
    assert "printed reading of 9" in item.reason and "13" in item.reason, item.reason
    assert item.members == (), "the refused check never ran"


def test_the_same_check_pinned_to_every_reading_is_accepted(corpus, tmp_path):
    from widening.commands.gate import gate_files

    pinned = yaml.safe_load((REPO / "checks" / "rejects" / "pinned_uncovered.yaml").read_text())
    pinned["check"]["readings"] = ["pdf", "label", "printed"]
    f = tmp_path / "pinned.yaml"
    f.write_text(yaml.safe_dump(pinned))
    [item] = gate_files([str(f)], str(corpus)).items
    assert (item.verdict, item.code) == ("accept", Code.accepted), item.reason
    pages = {p for probe in item.decision.probes for p in probe.pages}
    assert {9, 13} <= pages


def test_gate_formats_show_doubts_beside_members():
    """Issue 10: a proposal rejected because of a doubt names the doubt in every output format."""
    doubt = Member(page=1, bbox=(75, 36, 128, 63), what="raster image shown 53x27pt", why="decoration filter: a small image in the header band")
    item = GateItem(file="p.yaml", index=0, line=3, doc_id="a.pdf", question="What charts?", verdict="reject",
                    code=Code.no_check, case="unverifiable", reason="finds no member but 1 doubt(s)", doubts=(doubt,))
    rep = GateReport(items=(item,))
    assert "doubt: p1 [75, 36, 128, 63] raster image shown 53x27pt -- doubt: decoration filter" in GATE_RENDERERS[Format.text](rep)
    assert "doubt: p1" in GATE_RENDERERS[Format.junit](rep)
    assert "0 member(s), 1 doubt(s)" in GATE_RENDERERS[Format.github](rep)
    assert '"why": "decoration filter' in GATE_RENDERERS[Format.json](rep)
    assert "| doubts |" in gate_markdown(rep)


# --------------------------------------------------------------------------- errors are not rejections


def _failed() -> GateItem:
    dec = decision(case="unverifiable", error="engine failed: worker crashed: killed by SIGKILL (out of memory?)")
    return item_for(loaded("c.pdf", "How many cats on page 2?"), Lookup(None, None), dec, Code.engine_error,
                    "The engine failed on this PDF (worker crashed); nothing was measured.")


def test_an_engine_failure_is_an_error_exit_2_in_every_format_never_a_rejection():
    from widening.commands.gate import gate_github, gate_junit, gate_markdown, gate_text

    rejected = _report().items[1]
    report = GateReport(items=(_failed(), rejected))
    assert report.items[0].verdict == "error" and report.exit_code is GateExit.ERROR and int(report.exit_code) == 2
    assert report.counts() == {"accept": 0, "reject": 1, "error": 1}
    text = gate_text(report)
    assert text.splitlines()[0].startswith("ERROR  p.yaml") and "REJECT" in text
    assert text.rstrip().endswith("0 accepted, 1 rejected, 1 error(s); exit 2 (ERROR)")
    assert json.loads(report.model_dump_json())["items"][0]["verdict"] == "error"
    root = ET.fromstring(gate_junit(report).split("\n", 1)[1])
    [suite] = root
    assert (suite.get("errors"), suite.get("failures")) == ("1", "1")
    assert suite[0].find("error") is not None and suite[0].find("failure") is None
    github = gate_github(report).splitlines()
    assert "title=widening gate%3A error%3A engine_error" in github[0] and "ERROR (not a rejection)" in github[0]
    assert "title=widening gate%3A short_not_empty::REJECT" in github[1]
    assert "| ERROR |" in gate_markdown(report)

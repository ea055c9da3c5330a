"""Inputs Python reads but the engine cannot use, and outputs that cannot be written: each is refused
by file, row and field (or by option) before it costs the run, never a traceback after it.

* a file that is not a PDF but has "%PDF" in its first kilobyte (a web page, an SVG) opens in MuPDF
  as HTML or SVG: one unreadable file, not the engine failing (which exits 2 for the whole audit);
* a samples row holding an escaped lone surrogate ("\\ud800"), or a key of NaN / Infinity: the row is
  refused, the others decided (the surrogate had crashed the audit when it wrote audit.json);
* a JSON or YAML number Python will not build (more than 4,300 digits) or a YAML date that does not
  exist: a located parse error, not a traceback;
* ``--out`` that is a file, ``--output`` that is a folder: exit 2 before any document is decided.
"""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.commands import audit as audit_module
from widening.commands.cli import main
from widening.commands.corpus import load_samples, parse_samples
from widening.commands.proposal import load_file
from widening.commands.report import write as write_report
from widening.errors import DocumentError, InputError, engine_failed
from widening.facts.extract import load_doc

Q = "How many italic words are on page 1?"


def _text_pdf(path: Path, words: str = "alpha bravo charlie") -> Path:
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), words)
    doc.save(path)
    return path


NOT_PDFS = {
    "page.html": b"<html><body><p>Our %PDF guide</p></body></html>",
    "drawing.svg": b'<svg xmlns="http://www.w3.org/2000/svg" width="99" height="99"><!-- %PDF --><text x="9" y="20">hi</text></svg>',
}


# --------------------------------------------------------------------------- files MuPDF reads as another format


@pytest.mark.parametrize("name", sorted(NOT_PDFS))
def test_a_file_with_a_pdf_marker_that_is_not_a_pdf_is_refused_as_not_a_pdf(tmp_path, name):
    path = tmp_path / (name + ".pdf")
    path.write_bytes(NOT_PDFS[name])
    with pytest.raises(DocumentError) as exc:
        load_doc(path, ocr=False)
    assert exc.value.record.type == "not_a_pdf"
    assert str(path) in str(exc.value)


def test_a_real_pdf_whose_text_looks_like_html_still_loads(tmp_path):
    doc = load_doc(_text_pdf(tmp_path / "control.pdf", "<html><body>%PDF</body></html>"), ocr=False)
    try:
        assert doc.facts.page_count == 1
    finally:
        doc.close()


def test_an_audit_keeps_a_non_pdf_row_unreadable_and_does_not_fail_the_run(tmp_path):
    docs = tmp_path / "corpus" / "documents"
    docs.mkdir(parents=True)
    _text_pdf(docs / "good.pdf")
    (docs / "page.pdf").write_bytes(NOT_PDFS["page.html"])
    rows = [{"doc_id": d, "question": Q, "answer": "Not answerable"} for d in ("page.pdf", "good.pdf")]
    (tmp_path / "corpus" / "samples.json").write_text(json.dumps(rows))
    out = tmp_path / "out"
    assert main(["audit", "--corpus", str(tmp_path / "corpus"), "--out", str(out), "--auto", "--no-cache",
                 "--jobs", "1", "-q"]) == 0
    records = {r["doc_id"]: r for r in json.loads((out / "audit.json").read_text())}
    bad = records["page.pdf"]
    assert bad["decision"] == "keep" and bad["case"] == "unverifiable"
    assert "not a PDF" in bad["reason"] and not engine_failed(bad.get("error"))
    assert records["good.pdf"]["error"] is None


# --------------------------------------------------------------------------- samples rows JSON text cannot hold


def _rows_text(bad_field: str, bad_json: str) -> str:
    good = {"doc_id": "a.pdf", "question": Q, "answer": "Not answerable"}
    bad = json.dumps({**good, "question": Q + " (2)"})
    bad = bad.replace(json.dumps(good[bad_field] if bad_field != "question" else Q + " (2)"), bad_json, 1)
    return "[" + json.dumps(good) + ",\n" + bad + "]"


@settings(max_examples=40, deadline=None)
@given(field=st.sampled_from(["doc_id", "question", "answer"]),
       surrogate=st.integers(0xD800, 0xDFFF), at_end=st.booleans())
def test_a_row_with_a_lone_surrogate_is_refused_by_field_and_the_rest_is_written(tmp_path_factory, field, surrogate, at_end):
    escaped = f"\\u{surrogate:04x}"
    text = _rows_text(field, '"x' + escaped + '"' if at_end else '"' + escaped + 'x"')
    samples = parse_samples(text, Path("samples.json"))
    assert [r.index for r in samples.rows] == [0]
    assert [e.loc for e in samples.errors] == [("samples.json", 1, field)]
    assert "surrogate" in samples.errors[0].msg
    # what was loaded can be written: the audit's outputs never fail on a row's text
    from widening.models import Decision

    d = [Decision(doc_id=r.doc_id, question=r.question, key=r.answer, decision="keep", case="unverifiable", reason="r")
         for r in samples.rows]
    write_report(d, tmp_path_factory.mktemp("out"))


def test_a_surrogate_pair_is_one_character_and_loads():
    samples = parse_samples(_rows_text("question", '"smile \\ud83d\\ude00"'), Path("samples.json"))
    assert not samples.errors and samples.rows[1].question == "smile \U0001F600"


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e99999"])
def test_a_key_of_nan_or_infinity_is_refused_not_read_as_text(constant):
    samples = parse_samples(_rows_text("answer", constant), Path("samples.json"))
    assert [r.index for r in samples.rows] == [0]
    assert [e.loc for e in samples.errors] == [("samples.json", 1, "answer")]
    assert "not a JSON value" in samples.errors[0].msg


def test_a_key_given_as_a_plain_number_is_still_read_as_its_text():
    samples = parse_samples(_rows_text("answer", "0.5"), Path("samples.json"))
    assert not samples.errors and samples.rows[1].answer == "0.5"


# --------------------------------------------------------------------------- values Python will not build


def test_a_samples_file_with_a_number_too_long_to_read_is_a_located_error(tmp_path):
    path = tmp_path / "samples.json"
    path.write_text(_rows_text("answer", "1" * 5000))
    with pytest.raises(InputError) as exc:
        load_samples(path)
    assert exc.value.record.type == "samples_not_json"
    assert "too long" in str(exc.value) and "line 2" in str(exc.value)


@pytest.mark.parametrize("suffix, body, line", [
    (".json", '{"doc_id": "a.pdf", "question": "%s",\n "note": %s}' % (Q, "7" * 5000), 2),
    (".yaml", "doc_id: a.pdf\nquestion: %s\nnote: %s\n" % (Q, "7" * 5000), 3),
    (".yaml", "doc_id: a.pdf\nquestion: %s\nnote: 2020-13-45\n" % Q, 3),
], ids=["json-long-int", "yaml-long-int", "yaml-no-such-date"])
def test_a_proposal_value_python_cannot_build_is_a_located_error(tmp_path, suffix, body, line):
    path = tmp_path / ("p" + suffix)
    path.write_text(body)
    loaded = load_file(path)
    assert not loaded.proposals and [e.type for e in loaded.errors] == ["parse_error"]
    assert loaded.error_lines == (line,)


def test_long_digits_in_quotes_and_a_real_date_still_load(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text("doc_id: a.pdf\nquestion: %s\nnote: '%s 2020-12-31'\n" % (Q, "7" * 5000))
    assert not load_file(path).errors


# --------------------------------------------------------------------------- outputs refused before the run


@pytest.fixture()
def no_run(monkeypatch):
    def refuse(*_a, **_k):
        raise AssertionError("the run started although its output cannot be written")

    monkeypatch.setattr(audit_module, "audit_rows", refuse)
    monkeypatch.setattr("widening.commands.gate.gate_files", refuse)


def _corpus(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    (root / "documents").mkdir(parents=True)
    (root / "samples.json").write_text(json.dumps([{"doc_id": "a.pdf", "question": Q, "answer": "Not answerable"}]))
    return root


@pytest.mark.parametrize("under", [False, True])
def test_audit_out_that_is_a_file_is_refused_before_the_run(tmp_path, capsys, no_run, under):
    afile = tmp_path / "results"
    afile.write_text("not a folder")
    out = afile / "sub" if under else afile
    assert main(["audit", "--corpus", str(_corpus(tmp_path)), "--out", str(out), "--auto", "--no-cache", "-q"]) == 2
    err = capsys.readouterr().err
    assert str(afile) in err and "folder" in err
    assert afile.read_text() == "not a folder"


@pytest.mark.parametrize("option", ["--output", "--json"])
def test_gate_output_that_is_a_folder_is_refused_before_the_run(tmp_path, capsys, no_run, option):
    proposal = tmp_path / "p.yaml"
    proposal.write_text(f"doc_id: a.pdf\nquestion: {Q}\n")
    folder = tmp_path / "reports"
    folder.mkdir()
    assert main(["gate", str(proposal), "--corpus", str(_corpus(tmp_path)), option, str(folder), "-q"]) == 2
    assert f"{option} {folder}" in capsys.readouterr().err


def test_audit_out_that_does_not_exist_yet_is_created(tmp_path, monkeypatch):
    monkeypatch.setattr(audit_module, "audit_rows", lambda *a, **k: [])
    out = tmp_path / "new" / "deeper"
    assert main(["audit", "--corpus", str(_corpus(tmp_path)), "--out", str(out), "--auto", "--no-cache", "-q"]) == 0
    assert json.loads((out / "audit.json").read_text()) == []


@pytest.mark.parametrize("under", [False, True])
@pytest.mark.parametrize("command", ["audit", "gate", "reproduce"])
def test_a_cache_path_that_is_a_file_is_refused_before_the_run(tmp_path, capsys, no_run, monkeypatch, command, under):
    """Regression: ``--cache PATH`` naming an existing file (or a path under one) was taken silently, and the
    run failed at its first document or read no cache; it is bad input (exit 2) naming the option and the path."""
    monkeypatch.setattr("widening.commands.reproduce.reproduce", no_run_reproduce)
    afile = tmp_path / "cache.txt"
    afile.write_text("not a folder")
    cache = afile / "sub" if under else afile
    corpus = str(_corpus(tmp_path))
    argv = {"audit": ["audit", "--corpus", corpus, "--out", str(tmp_path / "out"), "--auto"],
            "gate": ["gate", str(_proposal(tmp_path)), "--corpus", corpus],
            "reproduce": ["reproduce", "--corpus", corpus]}[command]
    assert main([*argv, "--cache", str(cache), "-q"]) == 2
    err = capsys.readouterr().err
    assert "--cache" in err and str(cache) in err and "folder" in err
    assert afile.read_text() == "not a folder"


def test_control_a_cache_folder_or_no_cache_is_taken(tmp_path, monkeypatch):
    """Control: a cache folder that exists or can be made, or a file path with --no-cache (no cache is used), runs."""
    monkeypatch.setattr(audit_module, "audit_rows", lambda *a, **k: [])
    afile = tmp_path / "cache.txt"
    afile.write_text("x")
    corpus = str(_corpus(tmp_path))
    for i, extra in enumerate((["--cache", str(tmp_path / "new" / "cache")], ["--cache", str(afile), "--no-cache"])):
        assert main(["audit", "--corpus", corpus, "--out", str(tmp_path / f"out{i}"), "--auto", *extra, "-q"]) == 0


def no_run_reproduce(*_a, **_k):
    raise AssertionError("the run started although its cache cannot be used")


def _proposal(tmp_path: Path) -> Path:
    proposal = tmp_path / "p.yaml"
    proposal.write_text(f"doc_id: a.pdf\nquestion: {Q}\n")
    return proposal

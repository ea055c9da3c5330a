"""A proposal file that gives one key twice in a mapping says two things: YAML and JSON readers keep one of the
values (PyYAML and Python's json the last, other readers the first, or refuse). A reviewer reading the first
``doc_id`` and a gate reading the last judged two rows, and the gate accepted one whose set is not empty in the
eyes of the other. Such a file is bad input (exit 2), located by its lines, never a verdict. A byte order mark
before a JSON file (Windows editors write one) is no part of the text."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.commands.gate import GateExit, gate_files
from widening.commands.proposal import load_file

Q = "What is the yellow color italic texts in page 3?"
YELLOW = (1.0, 0.85, 0.0)

FIELDS = {"doc_id": ("a.pdf", "b.pdf"), "question": (Q, "What is on page 2?"), "note": ("one", "two")}


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


@settings(max_examples=30, deadline=None)
@given(field=st.sampled_from(sorted(FIELDS)), as_list=st.booleans(), before=st.integers(0, 2))
def test_a_key_given_twice_in_yaml_is_one_error_at_its_lines(tmp_path_factory, field, as_list, before):
    first, second = FIELDS[field]
    others = [f"{k}: {json.dumps(v[0])}" for k, v in FIELDS.items() if k != field][:before]
    body = [f"{field}: {json.dumps(first)}", *others, f"{field}: {json.dumps(second)}"]
    lines = [("- " if as_list and i == 0 else "  " if as_list else "") + line for i, line in enumerate(body)]
    f = load_file(_write(tmp_path_factory.mktemp("dup") / "p.yaml", "\n".join(lines) + "\n"))
    assert f.proposals == ()
    [err] = f.errors
    assert err.type == "duplicate_key" and repr(field) in err.msg, err.msg
    assert f.error_lines == (len(body),) and f"lines 1 and {len(body)}" in err.msg, (f.error_lines, err.msg)


@settings(max_examples=30, deadline=None)
@given(field=st.sampled_from(sorted(FIELDS)), as_list=st.booleans())
def test_a_key_given_twice_in_json_is_one_error(tmp_path_factory, field, as_list):
    first, second = FIELDS[field]
    item = "{" + ", ".join([f'"{field}": {json.dumps(first)}', '"proposed_answer": "Not answerable or 0 or none"',
                            f'"{field}": {json.dumps(second)}']) + "}"
    f = load_file(_write(tmp_path_factory.mktemp("dup") / "p.json", f"[{item}]" if as_list else item))
    assert f.proposals == ()
    [err] = f.errors
    assert err.type == "duplicate_key" and repr(field) in err.msg, err.msg


def test_a_param_given_twice_inside_a_pinned_check_is_an_error(tmp_path):
    text = ("doc_id: a.pdf\nquestion: " + Q + "\ncheck:\n  probe: text_style\n  container: {kind: page, number: '3'}\n"
            "  params:\n    colour: yellow\n    styles: [italic]\n    colour: red\n")
    f = load_file(_write(tmp_path / "p.yaml", text))
    assert f.proposals == () and [e.type for e in f.errors] == ["duplicate_key"] and f.error_lines == (9,)


def test_a_merge_key_overridden_is_still_one_proposal(tmp_path):
    """YAML defines ``<<``: explicit keys win over merged ones; that is no repeated key."""
    text = f"- &base {{doc_id: a.pdf, question: {json.dumps(Q)}}}\n- <<: *base\n  doc_id: b.pdf\n"
    f = load_file(_write(tmp_path / "p.yaml", text))
    assert f.errors == () and [p.proposal.doc_id for p in f.proposals] == ["a.pdf", "b.pdf"]


def test_the_same_key_in_two_proposals_is_no_repeat(tmp_path):
    text = json.dumps([{"doc_id": "a.pdf", "question": Q}, {"doc_id": "b.pdf", "question": Q}])
    for name in ("p.json", "p.yaml"):
        f = load_file(_write(tmp_path / name, text))
        assert f.errors == () and len(f.proposals) == 2


def test_a_json_file_after_a_byte_order_mark_loads(tmp_path):
    path = tmp_path / "p.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"doc_id": "a.pdf", "question": Q}).encode())
    f = load_file(path)
    assert f.errors == () and f.proposals[0].proposal.question == Q


def _pdf(path: Path, planted: bool) -> None:
    doc = pymupdf.open()
    for i in range(1, 5):
        page = doc.new_page(width=400, height=500)
        page.insert_text((50, 100), f"Levels one to five are described here. Page body {i}.", fontname="helv", fontsize=11)
        if planted and i == 3:
            page.insert_text((50, 140), "an italic remark", fontname="tiit", fontsize=11, color=YELLOW)
    doc.save(path)
    doc.close()


def test_the_gate_never_accepts_a_file_naming_two_documents_in_one_proposal(tmp_path):
    """The file names a.pdf (yellow italic words on page 3) first and b.pdf (none) last: the gate read b.pdf,
    accepted, and printed the first line of the file as where the accepted proposal was."""
    root = tmp_path / "corpus"
    (root / "documents").mkdir(parents=True)
    _pdf(root / "documents" / "a.pdf", planted=True)
    _pdf(root / "documents" / "b.pdf", planted=False)
    (root / "samples.json").write_text(json.dumps([{"doc_id": d, "question": Q, "answer": "Not answerable"} for d in ("a.pdf", "b.pdf")]))
    bad = _write(tmp_path / "p.yaml", f"doc_id: a.pdf\nquestion: {Q}\ndoc_id: b.pdf\n")
    bad_json = _write(tmp_path / "p.json", json.dumps({"doc_id": "a.pdf", "question": Q})[:-1] + ', "doc_id": "b.pdf"}')
    good = _write(tmp_path / "good.yaml", f"doc_id: b.pdf\nquestion: {Q}\n")
    report = gate_files([str(bad), str(bad_json), str(good)], str(root), no_cache=True, workers=1)
    assert [e.type for e in report.errors] == ["duplicate_key", "duplicate_key"], report.errors
    assert [(i.file, i.verdict) for i in report.items] == [(str(good), "accept")]  # the rest of the run goes on
    assert report.exit_code == GateExit.ERROR
    assert yaml.safe_load(bad.read_text())["doc_id"] == "b.pdf"  # what a last-wins reader made of it

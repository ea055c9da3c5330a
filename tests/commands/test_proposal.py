"""Proposal files: loading YAML/JSON, located errors, and the committed JSON Schema."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.commands.corpus import check_doc_id
from widening.commands.proposal import SCHEMA_PATH, WIDENED_ANSWER, Proposal, describe, load_file, proposal_schema, schema_text

REPO = Path(__file__).resolve().parents[2]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_single_yaml_proposal_gets_the_default_answer(tmp_path):
    f = load_file(write(tmp_path, "p.yaml", "doc_id: a.pdf\nquestion: What is on page 9?\n"))
    assert f.errors == ()
    [p] = f.proposals
    assert (p.index, p.line) == (0, 1)
    assert p.proposal.proposed_answer == WIDENED_ANSWER
    assert p.proposal.check is None


def test_list_in_json_with_a_pinned_check(tmp_path):
    items = [
        {"doc_id": "a.pdf", "question": "q1"},
        {"doc_id": "b.pdf", "question": "q2", "check": {"probe": "text_style", "container": {"kind": "page", "number": "9"},
                                                       "readings": ["pdf"], "params": {"styles": ["italic"]}}},
    ]
    f = load_file(write(tmp_path, "p.json", json.dumps(items, indent=1)))
    assert f.errors == ()
    assert [p.proposal.doc_id for p in f.proposals] == ["a.pdf", "b.pdf"]
    check = f.proposals[1].proposal.check
    assert check is not None and check.container.number == "9" and [r.value for r in check.readings] == ["pdf"]


def test_every_bad_item_is_reported_with_file_item_field_and_line(tmp_path):
    text = (
        "- doc_id: a.pdf\n"
        "  question: fine\n"
        "- doc_id: b.pdf\n"  # line 3: item 1 lacks question and misspells a field
        "  qestion: typo\n"
        "- doc_id: c.pdf\n"
        "  question: q\n"
        "  proposed_answer: '0'\n"  # line 7: not a widening
        "- doc_id: d.pdf\n"
        "  question: q\n"
        "  check:\n"
        "    probe: text_style\n"
        "    readings: [pdf, bogus]\n"  # line 12
    )
    path = write(tmp_path, "bad.yaml", text)
    f = load_file(path)
    assert [p.proposal.doc_id for p in f.proposals] == ["a.pdf"]  # the good item still loads
    got = {(e.loc[1:], line): describe(e) for e, line in zip(f.errors, f.error_lines)}
    assert got.keys() == {
        ((1, "question"), 3),
        ((1, "qestion"), 4),
        ((2, "proposed_answer"), 7),
        ((3, "check", "readings", 1), 12),
    }
    assert got[((1, "question"), 3)] == f"{path}: item 1, field 'question': required field is missing"
    assert "unknown field; expected one of: doc_id, question" in got[((1, "qestion"), 4)]
    assert "expected the widened key 'Not answerable or 0 or none'" in got[((2, "proposed_answer"), 7)]
    assert "'pdf', 'label' or 'printed'" in got[((3, "check", "readings", 1), 12)]


@pytest.mark.parametrize(
    ("name", "text", "type_", "words"),
    [
        ("empty.yaml", "", "empty_file", "file is empty"),
        ("nothing.yaml", "[]\n", "empty_file", "no proposals"),
        ("scalar.yaml", "just a string\n", "wrong_type", "got str"),
        ("broken.yaml", "doc_id: [unclosed\n", "parse_error", "not valid YAML"),
        ("broken.json", '{"doc_id": "a.pdf",}', "parse_error", "not valid JSON"),
    ],
)
def test_unusable_files_are_one_error_naming_the_file(tmp_path, name, text, type_, words):
    path = write(tmp_path, name, text)
    f = load_file(path)
    assert f.proposals == ()
    [err] = f.errors
    assert err.type == type_ and err.loc == (str(path),)
    assert words in describe(err) and describe(err).startswith(str(path))


def test_missing_and_binary_files(tmp_path):
    assert load_file(tmp_path / "nope.yaml").errors[0].type == "file_missing"
    (tmp_path / "bin.yaml").write_bytes(b"\xff\xfe\x00garbage")
    assert load_file(tmp_path / "bin.yaml").errors[0].type == "file_unreadable"


def test_yaml_scalars_are_not_coerced_into_questions(tmp_path):
    # YAML 1.1 reads `no` as False; a question must be a string, not a silently coerced value.
    f = load_file(write(tmp_path, "p.yaml", "doc_id: a.pdf\nquestion: no\n"))
    assert f.proposals == () and f.errors[0].loc[1:] == (0, "question")


texts = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=40).filter(str.strip)
doc_ids = texts.filter(lambda s: check_doc_id(s) is None)


@settings(max_examples=40)
@given(doc_id=doc_ids, question=texts, as_list=st.booleans(), as_json=st.booleans())
def test_round_trip_any_valid_proposal(tmp_path_factory, doc_id, question, as_list, as_json):
    p = Proposal(doc_id=doc_id, question=question)
    data = [p.model_dump(mode="json")] if as_list else p.model_dump(mode="json")
    text = json.dumps(data) if as_json else yaml.safe_dump(data, allow_unicode=True)
    path = tmp_path_factory.mktemp("rt") / ("p.json" if as_json else "p.yaml")
    path.write_text(text, encoding="utf-8")
    f = load_file(path)
    assert f.errors == () and [x.proposal for x in f.proposals] == [p]


@settings(max_examples=40)
@given(junk=st.binary(max_size=200))
def test_any_bytes_give_proposals_or_located_errors_never_an_exception(tmp_path_factory, junk):
    path = tmp_path_factory.mktemp("junk") / "p.yaml"
    path.write_bytes(junk)
    f = load_file(path)
    assert f.proposals or f.errors
    assert len(f.errors) == len(f.error_lines)
    assert all(e.loc[0] == str(path) for e in f.errors)


def test_committed_schema_matches_the_models():
    assert SCHEMA_PATH.read_text() == schema_text(), "schema is stale: regenerate with `python -m widening.commands.proposal`"


def test_schema_agrees_with_the_loader_on_the_repo_proposals_and_a_bad_one():
    schema = proposal_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    # checks/reviewed/ holds reviewed per-row specs (widening.engine.checks.ReviewedSpec), not proposals.
    files = sorted(p for d in ("proposals", "rejects") for p in (REPO / "checks" / d).glob("*.yaml"))
    assert files, "checks/ holds proposals"
    for path in files:
        assert load_file(path).errors == ()
        jsonschema.validate(yaml.safe_load(path.read_text()), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"doc_id": "a.pdf", "question": "q", "proposed_answer": "0"}, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"doc_id": "a.pdf"}, schema)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        # review rv7: each was loaded, then read as a rejection (exit 1) or silently ignored
        ("proposed_answer", "Not answerable or 42 yellow words", "expected the widened key"),
        ("doc_id", "../docC.pdf", "'..' leaves the documents folder"),
        ("doc_id", "/abs/docC.pdf", "absolute path"),
        ("check", {"probe": "colour_regions", "params": {"colour": "notacolour"}}, "unknown colour 'notacolour'"),
        ("check", {"probe": "colour_regions", "params": {"colour": "red", "shape": "zzz"}}, "unknown shape 'zzz'"),
        ("check", {"probe": "text_style", "params": {"styles": ["wavy"]}}, "unknown style 'wavy'"),
        ("check", {"probe": "graphics", "params": {"kind": "zzz"}}, "unknown graphic kind 'zzz'"),
        ("check", {"probe": "coloured_graphics", "params": {"colour": ""}}, "unknown colour ''"),
        ("check", {"probe": "page_exists", "params": {}}, "params need 'number'"),
        ("check", {"probe": "text_style", "params": {"styles": ["italic"], "exclude_pages": "garbage !!"}}, "exclude_pages"),
    ],
)
def test_bad_values_are_load_errors_naming_the_field(tmp_path, field, value, words):
    item = {"doc_id": "a.pdf", "question": "What is the yellow color italic texts in page 9?", field: value}
    f = load_file(write(tmp_path, "p.json", json.dumps(item)))
    assert f.proposals == () and len(f.errors) == 1, f.errors
    text = describe(f.errors[0])
    assert f"field '{field}" in text and words in text, text

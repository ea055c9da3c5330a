"""Generated garbage thrown at the samples and proposal loaders: a clean error or valid objects, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.commands.corpus import parse_samples
from widening.errors import ErrorRecord, InputError
from widening.models import Row

FIELDS = ["doc_id", "question", "answer", "doc_type", "evidence_pages", "evidence_sources", "answer_format", "index"]
PATH = Path("gen/samples.json")

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20)
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20
)
# Rows that are nearly right: the real field names with values of any JSON type, some left out.
near_rows = st.dictionaries(st.sampled_from(FIELDS), json_values | st.text(max_size=30), max_size=len(FIELDS))
near_files = st.lists(near_rows | json_values, max_size=8)


def _check_record(rec: ErrorRecord) -> None:
    assert rec.loc and rec.loc[0] == str(PATH)
    assert rec.msg and "\n" not in rec.msg and "Traceback" not in rec.msg


def _check_samples(raw: bytes) -> None:
    try:
        samples = parse_samples(raw, PATH)
    except InputError as exc:
        _check_record(exc.record)
        return
    data = json.loads(raw.decode("utf-8-sig"))
    assert isinstance(data, list)
    bad = {rec.loc[1] for rec in samples.errors}
    for rec in (*samples.errors, *samples.duplicates):
        _check_record(rec)
        assert isinstance(rec.loc[1], int) and 0 <= rec.loc[1] < len(data)
    for row in samples.rows:
        assert isinstance(row, Row) and isinstance(row.doc_id, str) and isinstance(row.question, str)
        assert data[row.index]["doc_id"] == row.doc_id and row.index not in bad
    assert len(samples.rows) + len(bad) == len(data)


@settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(near_files)
def test_near_valid_samples_files(rows):
    _check_samples(json.dumps(rows).encode())


@settings(deadline=None, max_examples=100)
@given(json_values)
def test_any_json_document(value):
    _check_samples(json.dumps(value).encode())


@settings(deadline=None, max_examples=100)
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_any_bytes(raw):
    _check_samples(raw)


proposal_fields = ["doc_id", "question", "proposed_answer", "check", "note", "probe", "container", "params"]
near_proposals = st.dictionaries(st.sampled_from(proposal_fields), json_values | st.text(max_size=30), max_size=6)


@settings(deadline=None, max_examples=100)
@given(st.one_of(near_proposals, st.lists(near_proposals, max_size=4), json_values), st.sampled_from([".json", ".yaml"]))
def test_proposal_loader_reports_or_loads(tmp_path_factory, value, suffix):
    from widening.commands.proposal import ProposalFile, load_file

    path = tmp_path_factory.mktemp("p") / f"proposal{suffix}"
    path.write_text(json.dumps(value))
    result = load_file(path)
    assert isinstance(result, ProposalFile)
    for rec in result.errors:
        assert rec.loc and rec.loc[0] == str(path) and rec.msg


@settings(deadline=None, max_examples=100)
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_proposal_loader_on_any_bytes(tmp_path_factory, raw):
    from widening.commands.proposal import ProposalFile, load_file

    path = tmp_path_factory.mktemp("p") / "proposal.yaml"
    path.write_bytes(raw)
    result = load_file(path)
    assert isinstance(result, ProposalFile)
    assert result.proposals or result.errors

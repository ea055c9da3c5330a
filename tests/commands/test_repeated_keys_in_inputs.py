"""A samples row or a reviewed spec that gives one key twice says two things ({"answer": "2", "answer":
"Not answerable"}): readers differ on which value stands, so the tool refuses that row (a located error) or
that spec file, and never decides on the value one reader happened to keep."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.commands.corpus import load_reviewed, parse_samples
from widening.errors import InputError

FIELDS = {"doc_id": ("a.pdf", "b.pdf"), "question": ("How many red bars are on page 3?", "What is on page 2?"),
          "answer": ("2", "Not answerable")}


@settings(max_examples=40, deadline=None)
@given(field=st.sampled_from(sorted(FIELDS)), others=st.integers(0, 3))
def test_a_row_giving_a_key_twice_is_refused_and_the_rest_load(field, others):
    first, second = FIELDS[field]
    rest = {k: v[0] for k, v in FIELDS.items() if k != field}
    bad = "{" + ", ".join([f'"{field}": {json.dumps(first)}', *(f'"{k}": {json.dumps(v)}' for k, v in rest.items()),
                           f'"{field}": {json.dumps(second)}']) + "}"
    good = [json.dumps({"doc_id": "c.pdf", "question": f"Question {i}?", "answer": "Not answerable"}) for i in range(others)]
    samples = parse_samples("[" + ", ".join([*good, bad]) + "]", Path("samples.json"))
    assert len(samples.rows) == others
    [err] = samples.errors
    assert err.type == "row_duplicate_key" and err.loc == ("samples.json", others, field), err


def test_the_same_key_in_two_rows_is_no_error():
    rows = [{"doc_id": "a.pdf", "question": "Q1?", "answer": "Not answerable"}, {"doc_id": "a.pdf", "question": "Q2?", "answer": "0"}]
    samples = parse_samples(json.dumps(rows), Path("samples.json"))
    assert len(samples.rows) == 2 and not samples.errors


def test_a_reviewed_spec_giving_a_key_twice_is_refused(tmp_path):
    spec = ("doc_id: a.pdf\nquestion: How many red bars are on page 3?\ncheck:\n  probe: colour_regions\n"
            "  container: {kind: page, number: '3'}\n  params: {colour: red}\ndoc_id: b.pdf\n")
    (tmp_path / "spec.yaml").write_text(spec)
    with pytest.raises(InputError) as exc:
        load_reviewed(tmp_path)
    assert "'doc_id' is given twice" in str(exc.value) and "lines 1 and 7" in str(exc.value) and "spec.yaml" in str(exc.value)

"""YAML aliases that expand a few hundred characters into billions of values are refused before anything
walks them (a message quoting a value, a model validating it); a file that uses aliases sparingly loads."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.commands.corpus import alias_bomb, load_reviewed
from widening.commands.proposal import load_file
from widening.errors import InputError

HEAD = "doc_id: a.pdf\nquestion: What is the yellow color italic texts in page 2?\n"


def laughs(indent: str, levels: int = 8, width: int = 9, last: str = "z") -> str:
    """``levels`` anchors, each a list of ``width`` aliases of the one before: width**levels values."""
    out = f"{indent}z0: &z0 [{', '.join(['1'] * width)}]\n"
    for i in range(1, levels + 1):
        out += f"{indent}z{i}: &z{i} [{', '.join([f'*z{i - 1}'] * width)}]\n"
    return out + f"{indent}{last}: *z{levels}\n"


BOMBS = {
    "top level": laughs(""),
    "in a field": HEAD + laughs("", last="note"),
    "in the check's params": HEAD + "check:\n  probe: text_style\n  params:\n" + laughs("    ", last="exclude_pages"),
    "a cycle": HEAD + "check:\n  probe: text_style\n  params:\n    exclude_pages: &c [1, *c]\n",
}


@pytest.mark.parametrize("where", sorted(BOMBS))
def test_an_alias_bomb_in_a_proposal_is_one_error_for_that_file(tmp_path, where):
    path = tmp_path / "p.yaml"
    path.write_text(BOMBS[where])
    start = time.monotonic()
    loaded = load_file(path)
    assert time.monotonic() - start < 10
    assert loaded.proposals == () and [e.type for e in loaded.errors] == ["alias_bomb"]
    assert loaded.errors[0].loc == (str(path),) and "\n" not in loaded.errors[0].msg


def test_an_alias_bomb_in_a_reviewed_spec_is_an_input_error(tmp_path):
    (tmp_path / "spec.yaml").write_text(BOMBS["in the check's params"])
    with pytest.raises(InputError) as err:
        load_reviewed(tmp_path)
    assert err.value.record.type == "spec_not_yaml" and "alias" in str(err.value)


def test_proposals_sharing_fields_through_aliases_still_load(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text("- &p\n  doc_id: a.pdf\n  question: What is on page 2?\n- *p\n- <<: *p\n  question: What is on page 3?\n")
    loaded = load_file(path)
    assert loaded.errors == () and [p.proposal.question for p in loaded.proposals] == ["What is on page 2?", "What is on page 2?", "What is on page 3?"]


@settings(max_examples=50, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=3), kids, max_size=4), max_leaves=40))
def test_plain_json_is_never_taken_for_a_bomb(value):
    import json

    text = json.dumps(value)
    assert alias_bomb(json.loads(text), len(text)) is None

"""The zero-key rules: key forms, what a contradiction needs, twin shapes (pure: decisions are constructed)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from widening.engine.zeros import broader_than_asked, is_zero_key, shape, twin_pairs, verdict
from widening.models import Decision, Member, ParsedQuestion, Row
from widening.question.parse import parse_question

Q_ITALIC_2 = "How many italic words are on page 2?"
Q_ITALIC_3 = "How many italic words are on page 3?"
Q_BOLD_2 = "How many bold words are on page 2?"


@pytest.mark.parametrize("key", ["0", "0.0", " 0 ", "None", "none", "[]", "['0', '0']", "[0, 0]", '["0"]', "[0.0]"])
def test_zero_key_forms(key: str) -> None:
    assert is_zero_key(key)


@pytest.mark.parametrize("key", ["Not answerable", "Not answerable or 0 or none", "10", "0.5", "['0', '1']", "zero-day", "[", "No"])
def test_not_zero_keys(key: str) -> None:
    assert not is_zero_key(key)


@given(st.lists(st.sampled_from(["0", "0.0", "None", "00"]), max_size=4), st.booleans())
def test_any_list_of_zero_forms_is_a_zero_key(items: list[str], quoted: bool) -> None:
    key = json.dumps(items) if quoted else "[" + ", ".join(items) + "]"
    assert is_zero_key(key)


@given(st.integers(min_value=1, max_value=10**6))
def test_a_nonzero_count_is_not_a_zero_key(n: int) -> None:
    assert not is_zero_key(str(n)) and not is_zero_key(f"['0', '{n}']")


def test_words_the_check_ignores_make_members_candidates() -> None:
    assert broader_than_asked(parse_question(Q_ITALIC_3), "text_style") is None
    assert "arrows" in (broader_than_asked(parse_question("How many figures in page 13 contains the up arrows?"), "graphics") or "")
    assert "airplane" in (broader_than_asked(parse_question("How many figures of airplanes are in the paper?"), "graphics") or "")


def test_members_under_one_reading_only_do_not_contradict() -> None:
    """Printed page 3 is PDF page 5: members on PDF p3 leave the printed reading empty, so the key may be right."""
    parsed: ParsedQuestion = parse_question(Q_ITALIC_3)
    d = Decision(doc_id="d.pdf", question=Q_ITALIC_3, key="0", decision="keep", case="short_not_empty", reason="members",
                 parsed=parsed, members=(Member(page=3, bbox=(1, 2, 3, 4), what="italic span 'x'"),),
                 check={"probe": "text_style", "readings_tried": [
                     {"reading": "pdf", "number": "3", "pages": [3]}, {"reading": "printed", "number": "3", "pages": [5]}]})
    v = verdict(d)
    assert (v.verdict, v.case) == ("unverifiable", "unverifiable") and "printed reading" in v.reason
    both = d.model_copy(update={"members": d.members + (Member(page=5, bbox=(1, 2, 3, 4), what="italic span 'y'"),)})
    assert verdict(both).verdict == "contradicted"


def test_a_weak_detection_is_not_proof_a_zero_key_is_wrong() -> None:
    """A detector member scored under rules' contradiction_min_score keeps a Not-answerable row but contradicts nothing."""
    q = "How many cats are there in the images on page 1?"
    d = Decision(doc_id="d.pdf", question=q, key="0", decision="keep", case="short_not_empty", reason="members",
                 parsed=parse_question(q), members=(Member(page=1, bbox=(1, 2, 3, 4), what="cat 0.21 in image", score=0.21),),
                 check={"probe": "objects", "readings_tried": [{"reading": "pdf", "number": "1", "pages": [1]}]})
    weak = verdict(d)
    assert weak.verdict == "unverifiable" and "tuned threshold" in weak.reason
    strong = d.model_copy(update={"members": (Member(page=1, bbox=(1, 2, 3, 4), what="cat 0.91 in image", score=0.91),)})
    assert verdict(strong).verdict == "contradicted"


def test_twin_shape_ignores_the_container_number_not_its_kind() -> None:
    rows = [Row(doc_id="a.pdf", question=Q_ITALIC_2, answer="0", index=0),
            Row(doc_id="a.pdf", question="How many bold words are on page 7?", answer="Not answerable", index=1),
            Row(doc_id="a.pdf", question="How many bold words are in the document?", answer="Not answerable", index=2),
            Row(doc_id="b.pdf", question=Q_BOLD_2, answer="Not answerable", index=3),
            Row(doc_id="a.pdf", question="How many italic words are on page 9?", answer="Not answerable", index=4)]
    assert [(z.index, n.index) for z, n, _ in twin_pairs(rows)] == [(0, 1)]  # not: other kind, other doc, same target
    assert shape(parse_question("Who wrote the body text?")) is None

"""Complement precision, held out: a negated clause whose universe a named container after it holds
("which countries that are not listed in Table 2 appear in Figure 3") is bounded, not an unbounded
complement; the container the negated verb itself points to ("not shown in Figure 3") bounds nothing."""

from __future__ import annotations

import pytest

from widening.engine import cases
from widening.question.parse import parse_question

BOUNDED = [
    "Which countries that are not listed in Table 2 appear in Figure 3?",
    "Which logos that are not shown on page 3 are shown on page 5?",
    "Which brands, never mentioned in the text, appear in the chart on page 4?",
    "Which of the sensors that are not included in Section 2 are shown in Figure 1?",
]
UNBOUNDED = [
    "Name the components not shown in Figure 3.",
    "Which signal icons cannot be found in the status bar?",
    "Which brands were never mentioned on page 5?",
    "Which logos that are not shown on page 3 are not shown on page 5 either?",
    "Which countries are not listed in the report?",
]


@pytest.mark.parametrize("q", BOUNDED)
def test_a_container_after_the_negated_clause_bounds_the_universe(q: str) -> None:
    p = parse_question(q)
    assert p.complement is not None, q
    assert cases.unbounded_complement(p) is None, q


@pytest.mark.parametrize("q", UNBOUNDED)
def test_control_a_negation_with_no_container_of_its_own_stays_unbounded(q: str) -> None:
    p = parse_question(q)
    f = cases.unbounded_complement(p)
    assert f is not None and f.case == "unbounded_complement", q


@pytest.mark.parametrize("q", BOUNDED)
def test_the_reworded_question_gets_the_same_answer(q: str) -> None:
    for variant in (q.lower(), q.upper().replace("?", "?"), q.replace("Which", "Tell me which")):
        assert cases.unbounded_complement(parse_question(variant)) is None, variant

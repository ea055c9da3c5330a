"""short_not_empty says the set is not empty, so it needs a member that proves it: one certain by construction
(unscored) or a detection scoring at least the contradiction floor. Detections all under it (a statue, a
poster, a toy car a detector scores 0.2) keep the row as candidates, never as short_not_empty (hunt of
the people and objects probes); the zero-key direction reads the same floor."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from widening import rulebook
from widening.engine.cases import short_not_empty
from widening.engine.zeros import sure_members
from widening.models import Member
from widening.question.parse import parse_question

FLOOR = float(rulebook.load("zero_keys")["contradiction_min_score"])
QUESTION = parse_question("How many cars are in the picture on page 2?")
scores = st.one_of(st.none(), st.floats(0.0, 1.0))


def _member(score: float | None) -> Member:
    return Member(page=2, bbox=(10, 10, 50, 40), what="car", score=score)


@given(st.lists(scores, min_size=1, max_size=6))
def test_short_not_empty_exactly_when_a_member_is_sure(found: list[float | None]) -> None:
    members = [_member(s) for s in found]
    sure = any(s is None or s >= FLOOR for s in found)
    finding = short_not_empty(QUESTION, members, exact=True)
    assert (finding is not None) == sure, (found, finding)
    assert [m.score for m in sure_members(members)] == [s for s in found if s is None or s >= FLOOR]


def test_control_no_exact_check_claims_nothing_whatever_the_scores() -> None:
    assert short_not_empty(QUESTION, [_member(None), _member(0.9)], exact=False) is None

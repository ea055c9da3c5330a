"""The per-page skeleton every page-by-page probe ends with: one rule for measured, zero and could-not-measure."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from widening.models import Member, ProbeStatus
from widening.probes import Scope
from widening.probes.pagewise import finish

pages = st.lists(st.integers(1, 9), min_size=1, max_size=5, unique=True)


def _member(page: int) -> Member:
    return Member(page=page, bbox=(0.0, 0.0, 10.0, 10.0), what="m")


@given(pages, st.data(), st.booleans())
def test_an_unmeasured_page_blocks_a_zero_never_a_member(scope_pages, data, explained):
    hit = data.draw(st.lists(st.sampled_from(scope_pages), unique=True))
    blind = data.draw(st.lists(st.sampled_from(scope_pages), unique=True))
    res = finish("p", Scope(tuple(scope_pages)), {}, [_member(p) for p in hit], {p: "unreadable" for p in blind},
                 note="own words", explained=explained)
    assert res.status is (ProbeStatus.could_not_measure if blind and not hit else ProbeStatus.measured)
    assert [m.page for m in res.members] == hit and res.pages == tuple(scope_pages)
    listed = all(f"p{p}: unreadable" in res.note for p in blind)
    assert res.note.startswith("own words") and (listed if not explained else res.note == "own words")


def test_doubts_are_kept_and_best_candidates_capped():
    res = finish("p", Scope((1,), region="top"), {}, [], {}, best=[_member(1)] * 30, doubts=[_member(1)])
    assert res.status is ProbeStatus.measured and len(res.doubts) == 1 and len(res.best_candidates) == 20
    assert res.region == "top"

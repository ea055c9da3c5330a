"""text_search: a word in the text layer set so small it prints as a dot (0.3 pt) is a doubt, never a member:
it grounded short_not_empty and contradicted a zero key though no reader sees a word there (hunt 25e)."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pytest
from hypothesis import given, settings, HealthCheck
from hypothesis import strategies as st



def _page(path: Path, size: float) -> Path:
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 72), "Annual review of the programme.")
    d[0].insert_text((72, 300), "harvest", fontsize=size)
    return pdfs.save(d, path)


def _search(path: Path):
    return pdfs.probe(path, "text_search", {"text": "harvest"})


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.floats(0.2, 1.0))
def test_type_that_prints_as_a_dot_is_a_doubt(tmp_path: Path, size: float) -> None:
    res = _search(_page(tmp_path / "t.pdf", size))
    assert not res.members and res.doubts and "pt tall" in res.doubts[0].why, res


@pytest.mark.parametrize("size", [4.0, 9.0])
def test_control_small_but_legible_type_is_a_member(tmp_path: Path, size: float) -> None:
    res = _search(_page(tmp_path / "t.pdf", size))
    assert len(res.members) == 1 and not res.doubts, res

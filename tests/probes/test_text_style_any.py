"""text_style with ``match: any`` (review rv6 23-24): "italic or bold words" measures the union of the
styles, never their intersection; ``all`` ("bold italic words") keeps the intersection."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pdfs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)

# Base-14 fonts by (bold, italic).
FONTS = {(False, False): "helv", (True, False): "hebo", (False, True): "heit", (True, True): "hebi"}


def _members(doc, styles: list[str], match: str = "all") -> set[tuple]:
    res = run_probe("text_style", doc, Scope((1,)), {"styles": styles, "match": match})
    assert res.status is ProbeStatus.measured, res.note
    return {(m.page, tuple(round(v) for v in m.bbox)) for m in res.members}


def _doc(path: Path, spans: list[tuple[bool, bool, bool]]):
    d = pdfs.new_doc()
    for i, (bold, italic, under) in enumerate(spans):
        at = (72, 100 + 30 * i)
        pdfs.text(d[0], at, f"sample words {i}", font=FONTS[(bold, italic)])
        if under:
            pdfs.underline(d[0], at, 80)
    return load_doc(pdfs.save(d, path))


def test_italic_or_bold_finds_an_italic_span(tmp_path: Path) -> None:
    """rv6 n1a: italic words only; "italic or bold" asked for both at once and found none."""
    doc = _doc(tmp_path / "a.pdf", [(False, False, False), (False, True, False)])
    assert len(_members(doc, ["bold", "italic"], "any")) == 1
    assert _members(doc, ["bold", "italic"], "all") == set()  # "bold italic words": still the intersection


def test_underlined_or_bold_finds_a_bold_span(tmp_path: Path) -> None:
    """rv6 n1d: bold words only, "underlined or bold"."""
    doc = _doc(tmp_path / "a.pdf", [(True, False, False), (False, False, False)])
    assert len(_members(doc, ["bold", "underline"], "any")) == 1


def test_no_styled_span_is_still_a_zero(tmp_path: Path) -> None:
    """A control: with none of the styles on the page, the union is empty too."""
    doc = _doc(tmp_path / "a.pdf", [(False, False, False), (False, False, False)])
    assert _members(doc, ["bold", "italic", "underline"], "any") == set()


span = st.tuples(st.booleans(), st.booleans(), st.booleans())
pair = st.sampled_from([["bold", "italic"], ["bold", "underline"], ["italic", "underline"], ["bold", "italic", "underline"]])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(spans=st.lists(span, min_size=1, max_size=6), styles=pair)
def test_any_is_a_superset_of_each_style_and_all_a_subset(tmp_path: Path, spans, styles) -> None:
    doc = _doc(tmp_path / "p.pdf", spans)
    try:
        each = [_members(doc, [s]) for s in styles]
        union, both = _members(doc, styles, "any"), _members(doc, styles, "all")
    finally:
        doc.close()
    for s, found in zip(styles, each):
        assert found <= union, f"{s}: {found - union} missing from the union"
    assert both <= set.intersection(*each)

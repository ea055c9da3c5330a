"""A pinned (proposal) or reviewed (checks/) check against the question's own (review rv7).

Each false accept the review found is a PDF where the thing asked about *is* on the page and a
pin that looks elsewhere, in another colour, of another kind or only inside pictures would have
turned it into a zero. The pin must find at least what the question's own check finds."""

from __future__ import annotations

import itertools
from pathlib import Path

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.engine.pinned import check_error, narrower, same
from widening.facts.extract import load_doc
from widening.engine.decide import decide_row
from widening.models import CheckSpec, Container, ContainerKind, Reading, ReviewedSpec, Row
from widening.probes.text_style import STYLES, TextStyleParams

YELLOW = (1.0, 0.85, 0.0)
Q = "What is the yellow color italic texts in page 3?"
PAGE3 = Container(kind=ContainerKind.page, number="3", text="page 3")


def _pdf(path: Path, yellow_italic_on: int | None = 3, pages: int = 4, labels_from: int | None = None,
         picture_on: int | None = None) -> Path:
    doc = pymupdf.open()
    for i in range(1, pages + 1):
        page = doc.new_page(width=400, height=500)
        page.insert_text((50, 100), f"Levels one to five are described here. Page body {i}.", fontname="helv", fontsize=11)
        if i == yellow_italic_on:
            page.insert_text((50, 140), "an italic remark", fontname="tiit", fontsize=11, color=YELLOW)
        if i == picture_on:
            pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 40, 30), False)
            pix.set_rect(pix.irect, (40, 120, 200))
            page.insert_image(pymupdf.Rect(200, 300, 320, 390), pixmap=pix)
    if labels_from is not None:
        doc.set_page_labels([{"startpage": 0, "prefix": "", "style": "D", "firstpagenum": labels_from}])
    doc.save(path)
    doc.close()
    return path


def _decide(path: Path, q: str, **kw):
    doc = load_doc(path, ocr=False)
    try:
        return decide_row(Row(doc_id="fixture.pdf", question=q, answer="Not answerable"), doc, **kw)
    finally:
        doc.close()


def _pin(probe: str = "text_style", container: Container = PAGE3, **params) -> CheckSpec:
    return CheckSpec(probe=probe, container=container, params=params or {"styles": ["italic"], "colour": "yellow"})


def test_a_pin_in_another_colour_is_refused(tmp_path):
    """rv7: the page has yellow italic text; a pin asking for red italic found none and was accepted."""
    d = _decide(_pdf(tmp_path / "a.pdf"), Q, pinned=_pin(styles=["italic"], colour="red"))
    assert (d.decision, d.case) == ("keep", "unverifiable") and "Pinned check rejected" in d.reason, d.reason
    assert "params.colour" in d.reason and not d.members


def test_a_pin_of_another_probe_is_refused(tmp_path):
    """rv7: a text_search for a word the page lacks stood in for the question's italic check."""
    d = _decide(_pdf(tmp_path / "a.pdf"), Q, pinned=_pin("text_search", text="zebra crossing"))
    assert d.decision == "keep" and "it runs text_search" in d.reason, d.reason


def test_a_pin_where_the_question_yields_no_check_is_refused(tmp_path):
    """rv7: a fact question has no check of its own; a pinned text_search was run and accepted."""
    d = _decide(_pdf(tmp_path / "a.pdf", yellow_italic_on=None), "What is the page body about on page 3?",
                pinned=_pin("text_search", text="zebra crossing"))
    assert (d.decision, d.case) == ("keep", "unverifiable") and "cannot stand in" in d.reason, d.reason
    assert d.spec_source is None


def test_a_pin_inside_pictures_only_is_refused_for_a_whole_page(tmp_path):
    """rv7: ``covers`` ignored ``in_image``: a pin looking only inside pictures covered 'page 3'."""
    pin = _pin(container=PAGE3.model_copy(update={"in_image": True}))
    d = _decide(_pdf(tmp_path / "a.pdf", picture_on=3), Q, pinned=pin)
    assert d.decision == "keep" and "only inside pictures" in d.reason, d.reason


def test_a_pin_must_cover_every_reading_of_every_named_page(tmp_path):
    """rv7: a second page the question names ran with the pin's readings: 'page 9' under labels that
    start at 7 is also PDF page 3, where the yellow italic text is."""
    pdf = _pdf(tmp_path / "a.pdf", yellow_italic_on=3, pages=10, labels_from=7)
    q = "What is the yellow color italic texts in page 2 and page 9?"
    pin = CheckSpec(probe="text_style", container=Container(kind=ContainerKind.page, number="2", text="page 2"),
                    readings=(Reading.pdf,), params={"styles": ["italic"], "colour": "yellow"})
    d = _decide(pdf, q, pinned=pin)
    assert d.decision == "keep" and not d.decision == "widen", d.reason
    assert "Pinned check rejected" in d.reason and "[3]" in d.reason, d.reason
    # the question's own check finds it under the label reading
    own = _decide(pdf, q)
    assert own.decision == "keep" and {m.page for m in own.members} == {3}, own.reason


def test_a_broader_pin_widens_only_when_it_too_finds_nothing(tmp_path):
    """A pin that drops the colour finds more: accepted as a check; its finds are candidates, never proof."""
    broader = _pin(styles=["italic"])
    assert _decide(_pdf(tmp_path / "none.pdf", yellow_italic_on=None), Q, pinned=broader).decision == "widen"
    d = _decide(_pdf(tmp_path / "yes.pdf"), Q, pinned=broader)
    assert (d.decision, d.case) == ("keep", "unverifiable") and d.members, d.reason


def test_the_same_pin_as_the_question_is_exact(tmp_path):
    d = _decide(_pdf(tmp_path / "a.pdf"), Q, pinned=_pin())
    assert (d.decision, d.case) == ("keep", "short_not_empty") and {m.page for m in d.members} == {3}


def test_a_reviewed_check_narrower_than_the_question_is_refused(tmp_path):
    """rv7: reviewed specs (audit without --auto) widened with a narrower colour."""
    spec = ReviewedSpec(doc_id="fixture.pdf", question=Q, check=_pin(styles=["italic"], colour="red"))
    d = _decide(_pdf(tmp_path / "a.pdf"), Q, reviewed=spec)
    assert d.decision == "keep" and "Reviewed check rejected" in d.reason, d.reason


def test_a_reviewed_check_stands_where_the_question_yields_none(tmp_path):
    """A reviewer may pin a check for a question the parser cannot turn into one (checks/reviewed says why)."""
    q = "What is the page body about on page 3?"
    spec = ReviewedSpec(doc_id="fixture.pdf", question=q, check=_pin("text_search", text="zebra crossing"))
    d = _decide(_pdf(tmp_path / "a.pdf", yellow_italic_on=None), q, reviewed=spec)
    assert d.decision == "widen" and d.spec_source == "checks", d.reason


def test_bad_param_values_are_errors_not_zeros():
    for probe, params in [("colour_regions", {"colour": "notacolour"}), ("colour_regions", {"colour": "red", "shape": "zzz"}),
                          ("text_style", {"styles": ["wavy"]}), ("graphics", {"kind": "zzz"}), ("coloured_graphics", {"colour": ""}),
                          ("page_exists", {}), ("text_style", {"styles": ["italic"], "exclude_pages": "garbage !!"})]:
        assert check_error(CheckSpec(probe=probe, params=params)) is not None, (probe, params)
    assert check_error(CheckSpec(probe="text_style", params={"styles": ["italic"], "exclude_pages": ["2"]})) is None


_STYLE_SETS = [frozenset(c) for n in range(len(STYLES) + 1) for c in itertools.combinations(STYLES, n)]


def _finds(p: TextStyleParams, span: frozenset[str]) -> bool:
    if not p.styles:
        return True
    return (all if p.match == "all" else any)(s in span for s in p.styles)


@settings(max_examples=200, deadline=None)
@given(a=st.tuples(st.sets(st.sampled_from(STYLES)), st.sampled_from(["all", "any"])),
       b=st.tuples(st.sets(st.sampled_from(STYLES)), st.sampled_from(["all", "any"])))
def test_text_style_narrower_than_is_sound(a, b):
    """When a pin is said to cover the question's styles, it finds every span the question's check finds."""
    mine = TextStyleParams(styles=tuple(sorted(a[0])), match=a[1])
    theirs = TextStyleParams(styles=tuple(sorted(b[0])), match=b[1])
    if mine.narrower_than(theirs) is None:
        assert all(_finds(mine, s) for s in _STYLE_SETS if _finds(theirs, s)), (mine, theirs)


@settings(max_examples=100, deadline=None)
@given(mine=st.integers(0, 400), theirs=st.integers(0, 400), shape=st.sampled_from(["any", "bar"]), own_shape=st.sampled_from(["any", "bar"]))
def test_a_lower_threshold_or_any_shape_covers(mine, theirs, shape, own_shape):
    pin = CheckSpec(probe="colour_regions", params={"colour": "red", "min_area": mine, "shape": shape})
    own = CheckSpec(probe="colour_regions", params={"colour": "red", "min_area": theirs, "shape": own_shape})
    assert (narrower(pin, own) is None) == (mine <= theirs and (shape == own_shape or shape == "any"))
    assert same(pin, own) == (mine == theirs and shape == own_shape)

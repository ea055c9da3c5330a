"""A page range on pages numbered after a prefix: an appendix labelled "A-5".."A-10", or printing "A-5"..
at its foot. "Pages 9-10" may be "A-9", "A-10" (the question dropped the prefix), as "page 9" may be "A-9":
a doubtful reading of the range, looked at whether or not another reading finds it."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fixtures.drawn import photo_like
from widening.engine.containers import resolve
from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import Container, ContainerKind, Row

FORMS = ["A-{n}", "S{n}", "2-{n}", "Page B-{n}", "Annual Report | C-{n}"]


def _appendix(path: Path, form: str, first: int, pictured: int | None, medium: str) -> Path:
    """Six pages numbered ``form`` from ``first`` (a page label or a folio at the foot); a photo on number ``pictured``."""
    d = pymupdf.open()
    for k in range(6):
        p = d.new_page(width=595, height=842)
        for j in range(6):
            p.insert_text((60, 120 + 20 * j), f"Section text line {j} about the programme and its results.", fontsize=10)
        if medium == "folio":
            p.insert_text((250, 815), form.format(n=first + k), fontsize=9)
        if first + k == pictured:
            png = pymupdf.Pixmap(pymupdf.csRGB, 320, 240, photo_like(k).tobytes(), False).tobytes("png")
            p.insert_image(pymupdf.Rect(100, 400, 400, 600), stream=png)
    if medium == "label":
        prefix = form.split("{n}")[0].split()[-1]
        d.set_page_labels([{"startpage": 0, "prefix": prefix, "style": "D", "firstpagenum": first}])
    d.save(path)
    return path


def _range(lo: int, hi: int) -> Container:
    return Container(kind=ContainerKind.page_range, first=str(lo), last=str(hi), text=f"pages {lo}-{hi}")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(form=st.sampled_from(FORMS), medium=st.sampled_from(["folio", "label"]), first=st.integers(5, 8), span=st.integers(0, 2))
def test_a_range_numbered_after_a_prefix_only_is_no_missing_container(tmp_path_factory, form, medium, first, span) -> None:
    """Regression: pages labelled (printed) "A-5".."A-10": "how many images are on pages 9-10" said
    missing_container, although pages "A-9" and "A-10" exist. A range beyond every number stays missing."""
    path = _appendix(tmp_path_factory.mktemp("r") / "r.pdf", form, first, None, medium)
    doc = load_doc(path, ocr=False)
    try:
        hi = first + 5  # the last prefixed number, past the file's six PDF pages
        lo = hi - span
        res = resolve(_range(lo, hi), doc)
        numbered = {k + 1 for k in range(6) if lo <= first + k <= hi}
        assert numbered <= set(res.pages()), res.readings
        assert not res.exists and res.uncertain
        row = decide_row(Row(doc_id=path.name, question=f"How many images are on pages {lo}-{hi}?", answer="Not answerable"), doc)
        assert row.case != "missing_container", row.reason
        assert row.decision != "widen", row.reason
        beyond = resolve(_range(40, 45), doc)
        assert not beyond.exists and not beyond.uncertain, beyond.readings  # printed nowhere: still missing
    finally:
        doc.close()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(form=st.sampled_from(FORMS), medium=st.sampled_from(["folio", "label"]), first=st.integers(3, 5), data=st.data())
def test_a_range_other_readings_find_also_covers_its_prefixed_pages(tmp_path_factory, form, medium, first, data) -> None:
    """Regression (false widening): pages "A-5".."A-10", a photo on "A-5" (PDF page 1). "How many images are
    on pages 5-6" found PDF pages 5-6, looked there alone, and widened."""
    pictured = data.draw(st.integers(first, 6))
    path = _appendix(tmp_path_factory.mktemp("r") / "r.pdf", form, first, pictured, medium)
    doc = load_doc(path, ocr=False)
    try:
        res = resolve(_range(pictured, pictured + 1), doc)
        assert res.exists
        assert pictured - first + 1 in res.pages(), res.readings
        row = decide_row(Row(doc_id=path.name, question=f"How many images are on pages {pictured}-{pictured + 1}?", answer="Not answerable"), doc)
        assert row.decision != "widen", row.reason
    finally:
        doc.close()


def test_a_range_on_plain_folios_still_widens(tmp_path: Path) -> None:
    """Control: folios "5".."10" with no prefix and no picture anywhere: "pages 5-6" is measured and widened."""
    path = _appendix(tmp_path / "plain.pdf", "{n}", 5, None, "folio")
    doc = load_doc(path, ocr=False)
    try:
        row = decide_row(Row(doc_id=path.name, question="How many images are on pages 5-6?", answer="Not answerable"), doc)
        assert row.decision == "widen", row.reason
        assert decide_row(Row(doc_id=path.name, question="How many images are on pages 30-40?", answer="Not answerable"), doc).case == "missing_container"
    finally:
        doc.close()

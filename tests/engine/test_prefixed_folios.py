"""Page numbers with a prefix: an appendix's "A-3", a supplement's "S3", a chapter's page "2-3", as a
page label or printed in a margin. "Page 3" may be any of them: a doubtful reading, never dropped."""

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

FORMS = ["A-{n}", "S{n}", "2-{n}", "2 - {n}", "B.{n}", "Page A-{n}", "Annual Report | B-{n}", "C{n} | Annual Report"]


def _book(path: Path, form: str, first: int, pictured: int, medium: str, where: str) -> Path:
    """Ten pages, the third on printed ``form`` with numbers from ``first``; a photo on number ``pictured``."""
    d = pymupdf.open()
    for k in range(10):
        p = d.new_page(width=595, height=842)
        for j in range(6):
            p.insert_text((60, 120 + 20 * j), f"Section text line {j} about the programme and its results.", fontsize=10)
        n = first + k - 2
        if k >= 2 and medium == "folio":
            p.insert_text((250, 815 if where == "bottom" else 30), form.format(n=n), fontsize=9)
        if k >= 2 and n == pictured:
            png = pymupdf.Pixmap(pymupdf.csRGB, 320, 240, photo_like(k).tobytes(), False).tobytes("png")
            p.insert_image(pymupdf.Rect(100, 400, 400, 600), stream=png)
    if medium == "label":
        prefix = form.split("{n}")[0].split()[-1] if form.split("{n}")[0].split() else ""
        d.set_page_labels([{"startpage": 0, "prefix": "", "style": "r", "firstpagenum": 1},
                           {"startpage": 2, "prefix": prefix, "style": "D", "firstpagenum": first}])
    d.save(path)
    return path


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(form=st.sampled_from(FORMS), first=st.integers(1, 4), medium=st.sampled_from(["folio", "label"]),
       where=st.sampled_from(["bottom", "top"]), data=st.data())
def test_a_page_numbered_after_a_prefix_is_a_reading_of_its_number(tmp_path_factory, form, first, medium, where, data):
    """Regression (new questions, 2026-12-03): pages printed "A-1".."A-8" (or labelled so), a photo on
    "A-3": "how many images are on page 3" looked at PDF page 3 alone and widened."""
    pictured = data.draw(st.integers(first, first + 7))
    path = _book(tmp_path_factory.mktemp("p") / "p.pdf", form, first, pictured, medium, where)
    doc = load_doc(path, ocr=False)
    try:
        page = next(i for i in range(1, 11) if i >= 3 and first + i - 3 == pictured)
        res = resolve(Container(kind=ContainerKind.page, number=str(pictured), text=f"page {pictured}"), doc)
        assert page in res.pages(), res.readings
        row = decide_row(Row(doc_id=path.name, question=f"How many images are on page {pictured}?", answer="Not answerable"), doc)
        assert row.decision != "widen", row.reason
        beyond = resolve(Container(kind=ContainerKind.page, number="40", text="page 40"), doc)
        assert not beyond.exists and not beyond.uncertain  # a number printed nowhere is still missing
    finally:
        doc.close()

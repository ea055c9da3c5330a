"""Page numbers with a prefix: an appendix's "A-3", a supplement's "S3", a chapter's page "2-3", as a
page label or printed in a margin. "Page 3" may be any of them: a doubtful reading, never dropped."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
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


def _chapter_book(path: Path, footers: list[str]) -> Path:
    d = pymupdf.open()
    for footer in footers:
        p = d.new_page(width=595, height=842)
        for j in range(6):
            p.insert_text((60, 120 + 20 * j), f"Section text line {j} about the programme and its results.", fontsize=10)
        if footer:
            p.insert_text((250, 815), footer, fontsize=9)
    d.save(path)
    return path


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(chapter=st.integers(1, 12), first=st.integers(1, 30), step=st.sampled_from([1, 2]), form=st.sampled_from(["{c}.{n}", "Annual Report | {c}.{n}"]))
def test_a_run_of_chapter_decimal_folios_is_a_doubtful_reading(tmp_path_factory, chapter: int, first: int, step: int, form: str) -> None:
    """Regression (hunt F10): footers "3.10".."3.14" (chapter 3's pages) and "page 12" claimed a missing
    container, where "3-10".."3-14" already gave a doubtful reading. Folios on every other page count too."""
    footers = [form.format(c=chapter, n=first + k) if k % step == 0 else "" for k in range(5)]
    path = _chapter_book(tmp_path_factory.mktemp("c") / "c.pdf", footers)
    doc = load_doc(path, ocr=False)
    try:
        asked = first + 2 * step if step == 2 else first + 2
        res = resolve(Container(kind=ContainerKind.page, number=str(asked), text=f"page {asked}"), doc)
        assert asked - first + 1 in res.pages(), res.readings
        far = resolve(Container(kind=ContainerKind.page, number="60", text="page 60"), doc)
        assert not far.exists and not far.uncertain  # a number printed nowhere is still missing
    finally:
        doc.close()


@pytest.mark.parametrize("footers", [
    ["", "", "3.8", "", ""],  # one decimal in a footer: a value
    ["3.8"] * 5,  # the same value on every page ("Version 3.8")
    ["3.8", "4.9", "5.10", "6.11", "7.12"],  # no chapter counts up
])
def test_a_decimal_in_a_margin_outside_a_counting_run_is_no_page_number(tmp_path: Path, footers: list[str]) -> None:
    doc = load_doc(_chapter_book(tmp_path / "d.pdf", footers), ocr=False)
    try:
        for n in ("8", "9", "10"):
            res = resolve(Container(kind=ContainerKind.page, number=n, text=f"page {n}"), doc)
            assert not res.exists and not res.uncertain, (footers, n, res.readings)
    finally:
        doc.close()

"""The decision on constructed PDFs whose truth is known by construction: each case, the
widening, every reading, and a pinned check that leaves a reading out."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc
from widening.models import CheckSpec, Container, ContainerKind, Reading, Row
from widening.engine.decide import decide_row

ITALIC = "Times-Italic"


def build(path: Path, pages: int, italic_on: dict[int, tuple[float, float, float]] | None = None,
          labels_from: int | None = None, body: str = "Levels one to five are described here.") -> Path:
    """A ``pages``-page PDF; ``italic_on`` puts one italic span of the given colour on a 1-based page."""
    doc = pymupdf.open()
    for i in range(1, pages + 1):
        page = doc.new_page(width=400, height=500)
        page.insert_text((50, 100), f"{body} Page body {i}.", fontname="helv", fontsize=11)
        if italic_on and i in italic_on:
            page.insert_text((50, 140), "an italic remark", fontname="tiit", fontsize=11, color=italic_on[i])
    if labels_from is not None:
        doc.set_page_labels([{"startpage": 0, "prefix": "", "style": "D", "firstpagenum": labels_from}])
    doc.save(path)
    doc.close()
    return path


def row(q: str) -> Row:
    return Row(doc_id="fixture.pdf", question=q, answer="Not answerable")


def decide(path: Path, q: str, **kw):
    doc = load_doc(path)
    try:
        return decide_row(row(q), doc, **kw)
    finally:
        doc.close()


YELLOW = (1.0, 0.85, 0.0)
BLACK = (0.0, 0.0, 0.0)


def test_widens_when_page_exists_and_check_finds_nothing(tmp_path: Path) -> None:
    pdf = build(tmp_path / "a.pdf", 4, italic_on={3: BLACK})
    d = decide(pdf, "What is the yellow color italic texts in page 3?")
    assert d.decision == "widen" and d.case is None and d.members == ()
    assert d.check["probe"] == "text_style"


def test_short_not_empty_when_the_check_finds_a_member(tmp_path: Path) -> None:
    pdf = build(tmp_path / "a.pdf", 4, italic_on={3: YELLOW})
    d = decide(pdf, "What is the yellow color italic texts in page 3?")
    assert (d.decision, d.case) == ("keep", "short_not_empty")
    assert [m.page for m in d.members] == [3]


def test_every_reading_is_checked(tmp_path: Path) -> None:
    # Labels start at 7: "page 9" is PDF page 9 under one reading and PDF page 3 under another.
    pdf = build(tmp_path / "a.pdf", 10, italic_on={3: YELLOW}, labels_from=7)
    d = decide(pdf, "What is the yellow color italic texts in page 9?")
    assert (d.decision, d.case) == ("keep", "short_not_empty")
    assert {m.page for m in d.members} == {3}


def test_pinned_check_must_cover_every_reading(tmp_path: Path) -> None:
    pdf = build(tmp_path / "a.pdf", 10, labels_from=7)
    pinned = CheckSpec(probe="text_style", container=Container(kind=ContainerKind.page, number="9"),
                       readings=(Reading.pdf,), params={"styles": ["italic"], "colour": "yellow"})
    d = decide(pdf, "What is the yellow color italic texts in page 9?", pinned=pinned)
    assert d.decision == "keep" and "leaves out PDF page(s) [3]" in d.reason
    full = pinned.model_copy(update={"readings": (Reading.pdf, Reading.label, Reading.printed)})
    assert decide(pdf, "What is the yellow color italic texts in page 9?", pinned=full).decision == "widen"


def test_missing_container(tmp_path: Path) -> None:
    pdf = build(tmp_path / "a.pdf", 5)
    d = decide(pdf, "How many figures are provided in Pages 400-640?")
    assert (d.decision, d.case) == ("keep", "missing_container")


@pytest.mark.parametrize("name", ["Kestrel", "Orvane Works", "2019"])
def test_a_fact_question_says_where_each_qualifier_is_printed(tmp_path: Path, name: str) -> None:
    # A question of fact has no check; its reason still says what the qualifier search found, so a
    # reviewer sees on the page why no entity is absent (issue 11: a reason verifiable in a minute).
    pdf = build(tmp_path / "a.pdf", 3, body=f"Figures for {name} appear in the annex.")
    d = decide(pdf, f"What did {name} say about the weather?")
    assert (d.decision, d.case) == ("keep", "unverifiable") and d.reason.startswith("No executable check"), d.reason
    assert "Every qualifier it presupposes is printed, so none of them is absent: " in d.reason, d.reason
    assert f"'{name}'" in d.reason and "on pages [1, 2, 3]" in d.reason, d.reason


def test_a_fact_question_without_qualifiers_says_so(tmp_path: Path) -> None:
    pdf = build(tmp_path / "a.pdf", 2)
    d = decide(pdf, "What will happen when you press the button twice?")
    assert (d.decision, d.case) == ("keep", "unverifiable") and d.reason.startswith("No executable check"), d.reason
    assert "It presupposes no name, number, year, date or quoted term" in d.reason, d.reason


def test_absent_entity(tmp_path: Path) -> None:
    pdf = build(tmp_path / "a.pdf", 3)
    d = decide(pdf, "What is the benefit of level-6 in the system in page 2?")
    assert (d.decision, d.case) == ("keep", "absent_entity") and "level-6" in d.reason
    assert d.decision == "keep"


def test_unbounded_complement_needs_no_pdf() -> None:
    d = decide_row(row("List all the icons about signals that can not be found in Status Bar"), None)
    assert (d.decision, d.case) == ("keep", "unbounded_complement")
    assert decide_row(row("What is on page 2?"), None).case == "unverifiable"


def test_fact_questions_are_unverifiable(tmp_path: Path) -> None:
    pdf = build(tmp_path / "a.pdf", 3)
    d = decide(pdf, "What is the page body about?")
    assert (d.decision, d.case) == ("keep", "unverifiable") and "No executable check" in d.reason


@settings(max_examples=8, deadline=None)
@given(n=st.integers(min_value=2, max_value=6), k=st.integers(min_value=1, max_value=6), yellow=st.booleans())
def test_widen_iff_no_member_on_the_page(tmp_path_factory: pytest.TempPathFactory, n: int, k: int, yellow: bool) -> None:
    k = min(k, n)
    pdf = build(tmp_path_factory.mktemp("p") / "a.pdf", n, italic_on={k: YELLOW if yellow else BLACK})
    d = decide(pdf, f"What is the yellow color italic texts in page {k}?")
    assert d.decision == ("keep" if yellow else "widen")


def test_a_check_with_no_page_left_is_never_a_zero(tmp_path: Path) -> None:
    pdf = build(tmp_path / "a.pdf", 3)
    pinned = CheckSpec(probe="text_style", container=Container(kind=ContainerKind.cover), readings=(Reading.label,),
                       params={"styles": ["italic"]})
    d = decide(pdf, "What are the italic words on the cover?", pinned=pinned)
    assert d.decision == "keep"


def test_a_rejected_printed_folio_is_looked_at_and_what_it_holds_is_a_doubt(tmp_path: Path) -> None:
    # PDF p3 prints "1" at the foot, but its neighbours are page pictures with no folio, so the
    # run test rejects it. "page 1" exists (PDF p1, empty of italics); p3 holds a yellow italic
    # span: it may be the page asked, so it keeps the row as a doubt and never widens it.
    doc = pymupdf.open()
    for i in range(1, 5):
        page = doc.new_page(width=400, height=500)
        if i % 2 == 0:
            pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 40, 50), 0)
            pix.set_rect(pix.irect, (230, 230, 230))
            page.insert_image(page.rect, pixmap=pix)
            continue
        page.insert_text((50, 100), f"Body of part {i}.", fontname="helv", fontsize=11)
        if i == 3:
            page.insert_text((50, 140), "an italic remark", fontname="tiit", fontsize=11, color=YELLOW)
            page.insert_text((196, 480), "1", fontname="helv", fontsize=10)
    path = tmp_path / "folio.pdf"
    doc.save(path)
    doc.close()
    d = decide(path, "What is the yellow color italic texts in page 1?")
    assert d.decision != "widen" and d.case == "unverifiable", d.reason
    assert d.members == () and [m.page for m in d.doubts] == [3], d.doubts
    assert "a folio the run test rejected" in d.doubts[0].why

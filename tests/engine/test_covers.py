"""A cover other than the front one: "the second cover page" is PDF page 2 and, in print, the inside
front cover; covers 3 and 4 are the inside back and back covers. Every reading is searched."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pdfs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.engine.containers import resolve
from widening.facts.extract import load_doc
from widening.models import ContainerKind
from widening.question.parse import parse_question


def _brochure(path: Path, n: int = 6, email_on: int | None = None) -> Path:
    doc = pymupdf.open()
    for i in range(1, n + 1):
        page = doc.new_page(width=420, height=300)
        page.insert_text((30, 50), "University brochure" if i == 1 else f"Programme details, part {i}.", fontsize=11)
        if i == email_on:
            page.insert_text((30, 90), "Contact: admissions@example.edu", fontsize=11)
    doc.save(path)
    return path


_decide = pdfs.decide


def test_an_email_on_the_second_cover_page_is_found(tmp_path):
    """Held-out regression: an answerable brochure row ('the Email address ... on the second cover
    page') was widened, its check pinned to the front cover alone."""
    d = _decide(_brochure(tmp_path / "b.pdf", email_on=2), "What is the Email address in this document on the second cover page?")
    assert d.decision == "keep" and d.members and {m.page for m in d.members} == {2}, d.reason


def test_no_email_on_either_reading_of_the_second_cover_widens(tmp_path):
    d = _decide(_brochure(tmp_path / "b.pdf", email_on=4), "What is the Email address in this document on the second cover page?")
    assert d.decision == "widen", d.reason
    assert {p for r in d.probes for p in r.pages} >= {2}


@settings(max_examples=20, deadline=None)
@given(k=st.sampled_from([("second", 2), ("2nd", 2), ("third", 3), ("fourth", 4), ("inside front", 2), ("inside", 2)]),
       n=st.integers(5, 40), tail=st.sampled_from([" cover page?", " cover?"]))
def test_every_reading_of_the_nth_cover(tmp_path_factory, k, n, tail):
    word, number = k
    q = f"What is printed on the {word}{tail}"
    [c] = parse_question(q).containers
    assert (c.kind, c.number) == (ContainerKind.cover, str(number)), q
    pdf = _brochure(tmp_path_factory.mktemp("c") / "b.pdf", n=n)
    doc = load_doc(pdf, ocr=False)
    try:
        pages = {p for t in resolve(c, doc).readings for p in t.pages}
    finally:
        doc.close()
    assert number in pages and {2: 2, 3: n - 1, 4: n}[number] in pages and 1 not in pages


@pytest.mark.parametrize("q", ["What color is the train on the cover?", "What is on the front cover page?"])
def test_the_cover_is_the_first_page(q):
    [c] = parse_question(q).containers
    assert c.kind is ContainerKind.cover and c.number is None


def test_a_blank_inside_cover_is_not_counted(tmp_path):
    """Held-out regression (the same answerable row): PDF page 2 is an empty inside cover, and the
    'second cover page' a reader sees, the title page with the e-mail, is PDF page 3."""
    doc = pymupdf.open()
    for i in range(1, 7):
        page = doc.new_page(width=420, height=300)
        if i in (2, 4):
            continue  # nothing drawn at all
        page.insert_text((30, 50), "Historic buildings survey" if i == 1 else f"Report text, part {i}.", fontsize=11)
        if i == 3:
            page.insert_text((30, 90), "Principal investigator: pi@example.edu", fontsize=11)
    pdf = tmp_path / "survey.pdf"
    doc.save(pdf)
    d = _decide(pdf, "What is the Email address in this document on the second cover page?")
    assert d.decision == "keep" and {m.page for m in d.members} == {3}, d.reason
    assert any(t.number == "page 2 of those not blank" and t.pages == (3,) for t in d.readings)

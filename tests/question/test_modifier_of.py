"""A page named after "<modifier> of" ("the back of page 3", "the reverse of page 3") may be its other side
(in print, page 4): the check looks at the whole document, its finds are candidates. Read as page 3 alone,
a photo on page 4 was widened."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import given, settings, strategies as st

from widening.question.parse import parse_question


@settings(max_examples=20, deadline=None)
@given(modifier=st.sampled_from(["back", "reverse", "Back"]), n=st.integers(1, 40), pages=st.sampled_from(["page {n}", "pages {n} and {m}"]))
def test_a_page_after_modifier_of_is_not_that_page(modifier, n, pages):
    p = parse_question(f"How many pictures are on the {modifier} of {pages.format(n=n, m=n + 1)}?")
    assert [(c.kind.value, c.number) for c in p.containers] == [("document", None)]
    assert p.target.narrowed  # finds in the wider scope are candidates


@pytest.mark.parametrize("q", ["How many pictures are on page 3?", "How many pictures are there except page 3?"])
def test_control_a_plain_page_and_an_exclusion_read_as_before(q):
    p = parse_question(q)
    assert any(c.kind.value == "page" and c.number == "3" for c in (*p.containers, *p.excluded))


def _report(path: Path, photo_on: int | None) -> Path:
    doc = pdfs.new_doc(5)
    for i, page in enumerate(doc):
        pdfs.text(page, (72, 80), f"Section {i + 1}. The committee reviewed the programme.")
        pdfs.text(page, (300, 770), str(i + 1), size=9)
    if photo_on:
        doc[photo_on - 1].insert_image(pymupdf.Rect(72, 200, 300, 380), pixmap=pdfs.photo(5), keep_proportion=False)
    return pdfs.save(doc, path)


def test_a_photo_on_the_other_side_is_never_widened(tmp_path):
    q = "How many pictures are on the back of page 3?"
    assert pdfs.decide(_report(tmp_path / "p.pdf", 4), q).decision == "keep"
    assert pdfs.decide(_report(tmp_path / "q.pdf", None), q).decision == "widen"

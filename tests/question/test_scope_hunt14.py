"""Hunt 14: a container the question names read narrower than asked (a false widening), or a place
claimed to hold members it does not hold (a case claim the page refutes). PDFs built here; each
planted case has a control of the same question shape on a PDF without the thing."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pdfs


def _handout(path: Path, pages: int, per: int, italic_on: int | None) -> Path:
    """A handout of ``pages`` portrait pages printing ``per`` framed slides each; slide ``italic_on``
    (counted from 1) carries a line set in Times-Italic."""
    doc = pymupdf.open()
    n = 0
    h = 700 / per
    for _ in range(pages):
        page = doc.new_page(width=612, height=792)
        for k in range(per):
            n += 1
            hh = h - 30
            r = pymupdf.Rect(306 - hh * 0.75, 40 + k * h, 306 + hh * 0.75, 40 + k * h + hh)  # 4:3 frames
            page.draw_rect(r, color=(0, 0, 0), width=1)
            page.insert_text((r.x0 + 8, r.y0 + 22), f"Slide title {n}", fontsize=12)
            page.insert_text((r.x0 + 8, r.y0 + 40), "Some bullet text on this slide.", fontsize=9)
            if n == italic_on:
                page.insert_text((r.x0 + 8, r.y0 + 60), "golden words here", fontname="tiit", fontsize=10)
    return pdfs.save(doc, path)


_ITALIC = "Which words are in italics on the {}?"


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pages=st.integers(3, 5), per=st.sampled_from([2, 3]), phrase=st.sampled_from(["penultimate slide", "second-to-last slide", "slide second from last"]))
def test_the_penultimate_slide_of_a_handout_is_looked_for_where_it_is_printed(tmp_path_factory, pages, per, phrase):
    """On a handout of several slides a page, "the penultimate slide" is on the last page: looking at the
    page before it only widened with italic text planted on that slide."""
    path = _handout(tmp_path_factory.mktemp("h") / "h.pdf", pages, per, italic_on=pages * per - 1)
    d = pdfs.decide(path, _ITALIC.format(phrase))
    assert d.decision != "widen", d.reason


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pages=st.integers(3, 5), per=st.sampled_from([2, 3]), data=st.data())
def test_a_find_on_pdf_page_n_of_a_handout_is_no_member_of_slide_n(tmp_path_factory, pages, per, data):
    """PDF page k of a handout prints slides (k-1)*per+1.., not slide k: italic text there is no member of
    "slide k" (it was kept as short_not_empty, a claim the page refutes)."""
    k = data.draw(st.integers(2, pages))
    path = _handout(tmp_path_factory.mktemp("h") / "h.pdf", pages, per, italic_on=(k - 1) * per + 1)
    for q in (f"Which words are in italics on slide {k}?", f"Which words are in italics on slides {k} and {k + 1}?"):
        d = pdfs.decide(path, q)
        assert d.case != "short_not_empty", (q, d.reason)
        assert d.decision != "widen", (q, d.reason)


def test_a_deck_of_one_slide_a_page_still_reads_the_penultimate_slide(tmp_path):
    """Control: no handout, the penultimate slide is the page before the last, as before."""
    def deck(path: Path, italic: bool) -> Path:
        doc = pymupdf.open()
        for i in range(1, 7):
            p = doc.new_page(width=720, height=540)
            p.insert_text((40, 80), f"Slide title {i}", fontsize=24)
            if italic and i == 5:
                p.insert_text((40, 160), "golden words here", fontname="tiit", fontsize=18)
        return pdfs.save(doc, path)

    q = _ITALIC.format("penultimate slide")
    assert pdfs.decide(deck(tmp_path / "e.pdf", False), q).decision == "widen"
    assert pdfs.decide(deck(tmp_path / "p.pdf", True), q).case == "short_not_empty"


# (question, pages, page the photo is planted on): the words name that page.
NAMED = [
    ("How many images are on the outside back cover?", 6, 6),
    ("How many images are on the outside front cover?", 6, 1),
    ("How many images are on the second to last and last pages?", 6, 5),
    ("How many images are on the second-to-last and the last page?", 6, 5),
    ("How many images are on the page third from the end?", 6, 4),
    ("How many images are on the slide third to last?", 6, 4),
    ("How many images are on the inside cover?", 6, 5),
    ("How many images are on the first slide of the second part?", 6, 4),
    ("How many images are on the back of the cover?", 6, 2),
]


@pytest.mark.parametrize("question, n, page", NAMED, ids=[q for q, _, _ in NAMED])
def test_a_photo_where_the_words_point_is_never_a_zero(tmp_path, question, n, page):
    d = pdfs.decide(pdfs.report_pages(tmp_path / "planted.pdf", n, photos=[page]), question)
    assert d.decision != "widen", d.reason
    c = pdfs.decide(pdfs.report_pages(tmp_path / "control.pdf", n), question)
    assert (c.decision, c.case) == ("widen", None), c.reason


@pytest.mark.parametrize("question", ["Which words are in italics on the page after page 4?",
                                      "Which words are in italics on the first page of section 3?"])
def test_a_find_in_a_superset_scope_is_no_member(tmp_path, question):
    """A page phrase read only partly scopes the whole document: italic words on page 2 are candidates
    there, never short_not_empty for the page the question names (it was)."""
    d = pdfs.decide(pdfs.report_pages(tmp_path / "p.pdf", 6, styled={2: "tiit"}), question)
    assert d.case != "short_not_empty" and d.decision != "widen", d.reason
    # Control: a page named in full still proves the set not empty.
    assert pdfs.decide(pdfs.report_pages(tmp_path / "q.pdf", 6, styled={2: "tiit"}), "Which words are in italics on page 2?").case == "short_not_empty"

"""A page whose only body text is a blank-page notice ("This page intentionally left blank", "Notes" over ruled
lines), beside a folio or running head at most, is a blank sheet to a reader: "the last page", "the back cover",
"the cover" and "the inside cover" may be the page past it, a doubtful reading (a find there a doubt). Before, only
a closing page of margin words was passed over: a last page reading "This page intentionally left blank" was
measured alone, and "How many images are on the last page?" widened though the page before showed a photo."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pdfs
from fixtures.drawn import photo_like
from widening.engine.containers import blank_sheet, resolve
from widening.facts.extract import load_doc
from widening.models import Container, ContainerKind

RED = (0.9, 0.1, 0.1)
NOTICES = ["This page intentionally left blank", "[This page is intentionally left blank.]", "THIS PAGE LEFT BLANK",
           "Page intentionally blank", "Blank page", "Notes", "NOTES:"]


def _photo(page: pymupdf.Page, k: int) -> None:
    png = pymupdf.Pixmap(pymupdf.csRGB, 320, 240, photo_like(k).tobytes(), False).tobytes("png")
    page.insert_image(pymupdf.Rect(100, 400, 400, 600), stream=png)


def _file(path: Path, specs: list[str], notice: str = NOTICES[0], ruled: bool = False, head: bool = False) -> Path:
    """One A4 page per spec: "notice" (the notice alone in the body, with ruled lines when ``ruled``), "photo"
    (text and a photo), "red" (text and red words), "text"; every page a folio, and a running head when ``head``."""
    doc = pymupdf.open()
    for k, spec in enumerate(specs, 1):
        p = doc.new_page(width=595, height=842)
        if spec == "notice":
            pdfs.text(p, (180, 160 if ruled else 420), notice, size=14)
            for j in range(20 if ruled else 0):
                p.draw_line((60, 200 + 28 * j), (535, 200 + 28 * j), width=0.5)
        else:
            for j in range(6):
                pdfs.text(p, (60, 120 + 20 * j), f"Section text line {j} about the programme and its results.", size=10)
        if spec == "photo":
            _photo(p, k)
        if spec == "red":
            pdfs.text(p, (100, 400), "alert words here", colour=RED)
        if head:
            pdfs.text(p, (60, 30), "Annual Report 2024", size=9)
        pdfs.text(p, (290, 815), str(k), size=9)
    return pdfs.save(doc, path)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(n=st.integers(3, 6), notice=st.sampled_from(NOTICES), ruled=st.booleans(), head=st.booleans(),
       asked=st.sampled_from(["the last page", "the back cover", "the final page"]))
def test_a_closing_notice_page_leaves_the_page_before_in_scope(tmp_path_factory, n, notice, ruled, head, asked) -> None:
    """Regression (false widening): the last page reads only "This page intentionally left blank"; the page
    before shows a photo. "How many images are on the last page?" measured the notice page alone and widened."""
    path = _file(tmp_path_factory.mktemp("n") / "n.pdf", ["text"] * (n - 2) + ["photo", "notice"], notice, ruled, head)
    d = pdfs.decide(path, f"How many images are on {asked}?")
    assert d.decision != "widen", d.reason
    assert not d.members and n - 1 in {m.page for m in d.doubts}, d.reason


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(notice=st.sampled_from(NOTICES), head=st.booleans(), q=st.sampled_from(["How many images are on the cover?",
                                                                               "How many photos are on the front cover?"]))
def test_a_notice_sheet_before_the_cover_leaves_the_next_page_in_scope(tmp_path_factory, notice, head, q) -> None:
    """A notice sheet opens the file; the photo is on the page after it: a doubt, never a zero of PDF page 1."""
    path = _file(tmp_path_factory.mktemp("c") / "c.pdf", ["notice", "photo", "text", "text"], notice, head=head)
    d = pdfs.decide(path, q)
    assert d.decision != "widen" and not d.members and {m.page for m in d.doubts} == {2}, d.reason


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(notice=st.sampled_from(NOTICES), q=st.sampled_from(["What are the red words on the inside cover?",
                                                           "What are the red words on the second cover page?"]))
def test_a_notice_inside_cover_leaves_the_page_after_in_scope(tmp_path_factory, notice, q) -> None:
    path = _file(tmp_path_factory.mktemp("i") / "i.pdf", ["text", "notice", "red", "text", "text", "text"], notice, head=True)
    d = pdfs.decide(path, q)
    assert d.decision != "widen" and not d.members and 3 in {m.page for m in d.doubts}, d.reason


def test_a_notice_back_cover_leaves_the_fourth_cover_page_before_in_scope(tmp_path: Path) -> None:
    path = _file(tmp_path / "b.pdf", ["text", "text", "text", "text", "red", "notice"])
    doc = load_doc(path, ocr=False)
    try:
        res = resolve(Container(kind=ContainerKind.cover, number="4", text="the fourth cover"), doc)
        assert 6 in res.pages(certain=True) and 5 in res.pages(), res.readings
    finally:
        doc.close()


def test_a_last_page_with_body_text_still_widens(tmp_path: Path) -> None:
    """Control: a last page of body text (a notice among other words is no blank sheet) is the last page."""
    path = _file(tmp_path / "c.pdf", ["text", "photo", "notice"], notice="Notes on the survey method and the sample drawn")
    d = pdfs.decide(path, "How many images are on the last page?")
    assert d.decision == "widen", d.reason


def test_a_body_text_page_is_no_blank_sheet(tmp_path: Path) -> None:
    path = _file(tmp_path / "c.pdf", ["text", "notice", "photo"])
    doc = load_doc(path, ocr=False)
    try:
        assert [blank_sheet(doc, i) for i in (1, 2, 3)] == [False, True, False]
    finally:
        doc.close()


def test_a_missing_cover_page_stays_missing(tmp_path: Path) -> None:
    """Control: a notice sheet does not make a page past the end exist."""
    d = pdfs.decide(_file(tmp_path / "m.pdf", ["text", "notice"]), "What are the red words on page 9?")
    assert d.decision == "keep" and d.case == "missing_container", d.reason

"""A slide printed in a part of its page (several slides a page; a notes page's slide above its notes):
the page's region is not the slide's, and a find elsewhere on the page may lie on another slide or in the
notes. The certain readings of such a slide are doubtful (engine/containers.py ``_slide_parts``)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pdfs

RED = (0.9, 0.0, 0.0)


def handout(path: Path, red_on: int | None, per: int = 3, pages: int = 2) -> Path:
    """``pages`` portrait pages printing ``per`` framed slides each, stacked; red words at the foot of slide ``red_on``."""
    doc = pdfs.new_doc(pages)
    fw = 400.0
    fh = fw * 9 / 16
    k = 0
    for page in doc:
        for j in range(per):
            k += 1
            r = pymupdf.Rect(106, 40 + j * (fh + 30), 106 + fw, 40 + j * (fh + 30) + fh)
            page.draw_rect(r, color=(0, 0, 0), width=1)
            pdfs.text(page, (r.x0 + 20, r.y0 + 30), f"Slide title {k}", size=14)
            pdfs.text(page, (r.x0 + 20, r.y0 + 50), "Some bullet text for this slide", size=10)
            if k == red_on:
                pdfs.text(page, (r.x0 + 20, r.y1 - 15), "Contact us today", size=10, colour=RED)
    return pdfs.save(doc, path)


def notes_pages(path: Path, red_in: str | None, pages: int = 3) -> Path:
    """Portrait notes pages: a framed slide across the top, notes below; red words at the foot of slide 2 or in its notes."""
    doc = pdfs.new_doc(pages)
    for k, page in enumerate(doc, start=1):
        r = pymupdf.Rect(90, 50, 522, 50 + 432 * 9 / 16)
        page.draw_rect(r, color=(0, 0, 0), width=1)
        pdfs.text(page, (r.x0 + 20, r.y0 + 40), f"Slide heading {k}", size=18)
        pdfs.text(page, (72, 330), "Notes:", size=11, font="hebo")
        for i in range(6):
            pdfs.text(page, (72, 350 + 14 * i), "The speaker explains the figures on this slide in some detail.", size=10)
        if k == 2 and red_in == "slide":
            pdfs.text(page, (r.x0 + 20, r.y1 - 12), "Contact us today", size=11, colour=RED)
        if k == 2 and red_in == "notes":
            pdfs.text(page, (72, 450), "Remember to thank the sponsors", size=10, colour=RED)
    return pdfs.save(doc, path)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(per=st.sampled_from([2, 3]), where=st.sampled_from(["at the bottom of", "in the lower part of", "at the bottom left of"]))
def test_the_foot_of_the_first_slide_of_a_handout_is_no_band_of_the_sheet(tmp_path_factory, per, where):
    """Regression: red words at the foot of slide 1, printed in the top part of a handout page: the bottom band
    of the sheet holds other slides, and looking there alone widened."""
    path = handout(tmp_path_factory.mktemp("h") / "h.pdf", red_on=1, per=per)
    d = pdfs.decide(path, f"What is the red text {where} slide 1?")
    assert d.decision != "widen", d.reason


def test_a_find_on_another_slide_of_the_sheet_is_no_member_of_slide_1(tmp_path):
    """Regression: red words on slide 3 of a three-up page were a member of "slide 1" (short_not_empty, refuted)."""
    d = pdfs.decide(handout(tmp_path / "h.pdf", red_on=3), "What is the red text on slide 1?")
    assert d.case != "short_not_empty" and d.decision != "widen", d.reason
    assert any(m.page == 1 for m in d.doubts), d.doubts


def test_the_foot_of_a_notes_page_slide_is_no_band_of_the_page(tmp_path):
    d = pdfs.decide(notes_pages(tmp_path / "n.pdf", "slide"), "What is the red text at the bottom of slide 2?")
    assert d.decision != "widen", d.reason
    d = pdfs.decide(notes_pages(tmp_path / "m.pdf", "notes"), "What is the red text on slide 2?")
    assert d.case != "short_not_empty" and d.decision != "widen", d.reason


def test_control_a_deck_of_one_landscape_slide_a_page_is_read_as_before(tmp_path):
    """Control: a slide that is its page keeps its region, its members and its zero."""
    doc = pymupdf.open()
    for k in range(1, 4):
        page = doc.new_page(width=720, height=405)
        pdfs.text(page, (40, 60), f"Slide title {k}", size=24)
        if k == 2:
            pdfs.text(page, (40, 380), "Contact us today", size=12, colour=RED)
    path = pdfs.save(doc, tmp_path / "deck.pdf")
    d = pdfs.decide(path, "What is the red text at the bottom of slide 2?")
    assert d.case == "short_not_empty", d.reason
    assert pdfs.decide(path, "What is the red text at the bottom of slide 3?").decision == "widen"


def test_an_empty_foot_of_a_handout_slide_is_kept_never_claimed_missing(tmp_path):
    d = pdfs.decide(handout(tmp_path / "h.pdf", red_on=None), "What is the red text at the bottom of slide 1?")
    assert d.case == "unverifiable", d.reason

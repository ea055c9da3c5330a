"""A box a reader calls black is often a dark grey (Office's "Black, Lighter 25%" #404040): it is the box,
never proof that no black box exists. Only a page with nothing near black is missing_container."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import Row

ASK = "What is written in the black box on page 1?"
NAVY = (0.05, 0.1, 0.55)


def page_with_box(path: Path, grey: float | None, as_picture: bool = False) -> Path:
    """One page of dark-blue body text and, when ``grey`` is given, a box of that grey holding white words."""
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=500)
    page.insert_text((40, 60), "Quarterly service summary for the northern region", fontsize=11, color=NAVY)
    box = pymupdf.Rect(40, 120, 300, 180)
    if grey is not None:
        if as_picture:
            level = round(grey * 255)
            pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 130, 30), 0)
            pix.set_rect(pix.irect, (level, level, level))
            page.insert_image(box, pixmap=pix)
        else:
            page.draw_rect(box, color=None, fill=(grey, grey, grey))
            page.insert_text((60, 155), "Renew before June", fontsize=12, color=(1, 1, 1))
    doc.save(path)
    doc.close()
    return path


def decide(path: Path):
    doc = load_doc(path, ocr=False)
    try:
        return decide_row(Row(doc_id="fixture.pdf", question=ASK, answer="Not answerable"), doc)
    finally:
        doc.close()


@settings(max_examples=8, deadline=None)
@given(level=st.integers(61, 100), as_picture=st.booleans())
def test_a_dark_grey_box_is_never_a_missing_black_box(tmp_path_factory, level, as_picture):
    path = page_with_box(tmp_path_factory.mktemp("box") / "box.pdf", level / 255, as_picture)
    d = decide(path)
    assert d.case != "missing_container", d.reason
    assert d.decision == "keep"


def test_office_black_lighter_25_is_the_box(tmp_path):
    d = decide(page_with_box(tmp_path / "box.pdf", 0x40 / 255))
    assert d.case != "missing_container" and d.decision == "keep", d.reason


def test_control_a_page_with_nothing_near_black_has_no_black_box(tmp_path):
    d = decide(page_with_box(tmp_path / "box.pdf", 0x9A / 255))
    assert d.case == "missing_container", d.reason

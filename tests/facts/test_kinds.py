"""Page kinds: a full-page picture whose only text layer is a header or footer stamp is
image-only (its body is pixels), while a page with body text stays born-digital."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc
from widening.models import PageKind


def _page(path: Path, picture: bool, lines: list[tuple[float, str]]) -> PageKind:
    """A one-page PDF: an optional full-page picture, then visible text lines at fractions of the page height."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    if picture:
        pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 64, 80), False)
        pix.clear_with(235)
        page.insert_image(page.rect, pixmap=pix)
    for frac, text in lines:
        page.insert_text((60, 10 + frac * 770), text, fontsize=9)
    doc.save(path)
    doc.close()
    d = load_doc(path, ocr=False)
    try:
        return d.facts.page(1).kind
    finally:
        d.close()


STAMPS = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:/- ", min_size=25, max_size=90).filter(lambda s: len(s.split()) >= 2)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(stamp=STAMPS, top=st.booleans(), at=st.floats(0.0, 0.08))
def test_a_stamp_over_a_full_page_picture_is_image_only(tmp_path: Path, stamp: str, top: bool, at: float) -> None:
    frac = at if top else 1.0 - at
    assert _page(tmp_path / "s.pdf", True, [(frac, stamp)]) is PageKind.image_only


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(stamp=STAMPS, body=st.floats(0.2, 0.8), picture=st.booleans())
def test_body_text_keeps_the_page_born_digital(tmp_path: Path, stamp: str, body: float, picture: bool) -> None:
    # With or without a background picture, text in the body is the page's text layer.
    assert _page(tmp_path / "b.pdf", picture, [(0.02, stamp), (body, "Body text of the page, set in its text layer.")]) is PageKind.born_digital


def test_a_stamp_without_a_picture_is_born_digital(tmp_path: Path) -> None:
    assert _page(tmp_path / "n.pdf", False, [(0.02, "Case 1:19-cv-00042 Document 7 Filed 02/03/19 Page 2 of 9")]) is PageKind.born_digital

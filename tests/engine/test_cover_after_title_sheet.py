"""A file may open with a title or repository sheet (text only) before the piece's own cover, a picture filling
page 2. "The cover" is then page 2 to a reader as well as PDF page 1: a doubtful reading, a find there a doubt.
Before, "How many images are on the cover?" measured the text-only title sheet alone and widened."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pdfs
from fixtures.drawn import photo_like

LINE = "Section text line about the programme and its results."


def _file(path: Path, cover_height: float, first_picture: float = 0.0) -> Path:
    """Page 1 a title sheet (with a picture ``first_picture`` of its height, 0 for none), page 2 a picture of
    ``cover_height`` of the page's height across its width, then three pages of text."""
    doc = pymupdf.open()
    png = pymupdf.Pixmap(pymupdf.csRGB, 320, 240, photo_like(3).tobytes(), False).tobytes("png")
    for k in range(1, 6):
        p = doc.new_page(width=595, height=842)
        if k == 1:
            pdfs.text(p, (150, 400), "Annual Report 2024", size=28)
            pdfs.text(p, (220, 450), "Acme Corporation", size=14)
            if first_picture:
                p.insert_image(pymupdf.Rect(200, 500, 395, 500 + first_picture * 842), stream=png, keep_proportion=False)
        elif k == 2:
            p.insert_image(pymupdf.Rect(0, 0, 595, cover_height * 842), stream=png, keep_proportion=False)
        else:
            for j in range(6):
                pdfs.text(p, (60, 120 + 20 * j), LINE, size=10)
    return pdfs.save(doc, path)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(height=st.floats(0.6, 1.0), q=st.sampled_from(["How many images are on the cover?", "How many photos are on the front cover?"]))
def test_a_picture_filling_page_2_after_a_title_sheet_is_a_doubt(tmp_path_factory, height: float, q: str) -> None:
    d = pdfs.decide(_file(tmp_path_factory.mktemp("t") / "t.pdf", height), q)
    assert d.decision != "widen" and not d.members and {m.page for m in d.doubts} == {2}, d.reason


def test_a_small_picture_on_page_2_leaves_the_cover_to_page_1(tmp_path: Path) -> None:
    """Control: page 2 shows a picture over a quarter of its height: no cover; the zero of page 1 widens."""
    d = pdfs.decide(_file(tmp_path / "s.pdf", 0.25), "How many images are on the cover?")
    assert d.decision == "widen", d.reason

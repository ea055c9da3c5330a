"""A closing page that prints nothing but a folio or a running head is a blank sheet to a reader: "the last
page" (the back cover) may be the page before it, a doubtful reading, as it is past a page that is empty."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fixtures.drawn import photo_like
from widening.engine.containers import resolve
from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import Container, ContainerKind, Row


def _closing(path: Path, n: int, last: list[tuple[str, float]]) -> Path:
    """``n`` pages of text with a folio, a photo on page ``n - 1``; page ``n`` prints only ``last`` (text, y)."""
    d = pymupdf.open()
    for k in range(1, n + 1):
        p = d.new_page(width=595, height=842)
        if k < n:
            for j in range(6):
                p.insert_text((60, 120 + 20 * j), f"Section text line {j} about the programme and its results.", fontsize=10)
            p.insert_text((290, 815), str(k), fontsize=9)
        for text, y in last if k == n else ():
            p.insert_text((250, y), text, fontsize=9)
        if k == n - 1:
            png = pymupdf.Pixmap(pymupdf.csRGB, 320, 240, photo_like(k).tobytes(), False).tobytes("png")
            p.insert_image(pymupdf.Rect(100, 400, 400, 600), stream=png)
    d.save(path)
    return path


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(n=st.integers(3, 7), furniture=st.sampled_from([[("{n}", 815)], [("Annual Report 2024", 30)], [("Annual Report 2024", 30), ("{n}", 815)]]),
       asked=st.sampled_from(["the last page", "the back cover"]))
def test_a_closing_page_of_margin_words_only_leaves_the_page_before_in_scope(tmp_path_factory, n, furniture, asked) -> None:
    """Regression (false widening): the last PDF page prints only its folio "6"; the page before shows a photo.
    "How many images are on the last page?" measured PDF page 6 alone and widened."""
    path = _closing(tmp_path_factory.mktemp("l") / "l.pdf", n, [(t.format(n=n), y) for t, y in furniture])
    doc = load_doc(path, ocr=False)
    try:
        res = resolve(Container(kind=ContainerKind.last_page, text=asked), doc)
        assert n in res.pages() and n - 1 in res.pages(), res.readings
        row = decide_row(Row(doc_id=path.name, question=f"How many images are on {asked}?", answer="Not answerable"), doc)
        assert row.decision != "widen", row.reason
    finally:
        doc.close()


def test_a_closing_page_with_body_text_is_the_last_page(tmp_path: Path) -> None:
    """Control: a last page with text in its body is the last page; its zero widens."""
    path = _closing(tmp_path / "c.pdf", 5, [("Contact us at the address below for more copies.", 420), ("5", 815)])
    doc = load_doc(path, ocr=False)
    try:
        res = resolve(Container(kind=ContainerKind.last_page, text="the last page"), doc)
        assert res.pages() == (5,), res.readings
        row = decide_row(Row(doc_id=path.name, question="How many images are on the last page?", answer="Not answerable"), doc)
        assert row.decision == "widen", row.reason
    finally:
        doc.close()

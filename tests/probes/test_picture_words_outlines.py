"""Words drawn as vector outlines (text converted to paths: logos, letterheads, chart labels) are read
before an absent-name claim (name_mentions, ``pictures: true``): real PDFs, real OCR.

Such a name is in no text layer and in no raster picture; picture_words.vector_areas picks the
vector art that may be lettering and it is OCR'd as a picture.
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fixtures.drawn import outlined_text
from widening.facts.extract import load_doc
from widening.models import ProbeStatus
from widening.probes import Scope, picture_words, run_probe


def _build(path: Path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=260)
    page.insert_text((30, 40), "Partners of the programme are listed below.", fontname="helv", fontsize=11)
    outlined_text(page, (33, 60), "Kestrel Dynamics", 22, "hebo")
    # A wordmark of stroked straight segments and a frame for its "O" (no curve in it).
    ink = dict(color=(0.1, 0.2, 0.6), width=4)
    page.draw_polyline([(40, 150), (52, 190), (64, 150)], **ink)  # V
    page.draw_polyline([(96, 150), (76, 150), (76, 190), (96, 190)], **ink)  # E
    page.draw_line((76, 170), (92, 170), **ink)
    page.draw_line((106, 150), (130, 190), **ink)  # X
    page.draw_line((130, 150), (106, 190), **ink)
    page.draw_rect(pymupdf.Rect(142, 150, 166, 190), **ink)  # O
    page.insert_text((30, 230), "Members discussed staffing and budgets.", fontname="helv", fontsize=11)
    doc.save(path)
    doc.close()


def test_a_name_drawn_only_as_vector_outlines_is_found_not_claimed_absent(tmp_path: Path) -> None:
    _build(tmp_path / "o.pdf")
    doc = load_doc(tmp_path / "o.pdf", ocr=False)
    try:
        assert "Kestrel" not in doc.page(1).get_text() and not doc.page(1).get_images()
        assert picture_words.picture_pages(doc, (1,)), "the vector lettering is an area to read"
        for name in ("Kestrel Dynamics", "VEXO"):
            res = run_probe("name_mentions", doc, Scope(pages=(1,)), {"variants": [name], "pictures": True})
            assert not res.measured_zero and (res.members or res.doubts), (name, res.note)
            assert "OCR of a picture" in (res.members or res.doubts)[0].what, res.note
        absent = run_probe("name_mentions", doc, Scope(pages=(1,)), {"variants": ["Quixote"], "pictures": True})
        assert absent.measured_zero, absent.note  # the lettering was read, and holds no such name
    finally:
        doc.close()


def test_flat_furniture_is_no_lettering_and_dense_marks_make_few_areas(tmp_path: Path) -> None:
    """A table's rules and cells are never read as lettering; a page of many separate small marks
    (a chart's markers, scattered icons) is read in at most VECTOR_MAX_AREAS areas. No OCR runs."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((50, 40), "A table and a scatter plot.", fontsize=11)
    for k in range(8):  # a ruled table: flat cells and rules
        page.draw_rect(pymupdf.Rect(50, 60 + 20 * k, 550, 80 + 20 * k), color=(0, 0, 0), width=0.5)
        page.draw_line((50, 80 + 20 * k), (550, 80 + 20 * k), color=(0, 0, 0), width=0.5)
    for k in range(60):  # markers all over the lower page, each far from the others
        x, y = 60 + (k % 10) * 50, 300 + (k // 10) * 70
        page.draw_circle((x, y), 3, color=(0.8, 0.1, 0.1), fill=(0.8, 0.1, 0.1))
    doc.save(tmp_path / "f.pdf")
    doc.close()
    d = load_doc(tmp_path / "f.pdf", ocr=False)
    try:
        areas = picture_words.vector_areas(d, 1)
        assert 1 <= len(areas) <= picture_words.VECTOR_MAX_AREAS, areas
        assert all(box[1] >= 250 for box, _ in areas), areas  # none over the table
    finally:
        d.close()


def test_lettering_on_a_line_with_text_layer_words_is_still_read(tmp_path: Path) -> None:
    """OCR lines of a vector area that only re-read its text-layer words are dropped
    (picture_words.REREAD_COVER); a line with outlined lettering beside those words is not."""
    doc = pymupdf.open()
    page = doc.new_page(width=420, height=220)
    page.insert_text((30, 40), "Partners of the programme are listed below.", fontname="helv", fontsize=11)
    page.insert_text((30, 88), "Sponsor:", fontname="helv", fontsize=18)
    outlined_text(page, (115, 64), "Kestrel Dynamics", 22, "hebo")
    # Text-layer words between two outlined lines lie in the one area OCR reads.
    page.insert_text((120, 110), "Series of annual reports", fontname="helv", fontsize=9)
    outlined_text(page, (115, 112), "Osprey Holdings", 22, "hebo")
    doc.save(tmp_path / "s.pdf")
    doc.close()
    d = load_doc(tmp_path / "s.pdf", ocr=False)
    try:
        assert len(picture_words.vector_areas(d, 1)) == 1
        for name in ("Kestrel Dynamics", "Osprey Holdings"):
            res = run_probe("name_mentions", d, Scope(pages=(1,)), {"variants": [name], "pictures": True})
            assert res.members and "OCR of a picture" in res.members[0].what, (name, res.note)
        read = " ".join(l.text for l in picture_words.picture_lines(d, 1))
        assert "Series" not in read and "annual" not in read, read  # the text layer's words, read once
    finally:
        d.close()


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(rows=st.integers(3, 8), which=st.integers(0, 7), value=st.sampled_from(["24.1", "31", "57.5", "88"]),
       gap=st.floats(2.0, 12.0), ruled=st.sampled_from(["grid", "columns"]))
def test_a_cell_drawn_as_outlines_between_a_tables_rules_is_read(tmp_path_factory, rows: int, which: int, value: str,
                                                                  gap: float, ruled: str) -> None:
    # A column rule as tall as the table stood beside a cell's outlined number and joined its run; the
    # run then held the other cells' text-layer words and was set aside unread, so "which area has more
    # than 23% ..." widened over a cell that prints 24.1. The number is read, and never a zero.
    which %= rows
    doc = pymupdf.open()
    page = doc.new_page()
    top, step, x0, x1, x2 = 150.0, 20.0, 72.0, 222.0, 372.0
    page.insert_text((x0 + 4, top - 6), "Area", fontsize=10)
    page.insert_text((x1 + 4, top - 6), "% land area rezoned", fontsize=10)
    for r in range(rows):
        y = top + step * r
        page.insert_text((x0 + 4, y + 14), f"District {r + 1}", fontsize=10)
        if r == which:
            outlined_text(page, (x1 + gap, y + 1), value, 10)
        else:
            page.insert_text((x1 + gap, y + 14), f"{10 + r}.5", fontsize=10)
    bottom = top + step * rows
    for x in (x0, x1, x2):
        page.draw_line((x, top - 20), (x, bottom), width=0.8)
    for r in range(rows + 1) if ruled == "grid" else (0, rows):
        page.draw_line((x0, top + step * r), (x2, top + step * r), width=0.8)
    pdf = tmp_path_factory.mktemp("t") / "t.pdf"
    doc.save(pdf)
    loaded = load_doc(pdf, ocr=False)
    try:
        read = " ".join(line.text for line in picture_words.picture_lines(loaded, 1))
        assert value in read, (read, value, gap, ruled)
        res = run_probe("table_values", loaded, Scope((1,)), {"column": "land area rezoned", "op": ">", "value": 23.0, "percent": True})
        assert res.members or res.doubts or res.status is not ProbeStatus.measured, (res.status, res.note)
    finally:
        loaded.close()

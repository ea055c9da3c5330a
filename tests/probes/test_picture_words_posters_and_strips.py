"""Words a page shows but its text layer lacks, drawn in ways the picture reading missed (hunt 25d):
poster lettering converted to outlines taller than VECTOR_MAX_LETTER_PT, a word painted one picture per
letter (gradient lettering converted to outlines: each glyph a shading in its own clip), and a picture
stored as strips a few pixels tall. Each was read nowhere: the count widened and the name was claimed
absent. Real PDFs, real OCR; each with a control."""

from __future__ import annotations

import re
from pathlib import Path

import cv2
import numpy as np
import pymupdf
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pdfs
from fixtures.drawn import outlined_text
from widening.facts.extract import load_doc
from widening.probes import picture_words

BODY = ("The annual report describes staffing.", "Budgets were discussed at length.")


def _body(page: pymupdf.Page) -> None:
    for i, line in enumerate(BODY):
        page.insert_text((72, 640 + 16 * i), line, fontsize=11)


def _poster(path: Path, word: str, size: float) -> Path:
    """``word`` converted to outlines at ``size`` pt (its capitals over VECTOR_MAX_LETTER_PT tall), body text below."""
    doc = pymupdf.open()
    page = doc.new_page()
    _body(page)
    outlined_text(page, (20, 150), word, size)
    doc.save(path)
    return path


def _shaded(path: Path, word: str | None) -> Path:
    """``word`` converted to outlines, each glyph a clip painted by an axial shading (red to blue): no text, no path
    get_drawings lists; MuPDF lists each glyph's shading as a picture of its own."""
    doc = pymupdf.open()
    page = doc.new_page()
    _body(page)
    if word:
        src = pymupdf.open()
        sp = src.new_page(width=60 * len(word), height=96)
        sp.insert_text((10, 69), word, fontsize=60)
        vec = pymupdf.open("svg", sp.get_svg_image(text_as_path=True).encode())
        glyphs = pymupdf.open("pdf", vec.convert_to_pdf())[0].read_contents().decode()
        clipped = re.sub(r"([-\d.]+ [-\d.]+ m [^f]*?) f", r"q \1 W n /Sh1 sh Q", glyphs)
        assert clipped != glyphs
        sx = doc.get_new_xref()
        doc.update_object(sx, "<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 1 0] /Extend [true true] "
                              "/Function << /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1 >> >>")
        page.insert_text((0, 0), " ", fontsize=1)  # makes the page's resource dictionary
        res = doc.xref_get_key(page.xref, "Resources")
        holder = int(res[1].split()[0]) if res[0] == "xref" else page.xref
        doc.xref_set_key(holder, "Shading" if res[0] == "xref" else "Resources/Shading", f"<< /Sh1 {sx} 0 R >>")
        cx = doc.get_new_xref()
        doc.update_object(cx, "<< >>")
        doc.update_stream(cx, f"q 1 0 0 1 72 500 cm {clipped} Q".encode(), new=True)
        kind, old = doc.xref_get_key(page.xref, "Contents")
        doc.xref_set_key(page.xref, "Contents", f"[{old.strip('[]')} {cx} 0 R]")
    doc.save(path)
    return path


def _word_pixels(word: str, colour: tuple[int, int, int] = (0, 0, 0), underline: bool = False) -> np.ndarray:
    img = np.full((120, 600, 3), 255, dtype=np.uint8)
    cv2.putText(img, word, (15, 86), cv2.FONT_HERSHEY_SIMPLEX, 2.4, colour, 4, cv2.LINE_AA)
    if underline:
        cv2.line(img, (15, 98), (330, 98), colour, 4)
    return img


def _strips(path: Path, img: np.ndarray, rows: int) -> Path:
    """The picture ``img`` placed as strips ``rows`` pixels tall, stacked edge to edge (300 x 60 pt)."""
    doc = pymupdf.open()
    page = doc.new_page()
    _body(page)
    h = img.shape[0]
    for top in range(0, h, rows):
        part = img[top:top + rows]
        page.insert_image(pymupdf.Rect(72, 200 + 60 * top / h, 372, 200 + 60 * min(h, top + rows) / h), stream=pdfs.png_bytes(part))
    doc.save(path)
    return path


def _search(pdf: Path, text: str):
    return pdfs.probe(pdf, "text_search", {"text": text})


def test_poster_lettering_taller_than_a_letter_is_read(tmp_path: Path) -> None:
    pdf = _poster(tmp_path / "poster.pdf", "ROO", 200)
    page = pymupdf.open(pdf)[0]
    assert "ROO" not in page.get_text() and max(d["rect"][3] - d["rect"][1] for d in page.get_cdrawings()) > picture_words.VECTOR_MAX_LETTER_PT
    found = _search(pdf, "ROO")
    assert found.members and "OCR of a picture" in found.members[0].what, found
    rec = pdfs.decide(pdf, "How many times does the word ROO appear on page 1?")
    assert rec.decision == "keep" and rec.case != "absent_entity", rec.reason
    named = pdfs.decide(pdf, "What is the phone number of ROO?")
    assert named.case != "absent_entity", named.reason
    # Control: a word the poster does not show is still measured absent.
    assert pdfs.decide(pdf, "How many times does the word Kangaroo appear on page 1?").decision == "widen"


def test_a_lone_tall_shape_is_no_lettering(tmp_path: Path) -> None:
    """A single tall curved shape (a swoosh) of few pieces is no word: not read. Two tall glyphs side by side are."""
    doc = pymupdf.open()
    page = doc.new_page()
    _body(page)
    page.draw_bezier((40, 100), (200, 150), (20, 400), (120, 500), color=None, fill=(0.2, 0.4, 0.9), closePath=True)
    doc.save(tmp_path / "swoosh.pdf")
    d = load_doc(tmp_path / "swoosh.pdf", ocr=False)
    try:
        assert picture_words.vector_areas(d, 1) == ()
    finally:
        d.close()
    d = load_doc(_poster(tmp_path / "two.pdf", "OK", 200), ocr=False)
    try:
        assert len(picture_words.vector_areas(d, 1)) == 1
    finally:
        d.close()


def test_a_word_painted_one_shaded_glyph_at_a_time_is_read_whole(tmp_path: Path) -> None:
    pdf = _shaded(tmp_path / "shaded.pdf", "Wallaby")
    page = pymupdf.open(pdf)[0]
    assert "Wallaby" not in page.get_text() and not page.get_drawings() and len(page.get_image_info()) == 7
    found = _search(pdf, "Wallaby")
    assert found.members and "OCR of a picture" in found.members[0].what, found
    assert pdfs.decide(pdf, "What is the phone number of Wallaby?").case != "absent_entity"
    red = pdfs.decide(pdf, "What is the red text on page 1?")
    assert red.decision == "keep", red.reason
    # Control: the same page without the lettering.
    assert _search(_shaded(tmp_path / "none.pdf", None), "Wallaby").measured_zero


def test_reading_groups_join_letter_sized_pictures_on_a_line_only() -> None:
    letters = [(83.0, 229.0, 138.0, 273.0), (141.0, 240.0, 171.0, 275.0), (176.0, 229.0, 182.0, 273.0)]
    assert len(picture_words.reading_groups(letters)) == 1
    photos = [(72.0, 100.0, 372.0, 300.0), (392.0, 100.0, 540.0, 300.0)]  # wider than glyphs, or taller than a letter
    assert len(picture_words.reading_groups(photos)) == 2
    apart = [(72.0, 100.0, 100.0, 130.0), (72.0, 400.0, 100.0, 430.0)]
    assert len(picture_words.reading_groups(apart)) == 2


@pytest.mark.parametrize("rows", [1, 2])
def test_a_picture_stored_as_strips_under_three_pixels_is_read(tmp_path: Path, rows: int) -> None:
    pdf = _strips(tmp_path / "strips.pdf", _word_pixels("Platypus"), rows)
    assert all(min(i["width"], i["height"]) < picture_words.MIN_PICTURE_PIXELS for i in pymupdf.open(pdf)[0].get_image_info())
    found = _search(pdf, "Platypus")
    assert found.members and "OCR of a picture" in found.members[0].what, found
    assert pdfs.decide(pdf, "What is the phone number of Platypus?").case != "absent_entity"
    assert _search(pdf, "Kangaroo").measured_zero  # control: what the picture does not show


def test_an_underlined_word_in_a_picture_stored_as_strips_is_no_zero(tmp_path: Path) -> None:
    """Read strip by strip, OCR saw nothing and "underlined words" widened; read as one picture, it is kept."""
    pdf = _strips(tmp_path / "u.pdf", _word_pixels("Platypus", underline=True), 8)
    rec = pdfs.decide(pdf, "What are the underlined words on page 1?")
    assert rec.decision == "keep", rec.reason
    red = pdfs.decide(_strips(tmp_path / "r.pdf", _word_pixels("Platypus", colour=(220, 20, 30)), 8), "What is the red text on page 1?")
    assert red.decision == "keep", red.reason
    # Control: black words in strips are cleared for a colour they lack.
    black = pdfs.decide(_strips(tmp_path / "b.pdf", _word_pixels("Platypus"), 8), "What is the red text on page 1?")
    assert black.decision == "widen", black.reason


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 40), st.floats(0.5, 3.0), st.integers(1, 2))
def test_hairline_pictures_of_a_grid_are_no_tiled_picture(n: int, px_per_pt: float, thick: int) -> None:
    """Thin pictures that tile an area are one picture; a grid of hairline pictures (a table's rules) is not."""
    from widening.probes.images import Placed

    rect = pymupdf.Rect(0, 0, 612, 792)
    strips = [Placed(1, (72.0, 200.0 + i * thick / px_per_pt, 372.0, 200.0 + (i + 1) * thick / px_per_pt), 0,
                     (round(300 * px_per_pt), thick), "decoration") for i in range(n)]
    tiled = picture_words.tiled_pictures(strips, rect)
    assert len(tiled) == 1 and tiled[0].finest >= min(n * thick, round(300 * px_per_pt)) - 1
    rules = [Placed(1, (72.0, 200.0 + 20 * i, 372.0, 200.0 + 20 * i + thick / px_per_pt), 0, (round(300 * px_per_pt), thick), "decoration")
             for i in range(n)]
    rules.append(Placed(1, (72.0, 200.0, 72.0 + thick / px_per_pt, 200.0 + 20 * n), 0, (thick, round(20 * n * px_per_pt)), "decoration"))
    assert picture_words.tiled_pictures(rules, rect) == []


def test_a_scan_stored_as_many_one_row_strips_is_one_picture() -> None:
    """Past TILE_MAX_PICTURES strips (a whole scan in one-row strips) the grouping is not pairwise: still one picture."""
    from widening.probes.images import Placed

    n = picture_words.TILE_MAX_PICTURES * 3
    strips = [Placed(1, (0.0, i * 792 / n, 612.0, (i + 1) * 792 / n), 0, (1275, 1), "decoration") for i in range(n)]
    tiled = picture_words.tiled_pictures(strips, pymupdf.Rect(0, 0, 612, 792))
    assert len(tiled) == 1 and tiled[0].bbox == (0.0, 0.0, 612.0, 792.0) and tiled[0].pixels == (1275, n)

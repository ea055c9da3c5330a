"""Words in pictures the picture reader skipped: a name is never claimed absent while a picture shows it.

Hunt of the image probes (2 failures, both an ``absent_entity`` claim the page refutes):
- a name set as a pixel-font picture of 5 to 7 px tall, shown large (a tiny image scaled up huge),
  was skipped by a floor of 8 px (``picture_words.MIN_PICTURE_PIXELS``): never read;
- a name painted by one Type 3 glyph (an image, or a stencil image mask, in the glyph's program) is
  in no image list and no text layer ("g" is what the text layer says): never read.
Controls: the same pages without the name in the picture still claim the name absent.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.engine.decide import decide_row
from widening.facts.extract import load_doc
from widening.models import Decision, Row

QUESTION = "What is the interest coverage ratio for AMCOR in FY20?"
LINES = {1: ["Annual report of Best Widgets Inc."], 2: ["Interest expense in 2020 was 12; operating income in 2020 was 96."],
         3: ["Selected financial data for 2019."]}
# A 3x5 pixel font: each capital five rows of three pixels ("1" ink).
PIXEL_FONT = {
    "A": ["010", "101", "111", "101", "101"], "M": ["101", "111", "111", "101", "101"], "C": ["011", "100", "100", "100", "011"],
    "O": ["010", "101", "101", "101", "010"], "R": ["110", "101", "110", "101", "101"], "B": ["110", "101", "110", "101", "110"],
    "E": ["111", "100", "110", "100", "111"], "S": ["011", "100", "010", "001", "110"], "T": ["111", "010", "010", "010", "010"],
}


def _decide(pdf: Path) -> Decision:
    doc = load_doc(pdf, ocr=False)
    try:
        return decide_row(Row(doc_id=pdf.name, question=QUESTION, answer="Not answerable"), doc)
    finally:
        doc.close()


def _filing(path: Path, draw=None) -> Path:
    doc = pymupdf.open()
    for i in range(1, 5):
        page = doc.new_page(width=420, height=300)
        for k, line in enumerate(LINES.get(i, ["Notes to the consolidated statements."])):
            page.insert_text((30, 50 + 22 * k), line, fontsize=11)
    if draw is not None:
        draw(doc, doc[0])
    doc.save(path)
    doc.close()
    return path


def _pixel_word(word: str, pad: int) -> np.ndarray:
    """``word`` in the 3x5 pixel font, black on white, ``pad`` white rows above and below: 5 + 2 * pad rows."""
    rows = [[0] + sum(([int(c) for c in PIXEL_FONT[ch][r]] + [0] for ch in word), []) for r in range(5)]
    ink = np.pad(np.array(rows, np.uint8), ((pad, pad), (0, 0)))
    return (255 - ink * 255).astype(np.uint8)


def _resources(doc: pymupdf.Document, page: pymupdf.Page) -> int:
    kind, value = doc.xref_get_key(page.xref, "Resources")
    if kind == "xref":
        return int(value.split()[0])
    rx = doc.get_new_xref()
    doc.update_object(rx, value if kind == "dict" else "<< >>")
    doc.xref_set_key(page.xref, "Resources", f"{rx} 0 R")
    return rx


def _append(doc: pymupdf.Document, page: pymupdf.Page, content: bytes) -> None:
    cx = doc.get_new_xref()
    doc.update_object(cx, "<< >>")
    doc.update_stream(cx, content, new=True)
    kind, value = doc.xref_get_key(page.xref, "Contents")
    doc.xref_set_key(page.xref, "Contents", value[:-1] + f" {cx} 0 R]" if kind == "array" else f"[{value} {cx} 0 R]")


def _small_picture(gray: np.ndarray, scale: float):
    def draw(doc: pymupdf.Document, page: pymupdf.Page) -> None:
        h, w = gray.shape
        ix = doc.get_new_xref()
        doc.update_object(ix, f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceGray /BitsPerComponent 8 >>")
        doc.update_stream(ix, gray.tobytes(), new=True)
        rx = _resources(doc, page)
        doc.xref_set_key(rx, "XObject", f"<< /Pic {ix} 0 R >>")
        _append(doc, page, f"q {w * scale:.2f} 0 0 {h * scale:.2f} 60 {300 - 160 - h * scale:.2f} cm /Pic Do Q".encode())
    return draw


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(pad=st.integers(0, 1), scale=st.floats(9, 14))
def test_a_name_in_a_picture_a_few_pixels_tall_is_read(tmp_path: Path, pad: int, scale: float) -> None:
    gray = _pixel_word("AMCOR", pad)
    assert gray.shape[0] < 8  # under the former floor
    d = _decide(_filing(tmp_path / "tiny.pdf", _small_picture(gray, scale)))
    assert d.case != "absent_entity", d.reason


def test_control_a_small_picture_of_another_name_keeps_the_claim(tmp_path: Path) -> None:
    d = _decide(_filing(tmp_path / "tiny_other.pdf", _small_picture(_pixel_word("BEST", 1), 12)))
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason


def _word_gray(word: str) -> np.ndarray:
    src = pymupdf.open()
    page = src.new_page(width=21 * len(word) + 20, height=40)
    page.insert_text((8, 30), word, fontsize=28, fontname="hebo")
    pix = page.get_pixmap(dpi=72, colorspace=pymupdf.csGRAY)
    src.close()
    return np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.width).copy()


def _type3_word(word: str, mask: bool, size: float = 300):
    """One Type 3 glyph (code 32) whose program paints ``word`` as an image (or a stencil image mask), set at ``size`` pt."""
    def draw(doc: pymupdf.Document, page: pymupdf.Page) -> None:
        gray = _word_gray(word)
        h, w = gray.shape
        ix = doc.get_new_xref()
        if mask:
            doc.update_object(ix, f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ImageMask true /BitsPerComponent 1 /Decode [1 0] >>")
            doc.update_stream(ix, np.packbits(gray < 128, axis=1).tobytes(), new=True)
            start = "1000 0 0 0 1000 1000 d1"
        else:
            doc.update_object(ix, f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceGray /BitsPerComponent 8 >>")
            doc.update_stream(ix, gray.tobytes(), new=True)
            start = "1000 0 d0"
        gx = doc.get_new_xref()
        doc.update_object(gx, "<< >>")
        doc.update_stream(gx, f"{start} 1000 0 0 {1000 * h / w:.1f} 0 0 cm /I0 Do".encode(), new=True)
        f3 = doc.get_new_xref()
        doc.update_object(f3, f"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] "
                              f"/CharProcs << /g {gx} 0 R >> /Encoding << /Type /Encoding /Differences [32 /g] >> /FirstChar 32 "
                              f"/LastChar 32 /Widths [1000] /Resources << /XObject << /I0 {ix} 0 R >> >> >>")
        rx = _resources(doc, page)
        kind, value = doc.xref_get_key(rx, "Font")
        if kind == "xref":
            doc.xref_set_key(int(value.split()[0]), "T3", f"{f3} 0 R")
        else:
            doc.xref_set_key(rx, "Font/T3", f"{f3} 0 R")
        _append(doc, page, f"BT /T3 {size:g} Tf 60 80 Td ( ) Tj ET".encode())
    return draw


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(mask=st.booleans(), size=st.floats(200, 330))
def test_a_name_a_type3_glyph_paints_is_read(tmp_path: Path, mask: bool, size: float) -> None:
    pdf = _filing(tmp_path / "t3.pdf", _type3_word("AMCOR", mask, size))
    with pymupdf.open(pdf) as doc:  # the plant: no image list and no text layer holds the name
        assert not doc[0].get_image_info() and "AMCOR" not in doc[0].get_text()
    d = _decide(pdf)
    assert d.case != "absent_entity", d.reason


def test_control_a_type3_glyph_painting_another_name_keeps_the_claim(tmp_path: Path) -> None:
    d = _decide(_filing(tmp_path / "t3_other.pdf", _type3_word("BESTCO", True)))
    assert (d.decision, d.case) == ("keep", "absent_entity"), d.reason

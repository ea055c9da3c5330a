"""graphics: a picture painted by a Type 3 glyph is a candidate whatever the font size says.

Hunt of the image probes: a red picture (a vector drawing, or a raster image the page's image list
does not show) painted by one Type 3 glyph set at 10 pt with a FontMatrix that draws it 80 pt wide:
"how many pictures on page 1" and "how many charts in the document" were widened, since the glyph
floor read the 10 pt font size. Body text set in a Type 3 font (ink within its em) stays a zero.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
PICTURE = "0.9 0.1 0.1 rg 0 0 m 800 0 l 400 700 l f 100 100 600 300 re f"


def _type3_page(path: Path, glyph: str, size: float, scale: float, code: int = 97, image: bool = False, text: str | None = None) -> Path:
    """A page of Helvetica body text and one Type 3 font whose glyph (at ``code``) runs ``glyph`` in units of
    ``scale`` x the font size; ``image``: the glyph paints a 4x4 red image over 800x700 units instead;
    ``text``: set this string in the Type 3 font (every code draws the same glyph) instead of one glyph."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    res3 = ""
    if image:
        ix = doc.get_new_xref()
        doc.update_object(ix, "<< /Type /XObject /Subtype /Image /Width 4 /Height 4 /ColorSpace /DeviceRGB /BitsPerComponent 8 >>")
        doc.update_stream(ix, bytes([220, 20, 30] * 16), new=True)
        res3 = f"/Resources << /XObject << /I0 {ix} 0 R >> >>"
        glyph = "q 800 0 0 700 0 0 cm /I0 Do Q"
    gx = doc.get_new_xref()
    doc.update_object(gx, "<< >>")
    doc.update_stream(gx, f"1000 0 d0 {glyph}".encode(), new=True)
    codes = sorted({ord(c) for c in text}) if text else [code]
    first, last = codes[0], codes[-1]
    diffs = " ".join(f"{c} /g" for c in codes)
    f3 = doc.get_new_xref()
    doc.update_object(f3, f"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [{scale} 0 0 {scale} 0 0] "
                          f"/CharProcs << /g {gx} 0 R >> /Encoding << /Type /Encoding /Differences [{diffs}] >> "
                          f"/FirstChar {first} /LastChar {last} /Widths [{' '.join(['1000'] * (last - first + 1))}] {res3} >>")
    fx = doc.get_new_xref()
    doc.update_object(fx, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    rx = doc.get_new_xref()
    doc.update_object(rx, f"<< /Font << /F1 {fx} 0 R /T3 {f3} 0 R >> >>")
    doc.xref_set_key(page.xref, "Resources", f"{rx} 0 R")
    body = "".join(f"BT /F1 11 Tf 72 {770 - 14 * i} Td (Body text line {i} of the report, in black ink for readers.) Tj ET\n" for i in range(4))
    shown = text if text else chr(code)
    esc = shown.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    cx = doc.get_new_xref()
    doc.update_object(cx, "<< >>")
    doc.update_stream(cx, (body + f"BT /T3 {size:g} Tf 200 300 Td ({esc}) Tj ET\n").encode("latin-1"), new=True)
    doc.xref_set_key(page.xref, "Contents", f"{cx} 0 R")
    return pdfs.save(doc, path)


@SETTINGS
@given(size=st.floats(4, 12), ink_pt=st.floats(30, 200), image=st.booleans(), code=st.sampled_from([97, 65, 32, 49]),
       kind=st.sampled_from(["image", "chart", "figure", "picture"]))
def test_a_picture_in_a_small_type3_glyph_is_never_a_measured_zero(tmp_path, size, ink_pt, image, code, kind):
    # the glyph is 1000 units wide; scale so that it paints about ink_pt points at ``size``
    scale = ink_pt / (1000 * size)
    pdf = _type3_page(tmp_path / "t3.pdf", PICTURE, size, round(scale, 6), code=code, image=image)
    doc = load_doc(pdf)
    try:
        r = run_probe("graphics", doc, Scope((1,)), {"kind": kind})
    finally:
        doc.close()
    assert not r.measured_zero and (r.members or r.doubts), r.note


def test_questions_about_a_type3_picture_keep(tmp_path):
    pdf = _type3_page(tmp_path / "t3.pdf", PICTURE, 10, 0.01, image=True)
    for q in ("How many pictures are on page 1?", "How many charts are in the document?", "How many red logos are on page 1?"):
        d = pdfs.decide(pdf, q)
        assert d.decision == "keep" and d.doubts, (q, d.reason)


# Letters of a Type 3 font drawn within their em: 600 x 700 units of 1000.
LETTER = "0 0 0 rg 50 0 m 550 0 l 550 700 l 50 700 l h 120 70 m 480 70 l 480 630 l 120 630 l h f*"


@pytest.mark.parametrize("size", [8, 10, 12])
def test_body_text_in_a_type3_font_stays_a_zero(tmp_path, size):
    pdf = _type3_page(tmp_path / "t3.pdf", LETTER, size, 0.001, text="Results of the survey by region")
    doc = load_doc(pdf)
    try:
        for kind in ("image", "chart"):
            r = run_probe("graphics", doc, Scope((1,)), {"kind": kind})
            assert r.measured_zero, (kind, r.note, [d.what for d in r.doubts])
    finally:
        doc.close()

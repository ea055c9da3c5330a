"""images: a picture the image listing does not see is a doubt, never a measured zero.

``get_image_info`` runs MuPDF's text device, which does not look inside Type 3 glyph programs and never
runs a Link annotation's appearance. A red image painted by one Type 3 glyph (set at 10 pt), an emoji-sized
image glyph, and a Link whose appearance shows a picture all read "no images" with no doubt. Controls: body
text in a Type 3 font drawn with paths, a TeX bitmap font (every letter an image mask within its em), a Link
without a picture in its appearance, or hidden, stay measured zeros; a Stamp's picture stays a member.
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
SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
BODY = "".join(f"BT /F1 11 Tf 72 {770 - 14 * i} Td (Body text line {i} of the report, in black ink.) Tj ET\n" for i in range(4))
TEXT = "Results of the survey by region"
# A TeX pk glyph: an 8x8 image mask (a ring) filling the glyph's box, opened with d1.
RING = bytes([0x3C, 0x42, 0x81, 0x81, 0x81, 0x81, 0x42, 0x3C]).decode("latin-1")
LETTER = "600 0 d0 0 0 0 rg 50 0 m 550 0 l 550 700 l 50 700 l h 120 70 m 480 70 l 480 630 l 120 630 l h f*"


def stencil(w: float = 600, h: float = 700) -> str:
    return f"600 0 0 0 {w} {h} d1 q {w} 0 0 {h} 0 0 cm BI /IM true /W 8 /H 8 /BPC 1 /D [1 0] ID {RING} EI Q"


def _image(doc: pymupdf.Document, rgb=(220, 20, 30)) -> int:
    ix = doc.get_new_xref()
    doc.update_object(ix, "<< /Type /XObject /Subtype /Image /Width 4 /Height 4 /ColorSpace /DeviceRGB /BitsPerComponent 8 >>")
    doc.update_stream(ix, bytes(list(rgb) * 16), new=True)
    return ix


def _stream(doc: pymupdf.Document, head: str, body: str) -> int:
    x = doc.get_new_xref()
    doc.update_object(x, head)
    doc.update_stream(x, body.encode("latin-1"), new=True)
    return x


def type3_page(path: Path, procs: dict[str, str], text: str, size: float = 10, scale: float = 0.001,
               where: str = "font", at: tuple[float, float] = (72, 500)) -> Path:
    """A page of Helvetica body text and ``text`` set in a Type 3 font whose glyph for each character is
    ``procs[c]`` (a glyph program; ``/I0`` names a red 4x4 image). ``where`` the image is a resource: in the
    font's resources ("font"), or the page's, the font having none ("page")."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    ix = _image(doc)
    refs = " ".join(f"/g{ord(c)} {_stream(doc, '<< >>', prog)} 0 R" for c, prog in procs.items())
    codes = sorted(ord(c) for c in procs)
    res3 = f"/Resources << /XObject << /I0 {ix} 0 R >> >>" if where == "font" else ""
    f3 = doc.get_new_xref()
    doc.update_object(f3, f"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [{scale} 0 0 {scale} 0 0] "
                          f"/CharProcs << {refs} >> /Encoding << /Type /Encoding /Differences [{' '.join(f'{c} /g{c}' for c in codes)}] >> "
                          f"/FirstChar {codes[0]} /LastChar {codes[-1]} /Widths [{' '.join(['600'] * (codes[-1] - codes[0] + 1))}] {res3} >>")
    fx = doc.get_new_xref()
    doc.update_object(fx, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    page_xobj = f"/XObject << /I0 {ix} 0 R >>" if where == "page" else ""
    rx = doc.get_new_xref()
    doc.update_object(rx, f"<< /Font << /F1 {fx} 0 R /T3 {f3} 0 R >> {page_xobj} >>")
    doc.xref_set_key(page.xref, "Resources", f"{rx} 0 R")
    esc = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    cx = _stream(doc, "<< >>", BODY + f"BT /T3 {size:g} Tf {at[0]:g} {842 - at[1]:g} Td ({esc}) Tj ET\n")
    doc.xref_set_key(page.xref, "Contents", f"{cx} 0 R")
    return pdfs.save(doc, path)


def annotated_page(path: Path, subtype: str, appearance: str, flags: int = 4) -> Path:
    """Body text and one annotation of ``subtype`` at (200, 452)-(320, 542) whose normal appearance runs
    ``appearance`` (``/I0`` names a red 4x4 image)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 72), "Body text of the report, in black ink.", fontsize=11)
    ix = _image(doc)
    ap = _stream(doc, f"<< /Type /XObject /Subtype /Form /BBox [0 0 120 90] /Resources << /XObject << /I0 {ix} 0 R >> >> >>", appearance)
    a = doc.get_new_xref()
    doc.update_object(a, f"<< /Type /Annot /Subtype /{subtype} /Rect [200 300 320 390] /F {flags} /Border [0 0 0] /AP << /N {ap} 0 R >> >>")
    doc.xref_set_key(page.xref, "Annots", f"[{a} 0 R]")
    return pdfs.save(doc, path)


def images(pdf: Path, region: str | None = None):
    doc = load_doc(pdf)
    try:
        return run_probe("images", doc, Scope((1,), region=region), {})
    finally:
        doc.close()


PICTURE_DO = "1000 0 d0 q 800 0 0 700 0 0 cm /I0 Do Q"
PICTURE_BI = "1000 0 d0 q 800 0 0 700 0 0 cm BI /W 2 /H 2 /CS /RGB /BPC 8 ID \xdc\x14\x1e\xdc\x14\x1e\xdc\x14\x1e\xdc\x14\x1e EI Q"


@SETTINGS
@given(size=st.floats(4, 12), ink_pt=st.floats(5, 200), program=st.sampled_from(["do", "bi", "page"]),
       code=st.sampled_from("a A1 "))
def test_an_image_a_type3_glyph_paints_is_never_a_measured_zero(tmp_path, size, ink_pt, program, code):
    scale = round(ink_pt / (800 * size), 6)  # the image is 800 units wide: about ink_pt points at ``size``
    proc = PICTURE_BI if program == "bi" else PICTURE_DO
    pdf = type3_page(tmp_path / "t3.pdf", {code: proc}, code, size, scale, where="page" if program == "page" else "font")
    r = images(pdf)
    assert not r.measured_zero and r.doubts and not r.members, r.note
    assert all("Type 3" in d.what and d.why for d in r.doubts)


def test_an_emoji_sized_image_glyph_among_words_is_a_doubt(tmp_path):
    # letters drawn with paths and one glyph painting a picture at text size: the font may paint an image
    procs = {c: LETTER for c in set(TEXT)} | {"@": "1000 0 d0 q 1000 0 0 1000 0 -100 cm /I0 Do Q"}
    r = images(type3_page(tmp_path / "e.pdf", procs, TEXT + " @", size=11))
    assert not r.measured_zero and r.doubts


def test_a_large_stencil_glyph_is_a_doubt_and_tex_bitmap_letters_are_not(tmp_path):
    big = images(type3_page(tmp_path / "big.pdf", {"a": stencil(8000, 7000)}, "a"))
    assert not big.measured_zero and len(big.doubts) == 1 and "d1" in big.doubts[0].why
    tex = images(type3_page(tmp_path / "tex.pdf", {c: stencil() for c in set(TEXT)}, TEXT))
    assert tex.measured_zero and not tex.doubts, [d.what for d in tex.doubts]


def test_type3_letters_drawn_with_paths_stay_a_zero(tmp_path):
    r = images(type3_page(tmp_path / "t.pdf", {c: LETTER for c in set(TEXT)}, TEXT))
    assert r.measured_zero and not r.doubts


def test_an_image_glyph_outside_the_region_asked_is_no_doubt(tmp_path):
    pdf = type3_page(tmp_path / "r.pdf", {"a": PICTURE_DO}, "a", 10, 0.01, at=(72, 700))
    assert images(pdf, "top").measured_zero
    assert images(pdf, "bottom").doubts


@pytest.mark.parametrize("appearance", ["q 120 0 0 90 0 0 cm /I0 Do Q",
                                        "q 120 0 0 90 0 0 cm BI /W 1 /H 1 /CS /RGB /BPC 8 ID \xdc\x14\x1e EI Q"])
def test_a_link_whose_appearance_shows_a_picture_is_a_doubt(tmp_path, appearance):
    r = images(annotated_page(tmp_path / "l.pdf", "Link", appearance))
    assert not r.measured_zero and len(r.doubts) == 1 and not r.members
    assert "Link" in r.doubts[0].what and abs(r.doubts[0].bbox[1] - 452) < 1


@pytest.mark.parametrize("appearance, flags", [("0 0 1 rg 0 0 120 90 re f", 4), ("q 120 0 0 90 0 0 cm /I0 Do Q", 2),
                                               ("q 120 0 0 90 0 0 cm /I0 Do Q", 32)])
def test_a_link_without_a_picture_or_never_shown_stays_a_zero(tmp_path, appearance, flags):
    assert images(annotated_page(tmp_path / "l.pdf", "Link", appearance, flags)).measured_zero


def test_a_stamp_that_shows_a_picture_stays_a_member(tmp_path):
    r = images(annotated_page(tmp_path / "s.pdf", "Stamp", "q 120 0 0 90 0 0 cm /I0 Do Q"))
    assert len(r.members) == 1 and not r.doubts


def _decide(pdf: Path, question: str):
    from widening.engine.decide import decide_row
    from widening.models import Row

    doc = load_doc(pdf)
    try:
        return decide_row(Row(doc_id="fixture.pdf", question=question, answer="Not answerable"), doc)
    finally:
        doc.close()


@pytest.mark.parametrize("kind", ["emoji", "link"])
def test_how_many_pictures_is_never_widened_over_a_picture_the_listing_does_not_see(tmp_path, kind):
    """The pictures question goes to graphics, which reads the same unlisted pictures as doubts."""
    if kind == "emoji":
        procs = {c: LETTER for c in set(TEXT)} | {"@": "1000 0 d0 q 1000 0 0 1000 0 -100 cm /I0 Do Q"}
        pdf = type3_page(tmp_path / "e.pdf", procs, TEXT + " @", size=11)
    else:
        pdf = annotated_page(tmp_path / "l.pdf", "Link", "q 120 0 0 90 0 0 cm /I0 Do Q")
    d = _decide(pdf, "How many pictures are on page 1?")
    assert d.decision == "keep", d.reason


def test_control_tex_bitmap_letters_leave_a_page_without_pictures_widened(tmp_path):
    d = _decide(type3_page(tmp_path / "tex.pdf", {c: stencil() for c in set(TEXT)}, TEXT), "How many pictures are on page 1?")
    assert d.decision == "widen", d.reason

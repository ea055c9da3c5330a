"""images: an annotation whose appearance shows a picture MuPDF does not draw is a doubt, never a measured zero.

MuPDF draws an unsigned signature field as its own "SIGN" arrow, not the appearance the file gives it (a scanned
signature, a "sign here" picture every other viewer shows), and draws no widget without a field type. PyMuPDF lists
both as widgets, so the image probe took them as drawn: "How many images are on page 1?" was widened over a picture
a reader of the page sees. Controls: a signed signature field and a push button are drawn (members); a stamp drawn
with vector art through nested forms (Acrobat's "Approved") paints no picture and leaves a zero with no doubt.
"""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
SIGNED = "/V << /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /Contents <00> /ByteRange [0 0 0 0] >>"
FIELDS = {
    "unsigned signature": "/FT /Sig /T (signature1)",
    "locked unsigned signature": "/FT /Sig /T (signature1) /Ff 1",
    "widget without a field type": "/T (badge)",
    "signed signature": f"/FT /Sig /T (signature1) {SIGNED}",
    "push button": "/FT /Btn /Ff 65536 /T (photo)",
}
UNDRAWN = ["unsigned signature", "locked unsigned signature", "widget without a field type"]


def _obj(doc: pymupdf.Document, head: str, body: bytes | None = None) -> int:
    x = doc.get_new_xref()
    doc.update_object(x, head)
    if body is not None:
        doc.update_stream(x, body, new=True)
    return x


def form_page(path: Path, subtype: str, keys: str, nested: int, picture: bool = True, rect=(200, 300, 400, 450)) -> Path:
    """A page of body text and one annotation of ``subtype`` (with ``keys``) whose normal appearance paints a red
    4x4 image (or, without ``picture``, a filled square) through ``nested`` form XObjects."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 72), "Application form: please sign below.", fontsize=11)
    w, h = rect[2] - rect[0], rect[3] - rect[1]
    if picture:
        ix = _obj(doc, "<< /Type /XObject /Subtype /Image /Width 4 /Height 4 /ColorSpace /DeviceRGB /BitsPerComponent 8 >>",
                  bytes([220, 20, 30] * 16))
        inner = _obj(doc, f"<< /Type /XObject /Subtype /Form /BBox [0 0 {w} {h}] /Resources << /XObject << /I0 {ix} 0 R >> >> >>",
                     f"q {w} 0 0 {h} 0 0 cm /I0 Do Q".encode())
    else:
        inner = _obj(doc, f"<< /Type /XObject /Subtype /Form /BBox [0 0 {w} {h}] >>", f"1 0 0 rg 10 10 {w - 20} {h - 20} re f".encode())
    for _ in range(nested):
        inner = _obj(doc, f"<< /Type /XObject /Subtype /Form /BBox [0 0 {w} {h}] /Resources << /XObject << /F0 {inner} 0 R >> >> >>",
                     b"q /F0 Do Q")
    a = _obj(doc, f"<< /Type /Annot /Subtype /{subtype} /Rect [{rect[0]} {842 - rect[3]} {rect[2]} {842 - rect[1]}] /F 4 /P {page.xref} 0 R "
                  f"/AP << /N {inner} 0 R >> {keys} >>")
    doc.xref_set_key(page.xref, "Annots", f"[{a} 0 R]")
    if subtype == "Widget":
        doc.xref_set_key(doc.pdf_catalog(), "AcroForm", f"<< /Fields [{a} 0 R] >>")
    return pdfs.save(doc, path)


@SETTINGS
@given(field=st.sampled_from(UNDRAWN), nested=st.integers(0, 3), top=st.floats(80, 600), side=st.floats(40, 200))
def test_a_picture_in_a_field_mupdf_does_not_draw_is_a_doubt(tmp_path: Path, field: str, nested: int, top: float, side: float) -> None:
    pdf = form_page(tmp_path / "f.pdf", "Widget", FIELDS[field], nested, rect=(150, top, 150 + side, top + side * 0.6))
    with pymupdf.open(pdf) as d:  # the premise: MuPDF lists the field as a widget, and draws no picture for it
        assert d[0].first_widget is not None and not d[0].get_image_info()
    r = pdfs.probe(pdf, "images", {})
    assert not r.members and not r.measured_zero
    assert len(r.doubts) == 1 and abs(r.doubts[0].bbox[1] - top) < 1, r.doubts


@pytest.mark.parametrize("field", UNDRAWN)
def test_how_many_images_is_not_widened_over_a_signature_picture(tmp_path: Path, field: str) -> None:
    d = pdfs.decide(form_page(tmp_path / "f.pdf", "Widget", FIELDS[field], 1), "How many images are on page 1?")
    assert d.decision == "keep", d.reason


@pytest.mark.parametrize("field", ["signed signature", "push button"])
def test_control_a_field_mupdf_draws_is_a_member_not_a_doubt(tmp_path: Path, field: str) -> None:
    r = pdfs.probe(form_page(tmp_path / "f.pdf", "Widget", FIELDS[field], 1), "images", {})
    assert len(r.members) == 1 and not r.doubts, (r.members, r.doubts)


@pytest.mark.parametrize("nested", [0, 2])
def test_control_a_stamp_drawn_with_vector_forms_leaves_a_zero(tmp_path: Path, nested: int) -> None:
    pdf = form_page(tmp_path / "s.pdf", "Stamp", "/Name /Approved", nested, picture=False)
    r = pdfs.probe(pdf, "images", {})
    assert r.measured_zero and not r.doubts, r.doubts


def test_control_a_stamp_picture_drawn_through_forms_is_a_member(tmp_path: Path) -> None:
    r = pdfs.probe(form_page(tmp_path / "s.pdf", "Stamp", "/Name /Approved", 2), "images", {})
    assert len(r.members) == 1 and not r.doubts

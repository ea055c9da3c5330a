"""Pixel budgets: image bombs are refused, things that declare no pixels are not."""

from __future__ import annotations

import zlib

import pymupdf
from hypothesis import given, settings
from hypothesis import strategies as st

from widening.facts.limits import MAX_IMAGE_PIXELS, render_refusal, safe_pixmap

_SHADING = "<</ShadingType 2/ColorSpace/DeviceRGB/Coords[0 0 100 0]/Function<</FunctionType 2/Domain[0 1]/C0[1 0 0]/C1[0 0 1]/N 1>>/Extend[true true]>>"


def _page_with_shadings(clips: list[tuple[float, float, float, float]]) -> tuple[pymupdf.Document, pymupdf.Page]:
    """A page that paints one axial shading through each clip rectangle (x, y, w, h)."""
    doc = pymupdf.open()
    page = doc.new_page()
    sh = doc.get_new_xref()
    doc.update_object(sh, _SHADING)
    doc.xref_set_key(page.xref, "Resources", f"<</Shading<</Sh0 {sh} 0 R>>>>")
    content = doc.get_new_xref()
    doc.update_object(content, "<<>>")
    ops = "".join(f"q {x:g} {y:g} {w:g} {h:g} re W n /Sh0 sh Q\n" for x, y, w, h in clips)
    doc.update_stream(content, ops.encode())
    doc.xref_set_key(page.xref, "Contents", f"{content} 0 R")
    return doc, page


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.floats(-800, 800), st.floats(-800, 800), st.sampled_from([0.0, 5.0, 120.0]), st.sampled_from([0.0, 5.0, 120.0])),
                min_size=1, max_size=4))
def test_shadings_anywhere_never_refuse_a_render(clips):
    # MuPDF lists a shading clipped to nothing (or off the page) as a 0 x 0 image; a page of
    # them once made every picture read refused, so a name search called the page blind.
    doc, page = _page_with_shadings(clips)
    assert render_refusal(page) is None
    assert safe_pixmap(page, 36).width > 0


def test_a_shading_clipped_to_nothing_is_listed_as_a_0x0_image_but_not_refused():
    # Regression: an InDesign white paper's pages with gradients clipped away were refused.
    doc, page = _page_with_shadings([(100, 100, 0, 0), (50, 50, 100, 100)])
    assert any(i["width"] == 0 and i["height"] == 0 for i in page.get_image_info())
    assert render_refusal(page) is None


def test_a_declared_huge_image_is_still_refused():
    doc = pymupdf.open()
    page = doc.new_page()
    side = int(MAX_IMAGE_PIXELS**0.5) + 10
    # A 1-bit image declared huge: its stream is tiny (Flate of zeros), its decode would not be.
    data = zlib.compress(bytes((side + 7) // 8 * side))
    xref = doc.get_new_xref()
    doc.update_object(xref, f"<</Type/XObject/Subtype/Image/Width {side}/Height {side}/ColorSpace/DeviceGray/BitsPerComponent 1/Filter/FlateDecode>>")
    doc.update_stream(xref, data, compress=0)
    doc.xref_set_key(xref, "Filter", "/FlateDecode")
    doc.xref_set_key(page.xref, "Resources", f"<</XObject<</Im0 {xref} 0 R>>>>")
    content = doc.get_new_xref()
    doc.update_object(content, "<<>>")
    doc.update_stream(content, b"q 100 0 0 100 50 50 cm /Im0 Do Q\n")
    doc.xref_set_key(page.xref, "Contents", f"{content} 0 R")
    why = render_refusal(page)
    assert why is not None and f"{side} x {side}" in why

"""An image that is another image's mask and is drawn by the page itself is a picture too.

get_image_info lists a masked image once (``has-mask``) and never its soft or stencil mask on its own: a mask
is listed only where the page draws it with ``Do``. A grey photo that is also the soft mask of a photo lower
on the page, or a stencil icon that also masks a photo, was left out as "a soft mask drawn as its own image":
"How many pictures are in the top half of page 1?" was widened with the grey photo in plain view there.
"""

from __future__ import annotations

import random
from functools import partial
from pathlib import Path

import pdfs
import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)
SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
BODY = "".join(f"BT /F1 11 Tf 320 {760 - 14 * i} Td (Body text line {i} of the annual report for its readers.) Tj ET\n" for i in range(6))


def _photo(w: int, h: int, seed: int, gray: bool = False) -> bytes:
    """Pixels of a picture with content: a ground and a few patches of other shades."""
    rnd = random.Random(seed)
    pix = pymupdf.Pixmap(pymupdf.csGRAY if gray else pymupdf.csRGB, pymupdf.IRect(0, 0, w, h), False)
    n = 1 if gray else 3
    pix.set_rect(pix.irect, tuple(rnd.randrange(60, 230) for _ in range(n)))
    for _ in range(5):
        x, y = rnd.randrange(w), rnd.randrange(h)
        pix.set_rect(pymupdf.IRect(x, y, min(w, x + w // 3), min(h, y + h // 3)), tuple(rnd.randrange(256) for _ in range(n)))
    return pix.samples


def _image(doc: pymupdf.Document, w: int, h: int, data: bytes, extra: str) -> int:
    xref = doc.get_new_xref()
    doc.update_object(xref, f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /BitsPerComponent {extra} >>")
    doc.update_stream(xref, data, new=True)
    return xref


def _page(path: Path, mask: str, drawn_top: bool, drawn: bool = True, seed: int = 0) -> Path:
    """Body text, a photo whose mask (``soft``: a grey photo; ``stencil``: a 1-bit icon) is its own image, and,
    when ``drawn``, that mask drawn by the page too: the mask's picture in the top half and the masked photo in the
    bottom half when ``drawn_top``, the other way round when not."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    if mask == "soft":
        m = _image(doc, 120, 90, _photo(120, 90, seed, gray=True), "8 /ColorSpace /DeviceGray")
        a = _image(doc, 120, 90, _photo(120, 90, seed + 1), f"8 /ColorSpace /DeviceRGB /SMask {m} 0 R")
        show = "200 0 0 150"
    else:
        m = _image(doc, 16, 16, bytes([0b11110000, 0b00111100] * 16), "1 /ImageMask true")
        a = _image(doc, 16, 16, _photo(16, 16, seed + 1), f"8 /ColorSpace /DeviceRGB /Mask {m} 0 R")
        show = "1 0 0 rg 150 0 0 150"
    top, bottom = 560, 100  # PDF space: y up
    font = doc.get_new_xref()
    doc.update_object(font, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    res = doc.get_new_xref()
    doc.update_object(res, f"<< /Font << /F1 {font} 0 R >> /XObject << /M {m} 0 R /A {a} 0 R >> >>")
    doc.xref_set_key(page.xref, "Resources", f"{res} 0 R")
    content = BODY + f"q 200 0 0 150 72 {bottom if drawn_top else top} cm /A Do Q\n"
    if drawn:
        content += f"q {show} 72 {top if drawn_top else bottom} cm /M Do Q\n"
    cx = doc.get_new_xref()
    doc.update_object(cx, "<< >>")
    doc.update_stream(cx, content.encode(), new=True)
    doc.xref_set_key(page.xref, "Contents", f"{cx} 0 R")
    return pdfs.save(doc, path)


def _count(pdf: Path, region: str | None) -> int:
    doc = load_doc(pdf)
    try:
        counts = {len(run_probe(name, doc, Scope((1,), region=region), params).members)
                  for name, params in (("images", {}), ("graphics", {"kind": "image"}))}
    finally:
        doc.close()
    assert len(counts) == 1, counts
    return counts.pop()


@SETTINGS
@given(mask=st.sampled_from(["soft", "stencil"]), drawn_top=st.booleans(), seed=st.integers(0, 999))
def test_a_mask_the_page_draws_is_a_picture_in_its_half(tmp_path, mask, drawn_top, seed):
    pdf = _page(tmp_path / "m.pdf", mask, drawn_top, seed=seed)
    assert _count(pdf, None) == 2
    assert _count(pdf, "top") >= 1 and _count(pdf, "bottom") >= 1


@SETTINGS
@given(mask=st.sampled_from(["soft", "stencil"]), drawn_top=st.booleans(), seed=st.integers(0, 999))
def test_a_masked_photo_alone_is_one_picture(tmp_path, mask, drawn_top, seed):
    """Control: the mask only masks; the photo is one picture, in its half only."""
    pdf = _page(tmp_path / "m.pdf", mask, drawn_top, drawn=False, seed=seed)
    assert _count(pdf, None) == 1
    assert _count(pdf, "bottom" if drawn_top else "top") == 1 and _count(pdf, "top" if drawn_top else "bottom") == 0


def test_pictures_in_the_half_that_shows_the_mask_keep(tmp_path):
    for mask in ("soft", "stencil"):
        pdf = _page(tmp_path / f"{mask}.pdf", mask, drawn_top=True)
        d = pdfs.decide(pdf, "How many pictures are in the top half of page 1?")
        assert d.decision == "keep", (mask, d.reason)

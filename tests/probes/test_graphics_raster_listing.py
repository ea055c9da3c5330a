"""graphics: what the image listing lists is judged as the ``images`` probe judges it.

- A shading (a gradient logo) is listed by the image listing as an image, and painted by the drawing pass into a
  vector block: it was two members, one graphic counted twice ("a raster image" and "a vector block"). The block
  counts it; the listing's entry is dropped only when a listed block holds that very shading, never both.
- A one-pixel image stretched over a box, an image painted over by opaque paint, an image whose soft mask is wholly
  transparent: ``images`` makes each a doubt (a reader may not see a picture), ``graphics`` made each a member.
  Each is now a doubt in graphics, never a member and never dropped.
"""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf

from widening.facts.extract import load_doc
from widening.probes import Scope, run_probe

BODY = "BT /F1 11 Tf 72 770 Td (Annual report body text goes here on this page.) Tj 0 -14 Td (Another line of body text.) Tj ET\n"
SHADING = ("/Shading << /Sh0 << /ShadingType 2 /ColorSpace /DeviceRGB /Coords [100 600 160 660] /Function << /FunctionType 2 "
           "/Domain [0 1] /C0 [0 0.6 0] /C1 [0 0.9 0.2] /N 1 >> /Extend [true true] >> >>")
DISC = "q 130 630 m 130 646.6 116.6 660 100 660 c 83.4 660 70 646.6 70 630 c 70 613.4 83.4 600 100 600 c 116.6 600 130 613.4 130 630 c h W n /Sh0 sh Q\n"


def _run(path: Path, probe: str = "graphics", **params):
    doc = load_doc(path, ocr=False)
    try:
        return run_probe(probe, doc, Scope((1,)), params)
    finally:
        doc.close()


def test_a_gradient_logo_is_one_graphic(tmp_path):
    path = pdfs.raw_page(tmp_path / "g.pdf", BODY + DISC, extra_res=SHADING)
    logos = _run(path, kind="logo")
    assert len(logos.members) == 1 and "vector block" in logos.members[0].what, [m.what for m in logos.members]
    green = _run(path, "coloured_graphics", kind="logo", colour="green")
    assert len(green.members) == 1, [m.what for m in green.members]
    # For a chart it is a small block: a doubt, once.
    charts = _run(path, kind="figure")
    assert not charts.members and len(charts.doubts) == 1, [m.what for m in charts.doubts]


def test_a_gradient_the_drawing_pass_does_not_list_keeps_its_listing(tmp_path):
    """Control: a full-page gradient ground is set aside by the block pass for sure (a page fill), so the listing's
    entry stays what it was, a doubt (a full-page image may show the content): never both dropped."""
    sh = SHADING.replace("[100 600 160 660]", "[0 0 595 842]")
    path = pdfs.raw_page(tmp_path / "b.pdf", "q 0 0 595 842 re W n /Sh0 sh Q\n" + BODY, extra_res=sh)
    res = _run(path, kind="chart")
    assert not res.measured_zero and any("shading" in m.what for m in res.doubts), [m.what for m in res.doubts]


def _flat_and_covered(path: Path) -> Path:
    d = pdfs.new_doc()
    p = d[0]
    pdfs.text(p, (72, 72), "Body text on a page with a box.")
    one = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 1, 1), False)
    one.set_rect(one.irect, (220, 20, 20))
    p.insert_image(pymupdf.Rect(100, 200, 400, 350), pixmap=one, keep_proportion=False)
    p.insert_image(pymupdf.Rect(100, 400, 300, 530), pixmap=pdfs.photo(1), keep_proportion=False)
    p.draw_rect((95, 395, 305, 535), color=None, fill=(0.2, 0.2, 0.6))  # opaque paint over the photo
    return pdfs.save(d, path)


def test_pictures_a_reader_may_not_see_are_doubts_not_members(tmp_path):
    res = _run(_flat_and_covered(tmp_path / "f.pdf"), kind="chart")
    rasters = [m for m in (*res.members, *res.doubts) if "raster image" in m.what]
    assert len(rasters) == 2 and all(m in res.doubts for m in rasters), [m.what for m in res.members]
    whys = " ".join(m.why or "" for m in rasters)
    assert "one pixel" in whys and "painted over" in whys


def test_a_photo_shown_is_still_a_member(tmp_path):
    """Control: the same photo, nothing over it, is a member."""
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 72), "Body text on a page with a photo.")
    d[0].insert_image(pymupdf.Rect(100, 400, 300, 530), pixmap=pdfs.photo(1), keep_proportion=False)
    res = _run(pdfs.save(d, tmp_path / "p.pdf"), kind="figure")
    assert len(res.members) == 1 and "raster image" in res.members[0].what

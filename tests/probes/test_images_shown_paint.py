"""What the image listing lists is placed where the page shows it, and what it shows no picture of is no member.

MuPDF's image listing (get_image_info) lists what its text device is given to paint as an image, at the image's
placement: a shading (a gradient panel, a red gradient disc: vector paint) is listed as an image of xref 0, so a
450x300 pt gradient was a "raster image ... content" member and a red gradient logo counted twice (once as raster,
once as the vector paint it is); an image its clip paths wholly cut away (a reader sees nothing) was a member, and
one of which only a sliver shows was a member across its whole placement (in a half of the page that shows none
of it). Paint covering a picture, a soft mask's content and a one-pixel image stretched as a rule are drawn, yet no
picture a reader certainly sees: doubts. Controls: a plain image, an inline image, a form drawn twice stay members.
"""

from __future__ import annotations

from pathlib import Path

import pdfs
import pymupdf
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from widening.probes.images import placed_images

SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
BODY = "".join(f"BT /F1 11 Tf 72 {250 - 14 * i} Td (Body text line {i} of the annual report for its readers.) Tj ET\n"
               for i in range(6))
AXIAL = ("<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 1 0] /Function << /FunctionType 2 /Domain [0 1] "
         "/C0 [1 0 0] /C1 [0 0 1] /N 1 >> /Extend [false false] >>")
RADIAL = ("<< /ShadingType 3 /ColorSpace /DeviceRGB /Coords [300 500 0 300 500 60] /Function << /FunctionType 2 "
          "/Domain [0 1] /C0 [1 0.2 0.2] /C1 [0.8 0 0] /N 1 >> /Extend [false false] >>")


def _image(w: int = 40, h: int = 30, rgb: tuple[int, int, int] = (0, 150, 0), extra: str = "") -> tuple[str, str]:
    data = bytes(rgb).decode("latin-1") * (w * h)  # written as latin-1: one character a byte
    return (f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceRGB /BitsPerComponent 8 {extra} >>", data)


def _page(tmp: Path, content: str, objects: dict | None = None, res: str = "") -> Path:
    """A letter page drawn by ``content`` (then a few body lines); ``objects``: name -> (dictionary, stream or None),
    each dictionary and ``res`` (the page's resources) naming the others' xrefs as {name}."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    font = doc.get_new_xref()
    doc.update_object(font, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    made = {name: doc.get_new_xref() for name in objects or {}}
    for name, (head, body) in (objects or {}).items():
        doc.update_object(made[name], head.format(**made))
        if body is not None:
            doc.update_stream(made[name], body.encode("latin-1"), new=True)
    rx = doc.get_new_xref()
    doc.update_object(rx, f"<< /Font << /F1 {font} 0 R >> {res.format(**made)} >>")
    doc.xref_set_key(page.xref, "Resources", f"{rx} 0 R")
    cx = doc.get_new_xref()
    doc.update_object(cx, "<< >>")
    doc.update_stream(cx, (content + "\n" + BODY).encode("latin-1"), new=True)
    doc.xref_set_key(page.xref, "Contents", f"{cx} 0 R")
    return pdfs.save(doc, tmp / "p.pdf")


def _images(pdf: Path, region: str | None = None):
    from widening.facts.extract import load_doc
    from widening.probes import Scope, run_probe

    doc = load_doc(pdf, ocr=False)
    try:
        return run_probe("images", doc, Scope(pages=(1,), region=region), {})
    finally:
        doc.close()


PHOTO = {"Im": _image()}
PHOTO_RES = "/XObject << /Im0 {Im} 0 R >>"


def test_a_gradient_panel_is_no_raster_member(tmp_path):
    pdf = _page(tmp_path, "q 72 400 450 300 re W n 450 0 0 300 72 400 cm /Sh0 sh Q", {"S": (AXIAL, None)}, "/Shading << /Sh0 {S} 0 R >>")
    res = _images(pdf)
    assert not res.members
    assert any("shading" in d.why for d in res.doubts)  # kept: what a gradient shows is not read
    # Kept in the listing, marked: its area may show lettering (gradient words) that picture readers read.
    (placed,) = placed_images(pymupdf.open(pdf)[0], 1)
    assert placed.shading and "shading" in placed.what()


def test_a_shading_pattern_fill_is_no_raster_member(tmp_path):
    pdf = _page(tmp_path, "q /Pattern cs /P0 scn 72 400 450 300 re f Q",
                {"S": (AXIAL, None), "P": ("<< /PatternType 2 /Shading {S} 0 R /Matrix [450 0 0 300 72 400] >>", None)},
                "/Pattern << /P0 {P} 0 R >>")
    res = _images(pdf)
    assert not res.members and res.doubts


def test_a_red_gradient_disc_is_marked_a_shading(tmp_path):
    disc = ("q 360 500 m 360 533 333 560 300 560 c 267 560 240 533 240 500 c 240 467 267 440 300 440 c "
            "333 440 360 467 360 500 c W n /Sh0 sh Q")
    pdf = _page(tmp_path, disc, {"S": (RADIAL, None)}, "/Shading << /Sh0 {S} 0 R >>")
    assert not _images(pdf).members
    (placed,) = placed_images(pymupdf.open(pdf)[0], 1)
    assert placed.shading and abs(placed.bbox[2] - placed.bbox[0] - 120) < 1  # the disc's clip, not the shading's circle


def test_a_photo_beside_a_gradient_is_a_member(tmp_path):
    # Control, and an image placed exactly where a shading paints: told apart by paint order.
    pdf = _page(tmp_path, "q 72 400 200 150 re W n 200 0 0 150 72 400 cm /Sh0 sh Q q 200 0 0 150 72 400 cm /Im0 Do Q "
                          "q 200 0 0 150 300 400 cm BI /W 2 /H 2 /CS /G /BPC 8 ID \x10\x80\xc0\xf0 EI Q",
                {**PHOTO, "S": (AXIAL, None)}, "/Shading << /Sh0 {S} 0 R >> " + PHOTO_RES)
    res = _images(pdf)
    assert sorted(m.bbox[0] for m in res.members) == [72, 300]  # the photo and the inline image
    assert len(res.doubts) == 1 and "shading" in res.doubts[0].why


def test_an_image_clipped_away_is_no_member(tmp_path):
    pdf = _page(tmp_path, "q 10 10 5 5 re W n 400 0 0 300 72 400 cm /Im0 Do Q", PHOTO, PHOTO_RES)
    res = _images(pdf)
    assert not res.members and any("clipped away" in d.why for d in res.doubts)
    d = pdfs.decide(pdf, "How many pictures are on page 1?")
    assert d.decision == "widen"  # a reader sees no picture: its only text is the body


def test_a_sliver_of_an_image_is_placed_where_it_shows(tmp_path):
    pdf = _page(tmp_path, "q 72 400 10 300 re W n 400 0 0 300 72 400 cm /Im0 Do Q", PHOTO, PHOTO_RES)
    (m,) = _images(pdf).members
    assert m.bbox == (72, 92, 82, 392)
    assert not _images(pdf, "right").members


def test_an_image_under_an_opaque_box_is_a_doubt(tmp_path):
    pdf = _page(tmp_path, "q 400 0 0 300 72 400 cm /Im0 Do Q 1 1 1 rg 60 390 430 320 re f", PHOTO, PHOTO_RES)
    res = _images(pdf)
    assert not res.members and any("painted over" in d.why for d in res.doubts)
    # Controls: a translucent veil, a box over a corner leave the picture seen.
    veil = _page(tmp_path, "q 400 0 0 300 72 400 cm /Im0 Do Q /G0 gs 1 1 1 rg 60 390 430 320 re f", PHOTO,
                 PHOTO_RES + " /ExtGState << /G0 << /ca 0.3 >> >>")
    assert len(_images(veil).members) == 1
    corner = _page(tmp_path, "q 400 0 0 300 72 400 cm /Im0 Do Q 1 1 1 rg 60 390 100 100 re f", PHOTO, PHOTO_RES)
    assert len(_images(corner).members) == 1


def test_a_one_pixel_image_stretched_as_a_rule_is_a_doubt(tmp_path):
    pdf = _page(tmp_path, "q 450 0 0 2 72 600 cm /Im0 Do Q", {"Im": _image(1, 1, (200, 0, 0))}, PHOTO_RES)
    res = _images(pdf)
    assert not res.members and any("one pixel" in d.why for d in res.doubts)
    two = _page(tmp_path, "q 450 0 0 20 72 600 cm /Im0 Do Q", {"Im": _image(2, 2, (200, 0, 0))}, PHOTO_RES)
    assert len(_images(two).members) == 1  # control: two pixels may differ


def test_an_image_inside_a_soft_mask_is_a_doubt(tmp_path):
    group = ("<< /Type /XObject /Subtype /Form /BBox [0 0 612 792] /Group << /S /Transparency /CS /DeviceGray >> "
             "/Resources << /XObject << /Im0 {Im} 0 R >> >> >>", "q 400 0 0 300 72 400 cm /Im0 Do Q")
    gs = ("<< /Type /ExtGState /SMask << /Type /Mask /S /Luminosity /G {G} 0 R >> >>", None)
    pdf = _page(tmp_path, "q /GS0 gs 0 0 1 rg 72 400 400 300 re f Q", {"Im": _image(rgb=(255, 255, 255)), "G": group, "E": gs},
                "/ExtGState << /GS0 {E} 0 R >>")
    res = _images(pdf)
    assert not res.members and any("soft mask" in d.why for d in res.doubts)


def test_a_form_drawn_twice_is_two_members(tmp_path):
    form = ("<< /Type /XObject /Subtype /Form /BBox [0 0 200 150] /Resources << /XObject << /Im0 {Im} 0 R >> >> >>",
            "q 200 0 0 150 0 0 cm /Im0 Do Q")
    pdf = _page(tmp_path, "q 1 0 0 1 72 500 cm /Fm0 Do Q q 1 0 0 1 300 500 cm /Fm0 Do Q", {**PHOTO, "F": form},
                "/XObject << /Fm0 {F} 0 R >>")
    assert len(_images(pdf).members) == 2
    # The form's BBox clips: an image reaching past it shows only within it.
    wide = _page(tmp_path, "q 1 0 0 1 72 500 cm /Fm0 Do Q",
                 {**PHOTO, "F": (form[0], "q 400 0 0 150 0 0 cm /Im0 Do Q")}, "/XObject << /Fm0 {F} 0 R >>")
    (m,) = _images(wide).members
    assert abs(m.bbox[2] - 272) < 1


@SETTINGS
@given(box=st.tuples(st.integers(20, 400), st.integers(280, 600), st.integers(20, 180), st.integers(20, 180)),
       cut=st.tuples(st.integers(0, 560), st.integers(0, 760), st.integers(1, 300), st.integers(1, 300)))
def test_a_clipped_image_shows_where_box_and_clip_meet(tmp_path_factory, box, cut):
    x, y, w, h = box
    cx, cy, cw, ch = cut
    pdf = _page(tmp_path_factory.mktemp("clip"), f"q {cx} {cy} {cw} {ch} re W n {w} 0 0 {h} {x} {y} cm /Im0 Do Q", PHOTO, PHOTO_RES)
    shown = pymupdf.Rect(x, 792 - y - h, x + w, 792 - y) & pymupdf.Rect(cx, 792 - cy - ch, cx + cw, 792 - cy)
    res = _images(pdf)
    if shown.is_empty:
        assert not res.members and res.doubts  # nothing shows: never a member, still kept
    else:
        (m,) = res.members
        assert max(abs(a - b) for a, b in zip(m.bbox, shown)) < 0.5


@SETTINGS
@given(box=st.tuples(st.integers(20, 400), st.integers(280, 600), st.integers(20, 180), st.integers(20, 180)),
       kind=st.sampled_from(["sh", "pattern"]))
def test_a_shading_is_never_a_raster_member(tmp_path_factory, box, kind):
    x, y, w, h = box
    if kind == "sh":
        content, streams, res = f"q {x} {y} {w} {h} re W n {w} 0 0 {h} {x} {y} cm /Sh0 sh Q", {"S": (AXIAL, None)}, "/Shading << /Sh0 {S} 0 R >>"
    else:
        content = f"q /Pattern cs /P0 scn {x} {y} {w} {h} re f Q"
        streams = {"S": (AXIAL, None), "P": (f"<< /PatternType 2 /Shading {{S}} 0 R /Matrix [{w} 0 0 {h} {x} {y}] >>", None)}
        res = "/Pattern << /P0 {P} 0 R >>"
    out = _images(_page(tmp_path_factory.mktemp("shade"), content, streams, res))
    assert not out.members and out.doubts


def _faint(tmp: Path, alpha: float, inline: bool = False) -> Path:
    draw = ("q 200 0 0 150 72 400 cm BI /W 2 /H 2 /CS /G /BPC 8 ID \x10\x80\xc0\xf0 EI Q" if inline
            else "q 400 0 0 300 72 400 cm /Im0 Do Q")
    return _page(tmp, f"q /G0 gs {draw} Q", PHOTO, PHOTO_RES + f" /ExtGState << /G0 << /ca {alpha} >> >>")


def test_a_photo_drawn_translucent_is_a_member(tmp_path):
    # MuPDF's image listing leaves out an image drawn under 50% opacity: a faded photo behind the text was no picture,
    # and "How many images are on page 1?" widened with it in plain view.
    pdf = _faint(tmp_path, 0.3)
    assert not pymupdf.open(pdf)[0].get_image_info()
    (m,) = _images(pdf).members
    assert m.bbox == (72, 92, 472, 392)
    assert pdfs.decide(pdf, "How many images are on page 1?").decision == "keep"
    assert len(_images(_faint(tmp_path, 0.3, inline=True)).members) == 1
    # Controls: an opaque-enough photo is listed; one drawn at opacity 0 shows nothing.
    assert len(_images(_faint(tmp_path, 0.6)).members) == 1
    assert not _images(_faint(tmp_path, 0)).members


@SETTINGS
@given(alpha=st.floats(0.01, 1.0))
def test_a_photo_at_any_opacity_is_never_read_as_none(tmp_path_factory, alpha):
    res = _images(_faint(tmp_path_factory.mktemp("faint"), round(alpha, 3)))
    assert res.members or res.doubts
    assert not res.measured_zero


def test_an_image_under_a_wholly_transparent_soft_mask_is_a_doubt(tmp_path):
    def masked(decode: str) -> Path:
        mask = (f"<< /Type /XObject /Subtype /Image /Width 4 /Height 4 /ColorSpace /DeviceGray /BitsPerComponent 8 {decode} >>",
                "\x00" * 16)
        return _page(tmp_path, "q 400 0 0 300 72 400 cm /Im0 Do Q", {"Im": _image(extra="/SMask {M} 0 R"), "M": mask}, PHOTO_RES)

    res = _images(masked(""))
    assert not res.members and any("wholly transparent" in d.why for d in res.doubts)
    assert len(_images(masked("/Decode [1 0]")).members) == 1  # control: the same zeros decoded opaque show it

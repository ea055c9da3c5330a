"""text_style regressions from the review of synthetic styles: sheared matrices at small angles and
with tracking, wavy and thick underlines, combining low lines, coloured backgrounds that are pictures
or shadings, colours at a family's edge, heavy fonts known only by their descriptor, math letters."""

from __future__ import annotations

import math
from functools import partial
from pathlib import Path

import pdfs
import pytest
from hypothesis import given, settings, strategies as st

from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe

load_doc = partial(_load_doc, ocr=False)
BODY = "BT /F1 11 Tf 72 760 Td (Ordinary body text on this page, set in a regular upright font.) Tj ET\n"


def _has(members, word: str) -> bool:
    """Some member names ``word`` (MuPDF spells wide letter-spacing as spaces between letters)."""
    return any(word in m.what.replace(" ", "") for m in members)


def _probe(path: Path, **params):
    doc = load_doc(path)
    try:
        return run_probe("text_style", doc, Scope((1,)), params)
    finally:
        doc.close()


def _sheared(tmp: Path, degrees: float, tc: float, colour: str = "1 0.85 0", font: str = "Helvetica") -> Path:
    """Yellow words in an upright font whose text matrix is sheared by ``degrees``, tracked by ``tc``."""
    shear = math.tan(math.radians(degrees))
    return pdfs.raw_page(tmp / "sk.pdf", BODY + f"q BT {colour} rg /F2 14 Tf {tc:.4f} Tc 1 0 {shear:.4f} 1 72 542 Tm (Regional summary now) Tj ET Q\n",
                         fonts={"F1": "Helvetica", "F2": font})


# --------------------------------------------------------------------------- C1 synthetic italic
@pytest.mark.parametrize("degrees,tc", [(8, 0), (12, 2), (6, 0), (10, 0)])
def test_synthetic_italic_at_small_angles_or_with_tracking_is_italic(tmp_path, degrees, tc):
    """Regression (review): an 8° shear, and a 12° shear with 2 pt letter-spacing, made no glyph boxes
    overlap enough for the skew test: "the yellow italic text" was a measured zero."""
    r = _probe(_sheared(tmp_path, degrees, tc), styles=["italic"], colour="yellow")
    assert _has(r.members, "Regional"), (r.note, r.doubts)


@settings(max_examples=25, deadline=None)
@given(degrees=st.floats(6, 25), tc=st.floats(0, 4))
def test_any_shear_from_6_degrees_with_any_tracking_is_italic(tmp_path_factory, degrees, tc):
    r = _probe(_sheared(tmp_path_factory.mktemp("sk"), degrees, tc), styles=["italic"])
    assert _has(r.members, "Regional"), (degrees, tc, r.note)


@settings(max_examples=15, deadline=None)
@given(degrees=st.floats(1.5, 6), tc=st.floats(0, 4))
def test_a_slight_shear_is_at_least_a_doubt(tmp_path_factory, degrees, tc):
    r = _probe(_sheared(tmp_path_factory.mktemp("sk"), degrees, tc), styles=["italic"])
    assert _has(r.members + r.doubts, "Regional"), (degrees, tc, r.note)


@settings(max_examples=15, deadline=None)
@given(tc=st.floats(-1, 4), font=st.sampled_from(["Helvetica", "Times-Roman", "Courier", "Helvetica-Bold"]))
def test_upright_text_of_any_tracking_is_never_italic(tmp_path_factory, tc, font):
    r = _probe(_sheared(tmp_path_factory.mktemp("up"), 0, tc, font=font), styles=["italic"])
    assert r.measured_zero and not r.doubts, (tc, font, [m.what for m in r.members + r.doubts])


def test_upright_black_text_still_widens_a_yellow_italic_question(tmp_path):
    r = _probe(_sheared(tmp_path, 0, 0, colour="0 0 0"), styles=["italic"], colour="yellow")
    assert r.measured_zero and not r.doubts


def test_corpus_e639_page_9_has_no_yellow_italic_and_page_13_keeps_its_italics(corpus_doc):
    doc = corpus_doc("e639029d16094ea71d964e2fb953952b.pdf")
    for page in (9, 13):
        r = run_probe("text_style", doc, Scope((page,)), {"styles": ["italic"], "colour": "yellow"})
        assert r.measured_zero and not r.doubts, (page, [d.why for d in r.doubts])
    assert len(run_probe("text_style", doc, Scope((13,)), {"styles": ["italic"]}).members) == 3


# --------------------------------------------------------------------------- C3 wavy and thick underlines
def _underlined_page(tmp: Path, mark: str, clutter: int = 0) -> Path:
    """Eleven-point words at baseline 300 with ``mark`` under them; ``clutter`` dots far below."""
    import pymupdf

    d = pdfs.new_doc()
    p = d[0]
    words = "Key findings of the review"
    pdfs.text(p, (72, 300), words, size=11)
    w = pymupdf.get_text_length(words, "helv", 11)
    sh = p.new_shape()
    if mark == "wave":  # one smooth Bezier path, control points 2 pt either side
        x = 72.0
        while x < 72 + w:
            sh.draw_bezier((x, 303), (x + 1.5, 301), (x + 3, 305), (x + 4.5, 303))
            x += 4.5
        sh.finish(color=(0, 0, 0), width=0.7)
    elif mark == "zigzag":  # 2 pt amplitude
        pts = [(72 + 3 * i, 303 + (2 if i % 2 else -2)) for i in range(int(w / 3) + 1)]
        sh.draw_polyline(pts)
        sh.finish(color=(0, 0, 0), width=0.6, closePath=False)
    elif mark == "bar":  # a 4 pt bar
        sh.draw_rect(pymupdf.Rect(72, 302, 72 + w, 306))
        sh.finish(color=None, fill=(0, 0, 0))
    for i in range(clutter):
        sh.draw_rect(pymupdf.Rect(20 + (i % 100) * 5, 500 + (i // 100) * 5, 21 + (i % 100) * 5, 501 + (i // 100) * 5))
    if clutter:
        sh.finish(color=None, fill=(0.5, 0.5, 0.5))
    sh.commit()
    return pdfs.save(d, tmp / "ul.pdf")


@pytest.mark.parametrize("mark,clutter", [("wave", 0), ("zigzag", 0), ("bar", 0), ("zigzag", 5200)])
def test_wavy_zigzag_and_thick_underlines_are_members_or_doubts(tmp_path, mark, clutter):
    """Regression (review): a Bezier wave (its rect spans the control points, 4 pt), a 2 pt zig-zag and
    a 4 pt bar under 11 pt words failed the absolute 3 pt mark height; on a page of over 5,000
    drawings no drawing was looked at: 'the underlined words' was a measured zero."""
    r = _probe(_underlined_page(tmp_path, mark, clutter), styles=["underline"])
    assert _has(r.members + r.doubts, "Keyfindings"), (r.note, [m.what for m in r.best_candidates])


def test_words_without_a_mark_are_not_underlined(tmp_path):
    r = _probe(_underlined_page(tmp_path, "none", 5200), styles=["underline"])
    assert r.measured_zero and not r.doubts


# --------------------------------------------------------------------------- C4 combining low line
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"


@pytest.mark.parametrize("mark", ["\u0332", "\u0333", "\u0331"])
def test_letters_followed_by_a_combining_low_line_are_underlined(tmp_path, mark):
    """Regression (review): 'Key findings' typed with U+0332 COMBINING LOW LINE after each letter
    shows underlined words, but no drawn mark or flag says so: a measured zero."""
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 200), "Plain words above")
    d[0].insert_text((72, 300), "".join(c + mark for c in "Key findings"), fontsize=14, fontname="dv", fontfile=DEJAVU)
    r = _probe(pdfs.save(d, tmp_path / "cl.pdf"), styles=["underline"])
    assert _has(r.members, "K"), (r.note, [m.what for m in r.best_candidates])
    assert not _has(r.members + r.doubts, "Plainwords")


# --------------------------------------------------------------------------- C5 coloured backgrounds
_YELLOW_SHADING = "<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [70 0 192 0] /Function << /FunctionType 2 /Domain [0 1] /C0 [1 0.9 0] /C1 [1 0.8 0] /N 1 >> /Extend [true true] >>"


@pytest.mark.parametrize("ground", ["raster", "shading", "square"])
def test_words_on_a_yellow_picture_shading_or_box_annotation_are_a_doubt(tmp_path, ground):
    """Regression (review): black words on a yellow raster picture or a yellow shading read as no
    yellow text, while the same look from a Highlight annotation is a doubt."""
    import pymupdf

    if ground == "shading":
        path = pdfs.raw_page(tmp_path / "bg.pdf", BODY + "q 70 537 122 19 re W n /Sh0 sh Q BT /F1 14 Tf 72 542 Td (Regional summary) Tj ET\n",
                             extra_res=f"/Shading << /Sh0 {_YELLOW_SHADING} >>")
    else:
        d = pdfs.new_doc()
        if ground == "raster":
            pdfs.image(d[0], (70, 286, 192, 305), colour=(255, 217, 0))
        pdfs.text(d[0], (72, 300), "Regional summary", size=14)
        pdfs.text(d[0], (72, 400), "Black words on white below")
        if ground == "square":
            a = d[0].add_rect_annot(pymupdf.Rect(70, 286, 192, 305))
            a.set_colors(stroke=(1, 0.85, 0), fill=(1, 0.85, 0))
            a.set_opacity(0.5)
            a.update()
        path = pdfs.save(d, tmp_path / "bg.pdf")
    r = _probe(path, colour="yellow")
    assert not r.members and _has(r.doubts, "Regional"), (r.note, [m.what for m in r.best_candidates])
    assert not _has(r.doubts, "Blackwords") and not _has(r.doubts, "Ordinary")


def test_black_words_on_white_still_widen_a_yellow_question(tmp_path):
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 300), "Regional summary", size=14)
    pdfs.image(d[0], (300, 500, 400, 560), colour=(255, 217, 0))  # a yellow picture elsewhere, with no words
    r = _probe(pdfs.save(d, tmp_path / "w.pdf"), colour="yellow")
    assert r.measured_zero and not r.doubts, [m.why for m in r.doubts]


@pytest.mark.parametrize("size", [5, 6, 8, 11, 24])
def test_the_anti_aliasing_of_black_words_is_no_grey_ground(tmp_path, size):
    """Control: the grey edge pixels of small black glyphs are a blend of ink and paper, not a ground."""
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 300), "U.S. GOVERNMENT PRINTING OFFICE WASHINGTON 2004", size=size, font="tiro")
    pdfs.text(d[0], (72, 400), "Heavy words", size=size, font="hebo")
    r = _probe(pdfs.save(d, tmp_path / "aa.pdf"), colour="gray")
    assert r.measured_zero and not r.doubts, [m.why for m in r.doubts]


# --------------------------------------------------------------------------- C6 colours at a family's edge
def _coloured_words(tmp: Path, rgb: tuple[int, int, int]) -> Path:
    d = pdfs.new_doc()
    pdfs.text(d[0], (72, 330), "Internal draft - not for circulation", size=16, colour=tuple(c / 255 for c in rgb))
    pdfs.text(d[0], (72, 400), "Black words below")
    return pdfs.save(d, tmp / "c.pdf")


def test_light_grey_words_between_grey_and_invisible_are_a_doubt(tmp_path):
    """Regression (review): #E8E8E8 words on white are above grey's ceiling (V 225) and below the
    invisibility test (235): neither, so 'the gray text' was a measured zero."""
    r = _probe(_coloured_words(tmp_path, (0xE8, 0xE8, 0xE8)), colour="gray")
    assert not r.members and _has(r.doubts, "Internaldraft") and not _has(r.doubts, "Blackwords"), (r.note, [m.why for m in r.doubts])


@settings(max_examples=20, deadline=None)
@given(level=st.integers(200, 234))
def test_every_visible_grey_is_grey_or_a_doubt(tmp_path_factory, level):
    r = _probe(_coloured_words(tmp_path_factory.mktemp("g"), (level, level, level)), colour="gray")
    assert _has(r.members + r.doubts, "Internaldraft"), level


@pytest.mark.parametrize("rgb,fam", [((0x33, 0x33, 0x33), "blue"), ((0, 0, 0), "gray"), ((0x40, 0x40, 0x40), "red"), ((0, 0, 0), "yellow")])
def test_dark_text_is_no_doubt_for_a_far_colour(tmp_path, rgb, fam):
    r = _probe(_coloured_words(tmp_path, rgb), colour=fam)
    assert r.measured_zero and not r.doubts, [m.why for m in r.doubts]


# --------------------------------------------------------------------------- C2 weight outside name and flags
DEJAVU_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def _unbold(path: str) -> bytes:
    """The font file with its OS/2 fsSelection and head macStyle bold/italic bits cleared (as in
    weights outside a style-linked family: Extrabold, Ultra); usWeightClass stays."""
    import struct

    b = bytearray(Path(path).read_bytes())
    for i in range(struct.unpack(">H", b[4:6])[0]):
        tag, _, off, _ = struct.unpack(">4sIII", b[12 + 16 * i: 28 + 16 * i])
        if tag == b"OS/2":
            fs = struct.unpack(">H", b[off + 62: off + 64])[0]
            b[off + 62: off + 64] = struct.pack(">H", (fs & ~0x21) | 0x40)
        if tag == b"head":
            b[off + 44: off + 46] = struct.pack(">H", struct.unpack(">H", b[off + 44: off + 46])[0] & ~3)
    return bytes(b)


def _heavy_doc(tmp: Path, name: str, descriptor: dict[str, str] | None = None) -> Path:
    """Red words in DejaVuSans-Bold with its bold bits cleared, renamed ``name``; ``descriptor`` keys set."""
    d = pdfs.new_doc()
    p = d[0]
    pdfs.text(p, (72, 200), "Plain red words", colour=(0.85, 0, 0))
    p.insert_font(fontname="FX", fontbuffer=_unbold(DEJAVU_BOLD))
    p.insert_text((72, 300), "Deadline: 30 June", fontsize=14, fontname="FX", color=(0.85, 0, 0))
    for x in range(1, d.xref_length()):
        for k in ("BaseFont", "FontName"):
            if d.xref_get_key(x, k)[0] == "name" and "DejaVu" in d.xref_get_key(x, k)[1]:
                d.xref_set_key(x, k, f"/ABCDEF+{name}")
        if d.xref_get_key(x, "Type")[1] == "/FontDescriptor" and "ABCDEF" in d.xref_get_key(x, "FontName")[1]:
            for k, v in (descriptor or {}).items():
                d.xref_set_key(x, k, v)
    return pdfs.save(d, tmp / "heavy.pdf")


@pytest.mark.parametrize("name,descriptor", [
    ("ProximaNova-Extrabld", None),  # the name token
    ("Gotham-Ultra", None),
    ("Acme-Regular", None),  # usWeightClass 700 in the embedded font
    ("Acme-Book", {"FontWeight": "700"}),
    ("Acme-Book", {"StemV": "160"}),  # a heavy stem only: a doubt
])
def test_a_heavy_font_without_bold_bits_is_bold_or_a_doubt(tmp_path, name, descriptor):
    """Regression (review): DejaVuSans-Bold with its bold bits cleared, embedded as
    "ProximaNova-Extrabld", was neither bold by name nor by MuPDF's flag: 'the bold red words' was a
    measured zero. Weight now also comes from the descriptor's /FontWeight, the font's usWeightClass,
    more foundry tokens, and a heavy /StemV (a doubt)."""
    r = _probe(_heavy_doc(tmp_path, name, descriptor), styles=["bold"], colour="red")
    assert _has(r.members + r.doubts, "Deadline"), (r.note, [m.what for m in r.best_candidates])
    assert not _has(r.members + r.doubts, "Plainred")


def test_an_italic_angle_in_the_descriptor_is_italic(tmp_path):
    r = _probe(_heavy_doc(tmp_path, "Acme-Book", {"ItalicAngle": "-12"}), styles=["italic"])
    assert _has(r.members, "Deadline") and not _has(r.members + r.doubts, "Plainred"), r.note


@pytest.mark.parametrize("name", ["HelveticaNeue-UltraLight", "Acme-Book"])
def test_light_and_book_weights_are_not_bold(tmp_path, name):
    """Control: an 'Ultra' that is UltraLight, and a regular weight, stay out (upright body text too)."""
    r = _probe(pdfs.raw_page(tmp_path / "l.pdf", BODY + "BT /F2 14 Tf 72 650 Td (Light words) Tj ET\n", fonts={"F1": "Helvetica", "F2": name}),
               styles=["bold"])
    assert r.measured_zero and not r.doubts, [m.what for m in r.members + r.doubts]


@pytest.mark.parametrize("name,italic", [("TradeGothicLTStd-BoldObl", True), ("NewsGothicStd-Obl", True), ("Garamond-Cursiva", True),
                                         ("NimbusRomNo9L-Regu-Slant_167", True), ("Noble", False), ("Helvetica", False)])
def test_more_italic_font_names(name, italic):
    from widening.probes.text_style import is_italic_name

    assert is_italic_name(name) is italic


# --------------------------------------------------------------------------- C7 math alphanumerics
DEJAVU_SERIF = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"


def _math_letters(s: str, upper: int, lower: int) -> str:
    """``s`` in a Mathematical Alphanumeric alphabet starting at ``upper`` (A) and ``lower`` (a)."""
    return "".join(chr(upper + ord(c) - 65) if "A" <= c <= "Z" else "\u210e" if c == "h" and lower == 0x1D44E
                   else chr(lower + ord(c) - 97) if "a" <= c <= "z" else c for c in s)


def _math_doc(tmp: Path, text: str) -> Path:
    """Yellow ``text`` in DejaVu Serif (upright), with a ToUnicode map right for astral code points
    (PyMuPDF writes a 16-bit one)."""
    import pymupdf

    d = pdfs.new_doc()
    d[0].insert_text((72, 300), text, fontsize=14, fontname="dvs", fontfile=DEJAVU_SERIF, color=(1, 0.85, 0))
    font = pymupdf.Font(fontfile=DEJAVU_SERIF)
    pairs = []
    for ch in sorted(set(text)):
        cp = ord(ch)
        u = "%04X" % cp if cp <= 0xFFFF else "%04X%04X" % (0xD800 + ((cp - 0x10000) >> 10), 0xDC00 + ((cp - 0x10000) & 0x3FF))
        pairs.append("<%04X> <%s>" % (font.has_glyph(cp), u))
    cmap = ("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
            "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n" + f"{len(pairs)} beginbfchar\n" + "\n".join(pairs)
            + "\nendbfchar\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")
    for x in range(1, d.xref_length()):
        if d.xref_get_key(x, "ToUnicode")[0] == "xref" and "DejaVu" in d.xref_get_key(x, "BaseFont")[1]:
            d.update_stream(int(d.xref_get_key(x, "ToUnicode")[1].split()[0]), cmap.encode())
    return pdfs.save(d, tmp / "math.pdf")


@pytest.mark.parametrize("upper,lower,style", [(0x1D434, 0x1D44E, "italic"), (0x1D468, 0x1D482, "italic"), (0x1D400, 0x1D41A, "bold"),
                                                (0x1D63C, 0x1D656, "italic")])
def test_mathematical_italic_and_bold_letters_have_their_style(tmp_path, upper, lower, style):
    """Regression (review): words typed in MATHEMATICAL ITALIC letters (U+1D434...) in an upright
    font show italic glyphs, but no flag, name or shear says so: a measured zero."""
    r = _probe(_math_doc(tmp_path, _math_letters("Regional summary", upper, lower)), styles=[style], colour="yellow")
    assert r.members, (r.note, [m.what for m in r.best_candidates])


def test_mathematical_sans_letters_are_not_italic(tmp_path):
    r = _probe(_math_doc(tmp_path, _math_letters("Regional summary", 0x1D5A0, 0x1D5BA)), styles=["italic"])
    assert r.measured_zero and not r.doubts


def test_slightly_sheared_words_on_a_yellow_picture_are_a_doubt_for_yellow_italic(tmp_path):
    """A span only near the style (a 3-degree shear: a doubt for italic) on a ground of the asked
    colour: each reading alone is a doubt, so together they are one, not a measured zero."""
    d = pdfs.new_doc()
    pdfs.image(d[0], (70, 286, 192, 305), colour=(255, 217, 0))
    shear = math.tan(math.radians(3))
    d[0].insert_text((72, 300), "Regional summary", fontname="helv", fontsize=14,
                     morph=(pdfs.pymupdf.Point(72, 300), pdfs.pymupdf.Matrix(1, 0, -shear, 1, 0, 0)))
    r = _probe(pdfs.save(d, tmp_path / "ns.pdf"), styles=["italic"], colour="yellow")
    assert _has(r.doubts, "Regional"), (r.note, [m.what for m in r.best_candidates])

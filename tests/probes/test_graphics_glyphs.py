"""graphics: pictures typeset as text (icon-font pictograms, dingbats, bars of block elements) and short
wordmarks (one or two characters: "3M", "X") are never a measured zero; body text stays a zero.

Hunt of the graphics probe: a bar chart of "█" runs ("how many charts"), a 150 pt "✈" of DejaVu, a
private-use star of an icon font, a ZapfDingbats airplane ("how many logos"), and "3M" or a lone "X"
in a display font ("how many logos", "how many red logos") were all widened.
"""

from __future__ import annotations

from functools import partial

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fixtures.fonts import DEJAVU
from widening.facts.extract import load_doc as _load_doc
from widening.probes import Scope, run_probe
from widening.probes.graphics import GLYPH_PICTURE_PT, GRAPHIC_KINDS

load_doc = partial(_load_doc, ocr=False)
SANS, MONO = DEJAVU / "DejaVuSans.ttf", DEJAVU / "DejaVuSansMono.ttf"
needs_dejavu = pytest.mark.skipif(not SANS.is_file() or not MONO.is_file(), reason="DejaVu fonts not installed")
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
BODY = ["The committee reviewed the figures of the year and agreed on the next steps.",
        "Further discussion of the budget is recorded in the minutes attached below.",
        "Members asked for a summary of the regional results before the next meeting.",
        "The secretary will circulate the draft report to every member by Friday."]
# Pictograms a picture may be typeset with: (character, font): DejaVu symbols and block elements, any
# character of the ZapfDingbats and Symbol fonts (their "A" draws a star or an Alpha), and glyphs a
# ToUnicode map says are an icon font's private-use code or an emoji ("tou": a Helvetica "A" mapped so).
GLYPHS = [("\u2708", "dv"), ("\u2605", "dv"), ("\u260e", "dv"), ("\u2665", "dv"), ("\u2588", "dv"), ("\u25b2", "dv"),
          ("\u27a1", "dv"), ("A", "zadb"), ("n", "zadb"), ("4", "zadb"), ("a", "symb"), ("\ue02a", "tou"), ("\U0001f600", "tou")]
COLOUR = st.tuples(*[st.floats(0, 0.85)] * 3)


def _body(page: pymupdf.Page, y0: float = 60) -> None:
    for k, line in enumerate(BODY):
        page.insert_text((40, y0 + 14 * k), line, fontname="helv", fontsize=11)


def _mapped(doc: pymupdf.Document, page: pymupdf.Page, char: str, at: tuple[float, float], size: float, colour) -> None:
    """A Helvetica "A" whose ToUnicode map says ``char``: what an icon font's glyph extracts as."""
    code = char.encode("utf-16-be").hex().upper()
    cmap = doc.get_new_xref()
    doc.update_object(cmap, "<< >>")
    doc.update_stream(cmap, b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /PUA def "
                            b"1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfchar <41> <" + code.encode() + b"> endbfchar "
                            b"endcmap CMapName currentdict /CMap defineresource pop end end", new=True)
    font = doc.get_new_xref()
    doc.update_object(font, f"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode {cmap} 0 R >>")
    page.clean_contents()  # one content stream (and the resources inline) before the font is added
    xref, path = page.xref, ""
    for key in ("Resources", "Font"):  # follow indirect dictionaries down to the page's font dictionary
        kind, value = doc.xref_get_key(xref, path + key)
        if kind == "xref":
            xref, path = int(value.split()[0]), ""
        else:
            path += key + "/"
    doc.xref_set_key(xref, path + "FPUA", f"{font} 0 R")
    r, g, b = colour
    old = page.get_contents()[0]
    doc.update_stream(old, doc.xref_stream(old) + f"\nBT /FPUA {size:.2f} Tf {r:.3f} {g:.3f} {b:.3f} rg 1 0 0 1 {at[0]:.2f} {page.rect.height - at[1]:.2f} Tm (A) Tj ET\n".encode())


def _plant(tmp_path, glyph: str, font: str, size: float, at: tuple[float, float], colour, count: int = 1):
    """A page of body text with ``glyph`` (``count`` times) set at ``at`` in ``font`` (see GLYPHS); the doc and the glyph's box."""
    d = pdfs.new_doc()
    p = d[0]
    _body(p)
    if font == "tou":
        _mapped(d, p, glyph, at, size, colour)
    else:
        kw = {"fontfile": str(MONO if glyph == "\u2588" else SANS)} if font == "dv" else {}
        p.insert_text(at, glyph * count, fontname=font, fontsize=size, color=colour, **kw)
    doc = load_doc(pdfs.save(d, tmp_path / "g.pdf"))
    planted = [pymupdf.Rect(s["bbox"]) for b in doc.page(1).get_text("dict")["blocks"] for ln in b.get("lines", ())
               for s in ln["spans"] if s["size"] != 11 or s["font"] not in ("Helvetica",)]
    assert planted, "the planted glyph is in the text layer"
    return doc, planted[0]


def _holds(res, box: pymupdf.Rect) -> bool:
    """A member or a doubt of ``res`` covers the planted ``box``: it is not missed."""
    return any(pymupdf.Rect(m.bbox).intersects(box) for m in (*res.members, *res.doubts))


@needs_dejavu
@SETTINGS
@given(glyph=st.sampled_from(GLYPHS), size=st.floats(GLYPH_PICTURE_PT, 150), kind=st.sampled_from(GRAPHIC_KINDS),
       x=st.floats(40, 300), y=st.floats(160, 640), colour=COLOUR)
def test_a_pictogram_typeset_as_a_glyph_is_never_missed(tmp_path, glyph, size, kind, x, y, colour):
    """Property: a symbol glyph (icon font, dingbat, pictograph, private-use code) set at least
    GLYPH_PICTURE_PT large on a page of body text is a member or a doubt for every graphic kind,
    with page, box and why (was: a measured zero, "how many logos" widened)."""
    char, font = glyph
    doc, box = _plant(tmp_path, char, font, size, (x, y), colour)
    r = run_probe("graphics", doc, Scope((1,)), {"kind": kind})
    assert not r.measured_zero and _holds(r, box), (r.note, [d.what for d in r.doubts])
    d = next(d for d in r.doubts if pymupdf.Rect(d.bbox).intersects(box))
    assert d.page == 1 and d.why


@needs_dejavu
@SETTINGS
@given(bars=st.lists(st.integers(4, 20), min_size=2, max_size=6), size=st.floats(8, 24), kind=st.sampled_from(["chart", "figure", "diagram"]),
       x=st.floats(90, 200), colour=COLOUR)
def test_a_bar_chart_of_block_elements_is_never_missed(tmp_path, bars, size, kind, x, colour):
    """Property (F1 of the hunt): a bar chart drawn with runs of "█" in a monospace font, labels beside
    each bar, at any size from 8 pt: "how many charts" was a measured zero (glyphs were never looked at)."""
    d = pdfs.new_doc()
    p = d[0]
    _body(p)
    p.insert_text((40, 200), "Sales by region", fontname="helv", fontsize=14)
    for i, n in enumerate(bars):
        y = 240 + (size + 8) * i
        p.insert_text((40, y), f"Region {i + 1}", fontname="helv", fontsize=10)
        p.insert_text((x, y), "\u2588" * n, fontname="dm", fontfile=str(MONO), fontsize=size, color=colour)
    r = run_probe("graphics", load_doc(pdfs.save(d, tmp_path / "bars.pdf")), Scope((1,)), {"kind": kind})
    assert not r.measured_zero and any("U+2588" in m.what for m in r.doubts), (r.note, [m.what for m in r.doubts])


_MARK = st.text(alphabet=st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789&"), min_size=1, max_size=3).filter(lambda s: any(c.isalnum() for c in s))


@SETTINGS
@given(mark=_MARK, font=st.sampled_from(["hebo", "tiro", "cour", "helv", "tibo"]), size=st.floats(16, 120),
       x=st.floats(40, 300), y=st.floats(200, 700), colour=COLOUR)
def test_a_short_wordmark_is_never_missed_for_logos(tmp_path, mark, font, size, x, y, colour):
    """Property (F4 of the hunt): a wordmark of one to three characters ("3M", "X", "H&M") set apart
    from the body text is a logo doubt; under the old two-letter floor it was a measured zero."""
    d = pdfs.new_doc()
    p = d[0]
    _body(p)
    p.insert_text((x, y), mark, fontname=font, fontsize=size, color=colour)
    doc = load_doc(pdfs.save(d, tmp_path / "w.pdf"))
    r = run_probe("graphics", doc, Scope((1,)), {"kind": "logo"})
    assert not r.measured_zero and any(mark in m.what for m in r.doubts), (r.note, [m.what for m in r.doubts])


RED, BLUE = (0.9, 0.05, 0.05), (0.1, 0.3, 0.9)


@pytest.mark.parametrize("mark,size", [("3M", 72), ("X", 96), ("7", 40)])
def test_a_short_red_wordmark_is_a_red_logo_doubt_and_no_blue_one(tmp_path, mark, size):
    """F4: "3M" in red, 72 pt: "how many red logos" was widened (its letters were certain text). It is a
    doubt; a blue question finds no blue in it (the doubt rests on ink of the colour asked about)."""
    d = pdfs.new_doc()
    p = d[0]
    _body(p)
    p.insert_text((230, 400), mark, fontname="hebo", fontsize=size, color=RED)
    doc = load_doc(pdfs.save(d, tmp_path / "r.pdf"))
    r = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "logo", "colour": "red"})
    assert not r.measured_zero and any(mark in m.what for m in r.doubts), r.note
    assert run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "logo", "colour": "blue"}).measured_zero


@needs_dejavu
@SETTINGS
@given(glyph=st.sampled_from(GLYPHS), size=st.floats(24, 150), x=st.floats(40, 300), y=st.floats(200, 640))
def test_a_red_pictogram_is_a_red_logo_doubt(tmp_path, glyph, size, x, y):
    """Property: a red pictogram glyph is a doubt for "how many red logos"; a black one with nothing else red is a zero."""
    char, font = glyph
    doc, box = _plant(tmp_path, char, font, size, (x, y), RED)
    r = run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "logo", "colour": "red"})
    assert not r.measured_zero and _holds(r, box), (r.note, [m.what for m in r.doubts])
    doc, _ = _plant(tmp_path, char, font, size, (x, y), (0, 0, 0))
    assert run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "logo", "colour": "red"}).measured_zero


@needs_dejavu
@pytest.mark.parametrize("kind", GRAPHIC_KINDS)
def test_body_text_with_inline_symbols_and_a_text_heading_is_a_zero(tmp_path, kind):
    """Controls: running text with bullets, inline arrows and ticks at body size, a heading in a text font
    and a page number in the body font draw no picture: a measured zero for every kind but logo (whose
    set-apart heading is a wordmark doubt), and a zero for logos too without the heading."""
    def page(heading: bool):
        d = pdfs.new_doc()
        p = d[0]
        if heading:
            p.insert_text((40, 40), "Appendix C: Strengths and Weaknesses", fontname="hebo", fontsize=18)
        _body(p)
        for k, sym in enumerate(["\u2022", "\u2192", "\u2713", "\u25aa", "\u2013"]):
            p.insert_text((40, 140 + 14 * k), sym, fontname="dv", fontfile=str(SANS), fontsize=11)
            p.insert_text((54, 140 + 14 * k), BODY[k % len(BODY)], fontname="helv", fontsize=11)
        p.insert_text((300, 780), "10", fontname="helv", fontsize=11)
        return load_doc(pdfs.save(d, tmp_path / f"body{heading}.pdf"))

    r = run_probe("graphics", page(heading=kind != "logo"), Scope((1,)), {"kind": kind})
    assert r.measured_zero, [(m.what, m.why) for m in r.doubts]


def test_a_black_wordmark_is_no_red_logo(tmp_path):
    """Control (corpus 379f p10: "red logos" on a page with no red): a plain wordmark doubt does not leak into a colour question."""
    d = pdfs.new_doc()
    p = d[0]
    _body(p)
    p.insert_text((230, 400), "3M", fontname="hebo", fontsize=72, color=(0.43, 0.16, 0.43))  # a purple heading colour
    p.insert_text((300, 780), "10", fontname="hebo", fontsize=10, color=(0.43, 0.16, 0.43))
    doc = load_doc(pdfs.save(d, tmp_path / "b.pdf"))
    assert not run_probe("graphics", doc, Scope((1,)), {"kind": "logo"}).measured_zero
    assert run_probe("coloured_graphics", doc, Scope((1,)), {"kind": "logo", "colour": "red"}).measured_zero

"""facts.legibility: a text layer with no Unicode map (Type0, Identity encoding, no ToUnicode) reads
as other letters, so every probe that reads words counts its page as unread, never as "absent";
so does any layer whose words come out as control, replacement or private-use codes."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from hypothesis import given, strategies as st

import pdfs
from widening.facts.extract import load_doc
from widening.facts.legibility import garbled_fonts, odd, unreadable_layer
from widening.probes import Scope, run_probe

TEXT = ["Agenda", "<p>Don't blindly follow the data</p><p>youtube.com/watch?v=abc</p><p>Figure 10: Sales by region in Beijing</p>", "End"]

# (probe, scope pages, params): each would find its member on the legible copy.
ASKS = [
    ("text_search", (2,), {"text": "Beijing"}),
    ("name_mentions", (1, 2, 3), {"variants": ["Beijing"]}),
    ("captions", (1, 2, 3), {"kind": "figure", "number": "10"}),
    ("mentions", (1, 2, 3), {"item": "youtube", "topic": ["blindly", "follow", "data"]}),
    ("page_exists", (), {"number": "147"}),
]


def _deck(tmp_path: Path, unicode_map: bool) -> Path:
    """Three slides set in a composite font (a Story's); the folios 146-148 printed in a corner."""
    doc = pymupdf.open()
    for k, words in enumerate(TEXT):
        page = doc.new_page(width=720, height=540)
        page.insert_htmlbox(pymupdf.Rect(40, 40, 680, 200), words)
        page.insert_htmlbox(pymupdf.Rect(340, 510, 400, 530), str(146 + k))
    path = tmp_path / "mapped.pdf"
    doc.save(path)
    if unicode_map:
        return path
    doc = pymupdf.open(path)
    for xref in range(1, doc.xref_length()):
        if doc.xref_get_key(xref, "ToUnicode")[0] != "null":
            doc.xref_set_key(xref, "ToUnicode", "null")
    out = tmp_path / "unmapped.pdf"
    doc.save(out)
    return out


@pytest.mark.parametrize("probe, pages, params", ASKS)
def test_a_layer_with_no_unicode_map_is_unread_not_absent(tmp_path, probe, pages, params):
    """Regression (a review of the probes): the garbled layer ('%HLMLQJ' for 'Beijing') was searched
    and every probe reported a measured zero."""
    legible = load_doc(_deck(tmp_path, unicode_map=True), ocr=False)
    assert unreadable_layer(legible, 2) is None
    found = run_probe(probe, legible, Scope(pages), params)
    assert found.members, (probe, found.note)  # the positive control: the words are there
    garbled = load_doc(_deck(tmp_path, unicode_map=False), ocr=False)
    assert "no Unicode map" in (unreadable_layer(garbled, 2) or "")
    res = run_probe(probe, garbled, Scope(pages), params)
    assert not res.measured_zero and res.status.value == "could_not_measure", (probe, res.note)


def test_a_scan_with_a_stamp_in_its_text_layer_is_unread_when_ocr_did_not_run(tmp_path):
    """Regression: an image-only page whose text layer holds only a court stamp, with OCR off or
    failed, counted as read for captions and folios ('Figure 10' and folio 147 in its pixels)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 60, 80), False)
    pix.set_rect(pix.irect, (240, 240, 240))
    page.insert_image(page.rect, pixmap=pix)
    page.insert_text((40, 20), "Case 1:20-cv-01234 Document 5 Filed 01/02/21 Page 2 of 3", fontsize=7)
    doc.save(tmp_path / "stamp.pdf")
    d = load_doc(tmp_path / "stamp.pdf", ocr=False)
    assert d.facts.page(1).kind.value == "image_only" and d.facts.page(1).ocr_error
    for probe, params in (("captions", {"kind": "figure", "number": "10"}), ("page_exists", {"number": "147"})):
        res = run_probe(probe, d, Scope((1,)), params)
        assert res.status.value == "could_not_measure", (probe, res.note)


def test_a_missing_figure_or_page_is_not_claimed_over_an_unreadable_layer(tmp_path):
    """The engine's own container test (not only the probes): 'Figure 10' and folio 147 printed in an
    unmapped font are not 'missing'; with the map they are found."""
    from widening.engine.containers import resolve
    from widening.models import Container, ContainerKind

    for mapped in (True, False):
        doc = load_doc(_deck(tmp_path, unicode_map=mapped), ocr=False)
        fig = resolve(Container(kind=ContainerKind.figure, number="10", text="Figure 10"), doc)
        page = resolve(Container(kind=ContainerKind.page, number="147", text="page 147"), doc)
        if mapped:
            assert any(t.pages for t in fig.readings) and any(t.pages for t in page.readings)
        else:
            assert not any(t.pages for t in fig.readings) and fig.uncertain
            # No certain reading finds it; a doubtful one may (a margin word the layer cannot say).
            assert not any(t.pages for t in page.readings if not t.doubtful) and page.uncertain


LINE = "Beijing office, tel 615-591-2955"
CMAP = ("/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /{name} def /CMapType {type} def\n"
        "/CIDSystemInfo << /Registry (Adobe) /Ordering ({ordering}) /Supplement 0 >> def\n"
        "1 begincodespacerange <0000> <FFFF> endcodespacerange\n{body}endcmap CMapName currentdict /CMap defineresource pop end end\n")


def _composite(path: Path, edit) -> Path:
    """LINE set in a composite font (a Story's) under a line of Helvetica; ``edit(doc, font_xref)`` then changes the font."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 60), "Annual report of the society, with notes on members.", fontname="helv", fontsize=11)
    page.insert_htmlbox(pymupdf.Rect(72, 90, 520, 130), LINE)
    doc.save(path.with_suffix(".src.pdf"))
    doc = pymupdf.open(path.with_suffix(".src.pdf"))
    for xref in range(1, doc.xref_length()):
        if doc.xref_get_key(xref, "Subtype")[1] == "/Type0":
            edit(doc, xref)
    doc.save(path)
    return path


def _set_to_unicode(doc: pymupdf.Document, font: int, body: str) -> None:
    doc.update_stream(int(doc.xref_get_key(font, "ToUnicode")[1].split()[0]), CMAP.format(name="X-UCS", type=2, ordering="UCS", body=body).encode())


def _empty_map(doc: pymupdf.Document, font: int) -> None:
    _set_to_unicode(doc, font, "")


def _embedded_identity_cmap(doc: pymupdf.Document, font: int) -> None:
    cmap = doc.get_new_xref()
    doc.update_object(cmap, "<< /Type /CMap /CMapName /Custom-H /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> >>")
    doc.update_stream(cmap, CMAP.format(name="Custom-H", type=1, ordering="Identity", body="1 begincidrange <0000> <FFFF> 0 endcidrange\n").encode())
    doc.xref_set_key(font, "Encoding", f"{cmap} 0 R")
    doc.xref_set_key(font, "ToUnicode", "null")


def _glyph_numbers_as_unicode(doc: pymupdf.Document, font: int) -> None:
    _set_to_unicode(doc, font, "1 beginbfrange <0000> <FFFF> <0000> endbfrange\n")


def _type3_numbered_glyphs(path: Path) -> Path:
    """LINE in a Type3 font whose glyphs are named /g1, /g2, ... in order of first use, no ToUnicode."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((72, 60), "Annual report of the society, with notes on members.", fontname="helv", fontsize=11)
    doc.save(path.with_suffix(".src.pdf"))
    doc = pymupdf.open(path.with_suffix(".src.pdf"))
    page = doc[0]
    chars = list(dict.fromkeys(LINE))
    procs = []
    for _ in chars:
        x = doc.get_new_xref()
        doc.update_object(x, "<< >>")
        doc.update_stream(x, b"500 0 d0 50 0 400 700 re f")
        procs.append(x)
    font = doc.get_new_xref()
    doc.update_object(font, "<< /Type /Font /Subtype /Type3 /FontBBox [0 0 500 700] /FontMatrix [0.001 0 0 0.001 0 0] "
                            f"/CharProcs << {' '.join(f'/g{i + 1} {x} 0 R' for i, x in enumerate(procs))} >> "
                            f"/Encoding << /Type /Encoding /Differences [1 {' '.join(f'/g{i + 1}' for i in range(len(chars)))}] >> "
                            f"/FirstChar 1 /LastChar {len(chars)} /Widths [{' '.join(['500'] * len(chars))}] >>")
    res = int(doc.xref_get_key(page.xref, "Resources")[1].split()[0])
    doc.xref_set_key(res, "Font/T3", f"{font} 0 R")
    content = page.get_contents()[-1]
    codes = "".join(f"\\{chars.index(c) + 1:03o}" for c in LINE)
    doc.update_stream(content, doc.xref_stream(content) + f"\nBT /T3 11 Tf 72 700 Td ({codes}) Tj ET\n".encode())
    doc.save(path)
    return path


FORMS = {
    "empty_tounicode": lambda p: _composite(p, _empty_map),
    "embedded_identity_cmap": lambda p: _composite(p, _embedded_identity_cmap),
    "type3_numbered_glyph_names": _type3_numbered_glyphs,
    "tounicode_to_glyph_numbers": lambda p: _composite(p, _glyph_numbers_as_unicode),
}
WORD_ASKS = [("name_mentions", {"variants": ["Beijing"]}), ("text_pattern", {"pattern": "phone"}), ("text_search", {"text": "Beijing"})]


@pytest.mark.parametrize("form", FORMS)
def test_other_unmapped_fonts_are_unread_not_absent(tmp_path, form):
    """Regression (a review of the probes): an empty /ToUnicode, an Identity CMap embedded as a stream,
    a Type3 font with numbered glyph names, a /ToUnicode that maps each glyph number to itself: the
    layer reads as codes ("%HLMLQJ\\x03RIILFH"), and name_mentions and text_pattern said measured zero."""
    doc = load_doc(FORMS[form](tmp_path / f"{form}.pdf"), ocr=False)
    assert "Beijing" not in doc.page(1).get_text()  # the layer really is garbled
    assert "cannot be read" in (unreadable_layer(doc, 1) or "")
    for probe, params in WORD_ASKS:
        res = run_probe(probe, doc, Scope((1,)), params)
        assert not res.measured_zero and res.status.value == "could_not_measure", (probe, res.note)


def test_a_map_to_glyph_numbers_is_caught_by_the_font_and_the_text(tmp_path):
    """The map gives each glyph number itself: the font test finds it says no more than the codes (a map of printable
    glyph numbers gives no control code: tests/facts/test_legibility_restated_map.py); the words it yields are codes too."""
    from widening.facts.legibility import _garbled_text

    doc = load_doc(_composite(tmp_path / "g.pdf", _glyph_numbers_as_unicode), ocr=False)
    assert "to itself" in (unreadable_layer(doc, 1) or "")
    assert "reads as codes" in (_garbled_text(doc, 1) or "")


def _symbols_page(path: Path) -> Path:
    """A Helvetica page with private-use bullets and icons (a font whose /ToUnicode maps to U+F0xx, as
    Wingdings and icon fonts do) and stray control codes at words' edges (InDesign bullets)."""
    content = ("BT /F2 11 Tf 72 760 Td (l) Tj /F1 11 Tf ( Beijing office, tel 615-591-2955) Tj ET\n"
               "BT /F2 11 Tf 72 740 Td (n) Tj /F1 11 Tf ( Shanghai office) Tj ET\n"
               "BT /F2 11 Tf 72 720 Td (op) Tj /F1 11 Tf ( follow us) Tj ET\n"
               "BT /F1 11 Tf 72 700 Td (\\007Second Major in Data Analytics \\010) Tj ET\n"
               "BT /F1 11 Tf 72 680 Td (Top 10\\010 and more) Tj ET\n")
    pdfs.raw_page(path, content, fonts={"F1": "Helvetica", "F2": "Helvetica"})
    doc = pymupdf.open(path)
    f2 = next(f[0] for f in doc[0].get_fonts() if f[4] == "F2")
    cmap = doc.get_new_xref()
    doc.update_object(cmap, "<< >>")
    body = "4 beginbfchar <6C> <F0A7> <6E> <F0B7> <6F> <F09A> <70> <F099> endbfchar\n"
    doc.update_stream(cmap, CMAP.format(name="Sym-UCS", type=2, ordering="UCS", body=body).encode(), new=True)
    doc.xref_set_key(f2, "ToUnicode", f"{cmap} 0 R")
    out = path.with_name("symbols.pdf")
    doc.save(out)
    return out


def test_bullets_icons_and_stray_codes_keep_a_page_legible(tmp_path):
    """The control: private-use bullets and icons and control codes at words' edges, as real decks and
    brochures carry them, do not make a page unread; the words around them are found."""
    doc = load_doc(_symbols_page(tmp_path / "s.pdf"), ocr=False)
    text = doc.page(1).get_text()
    assert "\uf0a7" in text and "\uf09a\uf099" in text and "\x07" in text  # the symbols are there
    assert unreadable_layer(doc, 1) is None
    res = run_probe("name_mentions", doc, Scope((1,)), {"variants": ["Beijing"]})
    assert res.members and res.status.value == "measured"


LETTERS = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E) | st.characters(categories=("Ll", "Lu", "Nd")), min_size=1, max_size=12)
ODD = st.sampled_from(["\x01", "\x03", "\x07", "\x08", "\x0f", "\x1c", "\x99", "\ufffd", "\uf0a7", "\uf0b7", "\ue001", "\U000f0001"])
GAPS = st.sampled_from([" ", "  ", "\t", "\u00a0", "\n"])


@given(st.lists(st.tuples(LETTERS, st.lists(ODD, max_size=2), st.sampled_from(["alone", "before", "after"]), GAPS), min_size=1, max_size=40))
def test_lone_symbols_never_garble_a_font(words):
    """Words of letters, each with up to two odd codes standing alone, before it or after it (a bullet,
    an icon pair, a stray code at a word's edge): never judged codes."""
    parts = []
    for word, marks, where, gap in words:
        sym = "".join(marks)
        parts.append({"alone": f"{sym}{gap}{word}" if sym else word, "before": sym + word, "after": word + sym}[where] + gap)
    assert not garbled_fonts([("F", "".join(parts))])


@given(st.lists(LETTERS, min_size=3, max_size=40), ODD, st.integers(0, 3))
def test_words_joined_by_a_code_are_garbled(words, gap, digits):
    """Words whose gaps came out as one code (a glyph number's \\x03 for a space), or a number whose
    digits all did: always judged codes."""
    text = gap.join(words) + (" " + "".join(chr(0x13 + d) for d in range(3 + digits)) if digits else "")
    assert odd(gap) and garbled_fonts([("F", text)])


def _inline_font_page(tmp_path: Path, font: str) -> Path:
    """A page whose line is drawn by a form whose resources write the font dictionary inline (no object)."""
    body = "BT /F1 12 Tf 72 500 Td (Reviewed by Quillfeather on Monday) Tj ET"
    form = ("<< /Type /XObject /Subtype /Form /BBox [0 0 595 842] /Resources << /Font << /F1 " + font + " >> >> >>", body)
    return pdfs.raw_page(tmp_path / "inline.pdf", "BT /F1 16 Tf 72 780 Td (Annual review) Tj ET q /Fm Do Q",
                         streams={"Fm": form}, extra_res="/XObject << /Fm {Fm} 0 R >>")


def test_a_standard_font_written_inline_is_read(tmp_path: Path):
    """An inline font dictionary has no xref; looking its map up used to raise, blinding every text probe on the page."""
    doc = load_doc(_inline_font_page(tmp_path, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"))
    assert unreadable_layer(doc, 1) is None
    result = run_probe("text_search", doc, Scope(pages=(1,)), {"text": "Quillfeather"})
    assert [m.page for m in result.members] == [1]


def test_another_font_written_inline_leaves_the_page_unread(tmp_path: Path):
    """A non-standard font written inline: whether it maps its codes to letters cannot be looked up."""
    doc = load_doc(_inline_font_page(tmp_path, "<< /Type /Font /Subtype /TrueType /BaseFont /Quaint-Serif >>"))
    assert "inline" in (unreadable_layer(doc, 1) or "")

"""facts.legibility and a /ToUnicode map that gives each code its own number as its character ("<0000> <FFFF>
<0000>"): for a font whose codes name no letter (Identity-H glyph or CID numbers, numbered glyph names) it says no more
than the codes, so the layer's letters cannot be read. Such a page was read as the codes: "Kangaroo", printed, read
"ABCDBEFF" (CIDs numbered in order of first use), and "How many times is Kangaroo mentioned?" was widened (a false
widening) and "Which page mentions the word 'Kangaroo'?" answered absent_entity. Controls: the same font with a true
map, a simple font whose map restates its WinAnsi codes (as real reports carry), and a map with a few codes that are
their own characters, are read."""

from __future__ import annotations

import re
from pathlib import Path

import pdfs
import pymupdf
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from widening.facts.extract import load_doc
from widening.facts.legibility import unreadable_layer
from widening.probes import Scope, run_probe

LINE = "The Kangaroo lives here"
SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _tounicode(chars: bytes) -> bytes:
    return (b"/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo <</Registry(Adobe)/Ordering(UCS)/Supplement 0>> def\n"
            b"/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n" + chars
            + b"endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")


RESTATED = _tounicode(b"1 beginbfrange\n<0000> <FFFF> <0000>\nendbfrange\n")


def _renumbered(tmp: Path, cid_of, tounicode) -> Path:
    """LINE on page 2 of three in a Type0 DejaVu font whose glyph codes are renumbered to ``cid_of(k, char)`` (k: order of
    first use; a CIDToGIDMap keeps each glyph), with the ToUnicode map ``tounicode(cids: char -> cid)``."""
    font = pymupdf.Font(fontfile=str(pdfs.DEJAVU_SANS))
    doc = pdfs.new_doc(3)
    for k, page in enumerate(doc):
        pdfs.text(page, (72, 100), f"Annual report body text, section {k + 1}.")
    writer = pymupdf.TextWriter(doc[1].rect)
    writer.append((72, 200), LINE, font=font, fontsize=16)
    writer.write_text(doc[1])
    pdfs.save(doc, tmp / "src.pdf")
    doc = pymupdf.open(tmp / "src.pdf")
    xref = next(f[0] for f in doc[1].get_fonts(full=True) if f[2] == "Type0")
    descendant = int(doc.xref_get_key(xref, "DescendantFonts")[1].strip("[] ").split()[0])
    first = {font.has_glyph(ord(c)): c for c in reversed(LINE)}
    order = list(dict.fromkeys(font.has_glyph(ord(c)) for c in LINE))
    cid = {g: cid_of(k, first[g]) for k, g in enumerate(order)}
    table = bytearray(2 * (max(cid.values()) + 1))
    for g, c in cid.items():
        table[2 * c:2 * c + 2] = g.to_bytes(2, "big")
    gidmap = doc.get_new_xref()
    doc.update_object(gidmap, "<< >>")
    doc.update_stream(gidmap, bytes(table))
    doc.xref_set_key(descendant, "CIDToGIDMap", f"{gidmap} 0 R")
    for x in doc[1].get_contents():
        data = doc.xref_stream(x)
        if b"TJ" in data and b"/F" in data:
            doc.update_stream(x, re.sub(rb"<([0-9a-f]{4,})>", lambda m: b"<" + b"".join(
                b"%04x" % cid.get(int(m.group(1)[i:i + 4], 16), 0) for i in range(0, len(m.group(1)), 4)) + b">", data))
    doc.update_stream(int(doc.xref_get_key(xref, "ToUnicode")[1].split()[0]), tounicode({first[g]: c for g, c in cid.items()}))
    return pdfs.save(doc, tmp / "renumbered.pdf")


def _true_map(cids: dict[str, int]) -> bytes:
    return _tounicode(f"{len(cids)} beginbfchar\n".encode() + b"".join(b"<%04x> <%04x>\n" % (c, ord(ch)) for ch, c in cids.items()) + b"endbfchar\n")


def _search(path: Path, text: str = "Kangaroo"):
    doc = load_doc(path, ocr=False)
    try:
        return unreadable_layer(doc, 2), run_probe("text_search", doc, Scope(pages=(1, 2, 3)), {"text": text})
    finally:
        doc.close()


@pdfs.needs_dejavu
@SETTINGS
@given(start=st.sampled_from([0x21, 0x30, 0x41, 0x61, 0x100]), step=st.sampled_from([1, 2, 3]))
def test_a_map_restating_renumbered_codes_leaves_the_page_unread(tmp_path, start, step) -> None:
    """CIDs numbered in order of first use from ``start`` (printable ASCII: the layer reads other letters, no control code),
    the ToUnicode map restating each: the page is unread, never a measured zero, never absent, never widened."""
    path = _renumbered(tmp_path, lambda k, c: start + step * k, lambda cids: RESTATED)
    with pymupdf.open(path) as doc:
        assert "kangaroo" not in doc[1].get_text().lower()
    why, found = _search(path)
    assert "to itself" in (why or ""), why
    assert not found.members and not found.measured_zero and found.status.value == "could_not_measure", found.note
    row = pdfs.decide(path, "How many times is Kangaroo mentioned in the report?")
    assert row.decision == "keep" and row.case == "unverifiable", row.reason
    row = pdfs.decide(path, "Which page mentions the word 'Kangaroo'?")
    assert row.case != "absent_entity", row.reason


@pdfs.needs_dejavu
def test_the_same_font_with_a_true_map_is_read(tmp_path) -> None:
    path = _renumbered(tmp_path, lambda k, c: 0x41 + k, _true_map)
    why, found = _search(path)
    assert why is None and [m.page for m in found.members] == [2], (why, found.note)


@pdfs.needs_dejavu
def test_a_true_map_with_a_few_codes_that_are_their_own_characters_is_read(tmp_path) -> None:
    """CIDs 0x41 on, so "The" (T, h, e first) maps <0041> <0054>...; 'a', 'e' and ' ' happen to sit at their own codes."""
    own = {"a": 0x61, "e": 0x65, " ": 0x20}
    path = _renumbered(tmp_path, lambda k, c: own.get(c, 0x100 + k), _true_map)
    why, found = _search(path)
    assert why is None and [m.page for m in found.members] == [2], (why, found.note)


def test_a_simple_font_whose_map_restates_its_winansi_codes_is_read(tmp_path) -> None:
    """A standard-encoded simple font with a ToUnicode map <00> <FF> <00>: its codes are letters, the map says so again."""
    path = pdfs.report_line(tmp_path / "w.pdf", "The Kangaroo lives here", at_page=2)
    doc = pymupdf.open(path)
    fonts = {f[0] for p in doc for f in p.get_fonts()}
    for xref in fonts:
        cmap = doc.get_new_xref()
        doc.update_object(cmap, "<< >>")
        doc.update_stream(cmap, _tounicode(b"1 beginbfrange\n<00> <FF> <0000>\nendbfrange\n").replace(b"<0000> <FFFF>\nendcodespacerange", b"<00> <FF>\nendcodespacerange"))
        doc.xref_set_key(xref, "ToUnicode", f"{cmap} 0 R")
    out = tmp_path / "winansi.pdf"
    doc.save(out)
    why, found = _search(out)
    assert why is None and [m.page for m in found.members] == [2], (why, found.note)


@pytest.mark.parametrize("body, restated", [
    (b"1 beginbfrange\n<0000> <FFFF> <0000>\nendbfrange\n", True),
    (b"3 beginbfchar\n<0024> <0024>\n<0025> <0025>\n<0026> <0041>\nendbfchar\n", True),
    (b"1 beginbfrange\n<0024> <0026> [<0024> <0025> <0041>]\nendbfrange\n", True),
    (b"1 beginbfrange\n<0024> <003D> <0041>\nendbfrange\n", False),
    (b"3 beginbfchar\n<0024> <0041>\n<0025> <0025>\n<0026> <0043>\nendbfchar\n", False),
])
def test_restated_codes_are_counted(body, restated) -> None:
    from widening.facts.legibility import _restated

    same, mapped = _restated(_tounicode(body))
    assert (mapped > 0 and 2 * same >= mapped) is restated, (same, mapped)


@pdfs.needs_dejavu
def test_cids_chosen_as_unicode_with_a_map_restating_them_are_read(tmp_path) -> None:
    """An OCR layer's GlyphLessFont (Tesseract) chooses each CID as its character's Unicode value and writes a map that
    restates them: true, and the embedded program's own character map agrees. Read, not unread."""
    path = _renumbered(tmp_path, lambda k, c: ord(c), lambda cids: RESTATED)
    why, found = _search(path)
    assert why is None and [m.page for m in found.members] == [2], (why, found.note)


def _helvetica_named(tmp: Path, name: str, code_of) -> Path:
    """LINE on page 2 in an embedded Helvetica whose ToUnicode map says ``code_of(glyph, char)`` for each glyph."""
    font = pymupdf.Font("helv")
    doc = pdfs.new_doc(3)
    for k, page in enumerate(doc):
        pdfs.text(page, (72, 100), f"Annual report body text, section {k + 1}.")
    writer = pymupdf.TextWriter(doc[1].rect)
    writer.append((72, 200), LINE, font=font, fontsize=16)
    writer.write_text(doc[1])
    xref = next(f[0] for f in doc[1].get_fonts(full=True) if f[2] == "Type0")
    glyphs = {font.has_glyph(ord(c)): c for c in LINE}
    body = f"{len(glyphs)} beginbfchar\n".encode() + b"".join(b"<%04x> <%04x>\n" % (g, code_of(g, c)) for g, c in glyphs.items()) + b"endbfchar\n"
    doc.update_stream(int(doc.xref_get_key(xref, "ToUnicode")[1].split()[0]), _tounicode(body))
    return pdfs.save(doc, tmp / name)


@pytest.mark.parametrize("blank", [0x20, 0xA0, 0x200B, 0xAD])
def test_a_map_naming_the_glyphs_as_blanks_leaves_the_page_unread(tmp_path, blank) -> None:
    """Every glyph named a space (or a character that prints nothing): the layer is blank where the page prints words,
    and "How many times is Kangaroo mentioned?" was widened."""
    path = _helvetica_named(tmp_path, "b.pdf", lambda g, c: blank)
    why, found = _search(path)
    assert "print nothing" in (why or ""), why
    assert not found.measured_zero and found.status.value == "could_not_measure", found.note
    row = pdfs.decide(path, "How many times is Kangaroo mentioned in the report?")
    assert row.decision == "keep" and row.case == "unverifiable", row.reason


def test_a_map_with_a_space_glyph_is_read(tmp_path) -> None:
    """The control: a true map, whose space glyph reads as a space."""
    path = _helvetica_named(tmp_path, "s.pdf", lambda g, c: ord(c))
    why, found = _search(path)
    assert why is None and [m.page for m in found.members] == [2], (why, found.note)

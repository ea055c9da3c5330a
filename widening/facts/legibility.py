"""Whether a page's words can be read: where they come from (``page_text_status``), and whether
its text layer can be read as the words it shows (``unreadable_layer``).

A font whose codes nothing maps to letters carries glyph numbers only, and MuPDF extracts them as
if they were characters ("Beijing" reads "%HLMLQJ"). Searching such a layer for a word measures
nothing, so the page counts as unread for every probe that reads the text layer, never as "the
word is absent". Either of two tests suffices: the font dictionaries (a composite font of the
Identity collection, or a simple font whose glyph names say no character, with no /ToUnicode map
or an empty one, or one that only restates the codes, "<0000> <FFFF> <0000>", unless the CIDs are Unicode values
a producer chose, as an OCR layer's GlyphLessFont does: nothing in the file says which letter a glyph draws; or, for
any font, a map naming several glyphs as one blank: words read as spaces), and the extracted text
itself (control, replacement or private-use code points inside words, where a font's word gaps
and digits came out as codes: what any other unmapped font shows).
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable, Literal

import pymupdf

from widening.facts.document import Doc
from widening.models import PageFacts, PageKind
from widening.text import FORMAT_CHARS

TextStatus = Literal["text_layer", "ocr_words", "ocr_none", "blind", "empty"]

_IDENTITY = ("/Identity-H", "/Identity-V")
# The character collections MuPDF maps to Unicode without a /ToUnicode map.
_KNOWN_COLLECTIONS = ("CNS1", "GB1", "Japan1", "Korea1", "KR")
_SIMPLE = ("Type1", "MMType1", "TrueType", "Type3")
# The standard 14 fonts: a reader maps their codes by the standard encodings without any map in the file.
_STANDARD_14 = {"Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic", "Helvetica", "Helvetica-Bold",
                "Helvetica-Oblique", "Helvetica-BoldOblique", "Courier", "Courier-Bold", "Courier-Oblique",
                "Courier-BoldOblique", "Symbol", "ZapfDingbats"}
# Odd code points inside words, per font on a page: at least this many and this share of its characters.
MIN_ODD = 2
MIN_ODD_SHARE = 0.02


def _ref(value: str) -> int | None:
    m = re.match(r"\[?\s*(\d+) 0 R", value)
    return int(m.group(1)) if m else None


def _map_missing(pdf: pymupdf.Document, xref: int) -> str | None:
    """Why the font has no usable /ToUnicode map (none, or one that maps no code), or None when it has one."""
    kind, value = pdf.xref_get_key(xref, "ToUnicode")
    if kind == "null":
        return "no ToUnicode"
    stream = _ref(value) if kind == "xref" else None
    if stream is None:
        return None  # a name or something odd: left to the test of the text itself
    try:
        data = pdf.xref_stream(stream) or b""
    except Exception:
        return "an unreadable ToUnicode"
    if not re.search(rb"begin(?:bf|cid)(?:char|range)\s*<", data):
        return "an empty ToUnicode"
    same, mapped, _ = _map_counts(data)
    if same >= MIN_RESTATED and 2 * same >= mapped and not _cids_are_unicode(pdf, xref):
        return f"a ToUnicode that maps {same} of its {mapped} codes each to itself (says no more than the codes)"
    return None


_SECTION = re.compile(rb"begin(bf|cid)(char|range)(.*?)end\1\2", re.S)
_HEX = rb"<\s*([0-9A-Fa-f\s]*)>"
_CHAR = re.compile(_HEX + rb"\s*" + _HEX)
_RANGE = re.compile(_HEX + rb"\s*" + _HEX + rb"\s*(?:" + _HEX + rb"|\[([^\]]*)\])")


def _code(hexes: bytes) -> int | None:
    digits = re.sub(rb"\s", b"", hexes)
    return int(digits, 16) if digits else None


def _map_counts(data: bytes) -> tuple[int, int, Counter[int]]:
    """(codes a /ToUnicode map maps each to itself, codes it maps, how many codes it maps to each blank: a space or a
    character that prints nothing). A map that gives each code its own number as its character ("<0000> <FFFF> <0000>")
    says no more than the codes, which for a font whose codes name no letter (glyph numbers) is nothing."""
    same = mapped = 0
    blanks: Counter[int] = Counter()

    def dest(src: int, dst: int | None) -> None:
        nonlocal same, mapped
        mapped += 1
        same += src == dst != 0  # .notdef (code 0) mapped to 0 is a producer's habit, not a restated code
        if dst is not None and dst < 0x110000 and _blank(chr(dst)):
            blanks[dst] += 1

    for m in _SECTION.finditer(data):
        body = m.group(3)
        if m.group(2) == b"char":
            for a, b in _CHAR.findall(body):
                if (src := _code(a)) is not None:
                    dest(src, _code(b))
            continue
        for a, z, b, arr in _RANGE.findall(body):
            lo, hi = _code(a), _code(z)
            if lo is None or hi is None or hi < lo or m.group(1) != b"bf":
                continue  # a cidrange's destination is a decimal number after the two codes
            n = hi - lo + 1
            if arr:
                dsts = [_code(h) for h in re.findall(_HEX, arr)]
                for k in range(n):
                    dest(lo + k, dsts[k] if k < len(dsts) else None)
            elif (start := _code(b)) is not None and n <= _RANGE_READ:
                for k in range(n):
                    dest(lo + k, start + k)
            else:  # a range too wide to read code by code: at most its first code is a blank
                mapped += n
                same += (n - (lo == 0)) if start == lo else 0
                if start is not None and start < 0x110000 and _blank(chr(start)):
                    blanks[start] += 1
    return same, mapped, blanks


def _restated(data: bytes) -> tuple[int, int]:
    """(codes a /ToUnicode map maps each to itself, codes it maps): ``_map_counts``."""
    same, mapped, _ = _map_counts(data)
    return same, mapped


# A map restating fewer codes than this (a font of a space and .notdef) is left to the test of the text itself.
MIN_RESTATED = 2
# Codes of a CID font looked up in its embedded program's own character map (``_cids_are_unicode``).
_CID_SAMPLE = 256


def _cids_are_unicode(pdf: pymupdf.Document, xref: int) -> bool:
    """Whether Type0 font ``xref``'s codes may be Unicode values its producer chose as CIDs (an OCR layer's GlyphLessFont
    does so: its map restating each code is true): its CIDs are kept apart from its glyph numbers (a /CIDToGIDMap
    stream), and its embedded program's own character map, where it has one, does not say another glyph for most of
    the CIDs read as characters. With CIDs that are glyph numbers (/CIDToGIDMap /Identity, or none) a map restating
    them says nothing."""
    descendant = _ref(pdf.xref_get_key(xref, "DescendantFonts")[1])
    if descendant is None:
        return False
    kind, value = pdf.xref_get_key(descendant, "CIDToGIDMap")
    table_ref = _ref(value) if kind == "xref" else None
    if table_ref is None:
        return False
    try:
        table = pdf.xref_stream(table_ref) or b""
        program = pdf.extract_font(descendant)[3] or b""
        if not program:
            fd = _ref(pdf.xref_get_key(descendant, "FontDescriptor")[1])
            ff = next((_ref(pdf.xref_get_key(fd, k)[1]) for k in ("FontFile2", "FontFile3", "FontFile") if fd is not None
                       and pdf.xref_get_key(fd, k)[0] == "xref"), None)
            program = pdf.xref_stream(ff) if ff else b""
        font = pymupdf.Font(fontbuffer=program) if program else None
    except Exception:
        return True  # nothing read says otherwise
    if font is None:
        return True
    agree = differ = 0
    for cid in range(1, len(table) // 2):
        gid = int.from_bytes(table[2 * cid:2 * cid + 2], "big")
        if not gid or not (0x20 <= cid < 0xD800):
            continue
        said = font.has_glyph(cid)
        if said:
            agree += said == gid
            differ += said != gid
        if agree + differ >= _CID_SAMPLE:
            break
    return not (differ >= 2 and differ > agree)


# A range of a map wider than this is counted as a whole, not code by code.
_RANGE_READ = 4096
# A map that names several glyphs as one blank: at least this many codes mapped to one space or character that prints
# nothing, and at least half of the codes it maps to blanks (one space glyph, or a space and a no-break space, are not).
BLANK_GLYPHS = 3


def _blank(ch: str) -> bool:
    return ch.isspace() or ch in FORMAT_CHARS


def _blank_map(pdf: pymupdf.Document, xref: int) -> str | None:
    """Why font ``xref``'s /ToUnicode map names its glyphs as blanks (``BLANK_GLYPHS``): glyphs that print letters read as
    spaces or as nothing, so a word the page prints is no word of its text. None otherwise."""
    kind, value = pdf.xref_get_key(xref, "ToUnicode")
    stream = _ref(value) if kind == "xref" else None
    if stream is None:
        return None
    try:
        _, mapped, blanks = _map_counts(pdf.xref_stream(stream) or b"")
    except Exception:
        return None
    if not blanks or max(blanks.values()) < BLANK_GLYPHS or 2 * sum(blanks.values()) < mapped:
        return None
    return f"a ToUnicode that maps {sum(blanks.values())} of its {mapped} codes to spaces or characters that print nothing"


def _nameless(name: str) -> bool:
    """A glyph name that says no character: MuPDF finds none for it, or only guesses one from a glyph
    number ("g12" read as glyph 0x12 of TrueType's standard order, which a subset or a Type3 font does not keep)."""
    base = name.split(".", 1)[0]
    if not base or pymupdf.mupdf.fz_unicode_from_glyph_name_strict(base) or re.fullmatch(r"uni(?:[0-9A-F]{4})+|u[0-9A-F]{4,6}", base):
        return False
    return re.fullmatch(r"g[0-9A-Fa-f]+", base) is not None or pymupdf.mupdf.fz_unicode_from_glyph_name(base) in (0, 0xFFFD)


def _no_map(pdf: pymupdf.Document, xref: int, ftype: str) -> str | None:
    """How font ``xref`` leaves its codes without letters, or None when something maps them."""
    if blank := _blank_map(pdf, xref):
        return f"{ftype}, {blank}"
    encoding = pdf.xref_get_key(xref, "Encoding")
    if ftype == "Type0":
        if encoding[1] in _IDENTITY:
            how = "Identity encoding"
        else:
            descendant = _ref(pdf.xref_get_key(xref, "DescendantFonts")[1])
            ordering = pdf.xref_get_key(descendant, "CIDSystemInfo/Ordering")[1] if descendant else ""
            if encoding[0] != "xref" or ordering in _KNOWN_COLLECTIONS:
                return None
            how = f"embedded CMap of the {ordering or 'unnamed'} collection"
    elif ftype in _SIMPLE and encoding[0] != "name":
        names = re.findall(r"/([^\s/\[\]<>()]+)", pdf.xref_get_key(xref, "Encoding/Differences")[1])
        unknown = [n for n in names if _nameless(n)]
        if len(unknown) < 2 or 2 * len(unknown) < len(names):
            return None
        how = f"glyph names that say no character ({', '.join('/' + n for n in unknown[:3])})"
    else:
        return None
    missing = _map_missing(pdf, xref)
    return f"{ftype}, {how}, {missing}" if missing else None


def _unmapped_fonts(doc: Doc) -> dict[int, tuple[str, str]]:
    """Font xref -> (base font name, how), for the document's fonts with no Unicode map (memoised)."""
    key = ("unmapped_fonts",)
    if key not in doc.memo:
        out: dict[int, tuple[str, str]] = {}
        seen: set[int] = set()
        pdf = doc.pdf
        for index in range(pdf.page_count):
            for xref, ext, ftype, basefont, *_rest in pdf.get_page_fonts(index, full=True):
                if xref == 0:
                    # A font dictionary written inline (in a form's resources) is no object: its map cannot be
                    # looked up. Only a standard font, not embedded, is known to map; any other makes the page unread.
                    if not (ftype == "Type1" and ext == "n/a" and basefont in _STANDARD_14):
                        out[0] = (basefont or "an inline font", "a font dictionary written inline, whose Unicode map cannot be looked up")
                    continue
                if xref in seen:
                    continue
                seen.add(xref)
                if how := _no_map(pdf, xref, ftype):
                    out[xref] = (basefont or f"font {xref}", how)
        doc.memo[key] = out
    return doc.memo[key]


_ODD = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffd\ue000-\uf8ff\U000f0000-\U0010ffff"
_ODD_RUN = re.compile(f"[{_ODD}]+")
# Python's whitespace includes the controls 0x1c-0x1f and 0x85, which glyph numbers read as characters give.
_GAP = re.compile(rf"(?:(?![{_ODD}])\s)+")


def odd(ch: str) -> bool:
    """A code point that stands for no letter: a control character, U+FFFD, or a private-use one."""
    return _ODD_RUN.fullmatch(ch) is not None


def odd_in_words(text: str) -> tuple[int, int]:
    """(odd code points between letters or in runs of three or more, non-space characters): one or two
    alone or at a word's edge are a bullet, an icon or a producer's stray code, never counted."""
    count = total = 0
    for word in re.split(_GAP, text):
        total += len(word)
        for m in re.finditer(_ODD_RUN, word):
            inside = 0 < m.start() and m.end() < len(word)
            count += len(m.group()) if inside or len(m.group()) >= 3 else 0
    return count, total


def garbled_fonts(spans: Iterable[tuple[str, str]]) -> dict[str, tuple[int, int]]:
    """Font -> (odd code points in words, characters), for the fonts of (font, text) spans whose words read as codes."""
    per: dict[str, list[int]] = {}
    for font, text in spans:
        n_odd, n = odd_in_words(text)
        c = per.setdefault(font, [0, 0])
        c[0] += n_odd
        c[1] += n
    return {f: (k, n) for f, (k, n) in per.items() if k >= MIN_ODD and k >= MIN_ODD_SHARE * n}


def _garbled_text(doc: Doc, index: int) -> str | None:
    """Why page ``index``'s extracted text reads as codes rather than letters, or None (memoised)."""
    key = ("garbled_text", index)
    if key not in doc.memo:
        why = None
        facts = doc.facts.page(index)
        # Only a page whose text holds an odd code point at all is looked at span by span.
        if facts.text_source == "layer" and _ODD_RUN.search(facts.text):
            spans = [(s["font"], s["text"]) for b in doc.page(index).get_text("dict")["blocks"]
                     for line in b.get("lines", ()) for s in line["spans"]]
            found = garbled_fonts(spans)
            if found:
                names = ", ".join(f"{f}: {k} of {n}" for f, (k, n) in sorted(found.items())[:3])
                why = (f"text layer reads as codes, not letters: control, replacement or private-use characters "
                       f"inside words ({names} characters): its letters cannot be read")
        doc.memo[key] = why
    return doc.memo[key]


def unreadable_layer(doc: Doc, index: int) -> str | None:
    """Why page ``index``'s text layer cannot be read as words, or None when it can."""
    unmapped = _unmapped_fonts(doc)
    if unmapped:
        found = sorted({unmapped[f[0]] for f in doc.pdf.get_page_fonts(index - 1, full=True) if f[0] in unmapped})
        if found:
            fonts = "; ".join(f"{name}: {how}" for name, how in found[:3])
            return f"text layer in font(s) with no Unicode map ({fonts}): its letters cannot be read"
    return _garbled_text(doc, index)


def page_text_status(facts: PageFacts) -> TextStatus:
    """Where a page's words come from: its text layer, OCR with words, OCR with none, or nowhere (blind).

    Derived from the cached facts: an image-only page whose OCR ran has ``text_source ==
    'ocr'`` (with or without lines); one whose OCR did not run or failed has ``ocr_error``.
    """
    if facts.kind is PageKind.empty:
        return "empty"
    if facts.kind is not PageKind.image_only:
        return "text_layer"
    if facts.text_source == "ocr" and facts.ocr_error is None:
        return "ocr_words" if facts.ocr_lines else "ocr_none"
    return "blind"


def words_unread(doc: Doc) -> list[int]:
    """The pages whose words were not read: blind (an image-only page OCR did not read, whatever a
    stamp left in its text layer) or with a text layer that cannot be read as words (memoised)."""
    key = ("words_unread",)
    if key not in doc.memo:
        doc.memo[key] = [p.index for p in doc.facts.pages if page_text_status(p) == "blind" or unreadable_layer(doc, p.index)]
    return doc.memo[key]

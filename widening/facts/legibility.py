"""Whether a page's words can be read: where they come from (``page_text_status``), and whether
its text layer can be read as the words it shows (``unreadable_layer``).

A font whose codes nothing maps to letters carries glyph numbers only, and MuPDF extracts them as
if they were characters ("Beijing" reads "%HLMLQJ"). Searching such a layer for a word measures
nothing, so the page counts as unread for every probe that reads the text layer, never as "the
word is absent". Either of two tests suffices: the font dictionaries (a composite font of the
Identity collection, or a simple font whose glyph names say no character, with no /ToUnicode map
or an empty one: nothing in the file says which letter a glyph draws), and the extracted text
itself (control, replacement or private-use code points inside words, where a font's word gaps
and digits came out as codes: what any other unmapped font shows).
"""

from __future__ import annotations

import re
from typing import Iterable, Literal

import pymupdf

from widening.facts.document import Doc
from widening.models import PageFacts, PageKind

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
    return None if re.search(rb"begin(?:bf|cid)(?:char|range)\s*<", data) else "an empty ToUnicode"


def _nameless(name: str) -> bool:
    """A glyph name that says no character: MuPDF finds none for it, or only guesses one from a glyph
    number ("g12" read as glyph 0x12 of TrueType's standard order, which a subset or a Type3 font does not keep)."""
    base = name.split(".", 1)[0]
    if not base or pymupdf.mupdf.fz_unicode_from_glyph_name_strict(base) or re.fullmatch(r"uni(?:[0-9A-F]{4})+|u[0-9A-F]{4,6}", base):
        return False
    return re.fullmatch(r"g[0-9A-Fa-f]+", base) is not None or pymupdf.mupdf.fz_unicode_from_glyph_name(base) in (0, 0xFFFD)


def _no_map(pdf: pymupdf.Document, xref: int, ftype: str) -> str | None:
    """How font ``xref`` leaves its codes without letters, or None when something maps them."""
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

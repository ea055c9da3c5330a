"""Which text-layer glyphs are certainly letters: drawn as text, never as a picture (an icon, a bar)."""

from __future__ import annotations

import re
import unicodedata

import pymupdf

# Fonts whose glyphs may be pictures rather than letters (a smiley in a dingbat font, an emoji,
# an icon font's "A" that draws a plane). Only widens what is kept, so the list errs long.
PICTURE_FONT = re.compile(r"dingbat|wingding|webding|symbol|emoji|icon|awesome|glyph|material|zapf", re.I)
# Arrows, technical and geometric shapes, dingbats (their circled digits "❷" are No, a number
# category), and every plane from the pictographs (U+1F000) up: pictures whatever their category.
PICTURE_BLOCKS = ((0x2190, 0x2BFF), (0x1F000, 0x10FFFF))


def picture_fonts(page: pymupdf.Page) -> set[str]:
    """Names (as text spans give them) of the page's fonts whose glyphs may draw pictures: Type 3 and icon fonts."""
    out = set()
    for f in page.get_fonts():
        name = f[3].split("+", 1)[-1]  # a subset's "ABCDEF+" prefix is not in the span's font name
        if f[2] == "Type3" or PICTURE_FONT.search(name):
            out.add(name)
    return out


def type3_fonts(page: pymupdf.Page) -> dict[str, bool]:
    """The page's Type 3 fonts by the name text spans give them -> whether a glyph may set its own colour.

    A Type 3 glyph is a drawing of its own: nothing in the text layer says its slant or weight. A glyph
    opened with ``d1`` is painted in the text's colour; one opened with ``d0`` (or one that cannot be
    read) may paint any colour it sets."""
    doc = page.parent
    out: dict[str, bool] = {}
    for xref, _, kind, basefont, *_ in page.get_fonts():
        if kind != "Type3":
            continue
        name = basefont.split("+", 1)[-1] if basefont else f"Type3 ({xref} 0 R)"  # as MuPDF names a span's font
        out[name] = out.get(name, False) or _own_colour(doc, xref)
    return out


def _own_colour(doc: pymupdf.Document, xref: int) -> bool:
    try:
        kind, value = doc.xref_get_key(xref, "CharProcs")
        if kind == "xref":
            value = doc.xref_object(int(value.split()[0]))
        procs = [int(n) for n in re.findall(r"(\d+) 0 R", value)]
        return not procs or any(re.search(rb"\bd0\b", (doc.xref_stream(n) or b"")[:400]) for n in procs)
    except Exception:  # a glyph that cannot be read may paint anything
        return True


def certainly_letter(c: str, font: str, pictures: set[str]) -> bool:
    """A letter, digit, punctuation mark or space, in a font that draws text: certainly no picture."""
    if font in pictures or font.startswith("Type3") or PICTURE_FONT.search(font):
        return False  # a Type 3 glyph paints its own drawing; an icon font's "A" may be a plane
    if len(c) != 1 or any(lo <= ord(c) <= hi for lo, hi in PICTURE_BLOCKS):
        return False
    cat = unicodedata.category(c)
    return cat[0] in "LNP" or cat == "Zs"


# Dots that Unicode files as punctuation or math ("•" Po, "‣" Po, "⁃" Po, "∙" Sm) but that a chart's rows of marks
# are set with as often as "●": a dot chart of "• • • •" in Helvetica draws marks, not words. Letters still end a
# run of them, so a bullet before its words or "A • B" stays text. The middle dot "·" is not one: dot leaders of
# a table of contents are rows of it.
DOT_MARKS = frozenset("\u2022\u2023\u2043\u2219")


def picture_mark(c: str, font: str, pictures: set[str]) -> bool:
    """A glyph that may be a mark of a picture (a dot, a square, a block, an arrow, a dingbat, a pictograph, a
    private-use icon, any glyph of a picture or Type 3 font), not a letter nor a sign of text: a math,
    currency or modifier sign ("=", "$", "^") is set among numbers and words, never as a chart's mark."""
    if c in DOT_MARKS:
        return True
    if certainly_letter(c, font, pictures):
        return False
    if font in pictures or font.startswith("Type3") or PICTURE_FONT.search(font):
        return True
    return len(c) != 1 or any(lo <= ord(c) <= hi for lo, hi in PICTURE_BLOCKS) or unicodedata.category(c) not in ("Sm", "Sc", "Sk")


# Span flags (rawdict/dict "char_flags", PyMuPDF >= 1.25.2): underlined, bold, filled, stroked, used as a clip.
STEXT_UNDERLINE, STEXT_BOLD, STEXT_FILLED, STEXT_STROKED, STEXT_CLIPPED = 2, 8, 16, 32, 64
# White text is seen only on a darker ground: a grey render of its box this light everywhere shows no glyph.
WHITE = 235


def draws_nothing(span: dict) -> bool:
    """Whether a text span certainly paints nothing: neither filled nor stroked (render mode 3), or fully
    transparent; glyphs that clip a pattern or a gradient (WordArt) report alpha 0 and are painted."""
    cf = span.get("char_flags", STEXT_FILLED)
    alpha = span.get("alpha", 255)
    return (not cf & (STEXT_FILLED | STEXT_STROKED) or alpha == 0) and not (alpha == 0 and cf & STEXT_CLIPPED)


def white_on_white(page: pymupdf.Page, bbox: tuple[float, float, float, float]) -> bool:
    """Render ``bbox``: when every pixel is near white, white text there is invisible."""
    from widening.facts.limits import safe_pixmap

    clip = pymupdf.Rect(bbox) & page.rect
    if clip.is_empty:
        return True
    # Within the pixel budget (a huge span's box is drawn coarser: its glyphs are huge too).
    pix = safe_pixmap(page, 72, clip, colorspace=pymupdf.csGRAY, annots=False)
    return min(pix.samples) >= WHITE if pix.samples else True

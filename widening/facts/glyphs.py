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


def certainly_letter(c: str, font: str, pictures: set[str]) -> bool:
    """A letter, digit, punctuation mark or space, in a font that draws text: certainly no picture."""
    if font in pictures or font.startswith("Type3") or PICTURE_FONT.search(font):
        return False  # a Type 3 glyph paints its own drawing; an icon font's "A" may be a plane
    if len(c) != 1 or any(lo <= ord(c) <= hi for lo, hi in PICTURE_BLOCKS):
        return False
    cat = unicodedata.category(c)
    return cat[0] in "LNP" or cat == "Zs"

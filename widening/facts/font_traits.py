"""Weight and slant a font declares outside its name and MuPDF's style flags.

MuPDF's bold and italic flags come from the font program's style bits, which a weight outside a
style-linked family (Extrabold, Ultra, Black) leaves clear. The PDF says more: the descriptor's
/FontWeight, /ItalicAngle and /Flags (ForceBold, Italic), its /StemV (the dominant vertical stem
width), and an embedded TrueType/OpenType font's OS/2 usWeightClass.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass

import pymupdf

BOLD_WEIGHT = 600  # CSS/OpenType weight classes: 600 is SemiBold, the lightest weight called bold
# The descriptor's stem width, measured on the corpus's 2,600 descriptors: fonts named bold have a
# median /StemV of 140, text fonts named regular at most 122 (Arial-ItalicMT); a heavier stem
# without a bold name or weight is a doubt (many writers put 0 or a constant there: never a member).
HEAVY_STEM = 130
_FLAG_ITALIC = 1 << 6
_FLAG_FORCE_BOLD = 1 << 18
_SFNT = (b"\x00\x01\x00\x00", b"OTTO", b"true")


@dataclass(frozen=True)
class FontTraits:
    weight: int | None = None  # /FontWeight, else usWeightClass
    italic_angle: float = 0.0
    stem_v: float = 0.0
    flags: int = 0

    @property
    def bold(self) -> bool:
        return (self.weight or 0) >= BOLD_WEIGHT or bool(self.flags & _FLAG_FORCE_BOLD)

    @property
    def italic(self) -> bool:
        return self.italic_angle != 0 or bool(self.flags & _FLAG_ITALIC)

    @property
    def heavy_stem(self) -> bool:
        return self.stem_v >= HEAVY_STEM


def _number(doc: pymupdf.Document, xref: int, key: str) -> float | None:
    kind, value = doc.xref_get_key(xref, key)
    try:
        return float(value) if kind in ("int", "float") else None
    except ValueError:
        return None


def os2_weight(buf: bytes) -> int | None:
    """usWeightClass of an sfnt (TrueType/OpenType) font file, or None."""
    if buf[:4] not in _SFNT or len(buf) < 12:
        return None
    for i in range(struct.unpack(">H", buf[4:6])[0]):
        rec = buf[12 + 16 * i: 28 + 16 * i]
        if len(rec) < 16:
            return None
        tag, _, off, length = struct.unpack(">4sIII", rec)
        if tag == b"OS/2" and length >= 6 and off + 6 <= len(buf):
            return struct.unpack(">H", buf[off + 4: off + 6])[0]
    return None


def font_traits(doc: pymupdf.Document, xref: int, ext: str, memo: dict) -> FontTraits:
    """Traits of the font object ``xref`` (a composite font's descendant descriptor), read once."""
    key = ("font_traits", xref)
    if key in memo:
        return memo[key]
    holder = xref
    kind, value = doc.xref_get_key(xref, "DescendantFonts")
    if kind == "array" and (m := re.search(r"(\d+) 0 R", value)):
        holder = int(m.group(1))
    traits = FontTraits()
    kind, value = doc.xref_get_key(holder, "FontDescriptor")
    if kind == "xref":
        fd = int(value.split()[0])
        weight = _number(doc, fd, "FontWeight")
        if weight is None and ext in ("ttf", "otf"):
            try:
                weight = os2_weight(doc.extract_font(xref)[3])
            except Exception:
                weight = None  # an unreadable font file says nothing: the other readings stand
        traits = FontTraits(int(weight) if weight is not None else None, _number(doc, fd, "ItalicAngle") or 0.0,
                            _number(doc, fd, "StemV") or 0.0, int(_number(doc, fd, "Flags") or 0))
    memo[key] = traits
    return traits


def page_font_traits(doc: pymupdf.Document, page: pymupdf.Page, memo: dict) -> dict[str, FontTraits]:
    """Traits of the page's fonts by base name (subset prefix dropped; MuPDF keeps 31 characters of it)."""
    out: dict[str, FontTraits] = {}
    for xref, ext, _, base, *_ in page.get_fonts():
        if not xref:
            continue
        name, t = base.split("+", 1)[-1][:31], font_traits(doc, xref, ext, memo)
        if name in out:  # two subsets under one name: either's weight or slant may be the span's
            o = out[name]
            t = FontTraits(max(o.weight or 0, t.weight or 0) or None, o.italic_angle or t.italic_angle, max(o.stem_v, t.stem_v), o.flags | t.flags)
        out[name] = t
    return out

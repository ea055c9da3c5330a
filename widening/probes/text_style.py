"""Probe ``text_style``: text spans that are italic / bold / underlined, optionally of a colour.

Example (corpus): a hearing transcript prints folio "9" on PDF page 13, which has three black
italic spans, while PDF page 9 has none: "yellow italic text on page 9" is zero under both readings.

Words inside a raster picture (OCR lines) carry no style in the text layer: the picture is a
doubt (a logo, an icon) or makes its page unmeasured, unless its pixels rule out an asked style
on every line (widening/facts/ink.py): no ink run under a line (underline), no pixel or blend of
the asked colour family (colour). Italic and bold have no pixel test. Example (corpus): a court
document's footer logo shows black capitals: a non-member for "yellow italic words"; still a
doubt for "underlined italic words" (the feet of E and B along the baseline are as long as a
two-letter word whose underline would touch it).

An underline drawn as a row of separate dots or dashes, each narrower than the 2 pt a mark must
span alone, is one mark: such pieces level with each other and no more than an em apart are joined
before any width test (wider dashes are marks one by one, near the words they lie under). A
word is set on a highlight when a highlight annotation, a filled shape or a placed picture (of any
pixel count: one yellow pixel stretched under a word) of the colour covers it, or when the render
under any one of its words shows a pixel of the colour that is no anti-aliasing of the glyphs,
whatever share of the box it covers: the span is then a doubt for "words in that colour".
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from dataclasses import dataclass, replace
from collections.abc import Callable
from functools import cache, partial
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import field_validator

import pymupdf

from widening import rulebook
from widening.facts.colours import Family, family, hex_rgb, int_to_rgb, mask, matches, srgb_to_hsv, tinted, unnamed
from widening.facts.document import Doc
from widening.facts.font_traits import FontTraits, page_font_traits
from widening.facts.geometry import centre_in, rect_tuple
from widening.facts.glyphs import (STEXT_BOLD, STEXT_CLIPPED, STEXT_FILLED, STEXT_STROKED, STEXT_UNDERLINE, WHITE, draws_nothing,
                                   type3_fonts, white_on_white)
from widening.facts.shapes import paints, paths_with_cuts
from widening.facts.ink import Box, Verdict, family_absent, ground_in, underline_absent
from widening.facts.paint import PaintOrder
from widening.facts.limits import MAX_RENDER_PIXELS, RenderRefused, render_refusal, render_zoom, safe_pixmap
from widening.models import BBox, Member, PageKind, ProbeResult, Reader, TextLine
from widening.probes import COLOUR, UNSET_FINDS_MORE, Scope, Params, one_of, picture_words, probe
from widening.probes.images import placed_images
from widening.probes.pagewise import finish, grouped, measurable
from widening.probes.glyph_maps import DedupChars

STYLES = ("italic", "bold", "underline")
# Italic/bold can live only in the font name (pitfall 3): rules/vocabulary.yaml ``font_faces`` lists how names
# say a face (its comments say why each list exists); ``_font_names`` builds the patterns on first use.

# Combining marks that draw a line under the letter before them: typed underlines.
_COMBINING_UNDERLINES = re.compile(r"\S[\u0331\u0332\u0333]")  # after a letter, macron below, low line, double low line


@dataclass
class Span:
    page: int
    bbox: BBox
    text: str
    font: str
    rgb: tuple[int, int, int]
    italic: bool
    bold: bool
    underline: bool
    why: str
    near_underline: bool = False  # a drawn mark under it fails only the tuned underline geometry
    near_italic: bool = False  # glyph boxes overlap, but fewer than the skew test asks for
    invisible: bool = False  # white text over a near-white render: a tuned contrast test hides it
    near_bold: bool = False  # bold only by MuPDF's overstrike guess (a glyph drawn twice, offset)
    unknown_paint: bool = False  # glyphs painted through a clip (a pattern or gradient fill): colour unknown
    stroked: bool = False  # glyph outlines are stroked, in a colour the text layer does not give
    type3: bool = False  # a Type 3 font: each glyph is a drawing whose slant and weight nothing declares
    own_colour: bool = False  # ... and a glyph of it may set its own colour (facts.glyphs.type3_fonts)
    size: float = 0.0  # the font size, points
    # Words of an upright span whose own glyphs are sheared (a slanted word set in the line's
    # font joins its span; the span-wide skew share then stays low): (bbox, text) each.
    skewed_words: tuple[tuple[BBox, str], ...] = ()
    words: tuple[BBox, ...] = ()  # the box of each word (cut at spaces): a ground under one word is judged on its own
    underlined_words: tuple[tuple[BBox, str], ...] = ()  # words of a span not underlined as a whole that a mark underlines
    alpha: int = 255  # fill opacity (0-255): below 255 the glyphs show as a blend of their colour with the ground
    direction: tuple[float, float] = (1.0, 0.0)  # the line's direction (MuPDF's dir): (1, 0) for a line read left to right
    # The font program that draws it: an MD5 of the embedded font's bytes ("" when MuPDF holds none). Two fonts may
    # share a name (a renamed bold program beside the regular body font): their glyphs are measured apart.
    program: str = ""
    embedded: bool = True  # False: the PDF holds no program, a viewer draws it in a face chosen from its name and flags


def _base_font(name: str) -> str:
    return name.split("+", 1)[-1]  # drop a subset prefix like ABCDEF+


class _FontNames(NamedTuple):
    italic_word: re.Pattern[str]  # searched in the name
    italic_suffix: re.Pattern[str]  # searched in its last ","-part
    tex_italic: re.Pattern[str]  # matched on its last ","-part
    maybe_italic_suffix: re.Pattern[str]  # searched in its last ","-part
    bold: re.Pattern[str]  # searched in the name
    face_part: re.Pattern[str]  # searched in its style part (after the last "-" or ",")
    face_end: re.Pattern[str]  # searched in the name
    anonymous: re.Pattern[str]  # the whole name


@cache
def _font_names() -> _FontNames:
    """The font-name patterns, built from rules/vocabulary.yaml ``font_faces`` on first use (never at import)."""
    f = rulebook.load("vocabulary")["font_faces"]

    def alt(key: str) -> str:
        return "(?:" + "|".join(f[key]) + ")"

    return _FontNames(
        italic_word=re.compile(alt("italic_words"), re.I),
        italic_suffix=re.compile(r"(?:-(?i:" + "|".join(f["italic_hyphen_suffixes"]) + r")|(?<=[a-z0-9])" + alt("italic_camel_suffixes") + r")$"),
        tex_italic=re.compile(r"^" + alt("tex_italics") + r"\d*$", re.I),
        maybe_italic_suffix=re.compile(alt("maybe_italic_suffixes") + r"$", re.I),
        bold=re.compile(r"(?:" + "|".join(f["bold"]) + r"|^" + alt("tex_bolds") + r"\d+$)", re.I),
        face_part=re.compile(alt("face_parts") + alt("vendor_tails") + r"?$", re.I),
        face_end=re.compile(r"(?<=[a-z])" + alt("face_ends") + alt("vendor_tails") + r"?$"),
        anonymous=re.compile(alt("anonymous_prefixes") + r"?[_-]?\d+(?:[_-]\d+)?", re.I))


def is_italic_name(font: str) -> bool:
    """Does the font's name say italic: a word ("Italic", "Oblique"), a suffix ("-It", "BoldIt") or a TeX name ("CMTI10")?"""
    base = _base_font(font)
    last = base.split(",")[-1]
    names = _font_names()
    return bool(names.italic_word.search(base) or names.italic_suffix.search(last) or names.tex_italic.match(last))


def maybe_italic_name(font: str) -> bool:
    """A name that ends as an italic suffix would but may be a word ("Audit", "Summit", "timesit"): a doubt, never a member."""
    return not is_italic_name(font) and bool(_font_names().maybe_italic_suffix.search(_base_font(font).split(",")[-1]))


def math_styles(text: str) -> tuple[bool, bool]:
    """(italic, bold): does ``text`` hold Mathematical Alphanumeric letters of an italic or a bold
    alphabet (U+1D400-1D7FF, and U+210E PLANCK CONSTANT, the italic h)? Their glyphs are styled
    whatever the font."""
    names = [unicodedata.name(c, "") for c in text if "\U0001D400" <= c <= "\U0001D7FF" or c == "\u210e"]
    return any("ITALIC" in n or n == "PLANCK CONSTANT" for n in names), any("BOLD" in n for n in names)


def is_bold_name(font: str) -> bool:
    return bool(_font_names().bold.search(_base_font(font)))


# The lean of a glyph is the shear of its text matrix (with the CTM): MuPDF's quad for a character is
# the font box mapped by that matrix, so its left edge leans by exactly the shear, 0 for upright text
# whatever the tracking, font or size (reviewer's sweep: 0.141 at 8 degrees, 0.213 at 12, 0 upright).
ITALIC_LEAN = 0.1  # tan 5.7 deg: synthetic italics are 8-20 deg; a smaller forward lean is a doubt
UPRIGHT_LEAN = 0.0175  # tan 1 deg: below it, float noise of matrix products; any larger lean is a doubt


def _leans(textpage: pymupdf.TextPage) -> dict[tuple[str, float, float], float]:
    """Lean of each character (run over rise along its line, forward positive), keyed by character
    and origin: read from MuPDF's character quads, which the dict outputs reduce to boxes."""
    out: dict[tuple[str, float, float], float] = {}
    for block in textpage.this:
        if block.m_internal.type != pymupdf.mupdf.FZ_STEXT_BLOCK_TEXT:
            continue
        for line in block:
            dx, dy = line.m_internal.dir.x, line.m_internal.dir.y
            for ch in line:
                q, o = ch.m_internal.quad, ch.m_internal.origin
                ux, uy = q.ul.x - q.ll.x, q.ul.y - q.ll.y  # the glyph's up edge
                rise = abs(ux * dy - uy * dx)
                if rise > 1e-6:
                    out[(chr(ch.m_internal.c), round(o.x, 2), round(o.y, 2))] = (ux * dx + uy * dy) / rise
    return out


def _lean(chars: list[dict], leans: dict[tuple[str, float, float], float]) -> tuple[float, float]:
    """Median lean of ``chars`` and their largest lean either way (0, 0 when none is known)."""
    got = sorted(v for c in chars if (v := leans.get((c["c"], round(c["origin"][0], 2), round(c["origin"][1], 2)))) is not None)
    return (got[len(got) // 2], max(abs(got[0]), abs(got[-1]))) if got else (0.0, 0.0)


def _programs(textpage: pymupdf.TextPage) -> dict[tuple[str, float, float], str]:
    """The font program of each character (an MD5 of its font's bytes, "" when none), keyed as ``_leans``."""
    import hashlib

    mu = pymupdf.mupdf
    digests: dict[int, str] = {}  # by the font object's address: alive as long as ``textpage``
    out: dict[tuple[str, float, float], str] = {}
    for block in textpage.this:
        if block.m_internal.type != mu.FZ_STEXT_BLOCK_TEXT:
            continue
        for line in block:
            for ch in line:
                font = ch.m_internal.font
                if font is None:
                    continue
                addr = int(font.this)
                if addr not in digests:
                    try:
                        data = mu.FzBuffer(mu.ll_fz_keep_buffer(font.buffer)).fz_buffer_extract_copy() if font.buffer else b""
                    except Exception:
                        data = b""
                    # Unread bytes: a program of its own (never merged with another font's measure).
                    digests[addr] = hashlib.md5(data).hexdigest() if data else f"font@{addr}"
                o = ch.m_internal.origin
                out[(chr(ch.m_internal.c), round(o.x, 2), round(o.y, 2))] = digests[addr]
    return out


Direction = tuple[float, float]
HORIZONTAL: Direction = (1.0, 0.0)


def _overlaps(chars: list[dict], size: float, d: Direction) -> int | None:
    """How many neighbours' glyph boxes overlap by more than a fifth of ``size`` along the line's
    direction ``d``; None when the boxes cannot say (a line turned by other than a right angle).

    A character's box is axis-aligned: it is the glyph's own box only on a line turned by a multiple of
    90 degrees (read along the line there: on a line set upwards, a neighbour lies above, its box over
    the same x range). On a line at 20 or 45 degrees every box takes in the turned glyph's corners, so
    upright neighbours overlap as sheared ones do: only the lean (facts from the quads) is read there."""
    dx, dy = d
    if min(abs(dx), abs(dy)) > 1e-3:
        return None

    def along(bbox) -> tuple[float, float]:
        ends = [x * dx + y * dy for x in (bbox[0], bbox[2]) for y in (bbox[1], bbox[3])]
        return min(ends), max(ends)

    return sum(1 for a, b in zip(chars, chars[1:]) if along(a["bbox"])[1] - along(b["bbox"])[0] > 0.2 * size)


def _skewed(chars: list[dict], size: float, d: Direction = HORIZONTAL) -> bool:
    """A sheared text matrix widens each glyph box so that neighbours overlap along the line."""
    if len(chars) < 3:
        return False
    overlaps = _overlaps(chars, size, d)
    return overlaps is not None and overlaps >= 0.6 * (len(chars) - 1)


def _words(chars: list[dict]) -> list[list[dict]]:
    """The span's characters cut at spaces into words."""
    out: list[list[dict]] = [[]]
    for c in chars:
        if c["c"].isspace():
            out.append([])
        else:
            out[-1].append(c)
    return [w for w in out if w]


def _attach_skewed_words(made: dict[int, Span], line_chars: list[tuple[int, dict]], spans: list[dict], leans: dict,
                         d: Direction = HORIZONTAL) -> None:
    """Judge the skew test word by word over the whole line: a sheared word may sit inside an
    upright span, or be cut into spans of two letters by a style change, where no span-wide test
    sees it. Each such word is kept on the span of its first letter, unless a span it spans is
    italic already."""
    owner = {id(c): i for i, c in line_chars}
    for word in _words([c for _, c in line_chars]):
        first = owner[id(word[0])]
        involved = {owner[id(c)] for c in word}
        if first not in made or any(made[i].italic for i in involved if i in made):
            continue
        if _skewed(word, float(spans[first]["size"]), d) or _lean(word, leans)[0] >= ITALIC_LEAN:
            made[first].skewed_words += ((rect_tuple(pymupdf.Rect(*_union_chars(word))), "".join(c["c"] for c in word)),)


# Mark heights: a drawn path's rect spans its Bezier control points and its zig-zag, so a wave or a
# thick bar under the words is taller than a rule. Measured: a wave with control points 2 pt either
# side under 11 pt words has a 4 pt rect (0.36 em); the old absolute 3 pt stays a mark at any size.
MARK_EM = 0.35  # up to this share of the span's size a mark under it underlines it
NEAR_MARK_EM = 0.6  # up to this, a bar or wave under it (a tuned height): a doubt
MARK_PT = 3.0


class _AnnotationMark(pymupdf.Rect):
    """An underline annotation's rect: it boxes the words, so no mark height limit applies."""


def _mark_limit(size: float, em: float) -> float:
    return max(MARK_PT, em * size)


def _faint(page: pymupdf.Page, d: dict, r: pymupdf.Rect) -> bool:
    """A path painted only in near-white whose render (grown by a point: a hairline has no height) has a
    near-white main colour: a white rule on white paper, which underlines nothing a reader sees (the
    glyphs' descenders it crosses are a few pixels of the box)."""
    from widening.facts.ink import backgrounds

    colours = [c for c in (d.get("fill"), d.get("color") if "s" in (d.get("type") or "") else None) if c is not None]
    if not colours or any(len(c) < 3 or min(c[:3]) * 255 < WHITE for c in colours):
        return False
    try:
        rgb = _render(page, rect_tuple(r + (-1, -1, 1, 1)), GROUND_DPI)
    except RenderRefused:
        return False
    return rgb is not None and rgb.size > 0 and float(backgrounds(rgb)[0].min()) >= WHITE


def _link_underlines(page: pymupdf.Page) -> list[pymupdf.Rect]:
    """The bottom edge of each link whose border style is underline (/BS /S /U) of a width above 0."""
    pdf = page.parent
    out = []
    try:
        links = page.get_links()
    except Exception:
        return out
    for link in links:
        xref = link.get("xref") or 0
        if not xref or pdf.xref_get_key(xref, "BS/S") != ("name", "/U"):
            continue
        kind, width = pdf.xref_get_key(xref, "BS/W")
        try:
            w = float(width) if kind in ("int", "float") else 1.0  # /W defaults to 1
        except ValueError:
            w = 1.0
        r = pymupdf.Rect(link["from"])
        if w > 0 and not r.is_empty:
            out.append(pymupdf.Rect(r.x0, r.y1 - w, r.x1, r.y1))
    return out


def _underline_marks(page: pymupdf.Page, raw: dict, drawings: list[dict], faint: list[pymupdf.Rect] | None = None) -> list[pymupdf.Rect]:
    """Thin horizontal drawn lines/rects, underline annotations, thin wide pictures (a 1-pixel rule)
    and runs of underscores typed under the words: candidate underlines. Drawn marks are kept only
    in the bands under spans (where every mark test looks), so a page of many drawings is read whole.
    Marks a reader may or may not see go to ``faint`` instead (near marks: a doubt, never a member):
    white marks no render shows, and the underline border of a link, which some viewers draw
    (Acrobat, pdf.js) and others, MuPDF among them, do not."""
    faint = [] if faint is None else faint
    faint += _link_underlines(page)
    bands = sorted((s["bbox"][3], s["bbox"][0], s["bbox"][2], float(s["size"])) for b in raw.get("blocks", ())
                   for l in b.get("lines", ()) for s in l["spans"] if s["chars"])
    bottoms = [b[0] for b in bands]
    biggest = max((b[3] for b in bands), default=0.0)

    def under_a_span(r: pymupdf.Rect) -> float | None:
        """The size of the biggest span ``r`` lies under (None when none)."""
        lo, hi = bisect.bisect_left(bottoms, r.y0 - 1.5 * biggest), bisect.bisect_right(bottoms, r.y0 + 1.5 * biggest)
        return max((size for y1, x0, x1, size in bands[lo:hi] if x0 < r.x1 and r.x0 < x1 and abs(r.y0 - y1) <= 1.5 * size), default=None)

    tallest = _mark_limit(biggest, NEAR_MARK_EM)
    drawn: list[tuple[pymupdf.Rect, float]] = []  # thin pictures and paths under a span, with its size
    for r, d in [(pymupdf.Rect(info["bbox"]), None) for info in page.get_image_info()] + [(pymupdf.Rect(d["rect"]), d) for d in drawings]:
        if r.height <= tallest and (em := under_a_span(r)) is not None:
            if d is not None and _faint(page, d, r):
                faint.append(r)  # a white line on white paper: no reader sees it, a tuned contrast test says so
                continue
            drawn.append((r, em))
    marks: list[pymupdf.Rect] = _chained(drawn) + _typed_lines(raw)
    for annot in page.annots(types=[pymupdf.PDF_ANNOT_UNDERLINE]) or ():
        if annot.opacity != 0:  # -1 (unset) or above 0: it is drawn; at 0 it inks nothing
            marks.append(_AnnotationMark(annot.rect))
    return marks


# Pieces in a row join into one mark: a dotted or dashed underline drawn as separate dots or dashes,
# each narrower than MIN_MARK_PT (less than a letter: alone, it underlines no word), is one line to a
# reader. Level: centres within ROW_PT (the pieces of one line share their centre). Gaps: up to an em
# of the span they lie under (dotted underlines leave about a dot's width, sparse ones a few points).
# Wider marks are judged one by one as before: a dash as wide as a letter under a longer word fails
# the overlap test but stays near (a doubt), and cells' rules in a row stay apart.
ROW_PT = 0.5
MIN_MARK_PT = 2.0


def _chained(drawn: list[tuple[pymupdf.Rect, float]]) -> list[pymupdf.Rect]:
    """``drawn`` marks (each with the size of the span it lies under): those at least MIN_MARK_PT wide
    as they are, the narrower ones joined in rows (level, no more than an em apart) of two or more; a
    lone narrow piece is left out."""
    out = [r for r, _ in drawn if r.width >= MIN_MARK_PT]
    rows: list[list[tuple[pymupdf.Rect, float]]] = []
    for r, em in sorted(((r, em) for r, em in drawn if r.width < MIN_MARK_PT), key=lambda m: (m[0].y0 + m[0].y1) / 2):
        cy = (r.y0 + r.y1) / 2
        if rows and cy - (rows[-1][0][0].y0 + rows[-1][0][0].y1) / 2 <= ROW_PT:
            rows[-1].append((r, em))
        else:
            rows.append([(r, em)])
    for row in rows:
        row.sort(key=lambda m: m[0].x0)
        chain, reach, chain_em = [row[0][0]], row[0][0].x1, row[0][1]
        for r, em in row[1:] + [(None, 0.0)]:
            if r is not None and r.x0 - reach <= max(em, chain_em):
                chain.append(r)
                reach, chain_em = max(reach, r.x1), max(chain_em, em)
                continue
            if len(chain) > 1:
                # By coordinates: PyMuPDF's union drops an empty rect (a hairline's rect has no height).
                out.append(pymupdf.Rect(min(m.x0 for m in chain), min(m.y0 for m in chain), max(m.x1 for m in chain), max(m.y1 for m in chain)))
            if r is not None:
                chain, reach, chain_em = [r], r.x1, em
    return out


# Low lines typed as characters draw a rule at their baseline: a span of nothing else (one stretched
# underscore under a word, or a run of them), or underscores struck over other letters of their line (a
# typewriter's underline: "s", backspace, "_"). Their ink lies just under the baseline.
LOW_LINES = frozenset("_\u2017\uff3f")  # low line, double low line, fullwidth low line


def _overstrikes(line: dict) -> set[int]:
    """ids of the low-line characters of ``line`` drawn across another visible character of it (overstrike):
    they are marks, not text."""
    chars = [c for sp in line["spans"] for c in sp["chars"] if not c["c"].isspace()]
    glyphs = [c["bbox"] for c in chars if c["c"] not in LOW_LINES]
    out = set()
    for c in chars:
        if c["c"] in LOW_LINES:
            x0, x1 = c["bbox"][0], c["bbox"][2]
            if any(min(x1, g[2]) - max(x0, g[0]) >= 0.5 * max(min(x1 - x0, g[2] - g[0]), 1e-3) for g in glyphs):
                out.add(id(c))
    return out


def _typed_lines(raw: dict) -> list[pymupdf.Rect]:
    """Marks of typed low lines: each span made of them alone, and each row of overstruck ones (joined while
    they touch: one underscore per letter is one line under the word)."""
    out: list[pymupdf.Rect] = []
    for block in raw.get("blocks", ()):
        for line in block.get("lines", ()):
            struck = _overstrikes(line)
            row: list[dict] = []
            for sp in line["spans"]:
                chars = [c for c in sp["chars"] if not c["c"].isspace()]
                if chars and all(c["c"] in LOW_LINES for c in chars) and not any(id(c) in struck for c in chars):
                    y = chars[0]["origin"][1]
                    out.append(pymupdf.Rect(chars[0]["bbox"][0], y + 0.5, chars[-1]["bbox"][2], y + 2))
                row += [c for c in sp["chars"] if id(c) in struck]
            row.sort(key=lambda c: c["bbox"][0])
            start = 0
            for i in range(1, len(row) + 1):
                if i == len(row) or row[i]["bbox"][0] - row[i - 1]["bbox"][2] > 0.25 * float(row[i - 1]["bbox"][3] - row[i - 1]["bbox"][1]) \
                        or abs(row[i]["origin"][1] - row[i - 1]["origin"][1]) > ROW_PT:
                    y = row[start]["origin"][1]
                    out.append(pymupdf.Rect(row[start]["bbox"][0], y + 0.5, max(c["bbox"][2] for c in row[start:i]), y + 2))
                    start = i
    return out


def _fitting(marks: list[pymupdf.Rect], size: float, em: float) -> list[pymupdf.Rect]:
    """Marks no taller than ``em`` of a span of ``size`` (annotations always)."""
    limit = _mark_limit(size, em)
    return [m for m in marks if m.height <= limit or isinstance(m, _AnnotationMark)]


def _marks_near(bbox: BBox, size: float, marks: list[pymupdf.Rect]) -> list[pymupdf.Rect]:
    """Drawn marks that overlap the span horizontally within a line height of its bottom."""
    x0, y0, x1, y1 = bbox
    return [m for m in marks if min(x1, m.x1) > max(x0, m.x0) and y1 - size <= m.y0 <= y1 + size]


def _near_underline(bbox: BBox, size: float, marks: list[pymupdf.Rect]) -> bool:
    return bool(_marks_near(bbox, size, marks))


def _word_boxes(raw: dict) -> list[pymupdf.Rect]:
    """Boxes of every non-blank span of the page (what a drawn line may run under)."""
    return [pymupdf.Rect(s["bbox"]) for b in raw["blocks"] for l in b.get("lines", ()) for s in l["spans"]
            if any(not c["c"].isspace() for c in s["chars"])]


def _rule_like(bbox: BBox, size: float, marks: list[pymupdf.Rect], words: list[pymupdf.Rect]) -> bool:
    """Every drawn line under the span runs more than an em past the run of words it lies under
    (words joined across gaps under an em): a table's rule or a separator, which MuPDF's underline
    flag and the geometry test both take for an underline. Tuned, so the span becomes a doubt."""
    x0, _, x1, y1 = bbox
    under = _marks_near(bbox, size, marks)
    if not under:
        return False  # flagged by MuPDF from a line we do not list: keep its verdict
    for m in under:
        m = _joined(m, marks)  # a rule drawn cell by cell is one line: its pieces together run past the words
        over = [(w.x0, w.x1) for w in words if min(w.x1, m.x1) > max(w.x0, m.x0) and abs(w.y1 - y1) <= 0.5 * size]
        lo, hi = x0, x1
        grown = True
        while grown:  # grow the run around the span through gaps narrower than an em
            grown = False
            for a, b in over:
                if a <= hi + size and b >= lo - size and (a < lo or b > hi):
                    lo, hi, grown = min(lo, a), max(hi, b), True
        if m.x0 >= lo - size and m.x1 <= hi + size:
            return False  # a line as long as its words: an underline
    return True


# Pieces of a line that meet end to end (level, gaps up to TOUCH_PT) draw one line to a reader: a table's rule
# drawn as each cell's bottom border runs under the whole row, though each piece runs under one header only.
TOUCH_PT = 1.0


def _joined(m: pymupdf.Rect, marks: list[pymupdf.Rect]) -> pymupdf.Rect:
    """``m`` grown along the row of ``marks`` level with it (centres within ROW_PT) that meet it, or a piece
    that meets it, end to end."""
    cy = (m.y0 + m.y1) / 2
    row = [r for r in marks if abs((r.y0 + r.y1) / 2 - cy) <= ROW_PT]
    lo, hi = m.x0, m.x1
    grown = True
    while grown:
        grown = False
        for r in row:
            if r.x0 <= hi + TOUCH_PT and r.x1 >= lo - TOUCH_PT and (r.x0 < lo or r.x1 > hi):
                lo, hi, grown = min(lo, r.x0), max(hi, r.x1), True
    return pymupdf.Rect(lo, m.y0, hi, m.y1)


def _skew_share(chars: list[dict], size: float, d: Direction = HORIZONTAL) -> float:
    if len(chars) < 3:
        return 0.0
    return (_overlaps(chars, size, d) or 0) / (len(chars) - 1)


def _underlined(bbox: BBox, size: float, marks: list[pymupdf.Rect]) -> bool:
    x0, y0, x1, y1 = bbox
    width = max(x1 - x0, 1e-3)
    for m in marks:
        overlap = min(x1, m.x1) - max(x0, m.x0)
        # Below the baseline area, within about half a line of the bottom of the box.
        if overlap >= 0.3 * width and y1 - 0.35 * size <= m.y0 <= y1 + 0.5 * size:
            return True
    return False


def _drawings(page: pymupdf.Page) -> list[dict] | None:
    """The page's vector paths that leave ink (a line at opacity 0 underlines nothing), each with its
    rect cut to the clips around it; None when they cannot be read: then no underline or highlight can
    be measured on the page.

    A path inks only inside its clips: a page-wide fill clipped to a thin band under a line of words is
    an underline to a reader (its own rect is the page's). The scissor (a clip's bounding box) holds all
    a clip lets through, so the cut rect still holds all the path inks; a path cut to nothing inks nothing."""
    try:
        extended = page.get_drawings(extended=True)
    except Exception:
        return None
    out: list[dict] = []
    for e, cuts in paths_with_cuts(extended):
        if paints(e):
            x0, y0, x1, y1 = tuple(e["rect"])
            for c in cuts:
                if c.scissor is not None:  # by coordinates: a hairline's rect has no height, which Rect's & drops
                    x0, y0, x1, y1 = max(x0, c.scissor.x0), max(y0, c.scissor.y0), min(x1, c.scissor.x1), min(y1, c.scissor.y1)
            if x0 > x1 or y0 > y1:
                continue  # certain: clipped away whole, it inks nothing
            out.append({**e, "rect": pymupdf.Rect(x0, y0, x1, y1)})
    return out


def _highlights(doc: Doc, index: int, fam: Family, drawings: list[dict]) -> list[pymupdf.Rect]:
    """Highlight annotations, filled shapes and placed pictures in colour family ``fam`` (or a pale tint of
    it): what words may be set on. A picture of any pixel count (a 1x1 pixel stretched under a word) is a
    fill like a shape's; its colour is the render's main colour in its box (the glyphs over it are a few)."""
    from widening.facts.ink import backgrounds

    page = doc.page(index)
    out = [pymupdf.Rect(a.rect) for a in page.annots(types=[pymupdf.PDF_ANNOT_HIGHLIGHT]) or ()
           if (c := (a.colors or {}).get("stroke")) and matches(fam, tuple(round(255 * v) for v in c[:3]))]
    out += [pymupdf.Rect(d["rect"]) for d in drawings if d.get("fill") and len(d["fill"]) >= 3 and matches(fam, tuple(round(255 * v) for v in d["fill"][:3]))]
    if fam.name == "white":
        return out  # paper is white: a white picture is no highlight (as _on_ground)
    for info in page.get_image_info():
        box = pymupdf.Rect(info["bbox"]) & page.rect
        if box.is_empty:
            continue
        # A picture too large to render at GROUND_DPI lists no highlight: the ground test of each span on it says so.
        region = _ground_pixels(doc, index, rect_tuple(box))
        colour = tuple(int(round(v)) for v in backgrounds(region)[0]) if region is not None and region.size else None
        if colour is not None and (matches(fam, colour) or tinted(fam, colour)):  # type: ignore[arg-type]
            out.append(box)
    return out


# An outline encloses words when its sides lie around them: a side may sit this far (a share of the
# word's height) inside the word's box (a tight border, a stroke's width), and the sides of a box drawn as
# separate lines are joined when they run past the word's middle.
OUTLINE_SLACK = 0.25


def _outlines(doc: Doc, index: int, fam: Family, drawings: list[dict]) -> tuple[list[pymupdf.Rect], list[tuple[float, float, float, float]]]:
    """Enclosures drawn as a border of colour family ``fam`` (no fill of it): the rects of its closed stroked
    pieces (a rectangle, a rounded box, an ellipse, a closed polygon) and of its border annotations, and the
    axis-aligned straight segments of its strokes (a box drawn as four lines), as (x0, y0, x1, y1). Words a
    border of the colour encloses are what a reader may call "the green words" (the box's colour). White is
    left out: paper is white (as ``_highlights``)."""
    from widening.facts.shapes import subpaths

    if fam.name == "white":
        return [], []
    page = doc.page(index)
    rects: list[pymupdf.Rect] = []
    segs: list[tuple[float, float, float, float]] = []
    for d in drawings:
        c = d.get("color")
        if c is None or "s" not in (d.get("type") or "") or len(c) < 3 or (d.get("stroke_opacity") is not None and d["stroke_opacity"] <= 0):
            continue
        if not matches(fam, tuple(round(255 * v) for v in c[:3])):
            continue
        clip = pymupdf.Rect(d["rect"])  # the path's rect cut to its clips (``_drawings``)
        for piece in subpaths(d.get("items", ())):
            r = piece.rect & clip if not clip.is_empty else piece.rect
            closed = piece.is_rect or bool(d.get("closePath")) or (
                piece.first is not None and piece.last is not None and abs(piece.first[0] - piece.last[0]) + abs(piece.first[1] - piece.last[1]) <= 1.0)
            if closed and r.width > 1 and r.height > 1:
                rects.append(pymupdf.Rect(r))
            sides = ([((r.x0, r.y0), (r.x1, r.y0)), ((r.x1, r.y0), (r.x1, r.y1)), ((r.x0, r.y1), (r.x1, r.y1)), ((r.x0, r.y0), (r.x0, r.y1))]
                     if piece.is_rect else piece.closed_segs() if closed else piece.segs)
            for (ax, ay), (bx, by) in sides:
                if abs(ay - by) <= 0.5 or abs(ax - bx) <= 0.5:  # axis-aligned: a side of a box
                    segs.append((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)))
    for a in page.annots() or ():
        c = (a.colors or {}).get("stroke")
        if c and len(c) >= 3 and a.type[0] in (pymupdf.PDF_ANNOT_SQUARE, pymupdf.PDF_ANNOT_CIRCLE, pymupdf.PDF_ANNOT_POLYGON) \
                and matches(fam, tuple(round(255 * v) for v in c[:3])):
            rects.append(pymupdf.Rect(a.rect))
    return rects, segs


def _enclosed(bbox: BBox, rects: list[pymupdf.Rect], segs: list[tuple[float, float, float, float]]) -> bool:
    """An outline lies around the box: a closed one holds half of it, or four sides of separate strokes
    lie above, below, left and right of it, each running past its middle."""
    r = pymupdf.Rect(bbox)
    if r.is_empty:
        return False
    if any(abs(r & b) >= 0.5 * abs(r) for b in rects):
        return True
    slack = OUTLINE_SLACK * max(r.height, 1.0)
    cx, cy = (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2
    flat = [s for s in segs if s[3] - s[1] <= 0.5 and s[0] <= cx <= s[2]]
    upright = [s for s in segs if s[2] - s[0] <= 0.5 and s[1] <= cy <= s[3]]
    above = [s for s in flat if s[1] <= r.y0 + slack]
    below = [s for s in flat if s[1] >= r.y1 - slack]
    left = [s for s in upright if s[0] <= r.x0 + slack]
    right = [s for s in upright if s[0] >= r.x1 - slack]
    return bool(above and below and left and right)


def _framed(span: "Span", rects: list[pymupdf.Rect], segs: list[tuple[float, float, float, float]]) -> bool:
    """The span, or one of its words, is enclosed by an outline (``_enclosed``)."""
    return any(_enclosed(b, rects, segs) for b in (span.bbox, *span.words))


def _on_any(bbox: BBox, boxes: list[pymupdf.Rect]) -> bool:
    """The span and one of ``boxes`` overlap by half the smaller of the two (a highlight may cover
    one word of a long span)."""
    r = pymupdf.Rect(bbox)
    return any(abs(r & b) >= 0.5 * max(min(abs(r), abs(b)), 1.0) for b in boxes)


# A family's edges are tuned lines in HSV: a colour this close to one is a doubt. The slack closes
# the gap between grey's ceiling (V 225) and the invisibility test (235), and no more: dark greys
# (#333) stay out of chromatic families, whose saturation floor is 50 or more.
EDGE_HUE = 3  # of 180
EDGE_SV = 12  # of 255


def _edge_of(fam: Family, rgb: tuple[int, int, int]) -> str | None:
    """Why a colour outside ``fam`` may still be read as it (a pale tint, or near an edge), or None."""
    import numpy as np

    if tinted(fam, rgb):
        return f"{hex_rgb(rgb)} is a pale tint of {fam.name}"
    h, s, v = srgb_to_hsv(rgb)
    near = np.array([((h + dh) % 180, min(max(s + ds, 0), 255), min(max(v + dv, 0), 255))
                     for dh in (-EDGE_HUE, 0, EDGE_HUE) for ds in (-EDGE_SV, 0, EDGE_SV) for dv in (-EDGE_SV, 0, EDGE_SV)])
    if mask(fam, near).any():
        return f"{hex_rgb(rgb)} lies within {EDGE_HUE} hue / {EDGE_SV} saturation or value of {fam.name}'s tuned edge"
    return None


GROUND_DPI = 100  # a word's ground shows at any legible size


def _page_render(doc: Doc, index: int) -> Any:
    """The page's RGB render at GROUND_DPI (the last page rendered only: a render per page would fill memory);
    None when the page at GROUND_DPI is over the render budget (a poster page): its boxes are rendered one by one."""
    import numpy as np

    key = "text_style_ground"
    if doc.memo.get(key, (None,))[0] != index:
        page = doc.page(index)
        zoom = GROUND_DPI / 72
        if page.rect.width * zoom * page.rect.height * zoom > MAX_RENDER_PIXELS:
            doc.memo[key] = (index, None)
        else:
            pix = safe_pixmap(page, GROUND_DPI)
            doc.memo[key] = (index, np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, 3))
    return doc.memo[key][1]


def _pixels(rgb: Any, bbox: BBox) -> Any:
    """The pixels of ``bbox`` (points) in a GROUND_DPI render ``rgb``: at least one pixel each way."""
    k = GROUND_DPI / 72
    x0, y0, x1, y1 = (max(0, int(v * k)) for v in bbox)  # rotation is baked in at load: one frame
    return rgb[y0:max(y1, y0 + 1), x0:max(x1, x0 + 1)]


def _ground_pixels(doc: Doc, index: int, bbox: BBox) -> Any:
    """The GROUND_DPI pixels of ``bbox``: cut from the page's render, or rendered alone on a page too large
    for one; None when that render would be made coarser than GROUND_DPI (not measured, never a ground-free box)."""
    rgb = _page_render(doc, index)
    if rgb is not None:
        return _pixels(rgb, bbox)
    try:
        return _render(doc.page(index), bbox, GROUND_DPI)
    except RenderRefused:
        return None


def _on_ground(doc: Doc, index: int, span: Span, fam: Family) -> str | None:
    """Why the span may be set on a ground of ``fam`` or a pale tint of it in the page's render (a
    picture, a shading, a box annotation: what ``_highlights`` cannot list), or None. Each word is
    judged on its own box, then the span's (its main ground there is the highlight's); any pixel that
    is no anti-aliasing of the glyphs counts, whatever its share (facts.ink.ground_in). Paper is white:
    never asked."""
    if fam.name == "white":
        return None
    for box in dict.fromkeys(span.words + (span.bbox,)):  # a one-word span's box once
        pixels = _ground_pixels(doc, index, box)
        if pixels is None:
            return (f"its ground could not be rendered at {GROUND_DPI} dpi (over the pixel budget): a {fam.name} "
                    "ground under it is not ruled out, the colour may be the background's")
        got = ground_in(pixels, span.rgb, fam)
        if got is not None:
            colour, share = got
            return (f"the render shows a {fam.name} ground ({hex_rgb(colour)}, {share:.0%} of the box of "
                    f"{'the span' if box == span.bbox else 'a word'}) under it (a picture, a shading, an annotation): the colour may be the background's")
    return None


def _seen_through(doc: Doc, index: int, span: Span, fam: Family) -> str | None:
    """Why a span painted at an opacity below 1 may show in ``fam`` though its own colour is outside it, or None.

    A reader sees its colour blended with what lies under it: alpha * colour + (1 - alpha) * ground, over
    the render's main ground in its box and over white paper (a ground may change within the box). Where
    either blend is of the family, a tint of it or near its edge, the span is a doubt (the tests are tuned)."""
    from widening.facts.ink import backgrounds

    a = span.alpha / 255
    grounds = [(255.0, 255.0, 255.0)]
    pixels = _ground_pixels(doc, index, span.bbox)
    if pixels is None:
        return (f"drawn at opacity {a:.2f}, so it shows blended with its ground, which could not be rendered at "
                f"{GROUND_DPI} dpi (over the pixel budget): it may show {fam.name}")
    if pixels.size:
        grounds.insert(0, tuple(float(v) for v in backgrounds(pixels)[0]))
    for ground in grounds:
        seen = tuple(int(round(a * c + (1 - a) * g)) for c, g in zip(span.rgb, ground))
        if matches(fam, seen) or _edge_of(fam, seen):  # type: ignore[arg-type]
            return (f"drawn at opacity {a:.2f}: its colour {hex_rgb(span.rgb)} over the ground {hex_rgb(tuple(int(round(g)) for g in ground))} "
                    f"shows as {hex_rgb(seen)}, which a reader may call {fam.name}")
    return None


def _drawn_glyphs(span: Span, styles: list[str], style_ok: bool, fam: Family | None) -> str:
    """What a Type 3 span's text layer cannot say of what is asked ("" when it says all of it)."""
    unknown = (["its slant or weight"] if styles and not style_ok and {"italic", "bold"} & set(styles) else [])
    return " or ".join(unknown + (["its colour (a glyph may set its own)"] if fam is not None and span.own_colour else []))


# A glyph's core is painted in the text's colour: at a render where the font is SHOWN_PX tall, some
# pixel of the span's box lies within SHOWN_TOLERANCE of it, unless something covers the words.
SHOWN_PX = 24
SHOWN_TOLERANCE = 48


# A span is painted over when later fills cover this much of it; one covered in part shows the rest, which the
# render test then looks for (its colour's pixels in the box).
SPAN_COVERED = 0.9


def _hidden(page: pymupdf.Page, span: Span, order: Callable[[], PaintOrder]) -> str | None:
    """Why a span the text layer makes a member may not be seen (a shape or picture the page paints after it over
    its box, ``order``; no pixel of its colour in its box: painted over, an annotation, a clip), or None when the
    render shows its ink."""
    import numpy as np

    if order().painted_over(span.bbox, SPAN_COVERED):
        # A cover of the span's own colour (a red bar over red words) leaves pixels of its colour in the box.
        return "painted over by a shape or picture the page draws after it, across its box: a reader does not see it"
    height = max(span.bbox[3] - span.bbox[1], 1.0)
    try:
        rgb = _render(page, span.bbox, int(min(max(72.0, SHOWN_PX * 72.0 / height), 600.0)), annots=True)
    except RenderRefused as exc:
        return f"its box could not be rendered to see its ink ({exc})"
    if rgb is None:
        return "its box lies off the page"
    if rgb.size and (np.abs(rgb.astype(np.int16) - np.array(span.rgb, dtype=np.int16)).max(axis=2) <= SHOWN_TOLERANCE).any():
        return None
    return (f"the render shows no pixel of its colour {hex_rgb(span.rgb)} in its box: painted over (a shape, a picture, "
            "an annotation) or clipped, so a reader may not see it")


def _ink_may_be(page: pymupdf.Page, bbox: BBox, fam: Family) -> bool:
    """Does the render of ``bbox`` show a pixel (or a blend with the background) of ``fam``?"""
    import numpy as np

    try:
        rgb = _render(page, bbox, 150)
    except RenderRefused:
        return True  # not rendered: its ink may be of the family
    return rgb is not None and not family_absent(rgb, (0, 0, rgb.shape[1], rgb.shape[0]), fam).absent


def _render(page: pymupdf.Page, bbox: BBox, dpi: int, annots: bool = False) -> Any:
    """The RGB pixels of ``bbox`` on ``page`` at ``dpi`` (annotations drawn when ``annots``); None when it is off the page.

    Raises RenderRefused when the render would be made at less than ``dpi`` (over the pixel budget) or
    would decode an image bomb: the caller says not measured, never judges coarser pixels."""
    import numpy as np

    clip = pymupdf.Rect(bbox) & page.rect
    if clip.is_empty:
        return None
    if render_zoom(clip.width, clip.height, dpi) < dpi / 72.0 * 0.999:
        raise RenderRefused(f"{clip.width:.0f} x {clip.height:.0f} pt at {dpi} dpi is over the {MAX_RENDER_PIXELS:,} px budget")
    pix = safe_pixmap(page, dpi, clip, annots=annots)
    return np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, 3)


def page_spans(page: pymupdf.Page, index: int, clip: pymupdf.Rect, drawings: list[dict] | None = None,
               traits: dict[str, FontTraits] | None = None) -> list[Span]:
    """Visible spans of the page's text layer inside ``clip`` with their style verdicts; ``traits``:
    the page's fonts' declared weight and slant by name (widening/facts/font_traits.py)."""
    textpage = page.get_textpage(flags=pymupdf.TEXTFLAGS_RAWDICT | pymupdf.TEXT_COLLECT_STYLES)
    raw = textpage.extractRAWDICT()
    leans = _leans(textpage)
    programs = _programs(textpage)
    # Fonts the PDF does not embed, by name as ``traits``: a viewer draws them in a face it picks from the name and flags.
    outside = {_base_font(base)[:31] for xref, ext, _, base, *_ in page.get_fonts() if ext == "n/a"}
    faint: list[pymupdf.Rect] = []
    marks = _underline_marks(page, raw, (_drawings(page) or []) if drawings is None else drawings, faint)
    words = _word_boxes(raw)
    # Fake bold draws a glyph again in its own font and paint, a little offset: only such a copy is dropped. A copy in
    # another font or colour (a grey drop shadow under yellow words, drawn first) is another thing a reader sees.
    dedups: dict[tuple[str, int, int], DedupChars] = {}
    drawn_fonts = type3_fonts(page)
    strokes = cache(partial(_text_strokes, page))  # read when a fill-and-stroke span is first met
    out: list[Span] = []
    for block in raw["blocks"]:
        for line in block.get("lines", ()):
            made: dict[int, Span] = {}
            line_chars: list[tuple[int, dict]] = []
            direction: Direction = tuple(line.get("dir") or HORIZONTAL)  # type: ignore[assignment]
            struck = _overstrikes(line)  # underscores struck over letters: marks (_typed_lines), not text
            for i, s in enumerate(line["spans"]):
                if draws_nothing(s):
                    # Certain: render mode 3 (neither filled nor stroked) or fully transparent draws nothing. Skipped
                    # before the de-duplication: an invisible layer drawn first (OCR, search text) at the letters'
                    # places would make the visible copy drawn after it a duplicate, and the visible words vanish.
                    continue
                chars = [c for c in s["chars"] if centre_in(c["bbox"], clip) and id(c) not in struck]
                dedup = dedups.setdefault((s["font"], s["color"], int(s.get("alpha", 255))), DedupChars())
                fresh = [c for c in chars if not dedup.seen(c["c"], *c["origin"], c["bbox"][2] - c["bbox"][0])]
                line_chars += [(i, c) for c in fresh]
                text = "".join(c["c"] for c in fresh)
                if not text.strip():
                    continue
                cf = s.get("char_flags", STEXT_FILLED)
                # Glyphs used as a clip (text filled with a pattern or a gradient: WordArt, gradient
                # titles) report no colour and alpha 0, yet the page shows them: their paint is unknown.
                unknown_paint = s.get("alpha", 255) == 0 and bool(cf & STEXT_CLIPPED)
                bbox = rect_tuple(pymupdf.Rect(fresh[0]["bbox"]).include_rect(fresh[-1]["bbox"]) | pymupdf.Rect(*_union_chars(fresh)))
                rgb = int_to_rgb(s["color"])
                invisible = min(rgb) >= WHITE and white_on_white(page, bbox)
                size = float(s["size"])
                reasons = []
                italic = False
                if s["flags"] & pymupdf.TEXT_FONT_ITALIC:
                    italic, _ = True, reasons.append("flag")
                if is_italic_name(s["font"]):
                    italic, _ = True, reasons.append("font name")
                if _skewed(fresh, size, direction):
                    italic, _ = True, reasons.append("skewed matrix")
                lean, most = _lean(fresh, leans)
                if lean >= ITALIC_LEAN:
                    italic, _ = True, reasons.append(f"sheared matrix (lean {lean:.2f})")
                declared = (traits or {}).get(_base_font(s["font"])[:31], FontTraits())
                if declared.italic:
                    italic, _ = True, reasons.append("font descriptor")
                math_italic, math_bold = math_styles(text)
                if math_italic:
                    italic, _ = True, reasons.append("mathematical italic letters")
                bold = bool(s["flags"] & pymupdf.TEXT_FONT_BOLD or is_bold_name(s["font"]) or declared.bold or math_bold)
                # Fill plus stroke is the classic fake bold, when the stroke adds weight: wide enough for its size,
                # in the fill's own colour, opaque and solid. A hairline ("0 w"), a white halo or a faint stroke
                # leaves the letters regular (or thins them): a doubt, never a member.
                thin_stroke = not bold and bool(cf & STEXT_FILLED and cf & STEXT_STROKED) and not _weighty_stroke(strokes(), fresh, rgb)
                bold = bold or (bool(cf & STEXT_FILLED and cf & STEXT_STROKED) and not thin_stroke)
                # MuPDF's own bold char flag is a guess from overstrike: a glyph drawn again a
                # little offset. Overlapping labels (C1 under C11) are that too: a doubt.
                overstruck = not bold and (bool(cf & STEXT_BOLD) or declared.heavy_stem or thin_stroke)
                # Outline text (stroked, not filled): its weight is the stroke's width, which the text layer
                # does not give; a heavy stroke prints letters bolder than bold (hunt 25d: a 1.6 pt stroke at
                # 20 pt, stems 3.6 pt thick, widened "the bold words"). The render test sees a thin ring.
                overstruck = overstruck or (not bold and bool(cf & STEXT_STROKED) and not cf & STEXT_FILLED)
                fit, tall = _fitting(marks, size, MARK_EM), _fitting(marks, size, NEAR_MARK_EM)
                underline = _underlined(bbox, size, fit) or bool(_COMBINING_UNDERLINES.search(text))
                # MuPDF flags a span underlined from any stroke along it, one painted at opacity 0 too
                # (which inks nothing): with no inked mark under it, the flag alone makes a doubt.
                near_u = not underline and (bool(cf & STEXT_UNDERLINE) or _near_underline(bbox, size, tall + faint))
                if underline and _rule_like(bbox, size, fit, words):
                    underline, near_u = False, True
                if all(c["c"] in LOW_LINES or c["c"].isspace() for c in fresh):
                    underline, near_u = False, False  # typed low lines are the mark itself (_typed_lines), no underlined word
                # A mark under one word of a long span (a typed or drawn line MuPDF did not cut the span at) is
                # under less than the share of the span the test asks: each word is judged on its own too.
                word_boxes = [(rect_tuple(pymupdf.Rect(*_union_chars(w))), "".join(c["c"] for c in w)) for w in _words(fresh)]
                underlined_words = () if underline or not near_u else tuple(
                    (b, t) for b, t in word_boxes if _underlined(b, size, fit) and not _rule_like(b, size, fit, words))
                near_i = not italic and (_skew_share(fresh, size, direction) >= 0.3 or most >= UPRIGHT_LEAN or maybe_italic_name(s["font"]))
                made[i] = Span(index, bbox, text.strip(), s["font"], rgb, italic, bold, underline, "+".join(reasons), near_u, near_i,
                               invisible and not unknown_paint, near_bold=overstruck, unknown_paint=unknown_paint,
                               stroked=bool(cf & STEXT_STROKED), type3=s["font"] in drawn_fonts,
                               own_colour=drawn_fonts.get(s["font"], False), size=size,
                               words=tuple(b for b, _ in word_boxes), underlined_words=underlined_words,
                               alpha=int(s.get("alpha", 255)), direction=direction,
                               program=programs.get((fresh[0]["c"], round(fresh[0]["origin"][0], 2), round(fresh[0]["origin"][1], 2)), ""),
                               embedded=_base_font(s["font"])[:31] not in outside)
            _attach_skewed_words(made, line_chars, line["spans"], leans, direction)
            out.extend(made.values())
    return out


# Fill plus stroke widens every stem by the stroke's width: from this share of the font size (a regular stem of
# 0.065-0.098 of the size grows to a bold one's 0.118-0.172 at 0.02-0.05; PyMuPDF's own default is 0.05) the
# letters are bold to a reader. A thinner stroke (MuPDF's "0 w" is a one-pixel hairline) adds no visible weight.
BOLD_STROKE_EM = 0.03
_STROKE_COLOUR_TOLERANCE = 48  # of 255, per channel: the stroke inks as the fill does


def _text_strokes(page: pymupdf.Page) -> dict[tuple[float, float], tuple[float, tuple[int, int, int] | None, float, bool]]:
    """Each stroked glyph of ``page``, keyed by its origin (rounded, as the text layer gives it): the stroke's width
    as a share of the glyph's size, its colour (None when unread), its opacity and whether it is dashed.

    The text layer flags a glyph stroked but gives no width or colour of the stroke; MuPDF's text trace gives the
    width before the CTM scales it. Read here from the stroke itself, scaled by the CTM as the renderer draws it."""
    mu = pymupdf.mupdf
    out: dict[tuple[float, float], tuple[float, tuple[int, int, int] | None, float, bool]] = {}

    class Strokes(mu.FzDevice2):  # type: ignore[misc, name-defined]
        def __init__(self) -> None:
            super().__init__()
            self.use_virtual_stroke_text()

        def stroke_text(self, ctx, text, stroke, ctm, colorspace, color, alpha, color_params):  # noqa: ANN001
            m = mu.FzMatrix(ctm)
            width = float(stroke.linewidth) * mu.fz_matrix_expansion(m)
            try:
                rgb = tuple(int(round(255 * v)) for v in mu.fz_convert_color(
                    mu.FzColorspace(mu.ll_fz_keep_colorspace(colorspace)), color, mu.fz_device_rgb(), mu.FzColorspace(), mu.FzColorParams())[:3]) \
                    if colorspace else None
            except Exception:
                rgb = None
            span = text.head
            while span:
                sp = mu.FzTextSpan(span)
                size = mu.fz_matrix_expansion(mu.fz_concat(sp.trm(), m))
                for i in range(sp.m_internal.len):
                    it = sp.items(i)
                    o = mu.fz_transform_point(mu.fz_make_point(it.x, it.y), m)
                    out[(round(o.x, 2), round(o.y, 2))] = (width / size if size > 0 else 0.0, rgb, float(alpha), stroke.dash_len > 0)
                span = span.next

    try:
        mu.fz_run_page(page.this, Strokes(), mu.FzMatrix(), mu.FzCookie())
    except Exception:
        out.clear()  # unread: no stroke is known to add weight (every fill-and-stroke span is a doubt)
    return out


def _weighty_stroke(strokes: dict[tuple[float, float], tuple[float, tuple[int, int, int] | None, float, bool]], chars: list[dict],
                    fill: tuple[int, int, int]) -> bool:
    """Does the stroke of every glyph of ``chars`` add weight for certain: at least BOLD_STROKE_EM of the size, solid,
    opaque, in the fill's colour? False when a glyph's stroke is unread."""
    for c in chars:
        if c["c"].isspace():
            continue
        x, y = round(c["origin"][0], 2), round(c["origin"][1], 2)
        # Float noise may round the two readings of one origin apart by a hundredth: the nearest keys are looked at too.
        got = next((g for dx in (0.0, -0.01, 0.01) for dy in (0.0, -0.01, 0.01) if (g := strokes.get((round(x + dx, 2), round(y + dy, 2)))) is not None), None)
        if got is None:
            return False
        share, rgb, alpha, dashed = got
        if share < BOLD_STROKE_EM or dashed or alpha < 1.0 or rgb is None \
                or max(abs(a - b) for a, b in zip(rgb, fill)) > _STROKE_COLOUR_TOLERANCE:
            return False
    return True


def _union_chars(chars: list[dict]) -> tuple[float, float, float, float]:
    return (
        min(c["bbox"][0] for c in chars),
        min(c["bbox"][1] for c in chars),
        max(c["bbox"][2] for c in chars),
        max(c["bbox"][3] for c in chars),
    )


def _has(span: Span, style: str) -> bool:
    return bool(getattr(span, style))


def _styled(span: Span, styles: list[str], match: str, near: bool = False) -> bool:
    """``span`` has all (``match`` "all") or any ("any") of ``styles``; ``near``: a near miss counts as having it."""
    test = all if match == "all" or not styles else any
    return test(_has(span, s) or (near and getattr(span, f"near_{s}", False)) for s in styles)


def _what(span: Span, styles: list[str], match: str = "all") -> str:
    label = (" or " if match == "any" else " ").join(styles) or "text"
    return f"{label} span {span.text[:60]!r} colour {hex_rgb(span.rgb)} font {span.font}"


class TextStyleParams(Params):
    """``styles``: italic, bold, underline; ``match``: "all" must hold, or "any" one ("italic or bold"); ``colour``: a colour family."""

    styles: tuple[str, ...] = ()
    match: Literal["all", "any"] = "all"
    colour: Annotated[str | None, COLOUR, UNSET_FINDS_MORE] = None

    @field_validator("styles")
    @classmethod
    def _known_styles(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        for style in v:
            one_of(*STYLES, what="style").func(style)
        return v

    def narrower_than(self, other: Params) -> str | None:
        """Fewer styles that must all hold, or more of which any may, find more; so does no colour."""
        assert isinstance(other, TextStyleParams)
        mine, theirs = set(self.styles), set(other.styles)
        # Every span ``other`` finds has all (or one) of its styles; these params must take each such span.
        if self.match == "all":
            covered = mine <= theirs if other.match == "all" else not mine or (len(theirs) == 1 and mine <= theirs)
        else:
            covered = not mine or (bool(mine & theirs) if other.match == "all" or len(theirs) <= 1 else theirs <= mine)
        if not covered:
            return (f"params.styles {self.match} of {sorted(mine)} may find less than the question's "
                    f"{other.match} of {sorted(theirs)}")
        return super().narrower_than(other.model_copy(update={"styles": self.styles, "match": self.match}))


@probe("text_style", params=TextStyleParams)
def text_style(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Spans having all (or, with ``match`` "any", any) of ``styles`` (italic, bold, underline) and, if given, colour family ``colour``."""
    styles = [str(s).lower() for s in params.get("styles", [])]
    match = str(params.get("match") or "all")
    fam: Family | None = None
    if params.get("colour"):
        try:
            fam = family(str(params["colour"]))
        except KeyError as exc:
            return ProbeResult.cannot("text_style", str(exc), pages=scope.pages, params=params)
    members: list[Member] = []
    best: list[Member] = []
    doubts: list[Member] = []
    unmeasured, pages = measurable(doc, scope, reads_text=True)
    for index in pages:
        kind = doc.facts.page(index).kind
        if kind in (PageKind.scanned_ocr, PageKind.image_only):
            unmeasured[index] = f"page is {kind.value}: font style and colour of its text cannot be read"
            continue
        if scope.in_image:
            unmeasured[index] = "text style inside a raster image cannot be read"
            continue
        page = doc.page(index)
        refused = render_refusal(page)
        if refused:  # every render of the page would decode it: the render tests cannot run
            unmeasured[index] = f"{refused}: the renders the style and colour tests need are not made"
            continue
        drawings = _drawings(page)  # read once: the underline and highlight tests share them
        order = cache(partial(PaintOrder, page))  # read when a member's visibility is first asked
        if drawings is None:
            unmeasured[index] = "its vector paths cannot be read: underlines and highlights drawn there cannot be measured"
            continue
        spans = page_spans(page, index, doc.region_rect(index, scope.region), drawings, page_font_traits(doc.pdf, page, doc.memo))
        marked = _highlights(doc, index, fam, drawings) if fam is not None else []
        framed = _outlines(doc, index, fam, drawings) if fam is not None else ([], [])
        spans = _measured_shapes(doc, index, spans, styles)
        if "italic" in styles:
            # A sheared word inside an upright span is italic on its own: judged as its own span.
            spans += [replace(sp, bbox=b, text=t, italic=True, why="skewed matrix (one word)", near_italic=False, skewed_words=(), words=(b,))
                      for sp in spans for b, t in sp.skewed_words]
        if "underline" in styles:
            # A word underlined inside a span that is not: judged as its own span (the span stays a near miss).
            spans += [replace(sp, bbox=b, text=t, underline=True, near_underline=False, underlined_words=(), skewed_words=(), words=(b,))
                      for sp in spans for b, t in sp.underlined_words]
        for span in spans:
            style_ok = _styled(span, styles, match)
            if span.unknown_paint and fam is not None:
                if _styled(span, styles, match, near=True):
                    doubts.append(Member(page=index, bbox=span.bbox, reader=Reader.text_layer, what=_what(span, styles, match),
                                         why="painted through a clip (a pattern or gradient fill): its colour is not in the text layer"))
                continue
            colour_ok = fam is None or matches(fam, span.rgb)
            if span.type3 and (unknown := _drawn_glyphs(span, styles, style_ok, fam)) and (colour_ok or span.own_colour):
                doubts.append(Member(page=index, bbox=span.bbox, reader=Reader.text_layer, what=_what(span, styles, match),
                                     why=f"set in a Type 3 font, whose glyphs are drawings of their own: the text layer does not give {unknown}"))
                continue
            # The colour tests below make doubts: a span that is only near the styles is one too.
            may_style = _styled(span, styles, match, near=True)
            if fam is not None and not colour_ok and may_style and _on_any(span.bbox, marked):
                # "The yellow words" may be black words on a yellow highlight or box.
                doubts.append(Member(page=index, bbox=span.bbox, reader=Reader.text_layer, what=_what(span, styles, match), why=f"set on a {fam.name} highlight or box: the colour may be the background's"))
                continue
            if fam is not None and not colour_ok and may_style and _framed(span, *framed):
                # "The green words" may be black words inside a box drawn only as a green border.
                doubts.append(Member(page=index, bbox=span.bbox, reader=Reader.text_layer, what=_what(span, styles, match),
                                     why=f"enclosed by a {fam.name} outline (a box drawn as its border): a reader may call its words {fam.name}"))
                continue
            if fam is not None and not colour_ok and span.stroked and style_ok and _ink_may_be(doc.page(index), span.bbox, fam):
                # Outlined text (a white fill, a red outline): the text layer gives the fill's colour only.
                doubts.append(Member(page=index, bbox=span.bbox, reader=Reader.text_layer, what=_what(span, styles, match),
                                     why=f"stroked glyphs whose outline colour is not in the text layer; the render shows {fam.name} ink there"))
                continue  # (before the ground test, which would see the outline as a ground)
            if fam is not None and not colour_ok and may_style and span.alpha < 255 and (seen := _seen_through(doc, index, span, fam)):
                # Translucent glyphs show their colour blended with the ground: black at 40% reads grey.
                doubts.append(Member(page=index, bbox=span.bbox, reader=Reader.text_layer, what=_what(span, styles, match), why=seen))
                continue
            if fam is not None and not colour_ok and may_style and (ground := _on_ground(doc, index, span, fam)):
                doubts.append(Member(page=index, bbox=span.bbox, reader=Reader.text_layer, what=_what(span, styles, match), why=ground))
                continue
            edge = _edge_of(fam, span.rgb) if fam is not None and not colour_ok and may_style and not span.invisible else None
            if edge:
                doubts.append(Member(page=index, bbox=span.bbox, reader=Reader.text_layer, what=_what(span, styles, match), why=edge))
                continue
            # With "any", a span that has one asked style is a member whatever the others are near.
            near = [] if style_ok and match == "any" else [f"{s}: {_NEAR[s]}" for s in styles if not _has(span, s) and getattr(span, f"near_{s}", False)]
            if colour_ok and may_style and (near or span.invisible):
                why = "; ".join(near + (["white text on a near-white render (contrast test)"] if span.invisible else []))
                doubts.append(Member(page=index, bbox=span.bbox, reader=Reader.text_layer, what=_what(span, styles, match), why=why))
            elif span.invisible:
                continue  # not asked for in any case, and no reader sees it
            elif style_ok and colour_ok and fam is not None and (why := unnamed(fam, span.rgb)):
                doubts.append(Member(page=index, bbox=span.bbox, reader=Reader.text_layer, what=_what(span, styles, match), why=why))
            elif style_ok and colour_ok and not span.unknown_paint and (hidden := _hidden(page, span, order)):
                doubts.append(Member(page=index, bbox=span.bbox, reader=Reader.text_layer, what=_what(span, styles, match), why=hidden))
            elif style_ok and colour_ok:
                members.append(Member(page=index, bbox=span.bbox, reader=Reader.text_layer, what=_what(span, styles, match)))
            elif style_ok or (colour_ok and fam is not None):
                # Has the style but not the colour (or vice versa): the nearest miss.
                best.append(Member(page=index, bbox=span.bbox, reader=Reader.text_layer, what=_what(span, [s for s in STYLES if _has(span, s)])))
        pictures = words_in_pictures(doc, index, doc.region_rect(index, scope.region), styles, fam, match)
        if pictures.why is not None:
            unmeasured[index] = pictures.why
        doubts.extend(pictures.doubts)
        best.extend(pictures.cleared)
    return finish("text_style", scope, params, members, unmeasured, best, doubts=grouped(doubts, "spans near the style tests"))


# Glyphs measured on the render (facts.glyph_shapes) that lean forward this much, or whose strokes are
# this thick for their size, may be italic or bold whatever their font declares: a doubt. Upright faces
# measure 0, italic 0.2-0.25; regular strokes 0.065-0.098 of the size, bold 0.118-0.172 (base-14 faces).
GLYPH_LEAN = 0.1
GLYPH_STROKE = 0.11


def _measured_shapes(doc: Doc, index: int, spans: list[Span], styles: list[str]) -> list[Span]:
    """``spans`` with near_italic / near_bold set where their font's glyphs, measured on the render, lean or
    weigh as italic or bold do though no declared test said so (memoised per page and font program).

    A font is its name and its program (the embedded bytes): a bold program renamed as the body font has other
    glyphs than the body's, and is measured on its own spans. A program too few of whose letters the page shows
    to measure (MIN_CHARS a span: "Yes", "NO") takes the measure of the same bytes under another name; failing
    that, its style is unknown when nothing else declares it (no style bit, weight or slant, and a name that
    names no face): its spans with a letter or digit are doubts for italic and bold. A span of no letter or
    digit holds no word (certain), nor does white text on a white render show a glyph (as ``text_style`` skips it);
    a font the PDF does not embed is drawn in a face a viewer picks from the
    name and flags the declared tests read."""
    from widening.facts.glyph_shapes import font_shapes

    wanted = [s for s in ("italic", "bold") if s in styles]
    by_font: dict[tuple[str, str], list[Span]] = {}
    for sp in spans:
        if any(not getattr(sp, s) for s in wanted):
            by_font.setdefault((sp.font, sp.program), []).append(sp)
    if not by_font:
        return spans
    page = doc.page(index)
    shapes: dict[tuple[str, str], tuple[float, float] | None] = {}
    for font, some in by_font.items():
        key = ("glyph_shapes", index, font)
        if key not in doc.memo:
            # The measure reads a box as a row of upright letters: a turned line's box (an axis title) holds
            # them at an angle, which reads as a lean. The font's level lines are measured where it has any.
            level = [sp for sp in some if abs(sp.direction[1]) <= 1e-3 and sp.direction[0] > 0]
            boxes = [(sp.bbox, sp.text, sp.size) for sp in level or some]
            doc.memo[key] = font_shapes(page, boxes) or _colour_shapes(page, boxes)
        shapes[font] = doc.memo[key]
    # The same bytes under another name draw the same glyphs.
    by_program = {program: got for (_, program), got in shapes.items() if got is not None and program}
    out = []
    for sp in spans:
        font = (sp.font, sp.program)
        got = shapes.get(font) if font in by_font else None
        if got is None and font in by_font:
            got = by_program.get(sp.program)
        if got is not None:
            lean, stroke = got
            sp = replace(sp, near_italic=sp.near_italic or (not sp.italic and lean >= GLYPH_LEAN),
                         near_bold=sp.near_bold or (not sp.bold and stroke >= GLYPH_STROKE))
        elif font in by_font and (is_anonymous_name(sp.font) or (sp.embedded and not sp.invisible and not names_face(sp.font) and any(c.isalnum() for c in sp.text))):
            # Too few letters to measure ("NO", "vs") in a font whose name says nothing of its face: no test has
            # read its slant or weight.
            sp = replace(sp, near_italic=sp.near_italic or not sp.italic, near_bold=sp.near_bold or not sp.bold)
        out.append(sp)
    return out


def _colour_shapes(page: pymupdf.Page, spans: list[tuple[BBox, str, float]]) -> tuple[float, float] | None:
    """facts.glyph_shapes.font_shapes on an ink mask read in colour: a pale hue (yellow, light cyan) differs from
    white paper in one channel only, which the grey render the fact reads loses. None when no span of
    MIN_CHARS letters shows ink."""
    import numpy as np

    from widening.facts.glyph_shapes import GLYPH_PX, MIN_CHARS, SAMPLE_SPANS, lean, stroke

    leans, strokes = [], []
    for bbox, text, size in [s for s in spans if sum(c.isalpha() for c in s[1]) >= MIN_CHARS and s[2] > 0][:SAMPLE_SPANS]:
        dpi = int(min(max(72.0, GLYPH_PX * 72.0 / size), 1200.0))
        try:
            rgb = _render(page, bbox, dpi)
        except RenderRefused:
            continue
        if rgb is None or rgb.size == 0:
            continue
        flat = rgb.reshape(-1, 3)
        values, counts = np.unique(flat, axis=0, return_counts=True)
        ground = values[counts.argmax()].astype(np.int16)
        ink = (np.abs(rgb.astype(np.int16) - ground).max(axis=2) > 64).astype(np.uint8)
        if ink.sum() < 20:
            continue
        leans.append(lean(ink))
        strokes.append(stroke(ink, size * dpi / 72.0))
    return (float(np.median(leans)), float(np.median(strokes))) if leans else None


def names_face(font: str) -> bool:
    """Does the font's name name its face (a weight or slant word), so that a viewer and a reader take it as declared?"""
    base = _base_font(font)
    parts = re.split(r"[-,]", base)
    return (is_bold_name(font) or is_italic_name(font)
            or (len(parts) > 1 and bool(_font_names().face_part.search(parts[-1]))) or bool(_font_names().face_end.search(base)))


def is_anonymous_name(font: str) -> bool:
    return bool(_font_names().anonymous.fullmatch(_base_font(font)))


# Why a near miss is a doubt: the style test is geometry with tuned limits.
_NEAR = {
    "underline": "a drawn mark under the span fails only the underline geometry test (overlap >= 30%, within 0.35-0.5 em, at most 0.35 em tall; a wave or bar up to 0.6 em), or runs more than an em past its words (a table rule or a separator; pieces that meet end to end, a rule drawn cell by cell, are one line); or MuPDF flags it underlined with no mark that inks under it (a stroke at opacity 0, a line of an annotation); or the mark under it is white on a white render, or a link's underline border (drawn by some viewers only)",
    "italic": "glyph boxes overlap as in slanted text, but fewer than the 60% the skew test asks; or a glyph's text matrix leans (backward, or forward less than the 0.1 the italic test asks); or its font's glyphs lean forward on the render (>= 0.1) though the font declares no slant; or its font's name ends as an italic suffix would but may be a word ('Audit'); or its font's name names no face ('F1', 'LiberationSans') and its program's letters on the page are too few to measure",
    "bold": "no bold font, flag, weight or fill-and-stroke; fill-and-stroke whose stroke may add no weight (thinner than 0.03 of the size, a hairline, dashed, translucent, or in another colour than the fill: a white halo thins the letters); outline text (stroked, not filled) whose stroke width the text layer does not give, or MuPDF guesses bold from a glyph drawn again a little offset (overstrike, or overlapping labels), or the font declares a heavy stem (/StemV >= 130), or its font's strokes on the render are bold-thick (>= 0.11 of the size) though the font declares no weight; or its font's name names no face ('T3', 'LiberationSans') and its program's letters on the page are too few to measure",
}


# An OCR line this confident and this long is text, not texture in a photo.
OCR_MIN_SCORE = 0.6
OCR_MIN_CHARS = 3


@dataclass(frozen=True)
class PictureWords:
    """What the pictures of a page say about a style question: why the page is blind (or None),
    doubts (words no rule rules out), and pictures whose words all certainly lack an asked style."""

    why: str | None = None
    doubts: tuple[Member, ...] = ()
    cleared: tuple[Member, ...] = ()


def _picture_lines(doc: Doc, index: int, rect: pymupdf.Rect) -> tuple[tuple[TextLine, Box], ...]:
    """OCR lines of the picture area (boxes in points, and in the render's pixels), read once per
    document; the underline test runs on the same render (the cheap test, kept for every line)."""
    from widening.facts.ocr import PICTURE_MAX_UPSCALE, read_pixels, render_clip  # OCR is heavy; import only when a picture must be read

    key = ("picture_lines", index, tuple(rect))
    if key not in doc.memo:
        pixels = render_clip(doc.page(index), rect)
        # Enlarged as picture_words reads pictures: a detector tuned on page-sized text misses a tight crop's words.
        read = () if pixels is None else tuple((l, b) for l, b in read_pixels(pixels, max_upscale=PICTURE_MAX_UPSCALE)
                                               if any(ch.isalnum() for ch in l.text))
        doc.memo[key] = read
        doc.memo[("picture_verdicts", index, tuple(rect), "underline")] = tuple(
            underline_absent(pixels.rgb, b) for _, b in read) if pixels is not None else ()
    return doc.memo[key]


def _line_verdicts(doc: Doc, index: int, rect: pymupdf.Rect, read: tuple[tuple[TextLine, Box], ...], styles: list[str], fam: Family | None,
                   match: str = "all") -> list[Verdict | None]:
    """Per OCR line, the first pixel test that finds an asked style certainly absent (absent=True),
    else why the first test keeps it (absent=False), else None (no test asked for).

    Italic and bold have no certain pixel test (widening/facts/ink.py). Verdicts are kept per
    document; a colour test renders the picture again (only a colour question needs it)."""
    from widening.facts.ocr import render_clip

    tests: list[tuple[str, Any]] = []
    # With "any" ("underlined or bold"), no underline clears a line: it may still be bold, and bold
    # has no certain pixel test. Only a question for underline alone is cleared by it.
    if "underline" in styles and (match == "all" or set(styles) == {"underline"}):
        tests.append(("underline", None))  # run by _picture_lines on the OCR's own render
    if fam is not None:
        tests.append((f"colour {fam.name}", lambda rgb, box, f=fam: family_absent(rgb, box, f)))
    out: list[Verdict | None] = [None] * len(read)
    for name, test in tests:
        key = ("picture_verdicts", index, tuple(rect), name)
        if key not in doc.memo:
            pixels = render_clip(doc.page(index), rect)
            doc.memo[key] = tuple(test(pixels.rgb, b) if pixels is not None else Verdict(False, "not rendered") for _, b in read)
        for i, v in enumerate(doc.memo[key]):
            if v.absent and (out[i] is None or not out[i].absent):
                out[i] = Verdict(True, f"{v.why} ({name.split()[0]} test)", v.detail)
            elif out[i] is None:  # why this test keeps the line, for the doubt's record
                out[i] = Verdict(False, f"{name.split()[0]} test: {v.why}")
    return out


def words_in_pictures(doc: Doc, index: int, clip: pymupdf.Rect, styles: list[str] = (), fam: Family | None = None,  # type: ignore[assignment]
                      match: str = "all") -> PictureWords:
    """Why the text layer is not the whole story on this page, doubts, and pictures cleared by their pixels.

    Words inside a raster image have no font, flags or colour in the text layer, so a
    style or colour probe is blind to them (a yellow label on a diagram, an italic
    caption inside a scanned figure). Every picture is read, small ones (icons, logos)
    too: a size or band rule does not make a picture wordless. OCR lines below the
    confidence or length the reading trusts are doubts, not silence. A line whose pixels
    certainly lack an asked style (underline, colour: widening/facts/ink.py) is no
    candidate; a picture all of whose lines are such is a non-member. Words drawn as paths
    (text converted to outlines, picture_words.vector_areas) have no style either: each line
    OCR reads there is a doubt unless its pixels certainly lack the asked style.
    """
    page = doc.page(index)
    doubts: list[Member] = []
    cleared: list[Member] = []
    shown = placed_images(page, index, clip)
    # Pictures are read as picture_words reads them: touching ones and letter-sized ones side by side
    # as one (a picture stored as strips, a word one picture per letter: read apart, OCR saw no word
    # and an underlined word drawn so was cleared), thin strips that tile a picture too (tiled_pictures).
    readable = [p for p in shown if p.finest >= picture_words.MIN_PICTURE_PIXELS] + picture_words.tiled_pictures(shown, page.rect)
    for placed in picture_words.joined_pictures(readable, page.rect):
        if placed.finest < picture_words.MIN_PICTURE_PIXELS:
            continue  # certain: too few pixels across (image and mask) to hold a legible glyph
        rect = pymupdf.Rect(placed.bbox) & clip
        try:
            read = _picture_lines(doc, index, rect)
            # A page that is one big picture (a scan) keeps its words unmeasured: its pixels are the page.
            verdicts = (_line_verdicts(doc, index, rect, read, styles, fam, match)
                        if read and placed.klass != "full_page_background" else [None] * len(read))
        except Exception as exc:  # a picture we cannot read may hold words
            return PictureWords(f"raster image at {[round(v) for v in placed.bbox]} could not be read ({type(exc).__name__})", tuple(doubts), tuple(cleared))
        if read and all(v is not None and v.absent for v in verdicts):
            shown = ", ".join(repr(l.text[:20]) for l, _ in read[:3])
            heads = "; ".join(dict.fromkeys(v.why for v in verdicts if v))
            details = "; ".join(f"{l.text[:12]!r}: {v.detail}" for (l, _), v in zip(read, verdicts) if v)
            why = f"words inside raster image ({len(read)} OCR line(s): {shown}): {heads} [{details}]"
            cleared.append(Member(page=index, bbox=placed.bbox, what=f"words inside {placed.what()}", why=why, reader=Reader.ocr))
            continue
        lines = [l for (l, _), v in zip(read, verdicts) if v is None or not v.absent]
        kept = next((f" ({v.why})" for v in verdicts if v is not None and not v.absent), "")
        words = [l.text for l in lines if (l.score or 0) >= OCR_MIN_SCORE and sum(ch.isalnum() for ch in l.text) >= OCR_MIN_CHARS]
        if words and placed.klass == "decoration":
            # A logo or icon that shows words: only the decoration rule would skip it, so it is a doubt.
            why = f"decoration filter: a small/band image whose words (OCR: {words[0][:40]!r}) have no style or colour in the text layer{kept}"
            doubts.append(Member(page=index, bbox=placed.bbox, what=f"words inside {placed.what()}", why=why, reader=Reader.ocr))
            continue
        if words:
            return PictureWords((f"raster image at {[round(v) for v in placed.bbox]} shows words (OCR: {words[0][:40]!r}) "
                                 f"whose style and colour the text layer does not carry{kept}"), tuple(doubts), tuple(cleared))
        for l in lines:
            why = f"OCR filter: {l.text[:30]!r} read at score {l.score} (trusted >= {OCR_MIN_SCORE}, >= {OCR_MIN_CHARS} letters){kept}"
            doubts.append(Member(page=index, bbox=l.bbox, what=f"possible words inside the raster image at {[round(v) for v in placed.bbox]}", why=why,
                                 reader=Reader.ocr))
    for box, _ in picture_words.vector_areas(doc, index):
        rect = pymupdf.Rect(box) & clip
        if rect.is_empty:
            continue
        what = f"vector lettering {rect.width:.0f}x{rect.height:.0f}pt at {[round(v) for v in rect]}"
        try:
            read = _picture_lines(doc, index, rect)
            # Verdicts are kept per line of the whole reading (memoised by position): judge all, then
            # leave out the words the text layer holds, read again in the area (judged from the layer).
            verdicts = _line_verdicts(doc, index, rect, read, styles, fam, match) if read else []
            kept = set(map(id, picture_words.without_rereads(doc, index, tuple(l for l, _ in read))))
        except Exception as exc:  # lettering we cannot read may be the asked words
            return PictureWords(f"{what} could not be read ({type(exc).__name__})", tuple(doubts), tuple(cleared))
        for (line, _), v in zip(read, verdicts):
            if id(line) not in kept:
                continue
            if v is not None and v.absent:
                cleared.append(Member(page=index, bbox=line.bbox, what=f"words drawn as paths {line.text[:30]!r} in {what}", why=v.why, reader=Reader.ocr))
            else:
                # Text converted to outlines has no font, flags or colour in the text layer: a doubt.
                why = f"words drawn as paths (OCR: {line.text[:40]!r}) have no style or colour in the text layer{f' ({v.why})' if v else ''}"
                doubts.append(Member(page=index, bbox=line.bbox, what=f"words in {what}", why=why, reader=Reader.ocr))
    return PictureWords(None, tuple(doubts), tuple(cleared))

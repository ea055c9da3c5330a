"""Probe ``text_search``: where a string occurs, insensitive to case, spacing, hyphenation and ligatures.

A hit inside a longer word as printed ("Qzkakaq" in "Qzkakaquaq") is a doubt: not a mention,
yet a text layer may lack the space between two words. Where OCR found nothing, a reading within
the edit budget, or near the text in small type in coarse pixels, is a doubt (as in name_mentions).

Characters that print nothing (format characters: a zero-width joiner or word joiner inside
"Xylo\\u200dphone", a soft hyphen) are dropped before matching, like spaces and hyphens.
The text layer is read twice: in the order its glyphs are stored and in the order they are
seen (rows top to bottom, each left to right, from the glyphs' boxes; a gap wider than
``ROW_GAP`` letter heights parts a row). Glyphs drawn out of order (a coloured initial drawn
after the rest of its word, a word drawn right to left) print the text only in the second: a
hit found there alone is a doubt with its box. So is a hit found only with the letters of
another script that look like Latin ones read as those letters (Cyrillic "Х" and "о" in
"Хylоphone": rules/mentions.yaml ``names.look_alikes``), in a word that mixes them with Latin
letters; a word all in Cyrillic ("Москва") is no Latin word.

Where nothing matches, a font's character map that names glyphs wrongly is looked for: one letter read as
another wherever it stands (``misnamed_glyph_hits``), or every character recoded one to one, all moved by one
distance (glyph numbers read as codes: "Kangaroo" reads ",BOHBSPP") or read as characters that are no ASCII
letter or digit (small capitals named by their numbers in another table: "KĵƿƄĵǡǈǈ") (``recoded_glyph_hits``).
Either is a doubt: the layer reads as letters, so the page is not called unreadable, yet it may print the text.

A form field's value, options, label or caption holding the text (an appearance a form-filling tool left stale or
empty: a reader clicking the field sees it) is a doubt; a layer hit inside an unsigned signature field, where MuPDF
draws its own "SIGN" marker that no other viewer shows, is a doubt, never a member.

Case is ignored ("Data", "data" and a heading's "DATA" are one word) but for an acronym (``case_why``): text asked in
capitals ("ROI", "US") printed with a lower-case letter ("Le Roi", "let us"), or asked in lower case ("us") printed
in capitals among lower-case words ("sales in the US"), is a doubt: a reader may read another word. A possessive
("climate's", "climate’s") is the word; a plural or any other ending ("climates"), a compound ("climate-related") and
a web address's part ("www.climate.org" is a member: the word printed) are as the rule for longer words says.

Words the text layer does not hold as a reader sees them are doubts (``elsewhere_hits``): an annotation's or form
field's own appearance MuPDF does not draw (name_mentions.appearance_page: an unsigned signature field, a widget with
no field type), the glyphs a marked span's ActualText replaces in the layer (``glyphs_as_drawn``: read only where the
page's plain text without ActualText differs from the layer's), and a word hyphenated across a page break ("cli-" on
one page, "mate" on the next: ``page_break_hits``). A layer hit said only by an ActualText over glyphs that spell other
letters (a logo's glyph run) is a doubt too. A word only in a link's target, a bookmark or the metadata is on no page.

A scan's invisible OCR layer is the scan's words only where its pixels may show them: a layer hit over a
picture where OCR of the picture reads other words, or where the picture is blank, is a doubt (an OCR layer
offset from its scan, or misread).

Example (corpus): ``text_search {text: "Beijing"}`` on a Nepal media survey returns zero
members; on image-only slides it reads the OCR lines, or says it could not measure. On
text-layer pages the words inside pictures, and words drawn as paths (text converted to
outlines), are read by OCR too (picture_words).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pymupdf

from widening import rulebook
from widening.facts.document import Doc
from widening.facts.geometry import centre_in, rect_tuple, union
from widening.facts.glyphs import WHITE, draws_nothing, white_on_white
from widening.facts.paint import PaintOrder
from widening.models import BBox, Member, PageFacts, PageKind, ProbeResult, Reader, TextLine, text_reader
from widening.probes import Scope, Params, picture_words, probe
from widening.probes.glyph_maps import (FENCE, Char, DedupChars, Found, Glyph, _form, _overlap, layer_glyphs,
                                         misnamed_glyph_hits, normalised, recoded_glyph_hits)
from widening.facts.hidden import HIDDEN_WHY, revealed_page
from widening.probes.name_mentions import (ACTUAL_TEXT_WHY, APPEARANCE_UNREAD_WHY, APPEARANCE_WHY, FIELD_UNREAD_WHY, FIELD_WHY, SIGN_WHY,
                                           appearance_page, field_sayings, in_any, layer_near_hits, mupdf_only_boxes, ocr_near_hits,
                                           visual_order)
from widening.probes.pagewise import finish, measurable
from widening.text import UNSAID_RX, char_form, look_alike

# A gap between two glyphs of one row wider than this many letter heights parts the row (a column
# gutter, a table's cells): the visual reading joins only what is read as one line of text.
ROW_GAP = 1.0
# A gap wider than this many letter heights is a space between words, printed or not.
WORD_GAP = 0.15
def undrawn_boxes(page: pymupdf.Page, clip: pymupdf.Rect) -> list[BBox]:
    """Boxes of the glyphs inside ``clip`` the page stores but does not show: text neither filled nor stroked
    (render mode 3) or fully transparent, or white on a render that is white there, and lying over no raster
    image (an invisible layer over a scan is the scan's words: the pixels show them)."""
    images = [pymupdf.Rect(i["bbox"]) for i in page.get_image_info()]
    out: list[BBox] = []
    raw = page.get_text("rawdict", flags=pymupdf.TEXTFLAGS_RAWDICT & ~pymupdf.TEXT_PRESERVE_LIGATURES, clip=clip)
    for block in raw["blocks"]:
        for line in block.get("lines", ()):
            for span in line["spans"]:
                box = pymupdf.Rect(span["bbox"]) & page.rect
                unseen = draws_nothing(span) or (min(pymupdf.sRGB_to_rgb(span["color"])) >= WHITE and white_on_white(page, tuple(box)))
                if unseen and not any(box.intersects(r) for r in images):
                    out += [rect_tuple(ch["bbox"]) for ch in span["chars"] if not ch["c"].isspace()]
    return out


def seen_order(glyphs: list[Glyph]) -> list[Glyph]:
    """``glyphs`` in the order they are seen: rows top to bottom, each left to right, a word starting
    at a row's start, after a space or across a gap (``WORD_GAP``); a ``FENCE`` where a gap wider than
    ``ROW_GAP`` letter heights parts a row, and between rows."""
    out: list[Glyph] = []
    prev: Glyph | None = None
    for c, box, _ in visual_order(glyphs):
        h = max(box[3] - box[1], 1e-6)
        same_row = prev is not None and min(prev[1][3], box[3]) - max(prev[1][1], box[1]) > 0 and box[0] >= prev[1][0] - 0.5 * h
        gap = box[0] - prev[1][2] if prev is not None else 0.0
        if not same_row or gap > ROW_GAP * h:
            if out:
                out.append((FENCE, box, True))
            start = True
        else:
            start = prev[0].isspace() or gap > WORD_GAP * h  # type: ignore[index]
        out.append((c, box, start))
        prev = (c, box, start)
    return out


@cache
def _look_alikes() -> dict[str, str]:
    return {str(k): str(v) for k, v in rulebook.load("mentions")["names"]["look_alikes"].items()}


def look_alike_glyphs(glyphs: list[Glyph]) -> tuple[list[Glyph], list[bool]] | None:
    """``glyphs`` with the look-alike letters of each word that mixes them with Latin letters as those
    letters (``text.look_alike``), and which glyphs that changed; None where none did."""
    table = _look_alikes()
    if not any(c in table for c, _, _ in glyphs):
        return None
    out = list(glyphs)
    changed = [False] * len(glyphs)
    i = 0
    while i < len(glyphs):
        j = i + 1
        while j < len(glyphs) and not glyphs[j][2] and glyphs[j][0] != FENCE:  # one printed word
            j += 1
        word = [c for c, _, _ in glyphs[i:j]]
        if all(len(c) == 1 for c in word):
            mapped = look_alike("".join(word), table)
            for k, (c, m) in enumerate(zip(word, mapped)):
                if c != m:
                    out[i + k] = (m, glyphs[i + k][1], glyphs[i + k][2])
                    changed[i + k] = True
        i = j
    return (out, changed) if any(changed) else None


def _line_glyphs(text: str, bbox: BBox) -> list[Glyph]:
    """An OCR line's glyphs, each with the line's box; a word begins after a space."""
    return [(c, bbox, i == 0) for word in text.split() for i, c in enumerate(word)]


def _ocr_glyphs(doc: Doc, index: int, clip: pymupdf.Rect) -> list[Glyph]:
    return [g for line in doc.facts.page(index).ocr_lines if centre_in(line.bbox, clip) for g in _line_glyphs(line.text, line.bbox)]


def word_breaks(text: str) -> frozenset[int] | None:
    """Offsets in ``char_form(text)`` where a word of ``text`` begins after a space, hyphen or dash ("New York":
    {3}); None where the words' forms do not add up to the whole's (no offset can be trusted)."""
    words = [char_form(w) for w in re.split(r"[\s\-\u2010\u2011\u2012\u2013\u2014\u2212\u00ad]+", text)]
    if "".join(words) != char_form(text):
        return None
    out, at = set(), 0
    for w in words:
        if w and at:
            out.add(at)
        at += len(w)
    return frozenset(out)


def _spans(chars: list[Char], needle: str, breaks: frozenset[int] | None = frozenset()) -> list[tuple[int, int, bool]]:
    """(start, end) of every (overlapping) occurrence of the normalised ``needle`` in ``chars``, and
    whether it is no occurrence as printed for certain: it lies inside a longer word (a letter or digit
    glued to its first or last character), or a word the page prints begins inside it where the words
    asked (``breaks``: ``word_breaks`` of the text asked) have none ("C at" for "cat")."""
    hay = "".join(c for c, _, _ in chars)
    out: list[tuple[int, int, bool]] = []
    start = hay.find(needle)
    while needle and start >= 0:
        end = start + len(needle)
        before = start > 0 and not chars[start][2] and hay[start - 1].isalnum() and hay[start].isalnum()
        after = end < len(hay) and not chars[end][2] and hay[end].isalnum() and hay[end - 1].isalnum()
        across = any(chars[k][2] and (breaks is None or k - start not in breaks) for k in range(start + 1, end))
        out.append((start, end, before or after or across))
        start = hay.find(needle, start + 1)
    return out


def find_all(chars: list[Char], needle: str, breaks: frozenset[int] | None = frozenset()) -> list[tuple[BBox, bool]]:
    """Box of every (overlapping) occurrence of the normalised ``needle``, and whether it is no certain
    occurrence as printed (``_spans``: inside a longer word, or across a word break the text asked lacks)."""
    return [(union(b for _, b, _ in chars[s:e]), glued) for s, e, glued in _spans(chars, needle, breaks)]


_GLUED_WHY = ("inside a longer word as printed, or across a word break the text asked lacks (a hyphen at a line's end"
              " joins 'bob-' and 'cat'; 'C at' holds no word 'cat')")
_SEEN_WHY = ("the text in the order its glyphs are seen (rows top to bottom, each left to right), not in the order the text layer"
             " stores them: glyphs drawn out of order may print it; neither presence nor absence")
_UNDRAWN_WHY = ("text the page stores but does not show (render mode 3, fully transparent, or white on white): a search of the"
                " file finds it, a reader does not; neither presence nor absence")
_PAINTED_OVER_WHY = ("painted over by a shape or picture the page draws after it: a search of the file finds the text, a reader"
                     " does not see it; neither presence nor absence")
_LOOK_ALIKE_WHY = ("the text with letters of another script that look like Latin ones (Cyrillic 'Х', 'о') read as those letters, in a"
                   " word mixing scripts: the page may show the text; neither presence nor absence")

_CASE_WHY = ("printed {printed!r} where {text!r} is asked in {asked}: {why}; a reader may read another word (an acronym 'US', "
             "the word 'us'); neither presence nor absence")


def _cased(s: str) -> list[str]:
    """The letters of ``s`` that have a case (a Han character or a digit has none)."""
    return [c for c in s if c.lower() != c.upper()]


def case_why(text: str, glyphs: list[Glyph], first: int, last: int) -> str | None:
    """Why the hit on ``glyphs[first..last]`` may be another word than ``text`` by its case alone, or None.

    Case is ignored in a word count ("Data", "data" and a heading's "DATA" are one word) but for an acronym: text asked
    in capitals ("ROI", "US") printed with a lower-case letter ("Le Roi", "let us"), and text asked in lower case
    ("us", "it") printed in capitals among lower-case words on its row ("sales in the US", "the IT desk"): both may be
    the other word. A line all in capitals (a heading "CLIMATE ACTION") says nothing of the word's case."""
    asked = _cased(text)
    printed = "".join(c for c, _, _ in glyphs[first:last + 1])
    shown = _cased(printed)
    if len(asked) < 2 or not shown:
        return None
    if all(c.isupper() for c in asked) and any(c.islower() for c in shown):
        return _CASE_WHY.format(printed=printed, text=text, asked="capitals", why="an acronym asked, printed with lower-case letters")
    if all(c.islower() for c in asked) and len(shown) >= 2 and all(c.isupper() for c in shown):
        box = pymupdf.Rect(union(b for _, b, _ in glyphs[first:last + 1]))
        cy = (box.y0 + box.y1) / 2

        def row(ks: range) -> list[str]:  # the glyphs on the hit's row, up to a fence or another row
            out: list[str] = []
            for k in ks:
                c, b, _ = glyphs[k]
                if c == FENCE or not b[1] <= cy <= b[3] or len(out) > 80:
                    break
                out.append(c)
            return out

        beside = row(range(first - 1, -1, -1)) + row(range(last + 1, len(glyphs)))
        if any(c.islower() for c in _cased("".join(beside))):
            return _CASE_WHY.format(printed=printed, text=text, asked="lower case", why="printed in capitals among lower-case words, as an acronym is")
    return None


def _owners(glyphs: list[Glyph]) -> list[int]:
    """For each character of ``normalised(glyphs)``, the glyph it comes from."""
    return [k for k, (c, _, _) in enumerate(glyphs) for _ in _form(c)]


def _hits(glyphs: list[Glyph], text: str, needle: str, breaks: frozenset[int] | None) -> list[tuple[BBox, str | None]]:
    """Every occurrence of ``needle`` in ``glyphs``: its box, and why it is only a doubt (inside a longer word, ``case_why``)."""
    chars, owner = normalised(glyphs), _owners(glyphs)
    out: list[tuple[BBox, str | None]] = []
    for s, e, glued in _spans(chars, needle, breaks):
        out.append((union(b for _, b, _ in chars[s:e]), _GLUED_WHY if glued else case_why(text, glyphs, owner[s], owner[e - 1])))
    return out


def search_glyphs(glyphs: list[Glyph], text: str, where: str, layer: bool = False) -> list[Found]:
    """Every occurrence of ``text`` in ``glyphs`` (one reading order): in stored order a member, or a doubt
    inside a longer word or in a case that may make it another word (``case_why``); with ``layer`` (glyphs with
    boxes of their own) also in the order they are seen, and in either order with look-alike letters of another
    script read as Latin ones: a hit found only there is a doubt."""
    needle = char_form(text)
    breaks = word_breaks(text)
    found: list[Found] = [(box, why, where) for box, why in _hits(glyphs, text, needle, breaks)]
    readings = [(glyphs, None)]
    if layer:
        seen = seen_order(glyphs)
        readings.append((seen, _SEEN_WHY))
        found += [(box, _SEEN_WHY, where) for box, _ in find_all(normalised(seen), needle)
                  if not any(_overlap(box, f[0]) for f in found)]
    asked = char_form(look_alike(text, _look_alikes(), everywhere=True))
    for reading, _ in readings:
        mapped = look_alike_glyphs(reading)
        if mapped is None:
            continue
        chars = normalised(mapped[0])
        # the character each glyph became, in order: a hit counts only where a look-alike letter was read as Latin
        owner = [k for k, (c, _, _) in enumerate(mapped[0]) for _ in _form(c)]
        for s, e, _ in _spans(chars, asked):
            box = union(b for _, b, _ in chars[s:e])
            if any(mapped[1][owner[k]] for k in range(s, e)) and not any(_overlap(box, f[0]) for f in found):
                found.append((box, _LOOK_ALIKE_WHY, where))
    return found


class TextSearchParams(Params):
    """``text``: the words searched."""

    text: str


@probe("text_search", params=TextSearchParams)
def text_search(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Every occurrence of ``params['text']`` on the scope's pages (text layer, or OCR lines)."""
    text = str(params.get("text", ""))
    needle = char_form(text)
    if not needle:
        return ProbeResult.cannot("text_search", "empty search text", pages=scope.pages, params=params)
    members: list[Member] = []
    doubts: list[Member] = []
    unmeasured, pages = measurable(doc, scope, reads_text=True)
    # Words in pixels and words drawn as paths (text converted to outlines) are in no text layer:
    # every picture and area of vector lettering is read (picture_words), within its budget.
    pictures, unread = ({}, {}) if scope.in_image else picture_words.read_pictures(doc, pages)
    for index in pages:
        facts = doc.facts.page(index)
        clip = doc.region_rect(index, scope.region)
        drawn: list[Glyph] | None = None  # the glyphs as drawn where an ActualText replaces them in the layer
        use_ocr = facts.kind is PageKind.image_only or scope.in_image
        if use_ocr and not facts.ocr_lines:
            why = "image-only page without OCR lines" if facts.kind is PageKind.image_only else "text inside images needs OCR lines"
            unmeasured[index] = why
            continue
        # Words are matched on the whole page and then placed: a word straddling the region's edge
        # is not cut glyph by glyph. An image-only page's text layer (a footer, a stamp) is read too.
        page_rect = doc.page(index).rect
        found = search_glyphs(_ocr_glyphs(doc, index, page_rect), text, "ocr") if use_ocr else []
        glyphs = layer_glyphs(doc.page(index), page_rect) if not scope.in_image else []
        if not scope.in_image:
            found += search_glyphs(glyphs, text, "text layer", layer=True)
            # What the page shows only with a layer switched on, when printed, or with a hidden annotation or form
            # field shown: MuPDF leaves it out of the text, a reader may see it. A doubt, never a member.
            revealed = revealed_page(doc, index)
            if revealed is False:
                unmeasured[index] = "the page's hidden content (layers off or for printing, hidden annotations) could not be read"
                continue
            unseen = [] if revealed is None else search_glyphs(layer_glyphs(revealed, page_rect), text, "hidden content", layer=True)
            unseen = [(b, HIDDEN_WHY, w) for b, _, w in unseen if not any(_overlap(b, f[0]) for f in found)]
            unseen += [n for n in note_hits(doc.page(index), text) if not any(_overlap(n[0], f[0]) for f in found + unseen)]
            # What other viewers draw and MuPDF does not (an annotation's or form field's own appearance), the glyphs a
            # marked span's ActualText replaces in the layer, and a word hyphenated across a page break: doubts.
            drawn = glyphs_as_drawn(doc, index, glyphs)
            unseen += [n for n in elsewhere_hits(doc, index, text, drawn) if not any(_overlap(n[0], f[0]) for f in found + unseen)]
            found += [f for f in unseen if centre_in(f[0], clip)]
        straddling = [f for f in found if not centre_in(f[0], clip) and pymupdf.Rect(f[0]).intersects(clip)]
        found = [f for f in found if centre_in(f[0], clip)]
        doubts += [Member(page=index, bbox=b, what=f"text {text!r} ({where})", why="straddles the edge of the region asked about", reader=_reader(where, facts))
                   for b, _, where in straddling]
        read = tuple(line for line in facts.ocr_lines if centre_in(line.bbox, clip)) if use_ocr else ()
        if not use_ocr:
            if index in unread:  # a picture that cannot be read may show the text
                unmeasured[index] = unread[index]
                continue
            pictured = tuple(line for line in pictures.get(index, ()) if centre_in(line.bbox, clip))
            found += search_glyphs(_glyphs_of(pictured), text, "OCR of a picture")
            read = pictured
            if index in pictures:  # a wordless picture that shows lettering (a coarse JPEG's words): doubts
                doubts += _lettering_doubts(doc, index, text, clip)
        if not found:
            # OCR misreads a letter ("QaagfIra"), and small type in coarse pixels more: a reading near the text is a doubt.
            doubts += ocr_near_hits(doc, index, read, [text], "OCR" if use_ocr else "OCR of a picture")
            if not scope.in_image:  # and a font's character map may misname a glyph the page prints
                misnamed = [f for f in misnamed_glyph_hits(glyphs, text, "text layer") if centre_in(f[0], clip)]
                misnamed += [f for f in recoded_glyph_hits(glyphs, text, "text layer")
                             if centre_in(f[0], clip) and not any(_overlap(f[0], m[0]) for m in misnamed)]
                doubts += [Member(page=index, bbox=b, what=f"text {text!r} ({where})", why=why, reader=_reader(where, facts)) for b, why, where in misnamed]
                doubts += [d for d in layer_near_hits(doc, index, text, clip) if not any(_overlap(d.bbox, f[0]) for f in misnamed)]
        if not use_ocr and index in pictures and any(w == "text layer" and not y for _, y, w in found):
            found = _unseen_in_scan(doc, index, text, found, pictures[index])
        layered = not scope.in_image and any(w == "text layer" and not y for _, y, w in found)
        hidden = undrawn_boxes(doc.page(index), clip) if layered else []
        order = PaintOrder(doc.page(index)) if layered else None
        ink = PageInk(doc.page(index)) if layered else None
        mupdf_only = mupdf_only_boxes(doc.page(index)) if layered else []
        for bbox, why, where in found:
            if not why and where == "text layer" and in_any(bbox, mupdf_only):
                why = SIGN_WHY
            elif not why and where == "text layer" and hidden and _all_hidden(bbox, hidden):
                why = _UNDRAWN_WHY
            elif not why and where == "text layer" and order is not None and order.painted_over(bbox):
                why = _PAINTED_OVER_WHY
            elif not why and where == "text layer" and bbox[3] - bbox[1] < TINY_TEXT_PT:
                why = f"set {bbox[3] - bbox[1]:.2f} pt tall, under {TINY_TEXT_PT} pt: a dot on the page, which no reader reads as a word"
            elif not why and where == "text layer" and ink is not None and ink.blank(bbox):
                why = _NO_INK_WHY
            elif not why and where == "text layer" and drawn is not None and not drawn_says(drawn, text, bbox):
                why = _ACTUAL_TEXT_ONLY_WHY
            m = Member(page=index, bbox=bbox, what=f"text {text!r} ({where})", reader=_reader(where, facts))
            # Inside a longer word ("Qzkakaq" in "Qzkakaquaq"): not a mention as printed, yet a
            # text layer may lack the space between two words; read only out of stored order or
            # with look-alike letters: the page may print it. A doubt, never dropped.
            if why:
                doubts.append(m.model_copy(update={"why": why}))
            else:
                members.append(m)
    return finish("text_search", scope, params, members, unmeasured, doubts=doubts)


def _lettering_doubts(doc: Doc, index: int, text: str, clip: pymupdf.Rect) -> list[Member]:
    """Doubts for the wordless raster pictures of a text-layer page that show lettering (picture_words.lettering)
    inside ``clip``: ``text`` read only when such a picture was read again, and each line of lettering no reading read."""
    try:
        got = picture_words.lettering(doc, index)
    except Exception as exc:  # noqa: BLE001  looking for lettering failed: the pictures may show the text
        return [Member(page=index, bbox=box, what="a picture OCR read no word of", reader=Reader.pixels,
                       why=f"whether it shows lettering could not be measured ({type(exc).__name__}): may show the text")
                for box in picture_words.picture_pages(doc, (index,)).get(index, ()) if pymupdf.Rect(box).intersects(clip)]
    again = tuple(line for line in got.lines if centre_in(line.bbox, clip))
    out = [Member(page=index, bbox=b, what=f"text {text!r} (OCR of a picture read again)", reader=Reader.ocr,
                  why="read only when a picture OCR read no word of was read again whole or enlarged")
           for b, _, _ in search_glyphs(_glyphs_of(again), text, "OCR of a picture")]
    return out + [Member(page=index, bbox=u.bbox, what="lettering in a picture", reader=Reader.pixels, why=u.why)
                  for u in got.unread if pymupdf.Rect(u.bbox).intersects(clip)]


def _reader(where: str, facts: PageFacts) -> Reader:
    """What read a hit found ``where`` ("text layer": the file's own layer, a scan's invisible OCR layer too, the glyphs
    under an ActualText or across a page break; a note, an appearance or hidden content: the file's structure; else OCR)."""
    if where in ("text layer", _UNDER_ACTUAL_TEXT, _ACROSS_PAGES):
        return text_reader(facts, layer=True)
    return Reader.structure if where in ("hidden content", "annotation note", "form field", _APPEARANCE) else Reader.ocr


# --------------------------------------------------------------------------- words drawn elsewhere than the layer says

_APPEARANCE = "an appearance"
_UNDER_ACTUAL_TEXT = "glyphs under ActualText"
_ACROSS_PAGES = "hyphenated across a page break"
_ACTUAL_TEXT_ONLY_WHY = ("said by a marked span's ActualText that the text layer gives instead of the glyphs drawn there, which spell"
                         " other letters (a logo's glyph run, a replacement): a reader sees the glyphs; neither presence nor absence")
_ACROSS_PAGES_WHY = ("the text's letters across a page break: one page's line ends in a hyphen glued to a word's start ('cli-'), a line"
                     " of the next page begins with the rest ('mate'), which line is not known (a running header comes first):"
                     " neither presence nor absence")


class _IgnoringActualText:
    """A page whose text is read from the glyphs drawn, marked spans' ActualText set aside (``layer_glyphs`` reads it)."""

    def __init__(self, page: pymupdf.Page):
        self.page = page

    def get_text(self, kind: str, flags: int = 0, **kw: Any) -> Any:
        return self.page.get_text(kind, flags=flags | pymupdf.TEXT_IGNORE_ACTUALTEXT, **kw)


def _plain_text(doc: Doc, index: int) -> str:
    """Page ``index``'s text as its glyphs spell it (ActualText set aside): one plain pass, cached per document."""
    memo = doc.memo.setdefault("text_search plain text", {})
    if index not in memo:
        memo[index] = doc.page(index).get_text("text", flags=pymupdf.TEXT_IGNORE_ACTUALTEXT | pymupdf.TEXT_MEDIABOX_CLIP)
    return memo[index]


def glyphs_as_drawn(doc: Doc, index: int, glyphs: list[Glyph]) -> list[Glyph] | None:
    """The page's glyphs as drawn where a marked span's ActualText replaces them in the layer (``glyphs``: the layer as
    read); None where the page's text without ActualText is the layer's (one plain text pass, not a glyph pass)."""
    if char_form(_plain_text(doc, index)) == char_form("".join(c for c, _, _ in glyphs)):
        return None
    page = doc.page(index)
    return layer_glyphs(_IgnoringActualText(page), page.rect)  # type: ignore[arg-type]


def drawn_says(drawn: list[Glyph], text: str, bbox: BBox) -> bool:
    """Whether the glyphs drawn at a text-layer hit's ``bbox`` say ``text`` too, or may (a glyph the layer cannot say
    without its ActualText, a NUL or U+FFFD: the ActualText is then the glyph's only Unicode, a ligature's "fi")."""
    if any(_overlap(bbox, b) for b, _ in find_all(normalised(drawn), char_form(text))):
        return True
    return any(UNSAID_RX.search(c) for c, b, _ in drawn if centre_in(b, pymupdf.Rect(bbox)))


def elsewhere_hits(doc: Doc, index: int, text: str, drawn: list[Glyph] | None) -> list[Found]:
    """Doubts on page ``index``: ``text`` in an annotation's or form field's own appearance (name_mentions.appearance_page:
    each drawn alone as a stamp; MuPDF draws an unsigned signature field as "SIGN" and a widget with no field type not at
    all, other viewers draw the file's), in the glyphs a marked span's ActualText replaces (``drawn``), and across a page
    break (``page_break_hits``). A page whose appearances cannot be read is a doubt over the whole page."""
    page_rect = doc.page(index).rect
    out: list[Found] = []
    shown = appearance_page(doc, index)
    if shown is False:
        out.append((rect_tuple(page_rect), APPEARANCE_UNREAD_WHY, _APPEARANCE))
    elif shown is not None:
        out += [(b, APPEARANCE_WHY, _APPEARANCE) for b, _, _ in search_glyphs(layer_glyphs(shown, page_rect), text, _APPEARANCE, layer=True)]
    if drawn is not None:
        out += [(b, ACTUAL_TEXT_WHY, _UNDER_ACTUAL_TEXT) for b, _, _ in search_glyphs(drawn, text, _UNDER_ACTUAL_TEXT, layer=True)]
    return out + page_break_hits(doc, index, text)


def _page_lines(doc: Doc, index: int) -> list[tuple[str, BBox]]:
    """The text-layer lines of page ``index`` in stored order: (words joined by spaces, box); cached per document."""
    memo = doc.memo.setdefault("text_search page lines", {})
    if index not in memo:
        lines: dict[tuple[int, int], list[Any]] = {}
        for w in doc.page(index).get_text("words", flags=pymupdf.TEXT_MEDIABOX_CLIP, sort=False):
            lines.setdefault((w[5], w[6]), []).append(w)
        memo[index] = [(" ".join(w[4] for w in ws), union(tuple(w[:4]) for w in ws)) for ws in lines.values()]
    return memo[index]


_BROKEN = re.compile(r"[^\W_][-\u2010\u2011\u00ad]$")


def _may_start(line: str, needle: str) -> bool:
    """Whether ``line`` ends in a hyphen glued to a letter or digit, after characters the ``needle`` (``char_form``) begins with."""
    line = line.rstrip()
    if not _BROKEN.search(line):
        return False
    said = char_form(line[:-1])
    return any(said.endswith(needle[:k]) for k in range(1, len(needle)))


def page_break_hits(doc: Doc, index: int, text: str) -> list[Found]:
    """Doubts: ``text`` spelt by a line of one page that ends in a hyphen glued to a letter ("cli-") and a line of the
    next page ("mate ..."), on page ``index`` either side: within a page the layer's order joins them, across pages no
    reading does, and a whole document's count would miss the word. Any line of the next page may be the one that
    goes on (a running header, a column's top), so each is tried: a doubt, never a member."""
    needle = char_form(text)
    out: list[Found] = []
    n = doc.facts.page_count
    for tail_page, mine in ((index - 1, False), (index, True)):
        if not 1 <= tail_page < n or not any(_may_start(line, needle) for line in _plain_text(doc, tail_page).splitlines()):
            continue  # one plain pass rules most pages out: no line ends in a hyphen after the text's first letters
        tails = [(t, b) for t, b in _page_lines(doc, tail_page) if _may_start(t, needle)]
        for t, tbox in tails:
            tail = _line_glyphs(t, tbox)
            cut = len(normalised(tail))
            for h, hbox in _page_lines(doc, tail_page + 1):
                glyphs = tail + _line_glyphs(h, hbox)  # the hyphen glued to the tail joins the head's first word (``normalised``)
                for s, e, _ in _spans(normalised(glyphs), needle):
                    if s < cut < e:
                        out.append((tbox if mine else hbox, _ACROSS_PAGES_WHY, _ACROSS_PAGES))
    return out


_NOTE_WHY = ("in an annotation's note or title (a sticky note, a comment): a viewer shows it in a pop-up, where the page's"
             " text does not hold it; neither presence nor absence")


def note_hits(page: pymupdf.Page, text: str) -> list[Found]:
    """Annotations of ``page`` whose note, title or subject holds ``text`` (letters compared as ``char_form``), each with
    the annotation's box: doubts (``_NOTE_WHY``). An open note is read on the screen, beside the page's own words. So are
    form fields whose value, options, label or caption hold it (name_mentions.field_sayings: a value its appearance
    no longer prints, an option listed when the field is opened): doubts (``FIELD_WHY``); a page whose fields cannot
    be read is a doubt over the whole page."""
    needle = char_form(text)
    out: list[Found] = []
    if not needle:
        return out
    for annot in page.annots():
        said = " ".join(str(annot.info.get(k) or "") for k in ("content", "title", "subject"))
        if needle in char_form(said):
            out.append((rect_tuple(annot.rect), _NOTE_WHY, "annotation note"))
    fields = field_sayings(page)
    if fields is None:
        return out + [(rect_tuple(page.rect), FIELD_UNREAD_WHY, "form field")]
    out += [(box, FIELD_WHY, "form field") for said, box in fields if needle in char_form(said)]
    return out


_NO_INK_WHY = ("the page shows no ink where the text stands: its render there is one colour (text in the colour of its ground, "
               "blue on a blue band; glyphs only clipping what nothing paints, render mode 7): a search of the file finds it, a "
               "reader does not; neither presence nor absence")
# A box shows no ink when no colour channel of its render spreads over more than INK_SPREAD levels: the glyphs
# are the colour of what lies under them. Visible type differs from its ground by far more (light grey on white,
# #D0D0D0, is 47 levels), and a doubt only keeps the row.
INK_SPREAD = 24
# The page is rendered once at this resolution (within the pixel budget) for every hit on it: a render per hit
# runs the whole page again each time.
INK_DPI = 96


class PageInk:
    """A page rendered once (RGB, annotations on), read box by box: does a text-layer hit show any ink?

    White text on white is one case of it (undrawn_boxes); text of any colour on a ground of that colour, and glyphs
    that only clip (render mode 7) with nothing painted through them, are the others: the file holds the words, the
    page shows a plain band."""

    def __init__(self, page: pymupdf.Page):
        self.page = page
        self._pixels: Any = None
        self._scale = 1.0

    def _render(self) -> Any:
        if self._pixels is None:
            import numpy as np

            from widening.facts.limits import RenderRefused, safe_pixmap

            try:
                pix = safe_pixmap(self.page, INK_DPI)
            except (RenderRefused, RuntimeError, ValueError):
                self._pixels = False  # not rendered: no box is known to be blank
                return self._pixels
            self._scale = pix.width / (self.page.rect.width or 1.0)
            self._pixels = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, pix.n)
        return self._pixels

    def blank(self, bbox: BBox) -> bool:
        """Whether the render of ``bbox`` is one colour (every channel within INK_SPREAD levels); False when unknown."""
        arr = self._render()
        if arr is False:
            return False
        r = pymupdf.Rect(bbox) & self.page.rect
        x0, y0 = int((r.x0 - self.page.rect.x0) * self._scale), int((r.y0 - self.page.rect.y0) * self._scale)
        x1, y1 = int(-(-(r.x1 - self.page.rect.x0) * self._scale // 1)), int(-(-(r.y1 - self.page.rect.y0) * self._scale // 1))
        crop = arr[max(y0, 0):y1, max(x0, 0):x1]
        if crop.size == 0 or crop.shape[0] < 2 or crop.shape[1] < 2:
            return False  # too few pixels to say (tiny type is judged by its size)
        flat = crop.reshape(-1, crop.shape[-1])
        return bool(((flat.max(axis=0).astype(int) - flat.min(axis=0)) <= INK_SPREAD).all())


# Type whose glyphs are under this height prints as a dot or a hairline: text a producer hid by its size (0.3 pt),
# or a line shrunk to nothing. Only turns a member into a doubt (the row is kept, no claim rests on it).
TINY_TEXT_PT = 1.5


_UNSEEN_IN_SCAN_WHY = ("in the invisible text layer over a scanned picture, where OCR of the picture's pixels reads other words "
                       "(none near the text) or the picture is blank: the layer may not say what the scan shows (an OCR layer offset or misread); "
                       "neither presence nor absence")


def over_pictures(page: pymupdf.Page) -> list[BBox]:
    """Boxes of the glyphs that draw nothing (render mode 3, fully transparent) over a raster image: an OCR layer's letters over its scan."""
    images = [pymupdf.Rect(i["bbox"]) for i in page.get_image_info()]
    if not images:
        return []
    out: list[BBox] = []
    raw = page.get_text("rawdict", flags=pymupdf.TEXTFLAGS_RAWDICT & ~pymupdf.TEXT_PRESERVE_LIGATURES)
    for block in raw["blocks"]:
        for line in block.get("lines", ()):
            for span in line["spans"]:
                if draws_nothing(span) and any(pymupdf.Rect(span["bbox"]).intersects(r) for r in images):
                    out += [rect_tuple(ch["bbox"]) for ch in span["chars"] if not ch["c"].isspace()]
    return out


def _unseen_in_scan(doc: Doc, index: int, text: str, found: list[Found], read: tuple[TextLine, ...]) -> list[Found]:
    """``found`` with each text-layer member made of invisible glyphs over a picture (``over_pictures``) turned into
    a doubt when the picture's OCR (``read``) finds neither a hit nor a like reading (``_alike``) over it, and
    either reads other words there or sees no ink there: a scan's OCR layer is taken at its word only where the
    pixels may show it (small type the engine's OCR does not read at all leaves the member as it was)."""
    page = doc.page(index)
    invisible = over_pictures(page)
    if not invisible:
        return found
    seen = [b for b, _, w in found if w == "OCR of a picture"]
    out: list[Found] = []
    for box, why, where in found:
        if where == "text layer" and not why and _all_hidden(box, invisible) and not any(_overlap(box, b) for b in seen):
            there = tuple(line for line in read if _overlap(box, line.bbox))
            if there and any(_alike(text, _under(line, box)) for line in there):
                pass  # the pixels there read as the text, misread ("Lebour's" for "Lebours")
            elif there or _blank(page, box):
                why = _UNSEEN_IN_SCAN_WHY
        out.append((box, why, where))
    return out


# OCR of a scan misreads a letter or two: its reading under a layer hit confirms the hit when this share of
# the text's letters and digits is read there, in order.
SCAN_ALIKE = 0.75


def _under(line: TextLine, box: BBox) -> str:
    """The characters of OCR ``line`` whose share of its width (by position) lies over ``box``'s x-range, a character's width of slack."""
    n = len(line.text)
    step = (line.bbox[2] - line.bbox[0]) / n if n else 0.0
    return "".join(c for i, c in enumerate(line.text) if box[0] - step <= line.bbox[0] + (i + 0.5) * step <= box[2] + step)


def _alike(text: str, read: str) -> bool:
    """Whether ``read`` holds SCAN_ALIKE of ``text``'s letters and digits in order (casefolded)."""
    from difflib import SequenceMatcher

    a, b = (re.sub(r"[\W_]", "", t.casefold()) for t in (text, read))
    if not a or not b:
        return False
    same = sum(m.size for m in SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks())
    return same >= SCAN_ALIKE * len(a)


# A box is blank when every pixel of its render lies within BLANK_SPREAD grey levels of its most common
# shade: paper, not the low-contrast tones of a photograph (46 levels in a test photo) or a glyph's ink.
BLANK_SPREAD = 32


def _blank(page: pymupdf.Page, box: BBox) -> bool:
    """Whether the render of ``box`` shows no ink: every pixel within BLANK_SPREAD grey levels of its most common shade."""
    import numpy as np

    from widening.facts.limits import RenderRefused, safe_pixmap

    clip = pymupdf.Rect(box) & page.rect
    if clip.is_empty:
        return True
    try:
        pix = safe_pixmap(page, 150, clip, colorspace=pymupdf.csGRAY, annots=False)
    except RenderRefused:
        return False  # not rendered: not known to be blank
    grey = np.frombuffer(pix.samples, dtype=np.uint8).astype(np.int16)
    if grey.size == 0:
        return True
    ground = int(np.bincount(grey, minlength=256).argmax())
    return bool((np.abs(grey - ground) <= BLANK_SPREAD).all())


def _all_hidden(box: BBox, hidden: list[BBox]) -> bool:
    """Whether the glyphs of a hit at ``box`` are ones the page does not show: its centre and both ends lie in
    hidden glyph boxes."""
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    probes = [((x0 + x1) / 2, cy), (x0 + min(1.0, (x1 - x0) / 4), cy), (x1 - min(1.0, (x1 - x0) / 4), cy)]
    return all(any(h[0] <= px <= h[2] and h[1] <= py <= h[3] for h in hidden) for px, py in probes)


def _glyphs_of(lines: tuple[TextLine, ...]) -> list[Glyph]:
    return [g for line in lines for g in _line_glyphs(line.text, line.bbox)]

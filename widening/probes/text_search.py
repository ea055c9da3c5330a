"""Probe ``text_search``: where a string occurs, insensitive to case, spacing, hyphenation and ligatures.

A hit inside a longer word as printed ("Qzkakaq" in "Qzkakaquaq") is a doubt: not a mention,
yet a text layer may lack the space between two words. Where OCR found nothing, a reading within
the edit budget, or near the text in small type in coarse pixels, is a doubt (as in name_mentions).

Example (corpus): ``text_search {text: "Beijing"}`` on a Nepal media survey returns zero
members; on image-only slides it reads the OCR lines, or says it could not measure. On
text-layer pages the words inside pictures, and words drawn as paths (text converted to
outlines), are read by OCR too (picture_words).
"""

from __future__ import annotations

from typing import Any

import pymupdf

from widening.facts.document import Doc
from widening.facts.geometry import centre_in, rect_tuple, union
from widening.models import BBox, Member, PageKind, ProbeResult, TextLine
from widening.probes import Scope, Params, picture_words, probe
from widening.probes.name_mentions import ocr_near_hits
from widening.probes.pagewise import finish, measurable
from widening.text import char_form

class DedupChars:
    """Drops a glyph drawn again at (almost) the same place (fake bold, pitfall 10).

    "Almost" is within ``tol`` pt and under half the glyph's width: fake bold shifts a copy by a
    fraction of the glyph, while the second letter of a pair ("ll" in "Tallinn" at 6 pt, 1.3 pt
    further on) starts a whole glyph further, and must stay."""

    def __init__(self, tol: float = 1.5):
        self.tol = tol
        self.grid: dict[tuple[int, int], list[tuple[str, float, float]]] = {}

    def seen(self, c: str, x: float, y: float, width: float | None = None) -> bool:
        tol = self.tol if width is None else min(self.tol, max(0.3, 0.5 * width))
        gx, gy = int(x // 4), int(y // 4)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for c2, x2, y2 in self.grid.get((gx + dx, gy + dy), ()):
                    if c2 == c and abs(x2 - x) < tol and abs(y2 - y) < self.tol:
                        return True
        self.grid.setdefault((gx, gy), []).append((c, x, y))
        return False


# (normalised character, its box, whether it begins a word as printed: after a space or a line start)
Char = tuple[str, BBox, bool]


def layer_chars(page: pymupdf.Page, clip: pymupdf.Rect) -> list[Char]:
    """Normalised characters of the text layer with their boxes, in reading order, de-duplicated."""
    out: list[Char] = []
    dedup = DedupChars()
    raw = page.get_text("rawdict", flags=pymupdf.TEXTFLAGS_RAWDICT & ~pymupdf.TEXT_PRESERVE_LIGATURES)
    for block in raw["blocks"]:
        for line in block.get("lines", ()):
            start = True
            for span in line["spans"]:
                for ch in span["chars"]:
                    if ch["c"].isspace():
                        start = True
                    if not centre_in(ch["bbox"], clip):
                        continue
                    x0, y0 = ch["origin"]
                    if dedup.seen(ch["c"], x0, y0, ch["bbox"][2] - ch["bbox"][0]):
                        continue
                    for c in char_form(ch["c"]):
                        out.append((c, rect_tuple(ch["bbox"]), start))
                        start = False
    return out


def _line_chars(text: str, bbox: BBox) -> list[Char]:
    """An OCR line's normalised characters, each with the line's box; a word begins after a space."""
    return [(c, bbox, i == 0) for word in text.split() for i, c in enumerate(char_form(word))]


def ocr_chars(doc: Doc, index: int, clip: pymupdf.Rect) -> list[Char]:
    out: list[tuple[str, BBox]] = []
    for line in doc.facts.page(index).ocr_lines:
        if centre_in(line.bbox, clip):
            out.extend(_line_chars(line.text, line.bbox))
    return out


def find_all(chars: list[Char], needle: str) -> list[tuple[BBox, bool]]:
    """Box of every (overlapping) occurrence of the normalised ``needle``, and whether it lies
    inside a longer word as printed (a letter or digit glued to its first or last character)."""
    hay = "".join(c for c, _, _ in chars)
    hits: list[tuple[BBox, bool]] = []
    start = hay.find(needle)
    while needle and start >= 0:
        end = start + len(needle)
        before = start > 0 and not chars[start][2] and hay[start - 1].isalnum() and hay[start].isalnum()
        after = end < len(hay) and not chars[end][2] and hay[end].isalnum() and hay[end - 1].isalnum()
        hits.append((union(b for _, b, _ in chars[start:end]), before or after))
        start = hay.find(needle, start + 1)
    return hits


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
        use_ocr = facts.kind is PageKind.image_only or scope.in_image
        if use_ocr and not facts.ocr_lines:
            why = "image-only page without OCR lines" if facts.kind is PageKind.image_only else "text inside images needs OCR lines"
            unmeasured[index] = why
            continue
        # Words are matched on the whole page and then placed: a word straddling the region's edge
        # is not cut glyph by glyph. An image-only page's text layer (a footer, a stamp) is read too.
        page_rect = doc.page(index).rect
        found = [(b, glued, "ocr") for b, glued in find_all(ocr_chars(doc, index, page_rect), needle)] if use_ocr else []
        if not scope.in_image:
            found += [(b, glued, "text layer") for b, glued in find_all(layer_chars(doc.page(index), page_rect), needle)]
        straddling = [f for f in found if not centre_in(f[0], clip) and pymupdf.Rect(f[0]).intersects(clip)]
        found = [f for f in found if centre_in(f[0], clip)]
        doubts += [Member(page=index, bbox=b, what=f"text {text!r} ({where})", why="straddles the edge of the region asked about") for b, _, where in straddling]
        read = tuple(line for line in facts.ocr_lines if centre_in(line.bbox, clip)) if use_ocr else ()
        if not use_ocr:
            if index in unread:  # a picture that cannot be read may show the text
                unmeasured[index] = unread[index]
                continue
            pictured = tuple(line for line in pictures.get(index, ()) if centre_in(line.bbox, clip))
            found += [(b, glued, "OCR of a picture") for b, glued in find_all(_chars_of(pictured), needle)]
            read = pictured
        if not found:
            # OCR misreads a letter ("QaagfIra"), and small type in coarse pixels more: a reading near the text is a doubt.
            doubts += ocr_near_hits(doc, index, read, [text], "OCR" if use_ocr else "OCR of a picture")
        for bbox, glued, where in found:
            m = Member(page=index, bbox=bbox, what=f"text {text!r} ({where})")
            # Inside a longer word ("Qzkakaq" in "Qzkakaquaq"): not a mention as printed, yet a
            # text layer may lack the space between two words: a doubt, never dropped.
            if glued:
                doubts.append(m.model_copy(update={"why": "inside a longer word as printed"}))
            else:
                members.append(m)
    return finish("text_search", scope, params, members, unmeasured, doubts=doubts)


def _chars_of(lines: tuple[TextLine, ...]) -> list[Char]:
    return [c for line in lines for c in _line_chars(line.text, line.bbox)]

"""Counting the items of a list a question names by ordinal ("the fifth FAQ").

An item is counted only in a form recognised with certainty: a bullet or numbered mark at
the start of a line, a subfigure label "(a)", a question mark where the items are questions.
Every reading of the parent is counted; one that cannot be counted says why, and then no
absence is claimed: an undercount would name a missing container the page refutes.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Any, NamedTuple

import pymupdf

from widening import rulebook as vocab
from widening.engine.containers import Resolved, resolve
from widening.facts.captions import CAPTION_TEXT_CHARS
from widening.facts.document import Doc
from widening.facts.geometry import centre_in
from widening.facts.shapes import subpaths
from widening.models import BBox, Caption, Container, ContainerKind, Frozen, Member, PageKind, Reader, TextLine
from widening.text import number_key, phrase_key, roman_value

# A graphic drawn as a bullet (a small square or disc) is at most this big, in points, and
# sits at most this far left of the line it opens.
_MARK_MAX = 12.0
_MARK_GAP = 30.0
# A mark bigger than that (a numbered disc, an icon) may still open an item: up to this many line
# heights it is a possible item, a doubt.
_MARK_DOUBT_LINES = 3.0
# A picture covering at least this share of its page, with no line of the text layer on it, may hold items
# only its pixels show (a screenshot of a list): a count of the text layer alone is no count of the page.
_PICTURE_SHARE = 0.05
# A number standing alone in the top or bottom band of this share of the page is a folio, no item.
_FOLIO_BAND = 0.08
# Fonts whose letters are pictures: a glyph of one opening a line is a bullet, whatever letter the
# layer says ('l' is ZapfDingbats' and Wingdings' filled disc).
_DINGBAT_FONT = re.compile(r"dingbat|wingding|webding", re.I)
# Three or more lines in a row at one left edge, each shorter than this share of the text width.
_SHORT_LINE = 0.7
_SHORT_RUN = 3
_LONE_NUMBER = re.compile(r"^\(?\d{1,3}[.):]?(?:\s+\S.*)?$")
# A divider page may hold this many words besides its heading (a subtitle, a logo's name).
_DIVIDER_EXTRA_WORDS = 3
# FAQ entries: a question and at most this many paragraphs of answer each; a page with more
# paragraphs than that may hold entries not phrased as questions (then: not countable).
_PARAGRAPHS_PER_ENTRY = 3
_PARAGRAPH_GAP = 0.8
# Words that open a question even when OCR dropped its question mark.
_QUESTION_START = re.compile(r"^(?:what|how|why|when|where|who|which|can|could|do|does|did|is|are|will|would|should|if)\b", re.I)


class Line(NamedTuple):
    page: int
    text: str
    bbox: BBox
    source: str  # "layer" or "ocr"
    style: tuple[str, float, bool] | None = None  # font, size, bold of its first span (None: OCR)
    lead_glyph: bool = False  # it opens with one glyph in a font its next span is not set in (a symbol font's bullet)


def _reader(*lines: Line) -> Reader:
    """What read ``lines``: OCR when any of them is OCR's."""
    return Reader.ocr if any(ln.source == "ocr" for ln in lines) else Reader.text_layer


# A number set alone on a line that may open an item (a table's first column: "5").
_BARE_NUMBER = re.compile(r"^\s*\(?(\d{1,3})[.):]?\s*$")
_ROMAN_LETTERS = set("ivxlc")


@cache
def _printed_number() -> re.Pattern[str]:
    """The number an item opens with, as its line is stored in Member.what: "5.", "(5)", "e)", "v.", "Q5:", "Step 5",
    "No. 5", "#5", "⑤" (rules/vocabulary.yaml ``list_marks.number_prefixes``). A letter or numeral needs its closing
    mark; a number after a prefix needs only to end there ("Step 5 Fix the bracket", not "No 5G support")."""
    prefixes = sorted(_rules()["list_marks"].get("number_prefixes", []), key=len, reverse=True)
    pre = "|".join(re.escape(x) for x in prefixes) or "(?!)"
    return re.compile(rf"^\s*[(\[]?(?:(?i:(?P<pre>{pre}))\s*(?P<pn>\d{{1,3}})(?=[\s.):\]]|$)"
                      rf"|(?P<n>\d{{1,3}}|[ivxlc]{{1,6}}|[IVXLC]{{1,6}}|[a-zA-Z])[.):\]](?=\s|$)"
                      rf"|(?P<e>[\u2460-\u24FF\u2776-\u2793\u3251-\u325F\u32B1-\u32BF]))")


def _enclosed_value(ch: str) -> int | None:
    """①, ❺, ⒌ -> their number; ⓔ, ⒠ -> their letter's place."""
    name = unicodedata.name(ch, "")
    if m := re.search(r"LATIN (?:SMALL|CAPITAL) LETTER ([A-Z])$", name):
        return ord(m.group(1)) - ord("A") + 1
    try:
        value = unicodedata.numeric(ch)
    except (TypeError, ValueError):
        return None
    return int(value) if value == int(value) and value > 0 else None


def printed_numbers(items: tuple[Member, ...] | list[Member], doubts: tuple[Member, ...] | list[Member] = ()) -> list[int]:
    """The numbers the items are printed with ("1. 2. 5.", "Step 1, Step 2, Step 5", "a) b) e)", "i. ii. v."), and
    the numbers standing alone on lines that may open an item (a table's first column). A lone letter of a roman
    numeral ("i.", "v.") is read as a numeral where the list's other marks are numerals ("ii."), as a letter where
    they are letters ("b."), and as the larger of the two where nothing tells."""
    tokens: list[tuple[str, str]] = []  # (kind, text)
    for it in items:
        m = _printed_number().match(it.what)
        if m is None:
            continue
        if m.group("pn"):
            tokens.append(("digits", m.group("pn")))
        elif m.group("e"):
            tokens.append(("enclosed", m.group("e")))
        elif m.group("n").isdigit():
            tokens.append(("digits", m.group("n")))
        else:
            tokens.append(("letters", m.group("n")))
    tokens += [("digits", m.group(1)) for d in doubts if (m := _BARE_NUMBER.match(d.what))]
    words = [t for k, t in tokens if k == "letters"]
    romans = any(len(t) > 1 for t in words)
    letters = any(len(t) == 1 and t.lower() not in _ROMAN_LETTERS for t in words)
    out: list[int] = []
    for kind, t in tokens:
        if kind == "digits":
            out.append(int(t))
        elif kind == "enclosed":
            if (v := _enclosed_value(t)) is not None:
                out.append(v)
        elif len(t) > 1:
            if (v := roman_value(t)) is not None:
                out.append(v)
        else:
            letter = ord(t.lower()) - ord("a") + 1
            numeral = roman_value(t) if t.lower() in _ROMAN_LETTERS else None
            if numeral is None or (letters and not romans):
                out.append(letter)
            elif romans and not letters:
                out.append(numeral)
            else:
                out.append(max(letter, numeral))
    return out


class ListReading(Frozen):
    """One reading of the parent and the items counted in it (count None: not countable); ``doubts``
    are lines that may open an item in a form not recognised: never counted, never dropped."""

    parent: str
    pages: tuple[int, ...]
    count: int | None
    items: tuple[Member, ...] = ()
    doubts: tuple[Member, ...] = ()
    why: str = ""

    @property
    def most(self) -> int | None:
        """The most items the parent may hold: the counted ones and every possible one, or the highest number an
        item is printed with, if more ("1. 2. 5.", "Step 5", "Q5:", "e)", "v.": the fifth is printed, whatever the
        items between; ``printed_numbers``)."""
        if self.count is None:
            return None
        return max([self.count + len(self.doubts), *printed_numbers(self.items, self.doubts)])


class ListResolution(Frozen):
    """An ordinal sub-container and its parent's item count under every reading."""

    container: Container
    readings: tuple[ListReading, ...] = ()
    why: str = ""  # why no reading of the parent was found

    @property
    def ordinal(self) -> int:
        return int(self.container.number or "0")

    @property
    def uncertain(self) -> bool:
        # No item recognised, nor any line that may open one, is no count: the list may be set in a form not
        # recognised (bullets drawn as one path, an FAQ of bold statements); "the tenth" of it is not missing.
        return not self.readings or any(r.most in (None, 0) for r in self.readings)

    @property
    def missing(self) -> bool:
        """The ordinal exceeds the count under every reading, and every reading was counted."""
        return not self.uncertain and all(self.ordinal > (r.most or 0) for r in self.readings)

    @property
    def in_doubt(self) -> bool:
        """Counted under every reading, but the ordinal is within what the possible items allow."""
        return not self.uncertain and not self.missing and all(self.ordinal > (r.count or 0) for r in self.readings)

    def explain(self) -> str:
        """One sentence a reviewer can check: the parent, the count, the pages."""
        if not self.readings:
            return f"'{self.container.text}': {self.why}"
        parts = []
        for r in self.readings:
            if r.count is None:
                parts.append(f"{r.parent}: not countable ({r.why})")
            elif r.most == 0:
                parts.append(f"{r.parent}: not countable (no item recognised: its items may be set in a form not recognised)")
            else:
                where = sorted({m.page for m in r.items})
                part = f"{r.parent}: {r.count} item(s)" + (f" on p{', p'.join(map(str, where))}" if where else "")
                if r.doubts:
                    first = r.doubts[0]
                    part += (f" and {len(r.doubts)} line(s) that may open an item in a form not recognised"
                             f" (first p{first.page}: '{first.what[:50]}', {first.why})")
                parts.append(part)
        return f"'{self.container.text}' (item {self.ordinal}) under " + "; ".join(parts)


@cache
def _rules() -> dict[str, Any]:
    return vocab.load("vocabulary")


def _marks() -> re.Pattern[str]:
    m = _rules()["list_marks"]
    bullets = "".join(re.escape(b) for b in m["bullets"])
    return re.compile(rf"^\s*(?:[{bullets}]|(?:{'|'.join(m['numbered'])})(?:\s|$))")


def page_lines(doc: Doc, index: int) -> list[Line]:
    """Every line of page ``index`` with its box: the text layer, and OCR lines where the page has them."""
    pf = doc.facts.page(index)
    out: list[Line] = []
    if pf.text_source == "layer":
        d = doc.page(index).get_text("dict")
        for b in d["blocks"]:
            for ln in b.get("lines", []):
                text = "".join(s["text"] for s in ln["spans"]).strip()
                if text:
                    spans = [s for s in ln["spans"] if s["text"].strip()]
                    first = spans[0]
                    style = (first["font"], round(first["size"], 1), bool(first["flags"] & 16) or "bold" in first["font"].lower())
                    lead = len(spans) > 1 and len(first["text"].strip()) == 1 and spans[1]["font"] != first["font"]
                    out.append(Line(index, text, tuple(ln["bbox"]), "layer", style, lead))  # type: ignore[arg-type]
    out.extend(Line(index, ln.text.strip(), ln.bbox, "ocr") for ln in pf.ocr_lines if ln.text.strip())
    return out


def _is_item(line: Line, questions: bool, marks: frozenset[tuple[str, int]] = frozenset()) -> bool:
    """The line opens an item by its mark, a listed one or one of ``marks`` (``_repeated_marks``), or,
    for lists of questions, holds a question mark."""
    text = line.text.strip()
    if text and unicodedata.category(text[0]) == "Co":  # a Symbol/Wingdings bullet glyph
        return True
    if text and line.style is not None and _DINGBAT_FONT.search(line.style[0]):
        return True
    if _marks().match(text) or (text[:1], round(line.bbox[0])) in marks:
        return True
    return questions and "?" in text


def _repeated_marks(lines: list[Line]) -> tuple[frozenset[tuple[str, int]], str]:
    """(marks, why): a symbol or punctuation character (Unicode S*, P*) opening two or more lines at
    one x is a bullet of its own ("❯", "»", "✱"); a control or unassigned one ("\x00" where the font
    lacks the glyph) may be one too, and then the count is unknown: ``why`` says so."""
    seen: dict[tuple[str, int], int] = {}
    for ln in lines:
        first = ln.text.strip()[:1]
        if first and not _is_item(ln, questions=False):
            key = (first, round(ln.bbox[0]))
            seen[key] = seen.get(key, 0) + 1
    repeated = [k for k, n in seen.items() if n >= 2]
    marks = frozenset(k for k in repeated if unicodedata.category(k[0])[0] in "SP")
    unknown = [k[0] for k in repeated if unicodedata.category(k[0]) in ("Cc", "Cn", "Cs")]
    why = f"{len(unknown)} unreadable character(s) {[hex(ord(c)) for c in unknown]} each open several lines: they may be bullets" if unknown else ""
    return marks, why


def _questions(lines: list[Line], used: set[int] | None = None) -> list[Member]:
    """Every question among ``lines`` (one page, in reading order), with the box of its lines;
    the indices of the lines a question is read from are added to ``used``.

    A sentence ending in "?" is one; so is a sentence opening with a question word that ends
    without a full stop, where OCR may have dropped its question mark (more can only be counted).
    """
    out: list[Member] = []
    words: list[str] = []
    boxes: list[BBox] = []
    sources: list[int] = []

    def close(end: str) -> None:
        sentence = " ".join(words).strip()
        if sentence and (end == "?" or (end == "" and _QUESTION_START.match(sentence))):
            x0 = min(b[0] for b in boxes); y0 = min(b[1] for b in boxes)
            x1 = max(b[2] for b in boxes); y1 = max(b[3] for b in boxes)
            out.append(Member(page=lines[0].page, bbox=(x0, y0, x1, y1), what=sentence[:80], reader=_reader(*lines)))
            if used is not None:
                used.update(sources)
        words.clear(); boxes.clear(); sources.clear()

    for i, ln in enumerate(lines):
        for part in re.split(r"(?<=[.?!])\s+", ln.text.strip()):
            if not part:
                continue
            words.append(part); boxes.append(ln.bbox); sources.append(i)
            if part[-1] in ".?!":
                close(part[-1])
        nxt = lines[i + 1].text.strip() if i + 1 < len(lines) else ""
        if words and (not nxt or nxt[0].isupper()):
            close("")  # a line with no end mark before a capitalised line: a title, a heading, a dropped "?"
    return out


def _not_marked(asked: list[Member], marked: list[Line]) -> list[Member]:
    """The questions not counted already by their mark: "Q4: Why does it beep?" and "1. How do I reset it?" are one
    entry each, counted once. A marked line takes up at most one question (the first on it), so two questions set
    on one marked line ("Q1: What is it? Q2: Why?") still count two entries."""
    out: list[Member] = []
    taken: set[int] = set()
    for q in asked:
        hit = next((i for i, ln in enumerate(marked) if i not in taken and centre_in(ln.bbox, pymupdf.Rect(q.bbox))), None)
        if hit is None:
            out.append(q)
        else:
            taken.add(hit)
    return out


def _styled_like_questions(lines: list[Line], used: set[int]) -> list[Line]:
    """Lines that are no question yet set like the question lines (font, size, weight, x) while other
    lines (the answers) are set otherwise: entries headed by a statement ("Returns and refunds")."""
    def look(ln: Line) -> tuple | None:
        return None if ln.style is None else (*ln.style, round(ln.bbox[0]))

    asked = {look(lines[i]) for i in used} - {None}
    answers = [look(lines[i + 1]) for i in used if i + 1 < len(lines) and i + 1 not in used]
    if not asked or all(a in asked for a in answers):
        return []  # answers set like the questions: the style tells entries from answers nowhere
    return [ln for i, ln in enumerate(lines) if i not in used and look(ln) in asked]


def _graphic_boxes(doc: Doc, index: int) -> list[BBox]:
    """Boxes of page ``index``'s drawings and pictures: where a bullet the text layer does not hold may be.
    A drawing is also split into its small subpaths: the discs of a whole list may be one path."""
    page = doc.page(index)
    out: list[BBox] = []
    for d in page.get_drawings():
        out.append(tuple(d["rect"]))  # type: ignore[arg-type]
        if d["rect"].width > _MARK_MAX or d["rect"].height > _MARK_MAX:
            out += [tuple(b) for piece in subpaths(d["items"]) if _small((b := piece.rect).x0, b.y0, b.x1, b.y1)]  # type: ignore[misc]
    return out + _image_boxes(doc, index)


def _small(x0: float, y0: float, x1: float, y1: float) -> bool:
    """A graphic of a bullet's size: at most _MARK_MAX each way, with some width. A drawn dash ("–" stroked as
    one line) has no height: its box is the line's."""
    return 0 < x1 - x0 <= _MARK_MAX and 0 <= y1 - y0 <= _MARK_MAX


def _image_boxes(doc: Doc, index: int) -> list[BBox]:
    """Boxes of page ``index``'s pictures, read once per page (bullets and unread pictures both look at them)."""
    key = ("list_image_boxes", index)
    if key not in doc.memo:
        doc.memo[key] = [tuple(i["bbox"]) for i in doc.page(index).get_image_info()]
    return doc.memo[key]


def _marks_within(index: int, line: Line, marks: frozenset[tuple[str, int]]) -> list[Member]:
    """Items set side by side on one line ("• Fast   • Secure   • Cheap"): the mark that opens the line,
    standing again between spaces further on, opens one more item each."""
    text = line.text.strip()
    first = text[:1]
    if not first or first.isalnum():
        return []
    bullet = first in _rules()["list_marks"]["bullets"] or unicodedata.category(first) == "Co" or (first, round(line.bbox[0])) in marks
    if not bullet:
        return []
    return [Member(page=index, bbox=line.bbox, what=f"'{first}' within '{text[:60]}'", reader=_reader(line))
            for _ in re.finditer(rf"(?<=\s){re.escape(first)}(?=\s)", text[1:])]


def _unread_pictures(doc: Doc, index: int, lines: list[Line]) -> list[BBox]:
    """Pictures of page ``index`` big enough to show a list, on which no line of the text is read."""
    page = doc.page(index)
    area = page.rect.width * page.rect.height
    out: list[BBox] = []
    for bbox in _image_boxes(doc, index):
        box = pymupdf.Rect(bbox) & page.rect
        if box.is_empty or box.width * box.height < _PICTURE_SHARE * area:
            continue
        if any(centre_in(ln.bbox, box) for ln in lines):
            continue  # text lies on it (a scan's layer, a background): what it shows is read
        out.append(tuple(box))  # type: ignore[arg-type]
    return out


def _graphic_bullets(index: int, lines: list[Line], graphics: list[BBox]) -> list[Member]:
    """Small drawn or pictured marks just left of a line: bullets the text layer does not hold."""
    out = []
    for x0, y0, x1, y1 in graphics:
        if not _small(x0, y0, x1, y1):
            continue
        for ln in lines:
            lx0, ly0, _, ly1 = ln.bbox
            if 0 <= lx0 - x1 <= _MARK_GAP and y0 < ly1 and y1 > ly0:
                out.append(Member(page=index, bbox=(x0, y0, x1, y1), what=f"drawn bullet before '{ln.text[:60]}'", reader=Reader.vectors))
                break
    return out


def _possible_items(doc: Doc, index: int, lines: list[Line], counted: list[BBox], graphics: list[BBox]) -> list[Member]:
    """Lines of page ``index`` that may open an item in a form not recognised, one per row and none on
    a row already counted: a line after a mark bigger than a bullet (a numbered disc, an icon); a number
    standing at a line's start outside the folio bands; a one-line paragraph at the left edge that two
    more share (items with no mark). An undercount would name a missing item the page shows."""
    page = doc.page(index)
    band = _FOLIO_BAND * page.rect.height
    rows = sorted(lines, key=lambda ln: (ln.bbox[1], ln.bbox[0]))
    short = _short_runs(rows)
    glyphs = _lead_glyphs(rows)
    found: list[Member] = []
    for i, ln in enumerate(rows):
        lx0, ly0, _, ly1 = ln.bbox
        height = max(ly1 - ly0, 1.0)
        text = ln.text.strip()
        if _LONE_NUMBER.match(text) and band < ly0 and ly1 < page.rect.height - band:
            found.append(Member(page=index, bbox=ln.bbox, what=text[:80], reader=_reader(ln), why="a number opening a line: an item's number set apart"))
            continue
        limit = max(_MARK_DOUBT_LINES * height, _MARK_MAX)
        mark = next((g for g in graphics if 0 <= lx0 - g[2] <= _MARK_GAP and g[1] < ly1 and g[3] > ly0
                     and max(g[2] - g[0], g[3] - g[1]) > _MARK_MAX and g[2] - g[0] <= limit and g[3] - g[1] <= limit), None)
        if mark is not None:
            found.append(Member(page=index, bbox=ln.bbox, what=text[:80], reader=_reader(ln),
                                why=f"a graphic {mark[2] - mark[0]:.0f}x{mark[3] - mark[1]:.0f} pt before it: a mark bigger than a bullet"))
            continue
        if (far := _far_mark(ln, rows, graphics)) is not None:
            found.append(Member(page=index, bbox=ln.bbox, what=text[:80], reader=_reader(ln),
                                why=f"a small graphic {lx0 - far[2]:.0f} pt before it, nothing between: a bullet set at a wide indent"))
            continue
        if i in glyphs:
            found.append(Member(page=index, bbox=ln.bbox, what=text[:80], reader=_reader(ln),
                                why=f"'{text[:1]}' in a font of its own opens several lines at this x: a symbol font's bullet"))
            continue
        above = rows[i - 1].bbox[3] if i else None
        below = rows[i + 1].bbox[1] if i + 1 < len(rows) else None
        alone = (above is None or ly0 - above > _PARAGRAPH_GAP * height) and (below is None or below - ly1 > _PARAGRAPH_GAP * height)
        same_x = sum(1 for o in rows if o is not ln and abs(o.bbox[0] - lx0) <= 2)
        if alone and same_x >= 2:
            found.append(Member(page=index, bbox=ln.bbox, what=text[:80], reader=_reader(ln), why="a one-line paragraph among others at its left edge: an item with no mark"))
        elif i in short:
            found.append(Member(page=index, bbox=ln.bbox, what=text[:80], reader=_reader(ln), why="one of several short lines in a row at one left edge: an item with no mark"))
    out: list[Member] = []
    taken = list(counted)
    for m in found:
        middle = (m.bbox[1] + m.bbox[3]) / 2
        if any(b[1] < middle < b[3] for b in taken):
            continue  # its row is counted, or holds a possible item already
        out.append(m)
        taken.append(m.bbox)
    return out


def _far_mark(ln: Line, rows: list[Line], graphics: list[BBox]) -> BBox | None:
    """A graphic of a bullet's size left of ``ln`` on its row, further than _MARK_GAP, with no other line
    between them: a bullet whose text starts at a wide tab stop."""
    lx0, ly0, _, ly1 = ln.bbox
    for g in graphics:
        if not (_small(*g) and lx0 - g[2] > _MARK_GAP and g[1] < ly1 and g[3] > ly0):
            continue
        if not any(o is not ln and o.bbox[1] < ly1 and o.bbox[3] > ly0 and o.bbox[2] > g[2] and o.bbox[0] < lx0 for o in rows):
            return g
    return None


def _lead_glyphs(rows: list[Line]) -> set[int]:
    """Indices of lines opened by a letter or digit set in a font of its own (a span of one glyph before text in
    another font, or a one-glyph line before a line in another font on its row), where the same glyph so opens
    two or more lines at one x: a symbol or dingbat font whose name is not known to be one ('n' is a square)."""
    def lone(i: int, ln: Line) -> bool:
        if ln.lead_glyph:
            return True
        if len(ln.text.strip()) != 1 or ln.style is None:
            return False
        y0, y1 = ln.bbox[1], ln.bbox[3]
        right = [o for o in rows if o is not ln and o.bbox[0] >= ln.bbox[2] and o.bbox[1] < y1 and o.bbox[3] > y0]
        nxt = min(right, key=lambda o: o.bbox[0], default=None)
        return nxt is not None and nxt.style is not None and nxt.style[0] != ln.style[0]

    keys = {i: (ln.text.strip()[:1], round(ln.bbox[0])) for i, ln in enumerate(rows) if ln.text.strip()[:1].isalnum() and lone(i, ln)}
    counts: dict[tuple[str, int], int] = {}
    for k in keys.values():
        counts[k] = counts.get(k, 0) + 1
    return {i for i, k in keys.items() if counts[k] >= 2}


def _short_runs(rows: list[Line]) -> set[int]:
    """Indices of lines in a run of _SHORT_RUN or more consecutive lines that share a left edge and each
    end short of the page's text width: a list set without marks, not wrapped prose (whose lines fill it)."""
    if not rows:
        return set()
    left = min(ln.bbox[0] for ln in rows)
    right = max(ln.bbox[2] for ln in rows)
    short = [ln.bbox[2] - ln.bbox[0] < _SHORT_LINE * (right - left) for ln in rows]
    out: set[int] = set()
    run: list[int] = []
    for i, ln in enumerate(rows):
        if short[i] and run and abs(rows[run[-1]].bbox[0] - ln.bbox[0]) <= 2:
            run.append(i)
            continue
        if len(run) >= _SHORT_RUN:
            out.update(run)
        run = [i] if short[i] else []
    if len(run) >= _SHORT_RUN:
        out.update(run)
    return out


# --------------------------------------------------------------------------- sections


class _Section(NamedTuple):
    title: str
    start: tuple[int, BBox | None]  # page and heading line box (None: from the top of the page)
    end: tuple[int, BBox | None] | None  # the next heading (None: the end of the document)


def _find_line(lines: list[Line], title: str, end: bool = False, height: float = 0.0) -> BBox | None:
    """The line of a heading. A start may be any line holding the title (an earlier start only counts more).
    An end must be the one line printed as the title: a line that only mentions it ("Unplug the unit before
    cleaning" above the heading "Cleaning"), or one of several such lines (a running header), may lie above
    the heading and would cut the section's last items off; then None (its whole page is counted). So may
    a running head alone (``_running_line``): a book's head names the first section opening on its page
    (LaTeX's right mark), in the outline's short title the body heading need not print."""
    want = phrase_key(title)
    if end:
        # Printed as the title, give or take its number ("3 Cleaning" for "Cleaning"): a sub-heading of the
        # section ("Cleaning" over some of its items) and the next heading both are, and which ends it is unsure.
        form = _heading_form(title)
        exact = [ln for ln in lines if _heading_form(ln.text) == form]
        loose = [ln for ln in lines if len(want) > 6 and want in phrase_key(ln.text)]
        if any(_running_line(ln, lines, height) for ln in exact + loose):
            return None
        if len(exact) == 1:
            return exact[0].bbox
        return loose[0].bbox if not exact and len(loose) == 1 else None
    # The topmost line holding the title: a later one (a box labelled "Safety" under the section's list, while
    # the heading reads "2 Safety") would cut off every item above it.
    words = re.compile(rf"(?<!\w){re.escape(want)}(?!\w)")
    hits = [ln for ln in lines if phrase_key(ln.text) == want or (len(want) > 6 and want in phrase_key(ln.text))
            or (want and words.search(phrase_key(ln.text)))]
    return min(hits, key=lambda ln: (ln.bbox[1], ln.bbox[0])).bbox if hits else None


# The top and bottom strips of a page (share of its height) where running heads and feet are set.
_RUNNING_BAND = 0.1


def _running_line(ln: Line, lines: list[Line], height: float) -> bool:
    """``ln`` may be a running head or foot, not a heading: it lies in the page's top or bottom strip
    (``_RUNNING_BAND``; ``height`` 0 when unknown), or it is set smaller than the page's commonest text
    size (a heading is never smaller than the body it heads)."""
    if height > 0 and (ln.bbox[3] <= _RUNNING_BAND * height or ln.bbox[1] >= (1 - _RUNNING_BAND) * height):
        return True
    sizes = [x.style[1] for x in lines if x.style is not None]
    if ln.style is None or not sizes:
        return False
    body = max(set(sizes), key=lambda v: (sizes.count(v), v))
    return ln.style[1] < body - 0.5


_HEADING_NUMBER = re.compile(r"^(?:(?:chapter|section|part)\s+)?(?:\d{1,3}(?:\.\d{1,3})*|[ivxlc]{1,6}|[a-z])[.):]?\s+(?=\S)")


def _heading_form(text: str) -> str:
    """A heading compared without its number or closing stop: "3. Cleaning" and "Cleaning" are one title."""
    return _HEADING_NUMBER.sub("", phrase_key(text).strip()).rstrip(" .:")


def _outline_sections(doc: Doc, matches) -> list[_Section]:
    """Sections of the PDF outline whose title ``matches``, each up to the next heading of its level or above."""
    toc = doc.pdf.get_toc(simple=True)
    out = []
    for i, (level, title, page) in enumerate(toc):
        if not matches(title) or not 1 <= page <= doc.facts.page_count:
            continue
        nxt = next(((t, p) for lv, t, p in toc[i + 1:] if lv <= level and 1 <= p <= doc.facts.page_count), None)
        start = (page, _find_line(page_lines(doc, page), title))
        end = (nxt[1], _find_line(page_lines(doc, nxt[1]), nxt[0], end=True, height=doc.facts.page(nxt[1]).height)) if nxt else None
        if end is not None and end[1] is None:
            # The next heading's line was not found: count its whole page (more can only add).
            end = (end[0], None)
        out.append(_Section(title, start, end))
    return out


def _section_lines(doc: Doc, s: _Section) -> tuple[list[Line], tuple[int, ...]]:
    """The lines of a section. On its first and last page only lines in the heading's column
    above (below) the heading are left out: a line of another column stays, so more can only be counted."""
    first = s.start[0]
    last = s.end[0] if s.end else doc.facts.page_count
    out: list[Line] = []
    pages = tuple(range(first, last + 1))
    for p in pages:
        out += [ln for ln in page_lines(doc, p) if _in_section(s, ln)]
    if s.end and s.end[1] is not None and s.end[0] > first and not any(ln.page == s.end[0] for ln in out):
        pages = pages[:-1]
    return out, pages


def _in_section(s: _Section, ln: Line) -> bool:
    """``ln`` (on a page of the section) is not above its heading in the heading's column on its first page, nor
    read after the next heading on its last."""
    if ln.page == s.start[0] and s.start[1] is not None and _above(ln.bbox, s.start[1], inclusive=True):
        return False
    return not (s.end and ln.page == s.end[0] and s.end[1] is not None and _after(ln.bbox, s.end[1]))


def _after(line: BBox, heading: BBox) -> bool:
    """``line`` is read after ``heading``: the heading itself, below it in its column, or right of it. A line
    wholly left of the heading is read before it: on a two-column page the section's items may fill the
    left column beside the next heading in the right one."""
    if line[2] <= heading[0]:
        return False
    return not _above(line, heading, inclusive=False)


def _above(line: BBox, heading: BBox, inclusive: bool) -> bool:
    """``line`` lies above ``heading`` in the heading's column (the heading itself when inclusive)."""
    same_column = line[0] < heading[2] and line[2] > heading[0]
    if not same_column:
        return False
    return line[1] < heading[1] - 1 or (inclusive and abs(line[1] - heading[1]) <= 1)


def _words(doc: Doc, index: int) -> int:
    return len(doc.facts.page(index).text.split())


def _divider_sections(doc: Doc, headings: list[str], questions: bool) -> list[_Section]:
    """Slide-deck sections: a divider page (a few words) naming a heading, up to the next divider without an item."""
    limit = int(_rules()["divider_max_words"])
    n = doc.facts.page_count
    out = []
    for p in range(1, n + 1):
        text = phrase_key(doc.facts.page(p).text)
        hit = next((h for h in headings if re.search(rf"(?<!\w){re.escape(h)}(?!\w)", text)), None)
        if hit is None:
            continue
        # A divider holds little besides the heading; a titled page opens with it. An agenda
        # that merely lists the heading among others is neither.
        divider = len(text.split()) - len(hit.split()) <= _DIVIDER_EXTRA_WORDS
        lines = sorted(page_lines(doc, p), key=lambda ln: (ln.bbox[1], ln.bbox[0]))
        titled = bool(lines) and phrase_key(lines[0].text) == hit
        if not (divider or titled):
            continue
        end = None
        for q in range(p + 1, n + 1):
            words = _words(doc, q)
            on_page = page_lines(doc, q)
            # A divider is one paragraph (a title): a short page of a heading and a body ("Retake policy" over
            # "Allowed twice.") may be an entry headed by a statement, and closing the section there would
            # leave the entries after it uncounted.
            if 1 <= words <= limit and not any(_is_item(ln, questions) for ln in on_page) and _paragraphs(on_page) == 1:
                end = (q, None)
                break
        out.append(_Section(re.sub(r"\s+", " ", doc.facts.page(p).text).strip(), (p, None), (end[0] - 1, None) if end else None))
    return out


def _count_section(doc: Doc, s: _Section, questions: bool, bullets: bool, pictured: bool = False) -> ListReading:
    lines, pages = _section_lines(doc, s)
    where = f"section '{s.title}' (p{pages[0]}-p{pages[-1]})" if len(pages) > 1 else f"section '{s.title}' (p{pages[0]})"
    blind = [p for p in pages if doc.facts.page(p).kind is not PageKind.empty and not doc.facts.page(p).text.strip()]
    if blind:
        return ListReading(parent=where, pages=pages, count=None, why=f"page(s) {blind} hold no text that was read; items there cannot be seen")
    if bullets and any(ln.source == "ocr" for ln in lines):
        return ListReading(parent=where, pages=pages, count=None, why="OCR does not read bullet marks reliably")
    members: list[Member] = []
    doubts: list[Member] = []
    for p in pages:
        on_page = [ln for ln in lines if ln.page == p]
        marks, unknown = _repeated_marks(on_page)
        if unknown:
            return ListReading(parent=where, pages=pages, count=None, why=f"on page {p}, {unknown}")
        members += [Member(page=p, bbox=ln.bbox, what=ln.text[:80], reader=_reader(ln)) for ln in on_page if _is_item(ln, questions=False, marks=marks)]
        if bullets:
            if pictures := _unread_pictures(doc, p, on_page):
                box = ", ".join(f"{b[2] - b[0]:.0f}x{b[3] - b[1]:.0f} pt" for b in pictures[:3])
                return ListReading(parent=where, pages=pages, count=None, items=tuple(members),
                                   why=f"page {p} holds picture(s) ({box}) whose text was not read; items shown inside them cannot be seen")
            members += [m for ln in on_page if _is_item(ln, questions=False, marks=marks) for m in _marks_within(p, ln, marks)]
            graphics = _graphic_boxes(doc, p)
            members += _graphic_bullets(p, on_page, graphics)
            doubts += _possible_items(doc, p, on_page, [m.bbox for m in members if m.page == p], graphics)
        if questions and on_page:
            ordered = sorted(on_page, key=lambda ln: (ln.bbox[1], ln.bbox[0]))
            used: set[int] = set()
            asked = _questions(ordered, used)
            members += _not_marked(asked, [ln for ln in on_page if _is_item(ln, questions=False, marks=marks)])
            doubts += _unexplained_paragraphs(doc, p, ordered, used, first=p == pages[0])
            # An entry so set is counted already when a mark opens it ("Q5. Returns and refunds").
            if odd := [ln for ln in _styled_like_questions(ordered, used) if not _is_item(ln, questions=False, marks=marks)]:
                return ListReading(parent=where, pages=pages, count=None, items=tuple(members),
                                   why=f"on page {p}, '{odd[0].text[:60]}' is set like the questions but is none: an entry not phrased as a question")
    if questions:
        empty = [p for p in pages[1:] if not any(m.page == p for m in members)]
        if empty:
            return ListReading(parent=where, pages=pages, count=None, items=tuple(members),
                               why=f"page(s) {empty} of the section hold no recognisable item, so items of another form may be there")
        # An entry is a question and its answer: a page with more paragraphs than its
        # questions can explain may hold entries that are not phrased as questions.
        for p in pages:
            n_items = sum(1 for m in members if m.page == p)
            paras = _paragraphs([ln for ln in lines if ln.page == p])
            if paras > _PARAGRAPHS_PER_ENTRY * n_items + (1 if p == pages[0] else 0):
                return ListReading(parent=where, pages=pages, count=None, items=tuple(members),
                                   why=f"page {p} holds {paras} paragraphs for {n_items} question(s), so entries of another form may be there")
    if pictured:
        from widening.probes import picture_words

        read, unread = picture_words.read_pictures(doc, pages)
        if unread:
            p, why = next(iter(sorted(unread.items())))
            return ListReading(parent=where, pages=pages, count=None, items=tuple(members), why=f"page {p}: {why}; items shown inside them cannot be seen")
        doubts += _pictured_items(doc, s, read, lines, [*members, *doubts])
    return ListReading(parent=where, pages=pages, count=len(members), items=tuple(members), doubts=tuple(doubts))


def _pictured_items(doc: Doc, s: _Section, read: dict[int, tuple[TextLine, ...]], lines: list[Line], taken: list[Member]) -> list[Member]:
    """Lines OCR reads inside the section's pictures that may be items they show (a screenshot of four tips beside
    three typed ones, too small to make the page uncountable): one per row, within the section, outside the folio
    bands, on no row already counted or doubted, over no line of the text layer (read already)."""
    out: list[Member] = []
    rows = {p: [m.bbox for m in taken if m.page == p] for p in read}
    for p, found in sorted(read.items()):
        height = doc.facts.page(p).height
        band = _FOLIO_BAND * height
        layer = [pymupdf.Rect(ln.bbox) for ln in lines if ln.page == p]
        for tl in sorted(found, key=lambda t: (t.bbox[1], t.bbox[0])):
            ln = Line(p, tl.text.strip(), tuple(tl.bbox), "ocr")  # type: ignore[arg-type]
            middle = (ln.bbox[1] + ln.bbox[3]) / 2
            if not ln.text or not _in_section(s, ln) or ln.bbox[3] <= band or ln.bbox[1] >= height - band:
                continue
            if any(b[1] < middle < b[3] for b in rows[p]) or any(centre_in(ln.bbox, r) for r in layer):
                continue
            out.append(Member(page=p, bbox=ln.bbox, what=ln.text[:80], reader=Reader.ocr, why="a line read inside a picture: an item the picture may show"))
            rows[p].append(ln.bbox)
    return out


def _paragraphs(lines: list[Line]) -> int:
    """Paragraphs among one page's lines: a new one where the vertical gap exceeds a line's height."""
    return len(_paragraph_groups(sorted(lines, key=lambda ln: (ln.bbox[1], ln.bbox[0]))))


def _paragraph_groups(rows: list[Line]) -> list[list[int]]:
    """The paragraphs of ``rows`` (one page's lines in reading order) as lists of their indices: a new one where
    the vertical gap exceeds a line's height."""
    out: list[list[int]] = []
    bottom = None
    for i, ln in enumerate(rows):
        height = ln.bbox[3] - ln.bbox[1]
        if bottom is None or ln.bbox[1] - bottom > _PARAGRAPH_GAP * height:
            out.append([])
        out[-1].append(i)
        bottom = ln.bbox[3] if bottom is None else max(bottom, ln.bbox[3])
    return out


def _unexplained_paragraphs(doc: Doc, index: int, rows: list[Line], used: set[int], first: bool) -> list[Member]:
    """Paragraphs of an FAQ page that may be an entry not phrased as a question ("Cleaning the lens" over its
    answer, set like the questions and answers alike): an entry is a question and its answer, so a paragraph
    holding no question is explained only as the one answer paragraph after a paragraph ending in a question; where the question's own paragraph holds its answer ("Q1 ...?" over "A1 ..."), or a question is
    followed by more, each further paragraph is a doubt. Not doubted: paragraphs before the page's first
    question on the section's first page (its heading, an introduction) and lines in the folio bands."""
    band = _FOLIO_BAND * doc.facts.page(index).height
    out: list[Member] = []
    seen_question = False
    explained = False  # the paragraph before held only a question: this one may be its answer
    for para in _paragraph_groups(rows):
        lines = [rows[i] for i in para]
        if any(i in used for i in para):
            # A paragraph ending in a question awaits its answer, though it opens with words of context ("Not all
            # teams use job slots. Why are they on the exam?") or a line the question reader did not join.
            seen_question, explained = True, para[-1] in used
            continue
        furniture = all(ln.bbox[3] <= band or ln.bbox[1] >= doc.facts.page(index).height - band for ln in lines)
        if explained or furniture or (first and not seen_question):
            explained = False
            continue
        x0 = min(ln.bbox[0] for ln in lines); y0 = min(ln.bbox[1] for ln in lines)
        x1 = max(ln.bbox[2] for ln in lines); y1 = max(ln.bbox[3] for ln in lines)
        out.append(Member(page=index, bbox=(x0, y0, x1, y1), what=lines[0].text[:80], reader=_reader(*lines),
                          why="a paragraph holding no question where no question awaits an answer: an entry not phrased as one"))
    return out


# --------------------------------------------------------------------------- parents


# A label stands before its sub-caption, spaced or not ("(c) ImageNet", "(c)ImageNet": no space is drawn, only a gap).
_LABELS = re.compile(r"(?:^|(?<=\s))\(([a-z])\)(?=\s|$|[A-Z0-9])")
_LINE_LABEL = re.compile(r"^(?:\(([a-z])\)|([a-z])\)(?=\s|$))")


def _subfigures(doc: Doc, c: Container, parents: list[Resolved]) -> ListResolution:
    fig = next((r for r in parents if r.container.kind is ContainerKind.figure and f"Figure {r.container.number}" == c.parent), None)
    if fig is None or not fig.pages():
        return ListResolution(container=c, why=f"the figure holding the subfigures ({c.parent or 'none named'}) was not found")
    readings = []
    for p in fig.pages():
        pf = doc.facts.page(p)
        lines = page_lines(doc, p)
        caps = [cap for cap in doc.facts.captions if cap.page == p and number_key(cap.number) == number_key(fig.container.number or "")]
        texts = [_caption_text(doc, cap, pf.text_source) for cap in caps]
        caption = " ".join(t for t in texts if t)
        labels = set(re.findall(r"\(([a-z])\)", caption))
        # A label opens a line, or stands among others on one ("(a) CIFAR-10   (b) SVHN   (c) ImageNet").
        label_lines = [ln for ln in lines if _LINE_LABEL.match(ln.text) or len(_LABELS.findall(ln.text)) > 1]
        labels |= {x for ln in label_lines for x in (_LABELS.findall(ln.text) or [_line_label(ln.text)])}
        where = f"{c.parent} (p{p})"
        if not labels:
            readings.append(ListReading(parent=where, pages=(p,), count=None,
                                        why="it carries no subfigure labels (a), (b), ... in its caption or on its page; its panels cannot be counted from the text"))
            continue
        if None in texts:
            readings.append(ListReading(parent=where, pages=(p,), count=None, why="its caption was read only in part (OCR, cut at 200 characters); a label past the cut cannot be excluded"))
            continue
        if pf.text_source == "layer" and pf.image_count:
            readings.append(ListReading(parent=where, pages=(p,), count=None,
                                        why="its page holds pictures whose text was not read; a label inside them cannot be excluded"))
            continue
        count = 0
        while chr(ord("a") + count) in labels:
            count += 1
        if len(labels) != count:  # a gap in the labels: the sequence is not what was read
            readings.append(ListReading(parent=where, pages=(p,), count=None, why=f"its labels {sorted(labels)} are not a run from (a)"))
            continue
        items = tuple(Member(page=p, bbox=ln.bbox, what=ln.text[:80], reader=_reader(ln)) for ln in label_lines)
        readings.append(ListReading(parent=where, pages=(p,), count=count, items=items, doubts=tuple(_labels_beyond(lines, count))))
    return ListResolution(container=c, readings=tuple(readings))


def _labels_beyond(lines: list[Line], count: int) -> list[Member]:
    """Labels "(d)", "(e)", ... standing anywhere on the page (mid-line, in a caption's line read apart from its
    block: "the decoder in (e)") that carry the counted run on: panels they may name, doubts."""
    found: dict[str, Line] = {}
    for ln in lines:
        for x in re.findall(r"\(([a-z])\)", ln.text):
            found.setdefault(x, ln)
    out = []
    while (x := chr(ord("a") + count + len(out))) in found:
        ln = found[x]
        out.append(Member(page=ln.page, bbox=ln.bbox, what=ln.text[:80], reader=_reader(ln),
                          why=f"'({x})' stands on the page outside the caption's labels: a panel it may name"))
    return out


def _line_label(text: str) -> str:
    """The label opening a line that ``_LINE_LABEL`` matches."""
    m = _LINE_LABEL.match(text)
    return next((g for g in m.groups() if g), "") if m else ""


def _caption_text(doc: Doc, cap: Caption, source: str) -> str | None:
    """The whole text of a caption: the stored one is cut after its first lines and 200 characters,
    so on a text-layer page the blocks it lies in are read again (a label past the cut is a panel);
    None for an OCR caption that reached the cut."""
    if source != "layer":
        return None if len(cap.text) >= CAPTION_TEXT_CHARS else cap.text
    box = pymupdf.Rect(cap.bbox)
    return " ".join(b[4] for b in doc.page(cap.page).get_text("blocks") if b[6] == 0 and pymupdf.Rect(b[:4]).intersects(box)) or cap.text


def _topic(doc: Doc, c: Container, parents: list[Resolved], pictured: bool = False) -> ListResolution:
    if not c.parent:
        return ListResolution(container=c, why="the question names no page or topic that holds the list")
    if c.parent.startswith(("page ", "slide ")):
        number = c.parent.split(" ", 1)[1]
        kind = ContainerKind.slide if c.parent.startswith("slide") else ContainerKind.page
        res = resolve(Container(kind=kind, number=number, text=c.parent), doc)
        readings = []
        for p in res.pages():
            readings.append(_page_list(doc, p, pictured))
            first, last = _list_run(doc, p)
            if (first, last) != (p, p):
                # The list on the page runs over a page break: "the tenth bullet point on page 3" may count the
                # list from its start on page 2, or on into page 4 (more readings can only keep a row).
                s = _Section(f"PDF page {p}'s list, which runs over p{first}-p{last}", (first, None), (last, None))
                readings.append(_count_section(doc, s, questions=False, bullets=True, pictured=pictured))
        return ListResolution(container=c, readings=tuple(readings), why="" if readings else f"{c.parent} resolves to no page")
    stems = [w[:4] for w in c.parent.split() if len(w) >= 4]
    if not stems:
        return ListResolution(container=c, why=f"the topic '{c.parent}' is too short to find its section")

    def matches(title: str) -> bool:
        return any(re.search(rf"(?<!\w){re.escape(s)}", title, re.I) for s in stems)

    if not doc.pdf.get_toc():
        return ListResolution(container=c, why=f"the document has no outline, so the section on '{c.parent}' cannot be bounded")
    sections = _outline_sections(doc, matches)
    if not sections:
        return ListResolution(container=c, why=f"no heading of the outline names '{c.parent}'")
    return ListResolution(container=c, readings=tuple(_count_section(doc, s, questions=False, bullets=True, pictured=pictured) for s in sections))


# A list is followed over at most this many page breaks each way.
_RUN_PAGES = 10


def _page_list(doc: Doc, index: int, pictured: bool = False) -> ListReading:
    """The items counted on page ``index`` alone (read once per page)."""
    key = ("list_page_items", index, pictured)
    if key not in doc.memo:
        s = _Section(f"PDF page {index}", (index, None), (index, None))
        doc.memo[key] = _count_section(doc, s, questions=False, bullets=True, pictured=pictured)
    return doc.memo[key]


def _body_paragraphs(doc: Doc, index: int) -> list[list[Line]]:
    """The paragraphs of page ``index``'s lines outside its folio bands, top to bottom."""
    band = _FOLIO_BAND * doc.facts.page(index).height
    rows = sorted((ln for ln in page_lines(doc, index) if ln.bbox[1] >= band and ln.bbox[3] <= doc.facts.page(index).height - band),
                  key=lambda ln: (ln.bbox[1], ln.bbox[0]))
    return [[rows[i] for i in g] for g in _paragraph_groups(rows)]


def _holds(para: list[Line], boxes: list[BBox]) -> bool:
    """One of ``boxes`` (items or possible items) lies on a line of ``para``: its middle within the line's height."""
    return any(ln.bbox[1] <= (b[1] + b[3]) / 2 <= ln.bbox[3] for ln in para for b in boxes)


def _continues(doc: Doc, a: int, b: int) -> bool:
    """The list at the foot of page ``a`` goes on at the head of page ``b``: ``a``'s last paragraph holds an item
    (nothing set apart after the list), and ``b``'s first paragraph holds an item, or opens
    right of that item's left edge (the rest of an item broken over the page)."""
    if not (1 <= a < b <= doc.facts.page_count):
        return False
    tail, head = _body_paragraphs(doc, a), _body_paragraphs(doc, b)
    if not tail or not head:
        return False
    on_a = [m.bbox for m in _page_list(doc, a).items if m.page == a]
    if not on_a or not _holds(tail[-1], on_a):
        return False
    on_b = [m.bbox for m in _page_list(doc, b).items if m.page == b]
    last_item = max(on_a, key=lambda x: x[1])
    return _holds(head[0], on_b) or head[0][0].bbox[0] > last_item[0] + 1


def _list_run(doc: Doc, index: int) -> tuple[int, int]:
    """The pages a list on page ``index`` runs over: back while the page before ends in a list its page goes on
    with, forward while the page ends in one the next page goes on with."""
    if not _page_list(doc, index).items:
        return index, index
    first = index
    while first > max(1, index - _RUN_PAGES) and _continues(doc, first - 1, first):
        first -= 1
    last = index
    while last < min(doc.facts.page_count, index + _RUN_PAGES) and _continues(doc, last, last + 1):
        last += 1
    return first, last


def _section_parent(doc: Doc, c: Container, spec: dict[str, Any], pictured: bool = False) -> ListResolution:
    headings = [h.lower() for h in spec["headings"]]
    questions = bool(spec.get("questions"))

    def matches(title: str) -> bool:
        return any(re.search(rf"(?<!\w){re.escape(h)}(?!\w)", title, re.I) for h in headings)

    sections = _outline_sections(doc, matches) if doc.pdf.get_toc() else []
    sections += [s for s in _divider_sections(doc, headings, questions) if all(s.start[0] != o.start[0] for o in sections)]
    if not sections:
        return ListResolution(container=c, why=f"no heading or divider page names {spec['headings'][0]!r}, so the list cannot be found")
    return ListResolution(container=c, readings=tuple(_count_section(doc, s, questions=questions, bullets=False, pictured=pictured) for s in sections))


def resolve_list(c: Container, doc: Doc, parents: list[Resolved]) -> ListResolution:
    """Count the items of the list ``c`` names an item of, under every reading of its parent."""
    spec = _rules()["list_items"].get(c.item or "")
    if spec is None:
        return ListResolution(container=c, why=f"no rule counts items of kind {c.item!r}")
    how = spec["parent"]
    if how == "figure":
        return _subfigures(doc, c, parents)
    res = _topic(doc, c, parents) if how == "topic" else _section_parent(doc, c, spec)
    if res.missing:
        # Before an item is called missing, the words inside the pictures of the parent are read (OCR is the cost,
        # paid only here): a picture too small to make a page uncountable may still show items.
        res = _topic(doc, c, parents, pictured=True) if how == "topic" else _section_parent(doc, c, spec, pictured=True)
    return res

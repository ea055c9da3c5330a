"""Legend reading: which icon-font glyph means which venue category (a pictogram followed by a
category word), and the numbered entries of a key page."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

import pymupdf

from widening.facts.document import Doc
from widening.probes.map_between.spans import GlyphKey, Point, centre, is_icon_font, line_spans, span_font
from widening.probes.map_between.vocabulary import category_matches, rules

_MEMO = "map_between legend"  # learnt once per document


@dataclass(frozen=True)
class Heading:
    glyph: GlyphKey
    category: str
    x0: float
    y: float
    centre: Point


@dataclass(frozen=True)
class Entry:
    number: str
    name: str
    x0: float
    y: float


@dataclass(frozen=True)
class KeyPage:
    page: int
    headings: tuple[Heading, ...]
    entries: tuple[Entry, ...]
    # (x0, y) of every line a pictogram opens, read as a heading or not: a heading the reader passed
    # over (its word set further off, a category it does not know) still ends the section above it.
    openings: tuple[tuple[float, float], ...] = ()

    def section(self, entry: Entry) -> Heading | None:
        """The heading an entry sits under: same column (nearest heading start to its left), above it;
        None when a line a pictogram opens lies between them (a section the reader could not name)."""
        above = [h for h in self.headings if h.x0 <= entry.x0 + 2 and h.y < entry.y + 1]
        if not above:
            return None
        column = max(h.x0 for h in above)
        heading = max((h for h in above if h.x0 >= column - 15), key=lambda h: h.y)
        if any(abs(x - heading.x0) <= 15 and heading.y + 1 < y < entry.y - 1 for x, y in self.openings):
            return None
        return heading

    # Whether this is the map page's own key (pointed at, or close by); a page whose key is not found has
    # every key of the document looked up instead (``AnyKey``), which is not.
    certain: bool = True

    def lookup(self, number: str) -> tuple[str, frozenset[str]] | None:
        for e in self.entries:
            if e.number == number:
                h = self.section(e)
                return e.name, frozenset({h.category} if h else ())
        return None


@dataclass(frozen=True)
class AnyKey:
    """Every key page of the document, for a map page that points at none and has none close by (a guidebook
    keying its maps pages away): a number looks up in each, and what it finds is not this map's own entry for
    certain (numbers repeat from key to key), so it can only make doubts."""

    keys: tuple[KeyPage, ...]
    certain: bool = False

    @property
    def page(self) -> int:
        return self.keys[0].page

    def lookup(self, number: str) -> tuple[str, frozenset[str]] | None:
        hits = [h for k in self.keys if (h := k.lookup(number))]
        if not hits:
            return None
        names = " / ".join(dict.fromkeys(n for n, _ in hits))
        return names, frozenset(c for _, cats in hits for c in cats)


def _right_neighbour(flat: list[dict[str, Any]], s: dict[str, Any]) -> dict[str, Any] | None:
    """The span that continues ``s`` on its baseline (PyMuPDF may split them into separate lines)."""
    x1, y = s["bbox"][2], s["origin"][1]
    reach = 0.6 * s["size"]  # about one space: a map label near a marker is further off
    right = [o for o in flat if o is not s and abs(o["origin"][1] - y) <= 1.5 and x1 - 1 <= o["bbox"][0] <= x1 + reach]
    return min(right, key=lambda o: o["bbox"][0]) if right else None


def _opens_line(flat: list[dict[str, Any]], s: dict[str, Any]) -> bool:
    """Whether pictogram ``s`` opens a line of words: a word starts to its right on its baseline, within a
    few letters, and nothing stands just left of it."""
    x0, x1, y, size = s["bbox"][0], s["bbox"][2], s["origin"][1], s["size"]
    same = [o for o in flat if o is not s and abs(o["origin"][1] - y) <= 1.5]
    right = any(x1 - 1 <= o["bbox"][0] <= x1 + 3 * size and re.match(r"^[^\W\d_]", o["text"].strip() or "0") for o in same)
    left = any(x0 - 3 * size <= o["bbox"][2] <= x0 + 1 for o in same)
    return right and not left


def read_key_page(page: pymupdf.Page) -> KeyPage:
    """Legend headings (pictogram + category word) and numbered entries on one page."""
    headings: list[Heading] = []
    entries: list[Entry] = []
    flat = [s for spans in line_spans(page) for s in spans]
    openings = [(s["bbox"][0], s["bbox"][1]) for s in flat if len(s["text"].strip()) == 1 and is_icon_font(span_font(s))
                and _opens_line(flat, s)]
    for s in flat:
        nxt = _right_neighbour(flat, s)
        if nxt is None:
            continue
        text, after = s["text"].strip(), nxt["text"].strip()
        if (
            len(text) == 1
            and is_icon_font(span_font(s))
            and not is_icon_font(span_font(nxt))
            and after[:1].isupper()
            and re.fullmatch(r"[^\W\d_](?:[^\W\d_]|[ &'/-]){1,39}", after)  # letters of any script ("Cafés")
        ):
            headings.append(Heading((span_font(s), text), after, s["bbox"][0], s["bbox"][1], centre(s["bbox"])))
        elif re.fullmatch(r"\d{1,3}", text) and re.match(r"^[^\W\d_]", after):
            name = re.sub(r"\s*(?:\.{2,}|…).*$", "", after).strip()
            entries.append(Entry(text, name, s["bbox"][0], s["bbox"][1]))
    # A pictogram next to a word is also how a map marker sits beside a street label; a legend
    # heading either names a known category or heads a column of numbered entries.
    # A map marker is also a pictogram stacked on a disc glyph; a legend pictogram stands alone.
    known = {c for cats in rules()["venue_words"].values() for c in cats}
    icons = [(s["text"].strip(), centre(s["bbox"])) for s in flat if len(s["text"].strip()) == 1 and is_icon_font(span_font(s))]
    kept = [
        h
        for h in headings
        if not any(ch != h.glyph[1] and math.dist(c, h.centre) < 1.5 for ch, c in icons)
        and (
            any(category_matches(h.category, k) for k in known)
            or any(abs(e.x0 - h.x0) <= 15 and 0 < e.y - h.y <= 30 and len(re.findall(r"[^\W\d_]", e.name)) >= 3 for e in entries)
        )
    ]
    return KeyPage(page.number + 1, tuple(kept), tuple(entries), tuple(openings))


def learn_legend(doc: Doc) -> tuple[dict[GlyphKey, frozenset[str]], dict[int, KeyPage]]:
    """Glyph -> categories over the whole document, and every page that carries legend headings."""
    cached = doc.memo.get(_MEMO)
    if cached is not None:
        return cached
    glyphs: dict[GlyphKey, set[str]] = {}
    keys: dict[int, KeyPage] = {}
    for page in doc.pdf:
        # Cheap filter: only pages that use an icon font can carry a legend.
        if not any(is_icon_font(f[3].split("+", 1)[-1]) for f in page.get_fonts()):
            continue
        kp = read_key_page(page)
        if kp.headings:
            keys[kp.page] = kp
            for h in kp.headings:
                glyphs.setdefault(h.glyph, set()).add(h.category)
    result = ({k: frozenset(v) for k, v in glyphs.items()}, keys)
    doc.memo[_MEMO] = result
    return result


def key_page_for(doc: Doc, index: int, keys: dict[int, KeyPage]) -> KeyPage | AnyKey | None:
    """The key a map page points at ("Key on p317", by page label or PDF index), else the nearest one within
    two pages, else every key page of the document (``AnyKey``: its numbers found there are doubts)."""
    m = re.search(rules()["key_reference"], doc.page(index).get_text(), re.I)
    if m:
        printed = m.group(1)
        for p in doc.facts.pages:
            if p.index in keys and (p.label == printed or printed in p.printed):
                return keys[p.index]
        if int(printed) in keys and doc.facts.page(int(printed)).label is None:
            return keys[int(printed)]
    near = sorted((abs(k - index), k) for k in keys if abs(k - index) <= 2)
    if near:
        return keys[near[0][1]]
    return AnyKey(tuple(keys[k] for k in sorted(keys))) if keys else None

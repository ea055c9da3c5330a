"""``map_between``: the venue markers of a legend category drawn between two street labels.

What it does: for "Name a <venue kind> between <street A> and <street B>", learns which
icon-font glyph means which category from legend/key pages (a pictogram followed by a
category word), finds the two street labels on map pages, and returns the category's markers
that lie in the band between the two streets (each street is the line through its label,
along the label's reading direction; the nearest label of each street to the marker is used,
because labels repeat). Numbered markers are joined to the key page ("32 <name>") when found.

Why: guidebook maps draw venues as glyphs of an icon font and streets as (rotated) text, so
the question is a geometric one the text layer can answer without OCR.

Example: in a city guidebook's avenue grid map (key on the page before), one Eating marker
lies between two consecutive numbered avenues, and the next block over holds none: its
nearest Eating marker sits just across the bounding avenue, and is reported as a near miss.

Params: ``category`` (a legend category such as "Eating", or a venue word from
rules/maps.yaml such as "restaurant"), ``a`` and ``b`` (the two street names).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

import pymupdf

from widening import rulebook as vocab
from widening.facts.document import Doc
from widening.models import Member, ProbeResult
from widening.probes import Scope, Params, probe

NAME = "map_between"
Point = tuple[float, float]
GlyphKey = tuple[str, str]  # (font name without subset prefix, character)


# --------------------------------------------------------------------------- vocabulary


@cache
def _rules() -> dict[str, Any]:
    return vocab.load("maps")


def categories_for(word: str) -> tuple[str, ...]:
    """The legend categories a venue word ("restaurant", "café", "Eating") can mean."""
    key = word.strip().lower()
    hit = _rules()["venue_words"].get(key)
    return tuple(hit) if hit else (word.strip(),)


def _tokens(text: str) -> frozenset[str]:
    return frozenset(t for t in re.findall(r"[a-z]+", text.lower()) if t not in {"and", "the"})


def category_matches(legend_category: str, wanted: str) -> bool:
    """'Top Sights' matches 'Sights'; 'Eating & Drinking' matches 'Eating' (containment either way)."""
    a, b = _tokens(legend_category), _tokens(wanted)
    return bool(a and b) and (a <= b or b <= a)


def normalise_street(text: str) -> str:
    """'5th Ave.' and '5th Avenue' both become '5th avenue'."""
    abbreviations = _rules()["street_abbreviations"]
    words = re.findall(r"[\w']+", text.lower().replace(".", " "))
    return " ".join(abbreviations.get(w, w) for w in words)


def _font(span: dict[str, Any]) -> str:
    return str(span["font"]).split("+", 1)[-1]


def _is_icon_font(font: str) -> bool:
    low = font.lower()
    return any(p in low for p in _rules()["icon_font_patterns"])


# --------------------------------------------------------------------------- legend and key


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

    def section(self, entry: Entry) -> Heading | None:
        """The heading an entry sits under: same column (nearest heading start to its left), above it."""
        above = [h for h in self.headings if h.x0 <= entry.x0 + 2 and h.y < entry.y + 1]
        if not above:
            return None
        column = max(h.x0 for h in above)
        return max((h for h in above if h.x0 >= column - 15), key=lambda h: h.y)

    def lookup(self, number: str) -> tuple[str, frozenset[str]] | None:
        for e in self.entries:
            if e.number == number:
                h = self.section(e)
                return e.name, frozenset({h.category} if h else ())
        return None


def _spans(page: pymupdf.Page) -> list[list[dict[str, Any]]]:
    """Non-blank spans, grouped by text line."""
    out = []
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            spans = [dict(s, dir=line["dir"]) for s in line["spans"] if s["text"].strip()]
            if spans:
                out.append(spans)
    return out


def _right_neighbour(flat: list[dict[str, Any]], s: dict[str, Any]) -> dict[str, Any] | None:
    """The span that continues ``s`` on its baseline (PyMuPDF may split them into separate lines)."""
    x1, y = s["bbox"][2], s["origin"][1]
    reach = 0.6 * s["size"]  # about one space: a map label near a marker is further off
    right = [o for o in flat if o is not s and abs(o["origin"][1] - y) <= 1.5 and x1 - 1 <= o["bbox"][0] <= x1 + reach]
    return min(right, key=lambda o: o["bbox"][0]) if right else None


def read_key_page(page: pymupdf.Page) -> KeyPage:
    """Legend headings (pictogram + category word) and numbered entries on one page."""
    headings: list[Heading] = []
    entries: list[Entry] = []
    flat = [s for spans in _spans(page) for s in spans]
    for s in flat:
        nxt = _right_neighbour(flat, s)
        if nxt is None:
            continue
        text, after = s["text"].strip(), nxt["text"].strip()
        if (
            len(text) == 1
            and _is_icon_font(_font(s))
            and not _is_icon_font(_font(nxt))
            and re.match(r"^[A-Z][A-Za-z &'/-]{1,39}$", after)
        ):
            headings.append(Heading((_font(s), text), after, s["bbox"][0], s["bbox"][1], _centre(s["bbox"])))
        elif re.fullmatch(r"\d{1,3}", text) and re.match(r"^[^\W\d_]", after):
            name = re.sub(r"\s*(?:\.{2,}|…).*$", "", after).strip()
            entries.append(Entry(text, name, s["bbox"][0], s["bbox"][1]))
    # A pictogram next to a word is also how a map marker sits beside a street label; a legend
    # heading either names a known category or heads a column of numbered entries.
    # A map marker is also a pictogram stacked on a disc glyph; a legend pictogram stands alone.
    known = {c for cats in _rules()["venue_words"].values() for c in cats}
    icons = [(s["text"].strip(), _centre(s["bbox"])) for s in flat if len(s["text"].strip()) == 1 and _is_icon_font(_font(s))]
    kept = [
        h
        for h in headings
        if not any(ch != h.glyph[1] and math.dist(c, h.centre) < 1.5 for ch, c in icons)
        and (
            any(category_matches(h.category, k) for k in known)
            or any(abs(e.x0 - h.x0) <= 15 and 0 < e.y - h.y <= 30 and len(re.findall(r"[^\W\d_]", e.name)) >= 3 for e in entries)
        )
    ]
    return KeyPage(page.number + 1, tuple(kept), tuple(entries))


def learn_legend(doc: Doc) -> tuple[dict[GlyphKey, frozenset[str]], dict[int, KeyPage]]:
    """Glyph -> categories over the whole document, and every page that carries legend headings."""
    cached = doc._cache.get(NAME)
    if cached is not None:
        return cached
    glyphs: dict[GlyphKey, set[str]] = {}
    keys: dict[int, KeyPage] = {}
    for page in doc.pdf:
        # Cheap filter: only pages that use an icon font can carry a legend.
        if not any(_is_icon_font(f[3].split("+", 1)[-1]) for f in page.get_fonts()):
            continue
        kp = read_key_page(page)
        if kp.headings:
            keys[kp.page] = kp
            for h in kp.headings:
                glyphs.setdefault(h.glyph, set()).add(h.category)
    result = ({k: frozenset(v) for k, v in glyphs.items()}, keys)
    doc._cache[NAME] = result
    return result


def key_page_for(doc: Doc, index: int, keys: dict[int, KeyPage]) -> KeyPage | None:
    """The key a map page points at ("Key on p317", by page label or PDF index), else the nearest one."""
    m = re.search(_rules()["key_reference"], doc.page(index).get_text(), re.I)
    if m:
        printed = m.group(1)
        for p in doc.facts.pages:
            if p.index in keys and (p.label == printed or printed in p.printed):
                return keys[p.index]
        if int(printed) in keys and doc.facts.page(int(printed)).label is None:
            return keys[int(printed)]
    near = sorted((abs(k - index), k) for k in keys if abs(k - index) <= 2)
    return keys[near[0][1]] if near else None


# --------------------------------------------------------------------------- the map page


@dataclass(frozen=True)
class Marker:
    bbox: tuple[float, float, float, float]
    glyphs: tuple[GlyphKey, ...]
    categories: frozenset[str]
    number: str | None = None
    name: str | None = None

    @property
    def centre(self) -> Point:
        x0, y0, x1, y1 = self.bbox
        return ((x0 + x1) / 2, (y0 + y1) / 2)


@dataclass(frozen=True)
class Label:
    text: str
    bbox: tuple[float, float, float, float]
    direction: Point

    @property
    def centre(self) -> Point:
        x0, y0, x1, y1 = self.bbox
        return ((x0 + x1) / 2, (y0 + y1) / 2)


def _centre(b: tuple[float, ...]) -> Point:
    return ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)


def _gap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    dx = max(a[0] - b[2], b[0] - a[2], 0.0)
    dy = max(a[1] - b[3], b[1] - a[3], 0.0)
    return math.hypot(dx, dy)


def find_markers(page: pymupdf.Page, legend: dict[GlyphKey, frozenset[str]], key: KeyPage | None) -> list[Marker]:
    """Icon-font glyphs grouped by position (a marker is a background disc plus a pictogram), with their numbers."""
    glyphs: list[tuple[GlyphKey, tuple[float, float, float, float], float]] = []
    numbers: list[tuple[str, tuple[float, float, float, float], float]] = []
    for spans in _spans(page):
        for s in spans:
            text, font = s["text"].strip(), _font(s)
            if len(text) == 1 and _is_icon_font(font):
                glyphs.append(((font, text), tuple(s["bbox"]), s["size"]))
            elif re.fullmatch(r"\d{1,3}", text) and not _is_icon_font(font):
                numbers.append((text, tuple(s["bbox"]), s["size"]))
    clusters: list[list[tuple[GlyphKey, tuple[float, float, float, float], float]]] = []
    for g in glyphs:
        c = ((g[1][0] + g[1][2]) / 2, (g[1][1] + g[1][3]) / 2)
        for cl in clusters:
            b = cl[0][1]
            if math.hypot(c[0] - (b[0] + b[2]) / 2, c[1] - (b[1] + b[3]) / 2) < 1.5:
                cl.append(g)
                break
        else:
            clusters.append([g])
    # Greedy nearest assignment (centre to centre): each number labels one marker, each marker one number.
    eligible: dict[int, list[int]] = {}
    pairs = []
    for ci, cl in enumerate(clusters):
        size, box = cl[0][2], cl[0][1]
        for ni, (num, nb, nsize) in enumerate(numbers):
            if 0.5 * size <= nsize <= 1.5 * size and _gap(box, nb) <= box[3] - box[1]:
                eligible.setdefault(ci, []).append(ni)
                pairs.append((math.dist(_centre(box), _centre(nb)), ci, ni))
    taken_c: dict[int, int] = {}
    taken_n: set[int] = set()
    for _, ci, ni in sorted(pairs):
        if ci not in taken_c and ni not in taken_n:
            taken_c[ci] = ni
            taken_n.add(ni)
    out = []
    for ci, cl in enumerate(clusters):
        keys = tuple(dict.fromkeys(g[0] for g in cl))
        cats: set[str] = set()
        for k in keys:
            cats |= legend.get(k, frozenset())
        number = numbers[taken_c[ci]][0] if ci in taken_c else None
        hit = key.lookup(number) if number and key is not None else None
        name = hit[0] if hit else None
        # A pictogram the legend does not explain takes the key section of every number
        # close enough to be its own: a wrong pairing can then only add categories.
        candidates = [numbers[n][0] for n in eligible.get(ci, [])] if not cats else ([number] if number else [])
        for num in candidates:
            found = key.lookup(num) if key is not None else None
            if found:
                cats |= found[1]
        if not cats and number is None:
            continue  # an unnumbered symbol the legend does not explain: parking, transport, a disc
        x0 = min(g[1][0] for g in cl)
        y0 = min(g[1][1] for g in cl)
        x1 = max(g[1][2] for g in cl)
        y1 = max(g[1][3] for g in cl)
        out.append(Marker((x0, y0, x1, y1), keys, frozenset(cats), number, name))
    return out


def find_labels(page: pymupdf.Page, street: str) -> list[Label]:
    """Every text line or span on the page that reads as ``street``."""
    want = normalise_street(street)
    out: dict[tuple[int, ...], Label] = {}
    for spans in _spans(page):
        candidates = [(" ".join(s["text"].strip() for s in spans), spans)] + [(s["text"], [s]) for s in spans]
        for text, group in candidates:
            if normalise_street(text) == want:
                bbox = (
                    min(s["bbox"][0] for s in group),
                    min(s["bbox"][1] for s in group),
                    max(s["bbox"][2] for s in group),
                    max(s["bbox"][3] for s in group),
                )
                out[tuple(round(v) for v in bbox)] = Label(text.strip(), bbox, tuple(group[0]["dir"]))
    return list(out.values())


# --------------------------------------------------------------------------- geometry


@dataclass(frozen=True)
class BandPosition:
    """Where a point sits across the band from street A (t=0) to street B (t=1)."""

    t: float
    width: float
    label_a: Label
    label_b: Label

    def outside_by(self) -> float:
        """Distance outside the band in points (0 inside)."""
        return max(-self.t, self.t - 1.0, 0.0) * self.width


def band_position(p: Point, labels_a: list[Label], labels_b: list[Label]) -> BandPosition | None:
    """Position of ``p`` across the band of the nearest A and B labels; None if they are not parallel."""
    la = min(labels_a, key=lambda lab: math.dist(p, lab.centre))
    lb = min(labels_b, key=lambda lab: math.dist(p, lab.centre))
    da, db = la.direction, lb.direction
    cos = da[0] * db[0] + da[1] * db[1]
    if abs(cos) < math.cos(math.radians(_rules()["max_label_angle"])):
        return None
    if cos < 0:
        db = (-db[0], -db[1])
    dx, dy = da[0] + db[0], da[1] + db[1]
    norm = math.hypot(dx, dy)
    nx, ny = -dy / norm, dx / norm  # across the streets
    sa = nx * (p[0] - la.centre[0]) + ny * (p[1] - la.centre[1])
    sb = nx * (p[0] - lb.centre[0]) + ny * (p[1] - lb.centre[1])
    width = abs(sa - sb)
    if width < 1.0:
        return None
    return BandPosition(t=sa / (sa - sb), width=width, label_a=la, label_b=lb)


def _describe(m: Marker, wanted: str) -> str:
    cats = " / ".join(sorted(m.categories)) or f"uncategorised (possibly {wanted})"
    num = f" {m.number}" if m.number else ""
    name = f" {m.name!r}" if m.name else ""
    return f"{cats} marker{num}{name}"


# --------------------------------------------------------------------------- the probe


class MapBetweenParams(Params):
    """``category``: the map key's venue category; ``a``, ``b``: the two street labels."""

    category: str = ""
    a: str = ""
    b: str = ""


@probe(NAME, params=MapBetweenParams)
def map_between(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Markers of ``category`` between streets ``a`` and ``b`` on the map pages in scope."""
    category, a, b = str(params.get("category", "")), str(params.get("a", "")), str(params.get("b", ""))
    base = {"pages": scope.pages, "region": scope.region, "params": params}
    if not (category and a and b):
        return ProbeResult.cannot(NAME, "params need 'category', 'a' and 'b'", **base)
    legend, keys = learn_legend(doc)
    if not legend:
        return ProbeResult.cannot(NAME, "no map legend (an icon-font pictogram followed by a category word) in the document", **base)
    legend_cats = sorted({c for cats in legend.values() for c in cats})
    wanted = {lc for lc in legend_cats for w in categories_for(category) if category_matches(lc, w)}
    if not wanted:
        return ProbeResult.cannot(NAME, f"no legend category matches {category!r}; the legend has {legend_cats}", **base)
    tol = float(_rules()["band_tolerance"])
    members: list[Member] = []
    near: list[Member] = []
    measured: list[int] = []
    seen_a: list[int] = []
    seen_b: list[int] = []
    for index in scope.pages:
        text = f" {normalise_street(doc.facts.page(index).text)} "
        if f" {normalise_street(a)} " not in text or f" {normalise_street(b)} " not in text:
            continue  # cheap pre-filter on the cached text: the labels cannot be on this page
        page = doc.page(index)
        labels_a, labels_b = find_labels(page, a), find_labels(page, b)
        seen_a += [index] if labels_a else []
        seen_b += [index] if labels_b else []
        if not (labels_a and labels_b):
            continue
        markers = find_markers(page, legend, key_page_for(doc, index, keys))
        if not markers:
            continue
        region = doc.region_rect(index, scope.region)
        relevant = [m for m in markers if (m.categories & wanted or not m.categories) and pymupdf.Point(m.centre) in region]
        for m in relevant:
            pos = band_position(m.centre, labels_a, labels_b)
            if pos is None:
                return ProbeResult.cannot(
                    NAME, f"page {index}: labels {a!r} and {b!r} near marker {m.number or '?'} are not parallel streets; no band between them", **base
                )
            where = f"between {pos.label_a.text!r} and {pos.label_b.text!r}"
            if -tol <= pos.t <= 1 + tol:
                members.append(Member(page=index, bbox=m.bbox, what=f"{_describe(m, category)} {where} (t={pos.t:.2f} across a {pos.width:.1f} pt block)"))
            elif pos.outside_by() <= pos.width:
                side = pos.label_a.text if pos.t < 0 else pos.label_b.text
                near.append(
                    Member(
                        page=index,
                        bbox=m.bbox,
                        what=f"{_describe(m, category)} {pos.outside_by():.1f} pt ({pos.outside_by() / pos.width:.2f} block) outside the band, beyond {side!r}",
                        score=round(pos.outside_by(), 2),
                    )
                )
        measured.append(index)
    if not measured:
        why = (
            f"{a!r} found on pages {seen_a or 'none'}, {b!r} on pages {seen_b or 'none'}; "
            "no page in scope has both street labels and legend markers"
        )
        return ProbeResult.cannot(NAME, why, **base)
    note = f"legend categories {sorted(wanted)}; map pages measured {measured}"
    return ProbeResult(probe=NAME, members=tuple(members), best_candidates=tuple(sorted(near, key=lambda m: m.score or 0)), note=note, **base)

"""Marker grouping on a map page: icon-font glyphs stacked into markers, with their numbers and
categories, and the street labels that read as a given street."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import pymupdf

from widening.probes.map_between.legend import AnyKey, KeyPage
from widening.probes.map_between.spans import GlyphKey, Point, centre, is_icon_font, line_spans, span_font
from widening.probes.map_between.vocabulary import street_forms, street_key


@dataclass(frozen=True)
class Marker:
    bbox: tuple[float, float, float, float]
    glyphs: tuple[GlyphKey, ...]
    categories: frozenset[str]
    number: str | None = None
    name: str | None = None
    unexplained: bool = False  # no category and no number: what it marks is not known
    bare: bool = False  # a number the key lists, with no pictogram: a marker drawn as a shape or picture?

    @property
    def centre(self) -> Point:
        x0, y0, x1, y1 = self.bbox
        return ((x0 + x1) / 2, (y0 + y1) / 2)


@dataclass(frozen=True)
class Label:
    text: str
    bbox: tuple[float, float, float, float]
    direction: Point

    def thickness(self) -> float:
        """The label's extent across its reading direction (its line height), in points."""
        x0, y0, x1, y1 = self.bbox
        dx, dy = self.direction
        return abs(dy) * (x1 - x0) + abs(dx) * (y1 - y0)

    @property
    def centre(self) -> Point:
        x0, y0, x1, y1 = self.bbox
        return ((x0 + x1) / 2, (y0 + y1) / 2)


def _gap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    dx = max(a[0] - b[2], b[0] - a[2], 0.0)
    dy = max(a[1] - b[3], b[1] - a[3], 0.0)
    return math.hypot(dx, dy)


def find_markers(page: pymupdf.Page, legend: dict[GlyphKey, frozenset[str]], key: KeyPage | AnyKey | None) -> list[Marker]:
    """Icon-font glyphs grouped by position (a marker is a background disc plus a pictogram), with their numbers;
    then the numbers the key lists that label no pictogram (``bare``). A key that is not the page's own for
    certain (``AnyKey``: every key of the document) names no pictogram marker and gives none a category; its
    numbers that label no pictogram are still bare markers (doubts)."""
    own = key if key is not None and key.certain else None
    glyphs: list[tuple[GlyphKey, tuple[float, float, float, float], float]] = []
    numbers: list[tuple[str, tuple[float, float, float, float], float]] = []
    for spans in line_spans(page):
        for s in spans:
            text, font = s["text"].strip(), span_font(s)
            if len(text) == 1 and is_icon_font(font):
                glyphs.append(((font, text), tuple(s["bbox"]), s["size"]))
            elif is_icon_font(font):
                # Markers set close together come out as one span ("aa"): each glyph is its own.
                glyphs += [((font, c), box, s["size"]) for c, box in _glyph_boxes(page, s) if not c.isspace()]
            elif re.fullmatch(r"\d{1,3}", text) and not is_icon_font(font):
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
                pairs.append((math.dist(centre(box), centre(nb)), ci, ni))
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
        hit = own.lookup(number) if number and own is not None else None
        name = hit[0] if hit else None
        # A pictogram the legend does not explain takes the key section of every number
        # close enough to be its own: a wrong pairing can then only add categories.
        candidates = [numbers[n][0] for n in eligible.get(ci, [])] if not cats else ([number] if number else [])
        for num in candidates:
            found = own.lookup(num) if own is not None else None
            if found:
                cats |= found[1]
        # An unnumbered symbol the legend does not explain (parking, transport, a disc, or a
        # variant of a listed pictogram): kept, marked unexplained, so it can only be a doubt.
        unexplained = not cats and number is None
        x0 = min(g[1][0] for g in cl)
        y0 = min(g[1][1] for g in cl)
        x1 = max(g[1][2] for g in cl)
        y1 = max(g[1][3] for g in cl)
        out.append(Marker((x0, y0, x1, y1), keys, frozenset(cats), number, name, unexplained))
    # A number the key lists that labels no pictogram: its marker may be drawn as a disc or a picture
    # (no icon-font glyph). Kept with the key's category (none when the key's section is not read), as a
    # marker that can only be a doubt.
    for ni, (num, nb, _) in enumerate(numbers):
        if ni not in taken_n and key is not None and (found := key.lookup(num)):
            out.append(Marker(nb, (), found[1], num, found[0], bare=True))
    return out


def _glyph_boxes(page: pymupdf.Page, span: dict) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The characters of a text span with their own boxes (from the page's raw characters; when
    those cannot be matched to the span, its box cut evenly, so no glyph is lost)."""
    x0, y0, x1, y1 = span["bbox"]
    out = []
    for block in page.get_text("rawdict", clip=pymupdf.Rect(x0, y0, x1, y1).include_point((x1 + 0.1, y1 + 0.1)))["blocks"]:
        for line in block.get("lines", []):
            for s in line["spans"]:
                if span_font(s) == span_font(span) and abs(s["size"] - span["size"]) < 0.01:
                    out += [(c["c"], tuple(c["bbox"])) for c in s["chars"]]
    if len(out) != len(span["text"]):
        step = (x1 - x0) / max(1, len(span["text"]))
        out = [(c, (x0 + i * step, y0, x0 + (i + 1) * step, y1)) for i, c in enumerate(span["text"])]
    return out


def find_labels(page: pymupdf.Page, street: str, forms: frozenset[str] | None = None) -> list[Label]:
    """Every text line or span on the page that reads as ``street``: in any of its abbreviations or
    spellings, whatever the spacing between its letters (``vocabulary.street_forms``), or as one of ``forms``."""
    want = street_forms(street) if forms is None else forms
    out: dict[tuple[int, ...], Label] = {}
    for spans in line_spans(page):
        candidates = [(" ".join(s["text"].strip() for s in spans), spans)] + [(s["text"], [s]) for s in spans]
        for text, group in candidates:
            if street_key(text) in want:
                bbox = (
                    min(s["bbox"][0] for s in group),
                    min(s["bbox"][1] for s in group),
                    max(s["bbox"][2] for s in group),
                    max(s["bbox"][3] for s in group),
                )
                out[tuple(round(v) for v in bbox)] = Label(text.strip(), bbox, tuple(group[0]["dir"]))
    return list(out.values())

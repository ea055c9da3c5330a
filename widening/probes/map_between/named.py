"""Venues a map shows without an icon-font pictogram: a label that names the venue's kind ("Hotel Luna"
beside a drawn disc), and a key that draws a category's marker as a shape or a picture."""

from __future__ import annotations

import re

import pymupdf

from widening.probes.map_between.spans import is_icon_font, line_spans, span_font
from widening.probes.map_between.vocabulary import category_matches, rules


def venue_words(wanted: set[str]) -> tuple[str, ...]:
    """Every word that names a venue of the ``wanted`` legend categories: the rulebook's venue words
    (rules/maps.yaml ``venue_words``) meaning one of them, and the category names themselves."""
    words = {w for w, cats in rules()["venue_words"].items() if any(category_matches(c, k) for c in cats for k in wanted)}
    return tuple(sorted(words | set(wanted), key=len, reverse=True))


def _names(text: str, words: tuple[str, ...]) -> bool:
    return any(re.search(rf"(?<![^\W\d_]){re.escape(w)}(?![^\W\d_])", text, re.I) for w in words)


def _lines(page: pymupdf.Page) -> list[tuple[str, tuple[float, float, float, float], float, bool]]:
    """(text of its words, box, size, whether an icon-font glyph opens it) for each text line."""
    out = []
    for spans in line_spans(page):
        words = [s for s in spans if not is_icon_font(span_font(s))]
        if words:
            box = (min(s["bbox"][0] for s in words), min(s["bbox"][1] for s in words),
                   max(s["bbox"][2] for s in words), max(s["bbox"][3] for s in words))
            out.append((" ".join(s["text"].strip() for s in words), box, max(s["size"] for s in words), is_icon_font(span_font(spans[0]))))
    return out


def naming_labels(page: pymupdf.Page, words: tuple[str, ...]) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The text lines of a map page that name a venue of the kind asked ("Hotel Luna"): a venue may be
    drawn as a shape or a picture beside its name, which the pictogram reading does not see."""
    return [(text, box) for text, box, _, _ in _lines(page) if _names(text, words)]


def drawn_key(page: pymupdf.Page, words: tuple[str, ...]) -> str | None:
    """A key entry that draws a category asked as a shape or a picture: a line naming it, opened by no
    pictogram, with a drawing or a picture just to its left (a swatch). Such markers are not glyphs."""
    shapes = [pymupdf.Rect(d["rect"]) for d in page.get_drawings() if d.get("fill") is not None or d.get("color") is not None]
    shapes += [pymupdf.Rect(i["bbox"]) for i in page.get_image_info()]
    for text, (x0, y0, x1, y1), size, icon in _lines(page):
        if icon or not _names(text, words) or len(text) > 40:
            continue
        for r in shapes:
            if x0 - 3 * size <= r.x1 <= x0 + 1 and r.y0 < y1 and r.y1 > y0 and r.width <= 3 * size and r.height <= 3 * size:
                return f"{text!r} keyed by a drawn swatch at {tuple(round(v) for v in r)}"
    return None

"""A map page's text as PyMuPDF spans: fonts, icon-font glyphs, centres (legend and map pages alike)."""

from __future__ import annotations

from typing import Any

import pymupdf

from widening.probes.map_between.vocabulary import rules

Point = tuple[float, float]
GlyphKey = tuple[str, str]  # (font name without subset prefix, character)


def span_font(span: dict[str, Any]) -> str:
    """The span's font name without its subset prefix ("ABCDEF+Icons" -> "Icons")."""
    return str(span["font"]).split("+", 1)[-1]


def is_icon_font(font: str) -> bool:
    """A pictogram font by its name (rules/maps.yaml ``icon_font_patterns``)."""
    low = font.lower()
    return any(p in low for p in rules()["icon_font_patterns"])


def line_spans(page: pymupdf.Page) -> list[list[dict[str, Any]]]:
    """Non-blank spans, grouped by text line."""
    out = []
    for block in page.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            spans = [dict(s, dir=line["dir"]) for s in line["spans"] if s["text"].strip()]
            if spans:
                out.append(spans)
    return out


def centre(b: tuple[float, ...]) -> Point:
    """The centre of a box (x0, y0, x1, y1)."""
    return ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)

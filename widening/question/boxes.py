"""Coloured enclosures a question names as where to read: "the word written in the green box".

The colour belongs to the box, not to the text inside it, so it is not the target's colour:
a text-colour check would answer a different question. rules/vocabulary.yaml ``box_words``.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from widening import rulebook as vocab
from widening.models import NamedBox


@cache
def _v() -> dict[str, Any]:
    return vocab.load("vocabulary")


def named_boxes(q: str) -> list[NamedBox]:
    """Every "<colour> box" read inside ("in the green box", "inside the green-coloured frame", "in the box in green"), with its span."""
    colours = {form.lower(): key for key, forms in _v()["colours"].items() for form in [key, *forms]}
    colour = vocab.alternation(list(colours))
    box = vocab.alternation(_v()["box_words"])
    tinted = r"(?:[\s-]+(?:colou?red|shaded|filled|tinted))?"
    # Only a box the question reads inside ("written in the green box") is a container; "how many
    # red boxes" asks for the boxes themselves.
    inside = r"(?<![\w-])(?:in|inside|within|into|on)\s+(?:the\s+|a\s+|an\s+)?"
    pats = [rf"{inside}(?P<c>{colour}){tinted}[\s-]+(?P<b>{box})",
            rf"{inside}(?P<b>{box})\s+(?:in|of|colou?red)\s+(?P<c>{colour})(?![\s-]+(?:text|word|font|letter))"]
    out: list[NamedBox] = []
    for pat in pats:
        for m in re.finditer(pat, q, re.I):
            if any(not (m.end() <= b.span[0] or m.start() >= b.span[1]) for b in out):
                continue
            start = min(m.start("c"), m.start("b"))
            out.append(NamedBox(colour=colours[m.group("c").lower()], shape=m.group("b").lower(), text=q[start:m.end()], span=(start, m.end())))
    return sorted(out, key=lambda b: b.span)

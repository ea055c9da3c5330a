"""Coloured enclosures a question names as where to read: "the word written in the green box".

The colour belongs to the box, not to the text inside it, so it is not the target's colour:
a text-colour check would answer a different question. rules/vocabulary.yaml ``box_words``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from widening import rulebook as vocab
from widening.models import NamedBox


@cache
def _v() -> dict[str, Any]:
    return vocab.load("vocabulary")


def _words() -> tuple[dict[str, str], str, str, str]:
    """(colour form -> colour key, colour alternation, box alternation, tint suffix)."""
    colours = {form.lower(): key for key, forms in _v()["colours"].items() for form in [key, *forms]}
    return colours, vocab.alternation(list(colours)), vocab.alternation(_v()["box_words"]), r"(?:[\s-]+(?:colou?red|shaded|filled|tinted))?"


def _box(q: str, m: re.Match[str], colours: dict[str, str], c: str = "c") -> NamedBox:
    start = min(m.start(c), m.start("b"))
    return NamedBox(colour=colours[m.group(c).lower()], shape=m.group("b").lower(), text=q[start:m.end()], span=(start, m.end()))


def named_boxes(q: str) -> list[NamedBox]:
    """Every "<colour> box" read inside ("in the green box", "inside the green-coloured frame", "in the box in green"), with its span,
    and every one named as an alternative of it ("in the green box or the blue box", "in the green or blue box")."""
    colours, colour, box, tinted = _words()
    # Only a box the question reads inside ("written in the green box") is a container; "how many
    # red boxes" asks for the boxes themselves.
    inside = r"(?<![\w-])(?:in|inside|within|into|on)\s+(?:either\s+)?(?:the\s+|a\s+|an\s+)?"
    pats = [rf"{inside}(?P<c>{colour}){tinted}[\s-]+(?P<b>{box})",
            rf"{inside}(?P<b>{box})\s+(?:in|of|colou?red)\s+(?P<c>{colour})(?![\s-]+(?:text|word|font|letter))"]
    out: list[NamedBox] = []

    def add(b: NamedBox) -> None:
        if not any(not (b.span[1] <= o.span[0] or b.span[0] >= o.span[1]) for o in out):
            out.append(b)

    # "in the green or blue box": two colours sharing one box word, each a box of its own.
    shared = rf"{inside}(?P<c1>{colour})\s*(?:,|\bor\b|\band/or\b)\s*(?:the\s+)?(?P<c>{colour}){tinted}[\s-]+(?P<b>{box})"
    for m in re.finditer(shared, q, re.I):
        add(_box(q, m, colours))
        first = NamedBox(colour=colours[m.group("c1").lower()], shape=m.group("b").lower(), text=f"{m.group('c1')} {m.group('b')}", span=(m.start("c1"), m.end("c1")))
        if not any(o.span == first.span for o in out):
            out.append(first)
    for pat in pats:
        for m in re.finditer(pat, q, re.I):
            add(_box(q, m, colours))
    # "in the green box or the blue box": a box after "or" needs no "in" of its own.
    for m in re.finditer(rf"{_OR}(?P<c>{colour}){tinted}[\s-]+(?P<b>{box})", q, re.I):
        if any(o.span[1] <= m.start() for o in out):
            add(_box(q, m, colours))
    return sorted(out, key=lambda b: b.span)


# "or" (with what may come between: a place, "in", "either") joining alternatives of where to read.
_OR = r"(?<![\w-])(?:or|and/or)\s+(?:else\s+)?(?:in\s+|inside\s+|within\s+|on\s+)?(?:either\s+)?(?:the\s+|a\s+|an\s+)?"
_PLACE = r"(?:\s+(?:on|in|of|at)\s+(?:the\s+)?(?:page|slide|p\.)\s*[\w-]+)?"


@dataclass(frozen=True)
class BoxGroup:
    """Named boxes read as alternatives ("in the green box or the blue box"): the place read exists when any
    of them does; ``other``: words of an alternative that is no coloured box ("or the sidebar"), or None."""

    boxes: tuple[NamedBox, ...]
    other: str | None = None


def box_groups(q: str, boxes: list[NamedBox] | tuple[NamedBox, ...]) -> list[BoxGroup]:
    """``boxes`` (as named_boxes gives them) grouped by "or": a group is missing only when every box of it is
    and no alternative of another kind is named beside it."""
    groups: list[tuple[list[NamedBox], list[str]]] = []
    for b in sorted(boxes, key=lambda x: x.span):
        before = q[:b.span[0]]
        prev = groups[-1][0][-1] if groups else None
        joined = prev is not None and re.fullmatch(rf"{_PLACE}\s*,?\s*{_OR}", q[prev.span[1]:b.span[0]], re.I)
        if prev is not None and (joined or prev.span[1] > b.span[0] or _shares_word(q, prev, b)):
            groups[-1][0].append(b)
            continue
        others: list[str] = []
        if m := re.search(rf"(?P<w>[\w'-]+(?:\s+[\w'-]+){{0,3}})\s*,?\s*{_OR}$", before, re.I):
            others.append(m.group("w"))  # "in the sidebar or in the green box"
        groups.append(([b], others))
    out: list[BoxGroup] = []
    for members, others in groups:
        last = members[-1]
        after = q[last.span[1]:]
        m = re.match(rf"{_PLACE}\s*,?\s*{_OR}(?P<w>[\w'-]+(?:\s+[\w'-]+){{0,3}})", after, re.I)
        # "in the green box or the caption"; "or page 3" is another place the box is looked for on (a container).
        if m and not re.match(r"(?:pages?|slides?|p\.)\s*\d", m.group("w"), re.I):
            others.append(m.group("w"))
        out.append(BoxGroup(boxes=tuple(members), other="; ".join(others) or None))
    return out


def _shares_word(q: str, a: NamedBox, b: NamedBox) -> bool:
    """``a`` is the bare colour of "green or blue box", whose box word ``b`` carries."""
    return a.span[1] <= b.span[0] and re.fullmatch(r"\s*(?:,|\bor\b|\band/or\b)\s*(?:the\s+)?", q[a.span[1]:b.span[0]], re.I) is not None

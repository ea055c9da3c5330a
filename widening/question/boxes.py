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


# Words a question may put around a box's colour that leave the colour the box's (rules/vocabulary.yaml
# box_words_more, box_colour_shades, box_modifiers, box_colour_parts). Reading a phrase as a box is the safe
# side: a box only ever keeps a row (missing when no pixel of its colour is on the page, in doubt otherwise),
# while a colour left to the target makes a text-colour check that finds no green word in a green-outlined box
# and widens.


def _list(key: str) -> list[str]:
    return list(_v()[key])


def _alt(words: list[str]) -> str:
    """An alternation on word boundaries that may follow a hyphen ("lime-green")."""
    return vocab.alternation(words, after_hyphen=True)


def _words() -> tuple[dict[str, str], str, str, str]:
    """(colour form -> colour key, colour alternation (a shade before it allowed outside the group), box
    alternation, what may stand between colour and box word)."""
    colours = {form.lower(): key for key, forms in _v()["colours"].items() for form in [key, *forms]}
    modifiers = rf"(?:[\s-]+{_alt(_list('box_modifiers'))}){{0,2}}?"
    # A box word after a hyphen is no box ("white-box models").
    return colours, _alt(list(colours)), r"(?<!-)" + _alt([*_v()["box_words"], *_list("box_words_more")]), modifiers


def _shade() -> str:
    return rf"(?:{_alt(_list('box_colour_shades'))}[\s-]+)?"


def _box(q: str, m: re.Match[str], colours: dict[str, str], c: str = "c") -> NamedBox:
    start = min(m.start(c), m.start("b"))
    return NamedBox(colour=colours[m.group(c).lower()], shape=m.group("b").lower(), text=q[start:m.end()], span=(start, m.end()))


def named_boxes(q: str) -> list[NamedBox]:
    """Every "<colour> box" read inside ("in the green box", "inside the light green text box", "in the box in green",
    "in the box that is shaded green", "in the box with a green border"), or whose words are asked for ("what does
    the red box say", "the text of the green box", "the green box's title"), with its span; and every one named
    as an alternative of it ("in the green box or the blue box", "in the green or blue box")."""
    colours, colour, box, between = _words()
    shade = _shade()
    # Only a box the question reads inside ("written in the green box") is a container; "how many
    # red boxes" asks for the boxes themselves.
    article = r"(?:the\s+|a\s+|an\s+|each\s+|every\s+)?"
    inside = (rf"(?<![\w-])(?:in|inside(?:\s+of)?|within|into|on|(?:enclosed|surrounded|bounded|framed|boxed|"
              rf"contained)\s+(?:by|in|within))\s+(?:either\s+)?{article}")
    # Where the box's words are asked for with the box as subject or owner: "what does the red box say",
    # "the text of the green box", "the green box's title".
    said = (rf"(?:(?<![\w-])(?:does|do|did)\s+{article}(?=(?:[\w'-]+\s+){{1,12}}?{_SAYS})|(?<![\w-])(?:text|texts|words?|"
            rf"contents?|title|heading|label|phrase|sentence|message|writing|wording)\s+(?:of|from)\s+{article})")
    front = rf"{shade}(?P<c>{colour}){between}[\s-]+(?P<b>{box})"
    # A colour after the box word, tied to it: "in the box in blue", "the box coloured in green", "the box that is
    # green", "the box shaded light green" -- never "the box of green text" (the text's colour).
    tie = (r"(?:(?:that|which)\s+(?:is|are|was|were)\s+|(?:that|which|it)'s\s+|(?:is|are)\s+)?"
           r"(?:(?:colou?red|shaded|filled|highlighted|outlined|bordered|painted|tinted|drawn|marked)\s+)?"
           r"(?:in|of|with)?\s*(?:a\s+|an\s+)?")
    lead = rf"(?:{_alt(_list('box_modifiers'))}[\s-]+){{0,2}}?"  # "the text box drawn in green"
    back = rf"{lead}(?P<b>{box})\s+{tie}{shade}(?P<c>{colour})(?![\s-]+(?:text|texts|word|words|font|letters?|ink|writing|numbers?|digits?|figures?))"
    # "the box with a green background", "the box that has a green border": the colour of a part of the box.
    part = (rf"{lead}(?P<b>{box})\s+(?:with|having|(?:that|which)\s+(?:has|have|had))\s+(?:a\s+|an\s+)?{shade}(?P<c>{colour})"
            rf"[\s-]+{_alt(_list('box_colour_parts'))}")
    # "the box on page 2 that is green", "the box on page 2, which is green": a place between the box and its
    # colour, tied to the box by a relative clause.
    placed = (rf"{lead}(?P<b>{box}){_PLACE}\s*,?\s+(?:that|which)\s+(?:is|are|was|were)\s+"
              rf"(?:(?:colou?red|shaded|filled|highlighted|outlined|bordered|painted|tinted|drawn|marked)\s+)?(?:in\s+)?{shade}(?P<c>{colour})"
              r"(?![\s-]+(?:text|texts|word|words|font|letters?|ink|writing|numbers?|digits?|figures?))")
    # "the word boxed in green", "the text framed with a green line", "the green-boxed word", "the boxed word in
    # green": a mark the colour is of, drawn around the asked thing (a box with no box word). Left to the asked
    # words, the colour makes a text-colour check that finds no green word in a green frame (a screenshot's, which
    # no vector test sees) and widens.
    # The colour ends the phrase or is followed by a linking word ("in green on page 2"), the box word or part it
    # is of ("with a green line"): "surrounded by green trees" names trees, no mark.
    marks = _alt(_list("box_mark_participles"))
    ends = rf"(?=\s*(?:$|[^\w\s-]|{_alt([*_v()['colour_links'], *_list('box_colour_parts'), *_v()['box_words'], *_list('box_words_more'), *_list('box_mark_lines')])}))"
    marked = (rf"(?<![\w-])(?P<b>{marks})\s+(?:(?:[\w'-]+\s+){{0,2}}?(?:in|with|by)|in|with|by)\s+(?:a\s+|an\s+)?{shade}"
              rf"(?P<c>{colour}){ends}")
    marked_front = rf"(?<![\w-]){shade}(?P<c>{colour})[\s-]+(?P<b>{marks})(?![\w-])"
    pats = [rf"{inside}{front}", rf"{said}{front}", rf"(?<![\w-]){front}'s?(?!\w)",
            rf"{inside}{part}", rf"{said}{part}", rf"{inside}{back}", rf"{said}{back}",
            rf"{inside}{placed}", rf"{said}{placed}", marked, marked_front]
    out: list[NamedBox] = []

    def add(b: NamedBox) -> None:
        if not any(not (b.span[1] <= o.span[0] or b.span[0] >= o.span[1]) for o in out):
            out.append(b)

    # "in the green or blue box", "the green and white box": two colours sharing one box word, each a box of its own.
    shared = rf"(?:{inside}|{said}){shade}(?P<c1>{colour})\s*(?:,|\bor\b|\band/or\b|\band\b)\s*(?:the\s+)?{front}"
    for m in re.finditer(shared, q, re.I):
        add(_box(q, m, colours))
        first = NamedBox(colour=colours[m.group("c1").lower()], shape=m.group("b").lower(), text=f"{m.group('c1')} {m.group('b')}", span=(m.start("c1"), m.end("c1")))
        if not any(o.span == first.span for o in out):
            out.append(first)
    for pat in pats:
        for m in re.finditer(pat, q, re.I):
            add(_box(q, m, colours))
    # "in the green box or the blue box": a box after "or" needs no "in" of its own.
    for m in re.finditer(rf"{_OR}{front}", q, re.I):
        if any(o.span[1] <= m.start() for o in out):
            add(_box(q, m, colours))
    return sorted(out, key=lambda b: b.span)


# What a box that is the subject does with its words ("what does the red box on page 3 say"); "what do the red
# squares denote" asks what the marks stand for, no box read.
_SAYS = r"(?:say|read|contain|hold|show|display|state|list|include|mention|spell|write|present)\b"


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
    return a.span[1] <= b.span[0] and re.fullmatch(r"\s*(?:,|\bor\b|\band/or\b|\band\b)\s*(?:the\s+)?(?:[\w-]+[\s-]+)?", q[a.span[1]:b.span[0]], re.I) is not None

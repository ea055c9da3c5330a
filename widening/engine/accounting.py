"""What a check accounts for in a question's words: the words of the parsed target each probe takes,
and what else the question joins to that target. A zero rests on these: a check that leaves a word of
the question unaccounted for may measure a broader set, and one that sees one of several joined things
measures a part of the asked set (either direction: a widening or a zero key).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from widening import rulebook as vocab
from widening.models import ParsedQuestion, Target
from widening.question.parse import object_words
from widening.text import ascii_words

# Probes whose params carry the question's qualifier themselves (as decide.py's list).
_QUALIFIER_AWARE = {"mentions", "map_between"}


@cache
def _rules() -> dict[str, Any]:
    return vocab.load("zero_keys")



def _target_words(field: str, t: Target) -> list[str]:
    """The vocabulary surface forms of one parsed target field (what the question said it with)."""
    v = vocab.load("vocabulary")
    value = getattr(t, field)
    if field == "element":
        return list(v["elements"].get(value, []))
    if field == "colour":
        return list(v["colours"].get(value, []))
    if field == "styles":
        return [w for s in value for w in v["styles"].get(s, [])]
    if field == "object_class":
        return list(object_words().get(value, []))
    if field == "attribute":
        return list(v["person_attributes"].get(value, []))
    if field == "person":
        return list(v["person_words"])
    if field == "pattern":
        return list(v["patterns"].get(value, []))
    if field == "predicate":
        return [*v["comparatives"][value.op], value.column, f"{value.value:g}"]
    if field == "venue":
        # A venue word names the legend category only where rules/maps.yaml gives it that one category:
        # "café" (Eating or Drinking & Nightlife) is not every Eating marker, so it stays a restricting word.
        only = {str(w).lower() for w, cats in vocab.load("maps")["venue_words"].items() if list(cats) == [value]}
        return [w for w in v["venues"].get(value, []) if str(w).lower() in only]
    if field == "between":  # the two streets and the word that sets the band between them
        return [*value, "between"]
    if field == "item":
        return [value, *v["illustration_verbs"]]
    if field == "topic":
        return [*value, *v["topic_filler"]]
    if field == "mention":  # the counted word and the count's frame ("how many times does the word ... appear")
        frame = v["mention_counts"]
        return [value, *frame["openers"], *frame["auxiliaries"], *frame["heads"], *frame["verbs"], *frame["after"]]
    return []


_FIELDS = ("element", "colour", "styles", "object_class", "attribute", "person", "pattern", "predicate", "venue", "between", "item", "topic",
           "mention")


def broader_than_asked(parsed: ParsedQuestion, probe: str) -> str | None:
    """Why the check's members may be candidates of a broader set than asked (None: it measures the asked set).

    Every word of the question must be accounted for: container, quantifier, the target fields
    the probe takes into account (rules/zero_keys.yaml ``probe_takes``) and function words.
    """
    takes = _rules()["probe_takes"].get(probe)
    if takes is None:
        return f"the probe {probe} has no entry in rules/zero_keys.yaml probe_takes"
    t = parsed.target
    present = _present(t)
    ignored = [f for f in present if f not in takes]
    if ignored:
        return f"the question's {', '.join(f'{f} {getattr(t, f)!r}' for f in ignored)} is not taken into account by {probe}"
    quals = [q.text for q in parsed.qualifiers] if probe not in _QUALIFIER_AWARE else []
    if quals:
        return f"the question restricts the set by {', '.join(map(repr, quals))}, which {probe} does not take into account"
    text, target, other = _accounted(parsed)
    words = [*target, *other]
    if words:
        text = re.sub(vocab.alternation(words), " ", text, flags=re.I)
    residue = [w for w in ascii_words(text) if w not in _stop_words()]
    if residue:
        return f"the words {', '.join(map(repr, residue))} may restrict the set, and {probe} does not take them into account"
    return None


def _present(t: Target) -> list[str]:
    return [f for f in _FIELDS if getattr(t, f) not in (None, False, (), "")]


@cache
def _stop_words() -> frozenset[str]:
    return frozenset(str(w).lower() for w in _rules()["function_words"])


def _accounted(parsed: ParsedQuestion) -> tuple[str, list[str], list[str]]:
    """The question up to its first "?" with the places it names blanked, the words of its parsed target,
    and the other words a check accounts for (the quantifier's, picture and region words)."""
    text = parsed.text.split("?", 1)[0]
    v = vocab.load("vocabulary")
    for s in (c.text for c in (*parsed.containers, *parsed.excluded) if c.text):
        text = text.replace(s, " " * len(s))
    other = [*v["quantifiers"].get(parsed.quantifier, []), *v["image_container_words"]]
    if any(c.region for c in parsed.containers):
        other += [w for ws in v["regions"].values() for w in ws]
    target = [str(w) for f in _present(parsed.target) for w in _target_words(f, parsed.target)]
    return text, [w for w in target if w.strip()], other


_ARTICLE = r"(?:(?:the|a|an|any|all|some|other)\s+)?"
_WORD = r"[\w'-]+"


def _or_plural(words: list[str]) -> str:
    """``vocab.alternation`` that also takes each word's plural ("email address" in "email addresses")."""
    return vocab.alternation(words).replace(r")(?![\w])", r")(?:e?s)?(?![\w])")


def joined_beyond(parsed: ParsedQuestion, probe: str) -> str | None:
    """Why a zero of the check is no zero of the asked set: the question joins to the thing the check measures
    another thing it does not ("phone numbers and email addresses", "italic words or phrases"), so the set
    asked is a union the check sees one part of (None: nothing is joined beyond what the check measures).

    A word counts as joined when a list joiner (rules/vocabulary.yaml ``list_joiners``, "nor", a comma or a
    slash) and at most an article stand between it and a word of the parsed target, and it is no word of the
    target, no word the check accounts for and no function word (rules/zero_keys.yaml)."""
    text, target, other = _accounted(parsed)
    if not target:
        return None
    hits = [m.span() for m in re.finditer(_or_plural(target), text, re.I)]
    known = hits + [m.span() for m in re.finditer(_or_plural(other), text, re.I)] if other else hits
    joiners = vocab.alternation([*vocab.load("vocabulary")["list_joiners"], "nor"])
    gap = rf"\s*(?:,(?!\d)\s*(?:{joiners})?|/|{joiners})\s*{_ARTICLE}"  # a comma between digits is a thousands mark

    def loose(start: int, word: str) -> bool:
        inside = any(a <= start < b for a, b in known)
        return not inside and word.lower() not in _stop_words()

    for a, b in hits:
        after = re.match(rf"{gap}({_WORD}(?:\s+(?!{joiners}){_WORD})?)", text[b:], re.I)
        if after and loose(b + after.start(1), after.group(1).split()[0]):
            said = text[a:b + after.end(1)]
            return f"the question joins {said.strip()!r} to what the check ({probe}) measures, and its zero says nothing of the others"
        before = re.search(rf"((?:{_WORD}\s+)?({_WORD})){gap}$", text[:a], re.I)
        if before and loose(before.start(2), before.group(2)):
            said = text[before.start(1):b]
            return f"the question joins {said.strip()!r} to what the check ({probe}) measures, and its zero says nothing of the others"
    return None


# Words that set a place before the words naming it (rules/vocabulary.yaml ``place_links``; without the key, the
# prepositions of containment). An article or determiner may follow; the place is the next words.
_LINKS = ["in", "on", "within", "inside", "among", "across", "throughout", "under", "at"]
_DETERMINER = r"(?:(?:the|a|an|its|this|that|these|those|each|every|all|any|both|his|her|their|our|your) {1,2})?"


def _links() -> list[str]:
    return [str(w).lower() for w in vocab.load("vocabulary").get("place_links") or _LINKS]


@cache
def _link() -> re.Pattern[str]:
    alt = "|".join(sorted((re.escape(w).replace(r"\ ", r"\s+") for w in _links()), key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alt})(?![\w-])", re.I)


# After a link, the place: its words one or two spaces apart (a wider gap is a container the text blanked: "on page 1
# have" is "on        have").
_PLACE_AFTER = re.compile(rf" {{1,2}}{_DETERMINER}([A-Za-z][\w'-]*(?: {{1,2}}[A-Za-z][\w'-]*){{0,3}})", re.I)


def _picked_by_ordinal(text: str, target: list[str]) -> str | None:
    """An ordinal past the first right before the asked thing ("the second italic word", "the 3rd phone number"):
    the question picks one of the set, which is there only when the set has that many; the check counts pieces
    (spans, lines), not the things the question counts, so its finds are candidates of that one."""
    if not target:
        return None
    ordinals = [w for w, n in vocab.load("vocabulary")["ordinal_words"].items() if n > 1]
    said = rf"(?<![\w-])(?:{'|'.join(map(re.escape, ordinals))}|0*(?:[2-9]|[1-9]\d+)(?:st|nd|rd|th))(?![\w])"
    m = re.search(rf"({said})(?:\s+[\w'-]+)?\s+{_or_plural(target)}", text, re.I)
    return m.group(1) if m else None


def unread_place(parsed: ParsedQuestion) -> str | None:
    """A place the question names that no container reads ("in the title", "on the even-numbered pages", "in the
    bullet points on page 5"), or None. The check looked at the container (or the whole document) around it, so
    what it finds may lie outside that place: candidates, never members of the asked set.

    The words after "in / on / within ... (the)" up to a function word count, less the words the check accounts for
    (the target's, the quantifier's, picture and region words) and the words that name the whole document or no
    place (rules/vocabulary.yaml ``whole_document_words``)."""
    text, target, other = _accounted(parsed)
    if n := _picked_by_ordinal(text, target):
        return (f"the question picks the {n} one of what it asks for, there only when the set has that many: "
                "the check's finds are pieces of the set, not its items counted")
    # A link is never blanked as a word the check accounts for ("when" asks a time as a question's opener, links a place after the target).
    links = set(_links())
    known = [w for w in [*target, *other, *vocab.load("vocabulary")["whole_document_words"]] if str(w).lower() not in links]
    text = re.sub(_or_plural(known), lambda m: " " * len(m.group(0)), text, flags=re.I) if known else text
    for link in _link().finditer(text):
        if not (m := _PLACE_AFTER.match(text, link.end())):
            continue
        said: list[str] = []
        for w in m.group(1).split():  # up to a function word or another link ("of the following", "next to")
            if w.lower() in _stop_words() or w.lower() in links:
                break
            said.append(w)
        if said:
            return (f"the question names a place, {' '.join(said)!r} (after {' '.join(link.group(0).split())!r}), that no container reads: "
                    "the check looked around it, and what it finds may lie outside it")
    return None


def unaccounted_qualifier(parsed: ParsedQuestion, probe: str) -> str | None:
    """A qualifier the question restricts the asked set by ("italic words that mention Ferry", "bold words about
    2019") that the check does not take into account, nor is a word of its target ("GDP" of the column "GDP
    growth"); None when there is none. The check's finds are then candidates: any of them may lack it."""
    if probe in _QUALIFIER_AWARE or not parsed.qualifiers:
        return None
    text, target, _ = _accounted(parsed)
    spans = [m.span() for m in re.finditer(_or_plural(target), text, re.I)] if target else []
    for q in parsed.qualifiers:
        if q.span is None or q.text.strip() == "":
            continue
        s, e = q.span
        if text[s:e].strip() == "":
            continue  # inside a container the text blanked ("Table 3", "page 5")
        if any(a <= s and e <= b for a, b in spans):
            continue
        return f"the question restricts the set by {q.text!r}, which {probe} does not take into account"
    return None

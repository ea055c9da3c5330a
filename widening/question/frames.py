"""Non-visual uses of person and object words: a statistic's population, a name asked for.

"The percentage of people who say ...", "respondents who own a cell phone", "the average
session duration for TV" count or describe people and devices the document reports on;
nothing in a picture is asked for. rules/vocabulary.yaml ``non_visual`` lists the frames.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from widening import rulebook as vocab


@cache
def _v() -> dict[str, Any]:
    return vocab.load("vocabulary")


def visual_cue(q: str) -> str | None:
    """The first word that points at a picture: an image container, a picture word, a region, a visible attribute."""
    v = _v()
    lists = [v["image_container_words"], v["elements"]["image"], ["cover"]]
    lists += list(v["regions"].values()) + list(v["person_attributes"].values())
    hits = [h for words in lists if (h := vocab.search(words, q)) is not None]
    return min(hits, key=lambda h: h.start).text if hits else None


def non_visual_frame(q: str) -> str | None:
    """The frame word that makes the question's person or object word non-visual, or None.

    None whenever a visual cue is present: "how many people in the photo say ..." is about a picture.
    """
    if visual_cue(q) is not None:
        return None
    nv = _v()["non_visual"]
    for words in (nv["names"], nv["statistics"]):
        if (h := vocab.search(words, q)) is not None:
            return h.text
    return next((s for s in nv["signs"] if s in q), None)


def in_bracket(q: str, start: int) -> bool:
    """The comparative at ``start`` follows a bracket head ("age above 65", "aged under 30"): it bounds a population."""
    heads = _v()["non_visual"]["bracket_heads"]
    return re.search(vocab.alternation(heads) + r"\s*$", q[:start], re.I) is not None


@cache
def _frame_words() -> frozenset[str]:
    return frozenset(w.lower() for w in vocab.load("qualifiers")["frame_words"])


def is_frame_word(word: str) -> bool:
    """A word of the question's frame (an instruction, a pronoun), never part of a name (rules/qualifiers.yaml)."""
    w = word.strip(".,;:").lower()
    return w in _frame_words() or (len(w) > 3 and w.endswith("s") and w[:-1] in _frame_words())  # "Names Of ..."


def answer_format_spans(q: str) -> list[tuple[int, int]]:
    """Spans of ``q`` that only show the answer's form: example lists ``["A", "B"]``, "e.g. ..." and
    "formatted as ..." to the end of their sentence, "(like 2024)", "like '17:05 CET'", "'yes' or 'no'",
    placeholders such as YYYY-MM-DD. Nothing in them is presupposed (rules/qualifiers.yaml ``answer_format``)."""
    spec = vocab.load("qualifiers")["answer_format"]
    spans = [m.span() for m in re.finditer(r"\[[^\]]*\]", q)]
    spans += [m.span() for m in re.finditer(r"\bY{2,4}(?:[-/]M{1,2})?(?:[-/]D{1,2})?\b", q)]
    trig = vocab.alternation(spec["to_sentence_end"])
    # An instruction counts only where it opens a sentence or clause: inside one, its words may be the question's.
    opens = rf"(?:^|[.?!;:,])\s*(?:please\s+)?(?P<i>{vocab.alternation(spec.get('instructions') or [])})"
    for m in re.finditer(trig, q, re.I):
        # "e.g., ["9%","8%"] in the 2022 survey": an example in brackets or quotes ends there.
        o = re.match(r"[\s,:]*([\[\"'‘“`])", q[m.end():])
        spans.append((m.start(), _closing(q, m.end() + o.end(), o.group(1)) if o else _sentence_end(q, m.end())))
    for m in re.finditer(opens, q, re.I):
        # The instruction's clause ends at its sentence's end or the next comma, colon or semicolon.
        stop = re.search(r"[,;:]", q[m.end("i"):_sentence_end(q, m.end("i"))])
        spans.append((m.start("i"), m.end("i") + stop.start() if stop else _sentence_end(q, m.end("i"))))
    like = vocab.alternation(spec["before_example"])
    for m in re.finditer(rf"\(\s*{like}[^)]*\)|{like}\s*(?P<o>[\"'‘“`\[])", q, re.I):
        end = m.end() if not m.group("o") else _closing(q, m.end(), m.group("o"))
        spans.append((m.start(), end))
    words = "|".join(re.escape(w) for w in spec["quoted_answers"])
    spans += [m.span() for m in re.finditer(rf"[\"'‘“`](?:{words})[\"'’”`]", q, re.I)]
    return sorted(spans)


def _sentence_end(q: str, start: int) -> int:
    m = re.search(r"[?!](?:\s|$)|\.(?:\s+[A-Z]|\s*$)", q[start:])
    return start + m.start() + 1 if m else len(q)


def _closing(q: str, start: int, opener: str) -> int:
    close = {"[": "]", "“": "”", "‘": "’"}.get(opener, opener)
    at = q.find(close, start)
    return at + 1 if at >= 0 else _sentence_end(q, start)


@cache
def _shout_words() -> frozenset[str]:
    qv = vocab.load("qualifiers")
    return frozenset(w.lower() for w in qv["not_heads"]) | _frame_words()


def not_a_name(words: list[str]) -> bool:
    """A capitalised run that names no entity: a measure to compute ("Debt Ratio", "EBITDA"), or an
    all-capitals clause holding function words ("WHAT IS THE LAST YEAR")."""
    # An instruction opening the run ("Return Siemens ...") is no measure word.
    while words and is_frame_word(words[0]):
        words = words[1:]
    low = [w.lower().strip(".,") for w in words]
    if any(w in vocab.load("qualifiers")["measure_words"] for w in low):
        return True
    shouted = all(w.isupper() for w in words if any(c.isalpha() for c in w))
    return shouted and len(words) > 1 and any(w in _shout_words() for w in low)


def not_presupposed(q: str, subs: Any = ()) -> list[tuple[int, int]]:
    """Spans no qualifier is read from: the answer's form, and the item word of an ordinal
    sub-container ("the second FAQ": FAQ is the list, not a name)."""
    spans = answer_format_spans(q) + option_spans(q)
    for c in subs:
        at = q.find(c.text) if c.text else -1
        if at >= 0:
            spans.append((at, at + len(c.text)))
    return spans


def option_spans(q: str) -> list[tuple[int, int]]:
    """The options of "which of the following ...? A, B and C": from the end of that sentence
    (or of the trigger, when the options come before any ? or :) to the end of the question."""
    m = re.search(vocab.alternation(vocab.load("qualifiers")["options_lists"]), q, re.I)
    if m is None:
        return []
    end = re.search(r"[?:]", q[m.end():])
    return [(m.end() + end.end() if end and q[m.end() + end.end():].strip() else m.end(), len(q))]


def depicted(q: str, end: int) -> bool:
    """The name ending at ``end`` qualifies a depiction noun ("Chinese characters", "AWS logo")."""
    nouns = vocab.load("qualifiers")["depiction_nouns"]
    return re.match(r"['’]?s?\s+" + vocab.alternation(nouns) + r"\b", q[end:], re.I) is not None


def structure_head(head: str) -> bool:
    """A head word the document's own structure numbers ("Section", "Chapter"): its number alone may print it."""
    return head.lower().rstrip("s") in {w.rstrip("s") for w in vocab.load("qualifiers")["structure_heads"]}


def position_head(head: str) -> bool:
    """A head word whose number may be a place in a list printed without numbers ("FAQ 5", "step 3";
    rules/qualifiers.yaml ``position_heads``)."""
    return head.lower() in {w.lower() for w in vocab.load("qualifiers")["position_heads"]}


def numbered_head(head: str) -> bool:
    """A head word that numbers things ("error", "version", "wave", "Section"; rules/qualifiers.yaml)."""
    qv = vocab.load("qualifiers")
    return head.lower() in {*qv["numbered_heads"], *qv["structure_heads"]}


def document_part(q: str) -> str | None:
    """The words placing the asked thing in a part of the document no container reads ("in Section 3", "in
    Appendix B", "of the conclusion", "in the third chapter": rules/vocabulary.yaml ``relative_pages.parts``
    and rules/qualifiers.yaml ``structure_heads``), or None. Such a question is looked at over the whole
    document (a superset): a zero there is a zero of the part, but what is found may lie outside it, so its
    finds are candidates, never members of the asked set. A part word that is a picture's ("in the
    background of the photo") is left to the picture: a numbered part only when a visual cue is present."""
    parts = sorted({*(w.lower() for w in _v()["relative_pages"]["parts"]),
                    *(w.lower() for w in vocab.load("qualifiers")["structure_heads"])}, key=len, reverse=True)
    words = "|".join(re.escape(w) for w in parts)
    number = r"(?:\d{1,3}(?:\.\d{1,3})*|[IVXLC]{1,6}|[A-Z])\b"
    # Unnumbered, a part is "the" part, an ordinal or a word of _PART_WORDS at most between ("the third chapter", "the
    # final section"): "of filter-then-rerank methods" or "the portfolio overview" name no part of the document.
    ordinals = "|".join(re.escape(w) for w in sorted({*_v()["ordinal_words"], *_PART_WORDS}, key=len, reverse=True))
    rx = re.compile(rf"\b(?:in|within|inside|throughout|from|of|under)\s+(?:(?P<the>the)\s+(?:(?:{ordinals})\s+)?)?(?:{words})\b"
                    rf"(?P<n>\s+{number})?", re.I)
    visual = visual_cue(q) is not None
    for m in rx.finditer(q):
        if m.group("n") or (m.group("the") and not visual):
            return m.group(0)
    return None


# Words that name which part of its kind ("the final section", "the executive summary"), besides ordinals.
_PART_WORDS = ("last", "final", "opening", "closing", "concluding", "introductory", "executive", "technical")


def named_section(q: str) -> tuple[str, str, tuple[int, int]] | None:
    """(section name, the words naming it, their span) for the first section ``q`` places the asked thing in without
    a number ("in the abstract", "of the paper's conclusion", "in the Methods section": rules/vocabulary.yaml
    ``sections``), or None. A numbered part ("Appendix B", "Section 3") is a presupposed name (qualifiers), and a
    section word after a picture's place ("in the background of the photo") is no section: only the listed names."""
    sec = _v()["sections"]
    forms = sorted(((f, name) for name, fs in sec["names"].items() for f in fs), key=lambda t: len(t[0]), reverse=True)
    alt = "|".join(re.escape(f).replace(r"\ ", r"\s+") for f, _ in forms)
    words = "|".join(re.escape(w) for w in sec["section_words"])
    rx = re.compile(rf"\b(?:in|within|inside|throughout|from|of|under|across)\s+(?:the|this|its|their)\s+"
                    rf"(?:(?:paper|report|document|article|study|book|thesis|author)(?:'s|’s|s'|s’)\s+)?"
                    rf"(?P<form>{alt})(?P<word>\s+(?:{words}))?\b(?!\s*(?:\d|[IVXLC]+\b|[A-Z]\b))", re.I)
    need = {w.lower() for w in sec["with_section_word"]}
    lookup = {re.sub(r"\s+", " ", f.lower()): name for f, name in forms}
    for m in rx.finditer(q):
        form = re.sub(r"\s+", " ", m.group("form").lower())
        if form in need and not m.group("word"):
            continue
        return lookup[form], m.group(0), (m.start(), m.end())
    return None

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

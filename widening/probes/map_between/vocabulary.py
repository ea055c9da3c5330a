"""The map vocabulary (rules/maps.yaml) and how names are compared: venue words to legend
categories, street labels spelt out."""

from __future__ import annotations

from functools import cache
from typing import Any

from widening import rulebook as vocab
from widening.text import letter_words, street_form

# Words that join a category's name ("Eating & Drinking", "Top Sights and the Rest") say nothing.
_JOINERS = frozenset({"and", "the"})


@cache
def rules() -> dict[str, Any]:
    return vocab.load("maps")


def categories_for(word: str) -> tuple[str, ...]:
    """The legend categories a venue word ("restaurant", "café", "Eating") can mean."""
    key = word.strip().lower()
    hit = rules()["venue_words"].get(key)
    return tuple(hit) if hit else (word.strip(),)


def category_matches(legend_category: str, wanted: str) -> bool:
    """'Top Sights' matches 'Sights'; 'Eating & Drinking' matches 'Eating' (containment either way)."""
    a, b = letter_words(legend_category, _JOINERS), letter_words(wanted, _JOINERS)
    return bool(a and b) and (a <= b or b <= a)


def normalise_street(text: str) -> str:
    """'5th Ave.' and '5th Avenue' both become '5th avenue'."""
    return street_form(text, rules()["street_abbreviations"])

"""The map vocabulary (rules/maps.yaml) and how names are compared: venue words to legend
categories, street labels spelt out."""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from itertools import product
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


def _fold(text: str) -> str:
    """Lower case, accents dropped ("Cafés" -> "cafes")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


def _says(text: str, word: str) -> bool:
    """Whether ``word`` (a word or a phrase) stands in ``text`` as words of its own, accents aside."""
    return re.search(rf"(?<![a-z]){re.escape(_fold(word))}(?![a-z])", _fold(text)) is not None


def category_meaning(legend_category: str) -> frozenset[str]:
    """The rulebook categories a legend category's name means: each it names or is part of ("Top Sights":
    Sights; "Drinking": Drinking & Nightlife) and the meanings of every venue word it holds ("Restaurants":
    Eating; "Cafés & Bars": Eating and Drinking & Nightlife). Empty when it names none ("Local Favourites")."""
    venue = rules()["venue_words"]
    out = {c for cats in venue.values() for c in cats if category_matches(legend_category, c)}
    for word, cats in venue.items():
        if _says(legend_category, word):
            out |= set(cats)
    return frozenset(out)


def legend_reading(legend_category: str, asked: tuple[str, ...] | list[str]) -> str | None:
    """How a legend category stands to the categories asked: "member" when everything under it is of a
    category asked (its name is one, or every category its words mean is); "maybe" when some of what it
    means is asked ("Cafés" for a restaurant) or it means nothing the rulebook knows (a key section of unknown
    kind may list what is asked) unless a word of rules/maps.yaml ``venue_words`` with no category names it
    ("Transport"); else None."""
    if any(category_matches(legend_category, w) for w in asked):
        return "member"
    meaning = category_meaning(legend_category)
    if not meaning:
        known = any(_says(legend_category, w) for w, cats in rules()["venue_words"].items() if not cats)
        return None if known else "maybe"
    hits = {m for m in meaning if any(category_matches(m, w) for w in asked)}
    return "member" if hits == meaning else "maybe" if hits else None


def venue_word(word: str) -> str | None:
    """``word`` as a rules/maps.yaml venue word ("Café" -> "café"), None when it is none (a category's name
    such as "Drinking & Nightlife")."""
    key = word.strip().lower()
    return key if key in rules()["venue_words"] else None


def _kind_of(word: str) -> tuple[str, dict[str, list[str]]] | None:
    """The rules/maps.yaml ``venue_kinds`` entry whose words hold ``word`` ("bars" -> bar), None when none does."""
    w = word.strip().lower()
    for kind, spec in (rules().get("venue_kinds") or {}).items():
        if w == kind.lower() or w in (x.lower() for x in spec.get("words", [])):
            return kind, spec
    return None


def same_venue(word: str) -> tuple[str, ...]:
    """The venue words that mean what ``word`` means: those of its kind (rules/maps.yaml ``venue_kinds``: "bar" ->
    bar, bars), else, for a word of several categories, those of the same categories ("club" -> club, clubs,
    nightclub). A marker whose name says one of them is a venue of that kind."""
    if (hit := _kind_of(word)) is not None:
        return tuple(dict.fromkeys([hit[0].lower(), *(w.lower() for w in hit[1].get("words", []))]))
    venue = rules()["venue_words"]
    cats = sorted(venue.get(word.strip().lower()) or [])
    return tuple(w for w, c in venue.items() if cats and sorted(c) == cats)


def _unless(words: tuple[str, ...]) -> tuple[str, ...]:
    """The phrases that say one of ``words`` yet name another kind ("sushi bar" for a bar)."""
    out: list[str] = []
    for w in words:
        if (hit := _kind_of(w)) is not None:
            out += [u.lower() for u in hit[1].get("unless", [])]
    return tuple(dict.fromkeys(out))


def venue_reading(category: str, also: tuple[str, ...] | list[str]) -> tuple[set[str], tuple[str, ...]]:
    """What a question's venue asks, as (categories asked whole, words a marker's name must say).

    The venue words are those of ``also`` (the question's own words, passed by the question stage), else
    ``category`` itself when it is a venue word. A word of one meaning ("restaurant": Eating) asks its category
    whole; a word of one kind (rules/maps.yaml ``venue_kinds``: "bakery", "bar") or of several categories ("café":
    Eating or Drinking & Nightlife) asks only part of each, so a marker of those sections is of the kind asked
    only where its name (or its section's) says the word or one of the same meaning. An entry that is no venue
    word (a category's name) asks its category whole."""
    given = [w for w in also if venue_word(w)]
    words = given or ([category] if venue_word(category) else [])
    whole: set[str] = set()
    narrow: list[str] = []
    for w in words:
        cats = categories_for(w)
        if len(cats) > 1 or _kind_of(w) is not None:
            narrow += same_venue(w)
        else:
            whole |= set(cats)
    for c in (*([] if words else [category]), *(a for a in also if not venue_word(a))):
        whole |= set(categories_for(c))
    return whole, tuple(dict.fromkeys(narrow))


def says_any(text: str, words: tuple[str, ...]) -> bool:
    """Whether ``text`` says one of ``words`` as words of its own, accents and case aside."""
    return any(_says(text, w) for w in words)


def says_kind(name: str, words: tuple[str, ...]) -> bool:
    """Whether a marker's key name says it is a venue of the kind ``words`` name ("Joe's Bar & Grill" for a bar):
    it says one of them, and no phrase that says such a word yet names another kind ("Sushi Bar")."""
    if not says_any(name, words):
        return False
    blank = _fold(name)
    for u in _unless(words):
        blank = re.sub(rf"(?<![a-z]){re.escape(_fold(u))}(?![a-z])", " ", blank)
    return says_any(blank, words)


def section_says_kind(section: str, words: tuple[str, ...]) -> bool:
    """Whether a key section's name says every marker under it is of the kind ``words`` name: it says one of
    them, and no venue word of another kind ("Cafés & Bars" holds bars, no café: not for a café)."""
    if not says_kind(section, words):
        return False
    venue = rules()["venue_words"]
    others = [w for w, cats in venue.items() if cats and w not in words and _says(section, w)]
    # A word inside one of ``words`` ("coffee" in "coffee shop") is no other kind.
    return not [w for w in others if not any(_says(k, w) for k in words if _says(section, k))]


_TENS = re.compile(r"[2-9]0")
_UNIT_ORDINAL = re.compile(r"([1-9])(?:st|nd|rd|th)")


def _ordinal(n: int) -> str:
    """45 -> '45th', 21 -> '21st', 12 -> '12th'."""
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@cache
def _spellings() -> dict[str, str]:
    """Each word a street label may print for another: its abbreviations and spelled-out numbers."""
    return {**rules()["street_numbers"], **rules()["street_abbreviations"]}


def normalise_street(text: str) -> str:
    """'5th Ave.' and '5th Avenue' both become '5th avenue'; a spelled-out ordinal ('Forty-Fifth
    Avenue': rules/maps.yaml spells 'forty' as 40 and 'fifth' as 5th) becomes '45th avenue'."""
    out: list[str] = []
    for w in street_form(text, _spellings()).split():
        if out and _TENS.fullmatch(out[-1]) and (m := _UNIT_ORDINAL.fullmatch(w)):
            out[-1] = _ordinal(int(out[-1]) + int(m.group(1)))  # "40 5th" -> "45th"
        else:
            out.append(w)
    return " ".join(out)


def street_key(text: str) -> str:
    """A label as compared with a street's forms: normalised, its words run together, so a label
    set letter by letter ('4 5 t h  A v e') or with a raised ordinal ('45' + 'th') reads as one."""
    return "".join(normalise_street(text).split())


def street_forms(name: str) -> frozenset[str]:
    """Every way a label may print street ``name``, run together: each word spelt out or in any of
    its abbreviations ('45th Ave.' -> '45thavenue', '45thave', '45thav')."""
    abbreviations = _spellings()
    variants = [[w, *sorted(a for a, full in abbreviations.items() if full == w)] for w in normalise_street(name).split()]
    return frozenset("".join(combo) for combo in product(*variants)) if variants else frozenset()


def typeless_forms(name: str) -> frozenset[str]:
    """The forms of street ``name`` with its type word dropped ('45th Ave.' -> '45th'; 'Market St' -> 'market'):
    a map may label its streets without their type. Empty when the name has no type word (or nothing else)."""
    types = set(rules()["street_abbreviations"].values())
    words = normalise_street(name).split()
    rest = [w for w in words if w not in types]
    return street_forms(" ".join(rest)) if rest and len(rest) < len(words) else frozenset()


def may_print_street(text: str, forms: frozenset[str]) -> bool:
    """Whether ``text`` (a page's words) may print a street of ``forms`` anywhere, whatever its spacing:
    a form inside the words run together, not preceded by a digit when it starts with one ('4th' is
    not in '14th')."""
    hay = street_key(text)
    return any(re.search((r"(?<!\d)" if f[:1].isdigit() else "") + re.escape(f), hay) for f in forms)

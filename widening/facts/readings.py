"""Every reading of a page number: PDF index, PDF page label, printed folio.

"Page 9" may mean the ninth page of the file, the page labelled "9", or the page
with "9" printed on it. A container is missing only when it is missing under all.
"""

from __future__ import annotations

import re

from widening.models import DocumentFacts, Reading, ReadingTried
from widening.text import roman_value

_UNITS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fifth": 5, "eighth": 8, "ninth": 9, "twelfth": 12}
_PREFIX = re.compile(r"^(?:pages?|pp?\.?|pg\.?|slides?|no\.?|#)\s*", re.I)
# Ranges far longer than any document are cut here; the cut is reported in ``number``.
MAX_RANGE = 100_000


def word_value(text: str) -> int | None:
    """'thirteen' -> 13, 'twenty-one' -> 21, 'ninth' -> 9; None for anything else."""
    t = text.strip().lower().replace("-", " ")
    parts = t.split()
    if not parts or len(parts) > 2:
        return None

    def one(w: str) -> int | None:
        if w in _UNITS:
            return _UNITS.index(w)
        if w in _TENS:
            return _TENS[w]
        if w in _ORDINALS:
            return _ORDINALS[w]
        if w.endswith("th") and w[:-2] in _UNITS:
            return _UNITS.index(w[:-2])
        if w.endswith("ieth") and w[:-4] + "y" in _TENS:
            return _TENS[w[:-4] + "y"]
        return None

    vals = [one(w) for w in parts]
    if any(v is None for v in vals):
        return None
    if len(vals) == 2:
        if parts[0] not in _TENS or not 1 <= vals[1] <= 9:  # type: ignore[operator]
            return None
        return vals[0] + vals[1]  # type: ignore[operator]
    return vals[0]


def parse_number(text: str) -> tuple[int | None, bool]:
    """A page number as a question gives it -> (value, is_roman). (None, False) when unreadable."""
    t = _PREFIX.sub("", str(text).strip()).strip().rstrip(".")
    if re.fullmatch(r"\d{1,7}", t):
        return int(t), False
    r = roman_value(t)
    if r is not None:
        return r, True
    return word_value(t), False


def _label_matches(label: str | None, text: str, value: int | None, roman: bool) -> bool:
    if not label:
        return False
    lab = label.strip()
    if lab.lower() == text.strip().lower():
        return True
    if value is None:
        return False
    if roman:
        return roman_value(lab) == value
    return lab.isdigit() and int(lab) == value


def _printed_matches(printed: tuple[str, ...], value: int | None, roman: bool) -> bool:
    if value is None:
        return False
    for p in printed:
        if roman:
            if roman_value(p) == value:
                return True
        elif p.isdigit() and int(p) == value:
            return True
    return False


def _pages_for(facts: DocumentFacts, text: str) -> dict[Reading, list[int]]:
    value, roman = parse_number(text)
    out: dict[Reading, list[int]] = {Reading.pdf: [], Reading.label: [], Reading.printed: []}
    # A roman number also gets its PDF-index reading: an extra page to check is the safe side.
    if value is not None and 1 <= value <= facts.page_count:
        out[Reading.pdf].append(value)
    for p in facts.pages:
        if _label_matches(p.label, _PREFIX.sub("", text.strip()), value, roman):
            out[Reading.label].append(p.index)
        if _printed_matches(p.printed, value, roman):
            out[Reading.printed].append(p.index)
    return out


def resolve(facts: DocumentFacts, number: str | int) -> tuple[ReadingTried, ...]:
    """The PDF pages ``number`` denotes under each reading (pdf, label, printed); empty where it does not exist."""
    text = str(number)
    found = _pages_for(facts, text)
    return tuple(ReadingTried(reading=r, number=text, pages=tuple(sorted(set(found[r])))) for r in Reading)


def resolve_range(facts: DocumentFacts, first: str | int, last: str | int) -> tuple[ReadingTried, ...]:
    """Pages of "pages first-last" under each reading; a reading's range exists when any page of it does."""
    a, ra = parse_number(str(first))
    b, rb = parse_number(str(last))
    if a is None or b is None:
        # Unreadable bounds: try them as single numbers so nothing silently vanishes.
        return tuple(t for n in (first, last) for t in resolve(facts, n))
    lo, hi = min(a, b), max(a, b)
    hi = min(hi, lo + MAX_RANGE)
    roman = ra and rb
    label = f"{first}-{last}"
    acc: dict[Reading, set[int]] = {r: set() for r in Reading}
    # Only values that can possibly hit a page are looked up: index, label and printed
    # values are bounded by what the facts hold, so scanning them beats scanning the range.
    acc[Reading.pdf].update(range(max(lo, 1), min(hi, facts.page_count) + 1))
    for p in facts.pages:
        if p.label:
            v = roman_value(p.label.strip()) if roman else (int(p.label) if p.label.strip().isdigit() else None)
            if v is not None and lo <= v <= hi:
                acc[Reading.label].add(p.index)
        for s in p.printed:
            v = roman_value(s) if roman else (int(s) if s.isdigit() else None)
            if v is not None and lo <= v <= hi:
                acc[Reading.printed].add(p.index)
    return tuple(ReadingTried(reading=r, number=label, pages=tuple(sorted(acc[r]))) for r in Reading)

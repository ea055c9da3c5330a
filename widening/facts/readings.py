"""Every reading of a page number: PDF index, PDF page label, printed folio.

"Page 9" may mean the ninth page of the file, the page labelled "9", or the page
with "9" printed on it. A container is missing only when it is missing under all.
"""

from __future__ import annotations

import re

from functools import cache
from typing import TYPE_CHECKING

from widening.facts.folios import FOLIO_BAND, RUN_WINDOW, SIDE_BAND
from widening.models import BBox, DocumentFacts, PageFacts, PageKind, Reading, ReadingTried
from widening.text import roman_value

if TYPE_CHECKING:
    from widening.facts.document import Doc

_UNITS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fifth": 5, "eighth": 8, "ninth": 9, "twelfth": 12}
_PREFIX = re.compile(r"^(?:pages?|pp?\.?|pg\.?|slides?|no\.?|#)\s*", re.I)
# A page word a page label may carry before its number ("Page 9", "p. 9", "Slide 9", "Seite 9"): the label is
# still that number. Only a word a reader takes as "page" or "slide" (and a dot or colon after it); a letter
# prefix ("A-9", "S9") names another numbering and is a doubtful reading (engine.containers).
_LABEL_PAGE_WORD = re.compile(r"^(?:pages?|pg\.?|pp?\.|slides?|seite|p[áa]gina)\s*[.:]?\s*(?=\S)", re.I)
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


def label_number(label: str | None) -> str:
    """A page label's number as a reader says it: the label without a page word before it ("Page 9" -> "9")."""
    lab = (label or "").strip()
    return _LABEL_PAGE_WORD.sub("", lab).strip() or lab


def _label_matches(label: str | None, text: str, value: int | None, roman: bool) -> bool:
    if not label:
        return False
    lab = label.strip()
    if lab.lower() == text.strip().lower():
        return True
    lab = label_number(lab)
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


def _content_pages(facts: DocumentFacts) -> list[int]:
    """The PDF pages that are not blank, in order: the pages a reader counts when the file holds empty sheets."""
    return [p.index for p in facts.pages if p.kind is not PageKind.empty]


def _plain(text: str) -> str:
    """``text`` case-folded, with everything but letters (punctuation, digits, marks) set aside as spaces."""
    return " ".join(re.sub(r"[\W\d_]+", " ", text.casefold()).split())


@cache
def _blank_phrases() -> frozenset[str]:
    from widening import rulebook  # read at first use, never at import

    return frozenset(_plain(w) for w in rulebook.load("labels").get("blank_sheet_phrases", ()) if _plain(w))


def blank_phrase(text: str) -> bool:
    """``text`` (a page's body text), as a whole, is what a blank sheet prints (rules/labels.yaml
    ``blank_sheet_phrases``: "[This page intentionally left blank]", "Notes"), case, punctuation and digits aside."""
    plain = _plain(text)
    return bool(plain) and plain in _blank_phrases()


# A running head or foot is a line printed on this many other pages at least (its digits aside).
_REPEATED_ON = 2


def _phrase_sheets(facts: DocumentFacts) -> set[int]:
    """Pages that show no image and whose text, its folio and running-head lines set aside (a line of no letter
    but a page word, a line printed on ``_REPEATED_ON`` other pages or more), is a blank sheet's phrase (``blank_phrase``).
    Read from the facts alone (no geometry): used for a doubtful reading only."""
    if not any(p.text and blank_phrase_in(p.text) for p in facts.pages):
        return set()
    seen: dict[str, set[int]] = {}
    for p in facts.pages:
        for line in p.text.splitlines():
            seen.setdefault(_plain(line), set()).add(p.index)
    out = set()
    for p in facts.pages:
        if p.image_count or not p.text.strip():
            continue
        body = [line for line in p.text.splitlines() if (plain := _plain(line)) and _PREFIX.sub("", plain)
                and (blank_phrase(line) or len(seen.get(plain, ())) <= _REPEATED_ON)]
        if body and blank_phrase(" ".join(body)):
            out.add(p.index)
    return out


def blank_phrase_in(text: str) -> bool:
    """Whether some phrase of a blank sheet appears in ``text`` (a cheap test before the lines are read)."""
    plain = f" {_plain(text)} "
    return any(f" {w} " in plain for w in _blank_phrases())


def _counted_over_content(facts: DocumentFacts, lo: int, hi: int, label: str, tried: tuple[ReadingTried, ...]) -> ReadingTried | None:
    """Pages ``lo``-``hi`` counted over the pages that are not blank to a reader (a blank sheet before the first
    page, the empty backs of a duplex scan, a page printing only "This page intentionally left blank"), as a
    doubtful reading where it gives a page no other reading gives: a reader who leafs past a blank sheet does not
    count it, so "the second page" may be the second page with content. Doubtful: a find there is a doubt, never
    a member, and it never makes a page exist."""
    drawn = _content_pages(facts)
    phrased = _phrase_sheets(facts)
    if len(drawn) == facts.page_count and not phrased:
        return None
    have = {p for t in tried for p in t.pages}
    pages: set[int] = set()
    for over in (drawn, [p for p in drawn if p not in phrased]):
        pages |= {over[k - 1] for k in range(max(lo, 1), min(hi, len(over)) + 1)}
    pages -= have
    return ReadingTried(reading=Reading.pdf, number=f"{label} counted over the {len(drawn) - len(phrased & set(drawn))} pages that are not blank to a reader",
                        pages=tuple(sorted(pages)), doubtful=True) if pages else None


def resolve(facts: DocumentFacts, number: str | int) -> tuple[ReadingTried, ...]:
    """The PDF pages ``number`` denotes under each reading (pdf, label, printed); empty where it does not exist.
    Where the file holds blank pages, the number counted over the pages with content follows, as a doubtful reading."""
    text = str(number)
    found = _pages_for(facts, text)
    tried = tuple(ReadingTried(reading=r, number=text, pages=tuple(sorted(set(found[r])))) for r in Reading)
    value, _ = parse_number(text)
    counted = _counted_over_content(facts, value, value, text, tried) if value is not None else None
    return tried + ((counted,) if counted else ())


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
            lab = label_number(p.label)
            v = roman_value(lab) if roman else (int(lab) if lab.isdigit() else None)
            if v is not None and lo <= v <= hi:
                acc[Reading.label].add(p.index)
        for s in p.printed:
            v = roman_value(s) if roman else (int(s) if s.isdigit() else None)
            if v is not None and lo <= v <= hi:
                acc[Reading.printed].add(p.index)
    tried = tuple(ReadingTried(reading=r, number=label, pages=tuple(sorted(acc[r]))) for r in Reading)
    counted = _counted_over_content(facts, lo, hi, label, tried)
    return tried + ((counted,) if counted else ())


def skipped_numbers(facts: DocumentFacts) -> dict[int, frozenset[tuple[int, bool]]]:
    """Per page, the (value, roman) numbers a folio run passes over beside its folio where the pages between the
    two folios cannot hold them all: "7" read on p3 and "9" on p4 (two printed pages side by side on each sheet, one
    folio printed or read on each), so page 8 is on p3 or p4 (or on a page left out of the file). Each page from the
    one folio to the next, both included, may hold one unread number: a larger jump (another run, a chapter's own
    numbering) is no skip. At either end of the folios a skipping run reads, the number one past its end may be on
    its end page too ("3" on the first sheet, page 2 unread beside it). Read from the facts alone (no geometry)."""
    out: dict[int, set[tuple[int, bool]]] = {}
    for roman in (False, True):
        numbered = [(p.index, vals) for p in facts.pages
                    if (vals := [c.value for c in p.folio_candidates if c.accepted and c.roman == roman])]
        skipping: list[int] = []
        for (pp, before), (p, after) in zip(numbered, numbered[1:]):
            a, b = max(before), min(after)
            gap, room = b - a - 1, p - pp - 1
            if p - pp <= RUN_WINDOW and room < gap <= room + 2:
                for q in range(pp, p + 1):
                    out.setdefault(q, set()).update((v, roman) for v in range(a + 1, b))
                skipping += [pp, p]
        if skipping:
            (first, low), (last, high) = numbered[0], numbered[-1]
            if first in skipping and min(low) > 1:
                out.setdefault(first, set()).add((min(low) - 1, roman))
            if last in skipping:
                out.setdefault(last, set()).add((max(high) + 1, roman))
    return {p: frozenset(v) for p, v in out.items()}


def in_margin(p: PageFacts, bbox: BBox) -> bool:
    """``bbox`` centres in the top or bottom FOLIO_BAND of page ``p``, or lies in a SIDE_BAND at its side."""
    x0, y0, x1, y1 = bbox
    cy = (y0 + y1) / 2
    return cy <= FOLIO_BAND * p.height or cy >= p.height - FOLIO_BAND * p.height or x1 <= SIDE_BAND * p.width or x0 >= p.width - SIDE_BAND * p.width


# A page label or folio with a prefix before its number: an appendix's "A-3", a supplement's "S3", a
# chapter's page "2-3" (not "2.3": a decimal in a margin is a value, far more often than a folio).
# A question may drop the prefix ("page 3"). The folio reader takes
# plain numbers only, so margin lines are read here: a line that is such a number ("Page A-3" too),
# or a running head that starts or ends with one.
_PREFIXED = re.compile(r"(?:[A-Za-z]{1,3}\s?[-.\u2013]?|\d{1,3}\s?[-\u2013])\s?0*(\d{1,5})")
_PAGE_WORD = re.compile(r"^(?:page|p\.|pg\.?|slide)\s*", re.I)
# A chapter's page printed "3.12": a decimal, taken only where a run of them counts up page by page.
_CHAPTER_DECIMAL = re.compile(r"(\d{1,3})\.(\d{1,4})")
# Pages apart two folios of a run may be (a folio on odd pages only, one page without its folio).
_RUN_GAP = 2


def _decimal_runs(decimals: dict[int, set[tuple[int, int]]]) -> dict[int, set[int]]:
    """Per page, the second parts of its "C.N" margin decimals that a page near it continues (C.N+k
    ``k`` pages on): a chapter's folios. A lone "3.5" in a footer, or the same value on every page, is none."""
    out: dict[int, set[int]] = {}
    for page, found in decimals.items():
        for chapter, n in found:
            if any((chapter, n + k) in decimals.get(page + k, set()) for k in range(-_RUN_GAP, _RUN_GAP + 1) if k):
                out.setdefault(page, set()).add(n)
    return out


def prefixed_numbers(doc: "Doc") -> dict[int, set[int]]:
    """Per page, the numbers its label or a margin line prints after a prefix (memoised per document)."""
    key = ("prefixed_numbers",)
    if key in doc.memo:
        return doc.memo[key]
    out: dict[int, set[int]] = {}
    decimals: dict[int, set[tuple[int, int]]] = {}
    for p in doc.facts.pages:
        texts = [p.label or ""]
        lines = [(l.bbox, l.text) for l in p.ocr_lines] if p.text_source == "ocr" else [
            (ln["bbox"], "".join(sp["text"] for sp in ln["spans"])) for b in doc.page(p.index).get_text("dict")["blocks"] for ln in b.get("lines", ())
        ] if p.text_source == "layer" else []
        for bbox, text in lines:
            if in_margin(p, bbox):
                words = text.split()
                texts += [_PAGE_WORD.sub("", text.strip()), *words[:1], *words[-1:]]
        out[p.index] = {int(m.group(1)) for t in texts if (m := _PREFIXED.fullmatch(t.strip()))}
        decimals[p.index] = {(int(m.group(1)), int(m.group(2))) for t in texts if (m := _CHAPTER_DECIMAL.fullmatch(t.strip()))}
    for page, values in _decimal_runs(decimals).items():
        out[page] |= values
    doc.memo[key] = out
    return out


def prefixed_pages(doc: "Doc", first: str | int, last: str | int | None = None) -> tuple[int, ...]:
    """The pages labelled or printed in a margin with a number of ``first``-``last`` (``first`` alone when
    ``last`` is None) after a prefix ("A-9", "S9", "2-9" for page 9): a question may drop the prefix. Arabic
    numbers only; the pages' values are scanned, so a range of any length costs the same."""
    lo, hi = str(first).strip(), str(last if last is not None else first).strip()
    if not (lo.isdigit() and hi.isdigit()):
        return ()
    a, b = sorted((int(lo), int(hi)))
    return tuple(i for i, values in sorted(prefixed_numbers(doc).items()) if any(a <= v <= b for v in values))

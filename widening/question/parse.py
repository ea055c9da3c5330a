"""Question understanding: from the question text alone to a typed ``ParsedQuestion``.

General patterns plus the vocabularies in rules/; nothing here knows any corpus row.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Any, NamedTuple

import regex

from widening import rulebook as vocab
from widening.question.boxes import named_boxes
from widening.question.frames import depicted, document_part, in_bracket, named_section, is_frame_word, non_visual_frame, not_a_name, not_presupposed
from widening.models import Container, ContainerKind, ParsedQuestion, Predicate, Qualifier, Target
from widening.text import ascii_words, roman_value, to_roman

_SPACE = re.compile(r"\s+")


@cache
def _v() -> dict[str, Any]:
    return vocab.load("vocabulary")


@cache
def _c() -> dict[str, Any]:
    return vocab.load("cases")


@cache
def _object_contexts() -> dict[str, re.Pattern[str]]:
    classes = vocab.load("objects")["classes"]
    return {str(c): re.compile(s["noun_context"], re.I) for c, s in classes.items() if isinstance(s, dict) and s.get("noun_context")}


_HYPHENATED = re.compile(r"(?<![\w-])\w+(?:-\w+)+")


def without_compounds(text: str) -> str:
    """``text`` with the compounds that name no pictured thing blanked (offsets kept): hyphenated
    words ("man-made") and rules/objects.yaml ``compounds`` ("hot dog")."""
    blank = lambda m: " " * len(m.group(0))  # noqa: E731
    text = _HYPHENATED.sub(blank, text)
    words = list(vocab.load("objects").get("compounds") or [])
    return re.sub(vocab.alternation(words), blank, text, flags=re.I) if words else text


def pictured_object_words(q: str) -> dict[str, list[str]]:
    """``object_words`` less the classes whose word ``q`` uses in another sense (rules/objects.yaml ``noun_context``)."""
    ctx = _object_contexts()
    return {c: w for c, w in object_words().items() if c not in ctx or ctx[c].search(q)}


@cache
def object_words() -> dict[str, list[str]]:
    """Detector class -> question words, from rules/objects.yaml."""
    classes = vocab.load("objects")["classes"]
    out: dict[str, list[str]] = {}
    for cls, spec in classes.items():
        words = spec.get("words", []) if isinstance(spec, dict) else spec
        if isinstance(words, list) and words:
            out[str(cls)] = [str(w) for w in words]
    return out


def _number(token: str) -> int | None:
    v = _v()
    token = _SPACE.sub(" ", token.lower().strip("."))
    if token.isdigit():
        return int(token)
    m = re.fullmatch(r"(\d+)(?:st|nd|rd|th)", token)
    if m:
        return int(m.group(1))
    for word, scale in sorted(v["scale_words"].items(), key=lambda kv: -kv[1]):  # "one hundred and five", "two thousand"
        m = re.fullmatch(rf"([a-z]+)[- ]{re.escape(word)}(?:[- ](?:and[- ])?(.+))?", token)
        if m:
            head, tail = _number(m.group(1)), _number(m.group(2)) if m.group(2) else 0
            return head * scale + tail if head and head < 10 and tail is not None and tail < scale else None
    m = re.fullmatch(r"([a-z]+)[- ]([a-z]+)", token)  # "twenty-one", "thirty first"
    if m and m.group(1) in v["tens_words"]:
        unit = v["number_words"].get(m.group(2)) or v["ordinal_words"].get(m.group(2))
        return v["tens_words"][m.group(1)] + unit if unit and unit < 10 else None
    return v["number_words"].get(token) or v["ordinal_words"].get(token) or v["tens_words"].get(token) or v["tens_ordinals"].get(token)


def _words_alt(words: list[str]) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


def _compound_alt(ordinal_only: bool = False) -> str:
    """Tens and a unit: "twenty-one", "thirty first" (``ordinal_only``: "twenty-first" only)."""
    v = _v()
    unit_words = v["ordinal_words"] if ordinal_only else {**v["number_words"], **v["ordinal_words"]}
    units = [w for w, n in unit_words.items() if n < 10]
    return rf"(?:{_words_alt(list(v['tens_words']))})[- ](?:{_words_alt(units)})"


def _scaled_alt() -> str:
    """A spelt number with a scale: "one hundred", "two hundred and five", "one hundred twenty-one", "two
    thousand", "one thousand two hundred and five": a unit, a scale, then any number below the scale (a
    smaller scale's too); a bigger scale first."""
    v = _v()
    units = [w for w, n in v["number_words"].items() if n < 10]
    below = list(v["number_words"]) + list(v["ordinal_words"]) + list(v["tens_words"])
    small = rf"(?:{_compound_alt()}|{_words_alt(below)})\b"
    scaled: list[str] = []
    for word, _ in sorted(v["scale_words"].items(), key=lambda kv: kv[1]):
        tail = rf"(?:[- ](?:and[- ])?(?:{'|'.join([*reversed(scaled), small])}))?"
        scaled.append(rf"(?:{_words_alt(units)})[- ]{re.escape(word)}\b{tail}")
    return "(?:" + "|".join(reversed(scaled)) + ")"


def _num_alt() -> str:
    v = _v()
    words = list(v["number_words"]) + list(v["ordinal_words"]) + list(v["tens_words"]) + list(v["tens_ordinals"])
    # A scaled or compound number first: "page one hundred" is page 100, "twenty-first page" page 21.
    return r"(?:" + _scaled_alt() + "|" + _compound_alt() + r"|\d+(?:st|nd|rd|th)?|[ivxlc]{1,6}|" + _words_alt(words) + r")"


# --------------------------------------------------------------------------- containers

# Page and caption phrases are read on a folded copy of the question (``_fold``): every dash, tilde and
# wave dash is "-", so one range joiner reads "3-5", "3‑5", "3−5", "3~5" and "3～5" alike.
_RANGE_JOIN = r"\s*(?:-|to|through|thru|till|until)\s*"
# Words that join the items of a list ("pages 3 as well as 4", "3 and/or 4": rules/vocabulary.yaml
# ``list_joiners``), longest first. A joiner not listed is caught after the list (``_dangling``): the
# scope is then the whole document.
# Read when first parsed, never at import: a broken install must reach the CLI's error report.
@cache
def _list_words_alt() -> str:
    words = sorted(_v()["list_joiners"], key=len, reverse=True)
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") + (r"(?![\w])" if w[-1].isalpha() else "") for w in words)


@cache
def _list_join() -> str:
    return rf"\s*(?:,\s*(?:{_list_words_alt()})?|{_list_words_alt()}|/)\s*"
# Characters that stand for a range dash or a list comma in other scripts and typesettings.
_FOLD = str.maketrans({**{c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2043\ufe58\ufe63\uff0d~\u301c\u3030\uff5e\u2026"},
                       "\u3001": ",", "\uff64": ","})


def _fold(q: str) -> str:
    """``q`` with each character in its compatibility form where that is one character (full-width digits,
    "，", "；") and every dash, tilde and ellipsis a "-": the same length, so spans stay valid on ``q``.
    Only the page and caption reader uses it: a name keeps its own characters."""
    out = []
    for ch in q:
        n = unicodedata.normalize("NFKC", ch)
        out.append(n if len(n) == 1 else ch)
    return "".join(out).translate(_FOLD)


_ARTICLES = ("the", "a", "an", "this", "that")
# Containers that are places in the page sequence (a region or a relative word can attach to them).
_PLACE_KINDS = (ContainerKind.page, ContainerKind.slide, ContainerKind.page_range, ContainerKind.cover, ContainerKind.last_page)
_YEAR = re.compile(r"(?:19|20)\d\d")


def _page_kind(word: str) -> ContainerKind:
    return ContainerKind.slide if word.lower().startswith("slide") else ContainerKind.page


def _roman(token: str) -> int:
    return _from_roman(token.upper()) if re.fullmatch(r"[ivxlc]+", token, re.I) else 0


def _modified(low: str, start: int) -> bool:
    """A fixed place phrase right after a modifier ("the page after the first page", "the inner back
    cover") does not name that place."""
    before = re.findall(r"[a-z]+", low[max(0, start - 30):start])
    while before and before[-1] in _ARTICLES:
        before.pop()
    return _modifier_of(low, start) or (bool(before) and before[-1] in _v()["place_modifiers"])


def _modifier_of(low: str, start: int) -> bool:
    """A place phrase after "<modifier> of" ("the back of the cover": the inside front cover; "the reverse of
    page 3": its other side) does not name that place."""
    before = re.findall(r"[a-z]+", low[max(0, start - 30):start])
    while before and before[-1] in _ARTICLES:
        before.pop()
    return len(before) > 1 and before[-1] == "of" and before[-2] in _v()["place_modifiers"]


def _page_alt() -> str:
    v = _v()
    return "(?:" + "|".join(re.escape(w) for w in sorted(v["page_words"] + v["slide_words"], key=len, reverse=True)) + ")"


@cache
def _list_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The page list reader: a page word, an item (a number or a range), and a join to the next item."""
    num, page = _num_alt(), _page_alt()
    marks = "|".join(re.escape(w) for w in sorted(_v()["page_number_marks"], key=len, reverse=True))
    mark = rf"(?:(?:{marks})(?<=[.#°º№])\s*|(?:{marks})\s+)?" if marks else ""  # "page no. 9", "page #9", "page number 9"
    head = re.compile(rf"\b({page})\s*{mark}(?={num}\b)", re.I)
    item = re.compile(rf"({num})\b(?:{_RANGE_JOIN}(?:{page}\s*)?({num})\b)?", re.I)
    join = re.compile(rf"{_list_join()}(?:({page})\s*)?", re.I)
    return head, item, join


class _Item(NamedTuple):
    start: int
    end: int
    first: str
    last: str | None  # the end of a range, or None


def _read_list(q: str, start: int, plural: bool) -> tuple[list[_Item], bool, str | None]:
    """The items of a page list from ``start`` (right after its page word): "5, 7-9 and 11", "5/6",
    "ten to twelve", "5 and page 7", and whether an item was read through a bare comma after a singular
    page word. There a comma continues only with a digit that ends the phrase or is followed by a joiner
    ("page 5, 6?", "page 5, 6 and 7"), never a word ("page 5, one of ...") or a count ("On page 4, 15
    images ..."); such an item is a guess. A year ("page 3, 2019 survey") or, after an arabic first item,
    a roman numeral ("page 5 and I") ends the list.

    The third value says why the list may go on as a count, not a page (None when it does not): a joiner that
    also counts on from a page (rules/vocabulary.yaml ``relative_pages.after``: "page 9 plus one" is page 10,
    pages 9 and 10, or pages 9 and 1) before a number with no page word of its own, unless a plural page word
    heads a list of numerals ("pages 3 plus 4"); or a spelt number after a numeral ("page 9 and one more"). The
    list stops there: the caller reads the whole document, never the pages the digits say."""
    _, item, join = _list_patterns()
    m = item.match(q, start)
    if m is None:
        return [], False, None
    items = [_Item(m.start(), m.end(), m.group(1), m.group(2))]
    roman = _number(m.group(1)) is None
    guessed = False
    counting = {w.lower() for w in _v()["relative_pages"]["after"]}
    while (j := join.match(q, items[-1].end)) is not None and (m := item.match(q, j.end())) is not None:
        bare_comma = j.group(0).strip() == "," and not j.group(1)
        tok = m.group(1)
        said = _SPACE.sub(" ", j.group(0).strip(" ,").lower())
        if not j.group(1) and said in counting and not (plural and tok.isdigit() and items[0].first.isdigit()):
            return items, guessed, f"'{q[start:m.end()].strip()}': '{said}' may count on from the page, not name another"
        if not j.group(1) and not tok.isdigit() and not _roman(tok) and all(it.first.isdigit() for it in items):
            return items, guessed, f"'{q[start:m.end()].strip()}': a spelt number after a numeral may be a count, not a page"
        if (_number(tok) is None) != roman or (_YEAR.fullmatch(tok) and not _YEAR.fullmatch(items[0].first)):
            break
        if bare_comma and not plural:
            if not tok.isdigit() or not _ends_item().match(q, m.end()):
                break
            guessed = True
        items.append(_Item(m.start(), m.end(), tok, m.group(2)))
    return items, guessed, None


# What may follow the last item of a list: the end, punctuation (not a "%": a value) or a joiner.
@cache
def _ends_item() -> re.Pattern[str]:
    return re.compile(rf"\s*(?:$|[^\w\s%]|{_list_words_alt()}|(?:to|through|thru|till|until|nor)\b)", re.I)


def _item_containers(it: _Item, kind: ContainerKind, text: str) -> list[Container] | None:
    """The containers of one list item; None when it cannot be read exactly (a mixed range)."""
    a = _number(it.first)
    if it.last is None:
        if a is not None:
            return [Container(kind=kind, number=str(a), text=text)]
        return [Container(kind=kind, number=it.first.lower(), text=text)] if _roman(it.first) else []  # "page ill": no numeral
    b = _number(it.last)
    if a is not None and b is not None:
        lo, hi = min(a, b), max(a, b)  # "pages 9-7": the pages between, whichever way round
        if lo == hi and kind is ContainerKind.page:
            return [Container(kind=kind, number=str(lo), text=text)]
        return [Container(kind=ContainerKind.page_range, first=lo, last=hi, text=text)]
    ra, rb = _roman(it.first), _roman(it.last)
    if a is None and b is None and 0 < ra < rb <= ra + 50:
        # "pages iii-v": labels, each looked up as a label of its own.
        return [Container(kind=kind, number=_to_roman(n).lower(), text=text) for n in range(ra, rb + 1)]
    return None


class _Found(NamedTuple):
    """The containers named, with their spans, and why the page scope could be read only partly."""

    containers: list[tuple[int, int, Container]]
    partial: list[str]


def _containers(q: str) -> _Found:
    """Every container named in ``q`` with its character span, and the page phrases read only partly."""
    q = _fold(q)  # "pages 3‑5", "3～5", "3、4": one dash, one comma (the same length: spans stay valid)
    found: list[tuple[int, int, Container]] = []
    taken: list[tuple[int, int]] = []
    partial: list[str] = []
    low = q.lower()
    v = _v()
    plural_words = {w.lower() for w in v["plural_page_words"]}

    def free(s: int, e: int) -> bool:
        return all(e <= a or s >= b for a, b in taken)

    def add(s: int, e: int, c: Container) -> None:
        found.append((s, e, c))
        taken.append((s, e))

    # Counted from the end: "the second last page", "the penultimate slide".
    for pattern in v["from_end"]:
        for m in re.finditer(pattern.replace("{ordinal}", _ordinal_alt()), low):
            if not free(m.start(), m.end()):
                continue
            word = m.group("n")
            k = {"next": 2, "penultimate": 2, "before": 2, "antepenultimate": 3}.get(word) or _number(word)
            if k and m.groupdict().get("but"):
                k += 1  # "the last-but-one page": one page before the last, the second from the end
            if k:
                add(m.start(), m.end(), Container(kind=ContainerKind.last_page, number=str(k), text=q[m.start():m.end()]))
    _cover_sides(q, low, free, add, partial)
    _counted_sets(q, low, free, add, partial)
    num, page = _num_alt(), _page_alt()
    # "between page 10 and page 12": the pages from one to the other, both included (a superset of
    # the pages strictly between, and of the two pages alone).
    for m in re.finditer(rf"\bbetween\s+({page})\s*({num})\b\s*(?:and|&)\s*(?:{page}\s*)?({num})\b", q, re.I):
        a, b = _number(m.group(2)), _number(m.group(3))
        if a is not None and b is not None and free(m.start(), m.end()):
            add(m.start(), m.end(), Container(kind=ContainerKind.page_range, first=min(a, b), last=max(a, b), text=m.group(0)))
    # A singular page word before a compound designator: "page 3-2" or "page 3.2" (chapter 3, page 2 in many
    # manuals), "page A-15", "page S3" (an appendix's or a supplement's page), "page 9-A" (a page inserted after
    # page 9, printed so). The printed page may be anywhere in the file, and its folio in no text layer: the
    # scope is the whole document (a superset), never pages 2-3 nor page 9.
    singular = "|".join(re.escape(w) for w in sorted(set(v["page_words"]) - plural_words, key=len, reverse=True))
    inserted = rf"\d{{1,4}}[-\u2010-\u2013](?!(?:{_list_words_alt()}|to|thru|till)\b)[A-Za-z]{{1,3}}(?![\w])"
    for m in re.finditer(rf"\b({singular})\s*((?:[A-Za-z]{{1,2}}[-\u2010-\u2013.]?\d{{1,4}}|\d{{1,4}}(?:[-\u2010-\u2013]|\.(?=\d))\d{{1,4}}|{inserted}))(?![\w.\-\u2010-\u2013]*\d)\b", q, re.I):
        if re.match(r"(?i)(?:no|nr|nos)\.\d", m.group(2)):
            continue  # "page No.9": a number's mark (page_number_marks), read by the list below
        if free(m.start(), m.end()) and not _roman(m.group(2)) and not re.fullmatch(r"(?i)[a-z]{1,2}", m.group(2)):
            partial.append(f"'{m.group(0)}' names a page by a compound designator (a chapter's, an appendix's or an inserted page), which may be anywhere in the file")
            add(m.start(), m.end(), Container(kind=ContainerKind.document, text=""))
    # "p5", "p 5": a page, or a name written so (a model "p5"); never a name claimed absent, never a narrower scope.
    for m in re.finditer(r"(?<![\w.])p ?\d{1,4}(?![\w.\-])", q):
        if free(m.start(), m.end()):
            partial.append(f"'{m.group(0)}' may name page {m.group(0)[1:].strip()} or a thing called so")
            add(m.start(), m.end(), Container(kind=ContainerKind.document, text=""))
    # A number with an open-range mark glued on ("pages 9ff", "page 5f.", rules/vocabulary.yaml ``relative_pages.after``):
    # that page and those after it; the scope is the whole document, and "9ff" is no name the question presupposes.
    glued = "|".join(re.escape(w) for w in sorted(v["relative_pages"]["after"], key=len, reverse=True) if re.fullmatch(r"[a-z.]+", w))
    for m in re.finditer(rf"\b{page}\s*\d{{1,4}}(?:{glued})(?![\w])", q, re.I):
        if free(m.start(), m.end()):
            partial.append(f"'{m.group(0)}' opens a range from the page with a mark the list reader does not read")
            add(m.start(), m.end(), Container(kind=ContainerKind.document, text=""))
    # A misspelt page word before a number ("pgae 3", "pagee 3", "slid 3"): a page the parser cannot
    # read for sure, and no name the question presupposes.
    for ts, te, said in _misspelt_pages(q):
        if free(ts, te):
            partial.append(f"'{said}' may be a misspelt page or slide number")
            add(ts, te, Container(kind=ContainerKind.document, text=""))
    head, _, _ = _list_patterns()
    for h in head.finditer(q):
        plural = h.group(1).lower() in plural_words
        items, guessed, counted = _read_list(q, h.end(), plural)
        if not items:
            continue
        start, end = h.start(), items[-1].end
        if items[0].last is not None and re.search(r"\bfrom\s+$", low[:start]):
            start = re.search(r"\bfrom\s+$", low[:start]).start()  # "from page 3 to page 10": a closed range
        if not free(start, end):
            continue
        kind, text = _page_kind(h.group(1)), q[start:end]
        if counted:
            # "page 9 plus one", "page 9 and one more": page 10, pages 9-10 or pages 9 and 1; no page set is read.
            partial.append(f"{counted}")
            add(start, end, Container(kind=ContainerKind.document, text=""))
            continue
        if _modifier_of(low, start):
            # "the back of page 3", "the reverse of page 3": its other side (in print, page 4), or a part of it.
            partial.append(f"'{low[max(0, start - 20):start].strip()} {text}' may name another side of the page, not the page")
            add(start, end, Container(kind=ContainerKind.document, text=""))
            continue
        read = [_item_containers(it, kind, text) for it in items]
        if any(r is None for r in read):
            partial.append(f"'{text}' mixes numbers the parser cannot put in one range")
        if guessed:
            # "page 5, 6": pages 5 and 6, or page 5 and a count; the second page is a guess that
            # must not ground a missing container, nor set the scope.
            partial.append(f"'{text}' goes on after a bare comma: the number after it may be a page or a count")
        if plural and len(items) == 1 and items[0].last is None:
            # "pages 3": a list the question began and the parser did not read whole ("pages 3 & 4"
            # with an unknown joiner, a number lost), or one page; never read narrower than the list.
            partial.append(f"'{text}' names several pages with one number: the rest of the list is not read")
        for cs in read:
            found.extend((start, end, c) for c in cs or [])
        taken.append((start, end))
    # Ordinals before a page word: "the 6th page", "the 5th and 6th page", "the first and last page".
    ordx = rf"(?:{_ordinal_alt()}|last|final)"
    for m in re.finditer(rf"\b(?:the\s+)?({ordx})((?:{_list_join()}(?:the\s+)?{ordx}\b)+)\s+(page|slide)s?\b", q, re.I):
        if not free(m.start(), m.end()):
            continue
        if _modified(low, m.start()):
            partial.append(f"'{m.group(0)}' follows a modifier ('the page after the first page')")
            continue
        if re.search(r"\b(?:to|from)[\s-]*$", low[:m.start()]):
            # "the second to last and last pages": the list began with a place counted from the end,
            # which this reader does not read; its first item is not the page the words name.
            partial.append(f"'{m.group(0)}' continues a page counted from the end ('the second to last and last pages')")
            found.append((m.start(), m.end(), Container(kind=ContainerKind.document, text="")))
            taken.append((m.start(), m.end()))
            continue
        kind = _page_kind(m.group(3))
        for t in re.finditer(rf"\b{ordx}\b", m.group(1) + " " + m.group(2), re.I):
            n = None if t.group(0).lower() in ("last", "final") else _number(t.group(0))
            found.append((m.start(), m.end(), Container(kind=kind, number=str(n), text=m.group(0)) if n is not None
                          else Container(kind=ContainerKind.last_page, text=m.group(0))))
        taken.append((m.start(), m.end()))
    # Only an ordinal before a singular page word names a page ("the 3rd page", "the third slide"); a
    # cardinal is a count or a compound modifier ("an 8 page report", "more than one page", "the three
    # slide decks"), never a page name.
    for m in re.finditer(rf"\b(?:the\s+)?({_ordinal_alt()})\s+(page|slide)\b", q, re.I):
        n = _number(m.group(1))
        if n is not None and free(m.start(), m.end()):
            if _modified(low, m.start()):
                partial.append(f"'{m.group(0)}' follows a modifier ('the page after the first page')")
                continue
            add(m.start(), m.end(), Container(kind=_page_kind(m.group(2)), number=str(n), text=m.group(0)))
    _captioned(q, found, partial)
    # "the second cover page", "the inside front cover": a cover other than the front one (in print,
    # covers 2-4 are the inside front, inside back and back covers); the container keeps its number.
    nth = re.search(rf"\b(?:the\s+)?(?:(?P<n>{_ordinal_alt()})\s+(?:front\s+)?|(?P<inback>inside|inner)\s+back\s+|(?P<inside>inside|inner)\s+(?:front\s+)?)cover(?:\s+page)?\b", low)
    if nth and free(nth.start(), nth.end()):
        number = "3" if nth.group("inback") else "2" if nth.group("inside") else str(_number(nth.group("n")) or "")
        add(nth.start(), nth.end(), Container(kind=ContainerKind.cover, number=number or None, text=q[nth.start():nth.end()]))
    for words, kind in ((v["cover_words"], ContainerKind.cover), (v["last_page_words"], ContainerKind.last_page)):
        for m in re.finditer(vocab.alternation(words), low):
            # Only the first free mention names the place; one after a modifier names none (the
            # whole document is looked at instead, a wider scope).
            if free(m.start(), m.end()):
                if not _modified(low, m.start()):
                    add(m.start(), m.end(), Container(kind=kind, text=q[m.start():m.end()]))
                else:
                    partial.append(f"'{q[m.start():m.end()]}' follows a modifier ('after the cover')")
                break
    # A page word and a number with only marks between ("page (9)", "page: 9", "page - 9") that nothing above read:
    # a page the parser cannot read for sure; the scope is the whole document, its finds candidates.
    for m in re.finditer(rf"\b{page}[^\w\s]*\s*[^\w\s]+\s*\d{{1,4}}\b", q, re.I):
        if free(m.start(), m.end()):
            partial.append(f"'{m.group(0)}' may name a page the parser cannot read for sure")
            add(m.start(), m.end(), Container(kind=ContainerKind.document, text=""))
    found.sort(key=lambda t: t[0])
    partial += _relative_pages(q, found)
    return _Found(found, partial)


# The most pages a counted set is read for ("the first 40 pages"); beyond it the scope is the whole document.
_COUNTED_MAX = 500


def _counted_sets(q: str, low: str, free: Any, add: Any, partial: list[str]) -> None:
    """"The first two pages", "the last 3 slides", "the final two pages": the first (last) k pages of the file, a
    ``page_range`` 1..k whose ``item`` says which end ("first" or "last"); the engine resolves it under every
    reading (containers.counted_range). The words for the first end are the ordinals of 1, those for the last the
    first words of rules/vocabulary.yaml ``last_page_words``; others ("the opening two pages", "the middle two
    pages", "the first few pages") stay relative (the whole document). Read only where nothing else may bound the
    set: after a modifier ("after the first two pages"), after a count and a joiner ("the first two and last two
    pages": the first part unread), or before "of"/"in" a place that is not the whole document ("the first two
    pages of Chapter 3", "of the second half") the scope is the whole document."""
    v = _v()
    starts = sorted({w for w, n in v["ordinal_words"].items() if n == 1 and w.isalpha()}, key=len, reverse=True)
    ends = sorted({w.split()[0] for w in v["last_page_words"] if len(w.split()) == 2}, key=len, reverse=True)
    pos = rf"(?P<start>{_words_rx(starts)})|(?P<end>{_words_rx(ends)})"
    count = rf"(?P<k>\d{{1,4}}|{_words_alt(list(v['number_words']))})"
    plural = _words_rx([w for w in v["plural_page_words"] if w.isalpha()])
    whole = _words_rx([*v["whole_document_words"], *v["page_words"], *v["slide_words"]])
    # The count after the end word only: "the two first pages" stays relative (the whole document).
    for m in re.finditer(rf"\b(?:{pos})\s+{count}\s+(?P<w>{plural})\b", low):
        s, e = m.start(), m.end()
        if not free(s, e):
            continue
        k = _number(m.group("k"))
        text = q[s:e]
        if (_modified(low, s) or re.search(rf"(?:\b(?:{_num_alt()})|\d)\s*(?:,|/|&|\b(?:and|or|plus|nor)\b)\s*(?:the\s+)?$", low[:s])
                or ((o := re.match(r"\s+(?:of|in|within|inside|from|into)\s+(?:(?:the|this|that|its|their|each|every|a|an)\s+)?([\w.'’-]+)", low[e:]))
                    and not re.fullmatch(whole, o.group(1)))
                or not k or k > _COUNTED_MAX):
            partial.append(f"'{text}' counts pages from an end of a place the parser does not bound")
            add(s, e, Container(kind=ContainerKind.document, text=""))
            continue
        add(s, e, Container(kind=ContainerKind.page_range, first=1, last=k, item="first" if m.group("start") else "last", text=text))


@cache
def _cover_sides_read() -> dict[str, tuple[ContainerKind, str | None] | None]:
    """The sides of a cover said together ("the front and back cover", "the inside front and inside back
    covers"), each side its own place (rules/vocabulary.yaml ``cover_sides``). None: a side the parser
    cannot place for sure ("the inside and back covers": the inside front, the inside back, or both?)."""
    out: dict[str, tuple[ContainerKind, str | None] | None] = {}
    for side, spec in _v()["cover_sides"].items():
        number = spec.get("number")
        out[str(side)] = None if spec.get("unsure") else (ContainerKind(spec["place"]), None if number is None else str(number))
    return out


def _cover_sides(q: str, low: str, free: Any, add: Any, partial: list[str]) -> None:
    """"The front and back cover(s)": one container per side (the front cover is the cover, the back
    cover the last page). A side that distributes unsurely ("the inside front and back covers": the
    inside back?) or that names no one cover makes the scope the whole document."""
    sides = _cover_sides_read()
    side = _words_rx(list(sides))
    for m in re.finditer(rf"\b(?:the\s+)?(?P<sides>(?:{side})(?:{_list_join()}(?:the\s+)?(?:{side}))+)\s+covers?(?:\s+pages?)?\b", low):
        if not free(m.start(), m.end()):
            continue
        said = [re.sub(r"\s+", " ", x.group(0)) for x in re.finditer(side, m.group("sides"))]
        text = q[m.start():m.end()]
        inner = {w.split()[0] in ("inside", "inner") for w in said}
        if _modified(low, m.start()) or any(sides[w] is None for w in said) or len(inner) > 1:
            partial.append(f"'{text}' names cover sides the parser cannot place for sure")
            add(m.start(), m.end(), Container(kind=ContainerKind.document, text=""))
            continue
        for w in said:
            kind, number = sides[w]  # type: ignore[misc]
            add(m.start(), m.end(), Container(kind=kind, number=number, text=text))


def _one_slip(a: str, b: str) -> bool:
    """``a`` is ``b`` with one letter added, dropped or changed, or two neighbours swapped ("pgae")."""
    swapped = len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 2 and sorted(a) == sorted(b) \
        and any(a[i:i + 2] == b[i + 1::-1][:2] for i in range(len(a) - 1))
    return a != b and (swapped or regex.fullmatch(f"(?:{regex.escape(b)}){{e<=1}}", a) is not None)


def _misspelt_pages(q: str) -> list[tuple[int, int, str]]:
    """Spans of a word one slip (a letter added, dropped, changed, or two swapped: "pgae") from a page or
    slide word, with the same first letter and not a word of its own, before a number that ends the
    phrase or goes on to a joiner: "pgae 3 and page 5", "pagee 3?", "Slid 4?" (not "slid 3 points")."""
    out = []
    words = {w.lower() for w in (*_v()["page_words"], *_v()["slide_words"])}
    cardinals = _words_alt(list(_v()["number_words"]))
    for m in re.finditer(rf"(?<![\w-])([A-Za-z]{{3,8}})\s*(\d{{1,4}}|(?:{cardinals})\b)(?![\w%])", q, re.I):
        w = m.group(1).lower()
        if w in words or w in _v()["page_word_near_words"] or ordinary_word(w) or not _ends_item().match(q, m.end()):
            continue
        if any(w[0] == t[0] and _one_slip(w, t) for t in words if t.isalpha() and len(t) >= 4):  # page, slide(s)
            out.append((m.start(), m.end(), m.group(0)))
    return out


# More panel letters after a panel's: "-c", ", b and d", "/B", " to (c)".
_PANELS_AFTER = re.compile(r"(?:\s*(?:[-/&,]|\b(?:and|or|to|through)\b)\s*(?:\(\s*)?[a-zA-Z](?:\s*\))?(?!\w))+", re.I)


def _captioned(q: str, found: list[tuple[int, int, Container]], partial: list[str]) -> None:
    """Figures, tables and charts with their numbers: "Figure 7", "Table1-1", "Figure 2 and 3", "Table 2, 3 and 4",
    "Figure III".

    A list goes on after a joiner ("and", "or", "&", "/", "as well as"); a bare comma only when one of those
    closes it ("In Figure 5, 3 lines ..." names Figure 5 alone). An appendix's "A.1", "A-1" or "A 1" is one
    number; a supplement's "Supplementary Figure 3" is Figure S3 (rules/vocabulary.yaml ``supplement_words``).
    A roman numeral is kept as printed ("III"): the container reader also looks for its arabic form.

    Read only partly, so the scope is the whole document (no caption container, which could be claimed
    missing): a list that ends on a bare comma ("Figure 2, 3?": Figures 2 and 3, or a "Figure 2.3"), and
    a number left after the list ("Figure 2 plus 3" with a joiner the reader does not know). "Figure 2‑3"
    with any dash is "Figure 2-3": a chapter's number, which the container reader also looks for as its
    first number, doubtfully (a range of figures).

    A caption said to be in a part of the document (rules/vocabulary.yaml ``relative_pages.parts``) by a number
    with no letter of its own ("Appendix Figure 2", "Annex B, Table 3", "Figure 2 in the appendix", "Table 4 of
    the supplementary material") may be numbered within that part: printed "Figure A2", "Figure S2", "Appendix
    Figure 2" or "Figure 2" under the part's heading, beside the body's own Figure 2. No caption container is read
    for it (the body's Figure 2 would be a narrower scope, its zero a false widening): the scope is the whole document."""
    des = r"(?:[A-Z][-.]?|(?-i:[A-Z])\s(?=\d{1,2}\b))?\d+(?:[-.]\d+)*[a-zA-Z]?"
    roman = r"(?-i:[IVX]{2,6}|[ivx]{2,6})"
    supp = vocab.alternation(_v()["supplement_words"])
    parts = vocab.alternation(_v()["relative_pages"]["parts"])
    part_des = r"(?:\d{1,3}|[A-Z]|[IVX]{1,5})"
    part_before = re.compile(rf"\b(?:{parts})(?:\s*{part_des})?[\s,.:;\-]*$", re.I)
    part_after = re.compile(rf"\s*,?\s*(?:in|of|from|within|inside|under)\s+(?:the\s+|an?\s+)?(?:online\s+)?(?:{parts})\b", re.I)
    listed = 0  # the end of the last list read: its items are not read again
    for m in re.finditer(rf"(?:(?P<supp>{supp})\s*)?\b(?P<word>figures?|figs?\.?|tables?|charts?)\s*(?P<n>{des}|{roman}|[A-Z])\b", q, re.I):
        word = m.group("word").lower()
        kind = ContainerKind.figure if word.startswith("fig") else ContainerKind(word.rstrip("s"))
        plural = word.rstrip(".").endswith("s")
        first = m.group("n")
        if plural and re.search(r"\d{4}", first):
            continue  # "the sales figures 2020 and 2021": numbers, no list of captions
        is_roman = re.fullmatch(roman, first) is not None
        if m.start() < listed or (first.isalpha() and not first.isupper() and not is_roman) or (is_roman and not _from_roman(first.upper())):
            continue
        item_rx = rf"(?:{des}|{roman})" if is_roman else des
        # Each item: its number, and whether it repeats the head word ("Figure 2 and Figure 3").
        items, end, kept, pending = [(first, m.start())], m.end(), m.end(), []
        while (j := re.match(rf"(?P<j>{_list_join()})(?P<h>{re.escape(m.group('word'))}\s*)?({item_rx})\b", q[end:], re.I)) is not None:
            if _YEAR.fullmatch(j.group(3)) or (is_roman and re.fullmatch(roman, j.group(3)) and not _from_roman(j.group(3).upper())):
                break
            item = (j.group(3), end + j.start("h") if j.group("h") else -1)
            end += j.end()
            if j.group("j").strip() == ",":
                pending.append(item)  # kept only if a joiner closes the list
            else:
                items, pending, kept = items + pending + [item], [], end
        listed = max(kept, end if pending else kept)
        # Panels listed or ranged after a panel's letter ("Figure 3a-c", "Fig. 2a, b and d", "Table 1A/B"): the
        # figure itself, whose panels are each a reading; the first panel alone is narrower than the question.
        if re.search(r"\d[a-zA-Z]$", items[-1][0]) and (more := _PANELS_AFTER.match(q, kept)) is not None:
            items[-1] = (items[-1][0][:-1], items[-1][1])
            kept = listed = max(listed, more.end())
        why = None
        if plural:
            # "Figures 2 and 4" names each figure. A dash ("Figures 2-4": a range, whose figures between may be
            # numbered otherwise; a singular "Figure 2-3" is a chapter's number) or a plural with one number (the
            # rest of its list not read) is read only partly: the scope is the whole document.
            if any(not re.fullmatch(rf"\d+[a-zA-Z]?|{roman}", n) for n, _ in items):
                why = "names several figures or tables by a range or a number the parser does not read as a list"
            elif len(items) == 1:
                why = "names several with one number: the rest of the list is not read"
        # A part's number ("Appendix Figure 2"): only a number with no letter of its own ("Appendix Figure A2" is A2).
        plain = not m.group("supp") and any(re.fullmatch(rf"\d+(?:[-.]\d+)*[a-zA-Z]?|{roman}", n) for n, _ in items)
        before = part_before.search(q, 0, m.start()) if plain else None
        if plain and why is None and (before or part_after.match(q, kept)):
            stop = kept
            said = q[before.start() if before else m.start():stop]
            partial.append(f"'{said}' names a {m.group('word').lower()} of a part of the document, which may number its own "
                           "(printed with the part's letter, or as in the body)")
            # The part's own name ("Annex B") stays outside the span: a name the document may not print.
            found.append((m.start(), stop, Container(kind=ContainerKind.document, text="")))
            listed = max(listed, stop)
            continue
        if why is not None:
            pass
        elif pending and re.fullmatch(r"[\s?.!]*", q[end:]):
            why = "ends on a bare comma: a list, or one number written apart"
        elif (after := _dangling(q, kept, found, nouns=False)) is not None:
            why = f"goes on with a number the parser does not read ('{after}')"
        if why is not None:
            stop = end if pending else kept
            partial.append(f"'{q[m.start():stop]}' {why}")
            found.append((m.start(), stop, Container(kind=ContainerKind.document, text="")))
            listed = stop
            continue
        for n, at in items:
            # An item with its own head word keeps its own words; a bare number the whole list's.
            own = re.match(rf"(?:{supp}\s*)?{re.escape(m.group('word'))}\s*{re.escape(n)}", q[at:], re.I) if at >= 0 else None
            text = own.group(0) if own else q[m.start():kept]
            number = re.sub(r"^([A-Za-z])\s", r"\1", n)
            found.append((m.start(), kept, Container(kind=kind, number="S" + number if m.group("supp") and number[0].isdigit() else number, text=text)))


def _dangling(q: str, end: int, found: list[tuple[int, int, Container]], nouns: bool) -> str | None:
    """The words from ``end`` to a number a list reader stopped before, or None: within three words or only
    punctuation ("3 and/or 4", "3...5", "3; 5", "3 as well as 4"), the number not already read as part of
    another container, not a year after a smaller number, and ending the phrase or followed by a joiner
    (``nouns``: a preposition or a page word too), not by a noun ("On page 4, 15 images": a count)."""
    cardinals = _words_alt(list(_v()["number_words"]))
    # After a digit, a preposition or a page word too ("pages 3 plus 4 of the report"); a spelt number
    # before one is mostly a count ("On page 4, one of the images ...").
    # Words after which a leftover number is taken for a page (rules/vocabulary.yaml ``page_list_followers``).
    prepositions = rf"|\s*(?:{_words_rx(_v()['page_list_followers'])}|{_page_alt()})\b" if nouns else ""
    words = 0
    for t in re.finditer(rf"\d+(?:[.,]\d+)*|[A-Za-z]+|[^\w\s]", q[end:end + 60]):
        at = end + t.start()
        if any(s <= at < e for s, e, _ in found):
            return None  # another container's words: read there
        tok = t.group(0)
        if tok in "?!" or (tok == "." and re.match(r"\.\s+[A-Z]", q[at:])):
            return None  # the sentence ends
        if re.fullmatch(r"\d+", tok) or re.fullmatch(cardinals, tok, re.I):
            said = re.findall(r"\d+", q[:end])
            if tok.isdigit() and (not 0 < int(tok) < 10000 or (1000 <= int(tok) < 2200 and not (said and int(said[-1]) >= 1000))):
                return None  # a year after a page number ("page 3 in 1890"), not a page of its list
            follow = _ends_item().pattern + (prepositions if tok.isdigit() else "")
            return q[end:end + t.end()].strip() if re.match(rf"(?:{follow})", q[end + t.end():], re.I) else None
        if tok[0].isalpha():
            words += 1
            if words > 3:
                return None
        elif re.fullmatch(r"\d[\d.,]*", tok) or tok == "%":
            return None
    return None


def _words_rx(words: list[str]) -> str:
    """An alternation of ``words`` (longest first), any run of spaces inside one a ``\\s+``: a fragment for
    patterns that set their own boundaries."""
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


_REST = r"(?:the\s+)?rest(?:\s+of\s+(?:the\s+)?[\w-]+)?"


@cache
def _place_joins() -> tuple[str, str, str, str]:
    """(joiners and comparisons, comparisons, the prepositions that open the other place, places that are the
    whole document or its unnamed rest) as regex fragments: rules/vocabulary.yaml ``place_joins`` ("page 3 and
    elsewhere", "and throughout the report", "than in the appendix")."""
    spec = _v()["place_joins"]
    whole = rf"{_REST}|{_words_rx(spec['whole_places'])}"
    return (_words_rx([*spec["joiners"], *spec["comparisons"]]), _words_rx(spec["comparisons"]), _words_rx(spec["into"]), whole)


# The words between two pages that make them the ends of a range ("through to", "all the way to", "as far as").
_RANGE_GAP = re.compile(r"\s*,?\s*(?:(?:through|thru|right|straight|all|the|way|and|on|up|as|far|then|continuing|going|running|"
                        r"extending|stretching)\s+)*(?:to|through|thru|till|until|onto|into|as)\s+(?:and\s+including\s+|including\s+)?(?:the\s+)?")


def _relative_pages(q: str, found: list[tuple[int, int, Container]]) -> list[str]:
    """Page phrases counted from another place, open ranges and pages inside a part
    (rules/vocabulary.yaml ``relative_pages``): each one a reason the scope is the whole document."""
    rel = _v()["relative_pages"]
    low = q.lower()
    articles = r"(?:(?:" + "|".join(_ARTICLES) + r"|these|those|its|each)\s+)*"
    # A number may stand between the word and the page phrase: "the first two pages", "the next 3 slides".
    before = re.compile(rf"{vocab.alternation(rel['before'])}(?:\s+{_num_alt()})?\s+{articles}$")
    # "apart from page 2", "aside from page 2": the "from" of an excluding word counts no page from another place.
    aside = re.compile(rf"\b(?:{vocab.alternation(complement_rules()['excluding'])})\s+{articles}$")

    def counted_from(upto: int) -> re.Match[str] | None:
        return None if aside.search(low[:upto]) else before.search(low[:upto])

    # "the last page of the report but one": the document named between the page and the word.
    of_doc = rf"(?:(?:of|in)\s+{articles}(?:{_words_rx(_v()['whole_document_words'])})\s+)?"
    after = re.compile(rf"\s*,?\s*{of_doc}(?:(?:and|or|&)\s+)?{articles}{vocab.alternation(rel['after'])}")
    # "of the second part", "of the Methods section": a few words may stand before the part word.
    part = re.compile(rf"\s*(?:of|in|within)\s+{articles}(?:[\w'’-]+\s+){{0,3}}?{vocab.alternation(rel['parts'])}")
    window = re.compile(rf"(?:\s*[\w'-]+){{0,{int(rel['window'])}}}?\s+{vocab.alternation(rel['after'])}")
    # A number the list reader stopped before ("pages iii-5", "page 5-6a"): the list is not read whole.
    # "page 3+" is page 3 and the pages after it; "page 9+1" page 10, or pages 9 and 10.
    leftover = re.compile(rf"\s*(?:[-/]\s*{_num_alt()}|\+|{vocab.alternation(list(_v()['scale_words']))})", re.I)
    # A range from a place to a place with no number ("page 3 through the end", "pages 2-end", "pages 5 to
    # the last page", "the cover to page 4"): its pages depend on the page count, or its ends on readings.
    open_end = re.compile(rf"\s*(?:-|\b(?:to|through|thru|till|until|up\s+to|up\s+until)\b)\s*{articles}"
                          rf"(?:{_words_rx(_v()['open_range_ends'])}|{_page_alt()}|{_ordinal_alt()})\b", re.I)
    # A page joined to a place no container reads ("page 3 and in the appendix", "in the Methods section
    # and on page 3", "page 3 and elsewhere"): looking at the page alone would miss what the other holds.
    # A page counted from the joined one ("page 3 and the one after", "and the page that follows") is one too.
    joiners, comparisons, into, whole = _place_joins()
    other = (rf"(?:(?:(?:{into})\s+)?{articles}(?:[\w'’\"-]+\s+){{0,3}}?(?:{vocab.alternation(rel['parts'])}|{whole})\b"
             rf"|{whole}|{articles}(?:[\w'’-]+\s+){{0,3}}?(?:{vocab.alternation(rel['after'])}|follows?|precedes?)\b)")
    joined_after = re.compile(rf"\s*[,(]?\s*(?:{joiners})\s+(?:also\s+)?{other}")
    joined_before = re.compile(rf"{other}\s*,?\s*(?:{joiners})\s+(?:also\s+)?(?:(?:{into})\s+)?{articles}$")
    # A page word read from the last word of a longer number ("the one hundred and fifth page": page 5).
    scaled_before = re.compile(rf"\b[a-z]+[- ]{vocab.alternation(list(_v()['scale_words']))}(?:[- ]and)?[- ]$")
    notes: list[str] = []

    def note(s: int, e: int, why: str) -> None:
        notes.append(f"'{q[s:e].strip()}' {why}")

    def unread(a: int, b: int) -> bool:
        return not any(a <= s2 < b for s2, _, _ in found)

    for s, e, c in found:
        if c.kind not in _PLACE_KINDS:
            continue
        if (sb := scaled_before.search(low[:s])) is not None:
            note(sb.start(), e, "is the end of a number the parser does not read")
        if (j := joined_after.match(low, e)) is not None and unread(e, j.end()):
            note(s, j.end(), "joins a place no container reads")
        elif (j := joined_before.search(low[:s])) is not None and unread(j.start(), s):
            note(j.start(), e, "joins a place no container reads")
        if (b := counted_from(s)) is not None:
            note(b.start(), e, "counts a page from another place or opens a range")
        elif (a := after.match(low, e) or part.match(low, e)) is not None:
            note(s, a.end(), "counts a page from another place, opens a range or names a page inside a part")
        elif (a := open_end.match(low, e)) is not None:
            note(s, a.end(), "opens a range to a place with no page number")
        elif c.kind is not ContainerKind.cover and c.kind is not ContainerKind.last_page and (a := leftover.match(low, e)) is not None:
            note(s, a.end(), "goes on with a number the parser does not read")
        elif c.kind is not ContainerKind.cover and c.kind is not ContainerKind.last_page and (d := _dangling(q, e, found, nouns=True)):
            # "pages 3 and/or 4", "pages 3; 5", "page 3 as well as 4": a joiner the list reader does not know.
            note(s, e, f"goes on with a number the parser does not read ('{d}')")
    # A page compared with a part or the rest anywhere in the question ("does the appendix have more pictures
    # than page 3?", "more pictures in Section 2 than on page 3"): the other place is asked about too.
    # A comparison with a number ("more than 3 images", "fewer than five") compares values, not places.
    places = [(s, e) for s, e, c in found if c.kind in _PLACE_KINDS]
    compared = next((m for m in re.finditer(rf"\b(?:{comparisons})(?!\w)", low)
                     if not re.match(rf"\s*(?:\d|{_num_alt()}\b|a\s+(?:few|dozen|hundred|thousand)\b)", low[m.end():])), None)
    if places and compared is not None:
        elsewhere = rf"{vocab.alternation(rel['parts'])}|\b(?:{_REST}|elsewhere|anywhere|everywhere)\b"
        for w in re.finditer(elsewhere, low):
            if not any(s <= w.start() < e for s, e, _ in found):
                note(compared.start(), compared.end(), f"compares the page with a place no container reads ('{q[w.start():w.end()]}')")
                break
    # Two pages a range word joins that the range reader did not read as one ("page 3 through to page 5",
    # "page 3 all the way to page 5"): the pages between them are asked about too.
    spans = sorted({(s, e) for s, e, c in found if c.kind in _PLACE_KINDS})
    for (s1, e1), (s2, e2) in zip(spans, spans[1:]):
        if e1 <= s2 and _RANGE_GAP.fullmatch(low[e1:s2]):
            note(s1, e2, "may open a range the parser does not read")
    # A page word with no number of its own ("the following page", "the slide two positions after
    # it"), or the page word of a single page: a relative word next to it makes the page relative.
    singles = {(s, e) for s, e, c in found if c.kind in (ContainerKind.page, ContainerKind.slide)
               and sum(1 for s2, e2, _ in found if (s2, e2) == (s, e)) == 1}
    for w in re.finditer(rf"\b{_page_alt()}(?![\w])", q, re.I):
        inside = [(s, e) for s, e, _ in found if s <= w.start() < e]
        if inside and not all(span in singles for span in inside):
            continue
        # The page word of a single page is counted from the words before the whole phrase ("the first page":
        # "first" is its ordinal, not a place it is counted from).
        if (b := counted_from(min([w.start()] + [s for s, _ in inside]))) is not None:
            note(b.start(), w.end(), "counts a page from another place or opens a range")
        elif (a := window.match(low, w.end()) or after.match(low, w.end()) or part.match(low, w.end())) is not None:
            note(w.start(), a.end(), "counts a page from another place, opens a range or names a page inside a part")
    return list(dict.fromkeys(notes))


def _ordinal_alt() -> str:
    # Ordinals only: "five bullets" is a count, "the fifth bullet" names one item.
    v = _v()
    words = list(v["ordinal_words"]) + list(v["tens_ordinals"])
    return r"(?:" + _compound_alt(ordinal_only=True) + r"|\d{1,3}(?:st|nd|rd|th)|" + _words_alt(words) + r")"


def _sub_containers(q: str, found: list[tuple[int, int, Container]]) -> list[Container]:
    """Ordinal items of a list: "the fifth FAQ", "the tenth bullet point for safety", "the fifth subfigure of Figure 1"."""
    out: list[Container] = []
    kinds = _v()["list_items"]
    item_words = {w: key for key, spec in kinds.items() for w in spec["words"]}
    for m in re.finditer(rf"\b(?P<ord>{_ordinal_alt()})\s+", q, re.I):
        n = _number(m.group("ord"))
        hit = vocab.search(list(item_words), q[m.end():])
        if n is None or hit is None or hit.start != 0:
            continue
        key = item_words[hit.word]
        end = m.end() + hit.end
        parent = _parent(q, end, kinds[key]["parent"], found)
        out.append(Container(kind=ContainerKind.enumerated_list, number=str(n), item=key, parent=parent, text=q[m.start():end]))
    return out


def _parent(q: str, end: int, how: str, found: list[tuple[int, int, Container]]) -> str | None:
    """What holds the list: the figure or page the question names, or the topic words after the item."""
    if how == "figure":
        figs = [c for _, _, c in found if c.kind is ContainerKind.figure]
        return f"Figure {figs[0].number}" if figs else None
    if how == "topic":
        pages = [c for _, _, c in found if c.kind in (ContainerKind.page, ContainerKind.slide)]
        if pages:
            return f"{pages[0].kind.value} {pages[0].number}"
        stop = set(_v()["topic_stop"])
        after = re.match(r"\s+(?:for|about|on|under|regarding|in)\s+([^,.;:?!()]+)", q[end:], re.I)
        # "For safety, what is the tenth bullet?": the topic may also open the question.
        before = re.match(r"\s*(?:for|about|regarding|under|on)\s+([^,.;:?!()]+),", q, re.I)
        for m in (after, before):
            words: list[str] = []
            for w in re.findall(r"[a-z][a-z-]+", m.group(1).lower()) if m else []:
                if w in stop:
                    if words:
                        break  # "for safety of the users": the topic ends at the first filler word after it
                    continue
                words.append(w)
            if words:
                return " ".join(words[:3])
        return None
    return None  # a section parent is found by its headings in the document


def _region(q: str) -> tuple[str, int, int] | None:
    """The part of the page the question names (key and span), only when the phrase is tied to the page
    or to a thing placed there (rules/vocabulary.yaml, region_places); else None: the whole page, a wider scope."""
    # Corners first: "at the top left of" names a corner, not the top band.
    regions = _v()["regions"]
    low = q.lower()
    found = None
    for group in ({k: w for k, w in regions.items() if "_" in k}, {k: w for k, w in regions.items() if "_" not in k}):
        hits = sorted((m.start(), m.end(), key) for key, words in group.items() for m in re.finditer(vocab.alternation(words), low))
        found = next(((key, start, end) for start, end, key in hits if _region_tied(low, start, end)), None)
        if found:
            break
    if found is None:
        return None
    key, start, end = found
    # Parts joined ("the left and right side", "top right or top left", "bottom left and top left"): one part
    # would be looked at where the question asks about several; the whole page is a wider scope.
    others = [k for k, words in regions.items() if k != key for m in re.finditer(vocab.alternation(words), low)
              if (m.end() <= start or m.start() >= end) and _region_tied(low, m.start(), m.end())]
    # A part said after the page, joined to the question's part ("at the top of page 2 and at the bottom",
    # "..., and how many at the bottom?", "or the bottom?"): tied to nothing, yet asked about too.
    later = any(_JOINED_LATER.search(low[end:end + p.start()]) for p in re.finditer(rf"\b{_POSITION}\b", low[end:]))
    if others or later or _JOINED_BEFORE.search(low[:start]) or _JOINED_AFTER.match(low[end:]):
        return None
    return found


# A bare position word joined to the part the question names ("left and right side", "top right, or the top left").
_POSITION = r"(?:top|bottom|upper|lower|left|right|middle|centre|center)"
_JOINED_BEFORE = re.compile(rf"\b{_POSITION}(?:[\s-]+(?:left|right|half|side|corner|part))?\s*(?:,|\band\b|\bor\b|&|/)\s*(?:the\s+)?$")
_JOINED_LATER = re.compile(r"\b(?:and|or|&|plus|as\s+well\s+as)\s+(?:(?:how\s+many(?:\s+[a-z]+)?|also|those|ones?|the\s+ones?)\s+)*"
                           r"(?:(?:are|is|were|was)\s+)?(?:(?:at|in|on|near|along|towards?|from|of)\s+)?(?:the\s+)?(?:very\s+)?$")
_JOINED_AFTER = re.compile(rf"[\s-]*(?:(?:corner|side|part|half)s?\s*)?,?\s*(?:and|or|&|/)\s*(?:the\s+)?{_POSITION}\b")


def _regions(q: str, found: list[tuple[int, int, Container]], region: tuple[str, int, int] | None) -> dict[tuple[int, int], str | None]:
    """The region of each place span. A region belongs to the page it is attached to ("at the top of
    page 3 and on page 5": page 3 only); when the question names places apart and the region is
    attached to none of them, no page gets it (the whole page, a wider scope)."""
    spans = sorted({(s, e) for s, e, c in found if c.kind in _PLACE_KINDS})
    if region is None or len(spans) <= 1:
        return {sp: region[0] if region else None for sp in spans}
    key, start, end = region
    link = r"[\s-]*(?:(?:corner|side|part|half|area|section|region)s?\s+)?(?:(?:of|on|in|at)\s+)?(?:the\s+)?"
    back = r"\s*,?\s*(?:(?:at|in|on|of)\s+)?(?:the\s+)?"
    for s, e in spans:
        if (s >= end and re.fullmatch(link, q[end:s], re.I)) or (e <= start and re.fullmatch(back, q[e:start], re.I)):
            return {sp: key if sp == (s, e) else None for sp in spans}
    return dict.fromkeys(spans)


def _region_tied(low: str, start: int, end: int) -> bool:
    v = _v()
    places = vocab.alternation(v["region_places"])
    holders = vocab.alternation(v["region_holders"])
    after = low[end:]
    of = low[start:end].endswith(" of")
    if not of:
        m = re.match(r"[\s-]*(?:(corner|side|part|half|area|section|region)s?\b)?", after)
        if m.group(1) == "corner" or re.match(rf"[\s-]*{holders}", after):
            return True  # "the top left corner", "the top-left photo"
        after = after[m.end():]
        of = bool(re.match(r"\s*(?:of|on|in)\s", after))
        after = re.sub(r"^\s*(?:of|on|in)\s", " ", after) if of else after
    m = re.match(rf"\s*(?:(?:the|this|that|each|every)\s+)?((?:[\w'-]+\s+){{0,3}}?){places}", after) if of else None
    title = m.group(1).split() if m else []
    if of:  # "at the top of page 5", "the bottom of the Contact Information page"; not "of the figure on page 5"
        return bool(m) and not any(re.fullmatch(holders, w) or w in ("on", "in", "of", "at", "from", "and") for w in title)
    before = re.findall(r"[\w'-]+", low[max(0, start - 40):start])
    while before and before[-1] in ("at", "in", "on", "of", "the", "a", "that", "is", "are", "located", "locates", "placed", "shown"):
        before.pop()
    return bool(before) and re.fullmatch(holders, before[-1]) is not None  # "the picture at the top left"


def _with_place(c: Container, region: str | None, in_image: bool) -> Container:
    if c.kind in (ContainerKind.page, ContainerKind.slide, ContainerKind.cover, ContainerKind.last_page):
        return c.model_copy(update={"region": region, "in_image": in_image})
    return c


# --------------------------------------------------------------------------- target


def _mask(q: str, spans: list[tuple[int, int]]) -> str:
    chars = list(q)
    for s, e in spans:
        for i in range(s, e):
            chars[i] = " "
    return "".join(chars)


def compared_years(q: str) -> list[tuple[int, int]]:
    """Spans of the year-like numbers ``q`` compares with ("more than 2000 sales", "sales above 2000", "above
    2010 levels"): a threshold or a year, the words do not say which (vocabulary.yaml comparatives)."""
    words = [w for ws in _v()["comparatives"].values() for w in ws]
    rx = re.compile(vocab.alternation(words) + r"\s*((?:19|20)\d{2}(?:\.\d+)?)(?!\d|%|\.\d|s\b|\s*(?:%|per\s?cent\b))", re.I)
    return [m.span(1) for m in rx.finditer(q)]


def _predicate(q: str) -> Predicate | None:
    for op, words in _v()["comparatives"].items():
        # "2,000" with its thousands separator is one value; "per cent" is "percent".
        rx = re.compile(vocab.alternation(words) + r"\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(%|per\s?cent\b)?\s*(?:of\s+)?([a-z][a-z %-]*)", re.I)
        m = rx.search(q)
        while m and in_bracket(q, m.start()):
            # "respondents age above 65": an age bracket naming a population, not a predicate on values.
            m = rx.search(q, m.end(1))
        if m:
            column = re.split(r"\b(?:on|in|at|for|during|from|by|according)\b", m.group(3))[0].strip(" ?.")
            if column and not m.group(2) and _counts_graphics(column):
                continue  # "at least 2 charts": a count of things on a page, not a value in a table column
            if column:
                # "more than 20 percent?": the optional unit gave its word back to the column, yet it states the unit.
                unit = bool(m.group(2)) or re.fullmatch(r"per\s?cent|pct", column, re.I) is not None
                return Predicate(column=column, op=op, value=float(m.group(1).replace(",", "")), percent=unit)
    return None


def _counts_graphics(column: str) -> bool:
    """``column`` names graphics a page holds ("charts", "red bars", "images"): a count of them is no value."""
    keys = {"diagram", "chart", "logo", "figure", "image", "bar"}
    return any(vocab.search(words, column) for key, words in _v()["elements"].items() if key in keys)


# What "how many" counts: the words after it, up to the verb or the place ("how many red bars
# are", "how many people with sunglasses in"); a detector word beyond them is something else the
# question presupposes ("how many hot dogs is the boy eating", "how many windows does the car have").
_COUNTED = re.compile(r"\bhow\s+many\s+(?:of\s+(?:the\s+|these\s+|those\s+)?)?(.+?)(?=\s+(?:is|are|was|were|do|does|did|can|could|"
                      r"have|has|had|will|would|appear|appears|of|in|on|at|inside|within|from|there)\b|[?.,;]|$)", re.I)


# "What is the job of the person", "what is the name of the boy": an attribute of the detected
# thing is asked, which a detector does not see (its colour it does: the thing shows it).
_ATTRIBUTE_ASKED = re.compile(r"\bwhat\s+(?:(?:is|are|was|were)\s+the\s+([a-z]+)\b|([a-z]+)\s+(?:does|do|did|is|are|was|were)\s+(?:the|this|that|a|an)\b)", re.I)
_VISIBLE = {"color", "colour", "colors", "colours"}


def _asked_elsewhere(q: str, things: str, obj: tuple[str, str] | None, person: bool, attribute: tuple[str, str] | None) -> str | None:
    """What "how many" counts or "what is the ..." asks for, when the person/object word the detector
    would look for is not it (the detector's finds are then only the presupposed thing)."""
    if not (obj or person) or attribute is not None:
        return None
    words = [*object_words().get(obj[0], []), obj[1]] if obj else []
    if person:  # "children", "kids": the person class's words as well as the person words
        words += [*_v()["person_words"], *object_words().get("person", [])]
    if (m := _COUNTED.search(q)) is not None:
        return None if vocab.search(words, things[m.start(1):m.end(1)]) is not None else m.group(1).strip()
    if (m := _ATTRIBUTE_ASKED.search(q)) is not None:
        g = 1 if m.group(1) else 2  # "what is the job of ...", "what job does ... have"
        if m.group(g).lower() not in _VISIBLE:
            return None if vocab.search(words, things[m.start(g):m.end(g)]) is not None else m.group(g)
    return None


def page_part(q: str) -> str | None:
    """The words placing the asked thing in a part of a page no region delimits ("in the left column",
    "in the second paragraph": rules/vocabulary.yaml ``page_parts``), or None."""
    parts = vocab.alternation(_v()["page_parts"])
    m = re.search(rf"\b(?:in|on|at|within|inside|from)\s+the\s+(?:[\w-]+\s+){{0,2}}?{parts}\b", q, re.I)
    return m.group(0) if m else None


def _class_as_modifier(things: str, word: str) -> str | None:
    """The words "<class word> <noun>" where the class word only says what kind of thing the noun is ("dog
    owners", "bus drivers", "bicycle helmets"), or None: the next word only places, shows, counts or links the
    thing (``_thing_followers``), or says an act or state ("dogs sleeping", "cars parked"), which narrows the
    class instead (``_narrowed``)."""
    m = re.search(rf"\b{re.escape(word)}[\s-]+([a-z][a-z']+)\b", things, re.I)
    if m is None:
        return None
    nxt = m.group(1).lower()
    if nxt in _thing_followers() or vocab.member(nxt, _thing_followers()) or nxt.endswith(("ing", "ed")):
        return None
    return m.group(0)


def _narrowed(masked: str, cls: str | None, tested: str | None = None) -> str | None:
    """The words of a question about a detected person or object (containers masked) that say more
    than that it is there: a kind the detector does not tell apart ("children") or a state or act
    ("being read to", "wearing hats"); None when it only asks how many there are, and where.
    ``tested``: the words of an attribute the probe tests ("sun glasses"), which narrow nothing it
    does not check; a word of it alone ("glasses") is not that attribute."""
    if cls is None:
        return None
    if tested:
        masked = re.sub(re.escape(tested), " ", masked, count=1, flags=re.I)
    spec = vocab.load("objects")["classes"].get(cls, {})
    kinds = {k.lower() for k in spec.get("kinds", [])}
    plain = {w.lower() for w in _v()["plain_count_words"]} | {w.lower() for w in object_words().get(cls, []) if w.lower() not in kinds}
    rest = [w for w in re.findall(r"[A-Za-z0-9][A-Za-z0-9']*", masked) if not vocab.member(w.lower(), plain)]
    return " ".join(rest) or None


def _illustration(q: str) -> tuple[str, tuple[str, ...]] | None:
    verbs = vocab.alternation(_v()["illustration_verbs"])
    m = re.search(rf"\bwhich\s+([\w-]+)\s+(?:does|do|did|is|are|was)\s+(?:the|this|these)\s+\w+\s+{verbs}\s+(.+)$", q, re.I)
    if not m:
        return None
    filler = set(_v()["topic_filler"])
    topic = tuple(w for w in ascii_words(m.group(2)) if not vocab.member(w, filler))
    return (m.group(1).lower(), topic) if topic else None


def _venue_also(key: str, q: str) -> tuple[str, ...]:
    """The venue words the question names ("a restaurant or café"), each a rules/maps.yaml venue word the map
    probe reads (a "café" is Eating or Drinking & Nightlife, and only part of each), else its vocabulary
    category besides ``key``; from the vocabulary word, not its spelling in the question."""
    venues = _v()["venues"]
    meanings = vocab.load("maps")["venue_words"]
    out: set[str] = set()
    for hit in vocab.find_all(sorted({w for ws in venues.values() for w in ws} | set(meanings)), q):
        word = hit.word.lower()
        # One form per meaning, the singular: a misspelling may be read as either ("restaurannt").
        if word.endswith("s") and word[:-1] in meanings and meanings[word[:-1]] == meanings.get(word):
            word = word[:-1]
        out |= {word} if word in meanings else {k for k, ws in venues.items() if word in (w.lower() for w in ws)}
    return tuple(sorted(out - {key}))


# A place named after the second street ("... and 2nd Street on page 3"): no part of the street's name.
_BETWEEN_PLACE = re.compile(r"\s+(?:on|in|of|at)\s+(?:the\s+)?(?:page|slide|p\.|pp\.|figure|fig\.|map|chart|table)\b.*$", re.I)


def _between(q: str) -> tuple[str, str] | None:
    """The two streets of "between X and Y", or None when either end names no street: a bare number or year
    ("bars between 2010 and 2015" in a chart) is a span of values, not a street a map labels."""
    m = re.search(r"\bbetween\s+(.+?)\s+and\s+(.+?)[\s.?!]*$", q, re.I)
    if not m:
        return None
    a, b = (_BETWEEN_PLACE.sub("", s).strip(" .?") for s in m.groups())
    if not a or not b or not any(c.isalpha() for c in a) or not any(c.isalpha() for c in b):
        return None
    return a, b


_COLOUR_WORD = re.compile(r"[\s-]*(?:colou?r(?:ed|s)?\b)?[\s-]*", re.I)


def _colour_tied(masked: str, h: vocab.Hit, v: Any) -> str | None:
    """The word after colour ``h`` when it ties the colour to another thing ("a red cross", "the red
    underline"), or None when the colour is the asked thing's: followed by the thing itself, a style
    word, a word of ``colour_links``, or nothing."""
    after = masked[_COLOUR_WORD.match(masked, h.end).end():]
    word = re.match(r"[\w']+", after)
    things = _all_words(v["elements"]) + _all_words(v["styles"])
    if word and (word.group(0).lower() in v["colour_marks"] or not (
            vocab.member(word.group(0), v["colour_links"]) or vocab.member(word.group(0), things) or re.match(vocab.alternation(things), after, re.I))):
        return word.group(0)
    return None


def _unmeasured_colours(masked: str, v: Any, known: list[tuple[vocab.Hit, str]]) -> list[vocab.Hit]:
    """The colour words of ``masked`` no family measures (rules/vocabulary.yaml ``unmeasured_colours``) said
    of the asked thing: tied to it as a known colour is, or a shade before another colour word ("navy
    blue", "teal-green"). One tied to another noun ("Terry Tan studied", "copper prices") is no colour of
    the asked thing."""
    colour_words = "|".join(re.escape(w) for w in sorted([w for ws in v["colours"].values() for w in ws] + list(v["unmeasured_colours"]), key=len, reverse=True))
    # A compound ending in a colour word ("light-green", "navy-blue", "blue-green", "non-red"): the word after
    # the hyphen is no colour word of its own (the vocabulary's words start at no hyphen), and no family
    # measures the compound as said (a shade, a blend, a negation).
    compounds = [vocab.Hit(m.start(), m.end(), m.group(0), m.group(0).lower(), True)
                 for m in re.finditer(rf"(?<![\w-])[A-Za-z]+(?:-[A-Za-z]+)*-(?:{colour_words})(?![\w])", masked, re.I)]
    out = []
    words = [h for h in vocab.find_all(v["unmeasured_colours"], masked) if not any(k.start < h.end and h.start < k.end for k, _ in known)]
    for h in words + compounds:  # (a near spelling of a known colour's word is that colour)
        if any(c.start <= h.start and h.end <= c.end and c != h for c in compounds):
            continue  # a part of a compound
        shade = re.match(rf"[\s-]+(?:{colour_words})(?![\w])", masked[h.end:], re.I)
        if shade is not None or _colour_tied(masked, h, v) is None:
            out.append(h)
    return sorted(set(out))


def _colour(masked: str) -> tuple[str | None, str | None]:
    """The colour the asked thing is said to have, or None and why when the question names several,
    names one no family measures (rules/vocabulary.yaml ``unmeasured_colours``), negates one, or gives
    one to another thing (rules/vocabulary.yaml ``colour_links``). Where a note is given, the asked
    set is a part of the thing of any colour: what a check of that finds is a candidate (``_target``)."""
    v = _v()
    # "Mr. Brown", "Dr Green", "Brown's report": a person's name, no colour of the asked thing.
    hits = sorted((h, key) for key, words in v["colours"].items() for h in vocab.find_all(words, masked)
                  if not (_after_title(masked, h.start) or (h.text[:1].isupper() and re.match(r"['’]s\b", masked[h.end:]))))
    odd = _unmeasured_colours(masked, v, hits)
    if odd:
        said = ", ".join(repr(h.text) for h in sorted(odd + [h for h, _ in hits]))
        return None, (f"the question names a colour no family measures ({said}): a check of a known colour would miss it, "
                      "so no colour is measured")
    if not hits:
        return None, None
    keys = list(dict.fromkeys(key for _, key in hits))
    said = ", ".join(repr(h.text) for h, _ in hits)
    if len(keys) > 1:
        return None, f"the question names several colours ({said}): a check of one would miss the others, so no colour is measured"
    for h, key in hits:
        if (why := _denied(masked, h.start, f"the colour {h.text!r}", key, "colour")) is not None:
            return None, why
        if (word := _colour_tied(masked, h, v)) is not None:
            return None, f"the colour {h.text!r} belongs to '{h.text} {word}', not to the asked thing: no colour is measured"
    return keys[0], None


# Words that may stand between a negation and the attribute it denies when the two must be adjacent
# ("not written in italics", "aren't a chart", "non-chart").
_DENIAL_FILLERS = r"(?:\s+(?:a|an|the|any|in|as|of|written|printed|set|shown|drawn|-))*\s*-?\s*$"


def _denied(masked: str, start: int, said: str, key: str, kind: str, adjacent: bool = False) -> str | None:
    """Why the attribute said at ``start`` is not measured: it follows a negation ("bars that are not red",
    "words that aren't italic", "non-bold") or an excluding word ("colours other than red") within
    ``colour_negation_window`` words; then the asked set is what lacks it, and a check of it would count the
    other set. None when neither comes before it. ``adjacent``: only the fillers above may stand between
    ("Besides Figure 1, how many pictures" sets Figure 1 aside, not pictures)."""
    before = " ".join(re.findall(r"[\w'’]+|[^\w\s]", masked[:start])[-_v()["colour_negation_window"]:])
    end = _DENIAL_FILLERS if adjacent else ""
    negation = "(?:" + vocab.alternation(complement_rules()["negations"]) + r"|\bnon\b|\bneither\b|n['’]t\b)" + end
    if neg := re.search(negation, before, re.I):
        return f"{said} follows a negation ({neg.group(0).strip()!r}): the asked set is what is not {key}, so no {kind} is measured"
    if aside := re.search("(?:" + vocab.alternation(complement_rules()["excluding"]) + ")" + end, before, re.I):
        return f"{said} is set aside ({aside.group(0).strip()!r}): the asked set is what is not {key}, so no {kind} is measured"
    return None


def _style_hits(masked: str) -> list[tuple[int, int, str, str]]:
    """Every (start, end, key, text) a style word is said at, in order; a style word also counts after a hyphen
    ("bold-italic" says both, "non-bold" denies one), where the vocabulary's own search stops."""
    hits: list[tuple[int, int, str, str]] = []
    for key, words in _v()["styles"].items():
        found = [(h.start, h.end, h.text) for h in vocab.find_all(words, masked)]
        found += [(m.start(), m.end(), m.group(0)) for m in re.finditer(vocab.alternation(words, after_hyphen=True), masked, re.I)
                  if all(m.end() <= a or m.start() >= b for a, b, _ in found)]
        hits += [(a, b, key, t) for a, b, t in found]
    return sorted(hits)


def _styles(masked: str) -> tuple[tuple[str, ...], str | None]:
    """The styles the asked things are said to have (a set: "italic and underlined" = "underlined italic"), or
    none and why when one is denied ("words that are not italic", "non-bold words": a check of italic words
    counts the others)."""
    hits = _style_hits(masked)
    for start, _, key, text in hits:
        if (why := _denied(masked, start, f"the style {text!r}", key, "style", adjacent=True)) is not None:
            return (), why
    return tuple(sorted({key for _, _, key, _ in hits})), None


def _element(masked: str) -> tuple[tuple[str, str] | None, str | None, str | None]:
    """The first (kind, surface form) of element the asked things are said to be, skipping one the question
    denies ("graphics that are not charts": a check of charts counts the other set), and why one was skipped;
    then, when the first element word only says what kind of thing the next noun is ("photo credits", "figure
    skaters", "chart titles", "bar codes"), no element and why: the question asks for that noun's things, and a
    check of graphics would count another set."""
    hits = sorted(((h.start, -len(h.text), key, h.text, h.end) for key, words in _v()["elements"].items()
                   for h in vocab.find_all(words, masked)))
    kept, denied, taken = [], [], []
    for start, _, key, text, end in hits:
        if any(a <= start < b for a, b in taken):
            continue  # "bar" inside "bar charts": the longer word is the one said
        taken.append((start, end))
        why = _denied(masked, start, f"the kind {text!r}", key, "such kind", adjacent=True)
        (kept if why is None else denied).append((key, text, end) if why is None else why)
    if kept and kept[0][0] != "text" and (named := _element_as_modifier(masked, kept[0][2] - len(kept[0][1]), kept[0][2])):
        return None, (denied[0] if denied else None), (f"'{kept[0][1]}{named}' names what its last word says, not a {kept[0][0]}: "
                                                       f"a check of {kept[0][0]}s would count another set")
    if kept and (sense := _other_sense(masked, kept[0][2] - len(kept[0][1]), kept[0][1])):
        return None, (denied[0] if denied else None), (f"'{sense} {kept[0][1]}' may name no graphic ({kept[0][1]!r} has another sense: "
                                                       "numbers, people, a reputation, a story): no check of graphics answers it")
    if kept and (said := _value_sense(masked, kept[0][2], kept[0][1])):
        return None, (denied[0] if denied else None), (f"'{kept[0][1]}{said}' reads {kept[0][1]!r} as numbers (a value compared or "
                                                       "a place of values): no check of graphics answers it")
    return (kept[0][:2] if kept else None), (denied[0] if denied else None), None


@cache
def _thing_followers() -> frozenset[str]:
    """The single words that may follow an element word without making it a modifier of a noun: the words that
    only place, show or count a thing, link a colour or a place, join a list, the verbs of having and showing
    and of being mentioned, function words, colour, style and element words, and ``thing_followers``
    (rules/vocabulary.yaml and rules/qualifiers.yaml)."""
    v = _v()
    words = [*v["plain_count_words"], *v["place_links"], *v["list_joiners"], *v["colour_links"], *v["lacking"]["verbs"],
             *v["mention_counts"]["verbs"], *v["mention_counts"]["auxiliaries"], *vocab.load("qualifiers")["function_words"],
             *_all_words(v["colours"]), *v["unmeasured_colours"], *_all_words(v["styles"]), *_all_words(v["elements"])]
    return frozenset(w.lower() for w in [*words, *v["thing_followers"]] if " " not in w)


# A subject after "does", "did", "can" ...: the word after it is the question's verb ("what time does the red bar
# start", "when did the chart end"), never a noun it modifies.
_DO_SUBJECT = re.compile(r"\b(?:does|do|did|can|could|will|would|should|may|might|must)\s+(?:(?:the|this|that|a|an|each|any)\s+)?"
                         r"(?:[\w-]+\s+){0,2}$", re.I)


def _element_as_modifier(masked: str, start: int, end: int) -> str | None:
    """The words an element word at ``start``-``end`` joins with the next word to name another thing (" credits" in
    "photo credits", " skaters" in "figure skaters", "-topping" in "chart-topping"), or None. Joined by a hyphen,
    the next word always makes a compound of another sense (an element word after it aside: "bar-chart"). After a
    space, a singular element word ("photo", not "photos": a noun modifying another is said in the singular, and
    a plural is followed by its verb, "charts provide") modifies the next word unless that word only places, shows,
    counts or links the thing (``_thing_followers``), says an act or state ("image showing", "chart labelled"), is
    a negated auxiliary ("isn't"), the verb after a "does ..." subject ("what time does the bar start") or after
    "which <thing>" ("which chart compares")."""
    m = re.match(r"(\s+|-)([A-Za-z][A-Za-z']*)", masked[end:])
    if m is None:
        return None
    nxt = m.group(2).lower()
    if m.group(1) == "-":
        return None if vocab.member(nxt, {w.lower() for w in _all_words(_v()["elements"])}) else m.group(0)
    if _DO_SUBJECT.search(masked[:start]):
        return None
    plural = masked[start:end].lower().endswith("s")
    if plural and not _plural_noun(nxt):
        return None  # "charts provide": a plural is followed by its verb, never by an -s form of it
    if not plural and nxt.endswith("s") and re.search(r"\b(?:which|what)\s+$", masked[:start], re.I):
        return None  # "which chart compares ...": the word after "which <thing>" is its verb
    if nxt in _thing_followers() or nxt.endswith(("ing", "ed", "n't")) or vocab.member(nxt, _thing_followers()):
        return None
    if masked[end + m.end():end + m.end() + 2] in ("’t", "'t"):
        return None  # "isn’t": the apostrophe the word pattern does not read
    return m.group(0)


def _plural_noun(word: str) -> bool:
    """``word`` (lower case) has a plural noun's ending ("cards" in "graphics cards", "files" in "images files"): after a
    plural element word, a verb of it never ends in -s ("charts provide", "figures show"), so such a word is a noun the
    element word modifies, unless it is a word ending so that is no plural (``_thing_followers``: "is", "has", "across")."""
    return (len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is", "'s"))
            and word not in _thing_followers() and not vocab.member(word, _thing_followers()))


def _counted_elsewhere(masked: str) -> str | None:
    """What "how many" counts when no element word is in it ("songs" in "how many songs topped the charts", "rows" in
    "how many rows are in the chart"), or None: it holds an element word ("how many red bars"), it is pages or slides,
    which a question counts by what they hold ("how many pages have a chart"), or there is no "how many"."""
    m = _COUNTED.search(masked)
    if m is None:
        return None
    # An article opens another noun phrase ("songs topped the charts"): the counted words end before it.
    counted = re.split(rf"\s(?:{'|'.join(_ARTICLES)}|these|those)\s", f" {m.group(1)} ", maxsplit=1, flags=re.I)[0].strip()
    if not counted:
        return None
    if re.match(rf"\s*(?:,|/|&|\b(?:{_list_words_alt()})\b)", masked[m.end(1):], re.I):
        return None  # "how many tables, charts or graphs": a list of counted things, the element word among them
    if any(vocab.search(words, counted) for words in _v()["elements"].values()):
        return None
    if vocab.search([*_v()["page_words"], *_v()["slide_words"]], counted):
        return None
    return counted


def _value_sense(masked: str, end: int, said: str) -> str | None:
    """The words after an element word of another sense (``other_sense_elements``: "figures") that make it numbers,
    or None: a place right after it that no check measures and that holds values ("figures in the table", "figures of
    the columns": ``coordinated_things``), or a value it is compared with, up to the clause's end ("figures above 10",
    "figures on page 2 over 1,000": ``comparatives`` before a number that no thing word follows, "more than 3 bars"
    aside)."""
    if said.lower() not in {w.lower() for w in _v()["other_sense_elements"]}:
        return None
    rest = masked[end:]
    places = vocab.alternation(_v()["coordinated_things"])
    m = re.match(rf"\s+(?:in|of|from|within|inside)\s+(?:(?:the|this|that|these|those|each|a|an|every)\s+)?{places}", rest, re.I)
    if m is not None:
        return m.group(0)
    clause = re.split(r"[?!;]|\.(?!\d)", rest, maxsplit=1)[0]
    compare = vocab.alternation([w for ws in _v()["comparatives"].values() for w in ws])
    m = re.search(rf"{compare}\s*[$€£]?\s*\d[\d,.]*\s*(?:%|per\s?cent\b)?(?=\s*(?:$|,|\b(?:on|in|at|of|for|from|and|or|than|"
                  r"respectively)\b))", clause, re.I)
    return clause[:m.end()].rstrip() if m else None


@cache
def _sense_openers() -> frozenset[str]:
    """Words after which an element word of another sense still names the graphic ("how many figures", "the
    two figures", "red figures", "supplementary figures", "bar figures"): plain count words, function words,
    numbers, colours, element and supplement words, ``sense_openers`` (rules/vocabulary.yaml, rules/qualifiers.yaml)."""
    v = _v()
    words = [*v["plain_count_words"], *vocab.load("qualifiers")["function_words"], *v["number_words"], *v["ordinal_words"],
             *_all_words(v["colours"]), *v["unmeasured_colours"], *_all_words(v["elements"]), *v["supplement_words"],
             *v["list_joiners"], *v["place_links"], *v["lacking"]["verbs"], *v["mention_counts"]["verbs"]]
    return frozenset(str(w).lower() for w in [*words, *v["sense_openers"]] if " " not in str(w))


def _other_sense(masked: str, start: int, said: str) -> str | None:
    """The word before an element word of another sense (rules/vocabulary.yaml ``other_sense_elements``) at ``start`` that leaves its sense
    open ("public" in "public figures", "brand" in "brand image"), or None: the word is plain (``_sense_openers``),
    a number, or there is none."""
    if said.lower() not in {w.lower() for w in _v()["other_sense_elements"]}:
        return None
    m = re.search(r"([A-Za-z][A-Za-z']*|\d+)[\s-]*$", masked[:start])
    if m is None or m.group(1).isdigit():
        return None
    word = m.group(1).lower()
    return None if word in _sense_openers() or vocab.member(word, _sense_openers()) else m.group(1)


def _phrases(words: list[str]) -> str:
    """A regex alternation of ``words`` (escaped; the parts of a word of several joined by any run of spaces),
    bare: the caller puts the boundaries; an empty list matches nothing."""
    return "(?:" + "|".join(r"\s+".join(map(re.escape, str(w).split())) for w in words) + ")" if words else "(?!)"


class _StyleGrammar(NamedTuple):
    union: str  # a word that says one of them: "italic or bold"
    link: str  # a clause that says the second style of the things the first names
    said_end: str  # what may follow a style a link says: the end, a mark or a word that goes on
    at_once: str  # a word that says both at once, after "and"


@cache
def _style_grammar() -> _StyleGrammar:
    """The grammar between two style words, from rules/vocabulary.yaml ``styles_together`` (its comments say why)."""
    t = _v()["styles_together"]
    at_once = r"\b" + _phrases(t["at_once"]) + r"\b"
    # A link: at most two words (the asked things), a place left blank, then a clause that says the second style
    # of them, which ends there ("italic words on page 2 that are also bold?").
    link = (r"\s*(?:[A-Za-z]+\s+){0,2}?(?:" + _phrases(t["link_places"]) + r"\s+)?(?:" + _phrases(t["link_relatives"]) + r"\s+)?"
            + _phrases(t["link_verbs"]) + r"\s+(?:" + _phrases(t["link_quantifiers"]) + r"\s+)?(?:" + _phrases(t["link_settings"]) + r"\s+)?")
    said_end = r"\s*(?:$|[?.,;:!]|" + _phrases(t["link_ends"]) + r"\b)"
    return _StyleGrammar(r"\b" + _phrases(t["union"]) + r"\b", link, said_end, at_once)


def _styles_reading(masked: str) -> str:
    """How several styles said of the asked things combine (rules/vocabulary.yaml ``styles_together``):

    - "all", every one at once: side by side ("bold italic", "bold-italic"), after "both" ("both bold and
      italic") or with a word that says at once ("bold and also italic", "simultaneously"), "X and Y" said of
      the words ("words in italic and underlined on page 2"), or one said of things the other already names
      ("italic words that are also bold", "italic words on page 2 are bold");
    - "any", one of them: "italic or bold", "bold words and italic words" (two sets);
    - "either", the words do not say ("bold and italic words": both, or each): the union is measured, and
      what it finds is a candidate of the intersection, never a member.
    Anything not read as one of the first two is "either"."""
    together = _v()["styles_together"]
    first: dict[str, tuple[int, int]] = {}
    for s, e, key, _ in _style_hits(masked):
        first.setdefault(key, (s, e))  # "italic ... italics": one style said twice
    spans = sorted(first.values())
    if len(spans) < 2:
        return "all"
    gaps = [masked[a[1]:b[0]] for a, b in zip(spans, spans[1:])]
    union, link, said_end, at_once = _style_grammar()
    kinds = []
    for i, gap in enumerate(gaps):
        after = masked[spans[i + 1][1]:]
        g = re.sub(r",\s*(?=(?:that|which)\b)", " ", gap, flags=re.I)  # "italic words, that are bold too": a relative clause
        if re.search(union, g, re.I):
            kinds.append("union")
        elif re.fullmatch(r"[\s\-\u2010-\u2014]*", g):
            kinds.append("side")
        elif re.fullmatch(r"\s*(?:,\s*)?(?:and|&|plus|as\s+well\s+as)?\s*(?:" + at_once + r"\s+)?(?:in\s+)?", g, re.I) and g.strip():
            kinds.append("and_once" if re.search(at_once, g, re.I) else "and")
        elif re.fullmatch(r"\s*[A-Za-z]+(?:\s+[A-Za-z]+)?\s*(?:,|and|&)\s*(?:in\s+)?(?:the\s+)?", g, re.I) and not re.search(link, g, re.I):
            kinds.append("two_sets")  # "bold words and italic words", "bold headings, italic captions"
        elif re.fullmatch(link, g, re.I) and re.match(said_end, after, re.I):
            kinds.append("link")  # "italic words that are also bold", "italic words on page 2 are bold?"
        else:
            kinds.append("unread")
    if all(k in ("union", "two_sets") for k in kinds) or (
            "union" in kinds and all(k == "union" or re.fullmatch(r"\s*,\s*", g) for k, g in zip(kinds, gaps))):
        return "any"  # "bold, italic or underlined": a list joined by "or"
    if all(k in ("side", "link", "and_once") for k in kinds):
        return "all"
    if all(k in ("side", "link", "and", "and_once") for k in kinds):
        both = re.search(vocab.alternation(together["both"]) + r"\s+(?:(?:in|of)\s+)?$", masked[:spans[0][0]], re.I)
        said_of_words = re.match(r"\s*(?:$|[?.,;:!]|" + vocab.alternation(together["predicate_ends"]) + ")", masked[spans[-1][1]:], re.I)
        if (both is not None and len(spans) == 2) or said_of_words is not None:
            return "all"
    return "either"


def _all_words(mapping: dict[str, list[str]]) -> list[str]:
    return [w for words in mapping.values() for w in words]


# Where what the asked things lack ends: the question goes on to its verb or place.
_LACKS_END = {"is", "are", "was", "were", "in", "on", "at", "inside", "within", "there", "shown", "appear", "appears", "of", "from"}


def _lacking(masked: str) -> re.Match[str] | None:
    """Where the question says what the asked things lack ("pages that have no images", "people
    without sunglasses", "figures that do not show a person"): rules/vocabulary.yaml ``lacking``."""
    spec = _v()["lacking"]
    verbs = vocab.alternation(spec["verbs"])
    forms = [vocab.alternation(spec["words"]),
             rf"{verbs}\s+(?:no|not\s+any|none\s+of)\b",
             rf"(?:\bnot|n't|\bnever)\s+(?:(?:any|a|an)\s+)?{verbs}"]
    found = [m for f in forms if (m := re.search(f, masked, re.I))]
    return min(found, key=lambda m: m.start()) if found else None


def _target(q: str, masked: str) -> tuple[Target, list[str]]:
    v = _v()
    notes: list[str] = []
    lacks = None
    if (cue := _lacking(masked)) is not None:
        # The asked things are named before the cue; what follows is what they lack, and a check
        # of it would measure its presence: none found would make every page (person, figure) a member.
        said = re.findall(r"[\w'-]+", masked[cue.start():])
        cue_words = len(cue.group(0).split())
        stop = next((i for i, w in enumerate(said) if i > cue_words and w.lower() in _LACKS_END), len(said))
        lacks = " ".join(said[:stop]) or None
        head = " ".join(re.findall(r"[\w'-]+", masked[:cue.start()]))
        notes.append(f"the asked things lack '{lacks}': the target is read from '{head}' alone, and a check of what they "
                     "lack cannot empty the set")
        masked = masked[:cue.start()]
    styles, style_note = _styles(masked)
    reading = _styles_reading(masked) if len(styles) > 1 else "all"
    any_style = reading != "all"
    colour, colour_note = _colour(masked)
    notes += [n for n in (style_note, colour_note) if n]
    element, element_note, modifier_note = _element(masked)
    notes += [n for n in (element_note, modifier_note) if n]
    things = without_compounds(masked)  # "man-made", "hot dog": no person, no dog
    obj = vocab.find_key(pictured_object_words(q), things)
    attribute = vocab.find_key(v["person_attributes"], masked)
    person = vocab.search(v["person_words"], things) is not None
    stylised = vocab.search(v["stylised_words"], q) is not None
    pattern = vocab.find_key(v["patterns"], masked)
    venue = vocab.find_key(v["venues"], masked)
    between = _between(q) if venue else None
    illus = _illustration(q)
    object_class = obj[0] if obj else None
    if object_class == "person":
        person, object_class = True, None
    if object_class and (named := _class_as_modifier(things, obj[1])):
        # "dog owners", "bus drivers", "car seats": the class word says what kind of thing the next word names;
        # no dog in the photo says nothing of dog owners in it, so no detector of the class answers it.
        notes.append(f"'{named}' names what its last word says, not a {obj[1]}: a detector of {object_class}s "
                     "cannot count or rule them out")
        object_class = None
    if element and not (person or object_class or attribute or pattern) and (counted := _counted_elsewhere(masked)):
        # "how many songs topped the charts", "how many rows are in the chart": the element word places or
        # presupposes what is counted; a check of graphics counts another set (and no chart is no container).
        notes.append(f"the question counts '{counted}', not the {element[1]} it names: a check of {element[0]}s would count another set")
        element = None
    if (person or object_class) and attribute is None and (frame := non_visual_frame(q)):
        # "the percentage of people who say ...": a statistic's population, not a thing pictured.
        notes.append(f"'{obj[1] if obj else 'person'}' is not a thing pictured here: the question's frame ('{frame}') asks for a fact the document states.")
        person, object_class = False, None
    asked = _asked_elsewhere(q, things, obj if object_class else None, person, attribute)
    if asked:
        notes.append(f"the question asks for '{asked}', not for the {obj[1] if obj else 'person'} a detector would look for: "
                     "what it finds is only presupposed")
    narrowed = None if asked else _narrowed(masked, "person" if person or attribute else object_class, attribute[1] if attribute else None)
    if narrowed:
        notes.append(f"'{narrowed}' narrows the {object_class or 'people'} a detector finds: its finds are candidates")
    elif part := page_part(q):
        narrowed = part
        notes.append(f"'{part}' is a part of the page the check does not delimit: it looks at the whole page, and its finds are candidates")
    elif part := document_part(q):
        narrowed = part
        notes.append(f"'{part}' is a part of the document no container reads: the check looks at the whole document, and its finds are candidates")
    if colour_note and not narrowed and not asked:
        # A colour said but not measured (several, one no family measures, negated, another thing's): the
        # check measures the thing in any colour, a superset; none found is none, what it finds a candidate.
        narrowed = "the colour the question names, not measured"
    if style_note and not narrowed and not asked:  # the same for a denied style: words of any style are a superset
        narrowed = "the style the question denies, not measured"
    if element_note and not narrowed and not asked:  # "images that are not photos": images of any kind, a superset
        narrowed = "the kind the question denies, not measured"
    if reading == "either":
        # "bold and italic words": words with both, or words with each. The union of the styles is measured:
        # none found is none under either reading, and what it finds is a candidate (never a member of both).
        notes.append(f"the question may ask for words with all of {', '.join(styles)} at once or with any one of them: "
                     "the check takes any, and its finds are candidates")
        narrowed = narrowed or f"words with all of {', '.join(styles)} (the question may ask for any one)"
    target = Target(
        asked=asked,
        narrowed=narrowed,
        element=element[0] if element else None,
        styles=styles,
        any_style=any_style,
        colour=colour,
        object_class=object_class,
        person=person or attribute is not None,
        attribute=attribute[0] if attribute else None,
        stylised=stylised,
        predicate=_predicate(masked),
        pattern=pattern[0] if pattern else None,
        venue=venue[0] if venue and between else None,
        venue_also=_venue_also(venue[0], masked) if venue and between else (),
        between=between,
        item=illus[0] if illus else None,
        topic=illus[1] if illus else (),
        lacks=lacks,
        compared_year=masked[slice(*compared[0])] if (compared := compared_years(masked)) else None,
    )
    return target, notes


# --------------------------------------------------------------------------- qualifiers


@cache
def _qv() -> dict[str, Any]:
    return vocab.load("qualifiers")


@cache
def ordinary_word(word: str) -> bool:
    """A word that is no name even when capitalised (rules/qualifiers.yaml generic_nouns, the vocabulary's words)."""
    return word.lower().strip(".,") in _ordinary_words()


@cache
def designator(word: str) -> bool:
    """A word that says what kind of body a name is ("Foundation", "Ministry": rules/qualifiers.yaml designators)."""
    return word.lower().strip(".,") in frozenset(_qv()["designators"])


def _ordinary_words() -> frozenset[str]:
    """Words that are not names even when capitalised: generic nouns, colours, elements, object words."""
    v = _v()
    words: set[str] = set(_qv()["generic_nouns"]) | set(_qv()["not_heads"])
    for key in ("colours", "elements", "styles", "person_attributes", "venues"):
        for k, forms in v[key].items():
            words.add(str(k).lower())
            words.update(str(f).lower() for f in forms)
    for key in ("person_words", "stylised_words", "raster_only_words"):
        words.update(str(f).lower() for f in v[key])
    for cls, forms in object_words().items():
        words.add(cls.lower())
        words.update(f.lower() for f in forms)
    words.update(w.lower() for w in _c()["not_names"])
    return frozenset(words)


_ROMAN = r"(?:X{0,3})(?:IX|IV|V?I{0,3})"
_DESIGNATOR = rf"(?:\d+(?:[.-]\d+)*[a-z]?|(?!\b[IVX]*\b[a-z]){_ROMAN}(?=\b)|[A-Z])"


def _alternates(des: str) -> list[str]:
    """Other spellings of a designator: 4 <-> IV, 6 -> six."""
    out = [des]
    if des.isdigit() and 0 < int(des) <= 39:
        out.append(_to_roman(int(des)))
        word = next((w for w, k in _v()["number_words"].items() if k == int(des)), None)
        if word:
            out.append(word)
    elif len(des) > 1 and re.fullmatch(_ROMAN, des) and (r := _from_roman(des)):
        out.append(str(r))
    return out


def _to_roman(n: int) -> str:
    return to_roman(n).upper()


def _from_roman(s: str) -> int:
    """Value of an upper-case roman numeral up to 39 (the question side needs no more), else 0."""
    value = roman_value(s) if s.isupper() else None
    return value if value is not None and value <= 39 else 0


def _is_unit(token: str) -> bool:
    m = re.fullmatch(r"\d+(?:[.,]\d+)?([a-z%]+)", token, re.I)
    return bool(m) and m.group(1).lower() in set(_qv()["units"])


def _qualifiers(q: str, container_spans: list[tuple[int, int]], abbrev: bool = True, wide: bool = False,
                bare_open: bool = False) -> list[Qualifier]:
    """Every presupposed qualifier, each with its span in ``q``: quoted terms, dates, year ranges,
    years, numbered things (head + number, roman numeral or letter), alphanumeric names, names
    (``abbrev``, ``wide``, ``bare_open``: how names are joined and cut, ``_names``)."""
    out: list[Qualifier] = []
    taken = list(container_spans)

    def free(s: int, e: int) -> bool:
        return all(e <= a or s >= b for a, b in taken)

    def add(kind: str, s: int, e: int, text: str, variants: list[str], parts: tuple[str, ...] = ()) -> None:
        if not free(s, e):
            return
        taken.append((s, e))
        if any(x.kind == kind and x.text.lower() == text.lower() for x in out):
            return  # said twice, one qualifier
        out.append(Qualifier(kind=kind, text=text, variants=tuple(dict.fromkeys(variants)), span=(s, e), parts=parts,  # type: ignore[arg-type]
                             depicted=kind in ("name", "model") and depicted(q, e)))

    # Straight and English quotes, and the pairs other typesettings use: «…», ‹…›, „…“, ‚…‘, 「…」, 『…』.
    for m in re.finditer(r"[\"“`‘]([^\"”`’]{2,80})[\"”`’]|(?<![\w])'([^']{2,80})'(?![\w])|«\s?([^«»]{2,80}?)\s?»|‹\s?([^‹›]{2,80}?)\s?›"
                         r"|„([^„“”]{2,80})[“”]|‚([^‚‘’]{2,80})[‘’]|「([^「」]{2,80})」|『([^『』]{2,80})』", q):
        g = next(i for i in range(1, 9) if m.group(i))
        text = m.group(g).strip()
        # Every word of a quoted phrase is a part: OCR of a chart may print its words apart.
        words = tuple(w for w in re.findall(r"[\w.&'-]+", text) if w.lower() not in _qv()["not_heads"] and len(w) > 1)
        add("quoted", m.start(g), m.end(g), text, [text], words if len(words) > 1 else ())
        taken[-1:] = [m.span()] if out and out[-1].span == (m.start(g), m.end(g)) else taken[-1:]
    _dates(q, add)
    year = r"(?:19|20)\d{2}"
    joiners = "|".join(re.escape(j) for j in _qv()["range_joiners"])
    for m in re.finditer(rf"(?<![\d.])({year})\s*(?:{joiners})\s*((?:19|20)?\d{{2}})(?![\d%])", q, re.I):
        a, b = m.group(1), m.group(2)
        b4 = b if len(b) == 4 else a[:2] + b
        if int(b4) <= int(a) or int(b4) - int(a) > 50:
            continue
        if re.search(r"\band\b", m.group(0), re.I) and not re.search(r"\bbetween\s+$", q[: m.start()], re.I):
            continue  # "in 2012 and 2013" names two years, not a period
        add("year_range", m.start(), m.end(), m.group(0), [f"{a}-{b4}", f"{a} to {b4}", f"{a}-{b4[2:]}", f"{a}/{b4[2:]}", f"{a}/{b4}"], (a, b4))
    _fiscal_years(q, add)
    _roman_years(q, add)
    for m in re.finditer(rf"(?<![\d.])({year})(?![\d%]|s\b)", q):
        add("year", m.start(1), m.end(1), m.group(1), [m.group(1)])
    for m in re.finditer(r"(?<![\w.+-])(?=[\w.+-]*[A-Za-z])(?=[\w.+-]*\d)[A-Za-z0-9][\w.+-]*[A-Za-z0-9+]", q):
        tok = m.group(0)
        if _is_unit(tok) or re.fullmatch(r"[QH][1-4]|\d+(?:st|nd|rd|th)|(?:19|20)\d{2}s?", tok, re.I):
            continue
        if re.fullmatch(r"\d+-[a-z]+", tok) or (re.fullmatch(r"([a-z]+)-\d+", tok, re.I) and tok.split("-")[0].lower() in _qv()["not_heads"]):
            continue  # "50-shot", "top-100": a quantity, not a name
        head = re.match(r"[A-Za-z]+", tok)
        if head and head.group(0).lower() in _qv()["numbered_heads"] and re.fullmatch(r"[A-Za-z]+-?\d+", tok):
            continue  # "level-6", "wave4": a numbered thing, below
        add("model", m.start(), m.end(), tok, [tok])
    heads = set(_qv()["numbered_heads"])
    not_heads = set(_qv()["not_heads"])
    sep = r"(?:\s+|-|(?<=[a-z])(?=\d))(?:(?:numbers?|nos?\.?|codes?|#)\s*)?"
    # Capitals say "name" only where the question writes ordinary words in lower case.
    cased = _lower_keep_length(q) if _casing_uninformative(q) else q
    # A head may be hyphenated ("Wi-Fi 6", "Self-Check 3"): the number goes with the whole word.
    for m in re.finditer(rf"(?<![\w-])([A-Za-z][A-Za-z'’&]*(?:-[A-Za-z][A-Za-z'’&]*)*){sep}({_DESIGNATOR})(?![\w])(?!-\w)(?!['’](?![sS]\b)[A-Za-z])((?:\s*(?:,|and|or|&)\s*{_DESIGNATOR}(?![\w]))*)", cased):
        head, des = m.group(1), m.group(2)
        low = re.sub(r"['’]s$", "", head.lower())
        if low in not_heads or low in _qv()["months"] or len(head) < 2 or not des or not (any(c.isupper() for c in head) or low in heads):
            continue
        if des == "I" and low not in heads:
            continue  # "If I", "can I": the pronoun, not a roman one
        if des.isalpha() and not (head[0].isupper() or low in heads):
            continue
        if _middle_initial(q, m.end(2)):
            continue  # "John F. Kennedy": a middle initial, not the designator of a numbered "John F"
        if _is_unit(des):
            continue
        kind = "level" if low in ("level", "levels") else "numbered"
        # "error numbers 288 and 388": one qualifier per number, each spanning its own number.
        items = [(m.start(2), m.end(2), des)] + [
            (m.start(3) + x.start(), m.start(3) + x.end(), x.group(0))
            for x in re.finditer(_DESIGNATOR, m.group(3)) if x.group(0)
        ]
        for i, (s0, e0, d) in enumerate(items):
            start = m.start() if i == 0 else s0
            said = [q[start:e0]] if i == 0 else []
            add(kind, start, e0, q[start:e0] if i == 0 else f"{head} {d}", said + [f"{head} {x}" for x in _alternates(d)], (head, "|".join(_alternates(d))))
    _names(cased, free, add, abbrev, wide, bare_open)
    return sorted(out, key=lambda x: x.span or (0, 0))


def _unpresupposed(q: str) -> list[tuple[int, int]]:
    """Spans of ``q`` no qualifier is read from: containers, list items, a cardinality, a counted word."""
    found, _ = _containers(q)
    spans = [(s, e) for s, e, _ in found]
    mention = _mention_count(q, spans)
    # A year-like number the question compares with ("more than 2000 sales") may be a threshold, which the
    # page need not print: no year is presupposed for certain (checks.py derives no check for such a question,
    # since "above 2010 levels" compares with a year).
    threshold = compared_years(_mask(q, spans))
    return spans + _before_asked(q, not_presupposed(q, _sub_containers(q, found))) \
        + ([m.span()] if (m := _cardinality_match(q)) else []) + ([mention[1]] if mention else []) + threshold


def _before_asked(q: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Each span cut where a clause after a colon or semicolon opens with a question word (rules/vocabulary.yaml
    ``quantifiers``): "Answer in int format: how many images of Samsung ..." shows the answer's form up to the colon
    only, and the question after it presupposes Samsung. An example after a colon ("for example: Apple, Google")
    opens with no question word and stays unread."""
    asked = vocab.alternation([w for words in _v()["quantifiers"].values() for w in words])
    out = []
    for s, e in spans:
        cut = re.search(rf"[:;]\s+(?={asked})", q[s:e], re.I)
        e = s + cut.start() if cut else e
        # "write the answer in list format, e.g. ["9%"] in the 2022 survey": the instruction ends where an example
        # inside it opens, and the example where it closes; what follows them is the question's again.
        inner = [a for a, b in spans if s < a < e and b < e]
        out.append((s, min(inner)) if inner else (s, e))
    return out


@cache
def _names_read(q: str, abbrev: bool, wide: bool, bare_open: bool = False) -> tuple[Qualifier, ...]:
    return tuple(x for x in _qualifiers(q, _unpresupposed(q), abbrev, wide, bare_open) if x.kind == "name")


def name_readings(q: str, span: tuple[int, int]) -> list[tuple[Qualifier, ...]]:
    """The name at ``span`` of question ``q`` read otherwise: with no abbreviation joined to the next word
    ("Ft" of "Ft. Lauderdale"), joined to its neighbours across rules/qualifiers.yaml ``name_joiners_either_way``
    ("Securities and Exchange Commission"), and without the word that opens its sentence ("Yesterday Biden": Biden).
    Each reading is the names it gives there; the parsed reading is left out."""
    q = _SPACE.sub(" ", q).strip()
    parsed = [(x.text, x.span) for x in _names_read(q, True, False) if x.span and x.span[0] < span[1] and span[0] < x.span[1]]
    out: list[tuple[Qualifier, ...]] = []
    for abbrev, wide, bare in ((False, False, False), (True, True, False), (True, False, True)):
        names = tuple(x for x in _names_read(q, abbrev, wide, bare) if x.span and x.span[0] < span[1] and span[0] < x.span[1])
        if [(x.text, x.span) for x in names] != parsed and names not in out:
            out.append(names)
    return out


def _middle_initial(q: str, end: int) -> bool:
    """The one letter ending at ``end`` is followed by "." and a capitalised word that may go on a name ("F. Kennedy")."""
    nxt = re.match(r"\.\s+([A-Z][\w'’-]*)", q[end:])
    return nxt is not None and q[end - 1].isalpha() and not q[end - 2].isalnum() and nxt.group(1) not in _c()["not_names"] \
        and nxt.group(1).lower() not in _qv()["not_heads"]


def _casing_uninformative(q: str) -> bool:
    """A question in capitals or Title Case: most of its function words ("the", "of", "is") after the
    first word are capitalised, so a capital does not tell a name from a word."""
    function = set(_qv()["function_words"])
    words = [w for w in re.findall(r"[A-Za-z]+", q)[1:] if w.lower() in function]
    return len(words) >= 2 and 2 * sum(w[0].isupper() for w in words) > len(words)


def _lower_keep_length(q: str) -> str:
    """``q`` in lower case, character for character (spans stay valid). In a question in Title Case (not in
    capitals), a word whose shape is a name's however the question is cased keeps its case: capitals after its
    first letter ("NASA", "iPhone", "McKinsey") or a letter no English word opens with ("Ørsted", "Þórsson")."""
    low = "".join(c.lower() if len(c.lower()) == 1 else c for c in q)
    words = list(regex.finditer(r"[\p{L}][\p{L}\p{M}'’&.-]*", q))
    if 2 * sum(w.group(0).isupper() and len(w.group(0)) > 1 for w in words) > len(words):
        return low  # in capitals: no word's shape says anything
    for w in words:
        if _shaped_name(w.group(0)):
            low = low[: w.start()] + w.group(0) + low[w.end():]
    return low


def _shaped_name(word: str) -> bool:
    """``word`` is cased as only a name is: a capital after its first letter ("NASA", "iPhone", "McKinsey"), or a
    capital letter outside the English alphabet ("Ørsted", "Émile")."""
    return regex.search(r"(?<=\p{L}[\p{L}'’&.-]*)\p{Lu}", word) is not None or (word[:1].isupper() and not word[:1].isascii())


def _roman_years(q: str, add: Any) -> None:
    """A year written in roman numerals ("MMXIX", a copyright line's or a title's) is that year: searched as
    the year and as written (widening/engine/cases.py adds the other form to every year's search). Four
    letters at least: a shorter one is as often a name ("MMX", "MCM")."""
    for m in re.finditer(r"(?<![\w'’.-])M[MDCLXVI]{3,}(?![\w'’-])", q):
        value = roman_value(m.group(0))
        if value is not None and _YEAR.fullmatch(str(value)):
            add("year", m.start(), m.end(), m.group(0), [str(value), m.group(0)])


def _fiscal_years(q: str, add: Any) -> None:
    """A fiscal year ("FY2020", "FY 20", "FY'20") is the year 2020, spanning its prefix; the
    absent_entity search takes the FY forms as doubts (widening/engine/cases.py)."""
    prefixes = "|".join(re.escape(p) for p in _qv()["fiscal_year_prefixes"])
    for m in re.finditer(rf"(?<![\w'’])(?:{prefixes})\s?['’]?((?:19|20)\d{{2}}|\d{{2}})(?![\w%])", q, re.I):
        y = m.group(1)
        y4 = y if len(y) == 4 else ("20" if int(y) < 50 else "19") + y
        add("year", m.start(), m.end(), y4, [y4])


def _dates(q: str, add: Any) -> None:
    """Dates with a year: 'May 2018', 'March 3, 2019', '3 March 2019', '2019-03-03'."""
    months = _qv()["months"]
    mon = "|".join(sorted((m.capitalize() for m in months), key=len, reverse=True))
    year = r"(?:19|20)\d{2}"
    pats = [
        rf"\b(?P<m>{mon})\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y>{year})\b",
        rf"\b(?P<d>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m>{mon})\.?,?\s+(?P<y>{year})\b",
        rf"\b(?P<m>{mon})\.?,?\s+(?:of\s+)?(?P<y>{year})\b",
        rf"\b(?P<y>{year})-(?P<mm>\d{{1,2}})-(?P<d>\d{{1,2}})\b",
    ]
    for pat in pats:
        for m in re.finditer(pat, q):
            g = m.groupdict()
            mm = int(g["mm"]) if g.get("mm") else months[g["m"].lower()]
            y, d = g["y"], g.get("d")
            if mm not in months.values():
                continue
            name = max((k for k, v in months.items() if v == mm), key=len).capitalize()
            if d:
                variants = [f"{name} {int(d)} {y}", f"{int(d)} {name} {y}", f"{y}-{mm:02d}-{int(d):02d}", f"{mm}/{int(d)}/{y}", f"{int(d)}/{mm}/{y}"]
            else:
                variants = [f"{name} {y}", f"{name[:3]} {y}", f"{y}-{mm:02d}", f"{mm}/{y}", f"{mm:02d}/{y}"]
            add("date", m.start(), m.end(), m.group(0), variants, (y,))


def _names(q: str, free: Any, add: Any, abbrev: bool = True, wide: bool = False, bare_open: bool = False) -> None:
    """Capitalised word runs that are not ordinary words: the presupposed names.

    A run stops at a possessive or an apostrophe ("Japan's GDP" names Japan and GDP; "Skyways' fleet"
    names Skyways: a plural's possessive); a run
    glued to a preceding letter or apostrophe is not a word start ("AMCOR'FY" names no "FY").
    An apostrophe followed by two capitals ends the run before it: "AMCOR'FY" is a possessive
    whose "s" was dropped, and names AMCOR; "O'Brien" still opens no run at "O". A word some
    other qualifier already took ("FY2020", a year) splits the run around it. A run goes on across
    rules/qualifiers.yaml ``name_joiners``; with ``wide``, across ``name_joiners_either_way`` too
    ("Securities and Exchange Commission"); with ``abbrev``, across a short word's period ("Ft. Lauderdale");
    and across one or two particles (rules/cases.yaml ``name_particles``: "Ludwig van Beethoven", "Jean de la
    Fontaine"). A word may hold an apostrophe before a capital and a small letter ("O'Brien", "D'Angelo"). A
    month's name or its short form beside a day's number ("Mar 19", "19 Sept") is a date's, never a name's.
    With ``bare_open``, a run that opens the question or a sentence is read without its first word, whose
    capital only opens the sentence ("Yesterday Biden said ...": Biden).
    """
    qv = _qv()
    joiners = list(qv["name_joiners"]) + (list(qv["name_joiners_either_way"]) if wide else [])
    particles = [str(p) for p in _c().get("name_particles", [])]
    join = rf"(?:(?:{'|'.join(re.escape(str(j)) for j in joiners)})\s+){{0,{2 if wide else 1}}}"
    if particles:
        join = rf"(?:{join}|(?:(?:{_words_rx(particles)})\s+){{1,2}})"
    # Capitals of every script open a name ("Ørsted", "Þórsson", "Émile", "Łódź"): \p{Lu}, \p{Lt}.
    up, low = r"[\p{Lu}\p{Lt}]", r"\p{Ll}"
    # A short capitalised word with its period opens a name: "Ft. Lauderdale", "Univ. of Bergen".
    short = rf"{up}{low}{{1,3}}\.(?=\s+{join}{up})|" if abbrev else ""
    # "O'Brien", "Dell'Orto": an apostrophe inside a word before a capital and a small letter.
    inner = rf"{up}(?:[\w&.-]*[\w])?(?:['’](?={up}{low})[\w&.-]*[\w])+|"
    # A name whose capital comes after its first small letters ("iPhone", "eBay", "macOS"): a brand's spelling.
    camel = rf"{low}{{1,4}}{up}[\w&.-]*[\w]|"
    # A language's or a brand's sign after its letters: "C++", "C#", "F#", "Notepad++".
    sign = r"(?:\+\+|#)(?![\w+#])"
    token = short + inner + camel + rf"{up}[\w&.-]*[\w](?:{sign})?|{up}\.(?=\s+{up})|{up}(?:{sign})?"  # a middle initial "F." goes on: "John F. Kennedy"
    stop = set(_c()["not_names"])
    units = set(_qv()["cased_units"])
    titles = _honorifics()
    for m in regex.finditer(rf"(?<![\w'’.-])(?:{token})(?:\s+{join}(?:{token}))*(?![\w]|['’](?![sS]\b|{up}{{2}}|(?<=[sS]['’])(?!\w)))", q):
        raw = [(m.start() + w.start(), m.start() + w.end(), w.group(0)) for w in re.finditer(r"\S+", m.group(0))]
        run: list[tuple[int, int, str]] = []
        titled = False
        for i, w in enumerate(raw + [(-1, -1, "")]):
            # A title before a capitalised word ("Mr. Brown", "Dr Green", "President Brown", "St. Rose") makes it a
            # person's or a saint's name, however ordinary the word: the title is no part of it (a document may
            # print "Brown" alone, "Mister Brown" or "Professor Brown").
            if not run and w[2] and w[2].rstrip(".").lower() in titles and i + 1 < len(raw) and free(w[0], w[1]) \
                    and raw[i + 1][2][:1].isupper():
                titled = True
                continue
            # An abbreviation that is no name ("St.", "Dr.") joins nothing: the run is read as if it stopped there.
            ends = bool(w[2]) and len(w[2]) > 2 and w[2].endswith(".") and (w[2] in stop or w[2][:-1] in stop)
            ends = ends or w[2] in units  # "kWh", "mAh": a unit, no word of a name
            if w[2] and free(w[0], w[1]) and not ends and not _month_of_day(q, w[0], w[1]):
                run.append(w)
                continue
            if run:
                _name_run(q, run, free, add, bare_open, titled or _after_title(q, run[0][0]))
            run, titled = [], False


def _after_title(q: str, at: int) -> bool:
    """The word at ``at`` comes right after a title ("Mr. Brown", "Dr Green": rules/qualifiers.yaml ``honorifics``)."""
    return _title_before(q, at) is not None


def _title_before(q: str, at: int) -> int | None:
    """Where the title right before the word at ``at`` starts, if one is there."""
    before = re.search(r"(?<![\w'’.-])(\w+)\.?\s+$", q[:at])
    return before.start() if before is not None and before.group(1).lower() in _honorifics() else None


@cache
def _name_openers() -> frozenset[str]:
    """Abbreviations that open a place's name ("St.", "Mt.": rules/qualifiers.yaml ``name_openers``)."""
    return frozenset(str(w).lower().rstrip(".") for w in _qv()["name_openers"])


@cache
def _honorifics() -> frozenset[str]:
    """Titles that make the capitalised word after them a name (rules/qualifiers.yaml ``honorifics``)."""
    return frozenset(str(w).lower().rstrip(".") for w in _qv()["honorifics"])


def _month_of_day(q: str, s: int, e: int) -> bool:
    """The word at ``s:e`` is a month's name or short form (rules/qualifiers.yaml months) beside a day's number:
    "Mar 19", "Sept. 3rd", "19 Mar" (a date's word, not a name's)."""
    if q[s:e].lower().rstrip(".") not in _qv()["months"]:
        return False
    day = r"(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?"
    return re.match(rf"\.?\s+{day}(?![\w.,:]\d)\b", q[e:]) is not None or re.search(rf"(?<![\d.,:]){day}\s+$", q[:s]) is not None


def _name_run(q: str, raw: list[tuple[int, int, str]], free: Any, add: Any, bare_open: bool = False, titled: bool = False) -> None:
    """One run of capitalised words (absolute spans): the name it holds, if any; with ``bare_open``, a run
    opening a sentence is read without its first word. A role's title ("CEO", "President": rules/cases.yaml
    ``role_titles``) is no part of the name: "CEO of Quillfeather Ltd" names Quillfeather Ltd. A ``titled`` run
    follows a title ("Mr. Brown"): a person's name, even when its words are ordinary ones (a colour, a noun)."""
    stop = set(_c()["not_names"]) | set(_c()["role_titles"])
    ordinary = _ordinary_words()
    units = set(_qv()["units"])
    joiners = {str(j).lower() for j in (*_qv()["name_joiners"], *_qv()["name_joiners_either_way"], *_c().get("name_particles", []))}
    if bare_open and not titled and len(raw) > 1 and _opens_sentence(q, raw[0][0]):
        raw = raw[1:]
        while raw and raw[0][2] in joiners:
            raw = raw[1:]
        if not raw:
            return
    kept = [(s, e, w) for s, e, w in raw if w not in stop and f"{w}." not in stop and w not in joiners
            and not is_frame_word(w)]
    if not kept:
        return
    s, e = kept[0][0], kept[-1][1]
    name = q[s:e].strip(" .")
    words = [w.strip(".") for _, _, w in kept]
    if titled and len(name) == 1 and name.isalpha() and (t := _title_before(q, s)) is not None:
        # "Mr. X": a letter after a title names a person; the letter alone is no name to search, the title and it are.
        title = q[t:s].strip()
        add("name", t, s + 1, f"{title} {name}", [f"{title} {name}", f"{title.rstrip('.')} {name}"])
        return
    if len(name) < 2 or name.lower() in units or not free(s, s + len(name)):
        return
    # A lone capitalised word opening a sentence is just the sentence's first word.
    if not titled and _opens_sentence(q, raw[0][0]) and len(raw) == 1 and not _looks_like_name(raw[0][2]):
        return
    # Colour words, object classes and generic nouns are what is asked about, not a presupposed name; a colour
    # word with a possessive ("Brown's report", "Green’s theorem") is someone's name: a colour owns nothing.
    if not titled and all(w.lower() in ordinary for w in words) \
            and not (re.match(r"['’]s\b", q[e:]) and all(w.lower() in _colour_words() for w in words)):
        return
    if not_a_name([w for _, _, w in raw if w not in joiners]):
        return  # a shouted clause ("WHAT IS THE ...") or a measure to compute ("Interest Coverage Ratio")
    # Every word of a several-word name is a part: "White Americans" printed as "White" and
    # "Americans" apart is a doubt, never an absent name.
    # A one-letter initial is no part: "F" alone says nothing of "John F. Kennedy" (cases.py searches the name without it).
    parts = tuple(w for w in words if len(w) > 1 or not w.isalpha()) if len(words) > 1 else ()
    add("name", s, s + len(name), name, [name], parts if len(parts) > 1 else ())


@cache
def _colour_words() -> frozenset[str]:
    """The vocabulary's colour words (rules/vocabulary.yaml ``colours``), lower case."""
    return frozenset(str(f).lower() for k, forms in _v()["colours"].items() for f in (k, *forms))


def _opens_sentence(q: str, at: int) -> bool:
    """The word at ``at`` opens the question or a sentence of it: its capital says nothing. The period of a
    title or a place's opening abbreviation ("Mr.", "Dr.", "St.": rules/qualifiers.yaml ``honorifics``,
    ``name_openers``) ends no sentence."""
    if at == 0:
        return True
    end = re.search(r"(?:(\S*)\.|[?!:;])\s*$", q[:at])
    return end is not None and not (end.group(1) and end.group(1).lower() in _honorifics() | _name_openers())


def _looks_like_name(word: str) -> bool:
    """Two capitals, a digit, or a capital after a small letter ("NASA", "3M", "iPhone", "McKinsey")."""
    return bool(regex.search(r"\p{Lu}.*\p{Lu}|\d|\p{Ll}\p{Lu}", word))


# --------------------------------------------------------------------------- the rest


def _quantifier(q: str) -> str:
    v = _v()["quantifiers"]
    low = q.lower().replace("\u2019", "'")
    if _asks_count(low, v):
        return "how_many"
    for key in ("name_one", "list"):
        if re.search(vocab.alternation(v[key]), low):
            return key
    if re.match(vocab.alternation(v["yes_no"]), low):
        return "yes_no"
    for key in ("which", "what"):
        if re.search(vocab.alternation(v[key]), low):
            return key
    return "other"


def _asks_count(low: str, v: dict[str, list[str]]) -> bool:
    """Whether the question asks how many (rules/vocabulary.yaml ``quantifiers``): a ``how_many`` phrase anywhere
    ("in chapter 2, how many ..."), except a ``count_heads`` one, which asks only as the head of what is asked: at
    the opening of the question or of a clause, after up to three ``count_frames`` phrases and "the" ("what is the
    total number of"); never before ``count_naming`` ("what is the number of the bus" asks an identifier)."""
    heads = [w for w in v.get("count_heads", []) if w]
    anywhere = [w for w in v["how_many"] if w not in heads]
    if re.search(vocab.alternation(anywhere), low):
        return True
    frame = rf"(?:{vocab.alternation(v.get('count_frames', []))}\s+){{0,3}}"  # "could you tell me the number of"
    for m in re.finditer(rf"(?:^|[,;:]|[.?!]\s)\s*{frame}(?:the\s+)?(?={vocab.alternation(heads)})", low):
        if not re.match(vocab.alternation(v.get("count_naming", [])), low[m.end():]):
            return True
    return False


def complement_rules() -> dict[str, list[str]]:
    """The complement words of rules/cases.yaml (the one place they live)."""
    return _c()["complement"]


def excluding_words() -> list[str]:
    """Words that set a named part aside ("besides", "except"), and negated places right before a
    container ("not in the chart on page 2"), which do the same."""
    rules = complement_rules()
    return [*rules["excluding"], *rules.get("negated_places", [])]


def _complement(q: str, container_spans: list[tuple[int, int]]) -> tuple[str | None, tuple[int, int] | None, list[str]]:
    """The complement that defines the asked set (word, span), and a note for each 'not' that does not."""
    rules = complement_rules()
    m = re.search(vocab.alternation(rules["excluding"]), q, re.I)
    if m:
        return m.group(0).lower(), m.span(), []
    starts = {s for s, _ in container_spans}
    for m in re.finditer(vocab.alternation(rules.get("negated_places", [])), q, re.I):
        # Only before a container the question names, within a few words ("not in the chart on page 2"):
        # "people not in employment" is a predicate. A wider reading only sets a place aside: the
        # check then looks everywhere else, and what it finds there is a doubt.
        rest = q[m.end():]
        for to in (re.match(r"\s+", rest), re.match(r"\s+(?:(?:the|this|that)\s+)?", rest),
                   re.match(r"\s+(?:(?:the|this|that)\s+)?(?:[\w-]+\s+){1,2}?(?:on|in|of|at|from)\s+(?:the\s+)?", rest, re.I)):
            if to and m.end() + to.end() in starts:
                return re.sub(r"\s+", " ", m.group(0).lower()), m.span(), []
    # Parenthesised text qualifies the answer's form ("not the ratio"), never the set: blank it.
    bare = re.sub(r"\([^)]*\)", lambda x: " " * len(x.group(0)), q)
    neg = vocab.alternation(rules["negations"])
    aux = vocab.alternation(rules["auxiliaries"])
    verb = vocab.alternation(rules["presence_verbs"])
    m = re.search(rf"(?P<neg>{neg})\s+(?:{aux}\s+)?{verb}", bare, re.I)
    if m:
        return m.group("neg").lower(), m.span("neg"), []
    notes = []
    for n in re.finditer(neg, q, re.I):
        where = "inside parentheses, it qualifies the answer's form" if bare[n.start()] == " " else "it negates a predicate, not the presence of the asked items"
        context = q[max(0, n.start() - 20): n.end() + 20].strip()
        notes.append(f"'{n.group(0)}' in '...{context}...' is not a complement: {where}.")
    return None, None, notes


def _mention_count(q: str, container_spans: list[tuple[int, int]]) -> tuple[str, tuple[int, int]] | None:
    """The words whose occurrences the question counts, and their span ("how many times does the word
    'X' appear": X), or None (rules/vocabulary.yaml ``mention_counts``). Only where nothing but a
    container follows the verb: "how many times did X appear in tweets" counts tweets, not words."""
    v = _v()["mention_counts"]
    opener = rf"\b(?:{vocab.alternation(v['openers'])})\s+(?:{vocab.alternation(v['auxiliaries'])})\s+(?:the\s+)?"
    verb = rf"\s+(?:been\s+)?(?:{vocab.alternation(v['verbs'])})"
    heads = vocab.alternation(v["heads"])
    forms = [rf"(?:{heads}\s+)?[\"“‘'`](?P<x>[^\"”’'`]{{1,80}})[\"”’'`]",  # quoted
             rf"{heads}\s+(?P<x>[\w&.\-]+(?:\s+[\w&.\-]+){{0,2}}?)",  # after "the word"
             r"(?P<x>[A-Z0-9][\w&.\-]*(?:\s+[A-Z0-9][\w&.\-]*){0,3})"]  # a capitalised name
    nouns = {n.lower().rstrip("s") for n in vocab.load("qualifiers")["depiction_nouns"]}
    for k, form in enumerate(forms):
        for m in re.finditer(opener + form + verb, q, re.I):
            words = m.group("x").split()
            if k == 2 and not all(w[:1].isupper() or w[:1].isdigit() for w in words):
                continue  # an unquoted lower-case word without a head ("the company") is a thing, not a word
            if k and (words[-1].lower().rstrip("s") in nouns or depicted(q, m.end("x"))):
                continue  # "the Apple Logo": a picture may show it without printing its name
            rest = _mask(q, container_spans)[m.end():]
            if set(re.findall(r"[\w']+", rest.lower())) - set(v["after"]):
                continue  # "... appear in tweets": occurrences somewhere the document only reports on
            return m.group("x").strip(), m.span("x")
    return None


def _cardinality_match(q: str) -> re.Match[str] | None:
    """The first cardinality phrase ("another two", "top-3", "top2") whose count reads as a number."""
    for pat in _c()["cardinality_patterns"]:
        m = re.search(pat, q, re.I)
        if m and _count(m.group("n")) is not None:
            return m
    return None


def _count(word: str) -> int | None:
    return 1 if word.lower() == "another" else _number(word)


def _cardinality(q: str) -> int | None:
    m = _cardinality_match(q)
    return _count(m.group("n")) if m else None


def parse_question(text: str) -> ParsedQuestion:
    """Parse a benchmark question into containers, target, quantifier, complement and qualifiers."""
    q = _SPACE.sub(" ", text).strip()
    found, partial = _containers(q)
    regions = _regions(q, found, _region(q))
    image_hits = vocab.find_all(_v()["image_container_words"], q)
    in_image = bool(image_hits)
    complement, cspan, complement_notes = _complement(q, [(s, e) for s, e, _ in found])
    excluded: list[Container] = []
    containers: list[Container] = []
    clause_end = q.find(",", cspan[1]) if cspan else -1
    excluding = complement in excluding_words()
    for s, e, c in found:
        c = _with_place(c, regions.get((s, e)), in_image)
        # "Besides the two companies on page 42, ..." excludes page 42 from the set asked about.
        if cspan and excluding and cspan[1] <= s and (clause_end < 0 or e <= clause_end):
            excluded.append(c)
        else:
            containers.append(c)
    spans = [(s, e) for s, e, _ in found]
    image_spans = [(h.start, h.end) for h in image_hits]
    boxes = named_boxes(q)
    # The colour of a named box is where to read, not the colour of what is asked for.
    masked = _mask(q, spans + image_spans + [b.span for b in boxes])
    target, notes = _target(q, masked)
    mention = _mention_count(q, spans)
    if mention:
        target = target.model_copy(update={"mention": mention[0]})
    if excluding and cspan and not excluded and not target.narrowed:
        # "Other than the red chart, which charts ...": a part set aside that is no place a check can leave
        # out. What the check finds may be that part: candidates, never the ground of a claim; a zero stands.
        part = q[cspan[1]:clause_end if clause_end > 0 else len(q)].strip(" ,?")
        target = target.model_copy(update={"narrowed": f"{complement} {part}"[:80]})
        notes.append(f"'{complement} {part[:40]}' sets aside a part no check leaves out: its finds are candidates")
    if partial:
        # A page phrase read only partly: the scope is the whole document, and nothing is set aside
        # by page (a narrower scope would turn a thing on the page the words name into a false zero).
        notes.append("the scope is the whole document (a superset): " + "; ".join(partial))
        containers = [Container(kind=ContainerKind.document, text="")] + [c for c in containers if c.kind not in _PLACE_KINDS
                                                                           and c.kind is not ContainerKind.document]
        excluded = [c for c in excluded if c.kind not in _PLACE_KINDS]
        if not target.narrowed:
            # The superset holds pages the question does not ask about: what the check finds there is a
            # candidate, never a member of the asked set (a zero over the superset is still a zero).
            target = target.model_copy(update={"narrowed": "the page the question names, read only partly"})
    if not containers:
        containers = [Container(kind=ContainerKind.document, text="")]
    if (section := named_section(q)) is not None:
        # "in the abstract": the whole document is looked at (a superset), and the section is a container that must
        # exist (a heading names it) for a zero to licence "none"; what the superset holds is a candidate.
        name, said, _ = section
        containers = [c for c in containers if c.kind is not ContainerKind.document] + [Container(kind=ContainerKind.section, item=name, text=said)]
        if not target.narrowed:
            target = target.model_copy(update={"narrowed": f"'{said}' read as the whole document"})
        notes.append(f"'{said}' names a section: the check looks at the whole document, and the section must have a heading")
    subs = _sub_containers(q, found)
    return ParsedQuestion(
        text=q,
        quantifier=_quantifier(q),  # type: ignore[arg-type]
        containers=tuple(containers),
        excluded=tuple(excluded),
        sub_containers=tuple(subs),
        target=target,
        complement=complement,
        cardinality=_cardinality(q),
        # A cardinality phrase ("top2") is a count, and a counted word ("how many times does 'X' appear")
        # is what is asked: neither is a presupposed name.
        qualifiers=tuple(_qualifiers(q, _unpresupposed(q))),
        boxes=tuple(boxes),
        notes=tuple(notes) + tuple(complement_notes),
    )

"""The other direction: rows keyed 0 / none, verified by the same decision as a widening.

A zero key claims "the asked set is empty", exactly what a widening claims, so the row is
decided by ``decide_row`` unchanged and its decision read as a verdict on the key:
``confirmed`` (the engine would widen: zero members, zero doubts under every reading),
``contradicted`` (members of the asked set itself under every reading: a correction
candidate) or ``unverifiable`` (anything else, with the reason). Key forms and the word
rules are data in rules/zero_keys.yaml.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterable
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from widening import rulebook as vocab
from widening.engine.accounting import broader_than_asked, joined_beyond
from widening.engine.checks import derive
from widening.models import ContainerKind, Decision, Member, ParsedQuestion, Reader, Row, Target
from widening.question.parse import object_words, parse_question
from widening.text import ascii_words, fold, nfkc

WIDENED_ANSWER = "Not answerable or 0 or none"
NOT_ANSWERABLE = "Not answerable"
Verdict = Literal["confirmed", "contradicted", "unverifiable"]


@cache
def _rules() -> dict[str, Any]:
    return vocab.load("zero_keys")


@cache
def _zero_form() -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in _rules()["zero_forms"]))


def _list_items(key: str) -> list[object] | None:
    """The items of a key written as a list (JSON or Python literal), else None."""
    if not (key.startswith("[") and key.endswith("]")):
        return None
    for parse in (json.loads, ast.literal_eval):
        try:
            value = parse(key)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
        if isinstance(value, list):
            return value
    return None


def _key_form(item: object) -> str:
    """One key or list item as the zero forms are matched: NFKC and caseless ("０" is "0", "None" is "none"),
    without the full stop or the quotes a sentence-like key carries ("None.", "'0'")."""
    s = fold(str(item)).strip()
    if len(s) >= 2 and s[0] == s[-1] and s[0] in "'\"":
        s = s[1:-1].strip()
    return s[:-1].rstrip() if s.endswith(".") and not s.endswith("..") else s


# A zero glossed by another in brackets: "0 (zero)", "none (0)", "zero [0]".
_GLOSSED = re.compile(r"(?P<zero>[^()\[\]]+?)\s*(?:\((?P<p>[^()]+)\)|\[(?P<b>[^\[\]]+)\])")


def _is_zero_form(s: str) -> bool:
    """One key or list item is a zero form, alone or glossed by another ("0 (zero)")."""
    if _zero_form().fullmatch(s):
        return True
    m = _GLOSSED.fullmatch(s)
    return m is not None and all(_zero_form().fullmatch(_key_form(x)) for x in (m["zero"], m["p"] or m["b"]))


def _zero_items(answer: str) -> list[str] | None:
    """The zero forms a zero key is made of (one for a plain key, one per item of a list; none for "[]"),
    or None when ``answer`` is no zero key."""
    key = answer.strip()
    if _is_zero_form(_key_form(key)):
        return [_key_form(key)]
    items = _list_items(nfkc(key))
    if items is not None and all(_is_zero_form(_key_form(i)) for i in items):
        return [_key_form(i) for i in items]
    return None


def is_zero_key(answer: str) -> bool:
    """A key claiming the asked set is empty: "0", "0.0", "zero", "none", "[]", a list of zeros."""
    return _zero_items(answer) is not None


# A zero written as a number ("0", "0.0", "zero", "0 times") is a count only when the question counts: to
# "what is the value / rate / height of X" it is a value the document may print, not an empty set.
_NUMERAL = re.compile(r"\d|\bzero\b")
COUNTING = frozenset({"how_many"})


def measured_zero(d: Decision) -> str | None:
    """Why the row's zero key is a value, not an emptiness claim (None: it claims the asked set is empty)."""
    items = _zero_items(d.key)
    if not items or not all(_NUMERAL.search(i) for i in items) or d.parsed is None or d.parsed.quantifier in COUNTING:
        return None
    return (f"the key {d.key.strip()!r} is a number and the question asks '{d.parsed.quantifier}', not how many: a value the "
            "document may state (a reading, a rate, a score), not a count of the asked set, and the check measures "
            "whether the things are there, never what value they show")


# --------------------------------------------------------------------------- verdicts


def _count(members: list[Member]) -> int:
    """How many things ``members`` are: a member found under two readings of one page is listed twice, one thing."""
    return len({(m.page, tuple(round(x, 1) for x in m.bbox), m.what) for m in members})


def _where(m: Member) -> str:
    return f"PDF p{m.page} {[round(x) for x in m.bbox]} {m.what}"


# OCR is a learned reader: at low resolution, or on a look-alike glyph, it reads another word ("BAT" in 8 px
# type read as "HAT", "0CEAN" as "OCEAN"), so what it reads is enough to keep a row, never proof that the asked
# set holds something. A member says what read it (``Member.reader``); one that does not (a probe not yet
# saying so, a decision cached before members did) is read by OCR when its description names OCR as the reader
# ("text 'X' (OCR of a picture)"), outside the quoted text it read (a repr, which may itself say "OCR").
_OCR_READER = re.compile(r"\bocr\b", re.I)
_QUOTED = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"")


def read_by_ocr(m: Member) -> bool:
    """Whether ``m`` rests on what OCR read: its ``reader``, or where that is not set, its description
    naming OCR as the reader outside the quoted text."""
    if m.reader is not None:
        return m.reader is Reader.ocr
    return _OCR_READER.search(_QUOTED.sub(" ", m.what)) is not None


def sure_members(members: list[Member]) -> list[Member]:
    """The members that say the set is not empty: unscored (certain by construction) or scored by a detector
    at least rules/zero_keys.yaml ``contradiction_min_score``. A detection under it is a member by a tuned
    floor: enough to keep a row, never proof that the set holds something (a statue, a poster, a toy car)."""
    floor = float(_rules()["contradiction_min_score"])
    return [m for m in members if m.score is None or m.score >= floor]


def certain_members(members: list[Member], probe: str = "") -> list[Member]:
    """The members that can call a zero key wrong: ``sure_members`` not read by OCR. OCR is a learned reader too:
    what it reads keeps a row, but a key a reviewer checked against the page is not wrong on its word alone;
    unless ``probe`` asks for a shape OCR's slips keep (rules/zero_keys.yaml ``ocr_keeps_shape``)."""
    if probe in _rules()["ocr_keeps_shape"]:
        return sure_members(members)
    return [m for m in sure_members(members) if not read_by_ocr(m)]


def why_not_sure(members: list[Member]) -> str:
    """Why none of ``members`` (all left out by ``certain_members``) proves the set is not empty."""
    ocr = [m for m in members if read_by_ocr(m)]
    scored = [m for m in members if m.score is not None and not read_by_ocr(m)]
    parts = []
    if ocr:
        parts.append(f"{_count(ocr)} member(s) rest on what OCR read (first {_where(ocr[0])}), and OCR misreads letters: a learned reader, not proof")
    if scored:
        parts.append(f"{_count(scored)} detection(s) score below {_rules()['contradiction_min_score']} "
                     f"(best {max(m.score or 0.0 for m in scored):.2f}), a tuned threshold, not proof")
    return "; ".join(parts) or "no member is certain"


def verdict(d: Decision) -> Decision:
    """Read one engine decision on a zero-keyed row as a verdict on its key (pure)."""
    key = d.key.strip()
    probe = str(d.check.get("probe", ""))
    base = {"direction": "zero_key"}
    if d.decision == "widen" or d.case == "short_not_empty":
        if (why := measured_zero(d)) is not None:  # a value, not an emptiness claim: neither confirmed nor contradicted
            reason = f"Unverifiable: {why}; the check ({probe or 'none'}) decided {d.decision} ({d.case or 'no case'}): {d.reason}"
            return d.model_copy(update={**base, "verdict": "unverifiable", "decision": "keep", "case": "unverifiable", "reason": reason})
    if d.decision == "widen" and d.parsed is not None and (why := joined_beyond(d.parsed, probe)) is not None:
        reason = (f"Unverifiable: the check ({probe}) finds zero members, but {why}; that does not confirm the key {key!r}. "
                  f"({d.reason})")
        return d.model_copy(update={**base, "verdict": "unverifiable", "decision": "keep", "case": "unverifiable", "reason": reason})
    if d.decision == "widen":
        reason = f"Confirmed: {d.reason} The key {key!r} is a reading of the document; keying it {WIDENED_ANSWER!r} is licensed by the same check."
        return d.model_copy(update={**base, "verdict": "confirmed", "reason": reason})
    if d.case == "short_not_empty" and d.parsed is not None:
        sure = certain_members(list(d.members), probe)
        why = _key_names_member(d, sure) or broader_than_asked(d.parsed, probe) or _any_of_several(d) or _reading_without_members(d, sure)
        if why is None:
            reason = (f"Contradicted: the check ({probe}) finds {_count(sure)} member(s) of the asked set under every reading, "
                      f"first {_where(sure[0])}. The key {key!r} is a correction candidate.")
            return d.model_copy(update={**base, "verdict": "contradicted", "reason": reason})
        reason = (f"Unverifiable: the check ({probe}) finds {_count(list(d.members))} candidate(s), first {_where(d.members[0])}, "
                  f"but {why}; that is not a contradiction of the key {key!r}.")
        return d.model_copy(update={**base, "verdict": "unverifiable", "case": "unverifiable", "reason": reason})
    reason = f"Unverifiable ({d.case}): {d.reason}"
    if d.members and not certain_members(list(d.members), probe):  # members, none certain: say why that contradicts nothing
        reason += f" No member is certain: {why_not_sure(list(d.members))}; that is not a contradiction of the key {key!r}."
    return d.model_copy(update={**base, "verdict": "unverifiable", "reason": reason})


def _key_names_member(d: Decision, sure: list[Member]) -> str | None:
    """Why members do not contradict a key that reads as what one of them prints. A zero form is also a word a page
    may print (a product called 'None', a status 'none', a value 'Zero'): to a question that does not count ("which
    word is in italics?"), the key "None" may be the italic word 'None' itself, an answer naming the member, not a
    claim that there is none. To "how many" it is a count, whatever the page prints."""
    if d.parsed is None or d.parsed.quantifier in COUNTING:
        return None
    forms = [re.compile(rf"(?<!\w){re.escape(f)}(?!\w)") for f in _zero_items(d.key) or [] if f]
    for m in sure:
        printed = next((q for q in _QUOTED.findall(m.what) if any(f.search(fold(q[1:-1])) for f in forms)), None)
        if printed is not None:
            return (f"the key {d.key.strip()!r} is also what a member prints ({printed} at PDF p{m.page} "
                    f"{[round(x) for x in m.bbox]}), and the question asks '{d.parsed.quantifier}', not how many: the key "
                    "may name that member rather than say there is none")
    return None


def _any_of_several(d: Decision) -> str | None:
    """Why members of a check that takes any of several values ("italic and bold words": spans with either
    style, params ``match: any``) do not contradict a single zero: the words may ask for things with all of
    them (words both italic and bold), and a member with one is a candidate of that. A key listing one count
    per value (['0', '0']) asks for each alone, and a member of either contradicts it."""
    params = d.check.get("params") or {}
    several = [v for v in params.values() if isinstance(v, list) and len(v) > 1]
    if params.get("match") != "any" or not several:
        return None
    items = _zero_items(d.key) or []
    if len(items) >= max(map(len, several)):
        return None
    return (f"the question may ask for things with all of {', '.join(map(repr, several[0]))} at once, and the check "
            f"finds things with any one of them")


def _alternatives(d: Decision) -> dict[int, list[tuple[dict, tuple[int, ...]]]]:
    """Each place the question names (readings_tried ``container``) -> its readings, each with the pages any one
    of which may be the place. A number that names one page ("page 3", "slide 3") and that a reading finds on
    several pages (folios or labels that restart in each chapter: printed 3 on PDF pages 3 and 7) denotes one
    of them, not all: each page is a reading of its own. A range, a document, a caption's pages are a union."""
    single = {c.number for c in (d.parsed.containers if d.parsed else ()) if c.kind in (ContainerKind.page, ContainerKind.slide) and c.number}
    places: dict[int, list[tuple[dict, tuple[int, ...]]]] = {}
    for t in d.check.get("readings_tried", []):
        if not t.get("pages"):
            continue
        alts = [(p,) for p in t["pages"]] if str(t.get("number")) in single else [tuple(t["pages"])]
        places.setdefault(int(t.get("container", 0)), []).extend((t, a) for a in alts)
    return places


def _reading_without_members(d: Decision, sure: list[Member]) -> str | None:
    """Why some reading of the container holds no certain member (the key may be right under it), else None."""
    if not sure:
        return f"no member is certain: {why_not_sure(list(d.members))}"
    pages = {m.page for m in sure}
    # The places the question names are a union ("pages 1 and 2"): one place with a certain member under every
    # reading of it makes the set not empty; two readings of one place ("page 9": PDF 9 or printed 9) are not.
    places = _alternatives(d)
    if any(all(pages & set(a) for _, a in ts) for ts in places.values()):
        return None
    for ts in places.values():
        for t, a in ts:
            if not pages & set(a):
                also = f" (one of the PDF pages {t['pages']} it names)" if len(a) < len(t["pages"]) else ""
                return (f"under the {t['reading']} reading of {t['number']} (PDF page(s) {list(a)}{also}) it finds none, "
                        "and the question does not say which reading it means")
    return None


# --------------------------------------------------------------------------- twins


class Shape(BaseModel):
    """What two questions share when they are twins: container kind, quantifier, probe family."""

    model_config = ConfigDict(frozen=True)
    container: tuple[str, ...]
    quantifier: str
    family: str


def shape_probe(parsed: ParsedQuestion) -> str | None:
    """The derived check's probe, else the probe the target would call (rules/zero_keys.yaml)."""
    d = derive(parsed)
    if d.spec is not None:
        return d.spec.probe
    for entry in _rules()["target_probes"]:
        value = getattr(parsed.target, entry["field"])
        if value not in (None, False, (), "") and ("values" not in entry or value in entry["values"]):
            return str(entry["probe"])
    return None


def shape(parsed: ParsedQuestion) -> Shape | None:
    """The question's shape, or None when no probe family applies (a fact the document would state)."""
    probe = shape_probe(parsed)
    if probe is None:
        return None
    family = next((f for f, ps in _rules()["probe_families"].items() if probe in ps), probe)
    return Shape(container=tuple(sorted({c.kind.value for c in parsed.containers})), quantifier=parsed.quantifier, family=family)


def _target_key(parsed: ParsedQuestion) -> str:
    return parsed.target.model_dump_json(exclude_defaults=True)


def _same_question(a: Row, b: Row) -> bool:
    return " ".join(fold(a.question).split()) == " ".join(fold(b.question).split())


def twin_pairs(rows: Iterable[Row]) -> list[tuple[Row, Row, Shape]]:
    """(zero-keyed row, Not-answerable row, shape) for rows of one document with the same shape and different targets
    ("sunglasses" beside "dogs and cats"), or the very same question keyed both ways (the plainest twin: whatever a
    system answers, one of the two keys marks it wrong). The same target asked of another page is no twin: that
    page may hold what this one lacks."""
    by_doc: dict[str, list[tuple[Row, ParsedQuestion, Shape]]] = {}
    for r in rows:
        if not (is_zero_key(r.answer) or r.answer.strip().startswith(NOT_ANSWERABLE)):
            continue
        parsed = parse_question(r.question)
        s = shape(parsed)
        if s is not None:
            by_doc.setdefault(r.doc_id, []).append((r, parsed, s))
    out = []
    for items in by_doc.values():
        for z, zp, zs in items:
            if not is_zero_key(z.answer):
                continue
            for n, np_, ns in items:
                if n.answer.strip().startswith(NOT_ANSWERABLE) and ns == zs and (_target_key(np_) != _target_key(zp) or _same_question(z, n)):
                    out.append((z, n, zs))
    return out


def keyed_alike(zero: dict[str, Any], na: dict[str, Any]) -> str:
    """What keying the pair alike ('Not answerable or 0 or none' for both) would take, from both records."""
    z_ok = zero.get("verdict") == "confirmed"
    n_ok = na.get("decision") == "widen"
    if z_ok:
        z_side = f"the zero row ({zero['key']!r}) may be re-keyed {WIDENED_ANSWER!r}: its check confirms the zero"
    elif zero.get("verdict") == "contradicted":
        z_side = f"the zero row's key {zero['key']!r} is contradicted by members: correct it, do not widen it"
    else:
        z_side = f"the zero row's emptiness is not verified ({zero.get('case')})"
    widened = str(na.get("key", "")).startswith(WIDENED_ANSWER)
    if n_ok:
        n_side = "the Not-answerable row is already keyed so and its check confirms it" if widened else "the engine widens the Not-answerable row"
    elif widened:
        n_side = f"the Not-answerable row is keyed so by a reviewer, but the engine keeps it ({na.get('case')}): no check licenses it"
    else:
        n_side = f"the engine keeps the Not-answerable row ({na.get('case')}), so it stays 'Not answerable'"
    if z_ok and n_ok:
        return f"Both can be keyed {WIDENED_ANSWER!r}, each licensed by its own check: {z_side}; {n_side}."
    return f"Not both licensed: {z_side}; {n_side}. Keying them alike would rest on a reviewer's reading, not a check."

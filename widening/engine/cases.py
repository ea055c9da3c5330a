"""The four cases in which an empty-looking key must not be widened (rules/cases.yaml).

Each rule is a small function returning a ``CaseFinding`` with its evidence, or None.
They are applied in the precedence rules/cases.yaml gives.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import re
from functools import cache
from typing import Any

from widening import rulebook
from widening.engine.containers import Resolved
from widening.engine.lists import ListResolution
from widening.engine.zeros import certain_members
from widening.facts.document import Doc
from widening.models import CaseFinding, ContainerKind, Member, ParsedQuestion, ProbeResult, ProbeStatus, Qualifier
from widening.probes import Scope, run_probe
from widening.probes import name_mentions as names
from widening.probes import picture_words
from widening.question.frames import numbered_head, position_head, structure_head
from widening.question.parse import complement_rules, excluding_words, name_readings
from widening.text import roman_value, to_roman



_OR = re.compile(r"\b(?:or|either)\b", re.I)


def missing_container(resolved: list[Resolved]) -> CaseFinding | None:
    """A named container that exists under no reading of its number, nor does any it is named as an alternative of
    ("page 2 or page 3": one phrase the parser split, joined by "or")."""
    for r in resolved:
        if r.exists or r.uncertain:
            continue
        # "Figure 1 or 4": the parser gives the second its whole phrase and the first only its own words.
        if _OR.search(r.container.text) and any((o.exists or o.uncertain) and o.container.text and o.container.text in r.container.text
                                                for o in resolved if o is not r):
            continue
        tried = ", ".join(f"{t.reading.value} {t.number}" for t in r.readings) or "no reading applies"
        return CaseFinding(
            case="missing_container",
            reason=f"'{r.container.text or r.container.kind.value}' does not exist under any reading ({tried}).",
            evidence={"container": r.container.model_dump(mode="json"), "readings": [t.model_dump(mode="json") for t in r.readings]},
        )
    return None


def missing_sub_container(lists: list[ListResolution]) -> CaseFinding | None:
    """An ordinal item ("the fifth FAQ") beyond the count of its list under every reading of the parent."""
    for r in lists:
        if not r.missing:
            continue
        return CaseFinding(
            case="missing_container",
            reason=f"{r.explain()}: the ordinal exceeds the count under every reading, so the item does not exist.",
            evidence={
                "container": r.container.model_dump(mode="json"),
                "parent": r.container.parent,
                "readings": [x.model_dump(mode="json") for x in r.readings],
            },
        )
    return None


_ANCHORS = {"name", "model", "numbered", "level", "quoted"}
_RESTRICTORS = {"year", "date", "year_range"}


@cache
def _rule() -> dict[str, Any]:
    return rulebook.load("cases")["absent_entity_rules"]


def _params(q: Qualifier) -> dict[str, Any]:
    params: dict[str, Any] = {"variants": list(q.variants or (q.text,)), "qualifier": q.kind, "pictures": True}
    if q.kind == "year":
        # A year may be printed in roman numerals ("MMXIX" on a title page or a copyright line), and a question's
        # roman year ("MMXIX") in digits: both forms are the year as written. Not a numeral under four letters
        # ("MM" is a unit, "MMX" a name as often as 2010).
        year = next((v for v in params["variants"] if re.fullmatch(r"\d{4}", v)), q.text)
        short = year[2:]
        roman = [r for r in [to_roman(int(year)).upper()] if len(r) >= 4] if year.isdigit() and 0 < int(year) < 4000 else []
        params.update(variants=list(dict.fromkeys([*params["variants"], year, *roman])),
                      year=year, near_variants=_short_year_forms(year))
    if q.kind == "name" and (initials := _initial_forms(q.text)):
        params["near_variants"] = initials
    if q.kind in ("name", "quoted") and (numbers := _number_word_forms(q.text)):
        params["near_variants"] = [*params.get("near_variants", []), *numbers]
    if q.kind in ("name", "quoted") and (split := _apostrophe_split(q.text)):
        params["near_variants"] = [*params.get("near_variants", []), *split]
    if q.kind in ("numbered", "level") and len(q.parts) == 2:
        params["near_variants"] = _numbered_forms(q.parts[0], q.parts[1].split("|"))
    return params


def _short_year_forms(year: str) -> list[str]:
    """Two-digit forms that may print ``year`` (2013), searched as doubts: a fiscal year ("FY13", "FY12/13",
    "FY13-14": a fiscal year is named by its end or its start) and a quarter or half with the year first ("13Q1",
    "13H2"; the probe reads the part first, "1Q13"). The probe finds "'13" and "12/13" itself."""
    if not re.fullmatch(r"\d{4}", year):
        return []
    short, before, after = year[2:], f"{(int(year) - 1) % 100:02d}", f"{(int(year) + 1) % 100:02d}"
    fiscal = [f"FY{short}", f"FY {short}", f"FY'{short}"]
    fiscal += [f"FY{a}{mark}{b}" for a, b in ((before, short), (short, after)) for mark in ("/", "-", "–")]
    return [*fiscal, *(f"{short}{part}" for part in ("Q1", "Q2", "Q3", "Q4", "H1", "H2"))]


_INNER_APOSTROPHE = re.compile(r"(?<=[^\W\d_])['’](?=[^\W\d_]{2})")


def _apostrophe_split(text: str) -> list[str]:
    """``text`` with each apostrophe inside a word printed as a space or a hyphen ("O Brien", "O-Brien" for
    "O'Brien", as a typesetter or OCR may set it): forms searched as doubts, never members."""
    if not _INNER_APOSTROPHE.search(text):
        return []
    return [_INNER_APOSTROPHE.sub(mark, text) for mark in (" ", "-")]


def _initial_forms(name: str) -> list[str]:
    """A name of several words searched as doubts with words before its last one as their initials ("J. Smith",
    "S. Africa", "J. F. Kennedy"), inverted as in a reference list ("Smith, J."), and without a middle initial ("John Kennedy")."""
    words = re.findall(r"[\w'’&-]+", name)
    skip = frozenset(w.lower() for w in rulebook.load("qualifiers")["function_words"])
    # A person's or a place's name: no small word ("Bank of America" has no initials form), at most four words.
    if not 2 <= len(words) <= 4 or any(w.lower() in skip for w in words):
        return []
    # Only a capitalised word has an initial, not one in capitals ("US Steel") or an initial already.
    short = [i for i, w in enumerate(words[:-1]) if len(w) > 1 and w[0].isupper() and w[1:].islower() and w.isalpha()]
    middle = any(len(w) == 1 and w.isupper() for w in words[:-1])
    out = [" ".join(w for w in words if len(w) > 1)] if middle and len(words) >= 3 else []
    for k in range(1, 2 ** min(len(short), 2)):
        cut = {i for b, i in enumerate(short[:2]) if k >> b & 1}
        out.append(" ".join(w[0] if i in cut else w for i, w in enumerate(words)))
        if middle:
            out.append(" ".join(w[0] if i in cut else w for i, w in enumerate(words) if len(w) > 1))
    initials = [w[0] for w in words[:-1]]
    # "Smith, J.": not where the initial would read as an ending of the last word ("Africa S" is "Africa's").
    if short and len(short) + sum(len(w) == 1 for w in words[:-1]) == len(words) - 1 \
            and not names.forms(words[-1].lower() + initials[0].lower()) & names.forms(words[-1].lower()):
        out.append(f"{words[-1]}, {' '.join(initials)}")
    return list(dict.fromkeys(f for f in out if f != name and len(f.split()) > 1))


def _part_params(alts: list[str]) -> dict[str, Any]:
    """A part's search; a year part ("2022" of "1 May 2022") also finds ranges and two-digit forms that may print it (doubts)."""
    year = {"year": alts[0]} if re.fullmatch(r"(?:19|20)\d{2}", alts[0]) else {}
    split = {"near_variants": [x for a in alts for x in _apostrophe_split(a)]} if any(_apostrophe_split(a) for a in alts) else {}
    return {"variants": alts, "qualifier": "part", "pictures": True, **year, **split}


@cache
def _spelt_numbers() -> tuple[re.Pattern[str], dict[str, tuple[int, bool]]]:
    """The spelt numbers a name may hold, longest first ("twenty-first", "thirty one", "seventh", "seven"), with
    their value and whether each is an ordinal (rules/vocabulary.yaml number, ordinal and tens words)."""
    v = rulebook.load("vocabulary")
    words: dict[str, tuple[int, bool]] = {w.lower(): (int(n), False) for w, n in {**v["number_words"], **v["tens_words"]}.items()}
    words |= {w.lower(): (int(n), True) for w, n in {**v["ordinal_words"], **v["tens_ordinals"]}.items()}
    for tens, t in v["tens_words"].items():
        for unit, (u, ordinal) in list(words.items()):
            if 0 < u < 10 and " " not in unit and "-" not in unit:
                for mark in ("-", " "):
                    words[f"{tens.lower()}{mark}{unit}"] = (int(t) + u, ordinal)
    alt = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:(?P<the>the)\s+)?(?P<n>{alt})(?![\w-])", re.I), words


def _number_word_forms(name: str) -> list[str]:
    """A name that spells a number out ("Fourth Army", "Twenty-first Century Fund", "Seven Sisters", "Henry the
    Eighth"), searched as doubts with the number in digits ("4th", "21st", "2d", "7") and in Roman numerals ("IV", "XXI",
    "Henry VIII"): the page may print it so, and a reader takes either for the same name. Never members: "Fourth"
    printed "4" or "IV" is a reading, not the spelling asked."""
    pattern, words = _spelt_numbers()
    found = list(pattern.finditer(name))
    if not found:
        return []
    bare = not pattern.sub("", name).strip(" -'’.,&")  # the name is a number alone ("Eighth"): no bare digit nor one-letter numeral
    out = []
    for style in ("digits", "short", "roman"):  # short: the "2d", "3d" of a US military or legal style
        text = name
        for m in reversed(found):
            n, ordinal = words[_SPACE_OR_MARK.sub(lambda x: "-" if "-" in x.group(0) else " ", m.group("n").lower())]
            if style != "roman":
                suffix = _ORDINAL_SUFFIX.get(n % 10 if n % 100 not in (11, 12, 13) else 0, "th")
                form = f"{n}{'d' if style == 'short' and suffix in ('nd', 'rd') else suffix}" if ordinal else str(n)
                if bare and not ordinal:
                    continue
            else:
                form = to_roman(n).upper()
                if bare and len(form) < 2:
                    continue
            # "Henry the Eighth" is "Henry VIII"; "the 4th Fund" keeps its article where it opens the name.
            start = m.start("the") if m.group("the") and m.start() > 0 and style == "roman" else m.start("n")
            text = text[:start] + form + text[m.end("n"):]
        if text != name:
            out.append(text)
    return list(dict.fromkeys(out))


_SPACE_OR_MARK = re.compile(r"[\s-]+")
_ORDINAL_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


def _numbered_forms(head: str, designators: list[str]) -> list[str]:
    """Other ways to print a numbered item, searched as doubts: "Windows 9" for "Windows 9.0", "version 2.18"
    for "version 2.18.0", "Room 2.04" for "room 2-04" (another mark between the number's parts), "the fourth
    wave" for "Wave 4", "Group B" for "Group 2", "Henry the Eighth" for "Henry VIII"."""
    ordinals = {n: w for w, n in rulebook.load("vocabulary")["ordinal_words"].items()}
    out = [f"{head} {d}" for d in _zero_stripped(designators)]  # trailing zero parts: 2.18.0 is 2.18
    for d in designators:
        if re.fullmatch(r"\d+(?:[.\-/]\d+)+", d):
            marked = (re.sub(r"[.\-/]", mark, d) for mark in ".-/")
            out += [f"{head} {m}" for m in marked if m != d]
    # A series numbered one way may be lettered or numbered in Roman numerals the other ("Group 2" printed "Group B",
    # "Recruiter C" as "Recruiter 3", "Appendix B" as "Appendix II", "Part IV" as "Part 4" or "Part D"). "I", "V"
    # and "X" are letters and numerals both: each reading gives its forms.
    for n in sorted({n for d in designators for n in _series_values(d)}):
        out += [f"{head} {form}" for form in (str(n), *([chr(ord("A") + n - 1)] if n <= 26 else []), to_roman(n).upper())
                if form not in designators]
    out += [f"{ordinals[int(d)]} {head}" for d in designators if d.isdigit() and int(d) in ordinals]
    # A regnal or series numeral read out after its head ("Henry VIII" printed "Henry the Eighth", "Henry Eighth").
    regnal = sorted({n for d in designators if (n := int(d) if d.isdigit() else (roman_value(d) if d.isupper() else None))})
    return out + [f"{head}{the} {ordinals[n]}" for n in regnal if n in ordinals for the in (" the", "")]


def _series_values(d: str) -> list[int]:
    """The places in a series designator ``d`` may stand for (1 to 39): its number, its letter's place, its
    Roman numeral's value."""
    values = [int(d)] if d.isdigit() else []
    if len(d) == 1 and d.isascii() and d.isalpha():
        values.append(ord(d.upper()) - ord("A") + 1)
    if d.isupper() and (r := roman_value(d)) is not None:
        values.append(r)
    return [n for n in values if 1 <= n <= 39]


def _other_forms(q: Qualifier, doc: Doc, everywhere: Scope) -> list[Member]:
    """A name printed abbreviated, spelt out or as initials ("Corp"/"Corporation", "St."/"Saint", "USA"), an
    acronym of it spelt out ("North Atlantic Treaty Organization" for "NATO"), or its word shortened before its
    number ("Win10" for "Windows 10")."""
    if q.kind not in ("name", "quoted", "numbered", "model"):
        return []
    # Initials leave out function words or keep them ("USA" for "United States of America"; "DoE").
    skip = frozenset(w.lower() for w in rulebook.load("qualifiers")["function_words"])
    bare = _undesignated(q.text, skip)
    for name in dict.fromkeys((q.text, bare) if len(bare.split()) > 1 else (q.text,)):
        if forms := names.other_forms(doc, everywhere.pages, name, skip) or names.spelt_out(doc, everywhere.pages, name, skip):
            return forms
    # "Win10" for "Windows 10", "Windows 10" for "Win10"
    return names.shortened_head(doc, everywhere.pages, q.text) if q.kind in ("name", "model", "numbered") else []


def _derived_forms(q: Qualifier, words: list[str], doc: Doc, everywhere: Scope) -> list[Member]:
    """A word of a name printed only with another ending ("European" for "Europe", "Japan" for "Japanese"):
    doubts. Not for a numbered thing's head word ("Wave", "Level"), a common noun the rules already spell."""
    if q.kind not in ("name", "quoted"):
        return []
    return [m for w in words for m in names.derived_forms(doc, everywhere.pages, w)]


def _undesignated(name: str, skip: frozenset[str]) -> str:
    """``name`` without the designators that open it before a small word or end it ("Health and Human Services" of
    "Department of Health and Human Services", rules/qualifiers.yaml designators): its initials may leave them out ("HHS")."""
    from widening.question.parse import designator

    words = name.split()
    while len(words) > 2 and designator(words[0]) and words[1].lower() in skip:
        words = words[2:]
        while len(words) > 1 and words[0].lower() in skip:
            words = words[1:]
    while len(words) > 1 and designator(words[-1]):
        words = words[:-1]
    return " ".join(words)


def _alias_hits(q: Qualifier, doc: Doc, everywhere: Scope) -> list[Member]:
    """Mentions of the other names of ``q``'s group (rules/qualifiers.yaml aliases: "United Kingdom" for
    "Britain", "Mumbai" for "Bombay"): doubts, for the document may name the same place in its own words."""
    if q.kind not in ("name", "quoted"):
        return []
    key = _alias_key(q.text)
    forms = [f for group in rulebook.load("qualifiers")["aliases"] if key in {_alias_key(g) for g in group}
             for f in group if _alias_key(f) != key]
    if not forms:
        return []
    res = run_probe("name_mentions", doc, everywhere, {"variants": forms, "qualifier": "alias", "pictures": True})
    return [m.model_copy(update={"why": "another name of the same place or people: neither presence nor absence"}) for m in res.members]


def _alias_key(name: str) -> str:
    return " ".join(name.casefold().replace(".", " ").replace("-", " ").split())


def _headless(q: Qualifier, doc: Doc, everywhere: Scope) -> list[Member]:
    """Where a numbered item's number is printed without its head word ("3.4 Results", "ERR388", "Code 388")."""
    if q.kind not in ("numbered", "level") or len(q.parts) != 2:
        return []
    qv = rulebook.load("qualifiers")
    heads = frozenset(w.lower() for w in (*qv["numbered_heads"], *qv["structure_heads"]))
    designators = q.parts[1].split("|")
    designators += [d for d in _zero_stripped(designators) if d not in designators]
    version = q.parts[0].lower() in {w.lower() for w in qv["version_heads"]} and any("." in d for d in designators)
    if not (version or numbered_head(q.parts[0])):
        return []
    found = names.headless(doc, everywhere.pages, q.parts[0], designators, heads, structure_head(q.parts[0]), anywhere=version)
    if found or not structure_head(q.parts[0]):
        return found
    return _numbered_otherwise(q.parts[0], designators, doc, everywhere, heads)


def _numbered_otherwise(head: str, designators: list[str], doc: Doc, everywhere: Scope, heads: frozenset[str]) -> list[Member]:
    """"Section 3.2" where the headings number sections in Roman numerals and subsections in letters (IEEE's
    "III. RESULTS", then "B. Failure modes"): doubts when a heading opens with the first part so written and
    one with the second part as a letter; never a claim that the section is absent."""
    for d in designators:
        m = re.fullmatch(r"(\d{1,2})(?:\.(\d{1,2}))?", d)
        if m is None or not 1 <= int(m.group(1)) <= 39 or (m.group(2) and not 1 <= int(m.group(2)) <= 26):
            continue
        first = names.headless(doc, everywhere.pages, head, [to_roman(int(m.group(1))), m.group(1)], heads, True)
        if not m.group(2):
            return first  # "Section 3" opening a line as "III." (or "3"): what headless finds
        second = names.headless(doc, everywhere.pages, head, [chr(ord("A") + int(m.group(2)) - 1)], heads, True) if first else []
        if first and second:
            return [x.model_copy(update={"why": f"'{head} {d}' may be printed as sections in Roman numerals and subsections in letters"})
                    for x in (first[:1] + second[:2])]
    return []


def _zero_stripped(designators: list[str]) -> list[str]:
    """A number's forms without trailing zero parts: "2.18" and "2" of "2.18.0.0"... ("9" of "9.0")."""
    out: list[str] = []
    for d in designators:
        while re.fullmatch(r"\d+(?:\.\d+)*\.0", d):
            d = d[:-2]
            out.append(d)
    return out


def _pages(res: ProbeResult) -> list[int]:
    return sorted({m.page for m in res.members})


def _describe(q: Qualifier) -> str:
    what = {"name": "the name", "model": "the name", "numbered": "the numbered item", "level": "the level", "year": "the year",
            "year_range": "the period", "date": "the date", "quoted": "the term"}[q.kind]
    where = f" (question characters {q.span[0]}-{q.span[1]})" if q.span else ""
    return f"{what} '{q.text}'{where}"


def _absent(q: Qualifier, res: ProbeResult, why: str, extra: dict[str, Any] | None = None) -> CaseFinding:
    return CaseFinding(
        case="absent_entity",
        reason=f"The question presupposes {_describe(q)}, {why} ({res.note}).",
        evidence={"qualifier": q.model_dump(mode="json"), "probe": res.model_dump(mode="json"), **(extra or {})},
    )


@dataclass
class EntityOutcome:
    """What the qualifier search settled: an absent_entity finding, or doubts that keep the row unverifiable."""

    finding: CaseFinding | None = None
    results: list[ProbeResult] = field(default_factory=list)
    doubts: list[Member] = field(default_factory=list)
    doubt_reason: str = ""
    present: list[tuple[Qualifier, ProbeResult]] = field(default_factory=list)  # each qualifier found as written

    def presence(self) -> str:
        """What the search settled when no qualifier is absent, in words a reviewer checks on the pages."""
        if not self.present:
            return f"{NO_QUALIFIER}, number, year, date or quoted term whose absence a search could show."
        found = "; ".join(f"{_describe(q)} on pages {_span(_pages(res))}" for q, res in self.present)
        return f"{ALL_PRINTED}, so none of them is absent: {found}."


# The openings of EntityOutcome.presence, by which the audit summary groups rows (commands.report).
ALL_PRINTED = "Every qualifier it presupposes is printed"
NO_QUALIFIER = "It presupposes no name"


def absent_entity(parsed: ParsedQuestion, doc: Doc) -> EntityOutcome:
    """A presupposed qualifier that occurs nowhere, whose words never occur together, or that never
    shares a page with the year it is asked about (rules/cases.yaml, absent_entity_rules)."""
    everywhere = Scope(pages=tuple(range(1, doc.facts.page_count + 1)))
    out = EntityOutcome()
    notes: list[str] = []
    for q in parsed.qualifiers:
        got = _settle(q, doc, everywhere)
        out.results += got.results
        if got.present:
            out.present.append((q, got.results[0]))
            continue
        if got.finding is not None and (other := _read_otherwise(q, parsed.text, doc, everywhere)) is not None:
            out.results += other.results
            got = other
        out.doubts += got.doubts
        if got.note:
            notes.append(got.note)
        if got.finding is not None:
            out.finding = got.finding
            return out
    out.finding = _combination(out.present, doc)
    if out.finding is not None and not _rule()["combination"]["claim"]:
        notes.append(out.finding.reason.rstrip(".") + " (the combination rule only reports: rules/cases.yaml combination.claim)")
        out.finding = None
    if out.finding is None and notes:
        out.doubt_reason = "; ".join(notes)
    return out


@dataclass
class _Settled:
    """What the search of one qualifier settled: printed as written, absent (a finding), or a doubt (a note)."""

    results: list[ProbeResult]
    present: bool = False
    finding: CaseFinding | None = None
    doubts: list[Member] = field(default_factory=list)
    note: str = ""


def _read_otherwise(q: Qualifier, text: str, doc: Doc, everywhere: Scope) -> _Settled | None:
    """A doubt when the question read otherwise is not absent (``name_readings``: "Ft" without the "Lauderdale" its
    period joined it to, "Securities" joined into "Securities and Exchange Commission"); None when every reading is."""
    if q.kind != "name" or q.span is None:
        return None
    results: list[ProbeResult] = []
    for reading in name_readings(text, q.span):
        got = [(x, _settle(x, doc, everywhere)) for x in reading]
        results += [r for _, g in got for r in g.results]
        if any(g.finding is not None for _, g in got):
            continue
        why = "the question read with its names joined or split otherwise: neither presence nor absence"
        doubts = [m.model_copy(update={"why": why}) for _, g in got for m in (g.results[0].members[:3] if g.present else g.doubts[:3])]
        if not got:
            return _Settled(results, note=f"{_describe(q)} is not printed, but the question read otherwise presupposes no name there")
        said = " and ".join(f"'{x.text}'" for x, _ in got)
        how = "; ".join(g.note or f"'{x.text}' is printed on pages {_span(_pages(g.results[0]))}" for x, g in got)
        return _Settled(results, doubts=doubts, note=f"{_describe(q)} is not printed, but the question read otherwise names {said}, "
                        f"which is not absent: {how}")
    return None


def _settle(q: Qualifier, doc: Doc, everywhere: Scope) -> _Settled:
    """Search one qualifier on every page: printed as written, absent, or a doubt."""
    window = int(_rule()["together_window"])
    res = run_probe("name_mentions", doc, everywhere, _params(q))
    got = _Settled([res])
    if res.members:
        got.present = True
        return got
    if res.status is ProbeStatus.could_not_measure:
        # Not searched everywhere (a blind page, a picture that could not be read): the name
        # may be there, or not. Neither a claim nor a widening: the row stays unverifiable.
        got.note = f"{_describe(q)} could not be searched on every page ({res.note})"
        return got
    if q.depicted:
        got.doubts += list(res.doubts)
        got.note = f"{_describe(q)} names what a picture shows: it may be shown without being printed, and no words read it ({res.note})"
        return got
    if res.doubts:
        got.doubts += list(res.doubts)
        first = res.doubts[0]
        got.note = f"{_describe(q)} has no exact mention, only near ones, first p{first.page}: {first.what}"
        return got
    if alias := _alias_hits(q, doc, everywhere):
        got.doubts += alias[:3]
        got.note = f"{_describe(q)} is not printed, but another name of the same place or people is: p{alias[0].page}: {alias[0].what}"
        return got
    if _abbreviation(q):
        got.note = f"{_describe(q)} is a two-letter abbreviation: the document may print only its long form ({res.note})"
        return got
    if not q.parts:
        if forms := _other_forms(q, doc, everywhere) or _derived_forms(q, [q.text], doc, everywhere) \
                or (names.numberless_head(doc, everywhere.pages, q.text) if q.kind in ("name", "model") else []) \
                or (names.period_forms(doc, everywhere.pages, q.text) if q.kind in ("name", "model", "quoted") else []):
            # "NATO" printed only as "North Atlantic Treaty Organization"; "Europe" only as "European";
            # "COVID-19" only as "Covid"; "3Q19" as "Q3 2019" or "third quarter of 2019"
            got.doubts += forms[:3]
            got.note = f"{_describe(q)} is not printed as written, but may be in another form: p{forms[0].page}: {forms[0].what}"
            return got
        got.finding = _absent(q, res, "which occurs on no page of the document: 0 exact hits")
        return got
    # Not as written: are its words there, and together?
    parts = [p.split("|") for p in q.parts]
    part_res = [run_probe("name_mentions", doc, everywhere, _part_params(alts)) for alts in parts]
    got.results += part_res
    if (head := _descriptor(q, parts, part_res, doc, everywhere)) is not None:
        got.doubts += head[1][:3]
        got.note = (f"{_describe(q)} is not printed as written, but '{head[0]}' is (p{head[1][0].page}): its other words are "
                    "ordinary nouns or designators the document may leave out or translate")
        return got
    if any(pr.measured_zero for pr in part_res) and (printed := _headless(q, doc, everywhere)):
        # "Section 3.4" printed as a heading "3.4 Results", "error 388" as "ERR388": no claim on the head word's absence.
        got.doubts += printed[:3]
        got.note = (f"{_describe(q)} is not printed as written, but its number is, without the word '{q.parts[0]}': "
                    f"p{printed[0].page}: {printed[0].what}")
        return got
    if q.kind in ("numbered", "level") and len(q.parts) == 2 and position_head(q.parts[0]):
        # "FAQ 5", "step 3", "item 7": the fifth FAQ of entries printed without numbers is there, unlabelled.
        got.note = (f"{_describe(q)} is not printed as written, but '{q.parts[0]} {q.parts[1].split('|')[0]}' may name a place in a list "
                    "printed without numbers, which no text search rules out")
        return got
    if surname := _surname_alone(q, parts, part_res, doc):
        got.doubts += [m.model_copy(update={"why": "a family name alone may name the same person"}) for m in surname[:3]]
        got.note = (f"{_describe(q)} is not printed as written, but its family name is (p{surname[0].page}: {surname[0].what}), "
                    "bare, after a title or with first names or initials that may be the asked ones")
        return got
    zero = [alts[0] for alts, pr in zip(parts, part_res) if pr.measured_zero]
    if zero and (forms := _other_forms(q, doc, everywhere) or _derived_forms(q, zero, doc, everywhere)):
        got.doubts += forms[:3]
        got.note = f"{_describe(q)} is not printed as written, but may be in another form: p{forms[0].page}: {forms[0].what}"
        return got
    for alts, pr in zip(parts, part_res):
        if pr.measured_zero:
            got.finding = _absent(q, pr, f"which occurs on no page of the document: not as written (0 exact hits), and its part '{'/'.join(alts)}' occurs nowhere either",
                                  {"parts": [r.model_dump(mode="json") for r in part_res]})
            return got
    if any(not pr.members for pr in part_res):
        got.note = f"{_describe(q)} has no exact mention; a part of it cannot be settled"
        got.doubts += [d for pr in part_res for d in pr.doubts]
        return got
    if q.kind not in _ANCHORS:
        got.note = f"{_describe(q)} is not printed as written, but its parts are (pages {_span(_pages(part_res[0]))}); it may be printed in another form"
        return got
    if q.kind == "numbered" and structure_head(q.parts[0]):
        # "Section 3.4" is printed as a heading "3.4 ..." or "§3.4", without its head word.
        got.doubts += list(part_res[-1].members[:3])
        got.note = f"{_describe(q)} is not printed as written, but its number is (pages {_span(_pages(part_res[-1]))}): a heading may carry it without the word '{q.parts[0]}'"
        return got
    common = sorted(set.intersection(*(set(_pages(pr)) for pr in part_res)))
    close = next((m for p in common if (m := names.together(doc, p, parts, window)) is not None), None)
    if close is not None:
        got.doubts.append(close.model_copy(update={"why": f"the words of '{q.text}' occur within {window} words of each other, not as written"}))
        got.note = f"{_describe(q)} is not printed as written, but its words occur close together on p{close.page}: {close.what}"
        return got
    if (subject := _subject_left_out(q, parts, part_res, doc, everywhere)) is not None:
        head_words, res_head = subject
        got.doubts += list(res_head.members[:3])
        got.note = (f"{_describe(q)} is not printed as written, but '{head_words}' is (pages {_span(_pages(res_head))}), and its last word "
                    f"'{q.parts[-1]}' is what the whole document is about (pages {_span(_pages(part_res[-1]))}): a chart or table "
                    f"may print '{head_words}' alone for it")
        return got
    if (forms := _other_forms(q, doc, everywhere)):
        got.doubts += forms[:3]
        got.note = f"{_describe(q)} is not printed as written, but may be in another form: p{forms[0].page}: {forms[0].what}"
        return got
    if cells := _under_its_head(q, part_res):
        head, cell = cells[0]
        got.doubts += [cell.model_copy(update={"why": f"set in the column under '{q.parts[0]}' (p{head.page}): a table's cell under its header"})
                       for _, cell in cells[:3]]
        got.note = (f"{_describe(q)} is not printed as written, but its number is set in the column under its head word: "
                    f"'{q.parts[0]}' on p{head.page}, '{cell.what}' below it on p{cell.page} (a table whose header names the series, "
                    "continued on a later page without repeating it)")
        return got
    where = ", ".join(f"'{'/'.join(alts)}' on pages {_span(_pages(pr))}" for alts, pr in zip(parts, part_res))
    got.finding = _absent(q, res, f"which occurs nowhere as written (0 exact hits); its words never occur within {window} words of each other: {where}",
                          {"parts": [r.model_dump(mode="json") for r in part_res]})
    return got


def _under_its_head(q: Qualifier, part_res: list[ProbeResult]) -> list[tuple[Member, Member]]:
    """(head hit, number hit) where a numbered item's number ("IV" of "Wave IV") is printed in the column its head word
    spans, below it on its page or on the next (combination.neighbour_pages): a table whose column header is the head
    word ("Wave") and whose rows are the numbers, perhaps continued overleaf without its header, which no window of
    words joins. Only adds doubts."""
    if q.kind not in ("numbered", "level") or len(part_res) != 2:
        return []
    reach = int(_rule()["combination"]["neighbour_pages"])
    out = []
    for cell in part_res[1].members:
        for head in part_res[0].members:
            below = head.page < cell.page <= head.page + reach or (cell.page == head.page and cell.bbox[1] >= head.bbox[1])
            if below and min(cell.bbox[2], head.bbox[2]) >= max(cell.bbox[0], head.bbox[0]):
                out.append((head, cell))
                break
    return out


def _abbreviation(q: Qualifier) -> bool:
    """A two-letter capitalised name ("CA", "UK"): an abbreviation whose long form may be all the document prints."""
    return q.kind == "name" and not q.parts and len(q.text) == 2 and q.text.isalpha() and q.text.isupper()


def _descriptor(q: Qualifier, parts: list[list[str]], part_res: list[ProbeResult], doc: Doc, everywhere: Scope) -> tuple[str, list[Member]] | None:
    """("College Board Search", where it is printed) when the only unprinted words of the name are its head, ordinary
    nouns ("Platform") or designators ("Foundation", "Ministry of": rules/qualifiers.yaml), and the others
    are printed, together as written: the name may be there without them or with them translated."""
    from widening.question.parse import designator, ordinary_word

    if len(parts) < 2 or q.kind not in ("name", "quoted"):
        return None
    unprinted = [i for i, pr in enumerate(part_res) if not pr.members]
    if not unprinted or len(unprinted) == len(parts) or any(not part_res[i].measured_zero for i in unprinted):
        return None
    # Only the head may be left out: the last words ("... Search Platform", "Bosch Foundation"), or the
    # first ones before "of" ("University of Bergen"). A modifier is what tells the name apart ("Phone
    # Penetration" is not "Internet Penetration").
    m = len(unprinted)
    tail = unprinted == list(range(len(parts) - m, len(parts)))
    head_of = unprinted == list(range(m)) and re.match(rf"\s*(?:\S+\s+){{{m}}}of\b", q.text, re.I) is not None
    if not (tail or head_of):
        return None
    if not all(ordinary_word(a) or designator(a) for i in unprinted for a in parts[i]):
        return None
    head = " ".join(alts[0] for i, alts in enumerate(parts) if i not in unprinted)
    res = run_probe("name_mentions", doc, everywhere, {"variants": [head], "qualifier": "part", "pictures": True})
    why = "the name without its head word(s), which the document may leave out or translate: neither presence nor absence"
    return (head, [m.model_copy(update={"why": why}) for m in res.members]) if res.members else None


def _about(pages: list[int], doc: Doc) -> bool:
    """Pages of a word on the first page or on more than subject_share of them: what the whole document is about."""
    return 1 in pages or len(pages) > float(_rule()["subject_share"]) * doc.facts.page_count


def _person_word(word: str) -> bool:
    """A word a person's name may hold: an initial, or a capitalised word of letters in any script, capitals inside
    it too ("McConnell", "DeSantis", "Martí", "Jong-un"), never an acronym ("DNS")."""
    if re.fullmatch(r"[A-Z]\.?", word):
        return True
    pieces = re.split(r"['’\-]", word)
    return word[:1].isupper() and all(p.isalpha() and not (len(p) > 1 and p.isupper()) for p in pieces)


def _surname_alone(q: Qualifier, parts: list[list[str]], part_res: list[ProbeResult], doc: Doc) -> list[Member]:
    """Where the family name of a person-shaped name is printed as that person's. Its last word ("Jon Halvorsen"):
    bare, after a title ("President Halvorsen") or after first names or initials that may be the asked ones ("Joseph
    R. Halvorsen"). Its first word, as family names are set first ("Xi Jinping"), right after a title ("President Xi").
    Empty when the name has another shape ("Apple Inc", "BaiduCloud DNS") or its last word stands only after
    other first names or initials ("Terry Vasquell", "J. Smith" for "Joran Vasquell", "Zorblax Smith")."""
    from widening.question.parse import designator, ordinary_word

    if q.kind != "name" or not 2 <= len(parts) <= 4:
        return []
    words = [alts[0] for alts in parts]
    if not all(_person_word(w) for w in words):
        return []
    titles = frozenset(_rule()["person_titles"])
    out: list[Member] = []
    last = words[-1]
    if (len(last) >= 2 and not ordinary_word(last) and not designator(last) and last.lower() not in _people_and_places()
            and any(pr.measured_zero for pr in part_res[:-1])):  # "Amish Americans": a group of a people, not a person
        asked = [w[0].lower() for w in words[:-1]]
        out += _printed_as(last, part_res[-1], doc, lambda before, after: _same_person_possible(before, after, asked, titles))
    first = words[0]
    if (len(words) == 2 and len(first) >= 2 and not ordinary_word(first) and not designator(first)
            and first.lower() not in _people_and_places() and part_res[1].measured_zero):
        out += _printed_as(first, part_res[0], doc, lambda before, _: bool(before) and before[-1].strip(".").lower() in titles,
                           unseen=False)
    return out


def _printed_as(family: str, res: ProbeResult, doc: Doc, person: Any, unseen: bool = True) -> list[Member]:
    """The members of ``res`` (where ``family`` is printed) at which ``person(words before it on its line, initials
    after a comma)`` holds for some occurrence on the page, or, with ``unseen``, which are in no page words (a
    picture's, or another form of the word: who it names cannot be told, so it may be the asked person)."""
    before = re.compile(rf"((?:\S+[ \t]+){{0,4}})\b{re.escape(family)}(?:['’]s)?\b(,(?:[ \t]*[A-Z]\.?(?![a-z]))+)?", re.I)
    out: list[Member] = []
    for m in res.members:
        facts = doc.facts.page(m.page)
        text = facts.text if facts.text_source == "layer" else "\n".join(line.text for line in facts.ocr_lines)
        found = list(before.finditer(text))
        if (not found and unseen) or any(person(x.group(1).split(), x.group(2)) for x in found):
            out.append(m)
    return out


def _no_first_name(word: str) -> bool:
    """A capitalised word that names no one ("The Halvorsen plan", "When Halvorsen spoke", "Tax Smith"): a sentence's first
    word, a function word or an ordinary noun (rules/qualifiers.yaml, rules/cases.yaml not_names)."""
    from widening.question.parse import ordinary_word

    return ordinary_word(word) or word.lower() in _names_of_no_one()


@cache
def _names_of_no_one() -> frozenset[str]:
    words = list(rulebook.load("qualifiers")["function_words"]) + list(rulebook.load("cases")["not_names"])
    return frozenset(w.lower() for w in words)


@cache
def _particles() -> frozenset[str]:
    """Small words inside a family name (rules/cases.yaml name_particles), in any case ("de", "La")."""
    return frozenset(str(w).lower() for w in rulebook.load("cases").get("name_particles", []))


@cache
def _people_and_places() -> frozenset[str]:
    """Words of rules/qualifiers.yaml aliases: names of places and peoples, never a person's last name."""
    return frozenset(w.lower() for group in rulebook.load("qualifiers")["aliases"] for w in group)


def _same_person_possible(preceding: list[str], initials_after: str | None, asked: list[str], titles: frozenset[str]) -> bool:
    """Whether the first names or initials printed with a last name ("Joseph R.", "J.", ", J." after it) may be
    those asked (first letters agree as far as both go); none printed, or a title before it, may be anyone."""
    given: list[str] = []
    particles = _particles()
    for w in reversed(preceding):
        bare = w.strip(".")
        if bare.lower() in particles:
            continue  # "de La Fontaine", "van Beethoven": the family name's particles, no first name
        if bare.lower() in titles or not w[:1].isupper() or w[-1] in ",;:!?)" or not re.fullmatch(r"[A-Z][\w'’\-.]*", w) \
                or _no_first_name(bare):
            break
        given.insert(0, w)
    if initials_after:
        given = re.findall(r"[A-Z]", initials_after)
    letters = [c for w in given for c in ([x for x in w.split(".") if x] if re.fullmatch(r"(?:[A-Z]\.)+", w) else [w])]
    printed = [c[0].lower() for c in letters]
    if not printed:
        return True
    n = min(len(printed), len(asked))
    # A middle initial printed or asked ("Joseph R. Halvorsen" for "Jon Halvorsen") only lengthens one side.
    return printed[:n] == asked[:n]


def _subject_left_out(q: Qualifier, parts: list[list[str]], part_res: list[ProbeResult], doc: Doc,
                      everywhere: Scope) -> tuple[str, ProbeResult] | None:
    """("White", its hits) for "White Americans" when "Americans", the name's last (head) word, is what the
    document is about and "White" is printed as written: a chart's row label stands for the whole name."""
    if len(parts) < 2 or q.kind not in ("name", "quoted") or not _about(_pages(part_res[-1]), doc):
        return None
    head = " ".join(alts[0] for alts in parts[:-1])
    res = run_probe("name_mentions", doc, everywhere, {"variants": [head], "qualifier": "part", "pictures": True})
    return (head, res) if res.members else None


def _combination(present: list[tuple[Qualifier, ProbeResult]], doc: Doc) -> CaseFinding | None:
    """An anchor (name, numbered item) and a year it is asked about that never share a page or a neighbouring one."""
    n = doc.facts.page_count
    if any(names.page_text_status(doc.facts.page(i)) == "blind" for i in range(1, n + 1)):
        return None
    reach = int(_rule()["combination"]["neighbour_pages"])
    for a, ra in present:
        pa = _pages(ra)
        if a.kind not in _ANCHORS or _about(pa, doc):
            continue
        for r, rr in present:
            if r.kind not in _RESTRICTORS:
                continue
            pr = set(_pages(rr)) | {d.page for d in rr.doubts}
            if _meet(pa, pr, reach):
                continue
            # Words inside pictures near either: a year on a chart's axis, a name on a screenshot.
            seen = _in_pictures(doc, a, set(pa), r, pr, reach)
            if seen is None or _meet(sorted(seen[0]), seen[1], reach):
                continue
            return CaseFinding(
                case="absent_entity",
                reason=(f"The question presupposes {_describe(a)} in {_describe(r)}: '{a.text}' on pages {_span(pa)}, "
                        f"'{r.text}' on pages {_span(sorted(pr))}, never together (not on one page, nor within {reach} page(s)); "
                        f"no page is blind ({ra.note})."),
                evidence={"qualifier": a.model_dump(mode="json"), "with": r.model_dump(mode="json"),
                          "probe": ra.model_dump(mode="json"), "with_probe": rr.model_dump(mode="json")},
            )
    return None


def _meet(pa: list[int], pr: set[int], reach: int) -> bool:
    return any(q in pr for p in pa for q in range(p - reach, p + reach + 1))


def _in_pictures(doc: Doc, a: Qualifier, pa: set[int], r: Qualifier, pr: set[int], reach: int) -> tuple[set[int], set[int]] | None:
    """Anchor and restrictor pages with the words OCR reads in pictures near either added; None when too many pictures."""
    n = doc.facts.page_count
    near = tuple(sorted({q for p in pa | pr for q in range(p - reach, p + reach + 1) if 1 <= q <= n}))
    pics = picture_words.picture_pages(doc, near)
    if picture_words.pictures_over_budget(doc, sorted(pics)):
        return None
    pa, pr = set(pa), set(pr)
    for index in pics:
        try:
            if any(names.find(v, names.picture_tokens(doc, index)) for v in a.variants or (a.text,)):
                pa.add(index)
            if any(names.find(v, names.picture_tokens(doc, index)) for v in r.variants or (r.text,)):
                pr.add(index)
        except Exception:  # an unreadable picture may hold either
            return None
    return pa, pr


def _span(pages: list[int]) -> str:
    if len(pages) > 10:
        return f"{pages[:10]}… ({len(pages)} pages)"
    return str(pages)


def unbounded_complement(parsed: ParsedQuestion) -> CaseFinding | None:
    """A set defined by negation against a universe the document does not enumerate.

    The parser only reports a complement of the two shapes in rules/cases.yaml; an excluding
    one ("besides X") is bounded by a cardinality, a named container, or a place it sets aside,
    and goes to the check.
    """
    if parsed.complement is None:
        return _unread_negation(parsed)
    excluding = parsed.complement in excluding_words()
    if not excluding and _in_circumstance(parsed.text, parsed.complement):
        return None
    if not excluding and (said := _first_appearance(parsed.text, parsed.complement)) is not None:
        return CaseFinding(
            case="unverifiable",
            reason=(f"The question's negation says when the asked things first appear ('{said}'), not which are absent: "
                    "no complement, and no check measures a first appearance. Never a widening."),
            evidence={"complement": parsed.complement, "sequence": said},
        )
    named = [c for c in parsed.containers if c.kind is not ContainerKind.document]
    # "Besides page 2, how many images ...": what is set aside is a place, so the rest is the
    # document's own items of that kind, which it enumerates.
    if excluding and (parsed.cardinality is not None or named or parsed.excluded):
        return None
    if _bounded_universe(parsed, excluding, named):
        return None
    shape = "excludes a named part with no cardinality or container to bound the rest" if excluding else "asks for what the document does not show"
    return CaseFinding(
        case="unbounded_complement",
        reason=f"The question {shape} ('{parsed.complement}'), a universe the document does not enumerate, so 'none' is not a reading of it.",
        evidence={"complement": parsed.complement, "cardinality": parsed.cardinality, "containers": [c.text for c in named]},
    )


def _bounded_universe(parsed: ParsedQuestion, excluding: bool, named: list) -> bool:
    """The universe the complement is taken from is enumerated: by the question (a list of options,
    "among the 26 exhibits"), by the document's own mentions (an excluding word), or by a named
    container before a negation ("the papers in Table 2 ... not mentioned")."""
    import re

    rules = complement_rules()
    q = parsed.text
    if any(re.search(p, q, re.I) for p in rules.get("listed_universe", [])):
        return True
    if excluding:
        held = rf"\b(?:the|this|that|these|those)\s+(?:{rulebook.alternation(list(rules.get('bounding_things', [])))})"
        return rulebook.search(list(rules.get("mentioned_universe", [])), q) is not None or re.search(held, q, re.I) is not None
    at = q.lower().find(parsed.complement or "")
    if at > 0 and any(c.text and 0 <= q.find(c.text) < at for c in named):
        return True
    return at >= 0 and (_held_after(q, at, rules, named) or _read_from(q, rules, named))


def _read_from(q: str, rules: dict[str, Any], named: list) -> bool:
    """A named container a source phrase gives as where the answer is read ("... not available in the Basic plan
    according to the table on page 3"): it enumerates the universe, wherever the phrase stands."""
    phrases = list(rules.get("source_phrases", []))
    if not phrases:
        return False
    lead = re.compile(rf"(?:{rulebook.alternation(phrases)})\s+(?:[\w'’-]+\s+){{0,4}}?$", re.I)
    return any(lead.search(q[:at]) for c in named if c.text for at in _starts(q, c.text))


def _starts(q: str, text: str) -> list[int]:
    return [m.start() for m in re.finditer(re.escape(text), q)]


def _held_after(q: str, at: int, rules: dict[str, Any], named: list) -> bool:
    """A named container after the negated clause, held by a presence verb of its own: "which countries that
    are not listed in Table 2 appear in Figure 3" asks among the countries Figure 3 shows, which it enumerates.
    The container the negated verb itself points to ("not shown in Figure 3") bounds nothing."""
    neg = rulebook.alternation(list(rules["negations"]))
    aux = rulebook.alternation(list(rules["auxiliaries"]))
    verb = rulebook.alternation(list(rules["presence_verbs"]))
    first = re.compile(rf"(?:{neg})\s+(?:(?:{aux})\s+)?(?:{verb})", re.I).match(q, at)
    if first is None:
        return False
    if _located_after(q, first.end(), rules, named):
        return True
    negated = re.compile(rf"(?:{neg})\s+(?:(?:{aux})\s+)?$", re.I)
    # Any verb that may hold a place: the presence verbs, the verbs of mention, the participles that may say presence.
    holding = rulebook.alternation(list(dict.fromkeys([*rules["presence_verbs"], *rules.get("mentioned_universe", []),
                                                       *rules.get("unsure_presence", [])])))
    things = rulebook.alternation(list(rules.get("bounding_things", []))) if rules.get("bounding_things") else ""
    for v in re.finditer(rf"(?:{holding})", q[first.end():], re.I):
        pos = first.end() + v.start()
        if negated.search(q[:pos]):
            continue  # "... and are not shown in Figure 3": negated again, no bound
        if any(c.text and q.find(c.text, pos) >= 0 for c in named):
            return True
        if things and re.match(rf"\s+(?:in|on|within|across|throughout)\s+(?:(?:the|this|that|these|those|each)\s+)?(?:{things})",
                               q[pos + len(v.group(0)):], re.I):
            return True  # "... are discussed in Section 2", "... are described in the manual": a place of the document
    # "... not shown in Figure 1 does page 2 describe": the container the subject of a verb of its own.
    base = rulebook.alternation(list(rules.get("holding_verbs", [])))
    for c in named:
        for at in (_starts(q, c.text) if c.text else []):
            if at >= first.end() and re.search(r"\b(?:do|does|did)\s+(?:[\w'’-]+\s+){0,3}$", q[:at], re.I) \
                    and re.match(rf"\s+(?:{base})", q[at + len(c.text):], re.I):
                return True
    return False


def _located_after(q: str, start: int, rules: dict[str, Any], named: list) -> bool:
    """A named container after the negated clause (from ``start``) in which the question places the asked things by a
    locating word (rules/cases.yaml locating_words): "the images that are not shown on page 2 are on page 3", "...
    not shown on page 2 but on page 3". Not after "or"/"nor" ("not on page 2 or on page 3": the negated place
    again), nor with a negation between ("... and are not on page 3")."""
    words = list(rules.get("locating_words", []))
    if not words:
        return False
    neg = rulebook.alternation(list(rules["negations"]))
    word = r"(?:(?!(?:%s|or|nor)\b)[\w'’-]+\s+)" % neg
    lead = re.compile(rf"(?<!\bor\s)(?<!\bnor\s)(?:{rulebook.alternation(words)})\s+{word}{{0,2}}?"
                      r"(?:in|on|at|within|inside|throughout|across)\s+(?:(?:the|this|that|these|those)\s+)?$", re.I)
    return any(lead.search(q[start:at]) for c in named if c.text for at in _starts(q, c.text) if at >= start)


def _first_appearance(q: str, complement: str) -> str | None:
    """The words of a negated presence that says when the asked things first appear ("do not appear until page 3":
    rules/cases.yaml sequence_words), or None."""
    rules = complement_rules()
    seq = list(rules.get("sequence_words", []))
    at = q.lower().find(complement.lower())
    if not seq or at < 0:
        return None
    neg = rulebook.alternation(list(rules["negations"]))
    aux = rulebook.alternation(list(rules["auxiliaries"]))
    verb = rulebook.alternation(list(rules["presence_verbs"]))
    m = re.compile(rf"(?:{neg})\s+(?:(?:{aux})\s+)?(?:{verb})(?:\s+[\w'’-]+){{0,3}}?\s+(?:{rulebook.alternation(seq)})", re.I).match(q, at)
    return q[m.start():m.end()] if m else None


def _in_circumstance(q: str, word: str) -> bool:
    """Whether the negation ``word`` sits in a clause a circumstance opener begins ("If the printer does not respond, which
    button resets it?": the asked set is the buttons), up to the clause's comma."""
    openers = list(complement_rules().get("circumstance_openers", []))
    at = q.lower().find(word.lower())
    if not openers or at < 0:
        return False
    opened = list(re.finditer(rulebook.alternation(openers), q[:at], re.I))
    return bool(opened) and not re.search(r"[,;:?]", q[opened[-1].end():at])


def _unread_negation(parsed: ParsedQuestion) -> CaseFinding | None:
    """A negation of the asked things' presence the parser's shapes do not read (rules/cases.yaml complement, shape 3):
    "how many pictures does page 2 not contain", "... is page 2 missing", "phone numbers not given on page 2". Were it
    left to the check, a zero of what the place holds would widen a question about what it does not hold.

    Claimed unbounded only when the place that does not hold them is named (a container the question names, the
    document or a thing in it) and nothing bounds the universe; otherwise kept unverifiable, never widened."""
    rules = complement_rules()
    # Parentheses qualify the answer's form ("(not the ratio)"); a curly apostrophe is the straight one.
    q = re.sub(r"\([^)]*\)", lambda x: " " * len(x.group(0)), parsed.text).replace("’", "'")
    neg = rulebook.alternation([w.replace("’", "'") for w in rules["negations"]])
    aux = rulebook.alternation(list(rules["auxiliaries"]))
    holding = rulebook.alternation(list(rules.get("holding_verbs", [])))
    lacking = rulebook.alternation(list(rules.get("lacking_verbs", [])))
    missing = rulebook.alternation(list(rules.get("missing_words", [])))
    unsure = rulebook.alternation(list(rules.get("unsure_presence", [])))
    if not any(rules.get(k) for k in ("holding_verbs", "lacking_verbs", "missing_words", "unsure_presence")):
        return None
    # The place: one to six words, no negation among them ("page 2", "the report", "the status bar in Figure 1").
    # Its first word no verb of these: "slides don't have a picture" is the asked things lacking something (a predicate).
    words = rf"(?:(?!(?:{neg}))[\w'.&-]+\s+)"
    first = rf"(?!(?:{holding}|{lacking}|{neg}))"
    place = rf"(?P<place>{first}{words}{{1,6}}?)"
    shapes = [
        ("active", rf"\b(?:do|does|did)\s+{place}(?:not|never)\s+(?:{holding})"),
        # the longest place first: "doesn't the report show" (a noun that is a verb too stays in the place)
        ("active", rf"\b(?:don't|doesn't|didn't)\s+(?P<place>{first}{words}{{1,6}})(?:{holding})"),
        ("active", rf"\b(?:do|does|did)\s+{place}(?:{lacking})"),
        ("active", rf"\b(?:is|are|was|were)\s+{place}(?:{missing})\s*[?.!]?\s*$"),
        # a relative clause whose subject is the place ("the pictures that page 2 does not contain", "the icons which
        # the status bar doesn't show"): after a noun, with a place between the pronoun and the verb ("figures that do
        # not show a person" state a predicate of the asked things). Its place may be what holds the asked things
        # ("the figures that the report does not describe"), so it is never claimed.
        ("unsure", rf"(?<=\w)\s+(?:that|which)\s+(?P<place>{first}{words}{{1,6}}?)(?:(?:do|does|did)\s+(?:not|never)\s+|"
                   rf"(?:don't|doesn't|didn't)\s+)(?:{holding}|{lacking})\b"),
        ("unsure", rf"(?:{missing})\s+(?:from|in|on|of)\b"),
        # only before a place ("not given on page 2"): "the components in Figure 2 that are not labelled" are some of
        # those the check counts, and its zero holds for them
        ("unsure", rf"(?:{neg})\s+(?:(?:{aux})\s+)?(?:{unsure})\s+(?:[\w'-]+\s+){{0,3}}?(?:in|on|at|from|within|inside)\s+"
                   rf"(?:(?:the|this|that|these|those|any|each)\s+)?(?:{_places(parsed, rules)})"),
    ]
    for shape, pattern in shapes:
        m = re.search(pattern, q, re.I)
        if m is None:
            continue
        said = parsed.text[m.start():m.end()].strip()
        evidence = {"complement": said, "cardinality": parsed.cardinality, "shape": shape}
        held = m.groupdict().get("place") or ""
        if shape == "active" and _names_a_place(held, parsed, rules) and not _bounded_active(parsed, q, m.start(), rules):
            return CaseFinding(
                case="unbounded_complement",
                reason=(f"The question asks for what '{held.strip()}' does not hold ('{said}'), a universe the document does not "
                        "enumerate, so 'none' is not a reading of it."),
                evidence=evidence,
            )
        return CaseFinding(
            case="unverifiable",
            reason=(f"The question may ask for what a place does not hold ('{said}'): a check finds what is there, and finding "
                    "none says nothing of what is not; or it states a predicate no check measures. Never a widening."),
            evidence=evidence,
        )
    return None


def _places(parsed: ParsedQuestion, rules: dict[str, Any]) -> str:
    """A regex of the places a question may name: its containers' words and the bounding things."""
    named = [re.escape(c.text) for c in parsed.containers if c.kind is not ContainerKind.document and c.text]
    things = list(rules.get("bounding_things", []))
    return "|".join([*named, *([rulebook.alternation(things)] if things else [])]) or r"(?!x)x"


def _names_a_place(held: str, parsed: ParsedQuestion, rules: dict[str, Any]) -> bool:
    """Whether the words before the negated verb name a container of the question or a thing of the document."""
    things = list(rules.get("bounding_things", []))
    named = [c.text for c in parsed.containers if c.kind is not ContainerKind.document and c.text]
    return any(t in held for t in named) or (bool(things) and re.search(rulebook.alternation(things), held, re.I) is not None)


def _bounded_active(parsed: ParsedQuestion, q: str, at: int, rules: dict[str, Any]) -> bool:
    """The universe of an active negation is enumerated: by the question's list, or by a named container before it."""
    if any(re.search(p, q, re.I) for p in rules.get("listed_universe", [])):
        return True
    named = [c for c in parsed.containers if c.kind is not ContainerKind.document and c.text]
    return any(0 <= q.find(c.text) < at for c in named) or _read_from(q, rules, named)


def _unread_aside(parsed: ParsedQuestion) -> str | None:
    """The words of a part set aside after its noun ("Acme aside", "the logo excepted") or by a prefix ("non-Acme"),
    which no excluding word of the parser reads (rules/cases.yaml postposed_aside, aside_prefixes); None when there is none."""
    if parsed.complement is not None:
        return None  # read: the parser narrowed the target or set a place aside
    rules = complement_rules()
    q = re.sub(r"\([^)]*\)", lambda x: " " * len(x.group(0)), parsed.text)
    after = list(rules.get("postposed_aside", []))
    if after and (m := re.search(rf"[\w'’\".-]+\s+(?:{rulebook.alternation(after)})(?!\s+(?:from|of|in|on|by|at)\b)", q, re.I)):
        return m.group(0)
    prefixes = list(rules.get("aside_prefixes", []))
    if prefixes and not parsed.target.mention and (m := re.search(rf"(?<![\w-])(?:{'|'.join(re.escape(x) for x in prefixes)})[\w'’&.-]+", q, re.I)):
        return m.group(0)
    return None


def _across_places(parsed: ParsedQuestion) -> str | None:
    """The words by which the question relates the asked things across its places (rules/cases.yaml
    short_not_empty_rules): "also on page 3", "shared by slides 2 and 3" where it names two places or more, "on every
    page" anywhere; None when there are none. Parentheses qualify the answer's form and are not read."""
    rules = rulebook.load("cases").get("short_not_empty_rules") or {}
    q = re.sub(r"\([^)]*\)", lambda x: " " * len(x.group(0)), parsed.text)
    named = [c for c in parsed.containers if c.kind is not ContainerKind.document]
    several = len({(c.kind, c.number, c.first, c.last, c.text) for c in named}) >= 2 or any(
        c.kind is ContainerKind.page_range and c.first != c.last for c in named)
    for pattern in [*rules.get("every_place", []), *(rules.get("across_places", []) if several else [])]:
        if m := re.search(pattern, q, re.I):
            return m.group(0)
    return None


# short_not_empty names this many members in its reason (all are in the evidence and the record).
MEMBERS_NAMED = 3


def short_not_empty(parsed: ParsedQuestion, members: list[Member], exact: bool, probe: str = "") -> CaseFinding | None:
    """The check found members of the asked set itself: the set is short (or full), not empty.

    Only an exact check can say so: members of a broader set (any graphic for "a picture of
    playing tennis") are candidates, and prove nothing about the asked set, with or without a count;
    nor can detections that all score under the contradiction floor, or words only OCR read (``certain_members``).
    """
    if not members or not exact or not certain_members(members, probe):
        return None
    if (aside := _unread_aside(parsed)) is not None:
        first = members[0]
        return CaseFinding(
            case="unverifiable",
            reason=(f"The check finds {len(members)} thing(s) it measures (first on p{first.page}: {first.what}), but the question sets "
                    f"a part aside ('{aside}') that the check counted too: they are candidates, not members of the asked set."),
            evidence={"count": len(members), "aside": aside, "members": [m.model_dump(mode="json") for m in members]},
        )
    if (across := _across_places(parsed)) is not None:
        first = members[0]
        return CaseFinding(
            case="unverifiable",
            reason=(f"The check finds {len(members)} thing(s) it measures (first on p{first.page}: {first.what}), but the question "
                    f"relates them across its places ('{across}'): the check measured each place alone, so they are candidates "
                    "of all the places together, not members of the asked set (those on every place, or that recur)."),
            evidence={"count": len(members), "across": across, "members": [m.model_dump(mode="json") for m in members]},
        )
    pages = sorted({m.page for m in members})
    asked = f"; the question asks for {parsed.cardinality}" if parsed.cardinality is not None else ""
    named = "; ".join(f"p{m.page} [{', '.join(f'{v:.0f}' for v in m.bbox)}] {m.what}" for m in members[:MEMBERS_NAMED])
    more = f"; and {len(members) - MEMBERS_NAMED} more" if len(members) > MEMBERS_NAMED else ""
    return CaseFinding(
        case="short_not_empty",
        reason=f"The check finds {len(members)} member(s) on page(s) {pages[:8]}{asked}: the set is not empty. Members: {named}{more}.",
        evidence={"count": len(members), "cardinality": parsed.cardinality,
                  "members": [m.model_dump(mode="json") for m in members]},
    )

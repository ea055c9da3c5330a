"""The decision for one row: widen iff the container resolves, no case fires, an
executable check exists, and it returns zero members under every reading.

Order (rules/cases.yaml): missing_container, absent_entity, unbounded_complement,
then the check (short_not_empty when it finds members). Anything that cannot be
measured keeps the row as ``unverifiable``, saying what could not be measured.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from widening import rulebook
from widening.engine import cases
from widening.engine.accounting import unaccounted_qualifier, unread_place
from widening.engine.boxes import check_boxes
from widening.engine.checks import CAPTIONED, PLACES, Derivation, derive, with_spec
from widening.engine.containers import Resolved, drawn_readings, resolve
from widening.engine.drawn_folios import span
from widening.engine.lists import resolve_list
from widening.engine import zeros
from widening.engine.pinned import IGNORED_PARAMS, covers, narrower, same
from widening.facts.document import Doc
from widening.facts.geometry import centre_in
from widening.facts.readings import skipped_numbers
from widening.models import (
    CaseFinding,
    CheckSpec,
    Container,
    ContainerKind,
    Decision,
    Member,
    ParsedQuestion,
    ProbeResult,
    ProbeStatus,
    Reading,
    ReadingTried,
    ReviewedSpec,
    Row,
)
from widening.probes import Scope, run_probe
from widening.question.parse import excluding_words, parse_question


# Probes whose params carry a qualifier themselves (the check is about that name).
_QUALIFIER_AWARE = {"mentions", "map_between"}



def _keep(row: Row, finding: CaseFinding, **kw: Any) -> Decision:
    return Decision(doc_id=row.doc_id, question=row.question, key=row.answer, decision="keep",
                    case=finding.case, reason=finding.reason, **kw)


def _unverifiable(row: Row, reason: str, **kw: Any) -> Decision:
    return _keep(row, CaseFinding(case="unverifiable", reason=reason), **kw)


class SetAside(NamedTuple):
    """What an excluding phrase ("besides page 2", "apart from the picture on page 2") takes out of
    the scope: ``drop``, pages it removes for certain; ``doubt``, pages where what is found may or
    may not be the thing set aside -> why (found there, it is a doubt, never a member nor dropped)."""

    drop: frozenset[int] = frozenset()
    doubt: dict[int, str] = {}


# What may follow a place set aside whole: its clause ends, another place joins it, or the question goes on.
# A possessive or a noun after it ("besides page 2's chart", "except page 2 first image") sets one thing
# there aside, not the page: dropping the page would hide the other things it holds.
_WHOLE_END = (r"(?=\s*(?:[,.;:?!)]|$)|\s+(?:and|or|nor|as well as|how|what|which|who|whose|where|when|why"
              r"|is|are|was|were|do|does|did|can|could|has|have|had|there)\b)")


def set_aside(parsed: ParsedQuestion, excluded: list[Resolved]) -> SetAside:
    """A page is dropped only when the question excludes the page itself ("besides page 2", not "the
    picture on page 2", nor "Figure 1": that takes one thing out, the page may hold more) and every
    certain reading of its number gives it; the other pages any reading gives keep what they hold as doubts."""
    words = excluding_words()
    drop: set[int] = set()
    doubt: dict[int, str] = {}
    for e in excluded:
        text = e.container.text or e.container.kind.value
        if e.container.kind not in PLACES:
            # Only a place is ever set aside whole. A figure or table is one thing on a page: its caption
            # locates it, not its extent, so which find on the caption's page (or on the neighbouring
            # page the caption may point to) is that thing no rule tells for certain.
            for p in e.pages():
                doubt.setdefault(p, f"on p{p}, where '{text}' may be (its caption's page or the one beside it): the question "
                                    f"sets that {e.container.kind.value} aside, and this may or may not be it")
            continue
        whole = re.search(rf"{rulebook.alternation(words)}\s+(?:the\s+)?{re.escape(text)}{_WHOLE_END}", parsed.text, re.I) is not None
        certain = [set(t.pages) for t in e.readings if t.pages and not t.doubtful]
        sure = set.intersection(*certain) if whole and certain and all(certain) else set()
        drop |= sure
        for t in e.readings:
            for p in set(t.pages) - sure:
                doubt.setdefault(p, f"on p{p}, which '{text}' may denote ({t.reading.value} reading): the question sets "
                                    + ("that page aside" if whole else "something there aside") + ", and this may or may not be it")
    return SetAside(frozenset(drop), doubt)


def _scope_pages(res: Resolved, spec: CheckSpec, aside: SetAside) -> tuple[int, ...]:
    pages = res.pages(spec.readings if res.container.kind is not ContainerKind.document else None)
    return tuple(p for p in pages if p not in aside.drop)


def _set_aside_doubts(r: ProbeResult, aside: SetAside) -> ProbeResult:
    moved = tuple(m.model_copy(update={"why": aside.doubt[m.page]}) for m in r.members if m.page in aside.doubt)
    if not moved:
        return r
    return r.model_copy(update={"members": tuple(m for m in r.members if m.page not in aside.doubt), "doubts": r.doubts + moved})


def run_check(spec: CheckSpec, doc: Doc, res: Resolved, aside: SetAside = SetAside()) -> list[ProbeResult]:
    """Run ``spec`` over its container: once per reading that resolves to pages."""
    params = {k: v for k, v in spec.params.items() if k not in IGNORED_PARAMS}
    c = spec.container

    def look(pages: tuple[int, ...]) -> ProbeResult:
        r = run_probe(spec.probe, doc, Scope(pages=pages, region=c.region, in_image=c.in_image), params)
        return region_band_doubts(doc, c, _set_aside_doubts(r, aside))

    # One certain reading is looked at as a whole; a doubtful one, even alone, only ever yields doubts.
    if res.container.kind is ContainerKind.document or (len(res.readings) <= 1 and not any(t.doubtful for t in res.readings)):
        pages = _scope_pages(res, spec, aside)
        if not pages:  # an empty scope measures nothing; it must never read as a zero
            return [ProbeResult.cannot(spec.probe, "no page left to look at under the check's readings", params=params)]
        return [look(pages)]
    results: list[ProbeResult] = []
    done: set[tuple[int, ...]] = set()
    for t in res.readings:
        pages = tuple(p for p in t.pages if p not in aside.drop)
        if t.reading not in spec.readings or not pages or pages in done:
            continue
        done.add(pages)
        r = look(pages)
        members = tuple(m.model_copy(update={"reading": t.reading}) for m in r.members)
        doubts = tuple(m.model_copy(update={"reading": t.reading}) for m in r.doubts)
        if t.doubtful:  # a page that may not be the one asked: what is found there proves nothing either way
            why = f"on a page only a doubtful reading gives: {t.reading.value} {t.number}"
            members, doubts = (), doubts + tuple(m.model_copy(update={"why": why}) for m in members)
        else:
            members, elsewhere = spread_halves(doc, t, members)
            doubts += elsewhere
        results.append(r.model_copy(update={
            "members": members,
            "doubts": doubts,
            "note": (r.note + f" [{t.reading.value}{' (doubtful)' if t.doubtful else ''} reading of {t.number}]").strip(),
        }))
    return results


def region_band_doubts(doc: Doc, c: Container, r: ProbeResult) -> ProbeResult:
    """``r`` with the members of a page region ("at the top of page 3") whose middle lies in the band
    the generous region shares with the one opposite moved to the doubts: looked at, never the
    ground of a claim that the region holds the thing. A region of a picture ("the picture at the
    top") places the picture, not what is in it: left as it is."""
    if c.region is None or c.in_image or not r.members:
        return r
    keep, moved = [], []
    for m in r.members:
        if centre_in(m.bbox, doc.region_core(m.page, c.region)):
            keep.append(m)
        else:
            where = c.region.replace("_", " ")
            moved.append(m.model_copy(update={"why": f"in the middle band of the page that a generous '{where}' takes in: it may not be what the question calls the {where}"}))
    if not moved:
        return r
    return r.model_copy(update={"members": tuple(keep), "doubts": r.doubts + tuple(moved)})


def spread_halves(doc: Doc, t: ReadingTried, members: tuple[Member, ...]) -> tuple[tuple[Member, ...], tuple[Member, ...]]:
    """(members, doubts) of printed reading ``t``: on a page that prints several folios (two pages set
    side by side on one sheet), a find nearer across to another folio than to the asked one is on the
    other printed page; where the folios are not apart across the sheet (stacked halves, a running
    head's number), which part is the asked page is not told. Either way it is a doubt, not a member:
    the whole sheet stays in the scope (a wider scope only finds more), but no claim rests on it."""
    if t.reading is not Reading.printed or not members:
        return members, ()
    first, _, last = t.number.partition("-")
    asked = span(first, last or None)
    if asked is None:
        return members, ()
    lo, hi, roman = asked
    kept: list[Member] = []
    moved: list[Member] = []
    for m in members:
        page = doc.facts.page(m.page)
        folios = [c for c in page.folio_candidates if c.accepted]
        unread = sorted(v for v, r in _skipped(doc).get(m.page, ()) if not (lo <= v <= hi and r == roman)) if page.width > page.height else []
        if len({(c.value, c.roman) for c in folios}) < 2 and not unread:
            kept.append(m)
            continue
        mine = [_across(c.bbox) for c in folios if lo <= c.value <= hi and c.roman == roman]
        others = [(_across(c.bbox), c.text) for c in folios if not (lo <= c.value <= hi and c.roman == roman)]
        # A wide sheet beside which the folio run passes over a number no folio on it says (one folio read on a sheet
        # of two printed pages): the unread page's folio is taken where the asked one's mirror across the sheet is.
        others += [(page.width - a, f"{' or '.join(map(str, unread))} (unread, across the sheet from {t.number})") for a in mine] if unread else []
        if not mine or not others:
            kept.append(m)
            continue
        x = _across(m.bbox)
        near_mine = min(abs(x - a) for a in mine)
        near_other, text = min(((abs(x - o), s) for o, s in others))
        apart = min(abs(a - o) for a in mine for o, _ in others) >= page.width / 4
        if apart and near_mine <= near_other:
            kept.append(m)
        elif apart:
            moved.append(m.model_copy(update={"why": f"on the other page of a two-page spread: nearer across the sheet to the folio {text!r} than to {t.number}"}))
        else:
            moved.append(m.model_copy(update={"why": f"on a sheet printing several folios ({text!r} beside {t.number}) not set apart across it: which part is page {t.number} is not told"}))
    return tuple(kept), tuple(moved)


def _skipped(doc: Doc) -> dict[int, frozenset[tuple[int, bool]]]:
    """``facts.readings.skipped_numbers`` of ``doc``, memoised on it."""
    key = ("skipped_numbers",)
    if key not in doc.memo:
        doc.memo[key] = skipped_numbers(doc.facts)
    return doc.memo[key]


def _across(box: tuple[float, float, float, float]) -> float:
    """The middle of ``box`` across the page."""
    return (box[0] + box[2]) / 2


def also_named(spec: CheckSpec, main: Resolved, resolved: list[Resolved]) -> list[Resolved]:
    """The other places and things the question names, of any kind ("the cover and page 2", "pages 3, 4
    and 5", "page 4 and Figure 2"): "none" must hold in each of them (their union), not only in the first."""
    seen = set(main.pages()) if main.container.region is None else set()
    out = []
    for r in resolved:
        if r.container != main.container and not (r.container.region is None and set(r.pages()) <= seen):
            out.append(r)
    return out


def decide_row(
    row: Row,
    doc: Doc | None,
    pinned: CheckSpec | None = None,
    reviewed: ReviewedSpec | None = None,
    unavailable_reason: str | None = None,
) -> Decision:
    """Decide one ``Not answerable`` row. ``doc`` is None when its PDF is unavailable."""
    parsed = parse_question(row.question)
    base: dict[str, Any] = {"parsed": parsed}
    complement = cases.unbounded_complement(parsed)
    if doc is None:
        if complement:
            return _keep(row, complement, **base)
        return _unverifiable(row, f"The PDF is unavailable ({unavailable_reason or 'not in the corpus'}); nothing can be measured.", **base)

    resolved = [resolve(c, doc) for c in parsed.containers]
    excluded = [resolve(c, doc) for c in parsed.excluded]
    base["readings"] = tuple(t for r in resolved for t in r.readings)
    if (f := cases.missing_container(resolved)) is not None:
        return _keep(row, f, check={"container": f.evidence}, **base)
    lists = [resolve_list(c, doc, resolved) for c in parsed.sub_containers]
    if (f := cases.missing_sub_container(lists)) is not None:
        return _keep(row, f, check={"container": f.evidence}, **base)
    uncounted = "".join(f" The list cannot be counted: {r.explain()}." for r in lists if r.uncertain)
    uncounted += "".join(f" The list may hold the item: {r.explain()}." for r in lists if r.in_doubt)
    box = check_boxes(parsed, doc, resolved)
    if box is not None and box.finding is not None:
        return _keep(row, box.finding, check={"container": box.finding.evidence}, **base)

    entity = cases.absent_entity(parsed, doc)
    base["probes"] = tuple(entity.results)
    if entity.finding is not None:
        return _keep(row, entity.finding, check={"probe": "name_mentions", "qualifier": entity.finding.evidence["qualifier"]}, **base)
    if complement:
        return _keep(row, complement, **base)
    if parsed.complement is not None and parsed.complement not in excluding_words():
        # A bounded negation ("which of the following logos do not appear"): a check finds what is
        # shown, and finding none makes the asked set full, not empty. Never a widening.
        return _unverifiable(row, f"The question asks for what is not shown ('{parsed.complement}') among a universe it bounds: "
                                  "a check finds what is shown, and finding none would make that set full, not empty.", **base)
    if entity.doubt_reason:  # a near match proves neither presence nor absence: never widened
        return _unverifiable(row, f"A presupposed qualifier is in doubt: {entity.doubt_reason}.", doubts=tuple(entity.doubts), **base)

    if box is not None:  # the box may be there: what is written in it is no text-colour check's business
        return _unverifiable(row, f"A named box is in doubt: {box.reason()}.", doubts=tuple(box.doubts), **base)

    derivation, source, refused = _choose(parsed, pinned, reviewed)
    if derivation.spec is None:
        return _unverifiable(row, f"No executable check: {derivation.reason}. {entity.presence()}{uncounted}", spec_source=None, **base)
    spec = derivation.spec
    main = _container_for(spec.container, parsed, resolved)
    if source != "derived":  # a pinned or reviewed check must find at least what the question names
        given = resolve(spec.container, doc)
        why = refused or covers(spec, main, [r for r in resolved if r is not main], given)
        if why:
            what = "Pinned" if source == "proposal" else "Reviewed"
            return _unverifiable(row, f"{what} check rejected: {why}.", check=_check_dict(spec, main), spec_source=source, **base)
        main = given
    # Qualifiers that narrow the set asked for (rules/cases.yaml); a check that ignores them cannot licence "none".
    restricting = set(rulebook.load("cases")["restricting_qualifiers"])
    ignored = [q for q in parsed.qualifiers if q.kind in restricting and spec.probe not in _QUALIFIER_AWARE]
    aside = set_aside(parsed, excluded)
    results = run_check(spec, doc, main, aside)
    others = also_named(spec, main, resolved)
    for r in others:
        container = r.container.model_copy(update={"in_image": spec.container.in_image and r.container.in_image})
        results += run_check(spec.model_copy(update={"container": container}), doc, r, aside)
    members = [m for r in results for m in r.members]
    doubts = [m for r in results for m in r.doubts]
    base["probes"] = base["probes"] + tuple(results)
    check = _check_dict(spec, main, aside, others)
    common = dict(check=check, members=tuple(members), doubts=tuple(doubts), spec_source=source, **base)

    # A place the question names that no container reads ("italic words in the title", "... on the even-numbered
    # pages", "... in the bullet points on page 5"): the check looked wider, and its finds may lie outside it.
    unaccounted = (unread_place(parsed) or unaccounted_qualifier(parsed, spec.probe)) if members and derivation.exact and not ignored else None
    exact = derivation.exact and not ignored and unaccounted is None
    if (f := cases.short_not_empty(parsed, members, exact, spec.probe)) is not None:
        return _keep(row, f, **common)
    if unaccounted:
        first = members[0]
        return _unverifiable(row, f"{len(members)} candidates of what the check ({spec.probe}) measures, not classified: {unaccounted} "
                                  f"(first on p{first.page}: {first.what}).", **common)
    if members and exact:  # an exact check whose members are weak detections or OCR's words
        return _unverifiable(row, f"{len(members)} member(s) found by the check ({spec.probe}), none certain: {zeros.why_not_sure(members)} "
                                  f"(rules/zero_keys.yaml): candidates, neither members proven nor absent (first on p{members[0].page}: "
                                  f"{members[0].what}).", **common)
    if members:
        broader = derivation.broader or f"what the check ({spec.probe}) measures"
        first = members[0]
        return _unverifiable(row, f"{len(members)} candidates of {broader}, not classified: the check ({spec.probe}) does not tell whether any is what the question asks for (first on p{first.page}: {first.what}).", **common)
    if doubts:
        first = doubts[0]
        return _unverifiable(row, f"The check ({spec.probe}) finds no member but {len(doubts)} doubt(s) it cannot rule out, first on p{first.page}: {first.what} ({first.why or 'a tuned filter would exclude it'}).", **common)
    blind = [r for r in results if r.status is ProbeStatus.could_not_measure]
    if blind or not results:
        note = blind[0].note if blind else "no page to look at"
        return _unverifiable(row, f"The check ({spec.probe}) could not measure: {note}.", **common)
    unsure = [r for r in resolved if not r.exists]
    if unsure:
        # The container was found only under a doubtful reading (a rejected folio, a page between
        # folios, a loose mention): if it is not there, the row is a missing container, not a zero.
        r = unsure[0]
        tried = ", ".join(f"{t.reading.value} {t.number} -> {list(t.pages) or 'none'}" for t in r.readings)
        return _unverifiable(row, f"'{r.container.text or r.container.kind.value}' is found under no certain reading ({tried}): "
                                  "a zero on its doubtful pages cannot licence 'none'.", **common)
    if ignored:
        names = ", ".join(q.text for q in ignored)
        return _unverifiable(row, f"The question restricts to {names}, which the check ({spec.probe}) cannot take into account.", **common)
    if late := _drawn_number_pages(spec, doc, [main, *others], aside):
        common.update(doubts=tuple(m for r in late for m in r.doubts), probes=base["probes"] + tuple(late))
        if common["doubts"]:
            first = common["doubts"][0]
            return _unverifiable(row, f"The check ({spec.probe}) finds no member on the pages its readings give, but {len(common['doubts'])} "
                                      f"doubt(s) on a page whose margin may print the number in drawn content, first on p{first.page}: "
                                      f"{first.what} ({first.why}).", **common)
        if blind := [r for r in late if r.status is ProbeStatus.could_not_measure]:
            return _unverifiable(row, f"The check ({spec.probe}) finds zero, but a page may print the number where it could not be read: {blind[0].note}.", **common)
    pages = sorted({p for r in results for p in r.pages})
    return Decision(
        doc_id=row.doc_id, question=row.question, key=row.answer, decision="widen", case=None,
        reason=f"The container exists and {spec.probe} finds zero members on PDF page(s) {_span(pages)} under every reading.",
        **common,
    )


def _drawn_number_pages(spec: CheckSpec, doc: Doc, named: list[Resolved], aside: SetAside) -> list[ProbeResult]:
    """The check run on the pages whose margins print a named page's number only in drawn content (read by
    OCR, ``containers.drawn_readings``): whatever it finds there is a doubt. Run only before a widening."""
    out: list[ProbeResult] = []
    for res in named:
        if (late := drawn_readings(res, doc)) is None:
            continue
        out += [ProbeResult.cannot(spec.probe, f"printed {t.number}", params=spec.params) for t in late.readings if not t.pages]
        out += run_check(spec.model_copy(update={"container": res.container}), doc, late, aside)
    return out


def _choose(parsed: ParsedQuestion, pinned: CheckSpec | None, reviewed: ReviewedSpec | None) -> tuple[Derivation, str | None, str | None]:
    """The check to run, where it came from, and why a pinned or reviewed one is refused (None: it is not).

    A pinned check stands only beside the question's own check, as broad or broader (then its
    members prove something only when it is the same check). A reviewed check may also stand
    where the question yields none: a reviewer read the page (checks/reviewed says why)."""
    derived = derive(parsed)
    if pinned is not None:
        if derived.spec is None:
            return Derivation(reason=f"{derived.reason}; a pinned check cannot stand in for one, since nothing tells "
                                     "what it should measure (a reviewer can pin one in checks/reviewed)"), None, None
        mine = with_spec(pinned)
        exact = mine.exact and derived.exact and same(pinned, derived.spec)
        update: dict = {"exact": exact}
        if mine.exact and derived.exact and not exact:
            update["broader"] = (f"what the pinned check ({pinned.probe}) measures, which is not the question's own check "
                                 "(another place, reading or params): its finds may lie outside what the question asks")
        return mine.model_copy(update=update), "proposal", narrower(pinned, derived.spec)
    if reviewed is not None:
        refused = narrower(reviewed.check, derived.spec) if derived.spec is not None else None
        return Derivation(spec=reviewed.check, exact=reviewed.exact), "checks", refused
    return derived, "derived", None


def _container_for(c: Container, parsed: ParsedQuestion, resolved: list[Resolved]) -> Resolved:
    for r in resolved:
        if r.container == c:
            return r
    for r in resolved:
        if r.container.kind is c.kind and r.container.number == c.number:
            return r
    return resolved[0]


# Said in every check whose container a caption locates.
CAPTION_SCOPE = ("the {kind}'s extent is not delimited: the check looks at the whole page(s) carrying caption "
                 "{text!r} (and the neighbouring page when the caption sits near a page edge); a wider scope can only find more")
TABLE_RUN_ON = "; its rows may run on to the page before or after, which are looked at as a doubtful reading (a find there is a doubt)"


def _check_dict(spec: CheckSpec, res: Resolved, aside: SetAside = SetAside(), others: list[Resolved] = ()) -> dict[str, Any]:
    out = spec.model_dump(mode="json")
    # Said of the first captioned container looked at, the check's own or one named beside it.
    c = next((r.container for r in (res, *others) if r.container.kind in CAPTIONED), None)
    if c is not None:
        out["scope_note"] = CAPTION_SCOPE.format(kind=c.kind.value, text=c.text or f"{c.kind.value} {c.number}") + (
            TABLE_RUN_ON if c.kind is ContainerKind.table else "")
    # Each reading says which place it reads (0: the check's own, 1...: the others the question names), so a
    # reader of the record can tell two readings of one place from two places.
    out["readings_tried"] = [{**t.model_dump(mode="json"), "container": i} for i, r in enumerate((res, *others)) for t in r.readings]
    if others:
        out["also_checked"] = [r.container.text or r.container.kind.value for r in others]
    if aside.drop:
        out["excluded_pages"] = sorted(aside.drop)
    if aside.doubt:
        out["set_aside_pages"] = sorted(aside.doubt)
    return out


def _span(pages: list[int]) -> str:
    if len(pages) > 6:
        return f"{pages[0]}-{pages[-1]} ({len(pages)} pages)"
    return ", ".join(map(str, pages))

"""The four cases in which an empty-looking key must not be widened (rules/cases.yaml).

Each rule is a small function returning a ``CaseFinding`` with its evidence, or None.
They are applied in the precedence rules/cases.yaml gives.
"""

from __future__ import annotations

from widening.engine.containers import Resolved
from widening.facts.document import Doc
from widening.models import CaseFinding, Member, ParsedQuestion, ProbeResult, Qualifier
from widening.probes import Scope, run_probe

# Complement words that exclude a named part ("besides the two companies on page 42"):
# bounded whenever the question also gives a cardinality ("another two").
_EXCLUDING = {"besides", "except", "other than", "apart from", "excluding", "aside from"}


def missing_container(resolved: list[Resolved]) -> CaseFinding | None:
    """A named container that exists under no reading of its number."""
    for r in resolved:
        if r.exists or r.uncertain:
            continue
        tried = ", ".join(f"{t.reading.value} {t.number}" for t in r.readings) or "no reading applies"
        return CaseFinding(
            case="missing_container",
            reason=f"'{r.container.text or r.container.kind.value}' does not exist under any reading ({tried}).",
            evidence={"container": r.container.model_dump(mode="json"), "readings": [t.model_dump(mode="json") for t in r.readings]},
        )
    return None


def absent_entity(parsed: ParsedQuestion, doc: Doc) -> tuple[CaseFinding | None, list[ProbeResult]]:
    """A presupposed name, year, level or quoted term that occurs nowhere in the document."""
    everywhere = Scope(pages=tuple(range(1, doc.facts.page_count + 1)))
    results: list[ProbeResult] = []
    for q in parsed.qualifiers:
        res = run_probe("name_mentions", doc, everywhere, {"variants": list(q.variants or (q.text,)), "qualifier": q.kind})
        results.append(res)
        if res.measured_zero:
            return (
                CaseFinding(
                    case="absent_entity",
                    reason=f"The question presupposes {_describe(q)}, which occurs nowhere in the document ({res.note}).",
                    evidence={"qualifier": q.model_dump(mode="json"), "probe": res.model_dump(mode="json")},
                ),
                results,
            )
    return None, results


def _describe(q: Qualifier) -> str:
    return {"name": "the name", "year": "the year", "level": "the level", "quoted": "the term"}[q.kind] + f" '{q.text}'"


def unbounded_complement(parsed: ParsedQuestion) -> CaseFinding | None:
    """A complement ('not', 'except') with no cardinality to bound the set it asks for."""
    if parsed.complement is None:
        return None
    if parsed.cardinality is not None and parsed.complement in _EXCLUDING:
        return None
    return CaseFinding(
        case="unbounded_complement",
        reason=f"The question asks for a complement ('{parsed.complement}') against a universe the document does not bound, so 'none' is not a reading of it.",
        evidence={"complement": parsed.complement, "cardinality": parsed.cardinality},
    )


# short_not_empty names this many members in its reason (all are in the evidence and the record).
MEMBERS_NAMED = 3


def short_not_empty(parsed: ParsedQuestion, members: list[Member], exact: bool) -> CaseFinding | None:
    """The check found members of the asked set itself: the set is short (or full), not empty.

    Only an exact check can say so: members of a broader set (any graphic for "a picture of
    playing tennis") are candidates, and prove nothing about the asked set, with or without a count.
    """
    if not members or not exact:
        return None
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

"""The four cases in which an empty-looking key must not be widened (rules/cases.yaml).

Each rule is a small function returning a ``CaseFinding`` with its evidence, or None.
They are applied in the precedence rules/cases.yaml gives.
"""

from __future__ import annotations

from widening.containers import Resolved
from widening.document import Doc
from widening.lists import ListResolution
from widening.models import CaseFinding, Member, ParsedQuestion, ProbeResult, Qualifier
from widening.models import ContainerKind
from widening.probes import Scope, run_probe
from widening.question import complement_rules



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
    """A set defined by negation against a universe the document does not enumerate.

    The parser only reports a complement of the two shapes in rules/cases.yaml; an excluding
    one ("besides X") is bounded by a cardinality or a named container, and goes to the check.
    """
    if parsed.complement is None:
        return None
    excluding = parsed.complement in complement_rules()["excluding"]
    named = [c for c in parsed.containers if c.kind is not ContainerKind.document]
    if excluding and (parsed.cardinality is not None or named):
        return None
    shape = "excludes a named part with no cardinality or container to bound the rest" if excluding else "asks for what the document does not show"
    return CaseFinding(
        case="unbounded_complement",
        reason=f"The question {shape} ('{parsed.complement}'), a universe the document does not enumerate, so 'none' is not a reading of it.",
        evidence={"complement": parsed.complement, "cardinality": parsed.cardinality, "containers": [c.text for c in named]},
    )


def short_not_empty(parsed: ParsedQuestion, members: list[Member], exact: bool) -> CaseFinding | None:
    """The check found members: the set is short (or full), not empty."""
    if not members:
        return None
    if not exact and parsed.cardinality is None:
        return None  # a superset check with members proves nothing about the asked set
    pages = sorted({m.page for m in members})
    asked = f"; the question asks for {parsed.cardinality}" if parsed.cardinality is not None else ""
    return CaseFinding(
        case="short_not_empty",
        reason=f"The check finds {len(members)} member(s) on page(s) {pages[:8]}{asked}: the set is not empty.",
        evidence={"count": len(members), "cardinality": parsed.cardinality},
    )

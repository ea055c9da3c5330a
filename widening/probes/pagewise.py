"""Plumbing shared by the page-by-page probes: which pages can be looked at, and one result from all pages."""

from __future__ import annotations

from typing import Any, Iterable

from widening.facts.document import Doc
from widening.models import Member, ProbeResult, ProbeStatus
from widening.probes import Scope


def check_pages(doc: Doc, scope: Scope) -> dict[int, str]:
    """Pages of the scope that do not exist in the file."""
    n = doc.pdf.page_count
    return {p: f"page outside 1..{n}" for p in scope.pages if not 1 <= p <= n}


def measurable(doc: Doc, scope: Scope) -> tuple[dict[int, str], list[int]]:
    """(pages that cannot be looked at -> why, the pages that can), in scope order.

    A probe adds to the first as it goes (a scanned page, a page too complex to parse);
    ``finish`` then turns a zero into could-not-measure.
    """
    unmeasured = check_pages(doc, scope)
    return unmeasured, [p for p in scope.pages if p not in unmeasured]


def finish(
    name: str,
    scope: Scope,
    params: dict[str, Any],
    members: list[Member],
    unmeasured: dict[int, str],
    best: Iterable[Member] = (),
    note: str = "",
    doubts: Iterable[Member] = (),
) -> ProbeResult:
    """Combine per-page outcomes: any unmeasured page turns a zero into could-not-measure.

    ``doubts`` are candidates that only a tuned filter would exclude; they are kept, never dropped.
    """
    notes = [note] if note else []
    if unmeasured:
        notes.append("could not measure " + "; ".join(f"p{p}: {why}" for p, why in sorted(unmeasured.items())))
    status = ProbeStatus.could_not_measure if unmeasured and not members else ProbeStatus.measured
    return ProbeResult(
        probe=name,
        pages=tuple(scope.pages),
        region=scope.region,
        params=params,
        status=status,
        members=tuple(members),
        doubts=tuple(doubts),
        note=" | ".join(notes),
        best_candidates=tuple(list(best)[:20]),
    )

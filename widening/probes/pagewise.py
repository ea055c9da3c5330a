"""Plumbing shared by the page-by-page probes: which pages can be looked at, and one result from all pages."""

from __future__ import annotations

from typing import Any, Iterable

from widening.facts.document import Doc
from widening.facts.geometry import union
from widening.facts.legibility import unreadable_layer
from widening.models import Member, ProbeResult, ProbeStatus, Reader
from widening.probes import Scope


def check_pages(doc: Doc, scope: Scope) -> dict[int, str]:
    """Pages of the scope that do not exist in the file."""
    n = doc.pdf.page_count
    return {p: f"page outside 1..{n}" for p in scope.pages if not 1 <= p <= n}


def measurable(doc: Doc, scope: Scope, reads_text: bool = False) -> tuple[dict[int, str], list[int]]:
    """(pages that cannot be looked at -> why, the pages that can), in scope order.

    A probe adds to the first as it goes (a scanned page, a page too complex to parse);
    ``finish`` then turns a zero into could-not-measure. ``reads_text``: the probe reads the
    text layer, so a page whose layer cannot be read as words (facts.legibility) is unmeasured.
    """
    unmeasured = check_pages(doc, scope)
    if reads_text:
        for p in scope.pages:
            if p not in unmeasured and (why := unreadable_layer(doc, p)):
                unmeasured[p] = why
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
    explained: bool = False,
) -> ProbeResult:
    """Combine per-page outcomes: any unmeasured page turns a zero into could-not-measure.

    ``doubts`` are candidates that only a tuned filter would exclude; they are kept, never dropped.
    ``explained``: the probe's ``note`` already says in its own words which pages could not be
    measured and why, so no list of them is added.
    """
    notes = [note] if note else []
    if unmeasured and not explained:
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


# Doubts of one kind on one page shown one by one; beyond this they are folded into one.
DOUBTS_SHOWN = 5


def grouped(doubts: list[Member], label: str, shown: int = DOUBTS_SHOWN) -> list[Member]:
    """Doubts of one kind, largest first: the first ``shown - 1`` as they are, the rest as one
    doubt per page saying how many it stands for (abundant candidates are folded, never dropped)."""
    def area(m: Member) -> float:
        return (m.bbox[2] - m.bbox[0]) * (m.bbox[3] - m.bbox[1])

    if len(doubts) <= shown:
        return doubts
    ranked = sorted(doubts, key=lambda m: -area(m))
    out = ranked[: shown - 1]
    rest: dict[int, list[Member]] = {}
    for m in ranked[shown - 1 :]:
        rest.setdefault(m.page, []).append(m)
    for page, ms in sorted(rest.items()):
        # What read them: their one reader; of several, OCR where any rests on it (the fold is then no proof either).
        readers = {m.reader for m in ms}
        reader = readers.pop() if len(readers) == 1 else Reader.ocr if Reader.ocr in readers else ms[0].reader
        out.append(Member(page=page, bbox=union(m.bbox for m in ms), what=f"{len(ms)} more {label} (largest: {ms[0].what})", why=ms[0].why,
                          reader=reader))
    return out

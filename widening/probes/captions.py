"""Probe ``captions``: figure / table / chart captions ("Figure 10", "Fig. 4", "Table1-1", "TABLE A").

Example (corpus): a question about "Figure 10" in a paper whose figures stop at 8 has no
container; on raster slide decks the captions come from OCR lines, or cannot be measured.
"""

from __future__ import annotations

from typing import Any

from widening.facts.document import Doc
from widening.models import Member, PageKind, ProbeResult
from widening.probes import Scope, Params, probe
from widening.text import number_key

NAME = "captions"
# A figure question may be answered by a chart caption and vice versa: search both (finding more is safe).
KINDS = {"figure": {"figure", "chart"}, "chart": {"chart", "figure"}, "table": {"table"}, "any": {"figure", "chart", "table"}}


class CaptionsParams(Params):
    """``kind``: figure, table, chart or any; ``number``: the caption's number ("10", "1-1"), or any."""

    kind: str = "any"
    number: str | int | None = None


@probe(NAME, params=CaptionsParams)
def captions(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Captions of the asked kind (and number) on the scope's pages."""
    kind = str(params.get("kind", "any")).lower()
    if kind not in KINDS:
        return ProbeResult.cannot(NAME, f"unknown caption kind {kind!r}; expected one of {sorted(KINDS)}", params=params)
    number = params.get("number")
    pages = scope.pages or tuple(range(1, doc.facts.page_count + 1))
    wanted = set(pages)
    members = tuple(
        Member(page=c.page, bbox=c.bbox, what=f"{c.kind} caption {c.number}: {c.text[:80]!r}")
        for c in doc.facts.captions
        if c.page in wanted and c.kind in KINDS[kind] and (number is None or number_key(c.number) == number_key(number))
    )
    # Image-only pages whose text could not be read may hold a caption nobody saw.
    unread = [p for p in pages if doc.facts.page(p).kind is PageKind.image_only and doc.facts.page(p).text_source == "none"]
    if not members and unread:
        reason = doc.facts.page(unread[0]).ocr_error or "no OCR text"
        return ProbeResult.cannot(NAME, f"{len(unread)} image-only page(s) without text ({reason}), e.g. p{unread[0]}", pages=pages, params=params)
    note = f"{len(unread)} image-only page(s) without text not searched" if unread else ""
    return ProbeResult(probe=NAME, pages=pages, params=params, members=members, note=note)

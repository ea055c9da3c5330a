"""Probe ``vector_blocks``: drawn diagrams/charts told apart from tables and rules.

Example (corpus): a state board's report page carries ~300 drawings that cluster into one
block: the rulings and cell fills of a text table, so ``kind=diagram`` finds no member.
Vector art only hidden content draws (a layer off on screen, on in print) is a doubt.
"""

from __future__ import annotations

from typing import Annotated, Any

from widening.facts.document import Doc
from widening.facts.hidden import revealed_page
from widening.models import Member, ProbeResult, Reader
from widening.probes import LOWER_FINDS_MORE, Params, Scope, Widest, one_of, probe
from widening.probes.blocks import TooComplex, fold_doubts, hidden_blocks, page_blocks, sort_out
from widening.probes.pagewise import finish, measurable


class VectorBlocksParams(Params):
    """``kind``: diagram, table, ...; ``min_w``, ``min_h``: the smallest block in pt."""

    kind: Annotated[str, one_of("diagram", "any", what="block kind"), Widest("any")] = "diagram"
    min_w: Annotated[float, LOWER_FINDS_MORE] = 80
    min_h: Annotated[float, LOWER_FINDS_MORE] = 40


@probe("vector_blocks", params=VectorBlocksParams, exact=False)
def vector_blocks(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Clustered drawings at least ``min_w`` x ``min_h`` pt; with ``kind=diagram`` only diagrams/charts are members."""
    min_w = float(params.get("min_w", 80))
    min_h = float(params.get("min_h", 40))
    kind = str(params.get("kind", "diagram"))
    members: list[Member] = []
    best: list[Member] = []
    doubts: dict[str, list[Member]] = {}
    unmeasured, pages = measurable(doc, scope)
    for index in pages:
        page = doc.page(index)
        clip = doc.region_rect(index, scope.region)
        try:
            blocks = page_blocks(page, clip)
        except TooComplex as exc:
            unmeasured[index] = str(exc)
            continue
        # Vector art only hidden content draws (a figure in a layer off on screen, on in print): doubts.
        for m in hidden_blocks(page, index, clip, revealed_page(doc, index), blocks):
            doubts.setdefault("vector art in hidden content", []).append(m)
        for b in sorted(blocks, key=lambda b: -abs(b.rect)):
            m = Member(page=index, bbox=b.bbox, what=b.what(), reader=Reader.vectors)
            big = b.rect.width >= min_w and b.rect.height >= min_h
            if kind == "any" or b.kind == "diagram_or_chart":
                if big:
                    members.append(m)
                else:
                    why = f"size filter: {b.rect.width:.0f}x{b.rect.height:.0f}pt < {min_w:g}x{min_h:g}pt"
                    sort_out(m, b, page.rect, best, doubts, why, "small vector blocks")
            else:
                sort_out(m, b, page.rect, best, doubts)
    return finish("vector_blocks", scope, params, members, unmeasured, best, doubts=fold_doubts(doubts))

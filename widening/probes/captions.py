"""Probe ``captions``: figure / table / chart captions ("Figure 10", "Fig. 4", "Table1-1", "TABLE A").

Example (corpus): a question about "Figure 10" in a paper whose figures stop at 8 has no
container; on raster slide decks the captions come from OCR lines, or cannot be measured.
"""

from __future__ import annotations

from typing import Annotated, Any

import pymupdf

from widening.facts.captions import band_numbers, loose_mention_pages, named_captions
from widening.facts.document import Doc
from widening.facts.legibility import page_text_status, unreadable_layer
from widening.models import Member, ProbeResult, Reader, text_reader
from widening.probes import UNSET_FINDS_MORE, Params, Scope, Widest, one_of, picture_words, probe

NAME = "captions"
# A figure question may be answered by a chart caption and vice versa: search both (finding more is safe).
KINDS = {"figure": {"figure", "chart"}, "chart": {"chart", "figure"}, "table": {"table"}, "any": {"figure", "chart", "table"}}


class CaptionsParams(Params):
    """``kind``: figure, table, chart or any; ``number``: the caption's number ("10", "1-1"), or any."""

    kind: Annotated[str, one_of(*KINDS, what="caption kind"), Widest("any")] = "any"
    number: Annotated[str | int | None, UNSET_FINDS_MORE] = None


@probe(NAME, params=CaptionsParams)
def captions(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Captions of the asked kind (and number) on the scope's pages."""
    kind = str(params.get("kind", "any"))
    number = params.get("number")
    pages = scope.pages or tuple(range(1, doc.facts.page_count + 1))
    wanted = set(pages)
    # Every reading of a caption's number ("TABLE IV" is Table 4, "Figure 3 - 2019 sales" Figure 3, "Fig. 3b" a
    # part of Figure 3); a panel beside a caption of the number itself may be a figure of its own: a doubt.
    named, panels = (list(doc.facts.captions), []) if number is None else named_captions(doc.facts.captions, KINDS[kind], str(number))
    members = tuple(
        # A caption is read from the page's text: OCR lines on a page OCR read (facts/captions.py), else its text layer.
        Member(page=c.page, bbox=c.bbox, what=f"{c.kind} caption {c.number}: {c.text[:80]!r}", reader=text_reader(doc.facts.page(c.page)))
        for c in named
        if c.page in wanted and c.kind in KINDS[kind]
    )
    panel_doubts = tuple(
        Member(page=c.page, bbox=c.bbox, what=f"{c.kind} caption {c.number}: {c.text[:80]!r} (a panel of {kind} {number}, or a figure of its own)",
               reader=text_reader(doc.facts.page(c.page)))
        for c in panels if c.page in wanted
    )
    # Pages whose words could not be read (an image-only page OCR did not read, whatever a stamp
    # left in its text layer; a layer with no Unicode map) may hold a caption nobody saw.
    unread = {p: why for p in pages if (why := _unread(doc, p))}
    if not members and unread:
        first = min(unread)
        return ProbeResult.cannot(NAME, f"{len(unread)} page(s) whose words could not be read ({unread[first]}), e.g. p{first}", pages=pages, params=params)
    # A mention the caption reader did not take ("TABLE IV" for 4, "Figure 2—1", "F I G U R E 7",
    # "Exhibit 8", "Figs. 9 and 10") says the caption may be there: a doubt on its page.
    found = {m.page for m in members + panel_doubts}
    rest = [doc.facts.page(p) for p in pages if p not in found]
    loose = () if number is None else loose_mention_pages(((p.index, p.text) for p in rest), KINDS[kind], str(number), band_numbers(rest))
    doubts = panel_doubts + tuple(
        Member(page=p, bbox=_page_box(doc, p), what=f"a mention of {kind} {number} the caption reader did not take as its caption (somewhere on the page)",
               reader=text_reader(doc.facts.page(p)))
        for p in loose
    )
    if not members and not doubts and number is not None:
        pictured, unread_pictures = pictured_caption_pages(doc, pages, KINDS[kind], str(number))
        doubts = tuple(Member(page=p, bbox=_page_box(doc, p), what=f"a mention of {kind} {number} OCR read inside a picture", reader=Reader.ocr)
                       for p in pictured)
        if unread_pictures and not doubts:
            return ProbeResult.cannot(NAME, "pictures that may print the caption could not be read (too many, or a failure)", pages=pages, params=params)
    note = f"{len(unread)} page(s) whose words could not be read were not searched" if unread else ""
    return ProbeResult(probe=NAME, pages=pages, params=params, members=members, doubts=doubts, note=note)


def _page_box(doc: Doc, index: int) -> tuple[float, float, float, float]:
    facts = doc.facts.page(index)
    return (0.0, 0.0, facts.width, facts.height)


def _unread(doc: Doc, index: int) -> str | None:
    """Why page ``index``'s words could not be read, or None when they were."""
    facts = doc.facts.page(index)
    if page_text_status(facts) == "blind":
        return f"an image-only page OCR did not read: {facts.ocr_error or 'no OCR text'}"
    return unreadable_layer(doc, index)


def pictured_caption_pages(doc: Doc, pages: tuple[int, ...], kinds: set[str], number: str) -> tuple[tuple[int, ...], bool]:
    """Text-layer pages whose pictures print a mention of the numbered figure or table (a figure pasted
    in with its caption in its pixels, read by OCR), and whether some pictures could not be read."""
    pictured, unread = pictured_caption_reading(doc, pages, kinds, number)
    return pictured, bool(unread)


def pictured_caption_reading(doc: Doc, pages: tuple[int, ...], kinds: set[str], number: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(text-layer pages whose pictures print a mention of the numbered figure or table, read by OCR;
    the pages whose pictures could not be read: too many, or a failure)."""
    read, unread = picture_words.read_pictures(doc, pages)
    texts = [(index, "\n".join(line.text for line in lines)) for index, lines in read.items()]
    return loose_mention_pages(texts, kinds, number), tuple(sorted(unread))


# A picture whose box reaches this close (pt) to a side edge of its page, or past it, is cut by that edge.
EDGE_CUT = 1.0
# A drawing thinner than this (pt) in either direction is a rule or a hairline, no picture.
_THIN = 4.0


def side_cut_pages(doc: Doc, pages: tuple[int, ...]) -> tuple[int, ...]:
    """The facing pages of a two-page spread: for each of ``pages``, the page before (after) when a picture on
    it (an image, a drawing wider and taller than a rule) is cut by its left (right) edge and not by the other
    one. A chart drawn across the gutter prints its caption under one half; the other half, on the facing
    page, is part of the figure. A picture cut by both side edges spans the page's width (a banner, a
    background) and says nothing of its neighbours. A superset: a wrong page here is only looked at more."""
    out: set[int] = set()
    for index in pages:
        page = doc.page(index)
        width = page.rect.width
        # Boxes come unrotated; the sides are the reader's (a page turned 90 degrees has them at its top and bottom).
        turn = page.rotation_matrix
        boxes = [pymupdf.Rect(i["bbox"]) for i in page.get_image_info() if i.get("bbox")]
        boxes += [d["rect"] for d in page.get_drawings() if d["rect"].width >= _THIN and d["rect"].height >= _THIN]
        for box in boxes:
            if box.is_empty:
                continue
            x0, _, x1, _ = box * turn
            left, right = x0 <= EDGE_CUT, x1 >= width - EDGE_CUT
            if left and not right:
                out.add(index - 1)
            elif right and not left:
                out.add(index + 1)
    return tuple(sorted(p for p in out if 1 <= p <= doc.facts.page_count and p not in pages))

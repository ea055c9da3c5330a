"""Probe ``page_exists``: the PDF pages a page number (or range) denotes, under every reading.

Example (corpus): "page 9" of a hearing transcript is PDF page 9 and also PDF page 13,
which prints "9" at the top; "pages 200-205" of a 30-page file exist under no reading.
"""

from __future__ import annotations

from typing import Any

from pydantic import model_validator

from widening.facts.document import Doc
from widening.facts.legibility import page_text_status, unreadable_layer
from widening.models import Member, ProbeResult, Reader, Reading, ReadingTried, text_reader
from widening.probes import Scope, Params, probe
from widening.facts.readings import parse_number, prefixed_pages, resolve, resolve_range

NAME = "page_exists"


def _what(doc: Doc, t: ReadingTried, page: int) -> str:
    facts = doc.facts.page(page)
    if t.reading is Reading.pdf:
        return f"PDF page {page} of {doc.facts.page_count}"
    if t.reading is Reading.label:
        return f"PDF page {page} has page label {facts.label!r}"
    folios = [c for c in facts.folio_candidates if c.accepted]
    where = "; ".join(f"{c.text!r} at {c.band} ({c.bbox[0]:.0f},{c.bbox[1]:.0f})" for c in folios)
    return f"PDF page {page} prints folio {', '.join(facts.printed)}: {where}"


class PageExistsParams(Params):
    """``number``: one page as the question gives it; or ``first`` and ``last`` for a range."""

    number: str | int | None = None
    first: str | int | None = None
    last: str | int | None = None

    @model_validator(mode="after")
    def _one_page_or_a_range(self) -> "PageExistsParams":
        if self.number is None and (self.first is None or self.last is None):
            raise ValueError("params need 'number', or 'first' and 'last'")
        asked = str(self.number) if self.number is not None else f"{self.first}-{self.last}"
        if all(parse_number(n)[0] is None for n in asked.split("-", 1) if n):
            raise ValueError(f"cannot read {asked!r} as a page number")
        return self


@probe(NAME, params=PageExistsParams)
def page_exists(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """One member per (reading, PDF page) the number resolves to; zero members = missing under every reading."""
    if params.get("number") is not None:
        tried = resolve(doc.facts, params["number"])
        asked = str(params["number"])
    elif params.get("first") is not None and params.get("last") is not None:
        tried = resolve_range(doc.facts, params["first"], params["last"])
        asked = f"{params['first']}-{params['last']}"
    else:  # the params model refuses this (run through the registry)
        raise ValueError("params need 'number', or 'first' and 'last'")
    first, _, last = asked.partition("-") if params.get("number") is None else (asked, "", asked)
    if prefixed := prefixed_pages(doc, first, last):
        # "A-9", "S9", "2-9" (a label or a margin folio after a prefix) for "page 9": the question may have
        # dropped the prefix. A doubtful reading: its pages are doubts, never proof the page exists.
        tried = tuple(tried) + (ReadingTried(reading=Reading.label, number=f"{asked} after a prefix (a label or folio such as 'A-{first}')",
                                             pages=prefixed, doubtful=True),)
    members, doubtful = [], []
    for t in tried:
        for page in t.pages:
            pf = doc.facts.page(page)
            # A PDF index or a page label is the file's; a printed folio was read from the page's words (OCR's on a page OCR read).
            reader = text_reader(pf) if t.reading is Reading.printed else Reader.structure
            if t.doubtful:
                # A doubtful reading (pages counted past blank sheets) may be the page asked: a doubt, never proof it exists.
                doubtful.append(Member(page=page, bbox=(0.0, 0.0, pf.width, pf.height), what=f"PDF page {page}: {t.reading.value} {t.number}",
                                       reading=t.reading, why=f"a doubtful reading: {t.number}", reader=reader))
                continue
            members.append(Member(page=page, bbox=(0.0, 0.0, pf.width, pf.height), what=_what(doc, t, page), reading=t.reading, reader=reader))
    note = "; ".join(f"{t.reading.value} {t.number} -> {list(t.pages) or 'none'}" for t in tried)
    doubts = doubtful + _rejected_folios(doc, asked, members)
    pages = tuple(sorted({m.page for m in members} | {m.page for m in doubts}))
    unread = {p.index: why for p in doc.facts.pages if (why := _unread(doc, p.index))}
    if not members and unread:
        # A page whose words nobody read may print the folio: absence is not measured.
        first = min(unread)
        return ProbeResult.cannot(NAME, f"{note}; {len(unread)} page(s) whose words could not be read ({unread[first]}), e.g. p{first}, may print it",
                                  params=params, doubts=tuple(doubts))
    return ProbeResult(probe=NAME, pages=pages, params=params, members=tuple(members), doubts=tuple(doubts), note=note)


def _unread(doc: Doc, index: int) -> str | None:
    """Why page ``index``'s words could not be read (so its folio was not seen), or None."""
    facts = doc.facts.page(index)
    if page_text_status(facts) == "blind":
        return f"an image-only page OCR did not read: {facts.ocr_error or 'no OCR text'}"
    return unreadable_layer(doc, index)


def _rejected_folios(doc: Doc, asked: str, members: list[Member]) -> list[Member]:
    """Folio candidates of the asked value(s) that the run test rejected: the run test is tuned, so they are doubts."""
    lo_hi = [parse_number(n) for n in asked.split("-", 1) if n] if "-" in asked.strip("-") else [parse_number(asked)]
    if any(v is None for v, _ in lo_hi):
        return []
    lo, hi = min(v for v, _ in lo_hi), max(v for v, _ in lo_hi)
    roman = all(r for _, r in lo_hi)
    have = {(m.page, m.reading) for m in members}
    out = []
    for pf in doc.facts.pages:
        if (pf.index, Reading.printed) in have:
            continue
        for c in pf.folio_candidates:
            if not c.accepted and lo <= c.value <= hi and (c.roman == roman or not roman):
                out.append(Member(page=pf.index, bbox=c.bbox, what=f"PDF page {pf.index} prints {c.text!r} at {c.band}, not accepted as a folio",
                                  reading=Reading.printed, why=c.why, reader=text_reader(pf)))
                break
    return out

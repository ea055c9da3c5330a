"""`name_mentions`: where a name, year, level or quoted term occurs anywhere in the document.

Matching is deliberately tolerant (case, spacing, punctuation and hyphens are ignored;
a trailing plural 's' is optional), because a missed mention would turn into a false
"absent entity". Image-only pages are searched in their OCR text; without it they
cannot be searched, and the probe says so.

Example: a survey year the report never covers has no mention on any page, text layer or OCR.
Cannot see: a name written only inside a picture of a born-digital page (no OCR runs there).
"""

from __future__ import annotations

import re
from typing import Any

from widening.facts.document import Doc
from widening.models import Member, PageKind, ProbeResult
from widening.probes import Scope, Params, probe

_NON_ALNUM = re.compile(r"[^0-9a-z]+")


def squash(text: str) -> str:
    """Lower case, ligatures expanded, everything but letters and digits removed."""
    text = text.lower().replace("ﬁ", "fi").replace("ﬂ", "fl").replace("ﬀ", "ff")
    return _NON_ALNUM.sub("", text)


def _needles(variants: list[str]) -> list[str]:
    out = []
    for v in variants:
        s = squash(v)
        if s:
            out.append(s)
            if s.endswith("s") and len(s) > 4:
                out.append(s[:-1])
    return out


def _page_text(doc: Doc, index: int) -> str | None:
    page = doc.facts.page(index)
    if page.kind is PageKind.image_only and not page.text.strip():
        return None
    return page.text


def _bbox(doc: Doc, index: int, variant: str) -> tuple[float, float, float, float]:
    page = doc.facts.page(index)
    needle = squash(variant)
    for line in page.ocr_lines:
        if needle and needle in squash(line.text):
            return line.bbox
    if page.text_source == "layer":
        hits = doc.page(index).search_for(variant)
        if hits:
            r = hits[0]
            return (r.x0, r.y0, r.x1, r.y1)
    return (0.0, 0.0, page.width, page.height)


class NameMentionsParams(Params):
    """``variants``: the spellings of the name searched; ``qualifier``: what kind of name it is."""

    variants: tuple[str, ...] = ()
    qualifier: str | None = None


@probe("name_mentions", params=NameMentionsParams)
def name_mentions(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Members: one per page on which any variant of the name occurs."""
    variants = [str(v) for v in params.get("variants", [])]
    needles = _needles(variants)
    if not needles:
        return ProbeResult.cannot("name_mentions", "no name to search for", params=params)
    members: list[Member] = []
    unsearched: list[int] = []
    for index in scope.pages:
        text = _page_text(doc, index)
        if text is None:
            unsearched.append(index)
            continue
        flat = squash(text)
        hit = next((n for n in needles if n in flat), None)
        if hit is not None:
            variant = next((v for v in variants if squash(v) == hit), variants[0])
            members.append(Member(page=index, bbox=_bbox(doc, index, variant), what=f"mention of {variants[0]!r}"))
    if not members and unsearched:
        return ProbeResult.cannot(
            "name_mentions",
            f"{len(unsearched)} image-only page(s) have no OCR text, so absence cannot be measured (e.g. p{unsearched[0]})",
            pages=scope.pages,
            params=params,
        )
    return ProbeResult(probe="name_mentions", pages=scope.pages, params=params, members=tuple(members),
                       note=f"searched {len(scope.pages) - len(unsearched)} page(s)")

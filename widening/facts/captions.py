"""Figure, table and chart captions ("Figure 10", "Fig. 4", "Table1-1", "TABLE A") found in text lines."""

from __future__ import annotations

import re

from widening.facts.geometry import union
from widening.facts.lines import Line
from widening.models import Caption

_CAPTION = re.compile(
    r"^\s*(?P<kind>fig(?:ure)?s?\.?|table|tab\.|chart)\s*"
    r"(?P<num>(?:[A-Z]{1,2}[-.]?)?\d+(?:\s?[-.–]\s?\d+)*[a-z]?|[IVXLC]+\b|[A-Z]\b)",
    re.I,
)
_CAPTION_START = re.compile(r"\s*(?:fig|tab|chart)", re.I)
CAPTION_LIKE = re.compile(r"^\s*(?:fig|tab|chart)", re.I | re.M)


def find_captions(lines: list[Line], index: int) -> list[Caption]:
    """Lines opening with Figure/Fig./Table/Chart and a number ("Table1-1", "TABLE A", "Fig. 4")."""
    out: list[Caption] = []
    for i, line in enumerate(lines):
        if not _CAPTION_START.match(line.first):
            continue
        m = _CAPTION.match(line.text)
        if not m:
            continue
        word = m.group("kind").lower()
        kind = "figure" if word.startswith("fig") else ("chart" if word == "chart" else "table")
        number = re.sub(r"\s+", "", m.group("num")).replace("–", "-")
        # The caption box runs on through the following lines of the same block.
        tail = [l for l in lines[i + 1 : i + 4] if l.block == line.block and line.words]
        box = union([line.bbox] + [l.bbox for l in tail])
        text = " ".join([line.text] + [l.text for l in tail])
        out.append(Caption(kind=kind, number=number, page=index, bbox=box, text=text.strip()[:200]))
    return out

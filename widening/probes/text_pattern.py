"""`text_pattern`: things a text pattern enumerates (phone numbers, e-mail addresses).

Searches the text layer and, on image-only pages, the OCR text.

Example: "which contacts on page 42 give a phone number" enumerates the phone numbers there.
Cannot see: a number drawn as vector outlines, or printed inside a picture OCR does not read.
"""

from __future__ import annotations

import re
from typing import Any

import pymupdf

from widening.facts.document import Doc
from widening.models import Member, PageKind, ProbeResult
from widening.probes import Scope, Params, probe
from widening.probes.images import placed_images
from widening.probes.pagewise import finish, measurable
from widening.text import value_key

PATTERNS: dict[str, re.Pattern[str]] = {
    # 7+ digits with the usual separators, optionally with a country code or parentheses.
    "phone": re.compile(r"(?<![\w.,])(?:\+?\d{1,3}[\s.-]?)?(?:\(\d{1,5}\)[\s.-]?)?\d{2,6}(?:[\s.-]\d{2,6}){1,4}(?![\w])|(?<![\w.,])\+?\d{8,15}(?![\w])"),
    "email": re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"),
}


_PHONE_FORMATS = (
    re.compile(r"\+\d[\d\s().-]{6,}"),  # +1-615-591-2955, +44 20 7946 0123
    re.compile(r".*\(\d{2,5}\).*"),  # (020) 7946 0123
    re.compile(r"\d{3}[.-]\d{3}[.-]\d{4}"),  # 615.591.2955
    re.compile(r"0\d{2,4}[\s.-]?\d{3,4}[\s.-]?\d{3,4}"),  # 01983 873655 (trunk prefix 0)
)
_PHONE_CUE = re.compile(r"\b(?:tel|telephone|phone|fax|call|mobile|cell|hotline|contact)\b|(?<![\w])[tpf]\s*[:.]\s*\+?\d", re.I)


def _is_phone(s: str, line: str) -> bool:
    """A phone number looks like one (international, area code, 3-3-4, trunk 0) or is labelled as one.

    Bare digit runs are not enough: slide art of binary digits, IDs and counts would count.
    """
    s = s.strip()
    digits = re.sub(r"\D", "", s)
    if not 7 <= len(digits) <= 15 or set(digits) <= {"0", "1"}:
        return False
    return any(f.fullmatch(s) for f in _PHONE_FORMATS) or bool(_PHONE_CUE.search(line))


def _phones(line: str) -> list[str]:
    """Phone numbers in ``line``. Two numbers separated by a space match as one run of too many
    digits; such a run is cut at its longest leading phone and the rest is searched again."""
    rx = PATTERNS["phone"]
    out: list[str] = []
    pos = 0
    while (m := rx.search(line, pos)) is not None:
        run = m.group(0)
        if _is_phone(run, line):
            out.append(run)
            pos = m.end()
            continue
        cuts = [i for i in range(1, len(run)) if run[i] in " .-" and _is_phone(run[:i], line)]
        # Prefer the cut after which a phone number starts; else the longest leading phone.
        cut = next((i for i in cuts if _starts_phone(line[m.start() + i :], line)), cuts[-1] if cuts else None)
        if cut is not None:
            out.append(run[:cut])
            pos = m.start() + cut
        else:
            pos = m.end()
    return out


def _starts_phone(rest: str, line: str) -> bool:
    m = PATTERNS["phone"].match(rest.lstrip(" .-"))
    return m is not None and _is_phone(m.group(0), line)


def _rows(lines: list[tuple[str, tuple[float, float, float, float]]]) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Join OCR lines that sit on one row: OCR often splits '0207 946 0123' into pieces."""
    rows: list[list[tuple[str, tuple[float, float, float, float]]]] = []
    for text, box in sorted(lines, key=lambda t: (t[1][1], t[1][0])):
        cy, h = (box[1] + box[3]) / 2, box[3] - box[1]
        for row in rows:
            rb = row[-1][1]
            if abs((rb[1] + rb[3]) / 2 - cy) < max(h, rb[3] - rb[1]) / 2:
                row.append((text, box))
                break
        else:
            rows.append([(text, box)])
    out = []
    for row in rows:
        row.sort(key=lambda t: t[1][0])
        box = (min(b[0] for _, b in row), min(b[1] for _, b in row), max(b[2] for _, b in row), max(b[3] for _, b in row))
        out.append((" ".join(t for t, _ in row), box))
    return out


def _lines(doc: Doc, index: int) -> list[tuple[str, tuple[float, float, float, float]]] | None:
    page = doc.facts.page(index)
    if page.ocr_lines:
        return _rows([(l.text, l.bbox) for l in page.ocr_lines])
    if page.kind is PageKind.image_only:
        return None
    page_ = doc.page(index)
    out = []
    for block in page_.get_text("dict")["blocks"]:
        for line in block.get("lines", []):
            text = "".join(s["text"] for s in line["spans"])
            out.append((text, tuple(line["bbox"])))
    # A number printed inside a picture (a scanned card, a slide screenshot) is still a number.
    from widening.facts.ocr import ocr_image

    for placed in placed_images(page_, index):
        if placed.klass != "decoration":
            out.extend(_rows([(l.text, l.bbox) for l in ocr_image(page_, pymupdf.Rect(placed.bbox))]))
    return out


class TextPatternParams(Params):
    """``pattern``: a pattern name from the vocabulary (phone, email)."""

    pattern: str


@probe("text_pattern", params=TextPatternParams)
def text_pattern(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Members: each match of the named pattern (``params['pattern']``: phone or email)."""
    name = str(params.get("pattern", ""))
    rx = PATTERNS.get(name)
    if rx is None:
        return ProbeResult.cannot("text_pattern", f"unknown pattern {name!r}; known: {sorted(PATTERNS)}", params=params)
    whole = Scope(scope.pages)  # lines are read on whole pages whatever the region: the result says so
    unmeasured, pages = measurable(doc, whole)
    members: list[Member] = []
    repeats: list[Member] = []
    seen: set[str] = set()
    for index in pages:
        lines = _lines(doc, index)
        if lines is None:
            unmeasured[index] = "image-only page without OCR text"
            continue
        for text, bbox in lines:
            for found in (_phones(text) if name == "phone" else (m.group(0) for m in rx.finditer(text))):
                member = Member(page=index, bbox=bbox, what=f"{name} {found.strip()!r} in line {text.strip()[:60]!r}")
                value = value_key(found)
                # One number printed on two slides is one contact, not two.
                (repeats if value in seen else members).append(member)
                seen.add(value)
    note = f"{len(repeats)} repeated value(s) listed as candidates" if repeats else ""
    return finish("text_pattern", whole, params, members, unmeasured, repeats, note=note)

"""`text_pattern`: things a text pattern enumerates (phone numbers, e-mail addresses).

Searches the text layer, the OCR text of image-only pages, and the words OCR reads inside
every picture of a text-layer page (picture_words: logos and footer bands too).

Members: a phone number that looks like one (international, area code, 3-3-4, trunk 0) or
that a cue labels ("Tel:", "call"); a complete e-mail address. Doubts: what only a tuned
rule would set aside: a run of 7 or more digits with no phone format and no cue ("1-800-273-8255",
"555-1234"), a short number right after a cue ("dial 911"), an "@" outside a complete address.

Example: "which contacts on page 42 give a phone number" enumerates the phone numbers there.
Cannot see: a number drawn as vector outlines, or printed in a picture OCR does not read.
"""

from __future__ import annotations

import re
from typing import Any

from widening.facts.document import Doc
from widening.models import Member, ProbeResult
from widening.probes import Params, Scope, picture_words, probe
from widening.facts.legibility import page_text_status
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
    re.compile(r"(?:1[.-])?\d{3}[.-]\d{3}[.-]\d{4}"),  # 615.591.2955, 1-800-273-8255
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


# A short service number right after a cue ("dial 911", "Tel. 112"): too few digits for the
# phone shapes above, still a phone number to a reader.
_CUED_SHORT = re.compile(r"\b(?:tel|telephone|phone|fax|call|dial|mobile|cell|hotline)\b\W{0,3}(\d{2,6})(?![\d])", re.I)


def _phones(line: str) -> tuple[list[str], list[str]]:
    """Phone numbers in ``line``, and the digit runs that may be one (doubts).

    Two numbers separated by a space match as one run of too many digits; such a run is cut at
    its longest leading phone and the rest is searched again. A run of 7 or more digits that neither
    looks like a phone nor has a cue is only unlike one by our shapes: it is a doubt, not dropped.
    """
    rx = PATTERNS["phone"]
    out: list[str] = []
    unsure: list[str] = []
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
            # No phone leads the run: one may start inside it ("555-1000 615-591-1000"); what
            # comes before it, or the whole run, is a doubt when it has a phone's digits.
            starts = [i for i in range(1, len(run)) if run[i - 1] in " .-" and run[i].isdigit() and _starts_phone(run[i:], line)]
            head = run[: starts[0]].rstrip(" .-") if starts else run
            if len(re.sub(r"\D", "", head)) >= 7:
                unsure.append(head)
            pos = m.start() + starts[0] if starts else m.end()
    unsure += [m.group(1) for m in _CUED_SHORT.finditer(line) if not any(m.group(1) in x for x in out + unsure)]
    return out, unsure


def _emails(line: str) -> tuple[list[str], list[str]]:
    """Complete e-mail addresses in ``line``, and the words with an "@" outside them (doubts:
    a split or obfuscated address, an OCR slip)."""
    found = list(PATTERNS["email"].finditer(line))
    unsure = []
    for at in re.finditer("@", line):
        if not any(m.start() <= at.start() < m.end() for m in found):
            before = re.search(r"\S*$", line[: at.start()])
            after = re.match(r"\S*", line[at.end() :])
            unsure.append(f"{before.group(0) if before else ''}@{after.group(0) if after else ''}")
    return [m.group(0) for m in found], unsure


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


def _lines(doc: Doc, index: int, over: int | None) -> tuple[list[tuple[str, tuple[float, float, float, float]]] | None, str]:
    """The page's lines (text layer, OCR of an image-only page, OCR of its pictures), or None and why not.

    ``over``: the distinct pictures of the searched pages when more than the budget allows (then unread)."""
    page = doc.facts.page(index)
    status = page_text_status(page)
    if status == "blind":
        return None, page.ocr_error or "image-only page without OCR text"
    out = _rows([(l.text, l.bbox) for l in page.ocr_lines])
    for block in doc.page(index).get_text("dict")["blocks"]:  # an image-only page may carry a stamp's text layer
        for line in block.get("lines", []):
            out.append(("".join(s["text"] for s in line["spans"]), tuple(line["bbox"])))
    if not picture_words.picture_pages(doc, (index,)):
        return out, ""
    # A number printed inside a picture (a scanned card, a slide screenshot, a footer logo) is still a number.
    if over:
        return None, f"pictures not read ({over} distinct pictures, more than {picture_words.max_pictures()})"
    try:
        out.extend(_rows([(l.text, l.bbox) for l in picture_words.picture_lines(doc, index)]))
    except Exception as exc:  # noqa: BLE001  a picture that cannot be read may hold a number
        return None, f"pictures could not be read ({type(exc).__name__})"
    return out, ""


_UNSURE = {
    "phone": "digits with no phone format and no cue, or a short number after a cue",
    "email": "an '@' outside a complete address",
}


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
    unmeasured, pages = measurable(doc, whole, reads_text=True)
    members: list[Member] = []
    repeats: list[Member] = []
    seen: set[str] = set()
    doubts: list[Member] = []
    over = picture_words.pictures_over_budget(doc, sorted(picture_words.picture_pages(doc, tuple(pages))))
    for index in pages:
        lines, why = _lines(doc, index, over)
        if lines is None:
            unmeasured[index] = why
            continue
        for text, bbox in lines:
            sure, unsure = _phones(text) if name == "phone" else _emails(text)
            for found in sure:
                member = Member(page=index, bbox=bbox, what=f"{name} {found.strip()!r} in line {text.strip()[:60]!r}")
                value = value_key(found)
                # One number printed on two slides is one contact, not two.
                (repeats if value in seen else members).append(member)
                seen.add(value)
            doubts += [Member(page=index, bbox=bbox, what=f"{found.strip()!r} in line {text.strip()[:60]!r}",
                              why=f"may be a {name} our {name} shapes do not take (" + _UNSURE[name] + ")") for found in unsure]
    note = f"{len(repeats)} repeated value(s) listed as candidates" if repeats else ""
    return finish("text_pattern", whole, params, members, unmeasured, repeats, note=note, doubts=doubts)

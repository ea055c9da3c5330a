"""``mentions``: the places where an item (a YouTube clip, a cartoon) appears next to a topic.

What it does: for "Which YouTube video does the deck use to show <topic>?", finds every page
in scope that references the item (its words, e.g. "youtube.com/watch", "You Tube", or a
pattern such as a player's time code) and counts it as a member when the topic's content words
all occur on that page or a neighbouring one (a clip often follows the slide stating its
topic). Matching tolerates OCR noise: words are searched with spaces removed, by stem, with
a few edits allowed for long words. A reference is also read in a link's target ("Watch the
talk" linking to a clip) and in what OCR reads inside the pictures of a text-layer page (a
player thumbnail, a quote card); a picture that could not be read is a doubt. A form that only
may reference the item (an attribution after a hyphen, "Watch the film", a host under an
unlisted top-level domain) is a doubt, never a member.

Why: raster-only decks carry their text only through OCR (document facts), and a topic and
its illustration are often split over two slides.

Example: a raster-only data-culture deck references two YouTube clips, a conference talk and
a news clip on the slide after a "don't just follow the data" slide. A topic that slide
carries gives one member; a topic no slide near either clip carries gives none.

Params: ``item`` (a key of rules/mentions.yaml, or its plural: any other item, a shape or a
photo, can be shown without being named, and the probe cannot measure it), ``topic`` (list of
words or a phrase; function words are dropped).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

import pymupdf
import regex

from widening import rulebook as vocab
from widening.facts.document import Doc
from widening.facts.legibility import page_text_status, unreadable_layer
from widening.facts.geometry import union
from widening.models import BBox, Member, PageKind, ProbeResult, Reader, text_reader
from widening.probes import Params, Scope, picture_words, probe
from widening.text import collapse

NAME = "mentions"


@cache
def _rules() -> dict[str, Any]:
    return vocab.load("mentions")


def stem(word: str) -> str:
    """Strip one common ending so 'leadership' finds 'leaders' and 'following' finds 'follow'."""
    low = word.lower()
    for suffix in _rules()["suffixes"]:
        if low.endswith(suffix) and len(low) - len(suffix) >= int(_rules()["min_stem"]):
            return low[: -len(suffix)]
    return low


def topic_words(topic: str | list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The content words of a topic, lower case, function words dropped, in order."""
    words = re.findall(r"[\w'-]+", topic) if isinstance(topic, str) else [w for t in topic for w in re.findall(r"[\w'-]+", str(t))]
    stop = set(_rules()["stopwords"])
    return tuple(dict.fromkeys(w.lower() for w in words if w.lower() not in stop))


def fuzzy_in(needle: str, hay: str) -> bool:
    """``needle`` (collapsed) occurs in ``hay`` (collapsed) within the OCR edit budget for its length."""
    needle = collapse(needle)
    if not needle:
        return False
    if needle in hay:
        return True
    k = max((e for n, e in _rules()["edits"].items() if len(needle) >= int(n)), default=0)
    return k > 0 and regex.search(f"(?:{regex.escape(needle)}){{e<={k}}}", hay) is not None


# --------------------------------------------------------------------------- page text


@dataclass(frozen=True)
class Line:
    text: str
    bbox: BBox
    reader: Reader | None = None  # what read it: OCR, the text layer, a link's target


def _reader(hits: list[Line]) -> Reader | None:
    """What read the reference in ``hits``: OCR only where every line that references the item was read by
    OCR (one read otherwise is enough), else the first other reader."""
    others = [l.reader for l in hits if l.reader is not Reader.ocr]
    return others[0] if others else Reader.ocr if hits else None


def page_lines(doc: Doc, index: int) -> list[Line]:
    """Text-layer lines and OCR lines of a page, top to bottom."""
    facts = doc.facts.page(index)
    lines = [Line(l.text, l.bbox, Reader.ocr) for l in facts.ocr_lines]
    if facts.text_source == "layer":
        layer = text_reader(facts, layer=True)
        for block in doc.page(index).get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                text = "".join(s["text"] for s in line["spans"]).strip()
                if text:
                    lines.append(Line(text, tuple(line["bbox"]), layer))
    return sorted(lines, key=lambda l: (l.bbox[1], l.bbox[0]))


def readable(doc: Doc, index: int) -> bool:
    """False for a page whose words were not read: an image-only page OCR did not read (a page with no
    words read is not a page without words), or a text layer with no Unicode map (facts.legibility)."""
    return page_text_status(doc.facts.page(index)) != "blind" and unreadable_layer(doc, index) is None


def title(lines: list[Line]) -> str:
    """The slide's title: its topmost line with a few letters."""
    for line in lines:
        if len(re.findall(r"[^\W\d_]", line.text)) >= 3:
            return line.text.strip()[:100]
    return ""


def _unread_pictures(doc: Doc, index: int) -> bool:
    """A born-digital page showing a sizeable picture whose text nobody read."""
    facts = doc.facts.page(index)
    if facts.kind is not PageKind.born_digital or facts.ocr_lines or not facts.image_count:
        return False
    page = doc.page(index)
    area = abs(page.rect) or 1.0
    return any(abs(page.rect & tuple(i["bbox"])) / area >= float(_rules()["min_image_fraction"]) for i in page.get_image_info())


def _links(doc: Doc, index: int) -> list[Line]:
    """The targets of a page's web links ("Watch the talk" linking to a clip), where its words may not say them,
    and the payloads of the QR codes its pictures show (``qr_codes``)."""
    out = [Line(link["uri"], tuple(link["from"]), Reader.structure) for link in doc.page(index).get_links() if link.get("uri")]
    return out + [Line(text, box, Reader.pixels) for text, box in qr_codes(doc, index)]


QR_UNREAD = "(a QR code whose target was not decoded)"


def qr_codes(doc: Doc, index: int) -> list[tuple[str, BBox]]:
    """The QR codes printed in a page's pictures: (payload, box) for each, the payload ``QR_UNREAD`` where a
    code was found but not decoded. A QR code is a link a reader follows with a phone: its target (a clip's
    address) is in no word of the page. Pages without pictures are not rendered."""
    memo = doc.memo.setdefault("mentions qr codes", {})
    if index in memo:
        return memo[index]
    found: list[tuple[str, BBox]] = []
    page = doc.page(index)
    if page.get_image_info():
        import cv2
        import numpy as np

        zoom = 2.0
        pix = page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), colorspace=pymupdf.csGRAY, alpha=False)
        img = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width)
        try:
            ok, payloads, points, _ = cv2.QRCodeDetector().detectAndDecodeMulti(img)
        except cv2.error:
            ok, payloads, points = False, (), None
        if ok and points is not None:
            for text, quad in zip(payloads, points):
                xs, ys = [float(x) / zoom for x, _ in quad], [float(y) / zoom for _, y in quad]
                found.append((text.strip() or QR_UNREAD, (min(xs), min(ys), max(xs), max(ys))))
    memo[index] = found
    return found


def _unread_picture_doubts(doc: Doc, unread: dict[int, str], item: str) -> list[Member]:
    """Each picture of a page whose pictures could not be read: it may print the item."""
    boxes = picture_words.picture_pages(doc, tuple(sorted(unread)))
    return [Member(page=p, bbox=box, what=f"picture not read ({why})", why=f"a {item} printed in an unread picture cannot be excluded", reader=Reader.structure)
            for p, why in sorted(unread.items()) for box in boxes.get(p, ())]


# --------------------------------------------------------------------------- the probe


@dataclass(frozen=True)
class ItemRule:
    words: tuple[str, ...]
    patterns: tuple[str, ...]
    screenshots: bool
    doubt_patterns: tuple[str, ...] = ()
    hosts: bool = False


def item_rule(item: str) -> ItemRule | None:
    """The surface forms of ``item`` (or its singular) from rules/mentions.yaml; None for any other item."""
    key = item.strip().lower()
    items = _rules()["items"]
    entry = items.get(key) or (items.get(key[:-1]) if key.endswith("s") else None)
    if entry is None:
        return None
    return ItemRule(tuple(entry.get("words", [])) or (item,), tuple(entry.get("patterns", [])), bool(entry.get("screenshots")),
                    tuple(entry.get("doubt_patterns", [])), bool(entry.get("hosts")))


# A host name printed bare: labels of letters, digits and hyphens (neither first nor last a
# hyphen) joined by dots, the last of two letters or more ("airindex.eea.europa.eu/x"). "e.g.",
# "U.S." and "3.5" have no such last label. The ending decides member or doubt (``tlds``).
_HOST = re.compile(r"(?<![\w.-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63})(?![\w-])", re.I)

Reference = Literal["member", "doubt"]


def _host_reference(text: str) -> Reference | None:
    """'member' for a bare host under a known top-level domain, 'doubt' for one under any other ending."""
    endings = {m.group(1).lower() for m in _HOST.finditer(text)}
    if not endings:
        return None
    return "member" if endings & _tlds() else "doubt"


@cache
def _tlds() -> frozenset[str]:
    return frozenset(t.lower() for t in _rules()["tlds"])


def reference(text: str, rule: ItemRule) -> Reference | None:
    """Whether a line of text references the item: 'member' (its words, its patterns, a host under a
    known domain), 'doubt' (a form that only may: ``doubt_patterns``, a host under another ending), or None."""
    hay = collapse(text)
    if any(fuzzy_in(w, hay) for w in rule.words) or any(re.search(p, text, re.I) for p in rule.patterns):
        return "member"
    host = _host_reference(text) if rule.hosts else None
    if host == "member":
        return host
    if any(re.search(p, text, re.I) for p in rule.doubt_patterns):
        return "doubt"
    if played(rule) and any(re.search(p, text) for p in _rules()["played_doubt_patterns"]):
        return "doubt"
    if rule.screenshots and web_address(text):
        return "doubt"
    return host


def played(rule: ItemRule) -> bool:
    """An item a player shows (a clip): one the rulebook knows by a player's time code and as a picture."""
    return rule.screenshots and bool(rule.patterns)


# A link to a document or a table, not to a page that may play something.
_FILE_TARGET = re.compile(r"\.(?:pdf|docx?|xlsx?|csv|pptx?|zip|txt)(?:[?#]\S*)?$", re.I)


def web_address(text: str) -> bool:
    """Whether ``text`` holds an address whose target it does not say: a short link (a short host and one
    opaque path part: "bit.ly/3xYz", "goo.gl/abc" in words, a link's target or a QR code's payload), or a
    QR code not decoded. Such a target may be the item (a short link to a clip); a doubt, never a member.
    An address with a telling path ("nucleusresearch.com/research/...") or a bare host ("brianmooredraws.com"
    under a cartoon, a maker's credit) says where it leads, and is not one."""
    if text == QR_UNREAD:
        return True
    for w in text.split():
        m = re.fullmatch(r"(?:https?://)?(?:www\.)?([a-z0-9-]{1,8})\.([a-z]{2,6})/([\w-]+)/?[.,;:)]*", w, re.I)
        if m and m.group(2).lower() in _tlds() and not _FILE_TARGET.search(w):
            return True
    return False


def _references(lines: list[Line], rule: ItemRule, whole: Line) -> tuple[list[Line], Reference | None]:
    """The lines that reference the item most surely (members before doubts), and how surely. When
    no line does, the lines joined (``whole``: a reference split over lines, "You" / "Tube")."""
    found = [(l, reference(l.text, rule)) for l in lines]
    for strength in ("member", "doubt"):
        if hits := [l for l, f in found if f == strength]:
            return hits, strength
    joined = reference(" ".join(l.text for l in lines), rule)
    return ([whole], joined) if joined else ([], None)



class MentionsParams(Params):
    """``item``: the kind of item (icon, picture, ...); ``topic``: the topic's words."""

    item: str = ""
    topic: tuple[str, ...] = ()


# Not exact: a reference with the topic's words nearby is not proof the item illustrates the topic.
@probe(NAME, params=MentionsParams, exact=False)
def mentions(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Pages in scope referencing ``item`` whose (neighbouring) text carries every topic word."""
    item, words = str(params.get("item", "")).strip(), topic_words(params.get("topic", ()))
    base = {"pages": scope.pages, "region": scope.region, "params": params}
    if not item or not words:
        return ProbeResult.cannot(NAME, "params need an 'item' and a 'topic' with at least one content word", **base)
    rule = item_rule(item)
    if rule is None:
        # Shapes, colours, icons, photos: a deck shows them without naming them, so no words on a
        # page can say it does not use one. Only the items rules/mentions.yaml lists are named in words.
        return ProbeResult.cannot(NAME, f"a {item!r} can be shown without being named: only references to "
                                  f"{sorted(_rules()['items'])} are read from a page's words", **base)
    unread = [i for i in scope.pages if not readable(doc, i)]
    if unread:
        why = doc.facts.page(unread[0]).ocr_error or "OCR text missing from the document facts"
        return ProbeResult.cannot(NAME, f"pages {unread} are images with no text read ({why})", **base)
    if rule.screenshots:
        hidden = [i for i in scope.pages if _unread_pictures(doc, i)]
        if hidden:
            return ProbeResult.cannot(NAME, f"pages {hidden} show pictures whose text was not read; a {item} screenshot there cannot be excluded", **base)
        pictured = picture_words.picture_pages(doc, scope.pages)
        if over := picture_words.pictures_over_budget(doc, sorted(pictured)):
            return ProbeResult.cannot(NAME, f"{over} distinct pictures (more than {picture_words.max_pictures()}) were not read; a {item} thumbnail or logo there cannot be excluded", **base)
    # Every item may be printed in a picture (a quote card, an address in a screenshot): its
    # words are read; a picture that could not be read may print it, so it is a doubt.
    read, unread = picture_words.read_pictures(doc, scope.pages)
    n = doc.facts.page_count
    reach = int(_rules()["neighbour_pages"])
    lines = {i: page_lines(doc, i) + [Line(l.text, l.bbox, Reader.ocr) for l in read.get(i, ())] for i in scope.pages}
    members: list[Member] = []
    others: list[Member] = _unread_picture_doubts(doc, unread, item)
    for p in scope.pages:
        # e.g. "You" / "Tube" read as two lines: the page's lines joined
        # The lines joined rest on OCR where any of them does (which carry the reference is not known).
        joined = Reader.ocr if any(l.reader is Reader.ocr for l in lines[p]) else _reader(lines[p])
        hits, strength = _references(lines[p] + _links(doc, p), rule, Line("(split over lines)", tuple(doc.page(p).rect), joined))
        if not hits:
            continue
        if strength == "doubt":
            refs = " | ".join(l.text[:80] for l in hits)
            others.append(Member(page=p, bbox=union([l.bbox for l in hits]), what=f"possible {item} reference {refs!r}", reader=_reader(hits),
                                 why=f"a form that may reference a {item} (rules/mentions.yaml doubt_patterns, a host under an unlisted ending, "
                                     "a web address or QR code whose target is not read), not one that must"))
            continue
        window = [q for q in range(p - reach, p + reach + 1) if 1 <= q <= n]
        for q in window:
            lines.setdefault(q, page_lines(doc, q))
        blind = [q for q in window if not readable(doc, q)]
        found = {w: [q for q in window if fuzzy_in(stem(w), collapse(" ".join(l.text for l in lines[q])))] for w in words}
        missing = [w for w, qs in found.items() if not qs]
        titles = "; ".join(f"p{q} {title(lines[q])!r}" for q in window)
        # What the item page itself says (a clip's caption), so a reviewer sees what it illustrates.
        titles += f"; text on p{p}: {' | '.join(l.text for l in lines[p])[:200]!r}"
        refs = " | ".join(l.text[:80] for l in hits)
        box = union([l.bbox for l in hits])
        if not missing or blind:
            where = {w: qs for w, qs in found.items()}
            extra = f"; pages {blind} unreadable, counted as carrying the topic" if blind else ""
            members.append(Member(page=p, bbox=box, what=f"{item} reference {refs!r}; topic words on pages {where}{extra}; titles: {titles}",
                                  reader=_reader(hits)))
        else:
            share = 1 - len(missing) / len(words)
            others.append(
                Member(page=p, bbox=box, what=f"{item} reference {refs!r}; topic words missing {missing}; titles: {titles}", score=round(share, 2),
                       reader=_reader(hits),
                       why=f"topic test: {missing} not within ±{reach} page(s) in those words; what a {item} shows is not in its page's words")
            )
    note = f"item {item!r} as {list(rule.words)}{' + patterns' if rule.patterns else ''}; topic words {list(words)} (stems {[stem(w) for w in words]}); neighbourhood ±{reach} pages"
    # A reference whose neighbourhood lacks the topic's words is set aside by a tuned test (a window
    # of pages, words as printed): a doubt, never a certain non-member.
    return ProbeResult(
        probe=NAME, members=tuple(members), doubts=tuple(sorted(others, key=lambda m: -(m.score or 0))), note=note, **base
    )

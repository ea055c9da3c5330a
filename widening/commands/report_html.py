"""The reviewer's evidence report: one self-contained HTML file showing each decision on its pages.

Rendered from saved records (``audit.json``, a gate report), never from live engine
state; the only other inputs are the PDFs themselves (page thumbnails, through the
cache) and, for absent_entity rows, the cached facts (which pages have a text layer).
``widening report AUDIT_JSON --html OUT`` re-renders it from the file alone.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from widening import ENGINE_VERSION
from widening import rulebook as vocab
from widening.commands.corpus import Corpus, doc_path, load_samples, row_key
from widening.commands.options import add_cache_options, add_corpus_option
from widening.commands.report import CASES, record
from widening.errors import WideningError
from widening.facts.document import REGIONS, why_no_file
from widening.facts.thumbs import Thumbnailer
from widening.models import Decision
from widening.runtime.atomic import write_text_atomic

# A row shows at most this many pages; the rest are listed by number ("N more").
PAGES_PER_ROW = 6
# Boxes drawn on one page; a page with more says how many were left off.
BOXES_PER_PAGE = 80
# Members, doubts and near misses listed as text per row (all are in audit.json).
LISTED = 12
# Below this total the page images go inside the HTML file (one file to hand around);
# above it they go to a folder beside it.
INLINE_CAP = 8_000_000
BOX_KINDS = ("member", "doubt", "near", "mention")
POSITIVE = ("widen", "accept")  # the decisions that change a key; the others carry a case
V2_TAGS = {
    "agreed": "V2 widened, engine widens",
    "missed": "V2 widened, engine keeps",
    "engine_only": "beyond V2",
    "unavailable": "V2 widened, no PDF",
}


# --------------------------------------------------------------------------- view model


@dataclass(frozen=True)
class Box:
    kind: str  # member | doubt | near | mention | region | picture
    bbox: tuple[float, float, float, float]
    label: str


@dataclass
class PageView:
    page: int
    image: str  # key into the report's images
    width: float
    height: float
    boxes: list[Box]
    left_off: int = 0  # boxes not drawn (BOXES_PER_PAGE)
    counts: dict[str, int] = field(default_factory=dict)


@dataclass
class RowView:
    anchor: str
    doc_id: str
    question: Markup
    decision: str
    case: str
    badges: list[tuple[str, str]]  # (css class, text)
    reason: str
    probe: str
    spec_source: str
    v2: str  # a V2_TAGS key or ""
    parts: list[tuple[str, str]]  # (part, description) of the parsed question
    readings: list[str]
    check: list[tuple[str, str]]  # (name, value) lines of the check
    probes: list[dict[str, Any]]
    listed: dict[str, tuple[list[dict[str, Any]], int]]  # kind -> (first LISTED, how many more)
    pages: list[PageView]
    more_pages: list[int]
    facts: list[tuple[str, str]]  # case-specific facts: search terms, page count, why no PDF
    error: str = ""


# --------------------------------------------------------------------------- the question


def row_anchor(doc_id: str, question: str) -> str:
    """``row-`` + a short hash of the normalised (doc_id, question): stable across runs and orderings."""
    d, q = row_key(doc_id, question)
    return "row-" + hashlib.sha256(f"{d}\n{q}".encode()).hexdigest()[:12]


@cache
def _vocabulary() -> dict[str, Any]:
    return vocab.load("vocabulary")


def _find(text: str, needle: str, taken: list[tuple[int, int]], words: bool = False) -> tuple[int, int] | None:
    """The first case-insensitive occurrence of ``needle`` in ``text`` not overlapping ``taken``."""
    if not needle.strip():
        return None
    pat = vocab.alternation([needle]) if words else re.escape(needle)
    for m in re.finditer(pat, text, re.IGNORECASE):
        if all(m.end() <= a or m.start() >= b for a, b in taken):
            return m.span()
    return None


def _target_words(target: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """(what, surface forms) for each part of the target, from the parser's vocabularies."""
    v = _vocabulary()
    out: list[tuple[str, list[str]]] = []
    for key in target.get("styles") or ():
        out.append((f"style {key}", v.get("styles", {}).get(key, [key])))
    for name, section in (("colour", "colours"), ("element", "elements"), ("attribute", "person_attributes"),
                          ("pattern", "patterns"), ("venue", "venues")):
        key = target.get(name)
        if key:
            out.append((f"{name} {key}", v.get(section, {}).get(key, [key])))
    if target.get("object_class"):
        from widening.question.parse import object_words

        cls = target["object_class"]
        out.append((f"object {cls}", object_words().get(cls, [cls])))
    if target.get("item"):
        out.append((f"item {target['item']}", [target["item"]]))
    pred = target.get("predicate")
    if pred:
        out.append((f"predicate {pred['column']} {pred['op']} {pred['value']:g}{'%' if pred.get('percent') else ''}", [pred["column"]]))
    for street in target.get("between") or ():
        out.append((f"between {street}", [street]))
    return out


def _spans(text: str, parsed: dict[str, Any]) -> list[tuple[int, int, str, str]]:
    """(start, end, part, title) for each part of the parse found in ``text``; the parser's spans when it gives them."""
    taken: list[tuple[int, int]] = []
    out: list[tuple[int, int, str, str]] = []

    def add(span: Any, part: str, title: str) -> None:
        if span is None:
            return
        s, e = int(span[0]), int(span[1])
        if 0 <= s < e <= len(text) and all(e <= a or s >= b for a, b in taken):
            taken.append((s, e))
            out.append((s, e, part, title))

    for c in parsed.get("containers") or ():
        add(c.get("span") or _find(text, c.get("text") or "", taken), "container", _container_text(c))
    v = _vocabulary()
    for c in parsed.get("containers") or ():
        if c.get("region"):
            add(_first_free(text, v.get("regions", {}).get(c["region"], []), taken), "container", f"region: {c['region']}")
        if c.get("in_image"):
            add(_first_free(text, v.get("image_container_words", []), taken), "container", "inside the picture")
    for c in parsed.get("excluded") or ():
        add(c.get("span") or _find(text, c.get("text") or "", taken), "excluded", "excluded: " + _container_text(c))
    for q in parsed.get("qualifiers") or ():
        add(q.get("span") or _find(text, q.get("text") or "", taken, words=True) or _find(text, q.get("text") or "", taken),
            "qualifier", f"qualifier ({q.get('kind')}): {q.get('text')}")
    if parsed.get("complement"):
        add(_find(text, parsed["complement"], taken, words=True), "complement", f"complement: {parsed['complement']}")
    if parsed.get("cardinality") is not None:
        for pat in vocab.load("cases").get("cardinality_patterns", []):
            m = re.search(pat, text, re.IGNORECASE)
            if m:
                add(m.span(), "cardinality", f"cardinality: {parsed['cardinality']}")
                break
    for what, words in _target_words(parsed.get("target") or {}):
        add(_first_free(text, words, taken), "target", f"target: {what}")
    return sorted(out)


def _first_free(text: str, words: Iterable[str], taken: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The first whole-word occurrence of any of ``words`` that overlaps no span already taken."""
    words = [w for w in words if w]
    if not words:
        return None
    for m in re.finditer(vocab.alternation(words), text, re.IGNORECASE):
        if all(m.end() <= a or m.start() >= b for a, b in taken):
            return m.span()
    return None


def highlight(text: str, parsed: dict[str, Any] | None) -> Markup:
    """The question with each parsed part in a ``<mark>`` (escaped text, part as class and title)."""
    if not parsed:
        return escape(text)
    text = parsed.get("text") or text
    pieces: list[str] = []
    at = 0
    for s, e, part, title in _spans(text, parsed):
        pieces.append(escape(text[at:s]))
        pieces.append(Markup('<mark class="q-{}" title="{}">{}</mark>').format(part, title, text[s:e]))
        at = e
    pieces.append(escape(text[at:]))
    return Markup("").join(pieces)


def _container_text(c: dict[str, Any]) -> str:
    kind = c.get("kind", "document")
    bits = [kind]
    if c.get("number"):
        bits.append(str(c["number"]))
    if c.get("first") is not None:
        bits.append(f"{c['first']}-{c['last']}")
    if c.get("region"):
        bits.append(f"region {c['region']}")
    if c.get("in_image"):
        bits.append("in the picture")
    return " ".join(bits)


def _parts(parsed: dict[str, Any] | None) -> list[tuple[str, str]]:
    if not parsed:
        return []
    out = [("quantifier", parsed.get("quantifier", ""))]
    out += [("container", _container_text(c)) for c in parsed.get("containers") or ()]
    out += [("excluded", _container_text(c)) for c in parsed.get("excluded") or ()]
    target = {k: v for k, v in (parsed.get("target") or {}).items() if v not in (None, False, [], ())}
    if target:
        out.append(("target", json.dumps(target, ensure_ascii=False)))
    out += [("qualifier", f"{q['kind']} {q['text']!r}" + (f" (variants {', '.join(q['variants'])})" if q.get("variants") and list(q["variants"]) != [q["text"]] else ""))
            for q in parsed.get("qualifiers") or ()]
    if parsed.get("complement"):
        out.append(("complement", parsed["complement"]))
    if parsed.get("cardinality") is not None:
        out.append(("cardinality", str(parsed["cardinality"])))
    out += [("note", n) for n in parsed.get("notes") or ()]
    return out


# --------------------------------------------------------------------------- pages and boxes


def pages_text(pages: Iterable[int]) -> str:
    """``1-4, 9, 12-13``: page numbers as ranges."""
    ps = sorted(set(pages))
    out: list[str] = []
    i = 0
    while i < len(ps):
        j = i
        while j + 1 < len(ps) and ps[j + 1] == ps[j] + 1:
            j += 1
        out.append(str(ps[i]) if i == j else f"{ps[i]}-{ps[j]}")
        i = j + 1
    return ", ".join(out)


def _is_mention(probe: dict[str, Any]) -> bool:
    """A name_mentions run of the absent_entity stage (one per qualifier), not the row's check."""
    return probe.get("probe") == "name_mentions" and "qualifier" in (probe.get("params") or {})


def _member_label(kind: str, m: dict[str, Any]) -> str:
    bits = [f"{kind}: {m.get('what', '')}"]
    if m.get("why"):
        bits.append(f"why: {m['why']}")
    if m.get("reading"):
        bits.append(f"{m['reading']} reading")
    if m.get("score") is not None:
        bits.append(f"score {m['score']:.2f}")
    return " · ".join(bits)


def _boxes(rec: dict[str, Any]) -> tuple[dict[int, list[Box]], list[int], dict[str, list[dict[str, Any]]]]:
    """Boxes by page, the pages the check looked at, and every member/doubt/near/mention as listed."""
    check_probe = (rec.get("check") or {}).get("probe")
    by_page: dict[int, list[Box]] = {}
    looked: list[int] = []
    listed: dict[str, list[dict[str, Any]]] = {k: [] for k in BOX_KINDS}
    seen: set[tuple[str, int, tuple[float, ...]]] = set()

    def add(kind: str, m: dict[str, Any]) -> None:
        key = (kind, m["page"], tuple(round(v, 1) for v in m["bbox"]))
        if key in seen:  # one page under two readings reports the same member twice
            return
        seen.add(key)
        listed[kind].append(m)
        by_page.setdefault(m["page"], []).append(Box(kind, tuple(m["bbox"]), _member_label(kind, m)))

    for pr in rec.get("probes") or ():
        mention = _is_mention(pr)  # its members are mentions of a qualifier, not members of the asked set
        if check_probe and pr.get("probe") == check_probe and not mention:
            looked.extend(p for p in pr.get("pages") or () if p not in looked)
        for kind, name in (("mention" if mention else "member", "members"), ("doubt", "doubts"), ("near", "best_candidates")):
            for m in pr.get(name) or ():
                add(kind, m)
    if not rec.get("probes"):  # a gate record without probes still has members
        for kind, name in (("member", "members"), ("doubt", "doubts")):
            for m in rec.get(name) or ():
                add(kind, m)
    return by_page, looked, listed


def _choose_pages(by_page: dict[int, list[Box]], looked: list[int]) -> list[int]:
    """Pages with members first, then doubts, near misses, mentions, then the rest looked at; in page order within each."""
    rank = {k: i for i, k in enumerate(BOX_KINDS)}

    def tier(p: int) -> int:
        kinds = [rank[b.kind] for b in by_page.get(p, ())]
        return min(kinds) if kinds else len(rank)

    pages = set(looked) | set(by_page)
    return sorted(pages, key=lambda p: (tier(p), p))


def _region_box(region: str | None, w: float, h: float) -> Box | None:
    if not region or region not in REGIONS:
        return None
    fx0, fy0, fx1, fy1 = REGIONS[region]
    return Box("region", (fx0 * w, fy0 * h, fx1 * w, fy1 * h), f"the question's region: {region.replace('_', ' ')}")


def _clipped(b: Box, w: float, h: float) -> Box:
    """The box as reported; its label says so when it reaches past the page (the picture clips it there)."""
    x0, y0, x1, y1 = b.bbox
    if x0 >= -1 and y0 >= -1 and x1 <= w + 1 and y1 <= h + 1:
        return b
    return Box(b.kind, b.bbox, f"{b.label} (the box reaches past the page edge, {w:.0f}x{h:.0f}pt)")


# --------------------------------------------------------------------------- building rows


@dataclass
class Builder:
    """Turns records into row views, fetching thumbnails (and facts) as it goes."""

    corpus: Path | None
    thumbs: Thumbnailer
    cache_dir: Path | None
    images: dict[str, bytes] = field(default_factory=dict)
    v2: dict[tuple[str, str], str] = field(default_factory=dict)

    def pdf(self, doc_id: str) -> tuple[Path | None, str]:
        """The PDF's path, or None and why there is none."""
        if self.corpus is None:
            return None, "no corpus given (--corpus or $WIDENING_CORPUS), so no page can be shown"
        try:
            path = doc_path(self.corpus, doc_id)
        except WideningError as exc:
            return None, exc.record.msg
        why = why_no_file(path)
        if why is not None:
            return None, f"documents/{doc_id} is not in the corpus" if why == "not found" else f"documents/{doc_id} is {why}"
        return path, ""

    def page_view(self, path: Path, page: int, boxes: list[Box], region: str | None, in_image: bool) -> PageView | None:
        img = self.thumbs.get(path, page)
        if img is None:
            return None
        name = f"{self.thumbs.sha256(path)[:16]}-p{page}.jpg"
        self.images.setdefault(name, img.jpeg)
        extra: list[Box] = []
        if (r := _region_box(region, img.width, img.height)) is not None:
            extra.append(r)
        if in_image:
            extra += [Box("picture", b, "a picture on the page (the question asks inside the picture)") for b in img.pictures]
        boxes = [_clipped(b, img.width, img.height) for b in boxes]
        counts = Counter(b.kind for b in boxes)
        drawn = boxes[:BOXES_PER_PAGE]
        return PageView(page=page, image=name, width=img.width, height=img.height, boxes=extra + drawn,
                        left_off=len(boxes) - len(drawn), counts=dict(counts))

    def row(self, rec: dict[str, Any], gate: dict[str, Any] | None = None) -> RowView:
        check = rec.get("check") or {}
        parsed = rec.get("parsed")
        case = rec.get("case") or ""
        decision = rec.get("decision") or ""
        by_page, looked, listed = _boxes(rec)
        container = check.get("container") if isinstance(check.get("container"), dict) else {}
        container = container.get("container", container) if isinstance(container.get("container"), dict) else container
        region = container.get("region")
        in_image = bool(container.get("in_image"))
        path, why_no_pdf = self.pdf(rec["doc_id"])
        facts: list[tuple[str, str]] = []
        pages: list[PageView] = []
        chosen = _choose_pages(by_page, [] if case == "absent_entity" else looked)
        more: list[int] = []
        if path is None:
            facts.append(("no PDF", why_no_pdf))
        else:
            for p in chosen[:PAGES_PER_ROW]:
                if (v := self.page_view(path, p, by_page.get(p, []), region, in_image)) is not None:
                    pages.append(v)
            more = chosen[PAGES_PER_ROW:]
            if case == "missing_container":
                facts.append(("page count", str(self.thumbs.page_count(path))))
            if case == "absent_entity":
                facts += self._absent_facts(rec, path)
        if rec.get("error"):
            facts.append(("error", rec["error"]))
        if gate:
            facts.append(("proposal", f"{gate['file']}:{gate['line']}" if gate.get("line") else gate["file"]))
        badges = []
        if gate:
            badges.append((f"verdict-{gate['verdict']}", gate["verdict"].upper()))
            if gate["code"] != "accepted":
                badges.append(("code", gate["code"]))
            decision, case = gate["verdict"], gate["code"]
        if rec.get("decision"):
            badges.append((f"decision-{rec['decision']}", rec["decision"]))
        if rec.get("case"):
            badges.append((f"case-{rec['case']}", rec["case"]))
        tag = self.v2.get(row_key(rec["doc_id"], rec["question"]), "")
        if tag:
            badges.append((f"v2-{tag}", V2_TAGS[tag]))
        if rec.get("spec_source") and rec["spec_source"] != "derived":
            badges.append(("spec", f"spec from {rec['spec_source']}"))
        return RowView(
            anchor=row_anchor(rec["doc_id"], rec["question"]),
            doc_id=rec["doc_id"],
            question=highlight(rec["question"], parsed),
            decision=decision,
            case=case,
            badges=badges,
            reason=rec.get("reason", ""),
            probe=check.get("probe") or "",
            spec_source=rec.get("spec_source") or "",
            v2=tag,
            parts=_parts(parsed),
            readings=[_reading_text(t) for t in rec.get("readings") or ()],
            check=_check_lines(check),
            probes=[_probe_line(pr) for pr in rec.get("probes") or ()],
            listed={k: (v[:LISTED], max(0, len(v) - LISTED)) for k, v in listed.items() if v},
            pages=pages,
            more_pages=more,
            facts=facts,
            error=rec.get("error") or "",
        )

    def _absent_facts(self, rec: dict[str, Any], path: Path) -> list[tuple[str, str]]:
        """The search terms and where they were searched: text-layer pages vs OCR pages (from the cached facts)."""
        out: list[tuple[str, str]] = []
        q = (rec.get("check") or {}).get("qualifier") or {}
        if q:
            out.append(("search terms", ", ".join(repr(v) for v in (q.get("variants") or [q.get("text", "")]))))
        last = next((pr for pr in reversed(rec.get("probes") or ()) if _is_mention(pr)), None)
        if last is not None:
            out.append(("searched", f"{last.get('note') or ''} (pages {pages_text(last.get('pages') or ())})".strip()))
        sources = self._text_sources(path)
        if sources is None:
            out.append(("text layer / OCR", "not known: this PDF's facts are not in the cache"))
        else:
            for name in ("layer", "ocr", "none"):
                if sources.get(name):
                    label = {"layer": "text layer", "ocr": "OCR", "none": "no text at all"}[name]
                    out.append((label, f"{len(sources[name])} page(s): {pages_text(sources[name])}"))
        return out

    def _text_sources(self, path: Path) -> dict[str, list[int]] | None:
        if self.cache_dir is None:
            return None
        from widening.facts.cache import Cache

        facts = Cache(self.cache_dir).get_facts(self.thumbs.sha256(path), ocr=True)
        if facts is None:
            return None
        out: dict[str, list[int]] = {}
        for p in facts.pages:
            out.setdefault(p.text_source, []).append(p.index)
        return out


def _reading_text(t: dict[str, Any]) -> str:
    pages = t.get("pages") or []
    where = f"PDF p{pages_text(pages)}" if pages else "does not exist"
    return f"{t.get('reading')} {t.get('number')}: {where}"


def _check_lines(check: dict[str, Any]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for k, v in check.items():
        if k == "readings_tried":
            continue
        if k == "container" and isinstance(v, dict) and isinstance(v.get("container"), dict):
            v = v["container"]  # a missing container's evidence: the readings are listed beside it
        if k == "container" and isinstance(v, dict) and "kind" in v:
            text = _container_text(v) + (f" (from {v['text']!r})" if v.get("text") else "")
        elif isinstance(v, (dict, list)):
            text = json.dumps(v, ensure_ascii=False, sort_keys=True)
        else:
            text = str(v)
        out.append((k, text if len(text) <= 600 else text[:600] + " …"))
    return out


def _probe_line(pr: dict[str, Any]) -> dict[str, Any]:
    params = json.dumps(pr.get("params") or {}, ensure_ascii=False, sort_keys=True)
    return {
        "probe": pr.get("probe", ""),
        "status": pr.get("status", ""),
        "pages": pages_text(pr.get("pages") or ()),
        "region": pr.get("region") or "",
        "params": params if len(params) <= 300 else params[:300] + " …",
        "note": pr.get("note") or "",
        "members": len(pr.get("members") or ()),
        "doubts": len(pr.get("doubts") or ()),
        "near": len(pr.get("best_candidates") or ()),
    }


# --------------------------------------------------------------------------- V2 comparison


def v2_tags(records: list[dict[str, Any]], corpus: Path | None) -> tuple[dict[tuple[str, str], str], dict[str, Any] | None]:
    """Each row's place in the V2 comparison (widening/reproduce.py's lists), and the counts; empty without v1."""
    from widening.commands.reproduce import compare, pdf_available

    if corpus is None or not (corpus / "samples_v1.json").is_file() or not (corpus / "samples.json").is_file():
        return {}, None
    c = Corpus(corpus)
    decisions = {row_key(r["doc_id"], r["question"]): Decision.model_validate(r) for r in records}
    v1 = load_samples(c.samples_v1).rows
    v2 = load_samples(c.samples).rows
    report = compare(v1, v2, decisions, pdf_available(c))
    tags: dict[tuple[str, str], str] = {}
    for name in V2_TAGS:
        for r in getattr(report, name):
            tags[row_key(r.doc_id, r.question)] = name
    summary = {name: len(getattr(report, name)) for name in V2_TAGS}
    summary |= {"v2_widened": report.v2_widened, "v2_with_pdf": report.v2_with_pdf}
    return tags, summary


# --------------------------------------------------------------------------- the page


@cache
def _env() -> Environment:
    env = Environment(loader=PackageLoader("widening.commands", "templates"), autoescape=select_autoescape(default=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["pages"] = pages_text
    env.filters["num"] = lambda v: f"{v:.1f}".rstrip("0").rstrip(".")
    return env


def _chart(counts: list[tuple[str, str, int]]) -> Markup:
    """A horizontal bar chart (inline SVG) of (css class, label, count)."""
    top = max((n for _, _, n in counts), default=0) or 1
    bar_h, gap, label_w, bar_w = 18, 6, 200, 260
    height = len(counts) * (bar_h + gap)
    parts = [Markup('<svg class="chart" role="img" aria-label="rows by decision and case" width="{}" height="{}" viewBox="0 0 {} {}">')
             .format(label_w + bar_w + 50, height, label_w + bar_w + 50, height)]
    for i, (cls, label, n) in enumerate(counts):
        y = i * (bar_h + gap)
        w = max(1.0, bar_w * n / top) if n else 0
        parts.append(Markup('<text x="{}" y="{}" text-anchor="end">{}</text>').format(label_w - 6, y + bar_h - 4, label))
        parts.append(Markup('<rect class="{}" x="{}" y="{}" width="{:.1f}" height="{}"><title>{}: {}</title></rect>')
                     .format(cls, label_w, y, w, bar_h, label, n))
        parts.append(Markup('<text x="{:.1f}" y="{}">{}</text>').format(label_w + w + 6, y + bar_h - 4, n))
    parts.append(Markup("</svg>"))
    return Markup("").join(parts)


@dataclass
class Written:
    html: Path
    images: int
    image_bytes: int
    inline: bool
    rendered: int  # thumbnails rendered from a PDF (the rest came from the cache)
    html_bytes: int


def render(rows: list[RowView], title: str, source: str, v2: dict[str, Any] | None, srcs: dict[str, str]) -> str:
    decisions = Counter(r.decision for r in rows)
    # One bar per positive decision (widen, accept), then one per (negative decision, case).
    kept = Counter((r.decision, r.case) for r in rows if r.decision not in POSITIVE)
    rank = {c: i for i, c in enumerate(CASES)}
    bars = [(f"decision-{d}", d, n) for d, n in sorted(decisions.items()) if d in POSITIVE]
    bars += [(f"case-{c}", f"{d}: {c or 'no case'}", n)
             for (d, c), n in sorted(kept.items(), key=lambda kv: (kv[0][0], rank.get(kv[0][1], len(rank)), kv[0][1]))]
    return _env().get_template("report.html.j2").render(
        title=title,
        source=source,
        engine=ENGINE_VERSION,
        rows=rows,
        chart=_chart(bars),
        decisions=sorted(decisions),
        cases=sorted({r.case for r in rows if r.case}),
        docs=sorted({r.doc_id for r in rows}),
        probes=sorted({r.probe for r in rows if r.probe}),
        v2=v2,
        v2_names=V2_TAGS,
        srcs=srcs,
        box_kinds=BOX_KINDS,
        pages_per_row=PAGES_PER_ROW,
    )


def write_html(records: list[dict[str, Any]], out: Path, corpus: Path | None, cache_dir: Path | None,
               title: str = "widening audit", source: str = "", gate: list[dict[str, Any] | None] | None = None,
               inline_cap: int = INLINE_CAP) -> Written:
    """Render ``records`` to ``out`` (an .html file); page images inline under ``inline_cap`` bytes, else in ``<stem>-pages/``."""
    thumbs = Thumbnailer(cache_root=cache_dir)
    tags, v2 = v2_tags(records, corpus) if gate is None else ({}, None)
    builder = Builder(corpus=corpus, thumbs=thumbs, cache_dir=cache_dir, v2=tags)
    try:
        rows = [builder.row(r, gate[i] if gate else None) for i, r in enumerate(records)]
    finally:
        thumbs.close()
    _dedupe_anchors(rows)
    rows.sort(key=lambda r: (r.decision not in POSITIVE, CASES.index(r.case) if r.case in CASES else len(CASES)))
    total = sum(len(b) for b in builder.images.values())
    # Inline, a page shown in several rows is in the file several times: count every use.
    inline = sum(len(builder.images[p.image]) for r in rows for p in r.pages) <= inline_cap
    folder = out.with_name(out.stem + "-pages")
    if inline:
        srcs = {k: "data:image/jpeg;base64," + base64.b64encode(v).decode() for k, v in builder.images.items()}
    else:
        srcs = {k: f"{folder.name}/{k}" for k in builder.images}
        for name, data in builder.images.items():
            target = folder / name
            if not target.is_file() or target.stat().st_size != len(data):
                # Plain writes: a page image is a copy of a cache entry, and an image cut short by
                # a killed run differs in size, so the next render writes it again.
                folder.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
    if folder.is_dir():  # images of an earlier render that this one no longer shows
        for stale in folder.glob("*.jpg"):
            if inline or stale.name not in builder.images:
                stale.unlink()
    html = render(rows, title, source, v2, srcs)
    write_text_atomic(out, html)
    return Written(html=out, images=len(builder.images), image_bytes=total, inline=inline,
                   rendered=thumbs.rendered, html_bytes=len(html.encode()))


def _dedupe_anchors(rows: list[RowView]) -> None:
    """A (doc_id, question) listed twice keeps its anchor once; the repeat gets ``-2``, ``-3``, in file order."""
    seen: Counter[str] = Counter()
    for r in rows:
        seen[r.anchor] += 1
        if seen[r.anchor] > 1:
            r.anchor = f"{r.anchor}-{seen[r.anchor]}"


# --------------------------------------------------------------------------- CLI


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser("report", help="render the HTML evidence report from an existing audit.json",
                              description=__doc__.splitlines()[0])
    p.add_argument("audit_json", metavar="AUDIT_JSON", help="an audit.json written by `widening audit`")
    p.add_argument("--html", required=True, metavar="OUT", help="the HTML file to write (page images go beside it)")
    add_corpus_option(p, "corpus folder, for the page images and the V2 comparison (default: $WIDENING_CORPUS)")
    add_cache_options(p)
    p.set_defaults(run=run)
    return p


def cache_dir_from(cache: str | None, no_cache: bool) -> Path | None:
    from widening.facts.cache import cache_from_options

    c = cache_from_options(cache, no_cache)
    return c.root if c is not None else None


def corpus_or_none(arg: str | None) -> Path | None:
    """The corpus if one is given or set; the report still renders (without pages) when there is none."""
    from widening.commands.corpus import locate_corpus

    try:
        return locate_corpus(arg).root
    except WideningError:
        return None


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    err = Console(stderr=True, soft_wrap=True)  # one message, one line: a path is never cut
    path = Path(args.audit_json)
    try:
        records = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(records, list) or not all(isinstance(r, dict) and "doc_id" in r and "question" in r for r in records):
            raise ValueError("expected a JSON list of audit records with doc_id and question")
    except (OSError, ValueError) as exc:
        err.print(f"[red]error[/red] {path}: {exc}", highlight=False)
        return 2
    corpus = corpus_or_none(args.corpus)
    if corpus is None:
        err.print("[yellow]warning[/yellow] no corpus (--corpus or $WIDENING_CORPUS): the report shows no pages", highlight=False)
    w = write_html(records, Path(args.html), corpus, cache_dir_from(args.cache_dir, args.no_cache), source=str(path))
    Console().print(f"wrote {w.html} ({w.html_bytes / 1e6:.1f} MB, {w.images} page images, "
                    f"{w.image_bytes / 1e6:.1f} MB {'inline' if w.inline else 'beside it'})", highlight=False)
    return 0


def gate_records(report: Any) -> tuple[list[dict[str, Any]], list[dict[str, Any] | None]]:
    """A gate report as records plus each item's verdict, for ``write_html``."""
    records, gates = [], []
    for item in report.items:
        if item.decision is not None:
            rec = record(item.decision) | {"reason": item.reason}
        else:
            rec = {"doc_id": item.doc_id, "question": item.question, "key": item.key, "decision": None,
                   "case": None, "reason": item.reason, "check": item.check, "members": [], "doubts": []}
        records.append(rec)
        gates.append({"verdict": item.verdict, "code": item.code.value, "file": item.file, "line": item.line})
    return records, gates

"""Document facts: measured once per PDF, cached, then read by every probe and rule.

One text-page pass per page gives the text, the words (for folios and captions) and
the displayed images (for the page kind); everything else is derived from those.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable, Iterable

import pymupdf

from widening import ENGINE_VERSION
from widening.facts.document import Doc, open_pdf, sha256_file
from widening.facts.geometry import union
from widening.models import BBox, Caption, DocumentFacts, FolioCandidate, PageFacts, PageKind, TextLine
from widening.facts.readings import roman_value, to_roman

# Stext flags: plain text plus image blocks, so one pass also gives the displayed images
# (inline ones included, unlike get_images()). Measured: about 25% dearer than text
# alone, and much cheaper than a separate get_image_info() pass.
_FLAGS = pymupdf.TEXTFLAGS_TEXT | pymupdf.TEXT_PRESERVE_IMAGES
# Folios sit in the top or bottom band. The band is generous (hearing transcripts print
# the folio at 16% from the top); the run test below removes what the band lets in.
FOLIO_BAND = 0.22
# A candidate counts when another page within this many pages continues its run.
RUN_WINDOW = 4
# Folios of one run sit at the same height, on the same side (or mirrored): fractions of the page.
_SAME_Y = 0.04
_SAME_X = 0.12
# A run this long is a folio sequence even if its numbers recur elsewhere (chapters restarting at 1).
_LONG_RUN = 5
_NUM = r"(?:\d{1,4}|[ivxlcdm]{1,7}|[IVXLCDM]{1,7})"
_FOLIO_LINE = re.compile(
    rf"^(?P<prefix>(?:page|p\.|pg\.?|slide|seite|página|pagina)\s*)?[-–—~\[(]?\s*(?P<num>{_NUM})\s*[-–—~\])]?"
    rf"(?:\s*(?:/|of|von|de)\s*\d{{1,4}})?$",
    re.I,
)
_SEPARATORS = {"|", "•", "·", "-", "–", "—", "/", "||", "■", "▪"}
_CAPTION = re.compile(
    r"^\s*(?P<kind>fig(?:ure)?s?\.?|table|tab\.|chart)\s*"
    r"(?P<num>(?:[A-Z]{1,2}[-.]?)?\d+(?:\s?[-.–]\s?\d+)*[a-z]?|[IVXLC]+\b|[A-Z]\b)",
    re.I,
)
_CAPTION_START = re.compile(r"\s*(?:fig|tab|chart)", re.I)
_CAPTION_ANY = re.compile(r"^\s*(?:fig|tab|chart)", re.I | re.M)
_MAYBE_NUM = re.compile(r"^(?:\d|[ivxlcdm]+$|[IVXLCDM]+$)")
# The bands always reach this far (fraction of the height) past the outermost text line.
_EDGE_SLACK = 0.04
# A full-page image covers this much of the page (pitfall 6).
_FULL_PAGE = 0.8
# Less layer text than this over a full-page image: the words are in the raster (slide
# numbers overlaid on exported slides), so the page is treated as image only.
_TINY_TEXT = 20

OcrFn = Callable[[pymupdf.Page], "tuple[TextLine, ...]"]


class _Line:
    """A text line: its box, its block, and its words (word boxes are absent for OCR lines).

    Text and word boxes are built on demand: only band lines and caption-like lines need them.
    """

    __slots__ = ("bbox", "block", "_raw", "_text")

    def __init__(self, bbox: BBox, block: int, raw: list[tuple] | None = None, text: str | None = None):
        self.bbox = bbox
        self.block = block
        self._raw = raw or []
        self._text = text

    @property
    def text(self) -> str:
        if self._text is None:
            self._text = " ".join(w[4] for w in self._raw)
        return self._text

    @property
    def first(self) -> str:
        return self._raw[0][4] if self._raw else self.text.lstrip()[:12]

    @property
    def words(self) -> tuple[tuple[BBox, str], ...]:
        return tuple(((w[0], w[1], w[2], w[3]), w[4]) for w in self._raw)



def _lines_from_words(words: list[tuple]) -> list[_Line]:
    # One pass with running min/max: this runs over every word of every page.
    acc: dict[tuple[int, int], list] = {}
    for w in words:
        a = acc.get((w[5], w[6]))
        if a is None:
            acc[(w[5], w[6])] = [w[0], w[1], w[2], w[3], [w]]
            continue
        if w[0] < a[0]:
            a[0] = w[0]
        if w[1] < a[1]:
            a[1] = w[1]
        if w[2] > a[2]:
            a[2] = w[2]
        if w[3] > a[3]:
            a[3] = w[3]
        a[4].append(w)
    return [_Line((a[0], a[1], a[2], a[3]), key[0], a[4]) for key, a in acc.items()]


def _lines_from_ocr(lines: tuple[TextLine, ...]) -> list[_Line]:
    return [_Line(l.bbox, i, text=l.text) for i, l in enumerate(lines)]


# --------------------------------------------------------------------------- page kind


def classify(page: pymupdf.Page, text: str, image_boxes: list[BBox]) -> PageKind:
    """born-digital, scanned with an OCR layer, image only, or empty (pitfalls 6 and 13)."""
    rect = page.rect
    area = abs(rect) or 1.0
    big_image = any(abs(pymupdf.Rect(b) & rect) / area > _FULL_PAGE for b in image_boxes)
    chars = len("".join(text.split()))
    if chars == 0:
        if image_boxes:
            return PageKind.image_only
        # No text and no image: vector art may still carry words as outlines, so any
        # drawing makes it image-only (OCR can read it); only a blank page is empty.
        return PageKind.image_only if page.get_cdrawings() else PageKind.empty
    if big_image:
        if chars < _TINY_TEXT:
            return PageKind.image_only
        if any("glyphless" in f[3].lower() for f in page.get_fonts()) or _all_invisible(page):
            return PageKind.scanned_ocr
    return PageKind.born_digital


def _all_invisible(page: pymupdf.Page) -> bool:
    # Render mode 3 (neither filled nor stroked) is the classic hidden OCR layer.
    try:
        trace = page.get_texttrace()
    except Exception:
        return False
    return bool(trace) and all(t.get("type") == 3 for t in trace)


# --------------------------------------------------------------------------- folios


def _folio_value(token: str) -> tuple[int, bool] | None:
    """(value, roman) for a token that can be a folio; leading zeros beyond two digits are codes, not folios."""
    if token.isascii() and token.isdigit():
        if len(token) > 2 and token[0] == "0":
            return None
        return int(token), False
    r = roman_value(token)
    return (r, True) if r is not None else None


def band_limits(lines_y: Iterable[tuple[float, float]], height: float) -> tuple[float, float]:
    """(top, bottom) y limits of the folio bands: the fixed band, stretched to reach the outermost text.

    A page with deep margins prints its folio below 22% of the height; the first and last
    text on the page are always looked at.
    """
    ys = list(lines_y)
    if not ys:
        return FOLIO_BAND * height, (1 - FOLIO_BAND) * height
    slack = _EDGE_SLACK * height
    top = max(FOLIO_BAND * height, min(y0 for y0, _ in ys) + slack)
    bottom = min((1 - FOLIO_BAND) * height, max(y1 for _, y1 in ys) - slack)
    return top, bottom


def folio_candidates(lines: list[_Line], height: float, limits: tuple[float, float] | None = None) -> list[FolioCandidate]:
    """Short numbers standing alone in the top/bottom band, or at either end of a band line."""
    top, bottom = limits or band_limits(((l.bbox[1], l.bbox[3]) for l in lines), height)
    out: list[FolioCandidate] = []
    for line in lines:
        x0, y0, x1, y1 = line.bbox
        cy = (y0 + y1) / 2
        if top <= cy <= bottom:
            continue
        band = "top" if cy < height / 2 else "bottom"
        text = line.text.strip()
        m = _FOLIO_LINE.match(text)
        if m:
            v = _folio_value(m.group("num"))
            if v is not None:
                out.append(FolioCandidate(text=text[:40], value=v[0], roman=v[1], bbox=line.bbox, band=band, alone=True, explicit=bool(m.group("prefix"))))
            continue
        out.extend(_edge_candidates(line, band))
    return out


def _edge_candidates(line: _Line, band: str) -> list[FolioCandidate]:
    # "Chapter 3  Results      47", "4 Graduate Studies": a number at either end of a running head.
    raw = line._raw
    if len(raw) < 2 or not (_MAYBE_NUM.match(raw[0][4]) or _MAYBE_NUM.match(raw[-1][4]) or raw[0][4] in _SEPARATORS or raw[-1][4] in _SEPARATORS):
        return []
    words = [(b, t) for b, t in line.words if t not in _SEPARATORS]
    if len(words) < 2:
        return []
    out = []
    for i, j in ((0, 1), (len(words) - 1, len(words) - 2)):
        (b, t), (nb, _) = words[i], words[j]
        v = _folio_value(t)
        # Any gap will do ("4 Graduate Studies"): the run test decides, not the spacing.
        if v is not None:
            out.append(FolioCandidate(text=t, value=v[0], roman=v[1], bbox=b, band=band, alone=False, explicit=False))
    return out


def accept_folios(cands: dict[int, list[FolioCandidate]], sizes: dict[int, tuple[float, float]]) -> dict[int, list[FolioCandidate]]:
    """Keep candidates whose value advances with the page index (step 1, or 2 for spreads).

    Candidates on nearby pages, of the same kind (arabic / roman), at the same height and
    side of the page (or mirrored), whose values advance with the index are linked; a run
    of at least ``min_run`` pages is a folio sequence. A number recurring on many pages
    (running-head furniture, table years) is rejected unless its run is long.
    "Page N" / "Slide N" is a folio on its own.
    """
    furniture = _furniture(cands, sizes)
    crowded = _crowded(cands, furniture)
    nodes = [(page, i) for page, cs in cands.items() for i in range(len(cs)) if (page, i) not in furniture | crowded]
    parent = {n: n for n in nodes}

    def find(n: tuple[int, int]) -> tuple[int, int]:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for page, i in nodes:
        c = cands[page][i]
        for other in range(page + 1, page + RUN_WINDOW + 1):
            for j, o in enumerate(cands.get(other, ())):
                if (other, j) in parent and o.roman == c.roman and _advances(c, page, o, other) and _same_place(c, sizes[page], o, sizes[other]):
                    parent[find((page, i))] = find((other, j))
    run_pages: dict[tuple[int, int], set[int]] = {}
    for n in nodes:
        run_pages.setdefault(find(n), set()).add(n[0])
    # A run of lines that are nothing but the number ("(II)", "- 3 -") needs only two pages.
    all_alone: dict[tuple[int, int], bool] = {}
    for n in nodes:
        r = find(n)
        all_alone[r] = all_alone.get(r, True) and cands[n[0]][n[1]].alone
    recurring: dict[tuple[int, bool], set[int]] = {}
    for page, i in nodes:
        c = cands[page][i]
        recurring.setdefault((c.value, c.roman), set()).add(page)
    min_run = min(3, max(2, len(cands) // 2))
    out: dict[int, list[FolioCandidate]] = {}
    for page, cs in cands.items():
        kept = []
        for i, c in enumerate(cs):
            if c.explicit:
                kept.append(c.model_copy(update={"accepted": True, "why": "explicit 'page/slide N'"}))
                continue
            if (page, i) in furniture:
                kept.append(c.model_copy(update={"why": "rejected: same number at the same place on 3+ pages (furniture)"}))
                continue
            if (page, i) in crowded:
                kept.append(c.model_copy(update={"why": "rejected: one of many numbers in the band, not the outermost line"}))
                continue
            root = find((page, i))
            run = run_pages[root]
            recurs = len(recurring[(c.value, c.roman)])
            need = 2 if all_alone[root] else min_run
            if len(run) < need:
                ok, why = False, f"rejected: run of {len(run)} page(s), need {need}"
            elif recurs >= 3 and len(run) < _LONG_RUN:
                ok, why = False, f"rejected: value recurs on {recurs} pages, run only {len(run)} pages"
            else:
                ok, why = True, f"run of {len(run)} pages p{min(run)}-p{max(run)}, offset {c.value - page:+d}"
            kept.append(c.model_copy(update={"accepted": ok, "why": why}))
        out[page] = kept
    return _fit_offsets(out)


def _fit_offsets(out: dict[int, list[FolioCandidate]]) -> dict[int, list[FolioCandidate]]:
    """A lone number that fits the offset of an accepted run (a chapter opening with its folio moved) is a folio too."""
    offsets = {(c.value - page, c.roman) for page, cs in out.items() for c in cs if c.accepted and c.why.startswith("run")}
    for page, cs in out.items():
        for i, c in enumerate(cs):
            if not c.accepted and c.alone and "furniture" not in c.why and (c.value - page, c.roman) in offsets:
                cs[i] = c.model_copy(update={"accepted": True, "why": f"fits run offset {c.value - page:+d} ({c.why})"})
    return out


def _furniture(cands: dict[int, list[FolioCandidate]], sizes: dict[int, tuple[float, float]]) -> set[tuple[int, int]]:
    """Candidates whose number recurs at the same place on 3+ pages: running-head dates, codes."""
    by_value: dict[tuple[int, bool], list[tuple[int, int]]] = {}
    for page, cs in cands.items():
        for i, c in enumerate(cs):
            by_value.setdefault((c.value, c.roman), []).append((page, i))
    out: set[tuple[int, int]] = set()
    for group in by_value.values():
        if len({p for p, _ in group}) < 3:
            continue
        for p, i in group:
            c = cands[p][i]
            same = {q for q, j in group if q != p and _same_place(c, sizes[p], cands[q][j], sizes[q])}
            if len(same) >= 2:
                out.add((p, i))
    return out


def _crowded(cands: dict[int, list[FolioCandidate]], furniture: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """In a band holding 3+ candidates (a table row, a year axis), only the outermost line may be a folio."""
    out: set[tuple[int, int]] = set()
    for page, cs in cands.items():
        for band in ("top", "bottom"):
            idx = [i for i, c in enumerate(cs) if c.band == band and (page, i) not in furniture]
            if len(idx) < 3:
                continue
            edge = min(cs[i].bbox[1] for i in idx) if band == "top" else max(cs[i].bbox[3] for i in idx)
            for i in idx:
                b = cs[i].bbox
                outer = abs((b[1] if band == "top" else b[3]) - edge) <= max(b[3] - b[1], 1.0)
                if not outer:
                    out.add((page, i))
    return out


def _advances(c: FolioCandidate, page: int, o: FolioCandidate, other: int) -> bool:
    d = other - page
    return o.value - c.value == d or (d <= 2 and o.value - c.value == 2 * d)


def _same_place(a: FolioCandidate, pa: tuple[float, float], b: FolioCandidate, pb: tuple[float, float]) -> bool:
    """Same band, same height, and same side of the page or its mirror (facing pages)."""
    if a.band != b.band:
        return False
    ax, ay = (a.bbox[0] + a.bbox[2]) / 2 / pa[0], (a.bbox[1] + a.bbox[3]) / 2 / pa[1]
    bx, by = (b.bbox[0] + b.bbox[2]) / 2 / pb[0], (b.bbox[1] + b.bbox[3]) / 2 / pb[1]
    if abs(ay - by) > _SAME_Y:
        return False
    return abs(ax - bx) <= _SAME_X or abs(ax - (1 - bx)) <= _SAME_X


def _printed(cs: list[FolioCandidate]) -> tuple[str, ...]:
    out: list[str] = []
    for c in cs:
        if c.accepted:
            s = to_roman(c.value) if c.roman else str(c.value)
            if s not in out:
                out.append(s)
    return tuple(out)


# --------------------------------------------------------------------------- captions


def find_captions(lines: list[_Line], index: int) -> list[Caption]:
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
        tail = [l for l in lines[i + 1 : i + 4] if l.block == line.block and line._raw]
        box = union([line.bbox] + [l.bbox for l in tail])
        text = " ".join([line.text] + [l.text for l in tail])
        out.append(Caption(kind=kind, number=number, page=index, bbox=box, text=text.strip()[:200]))
    return out


# --------------------------------------------------------------------------- document


def _ocr_fn() -> tuple[OcrFn | None, str | None, str | None]:
    """The OCR entry point, its engine name, or why it is unavailable."""
    try:
        from widening.facts import ocr  # written alongside: rapidocr behind ``ocr_page(page)``
    except Exception as exc:  # missing module, missing model, broken runtime
        return None, None, f"OCR unavailable: {type(exc).__name__}: {exc}"
    return ocr.ocr_page, getattr(ocr, "ENGINE", "rapidocr"), None


def _layer_folios_captions(tp: pymupdf.TextPage, text: str, index: int, height: float) -> tuple[list[FolioCandidate], list[Caption]]:
    # Grouping every word into lines is the costly part; only band words are grouped for
    # folios, and all words only on pages whose text has a caption-like line.
    words = tp.extractWORDS()
    if not words:
        return [], []
    limits = band_limits(((min(w[1] for w in words), max(w[3] for w in words)),), height)
    top2, bottom2 = 2 * limits[0], 2 * limits[1]
    band = [w for w in words if w[1] + w[3] < top2 or w[1] + w[3] > bottom2]
    cands = folio_candidates(_lines_from_words(band), height, limits)
    caps = find_captions(_lines_from_words(words), index) if _CAPTION_ANY.search(text) else []
    return cands, caps


def compute_facts(pdf: pymupdf.Document, sha256: str, repaired: bool = False, ocr: bool = True) -> DocumentFacts:
    """Measure every page: kind, text (layer or OCR), label, printed folios with their candidates, captions."""
    has_labels = bool(pdf.get_page_labels())
    ocr_fn, ocr_engine, ocr_missing = _ocr_fn() if ocr else (None, None, None)
    raw: list[dict] = []
    cands: dict[int, list[FolioCandidate]] = {}
    sizes: dict[int, tuple[float, float]] = {}
    captions: list[Caption] = []
    for page in pdf:
        index = page.number + 1
        w, h = page.rect.width, page.rect.height  # page.rect is recomputed on every access
        tp = page.get_textpage(flags=_FLAGS)
        text = tp.extractText()
        images = [tuple(b[:4]) for b in tp.extractBLOCKS() if b[6] == 1]
        kind = classify(page, text, images)
        row: dict = dict(index=index, width=w, height=h, label=(page.get_label() or None) if has_labels else None, kind=kind, image_count=len(images))
        if kind is PageKind.empty:
            row.update(drawing_count=0, drawings_counted=True)
        lines: list[_Line] = []
        if kind is PageKind.image_only:
            if not ocr:
                row["ocr_error"] = "OCR switched off"
            elif ocr_fn is None:
                row["ocr_error"] = ocr_missing
            else:
                try:
                    got = tuple(ocr_fn(page))
                    row.update(ocr_lines=got, text="\n".join(l.text for l in got), text_source="ocr")
                    lines = _lines_from_ocr(got)
                except Exception as exc:  # an OCR crash is could-not-read, never "no text"
                    row["ocr_error"] = f"OCR failed: {type(exc).__name__}: {exc}"
            if text.strip() and row.get("text_source") != "ocr":
                row.update(text=text, text_source="layer")
        sizes[index] = (w or 1.0, h or 1.0)
        if lines:  # OCR lines
            cands[index] = folio_candidates(lines, h)
            captions.extend(find_captions(lines, index))
        elif text.strip():
            row.update(text=text, text_source="layer")
            cands[index], found = _layer_folios_captions(tp, text, index, h)
            captions.extend(found)
        else:
            cands[index] = []
        raw.append(row)
    accepted = accept_folios(cands, sizes)
    pages = tuple(
        PageFacts(**row, printed=_printed(accepted[row["index"]]), folio_candidates=tuple(accepted[row["index"]])) for row in raw
    )
    return DocumentFacts(
        sha256=sha256,
        engine_version=ENGINE_VERSION,
        page_count=pdf.page_count,
        pages=pages,
        captions=tuple(captions),
        repaired=repaired,
        ocr_engine=ocr_engine if ocr and ocr_fn is not None else None,
    )


def load_doc(path: Path, ocr: bool = True) -> Doc:
    """Open ``path`` and compute its facts. Raises DocumentError for unusable files."""
    pdf, repaired = open_pdf(Path(path))
    try:
        facts = compute_facts(pdf, sha256_file(Path(path)), repaired, ocr=ocr)
    except BaseException:
        pdf.close()
        raise
    return Doc(path=Path(path), pdf=pdf, facts=facts)

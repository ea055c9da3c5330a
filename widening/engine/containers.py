"""Resolving the containers a question names to PDF pages, under every reading."""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from widening.facts.captions import SUPPLEMENT, band_numbers, continued_pages, listed_page, loose_mention_pages, named_captions, reads_as_reference
from widening.facts.document import Doc
from widening.engine.drawn_folios import drawn_folio_pages, span
from widening.facts.folios import FOLIO_BAND, RUN_WINDOW
from widening.facts.handouts import handout_counts, slide_number_pages, slide_pages, slide_shaped
from widening.facts.legibility import words_unread
from widening.models import (
    Caption,
    Container,
    ContainerKind,
    DocumentFacts,
    PageKind,
    Reading,
    ReadingTried,
)
from widening.probes.captions import pictured_caption_pages, pictured_caption_reading, side_cut_pages
from widening.text import UNSAID, UNSAID_CHARS, UNSAID_RX, nfkc, number_key


class Resolved(BaseModel):
    """A container and the PDF pages it denotes under each reading that was tried."""

    model_config = ConfigDict(frozen=True)
    container: Container
    readings: tuple[ReadingTried, ...]
    # True when absence of the container itself could not be measured (e.g. captions on
    # image-only pages without OCR).
    uncertain: bool = False

    @property
    def exists(self) -> bool:
        return any(r.pages for r in self.readings if not r.doubtful)

    def pages(self, readings: tuple[Reading, ...] | None = None, certain: bool = False) -> tuple[int, ...]:
        """Union of the pages under the given readings (all when None), in order; ``certain`` leaves
        out doubtful readings (for pages taken *out* of a scope, where a wider cut is not safe)."""
        out: list[int] = []
        for r in self.readings:
            if (readings is None or r.reading in readings) and not (certain and r.doubtful):
                out.extend(p for p in r.pages if p not in out)
        return tuple(sorted(out))


def _readings_module():
    # Imported lazily: readings.py is the page-number authority; keep import order simple.
    from widening.facts import readings

    return readings


# A caption in the top (bottom) quarter of its page may caption a figure on the previous (next) page.
EDGE = 0.25


def caption_pages(c: Caption, facts: DocumentFacts) -> list[int]:
    """The caption's page, with the page before (after) when it sits near the top (bottom): a wider scope only finds more."""
    h = facts.page(c.page).height or 1.0
    pages = [c.page]
    if c.bbox[1] < EDGE * h and c.page > 1:
        pages.append(c.page - 1)
    if c.bbox[3] > (1 - EDGE) * h and c.page < facts.page_count:
        pages.append(c.page + 1)
    return pages


# A drawing thinner than this (pt) in either direction is a rule, an underline or a hairline, no picture.
_THIN = 4.0


def shows_picture(doc: Doc, index: int) -> bool:
    """Whether page ``index`` displays an image or draws a path wider and taller than a rule (``_THIN``):
    a figure may be there. False only for a page of text and rules, whose captions' figures are elsewhere."""
    page = doc.page(index)
    if any(_area(i.get("bbox")) for i in page.get_image_info()):
        return True
    return any(d["rect"].width >= _THIN and d["rect"].height >= _THIN for d in page.get_drawings())


# The top and bottom strips of a page (share of its height) whose running heads and folios are no
# content between a caption and the page's edge.
_MARGIN = 0.08


def nearest_content(doc: Doc, c: Caption) -> tuple[str | None, str | None]:
    """What lies nearest the caption on its page above it and below it, outside the top and bottom margins
    (``_MARGIN``): "picture" (an image, a drawing wider and taller than a rule), "text", or None. The page's
    blocks, images and drawings are read once for both sides."""
    page = doc.page(c.page)
    h = page.rect.height or 1.0
    items = [(b[1], b[3], "picture" if b[6] == 1 else "text") for b in page.get_text("blocks") if b[6] == 1 or b[4].strip()]
    items += [(i["bbox"][1], i["bbox"][3], "picture") for i in page.get_image_info() if _area(i.get("bbox"))]
    items += [(d["rect"].y0, d["rect"].y1, "picture") for d in page.get_drawings() if d["rect"].width >= _THIN and d["rect"].height >= _THIN]
    items = [(y0, y1, what) for y0, y1, what in items if _MARGIN * h < (y0 + y1) / 2 < (1 - _MARGIN) * h]
    above = [(c.bbox[1] - y1, what) for y0, y1, what in items if y1 <= c.bbox[1] + 2]
    below = [(y0 - c.bbox[3], what) for y0, y1, what in items if y0 >= c.bbox[3] - 2]

    def nearest(found: list[tuple[float, str]]) -> str | None:
        # At one distance a picture wins: the figure may be there.
        return min(found, key=lambda x: (x[0], x[1] != "picture"))[1] if found else None

    return nearest(above), nearest(below)


def _area(bbox: tuple[float, float, float, float] | None) -> float:
    """The area of an image's placement box (0 when it has none)."""
    if not bbox:
        return 0.0
    x0, y0, x1, y1 = bbox
    return max(0.0, x1 - x0) * max(0.0, y1 - y0)


def run_on_pages(pages: tuple[int, ...], page_count: int) -> tuple[int, ...]:
    """The pages beside a table caption's pages, for a doubtful reading: a long table's rows run on to
    the next page under a repeated header and no caption (a caption set below a table may close rows
    begun on the page before), so a zero on the caption's page alone is no zero of the table. Only the
    neighbouring page is looked at: a table over three pages or more is beyond this reading. A figure
    is left out: its caption sits by it, and one on the facing page is taken (caption_pages)."""
    return tuple(sorted({q for p in pages for q in (p - 1, p + 1) if 1 <= q <= page_count} - set(pages)))


def rejected_folio_pages(facts: DocumentFacts, number: str, found: tuple[ReadingTried, ...], last: str | None = None,
                         bands: tuple[str, ...] = ("top", "bottom")) -> ReadingTried | None:
    """Pages printing ``number`` (or a number of ``number``-``last``) where the (tuned) folio run test rejected
    it, as a doubtful printed reading: the scope must include them, though they do not prove the page exists.
    ``bands``: where the candidates may sit ("side": a side margin, taken only where no reading finds the page)."""
    asked = span(number, last)
    if asked is None:
        return None
    lo, hi, roman = asked
    have = {p for t in found if t.reading is Reading.printed for p in t.pages}
    pages = tuple(p.index for p in facts.pages if p.index not in have
                  and any(not c.accepted and lo <= c.value <= hi and (c.roman == roman or not roman) and c.band in bands
                          for c in p.folio_candidates))
    label = number if last is None else f"{number}-{last}"
    return ReadingTried(reading=Reading.printed, number=f"{label} (a folio the run test rejected)", pages=pages, doubtful=True) if pages else None


def interpolated_folio_pages(facts: DocumentFacts, number: str, found: tuple[ReadingTried, ...]) -> ReadingTried | None:
    """Pages a folio run passes over without a folio read on them ("104" on p4, "106" on p6, and
    p5 a landscape table whose "105" sits rotated in the margin), as a doubtful printed reading:
    the page may print the number where the folio reader did not look."""
    value, roman = _readings_module().parse_number(number)
    if value is None or any(t.reading is Reading.printed and t.pages for t in found):
        return None  # printed where a folio was read: no page in between need be guessed
    have = {p for t in found for p in t.pages}
    runs: dict[int, list[int]] = {}
    for p in facts.pages:
        for c in p.folio_candidates:
            if c.accepted and c.roman == roman:
                runs.setdefault(c.value - p.index, []).append(p.index)
    pages = tuple(sorted({q for offset, on in runs.items() if (q := value - offset) not in have
                          and 1 <= q <= facts.page_count and min(on) < q < max(on) and q not in on}))
    return ReadingTried(reading=Reading.printed, number=f"{number} (between folios of a run)", pages=pages, doubtful=True) if pages else None


def skipped_folio_pages(facts: DocumentFacts, number: str, found: tuple[ReadingTried, ...], last: str | None = None) -> ReadingTried | None:
    """Pages beside which a folio run passes over ``number`` (or a number of ``number``-``last``) that no page prints,
    as a doubtful printed reading (facts.readings.skipped_numbers): "7" on p3, "9" on p4, one folio read on each
    sheet of two printed pages side by side, so page 8 is the other half of p3 or of p4. Which one is not told: both
    are looked at, and what is found there is a doubt."""
    asked = span(number, last)
    if asked is None:
        return None
    lo, hi, roman = asked
    printed = {c.value for p in facts.pages for c in p.folio_candidates if c.accepted and c.roman == roman}
    have = {p for t in found for p in t.pages}
    pages = tuple(sorted(p for p, values in _readings_module().skipped_numbers(facts).items() if p not in have
                         and any(r == roman and lo <= v <= hi and v not in printed for v, r in values)))
    label = number if last is None else f"{number}-{last}"
    return ReadingTried(reading=Reading.printed, number=f"{label} (a number a folio run passes over beside the page: "
                        "two printed pages on one sheet, one folio read)", pages=pages, doubtful=True) if pages else None


def extended_folio_pages(facts: DocumentFacts, number: str, found: tuple[ReadingTried, ...], last: str | None = None) -> ReadingTried | None:
    """Pages a folio run reaches when carried past its first or last folio to the document's ends (a back
    page printed without its folio, folios on odd pages only), for ``number`` or the range ``number``-``last``,
    as a doubtful printed reading. A page printing a folio of another run is left out: its number is read."""
    value, roman = _readings_module().parse_number(number)
    top = value if last is None else _readings_module().parse_number(last)[0]
    if value is None or top is None or any(t.reading is Reading.printed and t.pages for t in found):
        return None
    lo, hi = min(value, top), max(value, top)
    have = {p for t in found for p in t.pages}
    numbered = {p.index for p in facts.pages if any(c.accepted and c.roman == roman for c in p.folio_candidates)}
    offsets = {c.value - p.index for p in facts.pages for c in p.folio_candidates if c.accepted and c.roman == roman}
    pages = tuple(sorted({q for offset in offsets for q in range(max(1, lo - offset), min(facts.page_count, hi - offset) + 1)
                          if q not in have | numbered}))
    label = number if last is None else f"{number}-{last}"
    return ReadingTried(reading=Reading.printed, number=f"{label} (a folio run carried past its ends)", pages=pages, doubtful=True) if pages else None


def implied_folio_pages(facts: DocumentFacts, number: str, found: tuple[ReadingTried, ...], last: str | None = None) -> ReadingTried | None:
    """Pages read by OCR with no folio read on them, that a number OCR read alone in a band or margin of a
    page near them (RUN_WINDOW pages), accepted by the run test or not, implies print ``number`` (or one of
    ``number``-``last``): "18" read at the foot of p2 and nothing on p3, whose "19" OCR passed over. A
    doubtful printed reading: OCR reading no folio on a scanned page is no folio that is absent."""
    asked = span(number, last)
    if asked is None:
        return None
    lo, hi, roman = asked
    have = {p for t in found for p in t.pages}
    scanned = {p.index for p in facts.pages if p.text_source == "ocr"}
    unread = {i for i in scanned if not facts.page(i).folio_candidates}
    pages = set()
    for p in facts.pages:
        if p.index not in scanned:
            continue
        for c in p.folio_candidates:
            if not c.alone or c.roman != roman:
                continue
            offset = c.value - p.index
            pages |= {q for q in range(max(1, lo - offset), min(facts.page_count, hi - offset) + 1)
                      if q in unread and q not in have and abs(q - p.index) <= RUN_WINDOW}
    label = number if last is None else f"{number}-{last}"
    return ReadingTried(reading=Reading.printed, number=f"{label} (implied by a folio OCR read on a page near it)",
                        pages=tuple(sorted(pages)), doubtful=True) if pages else None


def pictured_folio_pages(doc: Doc, number: str) -> ReadingTried | None:
    """Pages with no folio read whose header or footer band shows a picture (a folio strip exported as an
    image), as a doubtful printed reading: the picture may print any number, the one asked included."""
    out = []
    for p in doc.facts.pages:
        if p.kind is not PageKind.born_digital or not p.image_count or any(c.accepted for c in p.folio_candidates):
            continue
        band = FOLIO_BAND * p.height
        for x0, y0, x1, y1 in (tuple(i["bbox"]) for i in doc.page(p.index).get_image_info()):
            centre = (y0 + y1) / 2
            if y1 - y0 <= band and (centre <= band or centre >= p.height - band):
                out.append(p.index)
                break
    return ReadingTried(reading=Reading.printed, number=f"{number} (a picture in the folio band may print it)", pages=tuple(out), doubtful=True) if out else None


# A margin word that may be a folio the text layer cannot say: characters it cannot say, with at most
# digits, roman numeral letters and a folio's punctuation beside them ("\x00\x00", "-\x00-", "A-\x00").
_FOLIO_MARKS = r"\dIVXLCivxlcA-Z.\-\u2013\u2014()/|"
_UNSAID_FOLIO = re.compile(rf"[{_FOLIO_MARKS}]*{UNSAID}[{_FOLIO_MARKS}{UNSAID_CHARS}]*")


def unsaid_folio_pages(doc: Doc, number: str) -> ReadingTried | None:
    """Pages with a word in a margin (FOLIO_BAND top or bottom, SIDE_BAND sides) made of characters the
    text layer cannot say (a font with no Unicode for its digits leaves NUL or private-use codes), as a
    doubtful printed reading: the page may print any number there, the one asked included."""
    out = []
    for p in doc.facts.pages:
        if p.text_source != "layer" or not UNSAID_RX.search(p.text):
            continue
        # Spans, not words: PyMuPDF's word list drops a word of NUL characters.
        spans = [sp for b in doc.page(p.index).get_text("dict")["blocks"] for ln in b.get("lines", ()) for sp in ln["spans"]]
        for sp in spans:
            if _readings_module().in_margin(p, sp["bbox"]) and any(len(w) <= 8 and _UNSAID_FOLIO.fullmatch(w) for w in sp["text"].split()):
                out.append(p.index)
                break
    return ReadingTried(reading=Reading.printed, number=f"{number} (a margin word the text layer cannot say may print it)",
                        pages=tuple(out), doubtful=True) if out else None


def blank_sheet(doc: Doc, index: int) -> bool:
    """Page ``index`` is a blank sheet to a reader, though it prints words: it shows no picture (``shows_picture``)
    and its words lie only in its top and bottom ``_MARGIN`` strips (a folio, a running head), or the words
    outside them are, as a whole, what a blank sheet prints ("This page intentionally left blank", "Notes" over
    ruled lines: facts.readings.blank_phrase). False for an empty page and for a page whose words were not read."""
    key = ("blank_sheet", index)
    if key in doc.memo:
        return doc.memo[key]
    doc.memo[key] = out = _blank_sheet(doc, index)
    return out


def _blank_sheet(doc: Doc, index: int) -> bool:
    p = doc.facts.page(index)
    if p.kind is PageKind.empty or shows_picture(doc, index):
        return False
    if p.text_source == "ocr":
        words = [(l.bbox, l.text) for l in p.ocr_lines if l.text.strip()]
    elif p.text_source == "layer":
        words = [(tuple(w[:4]), w[4]) for w in sorted(doc.page(index).get_text("words"), key=lambda w: w[5:8]) if w[4].strip()]
    else:
        return False
    h = p.height or 1.0
    body = [t for b, t in words if _MARGIN * h < (b[1] + b[3]) / 2 < (1 - _MARGIN) * h]
    return bool(words) and (not body or _readings_module().blank_phrase(" ".join(body)))


# A picture covering this share of a page's area or more fills the page (a cover picture, a full-bleed photo).
FULL_PAGE_SHARE = 0.5


def full_page_picture(doc: Doc, index: int) -> bool:
    """Page ``index`` displays an image covering ``FULL_PAGE_SHARE`` of its area or more (clipped to the page)."""
    page = doc.page(index)
    r = page.rect
    area = r.width * r.height or 1.0
    clipped = (r & i["bbox"] for i in page.get_image_info() if i.get("bbox"))
    return any(not c.is_empty and c.width * c.height / area >= FULL_PAGE_SHARE for c in clipped)


def _nth_sheet(doc: Doc, drawn: list[int], k: int, from_end: bool = False) -> int | None:
    """The ``k``-th of the pages ``drawn`` (from the end with ``from_end``) that is no blank sheet to a reader
    (``blank_sheet``), or None; pages are read only as far as that one."""
    pages = reversed(drawn) if from_end else iter(drawn)
    return next((p for j, p in enumerate(q for q in pages if not blank_sheet(doc, q)) if j == k - 1), None)


def _add_sheet_reading(tried: list[ReadingTried], page: int | None, number: str) -> None:
    """Appends ``page`` to ``tried`` as a doubtful reading of ``number`` counted past blank sheets, unless a
    reading already gives it."""
    if page is not None and page not in {q for t in tried for q in t.pages}:
        tried.append(ReadingTried(reading=Reading.printed, number=f"{number} of those a reader does not take as a blank sheet "
                                  "(a folio or running head alone, or a blank-page notice)", pages=(page,), doubtful=True))


# A page_range counted from an end of the file ("the first two pages", "the last three slides": question/parse.py
# _counted_sets): its ``item``.
COUNTED_ENDS = ("first", "last")


def _several_folios(doc: Doc, index: int) -> bool:
    """Page ``index`` prints two folio values or more (two printed pages set on one sheet): which of them is
    counted among the first or last pages is not told."""
    return len({(c.value, c.roman) for c in doc.facts.page(index).folio_candidates if c.accepted}) >= 2


def counted_range(container: Container, doc: Doc) -> Resolved:
    """The first (``item`` "first") or last ("last") ``container.last`` pages, under every reading: the PDF pages;
    the pages with content (an empty sheet is no page a reader counts); those a reader does not take as a blank
    sheet (``blank_sheet``); for the first, the pages labelled or printed 1..k too (and the range counted over the
    pages with content); for slides of a handout, the pages printing them. The pages every reading gives are one
    certain reading (a find there is a member of the set under every reading), less a page printing several folios
    or, for slides, printing its slide in a part of itself; every other page any reading gives is a doubtful
    reading (a find there is a doubt; a zero holds over the union). Where the readings share no page, no reading is
    certain and the container is uncertain: it exists (the file has pages) but no find is a member, and no zero
    stands on a certain reading."""
    facts = doc.facts
    n = facts.page_count
    k = int(container.last or 0)
    last = container.item == "last"
    slides = "slide" in container.text.lower()
    end = f"the {'last' if last else 'first'} {k}"
    drawn = [p.index for p in facts.pages if p.kind is not PageKind.empty]
    ordered = list(reversed(drawn)) if last else drawn
    sheets: list[int] = []
    for p in ordered:
        if len(sheets) >= k:
            break
        if not blank_sheet(doc, p):
            sheets.append(p)
    pdf = range(max(1, n - k + 1), n + 1) if last else range(1, min(k, n) + 1)
    sets: list[tuple[Reading, str, set[int], bool]] = [
        (Reading.pdf, f"{end} pages of the file", set(pdf), False),
        (Reading.pdf, f"{end} of the pages not blank", set(ordered[:k]), False),
        (Reading.printed, f"{end} of the pages a reader does not take as a blank sheet (a folio or running head alone, or a blank-page notice)",
         set(sheets), False),
    ]
    if not last:
        for t in _readings_module().resolve_range(facts, 1, k):
            sets.append((t.reading, f"{t.number} ({t.reading.value})", set(t.pages), t.doubtful))
    if slides:
        if last:
            shown = [h for j in range(1, min(k, 500) + 1) if (h := handout_slide_from_end(doc, j)) is not None]
            if shown:
                sets.append((Reading.pdf, f"{end} slides counted on pages printing several slides each", {p for h in shown for p in h.pages}, True))
        elif (h := handout_slide_range(doc, "1", str(k))) is not None:
            sets.append((Reading.pdf, f"{end} slides counted on pages printing several slides each", set(h.pages), True))
    certain = [pages for _, _, pages, doubtful in sets if pages and not doubtful]
    shared = set.intersection(*certain) if certain else set()
    handout = any(doubtful and pages for _, _, pages, doubtful in sets if slides)
    if handout:
        shared = set()  # a handout's page prints other slides beside the asked ones
    shared = {p for p in shared if not _several_folios(doc, p) and not (slides and slide_in_part(doc, p))}
    tried: list[ReadingTried] = []
    if shared:
        tried.append(ReadingTried(reading=Reading.pdf, number=f"{end} pages under every reading", pages=tuple(sorted(shared))))
    seen = set(shared)
    for reading, number, pages, _ in sets:
        rest = pages - seen
        if rest:
            tried.append(ReadingTried(reading=reading, number=f"{number} (not under every reading)", pages=tuple(sorted(rest)), doubtful=True))
            seen |= rest
    return Resolved(container=container, readings=tuple(tried), uncertain=not shared and bool(seen))


def page_in_doubt(doc: Doc, number: str) -> bool:
    """A page number no reading finds may still be printed: on a page whose folio candidate of that
    value the (tuned) run test rejected, or on a page whose words were never read."""
    value, _ = _readings_module().parse_number(number)
    rejected = any(c.value == value and not c.accepted for p in doc.facts.pages for c in p.folio_candidates)
    return value is not None and (rejected or bool(words_unread(doc)))


def _prefixed_numbers(doc: Doc) -> dict[int, set[int]]:
    """Per page, the numbers its label or a margin line prints after a prefix (facts.readings.prefixed_numbers)."""
    return _readings_module().prefixed_numbers(doc)


def prefixed_number_pages(doc: Doc, number: str, last: str | None = None) -> ReadingTried | None:
    """Pages labelled or printed in a margin with ``number`` (or a number of ``number``-``last``) after a prefix
    ("A-3", "S3", "2-3" for page 3), as a doubtful reading: the question may have dropped the prefix."""
    pages = _readings_module().prefixed_pages(doc, number, last)
    label = number if last is None else f"{number}-{last}"
    example = f"'A-{number}'" if last is None else f"'A-{number}'..'A-{last}'"
    return ReadingTried(reading=Reading.label, number=f"{label} after a prefix (a label or folio such as {example})",
                        pages=pages, doubtful=True) if pages else None


def other_numeral_pages(facts: DocumentFacts, number: str, found: tuple[ReadingTried, ...]) -> ReadingTried | None:
    """A roman page number ("page IX", "slide ix") may be how the question writes the page labelled or printed
    "9" in arabic digits: those pages (not already read), a doubtful reading. The roman label or folio and the
    PDF index stay certain; a find on the arabic page is a doubt, never a member nor a zero of the roman one."""
    value, roman = _readings_module().parse_number(number)
    if not roman or value is None:
        return None
    seen = {q for t in found for q in t.pages}
    arabic = _readings_module().resolve(facts, str(value))
    pages = sorted({q for t in arabic if t.reading in (Reading.label, Reading.printed) and not t.doubtful for q in t.pages} - seen)
    return ReadingTried(reading=Reading.printed, number=f"{value} (the roman {number} in arabic digits, a page labelled or printed so)",
                        pages=tuple(pages), doubtful=True) if pages else None


def handout_slide_pages(doc: Doc, number: str) -> ReadingTried | None:
    """Slide ``number`` of a handout (pages printing several slides, facts/handouts.py), counted in order,
    as a doubtful reading: it is not PDF page ``number``, and its slides may carry no number."""
    if not number.isdigit():
        return None
    counts = handout_counts(doc)
    pages = tuple(sorted(set(slide_pages(counts, int(number))) | set(slide_number_pages(doc, int(number)))))
    shown = sorted({k for k in counts if k})
    return ReadingTried(reading=Reading.pdf, number=f"{number} counted in order, or printed on a slide, on pages printing {'/'.join(map(str, shown))} slides each",
                        pages=pages, doubtful=True) if pages else None


def handout_slide_from_end(doc: Doc, k: int) -> ReadingTried | None:
    """The ``k``-th slide from the end of a handout (pages printing several slides, facts/handouts.py), counted
    back from the last page with content (a page printing no slide frame counts as one slide), as a doubtful
    reading: "the penultimate slide" of a handout of three slides a page is on its last page, not the one before."""
    counts = handout_counts(doc)
    if not any(counts) or k < 1:
        return None
    drawn = [p.index for p in doc.facts.pages if p.kind is not PageKind.empty]
    seen = 0
    for page in reversed(drawn):
        seen += counts[page - 1] or 1
        if seen >= k:
            shown = sorted({c for c in counts if c})
            return ReadingTried(reading=Reading.pdf, number=f"{k} from the end, counted on pages printing {'/'.join(map(str, shown))} slides each",
                                pages=(page,), doubtful=True)
    return None


def _handout_doubts(tried: list[ReadingTried], handout: ReadingTried) -> list[ReadingTried]:
    """The PDF-index readings of a slide of a handout made doubtful where they give a page the count of its
    slides does not: PDF page 3 of a handout of three slides a page prints slides 7-9, not slide 3, so what is
    found there is no member of slide 3, and a zero there no zero of it."""
    return [t.model_copy(update={"doubtful": True}) if t.reading is Reading.pdf and not t.doubtful and t.pages
            and not set(t.pages) <= set(handout.pages) else t for t in tried]


def handout_slide_range(doc: Doc, first: str, last: str) -> ReadingTried | None:
    """Slides ``first``-``last`` of a handout, counted in order, as a doubtful reading (see handout_slide_pages)."""
    if not (first.isdigit() and last.isdigit()):
        return None
    counts = handout_counts(doc)
    lo, hi = sorted((int(first), int(last)))
    pages = sorted({p for n in range(lo, min(hi, lo + 500) + 1) for p in (*slide_pages(counts, n), *slide_number_pages(doc, n))})
    return ReadingTried(reading=Reading.pdf, number=f"{first}-{last} counted in order, or printed on slides, on pages printing several slides each",
                        pages=tuple(pages), doubtful=True) if pages else None


def _unfound_readings(doc: Doc, number: str, tried: tuple[ReadingTried, ...], last: str | None = None) -> tuple[ReadingTried, ...]:
    """Where no reading finds page ``number`` (or the range to ``last``), the doubtful readings that may still
    find it: a rejected folio (side margins too), a folio run passed over or carried past its ends, a picture
    in the folio band, a margin word the text layer cannot say, and last (it costs OCR) a number drawn in a
    page margin."""
    facts = doc.facts
    # A range is printed on a run of pages: a lone number of the top or bottom band the run test rejected
    # (an axis tick "100", a table's "107") is no reading of one, as it was not before side margins were read.
    rejected = rejected_folio_pages(facts, number, tried, last, bands=("top", "bottom", "side") if last is None else ("side",))
    between = interpolated_folio_pages(facts, number, tried) if last is None else None
    beyond = extended_folio_pages(facts, number, tried + tuple(x for x in (between,) if x), last)
    implied = implied_folio_pages(facts, number, tried + tuple(x for x in (rejected, between, beyond) if x), last)
    skipped = skipped_folio_pages(facts, number, tried + tuple(x for x in (rejected, between, beyond, implied) if x), last)
    pictured = pictured_folio_pages(doc, number if last is None else f"{number}-{last}") if not (between or beyond) else None
    unsaid = unsaid_folio_pages(doc, number if last is None else f"{number}-{last}") if not (between or beyond) else None
    extra = tuple(x for x in (rejected, between, beyond, implied, skipped, pictured, unsaid) if x)
    if extra or (last is None and page_in_doubt(doc, number)):
        return extra  # the claim is not made: no margin need be read
    drawn = drawn_folio_pages(doc, number, last)
    return (drawn,) if drawn else ()


def _within_chapter_pages(facts, wanted: set[str], number: str) -> ReadingTried | None:
    """Where captions are numbered within chapters ("Figure 2.7"), "Figure 7" may be one of them or the seventh
    caption in order: their pages, a doubtful reading (a question writer may drop the chapter or count)."""
    if not number.isdigit():
        return None
    mine = sorted((c for c in facts.captions if c.kind in wanted), key=lambda c: (c.page, c.bbox[1]))
    keys = list(dict.fromkeys(number_key(c.number) for c in mine))
    if all(k.isdigit() for k in keys):
        return None  # plain numbering: "Figure 7" is read as printed only
    # "A1" is appendix A's first, as "A-1" is (number_key joins a letter to its number).
    pages = {p for c in mine if re.sub(r"^[a-z]{1,2}(?=\d)", "", number_key(c.number)).rsplit("-", 1)[-1] == number for p in caption_pages(c, facts)}
    if int(number) <= len(keys):
        nth = keys[int(number) - 1]
        pages |= {p for c in mine if number_key(c.number) == nth for p in caption_pages(c, facts)}
    return ReadingTried(reading=Reading.printed, number=f"{number} within a chapter's numbering (Figure N.{number}), or caption {number} in order",
                        pages=tuple(sorted(pages)), doubtful=True) if pages else None


SUPPLEMENT_RX = re.compile(SUPPLEMENT, re.I)


def _supplement_plain_pages(facts: DocumentFacts, wanted: set[str], number: str) -> ReadingTried | None:
    """Figure S3 in a document that speaks of a supplement: its "Figure 3" under a "Supplementary
    material" heading may be the one asked, a doubtful reading (the S is the question writer's)."""
    m = re.fullmatch(r"s(\d+)", number)
    if m is None or not any(SUPPLEMENT_RX.search(p.text) for p in facts.pages):
        return None
    pages = sorted({p for c in facts.captions if c.kind in wanted and number_key(c.number) == m.group(1) for p in caption_pages(c, facts)})
    return ReadingTried(reading=Reading.printed, number=f"{m.group(1)} in a document with a supplement (Figure S{m.group(1)} printed without its S)",
                        pages=tuple(pages), doubtful=True) if pages else None


# An appendix's or annex's heading word: "Table A1" may be printed "Appendix Table 1", "Annex B, Table 2", or
# "Table 1" under an "Appendix A" heading.
_APPENDIX = r"append(?:ix|ices)|annex(?:es|e)?"
_APPENDIX_RX = re.compile(rf"\b(?:{_APPENDIX})\b", re.I)
_KIND_HEADS = {"figure": r"fig(?:ure)?s?\.?", "chart": r"charts?", "table": r"tab(?:le)?s?\.?"}


def _appendix_plain_pages(facts: DocumentFacts, wanted: set[str], number: str) -> ReadingTried | None:
    """Table A1 (a letter and a number) in a document with an appendix or annex: a line naming the
    appendix before the caption word ("Appendix Table 1", "Annex A Table 1", which the caption reader does
    not take: the line opens with another word), or a plain "Table 1" anywhere in such a document, may be the
    one asked. Their pages are a doubtful reading (the letter is the question writer's)."""
    m = re.fullmatch(r"([a-z]{1,2})-?0*(\d+)", number)
    if m is None or not any(_APPENDIX_RX.search(p.text) for p in facts.pages):
        return None
    digits = m.group(2)
    heads = "|".join(_KIND_HEADS[k] for k in sorted(wanted) if k in _KIND_HEADS)
    named = re.compile(rf"\b(?:{_APPENDIX})\b[\s,.:\-\u2013\u2014]*(?:{m.group(1)}\b[\s,.:\-\u2013\u2014]*)?(?:{heads})\s*(?:no\.?\s*)?0*{digits}(?!\d)", re.I)
    pages = {p.index for p in facts.pages if named.search(nfkc(p.text))}
    pages |= {q for c in facts.captions if c.kind in wanted and number_key(c.number) == digits for q in caption_pages(c, facts)}
    return ReadingTried(reading=Reading.printed, number=f"{m.group(1).upper()}{digits} in a document with an appendix (printed as its appendix's {digits})",
                        pages=tuple(sorted(pages)), doubtful=True) if pages else None


def drawn_readings(res: Resolved, doc: Doc) -> Resolved | None:
    """Before a zero is claimed on a page, slide or page range by number: the pages no reading gave whose
    margins print the number only in drawn content (a slide number in a background picture, digits as
    outlines: read by OCR), as a doubtful reading. A reading with no page says the margins could not be
    read. None when the container has no number or nothing is new.

    ``resolve`` reads them only where no reading finds the number (they cost OCR); a zero is a claim too.
    Unlike that path, a margin word the text layer cannot say is not taken: it may print any number, and
    OCR reads no value from it, so it would doubt every zero of a document whose folios are read."""
    c = res.container
    if c.kind in (ContainerKind.page, ContainerKind.slide):
        number, last = c.number, None
    elif c.kind is ContainerKind.page_range and c.item == "last":
        return None  # "the last two pages" names no number a margin may print
    elif c.kind is ContainerKind.page_range:
        number, last = c.first, c.last
    else:
        return None
    if not number:
        return None
    have = {p for t in res.readings for p in t.pages}
    found = [x for x in (drawn_folio_pages(doc, number, last),) if x is not None]
    late = []
    for t in found:
        if not t.pages:  # margins OCR could not read: the number may be printed there
            late.append(t)
        elif new := tuple(p for p in t.pages if p not in have):
            late.append(t.model_copy(update={"pages": new}))
    return Resolved(container=c, readings=tuple(late), uncertain=True) if late else None


def _elsewhere_readings(doc: Doc, kind: str, number: str, wanted: set[str], pages: tuple[int, ...]) -> list[ReadingTried]:
    """Where every line read as the caption of ``number`` may be body text referring to it ("... as seen in"
    wrapped above "Figure 10, which ..."), the figure itself may be where its caption is one the reader did
    not take: a letter-spaced caption, one in a picture's pixels. Those pages, and the pages whose pictures
    could not be read, are doubtful readings: a find there is a doubt, never a member or a zero."""
    facts = doc.facts
    out = []
    rest = [p for p in facts.pages if p.index not in pages]
    loose = loose_mention_pages(((p.index, p.text) for p in rest), wanted, number, band_numbers(rest))
    if loose:
        out.append(ReadingTried(reading=Reading.printed, number=f"{kind} {number} (loose mention; the caption read may be a reference in body text)",
                                pages=loose, doubtful=True))
    pictured, unread = pictured_caption_reading(doc, tuple(p.index for p in rest), wanted, number)
    if pictured:
        out.append(ReadingTried(reading=Reading.printed, number=f"{kind} {number} (in a picture; the caption read may be a reference in body text)",
                                pages=pictured, doubtful=True))
    if unread:
        out.append(ReadingTried(reading=Reading.printed, number=f"{kind} {number} (pictures not read may print its caption; the caption read may be a reference in body text)",
                                pages=unread, doubtful=True))
    return out


# A notes page prints its slide across most of its width; a photo in a report is rarely that wide.
NOTES_SLIDE_MIN_WIDTH = 0.5


def slide_in_part(doc: Doc, index: int) -> str | None:
    """Why page ``index`` prints a slide in a part of itself, or None (the page may be the slide): it prints
    several slides (a handout), or it is portrait and shows a slide-shaped box across most of its width (a
    notes page: the slide above, the notes below)."""
    count = handout_counts(doc)[index - 1]
    if count >= 2:
        return f"p{index} prints {count} slides"
    page = doc.page(index)
    if page.rect.height > page.rect.width and slide_shaped(page, NOTES_SLIDE_MIN_WIDTH):
        return f"p{index} is portrait and prints a slide-shaped box in a part of it (a notes page)"
    return None


def _slide_parts(res: Resolved, doc: Doc) -> Resolved:
    """``res`` with its certain readings of a slide made doubtful where their page prints the slide in a part
    of itself: the page's region is not the slide's ("the bottom of slide 1" on a handout is no band of the
    sheet: a zero there was widened while the slide's foot showed the thing), and a find elsewhere on the page
    may lie on another slide or in the notes (it was kept as short_not_empty, a claim the page refutes)."""
    c = res.container
    if not (c.kind is ContainerKind.slide or (c.kind in (ContainerKind.cover, ContainerKind.last_page) and "slide" in c.text.lower())):
        return res
    out, changed = [], False
    for t in res.readings:
        why = None if t.doubtful else next((w for p in t.pages if (w := slide_in_part(doc, p))), None)
        out.append(t.model_copy(update={"doubtful": True, "number": f"{t.number} ({why})"}) if why else t)
        changed = changed or why is not None
    # Uncertain: a slide only doubtful readings find is no missing slide.
    return res.model_copy(update={"readings": tuple(out), "uncertain": True}) if changed else res


def resolve(container: Container, doc: Doc) -> Resolved:
    """The pages ``container`` denotes under each reading (PDF index, label, printed folio)."""
    return _slide_parts(_resolve(container, doc), doc)


def _resolve(container: Container, doc: Doc) -> Resolved:
    """``resolve`` before a slide printed in a part of its page is taken into account."""
    facts = doc.facts
    n = facts.page_count
    kind = container.kind
    if kind is ContainerKind.document:
        return Resolved(container=container, readings=(ReadingTried(reading=Reading.pdf, number="all", pages=tuple(range(1, n + 1))),))
    # The pages with content: a blank sheet is no cover or last page a reader sees.
    drawn = [p.index for p in facts.pages if p.kind is not PageKind.empty]
    if kind is ContainerKind.cover:
        k = int(container.number) if (container.number or "").isdigit() else 1
        if k <= 1:
            # A blank first page (an empty sheet before the cover) is no cover a reader sees.
            tried = [ReadingTried(reading=Reading.pdf, number="1", pages=(1,))]
            if drawn and drawn[0] != 1:
                tried.append(ReadingTried(reading=Reading.printed, number="page 1 of those not blank", pages=(drawn[0],)))
            _add_sheet_reading(tried, _nth_sheet(doc, drawn, 1), "page 1")
            # A file may open with a title or repository sheet before the piece's own cover, a picture filling
            # the next page: that page is a doubtful reading (a find there a doubt, never a zero of page 1 alone).
            if n >= 2 and full_page_picture(doc, 2) and not full_page_picture(doc, 1) and 2 not in {q for t in tried for q in t.pages}:
                tried.append(ReadingTried(reading=Reading.printed, number="page 2 (a picture filling it, after a first page that is none: a cover after a title sheet)",
                                          pages=(2,), doubtful=True))
            return Resolved(container=container, readings=tuple(tried))
        # The k-th page of the file, and the k-th cover of a printed piece (2 inside front, 3 inside
        # back, 4 back): every reading is looked at, so "none" holds under all of them.
        printed = {2: 2, 3: n - 1, 4: n}.get(k)
        tried = [ReadingTried(reading=Reading.pdf, number=str(k), pages=(k,) if k <= n else ())]
        if printed is not None:
            tried.append(ReadingTried(reading=Reading.printed, number=f"cover {k}", pages=(printed,) if 1 <= printed <= n else ()))
        if k == 2 and not re.search(r"\bfront\b", container.text, re.I) and n - 1 > 2:
            # "The inside cover" with no side said may be the inside back cover (cover 3) too: a doubtful
            # reading, looked at so that a thing there is a doubt, never a zero of the inside front cover.
            tried.append(ReadingTried(reading=Reading.printed, number="cover 3 (an inside cover with no side said)", pages=(n - 1,), doubtful=True))
            _add_sheet_reading(tried, _nth_sheet(doc, drawn, 2, from_end=True), "cover 3 (an inside cover with no side said)")
        # A blank page (an empty inside cover) is no page a reader counts: the k-th page with content.
        if len(drawn) >= k and drawn[k - 1] != k:
            tried.append(ReadingTried(reading=Reading.printed, number=f"page {k} of those not blank", pages=(drawn[k - 1],)))
        # A page a reader takes as blank though it prints a folio or "This page intentionally left blank":
        # the k-th page (cover 3 and 4: the second and first from the end) of the others, a doubtful reading.
        _add_sheet_reading(tried, _nth_sheet(doc, drawn, k), f"page {k}")
        if k in (3, 4):
            _add_sheet_reading(tried, _nth_sheet(doc, drawn, 5 - k, from_end=True), f"cover {k}")
        return Resolved(container=container, readings=tuple(tried))
    if kind is ContainerKind.last_page:
        # The k-th page from the end (1: the last), of the file and, when blank pages close it, of
        # the pages with content: a trailing empty sheet is no last page a reader sees.
        k = int(container.number) if (container.number or "").isdigit() else 1
        tried = [ReadingTried(reading=Reading.pdf, number=f"{k} from the end", pages=(n - k + 1,) if k <= n else ())]
        if len(drawn) >= k and drawn[-k] != n - k + 1:
            tried.append(ReadingTried(reading=Reading.printed, number=f"{k} from the end of those not blank", pages=(drawn[-k],)))
        # A closing page that prints nothing but a folio, a running head or "This page intentionally left blank"
        # is a blank sheet to a reader too: the k-th page from the end of the others, a doubtful reading (a
        # find there is a doubt). Read from the end, only as far as the k-th such page.
        _add_sheet_reading(tried, _nth_sheet(doc, drawn, k, from_end=True), f"{k} from the end")
        if "slide" in container.text.lower() and (handout := handout_slide_from_end(doc, k)) is not None:
            # "The penultimate slide" of a handout is on the page printing it, counted from the end.
            tried = _handout_doubts(tried, handout) + [handout]
            return Resolved(container=container, readings=tuple(tried), uncertain=True)
        return Resolved(container=container, readings=tuple(tried))
    if kind is ContainerKind.page_range and container.item in COUNTED_ENDS:
        return counted_range(container, doc)
    if kind is ContainerKind.page_range:
        first, last = str(container.first), str(container.last)
        handout = None
        tried = _readings_module().resolve_range(facts, container.first, container.last)
        found = any(t.pages for t in tried if not t.doubtful)
        # "Slides 9-10" of a handout: the pages that print them, counted in order (doubtful).
        # "Pages 9-10" of a deck printed as a handout may be its slides 9-10 (a deck is asked about by page as
        # by slide): the same doubtful reading, beside the PDF pages 9-10, which stay certain.
        if (handout := handout_slide_range(doc, first, last)):
            slides = "slide" in container.text.lower()
            tried = (tuple(_handout_doubts(list(tried), handout)) if slides else tuple(tried)) + (handout,)
        # Pages "A-9", "A-10" (a label or a margin folio after a prefix) for "pages 9-10": a doubtful reading,
        # looked at whether or not another reading finds the range ("pages 5-6" of a file labelled "A-5".."A-10"
        # are PDF pages 5-6 and also PDF pages 1-2), as for one page.
        if prefixed := prefixed_number_pages(doc, first, last):
            tried = tuple(tried) + (prefixed,)
        if found:
            # A number of the range no page prints, passed over by a folio run beside a page (one folio read on a
            # sheet of two printed pages): that page, as a doubtful reading.
            skipped = skipped_folio_pages(facts, first, tuple(tried), last)
            return Resolved(container=container, readings=tuple(tried) + ((skipped,) if skipped else ()), uncertain=handout is not None)
        # No reading finds the range: before it is claimed missing, every place a number of it may be
        # printed is looked at, as for one page.
        extra = _unfound_readings(doc, first, tried, last)
        return Resolved(container=container, readings=tuple(tried) + extra,
                        uncertain=bool(extra) or handout is not None or prefixed is not None)
    if kind in (ContainerKind.page, ContainerKind.slide):
        tried = _readings_module().resolve(facts, container.number or "")
        number = container.number or ""
        handout = None
        unfound = not any(t.pages for t in tried)
        # "Page 9" of a deck printed as a handout may be its slide 9, printed "9" on the slide or not (a deck is
        # asked about by page as by slide): a doubtful reading, beside PDF page 9, which stays certain.
        if (handout := handout_slide_pages(doc, number)):
            tried = (tuple(_handout_doubts(list(tried), handout)) if kind is ContainerKind.slide else tuple(tried)) + (handout,)
        if prefixed := prefixed_number_pages(doc, number):
            tried = tried + (prefixed,)
        if arabic := other_numeral_pages(facts, number, tried):
            tried = tried + (arabic,)
        if unfound:
            extra = _unfound_readings(doc, number, tried)
            return Resolved(container=container, readings=tuple(tried) + extra,
                            uncertain=bool(extra) or handout is not None or prefixed is not None or page_in_doubt(doc, number))
        rejected = rejected_folio_pages(facts, number, tried)
        between = interpolated_folio_pages(facts, number, tried)
        beyond = extended_folio_pages(facts, number, tried + tuple(x for x in (between,) if x))
        # Added to the pages read, as doubts: an implied folio never replaces one read.
        implied = implied_folio_pages(facts, number, tried + tuple(x for x in (rejected, between, beyond) if x))
        skipped = skipped_folio_pages(facts, number, tried + tuple(x for x in (rejected, between, beyond, implied) if x))
        return Resolved(container=container, readings=tuple(tried) + tuple(x for x in (rejected, between, beyond, implied, skipped) if x),
                        uncertain=handout is not None)
    # A panel by its letter ("Figure 3b"): the pages of a caption printed so, and every reading of the figure it is
    # part of ("Figure 3", whose caption may name its panels "(a) ... (b) ..." or none). The panel's label may be in
    # no text layer, so the figure's pages are no doubtful reading: the panel is missing only where both are.
    if (panel := _PANEL_OF.fullmatch(container.number or "")) is not None:
        own = _captioned_resolve(container, doc)
        whole = _resolve(container.model_copy(update={"number": panel.group("head")}), doc)
        more = tuple(t.model_copy(update={"number": f"{t.number} (the {kind.value} panel {container.number} is part of)"}) for t in whole.readings)
        return Resolved(container=container, readings=own.readings + more, uncertain=own.uncertain or whole.uncertain)
    if kind is ContainerKind.section:
        return _section_resolve(container, doc)
    return _captioned_resolve(container, doc)


def section_headings(name: str, doc: Doc) -> list[tuple[int, str]]:
    """(page, line) for each line of the document's text (text layer or OCR) that reads as the heading of section
    ``name`` (rules/vocabulary.yaml ``sections``): one of its forms alone on its line, after a section number ("2.",
    "IV", "A") or a section word ("Chapter 5:") at most, and before a closing mark, a letter or number ("Appendix B"),
    or a run-in colon or dash and text ("Abstract: We study ..."). A sentence that names the section ("in the
    introduction we ...") is no heading."""
    from widening import rulebook

    sec = rulebook.load("vocabulary")["sections"]
    forms = sorted(sec["names"].get(name, [name]), key=len, reverse=True)
    alt = "|".join(re.escape(f).replace(r"\ ", r"\s+") for f in forms)
    words = "|".join(re.escape(w) for w in sec["section_words"])
    number = r"(?:\d{1,3}(?:\.\d{1,3})*|[IVXLC]{1,6}|[A-Z])"
    rx = re.compile(rf"^\s*(?:(?:{words})\s+)?(?:{number}[.):]?\s+)?(?:the\s+)?(?:{alt})\b(?:\s+(?:{words}))?"
                    rf"(?:\s*(?:{number}\b))?\s*(?:$|[.:]\s*$|[:\u2013\u2014|-]\s*\S)", re.I)
    out = []
    for p in doc.facts.pages:
        for line in p.text.splitlines():
            if len(line) <= 200 and rx.match(nfkc(line)):
                out.append((p.index, line.strip()))
                break
    return out


def _section_resolve(container: Container, doc: Doc) -> Resolved:
    """A section the question names unnumbered ("in the abstract"): looked at over the whole document (its extent is
    not delimited; a wider scope can only find more), certain only where a heading names it (``section_headings``);
    else a doubtful reading (a zero there licences no "none": the document may have no such section), and uncertain
    where a page's words could not be read (its heading may be there)."""
    n = doc.facts.page_count
    every = tuple(range(1, n + 1))
    found = section_headings(container.item or "", doc)
    if found:
        where = "; ".join(f"p{p}: {line[:40]!r}" for p, line in found[:3])
        return Resolved(container=container, readings=(ReadingTried(reading=Reading.pdf, number=f"the whole document (the heading {where})", pages=every),))
    tried = (ReadingTried(reading=Reading.pdf, number=f"the whole document (no heading names the {container.item})", pages=every, doubtful=True),)
    return Resolved(container=container, readings=tried, uncertain=True)


# A panel's letter after a figure's (table's) number, as a question names it: "3b", "2.1a", "A2c".
_PANEL_OF = re.compile(r"(?P<head>.*\d)\s*[A-Za-z]")


def _captioned_resolve(container: Container, doc: Doc) -> Resolved:
    """The pages of a figure, table or chart by its number (``resolve``)."""
    facts = doc.facts
    n = facts.page_count
    kind = container.kind
    # Figure / table / chart by number: the pages carrying a caption with that number, and the
    # neighbouring page a caption near the top (figure above it) or bottom (table below it) may
    # point to. The extent of the figure itself is not delimited: the whole page is the scope.
    number = number_key(container.number or "")
    wanted = {"figure": {"figure", "chart"}, "chart": {"chart", "figure"}, "table": {"table"}}.get(kind.value, {kind.value})
    # Every reading of a caption's number: "TABLE IV" for 4, "Figure 3 - 2019 sales" for 3, "Fig. 3b" (facts/captions.py).
    taken, panels = named_captions(facts.captions, wanted, number)
    pages = tuple(sorted({p for c in taken for p in caption_pages(c, facts)}))
    uncertain = not pages and (any(p.kind is PageKind.image_only and not p.text.strip() for p in facts.pages) or bool(words_unread(doc)))
    tried = [ReadingTried(reading=Reading.printed, number=f"{kind.value} {container.number}", pages=pages)]
    if part := tuple(sorted({p for c in panels for p in caption_pages(c, facts)} - set(pages))):
        tried.append(ReadingTried(reading=Reading.printed, number=f"{kind.value} {container.number} (a panel's caption: part of it, or a figure of its own)",
                                  pages=part, doubtful=True))
    if kind is ContainerKind.table and (beside := run_on_pages(pages, n)):
        tried.append(ReadingTried(reading=Reading.printed, number=f"table {container.number} (its rows may run onto the page before or after its caption's)",
                                  pages=beside, doubtful=True))
    # A caption that is not beside its figure: an entry of a list of figures ("Figure 3: Sales ..... 4"),
    # or a figure's caption on a page that shows no picture at all (the figure fills the page before or
    # after). Its figure is on the page the entry names, or next door: doubtful readings, looked at so
    # that a find there is a doubt, never a zero of the list's (caption's) page alone.
    listed = [x for c in taken if (x := listed_page(c.text))]
    if listed:
        named = tuple(sorted({p for x in dict.fromkeys(listed) for t in _readings_module().resolve(facts, x) for p in t.pages} - set(pages)))
        if named:
            tried.append(ReadingTried(reading=Reading.printed, number=f"{kind.value} {container.number} (the page a list of {kind.value}s names for it)",
                                      pages=named, doubtful=True))
    # A figure's caption with no figure beside it on its page. The last thing on its page after text
    # (a caption set above its figure, the figure pushed to the next page), the first before text (one
    # set below, the figure ending the page before), or on a page showing no picture at all (a figure
    # filling the page before): the page before or after is a doubtful reading. A table is left out:
    # its rows run on (run_on_pages).
    bare = [c for c in taken if kind is not ContainerKind.table and not listed_page(c.text) and not shows_picture(doc, c.page)]
    near = {c.page - 1 for c in bare}
    for c in taken:
        if kind is ContainerKind.table or listed_page(c.text):
            continue
        above, below = nearest_content(doc, c)
        if below is None and above == "text":
            near.add(c.page + 1)
        if above is None and below == "text":
            near.add(c.page - 1)
    if beside := tuple(sorted({q for q in near if 1 <= q <= n} - set(pages))):
        tried.append(ReadingTried(reading=Reading.printed, number=f"{kind.value} {container.number} (the page before or after: no figure beside its caption on the caption's page)",
                                  pages=beside, doubtful=True))
    # A picture on a figure's caption page cut by one side edge: the other half of a spread is on the facing page.
    if kind is not ContainerKind.table and (cut := tuple(p for p in side_cut_pages(doc, pages) if p not in {q for t in tried for q in t.pages})):
        tried.append(ReadingTried(reading=Reading.printed, number=f"{kind.value} {container.number} (the facing page: a picture on its caption's page runs off its side)",
                                  pages=cut, doubtful=True))
    # A figure or table continued on another page: a label naming it with a continuation word in another order
    # than a caption's ("(Figure 3 continued)", "Continued: Figure 3"), or a note by its caption sending the
    # reader on ("continued on next page"). Its other part is there: a doubtful reading, a find a doubt.
    seen = set(pages) | {p for t in tried for p in t.pages}
    on = continued_pages(((p.index, p.text) for p in facts.pages), wanted, container.number or "", pages, n)
    if more := tuple(p for p in on if p not in seen):
        tried.append(ReadingTried(reading=Reading.printed, number=f"{kind.value} {container.number} (continued on another page)",
                                  pages=more, doubtful=True))
    away = {id(c) for c in bare} | {id(c) for c in taken if listed_page(c.text)}
    if pages and all(reads_as_reference(c.text) or id(c) in away for c in taken):
        tried += _elsewhere_readings(doc, kind.value, container.number or "", wanted, pages)
    if not pages and (loose := loose_mention_pages(((p.index, p.text) for p in facts.pages), wanted, container.number or "", band_numbers(facts.pages))):
        # "FIG . 2 ." in a scanned page's OCR, "Figs. 1, 2, 3" in the text: the caption reader did
        # not take them, yet they say the figure may exist. Its pages are a doubtful reading.
        tried.append(ReadingTried(reading=Reading.printed, number=f"{kind.value} {container.number} (loose mention)", pages=loose, doubtful=True))
        uncertain = True
    if not pages and (plain := _supplement_plain_pages(facts, wanted, number)):
        tried.append(plain)
        uncertain = True
    if not pages and (appendix := _appendix_plain_pages(facts, wanted, number)):
        tried.append(appendix)
        uncertain = True
    if not pages and (within := _within_chapter_pages(facts, wanted, number)):
        tried.append(within)
        uncertain = True
    elif not pages:
        # A figure pasted in with its caption in its pixels: the caption is in no text layer.
        pictured, unread = pictured_caption_pages(doc, tuple(range(1, facts.page_count + 1)), wanted, container.number or "")
        if pictured:
            tried.append(ReadingTried(reading=Reading.printed, number=f"{kind.value} {container.number} (in a picture)", pages=pictured, doubtful=True))
        uncertain = uncertain or bool(pictured) or unread
    return Resolved(container=container, readings=tuple(tried), uncertain=uncertain)



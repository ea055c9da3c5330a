"""Folios drawn rather than typed: a slide number in the pixels of a full-page background, digits
exported as outlines or strokes. No text layer holds them, so before a page number is claimed
missing, the margins of every page with text (the top and bottom FOLIO_BAND, the side SIDE_BAND)
are read by OCR where a picture or a drawing reaches into them. A number read there is a doubtful
printed reading; a margin OCR could not read keeps the claim from being made.

Only the claim path reads them (engine.containers): the cost is paid when a claim is about to be made.
"""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pymupdf

from widening.facts.document import Doc
from widening.facts.folios import FOLIO_BAND, SIDE_BAND, accept_folios, folio_value
from widening.facts.geometry import union
from widening.models import FolioCandidate, PageFacts, PageKind, Reading, ReadingTried, TextLine
from widening.probes.picture_words import (
    VECTOR_AREA_GAP_PT,
    VECTOR_MAX_AREAS,
    VECTOR_MAX_LETTER_PT,
    picture_groups,
    stored_lines,
)

# A path is passed over only when it cannot draw a digit: flatter than DRAWN_MIN_PT (a rule, an
# underline, whatever its stroke width) or taller than any lettering (VECTOR_MAX_LETTER_PT: a frame,
# a page-sized fill). Drawings are read group by group, tight (DRAWN_PAD_PT round them): a small
# drawn number was lost when its whole band was read.
DRAWN_MIN_PT = 1.5
DRAWN_PAD_PT = 12.0
# A render whose every pixel lies within FLAT_TOLERANCE of its median colour shows no glyph (a plain
# tint of a background): it is not read. Otherwise each patch of pixels that differ is read on its
# own (_inked): a lone digit in a band wide as the page was not found when the band was read whole,
# and was found in its patch at every enlargement tried; patches cost a fraction of the band.
FLAT_TOLERANCE = 12
INK_JOIN_PX = 9
INK_PAD_PX = 16
MAX_INK_PATCHES = 24
FOLIO_MARGINS = "folio_margins_v2"
Box = tuple[float, float, float, float]


def span(number: str, last: str | None = None) -> tuple[int, int, bool] | None:
    """(lo, hi, roman) of a page number or range as the question gives it; None when unreadable."""
    from widening.facts.readings import parse_number

    a, ra = parse_number(number)
    b, rb = parse_number(last) if last is not None else (a, ra)
    if a is None or b is None:
        return None
    return min(a, b), max(a, b), ra and rb


def folio_margins(width: float, height: float) -> tuple[pymupdf.Rect, ...]:
    """The places a folio is printed: the top and bottom bands, and the side margins between them."""
    band, side = FOLIO_BAND * height, SIDE_BAND * width
    return (pymupdf.Rect(0, 0, width, band), pymupdf.Rect(0, height - band, width, height),
            pymupdf.Rect(0, band, side, height - band), pymupdf.Rect(width - side, band, width, height - band))


def drawn_margin_clips(doc: Doc, index: int) -> tuple[pymupdf.Rect, ...]:
    """The parts of page ``index``'s margins OCR reads: where a picture's pixels lie, and each group of
    drawings that may be a digit."""
    page = doc.page(index)
    rasters = [tuple(i["bbox"]) for i in page.get_image_info()]
    paths = []
    for d in page.get_cdrawings():
        if d.get("fill") is None and d.get("color") is None:
            continue  # an invisible path (a clip) draws nothing
        x0, y0, x1, y1 = d["rect"]
        ink = (d.get("width") or 0) / 2 if d.get("color") is not None else 0.0  # a stroke's ink reaches past its path
        if DRAWN_MIN_PT <= y1 - y0 <= VECTOR_MAX_LETTER_PT:
            paths.append((x0 - ink, y0 - ink, x1 + ink, y1 + ink))
    pf = doc.facts.page(index)
    out: list[pymupdf.Rect] = []
    for margin in folio_margins(pf.width, pf.height):
        if pictured := _inside(rasters, margin):
            out.append(pymupdf.Rect(union(pictured)) & margin)
        drawn = _inside(paths, margin)
        gap = VECTOR_AREA_GAP_PT
        groups = picture_groups(drawn, gap) if drawn else []
        while len(groups) > VECTOR_MAX_AREAS:
            gap *= 2
            groups = picture_groups(drawn, gap)
        for group in groups:
            x0, y0, x1, y1 = union(group)
            out.append(pymupdf.Rect(x0 - DRAWN_PAD_PT, y0 - DRAWN_PAD_PT, x1 + DRAWN_PAD_PT, y1 + DRAWN_PAD_PT) & page.rect)
    return tuple(out)


def _inside(boxes: list[Box], margin: pymupdf.Rect) -> list[Box]:
    # Overlap by coordinates: a straight stroke's box has no width, and pymupdf calls it empty.
    return [(max(b[0], margin.x0), max(b[1], margin.y0), min(b[2], margin.x1), min(b[3], margin.y1)) for b in boxes
            if b[0] <= margin.x1 and b[2] >= margin.x0 and b[1] <= margin.y1 and b[3] >= margin.y0]


def margin_lines(doc: Doc, index: int) -> tuple[TextLine, ...]:
    """What OCR reads where drawn content reaches into page ``index``'s margins (memoised, disk-cached)."""
    key = ("folio_margins", index)
    if key not in doc.memo:
        doc.memo[key] = stored_lines(doc, FOLIO_MARGINS, index, _read_margins)
    return doc.memo[key]


def textless_page(doc: Doc, index: int) -> pymupdf.Page:
    """Page ``index`` as it renders without its text layer, when that layer can be read as words (else the page
    itself): OCR then reads only the drawn and pictured ink, which is all it is asked for (the folio reader has
    judged the layer's numbers). A layer with any code point that stands for no letter is kept: a digit its
    font cannot say is read from its pixels."""
    from widening.facts.legibility import odd, unreadable_layer

    if unreadable_layer(doc, index) or any(odd(ch) for ch in doc.facts.page(index).text):
        return doc.page(index)
    if ("textless_pdf",) not in doc.memo:
        # A copy of the file as opened (rotation already removed): redaction rewrites a page's content.
        doc.memo[("textless_pdf",)] = (pymupdf.open("pdf", doc.pdf.tobytes()), set())
    copy, stripped = doc.memo[("textless_pdf",)]
    page = copy[index - 1]
    if index not in stripped:
        stripped.add(index)
        page.add_redact_annot(page.rect)
        # Only characters go: every picture and every path stays, pixel for pixel.
        page.apply_redactions(images=pymupdf.PDF_REDACT_IMAGE_NONE, graphics=pymupdf.PDF_REDACT_LINE_ART_NONE,
                              text=pymupdf.PDF_REDACT_TEXT_REMOVE)
    return page


def _read_margins(doc: Doc, index: int) -> tuple[TextLine, ...]:
    from widening.facts import ocr  # an import error is "OCR unavailable", never "no number"

    page = textless_page(doc, index)
    # Renders identical byte for byte (a header logo on every page) are read once per document.
    seen = doc.memo.setdefault(("folio_margins_seen",), {})
    out: list[TextLine] = []
    for clip in drawn_margin_clips(doc, index):
        pixels = ocr.render_clip(page, clip)
        for part in _inked(pixels) if pixels is not None else ():
            # Enlarged as a picture is (at most PICTURE_MAX_UPSCALE): a band enlarged to the detector's
            # 736 px lost a slide number in a background picture's corner.
            out.extend(line for line, _ in ocr.read_pixels(part, ocr.PICTURE_MAX_UPSCALE, seen))
    return tuple(out)


def _inked(pixels: Any) -> list[Any]:
    """The parts of ``pixels`` that show something: each patch of pixels differing from the render's
    median colour (grown by INK_JOIN_PX, so a number's digits and a line's words stay one patch), cut
    with INK_PAD_PX round it; none when the render is flat. More than MAX_INK_PATCHES: one cut round all."""
    rgb = pixels.rgb
    median = np.median(rgb.reshape(-1, rgb.shape[2]), axis=0).astype(np.int16)
    mask = (np.abs(rgb.astype(np.int16) - median) > FLAT_TOLERANCE).any(axis=2).astype(np.uint8)
    if not mask.any():
        return []
    mask = cv2.dilate(mask, np.ones((INK_JOIN_PX, INK_JOIN_PX), np.uint8))
    count, _, stats, _ = cv2.connectedComponentsWithStats(mask)
    boxes = [(int(x), int(y), int(x + w), int(y + h)) for x, y, w, h, _ in stats[1:count]]
    if len(boxes) > MAX_INK_PATCHES:
        boxes = [(min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))]
    h, w = rgb.shape[:2]
    out = []
    for bx0, by0, bx1, by1 in boxes:
        x0, y0 = max(0, bx0 - INK_PAD_PX), max(0, by0 - INK_PAD_PX)
        x1, y1 = min(w, bx1 + INK_PAD_PX), min(h, by1 + INK_PAD_PX)
        clip = pymupdf.Rect(pixels.clip.x0 + x0 * pixels.sx, pixels.clip.y0 + y0 * pixels.sy,
                            pixels.clip.x0 + x1 * pixels.sx, pixels.clip.y0 + y1 * pixels.sy)
        out.append(type(pixels)(np.ascontiguousarray(rgb[y0:y1, x0:x1]), clip, pixels.sx, pixels.sy))
    return out


# Letters OCR reads for a digit in a short number ("19" read "I9", "l9", "1O"): a word of at most
# MISREAD_LEN characters, a digit among them, is also read with these put back.
_AS_DIGIT = str.maketrans({"I": "1", "l": "1", "|": "1", "i": "1", "O": "0", "o": "0", "D": "0", "S": "5", "s": "5",
                           "B": "8", "Z": "2", "z": "2", "G": "6", "b": "6", "g": "9", "q": "9"})
MISREAD_LEN = 4


def _misread(word: str) -> int | None:
    """The number a short word that mixes digits with letters OCR takes for digits stands for, else None."""
    w = word.strip("()[].,;:-–—")
    if not 1 < len(w) <= MISREAD_LEN or not any(ch.isdigit() for ch in w) or w.isdigit():
        return None
    fixed = w.translate(_AS_DIGIT)
    return int(fixed) if fixed.isascii() and fixed.isdigit() else None


def _numbers(text: str, roman: bool) -> list[int]:
    """The folio values a line read by OCR may print: the whole line, or a number in digits at either end
    of it, each also with a letter OCR reads for a digit put back ("I9": 19). Roman numerals only when the
    question's is one: OCR cuts a word to a lone "d" or "D" (500)."""
    whole = folio_value(text)
    if roman:
        return [whole[0]] if whole is not None and whole[1] else []
    if whole is not None:
        # "49|" is a framed 49 or a 491 with its "1" read as a bar: both.
        return [whole[0], *((v,) if (v := _misread(text.strip())) not in (None, whole[0]) else ())] if not whole[1] else []
    words = text.split()
    ends = {words[0], words[-1]} if words else set()
    out = [int(w) for w in ends if len(words) > 1 and w.isascii() and w.isdigit()]
    return out + [v for w in ends if (v := _misread(w)) is not None]


def _candidate(line: TextLine, value: int, roman: bool, height: float) -> FolioCandidate:
    cy = (line.bbox[1] + line.bbox[3]) / 2
    band = "top" if cy <= FOLIO_BAND * height else "bottom" if cy >= (1 - FOLIO_BAND) * height else "side"
    return FolioCandidate(text=line.text[:40], value=value, roman=roman, bbox=line.bbox, band=band, alone=folio_value(line.text) is not None)


def _in_layer(doc: Doc, index: int, line: TextLine, value: int) -> bool:
    """True when the text layer (on a page read by OCR: the page's own OCR lines) prints ``value`` where the
    margin's OCR read it (a chart's axis tick "100" re-read): the folio reader has judged that number
    already, so the render adds nothing to it."""
    key = ("layer_numbers", index)
    if key not in doc.memo:
        pf = doc.facts.page(index)
        if pf.text_source == "ocr":
            words = [(l.bbox, w.strip(_PUNCT)) for l in pf.ocr_lines for w in l.text.split()]
        else:
            words = [(w[:4], w[4].strip(_PUNCT)) for w in doc.page(index).get_text("words")]
        doc.memo[key] = words
    box = pymupdf.Rect(line.bbox)
    return any(text == str(value) and box.intersects(pymupdf.Rect(b)) for b, text in doc.memo[key])


_PUNCT = "()[].,;:-–—"


def _margins_read(p: PageFacts) -> bool:
    """Whether page ``p``'s margins are read here: every page with something on it. An image-only page's
    OCR read its margins already, but read whole at the detector's size it passes over a lone small
    folio ("19" at the foot of a scan, read on the page before and not on this one): a folio OCR did not
    read is no folio that is absent, so its margins are read patch by patch too."""
    return p.kind is not PageKind.empty


def drawn_folio_pages(doc: Doc, number: str, last: str | None = None) -> ReadingTried | None:
    """Pages whose margins print ``number`` (or one of ``number``-``last``) in drawn content OCR reads, as a
    doubtful printed reading; where OCR cannot read them, a reading with no page saying so (the container
    is then uncertain, not missing)."""
    asked = span(number, last)
    if asked is None:
        return None
    lo, hi, roman = asked
    label = number if last is None else f"{number}-{last}"
    reads: dict[int, list[FolioCandidate]] = {}
    unread: dict[int, str] = {}
    for p in doc.facts.pages:
        # A page with a folio accepted is read too: the run test is tuned ("Update 1" on p1 taken for a
        # folio), the drawn number may be the folio. An image-only page is read too (_margins_read).
        if not _margins_read(p):
            continue
        try:
            lines = margin_lines(doc, p.index)
        except Exception as exc:  # an OCR crash or a missing engine is could-not-read, never "no number"
            unread[p.index] = f"{type(exc).__name__}: {exc}"
            continue
        reads[p.index] = [_candidate(line, v, roman, p.height) for line in lines for v in _numbers(line.text, roman)
                          if not _in_layer(doc, p.index, line, v)]
    if last is None:
        pages = [i for i, cs in reads.items() if any(lo <= c.value <= hi for c in cs)]
    else:
        # A range is printed on a run of pages: numbers read alone on a page (a chart's ticks "102",
        # "104" in a figure at the top) are no reading of one unless the run test takes them, as for
        # the text layer's top and bottom bands (containers._unfound_readings).
        sizes = {p.index: (p.width or 1.0, p.height or 1.0) for p in doc.facts.pages}
        accepted = accept_folios(reads, sizes)
        pages = [i for i, cs in accepted.items() if any(c.accepted and lo <= c.value <= hi for c in cs)]
    if pages:
        return ReadingTried(reading=Reading.printed, number=f"{label} (read by OCR in a page margin's drawn content)",
                            pages=tuple(pages), doubtful=True)
    if unread:
        first = min(unread)
        return ReadingTried(reading=Reading.printed, doubtful=True, pages=(),
                            number=f"{label} (the drawn margins of {len(unread)} page(s) could not be read, e.g. p{first}: {unread[first]})")
    return None

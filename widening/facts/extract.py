"""Document facts: measured once per PDF, cached, then read by every probe and rule.

One text-page pass per page gives the text, the words (for folios and captions) and
the displayed images (for the page kind); everything else is derived from those.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pymupdf

from widening import ENGINE_VERSION
from widening.errors import DocumentError
from widening.facts.document import Doc, open_pdf, sha256_file
from widening.facts.captions import CAPTION_LIKE, find_captions
from widening.facts.ink import LetteringUnread
from widening.facts.folios import accept_folios, band_limits, folio_candidates, in_side_margin, printed_folios, side_limits
from widening.facts.kinds import FULL_PAGE, classify
from widening.facts.lines import Line, lines_from_ocr, lines_from_words
from widening.models import Caption, DocumentFacts, FolioCandidate, PageFacts, PageKind, TextLine

_FLAGS = pymupdf.TEXTFLAGS_TEXT | pymupdf.TEXT_PRESERVE_IMAGES

OcrFn = Callable[[pymupdf.Page], "tuple[TextLine, ...]"]

# MuPDF's own words when it could not read all of a page's content and went on without the rest (a
# corrupt or cut-short content stream, a syntax error that swallows the operators after it). The page
# then reads as if that content were not there, and a probe would report a measured zero (pitfall 12):
# such a PDF is refused like a repaired one. Matched on MuPDF's warnings for the page's text pass.
# Messages that lose nothing are not here: a bad checksum after complete data ("ignoring zlib error"),
# a stream missing only its end marker ("premature end of data in flate filter"), "gstate underflow".
LOST_CONTENT = (
    "page may not be correct",  # after any syntax error while interpreting the page
    "treating as end of file",  # a read error inside a stream: the rest of it is dropped
    "ignoring rest of",  # too many syntax errors: the rest of the page is dropped
    "too many syntax errors",
    "library error",  # an error MuPDF caught inside the page and went on past
)


def _lost_content(warnings: str) -> str | None:
    """The first MuPDF warning that says content was dropped, else None."""
    for line in warnings.splitlines():
        if any(m in line for m in LOST_CONTENT):
            return line.strip()
    return None


def _refuse_damaged(pdf: pymupdf.Document, index: int, why: str) -> DocumentError:
    return DocumentError(
        "pdf_damaged", (pdf.name or "PDF",),
        f"page {index} cannot be read whole (MuPDF: {why}), so its content may be incomplete",
    )


def _refuse_not_pdf(pdf: pymupdf.Document) -> None:
    """Refuse a file MuPDF opened as something other than a PDF.

    ``pymupdf.open(path, filetype="pdf")`` is a hint, not a demand: MuPDF sniffs the content, and a web
    page, an SVG or an XML file with "%PDF" in its first kilobyte (the header check ``open_pdf`` makes)
    opens as HTML or SVG. Reading it as a PDF then failed deep inside (an AssertionError from the page
    labels), which the audit counted as the engine failing (exit 2) rather than one unreadable file."""
    if not pdf.is_pdf:
        fmt = (pdf.metadata or {}).get("format") or "another format"
        raise DocumentError("not_a_pdf", (pdf.name or "file",), f"file is not a PDF (MuPDF reads it as {fmt})")


def _ocr_fn() -> tuple[OcrFn | None, str | None, str | None]:
    """The OCR entry point, its engine name, or why it is unavailable."""
    try:
        from widening.facts import ocr  # written alongside: rapidocr behind ``ocr_page(page)``
    except Exception as exc:  # missing module, missing model, broken runtime
        return None, None, f"OCR unavailable: {type(exc).__name__}: {exc}"
    return ocr.ocr_page, getattr(ocr, "ENGINE", "rapidocr"), None


def _layer_folios_captions(tp: pymupdf.TextPage, text: str, index: int, width: float, height: float) -> tuple[list[FolioCandidate], list[Caption]]:
    # Grouping every word into lines is the costly part; only band and side-margin words are
    # grouped for folios, and all words only on pages whose text has a caption-like line.
    words = tp.extractWORDS()
    if not words:
        return [], []
    limits = band_limits(((min(w[1] for w in words), max(w[3] for w in words)),), height)
    top2, bottom2 = 2 * limits[0], 2 * limits[1]
    band = [w for w in words if w[1] + w[3] < top2 or w[1] + w[3] > bottom2]
    mid = [w for w in words if top2 <= w[1] + w[3] <= bottom2]
    sides = side_limits(((w[0], w[2]) for w in mid), width)
    # A side-margin word that shares its layer line with text beyond the margin (a hanging list
    # number, a line number set in the line itself) is part of that line, not a folio of its own.
    lines_in = {(w[5], w[6]) for w in mid if not in_side_margin(w[:4], sides)}
    side = [w for w in mid if in_side_margin(w[:4], sides) and (w[5], w[6]) not in lines_in]
    cands = folio_candidates(lines_from_words(band + side), height, limits, sides=sides)
    caps = find_captions(lines_from_words(words), index) if CAPTION_LIKE.search(text) else []
    return cands, caps


def _own_kind(pdf: pymupdf.Document, page: pymupdf.Page, images: list) -> PageKind | None:
    """The kind of ``page`` read without its annotations and form fields, when that says it is a scan.

    MuPDF reads the text of annotation and widget appearances (a FreeText comment, a filled-in form
    field, a stamp) as page text, so a scanned page carrying one looked born-digital: no OCR ran, and
    its OCR layer (GlyphLessFont, render mode 3) was taken for real type. Those overlays are not the
    page's text layer: a page that is a scan (or a scan with an OCR layer) without them is one with
    them. OCR renders the page with its overlays, so their words are still read. None when the page
    has no overlay, no full-page picture, or is born-digital either way."""
    if page.first_annot is None and page.first_widget is None:
        return None
    area = abs(page.rect) or 1.0
    if not any(abs(pymupdf.Rect(b[:4]) & page.rect) / area > FULL_PAGE for b in images):
        return None
    bare = pymupdf.open()
    try:
        bare.insert_pdf(pdf, from_page=page.number, to_page=page.number, links=0, annots=0, widgets=0)
        own = bare[0]
        tp = own.get_textpage(flags=_FLAGS)
        blocks = tp.extractBLOCKS()
        kind = classify(own, tp.extractText(), [tuple(b[:4]) for b in blocks if b[6] == 1],
                        [tuple(b[:4]) for b in blocks if b[6] == 0 and b[4].strip()])
    except Exception:  # a page that cannot be copied keeps the kind read with its overlays
        return None
    finally:
        bare.close()
    return kind if kind in (PageKind.image_only, PageKind.scanned_ocr) else None


def compute_facts(pdf: pymupdf.Document, sha256: str, repaired: bool = False, ocr: bool = True) -> DocumentFacts:
    """Measure every page: kind, text (layer or OCR), label, printed folios with their candidates, captions."""
    _refuse_not_pdf(pdf)
    has_labels = bool(pdf.get_page_labels())
    ocr_fn, ocr_engine, ocr_missing = _ocr_fn() if ocr else (None, None, None)
    raw: list[dict] = []
    cands: dict[int, list[FolioCandidate]] = {}
    sizes: dict[int, tuple[float, float]] = {}
    captions: list[Caption] = []
    for page in pdf:
        index = page.number + 1
        w, h = page.rect.width, page.rect.height  # page.rect is recomputed on every access
        pymupdf.TOOLS.mupdf_warnings(reset=True)  # what ran before (another page's OCR) is not this page's
        try:
            tp = page.get_textpage(flags=_FLAGS)
        except RuntimeError as exc:  # MuPDF gave up on the page (nesting too deep, a broken object)
            if any(m in str(exc).lower() for m in ("memory", "malloc")):
                raise  # the tool ran out of memory: not the PDF's fault, the runner says so
            raise _refuse_damaged(pdf, index, str(exc).strip() or type(exc).__name__) from exc
        lost = _lost_content(pymupdf.TOOLS.mupdf_warnings(reset=True))
        if lost is not None and not repaired:  # a repaired PDF was let in knowing it is incomplete (facts.repaired)
            raise _refuse_damaged(pdf, index, lost)
        text = tp.extractText()
        blocks = tp.extractBLOCKS()
        images = [tuple(b[:4]) for b in blocks if b[6] == 1]
        kind = classify(page, text, images, [tuple(b[:4]) for b in blocks if b[6] == 0 and b[4].strip()])
        if kind is PageKind.born_digital and images:
            kind = _own_kind(pdf, page, images) or kind
        row: dict = dict(index=index, width=w, height=h, label=(page.get_label() or None) if has_labels else None, kind=kind, image_count=len(images))
        if kind is PageKind.empty:
            row.update(drawing_count=0, drawings_counted=True)
        lines: list[Line] = []
        if kind is PageKind.image_only:
            if not ocr:
                row["ocr_error"] = "OCR switched off"
            elif ocr_fn is None:
                row["ocr_error"] = ocr_missing
            else:
                try:
                    got = tuple(ocr_fn(page))
                    row.update(ocr_lines=got, text="\n".join(l.text for l in got), text_source="ocr")
                    lines = lines_from_ocr(got)
                except LetteringUnread as exc:  # OCR ran, and the page shows lines it read no word of
                    row["ocr_error"] = f"OCR read no word: {exc}"
                except Exception as exc:  # an OCR crash is could-not-read, never "no text"
                    row["ocr_error"] = f"OCR failed: {type(exc).__name__}: {exc}"
            if text.strip() and row.get("text_source") != "ocr":
                row.update(text=text, text_source="layer")
        sizes[index] = (w or 1.0, h or 1.0)
        if lines:  # OCR lines
            cands[index] = folio_candidates(lines, h, width=w)
            captions.extend(find_captions(lines, index))
        elif text.strip():
            row.update(text=text, text_source="layer")
            cands[index], found = _layer_folios_captions(tp, text, index, w, h)
            captions.extend(found)
        else:
            cands[index] = []
        raw.append(row)
    accepted = accept_folios(cands, sizes)
    pages = tuple(
        PageFacts(**row, printed=printed_folios(accepted[row["index"]]), folio_candidates=tuple(accepted[row["index"]])) for row in raw
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


def load_doc(path: Path, ocr: bool = True, allow_repaired: bool = False) -> Doc:
    """Open ``path`` and compute its facts. Raises DocumentError for unusable files.

    A PDF MuPDF had to repair is refused unless ``allow_repaired``, as ``load_doc_cached`` refuses it:
    repair drops what it cannot find, and a page that lost its content would be measured as empty."""
    pdf, repaired = open_pdf(Path(path))
    try:
        if repaired and not allow_repaired:
            raise DocumentError(
                "pdf_damaged", (str(path),), "PDF is damaged (truncated or broken xref; MuPDF had to repair it), so its content may be incomplete"
            )
        facts = compute_facts(pdf, sha256_file(Path(path)), repaired, ocr=ocr)
    except BaseException:
        pdf.close()
        raise
    return Doc(path=Path(path), pdf=pdf, facts=facts)

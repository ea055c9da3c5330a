"""Document facts: measured once per PDF, cached, then read by every probe and rule."""

from __future__ import annotations

import re
from pathlib import Path

import pymupdf

from widening import ENGINE_VERSION
from widening.document import Doc, open_pdf, sha256_file
from widening.models import Caption, DocumentFacts, PageFacts, PageKind

_FOLIO = re.compile(r"^(?:page\s*)?(\d{1,4}|[ivxlcdm]{1,7})$", re.I)
_CAPTION = re.compile(
    r"^\s*(?P<kind>fig(?:ure)?\.?|table|chart)\s*(?P<num>[A-Z]?\d+(?:[-.]\d+)?|[A-Z])\b[:.]?",
    re.I,
)
# A folio sits in the top or bottom band of the page.
_FOLIO_BAND = 0.12


def classify_page(page: pymupdf.Page, text: str) -> PageKind:
    """born-digital, scanned with an OCR layer, image only, or empty (pitfalls 6 and 13)."""
    area = abs(page.rect) or 1.0
    infos = page.get_image_info()
    big_image = any(abs(pymupdf.Rect(i["bbox"]) & page.rect) / area > 0.8 for i in infos)
    if not text.strip():
        if infos:
            return PageKind.image_only
        return PageKind.empty if not page.get_drawings() else PageKind.born_digital
    if big_image:
        fonts = {f[3] for f in page.get_fonts()}
        if any("GlyphLess" in f for f in fonts) or _all_invisible(page):
            return PageKind.scanned_ocr
    return PageKind.born_digital


def _all_invisible(page: pymupdf.Page) -> bool:
    # Render mode 3 (neither filled nor stroked) is the classic hidden OCR layer.
    try:
        trace = page.get_texttrace()
    except Exception:
        return False
    return bool(trace) and all(t.get("type") == 3 for t in trace)


def printed_folios(page: pymupdf.Page) -> tuple[str, ...]:
    """Short numbers (arabic or roman) standing alone in the top or bottom band."""
    h = page.rect.height
    out: list[str] = []
    for x0, y0, x1, y1, word, *_ in page.get_text("words"):
        if y1 > _FOLIO_BAND * h and y0 < (1 - _FOLIO_BAND) * h:
            continue
        m = _FOLIO.match(word.strip())
        if m and m.group(1).lower() not in out:
            out.append(m.group(1).lower())
    return tuple(out)


def find_captions(page: pymupdf.Page, index: int) -> list[Caption]:
    out: list[Caption] = []
    for block in page.get_text("blocks"):
        x0, y0, x1, y1, text = block[:5]
        m = _CAPTION.match(text)
        if not m:
            continue
        word = m.group("kind").lower()
        kind = "figure" if word.startswith("fig") else ("table" if word == "table" else "chart")
        out.append(Caption(kind=kind, number=m.group("num"), page=index, bbox=(x0, y0, x1, y1), text=text.strip()[:200]))
    return out


def compute_facts(pdf: pymupdf.Document, sha256: str, repaired: bool = False) -> DocumentFacts:
    pages: list[PageFacts] = []
    captions: list[Caption] = []
    for page in pdf:
        index = page.number + 1
        text = page.get_text()
        kind = classify_page(page, text)
        pages.append(
            PageFacts(
                index=index,
                width=page.rect.width,
                height=page.rect.height,
                label=page.get_label() or None,
                printed=printed_folios(page) if kind is PageKind.born_digital else (),
                kind=kind,
                text=text,
                text_source="layer" if text.strip() else "none",
                image_count=len(page.get_image_info()),
                drawing_count=len(page.get_drawings()),
            )
        )
        if kind is not PageKind.image_only:
            captions.extend(find_captions(page, index))
    return DocumentFacts(
        sha256=sha256,
        engine_version=ENGINE_VERSION,
        page_count=pdf.page_count,
        pages=tuple(pages),
        captions=tuple(captions),
        repaired=repaired,
    )


def load_doc(path: Path) -> Doc:
    """Open ``path`` and compute its facts. Raises DocumentError for unusable files."""
    pdf, repaired = open_pdf(path)
    facts = compute_facts(pdf, sha256_file(path), repaired)
    return Doc(path=path, pdf=pdf, facts=facts)

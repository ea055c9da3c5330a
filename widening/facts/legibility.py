"""Whether a page's words can be read: where they come from (``page_text_status``), and whether
its text layer can be read as the words it shows (``unreadable_layer``).

A composite (Type0) font with an Identity encoding and no /ToUnicode map carries glyph numbers
only: nothing in the file says which letter a glyph draws, and MuPDF extracts glyph numbers as
if they were characters ("Beijing" reads "%HLMLQJ"). Searching such a layer for a word measures
nothing, so the page counts as unread for every probe that reads the text layer, never as
"the word is absent". Certain by construction: it looks at the font dictionaries, not at the text.
"""

from __future__ import annotations

from typing import Literal

from widening.facts.document import Doc
from widening.models import PageFacts, PageKind

TextStatus = Literal["text_layer", "ocr_words", "ocr_none", "blind", "empty"]

_IDENTITY = ("/Identity-H", "/Identity-V")


def _unmapped_fonts(doc: Doc) -> dict[int, str]:
    """Font xref -> base font name, for the document's composite fonts with no Unicode map (memoised)."""
    key = ("unmapped_fonts",)
    if key not in doc.memo:
        out: dict[int, str] = {}
        pdf = doc.pdf
        for index in range(pdf.page_count):
            for xref, _ext, ftype, basefont, *_rest in pdf.get_page_fonts(index, full=True):
                if xref in out or ftype != "Type0":
                    continue
                if pdf.xref_get_key(xref, "ToUnicode")[0] == "null" and pdf.xref_get_key(xref, "Encoding")[1] in _IDENTITY:
                    out[xref] = basefont or f"font {xref}"
        doc.memo[key] = out
    return doc.memo[key]


def unreadable_layer(doc: Doc, index: int) -> str | None:
    """Why page ``index``'s text layer cannot be read as words, or None when it can."""
    unmapped = _unmapped_fonts(doc)
    if not unmapped:
        return None
    names = sorted({unmapped[f[0]] for f in doc.pdf.get_page_fonts(index - 1, full=True) if f[0] in unmapped})
    if not names:
        return None
    return f"text layer in font(s) with no Unicode map ({', '.join(names[:3])}: Type0, Identity encoding, no ToUnicode): its letters cannot be read"


def page_text_status(facts: PageFacts) -> TextStatus:
    """Where a page's words come from: its text layer, OCR with words, OCR with none, or nowhere (blind).

    Derived from the cached facts: an image-only page whose OCR ran has ``text_source ==
    'ocr'`` (with or without lines); one whose OCR did not run or failed has ``ocr_error``.
    """
    if facts.kind is PageKind.empty:
        return "empty"
    if facts.kind is not PageKind.image_only:
        return "text_layer"
    if facts.text_source == "ocr" and facts.ocr_error is None:
        return "ocr_words" if facts.ocr_lines else "ocr_none"
    return "blind"


def words_unread(doc: Doc) -> list[int]:
    """The pages whose words were not read: blind (an image-only page OCR did not read, whatever a
    stamp left in its text layer) or with a text layer that cannot be read as words (memoised)."""
    key = ("words_unread",)
    if key not in doc.memo:
        doc.memo[key] = [p.index for p in doc.facts.pages if page_text_status(p) == "blind" or unreadable_layer(doc, p.index)]
    return doc.memo[key]

"""Opening a PDF safely, and the handle every probe receives.

I/O lives here: the probes get a ``Doc`` and never open files themselves.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pymupdf

from widening.errors import DocumentError
from widening.models import DocumentFacts

# Regions a question can name, as fractions of the page (x0, y0, x1, y1). They are
# deliberately generous: an absence check over a larger region can only find more.
REGIONS: dict[str, tuple[float, float, float, float]] = {
    "top_left": (0.0, 0.0, 0.6, 0.6),
    "top_right": (0.4, 0.0, 1.0, 0.6),
    "bottom_left": (0.0, 0.4, 0.6, 1.0),
    "bottom_right": (0.4, 0.4, 1.0, 1.0),
    "top": (0.0, 0.0, 1.0, 0.6),
    "bottom": (0.0, 0.4, 1.0, 1.0),
    "left": (0.0, 0.0, 0.6, 1.0),
    "right": (0.4, 0.0, 1.0, 1.0),
}
# The part of each region no reader would place elsewhere: the generous one less the middle band it
# shares with the region opposite, so each inner edge moves to where the opposite region begins (its
# mirror about the page's middle: 0.6 -> 0.4). A find in that band is looked at (it may be what the
# question means) but is no ground for saying the region holds the thing: it is a doubt, not a member.
REGION_CORES: dict[str, tuple[float, float, float, float]] = {
    name: tuple(1 - f if 0 < f < 1 else f for f in box)  # type: ignore[misc]
    for name, box in REGIONS.items()
}


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def why_no_file(path: Path) -> str | None:
    """Why there is no file to read at ``path``, or None when there is one (a symlink to one is one).

    The documents folder is the maintainer's: a link whose target is gone (a pruned hub cache, a
    git-annex file never fetched) or a folder under a PDF's name is an entry to fix, not a PDF that
    was never there, so the reason says which, and where the link points."""
    if path.is_file():
        return None
    if path.is_symlink():
        target = os.readlink(path)
        final = os.path.realpath(path)  # never raises; a loop ends somewhere that does not exist
        where = target if os.path.normpath(os.path.join(path.parent, target)) == final else f"{target} (ends at {final})"
        if path.is_dir():
            return f"a symbolic link to a folder, not a file: {where}"
        if path.exists():
            return f"a symbolic link to something that is not a regular file: {where}"
        return f"a symbolic link to a missing target: {where}"
    if path.is_dir():
        return "a folder, not a file"
    if path.exists():
        return "not a regular file (a device, a socket or a pipe)"
    return "not found"


def open_pdf(path: Path) -> tuple[pymupdf.Document, bool]:
    """Open ``path`` as a PDF; return (document, repaired). Raise DocumentError with a reason."""
    loc = (str(path),)
    why = why_no_file(path)
    if why is not None:
        raise DocumentError("pdf_missing", loc, "PDF not found" if why == "not found" else f"no PDF to open: {path.name} is {why}")
    with path.open("rb") as fh:
        head = fh.read(1024)
    if b"%PDF" not in head:
        raise DocumentError("not_a_pdf", loc, "file is not a PDF (no %PDF header)")
    try:
        pdf = pymupdf.open(path, filetype="pdf")
    except Exception as exc:  # PyMuPDF raises several types for broken files
        raise DocumentError("pdf_corrupt", loc, f"PDF cannot be opened: {exc}") from exc
    if pdf.needs_pass or pdf.is_encrypted:
        pdf.close()
        raise DocumentError("pdf_encrypted", loc, "PDF is encrypted; a password is needed")
    if pdf.page_count == 0:
        pdf.close()
        raise DocumentError("pdf_empty", loc, "PDF has zero pages")
    # MuPDF repairs broken xref tables silently on open; record that it did.
    repaired = bool(getattr(pdf, "is_repaired", False))
    # A page with /Rotate gives its words, drawings and images in the unrotated frame, but
    # page.rect, regions and renders are in the rotated one: a probe comparing the two dropped what
    # lay outside their overlap (a third of a landscape page). The rotation is baked into the
    # content, in memory only (same appearance, links and annotations moved too), so every
    # reading is in the frame a reader sees, the one pdfplumber uses.
    for page in pdf:
        if page.rotation:
            _derotate(page)
    return pdf, repaired


# What _derotate prefixed to a page's content (page number -> the ``cm`` matrix), kept on the open
# document (in memory; a pymupdf.Document takes no weak reference): a box the file gives in the page's
# space as written (a placed page's, from get_xobjects) moves by it, as the content did.
_PREFIXED_CM = "_widening_prefixed_cm"


def pdf_to_page(page: pymupdf.Page) -> pymupdf.Matrix:
    """From ``page``'s PDF space as written in the file (where ``get_xobjects`` places a form) to the page's
    coordinates every reading uses: the rotation ``_derotate`` baked in, then the CropBox's offset and y's flip."""
    prefixed = getattr(page.parent, _PREFIXED_CM, {}).get(page.number)
    return (prefixed if prefixed is not None else pymupdf.Identity) * page.transformation_matrix


def _derotate(page: pymupdf.Page) -> None:
    """Bake ``page``'s /Rotate into its content, keeping what it shows (its CropBox within its MediaBox).

    PyMuPDF's ``remove_rotation`` turns the content within the MediaBox: at 90 and 270 it drops the
    CropBox (``set_mediabox`` deletes it), so a cropped page grew to its MediaBox and "the bottom of
    page 2" was looked for where the crop had hidden (a picture in the shown bottom half was widened);
    at 180 the CropBox stays where the turned content no longer is. A page shows only its CropBox, so
    that part is made the MediaBox first: same appearance, nothing outside it to turn."""
    doc = page.parent
    mb, cb = page.mediabox, page.cropbox  # MediaBox in PDF space; CropBox's y measured down from the MediaBox top
    shown = pymupdf.Rect(cb.x0, mb.y1 - cb.y1, cb.x1, mb.y1 - cb.y0) & mb
    if not shown.is_empty and max(abs(a - b) for a, b in zip(shown, mb)) > 0.01:
        box = "[%g %g %g %g]" % tuple(shown)
        doc.xref_set_key(page.xref, "MediaBox", box)
        doc.xref_set_key(page.xref, "CropBox", box)
    prefixed = ~page.remove_rotation()  # it returns the inverse of the matrix it put before the content
    if not hasattr(doc, _PREFIXED_CM):
        setattr(doc, _PREFIXED_CM, {})
    getattr(doc, _PREFIXED_CM)[page.number] = prefixed
    mb = page.mediabox
    if page.cropbox != pymupdf.Rect(mb.x0, 0, mb.x1, mb.height):
        # A CropBox inherited from the page tree (set_mediabox deleted the page's own): in the old frame, not this one.
        doc.xref_set_key(page.xref, "CropBox", "[%g %g %g %g]" % tuple(mb))


@dataclass
class Doc:
    """An open PDF plus its facts. Pages are addressed 1-based everywhere."""

    path: Path
    pdf: pymupdf.Document
    facts: DocumentFacts
    # Readings a probe makes more than once per document (legend glyphs, word tokens), by a key
    # the probe chooses; they live as long as the open document.
    memo: dict[Any, Any] = field(default_factory=dict, repr=False)
    # The on-disk cache (a facts.cache.Cache, untyped here: that module opens documents), when
    # the caller has one (the audit): slow readings are kept there.
    store: Any = field(default=None, repr=False)

    def page(self, index: int) -> pymupdf.Page:
        if not 1 <= index <= self.pdf.page_count:
            raise IndexError(f"page {index} outside 1..{self.pdf.page_count}")
        return self.pdf[index - 1]

    def region_rect(self, index: int, region: str | None) -> pymupdf.Rect:
        """The rectangle of ``region`` on page ``index`` (the whole page when None).

        On a sheet that prints several pages side by side (folios apart across it), "the top left
        of page 5" is the top left of one printed page, not of the sheet: the region is taken on
        the sheet and on each printed page, and their hull is looked at (a wider scope only finds
        more; ``region_core`` keeps claims to where every reading agrees)."""
        rect = self.page(index).rect
        if region is None:
            return rect
        if region not in REGIONS:
            raise ValueError(f"unknown region {region!r}; expected one of {sorted(REGIONS)}")
        out = None
        for turn in self.turns(index):
            part = _turned(REGIONS[region], turn)
            out = _part(rect, part) if out is None else out | _part(rect, part)
            for col in _columns(rect, self.printed_across(index)):
                out |= _part(col, part)
        return out

    def region_core(self, index: int, region: str) -> pymupdf.Rect:
        """The part of ``region`` on page ``index`` outside the middle band it shares with the region opposite.

        On a sheet of printed pages side by side, only where the sheet's core and a printed page's
        core agree (the largest such piece): a find elsewhere may lie in another part of the page asked."""
        rect = self.page(index).rect
        core = _part(rect, REGION_CORES[region])
        for turn in self.turns(index)[1:]:  # where every frame a viewer may show the page in agrees
            core &= _part(rect, _turned(REGION_CORES[region], turn))
            if core.is_empty:
                return pymupdf.Rect(rect.x0, rect.y0, rect.x0, rect.y0)  # holds nothing: every find is a doubt
        cols = _columns(rect, self.printed_across(index))
        if not cols:
            return core
        pieces = [core & _part(col, REGION_CORES[region]) for col in cols]
        pieces = [p for p in pieces if not p.is_empty]
        if not pieces:
            return pymupdf.Rect(core.x0, core.y0, core.x0, core.y0)  # holds nothing: every find is a doubt
        hull = pymupdf.Rect(pieces[0])
        for p in pieces[1:]:
            hull |= p
        if hull.width * hull.height <= sum(p.width * p.height for p in pieces) + 1e-6:
            return hull  # the pieces abut ("the top" of each printed page): one band
        return max(pieces, key=lambda p: p.width * p.height)

    def turns(self, index: int) -> tuple[int, ...]:
        """Quarter turns, from the frame page ``index`` is read in, of the frames a viewer may show it in: (0,)
        unless its /Rotate (its own or inherited) is no multiple of 90. Viewers then disagree: MuPDF turns the page
        to the nearest quarter turn, pdf.js and Poppler not at all, PDFium by the quarter turns the value holds
        whole; which one a reader used is not known, so every quarter turn is a reading of "the top left" there."""
        key = ("turns", index)
        if key not in self.memo:
            raw = _raw_rotation(self.pdf, self.page(index).xref)
            self.memo[key] = (0, 1, 2, 3) if raw is None or raw % 90 else (0,)
        return self.memo[key]

    def printed_across(self, index: int) -> int:
        """How many printed pages page ``index`` sets side by side: accepted folios of different
        values, apart across the sheet by a quarter of its width or more (1 when none are)."""
        width = self.page(index).rect.width
        seen: dict[tuple[int, bool], float] = {}
        for c in self.facts.page(index).folio_candidates:
            if c.accepted:
                seen.setdefault((c.value, c.roman), (c.bbox[0] + c.bbox[2]) / 2)
        xs = sorted(seen.values())
        groups = 1 if xs else 0
        for a, b in zip(xs, xs[1:]):
            if b - a >= width / 4:
                groups += 1
        return max(groups, 1)

    def close(self) -> None:
        """Close the PDF and any other copy of it a probe opened and kept in ``memo``."""
        for value in self.memo.values():
            if isinstance(value, pymupdf.Document) and value is not self.pdf and not value.is_closed:
                value.close()
        self.pdf.close()


def _raw_rotation(pdf: pymupdf.Document, xref: int) -> float | None:
    """The /Rotate page ``xref`` is given (its own, else the nearest ancestor's; 0 when none), as written: PyMuPDF's
    ``Page.rotation`` says 0 for a value that is no multiple of 90, which MuPDF still turns by. None when it cannot
    be read as a number (a viewer may turn the page any way)."""
    seen: set[int] = set()
    while xref and xref not in seen:
        seen.add(xref)
        kind, value = pdf.xref_get_key(xref, "Rotate")
        if kind != "null":
            try:
                return float(value)
            except ValueError:
                return None
        kind, value = pdf.xref_get_key(xref, "Parent")
        xref = int(value.split()[0]) if kind == "xref" else 0
    return 0.0


def _turned(fractions: tuple[float, float, float, float], turns: int) -> tuple[float, float, float, float]:
    """``fractions`` of a page (x0, y0, x1, y1) where they lie once the page is turned ``turns`` quarter turns
    clockwise: a point (u, v) goes to (1 - v, u) at each turn."""
    x0, y0, x1, y1 = fractions
    for _ in range(turns % 4):
        x0, y0, x1, y1 = 1 - y1, x0, 1 - y0, x1
    return (x0, y0, x1, y1)


def _columns(rect: pymupdf.Rect, n: int) -> list[pymupdf.Rect]:
    """``rect`` cut into ``n`` equal columns (none when ``n`` < 2): the printed pages of a sheet."""
    if n < 2:
        return []
    w = rect.width / n
    return [pymupdf.Rect(rect.x0 + k * w, rect.y0, rect.x0 + (k + 1) * w, rect.y1) for k in range(n)]


def _part(rect: pymupdf.Rect, fractions: tuple[float, float, float, float]) -> pymupdf.Rect:
    """The part of ``rect`` that ``fractions`` (x0, y0, x1, y1 of its width and height) give."""
    fx0, fy0, fx1, fy1 = fractions
    return pymupdf.Rect(rect.x0 + fx0 * rect.width, rect.y0 + fy0 * rect.height, rect.x0 + fx1 * rect.width, rect.y0 + fy1 * rect.height)

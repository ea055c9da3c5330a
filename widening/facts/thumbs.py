"""Page thumbnails for the HTML report: rendered from the PDF, cached by PDF sha256 + page + width.

I/O edge. A thumbnail does not depend on the engine, so it lives outside the
engine-versioned folders of the cache (``<cache>/thumbs/``) and survives a version bump.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pymupdf
from pydantic import BaseModel, ConfigDict

from widening.runtime.atomic import write_bytes_atomic, write_text_atomic
from widening.facts.document import sha256_file

# Fixed pixel width: 720 px keeps a paper's 10 pt body text legible when enlarged, at about 120 kB a page.
THUMB_WIDTH = 720
# A very tall page (a poster, a scrolled web page) is scaled to this height instead, so
# one page can never cost more than a few normal ones.
MAX_HEIGHT = 3 * THUMB_WIDTH
JPEG_QUALITY = 70
# PDFs kept open at once while rendering (each can hold tens of MB of decoded resources).
OPEN_PDFS = 4
# Pictures listed per page for the "in the picture" outline; more are not drawn.
MAX_PICTURES = 50


class PageImage(BaseModel):
    """One rendered page: the JPEG, the page's size in PDF points, and where its pictures are."""

    model_config = ConfigDict(frozen=True)
    page: int
    width: float  # the page rectangle as PyMuPDF reports it (rotation applied): bboxes live in it
    height: float
    px_width: int
    px_height: int
    pictures: tuple[tuple[float, float, float, float], ...] = ()
    jpeg: bytes = b""


class _Meta(BaseModel):
    model_config = ConfigDict(frozen=True)
    page: int
    width: float
    height: float
    px_width: int
    px_height: int
    pictures: tuple[tuple[float, float, float, float], ...] = ()


def render_page(pdf: pymupdf.Document, page: int, width: int = THUMB_WIDTH) -> PageImage:
    """Render 1-based ``page`` at ``width`` pixels (less for a page taller than MAX_HEIGHT allows)."""
    p = pdf[page - 1]
    rect = p.rect
    zoom = min(width / rect.width, MAX_HEIGHT / rect.height)
    pix = p.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), alpha=False)
    pictures = []
    for info in p.get_image_info()[:MAX_PICTURES]:
        r = pymupdf.Rect(info["bbox"]) & rect
        if not r.is_empty:
            pictures.append((round(r.x0, 2), round(r.y0, 2), round(r.x1, 2), round(r.y1, 2)))
    return PageImage(page=page, width=rect.width, height=rect.height, px_width=pix.width, px_height=pix.height,
                     pictures=tuple(pictures), jpeg=pix.tobytes("jpeg", jpg_quality=JPEG_QUALITY))


@dataclass
class Thumbnailer:
    """Thumbnails of corpus PDFs, from the cache when there, else rendered (and stored).

    ``cache_root`` None renders every time. PDFs are opened only for pages not cached, and
    each at most once per Thumbnailer; call ``close`` when done.
    """

    cache_root: Path | None
    width: int = THUMB_WIDTH
    rendered: int = 0
    cached: int = 0
    _sha: dict[Path, str] = field(default_factory=dict)
    _open: dict[Path, pymupdf.Document] = field(default_factory=dict)

    def sha256(self, path: Path) -> str:
        if path not in self._sha:
            self._sha[path] = sha256_file(path)
        return self._sha[path]

    def _paths(self, sha: str, page: int) -> tuple[Path, Path] | None:
        if self.cache_root is None:
            return None
        stem = self.cache_root / "thumbs" / sha[:2] / f"{sha}-p{page}-w{self.width}"
        return stem.with_suffix(".jpg"), stem.with_suffix(".json")

    def page_count(self, path: Path) -> int:
        return self._pdf(path).page_count

    def _pdf(self, path: Path) -> pymupdf.Document:
        if path in self._open:
            self._open[path] = self._open.pop(path)  # most recently used last
        else:
            if len(self._open) >= OPEN_PDFS:  # rows come grouped by document: a few open files suffice
                self._open.pop(next(iter(self._open))).close()
            self._open[path] = pymupdf.open(path, filetype="pdf")
        return self._open[path]

    def get(self, path: Path, page: int) -> PageImage | None:
        """The thumbnail of ``page`` of the PDF at ``path``; None when the page does not exist."""
        sha = self.sha256(path)
        where = self._paths(sha, page)
        if where is not None and where[0].is_file() and where[1].is_file():
            try:
                meta = _Meta.model_validate_json(where[1].read_bytes())
                self.cached += 1
                return PageImage(**meta.model_dump(), jpeg=where[0].read_bytes())
            except (OSError, ValueError):
                pass  # a damaged entry is rendered again
        pdf = self._pdf(path)
        if not 1 <= page <= pdf.page_count:
            return None
        img = render_page(pdf, page, self.width)
        self.rendered += 1
        if where is not None:
            try:
                write_bytes_atomic(where[0], img.jpeg)
                write_text_atomic(where[1], _Meta(**img.model_dump(exclude={"jpeg"})).model_dump_json())
            except OSError:
                pass  # a read-only cache only costs time
        return img

    def close(self) -> None:
        for pdf in self._open.values():
            pdf.close()
        self._open.clear()

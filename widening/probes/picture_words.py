"""Words inside the pictures of text-layer pages: which pictures there are, and what OCR reads in them.

Every picture of MIN_PICTURE_PIXELS or more is read, logos and icons in a header or footer
band too; touching pictures are read as one area; what is read is kept in the on-disk cache.
Used by the probes that must not miss words printed in pixels (name_mentions, text_pattern).
"""

from __future__ import annotations

from typing import Any

from widening import rulebook
from widening.facts.document import Doc
from widening.facts.geometry import Groups, union
from widening.models import BBox, Frozen, PageKind, TextLine

# Every picture is read, logos, seals and icons in a header or footer band too: a size or band
# rule does not make a picture wordless (a firm's name printed only in its footer logo). Only a
# picture under MIN_PICTURE_PIXELS across, and its mask too, is skipped: it cannot hold a legible
# glyph (a 2x2 colour under a 1343x373 soft mask draws the mask's shapes: it is read).
MIN_PICTURE_PIXELS = 8


def _placed(doc: Doc, index: int) -> tuple[tuple[BBox, tuple, bool], ...]:
    """The readable pictures of a text-layer page, each with its identity (image digest, shown size)
    and whether images.classify calls it a decoration (for the note only: decorations are read too)."""
    from widening.probes.images import placed_images

    page = doc.facts.page(index)
    if page.kind is not PageKind.born_digital or not page.image_count:
        return ()
    key = ("picture_placed", index)
    if key not in doc.memo:  # memoised: listing a page's images decodes them (get_image_info with hashes)
        doc.memo[key] = tuple(
            (p.bbox, _identity(index, p), p.klass == "decoration")
            for p in placed_images(doc.page(index), index, xrefs=False, hashes=True)
            if p.finest >= MIN_PICTURE_PIXELS)
    return doc.memo[key]


def _identity(index: int, p: Any) -> tuple:
    """Same image bytes shown at the same size: one picture to read. A masked image's mask is not
    known for sure (images.Placed.mask), so each placement of one counts on its own."""
    size = (round(p.bbox[2] - p.bbox[0]), round(p.bbox[3] - p.bbox[1]))
    return (p.digest, *size) if p.mask == (0, 0) else (p.digest, index, p.bbox)


def picture_pages(doc: Doc, pages: tuple[int, ...]) -> dict[int, tuple[BBox, ...]]:
    """Text-layer pages showing a picture of at least MIN_PICTURE_PIXELS across -> their boxes."""
    out: dict[int, tuple[BBox, ...]] = {}
    for index in pages:
        if placed := _placed(doc, index):
            out[index] = tuple(b for b, _, _ in placed)
    return out


def distinct_pictures(doc: Doc, pages: tuple[int, ...] | list[int], decorations: bool = False) -> int:
    """How many distinct pictures (same image at the same shown size counts once) the pages show:
    what reading them costs, as a logo repeated on every page is read once. ``decorations``: count those only."""
    return len({ident for index in pages for _, ident, deco in _placed(doc, index) if deco or not decorations})


def max_pictures() -> int:
    """How many distinct pictures a document may have read before its pictured pages count as blind."""
    return int(rulebook.load("mentions")["names"]["max_pictures"])


def pictures_over_budget(doc: Doc, pages: tuple[int, ...] | list[int]) -> int | None:
    """The distinct pictures of ``pages`` when there are more than the budget allows, else None."""
    n = distinct_pictures(doc, pages)
    return n if n > max_pictures() else None


# The cache namespace of picture words: a new name whenever how pictures are read changes
# (v2: touching pictures grouped, the detector's enlargement bounded; v3: full-page pictures
# read too; v4: every picture of 8 px or more, decorations too), so words read the old way
# are never reused as if read the new way.
PICTURE_TEXT = "picture_text_v4"


def read_pictures(doc: Doc, pages: tuple[int, ...] | list[int]) -> tuple[dict[int, tuple[TextLine, ...]], dict[int, str]]:
    """(lines OCR reads in the pictures of each text-layer page of ``pages`` that shows one, the pages
    whose pictures could not be read -> why): all of them when there are more distinct pictures
    than the budget, else those whose reading failed. An unread picture may hold anything."""
    pics = picture_pages(doc, tuple(pages))
    if pictures_over_budget(doc, sorted(pics)):
        return {}, {p: f"pictures not read (more than {max_pictures()} distinct pictures)" for p in pics}
    read: dict[int, tuple[TextLine, ...]] = {}
    unread: dict[int, str] = {}
    for index in sorted(pics):
        try:
            read[index] = picture_lines(doc, index)
        except Exception as exc:  # a picture that cannot be read is unread, never wordless
            unread[index] = f"pictures could not be read ({type(exc).__name__})"
    return read, unread


class PictureText(Frozen):
    """What OCR read inside the pictures of one page (kept in the cache: reading them is slow)."""

    lines: tuple[TextLine, ...] = ()


def picture_lines(doc: Doc, index: int) -> tuple[TextLine, ...]:
    """Lines OCR reads inside the pictures of a text-layer page, in PDF points.

    Memoised per document, and in the on-disk cache when the caller put one in
    ``doc.store`` (the audit does), keyed by the PDF's hash and the page.
    """
    key = ("picture_lines", index)
    if key not in doc.memo:
        store = doc.store
        ckey = f"{doc.facts.sha256}-p{index}"
        got = store.get(PICTURE_TEXT, ckey, PictureText) if store is not None else None
        if got is None:
            got = PictureText(lines=_read_pictures(doc, index))
            if store is not None:
                store.put(PICTURE_TEXT, ckey, got)
        doc.memo[key] = got.lines
    return doc.memo[key]


def _read_pictures(doc: Doc, index: int) -> tuple[TextLine, ...]:
    """OCR of the page's pictures, one pass per group of touching pictures; lines outside every picture are dropped.

    A group (tiles of one picture, a screenshot with an inset) is read as one area, so a word
    crossing a tile edge stays whole; pictures apart are read apart, each at its own scale,
    and the page text between them is not read again. A group whose render is identical to one
    read before in the document (an icon or screenshot placed again) reuses those lines.
    """
    import pymupdf

    from widening.facts.ocr import PICTURE_MAX_UPSCALE, ocr_image

    boxes = sorted(set(picture_pages(doc, (index,)).get(index, ())))
    if not boxes:
        return ()
    page = doc.page(index)
    infos = page.get_image_info()  # read once for every group's resolution and pixel budget
    seen = doc.memo.setdefault(("picture_renders_read",), {})
    out: list[TextLine] = []
    for group in picture_groups(boxes):
        lines = ocr_image(page, pymupdf.Rect(union(group)), max_upscale=PICTURE_MAX_UPSCALE, infos=infos, seen=seen)
        inside = [pymupdf.Rect(b) for b in group]
        out += [l for l in lines if any(r.intersects(pymupdf.Rect(l.bbox)) for r in inside)]
    return tuple(out)


def picture_groups(boxes: list[BBox], gap: float = 2.0) -> list[list[BBox]]:
    """Boxes joined when they overlap or lie within ``gap`` pt of each other (directly or through others)."""
    import pymupdf

    groups = Groups(boxes)
    grown = [pymupdf.Rect(b) + (-gap, -gap, gap, gap) for b in boxes]
    for i, a in enumerate(grown):
        for j in range(i + 1, len(boxes)):
            if a.intersects(grown[j]):
                groups.join(boxes[i], boxes[j])
    return groups.groups()

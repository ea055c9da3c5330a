"""Words inside the pictures of text-layer pages: which pictures there are, and what OCR reads in them.

Every picture of MIN_PICTURE_PIXELS or more is read, logos and icons in a header or footer
band too; touching pictures are read as one area; what is read is kept in the on-disk cache.
Vector art that may be lettering is read as a picture too: words drawn as paths ("text
converted to outlines": a wordmark, a letterhead, a chart's labels) have no text layer, so a
name printed only so would otherwise be read nowhere (``vector_areas``), poster lettering taller
than any letter of a line too. A picture stored as strips too thin to read alone is read whole
(``tiled_pictures``), and a word painted one picture per letter is read as one area (``reading_groups``).
Used by the probes that must not miss words printed in pixels (name_mentions, text_pattern).
"""

from __future__ import annotations

from difflib import SequenceMatcher
from collections.abc import Callable
from typing import Any

from widening import rulebook
from widening.facts.document import Doc
from widening.facts.geometry import Groups, centre_in, rect_tuple, union
from widening.facts.shapes import subpaths
from widening.models import BBox, Frozen, PageKind, TextLine
from widening.text import alnum, name_form

# Every picture is read, logos, seals and icons in a header or footer band too: a size or band
# rule does not make a picture wordless (a firm's name printed only in its footer logo). Only a
# picture under MIN_PICTURE_PIXELS across, and its mask too, is skipped: it cannot hold a legible
# glyph (a 2x2 colour under a 1343x373 soft mask draws the mask's shapes: it is read). Certain by
# construction, so it is the fewest rows a letter can be told apart in: a 3x5 pixel font's capitals
# are five rows, a 3x3 one's three (hunt of the image probes: a name set as a 43x7 px picture shown
# 300x60 pt, plainly legible, was skipped under a floor of 8 and the name claimed absent).
MIN_PICTURE_PIXELS = 3


def _placed(doc: Doc, index: int) -> tuple[tuple[BBox, tuple, bool], ...]:
    """The readable pictures of a text-layer page (a scan under its OCR layer too), each with its identity
    (image digest, shown size) and whether images.classify calls it a decoration (for the note only: decorations are read too);
    then the page's areas of vector lettering (``vector_areas``), each a picture of its own."""
    from widening.probes.images import certain_masks, placed_images

    page = doc.facts.page(index)
    # A scan's invisible OCR layer may lack lines its image shows (a line the OCR tool could not
    # read, a layer cut short): the scan is read as a picture too, and its lines join the layer's.
    if page.kind not in (PageKind.born_digital, PageKind.scanned_ocr):
        return ()
    key = ("picture_placed", index)
    if key not in doc.memo:  # memoised: listing a page's images decodes them (get_image_info with hashes)
        known = certain_masks(doc.page(index)) if page.image_count else {}
        shown = placed_images(doc.page(index), index, xrefs=False, hashes=True) if page.image_count else []
        raster = tuple((p.bbox, _identity(index, p, known), p.klass == "decoration") for p in shown if p.finest >= MIN_PICTURE_PIXELS)
        raster += tuple((t.bbox, ("tiles", index, t.bbox), False) for t in tiled_pictures(shown, doc.page(index).rect))
        doc.memo[key] = raster + tuple((box, ident, False) for box, ident in vector_areas(doc, index) + glyph_areas(doc, index))
    return doc.memo[key]


# A picture may be stored as strips a pixel or two tall (a scan or a rendered heading cut into bands
# by its producer): each strip alone is under MIN_PICTURE_PIXELS, yet together they show words (hunt
# 25d: "Platypus" drawn by 2-px strips was read nowhere and claimed absent). Thin pictures touching
# each other (within TILE_GAP_PT) that cover at least TILE_COVER of their union's box are one picture;
# a grid of hairline pictures (a table's rules) covers little of its box and stays apart.
TILE_GAP_PT = 0.5
TILE_COVER = 0.5
TILE_MAX_PICTURES = 400


def tiled_pictures(shown: list[Any], page_rect: Any) -> list[Any]:
    """Pictures made of thin pictures (``images.Placed``, each under MIN_PICTURE_PIXELS across) that tile an
    area together: each such area as one ``Placed`` (``_as_one``)."""
    import pymupdf

    thin = [p for p in shown if p.finest < MIN_PICTURE_PIXELS]
    if len(thin) < 2:
        return []
    boxes = sorted({p.bbox for p in thin})
    # Grouping compares every pair: past TILE_MAX_PICTURES (a scan stored as 3,300 one-row strips) the thin
    # pictures are taken as one group, which the cover test still judges.
    groups = picture_groups(boxes, TILE_GAP_PT) if len(boxes) <= TILE_MAX_PICTURES else [boxes]
    out = []
    for group in groups:
        inside = set(group)
        members = [p for p in thin if p.bbox in inside]
        box = pymupdf.Rect(union(group))
        cover = sum(abs(pymupdf.Rect(p.bbox) & box) for p in members)
        if len(members) >= 2 and cover >= TILE_COVER * abs(box) and (one := _as_one(members, page_rect)).finest >= MIN_PICTURE_PIXELS:
            out.append(one)
    return out


def joined_pictures(shown: list[Any], page_rect: Any) -> list[Any]:
    """``shown`` pictures (``images.Placed``) as they are read (``reading_groups``): a group of two or more as
    one ``Placed`` over their union (strips of one picture, a word one picture per letter), others as they are."""
    by_box: dict[BBox, list[Any]] = {}
    for p in shown:
        by_box.setdefault(p.bbox, []).append(p)
    out = []
    for group in reading_groups(sorted(by_box)):
        members = [p for b in group for p in by_box[b]]
        out.append(members[0] if len(members) == 1 else _as_one(members, page_rect))
    return out


def _as_one(members: list[Any], page_rect: Any) -> Any:
    """One ``Placed`` over the union of ``members``, with the pixels its finest member would give the whole of it."""
    from widening.probes.images import Placed, classify

    x0, y0, x1, y1 = box = rect_tuple(union([p.bbox for p in members]))
    across = max(p.pixels[0] / max(p.bbox[2] - p.bbox[0], 1e-3) for p in members) * (x1 - x0)
    down = max(p.pixels[1] / max(p.bbox[3] - p.bbox[1], 1e-3) for p in members) * (y1 - y0)
    return Placed(members[0].page, box, 0, (round(across), round(down)), classify(box, page_rect))


def glyph_areas(doc: Doc, index: int) -> tuple[tuple[BBox, tuple], ...]:
    """Areas of a text-layer page where a glyph of a Type 3 or picture font (``glyphs.picture_fonts``) may
    paint a picture, each read as a picture of its own (padded), with its identity.

    A Type 3 glyph runs its own program: an image or image mask of a word, a logo, drawn by one glyph whose
    text-layer code is a "g" or a space (hunt of the image probes: "AMCOR" painted by one Type 3 glyph
    set at 300 pt was read nowhere, and the name was claimed absent). The glyphs are those ``graphics``
    makes doubts of (``glyph_pictures``: set at least GLYPH_PICTURE_PT; ``inked_glyphs``: ink longer than
    INK_EM ems): body text in a Type 3 font at body size is not read again."""
    key = ("glyph_areas", index)
    if key not in doc.memo:
        doc.memo[key] = _glyph_areas(doc.page(index), index)
    return doc.memo[key]


def _glyph_areas(page: Any, index: int) -> tuple[tuple[BBox, tuple], ...]:
    from widening.facts.glyphs import picture_fonts
    from widening.probes.graphics import glyph_pictures, inked_glyphs, text_lines

    pictures = picture_fonts(page)
    if not pictures:
        return ()

    def drawn(font: str) -> bool:
        return font in pictures or font.startswith("Type3")

    lines = [(line, kept) for line, spans in text_lines(page, page.rect) if (kept := [s for s in spans if drawn(s["font"])])]
    found = [m.bbox for m in glyph_pictures(lines, index, pictures, "picture")]
    found += [m.bbox for m in inked_glyphs(page, page.rect, index, pictures, "picture")]
    if not found:
        return ()
    out = []
    for group in picture_groups(found):
        box = _padded(page, union(group), [{"width": 0}])
        out.append((box, ("glyph", index, box)))
    return tuple(sorted(set(out)))


def _identity(index: int, p: Any, known: dict[int, int] | None = None) -> tuple:
    """Same image bytes shown at the same size: one picture to read. A masked image is that too when its
    mask is certain (``images.certain_masks``: the same image under the same mask, a bullet placed 700 times);
    otherwise its mask is not known for sure (images.Placed.mask), and each placement counts on its own."""
    size = (round(p.bbox[2] - p.bbox[0]), round(p.bbox[3] - p.bbox[1]))
    if p.mask == (0, 0):
        return (p.digest, *size)
    if known and p.xref in known:
        return (p.digest, "mask", known[p.xref], *size)
    return (p.digest, index, p.bbox)


# Vector lettering: words drawn as filled or stroked paths (text converted to outlines, as logo,
# letterhead and chart tools export it) are in no text layer. A path may be a letter when it is
# no taller than VECTOR_MAX_LETTER_PT and has a curve, a slanted segment or three segments or more
# (a glyph's outline, a stroked letter); a box or a single straight rule may be one too (an "I",
# an "O" drawn as a frame) when no wider than 1.5 times its height, and starts no run on its own;
# a flat one (a table's rule or cell, an underline) is furniture. Letters beside each other on a
# line (apart by at most VECTOR_LETTER_GAP letter heights) and parts of one glyph (a dot, an
# accent) make a run; a run of VECTOR_MIN_LETTER_PT to VECTOR_MAX_LETTER_PT tall with a letter in
# it and no text-layer word is read. The rule is generous (an icon, a chart's marks are read too:
# they only cost OCR); what bounds the cost is that runs near each other (VECTOR_AREA_GAP_PT) are
# read as one area, and a page with more than VECTOR_MAX_AREAS areas has them joined over wider
# gaps. A page of more than VECTOR_MAX_PATHS such paths (a map, a hatched plan) is not taken apart
# path by path: all of its vector art is read as one area.
VECTOR_MAX_LETTER_PT = 144.0
VECTOR_MIN_LETTER_PT = 4.0
VECTOR_LETTER_GAP = 0.8
VECTOR_AREA_GAP_PT = 18.0
VECTOR_MAX_AREAS = 8
VECTOR_MAX_PATHS = 5000
# Poster lettering: glyphs converted to outlines and set taller than VECTOR_MAX_LETTER_PT (a cover's
# title, a slide's one word 200 pt tall) were read nowhere, and the word was claimed absent (hunt 25d).
# A filled letter-shaped path up to the page's height is one such glyph; two or more side by side, or
# one path of TALL_WORD_SUBPATHS pieces or more (a word drawn as one compound path), are read. A lone
# shape of fewer pieces (a swoosh, a pie's slice) is no word; such runs never join the other lettering.
TALL_WORD_SUBPATHS = 4


def vector_areas(doc: Doc, index: int) -> tuple[tuple[BBox, tuple], ...]:
    """Areas of a text-layer page where vector art may be lettering (padded), each with its identity:
    what is drawn there, relative to the area's corner (a wordmark drawn alike on every page is one picture)."""
    key = ("vector_areas", index)
    if key not in doc.memo:
        doc.memo[key] = _vector_areas(doc.page(index), index)
    return doc.memo[key]


def _vector_areas(page: Any, index: int) -> tuple[tuple[BBox, tuple], ...]:
    import pymupdf

    width = page.rect.width
    drawings = page.get_cdrawings()
    paths = [d for d in drawings if _may_be_lettering(d, width)]
    tall = [d for d in drawings if _tall_letter(d, page.rect)]
    if not paths and not tall:
        return ()
    if len(paths) > VECTOR_MAX_PATHS:
        letters = [d for d in paths + tall if _letter(d)]
        if not letters:
            return ()
        return ((_padded(page, union([d["rect"] for d in letters]), letters), ("vector", index, len(paths))),)
    words = [w[:4] for w in page.get_text("words")]
    runs: list[tuple[BBox, list[int]]] = []
    for run in _runs([d["rect"] for d in paths], [_letter(d) for d in paths]):
        box = union([paths[i]["rect"] for i in run])
        if (VECTOR_MIN_LETTER_PT <= box[3] - box[1] <= VECTOR_MAX_LETTER_PT and any(_letter(paths[i]) for i in run)
                and not any(centre_in(w, pymupdf.Rect(box)) for w in words)):
            runs.append((rect_tuple(box), run))
    # Poster-sized glyphs join runs among themselves only: joined with the page's other paths, their
    # boxes swallowed headings' runs and text-layer words, and lettering read before was lost.
    for run in _runs([d["rect"] for d in tall]):
        box = union([tall[i]["rect"] for i in run])
        if ((len(run) >= 2 or len(subpaths(tall[run[0]]["items"])) >= TALL_WORD_SUBPATHS)
                and not any(centre_in(w, pymupdf.Rect(box)) for w in words)):
            runs.append((rect_tuple(box), [len(paths) + i for i in run]))
    paths += tall
    gap = VECTOR_AREA_GAP_PT
    areas = picture_groups([b for b, _ in runs], gap)
    while len(areas) > VECTOR_MAX_AREAS:
        gap *= 2
        areas = picture_groups([b for b, _ in runs], gap)
    out = []
    for area in areas:
        members = set(area)
        drawn = [paths[i] for b, run in runs if b in members for i in run]
        box = _padded(page, union(area), drawn)
        out.append((box, ("vector", _drawn_digest(drawn, box[:2]))))
    return tuple(sorted(out))


def _tall_letter(d: dict, page_rect: Any) -> bool:
    """A filled path taller than VECTOR_MAX_LETTER_PT, within the page's size, shaped as a letter
    (``_letter``): a glyph of a poster word or a display heading converted to outlines."""
    if d.get("fill") is None:
        return False
    x0, y0, x1, y1 = d["rect"]
    return VECTOR_MAX_LETTER_PT < y1 - y0 <= page_rect.height and x1 - x0 <= page_rect.width and _letter(d)


def _padded(page: Any, box: BBox, drawn: list[dict]) -> BBox:
    """``box`` grown by half the widest stroke (ink reaches past a stroked path) and a margin OCR
    wants round a word, within the page."""
    import pymupdf

    x0, y0, x1, y1 = box
    pad = max(2.0, max((d.get("width") or 0) for d in drawn) / 2) + 0.1 * (y1 - y0)
    return rect_tuple(pymupdf.Rect(x0 - pad, y0 - pad, x1 + pad, y1 + pad) & page.rect)


def _may_be_lettering(d: dict, page_width: float) -> bool:
    """A visible path (of ``page.get_cdrawings()``) no taller than a large letter, shaped as a letter
    may be (``_letter``), or a box or straight rule no wider than 1.5 times its height."""
    if d.get("fill") is None and d.get("color") is None:
        return False
    x0, y0, x1, y1 = d["rect"]
    w, h = x1 - x0, y1 - y0
    if h > VECTOR_MAX_LETTER_PT or w > page_width or (w < 0.5 and h < 0.5):
        return False
    return w <= 1.5 * h or _letter(d)


def _letter(d: dict) -> bool:
    """A path shaped as a letter may be: a curve, a slanted segment, or three segments or more."""
    lines = [it for it in d["items"] if it[0] == "l"]
    return (any(it[0] == "c" for it in d["items"]) or len(lines) >= 3
            or any(abs(a[0] - b[0]) > 0.01 and abs(a[1] - b[1]) > 0.01 for _, a, b in lines))


_CELL_PT = 32.0  # the grid that finds a path's neighbours without comparing every pair
RULE_REACH = 2.0


def _runs(rects: list[tuple[float, float, float, float]], letters: list[bool] | None = None) -> list[list[int]]:
    """Indices of ``rects`` joined into runs of lettering: side by side on a line (overlapping in
    height by 0.3 of the lower one, apart by at most VECTOR_LETTER_GAP of the taller one's height),
    stacked parts of one glyph (overlapping across, apart by at most a third of the taller one's
    height), or touching (within 1 pt). ``letters``: which paths are shaped as letters; a box or a
    straight rule more than RULE_REACH times as tall as its neighbour joins no run with it (a table's
    column rule reached across the cells beside it, and the run of a drawn number in a cell was then
    set aside for the cells' text-layer words inside it)."""
    grid: dict[tuple[int, int], list[int]] = {}
    for i, (x0, y0, x1, y1) in enumerate(rects):
        for cx in range(int(x0 // _CELL_PT), int(x1 // _CELL_PT) + 1):
            for cy in range(int(y0 // _CELL_PT), int(y1 // _CELL_PT) + 1):
                grid.setdefault((cx, cy), []).append(i)
    groups = Groups(range(len(rects)))
    for i, (ax0, ay0, ax1, ay1) in enumerate(rects):
        h = ay1 - ay0
        ex, ey = max(VECTOR_LETTER_GAP * h, 1.0), max(h / 3, 1.0)  # a pair is found from its taller path
        near: set[int] = set()
        for cx in range(int((ax0 - ex) // _CELL_PT), int((ax1 + ex) // _CELL_PT) + 1):
            for cy in range(int((ay0 - ey) // _CELL_PT), int((ay1 + ey) // _CELL_PT) + 1):
                near.update(grid.get((cx, cy), ()))
        for j in near:
            if j == i or groups.find(i) == groups.find(j):
                continue
            bx0, by0, bx1, by1 = rects[j]
            tall = max(h, by1 - by0)
            if letters is not None and not (letters[i] and letters[j]) and tall > RULE_REACH * max(min(h, by1 - by0), 0.1):
                continue
            across = max(bx0 - ax1, ax0 - bx1)  # < 0: they overlap across
            down = max(by0 - ay1, ay0 - by1)  # < 0: they overlap in height
            if ((-down >= 0.3 * min(h, by1 - by0) and across <= VECTOR_LETTER_GAP * tall)
                    or (across <= 0 and down <= tall / 3) or (across <= 1 and down <= 1)):
                groups.join(i, j)
    return groups.groups()


def _drawn_digest(drawn: list[dict], origin: tuple[float, float]) -> str:
    """What the paths draw (shape, colours, stroke width), placed relative to ``origin`` and rounded
    to 0.1 pt: equal for the same art drawn anywhere."""
    import hashlib

    ox, oy = origin

    def rel(v: Any) -> Any:
        if isinstance(v, tuple) and v and all(isinstance(x, (int, float)) for x in v) and len(v) in (2, 4):
            return tuple(round(x - (ox if k % 2 == 0 else oy), 1) for k, x in enumerate(v))  # a point or a rect
        if isinstance(v, tuple):
            return tuple(rel(x) for x in v)
        return v

    def colour(c: Any) -> Any:
        return None if c is None else tuple(round(x, 3) for x in c)

    text = repr(sorted(repr((d.get("type"), colour(d.get("fill")), colour(d.get("color")), round(d.get("width") or 0, 2),
                             [rel(it) for it in d["items"]])) for d in drawn))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


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
# read too; v4: every picture of 8 px or more, decorations too; v5: areas of vector lettering
# read too; v6: lines set at 90 or 180 degrees read, ocr's angle classifier; v7: the scan under
# an OCR text layer read too; v8: a tall rule no longer joins the lettering beside it; v9: a picture one render
# would read at under half its resolution read in tiles, ocr.read_tiled; v10: pictures of 3 to 7 px across,
# and the glyphs of Type 3 and picture fonts that may paint a picture, read too; v11: poster lettering taller
# than VECTOR_MAX_LETTER_PT read, and letter-sized pictures side by side on a line read as one area,
# reading_groups; v12: a picture a tiling pattern paints read where the pattern fills, not at its cell,
# images.tiled_placements), so words read the old way are never reused as if read the new way.
PICTURE_TEXT = "picture_text_v12"


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


def stored_lines(doc: Doc, namespace: str, index: int, read: Callable[[Doc, int], tuple[TextLine, ...]]) -> tuple[TextLine, ...]:
    """``read(doc, index)``, kept in the on-disk cache under ``namespace`` when the caller put one in
    ``doc.store`` (the audit does), keyed by the PDF's hash and the page: OCR is the slow part."""
    store = doc.store
    ckey = f"{doc.facts.sha256}-p{index}"
    got = store.get(namespace, ckey, PictureText) if store is not None else None
    if got is None:
        got = PictureText(lines=read(doc, index))
        if store is not None:
            store.put(namespace, ckey, got)
    return got.lines


def picture_lines(doc: Doc, index: int) -> tuple[TextLine, ...]:
    """Lines OCR reads inside the pictures of a text-layer page, in PDF points (memoised, disk-cached)."""
    key = ("picture_lines", index)
    if key not in doc.memo:
        doc.memo[key] = without_rereads(doc, index, stored_lines(doc, PICTURE_TEXT, index, _read_pictures))
    return doc.memo[key]


# OCR of a vector area also reads the text-layer words drawn in it (a chart's legend beside its
# outlined marks), and reads them worse: "figure" as "figi", which a caption search takes for
# "Fig. I". A line is such a re-read when it lies in a vector area and in no raster picture (where
# a text layer may be an invisible OCR layer that disagrees with the pixels), text-layer words
# span REREAD_COVER of its width, and its letters and digits are REREAD_SAME alike to theirs (to
# the letters of theirs inside its width: an area's edge may cut a word). A
# line with anything more in it (lettering beside a word) stays.
REREAD_COVER = 0.8
REREAD_SAME = 0.75


def without_rereads(doc: Doc, index: int, lines: tuple[TextLine, ...]) -> tuple[TextLine, ...]:
    """``lines`` less those that only read the page's own text-layer words again (see REREAD_COVER)."""
    areas = [box for box, _ in vector_areas(doc, index) + glyph_areas(doc, index)] if lines else []
    if not areas:
        return lines
    import pymupdf

    rasters = [pymupdf.Rect(box) for box, _, _ in _placed(doc, index) if box not in areas]
    words = [(pymupdf.Rect(w[:4]), w[4]) for w in doc.page(index).get_text("words", sort=True)]
    return tuple(l for l in lines if not _reread(pymupdf.Rect(l.bbox), l.text, areas, rasters, words))


def _reread(box: Any, text: str, areas: list[BBox], rasters: list[Any], words: list[tuple[Any, str]]) -> bool:
    import pymupdf

    if not any(pymupdf.Rect(a).intersects(box) for a in areas) or any(r.intersects(box) for r in rasters):
        return False
    mid = (box.y0 + box.y1) / 2
    on_line = [(r, t) for r, t in words if r.y0 <= mid <= r.y1 and r.x1 > box.x0 and r.x0 < box.x1]
    covered = sum(max(0.0, min(r.x1, box.x1) - max(r.x0, box.x0)) for r, _ in on_line)
    if not on_line or covered < REREAD_COVER * box.width:
        return False
    read, layer = alnum(name_form(text)), alnum(name_form("".join(_inside(r, t, box) for r, t in on_line)))
    return bool(read) and SequenceMatcher(None, read, layer, autojunk=False).ratio() >= REREAD_SAME


def _inside(word: Any, text: str, box: Any) -> str:
    """The letters of a layer word whose share of its width (by position) centres inside ``box``'s
    x-range: a vector area that cuts "Figure" in two shows OCR only "Fig", which is a re-read too."""
    n = len(text)
    step = word.width / n if n else 0.0
    return "".join(c for i, c in enumerate(text) if box.x0 <= word.x0 + (i + 0.5) * step <= box.x1)


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
    for group in reading_groups(boxes):
        lines = ocr_image(page, pymupdf.Rect(union(group)), max_upscale=PICTURE_MAX_UPSCALE, infos=infos, seen=seen)
        inside = [pymupdf.Rect(b) for b in group]
        out += [l for l in lines if any(r.intersects(pymupdf.Rect(l.bbox)) for r in inside)]
    return tuple(out)


# Vertical lettering: the text detector cuts a word set at 90 or 270 degrees into pieces when its letters are
# bold or large beside the picture's width (a banner's word, a spine, an axis title exported as PNG): a name in a
# narrow picture read as three fragments, a three-letter acronym as nothing, and the name was claimed absent. No
# sign in the upright reading tells such a picture apart, so the absence claim (name_mentions) reads each area a
# quarter turn clockwise too: there a word set at 90 degrees is upright and one set at 270 upside down, which the
# angle classifier turns. Only lines lying across the turned render are kept (vertical on the page). This reading
# has a namespace of its own and no other consumer: a table or a caption read from a cover's vertical date line
# would be a new candidate there, where only the claim that a name is absent needs it (and its cost: a second
# OCR pass per picture, paid only where a name was found nowhere else). An area read in tiles is not turned.
PICTURE_TEXT_TURNED = "picture_text_turned_v1"


def turned_picture_lines(doc: Doc, index: int) -> tuple[TextLine, ...]:
    """Lines set at 90 or 270 degrees that OCR reads in the pictures of a text-layer page, read a quarter
    turn (memoised, disk-cached under their own namespace)."""
    key = ("picture_lines_turned", index)
    if key not in doc.memo:
        doc.memo[key] = stored_lines(doc, PICTURE_TEXT_TURNED, index, _read_pictures_turned)
    return doc.memo[key]


def _read_pictures_turned(doc: Doc, index: int) -> tuple[TextLine, ...]:
    import pymupdf

    boxes = sorted(set(picture_pages(doc, (index,)).get(index, ())))
    if not boxes:
        return ()
    page = doc.page(index)
    infos = page.get_image_info()
    seen = doc.memo.setdefault(("picture_renders_read_turned",), {})
    out: list[TextLine] = []
    for group in reading_groups(boxes):
        lines = turned_lines(page, pymupdf.Rect(union(group)), infos, seen)
        inside = [pymupdf.Rect(b) for b in group]
        out += [l for l in lines if any(r.intersects(pymupdf.Rect(l.bbox)) for r in inside)]
    return tuple(out)


def turned_lines(page: Any, clip: Any, infos: list[dict] | None = None, seen: dict | None = None) -> tuple[TextLine, ...]:
    """Lines OCR reads in ``clip`` rendered a quarter turn clockwise that lie across the turned render (each
    set at 90 or 270 degrees on the page), in PDF points; () when one render of ``clip`` would be too coarse."""
    import numpy as np

    from widening.facts.ocr import PICTURE_MAX_UPSCALE, Pixels, ResolutionRefused, read_pixels, render_clip

    try:
        pixels = render_clip(page, clip, infos=infos)
    except ResolutionRefused:  # read in tiles upright (ocr_image); too large a render to read again
        return ()
    if pixels is None:
        return ()
    height = pixels.rgb.shape[0]
    # np.rot90(k=-1): the turned render's pixel (x, y) is the render's (y, height - x).
    turned = Pixels(np.ascontiguousarray(np.rot90(pixels.rgb, -1)), pixels.clip, pixels.sx, pixels.sy)
    out = []
    for line, (x0, y0, x1, y1) in read_pixels(turned, PICTURE_MAX_UPSCALE, seen):
        if x1 - x0 >= y1 - y0:
            out.append(TextLine(text=line.text, bbox=pixels.to_pt((y0, height - x1, y1, height - x0)), score=line.score))
    return tuple(out)


def reading_groups(boxes: list[BBox]) -> list[list[BBox]]:
    """The areas a page's pictures are read in: touching pictures (``picture_groups``), joined further
    where pictures shaped as glyphs, no taller than a large letter, lie side by side as letters of a line do (``_runs``).

    A word may be painted one picture per letter (gradient lettering converted to outlines, each glyph a
    shading in its own clip; letters pasted as images): read apart, OCR saw "W", "a", "ll", and the word
    was read nowhere (hunt 25d)."""
    groups = Groups(boxes)
    for group in picture_groups(boxes):
        for b in group[1:]:
            groups.join(group[0], b)
    # Shaped as a glyph is (as ``_may_be_lettering`` takes a box): a row of photographs, a screenshot
    # beside an icon, stay read apart, each at its own resolution.
    small = [b for b in boxes if b[2] - b[0] <= 1.5 * (b[3] - b[1]) <= 1.5 * VECTOR_MAX_LETTER_PT]
    for run in _runs(small):
        for i in run[1:]:
            groups.join(small[run[0]], small[i])
    return groups.groups()


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


# Lettering a coarse picture shows and the picture reading read no word of (a phone number in a low-quality JPEG
# on a mottled ground, plain to a reader): the picture reading is "no words", and a check whose zero may widen (or
# confirm a zero key) measured zero there. Only those checks look further (text_pattern, text_search): a raster
# picture (a group read as one area) whose picture reading holds no word is looked at for lines of text-shaped
# ink (ink.lettering), read once more whole and once more enlarged (ocr.lettering_left); what those re-reads say
# is searched by the check, each find a doubt, and a line of lettering none of them reads is a doubt too ("text-
# shaped ink OCR read no word of"), never a member and never "no words". The detector is tuned and fires on photo
# texture (brick, shingles, railings): so it never changes the shared picture words (PICTURE_TEXT) nor an absence
# claim (name_mentions), which a false fire would cost; here a false fire only keeps a row. Its cost is bounded: a
# render of more than LETTERING_MAX_PIXELS, or a look that runs past LETTERING_SECONDS, is a doubt (not looked at),
# never a zero. Computed lazily, page by page, for the pages such a check reads, and cached under a namespace of
# its own, tied to PICTURE_TEXT's (which pictures read no word depends on it).
PICTURE_LETTERING = f"picture_lettering_v1+{PICTURE_TEXT}"
LETTERING_MAX_PIXELS = 6_000_000
LETTERING_SECONDS = 10.0
LETTERING_WHY = "text-shaped ink OCR read no word of, even read again whole and enlarged: may hold the words asked about"


class UnreadLettering(Frozen):
    """An area of a picture that may show words no reading read: its box in PDF points, and why."""

    bbox: BBox
    why: str


class PictureLettering(Frozen):
    """What a page's wordless raster pictures were found to show (``lettering``): ``lines`` read again in them,
    ``unread`` the lettering (or pictures not looked at) that no reading read."""

    lines: tuple[TextLine, ...] = ()
    unread: tuple[UnreadLettering, ...] = ()


def lettering(doc: Doc, index: int) -> PictureLettering:
    """The lettering of the raster pictures of a text-layer page that the picture reading read no word of
    (see PICTURE_LETTERING; memoised, disk-cached). Raises what ``picture_lines`` raises."""
    key = ("picture_lettering", index)
    if key not in doc.memo:
        lines = picture_lines(doc, index)  # first: which pictures read no word (raises when they cannot be read)
        store = doc.store
        ckey = f"{doc.facts.sha256}-p{index}"
        got = store.get(PICTURE_LETTERING, ckey, PictureLettering) if store is not None else None
        if got is None:
            got = _lettering(doc, index, lines)
            if store is not None:
                store.put(PICTURE_LETTERING, ckey, got)
        doc.memo[key] = got
    return doc.memo[key]


def _lettering(doc: Doc, index: int, lines: tuple[TextLine, ...]) -> PictureLettering:
    import time

    import pymupdf

    from widening.facts.ink import LetteringOverBudget
    from widening.facts.ocr import ResolutionRefused, lettering_left, render_clip

    boxes = sorted(set(picture_pages(doc, (index,)).get(index, ())))
    drawn = {box for box, _ in vector_areas(doc, index) + glyph_areas(doc, index)}
    if not any(b not in drawn for b in boxes):
        return PictureLettering()
    page = doc.page(index)
    infos = page.get_image_info()
    read: list[TextLine] = []
    unread: list[UnreadLettering] = []
    for group in reading_groups(boxes):
        rasters = [pymupdf.Rect(b) for b in group if b not in drawn]
        if not rasters:
            continue  # vector lettering: read as drawn, no coarse pixels
        area = pymupdf.Rect(union(group))
        if any(any(c.isalnum() for c in l.text) and area.intersects(pymupdf.Rect(l.bbox)) for l in lines):
            continue  # the picture reading read words here: a reading, as every picture's
        try:
            pixels = render_clip(page, area, infos=infos)
        except ResolutionRefused:
            pixels = None
            over = "a picture too large to look at for lettering in one render"
        else:
            over = ""
        if pixels is None and not over:
            continue  # off the page
        if pixels is not None and pixels.rgb.shape[0] * pixels.rgb.shape[1] > LETTERING_MAX_PIXELS:
            over = f"a picture of {pixels.rgb.shape[1]} x {pixels.rgb.shape[0]} px, over the {LETTERING_MAX_PIXELS / 1e6:.0f} Mpx looked at for lettering"
        if over:
            unread.append(UnreadLettering(bbox=rect_tuple(area), why=f"{over}: OCR read no word of it, which may hold the words asked about"))
            continue
        try:
            again, left = lettering_left(pixels.rgb, time.monotonic() + LETTERING_SECONDS)
        except LetteringOverBudget:
            unread.append(UnreadLettering(bbox=rect_tuple(area), why=f"OCR read no word of this picture, and looking for lettering in it took over "
                                                                      f"{LETTERING_SECONDS:.0f} s: it may hold the words asked about"))
            continue
        read += [TextLine(text=text, bbox=pixels.to_pt(box), score=round(score, 4)) for text, box, score in again]
        unread += [UnreadLettering(bbox=pixels.to_pt(box), why=LETTERING_WHY) for box in left]
    return PictureLettering(lines=tuple(read), unread=tuple(unread))

"""Probe ``graphics``: content raster images plus vector diagram/chart blocks, what "a
diagram/chart/figure/logo/picture" needs.

Example (corpus): a report whose first page shows a publisher logo, a seal and an icon and
no chart: ``kind=chart`` finds no member, the three small images are doubts (a size or
decoration filter set them aside), and ``kind=logo`` finds all three.
Glyphs: a picture may be typeset as text, a pictogram of an icon or dingbat font ("✈" 150 pt, a
private-use star of an icon font) or a bar chart of block elements ("████" runs). So for every kind a run
of glyphs that are not certainly letters (``glyphs.certainly_letter``: a picture or symbol font, a Type 3
font, an arrow, a block element, a dingbat, a pictograph, a private-use code) is a doubt when it is set
above a small size floor (``GLYPH_PICTURE_PT``: its font size, or for a run of symbol code points its
length); a lone symbol at body size (a bullet, an inline arrow) is text. Lines of lone marks that stack into
a column or grid (a dot-column chart, one "●" a line) are one run (``stacked_glyphs``), a list's bullets not.
Letters and digits of a text font are never pictures here: a heading is no chart.
Cannot see: which lettering is a logo. A logo may be lettering alone (a wordmark typeset as live
text: "3M", a lone "X"), so for ``kind=logo`` every short line (a letter or digit, at most
``WORDMARK_WORDS`` words) set apart from the page's body text is a doubt, whatever its letter count.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Sequence
from typing import Annotated, Any

import pymupdf

from widening.facts.captions import listed_page, reads_as_reference
from widening.facts.document import Doc
from widening.facts.geometry import Groups, rect_tuple
from widening.facts.glyphs import DOT_MARKS, certainly_letter, draws_nothing, picture_fonts, picture_mark
from widening.facts.hidden import revealed_page
from widening.models import Member, PageKind, ProbeResult, Reader, text_reader
from widening.probes import LOWER_FINDS_MORE, Params, Scope, one_of, probe
from widening.probes.blocks import TooComplex, fold_doubts, hidden_blocks, page_blocks, sort_out
from widening.probes.images import ICON_SIDE, SHADE_TOLERANCE_PT, clear_masks, placed_images, unlisted_pictures
from widening.probes.pagewise import finish, measurable

GRAPHIC_KINDS = ("diagram", "chart", "figure", "image", "logo", "picture")
# A wordmark is a name of a few words: a longer line is running text.
WORDMARK_WORDS = 4
# The page's body text is the font and size that set the most characters, when they set at least
# this many lines; a page with less (a cover, a poster) has no body, and every short line is set apart.
BODY_LINES = 3
# A glyph that is not certainly a letter draws a picture a reader may count when set at least this large
# (pt: its font size, or a run's length along its line): a lone bullet or inline arrow at body size is
# text. Tuned, and it only sets doubts apart from the small, so it errs small.
GLYPH_PICTURE_PT = 14.0
# A letter's ink stays within about an em of its font size (accents and descenders included). A glyph of a
# Type 3 or picture font paints what its own program or outline says, at any extent: the font size of a
# Type 3 picture set at 10 pt says nothing of the 80 pt drawing (or image) its glyph paints (a red
# picture inside a Type 3 glyph set at 10 pt, "how many pictures", was widened). Its ink
# box (``TEXT_ACCURATE_BBOXES``) longer than this many ems, and at least GLYPH_PICTURE_PT, makes it a doubt.
INK_EM = 1.5
# Lines of symbol marks alone stacked into a column or grid (a dot-column chart: each "●" its own text line)
# make one picture when at least this many stack: two marks are a pair, not yet a chart.
STACK_LINES = 3
# Two such lines stack when their centres align across (within half an em) and the gap between them along is
# at most this many ems: down a column (dots at line spacing), or along a row (columns of a chart ~40 pt apart at
# 8-10 pt). Tuned: it only joins lone marks into doubts, never drops one.
STACK_DOWN_EMS, STACK_ALONG_EMS = 2.5, 5.0
# A mark with a line of words starting this close to its right (in ems, on its row) is the bullet of that line:
# a list's bullets stack too, and no list is a chart. Tuned, and it only keeps doubts off list pages.
BULLET_EMS = 6.0

# A run of one repeated mark this long ("###", "+---") draws a bar or an edge in text art; stacked runs are looked at (``text_art``).
ART_RUN = 3
# Marks that draw the edges of a diagram typeset in plain characters ("/ \\" under a node, "|" down to the next one).
CONNECTORS = "/\\|_+<>^-=~*#"
# A line whose marks before its first letter or digit are two kinds of these draws an edge into the node it names (a tree's "|--").
BRANCH_MARKS = CONNECTORS + "`"
# Dots lead the eye from a label to its number (a contents page, a financial statement): a run of them draws no bar.
LEADERS = ".·…‧∙"

CAPTION_FILTER = "caption filter:"  # how a printed caption's doubt opens its why (coloured_graphics tells it from graphics by it)


class GraphicsParams(Params):
    """``kind``: figure, chart, diagram, logo, image; ``min_side`` in pt (default: icons and logos apart)."""

    kind: Annotated[str, one_of(*GRAPHIC_KINDS, what="graphic kind")] = "figure"
    min_side: Annotated[float | None, LOWER_FINDS_MORE] = None


@probe("graphics", params=GraphicsParams, exact=False)
def graphics(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Content raster images plus vector diagram/chart blocks: what "a diagram/chart/figure/logo/picture" needs."""
    kind = str(params.get("kind", "figure"))
    # Logos are small: keep every raster image that is not a page background.
    min_side = float(params.get("min_side", 0 if kind == "logo" else ICON_SIDE))
    members: list[Member] = []
    best: list[Member] = []
    doubts: dict[str, list[Member]] = {}
    unmeasured, pages = measurable(doc, scope)
    for index in pages:
        facts = doc.facts.page(index)
        clip = doc.region_rect(index, scope.region)
        page = doc.page(index)
        try:
            blocks = page_blocks(page, clip)
        except TooComplex as exc:
            blocks, complex_ = [], exc
        else:
            complex_ = None
        listed: list[pymupdf.Rect] = []  # the blocks listed as members or doubts: a shading one of them holds is counted there
        for b in blocks:
            m = Member(page=index, bbox=b.bbox, what=b.what(), reader=Reader.vectors)
            big = b.rect.width >= 80 and b.rect.height >= 40
            certain = len(best)
            if b.kind == "diagram_or_chart" and big and kind != "logo":
                members.append(m)
            elif b.kind == "diagram_or_chart" and kind == "logo":
                if min(b.rect.width, b.rect.height) >= 10:
                    members.append(m)  # a logo may be vector art of any size
                else:
                    why = f"size filter: {b.rect.width:.0f}x{b.rect.height:.0f}pt, under 10pt across"
                    sort_out(m, b, page.rect, best, doubts, why, "small vector blocks")
            elif b.kind == "diagram_or_chart":
                why = f"size filter: {b.rect.width:.0f}x{b.rect.height:.0f}pt < 80x40pt"
                sort_out(m, b, page.rect, best, doubts, why, "small vector blocks")
            else:
                sort_out(m, b, page.rect, best, doubts)
            if len(best) == certain:  # not set aside for certain: listed
                listed.extend(_shading_areas(b))
        rasters = placed_images(page, index, clip)
        clear = clear_masks(page) if any(img.mask != (0, 0) for img in rasters) else set()
        for img in rasters:
            m = Member(page=index, bbox=img.bbox, what=img.what(), reader=Reader.structure)
            if img.shading and any(_same_area(pymupdf.Rect(img.bbox), r) for r in listed):
                # Certain: the image listing lists a shading (a gradient logo) as an image, and the drawing pass
                # paints the same shading into a vector block that is listed above: one graphic, counted there.
                continue
            if img.xref in clear:
                why, label = "soft mask wholly transparent: its mask's every pixel is 0, nothing of it may show", "images a reader may not see"
            elif img.hidden:
                why, label = f"{img.hidden}: a reader may not see it", "images a reader may not see"
            elif img.finest <= 1:
                why, label = "one pixel: a single flat colour stretched (a box, a band), no picture drawn in it", "images a reader may not see"
            elif img.klass == "full_page_background":
                why, label = "placement filter: a full-page image, taken for a background; it may show the content", "full-page images"
            elif img.min_side < min_side:
                why, label = f"size filter: shorter side {img.min_side:.0f}pt < {min_side:g}pt", "small images"
            elif kind != "logo" and img.klass == "decoration":
                why, label = "decoration filter: a small image in the header/footer band", "decoration images"
            else:
                members.append(m)
                continue
            doubts.setdefault(label, []).append(m.model_copy(update={"why": why}))
        # A raster page (slide export, scan) may show a chart no vector tool can see: its images
        # are listed above, and what they show cannot be measured. Vector art drawn over the
        # picture is still looked at (a generated page with a pie beside a photo and no
        # text was skipped whole: test_graphics_sees_vector_art_on_a_page_without_text).
        if facts.kind in (PageKind.image_only, PageKind.scanned_ocr) and page.get_image_info():
            unmeasured[index] = f"page is {facts.kind.value}: a {kind} inside the page image cannot be seen with vector or text tools"
        if complex_ is not None:
            unmeasured[index] = f"vector art: {complex_}"
            continue
        lines = text_lines(page, clip)
        pictures = picture_fonts(page)
        glyphs = glyph_pictures(lines, index, pictures, kind)
        glyphs += stacked_glyphs(lines, index, pictures, kind, glyphs)
        glyphs += [m for m in inked_glyphs(page, clip, index, pictures, kind)
                   if not any(pymupdf.Rect(g.bbox).contains(pymupdf.Rect(m.bbox)) for g in glyphs)]
        glyphs += text_art(lines, index, kind, glyphs)
        glyphs += connector_art(lines, index, kind, glyphs)
        for m in glyphs:
            doubts.setdefault("symbol glyphs that may draw a picture", []).append(m)
        # Vector art only hidden content draws (a chart in a layer off by default, a hidden annotation).
        for m in hidden_blocks(page, index, clip, revealed_page(doc, index), blocks):
            doubts.setdefault("vector art in hidden content", []).append(m)
        # Pictures the image listing does not see (a Type 3 glyph's image, a Link annotation's appearance).
        for m in unlisted_pictures(page, index, clip, revealed_page(doc, index)):
            if not any(pymupdf.Rect(g.bbox).contains(pymupdf.Rect(m.bbox)) for g in glyphs):
                doubts.setdefault("pictures the image listing does not see", []).append(m)
        if kind != "logo":
            for m in captioned(doc, index, clip):
                doubts.setdefault("figure or chart captions printed on the page", []).append(m)
        if kind == "logo":
            for m in wordmarks(lines, index, text_reader(facts, layer=True)):
                doubts.setdefault("lettering that may be a wordmark logo", []).append(m)
    return finish("graphics", scope, params, members, unmeasured, best, doubts=fold_doubts(doubts))


Line = tuple[dict, list[dict]]


def _shading_areas(b) -> list[pymupdf.Rect]:
    """Where the shadings a vector block holds paint (``blocks.painted_areas``)."""
    return [pymupdf.Rect(d["rect"]) for d in b.drawings if d.get("type") == "paint" and d.get("paint") == "shading"]


def _same_area(a: pymupdf.Rect, b: pymupdf.Rect) -> bool:
    """One shading's area as the image listing and the drawing pass each bound it (within SHADE_TOLERANCE_PT)."""
    return max(abs(x - y) for x, y in zip(a, b)) <= SHADE_TOLERANCE_PT


def captioned(doc: Doc, index: int, clip: pymupdf.Rect) -> list[Member]:
    """Figure and chart captions printed on the page (not a list-of-figures entry, not a reference in body text).

    A caption says a figure is there, however it is drawn: an ASCII-art diagram or a chart of "#" runs is
    letters and punctuation to every tool here ("How many figures" under "Figure 1:" and a
    Courier box-and-arrow diagram was widened). So each is a doubt, never a member."""
    out = []
    for c in doc.facts.captions:
        if c.page != index or c.kind == "table" or not pymupdf.Rect(c.bbox).intersects(clip):
            continue
        if reads_as_reference(c.text) or listed_page(c.text) is not None:
            continue
        out.append(Member(page=index, bbox=c.bbox, what=f"{c.kind} caption {c.text[:60]!r}", reader=text_reader(doc.facts.page(index)),
                          why=f"{CAPTION_FILTER} a printed caption labels a figure here that may be drawn as text"))
    return out


def text_lines(page: pymupdf.Page, clip: pymupdf.Rect) -> list[Line]:
    """The text lines in ``clip`` (``rawdict``, characters kept), each with its spans that set some non-space character."""
    lines = []
    for block in page.get_text("rawdict", clip=clip, flags=0)["blocks"]:
        for line in block.get("lines", ()):
            spans = [s for s in line["spans"] if any(c["c"].strip() for c in s["chars"])]
            if spans:
                lines.append((line, spans))
    return lines


def _span_text(span: dict) -> str:
    return "".join(c["c"] for c in span["chars"])


def _symbol(c: str) -> bool:
    """A code point that says no letter, digit or punctuation (a block element, an arrow, a pictograph, a private-use code)."""
    return c in DOT_MARKS or not certainly_letter(c, "", set())


def _math(c: str) -> bool:
    """A mathematical symbol (Unicode category Sm: "=", "∅", "→"), not a dot mark ("∙"): set in a formula between its terms."""
    return len(c) == 1 and unicodedata.category(c) == "Sm" and c not in DOT_MARKS


def glyph_pictures(lines: list[Line], index: int, pictures: set[str], kind: str) -> list[Member]:
    """Runs of glyphs that are not certainly letters (``glyphs.certainly_letter``) set at least GLYPH_PICTURE_PT
    large: each may draw a picture (an icon-font pictogram, a dingbat, a bar of "█"), so each is a doubt.

    A run is consecutive such glyphs of one line: a letter ends it, a space does not, except between math
    symbols (a dot chart of "● ● ● ○ ○" rows at 10 pt, each dot a run of its own
    below the floor, was widened; "= ∅" of a formula is no row of marks). Its size is its font size,
    and, for a run of two or more symbol code points, the longer side of its box too (a bar of "█" at 9 pt
    is as long as it is drawn). A letter-coded glyph of a picture or Type 3 font counts by its font size
    only: body text set in a Type 3 font is no picture here, a large one may be."""
    out: list[Member] = []

    def flush(run: list[tuple[dict, dict]]) -> None:
        if not run:
            return
        box = pymupdf.Rect(run[0][0]["bbox"])
        for c, _ in run[1:]:
            box |= pymupdf.Rect(c["bbox"])
        if len(run) == 1 and run[0][0]["c"] in DOT_MARKS and certainly_letter(run[0][0]["c"], run[0][1]["font"], pictures):
            return  # a lone "•" of a text font is a bullet at any size (a slide's at 32 pt): only a row of them draws marks
        size = max(s["size"] for _, s in run)
        if len(run) > 1 and all(_symbol(c["c"]) for c, _ in run):
            size = max(size, box.width, box.height)
        if size < GLYPH_PICTURE_PT or box.is_empty:
            return
        text = "".join(c["c"] for c, _ in run)
        fonts = sorted({s["font"] for _, s in run})
        codes = " ".join(f"U+{ord(ch):04X}" for ch in dict.fromkeys(text))[:60]
        out.append(Member(page=index, bbox=rect_tuple(box), what=f"glyphs {text[:24]!r} ({codes}; {', '.join(fonts)} {max(s['size'] for _, s in run):g}pt)",
                          reader=Reader.text_layer,
                          why=f"glyph filter: symbol glyphs, not certainly letters, set {size:.0f}pt >= {GLYPH_PICTURE_PT:g}pt: "
                              f"an icon, a dingbat or a bar typeset as text may draw a {kind}"))

    for line, spans in lines:
        run: list[tuple[dict, dict]] = []
        spaced = False
        for span in spans:
            for c in span["chars"]:
                if not c["c"].strip():
                    spaced = True  # a space between two symbols keeps their run: "● ● ● ○" is one row of a dot chart
                    continue
                if c["c"] in DOT_MARKS or not certainly_letter(c["c"], span["font"], pictures):
                    if spaced and run and (_math(run[-1][0]["c"]) or _math(c["c"])):
                        flush(run)  # "= ∅": operators of a formula spaced apart draw no row of marks
                        run = []
                    run.append((c, span))
                else:
                    flush(run)
                    run = []
                spaced = False
        flush(run)
    return out


def stacked_glyphs(lines: list[Line], index: int, pictures: set[str], kind: str, seen: Sequence[Member] = ()) -> list[Member]:
    """Lines made only of picture marks (``glyphs.picture_mark``: a "●", "■", "█", a dingbat, a private-use icon,
    any glyph of a picture font) that stack into a column or a grid, at least STACK_LINES of them of one mark and
    together at least GLYPH_PICTURE_PT long: one picture a reader may count, so a doubt. A line already a doubt
    (``seen``: a run of ``glyph_pictures``) stacks with nothing: it is counted there.

    A dot-column chart whose every "●" is a text line of its own was a measured zero: each lone 10 pt dot is
    under the size floor of ``glyph_pictures``. A line with a line of words beside it on its right (within
    BULLET_EMS) is a bullet of a list and stacks with nothing; math, currency and modifier signs ("=", "$", "^",
    a table's column of "$") are no marks here."""
    marks: list[tuple[pymupdf.Rect, float, str]] = []
    words: list[pymupdf.Rect] = []
    for line, spans in lines:
        chars = [(c, s) for s in spans if not draws_nothing(s) for c in s["chars"] if c["c"].strip()]
        if not chars:
            continue  # invisible text (an OCR layer) draws no mark
        if all(picture_mark(c["c"], s["font"], pictures) for c, s in chars):
            box = pymupdf.Rect(chars[0][0]["bbox"])
            for c, _ in chars[1:]:
                box |= pymupdf.Rect(c["bbox"])
            if not box.is_empty and not any((pymupdf.Rect(m.bbox) + (-1, -1, 1, 1)).contains(box) for m in seen):
                marks.append((box, max(s["size"] for _, s in chars), "".join(c["c"] for c, _ in chars)))
        elif any(c["c"].isalnum() and certainly_letter(c["c"], s["font"], pictures) for c, s in chars):
            words.append(pymupdf.Rect(line["bbox"]))

    def bullet(box: pymupdf.Rect, size: float) -> bool:
        # words on its row that start to its right within BULLET_EMS, or that run across it (a bullet set over its line)
        return any(w.x1 > box.x1 and w.x0 - box.x1 <= BULLET_EMS * size
                   and min(w.y1, box.y1) - max(w.y0, box.y0) >= 0.5 * min(w.height, box.height) for w in words)

    marks = [m for m in marks if not bullet(m[0], m[1])]
    stacks = Groups(range(len(marks)))
    for i, (a, sa, _) in enumerate(marks):
        for j in range(i + 1, len(marks)):
            b, sb, _ = marks[j]
            em = max(sa, sb)
            down = abs((a.x0 + a.x1) - (b.x0 + b.x1)) / 2 <= em / 2 and max(a.y0, b.y0) - min(a.y1, b.y1) <= STACK_DOWN_EMS * em
            along = abs((a.y0 + a.y1) - (b.y0 + b.y1)) / 2 <= em / 2 and max(a.x0, b.x0) - min(a.x1, b.x1) <= STACK_ALONG_EMS * em
            if down or along:
                stacks.join(i, j)
    out = []
    for members in stacks.groups():
        if Counter(marks[i][2] for i in members).most_common(1)[0][1] < STACK_LINES:
            continue  # a chart repeats its mark; a key of symbols or a bar of icons ("●", "■", "▲" each once) stacks no chart
        box = pymupdf.Rect(marks[members[0]][0])
        for i in members[1:]:
            box |= marks[i][0]
        side = max(box.width, box.height)
        if side < GLYPH_PICTURE_PT:
            continue
        text = "".join(dict.fromkeys("".join(marks[i][2] for i in members)))
        out.append(Member(page=index, bbox=rect_tuple(box), reader=Reader.text_layer,
                          what=f"{len(members)} lines of glyphs {text[:12]!r} stacked {box.width:.0f}x{box.height:.0f}pt",
                          why=f"glyph filter: {len(members)} lines of symbol marks alone stacked into a column or grid, {side:.0f}pt "
                              f">= {GLYPH_PICTURE_PT:g}pt: a dot or bar chart typeset one mark a line may draw a {kind}"))
    return out


def inked_glyphs(page: pymupdf.Page, clip: pymupdf.Rect, index: int, pictures: set[str], kind: str) -> list[Member]:
    """Glyphs of a Type 3 or picture font (``pictures``) whose ink is longer than INK_EM ems of their font
    size and at least GLYPH_PICTURE_PT: a drawing or image their glyph program paints, whatever their code
    (a space or a letter code draws a picture there too). Read only on a page that has such a font."""
    if not pictures:
        return []
    out = []
    for block in page.get_text("rawdict", clip=clip, flags=pymupdf.TEXT_ACCURATE_BBOXES)["blocks"]:
        for line in block.get("lines", ()):
            for span in line["spans"]:
                if span["font"] not in pictures and not span["font"].startswith("Type3"):
                    continue
                for c in span["chars"]:
                    ink = pymupdf.Rect(c["bbox"]) & page.rect
                    side = max(ink.width, ink.height) if not ink.is_empty else 0.0
                    if side >= GLYPH_PICTURE_PT and side > INK_EM * span["size"]:
                        out.append(Member(page=index, bbox=rect_tuple(ink), reader=Reader.text_layer,
                                          what=f"glyph {c['c']!r} (U+{ord(c['c'][:1] or ' '):04X}; {span['font']} {span['size']:g}pt) painting {ink.width:.0f}x{ink.height:.0f}pt",
                                          why=f"glyph filter: a {span['font']} glyph whose ink, {side:.0f}pt, is more than {INK_EM:g} ems of its "
                                              f"{span['size']:g}pt size: its program may draw a {kind}"))
    return out


def _mark_runs(lines: list[Line]) -> list[tuple[str, pymupdf.Rect, float, bool, int]]:
    """Runs of one mark (no letter, digit, space or leader dot) in a line, of a mark that runs at least ART_RUN
    long somewhere on the page: (mark, box, font size, whether one other mark flanks it at both ends, as "+"
    does a box's "+-----+" edge, and its length in marks)."""
    out = []
    for _, spans in lines:
        chars = [(c, s["size"]) for s in spans if not draws_nothing(s) for c in s["chars"]]
        i = 0
        while i < len(chars):
            mark = chars[i][0]["c"]
            j = i
            while j < len(chars) and chars[j][0]["c"] == mark:
                j += 1
            if mark.strip() and not mark.isalnum() and mark not in LEADERS:
                box = pymupdf.Rect(chars[i][0]["bbox"]) | pymupdf.Rect(chars[j - 1][0]["bbox"])
                before, after = (chars[i - 1][0]["c"] if i else ""), (chars[j][0]["c"] if j < len(chars) else "")
                flanked = bool(before.strip()) and before == after and not before.isalnum()
                out.append((mark, box, max(size for _, size in chars[i:j]), flanked, j - i))
            i = j
    # A mark's shorter runs count only on a page where it runs ART_RUN long somewhere: a chart's shortest bar ("#").
    long = {r[0] for r in out if r[4] >= ART_RUN}
    return [r for r in out if r[0] in long]


def text_art(lines: list[Line], index: int, kind: str, seen: Sequence[Member] = ()) -> list[Member]:
    """Charts and box diagrams typeset in plain characters: runs of one repeated mark ("#########", "*****",
    "+--------+") on lines stacked within STACK_DOWN_EMS ems, starting within half an em of each other: bars
    of differing lengths growing from one edge (an ASCII bar chart), or two edges of one box ("+---+" above
    "+---+"). Each such stack is a doubt: which text art is a figure is no rule's to say (a Courier bar chart
    of "#" runs, no caption, was a measured zero for "how many charts"). Dot leaders of a contents page end
    together but start apart, and stack into nothing here. A run already a doubt (``seen``: a row of symbol
    glyphs) stacks with nothing: it is counted there."""
    runs = [r for r in _mark_runs(lines) if not any((pymupdf.Rect(m.bbox) + (-1, -1, 1, 1)).contains(r[1]) for m in seen)]
    stacks = Groups(range(len(runs)))
    for i, (ma, a, sa, fa, _) in enumerate(runs):
        for j in range(i + 1, len(runs)):
            mb, b, sb, fb, _ = runs[j]
            em = max(sa, sb)
            if ma == mb and fa == fb and abs(a.x0 - b.x0) <= em / 2 and 0 < abs(a.y0 - b.y0) and max(a.y0, b.y0) - min(a.y1, b.y1) <= STACK_DOWN_EMS * em:
                stacks.join(i, j)
    out = []
    for ids in stacks.groups():
        if len(ids) < 2 or max(runs[i][4] for i in ids) < ART_RUN:
            continue  # no run in it ART_RUN marks long: a column of hyphens or asterisks draws no bar
        em = max(runs[i][2] for i in ids)
        bars = max(runs[i][1].width for i in ids) - min(runs[i][1].width for i in ids) >= em / 2
        boxed = all(runs[i][3] for i in ids)
        if not (bars or boxed):
            continue
        box = pymupdf.Rect(runs[ids[0]][1])
        for i in ids[1:]:
            box |= runs[i][1]
        shape = "bars of differing lengths from one edge" if bars else "edges of a box"
        out.append(Member(page=index, bbox=rect_tuple(box), reader=Reader.text_layer,
                          what=f"{len(ids)} runs of {runs[ids[0]][0]!r} stacked {box.width:.0f}x{box.height:.0f}pt",
                          why=f"text-art filter: {len(ids)} runs of one repeated mark stacked as {shape}: a {kind} typeset in characters"))
    return out


def connector_art(lines: list[Line], index: int, kind: str, seen: Sequence[Member] = ()) -> list[Member]:
    """Diagrams typeset in plain characters whose edges are connector marks (``CONNECTORS``), not runs: lines at
    least half of whose visible characters are such marks (" / \\ ", "|", "\\ /"), or that open with two kinds of them
    before their first letter or digit (a branch into a node: "|-- src", "`-- tests", "\\-> reg"), two or more of them stacked
    within STACK_DOWN_EMS ems of each other (node lines may sit between) and overlapping across. Each stack is a
    doubt: which text art is a figure is no rule's to say (a Courier diamond of nodes "A", "B C", "D" joined by
    "/" and "\\", no caption, was a measured zero for "how many diagrams"). A lone line of marks (a "* * *" section
    break, a "---" rule) stacks with nothing, nor does a column of lone marks; a line of words ("a/b", "x = y") is no connector line. A line already
    a doubt (``seen``) stacks with nothing: it is counted there."""
    marks: list[tuple[pymupdf.Rect, float, str]] = []
    for line, spans in lines:
        chars = [(c, s["size"]) for s in spans if not draws_nothing(s) for c in s["chars"] if c["c"].strip()]
        if not chars:
            continue
        first = next((k for k, (c, _) in enumerate(chars) if c["c"].isalnum()), len(chars))
        lead = "".join(c["c"] for c, _ in chars[:first])
        # "|--", "`--", "\\->" before a name: an edge into the node the line names ("+/- 3.1" signs a number)
        branch = len({c for c in lead if c in BRANCH_MARKS}) >= 2 and first < len(chars) and chars[first][0]["c"].isalpha()
        if not branch and 2 * sum(c["c"] in CONNECTORS for c, _ in chars) < len(chars):
            continue
        box = pymupdf.Rect(line["bbox"])
        if box.is_empty or any((pymupdf.Rect(m.bbox) + (-1, -1, 1, 1)).contains(box) for m in seen):
            continue
        marks.append((box, max(size for _, size in chars), "".join(c["c"] for c, _ in chars)))
    stacks = Groups(range(len(marks)))
    for i, (a, sa, _) in enumerate(marks):
        for j in range(i + 1, len(marks)):
            b, sb, _ = marks[j]
            if min(a.x1, b.x1) > max(a.x0, b.x0) and max(a.y0, b.y0) - min(a.y1, b.y1) <= STACK_DOWN_EMS * max(sa, sb):
                stacks.join(i, j)
    out = []
    for ids in stacks.groups():
        if len(ids) < 2 or all(sum(c in CONNECTORS for c in marks[i][2]) < 2 for i in ids):
            continue  # a column of lone marks (a table's "-" for empty cells, ">" bullets) draws no edge between nodes
        box = pymupdf.Rect(marks[ids[0]][0])
        for i in ids[1:]:
            box |= marks[i][0]
        used = "".join(dict.fromkeys(c for i in ids for c in marks[i][2] if c in CONNECTORS))
        out.append(Member(page=index, bbox=rect_tuple(box), reader=Reader.text_layer,
                          what=f"{len(ids)} lines of connector marks {used[:12]!r} stacked {box.width:.0f}x{box.height:.0f}pt",
                          why=f"text-art filter: {len(ids)} lines mostly of connector marks stacked: the edges of a {kind} typeset in characters"))
    return out


def wordmarks(lines: list[Line], index: int, reader: Reader) -> list[Member]:
    """Short text lines set apart from the page's body text (another font or size): lettering alone may be a logo.

    No rule tells a wordmark from a heading, so each such line is a doubt, never a member and never
    dropped (generated wordmarks: a company name typeset in a display font was a measured zero). One
    letter or digit is enough: "3M" or a lone "X" in a display font is a wordmark (both
    were measured zeros under a two-letter floor)."""
    chars: Counter[tuple[str, float]] = Counter()
    used: Counter[tuple[str, float]] = Counter()
    for _, spans in lines:
        for key in {(s["font"], round(s["size"], 1)) for s in spans}:
            used[key] += 1
        for s in spans:
            chars[(s["font"], round(s["size"], 1))] += len(_span_text(s).strip())
    body = next((k for k, _ in chars.most_common(1) if used[k] >= BODY_LINES), None)
    out = []
    for line, spans in lines:
        text = " ".join(_span_text(s).strip() for s in spans)
        if len(text.split()) > WORDMARK_WORDS or not any(c.isalnum() for c in text):
            continue
        keys = {(s["font"], round(s["size"], 1)) for s in spans}
        if body is not None and keys == {body}:
            continue
        font, size = max(keys, key=lambda k: k[1])
        out.append(Member(page=index, bbox=rect_tuple(pymupdf.Rect(line["bbox"])), what=f"text line {text!r} ({font} {size:g}pt)", reader=reader,
                          why="lettering set apart from the body text: a logo may be a wordmark alone"))
    return out

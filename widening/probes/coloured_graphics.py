"""`coloured_graphics`: graphics of a kind (logos, charts, ...) that show a named colour.

Composes the `graphics` probe with `colour_regions.components`: a graphic is a member when a
region of the colour, of at least ``min_area`` px, lies inside it or in a margin around it
(its title, axis titles and legend are text beside its drawn shapes). A graphic with no pixel
of the colour, no vector shape or text span of it and no picture whose own pixels hold it is a
non-member (certain: it does not show the colour); one with only a few pixels of it, below
``min_area``, or with a shape, span or picture detail of the colour the render loses, or with text
of the colour nearer to it than to anything else the drawing list gives (a title or axis title
may stand anywhere in a chart's undelimited extent), is a doubt. The inner probe's doubts (graphics a size or
decoration filter set aside) stay doubts when they show the colour at all, and so do the candidates
it set aside as no graphic (a rule, an underline: a thin coloured connector is an arrow). When no graphic is a
member, an area of the colour the render shows outside every listed graphic and outside letters,
digits and punctuation of that colour is a doubt: paint the drawing list does not give (a path
filled with a pattern), or an icon set as a symbol glyph ("✈" in a text or dingbat font). Paint
in a pale tint of the colour (its hue under the family's saturation floor, as Office's lighter
theme fills) makes the same candidates doubts, never members. A page the render cannot cover at DPI
(``colour_regions.MAX_TILED_PIXELS``, an image bomb) is not measured: the result says so, never a zero.
Letters are judged as in ``colour_regions.LetterInk`` (pixel by pixel, with the shape of letters), leaving
out the paths of the colour: each is a graphic or set-aside candidate measured on its own (``known``, ``unrendered``).
Lettering is certain text only outside the inner probe's candidates: for ``kind=logo`` every short
line set apart from the body ("3M", a lone "X", of any letter count) and for every kind every symbol
glyph above the size floor is a doubt of ``graphics``, so a run of the colour there is measured as a
doubt's colour (a red "3M" is a doubt), never left out as letters. Paint of the colour in content the page hides
by default (a layer off or on only for printing, a hidden annotation) is a doubt, beside members too. A doubt rests on ink of the colour:
a wordmark with no pixel, shape, span or nearby text of it is set aside (a purple heading is no red logo).

Example: "a logo with green in it on page 3" — every graphic of the page is a candidate,
and those with a green region inside are members.
Cannot see: what the colour means (a grey background vs grey text in a picture): members are
candidates of a broader set than most questions ask about, so the probe is not exact.
"""

from __future__ import annotations

from typing import Annotated, Any

import pymupdf

from widening.facts.document import Doc
from widening.facts.geometry import rect_tuple
from widening.models import Member, ProbeResult, ProbeStatus, Reader
from widening.probes import COLOUR, REGISTRY, Scope, probe
from widening.probes.graphics import CAPTION_FILTER, GraphicsParams
from widening.probes.pagewise import grouped
from widening.probes.colour_regions import (AA_PT, BAR_ASPECT, BAR_FILL, DPI, LazyInk, LetterInk, Region, components, downsampled, glyph_boxes,
                                             hidden_paint, in_glyphs, labelled, unrendered)

MIN_AREA = 20  # px at DPI: a few pixels of anti-aliasing are not a colour (tuned: fewer make a doubt)
# A graphic's title, axis titles and legend sit just outside its drawn shapes: look this far (pt) around it.
MARGIN = 14.0
PALE = "pale tint or shade: a colour outside {colour}'s limits a reader may still call {colour} (colours.tint_mask: pale, muted, greyish, lighter or darker)"


def _clip(doc: Doc, m: Member, margin: float = MARGIN) -> pymupdf.Rect:
    return (pymupdf.Rect(m.bbox) + (-margin, -margin, margin, margin)) & doc.page(m.page).rect


def _area(doc: Doc, m: Member, colour: str) -> int:
    """Pixels of ``colour`` in the graphic's box grown by MARGIN (0: none at all)."""
    return sum(a for _, a, _, _ in components(doc.page(m.page), _clip(doc, m), colour))


def _pale(doc: Doc, m: Member, colour: str) -> int:
    """Pixels of a pale tint of ``colour`` (``colours.tint_mask``) in the graphic's box grown by MARGIN."""
    return sum(a for _, a, _, _ in components(doc.page(m.page), _clip(doc, m), colour, pale=True))


def _unrendered(doc: Doc, m: Member, colour: str) -> str | None:
    """Why a graphic with no rendered pixel of ``colour`` may still show it, or None.

    "No pixel" is measured at DPI: a bar 0.5 pt tall anti-aliased into the axis under it, a word
    in a tiny font, or a one-pixel stroke of a picture resampled by the render leaves none, though
    the drawing, the span or the picture's own pixels are of the colour."""
    page, clip = doc.page(m.page), _clip(doc, m)
    shapes = unrendered(page, clip, colour, seen=[])
    if shapes:
        return shapes[0].why
    if any(g.intersects(clip) for g in glyph_boxes(page, colour)):
        return f"rendering: text in {colour} that shows no {colour} pixel at {DPI}dpi"
    fine = downsampled(page, clip, colour, seen=[])
    return fine[0].why if fine else None


def _gap(a: pymupdf.Rect, b: pymupdf.Rect) -> float:
    return max(a.x0 - b.x1, b.x0 - a.x1, a.y0 - b.y1, b.y0 - a.y1, 0.0)


def _text_nearest(doc: Doc, m: Member, colour: str, listed: list[Member]) -> str | None:
    """Letters of ``colour`` on the graphic's page nearer to it than to anything else the drawing list
    gives (another graphic, or a candidate set aside as a rule or an underline), or None.

    A chart's extent is not delimited: its title or axis title may stand far from the shapes the
    drawing list groups (generator regressions: axis titles 15, 55 and 70 pt from a lone narrow
    stacked bar in a wide chart). No distance is certain, so none is used: letters are given to the
    nearest drawn thing, and when that is this graphic it stays a doubt; a thing around the graphic
    is no rival. Only adds doubts."""
    box = pymupdf.Rect(m.bbox)
    # A thing around the graphic (a page ground, a panel, a frame) holds its title as well as any
    # other letter: it is no nearer rival (generator: a rosy axis title on a charcoal page).
    # A printed caption (the inner probe's caption doubt) is text, nothing the drawing list gives: no rival either
    # (generator: a slate axis title 1.5 pt above "Figure 1:" and 9 pt under its chart was given to the caption).
    others = [r for o in listed if o.page == m.page and o.bbox != m.bbox and not (o.why or "").startswith(CAPTION_FILTER)
              and not (r := pymupdf.Rect(o.bbox)).contains(box)]
    page = doc.page(m.page)
    for pale in (False, True):  # text in a muted or pale shade of the colour too (generator: a rosy axis title)
        hits = [g for g in glyph_boxes(page, colour, letters_only=True, pale=pale) if all(_gap(box, g) <= _gap(o, g) for o in others)]
        if hits:
            shade = f"{'a pale or muted ' if pale else ''}{colour}"
            return f"{shade} text {min(_gap(box, g) for g in hits):.0f}pt from it, nearer to it than to any other graphic"
    return None


def _letters(reg: Region) -> bool:
    """Certain: the region is letter ink with the shape of letters (``colour_regions.LetterInk``)."""
    return LetterInk.letter_shaped(reg, reg.fill >= BAR_FILL and reg.aspect >= BAR_ASPECT)


def _shows(doc: Doc, m: Member, colour: str, ink: LazyInk, drawings: list[dict]) -> str | None:
    """What of ``colour`` a set-aside candidate's own box shows (a rule has no title or legend around
    it), leaving out letters of that colour beside it (the word a rule underlines); None: nothing."""
    page, clip = doc.page(m.page), _clip(doc, m, AA_PT)
    area = sum(reg.area for reg in labelled(page, clip, colour, judge=ink.judge) if not _letters(reg))
    if area:
        return f"{colour} area {area}px"
    shapes = unrendered(page, clip, colour, seen=[], drawings=drawings)
    return shapes[0].why if shapes else None


class ColouredGraphicsParams(GraphicsParams):
    """The ``graphics`` params plus the ``colour`` family a graphic must contain."""

    colour: Annotated[str, COLOUR]


@probe("coloured_graphics", params=ColouredGraphicsParams, exact=False)
def coloured_graphics(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Members: graphics of ``kind`` that contain ``colour``; doubts: graphics with a trace of it, or set aside by a tuned filter."""
    colour = str(params.get("colour", ""))
    inner = REGISTRY["graphics"](doc, scope, {k: v for k, v in params.items() if k != "colour"})
    params = {**params, "dpi": DPI, "min_area": MIN_AREA}
    if inner.status is ProbeStatus.could_not_measure:
        return inner.model_copy(update={"probe": "coloured_graphics", "params": params})
    members: list[Member] = []
    doubts: list[Member] = []
    set_aside: list[Member] = []
    pages: dict[int, tuple[LazyInk, list[dict]]] = {}
    for m in inner.best_candidates:
        # Set aside as no graphic (a rule, an underline), not for its colour: a thin coloured
        # connector is an arrow a reader sees.
        if m.page not in pages:
            page = doc.page(m.page)
            pages[m.page] = LazyInk(lambda page=page: LetterInk(page, colour, paths=False)), page.get_drawings()
        try:
            shown = _shows(doc, m, colour, *pages[m.page])
        except ValueError as exc:  # too large to render at DPI, or an image bomb: not measured
            shown = f"not measured ({exc})"
        if shown:
            doubts.append(m.model_copy(update={"what": f"{m.what}; {shown}", "why": f"{m.why}, yet it shows {colour}"}))
        else:
            set_aside.append(m.model_copy(update={"what": f"{m.what}; no {colour} pixel"}))
    listed = [*inner.members, *inner.doubts, *inner.best_candidates]
    for m in inner.members:
        try:
            area = _area(doc, m, colour)
        except ValueError as exc:  # too large to render at DPI, or an image bomb: a doubt, never "no colour"
            doubts.append(m.model_copy(update={"what": f"{m.what}; {colour} not measured", "why": f"could not measure: {exc}"}))
            continue
        if area >= MIN_AREA:
            members.append(m.model_copy(update={"what": f"{m.what}; {colour} area {area}px"}))
        elif area:
            doubts.append(m.model_copy(update={"what": f"{m.what}; {colour} area {area}px", "why": f"colour area filter: {area}px < {MIN_AREA}px"}))
        elif why := _unrendered(doc, m, colour):
            doubts.append(m.model_copy(update={"what": f"{m.what}; no {colour} pixel rendered, yet {colour} in its drawing, text or picture", "why": why}))
        elif (pale := _pale(doc, m, colour)) >= MIN_AREA:
            doubts.append(m.model_copy(update={"what": f"{m.what}; pale {colour} area {pale}px", "why": PALE.format(colour=colour)}))
        elif beside := _text_nearest(doc, m, colour, listed):
            doubts.append(m.model_copy(update={"what": f"{m.what}; {beside}", "why": f"{colour} text beyond the {MARGIN:.0f}pt a title is looked for: its title or axis title?"}))
        else:
            set_aside.append(m.model_copy(update={"what": f"{m.what}; no {colour} pixel", "why": f"shows no {colour}"}))
    for m in inner.doubts:
        try:
            area = _area(doc, m, colour)
        except ValueError as exc:
            doubts.append(m.model_copy(update={"what": f"{m.what}; {colour} not measured", "why": f"could not measure: {exc}"}))
            continue
        if area:
            doubts.append(m.model_copy(update={"what": f"{m.what}; {colour} area {area}px"}))
        elif _unrendered(doc, m, colour):
            doubts.append(m.model_copy(update={"what": f"{m.what}; no {colour} pixel rendered, yet {colour} in its drawing, text or picture"}))
        elif (pale := _pale(doc, m, colour)) >= MIN_AREA:
            doubts.append(m.model_copy(update={"what": f"{m.what}; pale {colour} area {pale}px"}))
        elif beside := _text_nearest(doc, m, colour, listed):
            doubts.append(m.model_copy(update={"what": f"{m.what}; {beside}"}))
        else:
            set_aside.append(m.model_copy(update={"what": f"{m.what}; no {colour} pixel", "why": f"shows no {colour}"}))
    update: dict[str, Any] = {}
    if not members:
        # Every candidate's box is skipped: each one is now a doubt or measured free of the colour.
        outside, hidden, unmeasured = _paint_outside(doc, inner.pages, scope.region, colour, [*inner.members, *inner.doubts, *inner.best_candidates])
        doubts += grouped(outside, f"{colour} areas in no listed graphic")
        doubts += grouped(hidden, f"{colour} areas in hidden content")
        if unmeasured:
            # A page the search outside the listed graphics could not render: could not measure, never a zero.
            note = "could not measure " + "; ".join(f"p{p}: {why}" for p, why in sorted(unmeasured.items()))
            update = {"status": ProbeStatus.could_not_measure, "note": " | ".join(n for n in (inner.note, note) if n)}
    else:
        # A figure of the colour only hidden content draws, beside one shown (a print shows both): a doubt, so a count
        # of them never reads one for two. A page too large to render loses only this doubt: members are there.
        hidden = []
        for index in inner.pages:
            try:
                hidden += hidden_paint(doc, index, doc.region_rect(index, scope.region), colour)
            except ValueError:
                continue
        doubts += grouped(hidden, f"{colour} areas in hidden content")
    return inner.model_copy(update={"probe": "coloured_graphics", "params": params, "members": tuple(members),
                                    "doubts": tuple(doubts), "best_candidates": tuple(set_aside), **update})


def _paint_outside(doc: Doc, pages: tuple[int, ...], region: str | None, colour: str,
                   known: list[Member]) -> tuple[list[Member], list[Member], dict[int, str]]:
    """Areas of ``colour`` or its pale tint the render shows outside every listed graphic and outside letters
    of that colour: paint the drawing list does not show (a tiling pattern) or an icon set as a symbol glyph;
    areas of it anywhere in content the page hides by default (``colour_regions.hidden_paint``: a layer off or
    on only for printing, a hidden annotation; the graphics listing does not hold it, a listed graphic's box
    may); and the pages that could not be rendered at DPI (a page too large, an image bomb), with why."""
    out: list[Member] = []
    hidden: list[Member] = []
    unmeasured: dict[int, str] = {}
    for index in pages:
        page = doc.page(index)
        try:
            hidden += hidden_paint(doc, index, doc.region_rect(index, region), colour)
        except ValueError as exc:  # too large to render at DPI: not measured, never empty
            unmeasured[index] = str(exc)
            continue
        boxes = [_clip(doc, m) for m in known if m.page == index]
        for pale in (False, True):
            ink = LazyInk(lambda pale=pale: LetterInk(page, colour, pale=pale, paths=False))
            try:
                found = labelled(page, doc.region_rect(index, region), colour, pale, judge=ink.judge)
            except ValueError as exc:  # too large to render at DPI, or an image bomb: not measured, never empty
                unmeasured[index] = str(exc)
                break
            glyphs: list[pymupdf.Rect] | None = None
            for reg in found:
                r, area = reg.rect, reg.area
                if area < MIN_AREA or any(b.intersects(r) for b in boxes):
                    continue
                if _letters(reg):
                    # certain: letters, digits and punctuation of text in the colour, pixel by pixel, with the shape
                    # of letters, draw no graphic. A wordmark line or a symbol glyph the inner probe holds is a listed
                    # doubt (``known``): never reached here.
                    continue
                if glyphs is None:
                    glyphs = glyph_boxes(page, colour, pale=pale)
                what = f"{'pale ' if pale else ''}{colour} area {area}px in no graphic the drawing list gives"
                if LetterInk.drawn(reg):
                    why = f"drawn by {colour} text glyphs joined into a bar or rule shape (a run of underscores or dashes?)"
                elif in_glyphs(r, glyphs):
                    why = f"drawn by {colour} symbol glyphs, not letters (an icon set in a font?)"
                elif pale:
                    why = PALE.format(colour=colour)
                else:
                    why = "paint outside every listed graphic and text (a pattern or shading fill the drawing list does not show?)"
                out.append(Member(page=index, bbox=rect_tuple(r), what=what, why=why, reader=Reader.pixels))
    return out, hidden, unmeasured

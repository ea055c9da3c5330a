"""``map_between``: the venue markers of a legend category drawn between two street labels.

What it does: for "Name a <venue kind> between <street A> and <street B>", learns which
icon-font glyph means which category from legend/key pages (a pictogram followed by a
category word), finds the two street labels on map pages, and returns the category's markers
that lie in the band between the two streets (each street is the line through its label,
along the label's reading direction; the nearest label of each street to the marker is used,
because labels repeat). Numbered markers are joined to the key page ("32 <name>") when found.
A number the key lists under the category with no pictogram beside it (its marker drawn as a disc
or a picture, not an icon-font glyph) is a doubt where it lies in the band.
A line naming a venue of the kind asked ("Hotel Luna", by rules/maps.yaml venue words) in the band
is a doubt (its marker may be a drawn shape), and a page whose key draws the category as a swatch
(a shape or picture beside its name, no pictogram) is not measured.
A marker just outside that band is a doubt when a label set beside its street may put it
inside: as far as the farthest street stroke drawn past the label within half a block (at
least the label's height), or half a block where no street is drawn in vector strokes.

Why: guidebook maps draw venues as glyphs of an icon font and streets as (rotated) text, so
the question is a geometric one the text layer can answer without OCR.

Example: in a city guidebook's avenue grid map (key on the page before), one Eating marker
lies between two consecutive numbered avenues, and the next block over holds none: its
nearest Eating marker sits just across the bounding avenue, and is reported as a near miss.

A venue word of one kind ("bakery", "museum", "bar": rules/maps.yaml ``venue_kinds``) or of several meanings
("café": Eating or Drinking & Nightlife) names only part of each section: a marker there is a member only where
its key name says the word (or one of the same meaning, not in a phrase naming another kind: "Sushi Bar"), or its
section's name says it and no venue word of another kind ("Bars", not "Cafés & Bars"), else a doubt. A map page that points at no key and has none within two
pages has every key of the document looked up: a number listed there with no pictogram is a doubt
(numbers repeat from key to key, so such a key names and categorises no pictogram marker).

Params: ``category`` (a legend category such as "Eating", or a venue word from
rules/maps.yaml such as "restaurant"), ``also`` (the question's venue words, or other categories the
venue asked may be under: a café is Eating or Drinking & Nightlife), ``a`` and ``b`` (the two street names).
"""

from __future__ import annotations

from typing import Any

import pymupdf

from widening.facts.document import Doc
from widening.models import Member, ProbeResult, text_reader
from widening.probes import Params, Scope, probe
from widening.probes.map_between.band import band_position
from widening.probes.map_between.legend import AnyKey, key_page_for, learn_legend
from widening.probes.map_between.markers import Marker, find_labels, find_markers
from widening.probes.map_between.named import drawn_key, naming_labels, venue_words
from widening.probes.map_between.streets import Streets
from widening.probes.map_between.vocabulary import (
    categories_for,
    category_matches,
    category_meaning,
    legend_reading,
    may_print_street,
    rules,
    says_kind,
    section_says_kind,
    street_forms,
    typeless_forms,
    venue_reading,
)
from widening.probes.pagewise import finish, measurable

NAME = "map_between"


def _half_across(m: Marker, away: tuple[float, float]) -> float:
    """Half the marker's extent along ``away`` (across the streets)."""
    x0, y0, x1, y1 = m.bbox
    return (abs(away[0]) * (x1 - x0) + abs(away[1]) * (y1 - y0)) / 2


def _describe(m: Marker, wanted: str) -> str:
    cats = " / ".join(sorted(m.categories)) or f"uncategorised (possibly {wanted})"
    num = f" {m.number}" if m.number else ""
    name = f" {m.name!r}" if m.name else ""
    return f"{cats} marker{num}{name}"


class MapBetweenParams(Params):
    """``category``: the map key's venue category; ``also``: the question's own venue words ("café", read by
    rules/maps.yaml: Eating or Drinking & Nightlife, and only part of each) or other categories the venue asked
    may be under; ``a``, ``b``: the two street labels."""

    category: str = ""
    also: tuple[str, ...] = ()
    a: str = ""
    b: str = ""


@probe(NAME, params=MapBetweenParams)
def map_between(doc: Doc, scope: Scope, params: dict[str, Any]) -> ProbeResult:
    """Markers of ``category`` between streets ``a`` and ``b`` on the map pages in scope."""
    category, a, b = str(params.get("category", "")), str(params.get("a", "")), str(params.get("b", ""))
    base = {"pages": scope.pages, "region": scope.region, "params": params}
    if not (category and a and b):
        return ProbeResult.cannot(NAME, "params need 'category', 'a' and 'b'", **base)
    legend, keys = learn_legend(doc)
    if not legend:
        return ProbeResult.cannot(NAME, "no map legend (an icon-font pictogram followed by a category word) in the document", **base)
    legend_cats = sorted({c for cats in legend.values() for c in cats})
    asked = [w for c in (category, *params.get("also", ())) for w in categories_for(str(c))]
    # A key section named by what is asked, or by venue words meaning only it ("Restaurants"), holds members;
    # one that may hold it ("Cafés" for a restaurant, a section of unknown kind) holds doubts.
    reading = {lc: legend_reading(lc, asked) for lc in legend_cats}
    wanted = {lc for lc, r in reading.items() if r == "member"}
    maybe = {lc for lc, r in reading.items() if r == "maybe"}
    if not wanted and not any(category_meaning(lc) for lc in maybe):
        return ProbeResult.cannot(NAME, f"no legend category matches {category!r}; the legend has {legend_cats}", **base)
    # A venue word of one kind ("bakery", "bar": rules/maps.yaml venue_kinds) or of several meanings ("café": Eating
    # or Drinking & Nightlife) asks only part of each section: there a marker is a member only when its name, or
    # its section's name alone, says the word (a steakhouse is no bakery, a diner no café, "Cafés & Bars" no café).
    whole, narrow = venue_reading(category, tuple(str(a) for a in params.get("also", ())))
    whole_sections = {lc for lc in wanted if legend_reading(lc, sorted(whole)) == "member"}

    def of_the_kind(m: Marker) -> bool:
        return not narrow or bool(m.categories & whole_sections) or says_kind(m.name or "", narrow) or any(
            section_says_kind(lc, narrow) for lc in m.categories & wanted)
    tol = float(rules()["band_tolerance"])
    members: list[Member] = []
    near: list[Member] = []
    unsure: list[Member] = []
    measured: list[int] = []
    seen_a: list[int] = []
    seen_b: list[int] = []
    unmeasured, pages = measurable(doc, scope, reads_text=True)
    for index in pages:
        text = doc.facts.page(index).text
        # Cheap pre-filter on the cached text: the labels cannot be on this page. Spacing is ignored
        # (a label set letter by letter, a raised ordinal) and every abbreviation and spelling of the
        # street is tried: a page that may print both is read, and measured only if both are found.
        # A map may also label its streets without their type ("45th" for 45th Ave.).
        bare_a, bare_b = typeless_forms(a), typeless_forms(b)
        in_text = may_print_street(text, street_forms(a)) and may_print_street(text, street_forms(b))
        if not (in_text or (may_print_street(text, street_forms(a) | bare_a) and may_print_street(text, street_forms(b) | bare_b))):
            continue
        page = doc.page(index)
        labels_a, labels_b = find_labels(page, a), find_labels(page, b)
        seen_a += [index] if labels_a else []
        seen_b += [index] if labels_b else []
        if not (labels_a and labels_b):
            # Both names are in the page's text, yet not as labels read whole (stacked on two
            # lines, split into spans): the map may show the street, so the page is not measured.
            if in_text:
                unmeasured[index] = f"{a!r} and {b!r} are in the page's text but not both found as street labels"
            # Labels naming each street without its type ("45th"): the map may show them, and which street
            # of that name (an avenue, a street) it means is not read, so the page is not measured.
            elif (labels_a or (bare_a and find_labels(page, a, bare_a))) and (labels_b or (bare_b and find_labels(page, b, bare_b))):
                unmeasured[index] = (f"the page labels {a!r} and {b!r} without their street type "
                                     f"({'/'.join(sorted(bare_a | bare_b))}); which streets they name is not read")
            continue
        key = key_page_for(doc, index, keys)
        markers = find_markers(page, legend, key)
        if not markers:
            continue
        # A key that draws the category as a shape or a picture (a swatch beside its name): those
        # markers are no pictograms, and the page cannot be measured for it.
        named = venue_words(wanted | {lc for lc in maybe if category_meaning(lc)} | set(asked))
        key_pages = [k.page for k in key.keys] if isinstance(key, AnyKey) else [key.page] if key is not None else []
        drawn = drawn_key(page, named) or next((d for p in key_pages if (d := drawn_key(doc.page(p), named))), None)
        if drawn:
            unmeasured[index] = f"the key draws what is asked as a shape or picture ({drawn}); only pictogram markers are read"
            continue
        region = doc.region_rect(index, scope.region)
        streets = Streets(page)
        relevant = [m for m in markers if (m.categories & (wanted | maybe) or not m.categories) and pymupdf.Point(m.centre) in region]
        inside, outside, doubts, why = [], [], [], None
        rd = text_reader(doc.facts.page(index), layer=True)  # markers and street labels: the page's glyphs
        for m in relevant:
            pos = band_position(m.centre, labels_a, labels_b)
            if pos is None:
                why = f"labels {a!r} and {b!r} near marker {m.number or '?'} are not parallel streets; no band between them"
                break
            where = f"between {pos.label_a.text!r} and {pos.label_b.text!r}"
            if -tol <= pos.t <= 1 + tol and m.unexplained:
                doubts.append(Member(page=index, bbox=m.bbox, reader=rd, what=f"unnumbered pictogram {m.glyphs[0][1]!r} the legend does not explain, {where}",
                                      why="a pictogram not in the legend may mark what is asked (a variant icon)"))
            elif -tol <= pos.t <= 1 + tol and m.bare:
                doubts.append(Member(page=index, bbox=m.bbox, reader=rd, what=f"{_describe(m, category)} with no pictogram, {where}",
                                     why=("a number the key lists" if key is not None and key.certain else
                                          f"a number a key of the document lists (p{', p'.join(str(p) for p in key_pages)}; the map points at none)")
                                         + ", printed with no icon-font pictogram: its marker may be drawn as a shape or a picture"))
            elif -tol <= pos.t <= 1 + tol and m.categories and not m.categories & wanted:
                doubts.append(Member(page=index, bbox=m.bbox, reader=rd, what=f"{_describe(m, category)} {where}",
                                     why=f"the key lists it under {' / '.join(sorted(m.categories & maybe))}, a section that may hold "
                                         f"what is asked ({category}) or not"))
            elif -tol <= pos.t <= 1 + tol and not m.categories:
                doubts.append(Member(page=index, bbox=m.bbox, reader=rd, what=f"{_describe(m, category)} {where}",
                                     why="a marker whose category neither the legend nor the key gives (a pictogram it does not "
                                         "explain, a key section it cannot name): it may be what is asked, or not"))
            elif -tol <= pos.t <= 1 + tol and not of_the_kind(m):
                doubts.append(Member(page=index, bbox=m.bbox, reader=rd, what=f"{_describe(m, category)} {where}",
                                     why=f"the key lists it under {' / '.join(sorted(m.categories & wanted))}, which holds more than "
                                         f"what is asked ({', '.join(narrow[:2])}), and its name does not say it is one"))
            elif -tol <= pos.t <= 1 + tol:
                inside.append(Member(page=index, bbox=m.bbox, reader=rd, what=f"{_describe(m, category)} {where} (t={pos.t:.2f} across a {pos.width:.1f} pt block)"))
            elif pos.outside_by() <= pos.width:
                label, away = pos.beyond()
                near_miss = Member(
                    page=index,
                    bbox=m.bbox,
                    reader=rd,
                    what=f"{_describe(m, category)} {pos.outside_by():.1f} pt ({pos.outside_by() / pos.width:.2f} block) outside the band, beyond {label.text!r}",
                    score=round(pos.outside_by(), 2),
                )
                # The band runs along the labels' centre lines; a label set beside its street, not
                # on it, moves the band: up to the street drawn past it, up to its own height at
                # least, up to half a block where no street is drawn. A marker touching that edge
                # (its near side within it) may be inside.
                reach = streets.outward_reach(label, away, pos.width)
                if pos.outside_by() - _half_across(m, away) <= reach.distance:
                    doubts.append(near_miss.model_copy(update={"why": reach.why}))
                else:
                    outside.append(near_miss)
        if why is None:
            # A label naming a venue of the kind asked ("Hotel Luna"), in the band: its marker may be a
            # drawn shape or a picture, which no pictogram shows.
            for text, box in naming_labels(page, named):
                c = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
                if pymupdf.Point(c) not in region:
                    continue
                pos = band_position(c, labels_a, labels_b)
                if pos is not None and -tol <= pos.t <= 1 + tol:
                    doubts.append(Member(page=index, bbox=box, reader=rd, what=f"label {text!r} naming a venue of the kind asked, between {pos.label_a.text!r} and {pos.label_b.text!r}",
                                         why="a venue named on the map with no pictogram: its marker may be drawn as a shape or a picture"))
        if why is not None:
            unmeasured[index] = why  # no band on this page: none of its markers is measured
            continue
        members += inside
        near += outside
        unsure += doubts
        measured.append(index)
    if measured:
        note = f"legend categories {sorted(wanted)}" + (f" (maybe {sorted(maybe)})" if maybe else "") + f"; map pages measured {measured}"
    else:
        note = (
            f"{a!r} found on pages {seen_a or 'none'}, {b!r} on pages {seen_b or 'none'}; "
            "no page in scope has both street labels and legend markers"
        )
        if not unmeasured:
            return ProbeResult.cannot(NAME, note, **base)  # no map page in scope: nothing was looked at
    return finish(NAME, scope, params, members, unmeasured, sorted(near, key=lambda m: m.score or 0), note=note,
                  doubts=sorted(unsure, key=lambda m: m.score or 0))

"""From a parsed question to the executable check that could prove its set empty.

A derivation either yields a ``CheckSpec`` (a probe, its container and params) or says
why nothing executable can measure the target. The same ``CheckSpec`` type is what a
proposal pins and what a reviewed spec in checks/ holds.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from widening import rulebook as vocab
from widening.models import CheckSpec, Container, ContainerKind, ParsedQuestion, Reading

ALL_READINGS = (Reading.pdf, Reading.label, Reading.printed)


class Derivation(BaseModel):
    """A check, or the reason there is none. ``exact`` is False when the check measures a
    superset of what was asked (members then do not prove the asked set non-empty);
    ``broader`` then names that superset."""

    model_config = ConfigDict(frozen=True)
    spec: CheckSpec | None = None
    reason: str = ""
    exact: bool = True
    broader: str = ""


# Probes whose members are candidates of a broader set than any question names: they do
# not tell a chart from a diagram or a photo, a bar from a red banner, a clip about the topic
# from one near its words. Their finds never prove the asked set non-empty.
BROADER = {
    "graphics": "graphics of any subject (content raster images, vector diagram/chart blocks)",
    "coloured_graphics": "graphics of any subject that show some {colour}",
    "colour_regions": "{colour} regions that are filled and elongated (a bar, or any other {colour} shape of that form)",
    "vector_blocks": "vector drawing blocks of any subject",
    "images": "raster images of any subject",
    "mentions": "references to the item with the topic's words on the same or a neighbouring page",
}


def broader_set(spec: CheckSpec) -> str | None:
    """The broader set ``spec``'s probe measures, in words; None when its members are instances of
    what was asked (the probe registry's ``exact`` flag, described here)."""
    from widening.probes import REGISTRY, load_all

    load_all()
    info = REGISTRY.get(spec.probe)
    template = BROADER.get(spec.probe)
    if info is not None and not info.exact and template is None:
        template = f"what {spec.probe} enumerates"
    if info is not None and info.exact and template is None:
        return None
    return template.format(colour=spec.params.get("colour", "the colour")) if template else None


def with_spec(spec: CheckSpec, exact: bool = True) -> Derivation:
    """A derivation of ``spec``: exact only when its probe's members are instances of the asked set."""
    broader = broader_set(spec)
    return Derivation(spec=spec, exact=exact and broader is None, broader=broader or "")


# Containers that are places, a page or pages: "page 3", "the cover", "pages 5-7".
PLACES = (ContainerKind.page, ContainerKind.slide, ContainerKind.cover, ContainerKind.last_page, ContainerKind.page_range)
# Containers a caption locates: "Figure 3", "Table 2", "Chart 1".
CAPTIONED = (ContainerKind.figure, ContainerKind.table, ContainerKind.chart)


def _page_container(parsed: ParsedQuestion) -> Container | None:
    return next((c for c in parsed.containers if c.kind in PLACES), None)


def _captioned(parsed: ParsedQuestion) -> Container | None:
    return next((c for c in parsed.containers if c.kind in CAPTIONED), None)


def _main_container(parsed: ParsedQuestion) -> Container:
    return _page_container(parsed) or parsed.containers[0]


def _raster_only(parsed: ParsedQuestion) -> str | None:
    m = vocab.search(vocab.load("vocabulary")["raster_only_words"], parsed.text)
    return m.text if m else None


def _visual_cue(parsed: ParsedQuestion) -> bool:
    """The question is about what a picture shows: a picture word, a region, or a visible attribute."""
    c = _page_container(parsed)
    words = vocab.load("vocabulary")["elements"]["image"] + ["cover"]
    return bool(
        parsed.target.attribute
        or (c is not None and (c.in_image or c.region))
        or vocab.search(words, parsed.text)
    )


def derive(parsed: ParsedQuestion) -> Derivation:
    """The executable check for ``parsed``, or why there is none."""
    t = parsed.target
    # A page names where to look; failing that, a captioned figure/table/chart does (its pages).
    page = _page_container(parsed) or _captioned(parsed)
    main = _main_container(parsed)
    doc_wide = main.kind is ContainerKind.document
    exclude = [c.number for c in parsed.excluded if c.number and c.kind in PLACES]  # "Figure 1" sets no page 1 aside

    def spec(probe: str, params: dict, container: Container = main, exact: bool = True) -> Derivation:
        if exclude:
            params = {**params, "exclude_pages": exclude}
        # Things that lack something ("images without captions") are some of the things measured, and
        # so are things narrowed to a kind, a state or a part of the page the check does not delimit
        # ("in the left column"): none found is none of them; those found are candidates.
        return with_spec(CheckSpec(probe=probe, container=container, params=params), exact and not t.lacks and not t.narrowed)

    if t.venue and t.between:
        return spec("map_between", {"category": t.venue, "a": t.between[0], "b": t.between[1]})
    if t.item and t.topic:
        return spec("mentions", {"item": t.item, "topic": list(t.topic)})
    if t.mention:
        # A caption locates a figure or table, not its extent: its pages hold words outside it, so
        # occurrences found there are candidates; none found there is none in it.
        delimited = main.kind not in (ContainerKind.figure, ContainerKind.table, ContainerKind.chart)
        return spec("text_search", {"text": t.mention}, exact=delimited)
    if t.predicate:
        p = t.predicate
        return spec("table_values", {"column": p.column, "op": p.op, "value": p.value, "percent": p.percent})
    if t.pattern:
        # A question about one party's number is a subset of all numbers: zero licenses
        # "none"; members do not prove the asked set non-empty unless a count was asked.
        return spec("text_pattern", {"pattern": t.pattern}, exact=parsed.cardinality is not None)
    visual = _visual_cue(parsed)
    if (t.person or t.object_class) and _page_container(parsed) is None:
        page = None  # detectors look at a page's pictures; a figure's extent is not delimited for them
    if (t.person or t.object_class) and page is not None and not visual:
        return Derivation(reason="the question names no picture, region or visible attribute, so a detector would answer a different question")
    # The detector would find the presupposed person or object, not what is counted or asked: its
    # finds are candidates of another set (never "not empty"); finding none empties the presupposition.
    # Words that narrow it ("children", "being read to") leave the finds candidates of the broader class.
    presupposed = {"exact": False} if t.asked else {}
    if t.person and page is not None:
        if t.stylised:
            return Derivation(reason="people in a cartoon or drawing: face and body detectors only see photographs")
        params = {"attribute": t.attribute} if t.attribute else {}
        return spec("people", params, **presupposed)
    if t.object_class and (page is not None):
        if t.stylised:
            return Derivation(reason=f"a {t.object_class} in a cartoon or drawing: the detector only sees photographs")
        return spec("objects", {"object_class": t.object_class}, **presupposed)
    if t.styles or (t.element == "text" and t.colour):
        raster = _raster_only(parsed)
        if raster:
            return Derivation(reason=f"'{raster}' lives in pixels; a text-style probe reads only the text layer")
        params: dict = {"styles": list(t.styles)}
        if t.any_style and len(t.styles) > 1:
            params["match"] = "any"  # "italic or bold": spans with any of the styles
        if t.colour:
            params["colour"] = t.colour
        return spec("text_style", params)
    if t.element == "bar" and t.colour and page is not None:
        return spec("colour_regions", {"colour": t.colour, "shape": "bar"}, container=page.model_copy(update={"in_image": False}))
    if t.element in ("diagram", "chart", "logo", "figure", "image") and (page is not None or doc_wide):
        where = main if page is None else page
        if t.colour:
            return spec("coloured_graphics", {"kind": t.element, "colour": t.colour}, container=where)
        return spec("graphics", {"kind": t.element}, container=where)
    what = t.element or t.object_class or ("a person" if t.person else None)
    if what:
        return Derivation(reason=f"no executable check measures '{what}' in a container of kind {main.kind.value}")
    if t.lacks:
        return Derivation(reason=f"the question asks for things that lack '{t.lacks}': none of that found would make every one of "
                                 "them a member, and no check here counts the things themselves")
    return Derivation(reason="the question asks for a fact the document would state, not for a thing a probe can enumerate")

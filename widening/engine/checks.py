"""From a parsed question to the executable check that could prove its set empty.

A derivation either yields a ``CheckSpec`` (a probe, its container and params) or says
why nothing executable can measure the target. The same ``CheckSpec`` type is what a
proposal pins and what a reviewed spec in checks/ holds.
"""

from __future__ import annotations

import re
from functools import cache

from pydantic import BaseModel, ConfigDict

from widening import rulebook as vocab
from widening.engine.accounting import broader_than_asked, joined_beyond
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
    """The executable check for ``parsed``, or why there is none.

    The target the parser reads is one thing, one style, one colour, one string; a question may join
    several ("charts and tables", "bicycles or cars", "text in red or italics", "the words cat and dog").
    A zero of one of them says nothing of the others: where the check measures only some of the things
    joined, there is no check (a widening would rest on a smaller set than asked)."""
    if parsed.target.compared_year:
        # "more than 2000 sales" compares with a number, "above 2010 levels" and "over 2019" with a year: the words
        # do not say which, and the readings ask for different sets. No reading is certain, so no check stands.
        return Derivation(reason=f"the question compares with {parsed.target.compared_year!r}, which may be a number or a year "
                          "(a level of that year); no reading is certain")
    d = _derive(parsed)
    if d.spec is None:
        return d
    if d.spec.probe == "text_search" and (why := _joined_mention(parsed, str(d.spec.params.get("text", "")))):
        return Derivation(reason=why)
    if d.spec.probe == "text_style" and (why := _colour_or_style(parsed)):
        return Derivation(reason=why)
    if d.exact and d.spec.params.get("colour") and (shade := _shade(parsed)):
        # "dark red text": the check measures the red family, bright red too; its finds are candidates.
        return d.model_copy(update={"exact": False, "broader": f"{d.spec.params['colour']} of any shade (the question asks for {shade!r})"})
    if d.spec.probe in THING_PROBES:
        joined = _joined_things(parsed, d.spec)
        if joined.uncovered:
            return Derivation(reason=f"the question joins {joined.said} ({', '.join(repr(w) for w in joined.uncovered)} besides what the check "
                                     f"measures): the check ({d.spec.probe}) measures only {joined.measured}, and its zero says nothing of the others")
        if d.spec.probe in ("graphics", "coloured_graphics") and "logo" in joined.keys and d.spec.params.get("kind") != "logo":
            # "charts and logos": the logo kind keeps every picture and small vector art the other kinds keep (a superset).
            spec = d.spec.model_copy(update={"params": {**d.spec.params, "kind": "logo"}})
            return d.model_copy(update={"spec": spec})
    if d.spec.probe in WHOLE_SET_PROBES and (why := joined_beyond(parsed, d.spec.probe)):
        # "phone numbers and email addresses", "a video or a podcast": the check's pattern or item is the
        # whole set it measures, so any other thing joined is left out.
        return Derivation(reason=f"no one check: {why}")
    return d


# --------------------------------------------------------------------------- several things joined

# Probes that measure one kind of thing the target names (a graphic kind, a detector class, text).
THING_PROBES = ("graphics", "coloured_graphics", "colour_regions", "text_style", "objects", "people")
# Probes whose target (a pattern, a cited item) is the whole set they measure: a word joined to it by a
# list word names another set (engine/accounting.joined_beyond). Map categories joined ("restaurants or
# cafes") are read by the parser (venue_also) and measured together.
WHOLE_SET_PROBES = ("text_pattern", "mentions")
# What each measures, as the parser's keys of the thing asked: another thing joined to the target is
# covered only when it is one of these (the graphics kinds differ only in filters; logo is the widest).
GRAPHIC_KEYS = frozenset({"diagram", "chart", "logo", "figure", "image"})


@cache
def _vocabulary() -> dict:
    return vocab.load("vocabulary")


@cache
def _function_words() -> frozenset[str]:
    return frozenset(w.lower() for w in vocab.load("qualifiers")["function_words"])


def _thing_words(q: str) -> list[tuple[str, str]]:
    """(surface word, key) of every word that names a thing a question may ask for: the element keys,
    the person and detector-class words, and the other things rules/vocabulary.yaml names (region holders,
    stylised and raster-only things, boxes, list items; ``coordinated_things`` when the file has it). A
    word of no key is its own key (covered by no check)."""
    from widening.question.parse import pictured_object_words

    v = _vocabulary()
    out: list[tuple[str, str]] = []
    for key, words in v["elements"].items():
        out += [(w, key) for w in words]
    out += [(w, "person") for w in v["person_words"]]
    for cls, words in pictured_object_words(q).items():
        out += [(w, "person" if cls == "person" else f"object:{cls}") for w in words]
    others = [*v["region_holders"], *v["stylised_words"], *v["raster_only_words"], *v["box_words"],
              *(w for item in v["list_items"].values() for w in item["words"]), *(v.get("coordinated_things") or [])]
    known = {w.lower() for w, _ in out}
    out += [(w, w.lower()) for w in others if w.lower() not in known]
    return out


class Joined(BaseModel):
    model_config = ConfigDict(frozen=True)
    said: str = ""
    keys: frozenset[str] = frozenset()
    uncovered: tuple[str, ...] = ()
    measured: str = ""


def _blank_containers(parsed: ParsedQuestion) -> str:
    q = parsed.text
    for c in (*parsed.containers, *parsed.excluded):
        if c.text:
            q = re.sub(re.escape(c.text), lambda m: " " * len(m.group(0)), q, flags=re.I)
    return q


def _joiner_gap(gap: str) -> bool:
    """``gap`` (the text between two thing words) joins them as items of one list: a comma, a slash or a
    list joiner, then at most an article and two words that are no function words ("charts, tables",
    "a chart or a table", "logos and company icons")."""
    joiners = [*_vocabulary()["list_joiners"], "nor"]
    m = re.fullmatch(rf"\s*(?:,\s*(?:{vocab.alternation(joiners)})?|/|{vocab.alternation(joiners)})\s*"
                     r"(?:(?:the|a|an|any|all|some|other)\s+)?((?:[\w'-]+\s+){0,2})", gap, re.I)
    if m is None:
        return False
    return not any(w.lower() in _function_words() for w in m.group(1).split())


def _covered(spec: CheckSpec, parsed: ParsedQuestion) -> tuple[frozenset[str], str]:
    t = parsed.target
    if spec.probe in ("graphics", "coloured_graphics"):
        return GRAPHIC_KEYS, "graphics (pictures, charts, diagrams, logos)"
    if spec.probe == "colour_regions":
        return frozenset({"bar"}), "bars"
    if spec.probe == "text_style":
        return frozenset({"text"}), "text spans"
    if spec.probe == "people":
        return frozenset({"person"}), "people"
    return frozenset({f"object:{t.object_class}"}), f"the detector class '{t.object_class}'"


def _joined_things(parsed: ParsedQuestion, spec: CheckSpec) -> Joined:
    """The things the question joins to the one the check measures ("charts and tables", "bicycles or
    cars", "people or dogs"), and those of them the check does not measure."""
    t = parsed.target
    q = _blank_containers(parsed)
    covered, measured = _covered(spec, parsed)
    hits: list[tuple[int, int, str, str]] = []
    taken: list[tuple[int, int]] = []
    for word, key in sorted(_thing_words(parsed.text), key=lambda wk: -len(wk[0])):
        for m in re.finditer(vocab.alternation([word]), q, re.I):
            if all(m.end() <= a or m.start() >= b for a, b in taken):
                hits.append((m.start(), m.end(), m.group(0), key))
                taken.append(m.span())
    hits.sort()
    target = {k for k in (t.element, f"object:{t.object_class}" if t.object_class else None, "person" if t.person else None) if k}
    # Runs of thing words joined one to the next; the run holding the target is what is asked.
    runs: list[list[tuple[int, int, str, str]]] = []
    for h in hits:
        if runs and _joiner_gap(q[runs[-1][-1][1]:h[0]]):
            runs[-1].append(h)
        else:
            runs.append([h])
    for run in runs:
        keys = {k for *_, k in run}
        if len(run) < 2 or not keys & target & covered:
            continue
        uncovered = tuple(dict.fromkeys(w for _, _, w, k in run if k not in covered))
        return Joined(said=repr(q[run[0][0]:run[-1][1]]), keys=frozenset(keys), uncovered=uncovered, measured=measured)
    return Joined()


def _joined_mention(parsed: ParsedQuestion, text: str) -> str | None:
    """Why a counted string that is not quoted and holds a list joiner ("the words cat and dog") has no
    one check: it may be one phrase or several words, each counted; a zero of the phrase is no zero of them."""
    if not text or re.search(rf"[\"“‘'`]{re.escape(text)}[\"”’'`]", parsed.text):
        return None
    joiners = [*_vocabulary()["list_joiners"], "nor"]
    if re.search(rf"{vocab.alternation(joiners)}|,|/", text, re.I) is None:
        return None
    return (f"the counted words {text!r} may be one phrase or several words joined by a list word: a search for the "
            "phrase misses each word printed alone, so its zero says nothing of them")


def _shade(parsed: ParsedQuestion) -> str | None:
    """The words that make the asked colour a shade of its family ("dark red", "light-green", "pale blue"):
    the word right before the colour word, when it is no function, number, style, colour or thing word.
    The check measures the whole family, so what it finds is a candidate of the shade, never a member."""
    t = parsed.target
    if not t.colour:
        return None
    v = _vocabulary()
    q = _blank_containers(parsed)
    plain = set(_function_words()) | {w.lower() for w in (*v["number_words"], *v["ordinal_words"], *v["colour_links"])}
    named = {w.lower() for w, _ in _thing_words(parsed.text)} | {w.lower() for ws in (*v["styles"].values(), *v["colours"].values()) for w in ws}
    for h in vocab.find_all(v["colours"][t.colour], q):
        m = re.search(r"([A-Za-z]+)(\s+|-)$", q[:h.start])
        if m and m.group(1).lower() not in plain and m.group(1).lower() not in named and not vocab.member(m.group(1), named):
            return f"{m.group(1)}{m.group(2)}{h.text}"
    return None


def _colour_or_style(parsed: ParsedQuestion) -> str | None:
    """Why text of a colour OR a style ("text in red or italics", "red or bold words", "red and bold
    words" said of two kinds of words) has no one check: the text-style probe wants both at once."""
    t = parsed.target
    if not (t.colour and t.styles):
        return None
    v = _vocabulary()
    q = _blank_containers(parsed)
    colours = vocab.find_all(v["colours"][t.colour], q)
    styles = [h for s in t.styles for h in vocab.find_all(v["styles"][s], q)]
    together = v["styles_together"]
    for c in colours:
        for s in styles:
            a, b = sorted((c, s), key=lambda h: h.start)
            gap = q[a.end:b.start]
            if re.search(r"\b(?:or|either|and/or|nor)\b", gap, re.I):
                return (f"the question asks for text {a.text!r} or {b.text!r} (either one): the text-style probe finds "
                        "spans with both, and its zero says nothing of text with only one")
            if re.fullmatch(r"\s*(?:,|and|&)\s*(?:in\s+)?", gap, re.I):
                both = re.search(vocab.alternation(together["both"]) + r"\s+(?:(?:in|of)\s+)?$", q[:a.start], re.I)
                said = re.match(r"\s*(?:$|[?.,;:!]|" + vocab.alternation(together["predicate_ends"]) + ")", q[b.end:], re.I)
                if both is None and said is None:
                    return (f"'{a.text}{gap}{b.text}' may name two kinds of text ({a.text} text and {b.text} text): the "
                            "text-style probe finds spans with both, and its zero says nothing of text with only one")
    return None


# Quantifiers that ask for every thing of the asked set ("how many phone numbers are on page 2", "list the
# e-mail addresses on page 2"), not for one party's ("what is the phone number of the Paris office").
WHOLE_SET_QUANTIFIERS = ("how_many", "list")


def _whole_pattern_set(parsed: ParsedQuestion) -> bool:
    """Whether the text pattern's members are members of the asked set: a count the question names ("another two
    companies"), or a count or list of the things of a pattern whose members are them by construction
    (rules/vocabulary.yaml ``exact_patterns``: e-mail addresses) with every other word of the question accounted for
    (engine/accounting.broader_than_asked: its container, quantifier, the pattern's words and function words).
    A word left ("international", "printed", "of the offices in Paris", a name) may narrow the set: candidates."""
    if parsed.cardinality is not None:
        return True
    return (parsed.target.pattern in _vocabulary().get("exact_patterns", []) and parsed.quantifier in WHOLE_SET_QUANTIFIERS
            and broader_than_asked(parsed, "text_pattern") is None)


def _derive(parsed: ParsedQuestion) -> Derivation:
    t = parsed.target
    # A page names where to look; failing that, a captioned figure/table/chart does (its pages).
    page = _page_container(parsed) or _captioned(parsed)
    main = _main_container(parsed)
    doc_wide = main.kind in (ContainerKind.document, ContainerKind.section)  # a section is read as the whole document
    exclude = [c.number for c in parsed.excluded if c.number and c.kind in PLACES]  # "Figure 1" sets no page 1 aside

    # A caption locates a figure, table or chart, not its extent: its pages hold other figures, tables and words,
    # so what any check finds there is a candidate of the named one; none found there is none in it.
    delimited = main.kind not in (ContainerKind.figure, ContainerKind.table, ContainerKind.chart)

    def spec(probe: str, params: dict, container: Container = main, exact: bool = True) -> Derivation:
        if exclude:
            params = {**params, "exclude_pages": exclude}
        # Things that lack something ("images without captions") are some of the things measured, and
        # so are things narrowed to a kind, a state or a part of the page the check does not delimit
        # ("in the left column"): none found is none of them; those found are candidates.
        return with_spec(CheckSpec(probe=probe, container=container, params=params), exact and delimited and not t.lacks and not t.narrowed)

    if t.venue and t.between:
        also = {"also": list(t.venue_also)} if t.venue_also else {}
        return spec("map_between", {"category": t.venue, **also, "a": t.between[0], "b": t.between[1]})
    if t.item and t.topic:
        return spec("mentions", {"item": t.item, "topic": list(t.topic)})
    if t.mention:
        return spec("text_search", {"text": t.mention})
    if t.predicate:
        p = t.predicate
        return spec("table_values", {"column": p.column, "op": p.op, "value": p.value, "percent": p.percent})
    if t.pattern:
        # A question about one party's number is a subset of all numbers: zero licenses
        # "none"; members do not prove the asked set non-empty unless a count was asked.
        through = _vocabulary().get("pattern_through", {}).get(t.pattern)
        d = spec("text_pattern", {"pattern": through or t.pattern}, exact=_whole_pattern_set(parsed) and through is None)
        return d.model_copy(update={"broader": f"every {through}-shaped number (the question asks for a {t.pattern} number)"}) if through else d
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

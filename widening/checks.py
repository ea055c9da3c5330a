"""From a parsed question to the executable check that could prove its set empty.

A derivation either yields a ``CheckSpec`` (a probe, its container and params) or says
why nothing executable can measure the target. The same ``CheckSpec`` type is what a
proposal pins and what a reviewed spec in checks/ holds.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from widening import vocab
from widening.corpus import row_key
from widening.errors import InputError
from widening.models import CheckSpec, Container, ContainerKind, ParsedQuestion, Reading

ALL_READINGS = (Reading.pdf, Reading.label, Reading.printed)


class Derivation(BaseModel):
    """A check, or the reason there is none. ``exact`` is False when the check measures a
    superset of what was asked (members then do not prove the asked set non-empty)."""

    model_config = ConfigDict(frozen=True)
    spec: CheckSpec | None = None
    reason: str = ""
    exact: bool = True


def _page_container(parsed: ParsedQuestion) -> Container | None:
    for c in parsed.containers:
        if c.kind in (ContainerKind.page, ContainerKind.slide, ContainerKind.cover, ContainerKind.last_page, ContainerKind.page_range):
            return c
    return None


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
    page = _page_container(parsed)
    main = _main_container(parsed)
    doc_wide = main.kind is ContainerKind.document
    exclude = [c.number for c in parsed.excluded if c.number]

    def spec(probe: str, params: dict, container: Container = main, exact: bool = True) -> Derivation:
        if exclude:
            params = {**params, "exclude_pages": exclude}
        return Derivation(spec=CheckSpec(probe=probe, container=container, params=params), exact=exact)

    if t.venue and t.between:
        return spec("map_between", {"category": t.venue, "a": t.between[0], "b": t.between[1]})
    if t.item and t.topic:
        return spec("mentions", {"item": t.item, "topic": list(t.topic)})
    if t.predicate:
        p = t.predicate
        return spec("table_values", {"column": p.column, "op": p.op, "value": p.value})
    if t.pattern:
        # A question about one party's number is a subset of all numbers: zero licenses
        # "none"; members do not prove the asked set non-empty unless a count was asked.
        return spec("text_pattern", {"pattern": t.pattern}, exact=parsed.cardinality is not None)
    visual = _visual_cue(parsed)
    if (t.person or t.object_class) and page is not None and not visual:
        return Derivation(reason="the question names no picture, region or visible attribute, so a detector would answer a different question")
    if t.person and page is not None:
        if t.stylised:
            return Derivation(reason="people in a cartoon or drawing: face and body detectors only see photographs")
        params = {"attribute": t.attribute} if t.attribute else {}
        return spec("people", params)
    if t.object_class and (page is not None):
        if t.stylised:
            return Derivation(reason=f"a {t.object_class} in a cartoon or drawing: the detector only sees photographs")
        return spec("objects", {"object_class": t.object_class})
    if t.styles or (t.element == "text" and t.colour):
        raster = _raster_only(parsed)
        if raster:
            return Derivation(reason=f"'{raster}' lives in pixels; a text-style probe reads only the text layer")
        params: dict = {"styles": list(t.styles)}
        if t.colour:
            params["colour"] = t.colour
        return spec("text_style", params)
    if t.element == "bar" and t.colour and page is not None:
        return spec("colour_regions", {"colour": t.colour, "shape": "bar"}, container=page.model_copy(update={"in_image": False}))
    if t.element in ("diagram", "chart", "logo", "figure", "image") and (page is not None or doc_wide):
        if t.colour:
            return spec("coloured_graphics", {"kind": t.element, "colour": t.colour})
        return spec("graphics", {"kind": t.element})
    what = t.element or t.object_class or ("a person" if t.person else None)
    if what:
        return Derivation(reason=f"no executable check measures '{what}' in a container of kind {main.kind.value}")
    return Derivation(reason="the question asks for a fact the document would state, not for a thing a probe can enumerate")


# --------------------------------------------------------------------------- reviewed specs


class ReviewedSpec(BaseModel):
    """A reviewed per-row check in checks/: data, executed like a derived one."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    doc_id: str
    question: str
    check: CheckSpec
    exact: bool = True
    reviewer_note: str = ""


def load_reviewed(directory: Path) -> dict[tuple[str, str], ReviewedSpec]:
    """Every reviewed spec under ``directory`` (checks/reviewed/*.yaml), keyed by (doc_id, normalised question)."""
    out: dict[tuple[str, str], ReviewedSpec] = {}
    if not directory.is_dir():
        return out
    for path in sorted(directory.glob("*.y*ml")):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as exc:
            raise InputError("spec_not_yaml", (str(path),), f"not valid YAML: {exc}") from exc
        items = data if isinstance(data, list) else [data]
        for i, item in enumerate(items):
            try:
                spec = ReviewedSpec.model_validate(item)
            except ValidationError as exc:
                err = exc.errors()[0]
                raise InputError("spec_invalid", (str(path), i, *err["loc"]), err["msg"]) from exc
            out[row_key(spec.doc_id, spec.question)] = spec
    return out



"""A check the question did not derive (pinned in a proposal, or reviewed in checks/) against the question.

Such a check licenses "none" only when it finds at least what the question's own check would:
the same probe, params at least as broad (``Params.narrower_than``), and every page of every
container the question names under every reading, the whole page where the question does not
say "in the picture". Otherwise a check on the wrong page, in the wrong colour or of the wrong
kind would turn a present thing into a zero.
"""

from __future__ import annotations

import math
from typing import Any

from pydantic import ValidationError

from widening.engine.containers import Resolved
from widening.models import CheckSpec, Container, ContainerKind, Reading

# Params the engine never takes from a check: the question's own exclusions apply (decide.set_aside).
IGNORED_PARAMS = frozenset({"exclude_pages"})

# How each param of each probe bears on what a pinned (or reviewed) check finds beside the question's own:
#   NARROWING: another value may find less: refused unless equal to the question's own, or broader as the
#              field's marker in the probe's params model says (``Widest``, ``LOWER_FINDS_MORE``, ``UNSET_FINDS_MORE``);
#   NEUTRAL:   the probe's search never reads it (it labels the record): any value.
# A param in neither (a probe or a param added later and not classified here) is unknown: refused unless
# equal to the question's own, whatever its marker says. tests/engine/test_pinned_heldout.py holds every
# registered param to a role.
NARROWING = "narrowing"
NEUTRAL = "neutral"
PARAM_ROLES: dict[str, dict[str, str]] = {
    "captions": {"kind": NARROWING, "number": NARROWING},
    "colour_regions": {"colour": NARROWING, "min_area": NARROWING, "shape": NARROWING},
    "coloured_graphics": {"kind": NARROWING, "min_side": NARROWING, "colour": NARROWING},
    "graphics": {"kind": NARROWING, "min_side": NARROWING},
    "images": {"exclude_full_page": NARROWING, "min_side": NARROWING},
    "map_between": {"category": NARROWING, "also": NARROWING, "a": NARROWING, "b": NARROWING},
    "mentions": {"item": NARROWING, "topic": NARROWING},
    "name_mentions": {"variants": NARROWING, "near_variants": NARROWING, "year": NARROWING, "pictures": NARROWING,
                      "qualifier": NEUTRAL},
    "objects": {"object_class": NARROWING, "min_score": NARROWING},
    "page_exists": {"number": NARROWING, "first": NARROWING, "last": NARROWING},
    "people": {"attribute": NARROWING},
    "table_values": {"column": NARROWING, "op": NARROWING, "value": NARROWING, "row_header": NARROWING,
                     "percent": NARROWING, "sentences": NARROWING},
    "text_pattern": {"pattern": NARROWING},
    "text_search": {"text": NARROWING},
    "text_style": {"styles": NARROWING, "match": NARROWING, "colour": NARROWING},
    "vector_blocks": {"kind": NARROWING, "min_w": NARROWING, "min_h": NARROWING},
}

# Containers a number names: their pages under a reading may be found late, only before a widening (a
# number printed in drawn content, read by OCR: containers.drawn_readings, always a printed reading).
NUMBERED = (ContainerKind.page, ContainerKind.slide, ContainerKind.page_range)


def check_error(spec: CheckSpec) -> str | None:
    """Why ``spec`` cannot run (None when it can): an unknown probe, or params its model refuses.

    ``exclude_pages`` (what a derived check records of the question's exclusions) must be a list of
    page numbers; it is never applied from a check: the question's own words set pages aside."""
    from widening.probes import params_error

    from widening.facts.document import REGIONS

    ex = spec.params.get("exclude_pages")
    if ex is not None and not (isinstance(ex, list) and all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in ex)):
        return f"params.exclude_pages: expected a list of page numbers, got {ex!r}"
    region = spec.container.region
    if region is not None and region not in REGIONS:
        return f"container.region: unknown region {region!r}; expected one of: {', '.join(sorted(REGIONS))}"
    if (why := params_error(spec.probe, _params(spec))) is not None:
        return why
    return _value_error(spec)


def _value_error(spec: CheckSpec) -> str | None:
    """A value the params model takes but no check means: a number that is not a number (NaN), or a
    yes/no where a number is asked (YAML's ``true`` read as 1). Bad input, never a narrower check."""
    from widening.probes import REGISTRY, load_all

    load_all()
    model = REGISTRY[spec.probe].params
    fields = model.model_fields
    for name, v in _params(spec).items():
        info = fields.get(name)
        if isinstance(v, float) and math.isnan(v):
            return f"params.{name}: expected a number, got NaN"
        if isinstance(v, bool) and info is not None and bool not in _types(info.annotation):
            return f"params.{name}: expected {_type_name(info.annotation)}, got the yes/no value {v!r}"
    return _coerced(model.model_validate(_params(spec)), _params(spec))


def _coerced(validated: Any, given: dict) -> str | None:
    """Why a given value is not the value its params model read it as (None when each is): a probe reads the
    check's params as given, and the pinned check is compared with the question's own as the model reads them,
    so the two must be one value. The string "false" is read as no by the model and as yes by a probe's
    ``bool(...)``; a null reads as unset to the model and crashes a probe's ``float(...)``."""
    for name, v in given.items():
        if name not in type(validated).model_fields:
            continue
        read = getattr(validated, name)
        if v is None:
            return f"params.{name}: expected a value, got null (leave the param out for the probe's default)"
        if isinstance(v, bool) != isinstance(read, bool) or _plain(v) != _plain(read):
            return f"params.{name}: expected {_type_name(type(validated).model_fields[name].annotation)}, got {v!r} ({type(v).__name__})"
    return None


def _plain(v: Any) -> Any:
    """``v`` with lists read as tuples (a YAML list is the tuple a model holds)."""
    if isinstance(v, (list, tuple)):
        return tuple(_plain(x) for x in v)
    return v


def _types(annotation: Any) -> set[Any]:
    from typing import get_args

    args = get_args(annotation)
    if not args:
        return {annotation}
    return {t for a in args for t in _types(a)}


def _type_name(annotation: Any) -> str:
    return " or ".join(sorted(getattr(t, "__name__", str(t)) for t in _types(annotation) if t is not type(None)))


def _params(spec: CheckSpec) -> dict:
    return {k: v for k, v in spec.params.items() if k not in IGNORED_PARAMS}


def narrower(check: CheckSpec, own: CheckSpec) -> str | None:
    """Why ``check`` may find less than the question's ``own`` check (None when it finds at least as much).

    The own check's container is where the question's words were turned into a place to look, and it may
    be wider than the container the question names (a picture the question names may be vector art, so
    the own check looks at the whole page): a check looking only inside pictures, or only at a part of the
    page, where the own check does not, may find less. Which pages each covers is ``covers``' business."""
    from widening.probes import REGISTRY, load_all

    if check.probe != own.probe:
        return f"it runs {check.probe}, where the question asks what {own.probe} measures"
    if check.container.in_image and not own.container.in_image:
        return (f"it looks only inside pictures, where the question's own check ({own.probe}) looks at the whole page "
                "(what the question calls a picture may be drawn as vector art)")
    if check.container.region is not None and check.container.region != own.container.region:
        return (f"it looks only at region {check.container.region!r}, where the question's own check looks at "
                f"{own.container.region or 'the whole page'}")
    load_all()
    model = REGISTRY[own.probe].params
    try:
        mine, theirs = model.model_validate(_params(check)), model.model_validate(_params(own))
    except ValidationError:  # the question's own params did not validate: only identical params compare
        return None if _params(check) == _params(own) else "its params differ from the question's own check"
    roles = PARAM_ROLES.get(own.probe, {})
    from widening.probes import _norm

    neutral = {}
    for name in type(mine).model_fields:
        role = roles.get(name)
        if role == NEUTRAL:
            neutral[name] = getattr(mine, name)
        elif role != NARROWING and _norm(getattr(mine, name)) != _norm(getattr(theirs, name)):
            return (f"params.{name} is {getattr(mine, name)!r} where the question's own check has {getattr(theirs, name)!r}, "
                    f"and how {own.probe}'s {name} bears on what it finds is not classified (engine/pinned.py PARAM_ROLES)")
    return mine.narrower_than(theirs.model_copy(update=neutral) if neutral else theirs)


def same(check: CheckSpec, own: CheckSpec) -> bool:
    """``check`` measures exactly what ``own`` does (so its members are as telling as the question's own): the
    same params both ways, over the same place under the same readings. A check over a wider place (the whole
    document for "page 3") finds things outside the asked place: they prove nothing of it."""
    return (narrower(check, own) is None and narrower(own, check) is None and _same_container(check.container, own.container)
            and set(check.readings) == set(own.readings))


def _same_container(a: Container, b: Container) -> bool:
    """``a`` and ``b`` name one place: every field but the words it was read from (``text``) is equal, and so is
    whether those words say "slide" (a slide's pages are resolved apart from the page's, containers.resolve)."""
    fields = [f for f in Container.model_fields if f != "text"]
    return (all(_place_value(getattr(a, f)) == _place_value(getattr(b, f)) for f in fields)
            and ("slide" in a.text.lower()) == ("slide" in b.text.lower()))


def _place_value(v: Any) -> Any:
    return v.strip() if isinstance(v, str) else v


def covers(check: CheckSpec, main: Resolved, named: list[Resolved], checked: Resolved) -> str | None:
    """Why ``check`` (resolved as ``checked``) leaves out part of what the question names: the main
    container ``main`` and every other one in ``named``. None when it covers them all."""
    have = set(checked.pages(check.readings))
    missing = [p for p in main.pages() if p not in have]
    if missing:
        left_out = [t for t in main.readings if t.pages and t.reading not in check.readings]
        how = "; ".join(f"{t.reading.value} reading of {t.number} is PDF page(s) {list(t.pages)}" for t in left_out)
        return f"the pinned check leaves out PDF page(s) {missing} that the question's container denotes" + (f" ({how})" if how else "")
    for r in named:
        # Every other container the question names is looked at under the check's readings: none may be lost.
        lost = sorted(set(r.pages()) - set(r.pages(check.readings)))
        if lost:
            name = r.container.text or r.container.kind.value
            return f"the pinned check's readings {[x.value for x in check.readings]} leave out PDF page(s) {lost} of '{name}'"
    if (why := _readings_left_out(check, [main, *named])) is not None:
        return why
    if (why := _place_unnamed(check, [main, *named], checked)) is not None:
        return why
    q_region, p_region = main.container.region, check.container.region
    if p_region is not None and p_region != q_region:
        return f"the pinned check looks only at region {p_region!r}, smaller than the question's {q_region or 'whole page'}"
    if check.container.in_image and not main.container.in_image:
        return (f"the pinned check looks only inside pictures, where the question's "
                f"'{main.container.text or main.container.kind.value}' is the whole page")
    return None


def _readings_left_out(check: CheckSpec, asked: list[Resolved]) -> str | None:
    """Why the check's readings leave out one under which a container the question names is read (None when
    none). A reading that gives no page now may give one late: a number a page prints only in drawn content
    (containers.drawn_readings, a printed reading) is read only before a widening, and a check that does not
    take that reading never looks there. The whole document needs no reading: every page is looked at."""
    if check.container.kind is ContainerKind.document:
        return None
    for r in asked:
        wanted = {t.reading for t in r.readings} | (set(Reading) if r.container.kind in NUMBERED else set())
        lost = [x.value for x in Reading if x in wanted and x not in check.readings]
        if lost:
            name = r.container.text or r.container.kind.value
            return (f"the pinned check's readings {[x.value for x in check.readings]} leave out the {', '.join(lost)} reading(s) "
                    f"of '{name}' (a number printed only in drawn content is read late, as a printed reading)")
    return None


def _same_place(a: Container, b: Container) -> bool:
    """``a`` and ``b`` name the same numbered place (a page and a slide of one number are one place)."""
    single = (ContainerKind.page, ContainerKind.slide)
    if a.kind in single and b.kind in single:
        return a.number is not None and str(a.number).strip() == str(b.number or "").strip()
    return a.kind is b.kind is ContainerKind.page_range and (a.first, a.last) == (b.first, b.last)


def _place_unnamed(check: CheckSpec, asked: list[Resolved], checked: Resolved) -> str | None:
    """Why a numbered place the question names is looked at only as part of the check's container of
    another kind or number (None when none is). The engine does not run the question's place again where the
    check's pages hold it (decide.also_named), so the pages that print its number only in drawn content,
    read late for that place alone, would never be looked at: "page 3" pinned as "Figure 1" on PDF page 3,
    where the slide printing 3 is PDF page 4. The whole document holds every page."""
    c = check.container
    if c.kind is ContainerKind.document:
        return None
    have = set(checked.pages())
    for r in asked:
        q = r.container
        if q.kind not in NUMBERED or q == c or _same_place(q, c):
            continue
        run_alone = q.region is not None or c.region is not None or not set(r.pages()) <= have
        if not run_alone:
            name = q.text or q.kind.value
            pinned = c.text or (f"{c.kind.value} {c.number}" if c.number else c.kind.value)
            return (f"the pinned check looks at '{name}' only as part of its '{pinned}': pages that print the number "
                    f"only in drawn content (read late, for '{name}' itself) would not be looked at")
    return None

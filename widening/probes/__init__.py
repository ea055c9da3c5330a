"""Probes: executable checks that return the members of a container.

One registry: each probe is a function ``(doc, scope, params) -> ProbeResult`` registered
under a stable name, in a module of the same name, with a pydantic model of its params
(unknown keys are an error: a typo in a proposal must not change what is measured) and
a flag saying whether its members are exactly instances of the target it enumerates.
A probe never returns an empty member list when it could not look: it returns
``ProbeResult.cannot(...)`` with the reason.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from pydantic import AfterValidator, BaseModel, ConfigDict, ValidationError

from widening.models import ProbeResult

if TYPE_CHECKING:  # probes import the PDF layer themselves; the registry needs only the name
    from widening.facts.document import Doc


@dataclass(frozen=True)
class Scope:
    """The container a probe looks in: PDF pages (1-based), optionally a region, or inside images."""

    pages: tuple[int, ...]
    region: str | None = None
    in_image: bool = False


# How a param's value widens what a probe finds, for comparing a pinned check with the question's
# own (``Params.narrower_than``). A field without a marker must be equal.
@dataclass(frozen=True)
class Widest:
    """This value finds at least what any other value finds ("any" shape, no exclusion)."""

    value: Any


LOWER_FINDS_MORE = "lower finds more"  # a threshold: a lower value admits more candidates
UNSET_FINDS_MORE = "unset finds more"  # a restriction: None restricts nothing


def one_of(*known: str, what: str) -> AfterValidator:
    """A string param that must be exactly one of ``known``: a bad value is bad input, never a zero."""

    def check(v: Any) -> Any:
        if v is not None and v not in known:
            raise ValueError(f"unknown {what} {v!r}; expected one of: {', '.join(known)}")
        return v

    return AfterValidator(check)


def _known_colour(v: Any) -> Any:
    if v is not None:
        from widening.facts.colours import family  # the colour families live with the pixel tests

        try:
            family(str(v))
        except KeyError as exc:
            raise ValueError(exc.args[0]) from None
    return v


# A colour family name (rules' colour families and their aliases); never empty.
COLOUR = AfterValidator(_known_colour)


def _norm(v: Any) -> Any:
    if isinstance(v, str):
        return " ".join(v.split()).casefold()
    if isinstance(v, (list, tuple)):
        return tuple(_norm(x) for x in v)
    return v


class Params(BaseModel):
    """Base of every probe's params: frozen, and an unknown key is an error."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def narrower_than(self, other: "Params") -> str | None:
        """Why these params may find less than ``other`` does (None when they find at least as much).

        Equal values cover; beyond that only what a field's marker says (``Widest``, a lower
        threshold, an unset restriction). Anything else may narrow the set, so it does not cover."""
        for name, info in type(self).model_fields.items():
            mine, theirs = getattr(self, name), getattr(other, name)
            if _norm(mine) == _norm(theirs):
                continue
            marks = info.metadata
            if any(isinstance(m, Widest) and _norm(mine) == _norm(m.value) for m in marks):
                continue
            if LOWER_FINDS_MORE in marks and mine is not None and theirs is not None and mine <= theirs:
                continue
            if UNSET_FINDS_MORE in marks and mine is None:
                continue
            return f"params.{name} is {mine!r} where the question's own check has {theirs!r}"
        return None


ProbeFn = Callable[["Doc", Scope, dict[str, Any]], ProbeResult]


@dataclass(frozen=True)
class ProbeInfo:
    """A registered probe: its function, its params model, and what its members are."""

    name: str
    fn: ProbeFn
    params: type[Params]
    exact: bool  # members are instances of the target the probe enumerates, not candidates of a broader set

    @property
    def module(self) -> str:
        return self.fn.__module__

    @property
    def doc(self) -> str:
        """The module docstring: what it measures, why, an example, what it cannot see."""
        return (importlib.import_module(self.module).__doc__ or "").strip()

    def __call__(self, doc: "Doc", scope: Scope, params: dict[str, Any]) -> ProbeResult:
        """Run the probe; params its model refuses are a could-not-measure, never a zero."""
        if (why := params_error(self.name, params)) is not None:
            return ProbeResult.cannot(self.name, f"invalid check: {why}", pages=scope.pages, params=params)
        return self.fn(doc, scope, params)


REGISTRY: dict[str, ProbeInfo] = {}


def probe(name: str, params: type[Params] = Params, exact: bool = True) -> Callable[[ProbeFn], ProbeFn]:
    """Register a probe under ``name``; a duplicate name is an error, not a warning."""

    def deco(fn: ProbeFn) -> ProbeFn:
        if name in REGISTRY:
            raise RuntimeError(f"probe {name!r} registered twice")
        REGISTRY[name] = ProbeInfo(name=name, fn=fn, params=params, exact=exact)
        return fn

    return deco


def params_error(name: str, params: dict[str, Any] | None) -> str | None:
    """Why ``params`` are not valid for probe ``name`` (None when they are): for located load errors."""
    load_all()
    info = REGISTRY.get(name)
    if info is None:
        return f"no probe named {name!r}; known: {', '.join(sorted(REGISTRY))}"
    try:
        info.params.model_validate(params or {})
    except ValidationError as exc:
        return "; ".join(".".join(["params", *map(str, e["loc"])]) + f": {e['msg'].removeprefix('Value error, ')}" for e in exc.errors())
    return None


def run_probe(name: str, doc: Doc, scope: Scope, params: dict[str, Any] | None = None) -> ProbeResult:
    """Run a registered probe; invalid params or an exception inside it become could-not-measure, never 'absent'."""
    load_all()
    params = dict(params or {})
    if name not in REGISTRY:
        return ProbeResult.cannot(name, f"invalid check: {params_error(name, params)}", pages=scope.pages, params=params)
    try:
        return REGISTRY[name](doc, scope, params)
    except Exception as exc:  # a crash is not a measurement
        return ProbeResult.cannot(name, f"probe crashed: {type(exc).__name__}: {exc}", pages=scope.pages, params=params)


def probe_modules() -> tuple[str, ...]:
    """The probe modules' names, as under ``widening.probes``."""
    return _MODULES


def load_all() -> None:
    """Import every probe module so they register (explicit list, no import magic)."""
    for mod in _MODULES:
        importlib.import_module(f"widening.probes.{mod}")


_MODULES = ("page_exists", "captions", "text_search", "text_style", "images", "vector_blocks", "graphics", "colour_regions", "table_values",
            "people", "objects", "map_between", "mentions", "name_mentions", "text_pattern", "coloured_graphics")

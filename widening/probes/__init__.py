"""Probes: executable checks that return the members of a container.

Each probe is a function ``(doc, scope, params) -> ProbeResult`` registered under a
stable name. A probe never returns an empty member list when it could not look:
it returns ``ProbeResult.cannot(...)`` with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from widening.models import ProbeResult

if TYPE_CHECKING:  # probes import the PDF layer themselves; the registry needs only the name
    from widening.document import Doc


@dataclass(frozen=True)
class Scope:
    """The container a probe looks in: PDF pages (1-based), optionally a region, or inside images."""

    pages: tuple[int, ...]
    region: str | None = None
    in_image: bool = False


ProbeFn = Callable[["Doc", Scope, dict[str, Any]], ProbeResult]
REGISTRY: dict[str, ProbeFn] = {}


def probe(name: str) -> Callable[[ProbeFn], ProbeFn]:
    """Register a probe under ``name``; a duplicate name is an error, not a warning."""

    def deco(fn: ProbeFn) -> ProbeFn:
        if name in REGISTRY:
            raise RuntimeError(f"probe {name!r} registered twice")
        REGISTRY[name] = fn
        return fn

    return deco


def run_probe(name: str, doc: Doc, scope: Scope, params: dict[str, Any] | None = None) -> ProbeResult:
    """Run a registered probe; an exception inside it becomes could-not-measure, never 'absent'."""
    load_all()
    params = dict(params or {})
    fn = REGISTRY.get(name)
    if fn is None:
        return ProbeResult.cannot(name, f"no probe named {name!r}; known: {sorted(REGISTRY)}", pages=scope.pages)
    try:
        return fn(doc, scope, params)
    except Exception as exc:  # a crash is not a measurement
        return ProbeResult.cannot(name, f"probe crashed: {type(exc).__name__}: {exc}", pages=scope.pages, params=params)


def probe_modules() -> tuple[str, ...]:
    """The probe modules' names, as under ``widening.probes``."""
    return _MODULES


def load_all() -> None:
    """Import every probe module so they register (explicit list, no import magic)."""
    import importlib

    for mod in _MODULES:
        try:
            importlib.import_module(f"widening.probes.{mod}")
        except ModuleNotFoundError as exc:
            if exc.name != f"widening.probes.{mod}":
                raise


_MODULES = ("pages", "captions", "text", "styles", "images", "vectors", "colour", "tables", "people", "objects", "mapgeo", "mentions", "names", "patterns", "coloured")

"""A check the question did not derive (pinned in a proposal, or reviewed in checks/) against the question.

Such a check licenses "none" only when it finds at least what the question's own check would:
the same probe, params at least as broad (``Params.narrower_than``), and every page of every
container the question names under every reading, the whole page where the question does not
say "in the picture". Otherwise a check on the wrong page, in the wrong colour or of the wrong
kind would turn a present thing into a zero.
"""

from __future__ import annotations

from pydantic import ValidationError

from widening.engine.containers import Resolved
from widening.models import CheckSpec

# Params the engine never takes from a check: the question's own exclusions apply (decide.set_aside).
IGNORED_PARAMS = frozenset({"exclude_pages"})


def check_error(spec: CheckSpec) -> str | None:
    """Why ``spec`` cannot run (None when it can): an unknown probe, or params its model refuses.

    ``exclude_pages`` (what a derived check records of the question's exclusions) must be a list of
    page numbers; it is never applied from a check: the question's own words set pages aside."""
    from widening.probes import params_error

    ex = spec.params.get("exclude_pages")
    if ex is not None and not (isinstance(ex, list) and all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in ex)):
        return f"params.exclude_pages: expected a list of page numbers, got {ex!r}"
    return params_error(spec.probe, _params(spec))


def _params(spec: CheckSpec) -> dict:
    return {k: v for k, v in spec.params.items() if k not in IGNORED_PARAMS}


def narrower(check: CheckSpec, own: CheckSpec) -> str | None:
    """Why ``check`` may find less than the question's ``own`` check (None when it finds at least as much)."""
    from widening.probes import REGISTRY, load_all

    if check.probe != own.probe:
        return f"it runs {check.probe}, where the question asks what {own.probe} measures"
    load_all()
    model = REGISTRY[own.probe].params
    try:
        mine, theirs = model.model_validate(_params(check)), model.model_validate(_params(own))
    except ValidationError:  # the question's own params did not validate: only identical params compare
        return None if _params(check) == _params(own) else "its params differ from the question's own check"
    return mine.narrower_than(theirs)


def same(check: CheckSpec, own: CheckSpec) -> bool:
    """``check`` measures exactly what ``own`` does (so its members are as telling as the question's own)."""
    return narrower(check, own) is None and narrower(own, check) is None


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
    q_region, p_region = main.container.region, check.container.region
    if p_region is not None and p_region != q_region:
        return f"the pinned check looks only at region {p_region!r}, smaller than the question's {q_region or 'whole page'}"
    if check.container.in_image and not main.container.in_image:
        return (f"the pinned check looks only inside pictures, where the question's "
                f"'{main.container.text or main.container.kind.value}' is the whole page")
    return None

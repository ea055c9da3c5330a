"""docs/probes.md and docs/cases.md, generated from the probe registry and rules/cases.yaml.

Regenerate with ``python -m widening.commands.docs``; a test keeps the committed files in
sync, as it does for the proposal schema.
"""

from __future__ import annotations

import json
from pathlib import Path

from widening import rulebook
from widening.probes import REGISTRY, load_all

DOCS_DIR = Path(__file__).resolve().parents[2] / "docs"


def probes_md() -> str:
    """One section per registered probe: module, params (from its pydantic model), exactness, doc."""
    load_all()
    out = ["# Probes", "", "Generated from the probe registry (`widening/probes/`); do not edit by hand.",
           "A probe's params model refuses unknown keys: a typo in a proposal or a reviewed spec is an error.",
           "`exact` says whether its members are instances of the target it enumerates; when not, what it",
           "finds are candidates of a broader set, and they never support `short_not_empty`.", ""]
    out += ["| probe | module | exact |", "| --- | --- | --- |"]
    out += [f"| [`{n}`](#{n}) | `{i.module}` | {'yes' if i.exact else 'no'} |" for n, i in sorted(REGISTRY.items())]
    for name, info in sorted(REGISTRY.items()):
        out += ["", f"## {name}", "", f"Module `{info.module}`; params `{info.params.__name__}`"
                f"{'' if info.exact else '; members are candidates of a broader set (not exact)'}.", ""]
        if info.params.__doc__:
            out += [info.params.__doc__.strip(), ""]
        out += ["| param | type | default |", "| --- | --- | --- |"]
        for field, f in info.params.model_fields.items():
            default = "required" if f.is_required() else json.dumps(f.default)
            out.append(f"| `{field}` | `{_type_name(f.annotation)}` | {default} |")
        out += ["", info.doc, ""]
    return "\n".join(out).rstrip() + "\n"


def cases_md() -> str:
    """The four cases in the order they are tested, with their rule text and examples from rules/cases.yaml."""
    data = rulebook.load("cases")
    out = ["# The cases that block a widening", "", "Generated from `rules/cases.yaml`; do not edit by hand.", "",
           "Tested in this order: " + ", ".join(f"`{c}`" for c in data["precedence"]) + ".",
           "A row no case blocks is widened only when its check measures zero members and zero doubts under",
           "every reading; anything that cannot be measured is kept as `unverifiable`.", ""]
    for name in data["precedence"]:
        case = data["cases"][name]
        out += [f"## {name}", "", case["doc"].strip(), "", f"Example: {case['example']}.", ""]
    return "\n".join(out).rstrip() + "\n"


def _type_name(annotation: object) -> str:
    plain = isinstance(annotation, type) and not getattr(annotation, "__args__", None)
    text = annotation.__name__ if plain else str(annotation)  # type: ignore[union-attr]
    return text.replace("typing.", "").replace("|", "\\|")  # a bare | would split the table cell


def generated() -> dict[Path, str]:
    """Each generated file and its content."""
    return {DOCS_DIR / "probes.md": probes_md(), DOCS_DIR / "cases.md": cases_md()}


if __name__ == "__main__":  # regenerate: python -m widening.commands.docs
    for path, text in generated().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")

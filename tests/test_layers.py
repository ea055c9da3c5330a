"""The tree shows the flow: imports run commands -> engine -> probes -> facts, and no module
imports itself back through another (lazy imports inside functions count too)."""

from __future__ import annotations

import ast
from pathlib import Path

import widening

PACKAGE = Path(widening.__file__).resolve().parent
FOUNDATION = {"widening", "models", "errors", "rulebook", "runtime", "text"}
# stage -> the stages it may import (besides itself and the foundation)
ALLOWED = {
    "runtime": set(),
    "facts": set(),
    "question": set(),
    "detector": {"facts"},
    "probes": {"facts", "detector"},
    "engine": {"probes", "facts", "question", "detector"},
    "commands": {"engine", "probes", "facts", "question", "detector"},
    "models": set(),
    "errors": set(),
    "rulebook": set(),
    "text": set(),  # the one text normaliser: pure string functions every stage may use
    "widening": set(),
    "__main__": {"commands"},  # python -m widening starts the CLI
}


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _stage(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "widening"


def _imports(path: Path) -> set[str]:
    out = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("widening"):
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                out.add(full if (PACKAGE.parent / Path(*full.split("."))).with_suffix(".py").exists()
                        or (PACKAGE.parent / Path(*full.split("."))).is_dir() else node.module)
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith("widening")}
    return out


def _graph() -> dict[str, set[str]]:
    return {_module(p): _imports(p) for p in PACKAGE.rglob("*.py") if "node_modules" not in p.parts}


def test_imports_run_one_way():
    wrong = []
    for mod, deps in _graph().items():
        stage = _stage(mod)
        for dep in deps:
            other = _stage(dep)
            if other == stage or other in FOUNDATION - {"widening"} or dep == "widening":
                continue
            if other not in ALLOWED[stage]:
                wrong.append(f"{mod} imports {dep} ({stage} -> {other})")
    assert not wrong, "\n".join(wrong)
def test_no_import_cycle():
    graph = _graph()
    # a package's __init__ is what `from widening.x import y` loads first; keep edges to real modules
    state: dict[str, int] = {}
    cycles: list[str] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for dep in sorted(graph.get(node, ())):
            if dep not in graph or dep == node:
                continue
            if state.get(dep) == 1:
                cycles.append(" -> ".join(path[path.index(dep):] + [dep]) if dep in path else f"{node} -> {dep}")
            elif dep not in state:
                visit(dep, path + [dep])
        state[node] = 2

    for mod in sorted(graph):
        if mod not in state:
            visit(mod, [mod])
    assert not cycles, "\n".join(cycles)

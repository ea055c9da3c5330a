"""Every member the engine builds says what read it (``Member.reader``): whether a member rests on OCR decides
whether it can prove a set not empty (engine/zeros.py), and a description need not say so."""

from __future__ import annotations

import ast
from pathlib import Path

import widening

PACKAGE = Path(widening.__file__).resolve().parent


def test_every_member_built_in_the_package_names_its_reader():
    missing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "node_modules" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Member":
                names = {k.arg for k in node.keywords}
                if "reader" not in names and None not in names:  # ``**kwargs`` may carry it
                    missing.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}")
    assert not missing, f"Member(...) without reader=: {missing}"

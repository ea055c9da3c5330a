"""The rule data under rules/, loaded once and validated."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import yaml

RULES_DIR = Path(__file__).resolve().parent.parent / "rules"


@cache
def load(name: str) -> dict[str, Any]:
    """Read ``rules/<name>.yaml``; a missing or malformed file names itself in the error."""
    path = RULES_DIR / f"{name}.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise RuntimeError(f"{path}: cannot read rule data: {exc}") from exc
    if not isinstance(data, dict):
        raise RuntimeError(f"{path}: expected a mapping at the top level")
    return data


def alternation(words: list[str]) -> str:
    """A regex alternation of ``words``, longest first, on word boundaries."""
    escaped = sorted((re.escape(w) for w in words), key=len, reverse=True)
    return r"(?<![\w-])(?:" + "|".join(escaped) + r")(?![\w])"


def find_key(mapping: dict[str, list[str]], text: str) -> tuple[str, str] | None:
    """The first (key, surface form) of ``mapping`` found in ``text``, by position then length."""
    best: tuple[int, int, str, str] | None = None
    for key, words in mapping.items():
        m = re.search(alternation(words), text, re.I)
        if m and (best is None or (m.start(), -len(m.group(0))) < (best[0], best[1])):
            best = (m.start(), -len(m.group(0)), key, m.group(0))
    return None if best is None else (best[2], best[3])


def find_all_keys(mapping: dict[str, list[str]], text: str) -> list[str]:
    """Every key of ``mapping`` with a surface form in ``text``, in order of appearance."""
    hits = []
    for key, words in mapping.items():
        m = re.search(alternation(words), text, re.I)
        if m:
            hits.append((m.start(), key))
    return [k for _, k in sorted(hits)]

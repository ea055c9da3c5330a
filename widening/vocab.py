"""The rule data under rules/, loaded once and validated."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

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


class Hit(NamedTuple):
    """Where a vocabulary word was found; ``exact`` is False for a near spelling."""

    start: int
    end: int
    text: str
    word: str
    exact: bool


_TOKEN = re.compile(r"[^\W\d_]+|\d+|[^\w\s]")


@cache
def _fuzzy_rules() -> tuple[int, tuple[tuple[int, int], ...]]:
    spec = load("vocabulary").get("fuzzy", {})
    edits = tuple(sorted((int(n), int(e)) for n, e in spec.get("edits", {}).items()))
    return int(spec.get("min_length", 0) or 10**6), edits


def _indel(a: str, b: str) -> int:
    """Insertions plus deletions turning ``a`` into ``b`` (a substitution counts two)."""
    prev = [0] * (len(b) + 1)
    for ca in a:
        cur = [0]
        for j, cb in enumerate(b):
            cur.append(prev[j] + 1 if ca == cb else max(prev[j + 1], cur[j]))
        prev = cur
    return len(a) + len(b) - 2 * prev[-1]


def _plural(a: str, b: str) -> bool:
    """``b`` is ``a`` with a plural ending (a word already ending in "s" takes no extra "s")."""
    return not a.endswith("s") and b in (a + "s", a + "es")


@cache
def near(word: str, token: str) -> bool:
    """``token`` is a misspelling of the vocabulary ``word``: both alphabetic, ``word`` long
    enough (rules/vocabulary.yaml ``fuzzy``), within its edit budget. Never for short words or numbers."""
    word, token = word.lower(), token.lower()
    # A slip rarely hits the first letter, and "range" is not a misspelt "orange".
    if word == token or not (word.isalpha() and token.isalpha()) or word[0] != token[0]:
        return False
    min_length, edits = _fuzzy_rules()
    if len(word) < min_length:
        return False
    # A plural ending is another word ("oranges" are fruit), not a slip: vocabularies list their plurals.
    if _plural(word, token) or _plural(token, word):
        return False
    budget = max((e for n, e in edits if len(word) >= n), default=0)
    return abs(len(word) - len(token)) <= budget and _indel(word, token) <= budget


def _fuzzy(words: list[str], text: str) -> Hit | None:
    # A capitalised word after the first is a name ("TRUCS" is not "trucks"): matched only as spelt.
    toks = [(m.start(), m.end(), m.group(0).lower(), m.group(0).islower() or m.start() == 0) for m in _TOKEN.finditer(text)]
    best: Hit | None = None
    for w in sorted(words, key=len, reverse=True):
        parts = _TOKEN.findall(w.lower())
        n = len(parts)
        for i in range(len(toks) - n + 1):
            window = toks[i : i + n]
            # At least one word is a near spelling: words as spelt are the exact pass's business.
            if all(p == t[2] or (t[3] and near(p, t[2])) for p, t in zip(parts, window)) and any(p != t[2] for p, t in zip(parts, window)):
                hit = Hit(window[0][0], window[-1][1], text[window[0][0] : window[-1][1]], w, False)
                if best is None or (hit.start, -(hit.end - hit.start)) < (best.start, -(best.end - best.start)):
                    best = hit
                break
    return best


def search(words: list[str], text: str) -> Hit | None:
    """The first of ``words`` in ``text`` on word boundaries, case-insensitive; when none is
    there as spelt, the first near spelling of a long word ("sun glassess" for "sun glasses")."""
    m = re.search(alternation(words), text, re.I)
    if m:
        return Hit(m.start(), m.end(), m.group(0), m.group(0).lower(), True)
    return _fuzzy(words, text)


def find_all(words: list[str], text: str) -> list[Hit]:
    """Every occurrence of ``words`` in ``text``: as spelt, then near spellings elsewhere, in order."""
    hits = [Hit(m.start(), m.end(), m.group(0), m.group(0).lower(), True) for m in re.finditer(alternation(words), text, re.I)]
    rest = text
    while (h := _fuzzy(words, rest)) is not None:
        if all(h.end <= x.start or h.start >= x.end for x in hits):
            hits.append(h)
        rest = rest[: h.start] + " " * (h.end - h.start) + rest[h.end :]  # blank it, keep offsets
    return sorted(hits, key=lambda x: x.start)


def member(token: str, words: list[str] | set[str]) -> bool:
    """``token`` is one of ``words``, as spelt or as a near spelling of a long one."""
    t = token.lower()
    return t in words or any(near(w, t) for w in words)


def find_key(mapping: dict[str, list[str]], text: str) -> tuple[str, str] | None:
    """The first (key, surface form) of ``mapping`` found in ``text``, by position then length."""
    best: tuple[int, int, str, str] | None = None
    for key, words in mapping.items():
        m = search(words, text)
        if m and (best is None or (m.start, -len(m.text)) < (best[0], best[1])):
            best = (m.start, -len(m.text), key, m.text)
    return None if best is None else (best[2], best[3])


def find_all_keys(mapping: dict[str, list[str]], text: str) -> list[str]:
    """Every key of ``mapping`` with a surface form in ``text``, in order of appearance."""
    hits = []
    for key, words in mapping.items():
        m = search(words, text)
        if m:
            hits.append((m.start, key))
    return [k for _, k in sorted(hits)]

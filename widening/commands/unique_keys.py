"""YAML and JSON read so that a key given twice in one mapping is an error, never a silent choice.

PyYAML and Python's json keep the last of two values for one key; other readers keep the first or
refuse. A file that says ``doc_id: a.pdf`` and later ``doc_id: b.pdf`` says two things, and a
reviewer may read the one the tool did not use: a proposal gated on b.pdf, a row keyed
"Not answerable" that another reader sees keyed "2". Every input file the commands read (samples,
proposals, reviewed specs) goes through these readers.
"""

from __future__ import annotations

import json
from typing import Any

import yaml


class DuplicateKey(ValueError):
    """A mapping that names one key twice; ``line`` and ``first`` are 1-based lines when known."""

    def __init__(self, key: Any, line: int | None = None, first: int | None = None):
        self.key, self.line = key, line
        where = f" (lines {first} and {line})" if first is not None and line is not None else ""
        super().__init__(f"the key {key!r} is given twice in one mapping{where}; a reader keeps only one of its values, "
                         "so the file does not say which is meant")


class UniqueKeyLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing a mapping that gives a key twice (a merge key ``<<`` may still be
    overridden: YAML defines that its explicit keys win)."""

    def construct_mapping(self, node: yaml.Node, deep: bool = False) -> Any:
        if isinstance(node, yaml.MappingNode):
            seen: dict[Any, int] = {}
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue
                key, line = self.construct_object(key_node, deep=True), key_node.start_mark.line + 1
                try:
                    if key in seen:
                        raise DuplicateKey(key, line, seen[key])
                    seen[key] = line
                except TypeError:  # an unhashable key: the base loader says what is wrong with it
                    continue
        return super().construct_mapping(node, deep)


def load_yaml(text: str) -> Any:
    """``text`` read as YAML by the safe loader; a repeated key raises DuplicateKey with its lines."""
    return yaml.load(text, Loader=UniqueKeyLoader)  # noqa: S506 (a SafeLoader)


class RepeatedKeys(dict):
    """A JSON object that gave some keys twice (``repeated``); kept so a caller can refuse that one object."""

    repeated: tuple[str, ...] = ()


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: set[str] = set()
    repeated = [k for k, _ in pairs if k in seen or seen.add(k)]
    if not repeated:
        return dict(pairs)
    out = RepeatedKeys(pairs)
    out.repeated = tuple(dict.fromkeys(repeated))
    return out


def load_json(text: str) -> Any:
    """``text`` read as JSON; an object that gives a key twice comes back as a ``RepeatedKeys``."""
    return json.loads(text, object_pairs_hook=_pairs)


def first_repeat(data: Any) -> str | None:
    """The first key some object of ``data`` (read by ``load_json``) gives twice, at any depth; None if none."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, RepeatedKeys):
            return item.repeated[0]
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return None


def json_duplicate(text: str, data: Any) -> DuplicateKey | None:
    """The repeated key of JSON ``text`` (already read as ``data``) with its lines, read again as YAML
    (which most JSON is); None when no object repeats a key."""
    key = first_repeat(data)
    if key is None:
        return None
    try:
        load_yaml(text)
    except DuplicateKey as again:
        if again.key == key:
            return again
    except (yaml.YAMLError, RecursionError):
        pass
    return DuplicateKey(key)

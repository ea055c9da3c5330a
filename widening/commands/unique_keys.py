"""YAML and JSON read so that a key given twice in one mapping is an error, never a silent choice.

PyYAML and Python's json keep the last of two values for one key; other readers keep the first or
refuse. A file that says ``doc_id: a.pdf`` and later ``doc_id: b.pdf`` says two things, and a
reviewer may read the one the tool did not use: a proposal gated on b.pdf, a row keyed
"Not answerable" that another reader sees keyed "2". Every input file the commands read (samples,
proposals, reviewed specs) goes through these readers.
"""

from __future__ import annotations

import json
import re
import sys
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

    def _scalar_or_located_error(self, node: yaml.Node, construct: Any) -> Any:
        # A scalar PyYAML resolves to an int or a date but Python cannot build (an integer of more than
        # 4,300 digits, "2020-13-45") raised a bare ValueError: a traceback, not a file's error with its line.
        try:
            return construct(self, node)
        except ValueError as exc:
            raise yaml.constructor.ConstructorError(
                None, None, f"cannot read the value {_clip(node.value)!r}: {_why(exc)}", node.start_mark) from None

    def construct_yaml_int(self, node: yaml.Node) -> Any:
        return self._scalar_or_located_error(node, yaml.SafeLoader.construct_yaml_int)

    def construct_yaml_timestamp(self, node: yaml.Node, values: Any = None) -> Any:
        return self._scalar_or_located_error(node, yaml.SafeLoader.construct_yaml_timestamp)


UniqueKeyLoader.add_constructor("tag:yaml.org,2002:int", UniqueKeyLoader.construct_yaml_int)
UniqueKeyLoader.add_constructor("tag:yaml.org,2002:timestamp", UniqueKeyLoader.construct_yaml_timestamp)


def _clip(text: str, n: int = 40) -> str:
    return text if len(text) <= n else text[:n] + "..."


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
    try:
        return json.loads(text, object_pairs_hook=_pairs)
    except (json.JSONDecodeError, DuplicateKey, RecursionError):
        raise
    except ValueError as exc:
        # Python builds no integer of more than 4,300 digits from text (sys.get_int_max_str_digits):
        # a bare ValueError, without the place. Said as the JSON error every caller already reports.
        digits = re.search(r"\d{%d,}" % (_int_digits_limit() + 1), text)
        raise json.JSONDecodeError(_why(exc), text, digits.start() if digits else 0) from None


def _why(exc: ValueError) -> str:
    if "integer string conversion" in str(exc):
        return f"a number of more than {_int_digits_limit():,} digits is too long to read (quote it if it is text)"
    return str(exc)


def _int_digits_limit() -> int:
    return getattr(sys, "get_int_max_str_digits", lambda: 4300)() or 4300


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

"""Widening proposal files: the pydantic models, a loader with located errors, and the JSON Schema.

A file (YAML or JSON) holds one proposal or a list of them. Loading never stops at the
first problem: every bad item is reported with the file, item index, field and line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from widening.commands.corpus import alias_bomb, check_doc_id
from widening.commands.unique_keys import DuplicateKey, json_duplicate, load_json, load_yaml
from widening.errors import ErrorRecord
from widening.models import CheckSpec
from widening.rulebook import SCHEMA_DIR

WIDENED_ANSWER = "Not answerable or 0 or none"
SCHEMA_PATH = SCHEMA_DIR / "proposal.schema.json"  # packaged as widening.schema; the checkout's schema/ in development


class Proposal(BaseModel):
    """One proposal: widen the key of the row ``(doc_id, question)``."""

    model_config = ConfigDict(frozen=True, extra="forbid", title="Proposal")
    doc_id: str = Field(min_length=1, description="the PDF file name in the corpus's documents/ folder (a bare name: no separator, no '..')")
    question: str = Field(min_length=1, description="the row's question; whitespace differences are ignored")
    proposed_answer: str = Field(
        default=WIDENED_ANSWER,
        pattern=r"^\s*Not answerable or 0 or none\s*$",
        description="the widened key: exactly 'Not answerable or 0 or none', the only widening the engine verifies",
    )
    check: CheckSpec | None = Field(
        default=None, description="optional pinned check; the gate verifies it covers the container the question names"
    )
    note: str = Field(default="", description="free text for reviewers: why the thing is absent, where to look")

    @field_validator("doc_id")
    @classmethod
    def _bare_name(cls, v: str) -> str:
        # Checked as a string before any lookup: a path trick is bad input (exit 2), never a rejection.
        if (why := check_doc_id(v)) is not None:
            raise ValueError(f"expected a bare PDF file name; {v!r} is {why}" if why != "empty" else "expected a PDF file name, got an empty one")
        return v


class LoadedProposal(BaseModel):
    """A valid proposal and where it came from."""

    model_config = ConfigDict(frozen=True)
    file: str
    index: int = Field(description="0-based item index in the file (0 for a single-proposal file)")
    line: int | None = Field(default=None, description="1-based line of the item, when the file parses as YAML")
    proposal: Proposal


class ProposalFile(BaseModel):
    """What loading one file produced: its valid proposals and every error found."""

    model_config = ConfigDict(frozen=True)
    file: str
    proposals: tuple[LoadedProposal, ...] = ()
    errors: tuple[ErrorRecord, ...] = ()
    error_lines: tuple[int | None, ...] = Field(default=(), description="1-based line of each error, parallel to errors")


def describe(error: ErrorRecord) -> str:
    """One human line: ``file: item 2, field 'check.probe': what was expected``."""
    file, *rest = error.loc
    where = [str(file)]
    if rest and isinstance(rest[0], int):
        where.append(f"item {rest[0]}")
        rest = rest[1:]
    if rest:
        where.append("field '" + ".".join(str(p) for p in rest) + "'")
    return f"{where[0]}: {', '.join(where[1:])}: {error.msg}" if len(where) > 1 else f"{where[0]}: {error.msg}"


_FIELDS = ", ".join(Proposal.model_fields)
# Pydantic messages say what went wrong; these say what was expected instead.
_EXPECTED = {
    "missing": "required field is missing",
    "extra_forbidden": f"unknown field; expected one of: {_FIELDS}",
    "string_pattern_mismatch": "expected the widened key '" + WIDENED_ANSWER + "'",
    "string_too_short": "expected a non-empty string",
    "model_type": "expected a mapping of fields",
    "dict_type": "expected a mapping of fields",
}


def _message(err: dict[str, Any]) -> str:
    msg = _EXPECTED.get(err["type"], err["msg"].removeprefix("Value error, "))
    if err["type"] == "extra_forbidden" and len(err["loc"]) > 1:
        msg = "unknown field"  # nested (inside check): the CheckSpec fields are in the schema
    got = err.get("input")
    if err["type"] not in {"missing", "extra_forbidden"} and not isinstance(got, (dict, list)):
        msg += f" (got {got!r})"
    return msg


def _node_line(node: yaml.Node | None, loc: tuple[str | int, ...]) -> int | None:
    """1-based line of the value at ``loc`` inside a composed YAML node (best effort)."""
    if node is None:
        return None
    line = node.start_mark.line + 1
    for part in loc:
        child = None
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.value == part:
                    child = value
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            child = node.value[part]
        if child is None:
            break
        node, line = child, child.start_mark.line + 1
    return line


def _parse(path: Path, text: str) -> Any:
    if path.suffix.lower() == ".json":
        data = load_json(text)
        if (repeated := json_duplicate(text, data)) is not None:
            raise repeated
        return data
    return load_yaml(text)


def load_file(path: Path | str) -> ProposalFile:
    """Load one proposal file; bad items become errors located by file, item, field and line."""
    path = Path(path)
    name = str(path)

    def fail(type_: str, msg: str, line: int | None = None) -> ProposalFile:
        return ProposalFile(file=name, errors=(ErrorRecord(type=type_, loc=(name,), msg=msg),), error_lines=(line,))

    try:
        text = path.read_bytes().decode("utf-8-sig")  # a byte order mark (Windows editors write one) is no part of the text
    except FileNotFoundError:
        return fail("file_missing", "proposal file not found")
    except (OSError, UnicodeDecodeError) as exc:
        return fail("file_unreadable", f"cannot read proposal file as UTF-8 text: {exc}")
    try:
        data = _parse(path, text)
        bomb = alias_bomb(data, len(text))
    except RecursionError:
        return fail("too_deep", "nested too deeply to be a proposal file")
    except json.JSONDecodeError as exc:
        return fail("parse_error", f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", exc.lineno)
    except DuplicateKey as exc:
        return fail("duplicate_key", str(exc), exc.line)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        return fail("parse_error", f"not valid YAML: {str(exc).splitlines()[0]}" + (f" at line {line}" if line else ""), line)
    if bomb is not None:
        return fail("alias_bomb", bomb)
    try:
        root: yaml.Node | None = yaml.compose(text)
    except (yaml.YAMLError, RecursionError):
        root = None  # valid JSON that YAML 1.1 cannot compose: lose line numbers, nothing else
    if data is None:
        return fail("empty_file", "file is empty; expected a proposal (a mapping) or a list of proposals")
    single = isinstance(data, dict)
    if not single and not isinstance(data, list):
        return fail("wrong_type", f"expected a proposal (a mapping) or a list of proposals, got {type(data).__name__}")
    items = [data] if single else data
    if not items:
        return fail("empty_file", "the list holds no proposals")

    loaded: list[LoadedProposal] = []
    errors: list[ErrorRecord] = []
    lines: list[int | None] = []
    for i, item in enumerate(items):
        item_node = root if single else _child(root, i)
        try:
            proposal = Proposal.model_validate(item)
        except RecursionError:
            errors.append(ErrorRecord(type="too_deep", loc=(name, i), msg="nested too deeply to be a proposal"))
            lines.append(None)
            continue
        except ValidationError as exc:
            for err in exc.errors():
                errors.append(ErrorRecord(type=err["type"], loc=(name, i, *err["loc"]), msg=_message(err)))
                lines.append(_node_line(item_node, tuple(err["loc"])))
            continue
        if proposal.check is not None and (why := _check_error(proposal.check)) is not None:
            errors.append(ErrorRecord(type="check_invalid", loc=(name, i, "check"), msg=why))
            lines.append(_node_line(item_node, ("check",)))
            continue
        loaded.append(LoadedProposal(file=name, index=i, line=_node_line(item_node, ()), proposal=proposal))
    return ProposalFile(file=name, proposals=tuple(loaded), errors=tuple(errors), error_lines=tuple(lines))


def _check_error(check: CheckSpec) -> str | None:
    """A pinned check must name a registered probe with params its model accepts."""
    from widening.engine.pinned import check_error  # the probe modules load only when a check is pinned

    return check_error(check)


def _child(root: yaml.Node | None, index: int) -> yaml.Node | None:
    if isinstance(root, yaml.SequenceNode) and index < len(root.value):
        return root.value[index]
    return None


def proposal_schema() -> dict[str, Any]:
    """JSON Schema of a proposal file: one proposal or a list of them."""
    schema = TypeAdapter(Proposal | list[Proposal]).json_schema()
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "widening proposal file",
        "description": "One widening proposal, or a list of them (YAML or JSON). See SPEC.md.",
        **schema,
    }


def schema_text() -> str:
    """The schema exactly as committed in schema/proposal.schema.json."""
    return json.dumps(proposal_schema(), indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":  # regenerate: python -m widening.commands.proposal
    SCHEMA_PATH.parent.mkdir(parents=True, exist_ok=True)
    SCHEMA_PATH.write_text(schema_text())
    print(f"wrote {SCHEMA_PATH}")

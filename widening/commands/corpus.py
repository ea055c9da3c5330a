"""The corpus on disk: where it is, its samples files, and safe paths to its PDFs.

Layout: ``samples.json`` (V2), optional ``samples_v1.json``, ``documents/<doc_id>``.
A malformed row is reported (file, row, field, expected) and skipped; only a file
that is unusable as a whole raises.
"""

from __future__ import annotations

import json
import math
import os
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import yaml
from pydantic import ValidationError

from widening.commands.unique_keys import DuplicateKey, RepeatedKeys, load_json, load_yaml
from widening.text import single_spaces
from widening.errors import DocumentError, ErrorRecord, InputError
from widening.models import ReviewedSpec, Row

ENV_VAR = "WIDENING_CORPUS"
SAMPLES = "samples.json"
SAMPLES_V1 = "samples_v1.json"
DOCUMENTS = "documents"
HOW_TO_GET = (
    "get one by putting samples.json (https://github.com/VectifyAI/MMLongBench-Doc-V2) and the PDFs "
    "as documents/<doc_id> (https://github.com/mayubo2333/MMLongBench-Doc) in one folder, "
    f"then pass --corpus DIR or set ${ENV_VAR}"
)


@dataclass(frozen=True)
class Corpus:
    """A corpus folder and the paths inside it."""

    root: Path

    @property
    def samples(self) -> Path:
        return self.root / SAMPLES

    @property
    def samples_v1(self) -> Path:
        return self.root / SAMPLES_V1

    @property
    def documents(self) -> Path:
        return self.root / DOCUMENTS

    def doc_path(self, doc_id: str, loc: tuple[str | int, ...] = ()) -> Path:
        return doc_path(self.root, doc_id, loc)


def locate_corpus(arg: str | os.PathLike[str] | None = None, env: Mapping[str, str] | None = None) -> Corpus:
    """``--corpus`` if given, else ``$WIDENING_CORPUS``; raise InputError saying where it looked."""
    env = os.environ if env is None else env
    if arg is not None and str(arg) != "":
        where, root = "--corpus", Path(arg)
    elif env.get(ENV_VAR):
        where, root = f"${ENV_VAR}", Path(env[ENV_VAR])
    else:
        raise InputError("corpus_not_found", ("corpus",), f"no corpus: --corpus not given and ${ENV_VAR} not set; {HOW_TO_GET}")
    root = root.expanduser()
    if not root.is_dir():
        raise InputError("corpus_not_found", ("corpus",), f"no corpus at {root} (from {where}): not a folder; {HOW_TO_GET}")
    if not (root / SAMPLES).is_file():
        raise InputError("corpus_not_found", ("corpus",), f"no {SAMPLES} in {root} (from {where}); {HOW_TO_GET}")
    return Corpus(root.resolve())


# --------------------------------------------------------------------------- samples


@dataclass(frozen=True)
class Samples:
    """The valid rows of a samples file, plus one record per rejected row and per repeated key."""

    path: Path
    rows: tuple[Row, ...]
    errors: tuple[ErrorRecord, ...] = ()
    duplicates: tuple[ErrorRecord, ...] = ()

    def index(self) -> "RowIndex":
        return RowIndex(self.rows)


def normalise_question(q: str) -> str:
    """Collapse runs of whitespace and strip the ends: the join key for questions."""
    return single_spaces(q)


def row_key(doc_id: str, question: str) -> tuple[str, str]:
    """The key rows, proposals and specs are joined on. One text in two Unicode forms ("é" as one
    character, or "e" and a combining accent, as some editors save it) is one key (NFC)."""
    return unicodedata.normalize("NFC", doc_id.strip()), unicodedata.normalize("NFC", normalise_question(question))


def load_samples(path: str | os.PathLike[str]) -> Samples:
    """Read a samples file. Raise InputError only when the file as a whole is unusable."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise InputError("samples_missing", (str(path),), "samples file not found") from None
    except IsADirectoryError:
        raise InputError("samples_unreadable", (str(path),), "samples path is a folder, expected a JSON file") from None
    except OSError as exc:
        raise InputError("samples_unreadable", (str(path),), f"cannot read samples file: {exc.strerror or exc}") from None
    return parse_samples(raw, path)


def parse_samples(raw: bytes | str, path: Path) -> Samples:
    """Parse the bytes of a samples file (see ``load_samples``)."""
    loc: tuple[str | int, ...] = (str(path),)
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
        data = load_json(text)
    except UnicodeDecodeError as exc:
        raise InputError("samples_not_json", loc, f"not JSON: not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise InputError("samples_not_json", loc, f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise InputError("samples_not_json", loc, "not JSON we can read: nested too deeply") from None
    if not isinstance(data, list):
        raise InputError("samples_not_list", loc, f"expected a JSON list of rows, got {_json_type(data)}")
    rows: list[Row] = []
    errors: list[ErrorRecord] = []
    for i, item in enumerate(data):
        row, errs = _validate_row(item, i, path)
        errors.extend(errs)
        if row is not None:
            rows.append(row)
    return Samples(path=path, rows=tuple(rows), errors=tuple(errors), duplicates=tuple(_duplicates(rows, path)))


def _validate_row(item: object, i: int, path: Path) -> tuple[Row | None, list[ErrorRecord]]:
    if not isinstance(item, dict):
        msg = f"expected a JSON object (a row), got {_json_type(item)}"
        return None, [ErrorRecord(type="row_type", loc=(str(path), i), msg=msg)]
    if isinstance(item, RepeatedKeys):
        # {"answer": "2", "answer": "Not answerable"}: readers differ on which value stands; the row says neither.
        msg = f"the key {item.repeated[0]!r} is given twice in this row; a reader keeps only one of its values"
        return None, [ErrorRecord(type="row_duplicate_key", loc=(str(path), i, item.repeated[0]), msg=msg)]
    if "index" in item:  # ``index`` is ours (the position in the file), not an upstream field
        item = {k: v for k, v in item.items() if k != "index"}
    unsaid = _unwritable_fields(item)
    if unsaid:
        return None, [ErrorRecord(type="row_not_text", loc=(str(path), i, k), msg=m) for k, m in unsaid]
    answer = item.get("answer")
    if isinstance(answer, (int, float, list)) and not isinstance(answer, bool):
        # A key given as a JSON number or list (0, 0.0, [], ["3", "2"]) is read as the JSON text the file holds,
        # as a benchmark keys it in a string: a row keyed 0 is still checked, never dropped as malformed.
        try:
            item = {**item, "answer": json.dumps(answer, ensure_ascii=False)}
        except (TypeError, ValueError, RecursionError):
            pass  # not JSON text we can write back: validation below reports its type
    try:
        return Row.model_validate({**item, "index": i}, strict=True), []
    except ValidationError as exc:
        return None, [_record(e, i, path) for e in exc.errors(include_url=False)]
    except RecursionError:
        return None, [ErrorRecord(type="row_type", loc=(str(path), i), msg="row nested too deeply")]


def _unwritable_fields(item: Mapping[str, object]) -> list[tuple[str, str]]:
    """The fields the engine reads whose value JSON text cannot hold, each with why.

    Python's reader takes what RFC 8259 does not: ``NaN`` and ``Infinity`` (a key of NaN was read as
    the text "NaN", a row silently left out of the audit) and an escaped lone surrogate ("\\ud800"), a
    string no UTF-8 file can hold: the whole audit ran, then writing audit.json failed and every row's
    decision was lost. Such a row is refused by file, row and field; the other rows go on."""
    out = []
    for name in Row.model_fields:
        value = item.get(name)
        if isinstance(value, float) and not math.isfinite(value):
            out.append((name, f"{json.dumps(value)} is not a JSON value (expected a string)"))
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as exc:
                out.append((name, f"holds an unpaired surrogate \\u{ord(value[exc.start]):04x} at character {exc.start}, "
                                  "which is not text (expected a string of Unicode characters)"))
    return out


def _record(err: Mapping[str, object], i: int, path: Path) -> ErrorRecord:
    field_loc = tuple(p if isinstance(p, (str, int)) else str(p) for p in err.get("loc", ()))  # type: ignore[union-attr]
    kind = str(err.get("type", "invalid"))
    if kind == "missing":
        msg = "missing field (expected a string)"
    elif kind.endswith("_type"):
        got = _json_type(err.get("input"))
        msg = f"wrong type: expected {kind.removesuffix('_type')}, got {got}"
    else:
        msg = str(err.get("msg", "invalid value"))
    return ErrorRecord(type=f"row_{kind}", loc=(str(path), i, *field_loc), msg=msg)


def _duplicates(rows: Iterable[Row], path: Path) -> list[ErrorRecord]:
    seen: dict[tuple[str, str], list[int]] = defaultdict(list)
    for row in rows:
        seen[row_key(row.doc_id, row.question)].append(row.index)
    out = []
    for (doc_id, _q), idx in seen.items():
        for j in idx[1:]:
            msg = f"repeats the (doc_id, question) of row {idx[0]} (whitespace normalised); both rows are kept"
            out.append(ErrorRecord(type="duplicate_key", loc=(str(path), j, "question"), msg=msg))
    return out


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    return {bool: "boolean", int: "number", float: "number", str: "string", list: "list", dict: "object"}.get(
        type(value), type(value).__name__
    )


class RowIndex:
    """Rows looked up by (doc_id, question) with whitespace normalised; a key may hold several rows."""

    def __init__(self, rows: Iterable[Row]):
        self._by_key: dict[tuple[str, str], list[Row]] = defaultdict(list)
        for row in rows:
            self._by_key[row_key(row.doc_id, row.question)].append(row)

    def lookup(self, doc_id: str, question: str) -> list[Row]:
        """Every row with this key, in file order (empty when none)."""
        return list(self._by_key.get(row_key(doc_id, question), ()))

    def __contains__(self, key: tuple[str, str]) -> bool:
        return row_key(*key) in self._by_key

    def __len__(self) -> int:
        return len(self._by_key)


# --------------------------------------------------------------------------- YAML aliases

# Without aliases a YAML or JSON text of n characters holds at most n values, so a file whose values,
# counted as a reader expands them, outnumber its characters many times over is made of aliases
# repeating aliases (the "billion laughs"): expanding it (a message quoting it, a model walking it)
# takes gigabytes. Such a file is refused before anything looks at its values.
ALIAS_GROWTH = 10
ALIAS_FLOOR = 100_000


def alias_bomb(data: object, text_length: int) -> str | None:
    """Why ``data`` (parsed from a text of ``text_length`` characters) is refused, else None.

    Counts every value as often as aliases repeat it, each shared part measured once (so the count
    itself is cheap); a value that contains itself (``&a [*a]``) never ends and is refused too."""
    limit = max(ALIAS_FLOOR, ALIAS_GROWTH * text_length)
    sizes: dict[int, int] = {}
    open_: set[int] = set()

    def size(v: object) -> int:
        if not isinstance(v, (dict, list, tuple, set)):
            return 1
        key = id(v)
        if key in sizes:
            return sizes[key]
        if key in open_:
            raise _Cycle
        open_.add(key)
        parts = [*v.keys(), *v.values()] if isinstance(v, dict) else list(v)
        total = 1
        for part in parts:
            total += size(part)
            if total > limit:
                break
        open_.discard(key)
        sizes[key] = total
        return total

    try:
        n = size(data)
    except _Cycle:
        return "an alias refers to a value that contains it: it never ends"
    if n > limit:
        return f"aliases expand it to more than {limit:,} values from {text_length:,} characters (an alias bomb)"
    return None


class _Cycle(Exception):
    pass


# --------------------------------------------------------------------------- documents


def check_doc_id(doc_id: str) -> str | None:
    """Why ``doc_id`` is not a bare file name (None when it is): the doc_id is untrusted, the folder is not.

    Checked lexically, never by resolving: a documents folder whose PDFs are symlinks (a hub
    cache, DVC, git-annex, a shared disk) is the maintainer's own choice and is followed.
    """
    if not doc_id or not doc_id.strip():
        return "empty"
    if "\x00" in doc_id:
        return "contains a NUL byte"
    if doc_id.startswith(("/", "\\")) or Path(doc_id).is_absolute() or (len(doc_id) > 1 and doc_id[1] == ":"):
        return "absolute path"
    if "/" in doc_id or "\\" in doc_id:
        if ".." in doc_id.replace("\\", "/").split("/"):
            return "'..' leaves the documents folder"
        return "not a bare file name (has a path separator)"
    if doc_id == "..":
        return "'..' leaves the documents folder"
    if doc_id == ".":
        return "not a file name"
    return None


def doc_path(corpus: Path | Corpus, doc_id: str, loc: tuple[str | int, ...] = ()) -> Path:
    """``documents/<doc_id>`` for a bare file name; a symlink there is followed when the PDF is opened.

    ``loc`` names the row (file, index) for the error. A missing file is not refused here:
    opening it reports that.
    """
    root = corpus.documents if isinstance(corpus, Corpus) else Path(corpus) / DOCUMENTS
    why = check_doc_id(doc_id)
    if why is not None:
        where = (*loc, "doc_id") if loc else ("doc_id",)
        raise DocumentError("doc_id_outside", where, f"doc_id {doc_id!r} refused: {why}")
    return root / doc_id


def refused_doc_ids(rows: Iterable[Row], samples: str | os.PathLike[str] = "samples") -> list[str]:
    """One line per distinct refused doc_id, naming its first row and how many rows it has."""
    by_id: dict[str, list[int]] = defaultdict(list)
    for row in rows:
        if check_doc_id(row.doc_id) is not None:
            by_id[row.doc_id].append(row.index)
    return [
        f"{samples}:{idx[0]}:doc_id: doc_id {d!r} refused: {check_doc_id(d)}; "
        f"its {len(idx)} row(s) are kept as unverifiable, the rest of the run goes on"
        for d, idx in by_id.items()
    ]


def check_documents(corpus: Corpus) -> None:
    """Raise InputError when the documents folder is missing or cannot be listed (an unreadable corpus)."""
    docs = corpus.documents
    if not docs.is_dir():
        raise InputError("corpus_unreadable", (str(docs),), f"no documents folder in {corpus.root}: expected documents/<doc_id>")
    try:
        with os.scandir(docs) as entries:
            next(entries, None)
    except OSError as exc:
        raise InputError("corpus_unreadable", (str(docs),), f"cannot read the documents folder: {exc.strerror or exc}") from None


def load_reviewed(directory: Path) -> dict[tuple[str, str], ReviewedSpec]:
    """Every reviewed spec under ``directory`` (checks/reviewed/*.yaml), keyed by (doc_id, normalised question)."""
    from widening.engine.pinned import check_error  # the probe modules: only when specs are read

    out: dict[tuple[str, str], ReviewedSpec] = {}
    if not directory.is_dir():
        return out
    for path in sorted(directory.glob("*.y*ml")):
        try:
            data = load_yaml(path.read_text(encoding="utf-8"))
        except DuplicateKey as exc:
            raise InputError("spec_not_yaml", (str(path),), str(exc)) from exc
        except yaml.YAMLError as exc:
            raise InputError("spec_not_yaml", (str(path),), f"not valid YAML: {exc}") from exc
        try:
            bomb = alias_bomb(data, path.stat().st_size)
        except RecursionError:
            bomb = "nested too deeply"
        if bomb is not None:
            raise InputError("spec_not_yaml", (str(path),), f"refused: {bomb}")
        items = data if isinstance(data, list) else [data]
        for i, item in enumerate(items):
            try:
                spec = ReviewedSpec.model_validate(item)
            except ValidationError as exc:
                err = exc.errors()[0]
                raise InputError("spec_invalid", (str(path), i, *err["loc"]), err["msg"]) from exc
            if (why := check_error(spec.check)) is not None:
                raise InputError("spec_invalid", (str(path), i, "check"), why)
            out[row_key(spec.doc_id, spec.question)] = spec
    return out



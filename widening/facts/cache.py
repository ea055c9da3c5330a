"""On-disk cache of what depends only on a PDF, keyed by its sha256 and the engine version.

Default location: ``$WIDENING_CACHE``, else ``$XDG_CACHE_HOME/widening``, else ``~/.cache/widening``.
Entries are written atomically; a corrupt or foreign entry is ignored and recomputed.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TypeVar

import pymupdf
from pydantic import BaseModel

from widening import ENGINE_VERSION
from widening.runtime.atomic import write_bytes_atomic, write_text_atomic
from widening.facts.document import Doc, open_pdf, sha256_file
from widening.errors import DocumentError
from widening.models import DocumentFacts

ENV_VAR = "WIDENING_CACHE"
M = TypeVar("M", bound=BaseModel)

_CACHEDIR_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by widening.\n"
    "# For information about cache directory tags, see https://bford.info/cachedir/\n"
)
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


def default_cache_dir(env: Mapping[str, str] | None = None) -> Path:
    """``$WIDENING_CACHE``, else ``$XDG_CACHE_HOME/widening``, else ``~/.cache/widening``."""
    env = os.environ if env is None else env
    if env.get(ENV_VAR):
        return Path(env[ENV_VAR]).expanduser()
    base = env.get("XDG_CACHE_HOME")
    return (Path(base).expanduser() if base else Path.home() / ".cache") / "widening"


class Cache:
    """A folder of JSON entries, one per (namespace, key), under a subfolder per engine version."""

    def __init__(self, root: Path | str, engine_version: str = ENGINE_VERSION):
        self.root = Path(root).expanduser()
        self.engine_version = engine_version
        self.hits = 0
        self.misses = 0
        self.write_errors: list[str] = []  # a read-only cache slows a run down; it never stops it

    # ---------------------------------------------------------------- generic entries

    def path(self, namespace: str, key: str) -> Path:
        key = _SAFE.sub("_", key)
        return self.root / _SAFE.sub("_", self.engine_version) / _SAFE.sub("_", namespace) / key[:2] / f"{key}.json"

    def get(self, namespace: str, key: str, model: type[M]) -> M | None:
        """The stored ``model`` for ``key``, or None when absent or unreadable."""
        p = self.path(namespace, key)
        try:
            value = model.model_validate_json(p.read_bytes())
        except FileNotFoundError:
            self.misses += 1
            return None
        except Exception:  # truncated, corrupt or from an incompatible model: recompute
            self.misses += 1
            return None
        self.hits += 1
        return value

    def put(self, namespace: str, key: str, value: BaseModel) -> None:
        """Store ``value`` atomically; failures to write are recorded, not raised."""
        try:
            self._ensure_root()
            write_bytes_atomic(self.path(namespace, key), value.model_dump_json().encode())
        except OSError as exc:
            self.write_errors.append(f"{self.root}: {exc}")

    def _ensure_root(self) -> None:
        # Mark the folder as a cache (backup tools skip it) and keep it out of git (pytest does the same).
        if (self.root / "CACHEDIR.TAG").is_file():
            return
        self.root.mkdir(parents=True, exist_ok=True)
        write_text_atomic(self.root / ".gitignore", "# Created by widening automatically.\n*\n")
        write_text_atomic(self.root / "CACHEDIR.TAG", _CACHEDIR_TAG)

    # ---------------------------------------------------------------- document facts

    def get_facts(self, sha256: str, ocr: bool = True) -> DocumentFacts | None:
        facts = self.get("facts", _facts_key(sha256, ocr), DocumentFacts)
        if facts is not None and (facts.sha256 != sha256 or facts.engine_version != self.engine_version):
            self.hits -= 1
            self.misses += 1
            return None
        return facts

    def put_facts(self, facts: DocumentFacts, ocr: bool = True) -> None:
        self.put("facts", _facts_key(facts.sha256, ocr), facts)


def _facts_key(sha256: str, ocr: bool) -> str:
    return f"{sha256}-{'ocr' if ocr else 'noocr'}"


def cache_from_options(cache_dir: str | os.PathLike[str] | None = None, no_cache: bool = False) -> Cache | None:
    """The cache a command should use: None with ``--no-cache``, ``--cache DIR`` when given, else the default."""
    if no_cache:
        return None
    return Cache(Path(cache_dir) if cache_dir else default_cache_dir())


def load_doc_cached(path: Path, cache: Cache | None, ocr: bool = True, allow_repaired: bool = False,
                    sha256: str | None = None) -> Doc:
    """Open ``path`` and get its facts from ``cache`` or compute (and store) them. Raises DocumentError.

    A PDF MuPDF had to repair (a truncated copy, a broken xref) is refused unless
    ``allow_repaired``: repair silently drops the content it cannot find, and a page
    that lost its text would read as a measured zero. ``sha256`` saves re-hashing a file
    the caller already hashed.
    """
    path = Path(path)
    pdf, repaired = open_pdf(path)
    try:
        if repaired and not allow_repaired:
            raise DocumentError(
                "pdf_damaged", (str(path),), "PDF is damaged (truncated or broken xref; MuPDF had to repair it), so its content may be incomplete"
            )
        sha = sha256 or sha256_file(path)
        facts = cache.get_facts(sha, ocr) if cache is not None else None
        if facts is None:
            facts = _compute(pdf, sha, repaired, ocr)
            if cache is not None:
                cache.put_facts(facts, ocr)
    except BaseException:
        pdf.close()
        raise
    return Doc(path=path, pdf=pdf, facts=facts)


def _compute(pdf: pymupdf.Document, sha: str, repaired: bool, ocr: bool) -> DocumentFacts:
    from widening.facts.extract import compute_facts  # facts pulls in OCR; keep this module light to import

    return compute_facts(pdf, sha, repaired=repaired, ocr=ocr)

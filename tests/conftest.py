"""Shared fixtures: the real corpus (skipped cleanly when absent) and a hypothesis CI profile."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pdfs
import pytest
from hypothesis import Phase, settings

# A fixed seed (derandomize) so CI runs the same generated documents every time; "long"
# explores new ones (HYPOTHESIS_PROFILE=long, with WIDENING_GENERATED_EXAMPLES=5000).
settings.register_profile("ci", deadline=None, max_examples=30, derandomize=True, database=None)
settings.register_profile("long", deadline=None, max_examples=30, derandomize=False)
# Like ci but without shrinking: a failing generated document is reported at once, unshrunk.
settings.register_profile("explore", deadline=None, max_examples=30, derandomize=True, database=None, phases=[Phase.explicit, Phase.reuse, Phase.generate])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# The suite runs on two pytest-xdist workers (pyproject addopts): each owns one core, so OCR
# in a worker uses one thread, as the audit's own workers do (widening/runtime/runner.py).
if os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ.setdefault("WIDENING_WORKER_THREADS", "1")

REPO = Path(__file__).resolve().parents[1]

# Tests never read a user's cache: unless the caller named one (CI names a fresh one inside the
# clone), the run gets its own, shared by its workers, so a slow reading of a corpus page (OCR of
# margins and pictures) is made once per run, whichever test needs it first.
os.environ.setdefault(
    "WIDENING_CACHE",
    str(Path(tempfile.gettempdir()) / f"widening-tests-{os.environ.get('PYTEST_XDIST_TESTRUNUID', os.getpid())}"),
)


def corpus_dir() -> Path | None:
    """$WIDENING_CORPUS, else <repo>/../shared/mmlongbench; None when neither has samples.json."""
    env = os.environ.get("WIDENING_CORPUS")
    root = Path(env) if env else REPO.parent / "shared" / "mmlongbench"
    return root if (root / "samples.json").is_file() else None


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The real corpus folder; the test is skipped with a clear message when it is absent."""
    root = corpus_dir()
    if root is None:
        pytest.skip("real corpus not found: set WIDENING_CORPUS or put it at ../shared/mmlongbench")
    return root


@pytest.fixture(scope="session")
def corpus_doc(corpus: Path):
    """Open a corpus PDF by file name (kept open for the session), its facts in the run's cache.

    OCR of image-only pages is off unless asked for (``corpus_doc(name, ocr=True)``): it costs minutes.
    """
    opened: dict[tuple[str, bool], object] = {}

    def open_(name: str, ocr: bool = False):
        path = corpus / "documents" / name
        if not path.is_file():
            pytest.skip(f"corpus PDF {name} not present under {corpus / 'documents'}")
        if (name, ocr) not in opened:
            opened[(name, ocr)] = pdfs.open_corpus_doc(path, ocr=ocr)
        return opened[(name, ocr)]

    yield open_
    for doc in opened.values():
        doc.close()  # type: ignore[attr-defined]

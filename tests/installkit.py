"""Helpers for the install tests: build the wheel offline, make a fresh venv, build a small corpus.

Nothing here downloads: the build backend comes from virtualenv's bundled wheels (virtualenv
is a pre-commit dependency, in the test extra) and a fresh venv sees the dependencies CI
already installed, never a package index.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ACCEPTED_Q = "How many images are there on page 2?"  # a text-only page: the check finds zero
REJECTED_Q = "How many images are there in Pages 100-110?"  # a three-page PDF: missing_container


def bundled_wheels() -> Path:
    """virtualenv's own wheels (pip, setuptools): a local find-links folder for an isolated build."""
    from virtualenv.seed.wheels.embed import BUNDLE_FOLDER

    return Path(BUNDLE_FOLDER)


def offline_pip_env(**extra: str) -> dict[str, str]:
    """The environment with pip held to local wheels: no index, build requirements from ``bundled_wheels``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("WIDENING_", "PIP_", "PYTHON"))}
    env.update(PIP_NO_INDEX="1", PIP_FIND_LINKS=str(bundled_wheels()), PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.update(extra)
    return env


def build_wheel(dest: Path) -> Path:
    """``pip wheel --no-deps`` of a copy of the working tree (the build writes build/ beside its sources)."""
    src = dest / "src"
    ignore = shutil.ignore_patterns(".git", "node_modules", "build", "*.egg-info", "__pycache__", ".cache*",
                                    ".hypothesis", ".pytest_cache", "out", "dist")
    shutil.copytree(REPO, src, ignore=ignore)
    out = dest / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(src)],
                   check=True, env=offline_pip_env(), capture_output=True, text=True)
    [wheel] = out.glob("widening-*.whl")
    return wheel


def fresh_venv(path: Path) -> Path:
    """A new venv whose own site-packages is empty; it sees the dependencies this interpreter has installed.

    ``--system-site-packages`` covers an install into the base interpreter (CI); a .pth line per
    site folder of this interpreter covers a test run from inside a venv. A .pth *path* line
    adds the folder only: the .pth files in it (an editable widening) are not run.
    """
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(path)], check=True)
    purelib = Path(subprocess.run([str(path / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                                  check=True, capture_output=True, text=True).stdout.strip())
    here = [*site.getsitepackages(), sysconfig.get_path("purelib"), sysconfig.get_path("platlib")]
    (purelib / "_installed_dependencies.pth").write_text("".join(f"{p}\n" for p in dict.fromkeys(here) if Path(p).is_dir()))
    return path / "bin"


def small_corpus(root: Path) -> Path:
    """samples.json, samples_v1.json and documents/small.pdf (three text pages) under ``root``."""
    from pdfs import plain_text_pages

    (root / "documents").mkdir(parents=True, exist_ok=True)
    pdf = plain_text_pages()
    pdf.save(root / "documents" / "small.pdf")
    rows = [{"doc_id": "small.pdf", "question": q, "answer": "Not answerable"} for q in (ACCEPTED_Q, REJECTED_Q)]
    for name in ("samples.json", "samples_v1.json"):
        (root / name).write_text(json.dumps(rows, indent=1))
    return root


def git(cwd: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@localhost", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@localhost"}
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True, env=env).stdout.strip()

"""The real ``pre-commit``, configured as the README says, against this repository at its HEAD commit.

pre-commit clones this repository at the commit, builds it into its own environment
(``pip install .``, so the wheel's packaged rule data is what runs) and calls both hooks of
.pre-commit-hooks.yaml on a temporary benchmark repository. Offline: the environment sees
the dependencies CI installed (virtualenv's system-site-packages) and pip builds from
virtualenv's bundled setuptools; no package index is asked.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from installkit import REPO, git, offline_pip_env

V2_WIDENING = REPO / "checks" / "proposals" / "379f44022bb27aa53efd5d32-what-is-the-number-of-red.yaml"
# The paper's row of checks/rejects that CI gates too (tests/commands/test_gate.py): its margins are read once a run.
MISSING_CONTAINER = {"doc_id": "2312.09390v1.pdf", "question": "How many figures are in Pages 100-120 of this paper ? "}


def readme_config() -> dict:
    """The .pre-commit-config.yaml shown in the README's CI section."""
    text = (REPO / "README.md").read_text()
    section = text[text.index("## Use it in your benchmark's CI"):]
    block = re.search(r"```yaml\n(repos:.*?)```", section, re.S)
    assert block, "the README's CI section shows a .pre-commit-config.yaml"
    return yaml.safe_load(block.group(1))


def head_commit() -> str:
    if shutil.which("git") is None:
        pytest.skip("git not installed")
    try:
        return git(REPO, "rev-parse", "HEAD")
    except subprocess.CalledProcessError:
        pytest.skip("this tree is not a git checkout: pre-commit needs a commit to clone")


@pytest.fixture(scope="module")
def hooks(tmp_path_factory):
    """Run ``pre-commit run --files F...`` in a benchmark repository configured from the README."""
    sha = head_commit()
    root = tmp_path_factory.mktemp("precommit")
    bench = root / "bench"
    bench.mkdir()
    git(bench, "init", "-q", "-b", "main")
    env = offline_pip_env(PRE_COMMIT_HOME=str(root / "home"), VIRTUALENV_SYSTEM_SITE_PACKAGES="1",
                          VIRTUALENV_NO_PERIODIC_UPDATE="1", VIRTUALENV_NO_DOWNLOAD="1")
    if os.environ.get("WIDENING_CACHE"):
        env["WIDENING_CACHE"] = os.environ["WIDENING_CACHE"]

    def configure(corpus: Path | None) -> None:
        config = readme_config()
        [repo] = config["repos"]
        repo.update(repo=str(REPO), rev=sha)
        for hook in repo["hooks"]:
            if hook["id"] == "widening-gate":
                assert hook["args"][0] == "--corpus"
                hook["args"] = ["--corpus", str(corpus or bench / "no-corpus"), "--jobs", "1"]
        (bench / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config))

    def run(files: dict[str, str], corpus: Path | None, *hook: str) -> subprocess.CompletedProcess:
        configure(corpus)
        for name, text in files.items():
            (bench / "checks" / "proposals").mkdir(parents=True, exist_ok=True)
            (bench / "checks" / "proposals" / name).write_text(text)
        git(bench, "add", ".")
        names = [f"checks/proposals/{n}" for n in files]
        return subprocess.run([sys.executable, "-m", "pre_commit", "run", *hook, "--files", *names], cwd=bench, env=env,
                              capture_output=True, text=True, timeout=600)

    return run


def test_the_schema_hook_passes_a_proposal_and_fails_a_malformed_one(hooks):
    ok = hooks({"v2.yaml": V2_WIDENING.read_text()}, None, "widening-proposal-schema")
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert re.search(r"^widening proposal schema\.+Passed$", ok.stdout, re.M), ok.stdout
    bad = hooks({"bad.yaml": "doc_id: a.pdf\nquestionn: typo\n"}, None, "widening-proposal-schema")
    assert bad.returncode == 1 and re.search(r"^widening proposal schema\.+Failed$", bad.stdout, re.M), bad.stdout
    assert "checks/proposals/bad.yaml" in bad.stdout and "questionn" in bad.stdout


def test_the_gate_hook_accepts_a_v2_widening_and_rejects_a_missing_container_naming_its_case(hooks, corpus):
    accepted = hooks({"v2.yaml": V2_WIDENING.read_text()}, corpus)
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert re.search(r"^widening gate\.+Passed$", accepted.stdout, re.M), accepted.stdout
    rejected = hooks({"missing.yaml": yaml.safe_dump(MISSING_CONTAINER)}, corpus, "widening-gate")
    assert rejected.returncode == 1, rejected.stdout + rejected.stderr
    assert re.search(r"^widening gate\.+Failed$", rejected.stdout, re.M), rejected.stdout
    assert "- exit code: 1" in rejected.stdout
    [line] = [ln for ln in rejected.stdout.splitlines() if ln.startswith("REJECT ")]
    assert "checks/proposals/missing.yaml" in line and " missing_container 2312.09390v1.pdf " in line, line

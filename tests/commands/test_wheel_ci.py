"""The wheel, installed as a benchmark's CI installs it: the example workflow's steps, run for real.

A wheel built from this tree goes into a fresh venv through the workflow's own install step;
then its diff and gate steps run in a temporary benchmark repository (outside this repo) on
two pull requests: one adding an accepted proposal, one adding a rejected one. A broken
install (rule data deleted) must exit 2 and say "error", never 1 ("rejected").
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest
import yaml
from installkit import ACCEPTED_Q, REJECTED_Q, REPO, build_wheel, fresh_venv, git, offline_pip_env, small_corpus

WORKFLOW = REPO / "examples" / "ci" / "widening-gate.yml"
INSTALL = "Install widening"
STEPS = ("List changed proposal files", "Gate the changed proposals")


@pytest.fixture(scope="module")
def bench(tmp_path_factory) -> Path:
    """A benchmark repository: samples and PDFs at its root, proposals under checks/proposals/."""
    root = small_corpus(tmp_path_factory.mktemp("bench"))
    git(root, "init", "-q", "-b", "main")
    (root / ".gitignore").write_text("documents/\n.widening-cache/\nwidening-gate.json\n")
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "benchmark")
    return root


@pytest.fixture(scope="module")
def venv_bin(tmp_path_factory, bench) -> Path:
    """A fresh venv, the wheel installed into it by the workflow's own install step (run in the benchmark repo)."""
    root = tmp_path_factory.mktemp("wheel")
    wheel = build_wheel(root)
    bin_dir = fresh_venv(root / "venv")
    job_env, steps = workflow()
    env = offline_pip_env(PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    install = subprocess.run(["bash", "-e", "-c", expand(steps[INSTALL]["run"], {"vars.WIDENING_REQUIREMENT": str(wheel)})],
                             cwd=bench, env=env, capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stdout + install.stderr
    return bin_dir


def workflow() -> tuple[dict[str, str], dict[str, dict]]:
    job = yaml.safe_load(WORKFLOW.read_text())["jobs"]["gate"]
    return job["env"], {s["name"]: s for s in job["steps"] if "name" in s}


def expand(text: str, ctx: dict[str, str]) -> str:
    """GitHub's ``${{ expr }}`` for the expressions the workflow uses (an unknown one fails the test)."""
    return re.sub(r"\$\{\{\s*([\w.]+)\s*\}\}", lambda m: ctx[m.group(1)], text)


def run_pull_request(bench: Path, venv_bin: Path, branch: str, proposals: dict[str, str], tmp: Path) -> dict:
    """Commit ``proposals`` on ``branch`` (off main) and run the workflow's steps as a runner would."""
    git(bench, "checkout", "-q", "-B", branch, "main")
    for name, question in proposals.items():
        path = bench / "checks" / "proposals" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(yaml.safe_dump({"doc_id": "small.pdf", "question": question}))
    git(bench, "add", ".")
    git(bench, "commit", "-q", "-m", branch)
    git(bench, "update-ref", "refs/remotes/origin/main", "main")  # what actions/checkout fetch-depth 0 gives

    ctx = {"github.workspace": str(bench), "github.base_ref": "main"}
    job_env, steps = workflow()
    runner_temp = tmp / branch
    runner_temp.mkdir()
    (runner_temp / "output").touch()  # the runner creates these files before the first step
    (runner_temp / "summary.md").touch()
    env = offline_pip_env(PATH=f"{venv_bin}{os.pathsep}{os.environ['PATH']}", CI="true", RUNNER_TEMP=str(runner_temp),
                          GITHUB_OUTPUT=str(runner_temp / "output"), GITHUB_STEP_SUMMARY=str(runner_temp / "summary.md"))
    env.update({k: expand(v, ctx) for k, v in job_env.items()})
    results = {}
    for name in STEPS:
        step = steps[name]
        if "if" in step:
            assert step["if"] == "steps.changed.outputs.count != '0'", "the test knows this condition only"
            if ctx.get("steps.changed.outputs.count") == "0":
                continue
        proc = subprocess.run(["bash", "-e", "-c", expand(step["run"], ctx)], cwd=bench, env=env,
                              capture_output=True, text=True, timeout=300)
        results[name] = proc
        outputs = dict(line.split("=", 1) for line in (runner_temp / "output").read_text().splitlines() if "=" in line)
        ctx.update({f"steps.changed.outputs.{k}": v for k, v in outputs.items()})
        if proc.returncode != 0:
            break
    results["summary"] = (runner_temp / "summary.md").read_text()
    return results


def test_the_installed_wheel_reads_its_rule_data_from_the_venv_not_the_repo(venv_bin, bench, tmp_path):
    results = run_pull_request(bench, venv_bin, "add-accepted", {"accepted.yaml": ACCEPTED_Q}, tmp_path)
    probe = "import widening, widening.rulebook as b; from importlib import resources as r; print(widening.__file__); print(r.files('widening.rules')); print(len(list(b.RULES_DIR.glob('*.yaml'))))"
    out = subprocess.run([str(venv_bin / "python"), "-c", probe], cwd=bench, capture_output=True, text=True, check=True).stdout
    package, rules, count = out.split("\n")[:3]
    venv = venv_bin.parent
    assert Path(package).is_relative_to(venv) and Path(rules).is_relative_to(venv), out
    assert Path(rules, "vocabulary.yaml").is_file() and int(count) >= 5
    schema = Path(package).parent / "schema" / "proposal.schema.json"
    assert json.loads(schema.read_text())["title"] == "widening proposal file"
    # The accepted pull request: exit 0, a notice on the file, a progress line in the log.
    gate = results["Gate the changed proposals"]
    assert results["List changed proposal files"].stdout.strip() == "1 changed proposal file(s)"
    assert gate.returncode == 0, gate.stdout + gate.stderr
    assert gate.stdout.startswith("::notice file=checks/proposals/accepted.yaml,line=1,title=widening gate::ACCEPT")
    assert re.search(r"^1/1 documents done, [\d.]+ s elapsed \(small\.pdf\)$", gate.stderr, re.M), gate.stderr
    assert json.loads((bench / "widening-gate.json").read_text())["exit_code"] == 0
    assert "1 accepted, 0 rejected, 0 error(s) (exit 0)" in results["summary"]


def test_a_pull_request_adding_a_rejected_proposal_fails_with_its_case(venv_bin, bench, tmp_path):
    results = run_pull_request(bench, venv_bin, "add-rejected", {"rejected.yaml": REJECTED_Q}, tmp_path)
    gate = results["Gate the changed proposals"]
    assert gate.returncode == 1, gate.stdout + gate.stderr
    [line] = gate.stdout.splitlines()
    assert line.startswith("::error file=checks/proposals/rejected.yaml,line=1,title=widening gate%3A missing_container::REJECT")
    assert json.loads((bench / "widening-gate.json").read_text())["items"][0]["verdict"] == "reject"


def test_a_pull_request_touching_no_proposal_skips_the_gate(venv_bin, bench, tmp_path):
    git(bench, "checkout", "-q", "-B", "docs", "main")
    (bench / "README").write_text("notes\n")
    results = run_pull_request(bench, venv_bin, "docs", {}, tmp_path)
    assert results["List changed proposal files"].stdout.strip() == "0 changed proposal file(s)"
    assert "Gate the changed proposals" not in results


def test_missing_rule_data_is_an_error_exit_2_in_gate_audit_and_reproduce(venv_bin, bench, tmp_path):
    """A broken install: the engine cannot run, and every command says so with exit 2, never 1."""
    git(bench, "checkout", "-q", "-B", "broken", "main")
    (bench / "checks" / "proposals").mkdir(parents=True, exist_ok=True)
    (bench / "checks" / "proposals" / "rejected.yaml").write_text(yaml.safe_dump({"doc_id": "small.pdf", "question": REJECTED_Q}))
    site = Path(subprocess.run([str(venv_bin / "python"), "-c", "import widening; print(widening.__file__)"],
                               cwd=bench, capture_output=True, text=True, check=True).stdout.strip()).parent
    assert site.is_relative_to(venv_bin.parent), "the installed package, never the repo's"
    rules = site / "rules" / "vocabulary.yaml"
    saved = rules.read_bytes()
    rules.unlink()
    try:
        env = {**offline_pip_env(CI="true"), "WIDENING_CACHE": str(tmp_path / "cache")}
        widening = str(venv_bin / "widening")
        github = tmp_path / "gate.github"
        gate = subprocess.run([widening, "gate", "--corpus", str(bench), "-q", "--format", "github", "--output", str(github),
                               "checks/proposals/rejected.yaml"], cwd=bench, env=env, capture_output=True, text=True, timeout=300)
        assert gate.returncode == 2, gate.stdout + gate.stderr
        annotation = github.read_text()
        assert annotation.startswith("::error file=rules,title=widening gate%3A rule_data::the tool cannot run") and "vocabulary.yaml" in annotation
        assert gate.stdout.startswith("ERROR  the tool cannot run: "), gate.stdout  # text: an error, not a REJECT
        assert "0 accepted, 0 rejected, 1 error(s); exit 2 (ERROR)" in gate.stdout
        audit = subprocess.run([widening, "audit", "--corpus", str(bench), "--out", str(tmp_path / "out"), "--auto"],
                               cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
        assert audit.returncode == 2, audit.stdout + audit.stderr
        assert "the tool cannot run" in audit.stderr and "vocabulary.yaml" in audit.stderr
        reproduce = subprocess.run([widening, "reproduce", "--corpus", str(bench), "--format", "junit"],
                                   cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
        assert reproduce.returncode == 2, reproduce.stdout + reproduce.stderr
        assert "<error" in reproduce.stdout and "<failure" not in reproduce.stdout
    finally:
        rules.write_bytes(saved)

"""A crash is exit 2, never 1: a worker killed by the OS mid-document (what an OOM kill looks like).

The commands run as subprocesses; the test kills their worker with SIGKILL while it reads a
long PDF. Nothing is mocked: the runner sees a dead worker, exactly as in production.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pymupdf
import pytest

from widening.commands.reproduce import ReproduceExit, compare
from widening.errors import ExitCode
from widening.models import Decision, Row

QUESTION = "How many images are there on page 2?"


@pytest.fixture(scope="module")
def long_corpus(tmp_path_factory) -> Path:
    """One PDF long enough that its worker is still busy when it is killed (80 pages were decided
    before a loaded CI machine's poll saw the worker: the kill then hit an idle one)."""
    root = tmp_path_factory.mktemp("long")
    (root / "documents").mkdir()
    pdf = pymupdf.open()
    for n in range(600):
        page = pdf.new_page()
        for k in range(10):
            page.insert_text((40, 40 + 24 * k), f"Line {k} of page {n + 1}: plain words to read and measure.", fontsize=10)
    pdf.save(root / "documents" / "long.pdf")
    rows = [{"doc_id": "long.pdf", "question": QUESTION, "answer": "Not answerable"}]
    for name in ("samples.json", "samples_v1.json"):
        (root / name).write_text(json.dumps(rows))
    (root / "p.json").write_text(json.dumps({"doc_id": "long.pdf", "question": QUESTION}))
    return root


def _run_and_kill_the_worker(argv: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("WIDENING_")}
    proc = subprocess.Popen([sys.executable, "-m", "widening", *argv], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    me = psutil.Process(proc.pid)
    killed = False
    deadline = time.monotonic() + 120
    while not killed and proc.poll() is None and time.monotonic() < deadline:
        try:  # a worker is a grandchild: this process -> forkserver -> worker
            workers = [w for c in me.children() for w in c.children()]
        except psutil.NoSuchProcess:
            workers = []
        for w in workers:
            # Only a worker reading the PDF: one killed before it took the job is replaced and the
            # job runs whole (on a quiet machine the poll sees the worker that early).
            try:
                busy = any(f.path.endswith(".pdf") for f in w.open_files())
            except psutil.Error:
                busy = False
            if busy:
                w.send_signal(signal.SIGKILL)
                killed = True
        time.sleep(0.05)
    out, err = proc.communicate(timeout=300)
    assert killed, f"no worker was seen to kill: {out}{err}"
    return subprocess.CompletedProcess(argv, proc.returncode, out, err)


def test_an_audit_whose_worker_is_killed_exits_2_and_still_writes_every_row(long_corpus, tmp_path):
    out = tmp_path / "out"
    done = _run_and_kill_the_worker(["audit", "--corpus", str(long_corpus), "--out", str(out), "--auto", "--no-cache",
                                     "--jobs", "1", "-q"], tmp_path)
    assert done.returncode == ExitCode.ERROR, done.stdout + done.stderr
    assert "the engine could not run on 1 document(s): long.pdf" in done.stderr
    [record] = json.loads((out / "audit.json").read_text())
    assert (record["decision"], record["case"]) == ("keep", "unverifiable")
    assert record["error"].startswith("engine failed: worker crashed: killed by SIGKILL")


def test_a_gate_whose_worker_is_killed_exits_2_with_an_error_not_a_rejection(long_corpus, tmp_path):
    report = tmp_path / "gate.json"
    done = _run_and_kill_the_worker(["gate", "--corpus", str(long_corpus), "--no-cache", "--jobs", "1", "-q",
                                     "--json", str(report), str(long_corpus / "p.json")], tmp_path)
    assert done.returncode == ExitCode.ERROR, done.stdout + done.stderr
    assert done.stdout.startswith("ERROR ") and "engine_error" in done.stdout and "REJECT" not in done.stdout
    data = json.loads(report.read_text())
    assert data["exit_code"] == 2 and data["items"][0]["verdict"] == "error"


def test_reproduce_counts_an_engine_failure_as_an_error_not_a_miss():
    row = Row(doc_id="a.pdf", question="q", answer="Not answerable", index=0)
    v2 = [row.model_copy(update={"answer": "Not answerable or 0 or none"})]
    failed = Decision(doc_id="a.pdf", question="q", key="Not answerable", decision="keep", case="unverifiable",
                      reason="The engine failed on this PDF (timed out after 900 s); nothing was measured.",
                      error="engine failed: timed out after 900 s")
    report = compare([row], v2, {("a.pdf", "q"): failed}, lambda _doc: True)
    assert report.missed == () and report.exit_code is ReproduceExit.ERROR
    assert report.errors == ("a.pdf: engine failed: timed out after 900 s; its rows were not decided",)

"""The worker-process runner: real processes that crash, hang, exhaust memory or raise."""

from __future__ import annotations

import ctypes
import io
import os
import sys
import time

import pytest

from widening.runtime.runner import progress_wanted, run_documents

# Job functions live at module level so worker processes can unpickle them.


def work(job: tuple[str, int]) -> list[str]:
    kind, n = job
    if kind == "sleep":
        time.sleep(60)
    elif kind == "alloc":
        blocks = [bytearray(64 * 2**20) for _ in range(n)]  # 64 MiB each, touched by bytearray
        return [f"allocated {len(blocks)}"]
    elif kind == "exit":
        os._exit(3)
    elif kind == "segv":
        ctypes.string_at(0)
    elif kind == "raise":
        raise ValueError(f"bad job {n}")
    elif kind == "slow":
        time.sleep(n / 100)
    return [f"{kind}{n}:a", f"{kind}{n}:b"]


def failed(job: tuple[str, int], reason: str) -> list[str]:
    return [f"ERR {job[0]}{job[1]}: {reason}"]


def pid(job: int) -> list[int]:
    return [os.getpid()]


_HELD: list[bytearray] = []


def hold(mib: int) -> list[int]:
    """Keep ``mib`` MiB alive in this worker after the job returns (as OCR heap does)."""
    _HELD.append(bytearray(mib * 2**20))
    return [os.getpid()]


def test_results_come_back_in_job_order_whatever_the_finish_order():
    jobs = [("slow", n) for n in (30, 1, 20, 2, 10)]
    out = run_documents(jobs, work, failed, workers=2, timeout_s=30, mem_mb=512)
    assert out == [x for _, n in jobs for x in (f"slow{n}:a", f"slow{n}:b")]


def test_every_kind_of_failure_is_isolated_and_the_rest_completes():
    jobs = [
        ("ok", 1),
        ("sleep", 0),
        ("ok", 2),
        ("alloc", 64),  # 4 GiB against a 512 MiB cap
        ("exit", 0),
        ("segv", 0),
        ("raise", 7),
        ("ok", 3),
    ]
    out = run_documents(jobs, work, failed, workers=2, timeout_s=3, mem_mb=512)
    assert out[0:2] == ["ok1:a", "ok1:b"]
    assert out[2].startswith("ERR sleep0: timed out after 3 s")
    assert out[3:5] == ["ok2:a", "ok2:b"]
    assert out[5].startswith("ERR alloc64: out of memory")
    assert out[6] == "ERR exit0: worker exited with code 3 before finishing"
    assert out[7] == "ERR segv0: worker crashed: killed by SIGSEGV"
    assert out[8] == "ERR raise7: ValueError: bad job 7"
    assert out[9:] == ["ok3:a", "ok3:b"]


def test_workers_run_in_other_processes_and_are_reused():
    out = run_documents(list(range(6)), pid, failed, workers=2, timeout_s=30)
    assert os.getpid() not in out
    assert 1 <= len(set(out)) <= 2


def test_a_worker_left_holding_memory_is_replaced():
    out = run_documents([200, 200, 200], hold, failed, workers=1, timeout_s=30, recycle_mb=150)
    assert len(set(out)) == 3  # each job left >150 MiB behind: a fresh worker for the next
    out = run_documents([1, 1, 1], hold, failed, workers=1, timeout_s=30, recycle_mb=150)
    assert len(set(out)) == 1


def test_cost_orders_dispatch_not_results():
    jobs = [("slow", 1), ("slow", 40), ("slow", 2)]
    out = run_documents(jobs, work, failed, workers=1, timeout_s=30, cost=lambda j: j[1])
    assert out == ["slow1:a", "slow1:b", "slow40:a", "slow40:b", "slow2:a", "slow2:b"]


def test_no_jobs_no_workers():
    assert run_documents([], work, failed) == []


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_only_for_a_terminal_outside_ci(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert progress_wanted(True) is False
    monkeypatch.setattr(sys, "stderr", _Tty())
    assert progress_wanted(True) is True
    monkeypatch.setenv("CI", "true")
    assert progress_wanted(True) is False
    assert progress_wanted(False) is False


@pytest.mark.parametrize("method", ["spawn"])
def test_other_start_methods_work(method):
    out = run_documents([("ok", 1), ("raise", 2)], work, failed, workers=2, timeout_s=30, start_method=method)
    assert out == ["ok1:a", "ok1:b", "ERR raise2: ValueError: bad job 2"]


_ORPHAN = """
import sys, time
sys.path.insert(0, sys.argv[1])
from test_runner import failed, work
from widening.runtime.runner import run_documents
run_documents([("sleep", 0)], work, failed, workers=1, timeout_s=300)
"""


def test_workers_stop_when_the_run_is_killed():
    import psutil
    import signal
    import subprocess

    proc = subprocess.Popen([sys.executable, "-c", _ORPHAN, os.path.dirname(__file__)])
    parent = psutil.Process(proc.pid)
    deadline = time.monotonic() + 120
    workers: list[psutil.Process] = []
    while time.monotonic() < deadline and not workers:
        time.sleep(0.2)
        workers = [p for p in parent.children(recursive=True) if p.ppid() != proc.pid]  # forked by the forkserver
    assert workers, "no worker process appeared"
    helpers = parent.children(recursive=True)  # workers, the forkserver, the resource tracker
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    _gone, alive = psutil.wait_procs(helpers, timeout=15)
    assert not alive

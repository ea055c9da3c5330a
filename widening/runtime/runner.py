"""Run one job per document in worker processes, each with a time limit and a memory cap.

Never threads over PyMuPDF (pitfall 11): each worker is a process that takes one job at a
time. A job that crashes, hangs or runs out of memory becomes ``on_error(job, reason)``;
the rest of the run completes. Results come back in the order of ``jobs``.
"""

from __future__ import annotations

import gc
import multiprocessing as mp
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any, Generic, TypeVar

from widening.errors import WideningError
from widening.runtime.heap import trim_heap

T = TypeVar("T")
R = TypeVar("R")

DEFAULT_TIMEOUT_S = 600.0
DEFAULT_MEM_MB = 3072
# A worker still holding more than this after a job is replaced by a fresh one (~1 s to
# start). OCR and photo checks leave 300-500 MB of heap behind that the next document
# would stack its own peak on; a fresh worker holds ~50 MB.
DEFAULT_RECYCLE_MB = 300
STARTUP_GRACE_S = 60.0


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def progress_wanted(requested: bool = True) -> bool:
    """Show a progress bar only for a person at a terminal: stderr is a TTY and $CI is unset."""
    return requested and sys.stderr.isatty() and not os.environ.get("CI")


def progress_reporter(requested: bool, total: int, label: str) -> "_Progress | _Lines | None":
    """A bar for a person at a terminal; otherwise one line per finished job (a CI log); None when not requested."""
    if not requested:
        return None
    return _Progress(total, label) if progress_wanted(requested) else _Lines(total, label)


# --------------------------------------------------------------------------- worker side


def _rss_mb() -> float:
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return 0.0


def _vms_mb() -> float:
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return 0.0


def _cap_memory(mem_mb: int) -> None:
    # The cap is on address space: what the worker holds already, plus mem_mb more.
    try:
        import resource

        limit = int((_vms_mb() + mem_mb) * 2**20)
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ImportError, ValueError, OSError):
        pass  # no rlimits on this platform; the time limit still applies


@contextmanager
def uncapped_children() -> Iterator[None]:
    """Processes started inside take the hard address-space limit, not the worker's cap (_cap_memory).

    The cap bounds this worker's own memory. A child inherits it, and Node reserves address space
    for WebAssembly up front (several GB, never touched): under the cap the detector's WASM backend
    fails to start and tfjs falls back to its pure-JS backend, ten times slower, with the same numbers.
    The worker's cap is restored when the block ends; inside it the worker only waits on its child."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, ValueError, OSError):
        yield
        return
    if soft == hard:
        yield
        return
    resource.setrlimit(resource.RLIMIT_AS, (hard, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _release_memory() -> None:
    gc.collect()
    pymupdf = sys.modules.get("pymupdf")
    if pymupdf is not None:
        pymupdf.TOOLS.store_shrink(100)  # MuPDF keeps a resource store that grows across documents
    trim_heap()


def _watch_parent(pid: int) -> None:
    # A run killed with SIGKILL cannot stop its workers: they stop themselves instead.
    while True:
        time.sleep(1.0)
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            os._exit(1)
        except PermissionError:
            pass


def _worker_main(conn: Connection, fn: Callable[[Any], list[Any]], mem_mb: int, recycle_mb: int, parent: int) -> None:
    """Loop: receive (index, job), run ``fn``, send back ("ok"|"err", index, payload, recycle)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops us
    # One worker per core: a worker's own thread pools (OCR) would only fight its siblings.
    os.environ.setdefault("WIDENING_WORKER_THREADS", "1")
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    _cap_memory(mem_mb)
    gc.freeze()  # modules are loaded by now: later full collections skip them (40 ms -> <1 ms each)
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        index, job = msg
        conn.send(("started", index))  # the time limit runs from here, not from the worker's start-up
        try:
            reply: tuple[str, int, Any] = ("ok", index, list(fn(job)))
        except MemoryError:
            reply = ("err", index, f"out of memory (worker cap {mem_mb} MiB)")
        except WideningError as exc:  # already a located, one-line user error
            reply = ("err", index, str(exc))
        except BaseException as exc:  # SystemExit, RecursionError, anything: it is this job's error
            reply = ("err", index, f"{type(exc).__name__}: {exc}".strip())
        _release_memory()
        # A worker whose memory has grown is replaced rather than carried into the next document.
        recycle = _rss_mb() > recycle_mb
        try:
            conn.send((*reply, recycle))
        except MemoryError:
            conn.send(("err", index, f"out of memory sending the result (worker cap {mem_mb} MiB)", True))
        except Exception as exc:  # unpicklable result
            conn.send(("err", index, f"result could not be sent back: {type(exc).__name__}: {exc}", recycle))
        if recycle:
            return


# --------------------------------------------------------------------------- parent side


@dataclass
class _Slot:
    proc: Any = None
    conn: Connection | None = None
    index: int | None = None
    deadline: float = 0.0


@dataclass
class _Run(Generic[T, R]):
    jobs: Sequence[T]
    fn: Callable[[T], list[R]]
    on_error: Callable[[T, str], list[R]]
    timeout_s: float
    mem_mb: int
    recycle_mb: int
    ctx: Any
    results: dict[int, list[R]] = field(default_factory=dict)

    def start(self, slot: _Slot) -> None:
        parent, child = self.ctx.Pipe(duplex=True)
        proc = self.ctx.Process(target=_worker_main, args=(child, self.fn, self.mem_mb, self.recycle_mb, os.getpid()), daemon=True)
        proc.start()
        child.close()
        slot.proc, slot.conn = proc, parent

    def retire(self, slot: _Slot, kill: bool) -> None:
        if slot.proc is not None:
            if kill and slot.proc.is_alive():
                slot.proc.kill()
            slot.proc.join(timeout=5)
            if slot.proc.is_alive():
                slot.proc.kill()
                slot.proc.join()
        if slot.conn is not None:
            slot.conn.close()
        slot.proc, slot.conn, slot.index = None, None, None

    def fail(self, index: int, reason: str) -> None:
        self.results[index] = list(self.on_error(self.jobs[index], reason))


def _exit_reason(exitcode: int | None) -> str:
    if exitcode is None:
        return "worker died"
    if exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        hint = " (out of memory?)" if name == "SIGKILL" else ""
        return f"worker crashed: killed by {name}{hint}"
    return f"worker exited with code {exitcode} before finishing"


def run_documents(
    jobs: Sequence[T],
    fn: Callable[[T], list[R]],
    on_error: Callable[[T, str], list[R]],
    workers: int | None = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    mem_mb: int = DEFAULT_MEM_MB,
    recycle_mb: int = DEFAULT_RECYCLE_MB,
    progress: bool = False,
    cost: Callable[[T], float] | None = None,
    label: str = "documents",
    name: Callable[[T], str] | None = None,
    start_method: str | None = None,
    preload: Sequence[str] = (),
) -> list[R]:
    """Run ``fn`` on every job in worker processes; return all results, in the order of ``jobs``.

    ``fn`` and the jobs must be picklable (module-level function, plain data). ``cost`` lets
    the longest jobs start first so the last core is not left with the biggest document.
    ``on_error`` runs in this process and turns a failed job into results (e.g. unverifiable rows).
    ``preload`` names modules the forkserver imports once, so its workers share their memory.
    ``progress``: a bar on a terminal, else one stderr line per finished job, named by ``name(job)``.
    """
    n = len(jobs)
    if n == 0:
        return []
    method = start_method or ("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
    ctx = mp.get_context(method)
    if method == "forkserver":
        ctx.set_forkserver_preload(["widening.runtime.runner", *preload])
    run = _Run(jobs, fn, on_error, timeout_s, mem_mb, recycle_mb, ctx)
    order = sorted(range(n), key=lambda i: -cost(jobs[i])) if cost else list(range(n))
    pending = deque(order)
    slots = [_Slot() for _ in range(max(1, min(workers or default_workers(), n)))]
    bar = progress_reporter(progress, n, label)
    before = set(run.results)
    try:
        while len(run.results) < n:
            for slot in slots:
                if slot.index is None and pending:
                    _dispatch(run, slot, pending.popleft())
            busy = [s for s in slots if s.index is not None]
            if busy:
                timeout = max(0.0, min(s.deadline for s in busy) - time.monotonic())
                wait([s.conn for s in busy] + [s.proc.sentinel for s in busy], timeout=timeout)
                for slot in busy:
                    _collect(run, slot)
            if bar is not None:
                for i in sorted(set(run.results) - before):  # finished, crashed or refused: each counts once
                    bar.advance(name(jobs[i]) if name else "")
                before = set(run.results)
    finally:
        for slot in slots:
            if slot.proc is not None and slot.index is None and slot.proc.is_alive():
                try:
                    slot.conn.send(None)  # type: ignore[union-attr]
                except OSError:
                    pass
            run.retire(slot, kill=slot.index is not None)
        if bar is not None:
            bar.close()
    return [r for i in range(n) for r in run.results[i]]


def _dispatch(run: _Run, slot: _Slot, index: int) -> None:
    if slot.proc is None or not slot.proc.is_alive():
        run.retire(slot, kill=True)
        run.start(slot)
    try:
        slot.conn.send((index, run.jobs[index]))  # type: ignore[union-attr]
    except Exception as exc:  # a job that cannot be pickled, or a worker that died at start
        run.retire(slot, kill=True)
        run.fail(index, f"could not hand the job to a worker: {type(exc).__name__}: {exc}")
        return
    slot.index = index
    # Until the worker says it started, allow for its start-up (imports) as well.
    slot.deadline = time.monotonic() + run.timeout_s + STARTUP_GRACE_S


def _collect(run: _Run, slot: _Slot) -> bool:
    """Take a finished, crashed or timed-out job off ``slot``; True when one finished."""
    index = slot.index
    assert index is not None and slot.conn is not None
    try:
        ready = slot.conn.poll()
    except OSError:
        ready = False
    if ready:
        try:
            msg = slot.conn.recv()
            if msg[0] == "started":
                slot.deadline = time.monotonic() + run.timeout_s
                ready = slot.conn.poll()
                if ready:
                    msg = slot.conn.recv()
        except Exception:
            msg = None
    if ready:
        try:
            status, got, payload, recycle = msg  # type: ignore[misc]
        except Exception:  # the worker died mid-message
            slot.proc.join(timeout=5)
            reason = _exit_reason(slot.proc.exitcode)
            run.retire(slot, kill=True)
            run.fail(index, reason)
            return True
        if status == "ok":
            run.results[got] = list(payload)
        else:
            run.fail(got, payload)
        slot.index = None
        if recycle:
            run.retire(slot, kill=False)
        return True
    if not slot.proc.is_alive():
        reason = _exit_reason(slot.proc.exitcode)
        run.retire(slot, kill=True)
        run.fail(index, reason)
        return True
    if time.monotonic() >= slot.deadline:
        run.retire(slot, kill=True)
        run.fail(index, f"timed out after {run.timeout_s:g} s")
        return True
    return False


class _Progress:
    """A rich progress bar on stderr."""

    def __init__(self, total: int, label: str):
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self._p = Progress(
            TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=Console(stderr=True)
        )
        self._task = self._p.add_task(label, total=total)
        self._p.start()

    def advance(self, _what: str = "") -> None:
        self._p.advance(self._task)

    def close(self) -> None:
        self._p.stop()


class _Lines:
    """Progress for a log (no terminal): one stderr line per finished job, flushed at once."""

    def __init__(self, total: int, label: str):
        self._total, self._label, self._done, self._start = total, label, 0, time.monotonic()

    def advance(self, what: str = "") -> None:
        self._done += 1
        elapsed = time.monotonic() - self._start
        tail = f" ({what})" if what else ""
        print(f"{self._done}/{self._total} {self._label} done, {elapsed:.1f} s elapsed{tail}", file=sys.stderr, flush=True)

    def close(self) -> None:
        pass

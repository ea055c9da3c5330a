#!/usr/bin/env python
"""Benchmark (not a test): the bare extraction floor, then `widening audit` cold and warm.

Floor = one single-process PyMuPDF plain-text pass over every page of the documents the
audit touches + bare OCR time of the pages without a text layer. Targets (issue #5):
cold <= 1.0x floor, warm <= 0.05x floor, peak memory < 1 GiB. Peak memory is the process
tree's summed PSS (a page shared by the workers counts once); where the machine allows,
the audits also run inside a memory cgroup with a 1 GiB hard limit, which must see no OOM
kill and lose no row.

    python scripts/bench.py [--corpus DIR] [--jobs N] [--facts] [--json FILE]
    python scripts/bench.py --against 08bcf3d --repeat 1 --auto --jobs 2   # the whole corpus, ~13 min

``--against REF --by-document`` says where a difference comes from: each document's cold CPU
seconds on both sides (scripts/cost_by_document.py, in-process, the rows of ``audit --auto``), the
largest increases first.

``--against REF`` compares the cold audit's CPU seconds (the whole process tree) of this
checkout with those of commit REF (checked out in a temporary git worktree and run with the
same interpreter), run after run interleaved, each with a fresh cache: the figure a change's
cost is judged by ("at most 10% more than before") while other work shares the machine.
Judge it on the whole corpus: a subset (``--corpus SUBSET``) is quicker but weighs the
documents unevenly; five raster decks measured 1.30x where the whole corpus measured 1.85x,
because the new cost (OCR of the pictures on text-layer pages, for absence claims) sits in
documents the decks are not.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import logging
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psutil

from widening.commands.corpus import load_samples, locate_corpus

GIB = 2**30


def touched_documents(corpus_root: Path) -> list[Path]:
    """PDFs present for the V2 rows keyed Not answerable (plain or widened), in first-seen order."""
    samples = load_samples(corpus_root / "samples.json")
    seen: dict[str, None] = {}
    for row in samples.rows:
        if row.answer.strip().startswith("Not answerable"):
            seen.setdefault(row.doc_id, None)
    return [p for d in seen if (p := corpus_root / "documents" / d).is_file()]


def text_pass(pdfs: list[Path]) -> tuple[float, int, list[tuple[Path, int]]]:
    """Seconds for a plain get_text() over every page; page count; pages with no text layer."""
    import pymupdf

    empty: list[tuple[Path, int]] = []
    pages = 0
    t = time.perf_counter()
    for path in pdfs:
        with pymupdf.open(path) as doc:
            for page in doc:
                pages += 1
                if not page.get_text().strip():
                    empty.append((path, page.number))
    return time.perf_counter() - t, pages, empty


def ocr_pass(empty: list[tuple[Path, int]], sample: int = 0) -> tuple[float, float, str]:
    """Seconds to OCR ``empty`` pages (engine load timed apart); which OCR was used.

    With ``sample`` > 0 only every k-th page is OCRed and the time is scaled to all of them.
    """
    import pymupdf

    t0 = time.perf_counter()
    try:
        from widening.facts.ocr import ocr_page  # the engine's own OCR, when it exists

        def run(page: pymupdf.Page) -> object:
            return ocr_page(page)

        how = "widening.facts.ocr.ocr_page"
        warm = None
    except ImportError:
        from rapidocr import RapidOCR

        from widening.facts.limits import render_matrix

        engine = RapidOCR()

        def run(page: pymupdf.Page) -> object:
            pix = page.get_pixmap(matrix=render_matrix(page, 150))
            return engine(pix.tobytes("png"))

        how = "rapidocr at 150 dpi (widening.facts.ocr not found)"
        warm = engine
    load = time.perf_counter() - t0
    del warm
    chosen = empty[:: max(1, len(empty) // sample)] if sample else empty
    t = time.perf_counter()
    by_doc: dict[Path, list[int]] = {}
    for path, n in chosen:
        by_doc.setdefault(path, []).append(n)
    for path, numbers in by_doc.items():
        with pymupdf.open(path) as doc:
            for n in numbers:
                run(doc[n])
    seconds = (time.perf_counter() - t) * len(empty) / max(1, len(chosen))
    if chosen is not empty:
        how += f", estimated from {len(chosen)} of {len(empty)} pages"
    return seconds, load, how


class PeakMemory:
    """Samples the memory of a process and all its descendants (the forkserver, workers, Node).

    Two totals: summed RSS counts a shared library once per process that maps it, an upper
    bound; summed PSS splits each shared page between its users, the tree's real footprint.
    It also keeps each process's last CPU time: their sum is the run's CPU seconds, a figure
    that, unlike wall time, stays comparable when other work shares the machine.
    """

    def __init__(self, pid: int, every: float = 0.1):
        self.peak_total = 0
        self.peak_pss = 0
        self.peak_single = 0
        self.at_peak: list[tuple[str, int]] = []
        self.cpu: dict[int, float] = {}
        self._proc = psutil.Process(pid)
        self._every = every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                procs = [self._proc, *self._proc.children(recursive=True)]
            except psutil.Error:
                procs = []
            seen: list[tuple[str, int, int]] = []
            for p in procs:
                try:
                    times = p.cpu_times()
                    self.cpu[p.pid] = times.user + times.system
                    info = p.memory_full_info()
                    seen.append((" ".join(p.cmdline()[:3])[-60:], info.rss, info.pss))
                except psutil.Error:
                    pass
            total = sum(rss for _, rss, _ in seen)
            if total > self.peak_total:
                self.peak_total = total
                self.at_peak = [(name, rss) for name, rss, _ in seen]
            self.peak_pss = max(self.peak_pss, sum(pss for _, _, pss in seen))
            self.peak_single = max([self.peak_single, *(rss for _, rss, _ in seen)])
            self._stop.wait(self._every)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


class MemoryCgroup:
    """A fresh memory cgroup with a hard limit, when this machine lets us make one (v1 or v2).

    Everything the audit starts is charged to it, each page once: the limit answers "does
    the run fit in N MiB?", and the kernel's own peak and OOM-kill count are read back.
    """

    def __init__(self, limit: int):
        self.limit = limit
        self.path: Path | None = None
        self.v2 = False
        self.why_not = ""
        name = f"widening-bench-{os.getpid()}"
        for root, v2 in ((Path("/sys/fs/cgroup/memory"), False), (Path("/sys/fs/cgroup"), True)):
            limit_file = "memory.max" if v2 else "memory.limit_in_bytes"
            try:
                if v2 and not (root / "cgroup.controllers").is_file():
                    continue
                path = root / name
                path.mkdir()
                (path / limit_file).write_text(str(limit))
                if not v2:
                    try:  # no swap either: the limit is on RAM
                        (path / "memory.memsw.limit_in_bytes").write_text(str(limit))
                    except OSError:
                        pass
                self.path, self.v2 = path, v2
                return
            except OSError as exc:
                self.why_not = f"{root}: {exc.strerror or exc}"

    def enter(self) -> None:
        """preexec_fn: move the starting process (and so all it starts) into the cgroup."""
        if self.path is not None:
            (self.path / "cgroup.procs").write_text(str(os.getpid()))

    def read(self) -> dict:
        if self.path is None:
            return {"cgroup": None, "why_not": self.why_not}
        if self.v2:
            peak_file = self.path / "memory.peak"
            peak = int(peak_file.read_text()) if peak_file.is_file() else None
            events = dict(line.split() for line in (self.path / "memory.events").read_text().splitlines())
            kills = int(events.get("oom_kill", 0))
        else:
            peak = int((self.path / "memory.max_usage_in_bytes").read_text())
            oom = dict(line.split() for line in (self.path / "memory.oom_control").read_text().splitlines())
            kills = int(oom.get("oom_kill", 0))
        return {"cgroup": str(self.path), "limit": self.limit, "peak_charged": peak, "oom_kills": kills}

    def remove(self) -> None:
        if self.path is not None:
            try:
                self.path.rmdir()
            except OSError:
                pass


def run_audit(corpus: Path, out: Path, cache: Path, jobs: int | None, limit: int | None = None,
              source: Path | None = None, auto: bool = False) -> dict:
    """One audit in a subprocess, watched; ``source``: run the package found there instead (PYTHONPATH)."""
    cmd = [sys.executable, "-m", "widening", "audit", "--corpus", str(corpus), "--out", str(out), "--cache", str(cache)]
    if source is None:
        cmd.append("--no-progress")  # an older commit may not know the option; its progress lines go to the pipe
    if jobs:
        cmd += ["--jobs", str(jobs)]
    if auto:
        cmd.append("--auto")
    env = dict(os.environ, PYTHONPATH=str(source), PYTHONDONTWRITEBYTECODE="1") if source is not None else None
    group = MemoryCgroup(limit) if limit else None
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            cwd=str(out.parent) if source is not None else None,
                            preexec_fn=group.enter if group is not None and group.path is not None else None)
    mon = PeakMemory(proc.pid)
    stdout, stderr = proc.communicate()
    mon.stop()
    wall = time.perf_counter() - t
    ok = proc.returncode == 0 and (out / "audit.json").is_file()
    records = json.loads((out / "audit.json").read_text()) if ok else []
    # A worker killed for memory leaves its rows unverifiable with the reason: count them.
    crashed = [r for r in records if any(w in json.dumps(r) for w in ("out of memory", "worker crashed", "killed by"))]
    res = {"seconds": wall, "cpu_seconds": sum(mon.cpu.values()), "exit": proc.returncode, "rows": len(records), "rows_lost_to_crashes": len(crashed),
           "peak_total_rss": mon.peak_total, "peak_total_pss": mon.peak_pss, "peak_process_rss": mon.peak_single,
           "processes_at_peak": mon.at_peak, "stderr_tail": stderr.strip().splitlines()[-3:] if not ok else []}
    if group is not None:
        res["cgroup"] = group.read()
        group.remove()
    return res


def facts_cold_warm(pdfs: list[Path], jobs: int | None) -> dict:
    """Facts alone through the runner, with a fresh cache: cold, then warm."""
    from widening.runtime.runner import run_documents

    with tempfile.TemporaryDirectory(prefix="widening-bench-facts-") as tmp:
        out = {}
        for phase in ("cold", "warm"):
            t = time.perf_counter()
            res = run_documents([(str(p), tmp) for p in pdfs], _facts_job, _facts_error, workers=jobs,
                                timeout_s=1800, cost=lambda j: Path(j[0]).stat().st_size)
            out[phase] = time.perf_counter() - t
            out[f"{phase}_errors"] = [r for r in res if isinstance(r, str)]
        return out


def _facts_job(job: tuple[str, str]) -> list[int]:
    from widening.facts.cache import Cache, load_doc_cached

    doc = load_doc_cached(Path(job[0]), Cache(job[1]))
    try:
        return [doc.facts.page_count]
    finally:
        doc.close()


def _facts_error(job: tuple[str, str], reason: str) -> list[str]:
    return [f"{Path(job[0]).name}: {reason}"]


def _noop(job: int) -> list[int]:
    return [job]


def _noop_error(job: int, reason: str) -> list[int]:
    return []


def runner_overhead(n: int, jobs: int | None) -> dict:
    """Per-job cost of the worker machinery (startup excluded, then included)."""
    from widening.runtime.runner import run_documents

    t = time.perf_counter()
    run_documents([0], _noop, _noop_error, workers=1)
    first = time.perf_counter() - t
    t = time.perf_counter()
    run_documents(list(range(n)), _noop, _noop_error, workers=jobs)
    many = time.perf_counter() - t
    return {"startup_first_run_s": first, "jobs": n, "total_s": many, "per_job_ms": 1000 * many / n}


@contextmanager
def ref_tree(ref: str) -> Iterator[Path]:
    """A temporary git worktree of commit ``ref``, set up to run with this interpreter."""
    here = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory(prefix="widening-bench-ref-") as tmp:
        tree = Path(tmp) / "ref"
        subprocess.run(["git", "-C", str(here), "worktree", "add", "--detach", str(tree), ref], check=True, capture_output=True)
        try:
            # The rule data of REF, not this checkout's: an editable install maps the packages
            # widening.rules / widening.schema to this checkout, and the import system asks that
            # mapping only for what REF's own tree does not hold.
            for data in ("rules", "schema"):
                if (tree / data).is_dir() and not (tree / "widening" / data).exists():
                    (tree / "widening" / data).symlink_to(tree / data)
            modules = here / "widening" / "detector" / "node_modules"
            if modules.exists():  # the same object detector on both sides (it is not in git)
                (tree / "widening" / "detector" / "node_modules").symlink_to(modules.resolve())
            yield tree
        finally:
            subprocess.run(["git", "-C", str(here), "worktree", "remove", "--force", str(tree)], capture_output=True)


def against(ref: str, corpus: Path, jobs: int | None, repeat: int, auto: bool) -> dict:
    """Cold audits of this checkout and of commit ``ref``, interleaved ``repeat`` times: CPU seconds of each run."""
    here = Path(__file__).resolve().parents[1]
    runs: dict[str, list[dict]] = {"this": [], ref: []}
    with ref_tree(ref) as tree, tempfile.TemporaryDirectory(prefix="widening-bench-runs-") as tmp:
        for i in range(repeat):
            for name, source in ((ref, tree), ("this", here)):
                work = Path(tmp) / f"{name}-{i}".replace("/", "_")
                work.mkdir()
                a = run_audit(corpus, work / "out", work / "cache", jobs, source=source, auto=auto)
                runs[name].append({k: a[k] for k in ("cpu_seconds", "seconds", "exit", "rows")})
                print(f"  {name:>10} run {i + 1}: {a['cpu_seconds']:.1f} CPU s, {a['seconds']:.1f} s wall, exit {a['exit']}, rows {a['rows']}", flush=True)
                shutil.rmtree(work, ignore_errors=True)
    med = {k: statistics.median(r["cpu_seconds"] for r in v) for k, v in runs.items()}
    return {"ref": ref, "runs": runs, "median_cpu": med, "ratio": med["this"] / med[ref]}


def by_document(ref: str, corpus: Path, jobs: int | None) -> dict:
    """Cold CPU seconds per document, this checkout and commit ``ref`` (scripts/cost_by_document.py,
    ``jobs`` processes a side, one side after the other): which documents a cost change comes from."""
    here = Path(__file__).resolve().parents[1]
    parts = jobs or os.cpu_count() or 1
    sides: dict[str, dict[str, dict[str, float]]] = {}
    with ref_tree(ref) as tree, tempfile.TemporaryDirectory(prefix="widening-bench-docs-") as tmp:
        for name, source in ((ref, tree), ("this", here)):
            work = Path(tmp) / name.replace("/", "_")
            work.mkdir()
            env = dict(os.environ, PYTHONPATH=str(source), PYTHONDONTWRITEBYTECODE="1")
            procs = [subprocess.Popen([sys.executable, str(here / "scripts" / "cost_by_document.py"), "--corpus", str(corpus),
                                       "--cache", str(work / f"cache{k}"), "--out", str(work / f"part{k}.json"),
                                       "--part", str(k), "--parts", str(parts)], env=env, cwd=str(work),
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                     for k in range(parts)]
            sides[name] = {}
            for k, proc in enumerate(procs):
                _, err = proc.communicate()
                if proc.returncode != 0:
                    raise RuntimeError(f"cost_by_document.py under {name} (part {k}) exited {proc.returncode}: {err.strip()[-500:]}")
                sides[name].update(json.loads((work / f"part{k}.json").read_text()))
            failed = sorted(d for d, c in sides[name].items() if c["errors"])
            print(f"  {name:>10}: {sum(c['cpu'] for c in sides[name].values()):.1f} CPU s over {len(sides[name])} documents"
                  + (f"; rows in error on {len(failed)}, e.g. {failed[0]} (their figures mean nothing)" if failed else ""), flush=True)
    cpu = {name: {d: c["cpu"] for d, c in side.items()} for name, side in sides.items()}
    docs = sorted(set(cpu[ref]) | set(cpu["this"]), key=lambda d: cpu["this"].get(d, 0) - cpu[ref].get(d, 0), reverse=True)
    table = [{"doc_id": d, "this": cpu["this"].get(d), ref: cpu[ref].get(d), "more": round(cpu["this"].get(d, 0) - cpu[ref].get(d, 0), 2),
              "errors": {name: sides[name].get(d, {}).get("errors", 0) for name in sides}} for d in docs]
    return {"ref": ref, "total": {k: round(sum(v.values()), 1) for k, v in cpu.items()}, "documents": table}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", help="corpus folder (default: $WIDENING_CORPUS)")
    ap.add_argument("--jobs", type=int, help="workers for the audit (default: its own default, the cores)")
    ap.add_argument("--facts", action="store_true", help="also time facts alone, cold and warm, through the runner")
    ap.add_argument("--no-audit", action="store_true", help="skip the audit runs")
    ap.add_argument("--no-ocr", action="store_true", help="leave OCR out of the floor")
    ap.add_argument("--ocr-sample", type=int, default=0, help="OCR only about N of the text-less pages and scale up")
    ap.add_argument("--json", help="write the figures here too")
    ap.add_argument("--against", metavar="REF", help="compare the cold audit's CPU seconds with git commit REF (only that)")
    ap.add_argument("--repeat", type=int, default=2, help="with --against: interleaved runs of each side (default 2)")
    ap.add_argument("--auto", action="store_true", help="audit with --auto (no reviewed specs)")
    ap.add_argument("--by-document", action="store_true",
                    help="with --against: instead, cold CPU seconds per document on each side, the largest differences first")
    ap.add_argument("--top", type=int, default=25, help="with --by-document: how many documents to print (default 25)")
    ap.add_argument("--memory-limit", type=int, default=1024, metavar="MIB",
                    help="run the audits inside a memory cgroup with this hard limit, where the machine allows one "
                         "(0: never); default 1024")
    args = ap.parse_args()
    logging.getLogger("RapidOCR").setLevel(logging.WARNING)

    corpus = locate_corpus(args.corpus).root
    if args.against and args.by_document:
        per = by_document(args.against, corpus, args.jobs)
        tot = per["total"]
        print(f"cold CPU seconds, document by document (rows as audit --auto): this checkout {tot['this']:.1f}, "
              f"{args.against} {tot[args.against]:.1f}")
        print(f"{'more':>8} {'this':>8} {args.against[:8]:>8}  document")
        for d in per["documents"][:args.top]:
            print(f"{d['more']:8.1f} {d['this'] or 0:8.1f} {d[args.against] or 0:8.1f}  {d['doc_id']}")
        if args.json:
            Path(args.json).write_text(json.dumps(per, indent=2) + "\n")
        return 0
    if args.against:
        cmp = against(args.against, corpus, args.jobs, args.repeat, args.auto)
        med = cmp["median_cpu"]
        print(f"cold audit CPU seconds, median of {args.repeat}: this checkout {med['this']:.1f}, {args.against} {med[args.against]:.1f}: "
              f"{cmp['ratio']:.2f}x")
        good = cmp["ratio"] <= 1.10 and all(r["exit"] == 0 for v in cmp["runs"].values() for r in v)
        print(f"{'PASS' if good else 'FAIL'}  cold audit CPU <= 1.10x {args.against}")
        if args.json:
            Path(args.json).write_text(json.dumps(cmp, indent=2) + "\n")
        return 0 if good else 1
    pdfs = touched_documents(corpus)
    res: dict = {"documents": len(pdfs), "cores": len(os.sched_getaffinity(0))}
    t_text, pages, empty = text_pass(pdfs)
    res.update(pages=pages, pages_without_text=len(empty), floor_text_s=t_text)
    print(f"documents {len(pdfs)}, pages {pages}, pages with no text layer {len(empty)}")
    print(f"floor: text pass {t_text:.2f} s", flush=True)
    if not args.no_ocr:
        t_ocr, load, how = ocr_pass(empty, args.ocr_sample)
        res.update(floor_ocr_s=t_ocr, ocr_load_s=load, ocr=how)
        print(f"floor: OCR of {len(empty)} pages {t_ocr:.2f} s (engine load {load:.2f} s, {how})", flush=True)
    floor = res["floor_text_s"] + res.get("floor_ocr_s", 0.0)
    res["floor_s"] = floor
    print(f"floor total {floor:.2f} s", flush=True)

    res["runner"] = runner_overhead(200, args.jobs)
    r = res["runner"]
    print(f"runner: first start {r['startup_first_run_s']:.2f} s; {r['jobs']} no-op jobs {r['total_s']:.2f} s = {r['per_job_ms']:.1f} ms/job")

    if args.facts:
        f = res["facts"] = facts_cold_warm(pdfs, args.jobs)
        print(f"facts via runner: cold {f['cold']:.2f} s ({f['cold'] / floor:.2f}x floor), warm {f['warm']:.2f} s "
              f"({f['warm'] / floor:.3f}x floor); errors {len(f['cold_errors'])}", flush=True)

    ok = True
    if not args.no_audit:
        with tempfile.TemporaryDirectory(prefix="widening-bench-") as tmp:
            cache = Path(tmp) / "cache"
            for phase in ("cold", "warm"):
                a = res[f"audit_{phase}"] = run_audit(corpus, Path(tmp) / f"out-{phase}", cache, args.jobs,
                                                          limit=args.memory_limit * 2**20 if args.memory_limit else None)
                a["ratio"] = a["seconds"] / floor
                print(f"audit {phase}: {a['seconds']:.2f} s = {a['ratio']:.3f}x floor ({a['cpu_seconds']:.1f} CPU s), exit {a['exit']}, rows {a['rows']}, "
                      f"peak memory PSS {a['peak_total_pss'] / 2**20:.0f} MiB, RSS summed {a['peak_total_rss'] / 2**20:.0f} MiB "
                      f"(largest process {a['peak_process_rss'] / 2**20:.0f} MiB)",
                      flush=True)
                cg = a.get("cgroup")
                if cg and cg.get("cgroup"):
                    print(f"  in a {cg['limit'] / 2**20:.0f} MiB memory cgroup: kernel's peak charge "
                          f"{(cg['peak_charged'] or 0) / 2**20:.0f} MiB (page cache included), OOM kills {cg['oom_kills']}, "
                          f"rows lost to crashes {a['rows_lost_to_crashes']}")
                elif cg:
                    print(f"  no memory cgroup ({cg['why_not']}): the PSS figure stands alone")
                for line in a["stderr_tail"]:
                    print(f"  stderr: {line}")
        children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
        res["children_maxrss"] = children
        # Peak memory of the run = the process tree's summed PSS (each shared page counted
        # once); summed RSS counts every shared library once per process and is only printed.
        runs = (res["audit_cold"], res["audit_warm"])
        peak = max(a["peak_total_pss"] for a in runs)
        fits = all(not a.get("cgroup", {}).get("cgroup") or (a["cgroup"]["oom_kills"] == 0 and a["rows_lost_to_crashes"] == 0)
                   for a in runs)
        checks = [
            ("cold <= 1.0x floor", res["audit_cold"]["ratio"] <= 1.0),
            ("warm <= 0.05x floor", res["audit_warm"]["ratio"] <= 0.05),
            ("peak memory < 1 GiB (process tree PSS)", peak < GIB),
            ("no OOM kill and no row lost inside the memory limit", fits),
            ("audits exit 0", res["audit_cold"]["exit"] == 0 and res["audit_warm"]["exit"] == 0),
        ]
        for name, good in checks:
            print(f"{'PASS' if good else 'FAIL'}  {name}")
            ok &= good
        res["targets"] = dict(checks)
    if args.json:
        Path(args.json).write_text(json.dumps(res, indent=2, default=str) + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())

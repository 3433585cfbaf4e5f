"""End-to-end timings of ``tablehallu score`` on the TableHallu-sized run of ``make_run.py``.

Usage::

    python benchmarks/bench_score.py                 # all measurements, Markdown on stdout
    python benchmarks/bench_score.py --only lexical  # a subset: help, lexical, embedding
    python benchmarks/bench_score.py --repeat 3      # best of 3 per measurement

Every measurement runs the installed ``tablehallu`` command in a fresh process (interpreter
start-up, imports, model load, parsing, detection, bootstrap and writing the summary included)
and samples the resident memory of its whole process tree every 20 ms for the peak. CPU time
(user + system, all processes of the run) is reported next to wall time: on a shared machine it
is the steadier measure of cost, and samples per CPU-second is the "per core" rate. Results are
also written to ``benchmarks/out/bench.json``. Targets (issue 4): lexical >= 1 000 samples/s per
core; default (embedding) matcher < 30 s for 2 000 samples, model load included; peak memory
< 2 GB; ``tablehallu --help`` < 0.5 s.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
RUN = OUT / "run.jsonl"
BIN = Path(sys.executable).parent / "tablehallu"


def _tree(pid: int) -> list[int]:
    pids, todo = [], [pid]
    while todo:
        p = todo.pop()
        pids.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    todo += [int(c) for c in f.read().split()]
        except OSError:
            continue
    return pids


def _rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


_TICK = os.sysconf("SC_CLK_TCK")


def _cpu_s(pid: int) -> float | None:
    """User + system CPU seconds of ``pid`` so far (None when it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / _TICK


def measure(cmd: list[str]) -> dict[str, Any]:
    """Wall time and peak resident memory (whole process tree) of ``cmd``."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    peak = 0
    cpu_seen: dict[int, float] = {}  # last CPU time seen per descendant (the tree changes)
    while proc.poll() is None:
        pids = _tree(proc.pid)
        peak = max(peak, sum(_rss_kb(p) for p in pids))
        for p in pids[1:]:
            cpu_s = _cpu_s(p)
            if cpu_s is not None:
                cpu_seen[p] = cpu_s
        time.sleep(0.02)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # the command itself, exactly; its worker processes (not reaped by it) as last sampled
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    cpu += sum(cpu_seen.values())
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(cmd)} failed ({proc.returncode}): {err[-2000:]}")
    return {"wall_s": wall, "cpu_s": cpu, "peak_rss_mb": peak / 1024}


def _score(matcher: str, workers: int, repeat: int, n: int) -> dict[str, Any]:
    summary = OUT / f"bench-{matcher}-{workers}.json"
    cmd = [str(BIN), "score", str(RUN), "--quiet", "--out", str(summary), "--workers", str(workers)]
    if matcher != "default":
        cmd += ["--matcher", matcher]
    runs = []
    for _ in range(repeat):
        result = measure(cmd)
        result["in_process_s"] = json.loads(summary.read_text())["provenance"]["wall_time_s"]
        runs.append(result)
    best = min(runs, key=lambda r: r["wall_s"])
    return {
        "matcher": matcher,
        "workers": workers,
        "samples": n,
        "wall_s": round(best["wall_s"], 2),
        "in_process_s": best["in_process_s"],
        "cpu_s": round(best["cpu_s"], 2),
        "samples_per_s": round(n / best["wall_s"], 1),
        "samples_per_cpu_s": round(n / best["cpu_s"], 1),
        "peak_rss_mb": round(max(r["peak_rss_mb"] for r in runs), 1),
        "runs": [round(r["wall_s"], 2) for r in runs],
    }


def _help(repeat: int) -> dict[str, Any]:
    times = [measure([str(BIN), "--help"])["wall_s"] for _ in range(max(repeat, 5))]
    return {"median_s": round(statistics.median(times), 3), "max_s": round(max(times), 3)}


def machine() -> dict[str, Any]:
    """CPU model, cores, memory, OS and Python of this machine."""
    cpu = platform.processor() or ""
    try:
        with open("/proc/cpuinfo") as f:
            names = [ln.split(":", 1)[1].strip() for ln in f if ln.startswith("model name")]
            cpu = names[0] if names else cpu
    except OSError:
        pass
    mem_gb = None
    try:
        with open("/proc/meminfo") as f:
            mem_gb = round(int(f.readline().split()[1]) / 1024 / 1024, 1)
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory_gb": mem_gb,
        "os": platform.platform(),
        "python": platform.python_version(),
    }


def main(argv: list[str] | None = None) -> None:
    """Run the measurements and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=("help", "lexical", "embedding"), action="append")
    parser.add_argument("--repeat", type=int, default=1, help="runs per measurement (best kept)")
    args = parser.parse_args(argv)
    only = set(args.only or ("help", "lexical", "embedding"))
    if not RUN.exists():
        subprocess.run([sys.executable, str(HERE / "make_run.py")], check=True)
    n = sum(1 for line in RUN.open(encoding="utf-8") if line.strip())
    results: dict[str, Any] = {"machine": machine(), "samples": n, "scores": []}
    if "help" in only:
        results["help"] = _help(args.repeat)
    matchers = [m for m, key in (("lexical", "lexical"), ("default", "embedding")) if key in only]
    for matcher in matchers:
        for workers in (1, 2):
            results["scores"].append(_score(matcher, workers, args.repeat, n))
    (OUT / "bench.json").write_text(json.dumps(results, indent=2) + "\n")

    m = results["machine"]
    print(f"Machine: {m['cpu']}, {m['cores']} cores, {m['memory_gb']} GB, Python {m['python']}")
    if "help" in results:
        h = results["help"]
        print(f"`tablehallu --help`: median {h['median_s']} s (max {h['max_s']} s)")
    print()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    print()
    print(
        "| matcher | workers | wall (s) | in-process (s) | CPU (s) | samples/s (wall) "
        "| samples per CPU-second | peak RSS |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in results["scores"]:
        print(
            f"| {r['matcher']} | {r['workers']} | {r['wall_s']} | {r['in_process_s']} | "
            f"{r['cpu_s']} | {r['samples_per_s']} | {r['samples_per_cpu_s']} | "
            f"{r['peak_rss_mb']} MB |"
        )


if __name__ == "__main__":
    main()

"""Peak memory of a command's whole process tree (parent, workers, forkserver...), Linux only.

    python benchmarks/treemem.py tablehallu score run.jsonl --workers 2 -q --output-dir out

Runs the command and, every 0.1 s while it lasts, sums the VmRSS of the process and all its
descendants (read from /proc). Prints on stderr: the exit code, the wall time, the peak of that
sum, the sum of each process's own peak (VmHWM, an upper bound) and each process's peak.
``/usr/bin/time -v`` counts the parent process only.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time


def _status(pid: int) -> dict[str, str] | None:
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8") as f:
            return {k: v.strip() for k, _, v in (line.partition(":") for line in f)}
    except OSError:
        return None


def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        kids.setdefault(ppid, []).append(int(entry))
    return kids


def _tree(root: int) -> list[int]:
    kids = _children()
    out = [root]
    for pid in out:
        out.extend(kids.get(pid, []))
    return out


def _kb(status: dict[str, str], key: str) -> int:
    return int(status.get(key, "0 kB").split()[0])


def main(argv: list[str]) -> int:
    """Run ``argv`` and report the peak memory of its process tree."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv)
    peak = 0
    hwm: dict[int, int] = {}
    names: dict[int, str] = {}
    while proc.poll() is None:
        total = 0
        for pid in _tree(proc.pid):
            st = _status(pid)
            if st is None:
                continue
            total += _kb(st, "VmRSS")
            hwm[pid] = max(hwm.get(pid, 0), _kb(st, "VmHWM"))
            names[pid] = st.get("Name", "?")
        peak = max(peak, total)
        time.sleep(0.1)
    each = ", ".join(f"{names[p]}:{v / 1024:.0f}" for p, v in hwm.items())
    print(
        f"rc={proc.returncode} wall={time.perf_counter() - start:.1f}s "
        f"peak_tree_rss={peak / 1024:.0f}MB sum_vmhwm={sum(hwm.values()) / 1024:.0f}MB "
        f"per_process(MB)={each}",
        file=sys.stderr,
    )
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

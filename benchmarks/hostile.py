"""Hostile inputs (issues 2 and 10): time and peak memory of each (target: under 1 s each, peak
memory under 300 MB for inputs up to 50 MB).

Run: ``.venv/bin/python benchmarks/hostile.py`` (``--records`` or ``--parsers`` for one part).

- Parser inputs: ``parse_response`` and ``parse_gold`` in this process; seconds of CPU time,
  then a second pass under :mod:`tracemalloc` for the peak of Python allocations during the call
  (the timing pass runs without tracemalloc, which slows allocation-heavy code down).
- Records (``benchmarks/hostile_records.py``: the issue-10 cases, each between two ordinary
  records): the real ``tablehallu score`` / ``tablehallu check`` command in a fresh process per
  case; seconds of wall and CPU time of the command inside that process (after imports), and the
  process's peak resident memory (``VmHWM`` of /proc/self/status, the high-water mark of this
  process image: interpreter, imports, the 3-line input file and the work; ``ru_maxrss`` would
  carry the benchmark's own peak over ``exec``), with the baseline after imports.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tablehallu.config import Config
from tablehallu.parsers import parse_gold, parse_response
from tablehallu.parsers.table import ParsedTable

TARGET_SECONDS = 1.0
TARGET_PEAK_MB = 300.0


def hostile_inputs() -> Iterator[tuple[str, str, Config | None]]:
    """(name, text, config or None for the default) of every hostile input."""
    row = "| Player Name | 12 | 34 |\n"
    five_mb = "| Player Name | A | B |\n|---|---|---|\n" + row * (5_000_000 // len(row))
    yield "5 MB Markdown response (default max_bytes)", five_mb, None
    yield "5 MB Markdown response, max_bytes=8 MB", five_mb, Config(max_bytes=8_000_000)
    prose = "The Hawks beat the Magic, 95 - 88, on Friday; Horford had 17 points. "
    yield (
        "5 MB of prose, max_bytes=8 MB",
        prose * (5_000_000 // len(prose)),
        Config(max_bytes=8_000_000),
    )
    yield "10 000 pipes on one line", "|" * 10_000, None
    yield "10 000 cells on one header line", "| a " * 10_000 + "|\n|---|\n| x |", None
    yield "100 000-deep [[[[", "[" * 100_000, None
    yield "100 000-deep [[[[ with a quote", '[[{"a": ' + "[" * 100_000, None
    yield "100 000 unbalanced {", "{" * 100_000 + "}" * 10, None
    yield "unbalanced }] ×50 000", "}]" * 50_000, None
    yield '{"a": [ ×20 000', '{"a": [' * 20_000, None
    yield "open JSON string", '{"' + "a" * 1_000_000, None
    yield "NUL bytes ×1 000 000", "\x00" * 1_000_000, None
    yield "NUL bytes in a table", "| a | b |\n|---|---|\n| \x00 | \x00\x00 |\n", None
    raw = bytes(range(256)) * 4_000
    yield "invalid UTF-8 (surrogateescape)", raw.decode("utf-8", "surrogateescape"), None
    yield "invalid UTF-8 (replace)", raw.decode("utf-8", "replace"), None
    yield "50 000 backticks", "`" * 50_000, None
    yield "50 000 backticks in a cell", "| " + "`" * 50_000 + " |\n|---|\n| x |\n", None
    yield "backtick runs of every length", " ".join("`" * i for i in range(1, 450)), None
    yield "code spans in a pipe row", "| a | b |\n" + "| `x|y` " * 20_000 + "|\n", None
    yield "<think> ×10 000", "<think>" * 10_000, None
    yield "<think></think> ×10 000", "<think>x</think>" * 10_000 + "\n| a |\n|---|\n| 1 |", None
    yield "</think> ×10 000", "</think>" * 10_000, None
    yield "<table> ×10 000", "<table>" * 10_000, None
    yield "<td> ×100 000", "<table><tr>" + "<td>x" * 100_000, None
    yield "colspan=999999999", "<table><tr><td colspan=999999999>x</td></tr></table>", None
    yield (
        "rowspan=999999999",
        "<table><tr><td rowspan=999999999>x</td></tr>"
        + ("<tr><td>y</td></tr>" * 5_000)
        + "</table>",
        None,
    )
    yield "'<' ×1 000 000", "<" * 1_000_000, None
    yield "unfinished tags <a ×100 000 in a table", "<table><tr><td>" + "<a" * 100_000, None
    yield "unfinished end tags </ ×100 000", "<table><tr><td>" + "</" * 100_000, None
    yield "unfinished <? ×100 000", "<table><tr><td>" + "<?" * 100_000, None
    yield "<b> ×100 000 in a cell", "<table><tr><td>" + "<b>" * 100_000, None
    yield "100 000 attributes", "<table><tr><td " + "a=1 " * 100_000 + ">x", None
    yield "unclosed comment", "<table><tr><td><!--" + "a" * 1_000_000, None
    yield "50 000 tables", "<table><tr><td>x</td></tr></table>" * 50_000, None
    yield "\\begin{tabular} ×10 000", "\\begin{tabular}{ll}" * 10_000, None
    deep = "\\begin{tabular}{l}\n" + "{" * 50_000 + "\n\\end{tabular}"
    yield "deep braces in a tabular", deep, None
    yield "#### ×100 000 lines", "####\n" * 100_000, None
    yield "``` ×100 000 lines", "```\n" * 100_000, None
    yield "200 000 pipe rows", "| a | b |\n|---|---|\n" + "| 1 | 2 |\n" * 200_000, None
    yield "emphasis storm in a cell", "| " + "*a" * 50_000 + " |\n|---|\n| x |\n", None
    yield "bracket storm in a cell", "| " + "[" * 50_000 + " |\n|---|\n| x |\n", None
    yield "spaces then a pipe", " " * 1_000_000 + "|", None
    yield "separator-like lines", "|-|\n" * 200_000, None
    yield "CSV-like 1 000 000 commas", "," * 1_000_000 + "\n" + "," * 1_000_000, None
    import hostile_records as hr

    yield (
        "1.5 MB Markdown row of \\ and \\| (issue 14)",
        hr.escaped_pipes_row(1_500_000),
        None,
    )
    yield (
        "400 KB digit-and-comma cell",
        hr.RESPONSE.replace("1,234", hr.comma_number(400_000)),
        None,
    )


def _describe(result: Any) -> str:
    if isinstance(result, ParsedTable):
        rows, columns = result.shape
        return f"table {rows}x{columns} {result.format}"
    return f"error: {str(result)[:70]}"


def _time(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[float, Any]:
    # CPU time of this thread: on a shared machine the wall time also counts other processes
    start = time.thread_time()
    result = fn(*args, **kwargs)
    return time.thread_time() - start, result


def _peak_mb(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> float:
    tracemalloc.start()
    try:
        fn(*args, **kwargs)
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


def parser_part() -> int:
    """Parser inputs; returns how many miss a target."""
    slow = 0
    print(f"{'input':<45} {'chars':>10} {'response s':>10} {'gold s':>8} {'peak MB':>8}  result")
    print("(CPU seconds; peak MB: tracemalloc peak of Python allocations during the call)")
    for name, text, config in hostile_inputs():
        seconds, result = _time(parse_response, text, config=config)
        gold_seconds, _ = _time(parse_gold, text, config)
        peak = max(
            _peak_mb(parse_response, text, config=config), _peak_mb(parse_gold, text, config)
        )
        flag = "" if max(seconds, gold_seconds) < TARGET_SECONDS else "  <-- SLOW"
        flag += "" if peak < TARGET_PEAK_MB else "  <-- MEMORY"
        slow += bool(flag)
        print(
            f"{name:<45} {len(text):>10} {seconds:>10.3f} {gold_seconds:>8.3f} {peak:>8.1f}  "
            f"{_describe(result)}{flag}"
        )
    print(f"\n{slow} parser input(s) over a target")
    return slow


_CHILD = """
import json, resource, sys, time
from tablehallu.cli import app
import tablehallu.scoring.engine, tablehallu.check.runner  # imports before the baseline
def hwm():  # peak RSS of this process image (VmHWM; ru_maxrss would carry the parent's over exec)
    for row in open("/proc/self/status"):
        if row.startswith("VmHWM:"):
            return int(row.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
base = hwm()
wall, cpu = time.perf_counter(), time.process_time()
try:
    code = app(sys.argv[1:], standalone_mode=False) or 0
except SystemExit as exc:
    code = exc.code
except Exception as exc:
    code = f"{type(exc).__name__}: {exc}"
print(json.dumps({"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
    "peak_mb": hwm(), "base_mb": base,
    "code": code}))
"""


def record_part() -> int:
    """Issue-10 records through score and check; returns how many miss a target."""
    import hostile_records as hr

    misses = 0
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(
        f"{'record (between two ordinary ones)':<52} {'command':<6} {'MB':>6} {'wall s':>7} "
        f"{'CPU s':>6} {'peak MB':>8} {'base MB':>8}  exit"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for case in hr.cases():
            path = Path(tmp) / "case.jsonl"
            path.write_text(hr.jsonl_with_neighbours(case.make()), encoding="utf-8")
            size = path.stat().st_size / 1e6
            for command in case.commands:
                args = [command, str(path), "--matcher", "lexical"]
                if command == "score":
                    args += ["--bootstrap", "0", "-q"]
                env = {**os.environ, "HF_HUB_OFFLINE": "1"}
                proc = subprocess.run(
                    [sys.executable, "-c", _CHILD, *args],
                    capture_output=True,
                    text=True,
                    env=env,
                    check=False,
                )
                try:
                    m = json.loads(proc.stdout.strip().splitlines()[-1])
                except (IndexError, json.JSONDecodeError):
                    print(f"{case.name:<52} {command:<6} failed: {proc.stderr[-300:]}")
                    misses += 1
                    continue
                # CPU time: on a shared machine the wall time also counts other processes
                flag = "" if m["cpu"] < TARGET_SECONDS else "  <-- SLOW"
                flag += "" if m["peak_mb"] < TARGET_PEAK_MB else "  <-- MEMORY"
                misses += bool(flag)
                print(
                    f"{case.name:<52} {command:<6} {size:>6.1f} {m['wall']:>7.2f} {m['cpu']:>6.2f} "
                    f"{m['peak_mb']:>8.0f} {m['base_mb']:>8.0f}  {m['code']}{flag}"
                )
    print(f"\n{misses} record run(s) over a target")
    return misses


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--parsers", action="store_true", help="only the parser inputs")
    ap.add_argument("--records", action="store_true", help="only the score/check records")
    args = ap.parse_args()
    both = not (args.parsers or args.records)
    slow = 0
    if args.records or both:
        slow += record_part()
    if not (args.parsers or both):
        return 1 if slow else 0
    print()
    slow += parser_part()

    # Informational: markdown-it's inline parsing is linear but costs several microseconds per
    # character of markup-dense text, so the worst case grows with max_bytes.
    print("\nscaling of a markup-dense cell ('![' repeated), not part of the target:")
    for n in (50_000, 100_000, 200_000, 400_000):
        text = "| " + "![" * (n // 2) + " |\n|---|\n| x |\n"
        seconds, _ = _time(parse_response, text)
        print(f"  {n:>8} chars  {seconds:6.3f} s  ({seconds / n * 1e6:.1f} us/char)")
    return 1 if slow else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Time the response parser on hostile inputs (target: under 1 s each).

Run: ``.venv/bin/python benchmarks/hostile.py`` — prints one row per input: size, seconds for
parse_response (and parse_gold), and what came back (a table's shape or the error reason).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tablehallu.config import Config
from tablehallu.parsers import parse_gold, parse_response
from tablehallu.parsers.table import ParsedTable

TARGET_SECONDS = 1.0


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


def _describe(result: Any) -> str:
    if isinstance(result, ParsedTable):
        rows, columns = result.shape
        return f"table {rows}x{columns} {result.format}"
    return f"error: {str(result)[:70]}"


def _time(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    return time.perf_counter() - start, result


def main() -> int:
    slow = 0
    print(f"{'input':<45} {'chars':>10} {'response s':>10} {'gold s':>8}  result")
    for name, text, config in hostile_inputs():
        seconds, result = _time(parse_response, text, config=config)
        gold_seconds, _ = _time(parse_gold, text, config)
        flag = "" if max(seconds, gold_seconds) < TARGET_SECONDS else "  <-- SLOW"
        slow += bool(flag)
        print(
            f"{name:<45} {len(text):>10} {seconds:>10.3f} {gold_seconds:>8.3f}  "
            f"{_describe(result)}{flag}"
        )
    print(f"\n{slow} input(s) over the {TARGET_SECONDS:.0f} s target")

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

"""Hostile records for ``score`` and ``check`` (issue 10), shared by benchmarks/hostile.py, the fuzz
seeds (benchmarks/fuzz/) and the tests' inputs of the same shape.

Each case is one JSONL line; :func:`jsonl_with_neighbours` puts it between two ordinary records so
that a run can show the others are still scored.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass

#: An ordinary record: a small gold table, a response with the same rows, a short context.
GOLD = {
    "table": {
        "Teams": [
            {"Team": "Hawks", "Points": 95, "Fans": "1,234"},
            {"Team": "Magic", "Points": 88, "Fans": "2,500"},
        ]
    }
}
RESPONSE = (
    "| Team | Points | Fans |\n|---|---|---|\n| Hawks | 95 | 1,234 |\n| Magic | 88 | 2,500 |\n"
)
CONTEXT = (
    "The Hawks beat the Magic, 95 - 88, on Friday. The Hawks drew 1,234 fans; the Magic 2,500."
)


def ordinary(rid: str, **fields: object) -> dict[str, object]:
    """An ordinary record with ``fields`` replaced."""
    record: dict[str, object] = {
        "id": rid,
        "response": RESPONSE,
        "gt_table": GOLD,
        "context": CONTEXT,
        "constraints": {"sort_column": "Points", "sort_order": "descending"},
    }
    record.update(fields)
    return record


def line(record: dict[str, object]) -> str:
    """One JSONL line (no newline)."""
    return json.dumps(record, ensure_ascii=False)


def long_integer_line(digits: int = 5_000) -> str:
    """A record whose gold table holds an integer literal of ``digits`` digits (over Python's
    4 300-digit conversion limit)."""
    marker = '"Points": 95'
    text = line(ordinary("long-integer"))
    return text.replace(marker, '"Points": ' + "9" * digits, 1)


def comma_number(chars: int) -> str:
    """A digit-and-comma number of about ``chars`` characters whose last group has four digits:
    every comma group matches until the end, where the whole reading fails."""
    return "1" + ",234" * (chars // 4) + "5"


def comma_cell_line(chars: int) -> str:
    """A response whose cell is a ``chars``-character digit-and-comma number."""
    cell = comma_number(chars)
    response = RESPONSE.replace("| 1,234 |", f"| {cell} |")
    return line(ordinary(f"comma-cell-{chars}", response=response))


def comma_context_line(chars: int) -> str:
    """The same number in the context (and the gold table) for ``check``."""
    return line(ordinary(f"comma-context-{chars}", context=CONTEXT + " " + comma_number(chars)))


def dots_line(dots: int) -> str:
    """A context with a run of ``dots`` full stops (a dot leader)."""
    context = "Contents" + "." * dots + " 5. " + CONTEXT
    return line(ordinary(f"dots-{dots}", context=context))


def big_context_line(chars: int) -> str:
    """A context of about ``chars`` characters (the ordinary context repeated), and a response
    with an invented row so that the scorer has to look the row up in the context."""
    context = (CONTEXT + " ") * max(1, chars // (len(CONTEXT) + 1))
    response = RESPONSE + "| Bulls | 77 | 3,100 |\n"
    return line(ordinary(f"context-{chars}", context=context, response=response))


def escaped_pipes_row(chars: int) -> str:
    """A Markdown table whose row is ``chars`` characters of escaped pipes and backslashes
    (``\\|\\\\`` repeated: one cell, under the default ``max_bytes`` for 1.5 MB)."""
    return "| a | b |\n|---|---|\n| " + "\\|\\\\" * (chars // 4) + " | x |\n"


def escaped_pipes_line(chars: int) -> str:
    """A response holding :func:`escaped_pipes_row`."""
    return line(ordinary(f"escaped-pipes-{chars}", response=escaped_pipes_row(chars)))


@dataclass(frozen=True)
class Case:
    """A hostile record, what it tests, and which commands get it."""

    name: str
    make: Callable[[], str]
    commands: tuple[str, ...] = ("score", "check")


def cases() -> Iterator[Case]:
    """Every hostile record of issue 10 at full size."""
    yield Case("integer literal of 5 000 digits", lambda: long_integer_line(5_000))
    yield Case("integer literal of 100 000 digits", lambda: long_integer_line(100_000))
    yield Case("40 KB digit-and-comma cell", lambda: comma_cell_line(40_000), ("score",))
    yield Case("400 KB digit-and-comma cell", lambda: comma_cell_line(400_000), ("score",))
    yield Case("400 KB digit-and-comma number in the context", lambda: comma_context_line(400_000))
    yield Case("20 000 dots in the context", lambda: dots_line(20_000))
    yield Case("100 000 dots in the context", lambda: dots_line(100_000))
    yield Case("50 MB context", lambda: big_context_line(50_000_000))
    yield Case(
        "1.5 MB Markdown row of backslashes and escaped pipes",
        lambda: escaped_pipes_line(1_500_000),
        ("score",),
    )


def jsonl_with_neighbours(hostile: str) -> str:
    """``hostile`` between two ordinary records (ids ``before`` and ``after``)."""
    return "\n".join([line(ordinary("before")), hostile, line(ordinary("after"))]) + "\n"

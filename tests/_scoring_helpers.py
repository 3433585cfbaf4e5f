"""Small records with known verdicts, shared by the scoring tests (lexical matcher)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from tablehallu import Config

LEXICAL = Config(matcher="lexical")

HEADERS = ("Country", "Capital", "Population (millions)")
GOLD_ROWS = (("France", "Paris", "68"), ("Spain", "Madrid", "48"), ("Italy", "Rome", "59"))
CONTEXT = (
    "France, whose capital is Paris, has 68 million inhabitants. Spain is governed from Madrid "
    "and has 48 million people. Italy's capital is Rome; 59 million people live there."
)


def md(rows: Sequence[Sequence[str]], headers: Sequence[str] = HEADERS) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


GOLD_MD = md(GOLD_ROWS)

#: Responses and the exact set of hallucination types the detector finds in them.
RESPONSES: dict[str, tuple[str, frozenset[str]]] = {
    "clean": (md(GOLD_ROWS), frozenset()),
    "distorted": (
        md([GOLD_ROWS[0], ("Spain", "Barcelona", "48"), GOLD_ROWS[2]]),
        frozenset({"attribute_distortion"}),
    ),
    "format": (
        md(GOLD_ROWS, ("Country", "Capital City", "Population (millions)")),
        frozenset({"format_error"}),
    ),
    "fabricated": (
        md([*GOLD_ROWS, ("Atlantis", "Poseidonia", "1")]),
        frozenset({"entity_fabrication"}),
    ),
}


def record(kind: str, rid: Any = None, **extra: Any) -> dict[str, Any]:
    """A self-contained record whose response is ``RESPONSES[kind]``."""
    rec: dict[str, Any] = {} if rid is None else {"id": rid}
    rec.update({"response": RESPONSES[kind][0], "gt_table": GOLD_MD, "context": CONTEXT})
    rec.update(extra)
    return rec


def write_jsonl(path: Path, records: Iterable[Any]) -> Path:
    """Write records (dicts are dumped, strings written as they are) one per line."""
    with open(path, "w", encoding="utf-8") as f:
        for r in records:
            f.write((r if isinstance(r, str) else json.dumps(r)) + "\n")
    return path

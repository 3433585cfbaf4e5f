"""Pick the tables of the fourth label batch (``batch4.labels.jsonl``) with a fixed seed.

This batch leans to tables with more claims, where errors are likelier: 10 ``rotowire-llama``
and 10 ``rotowire-gemini`` tables drawn at random among those whose response has at least 25
non-empty body cells (key column excluded: the cells that get a label; placeholders such as
"Unspecified" count as empty), and 10 ``wikibio-gemini`` tables drawn at random among those whose
response has at least 12 body rows. Only the response is counted, never the gold table. Ids already
in a label file (``shared/real/labels/`` or this folder) are never drawn. Prints the ids only: the
labeller reads each record's ``context`` and ``response``, never its gold table.

Usage: ``python benchmarks/data/real_labels/select_batch4.py [--shared ../shared]``
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _selection import Record, draw, labelled_ids, run

SEED = 9004
EMPTY = {
    "",
    "-",
    "--",
    "n/a",
    "na",
    "none",
    "unspecified",
    "unknown",
    "not specified",
    "not mentioned",
}
# (source file, how many, minimum body rows, minimum non-empty labelled cells)
DRAWS = (
    ("rotowire-llama.jsonl", 10, 0, 25),
    ("rotowire-gemini.jsonl", 10, 0, 25),
    ("wikibio-gemini.jsonl", 10, 12, 0),
)


def body(response: str) -> list[list[str]]:
    """Cells of the body rows of a Markdown table (lines with a pipe, less the header and rule)."""
    lines = [ln.strip() for ln in response.splitlines() if ln.strip().startswith("|")]
    rows = []
    for line in lines[2:]:
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def filled_cells(response: str) -> int:
    """Non-empty body cells outside the key (first) column."""
    return sum(1 for row in body(response) for cell in row[1:] if cell.lower() not in EMPTY)


def select(shared: Path) -> list[tuple[str, str]]:
    """(source file, id) of the drawn tables, in draw order."""
    return select_sized(shared, SEED, 4, DRAWS)


def select_sized(
    shared: Path, seed: int, batch: int, draws: tuple[tuple[str, int, int, int], ...]
) -> list[tuple[str, str]]:
    """(source file, id) of tables drawn with ``seed`` for label batch ``batch``: per (source
    file, how many, minimum body rows, minimum non-empty cells) of ``draws``, in draw order."""
    rng = random.Random(seed)
    taken = labelled_ids(shared, batch)
    picked: list[tuple[str, str]] = []
    for name, count, min_rows, min_cells in draws:

        def keep(rec: Record, rows: int = min_rows, cells: int = min_cells) -> bool:
            return len(body(rec["response"])) >= rows and filled_cells(rec["response"]) >= cells

        picked += draw(rng, shared, name, count, taken, keep)
    return picked


if __name__ == "__main__":
    run(__doc__, select)

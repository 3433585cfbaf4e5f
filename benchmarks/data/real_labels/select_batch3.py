"""Pick the tables of the third label batch (``batch3.labels.jsonl``) with a fixed seed.

20 ``wikibio-gemini`` tables drawn at random among those whose response has at least 10 body rows,
8 ``rotowire-gemini`` and 8 ``rotowire-llama`` tables drawn at random; ids already in a label file
(``shared/real/labels/`` or this folder) are never drawn. Prints the ids only: the labeller reads
each record's ``context`` and ``response``, never its gold table.

Usage: ``python benchmarks/data/real_labels/select_batch3.py [--shared ../shared]``
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _selection import Record, draw, labelled_ids, run

SEED = 9003
DRAWS = (
    ("wikibio-gemini.jsonl", 20, 10),
    ("rotowire-gemini.jsonl", 8, 0),
    ("rotowire-llama.jsonl", 8, 0),
)


def body_rows(response: str) -> int:
    """Body rows of a Markdown table (lines with a pipe, less the header and the rule)."""
    lines = [ln for ln in response.splitlines() if ln.strip().startswith("|")]
    return max(len(lines) - 2, 0)


def select(shared: Path) -> list[tuple[str, str]]:
    """(source file, id) of the drawn tables, in draw order."""
    rng = random.Random(SEED)
    taken = labelled_ids(shared, 3)
    picked: list[tuple[str, str]] = []
    for name, count, min_rows in DRAWS:

        def keep(rec: Record, rows: int = min_rows) -> bool:
            return body_rows(rec["response"]) >= rows

        picked += draw(rng, shared, name, count, taken, keep)
    return picked


if __name__ == "__main__":
    run(__doc__, select)

"""Pick the tables of the sixth label batch (``batch6.labels.jsonl``) with a fixed seed.

This batch leans to longer responses, where Gemini adds fields and details the text may not give:
14 ``wikibio-gemini`` tables drawn at random among those whose response has at least 10 body rows,
and 10 ``rotowire-gemini`` tables drawn at random among those whose response has at least 25
non-empty body cells (as counted by ``select_batch4``) and at least 8 body rows. Only the response
is counted, never the gold table. Ids already in a label file (``shared/real/labels/`` or this
folder, batches 2 to 5 included) are never drawn. Prints the ids only: the labeller reads each
record's ``context`` and ``response``, never its gold table.

Usage: ``python benchmarks/data/real_labels/select_batch6.py [--shared ../shared]``
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _selection import run
from select_batch4 import select_sized

SEED = 9006
# (source file, how many, minimum body rows, minimum non-empty labelled cells)
DRAWS = (
    ("wikibio-gemini.jsonl", 14, 10, 0),
    ("rotowire-gemini.jsonl", 10, 8, 25),
)


def select(shared: Path) -> list[tuple[str, str]]:
    """(source file, id) of the drawn tables, in draw order."""
    return select_sized(shared, SEED, 6, DRAWS)


if __name__ == "__main__":
    run(__doc__, select)

"""Pick the tables of the thirty-fifth label batch (``batch35.labels.jsonl``) with a fixed seed.

Large Rotowire tables hold the most cells per table: this batch draws 5 ``rotowire-llama`` and
4 ``rotowire-gemini`` tables with at least 9 body rows (as counted by ``select_batch4``). Only the
response is counted, never the gold table. Ids already in a label file (``shared/real/labels/`` or
this folder, batches 2 to 34 included) are never drawn.
Prints the ids only: the labeller reads each record's ``context`` and ``response``, never its gold
table.

Usage: ``python benchmarks/data/real_labels/select_batch35.py [--shared ../shared]``
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _selection import run
from select_batch4 import select_sized

SEED = 9035
# (source file, how many, minimum body rows, minimum non-empty labelled cells)
DRAWS = (("rotowire-llama.jsonl", 5, 9, 0), ("rotowire-gemini.jsonl", 4, 9, 0))


def select(shared: Path) -> list[tuple[str, str]]:
    """(source file, id) of the drawn tables, in draw order."""
    return select_sized(shared, SEED, 35, DRAWS)


if __name__ == "__main__":
    run(__doc__, select)

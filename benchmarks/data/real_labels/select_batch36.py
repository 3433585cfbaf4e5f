"""Pick the tables of the thirty-sixth label batch (``batch36.labels.jsonl``) with a fixed seed.

WikiBio tables of 12 body rows or more hold the most hallucinated cells per table (0.25 in the
labelled set): this batch draws 15 more ``wikibio-gemini`` tables with at least 12 body rows (as
counted by ``select_batch4``). Only the response is counted, never the gold table. Ids already in a
label file (``shared/real/labels/`` or this folder, batches 2 to 35 included) are never drawn.
Prints the ids only: the labeller reads each record's ``context`` and ``response``, never its gold
table.

Usage: ``python benchmarks/data/real_labels/select_batch36.py [--shared ../shared]``
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _selection import run
from select_batch4 import select_sized

SEED = 9036
# (source file, how many, minimum body rows, minimum non-empty labelled cells)
DRAWS = (("wikibio-gemini.jsonl", 15, 12, 0),)


def select(shared: Path) -> list[tuple[str, str]]:
    """(source file, id) of the drawn tables, in draw order."""
    return select_sized(shared, SEED, 36, DRAWS)


if __name__ == "__main__":
    run(__doc__, select)

"""Pick the tables of the twenty-fifth label batch (``batch25.labels.jsonl``) with a fixed seed.

The WikiBio share of the labelled set is smaller than Rotowire's: this batch draws 20
``wikibio-gemini`` tables at random among those whose response has at least 10 body rows (as
counted by ``select_batch4``). Only the response is counted, never the gold table. Ids already in a
label file (``shared/real/labels/`` or this folder, batches 2 to 24 included) are never drawn.
Prints the ids only: the labeller reads each record's ``context`` and ``response``, never its gold
table.

Usage: ``python benchmarks/data/real_labels/select_batch25.py [--shared ../shared]``
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _selection import run
from select_batch4 import select_sized

SEED = 9025
# (source file, how many, minimum body rows, minimum non-empty labelled cells)
DRAWS = (("wikibio-gemini.jsonl", 20, 10, 0),)


def select(shared: Path) -> list[tuple[str, str]]:
    """(source file, id) of the drawn tables, in draw order."""
    return select_sized(shared, SEED, 25, DRAWS)


if __name__ == "__main__":
    run(__doc__, select)

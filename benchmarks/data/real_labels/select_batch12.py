"""Pick the tables of the twelfth label batch (``batch12.labels.jsonl``) with a fixed seed.

Batches 4 and 9 took the longer biographies (12 and 9 body rows or more); this batch reaches the
middle-sized ones too: 20 ``wikibio-gemini`` tables drawn at random among those whose response has
at least 7 body rows (as counted by ``select_batch4``). Only the response is counted, never the
gold table. Ids already in a label file (``shared/real/labels/`` or this folder, batches 2 to 11
included) are never drawn; batch 13 (Rotowire only) is made at the same time and does not change
this draw. Prints the ids only: the labeller reads each record's ``context`` and ``response``,
never its gold table.

Usage: ``python benchmarks/data/real_labels/select_batch12.py [--shared ../shared]``
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _selection import run
from select_batch4 import select_sized

SEED = 9012
# (source file, how many, minimum body rows, minimum non-empty labelled cells)
DRAWS = (("wikibio-gemini.jsonl", 20, 7, 0),)


def select(shared: Path) -> list[tuple[str, str]]:
    """(source file, id) of the drawn tables, in draw order."""
    return select_sized(shared, SEED, 12, DRAWS)


if __name__ == "__main__":
    run(__doc__, select)

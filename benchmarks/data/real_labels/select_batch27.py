"""Pick the tables of the twenty-seventh label batch (``batch27.labels.jsonl``) with a fixed seed.

Drawn in the same session as batch 26 by another labeller: 20 more ``wikibio-gemini`` tables whose
response has at least 10 body rows (as counted by ``select_batch4``), never one of batch 26's draw.
Only the response is counted, never the gold table. Ids already in a label file
(``shared/real/labels/`` or this folder, batches 2 to 26 included) are never drawn. Prints the ids
only: the labeller reads each record's ``context`` and ``response``, never its gold table.

Usage: ``python benchmarks/data/real_labels/select_batch27.py [--shared ../shared]``
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import select_batch26
from _selection import Record, draw, labelled_ids, run
from select_batch4 import body

SEED = 9027
NAME = "wikibio-gemini.jsonl"
COUNT = 20
MIN_ROWS = 10


def select(shared: Path) -> list[tuple[str, str]]:
    """(source file, id) of the drawn tables, in draw order."""
    taken = labelled_ids(shared, 27) | {rid for _, rid in select_batch26.select(shared)}

    def keep(rec: Record) -> bool:
        return len(body(rec["response"])) >= MIN_ROWS

    return draw(random.Random(SEED), shared, NAME, COUNT, taken, keep)


if __name__ == "__main__":
    run(__doc__, select)

"""Pick the tables of the eleventh label batch (``batch11.labels.jsonl``) with a fixed seed.

Batch 8 took only Llama's largest tables; this batch draws Llama tables of any size, so that the
smaller team tables (where Llama writes quarter scores, halves and team totals) are labelled too:
14 ``rotowire-llama`` tables drawn at random among those whose response has at least 12 non-empty
body cells (as counted by ``select_batch4``) and at least 3 body rows. Only the response is
counted, never the gold table. Ids already in a label file (``shared/real/labels/`` or this
folder, batches 2 to 10 included) are never drawn. Prints the ids only: the labeller reads each
record's ``context`` and ``response``, never its gold table.

Usage: ``python benchmarks/data/real_labels/select_batch11.py [--shared ../shared]``
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _selection import run
from select_batch4 import select_sized

SEED = 9011
# (source file, how many, minimum body rows, minimum non-empty labelled cells)
DRAWS = (("rotowire-llama.jsonl", 14, 3, 12),)


def select(shared: Path) -> list[tuple[str, str]]:
    """(source file, id) of the drawn tables, in draw order."""
    return select_sized(shared, SEED, 11, DRAWS)


if __name__ == "__main__":
    run(__doc__, select)

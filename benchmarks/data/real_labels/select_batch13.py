"""Pick the tables of the thirteenth label batch (``batch13.labels.jsonl``) with a fixed seed.

Like batch 11, this batch draws tables of any size (batches 8 and 10 took only the largest), so
that the smaller team tables, where models write quarter scores, halves and team totals, are
labelled too, and it draws from both models: 7 ``rotowire-gemini`` and 7 ``rotowire-llama``
tables, each drawn at random among those whose response has at least 12 non-empty body cells (as
counted by ``select_batch4``) and at least 3 body rows. Only the response is counted, never the
gold table. Ids already in a label file (``shared/real/labels/`` or this folder, batches 2 to 12
included) are never drawn; batch 12 holds WikiBio tables only, so the draw is the same whether or
not its label file is present. Prints the ids only: the labeller reads each record's ``context``
and ``response``, never its gold table.

Usage: ``python benchmarks/data/real_labels/select_batch13.py [--shared ../shared]``
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _selection import run
from select_batch4 import select_sized

SEED = 9013
# (source file, how many, minimum body rows, minimum non-empty labelled cells)
DRAWS = (
    ("rotowire-gemini.jsonl", 7, 3, 12),
    ("rotowire-llama.jsonl", 7, 3, 12),
)


def select(shared: Path) -> list[tuple[str, str]]:
    """(source file, id) of the drawn tables, in draw order."""
    return select_sized(shared, SEED, 13, DRAWS)


if __name__ == "__main__":
    run(__doc__, select)

"""Pick the tables of the tenth label batch (``batch10.labels.jsonl``) with a fixed seed.

Like batch 8 for Llama, this batch looks at Gemini's larger tables, where models fill shooting
splits, minutes and team figures the summary never gives: 16 ``rotowire-gemini`` tables drawn at
random among those whose response has at least 25 non-empty body cells (as counted by
``select_batch4``) and at least 6 body rows. Only the response is counted, never the gold table.
Ids already in a label file (``shared/real/labels/`` or this folder, batches 2 to 9 included) are
never drawn; batch 9 holds WikiBio tables only, so the draw is the same whether or not its label
file is present. Prints the ids only: the labeller reads each record's ``context`` and
``response``, never its gold table.

Usage: ``python benchmarks/data/real_labels/select_batch10.py [--shared ../shared]``
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _selection import run
from select_batch4 import select_sized

SEED = 9010
# (source file, how many, minimum body rows, minimum non-empty labelled cells)
DRAWS = (("rotowire-gemini.jsonl", 16, 6, 25),)


def select(shared: Path) -> list[tuple[str, str]]:
    """(source file, id) of the drawn tables, in draw order."""
    return select_sized(shared, SEED, 10, DRAWS)


if __name__ == "__main__":
    run(__doc__, select)

"""Pick the tables of the twenty-fourth label batch (``batch24.labels.jsonl``) with a fixed seed.

Like batch 20, this batch draws tables of any kind (player or team tables) from both models: 8
``rotowire-llama`` and 8 ``rotowire-gemini`` tables, each drawn at random among those whose
response has at least 10 non-empty body cells (as counted by ``select_batch4``) and at least 2 body
rows. Only the response is counted, never the gold table. Ids already in a label file
(``shared/real/labels/`` or this folder, batches 2 to 23 included; batch 23 is WikiBio, so it
cannot clash) are never drawn. Prints the ids only: the labeller reads each record's ``context``
and ``response``, never its gold table.

Usage: ``python benchmarks/data/real_labels/select_batch24.py [--shared ../shared]``
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _selection import run
from select_batch4 import select_sized

SEED = 9024
# (source file, how many, minimum body rows, minimum non-empty labelled cells)
DRAWS = (
    ("rotowire-llama.jsonl", 8, 2, 10),
    ("rotowire-gemini.jsonl", 8, 2, 10),
)


def select(shared: Path) -> list[tuple[str, str]]:
    """(source file, id) of the drawn tables, in draw order."""
    return select_sized(shared, SEED, 24, DRAWS)


if __name__ == "__main__":
    run(__doc__, select)

"""Pick the tables of the fifth label batch (``batch5.labels.jsonl``) with a fixed seed.

This batch aims at cells where models invent values: 16 ``wikibio-gemini`` tables drawn at random
among those whose response has at least 8 body rows and at least one field name outside the usual
infobox fields (``UNUSUAL_FREE``), and 8 ``rotowire-llama`` tables drawn at random among those whose
response has at least 20 non-empty body cells (as counted by ``select_batch4``). Only the response
is counted, never the gold table. Ids already in a label file (``shared/real/labels/`` or this
folder, batch 3 and 4 included) are never drawn. Prints the ids only: the labeller reads each
record's ``context`` and ``response``, never its gold table.

Usage: ``python benchmarks/data/real_labels/select_batch5.py [--shared ../shared]``
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _selection import draw, labelled_ids, run
from select_batch4 import body, filled_cells

SEED = 9005
# Field names every biography infobox has; a table with only these is not drawn.
USUAL_FIELDS = {
    "name",
    "birth date",
    "birth place",
    "death date",
    "death place",
    "nationality",
    "occupation",
}
WIKIBIO = ("wikibio-gemini.jsonl", 16)
ROTOWIRE = ("rotowire-llama.jsonl", 8, 20)


def field_name(cell: str) -> str:
    """A field name in a comparable form: lower case, ``_`` as a space, no emphasis marks."""
    return " ".join(cell.replace("_", " ").replace("*", "").lower().split())


def has_unusual_field(response: str) -> bool:
    """Whether some body row's field (first cell) is not one of ``USUAL_FIELDS``."""
    return any(row and field_name(row[0]) not in USUAL_FIELDS for row in body(response))


def select(shared: Path) -> list[tuple[str, str]]:
    """(source file, id) of the drawn tables, in draw order."""
    rng = random.Random(SEED)
    taken = labelled_ids(shared, 5)
    name, count = WIKIBIO
    picked = draw(
        rng,
        shared,
        name,
        count,
        taken,
        lambda r: len(body(r["response"])) >= 8 and has_unusual_field(r["response"]),
    )
    name, count, min_cells = ROTOWIRE
    picked += draw(
        rng, shared, name, count, taken, lambda r: filled_cells(r["response"]) >= min_cells
    )
    return picked


if __name__ == "__main__":
    run(__doc__, select)

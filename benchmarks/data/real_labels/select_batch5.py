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

import argparse
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from select_batch4 import body, filled_cells  # noqa: E402

SEED = 9005
OUT = "batch5.labels.jsonl"
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


def labelled_ids(shared: Path) -> set[str]:
    """Ids present in any existing label file (this batch's own file excepted)."""
    ids: set[str] = set()
    for folder in (shared / "real" / "labels", HERE):
        for path in sorted(folder.glob("*.labels.jsonl")):
            if path.name == OUT:
                continue
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    ids.add(json.loads(line)["id"])
    return ids


def records(path: Path) -> list[dict[str, str]]:
    """The records of a JSON-lines file."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def select(shared: Path) -> list[tuple[str, str]]:
    """(source file, id) of the drawn tables, in draw order."""
    rng = random.Random(SEED)
    taken = labelled_ids(shared)
    picked: list[tuple[str, str]] = []
    name, count = WIKIBIO
    pool = [
        rec["id"]
        for rec in records(shared / "real" / name)
        if rec["id"] not in taken
        and len(body(rec["response"])) >= 8
        and has_unusual_field(rec["response"])
    ]
    picked.extend((name, rid) for rid in rng.sample(sorted(pool), count))
    name, count, min_cells = ROTOWIRE
    pool = [
        rec["id"]
        for rec in records(shared / "real" / name)
        if rec["id"] not in taken and filled_cells(rec["response"]) >= min_cells
    ]
    picked.extend((name, rid) for rid in rng.sample(sorted(pool), count))
    return picked


def main() -> None:
    """Print the drawn ids."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=HERE.parents[2].parent / "shared")
    args = parser.parse_args()
    for name, rid in select(args.shared):
        print(name, rid)


if __name__ == "__main__":
    main()

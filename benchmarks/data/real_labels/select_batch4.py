"""Pick the tables of the fourth label batch (``batch4.labels.jsonl``) with a fixed seed.

This batch leans to tables with more claims, where errors are likelier: 10 ``rotowire-llama``
and 10 ``rotowire-gemini`` tables drawn at random among those whose response has at least 25
non-empty body cells (key column excluded: the cells that get a label; placeholders such as
"Unspecified" count as empty), and 10 ``wikibio-gemini`` tables drawn at random among those whose
response has at least 12 body rows. Only the response is counted, never the gold table. Ids already
in a label file (``shared/real/labels/`` or this folder) are never drawn. Prints the ids only: the
labeller reads each record's ``context`` and ``response``, never its gold table.

Usage: ``python benchmarks/data/real_labels/select_batch4.py [--shared ../shared]``
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEED = 9004
OUT = "batch4.labels.jsonl"
EMPTY = {
    "",
    "-",
    "--",
    "n/a",
    "na",
    "none",
    "unspecified",
    "unknown",
    "not specified",
    "not mentioned",
}
# (source file, how many, minimum body rows, minimum non-empty labelled cells)
DRAWS = (
    ("rotowire-llama.jsonl", 10, 0, 25),
    ("rotowire-gemini.jsonl", 10, 0, 25),
    ("wikibio-gemini.jsonl", 10, 12, 0),
)


def body(response: str) -> list[list[str]]:
    """Cells of the body rows of a Markdown table (lines with a pipe, less the header and rule)."""
    lines = [ln.strip() for ln in response.splitlines() if ln.strip().startswith("|")]
    rows = []
    for line in lines[2:]:
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def filled_cells(response: str) -> int:
    """Non-empty body cells outside the key (first) column."""
    return sum(1 for row in body(response) for cell in row[1:] if cell.lower() not in EMPTY)


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


def select(shared: Path) -> list[tuple[str, str]]:
    """(source file, id) of the drawn tables, in draw order."""
    rng = random.Random(SEED)
    taken = labelled_ids(shared)
    picked: list[tuple[str, str]] = []
    for name, count, min_rows, min_cells in DRAWS:
        pool: list[str] = []
        for line in (shared / "real" / name).read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            response = rec["response"]
            if (
                rec["id"] not in taken
                and len(body(response)) >= min_rows
                and filled_cells(response) >= min_cells
            ):
                pool.append(rec["id"])
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

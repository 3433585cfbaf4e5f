"""Pick the tables of the fourteenth label batch (``batch14.labels.jsonl``) with a fixed seed.

Team tables are where models write quarter scores, halves and team totals, and earlier batches drew
few of them: this batch draws TEAM tables only, 6 ``rotowire-gemini`` and 6 ``rotowire-llama``
tables, each at random among those whose response is a team table (the first column's header is
"Team", or the first body cell of every row is an NBA team's nickname, city or full name from the
``nba_api`` package's static list), has at least 8 non-empty body cells (as counted by
``select_batch4``) and at least 2 body rows. Only the response is read, never the gold table. Ids
already in a label file (``shared/real/labels/`` or this folder, batches 2 to 13 included) are never
drawn. Prints the ids only: the labeller reads each record's ``context`` and ``response``, never its
gold table.

Usage: ``python benchmarks/data/real_labels/select_batch14.py [--shared ../shared]``
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _selection import Record, draw, labelled_ids, run
from nba_api.stats.library.data import teams
from select_batch4 import body, filled_cells

SEED = 9014
BATCH = 14
# (source file, how many, minimum body rows, minimum non-empty labelled cells)
DRAWS = (
    ("rotowire-gemini.jsonl", 6, 2, 8),
    ("rotowire-llama.jsonl", 6, 2, 8),
)
# nba_api's static team rows: [id, abbreviation, nickname, year founded, city, full name, ...]
TEAM_NAMES = {name.lower() for row in teams for name in (row[2], row[4], row[5])}


def header(response: str) -> list[str]:
    """Cells of the header row of a Markdown table."""
    for line in response.splitlines():
        if line.strip().startswith("|"):
            return [cell.strip() for cell in line.strip().strip("|").split("|")]
    return []


def is_team_table(response: str) -> bool:
    """Whether the response's first column holds teams, not players."""
    head = header(response)
    if head and head[0].strip("* ").lower() == "team":
        return True
    rows = body(response)
    return bool(rows) and all(row[0].strip("* ").lower() in TEAM_NAMES for row in rows)


def select(shared: Path) -> list[tuple[str, str]]:
    """(source file, id) of the drawn tables, in draw order."""
    rng = random.Random(SEED)
    taken = labelled_ids(shared, BATCH)
    picked: list[tuple[str, str]] = []
    for name, count, min_rows, min_cells in DRAWS:

        def keep(rec: Record, rows: int = min_rows, cells: int = min_cells) -> bool:
            response = rec["response"]
            return (
                is_team_table(response)
                and len(body(response)) >= rows
                and filled_cells(response) >= cells
            )

        picked += draw(rng, shared, name, count, taken, keep)
    return picked


if __name__ == "__main__":
    run(__doc__, select)

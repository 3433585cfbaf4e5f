"""Pick the tables of the third label batch (``batch3.labels.jsonl``) with a fixed seed.

20 ``wikibio-gemini`` tables drawn at random among those whose response has at least 10 body rows,
8 ``rotowire-gemini`` and 8 ``rotowire-llama`` tables drawn at random; ids already in a label file
(``shared/real/labels/`` or this folder) are never drawn. Prints the ids only: the labeller reads
each record's ``context`` and ``response``, never its gold table.

Usage: ``python benchmarks/data/real_labels/select_batch3.py [--shared ../shared]``
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEED = 9003
DRAWS = (
    ("wikibio-gemini.jsonl", 20, 10),
    ("rotowire-gemini.jsonl", 8, 0),
    ("rotowire-llama.jsonl", 8, 0),
)


def body_rows(response: str) -> int:
    """Body rows of a Markdown table (lines with a pipe, less the header and the rule)."""
    lines = [ln for ln in response.splitlines() if ln.strip().startswith("|")]
    return max(len(lines) - 2, 0)


def labelled_ids(shared: Path) -> set[str]:
    """Ids present in any existing label file."""
    ids: set[str] = set()
    for folder in (shared / "real" / "labels", HERE):
        for path in sorted(folder.glob("*.labels.jsonl")):
            if path.name == "batch3.labels.jsonl":
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
    for name, count, min_rows in DRAWS:
        pool: list[str] = []
        for line in (shared / "real" / name).read_text(encoding="utf-8").splitlines():
            rec = json.loads(line)
            if rec["id"] not in taken and body_rows(rec["response"]) >= min_rows:
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

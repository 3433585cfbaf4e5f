"""What the label-batch selection scripts share: the ids already labelled before a batch, a seeded
draw among a file's records, and the command line.

A batch's draw depends only on the label files of earlier batches (``shared/real/labels/`` and
``batchN.labels.jsonl`` here with a smaller N), so re-running a script later, when more batches
exist, prints the same ids.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
_BATCH_RE = re.compile(r"batch(\d+)\.labels\.jsonl")

Record = dict[str, Any]


def labelled_ids(shared: Path, batch: int) -> set[str]:
    """Ids in the label files made before batch ``batch``."""
    ids: set[str] = set()
    for folder in (shared / "real" / "labels", HERE):
        for path in sorted(folder.glob("*.labels.jsonl")):
            m = _BATCH_RE.fullmatch(path.name)
            if folder == HERE and m is not None and int(m.group(1)) >= batch:
                continue
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    ids.add(json.loads(line)["id"])
    return ids


def records(path: Path) -> list[Record]:
    """The records of a JSON-lines file."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def draw(
    rng: random.Random,
    shared: Path,
    name: str,
    count: int,
    taken: set[str],
    keep: Callable[[Record], bool],
) -> list[tuple[str, str]]:
    """``count`` (source file, id) pairs drawn from ``name``'s records that ``keep`` accepts and
    no earlier batch labelled."""
    pool = sorted(
        rec["id"] for rec in records(shared / "real" / name) if rec["id"] not in taken and keep(rec)
    )
    return [(name, rid) for rid in rng.sample(pool, count)]


def run(doc: str, select: Callable[[Path], list[tuple[str, str]]]) -> None:
    """The command line of a selection script: print the drawn ids."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=HERE.parents[2].parent / "shared")
    args = parser.parse_args()
    for name, rid in select(args.shared):
        print(name, rid)

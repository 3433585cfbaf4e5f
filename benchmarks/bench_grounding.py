"""The cost of judging by the text: lexical scoring of the ``make_run.py`` run with
``adjudicate = "gold"`` and ``"context"``, in-process, CPU time (best of ``--repeat``).

Usage: ``python benchmarks/make_run.py && python benchmarks/bench_grounding.py [--repeat 3]``.
Figures and their reading: ``benchmarks/README.md`` ("The cost of judging by the text").
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import tablehallu  # noqa: E402
from tablehallu import Config  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--run", type=Path, default=ROOT / "benchmarks" / "out" / "run.jsonl")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args(argv)
    if not args.run.exists():
        print(f"no {args.run}: run benchmarks/make_run.py first", file=sys.stderr)
        return 2
    records = [json.loads(line) for line in args.run.read_text(encoding="utf-8").splitlines()]
    tablehallu.score(records[:20], config=Config(matcher="lexical"))  # imports and caches warm
    print("| adjudicate | CPU s | samples per CPU-second |\n| --- | ---: | ---: |")
    for judge in ("gold", "context"):
        config = Config(matcher="lexical", adjudicate=judge)
        best = float("inf")
        for _ in range(args.repeat):
            t0 = time.process_time()
            tablehallu.score(records, config=config)
            best = min(best, time.process_time() - t0)
        print(f"| {judge} | {best:.2f} | {len(records) / best:.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

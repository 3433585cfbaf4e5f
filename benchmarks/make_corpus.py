"""Write the labelled corpus (the same as ``tablehallu synth``, with the repository's defaults).

Usage::

    python benchmarks/make_corpus.py                      # -> benchmarks/out/corpus-seed0.jsonl
    python benchmarks/make_corpus.py --seed 3 --per-record 20 --out corpus.jsonl

Reads ``benchmarks/data/gold_records_*.jsonl`` (or the files given with ``--gold``) and writes one
JSONL sample per line in ``tablehallu score``'s input shape with ``labels`` and ``variant``; prints
the corpus summary and its sha256 (the same seed and gold give the same bytes). See
:mod:`tablehallu.synth` for what is varied and injected.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tablehallu.config import Config
from tablehallu.synth import SynthError, corpus_summary, read_gold_records, synthesize, write_corpus

HERE = Path(__file__).resolve().parent
DEFAULT_GOLD = sorted((HERE / "data").glob("gold_records_*.jsonl"))


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit status (2: bad gold files)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=0, help="corpus seed (default 0)")
    ap.add_argument("--per-record", type=int, default=None, help="samples per gold record")
    ap.add_argument("--gold", nargs="+", type=Path, default=DEFAULT_GOLD, help="gold record files")
    ap.add_argument(
        "--out", type=Path, default=None, help="default: benchmarks/out/corpus-seedN.jsonl"
    )
    args = ap.parse_args(argv)
    out = args.out or HERE / "out" / f"corpus-seed{args.seed}.jsonl"
    try:
        records = read_gold_records(args.gold)
        samples = synthesize(records, seed=args.seed, per_record=args.per_record, config=Config())
    except SynthError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    out.parent.mkdir(parents=True, exist_ok=True)
    summary = corpus_summary(samples)
    summary["sha256"] = write_corpus(samples, out)
    summary["out"] = str(out)
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Build a 2 000-sample ``tablehallu synth`` run that mixes every format and error kind, and
bigger runs made by repetition (distinct ids) for the memory measurements.

Usage::

    python benchmarks/make_synth_run.py                    # benchmarks/out/synth_run.jsonl
    python benchmarks/make_synth_run.py --repeat-to 200000 --src benchmarks/out/run.jsonl \\
        --out benchmarks/out/run_200k.jsonl                # run.jsonl repeated to 200 000 lines

The synth run is ``tablehallu synth benchmarks/data/gold_records_*.jsonl --seed 0`` (156 gold
records x 14 samples: Markdown, JSON, LaTeX, HTML, CSV, TSV; <think> blocks, prose, fences;
clean variants and every injected error kind), shuffled with a fixed seed and cut to 2 000.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "out" / "synth_run.jsonl"


def synth_run(out: Path, samples: int, seed: int) -> None:
    """Write ``samples`` shuffled samples of the synth corpus of the bundled gold records."""
    gold = sorted(str(p) for p in (HERE / "data").glob("gold_records_*.jsonl"))
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus.jsonl"
        cmd = [sys.executable, "-m", "tablehallu", "synth", *gold, "--out", str(corpus)]
        subprocess.run([*cmd, "--seed", str(seed), "--quiet"], check=True)
        lines = corpus.read_text(encoding="utf-8").splitlines()
    random.Random(seed).shuffle(lines)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines[:samples]) + "\n", encoding="utf-8")
    print(f"wrote {min(samples, len(lines))} samples to {out}")


def repeat_to(src: Path, out: Path, total: int) -> None:
    """``src`` repeated to ``total`` lines, each copy's ids suffixed so that ids stay distinct."""
    lines = src.read_text(encoding="utf-8").splitlines()
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8") as f:
        for i in range(total):
            record = json.loads(lines[i % len(lines)])
            record["id"] = f"{record.get('id', i)}#{i // len(lines)}"
            f.write(json.dumps(record, ensure_ascii=False) + "\n")
    print(f"wrote {total} samples to {out}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--repeat-to", type=int, help="repeat --src to this many records")
    parser.add_argument("--src", type=Path, help="run to repeat (with --repeat-to)")
    args = parser.parse_args()
    if args.repeat_to:
        if args.src is None:
            parser.error("--repeat-to needs --src")
        repeat_to(args.src, args.out, args.repeat_to)
    else:
        synth_run(args.out, args.samples, args.seed)


if __name__ == "__main__":
    main()

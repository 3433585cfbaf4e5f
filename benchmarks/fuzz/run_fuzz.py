"""The long fuzz run: the properties of tests/test_fuzz.py with many more, fresh random examples.

Usage::

    python benchmarks/fuzz/run_fuzz.py                  # 50x the suite's examples, 1 s hang guard
    python benchmarks/fuzz/run_fuzz.py --scale 200 --hang 2 -k detect

Runs pytest on ``tests/test_fuzz.py`` with ``TABLEHALLU_FUZZ_SCALE`` (examples per property x
scale), ``TABLEHALLU_FUZZ_RANDOM=1`` (new random inputs on every run instead of the suite's fixed
ones) and ``TABLEHALLU_FUZZ_HANG`` (seconds an example may take: the project's limit is one second
per sample; the guard counts this process's CPU time, so other load on the machine does not
trip it, and the test module warms up the lazily loaded readers first). Hypothesis prints the
smallest failing input it finds. Exit status: that of pytest (0: no failure).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns pytest's exit status."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scale", type=float, default=50.0, help="examples x this (default 50)")
    ap.add_argument("--hang", type=float, default=1.0, help="seconds per example (default 1)")
    ap.add_argument("-k", default=None, help="only the properties matching this pytest -k filter")
    ap.add_argument("--seed", type=int, default=None, help="hypothesis seed (default: random)")
    args = ap.parse_args(argv)
    os.environ["TABLEHALLU_FUZZ_SCALE"] = str(args.scale)
    os.environ["TABLEHALLU_FUZZ_RANDOM"] = "1"
    os.environ["TABLEHALLU_FUZZ_HANG"] = str(args.hang)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import pytest

    cmd = [str(REPO / "tests" / "test_fuzz.py"), "-q", "-p", "no:cacheprovider"]
    cmd += ["--hypothesis-show-statistics"]
    if args.k:
        cmd += ["-k", args.k]
    if args.seed is not None:
        cmd += [f"--hypothesis-seed={args.seed}"]
    return int(pytest.main(cmd))


if __name__ == "__main__":
    sys.exit(main())

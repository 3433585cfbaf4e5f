"""Time `tablehallu.detect` on a 7x6 table with the lexical matcher (issue #3 target: < 2 ms).

Measures, on one core, the median and 95th percentile of many calls: from raw response text
(parse + detect) and from an already parsed response. Usage::

    python benchmarks/bench_detect.py [--repeat 2000]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time

from tablehallu import Config, __version__, detect
from tablehallu.parsers import parse_gold, parse_response

HEADERS = ["Company", "Country", "Revenue (USD Billion)", "Founded", "CEO", "Status"]
GOLD = [
    ["Kestrel Labs", "Norway", 12.5, 1998, "Ana Ruiz", "Active"],
    ["Orchid Foods", "Chile", 9.1, 2004, None, "Listed"],
    ["Basalt Mining", "Peru", 7.7, 1987, "Tom Okafor", "Active"],
    ["Juniper Health", "Kenya", 5.2, 2011, "Mei Lin", None],
    ["Quasar Media", "Spain", 3.9, 2015, "Raj Patel", "Private"],
    ["Tundra Freight", "Canada", 2.4, 1979, "Lea Meyer", "Merged"],
    ["Lumen Optics", "Japan", 1.1, 2019, "Ken Sato", "Active"],
]


def _md(rows: list[list[object]]) -> str:
    lines = ["| " + " | ".join(HEADERS) + " |", "|" + "---|" * len(HEADERS)]
    lines += ["| " + " | ".join("" if v is None else str(v) for v in r) + " |" for r in rows]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=2000)
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    pred = [list(r) for r in GOLD]
    pred[1][4] = "Luis Mora"  # blank filling
    pred[2][2] = "$7.7 billion"  # same value, other style
    pred[4], pred[5] = pred[5], pred[4]  # order
    pred.append(["Nimbus Cloud", "Ireland", 0.8, 2020, "Ivy Chen", "Active"])  # extra row
    response = "Here is the table.\n\n####\n" + _md(pred)
    gold_text = _md(GOLD)
    context = " ".join(f"{r[0]} is based in {r[1]}." for r in GOLD)
    cfg = Config(matcher="lexical")
    constraints = {"sort_column": HEADERS[2], "sort_order": "descending"}
    parsed, gold = parse_response(response, config=cfg), parse_gold(gold_text, config=cfg)
    results = {}
    for label, resp, gld in (("raw text", response, gold_text), ("pre-parsed", parsed, gold)):
        detect(resp, gld, context=context, constraints=constraints, config=cfg)  # warm caches
        times = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            detect(resp, gld, context=context, constraints=constraints, config=cfg)
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        results[label] = {
            "median_ms": round(statistics.median(times), 3),
            "p95_ms": round(times[int(0.95 * len(times))], 3),
        }
    print(json.dumps({"tablehallu": __version__, "python": platform.python_version(),
                      "table": "7x6 (+1 row)", "matcher": "lexical", "repeat": args.repeat,
                      "results": results}, indent=2))  # fmt: skip


if __name__ == "__main__":
    main()

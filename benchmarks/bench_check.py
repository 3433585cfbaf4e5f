"""Timing of ``tablehallu check`` on 2 000 TableHallu-sized gold records (lexical matcher).

Usage::

    python benchmarks/bench_check.py               # generate, time, print a Markdown summary
    python benchmarks/bench_check.py --records 500 --repeat 3

The records are generated deterministically (seed 7) in the paper's shape: 5-8 rows x 5-7
columns (a name key, text, a date and numbers, 1-3 null cells, sorted by a declared column),
a base context with one sentence per row (every non-null value written out, nulls omitted),
an adversarial ``distractor_context`` of 4 000-10 000 characters in which the base sentences
are dispersed among distractor sentences, a query listing the columns in order with the sort
rule, and constraints. Every rule runs on every record (TH050 included).

Measured: the installed ``tablehallu check`` command in a fresh process (start-up, imports and
cold caches included: what a pre-commit hook costs), wall time and CPU time (user + system; on a
shared machine the steadier figure), best of ``--repeat``; and the start-up alone
(``--list-rules``). Target (issue 5): 2 000 records in under 5 s with the lexical matcher.
Results are also written to ``benchmarks/out/bench_check.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
BIN = Path(sys.executable).parent / "tablehallu"

_SYLLABLES = [
    "ka",
    "ren",
    "to",
    "vel",
    "mar",
    "dos",
    "lin",
    "qua",
    "bri",
    "sel",
    "tor",
    "nam",
    "hal",
    "ves",
    "cor",
    "pin",
]
_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
_FILLER = [
    "Analysts said the market remained competitive throughout the period.",
    "Several regulators reviewed the sector and published guidance for newcomers.",
    "Industry groups held an annual meeting that drew delegates from many countries.",
    "Supply chains were reorganised after a series of shipping delays.",
    "Observers expect consolidation to continue as smaller firms look for partners.",
    "Trade publications covered the sector's growth in long feature articles.",
]
_NUMERIC = [
    ("Revenue (USD Million)", "revenue of ${v} million"),
    ("Employees", "{v} employees"),
    ("Share (%)", "a share of {v}%"),
    ("Sites", "{v} sites"),
    ("Rating", "a rating of {v}"),
]


def _name(rng: random.Random, words: int = 2) -> str:
    return " ".join(
        "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()
        for _ in range(words)
    )


def make_record(rng: random.Random, index: int) -> dict[str, Any]:
    """One clean record of TableHallu size."""
    n_rows = rng.randint(5, 8)
    n_numeric = rng.randint(2, 4)  # 3 fixed columns + 2-4 numeric = 5-7 columns
    numeric = rng.sample(_NUMERIC, n_numeric)
    headers = ["Company", "Headquarters", "Founded", *(h for h, _ in numeric)]
    rows: list[list[Any]] = []
    used: set[str] = set()
    for _ in range(n_rows):
        name = _name(rng)
        while name in used:
            name = _name(rng)
        used.add(name)
        date = f"{rng.randint(1950, 2020)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        values: list[Any] = []
        for h, _ in numeric:
            if h.startswith("Share"):
                values.append(round(rng.uniform(1, 40), 1))
            elif h.startswith("Revenue"):
                values.append(round(rng.uniform(10, 5000), 1))
            else:
                values.append(rng.randint(10, 90000))
        rows.append([name, _name(rng, 1), date, *values])
    rows.sort(key=lambda r: r[2])
    for _ in range(rng.randint(1, 3)):
        rows[rng.randrange(n_rows)][rng.randrange(1, len(headers))] = None
    sentences = []
    for row in rows:
        parts = [f"{row[0]}"]
        if row[1] is not None:
            parts.append(f"based in {row[1]}")
        if row[2] is not None:
            y, m, d = row[2].split("-")
            parts.append(f"was founded on {_MONTHS[int(m) - 1]} {int(d)}, {y}")
        facts = [
            tpl.format(v=f"{v:,}")
            for (_, tpl), v in zip(numeric, row[3:], strict=True)
            if v is not None
        ]
        text = ", ".join(parts)
        if facts:
            text += " and reports " + ", ".join(facts)
        sentences.append(text + ".")
    base = " ".join(sentences)
    target = rng.randint(4000, 10000)
    pieces: list[str] = []
    queue = list(sentences)
    while queue or sum(len(p) + 1 for p in pieces) < target:
        if queue and (rng.random() < 0.3 or sum(len(p) for p in pieces) > target):
            pieces.append(queue.pop(0))
        else:
            pieces.append(rng.choice(_FILLER))
    name = f"Companies {index}"
    records = [dict(zip(headers, row, strict=True)) for row in rows]
    query = (
        "Please create a table summarizing the companies described in the context. The table "
        "should have the following columns in this sequence: "
        + ", ".join(f'"{h}"' for h in headers)
        + '. Sort the table by "Founded" in ascending order.'
    )
    return {
        "id": f"bench-{index}",
        "query": query,
        "constraints": {"sort_column": "Founded", "sort_order": "ascending"},
        "gt_table": {
            "table": {name: records},
            "metadata": {
                "table_info": {
                    name: {
                        "rows": n_rows,
                        "columns": len(headers),
                        "row_headers": [r[0] for r in rows],
                        "column_headers": headers,
                        "sort_column": "Founded",
                        "sort_method": "ascending",
                    }
                }
            },
        },
        "gt_context": base,
        "distractor_context": " ".join(pieces),
    }


def generate(path: Path, n: int) -> dict[str, float]:
    """Write ``n`` records to ``path``; returns context size statistics."""
    rng = random.Random(7)
    sizes, base_sizes = [], []
    with path.open("w", encoding="utf-8") as out:
        for i in range(n):
            rec = make_record(rng, i)
            sizes.append(len(rec["distractor_context"]))
            base_sizes.append(len(rec["gt_context"]))
            out.write(json.dumps(rec) + "\n")
    return {
        "distractor_chars_min": min(sizes),
        "distractor_chars_max": max(sizes),
        "distractor_chars_mean": sum(sizes) / n,
        "gt_context_chars_mean": sum(base_sizes) / n,
    }


def time_cli(path: Path) -> dict[str, Any]:
    """Wall and CPU time (user + system) of the installed command in a fresh process."""
    cmd = [str(BIN), "check", str(path), "--extend-select", "TH050", "--matcher", "lexical"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    last = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else proc.stderr.strip()
    return {"wall": wall, "cpu": cpu, "exit": proc.returncode, "summary": last}


def time_startup() -> float:
    """Wall time of ``tablehallu check --list-rules`` (start-up and imports only)."""
    start = time.perf_counter()
    subprocess.run([str(BIN), "check", "--list-rules"], capture_output=True, check=False)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3, help="best of N per measurement")
    args = parser.parse_args(argv)
    OUT.mkdir(exist_ok=True)
    path = OUT / "check_records.jsonl"
    sizes = generate(path, args.records)
    runs = [time_cli(path) for _ in range(args.repeat)]
    startup = min(time_startup() for _ in range(args.repeat))
    result = {
        "records": args.records,
        **sizes,
        "cli_wall_seconds": round(min(r["wall"] for r in runs), 3),
        "cli_cpu_seconds": round(min(r["cpu"] for r in runs), 3),
        "startup_seconds": round(startup, 3),
        "cli_exit_code": runs[0]["exit"],
        "cli_summary": runs[0]["summary"],
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "load_average_1min": round(os.getloadavg()[0], 2),
        "target_seconds": 5.0,
    }
    (OUT / "bench_check.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print("| measurement | value |\n|---|---|")
    for key, value in result.items():
        print(f"| {key} | {value} |")
    return 0 if result["cli_wall_seconds"] < 5.0 else 1


if __name__ == "__main__":
    sys.exit(main())

"""tablehallu lexical scoring against the text_to_table cell-matching metric, on the same records.

The peer is the scorer most text-to-table papers report: Wu et al. 2022, "Text-to-Table: A New
Way of Information Extraction" (github.com/shirley-wu/text_to_table,
``scripts/eval/calc_data_f_score.py`` with ``table_utils.parse_text_to_table``). Its exact-match
mode (``--metric E --row-header --col-header``) is reimplemented below from the published logic
(not copied): each table is read line by line (missing outer pipes added, cells split on ``|`` and
stripped, rows cut or padded to the first row's width, a NumPy string array), then row headers,
column headers and non-header cells as (row header, column header, value) triples are compared by
exact match in an n_gold x n_pred similarity matrix (comparisons memoised for the whole run as the
peer does), precision = mean of column maxima, recall = mean of row maxima, F1, averaged over
records. Installs nothing: NumPy comes with the embedding extra.

Each measurement runs in a fresh process (no cache carried over from an earlier repeat); the
modes are interleaved and the median of the repeats is reported:

* ``work``: in-process time of the work only (imports done before the clock starts): reading the
  JSONL, parsing, matching/detecting, aggregating (tablehallu: ``score()`` with its default
  1 000 bootstrap replicates, the summary included);
* ``e2e``: wall time of the whole process (interpreter, imports, work).

Usage::

    python benchmarks/bench_peer.py [--records ../shared/real/rotowire-gemini.jsonl] [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

#: ``shared/real/rotowire-gemini.jsonl`` next to the checkout (or next to a folder above it).
DEFAULT_RECORDS = next(
    (
        p / "shared" / "real" / "rotowire-gemini.jsonl"
        for p in Path(__file__).resolve().parents
        if (p / "shared" / "real" / "rotowire-gemini.jsonl").is_file()
    ),
    Path("../shared/real/rotowire-gemini.jsonl"),
)
MODES = ("peer-exact", "tablehallu-strict", "tablehallu-lenient")


# --- the peer's exact-match metric (reimplemented; see the module doc for the source) --------


def _peer_table(text: str, np: Any) -> Any:
    # table_utils.parse_text_to_table, non-strict: pad/cut rows to the first row's width.
    rows = []
    for line in text.replace(" <NEWLINE> ", "\n").strip().splitlines():
        line = line.strip()
        line = line if line.startswith("|") else "|" + line
        line = line if line.endswith("|") else line + "|"
        rows.append([c.strip() for c in line[1:-1].split("|")])
    if rows:
        width = len(rows[0])
        rows = [r[:width] + [""] * (width - len(r)) for r in rows]
    return np.array(rows, dtype=str)


def _peer_empty(table: Any) -> bool:
    return table is None or len(table.shape) != 2 or table.shape[0] < 2 or table.shape[1] < 2


def _peer_data(table: Any) -> tuple[set[Any], set[Any], set[Any]]:
    # parse_table_to_data with row and column headers: first column / first row, and
    # (row header, column header, cell) for every non-empty body cell.
    n_rows, n_cols = table.shape
    rel = {
        (table[i][0], table[0][j], table[i][j])
        for i in range(1, n_rows)
        for j in range(1, n_cols)
        if table[i][j] != ""
    }
    return set(table[1:, 0]), set(table[0, 1:]), rel


def _peer_prf(gold: set[Any], pred: set[Any], cache: dict[Any, int], np: Any) -> tuple[float, ...]:
    def sim(t: Any, p: Any) -> float:
        if isinstance(t, tuple):
            out = 1.0
            for tt, pp in zip(t, p, strict=False):
                out *= sim(tt, pp)
            return out
        if (t, p) not in cache:
            cache[(t, p)] = int(t == p)
        return cache[(t, p)]

    matrix = np.array([[sim(t, p) for p in pred] for t in gold], dtype=float)
    prec = float(np.mean(np.max(matrix, axis=0)))
    rec = float(np.mean(np.max(matrix, axis=1)))
    return prec, rec, (0.0 if prec + rec == 0 else 2 * prec * rec / (prec + rec))


def peer_exact(path: Path) -> dict[str, float]:
    """Row-header, column-header and non-header-cell P/R/F1 (%) of every record in ``path``."""
    import numpy as np

    cache: dict[Any, int] = {}
    scores: dict[str, list[tuple[float, ...]]] = {"row": [], "col": [], "cell": []}
    with path.open(encoding="utf-8") as f:
        for line in f:
            rec = json.loads(line)
            gold = _peer_table(str(rec.get("gt_table") or ""), np)
            pred = _peer_table(str(rec.get("response") or ""), np)
            if _peer_empty(gold):
                continue
            if _peer_empty(pred):
                for key in scores:
                    scores[key].append((0.0, 0.0, 0.0))
                continue
            g_row, g_col, g_rel = _peer_data(gold)
            p_row, p_col, p_rel = _peer_data(pred)
            scores["row"].append(_peer_prf(g_row, p_row, cache, np))
            scores["col"].append(_peer_prf(g_col, p_col, cache, np))
            cell = _peer_prf(g_rel, p_rel, cache, np) if p_rel else (0.0, 0.0, 0.0)
            scores["cell"].append(cell)
    out: dict[str, float] = {}
    for key, values in scores.items():
        for i, name in enumerate(("p", "r", "f1")):
            out[f"{key}_{name}"] = round(100 * statistics.fmean(v[i] for v in values), 2)
    return out


# --- measurement ----------------------------------------------------------------------------


def _child(mode: str, path: Path) -> None:
    """Run one measurement in this (fresh) process and print it as JSON."""
    if mode == "peer-exact":
        import numpy  # noqa: F401  (the peer's import, outside the clock)

        start = time.perf_counter()
        result: Any = peer_exact(path)
    else:
        import tablehallu.detectors
        import tablehallu.parsers  # noqa: F401
        from tablehallu.config import Config
        from tablehallu.scoring.engine import score

        cfg = Config(matcher="lexical", headers=mode.rsplit("-", 1)[1])
        start = time.perf_counter()
        report = score(str(path), cfg)
        result = report.to_dict()["rates"]
    work = time.perf_counter() - start
    print(json.dumps({"mode": mode, "work": work, "result": result}, default=str))


def main() -> None:
    parser = argparse.ArgumentParser(description="tablehallu vs text_to_table's exact match")
    parser.add_argument("--records", type=Path, default=DEFAULT_RECORDS)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--child", choices=MODES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.child, args.records)
        return
    if not args.records.is_file():
        sys.exit(f"records not found: {args.records}")
    env = dict(os.environ, HF_HUB_OFFLINE="1")
    work: dict[str, list[float]] = {m: [] for m in MODES}
    e2e: dict[str, list[float]] = {m: [] for m in MODES}
    results: dict[str, Any] = {}
    for _ in range(args.repeat):
        for mode in MODES:  # interleaved, so that load changes hit every mode alike
            cmd = [sys.executable, __file__, "--child", mode, "--records", str(args.records)]
            start = time.perf_counter()
            done = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env)
            e2e[mode].append(time.perf_counter() - start)
            measured = json.loads(done.stdout.strip().splitlines()[-1])
            work[mode].append(measured["work"])
            results[mode] = measured["result"]
    n = sum(1 for _ in args.records.open(encoding="utf-8"))
    peer_work = statistics.median(work["peer-exact"])
    print(f"{n} records from {args.records}; median of {args.repeat} interleaved repeats")
    print(f"{'mode':<20} {'work (s)':>9} {'x peer':>7} {'e2e (s)':>8} {'records/s (work)':>17}")
    for mode in MODES:
        w = statistics.median(work[mode])
        print(
            f"{mode:<20} {w:9.3f} {w / peer_work:7.2f} {statistics.median(e2e[mode]):8.2f} "
            f"{n / w:17.0f}"
        )
    print("peer exact match (%):", json.dumps(results["peer-exact"]))


if __name__ == "__main__":
    main()

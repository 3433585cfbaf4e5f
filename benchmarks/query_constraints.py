"""How well the query-constraint parser reads the synthetic corpus (issue 12).

Usage::

    python benchmarks/query_constraints.py            # the figures of docs/query-constraints.md
    python benchmarks/query_constraints.py --show     # and every record's parse

For each record of ``benchmarks/data/gold_records_{a,b,c}.jsonl`` the QUERY alone is parsed
(``parse_query(query)``, no constraints dict) and compared with the record:

- columns: the listed columns equal the gold table's headers (normalised, in order);
- sort: the sort rule equals the dict's ``sort_column``/``sort_order``;
- range: every range of the dict's ``numerical_range`` (read by the same parser) is stated by
  the query (same days or numbers covered) and, on the gold table, bound to a right column: one
  of the gold columns whose values all satisfy that range (when no gold column does, the right
  answer is "not bound", i.e. undecided). Records whose dict has no range are not counted;
- false alarms: gold tables with any row that ``check_rows`` says breaks the query and the dict
  (a gold table satisfies its own query by construction, so each is a false alarm);
- distractor rows: each of a record's ``distractors`` (rows the corpus built to be out of the
  query's scope: another year, another category) added to the gold table; counted when
  ``check_rows`` says it breaks the query and the dict, by the kind of constraint it breaks;
- decidable: records whose scope ``scope_decidable`` calls decidable on the gold table (the
  query alone; and, with the dict, counting only ranges and top-k: the dict's ``entity_scope`` is
  almost never held by a column).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


def _records() -> list[dict[str, Any]]:
    out = []
    for part in "abc":
        path = REPO / "benchmarks" / "data" / f"gold_records_{part}.jsonl"
        out += [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return out


def _coverage(c: Any) -> tuple[Any, ...]:
    """What a range covers, comparable across spellings ("2021 and 2022" = "2021 to 2022")."""
    from tablehallu.detectors.query import _from_iso, _interval

    if not c.is_date:
        return (c.op, c.value)
    days = [_interval(d) for d in (_from_iso(v) for v in c.value) if d is not None]
    if c.op in ("between", "in_period"):
        return ("span", min(a for a, _ in days), max(b for _, b in days))
    return (c.op, days[0])


def _distractors(rec: dict[str, Any], spec: Any, config: Any) -> list[tuple[str, int]]:
    """For each distractor row of the record (out of scope by design), appended to the gold
    rows: the kind of the first constraint ``check_rows`` says it breaks (and 1), else ("", 0)."""
    from tablehallu.detectors.query import check_rows
    from tablehallu.parsers import parse_gold

    table = rec["gt_table"]["table"]
    name, rows = next(iter(table.items()))
    out = []
    for extra in rec.get("distractors") or []:
        both = parse_gold({"table": {name: [*rows, extra]}}, config)
        verdict = check_rows(spec, both, config)[-1]
        kind = verdict.violated[0][0].kind if verdict.violated else ""
        out.append((kind, int(bool(verdict.violated))))
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the figures (and, with --show, each record's parse)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--show", action="store_true", help="print each record's parse")
    args = ap.parse_args(argv)
    from tablehallu.config import Config
    from tablehallu.detectors.query import (
        RANGE,
        _bind,
        _columns,
        _range_cell,
        check_rows,
        parse_query,
        scope_decidable,
    )
    from tablehallu.normalize import normalize_header
    from tablehallu.parsers import parse_gold

    config = Config()
    n = cols_ok = sort_ok = range_n = range_ok = alarms = decidable = decidable_ranges = 0
    distractors = 0
    flagged: dict[str, int] = {}
    for rec in _records():
        n += 1
        gold = parse_gold(rec["gt_table"])
        spec = parse_query(rec["query"])
        want = [normalize_header(h) for h in gold.headers]
        got = [normalize_header(h) for h in spec.columns or ()]
        cols_ok += got == want
        dict_c = rec["constraints"]
        sort_ok += spec.sort is not None and (
            normalize_header(spec.sort[0]),
            spec.sort[1],
        ) == (normalize_header(dict_c["sort_column"]), dict_c["sort_order"])
        cols = _columns(gold, config)
        expected = [
            c for c in parse_query(None, {"numerical_range": dict_c["numerical_range"]}).constraints
        ]
        # the dict's "2019 and 2022" is a span, as its "2019 to 2022"
        expected = [
            dataclasses.replace(e, op="between") if e.op == "in_period" and len(e.value) == 2 else e
            for e in expected
        ]
        mine = [c for c in spec.constraints if c.kind == RANGE]
        verdict = []
        for e in expected:
            right = {
                i
                for i, col in enumerate(cols)
                if (
                    2 * sum(x is not None for x in col.spans) > len(col.cells)
                    if e.is_date
                    else col.numeric
                )
                and all(
                    _range_cell(e, col, r)[0] is not False
                    for r in range(len(col.cells))
                    if col.cells[r].kind != "null"
                )
                and any(_range_cell(e, col, r)[0] for r in range(len(col.cells)))
            }
            same = [c for c in mine if _coverage(c) == _coverage(e)]
            ok = any((_bind(c, cols) in right) if right else _bind(c, cols) is None for c in same)
            range_n += 1
            range_ok += ok
            verdict.append((e.text, sorted(cols[i].header for i in right), ok))
        with_dict = parse_query(rec["query"], dict_c)
        bad = [v for v in check_rows(with_dict, gold, config) if v.violated]
        for kind, hit in _distractors(rec, with_dict, config):
            flagged[kind] = flagged.get(kind, 0) + hit
            distractors += 1
        alarms += bool(bad)
        decidable += scope_decidable(spec, gold, config)
        decidable_ranges += scope_decidable(with_dict, gold, config, kinds=("range", "top_k"))
        if args.show:
            print(rec["id"], json.dumps(spec.to_dict()["constraints"]), spec.unparsed)
            for text, right, ok in verdict:
                print("   range", repr(text), "right:", right, "OK" if ok else "MISS")
            for v in bad:
                print("   FALSE ALARM row", v.row, [r for _, r in v.violated])
    print(f"records: {n}")
    print(f"(a) column list right: {cols_ok}/{n} = {cols_ok / n:.3f}")
    print(f"(b) sort rule right: {sort_ok}/{n} = {sort_ok / n:.3f}")
    share = range_ok / range_n
    print(f"(c) dict ranges stated and bound right: {range_ok}/{range_n} = {share:.3f}")
    print(f"gold tables with a false alarm: {alarms}/{n} = {alarms / n:.3f}")
    print(f"scope decidable on the gold table: {decidable}/{n} = {decidable / n:.3f}")
    caught = sum(flagged.values())
    print(
        f"distractor rows flagged out of scope: {caught}/{distractors} = {caught / distractors:.3f}"
    )
    for kind, count in sorted(flagged.items()):
        print(f"  by a {kind} constraint: {count}")
    share = decidable_ranges / n
    print(f"ranges and top-k decidable (query + dict): {decidable_ranges}/{n} = {share:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

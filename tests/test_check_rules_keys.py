"""``tablehallu check``, the key rules (TH003, TH004): one test (at least) per rule."""

from __future__ import annotations

from _check_helpers import ROWS, H, base_record, check, codes_of, gold


def test_th003_duplicate_rows_after_normalisation() -> None:
    rows = [*ROWS, ["ALDER  WORKS", "Brookmere", "2001-03-14", 4.5, 120]]
    found = check(base_record(gt_table=gold(H, rows)), "TH003")
    assert found == [("TH003", "row 4 ('ALDER  WORKS'): repeats row 1")]


def test_th004_missing_key_and_declared_key_not_unique() -> None:
    rows = [list(r) for r in ROWS]
    rows[1][0] = None
    found = check(base_record(gt_table=gold(H, rows)), "TH004")
    assert found == [("TH004", "row 2, column 'Company': the key column has no value")]
    rec = base_record(constraints={"primary_key": ["City"]})
    assert check(rec, "TH004") == []
    rows = [list(r) for r in ROWS]
    rows[2][1] = "Brookmere"
    rec = base_record(gt_table=gold(H, rows), constraints={"primary_key": "City"})
    found = check(rec, "TH004")
    assert codes_of(found) == ["TH004"] and "rows 1, 3" in found[0][1]
    rec = base_record(constraints={"primary_key": ["Town"]})
    assert "'Town', not a column" in check(rec, "TH004")[0][1]


def test_th004_accepts_a_composite_key_like_the_scorer() -> None:
    headers = ["Country", "Year", "Value"]
    rows = [["Chile", 2020, 5], ["Chile", 2021, 6], ["Peru", 2020, 7]]
    assert check(base_record(gt_table=gold(headers, rows)), "TH004") == []

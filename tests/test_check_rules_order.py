"""``tablehallu check``, the order rule (TH010): one test (at least) per rule."""

from __future__ import annotations

from typing import Any

from _check_helpers import ROWS, H, base_record, check, codes_of, gold


def test_th010_typed_order_ties_and_nulls() -> None:
    headers = ["Name", "Revenue (USD Million)"]
    rows: list[list[Any]] = [
        ["A", "$1.2 billion"],
        ["B", "900"],
        ["C", None],
        ["D", "900"],
        ["E", "12"],
    ]
    rec = base_record(gt_table=gold(headers, rows, sort=("Revenue (USD Million)", "descending")))
    assert check(rec, "TH010") == []  # 1.2 billion > 900 (typed), a tie and a null are fine
    rec = base_record(gt_table=gold(headers, rows, sort=("Revenue (USD Million)", "ascending")))
    found = check(rec, "TH010")
    assert codes_of(found) == ["TH010", "TH010"]
    assert "row 2 ('B')" in found[0][1] and "'900' comes after '$1.2 billion'" in found[0][1]


def test_th010_sources_and_bad_directions() -> None:
    rec = base_record(constraints={"sort_column": "Founded", "sort_order": "descending"})
    found = [m for _, m in check(rec, "TH010")]
    assert any("metadata sorts by 'Founded' ascending, but constraints" in m for m in found)
    table = gold(H, ROWS, sort=("Founded", "upwards"))
    found = [m for _, m in check(base_record(gt_table=table), "TH010")]
    assert found == ["metadata sort order 'upwards' is not ascending or descending"]
    # without metadata or constraints the query's rule is checked
    rec = base_record(gt_table=gold(H, ROWS), query='Sort the table by "Staff" in ascending order.')
    assert codes_of(check(rec, "TH010")) == []
    rec["query"] = 'Sort the table by "Company" in descending order.'
    assert codes_of(check(rec, "TH010")) == ["TH010", "TH010"]
    # nothing declared: skipped
    assert check(base_record(gt_table=gold(H, ROWS)), "TH010") == []


def test_th010_reports_values_of_another_kind() -> None:
    headers = ["Name", "Year"]
    rows: list[list[Any]] = [["A", 2001], ["B", "unclear"], ["C", 2005]]
    found = check(base_record(gt_table=gold(headers, rows, sort=("Year", "ascending"))), "TH010")
    assert len(found) == 1 and "'unclear' is text" in found[0][1]

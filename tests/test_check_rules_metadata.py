"""``tablehallu check``, the metadata rule (TH002): one test (at least) per rule."""

from __future__ import annotations

from _check_helpers import ROWS, H, base_record, check, gold


def test_th002_counts_headers_and_row_headers() -> None:
    table = gold(H, ROWS, rows="3", columns=5)  # integer strings are accepted
    assert check(base_record(gt_table=table), "TH002") == []
    table = gold(H, ROWS, rows=4, column_headers=["Company", "Town", *H[2:]])
    messages = [m for _, m in check(base_record(gt_table=table), "TH002")]
    assert messages == [
        "metadata says 4 rows, the table has 3",
        "metadata column_headers[1] is 'Town' but column 2 of the table is 'City'",
    ]
    table = gold(H, ROWS, row_headers=["Alder Works", "Birch Lab", "Cedar Group"])
    found = check(base_record(gt_table=table), "TH002")
    assert len(found) == 1 and "row_headers[1] is 'Birch Lab'" in found[0][1]
    table = gold(H, ROWS, sort_column="Year")
    assert "'Year' is not a column" in check(base_record(gt_table=table), "TH002")[0][1]

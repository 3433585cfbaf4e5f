"""``tablehallu check``, the query rules (TH030-TH032): one test (at least) per rule."""

from __future__ import annotations

from _check_helpers import QUERY, base_record, check, gold


def test_query_rules_pass_on_a_good_query() -> None:
    assert check(base_record(query=QUERY), "TH030", "TH031", "TH032") == []


def test_th030_missing_and_out_of_order() -> None:
    query = QUERY.replace('"City", "Founded"', '"Founded", "City"').replace('"Staff"', '"Team"')
    found = [m for _, m in check(base_record(query=query), "TH030")]
    assert found == [
        "the query names column 'Founded' before 'City', not after it",
        "the query does not name column 'Staff'",
    ]


def test_th031_states_the_declared_rule() -> None:
    found = check(base_record(query=QUERY.replace("ascending", "descending")), "TH031")
    assert "sorts by 'Founded' descending, but the metadata by 'Founded' ascending" in found[0][1]
    found = check(base_record(query="List the companies."), "TH031")
    assert found == [
        (
            "TH031",
            "the query states no sort column and order (expected: sort by 'Founded' in "
            "ascending order, from the metadata)",
        )
    ]
    found = check(base_record(query='Sort it by "Size" in ascending order.'), "TH031")
    assert "'Size', which is not a column" in found[0][1]


def test_th032_quoted_values_and_exemptions() -> None:
    found = check(base_record(query=QUERY + " Include Birch Labs and the 310 staff one."), "TH032")
    assert sorted(m for _, m in found) == [
        "row 2 ('Birch Labs'), column 'Company': the query quotes the value 'Birch Labs'",
        "row 3 ('Cedar Group'), column 'Staff': the query quotes the value '310'",
    ]
    # a scope the constraints declare is not a quote; nor is a header that contains a value
    rec = base_record(
        query=QUERY + " Only companies in Calder.", constraints={"entity_scope": ["Calder"]}
    )
    assert check(rec, "TH032") == []
    headers = ["Team", "Points", "Points in 4th quarter"]
    rec = base_record(
        gt_table=gold(headers, [["Hawks", "Points", 21]]),
        query='Columns: "Team", "Points", "Points in 4th quarter".',
    )
    assert check(rec, "TH032") == []

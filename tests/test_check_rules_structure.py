"""``tablehallu check``, the structure rules (TH000, TH001, TH060): one test (at least) per rule."""

from __future__ import annotations

from _check_helpers import LEXICAL, base_record, check, codes_of

from tablehallu.check import Checker, CheckSettings


def test_th000_a_record_that_is_not_an_object_is_reported_and_the_others_checked() -> None:
    checker = Checker({"TH000": "error", "TH020": "error"}, LEXICAL)
    found = checker.check_records([[1, 2], base_record(gt_context="Nothing."), "text"])
    assert [(v.line, v.code) for v in found][:1] == [(1, "TH000")]
    assert found[0].message == "record 1 is a JSON array, not an object (a record)"
    assert {v.code for v in found if v.line == 2} == {"TH020"}  # the next record is checked
    assert [(v.line, v.code) for v in found if v.line == 3] == [(3, "TH000")]
    # it always runs: ignoring every rule leaves it on
    assert CheckSettings(select=("ALL",), ignore=("TH0",)).enabled_rules() == {"TH000": "error"}


def test_th001_parse_error_and_warnings() -> None:
    found = check(base_record(gt_table="| a | b |\n| --- | --- |\n| 1 | 2 | 3 |"), "TH001")
    assert codes_of(found) == ["TH001"] and "ragged_row" in found[0][1]
    found = check(base_record(gt_table="no table here"), "TH001")
    assert codes_of(found) == ["TH001"] and "does not parse" in found[0][1]
    assert check(base_record(gt_table=None), "TH001") == []  # TH060's business


def test_th060_scorable_fields() -> None:
    assert check(base_record(), "TH060") == []
    rec = base_record(gt_context="  ", id=True, constraints="{not json", format="pdf")
    del rec["gt_table"]
    messages = [m for _, m in check(rec, "TH060")]
    assert messages[0] == 'no gold table: give "gt_table" (or "gold")'
    assert '"id" must be a string or an integer, got boolean' in messages
    assert any(m.startswith("no context") for m in messages)
    assert any('"constraints" is a string but not valid JSON' in m for m in messages)
    assert any(m.startswith('"format" must be one of') for m in messages)
    # gold alias and context alias are accepted; a response is not needed
    rec = {"id": 3, "gold": "| a |\n| --- |\n| x |", "context": "x"}
    assert check(rec, "TH060") == []


def test_th060_repeated_id_names_the_first_line() -> None:
    checker = Checker({"TH060": "error"}, LEXICAL)
    found = checker.check_records([base_record(), base_record(id="r2"), base_record()])
    assert [(v.line, v.message) for v in found] == [(3, 'id "r1" is also used on line 1')]

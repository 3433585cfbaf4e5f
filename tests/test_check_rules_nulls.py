"""``tablehallu check``, the null rules (TH022, TH050): one test (at least) per rule."""

from __future__ import annotations

from _check_helpers import CONTEXT, LEXICAL, ROWS, H, base_record, check, codes_of, gold


def test_th022_phrases_in_context_and_table() -> None:
    rec = base_record(gt_context=CONTEXT + " Its staff count was not disclosed.")
    found = check(rec, "TH022")
    assert codes_of(found) == ["TH022"] and "'was not disclosed'" in found[0][1]
    rows = [list(r) for r in ROWS]
    rows[1][4] = "Not disclosed"
    found = check(base_record(gt_table=gold(H, rows)), "TH022")
    assert [m for _, m in found] == [
        "row 2 ('Birch Labs'), column 'Staff': 'Not disclosed' stands in for a null; leave it empty"
    ]
    rows[1][4] = "N/A"
    assert check(base_record(gt_table=gold(H, rows)), "TH022") == []
    off = LEXICAL.replace(check_null_phrases_in_table=False)
    rows[1][4] = "unknown"
    assert check(base_record(gt_table=gold(H, rows)), "TH022", config=off) == []


def test_th022_distractor_only_about_table_entities() -> None:
    adversarial = "Intro. " + CONTEXT + " Elm Corp did not disclose its staff numbers."
    assert check(base_record(distractor_context=adversarial), "TH022") == []
    adversarial += " Birch Labs did not disclose its staff numbers."
    found = check(base_record(distractor_context=adversarial), "TH022")
    assert codes_of(found) == ["TH022"] and "distractor_context" in found[0][1]


def test_th050_min_nulls_option() -> None:
    assert check(base_record(), "TH050") == []
    found = check(base_record(), "TH050", config=LEXICAL.replace(check_min_nulls=2))
    assert found == [("TH050", "the table has 1 null cells, fewer than 2")]

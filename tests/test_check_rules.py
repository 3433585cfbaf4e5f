"""``tablehallu.check``: every rule, the sentence splitter, the reader and the settings."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tablehallu.check import RULES, Checker, CheckSettings, SettingsError, load_settings
from tablehallu.check.record import RecordView
from tablehallu.check.rules import Rule
from tablehallu.check.runner import read_items
from tablehallu.check.settings import find_project_config, parse_selectors
from tablehallu.check.text import find_missing_phrases, spelled_numbers, split_sentences
from tablehallu.config import Config

LEXICAL = Config(matcher="lexical")


def gold(
    headers: list[str],
    body: list[list[Any]],
    sort: tuple[str, str] | None = None,
    **meta: Any,
) -> dict[str, Any]:
    """A gold table in the paper's shape, with metadata that agrees with it (``meta``
    overrides metadata fields)."""
    info: dict[str, Any] = {
        "rows": len(body),
        "columns": len(headers),
        "row_headers": [r[0] for r in body],
        "column_headers": list(headers),
    }
    if sort:
        info["sort_column"], info["sort_method"] = sort
    info.update(meta)
    records = [dict(zip(headers, r, strict=True)) for r in body]
    return {"table": {"T": records}, "metadata": {"table_info": {"T": info}}}


def check(
    record: dict[str, Any],
    *codes: str,
    config: Config = LEXICAL,
) -> list[tuple[str, str]]:
    """(code, message) of every violation of the given rules in one record."""
    checker = Checker({c: RULES[c].severity for c in codes}, config)
    return [(v.code, v.message) for v in checker.check_records([record])]


def codes_of(found: list[tuple[str, str]]) -> list[str]:
    return [c for c, _ in found]


H = ["Company", "City", "Founded", "Revenue (USD Million)", "Staff"]
ROWS: list[list[Any]] = [
    ["Alder Works", "Brookmere", "2001-03-14", 4.5, 120],
    ["Birch Labs", "Calder", "2005-06-02", 12.0, None],
    ["Cedar Group", "Dunmore", "2010-11-30", 7.25, 310],
]
CONTEXT = (
    "Alder Works of Brookmere was founded on March 14, 2001; it had revenue of $4.5 million "
    "and 120 staff. Birch Labs, based in Calder, was founded on June 2, 2005 and made "
    "$12 million. Cedar Group of Dunmore dates from November 30, 2010, with revenue of "
    "$7.25 million and 310 staff."
)


def base_record(**changes: Any) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "id": "r1",
        "gt_table": gold(H, ROWS, sort=("Founded", "ascending")),
        "gt_context": CONTEXT,
    }
    rec.update(changes)
    return rec


def test_base_record_is_clean_under_every_rule() -> None:
    assert check(base_record(), *RULES) == []


# --- sentences ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "John F. Kennedy visited St. Aldric in 1961. He left.",
            ["John F. Kennedy visited St. Aldric in 1961.", "He left."],
        ),
        ("In Roe v. Wade the U.S. court ruled. Then it ended.", 2),
        ('Dr. Osei said "it works." Then No. 5 came.', 2),
        ("It reached 3,210 m. Canyon Transect followed.", 2),  # a unit, not an initial
        ("It sold at Castell's. Sunniva bought it.", 2),
        ("Growth was approx. five percent. Next year it fell.", 2),
        ("First line\nSecond line without a stop", 2),
        ("Sales rose e.g. in Europe. Costs fell.", 2),
    ],
)
def test_sentence_splitter_keeps_abbreviations_and_initials(text: str, expected: Any) -> None:
    found = split_sentences(text)
    if isinstance(expected, int):
        assert len(found) == expected, found
    else:
        assert found == expected


def test_spelled_numbers_and_missing_phrases() -> None:
    assert spelled_numbers("seven assists and twenty-one points, forty two") >= {7, 21, 42}
    phrases = [p.phrase for p in find_missing_phrases("the price was not disclosed.")]
    assert phrases == ["price was not disclosed"]
    assert find_missing_phrases("the band is not known for ballads") == []
    assert find_missing_phrases("it owns no data centers") == []
    assert find_missing_phrases("the phone is not available in europe") == []
    assert [p.phrase for p in find_missing_phrases("information unknown")] == [
        "information unknown"
    ]
    assert [p.phrase for p in find_missing_phrases("x tba y", extra=["TBA"])] == ["tba"]


def _finishes(fn: Callable[[], object], seconds: float = 60.0) -> bool:
    done = threading.Event()

    def run() -> None:
        fn()
        done.set()

    threading.Thread(target=run, daemon=True).start()
    return done.wait(seconds)


def test_text_helpers_stay_linear_on_hostile_input() -> None:
    # hang guards (generous limits), not timings: quadratic behaviour would take minutes
    assert _finishes(lambda: split_sentences("A. " * 100_000))
    assert _finishes(lambda: split_sentences("x" * 300_000 + ". " + "Y" * 300_000))
    assert _finishes(lambda: find_missing_phrases("is not " * 100_000))
    assert _finishes(lambda: find_missing_phrases("information " * 100_000 + "unknown"))
    long_context = " ".join(["Alder Works grew."] * 20_000)
    assert _finishes(lambda: check(base_record(distractor_context=long_context), *RULES))
    # many sentences with trigger words and entity names, in both contexts
    gaps = " ".join(f"Birch Labs {i} was not reported." for i in range(20_000))
    rec = base_record(gt_context=CONTEXT + " " + gaps, distractor_context=gaps + " " + CONTEXT)
    assert _finishes(lambda: check(rec, *RULES))


# --- TH001 / TH002 / TH003 / TH004 ----------------------------------------------------------------


def test_th001_parse_error_and_warnings() -> None:
    found = check(base_record(gt_table="| a | b |\n| --- | --- |\n| 1 | 2 | 3 |"), "TH001")
    assert codes_of(found) == ["TH001"] and "ragged_row" in found[0][1]
    found = check(base_record(gt_table="no table here"), "TH001")
    assert codes_of(found) == ["TH001"] and "does not parse" in found[0][1]
    assert check(base_record(gt_table=None), "TH001") == []  # TH060's business


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


# --- TH010 ----------------------------------------------------------------------------------------


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


# --- TH020 ----------------------------------------------------------------------------------------


def test_th020_typed_grounding() -> None:
    assert check(base_record(), "TH020") == []
    rows = [list(r) for r in ROWS]
    rows[0][3] = 4.6  # not in the context
    rows[2][1] = "Dunmoor"  # a near miss of "Dunmore"
    rows[1][2] = "2006-06-02"  # wrong year
    found = check(base_record(gt_table=gold(H, rows)), "TH020")
    messages = sorted(m for _, m in found)
    assert len(messages) == 3
    assert messages[0].startswith("row 1 ('Alder Works'), column 'Revenue (USD Million)': '4.6'")
    assert "'2006-06-02' is not in gt_context (no date of that year and month)" in messages[1]
    assert "'Dunmoor' is not in gt_context (best partial match" in messages[2]


@pytest.mark.parametrize(
    "written",
    ["$4.5 million", "4,500,000 dollars", "USD 4.5m", "4.5"],
)
def test_th020_number_under_a_scaled_header(written: str) -> None:
    rec = base_record(
        gt_table=gold(["Company", "Revenue (USD Million)"], [["Alder Works", 4.5]]),
        gt_context=f"Alder Works reported revenue of {written} last year.",
    )
    assert check(rec, "TH020") == []


def test_th020_spelled_numbers_follow_the_config() -> None:
    rec = base_record(
        gt_table=gold(["Player", "Assists"], [["Jeff Teague", 7]]),
        context="Jeff Teague added seven assists.",
        gt_context=None,
    )
    assert check(rec, "TH020") == []
    off = LEXICAL.replace(check_spelled_numbers=False)
    assert codes_of(check(rec, "TH020", config=off)) == ["TH020"]


def test_th020_uses_the_distractor_context_only_without_a_base() -> None:
    rec = base_record(gt_context=None, distractor_context="Nothing relevant here.")
    assert len(check(rec, "TH020")) == 14  # every non-null cell
    rec = base_record(gt_context=None, distractor_context="Intro. " + CONTEXT)
    assert check(rec, "TH020") == []


def test_th020_embedding_stage_settles_pending_cells(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deferred cells of a file are embedded in one batch; a close sentence clears them."""
    import tablehallu.detectors.similarity as similarity

    class Fake:
        name = "embedding"

        def __init__(self) -> None:
            self.prepared: list[list[str]] = []

        def prepare(self, texts: Any) -> None:
            self.prepared.append(list(texts))

        def best_match(self, query: str, candidates: Any) -> tuple[int, float]:
            return (0, 0.95) if query == "the software group" else (0, 0.1)

    fake = Fake()
    monkeypatch.setattr(similarity, "resolve_backend", lambda config: fake)
    headers = ["Company", "Sector"]
    records = [
        base_record(gt_table=gold(headers, [["Alder Works", "the software group"]])),
        base_record(gt_table=gold(headers, [["Alder Works", "quantum mining"]])),
    ]
    config = LEXICAL.replace(matcher="embedding")
    checker = Checker({"TH020": "error"}, config)
    found = checker.check_records(records)
    assert [(v.line, v.code) for v in found] == [(2, "TH020")]
    assert "no sentence is similar enough" in found[0].message
    assert len(fake.prepared) == 1  # one batch for the whole file


# --- TH021 ----------------------------------------------------------------------------------------


def test_th021_null_stated_for_that_entity() -> None:
    stated = CONTEXT + " Birch Labs employs 85 staff."
    found = check(base_record(gt_context=stated), "TH021")
    assert codes_of(found) == ["TH021"]
    assert found[0][1].startswith("row 2 ('Birch Labs'), column 'Staff': is null, but")


def test_th021_in_the_adversarial_context_too() -> None:
    rec = base_record(distractor_context="Intro. " + CONTEXT + " Birch Labs has 85 staff.")
    found = check(rec, "TH021")
    assert codes_of(found) == ["TH021"] and "distractor_context sentence" in found[0][1]


@pytest.mark.parametrize(
    "sentence",
    [
        "Birch Labs and Cedar Group together have 400 staff.",  # several entities
        "The birch labs of the region employ 85 staff.",  # not the name as written
        "Birch Labs moved to 12 Harbour Road.",  # no staff evidence
        "Birch Labs hired new staff in 2005.",  # only table numbers (2005)
    ],
)
def test_th021_does_not_fire_without_clear_evidence(sentence: str) -> None:
    assert check(base_record(gt_context=CONTEXT + " " + sentence), "TH021") == []


def test_th021_text_and_date_columns() -> None:
    headers = ["Club", "Ground", "Founded"]
    rows: list[list[Any]] = [["Ardley Town", "Mill Lane", "1901"], ["Kestwick United", None, None]]
    context = "Ardley Town play at Mill Lane and were founded in 1901. Kestwick United are new."
    rec = base_record(gt_table=gold(headers, rows), gt_context=context)
    assert check(rec, "TH021") == []
    rec["gt_context"] = context + " Kestwick United play their home games at a ground in Eastby."
    assert codes_of(check(rec, "TH021")) == ["TH021"]
    off = LEXICAL.replace(check_null_mention_text_columns=False)
    assert check(rec, "TH021", config=off) == []
    rec["gt_context"] = context + " Kestwick United were founded in 1923."
    found = check(rec, "TH021")
    assert codes_of(found) == ["TH021"] and "column 'Founded'" in found[0][1]


# --- TH022 ----------------------------------------------------------------------------------------


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


# --- TH030 / TH031 / TH032 ----------------------------------------------------------------------

QUERY = (
    'Create a table of companies with the columns "Company", "City", "Founded", '
    '"Revenue (USD Million)", "Staff". Sort the table by "Founded" in ascending order.'
)


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


# --- TH040 / TH050 / TH060 ----------------------------------------------------------------------


def test_th040_dispersed_and_reordered_base_is_kept() -> None:
    sentences = split_sentences(CONTEXT)
    adversarial = "\n\n".join(["Noise one.", sentences[2], "Noise two.", *sentences[:2]])
    assert check(base_record(distractor_context=adversarial), "TH040") == []
    altered = adversarial.replace("$12 million", "$13 million")
    found = check(base_record(distractor_context=altered), "TH040")
    assert found == [
        (
            "TH040",
            "gt_context sentence 2 is not in distractor_context: 'Birch Labs, based in "
            "Calder, was founded on June 2, 2005 and made $12 million.'",
        )
    ]
    # case, quotes and spacing do not matter
    assert check(base_record(distractor_context=CONTEXT.upper()), "TH040") == []


def test_th050_min_nulls_option() -> None:
    assert check(base_record(), "TH050") == []
    found = check(base_record(), "TH050", config=LEXICAL.replace(check_min_nulls=2))
    assert found == [("TH050", "the table has 1 null cells, fewer than 2")]


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


# --- runner -------------------------------------------------------------------------------------


def test_reader_reports_bad_lines_and_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    good = json.dumps(base_record())
    path.write_bytes(
        b"\xef\xbb\xbf"
        + good.encode()
        + b"\n\n{broken\n[1, 2]\n"
        + b'{"id": "\xff"}\n'
        + json.dumps(base_record(id="r2")).encode()
        + b"\n"
    )
    report = Checker({c: r.severity for c, r in RULES.items() if r.default}).check_paths([path])
    assert [(v.line, v.code) for v in report.violations] == [
        (3, "TH000"),
        (4, "TH000"),
        (5, "TH000"),
    ]
    assert "not JSON: Expecting property name" in report.violations[0].message
    assert "JSON array, not an object" in report.violations[1].message
    assert "not UTF-8 (byte 0xff" in report.violations[2].message
    assert report.records == 5 and report.exit_code == 1


def test_reader_json_array_and_jsonl_named_json(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_text(
        "[\n" + json.dumps(base_record()) + ",\n\n  " + json.dumps(base_record(id=2)) + ",\n 7\n]"
    )
    items = list(read_items(path))
    assert [(i.line, i.error is None) for i in items] == [(2, True), (4, True), (5, False)]
    path.write_text(json.dumps(base_record()) + "\n" + json.dumps(base_record(id=2)) + "\n")
    assert [i.line for i in read_items(path)] == [1, 2]
    path.write_text('{"a": 1,\n "b": }')
    assert [(i.line, i.error) for i in read_items(path)] == [
        (2, "not JSON: Expecting value (column 7)")
    ]


def test_a_failing_rule_is_reported_not_raised() -> None:
    def broken(rec: RecordView) -> list[Any] | None:
        raise KeyError("boom")

    checker = Checker({"TH003": "error"}, LEXICAL)
    checker.rules = [Rule("TH003", "x", "x", "error", True, broken)]
    found = checker.check_records([base_record()])
    assert [v.code for v in found] == ["TH003"]
    assert found[0].message == "internal error while checking this rule: KeyError: 'boom'"


def test_skipped_rules_are_counted() -> None:
    checker = Checker({c: r.severity for c, r in RULES.items()}, LEXICAL)
    checker.check_records([{"id": 1, "gt_table": "| a |\n| --- |\n| x |", "context": "x"}])
    counts = checker.report.counts
    assert counts["TH030"].skipped == 1 and counts["TH030"].checked == 0
    assert counts["TH020"].checked == 1 and counts["TH002"].skipped == 1


# --- settings ---------------------------------------------------------------------------------


def test_selection_specificity_like_ruff() -> None:
    default = CheckSettings().enabled_rules()
    assert "TH050" not in default and {"TH000", "TH020", "TH060"} <= set(default)
    s = CheckSettings(ignore=("TH02",), extend_select=("TH021",))
    assert {c for c in s.enabled_rules() if c.startswith("TH02")} == {"TH021"}
    s = CheckSettings(select=("TH03",))
    assert set(s.enabled_rules()) == {"TH000", "TH030", "TH031", "TH032"}  # TH000 always runs
    s = CheckSettings(select=("ALL",), ignore=("TH0",))
    assert set(s.enabled_rules()) == {"TH000"}
    s = CheckSettings(severity={"TH0": "warning", "TH020": "error"})
    assert s.severity_of("TH020") == "error" and s.severity_of("TH010") == "warning"
    s = CheckSettings().with_cli(select=["TH020,TH021"], ignore=["TH021"])
    assert set(s.enabled_rules()) == {"TH000", "TH020"}
    with pytest.raises(SettingsError, match="unknown rule selector 'TH9'"):
        parse_selectors(["TH9"])


def test_settings_from_pyproject_found_by_walking_up(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        "[tool.tablehallu]\ndayfirst = true\n\n[tool.tablehallu.check]\n"
        'extend-select = ["TH050"]\nignore = ["TH032"]\nseverity = { TH021 = "error" }\n'
        "min-nulls = 2\nnull-mention-text-columns = false\n"
    )
    nested = tmp_path / "data" / "release"
    nested.mkdir(parents=True)
    assert find_project_config(nested) == tmp_path / "pyproject.toml"
    s = load_settings(cwd=nested)
    enabled = s.enabled_rules()
    assert "TH050" in enabled and "TH032" not in enabled and enabled["TH021"] == "error"
    assert s.config.check_min_nulls == 2 and s.config.dayfirst is True
    assert s.config.check_null_mention_text_columns is False


def test_settings_plain_file_and_errors(tmp_path: Path) -> None:
    plain = tmp_path / "check.toml"
    plain.write_text('dayfirst = true\n[check]\nselect = ["TH02"]\nmatcher = "embedding"\n')
    s = load_settings(plain)
    assert set(s.enabled_rules()) == {"TH000", "TH020", "TH021", "TH022"}
    assert s.matcher == "embedding" and s.checking_config().matcher == "embedding"
    for body, message in [
        ("[check]\nmin-nullz = 2\n", "unknown key 'min-nullz'"),
        ("[check]\nmin-nulls = -1\n", "check_min_nulls is out of range"),
        ('[check]\nseverity = { TH020 = "fatal" }\n', "must be one of error, warning"),
        ("[check]\nselect = 5\n", "must be a list of rule selectors"),
        ("[check\n", "not valid TOML"),
    ]:
        plain.write_text(body)
        with pytest.raises(SettingsError, match=message):
            load_settings(plain)


def test_every_rule_has_reference_text() -> None:
    for code, rule in RULES.items():
        assert rule.code == code and rule.severity in ("error", "warning")
        assert len(rule.doc) > 80, code
    assert [c for c, r in RULES.items() if not r.default] == ["TH050"]


def test_th020_initials_and_article_one_follow_the_config() -> None:
    rec = base_record(
        gt_table=gold(["Player", "Steals", "Assists"], [["CJ Miles", 1, 1]]),
        context="C.J. Miles added a steal and an assist.",
        gt_context=None,
    )
    assert check(rec, "TH020") == []
    off = LEXICAL.replace(check_article_one=False, check_initials_without_dots=False)
    messages = [m.split(": ", 1)[1] for _, m in check(rec, "TH020", config=off)]
    assert messages[0].startswith("'CJ Miles' is not in context (best partial match 0.")
    assert messages[1:] == ["'1' is not in context (no equal number)"] * 2
    # "a" before a word of another column is not a 1 of this one
    rec["context"] = "C.J. Miles added a steal."
    found = check(rec, "TH020")
    assert [f[1].split(":")[0] for f in found] == ["row 1 ('CJ Miles'), column 'Assists'"]

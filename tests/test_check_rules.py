"""``tablehallu.check``: the sentence splitter, the reader, the runner and the settings.

The rules have their tests by family: ``tests/test_check_rules_<family>.py``.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from _check_helpers import CONTEXT, LEXICAL, base_record, check

from tablehallu.check import RULES, Checker, CheckSettings, SettingsError, load_settings
from tablehallu.check.record import RecordView
from tablehallu.check.rules import Rule
from tablehallu.check.runner import read_items
from tablehallu.check.settings import find_project_config, parse_selectors
from tablehallu.check.text import find_missing_phrases, spelled_numbers, split_sentences


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
    assert set(s.enabled_rules()) == {"TH000", "TH020", "TH021", "TH022", "TH023"}
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

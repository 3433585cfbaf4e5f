"""``tablehallu compare``: paired differences and McNemar on constructed runs with known answers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from _scoring_helpers import GOLD_MD, LEXICAL, RESPONSES, record, write_jsonl
from typer.testing import CliRunner

from tablehallu.cli import app
from tablehallu.scoring.compare import compare_runs, is_details_file
from tablehallu.scoring.stats import PairedCounts, paired_diff_ci


def run(*args: Any) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=False)


def _detail(rid: Any, types: list[str], omission: bool = False) -> dict[str, Any]:
    return {"id": rid, "hallucinations": types, "omission": omission, "findings": [], "error": None}


def _constructed(tmp_path: Path) -> tuple[Path, Path]:
    """20 paired samples: total flagged in A only 8, in B only 1, in both 3, in neither 8."""
    a, b = [], []
    for i in range(20):
        if i < 8:
            fa, fb = ["attribute_distortion"], []
        elif i < 9:
            fa, fb = [], ["format_error"]
        elif i < 12:
            fa, fb = ["blank_filling"], ["blank_filling"]
        else:
            fa, fb = [], []
        a.append(_detail(f"s{i}", fa))
        b.append(_detail(f"s{i}", fb, omission=i == 0))
    return write_jsonl(tmp_path / "a.jsonl", a), write_jsonl(tmp_path / "b.jsonl", b)


def test_constructed_pair_known_answer(tmp_path: Path) -> None:
    a, b = _constructed(tmp_path)
    result = compare_runs(a, b, bootstrap=2000, seed=1)
    total = result.counts["total"]
    assert total == PairedCounts(n=20, a_only=8, b_only=1, both=3)
    assert (total.rate_a, total.rate_b, total.diff) == (11 / 20, 4 / 20, 7 / 20)
    # exact McNemar: 2 * P(X <= 1 | Binomial(9, 1/2)) = 2 * 10 / 512
    assert result.p_values["total"] == pytest.approx(20 / 512)
    assert result.ci["total"] == paired_diff_ci(
        total, bootstrap=2000, seed=1, label="compare/total"
    )
    lo, hi = result.ci["total"]
    assert lo < 7 / 20 < hi and lo > 0  # A hallucinates more, and the interval excludes 0
    assert result.counts["attribute_distortion"] == PairedCounts(20, 8, 0, 0)
    assert result.counts["context_violation"] == PairedCounts(20, 8, 0, 3)
    assert result.counts["constraint_violation"] == PairedCounts(20, 0, 1, 0)
    assert result.counts["omission"] == PairedCounts(20, 0, 1, 0)
    assert result.p_values["format_error"] == 1.0
    assert "b.jsonl hallucinates less than a.jsonl" in result.verdict()
    assert "McNemar exact p = 0.03906" in result.verdict()


def test_compare_is_antisymmetric(tmp_path: Path) -> None:
    a, b = _constructed(tmp_path)
    ab = compare_runs(a, b, bootstrap=0)
    ba = compare_runs(b, a, bootstrap=0)
    assert ab.counts["total"].diff == -(ba.counts["total"].diff or 0)
    assert ab.p_values == ba.p_values


def test_unpaired_ids_errors_and_repeats_are_left_out_and_reported(tmp_path: Path) -> None:
    a = write_jsonl(
        tmp_path / "a.jsonl",
        [
            _detail("p1", ["format_error"]),
            _detail("p2", []),
            _detail("dup", []),
            _detail("dup", ["format_error"]),
            _detail("only-a", []),
            {"id": "err", "hallucinations": [], "findings": [], "error": "missing response"},
        ],
    )
    b = write_jsonl(
        tmp_path / "b.jsonl",
        [
            _detail("p1", []),
            _detail("p2", []),
            _detail("dup", []),
            _detail("err", []),
            _detail(7, []),
        ],
    )
    result = compare_runs(a, b, bootstrap=0)
    assert result.n == 2
    assert result.counts["total"] == PairedCounts(2, 1, 0, 0)
    assert result.only_a == ["only-a"]
    assert result.only_b == [7]  # "err" is in A, as an error
    assert result.duplicates_a == ["dup"]
    assert [e.id for e in result.errors] == ["err"]


def test_details_lines_without_omission_use_the_findings(tmp_path: Path) -> None:
    a = write_jsonl(
        tmp_path / "a.jsonl",
        [{"id": 1, "hallucinations": [], "findings": [{"type": "omission"}], "error": None}],
    )
    b = write_jsonl(tmp_path / "b.jsonl", [_detail(1, [])])
    assert compare_runs(a, b, bootstrap=0).counts["omission"] == PairedCounts(1, 1, 0, 0)


def test_bad_details_lines_are_errors(tmp_path: Path) -> None:
    a = write_jsonl(
        tmp_path / "a.jsonl",
        [_detail(1, []), {"id": 2, "hallucinations": ["made_up"], "findings": []}, "nope"],
    )
    b = write_jsonl(tmp_path / "b.jsonl", [_detail(1, []), _detail(2, [])])
    result = compare_runs(a, b, bootstrap=0)
    assert result.n == 1
    assert [e.line for e in result.errors] == [2, 3]
    assert '"hallucinations" must be a list of' in result.errors[0].message


def _preds(tmp_path: Path, name: str, kinds: list[str]) -> Path:
    return write_jsonl(tmp_path / name, [record(k, i) for i, k in enumerate(kinds)])


def test_two_prediction_files_over_the_same_gold(tmp_path: Path) -> None:
    # A is clean everywhere; B distorts a value in samples 1 and 3: B - A = 2/4 on total.
    a = _preds(tmp_path, "a.jsonl", ["clean"] * 4)
    b = _preds(tmp_path, "b.jsonl", ["clean", "distorted", "clean", "distorted"])
    assert not is_details_file(a)
    result = compare_runs(a, b, config=LEXICAL, bootstrap=500)
    assert result.counts["total"] == PairedCounts(4, 0, 2, 0)
    assert result.counts["attribute_distortion"] == PairedCounts(4, 0, 2, 0)
    assert result.p_values["total"] == pytest.approx(0.5)  # 2 * 0.5**2
    assert result.counts["total"].diff == -0.5


def test_prediction_file_against_details_file(tmp_path: Path) -> None:
    a = _preds(tmp_path, "a.jsonl", ["clean", "fabricated", "clean"])
    details = tmp_path / "b-details.jsonl"
    b = _preds(tmp_path, "b.jsonl", ["clean", "clean", "clean"])
    assert run("score", b, "--matcher", "lexical", "--details", details).exit_code == 0
    assert is_details_file(details)
    result = compare_runs(a, details, config=LEXICAL, bootstrap=0)
    assert result.counts["entity_fabrication"] == PairedCounts(3, 1, 0, 0)


def test_cli_compare_outputs_and_exit_codes(tmp_path: Path) -> None:
    a, b = _constructed(tmp_path)
    out = tmp_path / "cmp.json"
    result = run("compare", a, b, "--out", out, "--seed", "2")
    assert result.exit_code == 0, result.stderr
    assert "TotalHallu" in result.stdout and "0.03906" in result.stdout
    saved = json.loads(out.read_text())
    assert saved["keys"]["total"]["a_only"] == 8 and saved["n_pairs"] == 20
    assert saved["keys"]["total"]["mcnemar_p"] == pytest.approx(20 / 512)
    md = run("compare", a, b, "-o", "markdown").stdout
    assert md.startswith("| rate ")
    csv_out = run("compare", a, b, "-o", "csv").stdout.splitlines()
    assert csv_out[0].startswith("key,rate_a_pct,rate_b_pct,diff_pct")
    assert len(csv_out) == 11
    assert run("compare", a, b, "--out", a).exit_code == 2


def test_cli_compare_with_invalid_records_or_nothing_paired(tmp_path: Path) -> None:
    a = write_jsonl(tmp_path / "a.jsonl", [record("clean", 1), {"id": 2, "gt_table": GOLD_MD}])
    b = write_jsonl(
        tmp_path / "b.jsonl",
        [record("clean", 1), {"id": 2, "response": RESPONSES["clean"][0], "gt_table": GOLD_MD}],
    )
    result = run("compare", a, b, "--matcher", "lexical")
    assert result.exit_code == 1
    assert f'{a} line 2 (id 2): missing "response"' in result.stderr
    c = write_jsonl(tmp_path / "c.jsonl", [record("clean", "other")])
    nothing = run("compare", a, c, "--matcher", "lexical")
    assert nothing.exit_code == 1
    assert "nothing to compare" in nothing.stderr


# --- three or more runs ---------------------------------------------------------------------------


def _three_runs(tmp_path: Path) -> list[Path]:
    """30 ids. good: none flagged; fair: 2 flagged; poor: 20 flagged (details files)."""
    flagged = {"good": set(), "fair": {0, 1}, "poor": set(range(20))}
    paths = []
    for name, ids in flagged.items():
        lines = [_detail(f"s{i}", ["attribute_distortion"] if i in ids else []) for i in range(30)]
        paths.append(write_jsonl(tmp_path / f"{name}.jsonl", lines))
    return paths


def test_leaderboard_ranks_by_total_and_holm_adjusts_the_pairs(tmp_path: Path) -> None:
    from tablehallu.scoring.stats import holm, mcnemar_exact

    good, fair, poor = _three_runs(tmp_path)
    result = run("compare", poor, good, fair, "--label", "P,G,F", "-o", "json")
    assert result.exit_code == 0, result.stderr
    board = json.loads(result.stdout)
    assert [r["label"] for r in board["runs"]] == ["G", "F", "P"]
    assert [r["rank"] for r in board["runs"]] == [1, 2, 3]
    assert [r["rates"]["total"] for r in board["runs"]] == pytest.approx([0, 2 / 30, 20 / 30])
    pairs = {(p["a"], p["b"]): p for p in board["pairs"]}
    assert set(pairs) == {("G", "F"), ("G", "P"), ("F", "P")}
    raw = [mcnemar_exact(0, 2), mcnemar_exact(0, 20), mcnemar_exact(0, 18)]
    assert [pairs[k]["p"] for k in (("G", "F"), ("G", "P"), ("F", "P"))] == pytest.approx(raw)
    assert [pairs[k]["p_holm"] for k in (("G", "F"), ("G", "P"), ("F", "P"))] == pytest.approx(
        holm(raw)
    )
    head = board["headline"]
    assert "G < P" in head and "F < P" in head and "G < F" not in head
    assert "other 1 pair(s) show no significant difference" in head
    table = run("compare", poor, good, fair, "--label", "P,G,F")
    assert table.stdout.splitlines()[2].split()[:2] == ["1", "G"]
    assert "p (Holm)" in table.stdout


def test_leaderboard_says_no_significant_difference_when_there_is_none(tmp_path: Path) -> None:
    good, fair, _ = _three_runs(tmp_path)
    same = write_jsonl(
        tmp_path / "same.jsonl", [json.loads(x) for x in good.read_text().splitlines()]
    )
    result = run("compare", good, fair, same, "-o", "markdown")
    assert result.exit_code == 0, result.stderr
    assert "TotalHallu: no significant difference between" in result.stdout
    assert "hallucinates less" not in result.stdout and " < " not in result.stdout


def test_labels_must_match_the_runs(tmp_path: Path) -> None:
    good, fair, poor = _three_runs(tmp_path)
    assert run("compare", good, fair, poor, "--label", "a,b").exit_code == 2
    assert run("compare", good, fair, poor, "--label", "a,a,b").exit_code == 2
    two = run("compare", good, poor, "--label", "base,new")
    assert two.exit_code == 0 and "base" in two.stdout and "new" in two.stdout
    assert run("compare", good).exit_code == 2

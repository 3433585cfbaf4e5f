"""Input adapters (field paths, CSV, Parquet, --limit), the lm-evaluation-harness route, and the
library metric (``Diagnosis.passed``, ``Report.to_pandas``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from _scoring_helpers import GOLD_MD, LEXICAL, RESPONSES, record, write_jsonl
from typer.testing import CliRunner

import tablehallu
from tablehallu import score
from tablehallu.cli import app
from tablehallu.scoring.inputs import FieldMap, PathError, get_path, iter_input
from tablehallu.scoring.lm_eval import METRICS, aggregation, higher_is_better, process_results

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "fixtures" / "lm_eval" / "samples_tablehallu.jsonl"
DEMO = ROOT / "fixtures" / "demo" / "preds.jsonl"
LM_EVAL_ARGS = [
    "--response-field", "resps.0.0", "--id-field", "doc_id", "--gold-field", "doc.gt_table",
    "--context-field", "doc.context", "--query-field", "doc.query",
    "--field", "constraints=doc.constraints", "--field", "model=doc.model",
]  # fmt: skip


def run(*args: Any) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=False)


def _demo(n: int) -> list[dict[str, Any]]:
    return [json.loads(x) for x in DEMO.read_text().splitlines()][:n]


# --- dotted paths -------------------------------------------------------------------------------


def test_paths_index_objects_and_lists() -> None:
    data = {"resps": [["first", "second"]], "doc": {"gt": {"0": "key zero"}}}
    assert get_path(data, "resps.0.0") == "first"
    assert get_path(data, "resps.0.-1") == "second"
    assert get_path(data, "doc.gt.0") == "key zero"  # a key that looks like a number
    with pytest.raises(PathError, match="has 1 item"):
        get_path(data, "resps.3")
    with pytest.raises(PathError, match='no "missing" in doc'):
        get_path(data, "doc.missing")
    with pytest.raises(PathError, match="is a list"):
        get_path(data, "resps.x")


def test_a_missing_response_path_is_an_error_naming_the_path(tmp_path: Path) -> None:
    rows = [
        {"n": 1, "out": {"text": RESPONSES["clean"][0]}, "gold": GOLD_MD},
        {"n": 2, "out": {}, "gold": GOLD_MD},
    ]
    path = write_jsonl(tmp_path / "p.jsonl", rows)
    fields = FieldMap(response="out.text", id="n", gold="gold")
    report = score(path, LEXICAL, fields=fields, bootstrap=0)
    assert report.n == 1
    (err,) = report.errors
    assert err.line == 2 and err.id == 2
    assert '--response-field "out.text": no "text" in out' in err.message


# --- formats and --limit ------------------------------------------------------------------------


def test_csv_and_parquet_inputs_score_like_jsonl(tmp_path: Path) -> None:
    import pandas as pd

    recs = _demo(9)
    frame = pd.DataFrame(recs)
    frame["gt_table"] = [json.dumps(r["gt_table"]) for r in recs]  # a cell holds JSON text
    frame["constraints"] = [json.dumps(r["constraints"]) for r in recs]
    frame.to_csv(tmp_path / "preds.csv", index=False)
    want = score(recs, LEXICAL, by="model", bootstrap=0)
    got = score(tmp_path / "preds.csv", LEXICAL, by="model", bootstrap=0)
    assert got.n == want.n == 9 and got.counts == want.counts
    assert [g.counts for g in got.groups] == [g.counts for g in want.groups]
    pytest.importorskip("pyarrow", reason="Parquet needs pyarrow (pip install tablehallu[parquet])")
    frame.to_parquet(tmp_path / "preds.parquet")
    from_parquet = score(tmp_path / "preds.parquet", LEXICAL, by="model", bootstrap=0)
    assert from_parquet.counts == want.counts
    raws = list(iter_input(tmp_path / "preds.parquet"))
    assert [r.line for r in raws] == list(range(1, 10))


def test_limit_scores_the_first_records_of_each_input(tmp_path: Path) -> None:
    a = write_jsonl(tmp_path / "a.jsonl", [record("clean", i) for i in range(5)])
    b = write_jsonl(tmp_path / "b.jsonl", [record("distorted", i) for i in range(5)])
    result = run(
        "score", a, b, "--limit", "2", "--by", "file", "-o", "json", "--matcher", "lexical"
    )
    summary = json.loads(result.stdout)
    assert summary["n_records"] == 4 and [g["n"] for g in summary["groups"]] == [2, 2]
    assert run("score", a, "--limit", "-1").exit_code == 2


# --- lm-evaluation-harness ----------------------------------------------------------------------


def test_process_results_on_harness_documents_matches_the_scorer() -> None:
    lines = [json.loads(x) for x in SAMPLES.read_text().splitlines()]
    per_doc = [process_results(line["doc"], line["filtered_resps"]) for line in lines]
    assert all(set(v) == set(METRICS) for v in per_doc)
    assert all(x in (0.0, 1.0) for v in per_doc for x in v.values())
    # the harness averages each metric: the same rates as `tablehallu score` on the same samples
    report = score(SAMPLES, LEXICAL, fields=_lm_eval_fields(), bootstrap=0)
    for key in ("total", "attribute_distortion", "order_mismatch", "omission"):
        mean = sum(v[key] for v in per_doc) / len(per_doc)
        assert mean == pytest.approx(report.rates[key]), key
    assert sum(v["passed"] for v in per_doc) == report.n - report.counts["total"]
    assert aggregation()["total"] == "mean"
    assert higher_is_better() == {k: k == "passed" for k in METRICS}


def _lm_eval_fields() -> FieldMap:
    return FieldMap(
        response="resps.0.0",
        id="doc_id",
        gold="doc.gt_table",
        context="doc.context",
        query="doc.query",
        extra=(("constraints", "doc.constraints"), ("model", "doc.model")),
    )


def test_harness_samples_file_to_a_report_in_one_command(tmp_path: Path) -> None:
    out = tmp_path / "results"
    result = run("score", SAMPLES, *LM_EVAL_ARGS, "--by", "model", "--matcher", "lexical",
                 "--output-dir", out)  # fmt: skip
    assert result.exit_code == 0, result.stderr
    summary = json.loads((out / "summary.json").read_text())
    assert summary["n"] == 12 and summary["n_errors"] == 0
    assert {g["group"]["model"] for g in summary["groups"]} == {"aurora-7b", "basalt-70b"}
    page = (out / "report.html").read_text()
    assert page.count("<svg") >= 2 and "aurora-7b" in page
    details = [json.loads(x) for x in (out / "details.jsonl").read_text().splitlines()]
    assert [d["id"] for d in details] == list(range(12))
    assert "doc" not in details[0] and "resps" not in details[0]  # the mapped roots stay out


# --- the library metric -------------------------------------------------------------------------


def test_diagnosis_passed_means_no_hallucination() -> None:
    clean = tablehallu.detect(RESPONSES["clean"][0], GOLD_MD, config=LEXICAL)
    distorted = tablehallu.detect(RESPONSES["distorted"][0], GOLD_MD, config=LEXICAL)
    assert clean.passed and not distorted.passed
    # an omission alone does not fail a sample (it is outside total, as in the paper)
    short = RESPONSES["clean"][0].rsplit("\n", 1)[0]
    dropped = tablehallu.detect(short, GOLD_MD, config=LEXICAL)
    assert dropped.flags["omission"] and dropped.passed


def test_report_to_pandas_overall_and_per_group() -> None:
    recs = [
        record("clean", "a", model="m1"),
        record("distorted", "b", model="m1"),
        record("fabricated", "c", model="m2"),
    ]
    frame = score(recs, LEXICAL, by="model").to_pandas()
    assert list(frame["model"]) == ["m1", "m2", "all"]
    assert list(frame["n"]) == [2, 1, 3]
    assert frame.loc[2, "total"] == pytest.approx(2 / 3)
    assert frame.loc[0, "attribute_distortion_count"] == 1
    assert 0 <= frame.loc[2, "total_ci_low"] < frame.loc[2, "total"] < frame.loc[2, "total_ci_high"]
    plain = score(recs, LEXICAL, bootstrap=0).to_pandas()
    assert list(plain["scope"]) == ["all"] and plain["total_ci_low"].isna().all()

"""The JSON Schemas shipped for summary, details and compare outputs hold for real outputs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tablehallu.cli import app
from tablehallu.scoring.records import OUTPUT_SCHEMAS, output_schema

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is a dev dependency")

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "fixtures" / "demo" / "preds.jsonl"


def run(*args: Any) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=False)


def _validator(kind: str) -> Any:
    schema = output_schema(kind)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("schemas")
    bad = out / "with-bad-lines.jsonl"
    bad.write_text(DEMO.read_text() + "not json\n{}\n")
    result = run("score", bad, "--by", "model,format", "--matcher", "lexical",
                 "--output-dir", out / "run")  # fmt: skip
    assert result.exit_code == 1  # two bad lines, the rest scored
    return out / "run"


def test_schemas_ship_with_the_package_and_are_valid() -> None:
    for kind in OUTPUT_SCHEMAS:
        _validator(kind)
    with pytest.raises(ValueError):
        output_schema("nope")


def test_summary_and_details_of_a_real_run_validate(demo: Path) -> None:
    summary = json.loads((demo / "summary.json").read_text())
    _validator("summary").validate(summary)
    assert summary["n_errors"] == 2
    lines = [json.loads(x) for x in (demo / "details.jsonl").read_text().splitlines()]
    check = _validator("details")
    for line in lines:
        check.validate(line)
    assert sum(1 for line in lines if line["error"]) == 2
    # and the schemas do reject what is not an output
    assert not _validator("summary").is_valid({"n": 1})
    broken = dict(lines[0], findings=[{"type": "format_error", "pred_row": 0}])
    assert not check.is_valid(broken)  # rows are 1-based


def test_compare_outputs_of_two_and_three_runs_validate(demo: Path, tmp_path: Path) -> None:
    details = demo / "details.jsonl"
    ok = [x for x in details.read_text().splitlines() if not json.loads(x)["error"]]
    a = tmp_path / "a.jsonl"
    a.write_text("\n".join(ok) + "\n")
    b = tmp_path / "b.jsonl"
    b.write_text("\n".join(reversed(ok)) + "\n")
    c = tmp_path / "c.jsonl"
    c.write_text("\n".join(ok[:20]) + "\n")
    two = run("compare", a, b, "-o", "json")
    assert two.exit_code == 0, two.stderr
    _validator("compare").validate(json.loads(two.stdout))
    three = run("compare", a, b, c, "--out", tmp_path / "board.json")
    assert three.exit_code == 0, three.stderr
    board = json.loads((tmp_path / "board.json").read_text())
    assert board["kind"] == "leaderboard" and board["n_common"] == 20
    _validator("compare").validate(board)

"""``tablehallu parse``: output, warnings on stderr, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablehallu.cli import app

RESPONSE = (
    "<think>\nDraft: | A | B |\n</think>\n"
    "Here is the table:\n\n| Team | Wins |\n|---|---|\n| Hawks | 46 | |\n| Magic | 19 |\n"
)


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def response_file(tmp_path: Path) -> Path:
    path = tmp_path / "response.txt"
    path.write_text(RESPONSE, encoding="utf-8")
    return path


def test_prints_the_table_as_json_and_warnings_on_stderr(
    runner: CliRunner, response_file: Path
) -> None:
    result = runner.invoke(app, ["parse", str(response_file)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["format"] == "markdown"
    assert data["headers"] == ["Team", "Wins"]
    assert data["rows"] == [["Hawks", "46"], ["Magic", "19"]]
    assert [w["code"] for w in data["warnings"]] == ["ragged_row"]
    assert result.stderr.startswith("warning: ragged_row: ")
    assert result.stderr.rstrip().endswith("(line 8)")
    assert len(result.stderr.strip().splitlines()) == 1


def test_csv_output(runner: CliRunner, response_file: Path) -> None:
    result = runner.invoke(app, ["parse", str(response_file), "--output-format", "csv"])
    assert result.exit_code == 0
    assert result.stdout == "Team,Wins\nHawks,46\nMagic,19\n"


def test_reads_stdin(runner: CliRunner) -> None:
    result = runner.invoke(app, ["parse", "-", "-o", "csv"], input="A,B\n1,2\n")
    assert result.exit_code == 0
    assert result.stdout == "A,B\n1,2\n"


def test_invalid_utf8_is_replaced_not_fatal(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(b"| A |\n|---|\n| \xff\xfe |\n")
    result = runner.invoke(app, ["parse", str(path)])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["rows"] == [["\ufffd\ufffd"]]


def test_gold_keeps_reasoning_blocks(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "gold.txt"
    path.write_text("<think>\n| A |\n|---|\n| 1 |\n</think>\n", encoding="utf-8")
    assert runner.invoke(app, ["parse", str(path)]).exit_code == 1
    gold = runner.invoke(app, ["parse", str(path), "--gold"])
    assert gold.exit_code == 0
    assert json.loads(gold.stdout)["headers"] == ["A"]
    explicit = runner.invoke(app, ["parse", str(path), "--gold", "--format", "markdown"])
    assert explicit.exit_code == 0


def test_explicit_format_mismatch_is_a_warning(runner: CliRunner, response_file: Path) -> None:
    result = runner.invoke(app, ["parse", str(response_file), "--format", "json"])
    assert result.exit_code == 0
    assert "warning: format_mismatch: " in result.stderr


def test_no_table_exits_1_with_a_one_line_reason(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "prose.txt"
    path.write_text("The Hawks won.\nNo table.\n", encoding="utf-8")
    result = runner.invoke(app, ["parse", str(path)])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("error: ") and "no table" in result.stderr


def test_missing_file_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    missing = tmp_path / "nope.txt"
    result = runner.invoke(app, ["parse", str(missing)])
    assert result.exit_code == 2
    assert f"file not found: {missing}" in result.stderr
    directory = runner.invoke(app, ["parse", str(tmp_path)])
    assert directory.exit_code == 2 and "directory" in directory.stderr


def test_bad_option_and_bad_config_exit_2(runner: CliRunner, response_file: Path) -> None:
    assert runner.invoke(app, ["parse", str(response_file), "--format", "xml"]).exit_code == 2
    config = response_file.parent / "bad.toml"
    config.write_text("max_rows = 0\n", encoding="utf-8")
    result = runner.invoke(app, ["parse", str(response_file), "--config", str(config)])
    assert result.exit_code == 2 and "max_rows" in result.stderr


def test_config_limits_apply(runner: CliRunner, response_file: Path) -> None:
    config = response_file.parent / "small.toml"
    config.write_text("max_rows = 1\n", encoding="utf-8")
    result = runner.invoke(app, ["parse", str(response_file), "--config", str(config)])
    assert result.exit_code == 1 and "max_rows" in result.stderr


def test_help_describes_the_command(runner: CliRunner) -> None:
    result = runner.invoke(app, ["parse", "--help"])
    assert result.exit_code == 0
    for option in ("--format", "--gold", "--output-format", "FILE|-"):
        assert option in result.stdout
    assert "parse" in runner.invoke(app, ["--help"]).stdout


def test_the_command_module_does_not_import_pandas() -> None:
    code = (
        "import sys; import tablehallu.cli.parse_cmd; "
        "print(sorted(m for m in ('pandas', 'tablehallu.parsers') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]"

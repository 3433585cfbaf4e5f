"""``tablehallu check`` end to end: the fixtures, output formats, exit codes, settings."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from _check_helpers import FIXTURES, ROOT, fixture_module
from typer.testing import CliRunner

from tablehallu.check import RULES
from tablehallu.cli import app

CLEAN = FIXTURES / "clean.jsonl"
VIOLATIONS = FIXTURES / "violations.jsonl"
LINE_RE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<code>TH\d{3})(?: \[warning\])? .+$")


MAKE = fixture_module()


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from an empty directory, so no pyproject.toml above the checkout applies."""
    monkeypatch.chdir(tmp_path)


def run(*args: Any) -> Any:
    return CliRunner().invoke(app, ["check", *(str(a) for a in args)], catch_exceptions=False)


def pairs(output: str) -> list[tuple[str, int]]:
    out = []
    for line in output.splitlines():
        m = LINE_RE.match(line)
        if m:
            out.append((m["code"], int(m["line"])))
    return out


def test_fixture_files_are_what_the_generator_writes(tmp_path: Path) -> None:
    lines = []
    for _, rec in MAKE.violation_records():
        lines.append(rec if isinstance(rec, str) else json.dumps(rec, ensure_ascii=False))
    assert VIOLATIONS.read_text(encoding="utf-8") == "".join(ln + "\n" for ln in lines)
    clean = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in MAKE.clean_records())
    assert CLEAN.read_text(encoding="utf-8") == clean


def test_clean_fixture_passes_every_rule() -> None:
    result = run(CLEAN, "--select", "ALL")
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "All checks passed (2 records in 1 file)."


def test_each_rule_violated_exactly_once() -> None:
    result = run(VIOLATIONS, "--extend-select", "TH050")
    assert result.exit_code == 1
    assert pairs(result.output) == MAKE.EXPECTED
    assert sorted(code for code, _ in MAKE.EXPECTED) == sorted(RULES)  # every rule, once
    assert (
        result.output.splitlines()[-1] == "Found 12 errors and 4 warnings (16 records in 1 file)."
    )


def test_default_selection_leaves_th050_out() -> None:
    result = run(VIOLATIONS)
    assert pairs(result.output) == [p for p in MAKE.EXPECTED if p[0] != "TH050"]


def test_select_and_ignore() -> None:
    result = run(VIOLATIONS, "--select", "TH021,TH022", "--select", "TH032")
    # unreadable lines are always reported, and are errors
    assert pairs(result.output) == [("TH000", 1), ("TH021", 8), ("TH022", 9), ("TH032", 13)]
    assert result.exit_code == 1
    result = run(VIOLATIONS, "--ignore", "TH0", "--extend-select", "TH021")
    assert pairs(result.output) == [("TH000", 1), ("TH021", 8)]


def test_warnings_alone_do_not_fail(tmp_path: Path) -> None:
    path = tmp_path / "w.jsonl"
    lines = VIOLATIONS.read_text(encoding="utf-8").splitlines()
    path.write_text(lines[7] + "\n", encoding="utf-8")  # the TH021 record
    result = run(path)
    assert result.exit_code == 0
    assert pairs(result.output) == [("TH021", 1)]
    assert "[warning]" in result.output.splitlines()[0]


def test_json_output() -> None:
    result = run(VIOLATIONS, "--output-format", "json", "--extend-select", "TH050")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert [(v["code"], v["line"]) for v in data] == MAKE.EXPECTED
    th020 = next(v for v in data if v["code"] == "TH020")
    assert th020 == {
        "file": str(VIOLATIONS),
        "line": 7,
        "code": "TH020",
        "rule": "values-grounded",
        "severity": "error",
        "message": th020["message"],
        "id": "th020-ungrounded",
        "entity": "Northgate Link",
        "column": "Length (km)",
        "row": 4,
    }


def test_github_output() -> None:
    result = run(VIOLATIONS, "-o", "github")
    lines = [ln for ln in result.stdout.splitlines() if ln.startswith("::")]
    assert lines[0].startswith(f"::error file={VIOLATIONS},line=1,title=TH000::not JSON")
    assert any(ln.startswith("::warning ") and "title=TH021::" in ln for ln in lines)
    assert len(lines) == len(MAKE.EXPECTED) - 1  # TH050 is off by default


def test_statistics() -> None:
    result = run(VIOLATIONS, "--statistics", "--extend-select", "TH050")
    rows = {ln.split()[0]: ln.split() for ln in result.output.splitlines()[1:-1]}
    assert set(rows) == set(RULES)
    assert rows["TH030"][1:5] == ["error", "1", "14", "1"]  # 1 violation, 14 checked, 1 skipped
    data = json.loads(run(CLEAN, "--statistics", "-o", "json").output)
    assert data["records"] == 2 and {r["code"] for r in data["rules"]} == set(RULES) - {"TH050"}


def test_list_rules() -> None:
    result = run("--list-rules")
    assert result.exit_code == 0
    listed = [ln.split()[0] for ln in result.output.splitlines()[1:]]
    assert listed == list(RULES)
    th050 = next(ln for ln in result.output.splitlines() if ln.startswith("TH050"))
    assert th050.split()[1:4] == ["error", "off", "off"]
    data = json.loads(run("--list-rules", "-o", "json", "--extend-select", "TH050").output)
    assert next(r for r in data if r["code"] == "TH050")["enabled"] is True


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--select", "TH999"], "unknown rule selector 'TH999'"),
        ([], "give at least one DATASET"),
        (["missing.jsonl"], "missing.jsonl: no such file"),
    ],
)
def test_usage_errors_exit_2(args: list[str], message: str) -> None:
    extra = [CLEAN] if args and args[0].startswith("--") else []
    result = run(*extra, *args)
    assert result.exit_code == 2
    assert message in result.output


def test_bad_config_file_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[check]\nignore = ["XX1"]\n')
    result = run(CLEAN, "--config", bad)
    assert result.exit_code == 2 and "unknown rule selector 'XX1'" in result.output


def test_pyproject_settings_apply(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        "[tool.tablehallu.check]\n"
        'ignore = ["TH02", "TH000"]\n'
        'extend-select = ["TH050"]\n'
        'severity = { TH04 = "warning", TH01 = "warning" }\n'
    )
    result = run(VIOLATIONS)
    found = pairs(result.output)
    assert ("TH020", 7) not in found and ("TH050", 15) in found
    assert ("TH000", 1) in found  # unreadable records cannot be ignored
    th040 = next(ln for ln in result.output.splitlines() if " TH040 " in ln)
    assert "[warning]" in th040


def test_a_json_array_dataset(tmp_path: Path) -> None:
    records = [json.loads(ln) for ln in CLEAN.read_text(encoding="utf-8").splitlines()]
    path = tmp_path / "release.json"
    path.write_text(json.dumps(records, indent=2), encoding="utf-8")
    assert run(path).exit_code == 0
    records[1]["context"] = "Something else entirely."
    path.write_text(json.dumps(records, indent=2), encoding="utf-8")
    result = run(path)
    assert result.exit_code == 1
    lines = path.read_text(encoding="utf-8").splitlines()
    second = next(i for i, ln in enumerate(lines, start=1) if ln == "  {" and i > 2)
    assert {line for _, line in pairs(result.output)} == {second}


def test_help_is_fast_to_import() -> None:
    """--help must not import the checking machinery (pandas, scipy...)."""
    import subprocess
    import sys

    code = (
        "import sys; from tablehallu.cli import app; "
        "print('tablehallu.check' in sys.modules, 'pandas' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split()[0] == "False"


def test_docs_cover_every_rule_and_option() -> None:
    from tablehallu.config import Config

    text = (ROOT / "docs" / "check.md").read_text(encoding="utf-8")
    for code, rule in RULES.items():
        assert f"### {code} `{rule.name}`" in text
    for name, _, _ in Config.field_docs():
        if name.startswith("check_"):
            key = name[len("check_") :].replace("_", "-")
            assert f"| `{key}` | `{name}` |" in text

"""Every fixture under fixtures/parse/ parses exactly as its .expected.json says.

A fixture is a pair: ``NAME.txt`` (a raw model response, or a gold table when the expectation
says ``"kind": "gold"``) and ``NAME.expected.json``::

    {
      "note": "what trap this covers",
      "kind": "response" | "gold",          # default "response"
      "format_arg": "auto",                 # format passed to the parser (default auto)
      "expect": "table" | "error",
      "format": "markdown",                 # detected format (tables)
      "headers": ["A", "B"],
      "rows": [["1", "2"]],
      "warnings": ["multiple_tables"],      # warning codes, in order
      "metadata": {...},                    # optional: expected metadata subset (gold)
      "error_contains": "separator",        # errors: substring of the reason (case-insensitive)
      "error_line": 3                       # errors: optional 1-based line
    }
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablehallu.parsers import parse_gold, parse_response
from tablehallu.parsers.table import ParsedTable, ParseError

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "parse"
CASES = sorted(FIXTURES.glob("*.expected.json"))


def _load(expected_path: Path) -> tuple[str, dict[str, Any]]:
    name = expected_path.name[: -len(".expected.json")]
    raw = (expected_path.parent / f"{name}.txt").read_bytes().decode("utf-8", errors="replace")
    return raw, json.loads(expected_path.read_text(encoding="utf-8"))


def test_there_are_enough_fixtures() -> None:
    assert len(CASES) >= 40


@pytest.mark.parametrize("expected_path", CASES, ids=lambda p: p.name.split(".")[0])
def test_fixture_parses_as_expected(expected_path: Path) -> None:
    raw, exp = _load(expected_path)
    if exp.get("kind", "response") == "gold":
        result = parse_gold(raw)
    else:
        result = parse_response(raw, format=exp.get("format_arg", "auto"))
    if exp["expect"] == "error":
        assert isinstance(result, ParseError), f"expected an error, got {result}"
        assert exp["error_contains"].lower() in result.reason.lower(), result.reason
        if "error_line" in exp:
            assert result.line == exp["error_line"]
        return
    assert isinstance(result, ParsedTable), f"expected a table, got error: {result}"
    assert result.format == exp["format"]
    assert result.headers == exp["headers"]
    assert result.rows() == exp["rows"]
    assert [w.code for w in result.warnings] == exp.get("warnings", [])
    for key, value in exp.get("metadata", {}).items():
        assert result.metadata is not None and result.metadata.get(key) == value

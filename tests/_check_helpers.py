"""Shared by the ``tablehallu check`` rule tests: a clean base record, its gold table in the
paper's shape, and a one-call runner of chosen rules."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

from tablehallu.check import RULES, Checker
from tablehallu.config import Config

LEXICAL = Config(matcher="lexical")
ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures" / "check"


def fixture_module() -> ModuleType:
    """``fixtures/check/make_fixtures.py``, which writes the fixtures and lists what they violate
    (``EXPECTED``: (rule, line) pairs)."""
    spec = importlib.util.spec_from_file_location("make_fixtures", FIXTURES / "make_fixtures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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


QUERY = (
    'Create a table of companies with the columns "Company", "City", "Founded", '
    '"Revenue (USD Million)", "Staff". Sort the table by "Founded" in ascending order.'
)

"""The paper's bad cases (Appendix E) are classified as the paper says.

Each fixture in fixtures/paper/ holds the query, the context (where the case needs one), the gold
table in the paper's ``gt_table`` shape and the model response; ``expected`` lists what must hold.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablehallu import Config, detect
from tablehallu.detectors.diagnosis import (
    ENTITY_FABRICATION,
    OMISSION,
    OUT_OF_RANGE,
    PARTIAL_MATCH,
    Diagnosis,
)

CASES = sorted((Path(__file__).resolve().parent.parent / "fixtures" / "paper").glob("*.json"))
ROW_TYPES = {OUT_OF_RANGE, ENTITY_FABRICATION}


def _run(case: dict[str, Any], matcher: str) -> Diagnosis:
    return detect(
        case["response"],
        case["gt_table"],
        context=case.get("context"),
        query=case.get("query"),
        config=Config(matcher=matcher),
    )


def _check(case: dict[str, Any], diag: Diagnosis) -> None:
    exp = case["expected"]
    got = diag.hallucinations
    if "hallucinations" in exp:
        assert got == set(exp["hallucinations"]), str(diag)
    for t in exp.get("hallucinations_include", []):
        assert t in got, str(diag)
    for want in exp["findings"]:
        assert any(all(getattr(f, k) == v for k, v in want.items()) for f in diag.findings), (
            f"missing {want}\n{diag}"
        )
    # omissions and partial-match notes (a value accepted, loosely) are not problems found
    real = [f for f in diag.findings if f.type not in (OMISSION, PARTIAL_MATCH)]
    if exp.get("exact_findings"):
        assert len(real) == len(exp["findings"]), str(diag)
    if exp.get("stops_after_format"):
        assert {f.type for f in diag.findings} == {"format_error"}
    if exp.get("exact_types_per_row"):
        for want in exp["findings"]:
            if want["type"] in ROW_TYPES:
                row_types = {
                    f.type for f in real if f.pred_row == want["pred_row"] and f.type in ROW_TYPES
                }
                assert row_types == {want["type"]}, f"row {want['pred_row']}: {row_types}"
        expected_rows = {w["pred_row"] for w in exp["findings"] if w["type"] in ROW_TYPES}
        flagged = {f.pred_row for f in real if f.type in ROW_TYPES}
        assert flagged == expected_rows, str(diag)
    if "primary_key" in exp:
        assert diag.primary_key == exp["primary_key"]


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_paper_case_lexical(path: Path) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    _check(case, _run(case, "lexical"))


@pytest.mark.embedding
@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_paper_case_embedding(path: Path) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    _check(case, _run(case, "embedding"))


def test_all_five_paper_cases_are_present() -> None:
    assert {p.stem for p in CASES} >= {
        "format_error",
        "attribute_blank_filling",
        "range_hallucination",
        "entity_fabrication",
        "order_mismatch",
    }

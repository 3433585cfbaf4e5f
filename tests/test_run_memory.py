"""What a scoring run keeps per record stays small (memory flat in the input size), and the
outputs built from it are unchanged: repeated ids, severity summaries, gold conflicts."""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from _scoring_helpers import LEXICAL, record, write_jsonl

from tablehallu import score
from tablehallu.scoring.pages import MAX_CONFLICTS, _gather, build_report
from tablehallu.scoring.records import DuplicateIds


def _rec(source: str | None, rid: Any, line: int) -> Any:
    return SimpleNamespace(source=source, key=str(rid), id=rid, line=line)


def _traced(build: Any) -> tuple[Any, int]:
    """``build()`` and the bytes still allocated by it afterwards."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        value = build()
        gc.collect()
        return value, tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


# --- repeated ids ---------------------------------------------------------------------------------


def test_repeated_ids_are_found_per_input_with_every_line_in_first_repeat_order() -> None:
    seen = DuplicateIds()
    lines = [
        ("a.jsonl", "x", 1),
        ("a.jsonl", "y", 2),
        ("b.jsonl", "x", 1),  # another input: not a repeat
        (None, "x", 1),  # in-memory records are their own input
        ("a.jsonl", "y", 3),
        ("a.jsonl", "x", 4),
        ("a.jsonl", "y", 5),
        ("a.jsonl", "x", 1),  # the same line read again is not a repeat
        ("None", "x", 9),  # nor an input file called None
    ]
    for source, rid, line in lines:
        seen.add(_rec(source, rid, line))
    assert seen.report() == [
        {"id": "y", "source": "a.jsonl", "lines": [2, 3, 5]},
        {"id": "x", "source": "a.jsonl", "lines": [1, 4]},
    ]


def test_repeated_ids_keep_under_64_bytes_per_distinct_id() -> None:
    n = 40_000

    def build() -> DuplicateIds:
        seen = DuplicateIds()
        for i in range(n):
            seen.add(_rec("run.jsonl", f"sample-{i:06d}#{i % 7}", i + 1))
        seen.add(_rec("run.jsonl", "sample-000003#3", n + 1))
        return seen

    seen, kept = _traced(build)
    assert seen.report() == [{"id": "sample-000003#3", "source": "run.jsonl", "lines": [4, n + 1]}]
    assert kept < 64 * n  # a dict of (source, id) -> line kept ~220 bytes per id


def test_a_run_reports_repeated_ids_of_each_file(tmp_path: Path) -> None:
    a = write_jsonl(tmp_path / "a.jsonl", [record("clean", i % 3) for i in range(7)])
    b = write_jsonl(tmp_path / "b.jsonl", [record("clean", 0)])
    report = score([a, b], LEXICAL, bootstrap=0)
    assert report.warnings["duplicate_ids"] == [
        {"id": 0, "source": str(a), "lines": [1, 4, 7]},
        {"id": 1, "source": str(a), "lines": [2, 5]},
        {"id": 2, "source": str(a), "lines": [3, 6]},
    ]


# --- the report page's view of the details --------------------------------------------------------


def _lines(n: int, severity: Any = None, conflict: bool = False) -> Iterator[dict[str, Any]]:
    for i in range(n):
        findings = []
        if conflict:
            findings.append({"type": "gold_conflict", "column": "c", "explanation": f"row {i}"})
        yield {
            "id": i,
            "hallucinations": [],
            "findings": findings,
            "parsed_format": "markdown",
            "severity": severity(i) if severity else (i % 97) / 96,
            "error": None,
        }


def test_severity_summary_and_gold_conflicts_over_many_lines() -> None:
    n = 3_000
    summary = {"n": n, "n_records": n, "rates": {}, "ci": {}}
    page = build_report(summary, _lines(n, conflict=True))
    values = [(i % 97) / 96 for i in range(n)]
    mean = sum(values) / len(values)
    expected = f"| all | mean {mean:.3g} (min {min(values):.3g}, max {max(values):.3g}) | {n} |"
    assert expected in page.markdown
    assert f"{n} finding(s) where the gold table contradicts its own context" in page.markdown
    assert "row 199" in page.markdown and "row 200" not in page.markdown  # the first 200 listed
    assert MAX_CONFLICTS == 200


def test_mixed_severity_values_are_counted_as_labels_by_their_text() -> None:
    kinds = [3, 0.5, "major", {"label": "minor"}, 3, None, True]
    summary = {"n": 7, "n_records": 7, "rates": {}, "ci": {}}
    page = build_report(summary, _lines(len(kinds), severity=kinds.__getitem__))
    for row in (
        "| all | 0.5 | 1 |",
        "| all | 3 | 2 |",
        "| all | major | 1 |",
        "| all | minor | 1 |",
    ):
        assert row in page.markdown
    assert "True" not in page.markdown.split("## Severity of the samples")[1]


def test_the_pages_view_keeps_a_few_bytes_per_details_line() -> None:
    small, kept_small = _traced(lambda: _gather(_lines(3_000, conflict=True), [], 3))
    big, kept_big = _traced(lambda: _gather(_lines(30_000, conflict=True), [], 3))
    assert big.lines == 30_000 and big.n_conflicts == 30_000
    assert len(small.conflicts) == len(big.conflicts) == MAX_CONFLICTS
    # per further line: its severity as a double and a flag (a list of floats kept ~32 bytes,
    # every gold-conflict line was copied whole)
    assert (kept_big - kept_small) / 27_000 < 12

"""``tablehallu explain`` shows the evidence of each finding the context decided (issue 9): the
sentence, with the value marked ``[[...]]``, and its span in the context.

The golden test compares the whole text output for the record ``bulls-bucks`` of
``fixtures/grounding/explain.jsonl`` with ``fixtures/grounding/explain.golden.txt``. When the
output format changes on purpose (e.g. row numbers), regenerate the golden file from the
repository root and READ the diff before committing it::

    HF_HUB_OFFLINE=1 .venv/bin/tablehallu explain fixtures/grounding/explain.jsonl \\
        --id bulls-bucks --matcher lexical > fixtures/grounding/explain.golden.txt

or run this file with ``TABLEHALLU_REGENERATE_GOLDEN=1`` set.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablehallu.cli import app
from tablehallu.scoring.explain import marked_evidence

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = "fixtures/grounding/explain.jsonl"
GOLDEN = ROOT / "fixtures/grounding/explain.golden.txt"
ARGS = ["explain", FIXTURE, "--id", "bulls-bucks", "--matcher", "lexical"]


def explain(monkeypatch: pytest.MonkeyPatch, *extra: str) -> str:
    # run from the repository root: the output names the file as it was given
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, [*ARGS, *extra], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_explain_output_matches_the_golden_file(monkeypatch: pytest.MonkeyPatch) -> None:
    out = explain(monkeypatch)
    if os.environ.get("TABLEHALLU_REGENERATE_GOLDEN"):
        GOLDEN.write_text(out, encoding="utf-8")
    assert out == GOLDEN.read_text(encoding="utf-8")


def test_explain_marks_the_value_in_the_evidence_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    out = explain(monkeypatch)
    assert (
        'evidence: "Jimmy Butler scored 28 points, with [[eight]] rebounds and six assists."'
        " (context chars 67-134)"
    ) in out
    assert 'evidence: "Khris Middleton scored [[22]] points for Milwaukee."' in out


def test_explain_json_carries_the_evidence_spans(monkeypatch: pytest.MonkeyPatch) -> None:
    line = json.loads(explain(monkeypatch, "-o", "json"))
    record = json.loads((ROOT / FIXTURE).read_text(encoding="utf-8").splitlines()[1])
    context = record["context"]
    (conflict,) = [f for f in line["findings"] if f["type"] == "gold_conflict"]
    ev = conflict["evidence"]
    assert context[ev["start"] : ev["end"]] == ev["sentence"]
    assert context[ev["value_start"] : ev["value_end"]] == "eight"
    assert conflict["pred_column"] == "Rebounds"


def test_marked_evidence_without_a_value_span_shows_the_sentence() -> None:
    ev = {"sentence": "He was born in Oslo.", "start": 10, "end": 30}
    assert marked_evidence(ev) == '"He was born in Oslo." (context chars 10-30)'


def test_marked_evidence_marks_the_value_span() -> None:
    ev = {
        "sentence": "He scored 22 points.",
        "start": 10,
        "end": 30,
        "value_start": 20,
        "value_end": 22,
    }
    assert marked_evidence(ev) == '"He scored [[22]] points." (context chars 10-30)'

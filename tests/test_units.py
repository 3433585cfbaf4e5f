"""Unit conversions (issue 11): a value stated in another physical unit is an info
``unit_conversion`` note, not an ``attribute_distortion``; a near miss still is one."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tablehallu import Config, detect
from tablehallu.detectors.diagnosis import ATTRIBUTE_DISTORTION, FORMAT_ERROR, UNIT_CONVERSION
from tablehallu.normalize import header_base
from tablehallu.normalize.units import convert

LENIENT = Config(headers="lenient", matcher="lexical")

GOLD_YARDS = """| Greyhound | Distance (yards) |
|---|---|
| Lemon Clover | 325 |
| Whatsupjack | 550 |
| Tinas Girl | 700 |
"""
PRED_METERS = """| Greyhound | Distance (meters) |
|---|---|
| Lemon Clover | 297.18 |
| Whatsupjack | 502.92 |
| Tinas Girl | 640.1 |
"""


def _types(diag: object) -> list[str]:
    return [f.type for f in diag.findings]  # type: ignore[attr-defined]


def test_header_units_yards_to_meters_is_a_conversion_note() -> None:
    d = detect(PRED_METERS, GOLD_YARDS, config=LENIENT)
    notes = [f for f in d.findings if f.type == UNIT_CONVERSION]
    assert len(notes) == 3 and all(f.matcher == "unit" for f in notes)
    assert ATTRIBUTE_DISTORTION not in _types(d)
    header = [f for f in d.findings if f.type == FORMAT_ERROR]
    assert [(f.subtype, f.matcher) for f in header] == [("renamed_column", "unit")]
    assert notes[0].column == "Distance (yards)" and notes[0].pred_column == "Distance (meters)"
    assert "converted" in notes[0].explanation
    assert "unit_conversion" not in d.hallucinations  # outside total, like the other notes


def test_conversion_the_other_way_meters_to_yards() -> None:
    d = detect(GOLD_YARDS, PRED_METERS, config=LENIENT)
    assert _types(d).count(UNIT_CONVERSION) == 3
    assert ATTRIBUTE_DISTORTION not in _types(d)


def test_cell_units_convert_and_the_note_is_not_a_hallucination() -> None:
    head = "| City | Run | Temp |\n|---|---|---|\n"
    gold = head + "| Oslo | 5 km | 100 °C |\n| Rome | 10 km | 20 °C |"
    pred = head + "| Oslo | 3.11 mi | 212 °F |\n| Rome | 6.21 mi | 68 °F |"
    d = detect(pred, gold, config=LENIENT)
    assert _types(d) == [UNIT_CONVERSION] * 4
    assert d.passed and d.severity == 0.0
    back = detect(gold, pred, config=LENIENT)
    assert _types(back) == [UNIT_CONVERSION] * 4


def test_a_near_miss_is_a_distortion_not_a_conversion() -> None:
    pred = PRED_METERS.replace("297.18", "310")  # 325 yd is 297.18 m; 310 m is 4% off
    d = detect(pred, GOLD_YARDS, config=LENIENT)
    wrong = [f for f in d.findings if f.type == ATTRIBUTE_DISTORTION]
    assert len(wrong) == 1 and wrong[0].predicted == "310" and wrong[0].matcher == "unit"
    assert _types(d).count(UNIT_CONVERSION) == 2


def test_same_number_under_another_unit_is_wrong() -> None:
    pred = PRED_METERS.replace("297.18", "325")
    d = detect(pred, GOLD_YARDS, config=LENIENT)
    assert [f.predicted for f in d.findings if f.type == ATTRIBUTE_DISTORTION] == ["325"]


def test_currencies_never_convert() -> None:
    gold = "| Item | Price |\n|---|---|\n| Tea | $5 |"
    pred = "| Item | Price |\n|---|---|\n| Tea | €4.6 |"
    d = detect(pred, gold, config=LENIENT)
    assert _types(d) == [ATTRIBUTE_DISTORTION]


def test_tolerance_is_the_config_field() -> None:
    pred = PRED_METERS.replace("297.18", "300")  # 0.9% off
    assert ATTRIBUTE_DISTORTION not in _types(detect(pred, GOLD_YARDS, config=LENIENT))
    tight = LENIENT.replace(unit_rel_tol=0.005)
    assert ATTRIBUTE_DISTORTION in _types(detect(pred, GOLD_YARDS, config=tight))


def test_convert_and_header_base() -> None:
    assert convert(325, "yd", "m") == pytest.approx(297.18)
    assert convert(100, "°c", "°f") == pytest.approx(212)
    assert convert(1, "kg", "m") is None
    assert header_base("Distance (yards)") == header_base("Distance (meters)") == "distance"
    assert header_base("Name (first)") == "name (first)"


def test_pint_is_imported_only_when_units_differ() -> None:
    code = (
        "import sys, tablehallu\n"
        "t = '| a | b |\\n|---|---|\\n| x | 1 km |'\n"
        "tablehallu.detect(t, t, config=tablehallu.Config(matcher='lexical'))\n"
        "print('pint' in sys.modules)\n"
        "tablehallu.detect(t.replace('1 km', '0.62 mi'), t, "
        "config=tablehallu.Config(matcher='lexical'))\n"
        "print('pint' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["False", "True"]


def test_explain_shows_the_conversion_and_its_rule(tmp_path: Path) -> None:
    from tablehallu.scoring.explain import explain

    preds = tmp_path / "preds.jsonl"
    record = {"id": "u1", "response": PRED_METERS, "gold": GOLD_YARDS}
    preds.write_text(json.dumps(record) + "\n", encoding="utf-8")
    text = explain(preds, "u1", LENIENT)
    assert "Unit conversion" in text and "decided by: unit" in text

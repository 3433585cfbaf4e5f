"""The detector paces Python's cyclic garbage collector while it runs (a speed setting that
changes no result) and gives the caller's setting back."""

from __future__ import annotations

import gc
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tablehallu import Config
from tablehallu.detectors import detect_many
from tablehallu.detectors.pipeline import GC_YOUNG_THRESHOLD, _paced_gc

_SAMPLE = {
    "response": "| Team | Wins |\n| --- | --- |\n| Hawks | 46 |",
    "gt_table": "| Team | Wins |\n| --- | --- |\n| Hawks | 45 |",
    "context": "The Atlanta Hawks (46 - 12) beat the Orlando Magic on Friday.",
}


@pytest.fixture
def thresholds() -> Iterator[None]:
    before, enabled = gc.get_threshold(), gc.isenabled()
    yield
    gc.set_threshold(*before)
    if enabled:
        gc.enable()


def test_the_callers_thresholds_come_back_after_detection(thresholds: None) -> None:
    gc.set_threshold(700, 10, 10)
    with _paced_gc():
        assert gc.get_threshold() == (GC_YOUNG_THRESHOLD, 10, 10)
    assert gc.get_threshold() == (700, 10, 10)
    diag = detect_many([_SAMPLE], Config(matcher="lexical"))[0]
    assert diag.error is None and diag.findings  # a gold conflict: the text says 46
    assert gc.get_threshold() == (700, 10, 10)


def test_nested_and_failing_runs_restore_once(thresholds: None) -> None:
    gc.set_threshold(500, 10, 10)
    with pytest.raises(RuntimeError), _paced_gc():
        with _paced_gc():
            assert gc.get_threshold()[0] == GC_YOUNG_THRESHOLD
        assert gc.get_threshold()[0] == GC_YOUNG_THRESHOLD  # the outer run still paced
        raise RuntimeError("a failing run")
    assert gc.get_threshold() == (500, 10, 10)


def test_a_higher_threshold_or_a_disabled_collector_is_left_alone(thresholds: None) -> None:
    gc.set_threshold(50_000, 10, 10)
    with _paced_gc():
        assert gc.get_threshold() == (50_000, 10, 10)
    gc.set_threshold(700, 10, 10)
    gc.disable()
    with _paced_gc():
        assert gc.get_threshold() == (700, 10, 10) and not gc.isenabled()
    assert gc.get_threshold() == (700, 10, 10)


def test_a_setting_changed_during_the_run_is_kept(thresholds: None) -> None:
    gc.set_threshold(700, 10, 10)
    with _paced_gc():
        gc.set_threshold(3_000, 5, 5)
    assert gc.get_threshold() == (3_000, 5, 5)


def test_the_command_line_collects_young_objects_rarely(thresholds: None) -> None:
    from tablehallu.cli.app import COLLECTOR_YOUNG_THRESHOLD, calm_collector

    gc.set_threshold(700, 10, 10)
    with calm_collector():
        assert gc.get_threshold() == (COLLECTOR_YOUNG_THRESHOLD, 20, 20)
        assert gc.get_freeze_count() > 0
        # the detector never lowers it
        detect_many([_SAMPLE], config=Config(matcher="lexical"))
        assert gc.get_threshold()[0] == COLLECTOR_YOUNG_THRESHOLD
    # an in-process run (tests, applications embedding the command) leaves them as found
    assert gc.get_threshold() == (700, 10, 10)
    assert gc.get_freeze_count() == 0


def test_an_in_process_score_command_restores_the_collector(
    thresholds: None, tmp_path: Path
) -> None:
    from typer.testing import CliRunner

    from tablehallu.cli.app import app

    preds = tmp_path / "p.jsonl"
    preds.write_text(json.dumps({"id": "a", **_SAMPLE}) + "\n")
    gc.set_threshold(700, 10, 10)
    result = CliRunner().invoke(app, ["score", str(preds), "--matcher", "lexical", "-q"])
    assert result.exit_code == 0, result.output
    assert gc.get_threshold() == (700, 10, 10)
    assert gc.get_freeze_count() == 0

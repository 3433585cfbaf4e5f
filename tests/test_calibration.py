"""The threshold calibration (benchmarks/calibration): data set, split, metrics, defaults."""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from tablehallu.config import Config
from tablehallu.detectors import similarity

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "benchmarks" / "calibration" / "calibrate.py"


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tablehallu_calibrate", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve their module by name
    spec.loader.exec_module(module)
    return module


cal = _load_script()


def _pair(a: str, b: str, match: bool = True, kind: str = "k") -> object:
    return cal.Pair(a, b, match, kind, "", 0)


def _args(tmp_path: Path, *extra: str) -> argparse.Namespace:
    return argparse.Namespace(
        pairs=str(cal.DEFAULT_PAIRS),
        output=str(tmp_path / "report.md"),
        model=None,
        seed=cal.DEFAULT_SEED,
        criterion="macro_f1",
        no_embedding="--no-embedding" in extra,
        json=None,
    )


# --- the labelled pairs ---------------------------------------------------------------------------


def test_pairs_file_is_large_balanced_and_varied() -> None:
    pairs = cal.load_pairs(cal.DEFAULT_PAIRS)
    assert len(pairs) >= 300
    share = sum(p.match for p in pairs) / len(pairs)
    assert 0.4 <= share <= 0.6
    rows = [json.loads(line) for line in cal.DEFAULT_PAIRS.read_text("utf-8").splitlines()]
    assert len({r["domain"] for r in rows}) >= 8
    kinds = Counter((p.match, p.kind) for p in pairs)
    assert {k for m, k in kinds if m} >= {"paraphrase", "abbreviation", "synonym", "reorder"}
    assert {k for m, k in kinds if not m} >= {"antonym", "different_entity", "near_miss"}
    assert all(r.get("note") for r in rows)


def test_pairs_are_unique_and_most_reach_the_similarity_stage() -> None:
    pairs = cal.load_pairs(cal.DEFAULT_PAIRS)
    keys = [frozenset((p.a.casefold(), p.b.casefold())) for p in pairs]
    assert len(set(keys)) == len(keys)
    decided = [cal.decided_before_similarity(p, Config()) for p in pairs]
    assert sum(d is None for d in decided) >= 300  # enough left to choose a threshold on
    settled = [d for d in decided if d]
    wrong = [d for d in settled if "WRONG" in d]
    # the deterministic stages are far more reliable than any similarity threshold (~70%)
    assert len(wrong) <= 0.1 * len(settled)
    assert not [d for d in wrong if not d.startswith("sibling")]  # only the sibling guard errs


def test_earlier_stages_are_recognised() -> None:
    config = Config()

    def verdict(a: str, b: str, match: bool = True) -> str | None:
        return cal.decided_before_similarity(_pair(a, b, match), config)

    assert verdict("Hawks ", "hawks") == "exact stage: match (right)"
    assert verdict("Conditional", "conditional approval") == "substring stage: match (right)"
    assert verdict("iPhone 12", "iPhone 13", False) == "number stage: no match (right)"
    assert verdict("approved", "not approved", False) == "negation stage: no match (right)"
    assert verdict("approved", "not approved", True) == "negation stage: no match (WRONG)"
    assert verdict("art", "start") is None  # not on word boundaries: similarity decides


def test_load_pairs_reports_file_line_and_reason(tmp_path: Path) -> None:
    bad = tmp_path / "pairs.jsonl"
    bad.write_text('{"a": "x", "b": "y", "match": true, "kind": "k"}\n{oops\n', "utf-8")
    with pytest.raises(cal.CalibrationError, match=r"pairs\.jsonl:2: not valid JSON"):
        cal.load_pairs(bad)
    bad.write_text('{"a": "x", "b": "y", "match": "yes", "kind": "k"}\n', "utf-8")
    with pytest.raises(cal.CalibrationError, match=r":1: field 'match' must be a bool"):
        cal.load_pairs(bad)
    assert cal.main(["--pairs", str(bad), "--no-embedding", "--output", "-"]) == 2


# --- split, metrics, choice -----------------------------------------------------------------------


def test_split_is_deterministic_disjoint_and_stratified() -> None:
    pairs = cal.load_pairs(cal.DEFAULT_PAIRS)
    tune, held = cal.split(pairs, 7)
    assert (tune, held) == cal.split(pairs, 7)
    assert (tune, held) != cal.split(pairs, 8)
    assert not set(tune) & set(held)
    assert sorted(tune + held) == list(range(len(pairs)))
    assert abs(len(tune) - len(held)) <= 1
    for stratum in {(p.kind, p.match) for p in pairs}:
        in_tune = sum((pairs[i].kind, pairs[i].match) == stratum for i in tune)
        in_held = sum((pairs[i].kind, pairs[i].match) == stratum for i in held)
        assert abs(in_tune - in_held) <= 1


def test_metrics_from_a_known_confusion() -> None:
    scores = [0.9, 0.8, 0.4, 0.7, 0.2, 0.1]
    labels = [True, True, True, False, False, False]
    m = cal.evaluate(scores, labels, range(6), 0.5)
    assert (m.tp, m.fp, m.fn, m.tn) == (2, 1, 1, 2)
    assert m.precision == pytest.approx(2 / 3)
    assert m.recall == pytest.approx(2 / 3)
    assert m.f1 == pytest.approx(2 / 3)
    assert m.f1_no_match == pytest.approx(2 / 3)
    assert m.macro_f1 == pytest.approx(2 / 3)
    assert m.accuracy == pytest.approx(4 / 6)
    everything = cal.evaluate(scores, labels, range(6), 0.0)
    assert everything.f1 == pytest.approx(2 * 0.5 / 1.5)
    assert everything.f1_no_match == 0.0  # accepting everything is penalised by macro-F1


def test_roc_auc_counts_ties_half() -> None:
    assert cal.roc_auc([0.9, 0.8, 0.1, 0.2], [True, True, False, False]) == 1.0
    assert cal.roc_auc([0.1, 0.2, 0.9, 0.8], [True, True, False, False]) == 0.0
    assert cal.roc_auc([0.5, 0.5], [True, False]) == 0.5


def test_choice_breaks_ties_by_precision_then_threshold() -> None:
    a = cal.Metrics(0.6, tp=2, fp=2, fn=0, tn=0)  # P 0.5, R 1.0
    b = cal.Metrics(0.7, tp=1, fp=0, fn=0, tn=0)  # P 1.0, R 1.0, higher F1
    assert cal.choose([a, b], "f1") is b
    c = cal.Metrics(0.65, tp=1, fp=0, fn=0, tn=0)  # same as b at a lower threshold
    assert cal.choose([c, b], "f1") is b


# --- the shipped defaults are the calibrated ones -------------------------------------------------


def test_lexical_defaults_are_the_calibrated_ones(tmp_path: Path) -> None:
    report, summary = cal.run(_args(tmp_path, "--no-embedding"))
    assert summary["default_mismatches"] == []
    assert summary["lexical_scorer"] == similarity.DEFAULT_LEXICAL_SCORER
    assert summary["lexical_threshold"] == Config().lexical_threshold
    assert "These are the shipped defaults" in report
    assert cal.run(_args(tmp_path, "--no-embedding")) == (report, summary)  # deterministic


@pytest.mark.embedding
def test_embedding_default_is_the_calibrated_one(tmp_path: Path) -> None:
    if not similarity.embedding_available() or similarity.bundled_model_path() is None:
        pytest.skip("embedding stack or bundled model not installed")
    report, summary = cal.run(_args(tmp_path))
    assert summary["default_mismatches"] == []
    assert summary["embedding_threshold"] == Config().embedding_threshold
    assert "all-mpnet-base-v2" in report and "--model" in report

"""Wilson intervals for rates, paired bootstrap intervals, McNemar's test and Holm's correction:
hand-computed cases, determinism, and the multinomial shortcut against explicit resampling."""

from __future__ import annotations

import math

import numpy as np
import pytest
from _scoring_helpers import LEXICAL, record
from scipy.stats import binomtest

from tablehallu import score
from tablehallu.scoring.stats import (
    PairedCounts,
    holm,
    mcnemar_exact,
    mean_ci,
    paired_diff_ci,
    rate_ci,
    t_quantile,
)


def _wilson(k: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval written out (Wilson 1927), to check scipy's against."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


@pytest.mark.parametrize("k,n", [(0, 6), (1, 3), (3, 10), (50, 100), (6, 6), (250, 1999)])
def test_rate_interval_is_the_wilson_interval(k: int, n: int) -> None:
    lo, hi = rate_ci(k, n) or (None, None)
    exp_lo, exp_hi = _wilson(k, n)
    assert lo == pytest.approx(max(0.0, exp_lo), abs=1e-9)
    assert hi == pytest.approx(min(1.0, exp_hi), abs=1e-9)


def test_tiny_groups_get_informative_intervals() -> None:
    # the percentile bootstrap said [0, 0] for 0 of 6: Wilson's upper bound is 39%
    lo, hi = rate_ci(0, 6) or (None, None)
    assert lo == 0.0 and hi == pytest.approx(0.3903, abs=1e-4)
    lo, hi = rate_ci(6, 6) or (None, None)
    assert hi == 1.0 and lo == pytest.approx(1 - 0.3903, abs=1e-4)
    assert rate_ci(0, 0) is None


def test_rate_interval_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError):
        rate_ci(5, 3)
    with pytest.raises(ValueError):
        rate_ci(1, 3, confidence=1.5)


def test_holm_adjustment_hand_computed() -> None:
    # p sorted: 0.01 (x3), 0.02 (x2), 0.04 (x1) -> 0.03, 0.04, 0.04 (monotone)
    assert holm([0.04, 0.01, 0.02]) == pytest.approx([0.04, 0.03, 0.04])
    assert holm([0.5, 0.6]) == pytest.approx([1.0, 1.0])
    assert holm([]) == []


def test_paired_difference_hand_computed() -> None:
    # every pair is (A=1, B=0): every replicate difference is exactly 1
    assert paired_diff_ci(PairedCounts(10, 10, 0, 0), bootstrap=500) == (1.0, 1.0)
    # no discordant pair: the difference is always 0
    assert paired_diff_ci(PairedCounts(10, 0, 0, 4), bootstrap=500) == (0.0, 0.0)
    assert paired_diff_ci(PairedCounts(0, 0, 0, 0), bootstrap=500) is None


def test_multinomial_shortcut_matches_explicit_paired_resampling() -> None:
    counts = PairedCounts(n=40, a_only=9, b_only=3, both=6)
    diffs = np.array([1] * 9 + [-1] * 3 + [0] * 28)
    reps = 20_000
    rng = np.random.default_rng(77)
    explicit = rng.choice(diffs, size=(reps, counts.n), replace=True).mean(axis=1)
    lo, hi = paired_diff_ci(counts, bootstrap=reps, seed=3)
    exp_lo, exp_hi = np.quantile(explicit, [0.025, 0.975], method="inverted_cdf")
    assert abs(lo - exp_lo) <= 1 / counts.n + 1e-9
    assert abs(hi - exp_hi) <= 1 / counts.n + 1e-9
    assert counts.diff == pytest.approx(6 / 40)


def test_paired_counts_rates_and_validation() -> None:
    c = PairedCounts(n=20, a_only=8, b_only=1, both=3)
    assert (c.rate_a, c.rate_b, c.diff) == (11 / 20, 4 / 20, 7 / 20)
    with pytest.raises(ValueError):
        PairedCounts(n=3, a_only=2, b_only=2, both=0)


def test_mcnemar_exact_hand_computed() -> None:
    # 10 discordant pairs all one way: p = 2 * 0.5**10
    assert mcnemar_exact(10, 0) == pytest.approx(2 / 1024)
    # 8 vs 1: p = 2 * P(X <= 1 | Binomial(9, 1/2)) = 2 * 10 / 512
    assert mcnemar_exact(8, 1) == pytest.approx(20 / 512)
    assert mcnemar_exact(1, 8) == mcnemar_exact(8, 1)
    assert mcnemar_exact(4, 4) == pytest.approx(1.0)
    assert mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(7, 2) == pytest.approx(binomtest(7, 9, 0.5).pvalue)


def test_report_rates_follow_the_paper_and_a_sample_counts_once_in_total() -> None:
    # 5 samples: 2 clean, 1 attribute, 1 fabricated, 1 format error.
    recs = [
        record("clean", 1),
        record("clean", 2),
        record("distorted", 3),
        record("fabricated", 4),
        record("format", 5),
    ]
    report = score(recs, LEXICAL, bootstrap=200, seed=0)
    assert report.n == 5
    assert report.rates["attribute_distortion"] == pytest.approx(1 / 5)
    assert report.rates["entity_fabrication"] == pytest.approx(1 / 5)
    assert report.rates["format_error"] == pytest.approx(1 / 5)
    assert report.rates["context_violation"] == pytest.approx(2 / 5)
    assert report.rates["constraint_violation"] == pytest.approx(1 / 5)
    assert report.rates["total"] == pytest.approx(3 / 5)
    assert report.counts["total"] == 3


def test_same_counts_get_the_same_interval_in_every_group() -> None:
    # 1 of 3 in group b and 1 of 3 overall used to get two different bootstrap intervals
    recs = [record(k, i, model=m) for i, (k, m) in enumerate(
        [("clean", "a"), ("clean", "a"), ("fabricated", "b"), ("clean", "b"), ("clean", "b"),
         ("distorted", "a")]
    )]  # fmt: skip
    grouped = score(recs, LEXICAL, by="model")
    a, b = (next(g for g in grouped.groups if g.group == {"model": m}) for m in "ab")
    assert a.counts["total"] == b.counts["total"] == 1 and a.n == b.n == 3
    assert a.ci["total"] == b.ci["total"] == rate_ci(1, 3)
    assert score(recs, LEXICAL).ci == grouped.ci
    assert score(recs, LEXICAL, bootstrap=0).ci["total"] is None


def test_interval_bounds_are_attainable_rates() -> None:
    for bound in paired_diff_ci(PairedCounts(10, 3, 1, 2), bootstrap=999) or ():
        assert bound * 10 == pytest.approx(round(bound * 10))


@pytest.mark.parametrize(("k", "n"), [(0, 6), (1, 3), (5, 10), (99, 100), (1234, 2000), (1, 1)])
def test_rate_ci_is_scipys_wilson_interval(k: int, n: int) -> None:
    from scipy.stats import binomtest

    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    low, high = rate_ci(k, n)  # type: ignore[misc]
    assert low == pytest.approx(max(0.0, ci.low), abs=1e-9)
    assert high == pytest.approx(min(1.0, ci.high), abs=1e-9)


@pytest.mark.parametrize("df", [1, 2, 3, 4, 7, 10, 30, 99, 1000, 12345, 10**6])
@pytest.mark.parametrize("q", [0.5, 0.6, 0.9, 0.95, 0.975, 0.995, 0.9995])
def test_t_quantile_is_scipys_stdtrit(df: int, q: float) -> None:
    from scipy.special import stdtrit

    assert t_quantile(df, q) == pytest.approx(float(stdtrit(df, q)), rel=1e-8, abs=1e-12)


def test_t_quantile_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError, match="df"):
        t_quantile(0, 0.9)
    with pytest.raises(ValueError, match="q"):
        t_quantile(5, 1.0)


def test_severity_interval_is_the_student_t_interval() -> None:
    from scipy.special import stdtrit

    values = [0.1, 0.4, 0.35, 0.9, 0.0]
    n, total, total_sq = len(values), sum(values), sum(v * v for v in values)
    mean = total / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = float(stdtrit(n - 1, 0.975)) * sd / math.sqrt(n)
    lo, hi = mean_ci(n, total, total_sq) or (None, None)
    assert lo == pytest.approx(max(0.0, mean - half), rel=1e-9)
    assert hi == pytest.approx(min(1.0, mean + half), rel=1e-9)

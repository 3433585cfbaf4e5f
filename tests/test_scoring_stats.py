"""Bootstrap intervals and McNemar's test: hand-computed cases, determinism, and the shortcuts
(binomial / multinomial draws) against explicit resampling."""

from __future__ import annotations

import numpy as np
import pytest
from _scoring_helpers import LEXICAL, record
from scipy.stats import binom, binomtest

from tablehallu import score
from tablehallu.scoring.stats import PairedCounts, mcnemar_exact, paired_diff_ci, rate_ci


def test_rate_interval_hand_computed_n2() -> None:
    # One flagged sample of two: a replicate has 0, 1 or 2 flagged with probabilities 1/4, 1/2,
    # 1/4, so the 2.5th percentile is 0 and the 97.5th is 1.
    assert rate_ci(1, 2, bootstrap=20_000, seed=1) == (0.0, 1.0)


def test_rate_interval_hand_computed_n100() -> None:
    # Binomial(100, 0.5): P(X <= 39) = 0.0176 < 0.025 < P(X <= 40) = 0.0284 and
    # P(X <= 59) = 0.9716 < 0.975 < P(X <= 60) = 0.9824, so the percentiles are 40 and 60 of 100.
    assert binom.cdf(39, 100, 0.5) < 0.025 < binom.cdf(40, 100, 0.5)
    assert binom.cdf(59, 100, 0.5) < 0.975 < binom.cdf(60, 100, 0.5)
    assert rate_ci(50, 100, bootstrap=100_000, seed=0) == pytest.approx((0.40, 0.60))


def test_rate_interval_degenerate_and_empty() -> None:
    assert rate_ci(0, 37, bootstrap=500) == (0.0, 0.0)
    assert rate_ci(37, 37, bootstrap=500) == (1.0, 1.0)
    assert rate_ci(0, 0, bootstrap=500) is None


def test_rate_interval_is_deterministic_per_seed_and_label() -> None:
    a = rate_ci(13, 40, bootstrap=1000, seed=7, label="model=x/total")
    assert a == rate_ci(13, 40, bootstrap=1000, seed=7, label="model=x/total")
    others = {rate_ci(13, 40, bootstrap=1000, seed=s, label="model=x/total") for s in range(8, 16)}
    assert len(others | {a}) > 1  # the seed matters


def test_rate_interval_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError):
        rate_ci(5, 3)
    with pytest.raises(ValueError):
        rate_ci(1, 3, bootstrap=0)
    with pytest.raises(ValueError):
        rate_ci(1, 3, seed=-1)


def test_binomial_shortcut_matches_explicit_resampling() -> None:
    n, k, reps = 30, 9, 20_000
    outcomes = np.array([1] * k + [0] * (n - k))
    rng = np.random.default_rng(123)
    explicit = rng.choice(outcomes, size=(reps, n), replace=True).mean(axis=1)
    lo, hi = rate_ci(k, n, bootstrap=reps, seed=5)
    exp_lo, exp_hi = np.quantile(explicit, [0.025, 0.975], method="inverted_cdf")
    assert abs(lo - exp_lo) <= 1 / n + 1e-9
    assert abs(hi - exp_hi) <= 1 / n + 1e-9
    # and the whole distribution agrees: the empirical CDFs differ by little everywhere
    shortcut = np.random.default_rng(9).binomial(n, k / n, size=reps) / n
    grid = np.arange(n + 1) / n
    cdf_a = np.searchsorted(np.sort(explicit), grid, side="right") / reps
    cdf_b = np.searchsorted(np.sort(shortcut), grid, side="right") / reps
    assert np.max(np.abs(cdf_a - cdf_b)) < 0.03


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


def test_report_intervals_are_seeded_and_independent_of_grouping() -> None:
    recs = [record(k, i, model=m) for i, (k, m) in enumerate(
        [("clean", "a"), ("distorted", "a"), ("fabricated", "b"), ("clean", "b"), ("clean", "b")]
    )]  # fmt: skip
    plain = score(recs, LEXICAL, bootstrap=300, seed=4)
    again = score(recs, LEXICAL, bootstrap=300, seed=4)
    grouped = score(recs, LEXICAL, bootstrap=300, seed=4, by="model")
    assert plain.ci == again.ci == grouped.ci
    assert plain.ci["total"] == rate_ci(2, 5, bootstrap=300, seed=4, label="all/total")
    group_b = next(g for g in grouped.groups if g.group == {"model": "b"})
    assert group_b.ci["total"] == rate_ci(1, 3, bootstrap=300, seed=4, label="model=b/total")
    assert score(recs, LEXICAL, bootstrap=0).ci["total"] is None


def test_interval_bounds_are_attainable_rates() -> None:
    for k, n in ((3, 10), (17, 41), (250, 1999)):
        for bound in rate_ci(k, n, bootstrap=999, seed=2) or ():
            assert bound * n == pytest.approx(round(bound * n))
    for bound in paired_diff_ci(PairedCounts(10, 3, 1, 2), bootstrap=999) or ():
        assert bound * 10 == pytest.approx(round(bound * 10))

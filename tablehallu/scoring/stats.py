"""Confidence intervals and tests for hallucination rates: Wilson intervals, paired bootstrap
intervals, McNemar's test and Holm's correction.

**Rates.** A rate is k flagged samples out of n. Its interval is the Wilson score interval
(scipy's ``binomtest(k, n).proportion_ci(method="wilson")``): it depends on k and n only (the same
1/3 always gets the same interval, whatever group or label it belongs to), stays inside [0, 1],
and does not collapse at the edges: 0 of 6 reads ``[0.00, 39.03]``, not the percentile
bootstrap's ``[0.00, 0.00]``. Its coverage is close to nominal even for a handful of samples.

**Paired differences.** For two systems on the same samples, each pair contributes
d = a - b ∈ {-1, 0, +1}. Resampling the n pairs draws the counts of the three values from
Multinomial(n, (n₋/n, n₀/n, n₊/n)); a replicate difference is ``(n₊ - n₋) / n``.

**Determinism.** Every bootstrap interval has its own random stream, seeded from the user's
seed and a label (e.g. ``"compare/total"``) through :class:`numpy.random.SeedSequence`, so
an interval depends only on (seed, label, counts, B): the same whatever else is scored with it.

**McNemar.** The exact McNemar test on paired binary outcomes is a two-sided binomial test of the
discordant pairs: b = #(A=1, B=0) against Binomial(b + c, 1/2); p = 1 when there is no discordant
pair. Across several pairs of runs the p-values are adjusted with Holm's step-down method.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # numpy is imported where a bootstrap needs it (start-up cost of score)
    import numpy as np

__all__ = [
    "CONFIDENCE",
    "PairedCounts",
    "holm",
    "mcnemar_exact",
    "paired_diff_ci",
    "rate_ci",
    "rng_for",
    "t_quantile",
]

#: Coverage of every interval tablehallu reports.
CONFIDENCE = 0.95


def rng_for(seed: int, label: str) -> np.random.Generator:
    """A random generator determined by ``seed`` and ``label`` only."""
    import numpy as np

    if seed < 0:
        raise ValueError(f"seed must be >= 0, got {seed}")
    return np.random.default_rng(np.random.SeedSequence([seed, zlib.crc32(label.encode())]))


def _percentiles(draws: np.ndarray, confidence: float) -> tuple[float, float]:
    import numpy as np

    alpha = (1.0 - confidence) / 2.0
    lo, hi = np.quantile(draws, [alpha, 1.0 - alpha], method="inverted_cdf")
    return float(lo), float(hi)


def _check(bootstrap: int, confidence: float) -> None:
    if bootstrap < 1:
        raise ValueError(f"bootstrap must be >= 1, got {bootstrap}")
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")


def rate_ci(k: int, n: int, *, confidence: float = CONFIDENCE) -> tuple[float, float] | None:
    """Wilson score interval of the rate k/n (None when n is 0)."""
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
    if not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return None
    # Wilson's formula with the normal quantile of the standard library: the same interval as
    # scipy's binomtest(k, n).proportion_ci(method="wilson") (tested), without importing
    # scipy.stats (about a second of every run's start-up)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    z2 = z * z
    centre = (k + z2 / 2) / (n + z2)
    half = z / (n + z2) * math.sqrt(k * (n - k) / n + z2 / 4)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(
    n: int, total: float, total_sq: float, *, confidence: float = CONFIDENCE
) -> tuple[float, float] | None:
    """Student-t interval of the mean of a [0, 1] variable from its count, sum and sum of squares
    (None when n is 0; the mean itself when n is 1 or all values agree), clipped to [0, 1]."""
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
    if n <= 0:
        return None
    mean = total / n
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    if var <= 0.0:
        return (min(1.0, max(0.0, mean)),) * 2
    half = t_quantile(n - 1, 0.5 + confidence / 2) * (var / n) ** 0.5
    return max(0.0, mean - half), min(1.0, mean + half)


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz's method)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 100_000):
        m2 = 2 * m
        for num in (
            m * (b - m) * x / ((a + m2 - 1.0) * (a + m2)),
            -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1.0)),
        ):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-16:
            break
    return h


def _betainc(a: float, b: float, x: float, y: float) -> float:
    """Regularised incomplete beta function I_x(a, b), with ``y = 1 - x`` given exactly."""
    if x <= 0.0:
        return 0.0
    if y <= 0.0:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(y)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, y) / b


def t_quantile(df: int, q: float) -> float:
    """Quantile ``q`` (0.5 <= q < 1) of Student's t distribution with ``df`` degrees of freedom.

    The same value as ``scipy.special.stdtrit(df, q)`` to 1e-8 relative (tested), without importing
    scipy.special (0.7 s of CPU, more than scoring a small run): bisection on the upper tail
    P(T > t) = I_{df/(df+t²)}(df/2, 1/2) / 2.
    """
    if df < 1:
        raise ValueError(f"df must be >= 1, got {df}")
    if not 0.5 <= q < 1.0:
        raise ValueError(f"q must be in [0.5, 1), got {q}")
    target = 1.0 - q
    if target >= 0.5:
        return 0.0

    def tail(t: float) -> float:
        t2 = t * t
        return 0.5 * _betainc(df / 2.0, 0.5, df / (df + t2), t2 / (df + t2))

    lo, hi = 0.0, 1.0
    while tail(hi) > target:
        lo, hi = hi, hi * 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if mid in (lo, hi):
            break
        if tail(mid) > target:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2.0


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm-Bonferroni adjusted p-values, in the order given (each capped at 1).

    The i-th smallest p (from 0) is multiplied by ``m - i``; adjusted values are made monotone,
    so that a hypothesis is rejected at level alpha exactly when Holm's step-down test rejects it.
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    out = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        out[i] = running
    return out


@dataclass(frozen=True)
class PairedCounts:
    """Paired binary outcomes of systems A and B on the same n samples.

    ``a_only`` = #(A=1, B=0), ``b_only`` = #(A=0, B=1), ``both`` = #(A=1, B=1).
    """

    n: int
    a_only: int
    b_only: int
    both: int

    def __post_init__(self) -> None:
        if min(self.n, self.a_only, self.b_only, self.both) < 0:
            raise ValueError(f"counts must be >= 0: {self}")
        if self.a_only + self.b_only + self.both > self.n:
            raise ValueError(f"more flagged pairs than pairs: {self}")

    @property
    def rate_a(self) -> float | None:
        """Rate of A (None without pairs)."""
        return (self.a_only + self.both) / self.n if self.n else None

    @property
    def rate_b(self) -> float | None:
        """Rate of B (None without pairs)."""
        return (self.b_only + self.both) / self.n if self.n else None

    @property
    def diff(self) -> float | None:
        """Rate of A minus rate of B (None without pairs)."""
        return (self.a_only - self.b_only) / self.n if self.n else None

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {"n": self.n, "a_only": self.a_only, "b_only": self.b_only, "both": self.both}


def paired_diff_ci(
    counts: PairedCounts,
    *,
    bootstrap: int = 1000,
    seed: int = 0,
    label: str = "",
    confidence: float = CONFIDENCE,
) -> tuple[float, float] | None:
    """Paired percentile bootstrap interval of rate(A) - rate(B) (None without pairs)."""
    _check(bootstrap, confidence)
    n = counts.n
    if n == 0:
        return None
    import numpy as np

    probs = np.array([counts.b_only, n - counts.a_only - counts.b_only, counts.a_only]) / n
    draws = rng_for(seed, label).multinomial(n, probs, size=bootstrap)
    return _percentiles((draws[:, 2] - draws[:, 0]) / n, confidence)


def mcnemar_exact(a_only: int, b_only: int) -> float:
    """Two-sided exact McNemar p-value from the discordant counts (1.0 when there are none)."""
    if a_only < 0 or b_only < 0:
        raise ValueError(f"discordant counts must be >= 0, got {a_only}, {b_only}")
    if a_only + b_only == 0:
        return 1.0
    from scipy.stats import binomtest

    return float(binomtest(a_only, a_only + b_only, 0.5, alternative="two-sided").pvalue)

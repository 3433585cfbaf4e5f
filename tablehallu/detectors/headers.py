"""Header check (the first level of Algorithm 1) and lenient column alignment.

Headers are compared after :func:`tablehallu.normalize.normalize_header` (markup, case, whitespace).
In ``strict`` mode any difference, including order, is a ``format_error``. In ``lenient`` mode gold
and predicted columns are aligned one-to-one — equal normalised headers first, then the most
similar remaining pairs (rapidfuzz, at least ``Config.header_match_threshold``) — and each deviation
is reported (``missing_column``, ``extra_column``, ``renamed_column``, ``column_order``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz

from tablehallu.config import Config
from tablehallu.normalize import normalize_header


@dataclass(frozen=True)
class HeaderIssue:
    """One deviation of the predicted header row from the gold one."""

    subtype: str
    column: str | None
    predicted: str | None
    expected: str | None
    explanation: str
    score: float | None = None


@dataclass(frozen=True)
class Alignment:
    """``pred_for_gold[g]`` is the predicted column index aligned with gold column g, or None."""

    pred_for_gold: tuple[int | None, ...]
    issues: tuple[HeaderIssue, ...]

    @property
    def identical(self) -> bool:
        """True when the headers agree exactly (after normalisation) in content and order."""
        return not self.issues


def header_similarity(a: str, b: str) -> float:
    """Similarity in [0, 1] of two normalised header strings.

    The best of plain ratio, word-order-insensitive ratio, and 0.9 x the subset ratio (so that
    "Top AI Company" aligns with "Top AI Company Invested", a little below an exact rename).
    """
    return (
        max(fuzz.ratio(a, b), fuzz.token_sort_ratio(a, b), 0.9 * fuzz.token_set_ratio(a, b)) / 100.0
    )


def align_headers(pred: Sequence[str], gold: Sequence[str], config: Config) -> Alignment:
    """Compare predicted with gold headers and align them one-to-one."""
    pn = [normalize_header(h) for h in pred]
    gn = [normalize_header(h) for h in gold]
    if pn == gn:
        return Alignment(tuple(range(len(gold))), ())
    pred_for_gold: list[int | None] = [None] * len(gold)
    used: set[int] = set()
    for g, name in enumerate(gn):
        for p, pname in enumerate(pn):
            if p not in used and pname == name:
                pred_for_gold[g] = p
                used.add(p)
                break
    issues: list[HeaderIssue] = []
    scored = sorted(
        (
            (header_similarity(gn[g], pn[p]), g, p)
            for g in range(len(gold))
            if pred_for_gold[g] is None
            for p in range(len(pred))
            if p not in used
        ),
        key=lambda t: (-t[0], t[1], t[2]),
    )
    for score, g, p in scored:
        if score < config.header_match_threshold:
            break
        if pred_for_gold[g] is not None or p in used:
            continue
        pred_for_gold[g] = p
        used.add(p)
        issues.append(
            HeaderIssue(
                "renamed_column",
                gold[g],
                pred[p],
                gold[g],
                f"column {gold[g]!r} is headed {pred[p]!r}",
                score,
            )
        )
    for g, aligned_p in enumerate(pred_for_gold):
        if aligned_p is None:
            issues.append(
                HeaderIssue("missing_column", gold[g], None, gold[g], f"column {gold[g]!r} missing")
            )
    for p in range(len(pred)):
        if p not in used:
            issues.append(
                HeaderIssue(
                    "extra_column", pred[p], pred[p], None, f"column {pred[p]!r} is not in the gold"
                )
            )
    aligned = [p for p in pred_for_gold if p is not None]
    if aligned != sorted(aligned):
        issues.append(
            HeaderIssue(
                "column_order",
                None,
                ", ".join(pred),
                ", ".join(gold),
                "columns are in another order than the gold's",
            )
        )
    return Alignment(tuple(pred_for_gold), tuple(issues))

"""Header check (the first level of Algorithm 1) and lenient column alignment.

Headers are compared after :func:`tablehallu.normalize.normalize_header` (markup, case, whitespace).
In ``strict`` mode any difference, including order, is a ``format_error``. In ``lenient`` mode gold
and predicted columns are aligned one-to-one — equal normalised headers first, then the most
similar remaining pairs (rapidfuzz, at least ``Config.header_match_threshold``) — and each deviation
is reported (``missing_column``, ``extra_column``, ``renamed_column``, ``column_order``).
Before the similarity pass, two headers that are the same once their declared unit is removed
("Distance (yards)" / "Distance (meters)", :func:`~tablehallu.normalize.header_base`) align
(``renamed_column``, matcher ``unit``); after it, a header that abbreviates or initialises the
other ("Pts" / "Points", "FGA" / "Field Goals Attempted") aligns (matcher ``abbreviation`` or
``acronym``, the cell cascade's rules); lenient mode then aligns the columns still unpaired by
their values (:mod:`tablehallu.detectors.stages.columns`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz

from tablehallu.config import Config
from tablehallu.detectors.matching import MORPHOLOGY_SCORE, abbreviation_rule
from tablehallu.normalize import header_base, header_unit, normalize_header


@dataclass(frozen=True)
class HeaderIssue:
    """One deviation of the predicted header row from the gold one; ``matcher`` names the rule
    that aligned the columns (``header``: by name; ``unit``: the same name with another unit;
    ``values``: the columns hold the same values)."""

    subtype: str
    column: str | None
    predicted: str | None
    expected: str | None
    explanation: str
    score: float | None = None
    matcher: str = "header"


@dataclass(frozen=True)
class ColumnJoin:
    """Columns split or merged: the gold columns ``gold`` hold what the predicted columns
    ``pred`` hold, joined with ``sep`` on the side that has one column ("Name" = "First name"
    + "Last name"; "W-L" = "Wins", "Losses")."""

    gold: tuple[int, ...]
    pred: tuple[int, ...]
    sep: str

    @property
    def split(self) -> bool:
        """One gold column written as several predicted ones."""
        return len(self.gold) == 1


@dataclass(frozen=True)
class Alignment:
    """``pred_for_gold[g]`` is the predicted column index aligned with gold column g, or None;
    ``joins`` the split or merged columns (their gold columns have None there)."""

    pred_for_gold: tuple[int | None, ...]
    issues: tuple[HeaderIssue, ...]
    joins: tuple[ColumnJoin, ...] = ()

    @property
    def identical(self) -> bool:
        """True when the headers agree exactly (after normalisation) in content and order."""
        return not self.issues

    @property
    def used_pred(self) -> frozenset[int]:
        """Predicted columns that stand for gold columns (aligned, or part of a join)."""
        used = {p for p in self.pred_for_gold if p is not None}
        for j in self.joins:
            used.update(j.pred)
        return frozenset(used)

    @property
    def covered_gold(self) -> frozenset[int]:
        """Gold columns the prediction gives (aligned, or part of a join)."""
        covered = {g for g, p in enumerate(self.pred_for_gold) if p is not None}
        for j in self.joins:
            covered.update(j.gold)
        return frozenset(covered)


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
    renamed: list[HeaderIssue] = []
    # the same quantity in another unit: "Distance (yards)" / "Distance (meters)"
    for g in range(len(gold)):
        if pred_for_gold[g] is not None:
            continue
        base = header_base(gold[g])
        for p in range(len(pred)):
            if p in used or not base or header_base(pred[p]) != base:
                continue
            if header_unit(pred[p]) == header_unit(gold[g]):
                continue
            pred_for_gold[g] = p
            used.add(p)
            renamed.append(
                HeaderIssue(
                    "renamed_column",
                    gold[g],
                    pred[p],
                    gold[g],
                    f"column {gold[g]!r} is headed {pred[p]!r} (the same quantity in another unit)",
                    1.0,
                    matcher="unit",
                )
            )
            break
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
        renamed.append(
            HeaderIssue(
                "renamed_column",
                gold[g],
                pred[p],
                gold[g],
                f"column {gold[g]!r} is headed {pred[p]!r}",
                score,
            )
        )
    # abbreviated or initialised names: "Pts" / "Points", "Def Reb" / "Defensive Rebounds",
    # "FGA" / "Field Goals Attempted" (the cell cascade's rules, on the header text)
    for g in range(len(gold)):
        if pred_for_gold[g] is not None:
            continue
        for p in range(len(pred)):
            if p in used:
                continue
            rule = abbreviated_name(gn[g], pn[p])
            if rule is None:
                continue
            pred_for_gold[g] = p
            used.add(p)
            renamed.append(
                HeaderIssue(
                    "renamed_column",
                    gold[g],
                    pred[p],
                    gold[g],
                    f"column {gold[g]!r} is headed {pred[p]!r} (an {rule})",
                    MORPHOLOGY_SCORE,
                    matcher=rule,
                )
            )
            break
    return build_alignment(pred, gold, pred_for_gold, renamed)


def abbreviated_name(a: str, b: str) -> str | None:
    """``acronym`` or ``abbreviation`` when one normalised header abbreviates the other, else
    None (:func:`tablehallu.detectors.matching.abbreviation_rule`)."""
    return abbreviation_rule(a, b)


def build_alignment(
    pred: Sequence[str],
    gold: Sequence[str],
    pred_for_gold: Sequence[int | None],
    renamed: Sequence[HeaderIssue],
    joins: Sequence[ColumnJoin] = (),
) -> Alignment:
    """The alignment with its issues: the renamed (and split/merged) columns given, then every
    gold column not covered (``missing_column``), every predicted column not used
    (``extra_column``), and ``column_order`` when the aligned columns come in another order."""
    issues = list(renamed)
    alignment = Alignment(tuple(pred_for_gold), (), tuple(joins))
    covered, used = alignment.covered_gold, alignment.used_pred
    for g in range(len(gold)):
        if g not in covered:
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
    return Alignment(tuple(pred_for_gold), tuple(issues), tuple(joins))

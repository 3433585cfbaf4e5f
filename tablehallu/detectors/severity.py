"""How bad a response is: one number in [0, 1] per sample, from a tiered cost model over its
findings.

The model follows the TabXBench experts' guideline (Pancholi et al., "TabXEval", Findings of ACL
2025; ``shared/tabxbench/README.md``), which ranks what a reader of the table loses, from most to
least severe: missing columns, extra columns, missing rows, extra rows, missing cells, extra
cells, then partial mismatches; faithful reformatting is nearly harmless. The errors of a response
fall in five tiers, in that order:

=========  ==========================================  ==========================================
tier       what the reader loses                       its share of the tier (clipped to 1)
=========  ==========================================  ==========================================
columns    gold columns missing, predicted columns     (missing + ``severity_extra_cell`` x
           the gold lacks                              extra) / gold columns
rows       gold rows omitted, predicted rows outside   (omitted + ``severity_extra_cell`` x
           the gold (invented, duplicate, out of       extra, or ``severity_grounded_extra_cell``
           scope; grounded ones cheaper)               when the context states them) / gold rows
cells      in matched rows: a gold value left empty,   (``severity_missing_cell`` x empty +
           a wrong value, a filled gold blank          ``severity_wrong_cell`` x (1 -
                                                       ``severity_partial_credit`` x closeness)
                                                       per wrong value + ``severity_extra_cell``
                                                       x filled blanks) / gold cells
partial    cells the cascade accepts only as a         ``severity_partial_match`` x partial
           partial match (substring, acronym,          matches / gold cells
           abbreviation, similarity): ``partial_match``
cosmetic   renamed, split or merged headers, columns   ``severity_renamed_header`` x renamed /
           in another order, rows out of order, a      gold columns (all of them when
           transposed table read back, structural      transposed) + ``severity_column_order``
           parse problems                              + ``severity_row_order`` x rows out of
                                                       order / gold rows + ``severity_format_issue``
                                                       x problems
=========  ==========================================  ==========================================

Tier ``k`` (0 = columns) weighs ``W_k`` proportional to ``severity_tier_ratio ** (4 - k)``, the
five summing to 1; a tier with any error contributes ``W_k x (f + (1 - f) x share)`` with
``f = severity_tier_floor``, a clean tier nothing::

    severity = sum over tiers of W_k x (f + (1 - f) x share_k)   (tiers with an error)

With ``f x (ratio - 1) >= 1`` (the defaults 0.5 and 3 give equality) the least error of a tier
outweighs every lower tier at its worst: one missing column outranks any number of wrong cells,
one omitted row any number of partial matches (the guideline's order), while within a tier the
share of the table affected grades the severity. Adding an error never lowers the severity. A
faithful copy scores 0; a response that gives the reader none of the gold values (no rows,
every row invented, every cell wrong) scores 1, as does an unparseable one. ``gold_conflict``
findings (the context sides with the prediction) and ``unit_conversion`` notes (a value stated
in another unit) cost nothing, nor does faithful reformatting (dates, thousands separators,
case), which raises no finding. In ``strict`` header mode the detector stops at a header
mismatch, and the severity then counts the header findings only.
"""

from __future__ import annotations

from collections.abc import Sequence

from rapidfuzz import fuzz

from tablehallu.config import Config
from tablehallu.detectors.diagnosis import (
    ATTRIBUTE_DISTORTION,
    BLANK_FILLING,
    ENTITY_FABRICATION,
    EXTRA_ATTRIBUTE,
    EXTRA_ROW,
    FORMAT_ERROR,
    OMISSION,
    ORDER_MISMATCH,
    OUT_OF_RANGE,
    PARTIAL_MATCH,
    CellGrounding,
    Finding,
)
from tablehallu.detectors.headers import Alignment
from tablehallu.normalize import is_null, type_cell
from tablehallu.parsers.table import ParsedTable

#: The tiers of the cost model, most severe first (the experts' guideline).
TIERS: tuple[str, ...] = ("columns", "rows", "cells", "partial", "cosmetic")
#: Findings that put a whole predicted row outside the gold table.
_EXTRA_ROW_TYPES = frozenset({ENTITY_FABRICATION, OUT_OF_RANGE, EXTRA_ROW, EXTRA_ATTRIBUTE})
#: Header findings the cosmetic tier counts per gold column (the values are all there).
_RENAMED_SUBTYPES = frozenset({"renamed_column", "split_column", "merged_column"})
#: Header findings counted through the alignment instead (columns tier).
_COLUMN_SUBTYPES = frozenset({"missing_column", "extra_column"})
#: Findings on a predicted row with no gold row that make it a row outside the gold.
_ROW_OUTSIDE_TYPES = _EXTRA_ROW_TYPES | {BLANK_FILLING, ATTRIBUTE_DISTORTION}
#: Extra rows the context states: cheaper than invented ones.
_GROUNDED_ROW_TYPES = frozenset({EXTRA_ROW, EXTRA_ATTRIBUTE})


def closeness(predicted: str | None, expected: str | None) -> float:
    """How close a wrong value is to the gold one, in [0, 1]: relative closeness of two numbers,
    character similarity of anything else."""
    p, e = predicted or "", expected or ""
    if is_null(p) or is_null(e):
        return 0.0
    tp, te = type_cell(p), type_cell(e)
    if tp.number is not None and te.number is not None:
        a, b = tp.number.value, te.number.value
        top = max(abs(a), abs(b))
        return 1.0 if top == 0 else max(0.0, 1.0 - abs(a - b) / top)
    return fuzz.ratio(tp.text or p, te.text or e) / 100.0


def tier_weights(config: Config) -> tuple[float, ...]:
    """The weight of each tier of :data:`TIERS` (summing to 1)."""
    ratio = max(1.0, config.severity_tier_ratio)
    raw = [ratio ** (len(TIERS) - 1 - k) for k in range(len(TIERS))]
    total = sum(raw)
    return tuple(w / total for w in raw)


def tiered_severity(shares: Sequence[float | None], config: Config) -> float:
    """The severity of per-tier shares (None: the tier has no error; else its share in [0, 1])."""
    floor = config.severity_tier_floor
    total = 0.0
    for weight, share in zip(tier_weights(config), shares, strict=True):
        if share is not None:
            total += weight * (floor + (1.0 - floor) * min(1.0, max(0.0, share)))
    return min(1.0, total)


def _filled(cells: Sequence[str]) -> int:
    return sum(1 for v in cells if not is_null(v))


def severity_shares(
    findings: Sequence[Finding],
    gold: ParsedTable,
    pred: ParsedTable,
    alignment: Alignment | None,
    config: Config,
) -> tuple[list[float | None], float]:
    """Per tier of :data:`TIERS`, the share of the table its errors affect (None when it has
    none), and the share of the gold's non-empty cells the reader still gets right."""
    g_rows = gold.rows()
    p_rows = pred.rows()
    n_rows = max(1, len(g_rows))
    n_cols = max(1, len(gold.headers))
    col_of = {h: c for c, h in enumerate(gold.headers)}
    filled = [[not is_null(v) for v in row] for row in g_rows]
    gold_cells = sum(sum(row) for row in filled)
    extra_w, grounded_w = config.severity_extra_cell, config.severity_grounded_extra_cell

    # columns: missing gold columns, extra predicted columns
    missing_cols: set[int] = set()
    n_extra_cols = 0
    if alignment is not None:
        covered = alignment.covered_gold
        missing_cols = {c for c in range(len(alignment.pred_for_gold)) if c not in covered}
        n_extra_cols = sum(1 for pc in range(len(pred.headers)) if pc not in alignment.used_pred)
    else:
        missing_cols = {
            col_of[f.column]
            for f in findings
            if f.type == FORMAT_ERROR and f.subtype == "missing_column" and f.column in col_of
        }
        n_extra_cols = sum(
            1 for f in findings if f.type == FORMAT_ERROR and f.subtype == "extra_column"
        )
    columns = None
    if missing_cols or n_extra_cols:
        columns = (config.severity_missing_cell * len(missing_cols) + extra_w * n_extra_cols) / (
            n_cols
        )

    # rows: omitted gold rows, predicted rows outside the gold (grounded ones cheaper)
    omitted: set[int] = set(range(len(g_rows))) if not p_rows else set()
    extra_rows: dict[int, float] = {}
    for f in findings:
        if f.type == OMISSION and f.gold_row is not None and f.gold_row < len(g_rows):
            omitted.add(f.gold_row)
        elif f.pred_row is not None and f.gold_row is None and f.type in _ROW_OUTSIDE_TYPES:
            w = grounded_w if f.type in _GROUNDED_ROW_TYPES else extra_w
            extra_rows[f.pred_row] = max(extra_rows.get(f.pred_row, 0.0), w)
    rows = None
    if omitted or extra_rows:
        rows = (config.severity_missing_cell * len(omitted) + sum(extra_rows.values())) / n_rows

    # cells of matched rows; partial matches
    lost: set[tuple[int, int]] = {(g, c) for g in omitted for c in range(len(filled[g]))}
    lost.update((g, c) for g in range(len(g_rows)) for c in missing_cols if c < len(filled[g]))
    cell_cost, n_cell_errors, wrong = 0.0, 0, 0
    n_partial = 0
    for f in findings:
        if f.gold_row is None or f.column not in col_of:
            continue
        c = col_of[f.column]
        if f.type == PARTIAL_MATCH:
            n_partial += 1
        elif f.type == ATTRIBUTE_DISTORTION and f.subtype == "missing_value":
            if (f.gold_row, c) not in lost:
                lost.add((f.gold_row, c))
                cell_cost += config.severity_missing_cell
                n_cell_errors += 1
        elif f.type == ATTRIBUTE_DISTORTION:
            cell_cost += config.severity_wrong_cell * (
                1.0 - config.severity_partial_credit * closeness(f.predicted, f.expected)
            )
            n_cell_errors += 1
            wrong += 1
        elif f.type == BLANK_FILLING and f.subtype != "extra_column":
            cell_cost += extra_w
            n_cell_errors += 1
    cells = cell_cost / max(1, gold_cells) if n_cell_errors else None
    partial = config.severity_partial_match * n_partial / max(1, gold_cells) if n_partial else None

    # cosmetic: headers, order, structure
    cosmetic_cost, n_cosmetic = 0.0, 0
    for f in findings:
        if f.type == FORMAT_ERROR and f.subtype in _RENAMED_SUBTYPES:
            cosmetic_cost += config.severity_renamed_header / n_cols
        elif f.type == FORMAT_ERROR and f.subtype == "column_order":
            cosmetic_cost += config.severity_column_order
        elif f.type == FORMAT_ERROR and f.subtype == "transposed":
            cosmetic_cost += config.severity_renamed_header
        elif f.type == FORMAT_ERROR and f.subtype in _COLUMN_SUBTYPES:
            continue  # the columns tier
        elif f.type == FORMAT_ERROR:
            cosmetic_cost += config.severity_format_issue
        elif f.type == ORDER_MISMATCH:
            cosmetic_cost += config.severity_row_order / n_rows
        else:
            continue
        n_cosmetic += 1
    cosmetic = cosmetic_cost if n_cosmetic else None

    right = (
        gold_cells
        - wrong
        - sum(1 for g, c in lost if g < len(filled) and c < len(filled[g]) and filled[g][c])
    )
    return [columns, rows, cells, partial, cosmetic], right / gold_cells if gold_cells else 1.0


def compute_severity(
    findings: Sequence[Finding],
    gold: ParsedTable,
    pred: ParsedTable | None,
    alignment: Alignment | None,
    config: Config,
) -> float:
    """The severity in [0, 1] of a response with these findings (see the module docstring)."""
    if pred is None or any(f.type == FORMAT_ERROR and f.subtype == "unparseable" for f in findings):
        return 1.0
    shares, right = severity_shares(findings, gold, pred, alignment, config)
    if right <= 0.0 and gold.rows():
        return 1.0  # the reader gets none of the gold's values
    return tiered_severity(shares, config)


def referenceless_severity(
    findings: Sequence[Finding], cells: Sequence[CellGrounding], n_columns: int, config: Config
) -> float:
    """The severity of a table judged against its context alone (``Config.reference =
    "context"``): the unit is the predicted filled cell, as the gold cell is above.

    A cell of an invented, duplicate or out-of-scope row costs the most a cell can cost (the
    larger of the two weights below); a filled cell the context never states
    ``severity_extra_cell``; a contradicted cell ``severity_wrong_cell``; a row out
    of order ``severity_row_order`` per column; a format problem ``severity_format_issue`` per
    column; divided by the cost of every cell being wrong, so that a table whose every row is
    invented scores 1. A table with no filled cell scores 1.
    """
    filled = [c for c in cells if c.status != "empty"]
    if not filled:
        return 1.0
    bad_rows = {
        f.pred_row
        for f in findings
        if f.type in (ENTITY_FABRICATION, OUT_OF_RANGE) and f.pred_row is not None
    }
    unit = max(config.severity_extra_cell, config.severity_wrong_cell, 1e-9)
    cost = 0.0
    for c in filled:
        if c.row in bad_rows:
            cost += unit
        elif c.status == "unstated":
            cost += config.severity_extra_cell
        elif c.status == "contradicted":
            cost += config.severity_wrong_cell
    n_cols = max(1, n_columns)
    for f in findings:
        if f.type == ORDER_MISMATCH:
            cost += config.severity_row_order * n_cols
        elif f.type == FORMAT_ERROR:
            cost += config.severity_format_issue * n_cols
    return min(1.0, max(0.0, cost / (unit * len(filled))))

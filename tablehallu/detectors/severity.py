"""How bad a response is: one number in [0, 1] per sample, from a cost model over its findings.

``0`` is a faithful table, ``1`` nothing right. The unit is the cell: each non-empty gold cell
is one unit of information the reader should get, and each finding costs the cells it takes
away or adds (every weight a :class:`~tablehallu.config.Config` field, ``severity_*``):

=============================================  =============================================
what the reader loses                          cost
=============================================  =============================================
a gold cell not given (row omitted, column     ``severity_missing_cell`` per non-empty gold
missing, cell left empty)                      cell (each cell counted once)
a gold cell with a different value             ``severity_wrong_cell`` times (1 -
                                               ``severity_partial_credit`` x closeness)
a cell the gold lacks (extra / fabricated /    ``severity_extra_cell`` per non-empty predicted
duplicate row, extra column, filled blank)     cell (``severity_grounded_extra_cell`` when the
                                               context states it: ``extra_row`` and
                                               ``extra_attribute``)
a renamed header (or split / merged columns)   ``severity_renamed_header`` per gold row
a transposed table (read back; lenient mode)   ``severity_renamed_header`` per gold cell
columns in another order                       ``severity_column_order`` per gold cell
a row out of order                             ``severity_row_order`` per gold column
a structural parse problem                     ``severity_format_issue`` per gold column
=============================================  =============================================

``severity = cost / (gold cells + weighted extra cells)``, clipped to [0, 1]; extra cells join
the denominator at the weight they cost, so adding an error never lowers the severity and a
response whose every row is invented and every gold row omitted scores 1. An unparseable response
or one with no rows scores 1. ``gold_conflict`` findings (the context sides with the prediction)
cost nothing, nor do ``unit_conversion`` notes (a value stated in another unit). Faithful
reformatting (dates, thousands separators, abbreviations the cascade
matches) raises no finding and so costs nothing; neither does a cell the cascade accepts as a
partial match (substring, acronym). In ``strict`` header mode the detector stops at a header
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
    CellGrounding,
    Finding,
)
from tablehallu.detectors.headers import Alignment
from tablehallu.normalize import is_null, type_cell
from tablehallu.parsers.table import ParsedTable

#: Findings that put a whole predicted row outside the gold table.
_EXTRA_ROW_TYPES = frozenset({ENTITY_FABRICATION, OUT_OF_RANGE, EXTRA_ROW, EXTRA_ATTRIBUTE})
#: Header findings (the columns given, whichever rule aligned them).
_HEADER_SUBTYPES = frozenset(
    {"renamed_column", "missing_column", "extra_column", "column_order", "split_column",
     "merged_column"}
)  # fmt: skip
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


def _filled(cells: Sequence[str]) -> int:
    return sum(1 for v in cells if not is_null(v))


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
    g_headers = gold.headers
    g_rows = gold.rows()
    n_cols = max(1, len(g_headers))
    col_of = {h: c for c, h in enumerate(g_headers)}
    filled = [[not is_null(v) for v in row] for row in g_rows]
    gold_cells = sum(sum(row) for row in filled)

    lost: set[tuple[int, int]] = set()
    cost = 0.0
    extra_weight = 0.0  # weighted extra predicted cells (cost and denominator)

    # columns: missing gold columns lose their cells, extra predicted columns add theirs
    p_rows = pred.rows()
    extra_pred_cols: list[int] = []
    if alignment is not None:
        covered = alignment.covered_gold
        for c in range(len(alignment.pred_for_gold)):
            if c not in covered:
                lost.update((g, c) for g in range(len(g_rows)) if c < len(filled[g]))
        aligned = alignment.used_pred
        extra_pred_cols = [pc for pc in range(len(pred.headers)) if pc not in aligned]

    if not p_rows:  # an empty table gives the reader none of the gold cells
        lost.update((g, c) for g in range(len(g_rows)) for c in range(len(g_rows[g])))
    # rows: omitted gold rows; extra predicted rows (grounded ones at a lower weight)
    row_weight: dict[int, float] = {}
    for f in findings:
        if f.type == OMISSION and f.gold_row is not None and f.gold_row < len(g_rows):
            lost.update((f.gold_row, c) for c in range(len(g_rows[f.gold_row])))
        elif f.pred_row is not None and f.gold_row is None and f.type != ORDER_MISMATCH:
            grounded = f.type in _GROUNDED_ROW_TYPES
            if f.type in _EXTRA_ROW_TYPES or f.type in (BLANK_FILLING, ATTRIBUTE_DISTORTION):
                w = config.severity_grounded_extra_cell if grounded else config.severity_extra_cell
                row_weight[f.pred_row] = max(row_weight.get(f.pred_row, 0.0), w)
    for p, w in row_weight.items():
        if p < len(p_rows):
            extra_weight += w * _filled(p_rows[p])
    for pc in extra_pred_cols:
        cells = [row[pc] for p, row in enumerate(p_rows) if p not in row_weight and pc < len(row)]
        extra_weight += config.severity_extra_cell * _filled(cells)

    # cells of matched rows
    for f in findings:
        if f.gold_row is None or f.column not in col_of:
            continue
        c = col_of[f.column]
        if f.type == ATTRIBUTE_DISTORTION and f.subtype == "missing_value":
            lost.add((f.gold_row, c))
        elif f.type == ATTRIBUTE_DISTORTION:
            cost += config.severity_wrong_cell * (
                1.0 - config.severity_partial_credit * closeness(f.predicted, f.expected)
            )
        elif f.type == BLANK_FILLING and f.subtype != "extra_column":
            extra_weight += config.severity_extra_cell

    # headers, order, structure
    for f in findings:
        if f.type == FORMAT_ERROR and f.subtype in _HEADER_SUBTYPES:
            if f.subtype in ("renamed_column", "split_column", "merged_column"):
                cost += config.severity_renamed_header * len(g_rows)
            elif f.subtype == "column_order":
                cost += config.severity_column_order * gold_cells
        elif f.type == FORMAT_ERROR and f.subtype == "transposed":
            cost += config.severity_renamed_header * gold_cells
        elif f.type == FORMAT_ERROR:
            cost += config.severity_format_issue * n_cols
        elif f.type == ORDER_MISMATCH:
            cost += config.severity_row_order * n_cols

    cost += config.severity_missing_cell * sum(
        1 for g, c in lost if g < len(filled) and c < len(filled[g]) and filled[g][c]
    )
    cost += extra_weight
    total = gold_cells + extra_weight
    if total <= 0:
        return 0.0 if cost <= 0 else 1.0
    return min(1.0, max(0.0, cost / total))


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

"""Order rules: the rows follow the sort rule the metadata, constraints or query declare."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tablehallu.check.record import RecordView
from tablehallu.check.rules.base import Finding, cell_finding
from tablehallu.detectors.order import (
    SortRule,
    check_order,
    find_column,
    parse_direction,
    rule_from_query,
)
from tablehallu.normalize import normalize_header

__all__ = ["Declared", "declared_rules", "rows_sorted"]


@dataclass(frozen=True)
class Declared:
    """A sort rule as a record states it: where (``source``), the column, the direction read
    from ``raw_direction`` (None when it is not ascending/descending or a synonym)."""

    source: str
    column: str
    direction: str | None
    raw_direction: Any


def declared_rules(rec: RecordView) -> list[Declared]:
    """Sort rules stated by the metadata and the constraints (in that order)."""
    out: list[Declared] = []
    meta = rec.metadata or {}
    pairs = (
        ("metadata", meta.get("sort_column"), meta.get("sort_method", meta.get("sort_order"))),
        (
            "constraints",
            rec.constraint_map.get("sort_column"),
            rec.constraint_map.get("sort_order", rec.constraint_map.get("sort_method")),
        ),
    )
    for source, column, direction in pairs:
        if not isinstance(column, str) or not column.strip() or column.strip().lower() == "none":
            continue
        out.append(Declared(source, column.strip(), parse_direction(direction), direction))
    return out


def rows_sorted(rec: RecordView) -> list[Finding] | None:
    """The rows are sorted by the declared sort column in the declared direction.

    How: the rule comes from the metadata (``sort_column``, ``sort_method``), else the constraints
    (``sort_column``, ``sort_order``), else the query ("sort the table by "X" in descending order",
    as the scorer reads it). The column's cells are compared typed, with the scorer's order keys:
    numbers by value (scale and currency aware), dates chronologically (numbers and year dates on
    one axis), text alphabetically after normalisation; ties are allowed and nulls are skipped.
    Every adjacent pair out of order is reported; a direction that is not ascending/descending (or a
    synonym the scorer accepts) is reported; metadata and constraints that state different rules are
    reported; cells of a minority kind (text in a number column) are reported as not comparable. A
    sort column that is not a table column is TH002's (metadata) or TH031's (query).

    Skipped: records that state no sort rule.
    """
    view = rec.table
    if view is None:
        return None
    declared = declared_rules(rec)
    out: list[Finding] = []
    if not declared and rec.query:
        found = rule_from_query(rec.query)
        if found:
            declared = [Declared("query", found[0], found[1], found[1])]
    if not declared:
        return None
    first = declared[0]
    for other in declared[1:]:
        if normalize_header(other.column) != normalize_header(first.column) or (
            other.direction is not None
            and first.direction is not None
            and other.direction != first.direction
        ):
            out.append(
                Finding(
                    "TH010",
                    f"{first.source} sorts by {first.column!r} {first.raw_direction}, but "
                    f"{other.source} by {other.column!r} {other.raw_direction}",
                )
            )
    for d in declared:
        if d.direction is None:
            out.append(
                Finding(
                    "TH010",
                    f"{d.source} sort order {d.raw_direction!r} is not ascending or descending",
                )
            )
    column = find_column(first.column, view.headers)
    if column is None or first.direction is None:
        return out
    cells = [row[column] for row in view.typed]
    present = [c for c in cells if c.kind != "null"]
    groups = {"text" if c.kind == "text" else "value" for c in present}
    if len(groups) > 1:
        n_text = sum(c.kind == "text" for c in present)
        minority = "text" if n_text <= len(present) - n_text else "number/date"
        odd = [
            r
            for r, c in enumerate(cells)
            if c.kind != "null" and ("text" if c.kind == "text" else "number/date") == minority
        ]
        for r in odd:
            out.append(
                cell_finding(
                    view,
                    r,
                    column,
                    "TH010",
                    f"{view.rows[r][column]!r} is {minority} in a column sorted as "
                    f"{'number/date' if minority == 'text' else 'text'}; it cannot be ordered",
                )
            )
    rule = SortRule(column, view.headers[column], first.direction, first.source)
    for v in check_order(rule, cells, [None] * len(cells)):
        out.append(
            cell_finding(
                view,
                v.pred_row,
                column,
                "TH010",
                f"not in {first.direction} order ({first.source}): {v.value!r} comes after "
                f"{v.prev_value!r} (row {v.prev_row + 1})",
            )
        )
    return out

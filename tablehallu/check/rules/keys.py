"""Key rules: every row of the gold table can be told apart (no repeated rows, a present and
unique primary key), as ``tablehallu score`` needs to match predicted rows to gold rows."""

from __future__ import annotations

from tablehallu.check.record import RecordView
from tablehallu.check.rules.base import Finding, cell_finding, row_finding
from tablehallu.detectors.keys import resolve_explicit

__all__ = ["no_duplicate_rows", "primary_key_unique"]


def no_duplicate_rows(rec: RecordView) -> list[Finding] | None:
    """No two rows of the gold table are the same.

    How: rows are compared cell by cell after text normalisation (case, spacing, markup and quotes
    do not make rows different; all null spellings are equal). Each repeat is reported with the row
    it repeats (the paper's verifier rejects "duplicate rows or redundant information").
    """
    view = rec.table
    if view is None:
        return None
    out: list[Finding] = []
    seen: dict[tuple[str, ...], int] = {}
    for r, row in enumerate(view.typed):
        key = tuple(c.text for c in row)
        first = seen.setdefault(key, r)
        if first != r:
            out.append(row_finding(view, r, "TH003", f"repeats row {first + 1}"))
    return out


def primary_key_unique(rec: RecordView) -> list[Finding] | None:
    """Every row can be told apart by its primary key, and every row has one.

    How: the key is the one ``tablehallu score`` uses
    (:func:`tablehallu.detectors.keys.choose_key`). A declared key (``constraints.primary_key`` or
    ``Config.primary_key``) must name columns of the table, have a value in every row and be unique
    (each repeated value is reported with its rows). Without a declared key, the paper's heuristic
    key (the first non-numeric column) must have a value in every row; when its values repeat, a
    composite key (the heuristic key plus further columns) is accepted, as the scorer does. Rows
    that repeat entirely are TH003's.
    """
    view = rec.table
    if view is None or not view.headers:
        return None
    out: list[Finding] = []
    explicit = rec.explicit_key
    if explicit:
        source = (
            "constraints.primary_key" if rec.constraint_map.get("primary_key") else "primary_key"
        )
        cols, missing = resolve_explicit(explicit, view.headers)
        if missing:
            out.append(
                Finding(
                    "TH004",
                    f"{source} names {', '.join(map(repr, missing))}, not a column of the table",
                )
            )
            return out
        key_cols: tuple[int, ...] = cols
    else:
        key_cols = view.key.columns[:1]
    for r, row in enumerate(view.typed):
        for c in key_cols:
            if row[c].kind == "null":
                out.append(cell_finding(view, r, c, "TH004", "the key column has no value"))
    if explicit:
        groups: dict[tuple[str, ...], list[int]] = {}
        for r, row in enumerate(view.typed):
            groups.setdefault(tuple(row[c].text for c in key_cols), []).append(r)
        names = " + ".join(repr(view.headers[c]) for c in key_cols)
        for rows in groups.values():
            distinct = {tuple(c.text for c in view.typed[r]) for r in rows}
            if len(rows) > 1 and len(distinct) > 1:
                value = " / ".join(view.rows[rows[0]][c] for c in key_cols)
                listed = ", ".join(str(r + 1) for r in rows)
                out.append(
                    row_finding(
                        view,
                        rows[1],
                        "TH004",
                        f"the primary key {names} is not unique: {value!r} is the key of rows "
                        f"{listed}",
                    )
                )
    return out

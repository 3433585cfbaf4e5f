"""Metadata rules: the gold table's declared counts, headers, row headers and sort column agree
with the table itself (the paper's JSON shape: ``metadata.table_info``)."""

from __future__ import annotations

from typing import Any

from tablehallu.check.record import RecordView, TableView
from tablehallu.check.rules.base import Finding, cell_finding
from tablehallu.normalize import TypedCell, is_null, normalize_header, normalize_text

__all__ = ["metadata_agrees"]


def _as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def _same_cell(meta_value: Any, cell: TypedCell) -> bool:
    if meta_value is None:
        return cell.kind == "null"
    if isinstance(meta_value, bool) or not isinstance(meta_value, str | int | float):
        return False
    text = meta_value if isinstance(meta_value, str) else str(meta_value)
    return normalize_text(text) == cell.text or (is_null(text) and cell.kind == "null")


def metadata_agrees(rec: RecordView) -> list[Finding] | None:
    """The gold table's metadata agrees with the table.

    How: when present, ``rows`` and ``columns`` equal the table's row and column counts (integers or
    integer strings); ``column_headers`` lists the table's headers in order (exact strings,
    surrounding spaces ignored); ``row_headers`` lists one column's values in row order (normally
    the first; compared after text normalisation, a JSON null equals an empty cell); and
    ``sort_column`` names a column. One finding per disagreement, naming the entry.

    Skipped: tables without metadata (Markdown and other text tables, records without ``metadata``).
    The sort direction is TH010's.
    """
    view, meta = rec.table, rec.metadata
    if view is None or meta is None:
        return None
    out: list[Finding] = []
    n_rows, n_cols = len(view.rows), len(view.headers)
    for name, actual in (("rows", n_rows), ("columns", n_cols)):
        if name not in meta or meta[name] is None:
            continue
        declared = _as_int(meta[name])
        if declared is None:
            out.append(Finding("TH002", f"metadata {name} is {meta[name]!r}, not an integer"))
        elif declared != actual:
            out.append(Finding("TH002", f"metadata says {declared} {name}, the table has {actual}"))
    out.extend(_check_column_headers(view, meta.get("column_headers")))
    out.extend(_check_row_headers(view, meta.get("row_headers")))
    sort_column = meta.get("sort_column")
    if isinstance(sort_column, str) and sort_column.strip() and sort_column.lower() != "none":
        if normalize_header(sort_column) not in {normalize_header(h) for h in view.headers}:
            out.append(
                Finding(
                    "TH002",
                    f"metadata sort_column {sort_column!r} is not a column of the table",
                    column=sort_column,
                )
            )
    elif sort_column is not None and not isinstance(sort_column, str):
        out.append(Finding("TH002", f"metadata sort_column is {sort_column!r}, not a string"))
    return out


def _check_column_headers(view: TableView, declared: Any) -> list[Finding]:
    if declared is None:
        return []
    if not isinstance(declared, list) or not all(isinstance(h, str) for h in declared):
        return [Finding("TH002", "metadata column_headers is not a list of strings")]
    have = [h.strip() for h in view.headers]
    want = [h.strip() for h in declared]
    if len(want) != len(have):
        missing = [h for h in have if h not in want]
        extra = [h for h in want if h not in have]
        detail = "; ".join(
            part
            for part in (
                f"not listed: {', '.join(map(repr, missing))}" if missing else "",
                f"not in the table: {', '.join(map(repr, extra))}" if extra else "",
            )
            if part
        )
        return [
            Finding(
                "TH002",
                f"metadata column_headers lists {len(want)} headers, the table has {len(have)}"
                + (f" ({detail})" if detail else ""),
            )
        ]
    return [
        Finding(
            "TH002",
            f"metadata column_headers[{i}] is {w!r} but column {i + 1} of the table is {h!r}",
            column=h,
        )
        for i, (w, h) in enumerate(zip(want, have, strict=True))
        if w != h
    ]


def _check_row_headers(view: TableView, declared: Any) -> list[Finding]:
    if declared is None or not view.headers:
        return []
    if not isinstance(declared, list):
        return [Finding("TH002", "metadata row_headers is not a list")]
    if len(declared) != len(view.rows):
        return [
            Finding(
                "TH002",
                f"metadata row_headers lists {len(declared)} entries, "
                f"the table has {len(view.rows)} rows",
            )
        ]

    def agreeing(c: int) -> int:
        return sum(_same_cell(v, row[c]) for v, row in zip(declared, view.typed, strict=True))

    # normally the first column; the others are only tried when it does not agree
    best = 0
    if agreeing(0) < len(declared):
        best = max(range(len(view.headers)), key=lambda c: (agreeing(c), -c))
    return [
        cell_finding(
            view,
            r,
            best,
            "TH002",
            f"metadata row_headers[{r}] is {v!r} but the cell is {view.rows[r][best]!r}",
        )
        for r, v in enumerate(declared)
        if not _same_cell(v, view.typed[r][best])
    ]

"""Totals rows: the last row of a table keyed "Total" adds up the rows above it.

Such a row names no entity (no ``entity_fabrication`` for a context or a gold table that does
not hold it). Each of its figures is checked against its column's sum
(``Config.grounding_total_rows``, ``Config.grounding_total_rel_tol``): a figure that differs is
``attribute_distortion`` / ``wrong_total``; one that agrees is stated by the table itself; a
column with a cell that is not a figure is not checked.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Final

from tablehallu.detectors.diagnosis import (
    ATTRIBUTE_DISTORTION,
    EMPTY,
    KEY,
    UNCHECKED,
    Finding,
)
from tablehallu.detectors.grounding.claims import CONTRADICTED, STATED
from tablehallu.detectors.state import NULL_CELL, SampleState
from tablehallu.normalize import TypedCell

__all__ = ["TOTALS_KEYS", "check_totals", "is_totals_row", "total_finding"]

#: Keys of a row that adds up the others ("Total", "Grand total"), not an entity
TOTALS_KEYS: Final = frozenset({"total", "totals", "grand total", "overall", "combined", "sum"})


def is_totals_row(st: SampleState, p: int) -> bool:
    """Predicted row ``p`` is the table's totals row: the last of three or more, keyed by a
    word of :data:`TOTALS_KEYS` (``Config.grounding_total_rows``)."""
    if not st.config.grounding_total_rows or p != st.n_pred - 1 or st.n_pred < 3:
        return False
    key = " ".join(st.cell(p, k).text for k in st.key_cols if st.cell(p, k).text)
    return " ".join(key.replace("*", " ").split()).casefold() in TOTALS_KEYS


def check_totals(
    st: SampleState, p: int, headers: list[str], keys: Collection[int]
) -> list[tuple[str, TypedCell, str, str]]:
    """(header, cell, status, reason) for each cell of totals row ``p`` (predicted
    columns; ``keys``: the key columns), its figures against the sums of the rows above."""
    out: list[tuple[str, TypedCell, str, str]] = []
    for col, cell in enumerate(st.p_typed[p]):
        header = headers[col] if col < len(headers) else ""
        if col in keys:
            out.append((header, cell, KEY, ""))
            continue
        if cell.kind == "null":
            out.append((header, cell, EMPTY, ""))
            continue
        above = [st.p_typed[q][col] if col < len(st.p_typed[q]) else NULL_CELL for q in range(p)]
        figures = [c.number.value for c in above if c.kind == "number" and c.number is not None]
        if cell.kind != "number" or cell.number is None or len(figures) < len(above):
            reason = "a totals row's cell whose column is not all figures"
            out.append((header, cell, UNCHECKED, reason))
            continue
        total = sum(figures)
        if abs(cell.number.value - total) <= st.config.grounding_total_rel_tol * abs(total):
            out.append((header, cell, STATED, f"the sum of the {len(figures)} rows above"))
        else:
            reason = f"the {len(figures)} rows above sum to {total:g}"
            out.append((header, cell, CONTRADICTED, reason))
    return out


def total_finding(row: int, header: str, cell: TypedCell, reason: str) -> Finding:
    """``attribute_distortion`` / ``wrong_total`` for a totals row's figure."""
    return Finding(
        ATTRIBUTE_DISTORTION,
        subtype="wrong_total",
        pred_row=row,
        column=header,
        pred_column=header,
        predicted=cell.raw,
        matcher="sum",
        explanation=f"{cell.raw!r} is no total: {reason}",
    )

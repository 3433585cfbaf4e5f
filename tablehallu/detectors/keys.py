"""Choosing the primary key of a gold table.

The paper's heuristic (Appendix C.1) is the first non-numeric column, else the first column. A
column of dates or clock times (``Date``, ``1:45.2``) is non-numeric too, yet a poor key: one
edited value there unmatches the whole row. When the paper's choice is such a column, the key is
the first **text identifier** column (most cells text with a letter: names, codes) whose gold
values are unique, else the first text identifier column, else the paper's choice. When the
gold values of that key are not unique (the paper's own Order-Mismatch example repeats "United
States"), the key is extended to a composite key with the following columns, then the preceding
ones, until the gold rows are told apart. An explicit key (constraints ``primary_key`` or
``Config.primary_key``) wins.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from tablehallu.detectors.order import find_column
from tablehallu.normalize import TypedCell


@dataclass(frozen=True)
class KeyChoice:
    """Key columns (indices into the gold table), how they were chosen, and notes."""

    columns: tuple[int, ...]
    source: str  # "explicit", "heuristic", "composite", "all_columns"
    notes: tuple[str, ...] = field(default_factory=tuple)


#: A place in a ranking written as a figure ("1st", "2nd", "T-5", "=3"): a number, no name
_PLACE_RE: Final = re.compile(r"(?:t-?|=)?\d{1,4}(?:st|nd|rd|th)?\.?", re.IGNORECASE)


def _is_numeric_column(cells: Sequence[TypedCell]) -> bool:
    """Whether every filled cell is a number or a place in a ranking ("1st", "T-5")."""
    present = [c for c in cells if c.kind != "null"]
    return bool(present) and all(
        c.kind == "number" or _PLACE_RE.fullmatch(c.raw.strip()) for c in present
    )


def is_identifier_column(cells: Sequence[TypedCell]) -> bool:
    """Whether most filled cells are text with a letter (names, codes such as ``253Rf``), not
    numbers, dates or clock times (``1:45.2``)."""
    present = [c for c in cells if c.kind != "null"]
    words = sum(1 for c in present if c.kind == "text" and any(ch.isalpha() for ch in c.raw))
    return bool(present) and words * 2 > len(present)


def _is_date_column(cells: Sequence[TypedCell]) -> bool:
    """Whether most filled cells are dates or clock times (``1:45.2``, ``17:34``)."""
    present = [c for c in cells if c.kind != "null"]
    dated = sum(
        1
        for c in present
        if c.kind == "date" or (":" in c.raw and all(ch.isdigit() or ch in ":., " for ch in c.raw))
    )
    return bool(present) and dated * 2 > len(present)


def _unique(gold_cells: Sequence[Sequence[TypedCell]], columns: Sequence[int]) -> bool:
    seen: set[tuple[str, ...]] = set()
    for row in gold_cells:
        key = tuple(row[c].text for c in columns)
        if key in seen:
            return False
        seen.add(key)
    return True


def resolve_explicit(
    names: Sequence[str], headers: Sequence[str]
) -> tuple[tuple[int, ...], list[str]]:
    """Map explicit key column names to gold column indices; unknown names are returned."""
    cols: list[int] = []
    missing: list[str] = []
    for name in names:
        col = find_column(name, headers)
        if col is None:
            missing.append(name)
        else:
            cols.append(col)
    return tuple(cols), missing


def choose_key(
    headers: Sequence[str],
    gold_cells: Sequence[Sequence[TypedCell]],
    explicit: Sequence[str] | None = None,
    allowed: Sequence[int] | None = None,
) -> KeyChoice:
    """Pick the key columns of a gold table given its typed cells (rows x columns).

    ``allowed`` restricts the choice to some columns (e.g. those the prediction has).
    """
    n_cols = len(headers)
    candidates = list(allowed) if allowed is not None else list(range(n_cols))
    notes: list[str] = []
    if explicit:
        cols, missing = resolve_explicit(explicit, headers)
        cols = tuple(c for c in cols if c in candidates)
        if missing:
            notes.append(f"primary key column(s) not in the gold table: {', '.join(missing)}")
        if cols and len(cols) == len(explicit):
            if not _unique(gold_cells, cols):
                notes.append("the explicit primary key is not unique in the gold table")
            return KeyChoice(cols, "explicit", tuple(notes))
    if not candidates:
        return KeyChoice((), "none", ("no column to key on",))
    columns = [[row[c] for row in gold_cells] for c in range(n_cols)]
    first = next(
        (
            c
            for c in candidates
            if not _is_numeric_column(columns[c]) and any(x.kind != "null" for x in columns[c])
        ),
        candidates[0],
    )
    if _is_date_column(columns[first]):
        # one edited date would unmatch its row: a text identifier keys the rows better
        identifiers = [c for c in candidates if is_identifier_column(columns[c])]
        unique = [c for c in identifiers if _unique(gold_cells, [c])]
        if unique or identifiers:
            first = (unique or identifiers)[0]
    key = [first]
    if _unique(gold_cells, key):
        return KeyChoice(tuple(key), "heuristic", tuple(notes))
    pos = candidates.index(first)
    order = candidates[pos + 1 :] + candidates[:pos]
    for c in order:
        if all(x.kind == "null" for x in columns[c]):
            continue
        key.append(c)
        if _unique(gold_cells, key):
            return KeyChoice(tuple(key), "composite", tuple(notes))
    notes.append("gold rows are not unique even on all columns")
    return KeyChoice(tuple(key), "all_columns", tuple(notes))

"""Stage 2: typed cells, the primary key, and key/value tables.

Every cell is typed once (:func:`tablehallu.normalize.type_cell`). Predicted rows whose every cell
is empty carry no claim and are skipped (with a warning). The key comes from the constraints'
``primary_key``, else ``Config.primary_key``, else :func:`tablehallu.detectors.keys.choose_key`.

A two-column table whose first header names fields (``Config.key_value_fields``: Field,
Attribute, Key...) or whose second names values (``Config.key_value_values``) is a key/value
table (an infobox): its rows are attributes of one entity, the subject of the context, keyed by
the field name. So is such a table written with a first column of row numbers or columns of
notes after the value (:func:`key_value_core`: they are set aside, not checked).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final
from weakref import WeakKeyDictionary

from tablehallu.config import Config
from tablehallu.detectors.constraints import read_constraints
from tablehallu.detectors.keys import choose_key
from tablehallu.detectors.stages.columns import joined_cells
from tablehallu.detectors.state import SampleState
from tablehallu.normalize import TypedCell, normalize_header, type_cell
from tablehallu.parsers.table import ParsedTable

#: Typed cells of each gold table in use, reused by every prediction of that gold.
_GOLD_CELLS: WeakKeyDictionary[ParsedTable, tuple[tuple[bool, int], list[list[TypedCell]]]] = (
    WeakKeyDictionary()
)


def gold_cells(gold: ParsedTable, config: Config) -> list[list[TypedCell]]:
    """The typed cells of ``gold`` (shared between its predictions: never modified)."""
    how = (config.dayfirst, config.max_typed_chars)
    found = _GOLD_CELLS.get(gold)
    if found is not None and found[0] == how:
        return found[1]
    items = gold.line_items
    rows = gold.rows()
    if items:
        rows = [[items.get(v, v) for v in row] for row in rows]
    cells = [
        [type_cell(v, config.dayfirst, max_chars=config.max_typed_chars) for v in row]
        for row in rows
    ]
    _GOLD_CELLS[gold] = (how, cells)
    return cells


def is_key_value(headers: list[str], config: Config) -> bool:
    """Whether two headers are a key/value table's (``Config.key_value_fields`` first, or
    ``Config.key_value_values`` second)."""
    if len(headers) != 2:
        return False
    first, second = (normalize_header(h) for h in headers)
    return first in {normalize_header(f) for f in config.key_value_fields} or second in {
        normalize_header(v) for v in config.key_value_values
    }


def key_value_core(table: ParsedTable, config: Config) -> tuple[ParsedTable, list[str]] | None:
    """A key/value table written with columns aside (``Config.key_value_aside_headers``): a
    first column of row numbers ("#": 1, 2, 3 ... in order) or columns of notes after the value
    ("Notes", "Source"). The table without them and the headers set aside, when the two other
    headers are a key/value table's (:func:`is_key_value`); None for any other table."""
    headers = list(table.headers)
    if len(headers) < 3:
        return None
    aside = _normalized(tuple(config.key_value_aside_headers))
    named = [c for c, h in enumerate(headers) if normalize_header(h) in aside]
    if not named:
        return None  # the common case, decided without copying the rows
    rows = table.rows()
    dropped = [c for c in named if c >= 2 or (c == 0 and _numbers_rows([row[0] for row in rows]))]
    kept = [c for c in range(len(headers)) if c not in dropped]
    if len(kept) != 2 or not is_key_value([headers[c] for c in kept], config):
        return None
    core = ParsedTable(
        headers=[headers[c] for c in kept],
        rows=[[row[c] for c in kept] for row in rows],
        format=table.format,
        warnings=table.warnings,
        name=table.name,
        metadata=table.metadata,
    )
    core.line_items = table.line_items
    return core, [headers[c] for c in dropped]


@lru_cache(maxsize=16)
def _normalized(headers: tuple[str, ...]) -> frozenset[str]:
    return frozenset(normalize_header(h) for h in headers)


def _numbers_rows(cells: list[str]) -> bool:
    """Whether ``cells`` number the rows: 1, 2, 3 ... in order ("1." as well)."""
    return bool(cells) and all(
        c.strip().rstrip(".") == str(i) for i, c in enumerate(cells, start=1)
    )


#: A column header naming a period: a year, a fiscal year, a season, a quarter
_PERIOD_HEADER_RE: Final = re.compile(
    r"(?:fy\s?)?(?:19|20)\d\d(?:\s?[-/–]\s?(?:19|20)?\d\d)?"
    r"|(?:q[1-4]|h[12])\s?(?:fy\s?)?(?:19|20)\d\d|(?:19|20)\d\d\s?(?:q[1-4]|h[12])"
)


def is_period_table(headers: list[str], config: Config) -> bool:
    """Whether the first header names metrics (``Config.key_value_metrics``) and every other
    one a period: the rows are attributes of one subject, the columns periods."""
    if len(headers) < 2 or normalize_header(headers[0]) not in {
        normalize_header(m) for m in config.key_value_metrics
    }:
        return False
    return all(_PERIOD_HEADER_RE.fullmatch(h.strip().casefold()) for h in headers[1:])


def choose_keys(st: SampleState) -> None:
    """Type the cells and choose the key columns."""
    assert st.pred is not None and st.alignment is not None
    config = st.config

    def typed(v: str) -> TypedCell:
        return type_cell(v, config.dayfirst, max_chars=config.max_typed_chars)

    st.g_headers = list(st.gold.headers)
    st.g_rows = st.gold.rows()
    p_rows_all = st.pred.rows()
    st.g_cells = gold_cells(st.gold, config)
    p_map = st.alignment.pred_for_gold
    items = st.pred.line_items  # "lawyer<br>politician": the items of a list
    if items:
        p_rows_all = [[items.get(v, v) for v in row] for row in p_rows_all]
    p_typed = [[typed(v) for v in row] for row in p_rows_all]
    p_cells_all: list[list[TypedCell | None]] = [
        [row[p] if p is not None and p < len(row) else None for p in p_map] for row in p_typed
    ]
    joins = st.alignment.joins
    if joins:
        for raw, cells in zip(p_rows_all, p_cells_all, strict=True):
            for g, cell in joined_cells(joins, raw, config).items():
                cells[g] = cell
    st.p_index = [i for i, row in enumerate(p_typed) if any(c.kind != "null" for c in row)]
    if len(st.p_index) < len(p_rows_all):
        st.diag.warnings.append(
            f"{len(p_rows_all) - len(st.p_index)} empty predicted row(s) ignored"
        )
    st.p_typed = [p_typed[i] for i in st.p_index]
    st.p_cells = [p_cells_all[i] for i in st.p_index]
    st.aligned_cols = sorted(st.alignment.covered_gold)
    st.period_columns = is_period_table(st.g_headers, config) and is_period_table(
        list(st.pred.headers), config
    )
    st.key_value = st.period_columns or (
        is_key_value(st.g_headers, config) and is_key_value(list(st.pred.headers), config)
    )

    constraints, problem = read_constraints(st.constraints)
    if problem:
        st.diag.warnings.append(f"{problem}; constraints ignored")
    st.constraints = constraints
    explicit: list[str] | None = None
    if constraints and constraints.get("primary_key") is not None:
        pk = constraints["primary_key"]
        if isinstance(pk, str):
            explicit = [pk]
        elif isinstance(pk, list | tuple) and pk and all(isinstance(x, str) for x in pk):
            explicit = list(pk)
        else:
            st.diag.warnings.append(
                f"constraints primary_key must be a column name or a list of names, got {pk!r}; "
                "ignored"
            )
    if explicit is None and config.primary_key:
        explicit = list(config.primary_key)
    if explicit is None and st.key_value and 0 in st.aligned_cols:
        explicit = [st.g_headers[0]]
    key = choose_key(st.g_headers, st.g_cells, explicit=explicit, allowed=st.aligned_cols)
    st.diag.primary_key = [st.g_headers[k] for k in key.columns]
    st.diag.warnings.extend(key.notes)
    st.key_cols = list(key.columns)
    st.key_source = key.source

"""Query rules: the query follows the paper's query rules (Appendix E): it lists every column in
order, states the sort rule, and quotes no cell value."""

from __future__ import annotations

from typing import Final

from tablehallu.check.record import RecordView, text_numbers
from tablehallu.check.rules.base import Finding, cell_finding
from tablehallu.check.rules.order import declared_rules
from tablehallu.check.text import find_phrase
from tablehallu.detectors.order import find_column, rule_from_query
from tablehallu.normalize import normalize_header, normalize_text

__all__ = ["query_lists_columns", "query_quotes_no_values", "query_states_sort"]


_QUOTE_CHARS: Final = "\"'`"


def _quoted_position(text: str, needle: str) -> int:
    """First position of ``needle`` written between quotes in ``text`` (-1 if never)."""
    i = text.find(needle)
    while i >= 0:
        j = i + len(needle)
        if i > 0 and text[i - 1] in _QUOTE_CHARS and j < len(text) and text[j] in _QUOTE_CHARS:
            return i
        i = text.find(needle, i + 1)
    return -1


def query_lists_columns(rec: RecordView) -> list[Finding] | None:
    """The query names every column header, in the table's order.

    The paper's query rule 2: "explicitly list all required column headers and arrange them in the
    exact order they appear".

    How: each header is located in the query (both normalised: case, curly quotes, spacing) at its
    first quoted mention ("Launch Date"), else at its first mention on word boundaries; a header
    found nowhere is reported as missing, and a header placed before the previous header of the
    table is reported as out of order. Quoted mentions come first so that a sort clause after the
    column list ("sort by "Year"") does not count as the listing.

    Skipped: records without a query.
    """
    view, query = rec.table, rec.query
    if view is None or query is None:
        return None
    text = normalize_text(query)
    out: list[Finding] = []
    previous: tuple[str, int] | None = None
    for header in view.headers:
        needle = normalize_text(header).rstrip(":").strip()
        i = _quoted_position(text, needle)
        if i < 0:
            i = find_phrase(text, needle)
        if i < 0:
            out.append(
                Finding("TH030", f"the query does not name column {header!r}", column=header)
            )
            continue
        if previous is not None and i < previous[1]:
            out.append(
                Finding(
                    "TH030",
                    f"the query names column {header!r} before {previous[0]!r}, not after it",
                    column=header,
                )
            )
        previous = (header, i)
    return out


def query_states_sort(rec: RecordView) -> list[Finding] | None:
    """The query states the sort column and direction, and they are the declared ones.

    The paper's query rule 3: state the metadata's ``sort_column`` and ``sort_method`` as an
    explicit constraint ("sort the table by [sort_column] in [sort_method] order").

    How: the rule is read from the query as the scorer reads it
    (:func:`tablehallu.detectors.order.rule_from_query`: "sorted by "X" in descending order", "in
    ascending order of "X""...). Reported: no rule found (with the expected one when the metadata or
    constraints state it); a sort column that is not a table column; a column or direction other
    than the declared one.

    Skipped: records without a query.
    """
    view, query = rec.table, rec.query
    if view is None or query is None:
        return None
    declared = next((d for d in declared_rules(rec) if d.direction is not None), None)
    found = rule_from_query(query)
    if found is None:
        expected = (
            f" (expected: sort by {declared.column!r} in {declared.direction} order, from the "
            f"{declared.source})"
            if declared
            else ""
        )
        return [Finding("TH031", f"the query states no sort column and order{expected}")]
    column, direction = found
    out: list[Finding] = []
    index = find_column(column, view.headers)
    if index is None:
        out.append(
            Finding("TH031", f"the query sorts by {column!r}, which is not a column", column=column)
        )
    elif declared is not None and (
        normalize_header(declared.column) != normalize_header(column)
        or declared.direction != direction
    ):
        out.append(
            Finding(
                "TH031",
                f"the query sorts by {column!r} {direction}, but the {declared.source} by "
                f"{declared.column!r} {declared.direction}",
                column=column,
            )
        )
    return out


def _scope_texts(rec: RecordView) -> list[str]:
    out: list[str] = []
    for key in ("entity_scope", "numerical_range"):
        value = rec.constraint_map.get(key)
        items = value if isinstance(value, list) else [value]
        out.extend(normalize_text(v) for v in items if isinstance(v, str))
    return out


def query_quotes_no_values(rec: RecordView) -> list[Finding] | None:
    """The query quotes no cell value of the table.

    The paper's query rule 4: the query is about scope, structure and format, "do not reference any
    specific cell values".

    How: every distinct non-null cell value is searched in the normalised query outside the places
    where it names a header: text on word boundaries (a value that is only part of a header name,
    such as "Points" in "Points in 4th quarter", is not a quote), numbers among the numbers written
    outside the header names. Not reported: values shorter than
    ``Config.check_query_value_min_chars``; dates and year columns (every value an integer
    1000-2999), since the query states its time scope ("from 2018 to 2022"); values inside the
    constraints' ``entity_scope`` or ``numerical_range`` (the scope the query must state, such as
    "British Empire").

    Limits: a scope that happens to equal a cell value without constraints saying so is reported
    (default severity warning).

    Skipped: records without a query.
    """
    view, query = rec.table, rec.query
    if view is None or query is None:
        return None
    config = rec.config
    text = normalize_text(query)
    spans: list[tuple[int, int]] = []  # where the query names a header
    for header in view.headers:
        needle = normalize_text(header).rstrip(":").strip()
        i = find_phrase(text, needle)
        while i >= 0:
            spans.append((i, i + len(needle)))
            i = find_phrase(text, needle, i + 1)
    blanked = list(text)
    for a, b in spans:
        blanked[a:b] = " " * (b - a)
    outside = "".join(blanked)

    def quoted_text(value: str) -> bool:
        i = find_phrase(text, value)
        while i >= 0:
            j = i + len(value)
            if not any(a <= i and j <= b for a, b in spans):
                return True
            i = find_phrase(text, value, i + 1)
        return False

    scope = _scope_texts(rec)
    scope_numbers = {x for s in scope for x in text_numbers(s)}
    query_numbers = text_numbers(outside)
    year_columns = {
        c
        for c, kind in enumerate(view.column_kinds)
        if kind == "number"
        and all(
            cell.kind == "null"
            or (
                cell.number is not None
                and cell.number.value.is_integer()
                and 1000 <= cell.number.value <= 2999
            )
            for cell in (row[c] for row in view.typed)
        )
    }
    out: list[Finding] = []
    seen: set[str] = set()
    for r, row in enumerate(view.typed):
        for c, cell in enumerate(row):
            if cell.kind in ("null", "date") or c in year_columns or cell.text in seen:
                continue
            if len(cell.text) < config.check_query_value_min_chars:
                continue
            if cell.kind == "number" and cell.number is not None:
                value = round(abs(cell.number.magnitude), 9)
                quoted = value in query_numbers and value not in scope_numbers
            else:
                quoted = quoted_text(cell.text) and not any(cell.text in s for s in scope)
            if quoted:
                seen.add(cell.text)
                out.append(
                    cell_finding(
                        view, r, c, "TH032", f"the query quotes the value {view.rows[r][c]!r}"
                    )
                )
    return out

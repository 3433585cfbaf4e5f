"""Helpers shared by the Markdown, HTML and CSV/TSV parsers and the dispatcher.

Input sanitising (newlines, NUL, lone surrogates), size limits, duplicate headers, ragged-row
reports and the final :class:`ParsedTable` construction live here so that every parser applies
them the same way.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

from tablehallu.config import Config
from tablehallu.parsers.json_input import checked_int_text
from tablehallu.parsers.table import ParsedTable, ParseError, ParseWarning

_SURROGATE_RE = re.compile(r"[\ud800-\udfff]")  # escapes read by re (mypyc: no surrogate literals)
_MAX_LISTED = 10


def sanitize(text: str) -> str:
    """Text safe for every parser, with the same line numbering as the input.

    ``\\r\\n`` and lone ``\\r`` become ``\\n``; NUL and lone surrogates (e.g. bytes decoded with
    ``surrogateescape``) become U+FFFD; a leading BOM becomes a space (columns keep their place).
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\x00" in text:
        text = text.replace("\x00", "\ufffd")
    if _SURROGATE_RE.search(text):
        text = _SURROGATE_RE.sub("\ufffd", text)
    if text.startswith("\ufeff"):
        text = " " + text[1:]
    return text


def utf8_length(text: str) -> int:
    """Length of ``text`` in UTF-8 bytes (lone surrogates count as 3 bytes, never raise)."""
    return len(text.encode("utf-8", "surrogatepass"))


def check_size(text: str, config: Config) -> ParseError | None:
    """A ParseError when ``text`` exceeds ``config.max_bytes`` UTF-8 bytes, else None."""
    # Every character takes at least one byte and at most four, so most inputs need no encoding.
    if len(text) > config.max_bytes:
        return ParseError(
            f"input is larger than max_bytes={config.max_bytes} "
            f"({len(text)} characters, at least as many UTF-8 bytes)"
        )
    if len(text) * 4 > config.max_bytes:
        size = utf8_length(text)
        if size > config.max_bytes:
            return ParseError(
                f"input is {size} UTF-8 bytes, larger than max_bytes={config.max_bytes}"
            )
    return None


def check_shape(n_rows: int, n_columns: int, config: Config, fmt: str) -> ParseError | None:
    """A ParseError when a table has more rows/columns than the config allows, else None."""
    if n_columns > config.max_columns:
        return ParseError(
            f"table has {n_columns} columns, more than max_columns={config.max_columns}",
            format=fmt,
        )
    if n_rows > config.max_rows:
        return ParseError(
            f"table has {n_rows} body rows, more than max_rows={config.max_rows}", format=fmt
        )
    return None


def cell_str(value: Any) -> str:
    """A cell value as the string a parser would have produced (None/NaN -> "")."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return checked_int_text(value)
    if isinstance(value, float):
        if math.isnan(value):
            return ""
        if value.is_integer() and abs(value) < 1e16:
            return str(int(value))
        return repr(value)
    try:
        import pandas as pd

        if value is pd.NA or value is pd.NaT:
            return ""
    except ImportError:  # pragma: no cover - pandas is a dependency
        pass
    try:
        if hasattr(value, "item"):  # numpy scalars
            return cell_str(value.item())
    except (TypeError, ValueError):
        pass
    return str(value)


def list_lines(lines: Sequence[int]) -> str:
    """``"3, 4, 7"`` (at most ten, then "and N more")."""
    shown = ", ".join(str(n) for n in lines[:_MAX_LISTED])
    if len(lines) > _MAX_LISTED:
        shown += f" and {len(lines) - _MAX_LISTED} more"
    return shown


def ragged_warnings(
    n_columns: int,
    row_counts: Sequence[tuple[int, int, bool]],
    unit: str = "cells",
) -> list[ParseWarning]:
    """``ragged_row`` warnings for body rows whose cell count differs from the header's.

    ``row_counts`` holds ``(line, count, extra_cells_empty)`` per body row. Rows with too many
    and too few cells are reported once each (message lists the lines, ``line`` is the first).
    """
    wide = [(line, n, empty) for line, n, empty in row_counts if n > n_columns]
    narrow = [(line, n) for line, n, _ in row_counts if n < n_columns]
    out: list[ParseWarning] = []
    if wide:
        lines = [line for line, _, _ in wide]
        counts = sorted({n for _, n, _ in wide})
        all_empty = all(e for _, _, e in wide)
        detail = "the extra cells are empty" if all_empty else "extra cells dropped"
        out.append(
            ParseWarning(
                "ragged_row",
                f"{len(wide)} row(s) have more {unit} than the header's {n_columns} "
                f"({'/'.join(map(str, counts))}) at line(s) {list_lines(lines)}; {detail}",
                lines[0],
            )
        )
    if narrow:
        lines = [line for line, _ in narrow]
        counts = sorted({n for _, n in narrow})
        out.append(
            ParseWarning(
                "ragged_row",
                f"{len(narrow)} row(s) have fewer {unit} than the header's {n_columns} "
                f"({'/'.join(map(str, counts))}) at line(s) {list_lines(lines)}; "
                "missing cells are empty",
                lines[0],
            )
        )
    out.sort(key=lambda w: w.line or 0)
    return out


def duplicate_header_warnings(headers: Sequence[str], line: int | None) -> list[ParseWarning]:
    """One ``duplicate_header`` warning per header string that names several columns."""
    positions: dict[str, list[int]] = {}
    for i, h in enumerate(headers, start=1):
        positions.setdefault(h, []).append(i)
    return [
        ParseWarning(
            "duplicate_header",
            f"header {h!r} names {len(cols)} columns ({list_lines(cols)})",
            line,
        )
        for h, cols in positions.items()
        if len(cols) > 1
    ]


def build_table(
    headers: list[str],
    rows: list[list[str]],
    fmt: str,
    warnings: list[ParseWarning],
    config: Config,
    *,
    header_line: int | None = 1,
    name: str | None = None,
) -> ParsedTable | ParseError:
    """The final table: limits checked, rows padded/truncated to the header width.

    ``duplicate_header`` warnings come first, then ``warnings`` as given.
    """
    limit = check_shape(len(rows), len(headers), config, fmt)
    if limit is not None:
        return limit
    width = len(headers)
    fitted = [row[:width] if len(row) >= width else row + [""] * (width - len(row)) for row in rows]
    all_warnings = duplicate_header_warnings(headers, header_line) + list(warnings)
    table = ParsedTable.from_rows(headers, fitted, fmt, warnings=all_warnings, name=name)
    table.wide_rows = {i: list(row) for i, row in enumerate(rows) if len(row) > width}
    return table


def shift_warning(w: ParseWarning, line_offset: int) -> ParseWarning:
    """``w`` with its line moved down by ``line_offset`` (no line stays no line)."""
    if w.line is None or line_offset == 0:
        return w
    return ParseWarning(w.code, w.message, w.line + line_offset)

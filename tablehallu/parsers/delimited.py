"""CSV/TSV tables with the stdlib :mod:`csv` module: reader (quoted fields, embedded newlines,
sniffed delimiter) and renderers.

The first record is the header; blank lines are skipped; cells are stripped of surrounding
whitespace. A record with more/fewer fields than the header is ``ragged_row``; an unterminated
quoted field at the end is ``truncated_table``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tablehallu.config import Config
from tablehallu.parsers._build import build_table, cell_str, ragged_warnings, sanitize
from tablehallu.parsers.table import ParsedTable, ParseError, ParseWarning

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "SNIFF_DELIMITERS",
    "consistent_delimiter",
    "parse_delimited",
    "render_csv",
    "render_tsv",
]

#: Delimiters tried, in order, when none is given.
SNIFF_DELIMITERS: tuple[str, ...] = ("\t", ",", ";", "|")


def _records(text: str, delimiter: str, strict: bool = False) -> list[tuple[int, list[str]]]:
    """(1-based start line, fields) of every record. Blank lines and whitespace-only lines are
    skipped (a quoted empty field ``""`` is a record). Raises csv.Error."""
    reader = csv.reader(
        io.StringIO(text, newline=""),
        delimiter=delimiter,
        quotechar='"',
        doublequote=True,
        skipinitialspace=True,
        strict=strict,
    )
    lines: list[str] | None = None
    out: list[tuple[int, list[str]]] = []
    start = 1
    for record in reader:
        if len(record) == 1 and not record[0].strip():
            if lines is None:
                lines = text.split("\n")
            if start - 1 < len(lines) and not lines[start - 1].strip():
                record = []
        if record:
            out.append((start, record))
        start = reader.line_num + 1
    return out


def consistent_delimiter(
    text: str,
    delimiters: Sequence[str] = SNIFF_DELIMITERS,
    min_records: int = 2,
    min_fields: int = 2,
) -> str | None:
    """The first delimiter under which every record of ``text`` has the same number of fields
    (at least ``min_fields``) and there are at least ``min_records`` records, else None."""
    first_line = text.lstrip("\n").split("\n", 1)[0]
    for delimiter in delimiters:
        if min_fields >= 2 and delimiter not in first_line:
            continue
        try:
            records = _records(text, delimiter)
        except csv.Error:
            continue
        if len(records) < min_records:
            continue
        counts = {len(fields) for _, fields in records}
        if len(counts) == 1 and counts.pop() >= min_fields:
            return delimiter
    return None


def _best_guess(text: str, delimiters: Sequence[str]) -> str:
    """The delimiter that splits the first line into the most fields (``,`` when none does)."""
    first_line = text.lstrip("\n").split("\n", 1)[0]
    best, best_count = ",", 0
    for delimiter in delimiters:
        count = first_line.count(delimiter)
        if count > best_count:
            best, best_count = delimiter, count
    return best


def _strip_outer_pipes(records: list[tuple[int, list[str]]]) -> list[tuple[int, list[str]]]:
    """``| a | b |`` read with ``|`` has empty first/last fields; drop them when every record
    has them."""
    if records and all(len(f) >= 2 and not f[0].strip() and not f[-1].strip() for _, f in records):
        return [(line, f[1:-1]) for line, f in records]
    return records


def parse_delimited(
    text: str,
    config: Config | None = None,
    delimiter: str | None = None,
    *,
    line_offset: int = 0,
) -> ParsedTable | ParseError:
    """Read a CSV/TSV table; ``delimiter`` None sniffs one of tab, ``,``, ``;``, ``|``.

    The result's format is ``tsv`` for tab-separated input, else ``csv``. Line numbers are
    1-based in ``text`` plus ``line_offset``.
    """
    config = config or Config()
    if not isinstance(text, str):
        return ParseError(f"expected text, got {type(text).__name__}", format="csv")
    text = sanitize(text)
    if not text.strip() and not (delimiter and delimiter in text) and "\t" not in text:
        return ParseError("empty input", format="csv")
    if delimiter is None:
        delimiter = consistent_delimiter(text) or _best_guess(text, SNIFF_DELIMITERS)
    if len(delimiter) != 1 or delimiter in '"\n':
        return ParseError(f"invalid delimiter {delimiter!r}", format="csv")
    fmt = "tsv" if delimiter == "\t" else "csv"
    warnings: list[ParseWarning] = []
    try:
        records = _records(text, delimiter, strict=True)
    except csv.Error as exc:
        try:
            records = _records(text, delimiter)
        except csv.Error as exc2:
            return ParseError(f"unreadable {fmt.upper()}: {exc2}", format=fmt)
        message = str(exc)
        if "unexpected end of data" in message or "EOF" in message:
            line = records[-1][0] + line_offset if records else None
            warnings.append(
                ParseWarning(
                    "truncated_table",
                    "the input ends inside a quoted field (unterminated '\"')",
                    line,
                )
            )
    if line_offset:
        records = [(line + line_offset, fields) for line, fields in records]
    if not records:
        return ParseError(f"no {fmt.upper()} records found", format=fmt)
    if delimiter == "|":
        records = _strip_outer_pipes(records)
    header_line, header_fields = records[0]
    headers = [h.strip() for h in header_fields]
    n_columns = len(headers)
    if n_columns > config.max_columns:
        return ParseError(
            f"table has {n_columns} columns, more than max_columns={config.max_columns}",
            line=header_line,
            format=fmt,
        )
    body = records[1:]
    rows = [[field.strip() for field in fields] for _, fields in body]
    counts = [
        (line, len(fields), all(not f.strip() for f in fields[n_columns:])) for line, fields in body
    ]
    warnings = ragged_warnings(n_columns, counts, unit="fields") + warnings
    if not rows:
        warnings.append(
            ParseWarning("empty_body", "the table has a header but no data row", header_line)
        )
    return build_table(headers, rows, fmt, warnings, config, header_line=header_line)


def _cell(value: object) -> str:
    # Stripped like the reader strips (so a one-column blank cell is written as ""), line ends
    # as \n so that the writer quotes them (it only quotes its own terminator).
    return cell_str(value).strip().replace("\r\n", "\n").replace("\r", "\n")


def _render(frame: pd.DataFrame, delimiter: str) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\n")
    writer.writerow([_cell(c) for c in frame.columns])
    for row in frame.itertuples(index=False, name=None):
        writer.writerow([_cell(v) for v in row])
    return buffer.getvalue()


def render_csv(frame: pd.DataFrame) -> str:
    """``frame`` as CSV (header row first, cells stripped, minimal quoting, ``\\n`` line
    ends)."""
    return _render(frame, ",")


def render_tsv(frame: pd.DataFrame) -> str:
    """``frame`` as TSV (tab-separated, quoted where a cell holds a tab, quote or newline)."""
    return _render(frame, "\t")

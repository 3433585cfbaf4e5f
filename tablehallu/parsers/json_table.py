"""JSON tables: parse a JSON document or an already-loaded value into a ParsedTable; render one.

Recognised shapes (checked in this order; ``metadata`` keys are never taken for a table):

1. ``{"gt_table": {...}, ...}`` - the paper's data-set record: the ``gt_table`` value is read with
   these rules (other keys such as ``gt_context`` are ignored).
2. The paper's gold shape ``{"table": {"<Table Name>": [records]}, "metadata": {"table_info":
   {"<Table Name>": {"rows", "columns", "topic", "row_headers", "column_headers", "sort_column",
   "sort_method"}}}}``. ``metadata`` may also be flat (those fields directly under ``metadata``
   or directly under ``table_info``). :attr:`ParsedTable.metadata` is then a flat dict holding
   whichever of ``sort_column``, ``sort_method``, ``column_headers``, ``row_headers``, ``rows``,
   ``columns``, ``topic`` are present (values as written, numbers as ``int``/``float``), plus
   ``raw``: the whole original metadata object.
3. Header and body: ``{"columns" | "headers" | "header": [...], "data" | "rows" | "body" |
   "records": [...]}``; this covers pandas ``orient="split"`` (an ``"index"`` key is ignored).
   Body rows are lists (positional) or objects (looked up by header; keys not in the header are
   appended as further columns).
4. The paper's model-output shape ``{"<Table Name>": [records]}``: the first value that is a
   non-empty array of objects or of arrays is the table and its key the table name (generic keys
   ``table``, ``data``, ``rows``, ``records``, ``items`` give no name). Several such values: the
   first is taken and ``multiple_tables`` is warned. ``{"table": {...}}`` is read recursively.
5. A dict of columns ``{"A": [..], "B": [..]}`` (every value an array of scalars). Columns of
   different lengths are padded with ``""`` at the end and ``ragged_row`` is warned. A single key
   holding an empty array is read as a named table with no records instead (shape 4).
6. An object with one key whose value is an object: read recursively, the key naming the table.
7. A bare array of records ``[{...}, ...]``, or an array of arrays whose first row is the header.

Records: column order is the union of keys in first-seen order (keys stripped); a record lacking
some keys gets ``""`` there and ``missing_keys`` is warned; an element that is not an object is a
ParseError naming its (0-based) index. A key repeated inside one object keeps its last value and
warns ``duplicate_header``. A table with no records gives a table with no rows (columns from the
metadata's ``column_headers`` when present) and warns ``empty_body``.

Cells become strings: strings stripped; numbers exactly as written in the JSON text (``1.50`` stays
``"1.50"``, ``1e3`` stays ``"1e3"``; for already-loaded values, ``json.dumps`` of the number);
booleans ``"true"``/``"false"``; null ``""``; arrays/objects compact JSON text with a
``nested_value`` warning naming the first such cell.

Lenient syntax: a document that is not valid JSON only because of trailing commas (``[1, 2,]``)
or ``//`` / ``/* */`` comments outside strings is read with those removed, and the structural
warning ``syntax_repaired`` is added (the table is malformed JSON, but its content is
unambiguous). Nothing else is repaired and nothing is ever evaluated. Any other syntax error is a
ParseError with the decoder's reason and 1-based line/column. Nesting deeper than
``Config.max_json_depth`` is found by a linear pre-scan and is a ParseError before the decoder runs.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tablehallu.config import Config
from tablehallu.parsers._build import list_lines
from tablehallu.parsers.json_input import IntegerTooLong, checked_int_text
from tablehallu.parsers.table import ParsedTable, ParseError, ParseWarning

if TYPE_CHECKING:
    import pandas as pd

FORMAT = "json"

#: Warning code for a JSON document that was only readable after removing trailing commas or
#: comments. Not (yet) in ``table.WARNING_CODES``; it describes malformed syntax.
SYNTAX_REPAIRED = "syntax_repaired"

_GENERIC_KEYS = frozenset({"table", "data", "rows", "records", "items"})
_HEADER_KEYS = ("columns", "headers", "header")
_BODY_KEYS = ("data", "rows", "body", "records")
_META_FIELDS = (
    "sort_column",
    "sort_method",
    "column_headers",
    "row_headers",
    "rows",
    "columns",
    "topic",
)

# A JSON string (closing quote optional so that an unterminated string ends the match instead of
# being retried from every later position), a comment, or a bracket. All alternatives start with
# distinct characters and no quantifiers nest ambiguously, so matching is linear.
_STRING = r'"[^"\\]*(?:\\[\s\S][^"\\]*)*"?'
_LINE_COMMENT = r"//[^\n]*"
_BLOCK_COMMENT = r"/\*[^*]*(?:\*+[^*/][^*]*)*(?:\*+/)?"
_DEPTH_TOKEN = re.compile(f"{_STRING}|{_LINE_COMMENT}|{_BLOCK_COMMENT}|[\\[\\]{{}}]")
_REPAIR_TOKEN = re.compile(f"{_STRING}|{_LINE_COMMENT}|{_BLOCK_COMMENT}")
_TRAILING_COMMA = re.compile(f"{_STRING}|,(?=[ \\t\\r\\n]*[\\]}}])")
_NOT_NEWLINE = re.compile(r"[^\n]")


class _JsonNumber:
    """A JSON number kept as the text it was written with."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def value(self) -> int | float:
        try:
            return int(self.text)
        except ValueError:
            return float(self.text)


class _Object(dict[str, Any]):
    """A decoded JSON object that remembers keys repeated in the source."""

    duplicates: list[str]

    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        super().__init__()
        self.duplicates = []
        for key, value in pairs:
            if key in self:
                self.duplicates.append(key)
            self[key] = value


class _Failure(Exception):
    """Internal: aborts table building with a ParseError."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class _Notes:
    """Warnings collected while building one table."""

    warnings: list[ParseWarning] = field(default_factory=list)
    nested_first: str | None = None
    nested_count: int = 0

    def warn(self, code: str, message: str) -> None:
        self.warnings.append(ParseWarning(code, message))


# --------------------------------------------------------------------------------------------
# public API
# --------------------------------------------------------------------------------------------


def parse_json(text: str, config: Config) -> ParsedTable | ParseError:
    """Parse a JSON document holding a table (see the module docstring for the shapes)."""
    if not isinstance(text, str):
        return ParseError(f"expected JSON text, got {type(text).__name__}", format=FORMAT)
    size = len(text.encode("utf-8", errors="replace"))
    if size > config.max_bytes:
        return ParseError(
            f"JSON input is {size} bytes, more than max_bytes={config.max_bytes}", format=FORMAT
        )
    if text.startswith("\ufeff"):
        text = " " + text[1:]  # a byte-order mark; a space keeps every column number
    if not text.strip():
        return ParseError("empty input: no JSON to parse", format=FORMAT)
    too_deep = _check_text_depth(text, config.max_json_depth)
    if too_deep is not None:
        return too_deep
    warnings: list[ParseWarning] = []
    try:
        obj = _decode(text)
    except json.JSONDecodeError as first:
        repaired, what, where = _repair(text)
        if not what:
            return _decode_error(first)
        try:
            obj = _decode(repaired)
        except json.JSONDecodeError as second:
            return _decode_error(second)
        except RecursionError:
            return _too_deep_error(config)
        line = _position(text, where)[0] if where is not None else None
        warnings.append(
            ParseWarning(SYNTAX_REPAIRED, f"not valid JSON: {what} removed before reading", line)
        )
    except RecursionError:
        return _too_deep_error(config)
    result = parse_json_value(obj, config)
    if isinstance(result, ParsedTable) and warnings:
        result.warnings[:0] = warnings
    elif isinstance(result, ParseError) and warnings:
        result = ParseError(
            result.reason, result.line, result.column, result.format, tuple(warnings)
        )
    return result


def _plainly_small(obj: Any, config: Config) -> bool:
    """True when ``obj`` is at most six levels deep and small enough that the full check
    (:func:`_check_value`, which also handles shared and self-containing values) cannot fail:
    the usual case of a table object, checked in one cheap pass."""
    budget = min(config.max_bytes, 1_000_000)
    stack: list[tuple[Any, int]] = [(obj, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        if depth > min(6, config.max_json_depth):
            return False
        budget -= len(node) + 1
        if budget < 0:
            return False
        for child in children:
            if isinstance(child, dict | list):
                stack.append((child, depth + 1))
    return True


def parse_json_value(obj: Any, config: Config) -> ParsedTable | ParseError:
    """Build a table from an already-loaded JSON value (dicts, lists, scalars)."""
    reason = None if _plainly_small(obj, config) else _check_value(obj, config)
    if reason is not None:
        return ParseError(reason, format=FORMAT)
    notes = _Notes()
    try:
        table = _read(obj, name=None, meta=None, notes=notes, config=config)
    except _Failure as exc:
        return ParseError(exc.reason, format=FORMAT, warnings=tuple(notes.warnings))
    except RecursionError:
        return _too_deep_error(config)
    return table


def render_json(frame: pd.DataFrame, name: str = "Table") -> str:
    """The paper's JSON output shape ``{name: [{column: value, ...}, ...]}``, values as strings.

    Missing values (None/NaN) are written as ``""``. Raises ValueError when two columns share a
    name, since a JSON object cannot hold both. A frame without rows renders as ``{name: []}``,
    which reads back as a table without columns.
    """
    columns = [str(c) for c in frame.columns]
    repeated = sorted(c for c, n in Counter(columns).items() if n > 1)
    if repeated:
        raise ValueError(
            f"render_json: duplicate column name(s) {repeated}; records need unique keys"
        )
    records = [
        {col: _render_cell(value) for col, value in zip(columns, row, strict=True)}
        for row in frame.itertuples(index=False, name=None)
    ]
    return json.dumps({name: records}, ensure_ascii=False, indent=2)


# --------------------------------------------------------------------------------------------
# decoding
# --------------------------------------------------------------------------------------------


def _decode(text: str) -> Any:
    return json.loads(
        text,
        object_pairs_hook=_Object,
        parse_float=_JsonNumber,
        parse_int=_JsonNumber,
        parse_constant=_JsonNumber,
    )


def _decode_error(exc: json.JSONDecodeError) -> ParseError:
    return ParseError(f"invalid JSON: {exc.msg}", line=exc.lineno, column=exc.colno, format=FORMAT)


def _too_deep_error(config: Config) -> ParseError:
    return ParseError(
        f"JSON nesting is too deep to read (max_json_depth={config.max_json_depth})", format=FORMAT
    )


def _check_text_depth(text: str, limit: int) -> ParseError | None:
    depth = 0
    for m in _DEPTH_TOKEN.finditer(text):
        tok = m.group()
        if tok == "[" or tok == "{":
            depth += 1
            if depth > limit:
                line, column = _position(text, m.start())
                return ParseError(
                    f"JSON nesting deeper than max_json_depth={limit}",
                    line=line,
                    column=column,
                    format=FORMAT,
                )
        elif tok == "]" or tok == "}":
            depth = max(depth - 1, 0)
    return None


def _position(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def _repair(text: str) -> tuple[str, str, int | None]:
    """Blank out comments and trailing commas with spaces (same length, so every position stays
    valid). Returns the text, what was removed and the offset of the first removal."""
    removed: list[str] = []
    first: list[int] = []

    def blank_comment(m: re.Match[str]) -> str:
        tok = m.group()
        if not tok.startswith("/"):
            return tok
        if "comments" not in removed:
            removed.append("comments")
        first.append(m.start())
        return _NOT_NEWLINE.sub(" ", tok)

    def blank_comma(m: re.Match[str]) -> str:
        if m.group() != ",":
            return m.group()
        if "trailing commas" not in removed:
            removed.append("trailing commas")
        first.append(m.start())
        return " "

    # Comments first, so that a comma followed by a comment and a bracket counts as trailing.
    text = _REPAIR_TOKEN.sub(blank_comment, text)
    text = _TRAILING_COMMA.sub(blank_comma, text)
    return text, " and ".join(removed), min(first) if first else None


def _check_value(obj: Any, config: Config) -> str | None:
    """Why a loaded value cannot be read: nested deeper than max_json_depth, larger (as JSON
    text, where every value takes at least one byte) than max_bytes, or containing itself.

    Each distinct container is measured once, so values sharing sub-objects cost linear time.
    """
    measured: dict[int, tuple[int, int]] = {}  # id -> (values in its expanded tree, height)
    ancestors: set[int] = set()
    stack: list[tuple[Any, bool]] = [(obj, False)]
    while stack:
        node, finished = stack.pop()
        if not isinstance(node, dict | list):
            continue
        key = id(node)
        children = list(node.values()) if isinstance(node, dict) else node
        if finished:
            ancestors.discard(key)
            size, height = 1, 1
            for child in children:
                if isinstance(child, dict | list):
                    child_size, child_height = measured[id(child)]
                    size += child_size
                    height = max(height, child_height + 1)
                else:
                    size += 1
            if height > config.max_json_depth:
                return f"JSON nesting deeper than max_json_depth={config.max_json_depth}"
            if size > config.max_bytes:
                return f"the JSON value is larger than max_bytes={config.max_bytes}"
            measured[key] = (size, height)
            continue
        if key in measured:
            continue
        if key in ancestors:
            return "the JSON value contains itself (a reference cycle)"
        ancestors.add(key)
        stack.append((node, True))
        stack.extend((c, False) for c in children if isinstance(c, dict | list))
    return None


# --------------------------------------------------------------------------------------------
# shapes
# --------------------------------------------------------------------------------------------


def _read(obj: Any, name: str | None, meta: Any, notes: _Notes, config: Config) -> ParsedTable:
    if isinstance(obj, list):
        return _from_array(obj, name, meta, notes, config)
    if not isinstance(obj, dict):
        raise _Failure(f"JSON holds {_kind(obj)}, not an object or array with a table")
    if meta is None and "metadata" in obj:
        meta = obj["metadata"]
    body = {k: v for k, v in obj.items() if k != "metadata"}
    if not body:
        raise _Failure("JSON object holds no table (it is empty or has only 'metadata')")

    if "gt_table" in body:
        inner = body["gt_table"]
        if not isinstance(inner, dict | list):
            raise _Failure(f"'gt_table' holds {_kind(inner)}, not a JSON table")
        return _read(inner, name, meta, notes, config)

    header_key = next((k for k in _HEADER_KEYS if isinstance(body.get(k), list)), None)
    body_key = next((k for k in _BODY_KEYS if isinstance(body.get(k), list)), None)
    if header_key is not None and body_key is not None:
        return _from_header_body(
            body[header_key], body[body_key], body_key, name, meta, notes, config
        )

    tables = [
        (k, v)
        for k, v in body.items()
        if isinstance(v, list) and v and isinstance(v[0], dict | list)
    ]
    if tables:
        key, value = tables[0]
        if len(tables) > 1:
            others = ", ".join(repr(k) for k, _ in tables[1:])
            notes.warn(
                "multiple_tables",
                f"the JSON holds {len(tables)} tables; {key!r} was used, not {others}",
            )
        return _from_array(value, _name_for(key, name), meta, notes, config)

    if isinstance(body.get("table"), dict):
        return _read(body["table"], name, meta, notes, config)

    if all(isinstance(v, list) for v in body.values()):
        if len(body) == 1 and not next(iter(body.values())):
            key = next(iter(body))
            return _records([], _name_for(key, name), meta, notes, config)
        return _from_columns(body, name, meta, notes, config)

    if len(body) == 1:
        key, value = next(iter(body.items()))
        if isinstance(value, dict):
            return _read(value, _name_for(key, name), meta, notes, config)

    keys = ", ".join(repr(k) for k in list(body)[:10])
    raise _Failure(
        f"no table found in the JSON object (keys: {keys}); expected records, "
        "columns+data, a dict of columns or an array of rows"
    )


def _name_for(key: str, outer: str | None) -> str | None:
    return outer if key.strip() in _GENERIC_KEYS else key.strip()


def _from_array(
    items: list[Any], name: str | None, meta: Any, notes: _Notes, config: Config
) -> ParsedTable:
    if not items:
        return _records([], name, meta, notes, config)
    if isinstance(items[0], dict):
        return _records(items, name, meta, notes, config)
    if isinstance(items[0], list):
        for i, row in enumerate(items):
            if not isinstance(row, list):
                raise _Failure(f"row at index {i} is {_kind(row)}, not an array like row 0")
        header = [_cell(v, notes, f"header cell {j}") for j, v in enumerate(items[0])]
        return _positional(header, items[1:], 1, name, meta, notes, config)
    raise _Failure(f"JSON array holds {_kind(items[0])} at index 0, not records or rows")


#: A record's missing key.
_ABSENT = object()


def _records(
    items: list[Any],
    name: str | None,
    meta: Any,
    notes: _Notes,
    config: Config,
    header: list[str] | None = None,
) -> ParsedTable:
    _check_rows(len(items), config)
    columns: dict[str, None] = dict.fromkeys(header or [])
    records: list[dict[str, Any]] = []
    repeated_keys: dict[str, list[int]] = {}
    for i, rec in enumerate(items):
        if not isinstance(rec, dict):
            raise _Failure(f"record at index {i} is {_kind(rec)}, not an object")
        values: dict[str, Any] = {}
        repeated = list(getattr(rec, "duplicates", ()))
        for key, value in rec.items():
            stripped = key.strip()
            if stripped in values:
                repeated.append(stripped)
            values[stripped] = value
            columns.setdefault(stripped, None)
        for key in repeated:
            repeated_keys.setdefault(key, []).append(i)
        records.append(values)
        if len(columns) > config.max_columns:
            raise _Failure(f"more than max_columns={config.max_columns} columns")
    for key, where in repeated_keys.items():
        notes.warn(
            "duplicate_header",
            f"the key {key!r} appears twice in record(s) at index {list_lines(where)}; "
            "the last value was kept",
        )
    flat_meta = _flatten_meta(meta, name)
    if not items and header is None and flat_meta is not None:
        listed = flat_meta.get("column_headers")
        if isinstance(listed, list):
            columns = dict.fromkeys(str(h).strip() for h in listed)
    headers = list(columns)
    rows: list[list[str]] = []
    lacking: list[tuple[int, list[str]]] = []
    for i, values in enumerate(records):
        missing = [h for h in headers if h not in values]
        if missing:
            lacking.append((i, missing))
        row: list[str] = []
        for h in headers:
            value = values.get(h, _ABSENT)
            if type(value) is str:
                row.append(value.strip())
            elif value is _ABSENT:
                row.append("")
            elif isinstance(value, dict | list):
                row.append(_cell(value, notes, f"record at index {i}, column {h!r}"))
            elif type(value) is int and -(10**18) < value < 10**18:
                row.append(int.__repr__(value))  # the common case, without building a message
            else:
                row.append(_cell(value, notes, f"record at index {i}, column {h!r}"))
        rows.append(row)
    if lacking:
        i, missing = lacking[0]
        notes.warn(
            "missing_keys",
            f"{len(lacking)} of {len(items)} records lack some keys, left empty "
            f"(first: record at index {i} lacks {', '.join(repr(m) for m in missing)})",
        )
    return _finish(headers, rows, name, flat_meta, notes)


def _from_header_body(
    header_raw: list[Any],
    body: list[Any],
    body_key: str,
    name: str | None,
    meta: Any,
    notes: _Notes,
    config: Config,
) -> ParsedTable:
    header = [_cell(v, notes, f"header cell {j}") for j, v in enumerate(header_raw)]
    if body and all(isinstance(r, dict) for r in body):
        return _records(body, name, meta, notes, config, header=header)
    for i, row in enumerate(body):
        if not isinstance(row, list):
            raise _Failure(f"{body_key!r} row at index {i} is {_kind(row)}, not an array")
    return _positional(header, body, 0, name, meta, notes, config)


def _positional(
    header: list[str],
    body: list[list[Any]],
    first_index: int,
    name: str | None,
    meta: Any,
    notes: _Notes,
    config: Config,
) -> ParsedTable:
    _check_rows(len(body), config)
    if len(header) > config.max_columns:
        raise _Failure(f"{len(header)} columns, more than max_columns={config.max_columns}")
    width = len(header)
    rows: list[list[str]] = []
    wide: list[int] = []
    narrow: list[int] = []
    for i, raw in enumerate(body, start=first_index):
        cells = [_cell(v, notes, _where(i, j, header)) for j, v in enumerate(raw)]
        if len(cells) != width:
            (wide if len(cells) > width else narrow).append(i)
            cells = (cells + [""] * width)[:width]
        rows.append(cells)
    for indices, what, fix in (
        (wide, "more", "extra cells dropped"),
        (narrow, "fewer", "missing cells are empty"),
    ):
        if indices:
            notes.warn(
                "ragged_row",
                f"{len(indices)} row(s) have {what} cells than the header's {width} "
                f"(row index {list_lines(indices)}); {fix}",
            )
    return _finish(header, rows, name, _flatten_meta(meta, name), notes)


def _where(row: int, col: int, header: list[str]) -> str:
    label = repr(header[col]) if col < len(header) else f"{col} (beyond the header)"
    return f"row at index {row}, column {label}"


def _from_columns(
    columns: dict[str, Any], name: str | None, meta: Any, notes: _Notes, config: Config
) -> ParsedTable:
    if len(columns) > config.max_columns:
        raise _Failure(f"{len(columns)} columns, more than max_columns={config.max_columns}")
    headers = [k.strip() for k in columns]
    lists: list[list[Any]] = list(columns.values())
    height = max(len(v) for v in lists)
    _check_rows(height, config)
    short = [f"{h!r} ({len(v)})" for h, v in zip(headers, lists, strict=True) if len(v) < height]
    if short:
        notes.warn(
            "ragged_row",
            f"columns differ in length (longest {height}); padded with empty cells at the end: "
            + ", ".join(short),
        )
    rows = [
        [
            _cell(v[i], notes, f"index {i} of column {h!r}") if i < len(v) else ""
            for h, v in zip(headers, lists, strict=True)
        ]
        for i in range(height)
    ]
    return _finish(headers, rows, name, _flatten_meta(meta, name), notes)


def _finish(
    headers: list[str],
    rows: list[list[str]],
    name: str | None,
    metadata: dict[str, Any] | None,
    notes: _Notes,
) -> ParsedTable:
    if notes.nested_count:
        extra = f" (and {notes.nested_count - 1} more)" if notes.nested_count > 1 else ""
        notes.warn(
            "nested_value",
            f"{notes.nested_first} held an array or object{extra}; written as compact JSON text",
        )
    counts = Counter(h for h in headers if h)
    repeated = sorted(h for h, n in counts.items() if n > 1)
    if repeated:
        notes.warnings.insert(
            0,
            ParseWarning("duplicate_header", f"header(s) {repeated} name more than one column"),
        )
    if not headers and rows:
        raise _Failure("the table has no columns (its records or rows are empty)")
    if not rows:
        notes.warn("empty_body", "the table has no records")
    return ParsedTable.from_rows(
        headers, rows, FORMAT, warnings=notes.warnings, name=name, metadata=metadata
    )


def _check_rows(count: int, config: Config) -> None:
    if count > config.max_rows:
        raise _Failure(f"{count} rows, more than max_rows={config.max_rows}")


# --------------------------------------------------------------------------------------------
# values
# --------------------------------------------------------------------------------------------


def _cell(value: Any, notes: _Notes, where: str) -> str:
    if type(value) is str:
        return value.strip()
    if isinstance(value, str):
        return value.strip()
    try:
        if isinstance(value, dict | list):
            notes.nested_count += 1
            if notes.nested_first is None:
                notes.nested_first = where
            return _compact(value)
        return _scalar_text(value)
    except IntegerTooLong as exc:
        raise _Failure(f"{where}: {exc}") from None


def _scalar_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, _JsonNumber):
        return value.text
    if isinstance(value, int):
        return checked_int_text(value)
    if isinstance(value, float):
        if value != value or value in (math.inf, -math.inf):
            return json.dumps(value)  # NaN, Infinity, -Infinity
        return float.__repr__(value)
    return str(value)


def _compact(value: Any) -> str:
    if isinstance(value, dict):
        items = (
            f"{json.dumps(_key_text(k), ensure_ascii=False)}:{_compact(v)}"
            for k, v in value.items()
        )
        return "{" + ",".join(items) + "}"
    if isinstance(value, list):
        return "[" + ",".join(_compact(v) for v in value) + "]"
    if isinstance(value, str):
        return _quote(value)
    return _scalar_text(value) if value is not None else "null"


def _key_text(key: Any) -> str:
    return checked_int_text(key) if isinstance(key, int) else str(key)


def _quote(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _plain(value: Any) -> Any:
    """Decoded JSON with numbers as int/float and plain dicts (for metadata)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, _JsonNumber):
        return value.value()
    return value


def _flatten_meta(meta: Any, name: str | None) -> dict[str, Any] | None:
    if meta is None:
        return None
    out: dict[str, Any] = {}
    if isinstance(meta, dict):
        for source in _meta_sources(meta, name):
            for key in _META_FIELDS:
                if key in source and key not in out:
                    out[key] = _plain(source[key])
    out["raw"] = _plain(meta)
    return out


def _meta_sources(meta: dict[str, Any], name: str | None) -> Iterator[dict[str, Any]]:
    info = meta.get("table_info")
    if isinstance(info, dict):
        if name is not None and isinstance(info.get(name), dict):
            yield info[name]
        elif not any(key in info for key in _META_FIELDS):
            per_table = [v for v in info.values() if isinstance(v, dict)]
            if len(per_table) == 1 or (per_table and name is None):
                yield per_table[0]
        yield info
    yield meta


def json_type_name(value: Any) -> str:
    """The JSON type of a decoded value, for messages: null, boolean, number, string, array,
    object (else the Python type's name)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, _JsonNumber | int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list | tuple):
        return "array"
    if isinstance(value, Mapping):
        return "object"
    return type(value).__name__


def _kind(value: Any) -> str:
    name = json_type_name(value)
    return name if name == "null" else ("an " if name[0] in "aeiou" else "a ") + name


def _render_cell(value: Any) -> str:
    import pandas as pd

    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return ""
    return value if isinstance(value, str) else str(value)

"""Scorer input files in every shape a run comes in, and field paths into other tools' records.

:func:`iter_input` reads one input and yields :class:`~tablehallu.scoring.records.RawRecord`
values, one per record, numbered by the line the record starts on (the row for CSV/Parquet):

- **JSON Lines** (one object per line), the default;
- a **JSON array** of objects (the first non-blank character is ``[``), read whole;
- **CSV/TSV** (``.csv``, ``.tsv``; read with pandas, every cell as a string, an empty cell is
  null) and **Parquet** (``.parquet``/``.pq`` or the ``PAR1`` magic; needs ``pyarrow``:
  ``pip install "tablehallu[parquet]"``); nested Parquet values (lists, structs) become lists and
  dicts;
- any of these **gzip-compressed** (recognised by its magic bytes) or on **standard input**
  (``-``; CSV and Parquet need a file name there, stdin is JSON/JSONL).

:class:`FieldMap` renames fields of another tool's records on the way in: ``--response-field
resps.0.0`` takes the response from ``record["resps"][0][0]`` (an lm-evaluation-harness samples
file). A path is a dot-separated list of steps; each step is a key of an object or, on a list, an
integer index (negative counts from the end: ``resps.0.-1``). The top-level fields that a path
starts from are not carried through to the details (they usually hold the whole document).
"""

from __future__ import annotations

import io
import json
import math
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import islice
from typing import Any

from tablehallu.parsers.json_table import json_type_name
from tablehallu.scoring.records import RawRecord, RecordError, decode_line
from tablehallu.sources import display_name, is_stdin, logical_suffix, open_binary, read_bytes

__all__ = [
    "CSV_SUFFIXES",
    "DATA_SUFFIXES",
    "PARQUET_SUFFIXES",
    "FieldMap",
    "PathError",
    "frame_records",
    "get_path",
    "input_format",
    "iter_input",
    "open_inputs",
]

CSV_SUFFIXES: dict[str, str] = {".csv": ",", ".tsv": "\t"}
PARQUET_SUFFIXES: tuple[str, ...] = (".parquet", ".pq")
#: File suffixes the scorer reads (a ``.gz`` after them is allowed).
DATA_SUFFIXES: tuple[str, ...] = (".jsonl", ".json", *CSV_SUFFIXES, *PARQUET_SUFFIXES)
_BOM = b"\xef\xbb\xbf"
_PARQUET_MAGIC = b"PAR1"


class PathError(LookupError):
    """A field path does not lead to a value; the message says at which step and why."""


def get_path(data: Any, path: str) -> Any:
    """The value at dotted ``path`` in ``data`` (see the module docstring); raises PathError."""
    node = data
    done: list[str] = []
    for step in path.split("."):
        where = ".".join(done) or "the record"
        if isinstance(node, Mapping):
            if step not in node:
                raise PathError(f'no "{step}" in {where}')
            node = node[step]
        elif isinstance(node, list):
            try:
                index = int(step)
            except ValueError:
                raise PathError(f"{where} is a list; {step!r} is not an index") from None
            if not -len(node) <= index < len(node):
                raise PathError(f"{where} has {len(node)} item(s); no index {index}")
            node = node[index]
        else:
            raise PathError(f"{where} is {json_type_name(node)}, not an object or a list")
        done.append(step)
    return node


@dataclass(frozen=True)
class FieldMap:
    """Where each field the scorer reads is found in a record (dotted paths; None = as named).

    ``response`` and ``gold`` must resolve (else the record is an error naming the path);
    ``id``, ``context``, ``query`` and the ``extra`` fields that do not resolve are treated as
    absent.
    """

    response: str | None = None
    id: str | None = None
    gold: str | None = None
    context: str | None = None
    query: str | None = None
    #: any other field, ``(name, path)``: ``("constraints", "doc.constraints")``,
    #: ``("domain", "doc.domain")`` (carried, so ``--by domain`` works)
    extra: tuple[tuple[str, str], ...] = ()

    @property
    def paths(self) -> dict[str, str]:
        """Target field -> path, for the paths given."""
        targets = {
            "response": self.response,
            "id": self.id,
            "gt_table": self.gold,
            "context": self.context,
            "query": self.query,
            **dict(self.extra),
        }
        return {k: v for k, v in targets.items() if v}

    def __bool__(self) -> bool:
        return bool(self.paths)

    def apply(self, raw: RawRecord) -> RawRecord:
        """``raw`` with the mapped fields in place (an error record when a required one is
        missing)."""
        if raw.data is None or not self:
            return raw
        data = raw.data
        roots = {p.split(".", 1)[0] for p in self.paths.values()}
        out: dict[str, Any] = {k: v for k, v in data.items() if k not in roots}
        missing: list[tuple[str, str, PathError]] = []
        for target, path in self.paths.items():
            try:
                out[target] = get_path(data, path)
            except PathError as exc:
                out.pop(target, None)
                if target in ("response", "gt_table"):
                    missing.append((target, path, exc))
        if missing:
            target, path, problem = missing[0]
            option = "--response-field" if target == "response" else "--gold-field"
            kind = "missing_response" if target == "response" else "missing_gold"
            msg = f'{option} "{path}": {problem}'
            err = RecordError(kind, msg, raw.source, raw.line, _usable_id(out.get("id")))
            return RawRecord(raw.source, raw.line, None, err, raw.nbytes)
        return RawRecord(raw.source, raw.line, out, None, raw.nbytes)


def _usable_id(value: Any) -> str | int | None:
    return value if isinstance(value, str | int) and not isinstance(value, bool) else None


# --- formats ------------------------------------------------------------------------------------


def input_format(path: str | os.PathLike[str]) -> str:
    """``jsonl`` (also JSON arrays, told apart while reading), ``csv`` or ``parquet``."""
    suffix = logical_suffix(path)
    if suffix in CSV_SUFFIXES:
        return "csv"
    if suffix in PARQUET_SUFFIXES:
        return "parquet"
    if not is_stdin(path):
        try:
            with open(path, "rb") as stream:
                if stream.read(4) == _PARQUET_MAGIC:
                    return "parquet"
        except OSError:
            pass
    return "jsonl"


def iter_input(
    path: str | os.PathLike[str],
    *,
    fields: FieldMap | None = None,
    limit: int | None = None,
) -> Iterator[RawRecord]:
    """The records of one input (see the module docstring), at most ``limit`` of them.

    Raises OSError when the input cannot be opened, and ImportError for Parquet without pyarrow.
    """
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be >= 0, got {limit}")
    fmt = input_format(path)
    if fmt == "csv":
        items = _table_records(path, "csv")
    elif fmt == "parquet":
        items = _table_records(path, "parquet")
    else:
        items = _json_records(path)
    if fields:
        items = (fields.apply(r) for r in items)
    yield from islice(items, limit)


def open_inputs(
    paths: Iterable[str | os.PathLike[str]],
    *,
    fields: FieldMap | None = None,
    limit: int | None = None,
) -> Iterator[RawRecord]:
    """The records of several inputs, one after the other (``limit`` applies to each)."""
    for path in paths:
        yield from iter_input(path, fields=fields, limit=limit)


# --- JSON and JSON Lines --------------------------------------------------------------------------


def _json_records(path: str | os.PathLike[str]) -> Iterator[RawRecord]:
    source = display_name(path)
    with open_binary(path) as stream:
        first = True
        for number, raw in enumerate(stream, start=1):
            nbytes = len(raw)
            if first and raw.startswith(_BOM):
                raw = raw[len(_BOM) :]
            if not raw.strip():
                continue
            if first and raw.lstrip().startswith(b"["):
                rest = stream.read()
                yield from _array_records(raw + rest, source, number)
                return
            first = False
            yield decode_line(raw, source, number, nbytes)


def _array_records(data: bytes, source: str, first_line: int) -> Iterator[RawRecord]:
    """Elements of a JSON array document, numbered by the line each starts on."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = first_line + data.count(b"\n", 0, exc.start)
        msg = f"not valid UTF-8 (byte 0x{data[exc.start]:02x})"
        yield RawRecord(source, line, None, RecordError("not_utf8", msg, source, line))
        return
    try:
        items = json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data":  # JSON Lines whose first line is an array: read as JSONL
            for offset, raw in enumerate(data.splitlines(keepends=True)):
                if raw.strip():
                    yield decode_line(raw, source, first_line + offset, len(raw))
            return
        line = first_line + exc.lineno - 1
        msg = f"not valid JSON: {exc.msg} (line {line}, column {exc.colno}); the file starts "
        msg += "with [ so it is read as one JSON array"
        yield RawRecord(source, line, None, RecordError("not_json", msg, source, line))
        return
    except RecursionError:
        msg = "not valid JSON: nested too deeply to read"
        yield RawRecord(source, first_line, None, RecordError("not_json", msg, source, first_line))
        return
    decoder = json.JSONDecoder()
    i = text.index("[") + 1
    line, counted = first_line, 0
    for index, item in enumerate(items):
        i = _skip_space(text, i)
        line += text.count("\n", counted, i)
        counted = i
        _, end = decoder.raw_decode(text, i)
        nbytes = end - i
        i = _skip_space(text, end) + 1  # past the comma
        if isinstance(item, dict):
            yield RawRecord(source, line, item, None, nbytes)
        else:
            msg = f"array element {index} is {json_type_name(item)}, not an object (a record)"
            err = RecordError("not_object", msg, source, line)
            yield RawRecord(source, line, None, err, nbytes)


def _skip_space(text: str, i: int) -> int:
    while i < len(text) and text[i] in " \t\r\n":
        i += 1
    return i


# --- CSV and Parquet ------------------------------------------------------------------------------


def _table_records(path: str | os.PathLike[str], fmt: str) -> Iterator[RawRecord]:
    """Rows of a CSV/TSV or Parquet file as records; ``line`` is the row number (from 1; for CSV
    the header is line 1, so the first row is line 2, as an editor shows it)."""
    import pandas as pd

    source = display_name(path)
    data = read_bytes(path)
    if fmt == "csv":
        sep = CSV_SUFFIXES.get(logical_suffix(path), ",")
        frame = pd.read_csv(
            io.BytesIO(data), sep=sep, dtype=str, keep_default_na=False, encoding="utf-8-sig"
        )
        offset = 2
    else:
        try:
            frame = pd.read_parquet(io.BytesIO(data))
        except ImportError as exc:
            raise ImportError(
                f'{source}: reading Parquet needs pyarrow: pip install "tablehallu[parquet]"'
            ) from exc
        offset = 1
    per_row = max(1, len(data) // max(1, len(frame)))
    columns = [str(c) for c in frame.columns]
    for number, row in enumerate(frame.itertuples(index=False, name=None), start=offset):
        record = {c: _plain(v) for c, v in zip(columns, row, strict=True)}
        if fmt == "csv":
            record = {c: (None if v == "" else v) for c, v in record.items()}
        yield RawRecord(source, number, record, None, per_row)


def _plain(value: Any) -> Any:
    """A pandas/pyarrow cell as plain JSON-like Python (numpy arrays -> lists, NaN -> None)."""
    if value is None:
        return None
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    tolist = getattr(value, "tolist", None)
    if tolist is not None:  # numpy scalars and arrays
        return _plain(tolist())
    return value


def frame_records(frame: Any) -> list[dict[str, Any]]:
    """The rows of a pandas DataFrame as records (column -> plain value; NaN -> None)."""
    columns = [str(c) for c in frame.columns]
    return [
        {c: _plain(v) for c, v in zip(columns, row, strict=True)}
        for row in frame.itertuples(index=False, name=None)
    ]

"""Scorer input: JSONL records, their validation, and the ``--gold`` join on ``id``.

A record (one JSONL line, or one dict in the Python API) has these fields
(``tablehallu/schemas/record.schema.json`` is the machine-readable form):

- ``id`` — string or integer; ``"line-<n>"`` when absent (``n`` = its line number). Ids that occur
  twice in one input are reported.
- ``response`` — the raw model output (required; ``null`` counts as an empty response, which is a
  format error, not an invalid record).
- ``gt_table`` (alias ``gold``) — the gold table in any shape the gold parser takes (in the
  record or through ``--gold``); without one the response is judged against its ``context``
  alone (``Config.reference``), and a record with neither is an error.
- ``context`` — the source text; ``distractor_context`` and ``gt_context`` are aliases, and the
  first of ``context``, ``distractor_context``, ``gt_context`` that is present (not null) wins.
- ``query``, ``constraints`` (an object, or a JSON string of one; the paper's
  ``{"constraints": {...}}`` wrapper is unwrapped), ``format`` (``auto`` when absent).
- Every other field (``model``, ``domain``, ``setting``...) is carried through to the details and
  can be grouped on.

Invalid records become :class:`RecordError` values that say where (file, line, id) and why; they
never stop the reading of the other records.
"""

from __future__ import annotations

import hashlib
import json
import os
from array import array
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tablehallu.config import FORMATS, Config
from tablehallu.detectors.constraints import read_constraints
from tablehallu.parsers import parse_gold
from tablehallu.parsers.json_input import (
    UntrustedJSON,
    int_digit_limit,
    long_integer_problem,
    long_integers,
    usable_id,
)
from tablehallu.parsers.json_table import json_type_name
from tablehallu.parsers.table import ParsedTable
from tablehallu.sources import display_name, open_binary

if TYPE_CHECKING:  # pragma: no cover
    from tablehallu.detectors.pipeline import Sample

__all__ = [
    "CONTEXT_ALIASES",
    "GOLD_ALIASES",
    "INPUT_FIELDS",
    "DuplicateIds",
    "GoldIndex",
    "RawRecord",
    "Record",
    "RecordError",
    "build_record",
    "decode_line",
    "describe_id",
    "is_pathlike",
    "iter_jsonl",
    "iter_mappings",
    "output_schema",
    "record_schema",
]

#: Fields that can hold the context, in order of precedence.
CONTEXT_ALIASES: tuple[str, ...] = ("context", "distractor_context", "gt_context")
#: Fields that can hold the gold table, in order of precedence.
GOLD_ALIASES: tuple[str, ...] = ("gt_table", "gold")
#: Fields the scorer reads; every other field of a record is carried through.
INPUT_FIELDS: frozenset[str] = frozenset(
    {"id", "response", "query", "constraints", "format", *CONTEXT_ALIASES, *GOLD_ALIASES}
)

_BOM = b"\xef\xbb\xbf"


def describe_id(value: Any) -> str:
    """An id as it appears in messages: ``"abc"`` for strings, ``12`` for integers."""
    return json.dumps(value, ensure_ascii=False)


@dataclass(frozen=True)
class RecordError:
    """A record that cannot be scored: where it is and why.

    ``kind`` is one of ``not_utf8``, ``not_json``, ``not_object``, ``invalid_field``,
    ``missing_response``, ``missing_gold``, ``unknown_gold_id``, ``gold_unparsed``, ``internal``.
    ``line`` is 1-based (the position for in-memory records); ``source`` the file, or None.
    """

    kind: str
    message: str
    source: str | None = None
    line: int | None = None
    id: str | int | None = None

    @property
    def location(self) -> str:
        """``preds.jsonl line 12``, ``record 3`` or ``""``."""
        if self.line is None:
            return self.source or ""
        return f"{self.source} line {self.line}" if self.source else f"record {self.line}"

    def __str__(self) -> str:
        where = self.location
        if self.id is not None:
            where = (
                f"{where} (id {describe_id(self.id)})" if where else f"id {describe_id(self.id)}"
            )
        return f"{where}: {self.message}" if where else self.message

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form, with the readable message under ``text``."""
        return {
            "kind": self.kind,
            "source": self.source,
            "line": self.line,
            "id": self.id,
            "message": self.message,
            "text": str(self),
        }


@dataclass(frozen=True)
class RawRecord:
    """One input item before validation: the decoded object, or why it could not be decoded.

    ``nbytes`` is the size of its line in the file (0 for in-memory records), for progress.
    """

    source: str | None
    line: int
    data: Mapping[str, Any] | None
    error: RecordError | None = None
    nbytes: int = 0


@dataclass(frozen=True)
class Record:
    """A valid record, with its aliases resolved and its extra fields in ``fields``."""

    id: str | int
    source: str | None
    line: int
    response: Any
    gold: Any
    context: str | None = None
    query: str | None = None
    constraints: Mapping[str, Any] | None = None
    format: str | None = None
    fields: Mapping[str, Any] = field(default_factory=dict)
    id_generated: bool = False
    context_field: str | None = None
    own_gold_ignored: bool = False
    gold_from_index: bool = False

    @property
    def key(self) -> str:
        """The id as a string: what ``--gold`` joins and duplicate detection compare."""
        return str(self.id)

    @property
    def location(self) -> str:
        """``preds.jsonl line 12`` or ``record 3``."""
        return f"{self.source} line {self.line}" if self.source else f"record {self.line}"

    def error(self, kind: str, message: str) -> RecordError:
        """A :class:`RecordError` located at this record."""
        return RecordError(kind, message, self.source, self.line, self.id)

    def context_too_long(self, config: Config) -> bool:
        """True when the context is longer than ``config.max_context_chars`` (not used)."""
        return self.context is not None and len(self.context) > config.max_context_chars

    def to_sample(self, gold: Any = None, config: Config | None = None) -> Sample:
        """The detector's input for this record (``gold``: its gold table, already parsed; a
        context longer than ``config.max_context_chars`` is left out)."""
        from tablehallu.detectors.pipeline import Sample

        return Sample(
            response=self.response,
            gold=self.gold if gold is None else gold,
            context=None if config is not None and self.context_too_long(config) else self.context,
            query=self.query,
            constraints=self.constraints,
            format=self.format,
        )


# --- reading ----------------------------------------------------------------------------------


def iter_jsonl(path: str | os.PathLike[str]) -> Iterator[RawRecord]:
    """Every non-blank line of a JSONL file (``-``: stdin; gzip read transparently), decoded,
    with its 1-based line number.

    A line that is not UTF-8, not JSON, or not a JSON object yields a :class:`RawRecord` whose
    ``error`` says so (with the column of a JSON syntax error); reading goes on.
    Raises OSError when the file cannot be opened. :func:`tablehallu.scoring.inputs.iter_input`
    also reads JSON arrays, CSV and Parquet.
    """
    source = display_name(path)
    with open_binary(path) as stream:
        for number, raw in enumerate(stream, start=1):
            nbytes = len(raw)
            if number == 1 and raw.startswith(_BOM):
                raw = raw[len(_BOM) :]
            if not raw.strip():
                continue
            yield decode_line(raw, source, number, nbytes)


def decode_line(raw: bytes, source: str, number: int, nbytes: int) -> RawRecord:
    """One JSONL line as a :class:`RawRecord` (with the error when it is not a JSON object)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        msg = f"not valid UTF-8 (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})"
        if number == 1 and raw[:2] == b"\x1f\x8b":
            msg += "; the file looks gzip-compressed but was not read as such"
        return RawRecord(source, number, None, RecordError("not_utf8", msg, source, number))
    return _decode(text, source, number, nbytes)


def _decode(text: str, source: str, number: int, nbytes: int) -> RawRecord:
    decoder = UntrustedJSON()
    try:
        data = decoder.loads(text)
    except json.JSONDecodeError as exc:
        msg = f"not valid JSON: {exc.msg} (column {exc.colno})"
        return RawRecord(source, number, None, RecordError("not_json", msg, source, number), nbytes)
    except RecursionError:
        msg = "not valid JSON: nested too deeply to read"
        return RawRecord(source, number, None, RecordError("not_json", msg, source, number), nbytes)
    if decoder.found:
        msg = long_integer_problem(data, decoder.found)
        err = RecordError("invalid_field", msg, source, number, usable_id(data))
        return RawRecord(source, number, None, err, nbytes)
    if not isinstance(data, dict):
        msg = f"not a JSON object (got {json_type_name(data)}); each line must be one record"
        err = RecordError("not_object", msg, source, number)
        return RawRecord(source, number, None, err, nbytes)
    return RawRecord(source, number, data, None, nbytes)


def iter_mappings(records: Iterable[Any]) -> Iterator[RawRecord]:
    """In-memory records (dicts), numbered from 1; a non-mapping item is an error, not a crash."""
    for number, item in enumerate(records, start=1):
        if isinstance(item, Mapping):
            found = long_integers(item)
            if found:
                msg = long_integer_problem(item, found)
                err = RecordError("invalid_field", msg, None, number, usable_id(item))
                yield RawRecord(None, number, None, err)
                continue
            yield RawRecord(None, number, item)
        else:
            msg = f"not a record (expected a mapping, got {json_type_name(item)})"
            yield RawRecord(None, number, None, RecordError("not_object", msg, None, number))


# --- gold ---------------------------------------------------------------------------------------


def _first_present(data: Mapping[str, Any], names: tuple[str, ...]) -> tuple[str | None, Any]:
    for name in names:
        value = data.get(name)
        if value is not None:
            return name, value
    return None, None


def _check_id(value: Any) -> str | None:
    """Why ``value`` is not a usable id, or None when it is."""
    if isinstance(value, bool) or not isinstance(value, str | int):
        return f'"id" must be a string or an integer, got {json_type_name(value)}'
    if isinstance(value, str) and not value.strip():
        return '"id" must not be empty'
    if isinstance(value, int) and long_integers(value):
        return f'"id" has more than the {int_digit_limit()} digits Python reads'
    return None


@dataclass
class _GoldEntry:
    line: int | None
    data: Mapping[str, Any] | None  # None: the gold line is unusable
    problem: str | None = None
    used: bool = False
    table: Any = None  # the gold table parsed once, for every prediction joined to it


class GoldIndex:
    """Gold records keyed by id (as a string), for the ``--gold`` join.

    Each gold record needs an ``id`` and a gold table (``gt_table`` or ``gold``); its other
    fields (context, query, constraints, ``domain``...) fill in what a prediction lacks. Problems
    of the gold input itself are in :attr:`errors`; ids defined twice with different content make
    the join of that id an error (identical repeats are only a warning).
    """

    def __init__(self, source: str | None) -> None:
        self.source = source
        self.errors: list[RecordError] = []
        self.warnings: list[str] = []
        self._entries: dict[str, _GoldEntry] = {}

    @property
    def name(self) -> str:
        """How the gold input is named in messages."""
        return self.source or "the gold records"

    @classmethod
    def from_jsonl(cls, path: str | os.PathLike[str]) -> GoldIndex:
        """Read a gold file: JSONL, a JSON array, CSV or Parquet, maybe gzipped (OSError when
        it cannot be opened)."""
        from tablehallu.scoring.inputs import iter_input

        index = cls(display_name(path))
        for raw in iter_input(path):
            index._add(raw)
        return index

    @classmethod
    def from_records(cls, records: Iterable[Any], source: str | None = None) -> GoldIndex:
        """Gold from in-memory records (dicts with ``id`` and ``gt_table``)."""
        index = cls(source)
        for raw in iter_mappings(records):
            index._add(raw)
        return index

    @classmethod
    def from_mapping(cls, gold: Mapping[Any, Any], source: str | None = None) -> GoldIndex:
        """Gold from ``{id: gold}``; a value with ``gt_table``/``gold`` is a whole gold record."""
        index = cls(source)
        for number, (key, value) in enumerate(gold.items(), start=1):
            if isinstance(value, Mapping) and any(a in value for a in GOLD_ALIASES):
                data: Mapping[str, Any] = {**value, "id": key}
            else:
                data = {"id": key, "gt_table": value}
            index._add(RawRecord(source, number, data))
        return index

    def _add(self, raw: RawRecord) -> None:
        if raw.error is not None or raw.data is None:
            if raw.error is not None:
                self.errors.append(raw.error)
            return
        data = raw.data
        where = f"{self.source} line {raw.line}" if self.source else f"gold record {raw.line}"
        if "id" not in data:
            self.errors.append(
                RecordError("invalid_field", 'gold record has no "id"', self.source, raw.line)
            )
            return
        problem = _check_id(data["id"])
        if problem is not None:
            self.errors.append(RecordError("invalid_field", problem, self.source, raw.line))
            return
        key = str(data["id"])
        if _first_present(data, GOLD_ALIASES)[0] is None:
            msg = 'gold record has no gold table ("gt_table" or "gold")'
            self.errors.append(RecordError("missing_gold", msg, self.source, raw.line, data["id"]))
            entry = _GoldEntry(raw.line, None, f"{where} has no gold table")
        else:
            entry = _GoldEntry(raw.line, data)
        previous = self._entries.get(key)
        if previous is None:
            self._entries[key] = entry
            return
        first = f"line {previous.line}" if previous.line is not None else "an earlier record"
        if previous.data is not None and entry.data is not None and previous.data == entry.data:
            self.warnings.append(
                f"{self.name}: id {describe_id(data['id'])} is repeated identically "
                f"({first} and line {raw.line})"
            )
            return
        previous.problem = (
            f"id {describe_id(data['id'])} is defined more than once in {self.name} "
            f"({first} and line {raw.line}) with different content"
        )
        previous.data = None

    def __len__(self) -> int:
        return len(self._entries)

    def lookup(self, key: str) -> Mapping[str, Any] | str:
        """The gold record for ``key``, or a message saying why there is none."""
        entry = self._entries.get(key)
        if entry is None:
            return f"id {describe_id(key)} is not in {self.name}"
        entry.used = True
        if entry.data is None:
            return entry.problem or f"the gold for id {describe_id(key)} is unusable"
        return entry.data

    def table(self, key: str, config: Config) -> Any:
        """The gold table of ``key`` parsed once for the whole run (predictions of several
        models share it), or as given when it does not parse (the detector says why)."""
        entry = self._entries[key]
        if entry.table is None and entry.data is not None:
            raw = _first_present(entry.data, GOLD_ALIASES)[1]
            parsed = parse_gold(raw, config)
            entry.table = parsed if isinstance(parsed, ParsedTable) else raw
        return entry.table

    def unmatched(self) -> list[str | int]:
        """Ids of gold records that no prediction asked for, in gold order."""
        out: list[str | int] = []
        for key, entry in self._entries.items():
            if not entry.used:
                out.append(entry.data["id"] if entry.data is not None else key)
        return out


# --- validation ---------------------------------------------------------------------------------


class DuplicateIds:
    """Tracks ids per input and reports those seen more than once (with all their lines).

    Memory stays small on long runs: each distinct (input, id) is kept as a 95-bit BLAKE2b
    fingerprint (two ids are confused with odds of about n² / 2⁹⁶) and its first line in an
    open-addressing table of typed arrays (27-54 bytes per id, against some 220 for a dict of
    tuples); only the ids seen again are kept in full.
    """

    _START = 1 << 10  # table slots at first; doubled when three quarters full

    def __init__(self) -> None:
        self._size = 0
        self._alloc(self._START)
        # fingerprint -> (source, id of the first repeat, lines), in the order repeats appear
        self._repeats: dict[tuple[int, int], tuple[str | None, str | int, list[int]]] = {}

    def _alloc(self, slots: int) -> None:
        self._mask = slots - 1
        self._hi = array("Q", [0]) * slots  # the slot is chosen by hi's low bits
        self._lo = array("I", [0]) * slots  # 0 = free slot (a fingerprint's lo is odd)
        self._line = array("q", [0]) * slots

    def _slot(self, hi: int, lo: int) -> int:
        """Index of the fingerprint's slot, or of the free slot where it would go."""
        mask, lows, highs = self._mask, self._lo, self._hi
        i = hi & mask
        while lows[i] and (lows[i] != lo or highs[i] != hi):
            i = (i + 1) & mask
        return i

    def _grow(self) -> None:
        highs, lows, lines = self._hi, self._lo, self._line
        self._alloc(2 * (self._mask + 1))
        for j, lo in enumerate(lows):
            if lo:
                i = self._slot(highs[j], lo)
                self._hi[i], self._lo[i], self._line[i] = highs[j], lo, lines[j]

    def add(self, record: Record) -> None:
        """Note ``record``'s id."""
        digest = hashlib.blake2b(
            f"{record.source}\0{record.key}".encode("utf-8", "surrogatepass"),
            digest_size=12,
            person=b"tablehallu-ids" if record.source is not None else b"tablehallu-ids0",
        ).digest()
        hi = int.from_bytes(digest[:8], "little")
        lo = int.from_bytes(digest[8:], "little") | 1
        i = self._slot(hi, lo)
        if not self._lo[i]:
            self._hi[i], self._lo[i], self._line[i] = hi, lo, record.line
            self._size += 1
            if 4 * self._size > 3 * (self._mask + 1):
                self._grow()
            return
        first = self._line[i]
        if first != record.line:
            entry = self._repeats.setdefault((hi, lo), (record.source, record.id, [first]))
            entry[2].append(record.line)

    def report(self) -> list[dict[str, Any]]:
        """``[{"id", "source", "lines"}]`` for every repeated id, in first-seen order."""
        return [
            {"id": rid, "source": source, "lines": lines}
            for source, rid, lines in self._repeats.values()
        ]


def build_record(raw: RawRecord, gold: GoldIndex | None = None) -> Record | RecordError:
    """Validate one decoded record (joining its gold from ``gold`` when given)."""
    if raw.error is not None:
        return raw.error
    data = raw.data
    if data is None:  # pragma: no cover - RawRecord always has data or an error
        return RecordError("internal", "empty record", raw.source, raw.line)
    src, line = raw.source, raw.line

    id_generated = "id" not in data or data["id"] is None
    rid: str | int = f"line-{line}" if id_generated else data["id"]
    if not id_generated:
        problem = _check_id(rid)
        if problem is not None:
            return RecordError("invalid_field", problem, src, line, None)

    def fail(kind: str, message: str) -> RecordError:
        return RecordError(kind, message, src, line, rid)

    merged: Mapping[str, Any] = data
    gold_table: Any = None
    own_gold_ignored = False
    if gold is not None:
        found = gold.lookup(str(rid))
        if isinstance(found, str):
            return fail("unknown_gold_id", found)
        merged = {**{k: v for k, v in found.items() if k != "response"}, **data}
        gold_table = _first_present(found, GOLD_ALIASES)[1]
        own_gold_ignored = _first_present(data, GOLD_ALIASES)[0] is not None
    else:
        gold_table = _first_present(data, GOLD_ALIASES)[1]

    if "response" not in data:
        return fail("missing_response", 'missing "response"')
    response = data["response"]
    if not (response is None or isinstance(response, str | Mapping | list)):
        return fail(
            "invalid_field",
            f'"response" must be a string, a parsed table (object or array) or null, '
            f"got {json_type_name(response)}",
        )

    context_field, context = _first_present(merged, CONTEXT_ALIASES)
    if context is not None and not isinstance(context, str):
        return fail(
            "invalid_field",
            f'"{context_field}" must be a string or null, got {json_type_name(context)}',
        )
    if gold_table is None and not (context and context.strip()):
        return fail(
            "missing_gold",
            'missing the gold table: give "gt_table" (or "gold") in the record or use --gold, '
            'or a "context" to score the response against the context alone',
        )
    query = merged.get("query")
    if query is not None and not isinstance(query, str):
        return fail(
            "invalid_field", f'"query" must be a string or null, got {json_type_name(query)}'
        )
    constraints, problem = read_constraints(merged.get("constraints"))
    if problem is not None:
        return fail("invalid_field", problem)
    fmt = merged.get("format")
    if fmt is not None:
        if not isinstance(fmt, str) or fmt.strip().lower() not in FORMATS:
            return fail(
                "invalid_field",
                f'"format" must be one of {", ".join(FORMATS)}; got {json.dumps(fmt)}',
            )
        fmt = fmt.strip().lower()
        if fmt == "auto":
            fmt = None

    carried = {k: v for k, v in merged.items() if k not in INPUT_FIELDS}
    return Record(
        id=rid,
        source=src,
        line=line,
        response=response,
        gold=gold_table,
        context=context,
        query=query,
        constraints=constraints,
        format=fmt,
        fields=carried,
        id_generated=id_generated,
        context_field=context_field,
        own_gold_ignored=own_gold_ignored,
        gold_from_index=gold is not None,
    )


def record_schema(kind: str = "record") -> dict[str, Any]:
    """The JSON Schema of an input record (``kind="record"``) or of a ``--gold`` record
    (``kind="gold"``), from ``tablehallu/schemas/``."""
    from importlib.resources import files

    if kind not in ("record", "gold"):
        raise ValueError(f"kind must be 'record' or 'gold', got {kind!r}")
    path = files("tablehallu").joinpath(f"schemas/{kind}.schema.json")
    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return schema


#: Output schemas shipped in ``tablehallu/schemas/``.
OUTPUT_SCHEMAS: tuple[str, ...] = ("summary", "details", "compare")


def output_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of an output: ``summary`` (``score --out``), ``details`` (one line of
    ``score --details``) or ``compare`` (``compare --out``), from ``tablehallu/schemas/``."""
    from importlib.resources import files

    if kind not in OUTPUT_SCHEMAS:
        raise ValueError(f"kind must be one of {', '.join(OUTPUT_SCHEMAS)}, got {kind!r}")
    path = files("tablehallu").joinpath(f"schemas/{kind}.schema.json")
    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return schema


def is_pathlike(value: Any) -> bool:
    """True for a str or os.PathLike (a file name rather than a record)."""
    return isinstance(value, str | os.PathLike | Path)

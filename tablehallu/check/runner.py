"""Running the rules over dataset files: reading, locating, batching, collecting.

Files are read record by record and never abandoned because of one bad record: a line that is
not UTF-8, not JSON or not an object is itself a TH000 violation with its line number, and a rule
that fails unexpectedly on a record is reported as a violation of that rule (with the error)
instead of stopping the run.

Formats: a ``.json`` file holds one record (an object) or an array of records (each located at
the line where it starts); a ``.json`` file that turns out to hold one object per line, and any
other file, is read as JSONL (one record per line, blank lines skipped, a UTF-8 byte-order mark
accepted). Standard input (``-``) is read like a ``.json`` file (an array, one object, or JSONL);
gzip-compressed files (``data.jsonl.gz``) are decompressed transparently.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from tablehallu.check.record import RecordView
from tablehallu.check.rules import RULES, WARNING, Deferred, Finding, Rule, run_rule
from tablehallu.config import Config
from tablehallu.parsers.json_input import (
    UntrustedJSON,
    long_integer_problem,
    long_integers,
    usable_id,
)
from tablehallu.parsers.json_table import json_type_name
from tablehallu.sources import display_name, is_stdin, logical_suffix, open_binary, read_bytes

__all__ = [
    "CheckReport",
    "Checker",
    "Item",
    "RuleCount",
    "Violation",
    "read_items",
]

_BOM = b"\xef\xbb\xbf"
#: Records checked before the pending embedding lookups are resolved (bounds memory).
CHUNK_RECORDS = 1000


@dataclass(frozen=True)
class Item:
    """One record read from a file: its 1-based line, and the object or why it is unusable."""

    line: int
    data: Mapping[str, Any] | None
    error: str | None = None
    record_id: str | int | None = None


@dataclass(frozen=True)
class Violation:
    """A finding located in a file, with the severity it has in this run."""

    path: str
    line: int
    code: str
    severity: str
    message: str
    record_id: Any = None
    entity: str | None = None
    column: str | None = None
    row: int | None = None

    def __str__(self) -> str:
        tag = " [warning]" if self.severity == WARNING else ""
        return f"{self.path}:{self.line}: {self.code}{tag} {self.message}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (``row`` 1-based)."""
        rid = self.record_id
        if rid is not None and not isinstance(rid, str | int | float | bool):
            rid = str(rid)
        return {
            "file": self.path,
            "line": self.line,
            "code": self.code,
            "rule": RULES[self.code].name if self.code in RULES else None,
            "severity": self.severity,
            "message": self.message,
            "id": rid,
            "entity": self.entity,
            "column": self.column,
            "row": self.row + 1 if self.row is not None else None,
        }


@dataclass
class RuleCount:
    """Per rule: records it was applied to, records it skipped, violations it found."""

    checked: int = 0
    skipped: int = 0
    violations: int = 0


@dataclass
class CheckReport:
    """Everything one run found."""

    violations: list[Violation] = field(default_factory=list)
    records: int = 0
    files: int = 0
    counts: dict[str, RuleCount] = field(default_factory=dict)

    @property
    def errors(self) -> int:
        """Violations of error severity."""
        return sum(v.severity != WARNING for v in self.violations)

    @property
    def warnings(self) -> int:
        """Violations of warning severity."""
        return sum(v.severity == WARNING for v in self.violations)

    @property
    def exit_code(self) -> int:
        """1 when any error-severity rule failed, else 0."""
        return 1 if self.errors else 0


# --- reading --------------------------------------------------------------------------------------


def _item(
    line: int, value: Any, what: str = "the line", decoder: UntrustedJSON | None = None
) -> Item:
    found = decoder.found if decoder is not None else long_integers(value)
    if found:
        return Item(line, None, long_integer_problem(value, found), usable_id(value))
    if isinstance(value, dict):
        return Item(line, value)
    return Item(line, None, f"{what} is a JSON {json_type_name(value)}, not an object (a record)")


def _decode_line(raw: bytes, number: int) -> Item | None:
    if number == 1 and raw.startswith(_BOM):
        raw = raw[len(_BOM) :]
    if not raw.strip():
        return None
    try:
        text = raw.decode("utf-8").rstrip("\r\n")
    except UnicodeDecodeError as exc:
        return Item(
            number, None, f"not UTF-8 (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})"
        )
    decoder = UntrustedJSON()
    try:
        value = decoder.loads(text)
    except json.JSONDecodeError as exc:
        return Item(number, None, f"not JSON: {exc.msg} (column {exc.colno})")
    except RecursionError:
        return Item(number, None, "not JSON: nested too deeply to read")
    return _item(number, value, decoder=decoder)


def _jsonl_items(lines: Iterable[bytes]) -> Iterator[Item]:
    for number, raw in enumerate(lines, start=1):
        item = _decode_line(raw, number)
        if item is not None:
            yield item


def _skip_space(text: str, i: int) -> int:
    while i < len(text) and text[i] in " \t\r\n":
        i += 1
    return i


def _array_items(text: str) -> Iterator[Item]:
    """Elements of a JSON array document already known to be valid, with their start lines."""
    decoder = UntrustedJSON()
    i = _skip_space(text, 0) + 1  # past "["
    line, counted = 1, 0
    index = 0
    while True:
        i = _skip_space(text, i)
        if i >= len(text) or text[i] == "]":
            return
        line += text.count("\n", counted, i)
        counted = i
        value, end = decoder.raw_decode(text, i)
        yield _item(line, value, f"array element {index}", decoder)
        index += 1
        i = _skip_space(text, end)
        if i < len(text) and text[i] == ",":
            i += 1


def _json_items(data: bytes) -> Iterator[Item]:
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        yield Item(line, None, f"not UTF-8 (byte 0x{data[exc.start]:02x})")
        return
    if not text.strip():
        return
    decoder = UntrustedJSON()
    try:
        value = decoder.loads(text)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data":  # one object per line: JSONL with a .json name
            yield from _jsonl_items(data.splitlines(keepends=True))
            return
        yield Item(exc.lineno, None, f"not JSON: {exc.msg} (column {exc.colno})")
        return
    except RecursionError:
        yield Item(1, None, "not JSON: nested too deeply to read")
        return
    if isinstance(value, list):
        yield from _array_items(text)
    else:
        yield _item(_skip_space_line(text), value, "the document", decoder)


def _skip_space_line(text: str) -> int:
    return text.count("\n", 0, _skip_space(text, 0)) + 1


def _is_json_document(data: bytes) -> bool:
    try:
        json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return False
    return True


def read_items(path: str | os.PathLike[str]) -> Iterator[Item]:
    """The records of a dataset file (see the module docstring). OSError if it cannot be read."""
    if logical_suffix(path) == ".json":
        # a JSON document (or JSONL under another name): read whole
        yield from _json_items(read_bytes(path))
        return
    if is_stdin(path):  # no name to go by: a JSON document if it is one, else JSONL
        data = read_bytes(path)
        if _is_json_document(data):
            yield from _json_items(data)
        else:
            yield from _jsonl_items(data.splitlines(keepends=True))
        return
    with open_binary(path) as stream:
        yield from _jsonl_items(stream)


# --- running --------------------------------------------------------------------------------------


@dataclass
class _Pending:
    index: int  # into the file's violation list
    deferred: Deferred


class Checker:
    """Applies the enabled rules (``{code: severity}``) with ``config`` to records and files.

    ``config.matcher`` decides TH020's last stage: ``embedding`` resolves the findings only the
    embedding stage can settle, in batches of :data:`CHUNK_RECORDS` records; anything else
    stays lexical.
    """

    def __init__(self, enabled: Mapping[str, str], config: Config | None = None) -> None:
        unknown = set(enabled) - set(RULES)
        if unknown:
            raise ValueError(f"unknown rule(s): {', '.join(sorted(unknown))}")
        self.enabled = dict(enabled)
        self.config = config or Config(matcher="lexical")
        self.rules: list[Rule] = [r for code, r in RULES.items() if code in self.enabled]
        self.report = CheckReport(counts={code: RuleCount() for code in self.enabled})

    # --- public ---------------------------------------------------------------------------

    def check_paths(self, paths: Iterable[str | os.PathLike[str]]) -> CheckReport:
        """Check every file; the report accumulates over calls."""
        for path in paths:
            self.report.violations.extend(self.check_file(path))
        return self.report

    def check_file(self, path: str | os.PathLike[str]) -> list[Violation]:
        """Violations of one file, in record order (OSError if it cannot be read)."""
        self.report.files += 1
        return self._check_items(display_name(path), read_items(path))

    def check_records(self, records: Iterable[Any], source: str = "<records>") -> list[Violation]:
        """Violations of in-memory records (``line`` is the 1-based position)."""
        items = (_item(n, r, f"record {n}") for n, r in enumerate(records, start=1))
        return self._check_items(source, items)

    # --- internals --------------------------------------------------------------------------

    def _check_items(self, source: str, items: Iterable[Item]) -> list[Violation]:
        out: list[Violation | None] = []
        pending: list[_Pending] = []
        ids: dict[str, int] = {}
        in_chunk = 0
        for item in items:
            self.report.records += 1
            if "TH000" in self.enabled:
                self.report.counts["TH000"].checked += 1
            if item.data is None:
                if "TH000" in self.enabled:
                    out.append(
                        self._violation(
                            source, item.line, None, "TH000", item.error or "", None, item.record_id
                        )
                    )
                continue
            rec = RecordView(item.data, self.config, source=source, line=item.line)
            if "TH000" in self.enabled:
                for name, length in rec.oversized_contexts.items():
                    message = (
                        f'"{name}" has {length} characters, more than max_context_chars='
                        f"{self.config.max_context_chars}; the rules that read contexts "
                        "skip it"
                    )
                    out.append(self._violation(source, item.line, rec, "TH000", message))
            for finding in self._run(rec):
                if finding.deferred is not None:
                    pending.append(_Pending(len(out), finding.deferred))
                out.append(self._violation(source, item.line, rec, finding.code, "", finding))
            self._check_id(source, item, ids, out)
            in_chunk += 1
            if pending and in_chunk >= CHUNK_RECORDS:
                self._resolve(out, pending)
                pending, in_chunk = [], 0
        if pending:
            self._resolve(out, pending)
        kept = [v for v in out if v is not None]
        for v in kept:
            self.report.counts[v.code].violations += 1
        return kept

    def _run(self, rec: RecordView) -> Iterator[Finding]:
        for rule in self.rules:
            if rule.check is None:
                continue
            count = self.report.counts[rule.code]
            try:
                found = run_rule(rule, rec)
            except Exception as exc:  # a rule bug must not stop the check of the dataset
                count.checked += 1
                yield Finding(
                    rule.code,
                    f"internal error while checking this rule: {type(exc).__name__}: {exc}",
                )
                continue
            if found is None:
                count.skipped += 1
                continue
            count.checked += 1
            yield from found

    def _check_id(
        self, source: str, item: Item, ids: dict[str, int], out: list[Violation | None]
    ) -> None:
        if "TH060" not in self.enabled or item.data is None:
            return
        rid = item.data.get("id")
        if isinstance(rid, bool) or not isinstance(rid, str | int):
            return
        key = str(rid)
        first = ids.setdefault(key, item.line)
        if first != item.line:
            finding = Finding(
                "TH060", f"id {json.dumps(rid, ensure_ascii=False)} is also used on line {first}"
            )
            out.append(self._violation(source, item.line, None, "TH060", "", finding, rid))

    def _violation(
        self,
        source: str,
        line: int,
        rec: RecordView | None,
        code: str,
        message: str,
        finding: Finding | None = None,
        record_id: Any = None,
    ) -> Violation:
        if rec is not None:
            record_id = rec.record_id
        if finding is None:
            return Violation(source, line, code, self.enabled[code], message, record_id)
        return Violation(
            source,
            line,
            finding.code,
            self.enabled[finding.code],
            finding.message,
            record_id,
            finding.entity,
            finding.column,
            finding.row,
        )

    def _resolve(self, out: list[Violation | None], pending: list[_Pending]) -> None:
        """Drop the deferred TH020 findings whose cell is similar enough to a sentence."""
        from tablehallu.detectors.similarity import resolve_backend

        backend = resolve_backend(self.config)
        texts: dict[str, None] = {}
        for p in pending:
            texts[p.deferred.text] = None
            texts.update(dict.fromkeys(p.deferred.candidates))
        backend.prepare(list(texts))
        for p in pending:
            _, score = backend.best_match(p.deferred.text, p.deferred.candidates)
            if score >= p.deferred.threshold:
                out[p.index] = None

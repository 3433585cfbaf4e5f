"""Rules on the record and its gold table as a whole: readable, parseable, scorable.

TH000 (every record is a JSON object) is applied by the runner while reading; its reference text
lives here with the others.
"""

from __future__ import annotations

from typing import Final

from tablehallu.check.record import RecordView
from tablehallu.check.rules.base import Finding
from tablehallu.config import FORMATS
from tablehallu.parsers import ParsedTable, ParseError
from tablehallu.parsers.json_table import json_type_name

__all__ = ["READABLE_RECORD_DOC", "gold_table_parses", "scorable"]

#: TH000's reference text (the runner applies the rule while reading a file).
READABLE_RECORD_DOC: Final = """
Every line (JSONL) or array element (JSON) is a JSON object: a record.

How: a line that is not UTF-8, not JSON (the decoder's reason and column are given) or not an
object is reported with its line number and the file goes on with the next line. Blank lines
are skipped. A ``.json`` file holds one record (an object) or an array of records; a ``.json``
file with one object per line is read as JSONL. A record holding an integer literal longer than
Python reads (4 300 digits) is reported with the field that holds it, and a context field
longer than ``Config.max_context_chars`` is reported (the rules that read contexts skip
it; the other rules still check the record).

Limits: none; a record that is not readable cannot be checked by any other rule."""


def gold_table_parses(rec: RecordView) -> list[Finding] | None:
    """The gold table (``gt_table``, alias ``gold``) parses, and without warnings.

    How: the table is read with :func:`tablehallu.parsers.parse_gold`, exactly as ``tablehallu
    score`` reads it (the paper's JSON shape with metadata, records, Markdown, HTML, LaTeX, CSV...).
    A ParseError is reported with its reason and position; a table that parses with warnings (ragged
    rows, a missing Markdown separator, no body rows, repaired JSON syntax, duplicate headers,
    nested values, missing record keys, several tables) is reported once per warning, since a gold
    table is written by hand and should need no repair.

    Skipped: records without a gold table (TH060 reports them).
    """
    name, value = rec.gold_field
    if value is None:
        return None
    parsed = rec.parsed
    if isinstance(parsed, ParseError):
        return [Finding("TH001", f'"{name}" does not parse: {parsed}')]
    assert isinstance(parsed, ParsedTable)
    out: list[Finding] = []
    for w in parsed.warnings:
        where = f" (table line {w.line})" if w.line else ""
        out.append(Finding("TH001", f'"{name}" is malformed: {w.code}: {w.message}{where}'))
    if parsed.shape[1] == 0:
        out.append(Finding("TH001", f'"{name}" has no columns'))
    return out


def scorable(rec: RecordView) -> list[Finding] | None:
    """The record has what ``tablehallu score`` needs to score answers against it.

    A gold release is scorable when each record has: a gold table (``gt_table``, alias ``gold``;
    whether it parses is TH001's); a context, i.e. a non-blank string in ``gt_context``, ``context``
    or ``distractor_context`` (without one, entity fabrication cannot be told from out-of-range
    rows); an ``id`` that is a non-empty string or an integer and is not used by an earlier record
    of the same file (``score --gold`` joins on it). Fields that are present must have the types
    ``score`` accepts: the contexts and ``query`` strings or null, ``constraints`` an object (or a
    JSON string of one), ``format`` one of the formats. A ``response`` is not needed in a gold
    release.
    """
    data = rec.data
    out: list[Finding] = []
    if rec.gold_field[1] is None:
        out.append(Finding("TH060", 'no gold table: give "gt_table" (or "gold")'))
    rid = data.get("id")
    if rid is None:
        out.append(Finding("TH060", 'no "id" (tablehallu score --gold joins records on it)'))
    elif isinstance(rid, bool) or not isinstance(rid, str | int):
        out.append(
            Finding("TH060", f'"id" must be a string or an integer, got {json_type_name(rid)}')
        )
    elif isinstance(rid, str) and not rid.strip():
        out.append(Finding("TH060", '"id" is empty'))
    for name in ("gt_context", "context", "distractor_context", "query"):
        value = data.get(name)
        if value is not None and not isinstance(value, str):
            out.append(Finding("TH060", f'"{name}" must be a string, got {json_type_name(value)}'))
    if not rec.contexts and not rec.oversized_contexts:
        out.append(
            Finding(
                "TH060",
                'no context: give "gt_context", "context" or "distractor_context" (non-empty text)',
            )
        )
    problem = rec.constraints[1]
    if problem is not None:
        out.append(Finding("TH060", problem))
    fmt = data.get("format")
    if fmt is not None and (not isinstance(fmt, str) or fmt.strip().lower() not in FORMATS):
        out.append(Finding("TH060", f'"format" must be one of {", ".join(FORMATS)}; got {fmt!r}'))
    return out

"""A labelled corpus for measuring the detector: model-like responses made from gold records.

:func:`synthesize` turns gold records (``benchmarks/data/gold_records_*.jsonl``: a gold table in
the paper's shape, its query, constraints, a context with distractors, ``distractors`` rows and
``text_variants``) into samples in ``tablehallu score``'s input shape, each labelled with the exact
set of hallucination types it contains. ``tablehallu synth`` is the command line.

Determinism: every record gets its own ``random.Random(f"{seed}/{record id}")``, threaded through
every choice; nothing depends on dict or set iteration order. The same seed, records and
:class:`~tablehallu.config.Config` give byte-identical output, and adding a record does not change
the samples of the others.

Mix: each record yields ``Config.synth_per_record`` samples, ``Config.synth_clean_share`` of them
clean. Of the injected ones, ``Config.synth_combo_share`` combine 2-3 types (drawn uniformly from
the feasible pairs and triples); the single-type ones are a format error first, then the five
content types in a random order. Clean variants draw their format uniformly; injected ones favour
Markdown (weights Markdown 4, JSON 2, others 1), and a format-error subtype picks a format it
can be written in. A sample whose draw cannot pass the checks below is drawn again (8 tries),
else it becomes a clean variant marked ``synth.fallback``.

Sample fields: ``id`` (``<record id>#<nn>``), ``response``, ``gt_table`` (the record's, unchanged),
``context`` (the record's ``distractor_context``: what a model sees), ``query``, ``constraints``,
``labels`` (sorted list of the type keys present; ``[]`` for a clean variant), ``variant`` (what was
done, e.g. ``clean/latex+think+dates``, ``inject/blank_filling+order_mismatch``), ``source_id``,
``domain``, ``synth`` (the same, structured: format, style, wrapper, variations, injections with
their subtypes), ``edits`` (every changed cell or row: kind, predicted row, gold row, column,
gold value, written value) and ``rows`` (where each row of the written table comes from: its gold
row index, ``"distractor"`` or ``"fabricated"``; before any format-error change to the layout).

**Every sample** has a format and a wrapper.

- Formats (``synth.format``/``style``): Markdown (``plain`` from :func:`tablehallu.parsers.render`,
  ``pretty`` padded with alignment colons, ``bold_header``, ``no_outer_pipes`` -- kept when a
  first or last cell is empty, which GFM cannot write without them), JSON (``named``
  ``{"<table name>": [records]}`` with string cells, ``typed`` the same with JSON numbers and
  ``null``, ``records`` a bare typed list, ``split`` ``{"columns", "data"}``), LaTeX (``plain``
  tabular, ``float`` inside ``table`` with ``\\caption``), HTML, CSV, TSV. Empty cells are written
  as the sample's null spelling ("" unless the ``nulls`` variation chose another; typed JSON
  writes ``null``).
- Wrappers: ``bare``; ``fence`` (a code fence naming the format); ``prose`` (an introduction and a
  closing remark); ``prose+fence``; ``think`` (a ``<think>`` block of reasoning first); ``marker``
  (reasoning, then a ``####`` line, then the table, as the paper's prompts ask); ``think+marker``.
  With probability ``Config.synth_draft_share`` the reasoning of ``think``/``marker`` holds a
  flawed draft table (an extra distractor row or a missing row) that the final table corrects;
  the reasoning names entities of the table and the distractors. CSV/TSV are fenced whenever
  there is text around them (an unfenced CSV inside prose is not a table).

**Clean variants** (``labels == []``) apply 0-2 of these label-preserving variations (the cells an
injection changed are never varied):

- ``dates``: a date column written in another style (``September 14, 2020``, ``Sep 14, 2020``,
  ``14 September 2020``, ``2020/09/14``, ``09/14/2020`` -- day first when ``Config.dayfirst`` --,
  ``September 14th, 2020``, ``14-Sep-2020``, ``Mon, Sep 14, 2020``; months ``September 2020``,
  ``Sep 2020``, ``2020/09``, ``09/2020``; quarters ``Q3 2021``, ``2021 Q3``,
  ``third quarter of 2021``, ``3Q21``; fiscal years ``FY2021``, ``fiscal 2021``).
- ``numbers``: a number column in another style that the header allows: thousands separators,
  trailing zeros added or removed, the header's currency (``$1,499``, ``USD 1,499``,
  ``1,499 EUR``), percent (``12.5%``, ``12.5 percent``), a unit word (``7.6 inches``,
  ``3 years``), or the header's scale written out (``$4.5 million``, ``4.5M``, ``4,500,000`` under
  ``(USD Million)``). Only cells written as plain numbers are restyled, never a column of years;
  the value is unchanged. Unit words are spelled as the normalizer reads them (``metres``, not an
  ambiguous ``m``, which it reads as million).
- ``nulls``: every empty cell spelled one of :data:`NULL_SPELLINGS` (all in the null vocabulary).
- ``case``: text cells of 1-2 columns in lower, upper or title case.
- ``whitespace``: doubled inner spaces and padding in text cells.
- ``paraphrase``: cells listed in the record's ``text_variants`` replaced by a ``faithful``
  variant (``Conditional`` -> ``conditional approval``).
- ``abbreviation``: standard abbreviations of :data:`ABBREVIATIONS` (``University`` -> ``Univ.``,
  ``United States`` -> ``US``) in text cells.
- ``markup``: Markdown bold on the key column's cells.
- ``header_case``: every header lower-, upper- or title-cased; ``header_markup``: bold headers
  (Markdown).

**Injected samples** carry one type (``1 - Config.synth_combo_share``) or a combination of 2-3 of
the five content types (format errors are never combined: in strict header mode the analysis
stops at a format error, so nothing else could be observed). With probability
``Config.synth_injected_variation_share`` one cell variation is added. How each label is
guaranteed:

- ``format_error`` (subtypes): ``missing_separator`` (Markdown without its ``|---|`` row),
  ``ragged_row`` (a Markdown body row with one cell too few or too many), ``truncated`` (the
  response ends in the middle of a cell of a middle column below the first body row, so the
  table ends in a partial row), ``json_syntax`` (a Python-style dict with single
  quotes, or a missing comma between records), ``no_table`` (a prose answer without a table),
  ``renamed_header`` (one header loses its bracketed unit or its first word, or gains a word;
  the new header differs from every gold header after normalisation), ``missing_column`` (a
  non-key column dropped), ``extra_column`` (a column such as ``Notes`` added), ``column_order``
  (two adjacent columns swapped), ``no_header`` (Markdown/CSV/TSV without the header row). No
  draft tables are added to these samples, and a truncated response has nothing after the cut.
- ``out_of_range``: a ``distractors`` row whose key cells all occur in the context (text on word
  boundaries of the normalised context, numbers among its numbers, dates by year) and whose key
  matches no gold key (not equal and not contained on word boundaries either way) is added at a
  position where it keeps every applicable sort rule, or replaces a gold row
  (``Config.synth_replace_share``; the omitted row's first key cell differs from the
  distractor's, and never when order_mismatch is also injected).
- ``order_mismatch``: the gold rows are swapped, moved, reversed or sorted by another column, and
  the result is checked to break the declared sort rule on the *gold* values of the sort column
  (only rows with distinct comparable values count; an unsorted gold table is compared on its row
  order). Records without a declared rule (constraints, metadata or query) get no order
  injection.
- ``attribute_distortion``: 1-``Config.synth_max_distorted_cells`` non-key cells of gold rows
  that are not null in the gold: numbers shifted (``Config.synth_number_shift``), a digit changed
  or a wrong scale word, checked with :func:`~tablehallu.normalize.numbers_equal` under the
  column header; dates moved by days, months or years, checked with
  :func:`~tablehallu.normalize.dates_equal`; text replaced by a ``distorted`` text variant or by
  another row's value of the column, checked to differ after
  :func:`~tablehallu.normalize.normalize_text`; or (``Config.synth_missing_share``) left empty.
  A distorted sort-column cell stays an attribute error (order is judged on gold values).
- ``blank_filling``: 1-``Config.synth_max_distorted_cells`` non-key cells that are null in the
  gold get a non-null value written in that column for another row.
- ``entity_fabrication``: a row whose key is invented: every alphabetic word of a gold key
  replaced by a made-up word (or, for ``Config.synth_blend_share`` of them, only one word of
  four or more letters of a multi-word key: a near-miss name), checked to be absent from the
  context (no invented word among the context's words, the key not in its text) and to match
  no gold or distractor key; the other cells are taken column by column from random gold rows;
  the row is placed where it keeps every sort rule. Records whose first key column is not text
  get no fabrication.

After all changes a sample is checked once more (rows inserted or reordered as labelled; order
kept exactly when order_mismatch is not a label) and drawn again if the check fails.
"""

from __future__ import annotations

import calendar
import hashlib
import json
import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from itertools import combinations, pairwise
from pathlib import Path
from typing import Any

import pandas as pd

from tablehallu.config import Config
from tablehallu.detectors.diagnosis import (
    ATTRIBUTE_DISTORTION,
    BLANK_FILLING,
    ENTITY_FABRICATION,
    FORMAT_ERROR,
    ORDER_MISMATCH,
    OUT_OF_RANGE,
)
from tablehallu.detectors.keys import choose_key
from tablehallu.detectors.order import rule_from_query
from tablehallu.normalize import (
    DateValue,
    TypedCell,
    dates_equal,
    extract_numbers,
    header_unit,
    is_null,
    normalize_header,
    normalize_text,
    numbers_equal,
    order_key,
    tokens,
    type_cell,
)
from tablehallu.parsers import ParsedTable, parse_gold, render

__all__ = [
    "ABBREVIATIONS",
    "CONTENT_TYPES",
    "FORMAT_ERRORS",
    "FORMAT_STYLES",
    "NULL_SPELLINGS",
    "VARIATIONS",
    "WRAPPERS",
    "GoldRecord",
    "SynthError",
    "TextVariant",
    "corpus_summary",
    "read_gold_records",
    "synthesize",
    "synthesize_record",
    "write_corpus",
]

#: Table formats and their styles (see the module docstring).
FORMAT_STYLES: dict[str, tuple[str, ...]] = {
    "markdown": ("plain", "pretty", "bold_header", "no_outer_pipes"),
    "json": ("named", "typed", "records", "split"),
    "latex": ("plain", "float"),
    "html": ("plain",),
    "csv": ("plain",),
    "tsv": ("plain",),
}
#: What surrounds the table in a response.
WRAPPERS: tuple[str, ...] = (
    "bare",
    "fence",
    "prose",
    "prose+fence",
    "think",
    "marker",
    "think+marker",
)
#: Label-preserving variations.
VARIATIONS: tuple[str, ...] = (
    "dates",
    "numbers",
    "nulls",
    "case",
    "whitespace",
    "paraphrase",
    "abbreviation",
    "markup",
    "header_case",
    "header_markup",
)
#: Subtypes of an injected format error.
FORMAT_ERRORS: tuple[str, ...] = (
    "missing_separator",
    "ragged_row",
    "truncated",
    "json_syntax",
    "no_table",
    "renamed_header",
    "missing_column",
    "extra_column",
    "column_order",
    "no_header",
)
#: The types that can be combined in one sample.
CONTENT_TYPES: tuple[str, ...] = (
    OUT_OF_RANGE,
    ORDER_MISMATCH,
    ATTRIBUTE_DISTORTION,
    BLANK_FILLING,
    ENTITY_FABRICATION,
)
#: Formats a format-error subtype can be written in (the others: every format).
_ERROR_FORMATS: dict[str, tuple[str, ...]] = {
    "missing_separator": ("markdown",),
    "ragged_row": ("markdown",),
    "json_syntax": ("json",),
    "no_header": ("markdown", "csv", "tsv"),
}
_COMBOS: tuple[tuple[str, ...], ...] = tuple(combinations(CONTENT_TYPES, 2)) + tuple(
    combinations(CONTENT_TYPES, 3)
)
#: How empty cells may be written (every one is null under :func:`tablehallu.normalize.is_null`).
NULL_SPELLINGS: tuple[str, ...] = (
    "",
    "-",
    "—",
    "–",
    "N/A",
    "n/a",
    "None",
    "null",
    "NaN",
    "Not mentioned",
    "Unknown",
    "Not specified",
    "Not available",
    "not reported",
    "TBD",
)
#: Standard abbreviations (whole words, as capitalised here) used by the ``abbreviation`` variation.
ABBREVIATIONS: dict[str, str] = {
    "United States": "US",
    "United Kingdom": "UK",
    "University": "Univ.",
    "Department": "Dept.",
    "National": "Natl.",
    "Hospital": "Hosp.",
    "Centre": "Ctr.",
    "Center": "Ctr.",
    "Saint": "St.",
    "Mount": "Mt.",
    "Street": "St.",
    "Road": "Rd.",
    "Avenue": "Ave.",
    "Association": "Assn.",
    "Institute": "Inst.",
    "International": "Intl.",
    "Government": "Govt.",
    "Laboratory": "Lab.",
    "Corporation": "Corp.",
    "Company": "Co.",
    "Incorporated": "Inc.",
    "Limited": "Ltd.",
    "Technology": "Tech.",
    "District": "Dist.",
    "Fort": "Ft.",
    "Brothers": "Bros.",
    "Manufacturing": "Mfg.",
    "Management": "Mgmt.",
    "Engineering": "Eng.",
    "Federal": "Fed.",
}
_ABBREVIATION_RE = re.compile(
    r"\b(" + "|".join(re.escape(k) for k in sorted(ABBREVIATIONS, key=len, reverse=True)) + r")\b"
)

_CURRENCY_SPELLINGS: dict[str, tuple[str, ...]] = {
    "USD": ("${}", "USD {}", "{} USD", "US${}"),
    "EUR": ("€{}", "{} EUR", "EUR {}"),
    "GBP": ("£{}", "{} GBP"),
    "JPY": ("¥{}", "{} JPY"),
    "INR": ("₹{}", "INR {}"),
    "CAD": ("C${}", "CAD {}"),
    "AUD": ("A${}", "AUD {}"),
}
_UNIT_WORDS: dict[str, tuple[str, str]] = {
    "years": ("year", "years"),
    "months": ("month", "months"),
    "weeks": ("week", "weeks"),
    "days": ("day", "days"),
    "hours": ("hour", "hours"),
    "minutes": ("minute", "minutes"),
    "seconds": ("second", "seconds"),
    "points": ("point", "points"),
    "km": ("km", "km"),
    "m": ("metre", "metres"),
    "cm": ("cm", "cm"),
    "mm": ("mm", "mm"),
    "mi": ("mile", "miles"),
    "in": ("inch", "inches"),
    "ft": ("ft", "ft"),
    "kg": ("kg", "kg"),
    "km2": ("km²", "km²"),
    "pp": ("pp", "pp"),
    "tonnes": ("tonne", "tonnes"),
    "°c": ("°C", "°C"),
}
_SCALE_WORDS: dict[float, tuple[str, ...]] = {
    1e3: ("thousand", "k"),
    1e6: ("million", "M", "mn"),
    1e9: ("billion", "B", "bn"),
    1e12: ("trillion", "T"),
}
_WRONG_SCALE: dict[float, float] = {1e3: 1e6, 1e6: 1e9, 1e9: 1e6, 1e12: 1e9}

_MONTHS = calendar.month_name[1:]
_MONS = calendar.month_abbr[1:]
_WEEKDAYS = calendar.day_abbr[:]
_QUARTER_WORDS = ("first", "second", "third", "fourth")
_PLAIN_NUMBER_RE = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?")
_NUMBER_BODY_RE = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")
_ALPHA_WORD_RE = re.compile(r"[^\W\d_]+")
_SIMPLE_CELL_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ]{2,}")

_ONSETS = (
    "b", "br", "c", "ch", "d", "dr", "f", "g", "gr", "h", "j", "k", "kr", "l", "m", "n",
    "p", "pr", "r", "s", "st", "t", "tr", "v", "w", "z", "th", "sh", "bl", "cl", "fl", "pl",
)  # fmt: skip
_VOWELS = ("a", "e", "i", "o", "u", "ai", "ea", "ou", "io", "y")
_CODAS = ("", "", "n", "r", "l", "s", "th", "x", "m", "nd", "rk", "st", "v")

_INTROS = (
    "Here is the table based on the provided context:",
    "Sure! Below is the requested table.",
    "Based on the context, the table is as follows:",
    "I extracted the relevant entries from the context into the table below.",
)
_OUTROS = (
    "Let me know if you need any changes.",
    "All values are taken from the context; cells the context does not state are left empty.",
    "Entries outside the requested scope were excluded.",
    "I hope this helps.",
)
_NO_TABLE = (
    "I'm sorry, but I cannot build the requested table from the information given.",
    "The context does not contain enough information to create a reliable table for this query.",
    "Based on the context, the relevant entries are {names}. I was unable to format them as a "
    "table.",
)
_EXTRA_HEADERS = ("Notes", "Source", "Remarks", "Comment", "Category", "Status Note")
_EXTRA_VALUES = ("See context", "Reported", "Confirmed", "Mentioned in text", "")


class SynthError(ValueError):
    """A gold record cannot be used; the message says which (file, line, id) and why."""


@dataclass(frozen=True)
class TextVariant:
    """Faithful and distorted rewrites of one gold cell (``row``/``column`` are 0-based)."""

    row: int
    column: int
    faithful: tuple[str, ...]
    distorted: tuple[str, ...]


@dataclass(frozen=True)
class GoldRecord:
    """One gold record, parsed and checked: the table as strings (``""`` for a null)."""

    id: str
    domain: str
    topic: str
    query: str
    constraints: Mapping[str, Any]
    gt_table: Any
    context: str | None
    name: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    metadata: Mapping[str, Any]
    distractors: tuple[tuple[str, ...], ...]
    text_variants: tuple[TextVariant, ...]

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], where: str = "") -> GoldRecord:
        """Check and parse one gold record; raises :class:`SynthError` naming ``where``."""
        at = f"{where}: " if where else ""
        if not isinstance(data, Mapping):
            raise SynthError(f"{at}a gold record must be a JSON object, got {type(data).__name__}")
        rid = data.get("id")
        if not isinstance(rid, str | int) or isinstance(rid, bool) or str(rid).strip() == "":
            raise SynthError(f"{at}'id' must be a non-empty string or integer")
        rid = str(rid)
        at = f"{where}: record {rid!r}: " if where else f"record {rid!r}: "
        gold = data.get("gt_table", data.get("gold"))
        if gold is None:
            raise SynthError(f"{at}no 'gt_table'")
        parsed = parse_gold(gold)
        if not isinstance(parsed, ParsedTable):
            raise SynthError(f"{at}the gold table does not parse: {parsed}")
        headers = tuple(parsed.headers)
        rows = tuple(tuple(r) for r in parsed.rows())
        if not headers or not rows:
            raise SynthError(f"{at}the gold table has no columns or no rows")
        if len({normalize_header(h) for h in headers}) != len(headers):
            raise SynthError(f"{at}the gold table has two columns with the same header")
        context = _first_text(data, ("distractor_context", "context", "gt_context"))
        query = data.get("query") or ""
        if not isinstance(query, str):
            raise SynthError(f"{at}'query' must be a string")
        constraints = data.get("constraints") or {}
        if not isinstance(constraints, Mapping):
            raise SynthError(f"{at}'constraints' must be an object")
        distractors = []
        raw_distractors = data.get("distractors") or []
        if not isinstance(raw_distractors, list):
            raise SynthError(f"{at}'distractors' must be a list")
        norm_headers = {normalize_header(h): i for i, h in enumerate(headers)}
        for i, d in enumerate(raw_distractors):
            if not isinstance(d, Mapping):
                raise SynthError(f"{at}distractors[{i}] must be an object")
            cells = [""] * len(headers)
            for k, v in d.items():
                j = norm_headers.get(normalize_header(str(k)))
                if j is not None:
                    cells[j] = _cell_text(v)
            distractors.append(tuple(cells))
        variants = []
        raw_variants = data.get("text_variants") or []
        if not isinstance(raw_variants, list):
            raise SynthError(f"{at}'text_variants' must be a list")
        for i, tv in enumerate(raw_variants):
            variants.append(_text_variant(tv, headers, len(rows), f"{at}text_variants[{i}]"))
        metadata = parsed.metadata or {}
        return cls(
            id=rid,
            domain=str(data.get("domain") or "unknown"),
            topic=str(data.get("topic") or ""),
            query=query,
            constraints=dict(constraints),
            gt_table=gold,
            context=context,
            name=parsed.name or str(data.get("topic") or "Table"),
            headers=headers,
            rows=rows,
            metadata=metadata,
            distractors=tuple(distractors),
            text_variants=tuple(variants),
        )


def _first_text(data: Mapping[str, Any], names: Sequence[str]) -> str | None:
    for name in names:
        value = data.get(name)
        if isinstance(value, str):
            return value
    return None


def _cell_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, str):
        return value.strip()
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _text_variant(tv: Any, headers: Sequence[str], n_rows: int, at: str) -> TextVariant:
    if not isinstance(tv, Mapping):
        raise SynthError(f"{at} must be an object")
    row, column = tv.get("row"), tv.get("column")
    if not isinstance(row, int) or isinstance(row, bool) or not 0 <= row < n_rows:
        raise SynthError(f"{at}: 'row' must be a row index below {n_rows}, got {row!r}")
    norm = [normalize_header(h) for h in headers]
    if not isinstance(column, str) or normalize_header(column) not in norm:
        raise SynthError(f"{at}: 'column' {column!r} is not a gold column")
    lists = []
    for key in ("faithful", "distorted"):
        values = tv.get(key) or []
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise SynthError(f"{at}: '{key}' must be a list of strings")
        lists.append(tuple(v.strip() for v in values if v.strip()))
    return TextVariant(row, norm.index(normalize_header(column)), lists[0], lists[1])


def read_gold_records(paths: Iterable[str | Path]) -> list[GoldRecord]:
    """Read gold records from JSONL files, in file and line order.

    Raises :class:`SynthError` listing every unreadable line or invalid record (file:line: why),
    and duplicate ids.
    """
    records: list[GoldRecord] = []
    problems: list[str] = []
    seen: dict[str, str] = {}
    for path in paths:
        p = Path(path)
        try:
            lines = p.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(f"{p}: cannot read: {exc}")
            continue
        for n, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            where = f"{p}:{n}"
            try:
                data = json.loads(line)
            except json.JSONDecodeError as exc:
                problems.append(f"{where}: not valid JSON: {exc}")
                continue
            try:
                record = GoldRecord.from_mapping(data, where)
            except SynthError as exc:
                problems.append(str(exc))
                continue
            if record.id in seen:
                problems.append(f"{where}: id {record.id!r} already used at {seen[record.id]}")
                continue
            seen[record.id] = where
            records.append(record)
    if problems:
        shown = problems[:20]
        more = f"\n... and {len(problems) - 20} more" if len(problems) > 20 else ""
        raise SynthError("invalid gold records:\n" + "\n".join(shown) + more)
    return records


# --- the working table ----------------------------------------------------------------------------


@dataclass
class _Row:
    cells: list[str]
    gold: int | None  # gold row index, None for an inserted row
    origin: str  # gold, distractor, fabricated
    touched: set[int] = field(default_factory=set)  # columns changed by an injection


@dataclass
class _Edit:
    kind: str
    row: _Row | None
    column: int | None
    gold: str | None
    written: str | None


@dataclass
class _Draft:
    rows: list[_Row]
    edits: list[_Edit] = field(default_factory=list)
    injections: list[dict[str, str]] = field(default_factory=list)
    variations: list[str] = field(default_factory=list)
    null: str = ""
    header_case: str = "none"
    bold_headers: bool = False
    fallback: bool = False


@dataclass(frozen=True)
class _Rule:
    column: int | None  # None = the gold row order
    direction: str
    main_kind: str | None


class _Context:
    """Per-record facts shared by every sample of the record."""

    def __init__(self, record: GoldRecord, config: Config) -> None:
        self.record = record
        self.config = config
        self.headers = list(record.headers)
        self.gold_rows = [list(r) for r in record.rows]
        self.gold_cells = [[self.typed(v) for v in row] for row in self.gold_rows]
        explicit = record.constraints.get("primary_key") if record.constraints else None
        names = [explicit] if isinstance(explicit, str) else explicit
        key = choose_key(
            self.headers,
            self.gold_cells,
            explicit=[str(x) for x in names] if isinstance(names, list) and names else None,
        )
        self.key = list(key.columns) or [0]
        self.non_key = [c for c in range(len(self.headers)) if c not in self.key]
        self.rules, self.declared = self._sort_rules()
        ctx = record.context if record.context and record.context.strip() else None
        self.context_text = normalize_text(ctx) if ctx else ""
        self.context_tokens = tokens(self.context_text)
        self.context_token_set = frozenset(self.context_tokens)
        self.context_numbers = frozenset(round(x, 6) for x in extract_numbers(ctx or ""))
        self.gold_keys = [self.key_texts(row) for row in self.gold_rows]
        self.distractors = [list(d) for d in record.distractors if self.valid_distractor(list(d))]
        self.variants = {(tv.row, tv.column): tv for tv in record.text_variants}
        self.year_like = [self._year_like(c) for c in range(len(self.headers))]

    def _year_like(self, col: int) -> bool:
        """Whether every non-null cell of ``col`` is an integer between 1800 and 2100."""
        cells = [row[col] for row in self.gold_cells if row[col].kind != "null"]
        return bool(cells) and all(
            c.kind == "number"
            and c.number is not None
            and float(c.number.value).is_integer()
            and 1800 <= c.number.value <= 2100
            for c in cells
        )

    def typed(self, value: str) -> TypedCell:
        return type_cell(value, self.config.dayfirst, max_chars=self.config.max_typed_chars)

    def key_texts(self, cells: Sequence[str]) -> tuple[str, ...]:
        return tuple(normalize_text(cells[k]) for k in self.key)

    # -- sort rules
    def _sort_rules(self) -> tuple[list[_Rule], bool]:
        declared = self._declared_rule()
        if declared is not None:
            col, direction = declared
            rule = _Rule(col, direction, self._main_kind(col))
            if self._monotone(
                [self.gold_key_of(g, rule) for g in range(len(self.gold_rows))], rule
            ):
                return [rule], True
            return [_Rule(None, "ascending", None)], True
        inferred = []
        for col in range(len(self.headers)):
            kind = self._main_kind(col)
            if kind is None:
                continue
            for direction in ("ascending", "descending"):
                rule = _Rule(col, direction, kind)
                keys = [self.gold_key_of(g, rule) for g in range(len(self.gold_rows))]
                if len({k for k in keys if k is not None}) >= 2 and self._monotone(keys, rule):
                    inferred.append(rule)
        return inferred, False

    def _declared_rule(self) -> tuple[int, str] | None:
        sources: list[tuple[object, object]] = []
        c = self.record.constraints
        if c:
            sources.append((c.get("sort_column"), c.get("sort_order", c.get("sort_method"))))
        m = self.record.metadata
        if m:
            sources.append((m.get("sort_column"), m.get("sort_method", m.get("sort_order"))))
        if self.record.query:
            found = rule_from_query(self.record.query)
            if found:
                sources.append(found)
        norm = [normalize_header(h) for h in self.headers]
        for column, direction in sources:
            if not isinstance(column, str) or not isinstance(direction, str):
                continue
            d = direction.strip().lower()
            d = {"asc": "ascending", "desc": "descending"}.get(d, d)
            if d not in ("ascending", "descending"):
                continue
            target = normalize_header(column)
            if target in norm:
                return norm.index(target), d
        return None

    def _main_kind(self, col: int) -> str | None:
        kinds = Counter(row[col].kind for row in self.gold_cells if row[col].kind != "null")
        if not kinds:
            return None
        return sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]

    def gold_key_of(self, g: int, rule: _Rule) -> tuple[Any, ...] | None:
        assert rule.column is not None
        return self._key_of_cell(self.gold_cells[g][rule.column], rule)

    def _key_of_cell(self, cell: TypedCell, rule: _Rule) -> tuple[Any, ...] | None:
        if cell.kind == "null" or cell.kind != rule.main_kind:
            return None
        return order_key(cell)

    def row_key(self, row: _Row, rule: _Rule) -> tuple[Any, ...] | None:
        """The value the detector orders ``row`` by: the gold value for a gold row."""
        assert rule.column is not None
        if row.gold is not None:
            return self.gold_key_of(row.gold, rule)
        return self._key_of_cell(self.typed(row.cells[rule.column]), rule)

    @staticmethod
    def _monotone(keys: Sequence[tuple[Any, ...] | None], rule: _Rule) -> bool:
        present = [k for k in keys if k is not None]
        for a, b in pairwise(present):
            if (rule.direction == "ascending" and b < a) or (
                rule.direction == "descending" and b > a
            ):
                return False
        return True

    def keeps_rule(self, rows: Sequence[_Row], rule: _Rule) -> bool:
        if rule.column is None:
            golds = [r.gold for r in rows if r.gold is not None]
            return golds == sorted(golds)
        return self._monotone([self.row_key(r, rule) for r in rows], rule)

    def keeps_order(self, rows: Sequence[_Row]) -> bool:
        """True when ``rows`` keep every applicable sort rule (no order_mismatch)."""
        return all(self.keeps_rule(rows, rule) for rule in self.rules)

    def breaks_order(self, rows: Sequence[_Row]) -> bool:
        """True when ``rows`` break the declared rule (an order_mismatch)."""
        return self.declared and bool(self.rules) and not self.keeps_rule(rows, self.rules[0])

    # -- grounding and key identity
    def in_context(self, value: str) -> bool:
        """Whether a key cell occurs in the context (text on word boundaries, typed numbers)."""
        cell = self.typed(value)
        if cell.kind == "null" or not self.context_text:
            return False
        if cell.kind == "number" and cell.number is not None:
            n = cell.number
            return any(round(v, 6) in self.context_numbers for v in (n.magnitude, n.value))
        if cell.kind == "date" and cell.date is not None:
            return str(cell.date.year) in self.context_token_set
        return _contains_run(self.context_tokens, tokens(cell.text))

    def same_key(self, a: Sequence[str], b: Sequence[str]) -> bool:
        """Whether two key tuples (normalised texts) could name the same entity."""
        for x, y in zip(a, b, strict=True):
            if x == y:
                continue
            tx, ty = tokens(x), tokens(y)
            if not tx or not ty:
                return False
            if not (_contains_run(tx, ty) or _contains_run(ty, tx)):
                return False
        return True

    def valid_distractor(self, cells: list[str]) -> bool:
        keys = self.key_texts(cells)
        if any(not k for k in keys):
            return False
        if any(self.same_key(keys, g) for g in self.gold_keys):
            return False
        return all(self.in_context(cells[k]) for k in self.key)


def _contains_run(haystack: Sequence[str], needle: Sequence[str]) -> bool:
    n = len(needle)
    if n == 0 or n > len(haystack):
        return False
    return any(tuple(haystack[i : i + n]) == tuple(needle) for i in range(len(haystack) - n + 1))


# --- number and date writing ---------------------------------------------------------------------


def _decimal(text: str) -> Decimal | None:
    try:
        return Decimal(text.replace(",", ""))
    except InvalidOperation:
        return None


def _group(text: str) -> str:
    """``1234567.5`` -> ``1,234,567.5`` (sign kept)."""
    sign = "-" if text.startswith("-") else ""
    body = text.lstrip("-")
    whole, _, frac = body.partition(".")
    grouped = f"{int(whole):,}"
    return sign + grouped + (f".{frac}" if frac else "")


def _fmt_decimal(value: Decimal, places: int, grouped: bool) -> str:
    q = Decimal(1).scaleb(-places) if places > 0 else Decimal(1)
    text = format(value.quantize(q), "f")
    if text in ("-0", "-0.0") or (text.startswith("-") and Decimal(text) == 0):
        text = text.lstrip("-")
    return _group(text) if grouped else text


def _places(body: str) -> int:
    return len(body.partition(".")[2])


def _date_text(d: DateValue, style: str, dayfirst: bool) -> str:
    """``d`` written in ``style`` (styles of the ``dates`` variation; keeps the precision)."""
    y = d.year
    if d.precision == "day":
        assert d.month is not None and d.day is not None
        m, day = d.month, d.day
        suffix = "th" if 11 <= day % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
        weekday = _WEEKDAYS[calendar.weekday(y, m, day)]
        numeric = f"{day:02d}/{m:02d}/{y}" if dayfirst else f"{m:02d}/{day:02d}/{y}"
        return {
            "iso": f"{y:04d}-{m:02d}-{day:02d}",
            "long": f"{_MONTHS[m - 1]} {day}, {y}",
            "abbr": f"{_MONS[m - 1]} {day}, {y}",
            "day_month": f"{day} {_MONTHS[m - 1]} {y}",
            "slash_ymd": f"{y}/{m:02d}/{day:02d}",
            "numeric": numeric,
            "ordinal": f"{_MONTHS[m - 1]} {day}{suffix}, {y}",
            "dd_mon_yyyy": f"{day:02d}-{_MONS[m - 1]}-{y}",
            "weekday": f"{weekday}, {_MONS[m - 1]} {day}, {y}",
        }[style]
    if d.precision == "month":
        assert d.month is not None
        m = d.month
        return {
            "iso": f"{y:04d}-{m:02d}",
            "long": f"{_MONTHS[m - 1]} {y}",
            "abbr": f"{_MONS[m - 1]} {y}",
            "slash_ym": f"{y}/{m:02d}",
            "numeric": f"{m:02d}/{y}",
        }[style]
    if d.precision == "quarter":
        assert d.quarter is not None
        q = d.quarter
        return {
            "iso": f"{y:04d}-Q{q}",
            "q_year": f"Q{q} {y}",
            "year_q": f"{y} Q{q}",
            "words": f"{_QUARTER_WORDS[q - 1]} quarter of {y}",
            "short": f"{q}Q{y % 100:02d}",
        }[style]
    return {"fy": f"FY{y}", "fiscal": f"fiscal {y}", "fy_short": f"FY{y % 100:02d}"}[style]


_DATE_STYLES: dict[str, tuple[str, ...]] = {
    "day": (
        "long",
        "abbr",
        "day_month",
        "slash_ymd",
        "numeric",
        "ordinal",
        "dd_mon_yyyy",
        "weekday",
    ),
    "month": ("long", "abbr", "slash_ym", "numeric"),
    "quarter": ("q_year", "year_q", "words", "short"),
    "year": ("fy", "fiscal"),
}


def _same_style(raw: str, d: DateValue, dayfirst: bool) -> str:
    """The style that writes ``d`` exactly as ``raw`` is written (``iso`` when none does)."""
    styles = ("iso", *_DATE_STYLES[d.precision]) if d.precision != "year" else _DATE_STYLES["year"]
    for style in styles:
        if _date_text(d, style, dayfirst) == raw.strip():
            return style
    return "iso" if d.precision != "year" else "fy"


# --- the generator ------------------------------------------------------------------------------


class _Generator:
    """Makes the samples of one record."""

    def __init__(self, ctx: _Context, rng: random.Random) -> None:
        self.ctx = ctx
        self.rng = rng
        self.cfg = ctx.config

    # -- plan
    def plan(self, per_record: int) -> list[tuple[str, ...]]:
        """One entry per sample: () for clean, else the injected types."""
        n_clean = round(per_record * self.cfg.synth_clean_share)
        n_inject = per_record - n_clean
        n_combo = round(n_inject * self.cfg.synth_combo_share)
        n_single = n_inject - n_combo
        # every record gets one format error first (its subtypes need the volume), then the
        # content types in a random order
        singles = [t for t in CONTENT_TYPES if self.feasible((t,))]
        self.rng.shuffle(singles)
        singles.insert(0, FORMAT_ERROR)
        plan: list[tuple[str, ...]] = [() for _ in range(n_clean)]
        for i in range(n_single):
            if singles:
                plan.append((singles[i % len(singles)],))
        combos = [c for c in _COMBOS if self.feasible(c)]
        for _ in range(n_combo):
            if combos:
                plan.append(self.rng.choice(combos))
        return plan

    def feasible(self, types: Sequence[str]) -> bool:
        ctx = self.ctx
        for t in types:
            if t == OUT_OF_RANGE and not ctx.distractors:
                return False
            if t == ORDER_MISMATCH and not self._order_possible():
                return False
            if t == BLANK_FILLING and not self._blank_cells():
                return False
            if t == ATTRIBUTE_DISTORTION and not self._distortable_cells():
                return False
            if t == ENTITY_FABRICATION and ctx.gold_cells[0][ctx.key[0]].kind != "text":
                return False
        return True

    def _order_possible(self) -> bool:
        ctx = self.ctx
        if not ctx.declared or not ctx.rules or len(ctx.gold_rows) < 2:
            return False
        rule = ctx.rules[0]
        if rule.column is None:
            return True
        keys = {ctx.gold_key_of(g, rule) for g in range(len(ctx.gold_rows))}
        return len(keys - {None}) >= 2

    def _blank_cells(self) -> list[tuple[int, int]]:
        ctx = self.ctx
        out = []
        for g, row in enumerate(ctx.gold_cells):
            for c in ctx.non_key:
                if row[c].kind == "null" and any(
                    r[c].kind != "null" for i, r in enumerate(ctx.gold_cells) if i != g
                ):
                    out.append((g, c))
        return out

    def _distortable_cells(self) -> list[tuple[int, int]]:
        ctx = self.ctx
        return [
            (g, c)
            for g, row in enumerate(ctx.gold_cells)
            for c in ctx.non_key
            if row[c].kind != "null"
        ]

    # -- one sample
    def sample(self, index: int, types: tuple[str, ...]) -> dict[str, Any]:
        for _attempt in range(8):
            made = self._try_sample(index, types)
            if made is not None:
                return made
        # no draw satisfied the checks: a clean variant keeps the plan's size (marked fallback)
        made = self._try_sample(index, ())
        assert made is not None
        made["synth"]["fallback"] = True
        return made

    def _try_sample(self, index: int, types: tuple[str, ...]) -> dict[str, Any] | None:
        ctx, rng = self.ctx, self.rng
        draft = _Draft(
            rows=[_Row(list(r), g, "gold") for g, r in enumerate(ctx.gold_rows)],
        )
        labels = set(types)
        fmt_error: str | None = None
        if FORMAT_ERROR in labels:
            fmt_error = self._pick_format_error()
            fmt, style = self._pick_format(clean=False, allowed=_ERROR_FORMATS.get(fmt_error))
            draft.injections.append({"type": FORMAT_ERROR, "subtype": fmt_error})
        else:
            fmt, style = self._pick_format(clean=not types)
            ok = True
            if ORDER_MISMATCH in labels:
                ok = ok and self._inject_order(draft)
            if ATTRIBUTE_DISTORTION in labels:
                ok = ok and self._inject_attribute(draft)
            if BLANK_FILLING in labels:
                ok = ok and self._inject_blank(draft)
            if OUT_OF_RANGE in labels:
                ok = ok and self._inject_out_of_range(draft, keep=ORDER_MISMATCH not in labels)
            if ENTITY_FABRICATION in labels:
                ok = ok and self._inject_fabrication(draft, keep=ORDER_MISMATCH not in labels)
            if not ok or not self._verify(draft, labels):
                return None
        # variations
        if not types:
            n_var = rng.choice((0, 1, 1, 2, 2))
        else:
            n_var = 1 if rng.random() < self.cfg.synth_injected_variation_share else 0
        self._vary(draft, fmt, style, n_var)
        wrapper = rng.choice(WRAPPERS)
        response, draft_table = self._respond(draft, fmt, style, wrapper, fmt_error)
        return self._record(index, labels, draft, fmt, style, wrapper, draft_table, response)

    def _pick_format(self, clean: bool, allowed: Sequence[str] | None = None) -> tuple[str, str]:
        weights = dict(zip(FORMAT_STYLES, (1,) * 6 if clean else (4, 2, 1, 1, 1, 1), strict=True))
        formats = [f for f in FORMAT_STYLES if allowed is None or f in allowed]
        fmt = self.rng.choices(formats, weights=[weights[f] for f in formats])[0]
        return fmt, self.rng.choice(FORMAT_STYLES[fmt])

    def _pick_format_error(self) -> str:
        options = [e for e in FORMAT_ERRORS if e != "missing_column" or self.ctx.non_key]
        return self.rng.choice(options)

    # -- injections
    @staticmethod
    def _edit(
        draft: _Draft,
        kind: str,
        row: _Row | None,
        col: int | None,
        gold: str | None,
        written: str | None,
    ) -> None:
        draft.edits.append(_Edit(kind, row, col, gold, written))

    def _inject_order(self, draft: _Draft) -> bool:
        ctx, rng = self.ctx, self.rng
        rows = draft.rows
        strategies = ["swap", "swap", "move", "reverse", "resort"]
        for _ in range(12):
            strategy = rng.choice(strategies)
            new = list(rows)
            if strategy == "swap":
                i, j = sorted(rng.sample(range(len(new)), 2))
                new[i], new[j] = new[j], new[i]
            elif strategy == "move":
                i = rng.randrange(len(new))
                row = new.pop(i)
                new.insert(rng.randrange(len(new) + 1), row)
            elif strategy == "reverse":
                new.reverse()
            else:
                col = rng.choice(range(len(ctx.headers)))
                direction = rng.random() < 0.5
                new.sort(key=lambda r: order_key(ctx.typed(r.cells[col])), reverse=direction)
            if ctx.breaks_order(new):
                draft.rows = new
                draft.injections.append({"type": ORDER_MISMATCH, "subtype": strategy})
                self._edit(draft, f"order:{strategy}", None, ctx.rules[0].column, None, None)
                return True
        return False

    def _pick_cells(self, cells: list[tuple[int, int]], draft: _Draft) -> list[tuple[_Row, int]]:
        by_gold = {r.gold: r for r in draft.rows if r.origin == "gold"}
        usable = [(by_gold[g], c) for g, c in cells if g in by_gold and c not in by_gold[g].touched]
        if not usable:
            return []
        n = self.rng.randint(1, max(1, min(self.cfg.synth_max_distorted_cells, len(usable))))
        return self.rng.sample(usable, n)

    def _inject_attribute(self, draft: _Draft) -> bool:
        picked = self._pick_cells(self._distortable_cells(), draft)
        subtypes = []
        for row, col in picked:
            assert row.gold is not None
            gold = self.ctx.gold_rows[row.gold][col]
            new: str | None
            if self.rng.random() < self.cfg.synth_missing_share:
                new, subtype = "", "missing_value"
            else:
                new, subtype = self._distort(row.gold, col)
            if new is None:
                continue
            row.cells[col] = new
            row.touched.add(col)
            subtypes.append(subtype)
            self._edit(draft, f"distort:{subtype}", row, col, gold, new)
        if not subtypes:
            return False
        draft.injections.append(
            {"type": ATTRIBUTE_DISTORTION, "subtype": "+".join(sorted(set(subtypes)))}
        )
        return True

    def _distort(self, g: int, col: int) -> tuple[str | None, str]:
        ctx = self.ctx
        cell = ctx.gold_cells[g][col]
        header = ctx.headers[col]
        if cell.kind == "number":
            return self._distort_number(cell, col, header), "number"
        if cell.kind == "date":
            return self._distort_date(cell), "date"
        tv = ctx.variants.get((g, col))
        if tv and tv.distorted and self.rng.random() < 0.75:
            value = self.rng.choice(tv.distorted)
            if normalize_text(value) != cell.text and not is_null(value):
                return value, "text_variant"
        others = sorted(
            {
                ctx.gold_rows[i][col]
                for i in range(len(ctx.gold_rows))
                if ctx.gold_cells[i][col].kind != "null"
                and ctx.gold_cells[i][col].text != cell.text
            }
        )
        if others:
            return self.rng.choice(others), "text_swap"
        if tv and tv.distorted:
            value = self.rng.choice(tv.distorted)
            if normalize_text(value) != cell.text and not is_null(value):
                return value, "text_variant"
        return None, "text"

    def _distort_number(self, cell: TypedCell, col: int, header: str) -> str | None:
        assert cell.number is not None
        raw = cell.raw
        m = _NUMBER_BODY_RE.search(raw)
        if m is None:
            return None
        body = m.group()
        value = _decimal(body)
        if value is None:
            return None
        grouped = "," in body
        places = _places(body)
        year_like = self.ctx.year_like[col]
        _, h_scale = header_unit(header)
        lo, hi = self.cfg.synth_number_shift
        for _ in range(20):
            how = self.rng.random()
            if year_like:
                new = value + self.rng.choice((-1, 1)) * self.rng.randint(1, 5)
                text = raw[: m.start()] + _fmt_decimal(new, places, grouped) + raw[m.end() :]
            elif how < 0.2 and len(body.replace(",", "").replace(".", "")) >= 2:
                digits = [i for i, ch in enumerate(body) if ch.isdigit()][1:]
                i = self.rng.choice(digits)
                ch = self.rng.choice([d for d in "0123456789" if d != body[i]])
                text = raw[: m.start()] + body[:i] + ch + body[i + 1 :] + raw[m.end() :]
            elif how < 0.3 and h_scale in _WRONG_SCALE and cell.number.scale == 1.0:
                word = _SCALE_WORDS[_WRONG_SCALE[h_scale]][0]
                text = f"{raw} {word}"
            else:
                factor = Decimal(str(round(self.rng.uniform(lo, hi), 3)))
                sign = 1 if self.rng.random() < 0.5 or value <= 0 else -1
                new = value * (1 + sign * factor)
                step = Decimal(1).scaleb(-places)
                if abs(new - value) < step:
                    new = value + sign * step
                text = raw[: m.start()] + _fmt_decimal(new, places, grouped) + raw[m.end() :]
            if text == raw:
                continue
            typed = self.ctx.typed(text)
            if typed.kind != "number" or typed.number is None:
                continue
            if not numbers_equal(cell.number, typed.number, header=header):
                return text
        return None

    def _distort_date(self, cell: TypedCell) -> str | None:
        d = cell.date
        assert d is not None
        dayfirst = self.cfg.dayfirst
        style = _same_style(cell.raw, d, dayfirst)
        for _ in range(20):
            year = d.year + self.rng.choice((-1, 1)) * self.rng.randint(1, 3)
            if d.precision == "day":
                assert d.month is not None and d.day is not None
                which = self.rng.choice(("day", "month", "year"))
                month, day = d.month, d.day
                if which == "year":
                    month, day = d.month, min(d.day, 28)
                else:
                    year = d.year
                    if which == "month":
                        month = (d.month - 1 + self.rng.randint(1, 11)) % 12 + 1
                        day = min(d.day, 28)
                    else:
                        day = self.rng.randint(1, calendar.monthrange(year, month)[1])
                new = DateValue(year, month, day, None, "day")
            elif d.precision == "month":
                assert d.month is not None
                if self.rng.random() < 0.5:
                    new = DateValue(year, d.month, None, None, "month")
                else:
                    month = (d.month - 1 + self.rng.randint(1, 11)) % 12 + 1
                    new = DateValue(d.year, month, None, None, "month")
            elif d.precision == "quarter":
                assert d.quarter is not None
                q = (d.quarter - 1 + self.rng.randint(1, 3)) % 4 + 1
                new = DateValue(d.year, None, None, q, "quarter")
            else:
                new = DateValue(year, None, None, None, "year")
            text = _date_text(new, style, dayfirst)
            typed = self.ctx.typed(text)
            if typed.date is not None and not dates_equal(d, typed.date):
                return text
        return None

    def _inject_blank(self, draft: _Draft) -> bool:
        ctx = self.ctx
        picked = self._pick_cells(self._blank_cells(), draft)
        done = 0
        for row, col in picked:
            assert row.gold is not None
            values = sorted(
                {
                    ctx.gold_rows[i][col]
                    for i in range(len(ctx.gold_rows))
                    if i != row.gold and ctx.gold_cells[i][col].kind != "null"
                }
            )
            if not values:
                continue
            new = self.rng.choice(values)
            row.cells[col] = new
            row.touched.add(col)
            done += 1
            self._edit(draft, "blank_fill", row, col, "", new)
        if not done:
            return False
        draft.injections.append({"type": BLANK_FILLING, "subtype": "other_row_value"})
        return True

    def _insert(self, draft: _Draft, row: _Row, keep: bool) -> bool:
        positions = list(range(len(draft.rows) + 1))
        if keep:
            positions = [
                i
                for i in positions
                if self.ctx.keeps_order([*draft.rows[:i], row, *draft.rows[i:]])
            ]
        if not positions:
            return False
        i = self.rng.choice(positions)
        draft.rows.insert(i, row)
        return True

    def _inject_out_of_range(self, draft: _Draft, keep: bool) -> bool:
        ctx, rng = self.ctx, self.rng
        present = {tuple(ctx.key_texts(r.cells)) for r in draft.rows if r.origin == "distractor"}
        pool = [d for d in ctx.distractors if ctx.key_texts(d) not in present]
        if not pool:
            return False
        n = 2 if len(pool) > 1 and rng.random() < 0.25 else 1
        chosen = rng.sample(pool, n)
        replace = keep and rng.random() < self.cfg.synth_replace_share
        for cells in chosen:
            row = _Row(list(cells), None, "distractor")
            if replace:
                first = normalize_text(cells[ctx.key[0]])
                victims = [
                    r
                    for r in draft.rows
                    if r.origin == "gold"
                    and not r.touched
                    and normalize_text(r.cells[ctx.key[0]]) != first
                ]
                if len(victims) > 1 or (victims and len(draft.rows) > 2):
                    victim = rng.choice(victims)
                    draft.rows.remove(victim)
                    desc = " / ".join(victim.cells[k] for k in ctx.key)
                    self._edit(draft, "omit", None, None, desc, None)
                else:
                    replace = False
            if not self._insert(draft, row, keep):
                return False
            desc = " / ".join(cells[k] for k in ctx.key)
            self._edit(draft, "insert:distractor", row, None, None, desc)
        draft.injections.append(
            {"type": OUT_OF_RANGE, "subtype": "replace" if replace else "insert"}
        )
        return True

    def _invent_word(self, like: str) -> str:
        rng = self.rng
        n = 1 if len(like) <= 4 else 2 if len(like) <= 8 else 3
        word = ""
        for _ in range(n):
            word += rng.choice(_ONSETS) + rng.choice(_VOWELS) + rng.choice(_CODAS)
        if like.isupper() and len(like) > 1:
            return word.upper()
        if like[:1].isupper():
            return word[:1].upper() + word[1:]
        return word

    def _invent_key(self, template: str, blend: bool) -> str | None:
        words = list(_ALPHA_WORD_RE.finditer(template))
        if not words:
            return None
        names = [m for m in words if len(m.group()) >= 4]  # not "de", "of", "the"
        targets = [self.rng.choice(names)] if blend and names else words
        out, pos = [], 0
        for m in targets:
            out.append(template[pos : m.start()])
            out.append(self._invent_word(m.group()))
            pos = m.end()
        out.append(template[pos:])
        return "".join(out)

    def _inject_fabrication(self, draft: _Draft, keep: bool) -> bool:
        ctx, rng = self.ctx, self.rng
        first = ctx.key[0]
        n = 2 if rng.random() < 0.2 else 1
        blend_used = False
        known = ctx.gold_keys + [ctx.key_texts(d) for d in ctx.record.distractors]
        known += [ctx.key_texts(r.cells) for r in draft.rows]
        made = 0
        for _ in range(n):
            for _attempt in range(30):
                source = rng.randrange(len(ctx.gold_rows))
                template = ctx.gold_rows[source][first]
                multi = len(_ALPHA_WORD_RE.findall(template)) >= 2
                blend = multi and rng.random() < self.cfg.synth_blend_share
                name = self._invent_key(template, blend)
                if name is None or not self._fabricated_ok(name, template, known):
                    continue
                cells = [
                    ctx.gold_rows[rng.randrange(len(ctx.gold_rows))][c]
                    for c in range(len(ctx.headers))
                ]
                for k in ctx.key:
                    cells[k] = ctx.gold_rows[source][k]
                cells[first] = name
                row = _Row(cells, None, "fabricated")
                if not self._insert(draft, row, keep):
                    continue
                known.append(ctx.key_texts(cells))
                blend_used = blend_used or blend
                desc = " / ".join(cells[k] for k in ctx.key)
                self._edit(draft, "insert:fabricated", row, None, None, desc)
                made += 1
                break
        if not made:
            return False
        draft.injections.append(
            {"type": ENTITY_FABRICATION, "subtype": "blend" if blend_used else "invented"}
        )
        return True

    def _fabricated_ok(self, name: str, template: str, known: list[tuple[str, ...]]) -> bool:
        ctx = self.ctx
        norm = normalize_text(name)
        new_words = [t for t in tokens(norm) if t not in tokens(normalize_text(template))]
        if not new_words or any(t in ctx.context_token_set for t in new_words):
            return False
        if ctx.context_text and _contains_run(ctx.context_tokens, tokens(norm)):
            return False
        if ctx.typed(name).kind != "text":
            return False
        return not any(
            k[0] == norm
            or _contains_run(tokens(k[0]), tokens(norm))
            or _contains_run(tokens(norm), tokens(k[0]))
            for k in known
            if k[0]
        )

    def _verify(self, draft: _Draft, labels: set[str]) -> bool:
        ctx = self.ctx
        rows = draft.rows
        origins = Counter(r.origin for r in rows)
        if (OUT_OF_RANGE in labels) != (origins["distractor"] > 0):
            return False
        if (ENTITY_FABRICATION in labels) != (origins["fabricated"] > 0):
            return False
        if ORDER_MISMATCH in labels:
            if not ctx.breaks_order(rows):
                return False
        elif not ctx.keeps_order(rows):
            return False
        kinds = {e.kind.split(":")[0] for e in draft.edits}
        if (ATTRIBUTE_DISTORTION in labels) != ("distort" in kinds):
            return False
        return (BLANK_FILLING in labels) == ("blank_fill" in kinds)

    # -- label-preserving variations
    def _vary(self, draft: _Draft, fmt: str, style: str, n: int) -> None:
        if n <= 0:
            return
        options = [v for v in VARIATIONS if self._variation_applies(v, draft, fmt, style)]
        self.rng.shuffle(options)
        for name in options[:n]:
            if getattr(self, f"_var_{name}")(draft):
                draft.variations.append(name)

    def _variation_applies(self, name: str, draft: _Draft, fmt: str, style: str) -> bool:
        if name in ("markup", "header_markup"):
            return fmt == "markdown" and (name == "markup" or style != "bold_header")
        if name == "nulls":
            return any(not c for r in draft.rows for c in r.cells)
        if name == "header_case":
            return True
        return bool(self._cells_for(name, draft))

    def _cells_for(self, name: str, draft: _Draft) -> list[tuple[_Row, int]]:
        ctx = self.ctx
        out = []
        for row in draft.rows:
            for c, value in enumerate(row.cells):
                if c in row.touched:
                    continue
                cell = ctx.typed(value)
                if (name == "dates" and cell.kind == "date") or (
                    name == "numbers"
                    and cell.kind == "number"
                    and not ctx.year_like[c]
                    and _PLAIN_NUMBER_RE.fullmatch(value)
                ):
                    out.append((row, c))
                elif name in ("case", "abbreviation", "whitespace") and cell.kind == "text":
                    if name == "abbreviation" and not _ABBREVIATION_RE.search(value):
                        continue
                    if name == "whitespace" and " " not in value.strip():
                        continue
                    out.append((row, c))
                elif name == "paraphrase" and row.gold is not None:
                    tv = ctx.variants.get((row.gold, c))
                    if tv and tv.faithful and value == ctx.gold_rows[row.gold][c]:
                        out.append((row, c))
        return out

    def _set(self, draft: _Draft, row: _Row, col: int, value: str, kind: str) -> None:
        if value != row.cells[col]:
            gold = self.ctx.gold_rows[row.gold][col] if row.gold is not None else None
            self._edit(draft, kind, row, col, gold, value)
            row.cells[col] = value

    def _columns(self, cells: list[tuple[_Row, int]], most: int) -> list[int]:
        cols = sorted({c for _, c in cells})
        if not cols:
            return []
        self.rng.shuffle(cols)
        return sorted(cols[: self.rng.randint(1, min(most, len(cols)))])

    def _var_dates(self, draft: _Draft) -> bool:
        cells = self._cells_for("dates", draft)
        changed = False
        for col in self._columns(cells, 2):
            picks: dict[str, str] = {}
            for row, c in cells:
                if c != col:
                    continue
                d = self.ctx.typed(row.cells[c]).date
                assert d is not None
                style = picks.setdefault(d.precision, self.rng.choice(_DATE_STYLES[d.precision]))
                self._set(draft, row, c, _date_text(d, style, self.cfg.dayfirst), "vary:dates")
                changed = True
        return changed

    def _number_styles(self, header: str, values: list[Decimal]) -> list[str]:
        unit, scale = header_unit(header)
        styles = ["decimals"]
        if any(abs(v) >= 1000 for v in values):
            styles.append("thousands")
        if unit in _CURRENCY_SPELLINGS:
            styles.append("currency")
        if unit == "%":
            styles.append("percent")
        if unit in _UNIT_WORDS and scale == 1.0:
            styles.append("unit")
        if scale in _SCALE_WORDS and unit in (None, *_CURRENCY_SPELLINGS):
            styles.append("scale")
        return styles

    def _write_number(self, value: Decimal, raw: str, header: str, style: str, choice: int) -> str:
        unit, scale = header_unit(header)
        places = _places(raw)
        if style == "decimals":
            if places == 0:
                return _fmt_decimal(value, 1 if choice % 2 else 2, False)
            trimmed = format(value.normalize(), "f")
            return trimmed if trimmed != raw else _fmt_decimal(value, places + 1, False)
        text = _fmt_decimal(value, places, abs(value) >= 1000)
        if style == "thousands":
            return text
        if style == "currency":
            assert unit is not None
            spellings = _CURRENCY_SPELLINGS[unit]
            return spellings[choice % len(spellings)].format(text)
        if style == "percent":
            return (f"{text}%", f"{text} %", f"{text} percent")[choice % 3]
        if style == "unit":
            assert unit is not None
            singular, plural = _UNIT_WORDS[unit]
            return f"{text} {singular if value == 1 else plural}"
        # scale: the header's scale written out, or the value expanded
        words = _SCALE_WORDS[scale]
        prefix = ""
        if unit in _CURRENCY_SPELLINGS:
            prefix = _CURRENCY_SPELLINGS[unit][0].format("")
        if choice % 3 == 2:
            expanded = value * Decimal(str(int(scale)))
            return prefix + _fmt_decimal(expanded, max(0, places - len(str(int(scale))) + 1), True)
        word = words[choice % len(words)]
        sep = " " if len(word) > 2 else ""
        return f"{prefix}{text}{sep}{word}"

    def _var_numbers(self, draft: _Draft) -> bool:
        cells = self._cells_for("numbers", draft)
        changed = False
        for col in self._columns(cells, 2):
            header = self.ctx.headers[col]
            col_cells = [(r, c) for r, c in cells if c == col]
            values = [_decimal(r.cells[c]) for r, c in col_cells]
            styles = self._number_styles(header, [v for v in values if v is not None])
            style = self.rng.choice(styles)
            choice = self.rng.randrange(6)
            for (row, c), value in zip(col_cells, values, strict=True):
                if value is None:
                    continue
                text = self._write_number(value, row.cells[c], header, style, choice)
                self._set(draft, row, c, text, f"vary:numbers:{style}")
                changed = True
        return changed

    def _var_nulls(self, draft: _Draft) -> bool:
        draft.null = self.rng.choice(NULL_SPELLINGS[1:])
        return True

    def _var_case(self, draft: _Draft) -> bool:
        cells = self._cells_for("case", draft)
        for col in self._columns(cells, 2):
            how = self.rng.choice(("lower", "upper", "title"))
            for row, c in cells:
                if c == col:
                    v = row.cells[c]
                    new = (
                        v.lower() if how == "lower" else v.upper() if how == "upper" else _title(v)
                    )
                    self._set(draft, row, c, new, f"vary:case:{how}")
        return bool(cells)

    def _var_whitespace(self, draft: _Draft) -> bool:
        cells = self._cells_for("whitespace", draft)
        for col in self._columns(cells, 2):
            for row, c in cells:
                if c == col:
                    v = row.cells[c].strip()
                    self._set(draft, row, c, " " + v.replace(" ", "  ") + "  ", "vary:whitespace")
        return bool(cells)

    def _var_paraphrase(self, draft: _Draft) -> bool:
        cells = self._cells_for("paraphrase", draft)
        for row, c in cells:
            assert row.gold is not None
            tv = self.ctx.variants[(row.gold, c)]
            self._set(draft, row, c, self.rng.choice(tv.faithful), "vary:paraphrase")
        return bool(cells)

    def _var_abbreviation(self, draft: _Draft) -> bool:
        cells = self._cells_for("abbreviation", draft)
        for row, c in cells:
            new = _ABBREVIATION_RE.sub(lambda m: ABBREVIATIONS[m.group(1)], row.cells[c])
            self._set(draft, row, c, new, "vary:abbreviation")
        return bool(cells)

    def _var_markup(self, draft: _Draft) -> bool:
        k = self.ctx.key[0]
        for row in draft.rows:
            if k not in row.touched and row.cells[k].strip():
                row.cells[k] = f"**{row.cells[k].strip()}**"
        return True

    def _var_header_case(self, draft: _Draft) -> bool:
        draft.header_case = self.rng.choice(("lower", "upper", "title"))
        return True

    def _var_header_markup(self, draft: _Draft) -> bool:
        draft.bold_headers = True
        return True

    # -- rendering
    def _headers(self, draft: _Draft) -> list[str]:
        hs = list(self.ctx.headers)
        style = draft.header_case
        if style == "lower":
            return [h.lower() for h in hs]
        if style == "upper":
            return [h.upper() for h in hs]
        if style == "title":
            return [_title(h) for h in hs]
        return hs

    def _table(
        self,
        headers: list[str],
        rows: list[list[str]],
        fmt: str,
        style: str,
        null: str,
        bold_headers: bool = False,
        separator: bool = True,
    ) -> str:
        cells = [[c if c.strip() else null for c in row] for row in rows]
        name = self.ctx.record.name
        if fmt == "markdown":
            if style == "plain" and separator and not bold_headers and _rectangular(headers, cells):
                return render(_frame(headers, cells), "markdown")
            return _markdown(
                headers,
                cells,
                bold=bold_headers or style == "bold_header",
                pad=style == "pretty",
                outer=style != "no_outer_pipes",
                separator=separator,
            )
        if fmt == "json":
            if style == "named":
                return render(_frame(headers, cells), "json", name=name)
            records = [
                {h: _json_value(v, typed=True) for h, v in zip(headers, row, strict=True)}
                for row in cells
            ]
            if style == "typed":
                return json.dumps({name: records}, ensure_ascii=False, indent=2)
            if style == "records":
                return json.dumps(records, ensure_ascii=False, indent=2)
            data = [[_json_value(v, typed=True) for v in row] for row in cells]
            return json.dumps({"columns": headers, "data": data}, ensure_ascii=False)
        text = render(_frame(headers, cells), fmt)
        if fmt == "latex" and style == "float":
            caption = name.replace("&", "\\&").replace("%", "\\%")
            text = (
                "\\begin{table}[h]\n\\centering\n\\caption{" + caption + "}\n" + text.rstrip("\n")
                + "\n\\end{table}"
            )  # fmt: skip
        return text

    def _respond(
        self, draft: _Draft, fmt: str, style: str, wrapper: str, fmt_error: str | None
    ) -> tuple[str, bool]:
        _ctx, rng = self.ctx, self.rng
        headers = self._headers(draft)
        rows = [list(r.cells) for r in draft.rows]
        bold = draft.bold_headers
        separator = True
        truncate = False
        text: str | None = None
        if fmt_error is not None:
            headers, rows, text, separator, truncate = self._format_error(
                fmt_error, headers, rows, fmt, style, draft
            )
        if text is None:
            if fmt_error == "ragged_row":
                text = _markdown(headers, rows, bold=bold, pad=False, outer=True, separator=True)
            else:
                text = self._table(headers, rows, fmt, style, draft.null, bold, separator)
        if truncate:
            cut = self._truncate(text, rows, fmt)
            if cut is None:
                fmt_error = "no_table"
                draft.injections[-1]["subtype"] = "no_table"
                text = self._no_table()
            else:
                text = cut
        has_draft = (
            fmt_error is None
            and wrapper in ("think", "marker", "think+marker")
            and rng.random() < self.cfg.synth_draft_share
        )
        fence = "fence" in wrapper or (fmt in ("csv", "tsv") and wrapper != "bare")
        if fmt_error == "no_table":
            fence = False
        body = text
        if fence:
            lang = {"markdown": rng.choice(("markdown", "")), "latex": rng.choice(("latex", "tex"))}
            body = f"```{lang.get(fmt, fmt)}\n{text.rstrip(chr(10))}\n" + (
                "" if truncate else "```"
            )
        parts: list[str] = []
        reasoning = self._reasoning(has_draft)
        chat = fmt_error != "no_table"  # a refusal gets no "here is the table" around it
        if wrapper in ("think", "think+marker"):
            parts.append("<think>\n" + reasoning + "\n</think>")
        if wrapper in ("prose", "prose+fence", "think", "think+marker") and chat:
            parts.append(rng.choice(_INTROS))
        if wrapper == "marker":
            parts.append(reasoning)
        if wrapper in ("marker", "think+marker"):
            parts.append("####")
        parts.append(body)
        if wrapper in ("prose", "prose+fence") and not truncate and chat:
            parts.append(rng.choice(_OUTROS))
        sep = "\n" if wrapper in ("marker", "think+marker") else "\n\n"
        out = ""
        for i, part in enumerate(parts):
            if i:
                out += "\n" if parts[i - 1] == "####" else sep
            out += part
        return out, has_draft

    def _reasoning(self, with_draft: bool) -> str:
        ctx, rng = self.ctx, self.rng
        names = [r[ctx.key[0]] for r in ctx.gold_rows if r[ctx.key[0]]]
        lines = [
            f"The query asks for a table about {ctx.record.topic or 'the topic'}. I will go "
            "through the context and keep only the entities that satisfy the constraints."
        ]
        if names:
            a = rng.choice(names)
            lines.append(f"{a} is mentioned with the attributes the table needs.")
        if ctx.distractors:
            d = rng.choice(ctx.distractors)[ctx.key[0]]
            lines.append(f"The context also mentions {d}, but it is outside the requested scope.")
        if ctx.declared and ctx.rules and ctx.rules[0].column is not None:
            lines.append(
                f'Then I sort the rows by "{ctx.headers[ctx.rules[0].column]}" in '
                f"{ctx.rules[0].direction} order."
            )
        lines.append("Values the context does not give stay empty.")
        text = " ".join(lines)
        if with_draft:
            draft_rows = [list(r) for r in ctx.gold_rows]
            if ctx.distractors and rng.random() < 0.5:
                draft_rows.insert(
                    rng.randrange(len(draft_rows) + 1), list(rng.choice(ctx.distractors))
                )
            elif len(draft_rows) > 1:
                draft_rows.pop(rng.randrange(len(draft_rows)))
            table = _markdown(
                ctx.headers, draft_rows, bold=False, pad=False, outer=True, separator=True
            )
            text += (
                "\n\nDraft:\n\n"
                + table
                + "\n\nChecking the draft against the constraints once more."
            )
        return text

    def _no_table(self) -> str:
        names = [r[self.ctx.key[0]] for r in self.ctx.gold_rows[:3]]
        return self.rng.choice(_NO_TABLE).format(names=", ".join(names))

    def _format_error(
        self,
        subtype: str,
        headers: list[str],
        rows: list[list[str]],
        fmt: str,
        style: str,
        draft: _Draft,
    ) -> tuple[list[str], list[list[str]], str | None, bool, bool]:
        ctx, rng = self.ctx, self.rng
        norm = [normalize_header(h) for h in headers]
        if subtype == "no_table":
            return headers, rows, self._no_table(), True, False
        if subtype == "missing_separator":
            return headers, rows, None, False, False
        if subtype == "truncated":
            return headers, rows, None, True, True
        if subtype == "ragged_row":
            i = rng.randrange(len(rows))
            rows = [list(r) for r in rows]
            if rng.random() < 0.5 and len(rows[i]) > 1:
                rows[i] = rows[i][:-1]
            else:
                rows[i] = [*rows[i], rng.choice(_EXTRA_VALUES[:-1])]
            return headers, rows, None, True, False
        if subtype == "json_syntax":
            records = [
                {h: _json_value(v, typed=True) for h, v in zip(headers, row, strict=True)}
                for row in rows
            ]
            if rng.random() < 0.5 or len(records) < 2:
                return headers, rows, repr({ctx.record.name: records}), True, False
            text = json.dumps({ctx.record.name: records}, ensure_ascii=False, indent=2)
            cut = text.find("},\n")
            text = text[:cut] + "}\n" + text[cut + 3 :]
            return headers, rows, text, True, False
        if subtype == "renamed_header":
            for _ in range(20):
                j = rng.randrange(len(headers))
                new = _rename_header(headers[j], rng)
                if new and normalize_header(new) not in norm:
                    headers = [*headers[:j], new, *headers[j + 1 :]]
                    draft.injections[-1]["subtype"] = "renamed_header"
                    return headers, rows, None, True, False
            subtype = "column_order"
        if subtype == "missing_column":
            j = rng.choice(ctx.non_key)
            return (
                [h for i, h in enumerate(headers) if i != j],
                [[v for i, v in enumerate(r) if i != j] for r in rows],
                None,
                True,
                False,
            )
        if subtype == "extra_column":
            name = next(h for h in _EXTRA_HEADERS if normalize_header(h) not in norm)
            j = rng.randint(1, len(headers))
            return (
                [*headers[:j], name, *headers[j:]],
                [[*r[:j], rng.choice(_EXTRA_VALUES), *r[j:]] for r in rows],
                None,
                True,
                False,
            )
        if subtype == "no_header":
            return list(rows[0]), rows[1:] or [list(rows[0])], None, True, False
        # column_order
        draft.injections[-1]["subtype"] = "column_order"
        j = rng.randrange(len(headers) - 1) if len(headers) > 1 else 0
        order = list(range(len(headers)))
        if len(headers) > 1:
            order[j], order[j + 1] = order[j + 1], order[j]
        return [headers[i] for i in order], [[r[i] for i in order] for r in rows], None, True, False

    def _truncate(self, text: str, rows: list[list[str]], fmt: str) -> str | None:
        """Cut ``text`` in the middle of a cell of a middle column (not the first: without outer
        pipes a cut there leaves no visible row; not the last: a shortened last cell is a complete
        row) below the first body row, so that the table ends in a partial row (None when no
        cell is suitable)."""
        spots = []
        for i, row in enumerate(rows[1:], start=1):
            for value in row[1:-1]:
                v = value.strip()
                if _SIMPLE_CELL_RE.fullmatch(v) and text.count(v) == 1:
                    spots.append((i, v))
        if not spots:
            return None
        _, v = self.rng.choice(spots)
        at = text.index(v) + max(1, len(v) // 2)
        return text[:at]

    def _record(
        self,
        index: int,
        labels: set[str],
        draft: _Draft,
        fmt: str,
        style: str,
        wrapper: str,
        has_draft: bool,
        response: str,
    ) -> dict[str, Any]:
        rec = self.ctx.record
        ordered = sorted(labels)
        extras = [wrapper, *draft.variations]
        if has_draft:
            extras.append("draft")
        variant = "inject/" + "+".join(ordered) if ordered else "clean/" + "+".join([fmt, *extras])
        pos = {id(r): i for i, r in enumerate(draft.rows)}
        edits = []
        for e in draft.edits:
            edits.append(
                {
                    "kind": e.kind,
                    "row": pos.get(id(e.row)) if e.row is not None else None,
                    "gold_row": e.row.gold if e.row is not None else None,
                    "column": self.ctx.headers[e.column] if e.column is not None else None,
                    "gold": e.gold,
                    "written": e.written,
                }
            )
        return {
            "id": f"{rec.id}#{index:02d}",
            "response": response,
            "gt_table": rec.gt_table,
            "context": rec.context,
            "query": rec.query,
            "constraints": dict(rec.constraints),
            "labels": ordered,
            "variant": variant,
            "source_id": rec.id,
            "domain": rec.domain,
            "synth": {
                "format": fmt,
                "style": style,
                "wrapper": wrapper,
                "draft": has_draft,
                "variations": list(draft.variations),
                "null": draft.null,
                "injections": list(draft.injections),
            },
            "edits": edits,
            "rows": [r.gold if r.gold is not None else r.origin for r in draft.rows],
        }


def _title(h: str) -> str:
    return " ".join(w[:1].upper() + w[1:] for w in h.split(" "))


def _rename_header(h: str, rng: random.Random) -> str | None:
    options = []
    stripped = re.sub(r"(?<!\s)\s*[(\[][^()\[\]]*[)\]]\s*$", "", h).strip()  # linear
    if stripped and stripped != h:
        options.append(stripped)
    words = h.split()
    if len(words) >= 2 and not words[1].startswith(("(", "[")):
        options.append(" ".join(words[1:]))
    options.append(f"{h} Details" if len(words) > 1 else f"{h} Name")
    return rng.choice(options) if options else None


def _rectangular(headers: list[str], rows: list[list[str]]) -> bool:
    return all(len(r) == len(headers) for r in rows)


def _frame(headers: list[str], rows: list[list[str]]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=pd.Index(headers, dtype=object), dtype=object)


def _md_cell(value: str) -> str:
    return value.replace("|", "\\|").replace("\n", " ")


def _markdown(
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    bold: bool,
    pad: bool,
    outer: bool,
    separator: bool,
) -> str:
    head = [f"**{h}**" if bold else h for h in headers]
    body = [[_md_cell(c) for c in r] for r in rows]
    head = [_md_cell(h) for h in head]
    # GFM reads a row without outer pipes whose first or last cell is empty as one cell short
    outer = outer or any(not r[0].strip() or not r[-1].strip() for r in [head, *body] if r)
    widths = [
        max([len(head[i])] + [len(r[i]) for r in body if i < len(r)] + [3])
        for i in range(len(head))
    ]

    def line(cells: Sequence[str]) -> str:
        parts = [c.ljust(widths[i]) if pad and i < len(widths) else c for i, c in enumerate(cells)]
        inner = " | ".join(parts)
        return f"| {inner} |" if outer else inner

    out = [line(head)]
    if separator:
        seps = [":" + "-" * (w - 1) for w in widths] if pad else ["---"] * len(head)
        out.append(line(seps))
    out.extend(line(r) for r in body)
    return "\n".join(out)


def _json_value(value: str, typed: bool) -> Any:
    if not typed:
        return value
    if not value.strip():
        return None
    if _PLAIN_NUMBER_RE.fullmatch(value):
        return float(value) if "." in value else int(value)
    return value


# --- public API ----------------------------------------------------------------------------------


def _check_config(config: Config, per_record: int) -> None:
    if per_record < 1:
        raise SynthError(f"per_record must be >= 1, got {per_record}")
    for name in (
        "synth_clean_share",
        "synth_combo_share",
        "synth_injected_variation_share",
        "synth_draft_share",
        "synth_missing_share",
        "synth_replace_share",
        "synth_blend_share",
    ):
        value = getattr(config, name)
        if not 0.0 <= float(value) <= 1.0:
            raise SynthError(f"{name} must be between 0 and 1, got {value!r}")
    shift = config.synth_number_shift
    if (
        len(shift) != 2
        or not 0.0 < float(shift[0]) <= float(shift[1])
        or not float(shift[1]) < 10.0
    ):
        raise SynthError(
            f"synth_number_shift must be (low, high) with 0 < low <= high, got {shift!r}"
        )
    if config.synth_max_distorted_cells < 1:
        raise SynthError(
            f"synth_max_distorted_cells must be >= 1, got {config.synth_max_distorted_cells!r}"
        )


def synthesize_record(
    record: GoldRecord,
    *,
    seed: int = 0,
    per_record: int | None = None,
    config: Config | None = None,
) -> list[dict[str, Any]]:
    """The samples of one record (``per_record`` defaults to ``Config.synth_per_record``)."""
    cfg = config or Config()
    n = cfg.synth_per_record if per_record is None else per_record
    _check_config(cfg, n)
    rng = random.Random(f"{seed}/{record.id}")
    gen = _Generator(_Context(record, cfg), rng)
    return [gen.sample(i, types) for i, types in enumerate(gen.plan(n))]


def synthesize(
    records: Iterable[GoldRecord],
    *,
    seed: int = 0,
    per_record: int | None = None,
    config: Config | None = None,
) -> list[dict[str, Any]]:
    """Labelled samples for every record, in record order (see the module docstring)."""
    out: list[dict[str, Any]] = []
    for record in records:
        out.extend(synthesize_record(record, seed=seed, per_record=per_record, config=config))
    return out


def write_corpus(samples: Iterable[Mapping[str, Any]], path: str | Path) -> str:
    """Write samples as JSONL (one sample per line, keys in a fixed order; atomically: the file is
    replaced only when complete); returns its sha256."""
    from tablehallu.atomic import atomic_writer

    digest = hashlib.sha256()
    with atomic_writer(path) as fh:
        for sample in samples:
            line = json.dumps(sample, ensure_ascii=False) + "\n"
            fh.write(line)
            digest.update(line.encode("utf-8"))
    return digest.hexdigest()


def corpus_summary(samples: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Counts for a corpus: samples, clean, per label, per format, per variation and injection."""
    labels: Counter[str] = Counter()
    formats: Counter[str] = Counter()
    variations: Counter[str] = Counter()
    injections: Counter[str] = Counter()
    clean = 0
    for s in samples:
        if not s["labels"]:
            clean += 1
        labels.update(s["labels"])
        synth = s.get("synth") or {}
        formats[str(synth.get("format"))] += 1
        variations.update(synth.get("variations") or [])
        for inj in synth.get("injections") or []:
            injections[f"{inj['type']}:{inj['subtype']}"] += 1
    return {
        "samples": len(samples),
        "clean": clean,
        "injected": len(samples) - clean,
        "labels": dict(sorted(labels.items())),
        "formats": dict(sorted(formats.items())),
        "variations": dict(sorted(variations.items())),
        "injections": dict(sorted(injections.items())),
    }

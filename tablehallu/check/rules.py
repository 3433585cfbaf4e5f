"""The rules of ``tablehallu check``: one function per rule; its docstring is the rule's reference.

Every rule takes a :class:`~tablehallu.check.record.RecordView` and returns its findings, or
None when the record lacks what the rule needs (the rule is then *skipped* for that record, which
is not a failure: e.g. the query rules on a release without queries). The registry
:data:`RULES` gives each rule its stable id, default severity and whether it is on by default.

The rules follow the checks the TableHallu paper makes with LLM verifiers and a human audit
(Appendix A.3, B) and the generation rules of its prompts (Appendix E): the table is derivable
from the context, every non-null value is mentioned in it, null attributes are never mentioned,
the rows are sorted as the metadata says, the query lists every column in order with the sort
rule and quotes no cell value, and the adversarial context keeps every sentence of the base one.
"""

from __future__ import annotations

import calendar
import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final

from tablehallu.check.record import (
    ContextView,
    RecordView,
    Span,
    TableView,
    snippet,
    text_numbers,
)
from tablehallu.check.text import (
    TRIGGERS,
    find_missing_phrases,
    find_phrase,
    vocabulary,
    without_initial_dots,
    word_matches,
)
from tablehallu.config import FORMATS
from tablehallu.detectors.grounding import cell_in_context, ground_lexically
from tablehallu.detectors.keys import resolve_explicit
from tablehallu.detectors.order import (
    SortRule,
    check_order,
    find_column,
    parse_direction,
    rule_from_query,
)
from tablehallu.normalize import (
    CURRENCIES,
    UNIT_SYNONYMS,
    TypedCell,
    header_unit,
    is_null,
    normalize_header,
    normalize_text,
    tokens,
)
from tablehallu.parsers import ParsedTable, ParseError
from tablehallu.parsers.json_table import json_type_name

__all__ = ["RULES", "SEVERITIES", "Deferred", "Finding", "Rule", "run_rule"]

ERROR: Final = "error"
WARNING: Final = "warning"
#: Severities a rule can have; only ``error`` findings make ``tablehallu check`` exit 1.
SEVERITIES: Final[tuple[str, ...]] = (ERROR, WARNING)


@dataclass(frozen=True)
class Deferred:
    """A finding only the embedding stage can confirm: it stands unless ``text`` reaches
    ``threshold`` cosine similarity with one of ``candidates``."""

    text: str
    candidates: tuple[str, ...]
    threshold: float


@dataclass(frozen=True)
class Finding:
    """One violation of one rule in one record. ``row`` is 0-based in the table body."""

    code: str
    message: str
    row: int | None = None
    column: str | None = None
    entity: str | None = None
    deferred: Deferred | None = None


Check = Callable[[RecordView], list[Finding] | None]


@dataclass(frozen=True)
class Rule:
    """A rule: stable id, kebab-case name, one-line summary, default severity and selection."""

    code: str
    name: str
    summary: str
    severity: str
    default: bool
    check: Check | None = field(repr=False, default=None)
    reference: str = field(repr=False, default="")

    @property
    def doc(self) -> str:
        """The rule's reference text (its function's docstring)."""
        if self.reference:
            return self.reference
        return _dedent(self.check.__doc__ or "") if self.check is not None else ""


def _dedent(text: str) -> str:
    lines = text.strip("\n").splitlines()
    if not lines:
        return ""
    rest = [ln for ln in lines[1:] if ln.strip()]
    indent = min((len(ln) - len(ln.lstrip()) for ln in rest), default=0)
    return "\n".join([lines[0].strip(), *(ln[indent:] for ln in lines[1:])]).strip()


def _cell(view: TableView, row: int, column: int, code: str, message: str) -> Finding:
    return Finding(
        code,
        f"{view.where(row, column)}: {message}",
        row=row,
        column=view.headers[column],
        entity=view.entity(row),
    )


def _row(view: TableView, row: int, code: str, message: str) -> Finding:
    return Finding(code, f"{view.where(row)}: {message}", row=row, entity=view.entity(row))


# --- TH000 (the runner applies it) ----------------------------------------------------------

TH000_DOC = """Every line (JSONL) or array element (JSON) is a JSON object: a record.

How: a line that is not UTF-8, not JSON (the decoder's reason and column are given) or not an
object is reported with its line number and the file goes on with the next line. Blank lines
are skipped. A ``.json`` file holds one record (an object) or an array of records; a ``.json``
file with one object per line is read as JSONL. A record holding an integer literal longer than
Python reads (4 300 digits) is reported with the field that holds it, and a context field
longer than ``Config.max_context_chars`` is reported (the rules that read contexts skip
it; the other rules still check the record).
Limits: none; a record that is not readable cannot be checked by any other rule."""


# --- TH001 -----------------------------------------------------------------------------------


def gold_table_parses(rec: RecordView) -> list[Finding] | None:
    """The gold table (``gt_table``, alias ``gold``) parses, and without warnings.

    How: the table is read with :func:`tablehallu.parsers.parse_gold`, exactly as ``tablehallu
    score`` reads it (the paper's JSON shape with metadata, records, Markdown, HTML, LaTeX,
    CSV...). A ParseError is reported with its reason and position; a table that parses with
    warnings (ragged rows, a missing Markdown separator, no body rows, repaired JSON syntax,
    duplicate headers, nested values, missing record keys, several tables) is reported once per
    warning, since a gold table is written by hand and should need no repair.
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


# --- TH002 -----------------------------------------------------------------------------------


def _as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def _same_cell(meta_value: Any, cell: TypedCell) -> bool:
    if meta_value is None:
        return cell.kind == "null"
    if isinstance(meta_value, bool) or not isinstance(meta_value, str | int | float):
        return False
    text = meta_value if isinstance(meta_value, str) else str(meta_value)
    return normalize_text(text) == cell.text or (is_null(text) and cell.kind == "null")


def metadata_agrees(rec: RecordView) -> list[Finding] | None:
    """The gold table's metadata agrees with the table.

    How: when present, ``rows`` and ``columns`` equal the table's row and column counts (integers
    or integer strings); ``column_headers`` lists the table's headers in order (exact strings,
    surrounding spaces ignored); ``row_headers`` lists one column's values in row order (normally
    the first; compared after text normalisation, a JSON null equals an empty cell); and
    ``sort_column`` names a column. One finding per disagreement, naming the entry.
    Skipped: tables without metadata (Markdown and other text tables, records without
    ``metadata``). The sort direction is TH010's.
    """
    view, meta = rec.table, rec.metadata
    if view is None or meta is None:
        return None
    out: list[Finding] = []
    n_rows, n_cols = len(view.rows), len(view.headers)
    for name, actual in (("rows", n_rows), ("columns", n_cols)):
        if name not in meta or meta[name] is None:
            continue
        declared = _as_int(meta[name])
        if declared is None:
            out.append(Finding("TH002", f"metadata {name} is {meta[name]!r}, not an integer"))
        elif declared != actual:
            out.append(Finding("TH002", f"metadata says {declared} {name}, the table has {actual}"))
    out.extend(_check_column_headers(view, meta.get("column_headers")))
    out.extend(_check_row_headers(view, meta.get("row_headers")))
    sort_column = meta.get("sort_column")
    if isinstance(sort_column, str) and sort_column.strip() and sort_column.lower() != "none":
        if normalize_header(sort_column) not in {normalize_header(h) for h in view.headers}:
            out.append(
                Finding(
                    "TH002",
                    f"metadata sort_column {sort_column!r} is not a column of the table",
                    column=sort_column,
                )
            )
    elif sort_column is not None and not isinstance(sort_column, str):
        out.append(Finding("TH002", f"metadata sort_column is {sort_column!r}, not a string"))
    return out


def _check_column_headers(view: TableView, declared: Any) -> list[Finding]:
    if declared is None:
        return []
    if not isinstance(declared, list) or not all(isinstance(h, str) for h in declared):
        return [Finding("TH002", "metadata column_headers is not a list of strings")]
    have = [h.strip() for h in view.headers]
    want = [h.strip() for h in declared]
    if len(want) != len(have):
        missing = [h for h in have if h not in want]
        extra = [h for h in want if h not in have]
        detail = "; ".join(
            part
            for part in (
                f"not listed: {', '.join(map(repr, missing))}" if missing else "",
                f"not in the table: {', '.join(map(repr, extra))}" if extra else "",
            )
            if part
        )
        return [
            Finding(
                "TH002",
                f"metadata column_headers lists {len(want)} headers, the table has {len(have)}"
                + (f" ({detail})" if detail else ""),
            )
        ]
    return [
        Finding(
            "TH002",
            f"metadata column_headers[{i}] is {w!r} but column {i + 1} of the table is {h!r}",
            column=h,
        )
        for i, (w, h) in enumerate(zip(want, have, strict=True))
        if w != h
    ]


def _check_row_headers(view: TableView, declared: Any) -> list[Finding]:
    if declared is None or not view.headers:
        return []
    if not isinstance(declared, list):
        return [Finding("TH002", "metadata row_headers is not a list")]
    if len(declared) != len(view.rows):
        return [
            Finding(
                "TH002",
                f"metadata row_headers lists {len(declared)} entries, "
                f"the table has {len(view.rows)} rows",
            )
        ]

    def agreeing(c: int) -> int:
        return sum(_same_cell(v, row[c]) for v, row in zip(declared, view.typed, strict=True))

    # normally the first column; the others are only tried when it does not agree
    best = 0
    if agreeing(0) < len(declared):
        best = max(range(len(view.headers)), key=lambda c: (agreeing(c), -c))
    return [
        _cell(
            view,
            r,
            best,
            "TH002",
            f"metadata row_headers[{r}] is {v!r} but the cell is {view.rows[r][best]!r}",
        )
        for r, v in enumerate(declared)
        if not _same_cell(v, view.typed[r][best])
    ]


# --- TH003 / TH004 --------------------------------------------------------------------------


def no_duplicate_rows(rec: RecordView) -> list[Finding] | None:
    """No two rows of the gold table are the same.

    How: rows are compared cell by cell after text normalisation (case, spacing, markup and
    quotes do not make rows different; all null spellings are equal). Each repeat is reported
    with the row it repeats (the paper's verifier rejects "duplicate rows or redundant
    information").
    """
    view = rec.table
    if view is None:
        return None
    out: list[Finding] = []
    seen: dict[tuple[str, ...], int] = {}
    for r, row in enumerate(view.typed):
        key = tuple(c.text for c in row)
        first = seen.setdefault(key, r)
        if first != r:
            out.append(_row(view, r, "TH003", f"repeats row {first + 1}"))
    return out


def primary_key_unique(rec: RecordView) -> list[Finding] | None:
    """Every row can be told apart by its primary key, and every row has one.

    How: the key is the one ``tablehallu score`` uses
    (:func:`tablehallu.detectors.keys.choose_key`). A declared key (``constraints.primary_key``
    or ``Config.primary_key``) must name columns of the table, have a value in every row and be
    unique (each repeated value is reported with its rows). Without a declared key, the paper's
    heuristic key (the first non-numeric column) must have a value in every row; when its values
    repeat, a composite key (the heuristic key plus further columns) is accepted, as the scorer
    does. Rows that repeat entirely are TH003's.
    """
    view = rec.table
    if view is None or not view.headers:
        return None
    out: list[Finding] = []
    explicit = rec.explicit_key
    if explicit:
        source = (
            "constraints.primary_key" if rec.constraint_map.get("primary_key") else "primary_key"
        )
        cols, missing = resolve_explicit(explicit, view.headers)
        if missing:
            out.append(
                Finding(
                    "TH004",
                    f"{source} names {', '.join(map(repr, missing))}, not a column of the table",
                )
            )
            return out
        key_cols: tuple[int, ...] = cols
    else:
        key_cols = view.key.columns[:1]
    for r, row in enumerate(view.typed):
        for c in key_cols:
            if row[c].kind == "null":
                out.append(_cell(view, r, c, "TH004", "the key column has no value"))
    if explicit:
        groups: dict[tuple[str, ...], list[int]] = {}
        for r, row in enumerate(view.typed):
            groups.setdefault(tuple(row[c].text for c in key_cols), []).append(r)
        names = " + ".join(repr(view.headers[c]) for c in key_cols)
        for rows in groups.values():
            distinct = {tuple(c.text for c in view.typed[r]) for r in rows}
            if len(rows) > 1 and len(distinct) > 1:
                value = " / ".join(view.rows[rows[0]][c] for c in key_cols)
                listed = ", ".join(str(r + 1) for r in rows)
                out.append(
                    _row(
                        view,
                        rows[1],
                        "TH004",
                        f"the primary key {names} is not unique: {value!r} is the key of rows "
                        f"{listed}",
                    )
                )
    return out


# --- TH010 -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Declared:
    source: str
    column: str
    direction: str | None
    raw_direction: Any


def _declared_rules(rec: RecordView) -> list[_Declared]:
    """Sort rules stated by the metadata and the constraints (in that order)."""
    out: list[_Declared] = []
    meta = rec.metadata or {}
    pairs = (
        ("metadata", meta.get("sort_column"), meta.get("sort_method", meta.get("sort_order"))),
        (
            "constraints",
            rec.constraint_map.get("sort_column"),
            rec.constraint_map.get("sort_order", rec.constraint_map.get("sort_method")),
        ),
    )
    for source, column, direction in pairs:
        if not isinstance(column, str) or not column.strip() or column.strip().lower() == "none":
            continue
        out.append(_Declared(source, column.strip(), parse_direction(direction), direction))
    return out


def rows_sorted(rec: RecordView) -> list[Finding] | None:
    """The rows are sorted by the declared sort column in the declared direction.

    How: the rule comes from the metadata (``sort_column``, ``sort_method``), else the
    constraints (``sort_column``, ``sort_order``), else the query ("sort the table by "X" in
    descending order", as the scorer reads it). The column's cells are compared typed, with the
    scorer's order keys: numbers by value (scale and currency aware), dates chronologically
    (numbers and year dates on one axis), text alphabetically after normalisation; ties are
    allowed and nulls are skipped. Every adjacent pair out of order is reported; a direction that
    is not ascending/descending (or a synonym the scorer accepts) is reported; metadata and
    constraints that state different rules are reported; cells of a minority kind (text in a
    number column) are reported as not comparable. A sort column that is not a table column is
    TH002's (metadata) or TH031's (query).
    Skipped: records that state no sort rule.
    """
    view = rec.table
    if view is None:
        return None
    declared = _declared_rules(rec)
    out: list[Finding] = []
    if not declared and rec.query:
        found = rule_from_query(rec.query)
        if found:
            declared = [_Declared("query", found[0], found[1], found[1])]
    if not declared:
        return None
    first = declared[0]
    for other in declared[1:]:
        if normalize_header(other.column) != normalize_header(first.column) or (
            other.direction is not None
            and first.direction is not None
            and other.direction != first.direction
        ):
            out.append(
                Finding(
                    "TH010",
                    f"{first.source} sorts by {first.column!r} {first.raw_direction}, but "
                    f"{other.source} by {other.column!r} {other.raw_direction}",
                )
            )
    for d in declared:
        if d.direction is None:
            out.append(
                Finding(
                    "TH010",
                    f"{d.source} sort order {d.raw_direction!r} is not ascending or descending",
                )
            )
    column = find_column(first.column, view.headers)
    if column is None or first.direction is None:
        return out
    cells = [row[column] for row in view.typed]
    present = [c for c in cells if c.kind != "null"]
    groups = {"text" if c.kind == "text" else "value" for c in present}
    if len(groups) > 1:
        n_text = sum(c.kind == "text" for c in present)
        minority = "text" if n_text <= len(present) - n_text else "number/date"
        odd = [
            r
            for r, c in enumerate(cells)
            if c.kind != "null" and ("text" if c.kind == "text" else "number/date") == minority
        ]
        for r in odd:
            out.append(
                _cell(
                    view,
                    r,
                    column,
                    "TH010",
                    f"{view.rows[r][column]!r} is {minority} in a column sorted as "
                    f"{'number/date' if minority == 'text' else 'text'}; it cannot be ordered",
                )
            )
    rule = SortRule(column, view.headers[column], first.direction, first.source)
    for v in check_order(rule, cells, [None] * len(cells)):
        out.append(
            _cell(
                view,
                v.pred_row,
                column,
                "TH010",
                f"not in {first.direction} order ({first.source}): {v.value!r} comes after "
                f"{v.prev_value!r} (row {v.prev_row + 1})",
            )
        )
    return out


# --- TH020 -----------------------------------------------------------------------------------


def _number_grounded(cell: TypedCell, header: str, ctx: ContextView) -> bool:
    n = cell.number
    if n is None:
        return False
    readings = {n.magnitude, n.value, abs(n.magnitude), abs(n.value)}
    _, header_scale = header_unit(header)
    if header_scale != 1.0 and not n.has_scale:
        readings.add(abs(n.magnitude) * header_scale)
    return ctx.states_number(readings)


# "a"/"an"/"single", the next word, and (looked ahead, not consumed) the word after it
_ARTICLE_RE: Final = re.compile(r"\b(?:a|an|single) ([^\W\d_]+)(?=(?: ([^\W\d_]+))?)")


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _article_one(cell: TypedCell, header: str, ctx: ContextView) -> bool:
    """Whether a 1 under ``header`` is stated as "a"/"an"/"single" before a word of the
    header ("a steal" under "Steals", "an assist" under "Assists"; one adjective may come
    between: "a late steal")."""
    n = cell.number
    if n is None or n.magnitude != 1 or n.has_scale:
        return False
    words = {_singular(w) for w in _WORD_RE.findall(normalize_text(header)) if len(w) > 2}
    words -= HEADER_STOP_WORDS
    if not words:
        return False
    return any(
        _singular(m.group(1)) in words or _singular(m.group(2) or "") in words
        for m in _ARTICLE_RE.finditer(ctx.index.text)
    )


def values_grounded(rec: RecordView) -> list[Finding] | None:
    """Every non-null cell value of the gold table is mentioned in the context.

    How: each non-null cell is searched in the base context (``gt_context``, else ``context``,
    else ``distractor_context``) with the detector's typed grounding
    (:mod:`tablehallu.detectors.grounding`): a number among the context's numbers (``1,499`` and
    ``$1,499`` are 1499; ``4.5`` under ``(USD Million)`` is found as ``$4.5 million``, as
    ``4,500,000`` or as ``4.5``; signs and units are ignored; numbers written as words up to
    ninety-nine count when ``Config.check_spelled_numbers``); a date by its year and month
    (month name, abbreviation or the date as written); text on word boundaries after
    normalisation (with ``Config.check_initials_without_dots``, "CJ Miles" is found as
    "C.J. Miles" and "U.S." as "US"), else by rapidfuzz partial ratio at
    ``Config.grounding_fuzzy_threshold`` (for cells of at least ``Config.grounding_min_chars``
    characters). With ``Config.check_article_one`` a 1 is also found as "a"/"an"/"single"
    before a word of its column's header ("a steal" under "Steals"). With ``--matcher embedding``
    a text cell that fails those is finally compared with every context sentence
    (``Config.grounding_embedding_threshold``), all pending cells and sentences of a file
    embedded in batches.
    Limits: a value stated only indirectly (a derived total, "doubled", a boolean "Yes") is
    reported; a number that occurs anywhere in the context counts, even for another entity.
    Skipped: records without any context (TH060 reports them).
    """
    view, ctx = rec.table, rec.grounding_context
    if view is None or ctx is None:
        return None
    config = rec.config
    out: list[Finding] = []
    embedding = config.matcher == "embedding"
    for r, row in enumerate(view.typed):
        for c, cell in enumerate(row):
            if cell.kind == "null":
                continue
            header = view.headers[c]
            if cell.kind == "number":
                if _number_grounded(cell, header, ctx) or (
                    config.check_article_one and _article_one(cell, header, ctx)
                ):
                    continue
                msg = f"{view.rows[r][c]!r} is not in {ctx.field} (no equal number)"
                out.append(_cell(view, r, c, "TH020", msg))
                continue
            if cell.kind == "date":
                if cell_in_context(cell, ctx.index):
                    continue
                msg = f"{view.rows[r][c]!r} is not in {ctx.field} (no date of that year and month)"
                out.append(_cell(view, r, c, "TH020", msg))
                continue
            if find_phrase(ctx.index.text, cell.text) >= 0:
                continue  # verbatim after normalisation (the detector's search would agree)
            if (
                config.check_initials_without_dots
                and find_phrase(ctx.dotless_text, without_initial_dots(cell.text)) >= 0
            ):
                continue
            grounding = ground_lexically([cell], ctx.index, config)
            if grounding.grounded:
                continue
            pending = embedding and grounding.grounded is None and bool(ctx.sentence_texts())
            msg = (
                f"{view.rows[r][c]!r} is not in {ctx.field} (best partial match "
                f"{grounding.score:.2f} < {config.grounding_fuzzy_threshold}"
                + (", and no sentence is similar enough)" if pending else ")")
            )
            finding = _cell(view, r, c, "TH020", msg)
            if pending:
                deferred = Deferred(
                    cell.text, ctx.sentence_texts(), config.grounding_embedding_threshold
                )
                finding = dataclasses.replace(finding, deferred=deferred)
            out.append(finding)
    return out


# --- TH021 -----------------------------------------------------------------------------------

#: Header words that say nothing about which attribute a sentence states.
HEADER_STOP_WORDS: Final[frozenset[str]] = frozenset(
    vocabulary(
        """a an the of and or in on at by for to per from with as vs via its their total number
        no nr name names date dates value values amount year years type kind current approx
        estimated largest smallest biggest highest lowest main primary top first last latest
        average mean median maximum minimum max min annual new old official notable major key
        best overall"""
    )
)
_SCALE_TERMS: Final[frozenset[str]] = frozenset(
    vocabulary(
        "k thousand thousands m mn mil mio million millions b bn bil billion billions t tn "
        "trillion trillions lakh lakhs crore crores"
    )
)
_MONTH_TOKENS: Final[dict[str, int]] = {
    **{calendar.month_name[i].lower(): i for i in range(1, 13)},
    **{calendar.month_abbr[i].lower(): i for i in range(1, 13)},
}
_BRACKETED_RE: Final = re.compile(r"[(\[{][^()\[\]{}]*[)\]}]")
# tokens() of an already normalised text (cell.text), without normalising it again
_WORD_RE: Final = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class _ColumnEvidence:
    words: tuple[str, ...]  # header words unique to this column
    unit_terms: tuple[str, ...]  # unit words / symbols, when no other column shares the unit


@lru_cache(maxsize=4096)
def _header_words(header: str, config_min: int) -> tuple[str, ...]:
    plain = _BRACKETED_RE.sub(" ", header)
    return tuple(
        w
        for w in tokens(plain)
        if len(w) >= config_min and w not in HEADER_STOP_WORDS and not w.isdigit()
    )


@lru_cache(maxsize=4096)
def _unit_terms(header: str) -> frozenset[str]:
    terms: set[str] = set()
    for group in _BRACKETED_RE.findall(header):
        terms.update(tokens(group))
    unit, _ = header_unit(header)
    if unit is not None:
        terms.add(unit.lower())
        terms.update(k for k, v in CURRENCIES.items() if v == unit)
        terms.update(k for k, v in UNIT_SYNONYMS.items() if v == unit)
    return frozenset(
        t for t in terms if t not in _SCALE_TERMS and t not in HEADER_STOP_WORDS and t != "in"
    )


def _evidence(view: TableView, config_min: int, stem: int) -> list[_ColumnEvidence]:
    words = [_header_words(h, config_min) for h in view.headers]
    units = [_unit_terms(h) for h in view.headers]
    out: list[_ColumnEvidence] = []
    for c in range(len(view.headers)):
        others = [w for o in range(len(view.headers)) if o != c for w in words[o]]
        unique = tuple(
            w
            for w in words[c]
            if not any(word_matches(o, w, stem) or word_matches(w, o, stem) for o in others)
        )
        shared = any(units[c] & units[o] for o in range(len(view.headers)) if o != c)
        out.append(_ColumnEvidence(unique, () if shared else tuple(sorted(units[c]))))
    return out


def _has_unit(terms: Sequence[str], text: str, toks: frozenset[str]) -> bool:
    for t in terms:
        if not t.isalnum():
            if t in text:
                return True
        elif (len(t) > 1 and t in toks) or re.search(r"\d" + re.escape(t) + r"\b", text):
            return True
    return False


def null_not_stated(rec: RecordView) -> list[Finding] | None:
    """An attribute that is null in the table is not stated in any context for that entity.

    A documented heuristic (the paper's "null value protection": the context must "completely
    omit any mention of that attribute for that entity"). For each null cell outside the key,
    every sentence of every context (``gt_context``, ``context``, ``distractor_context``) that
    names the row's entity (all its non-null key cells, found as TH020 finds values, and the
    first word of a text key written as in the table: "eastern border" does not name "Eastern")
    is a suspect when it also carries evidence for the cell's column:

    - *header words*: words of the header (outside brackets; at least
      ``Config.check_null_mention_min_word_chars`` letters; not stop words such as "total",
      "number", "date", "year", "largest", "average") that no other header of the table
      shares; a sentence word matches one when it shares its first
      ``Config.check_null_mention_stem_chars`` letters ("operator" / "operated"), or for a
      shorter word, is it plus s/es/d/ed/ing ("price" / "priced");
    - *unit*: the header's unit, when no other column has it ("(USD)": ``$``, "usd", "dollars";
      "(MW)": "mw"; "%": "percent").

    Number columns: the sentence has header words or the unit, and a number (in digits) that is
    no value, header, name or scope number of the table. Date columns: a year or a month name
    that no date cell of the table has, and header words (or it is the table's only date
    column). Text columns (when ``Config.check_null_mention_text_columns``): all of the header
    words. In every case the sentence must name no other entity of the table (in "A scored 20
    points and B 12" the 12 may be B's). One finding per null cell (the first suspect
    sentence).
    Limits: a heuristic; a statement without the column's words ("it sold for 999") is missed,
    and a header word used in another sense is a false alarm (hence default severity warning).
    Skipped: records without a context.
    """
    view = rec.table
    contexts = list(rec.contexts.values())
    if view is None or not contexts:
        return None
    config = rec.config
    key_cols = set(view.key.columns)
    nulls = [
        (r, c)
        for r, row in enumerate(view.typed)
        for c, cell in enumerate(row)
        if cell.kind == "null" and c not in key_cols
    ]
    if not nulls:
        return []
    stem = config.check_null_mention_stem_chars
    evidence = _evidence(view, config.check_null_mention_min_word_chars, stem)
    kinds = view.column_kinds
    date_columns = sum(k == "date" for k in kinds)
    table_numbers = rec.table_numbers
    table_months = {
        cell.date.month for row in view.typed for cell in row if cell.date and cell.date.month
    }
    out: list[Finding] = []
    # per context, per row: the sentences that name that row's entity and no other
    alone: list[dict[int, list[Span]]] = []
    for ctx in contexts:
        by_row: dict[int, list[Span]] = {}
        for span, rows in rec.named_rows(ctx).items():
            if len(rows) == 1:  # with other entities, a value may be theirs
                by_row.setdefault(next(iter(rows)), []).append(span)
        alone.append(by_row)

    for r, c in nulls:
        ev = evidence[c]
        kind = kinds[c]
        if kind == "null":
            kind = "number" if ev.unit_terms else "text"
        if kind == "text" and not config.check_null_mention_text_columns:
            continue
        if not ev.words and not (kind == "number" and ev.unit_terms) and kind != "date":
            continue
        own = {
            t for cell in view.typed[r] if cell.kind != "null" for t in _WORD_RE.findall(cell.text)
        }
        hit: tuple[ContextView, Span] | None = None
        for ctx_no, ctx in enumerate(contexts):
            for i in alone[ctx_no].get(r, []):
                toks = ctx.index_of(i).token_set - own
                found = [w for w in ev.words if any(word_matches(t, w, stem) for t in toks)]
                has_words = bool(found)
                if kind == "number":
                    has_unit = _has_unit(ev.unit_terms, ctx.text_of(i), toks)
                    if not (has_words or has_unit):
                        continue
                    numbers = ctx.index_of(i).number_set
                    if not any(x not in table_numbers for x in numbers):
                        continue
                elif kind == "date":
                    if not (has_words or date_columns == 1):
                        continue
                    numbers = ctx.index_of(i).number_set
                    new_year = any(
                        x not in table_numbers and x.is_integer() and 1000 <= x <= 2999
                        for x in numbers
                    )
                    new_month = any(
                        _MONTH_TOKENS.get(t, 0) not in (0, *table_months)
                        for t in toks
                        if t != "may"
                    )
                    if not (new_year or new_month):
                        continue
                elif not ev.words or len(found) < len(ev.words):
                    continue
                hit = (ctx, i)
                break
            if hit:
                break
        if hit:
            ctx, i = hit
            out.append(
                _cell(
                    view,
                    r,
                    c,
                    "TH021",
                    f"is null, but {ctx.field} sentence {ctx.number(i)} seems to state it: "
                    f"{snippet(ctx.raw_of(i))!r}",
                )
            )
    return out


# --- TH022 -----------------------------------------------------------------------------------

#: Null spellings that are markers, not phrases: never reported by TH022.
NULL_MARKERS: Final[frozenset[str]] = frozenset({"null", "none", "nil", "nan", "na", "n/a"})
_WORD3_RE: Final = re.compile(r"[^\W\d_]{3,}")


def no_missing_phrases(rec: RecordView) -> list[Finding] | None:
    """No phrase such as "information unknown" or "was not disclosed" stands in for a null.

    The paper's generation rule: for a null cell the context must omit the attribute entirely,
    and must not say that the value is unknown, undisclosed, not reported or unavailable (and
    its perturbation rule: no "negative statements about missing data"). How: the contexts are
    searched, after text normalisation, for the vocabulary of
    :func:`tablehallu.check.text.find_missing_phrases` (a copula and a missing state: "is
    unknown", "was not reported", "remains undisclosed"; an information noun and an unavailable
    state: "information unknown", "data unavailable", "price not disclosed"; a negated reporting
    verb: "did not disclose", "declined to reveal"; "undisclosed", "unreported", "n/a", "no
    data"...) plus ``Config.check_extra_missing_phrases``. In the base context (``gt_context``,
    else ``context``), which may only describe the table, every occurrence is reported; in the
    other contexts (``distractor_context``) only those in sentences that name an entity of the
    table (as TH021 finds names) and are not base sentences, since statements about the
    distractor entities' own gaps stand in for no gold null. With
    ``Config.check_null_phrases_in_table``, gold cells that write a null as words ("unknown",
    "not disclosed", "TBD") are reported too (a null is ``null``, an empty cell or a marker such
    as ``-``, ``N/A``, ``null``, ``none``).
    Limits: "not known for", "not available in Europe", "no data centers" are not matched, but
    a base-context remark on missing information unrelated to the table ("the cause remains
    unknown") is reported, and a gap statement that does not name its entity ("Its price was not
    disclosed.") is missed in the distractor context (default severity warning).
    """
    contexts = list(rec.contexts.values())
    view = rec.table
    if not contexts and view is None:
        return None
    config = rec.config
    base = rec.base_context
    out: list[Finding] = []
    extra = config.check_extra_missing_phrases
    triggers = [*TRIGGERS, *(normalize_text(p) for p in extra if normalize_text(p))]
    for ctx in contexts:
        is_base = base is not None and ctx.raw == base.raw
        positions = [
            pos
            for t in triggers
            for pos in ctx.positions(t, lower=True)
            if is_base or not rec.is_base_copy(ctx, pos)
        ]
        for span in ctx.spans_at(positions):
            text = ctx.text_of(span)
            phrases = find_missing_phrases(text, extra)
            if not phrases:
                continue
            if not is_base and (
                (base is not None and text in base.text) or span not in rec.named_rows(ctx)
            ):
                continue
            out.append(
                Finding(
                    "TH022",
                    f"{ctx.field} sentence {ctx.number(span)} says {phrases[0].phrase!r} instead "
                    f"of leaving the value out: {snippet(ctx.raw_of(span))!r}",
                )
            )
    if view is not None and config.check_null_phrases_in_table:
        for r, row in enumerate(view.typed):
            for c, cell in enumerate(row):
                raw = view.rows[r][c]
                if cell.kind != "null" or not raw.strip():
                    continue
                text = normalize_text(raw).strip("()[]{}<>. ")
                if text in NULL_MARKERS or not _WORD3_RE.search(text):
                    continue
                out.append(
                    _cell(view, r, c, "TH022", f"{raw!r} stands in for a null; leave it empty")
                )
    return out


# --- TH030 / TH031 / TH032 ----------------------------------------------------------------------


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

    The paper's query rule 2: "explicitly list all required column headers and arrange them in
    the exact order they appear". How: each header is located in the query (both normalised:
    case, curly quotes, spacing) at its first quoted mention ("Launch Date"), else at its first
    mention on word boundaries; a header found nowhere is reported as missing, and a header
    placed before the previous header of the table is reported as out of order. Quoted
    mentions come first so that a sort clause after the column list ("sort by "Year"") does
    not count as the listing.
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
    explicit constraint ("sort the table by [sort_column] in [sort_method] order"). How: the
    rule is read from the query as the scorer reads it
    (:func:`tablehallu.detectors.order.rule_from_query`: "sorted by "X" in descending order",
    "in ascending order of "X""...). Reported: no rule found (with the expected one when the
    metadata or constraints state it); a sort column that is not a table column; a column or
    direction other than the declared one.
    Skipped: records without a query.
    """
    view, query = rec.table, rec.query
    if view is None or query is None:
        return None
    declared = next((d for d in _declared_rules(rec) if d.direction is not None), None)
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

    The paper's query rule 4: the query is about scope, structure and format, "do not reference
    any specific cell values". How: every distinct non-null cell value is searched in the
    normalised query outside the places where it names a header: text on word boundaries
    (a value that is only part of a header name, such as "Points" in "Points in 4th quarter",
    is not a quote), numbers among the numbers written outside the header names. Not reported:
    values shorter than ``Config.check_query_value_min_chars``; dates and year columns (every
    value an integer 1000-2999), since the query states its time scope ("from 2018 to 2022");
    values inside the constraints' ``entity_scope`` or ``numerical_range`` (the scope the query
    must state, such as "British Empire").
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
                    _cell(view, r, c, "TH032", f"the query quotes the value {view.rows[r][c]!r}")
                )
    return out


# --- TH040 -----------------------------------------------------------------------------------

_EDGE_PUNCT: Final = "\"'()[]«»"


def adversarial_keeps_base(rec: RecordView) -> list[Finding] | None:
    """Every sentence of the base context is in the adversarial context.

    The paper's Verifier 2 (step 1) and human audit: the distractor context "fully encompassed
    the GT context information". How: the base context (``gt_context``, else ``context``) is
    split into sentences (:func:`tablehallu.check.text.split_sentences`: ``.``/``!``/``?`` and
    line breaks, but not after initials, "U.S.", "St.", "v.", "Dr."...); each sentence,
    normalised (case, quotes, dashes, spacing, markup), must occur in the normalised
    ``distractor_context`` (anywhere: the sentences may be dispersed and reordered, and may share
    a paragraph with new text). Each missing or altered sentence is reported.
    Limits: a sentence that was reworded without losing information is reported; information
    kept but spread over different sentences is reported.
    Skipped: records without both a base and a ``distractor_context``.
    """
    base, adversarial = rec.base_context, rec.adversarial_context
    if base is None or adversarial is None:
        return None
    if base.raw == adversarial.raw:
        return []
    out: list[Finding] = []
    for span in base.all_spans:
        if base.raw_of(span) in adversarial.raw:
            continue  # copied verbatim (the common case; no normalisation needed)
        core = base.text_of(span).strip(_EDGE_PUNCT + " ")
        if core and core not in adversarial.text:
            out.append(
                Finding(
                    "TH040",
                    f"{base.field} sentence {base.number(span)} is not in distractor_context: "
                    f"{snippet(base.raw_of(span))!r}",
                )
            )
    return out


# --- TH050 / TH060 ---------------------------------------------------------------------------


def has_null_cell(rec: RecordView) -> list[Finding] | None:
    """The gold table has at least ``Config.check_min_nulls`` null cells (default 1).

    The paper's generation rule: "at least 1 cell in the table must be EMPTY (null)", so that
    blank-filling can be measured. Off by default: a dataset option (``extend-select =
    ["TH050"]``). A null is a JSON null, an empty cell or any null spelling
    (:data:`tablehallu.normalize.NULL_VOCABULARY`).
    """
    view = rec.table
    if view is None:
        return None
    n = sum(cell.kind == "null" for row in view.typed for cell in row)
    need = rec.config.check_min_nulls
    if n >= need:
        return []
    return [Finding("TH050", f"the table has {n} null cells, fewer than {need}")]


def scorable(rec: RecordView) -> list[Finding] | None:
    """The record has what ``tablehallu score`` needs to score answers against it.

    A gold release is scorable when each record has: a gold table (``gt_table``, alias
    ``gold``; whether it parses is TH001's); a context, i.e. a non-blank string in
    ``gt_context``, ``context`` or ``distractor_context`` (without one, entity fabrication
    cannot be told from out-of-range rows); an ``id`` that is a non-empty string or an integer
    and is not used by an earlier record of the same file (``score --gold`` joins on it). Fields
    that are present must have the types ``score`` accepts: the contexts and ``query`` strings
    or null, ``constraints`` an object (or a JSON string of one), ``format`` one of the formats.
    A ``response`` is not needed in a gold release.
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


# --- registry ----------------------------------------------------------------------------------


def _rule(
    code: str, name: str, summary: str, severity: str, default: bool, check: Check | None
) -> Rule:
    return Rule(code, name, summary, severity, default, check, TH000_DOC if check is None else "")


#: Every rule, by id, in id order.
RULES: Final[Mapping[str, Rule]] = {
    r.code: r
    for r in (
        _rule("TH000", "readable-record", "each line is a JSON object", ERROR, True, None),
        _rule(
            "TH001",
            "gold-table-parses",
            "the gold table parses cleanly",
            ERROR,
            True,
            gold_table_parses,
        ),
        _rule(
            "TH002",
            "metadata-agrees",
            "metadata matches the table (counts, headers)",
            ERROR,
            True,
            metadata_agrees,
        ),
        _rule("TH003", "no-duplicate-rows", "no duplicate rows", ERROR, True, no_duplicate_rows),
        _rule(
            "TH004",
            "primary-key-unique",
            "every row has a key and keys are unique",
            ERROR,
            True,
            primary_key_unique,
        ),
        _rule(
            "TH010",
            "rows-sorted",
            "rows sorted by the declared column and order",
            ERROR,
            True,
            rows_sorted,
        ),
        _rule(
            "TH020",
            "values-grounded",
            "every non-null value is in the context",
            ERROR,
            True,
            values_grounded,
        ),
        _rule(
            "TH021",
            "null-not-stated",
            "null attributes are not stated in the context",
            WARNING,
            True,
            null_not_stated,
        ),
        _rule(
            "TH022",
            "no-missing-phrases",
            "no 'unknown'/'not disclosed' phrases for nulls",
            WARNING,
            True,
            no_missing_phrases,
        ),
        _rule(
            "TH030",
            "query-lists-columns",
            "the query names every column in order",
            ERROR,
            True,
            query_lists_columns,
        ),
        _rule(
            "TH031",
            "query-states-sort",
            "the query states the sort column and order",
            ERROR,
            True,
            query_states_sort,
        ),
        _rule(
            "TH032",
            "query-quotes-no-values",
            "the query quotes no cell value",
            WARNING,
            True,
            query_quotes_no_values,
        ),
        _rule(
            "TH040",
            "adversarial-keeps-base",
            "the adversarial context keeps every base sentence",
            ERROR,
            True,
            adversarial_keeps_base,
        ),
        _rule(
            "TH050",
            "has-null-cell",
            "the table has at least one null cell",
            ERROR,
            False,
            has_null_cell,
        ),
        _rule("TH060", "scorable", "the record has what score needs", ERROR, True, scorable),
    )
}


def run_rule(rule: Rule, rec: RecordView) -> list[Finding] | None:
    """Apply one rule to one record (None: skipped, the record lacks what the rule needs)."""
    if rule.check is None:
        return []
    return rule.check(rec)

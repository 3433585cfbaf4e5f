"""One gold record as the rules see it: its fields, parsed table and prepared contexts.

Everything is derived lazily and at most once, so a rule that is not selected costs nothing and
rules that share a derivation (the typed cells, the context index) share its cost.

Field names are those ``tablehallu score`` reads: ``gt_table`` (alias ``gold``); ``gt_context``,
``context`` and ``distractor_context``; ``query``; ``constraints`` (an object, a JSON string of
one, or the paper's ``{"constraints": {...}}`` wrapper). The *base* context is ``gt_context``,
else ``context``; the *adversarial* context is ``distractor_context``.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from typing import Any

from tablehallu.check.text import APOSTROPHES as _APOSTROPHES
from tablehallu.check.text import (
    find_phrase,
    sentence_spans,
    spelled_numbers,
    without_initial_dots,
)
from tablehallu.config import Config
from tablehallu.detectors.constraints import read_constraints
from tablehallu.detectors.grounding import ContextIndex, cell_in_context
from tablehallu.detectors.keys import KeyChoice, choose_key
from tablehallu.normalize import TypedCell, extract_numbers, normalize_text, type_cell
from tablehallu.parsers import ParsedTable, ParseError
from tablehallu.parsers.gold_cache import parse_gold_cached

__all__ = [
    "CONTEXT_FIELDS",
    "GOLD_FIELDS",
    "ContextView",
    "RecordView",
    "Span",
    "TableView",
    "snippet",
    "text_numbers",
]

#: Fields that hold the gold table, in order of precedence (as ``tablehallu score``).
GOLD_FIELDS: tuple[str, ...] = ("gt_table", "gold")
#: Context fields, base context first.
CONTEXT_FIELDS: tuple[str, ...] = ("gt_context", "context", "distractor_context")

_SNIPPET_CHARS = 90
_QUOTES = "\"'“”‘’()[]"
_SCALE_WORDS: dict[str, float] = {
    "thousand": 1e3,
    "k": 1e3,
    "million": 1e6,
    "mn": 1e6,
    "m": 1e6,
    "billion": 1e9,
    "bn": 1e9,
    "b": 1e9,
    "trillion": 1e12,
    "tn": 1e12,
}
# A number in digits followed by a scale word ("4.5 million", "$1,200bn", "5m"; a one-letter
# scale must touch the digits). Linear: anchored on digits, fixed word alternations.
_SCALED_RE = re.compile(
    r"(?<![\d.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
    r"(?: ?(thousand|million|billion|trillion|bn|mn|tn)|(k|m|b))\b"
)


def text_numbers(normalized: str) -> frozenset[float]:
    """The numbers written in digits in a text (unsigned, rounded to 9 decimals): "1,200" is
    1200, "3.5" is 3.5, "COVID-19" holds 19; words are not numbers."""
    return frozenset(round(x, 9) for x in extract_numbers(normalized))


def snippet(text: str, limit: int = _SNIPPET_CHARS) -> str:
    """``text`` on one line, cut to ``limit`` characters with an ellipsis."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3].rstrip() + "..."


Span = tuple[int, int]

# tokens() of a text that is already normalised (normalize_text is idempotent, so this is the same
# as tokens(text) without normalising the text a second time)
_TOKEN_RE = re.compile(r"[^\W_]+")
_LINE_RE = re.compile(r"[^\r\n]+")
# characters each side of a position first split to find the sentence around it
_WINDOW = 400
# most characters scanned by searching every base sentence in another context (sentences x
# length); beyond it copies are found by comparing whole sentences
_COPY_SEARCH_BUDGET = 20_000_000


class ContextView:
    """A context text whose sentences are located, normalised and indexed on demand.

    A sentence is identified by its span ``(start, end)`` in :attr:`raw`. A rule asks for the
    sentence around a position (an entity name, a trigger word) and only the text around it is
    split, so a long adversarial context costs little more than the search for the few
    sentences that matter; :attr:`all_spans` splits everything when a rule needs every
    sentence. Either way the spans are those of :func:`~tablehallu.check.text.sentence_spans`
    on the whole text.
    """

    def __init__(
        self,
        field: str,
        raw: str,
        config: Config,
        shared: dict[str, tuple[ContextIndex, bool]] | None = None,
    ) -> None:
        self.field = field
        self.raw = raw
        self._config = config
        self._texts: dict[int, str] = {}
        self._located: dict[int, Span] = {}
        # sentence indexes by raw sentence, shared by the contexts of one record (the
        # adversarial context repeats every base sentence)
        self._shared = shared if shared is not None else {}

    # --- locating sentences ----------------------------------------------------------------

    @cached_property
    def _lines(self) -> list[Span]:
        return [m.span() for m in _LINE_RE.finditer(self.raw)]

    @cached_property
    def _line_starts(self) -> list[int]:
        return [a for a, _ in self._lines]

    @cached_property
    def all_spans(self) -> list[Span]:
        """Every sentence, in order."""
        return sentence_spans(self.raw)

    def span_at(self, pos: int) -> Span | None:
        """The sentence that contains offset ``pos`` of :attr:`raw` (None: between sentences).

        Only a window around ``pos`` is split, widened until the sentence found does not touch
        a window edge that is not a line edge (sentence boundaries depend on at most
        ``_LOOKBACK`` characters before a full stop and one after the spaces).
        """
        if "all_spans" in self.__dict__:
            spans = self.all_spans
            k = bisect.bisect_right(spans, (pos, len(self.raw))) - 1
            return spans[k] if k >= 0 and spans[k][0] <= pos < spans[k][1] else None
        k = bisect.bisect_right(self._line_starts, pos) - 1
        if k < 0 or pos >= self._lines[k][1]:
            return None
        line_start, line_end = self._lines[k]
        width = _WINDOW
        while True:
            a, b = max(line_start, pos - width), min(line_end, pos + width)
            for x, y in sentence_spans(self.raw[a:b]):
                if a + x <= pos < a + y:
                    clipped = (a + x == a and a > line_start) or (a + y == b and b < line_end)
                    if not clipped or (a == line_start and b == line_end):
                        return (a + x, a + y)
                    break
            else:
                if a == line_start and b == line_end:
                    return None
            width *= 2

    def number(self, span: Span) -> int:
        """1-based position of a sentence (for messages; splits the whole context)."""
        return bisect.bisect_left(self.all_spans, span) + 1

    def positions(self, word: str, lower: bool = False) -> list[int]:
        """Offsets in :attr:`raw` where ``word`` occurs (case-sensitive unless ``lower``, in
        which case ``word`` must be lower case and curly apostrophes are read as ``'``)."""
        haystack = self._lower if lower else self.raw
        found: list[int] = []
        i = haystack.find(word)
        while i >= 0:
            found.append(i)
            i = haystack.find(word, i + 1)
        return found

    def spans_at(self, positions: Iterable[int]) -> list[Span]:
        """The distinct sentences containing these offsets, in order."""
        ordered = sorted(set(positions))
        if len(ordered) * 2 * _WINDOW > len(self.raw):
            self.all_spans  # noqa: B018 - many lookups: one full split is cheaper than windows
        found: list[Span] = []
        for pos in ordered:
            if found and found[-1][0] <= pos < found[-1][1]:
                continue
            span = self.span_at(pos)
            if span is not None:
                found.append(span)
        return found

    @cached_property
    def _lower(self) -> str:
        lower = self.raw.lower()
        if len(lower) != len(self.raw):  # "İ" lowers to two characters: keep offsets aligned
            lower = "".join(c.lower() if len(c.lower()) == 1 else c for c in self.raw)
        return lower.translate(_APOSTROPHES)

    def copies_of(self, other: ContextView) -> list[Span]:
        """Where the sentences of ``other`` occur verbatim in this text (sorted spans)."""
        sentences = {other.raw_of(span) for span in other.all_spans}
        found: list[Span] = []
        if len(sentences) * len(self.raw) > _COPY_SEARCH_BUDGET:
            # very long texts: compare whole sentences (linear) instead of searching each one
            return [span for span in self.all_spans if self.raw_of(span) in sentences]
        for sentence in sentences:
            i = self.raw.find(sentence)
            while i >= 0:
                found.append((i, i + len(sentence)))
                i = self.raw.find(sentence, i + 1)
        return sorted(found)

    # --- one sentence ----------------------------------------------------------------------

    def raw_of(self, span: Span) -> str:
        """A sentence as written."""
        return self.raw[span[0] : span[1]]

    def text_of(self, span: Span) -> str:
        """A sentence normalised (may be empty)."""
        found = self._texts.get(span[0])
        if found is None:
            found = normalize_text(self.raw_of(span))
            self._texts[span[0]] = found
        return found

    def index_of(self, span: Span, numbers: bool = True) -> ContextIndex:
        """The detector's index of one sentence (shared between contexts by raw text).

        ``numbers=False`` may leave the number set empty: enough to search text cells, and
        cheaper.
        """
        raw = self.raw_of(span)
        found = self._shared.get(raw)
        if found is None or (numbers and not found[1]):
            text = found[0].text if found is not None else self.text_of(span)
            toks = found[0].token_set if found is not None else frozenset(_TOKEN_RE.findall(text))
            index = ContextIndex(
                raw=text,
                text=text,
                known_tokens=toks,
                numbers=text_numbers(text) if numbers else frozenset(),
            )
            found = (index, numbers)
            self._shared[raw] = found
        return found[0]

    # --- the whole context -----------------------------------------------------------------

    @cached_property
    def text(self) -> str:
        """The whole context normalised: its normalised sentences joined by spaces."""
        return " ".join(t for t in (self.text_of(s) for s in self.all_spans) if t)

    @cached_property
    def index(self) -> ContextIndex:
        """The detector's index of the whole context (``sentences`` is left empty; see
        :meth:`sentence_texts`)."""
        text = self.text
        return ContextIndex(
            raw="",  # no sentences: see sentence_texts
            text=text,
            known_tokens=frozenset(_TOKEN_RE.findall(text)),
            numbers=text_numbers(text),
        )

    @cached_property
    def dotless_text(self) -> str:
        """:attr:`text` with the full stops of initialisms removed ("c.j." -> "cj")."""
        return without_initial_dots(self.text)

    def sentence_texts(self) -> tuple[str, ...]:
        """Every non-empty normalised sentence (for the embedding stage)."""
        return tuple(t for t in (self.text_of(s) for s in self.all_spans) if t)

    @cached_property
    def extra_numbers(self) -> frozenset[float]:
        """Numbers the digit index misses: scaled ("4.5 billion" -> 4.5e9) and, when
        ``Config.check_spelled_numbers``, written as words ("seven" -> 7)."""
        out: set[float] = set()
        for m in _SCALED_RE.finditer(self.text):
            word = m.group(2) or m.group(3)
            value = float(m.group(1).replace(",", "")) * _SCALE_WORDS[word]
            out.add(round(value, 9))
        if self._config.check_spelled_numbers:
            out.update(spelled_numbers(self.text))
        return frozenset(out)

    def states_number(self, readings: Iterable[float]) -> bool:
        """Whether the context states one of these values: in digits first, then (computed
        only when needed) scaled or written as words (:attr:`extra_numbers`)."""
        wanted = [round(x, 9) for x in readings]
        digits = self.index.number_set
        if any(x in digits for x in wanted):
            return True
        extra = self.extra_numbers
        return any(x in extra for x in wanted)


class TableView:
    """A parsed gold table with typed cells, its key and a name for every row."""

    def __init__(self, parsed: ParsedTable, explicit_key: Sequence[str] | None, config: Config):
        self.parsed = parsed
        self.headers: list[str] = parsed.headers
        self.rows: list[list[str]] = parsed.rows()
        self._config = config
        self._explicit_key = list(explicit_key) if explicit_key else None

    @cached_property
    def typed(self) -> list[list[TypedCell]]:
        """Typed cells, rows x columns."""
        dayfirst = self._config.dayfirst
        limit = self._config.max_typed_chars
        return [[type_cell(v, dayfirst, max_chars=limit) for v in row] for row in self.rows]

    @cached_property
    def key(self) -> KeyChoice:
        """The primary key the scorer would use (explicit, heuristic or composite)."""
        return choose_key(self.headers, self.typed, explicit=self._explicit_key)

    def entity(self, row: int) -> str | None:
        """The row's key values (``"Orin Duo 2"``, ``"United States / 2021"``), if any; only
        the first key column when even all columns do not tell the rows apart."""
        columns = self.key.columns[:1] if self.key.source == "all_columns" else self.key.columns
        parts = [self.rows[row][c].strip() for c in columns if self.typed[row][c].kind != "null"]
        return " / ".join(parts) if parts else None

    def where(self, row: int, column: int | None = None) -> str:
        """``row 4 ('Orin Duo 2')`` or ``row 4 ('Orin Duo 2'), column 'Price'`` for messages."""
        entity = self.entity(row)
        out = f"row {row + 1}" + (f" ({entity!r})" if entity else "")
        if column is not None:
            out += f", column {self.headers[column]!r}"
        return out

    @cached_property
    def column_kinds(self) -> list[str]:
        """Majority kind (number, date, text; ``null`` when empty) of every column."""
        out: list[str] = []
        for c in range(len(self.headers)):
            counts: dict[str, int] = {}
            for row in self.typed:
                if row[c].kind != "null":
                    counts[row[c].kind] = counts.get(row[c].kind, 0) + 1
            out.append(max(counts, key=lambda k: counts[k]) if counts else "null")
        return out


class RecordView:
    """One decoded record with lazily derived views for the rules."""

    def __init__(
        self,
        data: Mapping[str, Any],
        config: Config,
        *,
        source: str = "<records>",
        line: int = 0,
    ) -> None:
        self.data = data
        self.config = config
        self.source = source
        self.line = line
        self._named: dict[str, dict[Span, frozenset[int]]] = {}
        self._copies: dict[str, list[Span]] = {}
        self._sentence_indexes: dict[str, tuple[ContextIndex, bool]] = {}

    # --- raw fields --------------------------------------------------------------------------

    @property
    def record_id(self) -> Any:
        """The ``id`` field as written (None when absent)."""
        return self.data.get("id")

    @cached_property
    def gold_field(self) -> tuple[str | None, Any]:
        """(field name, value) of the gold table; (None, None) when there is none."""
        for name in GOLD_FIELDS:
            value = self.data.get(name)
            if value is not None:
                return name, value
        return None, None

    @cached_property
    def constraints(self) -> tuple[Mapping[str, Any] | None, str | None]:
        """The constraints as a mapping, or the reason they are unusable."""
        return read_constraints(self.data.get("constraints"))

    @property
    def constraint_map(self) -> Mapping[str, Any]:
        """The usable constraints (empty when absent or invalid)."""
        return self.constraints[0] or {}

    @cached_property
    def query(self) -> str | None:
        """The query text, when it is a non-blank string."""
        value = self.data.get("query")
        return value if isinstance(value, str) and value.strip() else None

    # --- contexts ----------------------------------------------------------------------------

    def _context_text(self, name: str) -> str | None:
        """The field's text when it is a usable context: a non-blank string no longer than
        ``Config.max_context_chars``."""
        value = self.data.get(name)
        if isinstance(value, str) and len(value) <= self.config.max_context_chars:
            return value if value.strip() else None
        return None

    @cached_property
    def oversized_contexts(self) -> dict[str, int]:
        """Context fields longer than ``Config.max_context_chars``: name -> length."""
        limit = self.config.max_context_chars
        return {
            name: len(value)
            for name in CONTEXT_FIELDS
            if isinstance(value := self.data.get(name), str) and len(value) > limit
        }

    @cached_property
    def contexts(self) -> dict[str, ContextView]:
        """Every usable context field, by field name (each distinct text once)."""
        out: dict[str, ContextView] = {}
        seen: set[str] = set()
        for name in CONTEXT_FIELDS:
            value = self._context_text(name)
            if value is not None and value not in seen:
                seen.add(value)
                out[name] = ContextView(name, value, self.config, self._sentence_indexes)
        return out

    @cached_property
    def base_context(self) -> ContextView | None:
        """``gt_context``, else ``context`` (the text the table was written from)."""
        for name in ("gt_context", "context"):
            value = self._context_text(name)
            if value is not None:
                return self.contexts.get(name) or ContextView(
                    name, value, self.config, self._sentence_indexes
                )
        return None

    @cached_property
    def adversarial_context(self) -> ContextView | None:
        """``distractor_context``, when given."""
        value = self._context_text("distractor_context")
        if value is not None:
            return self.contexts.get("distractor_context") or ContextView(
                "distractor_context", value, self.config, self._sentence_indexes
            )
        return None

    @property
    def grounding_context(self) -> ContextView | None:
        """Where table values must be found: the base context, else the adversarial one."""
        return self.base_context or self.adversarial_context

    # --- table ---------------------------------------------------------------------------------

    @cached_property
    def parsed(self) -> ParsedTable | ParseError | None:
        """The parsed gold table (None when the record has none)."""
        _, value = self.gold_field
        if value is None:
            return None
        return parse_gold_cached(value, self.config)

    @cached_property
    def table(self) -> TableView | None:
        """The typed table view, when the gold table parsed."""
        parsed = self.parsed
        if not isinstance(parsed, ParsedTable):
            return None
        return TableView(parsed, self.explicit_key, self.config)

    @cached_property
    def explicit_key(self) -> list[str] | None:
        """Key columns named by ``constraints.primary_key`` or ``Config.primary_key``."""
        value = self.constraint_map.get("primary_key")
        if isinstance(value, str) and value.strip():
            return [value]
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            return list(value)
        if self.config.primary_key:
            return list(self.config.primary_key)
        return None

    @property
    def metadata(self) -> Mapping[str, Any] | None:
        """The gold table's flat metadata (``sort_column``, ``column_headers``...), if any."""
        parsed = self.parsed
        if isinstance(parsed, ParsedTable) and parsed.metadata:
            return parsed.metadata
        return None

    @cached_property
    def table_numbers(self) -> frozenset[float]:
        """Every number the table, its headers, name and the numeric constraint state."""
        out: set[float] = set()
        view = self.table
        if view is None:
            return frozenset()
        texts: list[str] = list(view.headers)
        if view.parsed.name:
            texts.append(view.parsed.name)
        scope = self.constraint_map.get("numerical_range")
        if isinstance(scope, str):
            texts.append(scope)
        for row in view.typed:
            for cell in row:
                if cell.kind == "text":
                    texts.append(cell.raw)  # "Orin Duo 2", "12-15"
                if cell.number is not None:
                    out.update((cell.number.magnitude, cell.number.value))
                if cell.date is not None:  # a date's month number is not a number it states
                    out.add(float(cell.date.year))
                    if cell.date.day is not None:
                        out.add(float(cell.date.day))
        rounded = {round(x, 9) for x in out}
        for text in texts:
            rounded.update(text_numbers(normalize_text(text)))
        return frozenset(rounded)

    def is_base_copy(self, ctx: ContextView, pos: int) -> bool:
        """Whether offset ``pos`` of a context other than the base lies in a verbatim copy of a
        base-context sentence (always False in the base context itself)."""
        base = self.base_context
        if base is None or ctx.raw == base.raw:
            return False
        merged = self._copies.get(ctx.field)
        if merged is None:
            merged = []
            for a, b in ctx.copies_of(base):
                if merged and a <= merged[-1][1]:
                    merged[-1] = (merged[-1][0], max(merged[-1][1], b))
                else:
                    merged.append((a, b))
            self._copies[ctx.field] = merged
        k = bisect.bisect_right(merged, (pos, len(ctx.raw) + 1)) - 1
        return k >= 0 and merged[k][0] <= pos < merged[k][1]

    def named_rows(self, ctx: ContextView) -> dict[Span, frozenset[int]]:
        """The sentences of ``ctx`` that name table rows, with the rows each names.

        A sentence names a row when it holds every non-null key cell of the row (typed search,
        as :func:`tablehallu.detectors.grounding.cell_in_context`), and the first word of each
        text key cell exactly as written in the table ("eastern border" does not name the
        region "Eastern"). Sentences that name no row are absent, and so are the sentences of
        another context that repeat a base-context sentence verbatim (they are the base's).
        """
        found = self._named.get(ctx.field)
        if found is not None:
            return found
        view = self.table
        named: dict[Span, set[int]] = {}
        is_copy = self.is_base_copy

        if view is not None:
            for r in range(len(view.rows)):
                cells = [
                    view.typed[r][c] for c in view.key.columns if view.typed[r][c].kind != "null"
                ]
                if not cells:
                    continue
                words = [
                    cell.raw.split()[0].strip(_QUOTES)
                    for cell in cells
                    if cell.kind == "text" and cell.raw.split()
                ]
                words = [w for w in words if w]
                if words:
                    hits = [p for p in ctx.positions(max(words, key=len)) if not is_copy(ctx, p)]
                    candidates = ctx.spans_at(hits)
                else:
                    candidates = [sp for sp in ctx.all_spans if not is_copy(ctx, sp[0])]
                for span in candidates:
                    raw = ctx.raw_of(span)
                    if not all(w in raw for w in words):
                        continue
                    index = ctx.index_of(span, numbers=any(c.kind != "text" for c in cells))
                    if all(
                        (c.kind == "text" and find_phrase(index.text, c.text) >= 0)
                        or cell_in_context(c, index)
                        for c in cells
                    ):
                        named.setdefault(span, set()).add(r)
        found = {span: frozenset(rows) for span, rows in sorted(named.items())}
        self._named[ctx.field] = found
        return found

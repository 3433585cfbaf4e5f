"""The order check: which sort rule applies, and does the prediction keep it?

Rule sources, in order (``Config.order`` = ``auto``): the sample's ``constraints``
(``sort_column``/``sort_order``), the gold metadata (``sort_column``/``sort_method``), the query
text ("sorted by "X" in descending order"), the gold table itself (the columns in which it is
monotonic with at least ``Config.order_infer_min_distinct`` distinct values; a prediction may keep
any of them), and finally the gold row order. ``declared`` stops after the query; ``gold`` always
uses the gold row order; ``off`` skips the check.

Checking a sort rule: the predicted rows are read top to bottom; a row matched to a gold row
contributes the *gold* value of the sort column (a distorted value is an attribute error, counted
there, not an order error), an unmatched row its own value. Values are compared typed (numbers,
dates, text); ties are allowed and nulls (or values of another type) are skipped. Every adjacent
pair of compared values that breaks the direction is an ``order_mismatch``. When the gold table does
not itself follow a declared rule, the gold row order is used instead (with a warning).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from tablehallu.config import Config
from tablehallu.normalize import TypedCell, normalize_header, order_key

ASCENDING = "ascending"
DESCENDING = "descending"

_DIRECTION_WORDS: dict[str, str] = {
    "ascending": ASCENDING,
    "asc": ASCENDING,
    "increasing": ASCENDING,
    "chronological": ASCENDING,
    "alphabetical": ASCENDING,
    "descending": DESCENDING,
    "desc": DESCENDING,
    "decreasing": DESCENDING,
    "reverse chronological": DESCENDING,
}

# "sorted ... by "X" in descending order" / "ordered by X (ascending)" / "descending order of X"
# Whitespace runs are possessive (\s++): what follows each cannot start with a space, so giving
# spaces back never helps, and a long run of spaces after "by" is not retried once per space and
# per length of the lazy column name (that was cubic: "sort by" + 1 000 spaces took 13 s).
_QUOTED = r"[\"'“”‘’`]([^\"'“”‘’`\n]{1,120})[\"'“”‘’`]"
_BY_RE = re.compile(
    r"\b(?:sort|sorted|sorting|order|ordered|ordering|rank|ranked|arrange|arranged)\b"
    r"[^.\n\"'“”‘’`]{0,40}?\bby\s++" + _QUOTED + r"[^.\n]{0,40}?"
    r"\b(ascending|descending|asc|desc|increasing|decreasing|chronological|"
    r"reverse chronological|alphabetical)\b",
    re.IGNORECASE,
)
_BY_BARE_RE = re.compile(
    r"\b(?:sort|sorted|sorting|order|ordered|arrange|arranged|rank|ranked)\b[^.\n]{0,30}?\bby\s++"
    r"(?:the\s++)?([^,.;:\n\"'“”‘’`]{1,60}?)\s++(?:column\s++)?(?:in\s++)?(?:an?\s++)?"
    r"(ascending|descending|increasing|decreasing|chronological|alphabetical)\b",
    re.IGNORECASE,
)
_OF_RE = re.compile(
    r"\b(ascending|descending|increasing|decreasing|chronological|alphabetical)\s++order\s++"
    r"(?:of|by)\s++" + _QUOTED,
    re.IGNORECASE,
)


@dataclass(frozen=True)
class SortRule:
    """A sort rule: gold column index (None: the gold row order), direction, and its source."""

    column: int | None
    column_name: str | None
    direction: str
    source: str  # constraints, metadata, query, inferred, gold_order

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {"column": self.column_name, "direction": self.direction, "source": self.source}


def parse_direction(word: object) -> str | None:
    """:data:`ASCENDING` or :data:`DESCENDING` for a sort-order word as the detector reads it
    (``ascending``, ``desc``, ``chronological``...; case and spacing ignored), else None."""
    if not isinstance(word, str):
        return None
    return _DIRECTION_WORDS.get(" ".join(word.lower().split()))


#: Phrases that state a direction, longest first within each direction.
_DIRECTION_PHRASES: tuple[tuple[str, str], ...] = (
    ("reverse chronological", DESCENDING),
    ("reverse alphabetical", DESCENDING),
    ("most recent first", DESCENDING),
    ("newest first", DESCENDING),
    ("highest first", DESCENDING),
    ("largest first", DESCENDING),
    ("oldest first", ASCENDING),
    ("earliest first", ASCENDING),
    ("lowest first", ASCENDING),
    ("smallest first", ASCENDING),
    ("descending", DESCENDING),
    ("decreasing", DESCENDING),
    ("ascending", ASCENDING),
    ("increasing", ASCENDING),
    ("chronologically", ASCENDING),
    ("chronological", ASCENDING),
    ("alphabetically", ASCENDING),
    ("alphabetical", ASCENDING),
)
_FROM_TO_RE = re.compile(
    r"\b(?:from\s+)?(?:the\s+)?(highest|largest|biggest|greatest|most|latest|newest|"
    r"lowest|smallest|least|fewest|earliest|oldest|first|high|low|[az])\s*(?:to|-)\s*(?:the\s+)?"
    r"(lowest|smallest|least|fewest|earliest|oldest|highest|largest|biggest|greatest|most|"
    r"latest|newest|last|low|high|[az])\b",
    re.IGNORECASE,
)
_HIGH = frozenset(
    {"highest", "largest", "biggest", "greatest", "most", "latest", "newest", "high", "z"}
)
_LOW = frozenset(
    {"lowest", "smallest", "least", "fewest", "earliest", "oldest", "first", "low", "a"}
)
_SORT_VERB_RE = re.compile(
    r"\b(?:sort|sorted|sorting|order|ordered|ordering|arrange|arranged|rank|ranked|"
    r"organi[sz]e|organi[sz]ed|list|listed)\b",
    re.IGNORECASE,
)
_BY_BEFORE_RE = re.compile(r"\b(?:by|of|on)\s+(?:the\s+)?\W?$")
_CLAUSE_RE = re.compile(r"(?<=[.!?;])\s+|\n+")
_QUOTED_RE = re.compile(r"[\"'“”‘’`]([^\"'“”‘’`\n]{1,120})[\"'“”‘’`]")


#: Header words naming a time, the column "chronological order" sorts by when it names none
_TIME_HEADERS: Final = frozenset({"date", "year", "time", "day", "when", "period", "season"})


def _phrase_direction(text: str) -> tuple[int, str] | None:
    """Position and direction of the first direction phrase in ``text``."""
    low = text.lower()
    found: list[tuple[int, str]] = []
    for phrase, direction in _DIRECTION_PHRASES:
        i = low.find(phrase)
        if i >= 0:
            found.append((i, direction))
    for m in _FROM_TO_RE.finditer(text):
        a, b = m.group(1).lower(), m.group(2).lower()
        if a in _HIGH and b in _LOW | {"last"} and not (a == "first" or b == "first"):
            found.append((m.start(), DESCENDING))
        elif a in _LOW and b in _HIGH | {"last"}:
            found.append((m.start(), ASCENDING))
    if re.search(r"\b(?:asc)\b", low):
        found.append((low.index("asc"), ASCENDING))
    if re.search(r"\b(?:desc)\b", low):
        found.append((low.index("desc"), DESCENDING))
    return min(found) if found else None


def _header_mentions(sentence: str, headers: Sequence[str]) -> list[tuple[int, str]]:
    """(position, header) for every gold header named in ``sentence``, quoted or not."""
    out: list[tuple[int, str]] = []
    norm_headers = {normalize_header(h): h for h in headers if h.strip()}
    for m in _QUOTED_RE.finditer(sentence):
        header = norm_headers.get(normalize_header(m.group(1)))
        if header is not None:
            out.append((m.start(), header))
    if out:
        return out
    low = sentence.lower()
    taken: list[tuple[int, int]] = []
    # "Population (millions)" is named "population" too, when no other header is
    bare: dict[str, list[str]] = {}
    for h in norm_headers.values():
        cut = h.split("(", 1)[0].strip()
        if cut and cut != h.strip():
            bare.setdefault(cut.lower(), []).append(h)
    forms = [(h.lower(), h) for h in norm_headers.values()]
    forms += [(b, hs[0]) for b, hs in bare.items() if len(hs) == 1 and b not in dict(forms)]
    for form, header in sorted(forms, key=lambda kv: -len(kv[0])):
        for m in re.finditer(r"(?<!\w)" + re.escape(form) + r"(?!\w)", low):
            if not any(a <= m.start() < b for a, b in taken):
                out.append((m.start(), header))
                taken.append((m.start(), m.end()))
    return sorted(out)


def rule_from_query(query: str, headers: Sequence[str] | None = None) -> tuple[str, str] | None:
    """(column name, direction) stated in a natural-language query, if one is found.

    With the table's ``headers``, any clause with a sort verb ("sort", "order", "arrange",
    "rank", "list") and a direction ("descending", "from highest to lowest", "chronologically",
    "newest first"...) names the header mentioned after the verb (quoted or not; the one right
    after "by"/"of" first). Without headers, the quoted-column patterns are used.
    """
    text = query[:20_000]
    if len(text) <= _QUERY_CACHE_MAX_CHARS:
        return _rule_from_query_cached(text, tuple(headers) if headers else None)
    return _rule_from_query(text, headers)


#: Queries up to this length are read once per (query, headers): the predictions of one item
#: share both.
_QUERY_CACHE_MAX_CHARS = 4096


def _rule_from_query(text: str, headers: Sequence[str] | None) -> tuple[str, str] | None:
    if headers:
        for clause in _CLAUSE_RE.split(text):
            verb = _SORT_VERB_RE.search(clause)
            if verb is None:
                continue
            found = _phrase_direction(clause)
            if found is None:
                continue
            mentions = _header_mentions(clause, headers)
            if not mentions and "chronolog" in clause.lower():
                # "the events ... in chronological order": the one header that names a time
                timed = [h for h in headers if set(normalize_header(h).split()) & _TIME_HEADERS]
                if len(timed) == 1:
                    return timed[0], found[1]
            if not mentions:
                continue
            after = [(pos, h) for pos, h in mentions if pos > verb.start()]
            by = [
                (pos, h)
                for pos, h in after
                if re.search(
                    r"\b(?:by|of|on)\s+(?:the\s+)?\W?$", clause[max(0, pos - 12) : pos + 1]
                )
            ]
            pick = (by or after or mentions)[0][1]
            return pick, found[1]
    m = _BY_RE.search(text)
    if m:
        d = parse_direction(m.group(2))
        if d:
            return m.group(1).strip(), d
    m = _OF_RE.search(text)
    if m:
        d = parse_direction(m.group(1))
        if d:
            return m.group(2).strip(), d
    m = _BY_BARE_RE.search(text)
    if m:
        d = parse_direction(m.group(2))
        # (?<!\s): a whitespace run is tried once, not from each of its characters
        name = re.sub(r"(?<!\s)\s+column$", "", m.group(1).strip(), flags=re.IGNORECASE)
        if d and name:
            return name, d
    return None


_rule_from_query_cached = lru_cache(maxsize=4096)(_rule_from_query)


def find_column(name: str, headers: Sequence[str]) -> int | None:
    """Index of the header equal to ``name`` after header normalisation, else None."""
    target = normalize_header(name)
    for i, h in enumerate(headers):
        if normalize_header(h) == target:
            return i
    return None


def _monotonic(values: Sequence[tuple[Any, ...]], direction: str) -> bool:
    for a, b in itertools.pairwise(values):
        if (direction == ASCENDING and b < a) or (direction == DESCENDING and b > a):
            return False
    return True


def _typed_values(cells: Sequence[TypedCell], header: str) -> list[tuple[Any, ...]] | None:
    """Order keys of the non-null cells, or None when they are not all of one comparable kind."""
    present = [c for c in cells if c.kind != "null"]
    kinds = {c.kind for c in present}
    if len(kinds) != 1:
        return None
    return [order_key(c, header) for c in present]


def infer_rules(
    headers: Sequence[str], gold_cells: Sequence[Sequence[TypedCell]], config: Config
) -> list[SortRule]:
    """Every gold column in which the gold rows are monotonic, most plausible first.

    Strictly monotonic columns come first, then those with more distinct values, then the leftmost.
    Several columns can be monotonic by coincidence; the check accepts a prediction that keeps any
    of them.
    """
    found: list[tuple[tuple[int, int, int], SortRule]] = []
    for c, name in enumerate(headers):
        values = _typed_values([row[c] for row in gold_cells], name)
        if not values:
            continue
        distinct = len(set(values))
        if distinct < config.order_infer_min_distinct:
            continue
        for direction in (ASCENDING, DESCENDING):
            if _monotonic(values, direction):
                rank = (-int(distinct == len(values)), -distinct, c)
                found.append((rank, SortRule(c, name, direction, "inferred")))
                break
    return [rule for _, rule in sorted(found, key=lambda t: t[0])]


def resolve_rules(
    headers: Sequence[str],
    gold_cells: Sequence[Sequence[TypedCell]],
    constraints: Mapping[str, Any] | None,
    metadata: Mapping[str, Any] | None,
    query: str | None,
    config: Config,
) -> tuple[list[SortRule], list[str]]:
    """The candidate sort rules (a prediction must keep one of them) and notes on declared rules
    that could not be used. A declared rule is a single candidate; inferred rules may be several."""
    notes: list[str] = []
    gold_order = [SortRule(None, None, ASCENDING, "gold_order")]
    if config.order == "off":
        return [], notes
    if config.order == "gold":
        return gold_order, notes
    declared: list[tuple[str, object, object]] = []
    if constraints:
        declared.append(
            ("constraints", constraints.get("sort_column"), constraints.get("sort_order"))
        )
    if metadata:
        declared.append(
            (
                "metadata",
                metadata.get("sort_column"),
                metadata.get("sort_method", metadata.get("sort_order")),
            )
        )
    if query:
        found = rule_from_query(query, headers)
        if found:
            declared.append(("query", found[0], found[1]))
    for source, column, direction in declared:
        if not isinstance(column, str) or not column.strip() or column.strip().lower() == "none":
            continue
        d = parse_direction(direction)
        if d is None:
            notes.append(f"{source}: sort order {direction!r} is not ascending/descending")
            continue
        col = find_column(column, headers)
        if col is None:
            notes.append(f"{source}: sort column {column!r} is not a gold column")
            continue
        rule = SortRule(col, headers[col], d, source)
        values = _typed_values([row[col] for row in gold_cells], headers[col])
        if values is not None and not _monotonic(values, d):
            notes.append(
                f"the gold table is not sorted by {headers[col]!r} {d} ({source}); "
                "comparing with the gold row order instead"
            )
            return gold_order, notes
        return [rule], notes
    if config.order == "declared":
        return [], notes
    return infer_rules(headers, gold_cells, config) or gold_order, notes


@dataclass(frozen=True)
class OrderViolation:
    """Predicted row ``pred_row`` comes after ``prev_row`` but breaks the rule."""

    pred_row: int
    prev_row: int
    value: str
    prev_value: str


def check_order(
    rule: SortRule,
    sort_cells: Sequence[TypedCell | None],
    gold_rows: Sequence[int | None],
) -> list[OrderViolation]:
    """Adjacent violations in predicted row order.

    ``sort_cells[i]`` is the sort-column value for predicted row i (gold value when matched, own
    value otherwise, None when unavailable); ``gold_rows[i]`` its matched gold row (or None).
    """
    if rule.column is None:
        seq = [(i, g) for i, g in enumerate(gold_rows) if g is not None]
        return [
            OrderViolation(i, pi, f"gold row {g}", f"gold row {pg}")
            for (pi, pg), (i, g) in itertools.pairwise(seq)
            if g < pg
        ]
    present = [(i, c) for i, c in enumerate(sort_cells) if c is not None and c.kind != "null"]
    if not present:
        return []
    kinds: dict[str, int] = {}
    for _, c in present:
        kinds[c.kind] = kinds.get(c.kind, 0) + 1
    main_kind = max(kinds, key=lambda k: kinds[k])
    seq2 = [(i, c) for i, c in present if c.kind == main_kind]
    header = rule.column_name
    out: list[OrderViolation] = []
    for (pi, pc), (i, c) in itertools.pairwise(seq2):
        a, b = order_key(pc, header), order_key(c, header)
        if (rule.direction == ASCENDING and b < a) or (rule.direction == DESCENDING and b > a):
            out.append(OrderViolation(i, pi, c.raw, pc.raw))
    return out

"""Query constraints: the columns, sort rule and scope that a table-generation query states.

:func:`parse_query` reads a query (and the paper's ``constraints`` dict) into a :class:`QuerySpec`:
the column list, the sort rule (:func:`tablehallu.detectors.order.rule_from_query`) and explicit
:class:`QueryConstraint` objects; :func:`check_rows` says which rows of a table break them and
which it cannot decide; :func:`scope_decidable` whether the whole scope can be decided on a table.
Only the first ``Config.max_query_chars`` characters of a query are read. The vocabulary, the
binding of a constraint to a column and what each check decides are in docs/query-constraints.md.

Text between quotes (column names) and the column list are never read as scope: a year or a
"Top" inside a column name is not a constraint.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from tablehallu.config import Config
from tablehallu.detectors.order import parse_direction, rule_from_query
from tablehallu.normalize import (
    DateValue,
    TypedCell,
    header_unit,
    normalize_text,
    order_key,
    parse_date,
    parse_number,
    stems,
    type_cell,
)
from tablehallu.normalize.dates import parse_period
from tablehallu.parsers.table import ParsedTable

__all__ = [
    "QueryConstraint",
    "QuerySpec",
    "RowVerdict",
    "bound_columns",
    "check_rows",
    "parse_query",
    "scope_decidable",
]

RANGE, CATEGORY, TOP_K, ENTITY_SCOPE = "range", "category", "top_k", "entity_scope"


@dataclass(frozen=True)
class QueryConstraint:
    """One scope condition read from a query or from the paper's ``constraints`` dict.

    ``kind``: ``range`` (number or date bounds), ``category``, ``top_k`` or ``entity_scope``.
    ``column``: the words the query ties it to ("population", "released"), None when not tied.
    ``op``: range ``>`` ``>=`` ``<`` ``<=`` ``between`` ``in_period``; category/entity scope
    ``in``/``not_in``; top-k ``largest``/``smallest``. ``value``: range bounds (floats for
    numbers, ISO strings ``2019``/``2019-03``/``2019-Q3``/``2019-03-05`` for dates; ``in_period``
    lists one or more periods), k for top-k, the category words. ``text``: the phrase it was read
    from (an exact substring of the query or of the dict value); ``source``: ``query`` or
    ``constraints``. ``unit``: the unit of a number bound (``%``, ``USD``...), else None.
    ``context``: the content words of the clause before the phrase (up to 8), which also bind a
    range to a column ("routes launched from its Cork base in 2023" -> "Launch Date").
    """

    kind: str
    column: str | None
    op: str
    value: tuple[Any, ...]
    text: str
    source: str
    unit: str | None = None
    context: str | None = None

    @property
    def is_date(self) -> bool:
        """True for a range whose bounds are dates."""
        return self.kind == RANGE and bool(self.value) and isinstance(self.value[0], str)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "kind": self.kind,
            "column": self.column,
            "op": self.op,
            "value": list(self.value),
            "unit": self.unit,
            "context": self.context,
            "text": self.text,
            "source": self.source,
        }


@dataclass(frozen=True)
class QuerySpec:
    """What a query asks for: columns in order, sort rule, scope constraints, and scope phrases
    that were seen but not understood (the scope is then not decidable)."""

    columns: tuple[str, ...] | None
    sort: tuple[str, str] | None
    constraints: tuple[QueryConstraint, ...]
    unparsed: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "columns": list(self.columns) if self.columns is not None else None,
            "sort": list(self.sort) if self.sort is not None else None,
            "constraints": [c.to_dict() for c in self.constraints],
            "unparsed": list(self.unparsed),
        }


@dataclass(frozen=True)
class RowVerdict:
    """The constraints one table row (0-based body row) breaks, with a reason naming the cell
    value and the bound, and those that cannot be decided for it."""

    row: int
    violated: tuple[tuple[QueryConstraint, str], ...]
    undecided: tuple[QueryConstraint, ...]


# --- vocabulary --------------------------------------------------------------------------------

_QUOTES: Final[dict[str, str]] = {'"': '"', "“": "”", "„": "“", "‘": "’", "`": "`", "'": "'"}
_MAX_QUOTED: Final = 120
_MAX_LIST_CHARS: Final = 600  # an unquoted column list ends within this many characters
_MON: Final = "|".join(
    sorted(
        {m.lower() for m in calendar.month_name[1:]}
        | {m.lower() for m in calendar.month_abbr[1:]}
        | {"sept"},
        key=len,
        reverse=True,
    )
)
_YEAR: Final = r"(?:1[0-9]{3}|20[0-9]{2})"
# a period: [early|mid|late|season] [month] [FY|fiscal year] YEAR[-YY] | FY YY
_PERIOD: Final = (
    r"(?<![\w$€£¥₹.,])"
    r"(?:(?:early|mid|late)[- ]|(?:spring|summer|autumn|fall|winter)\s)?"
    rf"(?:(?:{_MON})\.?\s|q[1-4]\s)?"
    r"(?:(?:fy|fiscal(?:\syears?)?)\s?'?)?"
    rf"(?:{_YEAR}(?:[-–/]\d{{2}}(?![\d%]))?|(?<=fy)\d{{2}}|(?<=fy')\d{{2}}|(?<=fy )\d{{2}})"
    r"(?![\d%]|[.,]\d|\s?(?:%|percent|per\scent|million|billion|thousand)\b)"
)
_DECADE: Final = (
    r"(?<![\w$.,])(?:1[0-9]{2}0|20[0-9]0)'?s\b|\b[0-9]{1,2}(?:st|nd|rd|th)[-\s]century\b"
)
_DATE_OPS: Final[dict[str, str]] = {
    "after": ">",
    "later than": ">",
    "since": ">=",
    "starting in": ">=",
    "starting": ">=",
    "beginning in": ">=",
    "from": ">=",
    "onwards from": ">=",
    "before": "<",
    "prior to": "<",
    "earlier than": "<",
    "until": "<=",
    "till": "<=",
    "up to": "<=",
    "up until": "<=",
    "through": "<=",
    "no later than": "<=",
    "in": "in_period",
    "during": "in_period",
    "for": "in_period",
    "as of": "in_period",
    "as of the end of": "in_period",
    "at the end of": "in_period",
    "of": "in_period",
}
_GT: Final = (
    "more than|over|above|greater than|higher than|larger than|bigger than|exceeding|"
    "in excess of|beyond"
)
_GE: Final = (
    "at least|no fewer than|no less than|not less than|not fewer than|a minimum of|minimum of"
)
_LT: Final = "less than|fewer than|under|below|lower than|smaller than"
_LE: Final = "at most|no more than|not more than|up to|a maximum of|maximum of|not exceeding"
_NUM_OPS: Final[dict[str, str]] = {
    **{w: ">" for w in _GT.split("|")},
    **{w: ">=" for w in _GE.split("|")},
    **{w: "<" for w in _LT.split("|")},
    **{w: "<=" for w in _LE.split("|")},
}
_POSTFIX_OPS: Final[dict[str, str]] = {
    "or more": ">=",
    "or greater": ">=",
    "or higher": ">=",
    "or above": ">=",
    "and above": ">=",
    "and over": ">=",
    "or less": "<=",
    "or fewer": "<=",
    "or lower": "<=",
    "and below": "<=",
    "and under": "<=",
}
_NUM: Final = (
    r"(?<![\w.,])(?:(?:us\$|usd|eur|gbp|jpy|cad|aud|[$€£¥₹])\s?)?\d{1,3}(?:,\d{3})++(?:\.\d+)?"
    r"(?:\s?(?:%|percent\b|per\scent\b|thousand\b|million\b|billion\b|trillion\b|bn\b|mn\b|k\b))?"
    r"|(?<![\w.,])(?:(?:us\$|usd|eur|gbp|jpy|cad|aud|[$€£¥₹])\s?)?\d++(?:\.\d+)?"
    r"(?:\s?(?:%|percent\b|per\scent\b|thousand\b|million\b|billion\b|trillion\b|bn\b|mn\b|k\b))?"
)
_NUMBER_WORDS: Final[dict[str, int]] = {
    w: i
    for i, w in enumerate(
        str.split(
            "zero one two three four five six seven eight nine ten eleven twelve thirteen "
            "fourteen fifteen sixteen seventeen eighteen nineteen twenty"
        )
    )
}
_K: Final = r"(?:\d{1,3}(?!\d)|" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + ")"
_HIGH_WORDS: Final = (
    "largest|biggest|highest|greatest|leading|top|best|most|richest|busiest|longest|tallest|"
    "fastest|heaviest|newest|latest|strongest"
)
_LOW_WORDS: Final = (
    "smallest|lowest|least|fewest|worst|poorest|cheapest|shortest|slowest|lightest|oldest|earliest|"
    "weakest"
)

_I = re.IGNORECASE
_BETWEEN_DATES_RE: Final = re.compile(
    rf"\bbetween\s(?:the\s)?(?:years\s)?({_PERIOD})\s(?:and|&)\s(?:the\s)?({_PERIOD})", _I
)
_FROM_TO_DATES_RE: Final = re.compile(
    rf"(?:\bfrom\s(?:the\s)?(?:years?\s)?)?({_PERIOD})\s?(?:to|through|thru|until|till|[-–—])\s?"
    rf"(?:the\s)?({_PERIOD})",
    _I,
)
_AND_DATES_RE: Final = re.compile(
    rf"\b(?:in|for|during|of)\s(?:the\s)?(?:years?\s)?({_PERIOD})\s(?:and|&|or)\s(?:the\s)?"
    rf"({_PERIOD})",
    _I,
)
_DATE_OP_RE: Final = re.compile(
    r"\b("
    + "|".join(
        sorted((re.escape(w).replace(r"\ ", r"\s") for w in _DATE_OPS), key=len, reverse=True)
    )
    + rf")\s(?:the\s)?(?:years?\s)?({_PERIOD})",
    _I,
)
_DECADE_RE: Final = re.compile(rf"(?:\b(?:in|during|from|of|across)\s)?(?:the\s)?({_DECADE})", _I)
_BARE_PERIOD_RE: Final = re.compile(_PERIOD, _I)
_NUM_OP_RE: Final = re.compile(
    r"\b("
    + "|".join(sorted((w.replace(" ", r"\s") for w in _NUM_OPS), key=len, reverse=True))
    + rf")[\s-]({_NUM})",  # "under-18" too
    _I,
)
_NUM_POSTFIX_RE: Final = re.compile(
    rf"({_NUM})\s("
    + "|".join(w.replace(" ", r"\s") for w in _POSTFIX_OPS)
    + r")\b|("
    + _NUM
    + r")\+",
    _I,
)
_NUM_BETWEEN_RE: Final = re.compile(
    rf"\b(?:between|from)\s({_NUM})\s(?:and|to|&)\s({_NUM})|({_NUM})\s(?:to|[-–])\s({_NUM})"
    r"|(?<![\w.,])(\d+(?:\.\d+)?)-\sto\s(\d+(?:\.\d+)?)-([a-z]+)",  # "13- to 16-inch"
    _I,
)
_TOP_K_RE: Final = re.compile(
    rf"\btop[-\s]({_K})\b|(?<![\w.,])({_K})\s(?:(most|least)\s([a-z]+)|({_HIGH_WORDS}|{_LOW_WORDS})"
    r"(?:[-\s](paid|selling|scoring|ranked|grossing|rated|earning|populated))?)\b",
    _I,
)
_BY_RE: Final = re.compile(
    r"^[\w\s'-]{0,60}?\bby\s(?:the\s|their\s|its\s)?([a-z][\w-]*(?:\s[a-z][\w-]*){0,2})", _I
)
_ONLY_RE: Final = re.compile(
    r"\bonly\s(?:(?:include|list|show|keep|consider|report|cover)\s)?(?:the\s|those\s)?"
    r"([a-z][\w'-]*+(?:\s[a-z][\w'-]*+){0,3})",
    _I,
)
_EXCLUDE_RE: Final = re.compile(
    r"\b(?:excluding|except(?:\sfor)?|other\sthan|not\sincluding)\s(?:the\s)?"
    r"([a-z][\w'-]*+(?:\s[a-z][\w'-]*+){0,3})|\bnon-([a-z]{3,})",
    _I,
)
_PROPER_RE: Final = re.compile(
    r"\b(?:[Ii]n|[Ff]rom|[Ww]ithin|[Aa]cross|[Oo]n)\s(?:the\s)?"
    r"([A-Z][\w.'&-]*+(?:\s(?:of\s|and\s|the\s){0,2}[A-Z][\w.'&-]*+){0,4})"
)
_INSTRUCTION_RE: Final = re.compile(
    r"\b(?:markdown|json|latex|html|csv|format|formatted|output|explanation)\b", _I
)
_CLAUSE_RE: Final = re.compile(r"(?<=[.!?;])\s+|\n+")
_WORD_RE: Final = re.compile(r"[a-z][a-z'-]*", _I)
# a number that may be scope: not part of a name ("T20", "COVID-19", "type 2", "Formula 1")
_DIGIT_RUN_RE: Final = re.compile(
    r"(?<![A-Za-z\d])(?<![A-Za-z]-)(?<!type\s)(?<!phase\s)(?<!formula\s)\d+(?![A-Za-z])", _I
)
_COLUMNS_TRIGGER_RE: Final = re.compile(r"\b(?:with\s)?(?:columns|column\sheaders|headers)\b", _I)

#: Words that never tie a constraint to a column.
_STOP: Final = frozenset(
    str.split(
        "a an the of in on at to for from by with and or that which who whose where when was were "
        "is are be been being have has had their its his her them they it this these those as "
        "than more less per each all any only total number new please create table summarizing "
        "summarising listing list based provided context no not million billion thousand"
    )
)
#: A word that ends an unquoted column list ("with columns A, B and C, sorted by A").
_LIST_END: Final = frozenset(
    str.split("in for during from with where which that whose sorted ordered ranked arranged")
)
#: Header words of a column of bare years that is a time ("Year", "Founded", "Launch Year").
_YEARISH_STEMS: Final = frozenset(
    stems(
        "year years season vintage founded established opened opening built launched launch "
        "elected census edition period since began start started inaugurated commissioned "
        "completed completion released release debut premiered held ratified signed enacted "
        "discovered published publication date fiscal fy"
    )
)
#: Header words that name only a time: such a column is the one a bare period applies to.
_TIME_STEMS: Final = frozenset(
    stems("year years date season period month quarter fiscal fy day time edition vintage")
)
_GENERIC_HEADER_STEMS: Final = frozenset(
    stems("usd eur gbp million billion thousand number count total amount value the of in per %")
)


# --- reading a query ---------------------------------------------------------------------------


def _quoted_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every quoted passage (quotes included) of at most ``_MAX_QUOTED`` chars on
    one line; an apostrophe inside a word ("Valdoria's") opens nothing."""
    spans: list[tuple[int, int]] = []
    i, n = 0, len(text)
    while i < n:
        close = _QUOTES.get(text[i])
        if close is None or (text[i] == "'" and i > 0 and text[i - 1].isalnum()):
            i += 1
            continue
        j = i + 1
        limit = min(n, i + 2 + _MAX_QUOTED)
        while j < limit and text[j] != "\n":
            if text[j] == close and not (close == "'" and j + 1 < n and text[j + 1].isalnum()):
                break
            j += 1
        if j < limit and text[j] == close and j > i + 1:
            spans.append((i, j + 1))
            i = j + 1
        else:
            i += 1
    return spans


def _blank(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """``text`` with the ``spans`` replaced by spaces (offsets kept)."""
    chars = list(text)
    for a, b in spans:
        chars[a:b] = " " * (b - a)
    return "".join(chars)


def _read_list(text: str, begin: int, quoted: Sequence[tuple[int, int]]) -> tuple[list[str], int]:
    """The items of a column list starting at ``begin`` and the offset where the list ends."""
    starts = {a: b for a, b in quoted}
    pos = begin
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    if pos in starts:
        items: list[str] = []
        while pos in starts:
            end = starts[pos]
            items.append(text[pos + 1 : end - 1].strip())
            m = re.match(r"\s*+,?\s*+(?:and\s++|&\s++)?", text[end : end + 40])
            pos = end + (m.end() if m else 0)
        return items, pos
    stop = min(len(text), pos + _MAX_LIST_CHARS)
    for sep in ("\n", ". ", "; "):
        k = text.find(sep, pos, stop)
        if k >= 0:
            stop = k
    body = text[pos:stop].rstrip(". ")
    out: list[str] = []
    for part in body.split(","):
        p = re.sub(r"^\s*+(?:and|&)\s++", "", part).strip()
        first = p.split(" ", 1)[0].lower()
        if not p or first in _LIST_END:
            break
        if len(p) > 60 or len(p.split()) > 8:
            return [], pos
        out.append(p)
    if out and " and " in out[-1]:
        out[-1:] = [w.strip() for w in out[-1].rsplit(" and ", 1)]
    return out, stop


def _column_list(
    text: str, quoted: Sequence[tuple[int, int]]
) -> tuple[tuple[str, ...], int, int] | None:
    """The column names the query lists, and the span of the list."""
    for m in _COLUMNS_TRIGGER_RE.finditer(text):
        window = text[m.end() : m.end() + 80]
        colon = window.find(":")
        stripped = window.lstrip(" ,")
        if (
            colon >= 0
            and "." not in window[:colon]
            and not any(m.end() < a < m.end() + colon for a, _ in quoted)
        ):
            begin = m.end() + colon + 1
        elif stripped[:1] in _QUOTES:
            begin = m.end() + len(window) - len(stripped)
        elif m.group(0).lower().startswith("with"):
            begin = m.end()
        else:
            continue
        items, end = _read_list(text, begin, quoted)
        if len(items) >= 2:
            return tuple(items), m.start(), end
    return None


def _interval(d: DateValue) -> tuple[int, int]:
    """First and last day (proleptic ordinals) that ``d`` covers."""
    if d.precision == "day" and d.month and d.day:
        o = dt.date(d.year, d.month, d.day).toordinal()
        return o, o
    if d.precision == "month" and d.month:
        first, last = d.month, d.month
    elif d.precision == "quarter" and d.quarter:
        first, last = 3 * d.quarter - 2, 3 * d.quarter
    else:
        first, last = 1, 12
    end_day = calendar.monthrange(d.year, last)[1]
    return dt.date(d.year, first, 1).toordinal(), dt.date(d.year, last, end_day).toordinal()


@lru_cache(maxsize=16384)
def _period(phrase: str) -> tuple[DateValue, DateValue] | None:
    """The first and last period a date phrase covers ("March 2019", "FY21", "2023-24")."""
    try:
        return _read_period(phrase)
    except ValueError:  # a year outside 1-9999 ("0000", "9999-00")
        return None


def _read_period(phrase: str) -> tuple[DateValue, DateValue] | None:
    s = normalize_text(phrase).replace("fiscal years", "fiscal year")
    s = re.sub(r"^(?:early|mid|late)[- ]|^(?:spring|summer|autumn|fall|winter)\s", "", s)
    m = re.fullmatch(r"(\d{2})(\d)0'?s", s)
    if m:
        y = int(m.group(1) + m.group(2) + "0")
        return DateValue(y), DateValue(y + 9)
    m = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)[- ]century", s)
    if m:
        c = int(m.group(1))
        return (DateValue(100 * c - 100), DateValue(100 * c - 1)) if 1 < c <= 21 else None
    return parse_period(s)  # a year, a season ("2023-24") or a date


def _from_iso(iso: str) -> DateValue | None:
    return DateValue(int(iso)) if iso.isdigit() else parse_date(iso)


class _Scan:
    """The constraints found in one text, with the spans already read.

    ``scan`` is the text searched (quoted passages blanked out), ``original`` the string that a
    constraint's ``text`` is cut from; the first ``skip`` characters are a prefix added for reading.
    """

    def __init__(self, scan: str, original: str, source: str, skip: int = 0) -> None:
        self.text = scan
        self.original = original
        self.source = source
        self.skip = skip
        self.taken = bytearray(len(scan) + 1)
        self.found: list[tuple[int, QueryConstraint]] = []

    def free(self, a: int, b: int) -> bool:
        """True when no constraint has read any of ``[a, b)``."""
        return not any(self.taken[a:b])

    def add(self, a: int, b: int, **fields: Any) -> None:
        """Record a constraint read from ``[a, b)``."""
        self.taken[a:b] = b"\x01" * (b - a)
        text = self.original[max(a, self.skip) - self.skip : b - self.skip].strip()
        if fields.get("kind") == RANGE:
            fields["context"] = _column_words(_clause_words(self.text, a))
        self.found.append((a, QueryConstraint(text=text, source=self.source, **fields)))


def _cut_words(words: Sequence[str], n: int) -> list[str]:
    """The first ``n`` content words, ending at the first stop or operator word after one."""
    out: list[str] = []
    for w in words:
        low = w.lower()
        if low in _STOP or low in _NUM_OPS or low in _DATE_OPS or low in _NUMBER_WORDS:
            if out:
                break
            continue
        out.append(w)
        if len(out) == n:
            break
    return out


def _before(text: str, pos: int, n: int = 3) -> list[str]:
    """Up to ``n`` content words right before ``pos`` (back to punctuation, a number or a stop
    word)."""
    left = text[max(0, pos - 80) : pos]
    cut = max(left.rfind(c) for c in ",;:.()0123456789")
    return _cut_words(_WORD_RE.findall(left[cut + 1 :])[::-1], n)[::-1]


def _clause_words(text: str, pos: int, n: int = 8) -> list[str]:
    """Up to ``n`` content words of the clause before ``pos`` (back to punctuation)."""
    left = text[max(0, pos - 160) : pos]
    cut = max(max(left.rfind(c) for c in ",;:()"), _last_full_stop(left))
    words = [w for w in _WORD_RE.findall(left[cut + 1 :]) if w.lower() not in _STOP]
    return words[-n:]


def _last_full_stop(text: str) -> int:
    """Position of the last "." that ends a sentence (not "U.S."), else -1."""
    k = text.rfind(".")
    while k >= 2 and not (text[k - 1].islower() and text[k - 2].islower()):
        k = text.rfind(".", 0, k)
    return k if k >= 2 else -1


def _after(text: str, pos: int, n: int = 2) -> list[str]:
    """Up to ``n`` content words right after ``pos`` (up to punctuation or a stop word)."""
    right = text[pos : pos + 60]
    cuts = [k for k in (right.find(c) for c in ",;:.()0123456789") if k >= 0]
    words = _WORD_RE.findall(right[: min(cuts, default=len(right))])
    out: list[str] = []
    for w in words:
        if w.lower() in _STOP or w.lower() in _NUM_OPS or w.lower() in _DATE_OPS:
            break
        out.append(w)
        if len(out) == n:
            break
    return out


def _column_words(words: Sequence[str]) -> str | None:
    return " ".join(words) or None


def _date_range(
    scan: _Scan, a: int, b: int, op: str, periods: Sequence[str], col: str | None
) -> bool:
    read = [_period(p) for p in periods]
    if any(r is None for r in read) or not scan.free(a, b):
        return False
    spans = [r for r in read if r is not None]
    if op == "between":
        value: tuple[str, ...] = (spans[0][0].iso(), spans[-1][1].iso())
        if _interval(spans[0][0])[0] > _interval(spans[-1][1])[1]:
            return False
    elif op == "in_period":
        value = tuple(x.iso() for s in spans for x in ((s[0],) if s[0] == s[1] else s))

    elif op in (">", ">="):  # after a span: after its end; since a span: from its start
        value = (spans[0][1 if op == ">" else 0].iso(),)
    else:
        value = (spans[0][0 if op == "<" else 1].iso(),)
    scan.add(a, b, kind=RANGE, column=col, op=op, value=value)
    return True


def _scan_dates(scan: _Scan, s: str) -> None:
    for m in _DECADE_RE.finditer(s):
        _date_range(
            scan, m.start(), m.end(), "between", [m.group(1)], _column_words(_before(s, m.start()))
        )
    for rx in (_BETWEEN_DATES_RE, _FROM_TO_DATES_RE):
        for m in rx.finditer(s):
            col = _column_words(_before(s, m.start()))
            _date_range(scan, m.start(), m.end(), "between", [m.group(1), m.group(2)], col)
    for m in _AND_DATES_RE.finditer(s):
        col = _column_words(_before(s, m.start()))
        _date_range(scan, m.start(), m.end(), "in_period", [m.group(1), m.group(2)], col)
    for m in _DATE_OP_RE.finditer(s):
        op = _DATE_OPS[" ".join(m.group(1).lower().split())]
        col = _column_words(_before(s, m.start()))
        _date_range(scan, m.start(), m.end(), op, [m.group(2)], col)


def _number(phrase: str) -> tuple[float, str | None] | None:
    n = parse_number(phrase.strip())
    return None if n is None else (n.value, n.unit)


def _num_range(
    scan: _Scan, a: int, b: int, op: str, phrases: Sequence[str], words: list[str]
) -> None:
    read = [_number(p) for p in phrases]
    if any(r is None for r in read) or not scan.free(a, b):
        return
    nums = [r for r in read if r is not None]
    unit = next((u for _, u in nums if u), None)
    value = tuple(v for v, _ in nums)
    if op == "between" and value[0] > value[1]:
        return
    scan.add(a, b, kind=RANGE, column=_column_words(words), op=op, value=value, unit=unit)


def _scan_numbers(scan: _Scan, s: str) -> None:
    for m in _NUM_BETWEEN_RE.finditer(s):
        lo, hi = next((m.group(g), m.group(g + 1)) for g in (1, 3, 5) if m.group(g))
        words = _before(s, m.start()) + ([m.group(7)] if m.group(7) else []) + _after(s, m.end())
        _num_range(scan, m.start(), m.end(), "between", [lo, hi], words)
    for m in _NUM_OP_RE.finditer(s):
        op = _NUM_OPS[" ".join(m.group(1).lower().split())]
        _num_range(
            scan, m.start(), m.end(), op, [m.group(2)], _before(s, m.start()) + _after(s, m.end())
        )
    for m in _NUM_POSTFIX_RE.finditer(s):
        op = _POSTFIX_OPS[" ".join(m.group(2).lower().split())] if m.group(1) else ">="
        num = m.group(1) or m.group(3)
        _num_range(scan, m.start(), m.end(), op, [num], _before(s, m.start()) + _after(s, m.end()))


def _scan_top_k(scan: _Scan, s: str) -> None:
    for m in _TOP_K_RE.finditer(s):
        raw = (m.group(1) or m.group(2)).lower()
        k = _NUMBER_WORDS.get(raw, None) if not raw.isdigit() else int(raw)
        if not k or not scan.free(m.start(), m.end()):
            continue
        word = (m.group(3) or m.group(5) or "top").lower()
        op = "smallest" if re.fullmatch(_LOW_WORDS, word) else "largest"
        by = _BY_RE.match(s[m.end() : m.end() + 80])
        col = _category_words(by.group(1)) if by else (m.group(4) or m.group(6))
        scan.add(m.start(), m.end(), kind=TOP_K, column=col, op=op, value=(k,))


def _category_words(phrase: str) -> str | None:
    words: list[str] = []
    for w in phrase.split():
        if w.lower() in _STOP:
            break
        words.append(w)
    return " ".join(words) or None


def _scan_categories(scan: _Scan, s: str) -> None:
    for clause in _clauses(s):
        a0, part = clause
        if _INSTRUCTION_RE.search(part):
            continue
        for rx, op in ((_ONLY_RE, "in"), (_EXCLUDE_RE, "not_in"), (_PROPER_RE, "in")):
            for m in rx.finditer(part):
                g = 2 if rx is _EXCLUDE_RE and m.group(1) is None else 1
                if rx is _PROPER_RE:  # "in Japan and the United States": either
                    names = re.split(r"\s(?:and|&)\s(?:the\s)?", m.group(1))
                    value = tuple(n.strip() for n in names if n.strip())
                    end = m.end(1)
                else:
                    words = _category_words(m.group(g))
                    value = (words,) if words else ()
                    end = m.start(g) + len(words or "")
                a, b = a0 + m.start(), a0 + end
                if value and scan.free(a, b):
                    scan.add(a, b, kind=CATEGORY, column=None, op=op, value=value)


def _clauses(s: str) -> Iterator[tuple[int, str]]:
    start = 0
    for m in _CLAUSE_RE.finditer(s):
        yield start, s[start : m.start()]
        start = m.end()
    yield start, s[start:]


def _unparsed(scan: _Scan, s: str) -> list[str]:
    """Numbers of the scanned text that no constraint read, with the words around them."""
    out: dict[str, None] = {}
    for m in _DIGIT_RUN_RE.finditer(s):
        if scan.free(m.start(), m.end()):
            a = max(0, s.rfind(" ", 0, max(0, m.start() - 12)) + 1)
            b = s.find(" ", min(len(s), m.end() + 12))
            b = b if b >= 0 else len(s)
            phrase = " ".join(scan.original[max(a, scan.skip) - scan.skip : b - scan.skip].split())
            if phrase:
                out[phrase] = None
    return list(out)


def _bare_periods(scan: _Scan, s: str) -> None:
    for m in _BARE_PERIOD_RE.finditer(s):
        digits = re.sub(r"\D", "", m.group(0))
        prefixed = not m.group(0)[:1].isdigit()
        if prefixed or 1800 <= int(digits[:4]) <= 2099:
            col = _column_words(_before(s, m.start()) or _after(s, m.end()))
            _date_range(scan, m.start(), m.end(), "in_period", [m.group(0)], col)


def _scan(text: str, scan: _Scan, categories: bool) -> list[str]:
    s = text
    _scan_dates(scan, s)
    _scan_numbers(scan, s)
    _scan_top_k(scan, s)
    _bare_periods(scan, s)
    if categories:
        _scan_categories(scan, s)
    return _unparsed(scan, s)


_NONE_VALUES: Final = frozenset({"", "none", "null", "n/a", "na", "no", "-"})


def _dict_constraints(constraints: Mapping[str, Any]) -> tuple[list[QueryConstraint], list[str]]:
    """Constraints from the paper's dict: ``entity_scope`` phrases and ``numerical_range``."""
    out: list[QueryConstraint] = []
    unparsed: list[str] = []
    scope = constraints.get("entity_scope")
    phrases = [scope] if isinstance(scope, str) else scope if isinstance(scope, list) else []
    for phrase in phrases:
        if isinstance(phrase, str) and phrase.strip().lower() not in _NONE_VALUES:
            phrase = phrase.strip()[:_MAX_QUOTED]
            out.append(QueryConstraint(ENTITY_SCOPE, None, "in", (phrase,), phrase, "constraints"))
    ranges = constraints.get("numerical_range")
    if not isinstance(ranges, str):
        return out, unparsed
    for part in ranges[: _MAX_QUOTED * 4].split(";"):
        if part.strip().lower() not in _NONE_VALUES:
            found, understood = _read_range(part.strip())
            out += found
            if not understood:
                unparsed.append(part.strip())
    return out, unparsed


@lru_cache(maxsize=4096)
def _read_range(part: str) -> tuple[tuple[QueryConstraint, ...], bool]:
    """The ranges of one ``numerical_range`` part, and whether all of it was understood."""
    text = "in " + part  # "2021" reads as "in 2021", "2020 to 2023" as a range
    scan = _Scan(text, part, "constraints", skip=3)
    left = _scan(text, scan, categories=False)
    found = tuple(c for _, c in sorted(scan.found, key=lambda t: t[0]))
    return found, bool(found) and not left


_DEFAULT: Final = Config()
_CACHE_CHARS: Final = 4096  # queries up to this long are read once per process (they repeat)
_Read = tuple[
    tuple[str, ...] | None, tuple[str, str] | None, tuple[QueryConstraint, ...], tuple[str, ...]
]


def _parse(text: str) -> _Read:
    """Columns, sort rule, constraints and unread phrases of one query text."""
    quoted = _quoted_spans(text)
    listed = _column_list(text, quoted)
    masked = _blank(text, list(quoted) + ([listed[1:]] if listed else []))
    scan = _Scan(masked, text, "query")
    unparsed = _scan(masked, scan, categories=True)
    found = tuple(c for _, c in sorted(scan.found, key=lambda t: t[0]))
    columns = listed[0] if listed else None
    sort = rule_from_query(text, list(columns) if columns else None) if text else None
    return columns, sort, found, tuple(unparsed)


_read_query = lru_cache(maxsize=4096)(_parse)


def parse_query(
    query: str | None,
    constraints: Mapping[str, Any] | None = None,
    *,
    config: Config | None = None,
) -> QuerySpec:
    """The columns, sort rule and scope constraints stated by ``query`` and ``constraints``.

    Reads at most ``Config.max_query_chars`` characters of the query. A sort rule comes from the
    query (:func:`~tablehallu.detectors.order.rule_from_query`, given the listed columns), else
    from the dict's ``sort_column``/``sort_order``. A range in the dict that the query already
    states is not repeated. Never raises on any string or mapping.
    """
    config = config or _DEFAULT
    text = query[: config.max_query_chars] if isinstance(query, str) else ""
    columns, sort, read, unread = _read_query(text) if len(text) <= _CACHE_CHARS else _parse(text)
    found, unparsed = list(read), list(unread)
    if constraints is not None and isinstance(constraints, Mapping):
        extra, left = _dict_constraints(constraints)
        seen = {(c.kind, c.op, c.value) for c in found}
        found += [c for c in extra if (c.kind, c.op, c.value) not in seen]
        unparsed += left
        column, order = (
            constraints.get("sort_column"),
            parse_direction(constraints.get("sort_order")),
        )
        if sort is None and isinstance(column, str) and column.strip() and order:
            sort = (column.strip(), order)
    return QuerySpec(columns, sort, tuple(found), tuple(unparsed))


# --- deciding rows -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Column:
    header: str
    stems: frozenset[str]
    cells: tuple[TypedCell, ...]
    spans: tuple[tuple[int, int] | None, ...]  # the days each cell covers (temporal columns)
    temporal: bool  # most non-empty cells are dates, or years under a year-like header
    numeric: bool  # most non-empty cells are numbers (and the column is not temporal)
    dated: bool  # most non-empty cells are dates (not bare years)
    pure_time: bool  # the header names only a time ("Year", "Date", "Season")


def _cell_span(cell: TypedCell) -> tuple[int, int] | None:
    if cell.kind == "date" and cell.date is not None:
        return _interval(cell.date)
    n = cell.number
    if cell.kind == "number" and n is not None:
        year = n.unit is None and not n.has_scale and n.magnitude.is_integer()
        if year and 1000 <= n.magnitude <= 2999:
            return _interval(DateValue(int(n.magnitude)))
        return None
    if cell.kind == "text" and len(cell.raw) <= 40 and any(ch.isdigit() for ch in cell.raw):
        read = _period(cell.raw)
        if read is not None:
            return _interval(read[0])[0], _interval(read[1])[1]
    return None


_TableKey = tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]
_last_columns: tuple[_TableKey, Config, list[_Column]] | None = None


def _columns(table: ParsedTable, config: Config) -> list[_Column]:
    """The typed columns of ``table`` (the last table's kept, by content: a sample asks two or
    three times)."""
    global _last_columns
    key = (tuple(table.headers), tuple(tuple(r) for r in table.rows()))
    last = _last_columns
    if last is not None and last[1] is config and last[0] == key:
        return last[2]
    out = _read_columns(table, config)
    _last_columns = (key, config, out)
    return out


def _read_columns(table: ParsedTable, config: Config) -> list[_Column]:
    rows = table.rows()
    out: list[_Column] = []
    for c, header in enumerate(table.headers):
        cells = tuple(
            type_cell(r[c] if c < len(r) else "", config.dayfirst, max_chars=config.max_typed_chars)
            for r in rows
        )
        hs = frozenset(stems(header)) - _GENERIC_HEADER_STEMS
        yearish = bool(hs & _YEARISH_STEMS) and header_unit(header) == (None, 1.0)
        spans = tuple(_cell_span(x) if x.kind != "number" or yearish else None for x in cells)
        present = [i for i, x in enumerate(cells) if x.kind != "null"]
        dated = bool(present) and 2 * sum(cells[i].kind == "date" for i in present) > len(present)
        temporal = bool(present) and 2 * sum(spans[i] is not None for i in present) > len(present)
        numbers = sum(cells[i].kind == "number" for i in present)
        numeric = bool(present) and 2 * numbers > len(present) and not temporal
        pure = bool(hs) and hs <= _TIME_STEMS
        out.append(_Column(header, hs, cells, spans, temporal, numeric, dated, pure))
    return out


def _phrase_stems(words: str | None) -> frozenset[str]:
    if not words:
        return frozenset()
    return frozenset(stems(" ".join(w for w in words.split() if w.lower() not in _STOP)))


def _unit_fits(col: _Column, unit: str | None) -> bool:
    if unit is None:
        return True
    declared = header_unit(col.header)[0]
    units = {x.number.unit for x in col.cells if x.number is not None and x.number.unit}
    return declared == unit or unit in units or (declared is None and not units and unit != "%")


def _bind(c: QueryConstraint, cols: Sequence[_Column]) -> int | None:
    """The table column a range or top-k constraint applies to, or None (not decidable).

    The right-typed column sharing the most word stems with the constraint's words (then with
    its clause); else, when those words name a column of another type, none; else the only
    right-typed column (for dates: only a column of dates or a header that names only a time).
    """
    if c.kind == RANGE and c.is_date:
        fits = [i for i, col in enumerate(cols) if col.temporal]
    elif c.kind == RANGE:
        fits = [i for i, col in enumerate(cols) if col.numeric and _unit_fits(col, c.unit)]
    else:  # top-k: any column that orders
        fits = [i for i, col in enumerate(cols) if col.numeric or col.temporal]
    near = _phrase_stems(c.column)
    dates = c.kind == RANGE and c.is_date
    for words in (near, _phrase_stems(c.context)) if dates else (near,):
        score = {i: _overlap(words, cols[i].stems) for i in fits}
        best = max(score.values(), default=0)
        if best > 0:
            top = [i for i, v in score.items() if v == best]
            return top[0] if len(top) == 1 else None
    if c.kind == TOP_K or len(fits) != 1:
        return None  # a top-k needs its column named
    if any(
        col.numeric and col.stems and _overlap(near, col.stems) == len(col.stems) for col in cols
    ):
        return None  # the words name another column ("monthly active users in 2023")
    only = cols[fits[0]]
    if dates:  # a header that is a time; a column of dates for an explicit range
        return fits[0] if only.pure_time or (only.dated and c.op != "in_period") else None
    return fits[0] if c.unit is not None else None  # a bare number needs its column named


def _overlap(words: frozenset[str], header: frozenset[str]) -> int:
    """How many header stems the words name (equal, or sharing their first five letters:
    "publish"/"public", "discov"/"discoveri")."""
    return sum(any(w == h or (len(w) >= 5 and w[:5] == h[:5]) for w in words) for h in header)


def _date_ok(op: str, bounds: Sequence[tuple[int, int]], cell: tuple[int, int]) -> bool | None:
    """True: the cell's days satisfy the bound; False: none of them can; None: some might."""
    s, e = cell
    b = bounds[0]
    if op == ">":
        return True if s > b[1] else False if e <= b[1] else None
    if op == ">=":
        return True if s >= b[0] else False if e < b[0] else None
    if op == "<":
        return True if e < b[0] else False if s >= b[0] else None
    if op == "<=":
        return True if e <= b[1] else False if s > b[1] else None
    if op == "between":
        lo, hi = bounds[0][0], bounds[-1][1]
        return True if lo <= s and e <= hi else False if e < lo or s > hi else None
    if any(p[0] <= s and e <= p[1] for p in bounds):  # in_period
        return True
    return False if all(e < p[0] or s > p[1] for p in bounds) else None


def _number_ok(op: str, bounds: Sequence[float], v: float) -> bool:
    b = bounds[0]
    return {
        ">": v > b,
        ">=": v >= b,
        "<": v < b,
        "<=": v <= b,
        "between": bounds[0] <= v <= bounds[-1],
    }.get(op, True)


def _range_cell(c: QueryConstraint, col: _Column, r: int) -> tuple[bool | None, str]:
    cell = col.cells[r]
    if c.is_date:
        span = col.spans[r]
        bounds = [_interval(d) for d in (_from_iso(v) for v in c.value) if d is not None]
        if span is None or len(bounds) != len(c.value):
            return None, ""
        ok = _date_ok(c.op, bounds, span)
    else:
        n = cell.number
        if cell.kind != "number" or n is None:
            return None, ""
        unit = n.unit or header_unit(col.header)[0]
        if c.unit and unit and unit != c.unit:
            return None, ""
        ok = _number_ok(c.op, c.value, float(order_key(cell, col.header)[1]))
    return ok, f"{col.header!r} is {cell.raw!r}, outside {c.text!r}"


def _check_range(c: QueryConstraint, col: _Column, verdicts: list[_RowAcc]) -> None:
    for r, acc in enumerate(verdicts):
        ok, reason = _range_cell(c, col, r)
        if ok is False:
            acc.violated.append((c, reason))
        elif ok is None:
            acc.undecided.append(c)


def _entity_column(cols: Sequence[_Column]) -> _Column | None:
    """The first text column: the one naming each row's entity."""
    return next((col for col in cols if not col.temporal and not col.numeric), None)


def _entities(cols: Sequence[_Column]) -> list[str] | None:
    """The row entity (normalised text of the first text column) of each row; None without one."""
    col = _entity_column(cols)
    return None if col is None else [x.text for x in col.cells]


def _check_top_k(c: QueryConstraint, cols: Sequence[_Column], verdicts: list[_RowAcc]) -> None:
    k = int(c.value[0])
    keys = _entities(cols)
    distinct = {e for e in keys or () if e}
    if keys is not None and len(distinct) <= k:
        return
    i = _bind(c, cols)
    if keys is None or i is None:
        for acc in verdicts:
            acc.undecided.append(c)
        return
    col = cols[i]
    sign = -1.0 if c.op == "largest" else 1.0
    best: dict[str, tuple[float, str]] = {}
    for r, key in enumerate(keys):
        cell = col.cells[r]
        if key and cell.kind in ("number", "date"):
            v = sign * float(order_key(cell, col.header)[1])
            if key not in best or v < best[key][0]:
                best[key] = (v, cell.raw)
    ranked = sorted(best.items(), key=lambda kv: kv[1][0])
    if len(ranked) <= k:
        for acc in verdicts:
            acc.undecided.append(c)
        return
    cutoff = ranked[k - 1][1]
    cols_entity = _entity_column(cols)
    for r, key in enumerate(keys):
        if key not in best:
            verdicts[r].undecided.append(c)
        elif best[key][0] > cutoff[0]:
            name = cols_entity.cells[r].raw if cols_entity is not None else key
            reason = (
                f"{name!r} is not among the {k} {c.op} by {col.header!r} "
                f"({best[key][1]!r}; number {k} is {cutoff[1]!r})"
            )
            verdicts[r].violated.append((c, reason))


@dataclass
class _RowAcc:
    violated: list[tuple[QueryConstraint, str]]
    undecided: list[QueryConstraint]


def _holds(cell: TypedCell, category: frozenset[str]) -> bool:
    """True when every word of the cell is a word of the category, or the start of one ("Europe"
    in "European countries", "Premier League" in "the Premier League"; not "Tavoran" in
    "Tavora")."""
    return cell.kind == "text" and _words_hold(cell.text, category)


@lru_cache(maxsize=65536)
def _words_hold(text: str, category: frozenset[str]) -> bool:
    words = stems(text)
    return bool(words) and all(
        any(w == c or (len(w) >= 4 and c.startswith(w)) for c in category) for w in words
    )


def _category_column(c: QueryConstraint, cols: Sequence[_Column], share: float) -> int | None:
    category = _phrase_stems(" ".join(str(v) for v in c.value))
    if not category:
        return None
    scores: dict[int, float] = {}
    for i, col in enumerate(cols):
        present = [x for x in col.cells if x.kind != "null"]
        hits = sum(_holds(x, category) for x in present)
        if hits and hits >= share * len(present):
            scores[i] = hits / len(present)
    best = max(scores.values(), default=0.0)
    top = [i for i, v in scores.items() if v == best]
    return top[0] if len(top) == 1 else None


def _check_category(
    c: QueryConstraint, cols: Sequence[_Column], verdicts: list[_RowAcc], share: float
) -> None:
    category = _phrase_stems(" ".join(str(v) for v in c.value))
    i = _category_column(c, cols, share) if c.op == "in" else None
    for r, acc in enumerate(verdicts):
        if c.op == "not_in":  # a cell naming the excluded category breaks it; else undecided
            hit = next((col for col in cols if _holds(col.cells[r], category)), None)
            if hit is not None:
                acc.violated.append(
                    (c, f"{hit.header!r} is {hit.cells[r].raw!r}, excluded by {c.text!r}")
                )
            else:
                acc.undecided.append(c)
        elif i is None or cols[i].cells[r].kind == "null":
            acc.undecided.append(c)
        elif not _holds(cols[i].cells[r], category):
            raw = cols[i].cells[r].raw
            acc.violated.append((c, f"{cols[i].header!r} is {raw!r}, not {c.value[0]!r}"))


def check_rows(
    spec: QuerySpec, table: ParsedTable, config: Config | None = None
) -> list[RowVerdict]:
    """For every body row of ``table``, the constraints of ``spec`` it breaks (with a reason) and
    those it cannot decide (no column bound, cell empty or of another type)."""
    config = config or _DEFAULT
    if not spec.constraints:
        return [RowVerdict(r, (), ()) for r in range(table.shape[0])]
    cols = _columns(table, config)
    verdicts = [_RowAcc([], []) for _ in range(table.shape[0])]
    for c in spec.constraints:
        if c.kind == RANGE:
            i = _bind(c, cols)
            if i is None:
                for acc in verdicts:
                    acc.undecided.append(c)
            else:
                _check_range(c, cols[i], verdicts)
        elif c.kind == TOP_K:
            _check_top_k(c, cols, verdicts)
        else:
            _check_category(c, cols, verdicts, config.query_category_min_share)
    return [
        RowVerdict(r, tuple(acc.violated), tuple(acc.undecided)) for r, acc in enumerate(verdicts)
    ]


def bound_columns(
    spec: QuerySpec, table: ParsedTable, config: Config | None = None
) -> dict[QueryConstraint, str | None]:
    """The header of ``table`` each constraint of ``spec`` is decided on (None: no column; a
    ``not_in`` category is decided on any cell, so None too)."""
    config = config or _DEFAULT
    if not spec.constraints:
        return {}
    cols = _columns(table, config)
    out: dict[QueryConstraint, str | None] = {}
    for c in spec.constraints:
        if c.kind in (RANGE, TOP_K):
            i = _bind(c, cols)
        else:
            i = _category_column(c, cols, config.query_category_min_share) if c.op == "in" else None
        out[c] = cols[i].header if i is not None else None
    return out


def scope_decidable(
    spec: QuerySpec,
    table: ParsedTable,
    config: Config | None = None,
    *,
    kinds: Collection[str] | None = None,
) -> bool:
    """True when nothing of the query's scope went unread and every scope constraint (of
    ``kinds``, default all) is bound to a column of ``table``: a top-k also when the table has no
    more than k entities; a ``not_in`` category never (no table shows a value is not in it)."""
    if spec.unparsed:
        return False
    config = config or _DEFAULT
    cols = _columns(table, config)
    for c in spec.constraints:
        if kinds is not None and c.kind not in kinds:
            continue
        if c.kind == RANGE and _bind(c, cols) is None:
            return False
        if c.kind == TOP_K:
            keys = _entities(cols)
            few = keys is not None and len({e for e in keys if e}) <= int(c.value[0])
            if not few and _bind(c, cols) is None:
                return False
        if c.kind in (CATEGORY, ENTITY_SCOPE) and (
            c.op == "not_in" or _category_column(c, cols, config.query_category_min_share) is None
        ):
            return False
    return True

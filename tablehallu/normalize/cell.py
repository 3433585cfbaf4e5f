"""Typed cells: one raw cell string classified as null, date, number or text.

:func:`type_cell` tries, in order: null (:func:`~tablehallu.normalize.nulls.is_null`), date
(:func:`~tablehallu.normalize.dates.parse_date`; a bare number is never a date), number
(:func:`~tablehallu.normalize.numbers.parse_number`), else text. ``TypedCell.text`` is always
:func:`~tablehallu.normalize.text.normalize_text` of the raw cell ("" for a null).

:func:`order_key` gives keys that never raise when compared across kinds: numbers and dates share
one axis (a number is placed like a year, before the dates inside that year, so a number column
and a year-precision date column sort together), then text (by normalised text), then nulls.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from tablehallu.normalize.dates import DEFAULT_MAX_CHARS, DateValue, parse_date
from tablehallu.normalize.nulls import NULL_VOCABULARY, is_null
from tablehallu.normalize.numbers import NumberValue, header_unit, parse_number
from tablehallu.normalize.text import normalize_text

__all__ = ["KINDS", "TypedCell", "comparable", "drop_footnote_marks", "order_key", "type_cell"]

#: The kinds a cell can have.
KINDS: Final[tuple[str, ...]] = ("null", "number", "date", "text")

_CACHE_MAX_CHARS: Final = 1024
#: Last characters of a cell that may end a footnote mark
_MARK_ENDS: Final = frozenset("]†‡")


@dataclass(frozen=True)
class TypedCell:
    """A cell with its kind and parsed value (``number`` / ``date`` set for those kinds only);
    ``raw`` is the cell as written, footnote marks after its value aside
    (:func:`drop_footnote_marks`)."""

    raw: str
    kind: str
    text: str
    number: NumberValue | None = None
    date: DateValue | None = None


def _type_cell(raw: str, dayfirst: bool, max_chars: int) -> TypedCell:
    if raw.isdigit() and raw.isascii():
        # the commonest cell: a null only if listed, never a date (a bare number), its own
        # normalised text; the general path below would say the same (tested), 3 readings slower
        if raw in NULL_VOCABULARY:
            return TypedCell(raw, "null", "")
        number = parse_number(raw, max_chars=max_chars)
        return TypedCell(raw, "number" if number is not None else "text", raw, number=number)
    return _type_cell_general(raw, dayfirst, max_chars)


#: What a footnote mark in square brackets holds after a value ("1,200[1]", "[a]", "[note 2]",
#: "[citation needed]"); a dagger or double dagger after a value is one too ("12 †")
_FOOTNOTE_RE: Final = re.compile(
    r"\d{1,3}|[a-z]|(?:note|nb|n) ?\d{1,3}|citation needed", re.IGNORECASE
)
_DAGGERS: Final = frozenset("†‡")
#: Footnote marks read off one cell's end at most
_MAX_FOOTNOTE_MARKS: Final = 4


def drop_footnote_marks(raw: str) -> str:
    """``raw`` without the footnote marks a model copies after a value from its source
    ("1,200[1]", "128 min[2][3]", "12 †", "Near Threatened[citation needed]"): the value the
    cell states; ``raw`` itself when it has none, or when nothing of a value would be left."""
    s = raw.rstrip()
    for _ in range(_MAX_FOOTNOTE_MARKS):
        if s and s[-1] in _DAGGERS:
            s = s[:-1].rstrip()
            continue
        i = s.rfind("[") if s.endswith("]") else -1
        if i > 0 and _FOOTNOTE_RE.fullmatch(s[i + 1 : -1]):
            s = s[:i].rstrip()
            continue
        break
    return s if s != raw.rstrip() and any(ch.isalnum() for ch in s) else raw


def _type_cell_general(raw: str, dayfirst: bool, max_chars: int) -> TypedCell:
    if is_null(raw):
        return TypedCell(raw, "null", "")
    bare = drop_footnote_marks(raw) if raw[-1:] in _MARK_ENDS else raw
    if bare != raw:  # "1,200[1]": the value, its mark aside (``raw`` is the value as written)
        return _type_cell_general(bare, dayfirst, max_chars)
    text = normalize_text(raw)
    date = parse_date(raw, dayfirst, max_chars=max_chars)
    if date is not None:
        return TypedCell(raw, "date", text, date=date)
    number = parse_number(raw, max_chars=max_chars)
    if number is not None:
        return TypedCell(raw, "number", text, number=number)
    return TypedCell(raw, "text", text)


_type_cell_cached = lru_cache(maxsize=65536)(_type_cell)


def type_cell(raw: str, dayfirst: bool = False, *, max_chars: int = DEFAULT_MAX_CHARS) -> TypedCell:
    """Classify ``raw``: null, then date, then number, else text (cached).

    ``dayfirst`` reads ambiguous numeric dates day-first (``Config.dayfirst``); cells longer
    than ``max_chars`` after normalisation are never numbers or dates (``Config.max_typed_chars``).
    Non-string input raises TypeError.
    """
    if not isinstance(raw, str):
        raise TypeError(f"type_cell expects a str, got {type(raw).__name__}")
    if len(raw) <= _CACHE_MAX_CHARS:
        return _type_cell_cached(raw, dayfirst, max_chars)
    return _type_cell(raw, dayfirst, max_chars)


def order_key(cell: TypedCell, header: str | None = None) -> tuple[int, float | str, int, int, int]:
    """Sort key: numbers by value, dates by :meth:`DateValue.sort_key`, text by normalised text.

    Numbers and dates share one axis (a number sorts like the year of that value, before the
    dates inside that year); text comes after them and nulls last. Under a ``header`` that
    declares a scale ("Revenue (USD Billion)"), a number written without one is read in it, so
    that "4.9" sorts above "$4.2B".
    """
    if cell.kind == "number" and cell.number is not None:
        n = cell.number
        if header is not None and not n.has_scale:
            return (0, n.magnitude * header_unit(header)[1], 0, 0, 0)
        return (0, n.value, 0, 0, 0)
    if cell.kind == "date" and cell.date is not None:
        year, quarter, month, day = cell.date.sort_key()
        return (0, float(year), quarter, month, day)
    if cell.kind == "null":
        return (2, "", 0, 0, 0)
    return (1, cell.text, 0, 0, 0)


def comparable(a: TypedCell, b: TypedCell) -> bool:
    """Whether ``a`` and ``b`` are values of one kind (a number and a year-precision date are)."""
    if a.kind == b.kind:
        return True
    pair = {a.kind: a, b.kind: b}
    if set(pair) == {"number", "date"}:
        date = pair["date"].date
        return date is not None and date.precision == "year"
    return False

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

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from tablehallu.normalize.dates import DEFAULT_MAX_CHARS, DateValue, parse_date
from tablehallu.normalize.nulls import NULL_VOCABULARY, is_null
from tablehallu.normalize.numbers import NumberValue, header_unit, parse_number
from tablehallu.normalize.text import normalize_text

__all__ = ["KINDS", "TypedCell", "comparable", "order_key", "type_cell"]

#: The kinds a cell can have.
KINDS: Final[tuple[str, ...]] = ("null", "number", "date", "text")

_CACHE_MAX_CHARS: Final = 1024


@dataclass(frozen=True)
class TypedCell:
    """A cell with its kind and parsed value (``number`` / ``date`` set for those kinds only)."""

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


def _type_cell_general(raw: str, dayfirst: bool, max_chars: int) -> TypedCell:
    if is_null(raw):
        return TypedCell(raw, "null", "")
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

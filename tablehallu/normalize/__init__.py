"""Normalisation of cells: text, nulls, numbers, dates and typed cells.

Pure, cached functions; each module's docstring is the reference for its vocabulary:
:mod:`~tablehallu.normalize.text`, :mod:`~tablehallu.normalize.nulls`,
:mod:`~tablehallu.normalize.numbers`, :mod:`~tablehallu.normalize.dates`,
:mod:`~tablehallu.normalize.cell`; other forms of a text value (a gloss, a legal form, a
region, a country code) in :mod:`~tablehallu.normalize.forms`.
"""

from __future__ import annotations

from tablehallu.normalize.cell import KINDS, TypedCell, comparable, order_key, type_cell
from tablehallu.normalize.dates import (
    PRECISIONS,
    DateValue,
    dates_equal,
    normalize_date,
    parse_date,
)
from tablehallu.normalize.nulls import CANONICAL_NULL, NULL_VOCABULARY, is_null, normalize_null
from tablehallu.normalize.numbers import (
    CURRENCIES,
    SCALES,
    UNIT_SYNONYMS,
    NumberValue,
    extract_numbers,
    format_number,
    header_base,
    header_unit,
    numbers_equal,
    parse_number,
)
from tablehallu.normalize.text import (
    ascii_digits,
    initialisms,
    normalize_header,
    normalize_text,
    stems,
    tokens,
)

__all__ = [
    "CANONICAL_NULL",
    "CURRENCIES",
    "KINDS",
    "NULL_VOCABULARY",
    "PRECISIONS",
    "SCALES",
    "UNIT_SYNONYMS",
    "DateValue",
    "NumberValue",
    "TypedCell",
    "ascii_digits",
    "comparable",
    "dates_equal",
    "extract_numbers",
    "format_number",
    "header_base",
    "header_unit",
    "initialisms",
    "is_null",
    "normalize_date",
    "normalize_header",
    "normalize_null",
    "normalize_text",
    "numbers_equal",
    "order_key",
    "parse_date",
    "parse_number",
    "stems",
    "tokens",
    "type_cell",
]

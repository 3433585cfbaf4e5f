"""Null cells: the spellings that mean "no value", standardised to the paper's ``-``.

A string cell is null when, after :func:`~tablehallu.normalize.text.normalize_text` (markup,
case, quotes, dashes and spacing unified) and after removing brackets that wrap the whole cell
(``(none)``, ``[not mentioned]``, ``{null}``, ``<n/a>``) and a trailing full stop
(``Not mentioned.``), it is

- one of :data:`NULL_VOCABULARY`:
  empty; dashes ``- -- --- — – ―``; placeholders ``? ?? ??? . ... … / _ __ ___``;
  ``n/a n.a. n.a na #n/a n/d n.d. null none nil nan``;
  ``not available unavailable unknown not known information unknown not mentioned
  not specified unspecified not provided not disclosed undisclosed not reported unreported
  not stated not given not listed no data no info no information no value not applicable
  tbd tba tbc``;
- or a "missing" phrase: an optional subject (``data``, ``information``, ``info``, ``value``,
  ``details``, ``the ...`` with an optional ``is/are/was``), then ``not``/``never``/``none``, then
  one of ``mentioned specified stated given provided reported available disclosed listed known
  found included recorded applicable``, then optionally ``in/from/by (the) context/text/passage/
  source/article/paragraph/data/report/document/input/table`` -- e.g. ``Information not
  available``, ``Not mentioned in the text``, ``None reported``.

- or such a spelling followed by a note about the missing value after ``,`` ``;`` ``:`` ``(``
  or `` - `` (``Not specified, but 7 more than Philadelphia``, ``N/A - injured``).

Not null (they are values): ``0``, ``no``, ``x``, ``none of the above``, ``missing``, ``empty``,
``blank``, ``N/A%`` (a unit attached to a null marker is malformed text, reported as it is
rather than silently dropped), ``$-`` (accounting zero). Non-string values are null when they
are ``None``, a float NaN, ``pandas.NA`` or ``pandas.NaT``.
"""

from __future__ import annotations

import math
import numbers
import re
import sys
from functools import lru_cache
from typing import Final

from tablehallu.normalize.text import normalize_text

__all__ = ["CANONICAL_NULL", "NULL_VOCABULARY", "is_null", "normalize_null"]

#: The paper's canonical representation of an empty cell.
CANONICAL_NULL: Final[str] = "-"

_SPELLINGS: Final[tuple[str, ...]] = (
    "",
    "-",
    "--",
    "---",
    "—",
    "–",
    "―",
    "?",
    "??",
    "???",
    ".",
    "...",
    "…",
    "/",
    "_",
    "__",
    "___",
    "n/a",
    "n.a.",
    "n.a",
    "na",
    "#n/a",
    "n/d",
    "n.d.",
    "null",
    "none",
    "nil",
    "nan",
    "not available",
    "unavailable",
    "unknown",
    "not known",
    "information unknown",
    "not mentioned",
    "not specified",
    "unspecified",
    "not provided",
    "not disclosed",
    "undisclosed",
    "not reported",
    "unreported",
    "not stated",
    "not given",
    "not listed",
    "no data",
    "no info",
    "no information",
    "no value",
    "not applicable",
    "tbd",
    "tba",
    "tbc",
)

#: Spellings of "no value": each listed spelling and its normalised form (lower-case).
NULL_VOCABULARY: Final[frozenset[str]] = frozenset(_SPELLINGS) | frozenset(
    normalize_text(s) for s in _SPELLINGS
)

_MISSING_PHRASE_RE: Final = re.compile(
    r"(?:(?:the )?(?:data|information|info|value|details?) (?:(?:is|are|was) )?)?"
    r"(?:not|never|none) "
    r"(?:mentioned|specified|stated|given|provided|reported|available|disclosed|listed|known"
    r"|found|included|recorded|applicable)"
    r"(?: (?:in|from|by) (?:the )?"
    r"(?:context|text|passage|source|article|paragraph|data|report|document|input|table))?"
)
_NOTE_SPLIT_RE: Final = re.compile(r"[,;:(]| - ")
_BRACKETS: Final = frozenset({("(", ")"), ("[", "]"), ("{", "}"), ("<", ">")})
_CACHE_MAX_CHARS: Final = 256


def _unwrap(s: str) -> str:
    i, j = 0, len(s)
    while j - i >= 2 and (s[i], s[j - 1]) in _BRACKETS:
        i, j = i + 1, j - 1
    return normalize_text(s[i:j]) if (i, j) != (0, len(s)) else s


def _is_null_normalised(s: str) -> bool:
    if s in NULL_VOCABULARY or _MISSING_PHRASE_RE.fullmatch(s):
        return True
    if s.endswith(".") and not s.endswith(".."):
        t = s[:-1].rstrip()
        return t in NULL_VOCABULARY or _MISSING_PHRASE_RE.fullmatch(t) is not None
    return False


def _is_null_str(value: str) -> bool:
    s = normalize_text(value)
    if _is_null_normalised(s):
        return True
    inner = _unwrap(s)
    if inner != s and _is_null_normalised(inner):
        return True
    # "(Not specified, but 7 more than Philadelphia)", "N/A - injured": a null marker, then a
    # note about the missing value
    head = _NOTE_SPLIT_RE.split(inner, maxsplit=1)[0].strip()
    return head != inner and bool(head) and _is_null_normalised(head)


_is_null_str_cached = lru_cache(maxsize=65536)(_is_null_str)


def is_null(value: object) -> bool:
    """True when ``value`` means "no value" (see the module docstring for the exact rule)."""
    if value is None:
        return True
    if isinstance(value, str):
        if len(value) <= _CACHE_MAX_CHARS:
            return _is_null_str_cached(value)
        return _is_null_str(value)
    if isinstance(value, float):
        return math.isnan(value)
    pandas = sys.modules.get("pandas")
    if pandas is not None and (value is pandas.NA or value is pandas.NaT):
        return True
    if isinstance(value, numbers.Number):
        try:
            return bool(value != value)  # NaN of another numeric type (numpy, Decimal)
        except (ArithmeticError, TypeError, ValueError):  # e.g. Decimal("sNaN")
            return True
    return False


def normalize_null(value: str) -> str:
    """:data:`CANONICAL_NULL` when ``value`` is null, else ``value`` unchanged."""
    return CANONICAL_NULL if is_null(value) else value

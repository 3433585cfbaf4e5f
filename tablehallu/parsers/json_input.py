"""Untrusted JSON documents (input records, gold files, constraint strings): decoded so that no
integer literal can make the decoder raise.

Python refuses to convert integers longer than ``sys.get_int_max_str_digits()`` digits (4 300 by
default; the conversion is quadratic) and :func:`json.loads` raises a plain ``ValueError`` on such
a literal. Here it becomes a :class:`LongInteger` placeholder instead, so the rest of the
document is still read: the caller reports the record by file, line, id and field
(:func:`long_integer_problem`) and goes on with the next one.

The same limit applies to Python ``int`` values handed to the API: :func:`int_text` converts one
to text, or returns None when it is too long.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

__all__ = [
    "IntegerTooLong",
    "LongInteger",
    "UntrustedJSON",
    "checked_int_text",
    "int_digit_limit",
    "int_text",
    "long_integer_problem",
    "long_integers",
    "usable_id",
]


def int_digit_limit() -> int:
    """The most digits Python converts between ``int`` and text (0: no limit)."""
    return sys.get_int_max_str_digits()


class LongInteger:
    """Stands in a decoded document for an integer literal too long to convert."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"LongInteger(digits={self.digits})"


class UntrustedJSON:
    """A JSON decoder for untrusted text; :attr:`found` lists the :class:`LongInteger` values
    of the last :meth:`loads` / :meth:`raw_decode` (empty when every integer was read).

    Raises what :func:`json.loads` raises for invalid JSON (``json.JSONDecodeError``) and
    RecursionError for nesting too deep for the decoder, never a ValueError for a number.
    """

    def __init__(self) -> None:
        self.found: list[LongInteger] = []
        self._decoder = json.JSONDecoder(parse_int=self._int)

    def _int(self, text: str) -> int | LongInteger:
        limit = int_digit_limit()
        digits = len(text) - text.startswith("-")
        if limit and digits > limit:
            placeholder = LongInteger(digits)
            self.found.append(placeholder)
            return placeholder
        return int(text)

    def loads(self, text: str) -> Any:
        """The decoded document (:func:`json.loads` semantics)."""
        self.found = []
        try:
            return _PLAIN.decode(text)
        except json.JSONDecodeError:
            raise
        except ValueError:  # an integer too long: read again, with placeholders
            return self._decoder.decode(text)

    def raw_decode(self, text: str, index: int) -> tuple[Any, int]:
        """The value starting at ``text[index]`` and the index after it."""
        self.found = []
        try:
            return _PLAIN.raw_decode(text, index)
        except json.JSONDecodeError:
            raise
        except ValueError:
            return self._decoder.raw_decode(text, index)


#: The decoder without the integer hook (a Python call per integer): tried first. The scanner
#: converts each value as it reads it, so the first error it meets is the first error of the
#: document: a syntax error is the hooked decoder's too, and only a too-long integer (the one
#: other ValueError) needs the hooked reading.
_PLAIN = json.JSONDecoder()


def _too_long(value: Any) -> bool:
    if isinstance(value, LongInteger):
        return True
    if isinstance(value, int) and not isinstance(value, bool):
        limit = int_digit_limit()
        # log10(2) < 0.30103: an int of at most this many bits has at most `limit` digits
        return bool(limit) and value.bit_length() * 0.30103 > limit - 1 and int_text(value) is None
    return False


def long_integers(value: Any, limit: int = 100_000) -> list[LongInteger]:
    """The integers of a decoded document (placeholders, or Python ints in API input) too long
    for Python to convert to text, as :class:`LongInteger` values (at most the first ``limit``
    containers are visited)."""
    found: list[LongInteger] = []
    stack = [value]
    visited = 0
    while stack and visited < limit:
        item = stack.pop()
        visited += 1
        kind = type(item)
        if kind is str or kind is float:  # the commonest values: neither containers nor ints
            continue
        if kind is dict or isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif _too_long(item):
            found.append(item if isinstance(item, LongInteger) else LongInteger(_digits(item)))
    return found


def _digits(value: int) -> int:
    """Roughly how many digits ``value`` has (for messages; exact to within one)."""
    return int(value.bit_length() * 0.30103) + 1


def long_integer_problem(value: Any, found: list[LongInteger]) -> str:
    """Why a decoded document with over-long integers cannot be used: which top-level field
    holds the first one (when ``value`` is an object) and how many digits it has."""
    first = found[0]
    where = "holds"
    if isinstance(value, Mapping):
        for key, item in value.items():
            if long_integers(item):
                where = f"{json.dumps(str(key), ensure_ascii=False)} holds"
                break
    more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    return (
        f"{where} an integer of {first.digits} digits{more}, more than the "
        f"{int_digit_limit()} Python reads; write such a number as a string"
    )


def int_text(value: int) -> str | None:
    """``str(value)``, or None when ``value`` has more digits than Python converts."""
    try:
        return str(value)
    except ValueError:
        return None


class IntegerTooLong(ValueError):
    """A Python ``int`` in API input has more digits than Python converts to text."""

    def __init__(self, value: int, where: str | None = None) -> None:
        self.digits = _digits(value)
        at = f"{where} holds" if where else "holds"
        super().__init__(
            f"{at} an integer of about {self.digits} digits, more than the "
            f"{int_digit_limit()} Python converts to text"
        )


def checked_int_text(value: int, where: str | None = None) -> str:
    """``str(value)``; raises :class:`IntegerTooLong` (naming ``where``) when it is too long."""
    text = int_text(value)
    if text is None:
        raise IntegerTooLong(value, where)
    return text


def usable_id(value: Any) -> str | int | None:
    """The ``id`` of a decoded record when it can name the record in a message, else None."""
    if isinstance(value, Mapping):
        rid = value.get("id")
        if isinstance(rid, str) or (
            isinstance(rid, int) and not isinstance(rid, bool) and not _too_long(rid)
        ):
            return rid
    return None

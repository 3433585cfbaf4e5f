"""Reading a record's ``constraints`` field (the paper's constraint dict)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from tablehallu.parsers.json_input import UntrustedJSON, long_integer_problem
from tablehallu.parsers.json_table import json_type_name

__all__ = ["read_constraints"]


def read_constraints(value: Any) -> tuple[Mapping[str, Any] | None, str | None]:
    """The constraints as a mapping, or why they cannot be used.

    Accepts a mapping, a JSON string of one, and the paper's constraint-identification output
    ``{"constraints": {...}}``; ``None``, ``""`` and ``"null"`` mean no constraints.
    Returns ``(mapping or None, problem or None)``.
    """
    if value is None:
        return None, None
    if isinstance(value, str):
        if not value.strip():
            return None, None
        decoder = UntrustedJSON()
        try:
            value = decoder.loads(value)
        except json.JSONDecodeError as exc:
            return (
                None,
                f'"constraints" is a string but not valid JSON: {exc.msg} (column {exc.colno})',
            )
        except RecursionError:
            return None, '"constraints" is nested too deeply to read'
        if decoder.found:
            return None, f'"constraints" {long_integer_problem(None, decoder.found)}'
        if value is None:
            return None, None
    if not isinstance(value, Mapping):
        return (
            None,
            f'"constraints" must be an object or a JSON string of one, got {json_type_name(value)}',
        )
    inner = value.get("constraints")
    if len(value) == 1 and isinstance(inner, Mapping):
        value = inner
    return value, None

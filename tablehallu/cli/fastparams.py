"""Command-line values read without pydantic in the common cases.

typer (0.2x) reads every parameter of a command through a pydantic ``TypeAdapter`` built when
the command runs: importing pydantic and building the adapters of ``score``'s 24 parameters cost
about 0.17 s of CPU, a third of the start-up of a small run. :func:`install` makes typer read the
plain cases directly: a string, a whole number or a decimal written in digits, a Path (checked
by typer's own path checks), an enum member named exactly, a list of these. Anything else (a
value out of range, a case-insensitive enum name, an unparsable number, a type not listed) goes
to typer's own pydantic reader, so its errors and messages are unchanged.

typer's internals used here (``typer.core._TyperParameter.get_runtime_param``,
``typer._coercion.RuntimeParam``, ``typer._param_types.coerce_cli_path``) are private: when they
are missing (another typer version) :func:`install` does nothing and typer reads everything itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, get_args, get_origin

__all__ = ["install"]

_MISS = object()
_INT = re.compile(r"-?[0-9]{1,18}")
_FLOAT = re.compile(r"-?[0-9]{1,18}(?:\.[0-9]{1,18})?")
_INSTALLED: list[bool] = []


def _in_range(number: float, info: Any) -> bool:
    if getattr(info, "clamp", False):
        return False
    low, high = getattr(info, "min", None), getattr(info, "max", None)
    return (low is None or number >= low) and (high is None or number <= high)


def _fast_value(annotation: Any, info: Any, value: Any, param: Any, ctx: Any) -> Any:
    """``value`` read as ``annotation``, or ``_MISS`` when typer's own reader should decide."""
    if getattr(info, "parser", None) is not None:
        return _MISS
    if get_origin(annotation) is list:
        (item,) = get_args(annotation) or (Any,)
        if not isinstance(value, (list, tuple)):
            return _MISS
        out = [_fast_value(item, info, v, param, ctx) for v in value]
        return _MISS if any(v is _MISS for v in out) else out
    if annotation is str:
        return value if isinstance(value, str) else _MISS
    if annotation is bool:
        return value if isinstance(value, bool) else _MISS
    if annotation is int:
        if type(value) is int:
            number: Any = value
        elif isinstance(value, str) and _INT.fullmatch(value):
            number = int(value)
        else:
            return _MISS
        return number if _in_range(number, info) else _MISS
    if annotation is float:
        if type(value) in (int, float) or (isinstance(value, str) and _FLOAT.fullmatch(value)):
            number = float(value)
        else:
            return _MISS
        return number if _in_range(number, info) else _MISS
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        if isinstance(value, annotation):
            return value
        for member in annotation:
            if member.value == value:
                return member
        return _MISS
    if annotation is Path and getattr(info, "path_type", None) in (None, Path):
        from typer._param_types import coerce_cli_path

        if isinstance(value, str) and value and "\0" not in value:
            value = Path(value)
        if not isinstance(value, Path):
            return _MISS
        return coerce_cli_path(value, info, path_type=Path, param=param, ctx=ctx)
    return _MISS


def install() -> None:
    """Make typer read plain parameter values without building pydantic adapters (idempotent)."""
    if _INSTALLED:
        return
    _INSTALLED.append(True)
    try:
        from typer import _coercion, core

        base = _coercion.RuntimeParam
        build = _coercion.build_runtime_param
        parameter = core._TyperParameter
        original = parameter.get_runtime_param
        import typer._param_types as param_types

        param_types.coerce_cli_path  # noqa: B018 - fail here, not at run time, if it is gone
    except (ImportError, AttributeError):  # another typer: it reads every value itself
        return

    @dataclass(frozen=True)
    class _FastRuntimeParam(base):  # type: ignore[misc,valid-type]
        descriptor: Any = None
        slow: list[Any] = field(default_factory=list)

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            fast = _fast_value(self.annotation, self.parameter_info, value, param, ctx)
            if fast is not _MISS:
                return fast
            if not self.slow:
                self.slow.append(build(self.descriptor))
            return self.slow[0]._coerce_value(value, param=param, ctx=ctx)

    def get_runtime_param(self: Any) -> Any:
        descriptor = getattr(self, "type_descriptor", None)
        if (
            getattr(self, "_runtime_param", None) is None
            and descriptor is not None
            and getattr(descriptor, "file_annotation", None) is None
        ):
            self._runtime_param = _FastRuntimeParam(
                parameter_info=descriptor.parameter_info,
                annotation=descriptor.annotation,
                descriptor=descriptor,
            )
        return original(self)

    parameter.get_runtime_param = get_runtime_param  # type: ignore[method-assign]

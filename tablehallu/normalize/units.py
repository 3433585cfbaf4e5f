"""Unit conversions between physical units: is ``297.18 m`` the gold's ``325`` yards?

A number's unit is its own (``5 km``) or its column header's (``Distance (yards)``,
:func:`~tablehallu.normalize.numbers.header_unit`). Two numbers in different units are converted
with `pint <https://pint.readthedocs.io>`_ (imported on the first conversion only: building its
registry costs about a second, and most tables never need it). Only the canonical units of
:data:`PINT_UNITS` convert — lengths, areas, masses, volumes, temperatures, speeds and durations;
currencies never do (no exchange rates: ``$5`` and ``€5`` differ), nor counts (points, %).

:func:`converts_to` says whether one reading converts to the other within a relative tolerance
(``Config.unit_rel_tol``). In a cell a lone ``m`` reads as "million"
(:mod:`~tablehallu.normalize.numbers`); against a length it is read as metres here.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from tablehallu.normalize.cell import TypedCell, type_cell
from tablehallu.normalize.numbers import NumberValue

__all__ = [
    "PINT_UNITS",
    "Conversion",
    "convert",
    "convertible",
    "converts_to",
    "figure_with_conversion",
]

#: Canonical units (as :func:`~tablehallu.normalize.numbers.parse_number` and
#: :func:`~tablehallu.normalize.numbers.header_unit` give them) -> pint unit names.
PINT_UNITS: Final[dict[str, str]] = {
    "km": "kilometer",
    "m": "meter",
    "cm": "centimeter",
    "mm": "millimeter",
    "mi": "mile",
    "yd": "yard",
    "ft": "foot",
    "in": "inch",
    "nmi": "nautical_mile",
    "kg": "kilogram",
    "g": "gram",
    "mg": "milligram",
    "lb": "pound",
    "oz": "ounce",
    "tonnes": "metric_ton",
    "l": "liter",
    "ml": "milliliter",
    "gal": "gallon",
    "°c": "degree_Celsius",
    "°f": "degree_Fahrenheit",
    "km/h": "kilometer / hour",
    "mph": "mile / hour",
    "m/s": "meter / second",
    "kn": "knot",
    "km2": "kilometer ** 2",
    "m2": "meter ** 2",
    "mi2": "mile ** 2",
    "ft2": "foot ** 2",
    "ha": "hectare",
    "acres": "acre",
    "hours": "hour",
    "minutes": "minute",
    "seconds": "second",
    "days": "day",
    "weeks": "week",
}

_REGISTRY: Any = None
_LOCK = threading.Lock()


def _registry() -> Any:
    """pint's unit registry, built once per process on first use."""
    global _REGISTRY
    with _LOCK:
        if _REGISTRY is None:
            import pint

            _REGISTRY = pint.UnitRegistry()
    return _REGISTRY


def convertible(a: str | None, b: str | None) -> bool:
    """Whether the canonical units ``a`` and ``b`` differ and both are physical units that
    :func:`convert` knows (same dimension or not: that is :func:`convert`'s question)."""
    return a is not None and b is not None and a != b and a in PINT_UNITS and b in PINT_UNITS


@lru_cache(maxsize=1024)
def _factor(source: str, target: str) -> tuple[float, float] | None:
    """(scale, offset) with ``target = scale * source + offset``; None across dimensions."""
    import pint

    ureg = _registry()
    try:
        zero = ureg.Quantity(0.0, PINT_UNITS[source]).to(PINT_UNITS[target]).magnitude
        one = ureg.Quantity(1.0, PINT_UNITS[source]).to(PINT_UNITS[target]).magnitude
    except pint.DimensionalityError:
        return None
    return float(one - zero), float(zero)


def convert(value: float, source: str, target: str) -> float | None:
    """``value`` in unit ``source`` expressed in ``target``; None when the units do not convert
    (unknown, or different dimensions: kilograms are not metres)."""
    if source == target:
        return value
    if source not in PINT_UNITS or target not in PINT_UNITS:
        return None
    f = _factor(source, target)
    return None if f is None else f[0] * value + f[1]


@dataclass(frozen=True)
class Conversion:
    """A predicted number that states the gold one in another unit."""

    pred_unit: str
    gold_unit: str
    converted: float  # the predicted value in the gold's unit
    rel_error: float

    def describe(self, gold_value: float) -> str:
        """``325 yd = 297.18 m`` style explanation (the predicted value in the gold's unit)."""
        return (
            f"{_fmt(self.converted)} {self.gold_unit} once converted from {self.pred_unit} "
            f"(gold {_fmt(gold_value)} {self.gold_unit}; off by {self.rel_error:.2%})"
        )


def _fmt(x: float) -> str:
    return f"{x:.6g}"


def _as_metres(n: NumberValue, text: str) -> NumberValue:
    """A lone trailing ``m`` read as million (the cell reading) re-read as metres."""
    if n.unit is None and n.scale == 1e6 and text.rstrip().endswith("m"):
        return NumberValue(n.magnitude, 1.0, "m", n.approximate)
    return n


def converts_to(
    gold: NumberValue,
    pred: NumberValue,
    gold_unit: str | None,
    pred_unit: str | None,
    rel_tol: float,
    gold_text: str = "",
    pred_text: str = "",
) -> Conversion | None:
    """The conversion by which ``pred`` (in ``pred_unit``: its own unit, else its header's)
    states ``gold`` (in ``gold_unit``) within ``rel_tol``; None when the units are the same,
    unknown, of different dimensions, or the converted values are further apart.
    ``gold_text``/``pred_text`` (the normalised cells) let a trailing ``m`` read as metres."""
    if gold_unit is None and pred_unit is not None and pred_unit in PINT_UNITS:
        gold = _as_metres(gold, gold_text)
        gold_unit = gold.unit
    if pred_unit is None and gold_unit is not None and gold_unit in PINT_UNITS:
        pred = _as_metres(pred, pred_text)
        pred_unit = pred.unit
    if not convertible(gold_unit, pred_unit):
        return None
    assert gold_unit is not None and pred_unit is not None
    converted = convert(pred.value, pred_unit, gold_unit)
    if converted is None:
        return None
    target = gold.value
    big = max(abs(converted), abs(target))
    error = 0.0 if big == 0 else abs(converted - target) / big
    if error > rel_tol:
        return None
    return Conversion(pred_unit, gold_unit, converted, error)


def figure_with_conversion(raw: str, rel_tol: float, dayfirst: bool = False) -> TypedCell | None:
    """The first figure of a cell that writes one and, in brackets, the same figure in another
    unit ("113.4 m (372 ft)", "412 km (256 mi)"), typed as its own cell, when the bracketed one
    converts it within ``rel_tol``; None for any other cell (a wrong conversion stays a claim
    of the whole cell)."""
    text = raw.strip()
    if not text.endswith(")") or text.count("(") != 1 or text.count(")") != 1 or rel_tol <= 0:
        return None
    first, _, second = text[:-1].partition("(")
    a, b = type_cell(first.strip(), dayfirst), type_cell(second.strip(), dayfirst)
    if a.kind != "number" or b.kind != "number" or a.number is None or b.number is None:
        return None
    how = converts_to(a.number, b.number, a.number.unit, b.number.unit, rel_tol, a.text, b.text)
    return a if how is not None else None

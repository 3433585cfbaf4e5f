"""What the detector says about one response: :class:`Finding` and :class:`Diagnosis`."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

#: The six hallucination types of the TableHallu taxonomy, in the paper's Table 1 column order.
FORMAT_ERROR = "format_error"
OUT_OF_RANGE = "out_of_range"
ORDER_MISMATCH = "order_mismatch"
ATTRIBUTE_DISTORTION = "attribute_distortion"
BLANK_FILLING = "blank_filling"
ENTITY_FABRICATION = "entity_fabrication"

HALLUCINATION_TYPES: tuple[str, ...] = (
    FORMAT_ERROR,
    OUT_OF_RANGE,
    ORDER_MISMATCH,
    ATTRIBUTE_DISTORTION,
    BLANK_FILLING,
    ENTITY_FABRICATION,
)
CONSTRAINT_TYPES: tuple[str, ...] = (FORMAT_ERROR, OUT_OF_RANGE, ORDER_MISMATCH)
CONTEXT_TYPES: tuple[str, ...] = (ATTRIBUTE_DISTORTION, BLANK_FILLING, ENTITY_FABRICATION)

#: A gold row the response left out. Reported, but outside ``total`` (as in the paper).
OMISSION = "omission"
#: The prediction differs from the gold table and the context sides with the prediction (or the
#: gold holds a value the context never states): the gold table is wrong or incomplete there.
GOLD_CONFLICT = "gold_conflict"
#: A row outside the gold table whose entity the context names, when no query or constraints
#: state a scope it could be outside of (its cells are still grounded).
EXTRA_ROW = "extra_row"
#: A field of a key/value table that the gold lacks and the context states.
EXTRA_ATTRIBUTE = "extra_attribute"
#: A predicted number that states the gold one in another physical unit (325 yards written as
#: 297.18 m), within ``Config.unit_rel_tol`` once converted.
UNIT_CONVERSION = "unit_conversion"
#: A predicted cell the cascade accepts as the gold value only as a partial match (one contains
#: the other, an acronym or abbreviation of it, a similar text): not a hallucination, but not
#: the gold value as written either (it costs a little severity).
PARTIAL_MATCH = "partial_match"
#: Findings reported outside ``total``.
INFO_TYPES: tuple[str, ...] = (
    OMISSION,
    GOLD_CONFLICT,
    EXTRA_ROW,
    EXTRA_ATTRIBUTE,
    UNIT_CONVERSION,
    PARTIAL_MATCH,
)
FINDING_TYPES: tuple[str, ...] = (*HALLUCINATION_TYPES, *INFO_TYPES)

#: Macro flags: name -> the types any of which sets it.
MACRO_FLAGS: dict[str, tuple[str, ...]] = {
    "constraint_violation": CONSTRAINT_TYPES,
    "context_violation": CONTEXT_TYPES,
    "total": HALLUCINATION_TYPES,
}

#: Human column titles of the paper's Table 1, for every type and macro flag.
TITLES: dict[str, str] = {
    FORMAT_ERROR: "Format Error",
    OUT_OF_RANGE: "Range Hallu",
    ORDER_MISMATCH: "Order Mismatch",
    ATTRIBUTE_DISTORTION: "Attribute Hallu",
    BLANK_FILLING: "Blank Filling",
    ENTITY_FABRICATION: "Entity Fab.",
    "constraint_violation": "Constraint-Violation",
    "context_violation": "Context-Violation",
    "total": "TotalHallu",
    OMISSION: "Omission",
    GOLD_CONFLICT: "Gold conflict",
    EXTRA_ROW: "Extra row",
    EXTRA_ATTRIBUTE: "Extra attribute",
    UNIT_CONVERSION: "Unit conversion",
    PARTIAL_MATCH: "Partial match",
}


def _one_based(index: int | None) -> int | None:
    return None if index is None else index + 1


@dataclass(frozen=True)
class Finding:
    """One located problem.

    ``pred_row``/``gold_row`` are 0-based body-row indices (None when not applicable); every form
    a person reads (:meth:`to_dict`, the details lines, ``str()``, ``explain``) numbers rows from 1,
    like ``tablehallu check``; :meth:`from_dict` takes that form back. ``matcher``
    names the cascade stage that decided (``exact``, ``null``, ``number``, ``date``, ``substring``,
    ``embedding``, ``lexical``, ``fuzzy``, ``unit``, ``header``, ``values``, ``parse``,
    ``context``...), ``score`` its
    similarity. ``column`` is the gold column; ``pred_column`` the predicted header as written.
    ``evidence`` (when the context was used): ``sentence``, its ``start``/``end`` in the context,
    and the value's ``value_start``/``value_end`` when it was located.
    """

    type: str
    subtype: str | None = None
    pred_row: int | None = None
    gold_row: int | None = None
    column: str | None = None
    predicted: str | None = None
    expected: str | None = None
    matcher: str | None = None
    score: float | None = None
    explanation: str = ""
    evidence: dict[str, Any] | None = None
    pred_column: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form with every field."""
        return {
            "type": self.type,
            "subtype": self.subtype,
            "pred_row": _one_based(self.pred_row),
            "gold_row": _one_based(self.gold_row),
            "column": self.column,
            "predicted": self.predicted,
            "expected": self.expected,
            "matcher": self.matcher,
            "score": None if self.score is None else round(float(self.score), 4),
            "explanation": self.explanation,
            "evidence": self.evidence,
            "pred_column": self.pred_column,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Finding:
        """Inverse of :meth:`to_dict` (rows numbered from 1 there)."""
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        for k in ("pred_row", "gold_row"):
            if isinstance(known.get(k), int):
                known[k] -= 1
        return cls(**known)

    def __str__(self) -> str:
        where = []
        if self.pred_row is not None:
            where.append(f"pred row {self.pred_row + 1}")
        if self.gold_row is not None:
            where.append(f"gold row {self.gold_row + 1}")
        if self.column is not None:
            where.append(f"column {self.column!r}")
        loc = f" [{', '.join(where)}]" if where else ""
        sub = f"/{self.subtype}" if self.subtype else ""
        return f"{self.type}{sub}{loc}: {self.explanation}"


#: Statuses of a :class:`CellGrounding` besides the claim statuses (stated, contradicted,
#: unstated): a key cell, an empty cell, a cell whose claim could not be read
KEY, EMPTY, UNCHECKED = "key", "empty", "unchecked"


@dataclass(frozen=True)
class CellGrounding:
    """What the context says about one predicted cell (referenceless mode, :func:`ground`).

    ``status``: ``stated``, ``contradicted``, ``unstated`` (a filled value the context never
    states), ``unchecked`` (the context speaks of it in a form not read: no verdict), ``key``
    (a key cell: the row's entity, ``stated`` when the context names it is in ``entity_status``),
    ``empty``. ``row`` is the 0-based body row of the response; ``evidence`` as in
    :class:`Finding`.
    """

    row: int
    column: str
    value: str
    status: str
    evidence: dict[str, Any] | None = None
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (rows numbered from 1)."""
        return {
            "row": self.row + 1,
            "column": self.column,
            "value": self.value,
            "status": self.status,
            "evidence": self.evidence,
            "reason": self.reason,
        }


@dataclass
class Diagnosis:
    """The verdict on one response: findings, the types present, and how it was reached.

    ``matcher`` is the similarity stage that ran (``embedding:<model>`` or ``lexical``);
    ``primary_key`` the key columns used; ``sort_rule`` the order rule checked and its source;
    ``warnings`` notes that are not findings (parse warnings, a missing context...);
    ``error`` says why the sample could not be evaluated at all, ``error_kind`` what failed:
    ``gold`` (the gold table does not parse) or ``internal`` (a bug; please report it).
    ``severity`` says how bad the response is, in [0, 1] (0 faithful, 1 nothing right), from the
    cost model of :mod:`tablehallu.detectors.severity`; None when it was not evaluated.
    ``reference`` says what the response was judged against: ``gold`` (its gold table) or
    ``context`` (the context and query alone, ``Config.reference``); ``cells`` holds, in
    ``context`` mode, what the context says about every predicted cell (not in :meth:`to_dict`),
    and ``query_constraints`` the constraints read from the query there
    (:class:`tablehallu.detectors.query.QueryConstraint`).
    """

    findings: list[Finding] = field(default_factory=list)
    matcher: str | None = None
    primary_key: list[str] = field(default_factory=list)
    sort_rule: dict[str, Any] | None = None
    warnings: list[str] = field(default_factory=list)
    parsed_format: str | None = None
    has_context: bool = True
    error: str | None = None
    error_kind: str | None = None
    severity: float | None = None
    reference: str = "gold"
    query_constraints: list[dict[str, Any]] = field(default_factory=list)
    cells: list[CellGrounding] | None = field(default=None, repr=False, compare=False)

    @property
    def hallucinations(self) -> frozenset[str]:
        """The hallucination types present (omission excluded)."""
        return frozenset(f.type for f in self.findings if f.type in HALLUCINATION_TYPES)

    @property
    def passed(self) -> bool:
        """True when the response has no hallucination (``total`` not set; omissions allowed)
        and could be evaluated."""
        return self.error is None and not self.hallucinations

    @property
    def counts(self) -> dict[str, int]:
        """Number of findings per type, for every type key including ``omission``."""
        c = Counter(f.type for f in self.findings)
        return {t: int(c.get(t, 0)) for t in FINDING_TYPES}

    @property
    def flags(self) -> dict[str, bool]:
        """Per-sample booleans: each type, the macro flags, and ``omission``."""
        present = self.hallucinations
        out = {t: t in present for t in HALLUCINATION_TYPES}
        for name, members in MACRO_FLAGS.items():
            out[name] = any(t in present for t in members)
        out[OMISSION] = self.counts[OMISSION] > 0
        return out

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "hallucinations": [t for t in HALLUCINATION_TYPES if t in self.hallucinations],
            "flags": self.flags,
            "counts": self.counts,
            "findings": [f.to_dict() for f in self.findings],
            "matcher": self.matcher,
            "primary_key": list(self.primary_key),
            "sort_rule": self.sort_rule,
            "parsed_format": self.parsed_format,
            "has_context": self.has_context,
            "warnings": list(self.warnings),
            "error": self.error,
            "error_kind": self.error_kind,
            "severity": None if self.severity is None else round(float(self.severity), 4),
            "reference": self.reference,
            "query_constraints": list(self.query_constraints),
        }

    def __str__(self) -> str:
        if self.error:
            return f"not evaluated: {self.error}"
        present = [TITLES[t] for t in HALLUCINATION_TYPES if t in self.hallucinations]
        head = "no hallucination" if not present else "hallucinations: " + ", ".join(present)
        lines = [head]
        if self.primary_key:
            lines.append(f"primary key: {', '.join(self.primary_key)}")
        if self.sort_rule:
            rule = self.sort_rule
            lines.append(
                f"order rule: {rule.get('column')} {rule.get('direction')} "
                f"(from {rule.get('source')})"
            )
        if self.matcher:
            lines.append(f"matcher: {self.matcher}")
        for f in self.findings:
            lines.append(f"  - {f}")
        for w in self.warnings:
            lines.append(f"  ! {w}")
        return "\n".join(lines)

"""What every rule module shares: findings, the rule record and the severities.

A rule is a function ``check(rec) -> list[Finding] | None`` whose docstring is its reference
text (``docs/check.md`` is generated from it); :data:`tablehallu.check.rules.RULES` gives it
its id, name, summary, default severity and selection.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from tablehallu.check.record import RecordView, TableView

__all__ = [
    "ERROR",
    "SEVERITIES",
    "WARNING",
    "Check",
    "Deferred",
    "Finding",
    "Rule",
    "cell_finding",
    "row_finding",
]

ERROR: Final = "error"
WARNING: Final = "warning"
#: Severities a rule can have; only ``error`` findings make ``tablehallu check`` exit 1.
SEVERITIES: Final[tuple[str, ...]] = (ERROR, WARNING)


@dataclass(frozen=True)
class Deferred:
    """A finding only the embedding stage can confirm: it stands unless ``text`` reaches
    ``threshold`` cosine similarity with one of ``candidates``."""

    text: str
    candidates: tuple[str, ...]
    threshold: float


@dataclass(frozen=True)
class Finding:
    """One violation of one rule in one record. ``row`` is 0-based in the table body."""

    code: str
    message: str
    row: int | None = None
    column: str | None = None
    entity: str | None = None
    deferred: Deferred | None = None


#: A rule's check: its findings in one record, or None when the record lacks what it needs.
Check = Callable[[RecordView], list[Finding] | None]


@dataclass(frozen=True)
class Rule:
    """A rule: stable id, kebab-case name, one-line summary, default severity and selection.

    ``needs`` says what a record must have for the rule to apply (else it is skipped);
    ``reference`` is the reference text of a rule without a check function (TH000, which the
    runner applies).
    """

    code: str
    name: str
    summary: str
    severity: str
    default: bool
    check: Check | None = field(repr=False, default=None)
    reference: str = field(repr=False, default="")
    needs: str = ""

    @property
    def doc(self) -> str:
        """The rule's reference text (its function's docstring)."""
        if self.reference:
            return dedent(self.reference)
        return dedent(self.check.__doc__ or "") if self.check is not None else ""


def dedent(text: str) -> str:
    """A docstring without its indentation (the first line may be unindented)."""
    lines = text.strip("\n").splitlines()
    if not lines:
        return ""
    rest = [ln for ln in lines[1:] if ln.strip()]
    indent = min((len(ln) - len(ln.lstrip()) for ln in rest), default=0)
    return "\n".join([lines[0].strip(), *(ln[indent:] for ln in lines[1:])]).strip()


def cell_finding(view: TableView, row: int, column: int, code: str, message: str) -> Finding:
    """A finding about one cell, its message prefixed with the row, entity and column."""
    return Finding(
        code,
        f"{view.where(row, column)}: {message}",
        row=row,
        column=view.headers[column],
        entity=view.entity(row),
    )


def row_finding(view: TableView, row: int, code: str, message: str) -> Finding:
    """A finding about one row, its message prefixed with the row and entity."""
    return Finding(code, f"{view.where(row)}: {message}", row=row, entity=view.entity(row))

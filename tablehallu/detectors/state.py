"""The state one sample carries through the detector's stages (:mod:`tablehallu.detectors.stages`).

Each stage reads what the earlier ones left here and adds its part; findings go to
``diag.findings``. Rows and columns are indices: ``p`` into the kept predicted rows (``p_index``
maps back to the response's body rows), ``g`` into the gold rows, ``c`` into the gold columns.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from tablehallu.config import Config
from tablehallu.detectors.diagnosis import Diagnosis
from tablehallu.detectors.grounding.claims import Grounder
from tablehallu.detectors.headers import Alignment
from tablehallu.detectors.matching import CellMatch
from tablehallu.detectors.similarity import SimilarityBackend
from tablehallu.normalize import TypedCell, type_cell
from tablehallu.parsers.table import ParsedTable

NULL_CELL = type_cell("")


@dataclass
class Dispute:
    """A cell of a matched row where the prediction and the gold table disagree.

    ``kind``: ``blank`` (gold empty, prediction filled), ``missing`` (prediction empty, gold
    filled), ``wrong`` (both filled, no match), ``extra_column`` (a predicted column the gold
    table lacks), ``agrees`` (a text cell that matches the gold, checked for a contradiction).
    ``c`` is the gold column (``None`` for an extra column, then ``pc`` is the predicted column
    index)."""

    kind: str
    p: int
    g: int | None
    c: int | None
    match: CellMatch | None = None
    pc: int | None = None


@lru_cache(maxsize=128)
def _grounder(
    context: str,
    names: tuple[str | tuple[str, ...], ...],
    config: Config,
    subject: int | None,
    referenceless: bool,
    headers: tuple[str, ...],
    fields: tuple[str, ...] = (),
) -> Grounder:
    """A context prepared for a table's entities, shared by the samples that ask for the same
    (predictions of one gold table often name the same entities in the same context)."""
    return Grounder(context, names, config, subject, referenceless, headers, fields)


@dataclass
class SampleState:
    """Everything the stages share for one sample."""

    config: Config
    backend: SimilarityBackend
    diag: Diagnosis
    gold: ParsedTable
    pred: ParsedTable | None = None
    context: str | None = None
    query: str | None = None
    constraints: Mapping[str, Any] | None = None
    # filled by the format and key stages
    alignment: Alignment | None = None
    g_headers: list[str] = field(default_factory=list)
    g_rows: list[list[str]] = field(default_factory=list)
    g_cells: list[list[TypedCell]] = field(default_factory=list)
    p_typed: list[list[TypedCell]] = field(default_factory=list)  # every predicted cell
    p_cells: list[list[TypedCell | None]] = field(default_factory=list)  # aligned to gold columns
    p_index: list[int] = field(default_factory=list)
    aligned_cols: list[int] = field(default_factory=list)
    key_cols: list[int] = field(default_factory=list)
    key_source: str = ""  # how the key was chosen (tablehallu.detectors.keys.KeyChoice.source)
    key_value: bool = False  # a Field | Value table: rows are attributes of one subject
    period_columns: bool = False  # ... whose other columns are periods ("Metric | 2023 | 2022")
    # filled by row alignment
    match_of_pred: dict[int, int] = field(default_factory=dict)
    key_matched_cols: dict[int, set[int]] = field(default_factory=dict)
    duplicates: set[int] = field(default_factory=set)
    whole_row: dict[int, float] = field(default_factory=dict)  # p -> share of agreeing cells
    # filled by the cell stage, settled by adjudication
    disputes: list[Dispute] = field(default_factory=list)
    # referenceless mode: rows naming the same entity share one grounder entity
    entity_of: list[int] | None = None
    entity_names: tuple[str | tuple[str, ...], ...] | None = None
    period_cols: list[int] = field(default_factory=list)  # key columns naming a period
    _grounder: Grounder | None = None

    @property
    def n_pred(self) -> int:
        """Number of kept predicted rows."""
        return len(self.p_cells)

    def cell(self, p: int, c: int) -> TypedCell:
        """The predicted cell of row ``p`` under gold column ``c`` (null when not aligned)."""
        v = self.p_cells[p][c]
        return v if v is not None else NULL_CELL

    def pred_header(self, c: int) -> str | None:
        """The predicted header of the column aligned with gold column ``c`` (None when none)."""
        if self.pred is None or self.alignment is None:
            return None
        p = self.alignment.pred_for_gold[c]
        return self.pred.headers[p] if p is not None and p < len(self.pred.headers) else None

    def has_context(self) -> bool:
        """Whether a non-blank context was given."""
        return bool(self.context and self.context.strip())

    def scoped(self) -> bool:
        """Whether the sample states a scope (a query or constraints) that rows can be outside."""
        return bool((self.query and self.query.strip()) or self.constraints)

    def adjudicating(self) -> bool:
        """Whether disagreements with the gold are settled by the context."""
        return self.config.adjudicate == "context" and self.has_context()

    def grounder(self) -> Grounder:
        """The context prepared for this table's claims (built on first use)."""
        if self._grounder is None:
            assert self.context is not None
            alone = self.diag.reference == "context"
            headers = tuple(self.pred.headers) if alone and self.pred is not None else ()
            if self.key_value:
                fields = tuple(self.key_text(p=q) for q in range(self.n_pred))
                self._grounder = _grounder(
                    self.context, ("",), self.config, 0, alone, headers, fields
                )
            else:
                names = self.entity_names or self._entity_names()
                self._grounder = _grounder(self.context, names, self.config, None, alone, headers)
        return self._grounder

    def entity(self, p: int) -> int:
        """The grounder's entity index of predicted row ``p``."""
        if self.key_value:
            return 0
        return p if self.entity_of is None else self.entity_of[p]

    def key_text(self, p: int | None = None, g: int | None = None) -> str:
        """The raw key text of a predicted or gold row."""
        if p is not None:
            return " ".join(self.cell(p, k).raw for k in self.key_cols if self.cell(p, k).raw)
        assert g is not None
        return " ".join(self.g_rows[g][k] for k in self.key_cols if k < len(self.g_rows[g]))

    def attribute(self, c: int | None, p: int | None = None, g: int | None = None) -> str:
        """The attribute a cell states: its column header, or in a key/value table the row's
        field name."""
        if self.key_value:
            name = self.key_text(p=p) if p is not None else self.key_text(g=g)
            if self.period_columns and c is not None and c < len(self.g_headers):
                return f"{name} {self.g_headers[c]}"  # "Revenue ($M) 2023"
            return name
        assert c is not None
        return self.g_headers[c]

    def _entity_names(self) -> tuple[tuple[str, ...], ...]:
        names: list[tuple[str, ...]] = []
        gold_of = self.match_of_pred
        for p in range(self.n_pred):
            spellings = [self.key_text(p=p)]
            if p in gold_of:
                spellings.append(self.key_text(g=gold_of[p]))
            names.append(tuple(spellings))
        matched = set(gold_of.values())
        for g in range(len(self.g_rows)):
            names.append(() if g in matched else (self.key_text(g=g),))
        return tuple(names)

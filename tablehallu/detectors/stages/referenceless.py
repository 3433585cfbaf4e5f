"""Referenceless mode (``Config.reference = "context"``): a table judged by its context alone.

Without a gold table the paper's definition is applied directly (sec. 3.1: Content(T) must be a
subset of Content(C)). The prediction's own structure stands in for the gold's (its headers,
typed cells and key columns); then, for every predicted row:

1. its key cells are looked up in the context (exact, fuzzy, then embedding search, as for rows
   outside the gold table, then the grounding engine's aliases: a surname, a team's city): not
   found -> ``entity_fabrication`` / ``not_in_context`` (its other cells are not checked: the
   whole row is invented); a row identical to an earlier one -> ``out_of_range`` /
   ``duplicate``;
2. every other filled cell is a claim checked by the grounding engine
   (:mod:`tablehallu.detectors.grounding.claims`), the row's key naming the entity and the
   header the attribute (in a key/value table: the subject of the context and the field):

   ==================  ==================================================
   the context ...     finding
   ==================  ==================================================
   states it           none (the cell's evidence is kept)
   contradicts it      ``attribute_distortion`` / ``contradicted``
   gives the entity    ``attribute_distortion`` / ``contradicted`` (a number, by
   another number no   elimination: ``Config.grounding_elimination_ratio``)
   other cell of the
   row holds
   never states it     ``blank_filling`` / ``unstated`` (the paper: a cell that should be
                       empty because the context never mentions it is filled)
   speaks of it in a   no verdict, a warning (``Config.grounding_abstain``)
   form not read
   ==================  ==================================================

The query's constraints (columns, scope, sort) are checked by :mod:`.query_scope`, the order by
:mod:`.order`. Every cell's status is kept in ``Diagnosis.cells`` (:func:`tablehallu.ground`).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from tablehallu.detectors.diagnosis import (
    ENTITY_FABRICATION,
    OUT_OF_RANGE,
    CellGrounding,
    Finding,
)
from tablehallu.detectors.grounding import (
    Grounding,
    index_context,
)
from tablehallu.detectors.grounding.claims import (
    AFFIRMATIVE,
    CONTRADICTED,
    STATED,
    UNSTATED,
    ClaimVerdict,
)
from tablehallu.detectors.grounding.keys import cannot_be_stated
from tablehallu.detectors.keys import is_identifier_column
from tablehallu.detectors.stages.unmatched import claim_finding, ground_row_keys
from tablehallu.detectors.state import SampleState
from tablehallu.normalize import TypedCell, header_unit, normalize_text

Request = list[str]

#: Statuses of :class:`~tablehallu.detectors.diagnosis.CellGrounding`.
KEY, EMPTY, UNCHECKED = "key", "empty", "unchecked"


def name_entities(st: SampleState) -> None:
    """One entity column, and one grounder entity per distinct name.

    The key stage may extend a key that repeats (a winner of two races) to a composite key; here
    every cell but the entity's name is a claim to check, so only the first text identifier
    column of that key is kept (an explicit key is kept whole). Rows that name the same entity
    share its sentences."""
    if st.key_value:
        return
    if len(st.key_cols) > 1 and st.key_source != "explicit":
        texts = [k for k in st.key_cols if is_identifier_column([row[k] for row in st.p_typed])]
        st.key_cols = texts[:1] or st.key_cols[:1]
        st.diag.primary_key = [st.g_headers[k] for k in st.key_cols]
    index: dict[str, int] = {}
    names: list[str] = []
    st.entity_of = []
    for p in range(st.n_pred):
        name = st.key_text(p=p)
        folded = normalize_text(name)
        if folded not in index:
            index[folded] = len(names)
            names.append(name)
        st.entity_of.append(index[folded])
    st.entity_names = tuple(names)


def _row_groundings(st: SampleState) -> Generator[Request, None, dict[int, Grounding]]:
    """Whether the context names each predicted row's entity: its key (as for rows outside a
    gold table), else an alias the grounding engine reads (a surname, a team's city)."""
    found = yield from ground_row_keys(st, list(range(st.n_pred)))
    for p, gr in found.items():
        if not gr.grounded and st.grounder().entity_in_text(st.entity(p)):
            found[p] = Grounding(True, "alias", 1.0)
    return found


def _attribute(st: SampleState, p: int, col: int) -> str:
    """The attribute a cell states: its header, or in a key/value table the row's field."""
    assert st.pred is not None
    if st.key_value:
        return st.key_text(p=p)
    return st.pred.headers[col] if col < len(st.pred.headers) else ""


def _taken(row: list[TypedCell], col: int) -> frozenset[float]:
    """The numbers the row's other cells hold (a year of a date too)."""
    out: set[float] = set()
    for c, cell in enumerate(row):
        if c == col:
            continue
        if cell.number is not None:
            out.update(round(x, 6) for x in (cell.number.value, cell.number.magnitude))
        if cell.date is not None:
            out.add(float(cell.date.year))
    return frozenset(out)


def _claim(st: SampleState, p: int, col: int, cell: TypedCell) -> tuple[str, ClaimVerdict | None]:
    """The status of one filled non-key cell, and the verdict behind it."""
    assert st.context is not None and st.pred is not None
    attribute = _attribute(st, p, col)
    asserts_field = st.key_value and cell.text.strip().casefold() in AFFIRMATIVE
    if not asserts_field and cannot_be_stated(
        cell, index_context(st.context), header_unit(attribute)[1]
    ):
        return UNSTATED, None
    grounder = st.grounder()
    verdict = grounder.check(st.entity(p), attribute, cell)
    if (
        verdict.status == UNSTATED
        and st.config.grounding_abstain
        and cell.kind == "number"
        and grounder.mentions_attribute(st.entity(p), attribute)
    ):
        return UNCHECKED, verdict
    return verdict.status, verdict


def ground_table(st: SampleState) -> Generator[Request, None, None]:
    """Findings and the cell map of a table judged against its context alone."""
    assert st.pred is not None
    findings = st.diag.findings
    cells: list[CellGrounding] = []
    st.diag.cells = cells
    headers = st.pred.headers
    keys = set(st.key_cols)
    groundings: dict[int, Grounding] = {}
    if not st.key_value:
        groundings = yield from _row_groundings(st)
    seen: dict[str, int] = {}
    for p in range(st.n_pred):
        row = st.p_index[p]
        desc = " / ".join(st.cell(p, k).raw for k in st.key_cols) or "(no key)"
        where: dict[str, Any] = {"pred_row": row, "predicted": desc}
        invented = False
        if not st.key_value:
            gr = groundings[p]
            whole = "\t".join(c.text for c in st.p_typed[p])
            if whole in seen:
                findings.append(
                    Finding(
                        OUT_OF_RANGE,
                        subtype="duplicate",
                        matcher="key",
                        explanation=f"row {desc!r} repeats row {seen[whole] + 1}",
                        **where,
                    )
                )
            seen.setdefault(whole, row)
            if not gr.grounded:
                invented = True
                findings.append(
                    Finding(
                        ENTITY_FABRICATION,
                        subtype="not_in_context",
                        matcher=gr.matcher,
                        score=gr.score,
                        explanation=f"the context never names {desc!r}",
                        **where,
                    )
                )
        for col, cell in enumerate(st.p_typed[p]):
            header = headers[col] if col < len(headers) else ""
            if cell.kind == "null":
                cells.append(CellGrounding(row, header, cell.raw, EMPTY))
                continue
            if col in keys:
                if st.key_value or not invented:
                    cells.append(CellGrounding(row, header, cell.raw, KEY))
                else:
                    reason = "the context never names this entity"
                    cells.append(CellGrounding(row, header, cell.raw, UNSTATED, reason=reason))
                continue
            if invented:
                reason = "the row's entity is not in the context"
                cells.append(CellGrounding(row, header, cell.raw, UNSTATED, reason=reason))
                continue
            status, verdict = _claim(st, p, col, cell)
            if (
                status == UNSTATED
                and cell.kind == "number"
                and st.config.grounding_elimination_ratio
            ):
                other = st.grounder().other_number(
                    st.entity(p), _attribute(st, p, col), cell, _taken(st.p_typed[p], col)
                )
                if other is not None:
                    status, verdict = CONTRADICTED, other
            evidence = verdict.evidence.to_dict() if verdict and verdict.evidence else None
            reason = verdict.reason if verdict else "none of its words is in the context"
            cells.append(CellGrounding(row, header, cell.raw, status, evidence, reason))
            _cell_finding(st, p, header, cell, status, evidence, reason)


def _cell_finding(
    st: SampleState,
    p: int,
    header: str,
    cell: TypedCell,
    status: str,
    evidence: dict[str, object] | None,
    reason: str,
) -> None:
    row = st.p_index[p]
    if status in (CONTRADICTED, UNSTATED):
        st.diag.findings.append(
            claim_finding(row, header, cell, status, evidence, reason, "unstated", column=header)
        )
    elif status == UNCHECKED:
        st.diag.warnings.append(
            f"row {row + 1}, column {header!r}: {cell.raw!r} could not be checked (the context "
            "speaks of it in a form not read)"
        )
    else:
        assert status == STATED

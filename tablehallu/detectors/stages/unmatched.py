"""Stages 6-7: predicted rows without a gold partner, and gold rows without a predicted one.

A predicted row left unmatched is, in order:

1. a **duplicate** of an already matched entity -> ``out_of_range`` / ``duplicate``;
2. in a **key/value table**, a field the gold lacks: its value is grounded in the context
   (stated -> ``extra_attribute``, outside ``total``; contradicted -> ``attribute_distortion``;
   not stated -> ``blank_filling``; a figure of a field the text speaks of with figures in a
   form not read, or a date or year it gives relative to another event ("two days later") ->
   no verdict, a warning, as ``Config.grounding_abstain`` says); never an invented entity;
3. a row whose key the context names (:mod:`tablehallu.detectors.grounding.keys`: exact, fuzzy,
   then embedding search) -> ``out_of_range`` when the sample states a scope (a query or
   constraints) or the gold adjudicates; without a scope and with ``adjudicate = "context"`` it is
   an ``extra_row`` (outside ``total``) whose filled cells are grounded like any claim
   (contradicted -> ``attribute_distortion``, not stated -> ``blank_filling``);
4. otherwise ``entity_fabrication`` (subtype ``no_context`` when there is no context to look in).

Gold rows no predicted row matched are ``omission`` (outside ``total``).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from tablehallu.detectors.diagnosis import (
    ATTRIBUTE_DISTORTION,
    BLANK_FILLING,
    ENTITY_FABRICATION,
    EXTRA_ATTRIBUTE,
    EXTRA_ROW,
    OMISSION,
    OUT_OF_RANGE,
    Finding,
)
from tablehallu.detectors.grounding import (
    Grounding,
    candidate_sentences,
    ground_lexically,
    ground_with_similarity,
    index_context,
    key_text,
)
from tablehallu.detectors.grounding.claims import CONTRADICTED, STATED, UNSTATED, is_year
from tablehallu.detectors.stages.totals import check_totals, is_totals_row, total_finding
from tablehallu.detectors.state import SampleState
from tablehallu.normalize import TypedCell, type_cell
from tablehallu.normalize.forms import value_forms

Request = list[str]


def _ground_row_cells(st: SampleState, p: int, context_of: str) -> list[Finding]:
    """Findings for the filled cells of an extra predicted row (key cells excepted)."""
    assert st.pred is not None and st.alignment is not None
    grounder = st.grounder()
    key_pred_cols = {st.alignment.pred_for_gold[k] for k in st.key_cols}
    out: list[Finding] = []
    for col, cell in enumerate(st.p_typed[p]):
        if col in key_pred_cols or cell.kind == "null":
            continue
        header = st.pred.headers[col] if col < len(st.pred.headers) else ""
        attribute = st.key_text(p=p) if st.key_value else header
        verdict = grounder.check(st.entity(p), attribute, cell)
        if verdict.status == UNSTATED and st.key_value and cell.kind == "text":
            # "Munich, Germany" where the text names Munich: the value in another form, as
            # referenceless grounding reads it
            for form in value_forms(cell.raw, attribute, st.config.grounding_value_max_chars):
                typed = type_cell(form, st.config.dayfirst)
                if typed.kind == "text":
                    again = grounder.check(st.entity(p), attribute, typed)
                    if again.status == STATED:
                        verdict = again
                        break
        if verdict.status == STATED:
            continue
        if (
            st.key_value
            and verdict.status != CONTRADICTED
            and verdict.evidence is None  # with evidence, the value was read ("never highest")
            and st.config.grounding_abstain
            and (
                (cell.kind == "number" and grounder.mentions_attribute(st.entity(p), attribute))
                or (cell.kind == "number" and grounder.tells_count(attribute) is not None)
                or (
                    (
                        cell.kind == "date"
                        or (cell.number is not None and is_year(cell.number.value))
                    )
                    and grounder.dates_relatively(st.entity(p), attribute)
                )
            )
        ):
            # "in his second season he won the leading goalkicker award", "his first win came
            # two days later": the text speaks of the field in a form not read (as for a gold
            # blank)
            st.diag.warnings.append(
                f"row {st.p_index[p] + 1}, field {attribute!r}: {cell.raw!r} could not be "
                "checked (the context speaks of it in a form not read)"
            )
            continue
        evidence = verdict.evidence.to_dict() if verdict.evidence is not None else None
        out.append(
            claim_finding(
                st.p_index[p], header, cell, verdict.status, evidence, verdict.reason, context_of
            )
        )
    return out


def claim_finding(
    row: int,
    header: str,
    cell: TypedCell,
    status: str,
    evidence: dict[str, Any] | None,
    reason: str,
    unstated_subtype: str,
    column: str | None = None,
) -> Finding:
    """The finding on a filled cell the context contradicts (``attribute_distortion`` /
    ``contradicted``, with ``reason``) or never states (``blank_filling`` /
    ``unstated_subtype``)."""
    contradicted = status == CONTRADICTED
    return Finding(
        ATTRIBUTE_DISTORTION if contradicted else BLANK_FILLING,
        subtype="contradicted" if contradicted else unstated_subtype,
        pred_row=row,
        column=column,
        pred_column=header,
        predicted=cell.raw,
        matcher="context",
        evidence=evidence,
        explanation=(
            f"{cell.raw!r}: {reason}"
            if contradicted
            else f"filled {cell.raw!r}, which the context does not state"
        ),
    )


def _key_value_row(st: SampleState, p: int) -> list[Finding]:
    field = st.key_text(p=p) or "(no field)"
    if not st.has_context():
        return [
            Finding(
                BLANK_FILLING,
                subtype="extra_field",
                pred_row=st.p_index[p],
                predicted=field,
                explanation=f"field {field!r} is not in the gold table (no context to check it)",
            )
        ]
    findings = _ground_row_cells(st, p, "extra_field")
    if findings:
        return findings
    return [
        Finding(
            EXTRA_ATTRIBUTE,
            pred_row=st.p_index[p],
            predicted=field,
            matcher="context",
            explanation=f"field {field!r} is not in the gold table; the context states its value",
        )
    ]


def ground_row_keys(
    st: SampleState, rows: list[int]
) -> Generator[Request, None, dict[int, Grounding]]:
    """Whether the context names the key of each predicted row of ``rows``: exact and fuzzy
    search, then (embedding matcher) the similarity of the closest sentences, whose strings
    are yielded to be embedded in one batch with every other sample's."""
    context = st.context if st.has_context() else None
    ctx = index_context(context) if rows and context else None
    config, backend = st.config, st.backend
    found: dict[int, Grounding] = {}
    candidates: dict[int, tuple[str, ...]] = {}
    for p in rows:
        kc = [st.cell(p, k) for k in st.key_cols]
        found[p] = (
            ground_lexically(kc, ctx, config) if ctx is not None else Grounding(False, "none", 0.0)
        )
        if (
            found[p].grounded is not True
            and st.adjudicating()
            and not st.key_value
            and st.grounder().entity_in_text(st.entity(p))
        ):
            # the names the text uses for the row: "Rudy" for "Rudy Gay", "Cavs", "Mindaugus"
            found[p] = Grounding(True, "alias", 1.0)
            continue
        if found[p].grounded is None and ctx is not None and backend.name == "embedding":
            candidates[p] = candidate_sentences(key_text(kc), ctx, config)
    if candidates:
        yield [
            s
            for p, sentences in candidates.items()
            for s in (key_text([st.cell(p, k) for k in st.key_cols]), *sentences)
        ]
    for p, gr in found.items():
        if gr.grounded is None:
            kc = [st.cell(p, k) for k in st.key_cols]
            found[p] = ground_with_similarity(kc, candidates.get(p, ()), backend, config)
    return found


def classify_unmatched(st: SampleState) -> Generator[Request, None, None]:
    """Findings for predicted rows without a gold partner."""
    unmatched = [p for p in range(st.n_pred) if p not in st.match_of_pred]
    findings = st.diag.findings
    rows = [p for p in unmatched if p not in st.duplicates]
    if st.key_value:
        for p in unmatched:
            findings.extend(_key_value_row(st, p))
        return
    groundings = yield from ground_row_keys(st, rows)
    extra_rows = st.adjudicating() and not st.scoped()
    for p in unmatched:
        row_desc = " / ".join(st.cell(p, k).raw for k in st.key_cols) or "(no key)"
        where: dict[str, Any] = {"pred_row": st.p_index[p], "predicted": row_desc}
        if p in st.duplicates:
            findings.append(
                Finding(
                    OUT_OF_RANGE,
                    subtype="duplicate",
                    matcher="key",
                    explanation=f"row {row_desc!r} repeats an entity already in the table",
                    **where,
                )
            )
            continue
        gr = groundings[p]
        if not gr.grounded and is_totals_row(st, p):
            # "Total": no entity; its figures against their columns' sums
            headers = list(st.pred.headers) if st.pred is not None else []
            for header, cell, status, reason in check_totals(st, p, headers, st.key_cols):
                if status == CONTRADICTED:
                    findings.append(total_finding(st.p_index[p], header, cell, reason))
            continue
        if not st.has_context():
            findings.append(
                Finding(
                    ENTITY_FABRICATION,
                    subtype="no_context",
                    explanation=(
                        f"row {row_desc!r} is not in the gold table; without a context it cannot "
                        "be told apart from an out-of-range row"
                    ),
                    **where,
                )
            )
        elif gr.grounded and extra_rows:
            findings.append(
                Finding(
                    EXTRA_ROW,
                    matcher=gr.matcher,
                    score=gr.score,
                    explanation=(
                        f"row {row_desc!r} is not in the gold table but the context names it "
                        "(no query or constraints state a scope it could be outside of)"
                    ),
                    **where,
                )
            )
            findings.extend(_ground_row_cells(st, p, "extra_row"))
        elif gr.grounded:
            findings.append(
                Finding(
                    OUT_OF_RANGE,
                    subtype="in_context",
                    matcher=gr.matcher,
                    score=gr.score,
                    explanation=f"row {row_desc!r} is in the context but outside the query's scope",
                    **where,
                )
            )
        else:
            findings.append(
                Finding(
                    ENTITY_FABRICATION,
                    subtype="not_in_context",
                    matcher=gr.matcher,
                    score=gr.score,
                    explanation=(
                        f"row {row_desc!r} is found neither in the gold table nor in the context"
                    ),
                    **where,
                )
            )


def report_omissions(st: SampleState) -> None:
    """``omission`` for every gold row no predicted row matched."""
    matched = set(st.match_of_pred.values())
    for g in range(len(st.g_rows)):
        if g not in matched:
            desc = " / ".join(st.g_rows[g][k] for k in st.key_cols if k < len(st.g_rows[g]))
            desc = desc or "(no key)"
            st.diag.findings.append(
                Finding(
                    OMISSION,
                    gold_row=g,
                    expected=desc,
                    explanation=f"gold row {desc!r} is missing from the response",
                )
            )

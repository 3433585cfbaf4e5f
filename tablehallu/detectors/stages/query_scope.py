"""The query's constraints, without a gold table (referenceless mode).

The query (and the paper's ``constraints`` dict) is read into explicit constraint objects by
:func:`tablehallu.detectors.query.parse_query`, listed in ``Diagnosis.query_constraints``:

- the columns it names, in order: a response whose headers differ is a ``format_error``, with the
  same subtypes as a header mismatch with a gold table (missing, extra, renamed column, column
  order); ``strict`` header mode stops there, as with a gold table;
- its scope (number and date ranges, categories, top-k): a row that violates a constraint the
  table can decide is ``out_of_range`` (subtype ``query_<kind>``, the reason naming the cell and
  the bound); a constraint the table cannot decide (no column holds it, a phrase not understood)
  is said once per sample in a warning, never guessed.

The sort rule is read by the order stage (:mod:`.order`).
"""

from __future__ import annotations

from tablehallu.detectors.constraints import read_constraints
from tablehallu.detectors.diagnosis import OUT_OF_RANGE, Finding
from tablehallu.detectors.headers import align_headers
from tablehallu.detectors.query import QuerySpec, bound_columns, check_rows, parse_query
from tablehallu.detectors.stages.format import header_finding
from tablehallu.detectors.state import SampleState


def _spec(st: SampleState) -> QuerySpec:
    constraints, _problem = read_constraints(st.constraints)  # the key stage warns about it
    return parse_query(st.query, constraints, config=st.config)


def check_query(st: SampleState) -> bool:
    """Format findings for headers that differ from the columns the query names; True when the
    analysis goes on."""
    assert st.pred is not None
    spec = _spec(st)
    st.diag.query_constraints = [c.to_dict() for c in spec.constraints]
    if not spec.columns:
        return True
    alignment = align_headers(st.pred.headers, list(spec.columns), st.config)
    st.diag.findings.extend(
        header_finding(issue, "query", " (the columns the query names)")
        for issue in alignment.issues
    )
    return not (alignment.issues and st.config.headers == "strict")


def check_scope(st: SampleState) -> None:
    """``out_of_range`` for every row outside the query's decidable scope."""
    assert st.pred is not None
    spec = _spec(st)
    if not spec.constraints and not spec.unparsed:
        return
    verdicts = check_rows(spec, st.pred, st.config)
    bound = bound_columns(spec, st.pred, st.config)
    position = {row: p for p, row in enumerate(st.p_index)}
    undecided: dict[str, None] = {}
    for v in verdicts:
        p = position.get(v.row)
        if p is None:
            continue
        desc = " / ".join(st.cell(p, k).raw for k in st.key_cols) or "(no key)"
        for constraint, reason in v.violated:
            st.diag.findings.append(
                Finding(
                    OUT_OF_RANGE,
                    subtype=f"query_{constraint.kind}",
                    pred_row=v.row,
                    column=bound.get(constraint),
                    predicted=desc,
                    matcher="query",
                    explanation=f"row {desc!r}: {reason} (the query: {constraint.text!r})",
                )
            )
        for constraint in v.undecided:
            undecided.setdefault(repr(constraint.text), None)
    undecided.update((repr(text), None) for text in spec.unparsed)
    if undecided:
        st.diag.warnings.append(
            "the query's scope cannot be decided from the table for "
            + ", ".join(undecided)
            + ": rows were not checked against it"
        )

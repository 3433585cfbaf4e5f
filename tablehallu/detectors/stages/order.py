"""Stage 8: are the rows in the required order? (:mod:`tablehallu.detectors.order`)

The sort rule comes from the constraints, the gold metadata, the query, or the gold table
(``Config.order``). Matched rows are placed by their gold values (a distorted value is an
attribute error, not an order error); ties are allowed and nulls ignored.
"""

from __future__ import annotations

from tablehallu.detectors.diagnosis import ORDER_MISMATCH, Finding
from tablehallu.detectors.order import OrderViolation, SortRule, check_order, resolve_rules
from tablehallu.detectors.state import SampleState
from tablehallu.normalize import TypedCell


def check_row_order(st: SampleState) -> None:
    """``order_mismatch`` for every row out of place under the first rule that holds."""
    rules, notes = resolve_rules(
        st.g_headers, st.g_cells, st.constraints, st.gold.metadata, st.query, st.config
    )
    st.diag.warnings.extend(notes)
    gold_of = [st.match_of_pred.get(p) for p in range(st.n_pred)]
    checked: list[tuple[SortRule, list[OrderViolation]]] = []
    for rule in rules:
        sort_cells: list[TypedCell | None] = []
        for p, gold_row in enumerate(gold_of):
            if rule.column is None:
                sort_cells.append(None)
            elif gold_row is not None:
                sort_cells.append(st.g_cells[gold_row][rule.column])
            else:
                sort_cells.append(st.p_cells[p][rule.column])
        checked.append((rule, check_order(rule, sort_cells, gold_of)))
        if not checked[-1][1]:
            break
    if not checked:
        return
    rule, violations = checked[-1] if not checked[-1][1] else checked[0]
    st.diag.sort_rule = rule.to_dict()
    what = rule.column_name or "the gold row order"

    def entity(p: int) -> str:  # the row's key cells, as the response wrote them
        return " / ".join(st.cell(p, k).raw for k in st.key_cols) or "(no key)"

    for v in violations:
        # rows are numbered from 1 in every message; the value is the one the order read
        this, prev = entity(v.pred_row), entity(v.prev_row)
        if rule.column is None:
            at, at_prev = (f"gold row {(gold_of[r] or 0) + 1}" for r in (v.pred_row, v.prev_row))
        else:
            at, at_prev = f"{what}: {v.value}", f"{what}: {v.prev_value}"
        st.diag.findings.append(
            Finding(
                ORDER_MISMATCH,
                subtype=rule.source,
                pred_row=st.p_index[v.pred_row],
                column=rule.column_name,
                predicted=this,
                expected=None,
                matcher="order",
                explanation=(
                    f"row {st.p_index[v.pred_row] + 1} {this!r} ({at}) comes after "
                    f"row {st.p_index[v.prev_row] + 1} {prev!r} ({at_prev}), "
                    f"against {what} {rule.direction}"
                ),
            )
        )

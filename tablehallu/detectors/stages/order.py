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
    for v in violations:
        st.diag.findings.append(
            Finding(
                ORDER_MISMATCH,
                subtype=rule.source,
                pred_row=st.p_index[v.pred_row],
                column=rule.column_name,
                predicted=v.value,
                expected=v.prev_value,
                matcher="order",
                explanation=(
                    f"row {st.p_index[v.pred_row]} ({v.value!r}) follows row "
                    f"{st.p_index[v.prev_row]} ({v.prev_value!r}) against {what} {rule.direction}"
                ),
            )
        )

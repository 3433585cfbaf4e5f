"""Properties of the detector over random gold tables, in every output format.

- A response that renders the gold table itself has no hallucination.
- A response with exactly one injected error has exactly that hallucination type.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablehallu import Config, detect
from tablehallu.parsers import render

FORMATS = ("markdown", "json", "latex", "html", "csv")
NAMES = (
    "Kestrel Labs", "Orchid Foods", "Basalt Mining", "Juniper Health", "Quasar Media",
    "Tundra Freight", "Lumen Optics", "Saffron Textiles", "Harbor Insurance", "Cobalt Robotics",
    "Meadow Dairy", "Vertex Cement", "Falcon Airways", "Ember Energy", "Nimbus Cloudworks",
)  # fmt: skip
STATUSES = ("Active", "Dormant", "Merged", "Listed", "Private", "Bankrupt")
HEADERS = ["Company", "Revenue (USD Million)", "Employees", "Founded", "Status"]
CONFIG = Config(matcher="lexical")
DISTRACTOR = "Pioneer Shipping"  # in the context, never in the gold table
FABRICATED = "Zephyrine Quantix"  # nowhere


@dataclass
class Case:
    rows: list[list[Any]]
    direction: str
    context: str


@st.composite
def cases(draw: st.DrawFn) -> Case:
    n = draw(st.integers(min_value=3, max_value=7))
    names = draw(st.lists(st.sampled_from(NAMES), min_size=n, max_size=n, unique=True))
    revenue = sorted(draw(st.lists(st.integers(10, 9_000), min_size=n, max_size=n, unique=True)))
    direction = draw(st.sampled_from(["ascending", "descending"]))
    if direction == "descending":
        revenue.reverse()
    employees = draw(st.lists(st.integers(5, 90_000), min_size=n, max_size=n))
    founded = draw(st.lists(st.integers(1900, 2020), min_size=n, max_size=n))
    status: list[str | None] = list(
        draw(st.lists(st.sampled_from(STATUSES), min_size=n, max_size=n))
    )
    status[draw(st.integers(0, n - 1))] = None  # at least one empty cell
    rows = [[names[i], revenue[i], employees[i], founded[i], status[i]] for i in range(n)]
    sentences = [
        f"{r[0]} reported revenue of {r[1]} million dollars with {r[2]} employees; "
        f"it was founded in {r[3]}." + (f" Its status is {r[4]}." if r[4] else "")
        for r in rows
    ]
    sentences.append(f"{DISTRACTOR}, which operates outside the region, earned 5 million dollars.")
    return Case(rows, direction, " ".join(sentences))


def _response(rows: list[list[Any]], fmt: str, headers: list[str] = HEADERS) -> str:
    frame = pd.DataFrame(
        [["" if v is None else str(v) for v in r] for r in rows], columns=headers, dtype=object
    )
    return render(frame, fmt, name="Companies")


def _detect(case: Case, response: str) -> set[str]:
    gold = _response(case.rows, "markdown")
    diag = detect(
        response,
        gold,
        context=case.context,
        constraints={"sort_column": HEADERS[1], "sort_order": case.direction},
        config=CONFIG,
    )
    assert diag.error is None
    return set(diag.hallucinations)


def _extreme(case: Case) -> int:
    """A revenue that sorts after every gold row."""
    values = [r[1] for r in case.rows]
    return min(values) - 1 if case.direction == "descending" else max(values) + 1


SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(case=cases(), fmt=st.sampled_from(FORMATS))
def test_rendering_the_gold_table_is_clean(case: Case, fmt: str) -> None:
    assert _detect(case, _response(case.rows, fmt)) == set()


@SETTINGS
@given(case=cases(), fmt=st.sampled_from(FORMATS), data=st.data())
def test_one_injected_error_gives_exactly_its_type(
    case: Case, fmt: str, data: st.DataObject
) -> None:
    kind = data.draw(
        st.sampled_from(
            [
                "format_error",
                "out_of_range",
                "order_mismatch",
                "attribute_distortion",
                "blank_filling",
                "entity_fabrication",
            ]
        )
    )
    rows = [list(r) for r in case.rows]
    headers = list(HEADERS)
    if kind == "format_error":
        col = data.draw(st.integers(1, len(headers) - 1))
        headers[col] = headers[col] + " Estimate"
    elif kind == "out_of_range":
        rows.append([DISTRACTOR, _extreme(case), 120, 1990, "Active"])
    elif kind == "entity_fabrication":
        rows.append([FABRICATED, _extreme(case), 120, 1990, "Active"])
    elif kind == "order_mismatch":
        i = data.draw(st.integers(0, len(rows) - 2))
        rows[i], rows[i + 1] = rows[i + 1], rows[i]
    elif kind == "attribute_distortion":
        i = data.draw(st.integers(0, len(rows) - 1))
        col = data.draw(st.sampled_from([1, 2, 3]))
        rows[i][col] = rows[i][col] + data.draw(st.integers(1, 50))
    elif kind == "blank_filling":
        i = next(k for k, r in enumerate(rows) if r[4] is None)
        rows[i][4] = "Listed"
    assert _detect(case, _response(rows, fmt, headers)) == {kind}

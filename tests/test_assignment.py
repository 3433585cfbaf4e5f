"""The optimal row assignment: exact for small components, SciPy for large, same optimum."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tablehallu.detectors import assignment
from tablehallu.detectors.assignment import best_assignment


def _total(weights: dict[tuple[int, int], float], match: dict[int, int]) -> float:
    return sum(weights[r, c] for r, c in match.items())


def test_prefers_the_exact_pairs_over_a_greedy_first_choice() -> None:
    w = {(0, 0): 9.0, (0, 1): 10.0, (1, 1): 10.0}
    assert best_assignment(w) == {0: 0, 1: 1}


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(
        st.tuples(st.integers(0, 7), st.integers(0, 7)),
        st.floats(min_value=0.1, max_value=20, allow_nan=False),
        max_size=30,
    )
)
def test_small_solver_reaches_scipys_optimum(weights: dict[tuple[int, int], float]) -> None:
    match = best_assignment(weights)
    assert len(set(match.values())) == len(match)  # one-to-one
    assert all((r, c) in weights for r, c in match.items())  # allowed pairs only
    reference = {}
    for rows, cols in assignment._components(weights):
        reference.update(assignment._scipy(rows, cols, weights))
    assert len(match) == len(reference)  # as many rows matched
    assert abs(_total(weights, match) - _total(weights, reference)) < 1e-6

"""Optimal one-to-one assignment of predicted rows to gold rows.

The objective is SciPy's with disallowed pairs priced out: as many matched rows as possible, then
the largest total weight. The allowed pairs form a bipartite graph; each connected component is
solved on its own. Small
components (the usual case: two predicted rows competing for one gold row) are solved exactly
by dynamic programming over subsets of the component's gold rows; larger ones by SciPy's
``linear_sum_assignment``, imported only then (importing SciPy costs ~0.3 s).
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["best_assignment"]

#: Components with at most this many rows on their smaller side are solved in pure Python.
_SMALL = 6


def best_assignment(weights: Mapping[tuple[int, int], float]) -> dict[int, int]:
    """A one-to-one matching {row: column} over the allowed pairs that matches as many rows as
    possible and, among those, has the largest total weight (ties broken deterministically).

    ``weights`` holds only the allowed (row, column) pairs.
    """
    out: dict[int, int] = {}
    for rows, cols in _components(weights):
        if min(len(rows), len(cols)) <= _SMALL:
            out.update(_exact_small(rows, cols, weights))
        else:
            out.update(_scipy(rows, cols, weights))
    return out


def _components(weights: Mapping[tuple[int, int], float]) -> list[tuple[list[int], list[int]]]:
    parent: dict[tuple[str, int], tuple[str, int]] = {}

    def find(x: tuple[str, int]) -> tuple[str, int]:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for r, c in weights:
        a, b = find(("r", r)), find(("c", c))
        if a != b:
            parent[a] = b
    groups: dict[tuple[str, int], tuple[set[int], set[int]]] = {}
    for r, c in weights:
        rows, cols = groups.setdefault(find(("r", r)), (set(), set()))
        rows.add(r)
        cols.add(c)
    return [(sorted(rows), sorted(cols)) for rows, cols in groups.values()]


def _exact_small(
    rows: list[int], cols: list[int], weights: Mapping[tuple[int, int], float]
) -> dict[int, int]:
    """Exact maximum-weight matching by DP over subsets of the smaller side."""
    by_cols = len(cols) <= len(rows)
    order, subset = (rows, cols) if by_cols else (cols, rows)

    def pair(o: int, s: int) -> tuple[int, int]:
        return (o, s) if by_cols else (s, o)

    # best[mask] = (total weight, chosen (row, col) pairs) using the subset items in mask;
    # every state of a mask has popcount(mask) matches, so comparing masks of one size compares
    # weights, and the final choice takes the largest size first
    best: dict[int, tuple[float, tuple[tuple[int, int], ...]]] = {0: (0.0, ())}
    for o in order:
        nxt = dict(best)
        for mask, (total, chosen) in best.items():
            for k, s in enumerate(subset):
                bit = 1 << k
                weight = weights.get(pair(o, s))
                if mask & bit or weight is None:
                    continue
                cand = (total + weight, (*chosen, pair(o, s)))
                cur = nxt.get(mask | bit)
                if cur is None or cand[0] > cur[0] + 1e-12:
                    nxt[mask | bit] = cand
        best = nxt
    _, chosen = max(best.values(), key=lambda t: (len(t[1]), t[0]))
    return dict(chosen)


def _scipy(
    rows: list[int], cols: list[int], weights: Mapping[tuple[int, int], float]
) -> dict[int, int]:
    import numpy as np
    from scipy.optimize import linear_sum_assignment

    ri = {r: i for i, r in enumerate(rows)}
    ci = {c: j for j, c in enumerate(cols)}
    matrix = np.full((len(rows), len(cols)), -1e9)
    for (r, c), weight in weights.items():
        if r in ri and c in ci:
            matrix[ri[r], ci[c]] = weight
    picked_rows, picked_cols = linear_sum_assignment(matrix, maximize=True)
    return {
        rows[i]: cols[j]
        for i, j in zip(picked_rows.tolist(), picked_cols.tolist(), strict=True)
        if matrix[i, j] > -1e8
    }

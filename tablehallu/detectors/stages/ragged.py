"""Stage 1b: read rows that have one cell more than the header where the evidence agrees.

A model that writes a stray ``|`` shifts every cell after it by one column. The parser cuts such
rows to the header's width from the end, which misreads them when the surplus empty cell sits
earlier. With ``Config.ragged_reread``, every position that is empty in all the wide rows is a
candidate for the surplus cell; the candidate under which the most cells equal the gold cell of
the row with the same key (and a column of the same name) wins (without a gold table: under
which the context states the most cells, by the claim grounding engine), and the end stays the
reading when no candidate does better. Only a one-cell surplus is re-read: two stray cells leave too
many readings for the evidence of one gold row.
"""

from __future__ import annotations

from collections.abc import Callable

from tablehallu.detectors.grounding.claims import STATED, Grounder
from tablehallu.detectors.state import SampleState
from tablehallu.normalize import type_cell
from tablehallu.parsers import ParsedTable


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


def reread_wide_rows(st: SampleState, pred: ParsedTable) -> ParsedTable:
    """``pred`` with its one-cell-too-wide rows re-read by the gold or, without one, the
    context (or ``pred`` as it is)."""
    wide = pred.wide_rows
    width = len(pred.headers)
    if (
        not wide
        or not st.config.ragged_reread
        or any(len(cells) != width + 1 for cells in wide.values())
    ):
        return pred
    if st.gold is pred:  # no gold table: the context is the evidence
        if not st.has_context():
            return pred
        return _reread(st, pred, _stated_by_context(st, pred), "the context states")
    gold_headers = [_fold(h) for h in st.gold.headers]
    columns = [
        gold_headers.index(_fold(h)) if _fold(h) in gold_headers else None for h in pred.headers
    ]
    if columns[0] is None:
        return pred
    gold_rows = {_fold(row[columns[0]]): row for row in st.gold.rows()}

    def agreement(drop: int) -> int:
        score = 0
        for cells in wide.values():
            kept = cells[:drop] + cells[drop + 1 :]
            gold = gold_rows.get(_fold(kept[0]))
            if gold is None:
                continue
            score += sum(
                1
                for value, g in zip(kept[1:], columns[1:], strict=True)
                if g is not None and value.strip() and _fold(value) == _fold(gold[g])
            )
        return score

    return _reread(st, pred, agreement, "agree with the gold")


def _stated_by_context(st: SampleState, pred: ParsedTable) -> Callable[[int], int]:
    """The number of the wide rows' cells the context states, for each reading."""
    assert st.context is not None
    wide = list(pred.wide_rows.values())
    headers = tuple(pred.headers)
    grounder = Grounder(
        st.context,
        tuple(cells[0] for cells in wide),
        st.config,
        referenceless=True,
        headers=headers,
    )

    def stated(drop: int) -> int:
        score = 0
        for e, cells in enumerate(wide):
            kept = cells[:drop] + cells[drop + 1 :]
            for header, value in zip(headers[1:], kept[1:], strict=True):
                if value.strip():
                    verdict = grounder.check(e, header, type_cell(value))
                    score += verdict.status == STATED
        return score

    return stated


def _reread(
    st: SampleState, pred: ParsedTable, agreement: Callable[[int], int], evidence: str
) -> ParsedTable:
    """``pred`` read with the surplus empty cell left out where ``agreement`` is highest."""
    wide = pred.wide_rows
    width = len(pred.headers)
    candidates = [
        p for p in range(1, width) if all(not cells[p].strip() for cells in wide.values())
    ]
    best, best_score = width, agreement(width)
    for p in candidates:
        score = agreement(p)
        if score > best_score:
            best, best_score = p, score
    if best == width:
        return pred
    rows = pred.rows()
    for i, cells in wide.items():
        rows[i] = cells[:best] + cells[best + 1 :]
    reread = ParsedTable.from_rows(
        pred.headers,
        rows,
        pred.format,
        warnings=pred.warnings,
        name=pred.name,
        metadata=pred.metadata,
    )
    st.diag.warnings.append(
        f"ragged_row: {len(wide)} row(s) with a cell more than the header were read without "
        f"the empty cell before column {pred.headers[best]!r} ({best_score} cells then "
        f"{evidence}; Config.ragged_reread)"
    )
    return reread

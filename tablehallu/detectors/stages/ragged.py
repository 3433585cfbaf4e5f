"""Stage 1b: read rows that have one cell more than the header where the gold agrees.

A model that writes a stray ``|`` shifts every cell after it by one column. The parser cuts such
rows to the header's width from the end, which misreads them when the surplus empty cell sits
earlier. With ``Config.ragged_reread``, every position that is empty in all the wide rows is a
candidate for the surplus cell; the candidate under which the most cells equal the gold cell of
the row with the same key (and a column of the same name) wins, and the end stays the reading
when no candidate does better. Only a one-cell surplus is re-read: two stray cells leave too
many readings for the evidence of one gold row.
"""

from __future__ import annotations

from tablehallu.detectors.state import SampleState
from tablehallu.parsers import ParsedTable


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


def reread_wide_rows(st: SampleState, pred: ParsedTable) -> ParsedTable:
    """``pred`` with its one-cell-too-wide rows re-read by the gold (or ``pred`` as it is)."""
    wide = pred.wide_rows
    width = len(pred.headers)
    if (
        not wide
        or not st.config.ragged_reread
        or st.gold is pred
        or any(len(cells) != width + 1 for cells in wide.values())
    ):
        return pred
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
        f"the empty cell before column {pred.headers[best]!r} ({best_score} cells then agree "
        "with the gold; Config.ragged_reread)"
    )
    return reread

"""Null rules: how the gold release writes missing values (the paper's generation rules: the
context omits a null attribute instead of calling it unknown, and a table has null cells)."""

from __future__ import annotations

import re
from typing import Final

from tablehallu.check.record import RecordView, snippet
from tablehallu.check.rules.base import Finding, cell_finding
from tablehallu.check.text import TRIGGERS, find_missing_phrases
from tablehallu.normalize import normalize_text

__all__ = ["NULL_MARKERS", "has_null_cell", "no_missing_phrases"]


#: Null spellings that are markers, not phrases: never reported by TH022.
NULL_MARKERS: Final[frozenset[str]] = frozenset({"null", "none", "nil", "nan", "na", "n/a"})
_WORD3_RE: Final = re.compile(r"[^\W\d_]{3,}")


def no_missing_phrases(rec: RecordView) -> list[Finding] | None:
    """No phrase such as "information unknown" or "was not disclosed" stands in for a null.

    The paper's generation rule: for a null cell the context must omit the attribute entirely, and
    must not say that the value is unknown, undisclosed, not reported or unavailable (and its
    perturbation rule: no "negative statements about missing data").

    How: the contexts are searched, after text normalisation, for the vocabulary of
    :func:`tablehallu.check.text.find_missing_phrases` (a copula and a missing state: "is unknown",
    "was not reported", "remains undisclosed"; an information noun and an unavailable state:
    "information unknown", "data unavailable", "price not disclosed"; a negated reporting verb: "did
    not disclose", "declined to reveal"; "undisclosed", "unreported", "n/a", "no data"...) plus
    ``Config.check_extra_missing_phrases``. In the base context (``gt_context``, else ``context``),
    which may only describe the table, every occurrence is reported; in the other contexts
    (``distractor_context``) only those in sentences that name an entity of the table (as TH021
    finds names) and are not base sentences, since statements about the distractor entities' own
    gaps stand in for no gold null. With ``Config.check_null_phrases_in_table``, gold cells that
    write a null as words ("unknown", "not disclosed", "TBD") are reported too (a null is ``null``,
    an empty cell or a marker such as ``-``, ``N/A``, ``null``, ``none``).

    Limits: "not known for", "not available in Europe", "no data centers" are not matched, but a
    base-context remark on missing information unrelated to the table ("the cause remains unknown")
    is reported, and a gap statement that does not name its entity ("Its price was not disclosed.")
    is missed in the distractor context (default severity warning).
    """
    contexts = list(rec.contexts.values())
    view = rec.table
    if not contexts and view is None:
        return None
    config = rec.config
    base = rec.base_context
    out: list[Finding] = []
    extra = config.check_extra_missing_phrases
    triggers = [*TRIGGERS, *(normalize_text(p) for p in extra if normalize_text(p))]
    for ctx in contexts:
        is_base = base is not None and ctx.raw == base.raw
        positions = [
            pos
            for t in triggers
            for pos in ctx.positions(t, lower=True)
            if is_base or not rec.is_base_copy(ctx, pos)
        ]
        for span in ctx.spans_at(positions):
            text = ctx.text_of(span)
            phrases = find_missing_phrases(text, extra)
            if not phrases:
                continue
            if not is_base and (
                (base is not None and text in base.text) or span not in rec.named_rows(ctx)
            ):
                continue
            out.append(
                Finding(
                    "TH022",
                    f"{ctx.field} sentence {ctx.number(span)} says {phrases[0].phrase!r} instead "
                    f"of leaving the value out: {snippet(ctx.raw_of(span))!r}",
                )
            )
    if view is not None and config.check_null_phrases_in_table:
        for r, row in enumerate(view.typed):
            for c, cell in enumerate(row):
                raw = view.rows[r][c]
                if cell.kind != "null" or not raw.strip():
                    continue
                text = normalize_text(raw).strip("()[]{}<>. ")
                if text in NULL_MARKERS or not _WORD3_RE.search(text):
                    continue
                out.append(
                    cell_finding(
                        view, r, c, "TH022", f"{raw!r} stands in for a null; leave it empty"
                    )
                )
    return out


def has_null_cell(rec: RecordView) -> list[Finding] | None:
    """The gold table has at least ``Config.check_min_nulls`` null cells (default 1).

    The paper's generation rule: "at least 1 cell in the table must be EMPTY (null)", so that
    blank-filling can be measured. Off by default: a dataset option (``extend-select = ["TH050"]``).
    A null is a JSON null, an empty cell or any null spelling
    (:data:`tablehallu.normalize.NULL_VOCABULARY`).
    """
    view = rec.table
    if view is None:
        return None
    n = sum(cell.kind == "null" for row in view.typed for cell in row)
    need = rec.config.check_min_nulls
    if n >= need:
        return []
    return [Finding("TH050", f"the table has {n} null cells, fewer than {need}")]

"""Stage 4: the cells of matched rows against the gold table.

Every aligned cell outside the matched key goes through the cascade
(:mod:`tablehallu.detectors.matching`: nulls, typed numbers and dates, text rules, then the
similarity stage, batched). A mismatch the context shows to be the same value in the model's
words (``Config.context_support``) is no mismatch. What remains is a :class:`Dispute` for the
adjudication stage: ``blank`` (gold empty, prediction filled), ``missing`` (prediction empty),
``wrong``. A number that states the gold one in another physical unit (within
``Config.unit_rel_tol``) is no dispute but an info ``unit_conversion`` note; a value the cascade
accepts only as a partial match (substring, acronym, abbreviation, a city given as its country,
similarity) is an info
``partial_match`` note (it costs a little severity). When disagreements
are settled by the context, the cells of predicted columns that
the gold table lacks are disputes too (``extra_column``), and so are text cells that agree with
the gold (``agrees``: the context may still contradict both, e.g. spell a name differently).
"""

from __future__ import annotations

from collections.abc import Generator

from tablehallu.detectors.diagnosis import PARTIAL_MATCH, UNIT_CONVERSION, Finding
from tablehallu.detectors.grounding import index_context, may_mention, supported_by_context
from tablehallu.detectors.matching import CellMatch, compare_lexically, finish
from tablehallu.detectors.state import Dispute, SampleState

Request = list[str]
#: Mismatches the context may still show to be the same value in other words: similarity
#: verdicts and one-word swaps (not numbers, negations or identifiers, which are hard evidence).
CONTEXT_CHECKABLE = frozenset({"embedding", "lexical", "sibling"})
#: Rules that accept a value that is not the gold one as written (a partial match).
PARTIAL_RULES = frozenset({"substring", "acronym", "abbreviation", "place", "embedding", "lexical"})


def _conversion_note(st: SampleState, p: int, g: int, c: int, m: CellMatch) -> Finding:
    """The info note for a predicted value that states the gold one in another unit."""
    return Finding(
        UNIT_CONVERSION,
        pred_row=st.p_index[p],
        gold_row=g,
        column=st.g_headers[c],
        predicted=st.cell(p, c).raw,
        expected=st.g_cells[g][c].raw,
        matcher="unit",
        score=m.score,
        explanation=f"{st.cell(p, c).raw!r} states gold {st.g_cells[g][c].raw!r}: {m.reason}",
        pred_column=st.pred_header(c),
    )


def _partial_note(st: SampleState, p: int, g: int, c: int, m: CellMatch) -> Finding:
    """The info note for a predicted value the cascade accepts only as a partial match."""
    pred, gold = st.cell(p, c).raw, st.g_cells[g][c].raw
    return Finding(
        PARTIAL_MATCH,
        pred_row=st.p_index[p],
        gold_row=g,
        column=st.g_headers[c],
        predicted=pred,
        expected=gold,
        matcher=m.matcher,
        score=m.score,
        explanation=f"{pred!r} accepted for gold {gold!r} as a partial match ({m.matcher})",
        pred_column=st.pred_header(c),
    )


def _by_whole_row(st: SampleState, p: int, c: int, m: CellMatch) -> CellMatch:
    """A mismatch in a row paired by whole-row similarity says so (a key cell's, matcher
    ``row``: the rule that decided this is the same entity)."""
    note = f"row paired by its other cells ({st.whole_row[p]:.0%} agree)"
    reason = f"{m.reason}; {note}" if m.reason else note
    return CellMatch(m.matched, "row" if c in st.key_cols else m.matcher, m.score, reason)


def compare_cells(st: SampleState) -> Generator[Request, None, None]:
    """Fill ``disputes`` with the matched rows' disagreements."""
    config, g_cells = st.config, st.g_cells
    todo: list[tuple[int, int, int, CellMatch]] = []
    p_heads = {c: st.pred_header(c) for c in st.aligned_cols}
    for p, g in sorted(st.match_of_pred.items()):
        for c in st.aligned_cols:
            if c in st.key_matched_cols[p]:
                continue
            gc, pc = g_cells[g][c], st.cell(p, c)
            if gc.kind == "null":
                if pc.kind != "null":
                    st.disputes.append(Dispute("blank", p, g, c))
                continue
            m = compare_lexically(gc, pc, config, st.g_headers[c], p_heads[c])
            todo.append((p, g, c, m))
    pending = [t for t in todo if t[3].pending]
    if pending and st.backend.name == "embedding":
        yield [s for p, g, c, _ in pending for s in (g_cells[g][c].text, st.cell(p, c).text)]
    context = st.context if st.has_context() else None
    for p, g, c, m in todo:
        gc, pc = g_cells[g][c], st.cell(p, c)
        # a row paired by its other cells: its key cells still hold the key's stricter rules
        m = finish(m, gc, pc, st.backend, config, key=p in st.whole_row and c in st.key_cols)
        if m.matched:
            if m.matcher == "unit":
                st.diag.findings.append(_conversion_note(st, p, g, c, m))
            elif m.matcher in PARTIAL_RULES:
                st.diag.findings.append(_partial_note(st, p, g, c, m))
            if pc.kind == "text" and st.adjudicating():
                st.disputes.append(Dispute("agrees", p, g, c, m))
            continue
        if (
            m.matcher in CONTEXT_CHECKABLE
            and config.context_support
            and context
            and may_mention(context, pc.text)
            and supported_by_context(
                pc, gc, [g_cells[g][k] for k in st.key_cols], index_context(context)
            )
        ):
            continue  # the context states the entity's value in the model's words
        if p in st.whole_row:
            m = _by_whole_row(st, p, c, m)
        st.disputes.append(Dispute("missing" if pc.kind == "null" else "wrong", p, g, c, m))
    if st.adjudicating() and st.alignment is not None:
        aligned = st.alignment.used_pred
        for p, g in sorted(st.match_of_pred.items()):
            for pc_index, cell in enumerate(st.p_typed[p]):
                if pc_index not in aligned and cell.kind != "null":
                    st.disputes.append(Dispute("extra_column", p, g, None, pc=pc_index))

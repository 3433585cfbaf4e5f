"""Stage 3: match predicted rows to gold rows, one to one, by primary key.

Keys written identically on both sides (one gold row, one predicted row) pair at once; the other
predicted rows go through the cell cascade against every gold row (a pair is dropped at its first
key cell that decidedly differs); the similarity stage runs only for rows that found no partner
lexically. In a key/value table, field names that name the same attribute in other words match
("born" / "birth date", :func:`same_field`). A key that differs from a gold key by at most
``Config.key_spelling_edits`` letters in one long word ("Mindaugus" / "Mindaugas") matches when the
context holds either spelling or the gold table has no closer row; two names of one team match
("Golden State" / "Warriors", :mod:`~tablehallu.detectors.grounding.teams`). Competing rows are
settled by an optimal assignment on key similarity, then agreement of the other cells; a second
predicted row for an already matched gold row is a duplicate. For composite keys a relaxed second
pass pairs rows whose first key cell agrees and whose other cells mostly agree. Last, rows still
unmatched on both sides are paired by whole-row similarity (``Config.whole_row_min_agreement``): an
edited key cell is then a wrong cell of its row (its finding says so, matcher ``row``), not an
invented row plus an omission.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Generator

from rapidfuzz.distance import OSA

from tablehallu.detectors.assignment import best_assignment
from tablehallu.detectors.grounding.attributes import header_features
from tablehallu.detectors.grounding.teams import same_team
from tablehallu.detectors.matching import CellMatch, compare_lexically, finish
from tablehallu.detectors.state import SampleState
from tablehallu.normalize import TypedCell, tokens

Request = list[str]
_SPELLING_MIN = 5


def near_spelling(a: TypedCell, b: TypedCell, edits: int) -> bool:
    """Same words but one long word that differs by at most ``edits`` letter edits (a swap of
    two neighbouring letters is one edit: "Dwyane" / "Dwayne")."""
    if edits < 1 or a.kind != "text" or b.kind != "text":
        return False
    wa, wb = tokens(a.text), tokens(b.text)
    if len(wa) != len(wb) or wa == wb:
        return False
    diff = [(x, y) for x, y in zip(wa, wb, strict=True) if x != y]
    if len(diff) != 1:
        return False
    x, y = diff[0]
    return min(len(x), len(y)) >= _SPELLING_MIN and OSA.distance(x, y, score_cutoff=edits) <= edits


def same_field(a: str, b: str, extra: tuple[tuple[str, ...], ...] = ()) -> bool:
    """Two field names of a key/value table that name the same attribute by the synonym groups
    of :mod:`tablehallu.detectors.grounding.attributes` ("born" / "birth_date", "place of birth"
    / "birth place"): the same concepts, and the same other words unless one side has none."""
    fa = header_features(a.replace("_", " "), extra)
    fb = header_features(b.replace("_", " "), extra)
    if not fa.concepts or fa.concepts != fb.concepts:
        return False
    return fa.stems == fb.stems or not fa.stems or not fb.stems


def _key_pairs(st: SampleState) -> dict[tuple[int, int], list[CellMatch]]:
    key_cols, g_cells = st.key_cols, st.g_cells
    pair: dict[tuple[int, int], list[CellMatch]] = {}
    g_by_key: dict[tuple[str, ...], list[int]] = {}
    p_by_key: dict[tuple[str, ...], list[int]] = {}
    for g in range(len(g_cells)):
        g_by_key.setdefault(tuple(g_cells[g][k].text for k in key_cols), []).append(g)
    for p in range(st.n_pred):
        p_by_key.setdefault(tuple(st.cell(p, k).text for k in key_cols), []).append(p)
    exact = [
        (ps[0], gs[0])
        for text, gs in g_by_key.items()
        if all(text) and len(gs) == 1 and len(ps := p_by_key.get(text, [])) == 1
    ]
    for p, g in exact:
        pair[p, g] = [CellMatch(True, "exact", 1.0)] * len(key_cols)
    paired = {p for p, _ in exact}
    edits = st.config.key_spelling_edits
    extra = st.config.grounding_synonyms
    teams = st.config.grounding_team_names
    informal = st.config.grounding_team_informal_names
    for p in range(st.n_pred):
        if p in paired:
            continue
        for g in range(len(g_cells)):
            ms: list[CellMatch] = []
            for k in key_cols:
                gc, pc = g_cells[g][k], st.cell(p, k)
                m = compare_lexically(gc, pc, st.config, st.g_headers[k])
                if m.matched is not True and near_spelling(gc, pc, edits):
                    m = CellMatch(True, "spelling", 0.9, "one-letter spelling difference")
                if (
                    m.matched is not True
                    and teams
                    and (
                        same_team(gc.text, pc.text, informal)
                        or same_team(gc.raw, pc.raw, informal)  # "ATL": capitals as written
                    )
                ):
                    m = CellMatch(True, "team", 0.9, "another name of the same team")
                if m.matched is not True and st.key_value and same_field(gc.raw, pc.raw, extra):
                    m = CellMatch(True, "field", 0.8, "the same attribute in other words")
                if m.matched is False:
                    break
                ms.append(m)
            else:
                pair[p, g] = ms
    return pair


def _same_key(st: SampleState, p: int, q: int) -> bool:
    """Predicted rows ``p`` and ``q`` have the same key text (case and spacing aside)."""
    return all(
        " ".join(st.cell(p, k).text.split()).casefold()
        == " ".join(st.cell(q, k).text.split()).casefold()
        for k in st.key_cols
    )


def align_rows(st: SampleState) -> Generator[Request, None, None]:
    """Fill ``match_of_pred``, ``key_matched_cols`` and ``duplicates``."""
    key_cols, g_cells, config, backend = st.key_cols, st.g_cells, st.config, st.backend
    if not key_cols:
        return
    pair = _key_pairs(st)
    allowed = {pg for pg, ms in pair.items() if all(m.matched for m in ms)}
    p_has = {p for p, _ in allowed}
    g_has = {g for _, g in allowed}
    pending = [pg for pg in pair if pg not in allowed and pg[0] not in p_has and pg[1] not in g_has]
    if pending and backend.name == "embedding":
        yield [
            s
            for p, g in pending
            for k in key_cols
            for s in (g_cells[g][k].text, st.cell(p, k).text)
        ]
    for p, g in pending:
        done = [
            finish(m, g_cells[g][k], st.cell(p, k), backend, config, key=True)
            for m, k in zip(pair[p, g], key_cols, strict=True)
        ]
        pair[p, g] = done
        if all(m.matched for m in done):
            allowed.add((p, g))

    match_of_pred: dict[int, int] = {}
    allowed_pairs = sorted(allowed)
    per_p = Counter(p for p, _ in allowed_pairs)
    per_g = Counter(g for _, g in allowed_pairs)
    if allowed_pairs and all(per_p[p] == 1 and per_g[g] == 1 for p, g in allowed_pairs):
        match_of_pred = dict(allowed_pairs)
    elif allowed_pairs:
        # competing rows: optimal assignment on key similarity, then agreement of the other cells
        non_key = [c for c in st.aligned_cols if c not in key_cols]
        weights: dict[tuple[int, int], float] = {}
        for p, g in allowed_pairs:
            agree = 0
            if per_p[p] > 1 or per_g[g] > 1:
                for c in non_key:
                    r = compare_lexically(g_cells[g][c], st.cell(p, c), config, st.g_headers[c])
                    agree += 1 if r.matched else 0
            key_score = sum(m.score for m in pair[p, g]) / len(key_cols)
            weights[p, g] = 10.0 * key_score + agree / max(1, len(non_key))
        match_of_pred = best_assignment(weights)
    st.match_of_pred = match_of_pred
    st.key_matched_cols = {p: set(key_cols) for p in match_of_pred}
    # a repeat names the same entity as the row that took its gold partner; "Davis (before
    # the break)" next to "Davis" is a row of its own
    taker = {g: p for p, g in match_of_pred.items()}
    st.duplicates = {
        p
        for p, g in allowed_pairs
        if p not in match_of_pred and (g not in taker or _same_key(st, p, taker[g]))
    }
    if config.relaxed_row_match and len(key_cols) > 1:
        _relaxed_pass(st)
    if config.whole_row_min_agreement > 0 and not st.key_value:
        yield from _whole_row_pass(st)


def _relaxed_pass(st: SampleState) -> None:
    """Composite keys: same entity (first key column), other cells mostly agree."""
    config, g_cells = st.config, st.g_cells
    free_p = [p for p in range(st.n_pred) if p not in st.match_of_pred and p not in st.duplicates]
    taken = set(st.match_of_pred.values())
    free_g = [g for g in range(len(g_cells)) if g not in taken]
    first = st.key_cols[0]
    others = [c for c in st.aligned_cols if c != first]
    if not (free_p and free_g and others):
        return
    relaxed: dict[tuple[int, int], float] = {}
    for p in free_p:
        for g in free_g:
            head = compare_lexically(g_cells[g][first], st.cell(p, first), config)
            if not head.matched:
                continue
            compared = [c for c in others if g_cells[g][c].kind != "null"]
            if not compared:
                continue
            agree = sum(
                1
                for c in compared
                if compare_lexically(g_cells[g][c], st.cell(p, c), config, st.g_headers[c]).matched
            )
            frac = agree / len(compared)
            if frac >= config.relaxed_row_min_agreement:
                relaxed[p, g] = frac
    for p, g in best_assignment(relaxed).items():
        st.match_of_pred[p] = g
        st.key_matched_cols[p] = {first}


#: Most cell comparisons spent on the whole-row pass of one sample (bounds hostile input).
WHOLE_ROW_BUDGET = 200_000
#: Fewest cells two rows must agree on to be paired by the whole-row pass.
WHOLE_ROW_MIN_CELLS = 2


def _whole_row_pass(st: SampleState) -> Generator[Request, None, None]:
    """Rows still unmatched on both sides, paired by whole-row similarity: every aligned cell
    (rows where both are empty do not count) through the cell cascade, the optimal assignment
    on the share that agree, at least ``Config.whole_row_min_agreement`` and two cells. One
    edited key cell is then one wrong cell, not an invented row plus an omission."""
    config, g_cells, backend = st.config, st.g_cells, st.backend
    free_p = [p for p in range(st.n_pred) if p not in st.match_of_pred and p not in st.duplicates]
    taken = set(st.match_of_pred.values())
    free_g = [g for g in range(len(g_cells)) if g not in taken]
    cols = st.aligned_cols
    if not (free_p and free_g and cols) or len(free_p) * len(free_g) * len(cols) > (
        WHOLE_ROW_BUDGET
    ):
        return
    p_heads = {c: st.pred_header(c) for c in cols}
    key_set = set(st.key_cols)
    share = config.whole_row_min_agreement
    compared: dict[tuple[int, int], tuple[int, int, list[tuple[int, CellMatch]]]] = {}
    for p in free_p:
        for g in free_g:
            filled = [
                c for c in cols if g_cells[g][c].kind != "null" or st.cell(p, c).kind != "null"
            ]
            need = max(WHOLE_ROW_MIN_CELLS, math.ceil(share * len(filled) - 1e-9))
            agree, undecided, left = 0, [], len(filled)
            for c in filled:
                m = compare_lexically(
                    g_cells[g][c], st.cell(p, c), config, st.g_headers[c], p_heads[c]
                )
                left -= 1
                if m.matched:
                    agree += 1
                elif m.pending:
                    undecided.append((c, m))
                if agree + len(undecided) + left < need:
                    break  # cannot reach the share any more
            else:
                if agree + len(undecided) >= need:
                    compared[p, g] = (agree, len(filled), undecided)
    if backend.name == "embedding":
        texts = [
            s
            for (p, g), (_, _, ms) in compared.items()
            for c, _m in ms
            for s in (g_cells[g][c].text, st.cell(p, c).text)
        ]
        if texts:
            yield texts
    weights: dict[tuple[int, int], float] = {}
    for (p, g), (agree, total, ms) in compared.items():
        agree += sum(
            1
            for c, m in ms
            if finish(m, g_cells[g][c], st.cell(p, c), backend, config, key=c in key_set).matched
        )
        if agree >= WHOLE_ROW_MIN_CELLS and agree / total >= share:
            weights[p, g] = agree / total
    for p, g in best_assignment(weights).items():
        st.match_of_pred[p] = g
        st.key_matched_cols[p] = set()
        st.whole_row[p] = weights[p, g]

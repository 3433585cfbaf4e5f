"""Stage 1b (lenient headers): align the columns that names could not pair by their values.

After :func:`~tablehallu.detectors.headers.align_headers` (names, units, spelling similarity),
a gold column and a predicted column still unpaired are the same column when they hold the same
values: over the rows paired by a column already aligned (the one with the most distinct values;
by position when none pairs two rows or more and both tables have as many rows), the share of
rows whose two cells match through the lexical cell cascade (nulls, numbers, dates, units,
text rules; rows where both cells are empty do not count) is at least
``Config.column_value_threshold``; with no row pairing the share of the gold column's values
found in the predicted column decides. Competing pairs are settled by the optimal assignment.
Reported as ``renamed_column`` with matcher ``values``.

Then split and merged columns: one gold column whose values are two adjacent predicted columns'
joined (``Name`` = ``First name`` + ``Last name``), or one predicted column holding two adjacent
gold columns' (``W-L`` = ``Wins`` + ``Losses``), compared on their words, in at least that share
of the paired rows -> ``split_column`` / ``merged_column`` (matcher ``values``). The cells are
then compared joined (split) or the predicted cell cut at the separator the matching rows use
(merge), instead of reporting a missing plus extra columns. Splits and merges are looked for
first, also among columns the names paired ("Name" is spelt like "First name", which holds only
part of it). A pair the names aligned is otherwise kept even when its values disagree: its
header tells the reader what the values are (a "Death Date" column holding birth dates is wrong
dates, not a renamed "Date of Birth"). In ``strict`` mode the analysis
stops at the header mismatch before this stage (the paper's rule).

A response that is the gold table transposed (its headers are one gold column's values and one
of its columns names the gold's headers, each in at least ``TRANSPOSED_SHARE`` of them) is read
back in the gold's layout first (:func:`untranspose`; ``format_error`` / ``transposed``); so is
a response in long form, a row per entity and gold column (:func:`unpivot`; ``long_format``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rapidfuzz import fuzz

from tablehallu.config import Config
from tablehallu.detectors.assignment import best_assignment
from tablehallu.detectors.headers import (
    SEPARATORS,
    Alignment,
    ColumnJoin,
    HeaderIssue,
    build_alignment,
    names_column,
)
from tablehallu.detectors.matching import compare_lexically
from tablehallu.normalize import TypedCell, normalize_header, normalize_text, tokens, type_cell
from tablehallu.parsers.table import ParsedTable

#: Rules that pair columns by their names' spelling (a split may explain them better).
NAMED = frozenset({"header", "abbreviation", "acronym"})
#: Fewest cells (either side filled) that must be compared before values may align two columns.
MIN_CELLS = 2
#: Most cell comparisons spent looking for renamed columns in one sample (bounds hostile input).
BUDGET = 200_000


def _typed(value: str, config: Config) -> TypedCell:
    return type_cell(value, config.dayfirst, max_chars=config.max_typed_chars)


class _Tables:
    """The typed cells of both tables, typed on first use."""

    def __init__(
        self, gold: ParsedTable, g_cells: list[list[TypedCell]], pred: ParsedTable, config: Config
    ) -> None:
        self.gold, self.g_cells, self.pred, self.config = gold, g_cells, pred, config
        self.p_rows = pred.rows()
        self._p: dict[tuple[int, int], TypedCell] = {}

    def g(self, row: int, col: int) -> TypedCell:
        cells = self.g_cells[row]
        return cells[col] if col < len(cells) else _typed("", self.config)

    def p(self, row: int, col: int) -> TypedCell:
        found = self._p.get((row, col))
        if found is None:
            cells = self.p_rows[row]
            found = _typed(cells[col] if col < len(cells) else "", self.config)
            self._p[row, col] = found
        return found


def _row_pairs(
    t: _Tables, alignment: Alignment, free_g: Sequence[int] = (), free_p: Sequence[int] = ()
) -> list[tuple[int, int]]:
    """(pred row, gold row) pairs: by the aligned column with the most distinct gold values
    (values unique on both sides); else by the unpaired column pair whose unique values say the
    same in at least ``Config.column_value_threshold`` of the rows; else by position when the
    tables have as many rows."""
    n_g, n_p = len(t.g_cells), len(t.p_rows)
    best: list[tuple[int, int]] = []
    for g, p in enumerate(alignment.pred_for_gold):
        if p is None:
            continue
        g_texts = Counter(t.g(r, g).text for r in range(n_g))
        p_texts = Counter(t.p(r, p).text for r in range(n_p))
        g_row = {t.g(r, g).text: r for r in range(n_g)}
        pairs = [
            (r, g_row[text])
            for r in range(n_p)
            if (text := t.p(r, p).text)
            and p_texts[text] == 1
            and g_texts.get(text) == 1
            and t.p(r, p).kind != "null"
        ]
        if len(pairs) > len(best):
            best = pairs
    if len(best) >= MIN_CELLS:
        return best
    # no aligned column pairs the rows: an unpaired column pair whose values are unique and say
    # the same in most rows (a renamed key, "April 18, 1987" / "18/04/1987") pairs them
    need = max(MIN_CELLS, t.config.column_value_threshold * min(n_g, n_p))
    if (len(free_g) + 2) * (len(free_p) + 2) * max(n_g, n_p) <= BUDGET:
        g_keys = {g: _unique_keys([t.g(r, g) for r in range(n_g)]) for g in free_g}
        for p in free_p:
            p_keys = _unique_keys([t.p(r, p) for r in range(n_p)])
            for g in free_g:
                pairs = [(r, g_keys[g][k]) for k, r in p_keys.items() if k in g_keys[g]]
                if len(pairs) >= need and len(pairs) > len(best):
                    best = sorted(pairs)
    if len(best) >= MIN_CELLS:
        return best
    return [(r, r) for r in range(n_g)] if n_g == n_p else []


def _unique_keys(cells: Sequence[TypedCell]) -> dict[object, int]:
    """:func:`_value_key` -> row, for the keys one filled cell has."""
    keyed = [(_value_key(c), r) for r, c in enumerate(cells) if c.kind != "null"]
    counts = Counter(k for k, _ in keyed)
    return {k: r for k, r in keyed if counts[k] == 1}


def _row_share(
    t: _Tables, g: int, p: int, pairs: Sequence[tuple[int, int]], config: Config
) -> float:
    g_head, p_head = t.gold.headers[g], t.pred.headers[p]
    compared = agree = 0
    for pr, gr in pairs:
        gc, pc = t.g(gr, g), t.p(pr, p)
        if gc.kind == "null" and pc.kind == "null":
            continue
        compared += 1
        if compare_lexically(gc, pc, config, g_head, p_head).matched:
            agree += 1
    return agree / compared if compared >= MIN_CELLS else 0.0


def _value_key(cell: TypedCell) -> object:
    """What a cell says, whatever its writing: a date's day, a number's value, else the text
    ("April 18, 1987" and "18/04/1987" say the same)."""
    if cell.date is not None:
        d = cell.date
        return ("date", d.year, d.month, d.day, d.quarter)
    if cell.number is not None and cell.number.unit is None:
        return ("number", cell.number.value)
    return cell.text


def _set_share(t: _Tables, g: int, p: int) -> float:
    g_vals = Counter(
        _value_key(t.g(r, g)) for r in range(len(t.g_cells)) if t.g(r, g).kind != "null"
    )
    p_vals = Counter(
        _value_key(t.p(r, p)) for r in range(len(t.p_rows)) if t.p(r, p).kind != "null"
    )
    total = max(sum(g_vals.values()), sum(p_vals.values()))
    if total < MIN_CELLS:
        return 0.0
    return sum((g_vals & p_vals).values()) / total


def _words(cell: TypedCell) -> tuple[str, ...]:
    return tokens(cell.text) if cell.kind != "null" else ()


def _join_share(
    t: _Tables, whole: int, parts: tuple[int, ...], pairs: Sequence[tuple[int, int]], split: bool
) -> tuple[float, str]:
    """Share of the paired rows where the one-column side's words are the parts' words in
    order, and the separator most of the matching rows use."""
    compared = agree = 0
    seps: Counter[str] = Counter()
    for pr, gr in pairs:
        if split:
            one, many = t.g(gr, whole), [t.p(pr, c) for c in parts]
        else:
            one, many = t.p(pr, whole), [t.g(gr, c) for c in parts]
        if one.kind == "null" and all(c.kind == "null" for c in many):
            continue
        compared += 1
        joined = tuple(w for c in many for w in _words(c))
        if all(c.kind != "null" for c in many) and joined == _words(one):
            agree += 1
            raws = [c.raw.strip() for c in many]
            seps.update(s for s in SEPARATORS if s.join(raws) == one.raw.strip())
    if compared < MIN_CELLS:
        return 0.0, " "
    sep = seps.most_common(1)[0][0] if seps else " "
    return agree / compared, sep


def align_by_values(
    gold: ParsedTable,
    g_cells: list[list[TypedCell]],
    pred: ParsedTable,
    alignment: Alignment,
    config: Config,
) -> Alignment:
    """``alignment`` with the columns their values pair (renamed, split, merged) added."""
    free_g = [g for g in range(len(gold.headers)) if g not in alignment.covered_gold]
    free_p = [p for p in range(len(pred.headers)) if p not in alignment.used_pred]
    spelt = any(i.subtype == "renamed_column" and i.matcher in NAMED for i in alignment.issues)
    if not g_cells or not (free_g or free_p) or not ((free_g and free_p) or spelt):
        return alignment
    t = _Tables(gold, g_cells, pred, config)
    if not t.p_rows:
        return alignment
    pairs = _row_pairs(t, alignment, free_g, free_p)
    rows = max(len(pairs), len(t.g_cells), len(t.p_rows))
    if (len(free_g) + 2) * (len(free_p) + 2) * rows > BUDGET:
        return alignment
    threshold = config.column_value_threshold
    pred_for_gold = list(alignment.pred_for_gold)
    renamed = [i for i in alignment.issues if i.subtype == "renamed_column"]
    # a pair aligned by spelling alone may be a split or a merge ("Name" / "First name"); a
    # pair whose values disagree stays: its header tells the reader those are its values
    tentative: dict[int, tuple[int, HeaderIssue]] = {}
    if pairs:
        for issue in [i for i in renamed if i.matcher in NAMED]:
            g = next(
                g
                for g, p in enumerate(pred_for_gold)
                if p is not None
                and gold.headers[g] == issue.column
                and pred.headers[p] == issue.predicted
            )
            p = pred_for_gold[g]
            assert p is not None
            if _join_explains(t, g, p, free_g, free_p, pairs, threshold):
                tentative[g] = (p, issue)
                renamed.remove(issue)
                pred_for_gold[g] = None
                free_g.append(g)
                free_p.append(p)
    joins = list(alignment.joins)
    if pairs:
        free_g.sort()
        free_p.sort()
        joins += _joins(t, free_g, free_p, pairs, threshold, renamed)
        free_g = [g for g in free_g if not any(g in j.gold for j in joins)]
        free_p = [p for p in free_p if not any(p in j.pred for j in joins)]
    weights: dict[tuple[int, int], float] = {}
    for g in free_g:
        for p in free_p:
            share = _row_share(t, g, p, pairs, config) if pairs else _set_share(t, g, p)
            if share >= threshold:
                weights[g, p] = share
    for g, p in sorted(best_assignment(weights).items()):
        pred_for_gold[g] = p
        share = weights[g, p]
        renamed.append(
            HeaderIssue(
                "renamed_column",
                gold.headers[g],
                pred.headers[p],
                gold.headers[g],
                f"column {gold.headers[g]!r} is headed {pred.headers[p]!r} (their values agree in "
                f"{share:.0%} of the rows)",
                share,
                matcher="values",
            )
        )
    used = {p for p in pred_for_gold if p is not None} | {p for j in joins for p in j.pred}
    joined_g = {g for j in joins for g in j.gold}
    for g, (p, issue) in tentative.items():
        if pred_for_gold[g] is None and g not in joined_g and p not in used:
            pred_for_gold[g] = p  # nothing explains the columns better than their names
            renamed.append(issue)
    if tuple(pred_for_gold) == alignment.pred_for_gold and len(joins) == len(alignment.joins):
        return alignment
    aligned = build_alignment(pred.headers, gold.headers, pred_for_gold, renamed, joins)
    if not pairs and _row_pairs(t, aligned):
        # the values' sets named a column that pairs the rows (a renamed key, rows in another
        # order or count): the columns left are compared row by row
        return align_by_values(gold, g_cells, pred, aligned, config)
    return aligned


def _join_explains(
    t: _Tables,
    g: int,
    p: int,
    free_g: list[int],
    free_p: list[int],
    pairs: Sequence[tuple[int, int]],
    threshold: float,
) -> bool:
    """Whether gold column ``g`` is split into ``p`` and a free neighbour, or merged with a free
    neighbour into ``p`` ("Name" spelt like "First name", which only holds part of it)."""
    for parts in ((p - 1, p), (p, p + 1)):
        other = parts[0] if parts[1] == p else parts[1]
        if other in free_p and _join_share(t, g, parts, pairs, split=True)[0] >= threshold:
            return True
    for parts in ((g - 1, g), (g, g + 1)):
        other = parts[0] if parts[1] == g else parts[1]
        if other in free_g and _join_share(t, p, parts, pairs, split=False)[0] >= threshold:
            return True
    return False


def _joins(
    t: _Tables,
    free_g: list[int],
    free_p: list[int],
    pairs: Sequence[tuple[int, int]],
    threshold: float,
    issues: list[HeaderIssue],
) -> list[ColumnJoin]:
    """Split columns (one gold, two adjacent predicted) and merged ones (the reverse)."""
    out: list[ColumnJoin] = []
    gh, ph = t.gold.headers, t.pred.headers
    taken_g: set[int] = set()
    taken_p: set[int] = set()
    for g in free_g:
        for p in free_p:
            if p + 1 not in free_p or {p, p + 1} & taken_p or g in taken_g:
                continue
            share, sep = _join_share(t, g, (p, p + 1), pairs, split=True)
            if share >= threshold:
                out.append(ColumnJoin((g,), (p, p + 1), sep))
                taken_g.add(g)
                taken_p.update((p, p + 1))
                issues.append(
                    HeaderIssue(
                        "split_column",
                        gh[g],
                        f"{ph[p]} + {ph[p + 1]}",
                        gh[g],
                        f"column {gh[g]!r} is split into {ph[p]!r} and {ph[p + 1]!r} (joined, "
                        f"their values match in {share:.0%} of the rows)",
                        share,
                        matcher="values",
                    )
                )
    for p in free_p:
        for g in free_g:
            if p in taken_p or g + 1 not in free_g or {g, g + 1} & taken_g:
                continue
            # in either order: "FT" "1-2" is made - attempted beside "attempted | made"
            (share, sep), (a, b) = _join_share(t, p, (g, g + 1), pairs, split=False), (g, g + 1)
            back, back_sep = _join_share(t, p, (g + 1, g), pairs, split=False)
            if back > share:
                share, sep, (a, b) = back, back_sep, (g + 1, g)
            if share >= threshold:
                out.append(ColumnJoin((a, b), (p,), sep))
                taken_g.update((g, g + 1))
                taken_p.add(p)
                issues.append(
                    HeaderIssue(
                        "merged_column",
                        gh[a],
                        ph[p],
                        f"{gh[a]} + {gh[b]}",
                        f"columns {gh[a]!r} and {gh[b]!r} are merged into {ph[p]!r} (their "
                        f"values joined match in {share:.0%} of the rows)",
                        share,
                        matcher="values",
                    )
                )
    return out


def split_value(raw: str, sep: str, parts: int) -> list[str]:
    """A merged cell cut into ``parts`` values at ``sep`` (extra pieces stay with the first
    value: "Mary Ann Smith" -> "Mary Ann", "Smith"; missing ones are empty)."""
    pieces = [x.strip() for x in (raw.split(sep) if sep.strip() else raw.split())]
    if len(pieces) > parts:
        head = (sep if sep.strip() else " ").join(pieces[: len(pieces) - parts + 1])
        pieces = [head, *pieces[len(pieces) - parts + 1 :]]
    return pieces + [""] * (parts - len(pieces))


def joined_cells(
    joins: Sequence[ColumnJoin], row: Sequence[str], config: Config
) -> dict[int, TypedCell]:
    """The cells a predicted row gives the gold columns of ``joins``: the parts joined (split)
    or the merged cell cut (merge)."""
    out: dict[int, TypedCell] = {}
    for j in joins:
        values = [row[c].strip() if c < len(row) else "" for c in j.pred]
        if j.split:
            out[j.gold[0]] = _typed(j.sep.join(v for v in values if v), config)
        else:
            for g, v in zip(j.gold, split_value(values[0], j.sep, len(j.gold)), strict=True):
                out[g] = _typed(v, config)
    return out


#: Least share of a transposed table's labels (and entity headers) that must name the gold's
#: headers (and key values) for it to be read back as the gold's layout.
TRANSPOSED_SHARE = 0.6


def untranspose(pred: ParsedTable, gold: ParsedTable, config: Config) -> ParsedTable | None:
    """``pred`` read back in the gold's layout when it is the gold table transposed (its
    headers are the values of one gold column, one of its columns names the gold's headers),
    else None. The label column becomes the header row, the gold column's header heads the
    column of entities.

    A label names a gold header when it aligns with it by name (equal, spelt alike by
    ``Config.header_match_threshold``, abbreviated, contracted or extended: "Def Reb", "3PA");
    an entity header names a gold value when the cell cascade matches them ("N. Jokic" /
    "Nikola Jokic") or they are spelt alike by the same threshold ("Taj Gibsson")."""
    rows = pred.rows()
    if len(rows) < 2 or len(pred.headers) < 3 or len(gold.headers) < 2:
        return None
    names = [normalize_header(h) for h in gold.headers]
    lenient = len(rows) * len(pred.headers) * len(names) <= TRANSPOSE_BUDGET
    label, hits = None, 0
    for j in range(len(pred.headers)):
        found = sum(
            1
            for r in rows
            if j < len(r) and _names_header(normalize_header(r[j]), names, lenient, config)
        )
        if found > hits:
            label, hits = j, found
    if label is None or hits < max(2, TRANSPOSED_SHARE * len(rows)):
        return None
    others = [c for c in range(len(pred.headers)) if c != label]
    g_rows = gold.rows()
    lenient = len(others) * len(g_rows) * len(gold.headers) <= TRANSPOSE_BUDGET
    for k in range(len(gold.headers)):
        values = [r[k] for r in g_rows if k < len(r) and r[k].strip()]
        found = sum(1 for c in others if _names_value(pred.headers[c], values, lenient, config))
        if found >= max(2, TRANSPOSED_SHARE * len(others)):
            break
    else:
        return None
    headers = [gold.headers[k]] + [r[label] if label < len(r) else "" for r in rows]
    body = [[pred.headers[c]] + [r[c] if c < len(r) else "" for r in rows] for c in others]
    return ParsedTable(headers=headers, rows=body, format=pred.format, warnings=pred.warnings)


#: Most comparisons the lenient reading of a transposed table may spend (label cells x gold
#: headers, entity headers x gold cells); beyond it only equal names count (hostile input).
TRANSPOSE_BUDGET = 200_000


def _names_header(label: str, names: Sequence[str], lenient: bool, config: Config) -> bool:
    if not label:
        return False
    if label in names:
        return True
    return lenient and any(names_column(label, n, config) for n in names)


def _names_value(head: str, values: Sequence[str], lenient: bool, config: Config) -> bool:
    text = normalize_text(head)
    if not text:
        return False
    if any(normalize_text(v) == text for v in values):
        return True
    if not lenient:
        return False
    cell = _typed(head, config)
    return any(
        fuzz.ratio(text, normalize_text(v)) / 100.0 >= config.header_match_threshold
        or compare_lexically(_typed(v, config), cell, config).matched is True
        for v in values
    )


#: Most columns a table in long form has (keys, the label column, the value column).
LONG_MAX_COLUMNS = 6


def unpivot(pred: ParsedTable, gold: ParsedTable, config: Config) -> ParsedTable | None:
    """``pred`` read back in the gold's layout when it is the gold table in long form (one row
    per entity and gold column: "obligation | period | amount" for "obligation | total | less
    than 1 year | ..."), else None: the columns whose headers name gold headers are the keys,
    one other column (the labels) names the gold's other headers in at least
    ``TRANSPOSED_SHARE`` of the rows, and one column (the values) is left. Rows with the same
    keys become one row, with a column per label (in order of first appearance)."""
    rows = pred.rows()
    heads = [normalize_header(h) for h in pred.headers]
    names = [normalize_header(h) for h in gold.headers]
    if len(heads) < 3 or len(rows) < 2 or len(rows) * len(names) > TRANSPOSE_BUDGET:
        return None
    if len(heads) > LONG_MAX_COLUMNS:
        return None
    naming = [any(names_column(h, n, config) for n in names) for h in heads]
    found = None
    for label in range(len(heads)):
        labels = [r[label].strip() if label < len(r) else "" for r in rows]
        named = sum(
            1
            for x in labels
            if x and any(names_column(normalize_header(x), n, config) for n in names)
        )
        if len(set(labels)) < 2 or named < max(2, TRANSPOSED_SHARE * len(rows)):
            continue
        for value in range(len(heads)):
            keys = [j for j in range(len(heads)) if j not in (label, value)]
            if value != label and keys and all(naming[j] for j in keys):
                found = (label, value, keys, labels)
                break
        if found:
            break
    if found is None:
        return None
    label, value, keys, labels = found
    columns = list(dict.fromkeys(x for x in labels if x))
    grouped: dict[tuple[str, ...], dict[str, str]] = {}
    for r, x in zip(rows, labels, strict=True):
        key = tuple(r[j] if j < len(r) else "" for j in keys)
        cells = grouped.setdefault(key, {})
        if x and x not in cells:
            cells[x] = r[value] if value < len(r) else ""
    if len(grouped) * 2 > len(rows):
        return None  # most keys hold one label: not a long table
    headers = [pred.headers[j] for j in keys] + columns
    body = [list(key) + [cells.get(c, "") for c in columns] for key, cells in grouped.items()]
    return ParsedTable(headers=headers, rows=body, format=pred.format, warnings=pred.warnings)

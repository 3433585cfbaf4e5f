"""The hierarchical detector (TableHallu Algorithm 1, made exact) and its batched driver.

Per sample, in order:

1. **Format** — an unparseable response, a malformed table (ragged rows, missing separator, empty
   body, truncation) or headers that differ from the gold headers are ``format_error``; in
   ``strict`` header mode the analysis stops there (the paper), in ``lenient`` mode columns are
   aligned and the analysis goes on.
2. **Row matching** — one-to-one by primary key (:mod:`~tablehallu.detectors.keys`) through the cell
   cascade (:mod:`~tablehallu.detectors.matching`), solved as an optimal assignment (other cells
   break ties between rows with equal keys). A second predicted row for an already matched gold row
   is unmatched with subtype ``duplicate``.
3. **Matched rows** — every cell outside the matched key: gold null and prediction not null ->
   ``blank_filling``; gold not null and no match -> ``attribute_distortion`` (subtype
   ``missing_value`` when the prediction is null).
4. **Unmatched rows** — duplicates are ``out_of_range``; other keys grounded in the context
   (:mod:`~tablehallu.detectors.grounding`) are ``out_of_range``, the rest ``entity_fabrication``
   (subtype ``no_context`` when there is no context to look in).
5. **Omission** — gold rows left out (reported outside ``total``).
6. **Order** (:mod:`~tablehallu.detectors.order`).

Each sample runs as a generator that yields the strings its similarity stage needs; the driver
collects them across all samples, embeds every unique string once in batches, and resumes them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tablehallu.config import Config
from tablehallu.detectors.assignment import best_assignment
from tablehallu.detectors.constraints import read_constraints
from tablehallu.detectors.diagnosis import (
    ATTRIBUTE_DISTORTION,
    BLANK_FILLING,
    ENTITY_FABRICATION,
    FORMAT_ERROR,
    OMISSION,
    ORDER_MISMATCH,
    OUT_OF_RANGE,
    Diagnosis,
    Finding,
)
from tablehallu.detectors.grounding import (
    Grounding,
    candidate_sentences,
    ground_lexically,
    ground_with_similarity,
    index_context,
    key_text,
    may_mention,
    supported_by_context,
)
from tablehallu.detectors.headers import align_headers
from tablehallu.detectors.keys import choose_key
from tablehallu.detectors.matching import CellMatch, compare_lexically, finish
from tablehallu.detectors.order import OrderViolation, SortRule, check_order, resolve_rules
from tablehallu.detectors.similarity import SimilarityBackend, resolve_backend
from tablehallu.normalize import TypedCell, type_cell
from tablehallu.parsers import parse_gold, parse_response
from tablehallu.parsers.table import STRUCTURAL_WARNINGS, ParsedTable, ParseError

Request = list[str]
#: Mismatches the context may still show to be the same value in other words: similarity
#: verdicts and one-word swaps (not numbers, negations or identifiers, which are hard evidence).
CONTEXT_CHECKABLE = frozenset({"embedding", "lexical", "sibling"})
_NULL_CELL = type_cell("")


class GoldTableError(ValueError):
    """The gold table could not be parsed; the sample cannot be evaluated."""


@dataclass
class Sample:
    """One thing to evaluate: a response, its gold table, optionally context, query, constraints.

    ``response`` is raw model output, a :class:`ParsedTable` or a DataFrame; ``gold`` anything
    :func:`tablehallu.parsers.parse_gold` accepts; ``format`` overrides ``Config.format``.
    """

    response: Any
    gold: Any
    context: str | None = None
    query: str | None = None
    constraints: Mapping[str, Any] | None = None
    format: str | None = None

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> Sample:
        """Build from a dict with :func:`detect`'s keys (``response``, ``gold``/``gt_table``...)."""
        gold = data.get("gold", data.get("gt_table"))
        context = data.get("context")
        return cls(
            response=data.get("response"),
            gold=gold,
            context=context,
            query=data.get("query"),
            constraints=data.get("constraints"),
            format=data.get("format"),
        )


def _as_table(value: Any, fmt: str, config: Config) -> ParsedTable | ParseError:
    if isinstance(value, ParsedTable):
        return value
    if isinstance(value, str):
        return parse_response(value, format=fmt, config=config)
    if value is None:
        return ParseError("the response is empty (null)")
    return parse_gold(value, config=config)


def _gold_table(value: Any, config: Config) -> ParsedTable:
    if value is None:
        raise GoldTableError("no gold table given")
    gold = value if isinstance(value, ParsedTable) else parse_gold(value, config=config)
    if isinstance(gold, ParseError):
        raise GoldTableError(f"the gold table does not parse: {gold}")
    return gold


def _finding(kind: str, **kw: Any) -> Finding:
    return Finding(type=kind, **kw)


def _describe_row(cells: Sequence[str], key_cols: Sequence[int]) -> str:
    return " / ".join(cells[k] for k in key_cols if k < len(cells)) or "(no key)"


def _run(
    sample: Sample, config: Config, backend: SimilarityBackend
) -> Generator[Request, None, Diagnosis]:
    diag = Diagnosis(matcher=backend.label())
    context = sample.context if isinstance(sample.context, str) else None
    diag.has_context = bool(context and context.strip())
    gold = _gold_table(sample.gold, config)
    fmt = sample.format or config.format
    pred = _as_table(sample.response, fmt, config)
    findings = diag.findings

    # 1. format ------------------------------------------------------------------------------
    if isinstance(pred, ParseError):
        findings.append(
            _finding(FORMAT_ERROR, subtype="unparseable", matcher="parse", explanation=str(pred))
        )
        diag.warnings.extend(w.message for w in pred.warnings)
        return diag
    diag.parsed_format = pred.format
    for warning in pred.warnings:
        if warning.code in STRUCTURAL_WARNINGS:
            line = f" (line {warning.line})" if warning.line else ""
            findings.append(
                _finding(
                    FORMAT_ERROR,
                    subtype=warning.code,
                    matcher="parse",
                    explanation=warning.message + line,
                )
            )
        else:
            diag.warnings.append(f"{warning.code}: {warning.message}")
    alignment = align_headers(pred.headers, gold.headers, config)
    for issue in alignment.issues:
        findings.append(
            _finding(
                FORMAT_ERROR,
                subtype=issue.subtype,
                column=issue.column,
                predicted=issue.predicted,
                expected=issue.expected,
                matcher="header",
                score=issue.score,
                explanation=issue.explanation,
            )
        )
    if findings and config.headers == "strict":
        return diag

    g_headers = gold.headers

    def typed(v: str) -> TypedCell:
        return type_cell(v, config.dayfirst, max_chars=config.max_typed_chars)

    g_rows = gold.rows()
    p_rows_all = pred.rows()
    g_cells = [[typed(v) for v in row] for row in g_rows]
    p_map = alignment.pred_for_gold
    p_typed = [[typed(v) for v in row] for row in p_rows_all]
    p_cells_all = [
        [row[p] if p is not None and p < len(row) else None for p in p_map] for row in p_typed
    ]
    # rows whose every cell is empty carry no claim; they are skipped
    p_index = [i for i, row in enumerate(p_typed) if any(c.kind != "null" for c in row)]
    if len(p_index) < len(p_rows_all):
        diag.warnings.append(f"{len(p_rows_all) - len(p_index)} empty predicted row(s) ignored")
    p_cells = [p_cells_all[i] for i in p_index]
    aligned_cols = [g for g, p in enumerate(p_map) if p is not None]

    constraints, problem = read_constraints(sample.constraints)
    if problem:
        diag.warnings.append(f"{problem}; constraints ignored")
    explicit: list[str] | None = None
    if constraints and constraints.get("primary_key") is not None:
        pk = constraints["primary_key"]
        if isinstance(pk, str):
            explicit = [pk]
        elif isinstance(pk, list | tuple) and pk and all(isinstance(x, str) for x in pk):
            explicit = list(pk)
        else:
            diag.warnings.append(
                f"constraints primary_key must be a column name or a list of names, got {pk!r}; "
                "ignored"
            )
    if explicit is None and config.primary_key:
        explicit = list(config.primary_key)
    key = choose_key(g_headers, g_cells, explicit=explicit, allowed=aligned_cols)
    diag.primary_key = [g_headers[k] for k in key.columns]
    diag.warnings.extend(key.notes)
    key_cols = list(key.columns)

    # 2. row matching ------------------------------------------------------------------------
    n_p, n_g = len(p_cells), len(g_cells)

    def cell(p: int, c: int) -> TypedCell:
        v = p_cells[p][c]
        return v if v is not None else _NULL_CELL

    # keys written identically on both sides (one gold row, one predicted row) pair at once;
    # the other predicted rows go through the cascade against every gold row (a gold row that is
    # already taken can still make them a duplicate). A pair is dropped at its first key cell that
    # decidedly differs.
    pair: dict[tuple[int, int], list[CellMatch]] = {}
    if key_cols:
        g_by_key: dict[tuple[str, ...], list[int]] = {}
        p_by_key: dict[tuple[str, ...], list[int]] = {}
        for g in range(n_g):
            g_by_key.setdefault(tuple(g_cells[g][k].text for k in key_cols), []).append(g)
        for p in range(n_p):
            p_by_key.setdefault(tuple(cell(p, k).text for k in key_cols), []).append(p)
        exact = [
            (ps[0], gs[0])
            for text, gs in g_by_key.items()
            if all(text) and len(gs) == 1 and len(ps := p_by_key.get(text, [])) == 1
        ]
        for p, g in exact:
            pair[p, g] = [CellMatch(True, "exact", 1.0)] * len(key_cols)
        paired = {p for p, _ in exact}
        for p in range(n_p):
            if p in paired:
                continue
            for g in range(n_g):
                ms: list[CellMatch] = []
                for k in key_cols:
                    m = compare_lexically(g_cells[g][k], cell(p, k), config, g_headers[k])
                    if m.matched is False:
                        break
                    ms.append(m)
                else:
                    pair[p, g] = ms
    allowed = {pg for pg, ms in pair.items() if all(m.matched for m in ms)}
    p_has = {p for p, _ in allowed}
    g_has = {g for _, g in allowed}
    # the similarity stage only for rows that found no partner lexically
    pending = [pg for pg in pair if pg not in allowed and pg[0] not in p_has and pg[1] not in g_has]
    if pending and backend.name == "embedding":
        yield [
            s for p, g in pending for k in key_cols for s in (g_cells[g][k].text, cell(p, k).text)
        ]
    for p, g in pending:
        done = [
            finish(m, g_cells[g][k], cell(p, k), backend, config, key=True)
            for m, k in zip(pair[p, g], key_cols, strict=True)
        ]
        pair[p, g] = done
        if all(m.matched for m in done):
            allowed.add((p, g))

    match_of_pred: dict[int, int] = {}
    key_matched_cols: dict[int, set[int]] = {}
    allowed_pairs = sorted(allowed)
    per_p = Counter(p for p, _ in allowed_pairs)
    per_g = Counter(g for _, g in allowed_pairs)
    if allowed_pairs and all(per_p[p] == 1 and per_g[g] == 1 for p, g in allowed_pairs):
        match_of_pred = dict(allowed_pairs)
    elif allowed_pairs:
        # competing rows: optimal assignment on key similarity, then agreement of the other cells
        non_key = [c for c in aligned_cols if c not in key_cols]
        weights: dict[tuple[int, int], float] = {}
        for p, g in allowed_pairs:
            agree = 0
            if per_p[p] > 1 or per_g[g] > 1:
                for c in non_key:
                    r = compare_lexically(g_cells[g][c], cell(p, c), config, g_headers[c])
                    agree += 1 if r.matched else 0
            key_score = sum(m.score for m in pair[p, g]) / len(key_cols)
            weights[p, g] = 10.0 * key_score + agree / max(1, len(non_key))
        match_of_pred = best_assignment(weights)
    for p in match_of_pred:
        key_matched_cols[p] = set(key_cols)
    duplicates = {p for p, _g in allowed_pairs if p not in match_of_pred} if key_cols else set()

    # relaxed second pass for composite keys: same entity (first key column), other cells agree
    if config.relaxed_row_match and len(key_cols) > 1:
        free_p = [p for p in range(n_p) if p not in match_of_pred and p not in duplicates]
        taken = set(match_of_pred.values())
        free_g = [g for g in range(n_g) if g not in taken]
        first = key_cols[0]
        others = [c for c in aligned_cols if c != first]
        if free_p and free_g and others:
            relaxed: dict[tuple[int, int], float] = {}
            for p in free_p:
                for g in free_g:
                    head = compare_lexically(g_cells[g][first], cell(p, first), config)
                    if not head.matched:
                        continue
                    compared = [c for c in others if g_cells[g][c].kind != "null"]
                    if not compared:
                        continue
                    agree = sum(
                        1
                        for c in compared
                        if compare_lexically(
                            g_cells[g][c], cell(p, c), config, g_headers[c]
                        ).matched
                    )
                    frac = agree / len(compared)
                    if frac >= config.relaxed_row_min_agreement:
                        relaxed[p, g] = frac
            for p, g in best_assignment(relaxed).items():
                match_of_pred[p] = g
                key_matched_cols[p] = {first}

    # 3. matched rows: cell comparison ---------------------------------------------------------
    todo: list[tuple[int, int, int, CellMatch]] = []
    for p, g in sorted(match_of_pred.items()):
        for c in aligned_cols:
            if c in key_matched_cols[p]:
                continue
            gc, pc = g_cells[g][c], cell(p, c)
            if gc.kind == "null":
                if pc.kind != "null":
                    findings.append(
                        _finding(
                            BLANK_FILLING,
                            pred_row=p_index[p],
                            gold_row=g,
                            column=g_headers[c],
                            predicted=pc.raw,
                            expected=gc.raw,
                            matcher="null",
                            explanation=f"filled {pc.raw!r} where the gold cell is empty",
                        )
                    )
                continue
            todo.append((p, g, c, compare_lexically(gc, pc, config, g_headers[c])))
    pending_cells = [t for t in todo if t[3].pending]
    if pending_cells and backend.name == "embedding":
        yield [s for p, g, c, _ in pending_cells for s in (g_cells[g][c].text, cell(p, c).text)]
    for p, g, c, m in todo:
        gc, pc = g_cells[g][c], cell(p, c)
        m = finish(m, gc, pc, backend, config)
        if (
            not m.matched
            and m.matcher in CONTEXT_CHECKABLE
            and config.context_support
            and diag.has_context
            and context
            and may_mention(context, pc.text)
            and supported_by_context(
                pc, gc, [g_cells[g][k] for k in key_cols], index_context(context)
            )
        ):
            continue  # the context states the entity's value in the model's words
        if m.matched:
            continue
        missing = pc.kind == "null"
        findings.append(
            _finding(
                ATTRIBUTE_DISTORTION,
                subtype="missing_value" if missing else "wrong_value",
                pred_row=p_index[p],
                gold_row=g,
                column=g_headers[c],
                predicted=pc.raw,
                expected=gc.raw,
                matcher=m.matcher,
                score=m.score,
                explanation=(
                    f"left empty; gold says {gc.raw!r}"
                    if missing
                    else f"{pc.raw!r} does not match gold {gc.raw!r}"
                    + (f" ({m.reason})" if m.reason else "")
                ),
            )
        )

    # 4. unmatched predicted rows --------------------------------------------------------------
    unmatched = [p for p in range(n_p) if p not in match_of_pred]
    to_ground = [p for p in unmatched if p not in duplicates]
    # the context is indexed only when a row has to be looked up in it
    ctx = index_context(context) if to_ground and diag.has_context and context else None
    groundings: dict[int, Grounding] = {}
    candidates: dict[int, tuple[str, ...]] = {}
    for p in to_ground:
        kc = [cell(p, k) for k in key_cols]
        groundings[p] = (
            ground_lexically(kc, ctx, config) if ctx is not None else Grounding(False, "none", 0.0)
        )
        if groundings[p].grounded is None and ctx is not None and backend.name == "embedding":
            candidates[p] = candidate_sentences(key_text(kc), ctx, config)
    if candidates:
        yield [
            s
            for p, sentences in candidates.items()
            for s in (key_text([cell(p, k) for k in key_cols]), *sentences)
        ]
    for p in unmatched:
        row_desc = " / ".join(cell(p, k).raw for k in key_cols) or "(no key)"
        if p in duplicates:
            findings.append(
                _finding(
                    OUT_OF_RANGE,
                    subtype="duplicate",
                    pred_row=p_index[p],
                    predicted=row_desc,
                    matcher="key",
                    explanation=f"row {row_desc!r} repeats an entity already in the table",
                )
            )
            continue
        gr = groundings[p]
        if gr.grounded is None:
            gr = ground_with_similarity(
                [cell(p, k) for k in key_cols], candidates.get(p, ()), backend, config
            )
        if ctx is None:
            findings.append(
                _finding(
                    ENTITY_FABRICATION,
                    subtype="no_context",
                    pred_row=p_index[p],
                    predicted=row_desc,
                    explanation=(
                        f"row {row_desc!r} is not in the gold table; without a context it cannot "
                        "be told apart from an out-of-range row"
                    ),
                )
            )
        elif gr.grounded:
            findings.append(
                _finding(
                    OUT_OF_RANGE,
                    subtype="in_context",
                    pred_row=p_index[p],
                    predicted=row_desc,
                    matcher=gr.matcher,
                    score=gr.score,
                    explanation=f"row {row_desc!r} is in the context but outside the query's scope",
                )
            )
        else:
            findings.append(
                _finding(
                    ENTITY_FABRICATION,
                    subtype="not_in_context",
                    pred_row=p_index[p],
                    predicted=row_desc,
                    matcher=gr.matcher,
                    score=gr.score,
                    explanation=(
                        f"row {row_desc!r} is found neither in the gold table nor in the context"
                    ),
                )
            )

    # 5. omission ----------------------------------------------------------------------------------
    matched_gold = set(match_of_pred.values())
    for g in range(n_g):
        if g not in matched_gold:
            desc = _describe_row(g_rows[g], key_cols)
            findings.append(
                _finding(
                    OMISSION,
                    gold_row=g,
                    expected=desc,
                    explanation=f"gold row {desc!r} is missing from the response",
                )
            )

    # 6. order -------------------------------------------------------------------------------------
    rules, notes = resolve_rules(
        g_headers, g_cells, constraints, gold.metadata, sample.query, config
    )
    diag.warnings.extend(notes)
    gold_of = [match_of_pred.get(p) for p in range(n_p)]
    checked: list[tuple[SortRule, list[OrderViolation]]] = []
    for rule in rules:
        sort_cells: list[TypedCell | None] = []
        for p, gold_row in enumerate(gold_of):
            if rule.column is None:
                sort_cells.append(None)
            elif gold_row is not None:
                sort_cells.append(g_cells[gold_row][rule.column])
            else:
                sort_cells.append(p_cells[p][rule.column])
        checked.append((rule, check_order(rule, sort_cells, gold_of)))
        if not checked[-1][1]:
            break
    if checked:
        rule, violations = checked[-1] if not checked[-1][1] else checked[0]
        diag.sort_rule = rule.to_dict()
        what = rule.column_name or "the gold row order"

        def entity(p: int) -> str:  # the row's key cells, as the response wrote them
            return " / ".join(cell(p, k).raw for k in key_cols) or "(no key)"

        for v in violations:
            # rows are numbered from 1 in every message; the value is the one the order read
            this, prev = entity(v.pred_row), entity(v.prev_row)
            if rule.column is None:
                at, at_prev = (
                    f"gold row {(gold_of[r] or 0) + 1}" for r in (v.pred_row, v.prev_row)
                )
            else:
                at, at_prev = f"{what}: {v.value}", f"{what}: {v.prev_value}"
            findings.append(
                _finding(
                    ORDER_MISMATCH,
                    subtype=rule.source,
                    pred_row=p_index[v.pred_row],
                    column=rule.column_name,
                    predicted=this,
                    expected=None,
                    matcher="order",
                    explanation=(
                        f"row {p_index[v.pred_row] + 1} {this!r} ({at}) comes after "
                        f"row {p_index[v.prev_row] + 1} {prev!r} ({at_prev}), "
                        f"against {what} {rule.direction}"
                    ),
                )
            )
    return diag


def _drive(
    samples: Sequence[Sample], config: Config, backend: SimilarityBackend, on_error: str
) -> list[Diagnosis]:
    results: list[Diagnosis | None] = [None] * len(samples)
    gens: dict[int, Generator[Request, None, Diagnosis]] = {
        i: _run(s, config, backend) for i, s in enumerate(samples)
    }
    active = list(gens)
    while active:
        requests: list[str] = []
        still: list[int] = []
        for i in active:
            try:
                requests.extend(next(gens[i]))
                still.append(i)
            except StopIteration as stop:
                results[i] = stop.value
            except Exception as exc:
                if on_error == "raise":
                    raise
                gold_error = isinstance(exc, GoldTableError)
                results[i] = Diagnosis(
                    matcher=backend.label(),
                    error=str(exc) if gold_error else f"internal error: {exc!r}",
                    error_kind="gold" if gold_error else "internal",
                )
        if requests:
            backend.prepare(requests)
        active = still
    return [
        r if r is not None else Diagnosis(error="not evaluated", error_kind="internal")
        for r in results
    ]


def _as_sample(s: Sample | Mapping[str, Any]) -> Sample:
    return s if isinstance(s, Sample) else Sample.from_mapping(s)


def detect(
    response: Any,
    gold: Any,
    context: str | None = None,
    query: str | None = None,
    constraints: Mapping[str, Any] | None = None,
    config: Config | None = None,
    format: str | None = None,
) -> Diagnosis:
    """Diagnose one response against its gold table (and context, query, constraints).

    Raises :class:`GoldTableError` when the gold table does not parse.
    """
    cfg = config or Config()
    sample = Sample(response, gold, context, query, constraints, format)
    return _drive([sample], cfg, resolve_backend(cfg), on_error="raise")[0]


def detect_many(
    samples: Iterable[Sample | Mapping[str, Any]],
    config: Config | None = None,
    *,
    backend: SimilarityBackend | None = None,
    on_error: str = "record",
) -> list[Diagnosis]:
    """Diagnose many samples; the similarity stage runs once, batched, for all of them.

    With ``on_error="record"`` (default) a sample that cannot be evaluated (gold does not parse,
    unexpected failure) gets a Diagnosis whose ``error`` says why, and the others are unaffected;
    ``"raise"`` re-raises.
    """
    cfg = config or Config()
    return _drive([_as_sample(s) for s in samples], cfg, backend or resolve_backend(cfg), on_error)

"""The hierarchical detector (TableHallu Algorithm 1, made exact) and its batched driver.

Per sample, :func:`_run` passes one :class:`~tablehallu.detectors.state.SampleState` through the
stages of :mod:`tablehallu.detectors.stages` (each module's docstring is the reference for its
rules): format -> keys -> row alignment -> cells -> adjudication (by the gold, or by the context
through the claim grounding engine) -> unmatched rows -> omissions -> order; then the sample's
severity (:mod:`tablehallu.detectors.severity`).

Each sample runs as a generator that yields the strings its similarity stage needs; the driver
collects them across all samples, embeds every unique string once in batches, and resumes them.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Generator, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from dataclasses import replace as dc_replace
from functools import lru_cache
from typing import Any, Final

from tablehallu.config import Config
from tablehallu.detectors.diagnosis import CellGrounding, Diagnosis
from tablehallu.detectors.severity import compute_severity, referenceless_severity
from tablehallu.detectors.similarity import SimilarityBackend, resolve_backend
from tablehallu.detectors.stages.adjudicate import adjudicate
from tablehallu.detectors.stages.cells import compare_cells
from tablehallu.detectors.stages.format import check_format
from tablehallu.detectors.stages.keys import choose_keys, key_value_core
from tablehallu.detectors.stages.order import check_row_order
from tablehallu.detectors.stages.query_scope import check_query, check_scope
from tablehallu.detectors.stages.referenceless import ground_table, name_entities
from tablehallu.detectors.stages.reshape import read_back
from tablehallu.detectors.stages.rows import align_rows
from tablehallu.detectors.stages.unmatched import classify_unmatched, report_omissions
from tablehallu.detectors.state import SampleState
from tablehallu.parsers import parse_gold, parse_response
from tablehallu.parsers.gold_cache import parse_gold_cached
from tablehallu.parsers.table import ParsedTable, ParseError

Request = list[str]


class GoldTableError(ValueError):
    """The gold table could not be parsed; the sample cannot be evaluated."""


class NoReferenceError(GoldTableError):
    """The sample lacks what ``Config.reference`` judges it against (a gold table, a context)."""


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
    """The parsed gold table, parsed once per distinct content (shared: never modified)."""
    if value is None:
        raise GoldTableError("no gold table given")
    gold = value if isinstance(value, ParsedTable) else parse_gold_cached(value, config)
    if isinstance(gold, ParseError):
        raise GoldTableError(f"the gold table does not parse: {gold}")
    return gold


def reference_of(sample: Sample, config: Config) -> str:
    """What ``sample`` is judged against under ``Config.reference``: ``gold`` or ``context``.

    Raises :class:`GoldTableError` when the mode needs something the sample lacks."""
    context = sample.context if isinstance(sample.context, str) else None
    has_context = bool(context and context.strip())
    if config.reference == "gold" or (config.reference == "auto" and sample.gold is not None):
        if sample.gold is None:
            raise NoReferenceError("no gold table given (reference = gold)")
        return "gold"
    if not has_context:
        raise NoReferenceError(
            "no gold table and no context: nothing to judge the response against"
            if config.reference == "auto"
            else "reference = context needs a context, and this sample has none"
        )
    return "context"


def _run(
    sample: Sample, config: Config, backend: SimilarityBackend
) -> Generator[Request, None, Diagnosis]:
    """The detector for one sample: its stages in order (:mod:`tablehallu.detectors.stages`)."""
    if reference_of(sample, config) == "context":
        return (yield from _run_referenceless(sample, config, backend))
    diag = Diagnosis(matcher=backend.label())
    context = sample.context if isinstance(sample.context, str) else None
    diag.has_context = bool(context and context.strip())
    st = SampleState(
        config,
        backend,
        diag,
        gold=_gold_table(sample.gold, config),
        context=context,
        query=sample.query,
        constraints=sample.constraints,
    )
    pred = _set_aside(st, _as_table(sample.response, sample.format or config.format, config))
    core = key_value_core(st.gold, config)
    if core is not None:
        st.gold = core[0]
    if not check_format(st, pred):
        return _with_severity(st)
    choose_keys(st)
    yield from align_rows(st)
    yield from compare_cells(st)
    adjudicate(st)
    yield from classify_unmatched(st)
    report_omissions(st)
    check_row_order(st)
    return _with_severity(st)


def _run_referenceless(
    sample: Sample, config: Config, backend: SimilarityBackend
) -> Generator[Request, None, Diagnosis]:
    """The detector without a gold table (:mod:`tablehallu.detectors.stages.referenceless`): the
    prediction's own structure stands in for the gold's."""
    diag = Diagnosis(matcher=backend.label(), reference="context")
    pred = _as_table(sample.response, sample.format or config.format, config)
    shape = pred if isinstance(pred, ParsedTable) else ParsedTable(headers=[], rows=[])
    st = SampleState(
        config,
        backend,
        diag,
        gold=shape,
        context=sample.context,
        query=sample.query,
        constraints=sample.constraints,
    )
    pred = _set_aside(st, pred)
    if isinstance(pred, ParsedTable):
        pred = read_back(st, pred)
        st.gold = pred
    if not check_format(st, pred) or not check_query(st):
        diag.severity = 1.0 if st.pred is None else _severity(st)
        return diag
    choose_keys(st)
    name_entities(st)
    st.g_rows, st.g_cells = [], []  # no gold rows: every entity is a predicted row's
    check_scope(st)
    yield from ground_table(st)
    st.config = _declared_order(config)
    check_row_order(st)
    st.config = config
    if diag.sort_rule and diag.sort_rule.get("source") == "gold_order":
        diag.sort_rule = None
    diag.severity = _severity(st)
    return diag


def _set_aside(st: SampleState, pred: ParsedTable | ParseError) -> ParsedTable | ParseError:
    """``pred`` without the row numbers or notes a key/value table is written with
    (:func:`~tablehallu.detectors.stages.keys.key_value_core`), with a warning naming them."""
    core = key_value_core(pred, st.config) if isinstance(pred, ParsedTable) else None
    if core is None:
        return pred
    st.diag.warnings.append(
        "a key/value table: column(s) "
        + ", ".join(repr(h) for h in core[1])
        + " set aside as row numbers or notes (not checked)"
    )
    return core[0]


@lru_cache(maxsize=16)
def _declared_order(config: Config) -> Config:
    """Without a gold table only a declared sort rule (query, constraints) can be checked."""
    return config if config.order in ("declared", "off") else dc_replace(config, order="declared")


def _severity(st: SampleState) -> float:
    cells = st.diag.cells
    if cells is None and st.pred is not None:  # stopped at the format stage: no cell was read
        cells = [
            CellGrounding(r, "", v, "unchecked")
            for r, row in enumerate(st.pred.rows())
            for v in row
            if v.strip()
        ]
    n_cols = len(st.pred.headers) if st.pred is not None else 0
    return referenceless_severity(st.diag.findings, cells or [], n_cols, st.config)


def _with_severity(st: SampleState) -> Diagnosis:
    """The diagnosis with its severity (:mod:`tablehallu.detectors.severity`) set."""
    st.diag.severity = compute_severity(st.diag.findings, st.gold, st.pred, st.alignment, st.config)
    return st.diag


#: Allocations of container objects between two young-generation passes of Python's cyclic
#: garbage collector while samples are diagnosed (Python's default: 700). Detection makes many
#: short-lived tuples (a token per word of a context, a mention per name) and hardly any
#: reference cycles; at the default pace the collector's full passes over the run's caches cost
#: 6-8% of a lexical run's CPU (benchmarks/README.md, p14f). Raised while :func:`_drive` runs and
#: restored after it (never lowered; left alone when collection is disabled); changes no result.
#: At most this many young objects more stay alive between passes (a few MB). For the Python API
#: (:func:`detect_many`, ``tablehallu.score``): the command line paces the collector for the
#: whole process already (``tablehallu.cli.app.calm_collector``).
GC_YOUNG_THRESHOLD: Final = 10_000

_gc_lock = threading.Lock()
_gc_users = 0
_gc_saved: tuple[int, int, int] | None = None


@contextmanager
def _paced_gc() -> Iterator[None]:
    """Raise the collector's young-generation threshold to :data:`GC_YOUNG_THRESHOLD` for the
    duration (shared by concurrent callers; the last one out restores the caller's setting,
    unless it was changed meanwhile)."""
    global _gc_users, _gc_saved
    with _gc_lock:
        if _gc_users == 0:
            now = gc.get_threshold()
            if gc.isenabled() and 0 < now[0] < GC_YOUNG_THRESHOLD:  # 0: collection disabled
                _gc_saved = now
                gc.set_threshold(GC_YOUNG_THRESHOLD, now[1], now[2])
        _gc_users += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_users -= 1
            saved = _gc_saved
            if _gc_users == 0 and saved is not None:
                if gc.get_threshold() == (GC_YOUNG_THRESHOLD, saved[1], saved[2]):
                    gc.set_threshold(*saved)
                _gc_saved = None


def _drive(
    samples: Sequence[Sample], config: Config, backend: SimilarityBackend, on_error: str
) -> list[Diagnosis]:
    with _paced_gc():
        return _drive_paced(samples, config, backend, on_error)


def _drive_paced(
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
                kind = "reference" if isinstance(exc, NoReferenceError) else "gold"
                results[i] = Diagnosis(
                    matcher=backend.label(),
                    error=str(exc) if gold_error else f"internal error: {exc!r}",
                    error_kind=kind if gold_error else "internal",
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
    gold: Any = None,
    context: str | None = None,
    query: str | None = None,
    constraints: Mapping[str, Any] | None = None,
    config: Config | None = None,
    format: str | None = None,
) -> Diagnosis:
    """Diagnose one response against its gold table (and context, query, constraints).

    With ``gold=None`` (or ``Config.reference = "context"``) the response is judged against the
    context and query alone (:mod:`tablehallu.detectors.stages.referenceless`). Raises
    :class:`GoldTableError` when the gold table does not parse, or when there is nothing to judge
    against (:class:`NoReferenceError`).
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


def ground(
    table: Any,
    context: str,
    query: str | None = None,
    config: Config | None = None,
    format: str | None = None,
) -> list[CellGrounding]:
    """What ``context`` says about every cell of ``table``: ``stated`` (with the evidence
    sentence and span), ``contradicted`` (with what the text gives), ``unstated``, ``unchecked``
    (spoken of in a form not read), ``key`` or ``empty``; row by row, in column order.

    ``table`` is raw model output, a :class:`ParsedTable` or anything :func:`parse_gold` takes.
    Raises :class:`ValueError` when it does not parse or ``context`` is empty."""
    cfg = (config or Config()).replace(reference="context")
    if not isinstance(context, str) or not context.strip():
        raise ValueError("ground needs a non-empty context")
    sample = Sample(table, None, context, query, None, format)
    diag = _drive([sample], cfg, resolve_backend(cfg), on_error="raise")[0]
    if diag.cells is None:
        problem = next((f.explanation for f in diag.findings if f.subtype == "unparseable"), "")
        raise ValueError(f"the table could not be read: {problem or 'no cells'}")
    return diag.cells

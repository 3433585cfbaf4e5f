"""Paired comparison of runs over the same gold: is A's hallucination rate lower than B's?

Each run is a prediction file (scored here) or a details file written by ``tablehallu score
--details``. Samples are paired on ``id``; for every rate key the result gives both rates, the
difference A − B with a paired bootstrap interval (:func:`~tablehallu.scoring.stats.paired_diff_ci`)
and the exact McNemar p-value (two-sided, unadjusted for multiple keys; ``total`` is the headline
test). Ids present in one run only, records that could not be scored, and ids that repeat within a
run are left out of the pairs and reported. :func:`compare_many` ranks three or more runs (a
leaderboard on the ids every run scored) and tests every pair, with Holm's correction.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablehallu.config import Config
from tablehallu.detectors.diagnosis import HALLUCINATION_TYPES, MACRO_FLAGS, OMISSION, TITLES
from tablehallu.scoring.inputs import iter_input
from tablehallu.scoring.records import RawRecord, RecordError
from tablehallu.scoring.report import OUTPUT_FORMATS, SCORE_KEYS, format_cell, render_rows
from tablehallu.scoring.stats import (
    CONFIDENCE,
    PairedCounts,
    holm,
    mcnemar_exact,
    paired_diff_ci,
    rate_ci,
)

#: Significance level of the headline: a difference with McNemar p >= ALPHA is reported as
#: "no significant difference" (1 - the confidence of the intervals).
ALPHA = round(1.0 - CONFIDENCE, 10)

__all__ = [
    "ALPHA",
    "Comparison",
    "Leaderboard",
    "RunFlags",
    "compare_many",
    "compare_runs",
    "is_details_file",
    "load_run",
]

Interval = tuple[float, float]


@dataclass
class RunFlags:
    """Per-sample flags of one run: ``flags[id]`` is the set of :data:`SCORE_KEYS` it has.

    ``ids`` maps the id string to the id as written; ``duplicates`` holds the id strings seen more
    than once (left out of the pairing); ``errors`` the records that could not be scored.
    """

    label: str
    kind: str  # "predictions" or "details"
    flags: dict[str, frozenset[str]] = field(default_factory=dict)
    ids: dict[str, Any] = field(default_factory=dict)
    duplicates: set[str] = field(default_factory=set)
    errors: list[RecordError] = field(default_factory=list)
    n_records: int = 0

    def add(self, rid: Any, flags: frozenset[str]) -> None:
        """Record the flags of sample ``rid``."""
        key = str(rid)
        if key in self.flags or key in self.duplicates:
            self.duplicates.add(key)
            self.flags.pop(key, None)
            return
        self.flags[key] = flags
        self.ids[key] = rid


def _flags_of(types: set[str], omission: bool) -> frozenset[str]:
    out = set(types)
    for name, members in MACRO_FLAGS.items():
        if out & set(members):
            out.add(name)
    if omission:
        out.add(OMISSION)
    return frozenset(out)


def is_details_file(path: str | os.PathLike[str]) -> bool:
    """True when the first readable record looks like a details line (a verdict, no response)."""
    for raw in iter_input(path):
        if raw.data is not None:
            return "hallucinations" in raw.data and "response" not in raw.data
    return False


def _details_flags(raw: RawRecord) -> tuple[Any, frozenset[str]] | RecordError:
    if raw.error is not None or raw.data is None:
        assert raw.error is not None
        return raw.error
    data = raw.data
    rid = data.get("id")

    def fail(kind: str, message: str) -> RecordError:
        return RecordError(kind, message, raw.source, raw.line, rid)

    if rid is None or isinstance(rid, bool) or not isinstance(rid, str | int):
        return fail("invalid_field", 'a details line needs an "id" (string or integer)')
    if data.get("error"):
        return fail(str(data.get("error_kind") or "not_evaluated"), str(data["error"]))
    types = data.get("hallucinations")
    if not isinstance(types, list) or not all(t in HALLUCINATION_TYPES for t in types):
        return fail(
            "invalid_field",
            f'"hallucinations" must be a list of {", ".join(HALLUCINATION_TYPES)}',
        )
    omission = data.get("omission")
    if not isinstance(omission, bool):
        findings = data.get("findings")
        if not isinstance(findings, list):
            return fail("invalid_field", 'a details line needs "omission" or "findings"')
        omission = any(isinstance(f, dict) and f.get("type") == OMISSION for f in findings)
    return rid, _flags_of(set(types), omission)


def load_run(
    path: str | os.PathLike[str],
    *,
    config: Config | None = None,
    gold: Any = None,
    workers: int = 1,
    on_error: Callable[[RecordError], None] | None = None,
) -> RunFlags:
    """The per-sample flags of a prediction file (scored now) or of a details file."""
    label = Path(path).name
    if is_details_file(path):
        run = RunFlags(label, "details")
        for raw in iter_input(path):
            run.n_records += 1
            got = _details_flags(raw)
            if isinstance(got, RecordError):
                run.errors.append(got)
                if on_error is not None:
                    on_error(got)
            else:
                run.add(*got)
        return run

    from tablehallu.scoring.engine import iter_outcomes, make_gold_index

    run = RunFlags(label, "predictions")
    cfg = config or Config()
    gold_index = make_gold_index(gold)
    for outcome in iter_outcomes(iter_input(path), cfg, gold=gold_index, workers=workers):
        run.n_records += 1
        if outcome.error is not None:
            run.errors.append(outcome.error)
            if on_error is not None:
                on_error(outcome.error)
            continue
        assert outcome.record is not None and outcome.diagnosis is not None
        flags = outcome.diagnosis.flags
        run.add(outcome.record.id, frozenset(k for k, v in flags.items() if v))
    return run


@dataclass
class Comparison:
    """A paired comparison of runs A and B (see the module docstring)."""

    label_a: str
    label_b: str
    counts: dict[str, PairedCounts]
    ci: dict[str, Interval | None]
    p_values: dict[str, float]
    only_a: list[Any]
    only_b: list[Any]
    duplicates_a: list[Any]
    duplicates_b: list[Any]
    errors: list[RecordError]
    provenance: dict[str, Any] = field(default_factory=dict)

    @property
    def n(self) -> int:
        """Number of paired samples."""
        return self.counts["total"].n

    def verdict(self) -> str:
        """One sentence on ``total``: which run hallucinates less, by how much, and the p-value."""
        c = self.counts["total"]
        if c.n == 0 or c.diff is None:
            return "no paired samples: nothing to compare"
        ci = self.ci.get("total")
        ci_text = (
            f" ({int(CONFIDENCE * 100)}% CI {100 * ci[0]:+.2f} to {100 * ci[1]:+.2f})" if ci else ""
        )
        p = self.p_values["total"]
        if p >= ALPHA or c.diff == 0:
            head = (
                f"TotalHallu: no significant difference between {self.label_a} and "
                f"{self.label_b} (p >= {ALPHA:g})"
            )
        else:
            lower, higher = (
                (self.label_a, self.label_b) if c.diff < 0 else (self.label_b, self.label_a)
            )
            head = f"TotalHallu: {lower} hallucinates less than {higher} (p < {ALPHA:g})"
        return (
            f"{head}; A - B = {100 * c.diff:+.2f} points{ci_text}; McNemar exact p = {p:.4g} "
            f"({c.a_only} samples flagged in A only, {c.b_only} in B only, n = {c.n})"
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (rates and differences as fractions)."""
        keys: dict[str, Any] = {}
        for k in SCORE_KEYS:
            c = self.counts[k]
            ci = self.ci.get(k)
            keys[k] = {
                "rate_a": c.rate_a,
                "rate_b": c.rate_b,
                "diff": c.diff,
                "ci": list(ci) if ci is not None else None,
                "mcnemar_p": self.p_values[k],
                **c.to_dict(),
            }
        return {
            "a": self.label_a,
            "b": self.label_b,
            "n_pairs": self.n,
            "keys": keys,
            "verdict": self.verdict(),
            "only_in_a": self.only_a,
            "only_in_b": self.only_b,
            "duplicate_ids_a": self.duplicates_a,
            "duplicate_ids_b": self.duplicates_b,
            "errors": [e.to_dict() for e in self.errors],
            "confidence": CONFIDENCE,
            "provenance": self.provenance,
        }

    def to_table(self, fmt: str = "table") -> str:
        """Rates of A and B, A − B with CI, discordant counts and McNemar p, one row per key."""
        if fmt == "json":
            return json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"
        if fmt not in OUTPUT_FORMATS:
            raise ValueError(f"unknown output format {fmt!r}; choose {', '.join(OUTPUT_FORMATS)}")
        head = [
            "rate",
            f"A(%) {self.label_a}",
            f"B(%) {self.label_b}",
            "A-B (points) [95% CI]",
            "A only",
            "B only",
            "McNemar p",
        ]
        body = []
        for k in SCORE_KEYS:
            c, ci = self.counts[k], self.ci.get(k)
            diff = "-" if c.diff is None else f"{100 * c.diff:+.2f}"
            if ci is not None:
                diff += f" [{100 * ci[0]:+.2f}, {100 * ci[1]:+.2f}]"
            body.append(
                [
                    TITLES[k],
                    format_cell(c.rate_a, None),
                    format_cell(c.rate_b, None),
                    diff,
                    str(c.a_only),
                    str(c.b_only),
                    f"{self.p_values[k]:.4g}",
                ]
            )
        if fmt == "csv":
            buf = io.StringIO()
            writer = csv.writer(buf, lineterminator="\n")
            writer.writerow(
                [
                    "key",
                    "rate_a_pct",
                    "rate_b_pct",
                    "diff_pct",
                    "ci_low_pct",
                    "ci_high_pct",
                    "a_only",
                    "b_only",
                    "both",
                    "n",
                    "mcnemar_p",
                ]
            )
            for k in SCORE_KEYS:
                c, ci = self.counts[k], self.ci.get(k)
                writer.writerow(
                    [
                        k,
                        _pct(c.rate_a),
                        _pct(c.rate_b),
                        _pct(c.diff),
                        _pct(ci[0]) if ci else "",
                        _pct(ci[1]) if ci else "",
                        c.a_only,
                        c.b_only,
                        c.both,
                        c.n,
                        f"{self.p_values[k]:.6g}",
                    ]
                )
            return buf.getvalue()
        markdown = fmt == "markdown"
        table = render_rows(head, body, markdown=markdown, numeric_from=1)
        notes = [self.verdict()]
        if self.only_a or self.only_b:
            notes.append(
                f"ids in one run only (not paired): {len(self.only_a)} in A, "
                f"{len(self.only_b)} in B"
            )
        if self.errors:
            notes.append(f"{len(self.errors)} record(s) could not be scored (not paired)")
        if self.duplicates_a or self.duplicates_b:
            notes.append(
                f"repeated ids (not paired): {len(self.duplicates_a)} in A, "
                f"{len(self.duplicates_b)} in B"
            )
        notes.append("p: exact McNemar test, two-sided, not adjusted for the number of rates")
        return table + ("\n\n" if markdown else "\n").join(["", *notes]) + "\n"


def _pct(value: float | None) -> str:
    return "" if value is None else f"{100 * value:.4f}"


def _only_in(run: RunFlags, other: RunFlags) -> list[Any]:
    """Ids scored in ``run`` that ``other`` does not have at all (not even as an error)."""
    absent = other.flags.keys() | other.duplicates | {str(e.id) for e in other.errors}
    return [run.ids[k] for k in run.flags if k not in absent]


def _pairs(a: RunFlags, b: RunFlags) -> Iterator[tuple[frozenset[str], frozenset[str]]]:
    for key, fa in a.flags.items():
        fb = b.flags.get(key)
        if fb is not None:
            yield fa, fb


def _load_runs(
    runs: Sequence[str | os.PathLike[str] | RunFlags],
    config: Config | None,
    gold: Any,
    workers: int,
    on_error: Callable[[RecordError], None] | None,
) -> tuple[list[RunFlags], list[RecordError]]:
    """Every run's flags (scored against ``gold`` when they are predictions), and the errors of
    the gold file (already passed to ``on_error``)."""
    from tablehallu.scoring.engine import make_gold_index

    gold_index = make_gold_index(gold)
    gold_errors = list(gold_index.errors) if gold_index is not None else []
    if on_error is not None:
        for err in gold_errors:
            on_error(err)
    loaded = [
        x
        if isinstance(x, RunFlags)
        else load_run(x, config=config, gold=gold_index, workers=workers, on_error=on_error)
        for x in runs
    ]
    return loaded, gold_errors


def compare_runs(
    a: str | os.PathLike[str] | RunFlags,
    b: str | os.PathLike[str] | RunFlags,
    *,
    config: Config | None = None,
    gold: Any = None,
    bootstrap: int = 1000,
    seed: int = 0,
    workers: int = 1,
    on_error: Callable[[RecordError], None] | None = None,
) -> Comparison:
    """Compare run A with run B on the samples they share (paired on ``id``)."""
    if bootstrap < 0:
        raise ValueError(f"bootstrap must be >= 0, got {bootstrap}")
    runs, gold_errors = _load_runs((a, b), config, gold, workers, on_error)
    run_a, run_b = runs
    if run_a.label == run_b.label:
        run_a.label, run_b.label = f"A:{run_a.label}", f"B:{run_b.label}"
    tallies = {k: [0, 0, 0, 0] for k in SCORE_KEYS}  # n, a_only, b_only, both
    for fa, fb in _pairs(run_a, run_b):
        for k in SCORE_KEYS:
            t = tallies[k]
            t[0] += 1
            ina, inb = k in fa, k in fb
            t[1] += ina and not inb
            t[2] += inb and not ina
            t[3] += ina and inb
    counts = {k: PairedCounts(*t) for k, t in tallies.items()}
    ci = {
        k: paired_diff_ci(c, bootstrap=bootstrap, seed=seed, label=f"compare/{k}")
        if bootstrap > 0
        else None
        for k, c in counts.items()
    }
    p_values = {k: mcnemar_exact(c.a_only, c.b_only) for k, c in counts.items()}
    return Comparison(
        label_a=run_a.label,
        label_b=run_b.label,
        counts=counts,
        ci=ci,
        p_values=p_values,
        only_a=_only_in(run_a, run_b),
        only_b=_only_in(run_b, run_a),
        duplicates_a=sorted(run_a.duplicates),
        duplicates_b=sorted(run_b.duplicates),
        errors=gold_errors + run_a.errors + run_b.errors,
        provenance={
            "a": {"label": run_a.label, "kind": run_a.kind, "records": run_a.n_records},
            "b": {"label": run_b.label, "kind": run_b.kind, "records": run_b.n_records},
            "bootstrap": bootstrap,
            "seed": seed,
            "ci_method": "paired percentile bootstrap (multinomial over A-B in {-1, 0, +1})",
            "test": "exact McNemar (two-sided binomial test on discordant pairs)",
            "config": (config or Config()).to_dict(),
        },
    )


# --- more than two runs ---------------------------------------------------------------------------


@dataclass
class Leaderboard:
    """Several runs on the same gold: ranked by TotalHallu, with every pair tested.

    Rates, intervals and tests use the ids scored in every run (``n``), so each run is judged on
    the same samples. ``entries`` is ranked by the ``total`` rate (lowest first); ``pairs`` holds
    one paired comparison of ``total`` per pair of runs, with McNemar's p and its Holm-adjusted
    value (the family is all the pairs).
    """

    entries: list[dict[str, Any]]
    pairs: list[dict[str, Any]]
    n: int
    left_out: dict[str, int]
    errors: list[RecordError]
    provenance: dict[str, Any] = field(default_factory=dict)

    def headline(self) -> str:
        """One plain sentence: which runs differ significantly, or that none does."""
        if self.n == 0:
            return "no sample id is scored in every run: nothing to compare"
        best = self.entries[0]
        significant = [p for p in self.pairs if p["p_holm"] < ALPHA]
        names = ", ".join(e["label"] for e in self.entries)
        if not significant:
            return (
                f"TotalHallu: no significant difference between {names} "
                f"(Holm-adjusted McNemar p >= {ALPHA:g} for every pair; n = {self.n})"
            )
        parts = []
        for p in significant:
            lower, higher = (p["a"], p["b"]) if p["diff"] < 0 else (p["b"], p["a"])
            parts.append(f"{lower} < {higher} (p_holm = {p['p_holm']:.3g})")
        rest = len(self.pairs) - len(significant)
        tail = f"; the other {rest} pair(s) show no significant difference" if rest else ""
        return (
            f"TotalHallu: lowest {best['label']} ({100 * best['rates']['total']:.2f}%); "
            f"significant differences: {', '.join(parts)}{tail} (n = {self.n})"
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (rates and differences as fractions)."""
        return {
            "kind": "leaderboard",
            "n_common": self.n,
            "runs": self.entries,
            "pairs": self.pairs,
            "headline": self.headline(),
            "left_out": self.left_out,
            "errors": [e.to_dict() for e in self.errors],
            "confidence": CONFIDENCE,
            "alpha": ALPHA,
            "provenance": self.provenance,
        }

    def to_table(self, fmt: str = "table") -> str:
        """The leaderboard, then the pairwise tests, then the headline."""
        if fmt == "json":
            return json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"
        if fmt not in OUTPUT_FORMATS:
            raise ValueError(f"unknown output format {fmt!r}; choose {', '.join(OUTPUT_FORMATS)}")
        keys = ["total", *HALLUCINATION_TYPES]
        if fmt == "csv":
            buf = io.StringIO()
            writer = csv.writer(buf, lineterminator="\n")
            writer.writerow(
                ["rank", "run", "n", *(f"{k}_pct" for k in keys), "total_ci_low_pct",
                 "total_ci_high_pct"]
            )  # fmt: skip
            for e in self.entries:
                ci = e["ci"]["total"]
                writer.writerow(
                    [e["rank"], e["label"], e["n"], *(_pct(e["rates"][k]) for k in keys),
                     _pct(ci[0]) if ci else "", _pct(ci[1]) if ci else ""]
                )  # fmt: skip
            return buf.getvalue()
        markdown = fmt == "markdown"
        head = ["rank", "run", "n", "TotalHallu(%) [95% CI]"] + [
            f"{TITLES[k]}(%)" for k in HALLUCINATION_TYPES
        ]
        body = [
            [str(e["rank"]), e["label"], str(e["n"]), format_cell(e["rates"]["total"],
             tuple(e["ci"]["total"]) if e["ci"]["total"] else None)]
            + [format_cell(e["rates"][k], None) for k in HALLUCINATION_TYPES]
            for e in self.entries
        ]  # fmt: skip
        out = render_rows(head, body, markdown=markdown, numeric_from=2)
        head2 = ["A", "B", "A-B (points) [95% CI]", "A only", "B only", "McNemar p", "p (Holm)"]
        body2 = []
        for p in self.pairs:
            diff = f"{100 * p['diff']:+.2f}"
            if p["ci"]:
                diff += f" [{100 * p['ci'][0]:+.2f}, {100 * p['ci'][1]:+.2f}]"
            body2.append(
                [p["a"], p["b"], diff, str(p["a_only"]), str(p["b_only"]),
                 f"{p['p']:.4g}", f"{p['p_holm']:.4g}"]
            )  # fmt: skip
        sep = "\n" if markdown else ""
        out += sep + "\n" + render_rows(head2, body2, markdown=markdown, numeric_from=2)
        notes = [self.headline()]
        if any(self.left_out.values()):
            notes.append(
                "ids not scored in every run (left out): "
                + ", ".join(f"{k}: {v}" for k, v in self.left_out.items())
            )
        if self.errors:
            notes.append(f"{len(self.errors)} record(s) could not be scored (left out)")
        notes.append(
            "intervals: Wilson (rates), paired bootstrap (differences); p: exact McNemar on "
            "TotalHallu, Holm-adjusted over all pairs"
        )
        return out + ("\n\n" if markdown else "\n").join(["", *notes]) + "\n"


def compare_many(
    runs: Sequence[str | os.PathLike[str] | RunFlags],
    *,
    labels: Sequence[str] | None = None,
    config: Config | None = None,
    gold: Any = None,
    bootstrap: int = 1000,
    seed: int = 0,
    workers: int = 1,
    on_error: Callable[[RecordError], None] | None = None,
) -> Leaderboard:
    """Rank several runs by TotalHallu on the ids they all share, and test every pair."""
    if len(runs) < 2:
        raise ValueError("compare at least two runs")
    if labels is not None and len(labels) != len(runs):
        raise ValueError(f"{len(labels)} label(s) for {len(runs)} runs")
    from itertools import combinations

    loaded, gold_errors = _load_runs(runs, config, gold, workers, on_error)
    for i, run in enumerate(loaded):
        if labels is not None:
            run.label = labels[i]
    seen = [r.label for r in loaded]
    if len(set(seen)) < len(seen):
        for i, run in enumerate(loaded):
            run.label = f"{i + 1}:{run.label}"
    common = set(loaded[0].flags)
    for run in loaded[1:]:
        common &= set(run.flags)
    ordered = [k for k in loaded[0].flags if k in common]
    n = len(ordered)
    entries: list[dict[str, Any]] = []
    for run in loaded:
        counts = {k: sum(1 for i in ordered if k in run.flags[i]) for k in SCORE_KEYS}
        entries.append(
            {
                "label": run.label,
                "kind": run.kind,
                "n": n,
                "counts": counts,
                "rates": {k: (c / n if n else None) for k, c in counts.items()},
                "ci": {
                    k: (list(ci) if (ci := rate_ci(c, n)) and bootstrap > 0 else None)
                    for k, c in counts.items()
                },
            }
        )
    entries.sort(key=lambda e: (e["rates"]["total"] if n else 0.0, e["label"]))
    for rank, e in enumerate(entries, start=1):
        e["rank"] = rank
    pairs: list[dict[str, Any]] = []
    by_label = {r.label: r for r in loaded}
    for ea, eb in combinations(entries, 2):
        ra, rb = by_label[ea["label"]], by_label[eb["label"]]
        a_only = sum(1 for i in ordered if "total" in ra.flags[i] and "total" not in rb.flags[i])
        b_only = sum(1 for i in ordered if "total" in rb.flags[i] and "total" not in ra.flags[i])
        both = sum(1 for i in ordered if "total" in ra.flags[i] and "total" in rb.flags[i])
        c = PairedCounts(n, a_only, b_only, both)
        ci = (
            paired_diff_ci(
                c, bootstrap=bootstrap, seed=seed, label=f"compare/{ra.label}/{rb.label}"
            )
            if bootstrap > 0
            else None
        )
        pairs.append(
            {
                "a": ra.label,
                "b": rb.label,
                "diff": c.diff if c.diff is not None else 0.0,
                "ci": list(ci) if ci else None,
                "a_only": a_only,
                "b_only": b_only,
                "both": both,
                "n": n,
                "p": mcnemar_exact(a_only, b_only),
            }
        )
    for p, adjusted in zip(pairs, holm([p["p"] for p in pairs]), strict=True):
        p["p_holm"] = adjusted
    return Leaderboard(
        entries=entries,
        pairs=pairs,
        n=n,
        left_out={r.label: len(set(r.flags) - common) for r in loaded},
        errors=gold_errors + [e for r in loaded for e in r.errors],
        provenance={
            "runs": [{"label": r.label, "kind": r.kind, "records": r.n_records} for r in loaded],
            "bootstrap": bootstrap,
            "seed": seed,
            "ci_method": "Wilson (rates); paired percentile bootstrap (differences)",
            "test": "exact McNemar on TotalHallu, Holm-adjusted over all pairs",
            "config": (config or Config()).to_dict(),
        },
    )

"""The scorer's result, :class:`Report`, and its rendering as the paper's Table 1.

Rates follow the paper (Eq. 1): HR(H) = samples exhibiting H / samples scored. A sample with
several types counts once in each macro flag and once in ``total``. Records that could not be
scored are listed in ``errors`` and left out of the denominator.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tablehallu.detectors.diagnosis import HALLUCINATION_TYPES, MACRO_FLAGS, OMISSION, TITLES
from tablehallu.scoring.records import RecordError
from tablehallu.scoring.stats import CONFIDENCE

__all__ = [
    "OUTPUT_FORMATS",
    "RATE_KEYS",
    "SCORE_KEYS",
    "GroupResult",
    "Report",
    "format_cell",
    "render_rows",
]

#: The columns of the paper's Table 1, in its order: six types, two macro flags, total.
RATE_KEYS: tuple[str, ...] = (*HALLUCINATION_TYPES, *MACRO_FLAGS)
#: Every per-sample flag the scorer counts: :data:`RATE_KEYS` and ``omission``.
SCORE_KEYS: tuple[str, ...] = (*RATE_KEYS, OMISSION)
#: What :meth:`Report.to_table` can produce.
OUTPUT_FORMATS: tuple[str, ...] = ("table", "markdown", "csv", "json")
#: Label of the row/group that covers every scored sample.
ALL = "all"

Interval = tuple[float, float]


def _pct(value: float) -> str:
    return f"{100.0 * value:.2f}"


def format_cell(rate: float | None, ci: Interval | None) -> str:
    """``12.50 [8.10, 17.00]`` (percentages), ``12.50`` without a CI, ``-`` without samples."""
    if rate is None:
        return "-"
    if ci is None:
        return _pct(rate)
    return f"{_pct(rate)} [{_pct(ci[0])}, {_pct(ci[1])}]"


@dataclass
class GroupResult:
    """The scores of one group of samples (or of the whole run when ``group`` is empty).

    ``counts[key]`` is the number of scored samples flagged with ``key`` (every key of
    :data:`SCORE_KEYS`); ``findings`` the number of findings per type (a sample can have many);
    ``ci[key]`` the bootstrap interval of the rate (None without samples or with ``bootstrap=0``);
    ``no_context`` the samples scored without a context; ``severity_n``/``severity_sum``/
    ``severity_sumsq`` accumulate the samples' severities, ``severity_ci`` the t interval of
    their mean; ``references`` the scored samples per reference mode (``gold``: judged against
    a gold table, ``context``: against the context alone).
    """

    group: dict[str, str]
    n: int
    n_errors: int
    counts: dict[str, int]
    findings: dict[str, int]
    ci: dict[str, Interval | None]
    no_context: int = 0
    severity_n: int = 0
    severity_sum: float = 0.0
    severity_sumsq: float = 0.0
    severity_ci: Interval | None = None
    references: dict[str, int] = field(default_factory=dict)

    @property
    def severity(self) -> float | None:
        """Mean severity of the scored samples (0 faithful .. 1 nothing right; None without any)."""
        return self.severity_sum / self.severity_n if self.severity_n else None

    @property
    def label(self) -> str:
        """``model=a, format=json``, or ``all`` for the whole run."""
        if not self.group:
            return ALL
        return ", ".join(f"{k}={v}" for k, v in self.group.items())

    @property
    def rates(self) -> dict[str, float | None]:
        """Fraction of scored samples flagged, per key (None when nothing was scored)."""
        return {k: (self.counts[k] / self.n if self.n else None) for k in SCORE_KEYS}

    @property
    def omission_rate(self) -> float | None:
        """Fraction of scored samples that left out at least one gold row."""
        return self.rates[OMISSION]

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (rates as fractions)."""
        return {
            "group": dict(self.group),
            "label": self.label,
            "n": self.n,
            "n_errors": self.n_errors,
            "rates": self.rates,
            "counts": dict(self.counts),
            "finding_counts": dict(self.findings),
            "ci": {k: (list(v) if v is not None else None) for k, v in self.ci.items()},
            "omission_rate": self.omission_rate,
            "samples_without_context": self.no_context,
            "references": dict(self.references),
            "severity": {
                "n": self.severity_n,
                "mean": self.severity,
                "ci": list(self.severity_ci) if self.severity_ci is not None else None,
            },
        }


@dataclass
class Report:
    """What :func:`tablehallu.score` found: rates, CIs, groups, errors, warnings, provenance.

    ``overall`` covers every scored sample; ``groups`` one entry per value combination of the
    ``by`` fields (empty without ``by``). ``n_records`` counts every input record, scored or not;
    ``errors`` the records that could not be scored; ``warnings`` is structured
    (``messages`` holds each warning as a sentence).
    """

    overall: GroupResult
    groups: list[GroupResult] = field(default_factory=list)
    by: list[str] = field(default_factory=list)
    n_records: int = 0
    errors: list[RecordError] = field(default_factory=list)
    warnings: dict[str, Any] = field(default_factory=dict)
    provenance: dict[str, Any] = field(default_factory=dict)

    @property
    def n(self) -> int:
        """Number of samples scored."""
        return self.overall.n

    @property
    def rates(self) -> dict[str, float | None]:
        """Rates of the whole run, per key of :data:`SCORE_KEYS`."""
        return self.overall.rates

    @property
    def counts(self) -> dict[str, int]:
        """Samples flagged in the whole run, per key."""
        return self.overall.counts

    @property
    def ci(self) -> dict[str, Interval | None]:
        """Bootstrap intervals of the whole run's rates."""
        return self.overall.ci

    @property
    def omission_rate(self) -> float | None:
        """Fraction of scored samples with at least one omitted gold row."""
        return self.overall.omission_rate

    def exceeded(self, limits: Mapping[str, float]) -> list[str]:
        """A message for every ``key -> limit`` whose overall rate is above the limit."""
        out = []
        for key, limit in limits.items():
            if key not in SCORE_KEYS:
                raise KeyError(f"unknown rate {key!r}; choose from {', '.join(SCORE_KEYS)}")
            rate = self.rates[key]
            if rate is not None and rate > limit:
                out.append(f"{key} = {_pct(rate)}% is above the limit of {_pct(limit)}%")
        return out

    def to_dict(self) -> dict[str, Any]:
        """The summary: n, rates (fractions), counts, CIs, groups, errors, warnings, provenance."""
        overall = self.overall.to_dict()
        return {
            "n": self.n,
            "n_records": self.n_records,
            "n_errors": len(self.errors),
            "rates": overall["rates"],
            "counts": overall["counts"],
            "finding_counts": overall["finding_counts"],
            "ci": overall["ci"],
            "confidence": CONFIDENCE,
            "omission_rate": overall["omission_rate"],
            "samples_without_context": overall["samples_without_context"],
            "severity": overall["severity"],
            "references": overall["references"],
            "by": list(self.by),
            "groups": [g.to_dict() for g in self.groups],
            "errors": [e.to_dict() for e in self.errors],
            "warnings": self.warnings,
            "provenance": self.provenance,
        }

    def to_pandas(self) -> Any:
        """The rates as a pandas DataFrame: one row per group, then ``all`` (the whole run).

        Columns: the ``by`` fields (or ``scope``), ``n``, ``n_errors``, and for every key of
        :data:`SCORE_KEYS` its rate (a fraction), count, and interval bounds (``<key>_ci_low``,
        ``<key>_ci_high``; NaN without intervals). pandas is imported here, not with tablehallu.
        """
        import pandas as pd

        rows = []
        for g in [*self.groups, self.overall] if self.groups else [self.overall]:
            row: dict[str, Any] = {}
            if self.by:
                for b in self.by:
                    row[b] = g.group.get(b, ALL) if g.group else ALL
            else:
                row["scope"] = ALL
            row["n"] = g.n
            row["n_errors"] = g.n_errors
            rates = g.rates
            for k in SCORE_KEYS:
                ci = g.ci.get(k)
                row[k] = rates[k]
                row[f"{k}_count"] = g.counts[k]
                row[f"{k}_ci_low"] = ci[0] if ci else float("nan")
                row[f"{k}_ci_high"] = ci[1] if ci else float("nan")
            rows.append(row)
        return pd.DataFrame(rows)

    def to_table(self, fmt: str = "table") -> str:
        """The paper's Table 1 for this run: one row per group (then ``all``), percentages
        with 95% CIs, in ``table``, ``markdown``, ``csv`` or ``json`` (the whole summary)."""
        if fmt == "json":
            return json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"
        rows = [*self.groups, self.overall] if self.groups else [self.overall]
        if fmt == "csv":
            return _csv(rows, self.by, self.provenance.get("matcher", {}).get("label") or "")
        if fmt not in OUTPUT_FORMATS:
            raise ValueError(f"unknown output format {fmt!r}; choose {', '.join(OUTPUT_FORMATS)}")
        head = [*(self.by or ["run"]), "n"] + [f"{TITLES[k]}(%)" for k in RATE_KEYS]
        body = []
        for g in rows:
            rates = g.rates
            if g.group:
                first = [g.group.get(b, "") for b in self.by]
            else:
                first = [ALL] + [""] * (max(len(self.by), 1) - 1)
            body.append(
                [*first, str(g.n)] + [format_cell(rates[k], g.ci.get(k)) for k in RATE_KEYS]
            )
        table = render_rows(head, body, markdown=fmt == "markdown", numeric_from=len(head) - 10)
        return table + "\n" + self._footer(markdown=fmt == "markdown")

    def _footer(self, *, markdown: bool) -> str:
        o = self.overall
        lines = [f"{o.n} of {self.n_records} records scored"]
        if self.errors:
            lines[0] += f"; {len(self.errors)} could not be scored (see errors)"
        lines.append(
            "Omission(%) (gold rows left out; not part of TotalHallu): "
            + format_cell(o.omission_rate, o.ci.get(OMISSION))
        )
        if self.provenance.get("bootstrap"):
            lines.append(f"[lo, hi]: {int(CONFIDENCE * 100)}% Wilson score interval")
        label = self.provenance.get("matcher", {}).get("label")
        if label:
            lines.append(f"matcher: {label}")
        fallback = self.warnings.get("matcher_fallback")
        if fallback:
            lines.append(f"warning: {fallback}")
        if o.no_context:
            lines.append(f"{o.no_context} sample(s) had no context")
        if o.references.get("context"):
            lines.append(
                f"{o.references['context']} sample(s) judged against the context alone "
                "(no gold table: referenceless mode)"
            )
        sep = "\n\n" if markdown else "\n"
        return sep.join(lines) + "\n"


def render_rows(
    head: Sequence[str], body: Sequence[Sequence[str]], *, markdown: bool, numeric_from: int
) -> str:
    """An aligned plain-text or Markdown table; columns from ``numeric_from`` are right-aligned."""
    # a Markdown separator cell needs three characters ("--:") to be read as one
    least = 3 if markdown else 1
    widths = [max(least, *(len(str(r[i])) for r in [head, *body])) for i in range(len(head))]

    def cell(i: int, text: str) -> str:
        return text.rjust(widths[i]) if i >= numeric_from else text.ljust(widths[i])

    if markdown:
        lines = ["| " + " | ".join(cell(i, h) for i, h in enumerate(head)) + " |"]
        rule = [
            ("-" * (w - 1) + ":") if i >= numeric_from else "-" * w for i, w in enumerate(widths)
        ]
        lines.append("| " + " | ".join(rule) + " |")
        lines += ["| " + " | ".join(cell(i, c) for i, c in enumerate(r)) + " |" for r in body]
    else:
        lines = ["  ".join(cell(i, h) for i, h in enumerate(head)).rstrip()]
        lines.append("  ".join("-" * w for w in widths))
        lines += ["  ".join(cell(i, c) for i, c in enumerate(r)).rstrip() for r in body]
    return "\n".join(lines) + "\n"


def _csv(rows: Sequence[GroupResult], by: Sequence[str], matcher: str) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    head = ["scope", *by, "n", "n_errors"]
    for k in SCORE_KEYS:
        head += [f"{k}_pct", f"{k}_ci_low_pct", f"{k}_ci_high_pct"]
    writer.writerow([*head, "matcher"])
    for g in rows:
        line: list[Any] = ["group" if g.group else ALL]
        line += [g.group.get(b, "") for b in by]
        line += [g.n, g.n_errors]
        rates = g.rates
        for k in SCORE_KEYS:
            rate, ci = rates[k], g.ci.get(k)
            line.append("" if rate is None else _pct(rate))
            line += ["", ""] if ci is None else [_pct(ci[0]), _pct(ci[1])]
        writer.writerow([*line, matcher])
    return buf.getvalue()

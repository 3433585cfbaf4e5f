"""``tablehallu report``: a scoring run as a page to look at, in HTML and in Markdown.

From a summary (``score --out``) and, optionally, the details (``score --details``):

- the paper's Table 1 per group, each cell linked to example findings of its type, and the same
  rates drawn as bars with their 95% intervals, one bar per group;
- heatmaps of the hallucination rate per response format x type and per domain x type (the
  paper's Table 3 and Figures 8-9), when the details say the format (always) or carry a
  ``domain`` field;
- the distribution of per-sample ``severity`` and the ``gold_conflict`` findings, when the
  details hold them;
- example findings of each type, with the context sentence that supports the verdict
  (``evidence``: ``{"sentence", "start", "end"}``) highlighted when a finding has one.

The HTML page is self-contained: the charts are inline SVG drawn by matplotlib, the styles are
inline, there is no script and nothing is fetched when it is viewed. matplotlib is imported here
only, so ``import tablehallu`` and ``tablehallu --help`` stay light.
"""

from __future__ import annotations

import html
import io
import json
import os
from array import array
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tablehallu.detectors.diagnosis import HALLUCINATION_TYPES, TITLES
from tablehallu.scoring.report import RATE_KEYS

__all__ = [
    "GOLD_CONFLICT",
    "MAX_EXAMPLES",
    "Chart",
    "ReportPage",
    "build_report",
    "read_details",
]

#: Finding type of a gold table that contradicts its own context (shown when present).
GOLD_CONFLICT = "gold_conflict"
#: Example findings shown per type.
MAX_EXAMPLES = 3
#: Gold-conflict findings listed (all are counted).
MAX_CONFLICTS = 200
#: Groups drawn in the rate chart (the table lists them all).
MAX_CHART_GROUPS = 12
#: Rows of a heatmap (the most frequent values).
MAX_HEATMAP_ROWS = 25
#: Columns of the heatmaps: the six types and the total.
HEATMAP_KEYS: tuple[str, ...] = (*HALLUCINATION_TYPES, "total")


@dataclass(frozen=True)
class Chart:
    """One chart of the page: its anchor id, title, and the SVG markup."""

    id: str
    title: str
    svg: str


@dataclass
class ReportPage:
    """The report in both forms, and the charts the HTML holds (for a caller to check)."""

    html: str
    markdown: str
    charts: list[Chart] = field(default_factory=list)


# --- input ----------------------------------------------------------------------------------------


def read_details(path: str | os.PathLike[str]) -> Iterator[dict[str, Any]]:
    """The lines of a details file (``-`` for stdin, gzip read transparently); lines that are
    not JSON objects are skipped."""
    from tablehallu.scoring.records import iter_jsonl

    for raw in iter_jsonl(path):
        if raw.data is not None:
            yield dict(raw.data)


@dataclass
class _Tally:
    n: int = 0
    counts: Counter[str] = field(default_factory=Counter)

    def add(self, types: Iterable[str]) -> None:
        self.n += 1
        present = set(types)
        for t in present:
            self.counts[t] += 1
        if present & set(HALLUCINATION_TYPES):
            self.counts["total"] += 1

    def rate(self, key: str) -> float:
        return 100.0 * self.counts[key] / self.n if self.n else 0.0


class _Severities:
    """One group's severity values in little memory: numbers as doubles (in order), ints and
    labels counted by their text. Read back by :meth:`parsed`."""

    def __init__(self) -> None:
        self.numbers = array("d")
        self.is_int = bytearray()  # per number: 1 when it was written as an int
        self.int_texts: Counter[str] = Counter()
        self.labels: Counter[str] = Counter()  # values that are not numbers

    def add(self, v: Any) -> None:
        if isinstance(v, Mapping):
            v = next((v[k] for k in ("label", "level", "score", "value") if k in v), None)
        if v is None or isinstance(v, bool):
            return
        if isinstance(v, int | float):
            try:
                self.numbers.append(float(v))
            except OverflowError:  # an int too large for a double: read as a label
                self.labels[str(v)] += 1
                return
            self.is_int.append(isinstance(v, int))
            if isinstance(v, int):
                self.int_texts[str(v)] += 1
            return
        self.labels[str(v)] += 1

    def parsed(self) -> tuple[str, Sequence[float] | Counter[str]]:
        """``("number", floats in order)`` when every value is a number, else ``("label",
        {text: count})`` over all values."""
        if not self.labels:
            return "number", self.numbers
        texts = self.labels + self.int_texts
        texts.update(str(x) for x, i in zip(self.numbers, self.is_int, strict=True) if not i)
        return "label", texts


@dataclass
class _DetailsView:
    """What the page needs from the details, gathered in one pass; memory does not grow with
    the number of lines beyond a few bytes per severity value."""

    by_format: dict[str, _Tally] = field(default_factory=dict)
    by_domain: dict[str, _Tally] = field(default_factory=dict)
    severity: dict[str, _Severities] = field(default_factory=dict)  # group -> values
    conflicts: list[tuple[dict[str, Any], dict[str, Any]]] = field(default_factory=list)
    n_conflicts: int = 0  # all of them; ``conflicts`` keeps the first MAX_CONFLICTS
    examples: dict[str, list[tuple[dict[str, Any], dict[str, Any]]]] = field(default_factory=dict)
    lines: int = 0


def _gather(lines: Iterable[Mapping[str, Any]], by: Sequence[str], limit: int) -> _DetailsView:
    view = _DetailsView()
    for line in lines:
        view.lines += 1
        if line.get("error"):
            continue
        findings = [f for f in line.get("findings") or [] if isinstance(f, Mapping)]
        types = [t for t in line.get("hallucinations") or [] if isinstance(t, str)]
        fmt = line.get("parsed_format") or "unparsed"
        view.by_format.setdefault(str(fmt), _Tally()).add(types)
        domain = line.get("domain")
        if isinstance(domain, str | int | float) and not isinstance(domain, bool):
            view.by_domain.setdefault(str(domain), _Tally()).add(types)
        if "severity" in line and line["severity"] is not None:
            group = ", ".join(f"{b}={line.get(b)}" for b in by) if by else "all"
            view.severity.setdefault(group, _Severities()).add(line["severity"])
        for f in findings:
            kind = f.get("type")
            if kind == GOLD_CONFLICT:
                view.n_conflicts += 1
                if len(view.conflicts) < MAX_CONFLICTS:
                    view.conflicts.append((dict(line), dict(f)))
            if isinstance(kind, str):
                shown = view.examples.setdefault(kind, [])
                # prefer findings that carry evidence, then keep the first ones met
                if len(shown) < limit:
                    shown.append((dict(line), dict(f)))
                elif f.get("evidence") and not all(e[1].get("evidence") for e in shown):
                    for i, (_, g) in enumerate(shown):
                        if not g.get("evidence"):
                            shown[i] = (dict(line), dict(f))
                            break
    return view


# --- charts ---------------------------------------------------------------------------------------


def _svg(fig: Any, salt: str) -> str:
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": salt}):
        fig.savefig(buf, format="svg", bbox_inches="tight")
    text = buf.getvalue()
    start = text.find("<svg")
    return text[start:] if start >= 0 else text


def _figure(width: float, height: float) -> Any:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100)
    fig.set_layout_engine("constrained")
    return fig


def _rate_chart(groups: Sequence[Mapping[str, Any]]) -> Chart:
    """Table 1 as horizontal bars: one block per rate key, one bar per group, 95% CI whiskers."""
    import numpy as np

    shown = list(groups[:MAX_CHART_GROUPS])
    keys = list(RATE_KEYS)
    n_g = len(shown)
    height = max(3.0, 0.22 * len(keys) * n_g + 1.2)
    fig = _figure(10.0, min(height, 30.0))
    ax = fig.add_subplot()
    cmap = _colors(n_g)
    bar = 0.8 / max(n_g, 1)
    y = np.arange(len(keys))
    for i, g in enumerate(shown):
        rates = g.get("rates") or {}
        cis = g.get("ci") or {}
        vals = [100.0 * (rates.get(k) or 0.0) for k in keys]
        lo, hi = [], []
        for k, v in zip(keys, vals, strict=True):
            ci = cis.get(k)
            if ci:
                lo.append(max(0.0, v - 100.0 * ci[0]))
                hi.append(max(0.0, 100.0 * ci[1] - v))
            else:
                lo.append(0.0)
                hi.append(0.0)
        pos = y - 0.4 + bar * (i + 0.5)
        ax.barh(
            pos,
            vals,
            height=bar * 0.9,
            color=cmap[i],
            label=f"{g.get('label', 'all')} (n={g.get('n', 0)})",
            xerr=[lo, hi],
            error_kw={"elinewidth": 0.8, "capsize": 2, "ecolor": "#333"},
        )
    ax.set_yticks(y, [TITLES[k] for k in keys])
    ax.invert_yaxis()
    ax.set_xlim(0, 100)
    ax.set_xlabel("samples with the hallucination (%), 95% Wilson interval")
    ax.grid(axis="x", color="#ddd", linewidth=0.6)
    ax.set_axisbelow(True)
    if n_g > 1:  # above the plot, where it hides no bar
        ax.legend(
            loc="lower center",
            bbox_to_anchor=(0.5, 1.0),
            ncol=min(n_g, 3),
            fontsize=8,
            frameon=False,
        )
    title = "Hallucination rate per type" + (" and group" if n_g > 1 else "")
    return Chart("chart-rates", title, _svg(fig, "rates"))


def _colors(n: int) -> list[Any]:
    from matplotlib import colormaps

    cmap = colormaps["tab10" if n <= 10 else "tab20"]
    return [cmap(i % cmap.N) for i in range(max(n, 1))]


def _heatmap(chart_id: str, title: str, label: str, tallies: Mapping[str, _Tally]) -> Chart:
    import numpy as np

    rows = sorted(tallies.items(), key=lambda kv: (-kv[1].n, kv[0]))[:MAX_HEATMAP_ROWS]
    matrix = np.array([[t.rate(k) for k in HEATMAP_KEYS] for _, t in rows])
    fig = _figure(10.0, max(2.4, 0.42 * len(rows) + 1.6))
    ax = fig.add_subplot()
    image = ax.imshow(matrix, cmap="Reds", vmin=0, vmax=100, aspect="auto")
    ax.set_xticks(range(len(HEATMAP_KEYS)), [TITLES[k] for k in HEATMAP_KEYS], rotation=30)
    ax.set_yticks(range(len(rows)), [f"{name} (n={t.n})" for name, t in rows])
    ax.set_xlabel("hallucination type")
    ax.set_ylabel(label)
    for r in range(matrix.shape[0]):
        for c in range(matrix.shape[1]):
            value = matrix[r, c]
            ax.text(
                c,
                r,
                f"{value:.0f}",
                ha="center",
                va="center",
                fontsize=8,
                color="white" if value > 60 else "#222",
            )
    fig.colorbar(image, ax=ax, label="rate (%)", shrink=0.8)
    return Chart(chart_id, title, _svg(fig, chart_id))


def _counts(values: Sequence[float] | Counter[str]) -> Counter[str]:
    """Counts per text: a label Counter as it is; numbers (none, when it is called) by text."""
    return values if isinstance(values, Counter) else Counter(str(v) for v in values)


def _severity_chart(severity: Mapping[str, _Severities]) -> Chart | None:
    import numpy as np

    parsed = {g: v.parsed() for g, v in severity.items()}
    parsed = {g: p for g, p in parsed.items() if p[1]}
    if not parsed:
        return None
    kinds = {p[0] for p in parsed.values()}
    groups = list(parsed)[:MAX_CHART_GROUPS]
    colors = _colors(len(groups))
    fig = _figure(8.0, 3.4)
    ax = fig.add_subplot()
    if kinds == {"number"}:
        # numpy arrays: matplotlib makes an array per element of a list (slow, ~300 B each)
        values = {g: np.asarray(parsed[g][1], dtype=float) for g in groups}
        lo = min(float(v.min()) for v in values.values())
        hi = max(float(v.max()) for v in values.values())
        bins = np.linspace(lo, hi if hi > lo else lo + 1.0, 11)
        for i, g in enumerate(groups):
            ax.hist(values[g], bins=bins, histtype="step", linewidth=1.6, color=colors[i], label=g)
        ax.set_xlabel("severity")
    else:
        labels = sorted({str(v) for g in groups for v in parsed[g][1]})
        x = np.arange(len(labels))
        width = 0.8 / len(groups)
        for i, g in enumerate(groups):
            counts = _counts(parsed[g][1])
            ax.bar(
                x - 0.4 + width * (i + 0.5),
                [counts[lab] for lab in labels],
                width * 0.9,
                color=colors[i],
                label=g,
            )
        ax.set_xticks(x, labels)
        ax.set_xlabel("severity")
    ax.set_ylabel("samples")
    if len(groups) > 1:
        ax.legend(fontsize=8, frameon=False)
    return Chart("chart-severity", "Severity of the samples", _svg(fig, "severity"))


# --- text helpers ---------------------------------------------------------------------------------


def _e(value: Any) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def _md(value: Any) -> str:
    text = "" if value is None else str(value)
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _pct(rate: Any) -> str:
    return "-" if rate is None else f"{100.0 * float(rate):.2f}"


def _cell(rate: Any, ci: Any) -> str:
    if rate is None:
        return "-"
    if not ci:
        return _pct(rate)
    return f"{_pct(rate)} [{_pct(ci[0])}, {_pct(ci[1])}]"


def _evidence(f: Mapping[str, Any]) -> tuple[str, str, str] | None:
    """``(before, span, after)`` of a finding's evidence sentence, when it has a valid one."""
    ev = f.get("evidence")
    if not isinstance(ev, Mapping) or not isinstance(ev.get("sentence"), str):
        return None
    sentence = ev["sentence"]
    start, end = ev.get("start"), ev.get("end")
    if not (isinstance(start, int) and isinstance(end, int) and 0 <= start <= end <= len(sentence)):
        return sentence, "", ""
    return sentence[:start], sentence[start:end], sentence[end:]


def _where(f: Mapping[str, Any]) -> str:
    parts = []
    if f.get("pred_row") is not None:
        parts.append(f"pred row {f['pred_row']}")
    if f.get("gold_row") is not None:
        parts.append(f"gold row {f['gold_row']}")
    if f.get("column") is not None:
        parts.append(f"column {json.dumps(f['column'], ensure_ascii=False)}")
    return ", ".join(parts)


# --- the page -------------------------------------------------------------------------------------

_STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2rem auto;
max-width:72rem;padding:0 1rem;color:#1d1d1f;line-height:1.45}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2.2rem;border-bottom:1px solid #ddd}
table{border-collapse:collapse;font-size:.85rem;margin:.6rem 0}
th,td{border:1px solid #ccc;padding:.25rem .45rem;text-align:left;vertical-align:top}
td.num{text-align:right;white-space:nowrap}th{background:#f4f4f6}
figure.chart{margin:1rem 0}figure.chart svg{max-width:100%;height:auto}
figcaption{font-size:.85rem;color:#555}.warn{background:#fff4d6;border:1px solid #e6c15c;
padding:.5rem .8rem}mark{background:#ffe066}code{font-size:.85em}
.muted{color:#666;font-size:.85rem}dl.meta dt{font-weight:600;float:left;clear:left;width:11rem}
dl.meta dd{margin-left:11.5rem}
"""


def build_report(
    summary: Mapping[str, Any],
    details: str | os.PathLike[str] | Iterable[Mapping[str, Any]] | None = None,
    *,
    title: str | None = None,
    max_examples: int = MAX_EXAMPLES,
) -> ReportPage:
    """The report of a scoring run: ``summary`` is the summary dict (``score --out``),
    ``details`` the details file or its lines (optional: without them there are no heatmaps,
    severity, gold conflicts or examples)."""
    by = [str(b) for b in summary.get("by") or []]
    groups = list(summary.get("groups") or [])
    overall = {
        "label": "all",
        "n": summary.get("n", 0),
        "rates": summary.get("rates") or {},
        "ci": summary.get("ci") or {},
    }
    rows = [*groups, overall] if groups else [overall]
    if details is None:
        view = None
    else:
        lines = read_details(details) if isinstance(details, str | os.PathLike) else details
        view = _gather(lines, by, max_examples)

    charts = [_rate_chart(groups or [overall])]
    if view is not None:
        if view.by_format:
            charts.append(
                _heatmap(
                    "chart-format",
                    "Rate per response format and type (%)",
                    "format",
                    view.by_format,
                )
            )
        if view.by_domain:
            charts.append(
                _heatmap("chart-domain", "Rate per domain and type (%)", "domain", view.by_domain)
            )
        if view.severity:
            sev = _severity_chart(view.severity)
            if sev is not None:
                charts.append(sev)
    name = title or _title(summary)
    return ReportPage(
        html=_html(name, summary, rows, by, charts, view),
        markdown=_markdown(name, summary, rows, by, charts, view),
        charts=charts,
    )


def _title(summary: Mapping[str, Any]) -> str:
    inputs = (summary.get("provenance") or {}).get("inputs") or []
    names = [os.path.basename(str(i)) for i in inputs]
    return "tablehallu report" + (f": {', '.join(names[:4])}" if names else "")


def _meta(summary: Mapping[str, Any]) -> list[tuple[str, str]]:
    prov = summary.get("provenance") or {}
    matcher = (prov.get("matcher") or {}).get("label") or "-"
    cfg = prov.get("config") or {}
    out = [
        ("samples scored", f"{summary.get('n', 0)} of {summary.get('n_records', 0)} records"),
        ("records not scored", str(summary.get("n_errors", 0))),
        ("matcher", str(matcher)),
        ("judged against", _references(summary.get("references") or {})),
        ("headers / order", f"{cfg.get('headers', '-')} / {cfg.get('order', '-')}"),
        ("omission rate (%)", _pct(summary.get("omission_rate"))),
        ("grouped by", ", ".join(summary.get("by") or []) or "-"),
        ("intervals", str(prov.get("ci_method") or "none")),
        ("tablehallu", str((prov.get("versions") or {}).get("tablehallu", "-"))),
    ]
    return out


def _references(counts: Mapping[str, Any]) -> str:
    """``gold table: 12, context alone: 3`` (the samples of each reference mode)."""
    names = {"gold": "gold table", "context": "context alone (no gold table)"}
    parts = [f"{names.get(k, k)}: {v}" for k, v in sorted(counts.items()) if v]
    return ", ".join(parts) or "-"


def _messages(summary: Mapping[str, Any]) -> list[str]:
    warnings = summary.get("warnings") or {}
    return [str(m) for m in warnings.get("messages") or []]


def _row_label(g: Mapping[str, Any], by: Sequence[str]) -> list[str]:
    group = g.get("group") or {}
    if not group:
        return ["all"] + [""] * (max(len(by), 1) - 1)
    return [str(group.get(b, "")) for b in by]


def _html(
    name: str,
    summary: Mapping[str, Any],
    rows: Sequence[Mapping[str, Any]],
    by: Sequence[str],
    charts: Sequence[Chart],
    view: _DetailsView | None,
) -> str:
    out: list[str] = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_e(name)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{_e(name)}</h1>",
        '<dl class="meta">',
    ]
    out += [f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in _meta(summary)]
    out.append("</dl>")
    for m in _messages(summary):
        out.append(f'<p class="warn">warning: {_e(m)}</p>')

    # Table 1
    out.append('<h2 id="table1">Hallucination rates (the paper\'s Table 1)</h2>')
    out.append(
        '<p class="muted">Rates in % with 95% intervals. A type name links to example '
        "findings of that type.</p>"
    )
    head = [*(by or ["run"]), "n"] + [TITLES[k] for k in RATE_KEYS]
    out.append("<table><thead><tr>" + "".join(f"<th>{_e(h)}</th>" for h in head) + "</tr></thead>")
    out.append("<tbody>")
    examples = view.examples if view is not None else {}
    for g in rows:
        cells = [f"<td>{_e(c)}</td>" for c in _row_label(g, by)]
        cells.append(f'<td class="num">{_e(g.get("n", 0))}</td>')
        rates, cis = g.get("rates") or {}, g.get("ci") or {}
        for k in RATE_KEYS:
            text = _e(_cell(rates.get(k), cis.get(k)))
            if k in examples:
                text = f'<a href="#examples-{k}">{text}</a>'
            cells.append(f'<td class="num">{text}</td>')
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</tbody></table>")

    for chart in charts:
        out.append(f'<h2 id="{chart.id}-title">{_e(chart.title)}</h2>')
        out.append(
            f'<figure class="chart" id="{chart.id}">{chart.svg}'
            f"<figcaption>{_e(chart.title)}</figcaption></figure>"
        )

    if view is not None:
        if view.conflicts:
            out.append('<h2 id="gold-conflicts">Gold conflicts</h2>')
            out.append(
                f'<p class="muted">{view.n_conflicts} finding(s) where the gold table '
                "contradicts its own context.</p>"
            )
            out.append(_html_findings(view.conflicts))
        if view.examples:
            out.append('<h2 id="examples">Example findings</h2>')
            for kind in [*HALLUCINATION_TYPES, GOLD_CONFLICT, "omission"]:
                found = view.examples.get(kind)
                if not found:
                    continue
                out.append(f'<h3 id="examples-{_e(kind)}">{_e(TITLES.get(kind, kind))}</h3>')
                out.append(_html_findings(found))
    else:
        out.append(
            '<p class="muted">No details given: heatmaps, severity, gold conflicts and examples '
            "need the details file (score --details).</p>"
        )
    errors = summary.get("errors") or []
    if errors:
        out.append('<h2 id="errors">Records not scored</h2><ul>')
        out += [f"<li>{_e(e.get('text') or e.get('message'))}</li>" for e in errors[:200]]
        if len(errors) > 200:
            out.append(f"<li>... and {len(errors) - 200} more</li>")
        out.append("</ul>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def _html_findings(found: Sequence[tuple[Mapping[str, Any], Mapping[str, Any]]]) -> str:
    out = [
        "<table><thead><tr><th>sample</th><th>where</th><th>predicted</th><th>gold</th>"
        "<th>why</th><th>evidence</th></tr></thead><tbody>"
    ]
    for line, f in found:
        ev = _evidence(f)
        ev_html = ""
        if ev is not None:
            before, span, after = ev
            ev_html = f"{_e(before)}<mark>{_e(span)}</mark>{_e(after)}" if span else _e(before)
        where = _e(_where(f))
        if line.get("line") is not None:
            where = f"{_e(line.get('file') or '')} line {_e(line.get('line'))}<br>{where}"
        out.append(
            f"<tr><td><code>{_e(line.get('id'))}</code></td><td>{where}</td>"
            f"<td>{_e(f.get('predicted'))}</td><td>{_e(f.get('expected'))}</td>"
            f"<td>{_e(f.get('explanation'))}</td><td>{ev_html}</td></tr>"
        )
    out.append("</tbody></table>")
    return "\n".join(out)


def _markdown(
    name: str,
    summary: Mapping[str, Any],
    rows: Sequence[Mapping[str, Any]],
    by: Sequence[str],
    charts: Sequence[Chart],
    view: _DetailsView | None,
) -> str:
    out = [f"# {name}", ""]
    out += [f"- **{k}**: {_md(v)}" for k, v in _meta(summary)]
    out.append("")
    for m in _messages(summary):
        out.append(f"> **warning:** {_md(m)}")
        out.append("")
    out += ["## Hallucination rates (the paper's Table 1)", ""]
    out.append("Rates in % with 95% intervals.")
    out.append("")
    head = [*(by or ["run"]), "n"] + [TITLES[k] for k in RATE_KEYS]
    out.append("| " + " | ".join(head) + " |")
    out.append("| " + " | ".join(["---"] * (len(head) - 10) + ["--:"] * 10) + " |")
    for g in rows:
        rates, cis = g.get("rates") or {}, g.get("ci") or {}
        cells = [*_row_label(g, by), str(g.get("n", 0))]
        cells += [_cell(rates.get(k), cis.get(k)) for k in RATE_KEYS]
        out.append("| " + " | ".join(_md(c) for c in cells) + " |")
    out.append("")
    if view is not None:
        for chart_id, label, tallies in (
            ("chart-format", "format", view.by_format),
            ("chart-domain", "domain", view.by_domain),
        ):
            if not tallies or chart_id not in {c.id for c in charts}:
                continue
            out += [f"## Rate per {label} and type (%)", ""]
            head = [label, "n"] + [TITLES[k] for k in HEATMAP_KEYS]
            out.append("| " + " | ".join(head) + " |")
            out.append("| " + " | ".join(["---", "--:"] + ["--:"] * len(HEATMAP_KEYS)) + " |")
            ordered = sorted(tallies.items(), key=lambda kv: (-kv[1].n, kv[0]))
            for value, t in ordered[:MAX_HEATMAP_ROWS]:
                cells = [value, str(t.n)] + [f"{t.rate(k):.1f}" for k in HEATMAP_KEYS]
                out.append("| " + " | ".join(_md(c) for c in cells) + " |")
            out.append("")
        if view.severity:
            out += ["## Severity of the samples", ""]
            out.append("| group | severity | samples |")
            out.append("| --- | --- | --: |")
            for group, values in view.severity.items():
                _, flat = values.parsed()
                if not isinstance(flat, Counter):  # numbers
                    if not flat:
                        continue
                    out.append(
                        f"| {_md(group)} | mean {sum(flat) / len(flat):.3g} "
                        f"(min {min(flat):.3g}, max {max(flat):.3g}) | {len(flat)} |"
                    )
                else:
                    for label, count in sorted(_counts(flat).items()):
                        out.append(f"| {_md(group)} | {_md(label)} | {count} |")
            out.append("")
        if view.conflicts:
            out += ["## Gold conflicts", ""]
            out.append(
                f"{view.n_conflicts} finding(s) where the gold table contradicts its own context."
            )
            out.append("")
            out += _md_findings(view.conflicts)
        if view.examples:
            out += ["## Example findings", ""]
            for kind in [*HALLUCINATION_TYPES, GOLD_CONFLICT, "omission"]:
                found = view.examples.get(kind)
                if found:
                    out += [f"### {TITLES.get(kind, kind)}", ""]
                    out += _md_findings(found)
    errors = summary.get("errors") or []
    if errors:
        out += ["## Records not scored", ""]
        out += [f"- {_md(e.get('text') or e.get('message'))}" for e in errors[:200]]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _md_findings(found: Sequence[tuple[Mapping[str, Any], Mapping[str, Any]]]) -> list[str]:
    out = [
        "| sample | where | predicted | gold | why | evidence |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for line, f in found:
        ev = _evidence(f)
        ev_md = ""
        if ev is not None:
            before, span, after = ev
            ev_md = f"{_md(before)}**{_md(span)}**{_md(after)}" if span else _md(before)
        out.append(
            f"| `{_md(line.get('id'))}` | {_md(_where(f))} | {_md(f.get('predicted'))} | "
            f"{_md(f.get('expected'))} | {_md(f.get('explanation'))} | {ev_md} |"
        )
    out.append("")
    return out

"""How often does tablehallu agree with the truth? Writes docs/accuracy.md.

Usage::

    python benchmarks/accuracy.py --seed 0                      # both matchers -> docs/accuracy.md
    python benchmarks/accuracy.py --matchers lexical --out -    # lexical only, to stdout
    python benchmarks/accuracy.py --corpus corpus.jsonl --details details.jsonl

Builds the labelled corpus with :func:`tablehallu.synth.synthesize` from the gold records
(``benchmarks/data/gold_records_*.jsonl`` by default), runs the detector over all of it once per
matcher (one batched :func:`tablehallu.detectors.detect_many` call each; the embedding matcher uses
the bundled all-MiniLM-L6-v2, offline) and reports, per matcher: precision, recall and F1 per
hallucination type at the sample level; agreement on ``total``; the false-alarm rate on clean
(label-preserving) variants, broken down by variation, wrapper and format; a confusion table of
injected type x flagged type; recall per injection subtype; a per-format breakdown; and a "Misses"
section that lists, for every type below the F1 target and for false alarms above their target,
the failure patterns with examples and the rule at fault. Everything but the wall times is
deterministic for a given seed, gold set and code.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablehallu import __version__
from tablehallu.config import Config
from tablehallu.detectors import HALLUCINATION_TYPES, Diagnosis, Finding, detect_many
from tablehallu.detectors.matching import compare
from tablehallu.detectors.similarity import resolve_backend
from tablehallu.normalize import type_cell
from tablehallu.synth import GoldRecord, read_gold_records, synthesize

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DEFAULT_GOLD = sorted((HERE / "data").glob("gold_records_*.jsonl"))
DEFAULT_OUT = REPO / "docs" / "accuracy.md"
MATCHERS = ("lexical", "embedding")
F1_TARGET = 0.95
FALSE_ALARM_TARGET = 0.02
COMMAND = "python benchmarks/accuracy.py --seed 0"


# --- metrics --------------------------------------------------------------------------------------


@dataclass
class Counts:
    """Sample-level confusion counts of one binary decision."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0

    def add(self, expected: bool, got: bool) -> None:
        if expected and got:
            self.tp += 1
        elif expected:
            self.fn += 1
        elif got:
            self.fp += 1
        else:
            self.tn += 1

    @property
    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None

    @property
    def f1(self) -> float | None:
        p, r = self.precision, self.recall
        if p is None or r is None:
            return None
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def accuracy(self) -> float:
        n = self.tp + self.fp + self.fn + self.tn
        return (self.tp + self.tn) / n if n else 0.0

    @property
    def kappa(self) -> float | None:
        n = self.tp + self.fp + self.fn + self.tn
        if not n:
            return None
        po = (self.tp + self.tn) / n
        pe = (
            (self.tp + self.fp) * (self.tp + self.fn) + (self.fn + self.tn) * (self.fp + self.tn)
        ) / (n * n)
        return (po - pe) / (1 - pe) if pe < 1 else None


@dataclass
class Rate:
    """k of n."""

    k: int = 0
    n: int = 0
    flagged: Counter[str] = field(default_factory=Counter)

    def add(self, hit: bool, types: Sequence[str] = ()) -> None:
        self.n += 1
        if hit:
            self.k += 1
            self.flagged.update(types)

    @property
    def rate(self) -> float | None:
        return self.k / self.n if self.n else None


@dataclass
class Evaluation:
    """Everything measured for one matcher."""

    matcher: str
    label: str
    seconds: float
    per_type: dict[str, Counts]
    total: Counts
    exact: Rate
    errors: list[str]
    clean: Rate
    clean_by: dict[str, dict[str, Rate]]
    confusion: dict[str, Counter[str]]
    confusion_n: Counter[str]
    subtype_recall: dict[str, Rate]
    per_format: dict[str, dict[str, Rate]]
    diagnoses: list[Diagnosis]


def _got(d: Diagnosis) -> set[str]:
    return set(d.hallucinations)


def evaluate(
    samples: Sequence[Mapping[str, Any]],
    diags: Sequence[Diagnosis],
    matcher: str,
    label: str,
    seconds: float,
) -> Evaluation:
    """Sample-level metrics of ``diags`` against the labels of ``samples``."""
    per_type = {t: Counts() for t in HALLUCINATION_TYPES}
    total = Counts()
    exact = Rate()
    errors: list[str] = []
    clean = Rate()
    clean_by: dict[str, dict[str, Rate]] = defaultdict(lambda: defaultdict(Rate))
    confusion: dict[str, Counter[str]] = defaultdict(Counter)
    confusion_n: Counter[str] = Counter()
    subtype_recall: dict[str, Rate] = defaultdict(Rate)
    per_format: dict[str, dict[str, Rate]] = defaultdict(lambda: defaultdict(Rate))
    for s, d in zip(samples, diags, strict=True):
        labels = set(s["labels"])
        got = _got(d)
        if d.error:
            errors.append(f"{s['id']}: {d.error}")
        for t in HALLUCINATION_TYPES:
            per_type[t].add(t in labels, t in got)
        total.add(bool(labels), bool(got) or bool(d.error))
        exact.add(labels == got and not d.error)
        synth = s.get("synth") or {}
        fmt = str(synth.get("format"))
        flagged = sorted(got) + (["error"] if d.error else [])
        if not labels:
            alarm = bool(got) or bool(d.error)
            clean.add(alarm, flagged)
            variations = synth.get("variations") or ["none"]
            for v in variations:
                clean_by["variation"][v].add(alarm, flagged)
            clean_by["wrapper"][str(synth.get("wrapper"))].add(alarm, flagged)
            clean_by["format"][f"{fmt}/{synth.get('style')}"].add(alarm, flagged)
            clean_by["draft table in reasoning"]["yes" if synth.get("draft") else "no"].add(
                alarm, flagged
            )
            null = synth.get("null")
            clean_by["null spelling"][repr(null) if null else "'' (empty)"].add(alarm, flagged)
            per_format[fmt]["clean false alarm"].add(alarm)
        else:
            per_format[fmt]["injected: every label flagged"].add(labels <= got)
            for inj in synth.get("injections") or []:
                key = f"{inj['type']}:{inj['subtype']}"
                subtype_recall[key].add(inj["type"] in got)
        per_format[fmt]["exact label set"].add(labels == got and not d.error)
        if len(labels) <= 1:
            row = next(iter(labels)) if labels else "clean"
            confusion_n[row] += 1
            for t in flagged or ["nothing"]:
                confusion[row][t] += 1
    return Evaluation(
        matcher=matcher,
        label=label,
        seconds=seconds,
        per_type=per_type,
        total=total,
        exact=exact,
        errors=errors,
        clean=clean,
        clean_by={k: dict(v) for k, v in clean_by.items()},
        confusion=dict(confusion),
        confusion_n=confusion_n,
        subtype_recall=dict(subtype_recall),
        per_format={k: dict(v) for k, v in per_format.items()},
        diagnoses=list(diags),
    )


# --- misses: failure patterns and the rule at fault -----------------------------------------------


@dataclass
class Pattern:
    """A group of failures with one cause."""

    key: str
    diagnosis: str
    examples: list[dict[str, Any]] = field(default_factory=list)
    count: int = 0


def _edits_at(
    sample: Mapping[str, Any], row: int | None, column: str | None
) -> list[dict[str, Any]]:
    return [
        e
        for e in sample.get("edits") or []
        if row is not None and e.get("row") == row and (column is None or e.get("column") == column)
    ]


def _injections(sample: Mapping[str, Any], kind: str) -> list[str]:
    return [
        i["subtype"]
        for i in (sample.get("synth") or {}).get("injections") or []
        if i["type"] == kind
    ]


def _fp_cause(sample: Mapping[str, Any], f: Finding) -> tuple[str, str]:
    """(pattern key, diagnosis) for a finding of a type the sample does not have."""
    cell_edits = _edits_at(sample, f.pred_row, f.column)
    row_edits = _edits_at(sample, f.pred_row, None)
    inserted = [e for e in row_edits if e["kind"].startswith("insert:")]
    vary = [e for e in cell_edits if e["kind"].startswith("vary:")]
    t = f.type
    origins = sample.get("rows") or []
    origin = origins[f.pred_row] if f.pred_row is not None and f.pred_row < len(origins) else None
    if t in ("out_of_range", "entity_fabrication") and isinstance(origin, int):
        rewrites = sorted({str(e["kind"]) for e in row_edits if str(e["kind"]).startswith("vary:")})
        how = f" after a faithful rewrite ({', '.join(rewrites)})" if rewrites else ""
        return (
            f"{t} on a gold row whose key was not matched{how}",
            f"the row is gold row {origin}, but key matching did not pair it with its gold key"
            f"{how}; unmatched, it was judged as a new row"
            + (" (and grounding missed the rewritten key)" if t == "entity_fabrication" else ""),
        )
    if t in ("attribute_distortion", "blank_filling") and inserted:
        what = inserted[0]["kind"].split(":")[1]
        return (
            f"{t} on an inserted {what} row",
            f"the inserted {what} row was paired with a gold row (the omitted one, or a near-miss "
            "key) by a fuzzy key match, so its cells are compared as attributes instead of the row "
            "being out of range / fabricated (key matching, relaxed_row_match / similarity stage)",
        )
    if t == "attribute_distortion" and vary:
        kind = vary[0]["kind"]
        if f.matcher in ("lexical", "embedding"):
            field_name = "lexical_threshold" if f.matcher == "lexical" else "embedding_threshold"
            return (
                f"{t}/{f.matcher} on {kind}",
                f"the {f.matcher} similarity of a faithful rewrite ({kind}) is below "
                f"{field_name}: the similarity stage does not recognise the equivalence",
            )
        return (
            f"{t}/{f.matcher} on {kind}",
            f"the '{f.matcher}' stage of the cell cascade rejects a faithful rewrite ({kind})"
            + (f": {f.explanation}" if f.explanation else ""),
        )
    if t == "attribute_distortion":
        return (
            f"{t}/{f.matcher} (no edit at that cell)",
            "a cell the corpus left as in the gold is reported as different: the row was probably "
            "paired with the wrong gold row",
        )
    if t == "order_mismatch":
        rows = {f.pred_row}
        scaled = [
            e
            for e in sample.get("edits") or []
            if e.get("row") in rows and str(e["kind"]).startswith("vary:numbers:scale")
        ]
        moved = [e for e in sample.get("edits") or [] if str(e["kind"]).startswith("insert:")]
        if scaled or any(
            str(e["kind"]).startswith("vary:numbers") and e.get("column") == f.column
            for e in sample.get("edits") or []
        ):
            return (
                "order_mismatch on a restyled number column",
                "the order check reads an unmatched row's own sort value without the header's "
                "scale/unit ('$4.2B' vs '4.9' under '(USD Billion)'): order_key compares raw "
                "values",
            )
        if moved:
            return (
                "order_mismatch with inserted rows",
                "an inserted row placed where it keeps the declared rule (on the values as the "
                "header reads them) is reported out of order; or a fuzzy key match paired rows "
                "so that gold values are compared in another order",
            )
        return ("order_mismatch (other)", "order check: see the finding")
    if t == "entity_fabrication":
        key_edits = [e for e in row_edits if e["kind"].startswith("vary:")]
        if key_edits:
            return (
                f"entity_fabrication on a row whose key was rewritten ({key_edits[0]['kind']})",
                "grounding does not find a key written differently from the context (an "
                "abbreviation or paraphrase of a name that is in the context)",
            )
        return (
            "entity_fabrication (other)",
            "grounding misses a key that is in the context: " + f.explanation,
        )
    if t == "out_of_range":
        if f.subtype == "duplicate":
            return (
                "out_of_range/duplicate",
                "a row whose key is not in the gold table was fuzzily matched to a gold key "
                "(near-miss name) and reported as a duplicate",
            )
        return (f"out_of_range/{f.subtype}", "grounding: " + f.explanation)
    if t == "format_error":
        return (f"format_error/{f.subtype}", "the parser reports: " + f.explanation)
    return (f"{t}/{f.subtype}/{f.matcher}", f.explanation)


def _fn_cause(
    sample: Mapping[str, Any], d: Diagnosis, t: str, config: Config
) -> tuple[str, str, list[str]]:
    """(pattern key, diagnosis, evidence lines) for a type the detector missed."""
    got = sorted(_got(d))
    subs = "+".join(_injections(sample, t)) or "?"
    instead = ", ".join(got) or "nothing"
    evidence: list[str] = []
    if d.error:
        return (f"{t}:{subs} -> error", f"the sample was not evaluated: {d.error}", evidence)
    if t == "attribute_distortion":
        backend = resolve_backend(config)
        reasons = []
        for e in sample.get("edits") or []:
            if not str(e["kind"]).startswith("distort:"):
                continue
            gold, written = str(e.get("gold") or ""), str(e.get("written") or "")
            gc = type_cell(gold, config.dayfirst, max_chars=config.max_typed_chars)
            pc = type_cell(written, config.dayfirst, max_chars=config.max_typed_chars)
            m = compare(gc, pc, backend, config, e.get("column"))
            verdict = "matched" if m.matched else "not matched"
            evidence.append(
                f"{e['column']}: gold {gold!r} -> written {written!r}: cascade {verdict} by "
                f"'{m.matcher}' (score {m.score:.3f})"
            )
            if m.matched:
                reasons.append(m.matcher)
        if reasons:
            stage = Counter(reasons).most_common(1)[0][0]
            return (
                f"{t}:{subs} accepted by '{stage}'",
                f"the '{stage}' stage accepts a changed value as equal to the gold one",
                evidence,
            )
        return (
            f"{t}:{subs} -> {instead}",
            "the changed cells were not compared with their gold cells (the row was not matched "
            f"by key); flagged instead: {instead}",
            evidence,
        )
    for e in sample.get("edits") or []:
        if str(e["kind"]).startswith(("insert:", "omit", "order:")):
            evidence.append(f"{e['kind']}: {e.get('written') or e.get('gold') or ''}".rstrip(": "))
    if t == "out_of_range" and "attribute_distortion" in got:
        return (
            f"{t}:{subs} -> {instead}",
            "the distractor row was paired with a gold row (the one it replaced, or a near-miss "
            "key) by a fuzzy key match; its cells were then reported as attribute errors",
            evidence,
        )
    if t == "out_of_range" and "entity_fabrication" in got:
        return (
            f"{t}:{subs} -> {instead}",
            "the distractor key is in the context but grounding did not find it (it was written "
            "differently, e.g. abbreviated)",
            evidence,
        )
    if t == "entity_fabrication" and "out_of_range" in got:
        return (
            f"{t}:{subs} -> {instead}",
            "the invented key was grounded in the context (fuzzy partial ratio or embedding "
            "similarity to a context sentence) or matched a gold key as a duplicate",
            evidence,
        )
    if t == "entity_fabrication" and "attribute_distortion" in got:
        return (
            f"{t}:{subs} -> {instead}",
            "the invented row was paired with a gold row by a fuzzy key match",
            evidence,
        )
    return (f"{t}:{subs} -> {instead}", f"not flagged; flagged instead: {instead}", evidence)


def _example(sample: Mapping[str, Any], d: Diagnosis, detail: str) -> dict[str, Any]:
    synth = sample.get("synth") or {}
    return {
        "id": sample["id"],
        "variant": sample["variant"],
        "format": f"{synth.get('format')}/{synth.get('style')}",
        "expected": sorted(sample["labels"]),
        "got": sorted(_got(d)),
        "detail": detail,
    }


def misses(
    samples: Sequence[Mapping[str, Any]],
    ev: Evaluation,
    config: Config,
    types: Sequence[str],
    clean_only: bool = False,
) -> dict[str, list[Pattern]]:
    """Failure patterns for each of ``types`` (false negatives and false positives)."""
    out: dict[str, dict[str, Pattern]] = {t: {} for t in types}
    for s, d in zip(samples, ev.diagnoses, strict=True):
        labels = set(s["labels"])
        if clean_only and labels:
            continue
        got = _got(d)
        for t in types:
            if t in labels and t not in got and not clean_only:
                key, diag, evidence = _fn_cause(s, d, t, config)
                pat = out[t].setdefault("missed: " + key, Pattern("missed: " + key, diag))
                pat.count += 1
                pat.examples.append(_example(s, d, "; ".join(evidence)))
            elif t in got and t not in labels:
                wrong = [f for f in d.findings if f.type == t]
                key, diag = _fp_cause(s, wrong[0])
                pat = out[t].setdefault("false: " + key, Pattern("false: " + key, diag))
                pat.count += 1
                pat.examples.append(_example(s, d, " | ".join(str(f) for f in wrong[:2])))
    return {t: sorted(p.values(), key=lambda p: (-p.count, p.key)) for t, p in out.items()}


# --- report ---------------------------------------------------------------------------------------


def _pct(x: float | None, digits: int = 1) -> str:
    return "–" if x is None else f"{100 * x:.{digits}f}%"


def _num(x: float | None) -> str:
    return "–" if x is None else f"{x:.3f}"


def _mark(ok: bool) -> str:
    return "yes" if ok else "**no**"


def _esc(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _file_sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def corpus_sha(samples: Sequence[Mapping[str, Any]]) -> str:
    """sha256 of the corpus as ``tablehallu synth`` writes it."""
    digest = hashlib.sha256()
    for s in samples:
        digest.update((json.dumps(s, ensure_ascii=False) + "\n").encode("utf-8"))
    return digest.hexdigest()


def _f1_ok(c: Counts) -> bool:
    return c.f1 is not None and c.f1 >= F1_TARGET


def render_report(
    *,
    samples: Sequence[Mapping[str, Any]],
    records: Sequence[GoldRecord],
    gold_files: Sequence[Path],
    seed: int,
    per_record: int,
    synth_seconds: float,
    evaluations: Sequence[Evaluation],
    configs: Mapping[str, Config],
    examples: int,
) -> str:
    """The Markdown report."""
    lines: list[str] = []
    w = lines.append
    n = len(samples)
    n_clean = sum(1 for s in samples if not s["labels"])
    label_counts = Counter(t for s in samples for t in s["labels"])
    w("# Accuracy of the detector on a labelled corpus")
    w("")
    w(
        f"*Generated by `{COMMAND}` (`make accuracy`); do not edit by hand, rerun the script. "
        "Everything except the wall times is deterministic for a given seed, gold set and code.*"
    )
    w("")
    w(
        "The corpus is synthesised from the gold records by `tablehallu synth` "
        "(`tablehallu/synth.py`; its module docstring documents every variation and injection and "
        "how each label is guaranteed). Every sample carries the exact set of hallucination types "
        "it contains. Clean variants contain none: they rewrite the gold table in ways that must "
        "not be flagged (other formats and wrappers, reasoning and drafts, date and number styles, "
        "null spellings, case, whitespace, faithful paraphrases, abbreviations, markup). Injected "
        "samples contain one type or a combination of two or three. The corpus is not tuned to "
        "the detector: where a target is missed, the Misses section says why."
    )
    w("")
    w(
        f"Targets: F1 >= {F1_TARGET:.2f} for every type; false alarms on <= "
        f"{100 * FALSE_ALARM_TARGET:.0f}% of clean variants."
    )
    w("")
    w("## Summary")
    w("")
    head = "| matcher | " + " | ".join(f"F1 {t}" for t in HALLUCINATION_TYPES)
    w(head + " | clean false alarms | `total` agreement | exact label set | all targets |")
    w("|---|" + "---:|" * (len(HALLUCINATION_TYPES) + 3) + "---|")
    for ev in evaluations:
        ok = all(_f1_ok(c) for c in ev.per_type.values()) and (
            (ev.clean.rate or 0.0) <= FALSE_ALARM_TARGET
        )
        cells = [_num(ev.per_type[t].f1) for t in HALLUCINATION_TYPES]
        w(
            f"| {ev.matcher} | "
            + " | ".join(cells)
            + f" | {_pct(ev.clean.rate)} ({ev.clean.k}/{ev.clean.n}) | {_pct(ev.total.accuracy)} | "
            f"{_pct(ev.exact.rate)} | {_mark(ok)} |"
        )
    w("")
    w("## Setup")
    w("")
    w(f"- Seed: `{seed}`; samples per gold record: {per_record}.")
    w(f"- Gold records: {len(records)} from {', '.join(f'`{p.name}`' for p in gold_files)}.")
    for p in gold_files:
        w(f"  - `{p.name}`: sha256 `{_file_sha(p)[:16]}`")
    domains = Counter(r.domain for r in records)
    w(f"- Domains: {len(domains)} ({', '.join(f'{k} {v}' for k, v in sorted(domains.items()))}).")
    w(
        f"- Corpus: {n} samples ({n_clean} clean, {n - n_clean} injected), sha256 "
        f"`{corpus_sha(samples)[:16]}`; samples per label: "
        + ", ".join(f"{t} {label_counts[t]}" for t in HALLUCINATION_TYPES)
        + "."
    )
    w(
        f"- Wall time: synthesis {synth_seconds:.1f} s; detection "
        + "; ".join(f"{ev.matcher} {ev.seconds:.1f} s ({ev.label})" for ev in evaluations)
        + f" on {platform.machine()}, Python {platform.python_version()}, tablehallu {__version__}."
    )
    w("- Detection config: the defaults (`tablehallu.Config()`) with `matcher` set; in full:")
    w("")
    for name, cfg in configs.items():
        detect_fields = {
            k: v for k, v in cfg.to_dict().items() if not k.startswith(("synth_", "check_"))
        }
        w(f"<details><summary>{name}</summary>")
        w("")
        w("```json")
        w(json.dumps(detect_fields, indent=1))
        w("```")
        w("")
        w("</details>")
        w("")
    synth_fields = {
        k: v for k, v in next(iter(configs.values())).to_dict().items() if k.startswith("synth_")
    }
    w(f"- Corpus config: `{json.dumps(synth_fields)}`.")
    w("")
    for ev in evaluations:
        _render_matcher(w, ev, samples)
    _render_misses(w, samples, evaluations, configs, examples)
    return "\n".join(lines).rstrip() + "\n"


def clean_causes(samples: Sequence[Mapping[str, Any]], ev: Evaluation) -> Counter[str]:
    """For the flagged clean variants: which rewrite sits at each wrong finding (per sample)."""
    out: Counter[str] = Counter()
    for s, d in zip(samples, ev.diagnoses, strict=True):
        if s["labels"] or not (d.hallucinations or d.error):
            continue
        kinds: set[str] = set()
        if d.error:
            kinds.add("(not evaluated)")
        for f in d.findings:
            if f.type not in HALLUCINATION_TYPES:
                continue
            at = _edits_at(s, f.pred_row, f.column) if f.column else _edits_at(s, f.pred_row, None)
            found = sorted({str(e["kind"]) for e in at})
            label = ", ".join(found) if found else "no rewrite there"
            kinds.add(f"{f.type} at {label}")
        out.update(kinds)
    return out


def _render_matcher(w: Any, ev: Evaluation, samples: Sequence[Mapping[str, Any]]) -> None:
    w(f"## Matcher: {ev.matcher}")
    w("")
    w(f"`{ev.label}`; detection took {ev.seconds:.1f} s for {len(samples)} samples.")
    if ev.errors:
        w("")
        w(f"{len(ev.errors)} sample(s) could not be evaluated: " + "; ".join(ev.errors[:5]))
    w("")
    w("### Per type (sample level)")
    w("")
    w("| type | samples with it | TP | FP | FN | precision | recall | F1 | F1 target |")
    w("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for t, c in ev.per_type.items():
        w(
            f"| {t} | {c.tp + c.fn} | {c.tp} | {c.fp} | {c.fn} | {_num(c.precision)} | "
            f"{_num(c.recall)} | {_num(c.f1)} | {_mark(_f1_ok(c))} |"
        )
    w("")
    tot = ev.total
    w("### Agreement on `total` (any hallucination)")
    w("")
    w(
        f"Accuracy {_pct(tot.accuracy)}, Cohen's kappa {_num(tot.kappa)}; precision "
        f"{_num(tot.precision)}, recall {_num(tot.recall)} (TP {tot.tp}, FP {tot.fp}, FN {tot.fn}, "
        f"TN {tot.tn}). The exact label set is reproduced for {_pct(ev.exact.rate)} of the samples "
        f"({ev.exact.k}/{ev.exact.n})."
    )
    w("")
    w("### False alarms on clean variants")
    w("")
    cl = ev.clean
    ok = (cl.rate or 0.0) <= FALSE_ALARM_TARGET
    w(
        f"{cl.k} of {cl.n} clean variants flagged ({_pct(cl.rate)}; target <= "
        f"{100 * FALSE_ALARM_TARGET:.0f}%: {_mark(ok)}). Types flagged: "
        + (", ".join(f"{k} {v}" for k, v in sorted(cl.flagged.items())) or "none")
        + ". A variant with two variations counts under both."
    )
    w("")
    causes = clean_causes(samples, ev)
    if causes:
        w("| rewrite at the wrongly flagged cell or row | clean samples flagged |")
        w("|---|---:|")
        for cause, k in sorted(causes.items(), key=lambda kv: (-kv[1], kv[0])):
            w(f"| {_esc(cause)} | {k} |")
        w("")
    for group, rates in ev.clean_by.items():
        w(f"| {group} | clean samples | flagged | rate | types flagged |")
        w("|---|---:|---:|---:|---|")
        for name, r in sorted(rates.items(), key=lambda kv: (-(kv[1].rate or 0), kv[0])):
            flagged = ", ".join(f"{k} {v}" for k, v in sorted(r.flagged.items()))
            w(f"| {_esc(name)} | {r.n} | {r.k} | {_pct(r.rate)} | {flagged} |")
        w("")
    w("### Confusion: injected type x flagged type")
    w("")
    w(
        "Single-type samples (and clean ones) only; a row counts the samples of that injected "
        "type in which each type was flagged (a sample can flag several), so the diagonal is the "
        "recall count and everything else is a confusion."
    )
    w("")
    cols = [*HALLUCINATION_TYPES, "nothing"] + (["error"] if ev.errors else [])
    w("| injected \\ flagged | samples | " + " | ".join(cols) + " |")
    w("|---|---:|" + "---:|" * len(cols))
    for row in ["clean", *HALLUCINATION_TYPES]:
        if row not in ev.confusion_n:
            continue
        cells = []
        for col in cols:
            v = ev.confusion.get(row, Counter())[col]
            cells.append(f"**{v}**" if col == row else str(v) if v else "·")
        w(f"| {row} | {ev.confusion_n[row]} | " + " | ".join(cells) + " |")
    w("")
    w("### Recall per injection subtype")
    w("")
    w("| injected type:subtype | samples | type flagged | recall |")
    w("|---|---:|---:|---:|")
    for key, r in sorted(ev.subtype_recall.items()):
        w(f"| {key} | {r.n} | {r.k} | {_pct(r.rate)} |")
    w("")
    w("### Per format")
    w("")
    w("| format | samples | exact label set | clean false alarms | injected: every label flagged |")
    w("|---|---:|---:|---:|---:|")
    for fmt in sorted(ev.per_format):
        m = ev.per_format[fmt]
        ex, fa, inj = (
            m["exact label set"],
            m["clean false alarm"],
            m["injected: every label flagged"],
        )
        w(
            f"| {fmt} | {ex.n} | {_pct(ex.rate)} | {_pct(fa.rate)} ({fa.k}/{fa.n}) | "
            f"{_pct(inj.rate)} ({inj.k}/{inj.n}) |"
        )
    w("")


def _render_misses(
    w: Any,
    samples: Sequence[Mapping[str, Any]],
    evaluations: Sequence[Evaluation],
    configs: Mapping[str, Config],
    examples: int,
) -> None:
    w("## Misses")
    w("")
    w(
        "For every type whose F1 is below the target, and for false alarms above theirs: the "
        "failure patterns (missed = injected but not flagged; false = flagged but not injected), "
        "how often each occurs, the rule at fault, and typical examples (sample id, variant, "
        "expected vs got labels, and the evidence: the wrong finding, or the cascade's verdict on "
        "each changed cell)."
    )
    w("")
    any_miss = False
    for ev in evaluations:
        cfg = configs[ev.matcher]
        below = [t for t, c in ev.per_type.items() if not _f1_ok(c)]
        fa_high = (ev.clean.rate or 0.0) > FALSE_ALARM_TARGET
        if not below and not fa_high:
            continue
        any_miss = True
        w(f"### {ev.matcher}")
        w("")
        for t in below:
            c = ev.per_type[t]
            w(
                f"#### {t}: F1 {_num(c.f1)} (precision {_num(c.precision)}, recall "
                f"{_num(c.recall)}; {c.fn} missed, {c.fp} false)"
            )
            w("")
            _render_patterns(w, misses(samples, ev, cfg, [t])[t], examples)
        if fa_high:
            w(
                f"#### False alarms on clean variants: {_pct(ev.clean.rate)} "
                f"({ev.clean.k}/{ev.clean.n})"
            )
            w("")
            pats = misses(samples, ev, cfg, HALLUCINATION_TYPES, clean_only=True)
            merged = [p for t in HALLUCINATION_TYPES for p in pats[t]]
            merged.sort(key=lambda p: (-p.count, p.key))
            _render_patterns(w, merged, examples)
    if not any_miss:
        w("Every target is met.")
        w("")
    w("### Other failures (types at target)")
    w("")
    w("The remaining failure patterns of the types that meet their target, one example each.")
    w("")
    if not any(_f1_ok(c) and (c.fp or c.fn) for ev in evaluations for c in ev.per_type.values()):
        w("None.")
        w("")
    for ev in evaluations:
        cfg = configs[ev.matcher]
        met = [t for t, c in ev.per_type.items() if _f1_ok(c) and (c.fp or c.fn)]
        if not met:
            continue
        w(f"#### {ev.matcher}")
        w("")
        pats = misses(samples, ev, cfg, met)
        for t in met:
            c = ev.per_type[t]
            w(f"{t} (F1 {_num(c.f1)}; {c.fn} missed, {c.fp} false):")
            w("")
            _render_patterns(w, pats[t], 1)


def _diverse(examples: Sequence[dict[str, Any]], n: int) -> list[dict[str, Any]]:
    """Up to ``n`` examples, from different gold records where there are enough."""
    seen: set[str] = set()
    first: list[dict[str, Any]] = []
    rest: list[dict[str, Any]] = []
    for ex in examples:
        source = str(ex["id"]).split("#", 1)[0]
        (rest if source in seen else first).append(ex)
        seen.add(source)
    return (first + rest)[:n]


def _render_patterns(w: Any, patterns: Sequence[Pattern], examples: int) -> None:
    if not patterns:
        w("No failures.")
        w("")
        return
    for p in patterns:
        w(f"- **{_esc(p.key)}** ({p.count}): {_esc(p.diagnosis)}")
        for ex in _diverse(p.examples, examples):
            w(
                f"  - `{ex['id']}` {ex['variant']} ({ex['format']}): expected "
                f"{ex['expected'] or '[]'}, got {ex['got'] or '[]'}"
                + (f" — {_esc(ex['detail'])[:400]}" if ex["detail"] else "")
            )
    w("")


# --- main -----------------------------------------------------------------------------------------


def _details(
    path: Path, samples: Sequence[Mapping[str, Any]], evaluations: Sequence[Evaluation]
) -> None:
    with path.open("w", encoding="utf-8") as fh:
        for i, s in enumerate(samples):
            row: dict[str, Any] = {
                "id": s["id"],
                "variant": s["variant"],
                "labels": s["labels"],
            }
            for ev in evaluations:
                d = ev.diagnoses[i]
                row[ev.matcher] = {
                    "got": sorted(_got(d)),
                    "error": d.error,
                    "findings": [f.to_dict() for f in d.findings],
                }
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")


#: Thresholds of the similarity stage tried in the sensitivity table, per matcher.
SWEEP: dict[str, tuple[float, ...]] = {
    "lexical": (0.5, 0.575, 0.65, 0.725, 0.8, 0.875),
    "embedding": (0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8),
}
_THRESHOLD_FIELD = {"lexical": "lexical_threshold", "embedding": "embedding_threshold"}


def sensitivity(
    samples: Sequence[Mapping[str, Any]], cfg: Config, backend: Any
) -> list[tuple[float, Counts, Rate, Counts]]:
    """attribute_distortion counts, clean false alarms and ``total`` agreement at each threshold
    of :data:`SWEEP` (the backend's embedding cache makes the extra runs cheap)."""
    rows = []
    field = _THRESHOLD_FIELD[cfg.matcher]
    for th in SWEEP[cfg.matcher]:
        diags = detect_many(samples, cfg.replace(**{field: th}), backend=backend)
        attr, total, clean = Counts(), Counts(), Rate()
        for smp, d in zip(samples, diags, strict=True):
            labels, got = set(smp["labels"]), _got(d)
            attr.add("attribute_distortion" in labels, "attribute_distortion" in got)
            total.add(bool(labels), bool(got))
            if not labels:
                clean.add(bool(got))
        rows.append((th, attr, clean, total))
    return rows


def render_sensitivity(
    tables: Mapping[str, list[tuple[float, Counts, Rate, Counts]]], configs: Mapping[str, Config]
) -> str:
    """The threshold-sensitivity section of the report."""
    out = [
        "## Threshold sensitivity",
        "",
        "Only the similarity stage depends on `embedding_threshold` / `lexical_threshold`, and "
        "only text cells reach it. The defaults are chosen on an independent, balanced set of "
        "hard cell pairs (`docs/calibration.md`), not on this corpus. Here the clean variants "
        "hold many more faithful paraphrases than the injected samples hold distortions that "
        "reach the similarity stage, so lower thresholds score better on this corpus; on the "
        "balanced pairs they accept more different values ('Italy' / 'Greece'). Choose for the "
        "mix your data has.",
        "",
        "Two deterministic rules trade the same way. `sibling_guard` rejects values that differ "
        "in one replaced word: on the calibration pairs that stops most false matches of real "
        "siblings ('North Korea' / 'South Korea', 'Point guard' / 'Shooting guard', which the "
        "embedding scores 0.79-0.87), but here it flags the corpus's one-word synonyms ('Heart "
        "failure' / 'cardiac failure'). `context_support` accepts a rejected value when the "
        "context states it for that entity and never uses the gold wording, the usual source of "
        "a model's paraphrase; this corpus cannot show it, because its contexts use the gold "
        "wording and its paraphrases are written into the responses only.",
        "",
        "| matcher | threshold | attribute_distortion P / R / F1 | clean false alarms | "
        "`total` agreement |",
        "|---|---:|---|---:|---:|",
    ]
    for matcher, rows in tables.items():
        default = getattr(configs[matcher], _THRESHOLD_FIELD[matcher])
        for th, attr, clean, total in rows:
            mark = " (default)" if abs(th - default) < 1e-9 else ""
            out.append(
                f"| {matcher} | {th:g}{mark} | {_num(attr.precision)} / {_num(attr.recall)} / "
                f"{_num(attr.f1)} | {_pct(clean.rate)} | {_pct(total.accuracy)} |"
            )
    return "\n".join(out) + "\n\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point; returns the exit status."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=0, help="corpus seed (default 0)")
    ap.add_argument("--per-record", type=int, default=None, help="samples per gold record")
    ap.add_argument("--gold", nargs="+", type=Path, default=DEFAULT_GOLD, help="gold record files")
    ap.add_argument("--out", default=str(DEFAULT_OUT), help="report path, '-' for stdout")
    ap.add_argument(
        "--matchers", default=",".join(MATCHERS), help="comma-separated: lexical,embedding"
    )
    ap.add_argument("--corpus", type=Path, help="also write the corpus (JSONL) here")
    ap.add_argument("--details", type=Path, help="also write per-sample verdicts (JSONL) here")
    ap.add_argument("--examples", type=int, default=3, help="examples per failure pattern")
    args = ap.parse_args(argv)
    matchers = [m.strip() for m in args.matchers.split(",") if m.strip()]
    bad = [m for m in matchers if m not in MATCHERS]
    if bad or not matchers:
        ap.error(f"--matchers: choose from {', '.join(MATCHERS)}; got {args.matchers!r}")
    if not args.gold:
        ap.error("no gold record files (benchmarks/data/gold_records_*.jsonl is empty)")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

    base = Config()
    per_record = base.synth_per_record if args.per_record is None else args.per_record
    t0 = time.perf_counter()
    try:
        records = read_gold_records(args.gold)
        samples = synthesize(records, seed=args.seed, per_record=per_record, config=base)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    synth_seconds = time.perf_counter() - t0
    print(f"corpus: {len(samples)} samples from {len(records)} records", file=sys.stderr)
    if args.corpus:
        from tablehallu.synth import write_corpus

        write_corpus(samples, args.corpus)

    evaluations: list[Evaluation] = []
    configs: dict[str, Config] = {}
    sweeps: dict[str, list[tuple[float, Counts, Rate, Counts]]] = {}
    for matcher in matchers:
        cfg = base.replace(matcher=matcher)
        configs[matcher] = cfg
        backend = resolve_backend(cfg)
        t0 = time.perf_counter()
        diags = detect_many(samples, cfg, backend=backend)
        seconds = time.perf_counter() - t0
        print(f"{matcher}: {seconds:.1f} s", file=sys.stderr)
        evaluations.append(evaluate(samples, diags, matcher, backend.label(), seconds))
        sweeps[matcher] = sensitivity(samples, cfg, backend)

    report = render_report(
        samples=samples,
        records=records,
        gold_files=list(args.gold),
        seed=args.seed,
        per_record=per_record,
        synth_seconds=synth_seconds,
        evaluations=evaluations,
        configs=configs,
        examples=args.examples,
    )
    report = report.replace("## Setup", render_sensitivity(sweeps, configs) + "## Setup", 1)
    if args.details:
        _details(args.details, samples, evaluations)
    if args.out == "-":
        sys.stdout.write(report)
    else:
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(report, encoding="utf-8")
        print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

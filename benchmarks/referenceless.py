"""Referenceless scoring (``reference = "context"``): the synthetic corpus with its gold tables
removed, and the speed of a referenceless run.

The corpus is the one of ``benchmarks/accuracy.py`` (same seed, same labels); every sample is
scored against its context and query alone. Reported: F1 per type, clean false alarms,
out-of-range recall per injected subtype, and samples per second. Writes its section of
``docs/accuracy.md`` (between ``<!-- referenceless:start -->`` and ``<!-- referenceless:end -->``).
The real labelled tables without gold are measured by ``benchmarks/real_accuracy.py``.

    python benchmarks/referenceless.py [--seed 0] [--no-doc]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from accuracy import DEFAULT_GOLD, evaluate  # noqa: E402
from doc_section import replace_section  # noqa: E402

from tablehallu.config import Config  # noqa: E402
from tablehallu.detectors import HALLUCINATION_TYPES, detect_many  # noqa: E402
from tablehallu.synth import read_gold_records, synthesize  # noqa: E402

DOC = HERE.parent / "docs" / "accuracy.md"
START, END = "<!-- referenceless:start -->", "<!-- referenceless:end -->"
F1_TARGET, ALARM_TARGET = 0.95, 0.02
TARGETED = ("attribute_distortion", "blank_filling", "entity_fabrication", "order_mismatch")


def without_gold(samples: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The samples with their gold tables removed (and no gold metadata to read a sort from)."""
    return [{k: v for k, v in s.items() if k not in ("gold", "gt_table")} for s in samples]


def fmt(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.3f}"


def section(
    ev: Any,
    n: int,
    seconds: float,
    rate: float,
    kinds: dict[str, int],
    causes: dict[str, Any],
) -> str:
    lines = [
        START,
        "## Referenceless scoring (no gold table)",
        "",
        "The synthetic corpus of the section above, every sample scored against its context and "
        f'query alone (`reference = "context"`, lexical matcher; {n} samples). Reproduce: '
        "`python benchmarks/referenceless.py`. Targets (issue 12): attribute_distortion, "
        f"blank_filling, entity_fabrication and order_mismatch F1 >= {F1_TARGET}, false alarms "
        f"on clean variants <= {ALARM_TARGET:.0%}.",
        "",
        "| type | precision | recall | F1 | target |",
        "| --- | ---: | ---: | ---: | --- |",
    ]
    for t in HALLUCINATION_TYPES:
        c = ev.per_type[t]
        target = ""
        if t in TARGETED:
            ok = c.f1 is not None and c.f1 >= F1_TARGET
            target = f">= {F1_TARGET}: " + ("met" if ok else "**not met**")
        lines.append(f"| {t} | {fmt(c.precision)} | {fmt(c.recall)} | {fmt(c.f1)} | {target} |")
    alarm = ev.clean.rate
    ok = alarm is not None and alarm <= ALARM_TARGET
    lines += [
        "",
        f"False alarms on clean variants: {ev.clean.k} of {ev.clean.n} "
        f"({(alarm or 0):.1%}; target <= {ALARM_TARGET:.0%}: {'met' if ok else '**not met**'}); "
        f"flagged as {dict(ev.clean.flagged.most_common(6))}.",
        "",
        "Recall per injected out-of-range subtype (a row outside the query's scope is only "
        "found when the query states a scope the table can decide):",
        "",
    ]
    for key, r in sorted(ev.subtype_recall.items()):
        if key.startswith("out_of_range"):
            lines.append(f"- `{key}`: {r.k} of {r.n} ({fmt(r.rate)})")
    lines += [
        "",
        "Out-of-range findings per constraint kind (true positives, on samples injected with "
        f"out_of_range): {dict(sorted(kinds.items())) or 'none'}. The corpus' distractor rows "
        'are mostly outside an entity scope ("foldable smartphones", "European startups") '
        "that no column of the table holds: undecidable, so not reported (a warning says so).",
        "",
        "Why the other targets are missed. Clean false alarms: "
        f"{causes['paraphrased']} of the {ev.clean.k} flagged clean variants carry the "
        '`paraphrase` variation, a cell reworded by meaning ("Closed" for a deal the text '
        'says was completed, "antibacterial" for "antibiotic", "pulse rate" for "heart '
        'rate"): no lexical rule can tell such a rewording from an invented value, so the '
        "cell is reported as blank_filling. A rewording that keeps most of the entity's "
        "words and adds only words the text never uses ('intensive care units' for "
        "'intensive care') is left unchecked (`grounding_reworded_share`). The forms a rule "
        "can read are stated "
        "(`normalize.forms`: a gloss in brackets, a legal form, the column's word, \"Milan, "
        'Italy", "SG" / "Singaporean", "HR software" for "human resources software", '
        "abbreviated names spelt out). attribute_distortion misses per injected subtype: "
        f"{causes['ad_missed']}: a text value swapped with another row's is a distortion when "
        "the text gives the entity a value another row holds (`grounding_column_values`) or "
        "another name (`grounding_other_names`), or writes another value in the frame the text "
        "states another row's value in (`grounding_value_frames`: 'in Stark County'); "
        "otherwise a value copied over the row's own, which no row holds any more, that is no "
        "proper name (a sector, a status) stays blank_filling, because the text's own value "
        "for the entity cannot be told apart from the rest of its sentence, nor the copy from "
        "one filling a cell the text leaves empty; a cell left empty (`missing_value`) is "
        "judged only for a figure the sentence the row was read from gives the entity "
        "(`grounding_missing_values`): an omitted text value or date, or a figure told "
        "elsewhere, is not (a referenceless run cannot tell an omitted value from one the text "
        "gives in passing: on real Rotowire, season highs and other games' figures); a "
        "distorted number is a distortion only when the text gives the entity another figure "
        "for it that no other cell of the row holds, so a number the engine cannot attribute "
        "(a sentence naming several entities or other names between the entity and the "
        "figure, 'a goal difference of +4' read with 'a' as one) stays blank_filling or "
        "unchecked. These misses are also blank_filling's false positives.",
    ]
    lines += [
        "",
        f"Speed: {seconds:.1f} s for {n} samples in-process ({rate:.0f} samples/s; target "
        f">= 500/s: {'met' if rate >= 500 else '**not met**'}), on this 2-core machine "
        f"(load average {os.getloadavg()[0]:.1f} at the time).",
        END,
    ]
    return "\n".join(lines)


def miss_causes(samples: list[dict[str, Any]], diags: list[Any]) -> dict[str, Any]:
    """How many flagged clean variants carry the paraphrase variation, and the injected
    attribute_distortion subtypes of the samples where it was missed."""
    paraphrased = 0
    missed: dict[str, int] = {}
    for sample, diag in zip(samples, diags, strict=True):
        got = {f.type for f in diag.findings}
        synth = sample.get("synth") or {}
        if not sample["labels"] and got and "paraphrase" in (synth.get("variations") or []):
            paraphrased += 1
        if "attribute_distortion" in sample["labels"] and "attribute_distortion" not in got:
            for inj in synth.get("injections") or []:
                if inj["type"] == "attribute_distortion":
                    for sub in str(inj["subtype"]).split("+"):
                        missed[sub] = missed.get(sub, 0) + 1
    return {"paraphrased": paraphrased, "ad_missed": dict(sorted(missed.items()))}


def write_section(text: str) -> None:
    """Replace (or append) the marked section of docs/accuracy.md."""
    replace_section(DOC, START, END, text)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-doc", action="store_true", help="do not rewrite docs/accuracy.md")
    args = ap.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    base = Config()
    records = read_gold_records(DEFAULT_GOLD)
    samples = synthesize(records, seed=args.seed, per_record=base.synth_per_record, config=base)
    cfg = base.replace(matcher="lexical", reference="context")
    stripped = without_gold(samples)
    t0 = time.perf_counter()
    diags = detect_many(stripped, cfg)
    seconds = time.perf_counter() - t0
    rate = len(samples) / seconds
    ev = evaluate(samples, diags, "lexical", "lexical, referenceless", seconds)
    for t in HALLUCINATION_TYPES:
        c = ev.per_type[t]
        print(f"{t:22} P={fmt(c.precision)} R={fmt(c.recall)} F1={fmt(c.f1)}")
    print(f"clean false alarms {ev.clean.k}/{ev.clean.n} {dict(ev.clean.flagged)}")
    print(f"{len(samples)} samples in {seconds:.1f} s ({rate:.0f}/s); errors {len(ev.errors)}")
    kinds: dict[str, int] = {}
    for sample, diag in zip(samples, diags, strict=True):
        if "out_of_range" in sample["labels"]:
            for f in diag.findings:
                if f.type == "out_of_range":
                    kinds[f.subtype or "-"] = kinds.get(f.subtype or "-", 0) + 1
    print(f"out_of_range findings on injected samples by subtype: {kinds}")
    causes = miss_causes(samples, diags)
    print(f"causes: {causes}")
    if not args.no_doc:
        write_section(section(ev, len(samples), seconds, rate, kinds, causes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""``tablehallu synth``: a labelled corpus of model-like responses made from gold records.

Exit codes: 0 written; 2 usage error (unreadable or invalid gold file, bad option, an output that
would overwrite an input or whose directory is missing or not writable).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tablehallu.cli.app import app


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


@app.command("synth")
def synth_command(
    gold: Annotated[
        list[Path],
        typer.Argument(
            metavar="GOLD.jsonl...",
            help="Gold record files (JSONL: id, gt_table, query, constraints, distractor_context, "
            "distractors, text_variants...).",
            show_default=False,
        ),
    ],
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            "-o",
            help="Corpus to write (JSONL in tablehallu score's input shape, plus labels, "
            "variant, source_id, domain, synth, edits).",
            show_default=False,
        ),
    ],
    seed: Annotated[
        int, typer.Option("--seed", help="Random seed; the same seed gives the same corpus.")
    ] = 0,
    per_record: Annotated[
        int | None,
        typer.Option(
            "--per-record",
            min=1,
            help="Samples per gold record (clean and injected together). Default: the config's "
            "synth_per_record (14).",
            show_default=False,
        ),
    ] = None,
    config_file: Annotated[
        Path | None,
        typer.Option(
            "--config",
            help="TOML config ([tool.tablehallu] of a pyproject.toml, or a plain file); the "
            "synth_* fields steer the mix.",
            show_default=False,
        ),
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Do not print the corpus summary.")
    ] = False,
) -> None:
    """Write a labelled corpus: clean variants and injected hallucinations of every gold record.

    Every sample carries the exact set of hallucination types it contains (``labels``) and what
    was done (``variant``). The summary (samples per label, format, variation) goes to stderr.
    """
    import json

    from tablehallu.config import Config, ConfigError, load_config
    from tablehallu.synth import (
        SynthError,
        corpus_summary,
        read_gold_records,
        synthesize,
        write_corpus,
    )

    try:
        config = load_config(config_file) if config_file is not None else Config()
    except ConfigError as exc:
        raise _fail(str(exc)) from None
    from tablehallu.atomic import OutputPathError, prepare_outputs

    for path in gold:
        if not path.is_file():
            raise _fail(f"gold file not found: {path}")
    try:
        prepare_outputs({"--out": out}, gold)
    except OutputPathError as exc:
        raise _fail(str(exc)) from None
    try:
        records = read_gold_records(gold)
        samples = synthesize(records, seed=seed, per_record=per_record, config=config)
    except SynthError as exc:
        raise _fail(str(exc)) from None
    try:
        digest = write_corpus(samples, out)
    except OSError as exc:
        raise _fail(f"cannot write {out}: {exc.strerror or exc}") from None
    if not quiet:
        summary = corpus_summary(samples)
        summary["sha256"] = digest
        summary["records"] = len(records)
        summary["seed"] = seed
        typer.echo(json.dumps(summary, indent=2), err=True)

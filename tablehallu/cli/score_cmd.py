"""``tablehallu score``, ``tablehallu compare`` and ``tablehallu explain``.

Exit codes: 0 scored; 1 some records could not be scored, the input is empty, or a
``--fail-above`` limit was exceeded; 2 usage error (bad option, unreadable file, an output that
would overwrite an input, a matcher that cannot run).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tablehallu.cli.app import app, calm_collector, skip_final_collection

if TYPE_CHECKING:  # pragma: no cover
    from tablehallu.config import Config
    from tablehallu.scoring.records import RecordError

#: Keys ``--fail-above`` accepts (the paper's Table 1 columns and ``omission``); spelled out so
#: that ``--help`` does not import the detector (a test keeps it equal to ``SCORE_KEYS``).
RATE_KEYS_HELP = (
    "format_error, out_of_range, order_mismatch, attribute_distortion, blank_filling, "
    "entity_fabrication, constraint_violation, context_violation, total, omission"
)


class Matcher(StrEnum):
    """Similarity stage of the cell cascade."""

    auto = "auto"
    embedding = "embedding"
    lexical = "lexical"


class TableFormat(StrEnum):
    """How results are printed on stdout."""

    table = "table"
    markdown = "markdown"
    csv = "csv"
    json = "json"


class ExplainFormat(StrEnum):
    """How ``explain`` prints a verdict."""

    text = "text"
    json = "json"


# --- shared options ------------------------------------------------------------------------------

_FILE = {"exists": True, "dir_okay": False, "readable": True}

GoldOpt = Annotated[
    Path | None,
    typer.Option(
        "--gold",
        help="Gold JSONL joined on id (each line: id, gt_table, and optionally context, query, "
        "constraints...). Prediction ids missing from it are errors; gold ids without a "
        "prediction are reported.",
        show_default=False,
        **_FILE,
    ),
]
MatcherOpt = Annotated[
    Matcher | None,
    typer.Option(
        "--matcher",
        help="Similarity stage: embedding (sentence-transformers), lexical (rapidfuzz, no torch), "
        "auto (embedding when installed). Default: the config's (auto).",
        case_sensitive=False,
        show_default=False,
    ),
]
ModelOpt = Annotated[
    str | None,
    typer.Option(
        "--embedding-model",
        metavar="NAME",
        help="sentence-transformers model name or local path (loaded offline). Recalibrate "
        "--threshold for a model other than the default all-MiniLM-L6-v2.",
        show_default=False,
    ),
]
ThresholdOpt = Annotated[
    float | None,
    typer.Option(
        "--threshold",
        min=0.0,
        max=1.0,
        metavar="X",
        help="Match threshold (0-1) of the matcher in use: sets embedding_threshold or "
        "lexical_threshold.",
        show_default=False,
    ),
]


class Reference(StrEnum):
    """What a response is judged against (``Config.reference``)."""

    auto = "auto"
    gold = "gold"
    context = "context"


ReferenceOpt = Annotated[
    Reference | None,
    typer.Option(
        "--reference",
        help="What each response is judged against. gold: its gold table (a record without "
        "one is an error). context: the context and query alone, even when a gold table is "
        "given (referenceless: every cell must be stated by the context). auto: the gold table "
        "when the record has one, else the context. Default: the config's (auto). The summary "
        "counts the samples of each mode and never mixes them in one group.",
        case_sensitive=False,
        show_default=False,
    ),
]
ConfigOpt = Annotated[
    Path | None,
    typer.Option(
        "--config",
        metavar="FILE.toml",
        help="TOML config (a plain file, or pyproject.toml's [tool.tablehallu]); options given "
        "here override it.",
        show_default=False,
        **_FILE,
    ),
]
BootstrapOpt = Annotated[
    int,
    typer.Option(
        "--bootstrap", min=0, help="Bootstrap replicates per 95% interval (0: no intervals)."
    ),
]
SeedOpt = Annotated[int, typer.Option("--seed", min=0, help="Seed of the bootstrap.")]
WorkersOpt = Annotated[
    int,
    typer.Option(
        "--workers",
        min=1,
        help=(
            "Processes for parsing and detection (the embedding model is loaded once, in the "
            "main process, which embeds for all of them)."
        ),
    ),
]
QuietOpt = Annotated[
    bool, typer.Option("--quiet", "-q", help="No progress bar and no warnings on stderr.")
]
OutputFormatOpt = Annotated[
    TableFormat,
    typer.Option(
        "--output-format",
        "-o",
        help="stdout: an aligned table, Markdown, CSV (percentages) or JSON (the full summary).",
        case_sensitive=False,
    ),
]


_FIELD_HELP = (
    'Dotted path to the {what} in each record, when it is not in "{name}" (a number '
    'indexes a list: resps.0.0 is record["resps"][0][0], as in lm-evaluation-harness '
    "samples files)."
)
ResponseFieldOpt = Annotated[
    str | None,
    typer.Option(
        "--response-field",
        metavar="PATH",
        help=_FIELD_HELP.format(what="response", name="response"),
        show_default=False,
    ),
]
IdFieldOpt = Annotated[
    str | None,
    typer.Option(
        "--id-field",
        metavar="PATH",
        help=_FIELD_HELP.format(what="sample id", name="id"),
        show_default=False,
    ),
]
GoldFieldOpt = Annotated[
    str | None,
    typer.Option(
        "--gold-field",
        metavar="PATH",
        help=_FIELD_HELP.format(what="gold table", name="gt_table"),
        show_default=False,
    ),
]
ContextFieldOpt = Annotated[
    str | None,
    typer.Option(
        "--context-field",
        metavar="PATH",
        help=_FIELD_HELP.format(what="context", name="context"),
        show_default=False,
    ),
]
QueryFieldOpt = Annotated[
    str | None,
    typer.Option(
        "--query-field",
        metavar="PATH",
        help=_FIELD_HELP.format(what="query", name="query"),
        show_default=False,
    ),
]
ExtraFieldOpt = Annotated[
    list[str],
    typer.Option(
        "--field",
        metavar="NAME=PATH",
        help="Any other field from a dotted path, repeatable: constraints=doc.constraints, "
        "domain=doc.domain (then --by domain).",
        show_default=False,
    ),
]
LimitOpt = Annotated[
    int | None,
    typer.Option(
        "--limit",
        min=0,
        metavar="N",
        help="Score only the first N records of each input (a quick look at a large run).",
        show_default=False,
    ),
]


# --- helpers --------------------------------------------------------------------------------------


def _echo_err(message: str) -> None:
    typer.echo(message, err=True)


def _usage_exit(message: str) -> typer.Exit:
    _echo_err(f"error: {message}")
    return typer.Exit(2)


def _build_config(
    config_file: Path | None,
    matcher: Matcher | None,
    embedding_model: str | None,
    threshold: float | None,
    reference: Reference | None = None,
) -> Config:
    """The config: the file's, then the command-line options on top (exit 2 when invalid)."""
    from tablehallu.config import Config, ConfigError, load_config
    from tablehallu.detectors.similarity import resolve_backend

    try:
        cfg = load_config(config_file) if config_file is not None else Config()
        changes: dict[str, Any] = {}
        if matcher is not None:
            changes["matcher"] = matcher.value
        if embedding_model is not None:
            changes["embedding_model"] = embedding_model
        if reference is not None:
            changes["reference"] = reference.value
        cfg = cfg.replace(**changes)
        # resolving the backend now also turns a matcher that cannot run into a usage error
        in_use = resolve_backend(cfg).name
        if threshold is not None:
            field = "embedding_threshold" if in_use == "embedding" else "lexical_threshold"
            cfg = cfg.replace(**{field: threshold})
    except (ConfigError, RuntimeError) as exc:
        raise _usage_exit(str(exc)) from exc
    return cfg


def _parse_limits(values: list[str]) -> dict[str, float]:
    """``["total=0.5", "format_error=5%"]`` -> ``{"total": 0.5, "format_error": 0.05}``."""
    from tablehallu.scoring.report import SCORE_KEYS

    limits: dict[str, float] = {}
    for value in values:
        for item in value.split(","):
            if not item.strip():
                continue
            key, sep, raw = item.partition("=")
            key, raw = key.strip(), raw.strip()
            if not sep or key not in SCORE_KEYS:
                raise typer.BadParameter(
                    f"{item.strip()!r}: expected KEY=RATE with KEY one of {RATE_KEYS_HELP}",
                    param_hint="--fail-above",
                )
            try:
                rate = float(raw[:-1]) / 100.0 if raw.endswith("%") else float(raw)
            except ValueError:
                rate = float("nan")
            if not 0.0 <= rate <= 1.0:
                raise typer.BadParameter(
                    f"{item.strip()!r}: the rate must be a fraction 0-1 or a percentage like 50%",
                    param_hint="--fail-above",
                )
            limits[key] = rate
    return limits


def _field_map(
    response: str | None,
    sample_id: str | None,
    gold: str | None,
    context: str | None,
    query: str | None,
    extra: list[str] | None = None,
) -> Any:
    """The :class:`~tablehallu.scoring.inputs.FieldMap` of the ``--*-field`` options."""
    from tablehallu.scoring.inputs import FieldMap

    pairs: list[tuple[str, str]] = []
    for item in extra or []:
        name, sep, path = item.partition("=")
        if not sep or not name.strip() or not path.strip():
            raise _usage_exit(f"--field {item!r}: expected NAME=PATH, e.g. domain=doc.domain")
        pairs.append((name.strip(), path.strip()))

    given: dict[str, str | None] = {
        "--response-field": response,
        "--id-field": sample_id,
        "--gold-field": gold,
        "--context-field": context,
        "--query-field": query,
        **{f"--field {n}": path for n, path in pairs},
    }
    for option, given_path in given.items():
        if given_path is not None and any(not step.strip() for step in given_path.split(".")):
            raise _usage_exit(f"{option} {given_path!r}: expected a dotted path such as resps.0.0")
    return FieldMap(response, sample_id, gold, context, query, tuple(pairs))


def _input_paths(paths: list[Path], *, stdin_ok: bool = True) -> list[Path]:
    """Input files as given, ``-`` for stdin, folders replaced by their data files (exit 2 for
    a path that does not exist, a folder without data files, or stdin given twice)."""
    from tablehallu.scoring.inputs import DATA_SUFFIXES
    from tablehallu.sources import expand_paths, is_stdin

    if sum(1 for p in paths if is_stdin(p)) > (1 if stdin_ok else 0):
        raise _usage_exit(
            "standard input (-) can be read only once"
            if stdin_ok
            else "this command cannot "
            "read standard input (-): it reads each input twice; give a file"
        )
    for p in paths:
        if not is_stdin(p) and not p.exists():
            raise _usage_exit(f"{p}: no such file or folder")
    files, empty = expand_paths(paths, DATA_SUFFIXES)
    if empty:
        raise _usage_exit(
            f"{empty[0]}: the folder holds no {', '.join(DATA_SUFFIXES)} file (also .gz)"
        )
    return files


def _split_fields(values: list[str]) -> list[str]:
    out: list[str] = []
    for value in values:
        out += [v.strip() for v in value.split(",") if v.strip()]
    return out


def _check_outputs(outputs: dict[str, Path | None], inputs: list[Path | None]) -> None:
    """Before any work: exit 2 when an output path is unusable; remove what killed runs left."""
    from tablehallu.atomic import OutputPathError, prepare_outputs

    try:
        prepare_outputs(outputs, [p for p in inputs if p is not None])
    except OutputPathError as exc:
        raise _usage_exit(str(exc)) from exc


def _write_output(path: Path, text: str) -> None:
    """Write a report file atomically; a failure (disk full...) is one line on stderr, exit 1."""
    from tablehallu.atomic import write_atomic

    try:
        write_atomic(path, text)
    except OSError as exc:
        _echo_err(f"error: cannot write {path}: {exc.strerror or exc}")
        raise typer.Exit(1) from None


class _ErrorPrinter:
    """Prints record errors on stderr: at once, or after the progress bar when one is shown."""

    def __init__(self) -> None:
        self.held: list[str] = []
        self.hold = False

    def __call__(self, error: RecordError) -> None:
        line = f"error: {error}"
        if self.hold:
            self.held.append(line)
        else:
            _echo_err(line)

    def flush(self) -> None:
        for line in self.held:
            _echo_err(line)
        self.held.clear()


@contextmanager
def _progress(total: int, show: bool, label: str) -> Iterator[Callable[[int], None] | None]:
    """A byte-based progress bar on stderr (None when not shown)."""
    if not show or total <= 0:
        yield None
        return
    with typer.progressbar(length=total, label=label, file=sys.stderr, show_eta=True) as bar:
        yield bar.update


def _show_progress(quiet: bool) -> bool:
    return not quiet and sys.stderr.isatty()


def _silence_model_loading(show: bool) -> None:
    """Without our progress bar, Hugging Face's (model loading) stays quiet too."""
    if not show:
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")


# --- score ----------------------------------------------------------------------------------------


@app.command("score")
def score_command(
    preds: Annotated[
        list[Path],
        typer.Argument(
            metavar="PREDS",
            help="Prediction file(s) or folders: JSONL (one sample per line with id, response, "
            "gt_table, context, query, constraints, format, and any other fields, carried "
            "through), a JSON array, CSV/TSV or Parquet; gzip is read transparently; - reads "
            "stdin.",
            show_default=False,
        ),
    ],
    gold: GoldOpt = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="SUMMARY.json",
            help="Write the summary (rates, counts, CIs, groups, errors, warnings, config, "
            "versions) as JSON; written atomically, never over an input.",
            show_default=False,
        ),
    ] = None,
    details: Annotated[
        Path | None,
        typer.Option(
            "--details",
            metavar="DETAILS.jsonl",
            help="Write one JSON line per input record, in input order: id, file, line, "
            "hallucinations, findings, carried fields (error for records not scored).",
            show_default=False,
        ),
    ] = None,
    output_dir: Annotated[
        Path | None,
        typer.Option(
            "--output-dir",
            metavar="DIR",
            help="Write a results folder: summary.json, details.jsonl, report.html, report.md "
            "and run.json (input sha256, time, git commit, command line, versions). Created "
            "when missing; --out/--details given as well take precedence for those files.",
            show_default=False,
        ),
    ] = None,
    by: Annotated[
        list[str],
        typer.Option(
            "--by",
            metavar="FIELD[,FIELD]",
            help="Group rows by carried fields (model, domain...), by format (the record's, "
            "else the detected one) or by file.",
            show_default=False,
        ),
    ] = [],  # noqa: B006 - typer needs a literal default
    matcher: MatcherOpt = None,
    embedding_model: ModelOpt = None,
    threshold: ThresholdOpt = None,
    reference: ReferenceOpt = None,
    config: ConfigOpt = None,
    bootstrap: BootstrapOpt = 1000,
    seed: SeedOpt = 0,
    workers: WorkersOpt = 1,
    fail_above: Annotated[
        list[str],
        typer.Option(
            "--fail-above",
            metavar="KEY=RATE",
            help=f"Exit 1 when the overall rate of KEY exceeds RATE (0.5 or 50%); repeatable. "
            f"KEY: {RATE_KEYS_HELP}.",
            show_default=False,
        ),
    ] = [],  # noqa: B006
    quiet: QuietOpt = False,
    output_format: OutputFormatOpt = TableFormat.table,
    response_field: ResponseFieldOpt = None,
    id_field: IdFieldOpt = None,
    gold_field: GoldFieldOpt = None,
    context_field: ContextFieldOpt = None,
    query_field: QueryFieldOpt = None,
    extra_field: ExtraFieldOpt = [],  # noqa: B006
    limit: LimitOpt = None,
) -> None:
    """Score prediction files: the paper's Table 1 (hallucination rates, %) with 95% CIs.

    \b
    Examples:
      tablehallu score preds.jsonl
      tablehallu score run-*.jsonl --by model --output-dir results/
      tablehallu score preds.jsonl --gold gold.jsonl --matcher lexical -o markdown
      tablehallu score preds.jsonl --fail-above total=0.5 --quiet   # for CI
      zcat preds.jsonl.gz | tablehallu score - --limit 100
      tablehallu score samples.jsonl --response-field resps.0.0 --id-field doc_id \\
          --gold-field doc.gt_table --context-field doc.context --output-dir results/

    \b
    Exit codes: 0 scored; 1 some records could not be scored (each is reported on stderr
    with its file, line and id), the input is empty, or a --fail-above limit was exceeded;
    2 usage error.
    """
    limits = _parse_limits(fail_above)
    by_fields = _split_fields(by)
    fields = _field_map(
        response_field, id_field, gold_field, context_field, query_field, extra_field
    )
    preds = _input_paths(preds)
    run_files: dict[str, Path] = {}
    if output_dir is not None:
        if output_dir.exists() and not output_dir.is_dir():
            raise _usage_exit(f"--output-dir {output_dir} is a file, not a folder")
        try:  # the folder is created first, so that its files are checked like any output
            output_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _usage_exit(f"--output-dir {output_dir}: {exc.strerror or exc}") from exc
        run_files = {name: output_dir / name for name in RESULT_FILES}
        out = out or run_files["summary.json"]
        details = details or run_files["details.jsonl"]
    _check_outputs(
        {
            "--out": out,
            "--details": details,
            **{f"--output-dir {n}": run_files[n] for n in RESULT_FILES[2:] if n in run_files},
        },
        [*preds, gold, config],
    )
    cfg = _build_config(config, matcher, embedding_model, threshold, reference)

    from tablehallu.scoring.engine import ScoringError, input_bytes, score

    printer = _ErrorPrinter()
    show = _show_progress(quiet)
    _silence_model_loading(show)
    try:
        total = input_bytes(preds)
        with calm_collector(), _progress(total, show, "scoring") as tick:
            printer.hold = tick is not None
            report = score(
                [str(p) for p in preds],
                cfg,
                gold=str(gold) if gold is not None else None,
                by=by_fields,
                bootstrap=bootstrap,
                seed=seed,
                workers=workers,
                details=details,
                progress=tick,
                on_error=printer,
                fields=fields,
                limit=limit,
            )
    except (ScoringError, OSError, ImportError) as exc:
        printer.flush()
        raise _usage_exit(str(exc)) from exc
    printer.flush()
    skip_final_collection()

    if out is not None:
        import json

        _write_output(out, json.dumps(report.to_dict(), indent=2, ensure_ascii=False) + "\n")
    if output_dir is not None:
        _write_results(run_files, report, details, preds)
    if not quiet:
        for message in report.warnings.get("messages", []):
            _echo_err(f"warning: {message}")

    if report.n_records == 0:
        _echo_err(f"error: no records in {', '.join(map(str, preds))} (the input is empty)")
        raise typer.Exit(1)
    if report.n == 0:
        _echo_err(f"error: none of the {report.n_records} records could be scored")
        raise typer.Exit(1)
    typer.echo(report.to_table(output_format.value), nl=False)
    exceeded = report.exceeded(limits)
    for message in exceeded:
        _echo_err(f"fail-above: {message}")
    if report.errors or exceeded:
        raise typer.Exit(1)


#: The files of a ``--output-dir`` results folder.
RESULT_FILES: tuple[str, ...] = (
    "summary.json",
    "details.jsonl",
    "report.html",
    "report.md",
    "run.json",
)


def _write_results(
    files: dict[str, Path], report: Any, details: Path | None, preds: list[Path]
) -> None:
    """The report pages and run.json of a results folder (summary and details are written)."""
    import json

    from tablehallu.scoring.atomic import write_atomic
    from tablehallu.scoring.pages import build_report
    from tablehallu.scoring.provenance import run_record

    summary = report.to_dict()
    page = build_report(summary, details)
    write_atomic(files["report.html"], page.html)
    write_atomic(files["report.md"], page.markdown)
    record = run_record(preds, argv=sys.argv, versions=summary["provenance"].get("versions"))
    record["outputs"] = {name: str(path) for name, path in files.items()}
    write_atomic(files["run.json"], json.dumps(record, indent=2, ensure_ascii=False) + "\n")


# --- compare --------------------------------------------------------------------------------------


@app.command("compare")
def compare_command(
    runs: Annotated[
        list[Path],
        typer.Argument(
            metavar="A B [C...]",
            help="Runs over the same gold ids: prediction files (JSONL, JSON array, CSV, "
            "Parquet, gzip) or details JSONL from `score --details`.",
            show_default=False,
        ),
    ],
    label: Annotated[
        str | None,
        typer.Option(
            "--label",
            metavar="A,B,...",
            help="Names of the runs, comma-separated, in the order given (default: file names).",
            show_default=False,
        ),
    ] = None,
    gold: GoldOpt = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="COMPARISON.json",
            help="Write the comparison as JSON (atomically).",
            show_default=False,
        ),
    ] = None,
    matcher: MatcherOpt = None,
    embedding_model: ModelOpt = None,
    threshold: ThresholdOpt = None,
    config: ConfigOpt = None,
    bootstrap: BootstrapOpt = 1000,
    seed: SeedOpt = 0,
    workers: WorkersOpt = 1,
    quiet: QuietOpt = False,
    output_format: OutputFormatOpt = TableFormat.table,
) -> None:
    """Compare runs sample by sample. Two runs: A - B per rate with a paired 95% bootstrap CI
    and the exact McNemar test. Three or more: a leaderboard ranked by TotalHallu (95% Wilson
    intervals) and every pair tested (McNemar, Holm-adjusted). The headline says "no
    significant difference" when p >= 0.05.

    Samples are paired on id. Ids found in one run only, repeated ids and records that could
    not be scored are left out and reported.

    \b
    Examples:
      tablehallu compare model-a.jsonl model-b.jsonl
      tablehallu compare a-details.jsonl b-details.jsonl -o markdown
      tablehallu compare a.jsonl b.jsonl c.jsonl --label gpt,llama,qwen --out board.json

    \b
    Exit codes: 0 compared; 1 some records could not be scored or nothing could be paired;
    2 usage error.
    """
    labels = [x.strip() for x in label.split(",")] if label is not None else None
    if labels is not None and not all(labels):
        raise _usage_exit(f"--label {label!r}: a name is empty")
    if labels is not None and len(set(labels)) < len(labels):
        raise _usage_exit("--label: the names must differ")
    runs = _input_paths(runs, stdin_ok=False)  # a folder counts as its files
    if len(runs) < 2:
        raise _usage_exit("give at least two runs to compare")
    if labels is not None and len(runs) != len(labels):
        raise _usage_exit(f"--label names {len(labels)} run(s) but {len(runs)} files are given")
    if len(runs) >= 3:
        _compare_many(runs, labels, gold, out, config, matcher, embedding_model, threshold,
                      bootstrap, seed, workers, quiet, output_format)  # fmt: skip
        return
    a, b = runs
    _check_outputs({"--out": out}, [a, b, gold, config])
    cfg = _build_config(config, matcher, embedding_model, threshold)

    from tablehallu.scoring.compare import compare_runs
    from tablehallu.scoring.engine import ScoringError

    printer = _ErrorPrinter()
    _silence_model_loading(_show_progress(quiet))
    try:
        from tablehallu.scoring.compare import load_run
        from tablehallu.scoring.engine import make_gold_index

        gold_index = make_gold_index(str(gold) if gold is not None else None)
        if gold_index is not None:
            for err in gold_index.errors:
                printer(err)
        run_a, run_b = (
            load_run(p, config=cfg, gold=gold_index, workers=workers, on_error=printer)
            for p in (a, b)
        )
        if labels is not None:
            run_a.label, run_b.label = labels
        result = compare_runs(
            run_a,
            run_b,
            config=cfg,
            bootstrap=bootstrap,
            seed=seed,
            workers=workers,
        )
        if gold_index is not None:
            result.errors[:0] = gold_index.errors
    except (ScoringError, OSError, ImportError) as exc:
        raise _usage_exit(str(exc)) from exc
    if out is not None:
        import json

        _write_output(out, json.dumps(result.to_dict(), indent=2, ensure_ascii=False) + "\n")
    if not quiet:
        if result.only_a or result.only_b:
            _echo_err(
                f"warning: {len(result.only_a)} id(s) only in {result.label_a}, "
                f"{len(result.only_b)} only in {result.label_b}; they are not paired"
            )
        for label, dups in (
            (result.label_a, result.duplicates_a),
            (result.label_b, result.duplicates_b),
        ):
            if dups:
                _echo_err(f"warning: {len(dups)} id(s) repeat in {label}; they are not paired")
    if result.n == 0:
        _echo_err("error: no sample id is scored in both runs; nothing to compare")
        raise typer.Exit(1)
    typer.echo(result.to_table(output_format.value), nl=False)
    if result.errors:
        raise typer.Exit(1)


def _compare_many(
    runs: list[Path],
    labels: list[str] | None,
    gold: Path | None,
    out: Path | None,
    config: Path | None,
    matcher: Matcher | None,
    embedding_model: str | None,
    threshold: float | None,
    bootstrap: int,
    seed: int,
    workers: int,
    quiet: bool,
    output_format: TableFormat,
) -> None:
    """``compare`` with three or more runs: the leaderboard and the pairwise tests."""
    _check_outputs({"--out": out}, [*runs, gold, config])
    cfg = _build_config(config, matcher, embedding_model, threshold)

    from tablehallu.scoring.compare import compare_many
    from tablehallu.scoring.engine import ScoringError

    printer = _ErrorPrinter()
    _silence_model_loading(_show_progress(quiet))
    try:
        board = compare_many(
            runs,
            labels=labels,
            config=cfg,
            gold=str(gold) if gold is not None else None,
            bootstrap=bootstrap,
            seed=seed,
            workers=workers,
            on_error=printer,
        )
    except (ScoringError, OSError, ImportError) as exc:
        raise _usage_exit(str(exc)) from exc
    if out is not None:
        import json

        from tablehallu.scoring.atomic import write_atomic

        write_atomic(out, json.dumps(board.to_dict(), indent=2, ensure_ascii=False) + "\n")
    if not quiet and any(board.left_out.values()):
        _echo_err(
            "warning: ids not scored in every run are left out: "
            + ", ".join(f"{k}: {v}" for k, v in board.left_out.items())
        )
    if board.n == 0:
        _echo_err("error: no sample id is scored in every run; nothing to compare")
        raise typer.Exit(1)
    typer.echo(board.to_table(output_format.value), nl=False)
    if board.errors:
        raise typer.Exit(1)


# --- explain --------------------------------------------------------------------------------------


@app.command("explain")
def explain_command(
    preds: Annotated[
        Path,
        typer.Argument(
            metavar="PREDS",
            help="Prediction file (JSONL, JSON array, CSV, Parquet, maybe gzipped; - for stdin).",
            show_default=False,
        ),
    ],
    sample_id: Annotated[
        str,
        typer.Option(
            "--id",
            metavar="ID",
            help='Id of the sample (as written; "line-12" for a record without id on line 12).',
            show_default=False,
        ),
    ],
    gold: GoldOpt = None,
    matcher: MatcherOpt = None,
    embedding_model: ModelOpt = None,
    threshold: ThresholdOpt = None,
    reference: ReferenceOpt = None,
    config: ConfigOpt = None,
    output_format: Annotated[
        ExplainFormat,
        typer.Option(
            "--output-format",
            "-o",
            help="text: readable verdict and findings. json: the details line.",
            case_sensitive=False,
        ),
    ] = ExplainFormat.text,
    response_field: ResponseFieldOpt = None,
    id_field: IdFieldOpt = None,
    gold_field: GoldFieldOpt = None,
    context_field: ContextFieldOpt = None,
    query_field: QueryFieldOpt = None,
    extra_field: ExtraFieldOpt = [],  # noqa: B006
) -> None:
    """Show one sample's verdict: each finding with the predicted and gold cell, the key and
    order rule used, the response and the gold table, for a human checking the verdict.

    \b
    Examples:
      tablehallu explain preds.jsonl --id q-0042
      tablehallu explain preds.jsonl --id line-7 --matcher lexical -o json

    \b
    Exit codes: 0 shown; 1 no such id, or the record cannot be scored; 2 usage error.
    """
    fields = _field_map(
        response_field, id_field, gold_field, context_field, query_field, extra_field
    )
    found = _input_paths([preds])
    if len(found) != 1:
        raise _usage_exit(f"{preds}: explain reads one file; this folder holds {len(found)}")
    preds = found[0]
    cfg = _build_config(config, matcher, embedding_model, threshold, reference)

    from tablehallu.scoring.explain import ExplainError, explain

    _silence_model_loading(False)

    try:
        text = explain(
            preds,
            sample_id,
            cfg,
            gold=str(gold) if gold is not None else None,
            as_json=output_format is ExplainFormat.json,
            fields=fields,
        )
    except ExplainError as exc:
        _echo_err(f"error: {exc}")
        raise typer.Exit(1) from exc
    except (OSError, ImportError) as exc:
        raise _usage_exit(str(exc)) from exc
    typer.echo(text, nl=False)

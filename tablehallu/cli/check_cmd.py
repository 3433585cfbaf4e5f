"""``tablehallu check``: lint gold dataset files (JSONL/JSON) against the TH rules.

Exit codes: 0 no error-severity violation (warnings allowed); 1 at least one; 2 usage error
(bad option, unknown rule, invalid config, unreadable file, a matcher that cannot run).
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tablehallu.cli.app import app, skip_final_collection

if TYPE_CHECKING:  # pragma: no cover
    from tablehallu.check import CheckReport, CheckSettings


#: What ``check`` reads from a folder (also with ``.gz`` after the suffix).
DATASET_SUFFIXES: tuple[str, ...] = (".jsonl", ".json")


class CheckFormat(StrEnum):
    """How violations are printed."""

    text = "text"
    json = "json"
    github = "github"


class CheckMatcher(StrEnum):
    """TH020's last stage."""

    lexical = "lexical"
    embedding = "embedding"


def _err(message: str) -> None:
    typer.echo(message, err=True)


def _usage(message: str) -> typer.Exit:
    _err(f"error: {message}")
    return typer.Exit(2)


def _github_escape(value: str, prop: bool = False) -> str:
    out = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        out = out.replace(":", "%3A").replace(",", "%2C")
    return out


def _print_rules(fmt: CheckFormat, settings: CheckSettings | None) -> None:
    from tablehallu.check import RULES

    enabled = settings.enabled_rules() if settings is not None else {}
    rows = [
        {
            "code": r.code,
            "name": r.name,
            "severity": enabled.get(r.code, r.severity),
            "default": "on" if r.default else "off",
            "enabled": r.code in enabled,
            "summary": r.summary,
        }
        for r in RULES.values()
    ]
    if fmt == CheckFormat.json:
        typer.echo(json.dumps(rows, indent=2))
        return
    typer.echo(f"{'id':<6} {'severity':<8} {'default':<7} {'here':<4} summary")
    for row in rows:
        here = "on" if row["enabled"] else "off"
        typer.echo(
            f"{row['code']:<6} {row['severity']:<8} {row['default']:<7} {here:<4} "
            f"{row['summary']} ({row['name']})"
        )


def _print_statistics(report: CheckReport, fmt: CheckFormat, enabled: dict[str, str]) -> None:
    from tablehallu.check import RULES

    rows: list[dict[str, Any]] = []
    for code, count in report.counts.items():
        rows.append(
            {
                "code": code,
                "name": RULES[code].name,
                "severity": enabled[code],
                "violations": count.violations,
                "checked": count.checked,
                "skipped": count.skipped,
            }
        )
    if fmt == CheckFormat.json:
        typer.echo(json.dumps({"records": report.records, "rules": rows}, indent=2))
        return
    typer.echo(f"{'id':<6} {'severity':<8} {'violations':>10} {'checked':>8} {'skipped':>8}  rule")
    for row in rows:
        typer.echo(
            f"{row['code']:<6} {row['severity']:<8} {row['violations']:>10} {row['checked']:>8} "
            f"{row['skipped']:>8}  {row['name']}"
        )


def _summary(report: CheckReport) -> str:
    files = f"{report.files} file{'s' if report.files != 1 else ''}"
    records = f"{report.records} record{'s' if report.records != 1 else ''}"
    if not report.violations:
        return f"All checks passed ({records} in {files})."
    errors = f"{report.errors} error{'s' if report.errors != 1 else ''}"
    warnings = f"{report.warnings} warning{'s' if report.warnings != 1 else ''}"
    return f"Found {errors} and {warnings} ({records} in {files})."


@app.command("check")
def check_command(
    datasets: Annotated[
        list[Path] | None,
        typer.Argument(
            metavar="DATASET...",
            help="Gold dataset files or folders (every .jsonl/.json file under a folder, also "
            ".gz): JSONL (one record per line) or JSON (a record or an array of records); gzip is "
            "read transparently; - reads stdin.",
            show_default=False,
        ),
    ] = None,
    select: Annotated[
        list[str] | None,
        typer.Option(
            "--select",
            metavar="RULES",
            help="Rules to run instead of the configured ones: ids or prefixes, comma-separated "
            "(TH020,TH03; ALL).",
            show_default=False,
        ),
    ] = None,
    extend_select: Annotated[
        list[str] | None,
        typer.Option(
            "--extend-select",
            metavar="RULES",
            help="Rules to run in addition (e.g. TH050, which is off by default).",
            show_default=False,
        ),
    ] = None,
    ignore: Annotated[
        list[str] | None,
        typer.Option("--ignore", metavar="RULES", help="Rules not to run.", show_default=False),
    ] = None,
    output_format: Annotated[
        CheckFormat,
        typer.Option(
            "--output-format",
            "-o",
            help="text (file:line: RULE message), json (a list of violations) or github "
            "(workflow annotations).",
            case_sensitive=False,
        ),
    ] = CheckFormat.text,
    config: Annotated[
        Path | None,
        typer.Option(
            "--config",
            metavar="FILE.toml",
            help="Settings file ([tool.tablehallu.check] of a pyproject.toml, or a plain TOML "
            "file with a [check] table). Default: the nearest pyproject.toml with "
            "[tool.tablehallu].",
            show_default=False,
            exists=True,
            dir_okay=False,
            readable=True,
        ),
    ] = None,
    matcher: Annotated[
        CheckMatcher | None,
        typer.Option(
            "--matcher",
            help="TH020's last stage for text cells: lexical (rapidfuzz, default) or embedding "
            "(sentence-transformers, batched per file).",
            case_sensitive=False,
            show_default=False,
        ),
    ] = None,
    statistics: Annotated[
        bool,
        typer.Option(
            "--statistics", help="Print per-rule counts (violations, checked, skipped) instead."
        ),
    ] = False,
    list_rules: Annotated[
        bool,
        typer.Option(
            "--list-rules", help="Print every rule (id, severity, default, summary) and exit."
        ),
    ] = False,
) -> None:
    """Lint gold dataset files: table, metadata, context, query (rules TH000-TH060).

    Prints one line per violation, file:line: RULE message; exits 1 when an error-severity rule
    fails, 0 otherwise, 2 on a usage error. Rules, severities and options are read from
    [tool.tablehallu.check] (see docs/check.md).
    """
    from tablehallu.check import Checker, SettingsError, load_settings

    try:
        settings = load_settings(config)
        settings = settings.with_cli(
            select=select,
            extend_select=extend_select,
            ignore=ignore,
            matcher=matcher.value if matcher is not None else None,
        )
    except SettingsError as exc:
        raise _usage(str(exc)) from exc
    if list_rules:
        _print_rules(output_format, settings)
        raise typer.Exit(0)
    if not datasets:
        raise _usage("give at least one DATASET file (or --list-rules)")
    from tablehallu.sources import expand_paths, is_stdin

    for path in datasets:
        if not is_stdin(path) and not path.exists():
            raise _usage(f"{path}: no such file or folder")
    if sum(1 for p in datasets if is_stdin(p)) > 1:
        raise _usage("standard input (-) can be read only once")
    datasets, empty = expand_paths(datasets, DATASET_SUFFIXES)
    if empty:
        raise _usage(f"{empty[0]}: the folder holds no .jsonl or .json file")
    if settings.matcher == "embedding":
        from tablehallu.detectors.similarity import resolve_backend

        try:
            resolve_backend(settings.checking_config())
        except RuntimeError as exc:
            raise _usage(str(exc)) from exc
    enabled = settings.enabled_rules()
    checker = Checker(enabled, settings.checking_config())
    skip_final_collection()
    for path in datasets:
        try:
            checker.check_paths([path])
        except OSError as exc:
            raise _usage(f"{path}: cannot read: {exc.strerror or exc}") from exc
        except RuntimeError as exc:  # the embedding model failed to load
            raise _usage(str(exc)) from exc
    report = checker.report
    if statistics:
        _print_statistics(report, output_format, enabled)
        if output_format != CheckFormat.json:
            typer.echo(_summary(report))
    elif output_format == CheckFormat.json:
        typer.echo(json.dumps([v.to_dict() for v in report.violations], indent=2))
    elif output_format == CheckFormat.github:
        for v in report.violations:
            level = "warning" if v.severity == "warning" else "error"
            typer.echo(
                f"::{level} file={_github_escape(v.path, True)},line={v.line},"
                f"title={_github_escape(v.code, True)}::{_github_escape(v.message)}"
            )
        _err(_summary(report))
    else:
        for v in report.violations:
            typer.echo(str(v))
        typer.echo(_summary(report))
    raise typer.Exit(report.exit_code)

"""``tablehallu parse``: read the table in a response (or gold) file and print it."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from tablehallu.cli.app import app


class InputFormat(StrEnum):
    """Formats ``tablehallu parse --format`` accepts."""

    auto = "auto"
    markdown = "markdown"
    json = "json"
    latex = "latex"
    html = "html"
    csv = "csv"
    tsv = "tsv"


class OutputFormat(StrEnum):
    """Formats ``tablehallu parse --output-format`` writes."""

    json = "json"
    csv = "csv"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _fail(message: str, code: int) -> typer.Exit:
    typer.echo(f"error: {_one_line(message)}", err=True)
    return typer.Exit(code)


@app.command("parse")
def parse_command(
    file: Annotated[
        str,
        typer.Argument(
            metavar="FILE|-",
            help="Text file holding one model response (or a gold table with --gold); "
            "- reads stdin.",
            show_default=False,
        ),
    ],
    format: Annotated[
        InputFormat,
        typer.Option(
            "--format",
            "-f",
            help="Table format to read. auto detects Markdown, JSON, LaTeX, HTML, CSV/TSV. An "
            "explicit format that is not in the text falls back to the table found, with the "
            "warning format_mismatch.",
            case_sensitive=False,
        ),
    ] = InputFormat.auto,
    gold: Annotated[
        bool,
        typer.Option(
            "--gold",
            help="Read the input as a gold table: nothing is dropped as reasoning "
            "(<think> blocks).",
        ),
    ] = False,
    output_format: Annotated[
        OutputFormat,
        typer.Option(
            "--output-format",
            "-o",
            help="json: format, name, headers, rows, warnings, metadata. csv: header row + rows.",
            case_sensitive=False,
        ),
    ] = OutputFormat.json,
    config_file: Annotated[
        Path | None,
        typer.Option(
            "--config",
            help="TOML config ([tool.tablehallu] of a pyproject.toml, or a plain file) for "
            "limits such as max_bytes, max_rows, max_columns.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Parse the table in FILE and print it on stdout.

    Warnings go to stderr, one per line ("warning: <code>: <message>"). Exit status: 0 when a
    table was read (even with warnings), 1 when no table could be read (the reason is printed
    on stderr), 2 for a missing/unreadable file or a bad option.
    """
    import json
    import sys

    from tablehallu.config import Config, ConfigError, load_config
    from tablehallu.parsers import parse_gold, parse_response
    from tablehallu.parsers.delimited import render_csv
    from tablehallu.parsers.table import ParseError

    try:
        config = load_config(config_file) if config_file is not None else Config()
    except ConfigError as exc:
        raise _fail(str(exc), 2) from None

    if file == "-":
        data = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
        source = "stdin"
    else:
        path = Path(file)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise _fail(f"file not found: {file}", 2) from None
        except IsADirectoryError:
            raise _fail(f"{file} is a directory, not a file", 2) from None
        except OSError as exc:
            raise _fail(f"cannot read {file}: {exc.strerror or exc}", 2) from None
        source = file
    text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data

    fmt = format.value
    if gold and fmt == "auto":
        result = parse_gold(text, config)
    elif gold:
        # An explicit format for a gold table: the response reader without reasoning removal.
        result = parse_response(text, fmt, config.replace(think_tags=()))
    else:
        result = parse_response(text, fmt, config)

    if isinstance(result, ParseError):
        raise _fail(f"{source}: {result}", 1)
    for w in result.warnings:
        where = f" (line {w.line})" if w.line is not None else ""
        typer.echo(f"warning: {w.code}: {_one_line(w.message)}{where}", err=True)
    if output_format is OutputFormat.csv:
        typer.echo(render_csv(result.frame), nl=False)
    else:
        typer.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))

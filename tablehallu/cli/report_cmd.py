"""``tablehallu report``: an HTML page and a Markdown file from a scoring run's summary.

Exit codes: 0 written; 2 usage error (no such file, a summary that is not one, an output that
would overwrite an input).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer

from tablehallu.cli.app import app


def _usage(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


@app.command("report")
def report_command(
    summary: Annotated[
        Path,
        typer.Argument(
            metavar="SUMMARY.json|DIR",
            help="The summary written by `score --out`, or a results folder from "
            "`score --output-dir` (its summary.json and details.jsonl are read).",
            show_default=False,
        ),
    ],
    details: Annotated[
        Path | None,
        typer.Option(
            "--details",
            metavar="DETAILS.jsonl",
            help="The details written by `score --details`: adds the format and domain "
            "heatmaps, severity, gold conflicts and example findings.",
            show_default=False,
        ),
    ] = None,
    html_out: Annotated[
        Path | None,
        typer.Option(
            "--html",
            metavar="REPORT.html",
            help="Where to write the page (default: report.html next to the summary).",
            show_default=False,
        ),
    ] = None,
    markdown_out: Annotated[
        Path | None,
        typer.Option(
            "--markdown",
            metavar="REPORT.md",
            help="Where to write the Markdown version (default: report.md next to the summary).",
            show_default=False,
        ),
    ] = None,
    title: Annotated[
        str | None,
        typer.Option(
            "--title", help="Page title (default: from the input names).", show_default=False
        ),
    ] = None,
) -> None:
    """Write a self-contained HTML report (charts as inline SVG; nothing is fetched when it is
    viewed) and its Markdown version from a scoring run.

    \b
    Examples:
      tablehallu score preds.jsonl --by model --output-dir results/   # writes the report too
      tablehallu report results/
      tablehallu report summary.json --details details.jsonl --html run.html
    """
    from tablehallu.scoring.atomic import OutputPathError, check_output_paths

    if summary.is_dir():
        folder = summary
        summary = folder / "summary.json"
        if details is None and (folder / "details.jsonl").is_file():
            details = folder / "details.jsonl"
    if not summary.is_file():
        raise _usage(f"{summary}: no such file")
    if details is not None and not details.is_file():
        raise _usage(f"--details {details}: no such file")
    html_out = html_out or summary.with_name("report.html")
    markdown_out = markdown_out or summary.with_name("report.md")
    try:
        check_output_paths(
            {"--html": html_out, "--markdown": markdown_out},
            [p for p in (summary, details) if p is not None],
        )
    except OutputPathError as exc:
        raise _usage(str(exc)) from exc
    try:
        data = json.loads(summary.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise _usage(f"{summary}: not a readable JSON summary ({exc})") from exc
    if not isinstance(data, dict) or "rates" not in data or "n" not in data:
        raise _usage(f'{summary}: not a tablehallu summary (no "rates" and "n")')

    from tablehallu.scoring.atomic import write_atomic
    from tablehallu.scoring.pages import build_report

    start = time.perf_counter()
    page = build_report(data, details, title=title)
    write_atomic(html_out, page.html)
    write_atomic(markdown_out, page.markdown)
    size = len(page.html.encode("utf-8"))
    typer.echo(
        f"wrote {html_out} ({size / 1024:.0f} KiB, {len(page.charts)} chart(s)) and "
        f"{markdown_out} in {time.perf_counter() - start:.1f} s",
        err=True,
    )

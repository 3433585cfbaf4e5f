"""The typer application and its entry point; each command lives in its own module."""

from __future__ import annotations

import typer

from tablehallu import __version__

app = typer.Typer(
    name="tablehallu",
    help=(
        "Detect, classify and score hallucinations in LLM-generated tables "
        "(TableHallu taxonomy: format_error, out_of_range, order_mismatch, "
        "attribute_distortion, blank_filling, entity_fabrication)."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tablehallu {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """tablehallu: hallucination detection for generated tables."""


# Command modules register themselves on ``app`` when imported.
from tablehallu.cli import commands as _commands  # noqa: E402,F401


def main() -> None:
    """Console-script entry point."""
    app()

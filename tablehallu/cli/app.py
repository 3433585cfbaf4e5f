"""The typer application and its entry point; each command lives in its own module."""

from __future__ import annotations

import atexit
import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

import typer

from tablehallu import __version__
from tablehallu.cli import fastparams

fastparams.install()  # plain option values read without importing pydantic (start-up time)

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


def skip_final_collection() -> None:
    """Make the interpreter's last garbage collection skip what a run leaves behind.

    A run fills the normalisation caches with hundreds of thousands of objects; the collection
    Python runs while shutting down would walk them all (about half a second for 2 000 records)
    only to free memory the operating system reclaims anyway.
    """
    if not _FREEZE_AT_EXIT:
        _FREEZE_AT_EXIT.append(True)
        atexit.register(gc.freeze)


#: Net new container objects between two young collections of a command-line run. A run makes
#: hardly any reference cycles (~5 unreachable objects per record, referenceless, measured with
#: collection off) but fills its bounded caches with ~0.5 M tuples, lists and dicts that each
#: young pass walks: at 50 000, the ~10-15 passes of a 2 000-record run cost 0.4-0.5 CPU s gold-
#: referenced and 1.7-1.8 s referenceless; at this value none runs there (0.03 s), and a longer
#: run collects every million objects (a cycle's garbage lives a little longer; peak memory of
#: the benchmark run unchanged within 2%).
COLLECTOR_YOUNG_THRESHOLD: Final = 1_000_000


@contextmanager
def calm_collector() -> Iterator[None]:
    """During a long run: what the imports created out of the collector's sight, and young
    collections rarer (:data:`COLLECTOR_YOUNG_THRESHOLD`; the run creates many small,
    long-lived cached objects and few cycles). The process's settings are restored after it
    (a command run in-process, as tests and embedding applications do, leaves them as found)."""
    before = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(COLLECTOR_YOUNG_THRESHOLD, 20, 20)
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()


_FREEZE_AT_EXIT: list[bool] = []

# Command modules register themselves on ``app`` when imported.
from tablehallu.cli import commands as _commands  # noqa: E402,F401


def main() -> None:
    """Console-script entry point (SIGTERM ends a run like Ctrl-C: temporary files removed)."""
    from tablehallu.atomic import exit_on_sigterm

    exit_on_sigterm()
    app()

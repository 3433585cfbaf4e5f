"""The ``tablehallu`` command line. Commands import their heavy dependencies lazily."""

from tablehallu.cli.app import app, main

__all__ = ["app", "main"]

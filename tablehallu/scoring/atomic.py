"""Atomic output files: moved to :mod:`tablehallu.atomic` (shared by every command); this name
is kept so that existing imports keep working."""

from tablehallu.atomic import (
    OutputPathError,
    atomic_writer,
    check_output_paths,
    prepare_outputs,
    same_path,
    write_atomic,
)

__all__ = [
    "OutputPathError",
    "atomic_writer",
    "check_output_paths",
    "prepare_outputs",
    "same_path",
    "write_atomic",
]

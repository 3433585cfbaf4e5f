"""Atomic output files: written to a temporary file in the target directory, then renamed.

A reader of the target path sees either the old file or the complete new one, never a partial
write: the temporary file is flushed, synced and moved over the target with :func:`os.replace`
(atomic on POSIX and Windows within one file system, which is why it lives in the same directory).
If writing fails, the temporary file is removed and the old file is left untouched.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TextIO

__all__ = ["OutputPathError", "atomic_writer", "check_output_paths", "same_path", "write_atomic"]


class OutputPathError(ValueError):
    """An output path is unusable: it is an input, another output, or a directory."""


def same_path(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """True when ``a`` and ``b`` name the same file (symlinks and hard links included)."""
    pa, pb = Path(a), Path(b)
    try:
        if pa.exists() and pb.exists():
            return os.path.samefile(pa, pb)
    except OSError:
        pass
    return pa.resolve() == pb.resolve()


def check_output_paths(
    outputs: Mapping[str, str | os.PathLike[str] | None],
    inputs: Iterable[str | os.PathLike[str]],
) -> None:
    """Refuse outputs that would overwrite an input, collide with each other, or are directories.

    ``outputs`` maps an option name (``--out``) to its path (None = not requested). Raises
    :class:`OutputPathError` naming the option and the path.
    """
    given = [(name, Path(p)) for name, p in outputs.items() if p is not None]
    input_paths = [Path(p) for p in inputs]
    for i, (name, path) in enumerate(given):
        if path.is_dir():
            raise OutputPathError(f"{name} {path} is a directory, not a file")
        for src in input_paths:
            if same_path(path, src):
                raise OutputPathError(
                    f"{name} {path} is also an input file; refusing to overwrite an input"
                )
        for other_name, other in given[i + 1 :]:
            if same_path(path, other):
                raise OutputPathError(f"{name} and {other_name} are the same file: {path}")


def _new_file_mode(target: Path) -> int:
    """Permissions for the result: the existing file's, else the default for new files."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@contextlib.contextmanager
def atomic_writer(path: str | os.PathLike[str], *, encoding: str = "utf-8") -> Iterator[TextIO]:
    """Open a text stream whose content replaces ``path`` only if the block completes.

    The temporary file is created next to ``path`` (same directory, so the final rename is
    atomic). On an exception inside the block it is deleted and the exception propagates.
    """
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="\n") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(tmp, _new_file_mode(target))
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def write_atomic(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8") -> None:
    """Replace ``path`` with ``text`` atomically."""
    with atomic_writer(path, encoding=encoding) as stream:
        stream.write(text)

"""Opening input files: ``-`` for standard input, gzip read transparently, folders walked.

Every command that reads records (``score``, ``compare``, ``explain``, ``check``, ``--gold``)
opens its inputs here, so they all accept the same things:

- ``-`` reads standard input (once: a command that needs two passes over a file does not take it);
- a gzip-compressed file is recognised by its first two bytes (``1f 8b``), whatever its name,
  and decompressed while reading (``preds.jsonl.gz``, or a ``.jsonl`` that is really gzip);
- :func:`expand_paths` turns a folder into the data files under it, in sorted order.

Nothing here knows the record format; that is the caller's business.
"""

from __future__ import annotations

import contextlib
import gzip
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, cast

__all__ = [
    "GZIP_MAGIC",
    "STDIN",
    "STDIN_NAME",
    "display_name",
    "expand_paths",
    "is_gzip",
    "is_stdin",
    "logical_suffix",
    "open_binary",
    "read_bytes",
]

#: The path that means standard input.
STDIN = "-"
#: How standard input is named in messages.
STDIN_NAME = "<stdin>"
#: First bytes of every gzip stream.
GZIP_MAGIC = b"\x1f\x8b"


def is_stdin(path: str | os.PathLike[str]) -> bool:
    """True for ``-``."""
    return os.fspath(path) == STDIN


def display_name(path: str | os.PathLike[str]) -> str:
    """``<stdin>`` for ``-``, else the path as given."""
    return STDIN_NAME if is_stdin(path) else os.fspath(path)


def logical_suffix(path: str | os.PathLike[str]) -> str:
    """The lower-case suffix that names the format, past a ``.gz``: ``a.jsonl.gz`` -> ``.jsonl``."""
    p = Path(os.fspath(path))
    suffixes = [s.lower() for s in p.suffixes]
    if suffixes and suffixes[-1] in (".gz", ".gzip"):
        suffixes.pop()
    return suffixes[-1] if suffixes else ""


def is_gzip(path: str | os.PathLike[str]) -> bool:
    """True when the file starts with the gzip magic bytes (False for stdin or unreadable)."""
    if is_stdin(path):
        return False
    try:
        with open(path, "rb") as stream:
            return stream.read(2) == GZIP_MAGIC
    except OSError:
        return False


@contextlib.contextmanager
def open_binary(path: str | os.PathLike[str]) -> Iterator[IO[bytes]]:
    """A binary stream over the content of ``path`` (``-``: stdin), gunzipped if it is gzip.

    Raises OSError when the file cannot be opened; a corrupt gzip stream raises OSError
    (``gzip.BadGzipFile``) while reading.
    """
    with contextlib.ExitStack() as stack:
        if is_stdin(path):
            raw = cast(IO[bytes], sys.stdin.buffer)
        else:
            raw = stack.enter_context(open(path, "rb"))
        head = _peek(raw, 2)
        if head == GZIP_MAGIC:
            yield cast(IO[bytes], stack.enter_context(gzip.GzipFile(fileobj=raw, mode="rb")))
        else:
            yield raw


def _peek(stream: IO[bytes], n: int) -> bytes:
    peek = getattr(stream, "peek", None)
    if peek is not None:
        return bytes(peek(n)[:n])
    if stream.seekable():
        pos = stream.tell()
        head = stream.read(n)
        stream.seek(pos)
        return head
    return b""  # pragma: no cover - stdin and files are buffered readers


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The whole (decompressed) content of ``path``."""
    with open_binary(path) as stream:
        return stream.read()


def expand_paths(
    paths: Iterable[str | os.PathLike[str]], suffixes: Iterable[str]
) -> tuple[list[Path], list[Path]]:
    """Each path as given, each folder replaced by the files under it (recursively, sorted,
    hidden ones skipped) whose :func:`logical_suffix` is one of ``suffixes``.

    Returns ``(files, empty_folders)``: the folders that held no such file, for a message.
    """
    wanted = {s.lower() for s in suffixes}
    files: list[Path] = []
    empty: list[Path] = []
    for path in paths:
        p = Path(os.fspath(path))
        if not p.is_dir():
            files.append(p)
            continue
        found = sorted(
            f
            for f in p.rglob("*")
            if f.is_file()
            and logical_suffix(f) in wanted
            and not any(part.startswith(".") for part in f.relative_to(p).parts)
        )
        if found:
            files.extend(found)
        else:
            empty.append(p)
    return files, empty

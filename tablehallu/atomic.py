"""Output files: checked before any work, written atomically, no temporary file left behind.

A reader of an output path sees either the old file or the complete new one, never a partial
write: the content goes to a temporary file in the target's directory, which is flushed, synced
and moved over the target with :func:`os.replace` (atomic within one file system, which is why
it lives in the same directory). The temporary file is named
``.<target name>.tablehallu-tmp-<pid>-<random>`` so that it is recognisable; it is removed when
writing fails, on KeyboardInterrupt and (once :func:`exit_on_sigterm` is installed) on SIGTERM.
A process killed outright (``kill -9``, power loss) cannot clean up: :func:`prepare_outputs`
removes such leftovers of the same target on the next run (those older than that run whose
process is gone).

Outputs are checked before any work (:func:`check_output_paths`): an output that is an input,
another output or a directory, or whose directory is missing or not writable, raises
:class:`OutputPathError` with a one-line message.

An existing target that is not a regular file (``/dev/stdout``, a named pipe) is written in
place: it cannot be replaced, and it holds no previous content to protect.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import stat
import tempfile
import time
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from types import FrameType
from typing import TextIO

__all__ = [
    "TEMP_MARK",
    "OutputPathError",
    "atomic_writer",
    "check_output_paths",
    "exit_on_sigterm",
    "prepare_outputs",
    "remove_stale_temporaries",
    "same_path",
    "temp_prefix",
    "write_atomic",
]

#: What every temporary output file has in its name, after ``.<target name>``.
TEMP_MARK = ".tablehallu-tmp-"


class OutputPathError(ValueError):
    """An output path is unusable: an input, another output, a directory, or in a directory that
    is missing or not writable."""


def same_path(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """True when ``a`` and ``b`` name the same file (symlinks and hard links included)."""
    pa, pb = Path(a), Path(b)
    try:
        if pa.exists() and pb.exists():
            return os.path.samefile(pa, pb)
    except OSError:
        pass
    return pa.resolve() == pb.resolve()


def _directory(target: Path) -> Path:
    return target.parent if str(target.parent) else Path(".")


def temp_prefix(target: str | os.PathLike[str], pid: int | None = None) -> str:
    """``.<name>.tablehallu-tmp-<pid>-``: the start of this process's temporary files for
    ``target`` (``pid`` defaults to the current process)."""
    return f".{Path(target).name}{TEMP_MARK}{os.getpid() if pid is None else pid}-"


def _is_special(target: Path) -> bool:
    """True when ``target`` exists and is not a regular file (a device, a pipe)."""
    try:
        return not stat.S_ISREG(target.stat().st_mode)
    except OSError:
        return False


def _check_directory(name: str, target: Path) -> None:
    directory = _directory(target)
    if not directory.exists():
        raise OutputPathError(f"{name} {target}: the directory {directory} does not exist")
    if not directory.is_dir():
        raise OutputPathError(f"{name} {target}: {directory} is not a directory")
    if _is_special(target):
        return
    try:  # the only reliable test (permissions, ACLs, read-only mounts, root): try it
        fd, probe = tempfile.mkstemp(prefix=temp_prefix(target), dir=directory)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise OutputPathError(
            f"{name} {target}: cannot write in the directory {directory} ({reason})"
        ) from None
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(probe)


def check_output_paths(
    outputs: Mapping[str, str | os.PathLike[str] | None],
    inputs: Iterable[str | os.PathLike[str]],
) -> None:
    """Refuse outputs that would overwrite an input, collide with each other, are directories,
    or lie in a directory that is missing or not writable.

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
        _check_directory(name, path)


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists but belongs to someone else
        return True
    return True


def _stale_pattern(name: str) -> re.Pattern[str]:
    # ours: .<name>.tablehallu-tmp-<pid>-<random>; before: .<name>.<8 random>.tmp
    return re.compile(
        rf"\.{re.escape(name)}(?:{re.escape(TEMP_MARK)}(\d{{1,10}})-[\w]{{1,32}}|\.\w{{8}}\.tmp)"
    )


def remove_stale_temporaries(target: str | os.PathLike[str], before: float) -> list[Path]:
    """Remove temporary files of ``target`` left by killed runs; returns those removed.

    A file is removed when its name is one of this module's temporary names for ``target``,
    it was last modified before ``before`` (a :func:`time.time` value: the start of the current
    run), and the process named in it no longer exists.
    """
    path = Path(target)
    directory = _directory(path)
    pattern = _stale_pattern(path.name)
    removed: list[Path] = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        m = pattern.fullmatch(entry.name)
        if m is None:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode) or st.st_mtime >= before:
            continue
        if m.group(1) is not None and _pid_alive(int(m.group(1))):
            continue
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
            removed.append(Path(entry.path))
    return removed


def prepare_outputs(
    outputs: Mapping[str, str | os.PathLike[str] | None],
    inputs: Iterable[str | os.PathLike[str]],
    started: float | None = None,
) -> list[Path]:
    """:func:`check_output_paths`, then remove the stale temporary files of every output
    (older than ``started``, default now). Returns the files removed."""
    check_output_paths(outputs, inputs)
    before = time.time() if started is None else started
    removed: list[Path] = []
    for path in outputs.values():
        if path is not None:
            removed += remove_stale_temporaries(path, before)
    return removed


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

    The temporary file is created next to ``path`` (see the module docstring). On any exception
    inside the block (KeyboardInterrupt and SystemExit included) it is deleted and the exception
    propagates.
    """
    target = Path(path)
    if _is_special(target):
        with open(target, "w", encoding=encoding, newline="\n") as stream:
            yield stream
        return
    fd, tmp_name = tempfile.mkstemp(prefix=temp_prefix(target), dir=_directory(target))
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


def _raise_exit(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


def exit_on_sigterm() -> None:
    """Turn SIGTERM into ``SystemExit(143)`` so that ``finally`` blocks and
    :func:`atomic_writer` clean up (the default action ends the process on the spot).
    Only from the main thread; elsewhere, and where SIGTERM is ignored, it does nothing."""
    with contextlib.suppress(ValueError, OSError, AttributeError):
        if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
            signal.signal(signal.SIGTERM, _raise_exit)

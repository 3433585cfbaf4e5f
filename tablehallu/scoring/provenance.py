"""``run.json`` of a results folder: what was run, on what, when, with which code.

Everything needed to tell two result folders apart or to rerun one: the sha256 and size of each
input (None for standard input, which cannot be read twice), the UTC time, the git commit of the
working directory when it is inside a git repository (and whether the tree had local changes),
the command line, and the versions of tablehallu and its dependencies.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import os
import subprocess
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from tablehallu import __version__
from tablehallu.sources import display_name, is_stdin

__all__ = ["file_sha256", "git_state", "run_record"]

_CHUNK = 1 << 20


def file_sha256(path: str | os.PathLike[str]) -> str:
    """The sha256 of the file's bytes as stored (a gzip file's compressed bytes)."""
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(_CHUNK), b""):
            digest.update(block)
    return digest.hexdigest()


def git_state(cwd: str | os.PathLike[str] | None = None) -> dict[str, Any] | None:
    """``{"commit", "dirty"}`` of the git repository holding ``cwd``, or None outside one (or
    without git)."""

    def git(*args: str) -> str | None:
        try:
            done = subprocess.run(
                ["git", *args],
                cwd=cwd,
                capture_output=True,
                text=True,
                timeout=10,
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            return None
        return done.stdout.strip() if done.returncode == 0 else None

    commit = git("rev-parse", "HEAD")
    if not commit:
        return None
    status = git("status", "--porcelain", "--untracked-files=no")
    return {"commit": commit, "dirty": bool(status) if status is not None else None}


def run_record(
    inputs: Iterable[str | os.PathLike[str]],
    *,
    argv: Sequence[str],
    versions: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The content of ``run.json`` for a run over ``inputs`` started with ``argv``."""
    files: list[dict[str, Any]] = []
    for path in inputs:
        if is_stdin(path):
            files.append({"path": display_name(path), "sha256": None, "bytes": None})
            continue
        p = Path(path)
        files.append({"path": str(p), "sha256": file_sha256(p), "bytes": p.stat().st_size})
    return {
        "tablehallu": __version__,
        "timestamp": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        "command": [Path(argv[0]).name if argv else "tablehallu", *argv[1:]],
        "cwd": os.getcwd(),
        "git": git_state(),
        "inputs": files,
        "versions": versions or {},
    }

"""A real headless Chromium for the report tests (Debian's ``chromium`` driven by Playwright).

The set-up installs the Debian package when it is missing and this process may (root, apt-get
present); otherwise the tests that need it are skipped with the reason.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

#: Flags for a quiet, sandbox-free, offline-friendly headless run in a container.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _installed() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def find_or_install_chromium() -> str:
    """The Chromium executable; installs Debian's package when missing, else skips the test."""
    found = _installed()
    if found:
        return found
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        pytest.skip("chromium is not installed and apt-get cannot install it here (not root)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "update"], ["apt-get", "install", "-y", "chromium"]):
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=1800, env=env)
        if done.returncode != 0:
            pytest.skip(f"could not install chromium ({' '.join(cmd)}): {done.stderr[-300:]}")
    found = _installed()
    if not found:
        pytest.skip("apt-get installed chromium but no chromium executable is on PATH")
    return found


@contextmanager
def browser_page(user_data_dir: Path) -> Iterator[Any]:
    """A Playwright page in a fresh headless Chromium profile (skips without Playwright)."""
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="Playwright's Python package is not installed"
    )
    executable = find_or_install_chromium()
    with sync_api.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(user_data_dir),
            executable_path=executable,
            headless=True,
            args=CHROMIUM_FLAGS,
            viewport={"width": 1280, "height": 900},
        )
        try:
            yield context.new_page()
        finally:
            context.close()

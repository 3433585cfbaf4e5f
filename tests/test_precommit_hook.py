"""The pre-commit hook end to end: a temporary git repository that uses ``tablehallu check``
through pre-commit blocks a commit of a bad dataset (showing why) and accepts a good one.

The hook is declared ``repo: local`` with ``language: system`` and the ``entry`` of this
virtualenv's ``tablehallu``, so nothing is downloaded or built; its id and ``files`` pattern are
taken from the shipped ``.pre-commit-hooks.yaml``. HOME and PRE_COMMIT_HOME point into the
temporary directory so that nothing leaks out of the test.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml  # type: ignore[import-untyped]  # PyYAML ships no stubs; pre-commit needs it

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PRE_COMMIT = BIN / "pre-commit"
TABLEHALLU = BIN / "tablehallu"
FIXTURES = ROOT / "fixtures" / "check"

pytestmark = pytest.mark.skipif(
    shutil.which("git") is None or not PRE_COMMIT.exists() or not TABLEHALLU.exists(),
    reason="needs git, pre-commit and the tablehallu command in this environment",
)


def _manifest_hook() -> dict[str, str]:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    (hook,) = [h for h in hooks if h["id"] == "tablehallu-check"]
    return hook


def test_manifest_declares_the_hook() -> None:
    hook = _manifest_hook()
    assert hook["entry"] == "tablehallu check"
    assert hook["language"] == "python"
    pattern, exclude = hook["files"], hook["exclude"]

    def linted(path: str) -> bool:
        return bool(re.search(pattern, path)) and not re.search(exclude, path)

    assert linted("data/gold.jsonl") and linted("gold.jsonl.gz")
    assert not linted("notes.md") and not linted("gold.jsonl.bak")
    # configuration files that happen to be JSON are not datasets
    assert not linted("dataset_info.json") and not linted(".vscode/settings.json")
    assert not linted(".cache/old.jsonl")
    # widening, as docs/check.md shows, takes .json again
    assert re.search(r"\.jsonl?$", "data/gold.json")


@pytest.fixture
def repo(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    home = tmp_path / "home"
    home.mkdir()
    work = tmp_path / "repo"
    work.mkdir()
    env = {
        **os.environ,
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-cache"),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Test",
        "GIT_AUTHOR_EMAIL": "test@example.invalid",
        "GIT_COMMITTER_NAME": "Test",
        "GIT_COMMITTER_EMAIL": "test@example.invalid",
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
    }
    env.pop("GIT_DIR", None)
    env.pop("GIT_WORK_TREE", None)
    hook = _manifest_hook()
    entry = str(TABLEHALLU) + hook["entry"][len("tablehallu") :]
    config = {
        "repos": [
            {
                "repo": "local",
                "hooks": [
                    {
                        "id": hook["id"],
                        "name": hook["name"],
                        "entry": entry,
                        "language": "system",
                        "files": hook["files"],
                        "exclude": hook["exclude"],
                    }
                ],
            }
        ]
    }
    (work / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    git(work, env, "init", "-q", "-b", "main")
    git(work, env, "config", "commit.gpgsign", "false")
    done = subprocess.run(
        [str(PRE_COMMIT), "install"], cwd=work, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    git(work, env, "add", ".pre-commit-config.yaml")
    return work, env


def git(work: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", *args], cwd=work, env=env, capture_output=True, text=True, timeout=300
    )


def commits(work: Path, env: dict[str, str]) -> int:
    done = git(work, env, "rev-list", "--count", "HEAD")
    return int(done.stdout.strip()) if done.returncode == 0 else 0


def test_bad_dataset_is_blocked_good_one_passes(repo: tuple[Path, dict[str, str]]) -> None:
    work, env = repo
    data = work / "data"
    data.mkdir()
    shutil.copy(FIXTURES / "violations.jsonl", data / "gold.jsonl")
    git(work, env, "add", ".")
    blocked = git(work, env, "commit", "-m", "bad release")
    output = blocked.stdout + blocked.stderr
    assert blocked.returncode != 0, output
    assert "tablehallu check" in output and "Failed" in output
    assert "data/gold.jsonl:7: TH020 row 4 ('Northgate Link'), column 'Length (km)'" in output
    assert "data/gold.jsonl:1: TH000 not JSON" in output
    assert commits(work, env) == 0

    shutil.copy(FIXTURES / "clean.jsonl", data / "gold.jsonl")
    git(work, env, "add", ".")
    passed = git(work, env, "commit", "-m", "good release")
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "Passed" in passed.stdout + passed.stderr
    assert commits(work, env) == 1


def test_hook_skips_files_that_are_not_datasets(repo: tuple[Path, dict[str, str]]) -> None:
    work, env = repo
    (work / "notes.md").write_text("not a dataset {\n", encoding="utf-8")
    (work / "dataset_info.json").write_text('{"features": {}}\n', encoding="utf-8")
    (work / ".vscode").mkdir()
    (work / ".vscode" / "settings.json").write_text("{\n  // comments\n}\n", encoding="utf-8")
    git(work, env, "add", ".")
    done = git(work, env, "commit", "-m", "notes")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "(no files to check)Skipped" in done.stdout + done.stderr

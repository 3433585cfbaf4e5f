"""Issue 10: output paths are checked before any work, written atomically, and no temporary file
outlives a run (exceptions, Ctrl-C, SIGTERM; leftovers of a killed run are removed by the next)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablehallu.atomic import (
    TEMP_MARK,
    OutputPathError,
    atomic_writer,
    check_output_paths,
    prepare_outputs,
    remove_stale_temporaries,
    temp_prefix,
)
from tablehallu.cli import app

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import hostile_records as hr

runner = CliRunner()


def _temporaries(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if TEMP_MARK in p.name)


def _readonly_dir(tmp_path: Path) -> Path:
    """A directory this process cannot create files in (skips where there is none)."""
    if os.geteuid() != 0:
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o555)
        return ro
    for candidate in (Path("/sys"), Path("/proc/sys")):  # read-only even for root here
        try:
            with atomic_writer(candidate / "probe"):
                pass
        except OSError:
            return candidate
    pytest.skip("running as root without a read-only directory")


@pytest.fixture
def preds(tmp_path: Path) -> Path:
    path = tmp_path / "preds.jsonl"
    # the middle line is broken: if the run started, its error would be printed
    path.write_text(
        hr.line(hr.ordinary("a")) + "\n{not json\n" + hr.line(hr.ordinary("b")) + "\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize("option", ["--out", "--details"])
def test_score_output_in_a_missing_directory_exits_2_before_any_work(
    preds: Path, tmp_path: Path, option: str
) -> None:
    target = tmp_path / "missing" / "out.json"
    result = runner.invoke(app, ["score", str(preds), "--matcher", "lexical", option, str(target)])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines == [f"error: {option} {target}: the directory {target.parent} does not exist"]
    assert "line 2" not in result.output  # nothing was read


@pytest.mark.parametrize("option", ["--out", "--details"])
def test_score_output_in_a_read_only_directory_exits_2_before_any_work(
    preds: Path, tmp_path: Path, option: str
) -> None:
    target = _readonly_dir(tmp_path) / "out.json"
    result = runner.invoke(app, ["score", str(preds), "--matcher", "lexical", option, str(target)])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "cannot write in the directory" in lines[0]
    assert option in lines[0] and "Traceback" not in result.output


def test_compare_and_synth_check_their_output_before_any_work(preds: Path, tmp_path: Path) -> None:
    target = tmp_path / "missing" / "x.json"
    result = runner.invoke(app, ["compare", str(preds), str(preds), "--out", str(target)])
    assert result.exit_code == 2 and "does not exist" in result.output
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"id": "g", "gt_table": hr.GOLD}) + "\n")
    result = runner.invoke(app, ["synth", str(gold), "--out", str(target), "-q"])
    assert result.exit_code == 2 and "does not exist" in result.output


def test_check_output_paths_names_the_option_and_the_reason(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(OutputPathError, match=r"--out .*file is not a directory"):
        check_output_paths({"--out": tmp_path / "file" / "out.json"}, [])
    check_output_paths({"--out": tmp_path / "ok.json", "--details": None}, [])
    assert _temporaries(tmp_path) == []  # the probe is removed


def test_a_failed_or_interrupted_write_leaves_no_temporary_and_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "summary.json"
    target.write_text("old")
    for exc in (RuntimeError("boom"), KeyboardInterrupt()):
        with pytest.raises(type(exc)), atomic_writer(target) as stream:
            stream.write("partial")
            assert _temporaries(tmp_path)[0].startswith(temp_prefix(target))
            raise exc
        assert target.read_text() == "old"
        assert _temporaries(tmp_path) == []
    with atomic_writer(target) as stream:
        stream.write("new")
    assert target.read_text() == "new" and _temporaries(tmp_path) == []


_SIGTERM_SCRIPT = """
import sys, time
from tablehallu.atomic import atomic_writer, exit_on_sigterm
exit_on_sigterm()
with atomic_writer(sys.argv[1]) as stream:
    stream.write("partial")
    stream.flush()
    print("ready", flush=True)
    time.sleep(60)
"""


def test_sigterm_removes_the_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "details.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-c", _SIGTERM_SCRIPT, str(target)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        assert len(_temporaries(tmp_path)) == 1
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 128 + signal.SIGTERM
    finally:
        if proc.poll() is None:
            proc.kill()
    assert _temporaries(tmp_path) == [] and not target.exists()


def test_a_later_run_removes_the_leftovers_of_a_killed_one(preds: Path, tmp_path: Path) -> None:
    out = tmp_path / "summary.json"
    dead = 2**22 + 12345  # above pid_max's default: no such process
    old = time.time() - 3600
    leftovers = [
        tmp_path / f".summary.json{TEMP_MARK}{dead}-abc123",  # killed run (kill -9)
        tmp_path / ".summary.json.k2j4h5g6.tmp",  # the name the writer used before issue 10
    ]
    kept = [
        tmp_path / f".summary.json{TEMP_MARK}{os.getpid()}-live",  # a running process's
        tmp_path / f".other.json{TEMP_MARK}{dead}-abc123",  # another target's
    ]
    for path in leftovers + kept:
        path.write_text("x" * 100)
        os.utime(path, (old, old))
    fresh = tmp_path / f".summary.json{TEMP_MARK}{dead}-new"  # newer than the run: not stale
    fresh.write_text("x")
    os.utime(fresh, (time.time() + 60, time.time() + 60))

    result = runner.invoke(
        app, ["score", str(preds), "--matcher", "lexical", "--bootstrap", "0", "--out", str(out)]
    )
    assert result.exit_code == 1  # the broken line; the run itself went through
    assert json.loads(out.read_text())["n"] == 2
    assert not any(p.exists() for p in leftovers)
    assert all(p.exists() for p in [*kept, fresh])


def test_prepare_outputs_returns_what_it_removed(tmp_path: Path) -> None:
    stale = tmp_path / f".d.jsonl{TEMP_MARK}{2**22 + 1}-zz"
    stale.write_text("x")
    os.utime(stale, (1, 1))
    assert prepare_outputs({"--details": tmp_path / "d.jsonl"}, []) == [stale]
    assert remove_stale_temporaries(tmp_path / "d.jsonl", time.time()) == []

"""Start-up stays light: importing tablehallu or asking for --help never loads torch, pandas
or matplotlib."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HEAVY = ("torch", "sentence_transformers", "pandas", "scipy", "matplotlib", "pint", "pycountry")


def _loaded_after(code: str) -> set[str]:
    probe = f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout.split()
    return {m for m in out if m.split(".")[0] in HEAVY}


def test_import_tablehallu_loads_no_heavy_library() -> None:
    assert _loaded_after("import tablehallu") == set()


def test_help_loads_no_heavy_library() -> None:
    code = (
        "import sys\nfrom tablehallu.cli import app\nsys.argv = ['tablehallu', '--help']\n"
        "try:\n    app()\nexcept SystemExit:\n    pass"
    )
    assert _loaded_after(code) == set()


def test_detecting_with_the_lexical_matcher_never_loads_torch() -> None:
    code = (
        "import tablehallu\n"
        "d = tablehallu.detect('| a | b |\\n|---|---|\\n| x | 1 |', '| a | b |\\n|---|---|\\n"
        "| y | 2 |', config=tablehallu.Config(matcher='lexical'))"
    )
    loaded = _loaded_after(code)
    assert not {m for m in loaded if m.split(".")[0] in ("torch", "sentence_transformers")}


# Imported only by the runs that need them: numpy by the embedding matcher and bootstrap
# intervals, scipy by large row-assignment components and compare's tests, pydantic (typer's
# reader of option values) only for values the plain reader in cli/fastparams.py leaves to it.
LAZY = ("numpy", "scipy", "pandas", "pydantic", "torch", "sentence_transformers", "dateparser")


def _lazy_loaded_after(code: str) -> set[str]:
    probe = f"{code}\nimport sys\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout.split()
    return {m.split(".")[0] for m in out if m.split(".")[0] in LAZY}


def _cli(*args: str) -> str:
    return (
        "import sys\nfrom tablehallu.cli import app\n"
        f"sys.argv = ['tablehallu', *{list(args)!r}]\n"
        "try:\n    app()\nexcept SystemExit:\n    pass"
    )


def test_import_and_help_load_none_of_the_lazy_libraries() -> None:
    assert _lazy_loaded_after("import tablehallu") == set()
    assert _lazy_loaded_after(_cli("--help")) == set()
    assert _lazy_loaded_after(_cli("score", "--help")) == set()


def test_a_small_lexical_score_run_loads_none_of_the_lazy_libraries(tmp_path: Path) -> None:
    table = "| name | age |\n|---|---|\n| Ann | 31 |\n| Bob | 40 |"
    rows = [
        {"id": "a", "response": table, "gold": table, "context": "Ann is 31. Bob is 40."},
        {"id": "b", "response": table.replace("31", "13"), "gold": table},
        {"id": "c", "response": "no table", "gold": table},
    ]
    preds = tmp_path / "preds.jsonl"
    preds.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "summary.json"
    # default intervals (Wilson and Student t: no bootstrap, no scipy) and typed option values
    code = _cli("score", str(preds), "--matcher", "lexical", "--seed", "3", "--out", str(out), "-q")
    assert _lazy_loaded_after(code) == set()
    summary = json.loads(out.read_text(encoding="utf-8"))
    assert (summary["n"], summary["n_errors"]) == (3, 0)

"""Start-up stays light: importing tablehallu or asking for --help never loads torch, pandas
or matplotlib."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("torch", "sentence_transformers", "pandas", "scipy", "matplotlib", "pint")


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

"""Optional coverage-guided fuzzing of the parsers and normalizers with atheris.

Usage (atheris is not a dependency; install it yourself where wheels exist)::

    python benchmarks/fuzz/atheris_parse.py -atheris_runs=100000
    python benchmarks/fuzz/atheris_parse.py corpus_dir/ -max_total_time=600

Every input is fed, as UTF-8 text (invalid bytes replaced), to ``parse_response`` in every format,
to ``parse_gold``, and to ``type_cell``/``normalize_text``; any exception is a finding (atheris
saves the crashing input). Without atheris installed the script says so and exits 0.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

from tablehallu.config import FORMATS


def _one_input(data: bytes) -> None:
    from tablehallu.normalize import normalize_text, type_cell
    from tablehallu.parsers import ParsedTable, ParseError, parse_gold, parse_response

    text = data.decode("utf-8", errors="replace")
    for fmt in FORMATS:
        result = parse_response(text, fmt)
        if not isinstance(result, ParsedTable | ParseError):
            raise TypeError(f"parse_response returned {type(result).__name__}")
    if not isinstance(parse_gold(text), ParsedTable | ParseError):
        raise TypeError("parse_gold returned something else")
    type_cell(text[:256])
    normalize_text(text[:4096])


def main(argv: list[str]) -> int:
    """Run atheris on :func:`_one_input`; 0 when atheris is not installed."""
    try:
        atheris: Any = importlib.import_module("atheris")
    except ImportError:
        print(
            "atheris is not installed; skipping (pip install atheris, where a wheel exists, to "
            "run this harness; the hypothesis fuzz run is benchmarks/fuzz/run_fuzz.py)",
            file=sys.stderr,
        )
        return 0
    with atheris.instrument_imports():
        import tablehallu.normalize
        import tablehallu.parsers  # noqa: F401
    atheris.Setup(argv, _one_input)
    atheris.Fuzz()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

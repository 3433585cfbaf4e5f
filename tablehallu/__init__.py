"""tablehallu: detect, classify and score hallucinations in LLM-generated tables.

The public API is imported lazily, so ``import tablehallu`` stays cheap (no pandas, no torch):

- :func:`parse_response`, :func:`parse_gold` -> :class:`ParsedTable` or :class:`ParseError`
- :func:`detect`, :func:`detect_many` -> :class:`Diagnosis` (against a gold table, or the
  context and query alone)
- :func:`ground` -> what a context says about every cell of a table
- :func:`score` -> :class:`Report`
- :class:`Config`, :func:`load_config`
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

_LAZY: dict[str, str] = {
    "Config": "tablehallu.config",
    "ConfigError": "tablehallu.config",
    "load_config": "tablehallu.config",
    "ParsedTable": "tablehallu.parsers.table",
    "ParseError": "tablehallu.parsers.table",
    "ParseWarning": "tablehallu.parsers.table",
    "parse_response": "tablehallu.parsers",
    "parse_gold": "tablehallu.parsers",
    "render": "tablehallu.parsers",
    "detect": "tablehallu.detectors",
    "detect_many": "tablehallu.detectors",
    "ground": "tablehallu.detectors",
    "CellGrounding": "tablehallu.detectors.diagnosis",
    "Diagnosis": "tablehallu.detectors.diagnosis",
    "Finding": "tablehallu.detectors.diagnosis",
    "score": "tablehallu.scoring",
    "Report": "tablehallu.scoring",
}

__all__ = [
    "CellGrounding",
    "Config",
    "ConfigError",
    "Diagnosis",
    "Finding",
    "ParseError",
    "ParseWarning",
    "ParsedTable",
    "Report",
    "__version__",
    "detect",
    "detect_many",
    "ground",
    "load_config",
    "parse_gold",
    "parse_response",
    "render",
    "score",
]

if TYPE_CHECKING:  # pragma: no cover
    from tablehallu.config import Config, ConfigError, load_config
    from tablehallu.detectors import detect, detect_many, ground
    from tablehallu.detectors.diagnosis import CellGrounding, Diagnosis, Finding
    from tablehallu.parsers import parse_gold, parse_response, render
    from tablehallu.parsers.table import ParsedTable, ParseError, ParseWarning
    from tablehallu.scoring import Report, score


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'tablehallu' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__

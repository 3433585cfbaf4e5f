"""The result types every parser returns: :class:`ParsedTable` or :class:`ParseError`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pandas as pd

#: Warning codes that mean the table is malformed; the detector reports them as ``format_error``
#: (the paper's Appendix C.1: "malformed Markdown syntax").
STRUCTURAL_WARNINGS: frozenset[str] = frozenset(
    {
        "missing_separator",  # Markdown: no |---| row under the header
        "ragged_row",  # a row has more or fewer cells than the header
        "empty_body",  # a header but no data row
        "truncated_table",  # the table is cut off (unclosed environment, partial last row)
        "syntax_repaired",  # JSON that only loads after removing trailing commas / comments
    }
)

#: Warning codes that describe how the table was found or cleaned, without making it malformed.
INFO_WARNINGS: frozenset[str] = frozenset(
    {
        "multiple_tables",  # several tables in the response; which one was taken is said
        "unclosed_think",  # a <think> block was never closed; everything after <think> dropped
        "duplicate_header",  # two columns share a header string
        "nested_value",  # a JSON cell held a list/object; it was serialised to compact JSON
        "missing_keys",  # JSON records lacked some keys; those cells are empty
        "format_mismatch",  # an explicit format was asked for but another one was found
    }
)

WARNING_CODES: frozenset[str] = STRUCTURAL_WARNINGS | INFO_WARNINGS


@dataclass(frozen=True)
class ParseWarning:
    """Something a parser noticed and worked around. ``line`` is 1-based in the raw response."""

    code: str
    message: str
    line: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {"code": self.code, "message": self.message, "line": self.line}


@dataclass
class ParsedTable:
    """A table extracted from text.

    ``frame`` holds one string per cell (``""`` for an empty cell or a JSON null); its columns are
    the header strings (markup reduced to text, otherwise as written; duplicates allowed).
    ``headers`` repeats the column labels as a list. ``metadata`` carries a gold table's metadata
    (``sort_column``, ``sort_method``, ``column_headers``...) when the input had one.
    """

    frame: pd.DataFrame
    format: str
    warnings: list[ParseWarning] = field(default_factory=list)
    name: str | None = None
    metadata: dict[str, Any] | None = None

    @property
    def headers(self) -> list[str]:
        """Header strings in column order."""
        return [str(c) for c in self.frame.columns]

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, columns)."""
        return (int(self.frame.shape[0]), int(self.frame.shape[1]))

    def rows(self) -> list[list[str]]:
        """Body cells as a list of rows of strings."""
        return [
            ["" if v is None else str(v) for v in row]
            for row in self.frame.to_numpy(dtype=object).tolist()
        ]

    @property
    def structural_warnings(self) -> list[ParseWarning]:
        """Warnings that make the table malformed (reported as ``format_error``)."""
        return [w for w in self.warnings if w.code in STRUCTURAL_WARNINGS]

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form: format, name, headers, rows, warnings, metadata."""
        return {
            "format": self.format,
            "name": self.name,
            "headers": self.headers,
            "rows": self.rows(),
            "warnings": [w.to_dict() for w in self.warnings],
            "metadata": self.metadata,
        }

    @classmethod
    def from_rows(
        cls,
        headers: list[str],
        rows: list[list[str]],
        format: str,
        warnings: list[ParseWarning] | None = None,
        name: str | None = None,
        metadata: dict[str, Any] | None = None,
    ) -> ParsedTable:
        """Build from a header list and rows already padded/truncated to the header width."""
        frame = pd.DataFrame(rows, columns=pd.Index(headers, dtype=object), dtype=object)
        if not rows:
            frame = pd.DataFrame({i: pd.Series([], dtype=object) for i in range(len(headers))})
            frame.columns = pd.Index(headers, dtype=object)
        return cls(
            frame=frame, format=format, warnings=list(warnings or []), name=name, metadata=metadata
        )


@dataclass(frozen=True)
class ParseError:
    """Nothing usable could be parsed. ``line``/``column`` are 1-based positions in the input."""

    reason: str
    line: int | None = None
    column: int | None = None
    format: str | None = None
    warnings: tuple[ParseWarning, ...] = ()

    def __str__(self) -> str:
        where = ""
        if self.line is not None:
            where = f" (line {self.line}" + (f", column {self.column}" if self.column else "") + ")"
        fmt = f"{self.format}: " if self.format else ""
        return f"{fmt}{self.reason}{where}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "reason": self.reason,
            "line": self.line,
            "column": self.column,
            "format": self.format,
            "warnings": [w.to_dict() for w in self.warnings],
        }


ParseResult = ParsedTable | ParseError

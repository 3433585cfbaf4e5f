"""The result types every parser returns: :class:`ParsedTable` or :class:`ParseError`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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


class ParsedTable:
    """A table extracted from text.

    ``frame`` is a pandas DataFrame with one string per cell (``""`` for an empty cell or a JSON
    null); its columns are the header strings (markup reduced to text, otherwise as written;
    duplicates allowed). ``headers`` and :meth:`rows` give the same content as plain lists.
    ``metadata`` carries a gold table's metadata (``sort_column``, ``sort_method``,
    ``column_headers``...) when the input had one. ``wide_rows`` keeps, for each body row
    written with more cells than the header (``ragged_row``), all its cells as written (the
    table holds them cut to the header's width). ``line_items`` maps the text of a cell written
    on several lines (``<br>`` in Markdown or HTML: the table holds the lines joined by a space)
    to its lines joined by ``"; "``, which the detector reads as a list's items.

    The DataFrame is built on first access: the detector works on the plain lists, so scoring
    thousands of samples never pays for pandas.
    """

    def __init__(
        self,
        frame: pd.DataFrame | None = None,
        format: str = "",
        warnings: list[ParseWarning] | None = None,
        name: str | None = None,
        metadata: dict[str, Any] | None = None,
        *,
        headers: list[str] | None = None,
        rows: list[list[str]] | None = None,
    ) -> None:
        if frame is None and headers is None:
            raise ValueError("ParsedTable needs a frame or headers (and rows)")
        self._frame = frame
        if frame is not None:
            self._headers = [str(c) for c in frame.columns]
            self._rows = [
                ["" if v is None else str(v) for v in row]
                for row in frame.to_numpy(dtype=object).tolist()
            ]
        else:
            assert headers is not None
            self._headers = [str(h) for h in headers]
            self._rows = [[str(v) for v in row] for row in rows or []]
        self.format = format
        self.warnings: list[ParseWarning] = list(warnings or [])
        self.name = name
        self.metadata = metadata
        self.wide_rows: dict[int, list[str]] = {}
        self.line_items: dict[str, str] = {}

    @property
    def frame(self) -> pd.DataFrame:
        """The table as a DataFrame of strings (built once, on first access)."""
        if self._frame is None:
            import pandas as pd

            columns = pd.Index(self._headers, dtype=object)
            if self._rows:
                self._frame = pd.DataFrame(self._rows, columns=columns, dtype=object)
            else:
                empty = {i: pd.Series([], dtype=object) for i in range(len(self._headers))}
                self._frame = pd.DataFrame(empty)
                self._frame.columns = columns
        return self._frame

    @property
    def headers(self) -> list[str]:
        """Header strings in column order."""
        return list(self._headers)

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, columns)."""
        return (len(self._rows), len(self._headers))

    def rows(self) -> list[list[str]]:
        """Body cells as a list of rows of strings."""
        return [list(row) for row in self._rows]

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

    def __repr__(self) -> str:
        return (
            f"ParsedTable(format={self.format!r}, shape={self.shape}, headers={self._headers!r}, "
            f"warnings={[w.code for w in self.warnings]!r})"
        )

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
        return cls(
            format=format,
            warnings=warnings,
            name=name,
            metadata=metadata,
            headers=headers,
            rows=rows,
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

"""Parsing model responses and gold tables into :class:`ParsedTable`.

- :func:`parse_response`: a raw model response (reasoning, prose, code fences, several drafts...)
  -> the table it gives, in any of Markdown, JSON, LaTeX, HTML, CSV or TSV.
- :func:`parse_gold`: a gold table in any shape (JSON value, text, DataFrame, ParsedTable).
- :func:`render`: a DataFrame as text in one of those formats.
- :func:`detect_format`: which format :func:`parse_response` would read.

None of them raises on text input: anything unusable is a :class:`ParseError` with the reason.
Line numbers in warnings and errors are 1-based lines of the text given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablehallu.config import FORMATS, Config
from tablehallu.parsers._build import cell_str, check_shape, check_size, shift_warning
from tablehallu.parsers.extract import Candidate, extract_table
from tablehallu.parsers.json_input import IntegerTooLong
from tablehallu.parsers.table import ParsedTable, ParseError, ParseWarning

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "ParseError",
    "ParseWarning",
    "ParsedTable",
    "detect_format",
    "parse_gold",
    "parse_response",
    "render",
]

RENDER_FORMATS: tuple[str, ...] = ("markdown", "json", "latex", "html", "csv", "tsv")


def _format_error(fmt: object) -> ParseError:
    return ParseError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")


def _parse_candidate(candidate: Candidate, config: Config) -> tuple[ParsedTable | ParseError, bool]:
    """Run the parser of the candidate's format on its text; True when the parser already gave
    positions in the whole response."""
    fmt = candidate.format
    offset = candidate.line - 1
    if fmt == "markdown":
        from tablehallu.parsers.markdown import parse_markdown

        return parse_markdown(
            candidate.text, config, at_end=candidate.at_end, line_offset=offset
        ), True
    if fmt == "html":
        from tablehallu.parsers.html import parse_html

        return parse_html(candidate.text, config, line_offset=offset), True
    if fmt in ("csv", "tsv"):
        from tablehallu.parsers.delimited import parse_delimited

        return parse_delimited(
            candidate.text, config, delimiter=candidate.delimiter, line_offset=offset
        ), True
    return _parse_other(candidate, config), False


def _parse_other(candidate: Candidate, config: Config) -> ParsedTable | ParseError:
    """JSON and LaTeX (readers from their own modules, loaded on first use)."""
    fmt = candidate.format
    if fmt == "json":
        if candidate.json_depth > config.max_json_depth:
            return ParseError(
                f"JSON nested {candidate.json_depth} levels deep, more than "
                f"max_json_depth={config.max_json_depth}",
                line=1,
                column=1,
                format="json",
            )
        try:
            from tablehallu.parsers.json_table import parse_json
        except ImportError as exc:
            return ParseError(f"the JSON reader is not available ({exc})", format="json")
        return parse_json(candidate.text, config)
    if fmt == "latex":
        try:
            from tablehallu.parsers.latex import parse_latex
        except ImportError as exc:
            return ParseError(f"the LaTeX reader is not available ({exc})", format="latex")
        return parse_latex(candidate.text, config)
    return ParseError(f"no reader for format {fmt!r}")  # pragma: no cover - formats are closed


def _relocate(
    result: ParsedTable | ParseError,
    candidate: Candidate,
    extra: list[ParseWarning],
    shifted: bool,
) -> ParsedTable | ParseError:
    """Move the parser's positions from the candidate text to the response (unless
    ``shifted``) and put the extraction warnings first."""
    offset = 0 if shifted else candidate.line - 1
    if isinstance(result, ParsedTable):
        result.warnings = list(extra) + [shift_warning(w, offset) for w in result.warnings]
        return result
    line = result.line + offset if result.line is not None else None
    column = result.column
    if column is not None and result.line == 1 and not shifted:
        column += candidate.column - 1
    return ParseError(
        result.reason,
        line=line,
        column=column,
        format=result.format or candidate.format,
        warnings=tuple(extra) + tuple(shift_warning(w, offset) for w in result.warnings),
    )


def _parse_text(
    text: object, format: str | None, config: Config | None, *, reasoning: bool
) -> ParsedTable | ParseError:
    config = config or Config()
    fmt = format or "auto"
    if not isinstance(fmt, str) or fmt.lower() not in FORMATS:
        return _format_error(fmt)
    fmt = fmt.lower()
    if fmt == "auto" and reasoning:
        fmt = config.format
    if not isinstance(text, str):
        return ParseError(f"expected text (str), got {type(text).__name__}")
    too_big = check_size(text, config)
    if too_big is not None:
        return too_big
    extraction = extract_table(text, fmt, config, reasoning=reasoning)
    candidate = extraction.candidate
    if candidate is None:
        return ParseError(
            extraction.reason or "no table found",
            line=extraction.line,
            warnings=tuple(extraction.warnings),
        )
    parsed, shifted = _parse_candidate(candidate, config)
    result = _relocate(parsed, candidate, extraction.warnings, shifted)
    if isinstance(result, ParsedTable):
        rows, columns = result.shape
        limit = check_shape(rows, columns, config, result.format)
        if limit is not None:
            return ParseError(limit.reason, line=candidate.line, format=result.format)
    return result


def _guarded(fn: Any, *args: Any, **kwargs: Any) -> ParsedTable | ParseError:
    try:
        result: ParsedTable | ParseError = fn(*args, **kwargs)
    except RecursionError:
        return ParseError("input nested too deeply to parse")
    except IntegerTooLong as exc:  # a Python int in API input
        return ParseError(f"cannot read the table: {exc}")
    except MemoryError:
        return ParseError("input too large to parse in memory")
    except Exception as exc:  # a reader bug must not take the caller down with it
        return ParseError(f"internal parser error: {type(exc).__name__}: {exc}")
    return result


def parse_response(
    text: str, format: str = "auto", config: Config | None = None
) -> ParsedTable | ParseError:
    """The table in a raw model response.

    ``format`` is ``auto`` (then ``config.format`` applies) or one of markdown, json, latex,
    html, csv, tsv; when the asked format is not in the response but another is, that table is
    read with the warning ``format_mismatch``. Reasoning blocks are dropped, the table after
    the last ``####`` line is preferred, then the last complete table (see
    :mod:`tablehallu.parsers.extract`). Limits (``max_bytes``, then ``max_rows`` and
    ``max_columns``) give a ParseError. Never raises.
    """
    return _guarded(_parse_text, text, format, config, reasoning=True)


def _frame_table(frame: pd.DataFrame, config: Config) -> ParsedTable | ParseError:
    rows, columns = int(frame.shape[0]), int(frame.shape[1])
    limit = check_shape(rows, columns, config, "dataframe")
    if limit is not None:
        return limit
    headers = [cell_str(c) for c in frame.columns]
    body = [[cell_str(v) for v in row] for row in frame.itertuples(index=False, name=None)]
    return ParsedTable.from_rows(headers, body, "dataframe")


def _parse_gold(gold: Any, config: Config | None) -> ParsedTable | ParseError:
    config = config or Config()
    if isinstance(gold, ParsedTable | ParseError):
        return gold
    if isinstance(gold, bytes | bytearray):
        gold = bytes(gold).decode("utf-8", errors="replace")
    if isinstance(gold, str):
        return _parse_text(gold, "auto", config, reasoning=False)
    if isinstance(gold, dict | list):
        try:
            from tablehallu.parsers.json_table import parse_json_value
        except ImportError as exc:
            return ParseError(f"the JSON reader is not available ({exc})", format="json")
        return parse_json_value(gold, config)
    import pandas as pd

    if isinstance(gold, pd.DataFrame):
        return _frame_table(gold, config)
    return ParseError(
        f"unsupported gold table of type {type(gold).__name__}; expected a JSON value "
        "(dict/list), text, a pandas DataFrame or a ParsedTable"
    )


def parse_gold(gold: Any, config: Config | None = None) -> ParsedTable | ParseError:
    """A gold table from any shape: a JSON value (dict/list, including the gold shape with
    metadata), a JSON/Markdown/HTML/LaTeX/CSV string, a DataFrame, or a ParsedTable (returned
    as is).

    Strings go through the same format detection as responses, without the reasoning-block
    handling (nothing of a gold table is dropped); the ``####`` preference still applies. A
    DataFrame's cells become strings (None/NaN -> "", 3.0 -> "3"). Never raises.
    """
    return _guarded(_parse_gold, gold, config)


def detect_format(text: str) -> str | None:
    """The format of the table :func:`parse_response` would read from ``text`` (None: no table)."""
    if not isinstance(text, str):
        return None
    try:
        candidate = extract_table(text, "auto").candidate
    except Exception:  # detection must never raise either
        return None
    return candidate.format if candidate is not None else None


def render(frame: pd.DataFrame, format: str, name: str = "Table") -> str:
    """``frame`` as text in ``format`` (markdown, json, latex, html, csv, tsv).

    ``name`` is the table name where the format has one (JSON). Each renderer's output parses
    back to the same cells with the matching reader. Raises ValueError for an unknown format.
    """
    fmt = format.lower() if isinstance(format, str) else format
    if fmt == "markdown":
        from tablehallu.parsers.markdown import render_markdown

        return render_markdown(frame)
    if fmt == "html":
        from tablehallu.parsers.html import render_html

        return render_html(frame)
    if fmt == "csv":
        from tablehallu.parsers.delimited import render_csv

        return render_csv(frame)
    if fmt == "tsv":
        from tablehallu.parsers.delimited import render_tsv

        return render_tsv(frame)
    if fmt == "json":
        from tablehallu.parsers.json_table import render_json

        return render_json(frame, name)
    if fmt == "latex":
        from tablehallu.parsers.latex import render_latex

        return render_latex(frame)
    raise ValueError(
        f"unknown render format {format!r}; expected one of {', '.join(RENDER_FORMATS)}"
    )

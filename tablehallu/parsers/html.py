"""HTML tables with the stdlib :mod:`html.parser`: reader and renderer.

The first ``<table>`` is read. Header rows are the rows in ``<thead>``, else the leading rows made
only of ``<th>`` cells, else the first row; several header rows are joined per column. ``colspan``
repeats a cell across columns, ``rowspan`` repeats it down the rows. Nested markup is reduced to
its text, entities are decoded, ``<br>`` and whitespace runs read as one space (as a browser shows
them); ``<script>``/``<style>`` content is ignored.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import TYPE_CHECKING

from tablehallu.config import Config
from tablehallu.parsers._build import build_table, cell_str, ragged_warnings, sanitize
from tablehallu.parsers.table import ParsedTable, ParseError, ParseWarning

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["parse_html", "render_html"]

_BLOCK_TAGS = frozenset(
    {"p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "tr", "table"}
)
_BREAK = "\x00"  # never in sanitized text
_FEED_CHUNK = 65_536
_TABLE_TAG_RE = re.compile(r"<(/?)table\b", re.IGNORECASE)
_TAG_NAME_RE = re.compile(r"</?([A-Za-z][^\t\n\r\f />\x00]*)")
#: Tags :class:`_TableReader` acts on; any other start or end tag changes nothing it reads.
_READ_TAGS = _BLOCK_TAGS | {
    "script",
    "style",
    "thead",
    "tbody",
    "tfoot",
    "td",
    "th",
    "caption",
    "br",
}


def _first_table_end(text: str) -> int:
    """Offset just past the ``</table>`` closing the first top-level table (or the end)."""
    depth = 0
    for m in _TABLE_TAG_RE.finditer(text):
        if not m.group(1):
            depth += 1
        elif depth > 0:
            depth -= 1
            if depth == 0:
                gt = text.find(">", m.end())
                return len(text) if gt == -1 else gt + 1
    return len(text)


def _complete_tags_only(text: str) -> str:
    """``text`` with every ``<`` that does not open a complete tag (``<name ...>`` with no other
    ``<`` before its ``>``) escaped as ``&lt;`` and comments replaced by their line breaks.

    html.parser rescans an unfinished construct at every later ``<``, which is quadratic on
    input such as ``<a<a<a...``; after this linear pass it only meets complete tags. Tags the
    table reader ignores (``<b>``, ``<span ...>``, ``</a>``) are dropped here (one spanning lines
    becomes ``<x>`` with its line breaks): html.parser spends ~7 µs on each tag, and a hostile
    cell can hold 100 000.
    """
    out: list[str] = []
    pos = 0
    next_gt = 0
    while True:
        lt = text.find("<", pos)
        if lt == -1:
            out.append(text[pos:])
            break
        out.append(text[pos:lt])
        if text.startswith("<!--", lt):
            end = text.find("-->", lt + 4)
            if end == -1:
                break  # an unclosed comment runs to the end of the input
            out.append("\n" * text.count("\n", lt, end))  # keeps line numbers
            pos = end + 3
            continue
        if next_gt != -1 and next_gt <= lt:
            next_gt = text.find(">", lt + 1)
        next_lt = text.find("<", lt + 1)
        opener = text[lt + 1 : lt + 2]
        if (
            next_gt != -1
            and (next_lt == -1 or next_gt < next_lt)
            and (opener.isascii() and (opener.isalpha() or opener in "/!?"))
        ):
            tag = text[lt : next_gt + 1]
            name = _TAG_NAME_RE.match(tag)
            if name is None or name.group(1).lower() in _READ_TAGS:
                out.append(tag)
            elif "\n" in tag:  # an empty tag keeps the line count, and adds no text
                out.append("<x" + "\n" * tag.count("\n") + ">")
            pos = next_gt + 1
        else:
            out.append("&lt;")
            pos = lt + 1
    return "".join(out)


def _collapse(text: str) -> str:
    """HTML whitespace runs (and line breaks) as single spaces, stripped."""
    for ch in "\t\n\r\f" + _BREAK:
        if ch in text:
            text = text.replace(ch, " ")
    return " ".join(part for part in text.split(" ") if part).strip()


@dataclass
class _Cell:
    parts: list[str] = field(default_factory=list)
    colspan: int = 1
    rowspan: int = 1
    header: bool = False


@dataclass
class _Row:
    line: int
    in_head: bool
    cells: list[_Cell] = field(default_factory=list)


def _span(value: str | None, limit: int) -> int:
    """A colspan/rowspan attribute as an int in [1, limit] (leading digits; else 1)."""
    if value is None:
        return 1
    digits = ""
    for ch in value.strip()[:9]:
        if ch not in "0123456789":
            break
        digits += ch
    return min(max(int(digits) if digits else 1, 1), limit)


class _TableReader(HTMLParser):
    """Collects the rows of the first top-level ``<table>``."""

    def __init__(self, config: Config, line_offset: int = 0) -> None:
        super().__init__(convert_charrefs=True)
        self.config = config
        self.span_limit = max(config.max_columns, config.max_rows) + 1
        self.over_limit: str | None = None
        self.line_offset = line_offset
        self.depth = 0
        self.done = False
        self.closed = False
        self.seen_table = False
        self.table_line = 1
        self.section = ""
        self.rows: list[_Row] = []
        self.cell: _Cell | None = None
        self.caption: list[str] | None = None
        self.caption_text: str | None = None
        self.skip = 0  # inside <script>/<style>
        self.row_open = False

    # A cell or row ends at the next cell/row/section even without its end tag.
    def _close_cell(self) -> None:
        self.cell = None

    def _new_row(self) -> None:
        self._close_cell()
        self.rows.append(_Row(self.getpos()[0] + self.line_offset, self.section == "thead"))
        # Header rows come on top of max_rows; the exact count is checked on the result.
        if len(self.rows) > self.config.max_rows + self.config.max_rows // 2 + 16:
            self._stop(f"the table has more than max_rows={self.config.max_rows} rows")

    def _stop(self, reason: str) -> None:
        """Stop reading: the table is over a size limit."""
        self.over_limit = reason
        self.done = True

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.done:
            return
        if tag in ("script", "style"):
            self.skip += 1
            return
        if tag == "table":
            self.depth += 1
            if self.depth == 1:
                self.seen_table = True
                self.table_line = self.getpos()[0] + self.line_offset
                self.row_open = False
                return
        if self.depth == 0:
            return
        if self.depth > 1:  # a nested table: its text joins the enclosing cell
            if self.cell is not None and tag in _BLOCK_TAGS | {"td", "th", "br"}:
                self.cell.parts.append(_BREAK)
            return
        if tag in ("thead", "tbody", "tfoot"):
            self._close_cell()
            self.section = tag
            self.row_open = False
        elif tag == "tr":
            self._new_row()
            self.row_open = True
        elif tag in ("td", "th"):
            if not self.row_open:
                self._new_row()
                self.row_open = True
            values = dict(attrs)
            self.cell = _Cell(
                colspan=_span(values.get("colspan"), self.span_limit),
                rowspan=_span(values.get("rowspan"), self.span_limit),
                header=tag == "th",
            )
            self.rows[-1].cells.append(self.cell)
            if len(self.rows[-1].cells) > self.config.max_columns:
                self._stop(f"a row has more than max_columns={self.config.max_columns} cells")
        elif tag == "caption":
            self._close_cell()
            self.caption = []
        elif self.cell is not None and (tag == "br" or tag in _BLOCK_TAGS):
            self.cell.parts.append(_BREAK)

    def handle_endtag(self, tag: str) -> None:
        if self.done:
            return
        if tag in ("script", "style"):
            self.skip = max(0, self.skip - 1)
            return
        if tag == "table" and self.depth > 0:
            self.depth -= 1
            if self.depth == 0:
                self._close_cell()
                self.done = True
                self.closed = True
            return
        if self.depth != 1:
            if self.cell is not None and tag in _BLOCK_TAGS:
                self.cell.parts.append(_BREAK)
            return
        if tag in ("td", "th"):
            self._close_cell()
        elif tag == "tr":
            self._close_cell()
            self.row_open = False
        elif tag in ("thead", "tbody", "tfoot"):
            self._close_cell()
            self.section = ""
            self.row_open = False
        elif tag == "caption" and self.caption is not None:
            self.caption_text = _collapse("".join(self.caption))
            self.caption = None
        elif self.cell is not None and tag in _BLOCK_TAGS:
            self.cell.parts.append(_BREAK)

    def handle_data(self, data: str) -> None:
        if self.done or self.skip or self.depth == 0:
            return
        if self.caption is not None:
            self.caption.append(data)
        elif self.cell is not None:
            self.cell.parts.append(data)


def _fill_pending(out: list[str], col: int, pending: dict[int, tuple[str, int]]) -> int:
    """Append the cells that rowspans from above put at ``col`` onwards; the next free column."""
    while col in pending:
        text, left = pending[col]
        out.append(text)
        if left <= 1:
            del pending[col]
        else:
            pending[col] = (text, left - 1)
        col += 1
    return col


def _expand(rows: list[_Row], limit: int, lines: dict[str, str] | None = None) -> list[list[str]]:
    """Cell texts per row with colspan repeated across and rowspan repeated down; ``lines``
    gets, for a cell written on several lines (``<br>``, a block), its text -> its lines
    joined by ``"; "``."""
    grid: list[list[str]] = []
    pending: dict[int, tuple[str, int]] = {}  # column -> (text, rows still to fill)
    for row in rows:
        out: list[str] = []
        col = 0
        for cell in row.cells:
            col = _fill_pending(out, col, pending)
            raw = "".join(cell.parts)
            text = _collapse(raw)
            if lines is not None and _BREAK in raw:
                pieces = [p for p in (_collapse(x) for x in raw.split(_BREAK)) if p]
                if len(pieces) > 1:
                    lines[text] = "; ".join(pieces)
            for _ in range(cell.colspan):
                if col > limit:
                    break
                out.append(text)
                if cell.rowspan > 1:
                    pending[col] = (text, cell.rowspan - 1)
                col += 1
        # rowspans from above that reach past this row's last cell
        last = max(pending) if pending else -1
        while col <= last:
            if col in pending:
                col = _fill_pending(out, col, pending)
            else:
                out.append("")
                col += 1
        grid.append(out)
    return grid


def _join_headers(header_rows: list[list[str]]) -> list[str]:
    """Several header rows as one: the distinct non-empty texts of each column, in order."""
    width = max(len(r) for r in header_rows)
    headers: list[str] = []
    for col in range(width):
        parts: list[str] = []
        for row in header_rows:
            text = row[col] if col < len(row) else ""
            if text and (not parts or parts[-1] != text):
                parts.append(text)
        headers.append(" ".join(parts))
    return headers


def parse_html(
    text: str, config: Config | None = None, *, line_offset: int = 0
) -> ParsedTable | ParseError:
    """Read the first ``<table>`` in ``text``.

    Line numbers are 1-based in ``text`` plus ``line_offset``.

    Warnings: ``ragged_row`` (a row's cell count after span expansion differs from the
    header's), ``empty_body``, ``truncated_table`` (no ``</table>``).
    """
    config = config or Config()
    if not isinstance(text, str):
        return ParseError(f"expected text, got {type(text).__name__}", format="html")
    text = sanitize(text)
    reader = _TableReader(config, line_offset)
    guarded = _complete_tags_only(text[: _first_table_end(text)])
    try:
        for start in range(0, len(guarded), _FEED_CHUNK):
            reader.feed(guarded[start : start + _FEED_CHUNK])
            if reader.done:  # the first table is complete; the rest is not read
                break
        reader.close()
    except (AssertionError, ValueError) as exc:  # e.g. a malformed <![ declaration
        return ParseError(f"unreadable HTML: {exc}", format="html")
    if reader.over_limit is not None:
        return ParseError(reader.over_limit, line=reader.table_line, format="html")
    if not reader.seen_table:
        return ParseError("no <table> element found", format="html")
    rows = [r for r in reader.rows if r.cells]
    if not rows:
        return ParseError("the <table> has no cells", line=reader.table_line, format="html")
    lines: dict[str, str] = {}
    grid = _expand(rows, config.max_columns, lines)

    n_head = sum(1 for r in rows if r.in_head)
    if n_head == 0:
        while n_head < len(rows) and all(c.header for c in rows[n_head].cells):
            n_head += 1
        n_head = max(n_head, 1)
    elif not all(r.in_head for r in rows[:n_head]):
        n_head = max(1, next(i for i, r in enumerate(rows) if not r.in_head))
    headers = _join_headers(grid[:n_head])
    body = grid[n_head:]
    body_lines = [r.line for r in rows[n_head:]]
    n_columns = len(headers)

    warnings = ragged_warnings(
        n_columns,
        [
            (line, len(cells), all(not c for c in cells[n_columns:]))
            for line, cells in zip(body_lines, body, strict=True)
        ],
    )
    if not reader.closed:
        warnings.append(
            ParseWarning(
                "truncated_table",
                "the <table> is never closed (no </table>)",
                body_lines[-1] if body_lines else rows[-1].line,
            )
        )
    if not body:
        warnings.append(
            ParseWarning("empty_body", "the table has a header but no data row", rows[0].line)
        )
    table = build_table(
        headers,
        body,
        "html",
        warnings,
        config,
        header_line=rows[0].line,
        name=reader.caption_text or None,
    )
    if isinstance(table, ParsedTable):
        table.line_items = lines
    return table


def _escape(value: object) -> str:
    text = cell_str(value).replace("\r\n", "\n").replace("\r", "\n")
    text = html.escape(text, quote=False)
    if "\n" in text:
        text = "<br>".join(text.split("\n"))
    return text


def render_html(frame: pd.DataFrame) -> str:
    """``frame`` as an HTML ``<table>`` with ``<thead>``/``<tbody>`` (cells escaped, line breaks as
    ``<br>``)."""
    lines = ["<table>", "  <thead>", "    <tr>"]
    lines += [f"      <th>{_escape(c)}</th>" for c in frame.columns]
    lines += ["    </tr>", "  </thead>", "  <tbody>"]
    for row in frame.itertuples(index=False, name=None):
        lines.append("    <tr>" + "".join(f"<td>{_escape(v)}</td>" for v in row) + "</tr>")
    lines += ["  </tbody>", "</table>"]
    return "\n".join(lines) + "\n"

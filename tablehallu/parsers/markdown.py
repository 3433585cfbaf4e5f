"""Markdown pipe tables: a tolerant reader built on markdown-it-py, and a renderer.

A well-formed GFM table is read by markdown-it (``commonmark`` + ``table`` + ``strikethrough``).
A block that markdown-it does not accept as a table (no separator row, a separator whose cell
count differs from the header, ...) is read by a fallback that splits rows on unescaped pipes
outside code spans; what is wrong with it is reported as structural warnings
(``missing_separator``, ``ragged_row``, ``empty_body``, ``truncated_table``).

Cell text keeps what was written, with inline markup reduced to text (``**b**`` -> ``b``,
links -> their text, ``<br>`` -> a space, entities decoded, ``\\|`` -> ``|``) and surrounding
whitespace stripped.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tablehallu.config import Config
from tablehallu.parsers._build import (
    build_table,
    cell_str,
    check_shape,
    ragged_warnings,
    sanitize,
)
from tablehallu.parsers.table import ParsedTable, ParseError, ParseWarning

if TYPE_CHECKING:
    import pandas as pd
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

__all__ = [
    "MarkdownBlock",
    "find_markdown_blocks",
    "parse_markdown",
    "render_markdown",
    "split_cells",
]

_HEADING_RE = re.compile(r" {0,3}#{1,6}(?:[ \t]|$)")
_BR_RE = re.compile(r"<br\s*/?>", re.IGNORECASE)
#: A row of only separator-like characters (dashes, colons, ``=``, ``+``, en/em dashes, pipes).
_SEPARATOR_LIKE_RE = re.compile("[|\\-:=+ \t\u2013\u2014\u2212]+")
_DASH_RE = re.compile("[\\-=\u2013\u2014\u2212]")
#: A GFM delimiter row: one non-empty ``:?-+:?`` cell per column, outer pipes optional.
_VALID_SEPARATOR_RE = re.compile(r"\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?")
_UNESCAPED_PIPE_RE = re.compile(r"(?<!\\)\|")
_BORDER_CHARS = frozenset("+-=: \t")
_BREAK = "\x00"  # never in sanitized text (NUL becomes U+FFFD)

_INLINE_SIGNIFICANT = frozenset("\\`*_[]<>&!~\n")
_md_instances: dict[str, MarkdownIt] = {}


def _md(block_only: bool = False) -> MarkdownIt:
    """The shared markdown-it parser; ``block_only`` leaves inline content unparsed (cells are
    then reduced to text one by one, skipping markdown-it for cells without markup)."""
    key = "block" if block_only else "full"
    if key not in _md_instances:
        from markdown_it import MarkdownIt

        md = MarkdownIt("commonmark").enable(["table", "strikethrough"])
        if block_only:
            md.disable("inline")
        _md_instances[key] = md
    return _md_instances[key]


# --- line-level helpers ---------------------------------------------------------------------


def _has_unescaped_pipe(line: str) -> bool:
    return "|" in line and _UNESCAPED_PIPE_RE.search(line) is not None


def _ends_with_pipe(line: str) -> bool:
    s = line.rstrip()
    return s.endswith("|") and not s.endswith("\\|")


def _code_span_ranges(line: str) -> list[tuple[int, int]]:
    """(start, end) of every code span in ``line``: a backtick run closed by the next run of the
    same length (CommonMark). Linear-time (one pass plus a per-length index)."""
    runs: list[tuple[int, int]] = []  # (start, length)
    i, n = 0, len(line)
    while i < n:
        j = line.find("`", i)
        if j == -1:
            break
        k = j
        while k < n and line[k] == "`":
            k += 1
        start, length = j, k - j
        if start > 0 and line[start - 1] == "\\":  # an escaped backtick cannot open a span
            start, length = start + 1, length - 1
        if length:
            runs.append((start, length))
        i = k
    by_length: dict[int, list[int]] = {}
    for idx, (_, length) in enumerate(runs):
        by_length.setdefault(length, []).append(idx)
    spans: list[tuple[int, int]] = []
    idx = 0
    while idx < len(runs):
        start, length = runs[idx]
        same = by_length[length]
        nxt = bisect.bisect_right(same, idx)
        if nxt < len(same):
            close = same[nxt]
            spans.append((start, runs[close][0] + length))
            idx = close + 1
        else:
            idx += 1
    return spans


def split_cells(line: str, code_spans: bool = False) -> list[str]:
    """Raw cell strings of one table row, as markdown-it splits them.

    Pipes preceded by a backslash do not split and lose the backslash; one leading and one
    trailing empty cell (the outer pipes) are dropped. With ``code_spans`` pipes inside
    backtick code spans do not split either (the fallback reader's tolerance).
    """
    s = line.strip(" \t")
    if code_spans and "`" in s:
        cells = _split_outside_spans(s, _code_span_ranges(s))
    elif "\\|" in s:
        cells = [c.replace("\\|", "|") for c in _UNESCAPED_PIPE_RE.split(s)]
    else:
        cells = s.split("|")
    if cells and cells[0] == "":
        cells.pop(0)
    if cells and cells[-1] == "":
        cells.pop()
    return cells


def _split_outside_spans(s: str, spans: list[tuple[int, int]]) -> list[str]:
    """``s`` split on unescaped pipes outside ``spans`` (escaped pipes lose the backslash)."""
    cells: list[str] = []
    last = 0
    span_i = 0
    for m in _UNESCAPED_PIPE_RE.finditer(s):
        pos = m.start()
        while span_i < len(spans) and spans[span_i][1] <= pos:
            span_i += 1
        if span_i < len(spans) and spans[span_i][0] <= pos:
            continue  # inside a code span
        cells.append(s[last:pos])
        last = pos + 1
    cells.append(s[last:])
    return [c.replace("\\|", "|") if "\\|" in c else c for c in cells]


def _separator_kind(line: str) -> str | None:
    """ "valid" for a GFM delimiter row, "malformed" for a row that is clearly meant as one
    (only dashes, colons, ``=``/``+``/en-dashes, pipes), else None."""
    s = line.strip()
    if not s or not _SEPARATOR_LIKE_RE.fullmatch(s) or not _DASH_RE.search(s):
        return None
    if "|" not in s and "-" not in s:
        return None
    return "valid" if _VALID_SEPARATOR_RE.fullmatch(s) else "malformed"


def _separator_cell_count(line: str) -> int:
    parts = [p.strip(" \t") for p in line.strip().split("|")]
    if parts and parts[0] == "":
        parts.pop(0)
    if parts and parts[-1] == "":
        parts.pop()
    return len(parts)


def _is_border(line: str) -> bool:
    """A grid-table border such as ``+-----+----+`` (skipped inside a pipe table)."""
    s = line.strip()
    return (
        len(s) >= 2
        and s[0] == "+"
        and s[-1] == "+"
        and set(s) <= _BORDER_CHARS
        and bool(set(s) & {"-", "="})
    )


# --- block detection ------------------------------------------------------------------------


@dataclass
class MarkdownBlock:
    """A run of table lines in a text.

    ``rows`` holds ``(line_index, content)`` (0-based line index, content stripped; grid borders
    left out). ``start``/``end`` are character offsets of the block in the text.
    ``continued_at`` lists the row indexes where rows resume after blank lines.
    """

    rows: list[tuple[int, str]] = field(default_factory=list)
    start: int = 0
    end: int = 0
    has_separator: bool = False
    continued_at: list[int] = field(default_factory=list)

    @property
    def first_line(self) -> int:
        """1-based line of the header row."""
        return self.rows[0][0] + 1

    def truncated(self, at_end: bool) -> bool:
        """The last row is cut off: rows close with ``|`` but the last one does not, and
        nothing follows the table (``at_end``)."""
        if not at_end or not self.rows:
            return False
        header = self.rows[0][1]
        last = self.rows[-1][1]
        closes = _ends_with_pipe(header) or (len(self.rows) == 1 and header.startswith("|"))
        return closes and not _ends_with_pipe(last)

    def complete(self, at_end: bool) -> bool:
        """Has a separator row and is not cut off."""
        return self.has_separator and not self.truncated(at_end)


def _qualifies(rows: list[tuple[int, str]], text_after_blank: bool) -> tuple[bool, bool]:
    """(is a table, has a separator row) for a run of pipe lines."""
    if len(rows) >= 2 and _separator_kind(rows[1][1]) is not None:
        return True, True
    if len(rows) >= 2:
        if all(c.startswith("|") for _, c in rows):
            return True, False
        counts = {len(split_cells(c)) for _, c in rows}
        return (len(counts) == 1 and min(counts) >= 2), False
    if len(rows) == 1:
        c = rows[0][1]
        if c.startswith("|") and len(c) >= 2:
            ok = _ends_with_pipe(c) or (text_after_blank and len(split_cells(c)) >= 2)
            return ok and _separator_kind(c) is None and any(split_cells(c)), False
    return False, False


def find_markdown_blocks(text: str) -> list[MarkdownBlock]:
    """Every Markdown pipe table in ``text``, in order.

    A table is a run of consecutive lines holding an unescaped ``|`` (a blank line, a heading or
    any line without a pipe ends it) that has a separator row as its second line, or two or more
    rows that all start with ``|`` (or all have the same two or more cells), or a single
    ``| ... |`` row. On a heading line such as ``#### | a | b |`` the table starts after the
    hashes, unless the next line is a separator whose cell count fits the whole line (a ``#``
    column header).
    """
    blocks: list[MarkdownBlock] = []
    current: list[tuple[int, str]] = []
    cur_start = 0
    cur_end = 0
    last_nonspace = len(text.rstrip())

    def flush(next_offset: int) -> None:
        nonlocal current
        rows = current
        current = []
        if (
            len(rows) > 1
            and _separator_kind(rows[0][1]) is not None
            and _separator_kind(rows[1][1]) is None
        ):
            rows = rows[1:]  # a stray separator above the header
        if not rows:
            return
        ok, has_sep = _qualifies(rows, next_offset >= last_nonspace)
        if ok:
            blocks.append(MarkdownBlock(rows, cur_start, cur_end, has_sep))

    if "|" not in text:
        return []
    lines = text.split("\n")
    offset = 0
    for idx, line in enumerate(lines):
        line_end = offset + len(line)
        if "|" not in line:  # no row here: a border inside a table, or the end of one
            if current:
                if _is_border(line):
                    cur_end = line_end
                else:
                    flush(offset)
            offset = line_end + 1
            continue
        content: str | None = None
        content_offset = offset
        heading = _HEADING_RE.match(line) if "#" in line[:4] else None
        if heading and _has_unescaped_pipe(line):
            rest = line[heading.end() :].strip()
            nxt = lines[idx + 1] if idx + 1 < len(lines) else ""
            whole_is_row = _separator_kind(nxt) is not None and _separator_cell_count(nxt) == len(
                split_cells(line)
            )
            flush(offset)
            if whole_is_row:
                content = line.strip()
                content_offset = offset + (len(line) - len(line.lstrip()))
            elif rest.startswith("|"):
                content = rest
                content_offset = offset + len(line.rstrip()) - len(rest)
        elif heading:
            flush(offset)
        elif current and "+" in line and _is_border(line):
            cur_end = line_end
        elif "\\" not in line or _UNESCAPED_PIPE_RE.search(line) is not None:  # has "|"
            content = line.strip()
            if not current:
                content_offset = offset + (len(line) - len(line.lstrip()))
        else:
            flush(offset)
        if content is not None:
            if not current:
                cur_start = content_offset
            current.append((idx, content))
            cur_end = line_end
        offset = line_end + 1
    flush(len(text))
    return _merge_continuations(text, blocks)


def _merge_continuations(text: str, blocks: list[MarkdownBlock]) -> list[MarkdownBlock]:
    """Join separator-less rows that follow a table after blank lines and have as many cells
    as its header: a blank line ends a GFM table, but the model meant one table."""
    merged: list[MarkdownBlock] = []
    for block in blocks:
        prev = merged[-1] if merged else None
        if (
            prev is not None
            and prev.has_separator
            and not block.has_separator
            and block.rows[0][1].startswith("|")
            and not text[prev.end : block.start].strip()
            and len(split_cells(block.rows[0][1])) == len(split_cells(prev.rows[0][1]))
        ):
            prev.continued_at.append(len(prev.rows))
            prev.rows.extend(block.rows)
            prev.end = block.end
            continue
        merged.append(block)
    return merged


# --- cell text ------------------------------------------------------------------------------


def _inline_parts(tokens: list[Token], parts: list[str]) -> None:
    for tok in tokens:
        kind = tok.type
        if kind in ("text", "text_special", "code_inline"):
            parts.append(tok.content)
        elif kind in ("softbreak", "hardbreak"):
            parts.append(_BREAK)
        elif kind == "html_inline":
            if _BR_RE.fullmatch(tok.content.strip()):
                parts.append(_BREAK)
        elif kind == "image" and tok.children:
            _inline_parts(tok.children, parts)


def _tokens_lines(tokens: list[Token]) -> list[str]:
    """The text of a cell's tokens, one item per line (``<br>`` and line breaks end a line)."""
    parts: list[str] = []
    _inline_parts(tokens, parts)
    joined = "".join(parts)
    if _BREAK not in joined:
        return [joined.strip()]
    return [p for p in (piece.strip() for piece in joined.split(_BREAK)) if p]


_PLAIN_MARKUP_RE = re.compile(r"[*_`~]+|<br\s*/?>", re.IGNORECASE)


#: What a ``[`` costs of the markup budget beyond its own character (see :class:`_CellReader`).
_BRACKET_EXTRA_COST = 19


class _CellReader:
    """Reduces raw cells (``\\|`` already unescaped) to plain text with markdown-it's inline
    parser, until ``budget`` characters of markup have been read; later cells get a plain reduction
    (emphasis and code marks dropped), so a markup-dense hostile table cannot stall parsing."""

    def __init__(self, budget: int) -> None:
        self.left = budget
        self.lines: dict[str, str] = {}  # text of a cell written on several lines -> "a; b"

    def __call__(self, raw: str) -> str:
        raw = raw.strip()
        if not raw or _INLINE_SIGNIFICANT.isdisjoint(raw):
            return raw
        # a "[" costs markdown-it ~30 us (a link label is tried at each), 20x a plain character
        self.left -= len(raw) + _BRACKET_EXTRA_COST * raw.count("[")
        if self.left < 0:
            return " ".join(_PLAIN_MARKUP_RE.sub(" ", raw).split())
        tokens = _md().parseInline(raw)
        lines = _tokens_lines(tokens[0].children or []) if tokens else [""]
        # A line break and the whitespace around it read as one space; the lines are kept
        # for the detector, which reads them as a list's items
        text = " ".join(lines)
        if len(lines) > 1:
            self.lines[text] = "; ".join(lines)
        return text


# --- parsing --------------------------------------------------------------------------------


#: Characters that can make markdown-it's block parser trim or split a row differently from
#: :func:`split_cells` (inline markup is handled per cell by :class:`_CellReader`).
_BLOCK_UNSAFE = frozenset({"\t", "\r", "\u00a0"})
#: Stand-ins for ``\\|`` while markdown-it reads a block (its row splitter copies the cell text
#: so far at every escaped pipe, quadratic in a row of many); the first one absent from the block
#: is used, and put back as ``|`` before a cell's inline markup is read.
_PIPE_STAND_INS = ("\x01", "\x02", "\x03", "\ue000")


def _pipe_rows(src: str, cell_text: _CellReader) -> list[list[str]] | None:
    """Header + body cells of a table that markdown-it's block parser reads exactly as
    :func:`split_cells` does: every line starts with ``|`` and ends with an unescaped ``|``
    (no line can then end the table early), no tab, CR or no-break space, and the separator and
    every row have the header's width. Cells with inline markup go through ``cell_text``.
    None otherwise (markdown-it reads it). A fast path: most model tables are this simple."""
    if not _BLOCK_UNSAFE.isdisjoint(src):
        return None
    lines = src.split("\n")
    if len(lines) < 2 or _separator_kind(lines[1]) != "valid":
        return None
    width = _separator_cell_count(lines[1])
    raw_rows: list[list[str]] = []
    for i, line in enumerate(lines):
        if len(line) < 2 or line[0] != "|" or line[-1] != "|" or line[-2] == "\\":
            return None
        if i == 1:
            continue
        cells = split_cells(line) if "\\" in line else line[1:-1].split("|")
        if len(cells) != width:
            return None
        raw_rows.append(cells)
    return [
        [c.strip(" ") if _INLINE_SIGNIFICANT.isdisjoint(c) else cell_text(c) for c in cells]
        for cells in raw_rows
    ]


#: Characters that can make markdown-it read a cell differently from a plain pipe split.
_PLAIN_UNSAFE = frozenset(_INLINE_SIGNIFICANT | _BLOCK_UNSAFE) - {"\n"}


def _plain_rows(src: str) -> list[list[str]] | None:
    """:func:`_pipe_rows` for a block without any character that can form inline markup, an
    entity, an escape or a code span (every cell is then its text, stripped)."""
    if not _PLAIN_UNSAFE.isdisjoint(src):
        return None
    return _pipe_rows(src, _CellReader(0))


def _markdown_it_rows(src: str, n_lines: int, cell_text: _CellReader) -> list[list[str]] | None:
    """Header + body cells when markdown-it reads all of ``src`` as one table, else None."""
    stand_in = None
    if "\\|" in src:
        stand_in = next((c for c in _PIPE_STAND_INS if c not in src), None)
        if stand_in is None:
            return None
        src = src.replace("\\|", stand_in)
    tokens = _md(block_only=True).parse(src)
    if not tokens or tokens[0].type != "table_open" or tokens[0].map != [0, n_lines]:
        return None
    rows: list[list[str]] = []
    current: list[str] = []
    for tok in tokens:
        if tok.type == "tr_open":
            current = []
        elif tok.type == "inline":
            content = tok.content if stand_in is None else tok.content.replace(stand_in, "|")
            current.append(cell_text(content))
        elif tok.type == "tr_close":
            rows.append(current)
        elif tok.type == "table_close":
            break
    return rows


def _leading_empty_cells(rows: list[tuple[int, str]], has_separator: bool) -> list[tuple[int, str]]:
    """``rows`` with an explicit empty first cell (``| `` prefixed) on every row whose leading
    ``|`` opens an empty cell rather than an outer pipe.

    A table written without outer pipes (its separator row, or its header row when it has
    none, does not start with ``|``) has no leading outer pipe on any row; once surrounding
    whitespace is stripped, a row whose first cell is empty (`` | 5 | 6``) starts with ``|``
    and would otherwise be read as ``5 | 6``, shifted one column to the left. The leading ``|``
    is read as a cell boundary unless the row would then have more cells than the table's
    width (a row written with outer pipes in a table without them).
    """
    style = rows[1][1] if has_separator and len(rows) > 1 else rows[0][1]
    if style.startswith("|"):
        return rows
    width = (
        _separator_cell_count(style)
        if has_separator and len(rows) > 1
        else len(split_cells(style, code_spans=True))
    )
    out = list(rows)
    for i, (line_index, content) in enumerate(rows):
        if has_separator and i == 1:
            continue
        if content.startswith("|") and len(split_cells(content, code_spans=True)) + 1 <= width:
            out[i] = (line_index, "| " + content)
    return out


def _parse_block(
    block: MarkdownBlock, config: Config, at_end: bool, line_offset: int
) -> ParsedTable | ParseError:
    base = 1 + line_offset  # block line indexes are 0-based
    rows = _leading_empty_cells(block.rows, block.has_separator)
    header_line, header_raw = rows[0]
    truncated = block.truncated(at_end)
    n_header = len(split_cells(header_raw, code_spans=True))
    n_body_lines = len(rows) - (2 if block.has_separator else 1)
    limit = check_shape(
        n_body_lines, max(n_header, len(split_cells(header_raw))), config, "markdown"
    )
    if limit is not None:
        return ParseError(limit.reason, line=header_line + base, format="markdown")

    src = "\n".join(content for _, content in rows)
    cell_text = _CellReader(config.max_markdown_markup_chars)
    it_rows = (
        (_pipe_rows(src, cell_text) or _markdown_it_rows(src, len(rows), cell_text))
        if block.has_separator
        else None
    )
    code_spans = it_rows is None
    warnings: list[ParseWarning] = []
    last_index = len(rows) - 1

    if it_rows is not None:
        headers = it_rows[0]
        body_cells = it_rows[1:]
    else:
        headers = [cell_text(c) for c in split_cells(header_raw, code_spans=True)]
        body_start = 2 if block.has_separator else 1
        body_cells = [
            [cell_text(c) for c in split_cells(content, code_spans=True)]
            for _, content in rows[body_start:]
        ]
    n_columns = len(headers)

    if block.has_separator:
        sep_line, sep_raw = rows[1]
        kind = _separator_kind(sep_raw)
        if kind == "malformed":
            warnings.append(
                ParseWarning(
                    "missing_separator",
                    "the separator row under the header is malformed (a GFM separator has only "
                    "'-', ':' and '|', one non-empty cell per column)",
                    sep_line + base,
                )
            )
        elif not (truncated and last_index == 1):
            n_sep = _separator_cell_count(sep_raw)
            if n_sep != n_columns:
                warnings.append(
                    ParseWarning(
                        "ragged_row",
                        f"the separator row has {n_sep} cells, the header has {n_columns}",
                        sep_line + base,
                    )
                )
    else:
        warnings.append(
            ParseWarning(
                "missing_separator",
                "no separator row (| --- |) under the header row",
                header_line + base,
            )
        )

    for index in block.continued_at:
        warnings.append(
            ParseWarning(
                "missing_separator",
                "rows resume after a blank line (which ends a GFM table) and were read as "
                "part of the table above",
                rows[index][0] + base,
            )
        )
    body_start = 2 if block.has_separator else 1
    counts: list[tuple[int, int, bool]] = []
    wide: dict[int, list[str]] = {}  # body rows as written, for a detector that re-reads them
    for index in range(body_start, len(rows)):
        if truncated and index == last_index:
            continue
        line_index, content = rows[index]
        raw = split_cells(content, code_spans=code_spans)
        extra_empty = all(not c.strip() for c in raw[n_columns:])
        counts.append((line_index + base, len(raw), extra_empty))
        if len(raw) > n_columns:
            wide[index - body_start] = [cell_text(c) for c in raw]
    warnings.extend(ragged_warnings(n_columns, counts))

    if truncated:
        last_line, _ = rows[last_index]
        warnings.append(
            ParseWarning(
                "truncated_table",
                "the last row is cut off (no closing '|' and nothing after the table)",
                last_line + base,
            )
        )
    if not body_cells:
        warnings.append(
            ParseWarning("empty_body", "the table has a header but no data row", header_line + base)
        )
    table = build_table(
        headers, body_cells, "markdown", warnings, config, header_line=header_line + base
    )
    if isinstance(table, ParsedTable):
        table.wide_rows = wide
        table.line_items = cell_text.lines
    return table


def parse_markdown(
    text: str,
    config: Config | None = None,
    *,
    at_end: bool | None = None,
    line_offset: int = 0,
) -> ParsedTable | ParseError:
    """Read the first Markdown pipe table in ``text``.

    Prose around the table is ignored. ``at_end`` says whether nothing follows the table in
    the original response (a row without its closing ``|`` is then ``truncated_table``); by
    default it is worked out from ``text``. Line numbers are 1-based in ``text``, plus
    ``line_offset`` (the line of ``text`` in a larger document, minus one).
    """
    config = config or Config()
    if not isinstance(text, str):
        return ParseError(f"expected text, got {type(text).__name__}", format="markdown")
    text = sanitize(text)
    if not text.strip():
        return ParseError("empty input", format="markdown")
    blocks = find_markdown_blocks(text)
    if not blocks:
        return ParseError(
            "no Markdown table found (no row of | separated cells)", format="markdown"
        )
    block = blocks[0]
    if at_end is None:
        at_end = not text[block.end :].strip()
    return _parse_block(block, config, at_end, line_offset)


# --- rendering ------------------------------------------------------------------------------

_ESCAPES = {
    "\\": "\\\\",
    "|": "\\|",
    "`": "\\`",
    "*": "\\*",
    "_": "\\_",
    "[": "\\[",
    "]": "\\]",
    "~": "\\~",
    "<": "&lt;",
    "&": "&amp;",
}
_ESCAPE_TABLE = str.maketrans(_ESCAPES)
_ONLY_DASHES_RE = re.compile(r"[-:\s]+")


def _escape_cell(value: Any) -> str:
    text = cell_str(value)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = text.strip().translate(_ESCAPE_TABLE)
    if "\n" in text:
        # A line break and the whitespace around it become one <br> (read back as a space).
        text = "<br>".join(p for p in (piece.strip() for piece in text.split("\n")) if p)
    if text and _ONLY_DASHES_RE.fullmatch(text):
        text = "\\" + text  # a cell of dashes would read as a separator row
    return text


def render_markdown(frame: pd.DataFrame) -> str:
    """A GFM pipe table of ``frame`` that :func:`parse_markdown` reads back to the same cells.

    Cells are stripped; Markdown-significant characters are escaped, line breaks become
    ``<br>`` (read back as one space).
    """
    headers = [_escape_cell(c) for c in frame.columns]
    lines = [
        "| " + " | ".join(headers) + " |",
        "| " + " | ".join("---" for _ in headers) + " |",
    ]
    for row in frame.itertuples(index=False, name=None):
        lines.append("| " + " | ".join(_escape_cell(v) for v in row) + " |")
    return "\n".join(lines) + "\n"

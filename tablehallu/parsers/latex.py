r"""LaTeX tables: parse the first ``tabular``-like environment into a ParsedTable; render one.

Environments: ``tabular``, ``tabular*``, ``tabularx``, ``tabulary``, ``longtable``, ``array``,
``tblr``, ``longtblr``, ``supertabular``, ``xtabular``, wherever they sit (inside ``table``,
``center``, ``$...$``, prose or a code fence). The first one is read; when more follow it,
``multiple_tables`` is warned. Its position and column arguments (``[t]``, ``{|l|c|r|}``,
``{\linewidth}{lX}``) are skipped; the column spec is not checked against the rows.

Structure (found by a linear scanner; only what is outside braces and nested environments counts):

* ``\\`` (also ``\\*``, ``\\[2pt]``), ``\tabularnewline`` and ``\cr`` end a row; ``&`` separates
  cells, ``\&`` is a literal ``&``. ``%`` starts a comment to the end of the line (``\%`` does
  not); the line break after a comment is kept as a space.
* Rules are dropped: ``\hline``, ``\toprule``, ``\midrule``, ``\bottomrule`` (with optional
  ``[width]``), ``\cline{..}``, ``\cmidrule(lr){..}``, ``\specialrule``, ``\addlinespace``,
  ``\hhline``, ``\cdashline``, ``\hdashline``, ``\rowcolor``, ``\noalign``. ``\label`` is dropped.
* longtable: ``\endfirsthead``, ``\endhead``, ``\endfoot``, ``\endlastfoot`` end a row group; the
  first head is kept, the repeated head (``\endhead`` after ``\endfirsthead``) and the feet are
  dropped.
* ``\caption{..}`` (in the environment, or in the ``table`` float around it) gives
  :attr:`ParsedTable.name`; a row left empty by removing it is dropped, as is any row that holds
  nothing but rules and spaces and no ``&``.
* ``\multicolumn{n}{spec}{x}`` that makes up a whole cell becomes ``n`` cells: ``x`` followed by
  ``n - 1`` empty cells (so a grouped header row has the same width as the body).
  ``\multirow{n}{*}{x}`` becomes ``x``; the cells below it stay as written (usually empty).
* The first row is the header. A row with another cell count than the header is padded with empty
  cells or cut to the header width and ``ragged_row`` is warned. No ``\end{..}`` (or an ``\end``
  of an outer environment first): what is there is read, including a partial last row, and
  ``truncated_table`` is warned. A header and no body: ``empty_body``. Two non-empty headers
  that are equal: ``duplicate_header``.
* A ``}`` that closes nothing, a ``{`` or ``\begin{..}`` still open at ``\end{tabular}``, or nesting
  deeper than ``Config.max_latex_depth``: a ParseError with the reason and 1-based line/column.

Cell text: pylatexenc's ``LatexWalker`` parses the cell and ``LatexNodes2Text`` reduces it to text
(``\textbf``, ``\textit``, ``\emph``, ``\underline``, ``\texttt``, ``{\bf x}``, ``\mathrm``, math
such as ``$12\%$`` or ``$-3.5$``, escapes ``\% \$ \_ \# \& \{ \}``, ``~`` as a space, ``--``/``---``
as the en/em dash they typeset). Colour, footnote and citation macros are dropped. Whitespace runs
become one space and the cell is stripped. A cell on which pylatexenc fails, and every cell once
a table's markup exceeds ``Config.max_latex_markup_chars``, gets a plain reduction instead (escapes
and common symbols resolved, colour/footnote/``\multirow`` arguments dropped, other commands and
braces removed). Comments are not line-joining here: ``12%...`` + newline + ``3`` reads ``12 3``.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pylatexenc import latexwalker, macrospec
from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db

from tablehallu.config import Config
from tablehallu.parsers._build import list_lines, ragged_warnings
from tablehallu.parsers.table import ParsedTable, ParseError, ParseWarning

if TYPE_CHECKING:
    import pandas as pd

FORMAT = "latex"

#: Table environments and the number of mandatory arguments before their body.
TABLE_ENVIRONMENTS: dict[str, int] = {
    "tabular": 1,
    "tabular*": 2,
    "tabularx": 2,
    "tabulary": 2,
    "longtable": 1,
    "array": 1,
    "tblr": 1,
    "longtblr": 1,
    "supertabular": 1,
    "xtabular": 1,
}
_FLOATS = frozenset({"table", "table*"})
_ROW_ENDS = frozenset({"\\", "tabularnewline", "cr"})
_GROUP_ENDS = frozenset({"endfirsthead", "endhead", "endfoot", "endlastfoot"})

# Every regex below is linear: alternatives start differently and bracketed arguments exclude
# both their opening and closing characters, so a failed match never rescans far.
_CONTROL = re.compile(r"\\(?:([A-Za-z@]+)|[\s\S])")
_BEGIN = re.compile(r"\\begin(?![A-Za-z@])")
_COMMENT = re.compile(r"\\(?:[A-Za-z@]+|[\s\S])|%[^\n]*")
_TOKEN = re.compile(r"\\(?:[A-Za-z@]+|[\s\S])?|[{}&]|[^\\{}&]+")
_ENV_NAME = re.compile(r"[ \t]*\{[ \t]*([A-Za-z]+\*?)[ \t]*\}")
_OPT_ARG = re.compile(r"\s*\[[^\[\]]*\]")
_DIMENSION = (
    r"(?:[-+]?(?:\d+(?:\.\d*)?|\.\d+)\s*)?(?:pt|mm|cm|in|ex|em|bp|pc|dd|cc|sp|mu|\\[A-Za-z]+)"
)
_ROW_END_TAIL = re.compile(rf"\*?(?:\s*\[\s*{_DIMENSION}\s*\])?")
_WIDTH = r"(?:[ \t]*\[[^\[\]\n]*\])?"
_BRACED = r"\s*\{[^{}]*\}"
_DECORATION = re.compile(
    r"\\(?:hline|firsthline|lasthline|hdashline|morecmidrules)(?![A-Za-z@])"
    rf"|\\(?:toprule|midrule|bottomrule)(?![A-Za-z@]){_WIDTH}"
    rf"|\\(?:cline|hhline|cdashline|noalign|label){_BRACED}"
    rf"|\\cmidrule(?![A-Za-z@])(?:\s*\[[^\[\]]*\])?(?:\s*\([^()]*\))?{_BRACED}"
    rf"|\\specialrule(?![A-Za-z@]){_BRACED}{_BRACED}{_BRACED}"
    r"|\\addlinespace(?![A-Za-z@])(?:\s*\[[^\[\]]*\])?"
    rf"|\\rowcolor(?![A-Za-z@])(?:\s*\[[^\[\]]*\])?{_BRACED}"
)
_CAPTION = re.compile(r"\\caption(?![A-Za-z@])\*?(?:\s*\[[^\[\]]*\])?")
_MULTICOLUMN = re.compile(r"\\multicolumn(?![A-Za-z@])")
_NEEDS_LATEX = re.compile(r"[\\{}$~`']|--")
#: A whole cell that is ``{}`` or one font command around text without markup.
_SIMPLE_MARKUP = re.compile(
    r"[ \t\n]*(?:\{\}|\\(?:textbf|textit|emph)\{((?:[^\\{}$~`'%-]|-(?!-))*)\})[ \t\n]*"
)


# --------------------------------------------------------------------------------------------
# pylatexenc set-up: argument specs for table macros and how each reduces to text
# --------------------------------------------------------------------------------------------


def _last_argument(n: Any, l2tobj: Any) -> str:
    args = [a for a in (n.nodeargd.argnlist if n.nodeargd else []) if a is not None]
    return str(l2tobj.nodelist_to_text([args[-1]])) if args else ""


def _first_and_second(n: Any, l2tobj: Any) -> str:
    args = [a for a in (n.nodeargd.argnlist if n.nodeargd else []) if a is not None]
    return " ".join(str(l2tobj.nodelist_to_text([a])) for a in args[:2])


_CONTENT_MACROS = {  # macro -> argument spec; text = the last argument
    "multicolumn": "{{{",
    "multirow": "[{[{[{",
    "textcolor": "[{{",
    "colorbox": "[{{",
    "href": "{{",
    "makecell": "[{",
    "thead": "[{",
    "shortstack": "[{",
    "num": "[{",
}
_PLAIN_MACROS = (  # one argument, reduced to its plain text
    *("texttt", "textsf", "textup", "textmd", "textsc", "textsl", "textrm", "textnormal"),
    *("mbox", "text", "url", "boldsymbol", "bm"),
    *("mathbf", "mathit", "mathsf", "mathtt", "mathbb", "mathcal", "mathrm"),
)
_DROPPED_MACROS = {  # macro -> argument spec; reduced to nothing
    "cellcolor": "[{",
    "rowcolor": "[{",
    "color": "[{",
    "label": "{",
    "footnote": "[{",
    "tnote": "{",
    "cite": "[{",
    "hspace": "*{",
    "vspace": "*{",
    "caption": "*[{",
}
_SYMBOLS = {"textasciicircum": "^", "textless": "<", "textgreater": ">", "textbar": "|"}
_OPT = r"(?:\s*\[[^\[\]]*\])?"
_PLAIN_DROP = re.compile(  # commands removed with their arguments (a text argument stays)
    r"\\(?:cellcolor|rowcolor|color|label|footnote|tnote|cite|hspace|vspace|caption)"
    rf"(?![A-Za-z@])\*?{_OPT}{_BRACED}"
    rf"|\\(?:textcolor|colorbox)(?![A-Za-z@]){_OPT}{_BRACED}"
    rf"|\\href(?![A-Za-z@]){_BRACED}"
    rf"|\\multirow(?![A-Za-z@]){_OPT}{_BRACED}{_OPT}{_BRACED}{_OPT}"
    rf"|\\multicolumn(?![A-Za-z@]){_BRACED}{_BRACED}"
)
_PLAIN_TOKEN = re.compile(
    r"\\([&%$#_{}])|\\([A-Za-z@]+)\*?(?:\{\})?|\\[\s\S]?|---|--|``|''|[{}$]|~"
)
_PLAIN_SYMBOLS = {
    **_SYMBOLS,
    "textbackslash": "\\",
    "textasciitilde": "~",
    "textdollar": "$",
    "textunderscore": "_",
    "textendash": "\u2013",
    "textemdash": "\u2014",
    "ldots": "\u2026",
    "dots": "\u2026",
    "times": "\u00d7",
    "pm": "\u00b1",
}
_PLAIN_LIGATURES = {"---": "\u2014", "--": "\u2013", "``": "\u201c", "''": "\u201d", "~": " "}


def _build_contexts() -> tuple[Any, Any]:
    walker_db = latexwalker.get_default_latex_context_db()
    specs = {**_CONTENT_MACROS, **dict.fromkeys(_PLAIN_MACROS, "{"), **_DROPPED_MACROS, "SI": "[{{"}
    walker_db.add_context_category(
        "tablehallu",
        prepend=True,
        macros=[macrospec.MacroSpec(name, spec) for name, spec in specs.items()]
        + [macrospec.MacroSpec(name, "") for name in _SYMBOLS],
    )
    text_db = get_default_latex_context_db()
    text_db.add_context_category(
        "tablehallu",
        prepend=True,
        macros=[MacroTextSpec(name, simplify_repl=_last_argument) for name in _CONTENT_MACROS]
        + [MacroTextSpec(name, simplify_repl=_last_argument) for name in _PLAIN_MACROS]
        + [MacroTextSpec(name, discard=True) for name in _DROPPED_MACROS]
        + [MacroTextSpec("SI", simplify_repl=_first_and_second)]
        + [MacroTextSpec(name, simplify_repl=text) for name, text in _SYMBOLS.items()],
    )
    return walker_db, text_db


_WALKER_DB, _TEXT_DB = _build_contexts()
_TO_TEXT = LatexNodes2Text(latex_context=_TEXT_DB, math_mode="text")


# --------------------------------------------------------------------------------------------
# public API
# --------------------------------------------------------------------------------------------


class _Failure(Exception):
    """Internal: aborts parsing with a ParseError at a position."""

    def __init__(self, reason: str, pos: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.pos = pos


@dataclass
class _Row:
    cells: list[str]  # LaTeX source of each cell
    start: int  # offset where the row's source starts
    group_end: str | None = None  # longtable marker that closed this row group


@dataclass
class _Scan:
    rows: list[_Row]
    end: int | None  # offset just after \end{env}; None when the environment was not closed
    truncation: str | None = None


def parse_latex(text: str, config: Config) -> ParsedTable | ParseError:
    """Parse the first LaTeX table environment in ``text`` (see the module docstring)."""
    if not isinstance(text, str):
        return ParseError(f"expected LaTeX text, got {type(text).__name__}", format=FORMAT)
    size = len(text.encode("utf-8", errors="replace"))
    if size > config.max_bytes:
        return ParseError(
            f"LaTeX input is {size} bytes, more than max_bytes={config.max_bytes}", format=FORMAT
        )
    # Removing comments only shortens the ends of lines, so every remaining character keeps its
    # line and column.
    clean = text
    if "%" in text:
        clean = _COMMENT.sub(lambda m: "" if m.group().startswith("%") else m.group(), text)
    lines = _LineIndex(clean)
    try:
        return _parse(clean, lines, config)
    except _Failure as exc:
        line, column = lines.locate(exc.pos) if exc.pos is not None else (None, None)
        return ParseError(exc.reason, line=line, column=column, format=FORMAT)
    except RecursionError:
        return ParseError(
            f"LaTeX nesting is too deep to read (max_latex_depth={config.max_latex_depth})",
            format=FORMAT,
        )


def render_latex(frame: pd.DataFrame) -> str:
    r"""The paper's LaTeX style: ``\begin{tabular}{|l|...|}``, ``\hline``, ``\textbf`` headers.

    Special characters are escaped so that :func:`parse_latex` reads back every cell and header
    with its whitespace runs collapsed to one space and stripped; missing values (None/NaN) are
    written as empty cells.
    """
    spec = "|" + "|".join("l" * len(frame.columns)) + "|"
    header = " & ".join(f"\\textbf{{{_escape(str(c))}}}" for c in frame.columns)
    lines = [f"\\begin{{tabular}}{{{spec}}}", "\\hline", f"{header} \\\\", "\\hline"]
    for row in frame.itertuples(index=False, name=None):
        lines.append(" & ".join(_escape(_value_text(v)) for v in row) + " \\\\")
    lines += ["\\hline", "\\end{tabular}"]
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# parsing
# --------------------------------------------------------------------------------------------


@dataclass
class _Env:
    name: str
    start: int  # offset of \begin
    after: int  # offset after \begin{name}


class _LineIndex:
    """Offsets to 1-based (line, column)."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def locate(self, pos: int) -> tuple[int, int]:
        i = bisect.bisect_right(self.starts, pos) - 1
        return i + 1, pos - self.starts[i] + 1

    def line(self, pos: int) -> int:
        return self.locate(pos)[0]


def _parse(clean: str, lines: _LineIndex, config: Config) -> ParsedTable | ParseError:
    envs = _table_environments(clean)
    if not envs:
        return ParseError(
            "no LaTeX table environment found (expected \\begin{tabular}, tabularx, "
            "longtable, array, ...)",
            format=FORMAT,
        )
    env = envs[0]
    body_start = _skip_arguments(clean, env)
    if body_start is None:
        raise _Failure(
            f"the column specification of \\begin{{{env.name}}} is not closed", env.start
        )
    scan = _scan(clean, body_start, env, lines, config)

    rows = _select_row_groups(scan.rows)
    reducer = _Reducer(config.max_latex_markup_chars)
    name: str | None = None
    cleaned: list[tuple[list[str], int]] = []
    for row in rows:
        cells = []
        for src in row.cells:
            src, caption = _take_caption(src)
            if caption is not None and name is None:
                name = reducer.text(caption)
            cells.append(_DECORATION.sub(" ", src))
        if len(cells) == 1 and not cells[0].strip():
            continue
        cleaned.append((cells, row.start))
    if not cleaned:
        reason = "the table environment has no rows"
        if scan.truncation:
            reason += f" ({scan.truncation})"
        raise _Failure(reason, env.start)
    if len(cleaned) - 1 > config.max_rows:
        raise _Failure(f"{len(cleaned) - 1} rows, more than max_rows={config.max_rows}", env.start)

    table_rows: list[tuple[list[str], int]] = []
    for cells, start in cleaned:
        first = _first_content(clean, start)
        expanded: list[str] = []
        for src in cells:
            text, span = _cell(src, reducer)
            if span > config.max_columns or len(expanded) + span > config.max_columns:
                raise _Failure(f"row has more than max_columns={config.max_columns} columns", first)
            expanded.append(text)
            expanded.extend([""] * (span - 1))
        table_rows.append((expanded, first))

    header, header_pos = table_rows[0]
    width = len(header)
    body: list[list[str]] = []
    counts: list[tuple[int, int, bool]] = []
    for cells, pos in table_rows[1:]:
        if len(cells) != width:
            counts.append((lines.line(pos), len(cells), not any(cells[width:])))
            cells = (cells + [""] * width)[:width]
        body.append(cells)

    warnings = _duplicate_headers(header, lines.line(header_pos))
    warnings += ragged_warnings(width, counts)
    if scan.truncation:
        warnings.append(ParseWarning("truncated_table", scan.truncation, lines.line(len(clean))))
    if not body:
        warnings.append(
            ParseWarning(
                "empty_body", "the table has a header but no data row", lines.line(header_pos)
            )
        )
    later = [e for e in envs if scan.end is not None and e.start >= scan.end]
    if later:
        warnings.append(
            ParseWarning(
                "multiple_tables",
                f"{len(later) + 1} table environments found; the first "
                f"(line {lines.line(env.start)}) was used",
                lines.line(later[0].start),
            )
        )
    if name is None:
        name = _float_caption(clean, env, scan.end, reducer)
    return ParsedTable.from_rows(header, body, FORMAT, warnings=warnings, name=name or None)


def _duplicate_headers(header: list[str], line: int) -> list[ParseWarning]:
    """``duplicate_header`` per non-empty header string naming several columns (the empty
    headers that ``\\multicolumn`` leaves are expected)."""
    positions: dict[str, list[int]] = {}
    for i, h in enumerate(header, start=1):
        if h:
            positions.setdefault(h, []).append(i)
    return [
        ParseWarning(
            "duplicate_header", f"header {h!r} names {len(cols)} columns ({list_lines(cols)})", line
        )
        for h, cols in positions.items()
        if len(cols) > 1
    ]


def _table_environments(clean: str) -> list[_Env]:
    found = []
    for m in _BEGIN.finditer(clean):
        if _escaped(clean, m.start()):
            continue  # "\\begin" is a line break followed by the word "begin"
        em = _ENV_NAME.match(clean, m.end())
        if em and em.group(1) in TABLE_ENVIRONMENTS:
            found.append(_Env(em.group(1), m.start(), em.end()))
    return found


def _escaped(text: str, pos: int) -> bool:
    """Whether the backslash at ``pos`` is itself escaped (an odd run of backslashes before it)."""
    run = 0
    while pos - run - 1 >= 0 and text[pos - run - 1] == "\\":
        run += 1
    return run % 2 == 1


def _skip_arguments(clean: str, env: _Env) -> int | None:
    pos = env.after
    opt = _OPT_ARG.match(clean, pos)
    if opt:
        pos = opt.end()
    for _ in range(TABLE_ENVIRONMENTS[env.name]):
        group = _read_argument(clean, pos, braced_only=True)
        if group is None:
            brace = _skip_space(clean, pos)
            # "{" that never closes: None; no argument written at all: the body starts here.
            return None if brace < len(clean) and clean[brace] == "{" else pos
        pos = group[1]
    return pos


def _scan(clean: str, pos: int, env: _Env, lines: _LineIndex, config: Config) -> _Scan:
    rows: list[_Row] = []
    cells: list[str] = []
    buf: list[str] = []
    row_start = pos
    braces: list[int] = []
    nested: list[tuple[str, int]] = []
    limit = config.max_latex_depth

    def end_row(group_end: str | None = None) -> None:
        nonlocal buf, cells
        last = "".join(buf)
        if cells or group_end is not None or (last and not last.isspace()):
            cells.append(last)
            rows.append(_Row(cells, row_start, group_end))
        cells, buf = [], []

    n = len(clean)
    while pos < n:
        m = _TOKEN.match(clean, pos)
        assert m is not None  # the alternatives cover every character
        tok, tpos, pos = m.group(), m.start(), m.end()
        at_top = not braces and not nested
        if tok == "{":
            braces.append(tpos)
            if len(braces) + len(nested) > limit:
                raise _Failure(f"nesting deeper than max_latex_depth={limit}", tpos)
        elif tok == "}":
            if not braces:
                raise _Failure("unbalanced braces: this '}' closes no '{'", tpos)
            braces.pop()
        elif tok == "&" and at_top:
            cells.append("".join(buf))
            buf = []
            if len(cells) >= config.max_columns:
                raise _Failure(f"row has more than max_columns={config.max_columns} columns", tpos)
            continue
        elif tok.startswith("\\"):
            word = tok[1:]
            if at_top and word in _ROW_ENDS:
                tail = _ROW_END_TAIL.match(clean, pos)
                pos = tail.end() if tail else pos
                end_row()
                row_start = pos
                continue
            if at_top and word in _GROUP_ENDS:
                end_row(word)
                row_start = pos
                continue
            if word in ("begin", "end"):
                em = _ENV_NAME.match(clean, pos)
                if em is not None:
                    name = em.group(1)
                    if word == "begin":
                        nested.append((name, tpos))
                        if len(braces) + len(nested) > limit:
                            raise _Failure(f"nesting deeper than max_latex_depth={limit}", tpos)
                    elif nested and nested[-1][0] == name:
                        nested.pop()
                    elif any(open_name == name for open_name, _ in nested) or (
                        name == env.name and nested
                    ):
                        inner, inner_pos = nested[-1]
                        raise _Failure(
                            f"this \\begin{{{inner}}} is still open at \\end{{{name}}} "
                            f"on line {lines.line(tpos)}",
                            inner_pos,
                        )
                    elif name == env.name:
                        if braces:
                            raise _Failure(
                                f"unbalanced braces: this '{{' is still open at \\end{{{name}}} "
                                f"on line {lines.line(tpos)}",
                                braces[0],
                            )
                        end_row()
                        return _Scan(rows, em.end())
                    else:
                        end_row()
                        return _Scan(
                            rows,
                            None,
                            f"\\end{{{name}}} (line {lines.line(tpos)}) comes before "
                            f"\\end{{{env.name}}}; the rows up to it were read",
                        )
                    buf.append(clean[tpos : em.end()])
                    pos = em.end()
                    continue
        buf.append(tok)
    end_row()
    return _Scan(
        rows,
        None,
        f"the input ends before \\end{{{env.name}}}; the rows up to it were read and the last "
        "one may be incomplete",
    )


def _select_row_groups(rows: list[_Row]) -> list[_Row]:
    """Drop longtable's repeated head and feet; keep the first head and the body."""
    has_first_head = any(r.group_end == "endfirsthead" for r in rows)
    kept: list[_Row] = []
    group: list[_Row] = []
    for row in rows:
        group.append(row)
        if row.group_end is None:
            continue
        marker = row.group_end
        if marker == "endfirsthead" or (marker == "endhead" and not has_first_head):
            kept.extend(group)
        group = []
    kept.extend(group)
    return kept


def _first_content(clean: str, start: int) -> int:
    """Offset of the first character of a row that is not space or a rule (for line numbers)."""
    pos = start
    while True:
        nxt = _skip_space(clean, pos)
        m = _DECORATION.match(clean, nxt)
        if m is None or m.end() == nxt:
            return min(nxt, max(len(clean) - 1, 0))
        pos = m.end()


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    return pos


def _read_argument(text: str, pos: int, braced_only: bool = False) -> tuple[str, int] | None:
    """One macro argument at ``pos`` (after spaces): a balanced ``{...}`` group or one token."""
    pos = _skip_space(text, pos)
    if pos >= len(text):
        return None
    if text[pos] != "{":
        if braced_only or text[pos] in "}&":
            return None
        m = _CONTROL.match(text, pos)
        end = m.end() if m else pos + 1
        return text[pos:end], end
    depth = 0
    i = pos
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return text[pos + 1 : i], i + 1
        i += 1
    return None


def _take_caption(src: str) -> tuple[str, str | None]:
    m = _CAPTION.search(src)
    if m is None:
        return src, None
    arg = _read_argument(src, m.end(), braced_only=True)
    if arg is None:
        return src[: m.start()] + src[m.end() :], None
    return src[: m.start()] + src[arg[1] :], arg[0]


def _float_caption(clean: str, env: _Env, env_end: int | None, reducer: _Reducer) -> str | None:
    """Caption of the ``table`` float that holds the environment, if any."""
    float_start: int | None = None
    for m in _CONTROL.finditer(clean, 0, env.start):
        if m.group(1) in ("begin", "end"):
            em = _ENV_NAME.match(clean, m.end())
            if em and em.group(1) in _FLOATS:
                float_start = m.end() if m.group(1) == "begin" else None
    if float_start is None:
        return None
    regions = [(float_start, env.start)]
    if env_end is not None:
        stop = len(clean)
        for m in _CONTROL.finditer(clean, env_end):
            if m.group(1) in ("begin", "end"):
                em = _ENV_NAME.match(clean, m.end())
                if em and em.group(1) in _FLOATS:
                    stop = m.start()
                    break
        regions.append((env_end, stop))
    for start, stop in regions:
        _, caption = _take_caption(clean[start:stop])
        if caption is not None:
            return reducer.text(caption) or None
    return None


# --------------------------------------------------------------------------------------------
# cells
# --------------------------------------------------------------------------------------------


def _cell(src: str, reducer: _Reducer) -> tuple[str, int]:
    """Text of one cell and the number of columns it spans."""
    stripped = src.strip()
    m = _MULTICOLUMN.match(stripped)
    if m is not None:
        span_arg = _read_argument(stripped, m.end())
        spec_arg = _read_argument(stripped, span_arg[1]) if span_arg else None
        content = _read_argument(stripped, spec_arg[1]) if spec_arg else None
        if span_arg and content:
            span_text = span_arg[0].strip()
            span = int(span_text) if span_text.isdigit() and int(span_text) > 0 else 1
            return reducer.text(content[0] + stripped[content[1] :]), span
    return reducer.text(stripped), 1


class _Reducer:
    """Reduces cell markup to text: pylatexenc within a character budget, else a plain pass."""

    def __init__(self, budget: int) -> None:
        self.budget = budget

    def text(self, src: str) -> str:
        if _NEEDS_LATEX.search(src) is None:
            return " ".join(src.split())
        simple = _SIMPLE_MARKUP.fullmatch(src)
        if simple is not None:  # what pylatexenc gives for "{}" and "\textbf{plain text}"
            return " ".join((simple.group(1) or "").split())
        if len(src) > self.budget:
            return " ".join(_plain_text(src).split())
        self.budget -= len(src)
        return _latex_text(src)


@lru_cache(maxsize=4096)
def _latex_text(src: str) -> str:
    """pylatexenc's text of ``src`` (cached: cells repeat across the responses of a run)."""
    try:
        text = _TO_TEXT.latex_to_text(src, latex_context=_WALKER_DB, tolerant_parsing=True)
    except RecursionError:
        raise
    except Exception:  # pylatexenc raises assorted errors on malformed macro arguments
        text = _plain_text(src)
    return " ".join(str(text).split())


def _plain_text(src: str) -> str:
    """Markup to text without pylatexenc: escapes resolved, other commands and braces removed."""

    def token(m: re.Match[str]) -> str:
        if m.group(1):
            return m.group(1)
        if m.group(2):
            return _PLAIN_SYMBOLS.get(m.group(2), "")
        tok = m.group()
        if tok.startswith("\\"):
            return " "
        return _PLAIN_LIGATURES.get(tok, "")

    return _PLAIN_TOKEN.sub(token, _PLAIN_DROP.sub("", src))


# --------------------------------------------------------------------------------------------
# rendering
# --------------------------------------------------------------------------------------------

_ESCAPES = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}
# Character pairs that TeX (and pylatexenc) would merge into one glyph: -- `` '' ?` !`
_LIGATURES = re.compile(r"(?<=-)(?=-)|(?<=`)(?=`)|(?<=')(?=')|(?<=[?!])(?=`)")


def _escape(text: str) -> str:
    text = " ".join(text.split())
    if not text:
        return "{}"
    out = "".join(_ESCAPES.get(ch, ch) for ch in text)
    out = _LIGATURES.sub("{}", out)
    # A cell starting with [ or * right after \\ would be read as the \\ argument.
    return "{}" + out if out[0] in "[*" else out


def _value_text(value: Any) -> str:
    import pandas as pd

    if value is None or value is pd.NA or (isinstance(value, float) and value != value):
        return ""
    return value if isinstance(value, str) else str(value)

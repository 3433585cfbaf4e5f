"""Property: any table of strings rendered to Markdown, HTML, CSV or TSV parses back equal.

"Equal" means: same number of columns and rows, and every header and cell equals the original
string after the whitespace rule of the format (the same rule the parser applies):

- CSV/TSV: line ends normalised (``\\r\\n``/``\\r`` -> ``\\n``), then surrounding whitespace
  stripped. Everything else, embedded newlines included, comes back exactly.
- Markdown: a table cell is one line, so each run of whitespace that holds a line break reads as
  one space (the renderer writes ``<br>``); then stripped.
- HTML: runs of HTML whitespace (space, tab, CR, LF, FF) read as one space, as a browser shows
  them; then stripped.
"""

from __future__ import annotations

import pandas as pd
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tablehallu.parsers import parse_response, render
from tablehallu.parsers.delimited import parse_delimited
from tablehallu.parsers.html import parse_html
from tablehallu.parsers.markdown import parse_markdown
from tablehallu.parsers.table import ParsedTable

SPECIAL = [*"|\\\"',;*_`[]<>&~#!-:= \t\n\r", "<br>", "&amp;", "**", "\\|", "```", "---"]
# a leading U+FEFF is a byte-order mark, which every reader strips by design: not cell content
CHARS = st.one_of(
    st.sampled_from(SPECIAL),
    st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\ufeff"),
)
CELL = st.lists(CHARS, max_size=8).map("".join)


@st.composite
def tables(draw: st.DrawFn, min_columns: int = 1) -> tuple[list[str], list[list[str]]]:
    n_columns = draw(st.integers(min_columns, 5))
    headers = draw(st.lists(CELL, min_size=n_columns, max_size=n_columns))
    rows = draw(
        st.lists(st.lists(CELL, min_size=n_columns, max_size=n_columns), min_size=0, max_size=5)
    )
    return headers, rows


def _frame(headers: list[str], rows: list[list[str]]) -> pd.DataFrame:
    return ParsedTable.from_rows(headers, rows, "test").frame


def _lines(s: str) -> str:
    return s.replace("\r\n", "\n").replace("\r", "\n")


def canon_delimited(s: str) -> str:
    return _lines(s).strip()


def canon_markdown(s: str) -> str:
    pieces = (p.strip() for p in _lines(s).split("\n"))
    return " ".join(p for p in pieces if p).strip()


def canon_html(s: str) -> str:
    s = _lines(s)
    for ch in "\t\n\f":
        s = s.replace(ch, " ")
    return " ".join(p for p in s.split(" ") if p).strip()


def _assert_equal(result: object, headers: list[str], rows: list[list[str]], canon: object) -> None:
    assert isinstance(result, ParsedTable), result
    assert callable(canon)
    assert result.headers == [canon(h) for h in headers]
    assert result.rows() == [[canon(c) for c in row] for row in rows]
    structural = {w.code for w in result.structural_warnings}
    assert structural <= ({"empty_body"} if not rows else set()), result.warnings


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(tables())
def test_markdown_roundtrip(table: tuple[list[str], list[list[str]]]) -> None:
    headers, rows = table
    text = render(_frame(headers, rows), "markdown")
    _assert_equal(parse_markdown(text), headers, rows, canon_markdown)
    _assert_equal(parse_response(text), headers, rows, canon_markdown)


@SETTINGS
@given(tables())
def test_html_roundtrip(table: tuple[list[str], list[list[str]]]) -> None:
    headers, rows = table
    text = render(_frame(headers, rows), "html")
    _assert_equal(parse_html(text), headers, rows, canon_html)
    _assert_equal(parse_response(text), headers, rows, canon_html)


@SETTINGS
@given(tables())
def test_csv_roundtrip(table: tuple[list[str], list[list[str]]]) -> None:
    headers, rows = table
    text = render(_frame(headers, rows), "csv")
    _assert_equal(parse_delimited(text, delimiter=","), headers, rows, canon_delimited)


@SETTINGS
@given(tables())
def test_tsv_roundtrip(table: tuple[list[str], list[list[str]]]) -> None:
    headers, rows = table
    text = render(_frame(headers, rows), "tsv")
    _assert_equal(parse_delimited(text, delimiter="\t"), headers, rows, canon_delimited)


PLAIN_CELL = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="<#\ufeff"),
    max_size=8,
)


@SETTINGS
@given(
    st.integers(2, 4).flatmap(
        lambda n: st.lists(st.lists(PLAIN_CELL, min_size=n, max_size=n), min_size=2, max_size=5)
    )
)
def test_delimited_roundtrip_through_parse_response(cells: list[list[str]]) -> None:
    """With an explicit format, the dispatcher hands the whole payload to the CSV/TSV reader
    (text without '<' and '#' so that no reasoning tag or '####' marker line can appear, and
    without U+FEFF, which at the very start of a response is a byte-order mark; at least one
    visible character, else the response is empty)."""
    assume(any(c.strip() for row in cells for c in row))
    headers, rows = cells[0], cells[1:]
    frame = _frame(headers, rows)
    for fmt in ("csv", "tsv"):
        result = parse_response(render(frame, fmt), format=fmt)
        _assert_equal(result, headers, rows, canon_delimited)
        assert isinstance(result, ParsedTable) and result.format == fmt

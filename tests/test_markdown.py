"""The Markdown reader: GFM tables via markdown-it, the tolerant fallback and its warnings."""

from __future__ import annotations

import pytest

from tablehallu.parsers import parse_response, render
from tablehallu.parsers.markdown import find_markdown_blocks, parse_markdown, split_cells
from tablehallu.parsers.table import ParsedTable, ParseError


def table(text: str, **kwargs: object) -> ParsedTable:
    result = parse_markdown(text, **kwargs)  # type: ignore[arg-type]
    assert isinstance(result, ParsedTable), result
    return result


def codes(result: ParsedTable) -> list[str]:
    return [w.code for w in result.warnings]


# --- cell text ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("**bold**", "bold"),
        ("*em* and _em_", "em and em"),
        ("`code`", "code"),
        ("[link text](https://example.com)", "link text"),
        ("![alt *text*](img.png)", "alt text"),
        ("~~old~~ new", "old new"),
        ("a<br>b", "a b"),
        ("a <br/> b", "a b"),
        ("a<BR />b", "a b"),
        ("<b>x</b>", "x"),
        ("AT&amp;T &lt;x&gt;", "AT&T <x>"),
        ("&#52;&#x32;", "42"),
        ("\\*not em\\*", "*not em*"),
        ("C:\\path", "C:\\path"),
        ("  padded  ", "padded"),
        ("1,234.5", "1,234.5"),
        ("MiXeD Case", "MiXeD Case"),
    ],
)
def test_inline_markup_is_reduced_to_text(cell: str, expected: str) -> None:
    well_formed = table(f"| h |\n|---|\n| {cell} |\n")
    assert well_formed.rows() == [[expected]]
    fallback = table(f"| h |\n| {cell} |\n")  # no separator: the fallback reader
    assert fallback.rows() == [[expected]]


def test_escaped_pipes_stay_in_the_cell() -> None:
    result = table("| a | b |\n|---|---|\n| x \\| y | z |\n")
    assert result.rows() == [["x | y", "z"]]
    assert codes(result) == []


def test_gfm_code_spans_do_not_protect_pipes_but_the_fallback_does() -> None:
    gfm = table("| a | b |\n|---|---|\n| `p|q` | r |\n")
    assert gfm.rows() == [["`p", "q`"]]  # GFM: the pipe splits; 3 cells, one dropped
    assert codes(gfm) == ["ragged_row"]
    fallback = table("| a | b |\n| `p|q` | r |\n")
    assert fallback.rows() == [["p|q", "r"]]
    assert codes(fallback) == ["missing_separator"]


def test_empty_cells_are_empty_strings_and_text_is_kept_as_written() -> None:
    result = table("|Team|Pts|Note|\n|-|-|-|\n|  Hawks  ||  N/A |\n")
    assert result.headers == ["Team", "Pts", "Note"]
    assert result.rows() == [["Hawks", "", "N/A"]]


def test_missing_outer_pipes_and_alignment_colons() -> None:
    result = table("A | B | C\n:-- | :-: | --:\n1 | 2 | 3\n")
    assert result.headers == ["A", "B", "C"]
    assert result.rows() == [["1", "2", "3"]]
    assert codes(result) == []


def test_without_outer_pipes_a_row_starting_with_an_empty_cell_is_not_shifted() -> None:
    # TabXBench writes tables without outer pipes; a row whose first cell is empty then starts
    # with "|" once indented whitespace is stripped: that pipe opens the empty cell
    text = "% Change | 2008 | Item\n--- | --- | ---\n65% | $1,224 | Net\n | $7,199 | Other\n"
    result = table(text)
    assert result.rows() == [["65%", "$1,224", "Net"], ["", "$7,199", "Other"]]
    assert codes(result) == []
    # empty first and last cells together
    assert table("a | b | c\n--- | --- | ---\n | 5 | \n").rows() == [["", "5", ""]]
    # a row written with outer pipes in such a table keeps its cells (it would overflow)
    assert table("a | b\n--- | ---\n| 1 | 2 |\n").rows() == [["1", "2"]]
    # with outer pipes the leading pipe is an outer pipe, as before
    assert table("| a | b |\n|---|---|\n| | 2 |\n").rows() == [["", "2"]]


# --- structural warnings ----------------------------------------------------------------------


def test_separator_with_a_different_cell_count_is_ragged_and_names_its_line() -> None:
    result = table("| A | B | C |\n|---|---|\n| 1 | 2 | 3 |\n")
    assert result.rows() == [["1", "2", "3"]]
    [warning] = result.warnings
    assert (warning.code, warning.line) == ("ragged_row", 2)
    assert "2 cells" in warning.message and "3" in warning.message


def test_rows_with_extra_cells_keep_the_header_width() -> None:
    result = table("| A | B |\n|---|---|\n| 1 | 2 | 3 |\n| 4 | 5 |\n| 6 | 7 |  |\n")
    assert result.rows() == [["1", "2"], ["4", "5"], ["6", "7"]]
    [warning] = result.warnings
    assert (warning.code, warning.line) == ("ragged_row", 3)
    assert "3, 5" in warning.message and "dropped" in warning.message


def test_extra_empty_trailing_cells_are_reported_as_empty() -> None:
    result = table("| A | B |\n|---|---|\n| 1 | 2 | |\n")
    assert result.rows() == [["1", "2"]]
    assert "empty" in result.warnings[0].message


def test_rows_with_missing_cells_are_padded() -> None:
    result = table("| A | B | C |\n|---|---|---|\n| 1 |\n| 2 | 3 | 4 |\n")
    assert result.rows() == [["1", "", ""], ["2", "3", "4"]]
    assert [(w.code, w.line) for w in result.warnings] == [("ragged_row", 3)]


def test_missing_separator_reads_the_first_row_as_header() -> None:
    result = table("| A | B |\n| 1 | 2 |\n")
    assert result.headers == ["A", "B"]
    assert result.rows() == [["1", "2"]]
    assert [(w.code, w.line) for w in result.warnings] == [("missing_separator", 1)]


def test_separator_of_equals_signs_is_malformed() -> None:
    result = table("| A | B |\n| === | === |\n| 1 | 2 |\n")
    assert result.rows() == [["1", "2"]]
    assert [(w.code, w.line) for w in result.warnings] == [("missing_separator", 2)]


def test_header_without_body_is_an_empty_body() -> None:
    result = table("| Player |\n| --- |")
    assert result.headers == ["Player"]
    assert result.rows() == []
    assert codes(result) == ["empty_body"]


def test_last_row_cut_off_at_the_end_is_truncated() -> None:
    result = table("| A | B |\n|---|---|\n| 1 | 2 |\n| 3 | 4")
    assert result.rows() == [["1", "2"], ["3", "4"]]
    assert [(w.code, w.line) for w in result.warnings] == [("truncated_table", 4)]


def test_row_without_closing_pipe_followed_by_text_is_not_truncated() -> None:
    result = table("| A | B |\n|---|---|\n| 1 |\n| 3 | 4 |\n", at_end=False)
    assert codes(result) == ["ragged_row"]
    result = table("| A | B |\n|---|---|\n| 1 | 2\n\nThat is all.")
    assert codes(result) == []


def test_cut_inside_the_separator_row() -> None:
    result = table("| A | B | C |\n|---|--")
    assert result.headers == ["A", "B", "C"]
    assert codes(result) == ["truncated_table", "empty_body"]


def test_duplicate_headers_are_kept_and_reported() -> None:
    result = table("| A | A | B |\n|---|---|---|\n| 1 | 2 | 3 |\n")
    assert result.headers == ["A", "A", "B"]
    assert codes(result) == ["duplicate_header"]


def test_grid_table_borders_are_skipped() -> None:
    result = table("+---+---+\n| A | B |\n+===+===+\n| 1 | 2 |\n+---+---+\n")
    assert result.rows() == [["1", "2"]]
    assert codes(result) == ["missing_separator"]


def test_no_table_is_an_error() -> None:
    assert isinstance(parse_markdown("just prose, no pipes"), ParseError)
    assert isinstance(parse_markdown(""), ParseError)


def test_line_numbers_are_those_of_the_response() -> None:
    response = "Some reasoning.\n\nMore reasoning.\n\n| A | B |\n|---|---|\n| 1 | 2 | 3 |\n"
    result = parse_response(response)
    assert isinstance(result, ParsedTable)
    [warning] = result.warnings
    assert (warning.code, warning.line) == ("ragged_row", 7)
    assert "line(s) 7" in warning.message


# --- block detection --------------------------------------------------------------------------


def test_prose_with_a_stray_pipe_is_not_a_table() -> None:
    assert find_markdown_blocks("Use a | b to pipe.\nThen stop.") == []
    assert find_markdown_blocks("cat x | sort\nls | wc -l | tee\n") == []


def test_blank_line_separates_tables() -> None:
    blocks = find_markdown_blocks("| a |\n|---|\n| 1 |\n\n| b |\n|---|\n| 2 |\n")
    assert [b.first_line for b in blocks] == [1, 5]


def test_rows_after_blank_lines_continue_the_table_when_they_fit() -> None:
    result = table("| A | B |\n|---|---|\n\n| 1 | 2 |\n\n| 3 | 4 |\n")
    assert result.rows() == [["1", "2"], ["3", "4"]]
    assert [(w.code, w.line) for w in result.warnings] == [
        ("missing_separator", 4),
        ("missing_separator", 6),
    ]
    other_width = find_markdown_blocks("| A | B |\n|---|---|\n| 1 | 2 |\n\n| x | y | z |\n")
    assert len(other_width) == 2
    after_prose = find_markdown_blocks("| A | B |\n|---|---|\n\nNote.\n\n| 1 | 2 |\n")
    assert len(after_prose) == 2


def test_heading_marker_line_and_rank_column() -> None:
    result = table("#### | A | B |\n|---|---|\n| 1 | 2 |\n")
    assert result.headers == ["A", "B"]
    result = table("# | Player\n--|--\n1 | Lowry\n")
    assert result.headers == ["#", "Player"]


@pytest.mark.parametrize(
    ("line", "code_spans", "cells"),
    [
        ("| a | b |", False, [" a ", " b "]),
        ("a | b", False, ["a ", " b"]),
        ("| a \\| b |", False, [" a | b "]),
        ("| `a|b` | c |", False, [" `a", "b` ", " c "]),
        ("| `a|b` | c |", True, [" `a|b` ", " c "]),
        ("| ``a`|b`` | c |", True, [" ``a`|b`` ", " c "]),
        ("| `a | b", True, [" `a ", " b"]),
        ("| a || b |", False, [" a ", "", " b "]),
    ],
)
def test_split_cells(line: str, code_spans: bool, cells: list[str]) -> None:
    assert split_cells(line, code_spans=code_spans) == cells


def test_render_escapes_what_markdown_would_interpret() -> None:
    frame = ParsedTable.from_rows(
        ["a|b", "*c*"], [["x\\|y", "<think>"], ["---", "line\nbreak"]], "test"
    ).frame
    text = render(frame, "markdown")
    assert "<think>" not in text
    back = parse_response(text)
    assert isinstance(back, ParsedTable)
    assert back.headers == ["a|b", "*c*"]
    assert back.rows() == [["x\\|y", "<think>"], ["---", "line break"]]


def test_a_cell_written_on_several_lines_keeps_its_lines_as_items() -> None:
    table = parse_markdown("| Field | Value |\n|---|---|\n| occupation | lawyer<br>politician |\n")
    assert isinstance(table, ParsedTable)
    assert table.rows() == [["occupation", "lawyer politician"]]  # the text as before
    assert table.line_items == {"lawyer politician": "lawyer; politician"}

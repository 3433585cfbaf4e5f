"""The HTML and CSV/TSV readers and renderers."""

from __future__ import annotations

import pytest

from tablehallu.parsers import parse_response, render
from tablehallu.parsers.delimited import consistent_delimiter, parse_delimited
from tablehallu.parsers.html import parse_html
from tablehallu.parsers.table import ParsedTable, ParseError


def ok(result: ParsedTable | ParseError) -> ParsedTable:
    assert isinstance(result, ParsedTable), result
    return result


def codes(result: ParsedTable) -> list[str]:
    return [w.code for w in result.warnings]


# --- HTML -------------------------------------------------------------------------------------


def test_html_thead_and_tbody() -> None:
    result = ok(
        parse_html(
            "<table><thead><tr><th>Team</th><th>Wins</th></tr></thead>"
            "<tbody><tr><td>Hawks</td><td>46</td></tr></tbody></table>"
        )
    )
    assert result.format == "html"
    assert result.headers == ["Team", "Wins"]
    assert result.rows() == [["Hawks", "46"]]
    assert codes(result) == []


def test_html_header_from_leading_th_rows_or_first_row() -> None:
    th_rows = ok(parse_html("<table><tr><th>A</th></tr><tr><td>1</td></tr></table>"))
    assert (th_rows.headers, th_rows.rows()) == (["A"], [["1"]])
    td_only = ok(parse_html("<table><tr><td>A</td></tr><tr><td>1</td></tr></table>"))
    assert (td_only.headers, td_only.rows()) == (["A"], [["1"]])
    row_header = ok(
        parse_html(
            "<table><tr><th>Name</th><th>Pts</th></tr><tr><th>Lowry</th><td>18</td></tr></table>"
        )
    )
    assert row_header.rows() == [["Lowry", "18"]]


def test_html_text_markup_entities_and_whitespace() -> None:
    result = ok(
        parse_html(
            "<table><tr><th> Player\n  name </th><th>Note</th></tr>"
            "<tr><td><a href='x'><b>Kyle</b> Lowry</a></td>"
            "<td>AT&amp;T&nbsp;&#8364;<br>line<script>alert(1)</script><style>p{}</style></td>"
            "</tr></table>"
        )
    )
    assert result.headers == ["Player name", "Note"]
    assert result.rows() == [["Kyle Lowry", "AT&T\u00a0€ line"]]


def test_html_colspan_and_rowspan() -> None:
    result = ok(
        parse_html(
            "<table><tr><th>A</th><th>B</th><th>C</th></tr>"
            "<tr><td rowspan=3>x</td><td colspan=2>y</td></tr>"
            "<tr><td>1</td><td>2</td></tr>"
            "<tr><td>3</td><td>4</td></tr></table>"
        )
    )
    assert result.rows() == [["x", "y", "y"], ["x", "1", "2"], ["x", "3", "4"]]
    assert codes(result) == []


def test_html_multi_row_header_is_joined_per_column() -> None:
    result = ok(
        parse_html(
            "<table><thead><tr><th rowspan=2>Team</th><th colspan=2>Score</th></tr>"
            "<tr><th>Q1</th><th>Q2</th></tr></thead>"
            "<tbody><tr><td>Hawks</td><td>20</td><td>25</td></tr></tbody></table>"
        )
    )
    assert result.headers == ["Team", "Score Q1", "Score Q2"]


def test_html_caption_is_the_name_and_nested_tables_are_text() -> None:
    result = ok(
        parse_html(
            "<table><caption>Box score</caption><tr><th>A</th></tr>"
            "<tr><td>x<table><tr><td>inner</td></tr></table></td></tr></table>"
        )
    )
    assert result.name == "Box score"
    assert result.rows() == [["x inner"]]


def test_html_inline_tags_spanning_lines_keep_text_and_line_numbers() -> None:
    # tags the reader ignores are dropped before html.parser sees them: text and lines unchanged
    result = ok(
        parse_html(
            "<table>\n<tr><th>A</th><th>B</th></tr>\n<tr><td><span\nclass='x'>Ann</span"
            "\n>e<b><b><b>x</b></b></b></td><td>1</td></tr>\n<tr><td>2</td></tr>\n</table>"
        )
    )
    assert result.rows() == [["Annex", "1"], ["2", ""]]
    assert [(w.code, w.line) for w in result.warnings] == [("ragged_row", 6)]


def test_html_warnings() -> None:
    unclosed = ok(parse_html("<table>\n<tr><th>A</th></tr>\n<tr><td>1</td></tr>\n"))
    assert [(w.code, w.line) for w in unclosed.warnings] == [("truncated_table", 3)]
    ragged = ok(parse_html("<table><tr><th>A</th><th>B</th></tr><tr><td>1</td></tr></table>"))
    assert ragged.rows() == [["1", ""]]
    assert codes(ragged) == ["ragged_row"]
    empty = ok(parse_html("<table><tr><th>A</th></tr></table>"))
    assert codes(empty) == ["empty_body"]


def test_html_without_a_table_is_an_error() -> None:
    assert isinstance(parse_html("<p>no table</p>"), ParseError)
    assert isinstance(parse_html("<table></table>"), ParseError)


def test_render_html_escapes() -> None:
    frame = ParsedTable.from_rows(["<a>", "b"], [["x & y", "1\n2"]], "test").frame
    text = render(frame, "html")
    assert "<th>&lt;a&gt;</th>" in text and "x &amp; y" in text and "1<br>2" in text
    back = ok(parse_html(text))
    assert back.headers == ["<a>", "b"]
    assert back.rows() == [["x & y", "1 2"]]


# --- CSV / TSV --------------------------------------------------------------------------------


def test_csv_quoting_and_embedded_newlines() -> None:
    result = ok(parse_delimited('A,B\n"x, y","say ""hi"""\n"multi\nline",2\n', delimiter=","))
    assert result.rows() == [["x, y", 'say "hi"'], ["multi\nline", "2"]]
    assert result.format == "csv"


@pytest.mark.parametrize(
    ("text", "delimiter", "fmt"),
    [
        ("a\tb\n1\t2\n", "\t", "tsv"),
        ("a,b\n1,2\n", ",", "csv"),
        ("a;b\n1;2\n", ";", "csv"),
        ("a|b\n1|2\n", "|", "csv"),
    ],
)
def test_delimiter_is_sniffed(text: str, delimiter: str, fmt: str) -> None:
    assert consistent_delimiter(text) == delimiter
    result = ok(parse_delimited(text))
    assert (result.format, result.headers, result.rows()) == (fmt, ["a", "b"], [["1", "2"]])


def test_semicolon_csv_with_decimal_commas() -> None:
    result = ok(parse_delimited("Team;Avg\nHawks;1,5\nMagic;2,25\n"))
    assert result.rows() == [["Hawks", "1,5"], ["Magic", "2,25"]]


def test_csv_ragged_rows_name_their_lines() -> None:
    result = ok(parse_delimited('A,B\n1,2,3\n"multi\nline"\n4,5\n', delimiter=","))
    assert result.rows() == [["1", "2"], ["multi\nline", ""], ["4", "5"]]
    assert [(w.code, w.line) for w in result.warnings] == [("ragged_row", 2), ("ragged_row", 3)]


def test_csv_unterminated_quote_is_truncated() -> None:
    result = ok(parse_delimited('A,B\n1,"cut off\n', delimiter=","))
    assert codes(result) == ["truncated_table"]


def test_csv_header_only_and_empty() -> None:
    assert codes(ok(parse_delimited("A,B\n", delimiter=","))) == ["empty_body"]
    assert isinstance(parse_delimited("   \n"), ParseError)
    assert isinstance(parse_delimited("a,b", delimiter="ab"), ParseError)


def test_csv_blank_lines_are_skipped_but_quoted_empty_cells_kept() -> None:
    result = ok(parse_delimited('A\n\n""\nx\n', delimiter=","))
    assert result.rows() == [[""], ["x"]]


def test_render_csv_and_tsv() -> None:
    frame = ParsedTable.from_rows(["A", "B"], [["x, y", " 1 "], ['q"', "a\tb"]], "test").frame
    assert render(frame, "csv") == 'A,B\n"x, y",1\n"q""",a\tb\n'
    assert render(frame, "tsv") == 'A\tB\nx, y\t1\n"q"""\t"a\tb"\n'


def test_auto_detects_csv_only_for_a_consistent_payload() -> None:
    csv_result = ok(parse_response("Team,Wins\nHawks,46\n"))
    assert csv_result.format == "csv"
    assert isinstance(parse_response("Hello, here is what I found.\nNothing else."), ParseError)
    tsv = ok(parse_response("```\nA\tB\n1\t2\n```"))
    assert tsv.format == "tsv"


def test_an_html_cell_written_on_several_lines_keeps_its_lines_as_items() -> None:
    from tablehallu.parsers.html import parse_html
    from tablehallu.parsers.table import ParsedTable

    table = parse_html(
        "<table><tr><th>Field</th><th>Value</th></tr>"
        "<tr><td>occupation</td><td>lawyer<br>politician</td></tr></table>"
    )
    assert isinstance(table, ParsedTable)
    assert table.rows() == [["occupation", "lawyer politician"]]
    assert table.line_items == {"lawyer politician": "lawyer; politician"}

r"""The LaTeX table reader and writer: environments, markup, traps, errors and hostile input.

Round-trip equality (the hypothesis property): any DataFrame of strings (no control or surrogate
characters) written by :func:`render_latex` and read by :func:`parse_latex` gives the same
headers and cells after each has its whitespace runs collapsed to one space and is stripped
(LaTeX itself typesets any whitespace run as one space).
"""

from __future__ import annotations

import pandas as pd
import pytest
from _normalize_helpers import finishes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablehallu.config import Config
from tablehallu.parsers.latex import parse_latex, render_latex
from tablehallu.parsers.table import ParsedTable, ParseError

CFG = Config()
PLAIN = Config(max_latex_markup_chars=0)  # every cell through the plain reduction


def table(text: str, config: Config = CFG) -> ParsedTable:
    result = parse_latex(text, config)
    assert isinstance(result, ParsedTable), f"expected a table, got {result}"
    return result


def error(text: str, config: Config = CFG) -> ParseError:
    result = parse_latex(text, config)
    assert isinstance(result, ParseError), f"expected an error, got {result}"
    return result


def codes(t: ParsedTable) -> list[str]:
    return [w.code for w in t.warnings]


def tab(body: str, spec: str = "ll", env: str = "tabular") -> str:
    return f"\\begin{{{env}}}{{{spec}}}\n{body}\n\\end{{{env}}}"


# ------------------------------------------------------------------------------- structure


PAPER = r"""\begin{tabular}{|l|c|r|}
\hline
\textbf{Column1} & \textbf{Column2} & \textbf{Column3} \\
\hline
Value1 & Value2 & Value3 \\
Value4 & Value5 & Value6 \\
\hline
\end{tabular}"""


def test_paper_prompt_format() -> None:
    t = table(PAPER)
    assert t.format == "latex"
    assert t.headers == ["Column1", "Column2", "Column3"]
    assert t.rows() == [["Value1", "Value2", "Value3"], ["Value4", "Value5", "Value6"]]
    assert t.warnings == []


def test_table_inside_prose_and_a_fence() -> None:
    t = table("Here it is:\n```latex\n" + PAPER + "\n```\nHope this helps.")
    assert t.shape == (2, 3)


@pytest.mark.parametrize(
    ("begin", "end"),
    [
        (r"\begin{tabular}{ll}", r"\end{tabular}"),
        (r"\begin{tabular}[t]{ll}", r"\end{tabular}"),
        (r"\begin{tabular*}{\textwidth}{@{\extracolsep{\fill}}ll}", r"\end{tabular*}"),
        (r"\begin{tabularx}{\linewidth}{l>{\raggedright\arraybackslash}X}", r"\end{tabularx}"),
        (r"\begin{longtable}[c]{p{3cm}l}", r"\end{longtable}"),
        (r"$\begin{array}{cc}", r"\end{array}$"),
        (r"\begin{table}\centering\begin{tabular}{ll}", r"\end{tabular}\end{table}"),
        (r"\begin{center}\begin{tabular}{ll}", r"\end{tabular}\end{center}"),
    ],
)
def test_environments(begin: str, end: str) -> None:
    t = table(f"{begin}\nA & B \\\\\n1 & 2 \\\\\n{end}")
    assert t.headers == ["A", "B"]
    assert t.rows() == [["1", "2"]]
    assert t.warnings == []


def test_environment_without_column_spec_is_still_read() -> None:
    assert table("\\begin{tabular} A & B \\\\ 1 & 2 \\end{tabular}").rows() == [["1", "2"]]


@pytest.mark.parametrize(
    "rule",
    [
        r"\hline",
        r"\toprule",
        r"\midrule",
        r"\bottomrule",
        r"\toprule[1.5pt]",
        r"\cline{1-2}",
        r"\cmidrule(lr){1-2}",
        r"\cmidrule[0.5pt](l){2-2}",
        r"\specialrule{1pt}{2pt}{2pt}",
        r"\addlinespace[3pt]",
        r"\hhline{|=|=|}",
        r"\rowcolor[gray]{0.9}",
        r"\hline\hline",
    ],
)
def test_rules_are_dropped(rule: str) -> None:
    t = table(tab(f"{rule}\nA & B \\\\ {rule}\n1 & 2 \\\\\n{rule}"))
    assert t.headers == ["A", "B"]
    assert t.rows() == [["1", "2"]]
    assert t.warnings == []


@pytest.mark.parametrize("end", [r"\\", r"\\[2pt]", r"\\ [-1ex]", r"\\*", r"\tabularnewline"])
def test_row_ends(end: str) -> None:
    t = table(tab(f"A & B {end}\n1 & 2 {end}\n3 & 4 {end}"))
    assert t.rows() == [["1", "2"], ["3", "4"]]


def test_bracket_after_row_end_that_is_not_a_length_is_cell_text() -> None:
    t = table(tab("A & B \\\\\n[1] & x \\\\"))
    assert t.rows() == [["[1]", "x"]]


def test_last_row_needs_no_row_end() -> None:
    assert table(tab("A & B \\\\\n1 & 2")).rows() == [["1", "2"]]


def test_separators_inside_braces_or_nested_environments_stay_in_the_cell() -> None:
    body = (
        "A & B \\\\\n"
        "\\makecell{two\\\\lines} & {x & y} \\\\\n"
        "\\begin{tabular}{c} in \\\\ ner \\end{tabular} & z \\\\"
    )
    t = table(tab(body))
    assert t.rows() == [["two lines", "x y"], ["in ner", "z"]]
    assert t.warnings == []


def test_first_row_is_the_header_and_more_tables_are_flagged() -> None:
    t = table(tab("A & B \\\\ 1 & 2") + "\n\nand\n\n" + tab("C & D \\\\ 3 & 4"))
    assert t.headers == ["A", "B"]
    assert codes(t) == ["multiple_tables"]
    assert t.warnings[0].line == 7


def test_escaped_begin_is_not_an_environment() -> None:
    assert "no LaTeX table" in error("a line \\\\begin{tabular}{l} x \\end{tabular}").reason


# ------------------------------------------------------------------------------- captions


def test_caption_of_the_float_is_the_name() -> None:
    text = (
        "\\begin{table}[h]\n\\caption{Team \\textbf{results}}\\label{tab:x}\n"
        + tab("A & B \\\\ 1 & 2")
        + "\n\\end{table}"
    )
    assert table(text).name == "Team results"


def test_caption_after_the_environment_in_the_float() -> None:
    text = "\\begin{table}\n" + tab("A \\\\ 1", "l") + "\n\\caption[short]{Long name}\n\\end{table}"
    assert table(text).name == "Long name"


def test_caption_of_another_float_is_not_taken() -> None:
    text = "\\begin{table}\\caption{Other}\\end{table}\n" + tab("A \\\\ 1", "l")
    assert table(text).name is None


LONGTABLE = r"""\begin{longtable}{ll}
\caption{Players}\label{tab:p}\\
\toprule
Player & Points \\
\midrule
\endfirsthead
\multicolumn{2}{c}{(continued)} \\
Player & Points \\
\endhead
\midrule \multicolumn{2}{r}{Continued on next page} \\
\endfoot
\bottomrule
\endlastfoot
Al Horford & 17 \\
Jeff Teague & 17 \\
\end{longtable}"""


def test_longtable_head_foot_and_caption() -> None:
    t = table(LONGTABLE)
    assert t.name == "Players"
    assert t.headers == ["Player", "Points"]
    assert t.rows() == [["Al Horford", "17"], ["Jeff Teague", "17"]]
    assert t.warnings == []


def test_longtable_with_endhead_only_keeps_that_head() -> None:
    text = "\\begin{longtable}{ll}\nP & Q \\\\\n\\endhead\n1 & 2 \\\\\n\\end{longtable}"
    t = table(text)
    assert t.headers == ["P", "Q"]
    assert t.rows() == [["1", "2"]]


# ------------------------------------------------------------------------------- cell markup


@pytest.mark.parametrize("config", [CFG, PLAIN], ids=["pylatexenc", "plain"])
@pytest.mark.parametrize(
    ("latex", "text"),
    [
        (r"\textbf{Team}", "Team"),
        (r"\textit{a} \emph{b} \underline{c} \texttt{d}", "a b c d"),
        (r"{\bf Bold}", "Bold"),
        (r"$\mathrm{kg}$", "kg"),
        (r"$12\%$", "12%"),
        (r"$-3.5$", "-3.5"),
        (r"R\&D", "R&D"),
        (r"50\%", "50%"),
        (r"\$4.2", "$4.2"),
        (r"net\_income", "net_income"),
        (r"\#1", "#1"),
        (r"\{x\}", "{x}"),
        ("up~to", "up to"),
        ("1990--1995", "1990\u20131995"),
        ("yes --- no", "yes \u2014 no"),
        (r"\textcolor{red}{12}", "12"),
        (r"\cellcolor{gray!20}12", "12"),
        (r"\multirow{2}{*}{East}", "East"),
        (r"\multirow[t]{2}{3cm}[1ex]{East}", "East"),
        (r"12\footnote{approx.}", "12"),
        (r"\textasciicircum{} \textasciitilde{} \textbackslash{}", "^ ~ \\"),
        ("  spaced \n  out  ", "spaced out"),
    ],
)
def test_cell_markup_reduces_to_text(latex: str, text: str, config: Config) -> None:
    t = table(tab(f"H \\\\\n{latex} \\\\", "l"), config)
    assert t.rows() == [[text]]


def test_comments_are_removed_but_escaped_percent_stays() -> None:
    body = "% Old & Header \\\\\nA & B \\\\ % trailing & junk\n50\\% & 7\\%% note\n\\\\"
    t = table(tab(body))
    assert t.headers == ["A", "B"]
    assert t.rows() == [["50%", "7%"]]


def test_line_break_then_comment() -> None:
    t = table(tab("A & B \\\\% comment\n1 & 2 \\\\%\n"))
    assert t.rows() == [["1", "2"]]


def test_multicolumn_expands_to_its_span() -> None:
    body = (
        "Team & \\multicolumn{2}{c|}{\\textbf{Points}} \\\\\n & Q1 & Q2 \\\\\nHawks & 25 & 30 \\\\"
    )
    t = table(tab(body, "lcc"))
    assert t.headers == ["Team", "Points", ""]
    assert t.rows() == [["", "Q1", "Q2"], ["Hawks", "25", "30"]]
    assert t.warnings == []


def test_multicolumn_with_unbraced_arguments() -> None:
    t = table(tab("\\multicolumn3c{All} \\\\\n1 & 2 & 3 \\\\", "lll"))
    assert t.headers == ["All", "", ""]
    assert t.warnings == []


def test_cells_below_multirow_stay_as_written() -> None:
    body = "Conf & Team \\\\\n\\multirow{2}{*}{East} & Hawks \\\\\n & Magic \\\\"
    assert table(tab(body)).rows() == [["East", "Hawks"], ["", "Magic"]]


def test_macros_that_break_pylatexenc_fall_back_to_plain_text() -> None:
    t = table(tab("A & B \\\\\n\\href{http://x} & \\textcolor{red} \\\\"))
    assert t.shape == (1, 2)


# ------------------------------------------------------------------------------- malformed


def test_ragged_rows_are_fitted_and_flagged_with_their_lines() -> None:
    t = table("\\begin{tabular}{ll}\nA & B \\\\\n1 & 2 & 3 \\\\\n4 \\\\\n\\end{tabular}")
    assert t.rows() == [["1", "2"], ["4", ""]]
    assert codes(t) == ["ragged_row", "ragged_row"]
    assert [w.line for w in t.warnings] == [3, 4]


def test_truncated_table_reads_what_is_there() -> None:
    t = table("\\begin{tabular}{ll}\nA & B \\\\\n1 & 2 \\\\\n3 & \\textbf{4")
    assert t.rows() == [["1", "2"], ["3", "4"]]
    assert codes(t) == ["truncated_table"]


def test_outer_end_before_the_tabular_end_is_a_truncation() -> None:
    t = table("\\begin{table}\\begin{tabular}{ll}\nA & B \\\\\n1 & 2 \\\\\n\\end{table}")
    assert t.rows() == [["1", "2"]]
    assert codes(t) == ["truncated_table"]
    assert "line 4" in t.warnings[0].message


def test_header_only_is_empty_body() -> None:
    t = table(tab("\\hline\nA & B \\\\\n\\hline"))
    assert t.headers == ["A", "B"]
    assert t.shape == (0, 2)
    assert codes(t) == ["empty_body"]


def test_duplicate_non_empty_headers_are_flagged() -> None:
    t = table(tab("A & A & & \\\\ 1 & 2 & 3 & 4", "llll"))
    assert t.headers == ["A", "A", "", ""]
    assert codes(t) == ["duplicate_header"]


@pytest.mark.parametrize(
    ("text", "fragment", "line", "column"),
    [
        ("\\begin{tabular}{ll}\nA} & B \\\\\n\\end{tabular}", "closes no", 2, 2),
        ("\\begin{tabular}{ll}\n\\textbf{A & B \\\\\n\\end{tabular}", "still open", 2, 8),
        ("\\begin{tabular}{ll}\n\\begin{minipage}{2cm} A & B\n\\end{tabular}", "minipage", 2, 1),
        ("\\begin{tabular}{|l|c", "column specification", 1, 1),
    ],
)
def test_malformed_structure_is_an_error_with_position(
    text: str, fragment: str, line: int, column: int
) -> None:
    err = error(text)
    assert fragment in err.reason
    assert (err.line, err.column) == (line, column)
    assert err.format == "latex"


@pytest.mark.parametrize("text", ["", "no table here", "\\begin{table}\\end{table}"])
def test_no_environment_is_an_error(text: str) -> None:
    assert "no LaTeX table environment" in error(text).reason


def test_environment_without_rows_is_an_error() -> None:
    assert "no rows" in error("\\begin{tabular}{ll}\n\\hline\n\\end{tabular}").reason


def test_non_text_input_is_an_error() -> None:
    result = parse_latex(None, CFG)  # type: ignore[arg-type]
    assert isinstance(result, ParseError)


def test_limits() -> None:
    config = Config(max_rows=1, max_columns=2, max_latex_depth=3)
    assert "max_rows" in error(tab("A \\\\ 1 \\\\ 2", "l"), config).reason
    assert "max_columns" in error(tab("A & B & C \\\\ 1 & 2 & 3", "lll"), config).reason
    assert "max_columns" in error(tab("\\multicolumn{5}{c}{A} \\\\", "l"), config).reason
    assert "max_latex_depth" in error(tab("{{{{x}}}} \\\\ 1", "l"), config).reason
    assert table(tab("{{{x}}} \\\\ 1", "l"), config).headers == ["x"]


# ------------------------------------------------------------------------------- hostile input

HOSTILE = {
    "five_megabytes": "x" * 5_000_000,
    "open_braces": "{" * 100_000,
    "open_braces_in_table": "\\begin{tabular}{l}" + "{" * 100_000,
    "balanced_braces_in_table": "\\begin{tabular}{l}" + "{}" * 500_000,
    "row_ends": "\\begin{tabular}{l} A \\\\" + "\\\\" * 500_000,
    "ampersands": "\\begin{tabular}{l} A \\\\" + "&" * 1_000_000,
    "macros_in_one_cell": "\\begin{tabular}{l} A \\\\" + "\\x" * 500_000,
    "textbf_chain": "\\begin{tabular}{l} A \\\\" + "\\textbf{" * 100_000,
    "begins": "\\begin{tabular}{l} A \\\\" + "\\begin{x}" * 100_000,
    "ends": "\\begin{tabular}{l} A \\\\" + "\\end{x}" * 100_000,
    "cmidrules": "\\begin{tabular}{l} A \\\\" + "\\cmidrule[" * 100_000,
    "row_end_spaces": "\\begin{tabular}{l} A \\\\[" + " " * 1_000_000,
    "percents": "\\begin{tabular}{l} A \\\\" + "%" * 1_000_000,
    "dollars": "\\begin{tabular}{l} A \\\\" + "$" * 1_000_000,
    "backslashes": "\\begin{tabular}{l} A \\\\" + "\\" * 1_000_001,
    "multicolumns": "\\begin{tabular}{l} A \\\\" + "\\multicolumn" * 100_000,
    "many_tables": "\\begin{tabular}{l} A \\end{tabular}" * 30_000,
    "nul": "\\begin{tabular}{l} A \\\\" + "\x00" * 100_000,
    "surrogates": "\\begin{tabular}{l} A \\\\" + "\ud800" * 10_000,
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_input_returns_a_result(name: str) -> None:
    result = finishes(parse_latex, HOSTILE[name], CFG)
    assert isinstance(result, ParsedTable | ParseError)


def test_oversized_input_is_refused() -> None:
    err = finishes(parse_latex, HOSTILE["five_megabytes"], CFG)
    assert isinstance(err, ParseError) and "max_bytes" in err.reason


def test_deep_braces_are_refused_at_their_position() -> None:
    err = finishes(parse_latex, HOSTILE["open_braces_in_table"], CFG)
    assert isinstance(err, ParseError) and "max_latex_depth" in err.reason
    assert err.column == len("\\begin{tabular}{l}") + CFG.max_latex_depth + 1


# ------------------------------------------------------------------------------- render


def test_render_is_the_paper_style() -> None:
    frame = pd.DataFrame({"Team": ["Hawks"], "Wins": ["46"]})
    assert render_latex(frame) == (
        "\\begin{tabular}{|l|l|}\n\\hline\n\\textbf{Team} & \\textbf{Wins} \\\\\n\\hline\n"
        "Hawks & 46 \\\\\n\\hline\n\\end{tabular}"
    )


def test_render_escapes_specials() -> None:
    frame = pd.DataFrame({"A_b": ["50% & $3 #1 {x} ~ ^ \\"]})
    out = render_latex(frame)
    assert "\\textbf{A\\_b}" in out
    assert (
        "50\\% \\& \\$3 \\#1 \\{x\\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{}"
        in out
    )


def test_render_writes_missing_values_as_empty_cells() -> None:
    frame = pd.DataFrame({"A": [None, float("nan")], "B": ["x", "y"]})
    assert table(render_latex(frame)).rows() == [["", "x"], ["", "y"]]


SPECIAL = [
    *"\\{}&%$#_~^'\"`-?![]*<>|@ ,.\t\n",
    "--",
    "''",
    "``",
    "\\\\",
    "\\hline",
    "\\begin{tabular}",
    "\\end{tabular}",
    "\\caption{x}",
    "\\multicolumn{2}{c}{x}",
    "[2pt]",
    "\\textbf{",
]
CHARS = st.one_of(
    st.sampled_from(SPECIAL),
    st.characters(exclude_categories=["Cc", "Cs"]),
)
CELL = st.lists(CHARS, max_size=8).map("".join)


def collapse(s: str) -> str:
    return " ".join(s.split())


@st.composite
def frames(draw: st.DrawFn) -> pd.DataFrame:
    n_columns = draw(st.integers(1, 5))
    headers = draw(st.lists(CELL, min_size=n_columns, max_size=n_columns))
    rows = draw(
        st.lists(st.lists(CELL, min_size=n_columns, max_size=n_columns), min_size=0, max_size=5)
    )
    return ParsedTable.from_rows(headers, rows, "test").frame


@pytest.mark.parametrize("config", [CFG, PLAIN], ids=["pylatexenc", "plain"])
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(frame=frames())
def test_render_then_parse_round_trip(frame: pd.DataFrame, config: Config) -> None:
    t = table(render_latex(frame), config)
    assert t.headers == [collapse(str(h)) for h in frame.columns]
    expected = [[collapse(v) for v in row] for row in frame.itertuples(index=False, name=None)]
    assert t.rows() == expected
    assert [c for c in codes(t) if c not in ("empty_body", "duplicate_header")] == []

"""Parser fast paths: Markdown rows of escaped pipes read in linear time, the pipe-split path
(which also takes rows with markup and escapes) reads them as markdown-it does, and LaTeX font
commands around plain text read as pylatexenc reads them."""

from __future__ import annotations

import time

from hypothesis import given, settings
from hypothesis import strategies as st

from tablehallu.parsers import markdown, parse_response
from tablehallu.parsers.table import ParsedTable


def _hostile(n: int) -> str:
    # One cell of n escaped pipes and n backslash-escaped pipes (``\\|``): markdown-it's row
    # splitter copied the whole cell at each of them (1.5 MB took 7.5 s to score).
    row = "| " + "\\|" * n + "\\\\|" * n + " | x |"
    return "| a | b |\n|---|---|\n" + row + "\n| " + "\\|\\" * n + " |"


def _seconds(n: int, repeat: int) -> float:
    text = _hostile(n)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        result = parse_response(text)
        best = min(best, time.perf_counter() - start)
        assert isinstance(result, ParsedTable)
    return best


def test_escaped_pipe_rows_grow_linearly() -> None:
    small = _seconds(10_000, 3)
    large = _seconds(100_000, 2)
    # 10x the input: ~10x the time when linear, ~100x when quadratic (as it was).
    assert large / small < 30, (small, large)


def test_escaped_pipes_read_as_markdown_it_reads_them() -> None:
    result = parse_response("| a \\| b | c |\n|---|---|\n| 1 \\\\| 2 | `x` |\n")
    assert isinstance(result, ParsedTable)
    assert result.headers == ["a | b", "c"]
    assert result.rows() == [["1 | 2", "x"]]


CELL = st.text(
    alphabet=st.sampled_from(list("ab1 *_`\\|[]<>&!~-:")),
    max_size=8,
)
ALIGN = st.sampled_from(["---", ":--", "--:", ":-:", " --- ", "-"])


@settings(max_examples=400, deadline=None)
@given(width=st.integers(1, 4), data=st.data())
def test_pipe_split_path_agrees_with_markdown_it(width: int, data: st.DataObject) -> None:
    n_rows = data.draw(st.integers(1, 4))
    rows = [data.draw(st.lists(CELL, min_size=width, max_size=width)) for _ in range(n_rows + 1)]
    separator = "|" + "|".join(data.draw(ALIGN) for _ in range(width)) + "|"
    lines = ["|" + "|".join(r) + "|" for r in rows]
    src = "\n".join([lines[0], separator, *lines[1:]])
    fast = markdown._pipe_rows(src, markdown._CellReader(10**9))
    if fast is None:
        return
    slow = markdown._markdown_it_rows(src, len(lines) + 1, markdown._CellReader(10**9))
    assert fast == slow


LATEX_INNER = st.text(alphabet=st.sampled_from(list("ab1 -_^#.()%\t")), max_size=12)


@settings(max_examples=300, deadline=None)
@given(macro=st.sampled_from(["textbf", "textit", "emph"]), inner=LATEX_INNER, pad=st.booleans())
def test_latex_font_command_shortcut_agrees_with_pylatexenc(
    macro: str, inner: str, pad: bool
) -> None:
    from tablehallu.parsers import latex

    src = f"{' ' if pad else ''}\\{macro}{{{inner}}}"
    assert latex._Reducer(10**9).text(src) == latex._latex_text.__wrapped__(src)

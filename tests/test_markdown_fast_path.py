"""The plain pipe-split fast path reads a table exactly as markdown-it does, whenever it applies."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tablehallu.parsers import markdown

CELL = st.text(
    alphabet=st.characters(
        codec="utf-8", exclude_categories=("Cs", "Cc"), exclude_characters="|\n\r"
    ),
    max_size=10,
)
ALIGN = st.sampled_from(["---", ":--", "--:", ":-:", " --- ", "-"])


@settings(max_examples=400, deadline=None)
@given(
    width=st.integers(1, 5),
    data=st.data(),
)
def test_fast_path_agrees_with_markdown_it(width: int, data: st.DataObject) -> None:
    n_rows = data.draw(st.integers(1, 5))
    rows = [data.draw(st.lists(CELL, min_size=width, max_size=width)) for _ in range(n_rows + 1)]
    separator = "|" + "|".join(data.draw(ALIGN) for _ in range(width)) + "|"
    lines = ["|" + "|".join(r) + "|" for r in rows]
    src = "\n".join([lines[0], separator, *lines[1:]])
    fast = markdown._plain_rows(src)
    if fast is None:
        return
    slow = markdown._markdown_it_rows(src, len(lines) + 1, markdown._CellReader(10**9))
    assert fast == slow


def test_fast_path_declines_markup() -> None:
    assert markdown._plain_rows("| **a** | b |\n|---|---|\n| 1 | 2 |") is None
    assert markdown._plain_rows("| a | b |\n|---|---|\n| 1 | 2 |") == [["a", "b"], ["1", "2"]]

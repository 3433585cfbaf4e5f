"""The grounding document's tokens: the fast tokeniser (one split, offsets from running lengths)
gives exactly the tokens of the plain definition, a ``finditer`` over the token pattern."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tablehallu.detectors.grounding.document import (
    _NUMBER_RE,
    _TOKEN_RE,
    Token,
    _fold,
    _tokenize,
    index_document,
)


def _reference(raw: str, lower: str, a: int, b: int) -> list[Token]:
    out = []
    for m in _TOKEN_RE.finditer(raw, a, b):
        t = m.group()
        i, j = m.span()
        folded = lower[i:j] if len(lower) == len(raw) else t.lower()
        if not folded.isascii():
            folded = _fold(t)
        digits = t[0].isdigit() and _NUMBER_RE.fullmatch(t) is not None
        out.append(Token(folded, i, j, digits, t[0].isupper()))
    return out


_TEXT = st.lists(st.sampled_from([*"aZ9 .,'’_-İΣσéß\n\tﬁ", "3,500", "U.S.", "Lowry’s"])).map(
    "".join
)


@settings(max_examples=400)
@given(_TEXT, st.integers(0, 40), st.integers(0, 40))
def test_tokens_are_those_of_the_token_pattern(raw: str, cut_a: int, cut_b: int) -> None:
    a = min(cut_a, len(raw))
    b = max(a, len(raw) - cut_b)
    lower = raw.lower()
    tokens = _tokenize(raw, lower, a, b)
    assert tokens == _reference(raw, lower, a, b)
    assert all(type(t) is Token for t in tokens)


def test_token_spans_point_into_the_context() -> None:
    text = "Kyle Lowry’s 3,500 points. İstanbul won 95-88."
    doc = index_document(text)
    assert [t.text for t in doc.tokens][:4] == ["kyle", "lowry's", "3,500", "points"]
    assert [text[t.start : t.end] for t in doc.tokens][1:3] == ["Lowry’s", "3,500"]
    assert [t.digits for t in doc.tokens if t.text in ("3,500", "95")] == [True, True]
    assert doc.tokens[0].capital and not doc.tokens[3].capital

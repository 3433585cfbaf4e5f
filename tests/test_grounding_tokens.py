"""Fast paths of the grounding engine read what the plain definitions read: the document
tokeniser (one split, offsets from running lengths) against a ``finditer`` over the token
pattern, and the phrase reader's first-word filter against trying every phrase length."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tablehallu.detectors.grounding.attributes import _table, read_words
from tablehallu.detectors.grounding.document import (
    _GLUED_SCALES,
    _GLUED_UNITS,
    _NUMBER_RE,
    _TOKEN_RE,
    Token,
    _fold,
    _tokenize,
    index_document,
)


def _spans(raw: str, a: int, b: int) -> list[tuple[int, int]]:
    """The token pattern's matches, a comma inside one cut out as a token of its own unless it
    stands between two digits ("76ers,104" is three tokens, "3,500" one)."""
    out = []
    for m in _TOKEN_RE.finditer(raw, a, b):
        i, j = m.span()
        start = i
        for k in range(i + 1, j - 1):
            if raw[k] == "," and not (raw[k - 1].isdigit() and raw[k + 1].isdigit()):
                out += [(start, k), (k, k + 1)]
                start = k + 1
        out.append((start, j))
    return out


def _unit_split(raw: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A figure and the unit or scale letters glued after it ("250g", "104L", "$3M") as two
    tokens; other letters after a figure ("76ers", "3rd") leave it whole."""
    out = []
    for i, j in spans:
        glued = re.fullmatch(r"(\d+(?:[.,]\d+)*)([^\W\d_]+)", raw[i:j])
        if glued is not None and glued.group(2).lower() in _GLUED_UNITS | _GLUED_SCALES:
            cut = i + glued.end(1)
            out += [(i, cut), (cut, j)]
        else:
            out.append((i, j))
    return out


def _reference(raw: str, lower: str, a: int, b: int) -> list[Token]:
    out = []
    for i, j in _unit_split(raw, _spans(raw, a, b)):
        t = raw[i:j]
        folded = lower[i:j] if len(lower) == len(raw) else t.lower()
        if not folded.isascii():
            folded = _fold(t)
        digits = t[0].isdigit() and _NUMBER_RE.fullmatch(t) is not None
        out.append(Token(folded, i, j, digits, t[0].isupper()))
    return out


_TEXT = st.lists(
    st.sampled_from([*"aZ9 .,'’_-İΣσéß\n\tﬁ", "3,500", "U.S.", "Lowry’s", "76ers,104"])
).map("".join)


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


def _read_words_reference(words: list[str]) -> tuple[list[str | None], list[bool]]:
    """read_words as first written: every phrase length tried at every word."""
    table, longest, _ = _table(())
    concepts: list[str | None] = [None] * len(words)
    taken = [False] * len(words)
    i = 0
    while i < len(words):
        hit = None
        for n in range(min(longest, len(words) - i), 0, -1):
            span = [w for w in words[i : i + n] if w != "-"]
            if span and words[i] != "-" and tuple(span) in table:
                hit = (n, table[tuple(span)])
                break
        if hit is None:
            i += 1
            continue
        for k in range(i, i + hit[0]):
            concepts[k], taken[k] = hit[1], True
        i += hit[0]
    return concepts, taken


_VOCAB = sorted({w for phrase in _table(())[0] for w in phrase} | {"-", "the", "x", "3"})


@settings(max_examples=400)
@given(st.lists(st.sampled_from(_VOCAB), max_size=12))
def test_read_words_skips_only_words_no_phrase_starts_with(words: list[str]) -> None:
    assert read_words(words) == _read_words_reference(words)

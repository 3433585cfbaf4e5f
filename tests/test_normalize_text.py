"""normalize_text / normalize_header / tokens: the comparison form users rely on."""

from __future__ import annotations

import pytest
from _normalize_helpers import HOSTILE, any_text, finishes
from hypothesis import given, settings
from hypothesis import strategies as st

from tablehallu.normalize import ascii_digits, normalize_header, normalize_text, tokens
from tablehallu.normalize.text import normalized_tokens

TEXT_CASES = [
    # markdown emphasis and code
    ("**Al Horford**", "al horford"),
    ("__Al Horford__", "al horford"),
    ("*Magic*", "magic"),
    ("_Magic_", "magic"),
    ("***Both***", "both"),
    ("`code`", "code"),
    ("```x```", "x"),
    ("the **big** one", "the big one"),
    # not markup: delimiters inside words or spaced out
    ("snake_case_name", "snake_case_name"),
    ("2*3*4", "2*3*4"),
    ("a * b * c", "a * b * c"),
    ("5 * 3", "5 * 3"),
    # HTML
    ("<b>Bold</b>", "bold"),
    ("<i>it</i>", "it"),
    ("<strong>S</strong>", "s"),
    ("<em>E</em>", "e"),
    ("<code>c</code>", "c"),
    ('<span style="color:red">Red</span>', "red"),
    ("line<br>break", "line break"),
    ("line<br/>break", "line break"),
    ("line<BR />break", "line break"),
    ("Tom &amp; Jerry", "tom & jerry"),
    ("a&nbsp;b", "a b"),
    ("&quot;quoted&quot;", "quoted"),
    ("<unknown>", "<unknown>"),
    ("a < b > c", "a < b > c"),
    # LaTeX
    (r"\textbf{Bold}", "bold"),
    (r"\textit{It}", "it"),
    (r"\emph{Em}", "em"),
    (r"12\%", "12%"),
    (r"R\&D", "r&d"),
    # quotes wrapping the whole value
    ('"Hello"', "hello"),
    ("'Hello'", "hello"),
    ("“Hello”", "hello"),
    ("‘Hello’", "hello"),
    ("«Bonjour»", "bonjour"),
    ('" spaced "', "spaced"),
    ('say "hi" now', 'say "hi" now'),
    ("'90s", "'90s"),
    # dashes and apostrophes
    ("2020–2021", "2020-2021"),
    ("A — B", "a - b"),
    ("−5", "-5"),
    ("‒3", "-3"),
    ("It’s", "it's"),
    ("“a” and “b”", '"a" and "b"'),
    # Unicode, case, whitespace
    ("ＦＵＬＬ", "full"),
    ("Straße", "strasse"),
    ("ﬁne", "fine"),
    ("a\u00a0b", "a b"),
    ("a\u2009b", "a b"),
    ("a\u200bb", "ab"),
    ("\ufeffBOM", "bom"),
    ("  many \t\n spaces  ", "many spaces"),
    ("", ""),
    ("   ", ""),
]


@pytest.mark.parametrize(("raw", "expected"), TEXT_CASES)
def test_normalize_text(raw: str, expected: str) -> None:
    assert normalize_text(raw) == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Points:", "points"),
        ("**Team**:", "team"),
        ("Team :", "team"),
        ('"Wins":', "wins"),
        ("Total  Rebounds", "total rebounds"),
        ("Time: start", "time:start"),
    ],
)
def test_normalize_header(raw: str, expected: str) -> None:
    assert normalize_header(raw) == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("**Al Horford**", ("al", "horford")),
        ("Philadelphia 76ers", ("philadelphia", "76ers")),
        ("start", ("start",)),
        ("snake_case", ("snake", "case")),
        ("It’s 3-pointers", ("it", "s", "3", "pointers")),
        ("", ()),
    ],
)
def test_tokens(raw: str, expected: tuple[str, ...]) -> None:
    assert tokens(raw) == expected


def test_tokens_support_word_boundary_checks() -> None:
    assert "art" not in tokens("start")
    assert "art" in tokens("modern art")


def test_ascii_digits() -> None:
    assert ascii_digits("٣٤") == "34"
    assert ascii_digits("१२") == "12"
    assert ascii_digits("abc 12") == "abc 12"


@settings(max_examples=400)
@given(any_text)
def test_normalize_text_is_idempotent(s: str) -> None:
    once = normalize_text(s)
    assert normalize_text(once) == once


@settings(max_examples=300)
@given(any_text)
def test_tokens_of_normalised_text_need_no_second_pass(s: str) -> None:
    # the context index reads a normalised context's tokens without normalising it again
    assert normalized_tokens(normalize_text(s)) == tokens(s)


@settings(max_examples=300)
@given(st.lists(st.sampled_from(["**", "*", "__", "_", "`", "<b>", "</b>", '"', "'", "x", " "])))
def test_normalize_text_is_idempotent_on_markup_soup(parts: list[str]) -> None:
    s = "".join(parts)
    once = normalize_text(s)
    assert normalize_text(once) == once


@settings(max_examples=300)
@given(any_text)
def test_normalize_header_is_idempotent(s: str) -> None:
    once = normalize_header(s)
    assert normalize_header(once) == once


@settings(max_examples=300)
@given(any_text)
def test_tokens_are_words_of_the_normalised_text(s: str) -> None:
    norm = normalize_text(s)
    for tok in tokens(s):
        assert tok in norm
        assert "_" not in tok and " " not in tok


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_input_finishes(name: str) -> None:
    value = HOSTILE[name]
    out = finishes(normalize_text, value)
    assert isinstance(out, str)
    finishes(tokens, value)
    finishes(normalize_header, value)


@settings(max_examples=500, deadline=None)
@given(
    st.text(
        alphabet="abcXYZ019 .,;:!?()[]{}+-=/%$#@^|~\t\n",
        max_size=24,
    )
)
def test_plain_ascii_fast_path_equals_the_full_rewrite(value: str) -> None:
    from tablehallu.normalize.text import _normalize, _pass

    slow = value
    for _ in range(8):
        nxt = _pass(slow)
        if nxt == slow:
            break
        slow = nxt
    assert _normalize(value) == slow


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(alphabet=st.sampled_from([*"ab Z09.,;()[]{}-^|~%$"]), max_size=3000),
        st.text(
            alphabet=st.sampled_from([*"ab Z09.,;()[]{}-^\\|~%_`*\t\n\u00a0\u2019é&<"]),
            max_size=3000,
        ),
    )
)
def test_long_text_path_reads_what_the_general_path_reads(value: str) -> None:
    from tablehallu.normalize.text import _NOT_PLAIN_RE, _PLAIN_ASCII, _normalize, _normalize_long

    assert (_NOT_PLAIN_RE.search(value) is None) == _PLAIN_ASCII.issuperset(value)
    assert _normalize_long(value) == _normalize(value)
    long_plain = "  Ab, (c) [d]  e^f|~  " * 60
    assert _normalize_long(long_plain) == _normalize(long_plain)

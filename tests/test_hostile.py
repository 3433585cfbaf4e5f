"""Hostile input never raises and never hangs: every call returns a table or a ParseError.

Each call runs under a generous 10 s alarm (a hang guard, not a speed test; timings are in
benchmarks/hostile.py, target < 1 s each).
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tablehallu.config import Config
from tablehallu.parsers import detect_format, parse_gold, parse_response
from tablehallu.parsers.delimited import parse_delimited
from tablehallu.parsers.html import parse_html
from tablehallu.parsers.markdown import parse_markdown
from tablehallu.parsers.table import ParsedTable, ParseError

HANG_GUARD_SECONDS = 10

_ROW = "| Player Name | 12 | 34 |\n"
_FIVE_MB = "| Player Name | A | B |\n|---|---|---|\n" + _ROW * (5_000_000 // len(_ROW))
_RAW = bytes(range(256)) * 2_000

HOSTILE: dict[str, str] = {
    "5 MB response": _FIVE_MB,
    "10 000 pipes on one line": "|" * 10_000,
    "10 000 cells in a header": "| a " * 10_000 + "|\n|---|\n| x |",
    "100 000-deep [[[[": "[" * 100_000,
    "100 000-deep [[[[ after a key": '[[{"a": ' + "[" * 100_000,
    "unbalanced {": "{" * 100_000 + "}" * 10,
    "unbalanced }]": "}]" * 50_000,
    "open JSON string": '{"' + "a" * 200_000,
    "NUL bytes": "\x00" * 100_000,
    "NUL bytes in a table": "| a | b |\n|---|---|\n| \x00 | \x00\x00 |\n",
    "invalid UTF-8, surrogateescape": _RAW.decode("utf-8", "surrogateescape"),
    "invalid UTF-8, replace": _RAW.decode("utf-8", "replace"),
    "lone surrogates in a table": "| a |\n|---|\n| \udcff\ud800 |\n",
    "50 000 backticks": "`" * 50_000,
    "50 000 backticks in a cell": "| " + "`" * 50_000 + " |\n|---|\n| x |\n",
    "backtick runs of every length": " ".join("`" * i for i in range(1, 450)),
    "<think> x 10 000": "<think>" * 10_000,
    "<think></think> x 10 000": "<think>x</think>" * 10_000 + "\n| a |\n|---|\n| 1 |",
    "</think> x 10 000": "</think>" * 10_000,
    "<table> x 10 000": "<table>" * 10_000,
    "colspan=999999999": "<table><tr><td colspan=999999999>x</td></tr></table>",
    "rowspan=999999999": "<table><tr><td rowspan=999999999>x</td></tr><tr></tr></table>",
    "'<' x 1 000 000": "<" * 1_000_000,
    "unfinished tags <a x 100 000": "<table><tr><td>" + "<a" * 100_000,
    "unfinished end tags </ x 100 000": "<table><tr><td>" + "</" * 100_000,
    "unfinished <? x 100 000": "<table><tr><td>" + "<?" * 100_000,
    "malformed <![ x 100 000": "<table><tr><td>" + "<![" * 100_000,
    "unclosed comment": "<table><tr><td><!--" + "a" * 500_000,
    "\\begin{tabular} x 10 000": "\\begin{tabular}{ll}" * 10_000,
    "#### x 100 000 lines": "####\n" * 100_000,
    "``` x 100 000 lines": "```\n" * 100_000,
    "separator-like lines": "|-|\n" * 100_000,
    "emphasis storm in a cell": "| " + "*a" * 20_000 + " |\n|---|\n| x |\n",
    "CR only line ends": "| a | b |\r|---|---|\r| 1 | 2 |\r",
    "form feeds and line separators": "| a\x0c | b\u2028 |\n|---|---|\n| 1\x85 | 2\u2029 |\n",
}


@contextmanager
def hang_guard(seconds: int = HANG_GUARD_SECONDS) -> Iterator[None]:
    """Fail (instead of hanging the suite) when the body runs longer than ``seconds``."""

    def on_alarm(signum: int, frame: Any) -> None:
        raise TimeoutError(f"no result after {seconds} s")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _check(fn: Callable[..., object], *args: Any, **kwargs: Any) -> ParsedTable | ParseError:
    with hang_guard():
        result = fn(*args, **kwargs)
    assert isinstance(result, ParsedTable | ParseError), type(result)
    if isinstance(result, ParseError):
        assert result.reason.strip()
        str(result)  # the message renders
    else:
        result.to_dict()  # the table serialises
    return result


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_parse_response_returns_a_result(name: str) -> None:
    text = HOSTILE[name]
    _check(parse_response, text)
    _check(parse_gold, text)
    for fmt in ("markdown", "json", "latex", "html", "csv", "tsv"):
        _check(parse_response, text, format=fmt)
    with hang_guard():
        assert detect_format(text) in (None, "markdown", "json", "latex", "html", "csv", "tsv")


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_parse_response_with_raised_size_limit(name: str) -> None:
    """With max_bytes out of the way the readers themselves face the whole input."""
    _check(parse_response, HOSTILE[name], config=Config(max_bytes=10_000_000))


@pytest.mark.parametrize("name", sorted(n for n in HOSTILE if len(HOSTILE[n]) <= 1_000_000))
def test_format_readers_return_a_result(name: str) -> None:
    text = HOSTILE[name]
    _check(parse_markdown, text)
    _check(parse_html, text)
    _check(parse_delimited, text)


def test_five_megabytes_is_over_the_default_limit() -> None:
    result = parse_response(HOSTILE["5 MB response"])
    assert isinstance(result, ParseError)
    assert "max_bytes" in result.reason


def test_the_size_limit_counts_utf8_bytes() -> None:
    text = "| a |\n|---|\n| " + "é" * 600 + " |\n"  # 600 characters, 1 200 bytes
    assert isinstance(parse_response(text, config=Config(max_bytes=1_000)), ParseError)
    assert isinstance(parse_response(text, config=Config(max_bytes=2_000)), ParsedTable)


def test_too_many_columns_is_an_error_with_a_reason() -> None:
    result = parse_response(HOSTILE["10 000 cells in a header"])
    assert isinstance(result, ParseError)
    assert "max_columns" in result.reason and result.line == 1


def test_too_many_rows_is_an_error_with_a_reason() -> None:
    text = "| a |\n|---|\n" + "| x |\n" * 30
    result = parse_response(text, config=Config(max_rows=20))
    assert isinstance(result, ParseError)
    assert "max_rows" in result.reason


def test_deep_json_is_refused_before_it_is_loaded() -> None:
    result = parse_response(HOSTILE["100 000-deep [[[[ after a key"])
    assert isinstance(result, ParseError)
    assert "max_json_depth" in result.reason


def test_nul_bytes_and_lone_surrogates_become_replacement_characters() -> None:
    result = parse_response(HOSTILE["NUL bytes in a table"])
    assert isinstance(result, ParsedTable)
    assert result.rows() == [["\ufffd", "\ufffd\ufffd"]]
    result = parse_response(HOSTILE["lone surrogates in a table"])
    assert isinstance(result, ParsedTable)
    assert result.rows() == [["\ufffd\ufffd"]]
    result.to_dict()


def test_non_text_input_is_an_error_not_an_exception() -> None:
    for value in (None, b"| a |", 42, ["| a |"]):
        assert isinstance(parse_response(value), ParseError)  # type: ignore[arg-type]
    assert isinstance(parse_response("| a |\n|---|\n| 1 |", format="xml"), ParseError)
    assert isinstance(parse_gold(object()), ParseError)

"""Shared helpers for the normalize tests: a hang guard and hostile-input strategies."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

#: Generous: every call below finishes in well under a second; this only catches hangs.
HANG_GUARD_SECONDS = 60.0

#: Inputs that break naive regexes or parsers (catastrophic backtracking, deep nesting, junk).
HOSTILE: dict[str, str] = {
    "stars": "*" * 100_000,
    "star_words": "*a " * 50_000,
    "underscores": "_a" * 50_000,
    "backticks": "`" * 100_000,
    "open_brackets": "<" * 100_000,
    "unclosed_tag": "<b" + " " * 100_000,
    "nested_tags": "<b" * 20_000 + ">" * 20_000,
    "quotes": '"' * 100_000,
    "latex": "\\textbf{" * 50_000,
    "entities": "&amp;" * 20_000,
    "digits": "1" * 100_000,
    "digit_groups": "1," * 50_000,
    "spaced_digits": "1 " * 50_000,
    "dots": "1." * 50_000,
    "parens": "(" * 50_000 + "none" + ")" * 50_000,
    "nul": "\x00" * 50_000,
    "surrogates": "\ud800\udfff" * 20_000,
    "months": "march " * 20_000,
    "quarters": "q3 " * 30_000,
}


def finishes(fn: Callable[..., Any], *args: Any, timeout: float = HANG_GUARD_SECONDS) -> Any:
    """Run ``fn(*args)`` in a daemon thread; fail the test if it has not returned in time."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = fn(*args)
        except BaseException as exc:  # re-raised in the test thread
            box["error"] = exc

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(timeout)
    assert not t.is_alive(), f"{getattr(fn, '__name__', fn)} did not finish in {timeout}s"
    if "error" in box:
        raise box["error"]
    return box.get("value")


#: Arbitrary text, including NUL, lone surrogates and markup/number/date characters.
any_text = st.text(
    alphabet=st.one_of(
        st.characters(exclude_categories=()),  # includes lone surrogates and NUL
        st.sampled_from(list("*_`<>/b&;#\"'«»‹›“”‘’-–—−…~≈$€£¥%,. ()[]{}\\0123456789qQ\x00")),
    ),
    max_size=80,
)

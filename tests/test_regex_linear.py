"""Every regular expression of tablehallu runs in linear time on adversarial input (issue 10).

The patterns are found by walking the package (tests/_regex_audit.py: module-level patterns,
including those inside tuples, dicts and class attributes, and the literal patterns passed to
``re.compile``/``re.search``... inside functions). For each, strings are built from the pattern's
own parse tree: a repeated sub-pattern's generated match (or one character of a class), repeated
to the length wanted, after a prefix that leads to the repeat and before a tail that may make the
match fail at the end. ``finditer`` over such strings must take ~10x the CPU time for 10x the
length; over :data:`MAX_GROWTH` means super-linear. Timing is the best of several runs of this
thread's CPU time, and only ratios are compared.

Patterns that are only ever applied with ``match``/``fullmatch`` at one position of a bounded
string are listed in :data:`ANCHORED` (with where the bound comes from) and timed as one
``match``; none is exempt from the check.
"""

from __future__ import annotations

import pytest
from _regex_audit import Found, audit, package_patterns

#: 10x the input may cost at most this many times the time (linear: ~10; quadratic: ~100).
MAX_GROWTH = 25.0

#: Patterns used only anchored (``match``/``fullmatch`` at one position): where, and why.
ANCHORED: dict[str, str] = {
    "tablehallu.normalize.numbers._BODIES": (
        "number bodies, body_re.match(s, pos) once per cell, cells of at most "
        "Config.max_typed_chars characters"
    ),
    "tablehallu.parsers.latex._ENV_NAME": "match right after one \\begin / \\end",
    "tablehallu.parsers.latex._OPT_ARG": "match right after one \\begin{tabular}",
    "tablehallu.parsers.latex._ROW_END_TAIL": "match right after one row end (\\\\)",
    "tablehallu.parsers.latex._SIMPLE_MARKUP": "fullmatch of one table cell's source",
    "tablehallu.parsers.markdown._VALID_SEPARATOR_RE": "fullmatch of one separator line",
}

PATTERNS = package_patterns()


def _anchored(found: Found) -> bool:
    return any(found.where.startswith(prefix) for prefix in ANCHORED)


def test_the_audit_finds_the_package_patterns() -> None:
    where = {f.where for f in PATTERNS}
    assert len(PATTERNS) > 80
    assert "tablehallu.normalize.numbers._EMBEDDED_RE" in where
    assert "tablehallu.check.text._BOUNDARY_RE" in where
    assert any(w.startswith("tablehallu.detectors.order line") for w in where)  # in a function
    for prefix in ANCHORED:
        assert any(w.startswith(prefix) for w in where), f"stale ANCHORED entry {prefix}"


@pytest.mark.slow
@pytest.mark.parametrize("found", PATTERNS, ids=[f.where for f in PATTERNS])
def test_pattern_is_linear(found: Found) -> None:
    verdict = audit(found.pattern, MAX_GROWTH, anchored=_anchored(found))
    assert verdict.ratio <= MAX_GROWTH, (
        f"{found.where} {found.pattern.pattern!r}: 10x the input costs {verdict.ratio:.0f}x "
        f"the time on {verdict.shape}"
    )

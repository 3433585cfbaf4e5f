"""is_null / normalize_null: every way of writing "no value" becomes the paper's "-"."""

from __future__ import annotations

import decimal
import math

import pytest
from _normalize_helpers import HOSTILE, any_text, finishes
from hypothesis import given, settings

from tablehallu.normalize import (
    CANONICAL_NULL,
    NULL_VOCABULARY,
    is_null,
    normalize_null,
    normalize_text,
)

NULL_SPELLINGS = [
    "",
    "   ",
    "-",
    "--",
    "---",
    "—",
    "–",
    "−",
    "N/A",
    "n/a",
    "NA",
    "n.a.",
    "N.A",
    "#N/A",
    "null",
    "NULL",
    "None",
    "nil",
    "NaN",
    "nan",
    "Not available",
    "Unavailable",
    "Unknown",
    "Not known",
    "Not mentioned",
    "Not specified",
    "Unspecified",
    "Not provided",
    "Not disclosed",
    "Undisclosed",
    "Not reported",
    "No data",
    "Not applicable",
    "Information unknown",
    "TBD",
    "?",
    "??",
    "...",
    "…",
    "/",
    # decorated
    "(none)",
    "[not mentioned]",
    "{null}",
    "<N/A>",
    "*N/A*",
    "**Not specified**",
    "_unknown_",
    "(Not specified)",
    '"N/A"',
    "“n/a”",
    "  N/A  ",
    "Not mentioned.",
    "N/A.",
    "<i>n/a</i>",
    # phrases
    "Not mentioned in the context",
    "Not stated in the text",
    "Information not available",
    "Data not provided",
    "The value is not specified",
    "None reported",
    "Not available in the passage",
]

VALUES = [
    "0",
    "0.0",
    "No",
    "no",
    "Yes",
    "x",
    "X",
    "none of the above",
    "None of them",
    "Missing",
    "Empty",
    "N/A%",
    "$-",
    "Not bad",
    "Nancy",
    "Unknown Pleasures",
    "Nil By Mouth",
    "Not mentioned by name, but 7 more than Philadelphia",
    "-5",
    "n",
    "Na Li",
]


@pytest.mark.parametrize("value", NULL_SPELLINGS)
def test_null_spellings(value: str) -> None:
    assert is_null(value)
    assert normalize_null(value) == CANONICAL_NULL


@pytest.mark.parametrize("value", VALUES)
def test_values_are_not_null(value: str) -> None:
    assert not is_null(value)
    assert normalize_null(value) == value


def test_canonical_null_is_the_papers_dash() -> None:
    assert CANONICAL_NULL == "-"
    assert is_null(CANONICAL_NULL)


def test_vocabulary_holds_normalised_forms() -> None:
    for spelling in ("", "-", "—", "n/a", "null", "not mentioned", "..."):
        assert spelling in NULL_VOCABULARY
    for spelling in NULL_VOCABULARY:
        assert normalize_text(spelling) in NULL_VOCABULARY
    assert "x" not in NULL_VOCABULARY
    assert "no" not in NULL_VOCABULARY
    assert "0" not in NULL_VOCABULARY


@pytest.mark.parametrize(
    "value",
    [None, float("nan"), math.nan, decimal.Decimal("NaN")],
)
def test_non_string_nulls(value: object) -> None:
    assert is_null(value)


@pytest.mark.parametrize("value", [0, 0.0, 1, -1.5, decimal.Decimal("0"), False, [], object()])
def test_non_string_values(value: object) -> None:
    assert not is_null(value)


def test_pandas_and_numpy_missing_values() -> None:
    np = pytest.importorskip("numpy")
    pd = pytest.importorskip("pandas")
    assert is_null(pd.NA)
    assert is_null(pd.NaT)
    assert is_null(np.nan)
    assert is_null(np.float32("nan"))
    assert not is_null(np.int64(0))
    assert not is_null(np.array([1.0, 2.0]))


@settings(max_examples=300)
@given(any_text)
def test_null_is_stable_under_normalisation(s: str) -> None:
    assert is_null(normalize_text(s)) == is_null(s)
    assert is_null(normalize_null(s)) == is_null(s)


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_input_finishes(name: str) -> None:
    assert isinstance(finishes(is_null, HOSTILE[name]), bool)


@pytest.mark.parametrize(
    "value",
    ["(Not specified, but 7 more than Philadelphia)", "N/A - injured", "not mentioned; see notes"],
)
def test_a_null_marker_followed_by_a_note_is_null(value: str) -> None:
    assert is_null(value)


@pytest.mark.parametrize("value", ["(9 less than Philadelphia)", "5, unknown", "none of the above"])
def test_a_note_that_is_not_led_by_a_null_marker_is_a_value(value: str) -> None:
    assert not is_null(value)

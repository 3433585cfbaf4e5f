"""type_cell / order_key / comparable: the typed view of a cell the detector works on."""

from __future__ import annotations

import pytest
from _normalize_helpers import HOSTILE, any_text, finishes
from hypothesis import given, settings
from hypothesis import strategies as st

from tablehallu.config import Config
from tablehallu.normalize import (
    KINDS,
    DateValue,
    NumberValue,
    comparable,
    normalize_text,
    order_key,
    type_cell,
)


@pytest.mark.parametrize(
    ("raw", "kind"),
    [
        ("", "null"),
        ("N/A", "null"),
        ("(not specified)", "null"),
        ("—", "null"),
        ("2021", "number"),  # a bare number is never a date
        ("5", "number"),
        ("12.5", "number"),
        ("1,200", "number"),
        ("$1.2bn", "number"),
        ("12%", "number"),
        ("12 points", "number"),
        ("-5", "number"),
        ("2021-03-05", "date"),
        ("March 2021", "date"),
        ("Q3 2021", "date"),
        ("FY2021", "date"),
        ("03/05/2021", "date"),
        ("Al Horford", "text"),
        ("Philadelphia 76ers", "text"),
        ("76ers", "text"),
        ("12-15", "text"),
        ("3rd", "text"),
        ("No", "text"),
        ("x", "text"),
        ("2011-12", "text"),
        ("H1 2021", "text"),
    ],
)
def test_kinds(raw: str, kind: str) -> None:
    cell = type_cell(raw)
    assert cell.kind == kind
    assert cell.raw == raw
    assert (cell.number is not None) is (kind == "number")
    assert (cell.date is not None) is (kind == "date")


def test_text_is_normalised_and_empty_for_nulls() -> None:
    assert type_cell("**Al Horford**").text == "al horford"
    assert type_cell("$1.2B").text == "$1.2b"
    assert type_cell("N/A").text == ""


def test_values_are_parsed() -> None:
    assert type_cell("$1.2bn").number == NumberValue(1.2, 1e9, "USD", False, True)
    assert type_cell("5 March 2021").date == DateValue(2021, 3, 5, None, "day")


def test_dayfirst_is_passed_through() -> None:
    date = type_cell("03/05/2021", dayfirst=True).date
    assert date is not None and date.iso() == "2021-05-03"
    date = type_cell("03/05/2021").date
    assert date is not None and date.iso() == "2021-03-05"


def test_long_cells_are_text() -> None:
    long_number = "1" * (Config().max_typed_chars + 1)
    assert type_cell(long_number).kind == "text"
    assert type_cell(long_number, max_chars=1000).kind == "number"


def test_non_string_is_a_clear_error() -> None:
    with pytest.raises(TypeError, match="expects a str"):
        type_cell(12)  # type: ignore[arg-type]


def _sorted(values: list[str]) -> list[str]:
    return sorted(values, key=lambda v: order_key(type_cell(v)))


def test_numbers_sort_by_value_not_text() -> None:
    assert _sorted(["10", "9", "1,200", "-3", "$1.2k", "0.5"]) == [
        "-3",
        "0.5",
        "9",
        "10",
        "1,200",
        "$1.2k",
    ]


def test_dates_sort_chronologically() -> None:
    assert _sorted(["March 5, 2021", "2020-12-31", "Jan 2021", "Q2 2021"]) == [
        "2020-12-31",
        "Jan 2021",
        "March 5, 2021",
        "Q2 2021",
    ]


def test_text_sorts_by_normalised_text_and_nulls_last() -> None:
    assert _sorted(["N/A", "**banana**", "Apple", "cherry"]) == [
        "Apple",
        "**banana**",
        "cherry",
        "N/A",
    ]


def test_keys_of_any_kinds_compare_without_error() -> None:
    cells = [type_cell(v) for v in ["5", "FY2020", "2021-03-05", "text", "", "12%"]]
    assert len(sorted(cells, key=order_key)) == len(cells)
    number, year = type_cell("2020"), type_cell("FY2021")
    assert order_key(number) < order_key(year)


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("5", "12%", True),
        ("2021-03-05", "Q3 2021", True),
        ("apple", "banana", True),
        ("", "N/A", True),
        ("2021", "FY2021", True),  # number vs year-precision date
        ("2021", "2021-03-05", False),
        ("5", "apple", False),
        ("2021-03-05", "apple", False),
        ("", "5", False),
    ],
)
def test_comparable(a: str, b: str, expected: bool) -> None:
    assert comparable(type_cell(a), type_cell(b)) is expected
    assert comparable(type_cell(b), type_cell(a)) is expected


@settings(max_examples=400)
@given(any_text)
def test_kind_is_stable_under_normalisation(s: str) -> None:
    cell = type_cell(s)
    assert cell.kind in KINDS
    again = type_cell(normalize_text(s))
    assert again.kind == cell.kind
    assert again.text == cell.text
    order_key(cell)


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_input_finishes(name: str) -> None:
    cell = finishes(type_cell, HOSTILE[name])
    assert cell.kind in KINDS


@settings(max_examples=300)
@given(st.text(alphabet="0123456789", max_size=90), st.sampled_from([8, 64]), st.booleans())
def test_digit_cells_read_as_the_general_path_reads_them(
    raw: str, max_chars: int, df: bool
) -> None:
    from tablehallu.normalize.cell import _type_cell, _type_cell_general

    assert _type_cell(raw, df, max_chars) == _type_cell_general(raw, df, max_chars)
    for listed in ("0", "00", "000"):
        assert _type_cell(listed, df, max_chars) == _type_cell_general(listed, df, max_chars)

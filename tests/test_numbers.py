"""parse_number / header_unit / numbers_equal / extract_numbers."""

from __future__ import annotations

import math

import pytest
from _normalize_helpers import HOSTILE, any_text, finishes
from hypothesis import given, settings
from hypothesis import strategies as st

from tablehallu.config import Config
from tablehallu.normalize import (
    NumberValue,
    extract_numbers,
    format_number,
    header_unit,
    normalize_text,
    numbers_equal,
    parse_number,
)

K, M, B, T = 1e3, 1e6, 1e9, 1e12

# value -> (magnitude, scale, unit, approximate)
PARSE_CASES: list[tuple[str, tuple[float, float, str | None, bool]]] = [
    # bare numbers stay numbers
    ("2021", (2021, 1, None, False)),
    ("0", (0, 1, None, False)),
    ("17", (17, 1, None, False)),
    ("12.5", (12.5, 1, None, False)),
    (".5", (0.5, 1, None, False)),
    ("0.5", (0.5, 1, None, False)),
    # separators
    ("1,200", (1200, 1, None, False)),
    ("1,200.50", (1200.5, 1, None, False)),
    ("1,234,567", (1234567, 1, None, False)),
    ("1 200", (1200, 1, None, False)),
    ("1\u00a0200", (1200, 1, None, False)),
    ("1\u2009200", (1200, 1, None, False)),
    ("1\u202f200", (1200, 1, None, False)),
    ("1'200", (1200, 1, None, False)),
    ("1,20,000", (120000, 1, None, False)),
    ("1.200", (1.2, 1, None, False)),
    ("1.200.000", (1200000, 1, None, False)),
    ("1.200,50", (1200.5, 1, None, False)),
    ("1 200,50", (1200.5, 1, None, False)),
    ("5e3", (5000, 1, None, False)),
    ("1.5E-05", (1.5e-05, 1, None, False)),
    ("１２", (12, 1, None, False)),
    ("٣٤", (34, 1, None, False)),
    # signs
    ("-5", (-5, 1, None, False)),
    ("−5", (-5, 1, None, False)),
    ("+3.5", (3.5, 1, None, False)),
    ("(1,200)", (-1200, 1, None, False)),
    ("($1.2B)", (-1.2, B, "USD", False)),
    ("-$5", (-5, 1, "USD", False)),
    ("$-5", (-5, 1, "USD", False)),
    # currency
    ("$1.2", (1.2, 1, "USD", False)),
    ("€3", (3, 1, "EUR", False)),
    ("3 €", (3, 1, "EUR", False)),
    ("£10", (10, 1, "GBP", False)),
    ("¥100", (100, 1, "JPY", False)),
    ("₹5 crore", (5, 1e7, "INR", False)),
    ("Rs. 500", (500, 1, "INR", False)),
    ("US$ 4.5 million", (4.5, M, "USD", False)),
    ("USD 4.5m", (4.5, M, "USD", False)),
    ("100 USD", (100, 1, "USD", False)),
    ("4.5 million dollars", (4.5, M, "USD", False)),
    ("1.2 billion euros", (1.2, B, "EUR", False)),
    ("CHF 20", (20, 1, "CHF", False)),
    ("A$5", (5, 1, "AUD", False)),
    ("$5MM", (5, M, "USD", False)),
    # scale
    ("1.2 billion", (1.2, B, None, False)),
    ("1.2bn", (1.2, B, None, False)),
    ("1.2B", (1.2, B, None, False)),
    ("3.5k", (3.5, K, None, False)),
    ("3.5K", (3.5, K, None, False)),
    ("5 thousand", (5, K, None, False)),
    ("2 mn", (2, M, None, False)),
    ("3 trillion", (3, T, None, False)),
    ("3 lakh", (3, 1e5, None, False)),
    ("1.2M", (1.2, M, None, False)),
    # percent and units
    ("12%", (12, 1, "%", False)),
    ("12 %", (12, 1, "%", False)),
    ("12 percent", (12, 1, "%", False)),
    ("12 per cent", (12, 1, "%", False)),
    ("12 pct", (12, 1, "%", False)),
    ("57.1%", (57.1, 1, "%", False)),
    ("3 pp", (3, 1, "pp", False)),
    ("12 points", (12, 1, "points", False)),
    ("12 pts", (12, 1, "points", False)),
    ("12pts", (12, 1, "points", False)),
    ("5 km", (5, 1, "km", False)),
    ("5km", (5, 1, "km", False)),
    ("5 kilometres", (5, 1, "km", False)),
    ("12.5 km²", (12.5, 1, "km2", False)),
    ("5 yrs", (5, 1, "years", False)),
    ("10 kg", (10, 1, "kg", False)),
    ("5 mm", (5, 1, "mm", False)),
    ("5 mi", (5, 1, "mi", False)),
    ("5 min", (5, 1, "minutes", False)),
    ("30 °C", (30, 1, "°c", False)),
    ("30℃", (30, 1, "°c", False)),
    ("13 rebounds", (13, 1, "rebounds", False)),
    ("4.5 million users", (4.5, M, "users", False)),
    # approximate
    ("~40", (40, 1, None, True)),
    ("≈40", (40, 1, None, True)),
    ("approx. 40", (40, 1, None, True)),
    ("approximately 40", (40, 1, None, True)),
    ("about 40", (40, 1, None, True)),
    ("around 40", (40, 1, None, True)),
    ("roughly 40", (40, 1, None, True)),
    ("circa 1200", (1200, 1, None, True)),
    ("c. 1200", (1200, 1, None, True)),
    ("est. 40", (40, 1, None, True)),
    ("Almost 50%", (50, 1, "%", True)),
    ("40 (est.)", (40, 1, None, True)),
    ("40 est.", (40, 1, None, True)),
    ("~$1.2bn", (1.2, B, "USD", True)),
    # markup around a number
    ("**12**", (12, 1, None, False)),
    ("<b>12</b>", (12, 1, None, False)),
    ('"12"', (12, 1, None, False)),
]

NOT_NUMBERS = [
    "",
    "-",
    "$-",
    "$",
    "%",
    "12-15",
    "2020-2021",
    "1/2",
    "3/16",
    "3rd",
    "21st",
    "Q3",
    "1990s",
    "76ers",
    "Philadelphia 76ers",
    "iPhone 12",
    "12 Angry Men",
    "40+",
    ">40",
    "<40%",
    "Over 52%",
    "up to 40",
    "1,5",
    "1,2345",
    "007",
    "02139",
    "5 pm",
    "500 BC",
    "5 March",
    "12a",
    "5x",
    "5e",
    "1e999",
    "--5",
    "(-5)",
    "($-5)",
    "$12%",
    "12k%",
    "$5 €",
    "$5 per share",
    "12 of 20",
    "48% (13/27)",
    "47:35",
    "1.2.3",
    "N/A",
    "twelve",
    "1 2",
    "12 .5",
]


@pytest.mark.parametrize(("raw", "expected"), PARSE_CASES)
def test_parse_number(raw: str, expected: tuple[float, float, str | None, bool]) -> None:
    n = parse_number(raw)
    assert n is not None, raw
    magnitude, scale, unit, approx = expected
    assert math.isclose(n.magnitude, magnitude, rel_tol=1e-12)
    assert n.scale == scale
    assert n.unit == unit
    assert n.approximate is approx
    assert n.scale_explicit is (scale != 1)
    assert math.isclose(n.value, magnitude * scale, rel_tol=1e-12)


@pytest.mark.parametrize("raw", NOT_NUMBERS)
def test_not_a_number(raw: str) -> None:
    assert parse_number(raw) is None


def test_length_cap() -> None:
    long_number = "1" * (Config().max_typed_chars + 1)
    assert parse_number(long_number) is None
    assert parse_number(long_number, max_chars=200) is not None
    assert parse_number("12", max_chars=1) is None


HEADERS = [
    ("Revenue (USD Billion)", ("USD", B)),
    ("Growth (%)", ("%", 1.0)),
    ("Price ($)", ("USD", 1.0)),
    ("Population (millions)", (None, M)),
    ("Distance (km)", ("km", 1.0)),
    ("Year", (None, 1.0)),
    ("Points", (None, 1.0)),
    ("Revenue ($M)", ("USD", M)),
    ("Revenue in $m", ("USD", M)),
    ("Distance in km", ("km", 1.0)),
    ("Revenue USD", ("USD", 1.0)),
    ("Total points", (None, 1.0)),
    ("Distance km", (None, 1.0)),
    ("Sales, EUR bn", ("EUR", B)),
    ("Revenue (in billions of USD)", ("USD", B)),
    ("Sales (US$ millions)", ("USD", M)),
    ("Revenue [€bn]", ("EUR", B)),
    ("Revenue ('000)", (None, K)),
    ("Growth %", ("%", 1.0)),
    ("% Change", ("%", 1.0)),
    ("Share (% of total)", ("%", 1.0)),
    ("Height (m)", ("m", 1.0)),
    ("Time (s)", ("seconds", 1.0)),
    ("Weight (lbs)", ("lb", 1.0)),
    ("Age (years)", ("years", 1.0)),
    ("Revenue (USD Billion):", ("USD", B)),
    ("**Price (€)**", ("EUR", 1.0)),
    # nothing declared
    ("Revenue (2021)", (None, 1.0)),
    ("Name (English)", (None, 1.0)),
    ("Price (USD/kg)", (None, 1.0)),
    ("Percentage of field goals", (None, 1.0)),
    ("Points in 4th quarter", (None, 1.0)),
    ("", (None, 1.0)),
]


@pytest.mark.parametrize(("header", "expected"), HEADERS)
def test_header_unit(header: str, expected: tuple[str | None, float]) -> None:
    assert header_unit(header) == expected


BILLIONS = "Revenue (USD Billion)"
EQUAL = [
    ("1.2", "1.2 billion", BILLIONS),
    ("1.2", "$1.2B", BILLIONS),
    ("1.2", "1,200 million", BILLIONS),
    ("1.2", "1200000000", BILLIONS),
    ("1.2 billion", "1,200 million", None),
    ("1.2 billion", "1200000000", None),
    ("1.2 billion", "1.2", None),
    ("$1.2B", "1.2", None),
    ("12%", "12", None),
    ("12%", "12", "Growth (%)"),
    ("12 percent", "12%", None),
    ("$1.2", "1.2", None),
    ("$1.2", "1.2 USD", None),
    ("~40", "40", None),
    ("1,200", "1200", None),
    ("1 200", "1,200.00", None),
    ("-5", "(5)", None),
    ("12 points", "12", None),
    ("5 km", "5 kilometres", None),
    ("0", "-0", None),
    ("3.5k", "3,500", None),
]
NOT_EQUAL = [
    ("1.2 million", "1.2", BILLIONS),
    ("1,200 million", "1.2", None),
    ("$5", "€5", None),
    ("€5", "5", "Price ($)"),
    ("12%", "12 km", None),
    ("12%", "0.12", None),
    ("12%", "0.12", "Growth (%)"),
    ("5", "6", None),
    ("100", "101", None),
    ("1.2", "1.21", None),
    ("1.2 billion", "1.2 million", None),
    ("-5", "5", None),
    ("12 points", "12 rebounds", None),
]


@pytest.mark.parametrize(("a", "b", "header"), EQUAL)
def test_numbers_equal(a: str, b: str, header: str | None) -> None:
    na, nb = parse_number(a), parse_number(b)
    assert na is not None and nb is not None
    assert numbers_equal(na, nb, header=header)
    assert numbers_equal(nb, na, header=header)


@pytest.mark.parametrize(("a", "b", "header"), NOT_EQUAL)
def test_numbers_not_equal(a: str, b: str, header: str | None) -> None:
    na, nb = parse_number(a), parse_number(b)
    assert na is not None and nb is not None
    assert not numbers_equal(na, nb, header=header)
    assert not numbers_equal(nb, na, header=header)


def test_relative_tolerance() -> None:
    a, b = NumberValue(100.0), NumberValue(101.0)
    assert not numbers_equal(a, b)
    assert numbers_equal(a, b, rel_tol=0.01)
    assert not numbers_equal(a, b, rel_tol=0.005)
    # the float-noise floor
    assert numbers_equal(NumberValue(0.1 + 0.2), NumberValue(0.3))


@pytest.mark.parametrize("bad", [-0.1, math.nan])
def test_bad_tolerance_is_a_clear_error(bad: float) -> None:
    with pytest.raises(ValueError, match="rel_tol"):
        numbers_equal(NumberValue(1.0), NumberValue(1.0), rel_tol=bad)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("iPhone 12", (12.0,)),
        ("Q3 2021", (3.0, 2021.0)),
        ("1,200 and 3.5", (1200.0, 3.5)),
        ("COVID-19", (19.0,)),
        ("iPhone12", (12.0,)),
        ("3rd", (3.0,)),
        ("Philadelphia 76ers", (76.0,)),
        ("１２ items", (12.0,)),
        ("no numbers here", ()),
        ("", ()),
    ],
)
def test_extract_numbers(raw: str, expected: tuple[float, ...]) -> None:
    assert extract_numbers(raw) == expected


def test_extract_numbers_tells_apart_different_models() -> None:
    assert extract_numbers("iPhone 12") != extract_numbers("iPhone 13")


number_values = st.builds(
    NumberValue,
    magnitude=st.floats(allow_nan=False, allow_infinity=False, min_value=-1e15, max_value=1e15),
    scale=st.sampled_from([1.0]),
    unit=st.sampled_from([None, "%", "USD", "EUR", "km", "points", "years"]),
    approximate=st.booleans(),
)
scaled_values = st.builds(
    NumberValue,
    magnitude=st.floats(allow_nan=False, allow_infinity=False, min_value=0, max_value=1e6),
    scale=st.sampled_from([1e3, 1e6, 1e9, 1e12]),
    unit=st.sampled_from([None, "USD", "users"]),
    approximate=st.booleans(),
    scale_explicit=st.just(True),
)


@settings(max_examples=400)
@given(st.one_of(number_values, scaled_values))
def test_format_then_parse_round_trips(n: NumberValue) -> None:
    assert parse_number(format_number(n)) == n


@settings(max_examples=300)
@given(st.floats(allow_nan=False, allow_infinity=False))
def test_plain_float_text_round_trips(x: float) -> None:
    n = parse_number(repr(x))
    assert n is not None and n.value == x


@settings(max_examples=300)
@given(st.integers(min_value=1000, max_value=10**15))
def test_thousands_separators_round_trip(x: int) -> None:
    for text in (f"{x:,}", f"{x:,}".replace(",", " "), f"{x:,}".replace(",", "\u00a0")):
        n = parse_number(text)
        assert n is not None and n.value == x


@settings(max_examples=400)
@given(any_text)
def test_parse_number_never_raises_and_is_stable_under_normalisation(s: str) -> None:
    n = parse_number(s)
    assert n == parse_number(normalize_text(s))
    if n is not None:
        assert math.isfinite(n.value)
        assert numbers_equal(n, n)


@settings(max_examples=200)
@given(st.one_of(number_values, scaled_values), st.one_of(number_values, scaled_values), any_text)
def test_numbers_equal_is_symmetric(a: NumberValue, b: NumberValue, header: str) -> None:
    assert numbers_equal(a, b, header=header) == numbers_equal(b, a, header=header)


@settings(max_examples=300)
@given(any_text)
def test_header_unit_and_extract_never_raise(s: str) -> None:
    _unit, scale = header_unit(s)
    assert scale > 0
    assert all(math.isfinite(x) for x in extract_numbers(s))


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_input_finishes(name: str) -> None:
    value = HOSTILE[name]
    finishes(parse_number, value)
    finishes(lambda v: parse_number(v, max_chars=10**9), value)
    finishes(header_unit, value)
    finishes(extract_numbers, value)


def test_extract_numbers_reads_a_grouped_number_before_a_comma() -> None:
    assert extract_numbers("population 47,300, adopted in 2019") == (47300.0, 2019.0)


DIGIT_CASES = ["0", "00", "07", "1", "10", "2021", "125019", "9" * 64, "9" * 65, "9" * 400, "0" * 5]


@pytest.mark.parametrize("max_chars", [1, 4, 64, 65, 1000])
@pytest.mark.parametrize("value", DIGIT_CASES)
def test_digit_fast_path_reads_what_the_general_path_reads(value: str, max_chars: int) -> None:
    from tablehallu.normalize.numbers import _parse, _parse_general

    assert _parse(value, max_chars) == _parse_general(value, max_chars)


@settings(max_examples=400, deadline=None)
@given(st.from_regex(r"[0-9]{1,80}", fullmatch=True), st.integers(min_value=1, max_value=400))
def test_digit_fast_path_property(value: str, max_chars: int) -> None:
    from tablehallu.normalize.numbers import _parse, _parse_general

    assert _parse(value, max_chars) == _parse_general(value, max_chars)

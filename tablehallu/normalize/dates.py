"""Dates in cells: parsing to a :class:`DateValue` at its written precision, and equality.

Vocabulary of :func:`parse_date` (matched on the :func:`normalize_text` form; month names in
English, full or abbreviated, with an optional ``.``; a leading weekday is ignored; the WHOLE cell
must be the date):

=========  ==========================================================================
precision  written
=========  ==========================================================================
day        ``2021-03-05`` ``2021/03/05`` ``2021.3.5`` (year first: always y-m-d), also with a
           time, which is dropped (``2021-03-05T10:00:00Z``, ``2021-03-05 10:00 pm``);
           ``03/05/2021`` ``3-5-21`` (month first unless ``dayfirst``; a first part > 12 forces
           day-first, a second part > 12 month-first); ``05.03.2021`` ``05.03.21``
           (dots: day first, as in every locale that writes them; two-digit years need two-digit
           day and month); ``March 5, 2021`` ``Mar. 5th 2021`` ``5 March 2021``
           ``5th of March, 2021`` ``05-Mar-2021`` ``05-Mar-21`` ``2021-Mar-05``; other full dates
           via ``dateparser`` (``March the 5th, 2021``, ``2021, March 5``, ``Tue 05 Mar 2021
           10:00 GMT``)
month      ``2021-03`` ``2021/3`` ``03/2021`` ``3-2021`` ``March 2021`` ``Mar. 2021``
           ``March, 2021`` ``March of 2021`` ``Mar-2021`` ``Mar '21`` ``2021 March``
quarter    ``Q3 2021`` ``Q3-2021`` ``Q3/2021`` ``Q3, 2021`` ``Q3 of 2021`` ``Q3'21`` ``Q3 FY21``
           ``2021-Q3`` ``2021 Q3`` ``2021Q3`` ``3Q21`` ``3Q 2021`` ``FY21 Q3``
           ``third quarter of 2021`` ``3rd quarter 2021``
year       ``FY2021`` ``FY 2021`` ``FY21`` ``FY'21`` ``fiscal 2021`` ``fiscal year 2021`` (a fiscal
           year is compared as the calendar year with the same number: a label, not a span)
=========  ==========================================================================

Two-digit years are 2000-2068 for 00-68 and 1969-1999 for 69-99 (the POSIX ``%y`` rule).

Never a date (returns None): a bare number (``2013``, ``5``, ``12.5``, ``20210305``); anything
without a year (``March 5``, ``Q3``); halves and seasons (``H1 2021``, ``Summer 2021``);
vague periods (``early 2021``); ranges (``2020-2021``, ``March 5-7, 2021``); season spans written
``YYYY-YY``/``YYYY/YY`` where YY is the next year (``2011-12``, ``2008/09``), which would
otherwise read as a month (:func:`parse_period` reads them as the two years they span);
invalid calendar dates (``2021-02-30``); strings longer than ``max_chars``.

``dateparser`` is consulted only for strings that contain an English month name, no words other
than month/weekday names, ordinal endings and ``the of at on am pm gmt utc``, and match none of
the forms above (all-numeric forms are exactly the ones listed), in strict mode (day, month
and year all written); its answer is kept only when that year (as four digits) and that day
are visibly written in the string.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from tablehallu.normalize.numbers import DEFAULT_MAX_CHARS
from tablehallu.normalize.text import ascii_digits, normalize_text

__all__ = [
    "PRECISIONS",
    "DateValue",
    "dates_equal",
    "dates_in",
    "normalize_date",
    "parse_date",
    "parse_period",
]

#: Precisions from coarsest to finest.
PRECISIONS: Final[tuple[str, ...]] = ("year", "quarter", "month", "day")
_RANK: Final[dict[str, int]] = {p: i for i, p in enumerate(PRECISIONS)}


@dataclass(frozen=True)
class DateValue:
    """A calendar date, month, quarter or year, as precise as it was written.

    ``quarter`` is set only for quarter precision; use :meth:`quarter_of` for the quarter of any
    date finer than a year. Invalid combinations raise ValueError.
    """

    year: int
    month: int | None = None
    day: int | None = None
    quarter: int | None = None
    precision: str = "year"

    def __post_init__(self) -> None:
        if self.precision not in _RANK:
            raise ValueError(f"precision must be one of {', '.join(PRECISIONS)}")
        if not 1 <= self.year <= 9999:
            raise ValueError(f"year {self.year} is outside 1-9999")
        want = {
            "year": (False, False, False),
            "quarter": (False, False, True),
            "month": (True, False, False),
            "day": (True, True, False),
        }[self.precision]
        have = (self.month is not None, self.day is not None, self.quarter is not None)
        if have != want:
            parts = [n for n, w in zip(("month", "day", "quarter"), want, strict=True) if w]
            raise ValueError(
                f"a {self.precision}-precision date sets year and "
                f"{', '.join(parts) or 'nothing else'} (month/day/quarter given: {have})"
            )
        if self.quarter is not None and not 1 <= self.quarter <= 4:
            raise ValueError(f"quarter {self.quarter} is outside 1-4")
        if self.month is not None and not 1 <= self.month <= 12:
            raise ValueError(f"month {self.month} is outside 1-12")
        if self.day is not None and self.month is not None:
            last = calendar.monthrange(self.year, self.month)[1]
            if not 1 <= self.day <= last:
                raise ValueError(f"day {self.day} is outside 1-{last} for {self.year}-{self.month}")

    def iso(self) -> str:
        """``2021-03-05``, ``2021-03``, ``2021-Q3`` or ``2021`` by precision.

        Every form except the year (a bare number is never a date) parses back to this value,
        apart from months that read as a season span (``2011-12``).
        """
        if self.precision == "day":
            return f"{self.year:04d}-{self.month:02d}-{self.day:02d}"
        if self.precision == "month":
            return f"{self.year:04d}-{self.month:02d}"
        if self.precision == "quarter":
            return f"{self.year:04d}-Q{self.quarter}"
        return f"{self.year:04d}"

    def quarter_of(self) -> int | None:
        """The quarter (1-4) this date falls in; None for a year."""
        if self.quarter is not None:
            return self.quarter
        if self.month is not None:
            return (self.month - 1) // 3 + 1
        return None

    def sort_key(self) -> tuple[int, int, int, int]:
        """Chronological key; a coarser date sorts before the finer dates inside it."""
        return (self.year, self.quarter_of() or 0, self.month or 0, self.day or 0)


# --- vocabulary ---------------------------------------------------------------------------------

_MONTHS: Final[dict[str, int]] = {}
for _i, _name in enumerate(calendar.month_name[1:], start=1):
    _MONTHS[_name.lower()] = _i
    _MONTHS[_name.lower()[:3]] = _i
_MONTHS["sept"] = 9
_MONTH_ALT: Final = "|".join(sorted(_MONTHS, key=len, reverse=True))
_MON: Final = rf"(?P<mon>{_MONTH_ALT})\.?"
_DAY: Final = r"(?P<day>\d{1,2})(?:st|nd|rd|th)?"
_Y4: Final = r"(?P<year>\d{4})"
_YEAR_OR_APOS: Final = r"(?:(?P<year>\d{4})|'(?P<yy>\d{2}))"
_WEEKDAY_RE: Final = re.compile(
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday"
    r"|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?,? "
)
# "Feb 3", "3 February", "September 8th", "8th of Sept.": a day of a month, no year
_DAY_MONTH_RE: Final = re.compile(
    rf"(?:{_MON},? {_DAY}|(?P<day2>\d{{1,2}})(?:st|nd|rd|th)? (?:of )?(?P<mon2>{_MONTH_ALT})\.?)"
)


def day_and_month(text: str) -> tuple[int, int] | None:
    """The day and the month of a date written without a year ("Feb 3": (3, 2), "8th of
    September": (8, 9)); None for anything else."""
    found = _DAY_MONTH_RE.fullmatch(" ".join(text.casefold().split()))
    if found is None:
        return None
    day = int(found.group("day") or found.group("day2"))
    month = _MONTHS[found.group("mon") or found.group("mon2")]
    return (day, month) if 1 <= day <= 31 else None


def month_number(word: str) -> int | None:
    """The month a word names ("february", "feb", "feb.", "sept": 2, 2, 2, 9); None otherwise."""
    return _MONTHS.get(word.casefold().rstrip("."))


def day_number(word: str) -> int | None:
    """The day of a month a token writes ("3", "03", "3rd": 3); None otherwise."""
    found = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)?", word.casefold())
    return int(found.group(1)) if found is not None and 1 <= int(found.group(1)) <= 31 else None


_QUARTER_WORDS: Final[dict[str, int]] = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "1st": 1,
    "2nd": 2,
    "3rd": 3,
    "4th": 4,
}
_FY: Final = r"(?:fy|fiscal(?: year)?) ?"


def _c(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


# (precision, pattern); group names: year/yy, mon (name) or m (number), day/d, q/qw, a/b (ambiguous)
_PATTERNS: Final[tuple[tuple[str, re.Pattern[str]], ...]] = (
    (
        "ymd",
        _c(
            r"(?P<year>\d{4})(?P<sep>[-/.])(?P<m>\d{1,2})(?P=sep)(?P<d>\d{1,2})"
            r"(?:[t ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?: ?[ap]\.?m\.?)?"
            r"(?: ?(?:z|utc|gmt|[+-]\d{2}:?\d{2}))?)?"
        ),
    ),
    (
        "ambiguous",
        _c(r"(?P<a>\d{1,2})(?P<sep>[/-])(?P<b>\d{1,2})(?P=sep)(?:(?P<year>\d{4})|(?P<yy>\d{2}))"),
    ),
    ("dotted", _c(r"(?P<a>\d{1,2})\.(?P<b>\d{1,2})\.(?P<year>\d{4})")),
    ("dotted", _c(r"(?P<a>\d{2})\.(?P<b>\d{2})\.(?P<yy>\d{2})")),
    ("day", _c(rf"{_MON}(?: |-)?{_DAY}(?:, ?| |-|/){_YEAR_OR_APOS}")),
    ("day", _c(rf"{_DAY}(?: of)?(?: |-|/){_MON}(?:, ?| |-|/){_YEAR_OR_APOS}")),
    ("day", _c(rf"(?P<d>\d{{2}})-{_MON}-(?P<yy>\d{{2}})")),
    ("day", _c(rf"{_Y4}(?: |-|/){_MON}(?: |-|/){_DAY}")),
    ("month", _c(rf"{_MON}(?:, ?| |-|/| of ){_YEAR_OR_APOS}")),
    ("month", _c(rf"{_Y4}(?: |-|/){_MON}")),
    ("month", _c(r"(?P<year>\d{4})(?P<sep>[-/])(?P<m>\d{1,2})")),
    ("month", _c(r"(?P<m>\d{1,2})[-/](?P<year>\d{4})")),
    ("quarter", _c(rf"q(?P<q>[1-4])(?:, ?| |-|/| of )?(?:{_FY})?{_YEAR_OR_APOS}")),
    ("quarter", _c(rf"q(?P<q>[1-4])(?:, ?| |-|/)?{_FY}'?(?P<yy>\d{{2}})")),
    ("quarter", _c(r"(?P<year>\d{4})(?: |-)?q(?P<q>[1-4])")),
    ("quarter", _c(r"(?P<q>[1-4])q(?: |-)?(?:(?P<year>\d{4})|(?P<yy>\d{2}))")),
    ("quarter", _c(rf"{_FY}(?:(?P<year>\d{{4}})|'?(?P<yy>\d{{2}}))(?: |-)?q(?P<q>[1-4])")),
    (
        "quarter",
        _c(rf"(?P<qw>first|second|third|fourth|1st|2nd|3rd|4th) quarter(?: of)?,? (?:{_FY})?{_Y4}"),
    ),
    ("year", _c(rf"{_FY}(?:(?P<year>\d{{4}})|'?(?P<yy>\d{{2}}))")),
)
_MONTH_NAME_RE: Final = re.compile(rf"(?<![a-z])(?:{_MONTH_ALT})(?![a-z])")
_WORD_RE: Final = re.compile(r"[a-z]+")
#: The only words a string handed to dateparser may contain besides month and weekday names.
_DATEPARSER_WORDS: Final[frozenset[str]] = frozenset(
    {"the", "of", "at", "on", "am", "pm", "a", "m", "gmt", "utc", "z", "t", "st", "nd", "rd", "th"}
    | set(_MONTHS)
    | {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
    | {"mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"}
)


def _two_digit_year(yy: str) -> int:
    n = int(yy)
    return 2000 + n if n < 69 else 1900 + n


def _year(g: dict[str, str | None]) -> int:
    if g.get("year"):
        return int(g["year"] or 0)
    return _two_digit_year(g["yy"] or "0")


def _day(year: int, month: int, day: int) -> DateValue | None:
    if not 1 <= month <= 12 or not 1 <= day <= calendar.monthrange(year, month)[1]:
        return None
    return DateValue(year, month, day, None, "day")


def _is_season(year: int, month_text: str) -> bool:
    return len(month_text) == 2 and int(month_text) == (year + 1) % 100


def _from_match(kind: str, g: dict[str, Any], dayfirst: bool) -> DateValue | None:
    year = _year(g)
    if not 1 <= year <= 9999:
        return None
    if kind == "ymd":
        return _day(year, int(g["m"]), int(g["d"]))
    if kind in ("ambiguous", "dotted"):
        a, b = int(g["a"]), int(g["b"])
        first_is_day = dayfirst or kind == "dotted"
        if a > 12:
            first_is_day = True
        elif b > 12:
            first_is_day = False
        return _day(year, b, a) if first_is_day else _day(year, a, b)
    month = _MONTHS[g["mon"]] if g.get("mon") else int(g["m"]) if g.get("m") else None
    if kind == "day":
        assert month is not None
        return _day(year, month, int(g["day"] if g.get("day") else g["d"]))
    if kind == "month":
        assert month is not None
        if g.get("sep") and _is_season(year, g["m"]):
            return None
        return DateValue(year, month, None, None, "month") if 1 <= month <= 12 else None
    if kind == "quarter":
        q = int(g["q"]) if g.get("q") else _QUARTER_WORDS[g["qw"]]
        return DateValue(year, None, None, q, "quarter")
    return DateValue(year, None, None, None, "year")


def _dateparser(s: str, dayfirst: bool) -> DateValue | None:
    import dateparser  # slow to import; only needed for the rare long-tail formats

    settings: Any = {
        "STRICT_PARSING": True,
        "PREFER_DAY_OF_MONTH": "first",
        "DATE_ORDER": "DMY" if dayfirst else "MDY",
        "PARSERS": ["custom-formats", "absolute-time"],
        "RETURN_AS_TIMEZONE_AWARE": False,
    }
    try:
        dt = dateparser.parse(s, languages=["en"], settings=settings)
    except Exception:  # dateparser raises assorted errors on odd input; that is "not a date"
        return None
    if dt is None or not 1 <= dt.year <= 9999:
        return None
    digits = re.findall(r"\d+", s)
    year_written = f"{dt.year:04d}" in digits  # two-digit years only in the forms above
    day_written = any(d.lstrip("0") == str(dt.day) for d in digits)
    if not (year_written and day_written):
        return None
    return DateValue(dt.year, dt.month, dt.day, None, "day")


def _parse(value: str, dayfirst: bool, max_chars: int) -> DateValue | None:
    s = ascii_digits(normalize_text(value))
    if not s or len(s) > max_chars or not any(map(str.isdigit, s)):
        return None
    if s.replace(".", "", 1).isdigit():
        return None  # a bare number is never a date
    m = _WEEKDAY_RE.match(s)
    if m and m.end() < len(s):
        s = s[m.end() :]
    for kind, pattern in _PATTERNS:
        match = pattern.fullmatch(s)
        if match is not None:
            return _from_match(kind, match.groupdict(), dayfirst)
    if _MONTH_NAME_RE.search(s) and all(w in _DATEPARSER_WORDS for w in _WORD_RE.findall(s)):
        return _dateparser(s, dayfirst)
    return None


_parse_cached = lru_cache(maxsize=65536)(_parse)


def parse_date(
    value: str, dayfirst: bool = False, *, max_chars: int = DEFAULT_MAX_CHARS
) -> DateValue | None:
    """The date that the WHOLE of ``value`` writes, or None (see the module docstring)."""
    if len(value) > 4 * max_chars + 64:  # cannot normalise down to max_chars; skip the work
        return None
    return _parse_cached(value, dayfirst, max_chars)


#: A season over two years ("2015-16", "1993–94", "2008/09"), which :func:`parse_date` refuses
_SEASON_RE: Final = re.compile(r"(\d{4})[-–/](\d{2})")


def parse_period(value: str, dayfirst: bool = False) -> tuple[DateValue, DateValue] | None:
    """The first and last date of the period the WHOLE of ``value`` writes: a year (``1993``,
    both ends that year), a season over two years (``2015-16``, ``1993–94``, ``2008/09``: the
    second part must be the next year; the ends are the two years), or a date
    :func:`parse_date` reads (both ends that date); None otherwise."""
    s = normalize_text(value)
    try:
        m = _SEASON_RE.fullmatch(s)
        if m:
            y = int(m.group(1))
            if int(m.group(2)) != (y + 1) % 100:
                return None
            return DateValue(y), DateValue(y + 1)
        if s.isdigit() and len(s) == 4:
            return DateValue(int(s)), DateValue(int(s))
    except ValueError:  # a year outside 1-9999 ("0000", "9999-00")
        return None
    d = parse_date(s, dayfirst)
    return (d, d) if d is not None else None


def normalize_date(
    value: str, dayfirst: bool = False, *, max_chars: int = DEFAULT_MAX_CHARS
) -> str | None:
    """ISO form of the date in ``value`` (``2021-03-05``, ``2021-03``, ``2021-Q3``, ``2021``)."""
    d = parse_date(value, dayfirst, max_chars=max_chars)
    return None if d is None else d.iso()


def dates_equal(a: DateValue, b: DateValue) -> bool:
    """Equal at the coarser precision of the two.

    A year matches any date in that year; a quarter matches its months and days; a month matches
    its days. Two quarters, months or days must agree exactly.
    """
    rank = min(_RANK[a.precision], _RANK[b.precision])
    if a.year != b.year:
        return False
    if rank >= _RANK["quarter"] and a.quarter_of() != b.quarter_of():
        return False
    if rank >= _RANK["month"] and a.month != b.month:
        return False
    return not (rank >= _RANK["day"] and a.day != b.day)


_MONTH_WORD: Final = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\.?"
_ORDINAL_END: Final = r"(?:st|nd|rd|th)?"
#: Dates as running text writes them, for :func:`dates_in` (each alternative is bounded:
#: linear time)
_IN_TEXT_RE: Final = re.compile(
    r"(?<!\w)(?:"
    rf"(?:\d{{1,2}}{_ORDINAL_END} (?:of )?)?{_MONTH_WORD}(?: \d{{1,2}}{_ORDINAL_END})?,? "
    r"(?:of )?\d{4}"
    r"|q[1-4],? ?\d{4}"
    r"|(?:first|second|third|fourth|1st|2nd|3rd|4th) quarter (?:of )?\d{4}"
    r"|\d{4}-\d{2}-\d{2}"
    r")(?!\w)",
    re.IGNORECASE,
)


def dates_in(text: str, dayfirst: bool = False) -> list[tuple[DateValue, int, int]]:
    """The dates a running text writes with a month, a quarter or a full ISO date ("on
    November 4, 2021", "in Q3 2022", "in March 2019"), each with its character span; bare
    years are not read here (they are numbers)."""
    out: list[tuple[DateValue, int, int]] = []
    for m in _IN_TEXT_RE.finditer(text):
        d = parse_date(m.group(), dayfirst)
        if d is not None:
            out.append((d, m.start(), m.end()))
    return out

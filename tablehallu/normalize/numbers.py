"""Numbers in cells and headers: parsing, header units, and typed equality.

Vocabulary of :func:`parse_number` (matched on the :func:`normalize_text` form, so case, markup,
dashes and no-break/thin spaces do not matter). The WHOLE cell must be one number::

    [approx] [sign] [currency] [sign] BODY [scale] [unit | currency] [approx-suffix]

- approx prefix: ``~ ≈ ≃ approx approx. approximately about around roughly circa ca. c. est.
  estimated nearly almost``; suffix: ``(est.) (approx.) (estimated) (approximately) est.
  approx.``. Bounds (``over 40``, ``>40``, ``40+``, ``up to 40``) are not numbers.
- sign: ``+`` or ``-`` (also ``−`` and other dashes); accounting parentheses ``(1,200)`` negate
  (a sign inside them, ``(-5)``, is not a number).
- BODY, separators:

  ==================  ==================  =========================================
  written             value               rule
  ==================  ==================  =========================================
  ``1200 1200.5 .5``  1200, 1200.5, 0.5   ``.`` is always the decimal point ...
  ``1.200``           1.2                 ... including here (never thousands)
  ``1,200 1,200.50``  1200, 1200.5        ``,`` groups thousands (groups of 3)
  ``1,20,000``        120000              Indian grouping (2-digit groups, then 3)
  ``1 200  1'200``    1200                space / apostrophe thousands (groups of 3)
  ``1.200.000``       1200000             two or more ``.`` groups are thousands
  ``1.200,50``        1200.5              ``,`` is a decimal comma ONLY after ``.`` or
  ``1 200,50``        1200.5              space thousands; ``1,5`` is not a number
  ``5e3 1.5e-05``     5000, 1.5e-05       scientific notation
  ==================  ==================  =========================================

  A multi-digit integer part with a leading zero (``007``, ``02139``) is an identifier, not a
  number. Non-ASCII decimal digits are read as digits.
- scale (``scale_explicit=True``): ``k thousand`` 1e3; ``lakh lakhs lac lacs`` 1e5; ``m mn mil
  mio million`` 1e6; ``crore crores cr`` 1e7; ``b bn bil billion`` 1e9; ``t tn trillion`` 1e12.
  A lone ``m`` is always million (write ``meters``/``metres`` for length) and a lone ``t``
  trillion; ``mm`` is millimetres, except after a currency (``$5MM``), where it is million.
- currency -> ISO code: ``$ us$ usd dollar(s) us dollars`` USD (every "dollar" is read as USD);
  ``a$ au$ aud`` AUD; ``c$ ca$ cad`` CAD; ``hk$ hkd`` HKD; ``s$ sgd`` SGD; ``nz$ nzd`` NZD;
  ``r$ brl`` BRL; ``€ eur euro(s)`` EUR; ``£ gbp sterling`` GBP; ``¥ jpy yen`` JPY (``¥`` is also
  the yuan sign; it is read as JPY -- write ``CNY``/``RMB``/``yuan`` for yuan); ``cny rmb yuan
  renminbi`` CNY; ``₹ rs rs. inr rupee(s)`` INR (also PKR/LKR rupees are read as INR); ``₩ krw``
  KRW; ``₽ rub`` RUB; ``₺`` TRY; ``₱`` PHP; ``₦`` NGN; ``₫`` VND; ``฿`` THB; ``₪`` ILS; ``chf mxn
  zar sek nok dkk aed sar pln`` themselves (upper-cased).
- unit: ``% percent per cent pct percentage`` -> ``%``; ``pp percentage point(s)`` -> ``pp``;
  common measures are canonicalised (:data:`UNIT_SYNONYMS`: ``pts`` -> ``points``, ``yrs`` ->
  ``years``, ``kilometres`` -> ``km``, ``km²`` -> ``km2``, ...); any other single word of 2-20
  letters (optionally ``word/word``) written after a space is kept as written (``12 rebounds``
  -> ``rebounds``); written right after the digits only known units count (``5km``, ``12pts``;
  ``76ers`` is not a number).
  Never a unit (the cell is then not a number): ordinal endings ``st nd rd th``, ``s``
  (``1990s``), ``am pm``, eras ``bc bce ad ce``, month and weekday names, connecting words
  (``to and or of vs x by per ...``), other single letters.

Examples that are NOT numbers: ``12-15`` (range), ``1/2`` (fraction), ``3rd``, ``Q3``, ``$-``,
``-``, ``40+``, ``1,5``, ``iPhone 12``. A bare ``2021`` IS a number.

:func:`numbers_equal` rule table (``header`` is the column header; its declared unit/scale is
read by :func:`header_unit`; ``tol = max(rel_tol*max(|x|,|y|), 1e-9*max(1,|x|,|y|))``):

1. Units: each side's unit is its own, else the header's. Both present and different -> NOT
   equal (``$5`` vs ``€5``; ``12%`` vs ``12 km``; ``€5`` vs ``5`` under ``Price ($)``).
2. A side with an explicit scale is read as ``magnitude*scale`` only.
3. A side without a scale is read as its magnitude, and also as ``magnitude*header scale`` when
   the header declares a scale, else as ``magnitude*other side's scale`` when the other side has
   one (a missing scale defers to the header first).
4. Equal when any reading of one side is within ``tol`` of any reading of the other.

Hence: ``1.2 billion`` == ``1.2`` (no header); under ``Revenue (USD Billion)``: ``1.2`` ==
``1.2 billion`` == ``$1.2B`` == ``1,200 million`` == ``1200000000``, but ``1.2 million`` !=
``1.2``; ``12%`` == ``12``; ``$1.2`` == ``1.2``. A percentage and a fraction are never equal
(``12%`` != ``0.12``: strict numeric equality, and under a ``(%)`` header ``0.12`` means 0.12%).
The approximate flag never changes equality.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from tablehallu.config import Config
from tablehallu.normalize.text import ascii_digits, normalize_text

__all__ = [
    "CURRENCIES",
    "SCALES",
    "UNIT_SYNONYMS",
    "NumberValue",
    "extract_numbers",
    "format_number",
    "header_base",
    "header_unit",
    "numbers_equal",
    "parse_number",
]

#: Default longest cell (characters) tried as a number or date (``Config.max_typed_chars``).
DEFAULT_MAX_CHARS: Final[int] = Config().max_typed_chars


@dataclass(frozen=True)
class NumberValue:
    """A parsed number: ``magnitude`` as written, times ``scale``, in ``unit``."""

    magnitude: float
    scale: float = 1.0
    unit: str | None = None
    approximate: bool = False
    scale_explicit: bool = False

    @property
    def value(self) -> float:
        """``magnitude * scale``."""
        return self.magnitude * self.scale

    @property
    def has_scale(self) -> bool:
        """True when a scale word was written (or a non-unit scale was given)."""
        return self.scale_explicit or self.scale != 1.0


#: Scale words and suffixes -> multiplier.
SCALES: Final[dict[str, float]] = {
    "k": 1e3,
    "thousand": 1e3,
    "lakh": 1e5,
    "lakhs": 1e5,
    "lac": 1e5,
    "lacs": 1e5,
    "m": 1e6,
    "mn": 1e6,
    "mil": 1e6,
    "mio": 1e6,
    "million": 1e6,
    "crore": 1e7,
    "crores": 1e7,
    "cr": 1e7,
    "b": 1e9,
    "bn": 1e9,
    "bil": 1e9,
    "billion": 1e9,
    "t": 1e12,
    "tn": 1e12,
    "trillion": 1e12,
}
_SCALE_WORDS: Final[dict[float, str]] = {
    1e3: "thousand",
    1e5: "lakh",
    1e6: "million",
    1e7: "crore",
    1e9: "billion",
    1e12: "trillion",
}

#: Currency symbols, codes and words (normalised, lower-case) -> ISO 4217 code.
CURRENCIES: Final[dict[str, str]] = {
    "$": "USD",
    "us$": "USD",
    "usd": "USD",
    "dollar": "USD",
    "dollars": "USD",
    "us dollar": "USD",
    "us dollars": "USD",
    "a$": "AUD",
    "au$": "AUD",
    "aud": "AUD",
    "c$": "CAD",
    "ca$": "CAD",
    "cad": "CAD",
    "hk$": "HKD",
    "hkd": "HKD",
    "s$": "SGD",
    "sgd": "SGD",
    "nz$": "NZD",
    "nzd": "NZD",
    "r$": "BRL",
    "brl": "BRL",
    "€": "EUR",
    "eur": "EUR",
    "euro": "EUR",
    "euros": "EUR",
    "£": "GBP",
    "gbp": "GBP",
    "sterling": "GBP",
    "pounds sterling": "GBP",
    "¥": "JPY",
    "jpy": "JPY",
    "yen": "JPY",
    "cny": "CNY",
    "rmb": "CNY",
    "yuan": "CNY",
    "renminbi": "CNY",
    "₹": "INR",
    "rs": "INR",
    "rs.": "INR",
    "inr": "INR",
    "rupee": "INR",
    "rupees": "INR",
    "₩": "KRW",
    "krw": "KRW",
    "₽": "RUB",
    "rub": "RUB",
    "₺": "TRY",
    "₱": "PHP",
    "₦": "NGN",
    "₫": "VND",
    "฿": "THB",
    "₪": "ILS",
    **{code: code.upper() for code in ("chf", "mxn", "zar", "sek", "nok", "dkk", "aed", "sar")},
    "pln": "PLN",
}
_ISO_CODES: Final[frozenset[str]] = frozenset(CURRENCIES.values())

_SYNONYM_LISTS: Final[dict[str, tuple[str, ...]]] = {
    "%": ("%", "percent", "per cent", "pct", "percentage"),
    "pp": ("pp", "percentage point", "percentage points"),
    "points": ("point", "points", "pts", "pt"),
    "years": ("year", "years", "yr", "yrs"),
    "months": ("month", "months", "mo", "mos", "mth", "mths"),
    "weeks": ("week", "weeks", "wk", "wks"),
    "days": ("day", "days"),
    "hours": ("hour", "hours", "hr", "hrs", "h"),
    "minutes": ("minute", "minutes", "min", "mins"),
    "seconds": ("second", "seconds", "sec", "secs"),
    "km": ("km", "kms", "kilometer", "kilometers", "kilometre", "kilometres"),
    "m": ("meter", "meters", "metre", "metres"),
    "cm": ("cm", "centimeter", "centimeters", "centimetre", "centimetres"),
    "mm": ("mm", "millimeter", "millimeters", "millimetre", "millimetres"),
    "mi": ("mi", "mile", "miles"),
    "nmi": ("nmi", "nautical mile", "nautical miles"),
    "yd": ("yd", "yds", "yard", "yards"),
    "ft": ("ft", "foot", "feet"),
    "in": ("in", "inch", "inches"),
    "kg": ("kg", "kgs", "kilogram", "kilograms", "kilo", "kilos"),
    "g": ("g", "gram", "grams"),
    "mg": ("mg", "milligram", "milligrams"),
    "lb": ("lb", "lbs"),
    "oz": ("oz", "ounce", "ounces"),
    "tonnes": ("tonne", "tonnes"),
    "tons": ("ton", "tons"),
    "l": ("l", "liter", "liters", "litre", "litres"),
    "gal": ("gal", "gallon", "gallons"),
    "ml": ("ml", "milliliter", "milliliters", "millilitre", "millilitres"),
    "°c": ("°c", "celsius", "degrees celsius", "degree celsius"),
    "°f": ("°f", "fahrenheit", "degrees fahrenheit", "degree fahrenheit"),
    "°": ("°", "degree", "degrees", "deg"),
    "km/h": ("km/h", "kmh", "kph", "km per hour", "kilometers per hour", "kilometres per hour"),
    "mph": ("mph", "miles per hour"),
    "m/s": ("m/s",),
    "kn": ("kn", "knot", "knots"),
    "ha": ("ha", "hectare", "hectares"),
    "acres": ("acre", "acres"),
    "km2": ("km2", "sq km", "sq. km", "square kilometers", "square kilometres"),
    "m2": ("m2", "sq m", "sq. m", "square meters", "square metres"),
    "mi2": ("mi2", "sq mi", "sq. mi", "square miles"),
    "ft2": ("ft2", "sq ft", "sq. ft", "square feet"),
}
#: Unit spellings (normalised) -> canonical unit.
UNIT_SYNONYMS: Final[dict[str, str]] = {
    spelling: canon for canon, spellings in _SYNONYM_LISTS.items() for spelling in spellings
}

_MONTH_WORDS: Final = (
    "jan feb mar apr may jun jul aug sep sept oct nov dec january february march april june july "
    "august september october november december mon tue tues wed thu thur thurs fri sat sun "
    "monday tuesday wednesday thursday friday saturday sunday"
)
_NOT_UNITS: Final[frozenset[str]] = frozenset(
    (
        "st nd rd th s am pm bc bce ad ce to and or of vs v x by for from the a an per at on "
        "with than plus over under up " + _MONTH_WORDS
    ).split()
)


_APPROX_WORDS: Final = frozenset({"est", "estimated", "approx", "approximately"})


def _alternation(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_SYMBOL_CURRENCIES: Final = [k for k in CURRENCIES if not k.replace(" ", "").isalpha()]
_WORD_CURRENCIES: Final = [k for k in CURRENCIES if k.replace(" ", "").isalpha()]

_APPROX_PREFIX_RE: Final = re.compile(
    r"(?:~|≈|≃|approx\.|approx(?![a-z])|approximately|about|around|roughly|circa|ca\.|c\.|est\."
    r"|estimated|nearly|almost) ?"
)
_CURRENCY_PREFIX_RE: Final = re.compile(
    rf"(?:{_alternation(_SYMBOL_CURRENCIES)}|(?:{_alternation(_WORD_CURRENCIES)})(?![a-z])) ?"
)
_BODIES: Final[tuple[tuple[re.Pattern[str], str], ...]] = (
    (re.compile(r"\d{1,3}(?:\.\d{3})+,\d+"), "dot-thousands,comma-decimal"),
    (re.compile(r"\d{1,3}(?: \d{3})+,\d+"), "space-thousands,comma-decimal"),
    (re.compile(r"\d{1,3}(?:\.\d{3}){2,}"), "dot-thousands"),
    (re.compile(r"\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?"), "comma-thousands"),
    (re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?"), "comma-thousands"),
    (re.compile(r"\d{1,3}(?: \d{3})+(?:\.\d+)?"), "space-thousands"),
    (re.compile(r"\d{1,3}(?:'\d{3})+(?:\.\d+)?"), "apostrophe-thousands"),
    (re.compile(r"(?:\d+(?:\.\d*)?|\.\d+)e[+-]?\d{1,3}"), "plain"),
    (re.compile(r"\d+(?:\.\d+)?|\.\d+"), "plain"),
)
_MULTIWORD_UNITS: Final = [k for k in (*UNIT_SYNONYMS, *CURRENCIES) if " " in k or "." in k]
_SUFFIX_RE: Final = re.compile(
    rf"(?: ?(?P<scale>{_alternation(SCALES)})(?![a-z]))?"
    rf"(?:(?P<space> ?)(?P<unit>{_alternation(_MULTIWORD_UNITS)}|%|°[cf]?"
    rf"|{_alternation(_SYMBOL_CURRENCIES)}|[a-z]+(?:/[a-z]+)?[23]?\.?))?"
    r"(?: ?(?P<approx>\((?:est|approx|estimated|approximately)\.?\)|(?:est|approx)\.))?"
)


def _canonical_unit(word: str, attached: bool = False) -> str | None:
    """Canonical unit for a unit/currency spelling; None when the word cannot be a unit.

    An ``attached`` word (written right after the digits) must be a known unit or currency.
    """
    if word in CURRENCIES:
        return CURRENCIES[word]
    if word in UNIT_SYNONYMS:
        return UNIT_SYNONYMS[word]
    word = word.removesuffix(".")
    if word in UNIT_SYNONYMS:
        return UNIT_SYNONYMS[word]
    if word in CURRENCIES:
        return CURRENCIES[word]
    if attached or word in _NOT_UNITS or len(word) < 2 or len(word) > 20:
        return None
    if not word.replace("/", "").isalpha():
        return None
    return word


def _body_value(text: str, style: str) -> float | None:
    if style == "dot-thousands,comma-decimal":
        text = text.replace(".", "").replace(",", ".")
    elif style == "space-thousands,comma-decimal":
        text = text.replace(" ", "").replace(",", ".")
    elif style == "dot-thousands":
        text = text.replace(".", "")
    else:
        text = text.replace(",", "").replace(" ", "").replace("'", "")
    int_part = text.split(".", 1)[0].split("e", 1)[0]
    if len(int_part) > 1 and int_part.startswith("0"):
        return None
    try:
        out = float(text)
    except ValueError:  # pragma: no cover - the body regexes only admit float syntax
        return None
    return out if math.isfinite(out) else None


def _parse_core(s: str) -> NumberValue | None:
    pos, approx, sign, currency = 0, False, "", None
    while pos < len(s):
        m = _APPROX_PREFIX_RE.match(s, pos)
        if m:
            approx, pos = True, m.end()
            continue
        if not sign and s[pos] in "+-":
            sign, pos = s[pos], pos + 1
            continue
        if currency is None:
            m = _CURRENCY_PREFIX_RE.match(s, pos)
            if m:
                currency, pos = CURRENCIES[m.group().rstrip()], m.end()
                continue
        break
    for body_re, style in _BODIES:
        body = body_re.match(s, pos)
        if body is None:
            continue
        suffix = _SUFFIX_RE.fullmatch(s, body.end())
        if suffix is None:
            continue
        magnitude = _body_value(body.group(), style)
        if magnitude is None:
            return None
        return _assemble(magnitude, sign, currency, approx, suffix)
    return None


def _assemble(
    magnitude: float, sign: str, currency: str | None, approx: bool, suffix: re.Match[str]
) -> NumberValue | None:
    scale_word, unit_word = suffix.group("scale"), suffix.group("unit")
    unit = currency
    if unit_word is not None and unit_word.removesuffix(".") in _APPROX_WORDS:
        approx, unit_word = True, None  # "40 est."
    if unit_word == "mm" and currency is not None and scale_word is None:
        scale_word, unit_word = "mm", None  # $5MM: finance's "MM" is million
    if unit_word is not None:
        attached = not suffix.group("space") and scale_word is None
        canon = _canonical_unit(unit_word, attached)
        if canon is None or (currency is not None and canon != currency):
            return None
        unit = canon
    scale = _HEADER_SCALES[scale_word] if scale_word else 1.0
    if unit == "%" and scale_word:
        return None
    return NumberValue(
        magnitude=-magnitude if sign == "-" else magnitude,
        scale=scale,
        unit=unit,
        approximate=approx or suffix.group("approx") is not None,
        scale_explicit=scale_word is not None,
    )


def _parse(value: str, max_chars: int) -> NumberValue | None:
    if value.isdigit() and value.isascii():
        # the commonest cell ("125019"): what the general path below reads, without its
        # normalising and eight body patterns (tested equal): no leading zero, at most
        # ``max_chars`` digits, a finite value
        if len(value) > max_chars or (len(value) > 1 and value[0] == "0"):
            return None
        magnitude = float(value)
        return NumberValue(magnitude) if math.isfinite(magnitude) else None
    return _parse_general(value, max_chars)


def _parse_general(value: str, max_chars: int) -> NumberValue | None:
    s = ascii_digits(normalize_text(value))
    if not s or len(s) > max_chars or not any(c.isdigit() for c in s):
        return None
    if s.startswith("(") and s.endswith(")"):
        inner_text = s[1:-1].strip()
        inner = _parse_core(inner_text)
        lead = re.match(r"[^0-9.]*", inner_text)
        if inner is None or (lead is not None and any(c in "+-" for c in lead.group())):
            return None
        return NumberValue(
            -inner.magnitude, inner.scale, inner.unit, inner.approximate, inner.scale_explicit
        )
    return _parse_core(s)


_parse_cached = lru_cache(maxsize=65536)(_parse)


def parse_number(value: str, *, max_chars: int = DEFAULT_MAX_CHARS) -> NumberValue | None:
    """The number that the WHOLE of ``value`` writes, or None (see the module docstring).

    Cells longer than ``max_chars`` (after normalisation) are never numbers.
    """
    if len(value) > 4 * max_chars + 64:  # cannot normalise down to max_chars; skip the work
        return None
    return _parse_cached(value, max_chars)


def format_number(number: NumberValue) -> str:
    """A canonical spelling of ``number`` that :func:`parse_number` reads back to it.

    Raises ValueError for an explicit scale that has no scale word (see :data:`SCALES`).
    """
    text = repr(float(number.magnitude))
    if number.magnitude < 0 or (number.magnitude == 0 and math.copysign(1, number.magnitude) < 0):
        text = "-" + text.lstrip("-")
    parts = ["~" + text if number.approximate else text]
    if number.scale_explicit:
        word = _SCALE_WORDS.get(number.scale)
        if word is None:
            raise ValueError(f"scale {number.scale!r} has no scale word")
        parts.append(word)
    if number.unit == "%":
        parts[-1] += "%"
    elif number.unit is not None:
        parts.append(number.unit)
    return " ".join(parts)


# --- header units -------------------------------------------------------------------------------

_HEADER_SCALES: Final[dict[str, float]] = {
    **SCALES,
    "thousands": 1e3,
    "000": 1e3,
    "000s": 1e3,
    "'000": 1e3,
    "'000s": 1e3,
    "millions": 1e6,
    "mm": 1e6,
    "billions": 1e9,
    "trillions": 1e12,
}
# Without a currency in the header these letters are units (Height (m), Weight (t), Time (s)).
_HEADER_BARE_UNITS: Final[dict[str, str]] = {"m": "m", "mm": "mm", "t": "tonnes", "s": "seconds"}
_HEADER_FILLER: Final[frozenset[str]] = frozenset({"in", "of", "the", ","})
_HEADER_TOKEN_RE: Final = re.compile(
    rf"(?:{_alternation(_SYMBOL_CURRENCIES)}|%|°[cf]?|'?000s?|[a-z]+(?:/[a-z]+)?[23]?\.?|,)"
)
_BRACKET_GROUP_RE: Final = re.compile(r"[(\[]([^()\[\]]*)[)\]]")


def _parse_unit_spec(spec: str) -> tuple[str | None, float] | None:
    """Unit and scale of a header unit specification such as ``usd billion``; None if unknown."""
    spec = spec.strip()
    if not spec or len(spec) > 64:
        return None
    words: list[str] = []
    pos = 0
    while pos < len(spec):
        if spec[pos] == " ":
            pos += 1
            continue
        m = _HEADER_TOKEN_RE.match(spec, pos)
        if m is None:
            return None
        words.append(m.group())
        pos = m.end()
    # multi-word spellings (per cent, us dollars, square feet) first
    joined: list[str] = []
    i = 0
    while i < len(words):
        pair = " ".join(words[i : i + 2]) if i + 1 < len(words) else ""
        if pair and (pair in UNIT_SYNONYMS or pair in CURRENCIES):
            joined.append(pair)
            i += 2
        else:
            joined.append(words[i])
            i += 1
    has_currency = any(w in CURRENCIES for w in joined)
    units: list[str] = []
    scales: list[float] = []
    for i, w in enumerate(joined):
        if w in _HEADER_FILLER:
            continue
        if w in CURRENCIES:
            units.append(CURRENCIES[w])
        elif w in _HEADER_BARE_UNITS and not has_currency:
            units.append(_HEADER_BARE_UNITS[w])
        elif w in _HEADER_SCALES:
            scales.append(_HEADER_SCALES[w])
        elif w.removesuffix(".") in UNIT_SYNONYMS:
            units.append(UNIT_SYNONYMS[w.removesuffix(".")])
            if units[-1] == "%" and i == 0:
                break  # "% of total", "percent of GDP": the qualifier does not matter
        else:
            return None
    if len(set(units)) > 1 or len(scales) > 1 or not (units or scales):
        return None
    return (units[0] if units else None), (scales[0] if scales else 1.0)


def _header_unit(header: str) -> tuple[str | None, float]:
    h = normalize_text(header).rstrip(":").strip()
    if not h or len(h) > 256:
        return None, 1.0
    candidates = [m.group(1) for m in _BRACKET_GROUP_RE.finditer(h)][::-1]
    if " in " in h:
        candidates.append(h.rsplit(" in ", 1)[1])
    if "," in h:
        candidates.append(h.rsplit(",", 1)[1])
    for spec in candidates:
        found = _parse_unit_spec(spec)
        if found is not None:
            return found
    parts = h.split()
    if len(parts) > 1:
        # a bare leading/trailing word is too ambiguous (Total points, Distance km?); a symbol
        # or currency code is not (Growth %, % change, Revenue $m, Price USD)
        for word in (parts[-1], parts[0]):
            if word.isalpha() and word not in CURRENCIES:
                continue
            found = _parse_unit_spec(word)
            if found is not None:
                return found
    return None, 1.0


_header_unit_cached = lru_cache(maxsize=8192)(_header_unit)


@lru_cache(maxsize=8192)
def header_base(header: str) -> str:
    """The normalised header without the unit or scale it declares (``Distance (yards)`` ->
    ``distance``; ``Revenue in $m`` -> ``revenue``); the whole normalised header when it
    declares none."""
    h = normalize_text(header[:1024]).rstrip(":").strip()
    for m in reversed(list(_BRACKET_GROUP_RE.finditer(h))):
        if _parse_unit_spec(m.group(1)) is not None:
            return " ".join((h[: m.start()] + " " + h[m.end() :]).split())
    for sep in (" in ", ","):
        if sep in h:
            head, spec = h.rsplit(sep, 1)
            if _parse_unit_spec(spec) is not None:
                return head.strip()
    return h


def header_unit(header: str) -> tuple[str | None, float]:
    """Unit (canonical, as :func:`parse_number` gives it) and scale that ``header`` declares.

    Read from the last bracketed group (``Revenue (USD Billion)``, ``Price [$]``), else the text
    after the last `` in `` or ``,`` (``Revenue in $m``, ``Sales, EUR bn``), else a leading or
    trailing symbol (``Growth %``, ``% change``). Every word of the group must be a currency,
    unit, scale or filler (``in of the``), else nothing is declared. In a header a lone ``m`` is
    metres, ``t`` tonnes and ``s`` seconds unless a currency is present (``$m`` is millions).
    Returns ``(None, 1.0)`` when the header declares nothing.
    """
    if len(header) > 1024:
        return None, 1.0
    return _header_unit_cached(header)


# --- equality -----------------------------------------------------------------------------------


def _readings(x: NumberValue, other: NumberValue, header_scale: float) -> tuple[float, ...]:
    if x.has_scale:
        return (x.value,)
    if header_scale != 1.0:
        return (x.value, x.magnitude * header_scale)
    if other.has_scale:
        return (x.value, x.magnitude * other.scale)
    return (x.value,)


def _close(x: float, y: float, rel_tol: float) -> bool:
    big = max(abs(x), abs(y))
    return abs(x - y) <= max(rel_tol * big, 1e-9 * max(1.0, big))


def numbers_equal(
    a: NumberValue, b: NumberValue, rel_tol: float = 0.0, header: str | None = None
) -> bool:
    """Whether ``a`` and ``b`` state the same quantity (rule table in the module docstring).

    Raises ValueError when ``rel_tol`` is negative or NaN.
    """
    if not rel_tol >= 0.0:
        raise ValueError(f"rel_tol must be a number >= 0, got {rel_tol!r}")
    h_unit, h_scale = header_unit(header) if header else (None, 1.0)
    ua, ub = a.unit or h_unit, b.unit or h_unit
    if ua is not None and ub is not None and ua != ub:
        return False
    return any(
        _close(x, y, rel_tol) for x in _readings(a, b, h_scale) for y in _readings(b, a, h_scale)
    )


# --- numbers inside text --------------------------------------------------------------------------

# A number inside text: "1,234,567" (comma groups of three, followed by neither a digit nor a
# comma and a digit), ".5" (not after a digit or a dot), "12" or "3.25".
# Linear time: a run of comma groups that fails (it ends in "1,2345" or "1,234,5") would be
# retried from every later group, so the first alternative does not start where an earlier
# start of the same run already failed: after a comma that follows 1-3 digits that are not
# themselves after a digit or a dot (the three nested lookbehinds; a start whose run is shorter
# than three digits cannot belong to that earlier run's groups and is always tried). Every
# alternative begins by consuming a digit or a dot, which keeps the engine's fast scan for a
# first character (".5" checks what precedes its dot after it: a leading lookbehind would make
# the engine try every position, 1.8x the time on a 7 000-character context).
# tests/test_numbers.py checks it against the plain pattern.
_EMBEDDED_RE: Final = re.compile(
    r"\d(?:(?!\d\d)|(?<!(?<![\d.])\d,\d)(?<!(?<![\d.])\d\d,\d)(?<!(?<![\d.])\d\d\d,\d))"
    r"\d{0,2}(?:,\d{3})+(?:\.\d+)?(?!\d|,\d)"
    r"|\.(?<![\d.]\.)\d+"
    r"|\d+(?:\.\d+)?"
)


def _extract(value: str) -> tuple[float, ...]:
    s = ascii_digits(normalize_text(value))
    out: list[float] = []
    for m in _EMBEDDED_RE.finditer(s):
        x = float(m.group().replace(",", ""))
        if math.isfinite(x):
            out.append(x)
    return tuple(out)


_extract_cached = lru_cache(maxsize=65536)(_extract)


def extract_numbers(value: str) -> tuple[float, ...]:
    """Every number written in digits inside ``value``, unsigned, in order of appearance.

    ``1,200`` is one number (1200), ``3.5`` one number; signs and hyphens are separators
    (``COVID-19`` -> 19), scale words are ignored, spelled-out numbers are not numbers.
    """
    if len(value) <= 1024:
        return _extract_cached(value)
    return _extract(value)

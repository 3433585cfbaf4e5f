"""Grounding in short descriptions and narrative domains (p23's probes): restaurant records
written as sentences (E2E style), one-row descriptions (WikiTableText style), and history, law,
culture and science texts whose cells are words, not figures."""

from __future__ import annotations

import pytest

from tablehallu import Config, detect
from tablehallu.detectors.grounding.claims import CONTRADICTED, STATED, UNSTATED, Grounder
from tablehallu.normalize import type_cell

REFERENCELESS = Config(matcher="lexical", headers="lenient", order="declared", reference="context")
KINDS = ("blank_filling", "attribute_distortion", "entity_fabrication", "gold_conflict")


def _flags(table: str, ctx: str, gold: str | None = None) -> set[tuple[int | None, str | None]]:
    """(row, value) of every cell flagged, referenceless (no gold) or against ``gold``."""
    config = REFERENCELESS if gold is None else Config(matcher="lexical")
    found = detect(table, gold, context=ctx, config=config).findings
    return {(f.pred_row, f.predicted) for f in found if f.type in KINDS}


def _kv(*pairs: tuple[str, str]) -> str:
    return "| Attribute | Value |\n|---|---|\n" + "\n".join(f"| {k} | {v} |" for k, v in pairs)


# -- truth values: a field the text states, or denies ------------------------------------------

GIRAFFE = (
    "Giraffe is a pub in the city centre near Raja Indian Cuisine. It is not family-friendly, "
    "but it has a high customer rating."
)


@pytest.mark.parametrize("field", ["Family friendly", "familyFriendly", "Family-friendly"])
@pytest.mark.parametrize(("value", "status"), [("no", STATED), ("yes", CONTRADICTED)])
def test_a_truth_value_is_read_with_the_negation_of_its_field(
    field: str, value: str, status: str
) -> None:
    g = Grounder(GIRAFFE, ("Giraffe",), Config(), subject=0, referenceless=True)
    assert g.check(0, field, type_cell(value)).status == status


def test_a_truth_value_of_a_field_the_text_never_speaks_of_is_unstated() -> None:
    g = Grounder(GIRAFFE, ("Giraffe",), Config(), subject=0, referenceless=True)
    assert g.check(0, "Outdoor seating", type_cell("No")).status == UNSTATED
    off = Grounder(GIRAFFE, ("Giraffe",), Config(grounding_truth_values=False), subject=0)
    assert off.check(0, "Family friendly", type_cell("no")).status == UNSTATED


VERSAILLES = (
    "The Treaty of Versailles was signed on 28 June 1919. France and the United Kingdom ratified "
    "it within months, but the United States never ratified the treaty."
)


def test_a_truth_value_in_a_column_is_read_in_its_entitys_clause() -> None:
    table = (
        "| Country | Ratified |\n|---|---|\n| France | Yes |\n| United Kingdom | Yes |\n"
        "| United States | No |"
    )
    assert _flags(table, VERSAILLES) == set()
    flipped = table.replace("| United States | No |", "| United States | Yes |")
    assert _flags(flipped, VERSAILLES) == {(2, "Yes")}
    gold = table
    assert _flags(table, VERSAILLES, gold) == set()


def test_a_truth_value_is_read_where_the_entity_is_part_of_a_longer_name() -> None:
    ctx = VERSAILLES.replace("but the United States never", "but the United States Senate never")
    table = "| Country | Ratified |\n|---|---|\n| France | Yes |\n| United States | No |"
    assert _flags(table, ctx) == set()
    assert _flags(table.replace("| No |", "| Yes |"), ctx) == {(1, "Yes")}


# -- scores out of a maximum ("5 out of 5", "5/5") ---------------------------------------------

EAGLE = (
    "The Eagle is a cheap, family-friendly coffee shop near Burger King in the riverside area. "
    "It serves Japanese food and is rated 5 out of 5 by customers."
)


@pytest.mark.parametrize(
    ("value", "status"),
    [
        ("5 out of 5", STATED),
        ("5/5", STATED),
        ("5 / 5", STATED),
        ("3 out of 5", CONTRADICTED),
        ("3/5", CONTRADICTED),
    ],
)
def test_a_score_out_of_a_maximum_is_read_in_either_form(value: str, status: str) -> None:
    g = Grounder(EAGLE, ("The Eagle",), Config(), subject=0, referenceless=True)
    assert g.check(0, "Customer rating", type_cell(value)).status == status


def test_a_score_is_judged_in_both_modes() -> None:
    table = _kv(("Name", "The Eagle"), ("Customer Rating", "5/5"))
    gold = _kv(("Name", "The Eagle"), ("Customer Rating", "5 out of 5"))
    assert _flags(table, EAGLE) == set()
    assert _flags(table, EAGLE, gold) == set()
    wrong = table.replace("5/5", "3 out of 5")
    assert _flags(wrong, EAGLE) == {(1, "3 out of 5")}
    assert _flags(wrong, EAGLE, gold) == {(1, "3 out of 5")}


# -- a list's item written in another entity's sentence ----------------------------------------

MOVEMENTS = (
    "Impressionism emerged in France in the 1860s, led by Claude Monet and Pierre-Auguste Renoir. "
    "Cubism was pioneered by Pablo Picasso and Georges Braque in Paris around 1907."
)


def test_a_list_item_the_text_gives_another_entity_is_not_stated_by_the_others() -> None:
    table = (
        "| Movement | Key figures |\n|---|---|\n| Impressionism | Monet, Renoir |\n"
        "| Cubism | Picasso, Braque |"
    )
    assert _flags(table, MOVEMENTS) == set()
    wrong = table.replace("Picasso, Braque", "Picasso, Monet")
    assert {v for _r, v in _flags(wrong, MOVEMENTS)} == {"Picasso, Monet"}


# -- a one-row table: the text is about its entity ----------------------------------------------

MIRANDA = (
    "In Miranda v. Arizona (1966), the Supreme Court ruled 5-4 that suspects must be informed of "
    "their rights before interrogation. Chief Justice Earl Warren wrote the majority opinion, and "
    "the conviction of Ernesto Miranda was overturned. Justice John Marshall Harlan II wrote a "
    "dissent."
)
RULING = (
    "| Case | Year | Vote | Outcome | Majority opinion | Dissent |\n|---|---|---|---|---|---|\n"
)


def test_the_sentences_after_a_one_row_tables_entity_are_about_it() -> None:
    table = RULING + "| Miranda v. Arizona | 1966 | 5–4 | Overturned | Earl Warren | Harlan |"
    assert _flags(table, MIRANDA) == set()
    wrong = RULING + "| Miranda v. Arizona | 1966 | 6–3 | Upheld | Earl Warren | Hugo Black |"
    assert {v for _r, v in _flags(wrong, MIRANDA)} == {"6–3", "Upheld", "Hugo Black"}


# -- a country by its common English name ------------------------------------------------------

ALLIES = (
    "In the Second World War, Germany was allied with Italy and Japan, while Britain fought "
    "alongside France and, from 1941, the United States and the Soviet Union."
)
SIDES = "| Country | Allied with |\n|---|---|\n"


def test_a_country_is_named_by_its_common_english_name() -> None:
    from tablehallu.normalize.places import country_names

    assert "Russian Federation" in country_names("Russia")
    assert "United Kingdom" in country_names("Britain")
    table = SIDES + "| Germany | Italy, Japan |\n| United Kingdom | France, United States |"
    assert _flags(table, ALLIES) == set()
    gold = SIDES + "| Germany | Italy, Japan |\n| Britain | France, United States |"
    assert _flags(table, ALLIES, gold) == set()


# -- a religion by the word for its followers --------------------------------------------------

FESTIVALS = (
    "Diwali, the Hindu festival of lights, is celebrated in October or November. Eid al-Fitr "
    "marks the end of Ramadan for Muslims, and Hanukkah is an eight-day Jewish festival held in "
    "December."
)
RELIGIONS = "| Festival | Religion |\n|---|---|\n"


def test_a_religion_is_stated_by_the_word_for_its_followers_in_the_entitys_clause() -> None:
    table = RELIGIONS + "| Diwali | Hinduism |\n| Eid al-Fitr | Islam |\n| Hanukkah | Judaism |"
    assert _flags(table, FESTIVALS) == set()
    swapped = table.replace("| Islam |", "| Judaism |")
    assert _flags(swapped, FESTIVALS) == {(1, "Judaism")}
    g = Grounder("He was a devout Sikh.", ("",), Config(), subject=0, referenceless=True)
    assert g.check(0, "religion", type_cell("Sikhism")).status == STATED
    assert g.check(0, "religion", type_cell("Jainism")).status != STATED


# -- a place in a country the text does not put it in -------------------------------------------

WATERLOO = (
    "The Battle of Waterloo was fought on 18 June 1815 near Waterloo in present-day Belgium. "
    "A French army under Napoleon was defeated."
)


@pytest.mark.parametrize(
    ("place", "flagged"),
    [
        ("Near Waterloo, Belgium", False),
        ("Waterloo, Belgium", False),
        ("Waterloo", False),
        ("Near Waterloo, Netherlands", True),
        ("Waterloo, Germany", True),
    ],
)
def test_a_place_is_not_stated_in_a_country_the_text_does_not_put_it_in(
    place: str, flagged: bool
) -> None:
    table = _kv(("Battle", "Waterloo"), ("Location", place))
    assert bool(_flags(table, WATERLOO)) == flagged


# -- a one-row description's key with another number --------------------------------------------

FINAL = (
    "The 2004 Summer Olympics men's 100 metres final was won by Justin Gatlin of the United "
    "States in a time of 9.85 seconds."
)
MEDAL = "| Event | Gold medalist | Nation | Time |\n|---|---|---|---|\n"


def test_a_key_whose_number_the_text_never_writes_is_not_found_by_its_letters() -> None:
    assert _flags(MEDAL + "| Men's 100 m | Justin Gatlin | USA | 9.85 s |", FINAL) == set()
    wrong = _flags(MEDAL + "| Men's 200 m | Justin Gatlin | USA | 9.85 s |", FINAL)
    assert "Men's 200 m" in {v for _r, v in wrong}


# -- known wrong verdicts (p23's probes), not small to fix --------------------------------------


@pytest.mark.xfail(
    strict=True,
    reason="a text value is read by sentence, not by clause: in a sentence naming several "
    "entities the value of the clause about another ('upheld the conviction of Smith ..., it "
    "overturned the conviction of Jones'; 'X is an expensive restaurant; Zizzi, a cheap pub') "
    "states it for each; needs clause attribution of words, as numbers have",
)
def test_a_value_of_another_entitys_clause_is_not_stated() -> None:
    ctx = (
        "In 2019 the Court of Appeal upheld the conviction of Smith for fraud, while in a "
        "separate case it overturned the conviction of Jones."
    )
    table = "| Defendant | Outcome |\n|---|---|\n| Smith | Overturned |\n| Jones | Upheld |"
    assert {v for _r, v in _flags(table, ctx)} == {"Overturned", "Upheld"}


@pytest.mark.xfail(
    strict=True,
    reason="the direction of a relation is not read: 'Napoleon was defeated by the Coalition' "
    "states 'Defeat' for the Coalition (the word is in its sentence), and 'Elizabeth I was "
    "succeeded by James I' a 'Succeeded by: Elizabeth I' row for James; needs the roles of a "
    "passive verb's subject and agent",
)
def test_the_loser_of_a_passive_sentence_is_not_the_winner() -> None:
    ctx = "A French army under Napoleon was defeated by the armies of the Seventh Coalition."
    table = "| Side | Outcome |\n|---|---|\n| France | Victory |\n| Seventh Coalition | Defeat |"
    assert {v for _r, v in _flags(table, ctx)} == {"Victory", "Defeat"}


@pytest.mark.xfail(
    strict=True,
    reason="in a table of one entity, two names the text gives in different roles ('X wrote "
    "the majority opinion ... Y wrote a dissent') swapped between the role columns are each "
    "stated: a name is read as the entity's, not as the column's role",
)
def test_two_names_swapped_between_role_columns_are_caught() -> None:
    ctx = (
        "In Miranda v. Arizona (1966), the Supreme Court ruled 5-4. Chief Justice Earl Warren "
        "wrote the majority opinion. Justice John Marshall Harlan II wrote a dissent."
    )
    table = (
        "| Case | Majority opinion | Dissent |\n|---|---|---|\n"
        "| Miranda v. Arizona | John Marshall Harlan II | Earl Warren |"
    )
    assert {v for _r, v in _flags(table, ctx)} == {"John Marshall Harlan II", "Earl Warren"}


@pytest.mark.xfail(
    strict=True,
    reason="a one-subject value whose words are each in the text, in different sentences, is "
    "stated by the spread rule: 'French victory' where 'a French army ... was defeated' and the "
    "battle 'ended in a decisive Coalition victory'",
)
def test_an_outcome_made_of_words_of_two_sentences_is_not_stated() -> None:
    ctx = (
        "The Battle of Waterloo was fought on 18 June 1815. A French army under Napoleon was "
        "defeated by the Seventh Coalition. The battle ended in a decisive Coalition victory."
    )
    table = _kv(("Battle", "Waterloo"), ("Result", "French victory"))
    assert _flags(table, ctx) == {(1, "French victory")}


@pytest.mark.parametrize(
    ("ctx", "field", "value", "status"),
    [
        ("The Alhambra is open to visitors, but entry is not free.", "Free entry", "No", STATED),
        (
            "The Alhambra is open to visitors, but entry is not free.",
            "Free entry",
            "Yes",
            CONTRADICTED,
        ),
        ("The Alhambra is open to visitors, and entry is free.", "Free entry", "Yes", STATED),
        ("Tacos are usually eaten by hand.", "Eaten by hand", "Yes", STATED),
    ],
)
def test_a_truth_values_field_is_read_in_another_order(
    ctx: str, field: str, value: str, status: str
) -> None:
    g = Grounder(ctx, ("",), Config(), subject=0, referenceless=True)
    assert g.check(0, field, type_cell(value)).status == status


def test_a_one_row_description_whose_key_the_mentions_miss_is_read_in_the_whole_text() -> None:
    ctx = (
        "In the 2001-02 season, Paolo Rossi appeared in 30 league matches for Juventus and "
        "scored 11 goals, helping the club win the Serie A title."
    )
    head = "| Season | Club | League | Apps | Goals |\n|---|---|---|---|---|\n"
    assert _flags(head + "| 2001–02 | Juventus | Serie A | 30 | 11 |", ctx) == set()
    wrong = _flags(head + "| 2001–02 | AC Milan | Serie A | 30 | 11 |", ctx)
    assert {v for _r, v in wrong} == {"AC Milan"}


FOUNDED = (
    "Chanel was founded by Coco Chanel in Paris in 1910. Gucci was established in Florence in "
    "1921 by Guccio Gucci."
)


def test_a_rows_one_year_is_contradicted_by_the_one_its_entitys_sentence_gives() -> None:
    head = "| Fashion house | Founder | City | Year founded |\n|---|---|---|---|\n"
    table = (
        head + "| Chanel | Coco Chanel | Paris | 1910 |\n| Gucci | Guccio Gucci | Florence | 1921 |"
    )
    assert _flags(table, FOUNDED) == set()
    wrong = table.replace("| Paris | 1910 |", "| Paris | 1913 |")
    assert _flags(wrong, FOUNDED) == {(0, "1913")}
    # another row's year, which the text writes for that row: no form of this row's unread
    theirs = table.replace("| Paris | 1910 |", "| Paris | 1921 |")
    assert _flags(theirs, FOUNDED) == {(0, "1921")}

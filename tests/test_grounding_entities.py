"""Claim grounding (issue 9): whom a number of the text is about, and the names a text uses for a
table's entities (surnames, team nicknames and cities, one-letter misspellings, possessives)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablehallu import Config
from tablehallu.detectors.grounding.claims import (
    CONTRADICTED,
    STATED,
    UNSTATED,
    ClaimVerdict,
    Grounder,
)
from tablehallu.detectors.grounding.document import index_document
from tablehallu.detectors.grounding.entities import find_mentions
from tablehallu.normalize import type_cell

PISTONS = ("Reggie Jackson", "Marcus Morris")


def check(
    context: str, names: tuple[str, ...], entity: int, attribute: str, value: str
) -> ClaimVerdict:
    return Grounder(context, names, Config()).check(entity, attribute, type_cell(value))


# -- attribution ------------------------------------------------------------------------------

TWO = "Jackson scored 22 points and Morris added 20."


def test_a_value_belongs_to_the_entity_named_before_it() -> None:
    assert check(TWO, PISTONS, 0, "Points", "22").status == STATED
    assert check(TWO, PISTONS, 1, "Points", "20").status == STATED


def test_a_value_of_another_entity_in_the_sentence_is_not_stated_but_contradicted() -> None:
    v = check(TWO, PISTONS, 1, "Points", "22")
    assert v.status == CONTRADICTED and v.stated_value == "20"
    assert v.evidence is not None and v.evidence.value_start is not None
    assert TWO[v.evidence.value_start : v.evidence.value_end] == "20"


def test_contradiction_evidence_points_at_the_other_figure_in_the_context() -> None:
    ctx = "Detroit won at home on Monday. Reggie Jackson scored 22 points for the winners."
    v = check(ctx, PISTONS, 0, "Points", "25")
    assert v.status == CONTRADICTED
    ev = v.evidence
    assert ev is not None and ev.value_start is not None and ev.value_end is not None
    assert ctx[ev.value_start : ev.value_end] == "22"
    assert (
        ctx[ev.start : ev.end] == ev.sentence == "Reggie Jackson scored 22 points for the winners."
    )


def test_he_continues_about_the_previous_subject() -> None:
    ctx = "Reggie Jackson led the Pistons with 22 points. He added seven assists."
    v = check(ctx, PISTONS, 0, "Assists", "7")
    assert v.status == STATED
    assert v.evidence is not None and v.evidence.sentence == "He added seven assists."
    assert check(ctx, PISTONS, 0, "Assists", "5").status == CONTRADICTED
    assert check(ctx, PISTONS, 1, "Assists", "7").status == UNSTATED


def test_former_and_latter_in_one_sentence_name_the_previous_sentences_two_entities() -> None:
    ctx = (
        "Reggie Jackson and Marcus Morris were the top scorers. "
        "The former had 22 points, while the latter had 20 points."
    )
    assert check(ctx, PISTONS, 0, "Points", "22").status == STATED
    assert check(ctx, PISTONS, 1, "Points", "20").status == STATED
    assert check(ctx, PISTONS, 1, "Points", "22").status == CONTRADICTED


def test_former_and_latter_in_two_sentences() -> None:
    ctx = (
        "Reggie Jackson and Marcus Morris were the top scorers. "
        "The former had 22 points. The latter had 20 points."
    )
    assert check(ctx, PISTONS, 1, "Points", "20").status == STATED
    assert check(ctx, PISTONS, 0, "Points", "20").status != STATED


@pytest.mark.parametrize(
    "ctx",
    [
        "Hayward and Favors combined for 50 points.",
        "Gordon Hayward and Derrick Favors combined for 50 points.",
        "Gordon Hayward and Derrick Favors together scored 50 points.",
        "Gordon Hayward and Derrick Favors scored 50 points between the two.",
        "Gordon Hayward and Derrick Favors had 50 points and 9 rebounds combined.",
    ],
)
@pytest.mark.parametrize("entity", [0, 1])
def test_a_combined_figure_states_neither_alone(ctx: str, entity: int) -> None:
    names = ("Gordon Hayward", "Derrick Favors")
    assert check(ctx, names, entity, "Points", "50").status == UNSTATED
    # nor does it contradict a share of it
    assert check(ctx, names, entity, "Points", "25").status == UNSTATED


def test_put_together_is_no_group_figure() -> None:
    # the team rested three players it does not tabulate, but "put together" made its figure
    text = (
        "The Spurs beat the Mavericks. San Antonio rested Tony Parker, Manu Ginobili and Pau "
        "Gasol, but still put together a solid performance, shooting 58 percent from three."
    )
    names = ("Spurs", "Mavericks")
    assert check(text, names, 0, "3-Point Percentage", "58%").status == STATED
    assert check(text, names, 1, "3-Point Percentage", "58%").status == UNSTATED


@pytest.mark.parametrize("entity", [0, 1])
def test_each_gives_the_figure_to_every_member(entity: int) -> None:
    ctx = "Gordon Hayward and Derrick Favors scored 20 points each."
    assert check(ctx, ("Gordon Hayward", "Derrick Favors"), entity, "Points", "20").status == STATED


# -- aliases ----------------------------------------------------------------------------------


def test_surname_names_the_player() -> None:
    ctx = "Vucevic led Orlando with 24 points."
    v = check(ctx, ("Nikola Vucevic", "Evan Fournier"), 0, "Points", "24")
    assert v.status == STATED
    assert check(ctx, ("Nikola Vucevic", "Evan Fournier"), 1, "Points", "24").status == UNSTATED


@pytest.mark.parametrize("alias", ["Hawks", "Atlanta", "Atlanta Hawks"])
def test_team_nickname_and_city_name_the_team(alias: str) -> None:
    ctx = f"The Boston Celtics lost on the road. {alias} shot 46 percent from the field."
    names = ("Atlanta Hawks", "Boston Celtics")
    assert check(ctx, names, 0, "Field Goal Percentage", "46").status == STATED
    assert check(ctx, names, 1, "Field Goal Percentage", "46").status == UNSTATED


@pytest.mark.parametrize(
    "ctx",
    [
        "Mindaugus Kuzminskas scored 11 points off the bench.",
        "Mindaugus scored 11 points off the bench.",
    ],
)
def test_a_one_letter_misspelling_in_the_text_names_the_row(ctx: str) -> None:
    names = ("Mindaugas Kuzminskas", "Carmelo Anthony")
    assert check(ctx, names, 0, "Points", "11").status == STATED
    assert check(ctx, names, 1, "Points", "11").status == UNSTATED


@pytest.mark.parametrize(
    "ctx", ["Middleton's 26 points led Milwaukee.", "Khris Middleton's 26 points led Milwaukee."]
)
def test_a_possessive_names_the_owner_of_the_figure(ctx: str) -> None:
    names = ("Khris Middleton", "Giannis Antetokounmpo")
    assert check(ctx, names, 0, "Points", "26").status == STATED
    assert check(ctx, names, 0, "Points", "25").status == CONTRADICTED
    assert check(ctx, names, 1, "Points", "26").status == UNSTATED


@settings(max_examples=200)
@given(
    st.lists(st.text(alphabet="abcdeé", min_size=4, max_size=7), min_size=1, max_size=30),
    st.text(alphabet="abcdeé", min_size=4, max_size=8),
)
def test_near_spelling_finds_the_one_alias_one_edit_away(names: list[str], word: str) -> None:
    from rapidfuzz.distance import OSA

    from tablehallu.detectors.grounding.entities import _aliases, _near_spelling

    # one edit, two adjacent letters swapped counting as one ("aaabb" / "aabab")
    singles = _aliases(tuple(names))[1]
    hits = {e for group in singles.values() for a, e in group if OSA.distance(a, word) <= 1}
    expected = next(iter(hits)) if len(hits) == 1 and len(word) >= 5 else None
    assert _near_spelling(word, singles) == expected


def test_a_four_letter_short_form_names_the_team() -> None:
    ctx = "The Cavs (44 - 22) steamrolled the Pistons (33 - 34) on Friday."
    assert check(ctx, ("Cavaliers", "Pistons"), 0, "Wins", "44").status == STATED
    assert check(ctx, ("Cavaliers", "Pistons"), 0, "Losses", "22").status == STATED


def test_a_lowercase_four_letter_word_is_no_short_form() -> None:
    ctx = "The cave (44 - 22) was dark, the Pistons (33 - 34) were not."
    assert check(ctx, ("Cavaliers", "Pistons"), 0, "Wins", "44").status == UNSTATED


GRIZZLIES = (
    "Memphis beat Oklahoma City 85 - 74 on Monday. The Grizzlies led all game. "
    "Mike Conley finished with 10 points in 29 minutes. "
    "They outscored the Thunder, 44 - 22, in the paint."
)


@pytest.mark.parametrize(("entity", "value"), [(0, "44"), (1, "22")])
def test_they_names_the_group_named_before_a_sentence_about_someone_else(
    entity: int, value: str
) -> None:
    names = ("Grizzlies", "Thunder")
    assert check(GRIZZLIES, names, entity, "Points in the paint", value).status == STATED


def test_a_figure_carried_to_they_is_never_evidence_against_a_claim() -> None:
    names = ("Grizzlies", "Thunder")
    assert check(GRIZZLIES, names, 0, "Points in the paint", "40").status == UNSTATED


@pytest.mark.parametrize(
    ("names", "ctx"),
    [
        (("Søby Mose Hoard", "Tinghøj Hoard"), "The Søby Mose Hoard contained 7 objects."),
        (("ADF-045 c", "ADF-217 b"), "ADF-045 c has 7 objects in its orbit."),
        (("Søby  Mose  Hoard", "Tinghøj  Hoard"), "The Søby Mose Hoard contained 7 objects."),
    ],
)
def test_names_are_found_as_the_text_writes_them(names: tuple[str, str], ctx: str) -> None:
    assert check(ctx, names, 0, "Objects", "7").status == STATED
    assert check(ctx, names, 1, "Objects", "7").status == UNSTATED


def test_a_number_after_an_untabulated_name_may_be_the_subjects_but_never_contradicts() -> None:
    ctx = "ADF-045 c, found in 2019, orbits a Kepler star and has a radius of 2.1 Earth radii."
    names = ("ADF-045 c", "ADF-217 b")
    assert check(ctx, names, 0, "Radius (Earth radii)", "2.1").status == STATED
    assert check(ctx, names, 0, "Radius (Earth radii)", "3.5").status == UNSTATED


def test_the_is_no_short_form_of_a_name_that_starts_with_it() -> None:
    ctx = "The smallest home has 22 beds. Larkfield Court has 40 beds."
    names = ("The Theavshav", "Larkfield Court")
    assert check(ctx, names, 0, "Beds", "22").status != STATED


def test_a_name_that_goes_on_after_an_alias_is_another_name() -> None:
    ctx = (
        "The Acadia Estuary Trust led the work. Little River Estuary restored 33 hectares of marsh."
    )
    names = ("Little River Estuary", "Bass Harbor Flats")
    g = Grounder(ctx, names, Config())
    assert [m.entity for m in g.mentions[0]] == [-1]  # OTHER: the trust, not the estuary
    assert g.check(0, "Hectares Restored", type_cell("33")).status == STATED


HELD = (
    "The Cavs beat the Thunder on Sunday. The Cavs held them to 37 percent from the field, "
    "and the Cavs shot 51 percent."
)


@pytest.mark.parametrize(
    ("ctx", "entity", "value"),
    [
        (HELD, 1, "37"),
        ("The Cavs held the Thunder to 37 percent from the field.", 1, "37"),
        ("The Cavs beat the Thunder but gave up 37 percent from the field.", 1, "37"),
    ],
)
def test_a_figure_the_subject_holds_someone_to_is_the_held_ones(
    ctx: str, entity: int, value: str
) -> None:
    names = ("Cavaliers", "Thunder")
    assert check(ctx, names, entity, "Field Goal Percentage", value).status == STATED
    assert check(ctx, names, 1 - entity, "Field Goal Percentage", value).status != STATED


@pytest.mark.parametrize(
    "ctx",
    [
        "Kevin Durant was held to just 12 points on Sunday.",
        "Westbrook scored 30. Durant was limited to 12 points.",
        "Durant was again held to 12 points, while Westbrook scored 30.",
    ],
)
def test_a_figure_the_subject_is_held_to_is_the_subjects_own(ctx: str) -> None:
    # passive: the one held is the subject, not the others named around
    names = ("Kevin Durant", "Russell Westbrook")
    assert check(ctx, names, 0, "Points", "12").status == STATED
    assert check(ctx, names, 1, "Points", "12").status != STATED


def test_a_figure_someone_is_allowed_to_reach_is_theirs() -> None:
    ctx = "The Sixers committed 25 fouls and allowed the Warriors to go 33 - of - 39 from the line."
    names = ("Warriors", "Sixers")
    assert check(ctx, names, 0, "Free Throws Made", "33").status == STATED
    assert check(ctx, names, 1, "Free Throws Made", "33").status != STATED


@settings(max_examples=200)
@given(
    st.lists(st.text(alphabet="abcdeé", min_size=4, max_size=7), min_size=1, max_size=30),
    st.lists(st.text(alphabet="abcdeé", min_size=5, max_size=8), min_size=1, max_size=30),
)
def test_near_spellings_of_many_words_as_one_by_one(names: list[str], words: list[str]) -> None:
    # the mention reader looks up all the words of a text at once
    from tablehallu.detectors.grounding.entities import _aliases, _near_spelling, _near_spellings

    singles = _aliases(tuple(names))[1]
    words = sorted(set(words))
    assert _near_spellings(words, singles) == {w: _near_spelling(w, singles) for w in words}


def test_an_initialism_in_capitals_names_the_player() -> None:
    names = ("Greg Monroe", "Michael Carter-Williams")
    ctx = "MCW tacked on 20 points despite struggling from the field."
    assert check(ctx, names, 1, "Points", "20").status == STATED
    assert check(ctx.replace("MCW", "Mcw"), names, 1, "Points", "20").status != STATED


@pytest.mark.parametrize(
    "ctx",
    [
        "Joe Johnson paced Brooklyn with 26 points in 37 minutes.",
        "The Nets were led by 26 points from Joe Johnson.",
    ],
)
def test_a_players_figure_in_a_sentence_about_the_team_never_contradicts_the_team(
    ctx: str,
) -> None:
    names = ("Brooklyn Nets", "Boston Celtics")
    assert check(ctx, names, 0, "Points", "102").status != CONTRADICTED


def test_a_day_after_a_month_is_no_figure_to_eliminate_with() -> None:
    ctx = "The Hornets lost and will meet Boston on Mar. 30 again."
    g = Grounder(ctx, ("Hornets", "Celtics"), Config(), referenceless=True)
    assert g.other_number(0, "Turnovers", type_cell("12"), frozenset()) is None


def test_a_figure_whose_noun_names_another_attribute_is_no_figure_to_eliminate_with() -> None:
    ctx = "Gordon Hayward returned to the lineup after missing two games. He added 3 steals."
    g = Grounder(ctx, ("Gordon Hayward", "Joe Ingles"), Config(), referenceless=True)
    assert g.other_number(0, "Assists", type_cell("3"), frozenset({3.0})) is None
    found = g.other_number(0, "Steals", type_cell("2"), frozenset())
    assert found is not None and found.stated_value == "3"
    ctx = "Gordon Hayward blocked one shot after failing to do so twice in three games."
    g = Grounder(ctx, ("Gordon Hayward", "Joe Ingles"), Config(), referenceless=True)
    assert g.other_number(0, "Blocks", type_cell("3"), frozenset({1.0})) is None


def test_the_held_to_look_back_is_a_config_field() -> None:
    ctx = (
        "The Thunder visited Cleveland on Friday. The Cavs held them, as in every game this "
        "season, to 37 percent from the field."
    )
    names = ("Cavaliers", "Thunder")
    near = Grounder(ctx, names, Config(grounding_hold_reach=3))
    far = Grounder(ctx, names, Config())
    assert far.check(1, "Field Goal Percentage", type_cell("37")).status == STATED
    assert near.check(1, "Field Goal Percentage", type_cell("37")).status != STATED


def test_a_hyphened_surname_leaves_its_last_part_to_the_player_of_that_name() -> None:
    names = ("Derrick Williams", "Michael Carter-Williams")
    ctx = (
        "Williams exploded for 24 points in 21 minutes. "
        "Carter-Williams added 20 points on 6 - for - 17 shooting."
    )
    g = Grounder(ctx, names, Config())
    assert g.check(0, "Points", type_cell("24")).status == STATED
    assert g.check(1, "Points", type_cell("20")).status == STATED
    assert g.check(1, "Points", type_cell("24")).status != STATED


def test_he_carries_the_player_past_the_team_his_clause_names() -> None:
    names = ("Gordon Hayward", "Trey Burke")
    ctx = (
        "Gordon Hayward returned to the lineup after a shoulder issue. "
        "He led the Jazz with 24 points and seven rebounds in 32 minutes."
    )
    g = Grounder(ctx, names, Config())
    assert g.check(0, "Points", type_cell("24")).status == STATED
    assert g.check(1, "Points", type_cell("24")).status != STATED


def test_he_after_a_team_in_a_sentence_opened_by_another_name_never_contradicts_the_team() -> None:
    ctx = (
        "Dennis Schroeder was the only starter to play well for the Hawks, as he scored 16 "
        "points on 6 - of - 15 shooting."
    )
    g = Grounder(ctx, ("Hawks", "Bulls"), Config())
    assert g.check(0, "Total points", type_cell("68")).status != CONTRADICTED


def test_a_streak_of_n_point_games_is_no_game_figure() -> None:
    ctx = (
        "LaMarcus Aldridge had seen a string of three consecutive 20 - point efforts come to an "
        "end, finishing with 24 points."
    )
    g = Grounder(ctx, ("LaMarcus Aldridge",), Config())
    assert g.check(0, "Points", type_cell("24")).status == STATED
    assert g.check(0, "Points", type_cell("20")).status != STATED


def test_a_list_of_figures_from_an_untabulated_name_is_not_the_teams() -> None:
    ctx = (
        "The Hornets were led by 22 points from Gerald Henderson and 16 points and 13 boards "
        "from Al Jefferson."
    )
    g = Grounder(ctx, ("Hornets", "Pistons"), Config())
    assert g.check(0, "Total points", type_cell("103")).status != CONTRADICTED
    assert g.check(0, "Rebounds", type_cell("40")).status != CONTRADICTED


def test_a_description_of_the_player_named_before_is_his_not_the_teams() -> None:
    ctx = (
        "Kemba Walker kept the Hornets close in the second half. "
        "The Connecticut product and leader of the Hornets finished with 31 points and six "
        "assists."
    )
    g = Grounder(ctx, ("Kemba Walker", "Hornets"), Config())
    assert g.check(0, "Assists", type_cell("6")).status == STATED
    assert g.check(0, "Points", type_cell("31")).status == STATED
    # unsure whose: the team's total is never contradicted by it
    assert g.check(1, "Points", type_cell("104")).status != CONTRADICTED


def test_a_name_opening_with_the_is_no_description_of_the_entity_before() -> None:
    ctx = (
        "Bergbahn Selva runs the Eagle Gorge Railway in summer. "
        "The Old Smelter Train of the Valdorra Heritage Society covers 12 km in 1.25 hours."
    )
    g = Grounder(ctx, ("Eagle Gorge Railway",), Config())
    assert g.check(0, "Duration (h)", type_cell("1.25")).status == UNSTATED
    assert g.check(0, "Length (km)", type_cell("12")).status == UNSTATED


@pytest.mark.parametrize(
    "opening",
    ["The Bulls star point guard finished with", "The perennial All-Star managed"],
)
def test_a_role_description_opening_a_sentence_is_the_player_named_before(opening: str) -> None:
    ctx = f"Derrick Rose and Joakim Noah stacked the box score. {opening} 15 points and 17 assists."
    g = Grounder(ctx, ("Derrick Rose", "Joakim Noah", "Bulls"), Config())
    assert g.check(0, "Assists", type_cell("17")).status == STATED
    assert g.check(2, "Points", type_cell("98")).status != CONTRADICTED


def test_a_role_noun_followed_by_a_name_is_that_names() -> None:
    ctx = "Derrick Rose had a quiet night. The veteran guard Kyle Korver finished with 15 points."
    g = Grounder(ctx, ("Derrick Rose", "Kyle Korver"), Config())
    assert g.check(1, "Points", type_cell("15")).status == STATED
    assert g.check(0, "Points", type_cell("15")).status == UNSTATED


def test_a_role_noun_stays_the_subject_when_a_name_after_it_is_an_object() -> None:
    ctx = (
        "Derrick Rose had 24 points. The veteran guard took advantage of the weak play of the "
        "Celtics' big men, also tallying a block in 35 minutes."
    )
    g = Grounder(ctx, ("Derrick Rose", "Isaiah Thomas"), Config())
    assert g.check(0, "Blocks", type_cell("1")).status == STATED
    assert g.check(1, "Blocks", type_cell("1")).status == UNSTATED


def test_without_the_role_list_a_team_named_in_the_description_owns_its_figures() -> None:
    ctx = "Derrick Rose had a quiet night. The Bulls veteran guard finished with 15 points."
    names = ("Derrick Rose", "Bulls")
    assert Grounder(ctx, names, Config()).check(0, "Points", type_cell("15")).status == STATED
    plain = Grounder(ctx, names, Config(grounding_person_roles=()))
    assert plain.check(0, "Points", type_cell("15")).status == UNSTATED


def test_a_people_name_opening_a_sentence_describes_the_player_named_before() -> None:
    ctx = (
        "The Mavericks saw the Dirk Nowitzki of old on Monday. The German finished with 26 "
        "points and five rebounds."
    )
    g = Grounder(ctx, ("Dirk Nowitzki", "Wesley Matthews"), Config())
    assert g.check(0, "Points", type_cell("26")).status == STATED
    plain = Grounder(ctx.replace("German", "Germany"), ("Dirk Nowitzki",), Config())
    assert plain.check(0, "Points", type_cell("26")).status == UNSTATED


def test_an_untabulated_owner_opening_a_sentence_owns_its_figures() -> None:
    ctx = (
        "Kettering Vale, population 47,300, adopted a budget. "
        "Dunraven's 33,800 residents carry debt of $960 per capita."
    )
    g = Grounder(ctx, ("Kettering Vale",), Config())
    assert g.check(0, "Debt per capita (USD)", type_cell("960")).status == UNSTATED
    assert g.check(0, "Population", type_cell("33800")).status == UNSTATED


def test_an_owners_role_noun_opening_a_sentence_is_the_player_named_before() -> None:
    ctx = (
        "The Wolves failed to keep Damian Lillard at bay. "
        "Portland's point guard poured in a season - high 34 points with seven assists."
    )
    g = Grounder(ctx, ("Damian Lillard",), Config())
    assert g.check(0, "Points", type_cell("34")).status == STATED
    assert g.check(0, "Assists", type_cell("7")).status == STATED


def test_a_people_name_as_an_adjective_describes_no_person() -> None:
    ctx = (
        "Dirk Nowitzki met the minister on Monday. The French government reported growth of "
        "26 points in its index."
    )
    g = Grounder(ctx, ("Dirk Nowitzki",), Config())
    assert g.check(0, "Points", type_cell("26")).status == UNSTATED


# -- teams by their other names (nba_api's static lists) --------------------------------------
PAINT = "Philadelphia dominated down low all night, as they scored 52 paint points to Phoenix's 40."


def test_a_team_is_found_by_its_city_when_the_text_never_writes_its_full_name() -> None:
    names = ("Suns", "76ers")
    assert check(PAINT, names, 0, "Points in the paint", "40").status == STATED
    assert check(PAINT, names, 1, "Points in the paint", "52").status == STATED


def test_without_team_names_the_city_names_no_row() -> None:
    off = Config(grounding_team_names=False)
    grounder = Grounder(PAINT, ("Suns", "76ers"), off)
    assert grounder.check(0, "Points in the paint", type_cell("40")).status == UNSTATED


def test_team_names_need_two_teams_of_one_league() -> None:
    from tablehallu.detectors.grounding.teams import team_names

    assert team_names((("Magic",), ("Jupiter",))) == (("Magic",), ("Jupiter",))
    assert team_names((("Suns",), ("Mercury",))) == (("Suns",), ("Mercury",))  # NBA + WNBA
    both = team_names((("Golden State",), ("Philadelphia",)))
    assert both == (
        ("Golden State", "Golden State Warriors", "GSW"),
        ("Philadelphia", "Philadelphia 76ers", "PHI"),
    )


def test_the_place_of_a_two_word_nickname_names_the_team() -> None:
    # "Portland" is no part of "Trail Blazers" that the name reader would take on its own
    text = (
        "The Portland Trail Blazers beat the Miami Heat 110 - 93. The offense was on point "
        "for Portland, as they shot 63 percent from three - point range."
    )
    names = ("Trail Blazers", "Heat")
    assert check(text, names, 0, "3-point percentage", "63%").status == STATED
    assert check(text, names, 1, "3-point percentage", "63%").status == UNSTATED


def test_a_place_two_teams_share_names_neither() -> None:
    from tablehallu.detectors.grounding.teams import same_team, team_names

    assert same_team("Golden State", "Warriors")
    assert same_team("Oklahoma City Thunder", "thunder")
    assert not same_team("Lakers", "Clippers")
    assert not same_team("Los Angeles", "Lakers")
    assert team_names((("Los Angeles",), ("Lakers",), ("Clippers",)))[0] == ("Los Angeles",)


def test_informal_team_names_are_config_pairs() -> None:
    text = "The Sixers scored 44 points in the win. The Pistons lost."
    assert check(text, ("76ers", "Pistons"), 0, "Points", "44").status == STATED
    bare = Config(grounding_team_informal_names=())
    grounder = Grounder(text, ("76ers", "Pistons"), bare)
    assert grounder.check(0, "Points", type_cell("44")).status == UNSTATED


def test_a_short_form_of_a_long_team_name_is_read_in_a_report() -> None:
    text = "The Cavs scored 44 points in the win. The Wolves lost despite 38 from their bench."
    assert check(text, ("Cavaliers", "Timberwolves"), 0, "Points", "44").status == STATED


def test_an_initialled_name_in_a_pair_that_combined_owns_no_figure_alone() -> None:
    text = "Ana Lopez and C.J. Ortiz combined for 29 points and 12 assists in the win."
    names = ("Ana Lopez", "C.J. Ortiz")
    assert check(text, names, 1, "Assists", "12").status == UNSTATED
    assert check(text, names, 0, "Assists", "12").status == UNSTATED
    alone = "C.J. Ortiz scored 29 points in the win."
    assert check(alone, names, 1, "Points", "29").status == STATED


def test_a_peoples_nickname_stands_for_the_player_named_before() -> None:
    text = (
        "Giannis Antetokounmpo was the only starter in double digits. "
        "The Greek Freak went for 41 points and six assists."
    )
    names = ("Giannis Antetokounmpo", "Khris Middleton")
    assert check(text, names, 0, "Assists", "6").status == STATED
    # described, so unsurely his: no contradiction
    assert check(text, names, 0, "Assists", "7").status == UNSTATED


def test_a_quoted_nickname_stands_for_the_player_named_before() -> None:
    text = (
        "Utah's Rudy Gobert showed why the Jazz traded Enes Kanter. "
        'The "Stifle Tower" had 19 points to go with 22 rebounds.'
    )
    names = ("Rudy Gobert", "Gordon Hayward")
    assert check(text, names, 0, "Rebounds", "22").status == STATED
    assert check(text, names, 1, "Rebounds", "22").status == UNSTATED
    plain = text.replace('"Stifle Tower"', "stifle tower")
    assert check(plain, names, 0, "Rebounds", "22").status == STATED  # carried by recency
    # a quoted title is no one's nickname when a name follows it in the clause
    titled = text.replace("had 19", "of Rudy Gobert had 19")
    assert check(titled, names, 0, "Rebounds", "22").status == STATED


def test_a_name_inside_a_closed_relative_clause_is_not_the_subject() -> None:
    text = (
        "Brandon Jennings, who lost minutes to backup D.J. Augustin in the first two games, "
        "finished with 18 points and nine assists."
    )
    names = ("Brandon Jennings", "D.J. Augustin")
    assert check(text, names, 0, "Points", "18").status == STATED
    assert check(text, names, 1, "Points", "18").status == UNSTATED
    open_clause = "Jennings found Augustin, who finished with 18 points."
    assert check(open_clause, names, 1, "Points", "18").status == STATED


def test_a_generic_role_noun_describes_the_player_named_before() -> None:
    text = "James Harden scored 45 points. The MVP candidate also added seven assists."
    names = ("James Harden", "Houston Rockets")
    assert check(text, names, 0, "Assists", "7").status == STATED
    assert check(text, names, 1, "Assists", "7").status != CONTRADICTED


def test_a_shared_surname_names_the_one_of_them_named_last() -> None:
    text = (
        "Rookie Myles Turner hurt his thumb early. Marcus Smart returned. "
        "Isaiah Thomas and Evan Turner formed the backcourt. "
        "They were productive, as Turner finished with 20 points."
    )
    names = ("Myles Turner", "Evan Turner", "Isaiah Thomas")
    assert check(text, names, 1, "Points", "20").status == STATED
    assert check(text, names, 0, "Points", "20").status == UNSTATED


def test_a_shared_surname_after_both_names_stays_unresolved() -> None:
    text = "Myles Turner and Evan Turner both started. In the end, Turner finished with 20 points."
    names = ("Myles Turner", "Evan Turner")
    assert check(text, names, 0, "Points", "20").status != STATED
    assert check(text, names, 1, "Points", "20").status != STATED


def test_a_teams_short_form_as_a_row_key_finds_the_team() -> None:
    from tablehallu.detectors.grounding.teams import team_names

    assert team_names((("Cavs",), ("Rockets",)))[0] == ("Cavs", "Cleveland Cavaliers", "CLE")
    text = "Cleveland converted 27 of their 31 free - throw attempts. Houston hit 12 threes."
    assert check(text, ("Cavs", "Rockets"), 0, "Free throw attempts", "31").status == STATED


def test_a_sentence_opening_with_a_shared_surname_names_the_one_named_last() -> None:
    text = (
        "The other starters were Tim Hardaway Jr. and J.R. Smith, who had 13 and 14 points. "
        "Smith also added five assists and four boards."
    )
    names = ("J.R. Smith", "Jason Smith", "Tim Hardaway Jr.")
    assert check(text, names, 0, "Total rebounds", "4").status == STATED
    assert check(text, names, 1, "Total rebounds", "4").status == UNSTATED


def test_a_table_of_cities_gets_no_team_names_from_a_text_about_cities() -> None:
    from tablehallu.detectors.grounding.teams import team_names

    cities = (("Phoenix",), ("Boston",), ("Denver",))
    text = "Phoenix added 40,000 jobs, Boston 12,000 and Denver 9,000 over the year."
    assert team_names(cities, (), text) == cities
    report = "The Suns beat the Celtics in Phoenix. Boston shot 40 percent."
    assert team_names(cities[:2], (), report)[0] == ("Phoenix", "Phoenix Suns", "PHX")
    assert Grounder(text, ("Phoenix", "Boston"), Config())._bare == (("Phoenix",), ("Boston",))


def test_a_table_of_places_gets_team_names_when_the_text_names_one_team() -> None:
    from tablehallu.detectors.grounding.teams import team_names

    places = (("Brooklyn",), ("Memphis",))
    text = (
        "Memphis looked poised for an easy win, but Brooklyn had other ideas. "
        "The Nets took care of business, winning the fourth quarter, 34 - 19."
    )
    assert team_names(places, (), text)[0][:2] == ("Brooklyn", "Brooklyn Nets")
    assert check(text, places, 0, "Points in 4th quarter", "34").status == STATED


def test_informal_team_names_may_be_lists() -> None:
    from tablehallu.detectors.grounding.teams import same_team, team_names

    informal = [["Sixers", "Philadelphia 76ers"]]
    assert same_team("Sixers", "76ers", informal)  # type: ignore[arg-type]
    assert "Sixers" in team_names((("76ers",), ("Pistons",)), informal)[0]  # type: ignore[arg-type]


def test_a_peoples_name_before_an_institution_is_no_nickname() -> None:
    names = ("Dirk Nowitzki", "Jason Kidd")
    body = "Dirk Nowitzki had 20 points. The German Federation announced 11 rebounds."
    assert check(body, names, 0, "Rebounds", "11").status != STATED
    nickname = "Dirk Nowitzki had 20 points. The Greek Freak added 11 rebounds."
    assert check(nickname, names, 0, "Rebounds", "11").status == STATED
    off = Config(grounding_institution_nouns=())
    grounder = Grounder(body, names, off)
    assert grounder.check(0, "Rebounds", type_cell("11")).status == STATED


def test_the_last_word_of_a_two_word_nickname_names_the_team() -> None:
    from tablehallu.detectors.grounding.teams import same_team, team_names

    assert team_names((("Blazers",), ("Jazz",)))[0] == (
        "Blazers",
        "Portland Trail Blazers",
        "POR",
        "Portland",
    )
    assert same_team("Blazers", "Portland")


# -- "a 41 - point effort from Harden" ------------------------------------------------------
EFFORT_NAMES = ("Pistons", "Ana Lopez", "Ben Ortiz")


@pytest.mark.parametrize(
    "text",
    [
        "The Pistons were led by matching 14 - point efforts from Ana Lopez and Ben Ortiz.",
        "The Pistons got a pair of 14 - point efforts from Ana Lopez and Ben Ortiz.",
    ],
)
def test_matching_efforts_from_two_names_are_each_ones_figure(text: str) -> None:
    for entity in (1, 2):
        assert check(text, EFFORT_NAMES, entity, "Points", "14").status == STATED
        assert check(text, EFFORT_NAMES, entity, "Points", "15").status != STATED
    assert check(text, EFFORT_NAMES, 0, "Points", "14").status == UNSTATED


def test_an_effort_from_one_name_is_that_ones_figure_not_the_subjects() -> None:
    text = "The Pistons were led by a 24 - point, 17 - rebound double - double from Ana Lopez."
    assert check(text, EFFORT_NAMES, 1, "Points", "24").status == STATED
    assert check(text, EFFORT_NAMES, 1, "Rebounds", "17").status == STATED
    assert check(text, EFFORT_NAMES, 1, "Points", "25").status != STATED
    assert check(text, EFFORT_NAMES, 0, "Points", "24").status == UNSTATED


def test_an_effort_from_a_name_the_table_does_not_hold_is_nobody_s() -> None:
    text = "The Pistons were led by a 30 - point effort from Carl Young."
    assert check(text, EFFORT_NAMES, 0, "Points", "30").status == UNSTATED
    assert check(text, EFFORT_NAMES, 0, "Points", "31").status == UNSTATED


def test_each_before_the_figure_beats_a_combined_figure_after_it() -> None:
    text = "Ana Lopez and Ben Ortiz each shot 3 - of - 9 from the field and combined for 19 points."
    names = ("Ana Lopez", "Ben Ortiz")
    for entity in (0, 1):
        assert check(text, names, entity, "Field goals attempted", "9").status == STATED
        assert check(text, names, entity, "Points", "19").status == UNSTATED


def test_a_sentence_opening_with_an_untabulated_name_just_read_is_that_persons() -> None:
    text = (
        "The Chicago Bulls beat the Pistons. Both Davis and Gordon led the Bulls in scoring. "
        "Davis recorded 26 points and 10 rebounds."
    )
    names = ("Chicago Bulls", "Detroit Pistons")
    assert check(text, names, 0, "Rebounds", "10").status == UNSTATED
    assert check(text, names, 0, "Rebounds", "42").status == UNSTATED  # no contradiction


def test_a_single_name_that_combined_with_others_is_never_contradicted() -> None:
    text = (
        "San Antonio brought eight players off the bench in the win, as they combined for 45 "
        "points and 26 rebounds."
    )
    names = ("Spurs", "76ers")
    assert check(text, names, 0, "Rebounds", "57").status == UNSTATED


def test_former_and_latter_name_the_pair_joined_by_and() -> None:
    text = (
        "After Cara Diaz's big night, the Pistons got 23 - point efforts from Ana Lopez and "
        "Ben Ortiz. The former added five assists, while the latter added three assists."
    )
    names = ("Cara Diaz", "Ana Lopez", "Ben Ortiz")
    assert check(text, names, 1, "Assists", "5").status == STATED
    assert check(text, names, 2, "Assists", "3").status == STATED
    assert check(text, names, 0, "Assists", "5").status == UNSTATED


def test_the_former_before_a_name_is_an_adjective_not_the_pair() -> None:
    text = (
        "Ana Lopez and Ben Ortiz led the Pistons. "
        "The former Bulls guard Carl Young added 12 assists."
    )
    names = ("Ana Lopez", "Ben Ortiz")
    assert check(text, names, 0, "Assists", "12").status == UNSTATED
    referring = "Ana Lopez and Ben Ortiz led the Pistons. The former added 12 assists."
    assert check(referring, names, 0, "Assists", "12").status == STATED


def test_combined_with_after_a_figure_is_no_group_figure() -> None:
    names = ("Ana Lopez", "Ben Ortiz")
    text = "Ana Lopez and Ben Ortiz scored 20 points combined with strong defense to win."
    assert check(text, names, 0, "Points", "20").status == STATED
    grouped = "Ana Lopez and Ben Ortiz scored 20 points combined to win."
    assert check(grouped, names, 0, "Points", "20").status == UNSTATED


def test_an_untabulated_surname_named_sentences_before_opens_a_sentence_about_that_person() -> None:
    text = (
        "The Chicago Bulls beat the Pistons. Their center held his own against Marc Gasol. "
        "The Bulls shot well all night. Gasol collected 15 points and 10 boards."
    )
    names = ("Chicago Bulls", "Detroit Pistons")
    assert check(text, names, 0, "Rebounds", "42").status == UNSTATED  # not the team's 10
    # a last word the text also writes in lower case is no surname ("King Center" / "center")
    arena = text.replace("Marc Gasol", "the Smoothie King Center").replace("Gasol", "Center")
    assert check(arena, names, 0, "Rebounds", "10").status == STATED


def test_a_player_who_led_the_team_owns_his_line_the_team_only_unsurely() -> None:
    ctx = "T.J. McConnell led the Sixers with 17 points (7 - 10 FG, 1 - 1 3PT, 2 - 2 FT)."
    g = Grounder(ctx, ("Sixers", "Nuggets"), Config())
    assert g.check(0, "3-point shots made", type_cell("15")).status != CONTRADICTED
    assert g.check(0, "Points", type_cell("103")).status != CONTRADICTED
    # with the leader in the table too, the line is his and no team figure
    both = Grounder(ctx, ("T.J. McConnell", "Sixers"), Config())
    assert both.check(0, "Field goals made", type_cell("7")).status == STATED
    assert both.check(1, "Points", type_cell("103")).status != CONTRADICTED


def test_a_bare_word_that_is_one_players_surname_and_anothers_first_name_is_the_surname() -> None:
    names = ("Chris Paul", "Paul Pierce")
    ctx = "Paul poured in 13 points and dished out 11 assists. Paul Pierce had two points."
    g = Grounder(ctx, names, Config())
    assert g.check(0, "Assists", type_cell("11")).status == STATED
    assert g.check(1, "Assists", type_cell("11")).status != STATED
    assert g.check(1, "Points", type_cell("2")).status == STATED


def test_a_quoted_nickname_opening_a_sentence_is_the_player_named_before() -> None:
    ctx = (
        'Isaiah Thomas was the big story in Monday\'s game. "The Little Guy" finished the '
        "night with 35 points."
    )
    g = Grounder(ctx, ("Isaiah Thomas", "Al Horford"), Config())
    assert g.check(0, "Points", type_cell("35")).status == STATED
    assert g.check(1, "Points", type_cell("35")).status != STATED


def test_an_object_pronoun_after_an_untabulated_name_is_the_player_named_before() -> None:
    ctx = (
        "Marcus Smart made his return after sitting out three games. Coach Brad Stevens had him "
        "come off the bench, where he struggled to just eight points."
    )
    g = Grounder(ctx, ("Marcus Smart", "Isaiah Thomas"), Config())
    assert g.check(0, "Points", type_cell("8")).status == STATED
    assert g.check(1, "Points", type_cell("8")).status != STATED


# -- a second verb of the sentence's subject ---------------------------------------------------

HEAT_GAME = ("Miami Heat", "Philadelphia 76ers")


def test_a_second_verb_after_an_object_is_the_subjects() -> None:
    ctx = "The Heat held the Sixers to 38 percent shooting and blocked 14 shots in the win."
    assert check(ctx, HEAT_GAME, 0, "Blocks", "14").status == STATED
    assert check(ctx, HEAT_GAME, 1, "Blocks", "14").status != STATED
    assert check(ctx, HEAT_GAME, 1, "Field goal percentage", "38%").status == STATED


def test_a_second_verb_after_a_prepositions_object_is_the_subjects() -> None:
    ctx = "Wesley Johnson pestered Kevin Durant with fabulous defense, and scored 11 points."
    names = ("Wesley Johnson", "Kevin Durant")
    assert check(ctx, names, 0, "Points", "11").status == STATED
    assert check(ctx, names, 1, "Points", "11").status != STATED


@pytest.mark.parametrize(
    "ctx",
    [
        # a new subject after ", and" / "while" keeps its own figures
        "Dennis Schroder scored 18 points, and Jeff Teague scored 16 points and added six assists.",
        "Alec Burks scored 10 points, while Jeff Teague came off the bench and finished with six"
        " assists.",
    ],
)
def test_a_second_verb_of_a_new_subject_stays_its_own(ctx: str) -> None:
    names = ("Dennis Schroder" if "Schroder" in ctx else "Alec Burks", "Jeff Teague")
    assert check(ctx, names, 1, "Assists", "6").status == STATED
    assert check(ctx, names, 0, "Assists", "6").status != STATED


def test_turnovers_a_side_induced_are_the_other_sides() -> None:
    ctx = "Charlotte limited the Heat to 40 percent shooting and induced 16 turnovers."
    names = ("Charlotte Hornets", "Miami Heat")
    assert check(ctx, names, 1, "Turnovers", "16").status == STATED
    assert check(ctx, names, 0, "Turnovers", "16").status != STATED


@pytest.mark.parametrize(
    "ctx",
    [
        # the name after "said" is the subject of a clause of its own, not the verb's object
        "LeBron James said Dwyane Wade played well and recorded 10 assists.",
        "LeBron James thought Dwyane Wade had a fine night and recorded 10 assists.",
    ],
)
def test_a_second_verb_after_a_reported_subject_is_that_subjects(ctx: str) -> None:
    names = ("LeBron James", "Dwyane Wade")
    assert check(ctx, names, 1, "Assists", "10").status == STATED
    assert check(ctx, names, 0, "Assists", "10").status != STATED


@pytest.mark.parametrize(
    "ctx",
    [
        # an irregular verb, and a verb after a comma in a list, are the subject's too
        "The Heat held the Sixers to 38 percent shooting and had 14 blocks in the win.",
        "The Heat held the Sixers to 38 percent shooting, blocked 14 shots and forced 20"
        " turnovers.",
    ],
)
def test_a_second_verb_in_any_form_after_an_object_is_the_subjects(ctx: str) -> None:
    assert check(ctx, HEAT_GAME, 0, "Blocks", "14").status == STATED
    assert check(ctx, HEAT_GAME, 1, "Blocks", "14").status != STATED


def test_a_figure_of_their_own_is_the_subjects() -> None:
    ctx = (
        "The Kings were able to force the Sixers into 21 turnovers, while committing just 10 of"
        " their own."
    )
    names = ("Sacramento Kings", "Philadelphia 76ers")
    assert check(ctx, names, 0, "Turnovers", "10").status == STATED
    assert check(ctx, names, 1, "Turnovers", "21").status == STATED
    assert check(ctx, names, 1, "Turnovers", "10").status != STATED


def test_a_second_verb_after_but_is_the_subjects() -> None:
    ctx = (
        "Eric Bledsoe tied Devin Booker with 14 points, but added eight rebounds and five assists."
    )
    names = ("Eric Bledsoe", "Devin Booker")
    assert check(ctx, names, 0, "Rebounds", "8").status == STATED
    assert check(ctx, names, 1, "Rebounds", "8").status != STATED


@pytest.mark.parametrize(
    "opening",
    ["The reigning MVP did add", "However, the reigning MVP did add", "Still, the MVP had"],
)
def test_a_role_description_after_a_fronted_phrase_is_the_player_named_before(
    opening: str,
) -> None:
    ctx = f"Stephen Curry scored 19 points on 6 of 15 shooting. {opening} seven rebounds."
    g = Grounder(ctx, ("Stephen Curry", "Klay Thompson"), Config())
    assert g.check(0, "Total rebounds", type_cell("7")).status == STATED
    assert g.check(1, "Total rebounds", type_cell("7")).status == UNSTATED


def test_a_fronted_phrase_naming_someone_is_not_skipped_for_a_role_description() -> None:
    ctx = "Stephen Curry scored 19 points. After Thompson left, the star had seven rebounds."
    g = Grounder(ctx, ("Stephen Curry", "Klay Thompson"), Config())
    assert g.check(0, "Total rebounds", type_cell("7")).status != STATED
    assert g.check(1, "Total rebounds", type_cell("7")).status == STATED


def test_a_nickname_that_opens_with_digits_names_the_team() -> None:
    # "76ers" has no capital letter to show it is a name; a table keyed by places gets the
    # nickname from the team's full name, and the record after it is the 76ers', not the Thunder's
    ctx = (
        "The Oklahoma City Thunder beat the Philadelphia 76ers, 103 - 97. The Thunder came in "
        "as favorites against a 76ers (0 - 1) team that was debuting young talent."
    )
    names = ("Oklahoma City", "Philadelphia")
    assert check(ctx, names, 1, "Losses", "1").status == STATED
    assert check(ctx, names, 0, "Losses", "1").status != STATED


@pytest.mark.parametrize("side", ["The visitors", "The home team", "The hosts"])
def test_the_visitors_are_the_team_a_sentence_sets_them_against(side: str) -> None:
    # of a game's two teams, "the visitors" in a sentence that names one of them is the other
    ctx = (
        "Chicago scored a hard - fought victory over Indiana. "
        f"{side} shot 42 percent from the field, better than the Bulls' 39 percent."
    )
    names = ("Bulls", "Pacers")
    assert check(ctx, names, 1, "Field Goal Percentage", "42").status == STATED
    assert check(ctx, names, 0, "Field Goal Percentage", "39").status == STATED
    assert check(ctx, names, 0, "Field Goal Percentage", "42").status != STATED


def test_the_visitors_of_a_sentence_naming_no_team_stay_unread() -> None:
    ctx = "Chicago beat Indiana. The visitors shot 42 percent from the field."
    names = ("Bulls", "Pacers")
    assert check(ctx, names, 1, "Field Goal Percentage", "42").status != STATED
    # two players: "the visitors" are no row of the table
    ctx = "Jimmy Butler led the visitors with 20 points, Paul George scored 18 points."
    assert check(ctx, ("Jimmy Butler", "Paul George"), 1, "Points", "20").status != STATED


@pytest.mark.parametrize(
    "said",
    [
        "The Pacers, the visitors, shot 42 percent from the field.",
        "The Pacers were the visitors and shot 42 percent from the field.",
        "The visitors, the Pacers, shot 42 percent from the field.",
    ],
)
def test_the_visitors_set_beside_the_named_team_are_that_team(said: str) -> None:
    # in apposition to the team the sentence names, or said of it ("X were the visitors"),
    # the side noun is that team, not the other
    ctx = f"Chicago scored a hard - fought victory over Indiana. {said}"
    names = ("Bulls", "Pacers")
    assert check(ctx, names, 0, "Field Goal Percentage", "42").status != STATED
    assert check(ctx, names, 1, "Field Goal Percentage", "42").status == STATED


def test_two_letters_swapped_in_the_text_still_name_the_row() -> None:
    # "Philadlephia": one slip of the fingers, as near as a letter missed or added
    ctx = (
        "The Warriors beat the Sixers. Philadlephia could n't keep their hands out of the cookie "
        "jar, as they committed 25 fouls."
    )
    names = ("Warriors", "Sixers")
    assert check(ctx, names, 1, "Fouls", "25").status == STATED
    assert check(ctx, names, 0, "Fouls", "25").status != STATED


def test_a_name_never_written_is_found_in_the_other_grammatical_number() -> None:
    ctx = "The beverage segment was flat at $560 million. The snacks unit grew 22%."
    names = ("Beverages", "Snacks", "Pet food")
    found = find_mentions(index_document(ctx), names)
    named = {m.entity for here in found for m in here}
    assert named == {0, 1}  # "Pet foods" is not written either


def test_the_other_number_is_not_read_when_the_name_is_written() -> None:
    ctx = "The Nets beat the Suns. The sun was out; a net gain for Brooklyn."
    found = find_mentions(index_document(ctx), ("Brooklyn Nets", "Phoenix Suns"))
    spans = sorted((m.first, m.last) for here in found for m in here if m.entity >= 0)
    assert len(spans) == 3  # Nets, Suns, Brooklyn: neither "sun" nor "net"


def test_a_first_name_that_shortens_another_rows_surname_is_a_first_name() -> None:
    # "Will" could be short for "Williams"; in "Will Barton" it is Barton's first name
    doc = index_document("Will Barton scored 25 points. Lou Williams added 10.")
    found = find_mentions(doc, ("W. Barton", "L. Williams"))
    assert [(m.entity, m.first, m.last) for m in found[0]] == [(0, 0, 1)]
    assert [(m.entity, m.first, m.last) for m in found[1]] == [(1, 6, 7)]


def test_initials_tell_apart_two_rows_of_one_surname() -> None:
    doc = index_document("Derrick Williams scored 8 points. Lou Williams added 10.")
    found = find_mentions(doc, ("D. Williams", "L. Williams"))
    assert [(m.entity, m.first, m.last) for m in found[0]] == [(0, 0, 1)]
    assert [(m.entity, m.first, m.last) for m in found[1]] == [(1, 6, 7)]
    # an initial that fits neither first name names no row
    other = find_mentions(
        index_document("Marvin Williams scored 8 points."), ("D. Williams", "L. Williams")
    )
    assert [m.entity for m in other[0]] == [-1]


def test_a_name_given_with_its_initial_holds_another_rows_surname() -> None:
    doc = index_document("George Hill scored 19 points. Paul George added 21.")
    found = find_mentions(doc, ("G. Hill", "P. George"))
    assert [(m.entity, m.first, m.last) for m in found[0]] == [(0, 0, 1)]
    assert [(m.entity, m.first, m.last) for m in found[1]] == [(1, 6, 7)]


def test_teams_named_by_their_abbreviations_are_the_texts_teams() -> None:
    from tablehallu.detectors.grounding.teams import team_names

    ctx = "The Cavaliers (44 - 22) beat the Warriors (50 - 16) 102 - 99 on Sunday."
    assert check(ctx, ("CLE", "GSW"), 0, "Wins", "44").status == STATED
    assert check(ctx, ("CLE", "GSW"), 1, "Losses", "16").status == STATED
    # only as written in capitals: "min" / "was" are words
    assert team_names((("min",), ("was",))) == (("min",), ("was",))


def test_a_name_with_a_generation_suffix_is_named_by_its_surname() -> None:
    ctx = (
        "Nance and Jordan Clarkson turned in matching 11 - point efforts off the bench, with the "
        "former adding five rebounds, three assists and one steal, while the latter dished out "
        "four dimes."
    )
    names = ("Larry Nance Jr.", "Jordan Clarkson")
    assert check(ctx, names, 0, "Assists", "3").status == STATED
    assert check(ctx, names, 0, "Total rebounds", "5").status == STATED
    assert check(ctx, names, 1, "Assists", "4").status == STATED
    assert check(ctx, names, 0, "Assists", "4").status != STATED
    found = find_mentions(index_document("Larry Nance scored 9. Nance also had 3 steals."), names)
    assert [m.entity for ms in found for m in ms] == [0, 0]


def test_a_players_figure_for_a_team_named_after_for_only_maybe_the_teams() -> None:
    from tablehallu import detect

    ctx = (
        "The Celtics beat the Bulls 100 - 80. Isaiah Thomas led the way for Boston with 22 "
        "points, two assists and one rebound."
    )
    table = "| Team | Total points | Rebounds |\n|---|---|---|\n| Celtics | 100 | 51 |\n"
    table += "| Bulls | 80 | 40 |"
    config = Config(matcher="lexical", headers="lenient", order="declared", reference="context")
    found = detect(table, None, context=ctx, config=config).findings
    # the text gives no team rebounds: 51 is unstated, not contradicted by Thomas' one
    assert not [f for f in found if f.type == "attribute_distortion"]

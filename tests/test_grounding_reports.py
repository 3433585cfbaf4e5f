"""Game-report grounding (g19): general forms of NBA game reports the claim grounder misread,
each checked through :class:`Grounder` one claim at a time."""

from __future__ import annotations

from tablehallu import Config, detect_many
from tablehallu.detectors.grounding.claims import STATED, UNSTATED, ClaimVerdict, Grounder
from tablehallu.normalize import type_cell

GAME = ("Thunder", "Magic")


def check(
    context: str, names: tuple[str, ...], attribute: str, value: str, entity: int = 0
) -> ClaimVerdict:
    return Grounder(context, names, Config()).check(entity, attribute, type_cell(value))


# -- a clause timed by the clock -----------------------------------------------------------

CLOCKED = (
    "Kevin Durant hit a jumper with one second remaining to give the Oklahoma City Thunder "
    "(38 - 13) a 117 - 114 win over the Orlando Magic (21 - 27) on Wednesday."
)


def test_a_record_in_a_clause_timed_by_the_clock_is_still_the_record() -> None:
    assert check(CLOCKED, GAME, "Losses", "13").status == STATED
    assert check(CLOCKED, GAME, "Wins", "21", entity=1).status == STATED


def test_the_final_score_in_a_clause_timed_by_the_clock_is_still_the_score() -> None:
    assert check(CLOCKED, GAME, "Total points", "117").status == STATED
    assert check(CLOCKED, GAME, "Total points", "114", entity=1).status == STATED


def test_a_lead_in_a_clause_timed_by_the_clock_stays_a_moment() -> None:
    ctx = "Paul George sank two free throws with four seconds left to give Indiana an 88 - 87 lead."
    assert check(ctx, ("Indiana Pacers",), "Total points", "88").status == UNSTATED


# -- the subject a pronoun carries ------------------------------------------------------------


def test_he_carries_the_subject_after_a_fronted_clause_not_a_name_inside_it() -> None:
    ctx = (
        "Nikola Pekovic scored 29 points. Despite having trouble defending Pekovic, Andre "
        "Drummond still posted some solid numbers. He went a perfect 8 - for - 8 from the field "
        "to score 17 points."
    )
    names = ("Andre Drummond", "Nikola Pekovic")
    assert check(ctx, names, "Field goals attempted", "8").status == STATED
    assert check(ctx, names, "Points", "17").status == STATED
    assert check(ctx, names, "Points", "17", entity=1).status != STATED


def test_a_fronted_clause_without_a_name_after_it_keeps_its_name() -> None:
    ctx = (
        "Nikola Pekovic scored 29 points. After a slow start against Pekovic, the bench woke up. "
        "He went 8 - for - 8 from the field."
    )
    names = ("Andre Drummond", "Nikola Pekovic")
    assert check(ctx, names, "Field goals attempted", "8", entity=1).status == STATED


# -- what the text speaks of in a form not read ----------------------------------------------


def test_a_figure_right_after_someone_elses_name_is_not_the_teams_unread_form() -> None:
    ctx = (
        "On the Thunder's last - gasp possession, Russell Westbrook, who committed a game - high "
        "eight turnovers, missed a desperation heave."
    )
    g = Grounder(ctx, ("Thunder", "Kings"), Config(reference="context"))
    assert not g.mentions_attribute(0, "Turnovers")


def test_a_teams_figure_after_its_name_is_still_an_unread_form() -> None:
    ctx = "Russell Westbrook starred, and the Thunder committed a season - low of eight turnovers."
    g = Grounder(ctx, ("Thunder", "Kings"), Config(reference="context"))
    assert g.mentions_attribute(0, "Turnovers")


def test_a_score_after_three_quarters_is_no_written_form_of_a_quarters_points() -> None:
    ctx = "The Wizards played hard. Coming out of the third quarter, the Suns had an 80 - 66 lead."
    g = Grounder(ctx, ("Suns", "Wizards"), Config(reference="context"))
    assert not g.writes_value(1, "Points in 3rd quarter", type_cell("66"))


def test_a_quarters_score_is_still_a_written_form_of_its_points() -> None:
    ctx = "The Wizards played hard. The Suns won the third quarter, 30 - 18."
    g = Grounder(ctx, ("Suns", "Wizards"), Config(reference="context"))
    assert g.writes_value(1, "Points in 3rd quarter", type_cell("18"))


# -- a player's team by another of its names ---------------------------------------------------

PLAYERS = ("Andre Drummond", "Jamal Murray", "Justin Hamilton")
TEAMS_TOLD = (
    "Denver shot poorly. Andre Drummond was a monster for the Pistons, with 19 points. Justin "
    "Hamilton's 20 points off the second unit led Brooklyn. Jamal Murray scored 9 points "
    "against the Pistons."
)


def test_a_players_team_is_stated_by_another_of_its_names() -> None:
    assert check(TEAMS_TOLD, PLAYERS, "Team", "Detroit Pistons").status == STATED
    assert check(TEAMS_TOLD, PLAYERS, "Team", "Nets", entity=2).status == STATED


def test_a_team_played_against_is_no_players_team() -> None:
    assert check(TEAMS_TOLD, PLAYERS, "Team", "Detroit Pistons", entity=1).status != STATED
    assert check(TEAMS_TOLD, PLAYERS, "Team", "Denver Nuggets").status != STATED


def test_a_team_the_text_names_only_by_its_city_is_no_unstated_team_cell() -> None:
    response = (
        "| Player | Points | Team |\n| --- | --- | --- |\n| Justin Hamilton | 20 | Nets |\n"
        "| John Wall | 22 | Wizards |"
    )
    context = (
        "Wall's 22 points led the Wizards. Justin Hamilton's 20 points off the second unit led "
        "Brooklyn."
    )
    config = Config(headers="lenient", order="declared", reference="context")
    found = detect_many([{"response": response, "gold": None, "context": context}], config=config)
    assert not [f for f in found[0].findings if f.predicted == "Nets"]

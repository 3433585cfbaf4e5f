"""Claim grounding of key/value fields that name an event or a role (w16): a value the text
writes, but for another event or role than the field's."""

from __future__ import annotations

from tablehallu import Config
from tablehallu.detectors.grounding.claims import STATED, UNSTATED, ClaimVerdict, Grounder
from tablehallu.normalize import type_cell


def check(context: str, attribute: str, value: str) -> ClaimVerdict:
    return Grounder(context, ("",), Config(), subject=0).check(0, attribute, type_cell(value))


# -- a place of an event: only a sentence of the event states it -------------------------------
def test_a_death_place_named_only_in_sentences_without_the_death_is_unstated() -> None:
    ctx = (
        "jim brown (november 3, 1945 -- december 6, 1987) was a pitcher. born in muskegon, "
        "michigan, he was named superintendent of schools in north muskegon, michigan in 1983. "
        "four years later, he died from cancer at the age of 42."
    )
    v = check(ctx, "death place", "north muskegon, michigan")
    assert v.status == UNSTATED and "death" in v.reason
    # the same sentence as the death states it ("returned to chicago and died in 1957")
    same = "jim brown (1900 -- 1957) was a pitcher. he returned to chicago and died in 1957."
    assert check(same, "death place", "chicago").status == STATED
    # a death "there" points back at the place named before
    there = "jim brown (1900 -- 1957) was a pitcher. he retired to chicago. he died there."
    assert check(there, "death place", "chicago").status == STATED


def test_a_birth_place_named_only_as_where_someone_belongs_or_studied_is_unstated() -> None:
    ctx = (
        "tariq khan (born 15 october 1935) was the chief of air staff. he belong to charsadda "
        "pakistan. he passed school from government high school no. 1 charsadda."
    )
    assert check(ctx, "birth place", "charsadda, pakistan").status == UNSTATED
    born = ctx + " he was born in charsadda."
    assert check(born, "birth place", "charsadda, pakistan").status == STATED


def test_a_burial_place_is_stated_by_where_the_ashes_rest() -> None:
    ctx = (
        "frank hill (1850 -- 1906) was a soldier. he died in manhattan, nevada. his ashes rest "
        "in the columbarium of san francisco in san francisco, california."
    )
    assert check(ctx, "resting place", "columbarium of san francisco").status == STATED


# -- a role field: only a sentence of the role states a team ---------------------------------
UMPHLETT = (
    "tom umphlett (may 12, 1930 -- september 21, 2012) was a center fielder who played from "
    "1953 to 1955 with the boston red sox. in 1950 with the marion red sox, he hit .319 in 94 "
    "games. he managed the auburn twins in 1967, then moved up with the wisconsin rapids twins "
    "(part of 1968) and the lynchburg twins (part of 1970)."
)


def test_a_team_named_only_where_someone_played_is_no_team_managed() -> None:
    v = check(UMPHLETT, "managed teams", "marion red sox, auburn twins")
    assert v.status == UNSTATED and "manag" in v.reason
    assert check(UMPHLETT, "managed teams", "auburn twins, lynchburg twins").status == STATED
    assert check(UMPHLETT, "teams", "boston red sox, marion red sox").status == STATED
    # a person under "coach" is who coached the subject, no team the subject coached
    ctx = "ann lee (born 1990) is a sprinter. she trains with bob ray in boston."
    assert check(ctx, "coach", "bob ray").status == STATED


def test_a_team_coached_is_stated_by_a_sentence_of_the_coaching() -> None:
    ctx = (
        "bob hill (born 1950) is a former guard. he played for the atlanta hawks. he was head "
        "coach of the indiana pacers and later coached the seattle supersonics."
    )
    assert check(ctx, "coaching teams", "indiana pacers, seattle supersonics").status == STATED
    assert check(ctx, "teams coached", "atlanta hawks, indiana pacers").status == UNSTATED


def test_a_team_a_role_sentence_points_back_at_is_stated() -> None:
    ctx = (
        "ian webb (born 1951) is a retired footballer. in 1989 he formed the arizona condors. "
        "he was head coach for two seasons before the team folded. he then joined halstead "
        "town f.c. as manager."
    )
    assert check(ctx, "coaching career", "arizona condors, halstead town f.c.").status == STATED


def test_a_team_named_short_in_a_role_sentence_is_stated_but_not_by_a_middle_word() -> None:
    ctx = (
        "ed hill (born 1950) is a former guard. he played for the atlanta hawks and the new "
        "york giants. he coached for the giants and was an assistant coach in atlanta."
    )
    assert check(ctx, "teams coached", "atlanta hawks, new york giants").status == STATED
    assert (
        check(
            UMPHLETT + " he managed the red springs twins.", "managed teams", "marion red sox"
        ).status
        == UNSTATED
    )


# -- a total the text gives only as an average -----------------------------------------------
def test_a_career_total_given_only_as_an_average_is_unstated_referenceless_too() -> None:
    ctx = (
        "art becker (born 1942) is a retired forward. he averaged 12.5 points per game over "
        "the course of his career and appeared in two all-star games."
    )
    loose = Grounder(ctx, ("",), Config(reference="context"), 0, True)
    assert loose.check(0, "career points", type_cell("12.5")).status == UNSTATED
    assert loose.check(0, "points per game", type_cell("12.5")).status == STATED

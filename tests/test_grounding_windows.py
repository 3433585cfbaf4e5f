"""The grounding engine's look-back and look-ahead windows are Config fields that bound what
it reads (each default is documented in docs/config.md)."""

from __future__ import annotations

import pytest

from tablehallu import Config, ConfigError
from tablehallu.detectors.grounding.claims import CONTRADICTED, STATED, UNSTATED, Grounder
from tablehallu.normalize import type_cell
from tablehallu.normalize.forms import value_forms

PISTONS = ("Reggie Jackson", "Marcus Morris")


def status(context: str, attribute: str, value: str, **fields: object) -> str:
    grounder = Grounder(context, PISTONS, Config(**fields))  # type: ignore[arg-type]
    return grounder.check(0, attribute, type_cell(value)).status


def test_he_looks_back_grounding_carry_reach_sentences() -> None:
    ctx = (
        "Reggie Jackson led the Pistons with 22 points. The arena was full. He added seven assists."
    )
    assert status(ctx, "Assists", "7") == STATED
    assert status(ctx, "Assists", "7", grounding_carry_reach=1) == UNSTATED


def test_a_number_reads_its_attribute_within_grounding_attribute_window_words() -> None:
    ctx = "Reggie Jackson had 22 very hard earned total points."
    assert status(ctx, "Points", "22") == STATED
    assert status(ctx, "Points", "22", grounding_attribute_window=2) == UNSTATED


def test_a_value_longer_than_grounding_value_max_chars_has_no_other_forms() -> None:
    assert value_forms("Tamura Micro Corp.", "Company") == ("Tamura Micro",)
    assert value_forms("Tamura Micro Corp.", "Company", max_chars=10) == ()


@pytest.mark.parametrize(
    "name",
    [
        "grounding_carry_reach",
        "grounding_adjacent_words",
        "grounding_relative_words",
        "grounding_attribute_window",
        "grounding_value_max_chars",
        "grounding_attempt_noun_words",
        "grounding_part_words",
    ],
)
def test_a_window_of_no_words_is_refused(name: str) -> None:
    with pytest.raises(ConfigError, match=name):
        Config(**{name: 0})  # type: ignore[arg-type]


def test_the_spread_share_is_a_share() -> None:
    with pytest.raises(ConfigError, match="grounding_spread_share"):
        Config(grounding_spread_share=1.5)


def test_a_noun_of_attempts_is_read_within_grounding_attempt_noun_words() -> None:
    ctx = "Reggie Jackson finished with 12 three - point attempts."
    assert status(ctx, "Three-pointers attempted", "12") == STATED
    assert status(ctx, "Three-pointers made", "12") == UNSTATED
    # "attempts" is the fourth word after 12: a window of three reads it as made
    assert status(ctx, "Three-pointers attempted", "12", grounding_attempt_noun_words=3) == UNSTATED


def test_a_part_of_a_team_is_read_within_grounding_part_words() -> None:
    ctx = "The Bulls' big man scored 48 points."
    bulls = Grounder(ctx, ("Chicago Bulls", "Milwaukee Bucks"), Config())
    narrow = Grounder(ctx, ("Chicago Bulls", "Milwaukee Bucks"), Config(grounding_part_words=2))
    # "big man" ends three words after "Bulls": his 48 is no figure of the team's total
    assert bulls.check(0, "Points", type_cell("103")).status == UNSTATED
    assert narrow.check(0, "Points", type_cell("103")).status == CONTRADICTED

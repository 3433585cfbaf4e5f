"""Whole-row alignment fallback (issue 11): rows the key leaves unmatched on both sides are
paired by all their cells, so one edited key cell is one wrong cell."""

from __future__ import annotations

from tablehallu import Config, detect
from tablehallu.detectors.diagnosis import ATTRIBUTE_DISTORTION, ENTITY_FABRICATION, OMISSION

LEX = Config(matcher="lexical")

WEATHER = """| Date | Temperature | Rainfall (mm) | Humidity (%) |
|---|---|---|---|
| 2024-03-01 | 12.5 | 3.2 | 71 |
| 2024-03-05 | 14.1 | 0.0 | 64 |
| 2024-03-09 | 9.8 | 11.4 | 88 |
"""


def _types(d: object) -> list[str]:
    return [f.type for f in d.findings]  # type: ignore[attr-defined]


def test_a_table_keyed_on_a_date_that_one_edit_changes() -> None:
    d = detect(WEATHER.replace("2024-03-05", "2024-03-06"), WEATHER, config=LEX)
    assert d.primary_key == ["Date"]
    assert _types(d) == [ATTRIBUTE_DISTORTION]
    f = d.findings[0]
    assert (f.column, f.predicted, f.expected, f.matcher) == (
        "Date",
        "2024-03-06",
        "2024-03-05",
        "row",
    )
    assert "paired by its other cells" in f.explanation
    assert (f.pred_row, f.gold_row) == (1, 1)


def test_an_edited_name_key_is_one_wrong_cell() -> None:
    gold = """| Player | Team | Points | Assists |
|---|---|---|---|
| Jalen Brunson | Knicks | 28 | 6 |
| Jayson Tatum | Celtics | 26 | 5 |
| Luka Doncic | Mavericks | 33 | 9 |
"""
    d = detect(gold.replace("Jayson Tatum", "Jaylen Brown"), gold, config=LEX)
    assert _types(d) == [ATTRIBUTE_DISTORTION]
    assert d.findings[0].column == "Player" and d.findings[0].matcher == "row"


def test_an_invented_row_with_other_values_stays_invented() -> None:
    pred = WEATHER.replace("| 2024-03-05 | 14.1 | 0.0 | 64 |", "| 2024-03-07 | 25.0 | 7.7 | 20 |")
    d = detect(pred, WEATHER, config=LEX)
    assert sorted(_types(d)) == [ENTITY_FABRICATION, OMISSION]


def test_the_pass_needs_its_share_and_can_be_turned_off() -> None:
    pred = WEATHER.replace("| 2024-03-05 | 14.1 | 0.0 | 64 |", "| 2024-03-06 | 14.1 | 0.5 | 60 |")
    assert sorted(_types(detect(pred, WEATHER, config=LEX))) == [ENTITY_FABRICATION, OMISSION]
    edited = WEATHER.replace("2024-03-05", "2024-03-06")
    off = LEX.replace(whole_row_min_agreement=0.0)
    assert sorted(_types(detect(edited, WEATHER, config=off))) == [ENTITY_FABRICATION, OMISSION]


def test_two_names_of_one_team_are_one_row() -> None:
    from tablehallu import Config, detect

    gold = "| Team | Wins |\n|---|---|\n| Warriors | 50 |\n| 76ers | 12 |\n"
    pred = "| Team | Wins |\n|---|---|\n| Golden State | 50 |\n| Philadelphia | 12 |\n"
    d = detect(pred, gold, config=Config(matcher="lexical"))
    assert d.passed
    assert d.findings == []
    off = detect(pred, gold, config=Config(matcher="lexical", grounding_team_names=False))
    assert {f.type for f in off.findings} == {"omission", "entity_fabrication"}


def test_an_informal_team_name_matches_the_gold_key() -> None:
    from tablehallu import Config, detect

    gold = "| Team | Wins |\n|---|---|\n| 76ers | 12 |\n| Thunder | 40 |\n"
    pred = "| Team | Wins |\n|---|---|\n| Sixers | 12 |\n| Thunder | 40 |\n"
    assert detect(pred, gold, config=Config(matcher="lexical")).findings == []
    bare = Config(matcher="lexical", grounding_team_informal_names=())
    assert {f.type for f in detect(pred, gold, config=bare).findings} >= {"omission"}


def test_teams_keyed_by_their_abbreviations_pair_with_the_gold_names() -> None:
    from tablehallu import Config, detect

    gold = "| Team | Wins | Losses |\n|---|---|---|\n| Hawks | 46 | 12 |\n| Magic | 19 | 41 |\n"
    pred = "| Team | Wins | Losses |\n|---|---|---|\n| ATL | 46 | 12 |\n| ORL | 19 | 40 |\n"
    d = detect(pred, gold, config=Config(matcher="lexical"))
    assert [(f.type, f.pred_row, f.predicted) for f in d.findings] == [
        ("attribute_distortion", 1, "40")
    ]


def test_an_initial_pairs_with_the_gold_name_with_a_generation_suffix() -> None:
    from tablehallu import Config, detect
    from tablehallu.detectors.matching import compare_lexically
    from tablehallu.normalize import type_cell

    gold = "| Player | Points |\n|---|---|\n| Tim Hardaway Jr. | 19 |\n| James Ennis III | 8 |\n"
    pred = "| Player | Points |\n|---|---|\n| T. Hardaway | 19 |\n| J. Ennis | 8 |\n"
    assert detect(pred, gold, config=Config(matcher="lexical")).findings == []
    # two different suffixes are two people
    junior, senior = type_cell("Ken Griffey Jr."), type_cell("K. Griffey Sr.")
    assert compare_lexically(junior, senior, Config(matcher="lexical")).matched is not True

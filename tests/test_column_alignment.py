"""Lenient header alignment by meaning (issue 11): a renamed column holds the same values; split
and merged columns are compared joined. Strict mode keeps the paper's rule."""

from __future__ import annotations

from tablehallu import Config, detect
from tablehallu.detectors.diagnosis import (
    ATTRIBUTE_DISTORTION,
    ENTITY_FABRICATION,
    FORMAT_ERROR,
    OMISSION,
)

LENIENT = Config(headers="lenient", matcher="lexical")

GOLD = """| Country | Capital | Population (m) |
|---|---|---|
| France | Paris | 68 |
| Spain | Madrid | 48 |
| Italy | Rome | 59 |
| Greece | Athens | 10 |
"""


def _header(diag: object) -> list[tuple[str | None, str | None]]:
    return [(f.subtype, f.matcher) for f in diag.findings if f.type == FORMAT_ERROR]  # type: ignore[attr-defined]


def test_a_renamed_key_column_is_aligned_by_its_values() -> None:
    pred = GOLD.replace("| Country |", "| Nation |").replace("Madrid", "Barcelona")
    d = detect(pred, GOLD, config=LENIENT)
    assert _header(d) == [("renamed_column", "values")]
    wrong = [f for f in d.findings if f.type == ATTRIBUTE_DISTORTION]
    assert [(f.column, f.predicted) for f in wrong] == [("Capital", "Barcelona")]
    assert not any(f.type in (OMISSION, ENTITY_FABRICATION) for f in d.findings)
    assert d.primary_key == ["Country"]


def test_a_paraphrased_header_is_aligned_by_its_values() -> None:
    pred = GOLD.replace("| Capital |", "| Seat of government |")
    d = detect(pred, GOLD, config=LENIENT)
    assert _header(d) == [("renamed_column", "values")]
    assert "Seat of government" in d.findings[0].explanation
    assert d.severity is not None and 0 < d.severity < 0.1


def test_a_new_column_with_other_values_is_not_a_rename() -> None:
    pred = GOLD.replace("| Capital |", "| Currency |")
    for city in ("Paris", "Madrid", "Rome", "Athens"):
        pred = pred.replace(city, "Euro")
    d = detect(pred, GOLD, config=LENIENT)
    assert sorted(_header(d)) == [("extra_column", "header"), ("missing_column", "header")]


def test_a_header_that_names_another_column_keeps_its_values_wrong() -> None:
    gold = "| Name | Born | Died |\n|---|---|---|\n| A | 1900 | 1950 |\n| B | 1910 | 1970 |\n"
    pred = "| Name | Died | Born |\n|---|---|---|\n| A | 1900 | 1950 |\n| B | 1910 | 1970 |\n"
    d = detect(pred, gold, config=LENIENT)
    assert sum(f.type == ATTRIBUTE_DISTORTION for f in d.findings) == 4


NAMES = """| Name | Team | Goals |
|---|---|---|
| Lionel Messi | Inter Miami | 20 |
| Erling Haaland | Manchester City | 27 |
| Harry Kane | Bayern Munich | 36 |
| Mary Ann Smith | Leeds | 4 |
"""
SPLIT = """| First name | Last name | Team | Goals |
|---|---|---|---|
| Lionel | Messi | Inter Miami | 20 |
| Erling | Haaland | Manchester City | 27 |
| Harry | Kane | Bayern Munich | 35 |
| Mary Ann | Smith | Leeds | 4 |
"""


def test_a_split_column_is_compared_joined() -> None:
    d = detect(SPLIT, NAMES, config=LENIENT)
    assert _header(d) == [("split_column", "values")]
    assert [(f.column, f.predicted) for f in d.findings if f.type == ATTRIBUTE_DISTORTION] == [
        ("Goals", "35")
    ]
    assert not any(f.type in (OMISSION, ENTITY_FABRICATION) for f in d.findings)


def test_merged_columns_are_compared_cut_at_the_separator() -> None:
    d = detect(NAMES, SPLIT, config=LENIENT)
    assert _header(d) == [("merged_column", "values")]
    assert [(f.column, f.predicted) for f in d.findings if f.type == ATTRIBUTE_DISTORTION] == [
        ("Goals", "36")
    ]
    teams = [("Celtics", 64, 18), ("Knicks", 50, 32), ("Bucks", 49, 33), ("Heat", 46, 36)]
    gold = "| Team | Wins | Losses |\n|---|---|---|\n" + "".join(
        f"| {t} | {w} | {lost} |\n" for t, w, lost in [*teams, ("Nets", 32, 50)]
    )
    pred = "| Team | W-L |\n|---|---|\n" + "".join(
        f"| {t} | {w}-{lost} |\n" for t, w, lost in [*teams, ("Nets", 32, 51)]
    )
    d = detect(pred, gold, config=LENIENT)
    assert _header(d) == [("merged_column", "values")]
    wrong = [f for f in d.findings if f.type == ATTRIBUTE_DISTORTION]
    assert [(f.column, f.predicted, f.expected) for f in wrong] == [("Losses", "51", "50")]
    back = detect(gold, pred, config=LENIENT)
    assert _header(back) == [("split_column", "values")]


def test_strict_mode_keeps_the_papers_rule() -> None:
    pred = GOLD.replace("| Country |", "| Nation |")
    d = detect(pred, GOLD, config=Config(matcher="lexical"))
    assert d.hallucinations == {FORMAT_ERROR}
    assert [f.subtype for f in d.findings] == ["missing_column", "extra_column"]


def test_abbreviated_and_initialised_headers_align_by_name() -> None:
    gold = (
        "| Player | Points | Defensive Rebounds | Field Goals Attempted |\n|---|---|---|---|\n"
        "| Ann | 10 | 4 | 12 |\n| Bo | 8 | 2 | 9 |\n"
    )
    pred = gold.replace(
        "| Player | Points | Defensive Rebounds | Field Goals Attempted |",
        "| Player | Pts | Def Reb | FGA |",
    )
    d = detect(pred, gold, config=LENIENT)
    assert _header(d) == [
        ("renamed_column", "abbreviation"),
        ("renamed_column", "abbreviation"),
        ("renamed_column", "acronym"),
    ]
    assert [f.predicted for f in d.findings] == ["Pts", "Def Reb", "FGA"]


def test_headers_that_name_one_attribute_align_by_meaning() -> None:
    gold = (
        "| Team | Percentage of field goals | Number of team assists | Points in 1st quarter |\n"
        "|---|---|---|---|\n| Hawks | 45 | 20 | 30 |\n| Bulls | 50 | 22 | 25 |\n"
    )
    pred = (
        "| Team | FG% | AST | Q1 |\n|---|---|---|---|\n"
        "| Hawks | 45% | 21 | 30 |\n| Bulls | 50% | 22 | 25 |\n"
    )
    d = detect(pred, gold, config=LENIENT)
    assert _header(d) == [("renamed_column", "concept")] * 3
    wrong = [(f.pred_row, f.column, f.predicted) for f in d.findings if f.type != FORMAT_ERROR]
    assert wrong == [(0, "Number of team assists", "21")]
    # off: the columns are missing and extra, as before
    off = detect(pred, gold, config=LENIENT.replace(header_concepts=False))
    assert ("renamed_column", "concept") not in _header(off)


def test_the_same_attribute_comes_before_a_likeness_of_spelling() -> None:
    gold = "| Team | Wins | Losses |\n|---|---|---|\n| Hawks | 30 | 12 |\n| Bulls | 25 | 17 |\n"
    pred = (
        "| Team | W | L | Home Wins |\n|---|---|---|---|\n"
        "| Hawks | 30 | 12 | 20 |\n| Bulls | 25 | 17 | 14 |\n"
    )
    d = detect(pred, gold, config=LENIENT)
    renamed = [
        (f.column, f.predicted, f.matcher) for f in d.findings if f.subtype == "renamed_column"
    ]
    assert renamed == [("Wins", "W", "concept"), ("Losses", "L", "concept")]
    assert not any(f.type == ATTRIBUTE_DISTORTION for f in d.findings)


def test_a_header_two_columns_could_mean_is_not_aligned_by_meaning() -> None:
    gold = "| Team | Points | Wins |\n|---|---|---|\n| Hawks | 100 | 3 |\n| Bulls | 90 | 2 |\n"
    pred = (
        "| Team | PTS | Total points | W |\n|---|---|---|---|\n"
        "| Hawks | 1 | 2 | 3 |\n| Bulls | 4 | 5 | 2 |\n"
    )
    d = detect(pred, gold, config=LENIENT)
    assert ("renamed_column", "concept") in _header(d)  # W / Wins
    assert not any(
        f.predicted in ("PTS", "Total points") and f.matcher == "concept" for f in d.findings
    )


def test_a_transposed_table_is_read_back_in_the_gold_layout() -> None:
    gold = (
        "| Player | Points | Assists | Steals |\n|---|---|---|---|\n"
        "| Ann | 10 | 4 | 1 |\n| Bo | 8 | 2 | 3 |\n| Cy | 12 | 7 | 0 |\n"
    )
    pred = (
        "| Statistic | Ann | Bo | Cy |\n|---|---|---|---|\n"
        "| Points | 10 | 8 | 12 |\n| Assists | 4 | 2 | 9 |\n| Steals | 1 | 3 | 0 |\n"
    )
    d = detect(pred, gold, config=LENIENT)
    assert _header(d) == [("transposed", "values")]
    wrong = [(f.column, f.predicted, f.expected) for f in d.findings[1:]]
    assert wrong == [("Assists", "9", "7")]
    assert d.severity is not None and d.severity < 0.2
    strict = detect(pred, gold, config=Config(matcher="lexical"))
    assert "transposed" not in [f.subtype for f in strict.findings]


REBOUNDS = """| Player | Defensive rebounds | Total rebounds |
|---|---|---|
| Ann | 5 | 7 |
| Bo | 2 | 9 |
| Cy | 4 | 11 |
"""


def test_a_header_as_near_to_two_gold_headers_is_aligned_by_its_values() -> None:
    pred = "| Player | Rebounds |\n|---|---|\n| Ann | 7 |\n| Bo | 9 |\n| Cy | 11 |\n"
    d = detect(pred, REBOUNDS, config=LENIENT)
    renamed = [f for f in d.findings if f.subtype == "renamed_column"]
    assert [(f.column, f.matcher) for f in renamed] == [("Total rebounds", "values")]
    assert not any(f.type == ATTRIBUTE_DISTORTION for f in d.findings)


QUARTERS = """| Team | Points in 1st quarter | Total points |
|---|---|---|
| Heat | 21 | 106 |
| Bulls | 30 | 98 |
"""


def test_headers_naming_other_numbers_are_not_one_column_by_their_names() -> None:
    pred = QUARTERS.replace("Points in 1st quarter", "Points in 3rd and 4th quarter")
    pred = pred.replace("| 21 |", "| 65 |").replace("| 30 |", "| 52 |")
    d = detect(pred, QUARTERS, config=LENIENT)
    assert sorted(_header(d)) == [("extra_column", "header"), ("missing_column", "header")]
    assert not any(f.type == ATTRIBUTE_DISTORTION for f in d.findings)


def test_headers_naming_the_same_numbers_in_other_words_still_pair() -> None:
    pred = QUARTERS.replace("Points in 1st quarter", "Points in first quarter")
    d = detect(pred, QUARTERS, config=LENIENT)
    assert _header(d) == [("renamed_column", "header")]


def test_header_numerals_read_digits_and_ordinals() -> None:
    from tablehallu.detectors.headers import header_numerals

    assert header_numerals("points in 3rd and 4th quarter") == {"3", "4"}
    assert header_numerals("second half points") == {"2"}
    assert header_numerals("2019 revenue") == {"2019"}
    assert header_numerals("total points") == frozenset()


SHOTS_GOLD = (
    (
        "| Player | Free throws attempted | Free throws made | Field goals attempted "
        "| Field goals made |\n"
    )
    + """|---|---|---|---|---|
| Morris | 4 | 4 | 15 | 10 |
| Bledsoe | 2 | 2 | 14 | 7 |
| Warren | 2 | 1 | 10 | 8 |
| Thornton | 1 | 1 | 12 | 6 |
| Martin | 7 | 6 | 8 | 5 |
"""
)


def test_a_made_attempted_column_is_read_made_first_whatever_the_gold_order() -> None:
    pred = """| Player | FT | FG |
|---|---|---|
| Morris | 4-4 | 10-15 |
| Bledsoe | 2-2 | 7-14 |
| Warren | 1-2 | 8-10 |
| Thornton | 1-1 | 6-12 |
| Martin | 6-7 | 5-9 |
"""
    d = detect(pred, SHOTS_GOLD, config=LENIENT)
    assert [f.subtype for f in d.findings if f.type == FORMAT_ERROR] == [
        "merged_column",
        "merged_column",
    ]
    wrong = [f for f in d.findings if f.type == ATTRIBUTE_DISTORTION]
    assert [(f.pred_row, f.column, f.predicted, f.expected) for f in wrong] == [
        (4, "Field goals attempted", "9", "8")
    ]


def test_a_shot_pair_column_joins_its_made_and_attempted_columns_by_their_names() -> None:
    gold = """| Player | Points | Field goals made | Field goals attempted |
|---|---|---|---|
| Bledsoe | 23 | 9 | 12 |
| Morris | 24 | | |
| Warren | 17 | | |
"""
    pred = "| Player | Points | FG |\n|---|---|---|\n| Bledsoe | 23 | 9-13 |\n| Morris | 24 | |\n"
    pred += "| Warren | 17 | |\n"
    d = detect(pred, gold, config=LENIENT)
    joins = [(f.subtype, f.matcher) for f in d.findings if f.type == FORMAT_ERROR]
    assert joins == [("merged_column", "names")]
    wrong = [f for f in d.findings if f.type == ATTRIBUTE_DISTORTION]
    assert [(f.column, f.predicted, f.expected) for f in wrong] == [
        ("Field goals attempted", "13", "12")
    ]

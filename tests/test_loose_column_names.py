"""Columns their names pair loosely, once names and values have had their say (issue 11):
contracted names ("DRB" / "Defensive rebounds"), extended ones ("Qual" / "Qualifying Speed"),
a header joining the names of several columns ("FGM/FGA"), and transposed tables whose entity
headers are the gold's names in another form. Strict mode keeps the paper's rule."""

from __future__ import annotations

import pytest

from tablehallu import Config, detect
from tablehallu.detectors.diagnosis import FORMAT_ERROR
from tablehallu.detectors.headers import contracts, extends, loose_name_rule, name_parts

LENIENT = Config(headers="lenient", matcher="lexical")


def _header(diag: object) -> list[tuple[str | None, str | None]]:
    return sorted(
        (f.subtype, f.matcher)
        for f in diag.findings  # type: ignore[attr-defined]
        if f.type == FORMAT_ERROR
    )


def _subtypes(diag: object) -> set[str | None]:
    return {f.subtype for f in diag.findings}  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("short", "long_"),
    [
        ("drb", "defensive rebounds"),
        ("d-reb", "defensive rebounds"),
        ("3pa", "3-pointers attempted"),
        ("ft made", "free throws made"),
        ("to", "turnovers"),
        ("pob", "place of birth"),
    ],
)
def test_contractions(short: str, long_: str) -> None:
    assert contracts(short, long_)
    assert loose_name_rule(long_, short) == "contraction"


@pytest.mark.parametrize(
    ("short", "long_"),
    [
        ("fg taken", "field goals attempted"),  # a synonym, not a contraction
        ("drb", "offensive rebounds"),  # the first letter must start the first word
        ("3pa", "2-pointers attempted"),  # digits are kept
        ("season", "seezon"),  # a misspelling is for the spelling rule
        ("rebounds", "rebounds"),  # the same name
    ],
)
def test_not_contractions(short: str, long_: str) -> None:
    assert not contracts(short, long_)


def test_extensions() -> None:
    assert extends("qual", "qualifying speed")
    assert extends("finish", "finishing position")
    assert extends("points", "points (out of total)")
    assert not extends("date range", "date of birth")
    assert not extends("qualifying speed", "qual")  # the longer name is never the short one
    assert not extends("196", "1960 urban")  # a number stands only for itself


def test_name_parts() -> None:
    assert name_parts("FGM/FGA") == ["fgm", "fga"]
    assert name_parts("W-L") == ["w", "l"]
    assert name_parts("Wins & Losses") == ["wins", "losses"]
    assert name_parts("3-pointers made") == ["3", "pointers made"]
    assert name_parts("Points") == ["points"]


STATS = (
    "| Player | Defensive rebounds | Turnovers | Points |\n|---|---|---|---|\n"
    "| Ann Lee | 4 |  | 10 |\n| Bo Ray |  | 2 | 8 |\n| Cy Dow |  |  | 12 |\n"
)


def test_contracted_headers_of_sparse_columns_align_by_name() -> None:
    # one filled cell per column: too few for the values to pair them
    pred = STATS.replace("Defensive rebounds", "DRB").replace("Turnovers", "TO")
    d = detect(pred, STATS, config=LENIENT)
    assert _header(d) == [("renamed_column", "contraction")] * 2
    assert d.severity is not None and d.severity < 0.1
    strict = detect(pred, STATS, config=Config(matcher="lexical"))
    assert {"missing_column", "extra_column"} <= _subtypes(strict)


def test_an_ambiguous_loose_name_pairs_nothing() -> None:
    gold = (
        "| Name | Year of Birth | Year of Death |\n|---|---|---|\n"
        "| Ann | 1900 |  |\n| Bo |  | 1990 |\n| Cy |  |  |\n"
    )
    pred = gold.replace("Year of Birth", "Year").replace(" Year of Death |", " Note |")
    d = detect(pred, gold, config=LENIENT)
    assert ("renamed_column", "extension") not in _header(d)
    assert {"missing_column", "extra_column"} <= _subtypes(d)


def test_an_extended_header_aligns_when_its_values_were_edited() -> None:
    gold = (
        "| Year | Qual | Finish |\n|---|---|---|\n"
        "| 1958 | 143.272 | 15 |\n| 1960 | 143.215 | 33 |\n| 1961 | 144.202 | 16 |\n"
    )
    pred = (
        "| Year | Qualifying Speed | Finishing Position |\n|---|---|---|\n"
        "| 1958 | 150.1 | 14 |\n| 1960 | 151.2 | 29 |\n| 1961 | 152.3 | 18 |\n"
    )
    d = detect(pred, gold, config=LENIENT)
    assert _header(d) == [("renamed_column", "extension")] * 2
    wrong = {(f.column, f.predicted) for f in d.findings if f.type != FORMAT_ERROR}
    assert ("Qual", "150.1") in wrong and ("Finish", "29") in wrong


def test_a_header_joining_column_names_is_a_merge_cut_at_the_cells_separator() -> None:
    gold = (
        "| Player | Field goals made | Points | Field goals attempted |\n|---|---|---|---|\n"
        "| Ann Lee | 4 | 10 | 9 |\n| Bo Ray | 3 | 8 | 7 |\n| Cy Dow | 5 | 12 | 11 |\n"
    )
    pred = (
        "| Player | FGM/FGA | Points |\n|---|---|---|\n"
        "| Ann Lee | 4/9 | 10 |\n| Bo Ray | 3/6 | 8 |\n| Cy Dow | 5/11 | 12 |\n"
    )
    d = detect(pred, gold, config=LENIENT)
    assert _header(d) == [("merged_column", "names")]
    wrong = [(f.column, f.predicted, f.expected) for f in d.findings if f.type != FORMAT_ERROR]
    assert wrong == [("Field goals attempted", "6", "7")]


def test_a_gold_header_joining_column_names_is_a_split() -> None:
    gold = (
        "| Team | W-L | Coach |\n|---|---|---|\n"
        "| Ants | 10-5 | Ann |\n| Bees | 8-7 | Bo |\n| Cats | 3-12 | Cy |\n"
    )
    pred = (
        "| Team | Coach | Wins | Losses |\n|---|---|---|---|\n"
        "| Ants | Ann | 10 | 5 |\n| Bees | Bo | 8 | 7 |\n| Cats | Cy | 3 | 12 |\n"
    )
    d = detect(pred, gold, config=LENIENT)
    assert ("split_column", "names") in _header(d) or ("split_column", "values") in _header(d)
    assert not {"missing_column", "extra_column"} & _subtypes(d)
    assert [f for f in d.findings if f.type != FORMAT_ERROR] == []


def test_a_transposed_table_with_initialled_and_misspelt_names_is_read_back() -> None:
    gold = (
        "| Player | Points | Defensive rebounds | Steals |\n|---|---|---|---|\n"
        "| Anna Lindqvist | 10 | 4 | 1 |\n| Boris Rayner | 8 | 2 | 3 |\n"
        "| Carla Dowding | 12 | 7 | 0 |\n"
    )
    pred = (
        "| Statistic | A. Lindqvist | Boris Rayners | C. Dowding |\n|---|---|---|---|\n"
        "| Points | 10 | 8 | 12 |\n| DRB | 4 | 2 | 9 |\n| Steals | 1 | 3 | 0 |\n"
    )
    d = detect(pred, gold, config=LENIENT)
    assert ("transposed", "values") in _header(d)
    assert not {"missing_column", "extra_column"} & _subtypes(d)
    wrong = [(f.column, f.predicted, f.expected) for f in d.findings if f.type != FORMAT_ERROR]
    assert ("Defensive rebounds", "9", "7") in wrong


def test_a_table_of_other_entities_is_not_read_as_transposed() -> None:
    gold = (
        "| Player | Points | Steals |\n|---|---|---|\n"
        "| Anna Lindqvist | 10 | 1 |\n| Boris Rayner | 8 | 3 |\n| Carla Dowding | 12 | 0 |\n"
    )
    pred = (
        "| Statistic | Xavier Quill | Yusuf Omar | Zoe Park |\n|---|---|---|---|\n"
        "| Points | 10 | 8 | 12 |\n| Steals | 1 | 3 | 0 |\n"
    )
    d = detect(pred, gold, config=LENIENT)
    assert "transposed" not in _subtypes(d)


def test_renamed_columns_align_by_values_when_the_rows_come_in_another_order() -> None:
    # no column keeps its name, so no aligned column pairs the rows and their order differs:
    # the renamed key's values pair them, and the dates are compared as dates
    gold = (
        "| Tournament | Start Date | Winner |\n|---|---|---|\n"
        "| Open 1981 | April 17, 1981 | Ann Lee |\n| Open 1984 | April 21, 1984 | Bo Ray |\n"
        "| Open 1985 | April 13, 1985 | Cy Dow |\n| Open 1986 | April 19, 1986 | Di Fox |\n"
    )
    pred = (
        "| Event | Beginning | Champion |\n|---|---|---|\n"
        "| Open 1986 | 19/04/1986 | Di Fox |\n| Open 1981 | 17/04/1981 | Ann Lee |\n"
        "| Open 1985 | 13/04/1985 | Cy Dow |\n| Open 1984 | 21/04/1984 | Bo Ray |\n"
    )
    d = detect(pred, gold, config=LENIENT)
    assert _header(d) == [("renamed_column", "values")] * 3
    assert {f.type for f in d.findings} == {FORMAT_ERROR, "order_mismatch"}


def test_a_column_of_cities_given_as_their_countries_is_the_same_column() -> None:
    gold = (
        "| Name | Born in | Year |\n|---|---|---|\n"
        "| Ann Lee | Berlin | 1892 |\n| Bo Ray | Paris | 1885 |\n| Cy Dow | Chicago | 1889 |\n"
        "| Di Fox | Osaka | 1901 |\n| Ed Hart | Toronto | 1910 |\n"
    )
    pred = (
        "| Name | Country of birth | Year |\n|---|---|---|\n"
        "| Ann Lee | Germany | 1892 |\n| Bo Ray | France | 1885 |\n| Cy Dow | Spain | 1889 |\n"
        "| Di Fox | Japan | 1901 |\n| Ed Hart | Canada | 1910 |\n"
    )
    d = detect(pred, gold, config=LENIENT)
    assert _header(d) == [("renamed_column", "values")]
    partial = [(f.expected, f.predicted) for f in d.findings if f.type == "partial_match"]
    assert partial == [
        ("Berlin", "Germany"),
        ("Paris", "France"),
        ("Osaka", "Japan"),
        ("Toronto", "Canada"),
    ]
    wrong = [
        (f.column, f.predicted) for f in d.findings if f.type not in (FORMAT_ERROR, "partial_match")
    ]
    assert wrong == [("Born in", "Spain")]
    off = detect(
        pred, gold, config=Config(headers="lenient", matcher="lexical", city_as_country=False)
    )
    assert {"missing_column", "extra_column"} <= _subtypes(off)


WIDE = (
    "| Team | Wins | Losses | Draws |\n|---|---|---|---|\n"
    "| Ants | 10 | 5 | 1 |\n| Bees | 8 | 7 | 2 |\n| Cats | 3 | 12 | 0 |\n"
)


def test_a_table_in_long_form_is_read_back_in_the_gold_layout() -> None:
    pred = "| Team | Result | Count |\n|---|---|---|\n" + "".join(
        f"| {team} | {label} | {n} |\n"
        for team, counts in (("Ants", (10, 5, 1)), ("Bees", (8, 7, 2)), ("Cats", (3, 11, 0)))
        for label, n in zip(("Wins", "Losses", "Draws"), counts, strict=True)
    )
    d = detect(pred, WIDE, config=LENIENT)
    assert _header(d) == [("long_format", "names")]
    wrong = [(f.column, f.predicted, f.expected) for f in d.findings if f.type != FORMAT_ERROR]
    assert wrong == [("Losses", "11", "12")]
    strict = detect(pred, WIDE, config=Config(matcher="lexical"))
    assert "long_format" not in _subtypes(strict)


def test_a_column_of_labels_with_one_row_per_entity_is_not_a_long_table() -> None:
    pred = (
        "| Team | Best result | Count |\n|---|---|---|\n"
        "| Ants | Wins | 10 |\n| Bees | Losses | 7 |\n| Cats | Draws | 0 |\n"
    )
    d = detect(pred, WIDE, config=LENIENT)
    assert "long_format" not in _subtypes(d)

"""Key choice: a text identifier column keys the rows, not a date column that an edit changes."""

from __future__ import annotations

from tablehallu import Config, detect
from tablehallu.detectors.keys import choose_key
from tablehallu.normalize import TypedCell, type_cell

GOLD = """| Date | Event | Venue |
|---|---|---|
| 11.10.1996 | Spring Cup | Leeds |
| 29.10.2010 | Summer Derby | York |
| 18.09.2009 | Autumn Stakes | Bath |
| 19.08.2003 | Winter Trophy | Ayr |
"""


def test_a_table_keyed_on_a_date_keeps_its_rows_when_one_date_is_edited() -> None:
    response = GOLD.replace("29.10.2010", "29.10.2011")
    diag = detect(response, GOLD, config=Config(matcher="lexical"))
    assert diag.primary_key == ["Event"]
    kinds = [(f.type, f.column) for f in diag.findings]
    # one wrong cell, not a fabricated row plus an omitted one
    assert kinds == [("attribute_distortion", "Date")]
    assert diag.severity is not None and 0 < diag.severity < 0.1


def _cells(rows: list[list[str]]) -> list[list[TypedCell]]:
    return [[type_cell(v) for v in row] for row in rows]


def test_the_paper_choice_stands_when_it_is_a_text_column() -> None:
    headers = ["Country", "Year", "City"]
    rows = [["USA", "1990", "Boston"], ["USA", "1991", "Denver"], ["Peru", "1990", "Lima"]]
    choice = choose_key(headers, _cells(rows))
    # the first non-numeric column, extended to a composite key (the paper's order example)
    assert choice.columns == (0, 1) and choice.source == "composite"


def test_a_date_column_is_passed_over_for_a_unique_identifier() -> None:
    headers = ["Date", "Team", "Player"]
    rows = [
        ["2001-05-01", "Reds", "Ann Lee"],
        ["2001-05-02", "Reds", "Bo Kim"],
        ["2001-05-03", "Blues", "Cy Fox"],
    ]
    assert choose_key(headers, _cells(rows)).columns == (2,)
    # no text identifier at all: the paper's choice (the dates)
    only_dates = [[r[0], str(i)] for i, r in enumerate(rows)]
    assert choose_key(["Date", "N"], _cells(only_dates)).columns == (0,)

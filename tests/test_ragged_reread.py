"""Rows with a stray cell (one more than the header) are re-read where the gold agrees."""

from __future__ import annotations

from tablehallu import Config, detect
from tablehallu.parsers import parse_response

HEAD = "| Player | Assists | Minutes | Points |\n|---|---|---|---|\n"
GOLD = HEAD + "| Ann | 2 | 34 | 22 |\n| Bo | | 26 | 32 |\n"
# a stray empty cell after "Assists" shifts Minutes and Points one column right
PRED = HEAD + "| Ann | 2 | | 34 | 22 |\n| Bo | | | 26 | 32 |\n"


def test_the_parser_keeps_wide_rows_as_written() -> None:
    table = parse_response(PRED)
    assert table.rows()[0] == ["Ann", "2", "", "34"]  # cut to the header's width
    assert table.wide_rows == {0: ["Ann", "2", "", "34", "22"], 1: ["Bo", "", "", "26", "32"]}


def test_a_stray_empty_cell_is_left_out_where_the_gold_agrees() -> None:
    d = detect(PRED, GOLD, config=Config(matcher="lexical", headers="lenient"))
    kinds = {(f.type, f.subtype) for f in d.findings}
    assert ("format_error", "ragged_row") in kinds  # still broken Markdown
    assert not any(f.type == "attribute_distortion" for f in d.findings)
    assert any("ragged_row" in w and "'Minutes'" in w for w in d.warnings)


def test_without_the_reread_the_cells_are_read_shifted() -> None:
    d = detect(PRED, GOLD, config=Config(matcher="lexical", headers="lenient", ragged_reread=False))
    assert any(f.type == "attribute_distortion" for f in d.findings)


def test_the_end_stays_the_reading_when_no_position_agrees_better() -> None:
    pred = HEAD + "| Ann | 2 | 34 | 22 | |\n"
    d = detect(pred, GOLD, config=Config(matcher="lexical", headers="lenient"))
    assert not any(w.startswith("ragged_row: ") for w in d.warnings)
    assert not any(f.type == "attribute_distortion" for f in d.findings)


def test_without_a_gold_table_the_context_decides_where_the_stray_cell_is() -> None:
    ctx = "Ann had 2 assists in 34 minutes and scored 22 points. Bo scored 32 points in 26 minutes."
    d = detect(PRED, None, context=ctx, config=Config(matcher="lexical", headers="lenient"))
    assert d.reference == "context"
    assert any("'Minutes'" in w and "context states" in w for w in d.warnings)
    assert not [f for f in d.findings if f.type in ("attribute_distortion", "blank_filling")]

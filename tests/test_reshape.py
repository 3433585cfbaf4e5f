"""Tables written in another shape than a row per entity: transposed (entities as columns) and
one entity's record as one wide row, read back with and without a gold table."""

from __future__ import annotations

from tablehallu import Config, detect
from tablehallu.detectors.stages.reshape import named_in, one_row_record, transposed_by_names
from tablehallu.parsers import parse_response
from tablehallu.parsers.table import ParsedTable

GAME = (
    "The Atlanta Hawks (46 - 12) beat the Orlando Magic (19 - 41) 95 - 88 on Friday. "
    "Al Horford had 17 points and 13 rebounds for the Hawks. Nikola Vucevic led the Magic "
    "with 21 points and 15 rebounds."
)
TRANSPOSED = """| Statistic | Hawks | Magic |
|---|---|---|
| Games won | 46 | 19 |
| Games lost | 12 | 41 |
| Score | 95 | 80 |"""
GOLD = """| Team | Wins | Losses | Points |
|---|---|---|---|
| Hawks | 46 | 12 | 95 |
| Magic | 19 | 41 | 88 |"""
BIO = (
    "Charles John Barnett (12 March 1790 - 4 August 1856) was a British army officer and "
    "diplomat. He fought at the battle of Waterloo with the 3rd Regiment of Foot. He died at "
    "Englefield Green, Surrey."
)
KV_GOLD = """| Field | Value |
|---|---|
| name | Charles John Barnett |
| birth date | 12 March 1790 |
| death date | 4 August 1856 |
| death place | Englefield Green, Surrey |"""

REFERENCELESS = Config(matcher="lexical", headers="lenient", order="declared", reference="context")
LENIENT = Config(matcher="lexical", headers="lenient")


def _flags(diag: object) -> list[tuple[str, int | None, str | None, str | None]]:
    return [
        (f.type, f.pred_row, f.pred_column or f.column, f.predicted)
        for f in diag.findings  # type: ignore[attr-defined]
        if f.type in ("attribute_distortion", "blank_filling", "entity_fabrication")
    ]


def _table(text: str) -> ParsedTable:
    table = parse_response(text)
    assert isinstance(table, ParsedTable)
    return table


def test_names_are_words_capitalised_inside_a_sentence() -> None:
    is_name = named_in("Points were scarce. The Hawks beat Orlando; Wins came late.")
    assert is_name("Hawks") and is_name("Orlando Magic")
    assert not is_name("Points")  # capitalised only as a sentence's first word
    assert not is_name("Wins")  # after a semicolon
    assert not is_name("rebounds")


def test_transposed_table_is_read_with_a_row_per_entity() -> None:
    table = transposed_by_names(_table(TRANSPOSED), named_in(GAME), Config())
    assert table is not None
    assert table.headers == ["Statistic", "Games won", "Games lost", "Score"]
    assert table.rows() == [["Hawks", "46", "12", "95"], ["Magic", "19", "41", "80"]]


def test_referenceless_transposed_table_flags_the_wrong_figure_not_its_attributes() -> None:
    diag = detect(TRANSPOSED, None, context=GAME, config=REFERENCELESS)
    assert _flags(diag) == [("attribute_distortion", 1, "Score", "80")]
    assert any("transposed" in w for w in diag.warnings)


def test_referenceless_transposed_table_is_read_as_written_when_off() -> None:
    off = Config(
        matcher="lexical",
        headers="lenient",
        order="declared",
        reference="context",
        reshape_tables=False,
    )
    diag = detect(TRANSPOSED, None, context=GAME, config=off)
    assert any(f[0] == "entity_fabrication" for f in _flags(diag))


def test_gold_mode_reads_back_a_transposed_table_whose_labels_do_not_name_gold_headers() -> None:
    diag = detect(TRANSPOSED, GOLD, context=GAME, config=LENIENT)
    assert any(f.type == "format_error" and f.subtype == "transposed" for f in diag.findings)
    assert not any(f.type == "entity_fabrication" for f in diag.findings)
    assert ("attribute_distortion", 1, "Score", "80") in _flags(diag)


def test_a_table_of_named_rows_is_not_transposed() -> None:
    players = """| Player | Points | Rebounds |
|---|---|---|
| Al Horford | 17 | 13 |
| Nikola Vucevic | 21 | 15 |"""
    assert transposed_by_names(_table(players), named_in(GAME), Config()) is None
    # rows of invented players do not make their headers entities either
    invented = players.replace("Al Horford", "Joe Smith").replace("Nikola Vucevic", "Bo Diaz")
    assert transposed_by_names(_table(invented), named_in(GAME), Config()) is None


def test_one_row_record_is_a_field_list() -> None:
    wide = (
        "| birth date | name | death place |\n|---|---|---|\n"
        "| 12 March 1790 | C. J. Barnett | Surrey |"
    )
    record = one_row_record(_table(wide), Config())
    assert record is not None
    assert record.headers == ["Field", "Value"]
    assert record.rows()[1] == ["name", "C. J. Barnett"]
    two_rows = wide + "\n| 1 May 1800 | X | Y |"
    assert one_row_record(_table(two_rows), Config()) is None


WIDE = """| birth date | name | death date | death place | occupation |
|---|---|---|---|---|
| 12 March 1790 | Charles John Barnett | 4 August 1856 | Englefield Green, Surrey | painter |"""


def test_gold_mode_compares_one_wide_row_with_a_field_value_gold() -> None:
    diag = detect(WIDE, KV_GOLD, context=BIO, config=LENIENT)
    assert any(f.type == "format_error" and f.subtype == "one_row" for f in diag.findings)
    assert not any(f.type in ("entity_fabrication", "omission") for f in diag.findings)
    assert [f[3] for f in _flags(diag)] == ["painter"]  # the text says officer and diplomat


def test_referenceless_one_row_keyed_by_a_date_is_the_subjects_record() -> None:
    diag = detect(WIDE, None, context=BIO, config=REFERENCELESS)
    assert [f[3] for f in _flags(diag)] == ["painter"]
    assert any("one wide row" in w for w in diag.warnings)


def test_referenceless_one_row_naming_the_subject_is_its_record() -> None:
    wide = """| birth name | name | birth place | team |
|---|---|---|---|
| richard wheeler maynard | richard "dick" wheeler | keene, new hampshire | boston braves |"""
    ctx = (
        'richard "dick" wheeler (january 14, 1898 in keene, new hampshire -- february 12, 1962) '
        "was an outfielder who played for the st. louis cardinals in 1918. he was born richard "
        "wheeler maynard."
    )
    diag = detect(wide, None, context=ctx, config=REFERENCELESS)
    assert [f[3] for f in _flags(diag)] == ["boston braves"]


def test_a_one_row_table_of_one_entity_among_others_keeps_its_key() -> None:
    one = "| Team | Wins | Losses |\n|---|---|---|\n| Magic | 19 | 41 |"
    diag = detect(one, None, context=GAME, config=REFERENCELESS)
    assert not any("one wide row" in w for w in diag.warnings)
    assert _flags(diag) == []
    wrong = detect(one.replace("| 19 |", "| 46 |"), None, context=GAME, config=REFERENCELESS)
    assert [f[3] for f in _flags(wrong)] == ["46"]  # the Hawks' wins, not the Magic's


def test_rows_named_only_at_sentence_starts_keep_a_table_upright() -> None:
    ctx = (
        "Malaysia levies a Corporate Tax Rate of 24 percent under its Tax Authority, the Inland "
        "Revenue Board. Indonesia sets the Corporate Tax Rate at 22 percent."
    )
    table = (
        "| Country | Corporate Tax Rate (%) | Tax Authority |\n|---|---|---|\n"
        "| Malaysia | 24 | Inland Revenue Board |\n| indonesia | 22 | |"
    )
    parsed = _table(table)
    assert transposed_by_names(parsed, named_in(ctx), Config()) is not None  # the strict test
    loose = named_in(ctx, anywhere=True)
    assert transposed_by_names(parsed, named_in(ctx), Config(), may_name=loose) is None
    diag = detect(table, None, context=ctx, config=REFERENCELESS)
    assert not any("transposed" in w for w in diag.warnings)


def test_a_one_row_table_keyed_by_a_rank_keeps_its_players_row() -> None:
    ctx = "The Hawks beat Orlando 95 - 88. Nikola Vucevic led the Magic with 21 points."
    table = "| Rank | Player | Points |\n|---|---|---|\n| 1 | Nikola Vucevic | 17 |"
    diag = detect(table, None, context=ctx, config=REFERENCELESS)
    assert not any("one wide row" in w for w in diag.warnings)
    assert ("attribute_distortion", 0, "Points", "17") in _flags(diag)


def test_a_name_opens_the_context_only_as_whole_words() -> None:
    from tablehallu.detectors.stages.reshape import subjects_record

    ctx = "richard wheeler (january 14, 1898 -- february 12, 1962) was an outfielder."
    row = "| birth name | name | team |\n|---|---|---|\n| maynard | {} | cardinals |"
    assert subjects_record(_table(row.format("richard wheeler")), ctx, Config())
    assert not subjects_record(_table(row.format("rich")), ctx, Config())


def test_a_transposed_reading_is_refused_beyond_the_column_limit() -> None:
    config = Config(max_columns=4)
    rows = "".join(f"| Stat {i} | {i} | {i + 1} |\n" for i in range(5))
    table = _table("| Statistic | Hawks | Magic |\n|---|---|---|\n" + rows)
    assert transposed_by_names(table, named_in(GAME), config) is None
    assert transposed_by_names(table, named_in(GAME), Config()) is not None

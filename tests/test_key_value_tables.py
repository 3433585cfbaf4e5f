"""Key/value tables (issue 9): a two-column ``Field | Value`` table (an infobox) holds attribute
claims of one entity, the subject of the context. A field the gold lacks is grounded like any
cell (stated -> ``extra_attribute`` info, unstated -> ``blank_filling``), never an invented
entity; fields are matched to the gold's fields by name."""

from __future__ import annotations

import pytest

from tablehallu import Config, detect
from tablehallu.detectors.diagnosis import (
    ATTRIBUTE_DISTORTION,
    BLANK_FILLING,
    ENTITY_FABRICATION,
    EXTRA_ATTRIBUTE,
    OMISSION,
    OUT_OF_RANGE,
    Diagnosis,
    Finding,
)

LEX = Config(matcher="lexical")
BIO = (
    "john albert smith (born september 24, 1981) is an american jazz pianist. "
    "he was born in new orleans, louisiana. he is a member of the democratic party."
)
GOLD = [
    ("name", "John Albert Smith"),
    ("birth_date", "24 September 1981"),
    ("occupation", "jazz pianist"),
]


def kv(rows: list[tuple[str, str]], headers: tuple[str, str] = ("Field", "Value")) -> str:
    lines = [f"| {headers[0]} | {headers[1]} |", "|---|---|"]
    lines += [f"| {k} | {v} |" for k, v in rows]
    return "\n".join(lines)


def run(extra: list[tuple[str, str]], context: str | None = BIO) -> Diagnosis:
    pred = [
        ("Name", "John Albert Smith"),
        ("Birth date", "September 24, 1981"),
        ("Occupation", "Jazz pianist"),
        *extra,
    ]
    return detect(kv(pred), kv(GOLD), context=context, config=LEX)


def of(d: Diagnosis, kind: str) -> list[Finding]:
    return [f for f in d.findings if f.type == kind]


@pytest.mark.parametrize(
    ("field", "value"),
    [("Birth place", "New Orleans, Louisiana"), ("Political party", "Democratic")],
)
def test_a_stated_field_the_gold_lacks_is_an_extra_attribute(field: str, value: str) -> None:
    d = run([(field, value)])
    assert d.hallucinations == frozenset() and not d.flags["total"]
    (f,) = of(d, EXTRA_ATTRIBUTE)
    assert f.pred_row == 3 and f.predicted == field


def test_an_unstated_field_the_gold_lacks_is_blank_filling() -> None:
    d = run([("Religion", "Catholic")])
    assert d.hallucinations == {BLANK_FILLING}
    (f,) = of(d, BLANK_FILLING)
    assert (f.pred_row, f.predicted) == (3, "Catholic")


def test_an_extra_field_is_never_an_invented_entity() -> None:
    d = run([("Religion", "Catholic"), ("Spouse", "Jane Doe"), ("Political party", "Democratic")])
    assert ENTITY_FABRICATION not in d.hallucinations
    assert OUT_OF_RANGE not in d.hallucinations


def test_without_a_context_an_extra_field_is_blank_filling_not_a_fabrication() -> None:
    d = run([("Religion", "Catholic")], context=None)
    assert d.hallucinations == {BLANK_FILLING}


def test_fields_are_matched_to_the_gold_fields_whatever_their_spelling() -> None:
    # "Birth date" / "birth_date", "Occupation" / "occupation": no omission, no extra field
    d = run([])
    assert d.findings == [], [str(f) for f in d.findings]


@pytest.mark.parametrize("gold_field", ["party", "political_party"])
def test_a_longer_field_name_matches_the_gold_field(gold_field: str) -> None:
    gold = [("name", "John Albert Smith"), (gold_field, "Democratic")]
    pred = [("Name", "John Albert Smith"), ("Political party", "Democratic")]
    d = detect(kv(pred), kv(gold), context=BIO, config=LEX)
    assert d.findings == [], [str(f) for f in d.findings]


def test_born_matches_the_gold_birth_date_field() -> None:
    gold = [("name", "John Albert Smith"), ("birth_date", "24 September 1981")]
    pred = [("Name", "John Albert Smith"), ("Born", "September 24, 1981")]
    d = detect(kv(pred), kv(gold), context=BIO, config=LEX)
    assert not of(d, OMISSION) and not of(d, EXTRA_ATTRIBUTE)


def test_a_wrong_value_of_a_matched_field_is_still_caught() -> None:
    gold = [("name", "John Albert Smith"), ("occupation", "jazz pianist")]
    pred = [("Name", "John Albert Smith"), ("Occupation", "Opera singer")]
    d = detect(kv(pred), kv(gold), context=BIO, config=LEX)
    assert d.hallucinations == {ATTRIBUTE_DISTORTION}
    (f,) = d.findings
    assert (f.subtype, f.predicted, f.expected) == ("wrong_value", "Opera singer", "jazz pianist")


@pytest.mark.parametrize(
    "headers", [("Attribute", "Value"), ("key", "value"), ("Field", "Details")]
)
def test_other_key_value_headers_are_read_the_same_way(headers: tuple[str, str]) -> None:
    gold = [("name", "John Albert Smith"), ("occupation", "jazz pianist")]
    pred = [("Name", "John Albert Smith"), ("Occupation", "Jazz pianist"), ("Religion", "Catholic")]
    d = detect(kv(pred, headers), kv(gold, headers), context=BIO, config=LEX)
    assert d.hallucinations == {BLANK_FILLING}
    (f,) = of(d, BLANK_FILLING)
    assert f.predicted == "Catholic"


def test_a_key_value_number_needs_its_field_where_the_text_gives_it() -> None:
    from tablehallu.detectors.grounding.claims import STATED, Grounder
    from tablehallu.normalize import type_cell

    ctx = "Bayne posted a 31-32 record and a 4.84 earned run average. He wore number 3 for Boston."
    g = Grounder(ctx, ("Bayne",), Config(), subject=0)
    assert g.check(0, "era", type_cell("4.84")).status == STATED  # initialism spelt out
    assert g.check(0, "career ERA (mlb)", type_cell("4.84")).status == STATED  # among others
    assert g.check(0, "career WHIP (mlb)", type_cell("4.84")).status != STATED
    ship = "His patrols amounted to 128,353 tons of enemy shipping. He served 12 patrols."
    sank = Grounder(ship, ("Wanklyn",), Config(), subject=0)
    assert sank.check(0, "total tonnage sunk", type_cell("128,353 tons")).status == STATED
    assert sank.check(0, "total tonnage sunk", type_cell("12")).status != STATED
    assert g.check(0, "draft round", type_cell("3")).status != STATED  # a 3, but no round
    assert g.check(0, "weight", type_cell("185 lbs")).status != STATED
    assert (
        Grounder("a 185-pound receiver", ("x",), Config(), subject=0)
        .check(0, "weight", type_cell("185 lbs"))
        .status
        == STATED
    )


def test_a_date_in_words_run_together_is_still_stated() -> None:
    from tablehallu.detectors.grounding.claims import STATED, Grounder
    from tablehallu.normalize import type_cell

    ctx = "henry burnham (november 8, 1844february 8, 1917) was a senator."
    g = Grounder(ctx, ("henry burnham",), Config(), subject=0)
    assert g.check(0, "birth date", type_cell("november 8, 1844")).status == STATED
    assert g.check(0, "birth date", type_cell("november 8, 1845")).status != STATED


@pytest.mark.parametrize(
    ("field", "ctx"),
    [
        ("draw", "new zealand won five, drew 3 and lost six."),
        ("walks", "he issued 32 bases on balls."),
    ],
)
def test_sports_fields_read_their_usual_words(field: str, ctx: str) -> None:
    from tablehallu.detectors.grounding.claims import STATED, Grounder
    from tablehallu.normalize import type_cell

    value = "3" if field == "draw" else "32"
    g = Grounder(ctx, ("x",), Config(), subject=0)
    assert g.check(0, field, type_cell(value)).status == STATED


def test_an_extra_field_the_text_speaks_of_in_a_form_not_read_gets_no_verdict() -> None:
    ctx = (
        BIO + " in 2003 he joined the river band, and in his second season he won the band's "
        "songwriter award with 12 songs."
    )
    # the award's year is given as "his second season" (2004): no verdict, a warning
    d = run([("Songwriter award", "2004")], context=ctx)
    assert d.hallucinations == frozenset() and not of(d, BLANK_FILLING)
    assert any("'Songwriter award'" in w and "could not be checked" in w for w in d.warnings)
    # a field the text never speaks of is still a blank filling; and without the switch too
    assert of(run([("Grammy awards", "2")], context=ctx), BLANK_FILLING)
    off = detect(
        kv([*GOLD, ("Songwriter award", "2004")]),
        kv(GOLD),
        context=ctx,
        config=Config(matcher="lexical", grounding_abstain=False),
    )
    assert [f.predicted for f in of(off, BLANK_FILLING)] == ["2004"]


def test_a_date_the_text_gives_relative_to_another_gets_no_verdict() -> None:
    ctx = (
        BIO + " he played his first concert on may 2, 2001. his first award came three days "
        "later, at the river festival."
    )
    d = run([("First award date", "May 5, 2001")], context=ctx)
    assert not of(d, BLANK_FILLING)
    assert any("'First award date'" in w and "could not be checked" in w for w in d.warnings)
    # a date of a field the text never dates relatively is still checked
    (f,) = of(run([("First tour date", "May 5, 2001")], context=ctx), BLANK_FILLING)
    assert f.predicted == "May 5, 2001"
    # the relative words must count time: "three songs later" dates nothing
    plain = BIO + " his first award came three songs later."
    assert of(run([("First award date", "May 5, 2001")], context=plain), BLANK_FILLING)


def test_a_gold_agreeing_value_the_text_gives_in_another_role_is_flagged() -> None:
    ctx = (
        "ann lowe (1901 -- 1970) was an american painter. she grew up in dover, ohio, and died "
        "in akron."
    )
    gold = [("name", "Ann Lowe"), ("birth_place", "Dover, Ohio"), ("death_place", "Akron")]
    pred = [("Name", "Ann Lowe"), ("Birth place", "Dover, Ohio"), ("Death place", "Akron")]
    d = detect(kv(pred), kv(gold), context=ctx, config=LEX)
    flags = of(d, ATTRIBUTE_DISTORTION)
    assert [(f.predicted, f.subtype) for f in flags] == [("Dover, Ohio", "contradicted")]
    assert flags[0].evidence is not None and "grew up" in flags[0].evidence["sentence"]
    # the text never writes the value: the gold's agreement stands
    unsaid = [("name", "Ann Lowe"), ("birth_place", "Canton, Ohio")]
    d = detect(
        kv([("Name", "Ann Lowe"), ("Birth place", "Canton, Ohio")]),
        kv(unsaid),
        context=ctx,
        config=LEX,
    )
    assert d.hallucinations == frozenset()


def test_a_gold_agreeing_value_written_but_never_in_its_role_is_unstated() -> None:
    ctx = (
        "carl dunn (1935 -- 2008) was an american pitcher. he signed with the boston reds in "
        "1954 and later played for the denver owls."
    )
    gold = [("name", "Carl Dunn"), ("debut_team", "Boston Reds")]
    d = detect(
        kv([("Name", "Carl Dunn"), ("Debut team", "Boston Reds")]),
        kv(gold),
        context=ctx,
        config=LEX,
    )
    flags = of(d, ATTRIBUTE_DISTORTION)
    assert [(f.predicted, f.subtype) for f in flags] == [("Boston Reds", "unstated")]
    said = ctx.replace("later played for", "made his debut for")
    gold = [("name", "Carl Dunn"), ("debut_team", "Denver Owls")]
    d = detect(
        kv([("Name", "Carl Dunn"), ("Debut team", "Denver Owls")]),
        kv(gold),
        context=said,
        config=LEX,
    )
    assert d.hallucinations == frozenset()


def test_a_count_of_events_the_text_tells_one_by_one_gets_no_verdict() -> None:
    ctx = (
        BIO + " in 2005 he was chosen for the jazz all-star band. in 2007 he was again picked "
        "for the all-star band, after missing four full seasons with an injury."
    )
    for reference in ("gold", "context"):
        cfg = Config(matcher="lexical", reference=reference)
        pred = kv([*GOLD, ("All-star appearances", "2")])
        d = detect(pred, kv(GOLD) if reference == "gold" else None, context=ctx, config=cfg)
        # no flag: not unstated, nor contradicted by "four" (seasons missed)
        assert not of(d, BLANK_FILLING) and not of(d, ATTRIBUTE_DISTORTION), reference
        assert any("could not be checked" in w for w in d.warnings), reference
    # a count of events the text never names is still a blank filling
    d = detect(kv([*GOLD, ("Grammy nominations", "2")]), kv(GOLD), context=ctx, config=LEX)
    assert [f.predicted for f in of(d, BLANK_FILLING)] == ["2"]


def test_a_count_at_a_position_is_no_total() -> None:
    ctx = (
        BIO + " in 1913 he played for the river sox. he hit .240 in 80 at-bats, playing 30 "
        "games in the outfield and 4 as a pinch hitter."
    )
    for reference in ("gold", "context"):
        cfg = Config(matcher="lexical", reference=reference)
        gold = kv(GOLD) if reference == "gold" else None
        d = detect(kv([*GOLD, ("Games played", "30")]), gold, context=ctx, config=cfg)
        (f,) = of(d, BLANK_FILLING)
        assert f.predicted == "30", reference
        # a field naming the position is stated by it
        d = detect(kv([*GOLD, ("Games in the outfield", "30")]), gold, context=ctx, config=cfg)
        assert not of(d, BLANK_FILLING) and not of(d, ATTRIBUTE_DISTORTION), reference


def test_an_extra_field_is_read_in_the_value_forms_of_either_mode() -> None:
    ctx = BIO + " he died in 2020 in a plane crash near lyon."
    for reference in ("gold", "context"):
        cfg = Config(matcher="lexical", reference=reference)
        gold = kv(GOLD) if reference == "gold" else None
        # "Lyon, France" where the text names Lyon: the place in its region
        d = detect(kv([*GOLD, ("Death place", "Lyon, France")]), gold, context=ctx, config=cfg)
        assert not of(d, BLANK_FILLING), reference
        d = detect(kv([*GOLD, ("Death place", "Nice, France")]), gold, context=ctx, config=cfg)
        assert [f.predicted for f in of(d, BLANK_FILLING)] == ["Nice, France"], reference

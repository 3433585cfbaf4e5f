"""Reference mode judged by the context (issue 9, ``Config.adjudicate = "context"``): where the
prediction and the gold table disagree, the source text decides, and each finding it decides
carries its evidence. ``adjudicate = "gold"`` and samples without a context keep the paper's
rule (the gold decides)."""

from __future__ import annotations

from typing import Any

import pytest

from tablehallu import Config, detect
from tablehallu.detectors.diagnosis import (
    ATTRIBUTE_DISTORTION,
    BLANK_FILLING,
    ENTITY_FABRICATION,
    EXTRA_ROW,
    GOLD_CONFLICT,
    OMISSION,
    OUT_OF_RANGE,
    PARTIAL_MATCH,
    Diagnosis,
    Finding,
)

LEX = Config(matcher="lexical")
BY_GOLD = LEX.replace(adjudicate="gold")

H = ["Player", "Points", "Rebounds", "Assists"]
CTX = (
    "The Chicago Bulls defeated the Milwaukee Bucks 102 - 91 on Friday. "
    "Jimmy Butler scored 28 points, with eight rebounds and six assists. "
    "Khris Middleton scored 22 points for Milwaukee. "
    "Robin Lopez grabbed 12 rebounds off the bench."
)
BUTLER_SENTENCE = "Jimmy Butler scored 28 points, with eight rebounds and six assists."
GOLD: list[list[Any]] = [["Jimmy Butler", 28, 8, 6], ["Khris Middleton", 22, None, None]]
QUERY = "List the starters of both teams with their points, rebounds and assists."


def md(rows: list[list[Any]], headers: list[str] = H) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join("" if v is None else str(v) for v in r) + " |" for r in rows]
    return "\n".join(lines)


def run(pred: list[list[Any]], gold: list[list[Any]] = GOLD, **kw: Any) -> Diagnosis:
    kw.setdefault("config", LEX)
    kw.setdefault("context", CTX)
    return detect(md(pred), md(gold), **kw)


def only(d: Diagnosis, kind: str) -> Finding:
    found = [f for f in d.findings if f.type == kind]
    assert len(found) == 1, str(d.findings)
    return found[0]


def marked(f: Finding) -> str:
    """The context characters the finding's evidence marks as the value."""
    ev = f.evidence
    assert ev is not None
    return CTX[ev["value_start"] : ev["value_end"]]


# -- gold blank -------------------------------------------------------------------------------

GOLD_BLANK: list[list[Any]] = [["Jimmy Butler", 28, None, 6], ["Khris Middleton", 22, None, None]]


def test_gold_blank_filled_with_a_stated_value_is_a_gold_conflict() -> None:
    d = run(GOLD, gold=GOLD_BLANK)
    assert d.hallucinations == frozenset() and not d.flags["total"]
    f = only(d, GOLD_CONFLICT)
    assert (f.subtype, f.pred_row, f.column, f.predicted) == ("gold_blank", 0, "Rebounds", "8")
    assert f.pred_column == "Rebounds"
    assert f.evidence is not None and f.evidence["sentence"] == BUTLER_SENTENCE
    assert marked(f) == "eight"


def test_gold_blank_filled_with_an_unstated_value_is_blank_filling() -> None:
    d = run([["Jimmy Butler", 28, 8, 6], ["Khris Middleton", 22, 5, None]])
    assert d.hallucinations == {BLANK_FILLING}
    f = only(d, BLANK_FILLING)
    assert (f.pred_row, f.column, f.predicted) == (1, "Rebounds", "5")
    assert not [f for f in d.findings if f.type == GOLD_CONFLICT]


def test_a_gold_blank_filled_with_a_figure_the_text_gives_only_as_a_bound_is_blank_filling() -> (
    None
):
    # "nearly 60 percent" is read (the text's words on the attribute), and states no 60: no
    # abstention on a form not read
    ctx = (
        "The Indiana Pacers lost to the Denver Nuggets 129 - 126. "
        "The Pacers shot nearly 60 percent from the field."
    )
    headers = ["Team", "Points", "Field goal percentage"]
    gold = md([["Pacers", 126, None], ["Nuggets", 129, None]], headers)
    d = detect(
        md([["Pacers", 126, 60], ["Nuggets", 129, None]], headers), gold, context=ctx, config=LEX
    )
    f = only(d, BLANK_FILLING)
    assert (f.pred_row, f.predicted) == (0, "60")
    assert not d.warnings


# -- values differ ----------------------------------------------------------------------------


def test_a_prediction_the_context_states_is_a_gold_conflict_with_evidence() -> None:
    gold = [["Jimmy Butler", 28, 7, 6], ["Khris Middleton", 22, None, None]]
    d = run(GOLD, gold=gold)
    assert d.hallucinations == frozenset()
    f = only(d, GOLD_CONFLICT)
    assert (f.subtype, f.predicted, f.expected) == ("gold_differs", "8", "7")
    assert marked(f) == "eight"


def test_a_prediction_the_context_contradicts_is_a_distortion_with_evidence() -> None:
    d = run([["Jimmy Butler", 30, 8, 6], ["Khris Middleton", 22, None, None]])
    assert d.hallucinations == {ATTRIBUTE_DISTORTION}
    f = only(d, ATTRIBUTE_DISTORTION)
    assert (f.subtype, f.predicted, f.expected, f.matcher) == ("wrong_value", "30", "28", "context")
    assert f.evidence is not None and f.evidence["sentence"] == BUTLER_SENTENCE
    assert marked(f) == "28"


# -- prediction empty -------------------------------------------------------------------------


def test_leaving_out_a_value_the_context_states_is_a_missing_value() -> None:
    d = run([["Jimmy Butler", None, 8, 6], ["Khris Middleton", 22, None, None]])
    assert d.hallucinations == {ATTRIBUTE_DISTORTION}
    f = only(d, ATTRIBUTE_DISTORTION)
    assert (f.subtype, f.column, f.expected) == ("missing_value", "Points", "28")
    assert marked(f) == "28"


def test_leaving_out_a_gold_value_the_context_never_states_is_a_gold_conflict() -> None:
    gold = [["Jimmy Butler", 28, 8, 6], ["Khris Middleton", 22, 4, None]]
    d = run(GOLD, gold=gold)
    assert d.hallucinations == frozenset()
    f = only(d, GOLD_CONFLICT)
    assert (f.subtype, f.pred_row, f.column, f.expected) == ("gold_unstated", 1, "Rebounds", "4")


# -- a value similar to the gold's, which the text writes for something else ------------------

SECTORS = "| Company | Sector | Fine (EUR million) |\n|---|---|---|\n"
SECTOR_GOLD = SECTORS + "| Vestby Salmon | Aquaculture | 0.9 |\n| Norrvik Pulp | Forestry | 1.6 |"
FINES = (
    "Vestby Salmon, an aquaculture business, was fined 0.9 million euros. Norrvik Pulp, a "
    "forestry firm, paid 1.6 million; agriculture was spared."
)


def _sector(value: str) -> str:
    return SECTORS + f"| Vestby Salmon | {value} | 0.9 |\n| Norrvik Pulp | Forestry | 1.6 |"


def test_a_value_only_similar_to_the_gold_the_text_states_is_a_distortion() -> None:
    # "Agriculture" looks like "Aquaculture", but the text gives Vestby aquaculture and writes
    # agriculture of something else: no partial match, a wrong value with the gold's evidence
    d = detect(_sector("Agriculture"), SECTOR_GOLD, context=FINES, config=LEX)
    assert d.hallucinations == {ATTRIBUTE_DISTORTION}
    f = only(d, ATTRIBUTE_DISTORTION)
    assert (f.subtype, f.matcher, f.column) == ("wrong_value", "context", "Sector")
    assert f.evidence is not None
    assert "an aquaculture business" in f.evidence["sentence"]
    assert not [x for x in d.findings if x.type == PARTIAL_MATCH]
    off = LEX.replace(grounding_similar_gold=False)
    d = detect(_sector("Agriculture"), SECTOR_GOLD, context=FINES, config=off)
    assert d.hallucinations == frozenset() and only(d, PARTIAL_MATCH).predicted == "Agriculture"


@pytest.mark.parametrize(
    ("value", "context"),
    [
        # a rewording the text never writes: similarity alone cannot tell it from an error
        ("Agriculture", FINES.replace("; agriculture was spared", "")),
        ("Aquacult", FINES + " Aquacult is its brand."),  # the gold word's start: a short form
    ],
)
def test_a_similar_value_stays_a_partial_match_unless_the_text_writes_it_elsewhere(
    value: str, context: str
) -> None:
    d = detect(_sector(value), SECTOR_GOLD, context=context, config=LEX)
    assert d.hallucinations == frozenset()
    assert only(d, PARTIAL_MATCH).predicted == value


# -- the gold decides: adjudicate="gold", or no context --------------------------------------

GOLD_RULE_CASES = [
    pytest.param(GOLD_BLANK, GOLD, BLANK_FILLING, None, id="gold-blank"),
    pytest.param(
        [["Jimmy Butler", 28, 7, 6], ["Khris Middleton", 22, None, None]],
        GOLD,
        ATTRIBUTE_DISTORTION,
        "wrong_value",
        id="values-differ",
    ),
    pytest.param(
        [["Jimmy Butler", 28, 8, 6], ["Khris Middleton", 22, 4, None]],
        GOLD,
        ATTRIBUTE_DISTORTION,
        "missing_value",
        id="prediction-empty",
    ),
]


@pytest.mark.parametrize("how", ["adjudicate-gold", "no-context"])
@pytest.mark.parametrize(("gold", "pred", "kind", "subtype"), GOLD_RULE_CASES)
def test_the_gold_decides_by_the_papers_rule(
    how: str, gold: list[list[Any]], pred: list[list[Any]], kind: str, subtype: str | None
) -> None:
    kw: dict[str, Any] = (
        {"config": BY_GOLD, "context": CTX} if how == "adjudicate-gold" else {"context": None}
    )
    d = run(pred, gold=gold, **kw)
    assert d.hallucinations == {kind}
    f = only(d, kind)
    assert f.subtype == subtype and f.column == "Rebounds"
    assert f.evidence is None
    assert not [f for f in d.findings if f.type == GOLD_CONFLICT]


# -- rows the gold lacks ----------------------------------------------------------------------

WITH_LOPEZ: list[list[Any]] = [*GOLD, ["Robin Lopez", None, 12, 3]]


def test_an_in_context_row_without_a_query_is_an_extra_row_with_its_cells_grounded() -> None:
    d = run(WITH_LOPEZ)
    extra = only(d, EXTRA_ROW)
    assert extra.pred_row == 2 and EXTRA_ROW not in d.hallucinations
    # 12 rebounds is stated; 3 assists is not
    f = only(d, BLANK_FILLING)
    assert (f.pred_row, f.pred_column, f.predicted, f.subtype) == (2, "Assists", "3", "extra_row")
    assert d.hallucinations == {BLANK_FILLING}


def test_an_extra_row_whose_cells_are_all_stated_is_no_hallucination() -> None:
    d = run([*GOLD, ["Robin Lopez", None, 12, None]])
    assert only(d, EXTRA_ROW).pred_row == 2
    assert d.hallucinations == frozenset() and not d.flags["total"]


def test_an_extra_row_cell_the_context_contradicts_is_a_distortion() -> None:
    d = run([*GOLD, ["Robin Lopez", None, 10, None]])
    f = only(d, ATTRIBUTE_DISTORTION)
    assert (f.pred_row, f.predicted, f.subtype) == (2, "10", "contradicted")
    assert marked(f) == "12"


def test_an_in_context_row_outside_a_query_is_out_of_range() -> None:
    d = run(WITH_LOPEZ, query=QUERY)
    assert only(d, OUT_OF_RANGE).subtype == "in_context"
    assert not [f for f in d.findings if f.type == EXTRA_ROW]


def test_a_row_the_context_never_names_is_still_a_fabrication() -> None:
    d = run([*GOLD, ["Brook Lopez", None, 12, 3]], context=CTX.replace("Robin Lopez", "He"))
    assert ENTITY_FABRICATION in d.hallucinations
    assert not [f for f in d.findings if f.type == EXTRA_ROW]


# -- misspelled keys --------------------------------------------------------------------------

KNICKS = (
    "The New York Knicks beat the Orlando Magic 105 - 99 on Sunday. "
    "Carmelo Anthony scored 30 points for New York. "
    "Mindaugus Kuzminskas added 11 points off the bench."
)
KNICKS_GOLD: list[list[Any]] = [
    ["Carmelo Anthony", 30, None, None],
    ["Mindaugas Kuzminskas", 11, None, None],
]
KNICKS_PRED: list[list[Any]] = [
    ["Carmelo Anthony", 30, None, None],
    ["Mindaugus Kuzminskas", 11, None, None],
]


@pytest.mark.parametrize("query", [None, QUERY])
def test_a_key_misspelled_by_one_letter_matches_its_gold_row(query: str | None) -> None:
    d = run(KNICKS_PRED, gold=KNICKS_GOLD, context=KNICKS, query=query)
    assert d.findings == [], [str(f) for f in d.findings]


def test_two_neighbouring_letters_swapped_are_one_spelling_edit() -> None:
    from tablehallu.detectors.stages.rows import near_spelling
    from tablehallu.normalize import type_cell

    assert near_spelling(type_cell("Dwyane Wade"), type_cell("Dwayne Wade"), 1)
    assert not near_spelling(type_cell("Dwyane Wade"), type_cell("Dwaney Wade"), 1)
    assert not near_spelling(type_cell("Dwyane Wade"), type_cell("Dwayne Wade"), 0)


def test_without_spelling_tolerance_the_misspelled_row_is_unmatched() -> None:
    config = LEX.replace(key_spelling_edits=0)
    d = run(KNICKS_PRED, gold=KNICKS_GOLD, context=KNICKS, config=config)
    assert only(d, OMISSION).gold_row == 1


def test_a_row_key_with_a_bracketed_qualifier_is_about_the_entity_the_text_names() -> None:
    from tablehallu.detectors.grounding.keys import ground_lexically, index_context
    from tablehallu.normalize import type_cell

    ctx = index_context("Anthony Davis scored 30 points against the Kings on Friday.")
    found = ground_lexically([type_cell("Anthony Davis (before the break)")], ctx, Config())
    assert found.grounded is True
    missing = ground_lexically([type_cell("Brandon Ingram (before the break)")], ctx, Config())
    assert missing.grounded is not True


def test_a_row_the_text_names_by_first_name_only_is_an_extra_row_not_a_fabrication() -> None:
    ctx = CTX + " The inside work of Robin and Jimmy Butler carried the team."
    d = run([*GOLD, ["Robin Lopez", None, None, None]], context=ctx.replace("Robin Lopez", "He"))
    assert only(d, EXTRA_ROW).pred_row == 2
    assert ENTITY_FABRICATION not in d.hallucinations


def test_a_qualified_repeat_of_a_row_is_a_row_of_its_own_not_a_duplicate() -> None:
    pred = [*GOLD, ["Jimmy Butler (first half)", 28, None, None]]
    d = run(pred)
    assert not [f for f in d.findings if f.subtype == "duplicate"]
    exact = run([*GOLD, ["Jimmy Butler", 28, None, None]])
    assert [f.pred_row for f in exact.findings if f.subtype == "duplicate"] == [2]


def test_an_ordinal_in_digits_the_text_spells_out_is_read_not_dismissed() -> None:
    ctx = CTX + " The Bulls remain the third seed in the Eastern Conference."
    h = ["Team", "Points", "Seed"]
    pred = md([["Bulls", 102, "3rd"], ["Bucks", 91, "7th"]], h)
    gold = md([["Bulls", 102, None], ["Bucks", 91, None]], h)
    d = detect(pred, gold, context=ctx, config=LEX)
    flagged = {(f.pred_row, f.predicted) for f in d.findings if f.type == BLANK_FILLING}
    assert flagged == {(1, "7th")}


def test_a_yes_or_no_cell_is_no_name_another_name_of_the_text_contradicts() -> None:
    # "No" under "Starting 5" is a truth value, not a name: "Brooklyn" in the sentence naming
    # the player gives no other value for it (referenceless, the context is the only judge)
    table = """| Player | Points | Starting 5 |
|---|---|---|
| Justin Hamilton | 20 | No |
| Jeremy Lin | 14 | Yes |"""
    ctx = (
        "Justin Hamilton's 20 points off the second unit led Brooklyn. "
        "Jeremy Lin supplied 14 points for Brooklyn."
    )
    d = detect(table, None, context=ctx, config=LEX)
    assert d.reference == "context"
    assert not [
        f for f in d.findings if f.type == ATTRIBUTE_DISTORTION and f.pred_column == "Starting 5"
    ]

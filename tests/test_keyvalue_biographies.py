"""Key/value biography tables (infoboxes) read against a lead paragraph, in both modes: the
general causes of wrong verdicts found on the labelled WikiBio tables (p24)."""

from __future__ import annotations

from tablehallu import Config, detect
from tablehallu.detectors.diagnosis import Diagnosis

CTX = Config(matcher="lexical", headers="lenient", order="declared", reference="context")
GOLD = Config(matcher="lexical")
FLAGS = ("attribute_distortion", "blank_filling", "entity_fabrication", "out_of_range")


def kv(rows: list[tuple[str, str]]) -> str:
    return "\n".join(["| Field | Value |", "|---|---|", *(f"| {k} | {v} |" for k, v in rows)])


def flagged(d: Diagnosis, rows: list[tuple[str, str]]) -> set[str]:
    """The fields of the flagged rows."""
    return {rows[f.pred_row][0] for f in d.findings if f.type in FLAGS and f.pred_row is not None}


def both(rows: list[tuple[str, str]], ctx: str) -> list[set[str]]:
    """The fields flagged referenceless, and against a gold table holding only the name."""
    gold = [rows[0]]
    return [
        flagged(detect(kv(rows), None, context=ctx, config=CTX), rows),
        flagged(detect(kv(rows), kv(gold), context=ctx, config=GOLD), rows),
    ]


BOWLER = (
    "arthur pennell (3 march 1915 -- 9 june 1980) was an english cricketer who played in 11 "
    "tests from 1948 to 1952. a leg-spin bowler, pennell made his test debut against india in "
    "1948, taking two wickets. he retired in 1955 and became a groundsman."
)


def test_a_year_the_text_gives_to_another_fields_debut_is_not_this_fields() -> None:
    # "first-class debut: 1948" where the text dates only the Test debut (the table's other
    # field) in 1948: the first-class debut is never stated
    rows = [
        ("name", "arthur pennell"),
        ("test debut", "1948"),
        ("first-class debut", "1948"),
    ]
    for got in both(rows, BOWLER):
        assert "first-class debut" in got
        assert "test debut" not in got


def test_a_debut_of_the_fields_kind_with_the_year_states_it() -> None:
    ctx = BOWLER.replace(
        "he retired", "he had made his first-class debut for kent in 1948. he retired"
    )
    rows = [("name", "arthur pennell"), ("test debut", "1948"), ("first-class debut", "1948")]
    for got in both(rows, ctx):
        assert "first-class debut" not in got
        assert "test debut" not in got


def test_a_debut_field_without_another_kind_in_the_table_is_left_alone() -> None:
    # "cricketing debut": no other debut field says the text's Test debut is another's
    rows = [("name", "arthur pennell"), ("cricketing debut", "1948")]
    for got in both(rows, BOWLER):
        assert "cricketing debut" not in got


def test_a_short_form_of_the_texts_debut_is_the_same_kind() -> None:
    ctx = (
        "dale ormsby (born 4 may 1961) is a former american baseball pitcher. he was drafted in "
        "1982 and made his major league baseball debut in 1985. his college debut came in 1980."
    )
    rows = [
        ("name", "dale ormsby"),
        ("mlb debut", "1985"),
        ("college debut", "1980"),
    ]
    for got in both(rows, ctx):
        assert "mlb debut" not in got


def test_a_debut_of_the_fields_kind_the_text_dates_otherwise_is_left_alone() -> None:
    # "his debut in list a cricket ... in his debut season": the year is the first-class
    # debut's season, which the text names without writing it again
    ctx = (
        "tom groves (born 7 april 1955) is a former english cricketer. groves made his "
        "first-class debut for sussex in the 1974 county championship. he made his debut in "
        "list a cricket for the county in his debut season, against kent."
    )
    rows = [("name", "tom groves"), ("first-class debut", "1974"), ("list a debut", "1974")]
    for got in both(rows, ctx):
        assert "list a debut" not in got

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


HARLOW = (
    "john harlow (born 12 may 1950) is an american actor. he has acted on stage since 1975. "
    "his father, peter harlow, died in 1990. his wife was born in boston. in 1985, his brother "
    "won the tony award. he married mary stone in 1980."
)


def test_a_value_the_text_gives_only_to_a_relative_is_not_the_subjects() -> None:
    # a sentence that opens with a relative ("his father ... died in 1990", "his wife was born
    # in boston") gives the relative's facts, not the subject's
    for field, value in [
        ("death date", "1990"),
        ("birth place", "boston"),
        ("awards", "tony award"),
    ]:
        rows = [("name", "john harlow"), (field, value)]
        for got in both(rows, HARLOW):
            assert field in got, (field, value)


def test_a_relatives_own_field_and_the_subjects_facts_stay_stated() -> None:
    ctx = HARLOW + " his wife died in 2001, and he was born again in boston."
    for field, value in [
        ("father", "peter harlow"),
        ("spouse", "mary stone"),
        ("birth date", "12 may 1950"),
        ("years active", "1975-present"),
    ]:
        rows = [("name", "john harlow"), (field, value)]
        for got in both(rows, HARLOW):
            assert field not in got, (field, value)
    rows = [("name", "john harlow"), ("birth place", "boston")]
    for got in both(rows, ctx):  # the subject "he" of the clause that writes it
        assert "birth place" not in got


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


def test_a_relative_beside_the_subject_or_named_by_the_value_is_no_relatives_clause() -> None:
    ctx = (
        "anna vell (1840 -- 1901) was a russian grand duchess. anna and her husband ivan were "
        "noted for their philanthropy, founding hospitals in kazan. her son and successor, "
        "pavel vell, ruled until 1920. her uncle, the lawyer oleg vell, was also a poet. "
        "the family is buried at smolny cemetery, anna, her husband, and son lie there."
    )
    for field, value in [
        ("philanthropy", "founding hospitals in kazan"),
        ("successor", "pavel vell"),
        ("uncles", "oleg vell"),
        ("occupation", "poet"),
        ("burial place", "smolny cemetery"),
    ]:
        rows = [("name", "anna vell"), (field, value)]
        for got in both(rows, ctx):
            assert field not in got, (field, value)


def test_a_place_the_text_puts_in_another_region_mid_sentence_is_flagged() -> None:
    # "springfield, illinois and died in kiel": the region is the first words after the comma
    ctx = (
        "karl bern (1 march 1901 -- 2 june 1970) was a german footballer. bern was born in "
        "springfield, illinois and died in kiel."
    )
    wrong = [("name", "karl bern"), ("birth place", "springfield, ohio")]
    for got in both(wrong, ctx):
        assert "birth place" in got
    right = [("name", "karl bern"), ("birth place", "springfield, illinois")]
    for got in both(right, ctx):
        assert "birth place" not in got


def test_a_date_the_text_ties_to_another_fields_event_contradicts_no_other_field() -> None:
    # "made his test debut ... in november 2011" names the table's "test debut" in full: it
    # says nothing of the "list a debut", which the text dates only as "a month later"
    ctx = (
        "dan brace (born 28 september 1990) is a new zealand cricketer. on 17 november 2008 he "
        "made his first-class debut for central districts. a month later he made his list a "
        "debut against the same opposition. brace made his test debut against zimbabwe in "
        "november 2011."
    )
    rows = [
        ("name", "dan brace"),
        ("test debut", "november 2011"),
        ("first-class debut", "17 november 2008"),
        ("list a debut", "december 2008"),
    ]
    d = detect(kv(rows), None, context=ctx, config=CTX)
    assert "list a debut" not in flagged(d, rows)


def test_a_zero_the_text_says_as_the_fields_word_with_less_is_stated() -> None:
    # "going winless in two decisions" gives "major league wins: 0"
    ctx = (
        "jim tolle (born 1938) is a former american baseball pitcher. in his only major league "
        "season he pitched in 12 games, going winless in two decisions."
    )
    right = [("name", "jim tolle"), ("major league games", "12"), ("major league wins", "0")]
    for got in both(right, ctx):
        assert "major league wins" not in got
    wrong = [("name", "jim tolle"), ("major league games", "12"), ("major league saves", "0")]
    for got in both(wrong, ctx):
        assert "major league saves" in got
    # "homeless" says nothing of "home runs": the counted noun is the field's last word
    homeless = ctx.replace("going winless", "though homeless as a boy, going 1 - 1")
    runs = [("name", "jim tolle"), ("major league games", "12"), ("home runs", "0")]
    for got in both(runs, homeless):
        assert "home runs" in got

"""Key/value tables (infoboxes) of entities other than people: a film, a city, a building, a
mountain, read against a Wikipedia-style lead paragraph, in both modes (p22)."""

from __future__ import annotations

import pytest

from tablehallu import Config, detect
from tablehallu.detectors.diagnosis import Diagnosis

CTX = Config(matcher="lexical", headers="lenient", order="declared", reference="context")
GOLD = Config(matcher="lexical")
FLAGS = ("attribute_distortion", "blank_filling", "entity_fabrication", "out_of_range")

FILM = (
    "Nightfall Harbor is a 2014 American neo-noir crime film directed by Laura Brennan. It was "
    "released in the United States on October 17, 2014, by Meridian Pictures. It has a running "
    "time of 128 minutes. Made on a budget of $22 million, the film grossed $87.4 million."
)
CITY = (
    "Valdemora is a city in northern Spain. It lies on the Duero River at an elevation of 742 "
    "metres. According to the 2021 census, the city had a population of 184,562. The "
    "municipality covers an area of 118.6 km2."
)
TOWER = (
    "The Meridian Tower is a 74-storey skyscraper in Melbourne, Australia. Designed by the "
    "architect Fender Katsalidis, it rises to a height of 297 metres and was the tallest "
    "building in the city until 2020. It was opened on 31 October 2006."
)
PEAK = (
    "Mount Kessler is a mountain in the Coast Mountains of British Columbia, Canada. With an "
    "elevation of 3,412 metres (11,194 ft), it is the highest peak of the Pemberton Icefield. "
    "The first ascent was made in 1931."
)


def kv(rows: list[tuple[str, str]]) -> str:
    return "\n".join(["| Field | Value |", "|---|---|", *(f"| {k} | {v} |" for k, v in rows)])


def flagged(d: Diagnosis) -> set[int]:
    return {f.pred_row for f in d.findings if f.type in FLAGS and f.pred_row is not None}


def both(rows: list[tuple[str, str]], gold: list[tuple[str, str]], ctx: str) -> list[set[int]]:
    return [
        flagged(detect(kv(rows), None, context=ctx, config=CTX)),
        flagged(detect(kv(rows), kv(gold), context=ctx, config=GOLD)),
    ]


@pytest.mark.parametrize(
    ("ctx", "field", "right", "wrong"),
    [
        (FILM, "Running time", "128 min", "132 minutes"),
        (TOWER, "Height", "297 m", "279 m"),
        (PEAK, "Elevation", "3,412 m", "3,214 m"),
        (CITY, "Area", "118.6 km²", "186.1 km²"),
    ],
)
def test_a_figure_the_text_names_by_of_contradicts_another(
    ctx: str, field: str, right: str, wrong: str
) -> None:
    # "a running time of 128 minutes", "rises to a height of 297 metres": the field's figure,
    # read (not a form unread to abstain on), whatever other name the sentence holds after it
    name = ctx.split(" is a")[0]
    assert both([("Name", name), (field, right)], [("Name", name), (field, right)], ctx) == [
        set(),
        set(),
    ]
    assert both([("Name", name), (field, wrong)], [("Name", name), (field, right)], ctx) == [
        {1},
        {1},
    ]


def test_a_figure_of_another_unit_named_by_of_is_no_contradiction() -> None:
    # "1,288 m" is no reading of "3,412 metres", nor is a figure in feet of a height in metres
    d = detect(kv([("Name", "Mount Kessler"), ("Elevation", "11,194 ft")]), None, PEAK, config=CTX)
    assert not flagged(d)


BATTLE = (
    "The Battle of Korvanes was fought from 14 to 19 August 1712 near the town of Korvanes in "
    "southern Sweden. A Swedish army of about 11,000 men under Count Magnus Stenbock defeated a "
    "Danish force of 14,000 led by Frederick Løvenørn."
)


def test_a_country_row_the_text_names_by_its_people_is_in_the_text() -> None:
    # "a Danish force of 14,000": the row "Denmark" is in the text, and its figure is read
    table = "\n".join(
        [
            "| Side | Commander | Strength |",
            "|---|---|---|",
            "| Sweden | Count Magnus Stenbock | ~11,000 |",
            "| Denmark | Frederick Løvenørn | 14,000 |",
        ]
    )
    d = detect(table, None, context=BATTLE, config=CTX)
    assert not flagged(d)
    wrong = table.replace("14,000", "16,000")
    (f,) = [f for f in detect(wrong, None, context=BATTLE, config=CTX).findings if f.type in FLAGS]
    assert (f.type, f.pred_row, f.predicted) == ("attribute_distortion", 1, "16,000")


SHIP = (
    "HMS Resolute was a Leander-class frigate of the Royal Navy. She was launched on 8 October "
    "1963. The ship was 113.4 metres long and had a full load displacement of 3,200 tonnes."
)


@pytest.mark.parametrize(
    ("ctx", "field", "value", "wrong"),
    [
        (SHIP, "Length", "113.4 m (372 ft)", "113.4 m (472 ft)"),
        (TOWER, "Height", "297 m (974 ft)", "279 m (915 ft)"),
        (PEAK, "Elevation", "3,412 m (11,194 ft)", "3,412 m (12,000 ft)"),
    ],
)
def test_a_figure_with_its_conversion_in_brackets_is_the_figure(
    ctx: str, field: str, value: str, wrong: str
) -> None:
    # "113.4 m (372 ft)": the text's "113.4 metres", converted; a wrong figure or a wrong
    # conversion is still unstated
    name = ctx.split(" is a")[0].split(" was a")[0]
    assert not flagged(detect(kv([("Name", name), (field, value)]), None, ctx, config=CTX))
    assert flagged(detect(kv([("Name", name), (field, wrong)]), None, ctx, config=CTX)) == {1}


def test_a_figure_with_its_conversion_matches_the_gold_figure() -> None:
    # gold mode: "113.4 m (372 ft)" is the gold's "113.4 m", and the other way round
    rows = [("Name", "HMS Resolute"), ("Length", "113.4 m (372 ft)")]
    gold = [("Name", "HMS Resolute"), ("Length", "113.4 m")]
    assert not flagged(detect(kv(rows), kv(gold), context=SHIP, config=GOLD))
    assert not flagged(detect(kv(gold), kv(rows), context=SHIP, config=GOLD))
    wrong = [("Name", "HMS Resolute"), ("Length", "131.4 m (431 ft)")]
    assert flagged(detect(kv(wrong), kv(gold), context=SHIP, config=GOLD)) == {1}


@pytest.mark.parametrize("mark", ["[1]", "[a]", " [note 2]", "[2][3]", " †", "‡"])
def test_a_footnote_mark_after_a_value_is_no_part_of_it(mark: str) -> None:
    # "128 min[1]", "12 †": marks a model copies from its source; the value is read without them
    rows = [
        ("Title", "Nightfall Harbor"),
        ("Release date", "October 17, 2014"),
        ("Running time", "128 min"),
        ("Budget", "$22 million"),
    ]
    marked = [(k, v + mark) for k, v in rows]
    assert both(marked, rows, FILM) == [set(), set()]
    wrong = [*marked[:2], ("Running time", "132 min" + mark), marked[3]]
    assert both(wrong, rows, FILM) == [{2}, {2}]


def test_a_footnote_mark_alone_is_kept() -> None:
    from tablehallu.normalize import type_cell
    from tablehallu.normalize.cell import drop_footnote_marks

    assert drop_footnote_marks("[1]") == "[1]" and drop_footnote_marks("†") == "†"
    assert drop_footnote_marks("Array[x1]") == "Array[x1]"  # no mark's content
    assert type_cell("1,200[1]").number is not None and type_cell("1,200[1]").raw == "1,200"


@pytest.mark.xfail(
    strict=True,
    reason="a name the text gives the entity in another role (the film's writer as its "
    "director, the tower's developer as its architect) is read as stated: the field's role is "
    "not matched to the role word before the name for fields of things (not people); needs "
    "role words per infobox field",
)
def test_a_name_in_another_role_of_the_entity_is_flagged() -> None:
    ctx = FILM.replace(
        "directed by Laura Brennan.", "directed by Laura Brennan and written by Tom Okafor."
    )
    rows = [("Title", "Nightfall Harbor"), ("Director", "Tom Okafor")]
    gold = [("Title", "Nightfall Harbor"), ("Director", "Laura Brennan")]
    assert both(rows, gold, ctx) == [{1}, {1}]


@pytest.mark.xfail(
    strict=True,
    reason="a range written '10-11 cm' is not read as the text's '10 to 11 centimetres long' "
    "(a range of figures with a unit word after its second figure); needs a range form of cells",
)
def test_a_range_with_a_unit_is_the_texts_range() -> None:
    ctx = (
        "The amber-crested warbler (Phylloscopus ambrus) is a species of leaf warbler. It is a "
        "small bird, 10 to 11 centimetres long and weighing 6 to 8 grams."
    )
    rows = [("Common name", "Amber-crested warbler"), ("Length", "10-11 cm"), ("Weight", "6–8 g")]
    assert not flagged(detect(kv(rows), None, context=ctx, config=CTX))


@pytest.mark.xfail(
    strict=True,
    reason="a date the text gives the entity for another event ('laid down on 12 March 1962' "
    "as the launch date) is read as stated for any date field; needs the date's event words "
    "matched to the field in key/value tables of things",
)
def test_a_date_of_another_event_of_the_entity_is_flagged() -> None:
    ctx = (
        "HMS Resolute was a Leander-class frigate of the Royal Navy. She was laid down on 12 "
        "March 1962 and launched on 8 October 1963."
    )
    rows = [("Name", "HMS Resolute"), ("Launched", "12 March 1962")]
    gold = [("Name", "HMS Resolute"), ("Launched", "8 October 1963")]
    assert both(rows, gold, ctx) == [{1}, {1}]


@pytest.mark.parametrize(
    ("headers", "extra"),
    [
        (("#", "Field", "Value"), "numbers"),
        (("Attribute", "Value", "Source"), "text"),
        (("Field", "Value", "Notes"), "text"),
    ],
)
def test_a_key_value_table_with_row_numbers_or_notes_is_read_as_one(
    headers: tuple[str, str, str], extra: str
) -> None:
    # "# | Field | Value", "Attribute | Value | Source": the numbers and notes are set aside
    rows = [
        ("Title", "Nightfall Harbor"),
        ("Director", "Laura Brennan"),
        ("Running time", "128 minutes"),
        ("Budget", "$22 million"),
    ]

    def table(body: list[tuple[str, str]]) -> str:
        lines = ["| " + " | ".join(headers) + " |", "|---|---|---|"]
        for i, (k, v) in enumerate(body, start=1):
            aside = str(i) if extra == "numbers" else "stated in the lead"
            cells = [aside, k, v] if extra == "numbers" else [k, v, aside]
            lines.append("| " + " | ".join(cells) + " |")
        return "\n".join(lines)

    for gold in (None, kv(rows)):
        config = CTX if gold is None else GOLD
        d = detect(table(rows), gold, context=FILM, config=config)
        assert not flagged(d) and any("set aside" in w for w in d.warnings)
        wrong = [*rows[:2], ("Running time", "138 minutes"), ("Budget", "$25 million")]
        assert flagged(detect(table(wrong), gold, context=FILM, config=config)) == {2, 3}


def test_a_first_column_that_does_not_number_the_rows_is_kept() -> None:
    # a rank or a code under "No." that is not 1, 2, 3 ... is a claim: no key/value table
    from tablehallu.detectors.stages.keys import key_value_core
    from tablehallu.parsers import parse_response

    table = parse_response("| No. | Field | Value |\n|---|---|---|\n| 7 | a | b |\n| 3 | c | d |")
    assert not isinstance(table, Exception) and key_value_core(table, GOLD) is None


COMPANY = (
    "Brightwell Systems is an American software company headquartered in Austin, Texas. For "
    "fiscal year 2023, Brightwell reported revenue of US$1.9 billion and a net income of US$214 "
    "million."
)


def test_a_figure_with_its_year_in_brackets_is_contradicted_by_the_texts_figure() -> None:
    # "US$2.9 billion (2023)" where the text gives "revenue of US$1.9 billion": both modes
    rows = [("Company", "Brightwell Systems"), ("Revenue", "US$1.9 billion (2023)")]
    assert both(rows, rows, COMPANY) == [set(), set()]
    wrong = [("Company", "Brightwell Systems"), ("Revenue", "US$2.9 billion (2023)")]
    assert both(wrong, rows, COMPANY) == [{1}, {1}]


@pytest.mark.parametrize(
    ("ctx", "field", "right", "wrong"),
    [
        (CITY, "Population", "184,562 (2021 census)", "184,562 (2011 census)"),
        (COMPANY, "Net income", "US$214 million (FY2023)", "US$214 million (2021)"),
    ],
)
def test_a_figures_year_is_the_one_year_of_its_sentence(
    ctx: str, field: str, right: str, wrong: str
) -> None:
    # "According to the 2021 census, the city had a population of 184,562": not 2011
    name = ctx.split(" is a")[0]
    rows = [("Name", name), (field, right)]
    assert both(rows, rows, ctx) == [set(), set()]
    assert both([("Name", name), (field, wrong)], rows, ctx) == [{1}, {1}]


CHANT = (
    "clarence augustus chant (may 31, 1865 -- november 18, 1956) was a canadian astronomer. he "
    "was born in hagermans corners, ontario. he died in richmond hill."
)


@pytest.mark.parametrize(
    ("born", "flagged"),
    [
        ("may 31, 1865, hagermans corners, ontario", False),
        ("31 May 1865 in Hagermans Corners, Ontario, Canada", False),
        ("may 31, 1865, toronto, ontario", True),  # another place
        ("may 30, 1865, hagermans corners, ontario", True),  # another day
    ],
)
def test_a_born_field_holds_a_date_and_a_place_each_checked(born: str, flagged: bool) -> None:
    table = (
        "| Field | Value |\n|---|---|\n| name | clarence augustus chant |\n"
        f"| Born | {born} |\n| Died | november 18, 1956 (aged 91), richmond hill |"
    )
    found = [f for f in detect(table, None, context=CHANT, config=CTX).findings if f.type in FLAGS]
    assert [f.pred_row for f in found] == ([1] if flagged else [])


def test_a_life_events_value_is_split_with_the_configs_reading_of_dates() -> None:
    from tablehallu.detectors.grounding.claims import life_parts
    from tablehallu.normalize import type_cell

    parts = life_parts("Born", type_cell("03/05/1865, Paris"), Config(dayfirst=True))
    assert parts is not None
    assert parts[0][0] == "birth date" and parts[1] == ("birth place", type_cell("Paris"))
    assert parts[0][1].date is not None and parts[0][1].date.month == 5
    long_cell = type_cell("12 March 1790, " + "x, " * 5000)
    assert life_parts("Born", long_cell, Config()) is None  # beyond max_typed_chars: unread
    assert life_parts("Birth date", type_cell("may 31, 1865, toronto"), Config()) is None


@pytest.mark.parametrize(
    ("place", "flagged"),
    [
        ("Boston, Massachusetts", False),
        ("Boston, MA", False),  # MA: Massachusetts (or Morocco): never held against the text
        ("Boston, TX", True),  # the text puts Boston in Massachusetts
        ("Toronto, QC", True),
    ],
)
def test_a_place_with_another_region_than_the_texts_is_flagged(place: str, flagged: bool) -> None:
    ctx = "john smith (born may 4, 1950 in boston, massachusetts) lives in toronto, ontario."
    field = "residence" if place.startswith("Toronto") else "birth place"
    table = f"| Field | Value |\n|---|---|\n| name | john smith |\n| {field} | {place} |"
    found = [f for f in detect(table, None, context=ctx, config=CTX).findings if f.type in FLAGS]
    assert [f.pred_row for f in found] == ([1] if flagged else [])

"""Referenceless mode: a table judged against its context and query alone (issue 12)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tablehallu
from tablehallu import Config
from tablehallu.detectors import GoldTableError, NoReferenceError, detect, ground
from tablehallu.detectors.grounding.claims import Grounder
from tablehallu.normalize import type_cell
from tablehallu.scoring import score

LEX = Config(matcher="lexical")
CONTEXT = (
    "The Hawks beat the Bulls 102 - 95 on Friday. Jeff Teague scored 20 points and had seven "
    "assists. Jimmy Butler added 25 points for Chicago."
)
TABLE = """| Player | Points | Assists |
|---|---|---|
| Jeff Teague | 20 | 7 |
| Jimmy Butler | 24 | 3 |
| Kobe Bryant | 30 | 5 |"""


def _types(diag: tablehallu.Diagnosis) -> set[tuple[str, str | None, int | None]]:
    return {(f.type, f.subtype, f.pred_row) for f in diag.findings}


def test_cells_are_claims_the_context_must_state() -> None:
    d = detect(TABLE, None, context=CONTEXT, config=LEX)
    assert d.reference == "context"
    found = _types(d)
    assert ("attribute_distortion", "contradicted", 1) in found  # the text gives 25
    assert ("blank_filling", "unstated", 1) in found  # Butler's assists: never stated
    assert ("entity_fabrication", "not_in_context", 2) in found
    # Teague's row is stated cell by cell: no finding on row 0
    assert not [f for f in d.findings if f.pred_row == 0]
    assert d.to_dict()["reference"] == "context"


def test_contradiction_carries_the_evidence() -> None:
    d = detect(TABLE, None, context=CONTEXT, config=LEX)
    wrong = next(f for f in d.findings if f.type == "attribute_distortion")
    assert wrong.evidence is not None
    assert wrong.evidence["sentence"] == "Jimmy Butler added 25 points for Chicago."
    span = CONTEXT[wrong.evidence["value_start"] : wrong.evidence["value_end"]]
    assert span == "25"


def test_ground_returns_the_cell_map() -> None:
    cells = ground(TABLE, CONTEXT, config=LEX)
    status = {(c.row, c.column): c.status for c in cells}
    assert status[(0, "Player")] == "key"
    assert status[(0, "Points")] == "stated"
    assert status[(0, "Assists")] == "stated"  # "seven assists"
    assert status[(1, "Points")] == "contradicted"
    assert status[(1, "Assists")] == "unstated"
    assert status[(2, "Player")] == "unstated"
    seven = next(c for c in cells if (c.row, c.column) == (0, "Assists"))
    assert seven.evidence is not None
    assert CONTEXT[seven.evidence["value_start"] : seven.evidence["value_end"]] == "seven"
    assert seven.to_dict()["row"] == 1  # numbered from 1 in the JSON form


def test_ground_rejects_an_empty_context_and_a_broken_table() -> None:
    with pytest.raises(ValueError, match="context"):
        ground(TABLE, "  ")
    with pytest.raises(ValueError, match="could not be read"):
        ground("no table here at all", CONTEXT, config=LEX)


def test_a_surname_or_city_names_the_row_entity() -> None:
    table = "| Team | Points |\n|---|---|\n| Pacers | 91 |\n| Clippers | 70 |"
    context = (
        "The Indiana Pacers defeated the Los Angeles Clippers 91 - 70 on Sunday. Indiana "
        "recorded 26 assists. Los Angeles (14 - 4) struggled."
    )
    d = detect(table, None, context=context, config=LEX)
    assert not [f for f in d.findings if f.type == "entity_fabrication"]


def test_number_stated_without_the_header_words() -> None:
    # "travellers" is not "Passengers": the value is the entity's and names no other attribute
    table = (
        "| Airport | Passengers (millions) | Runways |\n|---|---|---|\n| Marrow Point | 9.8 | 1 |"
    )
    context = "Marrow Point, which opened in 1974, saw 9.8 million travellers on 1 runway."
    cells = ground(table, context, config=LEX)
    assert {c.column: c.status for c in cells}["Passengers (millions)"] == "stated"
    # a number whose own noun names another column of the table does not state this one
    table = "| Player | Rebounds | Assists |\n|---|---|---|\n| Jeff Teague | 7 | 7 |"
    cells = ground(table, "Jeff Teague dished out 7 assists.", config=LEX)
    assert {c.column: c.status for c in cells}["Rebounds"] == "unstated"
    assert {c.column: c.status for c in cells}["Assists"] == "stated"
    # "130 people" is the headcount when no other column counts people
    table = "| Startup | Employees |\n|---|---|\n| Fjordbyte | 130 |"
    cells = ground(table, "In Oslo, Fjordbyte employed 130 people.", config=LEX)
    assert {c.column: c.status for c in cells}["Employees"] == "stated"


def test_loose_numbers_can_be_switched_off() -> None:
    table = "| Airport | Passengers (millions) |\n|---|---|\n| Marrow Point | 9.8 |"
    context = "Marrow Point saw 9.8 million travellers."
    strict = LEX.replace(grounding_loose_numbers="never")
    cells = ground(table, context, config=strict)
    assert {c.column: c.status for c in cells}["Passengers (millions)"] != "stated"


def test_identical_rows_are_duplicates_but_a_repeated_name_is_not() -> None:
    table = (
        "| Winner | Year |\n|---|---|\n| Joseph Kiprono | 2017 |\n| Joseph Kiprono | 2019 |\n"
        "| Joseph Kiprono | 2019 |"
    )
    context = "In 2017 Joseph Kiprono won. Kiprono returned in 2019 to win again."
    d = detect(table, None, context=context, config=LEX)
    dups = [f for f in d.findings if f.subtype == "duplicate"]
    assert [f.pred_row for f in dups] == [2]


def test_key_value_table_checks_every_field_of_the_subject() -> None:
    table = (
        "| Field | Value |\n|---|---|\n| Name | Ada Lovelace |\n| Born | 1815 |\n"
        "| Spouse | Lord Byron |"
    )
    context = "Ada Lovelace (born 10 December 1815) was an English mathematician."
    d = detect(table, None, context=context, config=LEX)
    assert not [f for f in d.findings if f.type == "entity_fabrication"]
    status = {c.row: c.status for c in d.cells or [] if c.column == "Value"}
    assert status[1] == "stated"
    assert status[2] == "unstated"


def test_key_value_fields_asserted_with_yes_or_by_an_agent_noun() -> None:
    table = (
        "| Field | Value |\n|---|---|\n| name | joe smith |\n| profession | lawyer |\n"
        "| fai director of coaching | yes |\n| hall of fame | yes |"
    )
    context = (
        "joe smith was a football coach. he studied law. "
        "he was later appointed fai director of coaching."
    )
    d = detect(table, None, context=context, config=LEX)
    status = {c.row: c.status for c in d.cells or [] if c.column == "Value"}
    assert status[1] == "stated"  # "studied law"
    assert status[2] == "stated"
    assert status[3] == "unstated"


def test_order_is_read_from_the_query_only() -> None:
    table = "| Player | Points |\n|---|---|\n| Jeff Teague | 20 |\n| Jimmy Butler | 25 |"
    d = detect(table, None, context=CONTEXT, config=LEX)
    assert d.sort_rule is None  # no gold row order to compare with
    query = "Make a table of players and points, sorted by Points in descending order."
    d = detect(table, None, context=CONTEXT, query=query, config=LEX)
    assert d.sort_rule is not None and d.sort_rule["source"] == "query"
    assert [f.pred_row for f in d.findings if f.type == "order_mismatch"] == [1]


def test_reference_modes_and_their_errors() -> None:
    gold = {"Player": ["Jeff Teague"], "Points": ["20"]}
    table = "| Player | Points |\n|---|---|\n| Jeff Teague | 21 |"
    assert detect(table, gold, context=CONTEXT, config=LEX).reference == "gold"
    forced = detect(table, gold, context=CONTEXT, config=LEX.replace(reference="context"))
    assert forced.reference == "context"
    with pytest.raises(NoReferenceError, match="no gold table and no context"):
        detect(table, None, config=LEX)
    with pytest.raises(GoldTableError, match="reference = gold"):
        detect(table, None, context=CONTEXT, config=LEX.replace(reference="gold"))
    with pytest.raises(tablehallu.ConfigError):
        Config(reference="both")


def test_severity_without_gold() -> None:
    table = "| Player | Points |\n|---|---|\n| Jeff Teague | 20 |"
    assert detect(table, None, context=CONTEXT, config=LEX).severity == 0.0
    invented = "| Player | Points |\n|---|---|\n| Kobe Bryant | 81 |"
    assert detect(invented, None, context=CONTEXT, config=LEX).severity == 1.0
    worse = "| Player | Points |\n|---|---|\n| Jeff Teague | 20 |\n| Kobe Bryant | 81 |"
    one_bad = detect(worse, None, context=CONTEXT, config=LEX).severity
    assert one_bad is not None and 0.0 < one_bad < 1.0


def _write(path: Path, records: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_score_keeps_the_modes_apart(tmp_path: Path) -> None:
    records = [
        {"id": "a", "response": TABLE, "context": CONTEXT, "model": "m"},
        {
            "id": "b",
            "response": TABLE,
            "context": CONTEXT,
            "gt_table": {"Player": ["Jeff Teague"], "Points": ["20"], "Assists": ["7"]},
            "model": "m",
        },
        {"id": "c", "response": TABLE, "model": "m"},  # neither gold nor context
    ]
    report = score(_write(tmp_path / "p.jsonl", records), config=LEX, bootstrap=0, by=["model"])
    assert report.overall.references == {"context": 1, "gold": 1}
    assert [e.kind for e in report.errors] == ["missing_gold"]
    assert "context" in report.errors[0].message
    groups = {tuple(sorted(g.group.items())): g for g in report.groups}
    assert set(groups) == {
        (("model", "m"), ("reference", "context")),
        (("model", "m"), ("reference", "gold")),
    }
    assert any("mix the two modes" in m for m in report.warnings["messages"])


def test_score_without_gold_is_one_mode(tmp_path: Path) -> None:
    records = [{"id": i, "response": TABLE, "context": CONTEXT} for i in range(3)]
    report = score(_write(tmp_path / "p.jsonl", records), config=LEX, bootstrap=0)
    assert report.overall.references == {"context": 3}
    assert report.groups == []
    assert report.overall.counts["entity_fabrication"] == 3
    assert report.to_dict()["references"] == {"context": 3}


LAUNCH_CONTEXT = (
    "Veyra launched the Arclight Fold on September 14, 2020. Kinoshi released the Petal Flip Z "
    "on March 2, 2021. Marlowe Tech sold the Zephyr Bend from November 12, 2019."
)


def test_query_scope_and_columns_without_gold() -> None:
    query = (
        "Create a table of foldable phones launched from 2020 to 2023. The table should have the "
        'following columns in this sequence: "Model", "Launch Date".'
    )
    table = (
        "| Model | Launch Date |\n|---|---|\n| Arclight Fold | 2020-09-14 |\n"
        "| Petal Flip Z | 2021-03-02 |\n| Zephyr Bend | 2019-11-12 |"
    )
    d = detect(table, None, context=LAUNCH_CONTEXT, query=query, config=LEX)
    out = [f for f in d.findings if f.type == "out_of_range"]
    assert [(f.pred_row, f.column) for f in out] == [(2, "Launch Date")]
    assert out[0].subtype == "query_range"
    assert any(c["kind"] == "range" for c in d.query_constraints)
    assert not [f for f in d.findings if f.type == "format_error"]
    # the query names the columns: a response with other headers is a format error
    renamed = table.replace("Launch Date", "Released")
    d = detect(renamed, None, context=LAUNCH_CONTEXT, query=query, config=LEX)
    # a missing and an extra column, as with a gold table; strict headers stop there
    assert {f.type for f in d.findings} == {"format_error"}
    assert {f.matcher for f in d.findings} == {"query"}
    assert d.cells is None


def test_undecidable_scope_is_a_warning_not_a_guess() -> None:
    query = "List the most influential foldable phones."
    table = "| Model | Launch Date |\n|---|---|\n| Zephyr Bend | 2019-11-12 |"
    d = detect(
        table,
        None,
        context=LAUNCH_CONTEXT,
        query=query,
        constraints={"entity_scope": ["influential foldable phones"]},
        config=LEX,
    )
    assert not [f for f in d.findings if f.type == "out_of_range"]
    assert any("cannot be decided" in w for w in d.warnings)


def test_a_value_without_words_is_found_whatever_the_spacing() -> None:
    table = (
        "| Field | Value |\n|---|---|\n| name | pau gasol |\n| height | 7'0\" |\n| language | C++ |"
    )
    context = "pau gasol is a 7 '0 \", 245 pound center who writes c ++ at night."
    status = {c.row: c.status for c in ground(table, context, config=LEX) if c.column == "Value"}
    assert status[1] == "stated"
    assert status[2] == "stated"
    other = ground(table.replace("7'0", "6'8"), context, config=LEX)
    assert {c.row: c.status for c in other if c.column == "Value"}[1] == "unstated"


def test_abbreviations_and_acronyms_are_read_as_the_text_spells_them() -> None:
    table = (
        "| Student | Law School | Country |\n|---|---|---|\n| Ana Reyes | Univ. of Tervik | UK |"
    )
    context = "Ana Reyes studied at the University of Tervik in the United Kingdom."
    status = {c.column: c.status for c in ground(table, context, config=LEX)}
    assert status["Law School"] == "stated"
    assert status["Country"] == "stated"
    # in a lowercased text no run of words stands for an acronym ("of spie and" is not "OSA")
    lowered = ground(table.replace("UK", "OSA"), "ana reyes joined the osx of spie and lunch.")
    assert {c.column: c.status for c in lowered}["Country"] == "unstated"


def test_a_common_noun_is_no_misspelt_name_in_a_cased_text() -> None:
    # "center" is one letter from no name, but the last word of "Saint Brigid Center" is an alias
    # only when capitalised: the trauma center is not an entity, so 38,200 stays Saint Brigid's
    table = (
        "| Hospital | Annual Visits |\n|---|---|\n| Saint Brigid Hospital | 38200 |\n"
        "| Mercy Point Center | 33700 |"
    )
    context = (
        "Saint Brigid Hospital in Marlowe, a trauma center, counted 38,200 visits. "
        "Mercy Point Center had 33,700 visits."
    )
    status = {(c.row, c.column): c.status for c in ground(table, context, config=LEX)}
    assert status[(0, "Annual Visits")] == "stated"
    assert status[(1, "Annual Visits")] == "stated"


def test_percentage_points_are_a_unit_not_a_percentage() -> None:
    table = (
        "| Category | Annual Change (%) | Contribution (percentage points) |\n|---|---|---|\n"
        "| Energy | 18.4 | 1.75 |\n| Transport | 7.9 | 0.52 |"
    )
    context = (
        "Energy rose 18.4% and added 1.75 percentage points to inflation. "
        "Transport rose 7.9% and added 0.52 points."
    )
    status = {(c.row, c.column): c.status for c in ground(table, context, config=LEX)}
    assert status[(0, "Contribution (percentage points)")] == "stated"
    assert status[(1, "Contribution (percentage points)")] == "stated"
    assert status[(1, "Annual Change (%)")] == "stated"
    # and a percentage column's change may be written in percentage points
    table = "| Drug | HbA1c Reduction (%) |\n|---|---|\n| Glenatide | 1.9 |"
    cells = ground(table, "Glenatide lowered HbA1c by 1.9 percentage points.", config=LEX)
    assert {c.column: c.status for c in cells}["HbA1c Reduction (%)"] == "stated"


def test_a_unit_before_a_name_is_no_part_of_the_name() -> None:
    # "890 MWe Lindholm B" teaches no alias "MWe": the next reactor's figures stay its own
    table = (
        "| Reactor | Net Capacity (MWe) | Decommissioning Cost (EUR Million) |\n|---|---|---|\n"
        "| Lindholm B | 890 | 600 |\n| Kessenbeek 1 | 962 | 980 |"
    )
    context = (
        "Sweden closed the 890 MWe Lindholm B in 2020 at a cost of 600 million euros. "
        "Kessenbeek 1, a PWR of 962 MWe, shut down in 2022, with decommissioning estimated at "
        "980 million euros."
    )
    status = {(c.row, c.column): c.status for c in ground(table, context, config=LEX)}
    assert status[(1, "Decommissioning Cost (EUR Million)")] == "stated"


def test_a_share_of_a_count_is_no_made_of_attempted_pair() -> None:
    table = (
        "| Pathogen | Isolates Tested | Resistance (%) |\n|---|---|---|\n"
        "| S. aureus | 9870 | 15.2 |"
    )
    context = "Resistance in S. aureus fell to 15.2% of 9,870 isolates."
    status = {c.column: c.status for c in ground(table, context, config=LEX)}
    assert status["Isolates Tested"] == "stated"
    assert status["Resistance (%)"] == "stated"


def test_a_figure_spoken_of_with_another_value_is_a_distortion() -> None:
    # the text speaks of the imports in a form the claim reader does not take as stated; every
    # other figure of the row is stated, and the one figure left over is another value
    table = (
        "| Partner | Year | Exports (USD Billion) | Imports (USD Billion) |\n|---|---|---|---|\n"
        "| China | 2021 | 6.4 | 3.2 |"
    )
    context = "Shipments to China were worth $6.4 billion in 2021 against imports of $4.1 billion."
    d = detect(table, None, context=context, config=LEX)
    wrong = [f for f in d.findings if f.column == "Imports (USD Billion)"]
    assert [(f.type, f.subtype) for f in wrong] == [("attribute_distortion", "contradicted")]
    assert wrong[0].evidence is not None
    assert context[wrong[0].evidence["value_start"] : wrong[0].evidence["value_end"]] == "4.1"
    right = detect(table.replace("| 3.2 |", "| 4.1 |"), None, context=context, config=LEX)
    assert not right.findings
    # with another figure of the row unstated the leftover number is no evidence: a warning
    d = detect(table.replace("| 6.4 |", "| 6.9 |"), None, context=context, config=LEX)
    assert not [f for f in d.findings if f.column == "Imports (USD Billion)"]


def test_a_date_the_text_writes_otherwise_is_a_distortion() -> None:
    table = (
        "| Company | IPO Date | Listed |\n|---|---|---|\n"
        "| Nettlefield | 2020-03-06 | Q2 2020 |\n| Corvina Pay | 2021-03-11 | Q1 2021 |"
    )
    context = (
        "Nettlefield priced its offering on February 6, 2020 and listed in Q1 2020. "
        "Corvina Pay listed on March 11, 2021, in the first quarter of 2021."
    )
    cells = {(c.row, c.column): c for c in ground(table, context, config=LEX)}
    wrong = cells[(0, "IPO Date")]
    assert wrong.status == "contradicted"
    assert wrong.evidence is not None
    assert context[wrong.evidence["value_start"] : wrong.evidence["value_end"]] == (
        "February 6, 2020"
    )
    assert cells[(0, "Listed")].status == "contradicted"  # Q1, not Q2: the year is not enough
    assert cells[(1, "IPO Date")].status == "stated"
    assert cells[(1, "Listed")].status == "stated"


def test_a_name_the_text_gives_otherwise_is_a_distortion() -> None:
    table = (
        "| Club | City | Top Scorer |\n|---|---|---|\n"
        "| Harbour Rovers | Dunmore | Tomas Reyne |\n| Vale United | Eastvale | Tomas Reyne |"
    )
    context = (
        "Harbour Rovers, based in Dunmore, were led by Ivo Marsh with 14 goals. "
        "Vale United of Eastvale relied on Tomas Reyne, who scored 11."
    )
    cells = {(c.row, c.column): c for c in ground(table, context, config=LEX)}
    wrong = cells[(0, "Top Scorer")]
    assert wrong.status == "contradicted"
    assert wrong.evidence is not None
    assert context[wrong.evidence["value_start"] : wrong.evidence["value_end"]] == "Ivo Marsh"
    assert cells[(1, "Top Scorer")].status == "stated"
    # a description is no name, and a name the row holds is no other value
    described = table.replace("| Tomas Reyne |\n| Vale", "| Youth academy |\n| Vale")
    cells = {(c.row, c.column): c for c in ground(described, context, config=LEX)}
    assert cells[(0, "Top Scorer")].status == "unstated"
    off = LEX.replace(grounding_other_names=False)
    cells = {(c.row, c.column): c for c in ground(table, context, config=off)}
    assert cells[(0, "Top Scorer")].status == "unstated"


def test_an_abbreviated_or_coded_name_is_the_entity_the_text_spells_out() -> None:
    table = (
        "| School | Places |\n|---|---|\n| Banksia Univ. School of Medicine | 110 |\n| UK | 95 |"
    )
    context = (
        "Banksia University School of Medicine offered 110 places in 2023. "
        "The United Kingdom offered 95 places."
    )
    d = detect(table, None, context=context, config=LEX)
    assert not d.findings
    status = {(c.row, c.column): c.status for c in d.cells or []}
    assert status[(0, "Places")] == "stated"
    assert status[(1, "Places")] == "stated"
    # a name the text does not spell is still invented
    invented = table.replace("Banksia Univ. School of Medicine", "Wattle Inst. of Dentistry")
    d = detect(invented, None, context=context, config=LEX)
    assert [(f.type, f.pred_row) for f in d.findings] == [("entity_fabrication", 0)]


def test_a_name_written_in_the_plural_still_grounds_its_text_cells() -> None:
    table = (
        "| Species | Tracking Method | Wintering Region |\n|---|---|---|\n"
        "| Common cuckoo | Satellite tag | Congo Basin |\n| Barn swallow | Geolocator | Sahel |"
    )
    context = (
        "Satellite tags on 18 common cuckoos tracked an 11,200 km journey to the Congo Basin. "
        "Geolocators on 60 barn swallows showed a 9,800 km migration to Southern Africa."
    )
    status = {(c.row, c.column): c.status for c in ground(table, context, config=LEX)}
    assert status[(0, "Wintering Region")] == "stated"
    assert status[(0, "Tracking Method")] == "stated"
    assert status[(1, "Tracking Method")] == "stated"
    assert status[(1, "Wintering Region")] != "stated"  # the swallows winter in Southern Africa


def test_a_figure_in_another_scale_than_the_texts_is_a_distortion() -> None:
    table = (
        "| Insurer | Gross Written Premiums (USD Billion) |\n|---|---|\n"
        "| Tamarack Casualty | 3.2 million |\n| Fairhaven General | 4.5 |"
    )
    context = (
        "Tamarack Casualty wrote $3.2 billion of premiums. Fairhaven General wrote $4.5 billion."
    )
    status = {(c.row, c.column): c.status for c in ground(table, context, config=LEX)}
    assert status[(0, "Gross Written Premiums (USD Billion)")] == "contradicted"
    assert status[(1, "Gross Written Premiums (USD Billion)")] == "stated"
    right = ground(table.replace("3.2 million", "3.2 billion"), context, config=LEX)
    assert {(c.row, c.column): c.status for c in right}[
        (0, "Gross Written Premiums (USD Billion)")
    ] == "stated"


def _date_cell(table: str, context: str, column: str, **fields: object) -> tablehallu.CellGrounding:
    cfg = LEX.replace(**fields)
    return next(c for c in ground(table, context, config=cfg) if c.column == column)


def test_a_date_contradicts_only_a_date_the_text_ties_to_its_attribute() -> None:
    table = "| Name | Born |\n|---|---|\n| Jane Roe | May 6, 1950 |"
    # the text ties May 5, 1950 to the birth ("born on"), not the wedding's date
    both = "Jane Roe married on June 1, 1975. Jane Roe was born on May 5, 1950."
    cell = _date_cell(table, both, "Born")
    assert cell.status == "contradicted"
    assert cell.evidence is not None
    assert both[cell.evidence["value_start"] : cell.evidence["value_end"]] == "May 5, 1950"
    # a date the text ties to another event says nothing of the birth
    died = "Jane Roe, a writer from Ohio, died on June 1, 2010."
    assert _date_cell(table, died, "Born").status == "unstated"
    # nor is the one date of another event a birth date by elimination: "born" would say so
    married = "On June 1, 1975, Jane Roe married a painter."
    assert _date_cell(table, married, "Born").status == "unstated"


def test_an_untied_date_contradicts_by_elimination_only() -> None:
    table = (
        "| Company | Founded | IPO Date |\n|---|---|---|\n"
        "| Acme Tools | March 3, 2001 | July 5, 2010 |"
    )
    context = "Acme Tools was founded on March 3, 2001. Acme Tools listed on June 5, 2010."
    # the one date left once the row's other dates are taken, near no attribute's words
    assert _date_cell(table, context, "IPO Date").status == "contradicted"
    off = _date_cell(table, context, "IPO Date", grounding_date_elimination=False)
    assert off.status == "unstated"
    # two such dates: neither is surely the IPO's
    two = context + " Acme Tools moved to Denver on May 2, 2015."
    assert _date_cell(table, two, "IPO Date").status == "unstated"


def test_a_number_written_for_the_entity_in_an_unread_form_is_not_blank_filling() -> None:
    """``Config.grounding_abstain_written``: the text writes the very number in a sentence about
    the entity, in a form the engine does not attribute -> no verdict, not blank_filling; a
    number whose own words name another attribute ("5 - 8 3Pt") still leaves the claim
    unstated."""
    context = (
        "The Thunder beat the Bucks 110 - 98 on Friday. Russell Westbrook had 28 points (8 - 16 "
        "FG, 0 - 2 3Pt). He was able to get to the line at will, and converted on 12 - of - 15 "
        "attempts. Terrence Ross scored 21 points (7 - 14 FG, 5 - 8 3Pt)."
    )
    table = (
        "| Player | Points | Free throws made | Free throws attempted |\n|---|---|---|---|\n"
        "| Russell Westbrook | 28 | 12 | 15 |\n| Terrence Ross | 21 | 5 | 8 |"
    )
    status = {(c.row, c.column): c.status for c in ground(table, context, config=LEX)}
    assert status[(0, "Free throws made")] == "unchecked"
    assert status[(0, "Free throws attempted")] == "unchecked"
    assert status[(1, "Free throws made")] == "unstated"  # 5 - 8 are his three-pointers
    assert status[(1, "Free throws attempted")] == "unstated"
    strict = Config(matcher="lexical", grounding_abstain_written=False)
    status = {(c.row, c.column): c.status for c in ground(table, context, config=strict)}
    assert status[(0, "Free throws made")] == "unstated"


def test_a_key_the_text_respells_by_a_letter_names_an_entity_of_the_text() -> None:
    """``Config.key_spelling_edits`` in referenceless mode: "Pau Gaol" in the text is the
    table's "Pau Gasol", not an invented player; a name two letters off still is."""
    context = (
        "The Spurs beat the Knicks 106 - 98. Pau Gaol recorded a double - double off the bench, "
        "accruing 19 points and 10 rebounds."
    )
    table = (
        "| Player | Points |\n|---|---|\n| Pau Gasol | 19 |\n| Pau Gasoline | 19 |\n"
        "| Tau Gasol | 19 |"
    )
    found = _types(detect(table, None, context=context, config=LEX))
    assert ("entity_fabrication", "not_in_context", 0) not in found
    assert ("entity_fabrication", "not_in_context", 1) in found
    assert ("entity_fabrication", "not_in_context", 2) in found  # another first letter
    off = Config(matcher="lexical", key_spelling_edits=0)
    assert ("entity_fabrication", "not_in_context", 0) in _types(
        detect(table, None, context=context, config=off)
    )


def test_a_figure_far_from_every_name_of_the_table_is_read() -> None:
    """Referenceless: the whole context is read (a gold-mode run reads only the sentences near
    the table's names): "Indiana (9 - 9)" six sentences on states the Pacers' record."""
    context = (
        "The Indiana Pacers defeated the Los Angeles Clippers, 91 - 70, on Sunday. The crowd was "
        "loud all night. The arena was sold out for the first time this season. Fans stayed "
        "until the final buzzer. Music played during every timeout. The weather outside was cold "
        "and wet. Indiana (9 - 9) had to play this game without its best player."
    )
    table = "| Team | Wins | Losses |\n|---|---|---|\n| Pacers | 9 | 9 |\n| Clippers | 9 | 8 |"
    status = {(c.row, c.column): c.status for c in ground(table, context, config=LEX)}
    assert status[(0, "Wins")] == "stated"
    assert status[(0, "Losses")] == "stated"
    assert status[(1, "Wins")] != "stated"  # the Clippers' record is never given


def test_a_side_of_a_pair_and_an_each_figure_are_not_blank_filling() -> None:
    """``Config.grounding_abstain_written``: the loser's side of "won the rebounding battle,
    55 - 40", the side after "out - rebounded", and "each scoring six points" after a group's
    figure are no unstated claims; another player's labelled pair ("5 - 5 FT") still is."""
    context = (
        "The Jazz beat the Hawks 95 - 84 on Friday. The Jazz won the rebounding battle, 55 - "
        "40, and held Atlanta to 37 percent shooting. While the Suns were out - rebounded 50 - "
        "41, they shot better. Trey Burke and Joe Ingles combine to shoot 5 - of - 22 from the "
        "floor, each scoring six points. Dwyane Wade scored 21 points (8 - 16 FG, 5 - 5 FT)."
    )
    table = (
        "| Team | Rebounds | Points | Free throws made |\n|---|---|---|---|\n"
        "| Hawks | 40 |  |  |\n| Suns | 41 |  |  |\n| Trey Burke |  | 6 |  |\n"
        "| Joe Ingles |  |  | 5 |\n| Dwyane Wade |  | 21 | 5 |"
    )
    status = {(c.row, c.column): c.status for c in ground(table, context, config=LEX)}
    assert status[(0, "Rebounds")] != "unstated"
    assert status[(1, "Rebounds")] != "unstated"
    assert status[(2, "Points")] == "unchecked"
    assert status[(3, "Free throws made")] == "unstated"  # Wade's free throws
    strict = Config(matcher="lexical", grounding_abstain_written=False)
    status = {(c.row, c.column): c.status for c in ground(table, context, config=strict)}
    assert status[(2, "Points")] == "unstated"
    names = ("Hawks", "Suns", "Trey Burke", "Joe Ingles", "Dwyane Wade")
    grounder = Grounder(context, names, LEX, referenceless=True, headers=("Team", "Rebounds"))
    assert grounder.writes_value(0, "Rebounds", type_cell("40"))  # the Jazz's opponent's side
    assert grounder.writes_value(1, "Rebounds", type_cell("41"))  # "out - rebounded 50 - 41"
    assert not grounder.writes_value(1, "Rebounds", type_cell("37"))  # a shooting percentage
    assert not grounder.writes_value(3, "Free throws made", type_cell("5"))


def test_a_record_is_no_other_attributes_figure() -> None:
    """``Config.grounding_abstain_written``: "The Magic (16 - 22)" writes a 16, but a win-loss
    record, so Eric Gordon's claimed 16 field-goal attempts stays unstated."""
    context = (
        "The Raptors beat the Magic 105 - 98. Eric Gordon scored 17 points, going 3 - of - 16 "
        "from long range. The Magic (16 - 22) have struggled on offense all season."
    )
    table = "| Player | Points | Field goals attempted |\n|---|---|---|\n| Eric Gordon | 17 | 16 |"
    status = {(c.row, c.column): c.status for c in ground(table, context, config=LEX)}
    assert status[(0, "Field goals attempted")] == "unstated"
    team = "| Team | Wins |\n|---|---|\n| Raptors | 16 |"
    names = ("Raptors",)
    grounder = Grounder(context, names, LEX, referenceless=True, headers=("Team", "Wins"))
    assert grounder.writes_value(0, "Wins", type_cell("16"))  # a record may be the wins
    assert {c.column: c.status for c in ground(team, context, config=LEX)}["Wins"] != "unstated"


def test_a_span_of_time_is_no_figure_left_over() -> None:
    """Elimination (``Config.grounding_elimination_ratio``) takes no span of time for a header
    that names none: "with 2 seconds remaining" is no count of steals."""
    context = (
        "The Spurs beat the Clippers 98 - 97. Kawhi Leonard scored 31 points and grabbed 11 "
        "rebounds. Leonard sank the game - winning jumper with 2 seconds remaining."
    )
    table = (
        "| Player | Points | Rebounds | Steals |\n|---|---|---|---|\n"
        "| Kawhi Leonard | 31 | 11 | 3 |"
    )
    cells = {c.column: c for c in ground(table, context, config=LEX)}
    assert cells["Steals"].status != "contradicted"
    minutes = table.replace("Steals", "Minutes left").replace("| 3 |", "| 4 |")
    assert {c.column: c.status for c in ground(minutes, context, config=LEX)}[
        "Minutes left"
    ] != "stated"


def test_a_year_is_no_figure_left_over_for_a_value_in_a_unit() -> None:
    """Elimination takes no year for a claim in a unit or currency, however large: "$1,499" or
    "1150 m" is no year, so "on sale in 2023" does not contradict it (it stays unstated); a
    claimed year still meets the text's year."""
    context = (
        "The Verve Fold went on sale in 2023 with a 7.6-inch screen. "
        "The Verve Clam costs $999 and has a 6.1-inch screen."
    )
    table = (
        "| Phone | Screen (inches) | Launch Price (USD) | Site Altitude (m) | Launch Year |\n"
        "|---|---|---|---|---|\n"
        "| Verve Fold | 7.6 | 1499 | 1150 | 2021 |"
    )
    cells = {c.column: c.status for c in ground(table, context, config=LEX)}
    assert cells["Launch Price (USD)"] == "unstated"
    assert cells["Site Altitude (m)"] == "unstated"
    assert cells["Launch Year"] == "contradicted"  # the text's 2023, by elimination


def test_a_figure_with_thousands_or_a_bracketed_unit_is_no_year_when_eliminating() -> None:
    """A text's "weighs 1,680 kg" is a mass, not the year 1680; a claimed 1330 under "Capacity (MW)"
    is a capacity, not a year: each is the other's figure left over."""
    context = (
        "The Oceanis-A weighs 1,680 kg and carries a radar altimeter. "
        "Havorn Bank is an 844 MW project of 76 turbines."
    )
    sat = "| Satellite | Mass (kg) | Instrument |\n|---|---|---|\n| Oceanis-A | 823 | Radar |"
    d = detect(sat, None, context=context, config=LEX)
    wrong = next(f for f in d.findings if f.pred_column == "Mass (kg)")
    assert (wrong.type, wrong.subtype) == ("attribute_distortion", "contradicted")
    assert wrong.evidence is not None
    assert context[wrong.evidence["value_start"] : wrong.evidence["value_end"]] == "1,680"
    farm = "| Farm | Capacity (MW) | Turbines |\n|---|---|---|\n| Havorn Bank | 1330 | 76 |"
    cells = {c.column: c.status for c in ground(farm, context, config=LEX)}
    assert cells["Capacity (MW)"] == "contradicted"


def test_key_value_fields_the_text_gives_in_a_form_not_read_are_unchecked() -> None:
    table = (
        "| Field | Value |\n|---|---|\n| Name | Ben Ash |\n| First win | May 6, 1940 |\n"
        "| Scoring award | 1941 |\n| Spouse | Ann Lee |"
    )
    context = (
        "Ben Ash (1915 -- 1980) was a pitcher. He made his debut on May 4, 1940; his first win "
        "came two days later. He joined the Reds in 1940, and in his second season he won the "
        "club's scoring award with 31 runs."
    )
    d = detect(table, None, context=context, config=LEX)
    status = {c.row: c.status for c in d.cells or [] if c.column == "Value"}
    # dated relative to another event, and a figure next to the field's words: not read
    assert status[1] == "unchecked"
    assert status[2] == "unchecked"
    # a field the text never speaks of is still unstated
    assert status[3] == "unstated"
    off = detect(table, None, context=context, config=LEX.replace(grounding_abstain=False))
    assert {c.row: c.status for c in off.cells or [] if c.column == "Value"}[1] == "unstated"


def test_a_value_the_text_writes_as_a_verb_is_read_not_dropped_unread() -> None:
    table = "| Field | Value |\n|---|---|\n| Name | Ty Cobb |\n| First hit | single |"
    context = "Ty Cobb (1886 -- 1961) was an outfielder. In his first at-bat, Cobb singled to left."
    d = detect(table, None, context=context, config=LEX)
    status = {c.row: c.status for c in d.cells or [] if c.column == "Value"}
    assert status[1] == "stated"
    # a word the text writes in no form is still unstated
    other = table.replace("single", "double")
    d = detect(other, None, context=context, config=LEX)
    assert {c.row: c.status for c in d.cells or [] if c.column == "Value"}[1] == "unstated"


def test_a_figure_read_but_never_called_the_highest_is_unstated_not_unchecked() -> None:
    table = "| Field | Value |\n|---|---|\n| Name | Bo Reed |\n| Highest points scored | 50 |"
    context = (
        "Bo Reed (1950 -- 2010) was a guard. He scored 50 points against Ohio in 1972. "
        "He averaged 41 points a game."
    )
    d = detect(table, None, context=context, config=LEX)
    # read and found lacking: unstated, not "contradicted" by another figure left over
    cell = next(c for c in d.cells or [] if c.column == "Value" and c.row == 1)
    assert cell.status == "unstated" and "highest" in cell.reason
    assert cell.evidence is not None and "50 points" in str(cell.evidence["sentence"])
    said = context.replace("scored 50", "scored a career-high 50")
    d = detect(table, None, context=said, config=LEX)
    assert {c.row: c.status for c in d.cells or [] if c.column == "Value"}[1] == "stated"


def test_a_word_that_counts_another_noun_states_no_figure_of_this_one() -> None:
    """A "three - pointer" is one three-pointer and "no timeouts" zero timeouts: no free-throw
    figure, neither stated nor written in an unread form; nor is a clock time ("8:00 PM")
    a figure. "a steal" still states one steal."""
    context = (
        "The Heat beat the Raptors 102 - 96. Goran Dragic scored 26 points and had a steal. "
        "Hassan Whiteside drained a three - pointer late. Kyle Lowry had no timeouts left to "
        "call. Game 2 is on Thursday at 8:00 PM."
    )
    table = (
        "| Player | Points | Steals | Free throws attempted | Free throws made |\n"
        "|---|---|---|---|---|\n"
        "| Goran Dragic | 26 | 1 | 8 |  |\n"
        "| Hassan Whiteside |  |  | 1 |  |\n"
        "| Kyle Lowry |  |  |  | 0 |"
    )
    status = {(c.row, c.column): c.status for c in ground(table, context, config=LEX)}
    assert status[(0, "Steals")] == "stated"
    assert status[(0, "Free throws attempted")] == "unstated"  # 8:00 PM
    assert status[(1, "Free throws attempted")] == "unstated"  # a three - pointer
    assert status[(2, "Free throws made")] == "unstated"  # no timeouts


def test_a_figure_of_another_entity_its_sentence_names_is_no_unread_form() -> None:
    """``Config.grounding_abstain``: a sentence that speaks of free throws holds a figure, but
    Ross's ("Ross hit a free throw, and Whiteside missed ..."), so Whiteside's claimed free
    throws are unstated, not a form the engine cannot read."""
    context = (
        "The Heat beat the Raptors 102 - 96. Terrence Ross hit a free throw, and Hassan "
        "Whiteside missed the first on the other end."
    )
    table = (
        "| Player | Free throws made |\n|---|---|\n| Terrence Ross | 1 |\n| Hassan Whiteside | 3 |"
    )
    status = {(c.row, c.column): c.status for c in ground(table, context, config=LEX)}
    assert status[(0, "Free throws made")] == "stated"
    assert status[(1, "Free throws made")] == "unstated"


def test_a_text_value_of_another_row_stated_for_the_entity_is_a_distortion() -> None:
    """``Config.grounding_column_values``: two rows' values swapped -> each is contradicted by
    the value the text gives the entity (the other row's), with its sentence; a value the text
    gives no entity stays unstated."""
    context = (
        "Harbour Health reaches remote villages through mobile teams. Vale Care runs fixed "
        "clinics in every district."
    )
    table = (
        "| Provider | Outreach Model |\n|---|---|\n"
        "| Harbour Health | Fixed clinics |\n| Vale Care | Mobile teams |"
    )
    cells = {(c.row, c.column): c for c in ground(table, context, config=LEX)}
    wrong = cells[(0, "Outreach Model")]
    assert wrong.status == "contradicted"
    assert wrong.evidence is not None
    assert wrong.evidence["sentence"].startswith("Harbour Health reaches")
    assert cells[(1, "Outreach Model")].status == "contradicted"
    d = detect(table, None, context=context, config=LEX)
    assert {(f.type, f.pred_row) for f in d.findings} == {
        ("attribute_distortion", 0),
        ("attribute_distortion", 1),
    }
    reworded = table.replace("| Fixed clinics |", "| Roving units |")
    cells = {(c.row, c.column): c for c in ground(reworded, context, config=LEX)}
    assert cells[(0, "Outreach Model")].status == "unstated"
    off = LEX.replace(grounding_column_values=False)
    cells = {(c.row, c.column): c for c in ground(table, context, config=off)}
    assert cells[(0, "Outreach Model")].status == "unstated"


def test_a_number_counting_another_columns_noun_states_no_figure_of_this_one() -> None:
    """``Config.grounding_loose_numbers``: "1 gold, 2 silver" gives 1 to the Gold column (a
    header of that one word), so Silver = 1 is not stated but contradicted by the 2."""
    context = "At the 2022 championships Sweden won 1 gold, 2 silver and 4 bronze medals."
    table = "| Country | Gold | Silver | Bronze |\n|---|---|---|---|\n| Sweden | 1 | 1 | 4 |"
    cells = {c.column: c for c in ground(table, context, config=LEX)}
    assert cells["Gold"].status == "stated"
    assert cells["Bronze"].status == "stated"
    silver = cells["Silver"]
    assert silver.status == "contradicted"
    assert silver.evidence is not None
    assert context[silver.evidence["value_start"] : silver.evidence["value_end"]] == "2"


def test_a_value_written_whole_for_another_entity_is_not_stated_by_a_part() -> None:
    """Referenceless, a text value whose words are all in the text and half in the entity's
    sentence is stated ("book-style foldable"), but not when another entity's sentence writes
    it whole: "strong mayor" is New York's, not Philadelphia's "a mayor"."""
    context = (
        "New York City governs under a strong mayor system. Philadelphia elects a council and "
        "a mayor for four years. Critics call the system strong."
    )
    table = (
        "| City | Government Form |\n|---|---|\n"
        "| New York City | Strong mayor |\n| Philadelphia | Strong mayor |"
    )
    cells = [c for c in ground(table, context, config=LEX) if c.column == "Government Form"]
    assert [c.status for c in cells] == ["stated", "unstated"]
    ended = context.replace("strong mayor system.", "strong mayor.")  # punctuation after it
    cells = [c for c in ground(table, ended, config=LEX) if c.column == "Government Form"]
    assert [c.status for c in cells] == ["stated", "unstated"]
    phone = "The Fold X phone has a book-style design. Reviewers praised foldable phones."
    design = "| Phone | Design |\n|---|---|\n| Fold X | Book-style foldable |"
    cell = next(c for c in ground(design, phone, config=LEX) if c.column == "Design")
    assert cell.status == "stated"


def test_a_moment_of_the_game_is_no_game_figure() -> None:
    """A "pair of free throws with four seconds left" is a moment of the game: it neither
    states the game's free throws (``Config.grounding_loose_numbers``) nor writes them in an
    unread form (``Config.grounding_abstain_written``)."""
    context = (
        "The Heat beat the Pacers 101 - 93. Dwyane Wade scored 21 points. He sank a pair of "
        "free throws with four seconds left to give Miami an 88 - 87 lead."
    )
    table = (
        "| Player | Points | Free throws made | Free throws attempted |\n|---|---|---|---|\n"
        "| Dwyane Wade | 21 | 2 | 2 |"
    )
    status = {c.column: c.status for c in ground(table, context, config=LEX)}
    assert status["Points"] == "stated"
    assert status["Free throws made"] == "unstated"
    assert status["Free throws attempted"] == "unstated"


def test_the_number_of_a_name_is_no_figure() -> None:
    """``Config.grounding_abstain_written``: "Game 1" writes a 1, but as part of a name, so a
    claimed single free throw is unstated, not a figure in an unread form."""
    context = "The Heat beat the Raptors in Game 1 on Tuesday. Goran Dragic scored 26 points."
    table = "| Player | Points | Free throws made |\n|---|---|---|\n| Goran Dragic | 26 | 1 |"
    status = {c.column: c.status for c in ground(table, context, config=LEX)}
    assert status["Points"] == "stated"
    assert status["Free throws made"] == "unstated"


def test_a_figure_of_a_group_row_is_not_each_members() -> None:
    """``Config.grounding_abstain_written``: the table gives "Kyle O'Quinn and Joakim Noah" a
    row of its own, so "had eight points" is the pair's figure: O'Quinn's claimed eight points
    are unstated, not a figure the engine cannot attribute; the pair's row is stated."""
    context = (
        "The Hawks beat the Knicks 142 - 139. Courtney Lee scored 17 points. Kyle O'Quinn and "
        "Joakim Noah had eight points but combined for 26 boards."
    )
    table = (
        "| Player | Points | Total rebounds |\n|---|---|---|\n"
        "| Courtney Lee | 17 |  |\n| Kyle O'Quinn | 8 |  |\n"
        "| Kyle O'Quinn and Joakim Noah |  | 26 |"
    )
    cells = {(c.row, c.column): c.status for c in ground(table, context, config=LEX)}
    assert cells[(1, "Points")] == "unstated"
    assert cells[(2, "Total rebounds")] == "stated"


def test_a_count_of_part_of_a_sequence_is_no_total() -> None:
    """The "final four" counts the last of some events (points): no free-throw total, neither
    stated loosely nor written in an unread form; "four free throws" still states it."""
    context = (
        "The Mavericks beat the Lakers 98 - 95. Dirk Nowitzki scored 19 points, including the "
        "final four for the Mavericks to seal the deal."
    )
    table = "| Player | Points | Free throws attempted |\n|---|---|---|\n| Dirk Nowitzki | 19 | 4 |"
    status = {c.column: c.status for c in ground(table, context, config=LEX)}
    assert status["Free throws attempted"] == "unstated"
    made = context.replace("final four", "final four points on four free throws")
    status = {c.column: c.status for c in ground(table, made, config=LEX)}
    assert status["Free throws attempted"] == "stated"


def test_a_combined_fleet_is_the_citys_own_figure() -> None:
    # "combined" as an adjective ("a combined fleet"), not a group combining for a figure: the
    # city's own figures, so evidence against another value
    context = (
        "In Ghent, 3 operators ran a combined fleet of 2,400 scooters in 2021, with an average "
        "trip costing 3.1 euros. Porto had 2 operators and 1,800 scooters in 2021, and an "
        "average ride cost 2.8 euros."
    )
    table = """| City | Year | Average trip cost (EUR) |
|---|---|---|
| Ghent | 2021 | 3.7 |
| Porto | 2021 | 2.8 |"""
    d = detect(table, None, context=context, config=LEX)
    assert ("attribute_distortion", "contradicted", 0) in _types(d)
    assert not [f for f in d.findings if f.pred_row == 1]


def test_a_row_of_one_period_is_read_in_the_sentences_of_that_period() -> None:
    """``Config.grounding_period_rows``: a key pairing a city with a year -> the 2022 row's
    figures are read only where the text writes 2022 (or no year): the 2021 fleet copied into
    the 2022 row is not stated, a figure of a sentence that goes on about the city without a
    year is; ``grounding_period_reach``: a year far from the table's ("founded in 1998")
    blanks nothing."""
    context = (
        "Porto started 2021 with 2 operators and 1,800 scooters. In 2022 a third company "
        "entered Porto, bringing the count to 3 operators. The average trip cost 3.0 euros. "
        "Ghent had 4 operators and 3,100 scooters in 2021."
    )
    table = (
        "| City | Year | Operators | Fleet Size | Trip Cost |\n|---|---|---|---|---|\n"
        "| Porto | 2021 | 2 | 1800 | |\n| Porto | 2022 | 3 | 1800 | 3.0 |\n"
        "| Ghent | 2021 | 4 | 3100 | |"
    )
    cells = {(c.row, c.column): c.status for c in ground(table, context, config=LEX)}
    assert cells[(0, "Fleet Size")] == "stated"
    assert cells[(1, "Operators")] == "stated"
    assert cells[(1, "Trip Cost")] == "stated"  # the sentence after the 2022 one, no year
    assert cells[(1, "Fleet Size")] == "unstated"  # 1,800 is Porto's fleet of 2021
    d = detect(table, None, context=context, config=LEX)
    assert {(f.type, f.pred_row, f.column) for f in d.findings} == {
        ("blank_filling", 1, "Fleet Size")
    }
    off = LEX.replace(grounding_period_rows=False)
    cells = {(c.row, c.column): c.status for c in ground(table, context, config=off)}
    assert cells[(1, "Fleet Size")] == "stated"
    founded = context.replace("Porto started 2021 with", "Porto, founded in 1998, has")
    cells = {(c.row, c.column): c.status for c in ground(table, founded, config=LEX)}
    assert cells[(1, "Fleet Size")] == "stated"  # 1998 dates no period of the table


def test_a_number_of_a_sentence_about_a_name_not_in_the_table_is_not_the_entitys() -> None:
    """``Config.grounding_abstain_written``: a number written in a sentence that names no
    entity of the table but another name of two words or more ("Porto Lentisco Airport") is
    that name's figure, so the claim is unstated (blank_filling), not left unchecked; in a
    sentence naming nobody ("Both sites have 2 runways") it may still be the entity's."""
    context = (
        "Thermaikos International Airport handled 6.9 million passengers in 2023. "
        "Porto Lentisco Airport, which has 2 runways, handled 5.1 million passengers. "
        "Santa Ines Regional Airport grew by 15.8%."
    )
    table = (
        "| Airport | Passengers (Million) | Runways |\n|---|---|---|\n"
        "| Thermaikos International Airport | 6.9 | 2 |\n| Santa Ines Regional Airport | | |"
    )
    status = {(c.row, c.column): c.status for c in ground(table, context, config=LEX)}
    assert status[(0, "Passengers (Million)")] == "stated"
    assert status[(0, "Runways")] == "unstated"
    d = detect(table, None, context=context, config=LEX)
    assert {(f.type, f.pred_row, f.column) for f in d.findings} == {("blank_filling", 0, "Runways")}
    nobody = "The two sites have 2 runways. " + context.replace(
        "Porto Lentisco Airport, which has 2 runways,", "Porto Lentisco Airport"
    )
    status = {(c.row, c.column): c.status for c in ground(table, nobody, config=LEX)}
    assert status[(0, "Runways")] == "unchecked"


def test_a_name_every_entity_shares_is_no_value_given_instead() -> None:
    """``Config.grounding_other_names_shared``: "the Carran Valley League", written beside two
    other clubs of the table and held by no cell, is the clubs' league, not a home ground the
    text gives this club instead: another club's ground copied into its row is blank_filling;
    with the check off it is read as contradicted."""
    context = (
        "Harbour Rovers play in the Carran Valley League. "
        "Vale United also joined the Carran Valley League, at Brook Park. "
        "Moor Town won the Carran Valley League at Kings Field."
    )
    table = (
        "| Club | Home Ground |\n|---|---|\n| Harbour Rovers | Brook Park |\n"
        "| Vale United | Brook Park |\n| Moor Town | Kings Field |"
    )
    cells = {(c.row, c.column): c.status for c in ground(table, context, config=LEX)}
    assert cells[(0, "Home Ground")] == "unstated"
    assert cells[(1, "Home Ground")] == "stated"
    d = detect(table, None, context=context, config=LEX)
    assert {(f.type, f.pred_row) for f in d.findings} == {("blank_filling", 0)}
    off = LEX.replace(grounding_other_names_shared=0)
    cells = {(c.row, c.column): c.status for c in ground(table, context, config=off)}
    assert cells[(0, "Home Ground")] == "contradicted"


def test_a_groups_figure_neither_states_nor_speaks_of_one_members() -> None:
    """A group's figure ("Crowder and Horford combined for 30 points") is no one's alone: the
    points claimed for Horford are unstated (blank_filling), neither contradicted by the 30 nor
    left unchecked as spoken of in a form not read; his own "12 boards" is read."""
    context = (
        "The Celtics beat the Hawks 110 - 98. Isaiah Thomas scored 24 points. Jae Crowder and "
        "Al Horford combined for 30 points, with the latter also hauling in 12 boards."
    )
    table = (
        "| Player | Points | Rebounds |\n|---|---|---|\n"
        "| Isaiah Thomas | 24 | |\n| Al Horford | 15 | 12 |"
    )
    cells = {(c.row, c.column): c.status for c in ground(table, context, config=LEX)}
    assert cells[(1, "Points")] == "unstated"
    assert cells[(1, "Rebounds")] == "stated"
    d = detect(table, None, context=context, config=LEX)
    assert {(f.type, f.pred_row, f.column) for f in d.findings} == {("blank_filling", 1, "Points")}


def test_a_figure_of_someone_else_named_in_a_following_sentence_is_no_evidence() -> None:
    """A sentence that goes on after the entity's without naming it, but names someone not in
    the table ("with 17-year-old Bruno Sarmento joining"), gives that one's figure: the age
    claimed for the entity is unstated (blank_filling), not contradicted by the 17."""
    context = (
        "Left-back Lucas Ferreiro moved from Atletico Sorinho for 4.2 million euros. "
        "The academy was strengthened as well, with 17-year-old Bruno Sarmento joining."
    )
    table = "| Player | Fee (EUR Million) | Age |\n|---|---|---|\n| Lucas Ferreiro | 4.2 | 22 |"
    cells = {c.column: c.status for c in ground(table, context, config=LEX)}
    assert cells["Fee (EUR Million)"] == "stated"
    assert cells["Age"] == "unstated"
    own = context.replace("with 17-year-old Bruno Sarmento joining", "as he turned 17")
    cells = {c.column: c.status for c in ground(table, own, config=LEX)}
    assert cells["Age"] == "contradicted"  # a sentence going on about him alone


def test_a_text_value_in_the_sentence_the_rows_figures_are_read_from_is_stated() -> None:
    """A sentence that goes on about the entity without naming it ("Exports to the bloc grew
    to 5.6 billion, and coffee remained the top product") states the row's "Coffee" when the
    row's other figures are read from it; a value it does not write stays unstated."""
    context = (
        "Valdoria sold 5.1 billion dollars of goods to the European Union. "
        "Exports to the bloc grew to 5.6 billion dollars, and coffee remained the top product."
    )
    table = (
        "| Trading Partner | Exports (USD Billion) | Main Export |\n|---|---|---|\n"
        "| European Union | 5.6 | Coffee |"
    )
    cells = {c.column: c for c in ground(table, context, config=LEX)}
    assert cells["Exports (USD Billion)"].status == "stated"
    main = cells["Main Export"]
    assert main.status == "stated"
    assert main.evidence is not None
    assert main.evidence["sentence"].startswith("Exports to the bloc")
    cells = {c.column: c.status for c in ground(table.replace("Coffee", "Tea"), context)}
    assert cells["Main Export"] == "unstated"


def test_a_name_opening_a_sentence_with_a_possessive_or_hyphen_is_a_name() -> None:
    """``Config.grounding_other_names``: a capitalised first word is read as a name when it
    takes a possessive or a hyphen ("Lisbon's Ombra Cloud", "Atlanta-based Hearth & Desk"):
    another city claimed for the entity is contradicted by it; a plain first word ("Within
    ...") still names nothing."""
    context = (
        "Lisbon's Ombra Cloud, with 88 employees, raised 27.5 million euros. "
        "Atlanta-based Hearth Desk operated 21 locations. The smallest round went to "
        "Quillstack, a Milan company."
    )
    table = (
        "| Company | Headquarters City | Employees |\n|---|---|---|\n"
        "| Ombra Cloud | Milan | 88 |\n| Hearth Desk | Atlanta | |"
    )
    cells = {(c.row, c.column): c for c in ground(table, context, config=LEX)}
    wrong = cells[(0, "Headquarters City")]
    assert wrong.status == "contradicted"
    assert wrong.reason == "the text gives 'Lisbon' for this entity"
    assert cells[(1, "Headquarters City")].status == "stated"
    plain = context.replace("Lisbon's Ombra Cloud", "Within Ombra Cloud")
    cells = {(c.row, c.column): c for c in ground(table, plain, config=LEX)}
    assert cells[(0, "Headquarters City")].status == "unstated"


def test_a_number_counting_something_else_states_no_figure() -> None:
    # "six games" counts games, "these two teams" refers back: neither is a player's figure
    table = (
        "| Player | Free throws attempted | Steals | Points |\n|---|---|---|---|\n"
        "| Jose Calderon | 6 | 2 | 12 |"
    )
    context = (
        "Jose Calderon scored 12 points, though he has played in only six games this year. "
        "Calderon and the Knicks host Boston next. These two teams will meet again in May."
    )
    status = {c.column: c.status for c in ground(table, context, config=LEX)}
    assert status["Points"] == "stated"
    assert status["Free throws attempted"] == "unstated"
    assert status["Steals"] == "unstated"
    # the header's own statistic with a period after it is still the header's
    table = "| Player | Rebounds |\n|---|---|\n| John Wall | 4 |"
    cells = ground(table, "John Wall grabbed four rebounds and six games ago.", config=LEX)
    assert {c.column: c.status for c in cells}["Rebounds"] == "stated"
    # a header naming no known attribute keeps the loose reading ("130 people": Employees)
    off = LEX.replace(grounding_loose_other_nouns=False)
    status = {c.column: c.status for c in ground(table.replace("4", "6"), context, config=off)}
    assert "Rebounds" in status


def test_a_bound_is_not_the_value() -> None:
    table = "| Player | Minutes | FG% |\n|---|---|---|\n| Pau Gasol | 30 | 48 |"
    context = (
        "Pau Gasol had 15 points in under 30 minutes of action, and he shot over 48 percent "
        "from the field."
    )
    status = {c.column: c.status for c in ground(table, context, config=LEX)}
    # a strict bound excludes the figure itself
    assert status["Minutes"] == "contradicted"
    assert status["FG%"] == "contradicted"
    # a span is the value itself ("over 31 days"), and no bound words: as before
    table = "| Festival | Days |\n|---|---|\n| Lumen Week | 31 |"
    cells = ground(table, "Lumen Week ran over 31 days in the old town.", config=LEX)
    assert {c.column: c.status for c in cells}["Days"] == "stated"
    # a bound that admits the figure ("nearly 30") leaves it unstated, unless the bound
    # phrases are switched off
    table = "| Player | Minutes |\n|---|---|\n| Pau Gasol | 30 |"
    nearly = "Pau Gasol had 15 points in nearly 30 minutes of action."
    assert {c.column: c.status for c in ground(table, nearly, config=LEX)}["Minutes"] == "unstated"
    off = LEX.replace(grounding_loose_bounds=())
    status = {c.column: c.status for c in ground(table, nearly, config=off)}
    assert status["Minutes"] == "stated"


def test_a_figure_given_for_one_period_is_no_total() -> None:
    table = "| Player | Total rebounds | Points |\n|---|---|---|\n| John Wall | 4 | 28 |"
    context = (
        "John Wall got them off to a hot start after scoring seven points and adding four "
        "rebounds and four assists in that first period. Wall poured in 13 of his team - high "
        "28 points in the fourth quarter."
    )
    cells = {c.column: c for c in ground(table, context, config=LEX)}
    assert cells["Total rebounds"].status == "unstated"  # the first period's, read
    assert cells["Total rebounds"].evidence is not None
    assert cells["Points"].status != "unstated"  # the whole; the quarter qualifies the 13
    off = LEX.replace(grounding_period_figures=False)
    cells = {c.column: c for c in ground(table, context, config=off)}
    assert cells["Total rebounds"].status == "unchecked"


def test_a_surname_names_someone_not_in_the_table() -> None:
    table = "| Team | Assists |\n|---|---|\n| Cavaliers | 7 |\n| Celtics | 22 |"
    context = (
        "The Cleveland Cavaliers defeated the Boston Celtics 113 - 100 on Sunday. Both "
        "LeBron James and Kevin Love had strong showings. James, on the other hand, finished "
        "with 20 points, six rebounds and seven assists. The Celtics had 22 assists."
    )
    status = {(c.row, c.column): c.status for c in ground(table, context, config=LEX)}
    assert status[(0, "Assists")] == "unstated"  # James's seven, no figure of the team's
    assert status[(1, "Assists")] == "stated"
    off = LEX.replace(grounding_short_names=False)
    status = {(c.row, c.column): c.status for c in ground(table, context, config=off)}
    assert status[(0, "Assists")] == "unchecked"
    # a place's last word is no surname: "San Antonio" is written alone too
    table = "| Player | Rebounds |\n|---|---|\n| LaMarcus Aldridge | 7 |"
    context = (
        "The San Antonio Spurs beat the Wizards. LaMarcus Aldridge had seen a string of "
        "three 20 - point efforts end on Friday. His effort helped keep the Spurs perfect, as "
        "he paced the team with 24 points and seven rebounds. San Antonio shot 53 percent."
    )
    status = {c.column: c.status for c in ground(table, context, config=LEX)}
    assert status["Rebounds"] != "contradicted"


def test_a_text_value_the_text_frames_otherwise_for_the_entity_is_a_distortion() -> None:
    """``Config.grounding_value_frames``: a value copied over the row's own, which no row holds
    any more -> contradicted by the value the entity's sentence writes in the frame the text
    states another row's value in ("in _ County"); a value filled where the text gives the
    entity none stays unstated, and so does one sharing a word with the framed value."""
    context = (
        "Millbrook City in Stark County pays $41,250 to new teachers. Sycamore Ridge in Athens "
        "County starts teachers at $38,900. Oak Hollow pays $40,100 to new teachers."
    )
    table = (
        "| District | County | Starting Salary |\n|---|---|---|\n"
        "| Millbrook City | Summit | $41,250 |\n| Sycamore Ridge | Athens | $38,900 |\n"
        "| Oak Hollow | Lake | $40,100 |"
    )
    cells = {(c.row, c.column): c for c in ground(table, context, config=LEX)}
    wrong = cells[(0, "County")]
    assert wrong.status == "contradicted"
    assert wrong.evidence is not None
    assert wrong.evidence["sentence"].startswith("Millbrook City in Stark")
    assert "'Stark'" in wrong.reason
    assert cells[(1, "County")].status == "stated"
    assert cells[(2, "County")].status == "unstated"  # the text gives Oak Hollow no county
    d = detect(table, None, context=context, config=LEX)
    assert {(f.type, f.pred_row) for f in d.findings} == {
        ("attribute_distortion", 0),
        ("blank_filling", 2),
    }
    near = table.replace("| Summit |", "| Stark Valley |")
    cells = {(c.row, c.column): c for c in ground(near, context, config=LEX)}
    assert cells[(0, "County")].status == "unstated"
    off = LEX.replace(grounding_value_frames=0)
    cells = {(c.row, c.column): c for c in ground(table, context, config=off)}
    assert cells[(0, "County")].status == "unstated"


def test_a_figure_in_the_headers_unit_or_of_a_column_of_figures_is_eliminated() -> None:
    """``Config.grounding_elimination_ratio``: "added 0.52 points" is a figure of "Contribution
    (percentage points)" (the unit's word names no other attribute), and "1180" in a column
    holding "3560" is a count, no year, so "1,380 complaints" contradicts it."""
    context = (
        "Housing, with a 12.5% weight, rose 4.2% and added 0.52 points. Education drew 1,380 "
        "complaints. Health care drew 3,560 complaints."
    )
    table = (
        "| Category | Weight (%) | Change (%) | Contribution (percentage points) |\n"
        "|---|---|---|---|\n| Housing | 12.5 | 4.2 | 0.72 |"
    )
    cells = {c.column: c for c in ground(table, context, config=LEX)}
    assert cells["Contribution (percentage points)"].status == "contradicted"
    assert "0.52" in cells["Contribution (percentage points)"].reason
    rows = ["| Sector | Complaints Received |", "|---|---|", "| Education | 1180 |"]
    counts = "\n".join([*rows, "| Health care | 3560 |"])
    cells = {c.row: c for c in ground(counts, context, config=LEX) if c.column != "Sector"}
    assert cells[0].status == "contradicted"
    assert "1,380" in cells[0].reason
    assert cells[1].status == "stated"


def test_an_approximate_figure_far_from_the_claim_contradicts_it() -> None:
    """``Config.grounding_approximate_margin``: "a population of about 1,650,000" contradicts
    1394250 by elimination, not 1600000 (an approximation may be that); 0 turns it off."""
    context = (
        "Jamaica became independent in 1962 with a population of about 1,650,000. Guyana "
        "followed in 1966 with 640,000 inhabitants."
    )
    table = (
        "| Country | Year | Population |\n|---|---|---|\n"
        "| Jamaica | 1962 | 1394250 |\n| Guyana | 1966 | 640000 |"
    )
    cells = {(c.row, c.column): c for c in ground(table, context, config=LEX)}
    assert cells[(0, "Population")].status == "contradicted"
    assert "1,650,000" in cells[(0, "Population")].reason
    near = table.replace("1394250", "1600000")
    cells = {(c.row, c.column): c for c in ground(near, context, config=LEX)}
    assert cells[(0, "Population")].status != "contradicted"
    off = LEX.replace(grounding_approximate_margin=0.0)
    cells = {(c.row, c.column): c for c in ground(table, context, config=off)}
    assert cells[(0, "Population")].status != "contradicted"
    bound = context.replace("about 1,650,000", "over 1,650,000")  # a bound, no estimate
    cells = {(c.row, c.column): c for c in ground(table, bound, config=LEX)}
    assert cells[(0, "Population")].status != "contradicted"


def test_an_age_written_before_a_name_is_that_names() -> None:
    """ "24-year-old Daniel Okafor-Reid" gives Daniel Okafor-Reid the age 24: Age = 11 is
    contradicted by it, Age = 24 stated (the name the sentence opens with owns no figure
    after the age)."""
    context = (
        "At the 2023 Valdemark National Athletics Championships, 24-year-old Daniel Okafor-Reid "
        "of Harbour AC won the men's 100 m in 10.08 s on Friday. Luca Brennan of Northside "
        "Harriers, aged 22, took the 2023 men's 400 m title in 45.61 s."
    )
    table = (
        "| Champion | Event | Mark | Age |\n|---|---|---|---|\n"
        "| Daniel Okafor-Reid | Men's 100 m | 10.08 s | 11 |\n"
        "| Luca Brennan | Men's 400 m | 45.61 s | 22 |"
    )
    cells = {(c.row, c.column): c for c in ground(table, context, config=LEX)}
    assert cells[(0, "Age")].status == "contradicted"
    assert "24" in cells[(0, "Age")].reason
    right = table.replace("| 11 |", "| 24 |")
    cells = {(c.row, c.column): c for c in ground(right, context, config=LEX)}
    assert cells[(0, "Age")].status == "stated"


def test_an_empty_cell_the_rows_sentence_gives_a_figure_for_is_a_missing_value() -> None:
    """``Config.grounding_missing_values``: an empty cell of a column of figures whose value
    the sentence the row was read from gives the entity -> attribute_distortion /
    missing_value; not from a sentence that states no other cell of the row, nor a figure
    another cell of the row holds; off: no finding."""
    context = (
        "Ashgrove, the county seat with 84,200 residents, approved a $312 million budget. "
        "Brookfield, with 41,000 residents, approved a $150 million budget. Cresthill has "
        "22,500 residents. Its council later approved a $90 million budget."
    )
    table = (
        "| Town | Residents | Total Budget (USD Million) |\n|---|---|---|\n"
        "| Ashgrove | 84200 |  |\n| Brookfield | 41000 | 150 |\n| Cresthill | 22500 |  |"
    )
    d = detect(table, None, context=context, config=LEX)
    missing = [f for f in d.findings if f.subtype == "missing_value"]
    assert [(f.type, f.pred_row, f.pred_column) for f in missing] == [
        ("attribute_distortion", 0, "Total Budget (USD Million)")
    ]
    assert "312" in missing[0].explanation
    off = LEX.replace(grounding_missing_values=False)
    d = detect(table, None, context=context, config=off)
    assert not [f for f in d.findings if f.subtype == "missing_value"]


def test_a_row_whose_key_is_a_description_but_whose_date_is_in_the_text_is_not_invented() -> None:
    ctx = (
        "The probe launched on 14 March 2021. It entered orbit around Mars on October 2, 2021. "
        "Contact was lost in June 2023."
    )
    table = (
        "| Date | Event |\n|---|---|\n| 2021-03-14 | Launch |\n| 2021-10-02 | Orbit insertion |\n"
        "| 2022-06-15 | Rover deployment |\n"
    )
    d = detect(table, None, context=ctx, config=Config(matcher="lexical", reference="context"))
    invented = {f.predicted for f in d.findings if f.type == "entity_fabrication"}
    assert invented == {"Rover deployment"}
    assert any("Orbit insertion" in w for w in d.warnings)
    off = Config(matcher="lexical", reference="context", grounding_dated_rows=False)
    d = detect(table, None, context=ctx, config=off)
    invented = {f.predicted for f in d.findings if f.type == "entity_fabrication"}
    assert invented == {"Orbit insertion", "Rover deployment"}


def test_a_total_row_is_named_by_the_text_without_its_total_word() -> None:
    ctx = (
        "The school board approved a budget of $84.2 million for the 2024-25 year, up 3.1 "
        "percent. Salaries account for $61.5 million and transportation for $4.8 million."
    )
    table = (
        "| Item | Amount | Change |\n|---|---|---|\n| Total budget | $84.2 million | +3.1% |\n"
        "| Salaries | $61.5 million | |\n| Food services | $2.1 million | |\n"
    )
    d = detect(table, None, context=ctx, config=Config(matcher="lexical", reference="context"))
    invented = {f.predicted for f in d.findings if f.type == "entity_fabrication"}
    assert invented == {"Food services"}
    assert not [f for f in d.findings if f.pred_row == 0]


RESULTS = (
    "Northwind Foods reported revenue of $4.2 billion for 2023, up from $3.9 billion in 2022. "
    "Operating margin improved to 12.5% from 11.0%. The company ended 2023 with 12,500 "
    "employees."
)


def test_a_table_of_metrics_by_period_reads_each_row_as_an_attribute_of_the_subject() -> None:
    table = (
        "| Metric | 2023 | 2022 |\n|---|---|---|\n| Revenue ($M) | 4,200 | 3,900 |\n"
        "| Operating margin | 12.5% | 11% |\n| Net income ($M) | 450 | 390 |\n"
    )
    d = detect(table, None, context=RESULTS, config=Config(matcher="lexical", reference="context"))
    assert not [f for f in d.findings if f.type == "entity_fabrication"]
    flagged = {(f.pred_row, f.column) for f in d.findings}
    assert flagged == {(2, "2023"), (2, "2022")}  # net income: never stated


def test_a_metric_of_another_period_is_no_contradiction() -> None:
    g = Grounder(RESULTS, ("",), Config(), subject=0)
    assert g.check(0, "Employees 2022", type_cell("11,300")).status != "contradicted"
    assert g.check(0, "Employees 2023", type_cell("12,000")).status == "contradicted"


def test_an_invented_row_with_another_rows_date_or_a_names_key_stays_invented() -> None:
    ctx = "The Nimbus Fold X launched on 7 June 2022. The Verve Clam followed on 21 February 2023."
    table = (
        "| Model | Launch Date |\n|---|---|\n| Nimbus Fold X | 2022-06-07 |\n"
        "| Verve Clam | 2023-02-21 |\n| Driond Duo 2 | 2022-06-07 |\n| Ham Kril | 2023-02-21 |\n"
    )
    d = detect(table, None, context=ctx, config=Config(matcher="lexical", reference="context"))
    invented = {f.predicted for f in d.findings if f.type == "entity_fabrication"}
    assert invented == {"Driond Duo 2", "Ham Kril"}


BATTLE = (
    "The Danish army numbered 14,000 men, of whom 4,000 were killed. Sweden fielded 16,000 men "
    "and lost about 1,500."
)


def _battle(total: str) -> list[tuple[str, str | None, int | None, str | None]]:
    table = (
        "| Side | Strength | Losses |\n|---|---|---|\n| Denmark | 14,000 | 4,000 |\n"
        f"| Sweden | 16,000 | 1,500 |\n{total}\n"
    )
    cfg = Config(matcher="lexical", headers="lenient", order="declared", reference="context")
    found = detect(table, None, context=BATTLE, config=cfg).findings
    return [(f.type, f.subtype, f.pred_row, f.pred_column) for f in found]


def test_a_totals_row_is_no_entity_and_its_figures_are_the_columns_sums() -> None:
    assert _battle("| Total | 30,000 | 5,500 |") == []
    assert _battle("| **Grand total** | 31,000 | 5,500 |") == [
        ("attribute_distortion", "wrong_total", 2, "Strength")
    ]
    # off: an entity the context never names, as before
    table = (
        "| Side | Strength |\n|---|---|\n| Denmark | 14,000 |\n| Sweden | 16,000 |\n"
        "| Total | 30,000 |"
    )
    cfg = Config(
        matcher="lexical", reference="context", headers="lenient", grounding_total_rows=False
    )
    off = detect(table, None, context=BATTLE, config=cfg).findings
    assert [f.type for f in off] == ["entity_fabrication"]


def test_a_totals_row_the_gold_lacks_is_no_invented_entity() -> None:
    gold = (
        "| Side | Strength | Losses |\n|---|---|---|\n| Denmark | 14,000 | 4,000 |\n"
        "| Sweden | 16,000 | 1,500 |\n"
    )
    cfg = Config(matcher="lexical")
    right = detect(gold + "| Total | 30,000 | 5,500 |\n", gold, context=BATTLE, config=cfg)
    assert right.findings == []
    wrong = detect(gold + "| Total | 30,000 | 5,000 |\n", gold, context=BATTLE, config=cfg)
    assert [(f.type, f.subtype, f.column) for f in wrong.findings] == [
        ("attribute_distortion", "wrong_total", "Losses")
    ]


def test_a_text_value_mostly_in_the_entitys_sentences_is_a_rewording_not_blank_filling() -> None:
    """``Config.grounding_reworded_share``: a value most of whose words the entity's sentences
    hold, its other words nowhere in the text, is left unchecked (a rewording the lexical
    matcher cannot verify); a value whose other words the text gives another entity, an
    invented one, a name, and a field of a one-subject (key/value) table are still flagged."""
    context = (
        "The Northern Uplands had the highest vacancy rate, and intensive care was the "
        "hardest area to staff. The Coastal Plains reported the most acute shortage in "
        "emergency care."
    )
    table = (
        "| Region | Main Shortage Area |\n|---|---|\n"
        "| Northern Uplands | intensive care units |\n| Coastal Plains | emergency care |"
    )
    cells = {(c.row, c.column): c for c in ground(table, context, config=LEX)}
    reworded = cells[(0, "Main Shortage Area")]
    assert reworded.status == "unchecked"
    assert "rewording" in reworded.reason
    assert not detect(table, None, context=context, config=LEX).findings
    for value in (
        "emergency care units",  # its other word is another entity's
        "paediatric wards",  # invented
        "Saint Mary Units",  # a name
        "intensive care ward 7",  # a figure the text never gives
        "intensive care unit B",  # a letter the text never gives
    ):
        other = table.replace("| intensive care units |", f"| {value} |")
        cells = {(c.row, c.column): c for c in ground(other, context, config=LEX)}
        assert cells[(0, "Main Shortage Area")].status != "unchecked", value
        found = detect(other, None, context=context, config=LEX).findings
        assert [(f.type, f.pred_row) for f in found] == [("blank_filling", 0)], value
    off = LEX.replace(grounding_reworded_share=0.0)
    cells = {(c.row, c.column): c for c in ground(table, context, config=off)}
    assert cells[(0, "Main Shortage Area")].status == "unstated"
    bio = "John Smith (born 1950) is an English painter of large seascapes."
    kv = "| Field | Value |\n|---|---|\n| Name | John Smith |\n| Occupation | seascape sculptor |"
    cells = {(c.row, c.column): c for c in ground(kv, bio, config=LEX)}
    assert cells[(1, "Value")].status == "unstated"


def test_a_cell_the_gold_does_not_cover_is_read_as_without_a_gold() -> None:
    """``Config.grounding_uncovered_as_referenceless``: with a gold table, a filled cell of a
    column the gold lacks is read once more as a table without a gold is read: a rewording is a
    warning, not a blank_filling; an invented value stays one; off, both are flagged."""
    context = (
        "The Northern Uplands had the highest vacancy rate, and intensive care was the "
        "hardest area to staff. The Coastal Plains reported the most acute shortage in "
        "emergency care."
    )
    gold = "| Region |\n|---|\n| Northern Uplands |\n| Coastal Plains |"
    table = (
        "| Region | Main Shortage Area |\n|---|---|\n"
        "| Northern Uplands | intensive care units |\n| Coastal Plains | paediatric wards |"
    )
    cfg = Config(matcher="lexical", headers="lenient")
    d = detect(table, gold, context=context, config=cfg)
    cells = [(f.type, f.pred_row) for f in d.findings if f.type != "format_error"]
    assert cells == [("blank_filling", 1)]  # the extra column itself is a format finding
    assert any("'intensive care units' could not be checked" in w for w in d.warnings)
    off = cfg.replace(grounding_uncovered_as_referenceless=False)
    d = detect(table, gold, context=context, config=off)
    assert sorted((f.type, f.pred_row) for f in d.findings if f.type != "format_error") == [
        ("blank_filling", 0),
        ("blank_filling", 1),
    ]

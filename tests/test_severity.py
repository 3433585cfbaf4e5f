"""Severity per sample: 0 for a faithful table, 1 for nothing right, growing with every error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablehallu import Config, detect, score
from tablehallu.config import ConfigError
from tablehallu.detectors.severity import TIERS, closeness, tiered_severity

LENIENT = Config(headers="lenient", matcher="lexical")


def _md(headers: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines) + "\n"


HEADERS = ["Country", "Capital", "Population", "Continent"]
ROWS = [
    ["France", "Paris", "68", "Europe"],
    ["Japan", "Tokyo", "125", "Asia"],
    ["Brazil", "Brasilia", "203", "South America"],
    ["Kenya", "Nairobi", "54", "Africa"],
    ["Canada", "Ottawa", "39", "North America"],
    ["Peru", "Lima", "34", "South America"],
]
GOLD = _md(HEADERS, ROWS)


def _severity(response: str, config: Config = LENIENT) -> float:
    sev = detect(response, GOLD, config=config).severity
    assert sev is not None
    return sev


def test_a_faithful_copy_costs_nothing() -> None:
    assert _severity(GOLD) == 0.0
    assert _severity(GOLD, Config(matcher="lexical")) == 0.0  # strict headers too


@pytest.mark.parametrize("response", ["Sorry, I cannot produce that table.", "", _md(HEADERS, [])])
def test_an_unparseable_or_empty_table_scores_one(response: str) -> None:
    assert _severity(response) == 1.0
    assert _severity(response, Config(matcher="lexical")) == 1.0


def test_a_table_of_invented_rows_scores_one() -> None:
    invented = [[f"Land{i}", f"City{i}", str(1000 + i), "Atlantis"] for i in range(6)]
    assert _severity(_md(HEADERS, invented)) == pytest.approx(1.0)


def test_one_wrong_cell_grades_with_the_share_of_the_table() -> None:
    big = [[f"Item {i}", f"Maker {i}", str(100 + i), f"Town {i}"] for i in range(40)]
    gold = _md(HEADERS, big)
    edited = [list(r) for r in big]
    edited[7][2] = "999"
    sev_big = detect(_md(HEADERS, edited), gold, config=LENIENT).severity
    small = [list(r) for r in ROWS]
    small[1][2] = "999"
    dropped = edited[:-1]  # the same wrong cell and one gold row omitted
    sev_dropped = detect(_md(HEADERS, dropped), gold, config=LENIENT).severity
    assert sev_big is not None and sev_dropped is not None
    assert 0.0 < sev_big < _severity(_md(HEADERS, small)) < sev_dropped
    assert sev_big < 0.1  # a cell-level error stays mild


# each edit is applied on top of the previous ones: the severity must never go down
def _edit_wrong_cell(rows: list[list[str]], headers: list[str]) -> None:
    rows[0][1] = "Lyon"


def _edit_partial(rows: list[list[str]], headers: list[str]) -> None:
    rows[2][2] = "210"  # close to the gold 203


def _edit_blank(rows: list[list[str]], headers: list[str]) -> None:
    rows[1][2] = ""


def _edit_extra_row(rows: list[list[str]], headers: list[str]) -> None:
    rows.append(["Wakanda", "Birnin Zana", "6", "Africa"])


def _edit_drop_row(rows: list[list[str]], headers: list[str]) -> None:
    del rows[4]


def _edit_swap_rows(rows: list[list[str]], headers: list[str]) -> None:
    rows[0], rows[1] = rows[1], rows[0]


def _edit_drop_column(rows: list[list[str]], headers: list[str]) -> None:
    del headers[3]
    for r in rows:
        del r[3]


def _edit_extra_column(rows: list[list[str]], headers: list[str]) -> None:
    headers.append("Currency")
    for i, r in enumerate(rows):
        r.append(f"coin {i}")


EDITS = [
    _edit_wrong_cell,
    _edit_partial,
    _edit_blank,
    _edit_extra_row,
    _edit_drop_row,
    _edit_swap_rows,
    _edit_drop_column,
    _edit_extra_column,
]


@pytest.mark.parametrize("start", range(len(EDITS)))
def test_severity_grows_as_errors_are_added(start: int) -> None:
    # the edits in a rotated order: every prefix is a response with more errors than the last
    order = EDITS[start:] + EDITS[:start]
    headers, rows = list(HEADERS), [list(r) for r in ROWS]
    previous = _severity(_md(headers, rows))
    for edit in order:
        edit(rows, headers)
        current = _severity(_md(headers, rows))
        assert current > previous, f"{edit.__name__} did not raise the severity"
        previous = current
    assert 0.0 < previous <= 1.0


def test_a_partial_mismatch_costs_less_than_an_unrelated_value() -> None:
    partial = [list(r) for r in ROWS]
    partial[2][2] = "210"  # gold 203
    unrelated = [list(r) for r in ROWS]
    unrelated[2][2] = "5"
    assert 0 < _severity(_md(HEADERS, partial)) < _severity(_md(HEADERS, unrelated))
    assert closeness("325", "300") > closeness("325", "3") > closeness("325", "-3")


def test_the_cost_weights_are_config_fields() -> None:
    dropped = _md(HEADERS, [list(r) for r in ROWS[:-1]])
    mild = Config(headers="lenient", matcher="lexical", severity_missing_cell=0.5)
    assert 0 < _severity(dropped, mild) < _severity(dropped)
    two_dropped = _md(HEADERS, [list(r) for r in ROWS[:-2]])
    assert _severity(two_dropped) > _severity(dropped)
    # a floor of 1: a tier costs its whole weight whatever share of the table its errors affect
    presence = Config(headers="lenient", matcher="lexical", severity_tier_floor=1.0)
    assert _severity(two_dropped, presence) == _severity(dropped, presence)
    partial = [list(r) for r in ROWS]
    partial[2][3] = "S. America"  # an abbreviation the cascade accepts
    free = Config(headers="lenient", matcher="lexical", severity_partial_match=0.0)
    assert _severity(_md(HEADERS, partial), free) < _severity(_md(HEADERS, partial))
    with pytest.raises(ConfigError, match="severity_tier_ratio"):
        Config(severity_tier_ratio=0.5)


# --- the tiers: the experts' order (TabXBench guideline) --------------------------------------
# missing columns > extra columns > missing rows > extra rows > missing / wrong cells > extra
# cells > partial matches > cosmetic (renamed headers, order); a faithful conversion costs ~0


def _rows() -> list[list[str]]:
    return [list(r) for r in ROWS]


def _without_column(rows: list[list[str]], c: int) -> str:
    return _md([h for i, h in enumerate(HEADERS) if i != c], [r[:c] + r[c + 1 :] for r in rows])


def _with_column(rows: list[list[str]]) -> str:
    return _md([*HEADERS, "Currency"], [[*r, f"coin {i}"] for i, r in enumerate(rows)])


def _all_cells_wrong_but_the_key() -> list[list[str]]:
    return [[r[0], f"Town{i}", str(7000 + i), "Antarctica"] for i, r in enumerate(ROWS)]


def _all_but_one_row_omitted() -> list[list[str]]:
    return _rows()[:1]


def _every_blank_filled_and_invented_rows() -> list[list[str]]:
    return [*_rows(), ["Wakanda", "Birnin Zana", "6", "Africa"], ["Genovia", "Pyrus", "1", ""]]


def test_one_missing_column_outranks_every_cell_wrong() -> None:
    one_column = _severity(_without_column(_rows(), 3))
    assert one_column > _severity(_md(HEADERS, _all_cells_wrong_but_the_key()))
    assert one_column > _severity(_md(HEADERS, _all_but_one_row_omitted()))


def test_a_missing_column_outranks_an_extra_one_and_an_extra_one_any_row_error() -> None:
    missing, extra = _severity(_without_column(_rows(), 3)), _severity(_with_column(_rows()))
    assert missing > extra > _severity(_md(HEADERS, _all_but_one_row_omitted()))
    assert extra > _severity(_md(HEADERS, _every_blank_filled_and_invented_rows()))


def test_one_omitted_row_outranks_every_cell_wrong_and_an_extra_row() -> None:
    one_row = _severity(_md(HEADERS, _rows()[:-1]))
    every_cell = _severity(_md(HEADERS, _all_cells_wrong_but_the_key()))
    one_extra = _severity(_md(HEADERS, [*_rows(), ["Wakanda", "Birnin Zana", "6", "Africa"]]))
    # missing before extra within the rows tier is a weight (severity_extra_cell), not a tier
    assert one_row > one_extra > every_cell


def test_one_wrong_cell_outranks_partial_matches_and_renamed_headers() -> None:
    wrong = _rows()
    wrong[0][1] = "Lyon"
    one_wrong = _severity(_md(HEADERS, wrong))
    partial = _rows()
    for r in partial:  # every continent abbreviated: partial matches the cascade accepts
        r[3] = {"South America": "S. America", "North America": "N. America"}.get(r[3], r[3])
        r[1] = f"{r[1]} City"
    all_partial = _severity(_md(HEADERS, partial))
    renamed = _severity(_md(["Nation", "Capital city", "Population", "Continent"], _rows()))
    assert one_wrong > all_partial > renamed > 0.0


def test_faithful_reformatting_costs_nothing() -> None:
    reformatted = _rows()
    reformatted[0][2] = "68.0"
    assert _severity(_md(HEADERS, reformatted)) == 0.0


def test_details_and_summary_carry_the_severity(tmp_path: Path) -> None:
    wrong = [list(r) for r in ROWS]
    wrong[0][1] = "Lyon"
    records = [
        {"id": "a", "response": GOLD, "gold": GOLD, "model": "m1"},
        {"id": "b", "response": _md(HEADERS, wrong), "gold": GOLD, "model": "m1"},
        {"id": "c", "response": "no table", "gold": GOLD, "model": "m2"},
    ]
    details = tmp_path / "details.jsonl"
    report = score(records, config=LENIENT, by=["model"], details=details)
    lines = [json.loads(x) for x in details.read_text().splitlines()]
    sev = {line["id"]: line["severity"] for line in lines}
    assert sev["a"] == 0.0 and 0 < sev["b"] < 0.1 and sev["c"] == 1.0
    summary = report.to_dict()
    assert summary["severity"]["n"] == 3
    assert summary["severity"]["mean"] == pytest.approx((sev["a"] + sev["b"] + 1.0) / 3, abs=1e-3)
    low, high = summary["severity"]["ci"]
    assert 0.0 <= low <= summary["severity"]["mean"] <= high <= 1.0
    groups = {g["label"]: g["severity"] for g in summary["groups"]}
    assert groups["model=m2"]["mean"] == 1.0
    assert groups["model=m1"]["mean"] == pytest.approx(sev["b"] / 2, abs=1e-3)


# --- the formula over tier shares ---------------------------------------------------------------

_SHARE = st.one_of(st.none(), st.floats(0.0, 1.0))


@given(shares=st.lists(_SHARE, min_size=len(TIERS), max_size=len(TIERS)), tier=st.integers(0, 4))
def test_adding_an_error_to_any_tier_never_lowers_the_severity(
    shares: list[float | None], tier: int
) -> None:
    config = Config()
    before = tiered_severity(shares, config)
    worse = list(shares)
    old = worse[tier]
    worse[tier] = 0.0 if old is None else min(1.0, old + 0.1)
    assert 0.0 <= before <= tiered_severity(worse, config) <= 1.0
    if old is None:  # a tier that had no error now has one: strictly worse
        assert tiered_severity(worse, config) > before


@given(tier=st.integers(0, len(TIERS) - 2), ratio=st.floats(2.0, 10.0))
def test_the_least_error_of_a_tier_outranks_every_lower_tier_at_its_worst(
    tier: int, ratio: float
) -> None:
    config = Config(severity_tier_ratio=ratio, severity_tier_floor=1.0 / (ratio - 1.0))
    least: list[float | None] = [None] * len(TIERS)
    least[tier] = 0.0
    worst: list[float | None] = [None] * (tier + 1) + [1.0] * (len(TIERS) - tier - 1)
    assert tiered_severity(least, config) > tiered_severity(worst, config)
    assert tiered_severity([None] * len(TIERS), config) == 0.0
    assert tiered_severity([1.0] * len(TIERS), config) == pytest.approx(1.0)

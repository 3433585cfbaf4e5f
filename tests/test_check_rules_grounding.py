"""``tablehallu check``, the grounding rules (TH020, TH021): one test (at least) per rule."""

from __future__ import annotations

from typing import Any

import pytest
from _check_helpers import CONTEXT, LEXICAL, ROWS, H, base_record, check, codes_of, gold

from tablehallu.check import Checker


def test_th020_typed_grounding() -> None:
    assert check(base_record(), "TH020") == []
    rows = [list(r) for r in ROWS]
    rows[0][3] = 4.6  # not in the context
    rows[2][1] = "Dunmoor"  # a near miss of "Dunmore"
    rows[1][2] = "2006-06-02"  # wrong year
    found = check(base_record(gt_table=gold(H, rows)), "TH020")
    messages = sorted(m for _, m in found)
    assert len(messages) == 3
    assert messages[0].startswith("row 1 ('Alder Works'), column 'Revenue (USD Million)': '4.6'")
    assert "'2006-06-02' is not in gt_context (no date of that year and month)" in messages[1]
    assert "'Dunmoor' is not in gt_context (best partial match" in messages[2]


@pytest.mark.parametrize(
    "written",
    ["$4.5 million", "4,500,000 dollars", "USD 4.5m", "4.5"],
)
def test_th020_number_under_a_scaled_header(written: str) -> None:
    rec = base_record(
        gt_table=gold(["Company", "Revenue (USD Million)"], [["Alder Works", 4.5]]),
        gt_context=f"Alder Works reported revenue of {written} last year.",
    )
    assert check(rec, "TH020") == []


def test_th020_spelled_numbers_follow_the_config() -> None:
    rec = base_record(
        gt_table=gold(["Player", "Assists"], [["Jeff Teague", 7]]),
        context="Jeff Teague added seven assists.",
        gt_context=None,
    )
    assert check(rec, "TH020") == []
    off = LEXICAL.replace(check_spelled_numbers=False)
    assert codes_of(check(rec, "TH020", config=off)) == ["TH020"]


def test_th020_uses_the_distractor_context_only_without_a_base() -> None:
    rec = base_record(gt_context=None, distractor_context="Nothing relevant here.")
    assert len(check(rec, "TH020")) == 14  # every non-null cell
    rec = base_record(gt_context=None, distractor_context="Intro. " + CONTEXT)
    assert check(rec, "TH020") == []


def test_th020_embedding_stage_settles_pending_cells(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deferred cells of a file are embedded in one batch; a close sentence clears them."""
    import tablehallu.detectors.similarity as similarity

    class Fake:
        name = "embedding"

        def __init__(self) -> None:
            self.prepared: list[list[str]] = []

        def prepare(self, texts: Any) -> None:
            self.prepared.append(list(texts))

        def best_match(self, query: str, candidates: Any) -> tuple[int, float]:
            return (0, 0.95) if query == "the software group" else (0, 0.1)

    fake = Fake()
    monkeypatch.setattr(similarity, "resolve_backend", lambda config: fake)
    headers = ["Company", "Sector"]
    records = [
        base_record(gt_table=gold(headers, [["Alder Works", "the software group"]])),
        base_record(gt_table=gold(headers, [["Alder Works", "quantum mining"]])),
    ]
    config = LEXICAL.replace(matcher="embedding")
    checker = Checker({"TH020": "error"}, config)
    found = checker.check_records(records)
    assert [(v.line, v.code) for v in found] == [(2, "TH020")]
    assert "no sentence is similar enough" in found[0].message
    assert len(fake.prepared) == 1  # one batch for the whole file


def test_th020_initials_and_article_one_follow_the_config() -> None:
    rec = base_record(
        gt_table=gold(["Player", "Steals", "Assists"], [["CJ Miles", 1, 1]]),
        context="C.J. Miles added a steal and an assist.",
        gt_context=None,
    )
    assert check(rec, "TH020") == []
    off = LEXICAL.replace(check_article_one=False, check_initials_without_dots=False)
    messages = [m.split(": ", 1)[1] for _, m in check(rec, "TH020", config=off)]
    assert messages[0].startswith("'CJ Miles' is not in context (best partial match 0.")
    assert messages[1:] == ["'1' is not in context (no equal number)"] * 2
    # "a" before a word of another column is not a 1 of this one
    rec["context"] = "C.J. Miles added a steal."
    found = check(rec, "TH020")
    assert [f[1].split(":")[0] for f in found] == ["row 1 ('CJ Miles'), column 'Assists'"]


def test_th021_null_stated_for_that_entity() -> None:
    stated = CONTEXT + " Birch Labs employs 85 staff."
    found = check(base_record(gt_context=stated), "TH021")
    assert codes_of(found) == ["TH021"]
    assert found[0][1].startswith("row 2 ('Birch Labs'), column 'Staff': is null, but")


def test_th021_in_the_adversarial_context_too() -> None:
    rec = base_record(distractor_context="Intro. " + CONTEXT + " Birch Labs has 85 staff.")
    found = check(rec, "TH021")
    assert codes_of(found) == ["TH021"] and "distractor_context sentence" in found[0][1]


@pytest.mark.parametrize(
    "sentence",
    [
        "Birch Labs and Cedar Group together have 400 staff.",  # several entities
        "The birch labs of the region employ 85 staff.",  # not the name as written
        "Birch Labs moved to 12 Harbour Road.",  # no staff evidence
        "Birch Labs hired new staff in 2005.",  # only table numbers (2005)
    ],
)
def test_th021_does_not_fire_without_clear_evidence(sentence: str) -> None:
    assert check(base_record(gt_context=CONTEXT + " " + sentence), "TH021") == []


def test_th021_text_and_date_columns() -> None:
    headers = ["Club", "Ground", "Founded"]
    rows: list[list[Any]] = [["Ardley Town", "Mill Lane", "1901"], ["Kestwick United", None, None]]
    context = "Ardley Town play at Mill Lane and were founded in 1901. Kestwick United are new."
    rec = base_record(gt_table=gold(headers, rows), gt_context=context)
    assert check(rec, "TH021") == []
    rec["gt_context"] = context + " Kestwick United play their home games at a ground in Eastby."
    assert codes_of(check(rec, "TH021")) == ["TH021"]
    off = LEXICAL.replace(check_null_mention_text_columns=False)
    assert check(rec, "TH021", config=off) == []
    rec["gt_context"] = context + " Kestwick United were founded in 1923."
    found = check(rec, "TH021")
    assert codes_of(found) == ["TH021"] and "column 'Founded'" in found[0][1]


def test_th023_a_number_the_context_gives_otherwise_for_that_entity() -> None:
    rows = [list(r) for r in ROWS]
    rows[2][4] = 120  # Alder Works' staff count; the context gives Cedar Group 310
    found = check(base_record(gt_table=gold(H, rows)), "TH023")
    assert codes_of(found) == ["TH023"]
    assert found[0][1].startswith("row 3 ('Cedar Group'), column 'Staff': '120' but the context")
    assert "310" in found[0][1]


@pytest.mark.parametrize(
    "sentence",
    [
        "Birch Labs and Cedar Group together have 400 staff.",  # no single owner
        "Cedar Group has more than 300 staff.",  # a bound, not a value
        "Cedar Group staff numbers averaged 280 over the decade.",  # an average
    ],
)
def test_th023_needs_a_number_that_surely_belongs_to_the_entity(sentence: str) -> None:
    context = CONTEXT.replace(" and 310 staff", "") + " " + sentence
    assert check(base_record(gt_context=context), "TH023") == []


def test_th021_also_reads_whom_a_number_belongs_to() -> None:
    context = CONTEXT + " Birch Labs added eight workers to its staff, reaching 95 staff."
    found = check(base_record(gt_context=context), "TH021")
    assert codes_of(found) == ["TH021"]

"""Gold tables are parsed once per distinct content, and results stay those of parse_gold."""

from __future__ import annotations

from typing import Any

import pytest

from tablehallu.config import Config
from tablehallu.detectors import detect_many
from tablehallu.parsers import gold_cache as gc
from tablehallu.parsers import parse_gold
from tablehallu.parsers.table import ParsedTable, ParseError

GOLD: dict[str, Any] = {
    "table": {"Cities": [{"City": "Oslo", "Pop": 700}, {"City": "Bergen", "Pop": 290}]},
    "metadata": {"sort_column": "Pop", "sort_method": "descending"},
}


def test_equal_content_is_parsed_once() -> None:
    cache = gc.GoldCache(size=4)
    first = cache.parse(GOLD, Config())
    copy = {"table": dict(GOLD["table"]), "metadata": dict(GOLD["metadata"])}
    again = cache.parse(copy, Config())
    assert again is first
    assert (cache.hits, cache.misses) == (1, 1)
    assert isinstance(first, ParsedTable)
    expected = parse_gold(GOLD)
    assert isinstance(expected, ParsedTable)
    assert first.to_dict() == expected.to_dict()


def test_key_order_and_config_are_part_of_the_key() -> None:
    cache = gc.GoldCache(size=4)
    a = cache.parse([{"A": 1, "B": 2}], Config())
    b = cache.parse([{"B": 2, "A": 1}], Config())
    assert isinstance(a, ParsedTable) and isinstance(b, ParsedTable)
    assert a.headers == ["A", "B"] and b.headers == ["B", "A"]
    c = cache.parse([{"A": 1, "B": 2}], Config(max_columns=1))
    assert isinstance(c, ParseError)


def test_cache_is_bounded_and_unhashable_values_bypass_it() -> None:
    cache = gc.GoldCache(size=2)
    for i in range(5):
        cache.parse(f"| a |\n|---|\n| {i} |", Config())
    assert len(cache) == 2
    assert gc.gold_digest(object()) is None
    assert gc.gold_digest([{"a": {1, 2}}]) is None  # a set: not JSON
    with pytest.raises(ValueError):
        gc.GoldCache(size=0)


def test_shared_gold_gives_the_same_diagnoses() -> None:
    responses = [
        "| City | Pop |\n|---|---|\n| Oslo | 700 |\n| Bergen | 290 |",
        "| City | Pop |\n|---|---|\n| Bergen | 290 |\n| Oslo | 700 |",
        "| City | Pop |\n|---|---|\n| Oslo | 701 |\n| Bergen | 290 |",
    ]
    shared = detect_many([{"response": r, "gold": GOLD} for r in responses])
    alone = [detect_many([{"response": r, "gold": GOLD}])[0] for r in responses]
    gc._shared.clear()
    fresh = [detect_many([{"response": r, "gold": GOLD}])[0] for r in responses]
    assert [d.to_dict() for d in shared] == [d.to_dict() for d in alone]
    assert [d.to_dict() for d in shared] == [d.to_dict() for d in fresh]
    assert [sorted(d.hallucinations) for d in shared] == [
        [],
        ["order_mismatch"],
        ["attribute_distortion"],
    ]

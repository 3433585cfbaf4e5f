"""The JSON table reader and writer: every documented shape, value rule, trap and hostile input.

Round-trip equality (the hypothesis property): a DataFrame of strings with unique headers and at
least one row, written by :func:`render_json` and read by :func:`parse_json`, gives the same
headers and cells after each is stripped of surrounding whitespace (the reader strips strings).
"""

from __future__ import annotations

import json
from typing import Any

import pandas as pd
import pytest
from _normalize_helpers import finishes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablehallu.config import Config
from tablehallu.parsers.json_table import (
    SYNTAX_REPAIRED,
    parse_json,
    parse_json_value,
    render_json,
)
from tablehallu.parsers.table import ParsedTable, ParseError

CFG = Config()


def table(text: str, config: Config = CFG) -> ParsedTable:
    result = parse_json(text, config)
    assert isinstance(result, ParsedTable), f"expected a table, got {result}"
    return result


def error(text: str, config: Config = CFG) -> ParseError:
    result = parse_json(text, config)
    assert isinstance(result, ParseError), f"expected an error, got {result}"
    return result


def codes(t: ParsedTable) -> list[str]:
    return [w.code for w in t.warnings]


# ------------------------------------------------------------------------------------ shapes


def test_paper_output_shape_names_the_table() -> None:
    t = table('{"Team Stats": [{"Team": "Hawks", "Wins": 46}, {"Team": "Magic", "Wins": 19}]}')
    assert t.name == "Team Stats"
    assert t.format == "json"
    assert t.headers == ["Team", "Wins"]
    assert t.rows() == [["Hawks", "46"], ["Magic", "19"]]
    assert t.warnings == []
    assert t.metadata is None


GOLD = {
    "table": {
        "Phones": [
            {"Model": "Pixel 8", "Price": 699},
            {"Model": "iPhone 15", "Price": 799},
        ]
    },
    "metadata": {
        "table_info": {
            "Phones": {
                "rows": 2,
                "columns": 2,
                "topic": "Technology",
                "row_headers": ["Pixel 8", "iPhone 15"],
                "column_headers": ["Model", "Price"],
                "sort_column": "Price",
                "sort_method": "ascending",
            }
        }
    },
}


def test_gold_shape_flattens_metadata_and_keeps_raw() -> None:
    t = table(json.dumps(GOLD))
    assert t.name == "Phones"
    assert t.rows() == [["Pixel 8", "699"], ["iPhone 15", "799"]]
    assert t.metadata == {
        "sort_column": "Price",
        "sort_method": "ascending",
        "column_headers": ["Model", "Price"],
        "row_headers": ["Pixel 8", "iPhone 15"],
        "rows": 2,
        "columns": 2,
        "topic": "Technology",
        "raw": GOLD["metadata"],
    }


def test_gold_shape_wrapped_in_gt_table_ignores_the_context() -> None:
    t = table(json.dumps({"gt_table": GOLD, "gt_context": "Pixel 8 costs 699 dollars."}))
    assert t.name == "Phones"
    assert t.headers == ["Model", "Price"]
    assert t.metadata is not None and t.metadata["sort_column"] == "Price"


def test_gold_flat_metadata() -> None:
    doc = {
        "table": {"T": [{"A": "x"}]},
        "metadata": {"sort_column": "A", "sort_method": "descending"},
    }
    t = table(json.dumps(doc))
    assert t.metadata == {
        "sort_column": "A",
        "sort_method": "descending",
        "raw": {"sort_column": "A", "sort_method": "descending"},
    }


def test_gold_table_info_without_a_table_level() -> None:
    doc = {"table": {"T": [{"A": "x"}]}, "metadata": {"table_info": {"sort_column": "A"}}}
    t = table(json.dumps(doc))
    assert t.metadata is not None and t.metadata["sort_column"] == "A"


def test_gold_table_info_under_another_name_is_still_used() -> None:
    doc = {
        "table": {"Phones": [{"A": "x"}]},
        "metadata": {"table_info": {"Smartphones": {"sort_column": "A"}}},
    }
    t = table(json.dumps(doc))
    assert t.metadata is not None and t.metadata["sort_column"] == "A"


def test_gold_dict_goes_through_parse_json_value() -> None:
    result = parse_json_value({"gt_table": GOLD}, CFG)
    assert isinstance(result, ParsedTable)
    assert result.metadata is not None and result.metadata["sort_method"] == "ascending"


def test_gt_table_holding_text_is_an_error() -> None:
    err = error('{"gt_table": "| A |\\n|---|\\n| 1 |"}')
    assert "gt_table" in err.reason and "string" in err.reason


def test_bare_list_of_records() -> None:
    t = table('[{"A": 1, "B": 2}, {"A": 3, "B": 4}]')
    assert t.name is None
    assert t.headers == ["A", "B"]
    assert t.rows() == [["1", "2"], ["3", "4"]]


def test_pandas_split_orient_ignores_index() -> None:
    frame = pd.DataFrame({"Team": ["Hawks", "Magic"], "Wins": [46, 19]}, index=[7, 9])
    t = table(frame.to_json(orient="split"))
    assert t.headers == ["Team", "Wins"]
    assert t.rows() == [["Hawks", "46"], ["Magic", "19"]]


def test_dict_of_columns() -> None:
    t = table('{"A": [1, 2], "B": ["x", "y"]}')
    assert t.headers == ["A", "B"]
    assert t.rows() == [["1", "x"], ["2", "y"]]
    assert t.warnings == []


def test_dict_of_columns_of_unequal_length_is_padded_and_flagged() -> None:
    t = table('{"A": [1, 2, 3], "B": ["x"]}')
    assert t.rows() == [["1", "x"], ["2", ""], ["3", ""]]
    assert codes(t) == ["ragged_row"]
    assert "'B' (1)" in t.warnings[0].message


def test_list_of_lists_first_row_is_header() -> None:
    t = table('[["Team", "Wins"], ["Hawks", 46], ["Magic", 19, 3]]')
    assert t.headers == ["Team", "Wins"]
    assert t.rows() == [["Hawks", "46"], ["Magic", "19"]]
    assert codes(t) == ["ragged_row"]
    assert "more cells" in t.warnings[0].message and "dropped" in t.warnings[0].message


@pytest.mark.parametrize("header_key", ["columns", "headers", "header"])
@pytest.mark.parametrize("body_key", ["data", "rows", "body", "records"])
def test_header_and_body_keys(header_key: str, body_key: str) -> None:
    t = table(json.dumps({header_key: ["A", "B"], body_key: [["1", "2"]]}))
    assert t.headers == ["A", "B"]
    assert t.rows() == [["1", "2"]]


def test_header_with_record_rows_orders_by_header_then_extra_keys() -> None:
    t = table('{"columns": ["B", "A"], "rows": [{"A": 1, "B": 2, "C": 3}]}')
    assert t.headers == ["B", "A", "C"]
    assert t.rows() == [["2", "1", "3"]]


@pytest.mark.parametrize("key", ["table", "data", "rows", "records", "items"])
def test_generic_container_keys_give_no_name(key: str) -> None:
    t = table(json.dumps({key: [{"A": 1}]}))
    assert t.name is None
    assert t.rows() == [["1"]]


def test_single_named_object_is_read_recursively() -> None:
    t = table('{"Scores": {"columns": ["A"], "data": [[1]]}}')
    assert t.name == "Scores"
    assert t.rows() == [["1"]]


def test_several_tables_take_the_first_and_warn() -> None:
    t = table('{"First": [{"A": 1}], "Second": [{"B": 2}]}')
    assert t.name == "First"
    assert t.headers == ["A"]
    assert codes(t) == ["multiple_tables"]
    assert "'Second'" in t.warnings[0].message


def test_metadata_is_never_taken_for_a_table() -> None:
    t = table('{"metadata": {"sort_column": "A"}, "T": [{"A": 1}]}')
    assert t.name == "T"
    assert t.metadata is not None and t.metadata["sort_column"] == "A"


# ------------------------------------------------------------------------------------ values


def test_numbers_keep_their_json_text() -> None:
    t = table('[{"a": 1.50, "b": 1e3, "c": -0, "d": 1E+2, "e": 12345678901234567890}]')
    assert t.rows() == [["1.50", "1e3", "-0", "1E+2", "12345678901234567890"]]


def test_scalars_to_strings() -> None:
    t = table('[{"a": true, "b": false, "c": null, "d": "  padded  ", "e": ""}]')
    assert t.rows() == [["true", "false", "", "padded", ""]]


def test_keys_are_stripped() -> None:
    assert table('[{" Team ": "Hawks"}]').headers == ["Team"]


def test_nested_values_become_compact_json_and_name_the_cell() -> None:
    t = table('[{"Player": "Korver", "Stats": {"pts": 8, "shots": [1.50, "x"]}, "Tags": []}]')
    assert t.rows() == [["Korver", '{"pts":8,"shots":[1.50,"x"]}', "[]"]]
    assert codes(t) == ["nested_value"]
    message = t.warnings[0].message
    assert "index 0" in message and "'Stats'" in message and "1 more" in message


def test_missing_keys_are_empty_and_warned() -> None:
    t = table('[{"A": 1, "B": 2}, {"A": 3}, {"B": 4}]')
    assert t.rows() == [["1", "2"], ["3", ""], ["", "4"]]
    assert codes(t) == ["missing_keys"]
    assert "2 of 3" in t.warnings[0].message and "index 1" in t.warnings[0].message


def test_record_that_is_not_an_object_names_its_index() -> None:
    err = error('{"T": [{"A": 1}, {"A": 2}, [3]]}')
    assert "index 2" in err.reason
    assert err.format == "json"


def test_repeated_key_keeps_last_value_and_warns() -> None:
    t = table('[{"A": 1, "A": 2}]')
    assert t.rows() == [["2"]]
    assert codes(t) == ["duplicate_header"]


def test_duplicate_headers_in_a_header_row_are_kept_and_warned() -> None:
    t = table('[["A", "A"], [1, 2]]')
    assert t.headers == ["A", "A"]
    assert t.rows() == [["1", "2"]]
    assert codes(t) == ["duplicate_header"]


def test_empty_table_is_a_table_without_rows() -> None:
    t = table('{"Results": []}')
    assert t.name == "Results"
    assert t.shape == (0, 0)
    assert codes(t) == ["empty_body"]


def test_empty_gold_table_takes_headers_from_metadata() -> None:
    t = table('{"table": {"T": []}, "metadata": {"column_headers": ["A", "B"]}}')
    assert t.headers == ["A", "B"]
    assert t.shape == (0, 2)
    assert codes(t) == ["empty_body"]


def test_records_without_any_key_are_an_error() -> None:
    assert "no columns" in error("[{}, {}]").reason


def test_already_loaded_python_values() -> None:
    result = parse_json_value({"T": [{"a": 1.5, "b": 2, "c": None, "d": True}]}, CFG)
    assert isinstance(result, ParsedTable)
    assert result.rows() == [["1.5", "2", "", "true"]]


# ------------------------------------------------------------------------------------ syntax


def test_syntax_error_has_reason_line_and_column() -> None:
    err = error('{\n  "T": [\n    {"A": 1}\n    {"A": 2}\n  ]\n}')
    assert "delimiter" in err.reason
    assert (err.line, err.column) == (4, 5)


def test_trailing_commas_and_comments_are_repaired_with_a_warning() -> None:
    text = '{\n  "T": [  // the table\n    {"A": 1, "B": "http://x.org/*y*/",},\n  ],\n}'
    t = table(text)
    assert t.rows() == [["1", "http://x.org/*y*/"]]
    assert codes(t) == [SYNTAX_REPAIRED]
    assert "comments" in t.warnings[0].message and "trailing commas" in t.warnings[0].message
    assert t.warnings[0].line == 2  # the first removal


def test_repair_never_hides_another_error_and_keeps_its_position() -> None:
    err = error('{"T": [ /* note */\n  {"A": 1,},\n  {"A" 2}\n]}')
    assert "delimiter" in err.reason
    assert (err.line, err.column) == (3, 8)


def test_python_literals_are_not_evaluated() -> None:
    err = error("{'T': [{'A': __import__('os').getcwd()}]}")
    assert "invalid JSON" in err.reason


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("42", "a number"),
        ('"just text"', "a string"),
        ("null", "null"),
        ("", "empty"),
        ("   \n ", "empty"),
        ('{"a": 1}', "no table"),
        ('{"metadata": {"sort_column": "A"}}', "no table"),
        ("[1, 2, 3]", "not records"),
    ],
)
def test_inputs_without_a_table_are_errors(text: str, fragment: str) -> None:
    assert fragment in error(text).reason


def test_non_text_input_is_an_error() -> None:
    result = parse_json(b"[]", CFG)  # type: ignore[arg-type]
    assert isinstance(result, ParseError) and "bytes" in result.reason


def test_byte_order_mark_is_accepted() -> None:
    assert table('\ufeff[{"A": 1}]').rows() == [["1"]]


# ------------------------------------------------------------------------------------ limits


def test_deep_nesting_is_an_error_before_decoding() -> None:
    err = finishes(parse_json, "[" * 100_000, CFG)
    assert isinstance(err, ParseError)
    assert "max_json_depth" in err.reason
    assert (err.line, err.column) == (1, CFG.max_json_depth + 1)


def test_nesting_at_the_limit_is_read() -> None:
    depth = CFG.max_json_depth - 2  # the record array and the record itself take two levels
    t = table('[{"A": ' + "[" * depth + "]" * depth + "}]")
    assert codes(t) == ["nested_value"]


def test_nesting_one_past_the_limit_is_an_error() -> None:
    depth = CFG.max_json_depth - 1
    assert "max_json_depth" in error('[{"A": ' + "[" * depth + "]" * depth + "}]").reason


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    t = table('[{"A": "' + "[" * 1000 + '"}]')
    assert t.rows() == [["[" * 1000]]


def test_deep_python_value_is_an_error() -> None:
    value: list[Any] = []
    node = value
    for _ in range(100_000):
        node.append([])
        node = node[0]
    result = finishes(parse_json_value, value, CFG)
    assert isinstance(result, ParseError) and "max_json_depth" in result.reason


def test_cyclic_python_value_is_an_error() -> None:
    record: dict[str, Any] = {"A": 1}
    record["self"] = record
    result = finishes(parse_json_value, [record], CFG)
    assert isinstance(result, ParseError) and "cycle" in result.reason


def test_shared_python_records_are_read() -> None:
    record = {"A": 1, "B": [1, 2]}
    result = parse_json_value([record, record], CFG)
    assert isinstance(result, ParsedTable)
    assert result.rows() == [["1", "[1,2]"], ["1", "[1,2]"]]


def test_shared_sub_objects_that_expand_beyond_max_bytes_are_an_error() -> None:
    node: list[Any] = ["x"]
    for _ in range(60):  # 2**60 values once written out, but only 61 distinct lists
        node = [node, node]
    result = finishes(parse_json_value, [{"A": node}], CFG)
    assert isinstance(result, ParseError) and "max_bytes" in result.reason


def test_row_and_column_limits() -> None:
    config = Config(max_rows=2, max_columns=2)
    assert "max_rows" in error("[" + ",".join(['{"A": 1}'] * 3) + "]", config).reason
    assert "max_columns" in error('[{"A": 1, "B": 2, "C": 3}]', config).reason
    assert "max_columns" in error('[["A", "B", "C"], [1, 2, 3]]', config).reason
    assert "max_rows" in error('{"A": [1, 2, 3]}', config).reason


def test_input_over_max_bytes_is_an_error() -> None:
    assert "max_bytes" in error('[{"A": "' + "x" * 200 + '"}]', Config(max_bytes=100)).reason


HOSTILE = {
    "open_brackets": "[" * 1_000_000,
    "open_braces": "{" * 1_000_000,
    "unclosed_string": '["' + "a" * 1_000_000,
    "escapes": '["' + "\\" * 1_000_001,
    "line_comments": '{"a": [1] ' + "//" * 500_000,
    "block_comments": '{"a": [1] ' + "/*" * 500_000,
    "commas": '[{"a": 1}' + "," * 1_000_000,
    "stars": "/*" + "*" * 1_000_000,
    "quotes": '"' * 1_000_000,
    "nul": "\x00" * 100_000,
    "surrogates": "\ud800" * 10_000,
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_input_returns_a_result(name: str) -> None:
    result = finishes(parse_json, HOSTILE[name], CFG)
    assert isinstance(result, ParsedTable | ParseError)


# ------------------------------------------------------------------------------------ render


def test_render_json_is_the_paper_output_shape() -> None:
    frame = pd.DataFrame({"Team": ["Hawks"], "Wins": [46], "Note": [None]})
    assert json.loads(render_json(frame, "Results")) == {
        "Results": [{"Team": "Hawks", "Wins": "46", "Note": ""}]
    }


def test_render_json_rejects_duplicate_columns() -> None:
    frame = pd.DataFrame([["1", "2"]], columns=["A", "A"])
    with pytest.raises(ValueError, match="duplicate"):
        render_json(frame)


def test_render_then_parse_keeps_the_name() -> None:
    frame = pd.DataFrame({"A": ["1"]})
    assert table(render_json(frame, "My table")).name == "My table"


CHARS = st.one_of(
    st.sampled_from([*'"\\/{}[],: \t\n', "/*", "*/", "//", "\\u0000"]),
    st.characters(exclude_categories=["Cs"]),
)
CELL = st.lists(CHARS, max_size=8).map("".join)


@st.composite
def frames(draw: st.DrawFn) -> pd.DataFrame:
    n_columns = draw(st.integers(1, 5))
    headers = draw(
        st.lists(CELL, min_size=n_columns, max_size=n_columns, unique_by=lambda h: h.strip())
    )
    rows = draw(
        st.lists(st.lists(CELL, min_size=n_columns, max_size=n_columns), min_size=1, max_size=5)
    )
    return pd.DataFrame(rows, columns=pd.Index(headers, dtype=object), dtype=object)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(frames())
def test_render_then_parse_round_trip(frame: pd.DataFrame) -> None:
    t = table(render_json(frame))
    assert t.headers == [str(h).strip() for h in frame.columns]
    expected = [[v.strip() for v in row] for row in frame.itertuples(index=False, name=None)]
    assert t.rows() == expected
    assert t.warnings == []

"""Locating the table in a raw response: reasoning, ####, fences, several tables, formats."""

from __future__ import annotations

import importlib.util

import pandas as pd
import pytest

from tablehallu.config import Config
from tablehallu.parsers import detect_format, parse_gold, parse_response, render
from tablehallu.parsers.extract import (
    extract_table,
    find_candidates,
    find_fences,
    strip_reasoning,
)
from tablehallu.parsers.table import ParsedTable, ParseError

MD_A = "| A |\n|---|\n| 1 |\n"
MD_B = "| B |\n|---|\n| 2 |\n"
HAS_JSON = importlib.util.find_spec("tablehallu.parsers.json_table") is not None
HAS_LATEX = importlib.util.find_spec("tablehallu.parsers.latex") is not None


def ok(result: ParsedTable | ParseError) -> ParsedTable:
    assert isinstance(result, ParsedTable), result
    return result


def codes(result: ParsedTable | ParseError) -> list[str]:
    return [w.code for w in result.warnings]


# --- reasoning --------------------------------------------------------------------------------


def test_strip_reasoning_blanks_blocks_and_keeps_positions() -> None:
    text = "<think>\ndraft\n</think>\nanswer\n<THINK>x</Think> end"
    stripped = strip_reasoning(text)
    assert len(stripped.text) == len(text)
    assert stripped.text.split("\n")[3] == "answer"
    assert "draft" not in stripped.text and "x" not in stripped.text.replace("\n", "")
    assert stripped.text.count("\n") == text.count("\n")
    assert stripped.text.endswith(" end") and stripped.unclosed_at is None


def test_lone_closing_tag_drops_what_precedes_it() -> None:
    stripped = strip_reasoning("I am reasoning | a | b |\n</think>\n" + MD_A)
    assert stripped.text.strip().startswith("| A |")


def test_unclosed_think_keeps_the_inside_for_the_fallback() -> None:
    stripped = strip_reasoning("before\n<thinking>\ninside")
    assert stripped.unclosed_at == 7
    assert "inside" not in stripped.text and "before" in stripped.text
    assert stripped.inside is not None and stripped.inside.strip() == "inside"


def test_think_tags_come_from_the_config() -> None:
    text = "<reasoning>\n" + MD_A + "</reasoning>\n" + MD_B
    result = ok(parse_response(text, config=Config(think_tags=("reasoning",))))
    assert result.headers == ["B"] and codes(result) == []
    no_tags = Config(think_tags=())
    kept = ok(parse_response("<think>\n" + MD_A + "</think>\n" + MD_B, config=no_tags))
    assert codes(kept) == ["multiple_tables"]


def test_draft_inside_think_is_neither_used_nor_counted() -> None:
    result = ok(parse_response("<think>\n" + MD_A + "</think>\n" + MD_B))
    assert result.headers == ["B"] and codes(result) == []


def test_unclosed_think_after_the_table() -> None:
    result = ok(parse_response(MD_A + "\n<think>\n" + MD_B))
    assert result.headers == ["A"]
    [warning] = result.warnings
    assert (warning.code, warning.line) == ("unclosed_think", 5)


def test_unclosed_think_with_the_table_inside() -> None:
    result = ok(parse_response("<think>\nreasoning\n" + MD_B))
    assert result.headers == ["B"]
    assert codes(result) == ["unclosed_think"]
    assert "line 3" in result.warnings[0].message


def test_unclosed_think_without_any_table() -> None:
    result = parse_response("<think>\nI will now list the players")
    assert isinstance(result, ParseError)
    assert "unclosed" in result.reason and result.line == 1
    assert codes(result) == ["unclosed_think"]


def test_gold_text_is_not_stripped_of_reasoning() -> None:
    text = "<think>\n" + MD_A + "</think>"
    assert isinstance(parse_response(text), ParseError)
    assert ok(parse_gold(text)).headers == ["A"]


# --- the final marker and several tables ------------------------------------------------------


def test_table_after_the_last_marker_wins() -> None:
    result = ok(parse_response(MD_A + "\n#### Final table\n\n" + MD_B + "\nBye."))
    assert result.headers == ["B"]
    [warning] = result.warnings
    assert warning.code == "multiple_tables" and warning.line == 7
    assert "2 tables" in warning.message and "####" in warning.message


def test_marker_followed_by_no_table_falls_back_to_the_whole_response() -> None:
    result = ok(parse_response(MD_A + "\n" + MD_B + "\n#### Notes\nnone"))
    assert result.headers == ["B"]
    assert "last complete" in result.warnings[0].message


def test_marker_must_start_a_line_and_is_configurable() -> None:
    text = MD_A + "\nsee the #### above\n"
    assert ok(parse_response(text)).headers == ["A"]
    custom = MD_A + "\nFINAL:\n" + MD_B + "\n" + "| C |\n|---|\n| 3 |\n"
    assert ok(parse_response(custom, config=Config(final_marker="FINAL:"))).headers == ["C"]
    first = "FINAL:\n" + MD_A + "\n" + MD_B
    assert ok(parse_response(first, config=Config(final_marker="FINAL:"))).headers == ["B"]


def test_the_last_complete_table_beats_a_truncated_one() -> None:
    result = ok(parse_response(MD_A + "\n| B |\n|---|\n| 2"))
    assert result.headers == ["A"]
    assert "table 1" in result.warnings[0].message


def test_a_lone_truncated_table_is_read_and_reported() -> None:
    result = ok(parse_response("| B |\n|---|\n| 2"))
    assert codes(result) == ["truncated_table"]


def test_many_tables_message_counts_them() -> None:
    text = "\n".join(f"| H{i} |\n|---|\n| {i} |\n" for i in range(12))
    result = ok(parse_response(text))
    assert result.headers == ["H11"]
    assert "12 tables" in result.warnings[0].message and "2 more" in result.warnings[0].message


# --- formats ----------------------------------------------------------------------------------


def test_fences_and_their_languages() -> None:
    fences = find_fences("a\n```json\n{}\n```\n~~~ csv\nx\n~~~\n````\nopen")
    assert [(f.lang, f.hint, f.closed) for f in fences] == [
        ("json", "json", True),
        ("csv", "csv", True),
        ("", None, False),
    ]


def test_fence_hint_makes_its_content_a_table_of_that_format() -> None:
    [candidate] = find_candidates("```csv\nA,B\n1,2\n```")
    assert (candidate.format, candidate.delimiter, candidate.line) == ("csv", ",", 2)
    result = ok(parse_response("Here:\n```csv\nA;B\n1;2\n```\nDone."))
    assert (result.format, result.rows()) == ("csv", [["1", "2"]])


def test_prose_braces_and_brackets_are_not_json_tables() -> None:
    text = "Use {x} or [1] or {{template}} or [[wiki]] or [1, 2] here.\n" + MD_A
    assert [c.format for c in find_candidates(text)] == ["markdown"]


def test_json_scan_respects_strings() -> None:
    [candidate] = find_candidates('Here: {"T": [{"a": "} ] {", "b": "x\\"y"}]} done')
    assert candidate.format == "json" and candidate.complete
    assert candidate.text == '{"T": [{"a": "} ] {", "b": "x\\"y"}]}'


def test_cut_off_json_is_an_incomplete_candidate() -> None:
    [candidate] = find_candidates('{"T": [{"a": 1}, {"a": ')
    assert candidate.format == "json" and not candidate.complete


def test_latex_and_html_are_found_and_end_tags_make_them_complete() -> None:
    text = "x\n\\begin{tabular}{|l|}\nA \\\\\n\\end{tabular}\n<TABLE><tr><td>1</td></tr>"
    latex, html = find_candidates(text)
    assert (latex.format, latex.complete, latex.line) == ("latex", True, 2)
    assert (html.format, html.complete, html.line) == ("html", False, 5)


def test_explicit_format_is_honoured_and_falls_back_with_a_warning() -> None:
    text = "<table><tr><th>H</th></tr><tr><td>1</td></tr></table>\n\n" + MD_B
    assert ok(parse_response(text)).format == "markdown"
    html = ok(parse_response(text, format="html"))
    assert html.format == "html" and codes(html) == ["multiple_tables"]
    mismatch = ok(parse_response(MD_B, format="latex"))
    assert mismatch.format == "markdown"
    [warning] = mismatch.warnings
    assert warning.code == "format_mismatch" and "LaTeX" in warning.message


def test_config_format_applies_when_the_call_says_auto() -> None:
    text = "<table><tr><th>H</th></tr><tr><td>1</td></tr></table>\n\n" + MD_B
    assert ok(parse_response(text, config=Config(format="html"))).format == "html"


def test_unknown_format_is_an_error() -> None:
    result = parse_response(MD_A, format="yaml")
    assert isinstance(result, ParseError) and "yaml" in result.reason


def test_extraction_reasons() -> None:
    assert extract_table("").reason == "empty response"
    assert extract_table("  \n ").reason == "empty response"
    assert extract_table("no table here").reason == "no table found in the response"
    assert "only reasoning" in (extract_table("<think>hmm</think>").reason or "")


def test_detect_format() -> None:
    assert detect_format(MD_A) == "markdown"
    assert detect_format("<table><tr><td>x</td></tr></table>") == "html"
    assert detect_format("A\tB\n1\t2") == "tsv"
    assert detect_format('```json\n{"T": [{"a": 1}]}\n```') == "json"
    assert detect_format("\\begin{tabular}{l}\nA \\\\\n\\end{tabular}") == "latex"
    assert detect_format("nothing") is None


# --- gold -------------------------------------------------------------------------------------


def test_gold_dataframe_and_parsed_table() -> None:
    frame = pd.DataFrame({"Team": ["Hawks", None], "Wins": [46.0, float("nan")]})
    result = ok(parse_gold(frame))
    assert result.headers == ["Team", "Wins"]
    assert result.rows() == [["Hawks", "46"], ["", ""]]
    assert parse_gold(result) is result


def test_gold_markdown_header_only_parses() -> None:
    result = ok(parse_gold("| Player |\n| --- |"))
    assert (result.headers, result.rows(), codes(result)) == (["Player"], [], ["empty_body"])


@pytest.mark.skipif(not HAS_JSON, reason="JSON reader not present")
def test_gold_json_value_and_string() -> None:
    value = {"Teams": [{"Team": "Hawks", "Wins": 46}]}
    from_value = ok(parse_gold(value))
    assert from_value.headers == ["Team", "Wins"]
    from_text = ok(parse_gold('{"Teams": [{"Team": "Hawks", "Wins": 46}]}'))
    assert from_text.rows() == from_value.rows()


@pytest.mark.skipif(not (HAS_JSON and HAS_LATEX), reason="JSON/LaTeX renderers not present")
def test_render_delegates_json_and_latex() -> None:
    frame = ParsedTable.from_rows(["A", "B"], [["1", "x"]], "test").frame
    for fmt in ("json", "latex"):
        back = ok(parse_response(render(frame, fmt), format=fmt))
        assert (back.format, back.headers, back.rows()) == (fmt, ["A", "B"], [["1", "x"]])


def test_render_unknown_format_raises() -> None:
    frame = ParsedTable.from_rows(["A"], [], "test").frame
    with pytest.raises(ValueError, match="yaml"):
        render(frame, "yaml")

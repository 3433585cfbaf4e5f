"""Scorer input: the record schema, aliases, validation messages, and the --gold join."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from _scoring_helpers import CONTEXT, GOLD_MD, LEXICAL, RESPONSES, record, write_jsonl

from tablehallu import score
from tablehallu.config import FORMATS
from tablehallu.scoring.records import (
    INPUT_FIELDS,
    GoldIndex,
    RawRecord,
    Record,
    RecordError,
    build_record,
    iter_jsonl,
    record_schema,
)

ROOT = Path(__file__).resolve().parent.parent

# --- the JSON Schema ------------------------------------------------------------------------------

#: The schema keywords the validator below implements; the schema must use no others.
KEYWORDS = {
    "$schema", "$id", "title", "description", "type", "required", "properties", "oneOf",
    "anyOf", "enum", "minLength", "additionalProperties",
}  # fmt: skip
TYPES = {
    "object": dict,
    "array": list,
    "string": str,
    "null": type(None),
    "boolean": bool,
}


def _is_type(value: Any, name: str) -> bool:
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if name == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(value, TYPES[name])


def validate(value: Any, schema: dict[str, Any], path: str = "$") -> list[str]:
    """Violations of ``schema`` by ``value`` (the subset of JSON Schema in KEYWORDS)."""
    errors: list[str] = []
    if "type" in schema:
        names = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_is_type(value, n) for n in names):
            return [f"{path}: {type(value).__name__} is not {names}"]
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{path}: {value!r} not in {schema['enum']}")
    if "minLength" in schema and isinstance(value, str) and len(value) < schema["minLength"]:
        errors.append(f"{path}: shorter than {schema['minLength']}")
    if "oneOf" in schema:
        passing = [s for s in schema["oneOf"] if not validate(value, s, path)]
        if len(passing) != 1:
            errors.append(f"{path}: matches {len(passing)} of oneOf")
    if "anyOf" in schema and all(validate(value, s, path) for s in schema["anyOf"]):
        errors.append(f"{path}: matches none of anyOf")
    if isinstance(value, dict):
        errors += [f"{path}: missing {k!r}" for k in schema.get("required", []) if k not in value]
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                errors += validate(value[key], sub, f"{path}.{key}")
    return errors


def _keywords(schema: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(schema, dict):
        for key, sub in schema.items():
            if key == "properties":
                for prop in sub.values():
                    found |= _keywords(prop)
            else:
                found.add(key)
                if key in ("oneOf", "anyOf"):
                    for s in sub:
                        found |= _keywords(s)
    return found


@pytest.mark.parametrize("kind", ["record", "gold"])
def test_schema_uses_only_keywords_the_test_validator_implements(kind: str) -> None:
    assert _keywords(record_schema(kind)) <= KEYWORDS


def test_schema_names_exactly_the_fields_the_scorer_reads() -> None:
    schema = record_schema()
    assert set(schema["properties"]) == INPUT_FIELDS
    assert [v for v in schema["properties"]["format"]["enum"] if v is not None] == list(FORMATS)


def _fixture_records() -> list[tuple[str, str, dict[str, Any]]]:
    """(where, schema kind, record) for every record of the demo and paper fixtures."""
    out = []
    for path in sorted((ROOT / "fixtures" / "demo").glob("*.jsonl")):
        kind = "gold" if path.name == "gold.jsonl" else "record"
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            out.append((f"{path.name}:{i}", kind, json.loads(line)))
    for path in sorted((ROOT / "fixtures" / "paper").glob("*.json")):
        out.append((path.name, "record", json.loads(path.read_text(encoding="utf-8"))))
    return out


FIXTURE_RECORDS = _fixture_records()


@pytest.mark.parametrize(
    ("where", "kind", "rec"), FIXTURE_RECORDS, ids=[w for w, _, _ in FIXTURE_RECORDS]
)
def test_every_fixture_record_validates_against_the_schema(
    where: str, kind: str, rec: dict[str, Any]
) -> None:
    assert validate(rec, record_schema(kind)) == []
    try:
        import jsonschema
    except ImportError:
        return
    jsonschema.validate(rec, record_schema(kind))


def test_the_schema_validator_rejects_what_the_scorer_rejects() -> None:
    schema = record_schema()
    assert validate({"gt_table": GOLD_MD}, schema) == ["$: missing 'response'"]
    assert validate({"response": "x", "id": True}, schema)
    assert validate({"response": "x", "id": ""}, schema)
    assert validate({"response": 3}, schema)
    assert validate({"response": "x", "format": "docx"}, schema)
    assert validate({"response": "x", "context": ["a"]}, schema)
    gold = record_schema("gold")
    assert validate({"id": "a", "gt_table": GOLD_MD}, gold) == []
    assert validate({"id": "a"}, gold) == ["$: matches none of anyOf"]
    assert validate({"gt_table": GOLD_MD}, gold) == ["$: missing 'id'"]


def test_demo_fixture_has_a_realistic_spread() -> None:
    preds = [json.loads(x) for x in (ROOT / "fixtures/demo/preds.jsonl").read_text().splitlines()]
    assert 30 <= len(preds) <= 60
    assert len({r["model"] for r in preds}) >= 2
    assert {r["format"] for r in preds} == {"markdown", "json", "latex"}
    gold = [json.loads(x) for x in (ROOT / "fixtures/demo/gold.jsonl").read_text().splitlines()]
    assert [g["id"] for g in gold] == [p["id"] for p in preds]


# --- reading lines --------------------------------------------------------------------------------


def test_lines_are_numbered_blank_lines_skipped_and_bad_lines_reported(tmp_path: Path) -> None:
    path = tmp_path / "p.jsonl"
    path.write_bytes(
        b'\xef\xbb\xbf{"id": "a", "response": "x"}\n'
        b"\n"
        b'{"id": "b", "response": \n'
        b"[1, 2]\n"
        b'{"id": "\xff"}\n' + b"[" * 100_000 + b"\n"
        b'{"id": "c", "response": "y"}\r\n'
    )
    raws = list(iter_jsonl(path))
    assert [r.line for r in raws] == [1, 3, 4, 5, 6, 7]
    assert raws[0].data == {"id": "a", "response": "x"}  # BOM stripped
    assert raws[1].error is not None and raws[1].error.kind == "not_json"
    assert re.search(r"not valid JSON: .* \(column \d+\)", raws[1].error.message)
    assert raws[2].error is not None and raws[2].error.kind == "not_object"
    assert "got array" in raws[2].error.message
    assert raws[3].error is not None and raws[3].error.kind == "not_utf8"
    assert raws[4].error is not None and raws[4].error.kind == "not_json"
    assert raws[5].data == {"id": "c", "response": "y"}
    assert str(raws[1].error) == f"{path} line 3: {raws[1].error.message}"


# --- validation -----------------------------------------------------------------------------------


def _build(data: dict[str, Any], gold: GoldIndex | None = None, line: int = 7) -> Any:
    return build_record(RawRecord("p.jsonl", line, data), gold)


def test_context_aliases_first_present_wins() -> None:
    base = {"id": 1, "response": "x", "gt_table": GOLD_MD}
    both = _build({**base, "gt_context": "g", "distractor_context": "d"})
    assert isinstance(both, Record)
    assert (both.context, both.context_field) == ("d", "distractor_context")
    all3 = _build({**base, "context": "c", "gt_context": "g", "distractor_context": "d"})
    assert isinstance(all3, Record) and all3.context == "c"
    null_first = _build({**base, "context": None, "gt_context": "g"})
    assert isinstance(null_first, Record) and null_first.context == "g"
    none = _build(base)
    assert isinstance(none, Record) and none.context is None


def test_gold_alias_and_carried_fields() -> None:
    rec = _build({"id": "q", "response": "x", "gold": GOLD_MD, "model": "m", "domain": "d"})
    assert isinstance(rec, Record)
    assert rec.gold == GOLD_MD
    assert dict(rec.fields) == {"model": "m", "domain": "d"}
    both = _build({"id": "q", "response": "x", "gt_table": "first", "gold": "second"})
    assert isinstance(both, Record) and both.gold == "first"


def test_ids_generated_from_line_numbers_and_kept_as_written() -> None:
    gen = _build({"response": "x", "gt_table": GOLD_MD}, line=12)
    assert isinstance(gen, Record) and gen.id == "line-12" and gen.id_generated
    num = _build({"id": 5, "response": "x", "gt_table": GOLD_MD})
    assert isinstance(num, Record) and num.id == 5 and num.key == "5"


def test_constraints_as_object_json_string_or_paper_wrapper() -> None:
    want = {"sort_column": "Year", "sort_order": "ascending"}
    for value in (want, json.dumps(want), {"constraints": want}, json.dumps({"constraints": want})):
        rec = _build({"response": "x", "gt_table": GOLD_MD, "constraints": value})
        assert isinstance(rec, Record) and dict(rec.constraints or {}) == want


@pytest.mark.parametrize(
    ("data", "kind", "message"),
    [
        ({"gt_table": GOLD_MD}, "missing_response", 'missing "response"'),
        ({"response": "x"}, "missing_gold", 'missing the gold table: give "gt_table"'),
        ({"response": 3, "gt_table": GOLD_MD}, "invalid_field", '"response" must be a string'),
        ({"response": "x", "gt_table": GOLD_MD, "id": True}, "invalid_field", '"id" must be'),
        ({"response": "x", "gt_table": GOLD_MD, "id": "  "}, "invalid_field", "must not be empty"),
        ({"response": "x", "gt_table": GOLD_MD, "context": 1}, "invalid_field", '"context" must'),
        ({"response": "x", "gt_table": GOLD_MD, "query": []}, "invalid_field", '"query" must'),
        ({"response": "x", "gt_table": GOLD_MD, "format": "docx"}, "invalid_field", '"format"'),
        (
            {"response": "x", "gt_table": GOLD_MD, "constraints": "{bad"},
            "invalid_field",
            '"constraints" is a string but not valid JSON',
        ),
        (
            {"response": "x", "gt_table": GOLD_MD, "constraints": [1]},
            "invalid_field",
            '"constraints" must be an object',
        ),
    ],
)
def test_invalid_records_say_where_and_why(data: dict[str, Any], kind: str, message: str) -> None:
    err = _build({"id": "s1", **data} if "id" not in data else data)
    assert isinstance(err, RecordError)
    assert err.kind == kind
    assert message in err.message
    assert str(err).startswith("p.jsonl line 7")
    if data.get("id", "s1") == "s1":
        assert str(err).startswith('p.jsonl line 7 (id "s1"): ')


def test_null_response_is_a_format_error_not_an_invalid_record() -> None:
    report = score([{"id": "n", "response": None, "gt_table": GOLD_MD}], LEXICAL, bootstrap=0)
    assert report.n == 1 and not report.errors
    assert report.counts["format_error"] == 1


def test_format_is_case_insensitive_and_auto_means_detect() -> None:
    rec = _build({"response": "x", "gt_table": GOLD_MD, "format": " Markdown "})
    assert isinstance(rec, Record) and rec.format == "markdown"
    auto = _build({"response": "x", "gt_table": GOLD_MD, "format": "auto"})
    assert isinstance(auto, Record) and auto.format is None


# --- scoring a file with bad records --------------------------------------------------------------


def test_bad_records_are_reported_with_line_and_id_and_the_rest_is_scored(tmp_path: Path) -> None:
    path = write_jsonl(
        tmp_path / "p.jsonl",
        [
            record("clean", "a"),
            "this is not json",
            {"id": "b", "gt_table": GOLD_MD},
            {"id": "c", "response": RESPONSES["clean"][0]},
            {"id": "d", "response": "x", "gt_table": {"table": 5}},
            record("distorted", "e"),
        ],
    )
    seen: list[RecordError] = []
    report = score(path, LEXICAL, bootstrap=0, on_error=seen.append)
    assert report.n_records == 6
    assert report.n == 2
    assert report.counts["attribute_distortion"] == 1
    texts = [str(e) for e in report.errors]
    assert texts[0].startswith(f"{path} line 2: not valid JSON")
    assert texts[1] == f'{path} line 3 (id "b"): missing "response"'
    assert texts[2].startswith(f'{path} line 4 (id "c"): missing the gold table')
    assert texts[3].startswith(f'{path} line 5 (id "d"): ')
    assert report.errors[3].kind == "gold_unparsed"
    assert [str(e) for e in seen] == texts
    assert report.warnings["unparsed_lines"][0]["line"] == 2


def test_duplicate_ids_are_reported_with_their_lines(tmp_path: Path) -> None:
    path = write_jsonl(
        tmp_path / "p.jsonl", [record("clean", "a"), record("clean", "b"), record("clean", "a")]
    )
    report = score(path, LEXICAL, bootstrap=0)
    assert report.n == 3
    assert report.warnings["duplicate_ids"] == [{"id": "a", "source": str(path), "lines": [1, 3]}]
    assert any('id "a" occurs 2 times' in m for m in report.warnings["messages"])


def test_samples_without_context_are_counted_and_listed() -> None:
    recs = [record("clean", "a"), {**record("clean", "b"), "context": None}]
    report = score(recs, LEXICAL, bootstrap=0)
    assert report.warnings["samples_without_context"] == {"count": 1, "ids": ["b"]}


# --- the --gold join ------------------------------------------------------------------------------


def _gold_file(tmp_path: Path, rows: list[Any]) -> Path:
    return write_jsonl(tmp_path / "gold.jsonl", rows)


def test_gold_join_fills_gold_context_and_fields_and_reports_both_sides(tmp_path: Path) -> None:
    gold = _gold_file(
        tmp_path,
        [
            {"id": "a", "gt_table": GOLD_MD, "gt_context": CONTEXT, "domain": "geo"},
            {"id": 2, "gt_table": GOLD_MD, "gt_context": CONTEXT},
            {"id": "unused", "gt_table": GOLD_MD},
        ],
    )
    preds = write_jsonl(
        tmp_path / "p.jsonl",
        [
            {"id": "a", "response": RESPONSES["distorted"][0], "model": "m"},
            {"id": "2", "response": RESPONSES["clean"][0]},
            {"id": "zzz", "response": RESPONSES["clean"][0]},
        ],
    )
    report = score(preds, LEXICAL, gold=gold, by="domain", bootstrap=0)
    assert report.n == 2
    assert [str(e) for e in report.errors] == [
        f'{preds} line 3 (id "zzz"): id "zzz" is not in {gold}'
    ]
    assert report.warnings["unmatched_gold_ids"] == ["unused"]
    assert report.counts["attribute_distortion"] == 1
    assert report.warnings["samples_without_context"]["count"] == 0
    assert {g.label: g.n for g in report.groups} == {"domain=(missing)": 1, "domain=geo": 1}


def test_gold_file_problems_are_errors_and_ambiguous_ids_are_not_joined(tmp_path: Path) -> None:
    other = GOLD_MD.replace("Rome", "Milan")
    gold = _gold_file(
        tmp_path,
        [
            {"id": "same", "gt_table": GOLD_MD},
            {"id": "same", "gt_table": GOLD_MD},
            {"id": "twice", "gt_table": GOLD_MD},
            {"id": "twice", "gt_table": other},
            {"gt_table": GOLD_MD},
            {"id": "empty"},
            "{broken",
        ],
    )
    preds = write_jsonl(
        tmp_path / "p.jsonl",
        [
            {"id": "same", "response": RESPONSES["clean"][0]},
            {"id": "twice", "response": RESPONSES["clean"][0]},
            {"id": "empty", "response": RESPONSES["clean"][0]},
        ],
    )
    report = score(preds, LEXICAL, gold=gold, bootstrap=0)
    assert report.n == 1
    texts = [str(e) for e in report.errors]
    assert f'{gold} line 5: gold record has no "id"' in texts
    assert any(t.startswith(f'{gold} line 6 (id "empty"): gold record has no gold') for t in texts)
    assert any(t.startswith(f"{gold} line 7: not valid JSON") for t in texts)
    assert (
        f'{preds} line 2 (id "twice"): id "twice" is defined more than once in {gold} '
        "(line 3 and line 4) with different content"
    ) in texts
    assert any('id "same" is repeated identically' in m for m in report.warnings["messages"])


def test_own_gold_table_is_replaced_by_gold_file_with_a_warning(tmp_path: Path) -> None:
    gold = _gold_file(tmp_path, [{"id": "a", "gt_table": GOLD_MD, "context": CONTEXT}])
    wrong_gold = GOLD_MD.replace("Madrid", "Seville")
    preds = [{"id": "a", "response": RESPONSES["clean"][0], "gt_table": wrong_gold}]
    report = score(preds, LEXICAL, gold=gold, bootstrap=0)
    assert report.counts["total"] == 0
    assert report.warnings["own_gold_ignored"] == 1


def test_gold_as_mapping_of_tables_or_records() -> None:
    preds = [{"id": "a", "response": RESPONSES["clean"][0], "context": CONTEXT}]
    assert score(preds, LEXICAL, gold={"a": GOLD_MD}, bootstrap=0).n == 1
    full = {"a": {"gt_table": GOLD_MD, "context": CONTEXT}}
    assert score(preds, LEXICAL, gold=full, bootstrap=0).counts["total"] == 0


def test_a_gold_table_shared_by_several_predictions_is_parsed_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tablehallu.scoring import records as records_module

    calls: list[Any] = []
    real = records_module.parse_gold

    def counting(value: Any, config: Any = None) -> Any:
        calls.append(value)
        return real(value, config)

    monkeypatch.setattr(records_module, "parse_gold", counting)
    gold = _gold_file(tmp_path, [{"id": "a", "gt_table": GOLD_MD, "gt_context": CONTEXT}])
    runs = [
        write_jsonl(tmp_path / f"{m}.jsonl", [{"id": "a", "response": RESPONSES[kind][0]}])
        for m, kind in (("m1", "clean"), ("m2", "distorted"), ("m3", "clean"))
    ]
    report = score(runs, LEXICAL, gold=gold, bootstrap=0)
    assert report.n == 3 and report.counts["attribute_distortion"] == 1
    assert len(calls) == 1

"""The labelled corpus (tablehallu.synth): deterministic, complete, and every label verifiable.

The label checks here use only the parser and the normalizers, never the detector: a clean variant
must parse back to the gold values, and each injected type must be visible in the parsed table
(a distractor key from the context, an invented key absent from it, a broken gold order, a
changed or filled cell...).
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tablehallu import Config
from tablehallu.cli import app
from tablehallu.detectors import HALLUCINATION_TYPES
from tablehallu.normalize import (
    dates_equal,
    is_null,
    normalize_header,
    normalize_text,
    numbers_equal,
    order_key,
    tokens,
    type_cell,
)
from tablehallu.parsers import ParsedTable, parse_gold, parse_response
from tablehallu.synth import (
    ABBREVIATIONS,
    FORMAT_ERRORS,
    FORMAT_STYLES,
    NULL_SPELLINGS,
    VARIATIONS,
    WRAPPERS,
    GoldRecord,
    SynthError,
    corpus_summary,
    read_gold_records,
    synthesize,
    synthesize_record,
    write_corpus,
)

DATA = Path(__file__).resolve().parent.parent / "benchmarks" / "data"
GOLD_FILES = sorted(DATA.glob("gold_records_*.jsonl"))

Key = tuple[str, ...]
FAITHFUL = {"vary:paraphrase", "vary:abbreviation"}

pytestmark = pytest.mark.skipif(not GOLD_FILES, reason="no gold records in benchmarks/data")


@lru_cache(maxsize=1)
def _records() -> tuple[GoldRecord, ...]:
    return tuple(read_gold_records(GOLD_FILES))


@lru_cache(maxsize=1)
def _corpus() -> tuple[dict[str, Any], ...]:
    return tuple(synthesize(_records(), seed=0))


def _subset() -> list[dict[str, Any]]:
    """Every sample of every third record (a third of the corpus keeps the suite fast)."""
    keep = {r.id for r in _records()[::3]}
    return [s for s in _corpus() if s["source_id"] in keep]


def _record(sample: Mapping[str, Any]) -> GoldRecord:
    return next(r for r in _records() if r.id == sample["source_id"])


def _parsed(sample: Mapping[str, Any]) -> ParsedTable:
    table = parse_response(sample["response"])
    assert isinstance(table, ParsedTable), f"{sample['id']}: {table}"
    return table


def _gold_index(record: GoldRecord, headers: Sequence[str]) -> list[int]:
    """Column of the parsed table for each gold column (headers equal after normalisation)."""
    norm = [normalize_header(h) for h in headers]
    return [norm.index(normalize_header(h)) for h in record.headers]


def _key_cols(record: GoldRecord) -> list[int]:
    from tablehallu.detectors.keys import choose_key

    cells = [[type_cell(v) for v in row] for row in record.rows]
    return list(choose_key(list(record.headers), cells).columns)


def _key(record: GoldRecord, row: Sequence[str], cols: Sequence[int] | None = None) -> Key:
    """The normalised key of a row (``cols`` maps gold columns to the row's columns)."""
    return tuple(normalize_text(row[cols[k] if cols else k]) for k in _key_cols(record))


# --- determinism ---------------------------------------------------------------------------------


def test_same_seed_same_corpus_and_records_are_independent(tmp_path: Path) -> None:
    records = list(_records()[:5])
    a = synthesize(records, seed=7)
    b = synthesize(records, seed=7)
    assert json.dumps(a) == json.dumps(b)
    assert write_corpus(a, tmp_path / "a.jsonl") == write_corpus(b, tmp_path / "b.jsonl")
    # a record's samples do not depend on the other records
    alone = synthesize_record(records[2], seed=7)
    assert json.dumps(alone) == json.dumps([s for s in a if s["source_id"] == records[2].id])
    other = synthesize(records, seed=8)
    assert json.dumps(other) != json.dumps(a)


def test_sample_shape_matches_the_scorer_input() -> None:
    sample = _corpus()[0]
    record = _record(sample)
    assert sample["gt_table"] == record.gt_table
    assert sample["context"] == record.context
    assert sample["query"] == record.query
    assert "format" not in sample  # would override the scorer's format detection
    for s in _corpus()[:200]:
        assert s["labels"] == sorted(set(s["labels"]))
        assert set(s["labels"]) <= set(HALLUCINATION_TYPES)
        assert s["variant"].startswith("inject/" if s["labels"] else "clean/")
        assert s["id"].startswith(s["source_id"] + "#")
    assert len({s["id"] for s in _corpus()}) == len(_corpus())


# --- coverage ------------------------------------------------------------------------------------


def test_every_label_format_wrapper_variation_and_subtype_occurs() -> None:
    corpus = _corpus()
    summary = corpus_summary(corpus)
    assert set(summary["labels"]) == set(HALLUCINATION_TYPES)
    assert summary["clean"] == summary["injected"]
    assert set(summary["formats"]) == set(FORMAT_STYLES)
    assert set(summary["variations"]) == set(VARIATIONS)
    wrappers = Counter(s["synth"]["wrapper"] for s in corpus)
    assert set(wrappers) == set(WRAPPERS)
    styles = {(s["synth"]["format"], s["synth"]["style"]) for s in corpus}
    assert styles == {(f, st) for f, sts in FORMAT_STYLES.items() for st in sts}
    subtypes = {i["subtype"] for s in corpus for i in s["synth"]["injections"]}
    assert set(FORMAT_ERRORS) <= subtypes
    sizes = Counter(len(s["labels"]) for s in corpus)
    assert sizes[0] and sizes[1] and sizes[2] and sizes[3]
    # format errors are never combined with another type (strict mode stops at them)
    assert all(s["labels"] == ["format_error"] for s in corpus if "format_error" in s["labels"])
    assert not any(s["synth"].get("fallback") for s in corpus)


def test_null_spellings_are_all_null() -> None:
    assert len(NULL_SPELLINGS) >= 10
    assert all(is_null(s) for s in NULL_SPELLINGS)


# --- clean variants parse back to the gold --------------------------------------------------------


def _same_value(gold: str, got: str, header: str) -> bool:
    g, p = type_cell(gold), type_cell(got)
    if g.kind == "null" or p.kind == "null":
        return g.kind == p.kind
    if g.kind == "number" and p.kind == "number":
        assert g.number is not None and p.number is not None
        return numbers_equal(g.number, p.number, header=header)
    if g.kind == "date" and p.kind == "date":
        assert g.date is not None and p.date is not None
        return dates_equal(g.date, p.date) and g.date.precision == p.date.precision
    return g.text == p.text


def test_clean_variants_parse_back_to_the_gold_values() -> None:
    checked = 0
    for sample in _subset():
        if sample["labels"]:
            continue
        record = _record(sample)
        table = _parsed(sample)
        assert [normalize_header(h) for h in table.headers] == [
            normalize_header(h) for h in record.headers
        ], sample["id"]
        rows = table.rows()
        assert len(rows) == len(record.rows), sample["id"]
        rewritten: dict[tuple[int, str], list[dict[str, Any]]] = {}
        for e in sample["edits"]:
            rewritten.setdefault((e["row"], e["column"]), []).append(e)
        for r, (gold_row, got_row) in enumerate(zip(record.rows, rows, strict=True)):
            for header, gold, got in zip(record.headers, gold_row, got_row, strict=True):
                edits = rewritten.get((r, header), [])
                kinds = {e["kind"] for e in edits}
                if kinds & FAITHFUL:
                    # a faithful rewrite of the text (possibly re-cased or re-spaced afterwards)
                    first = next(e for e in edits if e["kind"] in kinds & FAITHFUL)
                    last = edits[-1]
                    if first["kind"] == "vary:paraphrase":
                        variants = [
                            tv
                            for tv in record.text_variants
                            if tv.row == r and record.headers[tv.column] == header
                        ]
                        assert any(first["written"] in tv.faithful for tv in variants)
                    else:
                        short = normalize_text(first["written"])
                        assert any(normalize_text(a) in short for a in ABBREVIATIONS.values())
                    assert normalize_text(got) == normalize_text(last["written"]), sample["id"]
                else:
                    assert _same_value(gold, got, header), (sample["id"], header, gold, got)
                checked += 1
    assert checked > 1000


# --- injected labels are visible in the parsed table ---------------------------------------------


def _sort_rule(record: GoldRecord) -> tuple[int, str, str]:
    """Declared sort column, direction and the main kind of its gold cells."""
    norm = [normalize_header(h) for h in record.headers]
    col = norm.index(normalize_header(record.constraints["sort_column"]))
    kinds = Counter(type_cell(row[col]).kind for row in record.rows if row[col].strip())
    return col, record.constraints["sort_order"], kinds.most_common(1)[0][0]


def _gold_order_broken(record: GoldRecord, golds: Sequence[int]) -> bool:
    """Whether gold rows in this order break the declared rule (judged on gold values)."""
    col, direction, main = _sort_rule(record)
    cells = [type_cell(record.rows[g][col]) for g in golds]
    values = [order_key(c) for c in cells if c.kind == main]
    if direction == "ascending":
        return any(b < a for a, b in itertools.pairwise(values))
    return any(b > a for a, b in itertools.pairwise(values))


def _check_injected(sample: Mapping[str, Any]) -> None:
    record = _record(sample)
    labels = set(sample["labels"])
    if labels == {"format_error"}:
        table = parse_response(sample["response"])
        broken = not isinstance(table, ParsedTable)
        if isinstance(table, ParsedTable):
            broken = bool(table.structural_warnings) or [
                normalize_header(h) for h in table.headers
            ] != [normalize_header(h) for h in record.headers]
        assert broken, sample["id"]
        return
    table = _parsed(sample)
    rows = table.rows()
    origins = sample["rows"]
    assert len(rows) == len(origins), sample["id"]
    cols = _gold_index(record, table.headers)
    key_cols = _key_cols(record)
    rewritten = {(e["row"], e["column"]) for e in sample["edits"] if e["kind"].startswith("vary:")}
    inserted = {e["row"]: e for e in sample["edits"] if e["kind"].startswith("insert:")}
    gold_keys = {_key(record, row) for row in record.rows}
    distractor_keys = {_key(record, d) for d in record.distractors}
    context = normalize_text(record.context or "")
    context_words = set(tokens(context))
    for i, origin in enumerate(origins):
        got = _key(record, rows[i], cols)
        plain = not any((i, record.headers[k]) in rewritten for k in key_cols)
        if isinstance(origin, int):
            # the parsed row is that gold row (unless its key was faithfully rewritten)
            assert not plain or got == _key(record, record.rows[origin]), (sample["id"], i)
            continue
        written = tuple(normalize_text(x) for x in inserted[i]["written"].split(" / "))
        assert not plain or " / ".join(got) == normalize_text(inserted[i]["written"]), sample["id"]
        assert written not in gold_keys, (sample["id"], written)
        if origin == "distractor":  # in the context, outside the query's scope
            assert written in distractor_keys and written[0] in context, (sample["id"], written)
        else:  # invented: a word the context never uses, and no distractor either
            assert origin == "fabricated"
            assert written not in distractor_keys, (sample["id"], written)
            assert set(tokens(written[0])) - context_words, (sample["id"], written)
    assert ("distractor" in origins) == ("out_of_range" in labels), sample["id"]
    assert ("fabricated" in origins) == ("entity_fabrication" in labels), sample["id"]
    golds = [o for o in origins if isinstance(o, int)]
    assert _gold_order_broken(record, golds) == ("order_mismatch" in labels), sample["id"]
    distorted = blank = 0
    for e in sample["edits"]:
        if e["kind"].startswith("distort:") or e["kind"] == "blank_fill":
            got_cell = rows[e["row"]][cols[record.headers.index(e["column"])]]
            if e["kind"] == "blank_fill":
                assert is_null(e["gold"]) and not is_null(got_cell), sample["id"]
                blank += 1
            else:
                assert not _same_value(e["gold"], got_cell, e["column"]), (sample["id"], e)
                distorted += 1
    assert bool(distorted) == ("attribute_distortion" in labels), sample["id"]
    assert bool(blank) == ("blank_filling" in labels), sample["id"]


def test_every_injected_label_is_visible_in_the_parsed_table() -> None:
    injected = [s for s in _subset() if s["labels"]]
    assert len(injected) > 300
    for sample in injected:
        _check_injected(sample)


def test_distortions_of_each_kind_really_change_the_value() -> None:
    kinds: Counter[str] = Counter()
    for s in _corpus():
        for e in s["edits"]:
            if e["kind"].startswith("distort:"):
                kinds[e["kind"]] += 1
                assert not _same_value(e["gold"], e["written"], e["column"]), (s["id"], e)
    assert {"distort:number", "distort:date", "distort:missing_value"} <= set(kinds)
    assert kinds["distort:text_swap"] + kinds["distort:text_variant"] > 0


# --- bad input -----------------------------------------------------------------------------------


def _minimal() -> dict[str, Any]:
    return {
        "id": "r1",
        "gt_table": {"table": {"T": [{"Name": "Ann", "Age": 3}, {"Name": "Bo", "Age": None}]}},
        "query": "q",
        "constraints": {"sort_column": "Age", "sort_order": "ascending"},
        "distractor_context": "Ann is 3. Bo is young. Cy is 9.",
        "distractors": [{"Name": "Cy", "Age": 9}],
    }


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"gt_table": None}, "no 'gt_table'"),
        ({"gt_table": "not a table at all"}, "does not parse"),
        ({"distractors": "x"}, "'distractors' must be a list"),
        ({"text_variants": [{"row": 9, "column": "Name"}]}, "'row' must be a row index"),
        ({"text_variants": [{"row": 0, "column": "Nope"}]}, "is not a gold column"),
        ({"constraints": [1]}, "'constraints' must be an object"),
        ({"id": ""}, "'id' must be"),
    ],
)
def test_invalid_gold_records_say_why(change: dict[str, Any], reason: str) -> None:
    data = _minimal() | change
    with pytest.raises(SynthError, match=reason):
        GoldRecord.from_mapping(data, "f.jsonl:3")


def test_read_gold_records_reports_every_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    good = json.dumps(_minimal())
    path.write_text(f"{good}\nnot json\n{json.dumps({'id': 'x'})}\n{good}\n", encoding="utf-8")
    with pytest.raises(SynthError) as info:
        read_gold_records([path])
    message = str(info.value)
    assert f"{path}:2: not valid JSON" in message
    assert f"{path}:3: record 'x': no 'gt_table'" in message
    assert f"{path}:4: id 'r1' already used at {path}:1" in message


def test_small_record_and_bad_settings() -> None:
    record = GoldRecord.from_mapping(_minimal())
    samples = synthesize_record(record, seed=1, per_record=10)
    assert len(samples) == 10
    assert all(parse_gold(s["gt_table"]) is not None for s in samples)
    with pytest.raises(SynthError, match="per_record"):
        synthesize_record(record, per_record=0)
    with pytest.raises(SynthError, match="synth_clean_share"):
        synthesize_record(record, config=Config().replace(synth_clean_share=1.5))


# --- command line --------------------------------------------------------------------------------


def test_synth_command_writes_the_corpus(tmp_path: Path) -> None:
    gold = tmp_path / "g.jsonl"
    gold.write_text(json.dumps(_minimal()) + "\n", encoding="utf-8")
    out = tmp_path / "corpus.jsonl"
    runner = CliRunner()
    result = runner.invoke(app, ["synth", str(gold), "--out", str(out), "--per-record", "6"])
    assert result.exit_code == 0, result.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 6
    assert all(
        {"id", "response", "gt_table", "labels", "variant"} <= set(json.loads(x)) for x in lines
    )
    again = runner.invoke(app, ["synth", str(gold), "--out", str(out), "--per-record", "6", "-q"])
    assert again.exit_code == 0
    assert out.read_text(encoding="utf-8").splitlines() == lines


def test_synth_command_rejects_bad_input(tmp_path: Path) -> None:
    runner = CliRunner()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{oops\n", encoding="utf-8")
    result = runner.invoke(app, ["synth", str(bad), "--out", str(tmp_path / "o.jsonl")])
    assert result.exit_code == 2
    assert "bad.jsonl:1: not valid JSON" in result.output
    missing = runner.invoke(app, ["synth", str(tmp_path / "nope.jsonl"), "--out", "o.jsonl"])
    assert missing.exit_code == 2
    same = runner.invoke(app, ["synth", str(bad), "--out", str(bad)])
    assert same.exit_code == 2 and "overwrite" in same.output

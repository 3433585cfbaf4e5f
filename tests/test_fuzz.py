"""Fuzzing: random and adversarial input never crashes, hangs, or costs another sample its result.

Covers the parsers (:func:`parse_response`, :func:`parse_gold`), the normalizers, the detector
(:func:`detect_many` on random gold tables and random responses, alone and in batches), the
query-constraint parser (:func:`parse_query`, :func:`check_rows` on random tables) and the
``tablehallu score`` command on JSONL with garbage lines between valid records.

The normal suite runs a few hundred derandomised examples per property (well under a minute). The
long run is ``python benchmarks/fuzz/run_fuzz.py``: it scales the example counts with
``TABLEHALLU_FUZZ_SCALE``, draws fresh random inputs (``TABLEHALLU_FUZZ_RANDOM=1``) and tightens
the per-example hang guard with ``TABLEHALLU_FUZZ_HANG`` (seconds).
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tablehallu import Config
from tablehallu.cli import app
from tablehallu.config import FORMATS
from tablehallu.detectors import HALLUCINATION_TYPES, Diagnosis, detect_many
from tablehallu.detectors.query import check_rows, parse_query, scope_decidable
from tablehallu.normalize import (
    KINDS,
    dates_equal,
    extract_numbers,
    header_unit,
    is_null,
    normalize_header,
    normalize_text,
    numbers_equal,
    order_key,
    parse_date,
    parse_number,
    type_cell,
)
from tablehallu.parsers import ParsedTable, ParseError, parse_gold, parse_response, render

SCALE = float(os.environ.get("TABLEHALLU_FUZZ_SCALE", "1"))
RANDOM = os.environ.get("TABLEHALLU_FUZZ_RANDOM", "") == "1"
HANG_SECONDS = float(os.environ.get("TABLEHALLU_FUZZ_HANG", "10"))
LEXICAL = Config(matcher="lexical")
RENDER_FORMATS = ("markdown", "json", "latex", "html", "csv", "tsv")

F = TypeVar("F", bound=Callable[..., Any])


def fuzz(examples: int) -> Callable[[F], F]:
    """Hypothesis settings of this module: ``examples`` x the scale, no deadline (the hang guard
    bounds time instead), derandomised in the normal suite."""
    return settings(
        max_examples=max(1, int(examples * SCALE)),
        deadline=None,
        derandomize=not RANDOM,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


@contextlib.contextmanager
def hang_guard(seconds: float = HANG_SECONDS) -> Iterator[None]:
    """Fail with TimeoutError when the block uses more than ``seconds`` of CPU time.

    CPU time (this process's, not the wall clock) keeps the guard indifferent to other load on the
    machine, and the cyclic garbage collector is paused inside the block, so that collecting the
    test framework's garbage is not charged to the input. A timer interrupts a runaway loop (main
    thread only; it re-fires every 0.25 s in case an alarm lands where Python swallows
    exceptions), a wall-clock backstop of ten times as long catches a block that waits, and the
    CPU time is checked on exit as well.
    """
    main = threading.current_thread() is threading.main_thread()
    armed = hasattr(signal, "setitimer") and main

    def _timeout(signum: int, frame: Any) -> None:
        raise TimeoutError(f"no result after {seconds} s of CPU time")

    previous: list[Any] = []
    if armed:
        for sig, timer, limit in (
            (signal.SIGPROF, signal.ITIMER_PROF, seconds),
            (signal.SIGALRM, signal.ITIMER_REAL, 10 * seconds),
        ):
            previous.append((sig, timer, signal.signal(sig, _timeout)))
            signal.setitimer(timer, limit, 0.25)
    collecting = gc.isenabled()
    gc.disable()
    start = time.process_time()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
        for sig, timer, handler in previous:
            signal.setitimer(timer, 0)
            signal.signal(sig, handler)
    used = time.process_time() - start
    if used > seconds:
        raise TimeoutError(f"used {used:.2f} s of CPU time, more than {seconds} s")


# --- strategies ----------------------------------------------------------------------------------

FRAGMENTS = (
    "|", "| ", " |", "||", "|---|", "| --- |", ":--", "---", "\n", "\r\n", "\t", ",", ";", '"',
    "'", "\\", "\\|", "```", "```json\n", "```csv\n", "~~~", "####", "\n####\n", "<think>",
    "</think>", "<thinking>", "{", "}", "[", "]", "{}", "[]", ":", '{"a": [', '"x": ', "null",
    "true", "1e308", "-0", "NaN", "\\begin{tabular}{ll}", "\\end{tabular}", "\\hline", " & ",
    "\\\\", "\\textbf{", "\\multicolumn{2}{c}{", "%", "<table>", "</table>", "<tr>", "<td>",
    "<th>", "</td>", "<br>", "&amp;", "&#x0;", "<!--", "-->", "**", "__", "`", "N/A", "-", "—",
    "1,200", "1.200,50", "$4.5B", "12%", "(1,200)", "2021-03-05", "03/05/2021", "Q3 2021",
    "FY21", "March 5th, 2021", "\u200b", "\ufeff", "\x00", "\U0001f600", "٣", "ｔａｂｌｅ",
)  # fmt: skip

CELLS = st.one_of(
    st.sampled_from(("", "-", "N/A", "12", "1,200", "$4.5 million", "12.5%", "2021-03-05",
                     "March 2021", "Q3 2021", "Approved", "Not approved", "iPhone 12", "x | y",
                     "a\nb", "Ω", "  ", "0", "-3.2", "1e5", "FY2021", "**bold**", "<b>t</b>")),
    st.text(max_size=12),
    st.integers(-10**6, 10**6).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
)  # fmt: skip

ADVERSARIAL = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=8)), max_size=80).map(
    "".join
)
BYTES_TEXT = st.one_of(
    st.binary(max_size=400).map(lambda b: b.decode("utf-8", errors="replace")),
    st.binary(max_size=400).map(lambda b: b.decode("latin-1")),
)
HEADERS = st.lists(
    st.one_of(st.text(min_size=1, max_size=10), st.sampled_from(("Name", "Year", "Price ($)"))),
    min_size=1,
    max_size=6,
    unique_by=lambda h: normalize_header(h),
).filter(lambda hs: all(normalize_header(h) for h in hs))


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[str], list[list[str]]]:
    """A random table: distinct headers and 0-8 rows of random cells."""
    headers = draw(HEADERS)
    rows = draw(st.lists(st.lists(CELLS, min_size=len(headers), max_size=len(headers)), max_size=8))
    return headers, rows


def _frame(headers: list[str], rows: list[list[str]]) -> pd.DataFrame:
    return pd.DataFrame(rows, columns=pd.Index(headers, dtype=object), dtype=object)


@st.composite
def rendered_tables(draw: st.DrawFn) -> str:
    """A random table rendered in a random format, then possibly cut and spliced with junk."""
    headers, rows = draw(tables())
    text = render(_frame(headers, rows), draw(st.sampled_from(RENDER_FORMATS)))
    if draw(st.booleans()):
        cut = draw(st.integers(0, len(text)))
        junk = draw(st.one_of(st.just(""), ADVERSARIAL))
        text = text[:cut] + junk + text[cut:] if draw(st.booleans()) else text[:cut] + junk
    return text


ANY_TEXT = st.one_of(st.text(max_size=300), ADVERSARIAL, BYTES_TEXT, rendered_tables())
JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=10)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=30,
)


@pytest.fixture(scope="module", autouse=True)
def _warm_up() -> None:
    """Load the lazily imported readers and caches once, so the guard times the work itself."""
    frame = _frame(["Name", "Date", "Price ($)"], [["Ann", "March the 5th, 2021", "$4.5M"]])
    for fmt in RENDER_FORMATS:
        text = render(frame, fmt)
        parse_response(text)
        detect_many([{"response": text, "gold": text, "context": "Ann"}], LEXICAL)


# --- parsers -------------------------------------------------------------------------------------


def _check_parse_result(result: object) -> None:
    assert isinstance(result, ParsedTable | ParseError)
    if isinstance(result, ParsedTable):
        width = len(result.headers)
        assert all(len(row) == width for row in result.rows())
        assert all(isinstance(c, str) for row in result.rows() for c in row)
    else:
        assert str(result)


@fuzz(1000)
@given(text=ANY_TEXT, fmt=st.sampled_from(FORMATS))
def test_parse_response_never_raises(text: str, fmt: str) -> None:
    with hang_guard():
        _check_parse_result(parse_response(text, fmt))


@fuzz(400)
@given(value=st.one_of(ANY_TEXT, JSON_VALUES, st.binary(max_size=200)))
def test_parse_gold_never_raises(value: object) -> None:
    with hang_guard():
        _check_parse_result(parse_gold(value))


@fuzz(50)
@given(text=st.sampled_from(FRAGMENTS), n=st.integers(1_000, 20_000))
def test_parsers_survive_long_repetitive_input(text: str, n: int) -> None:
    with hang_guard():
        _check_parse_result(parse_response(text * n))
    with hang_guard():
        _check_parse_result(parse_gold(text * n))


# --- normalizers ---------------------------------------------------------------------------------


@fuzz(1000)
@given(a=st.one_of(ANY_TEXT, CELLS), b=CELLS, header=st.one_of(CELLS, ADVERSARIAL))
def test_normalizers_never_raise(a: str, b: str, header: str) -> None:
    with hang_guard():
        assert isinstance(normalize_text(a), str)
        assert isinstance(normalize_header(a), str)
        assert isinstance(is_null(a), bool)
        parse_number(a)
        parse_date(a)
        assert all(isinstance(x, float) for x in extract_numbers(a))
        header_unit(header)
        ta, tb = type_cell(a), type_cell(b)
        assert ta.kind in KINDS and tb.kind in KINDS
        assert isinstance(order_key(ta) < order_key(tb), bool)  # comparable across kinds
        if ta.number is not None and tb.number is not None:
            assert isinstance(numbers_equal(ta.number, tb.number, header=header), bool)
        if ta.date is not None and tb.date is not None:
            assert isinstance(dates_equal(ta.date, tb.date), bool)


# --- detector ------------------------------------------------------------------------------------


def _gold_value(headers: list[str], rows: list[list[str]]) -> dict[str, Any]:
    return {"table": {"T": [dict(zip(headers, row, strict=True)) for row in rows]}}


CONSTRAINTS = st.one_of(
    st.none(),
    st.fixed_dictionaries(
        {},
        optional={
            "sort_column": st.one_of(CELLS, st.integers(), st.none()),
            "sort_order": st.one_of(st.sampled_from(("ascending", "descending", "up")), CELLS),
            "primary_key": st.one_of(CELLS, st.lists(CELLS, max_size=3), st.integers()),
        },
    ),
    JSON_VALUES,
)


def _check_diagnosis(d: object) -> None:
    assert isinstance(d, Diagnosis)
    assert d.hallucinations <= set(HALLUCINATION_TYPES)
    assert d.error is None or not d.error.startswith("internal error"), d.error
    json.dumps(d.to_dict())


@st.composite
def related_responses(draw: st.DrawFn, headers: list[str], rows: list[list[str]]) -> str:
    """The gold table with random edits (rows dropped, moved, added; cells replaced), rendered in
    a random format: these reach row matching, the cell cascade, grounding and the order check."""
    order: list[list[str]] = draw(st.permutations(rows)) if rows else []
    keep: int = draw(st.integers(0, len(order)))
    body = [list(r) for r in order[:keep]] if draw(st.booleans()) else [list(r) for r in order]
    for row in body:
        for j in range(len(row)):
            if draw(st.integers(0, 4)) == 0:
                row[j] = draw(CELLS)
    extra = draw(
        st.lists(st.lists(CELLS, min_size=len(headers), max_size=len(headers)), max_size=3)
    )
    for row in extra:
        body.insert(draw(st.integers(0, len(body))), row)
    text = render(_frame(headers, body), draw(st.sampled_from(RENDER_FORMATS)))
    return draw(st.sampled_from(("{}", "<think>x</think>\n{}", "Reasoning.\n####\n{}"))).format(
        text
    )


@fuzz(400)
@given(
    gold=tables(),
    data=st.data(),
    context=st.one_of(st.none(), ANY_TEXT),
    query=st.one_of(st.none(), ADVERSARIAL, st.just('Sort by "Name" in descending order.')),
    constraints=CONSTRAINTS,
)
def test_detect_never_raises_on_random_tables(
    gold: tuple[list[str], list[list[str]]],
    data: st.DataObject,
    context: str | None,
    query: str | None,
    constraints: Any,
) -> None:
    headers, rows = gold
    response = data.draw(st.one_of(ANY_TEXT, related_responses(headers, rows)))
    if context is None and data.draw(st.booleans()):  # a context that mentions the gold cells
        context = " ".join(c for row in rows for c in row) + data.draw(ADVERSARIAL)
    sample = {
        "response": response,
        "gold": _gold_value(headers, rows),
        "context": context,
        "query": query,
        "constraints": constraints,
    }
    with hang_guard():
        result = detect_many([sample], LEXICAL)
    assert len(result) == 1
    _check_diagnosis(result[0])


@pytest.mark.parametrize(
    "constraints",
    [
        {"primary_key": 1},
        {"primary_key": True},
        {"primary_key": 1.5},
        {"primary_key": [1, None]},
        {"primary_key": {"a": 1}},
        {"sort_column": ["Age"], "sort_order": 3},
        "not an object",
        [1, 2],
    ],
)
def test_malformed_constraints_are_reported_not_crashed_on(constraints: Any) -> None:
    gold = {"table": {"T": [{"Name": "Ann", "Age": 3}, {"Name": "Bo", "Age": 4}]}}
    response = "| Name | Age |\n|---|---|\n| Ann | 3 |\n| Bo | 5 |"
    sample = {"response": response, "gold": gold, "constraints": constraints}
    (d,) = detect_many([sample], LEXICAL)
    _check_diagnosis(d)
    assert d.hallucinations == {"attribute_distortion"}


@fuzz(150)
@given(
    gold=tables(),
    garbage_gold=st.one_of(st.none(), JSON_VALUES, ANY_TEXT),
    garbage_response=st.one_of(st.none(), st.integers(), JSON_VALUES, ANY_TEXT),
)
def test_a_bad_sample_does_not_cost_the_others_their_result(
    gold: tuple[list[str], list[list[str]]], garbage_gold: Any, garbage_response: Any
) -> None:
    headers, rows = gold
    good_gold = _gold_value(headers, rows)
    good = [
        {"response": render(_frame(headers, rows), "markdown"), "gold": good_gold},
        {"response": render(_frame(headers, rows[::-1]), "json"), "gold": good_gold},
    ]
    bad = {"response": garbage_response, "gold": garbage_gold, "constraints": garbage_gold}
    with hang_guard(2 * HANG_SECONDS):
        alone = [detect_many([g], LEXICAL)[0].to_dict() for g in good]
    with hang_guard(3 * HANG_SECONDS):
        batch = detect_many([good[0], bad, good[1]], LEXICAL)
    assert len(batch) == 3
    _check_diagnosis(batch[1])
    assert [batch[0].to_dict(), batch[2].to_dict()] == alone


# --- the score command ---------------------------------------------------------------------------

VALID = [
    {
        "id": f"ok-{i}",
        "response": "| Name | Age |\n|---|---|\n| Ann | 3 |\n| Bo | " + str(4 + i) + " |",
        "gt_table": {"table": {"T": [{"Name": "Ann", "Age": 3}, {"Name": "Bo", "Age": 4}]}},
        "context": "Ann is 3 and Bo is 4.",
    }
    for i in range(3)
]
GARBAGE_LINE = (
    st.one_of(
        ADVERSARIAL,
        BYTES_TEXT,
        JSON_VALUES.filter(lambda v: not isinstance(v, dict)).map(json.dumps),
        st.dictionaries(st.sampled_from(("id", "gt_table", "gold", "context")), JSON_VALUES).map(
            json.dumps
        ),
    )
    .map(lambda s: s.replace("\n", " ").replace("\r", " "))
    # a blank line (or a lone byte-order mark, which starts line 1 legitimately) is no record
    .filter(lambda s: s.lstrip("\ufeff").strip() != "")
)


@fuzz(25)
@given(garbage=st.lists(GARBAGE_LINE, min_size=1, max_size=4), where=st.randoms())
def test_score_cli_reports_bad_lines_and_scores_the_rest(garbage: list[str], where: Any) -> None:
    lines = [json.dumps(v) for v in VALID]
    bad_at: list[int] = []
    for junk in garbage:
        lines.insert(where.randint(0, len(lines)), junk)
    valid_text = {json.dumps(v) for v in VALID}
    bad_at = [i + 1 for i, line in enumerate(lines) if line not in valid_text]
    with tempfile.TemporaryDirectory() as tmp:
        preds = Path(tmp) / "preds.jsonl"
        details = Path(tmp) / "details.jsonl"
        preds.write_bytes(("\n".join(lines) + "\n").encode("utf-8", errors="surrogatepass"))
        args = ["score", str(preds), "--matcher", "lexical", "--details", str(details)]
        with hang_guard(max(HANG_SECONDS, 30.0)):
            result = CliRunner().invoke(app, [*args, "--quiet", "--bootstrap", "0"])
        stderr = getattr(result, "stderr", "") or result.output
        assert result.exit_code == 1, (result.output, result.exception)
        # JSONL lines end at "\n" only (str.splitlines would also split at U+0085, U+2028...)
        text = details.read_text(encoding="utf-8")
        rows = [json.loads(x) for x in text.split("\n") if x.strip()]
    scored = {r["id"]: r for r in rows if not r.get("error")}
    assert {v["id"] for v in VALID} <= set(scored)
    assert all("hallucinations" in scored[v["id"]] for v in VALID)
    failed_lines = {r.get("line") for r in rows if r.get("error")}
    for n in bad_at:
        assert f"line {n}" in stderr, (n, stderr)
        assert n in failed_lines, (n, failed_lines)


QUERY_FRAGMENTS = (
    " after 2020", " before March 2019", " between 2010 and 2015", " from 2019 to 2021",
    " in 2022", " during the 2010s", " FY2021 to FY2022", " 2023-24", " more than 1,000",
    " at least 5", " under $500", " over 10%", " the three largest", " top 5", " by revenue",
    " only European countries", " in the Premier League", " excluding China", " non-cancer",
    ' "Top Speed"', " Columns: A, B, C.", ' The columns should be, in order: "A", "B".',
    " with columns A, B and C", " sorted by \"A\" in descending order.", "'", "’s", ".", ",",
)  # fmt: skip
QUERIES = st.lists(
    st.one_of(st.sampled_from(QUERY_FRAGMENTS), st.sampled_from(FRAGMENTS), st.text(max_size=6)),
    max_size=40,
).map("".join)


@fuzz(300)
@given(query=st.one_of(QUERIES, ANY_TEXT), gold=tables(), scope=st.one_of(st.none(), QUERIES))
def test_query_constraints_never_raise(
    query: str, gold: tuple[list[str], list[list[str]]], scope: str | None
) -> None:
    headers, rows = gold
    table = ParsedTable(headers=headers, rows=rows)
    with hang_guard():
        spec = parse_query(query, {"numerical_range": scope, "entity_scope": [scope or "x"]})
        verdicts = check_rows(spec, table)
        scope_decidable(spec, table)
    json.dumps(spec.to_dict())
    assert [v.row for v in verdicts] == list(range(len(rows)))
    for c in spec.constraints:
        assert c.source == "constraints" or c.text in query

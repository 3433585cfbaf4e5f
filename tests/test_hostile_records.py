"""Issue 10: a hostile record never costs a run.

Each case puts one hostile record between two ordinary ones and checks the outcome for the hostile
record AND that the others are still scored/checked. Speed is checked as growth (10x the input,
well under 25x the CPU time), never as an absolute time; the absolute figures are in
benchmarks/README.md (benchmarks/hostile.py).
"""

from __future__ import annotations

import json
import random
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tablehallu.check.runner import Checker
from tablehallu.check.text import _BOUNDARY_RE, sentence_spans
from tablehallu.cli import app
from tablehallu.config import Config
from tablehallu.normalize import extract_numbers
from tablehallu.normalize.numbers import _EMBEDDED_RE
from tablehallu.parsers import ParseError, parse_gold
from tablehallu.scoring import score

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import hostile_records as hr

runner = CliRunner()
#: 10x the input may cost at most this many times the CPU time (linear: ~10; quadratic: ~100)
MAX_GROWTH = 25.0


def _cpu(fn: Callable[[], Any], repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.thread_time()
        fn()
        best = min(best, time.thread_time() - start)
    return max(best, 1e-4)


def _growth(make: Callable[[int], Callable[[], Any]], small: int) -> float:
    return _cpu(make(small * 10)) / _cpu(make(small))


def _write(tmp_path: Path, hostile: str, name: str = "run.jsonl") -> Path:
    path = tmp_path / name
    path.write_text(hr.jsonl_with_neighbours(hostile), encoding="utf-8")
    return path


def _score_cli(path: Path, *extra: str) -> tuple[int, str, list[dict[str, Any]]]:
    details = path.with_suffix(".details.jsonl")
    result = runner.invoke(
        app,
        [
            *("score", str(path), "--matcher", "lexical", "--bootstrap", "0", "-q"),
            *("--details", str(details), *extra),
        ],
    )
    lines = details.read_text(encoding="utf-8").splitlines() if details.exists() else []
    return result.exit_code, result.output, [json.loads(x) for x in lines]


def _scored_ids(details: list[dict[str, Any]]) -> set[str]:
    return {d["id"] for d in details if d.get("diagnosis") is not None or "error" not in d}


# --- over-long integer literals -------------------------------------------------------------------


def test_long_integer_in_a_jsonl_line_is_a_record_error_and_the_others_are_scored(
    tmp_path: Path,
) -> None:
    path = _write(tmp_path, hr.long_integer_line(5_000))
    code, output, details = _score_cli(path)
    assert code == 1
    assert "Traceback" not in output
    error = next(line for line in output.splitlines() if line.startswith("error:"))
    assert f"{path} line 2" in error and '(id "long-integer")' in error
    assert '"gt_table" holds an integer of 5000 digits' in error
    by_id = {d["id"]: d for d in details}
    assert set(by_id) >= {"before", "after"}
    assert by_id["before"]["error"] is None and by_id["after"]["error"] is None


def test_long_integer_through_the_api_scores_the_other_records() -> None:
    records = [
        hr.ordinary("before"),
        hr.ordinary("huge", model=10**5000),
        hr.ordinary(10**5000),
        hr.ordinary("after"),
    ]
    errors: list[Any] = []
    report = score(records, Config(matcher="lexical"), bootstrap=0, on_error=errors.append)
    assert report.n == 2
    assert [e.line for e in errors] == [2, 3]
    assert "integer of" in str(errors[0]) and "huge" in str(errors[0])
    assert '"id" holds an integer of' in str(errors[1])


def test_parse_gold_with_a_long_python_integer_is_a_clear_parse_error() -> None:
    result = parse_gold([{"a": 10**5000}])
    assert isinstance(result, ParseError)
    assert "internal" not in result.reason
    assert "column 'a'" in result.reason and "digits" in result.reason
    import pandas as pd

    frame = parse_gold(pd.DataFrame({"a": [10**5000]}))
    assert isinstance(frame, ParseError) and "digits" in frame.reason


def test_check_reports_a_long_integer_and_checks_the_other_records(tmp_path: Path) -> None:
    path = _write(tmp_path, hr.long_integer_line(5_000))
    result = runner.invoke(app, ["check", str(path), "--matcher", "lexical"])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert re.search(
        rf"{re.escape(str(path))}:2: TH000 \"gt_table\" holds an integer", result.output
    )
    assert "3 records in 1 file" in result.output


def test_check_reads_a_json_array_with_a_long_integer_element(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    hostile = hr.long_integer_line(5_000)
    path.write_text(
        "[\n"
        + hr.line(hr.ordinary("a"))
        + ",\n"
        + hostile
        + ",\n"
        + hr.line(hr.ordinary("b"))
        + "\n]"
    )
    checker = Checker({"TH000": "error", "TH060": "error"}, Config(matcher="lexical"))
    violations = checker.check_file(path)
    assert [(v.code, v.line, v.record_id) for v in violations] == [("TH000", 3, "long-integer")]
    assert checker.report.records == 3


def test_long_integer_in_a_constraints_string_is_reported() -> None:
    from tablehallu.detectors.constraints import read_constraints

    value, problem = read_constraints('{"rows": ' + "7" * 5000 + "}")
    assert value is None and problem is not None and "5000 digits" in problem


# --- the embedded-number pattern ----------------------------------------------------------------

#: The pattern before issue 10 (quadratic on a long failing run of comma groups): the reference.
_PLAIN_EMBEDDED = re.compile(
    r"\d{1,3}(?:,\d{3})+(?:\.\d+)?(?!\d|,\d)|(?<![\d.])\.\d+|\d+(?:\.\d+)?"
)


def test_the_linear_embedded_number_pattern_reads_what_the_plain_one_read() -> None:
    rng = random.Random(10)
    alphabets = ["0123456789.,", "1,.", "12,", "1,234.", "9,.5", "123,a. ", "1234,.x", "٣,.1"]
    for _ in range(20_000):
        alphabet = rng.choice(alphabets)
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40)))
        assert _EMBEDDED_RE.findall(text) == _PLAIN_EMBEDDED.findall(text), text


def test_a_long_digit_and_comma_cell_is_read_in_linear_time(tmp_path: Path) -> None:
    def make(n: int) -> Callable[[], Any]:
        text = hr.comma_number(n)
        return lambda: extract_numbers(text)

    assert _growth(make, 4_000) < MAX_GROWTH
    path = _write(tmp_path, hr.comma_cell_line(40_000))
    code, _, details = _score_cli(path)
    assert code == 0
    assert {d["id"] for d in details} == {"before", "comma-cell-40000", "after"}
    assert all(d["error"] is None for d in details)


def test_a_long_digit_and_comma_number_in_a_context_is_checked(tmp_path: Path) -> None:
    path = _write(tmp_path, hr.comma_context_line(40_000))
    result = runner.invoke(app, ["check", str(path), "--matcher", "lexical"])
    assert "Traceback" not in result.output
    assert "3 records in 1 file" in result.output


# --- the sentence splitter ----------------------------------------------------------------------

_PLAIN_BOUNDARY = re.compile(r"([.!?]+[\"'”’»)\]]*)\s+(?=[^\sa-z\u00df-\u00f6\u00f8-\u00ff,;:])")


def test_the_linear_sentence_boundary_finds_what_the_plain_one_found() -> None:
    rng = random.Random(11)
    alphabets = [".!? \"')aA,\n", ". a", "..  A", ".'\" B", "?!.)] x"]
    for _ in range(20_000):
        alphabet = rng.choice(alphabets)
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 30)))
        old = [m.span(1) + m.span() for m in _PLAIN_BOUNDARY.finditer(text)]
        new = [m.span(1) + m.span() for m in _BOUNDARY_RE.finditer(text)]
        assert new == old, text


def test_a_dot_leader_is_split_in_linear_time(tmp_path: Path) -> None:
    def make(n: int) -> Callable[[], Any]:
        text = "Contents" + "." * n + " 5. Next part."
        return lambda: sentence_spans(text)

    assert _growth(make, 10_000) < MAX_GROWTH
    assert sentence_spans("Contents..... 5. Next.") == [(0, 13), (14, 16), (17, 22)]
    path = _write(tmp_path, hr.dots_line(100_000))
    result = runner.invoke(app, ["check", str(path), "--matcher", "lexical"])
    assert "3 records in 1 file" in result.output
    code, _, details = _score_cli(path)
    assert code == 0 and len(details) == 3


# --- a context too long to check ----------------------------------------------------------------


def test_check_reports_a_context_over_the_limit_and_checks_the_others(tmp_path: Path) -> None:
    path = _write(tmp_path, hr.big_context_line(5_000))
    config = tmp_path / "tablehallu.toml"
    config.write_text("max_context_chars = 2000\n")
    result = runner.invoke(
        app, ["check", str(path), "--matcher", "lexical", "--config", str(config)]
    )
    assert result.exit_code == 1
    assert re.search(
        r":2: TH000 \"context\" has \d+ characters, more than max_context_chars",
        result.output,
    )
    assert ":1:" not in result.output and ":3:" not in result.output
    assert "3 records in 1 file" in result.output


def test_score_leaves_out_a_context_over_the_limit_and_says_so(tmp_path: Path) -> None:
    path = _write(tmp_path, hr.big_context_line(5_000))
    config = tmp_path / "tablehallu.toml"
    config.write_text("max_context_chars = 2000\n")
    result = runner.invoke(
        app,
        ["score", str(path), "--matcher", "lexical", "--bootstrap", "0", "--config", str(config)],
    )
    assert result.exit_code == 0, result.output
    assert "3 of 3 records scored" in result.output
    assert "context longer than max_context_chars=2000; it was not used" in result.output
    assert '"context-5000"' in result.output


def test_many_they_sentences_are_attributed_in_linear_time() -> None:
    # "They" looks back for its group a bounded number of sentences, not to the text's start
    from tablehallu import Config
    from tablehallu.detectors.grounding.claims import Grounder
    from tablehallu.normalize import type_cell

    def make(n: int) -> Callable[[], Any]:
        ctx = "Jackson met Morris. Smith ran. " + "They beat Jackson, 5 - 3. " * n

        def run() -> None:
            Grounder(ctx, ("Reggie Jackson", "Marcus Morris"), Config()).check(
                0, "Points", type_cell("7")
            )

        return run

    assert _growth(make, 150) < MAX_GROWTH


def test_held_to_is_looked_for_in_linear_time_in_a_long_sentence() -> None:
    # "held ... to" is looked for a bounded number of words before each figure
    from tablehallu import Config
    from tablehallu.detectors.grounding.claims import Grounder
    from tablehallu.detectors.grounding.entities import _conceded

    def make(n: int) -> Callable[[], Any]:
        ctx = "Jackson held Morris to " + "5 , " * n + "and 6 points."
        g = Grounder(ctx, ("Reggie Jackson", "Marcus Morris"), Config())

        def run() -> None:
            for m in g.doc.numbers:
                _conceded(g.doc, g.mentions, m, m.first)

        return run

    assert _growth(make, 200) < MAX_GROWTH


def test_the_number_before_a_bare_number_is_found_in_linear_time() -> None:
    # a bare number's noun is read from the previous number of its sentence, not of the text
    from tablehallu import Config
    from tablehallu.detectors.grounding.claims import Grounder

    def make(n: int) -> Callable[[], Any]:
        g = Grounder("Morris had 5 , 6 . " * n, ("Reggie Jackson", "Marcus Morris"), Config())

        def run() -> None:
            for m in g.doc.numbers:
                g._elided(m)

        return run

    assert _growth(make, 300) < MAX_GROWTH

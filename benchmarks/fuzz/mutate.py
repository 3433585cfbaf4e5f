"""The long fuzz run: a seeded mutation fuzzer over every entry point that reads untrusted input.

Usage::

    python benchmarks/fuzz/mutate.py --inputs 1000000                  # the documented long run
    python benchmarks/fuzz/mutate.py --inputs 20000 --target score-reader --seed 7
    python benchmarks/fuzz/mutate.py --list                            # the targets

Targets (one per entry point; the ``constraints`` field is also read by both record readers):

- ``parsers``: ``parse_response`` in every format and ``parse_gold`` on the text;
- ``detect``: ``tablehallu.detect`` of the text as a response against a seed gold table (and of
  a seed response against the text as a gold table);
- ``score-reader``: one JSONL line through ``tablehallu score``'s reader and validation
  (``scoring.records``: decoding, the checks of every field, the gold table parse);
- ``check-reader``: one JSONL line through ``tablehallu check``'s reader and every rule;
- ``query``: the text as a query (``parse_query``), and as the ``numerical_range`` and
  ``entity_scope`` of a constraints dict, then ``check_rows`` and ``scope_decidable`` of the
  result on a seed table (``tablehallu.detectors.query``, issue 12).

Seeds: the fixtures' records and responses and every hostile input of issues 2 and 10
(``benchmarks/hostile.py`` and ``benchmarks/hostile_records.py``); each full-size seed is run once
first, then the loop mutates seeds cut to at most ``--max-seed`` bytes (bit flips, byte and
token insertions, deletions, duplicated and spliced ranges, digit-and-comma runs, punctuation
runs, over-long integers, deep brackets) so that a million inputs fit in well under an hour on one
core. The random generator is seeded (``--seed``): the same arguments replay the same inputs.

Any exception that escapes a target is a finding: it is counted, and the input is saved under
``--findings`` (default ``benchmarks/out/fuzz-findings``). An input that takes more than
``--slow`` seconds of CPU is saved too and counted as slow. Exit status: 1 when anything was
found, else 0. Progress goes to stderr every ``--report`` inputs; the last line is a JSON summary.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import random
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

TOKENS = [
    b'"',
    b"{",
    b"}",
    b"[",
    b"]",
    b",",
    b":",
    b"|",
    b"\\",
    b"\\|",
    b"\n",
    b"\r",
    b"\t",
    b" ",
    b".",
    b"...",
    b"!?",
    b"-",
    b"e9",
    b"1,234",
    b",567",
    b"0",
    b"null",
    b"true",
    b'"id"',
    b'"response"',
    b'"gt_table"',
    b'"context"',
    b'"constraints"',
    b'"sort_column"',
    b"<table>",
    b"<td>",
    b"</tr>",
    b"<think>",
    b"\\begin{tabular}{ll}",
    b"&",
    b"\\\\",
    b"```",
    b"####",
    b"|---|",
    b"\x00",
    b"\xff",
    b"\xc3\xa9",
    b"\xe2\x80\x99",
    b"\xd9\xa3",
    b"NaN",
    b"Infinity",
    b"-0",
    b"1e999",
    b" between 2019 and 2021",
    b" after March 2020",
    b" more than 1,000",
    b" the three largest",
    b" top 5",
    b" only European",
    b" in the Premier League",
    b'The columns should be, in order: "A", "B"',
    b"Columns: A, B, C",
    b" FY2021 to FY2022",
    b" 2023-24",
    b" the 1990s",
]


def _mutate(rng: random.Random, data: bytes, pool: list[bytes], max_len: int) -> bytes:
    """One to four random mutations of ``data``."""
    buf = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        n = len(buf)
        op = rng.randrange(12)
        i = rng.randint(0, n)
        if op == 0 and n:  # flip a bit
            j = rng.randrange(n)
            buf[j] ^= 1 << rng.randrange(8)
        elif op == 1:  # insert random bytes
            buf[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif op == 2:  # insert a token
            buf[i:i] = rng.choice(TOKENS)
        elif op == 3 and n:  # delete a range
            j = min(n, i + rng.randint(1, 32))
            del buf[i:j]
        elif op == 4 and n:  # duplicate a range
            j = min(n, i + rng.randint(1, 64))
            buf[i:i] = buf[i:j] * rng.randint(1, 8)
        elif op == 5 and pool:  # splice another seed
            other = rng.choice(pool)
            a = rng.randint(0, len(other))
            buf[i:i] = other[a : a + rng.randint(1, 256)]
        elif op == 6:  # a digit-and-comma run
            buf[i:i] = b"1" + b",234" * rng.randint(1, 200) + rng.choice([b"5", b"", b",5", b".5"])
        elif op == 7:  # a punctuation run
            buf[i:i] = rng.choice([b".", b"!", b"?", b"'", b" ", b"|", b"\\"]) * rng.randint(2, 500)
        elif op == 8:  # an over-long integer
            buf[i:i] = b"9" * rng.choice([10, 4_300, 4_301, 5_000])
        elif op == 9:  # deep brackets
            buf[i:i] = rng.choice([b"[", b"{", b'{"a":']) * rng.randint(10, 3_000)
        elif op == 10 and n:  # replace a byte with a token byte
            buf[rng.randrange(n)] = rng.choice(b'"{}[],:|\\.\n0')
        elif op == 11 and n > 1:  # truncate
            del buf[rng.randint(1, n) :]
    return bytes(buf[: max_len * 2])


# --- targets -------------------------------------------------------------------------------------


def _targets() -> dict[str, Callable[[bytes], None]]:
    from tablehallu import detect
    from tablehallu.check.rules import RULES
    from tablehallu.check.runner import Checker, _decode_line
    from tablehallu.config import FORMATS, Config
    from tablehallu.detectors.pipeline import GoldTableError
    from tablehallu.parsers import ParsedTable, ParseError, parse_gold, parse_response
    from tablehallu.scoring.records import RecordError, _decode, build_record

    config = Config(matcher="lexical")
    gold_seed = json.dumps(
        {"t": [{"Team": "Hawks", "Points": 95}, {"Team": "Magic", "Points": 88}]}
    )
    response_seed = "| Team | Points |\n|---|---|\n| Hawks | 95 |\n| Magic | 88 |\n"
    context_seed = "The Hawks beat the Magic 95 - 88. Atlanta (20 - 5) led from the start."
    enabled = {code: rule.severity for code, rule in RULES.items()}

    counter = [0]

    def parsers(data: bytes) -> None:
        # auto-detection and parse_gold on every input, one explicit format in turn
        text = data.decode("utf-8", errors="replace")
        counter[0] += 1
        for fmt in ("auto", FORMATS[counter[0] % len(FORMATS)]):
            result = parse_response(text, fmt, config)
            if not isinstance(result, ParsedTable | ParseError):
                raise TypeError(f"parse_response returned {type(result).__name__}")
        if not isinstance(parse_gold(text, config), ParsedTable | ParseError):
            raise TypeError("parse_gold returned something else")

    def detect_target(data: bytes) -> None:
        text = data.decode("utf-8", errors="replace")
        detect(text, gold_seed, config=config)
        # GoldTableError is the documented answer to a gold table that does not parse
        with contextlib.suppress(GoldTableError):
            detect(response_seed, text, config=config)
        # referenceless (issue 12): the input as response and as context, without a gold table
        detect(text, None, context=context_seed, config=config)
        if text.strip():
            detect(response_seed, None, context=text, config=config)

    def score_reader(data: bytes) -> None:
        text = data.decode("utf-8", errors="surrogateescape")
        raw = _decode(text, "fuzz.jsonl", 1, len(data))
        result = build_record(raw)
        if not isinstance(result, RecordError):
            result.to_sample()
            if not isinstance(result.gold, ParsedTable):
                parse_gold(result.gold, config)

    def check_reader(data: bytes) -> None:
        item = _decode_line(data, 1)
        if item is not None:
            Checker(enabled, config)._check_items("fuzz.jsonl", [item])

    from tablehallu.detectors.query import check_rows, parse_query, scope_decidable

    query_table = parse_gold(
        {
            "t": [
                {"Club": "Leeds", "League": "Premier League", "Founded": 1919, "Fans": "1,000"},
                {"Club": "Wigan", "League": "Championship", "Founded": 1932, "Fans": "$5M"},
                {"Club": "York", "League": None, "Founded": "2021-03", "Fans": "12%"},
                {"Club": "Bury", "League": "Europe", "Founded": "0000", "Fans": "1e999"},
                {"Club": "Hull", "League": "2023-24", "Founded": "9999-00", "Fans": "-5"},
            ]
        },
        config,
    )
    assert isinstance(query_table, ParsedTable)

    def query_target(data: bytes) -> None:
        text = data.decode("utf-8", errors="surrogateescape")
        for spec in (
            parse_query(text, config=config),
            parse_query(None, {"numerical_range": text, "entity_scope": [text[:200]]}),
        ):
            json.dumps(spec.to_dict())
            check_rows(spec, query_table, config)
            scope_decidable(spec, query_table, config)

    return {
        "parsers": parsers,
        "detect": detect_target,
        "score-reader": score_reader,
        "check-reader": check_reader,
        "query": query_target,
    }


# --- seeds ---------------------------------------------------------------------------------------


def _fixture_lines(path: Path, limit: int) -> list[bytes]:
    try:
        return [ln for ln in path.read_bytes().splitlines() if ln.strip()][:limit]
    except OSError:
        return []


def seeds() -> dict[str, list[bytes]]:
    """Full-size seeds per target: fixtures and every hostile input."""
    import hostile
    import hostile_records as hr

    texts = [text.encode("utf-8", "surrogateescape") for _, text, _ in hostile.hostile_inputs()]
    texts.append(hr.escaped_pipes_row(1_500_000).encode())
    texts.append(hr.RESPONSE.encode())
    for path in (REPO / "fixtures" / "parse").glob("*.txt"):
        texts.append(path.read_bytes())
    records = [case.make().encode("utf-8") for case in hr.cases()]
    records.append(hr.line(hr.ordinary("plain")).encode())
    records += _fixture_lines(REPO / "fixtures" / "demo" / "preds.jsonl", 20)
    records += _fixture_lines(REPO / "fixtures" / "check" / "violations.jsonl", 20)
    records += _fixture_lines(REPO / "fixtures" / "check" / "clean.jsonl", 5)
    queries = []
    for part in "abc":
        for line in _fixture_lines(
            REPO / "benchmarks" / "data" / f"gold_records_{part}.jsonl", 200
        ):
            rec = json.loads(line)
            queries.append(str(rec.get("query", "")).encode("utf-8"))
            queries.append(json.dumps(rec.get("constraints")).encode("utf-8"))
    return {
        "parsers": texts,
        "detect": texts,
        "score-reader": records,
        "check-reader": records,
        "query": queries + texts,
    }


def _cut(seed: bytes, max_len: int, rng: random.Random) -> bytes:
    if len(seed) <= max_len:
        return seed
    start = rng.choice([0, 0, rng.randrange(len(seed) - max_len)])
    return seed[start : start + max_len]


# --- the run -------------------------------------------------------------------------------------


class Run:
    """Counts, timings and findings of one fuzz run."""

    def __init__(self, findings: Path, slow: float) -> None:
        self.findings = findings
        self.slow_limit = slow
        self.inputs: dict[str, int] = {}
        self.crashes: dict[str, int] = {}
        self.slow: dict[str, int] = {}
        self.slowest: dict[str, float] = {}

    def one(self, name: str, target: Callable[[bytes], None], data: bytes) -> None:
        start = time.thread_time()
        try:
            target(data)
        except Exception:
            self.crashes[name] = self.crashes.get(name, 0) + 1
            self._save(name, "crash", data, traceback.format_exc())
        spent = time.thread_time() - start
        self.inputs[name] = self.inputs.get(name, 0) + 1
        self.slowest[name] = max(self.slowest.get(name, 0.0), spent)
        if spent > self.slow_limit:
            self.slow[name] = self.slow.get(name, 0) + 1
            self._save(name, "slow", data, f"{spent:.2f} s CPU\n")

    def _save(self, name: str, kind: str, data: bytes, note: str) -> None:
        self.findings.mkdir(parents=True, exist_ok=True)
        digest = hashlib.sha1(data).hexdigest()[:16]
        (self.findings / f"{name}-{kind}-{digest}.bin").write_bytes(data)
        (self.findings / f"{name}-{kind}-{digest}.txt").write_text(note)
        print(f"{kind} in {name}: {note.strip().splitlines()[-1]}", file=sys.stderr)


def _weight(text: str) -> tuple[str, int]:
    name, _, value = text.partition("=")
    return name.strip(), int(value or 1)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--inputs", type=int, default=100_000, help="mutated inputs in all")
    ap.add_argument("--target", action="append", help="only this target (repeatable)")
    ap.add_argument(
        "--weights",
        default="parsers=6,detect=4,score-reader=50,check-reader=40,query=10",
        help="share of the inputs per target (the readers are ~30x cheaper per input than the "
        "parsers and detect)",
    )
    ap.add_argument("--seed", type=int, default=0, help="random seed")
    ap.add_argument("--max-seed", type=int, default=512, help="bytes of a seed to mutate")
    ap.add_argument("--slow", type=float, default=1.0, help="CPU seconds that count as slow")
    ap.add_argument("--report", type=int, default=50_000, help="progress every N inputs")
    ap.add_argument("--findings", type=Path, default=REPO / "benchmarks" / "out" / "fuzz-findings")
    ap.add_argument("--no-full-seeds", action="store_true", help="skip the full-size seed pass")
    ap.add_argument("--list", action="store_true", help="print the targets and exit")
    args = ap.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")

    targets = _targets()
    if args.list:
        print("\n".join(targets))
        return 0
    chosen = args.target or list(targets)
    unknown = set(chosen) - set(targets)
    if unknown:
        ap.error(f"unknown target(s): {', '.join(sorted(unknown))}")
    rng = random.Random(args.seed)
    all_seeds = seeds()
    run = Run(args.findings, args.slow)
    wall = time.perf_counter()
    cpu = time.process_time()

    if not args.no_full_seeds:
        for name in chosen:
            for data in all_seeds[name]:
                run.one(name, targets[name], data)
    seed_inputs = sum(run.inputs.values())

    pools = {name: [_cut(s, args.max_seed, rng) for s in all_seeds[name]] for name in chosen}
    corpus = {name: list(pools[name]) for name in chosen}
    weights = dict(_weight(w) for w in args.weights.split(",") if w.strip())
    cycle = [name for name in chosen for _ in range(max(1, weights.get(name, 1)))]
    rng.shuffle(cycle)
    for k in range(1, args.inputs + 1):
        name = cycle[k % len(cycle)]
        base = rng.choice(corpus[name])
        data = _mutate(rng, base, pools[name], args.max_seed)
        run.one(name, targets[name], data)
        if rng.random() < 0.01 and len(data) <= args.max_seed:  # keep some mutants as new bases
            corpus[name].append(data)
            if len(corpus[name]) > 2_000:
                corpus[name].pop(rng.randrange(len(pools[name]), len(corpus[name])))
        if k % args.report == 0:
            print(
                f"{k} inputs, {time.perf_counter() - wall:.0f} s, "
                f"crashes {sum(run.crashes.values())}, slow {sum(run.slow.values())}",
                file=sys.stderr,
                flush=True,
            )
    summary: dict[str, Any] = {
        "inputs": sum(run.inputs.values()),
        "mutated_inputs": args.inputs,
        "full_size_seed_inputs": seed_inputs,
        "per_target": run.inputs,
        "uncaught_exceptions": sum(run.crashes.values()),
        "crashes_per_target": run.crashes,
        "slow_inputs": sum(run.slow.values()),
        "slowest_cpu_s": {k: round(v, 3) for k, v in run.slowest.items()},
        "wall_s": round(time.perf_counter() - wall, 1),
        "cpu_s": round(time.process_time() - cpu, 1),
        "seed": args.seed,
        "weights": args.weights,
        "max_seed_bytes": args.max_seed,
    }
    print(json.dumps(summary))
    return 1 if summary["uncaught_exceptions"] or summary["slow_inputs"] else 0


if __name__ == "__main__":
    sys.exit(main())

"""Parse every response and gold table of real model outputs and count what comes back.

Run: ``.venv/bin/python benchmarks/parse_real.py [FILE.jsonl ...]`` (default: the rotowire files
under /work/shared/real). Each line needs ``response`` and ``gt_table``; prints, per file and
field, how many texts gave a table or an error, the warning codes seen, and the error reasons.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tablehallu.parsers import parse_gold, parse_response
from tablehallu.parsers.table import ParsedTable

DEFAULT_FILES = sorted(Path("/work/shared/real").glob("*.jsonl"))


def main(paths: list[Path]) -> int:
    missing_gold = 0
    for path in paths:
        records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        for field, parse in (("response", parse_response), ("gt_table", parse_gold)):
            outcomes: Counter[str] = Counter()
            warnings: Counter[str] = Counter()
            errors: Counter[str] = Counter()
            start = time.perf_counter()
            for record in records:
                result = parse(record.get(field, ""))
                if isinstance(result, ParsedTable):
                    outcomes["table"] += 1
                    warnings.update(w.code for w in result.warnings)
                else:
                    outcomes["error"] += 1
                    errors[result.reason] += 1
            seconds = time.perf_counter() - start
            if field == "gt_table":
                missing_gold += outcomes["error"]
            print(
                f"{path.name} {field}: {len(records)} texts, {outcomes['table']} tables, "
                f"{outcomes['error']} errors ({seconds:.2f} s)"
            )
            for code, n in warnings.most_common():
                print(f"    warning {code}: {n}")
            for reason, n in errors.most_common(5):
                print(f"    error {reason!r}: {n}")
    return 1 if missing_gold else 0


if __name__ == "__main__":
    raise SystemExit(main([Path(p) for p in sys.argv[1:]] or DEFAULT_FILES))

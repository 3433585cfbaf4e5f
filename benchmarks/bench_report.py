"""Time and size of ``tablehallu report`` on a real run, and a screenshot of the page.

Scores the Rotowire runs (``../shared/real/rotowire-gemini.jsonl`` and ``rotowire-llama.jsonl``,
2 821 samples) with ``--by model --matcher lexical`` and headers = "lenient", order = "declared"
into a results folder, then times ``tablehallu report`` on it (a fresh process: start-up, imports,
reading the details, drawing, writing) and prints the page size. With ``--screenshot FILE`` a
headless Chromium (Debian's ``chromium``, through Playwright) saves a full-page screenshot.

    .venv/bin/python benchmarks/bench_report.py --screenshot docs/report-rotowire.png
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REAL = ROOT.parent.parent / "shared" / "real"
TABLEHALLU = Path(sys.executable).parent / "tablehallu"
CONFIG = '[tool.tablehallu]\nheaders = "lenient"\norder = "declared"\n'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", nargs="+", type=Path, default=[
        REAL / "rotowire-gemini.jsonl", REAL / "rotowire-llama.jsonl"])  # fmt: skip
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--screenshot", type=Path, default=None)
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="bench-report-"))
    try:
        config = work / "run.toml"
        config.write_text(CONFIG)
        results = work / "results"
        cmd = [str(TABLEHALLU), "score", *map(str, args.inputs), "--by", "model",
               "--matcher", "lexical", "--config", str(config), "--output-dir", str(results),
               "--quiet"]  # fmt: skip
        start = time.perf_counter()
        subprocess.run(cmd, check=False, capture_output=True, timeout=3600)
        print(f"score --output-dir: {time.perf_counter() - start:.1f} s")
        n = sum(1 for _ in (results / "details.jsonl").open())
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            subprocess.run(
                [str(TABLEHALLU), "report", str(results)],
                check=True,
                capture_output=True,
                timeout=600,
            )
            times.append(time.perf_counter() - start)
        page = results / "report.html"
        print(
            f"report on {n} samples: median {statistics.median(times):.2f} s, best "
            f"{min(times):.2f} s over {args.repeat} runs; report.html {page.stat().st_size:,} "
            f"bytes, report.md {(results / 'report.md').stat().st_size:,} bytes"
        )
        if args.screenshot is not None:
            sys.path.insert(0, str(ROOT / "tests"))
            from _browser import browser_page

            with browser_page(work / "profile") as browser:
                browser.goto(page.as_uri(), wait_until="load")
                browser.screenshot(path=str(args.screenshot), full_page=True)
            print(f"screenshot: {args.screenshot}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

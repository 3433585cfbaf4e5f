"""``tablehallu report`` and ``score --output-dir``: the page's content, that it is
self-contained, and that a real headless browser renders every chart without errors."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from _browser import browser_page
from _scoring_helpers import LEXICAL, record, write_jsonl
from typer.testing import CliRunner

from tablehallu import score
from tablehallu.cli import app
from tablehallu.scoring.pages import build_report, read_details

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "fixtures" / "demo" / "preds.jsonl"


def run(*args: Any) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture(scope="module")
def demo_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo run scored into a results folder (lexical, grouped by model)."""
    out = tmp_path_factory.mktemp("demo") / "results"
    result = run("score", DEMO, "--by", "model", "--matcher", "lexical", "--output-dir", out)
    assert result.exit_code == 0, result.stderr
    return out


# --- the results folder ---------------------------------------------------------------------------


def test_output_dir_holds_summary_details_report_and_provenance(demo_run: Path) -> None:
    names = {p.name for p in demo_run.iterdir()}
    assert {"summary.json", "details.jsonl", "report.html", "report.md", "run.json"} <= names
    summary = json.loads((demo_run / "summary.json").read_text())
    assert summary["n"] == 30 and summary["by"] == ["model"]
    assert len((demo_run / "details.jsonl").read_text().splitlines()) == 30
    prov = json.loads((demo_run / "run.json").read_text())
    (inp,) = prov["inputs"]
    assert inp["sha256"] == hashlib.sha256(DEMO.read_bytes()).hexdigest()
    assert inp["bytes"] == DEMO.stat().st_size
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", prov["timestamp"])
    assert prov["git"] is None or re.fullmatch(r"[0-9a-f]{40}", prov["git"]["commit"])
    assert prov["versions"]["tablehallu"] == summary["provenance"]["versions"]["tablehallu"]
    assert prov["command"] and all(isinstance(a, str) for a in prov["command"])  # sys.argv


def test_output_dir_that_is_a_file_is_refused_before_any_work(tmp_path: Path) -> None:
    preds = write_jsonl(tmp_path / "p.jsonl", [record("clean", "a")])
    clash = tmp_path / "taken"
    clash.write_text("x")
    result = run("score", preds, "--matcher", "lexical", "--output-dir", clash)
    assert result.exit_code == 2 and "is a file, not a folder" in result.stderr


# --- the page -------------------------------------------------------------------------------------


def test_page_is_self_contained_and_shows_table1_heatmaps_and_examples(demo_run: Path) -> None:
    page = (demo_run / "report.html").read_text()
    assert page.startswith("<!DOCTYPE html>")
    # nothing is fetched at view time: no external script, stylesheet, image or font
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<script" not in page and "<link" not in page and "@import" not in page
    # rates, format x type, domain x type, and the distribution of the per-sample severity
    assert page.count('<figure class="chart"') == 4
    assert 'id="chart-severity"' in page
    assert page.count("<svg") == 4
    for label in ("aurora-7b", "basalt-70b", "cirrus-pro", "TotalHallu", "Entity Fab."):
        assert label in page
    # each rate cell links to examples of its type, and the anchors exist
    for anchor in set(re.findall(r'href="#(examples-[a-z_]+)"', page)):
        assert f'id="{anchor}"' in page
    assert 'href="#examples-attribute_distortion"' in page
    markdown = (demo_run / "report.md").read_text()
    assert "| aurora-7b | 10 |" in markdown and "## Rate per domain and type (%)" in markdown
    assert len(page.encode()) < 2_000_000


def _details(tmp_path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    recs = [
        record("clean", "a", model="m1"),
        record("distorted", "b", model="m1"),
        record("fabricated", "c", model="m2"),
    ]
    path = write_jsonl(tmp_path / "p.jsonl", recs)
    details = tmp_path / "d.jsonl"
    report = score(path, LEXICAL, by="model", details=details)
    return report.to_dict(), list(read_details(details))


def test_severity_gold_conflicts_and_evidence_are_shown_when_present(tmp_path: Path) -> None:
    summary, lines = _details(tmp_path)
    for line in lines:  # details without a severity (older runs, other tools)
        line.pop("severity", None)
    plain = build_report(summary, lines)
    assert "Severity" not in plain.html and "Gold conflicts" not in plain.html
    assert "<mark>" not in plain.html
    # what other parts of tablehallu add: a per-sample severity, gold_conflict findings, evidence
    lines[0]["severity"] = "none"
    lines[1]["severity"] = "major"
    lines[2]["severity"] = "critical"
    distortion = next(f for f in lines[1]["findings"] if f["type"] == "attribute_distortion")
    sentence = "Spain is governed from Madrid and has 48 million people."
    start = sentence.index("Madrid")
    distortion["evidence"] = {"sentence": sentence, "start": start, "end": start + 6}
    lines[0]["findings"].append(
        {
            "type": "gold_conflict",
            "pred_row": None,
            "gold_row": 1,
            "column": "Population (millions)",
            "predicted": None,
            "expected": "68",
            "explanation": "the context says 67 for France, the gold table 68",
        }
    )
    page = build_report(summary, lines)
    assert [c.id for c in page.charts] == ["chart-rates", "chart-format", "chart-severity"]
    assert "Severity of the samples" in page.html
    assert "Gold conflicts" in page.html and "the context says 67 for France" in page.html
    assert "Spain is governed from <mark>Madrid</mark> and has 48 million people." in page.html
    assert "**Madrid**" in page.markdown and "## Gold conflicts" in page.markdown
    assert "| model=m1 | major | 1 |" in page.markdown
    # numeric severities get a histogram
    for i, line in enumerate(lines):
        line["severity"] = 0.25 * i
    numeric = build_report(summary, lines)
    assert any(c.id == "chart-severity" for c in numeric.charts)


def test_values_from_the_data_are_escaped(tmp_path: Path) -> None:
    summary, lines = _details(tmp_path)
    lines[1]["id"] = "<script>alert(1)</script>"
    page = build_report(summary, lines)
    assert "<script>" not in page.html and "&lt;script&gt;" in page.html


def test_report_command_reads_a_folder_or_a_summary(demo_run: Path, tmp_path: Path) -> None:
    html_out = tmp_path / "r.html"
    result = run("report", demo_run, "--html", html_out, "--markdown", tmp_path / "r.md")
    assert result.exit_code == 0, result.stderr
    assert "4 chart(s)" in result.stderr and html_out.read_text().count("<svg") == 4
    summary_only = run(
        "report", demo_run / "summary.json", "--html", tmp_path / "s.html",
        "--markdown", tmp_path / "s.md",
    )  # fmt: skip
    assert summary_only.exit_code == 0
    assert (tmp_path / "s.html").read_text().count("<svg") == 1  # no details: the rates only
    refused = run("report", demo_run / "summary.json", "--html", demo_run / "summary.json")
    assert refused.exit_code == 2 and "input" in refused.stderr
    notes = tmp_path / "notes.json"
    notes.write_text('{"hello": 1}')
    assert run("report", notes).exit_code == 2


# --- in a real browser ----------------------------------------------------------------------------


def test_a_headless_browser_renders_every_chart_without_errors(
    demo_run: Path, tmp_path: Path
) -> None:
    page_file = demo_run / "report.html"
    expected = page_file.read_text().count('<figure class="chart"')
    errors: list[str] = []
    requests: list[str] = []
    shot = tmp_path / "report.png"
    with browser_page(tmp_path / "profile") as page:
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("request", lambda r: requests.append(r.url))
        page.goto(page_file.as_uri(), wait_until="load")
        charts = page.query_selector_all("figure.chart svg")
        boxes = [c.bounding_box() for c in charts]
        drawn = page.evaluate(
            "() => [...document.querySelectorAll('figure.chart svg')]"
            ".map(s => s.querySelectorAll('path, rect, text').length)"
        )
        page.screenshot(path=str(shot), full_page=True)
    assert errors == []
    assert [u for u in requests if not u.startswith("file:")] == []  # nothing over the network
    assert len(charts) == expected == 4
    for box in boxes:
        assert box is not None and box["width"] > 300 and box["height"] > 100
    assert all(n > 20 for n in drawn)
    from PIL import Image

    with Image.open(shot) as image:
        assert image.width >= 1000 and image.height > 1500
        colours = image.convert("RGB").getcolors(maxcolors=1_000_000) or []
        assert len(colours) > 50  # charts and text, not a blank page

"""The rule registry of ``tablehallu check``: stable ids, family modules, reference text, a test
and a fixture per rule, and docs/check.md generated from it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from _check_helpers import FIXTURES, LEXICAL, ROOT, fixture_module

from tablehallu.check import RULES, Checker, Finding, RecordView, Rule
from tablehallu.check.docs import BEGIN, END, main, render, rule_markdown

EXPECTED = fixture_module().EXPECTED


def test_every_rule_has_reference_text() -> None:
    for code, rule in RULES.items():
        assert rule.code == code and rule.severity in ("error", "warning")
        assert len(rule.doc) > 80, code
    assert [c for c, r in RULES.items() if not r.default] == ["TH050"]


def test_ids_and_names_are_unique_and_in_order() -> None:
    assert all(re.fullmatch(r"TH\d{3}", code) for code in RULES)
    assert list(RULES) == sorted(RULES)
    names = [r.name for r in RULES.values()]
    assert len(set(names)) == len(names)
    assert all(re.fullmatch(r"[a-z]+(?:-[a-z]+)*", n) for n in names)


def test_every_rule_runs_from_its_family_module() -> None:
    for code, rule in RULES.items():
        if rule.check is None:  # TH000: the runner applies it while reading
            assert code == "TH000"
            continue
        family = rule.check.__module__.rsplit(".", 1)
        assert family[0] == "tablehallu.check.rules" and family[1] != "base", code
        assert rule.needs, code


def test_every_rule_has_its_own_test() -> None:
    files = sorted((ROOT / "tests").glob("test_check_rules_*.py"))
    tests = "".join(p.read_text(encoding="utf-8") for p in files)
    missing = [c for c in RULES if f"def test_{c.lower()}_" not in tests]
    assert missing == [], "add a test_<id>_... to tests/test_check_rules_<family>.py"


@pytest.mark.parametrize("code", list(RULES))
def test_the_fixture_violates_each_rule_once(code: str) -> None:
    checker = Checker({code: RULES[code].severity}, LEXICAL)
    found = checker.check_paths([FIXTURES / "violations.jsonl"]).violations
    assert [(v.code, v.line) for v in found] == [p for p in EXPECTED if p[0] == code]


def test_docs_check_md_is_generated_from_the_rules() -> None:
    text = (ROOT / "docs" / "check.md").read_text(encoding="utf-8")
    assert render(text) == text, "regenerate: python -m tablehallu.check.docs"
    for code, rule in RULES.items():
        section = rule_markdown(rule)
        assert section.startswith(f"### {code} `{rule.name}` — {rule.severity}, ")
        assert section in text


def _sample_check(rec: RecordView) -> list[Finding] | None:
    """Cells are ``fine``.

    The paper's rule: see :func:`~tablehallu.x.y` and ``Config.z``.

    How: compared; the ``How:`` inside a sentence is left alone.

    Skipped: records without ``gt_table``.
    """
    return []


def test_rule_markdown_turns_a_docstring_into_a_section() -> None:
    rule = Rule("TH099", "sample", "s", "warning", False, _sample_check)
    assert rule_markdown(rule) == (
        "### TH099 `sample` — warning, **off**\n\n"
        "Cells are `fine`.\n\n"
        "The paper's rule: see `tablehallu.x.y` and `Config.z`.\n\n"
        "**How:** compared; the `How:` inside a sentence is left alone.\n\n"
        "**Skipped:** records without `gt_table`.\n"
    )


def test_regenerating_rewrites_only_the_marked_block(tmp_path: Path) -> None:
    path = tmp_path / "check.md"
    path.write_text(f"# Title\n\nprose\n\n{BEGIN}\nstale\n{END}\n\nmore prose\n", encoding="utf-8")
    assert main(["--check", str(path)]) == 1
    assert main([str(path)]) == 0
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# Title\n\nprose\n\n") and text.endswith(f"{END}\n\nmore prose\n")
    assert "stale" not in text and "### TH020 `values-grounded`" in text
    assert main(["--check", str(path)]) == 0
    path.write_text("no markers\n", encoding="utf-8")
    assert main([str(path)]) == 2

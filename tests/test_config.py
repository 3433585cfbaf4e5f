"""Config: validation, TOML loading, and the generated reference staying current."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tablehallu.cli.config_cmd import config_markdown
from tablehallu.config import Config, ConfigError, load_config

ROOT = Path(__file__).resolve().parent.parent


def test_every_field_is_documented() -> None:
    for name, _default, doc in Config.field_docs():
        assert len(doc) > 20, name


def test_docs_config_md_is_current() -> None:
    assert (ROOT / "docs" / "config.md").read_text(encoding="utf-8") == config_markdown(), (
        "regenerate: tablehallu config --format markdown > docs/config.md"
    )


@pytest.mark.parametrize(
    "changes,message",
    [
        ({"matcher": "neural"}, "matcher must be one of"),
        ({"embedding_threshold": 1.5}, "between 0 and 1"),
        ({"max_rows": 0}, "max_rows must be >= 1"),
        ({"no_such_field": 1}, "unknown config field"),
    ],
)
def test_invalid_values_are_rejected_with_the_field_named(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        Config().replace(**changes)


def test_load_pyproject_section_and_plain_file(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.tablehallu]\nmatcher = "lexical"\nprimary_key = ["A", "B"]\n'
        "[tool.tablehallu.check]\nmin-nulls = 2\n",
        encoding="utf-8",
    )
    cfg = load_config(tmp_path / "pyproject.toml")
    assert cfg.matcher == "lexical" and cfg.primary_key == ("A", "B")
    (tmp_path / "t.toml").write_text("headers = 'lenient'\n", encoding="utf-8")
    assert load_config(tmp_path / "t.toml").headers == "lenient"


def test_bad_toml_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("matcher = \n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"bad\.toml"):
        load_config(bad)
    with pytest.raises(ConfigError, match="not found"):
        load_config(tmp_path / "missing.toml")


def test_printed_toml_loads_back_to_the_same_config(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "tablehallu", "config"], capture_output=True, text=True, check=True
    ).stdout
    path = tmp_path / "tablehallu.toml"
    path.write_text(out.replace("[tool.tablehallu]\n", ""), encoding="utf-8")
    assert load_config(path) == Config()


def test_config_json_reflects_a_config_file(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text("numeric_rel_tol = 0.01\n", encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "tablehallu", "config", "--config", str(path), "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert json.loads(out)["numeric_rel_tol"] == 0.01


@pytest.mark.parametrize("pairs", [[["Sixers"]], [["Sixers", ""]], [["Sixers", 76]], ["Sixers"]])
def test_informal_team_names_must_be_pairs_of_names(pairs: object) -> None:
    with pytest.raises(ConfigError, match="grounding_team_informal_names must be"):
        Config(grounding_team_informal_names=pairs)  # type: ignore[arg-type]


def test_informal_team_names_from_a_config_file_are_tuples(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text('grounding_team_informal_names = [["Nugs", "Denver Nuggets"]]\n')
    assert load_config(path).grounding_team_informal_names == (("Nugs", "Denver Nuggets"),)


def test_hash_is_cached_and_agrees_with_equality() -> None:
    import dataclasses
    import pickle

    a, b = Config(matcher="lexical"), Config(matcher="lexical")
    assert a == b and hash(a) == hash(b) == hash(a)
    assert hash(a) == hash(tuple(getattr(a, f.name) for f in dataclasses.fields(a)))
    assert a != a.replace(matcher="embedding")
    # the cached hash never travels to another process (string hashes differ there)
    restored = pickle.loads(pickle.dumps(a))
    assert "_hash" not in restored.__dict__ and restored == a and hash(restored) == hash(a)
    assert "_hash" not in a.replace(matcher="embedding").__dict__

"""Which rules run, at which severity, with which options: ``[tool.tablehallu.check]``.

Settings come from ``--config FILE`` or, without it, from the nearest ``pyproject.toml`` with a
``[tool.tablehallu]`` table, found by walking up from the working directory (as ruff finds its
configuration); without either, the defaults apply. In a ``pyproject.toml`` (or any TOML file
with a ``[tool]`` table) ``[tool.tablehallu]`` holds :class:`~tablehallu.config.Config` fields and
``[tool.tablehallu.check]`` the check settings; in another file the top level holds Config
fields and ``[check]`` the check settings::

    [tool.tablehallu.check]
    select = ["ALL"]                 # default: every rule that is on by default
    extend-select = ["TH050"]        # added to the selection
    ignore = ["TH032"]               # removed from it
    severity = { TH021 = "error", TH04 = "warning" }
    matcher = "lexical"              # TH020's last stage: lexical (default) or embedding
    min-nulls = 2                    # any other key: the Config field check_<key> (min-nulls
                                     # -> check_min_nulls), e.g. null-mention-text-columns

Selectors are rule ids or prefixes of them (``TH02`` is TH020-TH022; ``ALL`` every rule). As in
ruff, the most specific selector decides whether a rule runs: ``ignore = ["TH02"]`` with
``extend-select = ["TH021"]`` runs TH021 only of the three; on a tie ``ignore`` wins. The same goes
for ``severity`` keys. On the command line ``--select`` replaces ``select`` and ``extend-select``,
``--extend-select`` and ``--ignore`` add to theirs. TH000 (unreadable records) always runs.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from tablehallu.check.rules import RULES, SEVERITIES
from tablehallu.config import Config, ConfigError

__all__ = [
    "ALWAYS_ON",
    "CHECK_MATCHERS",
    "CheckSettings",
    "SettingsError",
    "find_project_config",
    "load_settings",
    "parse_selectors",
]

#: Matchers TH020 can use (the scorer's ``auto`` is not offered: the check is lexical unless
#: asked otherwise).
CHECK_MATCHERS: tuple[str, ...] = ("lexical", "embedding")
_ALL = "ALL"
#: The rule that always runs: an unreadable record cannot be checked by anything else.
ALWAYS_ON = "TH000"
_KEYS = frozenset({"select", "extend-select", "ignore", "severity", "matcher"})


class SettingsError(ValueError):
    """The check settings are invalid; the message names the file, key and reason."""


def parse_selectors(values: Iterable[str], where: str = "selector") -> tuple[str, ...]:
    """Rule selectors from strings (each may hold several, separated by commas or spaces).

    A selector is ``ALL`` or a prefix of at least one rule id (case-insensitive). Raises
    SettingsError for anything else.
    """
    out: list[str] = []
    for value in values:
        if not isinstance(value, str):
            raise SettingsError(f"{where}: rule selectors must be strings, got {value!r}")
        for part in value.replace(",", " ").split():
            selector = part.strip().upper()
            if selector != _ALL and not any(code.startswith(selector) for code in RULES):
                raise SettingsError(
                    f"{where}: unknown rule selector {part!r} (rule ids: "
                    f"{', '.join(RULES)}; prefixes such as TH02, or ALL)"
                )
            out.append(selector)
    return tuple(out)


def _specificity(selector: str, code: str) -> int:
    if selector == _ALL:
        return 0
    return len(selector) if code.startswith(selector) else -1


def _best(selectors: Iterable[str], code: str) -> int:
    return max((_specificity(s, code) for s in selectors), default=-1)


@dataclass(frozen=True)
class CheckSettings:
    """Rule selection, severities, matcher and the Config the rules read."""

    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    severity: Mapping[str, str] = field(default_factory=dict)
    matcher: str = "lexical"
    config: Config = field(default_factory=Config)
    source: str | None = None

    def with_cli(
        self,
        select: Iterable[str] | None = None,
        extend_select: Iterable[str] | None = None,
        ignore: Iterable[str] | None = None,
        matcher: str | None = None,
    ) -> CheckSettings:
        """These settings overridden by command-line options (None: not given)."""
        out = self
        if select is not None:
            out = replace(out, select=parse_selectors(select, "--select"), extend_select=())
        if extend_select is not None:
            more = parse_selectors(extend_select, "--extend-select")
            out = replace(out, extend_select=out.extend_select + more)
        if ignore is not None:
            out = replace(out, ignore=out.ignore + parse_selectors(ignore, "--ignore"))
        if matcher is not None:
            out = replace(out, matcher=_check_matcher(matcher, "--matcher"))
        return out

    def is_enabled(self, code: str) -> bool:
        """Whether rule ``code`` runs under these settings."""
        if code == ALWAYS_ON:
            return True
        if self.select is None:
            chosen = 0 if RULES[code].default else -1
        else:
            chosen = _best(self.select, code)
        chosen = max(chosen, _best(self.extend_select, code))
        return chosen >= 0 and chosen > _best(self.ignore, code)

    def severity_of(self, code: str) -> str:
        """The severity of rule ``code``: the most specific ``severity`` key, else the default."""
        best, value = -1, RULES[code].severity
        for selector, severity in self.severity.items():
            s = _specificity(selector, code)
            if s > best:
                best, value = s, severity
        return value

    def enabled_rules(self) -> dict[str, str]:
        """``{code: severity}`` of every rule that runs, in id order."""
        return {code: self.severity_of(code) for code in RULES if self.is_enabled(code)}

    def checking_config(self) -> Config:
        """The Config the rules run with (``matcher`` set to the check's matcher)."""
        return self.config.replace(matcher=self.matcher)


def _check_matcher(value: Any, where: str) -> str:
    if value not in CHECK_MATCHERS:
        raise SettingsError(f"{where}: matcher must be one of {', '.join(CHECK_MATCHERS)}")
    return str(value)


def _has_tool_section(data: Mapping[str, Any]) -> bool:
    tool = data.get("tool")
    return isinstance(tool, dict) and isinstance(tool.get("tablehallu"), dict)


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise SettingsError(f"config file not found: {path}") from exc
    except OSError as exc:
        raise SettingsError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise SettingsError(f"{path}: not valid TOML: {exc}") from exc


def find_project_config(start: Path | None = None) -> Path | None:
    """The nearest ``pyproject.toml`` with a ``[tool.tablehallu]`` table, walking up from
    ``start`` (default: the working directory); None when there is none."""
    here = (start or Path.cwd()).resolve()
    for directory in (here, *here.parents):
        candidate = directory / "pyproject.toml"
        if candidate.is_file() and _has_tool_section(_read_toml(candidate)):
            return candidate
    return None


def _table(node: Any, name: str, path: Path) -> dict[str, Any]:
    if node is None:
        return {}
    if not isinstance(node, dict):
        raise SettingsError(f"{path}: [{name}] must be a table")
    return node


def _string_list(value: Any, where: str) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return value
    raise SettingsError(f"{where} must be a list of rule selectors (strings)")


def _settings_from(
    base: Mapping[str, Any], check: Mapping[str, Any], path: Path, section: str
) -> CheckSettings:
    where = f"{path}: [{section}]"
    flat = {k: v for k, v in base.items() if not isinstance(v, dict)}
    config_fields = {f.name for f in fields(Config)}
    options: dict[str, Any] = {}
    for key, value in check.items():
        if key in _KEYS:
            continue
        name = "check_" + key.replace("-", "_")
        if name not in config_fields:
            known = sorted(
                [
                    *_KEYS,
                    *(
                        f[len("check_") :].replace("_", "-")
                        for f in config_fields
                        if f.startswith("check_")
                    ),
                ]
            )
            raise SettingsError(f"{where}: unknown key {key!r} (known: {', '.join(known)})")
        options[name] = value
    try:
        config = Config.from_mapping({**flat, **options})
    except ConfigError as exc:
        raise SettingsError(f"{path}: {exc}") from exc
    except (TypeError, ValueError) as exc:
        raise SettingsError(f"{path}: invalid value: {exc}") from exc
    select = None
    if "select" in check:
        select = parse_selectors(_string_list(check["select"], f"{where} select"), where)
    extend = parse_selectors(
        _string_list(check.get("extend-select", []), f"{where} extend-select"), where
    )
    ignore = parse_selectors(_string_list(check.get("ignore", []), f"{where} ignore"), where)
    severity_table = _table(check.get("severity"), f"{section}.severity", path)
    severity: dict[str, str] = {}
    for key, value in severity_table.items():
        selectors = parse_selectors([key], f"{where} severity")
        if len(selectors) != 1:
            raise SettingsError(f"{where} severity: {key!r} must be one rule id or prefix")
        if value not in SEVERITIES:
            raise SettingsError(
                f"{where} severity.{key} must be one of {', '.join(SEVERITIES)}, got {value!r}"
            )
        severity[selectors[0]] = value
    matcher = _check_matcher(check.get("matcher", "lexical"), f"{where} matcher")
    return CheckSettings(select, extend, ignore, severity, matcher, config, str(path))


def load_settings(config_file: Path | None = None, cwd: Path | None = None) -> CheckSettings:
    """Settings from ``config_file``, else from the project's ``pyproject.toml`` (see the module
    docstring), else the defaults. Raises SettingsError with the file and reason."""
    path = config_file if config_file is not None else find_project_config(cwd)
    if path is None:
        return CheckSettings()
    data = _read_toml(path)
    if path.name == "pyproject.toml" or "tool" in data:
        tool = _table(data.get("tool"), "tool", path)
        base = _table(tool.get("tablehallu"), "tool.tablehallu", path)
        check = _table(base.get("check"), "tool.tablehallu.check", path)
        return _settings_from(base, check, path, "tool.tablehallu.check")
    check = _table(data.get("check"), "check", path)
    return _settings_from(data, check, path, "check")

"""``tablehallu check``: lint a gold dataset release before anyone scores against it.

Each record (``gt_table`` with metadata, ``gt_context``/``context``, ``distractor_context``,
``query``, ``constraints``: the fields ``tablehallu score`` reads) is checked against rules with
stable ids (:data:`~tablehallu.check.rules.RULES`; ``docs/check.md`` is the reference):

- TH000 readable record; TH001 gold table parses; TH002 metadata agrees; TH003 no duplicate
  rows; TH004 primary key present and unique;
- TH010 rows sorted as declared;
- TH020 every non-null value grounded in the context; TH021 null attributes not stated;
  TH022 no "unknown" / "not disclosed" phrases for nulls;
- TH030 query names every column in order; TH031 query states the sort rule; TH032 query
  quotes no cell value;
- TH040 the adversarial context keeps every base sentence;
- TH050 at least one null cell (off by default); TH060 the record is scorable.

Quick use::

    from tablehallu.check import Checker, load_settings

    settings = load_settings()
    checker = Checker(settings.enabled_rules(), settings.checking_config())
    report = checker.check_paths(["gold.jsonl"])
    for v in report.violations:
        print(v)
"""

from tablehallu.check.record import RecordView
from tablehallu.check.rules import RULES, SEVERITIES, Finding, Rule
from tablehallu.check.runner import Checker, CheckReport, RuleCount, Violation, read_items
from tablehallu.check.settings import (
    CheckSettings,
    SettingsError,
    find_project_config,
    load_settings,
)

__all__ = [
    "RULES",
    "SEVERITIES",
    "CheckReport",
    "CheckSettings",
    "Checker",
    "Finding",
    "RecordView",
    "Rule",
    "RuleCount",
    "SettingsError",
    "Violation",
    "find_project_config",
    "load_settings",
    "read_items",
]

"""The rules of ``tablehallu check`` and their registry, :data:`RULES`.

Every rule is a function in the module of its family that takes a
:class:`~tablehallu.check.record.RecordView` and returns its findings, or None when the record
lacks what the rule needs (the rule is then *skipped* for that record, which is not a failure:
e.g. the query rules on a release without queries). Its docstring is the rule's reference text
(``docs/check.md`` is generated from it: ``python -m tablehallu.check.docs``). The registry below
gives each rule its stable id, name, one-line summary, default severity, whether it is on by
default and what a record needs for it to apply.

The families (one module each, as ruff keeps one module per rule family):

- :mod:`~tablehallu.check.rules.structure`: the record and its gold table (TH000, TH001, TH060);
- :mod:`~tablehallu.check.rules.metadata`: the table's metadata (TH002);
- :mod:`~tablehallu.check.rules.keys`: rows and primary keys (TH003, TH004);
- :mod:`~tablehallu.check.rules.order`: the declared sort rule (TH010);
- :mod:`~tablehallu.check.rules.grounding`: the cells against the context (TH020, TH021, TH023);
- :mod:`~tablehallu.check.rules.nulls`: how nulls are written (TH022, TH050);
- :mod:`~tablehallu.check.rules.query`: the query (TH030-TH032);
- :mod:`~tablehallu.check.rules.adversarial`: the adversarial context (TH040).

The rules follow the checks the TableHallu paper makes with LLM verifiers and a human audit
(Appendix A.3, B) and the generation rules of its prompts (Appendix E): the table is derivable
from the context, every non-null value is mentioned in it, null attributes are never mentioned,
the rows are sorted as the metadata says, the query lists every column in order with the sort
rule and quotes no cell value, and the adversarial context keeps every sentence of the base one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from tablehallu.check.record import RecordView
from tablehallu.check.rules import (
    adversarial,
    grounding,
    keys,
    metadata,
    nulls,
    order,
    query,
    structure,
)
from tablehallu.check.rules.base import (
    ERROR,
    SEVERITIES,
    WARNING,
    Deferred,
    Finding,
    Rule,
)

__all__ = ["ERROR", "RULES", "SEVERITIES", "WARNING", "Deferred", "Finding", "Rule", "run_rule"]

#: Every rule, by id, in id order. A new rule gets the next free id of its family's decade.
RULES: Final[Mapping[str, Rule]] = {
    r.code: r
    for r in (
        # id, name, summary, default severity, on by default, check (or reference), needs
        Rule(
            "TH000",
            "readable-record",
            "each line is a JSON object",
            ERROR,
            True,
            reference=structure.READABLE_RECORD_DOC,
            needs="-",
        ),
        Rule(
            "TH001",
            "gold-table-parses",
            "the gold table parses, without warnings",
            ERROR,
            True,
            structure.gold_table_parses,
            needs="gold table",
        ),
        Rule(
            "TH002",
            "metadata-agrees",
            "metadata rows, columns, headers, row headers, sort column match the table",
            ERROR,
            True,
            metadata.metadata_agrees,
            needs="metadata",
        ),
        Rule(
            "TH003",
            "no-duplicate-rows",
            "no two rows are the same",
            ERROR,
            True,
            keys.no_duplicate_rows,
            needs="table",
        ),
        Rule(
            "TH004",
            "primary-key-unique",
            "every row has a key value; a declared key is unique",
            ERROR,
            True,
            keys.primary_key_unique,
            needs="table",
        ),
        Rule(
            "TH010",
            "rows-sorted",
            "rows sorted by the declared column and direction (typed)",
            ERROR,
            True,
            order.rows_sorted,
            needs="a sort rule",
        ),
        Rule(
            "TH020",
            "values-grounded",
            "every non-null value is mentioned in the context",
            ERROR,
            True,
            grounding.values_grounded,
            needs="context",
        ),
        Rule(
            "TH021",
            "null-not-stated",
            "a null attribute is not stated for that entity (heuristic)",
            WARNING,
            True,
            grounding.null_not_stated,
            needs="context",
        ),
        Rule(
            "TH022",
            "no-missing-phrases",
            'no "unknown" / "not disclosed" phrases in place of nulls',
            WARNING,
            True,
            nulls.no_missing_phrases,
            needs="context or table",
        ),
        Rule(
            "TH023",
            "value-not-contradicted",
            "no number is contradicted by the context (claim grounding)",
            WARNING,
            True,
            grounding.value_contradicted,
            needs="context",
        ),
        Rule(
            "TH030",
            "query-lists-columns",
            "the query names every column, in order",
            ERROR,
            True,
            query.query_lists_columns,
            needs="query",
        ),
        Rule(
            "TH031",
            "query-states-sort",
            "the query states the declared sort column and direction",
            ERROR,
            True,
            query.query_states_sort,
            needs="query",
        ),
        Rule(
            "TH032",
            "query-quotes-no-values",
            "the query quotes no cell value",
            WARNING,
            True,
            query.query_quotes_no_values,
            needs="query",
        ),
        Rule(
            "TH040",
            "adversarial-keeps-base",
            "every base sentence is in the adversarial context",
            ERROR,
            True,
            adversarial.adversarial_keeps_base,
            needs="both contexts",
        ),
        Rule(
            "TH050",
            "has-null-cell",
            "at least `min-nulls` null cells (the paper's generation rule)",
            ERROR,
            False,
            nulls.has_null_cell,
            needs="table",
        ),
        Rule(
            "TH060",
            "scorable",
            "gold table, a context and a usable, unique `id` are there",
            ERROR,
            True,
            structure.scorable,
            needs="-",
        ),
    )
}


def run_rule(rule: Rule, rec: RecordView) -> list[Finding] | None:
    """Apply one rule to one record (None: skipped, the record lacks what the rule needs)."""
    if rule.check is None:
        return []
    return rule.check(rec)

"""tablehallu as a metric inside an lm-evaluation-harness task (no harness dependency).

lm-evaluation-harness calls a task's ``process_results(doc, results)`` once per document with the
model's outputs and averages each returned number with the task's ``aggregation``. This module's
:func:`process_results` is such a function: it runs the detector on ``results[0]`` against the
gold table in ``doc`` and returns one 0/1 value per hallucination type, per macro flag, ``total``,
``omission`` and ``passed`` (no hallucination), so that the harness reports the paper's rates.

In the task's folder, ``utils.py``::

    from tablehallu.scoring.lm_eval import process_results  # noqa: F401

and in the task's YAML::

    process_results: !function utils.process_results
    metric_list:
      - metric: total            # TotalHallu, the headline
        aggregation: mean
        higher_is_better: false
      - metric: attribute_distortion
        aggregation: mean
        higher_is_better: false
      - metric: passed
        aggregation: mean
        higher_is_better: true

The document holds the gold table under ``gt_table`` (or ``gold``) and optionally ``context``
(or ``distractor_context``/``gt_context``), ``query`` and ``constraints``, as in a tablehallu
record; :func:`make_process_results` builds a variant with other field names or another config.
The detector is the lexical one by default here (no torch in the harness's process); pass
``Config(matcher="embedding")`` for the paper's embedding matcher.

To score a samples file the harness wrote (``--log_samples``) after the fact, no code is needed::

    tablehallu score samples_<task>.jsonl --response-field resps.0.0 --id-field doc_id \\
        --gold-field doc.gt_table --context-field doc.context --query-field doc.query \\
        --field constraints=doc.constraints --output-dir results/
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tablehallu.config import Config
from tablehallu.detectors.diagnosis import HALLUCINATION_TYPES, MACRO_FLAGS, OMISSION
from tablehallu.scoring.records import CONTEXT_ALIASES, GOLD_ALIASES

__all__ = [
    "METRICS",
    "aggregation",
    "higher_is_better",
    "make_process_results",
    "process_results",
]

#: Every metric :func:`process_results` returns, in Table 1 order.
METRICS: tuple[str, ...] = (*HALLUCINATION_TYPES, *MACRO_FLAGS, OMISSION, "passed")

_LEXICAL = Config(matcher="lexical")


def _first(doc: Mapping[str, Any], names: Sequence[str]) -> Any:
    for name in names:
        if doc.get(name) is not None:
            return doc[name]
    return None


def make_process_results(
    config: Config | None = None,
    *,
    gold_field: str | None = None,
    context_field: str | None = None,
    query_field: str = "query",
    constraints_field: str = "constraints",
) -> Callable[[Mapping[str, Any], Sequence[Any]], dict[str, float]]:
    """A ``process_results(doc, results)`` with its own config and document field names
    (``None``: the tablehallu record aliases)."""
    cfg = config or _LEXICAL

    def process(doc: Mapping[str, Any], results: Sequence[Any]) -> dict[str, float]:
        from tablehallu.detectors import detect

        response = results[0] if results else None
        while isinstance(response, list | tuple) and response:  # [[text]] from some filters
            response = response[0]
        gold = doc.get(gold_field) if gold_field else _first(doc, GOLD_ALIASES)
        if gold is None:
            raise KeyError(f"the document has no gold table ({gold_field or 'gt_table'})")
        context = doc.get(context_field) if context_field else _first(doc, CONTEXT_ALIASES)
        diagnosis = detect(
            response,
            gold,
            context=context,
            query=doc.get(query_field),
            constraints=doc.get(constraints_field),
            config=cfg,
        )
        values = {k: float(v) for k, v in diagnosis.flags.items()}
        values["passed"] = float(diagnosis.passed)
        return {k: values[k] for k in METRICS}

    return process


#: ``process_results`` with the lexical matcher and the tablehallu field names.
process_results = make_process_results()


def aggregation() -> dict[str, str]:
    """Every metric is a rate: the harness averages the per-document 0/1 values."""
    return dict.fromkeys(METRICS, "mean")


def higher_is_better() -> dict[str, bool]:
    """Only ``passed`` is better when higher."""
    return {k: k == "passed" for k in METRICS}

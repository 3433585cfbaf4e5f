"""Stage 1: is the response a well-formed table with the gold table's columns?

An unparseable response, a structural parse warning (ragged rows, no separator row, an empty body,
truncation, repaired JSON) or headers that differ from the gold headers are ``format_error`` (two
key/value tables, "Attribute | Value" and "Field | Value", have the same columns); in
``strict`` header mode the analysis stops there (the paper), in ``lenient`` mode the columns are
aligned (by name, unit, then values: :mod:`tablehallu.detectors.stages.columns`, then the
columns left by contracted or extended names:
:func:`~tablehallu.detectors.headers.align_loosely`) and it goes on.
"""

from __future__ import annotations

from tablehallu.detectors.diagnosis import FORMAT_ERROR, Finding
from tablehallu.detectors.headers import Alignment, HeaderIssue, align_headers, align_loosely
from tablehallu.detectors.stages.columns import align_by_values, unpivot, untranspose
from tablehallu.detectors.stages.keys import gold_cells, is_key_value
from tablehallu.detectors.stages.ragged import reread_wide_rows
from tablehallu.detectors.stages.reshape import one_row_as_gold, transposed_as_gold
from tablehallu.detectors.state import SampleState
from tablehallu.normalize import normalize_header
from tablehallu.parsers.table import STRUCTURAL_WARNINGS, ParsedTable, ParseError


def check_format(st: SampleState, pred: ParsedTable | ParseError) -> bool:
    """Record format findings; True when the analysis goes on."""
    findings = st.diag.findings
    if isinstance(pred, ParseError):
        findings.append(
            Finding(FORMAT_ERROR, subtype="unparseable", matcher="parse", explanation=str(pred))
        )
        st.diag.warnings.extend(w.message for w in pred.warnings)
        return False
    pred = st.pred = reread_wide_rows(st, pred)
    st.diag.parsed_format = pred.format
    for warning in pred.warnings:
        if warning.code in STRUCTURAL_WARNINGS:
            line = f" (line {warning.line})" if warning.line else ""
            findings.append(
                Finding(
                    FORMAT_ERROR,
                    subtype=warning.code,
                    matcher="parse",
                    explanation=warning.message + line,
                )
            )
        else:
            st.diag.warnings.append(f"{warning.code}: {warning.message}")
    if st.config.headers == "lenient" and (record := one_row_as_gold(st, pred)) is not None:
        pred = st.pred = record
    if is_key_value(list(pred.headers), st.config) and is_key_value(
        list(st.gold.headers), st.config
    ):
        # "Attribute | Value" and "Field | Value" are the same two columns
        st.alignment = Alignment((0, 1), ())
        return not (findings and st.config.headers == "strict")
    if st.config.headers == "lenient" and _unrelated(pred.headers, st.gold.headers):
        flipped = untranspose(pred, st.gold, st.config)
        if flipped is not None:
            findings.append(
                Finding(
                    FORMAT_ERROR,
                    subtype="transposed",
                    matcher="values",
                    explanation="the table is transposed: its columns are the gold's rows; it is "
                    "compared in the gold's layout",
                )
            )
            pred = st.pred = flipped
        elif (flipped := transposed_as_gold(st, pred)) is not None:
            pred = st.pred = flipped
        elif (wide := unpivot(pred, st.gold, st.config)) is not None:
            findings.append(
                Finding(
                    FORMAT_ERROR,
                    subtype="long_format",
                    matcher="names",
                    explanation="the table is in long form: a row per entity and gold column; "
                    "it is compared in the gold's layout",
                )
            )
            pred = st.pred = wide
    st.alignment = align_headers(pred.headers, st.gold.headers, st.config)
    if st.config.headers == "lenient" and not st.alignment.identical:
        st.alignment = align_by_values(
            st.gold, gold_cells(st.gold, st.config), pred, st.alignment, st.config
        )
        st.alignment = align_loosely(
            pred.headers, st.gold.headers, st.alignment, st.config, pred.rows(), st.gold.rows()
        )
    findings.extend(header_finding(issue) for issue in st.alignment.issues)
    return not (findings and st.config.headers == "strict")


def header_finding(issue: HeaderIssue, matcher: str | None = None, note: str = "") -> Finding:
    """The ``format_error`` of a header deviation (``matcher`` instead of the issue's rule;
    ``note`` appended to the explanation)."""
    return Finding(
        FORMAT_ERROR,
        subtype=issue.subtype,
        column=issue.column,
        predicted=issue.predicted,
        expected=issue.expected,
        matcher=matcher or issue.matcher,
        score=issue.score,
        explanation=issue.explanation + note,
    )


def _unrelated(pred: list[str], gold: list[str]) -> bool:
    """Fewer than half of the predicted headers are gold headers (after normalisation)."""
    names = {normalize_header(h) for h in gold}
    return sum(1 for h in pred if normalize_header(h) in names) * 2 < len(pred)

"""One sample's verdict, readable: what ``tablehallu explain PREDS --id X`` prints."""

from __future__ import annotations

import json
import os
from typing import Any

from tablehallu.config import Config
from tablehallu.detectors.diagnosis import (
    HALLUCINATION_TYPES,
    MACRO_FLAGS,
    ORDER_MISMATCH,
    TITLES,
    Diagnosis,
    Finding,
)
from tablehallu.scoring.engine import Outcome, detail_line, make_gold_index
from tablehallu.scoring.inputs import FieldMap, iter_input
from tablehallu.scoring.records import (
    RawRecord,
    Record,
    RecordError,
    build_record,
    describe_id,
)
from tablehallu.sources import display_name

__all__ = ["ExplainError", "explain", "find_record", "format_diagnosis"]


class ExplainError(LookupError):
    """The sample cannot be explained: no such id, or the record cannot be scored."""


def _raw_id(raw: RawRecord) -> str:
    if raw.data is not None and raw.data.get("id") is not None:
        return str(raw.data["id"])
    return f"line-{raw.line}"


def find_record(
    path: str | os.PathLike[str], sample_id: str, fields: FieldMap | None = None
) -> tuple[RawRecord, list[int]]:
    """The first record of ``path`` whose id (as a string) is ``sample_id``, and every line
    holding that id. Raises :class:`ExplainError` when there is none."""
    found: RawRecord | None = None
    lines: list[int] = []
    examples: list[str] = []
    for raw in iter_input(path, fields=fields):
        rid = _raw_id(raw)
        if rid == sample_id:
            lines.append(raw.line)
            if found is None:
                found = raw
        elif len(examples) < 3 and raw.error is None:
            examples.append(describe_id(rid))
    if found is None:
        hint = f" (ids there look like {', '.join(examples)})" if examples else ""
        raise ExplainError(f"id {describe_id(sample_id)} is not in {display_name(path)}{hint}")
    return found, lines


def _finding_lines(number: int, f: Finding) -> list[str]:
    where = []
    if f.pred_row is not None:
        where.append(f"pred row {f.pred_row + 1}")
    if f.gold_row is not None:
        where.append(f"gold row {f.gold_row + 1}")
    if f.column is not None:
        where.append(f"column {json.dumps(f.column, ensure_ascii=False)}")
    title = TITLES.get(f.type, f.type)
    head = f"  {number}. {title}" + (f" / {f.subtype}" if f.subtype else "")
    if where:
        head += " - " + ", ".join(where)
    out = [head]
    if f.predicted is not None:
        label = "row:      " if f.type == ORDER_MISMATCH else "predicted:"
        out.append(f"       {label} {json.dumps(f.predicted, ensure_ascii=False)}")
    if f.expected is not None:
        out.append(f"       gold:      {json.dumps(f.expected, ensure_ascii=False)}")
    if f.matcher is not None:
        score = f" (score {f.score:.3f})" if f.score is not None else ""
        out.append(f"       decided by: {f.matcher}{score}")
    if f.explanation:
        out.append(f"       {f.explanation}")
    if f.evidence:
        out.append(f"       evidence: {marked_evidence(f.evidence)}")
    return out


def _cell_lines(diag: Diagnosis) -> list[str]:
    """One line per filled cell: its status and the evidence sentence, or "not stated"."""
    out: list[str] = []
    for c in diag.cells or []:
        if c.status == "empty":
            continue
        head = f"  row {c.row + 1}, {json.dumps(c.column, ensure_ascii=False)}: " + json.dumps(
            c.value, ensure_ascii=False
        )
        if c.status == "key":
            out.append(f"{head} - the row's entity, named by the context")
        elif c.evidence:
            out.append(f"{head} - {c.status}: {marked_evidence(c.evidence)}")
        else:
            why = f" ({c.reason})" if c.reason else ""
            label = "not checked" if c.status == "unchecked" else "not stated"
            out.append(f"{head} - {label}{why}")
    return out


def marked_evidence(evidence: dict[str, Any]) -> str:
    """The evidence sentence with the value marked ``[[...]]`` and its span in the context."""
    sentence = str(evidence.get("sentence", ""))
    start = evidence.get("start")
    vs, ve = evidence.get("value_start"), evidence.get("value_end")
    if isinstance(start, int) and isinstance(vs, int) and isinstance(ve, int):
        a, b = vs - start, ve - start
        if 0 <= a <= b <= len(sentence):
            sentence = f"{sentence[:a]}[[{sentence[a:b]}]]{sentence[b:]}"
    span = f" (context chars {start}-{evidence.get('end')})" if isinstance(start, int) else ""
    return json.dumps(sentence, ensure_ascii=False) + span


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines()) or "  (empty)"


def _gold_text(gold: Any, config: Config) -> str:
    if isinstance(gold, str):
        return gold
    from tablehallu.parsers import parse_gold, render
    from tablehallu.parsers.table import ParseError

    parsed = parse_gold(gold, config)
    if isinstance(parsed, ParseError):
        return json.dumps(gold, ensure_ascii=False, indent=1, default=str)
    return render(parsed.frame, "markdown")


def format_diagnosis(record: Record, diag: Diagnosis, config: Config) -> str:
    """A readable account of ``diag`` for ``record``: verdict, findings, inputs."""
    lines = [f"Sample {describe_id(record.id)} ({record.location})"]
    if record.fields:
        shown = [f"{k}: {v}" for k, v in record.fields.items() if isinstance(v, str | int | float)]
        if shown:
            lines.append("  " + " | ".join(shown))
    present = [TITLES[t] for t in HALLUCINATION_TYPES if t in diag.hallucinations]
    flags = diag.flags
    if present:
        lines.append(f"Verdict: hallucinated - {', '.join(present)}")
    else:
        lines.append("Verdict: no hallucination")
    macro = ", ".join(f"{TITLES[m]}: {'yes' if flags[m] else 'no'}" for m in MACRO_FLAGS)
    lines.append(f"  ({macro})")
    lines.append(f"Matcher: {diag.matcher}")
    if diag.parsed_format:
        how = "given" if record.format else "detected"
        lines.append(f"Response format: {diag.parsed_format} ({how})")
    lines.append(f"Primary key: {', '.join(diag.primary_key) if diag.primary_key else '-'}")
    rule = diag.sort_rule
    if rule:
        lines.append(
            f"Order rule: {rule.get('column') or 'gold row order'} {rule.get('direction') or ''}"
            f" (from {rule.get('source')})".replace("  ", " ")
        )
    else:
        lines.append("Order rule: none")
    if diag.has_context and record.context:
        lines.append(f'Context: {len(record.context)} characters (from "{record.context_field}")')
    else:
        lines.append(
            "Context: none - rows missing from the gold table cannot be checked against it"
        )
    if record.query:
        lines.append(f"Query: {record.query}")
    lines.append("")
    lines.append(f"Findings ({len(diag.findings)}):" if diag.findings else "Findings: none")
    for i, f in enumerate(diag.findings, start=1):
        lines += _finding_lines(i, f)
    if diag.warnings:
        lines.append("")
        lines.append("Detector notes:")
        lines += [f"  - {w}" for w in diag.warnings]
    if diag.cells is not None:
        lines.append("")
        lines.append("Cells (judged against the context alone):")
        lines += _cell_lines(diag)
    lines.append("")
    lines.append("Response:")
    response = record.response
    text = response if isinstance(response, str) else json.dumps(response, ensure_ascii=False)
    lines.append(_indent(text) if response is not None else "  (null)")
    lines.append("")
    lines.append("Gold table:")
    if record.gold is None:
        lines.append("  (none: the response was judged against the context alone)")
    else:
        lines.append(_indent(_gold_text(record.gold, config)))
    return "\n".join(lines) + "\n"


def explain(
    preds: str | os.PathLike[str],
    sample_id: str,
    config: Config | None = None,
    *,
    gold: Any = None,
    as_json: bool = False,
    fields: FieldMap | None = None,
) -> str:
    """The verdict on the sample ``sample_id`` of ``preds``, as text (or its details line as JSON).

    ``preds`` is read like ``score``'s inputs (``-`` for stdin, gzip, JSON arrays, CSV, Parquet);
    ``fields`` maps other tools' field names. Raises :class:`ExplainError` when the id is absent
    or the record cannot be scored.
    """
    from tablehallu.detectors import detect_many

    cfg = config or Config()
    raw, lines = find_record(preds, sample_id, fields)
    built = build_record(raw, make_gold_index(gold))
    if isinstance(built, RecordError):
        raise ExplainError(str(built))
    diag = detect_many([built.to_sample(config=cfg)], cfg)[0]
    if diag.error:
        raise ExplainError(str(built.error("gold_unparsed", diag.error)))
    note = ""
    if len(lines) > 1:
        note = (
            f"note: id {describe_id(sample_id)} occurs on lines {', '.join(map(str, lines))}; "
            f"showing line {raw.line}\n"
        )
    if as_json:
        line = detail_line(Outcome(raw, built, diag, None))
        return json.dumps(line, ensure_ascii=False, indent=2) + "\n"
    return note + format_diagnosis(built, diag, cfg)

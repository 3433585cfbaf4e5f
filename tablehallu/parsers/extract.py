"""Locating the table in a raw model response.

Steps, all linear-time in the response length:

1. Reasoning blocks (``<think>...</think>``, tags from ``Config.think_tags``) are blanked out
   (replaced by spaces, so every later offset still has its original line and column). A
   ``</think>`` with no opening tag blanks everything before it. An unclosed ``<think>`` drops
   everything after it (warning ``unclosed_think``); when the text before it holds no table, the
   table is looked for inside the unclosed block instead.
2. Every table is found: Markdown pipe tables, JSON objects/arrays (a bracket scan that respects
   strings), LaTeX ``tabular``-like environments, HTML ``<table>``, and CSV/TSV when a whole
   payload (the response, or a code fence) is consistently delimited. A code fence's language
   (```` ```json ````, ```` ```csv ````...) is a format hint for its content.
3. One table is chosen: among the tables of the requested format (or any format, with
   ``format_mismatch``, when there is none), the tables after the last ``####`` line (the
   paper's prompts put the final table there) are preferred; then the last COMPLETE table, else
   the last one. Several tables give ``multiple_tables``.
"""

from __future__ import annotations

import bisect
import json
import re
from dataclasses import dataclass, field, replace
from itertools import accumulate

from tablehallu.config import Config
from tablehallu.parsers._build import sanitize
from tablehallu.parsers.delimited import consistent_delimiter
from tablehallu.parsers.markdown import find_markdown_blocks
from tablehallu.parsers.table import ParseWarning

__all__ = [
    "TABLE_FORMATS",
    "Candidate",
    "Extraction",
    "Fence",
    "Reasoning",
    "extract_table",
    "find_candidates",
    "find_fences",
    "strip_reasoning",
]

TABLE_FORMATS: tuple[str, ...] = ("markdown", "json", "latex", "html", "csv", "tsv")
FORMAT_NAMES = {
    "markdown": "Markdown",
    "json": "JSON",
    "latex": "LaTeX",
    "html": "HTML",
    "csv": "CSV",
    "tsv": "TSV",
}
_FENCE_HINTS = {
    "markdown": "markdown",
    "md": "markdown",
    "gfm": "markdown",
    "json": "json",
    "jsonc": "json",
    "json5": "json",
    "latex": "latex",
    "tex": "latex",
    "html": "html",
    "htm": "html",
    "xhtml": "html",
    "csv": "csv",
    "tsv": "tsv",
}
_PLAIN_FENCES = frozenset({"", "text", "txt", "plain", "plaintext", "table"})
_AUTO_DELIMITERS = ("\t", ",", ";")
_LATEX_ENV_RE = re.compile(r"\\(begin|end)\{(tabular\*?|tabularx|tabulary|longtable|array)\}")
_HTML_TABLE_RE = re.compile(r"<(/?)table\b", re.IGNORECASE)
_JSON_OPEN_RE = re.compile(r"[\[{]")
_JSON_SPECIAL_RE = re.compile(r'["\[\]{}]')
_JSON_STRING_END_RE = re.compile(r'["\\]')
_WS_RE = re.compile(r"\s*")


@dataclass(frozen=True)
class Candidate:
    """A table found in a response.

    ``text`` is what the format's parser reads; ``start``/``end`` are offsets in the sanitized
    response, ``line``/``column`` the 1-based position of ``start``. ``complete`` is False for a
    table that is cut off or does not load (a Markdown table without separator row or with a
    cut last row, JSON that does not load, a LaTeX/HTML table without its end). ``at_end``: only
    whitespace follows the table in the response.
    """

    format: str
    text: str
    start: int
    end: int
    line: int
    column: int
    complete: bool
    at_end: bool = False
    delimiter: str | None = None
    hint: str | None = None
    json_depth: int = 0

    def describe(self) -> str:
        """``"Markdown table at line 3"``."""
        return f"{FORMAT_NAMES.get(self.format, self.format)} table at line {self.line}"


@dataclass
class Extraction:
    """The outcome of :func:`extract_table`: the chosen table (or None and a reason)."""

    candidate: Candidate | None
    candidates: list[Candidate] = field(default_factory=list)
    warnings: list[ParseWarning] = field(default_factory=list)
    reason: str | None = None
    line: int | None = None


@dataclass(frozen=True)
class Fence:
    """A fenced code block: ``hint`` is the table format its language names (or None),
    ``start``/``end`` delimit its content."""

    lang: str
    hint: str | None
    start: int
    end: int
    closed: bool


class _Lines:
    """Offset -> (line, column), 1-based."""

    def __init__(self, text: str) -> None:
        # line i + 1 starts one past the end of line i (C-level loops: texts can be megabytes)
        lengths = map(len, text.split("\n"))
        self.starts = [0, *accumulate(map((1).__add__, lengths))]
        self.starts.pop()

    def position(self, offset: int) -> tuple[int, int]:
        index = bisect.bisect_right(self.starts, offset) - 1
        return index + 1, offset - self.starts[index] + 1


def _blank(text: str) -> str:
    """``text`` with every character but newlines replaced by a space."""
    return "\n".join(" " * len(part) for part in text.split("\n"))


# --- reasoning --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reasoning:
    """Result of :func:`strip_reasoning`.

    ``text``: the response with reasoning blanked; ``unclosed_at``: offset of an unclosed
    opening tag (everything from it on is blanked in ``text``); ``inside``: the response with
    everything up to the end of that tag blanked (for the fallback search).
    """

    text: str
    unclosed_at: int | None = None
    unclosed_tag: str = ""
    inside: str | None = None
    removed: bool = False


def strip_reasoning(text: str, tags: tuple[str, ...] = ("think", "thinking")) -> Reasoning:
    """Blank out ``<think>...</think>`` blocks (see the module doc); offsets are preserved."""
    if not tags or "<" not in text:
        return Reasoning(text)
    pattern = re.compile(r"<(/?)(" + "|".join(re.escape(t) for t in tags) + r")\s*>", re.IGNORECASE)
    spans: list[tuple[int, int]] = []
    open_at: int | None = None
    open_end = 0
    open_tag = ""
    last = 0
    for m in pattern.finditer(text):
        if m.group(1):  # closing tag
            if open_at is not None:
                spans.append((open_at, m.end()))
                open_at = None
            else:
                spans.append((last, m.end()))  # what came before was reasoning
            last = m.end()
        elif open_at is None:
            open_at, open_end, open_tag = m.start(), m.end(), m.group(0)
    if not spans and open_at is None:
        return Reasoning(text)
    pieces: list[str] = []
    pos = 0
    for start, end in spans:
        pieces.append(text[pos:start])
        pieces.append(_blank(text[start:end]))
        pos = end
    pieces.append(text[pos:])
    cleaned = "".join(pieces)
    if open_at is None:
        return Reasoning(cleaned, removed=True)
    inside = _blank(cleaned[:open_end]) + cleaned[open_end:]
    cleaned = cleaned[:open_at] + _blank(cleaned[open_at:])
    return Reasoning(cleaned, open_at, open_tag, inside, removed=True)


# --- fences -----------------------------------------------------------------------------------


def _fence_open(line: str) -> tuple[str, int, str] | None:
    """(fence char, run length, info string) when ``line`` opens a code fence."""
    stripped = line.lstrip(" ")
    if len(line) - len(stripped) > 3 or stripped[:3] not in ("```", "~~~"):
        return None
    ch = stripped[0]
    run = len(stripped) - len(stripped.lstrip(ch))
    info = stripped[run:].strip()
    if ch == "`" and "`" in info:
        return None
    return ch, run, info


def _fence_close(line: str, ch: str, run: int) -> bool:
    stripped = line.strip(" \t")
    if len(line) - len(line.lstrip(" ")) > 3 or len(stripped) < run:
        return False
    return stripped == ch * len(stripped)


def find_fences(text: str) -> list[Fence]:
    """Every fenced code block (```` ``` ```` or ``~~~``), an unclosed one running to the end."""
    fences: list[Fence] = []
    lines = text.split("\n")
    offset = 0
    opened: tuple[str, int, str, int] | None = None  # char, run, lang, content start
    for line in lines:
        line_end = offset + len(line)
        if opened is None:
            found = _fence_open(line)
            if found is not None:
                ch, run, info = found
                lang = info.split()[0].lower() if info else ""
                lang = lang.lstrip("{.").rstrip("}")
                opened = (ch, run, lang, line_end + 1)
        elif _fence_close(line, opened[0], opened[1]):
            ch, run, lang, start = opened
            fences.append(Fence(lang, _FENCE_HINTS.get(lang), start, max(start, offset), True))
            opened = None
        offset = line_end + 1
    if opened is not None:
        ch, run, lang, start = opened
        start = min(start, len(text))
        fences.append(Fence(lang, _FENCE_HINTS.get(lang), start, len(text), False))
    return fences


# --- per-format finders -----------------------------------------------------------------------


@dataclass
class _Span:
    format: str
    start: int
    end: int
    complete: bool
    delimiter: str | None = None
    depth: int = 0


def _markdown_spans(text: str, last_nonspace: int) -> list[_Span]:
    """Markdown tables; ``last_nonspace`` is where the original response's text ends."""
    spans = []
    for block in find_markdown_blocks(text):
        at_end = block.end >= last_nonspace
        spans.append(_Span("markdown", block.start, block.end, block.complete(at_end)))
    return spans


def _json_like(text: str, pos: int) -> bool:
    """The bracket at ``pos`` opens something that looks like JSON data."""
    after = _WS_RE.match(text, pos + 1)
    nxt_pos = after.end() if after else pos + 1
    if nxt_pos >= len(text):
        return True  # cut off right after the bracket
    nxt = text[nxt_pos]
    return nxt in "\"'" if text[pos] == "{" else nxt in "{["


def _table_shaped(value: object, loose: bool) -> bool:
    if isinstance(value, dict):
        if not value:
            return False
        return loose or any(isinstance(v, dict | list) for v in value.values())
    if isinstance(value, list):
        if not value:
            return False
        return loose or any(isinstance(v, dict | list) for v in value)
    return False


def _json_spans(text: str, max_depth: int, loose: bool) -> list[_Span]:
    """JSON objects/arrays: one pass over the text, strings respected inside a span."""
    spans: list[_Span] = []
    n = len(text)
    pos = 0
    while pos < n:
        opener = _JSON_OPEN_RE.search(text, pos)
        if opener is None:
            break
        start = opener.start()
        if not _json_like(text, start):
            pos = start + 1
            continue
        stack: list[str] = []
        depth = 0
        scan = start
        end: int | None = None
        broken = False
        while True:
            m = _JSON_SPECIAL_RE.search(text, scan)
            if m is None:
                break
            ch, at = m.group(), m.start()
            if ch == '"':
                q = at + 1
                closed_string = False
                while True:
                    s = _JSON_STRING_END_RE.search(text, q)
                    if s is None:
                        break
                    if s.group() == "\\":
                        q = s.start() + 2
                        continue
                    q = s.end()
                    closed_string = True
                    break
                if not closed_string:
                    break
                scan = q
            elif ch in "[{":
                stack.append("]" if ch == "[" else "}")
                depth = max(depth, len(stack))
                scan = at + 1
            else:
                if not stack or stack[-1] != ch:
                    end, broken = at + 1, True
                    break
                stack.pop()
                scan = at + 1
                if not stack:
                    end = at + 1
                    break
        if end is None:  # runs to the end of the text: cut off
            if _has_quote_or_colon(text, start, n):
                spans.append(_Span("json", start, n, False, depth=depth))
            break
        body = text[start:end]
        if broken or depth > max_depth:
            if _has_quote_or_colon(text, start, end):
                spans.append(_Span("json", start, end, False, depth=depth))
        else:
            try:
                value = json.loads(body)
            except (ValueError, RecursionError):
                if _has_quote_or_colon(text, start, end):
                    spans.append(_Span("json", start, end, False, depth=depth))
            else:
                if _table_shaped(value, loose):
                    spans.append(_Span("json", start, end, True, depth=depth))
        pos = end
    return spans


def _has_quote_or_colon(text: str, start: int, end: int) -> bool:
    return any(text.find(ch, start, end) != -1 for ch in ('"', "'", ":"))


def _env_spans(text: str, pattern: re.Pattern[str], fmt: str, closing_is: str) -> list[_Span]:
    """Outermost begin/end pairs found by ``pattern`` (group 1 == ``closing_is`` closes)."""
    spans: list[_Span] = []
    depth = 0
    start = 0
    for m in pattern.finditer(text):
        if m.group(1) == closing_is:
            if depth == 0:
                continue
            depth -= 1
            if depth == 0:
                end = m.end()
                if fmt == "html":
                    gt = text.find(">", end)
                    end = len(text) if gt == -1 else gt + 1
                spans.append(_Span(fmt, start, end, True))
        else:
            if depth == 0:
                start = m.start()
            depth += 1
    if depth > 0:
        spans.append(_Span(fmt, start, len(text), False))
    return spans


def _resolve_overlaps(spans: list[_Span]) -> list[_Span]:
    """Drop an incomplete span that contains a complete table, then anything inside or
    overlapping an earlier kept span."""
    spans.sort(key=lambda s: (s.start, -s.end))
    pruned: list[_Span] = []
    for i, s in enumerate(spans):
        if not s.complete:
            j = i + 1
            while j < len(spans) and spans[j].start < s.end and not spans[j].complete:
                j += 1
            if j < len(spans) and spans[j].start < s.end:
                continue
        pruned.append(s)
    kept: list[_Span] = []
    for s in pruned:
        if kept and s.start < kept[-1].end:
            continue
        kept.append(s)
    return kept


def _fence_spans(
    text: str, fences: list[Fence], spans: list[_Span], fmt: str, config: Config
) -> list[_Span]:
    """Apply code-fence hints: a hinted fence with no table of its format inside becomes a
    table of that format; a csv/tsv fence (or a plain fence holding consistent CSV/TSV) is a
    delimited table."""
    spans = sorted(spans, key=lambda s: s.start)
    starts = [s.start for s in spans]
    dropped: set[int] = set()
    added: list[_Span] = []
    for fence in fences:
        content = text[fence.start : fence.end]
        if not content.strip():
            continue
        lo = bisect.bisect_left(starts, fence.start)
        hi = bisect.bisect_left(starts, max(fence.end, fence.start + 1))
        inside = range(lo, hi)
        hint = fence.hint
        if hint in ("csv", "tsv"):
            delims: tuple[str, ...] = ("\t",) if hint == "tsv" else (",", ";", "\t")
            sniffed = consistent_delimiter(content, delims, 1) or delims[0]
            dropped.update(inside)
            added.append(_Span(hint, fence.start, fence.end, fence.closed, delimiter=sniffed))
        elif hint is not None:
            if any(spans[i].format == hint for i in inside):
                dropped.update(i for i in inside if spans[i].format != hint)
            elif not inside:
                complete = fence.closed
                if hint == "json":
                    complete = complete and _loads(content)
                added.append(_Span(hint, fence.start, fence.end, complete))
        elif not inside and (fence.lang in _PLAIN_FENCES or fmt in ("csv", "tsv")):
            delims = _delimiters_for(fmt)
            delimiter = consistent_delimiter(content, delims, config.delimited_min_records)
            if delimiter is not None:
                kind = "tsv" if delimiter == "\t" else "csv"
                added.append(_Span(kind, fence.start, fence.end, True, delimiter=delimiter))
    return [s for i, s in enumerate(spans) if i not in dropped] + added


def _loads(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def _delimiters_for(fmt: str) -> tuple[str, ...]:
    if fmt == "tsv":
        return ("\t",)
    if fmt == "csv":
        return (",", ";")
    return _AUTO_DELIMITERS


def _line_bounds(text: str) -> tuple[int, int]:
    """Start of the first and end of the last line holding more than spaces (a line of tabs is
    a TSV record of empty fields; lines are kept whole)."""
    first = len(text) - len(text.lstrip(" \n"))
    start = text.rfind("\n", 0, first) + 1
    last = len(text.rstrip(" \n"))
    end = text.find("\n", last)
    return start, len(text) if end == -1 else end


def _payload_span(text: str, fmt: str, config: Config) -> _Span | None:
    """The whole of ``text`` as CSV/TSV when consistently delimited."""
    start, end = _line_bounds(text)
    payload = text[start:end]
    if not payload.strip() or ("\n" not in payload and fmt not in ("csv", "tsv")):
        return None
    delimiter = consistent_delimiter(payload, _delimiters_for(fmt), config.delimited_min_records)
    if delimiter is None:
        return None
    kind = "tsv" if delimiter == "\t" else "csv"
    return _Span(kind, start, end, True, delimiter=delimiter)


def _delimited_run(text: str, fmt: str) -> _Span | None:
    """Explicit csv/tsv with prose around: the last run of two or more consecutive lines that
    split into the same number (>= 2) of fields."""
    delimiters = _delimiters_for(fmt)
    lines = text.split("\n")
    offsets = []
    pos = 0
    for line in lines:
        offsets.append(pos)
        pos += len(line) + 1
    best: tuple[int, int, str] | None = None
    for delimiter in delimiters:
        run_start = None
        run_count = 0
        for i, line in enumerate([*lines, ""]):
            count = line.count(delimiter) + 1 if line.strip() else 0
            if count >= 2 and run_start is not None and count == run_count:
                continue
            if (
                run_start is not None
                and i - run_start >= 2
                and (best is None or run_start > best[0])
            ):
                best = (run_start, i, delimiter)
            run_start, run_count = (i, count) if count >= 2 else (None, 0)
    if best is None:
        return None
    first, stop, delimiter = best
    start = offsets[first]
    end = offsets[stop - 1] + len(lines[stop - 1])
    return _Span("tsv" if delimiter == "\t" else "csv", start, end, True, delimiter=delimiter)


def _marker_end(text: str, marker: str) -> int | None:
    """Offset just after the last ``marker`` that starts a line (leading spaces allowed)."""
    if not marker or marker not in text:
        return None
    last = None
    pattern = re.compile(r"^[ \t]*" + re.escape(marker), re.MULTILINE)
    for m in pattern.finditer(text):
        last = m.end()
    return last


def find_candidates(
    text: str, original: str | None = None, format: str = "auto", config: Config | None = None
) -> list[Candidate]:
    """Every table in ``text`` (already sanitized, reasoning blanked), in order of position.

    ``original`` is the full response (same offsets) used to tell whether a table is at its end.
    """
    config = config or Config()
    original = text if original is None else original
    loose = format == "json"
    last_nonspace = len(original.rstrip())
    spans = _markdown_spans(text, last_nonspace)
    spans += _json_spans(text, config.max_json_depth, loose)
    spans += _env_spans(text, _LATEX_ENV_RE, "latex", "end")
    spans += _env_spans(text, _HTML_TABLE_RE, "html", "/")
    fences = find_fences(text) if ("```" in text or "~~~" in text) else []
    if fences:
        spans = _fence_spans(text, fences, spans, format, config)
    spans = _resolve_overlaps(spans)
    if format in ("csv", "tsv"):
        # Asked for CSV/TSV and the whole payload is consistently delimited: that is the table,
        # whatever fence or pipe lines its cells happen to contain.
        payload = _payload_span(text, format, config)
        if payload is not None:
            spans = [payload]
    if not spans and format in ("auto", "csv", "tsv"):
        payload = _payload_span(text, format, config)
        if payload is None and format in ("csv", "tsv"):
            payload = _delimited_run(text, format)
            if payload is None and text.strip():
                start, end = _line_bounds(text)
                delimiter = "\t" if format == "tsv" else ","
                payload = _Span(format, start, end, True, delimiter=delimiter)
        if payload is not None:
            spans = [payload]

    lines = _Lines(text)
    fence_starts = [f.start for f in fences]
    out: list[Candidate] = []
    for s in spans:
        line, column = lines.position(s.start)
        hint = None
        k = bisect.bisect_right(fence_starts, s.start) - 1
        if k >= 0 and s.start < max(fences[k].end, fences[k].start + 1):
            hint = fences[k].hint
        out.append(
            Candidate(
                format=s.format,
                text=text[s.start : s.end],
                start=s.start,
                end=s.end,
                line=line,
                column=column,
                complete=s.complete,
                at_end=s.end >= last_nonspace,
                delimiter=s.delimiter,
                hint=hint,
                json_depth=s.depth,
            )
        )
    return out


# --- choosing ---------------------------------------------------------------------------------


def _choose(
    text: str, original: str, fmt: str, config: Config
) -> tuple[Candidate | None, list[Candidate], list[ParseWarning]]:
    candidates = find_candidates(text, original, fmt, config)
    warnings: list[ParseWarning] = []
    if not candidates:
        return None, candidates, warnings
    pool = candidates
    if fmt != "auto":
        pool = [c for c in candidates if c.format == fmt]
        if not pool:
            pool = candidates
            found = sorted({FORMAT_NAMES[c.format] for c in candidates})
            warnings.append(
                ParseWarning(
                    "format_mismatch",
                    f"asked for {FORMAT_NAMES.get(fmt, fmt)} but the response holds no "
                    f"{FORMAT_NAMES.get(fmt, fmt)} table; read the {' / '.join(found)} "
                    "table found instead",
                    None,
                )
            )
    marker = _marker_end(text, config.final_marker)
    after = [c for c in pool if marker is not None and c.start >= marker]
    group = after or pool
    complete = [c for c in group if c.complete]
    chosen = (complete or group)[-1]
    if warnings:
        warnings[0] = replace(warnings[0], line=chosen.line)
    if len(candidates) > 1:
        if len(group) == 1:
            why = "the only one"
        elif complete:
            why = "the last complete one"
        else:
            why = "the last one (none is complete)"
        if after:
            why = (
                f"the table after the last '{config.final_marker}' line"
                if len(after) == 1
                else f"{why} after the last '{config.final_marker}' line"
            )
        if fmt != "auto" and not (warnings and warnings[0].code == "format_mismatch"):
            why += f" of format {FORMAT_NAMES.get(fmt, fmt)}"
        seen = ", ".join(c.describe() for c in candidates[:10])
        if len(candidates) > 10:
            seen += f" and {len(candidates) - 10} more"
        number = candidates.index(chosen) + 1
        warnings.append(
            ParseWarning(
                "multiple_tables",
                f"{len(candidates)} tables found ({seen}); using table {number} "
                f"(line {chosen.line}), {why}",
                chosen.line,
            )
        )
    return chosen, candidates, warnings


def extract_table(
    text: str,
    format: str = "auto",
    config: Config | None = None,
    *,
    reasoning: bool = True,
) -> Extraction:
    """Find the table to parse in a response (see the module doc).

    ``format`` is ``auto`` or one of :data:`TABLE_FORMATS`; ``reasoning=False`` (gold tables)
    skips the ``<think>`` handling. Never raises on str input.
    """
    config = config or Config()
    text = sanitize(text)
    if not text.strip():
        return Extraction(None, reason="empty response")
    strip = (
        strip_reasoning(text, config.think_tags)
        if reasoning and config.think_tags
        else Reasoning(text)
    )
    chosen, candidates, warnings = _choose(strip.text, text, format, config)
    if strip.unclosed_at is None:
        if chosen is None:
            reason = "no table found in the response"
            if strip.removed and not strip.text.strip():
                reason = "the response holds only reasoning (<think> blocks), no table"
            return Extraction(None, candidates, warnings, reason)
        return Extraction(chosen, candidates, warnings)

    think_line = _Lines(text).position(strip.unclosed_at)[0]
    note = (
        f"{strip.unclosed_tag} at line {think_line} is never closed; "
        "everything after it was dropped"
    )
    if chosen is None and strip.inside is not None:
        chosen, candidates, warnings = _choose(strip.inside, text, format, config)
        if chosen is not None:
            note = (
                f"{strip.unclosed_tag} at line {think_line} is never closed and no table "
                f"precedes it; the table inside it (line {chosen.line}) was used"
            )
    warnings.insert(0, ParseWarning("unclosed_think", note, think_line))
    if chosen is None:
        return Extraction(
            None,
            candidates,
            warnings,
            f"no table found; the response ends inside an unclosed {strip.unclosed_tag} block",
            think_line,
        )
    return Extraction(chosen, candidates, warnings)

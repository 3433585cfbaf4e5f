"""Grounding rules: the gold table says what the context says, cell by cell.

TH020: every non-null value is stated in the context; TH021: a null attribute is not stated for its
entity (also through the claim grounding engine); TH023: no number is contradicted by the context
(claim grounding). Rules that ground a gold
cell against the context (a value the context contradicts or never states, a blank the context
fills) belong here.
"""

from __future__ import annotations

import calendar
import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from tablehallu.check.record import ContextView, RecordView, Span, TableView, snippet
from tablehallu.check.rules.base import Deferred, Finding, cell_finding
from tablehallu.check.text import find_phrase, vocabulary, without_initial_dots, word_matches
from tablehallu.detectors.grounding import cell_in_context, ground_lexically
from tablehallu.detectors.grounding.claims import CONTRADICTED, STATED, ClaimVerdict, Grounder
from tablehallu.normalize import (
    CURRENCIES,
    UNIT_SYNONYMS,
    TypedCell,
    header_unit,
    normalize_text,
    tokens,
)

__all__ = [
    "HEADER_STOP_WORDS",
    "null_not_stated",
    "value_contradicted",
    "values_grounded",
]

#: Header words that say nothing about which attribute a sentence states.
HEADER_STOP_WORDS: Final[frozenset[str]] = frozenset(
    vocabulary(
        """a an the of and or in on at by for to per from with as vs via its their total number
        no nr name names date dates value values amount year years type kind current approx
        estimated largest smallest biggest highest lowest main primary top first last latest
        average mean median maximum minimum max min annual new old official notable major key
        best overall"""
    )
)
# tokens() of an already normalised text (cell.text), without normalising it again
_WORD_RE: Final = re.compile(r"[^\W_]+")


def _number_grounded(cell: TypedCell, header: str, ctx: ContextView) -> bool:
    n = cell.number
    if n is None:
        return False
    readings = {n.magnitude, n.value, abs(n.magnitude), abs(n.value)}
    _, header_scale = header_unit(header)
    if header_scale != 1.0 and not n.has_scale:
        readings.add(abs(n.magnitude) * header_scale)
    return ctx.states_number(readings)


# "a"/"an"/"single", the next word, and (looked ahead, not consumed) the word after it
_ARTICLE_RE: Final = re.compile(r"\b(?:a|an|single) ([^\W\d_]+)(?=(?: ([^\W\d_]+))?)")


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _article_one(cell: TypedCell, header: str, ctx: ContextView) -> bool:
    """Whether a 1 under ``header`` is stated as "a"/"an"/"single" before a word of the
    header ("a steal" under "Steals", "an assist" under "Assists"; one adjective may come
    between: "a late steal")."""
    n = cell.number
    if n is None or n.magnitude != 1 or n.has_scale:
        return False
    words = {_singular(w) for w in _WORD_RE.findall(normalize_text(header)) if len(w) > 2}
    words -= HEADER_STOP_WORDS
    if not words:
        return False
    return any(
        _singular(m.group(1)) in words or _singular(m.group(2) or "") in words
        for m in _ARTICLE_RE.finditer(ctx.index.text)
    )


def values_grounded(rec: RecordView) -> list[Finding] | None:
    """Every non-null cell value of the gold table is mentioned in the context.

    How: each non-null cell is searched in the base context (``gt_context``, else ``context``, else
    ``distractor_context``) with the detector's typed grounding
    (:mod:`tablehallu.detectors.grounding`): a number among the context's numbers (``1,499`` and
    ``$1,499`` are 1499; ``4.5`` under ``(USD Million)`` is found as ``$4.5 million``, as
    ``4,500,000`` or as ``4.5``; signs and units are ignored; numbers written as words up to
    ninety-nine count when ``Config.check_spelled_numbers``); a date by its year and month (month
    name, abbreviation or the date as written); text on word boundaries after normalisation (with
    ``Config.check_initials_without_dots``, "CJ Miles" is found as "C.J. Miles" and "U.S." as "US"),
    else by rapidfuzz partial ratio at ``Config.grounding_fuzzy_threshold`` (for cells of at least
    ``Config.grounding_min_chars`` characters). With ``Config.check_article_one`` a 1 is also found
    as "a"/"an"/"single" before a word of its column's header ("a steal" under "Steals"). With
    ``--matcher embedding`` a text cell that fails those is finally compared with every context
    sentence (``Config.grounding_embedding_threshold``), all pending cells and sentences of a file
    embedded in batches.

    Limits: a value stated only indirectly (a derived total, "doubled", a boolean "Yes") is
    reported; a number that occurs anywhere in the context counts, even for another entity.

    Skipped: records without any context (TH060 reports them).
    """
    view, ctx = rec.table, rec.grounding_context
    if view is None or ctx is None:
        return None
    config = rec.config
    out: list[Finding] = []
    embedding = config.matcher == "embedding"
    for r, row in enumerate(view.typed):
        for c, cell in enumerate(row):
            if cell.kind == "null":
                continue
            header = view.headers[c]
            if cell.kind == "number":
                if _number_grounded(cell, header, ctx) or (
                    config.check_article_one and _article_one(cell, header, ctx)
                ):
                    continue
                msg = f"{view.rows[r][c]!r} is not in {ctx.field} (no equal number)"
                out.append(cell_finding(view, r, c, "TH020", msg))
                continue
            if cell.kind == "date":
                if cell_in_context(cell, ctx.index):
                    continue
                msg = f"{view.rows[r][c]!r} is not in {ctx.field} (no date of that year and month)"
                out.append(cell_finding(view, r, c, "TH020", msg))
                continue
            if find_phrase(ctx.index.text, cell.text) >= 0:
                continue  # verbatim after normalisation (the detector's search would agree)
            if (
                config.check_initials_without_dots
                and find_phrase(ctx.dotless_text, without_initial_dots(cell.text)) >= 0
            ):
                continue
            grounding = ground_lexically([cell], ctx.index, config)
            if grounding.grounded:
                continue
            pending = embedding and grounding.grounded is None and bool(ctx.sentence_texts())
            msg = (
                f"{view.rows[r][c]!r} is not in {ctx.field} (best partial match "
                f"{grounding.score:.2f} < {config.grounding_fuzzy_threshold}"
                + (", and no sentence is similar enough)" if pending else ")")
            )
            finding = cell_finding(view, r, c, "TH020", msg)
            if pending:
                deferred = Deferred(
                    cell.text, ctx.sentence_texts(), config.grounding_embedding_threshold
                )
                finding = dataclasses.replace(finding, deferred=deferred)
            out.append(finding)
    return out


_SCALE_TERMS: Final[frozenset[str]] = frozenset(
    vocabulary(
        "k thousand thousands m mn mil mio million millions b bn bil billion billions t tn "
        "trillion trillions lakh lakhs crore crores"
    )
)
_MONTH_TOKENS: Final[dict[str, int]] = {
    **{calendar.month_name[i].lower(): i for i in range(1, 13)},
    **{calendar.month_abbr[i].lower(): i for i in range(1, 13)},
}
_BRACKETED_RE: Final = re.compile(r"[(\[{][^()\[\]{}]*[)\]}]")


@dataclass(frozen=True)
class _ColumnEvidence:
    words: tuple[str, ...]  # header words unique to this column
    unit_terms: tuple[str, ...]  # unit words / symbols, when no other column shares the unit


@lru_cache(maxsize=4096)
def _header_words(header: str, config_min: int) -> tuple[str, ...]:
    plain = _BRACKETED_RE.sub(" ", header)
    return tuple(
        w
        for w in tokens(plain)
        if len(w) >= config_min and w not in HEADER_STOP_WORDS and not w.isdigit()
    )


@lru_cache(maxsize=4096)
def _unit_terms(header: str) -> frozenset[str]:
    terms: set[str] = set()
    for group in _BRACKETED_RE.findall(header):
        terms.update(tokens(group))
    unit, _ = header_unit(header)
    if unit is not None:
        terms.add(unit.lower())
        terms.update(k for k, v in CURRENCIES.items() if v == unit)
        terms.update(k for k, v in UNIT_SYNONYMS.items() if v == unit)
    return frozenset(
        t for t in terms if t not in _SCALE_TERMS and t not in HEADER_STOP_WORDS and t != "in"
    )


def _evidence(view: TableView, config_min: int, stem: int) -> list[_ColumnEvidence]:
    words = [_header_words(h, config_min) for h in view.headers]
    units = [_unit_terms(h) for h in view.headers]
    out: list[_ColumnEvidence] = []
    for c in range(len(view.headers)):
        others = [w for o in range(len(view.headers)) if o != c for w in words[o]]
        unique = tuple(
            w
            for w in words[c]
            if not any(word_matches(o, w, stem) or word_matches(w, o, stem) for o in others)
        )
        shared = any(units[c] & units[o] for o in range(len(view.headers)) if o != c)
        out.append(_ColumnEvidence(unique, () if shared else tuple(sorted(units[c]))))
    return out


def _has_unit(terms: Sequence[str], text: str, toks: frozenset[str]) -> bool:
    for t in terms:
        if not t.isalnum():
            if t in text:
                return True
        elif (len(t) > 1 and t in toks) or re.search(r"\d" + re.escape(t) + r"\b", text):
            return True
    return False


def null_not_stated(rec: RecordView) -> list[Finding] | None:
    """An attribute that is null in the table is not stated in any context for that entity.

    A documented heuristic (the paper's "null value protection": the context must "completely omit
    any mention of that attribute for that entity"). For each null cell outside the key, every
    sentence of every context (``gt_context``, ``context``, ``distractor_context``) that names the
    row's entity (all its non-null key cells, found as TH020 finds values, and the first word of a
    text key written as in the table: "eastern border" does not name "Eastern") is a suspect when it
    also carries evidence for the cell's column:

    - *header words*: words of the header (outside brackets; at least
      ``Config.check_null_mention_min_word_chars`` letters; not stop words such as "total",
      "number", "date", "year", "largest", "average") that no other header of the table
      shares; a sentence word matches one when it shares its first
      ``Config.check_null_mention_stem_chars`` letters ("operator" / "operated"), or for a
      shorter word, is it plus s/es/d/ed/ing ("price" / "priced");
    - *unit*: the header's unit, when no other column has it ("(USD)": ``$``, "usd", "dollars";
      "(MW)": "mw"; "%": "percent").

    Number columns: the sentence has header words or the unit, and a number (in digits) that is no
    value, header, name or scope number of the table. Date columns: a year or a month name that no
    date cell of the table has, and header words (or it is the table's only date column). Text
    columns (when ``Config.check_null_mention_text_columns``): all of the header words. In every
    case the sentence must name no other entity of the table (in "A scored 20 points and B 12" the
    12 may be B's). One finding per null cell (the first suspect sentence).

    Also, for a number column, a sentence that names only this entity and holds a number written
    next to the column's words ("Jackson added eight assists"), as the claim grounding engine
    reads it (:mod:`tablehallu.detectors.grounding.claims`).

    Limits: a heuristic; a statement without the column's words ("it sold for 999") is missed, and a
    header word used in another sense is a false alarm (hence default severity warning).

    Skipped: records without a context.
    """
    view = rec.table
    contexts = list(rec.contexts.values())
    if view is None or not contexts:
        return None
    config = rec.config
    key_cols = set(view.key.columns)
    nulls = [
        (r, c)
        for r, row in enumerate(view.typed)
        for c, cell in enumerate(row)
        if cell.kind == "null" and c not in key_cols
    ]
    if not nulls:
        return []
    stem = config.check_null_mention_stem_chars
    evidence = _evidence(view, config.check_null_mention_min_word_chars, stem)
    kinds = view.column_kinds
    date_columns = sum(k == "date" for k in kinds)
    table_numbers = rec.table_numbers
    table_months = {
        cell.date.month for row in view.typed for cell in row if cell.date and cell.date.month
    }
    out: list[Finding] = []
    # per context, per row: the sentences that name that row's entity and no other
    alone: list[dict[int, list[Span]]] = []
    for ctx in contexts:
        by_row: dict[int, list[Span]] = {}
        for span, rows in rec.named_rows(ctx).items():
            if len(rows) == 1:  # with other entities, a value may be theirs
                by_row.setdefault(next(iter(rows)), []).append(span)
        alone.append(by_row)

    for r, c in nulls:
        ev = evidence[c]
        kind = kinds[c]
        if kind == "null":
            kind = "number" if ev.unit_terms else "text"
        if kind == "text" and not config.check_null_mention_text_columns:
            continue
        if not ev.words and not (kind == "number" and ev.unit_terms) and kind != "date":
            continue
        own = {
            t for cell in view.typed[r] if cell.kind != "null" for t in _WORD_RE.findall(cell.text)
        }
        hit: tuple[ContextView, Span] | None = None
        for ctx_no, ctx in enumerate(contexts):
            for i in alone[ctx_no].get(r, []):
                toks = ctx.index_of(i).token_set - own
                found = [w for w in ev.words if any(word_matches(t, w, stem) for t in toks)]
                has_words = bool(found)
                if kind == "number":
                    has_unit = _has_unit(ev.unit_terms, ctx.text_of(i), toks)
                    if not (has_words or has_unit):
                        continue
                    numbers = ctx.index_of(i).number_set
                    if not any(x not in table_numbers for x in numbers):
                        continue
                elif kind == "date":
                    if not (has_words or date_columns == 1):
                        continue
                    numbers = ctx.index_of(i).number_set
                    new_year = any(
                        x not in table_numbers and x.is_integer() and 1000 <= x <= 2999
                        for x in numbers
                    )
                    new_month = any(
                        _MONTH_TOKENS.get(t, 0) not in (0, *table_months)
                        for t in toks
                        if t != "may"
                    )
                    if not (new_year or new_month):
                        continue
                elif not ev.words or len(found) < len(ev.words):
                    continue
                hit = (ctx, i)
                break
            if hit:
                break
        if hit:
            ctx, i = hit
            out.append(
                cell_finding(
                    view,
                    r,
                    c,
                    "TH021",
                    f"is null, but {ctx.field} sentence {ctx.number(i)} seems to state it: "
                    f"{snippet(ctx.raw_of(i))!r}",
                )
            )
            continue
        stated = _stated_for_entity(rec, view, r, c)
        if stated is not None:
            out.append(cell_finding(view, r, c, "TH021", f"is null, but {stated}"))
    return out


def _stated_for_entity(rec: RecordView, view: TableView, r: int, c: int) -> str | None:
    """A number the claim grounding engine reads as this row's value of column ``c`` (the
    sentence names only this entity, and the number is written next to the column's words)."""
    if view.column_kinds[c] != "number":
        return None
    got = _claims(rec)
    if got is None:
        return None
    _view, grounder = got
    verdict = grounder.stated_number(r, view.headers[c])
    if verdict.status != STATED or verdict.evidence is None or verdict.stated_value is None:
        return None
    value = float(verdict.stated_value)
    entity = (view.entity(r) or "").split()
    if (value.is_integer() and 1000 <= value <= 2100) or not entity:
        return None  # a year is a date, not a count
    if find_phrase(verdict.evidence.sentence, entity[0]) < 0:
        return None  # the name as written in the table ("birch labs" is not "Birch Labs")
    return f"the context gives {verdict.stated_value}: {snippet(verdict.evidence.sentence)!r}"


def _claims(rec: RecordView) -> tuple[TableView, Grounder] | None:
    cache: dict[str, tuple[TableView, Grounder] | None] = rec.__dict__.setdefault("_claims", {})
    if "got" not in cache:
        cache["got"] = _build_claims(rec)
    return cache["got"]


def _build_claims(rec: RecordView) -> tuple[TableView, Grounder] | None:
    view = rec.table
    ctx = rec.grounding_context
    if view is None or ctx is None or not view.key.columns:
        return None
    names = tuple(view.entity(r) or "" for r in range(len(view.rows)))
    return view, Grounder(ctx.raw, names, rec.config)


def _quote(verdict: ClaimVerdict) -> str:
    ev = verdict.evidence
    return f' ("{snippet(ev.sentence)}")' if ev is not None else ""


def value_contradicted(rec: RecordView) -> list[Finding] | None:
    """No number of the gold table is contradicted by the context.

    How: every non-null number cell outside the key is a claim (the row's entity, the column's
    attribute, the value) checked by the claim grounding engine
    (:mod:`tablehallu.detectors.grounding.claims`): the context contradicts it when a number that
    belongs to that entity alone (the nearest entity named before it, or the subject the sentence
    continues about) and is written next to the column's words has another value, and no such
    number has the cell's value. The message quotes the sentence.

    Limits: a heuristic reading of the text; a number whose owner the sentence leaves ambiguous
    ("A and B combined for 50", a pair "102 - 91") never contradicts, and a header word the text
    uses in another sense may mislead it (hence default severity warning).

    Skipped: records without a context or without a key.
    """
    got = _claims(rec)
    if got is None:
        return None
    view, grounder = got
    key_cols = set(view.key.columns)
    out: list[Finding] = []
    for r, row in enumerate(view.typed):
        for c, cell in enumerate(row):
            if c in key_cols or cell.kind != "number":
                continue
            verdict = grounder.check(r, view.headers[c], cell)
            if verdict.status == CONTRADICTED:
                out.append(
                    cell_finding(
                        view,
                        r,
                        c,
                        "TH023",
                        f"{view.rows[r][c]!r} but the context gives {verdict.stated_value}"
                        + _quote(verdict),
                    )
                )
    return out

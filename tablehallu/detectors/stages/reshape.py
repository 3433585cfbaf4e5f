"""Tables written in another shape than a row per entity, read back before their cells are
checked, with or without a gold table:

- **one wide row**: a record of one entity written as a column per field ("| Name | Born | Died
  |" over one row) is the entity's ``Field | Value`` list (:func:`one_row_record`): in gold mode
  when the gold is one, referenceless when the row is the context's subject
  (:func:`subjects_record`);
- **transposed**: entities as columns and attributes as rows ("| Statistic | Hawks | Magic |"),
  as models often write a comparison of a few entities (:func:`transposed_by_names`): the
  headers name entities the context names (capitalised, inside a sentence), the first column's
  cells do not.

The gold-referenced reading of a table that is the gold transposed by its headers' names is
:func:`tablehallu.detectors.stages.columns.untranspose`; this module decides from the table and
the context alone (referenceless), and backs it up when the gold's headers are written too
differently to be recognised.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from tablehallu.config import Config
from tablehallu.detectors.diagnosis import FORMAT_ERROR, Finding
from tablehallu.detectors.grounding.teams import team_names
from tablehallu.detectors.stages.keys import is_key_value
from tablehallu.detectors.state import SampleState
from tablehallu.normalize import normalize_text, type_cell
from tablehallu.parsers.table import ParsedTable

#: Headers of a wide record read back as a field list
RECORD_HEADERS: Final = ("Field", "Value")

#: A capitalised word of a context ("Warriors", "McCollum", "O'Neal"), Unicode letters
_CAPITALISED: Final = re.compile(r"[^\W\d_][\w'’.-]*")
#: What ends a sentence before a word (a capital there need not be a name)
_SENTENCE_END: Final = frozenset(".!?:;\"“”'‘’([\n")


def _named_word(context: str, lowered: str, word: str, anywhere: bool) -> bool:
    """``word`` (lower case) is written in ``context`` (``lowered``: the context in lower case,
    of the same length) capitalised inside a sentence (not after a sentence's end), or
    ``anywhere`` capitalised."""
    start = 0
    while (i := lowered.find(word, start)) >= 0:
        start = i + 1
        end = i + len(word)
        if i > 0 and (lowered[i - 1].isalnum() or lowered[i - 1] in _IN_WORD):
            continue
        if end < len(lowered) and (lowered[end].isalnum() or lowered[end] in "'’-"):
            continue
        if not context[i].isupper():
            continue
        if anywhere:
            return True
        k = i - 1
        while k >= 0 and context[k] in " \t":
            k -= 1
        if k >= 0 and context[k] not in _SENTENCE_END:
            return True
    return False


#: Characters that continue a word before it ("O'Neal", "Jr.-")
_IN_WORD: Final = frozenset("_'’.-")


def named_in(context: str, anywhere: bool = False) -> Callable[[str], bool]:
    """A test: does a table cell or header name something ``context`` names (one of its words
    is capitalised inside a sentence of the context: "Warriors", "LA Clippers"; ``anywhere``:
    also as a sentence's first word, "Malaysia levies ...", and whatever the cell's own case,
    "antelope gap storage"). Each word is looked up once, only when a cell asks for it."""
    seen: dict[str, bool] = {}
    lowered = context.lower()
    if len(lowered) != len(context):  # a letter whose lower case is longer ("İ"): keep offsets
        lowered = "".join(ch.lower()[:1] for ch in context)

    def known(word: str) -> bool:
        if word not in seen:
            seen[word] = _named_word(context, lowered, word, anywhere)
        return seen[word]

    def test(text: str) -> bool:
        for w in _CAPITALISED.findall(text):
            word = w.rstrip(".-'’")
            if len(word) < 2 or not (w[:1].isupper() or (anywhere and len(w) >= _LEAST_LOWER_WORD)):
                continue
            if known(word.lower()):
                return True
        return False

    return test


def one_row_record(table: ParsedTable, config: Config) -> ParsedTable | None:
    """``table`` as a ``Field | Value`` list when it is one entity's record written as one
    wide row (three or more columns, one body row), else None."""
    rows = table.rows()
    if len(rows) != 1 or len(table.headers) < 3:
        return None
    row = rows[0]
    body = [[h, row[j] if j < len(row) else ""] for j, h in enumerate(table.headers)]
    return _like(table, list(RECORD_HEADERS), body)


def subjects_record(table: ParsedTable, context: str | None, config: Config) -> bool:
    """A one-row table is a record of the context's subject (every sentence about it), not of
    an entity its first cell names among others: another of its cells is the name the context
    opens with ("richard "dick" wheeler (january 14, 1898 ..." under "name", after a "birth
    name"), or its first cell is a date or a number and no other cell names someone or
    something the context names ("| 1 | Nikola Vucevic | 17 |" is Vucevic's row)."""
    rows = table.rows()
    if len(rows) != 1 or not rows[0]:
        return False
    first, *others = rows[0]
    opening = normalize_text(context[: config.subject_opening_chars]) if context else ""
    opening = opening[4:] if opening.startswith("the ") else opening

    def opens(value: str) -> bool:
        text = normalize_text(value)
        if len(text) < _LEAST_NAME or not opening.startswith(text):
            return False
        return len(opening) == len(text) or not opening[len(text)].isalnum()  # a whole word

    if opening and not opens(first) and any(opens(v) for v in others):
        return True
    cell = type_cell(first, config.dayfirst, max_chars=config.max_typed_chars)
    if cell.kind not in ("date", "number"):
        return False
    # a row keyed by the subject's own name is read as written: its entity is known, and the
    # field reading would take any sentence's figure for the subject's
    is_name = named_in(context) if context else None
    return is_name is None or not any(is_name(v) for v in others)


#: Fewest characters of a name a context opens with
_LEAST_NAME: Final = 4
#: Fewest letters of a word of a cell in lower case that may name something of the context
_LEAST_LOWER_WORD: Final = 4


def transposed_by_names(
    table: ParsedTable,
    is_name: Callable[[str], bool],
    config: Config,
    key_header: str = "",
    may_name: Callable[[str], bool] | None = None,
) -> ParsedTable | None:
    """``table`` with a row per entity when its columns are the entities: at least
    ``Config.transposed_name_share`` of the headers after the first (and two) name entities
    (``is_name``; a team also by its other names: "Mavs", "Dallas"), at most
    ``Config.transposed_label_names`` of the first column's cells do (by ``may_name`` when
    given: a looser test, "Malaysia" at a sentence's start), and those cells are words
    (attributes), not numbers or dates, and no more than ``Config.max_columns``. The first
    column becomes the header row, headed ``key_header`` (else the first header); else None."""
    rows = table.rows()
    heads = list(table.headers)
    if len(rows) < 2 or len(heads) < 3 or len(rows) > config.max_columns:
        return None  # its rows would be more columns than a table may have
    labels = [r[0].strip() if r else "" for r in rows]
    if not all(labels) or len(set(labels)) < len(labels):
        return None
    typed = (type_cell(x, config.dayfirst, max_chars=config.max_typed_chars) for x in labels)
    if any(c.kind != "text" for c in typed):
        return None
    # the labels first: in a table written upright they name its entities, and the count
    # stops as soon as too many do
    label_is_name = may_name or is_name
    allowed, named_labels = config.transposed_label_names * len(labels), 0
    for x in labels:
        named_labels += label_is_name(x)
        if named_labels > allowed:
            return None
    entities = heads[1:]
    spellings: tuple[tuple[str, ...], ...] = tuple((h,) for h in entities)
    if config.grounding_team_names:  # "Mavericks" of a text that says "Mavs" or "Dallas"
        spellings = team_names(spellings, config.grounding_team_informal_names)
    named = sum(1 for names in spellings if any(is_name(h) for h in names))
    if named < max(2, config.transposed_name_share * len(entities)) or is_name(heads[0]):
        return None
    new_heads = [key_header or heads[0], *labels]
    body = [[h, *(r[c] if c < len(r) else "" for r in rows)] for c, h in enumerate(entities, 1)]
    return _like(table, new_heads, body)


def _like(table: ParsedTable, headers: list[str], rows: list[list[str]]) -> ParsedTable:
    """A table of ``headers`` and ``rows`` with ``table``'s format, warnings and list items."""
    out = ParsedTable(headers=headers, rows=rows, format=table.format, warnings=table.warnings)
    out.line_items = table.line_items
    return out


_ONE_ROW = "the table is one wide row, a column per field"
_TRANSPOSED = "the table is transposed: its columns are the entities, its rows the attributes"


def read_back(st: SampleState, pred: ParsedTable) -> ParsedTable:
    """Referenceless: ``pred`` with a row per entity (or as one entity's field list), with a
    warning saying so; ``pred`` itself when it is written so already."""
    config = st.config
    if not config.reshape_tables or is_key_value(list(pred.headers), config):
        return pred
    if subjects_record(pred, st.context, config) and (record := one_row_record(pred, config)):
        st.diag.warnings.append(
            _ONE_ROW + "; read as a field/value list about the context's subject"
        )
        return record
    if st.context and (
        flipped := transposed_by_names(
            pred, named_in(st.context), config, may_name=named_in(st.context, anywhere=True)
        )
    ):
        st.diag.warnings.append(_TRANSPOSED + "; read with a row per entity")
        return flipped
    return pred


def one_row_as_gold(st: SampleState, pred: ParsedTable) -> ParsedTable | None:
    """Gold-referenced: ``pred`` as the gold's field/value list (a ``format_error`` recorded)
    when the gold is one and ``pred`` is it written as one wide row; else None."""
    config = st.config
    if not config.reshape_tables or not is_key_value(list(st.gold.headers), config):
        return None
    if is_key_value(list(pred.headers), config):
        return None
    record = one_row_record(pred, config)
    if record is None:
        return None
    explanation = _ONE_ROW + "; it is compared as the gold's field/value list"
    st.diag.findings.append(
        Finding(FORMAT_ERROR, subtype="one_row", matcher="names", explanation=explanation)
    )
    return _like(record, list(st.gold.headers), record.rows())


def transposed_as_gold(st: SampleState, pred: ParsedTable) -> ParsedTable | None:
    """Gold-referenced: ``pred`` with a row per entity (a ``format_error`` recorded) when its
    headers name the gold's entities (gold key values, or names of the context) and its first
    column does not; else None."""
    config, gold = st.config, st.gold
    if not config.reshape_tables or not gold.headers:
        return None
    keys = {normalize_text(r[0]) for r in gold.rows() if r and r[0].strip()}
    in_context = named_in(st.context) if st.context else None
    anywhere = named_in(st.context, anywhere=True) if st.context else None

    def is_name(text: str) -> bool:
        return normalize_text(text) in keys or (in_context is not None and in_context(text))

    def may_name(text: str) -> bool:
        return normalize_text(text) in keys or (anywhere is not None and anywhere(text))

    flipped = transposed_by_names(
        pred, is_name, config, key_header=gold.headers[0], may_name=may_name
    )
    if flipped is not None:
        explanation = _TRANSPOSED + "; it is compared in the gold's layout"
        st.diag.findings.append(
            Finding(FORMAT_ERROR, subtype="transposed", matcher="names", explanation=explanation)
        )
    return flipped

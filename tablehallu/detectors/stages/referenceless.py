"""Referenceless mode (``Config.reference = "context"``): a table judged by its context alone.

Without a gold table the paper's definition is applied directly (sec. 3.1: Content(T) must be a
subset of Content(C)). The prediction's own structure stands in for the gold's (its headers,
typed cells and key columns); then, for every predicted row:

1. its key cells are looked up in the context (exact, fuzzy, then embedding search, as for rows
   outside the gold table, then the grounding engine's aliases: a surname, a team's city): not
   found -> ``entity_fabrication`` / ``not_in_context`` (its other cells are not checked: the
   whole row is invented); a row identical to an earlier one -> ``out_of_range`` /
   ``duplicate``;
2. every other filled cell is a claim checked by the grounding engine
   (:mod:`tablehallu.detectors.grounding.claims`), the row's key naming the entity and the
   header the attribute (in a key/value table: the subject of the context and the field):

   ==================  ==================================================
   the context ...     finding
   ==================  ==================================================
   states it           none (the cell's evidence is kept)
   contradicts it      ``attribute_distortion`` / ``contradicted``
   gives the entity    ``attribute_distortion`` / ``contradicted`` (a number, by
   another number no   elimination: ``Config.grounding_elimination_ratio``)
   other cell of the
   row holds
   never states it     ``blank_filling`` / ``unstated`` (the paper: a cell that should be
                       empty because the context never mentions it is filled)
   speaks of it in a   no verdict, a warning (``Config.grounding_abstain``), unless
   form not read       every other figure of the row is stated and the text gives
                       the entity one figure for it: ``attribute_distortion``
   writes the number   no verdict, a warning (``Config.grounding_abstain_written``): in a
   where it may be     sentence about the entity or naming no entity of the table, not a
   the entity's        group's figure, its own words naming no other attribute
   ==================  ==================================================

   A text value is also stated in the other forms of :func:`~tablehallu.normalize.forms.value_forms`
   and as a run of words the text writes as an initialism; a date is read against the dates
   the entity's sentences write in full (another as precise contradicts it when the words
   next to it name the attribute, or by elimination: ``Config.grounding_date_elimination``);
   a name the text never gives the entity is contradicted by another name of its sentence that
   no cell of the row holds (``Config.grounding_other_names``), and a text value the text
   gives another entity by the value of another row the text states for this one
   (``Config.grounding_column_values``: two rows' values swapped). A row whose key pairs the
   entity with a period is read in the sentences of that period
   (``Config.grounding_period_rows``). An entity name with abbreviations or a country code is
   also looked for as the text spells it out.

The query's constraints (columns, scope, sort) are checked by :mod:`.query_scope`, the order by
:mod:`.order`. Every cell's status is kept in ``Diagnosis.cells`` (:func:`tablehallu.ground`).
"""

from __future__ import annotations

import re
from collections.abc import Generator, Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import pairwise
from operator import itemgetter
from typing import Any, Final

from rapidfuzz.distance import OSA

from tablehallu.detectors.diagnosis import (
    ATTRIBUTE_DISTORTION,
    EMPTY,
    ENTITY_FABRICATION,
    KEY,
    OUT_OF_RANGE,
    UNCHECKED,
    CellGrounding,
    Finding,
)
from tablehallu.detectors.grounding import (
    Grounding,
    index_context,
)
from tablehallu.detectors.grounding.attributes import WEAK_FORMS, header_features, window_features
from tablehallu.detectors.grounding.claims import (
    AFFIRMATIVE,
    CONTRADICTED,
    STATED,
    UNSTATED,
    ClaimVerdict,
    Evidence,
    Grounder,
    abbreviated,
    dated_figure,
    first_by_status,
    is_year,
    shot_parts,
    spell_out,
    year_differs,
)
from tablehallu.detectors.grounding.claims import _value_stems as value_stems
from tablehallu.detectors.grounding.document import _TOKEN_RE, NUMBER_WORDS, fold_word
from tablehallu.detectors.grounding.entities import OTHER
from tablehallu.detectors.grounding.keys import (
    MONTHS,
    cannot_be_stated,
    cell_in_context,
    occupation_kinds,
)
from tablehallu.detectors.keys import is_identifier_column
from tablehallu.detectors.matching import abbreviates
from tablehallu.detectors.stages.totals import check_totals, is_totals_row, total_finding
from tablehallu.detectors.stages.unmatched import claim_finding, ground_row_keys
from tablehallu.detectors.state import SampleState
from tablehallu.detectors.state import _grounder as shared_grounder
from tablehallu.normalize import (
    PRECISIONS,
    TypedCell,
    dates_equal,
    header_unit,
    normalize_text,
    stems,
    type_cell,
)
from tablehallu.normalize.dates import dates_in
from tablehallu.normalize.forms import region_names, value_forms
from tablehallu.normalize.places import country_names, nation_people
from tablehallu.normalize.units import figure_with_conversion

Request = list[str]

_CALENDAR: Final = frozenset(
    stems(" ".join([*MONTHS, "monday tuesday wednesday thursday friday saturday sunday"]))
)

#: Words of time in a date column's header: they name no event ("Launch Date": launch)
_TIME_WORDS: Final = frozenset(stems("date dates day year month time when"))
#: Where the words tied to a date stop
_BREAKS: Final = frozenset({",", ";", "(", ")", ".", "and", "but", "while", "whereas"})

_CONNECTORS: Final = frozenset({"of", "the", "and", "de", "del", "la", "le", "von", "van", "&"})


def name_entities(st: SampleState) -> None:
    """One entity column, and one grounder entity per distinct name.

    The key stage may extend a key that repeats (a winner of two races) to a composite key; here
    every cell but the entity's name is a claim to check, so only the first text identifier
    column of that key is kept (an explicit key is kept whole). Rows that name the same entity
    share its sentences."""
    if st.key_value:
        return
    if len(st.key_cols) > 1 and st.key_source != "explicit":
        texts = [k for k in st.key_cols if is_identifier_column([row[k] for row in st.p_typed])]
        dropped = st.key_cols
        st.key_cols = texts[:1] or st.key_cols[:1]
        st.diag.primary_key = [st.g_headers[k] for k in st.key_cols]
        st.period_cols = [
            k
            for k in dropped
            if k not in st.key_cols and any(_cell_years(row[k]) for row in st.p_typed)
        ]
    index: dict[str, int] = {}
    names: list[str | tuple[str, ...]] = []
    st.entity_of = []
    words: list[str] | None = None  # read only for a name with an abbreviation ("Univ.")
    for p in range(st.n_pred):
        name = st.key_text(p=p)
        folded = normalize_text(name)
        if folded not in index:
            index[folded] = len(names)
            if words is None and any(w.endswith(".") for w in name.split()):
                words = _context_words(st)
            other = _spelled_names(name, words or [])
            first, _, rest = name.strip().partition(" ")
            if rest and first.casefold() in _TOTAL_WORDS:
                other = [*other, rest]  # "Total budget": the text's "a budget of $84.2 million"
            other = [*other, *_people_names(name), *_country_spellings(name)]
            names.append((name, *other) if other else name)
        st.entity_of.append(index[folded])
    st.entity_names = tuple(names)


#: First words of a row's name that make it the whole of the others ("Total budget")
_TOTAL_WORDS: Final = frozenset({"total", "overall"})
#: A year as a text writes a period: "2021", "FY2022", "2021-22" (a season: both years)
_YEAR_RE: Final = re.compile(
    r"(?<![\w$€£.,])(?:[Ff][Yy])?((?:19|20)\d\d)(?:[-–/](\d\d))?(?![\w%]|[.,]\d)"
)


Period = tuple[int, int]


@lru_cache(maxsize=4096)
def _years(text: str) -> frozenset[Period]:
    """The periods a text writes: a year (first = last), a season "2021-22" (2021, 2022);
    cached: each sentence is read again for every row of the table."""
    out: set[Period] = set()
    for m in _YEAR_RE.finditer(text):
        year = int(m.group(1))
        last = year if m.group(2) is None else year // 100 * 100 + int(m.group(2))
        out.add((year, last if last >= year else year))
    return frozenset(out)


def _cell_years(cell: TypedCell) -> frozenset[Period]:
    """The periods a cell names: a year, a fiscal year or season, a date's year."""
    if cell.date is not None:
        return frozenset({(cell.date.year, cell.date.year)})
    return _years(cell.raw)


def _same_period(a: Period, b: Period) -> bool:
    """Equal, or one a single year within the other ("2022" and "2021-22")."""
    return (
        a == b or (a[0] == a[1] and b[0] <= a[0] <= b[1]) or (b[0] == b[1] and a[0] <= b[0] <= a[1])
    )


def _period_view(st: SampleState, full: Grounder, p: int, periods: frozenset[Period]) -> str | None:
    """The context as row ``p`` may be read in (``Config.grounding_period_rows``): the
    sentences writing another period (a year within ``Config.grounding_period_reach`` years of
    the table's ``periods``) but none a cell of the row holds are blanked out ("Porto started
    2021 with 1,800 scooters" says nothing of Porto in 2022), each character a space but the
    names of the table's entities and the closing stop (the next sentence may go on about the
    entity: "In 2022 its median reached ..."; the offsets of evidence stay those of the
    context). ``full`` reads the whole context; None when no sentence is blanked."""
    mine = frozenset().union(*(_cell_years(c) for c in st.p_typed[p]))
    if not mine:
        return None
    reach = st.config.grounding_period_reach
    low = min(a for a, _ in periods) - reach
    high = max(b for _, b in periods) + reach
    doc = full.doc
    text = list(doc.raw)
    blanked = False
    for s in range(len(doc.sentences)):
        start, end = doc.sentence_span(s)
        said = _years(doc.raw[start:end])
        if not any(low <= a and b <= high for a, b in said) or any(
            _same_period(x, y) for x in said for y in mine
        ):
            continue
        keep = [
            (doc.tokens[m.first].start, doc.tokens[m.last].end)
            for m in full.mentions[s]
            if m.entity != OTHER
        ]
        stop = doc.raw[start:end].rstrip()
        keep.append((start + len(stop) - 1, start + len(stop)))
        # every character a space but line breaks and the kept spans
        was = text[start:end]
        now = list("\n".join(" " * len(line) for line in "".join(was).split("\n")))
        for a, b in keep:
            lo, hi = max(a, start) - start, min(b, end) - start
            if lo < hi:
                now[lo:hi] = was[lo:hi]
        text[start:end] = now
        blanked = True
    return "".join(text) if blanked else None


def _context_words(st: SampleState) -> list[str]:
    """The context's words of four letters or more, shortest first (to spell out a name's
    abbreviations: "Univ." is "University" before "Universities")."""
    if not st.has_context():
        return []
    assert st.context is not None
    found = index_context(st.context).token_set
    return sorted((w for w in found if len(w) >= 4 and w.isalpha()), key=lambda w: (len(w), w))


def _people_names(name: str) -> list[str]:
    """A country's row by the word the text may use for its people ("Denmark": "Danish", as in
    "a Danish force of 14,000"; the sides of a war, a medal table): one-word names only, in
    capitals as a text writes them; none for a name that is no country."""
    return sorted(w.capitalize() for w in nation_people(name) if w.isalpha())


def _country_spellings(name: str) -> list[str]:
    """A country's row by its other names ("United Kingdom": "Britain", "Russia": "Russian
    Federation"); none for a name that is no country."""
    return sorted(n for n in country_names(name) if n != name)


def _spelled_names(name: str, words: list[str]) -> list[str]:
    """Other spellings of an entity name the text may use: its abbreviated words spelt out
    ("Banksia Univ. School" / "Banksia University School", "Medical Ctr."), a country or state
    by its name ("UK" / "United Kingdom")."""
    out = sorted(region_names(name)) if len(name) <= 3 else []
    parts = name.split()
    spelt: list[str] = []
    changed = False
    for w in parts:
        full = spell_out(w, words)
        spelt.append(full.capitalize() if full is not None else w)
        changed = changed or full is not None
    if changed:
        out.append(" ".join(spelt))
    return out


def _row_groundings(st: SampleState) -> Generator[Request, None, dict[int, Grounding]]:
    """Whether the context names each predicted row's entity: its key (as for rows outside a
    gold table), else an alias the grounding engine reads (a surname, a team's city)."""
    found = yield from ground_row_keys(st, list(range(st.n_pred)))
    for p, gr in found.items():
        if not gr.grounded and st.grounder().entity_in_text(st.entity(p)):
            found[p] = Grounding(True, "alias", 1.0)
        elif not gr.grounded and _respelt(st, st.key_text(p=p)):
            found[p] = Grounding(True, "respelt", 1.0)
        elif not gr.grounded and _dated_row(st, p):
            found[p] = Grounding(None, "dated", 1.0)
    return found


_DATED_ROW: Final = "the row's key is not in the context, its date is: not checked"


def _dated_row(st: SampleState, p: int) -> bool:
    """Whether a row whose key the text never writes, a description of two words or more (not a
    name: a word of it in lower case), has a cell of a full date (day, month and year) that no
    other row holds and the text gives: the row's event is in the text, its key a description of
    it in other words ("Orbit insertion" for "entered orbit around Mars on October 2, 2021")."""
    if not st.has_context() or not st.config.grounding_dated_rows:
        return False
    words = st.key_text(p=p).split()
    if len(words) < 2 or all(w[:1].isupper() or not w[:1].isalpha() for w in words):
        return False  # a name ("Driond Duo 2"), not a description in other words
    dates = [
        c
        for k, c in enumerate(st.p_typed[p])
        if k not in st.key_cols
        and c.kind == "date"
        and c.date is not None
        and c.date.day
        # another row's date copied onto an invented row is no evidence of it
        and not any(st.p_typed[q][k].raw == c.raw for q in range(st.n_pred) if q != p)
    ]
    if not dates:
        return False
    assert st.context is not None
    reader = shared_grounder(st.context, ("",), st.config, 0, True, ())
    return any(reader.check(0, "date", c).status == STATED for c in dates)


def _respelt(st: SampleState, name: str) -> bool:
    """Whether the text writes the name of two words or more with one word respelt
    (``Config.key_spelling_edits`` letters at most, same first letter, five letters or
    more): "Pau Gaol" for "Pau Gasol" names the same person, misspelt by the text or the table."""
    edits = st.config.key_spelling_edits
    if not edits or not st.has_context():
        return False
    assert st.context is not None
    ctx = index_context(st.context)
    words = normalize_text(name).split()
    if len(words) < 2:
        return False
    for i, w in enumerate(words):
        if len(w) < 5 or not w.isalpha() or w in ctx.token_set:
            continue
        for t in ctx.token_set:
            if (
                t[:1] == w[:1]
                and abs(len(t) - len(w)) <= edits
                and OSA.distance(w, t, score_cutoff=edits) <= edits
                and f" {' '.join([*words[:i], t, *words[i + 1 :]])} " in f" {ctx.text} "
            ):
                return True
    return False


def _attribute(st: SampleState, p: int, col: int) -> str:
    """The attribute a cell states: its header, or in a key/value table the row's field."""
    assert st.pred is not None
    if st.key_value and st.period_columns and col < len(st.pred.headers):
        return f"{st.key_text(p=p)} {st.pred.headers[col]}"  # "Revenue ($M) 2023"
    if st.key_value:
        return st.key_text(p=p)
    return st.pred.headers[col] if col < len(st.pred.headers) else ""


def _taken(row: list[TypedCell], col: int) -> frozenset[float]:
    """The numbers the row's other cells hold (a year of a date too)."""
    out: set[float] = set()
    for c, cell in enumerate(row):
        if c == col:
            continue
        if cell.number is not None:
            out.update(round(x, 6) for x in (cell.number.value, cell.number.magnitude))
        if cell.date is not None:
            out.add(float(cell.date.year))
    return frozenset(out)


def _acronym_forms(grounder: Grounder, entity: int, raw: str) -> list[str]:
    """``raw`` with a run of its words written as an initialism of the entity's sentences
    ("human resources software" where the text says "HR software")."""
    words = raw.split()
    if len(words) < 2:
        return []
    doc = grounder.doc
    found: list[str] = []
    for s in grounder.entity_sentences(entity):
        a, b = doc.sentences[s]
        for t in doc.tokens[a:b]:
            written = doc.raw[t.start : t.end]
            if 2 <= len(written) <= 5 and written.isalpha() and written.isupper():
                found.append(written)
    out: list[str] = []
    for short in dict.fromkeys(found):
        n = len(short)
        for i in range(len(words) - n + 1):
            if "".join(w[0] for w in words[i : i + n]).upper() == short:
                out.append(" ".join([*words[:i], short, *words[i + n :]]))
                break
    return out


def _restated(st: SampleState, p: int, attribute: str, cell: TypedCell) -> ClaimVerdict | None:
    """The verdict of a text cell the context states in another form (:func:`value_forms`, or
    a run of its words as the text's initialism), if it does."""
    grounder = st.grounder()
    entity = st.entity(p)
    limit = st.config.grounding_value_max_chars
    forms = [*value_forms(cell.raw, attribute, limit), *_acronym_forms(grounder, entity, cell.raw)]
    if "." in cell.raw:  # "Ctr.-right": its abbreviations as the text spells them out
        parted = cell.raw.replace(".-", ". ")
        forms += [f for f in _spelled_names(parted, _context_words(st)) if f != parted]
    for form in forms:
        typed = type_cell(form, st.config.dayfirst)
        if typed.kind != "text":
            continue
        verdict = grounder.check(entity, attribute, typed)
        if verdict.status == STATED and not _digits_differ(form, verdict):
            if _in_another_country(cell.raw, form, verdict) or grounder.placed_elsewhere(cell):
                continue
            return verdict
    return None


#: A word of a sentence, for the countries it names
_SENTENCE_WORD_RE: Final = re.compile(r"[^\W\d_]+")


def _in_another_country(raw: str, form: str, verdict: ClaimVerdict) -> bool:
    """A place written with its country ("Waterloo, Netherlands") stated by the place alone,
    where the sentence stating it names another country and never this one ("near Waterloo in
    present-day Belgium"): the text puts the place elsewhere."""
    if form == raw or verdict.evidence is None:
        return False
    claimed = [names for x in raw.split(",")[1:] if (names := country_names(x.strip()))]
    if not claimed:
        return False
    sentence = verdict.evidence.sentence
    words = _SENTENCE_WORD_RE.findall(sentence)
    folded = {w.casefold() for w in words}
    named: set[str] = set()
    for i, w in enumerate(words):
        if not w[:1].isupper():
            continue
        for n in (1, 2, 3):
            named |= country_names(" ".join(words[i : i + n]))
    for names in claimed:
        people = {w for name in names for w in nation_people(name)}
        if not folded.isdisjoint(people) or any(n in sentence for n in names):
            return False  # the sentence names the claimed country
    return bool(named) and all(named.isdisjoint(names) for names in claimed)


def _squashed(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def _digits_differ(form: str, verdict: ClaimVerdict) -> bool:
    """A form with digits ("DENV-3") is stated only by a sentence that writes it, digits and
    all (the words alone would state "DENV-2" too)."""
    if not any(ch.isdigit() for ch in form) or verdict.evidence is None:
        return False
    return _squashed(form) not in _squashed(verdict.evidence.sentence)


def _attribute_number(st: SampleState, p: int, col: int) -> ClaimVerdict | None:
    """For a number the text speaks of in a form not read: the number the text gives the
    row's entity for this attribute alone (named by its own words), as a contradiction; None
    when there is none."""
    grounder = st.grounder()
    stated = grounder.stated_number(st.entity(p), _attribute(st, p, col))
    if stated.status != STATED or stated.evidence is None:
        return None
    shown = stated.stated_value or ""
    claimed = st.p_typed[p][col].number
    if claimed is None or is_year(float(shown)) != is_year(claimed.value):
        return None  # "in 2021 against imports of $4.1 billion": a year is no import figure
    return ClaimVerdict(
        CONTRADICTED,
        stated.evidence,
        shown,
        f"the text gives {shown} for this entity and attribute",
    )


#: Cell values that say whether, not who: no name of the text is another value of theirs
_TRUTH_VALUES: Final = AFFIRMATIVE | frozenset({"no", "false"})


def _name_like(raw: str) -> bool:
    """Every word capitalised but connectors ("House of Varn", "Mill Lane", not "Water
    treatment upgrade")."""
    words = [w for w in raw.split() if w.casefold() not in _CONNECTORS]
    return bool(words) and all(w[:1].isupper() for w in words)


def _other_name(st: SampleState, p: int, col: int, cell: TypedCell) -> ClaimVerdict | None:
    """For a name the text never gives the row's entity: another name in a sentence naming
    the entity, which no cell of the row holds (in a cased text: a capitalised run that is no
    entity of the table, no month or weekday): the text gives the entity that name instead."""
    if not st.config.grounding_other_names or not _name_like(cell.raw):
        return None
    if cell.text.strip().casefold() in _TRUTH_VALUES:
        return None  # "No" under "Starting 5": a truth value, which no name contradicts
    grounder = st.grounder()
    doc = grounder.doc
    if doc.lowercase:
        return None
    entity = st.entity(p)
    held = {w for c in st.p_typed[p] for w in stems(c.raw)}
    short = [w for w in stems(cell.raw) if len(w) >= 2]
    held |= set(stems(" ".join(st.pred.headers if st.pred is not None else ())))
    for s in grounder.entity_sentences(entity):
        here = grounder.mentions[s]
        if not any(m.entity == entity for m in here):
            continue
        for m in here:
            if m.entity != OTHER:
                continue
            if m.first == doc.sentences[s][0] and not _marked_name(grounder, m.last):
                continue  # a capitalised first word may be no name ("Within Nordfjell")
            if any(ch.isdigit() for k in range(m.first, m.last + 1) for ch in doc.tokens[k].text):
                continue  # "FY2021", "Q3"
            a, b = doc.tokens[m.first].start, doc.tokens[m.last].end
            written = doc.raw[a:b]
            for mark in ("'s", "’s"):
                if written.endswith(mark):
                    written, b = written[: -len(mark)], b - len(mark)
            words = stems(written)
            if not words or any(w in held or w in _CALENDAR for w in words):
                continue
            if any(abbreviates(a, True, w, False) for a in short for w in words):
                continue  # "Saint Arlan" for "St.-Arlan"
            if _shared_name(st, entity, written):
                continue  # "won the Grand Prize": every winner's
            start, end = doc.sentence_span(s)
            return ClaimVerdict(
                CONTRADICTED,
                Evidence(doc.raw[start:end], start, end, a, b),
                written,
                f"the text gives {written!r} for this entity",
            )
    return None


def _shared_name(st: SampleState, entity: int, name: str) -> bool:
    """Whether ``name`` is written in the sentences of ``Config.grounding_other_names_shared``
    other entities of the table or more and held by no cell of the table: a setting they share
    (a league, a prize, a court), not a value of one of them."""
    least = st.config.grounding_other_names_shared
    if least <= 0:
        return False
    folded = normalize_text(name)
    if any(normalize_text(c.raw) == folded for row in st.p_typed for c in row):
        return False
    grounder = st.grounder()
    doc = grounder.doc
    found = 0
    for other in range(len(st.entity_names or ())):
        if other == entity:
            continue
        if any(
            folded in normalize_text(doc.sentence_text(s)) for s in grounder.entity_sentences(other)
        ):
            found += 1
            if found >= least:
                return True
    return False


def _marked_name(grounder: Grounder, k: int) -> bool:
    """Token ``k`` is written as a name even at the start of a sentence: with a possessive
    ("Lisbon's Ombra Cloud") or joined by a hyphen to the next word ("Atlanta-based")."""
    toks = grounder.doc.tokens
    written = grounder.doc.raw[toks[k].start : toks[k].end]
    if written.endswith(("'s", "’s")):
        return True
    return (
        k + 2 < len(toks)
        and toks[k + 1].text == "-"
        and toks[k + 1].start == toks[k].end
        and toks[k + 2].start == toks[k + 1].end
        and toks[k + 2].text.isalpha()
    )


def _other_rows_values(
    st: SampleState, entity: int, col: int, cell: TypedCell
) -> Iterator[tuple[int, TypedCell]]:
    """The text values other entities' rows hold in column ``col`` (row index and cell), each
    distinct value once, none equal to ``cell``'s."""
    seen = {cell.text}
    for q in range(st.n_pred):
        other = st.p_typed[q][col] if col < len(st.p_typed[q]) else None
        if other is None or other.kind != "text" or other.text in seen or st.entity(q) == entity:
            continue
        seen.add(other.text)
        yield q, other


def _column_value(st: SampleState, p: int, col: int, cell: TypedCell) -> ClaimVerdict | None:
    """For a text value the text never gives the row's entity: the value another row holds in
    the same column, when the text states it for this entity (``Config.grounding_column_values``):
    the text gives the entity that value instead."""
    if not st.config.grounding_column_values or st.key_value:
        return None
    grounder = st.grounder()
    entity = st.entity(p)
    attribute = _attribute(st, p, col)
    owners = {st.entity(q) for q in range(st.n_pred)} - {entity}
    if not any(grounder.check(e, attribute, cell).status == STATED for e in sorted(owners)):
        return None  # a value of no other entity either: reworded, or invented
    mine = set(stems(cell.raw))
    for _q, other in _other_rows_values(st, entity, col, cell):
        if set(stems(other.raw)) <= mine or mine <= set(stems(other.raw)):
            continue  # "Upheld" / "Partially upheld": one reads as the other
        verdict = grounder.check(entity, attribute, other)
        if (
            verdict.status == STATED
            and verdict.evidence is not None
            and set(stems(other.raw)) <= set(stems(verdict.evidence.sentence))
        ):
            return ClaimVerdict(
                CONTRADICTED,
                verdict.evidence,
                other.raw,
                f"the text gives {other.raw!r} for this entity, the value of another row",
            )
    return None


#: Words of four letters or more that name nothing: a frame of these alone ties no value
_FUNCTION_WORDS: Final = frozenset(
    {
        "with",
        "from",
        "that",
        "this",
        "than",
        "then",
        "their",
        "there",
        "these",
        "those",
        "which",
        "while",
        "were",
        "been",
        "being",
        "have",
        "into",
        "onto",
        "also",
        "after",
        "before",
        "about",
        "over",
        "under",
        "when",
        "where",
        "whose",
        "what",
        "each",
        "both",
        "such",
    }
)
#: Tokens a value in a frame never holds (a clause or sentence break)
_FRAME_BREAKS: Final = frozenset({",", ";", ":", ".", "(", ")", "!", "?"})


def _value_tokens(raw: str) -> tuple[str, ...]:
    """A value as the document's tokens hold it (case-folded, accents removed)."""
    return tuple(fold_word(t) for t in _TOKEN_RE.findall(raw))


def _framed_value(st: SampleState, p: int, col: int, cell: TypedCell) -> ClaimVerdict | None:
    """For a text value the text never gives the row's entity: another value the entity's
    sentences write in the frame the text states another row's value of the column in (the
    two tokens before it and the one after it, one of them a content word; a sentence naming
    that other entity and not this one), as a contradiction (``Config.grounding_value_frames``:
    "Alder Creek Mill lies in Stark County" beside the other row's "in Summit County"). None
    when no such frame holds another value (the text never gives the entity one: a blank
    filled) or when the value in it and the claimed one share a word (perhaps one reworded as
    the other), or it holds a figure."""
    extra = st.config.grounding_value_frames
    if extra <= 0 or st.key_value:
        return None
    grounder = st.grounder()
    entity = st.entity(p)
    mine = [
        s
        for s in grounder.entity_sentences(entity)
        if any(m.entity == entity for m in grounder.mentions[s])
    ]
    if not mine:
        return None
    claimed = set(stems(cell.raw))
    for q, other in _other_rows_values(st, entity, col, cell):
        want = _value_tokens(other.raw)
        owner = st.entity(q)
        if not want:
            continue
        for s in grounder.entity_sentences(owner):
            here = {m.entity for m in grounder.mentions[s]}
            if owner not in here or entity in here:
                continue
            for frame in _frames(grounder, s, want):
                found = _in_frame(st, mine, frame, len(want) + extra, claimed)
                if found is not None:
                    return found
    return None


#: A token of a frame that is a name of the table's entities (any of them)
_NAMED: Final = "\x00entity"


def _named_tokens(grounder: Grounder, s: int) -> frozenset[int]:
    """The tokens of sentence ``s`` inside a name of the table's entities."""
    return frozenset(
        k for m in grounder.mentions[s] if m.entity != OTHER for k in range(m.first, m.last + 1)
    )


def _frames(
    grounder: Grounder, s: int, want: tuple[str, ...]
) -> Generator[tuple[tuple[str, str], str], None, None]:
    """The frames (two tokens before, one after; a name of the table's entities stands for
    any of them) of each place sentence ``s`` writes the value ``want``, those with a content
    word."""
    toks = grounder.doc.tokens
    a, b = grounder.doc.sentences[s]
    named = _named_tokens(grounder, s)
    n = len(want)
    for i in range(a + 2, b - n):
        if tuple(t.text for t in toks[i : i + n]) != want:
            continue
        left = tuple(_NAMED if k in named else toks[k].text for k in (i - 2, i - 1))
        right = _NAMED if i + n in named else toks[i + n].text
        if any(w.isalpha() and len(w) >= 4 and w not in _FUNCTION_WORDS for w in (*left, right)):
            yield (left[0], left[1]), right


def _in_frame(
    st: SampleState,
    sentences: Sequence[int],
    frame: tuple[tuple[str, str], str],
    longest: int,
    claimed: set[str],
) -> ClaimVerdict | None:
    """The value one of ``sentences`` writes in ``frame`` (at most ``longest`` tokens, no
    break, figure or entity of the table), as a contradiction unless it shares a word with
    the claimed one."""
    grounder = st.grounder()
    doc = grounder.doc
    toks = doc.tokens
    (l1, l2), right = frame
    for s in sentences:
        a, b = doc.sentences[s]
        named = _named_tokens(grounder, s)

        def fits(k: int, word: str, named: frozenset[int] = named) -> bool:
            return k in named if word == _NAMED else toks[k].text == word and k not in named

        for i in range(a, b - 2):
            if not (fits(i, l1) and fits(i + 1, l2)):
                continue
            first = i + 2
            end = next(
                (k for k in range(first + 1, min(b, first + longest + 1)) if fits(k, right)), None
            )
            if (
                end is None
                or any(t.text in _FRAME_BREAKS or t.digits for t in toks[first:end])
                or any(k in named for k in range(first, end))
            ):
                continue
            written = doc.raw[toks[first].start : toks[end - 1].end]
            said = set(stems(written))
            if not said or said & claimed:
                continue  # "Upheld" / "Partially upheld", "needs improvement" / "requires
                # improvement": perhaps one reworded as the other
            start, stop = doc.sentence_span(s)
            return ClaimVerdict(
                CONTRADICTED,
                Evidence(doc.raw[start:stop], start, stop, toks[first].start, toks[end - 1].end),
                written,
                f"the text gives {written!r} for this entity, where it gives another row's value",
            )
    return None


def _is_quarter(cell: TypedCell) -> bool:
    return cell.date is not None and cell.date.precision == "quarter"


def _dated(st: SampleState, p: int, col: int, cell: TypedCell) -> ClaimVerdict | None:
    """A date claim read against the dates the entity's sentences write in full ("on November
    4, 2021", "in Q3 2022"): stated by an equal one. When none is equal, contradicted by one as
    precise that the text ties to the attribute (its words next to the date, :func:`_tie`:
    "born on ..." for "Date of Birth"), else by the one such date whose words name no
    attribute and that no other cell of the row holds (by elimination,
    ``Config.grounding_date_elimination``, for an attribute without a concept of the
    engine's vocabulary); a date the text ties to another event ("died on
    ...", another date column's words) says nothing of this one. None when there is no such
    date (a quarter's year alone says nothing of the quarter)."""
    claim = cell.date
    assert claim is not None
    grounder = st.grounder()
    doc = grounder.doc
    rank = PRECISIONS.index(claim.precision)
    attribute = _attribute(st, p, col)
    # the other dates the table gives the entity, and the other events it dates (the words
    # of its other date columns; in a key/value table, of its other dated fields)
    if st.key_value:
        others = [q for q in range(st.n_pred) if q != p]
        held = [c.date for q in others for c in st.p_typed[q] if c.date is not None]
        events = [st.key_text(p=q) for q in others if any(c.kind == "date" for c in st.p_typed[q])]
    else:
        held = [c.date for k, c in enumerate(st.p_typed[p]) if k != col and c.date is not None]
        headers = st.pred.headers if st.pred is not None else []
        events = [
            h
            for k, h in enumerate(headers)
            if k != col and any(k < len(row) and row[k].kind == "date" for row in st.p_typed)
        ]
    entity = st.entity(p)
    # an attribute the engine has words for ("born" for a birth date) is never eliminated to:
    # a date without those words is another event's ("on 17 December 1968, he married")
    eliminate = (
        st.config.grounding_date_elimination
        and not header_features(attribute, st.config.grounding_synonyms).concepts
    )
    tied: ClaimVerdict | None = None
    left: dict[str, ClaimVerdict] = {}
    for s in grounder.entity_sentences(entity):
        start, end = doc.sentence_span(s)
        sentence = doc.raw[start:end]
        for d, a, b in dates_in(sentence, st.config.dayfirst):
            if PRECISIONS.index(d.precision) < rank:
                continue
            evidence = Evidence(sentence, start, end, start + a, start + b)
            if dates_equal(d, claim):
                return ClaimVerdict(STATED, evidence)
            if tied is not None or d.precision != claim.precision:
                continue
            if _anothers(grounder, entity, s, start + a):
                continue
            tie = _tie(st, attribute, events, s, start + a, start + b)
            written = sentence[a:b]
            if tie == _TIED:
                tied = ClaimVerdict(
                    CONTRADICTED, evidence, written, f"the text gives {written!r} for this entity"
                )
            elif tie == _UNTIED and eliminate and not any(dates_equal(d, h) for h in held):
                left.setdefault(
                    d.iso(),
                    ClaimVerdict(
                        CONTRADICTED,
                        evidence,
                        written,
                        f"the text gives {written!r} for this entity, its only such date left",
                    ),
                )
    if tied is not None:
        return tied
    return next(iter(left.values())) if len(left) == 1 else None


_TIED, _OTHER, _UNTIED = "tied", "other", "untied"


def _anothers(grounder: Grounder, entity: int, s: int, start: int) -> bool:
    """The date at character ``start`` of sentence ``s`` follows the name of another entity of
    the table ("lisinopril increased 5.1% from March 2023, and amlodipine received a new price
    in October 2023": October is amlodipine's)."""
    here = grounder.mentions[s]
    toks = grounder.doc.tokens
    named = [m.entity for m in here if m.entity != OTHER and toks[m.last].end <= start]
    return bool(named) and named[-1] != entity


def _tie(
    st: SampleState, attribute: str, events: Sequence[str], s: int, start: int, end: int
) -> str:
    """What the text ties the date at characters ``start``-``end`` of sentence ``s`` to, by the
    words right before it (at most ``Config.grounding_attribute_window``, back to the previous
    figure or clause break), else right after it: ``tied`` when they name ``attribute`` (a
    concept such as birth for "born", or a content word other than a word of time such as
    "date" or "year": "launched on June 2, 2020" for "Launch Date"; an attribute with no such
    word, "Date", is tied to every date); ``other`` when they name another attribute (a
    concept such as death for "died on", or a word of ``events``, the table's other date
    columns); else ``untied``."""
    extra = st.config.grounding_synonyms
    header = header_features(attribute, extra)
    want = header.stems - _TIME_WORDS
    if not header.concepts and not want:
        return _TIED
    doc = st.grounder().doc
    a, b = doc.sentences[s]
    window = st.config.grounding_attribute_window
    toks = doc.tokens
    before: list[str] = []
    k = next((i for i in range(a, b) if toks[i].end > start), b) - 1
    while k >= a and len(before) < window and not toks[k].digits and toks[k].text not in _BREAKS:
        before.insert(0, toks[k].text)
        k -= 1
    after: list[str] = []
    k = next((i for i in range(a, b) if toks[i].start >= end), b)
    while k < b and len(after) < window and not toks[k].digits and toks[k].text not in _BREAKS:
        after.append(toks[k].text)
        k += 1
    each = [header_features(h, extra).stems - _TIME_WORDS for h in events]
    others = {w for stems_ in each for w in stems_} - want - _TIME_WORDS
    for words in (before, after):
        # "won on", "scored on": a verb of the event, not another attribute
        concepts, found, _ordinal = window_features(
            [w for w in words if w not in WEAK_FORMS], extra
        )
        found |= {x + y for x, y in pairwise(words)}  # "shut down"
        if header.concepts & concepts:
            return _TIED
        matched = {w for w in want if any(_same_stem(w, x) for x in found)}
        if matched:
            # "made his test debut in November 2011" for "List A debut" beside a "Test debut"
            # field: that field holds every word matched and names more of the window
            if any(matched <= event and (event - want) & found for event in each):
                return _OTHER
            return _TIED
        if concepts or found & others:
            return _OTHER
    return _UNTIED


def _same_stem(a: str, b: str) -> bool:
    """Two stems of one word ("depart" / "departur": the stemmer cuts a noun and a verb
    differently): equal, or one begins the other and has five letters or more."""
    short, long = sorted((a, b), key=len)
    return short == long or (len(short) >= 5 and long.startswith(short))


#: Figures by the words a text spells them in ("3": "three")
_SPELT_FIGURES: Final = {str(v): stems(w)[0] for w, v in NUMBER_WORDS.items()}
#: Words a value may add or drop in any rewording
_REWORDED_STOP: Final = frozenset(stems("the a an of and or in on for to with by at from as s"))
_REWORDED: Final = (
    "most of its words are in the entity's sentences, the others nowhere in the context: "
    "perhaps a rewording, not checked"
)


def _claim(
    st: SampleState, p: int, col: int, cell: TypedCell, attribute: str | None = None
) -> tuple[str, ClaimVerdict | None]:
    """The status of one filled non-key cell, and the verdict behind it (``attribute``: the
    attribute it states, when not its column's)."""
    assert st.context is not None and st.pred is not None
    attribute = attribute or _attribute(st, p, col)
    synonyms = st.config.grounding_synonyms
    parts = shot_parts(attribute, cell, synonyms) if cell.kind == "text" else None
    if parts is not None:  # "FG": "9-12": two figures, each grounded (or abstained on) alone
        claims = [_claim(st, p, col, v, a) for a, v in parts]
        return first_by_status(claims, itemgetter(0), (CONTRADICTED, UNSTATED, UNCHECKED))
    head = (
        figure_with_conversion(cell.raw, st.config.unit_rel_tol, st.config.dayfirst)
        if cell.kind == "text"
        else None
    )
    if head is not None:  # "113.4 m (372 ft)": the figure, its conversion aside
        return _claim(st, p, col, head, attribute)
    figure = dated_figure(cell, st.config.dayfirst)
    if figure is not None:  # "US$2.9 billion (2023)": the figure, if the text gives another
        status, verdict = _claim(st, p, col, figure, attribute)
        if status == CONTRADICTED:
            return status, verdict
        other = year_differs(cell, verdict) if verdict is not None else None
        if other is not None:  # "184,562 (2011 census)": "the 2021 census ... 184,562"
            return CONTRADICTED, other
    asserts_field = st.key_value and cell.text.strip().casefold() in AFFIRMATIVE
    if (
        not asserts_field
        and not (cell.kind == "text" and abbreviated(cell.raw))
        and cannot_be_stated(
            cell,
            index_context(st.context),
            header_unit(attribute)[1],
            occupation_kinds(st.config.grounding_occupation_kinds) if st.key_value else None,
        )
    ):
        restated = _restated(st, p, attribute, cell) if cell.kind == "text" else None
        if restated is None and cell.kind == "text" and not st.key_value:
            # "Nets" for a player who "led Brooklyn": the team by another of its names
            restated = st.grounder().team_of_player(st.entity(p), cell)
        if restated is None and _unread_field(st, p, attribute, cell):
            against = _read_against(st, p, attribute, cell)
            return (CONTRADICTED, against) if against is not None else (UNCHECKED, None)
        framed = (
            _framed_value(st, p, col, cell) if restated is None and cell.kind == "text" else None
        )
        if framed is not None:
            return CONTRADICTED, framed
        return (STATED, restated) if restated is not None else (UNSTATED, None)
    grounder = st.grounder()
    verdict = grounder.check(st.entity(p), attribute, cell)
    if verdict.status == UNSTATED and cell.kind == "text":
        verdict = _restated(st, p, attribute, cell) or verdict
    if verdict.status == UNSTATED and cell.kind == "text":
        verdict = _other_name(st, p, col, cell) or verdict
    if verdict.status == UNSTATED and cell.kind == "text":
        verdict = _column_value(st, p, col, cell) or verdict
    if verdict.status == UNSTATED and cell.kind == "text":
        verdict = _framed_value(st, p, col, cell) or verdict
    if cell.kind == "date" and (verdict.status == UNSTATED or _is_quarter(cell)):
        verdict = _dated(st, p, col, cell) or verdict
    if verdict.status == UNSTATED and cell.kind == "text" and _reworded(st, p, cell):
        return UNCHECKED, ClaimVerdict(UNSTATED, None, reason=_REWORDED)
    if (
        verdict.status == UNSTATED
        and st.config.grounding_abstain
        and cell.kind == "number"
        and not (st.key_value and verdict.evidence is not None)  # read and found lacking
        and not _value_read(verdict)
        and grounder.mentions_attribute(st.entity(p), attribute)
        and not _anothers_figure(st, p, col, cell)
    ):
        return UNCHECKED, verdict
    if (
        verdict.status == UNSTATED
        and cell.kind == "number"
        and verdict.evidence is None  # with evidence, the figure was read ("never the highest")
        and st.config.grounding_abstain_written
        and grounder.writes_value(st.entity(p), attribute, cell)
        and not _anothers_figure(st, p, col, cell)
    ):
        return UNCHECKED, verdict
    read = st.key_value and verdict.evidence is not None  # the value read, found lacking
    if verdict.status == UNSTATED and not read and _unread_field(st, p, attribute, cell):
        return UNCHECKED, verdict
    told = (
        grounder.tells_count(attribute)
        if st.key_value and cell.kind == "number" and st.config.grounding_abstain
        else None
    )
    if verdict.status == UNSTATED and told is not None:
        # "All-Star appearances: 2" where the text tells of each selection: counted by events,
        # not read (the evidence keeps another figure from contradicting it by elimination)
        return UNCHECKED, ClaimVerdict(UNSTATED, told, reason="the text tells of it, no figure")
    return verdict.status, verdict


#: A set of word stems, and those of five letters or more by their first five letters
_Stems = tuple[frozenset[str], dict[str, list[str]]]


def _stem_index(words: Iterable[str]) -> _Stems:
    found = frozenset(words)
    by_prefix: dict[str, list[str]] = {}
    for w in found:
        if len(w) >= 5:
            by_prefix.setdefault(w[:5], []).append(w)
    return found, by_prefix


@lru_cache(maxsize=64)
def _context_stems(context: str) -> _Stems:
    """Every word stem of a context, indexed (contexts repeat across samples)."""
    return _stem_index(stems(context))


def _has_stem(w: str, where: _Stems) -> bool:
    """``w`` is one of the stems, or one of five letters or more begins the other
    (:func:`_same_stem`)."""
    found, by_prefix = where
    return w in found or (len(w) >= 5 and any(_same_stem(w, x) for x in by_prefix.get(w[:5], ())))


def _reworded(st: SampleState, p: int, cell: TypedCell) -> bool:
    """Whether a text value the lexical checks cannot find for the row's entity may be its
    own value reworded: at least ``Config.grounding_reworded_share`` of its words are in the
    entity's sentences, its other words (if any) nowhere in the context ("intensive care units"
    for "intensive care"; "national security exemption" whose words the sentences hold apart),
    every figure, code or letter of it is in the entity's sentences ("intensive care unit B" is
    none), and it is no proper name nor a value the text writes whole (another entity's). A
    value the text gives another entity reuses the context's words; an invented one shares few
    with the entity's sentences."""
    share = st.config.grounding_reworded_share
    if share <= 0 or st.key_value or st.context is None or _name_like(cell.raw):
        return False
    if len(cell.raw) > st.config.grounding_value_max_chars:
        return False
    want = [w for w in stems(cell.raw) if w not in _REWORDED_STOP]
    words = [w for w in want if w.isalpha() and len(w) > 1]
    if not words:
        return False
    if cell_in_context(cell, index_context(st.context)):
        return False  # written whole in the text ("strong mayor"): another entity's value
    grounder = st.grounder()
    own = _stem_index(
        w
        for s in grounder.entity_sentences(st.entity(p))
        for w in stems(grounder.doc.sentence_text(s))
    )
    exact = [w for w in want if w.isalnum() and not (w.isalpha() and len(w) > 1)]
    if any(w not in own[0] and _SPELT_FIGURES.get(w) not in own[0] for w in exact):
        return False  # "SGLT1", "Chapter 7", "Hemophilia B": a code or figure is exact
    missing = [w for w in words if not _has_stem(w, own)]
    if len(words) - len(missing) < share * len(words):
        return False
    every = _context_stems(st.context)
    return not any(_has_stem(w, every) for w in missing)


def read_claim(
    st: SampleState, p: int, col: int, cell: TypedCell
) -> tuple[str, ClaimVerdict | None]:
    """The status of the filled non-key cell of predicted row ``p``, column ``col`` as a table
    without a gold is read, and the verdict behind it (also used, with a gold, for the cells
    the gold does not cover)."""
    return _claim(st, p, col, cell)


def _anothers_figure(st: SampleState, p: int, col: int, cell: TypedCell) -> bool:
    """A year another entity's row holds in this column, which the text states for that
    entity ("1921" founded, Gucci's) and never writes in this entity's sentences: it is that
    row's year, no form of this row's unread (``Config.grounding_anothers_year``). Counts and
    other figures keep their abstention: a row's small numbers repeat by chance."""
    if not st.config.grounding_anothers_year or st.key_value or cell.number is None:
        return False
    if not is_year(cell.number.value):
        return False
    grounder = st.grounder()
    year = f"{cell.number.value:g}"
    if any(year in grounder.doc.sentence_text(s) for s in grounder.entity_sentences(st.entity(p))):
        return False  # "sold 1,150 subscriptions in 2023": its own year too, in a form not read
    for q in range(st.n_pred):
        other = st.p_typed[q][col] if col < len(st.p_typed[q]) else None
        if q == p or other is None or other.number is None or st.entity(q) == st.entity(p):
            continue
        if other.number.value != cell.number.value:
            continue
        if grounder.check(st.entity(q), _attribute(st, q, col), other).status == STATED:
            return True
    return False


def _read_against(st: SampleState, p: int, attribute: str, cell: TypedCell) -> ClaimVerdict | None:
    """A key/value field's figure the text does not write, where the text gives the field
    another figure it reads ("Area: 186.1 km2", "an area of 118.6 km2"): the contradiction,
    not an abstention on a form unread; None when the check finds none."""
    if cell.kind != "number":
        return None
    verdict = st.grounder().check(st.entity(p), attribute, cell)
    return verdict if verdict.status == CONTRADICTED else None


def _value_read(verdict: ClaimVerdict) -> bool:
    """Whether the claimed figure itself was read where the text writes it and found lacking
    (a bound, "in under 30 minutes"; a count of another thing, "six games"; a position's
    part): the text speaks of it in a form read, nothing to abstain on."""
    return verdict.evidence is not None and verdict.evidence.value_start is not None


def _unread_field(st: SampleState, p: int, attribute: str, cell: TypedCell) -> bool:
    """A key/value field's figure or date the text speaks of in a form not read: figures next
    to the field's words, or a time relative to another event ("two days later")
    (``Config.grounding_abstain``), though the value itself is not written."""
    if not (st.key_value and st.config.grounding_abstain):
        return False
    grounder = st.grounder()
    if cell.kind == "number" and grounder.mentions_attribute(st.entity(p), attribute):
        return True
    dated = cell.kind == "date" or (cell.number is not None and is_year(cell.number.value))
    return dated and grounder.dates_relatively(st.entity(p), attribute)


def ground_table(st: SampleState) -> Generator[Request, None, None]:
    """Findings and the cell map of a table judged against its context alone."""
    assert st.pred is not None
    findings = st.diag.findings
    cells: list[CellGrounding] = []
    st.diag.cells = cells
    headers = st.pred.headers
    keys = set(st.key_cols)
    groundings: dict[int, Grounding] = {}
    if not st.key_value:
        groundings = yield from _row_groundings(st)
    seen: dict[str, int] = {}
    periods: frozenset[Period] = frozenset()
    if st.config.grounding_period_rows:
        periods = periods.union(*(_cell_years(r[k]) for r in st.p_typed for k in st.period_cols))
    full = st.grounder() if periods and st.has_context() else None
    for p in range(st.n_pred):
        row = st.p_index[p]
        if full is not None:  # the row's period alone (Config.grounding_period_rows)
            view = _period_view(st, full, p, periods)
            st._grounder = full
            if view is not None:  # shared by the samples of one context, as the whole one
                st._grounder = shared_grounder(
                    view, full.names, full.config, full.subject, full.referenceless, full.headers
                )
        desc = " / ".join(st.cell(p, k).raw for k in st.key_cols) or "(no key)"
        where: dict[str, Any] = {"pred_row": row, "predicted": desc}
        invented = False
        if not st.key_value:
            gr = groundings[p]
            whole = "\t".join(c.text for c in st.p_typed[p])
            if whole in seen:
                findings.append(
                    Finding(
                        OUT_OF_RANGE,
                        subtype="duplicate",
                        matcher="key",
                        explanation=f"row {desc!r} repeats row {seen[whole] + 1}",
                        **where,
                    )
                )
            seen.setdefault(whole, row)
            if gr.grounded is None and gr.matcher == "dated":
                # its event is in the text, in other words: no verdict on its cells
                for col, cell in enumerate(st.p_typed[p]):
                    header = headers[col] if col < len(headers) else ""
                    status = EMPTY if cell.kind == "null" else UNCHECKED
                    reason = "" if status == EMPTY else _DATED_ROW
                    cells.append(CellGrounding(row, header, cell.raw, status, reason=reason))
                st.diag.warnings.append(
                    f"row {row + 1} ({desc!r}): its key is not in the context, but its date is; "
                    "its cells are not checked"
                )
                continue
            if not gr.grounded and is_totals_row(st, p):
                for header, cell, status, reason in check_totals(st, p, headers, keys):
                    cells.append(CellGrounding(row, header, cell.raw, status, reason=reason))
                    if status == CONTRADICTED:
                        st.diag.findings.append(total_finding(row, header, cell, reason))
                continue
            if not gr.grounded:
                invented = True
                findings.append(
                    Finding(
                        ENTITY_FABRICATION,
                        subtype="not_in_context",
                        matcher=gr.matcher,
                        score=gr.score,
                        explanation=f"the context never names {desc!r}",
                        **where,
                    )
                )
        claims: dict[int, tuple[str, ClaimVerdict | None]] = {}
        for col, cell in enumerate(st.p_typed[p]):
            if cell.kind != "null" and col not in keys and not invented:
                claims[col] = _claim(st, p, col, cell)
        _read_with_the_row(st, p, claims)
        for col, cell in enumerate(st.p_typed[p]):
            header = headers[col] if col < len(headers) else ""
            if cell.kind == "null":
                cells.append(CellGrounding(row, header, cell.raw, EMPTY))
                if not invented and col not in keys:
                    _missing_number(st, p, col, header, claims)
                continue
            if col in keys:
                if st.key_value or not invented:
                    cells.append(CellGrounding(row, header, cell.raw, KEY))
                else:
                    reason = "the context never names this entity"
                    cells.append(CellGrounding(row, header, cell.raw, UNSTATED, reason=reason))
                continue
            if invented:
                reason = "the row's entity is not in the context"
                cells.append(CellGrounding(row, header, cell.raw, UNSTATED, reason=reason))
                continue
            status, verdict = claims[col]
            read = verdict is not None and verdict.evidence is not None  # found lacking
            if cell.kind == "number" and status in (UNSTATED, UNCHECKED) and not read:
                other = _eliminated(st, p, col, status, claims)
                if other is not None:
                    status, verdict = CONTRADICTED, other
            evidence = verdict.evidence.to_dict() if verdict and verdict.evidence else None
            reason = verdict.reason if verdict else "none of its words is in the context"
            cells.append(CellGrounding(row, header, cell.raw, status, evidence, reason))
            _cell_finding(st, p, header, cell, status, evidence, reason)
    if full is not None:
        st._grounder = full


def _missing_number(
    st: SampleState,
    p: int,
    col: int,
    header: str,
    claims: dict[int, tuple[str, ClaimVerdict | None]],
) -> None:
    """``attribute_distortion`` / ``missing_value`` for an empty cell of a column of figures
    when the text gives the row's entity a figure for the attribute alone, named by the
    figure's own words, unambiguously ("Kestwick United ... posting a goal difference of
    +22") (``Config.grounding_missing_values``), in a sentence that states another cell of
    the row (the one the row was read from: not a record or a figure of another game told
    elsewhere) and held by no other cell of the row; a year only in a column of years; not
    for an entity with several rows, nor from a sentence that names it only within another
    name or joined to another."""
    if not st.config.grounding_missing_values or st.key_value:
        return
    if (st.entity_of or []).count(st.entity(p)) > 1:
        return  # the entity has several rows (one per period): the figure may be another's
    column = [row[col] for q, row in enumerate(st.p_typed) if q != p and col < len(row)]
    numbers = [c.number for c in column if c.kind == "number" and c.number is not None]
    if not numbers or len(numbers) * 2 < len(column):
        return  # no column of figures
    stated = st.grounder().stated_number(st.entity(p), _attribute(st, p, col))
    if stated.status != STATED or stated.evidence is None or stated.stated_value is None:
        return
    read = {
        v.evidence.start
        for status, v in claims.values()
        if status == STATED and v is not None and v.evidence is not None
    }
    if round(float(stated.stated_value), 6) in _taken(st.p_typed[p], col):
        return  # another cell of the row holds that figure: read as its own ("his one point")
    if stated.evidence.start not in read:
        return  # not where the row's other values were read: a record, another game's figure
    if not _names_entity(st, p, stated.evidence.start):
        return  # a figure carried from a sentence before, or a name within a longer one
    if is_year(float(stated.stated_value)) != all(is_year(n.value) for n in numbers):
        return  # "in 2021 against imports of $4.1 billion": a year is no import figure
    row = st.p_index[p]
    st.diag.findings.append(
        Finding(
            ATTRIBUTE_DISTORTION,
            subtype="missing_value",
            pred_row=row,
            column=header,
            pred_column=header,
            predicted="",
            matcher="context",
            evidence=stated.evidence.to_dict(),
            explanation=(
                f"empty, but the text gives {stated.stated_value} for this entity and attribute"
            ),
        )
    )


#: Words that join two names into one row ("Kyle O'Quinn and Joakim Noah")
_PAIRED: Final = frozenset({"and", "&"})


def _names_entity(st: SampleState, p: int, start: int) -> bool:
    """Whether the sentence starting at character ``start`` names row ``p``'s entity by words
    of its name alone (not "Ivy Bank Residential Home", read as "St Clement's Home" by their
    shared last word) and as one name, not two joined ("Kyle O'Quinn and Joakim Noah had
    eight points": each, or the two together)."""
    grounder = st.grounder()
    doc = grounder.doc
    entity = st.entity(p)
    entry = (st.entity_names or ())[entity] if entity < len(st.entity_names or ()) else ""
    names = (entry,) if isinstance(entry, str) else entry
    own = {fold_word(w) for name in names for w in _TOKEN_RE.findall(name)}
    for s in range(len(doc.sentences)):
        if doc.sentence_span(s)[0] != start:
            continue
        return any(
            m.entity == entity
            and all(t.text in own for t in doc.tokens[m.first : m.last + 1] if t.text.isalpha())
            and not any(t.text in _PAIRED for t in doc.tokens[m.first : m.last + 1])
            for m in grounder.mentions[s]
        )
    return False


def _read_with_the_row(
    st: SampleState, p: int, claims: dict[int, tuple[str, ClaimVerdict | None]]
) -> None:
    """A text value not stated is stated by a sentence the row's other stated cells are read
    from, which names no other entity of the table, when it writes every word of the value
    ("Exports to the bloc grew to $5.6 billion in 2022, and coffee remained the top product":
    the sentence goes on about the European Union, so it states the row's "Coffee" too)."""
    if not any(
        status == UNSTATED and st.p_typed[p][col].kind == "text"
        for col, (status, _verdict) in claims.items()
    ):
        return  # no text value left unstated (the sentences below are read for those only)
    grounder = st.grounder()
    doc = grounder.doc
    entity = st.entity(p)
    where: dict[int, int] = {}  # the sentences of the row's stated cells, by start offset
    for s in range(len(doc.sentences)):
        where[doc.sentence_span(s)[0]] = s
    read = [
        where[v.evidence.start]
        for status, v in claims.values()
        if status == STATED
        and v is not None
        and v.evidence is not None
        and v.evidence.start in where
    ]
    read = [
        s
        for s in dict.fromkeys(read)
        if all(m.entity in (entity, OTHER) for m in grounder.mentions[s])
    ]
    if not read:
        return
    for col, (status, _verdict) in list(claims.items()):
        cell = st.p_typed[p][col]
        if status != UNSTATED or cell.kind != "text":
            continue
        want = set(value_stems(cell.raw))
        if not want:
            continue
        for s in read:
            if want <= set(stems(doc.sentence_text(s))):
                start, end = doc.sentence_span(s)
                claims[col] = (
                    STATED,
                    ClaimVerdict(STATED, Evidence(doc.raw[start:end], start, end)),
                )
                break


def _eliminated(
    st: SampleState,
    p: int,
    col: int,
    status: str,
    claims: dict[int, tuple[str, ClaimVerdict | None]],
) -> ClaimVerdict | None:
    """A contradiction for a number cell the text does not state: a number the text gives the
    entity that no other cell of the row holds (by elimination:
    ``Config.grounding_elimination_ratio``).
    For a cell the text speaks of in a form not read (``unchecked``) only when every other
    number of the row is stated (the entity's figures are read well), and then only the number
    the text gives the entity for this attribute, or the one number of its sentences about it
    alone that the row leaves over."""
    if not st.config.grounding_elimination_ratio:
        return None
    grounder = st.grounder()
    cell = st.p_typed[p][col]
    taken = _taken(st.p_typed[p], col)
    attribute = _attribute(st, p, col)
    year = False if _figures_column(st, p, col) else None
    if status == UNSTATED:
        return grounder.other_number(st.entity(p), attribute, cell, taken, year=year)
    others = [
        claims[c][0]
        for c, other in enumerate(st.p_typed[p])
        if c != col and c in claims and other.kind == "number"
    ]
    if not others or any(s != STATED for s in others):
        return None
    return _attribute_number(st, p, col) or grounder.other_number(
        st.entity(p), attribute, cell, taken, unique=True, year=year
    )


def _figures_column(st: SampleState, p: int, col: int) -> bool:
    """Whether the column of row ``p``'s number holds, in another row, a number that cannot
    be a year (outside 1000-2100, or with decimals): its numbers are figures, so one of
    1000-2100 ("1180" complaints beside "3560") is no year either. Never in a key/value
    table (its value column holds every field)."""
    if st.key_value:
        return False
    for q, row in enumerate(st.p_typed):
        if q == p or col >= len(row):
            continue
        number = row[col].number
        if number is not None and row[col].date is None and not is_year(number.value):
            return True
    return False


def _cell_finding(
    st: SampleState,
    p: int,
    header: str,
    cell: TypedCell,
    status: str,
    evidence: dict[str, object] | None,
    reason: str,
) -> None:
    row = st.p_index[p]
    if status in (CONTRADICTED, UNSTATED):
        st.diag.findings.append(
            claim_finding(row, header, cell, status, evidence, reason, "unstated", column=header)
        )
    elif status == UNCHECKED:
        st.diag.warnings.append(
            f"row {row + 1}, column {header!r}: {cell.raw!r} could not be checked (the context "
            "speaks of it in a form not read)"
        )
    else:
        assert status == STATED

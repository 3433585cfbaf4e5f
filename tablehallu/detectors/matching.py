"""The cell cascade: does a predicted cell say the same as a gold cell?

Stages, first decisive one wins (``CellMatch.matcher`` names it):

1. ``null``: both null -> match; exactly one null -> no match.
2. ``exact``: equal after text normalisation (NFKC, casefold, markup, quotes, whitespace).
3. ``number``: both numbers -> typed equality (scale, percent and currency aware,
   ``Config.numeric_rel_tol``); a number against text matches only when the text holds that one
   number and nothing else that is numeric.
4. ``date``: both dates -> equal at the coarser precision of the two; a year-like integer against
   a date compares years.
5. ``substring``: one normalised string contains the other, on word boundaries when
   ``Config.substring_word_boundary``, if the shorter has at least ``Config.min_substring_chars``
   characters and is not a number;
   then, with ``Config.morphology``: ``stem``, the same containment on Snowball word stems with
   roman numerals read as numbers ("vary by state" / "Varies by state", "Phase III" / "phase 3"),
   and ``acronym``, one value a single word that is the other's initialism ("FDA" / "Food and Drug
   Administration").
6. ``embedding`` / ``lexical``: similarity stage (:mod:`tablehallu.detectors.similarity`) at
   ``Config.embedding_threshold`` / ``Config.lexical_threshold``.

A number never matches a different number through substring or similarity; with
``Config.numbers_in_text_must_agree`` neither do two strings whose embedded numbers (digits or roman
numerals II-XX) or single-letter identifiers ("Series A" / "Series B") differ, and with
``Config.negation_guard`` neither does a value and its negation ("Approved" / "Not approved",
"Fiction" / "Non-fiction", "Yes" / "No").
Stages 1-5 (with the morphology checks) are :func:`compare_lexically`; stage 6 needs a backend and
is :func:`finish`, so that a batch of undecided pairs can be embedded at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tablehallu.config import Config
from tablehallu.detectors.similarity import SimilarityBackend
from tablehallu.normalize import (
    TypedCell,
    dates_equal,
    extract_numbers,
    initialisms,
    numbers_equal,
    stems,
    tokens,
)

#: Negation words (``Config.negation_guard``): a value never matches its own negation, and
#: containment does not hold when the longer value adds one of these.
NEGATIONS: frozenset[str] = frozenset(
    {"not", "no", "non", "never", "without", "neither", "nor", "cannot", "nt"}
)


SUBSTRING_SCORE = 0.9
MORPHOLOGY_SCORE = 0.85


@dataclass(frozen=True)
class CellMatch:
    """Outcome of comparing two cells; ``matched`` is None while the similarity stage is pending."""

    matched: bool | None
    matcher: str
    score: float
    reason: str = ""

    @property
    def pending(self) -> bool:
        """True when only the similarity stage can decide."""
        return self.matched is None


def _is_year(value: float) -> bool:
    return float(value).is_integer() and 1000 <= value <= 2999


def compare_lexically(
    gold: TypedCell, pred: TypedCell, config: Config, header: str | None = None
) -> CellMatch:
    """Stages 1-5 of the cascade; returns a pending match when only similarity can decide."""
    if gold.kind == "null" or pred.kind == "null":
        both = gold.kind == pred.kind
        return CellMatch(both, "null", 1.0 if both else 0.0)
    if gold.text == pred.text:
        return CellMatch(True, "exact", 1.0)
    if gold.kind == "number" and pred.kind == "number":
        assert gold.number is not None and pred.number is not None
        ok = numbers_equal(gold.number, pred.number, rel_tol=config.numeric_rel_tol, header=header)
        return CellMatch(ok, "number", 1.0 if ok else 0.0)
    if gold.kind == "date" and pred.kind == "date":
        assert gold.date is not None and pred.date is not None
        ok = dates_equal(gold.date, pred.date)
        return CellMatch(ok, "date", 1.0 if ok else 0.0)
    if {gold.kind, pred.kind} == {"number", "date"}:
        num = gold.number if gold.kind == "number" else pred.number
        date = gold.date if gold.kind == "date" else pred.date
        assert num is not None and date is not None
        ok = num.scale == 1.0 and num.unit is None and _is_year(num.value)
        ok = ok and int(num.value) == date.year
        return CellMatch(ok, "date", 1.0 if ok else 0.0)
    if "number" in (gold.kind, pred.kind):
        num_cell, text_cell = (gold, pred) if gold.kind == "number" else (pred, gold)
        assert num_cell.number is not None
        found = extract_numbers(text_cell.raw)
        target = num_cell.number
        ok = len(found) == 1 and any(
            abs(x - v) <= 1e-9 * max(1.0, abs(v))
            for x in found
            for v in (target.magnitude, target.value)
        )
        return CellMatch(ok, "number", 1.0 if ok else 0.0, "" if ok else "number vs text")
    if "date" in (gold.kind, pred.kind):
        return CellMatch(False, "date", 0.0, "date vs text")
    # both text
    if config.numbers_in_text_must_agree:
        ga, pa = _numbers(gold.raw, gold.text), _numbers(pred.raw, pred.text)
        if ga and pa and ga != pa:
            return CellMatch(False, "number", 0.0, "embedded numbers differ")
        gl, pl = _letters(gold.text), _letters(pred.text)
        if gl and pl and gl != pl:
            return CellMatch(False, "identifier", 0.0, "single-letter identifiers differ")
    if config.negation_guard and _contradiction(gold.text, pred.text):
        return CellMatch(False, "negation", 0.0, "one side negates the other")
    # below an exact match, so that the optimal row assignment prefers exact keys
    if _substring(gold.text, pred.text, config):
        return CellMatch(True, "substring", SUBSTRING_SCORE)
    if config.morphology and _same_stems(gold.text, pred.text, config):
        return CellMatch(True, "stem", MORPHOLOGY_SCORE)
    if config.morphology and _acronym(gold.text, pred.text):
        return CellMatch(True, "acronym", MORPHOLOGY_SCORE)
    return CellMatch(None, "similarity", 0.0)


_ROMAN = {
    "ii": 2, "iii": 3, "iv": 4, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "xi": 11, "xii": 12,
    "xiii": 13, "xiv": 14, "xv": 15, "xvi": 16, "xvii": 17, "xviii": 18, "xix": 19, "xx": 20,
}  # fmt: skip


@lru_cache(maxsize=65536)
def _numbers(raw: str, text: str) -> tuple[float, ...]:
    """Numbers written in digits or as roman numerals II-XX ("Phase III" holds 3)."""
    roman = [float(_ROMAN[t]) for t in tokens(text) if t in _ROMAN]
    return tuple(sorted([*extract_numbers(raw), *roman]))


@lru_cache(maxsize=65536)
def _letters(text: str) -> tuple[str, ...]:
    """Single-letter tokens ("Series A", "Vitamin D"), the identifiers that tell values apart."""
    return tuple(sorted(t for t in tokens(text) if len(t) == 1 and t.isalpha()))


@lru_cache(maxsize=65536)
def _canonical_stems(text: str) -> tuple[str, ...]:
    return tuple(str(_ROMAN[t]) if t in _ROMAN else t for t in stems(text))


def _same_stems(a: str, b: str, config: Config) -> bool:
    """One value's word stems occur as a contiguous run in the other's ("vary by state" /
    "varies by state", "Phase III" / "phase 3 trial")."""
    sa, sb = _canonical_stems(a), _canonical_stems(b)
    short, long_ = (sa, sb) if len(sa) <= len(sb) else (sb, sa)
    if not short or sum(len(t) for t in short) < config.min_substring_chars:
        return False
    return _contains_run(long_, short)


def _acronym(a: str, b: str) -> bool:
    """One value is a single word that is the other's initialism ("FDA" / "Food and Drug
    Administration", "USA" / "United States of America")."""
    for short, long_ in ((a, b), (b, a)):
        st = tokens(short)
        if len(st) == 1 and 2 <= len(st[0]) <= 8 and st[0].isalpha():
            return st[0] in initialisms(long_)
    return False


def _contradiction(a: str, b: str) -> bool:
    """Exactly one side is negated, and without its negation words it says what the other says
    ("Approved" / "Not approved", "Fiction" / "Non-fiction", "Yes" / "No")."""
    ta, tb = tokens(a), tokens(b)
    na, nb = bool(set(ta) & NEGATIONS), bool(set(tb) & NEGATIONS)
    if na == nb:
        return False
    neg, pos = (a, b) if na else (b, a)
    rest = tuple(
        t for t, w in zip(_canonical_stems(neg), tokens(neg), strict=True) if w not in NEGATIONS
    )
    if not rest:
        return True
    ps = _canonical_stems(pos)
    return _contains_run(ps, rest) or _contains_run(rest, ps)


def _substring(a: str, b: str, config: Config) -> bool:
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if len(short) < config.min_substring_chars:
        return False
    st, lt = tokens(short), tokens(long_)
    if config.substring_word_boundary:
        if not st or not _contains_run(lt, st):
            return False
    elif short not in long_:
        return False
    return not (config.negation_guard and (set(lt) - set(st)) & NEGATIONS)


def _contains_run(haystack: tuple[str, ...], needle: tuple[str, ...]) -> bool:
    n = len(needle)
    return any(haystack[i : i + n] == needle for i in range(len(haystack) - n + 1))


def threshold_for(backend: SimilarityBackend, config: Config) -> float:
    """The similarity threshold that applies to ``backend``."""
    return config.embedding_threshold if backend.name == "embedding" else config.lexical_threshold


def finish(
    pending: CellMatch, gold: TypedCell, pred: TypedCell, backend: SimilarityBackend, config: Config
) -> CellMatch:
    """Decide a pending comparison with the similarity stage; decided ones pass through."""
    if not pending.pending:
        return pending
    score = backend.similarity(gold.text, pred.text)
    ok = score >= threshold_for(backend, config)
    return CellMatch(ok, backend.name, score)


def compare(
    gold: TypedCell,
    pred: TypedCell,
    backend: SimilarityBackend,
    config: Config,
    header: str | None = None,
) -> CellMatch:
    """The whole cascade for one pair (embeds on demand; batch callers use the two halves)."""
    return finish(compare_lexically(gold, pred, config, header), gold, pred, backend, config)

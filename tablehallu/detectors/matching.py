"""The cell cascade: does a predicted cell say the same as a gold cell?

Stages, first decisive one wins (``CellMatch.matcher`` names it):

1. ``null``: both null -> match; exactly one null -> no match.
2. ``exact``: equal after text normalisation (NFKC, casefold, markup, quotes, whitespace).
3. ``number``: both numbers -> typed equality (scale, percent and currency aware,
   ``Config.numeric_rel_tol``); a number against text matches only when the text holds that one
   number and nothing else that is numeric.
   Numbers in different physical units (their own or their headers', e.g. yards and metres)
   are converted (:mod:`tablehallu.normalize.units`): within ``Config.unit_rel_tol`` they match
   as ``unit`` (reported as an info ``unit_conversion`` note), else they differ (``unit``).
4. ``date``: both dates -> equal at the coarser precision of the two; a year-like integer against
   a date compares years.
5. with ``Config.morphology``, ``country``: two values that both name a country (three-letter
   ISO 3166 code in capitals, short, common or official name:
   :mod:`tablehallu.normalize.places`) match when they name the same one ("RWA" / "Rwanda",
   "Viet Nam" / "Vietnam") and differ otherwise
   ("Guinea" / "Papua New Guinea"); with ``Config.city_as_country`` too, ``place``: a gold city
   given as its country ("Berlin" / "Germany") matches, as a partial match; then
   ``substring``: one normalised string contains the other, on word boundaries when
   ``Config.substring_word_boundary``, if the shorter has at least ``Config.min_substring_chars``
   characters and is not a number;
   then, with ``Config.morphology``: ``stem``, the same containment on Snowball word stems with
   roman numerals read as numbers ("vary by state" / "Varies by state", "Phase III" / "phase 3"),
   and ``acronym``, one value a single word that is the other's initialism ("FDA" / "Food and Drug
   Administration"), and ``abbreviation``, the same words some of them abbreviated ("Natl." /
   "National", "J.R." / "JR", "Wes" / "Wesley" beside an equal surname).
6. ``embedding`` / ``lexical``: similarity stage (:mod:`tablehallu.detectors.similarity`) at
   ``Config.embedding_threshold`` / ``Config.lexical_threshold``.

A number never matches a different number through substring or similarity; with
``Config.numbers_in_text_must_agree`` neither do two strings whose embedded numbers (digits or roman
numerals II-XX) or single-letter identifiers ("Series A" / "Series B") differ, and with
``Config.negation_guard`` neither does a value and its negation ("Approved" / "Not approved",
"Fiction" / "Non-fiction", "Yes" / "No"); with ``Config.sibling_guard`` two values that differ in
exactly one word, replaced rather than respelt ("North Korea" / "South Korea"), are different.
Stages 1-5 (with the morphology checks) are :func:`compare_lexically`; stage 6 needs a backend and
is :func:`finish`, so that a batch of undecided pairs can be embedded at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from rapidfuzz import fuzz

from tablehallu.config import Config
from tablehallu.detectors.grounding.document import NUMBER_WORDS
from tablehallu.detectors.similarity import SimilarityBackend
from tablehallu.normalize import (
    UNIT_SYNONYMS,
    TypedCell,
    dates_equal,
    extract_numbers,
    header_unit,
    initialisms,
    numbers_equal,
    stems,
    tokens,
)
from tablehallu.normalize.numbers import NumberValue
from tablehallu.normalize.places import city_country, country_names
from tablehallu.normalize.units import convert, convertible, converts_to, figure_with_conversion

#: Negation words (``Config.negation_guard``): a value never matches its own negation, and
#: containment does not hold when the longer value adds one of these ("free" as in "sugar-free").
NEGATIONS: frozenset[str] = frozenset(
    {"not", "no", "non", "never", "without", "neither", "nor", "cannot", "nt", "free"}
)


SUBSTRING_SCORE = 0.9
#: Words that, added to a value, make it a different value: containment does not hold.
QUALIFIERS: frozenset[str] = frozenset(
    {
        "partially", "partly", "partial", "semi", "mostly", "largely", "nearly", "almost",
        "former", "ex", "vice", "deputy", "assistant", "acting", "interim", "anti", "pseudo",
        "quasi", "provisionally", "conditionally", "temporarily",
    }
)  # fmt: skip
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


def _in_digits(text: str) -> str | None:
    """A normalised text that starts with a cardinal in words, with that number in digits
    ("seven years" -> "7 years", "twenty-one" -> "21"); None when it starts with none."""
    words = text.split(" ")
    first = words[0]
    tens, _, unit = first.partition("-")
    if tens in NUMBER_WORDS and (not unit or unit in NUMBER_WORDS):
        value = NUMBER_WORDS[tens] + (NUMBER_WORDS[unit] if unit else 0)
        if unit and not (NUMBER_WORDS[tens] >= 20 and 0 < NUMBER_WORDS[unit] < 10):
            return None  # "three-four" is no number
        return " ".join([str(value), *words[1:]])
    return None


def _is_year(value: float) -> bool:
    return float(value).is_integer() and 1000 <= value <= 2999


def _unit_match(
    gold: TypedCell, pred: TypedCell, gu: str | None, pu: str | None, config: Config
) -> CellMatch:
    """Two numbers in different physical units: equal once converted (``unit``), or not."""
    assert gold.number is not None and pred.number is not None
    conv = converts_to(gold.number, pred.number, gu, pu, config.unit_rel_tol, gold.text, pred.text)
    if conv is not None:
        return CellMatch(True, "unit", 1.0 - conv.rel_error, conv.describe(gold.number.value))
    if convertible(gu, pu):
        assert gu is not None and pu is not None
        converted = convert(pred.number.value, pu, gu)
        if converted is not None:
            reason = f"{converted:.6g} {gu} once converted from {pu}; not within the tolerance"
            return CellMatch(False, "unit", 0.0, reason)
        return CellMatch(False, "unit", 0.0, f"{pu} does not convert to {gu}")
    return CellMatch(False, "number", 0.0)


_PERCENT_WORDS: Final = frozenset({"percent", "percentage", "pct"})


def names_a_percentage(header: str | None) -> bool:
    """A header that names a percentage ("FG%", "Field Goal Percentage") without declaring a
    unit in brackets ("Share (%)")."""
    if not header or header_unit(header)[0] is not None:
        return False
    return "%" in header or bool(_PERCENT_WORDS & set(tokens(header)))


def _fraction_for_percent(
    a: NumberValue, b: NumberValue, header: str | None, pred_header: str | None
) -> bool:
    """One number is a fraction in (0, 1], the other the percentage it writes ('.530' / '53'),
    under headers that name a percentage and declare no unit."""
    if not (names_a_percentage(header) or names_a_percentage(pred_header)):
        return False
    if header_unit(header or "")[0] is not None or header_unit(pred_header or "")[0] is not None:
        return False
    if a.has_scale or b.has_scale or {a.unit, b.unit} - {None, "%"}:
        return False
    small, big = sorted((abs(a.value), abs(b.value)))
    return 0 < small <= 1 < big <= 100 and abs(small * 100 - big) <= 1e-9 * big


def _compare_numbers(
    gold: TypedCell, pred: TypedCell, config: Config, header: str | None, pred_header: str | None
) -> CellMatch:
    """Stage 3 of the cascade: two numbers (units, scales, conversions)."""
    assert gold.number is not None and pred.number is not None
    gu, pu = gold.number.unit, pred.number.unit
    if gu is None and pu is None and (pred_header is None or pred_header == header):
        ok = numbers_equal(
            gold.number, pred.number, rel_tol=config.numeric_rel_tol, header=header
        )  # one header, no cell units: nothing to convert
        return CellMatch(ok, "number", 1.0 if ok else 0.0)
    gu = gu or (header_unit(header)[0] if header else None)
    pu = pu or (header_unit(pred_header or header or "")[0])
    if gold.text == pred.text and not convertible(gu, pu):
        return CellMatch(True, "exact", 1.0)
    if not (convertible(gu, pu) and config.unit_rel_tol > 0):
        ok = numbers_equal(gold.number, pred.number, rel_tol=config.numeric_rel_tol, header=header)
        if ok or config.unit_rel_tol <= 0:
            return CellMatch(ok, "number", 1.0 if ok else 0.0)
    return _unit_match(gold, pred, gu, pu, config)


def compare_lexically(
    gold: TypedCell,
    pred: TypedCell,
    config: Config,
    header: str | None = None,
    pred_header: str | None = None,
) -> CellMatch:
    """Stages 1-5 of the cascade; returns a pending match when only similarity can decide.
    ``header`` is the gold column's header, ``pred_header`` the predicted column's (its unit
    may differ: a converted value matches as ``unit``)."""
    if gold.kind == "null" or pred.kind == "null":
        both = gold.kind == pred.kind
        return CellMatch(both, "null", 1.0 if both else 0.0)
    if gold.kind != pred.kind and "text" in (gold.kind, pred.kind):
        tol, first = config.unit_rel_tol, config.dayfirst
        g = figure_with_conversion(gold.raw, tol, first) if gold.kind == "text" else None
        p = figure_with_conversion(pred.raw, tol, first) if pred.kind == "text" else None
        if g is not None or p is not None:  # "113.4 m (372 ft)": the figure, converted aside
            return compare_lexically(g or gold, p or pred, config, header, pred_header)
    if gold.text == pred.text and (
        pred_header is None or pred_header == header or gold.kind != "number"
    ):
        return CellMatch(True, "exact", 1.0)
    if gold.kind == "number" and pred.kind == "number":
        assert gold.number is not None and pred.number is not None
        compared = _compare_numbers(gold, pred, config, header, pred_header)
        if (
            not compared.matched
            and config.percent_fractions
            and _fraction_for_percent(gold.number, pred.number, header, pred_header)
        ):
            return CellMatch(True, "unit", 1.0, "a fraction written for its percentage")
        return compared
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
        if not ok and not found and _in_digits(text_cell.text) == num_cell.text:
            return CellMatch(True, "number", 1.0, "a number written in words")
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
    if config.morphology:
        codes = header is not None and _COUNTRY_HEADER_RE.search(header) is not None
        gc = country_names(gold.raw, two_letter=codes)
        pc = country_names(pred.raw, two_letter=codes)
        if gc and pc:
            # "RWA" / "Rwanda" is one country; "Guinea" / "Papua New Guinea" are two
            same = gc == pc
            return CellMatch(same, "country", MORPHOLOGY_SCORE if same else 0.0)
        if pc and config.city_as_country and city_country(gold.raw) == pc:
            # "Berlin" given as "Germany": the place, less precisely (a partial match)
            return CellMatch(True, "place", MORPHOLOGY_SCORE)
    contained = _substring(gold.text, pred.text, config)
    if not contained and config.morphology:
        contained = _same_stems(gold.text, pred.text, config)
    if contained and _qualified(gold.text, pred.text):
        return CellMatch(False, "qualifier", 0.0, "a qualifying word changes the value")
    if contained:
        return CellMatch(True, "substring", SUBSTRING_SCORE)
    if config.morphology and _acronym(gold.text, pred.text):
        return CellMatch(True, "acronym", MORPHOLOGY_SCORE)
    if config.morphology and _abbreviation(gold.text, pred.text):
        return CellMatch(True, "abbreviation", MORPHOLOGY_SCORE)
    if config.sibling_guard and _one_word_swapped(gold.text, pred.text):
        return CellMatch(False, "sibling", 0.0, "one word replaced by a different one")
    return CellMatch(None, "similarity", 0.0)


#: Two words this similar (rapidfuzz ratio, 0-1) are a spelling slip, not a swap.
_SLIP_RATIO = 0.85


def _one_word_swapped(a: str, b: str) -> bool:
    """The values have the same words but one, and that one is replaced by a different word,
    not respelt: "North Korea" / "South Korea", "Point guard" / "Shooting guard", "Ming
    dynasty" / "Qing dynasty". Such siblings embed close together but name different things."""
    sa, sb = _canonical_stems(a), _canonical_stems(b)
    if len(sa) != len(sb) or len(sa) < 2:
        return False
    differing = [(x, y) for x, y in zip(sa, sb, strict=True) if x != y]
    if len(differing) != 1:
        return False
    x, y = differing[0]
    return fuzz.ratio(x, y) / 100.0 < _SLIP_RATIO


_ROMAN = {
    "ii": 2, "iii": 3, "iv": 4, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "xi": 11, "xii": 12,
    "xiii": 13, "xiv": 14, "xv": 15, "xvi": 16, "xvii": 17, "xviii": 18, "xix": 19, "xx": 20,
}  # fmt: skip


@lru_cache(maxsize=65536)
def _numbers(raw: str, text: str) -> tuple[float, ...]:
    """Numbers written in digits or as roman numerals II-XX ("Phase III" holds 3)."""
    roman = [float(_ROMAN[t]) for t in tokens(text) if t in _ROMAN]
    return tuple(sorted([*extract_numbers(raw), *roman]))


#: A header naming countries, where a two-letter code ("DE") is a country
_COUNTRY_HEADER_RE = re.compile(r"\b(?:countr(?:y|ies)|nations?)\b", re.IGNORECASE)
_CLITIC_RE = re.compile(r"'(?:s|t|d|ll|re|ve|m)\b")


@lru_cache(maxsize=65536)
def _letters(text: str) -> tuple[str, ...]:
    """Single-letter tokens ("Series A", "Vitamin D"), the identifiers that tell values apart;
    not clitics ("men's") nor unit letters after a number ("100 m")."""
    toks = tokens(_CLITIC_RE.sub(" ", text))
    return tuple(
        sorted(
            t
            for i, t in enumerate(toks)
            if len(t) == 1 and t.isalpha() and not (i and toks[i - 1][-1].isdigit())
        )
    )


@lru_cache(maxsize=65536)
def _canonical_stems(text: str) -> tuple[str, ...]:
    """Word stems with dotted initials joined, roman numerals as digits and unit words after a
    number in their canonical form ("J.R. Smith" -> jr smith; "Phase III" -> phase 3; "100
    metres" -> 100 m)."""
    text = _join_initials(text)
    out: list[str] = []
    prev = ""
    for tok, stem in zip(tokens(text), stems(text), strict=True):
        if tok in _ROMAN:
            out.append(str(_ROMAN[tok]))
        elif prev[-1:].isdigit() and tok in UNIT_SYNONYMS:
            out.append(UNIT_SYNONYMS[tok])
        else:
            out.append(stem)
        prev = tok
    return tuple(out)


#: Two or more dotted single letters in a row ("j.r.", "u.s.a."), written as one word.
_INITIALS_RE = re.compile(r"(?<![^\W\d_])(?:[^\W\d_]\.\s?){2,}")


def _join_initials(text: str) -> str:
    return _INITIALS_RE.sub(lambda m: "".join(ch for ch in m.group() if ch.isalpha()) + " ", text)


def _same_stems(a: str, b: str, config: Config) -> bool:
    """One value's word stems occur as a contiguous run in the other's ("vary by state" /
    "varies by state", "Phase III" / "phase 3 trial")."""
    sa, sb = _canonical_stems(a), _canonical_stems(b)
    short, long_ = (sa, sb) if len(sa) <= len(sb) else (sb, sa)
    if not short or sum(len(t) for t in short) < config.min_substring_chars:
        return False
    return _contains_run(long_, short)


_WORD_DOT_RE = re.compile(r"([^\W_]+)(\.?)")
_VOWELS = frozenset("aeiouy")


@lru_cache(maxsize=65536)
def _words(text: str) -> tuple[tuple[str, bool], ...]:
    """(token, written with a trailing period) for each token of a normalised text."""
    return tuple((m.group(1), bool(m.group(2))) for m in _WORD_DOT_RE.finditer(text))


def abbreviates(short: str, dotted: bool, long_: str, in_name: bool) -> bool:
    """``short`` is an abbreviation of ``long_``: its letters in order inside ``long_`` when
    marked as an abbreviation (a trailing period, or no vowel after the first letter: "Natl." /
    "National", "Mfg" / "Manufacturing"); and, beside other words that agree (``in_name``), an
    initial with a period ("R." / "Russell") or a prefix of three letters or more ("Wes" /
    "Wesley"). A lone word needs the marks: "Java" is not "JavaScript"."""
    if len(short) >= len(long_) or not short.isalpha() or short[0] != long_[0]:
        return False
    if len(short) == 1:
        return dotted and in_name
    if in_name and len(short) >= 3 and long_.startswith(short):
        return True
    if not (dotted or _VOWELS.isdisjoint(short[1:])):
        return False
    it = iter(long_)
    return all(ch in it for ch in short)


def abbreviation_rule(a: str, b: str) -> str | None:
    """``acronym`` or ``abbreviation`` when one normalised text abbreviates the other by the
    cascade's morphology rules, else None."""
    if a == b:
        return None
    if _acronym(a, b):
        return "acronym"
    if _abbreviation(a, b):
        return "abbreviation"
    return None


def _abbreviation(a: str, b: str) -> bool:
    """The two values have the same words, some of them abbreviated ("Caldera Natl. Computing
    Ctr." / "Caldera National Computing Center", "Hollybrook Mfg." / "Hollybrook Manufacturing"),
    a generation suffix aside ("T. Hardaway" / "Tim Hardaway Jr.")."""
    wa, wb = _words(a), _words(b)
    if len(wa) != len(wb) and len(wa) > 1 and len(wb) > 1:
        # "Tim Hardaway Jr." / "T. Hardaway": a generation suffix one side leaves out
        wa, wb = _without_suffix(wa), _without_suffix(wb)
    if len(wa) != len(wb) or len(wa) < 1:
        return False
    abbreviated = False
    for (ta, da), (tb, db) in zip(wa, wb, strict=True):
        if ta == tb or stems(ta) == stems(tb):
            continue
        in_name = len(wa) > 1
        if abbreviates(ta, da, tb, in_name) or abbreviates(tb, db, ta, in_name):
            abbreviated = True
            continue
        return False
    return abbreviated


#: Generation suffixes of a person's name ("Jr.", "III")
NAME_SUFFIXES: Final = frozenset({"jr", "sr", "ii", "iii", "iv"})


def _without_suffix(words: tuple[tuple[str, bool], ...]) -> tuple[tuple[str, bool], ...]:
    return words[:-1] if words and words[-1][0].rstrip(".") in NAME_SUFFIXES else words


def _acronym(a: str, b: str) -> bool:
    """One value is a single word that is the other's initialism ("FDA" / "Food and Drug
    Administration", "USA" / "United States of America")."""
    for short, long_ in ((a, b), (b, a)):
        st = tokens(short)
        if len(st) == 1 and 2 <= len(st[0]) <= 8 and st[0].isalpha():
            return st[0] in initialisms(long_)
    return False


#: "No. 9", "no 9": the numero sign, not a negation.
_NUMERO_RE = re.compile(r"\bno\.?\s*(?=\d)")


def _contradiction(a: str, b: str) -> bool:
    """Exactly one side is negated, and without its negation words it says what the other says
    ("Approved" / "Not approved", "Fiction" / "Non-fiction", "Yes" / "No")."""
    a, b = _NUMERO_RE.sub(" ", a), _NUMERO_RE.sub(" ", b)
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


def _qualified(a: str, b: str) -> bool:
    """The longer value adds a word that changes what the shorter one says ("Upheld" /
    "Partially upheld", "President" / "Vice president"); compared on stems, so that
    "Conditional" / "conditionally approved" adds nothing."""
    short, long_ = (a, b) if len(tokens(a)) <= len(tokens(b)) else (b, a)
    kept = set(stems(short))
    return any(
        word in QUALIFIERS and stem not in kept
        for word, stem in zip(tokens(long_), stems(long_), strict=True)
    )


def _contains_run(haystack: tuple[str, ...], needle: tuple[str, ...]) -> bool:
    n = len(needle)
    return any(haystack[i : i + n] == needle for i in range(len(haystack) - n + 1))


def threshold_for(backend: SimilarityBackend, config: Config, key: bool = False) -> float:
    """The similarity threshold that applies to ``backend`` (for cells, or for row keys)."""
    if backend.name == "embedding":
        return config.key_embedding_threshold if key else config.embedding_threshold
    return config.key_lexical_threshold if key else config.lexical_threshold


def finish(
    pending: CellMatch,
    gold: TypedCell,
    pred: TypedCell,
    backend: SimilarityBackend,
    config: Config,
    key: bool = False,
) -> CellMatch:
    """Decide a pending comparison with the similarity stage; decided ones pass through.
    ``key``: the cells are row keys, held to the stricter key thresholds."""
    if not pending.pending:
        return pending
    if key and backend.name != "embedding":
        # keys are names: only a spelling slip makes two of them one entity, so plain edit
        # similarity, not the partial-match scorer that lets "Alcohol and tobacco" pass for
        # "Food and non-alcoholic beverages"
        score = fuzz.ratio(gold.text, pred.text) / 100.0
    else:
        score = backend.similarity(gold.text, pred.text)
    ok = score >= threshold_for(backend, config, key)
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

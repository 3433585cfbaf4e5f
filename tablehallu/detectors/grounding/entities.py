"""Where a context names a table's entities, and whom each number of the text is about.

Aliases of an entity name (its row-key text): the full name; its last word ("Harris", "Hawks");
its words before the last ("Atlanta", "Los Angeles"; a first name only when the next word of the
text is not capitalised, so "Kevin" in "Kevin Durant" is not Kevin Love); an alias that two
entities share is dropped. A word of five letters or more that differs from an alias word by one
edit ("Mindaugus" / "Mindaugas", "Porzingus") names that entity too.

In a cased text, a capitalised word that is not an alias and does not start its sentence names
some other entity (it ends the attribution of what comes before it). "The former" / "the latter"
name the first / last entity named in the previous sentence.

A number belongs to (:func:`attribute`):

1. the nearest entity named before it in its sentence (a possessive name followed by more than
   two words, "the Pistons' attack with 22", is skipped); names joined by "and" / "," form a group:
   with "combined", "together" or "between" before the number it belongs to no one alone; with
   "pair of", "both", "each" or "apiece" to each member; otherwise to each member, ambiguously;
2. else the subject (first entity) of the nearest previous sentence that names one ("He added
   ..."), ambiguously when the sentence names an entity after the number;
3. in a single-subject context (a biography), always to its subject.

An ambiguous attribution can support a value but never contradict one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress, pairwise, repeat
from operator import attrgetter, gt, itemgetter, not_
from typing import Final

from rapidfuzz import process
from rapidfuzz.distance import OSA

from tablehallu.config import Config
from tablehallu.detectors.grounding.attributes import read_words
from tablehallu.detectors.grounding.document import (
    NUMBER_WORDS,
    Document,
    NumberMention,
    Token,
    fold_word,
    past_tense,
)
from tablehallu.detectors.grounding.keys import MONTHS
from tablehallu.detectors.matching import NAME_SUFFIXES, abbreviates
from tablehallu.normalize import stems
from tablehallu.normalize.forms import region_names
from tablehallu.normalize.units import PINT_UNITS

OTHER: Final = -1
_POSSESSIVE_RE: Final = re.compile(r"['’]s?$")
_NAME_TOKEN_RE: Final = re.compile(r"[^\W_]+(?:[.,'’][^\W_]+)*")
_HYPHENED_TOKEN_RE: Final = re.compile(r"[^\W_]+(?:[.,'’][^\W_]+)*|-")
_JOIN: Final = frozenset({"and", ",", "&"})
#: A relative clause right after a name: what follows is about that name
_RELATIVE: Final = frozenset({"who"})
_COMBINED: Final = frozenset({"combined", "combine", "combining", "together", "between"})
#: "a 41 - point effort from Harden", "a 24 - point, 17 - rebound double - double from
#: Drummond": the nouns of a performance whose owner follows "from" / "by"
_EFFORTS: Final = frozenset(
    {"effort", "efforts", "performance", "performances", "outing", "outings", "showing"}
    | {"showings", "night", "nights", "double", "doubles", "triple"}
)
#: Words before the figure that give each owner after "from" the whole figure
_EACH_BEFORE: Final = frozenset({"matching", "identical", "pair", "both"})
#: Tokens passed over after a figure on the way to its owner (besides numbers and stat nouns)
_OWNER_GLUE: Final = frozenset({"-", ",", "and"})
#: Prepositions after a figure that name its owner next ("0.87 in the placebo group")
_PLACED_OWNER: Final = frozenset({"in", "with", "of", "among"})
#: Tokens that end the phrase naming such an owner
_PLACED_ENDS: Final = frozenset({",", ".", ";", ":", "(", ")", "and", "but", "while", "whereas"})
#: Unit tokens passed over after a figure on the way to such an owner
_UNIT_GLUE: Final = frozenset({"%", "percent", "per", "cent", "pct"} | (set(PINT_UNITS) - {"in"}))
#: Conjunctions that open a new clause after a comma
_NEW: Final = frozenset({"and", "but", "while", "as", "whereas"})
_QUOTES: Final = frozenset({'"', "\u201c", "\u201d"})
#: "put together a solid performance": "together" of a verb that means "made", not a group's
_PUT: Final = frozenset({"put", "puts", "putting", "pieced", "piece", "pieces", "piecing"})
_EACH: Final = frozenset({"pair", "both", "each", "apiece", "duo"})
_PERSONAL: Final = frozenset({"he", "she"})
_OBJECT_PRONOUNS: Final = frozenset({"him", "her"})
#: "held the Thunder to 37 percent", "limiting them to": the figure is the one held's
_HOLD_VERBS: Final = frozenset(
    ["held", "hold", "holds", "holding", "limited", "limit", "limits", "limiting"]
)
#: "allowed 90 points", "gave up eight points": the figure is the other side's
_GIVE_VERBS: Final = frozenset(
    ["allowed", "allowing", "allow", "allows", "conceded", "conceding", "surrendered"]
)
#: "a 103 - 100 win against the host Houston Rockets": words of the beaten after a score
_RESULT_NOUNS: Final = frozenset(["win", "victory", "triumph", "decision"])
_BEATEN_ADJECTIVES: Final = frozenset(["the", "host", "hosting", "visiting", "home", "road"])
#: "forcing 13 turnovers": the turnovers are the other side's
_FORCED: Final = frozenset(
    ["forced", "forcing", "force", "forces", "induced", "inducing", "caused", "causing"]
)
TURNOVER_NOUNS: Final = frozenset(["turnovers", "turnover", "giveaways"])
_POINT_NOUNS: Final = frozenset(["points", "pts"])
#: The documented defaults (``Config``) of the look-back limits, for callers without a config
_DEFAULTS: Final = Config()
_GAVE: Final = frozenset(["gave", "give", "gives", "giving"])
#: "Durant was held to 12 points": in the passive the figure is the subject's own
PASSIVE_WORDS: Final = frozenset(["was", "were", "is", "are", "be", "been", "being", "got", "get"])
_CLAUSE_BREAKS: Final = frozenset([";", "while", "whereas", "but", "although", "though"])
#: What joins a subject's verbs in a list ("held the Sixers to 38 percent, blocked 14 shots and
#: forced 20 turnovers")
_LIST_JOINS: Final = frozenset({"and", ","})
_SHOOTING_MARKS: Final = frozenset(["fg", "ft", "3pt", "3p", "fga", "fta", "shooting", "from"])
_PLURAL: Final = frozenset({"they", "their"})
#: "X led the 76ers with 17 points": verbs whose subject's figure the object team only frames
_LED: Final = frozenset({"led", "paced", "carried", "powered", "fueled", "sparked", "topped"})
#: Words after which "the team" opens a clause as its subject
_SUBJECT_OPENERS: Final = frozenset({",", "as", "while", "and", "but", "when", "after", "since"})
_CLAUSE: Final = frozenset({"while", ",", ";", "and", "but", "whereas", "although", "though"})
#: A comparison before a name: the name is not the one the clause is about
_LIKE: Final = frozenset(["like", "unlike"])
#: "thrived for the Thunder": the team a player plays for
_FOR: Final = frozenset(["for", "with", "against"])
#: "the leader of the Blazers": a description's team, not its subject
_DESCRIBED_BY: Final = frozenset(["of", "for", "from"])
_PREPOSITIONS: Final = frozenset(
    [
        "over",
        "than",
        "to",
        "against",
        "from",
        "with",
        "for",
        "by",
        "of",
        "behind",
        "past",
        "on",
        "at",
        "into",
        "versus",
        "vs",
        "in",
        "near",
        "outside",
        "inside",
    ]
)
_NOT_NAMES: Final = frozenset(
    [
        *MONTHS,
        "the",
        "a",
        "an",
        "like",
        "unlike",
        "he",
        "she",
        "they",
        "his",
        "her",
        "their",
        "it",
        "its",
        "this",
        "that",
        "these",
        "those",
        "in",
        "on",
        "at",
        "of",
        "for",
        "with",
        "by",
        "from",
        "to",
        "after",
        "before",
        "during",
        "while",
        "when",
        "but",
        "and",
        "or",
        "as",
        "after",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "i",
        "we",
        "you",
        "nba",
        "ncaa",
        # "Today's win", "What's more": no owner's name
        "today",
        "tonight",
        "yesterday",
        "what",
        "here",
        "there",
        "where",
        "who",
        "let",
        "everyone",
        "nobody",
    ]
)
_SPELLING_MIN: Final = 5


def _base(word: str) -> tuple[str, bool]:
    if "'" not in word and "’" not in word:
        return word, False
    m = _POSSESSIVE_RE.search(word)
    if m and m.start() > 0:
        return word[: m.start()], True
    return word, False


@lru_cache(maxsize=8192)
def name_words(name: str) -> tuple[str, ...]:
    """The folded words of an entity name (folded as the document's tokens are: "Søby" is
    "soby"; cached: a table's names are read by every grounder of the table)."""
    return tuple(_base(fold_word(m.group()))[0] for m in _NAME_TOKEN_RE.finditer(name))


def initials(name: str) -> str:
    """The initialism a text may write for a name ("mcw" for Michael Carter-Williams)."""
    return "".join(w[0] for w in name_words(name) if w[:1].isalpha())


def _hyphened_words(name: str) -> tuple[str, ...] | None:
    """The words of a name with its inner hyphens as words, as a text's tokens have them
    ("ADF-045 c" is adf - 045 c); None when it has none."""
    if "-" not in name:
        return None
    words = tuple(
        m.group() if m.group() == "-" else _base(fold_word(m.group()))[0]
        for m in _HYPHENED_TOKEN_RE.finditer(name)
    )
    return words if "-" in words and words[0] != "-" and words[-1] != "-" else None


@dataclass(frozen=True)
class Mention:
    """An entity named at tokens ``first..last``; ``entity`` is an index or :data:`OTHER`."""

    entity: int
    first: int
    last: int
    possessive: bool


@dataclass(frozen=True)
class Attribution:
    """Whom a number is about; ``ambiguous`` attributions support but never contradict."""

    entities: frozenset[int]
    ambiguous: bool
    combined: bool = False  # "X and Y combined for 50": the group's figure, no one's alone


@lru_cache(maxsize=512)
def _aliases(
    names: tuple[str | tuple[str, ...], ...],
    learned: tuple[tuple[int, str], ...] = (),
) -> tuple[
    dict[tuple[str, ...], tuple[int, bool, bool, bool]], dict[int, list[tuple[str, int]]], int
]:
    """alias words -> (entity, guarded, derived: a part of a name, upper: an initialism that
    counts only as written in capitals); long single alias words (by length) -> entity;
    longest alias.
    An entity may have several names (a predicted and a gold spelling)."""
    owners: dict[tuple[str, ...], set[int]] = {}
    surnames: dict[tuple[str, ...], set[int]] = {}
    heads: dict[tuple[str, ...], set[int]] = {}
    guarded: set[tuple[str, ...]] = set()
    upper: set[tuple[str, ...]] = set()  # initialisms: names only in capitals
    spelled = [
        (e, name)
        for e, entry in enumerate(names)
        for name in ((entry,) if isinstance(entry, str) else entry)
    ]
    for e, name in spelled:
        words = tuple(w for w in name_words(name) if w)
        if not words:
            continue
        owners.setdefault(words, set()).add(e)
        if len(words) > 2 and words[-1] in NAME_SUFFIXES:
            # "Larry Nance Jr.": "Larry Nance" and "Nance" name him, not "Jr"
            words = words[:-1]
            owners.setdefault(words, set()).add(e)
        hyphened = _hyphened_words(name)
        if hyphened is not None:
            owners.setdefault(hyphened, set()).add(e)
        if len(words) > 1:
            last = words[-1:]
            parts = 1
            if hyphened is not None and len(hyphened) >= 3 and hyphened[-2] == "-":
                # "Carter-Williams" is the surname, not "Williams" (Derrick Williams' name)
                k = len(hyphened) - 1
                while k >= 2 and hyphened[k - 1] == "-":
                    k -= 2
                last, parts = hyphened[k:], (len(hyphened) - k + 1) // 2
            if len(last[0]) >= 3 and last[0] not in _NOT_NAMES and parts < len(words):
                owners.setdefault(last, set()).add(e)
                surnames.setdefault(last, set()).add(e)
            head = words[:-parts]
            if len(" ".join(head)) >= 3 and head[-1] not in _NOT_NAMES:
                owners.setdefault(head, set()).add(e)
                heads.setdefault(head, set()).add(e)
                guarded.add(head)
            short = initials(name)
            if len(short) >= 3 and short not in _NOT_NAMES:
                # "MCW" for Michael Carter-Williams: only as written in capitals
                owners.setdefault((short,), set()).add(e)
                upper.add((short,))
    for e, run in learned:
        # a spelling read in the text names the entity whole, and its words before the
        # entity's own name ("Indiana" of "Indiana Pacers") on their own
        words = tuple(w for w in name_words(run) if w)
        owners.setdefault(words, set()).add(e)
        own = {w for _e, name in spelled if _e == e for w in name_words(name)}
        lead: tuple[str, ...] = ()
        for w in words:
            if w in own:
                break
            lead += (w,)
        if 0 < len(lead) < len(words) and len(" ".join(lead)) >= 3:
            owners.setdefault(lead, set()).add(e)
            guarded.add(lead)
        spelled.append((e, run))
    full = {tuple(w for w in name_words(name) if w) for _e, name in spelled}
    full |= {h for _e, name in spelled if (h := _hyphened_words(name)) is not None}
    table = {
        a: (next(iter(es)), a in guarded, a not in full, a in upper)
        for a, es in owners.items()
        if len(es) == 1
    }
    for a, es in owners.items():
        by_surname = surnames.get(a, set())
        if len(es) > 1 and len(by_surname) == 1 and es - by_surname <= heads.get(a, set()):
            # "Paul" of Chris Paul, not the first name of Paul Pierce: a text names people by
            # their surnames
            table[a] = (next(iter(by_surname)), False, a not in full, a in upper)
    singles: dict[int, list[tuple[str, int]]] = {}  # by length
    for a, (e, _g, _d, _u) in table.items():
        if len(a) == 1 and len(a[0]) >= _SPELLING_MIN:
            singles.setdefault(len(a[0]), []).append((a[0], e))
    longest = max((len(a) for a in table), default=1)
    return table, singles, longest


def _near_spelling(word: str, singles: dict[int, list[tuple[str, int]]]) -> int | None:
    if len(word) < _SPELLING_MIN or not word.isalpha():
        return None
    n = len(word)
    hits = {
        e
        for size in (n - 1, n, n + 1)
        for a, e in singles.get(size, ())
        if OSA.distance(a, word, score_cutoff=1) <= 1  # two letters swapped: one edit
    }
    return next(iter(hits)) if len(hits) == 1 else None


def _near_spellings(
    words: list[str], singles: dict[int, list[tuple[str, int]]]
) -> dict[str, int | None]:
    """:func:`_near_spelling` of each of ``words`` (alphabetic, long enough), one C-level
    scan of the words per alias."""
    hits: dict[str, set[int]] = {}
    for group in singles.values():
        for a, e in group:
            for w, _d, _i in process.extract(
                a, words, scorer=OSA.distance, score_cutoff=1, limit=None
            ):
                hits.setdefault(w, set()).add(e)
    return {w: next(iter(hits[w])) if len(hits.get(w, ())) == 1 else None for w in words}


@lru_cache(maxsize=512)
def _spelling_memo(
    names: tuple[str | tuple[str, ...], ...], learned: tuple[tuple[int, str], ...]
) -> dict[str, int | None]:
    """Word -> :func:`_near_spelling` result for the aliases of ``names``, shared by every
    document searched for these names (the same table is grounded in many contexts)."""
    return {}


_SPELLING_MEMO_MAX: Final = 20_000


def _caseless(word: str) -> bool:
    """Whether ``word`` opens with digits and goes on in letters ("76ers", "49ers"): a name
    word with no first letter to capitalise, so a text writes it the same in any case."""
    digits = len(word) - len(word.lstrip("0123456789"))
    return 0 < digits < len(word) and word[digits:].isalpha()


def _table_hit(
    doc: Document,
    i: int,
    b: int,
    aliases: tuple[
        dict[tuple[str, ...], tuple[int, bool, bool, bool]], dict[int, list[tuple[str, int]]], int
    ],
    bases: list[tuple[str, bool]],
    starts: frozenset[str],
    near: dict[str, int | None],
) -> Mention | None:
    """The table entity named at token ``i``: the longest alias starting there, else a long
    word one edit from a one-word alias, two adjacent letters swapped counting as one
    ("Philadlephia"; ``near`` caches those look-ups per word)."""
    table, singles, longest = aliases
    toks = doc.tokens
    w0, possessive0 = bases[i]
    if w0 in starts:
        for n in range(min(longest, b - i), 0, -1):
            key = tuple(bases[k][0] for k in range(i, i + n))
            if key not in table:
                continue
            e, guard, derived, upper = table[key]
            if upper and not doc.raw[toks[i].start : toks[i].end].isupper():
                continue
            nxt = toks[i + n] if i + n < b else None
            if guard and nxt is not None and nxt.capital and not doc.lowercase:
                continue
            if derived and not toks[i].capital and not doc.lowercase and not _caseless(w0):
                continue  # a part of a name ("Awards", "Center") is a name only when capitalised
            possessive = bases[i + n - 1][1] or (nxt is not None and nxt.text in {"'", "’"})
            return Mention(e, i, i + n - 1, possessive)
    if not singles or not w0.isalpha():
        return None
    if not toks[i].capital and not doc.lowercase:
        return None  # in a cased text a misspelt name keeps its capital ("trauma center")
    if w0 not in near:
        near[w0] = _near_spelling(w0, singles)
    e_near = near[w0]
    if e_near is None and (toks[i].capital or doc.lowercase):
        short = "\x00" + w0  # a short form names an entity only when capitalised
        if short not in near:
            near[short] = _shortened(w0, singles)
        e_near = near[short]
    return Mention(e_near, i, i, possessive0) if e_near is not None else None


@lru_cache(maxsize=4096)
def _names_attribute(word: str) -> bool:
    """Whether ``word`` on its own names an attribute ("FG", "FT"): then it is no name."""
    return read_words([word])[0] != [None]


def _abbreviated(run: tuple[str, ...], spelled: list[tuple[int, tuple[str, ...]]]) -> int:
    """The one entity whose name has the run's words, some abbreviated ("hosp" for "hospital",
    "ctr" for "center", "st" for "saint": the first letter, then the others in order) or given
    as initials ("D. Williams" for "Derrick Williams"); OTHER when none or several."""
    hits = {
        e
        for e, words in spelled
        if len(words) == len(run)
        and words != run
        and all(
            w == t or abbreviates(w, True, t, False) or _initial_of(w, t, words, run)
            for w, t in zip(words, run, strict=True)
        )
    }
    return next(iter(hits)) if len(hits) == 1 else OTHER


def _initial_of(w: str, t: str, words: tuple[str, ...], run: tuple[str, ...]) -> bool:
    """``w`` is the initial of the text's word ``t`` ("D." / "Derrick") in a name that has a
    word of three letters or more written whole ("D. Williams" / "Derrick Williams")."""
    return (
        len(w) == 1
        and len(t) > 1
        and t.startswith(w)
        and any(x == y and len(x) >= 3 for x, y in zip(words, run, strict=True))
    )


@lru_cache(maxsize=8192)
def _abbreviated_in(run: tuple[str, ...], names: tuple[str | tuple[str, ...], ...]) -> int:
    """:func:`_abbreviated` over the spellings of ``names`` (cached: a run recurs in a text,
    and each text is read twice when it teaches a spelling)."""
    return _abbreviated(run, _spelled_by_initials(names).get(tuple(w[:1] for w in run), []))


@lru_cache(maxsize=512)
def _spelled_by_initials(
    names: tuple[str | tuple[str, ...], ...],
) -> dict[tuple[str, ...], list[tuple[int, tuple[str, ...]]]]:
    """The spellings of ``names`` (:func:`_spellings`) by their words' first letters: a run can
    abbreviate only the spellings with its number of words and its first letters (a word
    equals or abbreviates another only with its first letter). Never modified."""
    out: dict[tuple[str, ...], list[tuple[int, tuple[str, ...]]]] = {}
    for e, words in _spellings(names)[0]:
        out.setdefault(tuple(w[:1] for w in words), []).append((e, words))
    return out


#: Name words at least this long have the short forms of :func:`short_forms`
SHORT_FORM_MIN: Final = 8


def short_forms(word: str) -> frozenset[str]:
    """The short forms a text may write for a long name word, as the mention reader takes them
    (its first three or four letters and an "s", its last six letters: "Cavs" / "Cavaliers",
    "Wolves" / "Timberwolves"); none for a word under ``SHORT_FORM_MIN`` letters."""
    if len(word) < SHORT_FORM_MIN or not word.isalpha():
        return frozenset()
    return frozenset({word[:3] + "s", word[:4] + "s", word[-6:]})


def _shortened(word: str, singles: dict[int, list[tuple[str, int]]]) -> int | None:
    """The entity a capitalised short form names: the start ("Cavs" / "Cavaliers", "Mavs") or
    the end ("Wolves" / "Timberwolves") of one long alias word, if of exactly one."""
    stem = word[:-1] if word.endswith("s") else word
    if len(stem) < 3 or word in _NOT_NAMES:
        return None  # "The" is no short form of "Theavshav"
    hits = {
        e
        for size, group in singles.items()
        if size >= len(word) + 2
        for a, e in group
        if a.startswith(stem) or (len(word) >= _SPELLING_MIN and a.endswith(word))
    }
    return next(iter(hits)) if len(hits) == 1 else None


_FORMER_LATTER: Final = frozenset({"former", "latter"})


@dataclass(frozen=True)
class _Words:
    """What the mention reader needs of a document, whatever the names: each token's base
    word and possessive mark, the tokens of each base word, and the tokens every reading
    looks at ("former" / "latter"; in a cased text, capitalised words)."""

    bases: list[tuple[str, bool]]
    base_words: list[str]
    long_words: frozenset[str]  # alphabetic, of _SPELLING_MIN letters or more
    always: list[int]
    lowered: frozenset[str]  # the base words of the tokens not capitalised


#: Documents read lately (by id, the document kept alive with its words); a few are enough:
#: a grounder reads its document twice when the text teaches a spelling.
_WORDS: dict[int, tuple[Document, _Words]] = {}
_WORDS_MAX: Final = 64


def _doc_words(doc: Document) -> _Words:
    found = _WORDS.get(id(doc))
    if found is not None and found[0] is doc:
        return found[1]
    texts = list(map(itemgetter(0), doc.tokens))
    bases = list(zip(texts, repeat(False)))  # _base of a word without an apostrophe
    for i in [i for i, t in enumerate(texts) if "'" in t or "’" in t]:
        bases[i] = _base(texts[i])
    base_words = list(map(itemgetter(0), bases))
    long_words = frozenset(w for w in set(base_words) if len(w) >= _SPELLING_MIN and w.isalpha())
    cased = not doc.lowercase
    at = range(len(texts))
    always = list(compress(at, map(_FORMER_LATTER.__contains__, texts)))
    if cased:  # capitalised words that are not numbers (capital > digits: True > False)
        toks = doc.tokens
        capital = map(gt, map(attrgetter("capital"), toks), map(attrgetter("digits"), toks))
        always = sorted({*always, *compress(at, capital)})
    lowered = frozenset(compress(base_words, map(not_, map(attrgetter("capital"), doc.tokens))))
    words = _Words(bases, base_words, long_words, always, lowered)
    if len(_WORDS) >= _WORDS_MAX:
        del _WORDS[next(iter(_WORDS))]
    _WORDS[id(doc)] = (doc, words)
    return words


@lru_cache(maxsize=512)
def _spellings(
    names: tuple[str | tuple[str, ...], ...],
) -> tuple[list[tuple[int, tuple[str, ...]]], frozenset[str]]:
    """Each entity's names as words, and the names as folded text (never modified)."""
    spelled = [
        (e, tuple(w for w in name_words(n) if w))
        for e, entry in enumerate(names)
        for n in ((entry,) if isinstance(entry, str) else entry)
    ]
    known = frozenset(
        " ".join(name_words(n))
        for entry in names
        for n in ((entry,) if isinstance(entry, str) else entry)
    )
    return spelled, known


def find_mentions(
    doc: Document, names: tuple[str | tuple[str, ...], ...], reach: int = 2
) -> tuple[tuple[Mention, ...], ...]:
    """Per sentence, the entities it names (table entities and, in cased text, others).

    A capitalised run that ends with an entity's name ("the Indiana Pacers") teaches a fuller
    spelling of it, whose leading words then name it too ("Indiana stifled them"). A surname
    two entities share ("Turner": Myles and Evan Turner) names the one of them named last,
    within ``reach`` sentences before, if only one was."""
    found, learned = _mentions(doc, names, {})
    named = {m.entity for here in found for m in here}
    words: set[str] | None = None
    for e, entry in enumerate(names):
        if e in named or e in learned:
            continue
        if words is None:
            words = set(_doc_words(doc).base_words)
        for name in (entry,) if isinstance(entry, str) else entry:
            other = _other_number(name)
            if other is not None and all(w in words for w in other.split()):
                learned[e] = other  # "Beverages" named as "the beverage segment"
                break
    if learned:
        found = _mentions(doc, names, learned)[0]
    shared = _shared_surnames(names)
    return _resolve_surnames(doc, found, shared, reach) if shared else found


@lru_cache(maxsize=4096)
def _other_number(name: str) -> str | None:
    """``name`` with its last word in the other grammatical number ("Beverages" -> "beverage",
    "Frozen food" -> "frozen foods"), as folded words; None for a last word of fewer than four
    letters or not a plain word."""
    words = [w for w in name_words(name) if w]
    if not words or len(words[-1]) < 4 or not words[-1].isalpha():
        return None
    last = words[-1]
    if last.endswith("ies"):
        other = last[:-3] + "y"
    elif last.endswith(("sses", "xes", "ches", "shes")):
        other = last[:-2]
    elif last.endswith("s") and not last.endswith(("ss", "us", "is")):
        other = last[:-1]
    elif last.endswith("y") and last[-2:-1] not in {"a", "e", "o", "u"}:
        other = last[:-1] + "ies"
    else:
        other = last + ("es" if last.endswith(("s", "x", "ch", "sh")) else "s")
    return " ".join([*words[:-1], other])


@lru_cache(maxsize=512)
def _shared_surnames(names: tuple[str | tuple[str, ...], ...]) -> dict[str, frozenset[int]]:
    """Last name words of two or more entities' multi-word names -> those entities."""
    owners: dict[str, set[int]] = {}
    for e, entry in enumerate(names):
        for name in (entry,) if isinstance(entry, str) else entry:
            words = [w for w in name_words(name) if w]
            if len(words) > 1 and len(words[-1]) >= 3:
                owners.setdefault(words[-1], set()).add(e)
    return {w: frozenset(es) for w, es in owners.items() if len(es) > 1}


def _resolve_surnames(
    doc: Document,
    found: tuple[tuple[Mention, ...], ...],
    shared: dict[str, frozenset[int]],
    reach: int,
) -> tuple[tuple[Mention, ...], ...]:
    last_seen: dict[int, int] = {}
    out: list[tuple[Mention, ...]] = []
    toks = doc.tokens
    for s, here in enumerate(found):
        resolved: list[Mention] = []
        a = doc.sentences[s][0]
        opening = _base(toks[a].text)
        if opening[0] in shared and toks[a].capital and not any(m.first == a for m in here):
            # "Smith also added five assists": a sentence opening with the shared surname
            here = (Mention(OTHER, a, a, opening[1]), *here)
        for m in here:
            owners = (
                shared.get(_base(doc.tokens[m.first].text)[0])
                if m.entity == OTHER and m.first == m.last
                else None
            )
            if owners:
                recent = sorted(
                    (
                        (last_seen[e], e)
                        for e in owners
                        if s - last_seen.get(e, -reach - 1) <= reach
                    ),
                    reverse=True,
                )
                if recent and (len(recent) == 1 or recent[0][0] > recent[1][0]):
                    m = Mention(recent[0][1], m.first, m.last, m.possessive)
                elif m.first == a and not any(x.first == a for x in found[s]):
                    continue  # the opening word added above, unresolved: no mention
            resolved.append(m)
        for m in resolved:
            if m.entity != OTHER and (
                m.first != m.last or _base(toks[m.first].text)[0] not in shared
            ):  # a full name ("J.R." of "J.R. Smith" too), not the shared surname
                last_seen[m.entity] = s
        out.append(tuple(resolved))
    return tuple(out)


def _mentions(
    doc: Document, names: tuple[str | tuple[str, ...], ...], learned_before: dict[int, str]
) -> tuple[tuple[tuple[Mention, ...], ...], dict[int, str]]:
    """The mentions, and per entity a fuller spelling found in the text (see find_mentions);
    ``learned_before``: such spellings from an earlier pass, aliases too."""
    learned_key = tuple(sorted(learned_before.items()))
    aliases = _aliases(names, learned_key)
    known = _spellings(names)[1]
    learned: dict[int, str] = {}
    toks = doc.tokens
    words = _doc_words(doc)
    bases = words.bases
    starts = frozenset(a[0] for a in aliases[0])
    singles = aliases[1]
    near = _spelling_memo(names, learned_key)
    if len(near) > _SPELLING_MEMO_MAX:
        near.clear()
    # The tokens the reading below can stop at: an alias's first word, a word one edit from
    # a one-word alias (or, in a lower-case text, any long word: a short form may name an
    # entity), "former" / "latter", a capitalised word. At any other token it does nothing.
    hot: set[str] | frozenset[str] = starts
    if singles:
        unread = [w for w in words.long_words if w not in near]
        if unread:
            near.update(_near_spellings(unread, singles))
        hot = starts | (
            words.long_words
            if doc.lowercase
            else {w for w in words.long_words if near[w] is not None}
        )
    named_at = compress(range(len(bases)), map(hot.__contains__, words.base_words))
    order = sorted({*words.always, *named_at})
    n_order = len(order)
    at_stop = 0
    out: list[tuple[Mention, ...]] = []
    previous: tuple[Mention, ...] = ()
    others_before: set[str] = set()  # last words of untabulated names read so far
    lowered = words.lowered
    for a, b in doc.sentences:
        found: list[Mention] = []
        i = a
        while i < b:
            while at_stop < n_order and order[at_stop] < i:
                at_stop += 1
            if at_stop == n_order or order[at_stop] >= b:
                break
            i = order[at_stop]
            w0 = bases[i][0]
            hit = (
                _table_hit(doc, i, b, aliases, bases, starts, near)
                if w0 in starts
                or (singles and (len(w0) >= _SPELLING_MIN or (len(w0) == 4 and toks[i].capital)))
                else None  # what _table_hit would say, without the call ("Cavs": a short form)
            )
            tok = toks[i]
            if (
                hit is None
                and tok.text in {"former", "latter"}
                and i > a
                # "the former Bulls guard Carl Young": an adjective of the name that follows
                and not (i + 1 < b and toks[i + 1].capital and not doc.lowercase)
            ):
                # the pair named earlier in this sentence, else in the last one that named two
                named = [m for m in found if m.entity != OTHER]
                if len(named) < 2:
                    named = [m for m in previous if m.entity != OTHER]
                if toks[i - 1].text == "the" and len(named) >= 2:
                    # the last two joined by "and" ("efforts from Jackson and Morris"), else
                    # the first and the last named
                    joined = [
                        (x, y)
                        for x, y in pairwise(named)
                        if [t.text for t in toks[x.last + 1 : y.first] if t.text != ","] == ["and"]
                    ]
                    first, last = joined[-1] if joined else (named[0], named[-1])
                    pick = first if tok.text == "former" else last
                    hit = Mention(pick.entity, i, i, False)
            capital_run = (
                not doc.lowercase
                and tok.capital
                and not tok.digits
                and (
                    i > a
                    or hit is not None
                    or (i + 1 < b and toks[i + 1].capital)
                    # "Dunraven's 33,800 residents": an owner opening the sentence
                    or (bases[i][1] and len(bases[i][0]) >= _SPELLING_MIN - 1)
                )
                and _base(tok.text)[0] not in _NOT_NAMES
                and (hit is not None or not _names_attribute(tok.text))  # "FG", "FT"
            )
            if capital_run:
                # a run of capitalised words is one name: "Denver Nuggets" names the Nuggets
                j = i
                while (
                    j + 1 < b
                    and toks[j + 1].capital
                    and not toks[j + 1].digits
                    # a name ends at its possessive: "Love's NBA playoff debut"
                    and not bases[j][1]
                ):
                    j += 1
                entities: set[int] = set()
                written: set[int] = set()  # entities named by an alias as written
                k = i
                last_hit = hit
                while k <= j:
                    h = hit if k == i else _table_hit(doc, k, b, aliases, bases, starts, near)
                    if h is not None:
                        entities.add(h.entity)
                        if tuple(bases[x][0] for x in range(h.first, h.last + 1)) in aliases[0]:
                            written.add(h.entity)
                        last_hit = h
                        k = h.last + 1
                    else:
                        k += 1
                whole = (
                    _abbreviated_in(tuple(bases[x][0] for x in range(i, j + 1)), names)
                    if len(entities) > 1
                    else OTHER
                )
                if whole != OTHER:
                    # "George Hill" for "G. Hill", with Paul George in the table too: the
                    # run is one name, given with its initial
                    entities, written = {whole}, {whole}
                if len(entities) > 1 and len(written) == 1:
                    # "Will Barton" with Lou Williams in the table: "Will" read as a short
                    # form of "Williams" is the first name of the one name written whole
                    entities = written
                    last_hit = next(
                        x
                        for k in range(i, j + 1)
                        if (x := _table_hit(doc, k, b, aliases, bases, starts, near)) is not None
                        and x.entity in written
                    )
                end = max(j, last_hit.last if last_hit is not None else j)
                possessive = _base(toks[end].text)[1] or (
                    end + 1 < b and toks[end + 1].text in {"'", "’"}
                )
                entity = entities.pop() if len(entities) == 1 else OTHER
                if (
                    last_hit is not None
                    and j > last_hit.last
                    and any(
                        bases[k][0] not in NAME_SUFFIXES for k in range(last_hit.last + 1, j + 1)
                    )
                ):
                    # "Acadia Estuary Trust" is not "Little River Estuary": a name goes on
                    # after the alias it holds
                    entity = OTHER
                if not entities and entity == OTHER and j > i:
                    # "Lowmoor General Hospital" for "Lowmoor General Hosp."
                    run_words = tuple(bases[k][0] for k in range(i, j + 1))
                    entity = _abbreviated_in(run_words, names)
                    if entity != OTHER and entity not in learned:
                        learned[entity] = " ".join(run_words)
                if (
                    entity != OTHER
                    and last_hit is not None
                    and last_hit.first > i
                    # "Calder Rail's Sable Crossing": an owner, not a longer name
                    and not any(bases[k][1] for k in range(i, last_hit.first))
                    # "a 890 MWe Lindholm B": a unit after a number, not a longer name
                    and not (i > a and toks[i - 1].digits)
                    and not any(toks[k].text in {"'", "’"} for k in range(i, last_hit.first))
                ):
                    run = " ".join(bases[k][0] for k in range(i, last_hit.last + 1))
                    if run not in known and entity not in learned:
                        learned[entity] = run
                hit = Mention(entity, i, end, possessive)
            if hit is not None:
                found.append(hit)
                i = hit.last + 1
            else:
                i += 1
        if (
            not doc.lowercase
            and toks[a].capital
            and bases[a][0] in others_before
            and not any(m.first == a for m in found)
        ):
            # "... against Marc Gasol. ... Gasol collected 10 boards": a sentence opening with
            # the surname of someone named before whom the table does not hold
            found.insert(0, Mention(OTHER, a, a, bases[a][1]))
        out.append(tuple(found))
        # the surnames of untabulated people named so far: a name of two words or more whose
        # last word the text never writes in lower case ("Marc Gasol", not "King Center")
        others_before |= {
            bases[m.last][0]
            for m in found
            if m.entity == OTHER
            and m.last > m.first
            and len(bases[m.last][0]) >= 3
            and bases[m.last][0] not in lowered
        }
        if len(found) >= 2 and sum(1 for m in found if m.entity != OTHER) >= 2:
            previous = tuple(found)  # "the former" / "the latter" refer to a pair named before
    return tuple(out), learned


def attribute(
    doc: Document,
    mentions: Sequence[tuple[Mention, ...]],
    number: NumberMention,
    subject: int | None = None,
    config: Config = _DEFAULTS,
) -> Attribution:
    """Whom ``number`` is about (rules in the module docstring; the look-back and look-ahead
    limits are ``config.grounding_hold_reach``, ``grounding_plural_reach``,
    ``grounding_carry_reach`` and the other ``grounding_*_words`` fields)."""
    plural_reach = config.grounding_plural_reach
    carry = config.grounding_carry_reach
    if subject is not None:
        return Attribution(frozenset({subject}), False)
    start = number.pair_first if number.pair_first is not None else number.first
    here = mentions[number.sentence]
    before = [m for m in here if m.last < start]
    toks = doc.tokens
    if len(before) > 1:
        before = _outside_relatives(toks, doc.sentences[number.sentence][0], start, before)
    if number.role in {"first", "second"} and not shooting_pair(doc, number):
        # "the Spurs beat the Rockets 130 - 99", "They outscored the Thunder 44 - 22": each
        # side may be any entity named before it, or the subject carried from before
        loser = _beaten_after(doc, here, number, config.grounding_beaten_words)
        if loser is not None and number.role == "second":
            # "earned a 103 - 100 win against the host Houston Rockets": the one beaten has
            # the lower score
            return Attribution(frozenset({loser}), True)
        sides = {m.entity for m in before if m.entity != OTHER}
        if len(before) < 2:
            plural = _plural_subject(doc, number)
            sides |= _carried(mentions, number.sentence, plural, plural_reach, carry, doc).entities
        if not before:
            # "With a 41 - 36 rebounding advantage, the Pacers sealed the win": a fronted phrase's
            # subject comes right after the phrase's comma (not a name further on: "In a 5 - 4
            # vote, after a long debate, Microsoft agreed")
            end = number.pair_last if number.pair_last is not None else number.last
            fronted = next((m for m in here if m.first > end), None)
            words = [t.text for t in toks[end + 1 : fronted.first]] if fronted else []
            comma = words.index(",") if "," in words else len(words)
            if (
                fronted is not None
                and fronted.entity != OTHER
                and comma < len(words)
                and set(words[comma + 1 :]) <= _BEATEN_ADJECTIVES  # "the", "the visiting"
            ):
                sides.add(fronted.entity)
        return Attribution(frozenset(sides - {loser}), True)
    owner_after = _owner_after(doc, here, number, config.grounding_owner_after_words)
    if owner_after is not None:
        return owner_after
    placed_after = owner_placed_after(doc, here, number, config.grounding_owner_after_words)
    if placed_after is not None:
        return placed_after
    aged = _aged_name(doc, here, number)
    if aged is not None:
        return aged
    conceded = _conceded(doc, mentions, number, start, config.grounding_hold_reach, config)
    if conceded is not None:
        return conceded
    if before and _own_of_subject(
        toks, doc.sentences[number.sentence], here[0], before[-1], number
    ):
        # "The Pacers forced the Sixers into 18 turnovers, while committing just 14 of their
        # own": "their own" is the subject's, not the object's named nearer
        return Attribution(frozenset({here[0].entity}), False)
    if before and _coordinated(toks, doc.sentences[number.sentence][0], here[0], before[-1], start):
        # "The Heat held the Sixers to 38 percent shooting and blocked 14 shots": the second
        # verb's subject is the sentence's, not the first verb's object
        return Attribution(frozenset({here[0].entity}), False)
    if before:
        k = len(before) - 1
        while (
            k > 0
            and before[k].possessive
            and start - before[k].last > config.grounding_possessive_skip_words
            and before[k - 1].entity != OTHER
            # "Like Irving, this marked Love's debut and he made it count with 19 points"
            and not (before[k - 1].first > 0 and toks[before[k - 1].first - 1].text in _LIKE)
            # "Dallas had their bench score 44, while Orlando's bench combined for 45": the
            # possessive opens a clause of its own
            and not any(
                t.text in _CLAUSE_BREAKS for t in toks[before[k - 1].last + 1 : before[k].first]
            )
        ):
            k -= 1
        group = [before[k]]
        while k > 0 and (
            all(t.text in _JOIN for t in toks[before[k - 1].last + 1 : before[k].first])
            or (
                # "C.J. McCollum": an initial and a surname read as two mentions of one name
                before[k - 1].entity == before[k].entity != OTHER
                and all(t.text == "." for t in toks[before[k - 1].last + 1 : before[k].first])
            )
        ):
            k -= 1
            if before[k].entity == group[0].entity and before[k].last + 2 >= group[0].first:
                continue  # one name, one member
            group.insert(0, before[k])
        between = _group_words(toks, group[-1].last + 1, start)
        members = frozenset(m.entity for m in group if m.entity != OTHER)
        if number.respective is not None and len(group) == number.respective[1] > 1:
            # "Smith and Jones scored 20 and 15 points, respectively": the i-th name's
            own = group[number.respective[0]].entity
            return Attribution(frozenset() if own == OTHER else frozenset({own}), False)
        head = here[0]
        owned = config.grounding_owned_name_words
        if head.possessive and len(here) > 1 and here[1].first <= head.last + owned:
            head = here[1]  # "Ethiopia's Bale Highlands Regreening is ...": the owned name
        if len(group) > 1:
            ahead = config.grounding_combined_after_words
            if between & _COMBINED or (not between & _EACH and _combined_after(doc, number, ahead)):
                return Attribution(frozenset(), True, combined=True)
            if not members and head.entity != OTHER and head.last < group[0].first:
                # "San Antonio rested Parker, Ginobili and Gasol, but shot 58 percent": names
                # the table does not hold; the subject may own it, as after one such name
                return Attribution(frozenset({head.entity}), True)
            return Attribution(members, not bool(between & _EACH))
        if group[0].entity != OTHER and _combined_for(toks, group[-1].last + 1, start):
            # "San Antonio brought eight players off the bench, as they combined for 45 points":
            # perhaps some of its members' figure, so never evidence against its own
            return Attribution(members, True)
        # "Houston's 14"
        owner = group[0].possessive and start - group[0].last <= config.grounding_adjacent_words
        if (
            not owner
            and all(m.entity == OTHER for m in before)
            and toks[doc.sentences[number.sentence][0]].text in _PERSONAL
        ):
            # "He led the Jazz with 24 points": the one the pronoun carries from before
            return _carried(mentions, number.sentence, False, plural_reach, carry, doc)
        leader = [m for m in before if m.last < group[0].first][-1:]
        if (
            not owner
            and leader
            and leader[0].entity == head.entity != OTHER
            and group[0].first == leader[0].last + 3
            and toks[leader[0].last + 2].text == "the"
            and toks[leader[0].last + 1].text in _LED
        ):
            # "Butler led the Bulls with 17 points": the subject's figure, not the team's
            return Attribution(frozenset({head.entity}), False)
        if not owner and group[0].entity == OTHER:
            after = toks[group[0].last + 1 : group[0].last + 1 + config.grounding_relative_words]
            if {t.text for t in after} & _RELATIVE:
                # "Russell Westbrook, who committed a game - high eight turnovers": his own
                return Attribution(frozenset(), False)
            if any(t.text in _OBJECT_PRONOUNS for t in toks[group[0].last + 1 : start]):
                # "Coach Brad Stevens had him come off the bench, where he struggled to eight
                # points": the one the pronoun carries from before, not the name
                before_it = _carried(mentions, number.sentence, False, plural_reach, carry, doc)
                return Attribution(before_it.entities, True)
            named = [m for m in before if m.entity != OTHER and m.last < group[0].first]
            if named and not any(
                t.text in _CLAUSE for t in toks[named[-1].last + 1 : group[0].first]
            ):
                # "Capela paced the Houston bench with 12 points": a name inside the clause of
                # a table entity is more likely a modifier than the number's owner; after a
                # preposition ("the Ridgeway Express in Brookmere, with 11 stations") it is no
                # owner at all
                placed = group[0].first > 0 and toks[group[0].first - 1].text in _PREPOSITIONS
                # "Grant was the only other Philadelphia player ..., as he poured in 14": the
                # pronoun takes up the subject, not the modifier
                he = any(t.text in _PERSONAL for t in toks[group[0].last + 1 : start])
                return Attribution(frozenset({named[-1].entity}), not (placed or he))
        if (
            not owner
            and group[0] is not head
            and head.entity == OTHER
            # the sentence opens with it, perhaps after initials ("T.J. McConnell")
            and all(
                len(t.text.replace(".", "")) <= 2 and t.text not in _PERSONAL
                for t in toks[doc.sentences[number.sentence][0] : head.first]
            )
            and (
                any(t.text in _PERSONAL for t in toks[group[0].last + 1 : start])
                # "McConnell led the 76ers with 17 points (7 - 10 FG)": the leader's line
                or (
                    group[0].first >= 2
                    and toks[group[0].first - 1].text == "the"
                    and toks[group[0].first - 2].text in _LED
                )
            )
        ):
            # "Dennis Schroeder played well for the Hawks, as he scored 16 points": maybe the
            # name the text does not tabulate, so the team's only unsurely
            return Attribution(members, True)
        if not owner and _role_subject(doc, number.sentence, start, before, config):
            # "The Clippers star point guard finished with 15 points": someone named before
            # (any of those the sentence before names: "the matchup of Paul on Lillard. The
            # Blazers point guard ...")
            carried = _carried(mentions, number.sentence, False, plural_reach, carry, doc).entities
            named_before = _named_last(mentions, number.sentence, carry)
            return Attribution(members | carried | named_before, True)
        if (
            not owner
            and group[0].entity != OTHER
            and group[0].first > 1
            and (
                (toks[group[0].first - 1].text == "the" and toks[group[0].first - 2].text in _FOR)
                or toks[group[0].first - 1].text == "for"  # "... in double digits for Detroit"
            )
            and any(m.entity == OTHER and m.last < group[0].first for m in before)
        ):
            # "Enes Kanter thrived for the Thunder, scoring 17 points": the name's, maybe
            return Attribution(members, True)
        if not owner and _described(doc, number.sentence, group[0], before):
            # "The Weber State product and leader of the Blazers finished with 25 points": a
            # description of someone named before, of whom the team is only a part
            carried = _carried(mentions, number.sentence, False, plural_reach, carry, doc).entities
            return Attribution(members | carried, True)
        if not owner and group[0] is not head and head.entity != OTHER:
            if group[0].entity == OTHER and any(
                t.text in _PERSONAL for t in toks[group[0].last + 1 : start]
            ):
                # "Oladipo led Orlando in scoring, as he contributed 18 points"
                return Attribution(frozenset({head.entity}), False)
            if group[0].first > 0 and toks[group[0].first - 1].text in _PREPOSITIONS:
                # "Plumlee started over Monroe, and collected 10 points": the object of a
                # preposition is seldom the one the number is about; either may be
                return Attribution(members | {head.entity}, True)
            if group[0].entity == OTHER:
                # "ADF-045 c orbits a Kepler star and has a radius of 2.1": the subject may own
                # it as well as the name the text does not tabulate
                return Attribution(frozenset({head.entity}), True)
        if not owner and group[0].first > 0 and toks[group[0].first - 1].text in _PREPOSITIONS:
            # "..., but the Hornets lagged behind Boston in shooting with eight three -
            # pointers": the object of a preposition, or its clause's subject
            earlier = [m for m in before if m.last < group[0].first and m.entity != OTHER]
            if earlier and not any(
                t.text in _CLAUSE_BREAKS for t in toks[earlier[-1].last + 1 : group[0].first]
            ):
                return Attribution(members | {earlier[-1].entity}, True)
        return Attribution(members, False)
    a, _b = doc.sentences[number.sentence]
    # a new clause (", and jumped out to a 46 - 26 lead") leaves an earlier "combine" behind
    cut = max(
        (k + 2 for k in range(a, start - 1) if toks[k].text == "," and toks[k + 1].text in _NEW),
        default=a,
    )
    if _group_words(toks, cut, start) & _COMBINED:
        # "The duo combined for 72 points on 27 - for - 42 shooting": a group's, no one's own
        return Attribution(frozenset(), True, combined=True)
    plural = _plural_subject(doc, number, config.grounding_collective_subjects)
    carried_to = _carried(mentions, number.sentence, plural, plural_reach, carry, doc)
    if not plural and _role_subject(doc, number.sentence, start, [], config):
        # "... the hustle of power forward Thaddeus Young. The veteran pulled down 14 boards":
        # a description may be of anyone the sentence before names, not only its subject
        return Attribution(
            carried_to.entities | _named_last(mentions, number.sentence, carry), True
        )
    return carried_to


def _beaten_after(
    doc: Document, here: Sequence[Mention], number: NumberMention, reach: int
) -> int | None:
    """The table entity a won score pair names as beaten right after it, within ``reach``
    words ("a 103 - 100 win against the host Houston Rockets", "a 99 - 90 victory over Utah");
    None otherwise."""
    if number.pair_first is None or number.pair_last is None:
        return None
    toks = doc.tokens
    end = doc.sentences[number.sentence][1]
    after = next((m for m in here if m.first > number.pair_last), None)
    if after is None or after.entity == OTHER or after.first - number.pair_last > reach:
        return None
    k = after.first - 1
    while k > number.pair_last and toks[k].text in _BEATEN_ADJECTIVES:
        k -= 1
    if toks[k].text not in {"against", "over"} or k >= end:
        return None
    between = {t.text for t in toks[number.pair_last + 1 : k]}
    return after.entity if between & _RESULT_NOUNS else None


#: The words of an age written before a name ("24-year-old Daniel Okafor-Reid")
_AGED: Final = ("-", "year", "-", "old")


def _aged_name(doc: Document, here: Sequence[Mention], number: NumberMention) -> Attribution | None:
    """An age written before a name ("24-year-old Daniel Okafor-Reid", "the 19-year-old
    sprinter Ana Ruiz": at most one word between) is that name's (no one's in the table when
    the name is not); None when the number is no such age."""
    if number.pair_first is not None:
        return None
    toks = doc.tokens
    end = doc.sentences[number.sentence][1]
    k = number.last + 1
    if tuple(t.text for t in toks[k : k + len(_AGED)]) != _AGED:
        return None
    k += len(_AGED)
    after = [m for m in here if m.first >= k]
    if not after or after[0].first > k + 1:
        return None
    if after[0].first == k + 1 and (k >= end or not toks[k].text.isalpha()):
        return None
    owner = after[0].entity
    return Attribution(frozenset() if owner == OTHER else frozenset({owner}), False)


def _owner_after(
    doc: Document, here: Sequence[Mention], number: NumberMention, reach: int
) -> Attribution | None:
    """The names after "from" / "by" that own the figure ("led by matching 14 - point efforts
    from Harris and Morris": each of them; "a 24 - point, 17 - rebound double - double from
    Drummond", "16 points and 13 boards from Al Jefferson": his; from a name the table does not
    hold: no one's); None when no name follows so. Numbers, stat nouns and performance nouns
    after the figure are passed over; at most ``reach`` other words."""
    toks = doc.tokens
    end = doc.sentences[number.sentence][1]
    last = number.pair_last if number.pair_last is not None else number.last
    k = last + 1
    while k < end and k - last <= reach:
        t = toks[k]
        if t.digits or t.text in NUMBER_WORDS or t.text in _OWNER_GLUE:
            k += 1
        elif t.text in _EFFORTS or read_words([t.text])[0][0] is not None:
            last = k = k + 1
        else:
            break
    if k + 1 >= end or toks[k].text not in {"from", "by"} or k - last > reach:
        return None
    after = [m for m in here if m.first > k]
    if not after or after[0].first != k + 1:
        return None
    group = [after[0]]
    for m in after[1:]:
        if not all(t.text in _JOIN for t in toks[group[-1].last + 1 : m.first]):
            break
        group.append(m)
    members = frozenset(m.entity for m in group if m.entity != OTHER)
    a = doc.sentences[number.sentence][0]
    start = number.pair_first if number.pair_first is not None else number.first
    each = len(group) == 1 or bool({t.text for t in toks[max(a, start - 3) : start]} & _EACH_BEFORE)
    return Attribution(members, not each)


def owner_placed_after(
    doc: Document, here: Sequence[Mention], number: NumberMention, reach: int
) -> Attribution | None:
    """The table entity right after "in" / "with" / "of" / "among" (and "the") that owns the
    figure before it, in comparisons where the owner comes last ("0.42, compared with 0.87 in
    the placebo group", "improved by 180 mL with Breathex and by 40 mL with placebo", "9% of the
    Breathex group"); None otherwise. A possessive name ("20 points in the Hawks' win") or a
    name the table does not hold owns nothing here. Units and stat nouns after the figure are
    passed over; at most ``reach`` words."""
    toks = doc.tokens
    end = doc.sentences[number.sentence][1]
    k = (number.pair_last if number.pair_last is not None else number.last) + 1
    last = k - 1
    while k < end and k - last <= reach and toks[k].text not in _PLACED_OWNER:
        t = toks[k]
        if t.text not in _UNIT_GLUE and read_words([t.text])[0][0] is None:
            return None
        k += 1
    if k + 1 >= end or toks[k].text not in _PLACED_OWNER:
        return None
    k += 1
    if toks[k].text == "the":
        k += 1
    named = next((m for m in here if m.first == k), None)
    if named is None or named.entity == OTHER or named.possessive:
        return None
    # the name ends the phrase, perhaps with one noun ("the placebo group"): not "with the
    # Spurs going 12 - for - 22", a clause of its own
    k = named.last + 1
    if k < end and toks[k].text not in _PLACED_ENDS:
        k += 1
    if k < end and toks[k].text not in _PLACED_ENDS:
        return None
    return Attribution(frozenset({named.entity}), False)


def _combined_for(toks: Sequence[Token], a: int, b: int) -> bool:
    """Tokens ``a..b`` hold the verb "combine" with its figure ("they combined for 45 points",
    not the adjective of "a combined fleet")."""
    return any(
        toks[k].text in _COMBINED and toks[k].text != "between" and toks[k + 1].text == "for"
        for k in range(a, b - 1)
    )


def _combined_after(doc: Document, number: NumberMention, reach: int) -> bool:
    """The words after the figure say it is a group's: "28 points and 13 rebounds between the
    two", "... combined" (up to the end of its clause, at most ``reach`` words)."""
    toks = doc.tokens
    end = doc.sentences[number.sentence][1]
    last = number.pair_last if number.pair_last is not None else number.last
    for k in range(last + 1, min(end, last + 1 + reach)):
        word = toks[k].text
        if word in _CLAUSE_BREAKS:
            return False
        nxt = toks[k + 1].text if k + 1 < end else ""
        if word == "combined" and nxt in {"for", "with"}:
            # "... and combined for 19 points": its own figure follows; "20 points combined
            # with strong defense": a verb of joining, no group's figure
            return False
        if word == "combined" or (word == "between" and nxt in {"the", "them"}):
            return True
    return False


def _group_words(toks: Sequence[Token], a: int, b: int) -> set[str]:
    """The words of tokens ``a..b``, without a "together" that a verb of making takes."""
    return {
        t.text
        for k, t in enumerate(toks[a:b], a)
        if t.text != "together" or k == 0 or toks[k - 1].text not in _PUT
    }


def _outside_relatives(
    toks: Sequence[Token], a: int, start: int, before: list[Mention]
) -> list[Mention]:
    """``before`` without the names inside a relative clause closed before the number ("Brandon
    Jennings, who lost minutes to D.J. Augustin in the first games, finished with 18 points":
    Jennings'), unless nothing else is named."""
    spans: list[tuple[int, int]] = []
    k = a + 1
    while k < start:
        if toks[k].text in _RELATIVE and toks[k - 1].text == ",":
            end = next((j for j in range(k + 1, start) if toks[j].text == ","), None)
            if end is None:
                break
            spans.append((k, end))
            k = end
        k += 1
    if not spans:
        return before
    outside = [m for m in before if not any(w < m.first and m.last < c for w, c in spans)]
    return outside or before


def _conceded(
    doc: Document,
    mentions: Sequence[tuple[Mention, ...]],
    number: NumberMention,
    start: int,
    reach: int = _DEFAULTS.grounding_hold_reach,
    config: Config = _DEFAULTS,
) -> Attribution | None:
    """The owner of a figure the subject holds someone to or gives up ("the Cavs held the
    Thunder to 37 percent", "holding them to 70 points on 31 percent", "gave up only eight
    points"), within ``reach`` words before it: the one held, when named between the verb
    and "to"; else the other entities named around, never surely. None when the number is not
    such a figure, or the verb is passive ("Durant was held to 12 points", "were limited to":
    the subject's own; ``config.grounding_passive_words`` before the verb). The others are
    those named ``config.grounding_conceded_sentences`` sentences back."""
    a, b = doc.sentences[number.sentence]
    toks = doc.tokens
    verb = to = None
    if number.last + 1 < b and toks[number.last + 1].text in TURNOVER_NOUNS:
        # "forcing 13 turnovers": the other side's turnovers
        verb = next(
            (k for k in range(start - 1, max(a, start - 3) - 1, -1) if toks[k].text in _FORCED),
            None,
        )
        if verb is None and start - 2 >= a and toks[start - 2].text in _POINT_NOUNS:
            if toks[start - 1].text == "on":
                return None  # "gave up only eight points on eight turnovers": its own
            if toks[start - 1].text == "off":
                # "scored 21 points off 16 turnovers": the other side's turnovers
                verb = start - 1
        to = verb
    for k in range(start - 1, max(a, start - reach) - 1, -1):
        if verb is not None:
            break
        text = toks[k].text
        if text in _CLAUSE_BREAKS:
            return None
        if text in _LIST_JOINS and to is None and k + 1 < start and _finite_verb(toks[k + 1].text):
            return None  # "held the Sixers to 38 percent and blocked 14 shots": a new verb's
        if text == "to" and to is None:
            to = k
        if (text in _HOLD_VERBS or text in _GIVE_VERBS) and to is not None:
            verb = k  # "held them to 70 points", "allowed Golden State to go 33 - of - 39"
            break
        if text in _GIVE_VERBS or (text == "up" and k > a and toks[k - 1].text in _GAVE):
            verb, to = k, k
            break
    if verb is None or to is None:
        return None
    if any(
        toks[k].text in PASSIVE_WORDS
        for k in range(max(a, verb - config.grounding_passive_words), verb)
    ):
        return None  # "was held to", "were again limited to"
    here = mentions[number.sentence]
    held = {m.entity for m in here if verb < m.first and m.last < to and m.entity != OTHER}
    if held:
        return Attribution(frozenset(held), False)
    # the subject (the sentence's first name, or the one carried into it) holds or gives up
    named = [m for m in here if m.last < verb and m.entity != OTHER]
    carried = _carried(mentions, number.sentence, carry_reach=config.grounding_carry_reach, doc=doc)
    holders = {named[0].entity} if named else set(carried.entities)
    back = config.grounding_conceded_sentences
    around = {
        m.entity
        for s in range(max(0, number.sentence - back), number.sentence + 1)
        for m in mentions[s]
        if m.entity != OTHER
    }
    return Attribution(frozenset(around - holders), True)


def _role_subject(
    doc: Document, sentence: int, start: int, before: list[Mention], config: Config
) -> bool:
    """The sentence opens with a description of a person ("The Clippers star point guard ...",
    "The perennial All-Star ...", "The German ...", "Portland's point guard ..."), perhaps after
    a fronted phrase naming no one of at most ``config.grounding_fronted_words`` words
    ("However, the reigning MVP ..."): "The" or an owner's name, then a role noun of
    ``config.grounding_person_roles`` or a people's name within ``grounding_role_reach`` words,
    and no name after that word before the number at token ``start``."""
    a, b = doc.sentences[sentence]
    toks = doc.tokens
    comma = next(
        (
            k
            for k in range(a + 1, min(b, a + config.grounding_fronted_words + 1))
            if toks[k].text == ","
        ),
        None,
    )
    if (
        comma is not None
        and toks[a].text != "the"
        and comma + 1 < b
        and toks[comma + 1].text == "the"
        and not any(m.first < comma for m in before)
    ):
        # "However, the reigning MVP did add seven rebounds": a fronted phrase naming no one
        a = comma + 1
        before = [m for m in before if m.first > comma]
    owner = before[0] if before and before[0].first == a and before[0].possessive else None
    if toks[a].text in _QUOTES and a + 2 < b:
        # '"The Little Guy" finished with 35 points': a quoted nickname opening the sentence
        close = next((k for k in range(a + 1, min(b, a + 6)) if toks[k].text in _QUOTES), None)
        if close is not None and any(t.capital for t in toks[a + 1 : close]):
            return not any(m.first > close for m in before)
    if toks[a].text != "the" and owner is None:
        return False  # "The Clippers star point guard", "Portland's point guard"
    if owner is None and a + 2 < b and toks[a + 1].text in _QUOTES:
        # 'The "Stifle Tower" had 19 points': a nickname in quotes for someone named before
        close = next((k for k in range(a + 2, min(b, a + 6)) if toks[k].text in _QUOTES), None)
        if close is not None and close > a + 2 and toks[a + 2].capital:
            return not any(m.first > close for m in before)
    roles = _role_stems(config.grounding_person_roles)
    first = a + 1 if owner is None else owner.last + 1
    for k in range(first, min(start, first + config.grounding_role_reach)):
        if toks[k].digits:
            return False
        if any(w in roles for w in stems(toks[k].text)) or _people_subject(
            toks, k, b, _role_stems(config.grounding_institution_nouns)
        ):
            # "The veteran guard Kyle Korver": his; "The forward took advantage of the Celtics'
            # big men": an object, the description stays the subject
            return not any(m.first > k and not _governed(toks, m.first, a) for m in before)
    return False


def _finite_verb(word: str) -> bool:
    """A verb a subject's figure follows: a past tense by its form ("blocked", "collected") or
    one of ``_PERSON_VERBS`` ("had", "hit", "scored")."""
    return past_tense(word, 4) or word in _PERSON_VERBS


def _opens_clause(toks: Sequence[Token], name: Mention) -> bool:
    """The ``name`` opens a clause of its own (", and Jeff Teague scored", "said Dwyane Wade
    played well"), rather than being a verb's or a preposition's object ("held the Sixers
    to")."""
    if name.last + 1 < len(toks) and _finite_verb(toks[name.last + 1].text):
        return True  # the name is a verb's subject
    k = name.first - 1
    if k >= 0 and toks[k].text in {"the", "a", "an"}:
        k -= 1
    return k < 0 or toks[k].text in {"and", ",", "but", ";", "then", "as", "while"}


def _subject_then_other(a: int, head: Mention, near: Mention) -> bool:
    """The sentence starting at token ``a`` opens with the table entity ``head`` as its subject
    ("The Heat ...", "Miami ..."), and ``near`` is another entity named after it."""
    return (
        head.entity != OTHER
        and near.entity != head.entity
        and not head.possessive
        and head.first <= a + 1
        and near.first > head.last
    )


def _own_of_subject(
    toks: Sequence[Token],
    sentence: tuple[int, int],
    head: Mention,
    near: Mention,
    number: NumberMention,
) -> bool:
    """The number is followed by "of their / his / her own" in a sentence that opens with
    ``head`` as its subject, and ``near`` (named nearest before it, after the subject) is
    another entity: the figure is the subject's."""
    a, b = sentence
    k = number.last + 1
    return (
        _subject_then_other(a, head, near)
        and k + 2 < b
        and toks[k].text == "of"
        and toks[k + 1].text in {"their", "his", "her", "its"}
        and toks[k + 2].text == "own"
    )


def _coordinated(toks: Sequence[Token], a: int, head: Mention, near: Mention, start: int) -> bool:
    """The number at ``start`` follows "and" / "," / "but" + a verb ("and blocked 14 shots",
    ", had 14 blocks", "but added eight rebounds") in a sentence that opens with ``head`` as its
    subject, and ``near`` (the entity named nearest before it) came after that subject: the verb
    is the subject's second verb."""
    return (
        _subject_then_other(a, head, near)
        and not _opens_clause(toks, near)
        and start - 2 > near.last
        and (toks[start - 2].text in _LIST_JOINS or toks[start - 2].text == "but")
        and _finite_verb(toks[start - 1].text)
        and not any(
            t.text in _CLAUSE_BREAKS or t.text in _RELATIVE for t in toks[head.last + 1 : start - 2]
        )
    )


def _governed(toks: Sequence[Token], first: int, a: int) -> bool:
    """The name starting at token ``first`` is the object of a preposition ("of the Celtics'")."""
    k = first - 1
    if k > a and toks[k].text == "the":
        k -= 1
    return k >= a and toks[k].text in _PREPOSITIONS


def _people_subject(
    toks: Sequence[Token], k: int, b: int, institutions: frozenset[str] = frozenset()
) -> bool:
    """Token ``k`` is a people's name standing alone for a person, or with one capitalised word
    (a nickname: "The Greek Freak") that is none of the ``institutions`` (stems: "The German
    Government"), a verb after it ("The German finished with ..."), not an adjective ("The
    French government reported ...")."""
    if not _people(toks[k].text) or k + 1 >= b:
        return False
    j = k + 1
    if toks[j].capital and j + 1 < b:
        if institutions & set(stems(toks[j].text)):
            return False  # "The German Government reported ..."
        j += 1  # a nickname: "The Greek Freak went for 41 points"
    nxt = toks[j].text
    return past_tense(nxt, 2) or nxt in _PERSON_VERBS


#: Verbs (not ending in -ed) that may follow a people's name used for a person
_PERSON_VERBS: Final = frozenset(
    {"had", "has", "was", "is", "led", "went", "hit", "shot", "put", "took", "got", "made"}
    | {"came", "ran", "won", "lost", "drew", "threw", "gave", "set", "added", "scored"}
)


@lru_cache(maxsize=4096)
def _people(word: str) -> bool:
    """``word`` names a country's people ("German", "Lithuanian"), not the country."""
    if len(word) < 5 or not word.isalpha():
        return False
    names = region_names(word)
    return bool(names) and word.casefold() not in {n.casefold() for n in names}


@lru_cache(maxsize=8)
def _role_stems(roles: tuple[str, ...]) -> frozenset[str]:
    return frozenset(w for r in roles for w in stems(r))


def _described(doc: Document, sentence: int, group: Mention, before: list[Mention]) -> bool:
    """The sentence's subject is a description ("The veteran guard of the Hawks ...", "The
    Weber State product and leader of the Blazers"): it opens with "The", names nothing before
    ``group`` but the description's own modifier right after "The", and ``group`` is the object
    of "of", "for" or "from"."""
    a, _b = doc.sentences[sentence]
    toks = doc.tokens
    k = group.first
    return (
        toks[a].text == "the"
        and k - 2 > a
        and toks[k - 1].text == "the"
        and toks[k - 2].text in _DESCRIBED_BY
        and all(
            # "The Weber State product": a modifier of a common noun, not a name ("The Old
            # Smelter Train of the ...")
            m.entity == OTHER
            and m.first == a + 1
            and not toks[m.last + 1].capital
            and toks[m.last + 1].text not in _PREPOSITIONS
            for m in before
            if m.last < k
        )
    )


def shooting_pair(doc: Document, number: NumberMention) -> bool:
    """A made - attempted pair of one player ("(8 - 9 FG, 5 - 6 FT)", "5 - of - 6 shooting"),
    not a score between two sides: it belongs to the one named nearest before it."""
    last = number.pair_last if number.pair_last is not None else number.last
    nxt = doc.tokens[last + 1].text if last + 1 < len(doc.tokens) else ""
    return nxt in _SHOOTING_MARKS


def _plural_subject(doc: Document, number: NumberMention, collective: tuple[str, ...] = ()) -> bool:
    """The number's sentence opens with a plural pronoun ("They", "Their"), or a clause before
    the number has a ``collective`` noun as its subject ("..., as the team shot 40 percent")
    that no later "he" / "she" replaces ("After the team fell behind, he scored 20")."""
    a, _b = doc.sentences[number.sentence]
    toks = doc.tokens
    if toks[a].text in _PLURAL:
        return True
    start = number.pair_first if number.pair_first is not None else number.first
    return any(
        toks[k].text == "the"
        and toks[k + 1].text in collective
        and (k == a or toks[k - 1].text in _SUBJECT_OPENERS)
        and not any(t.text in _PERSONAL for t in toks[k + 2 : start])
        for k in range(a, start - 1)
    )


def _named_last(
    mentions: Sequence[tuple[Mention, ...]], sentence: int, reach: int
) -> frozenset[int]:
    """The table entities of the nearest sentence before ``sentence`` (at most ``reach`` back)
    that names one."""
    for s in range(sentence - 1, max(-1, sentence - 1 - reach), -1):
        named = frozenset(m.entity for m in mentions[s] if m.entity != OTHER)
        if named:
            return named
    return frozenset()


def _carried(
    mentions: Sequence[tuple[Mention, ...]],
    sentence: int,
    plural: bool = False,
    plural_reach: int = _DEFAULTS.grounding_plural_reach,
    carry_reach: int = _DEFAULTS.grounding_carry_reach,
    doc: Document | None = None,
) -> Attribution:
    """The subject a sentence that names no one continues about ("He added ..."). A sentence
    opening with "They" passes over sentences that name only others or the entities it names
    itself (a player between two sentences about his team: "Conley finished with 10 points.
    They outscored the Thunder ..."), at most ``plural_reach`` sentences back (any other
    sentence: ``carry_reach``); what it finds is never sure."""
    here = mentions[sentence]
    skipped = False
    # "They outscored the Thunder": the group the pronoun names is not the one its clause names
    own = {m.entity for m in here} if plural else set()
    reach = plural_reach if plural else carry_reach
    for s in range(sentence - 1, max(-1, sentence - 1 - reach), -1):
        if mentions[s]:
            named = [m for m in mentions[s] if m.entity != OTHER and m.entity not in own]
            if doc is not None:
                named = _past_fronted_clause(doc, s, named)
            if not named:
                if plural:
                    skipped = True
                    continue
                return Attribution(frozenset(), True)
            unsure = (
                plural
                or skipped
                or named[0] is not mentions[s][0]
                or any(m.entity != OTHER for m in here)
            )
            return Attribution(frozenset({named[0].entity}), unsure)
    return Attribution(frozenset(), True)


#: Words opening a fronted subordinate clause ("Despite having trouble defending Pekovic,
#: Andre Drummond posted ..."): the names before its comma are not the sentence's subject
_FRONTED_OPENERS: Final = frozenset(
    {
        "despite",
        "after",
        "although",
        "though",
        "while",
        "when",
        "unlike",
        "like",
        "before",
        "since",
        "because",
        "without",
        "with",
        "against",
        "following",
    }
)


def _past_fronted_clause(doc: Document, s: int, named: list[Mention]) -> list[Mention]:
    """``named`` (the table entities sentence ``s`` names, in order) without those of a fronted
    subordinate clause when a name follows the clause's comma: the subject a later "He" carries
    ("Despite having trouble defending Pekovic, Andre Drummond still posted some solid numbers.
    He went 8 - for - 8": Drummond); ``named`` unchanged otherwise."""
    a, b = doc.sentences[s]
    toks = doc.tokens
    if a >= b or toks[a].text.casefold() not in _FRONTED_OPENERS:
        return named
    comma = next((k for k in range(a + 1, b) if toks[k].text == ","), None)
    if comma is None:
        return named
    after = [m for m in named if m.first > comma]
    return after if after and after[0] is not named[0] else named


#: Words before a side noun of ``Config.grounding_side_nouns`` ("the visitors", "their hosts")
_SIDE_DETERMINERS: Final = frozenset({"the", "their", "its"})
#: Words between a team's name and a side noun said of that team ("the Pacers, the visitors",
#: "the Pacers were the visitors")
_SIDE_APPOSITION: Final = frozenset({",", "were", "was", "are", "is"})


def _beside(here: Sequence[Mention], doc: Document, first: int, last: int) -> bool:
    """The side noun at tokens ``first``..``last`` (its determiner at ``first - 1``) is set
    beside a mention of ``here`` (the named team's): in apposition or said of it ("the
    Pacers, the visitors,", "the Pacers were the visitors", "the visitors, the Pacers,")."""
    toks = doc.tokens
    if (
        first >= 2
        and toks[first - 2].text in _SIDE_APPOSITION
        and any(m.last == first - 3 for m in here)
    ):
        return True
    if last + 1 < len(toks) and toks[last + 1].text == ",":
        return any(m.first in (last + 2, last + 3) for m in here)
    return False


def side_mentions(
    doc: Document,
    mentions: tuple[tuple[Mention, ...], ...],
    pair: tuple[int, int],
    nouns: Sequence[str],
) -> tuple[tuple[Mention, ...], ...]:
    """``mentions`` with a mention of a game's side added where a sentence names one team of
    ``pair`` (the table's two teams) and calls a side by a noun of ``nouns`` ("The visitors
    shot 42 percent, better than the Bulls' 39 percent": the visitors are the other team; not
    when set beside the named team, :func:`_beside`); a sentence naming neither team or both is
    left as it is."""
    phrases = [tuple(n.casefold().split()) for n in nouns if n.strip()]
    if not phrases:
        return mentions
    toks = doc.tokens
    out: list[tuple[Mention, ...]] = []
    for s, (a, b) in enumerate(doc.sentences):
        here = mentions[s]
        named = {m.entity for m in here if m.entity in pair}
        if len(named) != 1:
            out.append(here)
            continue
        other = pair[1] if pair[0] in named else pair[0]
        added: list[Mention] = []
        for i in range(a + 1, b):
            if toks[i - 1].text not in _SIDE_DETERMINERS or any(
                m.first <= i <= m.last for m in here
            ):
                continue
            for words in phrases:
                n = len(words)
                if i + n > b:
                    continue
                bases = [_base(t.text) for t in toks[i : i + n]]
                if tuple(w for w, _p in bases) == words:
                    if _beside([m for m in here if m.entity in named], doc, i, i + n - 1):
                        break  # "the Pacers, the visitors,": the team the sentence names
                    nxt = toks[i + n] if i + n < b else None
                    possessive = bases[-1][1] or (nxt is not None and nxt.text in {"'", "’"})
                    added.append(Mention(other, i, i + n - 1, possessive))
                    break
        out.append(tuple(sorted((*here, *added), key=lambda m: m.first)) if added else here)
    return tuple(out)

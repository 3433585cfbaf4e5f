"""Is a row key present in the source context? (Out-of-range vs. entity fabrication.)

The paper says only "the key is in the context"; here that means, for every non-null key cell:

1. ``exact``: the normalised key occurs in the normalised context on word boundaries; a number
   key occurs among the context's numbers (typed: "1,200" finds 1200); a date key's year occurs
   (and, for month/day precision, its month name or number too);
2. ``fuzzy``: rapidfuzz partial ratio of the normalised key against the normalised context is at
   least ``Config.grounding_fuzzy_threshold`` (keys of ``Config.grounding_min_chars`` or more);
3. ``embedding``: (embedding matcher only) cosine similarity of the key with its most similar
   context sentence is at least ``Config.grounding_embedding_threshold``; only the
   ``Config.grounding_max_sentences`` sentences closest to the key by rapidfuzz token-set ratio are
   embedded, so a long context costs a handful of sentences, not all of them.

Stages 1-2 are :func:`ground_lexically`; stage 3 needs the backend (:func:`ground_with_similarity`),
so that a batch can embed every pending key and sentence at once.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Final

from rapidfuzz import fuzz, process

from tablehallu.config import Config
from tablehallu.detectors.similarity import SimilarityBackend
from tablehallu.normalize import TypedCell, extract_numbers, normalize_text, tokens
from tablehallu.normalize.dates import day_and_month
from tablehallu.normalize.places import country_names
from tablehallu.normalize.text import normalized_tokens, stems

#: Cells that say whether their field holds ("Yes", "No"): read with the field, not as words
TRUTH_WORDS: Final = frozenset(["yes", "no", "true", "false"])
_SENTENCE_RE = re.compile(r"(?<=[.!?;])\s+|\n+")
#: English month names, lower case, January first.
MONTHS: tuple[str, ...] = tuple(
    [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ]
)


#: Endings a text may add to a value's word ("geolocators", "singled", "walked")
_WORD_ENDINGS: Final = ("s", "es", "d", "ed")
#: Suffixes of a creed or doctrine and its follower ("catholicism" / "catholic", "communism" /
#: "communist"), and the shortest root read with them
_CREED_SUFFIXES: Final = ("ism", "ist", "ic")
_CREED_ROOT_MIN: Final = 4


#: The words for the followers of a religion whose name is not theirs with a creed suffix
#: ("Hinduism" / "Hindu", "Judaism" / "Jewish", "Islam" / "Muslim")
_CREED_FOLLOWERS: Final[dict[str, tuple[str, ...]]] = {
    "hinduism": ("hindu", "hindus"),
    "judaism": ("jewish", "jew", "jews"),
    "islam": ("muslim", "muslims", "islamic"),
    "christianity": ("christian", "christians"),
    "sikhism": ("sikh", "sikhs"),
    "jainism": ("jain", "jains"),
    "zoroastrianism": ("zoroastrian", "zoroastrians"),
    "protestantism": ("protestant", "protestants"),
    "anglicanism": ("anglican", "anglicans"),
    "lutheranism": ("lutheran", "lutherans"),
    "mormonism": ("mormon", "mormons"),
    "confucianism": ("confucian", "confucians"),
}


def creed_followers(value: str) -> frozenset[str]:
    """The words (lower case) a text may use for the followers of the religion ``value`` names
    ("Judaism": "jewish", "jew", "jews"); empty for any other value."""
    return frozenset(_CREED_FOLLOWERS.get(" ".join(value.casefold().split()), ()))


def creed_forms(word: str) -> frozenset[str]:
    """The other words of ``word``'s creed: its root (``word`` without one or two creed
    suffixes, four letters or more) with each creed suffix, and ``word`` with one ("catholic":
    "catholicism", "catholicist"; "communist": "communism", "communic"); never the bare root
    ("methodist" is no "method"). Empty for a word of no such root."""
    if not word.isalpha() or len(word) < _CREED_ROOT_MIN:
        return frozenset()
    roots = [word]
    for _ in range(2):
        end = next((e for e in _CREED_SUFFIXES if roots[-1].endswith(e)), None)
        if end is None or len(roots[-1]) - len(end) < _CREED_ROOT_MIN:
            break
        roots.append(roots[-1][: -len(end)])
    return frozenset(f"{r}{e}" for r in roots for e in _CREED_SUFFIXES) - {word}


@dataclass(frozen=True)
class Grounding:
    """Whether a key was found in the context, by which stage, with what score."""

    grounded: bool | None  # None: only the similarity stage can decide
    matcher: str
    score: float


@dataclass(frozen=True)
class ContextIndex:
    """A context prepared once for many lookups."""

    raw: str
    text: str  # normalised
    known_tokens: frozenset[str] | None = None  # None: read from ``text`` when first needed
    numbers: frozenset[float] | None = None  # None: read from ``raw`` when first needed

    @cached_property
    def token_set(self) -> frozenset[str]:
        """The word tokens of the normalised context (most samples never need them)."""
        if self.known_tokens is not None:
            return self.known_tokens
        return frozenset(normalized_tokens(self.text))

    @cached_property
    def stem_set(self) -> frozenset[str]:
        """The stems of the normalised context's words (read on first use)."""
        return frozenset(stems(self.text))

    @cached_property
    def squashed(self) -> str:
        """The raw context in lower case with its spacing removed (read on first use)."""
        return "".join(self.raw.lower().split())

    @property
    def number_set(self) -> frozenset[float]:
        """The numbers written in the context (rounded to 9 decimals)."""
        return self.numbers if self.numbers is not None else _numbers_of(self.raw)

    @property
    def empty(self) -> bool:
        """True when there is no context text."""
        return not self.text

    @property
    def sentences(self) -> tuple[str, ...]:
        """The context's sentences, normalised (split on first use, then cached)."""
        return _sentences(self.raw)


@lru_cache(maxsize=256)
def index_context(context: str) -> ContextIndex:
    """Normalise and index a context (cached: contexts repeat across samples)."""
    text = normalize_text(context)
    return ContextIndex(raw=context, text=text)


@lru_cache(maxsize=256)
def _numbers_of(context: str) -> frozenset[float]:
    return frozenset(round(x, 9) for x in extract_numbers(context))


@lru_cache(maxsize=256)
def _sentences(context: str) -> tuple[str, ...]:
    return tuple(s for s in (normalize_text(x) for x in _SENTENCE_RE.split(context)) if len(s) > 1)


def _text_in(needle: str, ctx: ContextIndex) -> bool:
    toks = tokens(needle)
    if not toks:
        return needle in ctx.text
    if not all(t in ctx.token_set for t in toks):
        return False
    if len(toks) == 1:
        return True
    start = 0
    while True:
        i = ctx.text.find(toks[0], start)
        if i < 0:
            return False
        window = ctx.text[i : i + len(needle) * 2 + 16]
        wt = tokens(window)
        if wt[: len(toks)] == toks:
            return True
        start = i + 1


def cell_in_context(cell: TypedCell, ctx: ContextIndex) -> bool:
    """Stage 1 (exact, typed) search of one non-null cell in an indexed context."""
    if cell.kind == "number" and cell.number is not None:
        n = cell.number
        return any(round(v, 9) in ctx.number_set for v in (n.magnitude, n.value, abs(n.magnitude)))
    if cell.kind == "date" and cell.date is not None:
        d = cell.date
        if str(d.year) not in ctx.token_set and float(d.year) not in ctx.number_set:
            return False
        if d.month is None:
            return True
        month = MONTHS[d.month - 1]
        return month in ctx.token_set or month[:3] in ctx.token_set or _text_in(cell.text, ctx)
    return _text_in(cell.text, ctx)


#: Agent-noun endings whose stem names the field ("lawyer" / "law", "congressman" /
#: "congress", "farmer" / "farm"); not -ist/-ian, whose stems are other words ("Methodist",
#: "guardian"). Only the roots of ``Config.grounding_agent_roots`` state a value.
_AGENT_SUFFIXES: Final = ("yer", "man", "er")


def agent_roots(word: str) -> list[str]:
    """The field a person's noun is named from ("law" for "lawyer"), if it has an agent
    ending."""
    return [
        word[: -len(s)] for s in _AGENT_SUFFIXES if word.endswith(s) and len(word) - len(s) >= 3
    ]


_ORDINAL_ENDINGS: Final = ("st", "nd", "rd", "th")


@lru_cache(maxsize=8)
def occupation_kinds(groups: tuple[tuple[str, ...], ...]) -> dict[str, tuple[str, ...]]:
    """The stem of each group's first word (an occupation), and the word itself -> the group's
    other words (its kinds) (``Config.grounding_occupation_kinds``); a group whose occupation
    is of two or more words is skipped."""
    out: dict[str, tuple[str, ...]] = {}
    for name, *kinds in groups:
        key = stems(name)
        if len(key) == 1:
            for k in dict.fromkeys([key[0], name.casefold()]):
                out[k] = (*out.get(k, ()), *kinds)
    return out


#: Endings of a noun made from a verb, whose root the text may write as the verb
_NOUN_ENDINGS: Final = ("ion", "ment")


def cannot_be_stated(
    cell: TypedCell,
    ctx: ContextIndex,
    scale: float = 1.0,
    kinds: Mapping[str, tuple[str, ...]] | None = None,
) -> bool:
    """A cheap test before a claim is read in the context: the value cannot be stated there
    because the text holds none of its words (of three letters or more), or, for a number above
    99 (never written as a word), not the number itself (nor in the header's ``scale``: 312 for
    "$312,000,000" under "(USD Million)"); a word with a kind in ``kinds`` (of
    :func:`occupation_kinds`) the text holds may be stated ("politician": "a representative"),
    and an -ist whose field of work it holds ("journalist": "journalism")."""
    if cell.kind == "number" and cell.number is not None:
        n = cell.number
        if abs(n.magnitude) <= 99:
            return False
        values = [n.magnitude, n.value, n.value / scale, n.magnitude * scale]
        # "4,200" under "Revenue ($M)" is the text's "$4.2 billion": the whole in any scale word
        values += [n.magnitude * scale / big for big in (1e3, 1e6, 1e9) if scale != 1.0]
        # "$1,250,000" is the text's "$1.25 million": the whole in a scale word the text adds
        values += [n.value / big for big in (1e3, 1e6, 1e9) if abs(n.value) >= big]
        readings = {round(abs(x), 9) for x in values}
        return not any(x in ctx.number_set for x in readings)
    if cell.kind == "text":
        words = [w for w in tokens(cell.text) if len(w) > 2]
        known = ctx.token_set
        # "Geolocator" is in a text that says "Geolocators"; "single" in one that says
        # "singled" (the value's word as the text's verb)
        if not words or any(
            w in known or any(f"{w}{end}" in known for end in _WORD_ENDINGS) for w in words
        ):
            return False
        if any(r in known for w in words for r in agent_roots(w)):
            return False  # "lawyer": "he studied law"
        if any(not creed_followers(w).isdisjoint(known) for w in words):
            return False  # "Judaism": "a Jewish festival" (the claim's reading decides)
        if any(not creed_forms(w).isdisjoint(known) for w in words):
            return False  # "catholic": "converted to catholicism" (the claim's reading decides)
        if any(w in ctx.stem_set for w in stems(" ".join(words))):
            return False  # "agriculture": "agricultural pursuits" (one stem, as claims read)
        if kinds and any(set(tokens(kind)) <= known for w in words for kind in kinds.get(w, ())):
            return False  # "politician": "a united states representative"
        roots = [w[:-3] for w in words if w.endswith("ist") and len(w) >= 7]
        # "journalist": "engaged in journalism"; "execution": "he was executed", "retirement":
        # "he retired" (the noun of the text's verb)
        roots += [
            w[: -len(e)] for w in words for e in _NOUN_ENDINGS if w.endswith(e) and len(w) >= 8
        ]
        if roots and any(t.startswith(r) for r in roots for t in known):
            return False
        if any(w[:1].isdigit() and w.endswith(_ORDINAL_ENDINGS) for w in words):
            return False  # "2nd": the text may spell it "second"
        if day_and_month(cell.raw) is not None:
            return False  # "Feb 3": the text may write "3 February"
        if cell.text.strip() in TRUTH_WORDS:
            return False  # "Ratified: No": the text may state its field ("never ratified")
        if any(ch.isdigit() for ch in cell.raw) and "".join(cell.raw.lower().split()) in (
            ctx.squashed
        ):
            return False  # "6'6\" (198cm)": the text's 6 '6 "(198 cm)
        # "JPN" may be stated as "Japan"
        return not any(country_names(p) for p in cell.raw.replace(";", ",").split(","))
    return False


def ground_lexically(key: Sequence[TypedCell], ctx: ContextIndex, config: Config) -> Grounding:
    """Exact, then fuzzy search of every non-null key cell in the context."""
    cells = [c for c in key if c.kind != "null"]
    if not cells:
        return Grounding(False, "exact", 0.0)
    if all(cell_in_context(c, ctx) for c in cells):
        return Grounding(True, "exact", 1.0)
    worst = 1.0
    for c in cells:
        if cell_in_context(c, ctx):
            continue
        if c.kind == "text" and _qualified_in(c.raw, ctx):
            continue
        if c.kind in ("number", "date") or len(c.text) < config.grounding_min_chars:
            return Grounding(False, "exact", 0.0)
        if config.grounding_key_numbers_agree and any(
            round(n, 9) not in ctx.number_set for n in extract_numbers(c.text)
        ):
            return Grounding(False, "exact", 0.0)  # "Men's 200 m" is not the text's "100 metres"
        score = fuzz.partial_ratio(c.text, ctx.text) / 100.0
        worst = min(worst, score)
        if score < config.grounding_fuzzy_threshold:
            return Grounding(None, "fuzzy", score)
    return Grounding(True, "fuzzy", worst)


_QUALIFIER_RE = re.compile(r"\([^()]*\)")  # a scan stops at the next bracket: linear


def _qualified_in(raw: str, ctx: ContextIndex) -> bool:
    """A key with a bracketed qualifier ("Anthony Davis (before the break)"), whose name
    without it is in the context: the row is about an entity the text names."""
    bare = " ".join(_QUALIFIER_RE.sub(" ", raw).split())
    return bool(bare) and bare != raw.strip() and _text_in(normalize_text(bare), ctx)


def key_text(key: Sequence[TypedCell]) -> str:
    """The text of a (composite) key used for similarity grounding."""
    return " ".join(c.text for c in key if c.kind != "null")


def candidate_sentences(key: str, ctx: ContextIndex, config: Config) -> tuple[str, ...]:
    """The context sentences most likely to mention ``key`` (by rapidfuzz token-set ratio), at
    most ``Config.grounding_max_sentences`` of them: the only ones the embedding stage embeds."""
    if not ctx.sentences or not key:
        return ()
    best = process.extract(
        key, ctx.sentences, scorer=fuzz.token_set_ratio, limit=config.grounding_max_sentences
    )
    return tuple(sentence for sentence, _score, _index in best)


def ground_with_similarity(
    key: Sequence[TypedCell],
    sentences: Sequence[str],
    backend: SimilarityBackend,
    config: Config,
) -> Grounding:
    """Last stage: the key against candidate context sentences (embedding matcher only)."""
    if backend.name != "embedding" or not sentences:
        return Grounding(False, "fuzzy", 0.0)
    _, score = backend.best_match(key_text(key), sentences)
    return Grounding(score >= config.grounding_embedding_threshold, "embedding", score)


@lru_cache(maxsize=256)
def _folded(context: str) -> str:
    return context.casefold()


def may_mention(context: str, text: str) -> bool:
    """A cheap pre-check before indexing a context: every word of the normalised ``text``
    occurs somewhere in the case-folded raw context (accents aside, a necessary condition)."""
    folded = _folded(context)
    return all(t in folded for t in tokens(text)) if text.isascii() else True


def supported_by_context(
    pred: TypedCell, gold: TypedCell, key: Sequence[TypedCell], ctx: ContextIndex
) -> bool:
    """Whether the context states the row's value in the prediction's words and never in the
    gold table's: a sentence names the row's entity (a key cell) and holds the predicted text,
    and the gold text occurs nowhere in the context. The model then copied the source's own
    wording of the value (the gold table paraphrases it), which contradicts nothing."""
    if pred.kind != "text" or gold.kind != "text" or len(pred.text) < 3:
        return False
    if _text_in(gold.text, ctx) or not _text_in(pred.text, ctx):
        return False
    names = [c.text for c in key if c.kind != "null" and len(c.text) >= 2]
    if not names:
        return False
    return any(
        pred.text in sentence and any(name in sentence for name in names)
        for sentence in ctx.sentences
    )

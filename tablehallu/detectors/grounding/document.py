"""A context prepared once for claim grounding: tokens with character spans, sentences, and
the numbers the text states (:class:`NumberMention`).

Tokens are words (letters, inner apostrophes), numbers (``1200``, ``1,200``, ``46.5``), and single
punctuation marks; every token keeps its ``start:end`` span in the raw context, so evidence can
point at the exact characters. Sentences end at ``.``, ``!`` or ``?`` tokens (not after a single
letter, a dotted initial, or a known abbreviation) and at line breaks; the text may be
lower-cased (biographies often are).

Numbers stated in the text (:func:`number_mentions`):

- digits (``22``, ``1,200``, ``46.5``) and number words 0-99 (``four``, ``twenty - one``);
- ``a``/``an`` before a word = 1 (``a steal``); ``a pair of`` = 2, ``a trio of`` = 3;
  ``no``/``zero`` before a word = 0; ``failed to score`` / ``scoreless`` = 0 (attribute: points);
- pairs ``6 - for - 14``, ``6-of-14``, ``6 of 14`` (made / attempted: roles ``made`` and
  ``attempted``); ``(46 - 12)`` right after a name is a record (roles ``win``, ``loss``); any other
  ``95 - 88`` or ``58 percent to 40 percent`` is a two-sided pair (roles ``first``, ``second``);
- a percent sign or word after a number (``46 percent``, ``46%``) marks it as a percentage;
- bounds and approximations (``more than nine``, ``under 30``, ``nearly``, ``about``),
  differences and runs (``nine less turnovers``, ``eight unanswered points``, ``a 24 - 9 run``)
  mark it ``approximate``: it neither supports nor contradicts an exact value;
- ``averaging`` / ``per game`` / ``on the season`` next to it mark an ``aggregate`` (a season
  average is not a game value);
- the numbers of a clause timed by the clock (``with four seconds left``) are a ``moment`` of
  the game, and ``approximate``: not a game figure;
- a list of numbers before ``respectively`` (``51 and 56 percent ... from the field and from
  three, respectively``) is ``respective``: each number is the list's i-th (a percentage when
  one of them is), paired with the i-th name and the i-th noun phrase of the sentence.

Everything here is linear in the length of the context: one tokenising regex without nested
quantifiers over overlapping classes, then single passes over the tokens.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import accumulate, compress, repeat
from operator import itemgetter, or_
from typing import Final, NamedTuple

from tablehallu.detectors.grounding.attributes import read_words
from tablehallu.normalize.numbers import UNIT_SYNONYMS
from tablehallu.normalize.text import _fold_latin_accents

# a word or number (alphanumeric runs joined by single inner . , or apostrophes: "1,200", "3.5",
# "o'neal", "76ers", "c.j") or one other visible character; the separator is required between
# runs, so the scan is linear
_TOKEN_RE: Final = re.compile(r"[^\W_]+(?:[.,'’][^\W_]+)*|[^\w\s]")
# the same tokens with possessive repeats (~7% less time over the benchmark run's contexts):
# nothing after a run or a joined part could take a character back from it, so no match changes
# (property-tested)
_TOKEN_SPLIT_RE: Final = re.compile(r"([^\W_]++(?:[.,'’][^\W_]++)*+|[^\w\s])")
_NUMBER_RE: Final = re.compile(r"\d+(?:[.,]\d+)*")
# a comma glued between a letter and a letter or digit ("76ers,104"): not a number's comma
# (written from the comma, with lookbehinds: the engine then scans for commas only; matches
# where ``[^\W\d_],[^\W_]|\d,[^\W\d_]`` does, one character later: search from pos + 1)
_GLUED_RE: Final = re.compile(r",(?:(?<=[^\W\d_],)[^\W_]|(?<=\d,)[^\W\d_])")
_UPPER_RE: Final = re.compile(r"[A-Z]")
# a sentence end (end punctuation, closing quotes or brackets, whitespace) or a line break
_BOUNDARY_RE: Final = re.compile(r"[.!?][\"')\]]*\s+|\n")

_UNITS: Final = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
_TENS: Final = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
#: Cardinal number words (0-99 with the tens joined by a dash or space).
NUMBER_WORDS: Final[dict[str, int]] = {
    **{w: i for i, w in enumerate(_UNITS)},
    **{w: 20 + 10 * i for i, w in enumerate(_TENS)},
}
#: "scored twice on his debut": a count; not "twice as many", "twice the size"
_TIMES: Final[dict[str, int]] = {"twice": 2, "thrice": 3}
CURRENCY_WORDS: Final = frozenset(["$", "€", "£", "¥", "us$", "usd", "eur", "gbp"])
_GROUP_WORDS: Final[dict[str, int]] = {"pair": 2, "couple": 2, "trio": 3, "quartet": 4}
#: Words that follow a noun, not a number: "one three in 35 minutes" ("three" is the shot)
_AFTER_A_NOUN: Final = frozenset({"in", "on", ",", ".", ";", "and", "from", "while", "as", "("})
#: "turned the ball over 20 times", "turned it over 20 times": "over" of the verb, no bound
#: ("pushed it over 20 points" is more than 20)
_OBJECTS: Final = frozenset({"ball", "it"})
_TURNS: Final = frozenset({"turn", "turns", "turned", "turning"})
#: Units of an extent a figure took or a race was run over ("over 39 minutes", "Stakes over
#: 1,000 m"), and the words before "over" that make it a bound on that extent instead ("just
#: over 39 minutes", "played over 30 minutes")
_EXTENT_UNITS: Final = frozenset(
    {
        "minutes",
        "seconds",
        "hours",
        "days",
        "weeks",
        "months",
        "years",
        "games",
        "seasons",
        "innings",
        "laps",
        "rounds",
        "holes",
        "m",
        "km",
        "metres",
        "meters",
        "kilometres",
        "kilometers",
        "miles",
        "yards",
        "furlongs",
    }
)
_BOUND_LEADS: Final = frozenset(
    {
        "just",
        "in",
        "for",
        "with",
        "of",
        "played",
        "playing",
        "logged",
        "logging",
        "slightly",
        "well",
        "barely",
        "only",
        "after",
        "than",
        "took",
        "lasted",
        "spent",
        "a",
        "the",
    }
)
#: Words before "to" that make the dash pair after it a win-loss record ("fell to 2 - 13")
_TO_RECORD: Final = frozenset(
    [
        "improved",
        "improve",
        "improves",
        "improving",
        "fell",
        "fall",
        "falls",
        "falling",
        "dropped",
        "drop",
        "drops",
        "dropping",
        "record",
        "moved",
        "move",
        "moves",
        "moving",
    ]
)
#: Nouns before that verb that make the pair a score instead ("the lead fell to 60 - 58")
_SCORE_SUBJECTS: Final = frozenset(
    {"lead", "leads", "deficit", "margin", "advantage", "cushion", "edge", "gap", "score"}
)
#: Words before that verb or a few tokens after such a pair that make it a series' standing,
#: not the season's record
_SERIES: Final = frozenset({"series", "playoffs", "postseason"})
_APPROX: Final = frozenset(
    [
        "between",
        "more",
        "over",
        "under",
        "nearly",
        "almost",
        "about",
        "around",
        "roughly",
        "approximately",
        "least",
        "most",
        "fewer",
        "less",
        "upwards",
        "some",
        "close",
        "than",
        # "the only one to top 20 points": a threshold passed, not the figure
        "top",
        "topped",
        "topping",
        "surpass",
        "surpassed",
        "surpassing",
        "exceed",
        "exceeded",
        "exceeding",
        "eclipse",
        "eclipsed",
        "eclipsing",
    ]
)
#: right after a number: a difference or a run, not a total ("nine less turnovers", "seven more
#: assists than", "eight unanswered points")
_APPROX_AFTER: Final = frozenset(["more", "less", "fewer", "unanswered"])
#: right after a number and before a scoring noun: a run of scoring ("10 straight points"); before
#: any other noun the count itself ("four consecutive gold medals", "three straight titles")
_STREAK: Final = frozenset(["straight", "consecutive"])
_SCORING: Final = frozenset(["points", "buckets", "baskets", "shots", "field", "free", "three"])
#: right after a pair: a run within the game ("closed on a 24 - 9 run"), not the score
_RUN_NOUNS: Final = frozenset(["run", "runs", "spurt", "burst", "surge", "streak"])
_AGGREGATE: Final = frozenset(["averaging", "averaged", "average", "averages", "per", "career"])
_CLAUSE_CUTS: Final = frozenset({",", ";", "and", "while", "but", "("})
_MARGIN_NOUNS: Final = frozenset(
    [
        "lead",
        "leads",
        "loss",
        "losses",
        "win",
        "wins",
        "victory",
        "victories",
        "margin",
        "deficit",
        "run",
        "advantage",
        "cushion",
        "edge",
        "spurt",
        "swing",
        "blowout",
        "defeat",
        "triumph",
        "hole",
        "streak",
        "winning",
        "losing",
        "result",
        "rout",
        "drubbing",
        "thrashing",
    ]
)
_SCALES: Final[dict[str, float]] = {
    "thousand": 1e3,
    "k": 1e3,
    "million": 1e6,
    "millions": 1e6,
    "m": 1e6,
    "mn": 1e6,
    "billion": 1e9,
    "bn": 1e9,
    "b": 1e9,
    "trillion": 1e12,
}
#: Scale words of one letter, read as a scale only after a currency sign
_LETTER_SCALES: Final = frozenset({"k", "m", "b"})
#: Currency signs before a sum ("# 500" is how text dumps write the pound sign)
MONEY_SIGNS: Final = frozenset({"$", "£", "€", "¥", "#"})
_NEGATIONS: Final = frozenset({"not", "n't", "never", "without", "no", "nor"})
_PERCENT: Final = frozenset({"%", "percent", "pct", "percentage"})
_ABBREVIATIONS: Final = frozenset(
    [
        "mr",
        "mrs",
        "ms",
        "dr",
        "prof",
        "sr",
        "jr",
        "snr",
        "jnr",
        "st",
        "mt",
        "ft",
        "gen",
        "col",
        "lt",
        "sgt",
        "capt",
        "gov",
        "sen",
        "rep",
        "vs",
        "v",
        "no",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "inc",
        "ltd",
        "co",
        "corp",
        "approx",
        "est",
    ]
)
_SENTENCE_END: Final = frozenset(".!?")


class Token(NamedTuple):
    """One token: its case-folded, accent-folded text, its raw span, and whether it is a number
    written in digits (a tuple: contexts have thousands of tokens)."""

    text: str
    start: int
    end: int
    digits: bool
    capital: bool


@dataclass(frozen=True)
class NumberMention:
    """A number the text states, at tokens ``first..last`` (inclusive) of sentence ``sentence``.

    ``role``: ``None`` for a single number; ``made``/``attempted`` for a shooting pair;
    ``win``/``loss`` for a record; ``first``/``second`` for another two-sided pair.
    ``attribute_hint``: an attribute the wording itself implies (``point`` for "failed to
    score"). ``approximate``/``aggregate``: see the module docstring.
    """

    value: float
    first: int
    last: int
    sentence: int
    role: str | None = None
    percent: bool = False
    approximate: bool = False
    aggregate: bool = False
    attribute_hint: str | None = None
    pair_first: int | None = None  # token span of the whole pair, for windows and evidence
    pair_last: int | None = None
    scale: float = 1.0  # "3.2 million": 1e6
    moment: bool = False  # in a clause timed by the clock ("with four seconds left")
    respective: tuple[int, int] | None = None  # (i, n): the i-th of n listed before "respectively"

    def __hash__(self) -> int:
        # where it is written tells mentions apart (equal mentions hash alike); cheaper than
        # hashing every field (a grounder's caches are keyed by mentions)
        return hash((self.first, self.last, self.sentence))


@dataclass(frozen=True)
class Document:
    """A context, tokenised and split into sentences, with the numbers it states."""

    raw: str
    tokens: tuple[Token, ...]
    sentences: tuple[tuple[int, int], ...]  # token index ranges [a, b)
    numbers: tuple[NumberMention, ...]
    lowercase: bool

    def sentence_of(self, token: int) -> int:
        """Index of the sentence holding token ``token``."""
        lo, hi = 0, len(self.sentences) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.sentences[mid][0] <= token:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def sentence_span(self, index: int) -> tuple[int, int]:
        """Character span of sentence ``index`` in the raw context."""
        a, b = self.sentences[index]
        return self.tokens[a].start, self.tokens[b - 1].end

    def sentence_text(self, index: int) -> str:
        """Raw text of sentence ``index``."""
        s, e = self.sentence_span(index)
        return self.raw[s:e]


def fold_word(word: str) -> str:
    """A word as the document's tokens hold it: case-folded, Latin accents removed."""
    w = word.casefold().replace("’", "'")
    return w if w.isascii() else _fold_latin_accents(w)


_fold = fold_word


def _unglue(parts: list[str]) -> list[str]:
    """Split tokens glued by a comma that stands between two digits only in numbers
    ("76ers,104 - 99": "76ers", ",", "104"; "1,200" stays whole)."""
    out = [parts[0]]
    for tok, gap in zip(parts[1::2], parts[2::2], strict=True):
        if "," not in tok or len(tok) < 3:
            out += [tok, gap]
            continue
        cut = [
            k
            for k, ch in enumerate(tok)
            if ch == "," and 0 < k < len(tok) - 1 and not (tok[k - 1] + tok[k + 1]).isdigit()
        ]
        last = 0
        for k in cut:
            out += [tok[last:k], "", ",", ""]
            last = k + 1
        out += [tok[last:], gap]
    return out


# a digit right before a letter: a figure glued to its unit may be in the region ("250g")
_DIGIT_LETTER_RE: Final = re.compile(r"\d[^\W\d_]")
# a figure and the letters glued after it ("250g", "1,200kg"): possessive runs, and no start
# inside a figure, so a search is linear too
_FIGURE_LETTERS_RE: Final = re.compile(r"(?<![\d.,])(\d++(?:[.,]\d++)*+)([^\W\d_]+)")
# units a text glues to a figure ("250g", "12mm", "6ft"); not "pt" ("3pt": a kind of shot)
_GLUED_UNITS: Final = frozenset(
    k for k in UNIT_SYNONYMS if k.isalpha() and k.isascii() and k not in {"pt", "pts"}
)


#: scale letters a text glues to a figure ("$3M", "£5m", "12M parameters", "$4.8bn")
_GLUED_SCALES: Final = frozenset({"k", "m", "b", "mn", "bn"})


def _split_glued_units(parts: list[str]) -> list[str]:
    """Split a figure from the unit glued to it ("250g" of flour: "250", "g"), as
    :func:`_unglue` splits (gaps and tokens alternately); "3rd", "76ers", "1990s" stay whole."""
    out = [parts[0]]
    for tok, gap in zip(parts[1::2], parts[2::2], strict=True):
        found = _FIGURE_LETTERS_RE.fullmatch(tok) if tok[:1].isdigit() else None
        if found is None or found.group(2).lower() not in _GLUED_UNITS | _GLUED_SCALES:
            out += [tok, gap]
            continue
        out += [found.group(1), "", found.group(2), gap]
    return out


def _tokenize(raw: str, lower: str, a: int, b: int) -> list[Token]:
    # One split gives gaps and tokens alternately; offsets come from their running lengths
    # (C-level loops: a context has thousands of tokens). The pattern has no anchors or
    # lookarounds, so splitting raw[a:b] finds what finditer(raw, a, b) would.
    parts = _TOKEN_SPLIT_RE.split(raw[a:b])
    if _GLUED_RE.search(raw, a + 1, b):  # a + 1: the comma follows a character of the region
        parts = _unglue(parts)
    if _DIGIT_LETTER_RE.search(raw, a, b):
        parts = _split_glued_units(parts)
    texts = parts[1::2]
    offsets = list(accumulate(map(len, parts), initial=a))
    starts = offsets[1:-1:2]
    ends = offsets[2:-1:2]
    if len(lower) == len(raw):
        folded = list(map(lower.__getitem__, map(slice, starts, ends)))
    else:
        folded = [t.lower() for t in texts]
    if not lower.isascii():
        folded = [f if f.isascii() else _fold(t) for f, t in zip(folded, texts, strict=True)]
    firsts = "".join(map(itemgetter(0), texts))  # tokens are never empty
    digits = list(map(str.isdigit, firsts))
    for i in compress(range(len(digits)), digits):
        digits[i] = _NUMBER_RE.fullmatch(texts[i]) is not None
    upper = list(map(str.isupper, firsts))
    fields = zip(folded, starts, ends, digits, upper, strict=True)
    return list(map(tuple.__new__, repeat(Token), fields))  # Token(*f) without its __new__


#: Signs a one-letter unit is glued to ("1,538 °C.": a temperature, no initial)
_DEGREE_SIGNS: Final = frozenset({"°", "º"})


def _unit_before(tokens: tuple[Token, ...], k: int) -> bool:
    """Token ``k`` (one letter) is a unit: after a figure ("87 m.") or glued to a degree sign
    ("1,538 °C.")."""
    before = tokens[k - 1]
    return before.digits or (before.text in _DEGREE_SIGNS and before.end == tokens[k].start)


def _ends_sentence(tokens: tuple[Token, ...], i: int, raw: str) -> bool:
    tok = tokens[i]
    if tok.text not in _SENTENCE_END:
        return False
    if i + 1 < len(tokens) and tokens[i + 1].start == tok.end:
        return False  # "3.5" is one token already; "u.s." / "e.g." glue to the next letter
    if tok.text == "." and i > 0 and tokens[i - 1].end == tok.start:
        prev = tokens[i - 1].text
        if len(prev) == 1 and prev.isalpha() and not (i > 1 and _unit_before(tokens, i - 1)):
            return False  # an initial: "j. smith", "c.j. mccollum" (not "a depth of 87 m.")
        if prev in _ABBREVIATIONS or ("." in prev and not tokens[i - 1].digits):
            return False  # "dr.", "u.s.", "t.j. warren"; but "a PUE of 1.15." ends one
    return True


def _sentences(tokens: tuple[Token, ...], raw: str) -> tuple[tuple[int, int], ...]:
    spans: list[tuple[int, int]] = []
    begin = 0
    # a sentence can end only after an end mark or before a token that follows a line break
    texts = list(map(itemgetter(0), tokens))
    ends = set(compress(range(len(texts)), map(_SENTENCE_END.__contains__, texts)))
    breaks: set[int] = set()
    if tokens:
        lo, hi = tokens[0].start, tokens[-1].end
        nl = raw.find("\n", lo, hi)
        starts = [t.start for t in tokens] if nl >= 0 else []
        while nl >= 0:
            breaks.add(bisect.bisect_right(starts, nl))
            nl = raw.find("\n", nl + 1, hi)
    for i in sorted(ends | breaks):
        if i in breaks and i > begin and "\n" in raw[tokens[i - 1].end : tokens[i].start]:
            spans.append((begin, i))
            begin = i
        if i in ends and _ends_sentence(tokens, i, raw):
            spans.append((begin, i + 1))
            begin = i + 1
    if begin < len(tokens):
        spans.append((begin, len(tokens)))
    return tuple(s for s in spans if s[1] > s[0])


def _number_value(tokens: tuple[Token, ...], i: int, end: int) -> tuple[float, int] | None:
    """The number starting at token ``i`` (before ``end``) and the index of its last token."""
    tok = tokens[i]
    if tok.digits:
        text = tok.text
        if "," in text:
            parts = text.split(",")
            if all(len(p) == 3 for p in parts[1:]) and "." not in text:
                text = text.replace(",", "")
            else:
                return None
        if (
            i > 0
            and tokens[i - 1].text == "."
            and tokens[i - 1].end == tok.start
            and (i < 2 or not tokens[i - 2].digits or tokens[i - 2].end < tokens[i - 1].start)
            and text.isdigit()
        ):
            text = "0." + text  # ".320"
        try:
            return float(text), i
        except ValueError:
            return None
    if tok.text in NUMBER_WORDS:
        value = NUMBER_WORDS[tok.text]
        if tok.text in _TENS and i + 2 < end and tokens[i + 1].text == "-":
            unit = tokens[i + 2].text
            if unit in _UNITS[1:10]:
                return float(value + NUMBER_WORDS[unit]), i + 2
        return float(value), i
    if tok.text in _TIMES and (i + 1 >= end or tokens[i + 1].text not in {"as", "the", "a", "an"}):
        return float(_TIMES[tok.text]), i
    return None


def _turned_over(tokens: tuple[Token, ...], j: int, start: int) -> bool:
    """The "over" at token ``j`` is that of "turned the ball over" / "turned it over"."""
    k = j - 1
    if k < start or tokens[k].text not in _OBJECTS:
        return False
    if tokens[k].text == "ball" and k - 1 >= start and tokens[k - 1].text == "the":
        k -= 1
    return k - 1 >= start and tokens[k - 1].text in _TURNS


def _is_approx(tokens: tuple[Token, ...], i: int, start: int) -> bool:
    # the word right before the number ("about 40", "more than 9", "around $20"), not one a
    # word further ("built around an 8.0-inch display")
    j = i - 1
    while j >= start and tokens[j].text in CURRENCY_WORDS:
        j -= 1
    if j >= start and tokens[j].text in _APPROX:
        # "turned the ball over 20 times": the particle of a verb, not "more than"
        return not (tokens[j].text == "over" and _turned_over(tokens, j, start))
    if j - 1 >= start and tokens[j].text == "but" and tokens[j - 1].text == "all":
        return True  # "converting all but one": the complement of a figure
    # "between 50,000 and 250,000": both ends of a range
    return i - 3 >= start and tokens[i - 1].text == "and" and tokens[i - 3].text == "between"


def _spanned(tokens: tuple[Token, ...], i: int, j: int, start: int, end: int) -> bool:
    """The "over" before the number at tokens ``i..j`` gives the extent a figure took ("10
    rebounds and three assists over 39 minutes", "(7 - 16 FG) over 24 minutes", "the Stakes
    over 1,000 m"), not a bound ("just over 39 minutes", "played over 30 minutes", "served
    over 10 years")."""
    k = i - 1
    if k - 1 < start or tokens[k].text != "over" or j + 1 >= end:
        return False
    u = j + 1  # the unit, past a few words ("over 32 action - packed minutes")
    while u < min(end, j + 5) and tokens[u].text not in _EXTENT_UNITS:
        if not (tokens[u].text.isalpha() or tokens[u].text == "-"):
            return False
        u += 1
    if u >= end or tokens[u].text not in _EXTENT_UNITS:
        return False
    before = tokens[k - 1].text
    # "served over 10 years": a verb's own extent, bounded, as "played over 30 minutes"
    verb = past_tense(before, 5)
    return before == ")" or (before.isalpha() and before not in _BOUND_LEADS and not verb)


def _to_record(tokens: tuple[Token, ...], i: int, last: int, start: int, end: int) -> bool:
    """The dash pair at tokens ``i..last`` follows "fell to" / "improved their record to": a
    win-loss record ("The Lakers fell to 2 - 13"), not a score a lead fell to ("the lead fell
    to 60 - 58") nor a series' standing ("moved to 3 - 1 in the series", "the series fell to
    3 - 2")."""
    return (
        i - 1 > start
        and tokens[i - 1].text == "to"
        and tokens[i - 2].text in _TO_RECORD
        and (i - 3 < start or tokens[i - 3].text not in _SCORE_SUBJECTS | _SERIES)
        and all(t.text not in _SERIES for t in tokens[last + 1 : min(end, last + 4)])
    )


#: Words right after a win-loss record that make it a part of the record ("a 7 - 3 record in
#: their last ten games", "a record of 10 - 2 at home"), not the whole one
_PART_OF_RECORD: Final = frozenset(
    ["in", "on", "at", "against", "since", "over", "when", "versus", "vs", "during", "away"]
)


def _double_hyphen(tokens: tuple[Token, ...], k: int, end: int) -> bool:
    """Tokens ``k`` and ``k + 1`` are two hyphens written together ("--", a dash)."""
    return (
        k + 1 < end
        and tokens[k].text == "-"
        and tokens[k + 1].text == "-"
        and tokens[k + 1].start == tokens[k].end
    )


def _named_record(tokens: tuple[Token, ...], i: int, last: int, start: int, end: int) -> bool:
    """The dash pair at tokens ``i..last`` is named a record: "posted a 35 -- 48 record", "a
    record of 2 -- 6" (a win-loss record), unless a word after it makes it a part of one
    ("a 7 - 3 record in their last ten games")."""
    after = last + 1
    if after < end and tokens[after].text == "record":
        after += 1
    elif not (i - 2 >= start and tokens[i - 1].text == "of" and tokens[i - 2].text == "record"):
        return False
    return after >= end or tokens[after].text not in _PART_OF_RECORD


def _is_aggregate(tokens: tuple[Token, ...], first: int, last: int, start: int, end: int) -> bool:
    near = list(map(itemgetter(0), tokens[max(start, first - 3) : first]))
    after = list(map(itemgetter(0), tokens[last + 1 : min(end, last + 5)]))
    # "20 points and 10 rebounds, averaging 15 per game": the next clause's average
    cut = next((k for k, w in enumerate(after) if w in _CLAUSE_CUTS), len(after))
    near += after[:cut]
    if not _AGGREGATE.isdisjoint(near):
        return True
    joined = " ".join(near)
    return "on the season" in joined or "this season" in joined or "per game" in joined


def _percent_after(tokens: tuple[Token, ...], j: int, end: int) -> bool:
    if j + 1 < end and tokens[j + 1].text in _PERCENT:
        return True
    return j + 2 < end and tokens[j + 1].text == "per" and tokens[j + 2].text == "cent"


def _pair_after(
    tokens: tuple[Token, ...], j: int, end: int
) -> tuple[str, int, float, int, bool] | None:
    """A second number joined to the number ending at ``j``: (kind, its first token, value,
    its last token, percent)."""
    k = j + 1
    share = k < end and tokens[k].text in _PERCENT
    if share:
        k += 1
    seps: list[str] = []
    while k < end and len(seps) < 3 and tokens[k].text in {"-", "–", "—", "for", "of", "to", "/"}:
        seps.append(tokens[k].text)
        k += 1
        if _double_hyphen(tokens, k - 1, end):
            k += 1  # "35 -- 48": a dash written as two hyphens is one dash
    if not seps or k >= end:
        return None
    nxt = _number_value(tokens, k, end)
    if nxt is None:
        return None
    words = [s for s in seps if s.isalpha()]
    percent2 = _percent_after(tokens, nxt[1], end)
    if share and not percent2 and seps in (["of"], ["to"]):
        # "15.2% of 9,870 isolates", "fell by 38.7% to 84 residents": a percentage and a
        # count, not made of attempted nor a two-sided pair
        return None
    if words in (["for"], ["of"]) and (len(seps) in (1, 3)):
        kind = "shooting"
    elif words == ["to"] and len(seps) == 1:
        kind = "two_sided"
    elif not words and len(seps) == 1:
        kind = "dash"
    else:
        return None
    return kind, k, nxt[0], nxt[1], percent2


@lru_cache(maxsize=16384)
def _names_attribute_first(words: tuple[str, ...]) -> bool:
    """Whether the first of ``words`` is (part of) a phrase naming an attribute."""
    return read_words(words)[0][:1] != [None]


#: "the team's only block", "his lone assist", "a sole assist": one of the singular noun that
#: follows.
_ONLY: Final = frozenset({"only", "lone", "sole", "single"})

#: "remain undefeated": no loss (unless it was so only before: "the previously undefeated")
_UNBEATEN: Final = frozenset({"undefeated", "unbeaten"})
_BEFORE_NOW: Final = frozenset({"previously", "formerly", "once", "then", "hitherto"})
#: Words after "undefeated" that limit it to a part of the record ("undefeated at home",
#: "undefeated when they score 100", "an unbeaten streak", "an unbeaten innings of 120"): no
#: count of all the losses
_UNBEATEN_PART: Final = frozenset(
    {"at", "when", "in", "on", "against", "away", "since", "for", "streak", "run", "innings"}
)

#: Prepositions before "a" / "an" that make "a rebound", "a steal" one event of the story
#: ("fighting for a rebound", "fouled after a rebound"), not a tally. Not "on" / "off" /
#: "from": "a 104 - 103 lead on a three - pointer from Augustin" still counts his one three
_EVENT_PREPOSITIONS: Final = frozenset({"for", "after", "into", "during", "before", "following"})

#: Words a number mention can start at (besides digits).
_NUMBER_STARTS: Final = frozenset(
    {*NUMBER_WORDS, *_TIMES, "scoreless", "failed", "a", "an", "no", "zero", *_ONLY, *_UNBEATEN}
)


def _mentions_in(
    tokens: tuple[Token, ...], s: int, a: int, b: int, stops: list[int], at: int
) -> list[NumberMention]:
    """The numbers of sentence ``s`` (tokens ``a..b``); ``stops``: the sorted indices of the
    tokens a number can start at (digits, :data:`_NUMBER_STARTS`), read from ``stops[at]``
    on (nothing is found at any other token)."""
    out: list[NumberMention] = []
    i = a
    n_stops = len(stops)
    while True:
        while at < n_stops and stops[at] < i:
            at += 1
        if at == n_stops or stops[at] >= b:
            break
        i = stops[at]
        tok = tokens[i]
        # "failed to score", "scoreless": zero points
        if tok.text == "scoreless" or (
            tok.text == "failed" and i + 2 < b and tokens[i + 2].text.startswith("scor")
        ):
            out.append(NumberMention(0.0, i, i, s, attribute_hint="point"))
            i += 1
            continue
        if tok.text in _UNBEATEN:
            if (i == a or tokens[i - 1].text not in _BEFORE_NOW) and (
                i + 1 >= b or tokens[i + 1].text not in _UNBEATEN_PART
            ):
                out.append(NumberMention(0.0, i, i, s, "loss"))
            i += 1
            continue
        if tok.text in {"a", "an"} and i + 1 < b:
            nxt = tokens[i + 1].text
            if nxt in _GROUP_WORDS and i + 2 < b and tokens[i + 2].text == "of":
                after = tokens[i + 3] if i + 3 < b else None
                if after is None or not (after.digits or after.text in NUMBER_WORDS):
                    out.append(NumberMention(float(_GROUP_WORDS[nxt]), i, i + 2, s))
                # else "a pair of 23 - point efforts": how many efforts, no statistic
                i += 3
                continue
            ahead = tuple(t.text for t in tokens[i + 1 : min(b, i + 4)])
            event = i > a and tokens[i - 1].text in _EVENT_PREPOSITIONS
            if not event and _names_attribute_first(ahead):  # "a steal", "a three - pointer"
                behind = {t.text for t in tokens[max(a, i - 3) : i]}
                none = bool(behind & _NEGATIONS)  # "did not score a point", "without a steal"
                out.append(NumberMention(0.0 if none else 1.0, i, i, s))
            i += 1
            continue
        if tok.text in _ONLY:
            ahead = tuple(t.text for t in tokens[i + 1 : min(b, i + 4)])
            # the noun itself, past "three - " ("his only three - pointer"; "only three -
            # pointers" is a kind of shot, not one of them)
            noun = next((w for w in ahead if w != "-" and w not in NUMBER_WORDS), "")
            if noun and not noun.endswith("s") and _names_attribute_first(ahead):
                out.append(NumberMention(1.0, i, i, s))
            i += 1
            continue
        if tok.text in {"no", "zero"} and i + 1 < b and tokens[i + 1].text.isalpha():
            out.append(NumberMention(0.0, i, i, s))
            i += 1
            continue
        found = _number_value(tokens, i, b)
        if found is None:
            i += 1
            continue
        value, j = found
        if (
            j + 1 < b
            and tokens[j + 1].text == "three"
            and (j + 2 >= b or tokens[j + 2].text in _AFTER_A_NOUN)
        ):
            # "one three in 35 minutes": "three" is the shot (a three - pointer), no number
            out.append(NumberMention(value, i, j + 1, s, attribute_hint="threepoint"))
            i = j + 2
            continue
        if tok.text == "one" and j + 1 < b and tokens[j + 1].text == "of":
            after_of = tokens[j + 2 : min(b, j + 4)]
            if not any(t.digits or t.text in NUMBER_WORDS for t in after_of):
                i = j + 1  # "one of the few players to score": no count
                continue
        # "a 30 - point loss", "a 20 - point lead": a margin, not anyone's value
        if (
            j + 3 < b
            and tokens[j + 1].text == "-"
            # "a 103 - 100 win" is a score, not a margin
            and not (tokens[j + 2].digits or tokens[j + 2].text in NUMBER_WORDS)
            and (
                tokens[j + 3].text in _MARGIN_NOUNS
                # "three consecutive 20 - point efforts": a streak, not one game's figure
                or (i > a and tokens[i - 1].text in {"consecutive", "straight"})
            )
            and not (value == 3 and tokens[j + 2].text.startswith("point"))
        ):
            out.append(NumberMention(value, i, j + 2, s, approximate=True))
            i = j + 3
            continue
        # "three - point", "3-pointers", "three - pointer": an attribute word, not a number
        # ("a three - pointer" is one shot, counted by its "a"; "a three - point lead" is 3)
        if (
            value == 3
            and j + 2 < b
            and tokens[j + 1].text == "-"
            and tokens[j + 2].text.startswith("point")
            and (
                i == a
                or tokens[i - 1].text not in {"a", "an"}
                or tokens[j + 2].text.startswith("pointer")
            )
        ):
            i = j + 3
            continue
        # "(7 - 14 FG, 4 - 8 3 Pt)": the label of the pair before, not a number
        if (
            value == 3
            and j + 1 < b
            and tokens[j + 1].text in {"pt", "pts"}
            and i > a
            and tokens[i - 1].digits
        ):
            i = j + 2
            continue
        approx = (
            (_is_approx(tokens, i, a) and not _spanned(tokens, i, j, a, b))
            or (j + 1 < b and tokens[j + 1].text in _APPROX_AFTER)
            or (j + 2 < b and tokens[j + 1].text in _STREAK and tokens[j + 2].text in _SCORING)
        )
        percent = _percent_after(tokens, j, b)
        pair = _pair_after(tokens, j, b)
        if pair is None and tok.text in {"three", "3"} and i > a and tokens[i - 1].text == "from":
            i = j + 1  # "2 - of - 5 from three": the three-point line
            continue
        if pair is not None:
            kind, k, value2, last, percent2 = pair
            if kind == "shooting":
                roles = ("made", "attempted")
            elif kind == "dash" and (
                (
                    i > a
                    and tokens[i - 1].text == "("
                    and last + 1 < b
                    and tokens[last + 1].text == ")"
                )
                # "The Lakers fell to 2 - 13", "improved their record to 30 - 12"
                or _to_record(tokens, i, last, a, b)
                # "posted a 35 -- 48 record", "a record of 2 -- 6"
                or _named_record(tokens, i, last, a, b)
            ):
                roles = ("win", "loss")
            else:
                roles = ("first", "second")
            agg = _is_aggregate(tokens, i, last, a, b)
            approx = approx or (last + 1 < b and tokens[last + 1].text in _RUN_NOUNS)
            out.append(
                NumberMention(
                    value, i, j, s, roles[0], percent or percent2, approx, agg, None, i, last
                )
            )
            out.append(
                NumberMention(
                    value2, k, last, s, roles[1], percent2 or percent, approx, agg, None, i, last
                )
            )
            i = last + 1
            continue
        out.append(
            NumberMention(
                value,
                i,
                j,
                s,
                percent=percent,
                approximate=approx,
                aggregate=_is_aggregate(tokens, i, j, a, b),
                scale=_scale_after(tokens, i, j, a, b),
            )
        )
        i = j + 1
    return out


def _scale_after(tokens: tuple[Token, ...], i: int, j: int, a: int, b: int) -> float:
    """The scale word after the number at tokens ``i..j`` ("3.2 million", "$5m"); a one-letter
    scale counts only after a currency sign ("87 m" is a length, "$87m" money) or as a capital
    glued to the figure ("12M parameters")."""
    if j + 1 >= b:
        return 1.0
    after = tokens[j + 1]
    word = after.text
    # a capital glued to the figure is a scale without a sign too ("12M parameters", "3B")
    capital = after.capital and after.start == tokens[j].end
    if word in _LETTER_SCALES and not (i > a and tokens[i - 1].text in MONEY_SIGNS) and not capital:
        return 1.0
    return _SCALES.get(word, 1.0)


def _build(raw: str, regions: tuple[tuple[int, int], ...] | None) -> Document:
    lower = raw.lower()
    tokens: list[Token] = []
    sentences: list[tuple[int, int]] = []
    for a, b in regions if regions is not None else ((0, len(raw)),):
        part = _tokenize(raw, lower, a, b)
        offset = len(tokens)
        sentences.extend((x + offset, y + offset) for x, y in _sentences(tuple(part), raw))
        tokens.extend(part)
    toks = tuple(tokens)
    numbers: list[NumberMention] = []
    texts = map(itemgetter(0), toks)
    starts_number = map(or_, map(itemgetter(3), toks), map(_NUMBER_STARTS.__contains__, texts))
    stops = list(compress(range(len(toks)), starts_number))  # digits, or a number word
    for s, (a, b) in enumerate(sentences):
        found = _mentions_in(toks, s, a, b, stops, bisect.bisect_left(stops, a))
        if found:
            found = _timed(toks, a, b, found)
            if len(found) > 1 and any(m.aggregate for m in found):
                found = _listed_aggregates(toks, found)
            if len(found) > 1 and any(t.text == "respectively" for t in toks[a:b]):
                found = _respective(toks, b, found)
        numbers.extend(found)
    head = raw[:3000]
    lowercase = len(_UPPER_RE.findall(head)) < 0.005 * len(head)
    return Document(raw, toks, tuple(sentences), tuple(numbers), lowercase)


_CLOCK_UNITS: Final = frozenset({"second", "seconds", "minute", "minutes"})
_CLOCK_LEFT: Final = frozenset({"left", "remaining"})
_CLOCK_TO: Final = frozenset({"play", "go"})  # "two minutes to play"
_CLAUSE_MARKS: Final = frozenset({",", ";", ":"})


#: Verbs (not ending in -ed) that open a second predicate after "and" ("11 points and had a
#: clutch block with 12 seconds left": the clock times the block, not the points)
_AND_VERBS: Final = frozenset({"had", "hit", "made", "got", "took", "sank", "drew", "threw"})


def past_tense(word: str, shortest: int) -> bool:
    """``word`` reads as a verb's past tense by its form: an "-ed" word of ``shortest`` letters
    or more ("blocked", "collected"; with ``shortest`` 4, not "red" or "bed")."""
    return len(word) >= shortest and word.endswith("ed") and word.isalpha()


def _new_verb(tokens: tuple[Token, ...], k: int, b: int) -> bool:
    """Token ``k`` opens a new predicate: "and" + a verb ("... and had a clutch block")."""
    if tokens[k - 1].text != "and" or k >= b:
        return False
    word = tokens[k].text
    return word in _AND_VERBS or past_tense(word, 5)


def _timed(
    tokens: tuple[Token, ...], a: int, b: int, found: list[NumberMention]
) -> list[NumberMention]:
    """The numbers of a sentence, those of a clause timed by the clock ("sank a pair of free
    throws with four seconds left to give Indiana an 88 - 87 lead") marked ``moment`` and
    ``approximate``: a moment of the game, not a game figure."""

    def left(k: int) -> bool:  # "left", "remaining", "to play", "to go" at token k
        return k < b and (
            tokens[k].text in _CLOCK_LEFT
            or (tokens[k].text == "to" and k + 1 < b and tokens[k + 1].text in _CLOCK_TO)
        )

    clocks = [
        m.last
        for m in found
        if (m.last + 1 < b and tokens[m.last + 1].text in _CLOCK_UNITS and left(m.last + 2))
        # "with 2:54 to play"
        or (left(m.last + 1) and m.first > a and tokens[m.first - 1].text == ":")
    ]
    if not clocks:
        return found
    spans = []
    for k in clocks:
        lo = k
        while lo > a and tokens[lo - 1].text not in _CLAUSE_MARKS and not _new_verb(tokens, lo, b):
            lo -= 1
        hi = k
        while hi + 1 < b and tokens[hi + 1].text not in _CLAUSE_MARKS:
            hi += 1
        spans.append((lo, hi))
    return [
        replace(m, moment=True, approximate=True)
        if any(lo <= m.first and m.last <= hi for lo, hi in spans)
        and not _beyond_clock(tokens, m, b)
        else m
        for m in found
    ]


#: Nouns naming a game's result after its score ("a 117 - 114 win"): the final score
_FINAL_RESULTS: Final = frozenset({"win", "victory", "triumph", "loss", "defeat"})


def _beyond_clock(tokens: tuple[Token, ...], m: NumberMention, b: int) -> bool:
    """``m``, in a clause timed by the clock, is still no moment of the game: a season record
    ("to give the Thunder (38 - 13) ...") or the final score, a pair right before a result noun
    ("... a 117 - 114 win": the clock times the shot that settled it, not the score)."""
    if m.role in {"win", "loss"}:
        return True
    if _of_a_whole_game(tokens, m, b):
        return True
    if m.pair_last is None:
        return False
    return any(t.text in _FINAL_RESULTS for t in tokens[m.pair_last + 1 : min(b, m.pair_last + 3)])


#: Nouns of a whole game's line a figure written as an adjective describes ("a 16 - point,
#: seven - rebound night")
_WHOLE_GAME_NOUNS: Final = frozenset(
    {"night", "game", "performance", "effort", "outing", "evening", "afternoon", "showing"}
)
#: How far after such a figure its noun may come (the other figures of the line between); the
#: document is indexed once for every config, so this is no Config field
WHOLE_GAME_REACH: Final = 10


def _of_a_whole_game(tokens: tuple[Token, ...], m: NumberMention, b: int) -> bool:
    """``m`` is written as an adjective of a whole game's line ("to close out a 16 - point,
    seven - rebound night": its noun within ``WHOLE_GAME_REACH`` words), however the clause is
    timed."""
    k = m.last + 1
    if m.pair_last is not None or k + 1 >= b or tokens[k].text != "-":
        return False
    end = min(b, k + 2 + WHOLE_GAME_REACH)
    return any(t.text in _WHOLE_GAME_NOUNS for t in tokens[k + 2 : end])


_LIST_MARKS: Final = frozenset({",", "and"})


def _listed_aggregates(
    tokens: tuple[Token, ...], found: list[NumberMention]
) -> list[NumberMention]:
    """The numbers of a sentence, every number of a list ("averaging 17 points, 4 rebounds and
    4 assists on the year") marked ``aggregate`` when one of the list is: each figure joined to
    the next by at most two words and a comma or "and" is read with it."""
    out = list(found)

    def linked(x: NumberMention, y: NumberMention) -> bool:
        words = [t.text for t in tokens[x.last + 1 : y.first]]
        return (
            0 < len(words) <= 3
            and words[-1] in _LIST_MARKS
            and all(
                not t.digits and t.text not in _LIST_MARKS for t in tokens[x.last + 1 : y.first - 1]
            )
            and (len(words) < 2 or words[-2] != ",")
        ) or words == [",", "and"]

    changed = True
    while changed:
        changed = False
        for k in range(len(out) - 1):
            x, y = out[k], out[k + 1]
            if x.aggregate != y.aggregate and linked(x, y):
                out[k] = replace(x, aggregate=True)
                out[k + 1] = replace(y, aggregate=True)
                changed = True
    return out


_LISTING: Final = frozenset({",", "and", "or", "%", "percent", "pct"})


def _respective(
    tokens: tuple[Token, ...], b: int, found: list[NumberMention]
) -> list[NumberMention]:
    """The numbers of a sentence, a list of two or more single numbers joined by commas and
    "and" and followed later in the sentence by "respectively" marked ``respective`` (and all
    percentages when one is: "51 and 56 percent")."""
    out = list(found)
    k = 0
    while k < len(out):
        run = [k]
        while (
            run[-1] + 1 < len(out)
            and out[run[-1]].role is None
            and out[run[-1] + 1].role is None
            and all(
                t.text in _LISTING for t in tokens[out[run[-1]].last + 1 : out[run[-1] + 1].first]
            )
        ):
            run.append(run[-1] + 1)
        end = out[run[-1]].last
        if (
            len(run) > 1
            and out[k].role is None
            and any(t.text == "respectively" for t in tokens[end + 1 : b])
        ):
            percent = any(out[i].percent for i in run)
            for n, i in enumerate(run):
                out[i] = replace(out[i], respective=(n, len(run)), percent=percent)
        k = run[-1] + 1
    return out


@lru_cache(maxsize=128)
def index_document(context: str, regions: tuple[tuple[int, int], ...] | None = None) -> Document:
    """Tokenise, split and read the numbers of a context, or only of its ``regions`` (each a
    run of whole sentences); cached: contexts repeat (128 documents, ~0.2 MB each for a
    7 000-character context: a run's samples of one source are often spread over the file)."""
    return _build(context, regions)


def regions_around(
    context: str, words: frozenset[str], after: int = 2
) -> tuple[tuple[int, int], ...] | None:
    """The runs of sentences of ``context`` that hold one of ``words`` (case-folded, found as
    substrings) and the ``after`` sentences that follow each; ``None`` (the whole context) when
    that is most of it. Lets a long context be read only where a table's entities are named."""
    lower = context.lower()
    hits = sorted(i for w in words if w for i in _find_all(lower, w))
    if not hits:
        return ()
    ends = [m.end() for m in _BOUNDARY_RE.finditer(context)]
    spans: list[tuple[int, int]] = []
    for i in hits:
        k = bisect.bisect_right(ends, i)
        start = ends[k - 1] if k > 0 else 0
        stop = ends[k + after] if k + after < len(ends) else len(context)
        if spans and start <= spans[-1][1]:
            spans[-1] = (spans[-1][0], max(spans[-1][1], stop))
        else:
            spans.append((start, stop))
    if sum(b - a for a, b in spans) > 0.6 * len(context):
        return None
    return tuple(spans)


def _find_all(text: str, word: str) -> list[int]:
    out: list[int] = []
    i = text.find(word)
    while i >= 0 and len(out) < 10_000:
        out.append(i)
        i = text.find(word, i + 1)
    return out

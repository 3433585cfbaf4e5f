"""Text helpers of the dataset check: sentences, number words, header words, missing-info phrases.

Everything here is linear in the length of its input: the regular expressions are alternations of
fixed words separated by single spaces (applied to :func:`~tablehallu.normalize.normalize_text`
output, where whitespace runs are already one space) or bounded character classes, so none can
backtrack more than a fixed number of characters per position.
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tablehallu.normalize import normalize_text

__all__ = [
    "ABBREVIATIONS",
    "APOSTROPHES",
    "NUMBERED_ABBREVIATIONS",
    "NUMBER_WORDS",
    "TRIGGERS",
    "MissingPhrase",
    "find_missing_phrases",
    "find_phrase",
    "sentence_spans",
    "spelled_numbers",
    "split_sentences",
    "vocabulary",
    "without_initial_dots",
    "word_matches",
]


def vocabulary(text: str) -> tuple[str, ...]:
    """The whitespace-separated words of a vocabulary written as one string."""
    return tuple(text.split())


# --- sentences --------------------------------------------------------------------------------

#: Words that end with a full stop without ending the sentence (compared case-insensitively).
#: Single letters (initials: "John F. Kennedy") and dotted abbreviations ("U.S.", "e.g.") are
#: recognised by shape and need no entry here.
ABBREVIATIONS: Final[frozenset[str]] = frozenset(
    vocabulary(
        """mr mrs ms mx dr prof sr jr st ste mt ft fr rev gen col lt sgt capt cmdr adm gov sen
        rep pres hon messrs mme mlle msgr approx ca cf v vs al dept univ assn bros ave blvd"""
    )
)
#: Abbreviations that are ordinary words too; they only hold a sentence together when a digit
#: follows ("No. 5", "Jan. 12", "pp. 3-4").
NUMBERED_ABBREVIATIONS: Final[frozenset[str]] = frozenset(
    vocabulary(
        """no nos vol vols pp p fig figs art sec ch op est jan feb mar apr jun jul aug sep sept
        oct nov dec"""
    )
)

# End punctuation and closing quotes/brackets (group 1), whitespace, then a character that can
# start a sentence (not lower case, not , ; :): a candidate sentence boundary. Linear: a match
# starts only at the first mark of a run (the lookbehind; a later start would fail the same
# way, so a run of 100 000 dots is scanned once, not once per dot) and the possessive
# quantifiers give nothing back (what follows each of them cannot match what it consumed).
_BOUNDARY_RE: Final = re.compile(
    r"(?<![.!?])([.!?]++[\"'”’»)\]]*+)\s++(?=[^\sa-z\u00df-\u00f6\u00f8-\u00ff,;:])"
)
_DOTTED_RE: Final = re.compile(r"(?:[A-Za-z]\.)+[A-Za-z]")
_WORD_CHARS: Final = string.ascii_letters + "."
_LOOKBACK: Final = 24
_LINE_RE: Final = re.compile(r"\S[^\r\n]*")


def _holds_together(text: str, stop: int, nxt: str) -> bool:
    """True when the full stop at ``text[stop]`` closes an abbreviation or an initial."""
    window = text[max(0, stop - _LOOKBACK) : stop]
    head = window.rstrip(_WORD_CHARS)
    word = window[len(head) :].lstrip(".")
    if not word:
        return False
    before = head[-1:] or " "
    if before.isalnum() or before in "'’":
        return False  # the end of a longer word: "Castell's.", "3,210m.", "Café."
    lower = word.lower()
    if lower in ABBREVIATIONS or (lower in NUMBERED_ABBREVIATIONS and nxt.isdigit()):
        return True
    if len(word) == 1:  # an initial: "John F. Kennedy" (but "3,210 m." is a unit)
        return word.isupper()
    return "." in word and _DOTTED_RE.fullmatch(word) is not None  # "U.S", "e.g", "Ph.D"


def _line_spans(text: str, start: int, end: int, out: list[tuple[int, int]]) -> None:
    """Append the sentence spans of the line ``text[start:end]`` (which starts with a
    non-space character) to ``out``."""
    begin = start
    for m in _BOUNDARY_RE.finditer(text, start, end):
        stop = m.start()
        if (
            text[stop] == "."
            and m.end(1) == stop + 1
            and text[stop - 1 : stop].isalpha()
            and _holds_together(text, stop, text[m.end()])
        ):
            continue
        out.append((begin, m.end(1)))
        begin = m.end()
    last = text[begin:end].rstrip()
    if last:
        out.append((begin, begin + len(last)))


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of every sentence of ``text`` (see :func:`split_sentences`)."""
    out: list[tuple[int, int]] = []
    for line in _LINE_RE.finditer(text):
        _line_spans(text, line.start(), line.end(), out)
    return out


def split_sentences(text: str) -> list[str]:
    """The sentences of ``text``, as written (stripped).

    A sentence ends at ``.``, ``!`` or ``?`` (with any closing quotes or brackets) followed by
    whitespace and a character that is not lower case, and at every line break. A full stop after
    a single letter ("John F. Kennedy", "Roe v. Wade"), a dotted abbreviation ("U.S.", "e.g."), a
    word of :data:`ABBREVIATIONS` ("St. Aldric", "Dr. Osei") or, before a digit, a word of
    :data:`NUMBERED_ABBREVIATIONS` ("No. 5", "Jan. 12") does not end a sentence.
    """
    return [text[a:b] for a, b in sentence_spans(text)]


def find_phrase(haystack: str, needle: str, start: int = 0) -> int:
    """Index of ``needle`` in ``haystack`` at or after ``start`` where it is not part of a
    longer word (an alphanumeric end of ``needle`` is not next to an alphanumeric character);
    -1 if there is none."""
    if not needle:
        return -1
    i = haystack.find(needle, start)
    while i >= 0:
        j = i + len(needle)
        before = haystack[i - 1] if i > 0 else " "
        after = haystack[j] if j < len(haystack) else " "
        if not (before.isalnum() and needle[0].isalnum()) and not (
            after.isalnum() and needle[-1].isalnum()
        ):
            return i
        i = haystack.find(needle, i + 1)
    return -1


# two or more single letters, each followed by a full stop: "c.j. ", "u. s."
_INITIALS_RE: Final = re.compile(r"(?<![^\W\d_])[^\W\d_]\.(?: ?[^\W\d_]\.)+")


def without_initial_dots(text: str) -> str:
    """``text`` with the full stops of initialisms removed ("c.j. miles" -> "cj miles",
    "the u.s. team" -> "the us team"); other text is unchanged."""
    if "." not in text:
        return text
    return _INITIALS_RE.sub(lambda m: m.group().replace(".", "").replace(" ", ""), text)


# --- numbers written as words -------------------------------------------------------------------

_UNITS: Final[tuple[str, ...]] = vocabulary(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
)
_TENS: Final[tuple[str, ...]] = vocabulary("twenty thirty forty fifty sixty seventy eighty ninety")

#: Cardinal number words and their values (0-99; "twenty-one" and "twenty one" are 21).
NUMBER_WORDS: Final[dict[str, int]] = {
    **{w: i for i, w in enumerate(_UNITS)},
    **{w: 20 + 10 * i for i, w in enumerate(_TENS)},
}

_NUMBER_WORD_RE: Final = re.compile(
    r"\b("
    + "|".join(_TENS)
    + r")(?:[- ]("
    + "|".join(_UNITS[1:10])
    + r"))?\b|\b("
    + "|".join(_UNITS)
    + r")\b"
)


def spelled_numbers(normalized: str) -> set[float]:
    """Values of the cardinal number words (0-99) in an already normalised text."""
    out: set[float] = set()
    for m in _NUMBER_WORD_RE.finditer(normalized):
        if m.group(1):
            value = NUMBER_WORDS[m.group(1)]
            if m.group(2):
                value += NUMBER_WORDS[m.group(2)]
            out.add(float(value))
        else:
            out.add(float(NUMBER_WORDS[m.group(3)]))
    return out


# --- header words ------------------------------------------------------------------------------

_PLAIN_SUFFIXES: Final[tuple[str, ...]] = ("", "s", "es", "d", "ed", "ing")


def word_matches(word: str, header_word: str, stem_chars: int) -> bool:
    """Whether a word of the text is a form of a header word.

    Header words of more than ``stem_chars`` letters match any word sharing their first
    ``stem_chars`` letters ("operator" / "operated" with 6); shorter ones match themselves with a
    plain suffix (``s es d ed ing``: "price" / "priced").
    """
    if len(header_word) > stem_chars:
        return len(word) >= stem_chars and word[:stem_chars] == header_word[:stem_chars]
    return word.startswith(header_word) and word[len(header_word) :] in _PLAIN_SUFFIXES


# --- phrases that state missing information ---------------------------------------------------

_COPULA = r"(?:is|are|was|were|be|been|being|remains|remain|remained|stays|stayed)"
_ADVERB = r"(?:(?:still|currently|publicly|officially|yet|also|largely|entirely|not yet) )?"
_STATE = (
    r"(?:unknown|not known(?! (?:for|as|to)\b)|undisclosed|not disclosed|unreported|not reported"
    r"|unspecified|not specified|unpublished|not published|unrecorded|not recorded|undocumented"
    r"|not documented|not made public|not stated|not mentioned|not publicly available)"
)
_INFO_NOUN = (
    r"(?:information|info|data|details|detail|figures|figure|numbers|statistics|stats|records"
    r"|record|value|values|amount|sum|price|pricing|cost|terms)"
)
_INFO_STATE = r"(?:unknown|unavailable|not available|not disclosed|undisclosed|not reported)"
_VERB_NEG = (
    r"(?:did not|didn't|does not|doesn't|do not|don't|has not|hasn't|have not|haven't|had not"
    r"|declined to|refused to|chose not to|opted not to|without)"
)
_VERB = (
    r"(?:disclose|disclosed|disclosing|reveal|revealed|revealing|specify|specified|specifying"
    r"|publish|published|publishing|state|stated|stating|report|reported|reporting"
    r"|make public|made public|making public)"
)

_MISSING_RES: Final[tuple[re.Pattern[str], ...]] = (
    re.compile(rf"\b{_COPULA} {_ADVERB}{_STATE}\b"),
    re.compile(rf"\b{_INFO_NOUN} (?:{_COPULA} )?{_ADVERB}{_INFO_STATE}\b"),
    re.compile(rf"\b{_VERB_NEG} (?:(?:publicly|officially|yet) )?{_VERB}\b"),
    re.compile(
        r"\b(?:undisclosed|unreported|unspecified|n/a"
        r"|no (?:data|information|figures)(?! (?!(?:on|about|for|is|was|are|were|available"
        r"|exists?)\b)[a-z])"
        r"|unknown (?:number|amount|sum|price|date|value|quantity|figure|cost|year))\b"
    ),
)


#: Substrings of which every built-in missing-information phrase holds at least one: a text
#: without any of them is not searched further.
TRIGGERS: Final[tuple[str, ...]] = (
    "unknown",
    "not ",
    "n't",
    "undisclosed",
    "unreported",
    "unspecified",
    "unpublished",
    "unrecorded",
    "undocumented",
    "unavailable",
    "n/a",
    "no data",
    "no information",
    "no figures",
    "without ",
    "declined to",
    "refused to",
)


#: Translation of curly apostrophes to ``'`` (as normalisation does), for raw-text searches.
APOSTROPHES: Final = str.maketrans({"’": "'", "‘": "'", "ʼ": "'"})


@dataclass(frozen=True)
class MissingPhrase:
    """A phrase stating that information is missing, at ``start:end`` of the normalised text."""

    phrase: str
    start: int
    end: int


def find_missing_phrases(normalized: str, extra: Sequence[str] = ()) -> list[MissingPhrase]:
    """Phrases of an already normalised text that say a value is unknown or not disclosed.

    Vocabulary (after normalisation): a copula then a missing state ("is unknown", "was not
    reported", "remains undisclosed"; "not known for/as/to" is not one); an information noun then
    an unavailable state ("information unknown", "data unavailable", "price not disclosed"); a
    negated reporting verb ("did not disclose", "declined to reveal", "without specifying"); and
    the words "undisclosed", "unreported", "unspecified", "n/a", "unknown amount/date/...", and
    "no data/information/figures" unless another noun follows ("no data centers"); plus the
    literal ``extra`` phrases, matched on word boundaries. Overlapping matches are reported
    once, leftmost first.
    """
    words = [normalize_text(p) for p in extra if normalize_text(p)]
    if not words and not any(t in normalized for t in TRIGGERS):
        return []  # every built-in phrase holds one of the trigger substrings
    patterns: list[re.Pattern[str]] = list(_MISSING_RES)
    if words:
        patterns.append(re.compile(r"\b(?:" + "|".join(map(re.escape, words)) + r")(?!\w)"))
    found: list[MissingPhrase] = []
    for pattern in patterns:
        for m in pattern.finditer(normalized):
            found.append(MissingPhrase(m.group(0), m.start(), m.end()))
    found.sort(key=lambda p: (p.start, -p.end))
    out: list[MissingPhrase] = []
    for p in found:
        if out and p.start < out[-1].end:
            continue
        out.append(p)
    return out

"""Does the context state a cell? Every cell is a claim (entity, attribute, value); against a
context it is ``stated``, ``contradicted`` or ``unstated``, with the evidence sentence and span.

**Numbers.** The claim is *stated* when a number of the text (:mod:`.document`: digits, number
words, records, scores, ``6 - for - 14``, percentages, "failed to score") has the claim's value,
belongs to the claim's entity (:mod:`.entities`) and is written next to words that name the
claim's attribute (:mod:`.attributes`). It is *contradicted* when no such number has the value
but one that belongs to the entity alone (not ambiguously, not approximately, not an average)
and names the attribute has another value. Percentages match within
``Config.grounding_percent_tolerance`` points (texts round them). In a two-sided pair
("defeated the Bucks 102 - 91", "outscored them 34 - 15") each side may be either entity named
in the sentence, so a pair supports but never contradicts; a pair after a result verb ("beat",
"defeated", "fell to", ...) is a score (points).

**Dates** are stated when one sentence about the entity has the year, and the month and the day
when the claim has them.

**Text** is stated when, in one sentence about the entity, at least
``Config.grounding_text_coverage`` of the value's content-word stems occur (every item of a
comma/semicolon list is checked on its own, and all must be stated). Text is never reported as
contradicted: a different wording is not evidence of a different value.

A **single-subject** context (a biography; key/value tables) has every sentence about the
subject; a number there must still name the attribute, except a year (1000-2100), which a date
field may state anywhere. A field's value is read in the field's role there: a place as the
place of a birth, a death, a burial, a residence, an origin or a registration ("buried at X" is
no place of death; the brackets of a life give its places and dates), a first or last of a
sequence, a nation as a nationality only where the text gives it as the subject's ("an English
goalkeeper", not "played for England"), a position never as a player of the game
("footballer"), and a date the text gives only as a birth's or a death's as no other field's.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from itertools import pairwise
from operator import attrgetter
from typing import Final, TypeVar

from rapidfuzz.distance import OSA

from tablehallu.config import Config
from tablehallu.detectors.grounding.attributes import (
    CONCEPTS,
    FROM_BREAKS,
    FROM_ROLES,
    MEMBERSHIP_LINKS,
    MEMBERSHIP_RE,
    MEMBERSHIP_VERBS,
    NATIONALITY_WORDS,
    ORDINAL_ENDS,
    PERIOD_CONCEPTS,
    SEASON_DASHES,
    SEQUENCE_KINDS,
    SEQUENCE_WORDS,
    Features,
    field_education,
    field_ends_period,
    field_nationality,
    field_of_life,
    field_position,
    field_roles,
    field_sequence,
    fits,
    header_features,
    names_a_player,
    read_words,
    text_role,
    text_sequence,
    window_features,
)
from tablehallu.detectors.grounding.document import (
    CURRENCY_WORDS,
    MONEY_SIGNS,
    NUMBER_WORDS,
    Document,
    NumberMention,
    index_document,
    regions_around,
)
from tablehallu.detectors.grounding.entities import (
    OTHER,
    PASSIVE_WORDS,
    TURNOVER_NOUNS,
    Attribution,
    Mention,
    attribute,
    find_mentions,
    initials,
    name_words,
    owner_placed_after,
    shooting_pair,
    short_forms,
    side_mentions,
)
from tablehallu.detectors.grounding.keys import (
    MONTHS,
    agent_roots,
    creed_followers,
    occupation_kinds,
)
from tablehallu.detectors.grounding.teams import same_team, team_names
from tablehallu.detectors.matching import abbreviates
from tablehallu.normalize import (
    NumberValue,
    TypedCell,
    header_unit,
    parse_number,
    stems,
    tokens,
    type_cell,
)
from tablehallu.normalize.dates import (
    DateValue,
    day_and_month,
    day_number,
    month_number,
    parse_period,
)
from tablehallu.normalize.forms import (
    ORDINAL_NAMES,
    clock_forms,
    day_time_forms,
    expand_age_grades,
    expand_degrees,
    region_names,
)
from tablehallu.normalize.numbers import CURRENCIES, SCALES, UNIT_SYNONYMS
from tablehallu.normalize.places import (
    country_codes,
    country_names,
    country_people,
    nation_people,
)
from tablehallu.normalize.units import PINT_UNITS, convert

#: Role words that qualify a place rather than say what happened there ("his native village"):
#: a role verb further back still gives the value its role ("died in his native village of X")
_SOFT_ROLES: Final = frozenset({"native", "hometown"})
#: Words after a death's verb that name the place someone came from without naming it again
#: ("died in his hometown", "died in his home town", "died at the city of his birth", "died in
#: his birthplace"): the place the text gives as a birth or origin is then the place of death.
_HOME_PLACES: Final = frozenset({"hometown", "birthplace"})
#: Roles of a place that "died in his hometown" hands on to the death
_HOME_ROLES: Final = frozenset({"birth", "origin"})
#: Roles of a place that are an event of a life: only a sentence that names the event states
#: its place (a place named only where someone worked or "belongs to" is no birth place)
_EVENT_ROLES: Final = frozenset({"birth", "death", "burial"})
#: Words besides :data:`ROLE_GROUPS`' that name an event of :data:`_EVENT_ROLES` in a sentence
#: ("was killed in a car crash in X", "perished in X", "committed suicide in X")
_EVENT_WORDS: Final[dict[str, frozenset[str]]] = {
    "death": frozenset(
        {"killed", "perished", "suicide", "drowned", "passed", "fell", "lost", "shot", "funeral"}
    ),
    "burial": frozenset(
        {
            *("cemetery", "churchyard", "grave", "tomb", "mausoleum", "funeral", "crypt"),
            *("rest", "rests", "ashes", "remains", "columbarium", "scattered"),
        }
    ),
}
#: Words of a death in action: its place is that of the fighting or the crash told in the
#: sentences around it ("attacked positions near Lohe ... before he was himself killed")
_VIOLENT_DEATHS: Final = frozenset({"killed", "crashed", "perished", "drowned", "shot"})
#: A bracketed span (linear: no nesting) and a year in it: a life's dates and places
_BRACKETS_RE: Final = re.compile(r"\([^()]*\)")
_YEAR_IN_RE: Final = re.compile(r"\b\d{4}")
#: Words of a team's name too common to say which team a role's sentence names ("Colchester
#: United" is no "Manchester United"; "New York Giants" no "New Jersey Ironmen")
_ROLE_GENERIC_WORDS: Final = frozenset(
    {
        *("universiti", "colleg", "college", "school", "club", "team", "unit", "citi", "state"),
        *("nation", "counti", "academi", "institut"),
        *("new", "san", "los", "las", "st", "saint", "north", "south", "east", "west", "fc"),
        *("athlet", "sport", "footbal", "basebal", "basketbal", "hockey", "soccer", "rugbi"),
    }
)
#: Fewer tokens than this make a sentence a stub an abbreviation's full stop cut off the one
#: before it ("he then joined Halstead Town F.C. | as manager.")
_STUB_SENTENCE: Final = 5
#: Words of a role's sentence that point back at a team the sentence before names ("formed
#: the Arizona Condors. He was head coach until the team folded.")
_ROLE_BACK_REFS: Final = frozenset({"team", "club", "side", "franchise", "squad", "them", "there"})
#: Words of a role field that make it a date or a span, not a list of teams
_PERIOD_FIELD_WORDS: Final = frozenset({"start", "end", "date", "year", "years", "since"})
#: Words of an event's sentence that point back at a place named before it ("he retired to
#: Chicago. He died there."; "died at his home", "died in the same town")
_EVENT_BACK_REFS: Final = frozenset(
    {"there", "here", "home", "hometown", "birthplace", "same", "city", "town", "village"}
)


def _loosely_in(word: str, have: frozenset[str]) -> bool:
    """``word`` (a stem) is in ``have`` as the same root with another of the suffixes of a
    creed or doctrine ("catholic" / "catholicism", "socialist" / "socialism", "buddhist" /
    "buddhism"). Only for roots of four letters or more."""
    root = _creed_root(word)
    return root is not None and any(
        h != word and h.endswith(_CREED_SUFFIXES) and _creed_root(h) == root for h in have
    )  # the text's word carries the suffix: "methodist" is not the text's "method"


_CREED_SUFFIXES: Final = ("ism", "ist", "ic")
#: A name's suffix in its other short forms ("John Jr." / the text's "john jnr.")
_NAME_SUFFIX_FORMS: Final[dict[str, frozenset[str]]] = {
    "jr": frozenset({"jnr", "junior"}),
    "jnr": frozenset({"jr", "junior"}),
    "sr": frozenset({"snr", "senior"}),
    "snr": frozenset({"sr", "senior"}),
}


def _suffix_in(word: str, have: frozenset[str]) -> bool:
    """``word`` is a name's suffix ("jr", "sr") that ``have`` holds in another short form
    ("jnr", "snr")."""
    return not _NAME_SUFFIX_FORMS.get(word, frozenset()).isdisjoint(have)


#: Endings that make a person noun of a word ("bat" / "batsman", "chair" / "chairman")
_PERSON_NOUN_ENDINGS: Final = ("man", "sman", "men", "smen")
#: The shortest word read with them (not "wo" / "woman")
_PERSON_ROOT_MIN: Final = 3


def _person_noun_in(word: str, have: frozenset[str]) -> bool:
    """``word`` (a stem) is in ``have`` as its person noun in -man / -sman ("right-hand bat":
    "a right-hand batsman"; "chair": "chairman")."""
    return (
        len(word) >= _PERSON_ROOT_MIN
        and word.isalpha()
        and any(f"{word}{end}" in have for end in _PERSON_NOUN_ENDINGS)
    )


#: Countries' short names that a list item may write in lower case ("us representative") and
#: their full names' stems ("a united states representative")
_SHORT_COUNTRIES: Final[dict[str, frozenset[str]]] = {
    "us": frozenset({"unit", "state"}),
    "usa": frozenset({"unit", "state"}),
    "uk": frozenset({"unit", "kingdom"}),
}


def _country_full(item: Sequence[str]) -> list[str]:
    """A list item's stems with a country's short name written as its full name's stems
    ("us representative": "unit state repres")."""
    return [x for w in item for x in sorted(_SHORT_COUNTRIES.get(w, (w,)))]


def _misspelt_in(word: str, have: frozenset[str], least: int) -> bool:
    """``word`` (a stem of ``least`` letters or more) is in ``have`` with one letter added,
    dropped, or two adjacent ones swapped (``Config.grounding_misspelt_min_chars``); not with a
    letter replaced, which makes another name as often ("Stanford" / "Stamford", "Colombia" /
    "Columbia"), nor with its last two letters swapped, which makes another name's ending
    ("Christian" / "Christina", "Marian" / "Marina")."""
    if least <= 0 or len(word) < least or not word.isalpha():
        return False
    n = len(word)
    return any(
        abs(len(h) - n) <= 1
        and h[:1] == word[:1]
        # same length: a swap, no replacement, and not of the last two letters
        and (len(h) != n or (sorted(h) == sorted(word) and h[-2:] == word[-2:]))
        and OSA.distance(word, h, score_cutoff=1) <= 1
        for h in have
        if len(h) >= least - 1
    )


def _creed_root(stem: str) -> str | None:
    for suffix in _CREED_SUFFIXES:
        if stem.endswith(suffix) and len(stem) - len(suffix) >= 4:
            return stem[: -len(suffix)]
    return stem if len(stem) >= 4 and stem.isalpha() else None


#: Words that end a list of one clause's figures ("20 points while Smith had 10")
_LIST_CUTS: Final = frozenset(
    {"while", "but", "whereas", "before", "after", "as", "when", ";", "("}
)
#: The game's periods a list's last words may name ("in that first period", "in the second half")
_PERIODS: Final = PERIOD_CONCEPTS
#: Stems of a period with no concept of its own ("won the second overtime, 18 - 12")
_PERIOD_STEMS: Final = frozenset({"overtim"})

#: A small number written in digits and in words, both ways ("4" / "four")
_NUMBER_SPELLING: Final[dict[str, str]] = {
    **{w: str(n) for w, n in NUMBER_WORDS.items() if n < 100},
    **{str(n): w for w, n in NUMBER_WORDS.items() if n < 100},
}

#: "X matched Y's scoring total" (reach: ``Config.grounding_match_words``)
_MATCH_VERBS: Final = frozenset({"matched", "tied", "equaled", "equalled", "matching", "equaling"})
_TOTAL_NOUNS: Final = frozenset({"total", "mark", "tally", "output", "haul"})
_APOSTROPHES: Final = frozenset({"'", "\u2019", "s"})

#: Concepts that name no statistic a pair could count (the result, the periods)
_NOT_TOPICS: Final = frozenset({"win", "loss", "draw", "half", "quarter", "point"})
#: Words after "at" / "by" / "into" that name the end of the first half ("up 62 - 54 at the break")
_HALFTIME_WORDS: Final = frozenset({"halftime", "intermission", "break", "half", "locker"})
#: Words that make a score one at a period's end, the score so far ("coming out of the third")
#: Words before "the <ordinal> quarter" that make a score the one at its end ("out of the
#: third quarter", "after the third quarter", "through three", "the end of the third")
_SO_FAR_ENDS: Final = frozenset({"after", "of", "through", "closing", "ending"})
#: ... or at its start, after the periods before it ("heading into the fourth quarter")
_SO_FAR_STARTS: Final = frozenset({"into", "entering", "before"})
_SO_FAR: Final = frozenset({"after", "out", "through", "end", "entering", "into", "heading"})
#: Result nouns after a score pair: the game's final score
_RESULTS: Final = frozenset({"win", "victory", "triumph", "loss", "defeat"})
#: Words after a figure that name nothing ("committing just seven of their own")
_OF_THEIR_OWN: Final = frozenset({"of", "their", "his", "her", "its", "own"})
#: Verbs of a side holding the lead a pair is the score of ("held a 43 - 42 lead")
_LEAD_HELD: Final = frozenset(
    {"held", "holding", "had", "having", "took", "taking", "built", "building", "carried"}
    | {"carrying", "enjoyed", "owned", "grabbed", "opened", "opening", "nursed"}
)
_WIN_CONCEPT: Final = frozenset({"win"})
#: Words saying the named side of a pair won it ("winning that battle, 54 - 25")
_WON_WORDS: Final = frozenset(
    {"winning", "won", "wins", "win", "advantage", "edge", "outrebounded", "outrebounding"}
    | {"led", "leading"}  # "The Hornets led the whole way, after a 69 - 53 first half"
)

#: Words between points and a turnover count ("21 points off 16 turnovers")
_OFF: Final = frozenset({"off", "on", "from"})
#: "a 103 - 100 win against the Rockets": the side named after these was beaten
_BEATEN_BY: Final = frozenset({"against", "over", "versus", "vs"})
#: Words that make the number after them a strict bound ("under 30 minutes"), and the
#: comparatives before "than" that do ("more than nine"; not "no more than nine")
_STRICT_BOUNDS: Final = frozenset({"under", "over"})
_COMPARATIVES: Final = frozenset({"more", "less", "fewer"})
#: Words that put a pair at the end of the period after them ("tied 25 - 25 after the first
#: quarter")
_PERIOD_LEADS: Final = (("after", "the"), ("through", "the"), ("at", "the", "end", "of", "the"))
#: "a 43 - 42 lead after a tight first half": a score's noun before its period
_SCORE_NOUNS: Final = frozenset({"lead", "advantage", "edge", "deficit", "margin"})
#: How far after a pair a period is read: the longest lead, then a score's noun, an adjective
#: ("a tight first half") and "first quarter" / "first half"
_PERIOD_LEAD_REACH: Final = max(map(len, _PERIOD_LEADS)) + 4

STATED: Final = "stated"
CONTRADICTED: Final = "contradicted"
UNSTATED: Final = "unstated"

_CLAUSE_WORDS: Final = frozenset(
    {"and", "with", "while", "but", "whereas", "including", "as", "when", "after", "before"}
)
_STOP_AT: Final = frozenset({",", ";", ":", "(", ")", "."})
#: Words before a number that take part of a sequence ("the final four", "the last three").
_SEQUENCE_WORDS: Final = frozenset({"final", "last", "first", "next", "previous", "past"})
#: Words the text reads as a number of the noun after them ("a steal", "no timeouts").
_QUANTIFIERS: Final = frozenset({"a", "an", "no", "zero"})
#: Words before a count that refers back to things already named ("these two teams")
_DEMONSTRATIVES: Final = frozenset({"these", "those", "both"})
_RESULT_VERBS: Final = tuple(
    [
        "defeat",
        "beat",
        "won",
        "win",
        "lost",
        "los",
        "fell",
        "edg",
        "top",
        "rout",
        "down",
        "toppl",
        "outlast",
        "held",
        "hold",
        "crush",
        "blew",
        "blow",
        "victor",
        "dispatch",
        "survive",
        "outscor",  # "outscored the Thunder, 44 - 22, in the paint": points
    ]
)
#: Ordinals written as words, as their digit forms: "the fourteenth congress" states "14th"
_ORDINAL_WORDS: Final[dict[str, str]] = {
    **{
        w: f"{i}{'th' if 4 <= i <= 20 else ('st', 'nd', 'rd')[i - 1]}"
        for i, w in enumerate(ORDINAL_NAMES, 1)
    },
    **{
        f"{t}ieth": f"{10 * n}th"
        for n, t in enumerate(("thirt", "fort", "fift", "sixt", "sevent", "eight", "ninet"), 3)
    },
}
#: Words after a number that make it a span of time, not an attribute's figure
_DURATIONS: Final = frozenset(["second", "seconds", "minute", "minutes", "hour", "hours"])
#: Words that make a sentence naming no one continue about the entity named before
_BACK_REFERENCES: Final = frozenset(
    ["he", "she", "it", "they", "his", "her", "its", "their", "him", "them", "this"]
)
#: A key/value table's value that asserts its field ("Hall of Fame: yes")
AFFIRMATIVE: Final = frozenset(["yes", "true", "y"])
#: A value that denies its field ("Family friendly: No")
_NEGATIVE_VALUES: Final = frozenset(["no", "false", "n"])
#: Words that deny the field written after them ("not family-friendly", "never ratified")
_TRUTH_NEGATORS: Final = frozenset(["not", "n't", "never", "no", "non", "neither", "nor"])
#: Words that join the subjects of one verb ("France and the United Kingdom ratified it")
_SUBJECT_JOINS: Final = frozenset(["and", ",", "the", "both", "&", "or", "as", "well"])
#: A score out of a maximum: "5 out of 5", "5/5", "7.5 / 10"
_SCORE_RE: Final = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)\s*(?:/|out\s+of)\s*(\d+(?:\.\d+)?)(?![\d.])"
)
#: A lower-case letter followed by a capital: where a camelCase field splits into its words
_CAMEL_RE: Final = re.compile(r"(?<=[a-z])(?=[A-Z])")
_POSSESSIVES: Final = frozenset(["his", "her", "their", "its"])


def _digits_in(digits: str, text: str) -> bool:
    """``digits`` occur in ``text`` with no digit right before or after them."""
    start = text.find(digits)
    while start >= 0:
        end = start + len(digits)
        if (start == 0 or not text[start - 1].isdigit()) and (
            end == len(text) or not text[end].isdigit()
        ):
            return True
        start = text.find(digits, start + 1)
    return False


#: A height in feet and inches as a value writes it ("5'5\"", spacing removed), and the words a
#: text may write between them instead ("5 foot 5")
_FEET_RE: Final = re.compile(r"(\d)'(\d{1,2})[\"”″]?")
_FEET_WORDS: Final = ("foot", "feet", "ft")
#: A time on a clock or a stopwatch ("1:54.48", "4:54:11", "+1:08", "12:30"): one figure
_CLOCK_RE: Final = re.compile(r"[+-]?\d{1,3}(?::\d{2}){1,2}(?:\.\d{1,3})?")


def _squashed_in(value: str, text: str) -> bool:
    """``value`` occurs in ``text`` (both with spacing removed) with no digit right before a
    leading digit of it nor right after a trailing one ("6'1" is not in "6'10\"")."""
    start = text.find(value)
    while start >= 0:
        end = start + len(value)
        if not (value[0].isdigit() and start > 0 and text[start - 1].isdigit()) and not (
            value[-1].isdigit() and end < len(text) and text[end].isdigit()
        ):
            return True
        start = text.find(value, start + 1)
    return False


def _glued_date_in(core: str, text: str) -> bool:
    """``core`` ("25 december 2006") occurs in ``text`` with no digit next to it, or run into
    the other date of a life as some leads write it ("(29 november 191525 december 2006)"): a
    year of four digits right before it, or a day of one or two digits and a word right after
    it ("(25 july 192016 april 1958)")."""
    start = text.find(core)
    while start >= 0:
        end = start + len(core)
        k = start
        while k > 0 and text[k - 1].isdigit():
            k -= 1
        j = end
        while j < len(text) and text[j].isdigit():
            j += 1
        before_ok = start - k in (0, 4) and (k == 0 or not text[k - 1].isdigit())
        after_ok = j == end or (
            j - end <= 2 and text[j : j + 1] == " " and text[j + 1 : j + 2].isalpha()
        )
        if before_ok and after_ok:
            return True
        start = text.find(core, start + 1)
    return False


#: A field's noun for one who underwent an act ("inductee", "draftee", "honoree"), and its root:
#: the text tells it with the act's participle ("inducted"); a root of four letters or more
#: (linear: one run of letters, then the ending)
_UNDERGOER_RE: Final = re.compile(r"\b([a-z]{4,})ee\b", re.IGNORECASE)

#: A value that is a year alone ("1982")
_YEAR_ONLY_RE: Final = re.compile(r"[12]\d{3}")
#: The dashes between the two years of a span whose end has two digits ("1973 -- 77"), and
#: between a record's parts ("2 -- 4 -- 2", "2–4–2")
_DASH_MARKS: Final = frozenset(["-", "–", "—"])

_TENS: Final = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
#: "seventy-second": one ordinal in two words (one quantifier between them: linear)
_COMPOUND_ORDINAL_RE: Final = re.compile(
    rf"\b({'|'.join(_TENS)})[\s-]+({'|'.join(ORDINAL_NAMES[:9])})\b", re.IGNORECASE
)


#: "6th place" in a value is the text's "finished 6th", "84th overall" its "selected 84th in
#: the draft": the word after the ordinal adds nothing
_PLACE_RE: Final = re.compile(
    r"\b(\d{1,3}(?:st|nd|rd|th))\s+(?:place|position|overall)\b", re.IGNORECASE
)


def _compound_ordinal(m: re.Match[str]) -> str:
    n = 10 * (_TENS.index(m.group(1).lower()) + 2) + ORDINAL_NAMES.index(m.group(2).lower()) + 1
    return f"{n}{('st', 'nd', 'rd')[n % 10 - 1] if n % 10 in (1, 2, 3) else 'th'}"


_ATTEMPT_VERBS: Final = frozenset(
    [
        "took",
        "take",
        "takes",
        "taking",
        "attempted",
        "attempts",
        "attempt",
        "launched",
        "hoisted",
        "fired",
        "jacked",
    ]
)
_SHOOTING: Final = frozenset({"fieldgoal", "threepoint", "freethrow"})
#: before a number: a count of misses, not of makes or attempts
_MISSED: Final = frozenset({"missed", "misses", "missing", "miss"})
#: after a number (stems): attempts ("12 three - point attempts", "on nine shots")
_ATTEMPT_NOUNS: Final = frozenset({"attempt", "shot"})
#: stems of a part of a team ("bench", "second unit", "reserves", "starters", "backcourt")
_PARTS: Final = frozenset({"bench", "unit", "reserv", "starter", "frontcourt", "backcourt"})
#: What may stand between a name and its own figure: "the Hawks (46 - 12)", "Houston's 14"
_ADJACENT: Final = frozenset({"(", "'", "’", "s", ":"})
# items of a list value (stripped afterwards: no leading \s*, which would rescan runs of spaces)
#: ("Netherlands vs Denmark": a match's two sides are two items, each to be stated)
_ITEM_SPLIT_RE: Final = re.compile(r"[,;/&]|\b(?:and|vs|versus)\b")
#: The open end of a span ("1995-present"): says only that it still runs, which a text in the
#: present tense ("is now a senior judge") implies; the span is stated when its start is
#: A header's word, and a word a sentence may say it with (a career counted in seasons)
_SPOKEN_AS: Final = {"year": "season"}
#: Head nouns of the names of venues and streets: a value the text writes only before one
#: ("American League Park") is part of that name, not stated on its own (an institution's head
#: is left out: "Harvard" is the text's "Harvard University", "Catholic" its "Catholic Church")
_NAME_HEADS: Final = frozenset(
    [
        "park",
        "stadium",
        "field",
        "arena",
        "ballpark",
        "grounds",
        "street",
        "road",
        "avenue",
        "bridge",
        "station",
        "airport",
        "square",
    ]
)


def _written_sign(raw: str) -> int:
    """1 for a value written with a plus sign ("+0.6%"), -1 with a minus sign ("-4.5%",
    "−3"), 0 without one."""
    text = raw.strip()
    if text.startswith("+"):
        return 1
    return -1 if text[:1] in {"-", "\u2212", "\u2013"} and text[1:2].isdigit() else 0


def _bare_figure(number: NumberValue, unit: str | None, scale: float) -> bool:
    """A claimed figure is a bare count or measure, no sum of money: neither the cell nor its
    header (``unit``, ``scale`` as :func:`header_unit` reads them) writes a currency, a unit or
    a scale ("21" under "Age", not "£3.1 million" nor "3.1" under "Prize (£m)")."""
    return number.unit is None and number.scale == 1.0 and unit is None and scale == 1.0


#: An ordinal in figures ("59th", "2nd")
_ORDINAL_FIGURE_RE: Final = re.compile(r"(\d{1,3})(?:st|nd|rd|th)")
#: Words (stems) of a rank among others: a field with one takes an ordinal before another
#: ("draft position: 59" from "59th overall", "draft pick" from "5th pick")
_RANK_WORDS: Final = frozenset(["overal", "pick", "posit", "select", "rank"])
#: Verbs after which an ordinal is a place in a ranking ("finished third", "placed 12th")
_FINISH_VERBS: Final = ("finish", "placed", "came", "ended")
#: Verbs right after a name that give it the first place of a ranking ("X won", "X topped the
#: chart")
_FIRST_PLACE_VERBS: Final = frozenset({"won", "topped"})
#: Words after which an ordinal that ends its phrase is a place too ("took third", "was fifth",
#: "slipped to sixth"), and words that may follow such an ordinal ("third for Ferrari")
_PLACE_LEADS: Final = frozenset(["took", "was", "is", "to", "in"])
#: The places the medals of a contest stand for ("Wang Shun took bronze": third)
_MEDALS: Final = {"gold": 1, "silver": 2, "bronze": 3}
_AFTER_PLACE: Final = frozenset(
    ["for", "with", "and", "in", "behind", "ahead", "place", "overall", "on", "at"]
)
#: Prepositions after a header's noun: what follows qualifies it ("weeks in release")
_HEADER_PREPOSITIONS: Final = frozenset(["in", "of", "at", "on", "per", "since", "for"])
#: Words between an ordinal and its noun that keep the count ("a third straight week")
_IN_A_ROW: Final = frozenset(["straight", "consecutive", "successive", "running"])
#: "12 of them": a count of what the sentence before names
_GROUP_BACK_REFERENCES: Final = frozenset(["them", "these", "those"])
#: Field words that claim an extreme figure ("highest points scored", "most goals"; not
#: "record", which is as often a win - loss record): the text must say it is one
#: (:data:`_EXTREME_EVIDENCE` in a sentence giving the value), not merely give the value
_EXTREMES: Final = frozenset(
    [
        "highest",
        "most",
        "best",
        "greatest",
        "largest",
        "biggest",
        "longest",
        "lowest",
        "fewest",
        "least",
    ]
)
#: Field words that praise a text value ("most successful club", "best known work",
#: "greatest achievement"): the text must say it too, in a sentence naming the value. Not the
#: words of rank ("highest rank: major general" where the text says "rose to major general")
_TEXT_EXTREMES: Final = frozenset(["most", "best", "greatest"])
#: A value that is the top of its scale by itself ("world no. 1", "1st")
_TOP_RE: Final = re.compile(r"\b(?:no\.?\s?1|number one|1st|first)\b", re.IGNORECASE)
_EXTREME_EVIDENCE: Final = _EXTREMES | frozenset(
    ["high", "highs", "record", "records", "top", "leading", "led", "leader", "peak", "peaked"]
)
#: Where the words before a value stop naming its role ("died at 93, and was buried at X")
_ROLE_STOPS: Final = frozenset({",", ";", ":", "(", ")"})
#: Words that open a clause about the noun before them ("Paris, where he was buried")
#: ("born in X and died there", "lived in X until his death")
_RELATIVES: Final = frozenset({"where", "which", "whom", "until"})
_OPEN_ENDS: Final = ("present", "now", "current", "today", "ongoing", "incumbent")
_DASHES: Final = "-–— "
#: Roles that make the place the nearest to them that of a record, whatever event it records
#: ("his death was registered in Warrington": a registration district, no place of death)
_RECORD_ROLES: Final = frozenset({"registration"})
#: Words before a figure that give it as an average ("averaged 12.5 points")
_AVERAGE_WORDS: Final = frozenset({"averaged", "averaging"})
#: Header words that name a figure per game ("PPG", "RPG")
_PER_GAME_WORDS: Final = frozenset({"ppg", "rpg", "apg", "spg", "bpg", "mpg"})
#: A word right before a place that gives it as where someone comes from ("is from the
#: Bongo district", "a pitcher from Cowden"): an origin, not a birth place
_ORIGIN_BEFORE: Final = frozenset({"from"})
#: A number and its plural "s" written apart, as a tokenised text writes "the colt .45s"
#: ("colt .45 s") or "the 1960s" ("1960 s")
_PLURAL_APART_RE: Final = re.compile(r"(\d) s\b")
#: The ending of a person noun named from a field of work ("journalist" / "journalism"), and
#: the shortest root read so ("optometr" / "optometrist"; not "art" / "artist")
_IST: Final = "ist"
_OCCUPATION_ROOT_MIN: Final = 4
#: Initials written with dots ("u.s.", "u.k.", "d.c."): also read as one word ("us")
_DOTTED_RE: Final = re.compile(r"\b[a-z]\.(?:[a-z]\.)+", re.IGNORECASE)


def _undotted(m: re.Match[str]) -> str:
    """Dotted initials as one word ("u.s." -> "us")."""
    return m.group(0).replace(".", "")


_ARTICLES: Final = frozenset({"the", "a", "an"})
#: Subject pronouns that stand for a one-entity table's subject in a sentence not naming it
_PRONOUNS: Final = frozenset({"it", "he", "she", "they"})
#: Words that end the attribute's name read back from "of <figure>" ("its length of")
_OF_FRAME_STOPS: Final = frozenset({"its", "his", "her", "their", "this", "that", "and", "or"})
_INDEFINITE: Final = frozenset({"a", "an"})
#: Words that say someone was born or died, and the event they name
_LIFE_EVENTS: Final = {
    "born": "birth",
    "birth": "birth",
    "died": "death",
    "dies": "death",
    "death": "death",
    "killed": "death",
}
#: Words of a life's brackets naming the event of the date after them ("b. 1640", "died 1673")
_BRACKET_EVENTS: Final = {**_LIFE_EVENTS, "b": "birth", "d": "death"}
#: A field's words (or their parts: "birthdate") naming one event of a life
_FIELD_EVENTS: Final = {
    "birth": "birth",
    "born": "birth",
    "dob": "birth",
    "death": "death",
    "died": "death",
    "dod": "death",
}


def _field_event(field: str) -> str | None:
    """``birth`` or ``death`` when the field names that one event of a life ("birth date",
    "deathdate", "DOB"); None for a field of neither or both ("life", "dates")."""
    found = {
        e
        for w in tokens(field)
        for k, e in _FIELD_EVENTS.items()
        if w == k or (len(k) > 3 and k in w)  # "deathdate"; "dob" only whole
    }
    return found.pop() if len(found) == 1 else None


#: Where the words tied to a date of a life stop ("born in 1950; in 1975 he ...")
#: ("served from 3 January 1939 until his death": the death ends the service, on no such date)
_LIFE_STOPS: Final = frozenset(
    {";", "(", ")", "and", "but", "while", "after", "before", "until", "till", "since", "when"}
)
#: Words that make a score the only one past a milestone ("his only century", "a single
#: half century", "reached his half-century only once")
_SOLE_MILESTONE: Final = frozenset({"only", "single", "one", "once", "lone", "sole"})
#: The score a milestone noun of ``Config.grounding_score_milestones`` stands for, and the
#: words before it that scale it ("half-century": 50, "double century": 200)
_MILESTONE_FIGURES: Final[dict[str, float]] = {
    "century": 100,
    "centuries": 100,
    "hundred": 100,
    "hundreds": 100,
    "fifty": 50,
    "fifties": 50,
}
_MILESTONE_SCALES: Final[dict[str, float]] = {"half": 0.5, "double": 2, "triple": 3}
#: Words after a date that make a life event after them the end of a period the date opens
#: ("from september 29, 1669, to his death in 1673"); only after it ("born to farmers on ...")
_PERIOD_TO: Final = frozenset({"to", "through", "thru"})
#: Words that end a period a date opens ("from 1669 to his death", "until his death")
_PERIOD_ENDS: Final = _PERIOD_TO | {"until", "till"}
#: The event of a life tie (:meth:`Grounder._check_date`) of a date that opens a period ending
#: in the field's own event
_PERIOD_START: Final = "period-start"
#: Words after a nation's name that make it a team's ("an England international")
_TEAM_NOUNS: Final = frozenset({"international", "team", "squad", "side", "national", "cap"})
#: Words before "a" / "an" that make the noun phrase after them describe someone ("she was a
#: New Zealand feminist", "Smith, a former New Zealand rugby player"), not a thing he joined
_DESCRIBING_WORDS: Final = frozenset({"is", "was", "are", "were", "became", "becomes", ",", "("})
#: Tokens between the two years of a season ("1996-7", "1996/97")
_SEASON_JOINS: Final = SEASON_DASHES
#: Tokens that join the two ends of a span ("1984 -- 2007", "1984 to 2007")
_DASHES_WORDS: Final = _DASH_MARKS | {"to"}
#: A record of three parts as a cell writes it ("2-4-2", "10 - 3 - 1"): wins, losses, ties
_TRIPLE_RECORD_RE: Final = re.compile(r"(\d{1,3}) ?[-–—]{1,2} ?(\d{1,3}) ?[-–—]{1,2} ?(\d{1,3})")
#: Words of a field that say only that it holds a time ("first win date"), and the units a
#: text counts time in
_TIME_NOUNS: Final = frozenset(["date", "dates", "day", "year", "years", "time", "when"])
_TIME_UNITS: Final = frozenset(
    ["day", "days", "week", "weeks", "month", "months", "year", "years", "season", "seasons"]
)
#: "two days later", "three years after": a time counted from another event; "the next day",
#: "his second season": one after it
_RELATIVE_AFTER: Final = frozenset(["later", "after", "earlier", "before", "afterwards"])
_RELATIVE_BEFORE: Final = frozenset(
    ["next", "following", "previous", "second", "third", "fourth", "fifth", "sixth"]
)
#: Words that tell of a sole event ("his only game", "his lone appearance"), and the events
#: "one" makes sole ("appeared in one game")
_SOLE_WORDS: Final = frozenset(["only", "lone", "sole"])
_SOLE_EVENTS: Final = frozenset(
    ["game", "match", "appearance", "start", "inning", "innings", "season", "bout", "race"]
)
#: Stems of the words that tell of a transaction: the other party is joined, not played for
_TRANSACTIONS: Final = frozenset(
    [
        "sign",
        "draft",
        "trade",
        "sold",
        "sell",
        "acquir",
        "acquisit",
        "purchas",
        "loan",
        "transfer",
        "waiver",
    ]
)
#: Words before a date that make it a period's end ("serving until October 14, 2010") or
#: start ("from May 19, 1998"); words after an end that start the next period there ("until
#: July 20, 2004 when he became ..."); stems of a span field's words that name no role
_END_MARKS: Final = frozenset(["until", "till", "through", "to"])
_START_MARKS: Final = frozenset(["from", "since"])
_START_AGAIN: Final = frozenset(["when", "whereupon", "and", "then"])
_SPAN_FIELD_STEMS: Final = frozenset(
    ["date", "year", "day", "term", "start", "end", "period", "tenur", "span", "from", "to"]
)
_YEAR_RE: Final = re.compile(r"1[5-9]\d\d|20\d\d")


def _year_token(word: str) -> int | None:
    """The year a token writes ("1960"), else None."""
    return int(word) if _YEAR_RE.fullmatch(word) else None


#: Words after a count that may introduce the position it was played at ("32 games in the
#: outfield", "23 as a pinch hitter", "one at first base")
#: The last words before a figure compared with the one before it (of the same attribute)
_COMPARED: Final = frozenset(
    {("compared", "with"), ("compared", "to"), ("as", "against"), (",", "versus"), (",", "vs")}
)
#: Words right before a figure that make it the value of the words before them
#: "there was 1:14 remaining", "it was 2010": a copula with no attribute before it
_EXISTENTIAL: Final = frozenset({"there", "it", "this", "that", "which"})
_COPULAS: Final = frozenset({"was", "is", "were", "are", "of", "reached", "totalled", "totaled"})
_PLACE_PREPOSITIONS: Final = frozenset(["in", "at", "as"])
#: Stems of a field's words that make its value a team played for ("first professional club")
_TEAM_STEMS: Final = frozenset(["club", "team", "side", "franchis"])
#: Two figures joined by dashes ("7-2", a tokenised text's "7--2"), whole on both sides
_FIGURE_PAIR_RE: Final = re.compile(r"(?<![\d.])(\d+)[-–—]+(\d+)(?![\d.])")
#: Words that name a relative ("she married X, a lawyer"; "his father X, a farmer")
_KIN: Final = frozenset(
    [
        "married",
        "marry",
        "wife",
        "husband",
        "spouse",
        "widow",
        "son",
        "daughter",
        "father",
        "mother",
        "brother",
        "sister",
        "uncle",
        "aunt",
        "cousin",
        "nephew",
        "niece",
        "grandfather",
        "grandmother",
    ]
)
#: Words that pick a value out of several ("most notably for X", "including X"), and the
#: words that may stand between them and the value
_PICKS: Final = frozenset(
    ["notably", "including", "includes", "included", "among", "especially", "particularly"]
)
_PICK_SKIP: Final = frozenset(["for", "at", "with", "in", "of", "by", "the", "a", "an", ":"])
#: Words that deny what follows them ("no Republican governor", "never a member")
_DENIALS: Final = frozenset(["no", "not", "never", "nor", "neither"])
#: Tokens between the two ends of a span of years ("1982 -- 1983", "1990 to 1995")
_SPAN_JOINS: Final = frozenset(["-", "–", "—", "to", "until", "till", "through"])
_WORD_RE: Final = re.compile(r"[^\W_]+(?:[.,'’][^\W_]+)*")
_RESPELL_MIN: Final = 4
_POSSESSIVE_END_RE: Final = re.compile(r"['’]s?$")
#: Words right before a team's name that make the player named before them its player ("a
#: monster for the Pistons", "Hamilton's 20 points led Brooklyn")
_MEMBER_CUES: Final = frozenset({"for", "led", "paced", "carried", "powered", "sparked", "topped"})
_LEFT_OVER: Final = "for this entity, which no other cell of the row holds"
_TEXT_STOP: Final = frozenset(
    [
        "the",
        "a",
        "an",
        "of",
        "and",
        "in",
        "at",
        "on",
        "for",
        "to",
        "with",
        "by",
        "from",
        "as",
        "is",
        "was",
        "de",
        "la",
        "le",
    ]
)
#: Words that may stand between two roles given one value ("B.A. in 1963 and M.A. in 1966")
_BETWEEN_ROLES: Final = frozenset(
    [*_TEXT_STOP, *_POSSESSIVES, *MONTHS, ".", ",", "-", "later", "then", "also", "both"]
)


def _open_span_start(raw: str) -> str | None:
    """The start of a span whose end is open ("1995" for "1995-present"), else None."""
    text = raw.strip()
    low = text.casefold()
    for end in _OPEN_ENDS:
        if low.endswith(end):
            head = text[: -len(end)].rstrip()
            start = head.rstrip(_DASHES)
            if head[-1:] in _DASHES and start:
                return start
    return None


def _closed_span(raw: str) -> tuple[str, str] | None:
    """The two ends of a span of dates or years ("1982-1986", "October 14, 2010 - July 2013"),
    else None (a season "2015-16" is one period, a date "2010-10-14" no span)."""
    text = raw.strip()
    if parse_period(text) is not None:
        return None
    for dash in "–—":
        text = text.replace(dash, "-")
    parts = [p.strip() for p in text.split("-") if p.strip()]
    if len(parts) != 2:
        return None
    if parse_period(parts[0]) is None or parse_period(parts[1]) is None:
        return None
    return parts[0], parts[1]


def _quarter_said(words: Sequence[str], quarter: int, year: str) -> bool:
    """The words write quarter ``quarter`` ("Q3", "3Q21", "the third quarter", "3rd quarter")
    or a month of it ("in August"): a quarter's date is stated at the quarter's precision."""
    forms = {f"q{quarter}", f"{quarter}q", f"{quarter}q{year[2:]}", f"q{quarter}{year}"}
    names = {ORDINAL_NAMES[quarter - 1], _ORDINAL_WORDS[ORDINAL_NAMES[quarter - 1]]}
    months = MONTHS[3 * quarter - 3 : 3 * quarter]
    for k, w in enumerate(words):
        if w in forms or any(w == m or (len(w) >= 3 and m.startswith(w)) for m in months):
            return True
        if w in names and k + 1 < len(words) and words[k + 1] == "quarter":
            return True
    return False


def _ordinal_value(word: str) -> int | None:
    """The number an ordinal word or figure names ("second" 2, "59th" 59), else None."""
    written = _ORDINAL_WORDS.get(word, word)
    m = _ORDINAL_FIGURE_RE.fullmatch(written)
    return int(m.group(1)) if m else None


#: Stems of the word after a count that makes it the terms right after an ordinal ("elected to
#: the seventy-fifth congress and reelected to the three succeeding congresses": 76th to 78th)
_SUCCEEDING: Final = frozenset({"succeed", "follow"})


def _ordinal_figure(n: int) -> str:
    """``n`` as an ordinal in figures (1 "1st", 12 "12th", 23 "23rd")."""
    last = n % 10 if n % 100 not in (11, 12, 13) else 0
    return f"{n}{('st', 'nd', 'rd')[last - 1] if last in (1, 2, 3) else 'th'}"


def _succeeding_ordinals(words: Sequence[str]) -> list[str]:
    """The ordinals a sentence's stems ``words`` state by a count of succeeding terms: after
    an ordinal, "the three succeeding (following) congresses" are the three next ordinals
    ("75th ... three succeeding": 76th, 77th, 78th); the ordinal is the nearest before the
    count in the sentence (none: nothing)."""
    out: list[str] = []
    for i in range(1, len(words)):
        if words[i] not in _SUCCEEDING:
            continue
        count = _NUMBER_SPELLING.get(words[i - 1], words[i - 1])
        if not count.isdigit() or not 0 < int(count) <= len(ORDINAL_NAMES):
            continue
        first = next(
            (n for w in reversed(words[: i - 1]) if (n := _ordinal_value(w)) is not None), None
        )
        if first is not None:
            out.extend(_ordinal_figure(first + k) for k in range(1, int(count) + 1))
    return out


def _value_stems(text: str) -> list[str]:
    """The content-word stems of a value (stop words left out), in order."""
    return [w for w in stems(text) if w not in _TEXT_STOP and len(w) > 1]


def _averaged(header: Features) -> bool:
    """Whether the header itself names an average or a rate ("Average Price", "Points per
    game"): then a number the text gives as an average is its value."""
    return header.per or any(
        st.startswith("averag") or st in {"per", "mean", "avg"} or st in _PER_GAME_WORDS
        for st in header.stems
    )


def _percent_fits(header: Features, m: NumberMention) -> bool:
    """A percentage for a percentage header, another number for any other; a rate may be
    either ("Readmission Rate" 12.4%, "Fertility Rate" 1.76)."""
    return header.role == "rate" or (header.role == "percent") == m.percent


#: British and American (and s/z) spellings of one word: "haemophilia" / "hemophilia",
#: "organisation" / "organization", "Brasil" / "Brazil", "colour" / "color", "centre" / "center",
#: "travelled" / "traveled"; each only where the spellings differ, so that a name's changed
#: letter stays a respelling ("Michel" / "Michael", "Russel" / "Russell", "Peres" / "Perez")
_VARIANT_RE: Final = re.compile(
    r"ae(?!l\b)|oe|our\b|re\b|ll(?=(?:ed|ing|er|ers|or|ors)\b)"
    r"|s(?=(?:e|es|ed|ing|ation|ations|er|ers|il)\b)"
)
_VARIANT_FORM: Final = {"ae": "e", "oe": "e", "our": "or", "re": "er", "ll": "l", "s": "z"}


def _spelling_variants(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` are one word in two national spellings."""

    def plain(w: str) -> str:
        return _VARIANT_RE.sub(lambda m: _VARIANT_FORM[m.group()], w.casefold())

    return a.casefold() != b.casefold() and plain(a) == plain(b)


#: A row key's bracketed qualifier: "Anthony Davis (after the All-Star break)"
_QUALIFIER_RE: Final = re.compile(r"\(([^()]*)\)")  # a try stops at the next bracket: linear
#: Words of a qualifier that do not say which period or part it is (stems, as the
#: qualifier's words are read)
_QUALIFIER_STOP: Final = frozenset(
    [*_TEXT_STOP, *stems("after before since until during per game games")]
)
#: A qualifier's direction in time: a sentence about the period after a moment does not
#: speak of the one before it ("Since the All-Star break" is no "Before All-Star break" figure)
_LATER: Final = frozenset(stems("after since"))
_EARLIER: Final = frozenset(stems("before until prior"))


def _qualified_names(
    names: tuple[str | tuple[str, ...], ...],
) -> tuple[
    dict[int, int],
    dict[int, tuple[frozenset[str], frozenset[str]]],
    tuple[tuple[str, ...], ...],
]:
    """Entity names without their bracketed qualifiers; the entity that stands for each one
    whose bare name an earlier entity already has, when either of them is qualified (two rows
    of one person for two periods: one set of mentions), and each qualifier's content stems
    with the stems of a sentence that speaks of another period (its opposite direction)."""
    rep: dict[int, int] = {}
    qualifiers: dict[int, tuple[frozenset[str], frozenset[str]]] = {}
    stripped: set[int] = set()
    bare: list[tuple[str, ...]] = []
    first: dict[tuple[str, ...], int] = {}
    for e, entry in enumerate(names):
        spellings = (entry,) if isinstance(entry, str) else entry
        plain: list[str] = []
        for name in spellings:
            found = _QUALIFIER_RE.search(name)
            if found is not None and _QUALIFIER_RE.sub(" ", name).strip():
                stripped.add(e)
                all_words = frozenset(stems(found.group(1)))
                words = frozenset(w for w in all_words if w not in _QUALIFIER_STOP)
                against = (_EARLIER if all_words & _LATER else frozenset()) | (
                    _LATER if all_words & _EARLIER else frozenset()
                )
                if words:
                    qualifiers.setdefault(e, (words, against))
                plain.append(" ".join(_QUALIFIER_RE.sub(" ", name).split()))
            else:
                plain.append(name)
        key = tuple(sorted({" ".join(p.casefold().split()) for p in plain if p.strip()}))
        if key in first and (e in stripped or first[key] in stripped):
            rep[e] = first[key]
            bare.append(())
            continue
        if key:
            first.setdefault(key, e)
        bare.append(tuple(plain))
    return rep, qualifiers, tuple(bare)


def _years_of(word: str) -> tuple[int, int] | None:
    """The first and last year of a year or a season a word writes ("1993", "2015-16",
    "1993–94": :func:`~tablehallu.normalize.dates.parse_period`); None for anything else."""
    if not word[:1].isdigit():
        return None
    period = parse_period(word)
    if period is None or any(d.precision != "year" for d in period):
        return None
    first, last = period[0].year, period[1].year
    return (first, last) if _is_year_word(str(first)) else None


def _is_year_word(word: str) -> bool:
    """A word that is a plausible year (four digits, 1000-2999)."""
    return len(word) == 4 and word.isdigit() and word[0] in "12"


def abbreviated(raw: str) -> bool:
    """A text value with an acronym or an abbreviation ("SAR", "UK", "Univ."), which a text
    may spell out in words the value does not hold ("synthetic aperture radar")."""
    return any(
        (w.isupper() and 2 <= len(w) <= 5) or (w.endswith(".") and len(w) >= 3) for w in raw.split()
    )


def _qualifier_said(word: str, said: frozenset[str]) -> bool:
    """A row qualifier's word (a stem) is in a sentence's stems ``said``: as written, as its
    digits or number word ("4" / "four"), or as the word its abbreviation shortens ("avg" /
    "averaging")."""
    if word in said or _NUMBER_SPELLING.get(word, word) in said:
        return True
    return word.isalpha() and any(abbreviates(word, False, s, False) for s in said)


def spell_out(word: str, words: Sequence[str]) -> str | None:
    """The first of ``words`` that the abbreviation ``word`` ("Univ.", "Ctr.") shortens;
    None when ``word`` is no abbreviation or none does."""
    core = word.rstrip(".,").casefold()
    if not (word.endswith(".") and len(core) >= 2 and core.isalpha()):
        return None
    return next((t for t in words if abbreviates(core, True, t, False)), None)


#: Words that make the figure after them an estimate, not a bound
#: Words before a figure that give it as a round estimate, which a table writes as the figure
#: ("about 5.5 million": 5.5); not "nearly" / "almost" (short of it)
_ROUND_FIGURES: Final = frozenset({"about", "around", "roughly", "approximately", "some"})
_ESTIMATES: Final = frozenset(
    {"about", "around", "roughly", "approximately", "some", "nearly", "almost"}
)


def _bracketed_unit(header: str) -> bool:
    """The header names a unit in brackets: letters inside them ("Capacity (MW)", "Mass
    (kg)"), not a year ("Population (2020)")."""
    start = header.find("(")
    end = header.find(")", start + 1)
    return 0 <= start < end and any(ch.isalpha() for ch in header[start + 1 : end])


def _writes_bound(raw: str, phrases: Sequence[str]) -> bool:
    """Whether a cell writes a bound itself ("Almost 50%", "over 40"): a word of the bound
    phrases (``Config.grounding_loose_bounds``) among its words."""
    words = set(raw.casefold().split())
    return any(w in words for p in phrases for w in p.split() if w != "%")


def dated_figure(cell: TypedCell, dayfirst: bool = False) -> TypedCell | None:
    """The figure of a text cell that writes one with its year in brackets ("US$1.9 billion
    (2023)", "184,562 (2021 census)", "4,800 (FY2023)"), typed as its own cell, when it is a
    measure; None for any other cell. A caller takes only a contradiction of the figure from
    it (the year is a claim of the whole cell)."""
    raw = cell.raw.strip()
    if cell.kind != "text" or not raw.endswith(")") or raw.count("(") != 1 or raw.count(")") != 1:
        return None
    first, _, second = raw[:-1].partition("(")
    if not _years_in(second):
        return None
    figure = type_cell(first.strip(), dayfirst)
    n = figure.number
    if n is None or figure.kind != "number":
        return None
    # a measure (a unit, a currency, a scale word, or above 99): not a small count or a rank
    # ("1 (1957)" for topping a money list)
    return figure if n.unit is not None or n.has_scale or abs(n.value) > 99 else None


def _years_in(text: str) -> frozenset[str]:
    """The years written in ``text``: runs of four digits that read as years ("FY2023" too)."""
    runs = "".join(ch if ch.isdigit() else " " for ch in text).split()
    return frozenset(r for r in runs if len(r) == 4 and is_year(float(r)))


def year_differs(cell: TypedCell, stated: ClaimVerdict) -> ClaimVerdict | None:
    """A dated figure (:func:`dated_figure`) whose figure the text states, in a sentence that
    gives one year, another than the cell's one ("184,562 (2011 census)": "According to the 2021
    census, the city had a population of 184,562"): the contradiction; None otherwise (no
    year, or several, in the sentence or the brackets)."""
    if stated.status != STATED or stated.evidence is None:
        return None
    claimed = _years_in(cell.raw[cell.raw.rfind("(") :])
    said = _years_in(stated.evidence.sentence)
    if len(claimed) != 1 or len(said) != 1 or claimed == said:
        return None
    (year,) = said
    return ClaimVerdict(
        CONTRADICTED, stated.evidence, year, f"the text gives the figure for {year}"
    )


#: Words of a field that make its value a relative, the family or a person in a line
#: ("father", "spouse", "children", "successor"): a relative's clause may give the field's own
_FAMILY_FIELD_WORDS: Final = frozenset(
    [
        "successor",
        "predecessor",
        "heir",
        "father",
        "mother",
        "parent",
        "parents",
        "spouse",
        "spouses",
        "wife",
        "wives",
        "husband",
        "husbands",
        "partner",
        "partners",
        "married",
        "marriage",
        "marriages",
        "child",
        "children",
        "son",
        "sons",
        "daughter",
        "daughters",
        "brother",
        "brothers",
        "sister",
        "sisters",
        "sibling",
        "siblings",
        "relative",
        "relatives",
        "relation",
        "relations",
        "family",
        "uncle",
        "aunt",
        "cousin",
        "cousins",
        "nephew",
        "niece",
        "grandfather",
        "grandmother",
        "grandchildren",
        "grandson",
        "granddaughter",
        "kin",
        "widow",
        "widower",
        "issue",
    ]
)
#: The subject of a key/value table's text as a pronoun; the possessives that open a
#: relative's clause ("his father"); how many words may stand between the possessive and the
#: relative's noun ("her late husband")
_FAMILY_FIELD_STEMS: Final = frozenset(stems(" ".join(sorted(_FAMILY_FIELD_WORDS))))
_SUBJECT_PRONOUNS: Final = frozenset(["he", "she"])
#: Words of a relative's clause that say the same of the subject ("his son was also a lawyer")
_SAME_OF_SUBJECT: Final = frozenset(["also", "too", "likewise", "like"])
_KIN_POSSESSIVES: Final = frozenset(["his", "her", "their"])
#: Semicolons, "he"/"she", look-back stops, and (opening, relative noun) pairs of a sentence
_ClauseMarks = tuple[list[int], list[int], list[int], list[tuple[int, int]]]
#: Nouns of a relative, one or several ("his father", "her parents")
_RELATIVE_NOUNS: Final = (_KIN - {"married", "marry"}) | frozenset(
    [
        "parents",
        "stepfather",
        "stepmother",
        "grandparents",
        "sons",
        "daughters",
        "brothers",
        "sisters",
        "children",
        "siblings",
        "widower",
        "fiance",
        "fiancee",
    ]
)
#: The shortest stem of a field's word read with "-less" as none of it ("win": "winless")
_LESS_ROOT_MIN: Final = 3
#: Words before an event noun that end the words naming its kind ("made his test debut":
#: "test"; how many words a kind may have: ``Config.grounding_kind_reach``)
_KIND_STOPS: Final = frozenset(
    ["his", "her", "their", "its", "the", "made", "make", "makes", "making", "on", "s", "whose"]
)


def _kind_words(words: Sequence[str], events: AbstractSet[str]) -> tuple[str, ...]:
    """The words of a field naming the kind of its event ("first-class debut date": "first",
    "class"): all but the event nouns and words of time."""
    return tuple(w for w in words if w not in events and w not in _TIME_NOUNS)


def _same_kind(a: Sequence[str], b: Sequence[str]) -> bool:
    """Two kinds of an event written alike: a word of two letters or more in both, the same
    words run together ("firstclass"), one the initials of the other ("mlb" for "major league
    baseball", "odi" for "one day international"), or a short form keeping a word's first
    letter and its figures ("t20" for "twenty20")."""
    long_a = {w for w in a if len(w) >= 2}
    long_b = {w for w in b if len(w) >= 2}
    if long_a & long_b or "".join(a) == "".join(b):
        return True
    for short, whole in ((a, b), (b, a)):
        letters = "".join(w[0] for w in whole if w)
        for w in short:
            if len(w) >= 2 and w.isalpha() and len(whole) >= 2 and letters.startswith(w):
                return True
            digits = "".join(c for c in w if c.isdigit())
            if digits and any(
                x[0] == w[0] and "".join(c for c in x if c.isdigit()) == digits
                for x in whole
                if x and x != w
            ):
                return True
    return False


def _kind_said(words: Sequence[str], kind: Sequence[str]) -> bool:
    """A sentence's ``words`` name the kind ``kind`` anywhere: one of its words of two letters
    or more, or its initials in words in a row ("major league baseball" for "mlb")."""
    have = set(words)
    for w in kind:
        if len(w) < 2:
            continue
        if w in have:
            return True
        n = len(w)
        if w.isalpha() and any(
            "".join(x[:1] for x in words[i : i + n]) == w for i in range(len(words) - n + 1)
        ):
            return True
    return False


def _leading_region(words: str) -> tuple[int, frozenset[str]]:
    """The longest run of words at the start of ``words`` that names a region ("illinois" of
    "illinois and died in"; "new south wales" of "new south wales in 1901"): its length in
    characters and the region's names; ``(0, frozenset())`` when none does."""
    cut = len(words)
    while cut > 0:
        names = region_names(words[:cut])
        if names:
            return cut, names
        cut = words.rfind(" ", 0, cut)
    return 0, frozenset()


def is_year(value: float) -> bool:
    """A whole number that reads as a year (1000-2100)."""
    return float(value).is_integer() and 1000 <= value <= 2100


@dataclass(frozen=True)
class Evidence:
    """Where the context says it: the sentence, its span, and the value's span (if any)."""

    sentence: str
    start: int
    end: int
    value_start: int | None = None
    value_end: int | None = None

    def to_dict(self) -> dict[str, object]:
        """JSON-safe form."""
        return {
            "sentence": self.sentence,
            "start": self.start,
            "end": self.end,
            "value_start": self.value_start,
            "value_end": self.value_end,
        }


@dataclass(frozen=True)
class ClaimVerdict:
    """A claim's status against the context, the evidence, and what the text says instead."""

    status: str
    evidence: Evidence | None = None
    stated_value: str | None = None
    reason: str = ""


#: A made - attempted pair written in one cell ("6-14", "6/14", "6 of 14", "6 - for - 14")
_SHOTS_RE: Final = re.compile(
    r"(\d{1,3})\s*(?:[-–/]|(?:[-–]\s*)?(?:of|for)(?:\s*[-–])?)\s*(\d{1,3})", re.IGNORECASE
)
#: A header for each kind of shot, to read a pair's two figures with
_SHOT_NAMES: Final = {
    "fieldgoal": "field goals",
    "threepoint": "three-pointers",
    "freethrow": "free throws",
}
#: Most words between a bare figure and the bracketed shooting line that makes it points
_BOX_LINE_REACH: Final = 4
#: Marks of a shooting line in a box score's brackets ("6 - 15 FG", "2 - 4 3Pt", "5 - 6 FT")
_BOX_SHOT_MARKS: Final = frozenset({"fg", "ft", "3pt", "3p", "3pm", "fgm", "ftm"})
#: Most words between "a" and a period's score line ("a similarly dominant 26 - 16 second quarter")
_LINE_ADJECTIVES: Final = 3
#: A region right after a place's name: ", Massachusetts" (up to the next mark or clause word)
_PLACE_REGION_RE: Final = re.compile(r",\s*([^\W\d_][^\W\d_ .'-]*(?:[ .'-][^\W\d_]+){0,3})")
#: Words of a share of a whole before its "of" ("most of his 20 points")
_SHARE_WORDS: Final = frozenset(
    {"most", "all", "half", "much", "many", "some", "bulk", "majority", "part", "portion"}
)


def shot_parts(
    attribute_name: str, value: TypedCell, extra: tuple[tuple[str, ...], ...] = ()
) -> tuple[tuple[str, TypedCell], tuple[str, TypedCell]] | None:
    """A made - attempted pair written in one cell under a header of one kind of shot ("FG":
    "6-14", "3PT": "2/5", "FTM-A": "5 of 6") as its two claims, (header, figure) for the made
    and the attempted count; None for any other cell."""
    m = _SHOTS_RE.fullmatch(value.raw.strip())
    if m is None:
        return None
    header = header_features(attribute_name, extra)
    shooting = header.concepts & _SHOOTING
    if len(shooting) != 1 or header.concepts - _SHOOTING or header.role in {"percent", "rate"}:
        return None
    made, tried = int(m.group(1)), int(m.group(2))
    if made > tried:
        return None
    name = _SHOT_NAMES[next(iter(shooting))]
    return (f"{name} made", type_cell(str(made))), (f"{name} attempted", type_cell(str(tried)))


#: Words of a field naming one detail of a life's event ("Birth date", "birthplace")
_LIFE_DETAIL_WORDS: Final = frozenset(
    {"date", "place", "year", "day", "city", "country", "location", "name", "cause", "age"}
)
#: Where a life event's date stops and its place begins ("may 31, 1865, toronto", "... in toronto")
# (?<!\s)\s++: a whitespace run is tried once, from its start (linear on long runs)
_DATE_PLACE_CUTS_RE: Final = re.compile(r",\s++|(?<!\s)\s++(?:in|at)\s++|;\s*+")
_ASIDE_RE: Final = re.compile(r"\([^()]*\)")


def life_parts(
    attribute_name: str, value: TypedCell, config: Config
) -> tuple[tuple[str, TypedCell], tuple[str, TypedCell]] | None:
    """A field of a life's event holding its date and its place ("Born": "may 31, 1865,
    hagermans corners, ontario"; "Died": "18 November 1956 (aged 91), Richmond Hill") as its
    two claims, (field, value) for the date and the place; None for any other cell (or one
    longer than ``Config.max_typed_chars``)."""
    event = _field_event(attribute_name)
    words = tokens(attribute_name)
    if event is None or value.kind != "text" or len(value.raw) > config.max_typed_chars:
        return None
    if any(d in w for w in words for d in _LIFE_DETAIL_WORDS):
        return None

    def typed(text: str) -> TypedCell:
        return type_cell(text, config.dayfirst, max_chars=config.max_typed_chars)

    raw = " ".join(_ASIDE_RE.sub(" ", value.raw).split())
    best: tuple[str, str] | None = None
    for cut in _DATE_PLACE_CUTS_RE.finditer(raw):
        head, rest = raw[: cut.start()].strip(), raw[cut.end() :].strip(" ,;")
        if rest and typed(head).kind == "date":
            best = (head, rest)  # the longest date: "may 31, 1865", not "may 31"
    if best is None or not any(c.isalpha() for c in best[1]):
        return None
    return (f"{event} date", typed(best[0])), (f"{event} place", typed(best[1]))


_T = TypeVar("_T")


def first_by_status(items: Sequence[_T], status: Callable[[_T], str], order: Sequence[str]) -> _T:
    """One of a cell's several claims (``items``, non-empty) to stand for the cell: the first
    whose status is the earliest of ``order`` any has, else the first."""
    for wanted in order:
        for item in items:
            if status(item) == wanted:
                return item
    return items[0]


def combine_parts(verdicts: Sequence[ClaimVerdict]) -> ClaimVerdict:
    """One verdict for a cell of several claims: the first contradiction, else the first claim
    not stated, else the first."""
    return first_by_status(verdicts, attrgetter("status"), (CONTRADICTED, UNSTATED))


#: Where the words of a figure stop (:meth:`Grounder._own_words`)
_CLAUSE_BREAKS: Final = frozenset({",", ";", "(", ")", "."})


#: Words after a people's name that make it an origin, no nationality ("Irish-born", "Irish
#: born", "of Irish descent"); as a sentence's spaced tokens, after the name's closing space
_ORIGIN_AFTER: Final = (
    "- born ",
    "born ",
    "- descended ",
    "descent ",
    "ancestry ",
    "heritage ",
    "origin ",
    "extraction ",
    "parentage ",
)


def _people_word(word: str) -> bool:
    """``word`` (lower case) is a nation's people's name ("american", "irish")."""
    return any(word in nation_people(n) for n in region_names(word))


def _named_not_as_origin(text: str, name: str) -> bool:
    """``name`` stands in ``text`` other than as a birth origin or an ancestry (``_ORIGIN_AFTER``:
    "an Irish-born bishop", "an American actor of Irish descent": born in Ireland or of Irish
    parents, which says nothing of a nationality), nor as the first people of a hyphenated
    pair ("an Irish-American actor": an American of Irish descent)."""
    start = 0
    while (i := text.find(name, start)) >= 0:
        end = i + len(name)
        hyphened = text.startswith("- ", end) and _people_word(text[end + 2 :].split(" ", 1)[0])
        if not hyphened and not text.startswith(_ORIGIN_AFTER, end):
            return True
        start = i + 1
    return False


@dataclass
class Grounder:
    """A context prepared for the claims of one table: entities found once, claims checked many
    times. ``names`` holds each entity's row-key text (or several spellings of it: a predicted
    and a gold one); ``subject`` makes every sentence about one entity (its index);
    ``referenceless``: the table is judged against the context alone
    (``Config.grounding_loose_numbers``); ``headers``: the table's column headers (the
    attributes a number's words may name instead); ``fields``: a key/value table's fields
    (the other attributes a value of one may belong to)."""

    context: str
    names: tuple[str | tuple[str, ...], ...]
    config: Config
    subject: int | None = None
    referenceless: bool = False
    headers: tuple[str, ...] = ()
    fields: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        self._rep, self._qualifiers, self._bare = _qualified_names(self.names)
        plain = self._bare
        if self.config.grounding_team_names:
            self._bare = team_names(
                self._bare, self.config.grounding_team_informal_names, self.context
            )
        regions = None
        if self.subject is None and not self.referenceless:
            # only the sentences that name an entity (and those that continue about it) are read;
            # referenceless, every sentence ("Indiana (9 - 9)" far from any name of the table)
            words = frozenset(
                w[: max(4, len(w) - 2)]  # a prefix also finds a misspelt ending ("Mindaugus")
                for entry in self._bare
                for name in ((entry,) if isinstance(entry, str) else entry)
                # folded ("soby") and as written ("søby"): the context is searched unfolded
                for w in (*name_words(name), *name.casefold().split(), initials(name))
                if len(w) >= 3
            )
            # the short forms the mention reader takes for a long name word ("Cavs" /
            # "Cavaliers", "Wolves" / "Timberwolves")
            words |= {
                short
                for entry in self._bare
                for name in ((entry,) if isinstance(entry, str) else entry)
                for w in name_words(name)
                for short in short_forms(w)
            }
            regions = regions_around(self.context, words)
        self.doc: Document = index_document(self.context, regions)
        self.mentions: tuple[tuple[Mention, ...], ...] = find_mentions(
            self.doc, self._bare, self.config.grounding_carry_reach
        )
        two = [e for e, n in enumerate(self.names) if n]
        if self._bare != plain and len(two) == 2 and self.config.grounding_side_nouns:
            # a game's two teams: "the visitors" of a sentence naming one is the other
            self.mentions = side_mentions(
                self.doc, self.mentions, (two[0], two[1]), self.config.grounding_side_nouns
            )
        self._extra = tuple(tuple(g) for g in self.config.grounding_synonyms)
        # windows stop at the next number ("17 points and four assists")
        self._number_starts = frozenset(m.first for m in self.doc.numbers)
        self._other_concepts = frozenset(
            c for h in self.headers for c in header_features(h, self._extra).concepts
        )
        self._owners: dict[NumberMention, Attribution] = {}
        self._entity_numbers: dict[int, tuple[list[NumberMention], list[NumberMention]]] = {}
        self._window_cache: dict[
            NumberMention, tuple[tuple[frozenset[str], frozenset[str], int | None], ...]
        ] = {}
        self._noun_cache: dict[NumberMention, str | None] = {}
        self._role_stems = frozenset(
            w for r in self.config.grounding_person_roles for w in stems(r)
        ) | {"man"}
        # filled on first use (declared here, not in __dict__: the class compiles with mypyc)
        self._by_sentence: dict[int, list[NumberMention]] | None = None
        self._features: dict[int, tuple[frozenset[str], frozenset[str], int | None]] = {}
        self._all_stems: frozenset[str] | None = None
        self._words: frozenset[str] | None = None
        self._all_header_stems: frozenset[str] | None = None
        self._all_name_words: frozenset[str] | None = None
        self._stems: dict[int, frozenset[str]] = {}
        self._tok_stems: dict[int, str] = {}
        self._number_buckets: (
            tuple[
                dict[int, list[NumberMention]],
                dict[int, list[NumberMention]],
                list[tuple[NumberMention, frozenset[int]]],
            ]
            | None
        ) = None
        self._sentences_about: dict[int, list[int]] = {}  # entity_sentences, per entity
        self._clause_marks: dict[int, _ClauseMarks] = {}  # _relatives_clause, per sentence
        self._with_numbers: dict[int, set[int]] = {}  # mentions_attribute's sentences, by entity
        self._plain_features: dict[int, tuple[frozenset[str], frozenset[str], int | None]] = {}

    # -- helpers -----------------------------------------------------------------------------
    def _numbers_of(self, entity: int) -> tuple[list[NumberMention], list[NumberMention]]:
        """The numbers attributed to ``entity`` (possibly among others), and the other numbers
        whose nearest named entity in their sentence is ``entity``; in text order."""
        found = self._entity_numbers.get(entity)
        if found is None:
            if self._number_buckets is None:
                self._sort_numbers()
            assert self._number_buckets is not None
            owned_by, alone_by, unnamed = self._number_buckets
            owned = owned_by.get(entity, [])
            if any(x.entity == entity for ms in self.mentions for x in ms):
                alone = alone_by.get(entity, [])
            else:  # named nowhere: no number is nearest to it; those near no one where written
                written = set(self._written_in(entity))
                alone = [m for m, ents in unnamed if m.sentence in written and entity not in ents]
            found = self._entity_numbers[entity] = (owned, alone)
        return found

    def _sort_numbers(self) -> None:
        """Every number once, in text order: to the entities it is attributed to, else to the
        entity named nearest to it; the numbers near no entity aside (with their owners)."""
        owned_by: dict[int, list[NumberMention]] = {}
        alone_by: dict[int, list[NumberMention]] = {}
        unnamed: list[tuple[NumberMention, frozenset[int]]] = []
        for m in self.doc.numbers:
            if any(x.first <= m.first and m.last <= x.last for x in self.mentions[m.sentence]):
                continue  # "Kung Fu Panda 4", "the Aero 14": part of a name, no figure
            ents = self._owner(m).entities
            for e in ents:
                owned_by.setdefault(e, []).append(m)
            near = self._nearest(m)
            if near is None:
                unnamed.append((m, ents))
            elif near not in ents:
                alone_by.setdefault(near, []).append(m)
        self._number_buckets = (owned_by, alone_by, unnamed)

    def _nearest(self, m: NumberMention) -> int | None:
        """The table entity named nearest to ``m`` in its sentence, before or after it, not
        one it is compared with after it ("more than Charlotte"; None when none is, or two are
        as near)."""
        best: tuple[int, int] | None = None
        tie = False
        toks = self.doc.tokens
        for x in self.mentions[m.sentence]:
            if x.entity == OTHER:
                continue
            if x.first > m.last and toks[x.first - 1].text == "than":
                continue  # "15 turnovers, seven more than Charlotte": the one compared with
            gap = m.first - x.last if x.last < m.first else x.first - m.last
            if best is None or gap < best[0]:
                best, tie = (gap, x.entity), False
            elif gap == best[0] and x.entity != best[1]:
                tie = True
        return None if best is None or tie else best[1]

    def _owner(self, m: NumberMention) -> Attribution:
        """Whom ``m`` is about (:func:`attribute`), read once per number."""
        who = self._owners.get(m)
        if who is None:
            who = attribute(self.doc, self.mentions, m, self.subject, self.config)
            two = [e for e, n in enumerate(self.names) if n]  # a table of two entities
            if (
                m.role == "second"
                and who.ambiguous
                and len(two) == 2
                and who.entities <= set(two)
                and len(who.entities) == 1
                and self._won_pair(m)
                # not the beaten one named after it ("a 103 - 100 win against the Rockets")
                and not any(
                    x.entity in who.entities
                    and 0 < x.first - (m.pair_last or m.last) <= self.config.grounding_beaten_words
                    and any(
                        t.text in _BEATEN_BY
                        for t in self.doc.tokens[(m.pair_last or m.last) + 1 : x.first]
                    )
                    for x in self.mentions[m.sentence]
                )
            ):
                # "Rebounding was key, with OKC winning that battle, 54 - 25": of a table of two,
                # the one not named (the loser) has the second figure, not the winner
                who = Attribution(frozenset(two) - who.entities, True)
            elif (
                m.role == "second"
                and who.ambiguous
                and len(two) == 2
                and len(who.entities) == 1
                and who.entities <= set(two)
                and self._periods_line(m)
                and not any(x.entity in two and x.first > m.last for x in self.mentions[m.sentence])
            ):
                # "The Jazz took command with a 28 - 19 first quarter": the period's score line
                # of the one named, the second figure the other's
                who = Attribution(frozenset(two) - who.entities, True)
            elif (
                m.role in {"first", "second"}
                and len(two) == 2
                and (outdone := self._outdone(m, who)) is not None
                and outdone in two
            ):
                # "The Knicks were out - rebounded 41 - 34": the first figure is the other's
                side = {outdone} if m.role == "second" else set(two) - {outdone}
                who = Attribution(frozenset(side), True)
            self._owners[m] = who
        return who

    def _box_line_after(self, m: NumberMention) -> bool:
        """A bare figure followed, within ``_BOX_LINE_REACH`` words, by a bracketed shooting
        line ("added 14 off the bench (6 - 15 FG)"): a box score's points, as the convention
        writes them."""
        toks = self.doc.tokens
        _a, b = self.doc.sentences[m.sentence]
        k = m.last + 1
        while k < b and k <= m.last + _BOX_LINE_REACH and toks[k].text.isalpha():
            k += 1
        if k + 4 >= b or toks[k].text != "(":
            return False
        line = [t.text for t in toks[k + 1 : min(b, k + 6)]]
        return (
            line[0].isdigit()
            and line[1] in {"-", "/"}
            and line[2].isdigit()
            and line[3] in _BOX_SHOT_MARKS
        )

    def _periods_line(self, m: NumberMention) -> bool:
        """The pair ``m`` is part of is written as a period's score line, after "a" ("with a
        28 - 19 first quarter", "a 26 - 16 second quarter")."""
        first = m.pair_first if m.pair_first is not None else m.first
        a, _b = self.doc.sentences[m.sentence]
        toks = self.doc.tokens
        if self._period_of_pair(m) is None or toks[(m.pair_last or m.last) + 1].text not in (
            ORDINAL_NAMES
        ):
            return False
        # "a 28 - 19 first quarter", "a similarly dominant 26 - 16 second quarter"
        for k in range(first - 1, max(a - 1, first - 1 - _LINE_ADJECTIVES - 1), -1):
            if toks[k].text in {"a", "an"}:
                return True
            if not toks[k].text.isalpha():
                return False
        return False

    def _outdone(self, m: NumberMention, who: Attribution) -> int | None:
        """The table entity named right before a passive "out-" verb that the pair ``m`` is
        part of follows ("the Knicks were out - rebounded 41 - 34", "was outscored 30 - 22"),
        else the one entity ``who`` carries ("The team was outrebounded 47 to 36"): it has the
        second figure. None when the pair follows no such verb."""
        if m.pair_first is None:
            return None
        a, _b = self.doc.sentences[m.sentence]
        toks = self.doc.tokens
        k = m.pair_first - 1
        if k - 1 >= a and toks[k - 1].text == "-" and toks[k].text.endswith("ed"):
            k -= 2  # "out - rebounded"
            verb = k >= a and toks[k].text == "out"
        else:
            verb = k >= a and toks[k].text.startswith("out") and toks[k].text.endswith("ed")
        if not (verb and k - 1 >= a and toks[k - 1].text in PASSIVE_WORDS):
            return None
        subject = [x for x in self.mentions[m.sentence] if x.last < k - 1]
        if subject and subject[-1].last >= k - 2 - self.config.grounding_outdone_gap_words:
            return subject[-1].entity
        return next(iter(who.entities)) if len(who.entities) == 1 and not subject else None

    def _topic_before(self, m: NumberMention) -> tuple[str | None, frozenset[str]]:
        """What the sentence speaks of before the pair ``m`` is part of: the one statistic it
        names ("Rebounding was a glaring difference, with OKC winning that battle, 54 - 25":
        rebounds; None when it names none or several) and its content words ("Bench production
        was a huge factor ...": bench)."""
        a, _b = self.doc.sentences[m.sentence]
        first = m.pair_first if m.pair_first is not None else m.first
        words = [t.text for t in self.doc.tokens[a:first]]
        concepts, stems_read, _ordinal = window_features(words, self._extra)
        found = concepts - _NOT_TOPICS
        return (next(iter(found)) if len(found) == 1 else None), stems_read

    def _score_of_result(self, m: NumberMention) -> bool:
        """The pair ``m`` is part of is followed by a result noun ("a 103 - 100 win", "their
        99 - 90 road victory"): the game's final score."""
        last = m.pair_last if m.pair_last is not None else m.last
        _a, b = self.doc.sentences[m.sentence]
        words = [t.text for t in self.doc.tokens[last + 1 : min(b, last + 3)]]
        return bool(set(words) & _RESULTS)

    def _won_pair(self, m: NumberMention) -> bool:
        """``m`` is the lower side of a pair its clause says the side named won ("winning that
        battle, 54 - 25", "a 49 - 42 rebounding advantage"; reach:
        ``Config.grounding_clause_reach`` before, ``grounding_won_after_words`` after)."""
        if m.pair_first is None or m.pair_last is None:
            return False
        first = next((x for x in self.doc.numbers if x.first == m.pair_first), None)
        if first is None or first.value <= m.value:
            return False
        a, b = self.doc.sentences[m.sentence]
        toks = self.doc.tokens
        before = {
            t.text
            for t in toks[max(a, m.pair_first - self.config.grounding_clause_reach) : m.pair_first]
        }
        reach = self.config.grounding_won_after_words
        after = {t.text for t in toks[m.pair_last + 1 : min(b, m.pair_last + 1 + reach)]}
        # "Utah held just a 43 - 42 lead" (not "cut the lead to 50 - 48": who leads is unsaid)
        held = "lead" in after and bool(before & _LEAD_HELD)
        return held or bool((before | after) & _WON_WORDS)

    def _written_record(self, raw: str) -> tuple[int, int, int] | None:
        """Where the text writes a record of three parts ("2-4-2", wins - losses - ties) with
        its dashes spaced or doubled ("2 -- 4 -- 2"): (sentence, first token, last token);
        None for any other value, or when the text does not write it."""
        m = _TRIPLE_RECORD_RE.fullmatch(raw.strip())
        if m is None:
            return None
        want = [m[1], m[2], m[3]]
        toks = self.doc.tokens
        for k, tok in enumerate(toks):
            if tok.text != want[0] or (k > 0 and toks[k - 1].text in _DASHES_WORDS):
                continue
            j, part = k + 1, 1
            while part < len(want):
                dashes = 0
                while j < len(toks) and toks[j].text in _DASH_MARKS and dashes < 2:
                    j, dashes = j + 1, dashes + 1
                if not dashes or j >= len(toks) or toks[j].text != want[part]:
                    break
                j, part = j + 1, part + 1
            if part == len(want) and (j >= len(toks) or toks[j].text not in _DASH_MARKS):
                s = self.doc.sentence_of(k)
                return s, k, j - 1
        return None

    def _evidence(
        self, sentence: int, first: int | None = None, last: int | None = None
    ) -> Evidence:
        s, e = self.doc.sentence_span(sentence)
        vs = self.doc.tokens[first].start if first is not None else None
        ve = self.doc.tokens[last].end if last is not None else None
        return Evidence(self.doc.raw[s:e], s, e, vs, ve)

    def entity_sentences(self, entity: int) -> list[int]:
        """Sentences about ``entity``: naming it, or following one that does as its subject."""
        entity = self._rep.get(entity, entity)
        if self.subject is not None:
            return list(range(len(self.doc.sentences)))
        found = self._sentences_about.get(entity)
        if found is None:  # read once per entity (a table asks for every cell)
            found = self._sentences_about[entity] = self._entity_sentences(entity)
        return list(found)

    def _entity_sentences(self, entity: int) -> list[int]:
        out: list[int] = []
        subject_of_last: int | None = None
        alone = self._one_entity()
        for s, ms in enumerate(self.mentions):
            if ms:
                subject_of_last = ms[0].entity
                if any(m.entity == entity for m in ms):
                    out.append(s)
            elif subject_of_last == entity:
                out.append(s)
        found = out or (self._written_in(entity) if self.referenceless else [])
        if not found and alone:
            # a one-row table whose key the mentions miss ("2001–02" for "the 2001-02 season"):
            # the text is about its one entity
            return list(range(len(self.mentions)))
        return found

    def _going_on(self, entity: int, sentences: list[int]) -> list[int]:
        """A one-row table's text value: with its entity's sentences, every later one that
        names only other names ("Chief Justice Earl Warren wrote the majority opinion"), as a
        sentence naming no one goes on about it. Not for figures: "with 17-year-old Bruno
        Sarmento joining" gives his age, not the entity's."""
        if not sentences:
            return sentences
        first = sentences[0]
        more = [
            s
            for s in range(first + 1, len(self.mentions))
            if self.mentions[s] and all(m.entity == OTHER for m in self.mentions[s])
        ]
        return sorted({*sentences, *more})

    def _one_entity(self) -> bool:
        """``Config.grounding_one_entity_text``: the table has one entity (one row named), so a
        sentence after one naming it that names no entity of the table, only other names, goes
        on about it for its text values (as a sentence naming no one does)."""
        return self.config.grounding_one_entity_text and sum(1 for n in self.names if n) == 1

    def _written_in(self, entity: int) -> list[int]:
        """Sentences holding one of ``entity``'s names as written (folded), for a name the
        alias reading does not find ("ADF-217 b")."""
        if entity >= len(self._bare):
            return []
        entry = self._bare[entity]
        spellings = [
            " ".join(n.casefold().split()) for n in ((entry,) if isinstance(entry, str) else entry)
        ]
        spellings = [n for n in spellings if len(n) >= 3]
        return [
            s
            for s in range(len(self.doc.sentences))
            if any(n in " ".join(self.doc.sentence_text(s).casefold().split()) for n in spellings)
        ]

    def _windows(
        self, m: NumberMention
    ) -> tuple[tuple[frozenset[str], frozenset[str], int | None], ...]:
        """Features of the words after and before a number (never across another number, a
        comma, a semicolon or a bracket); read once per number (every claim asks again)."""
        found = self._window_cache.get(m)
        if found is None:
            found = self._read_windows(m)
            (ac, aw, ao), before = found
            if ao is None and m.role is None and m.respective is None:
                period = self._list_period(m)
                if period is not None:  # "seven points and four rebounds in that first period"
                    found = ((ac | {period[0]}, aw, period[1]), before)
            self._window_cache[m] = found
        return found

    def _list_period(self, m: NumberMention) -> tuple[str, int] | None:
        """The period (concept, ordinal) that closes the list of figures ``m`` opens or
        continues ("scoring seven points and adding four rebounds and four assists in that
        first period"): the last figure's words name a quarter or a half with its ordinal."""
        here = self._numbers_in(m.sentence)
        k = here.index(m) if m in here else -1
        if k < 0:
            return None
        toks = self.doc.tokens
        last = m
        for nxt in here[k + 1 :]:
            between = [t.text for t in toks[last.last + 1 : nxt.first]]
            if (
                nxt.role is not None
                or not 0 < len(between) <= 4
                or not {",", "and"} & set(between)
                or set(between) & _LIST_CUTS
                or any(t.digits for t in toks[last.last + 1 : nxt.first])
            ):
                break
            last = nxt
        if last is m:
            return None
        (ac, _aw, ao), _before = self._read_windows(last)
        period = ac & _PERIODS
        if ao is None or len(period) != 1:
            return None
        return next(iter(period)), ao

    def _read_windows(
        self, m: NumberMention
    ) -> tuple[tuple[frozenset[str], frozenset[str], int | None], ...]:
        if m.respective is not None and m.respective[0] > 0:
            # "shot 51 and 43 percent, respectively": the list's words before its first number
            head = next(
                x
                for x in self._numbers_in(m.sentence)
                if x.respective == (0, m.respective[1]) and x.first < m.first
            )
            _after, before_head = self._windows(head)
        else:
            before_head = None
        toks = self.doc.tokens
        a, b = self.doc.sentences[m.sentence]
        first = m.pair_first if m.pair_first is not None else m.first
        last = m.pair_last if m.pair_last is not None else m.last
        after: list[str] = []
        k = last + 1
        if k < b and toks[k].text in {"%", "percent", "pct"}:
            k += 1
        if (
            k + 1 < b
            and toks[k].text == ","
            and m.role in {"first", "second"}
            and first > a
            and toks[first - 1].text == ","
        ):
            # "outscored the Thunder, 44 - 22, in the paint" (not "were out - rebounded 50 - 41,
            # they shot better": a new clause)
            k += 1
        starts = self._number_starts
        window = self.config.grounding_attribute_window
        while k < b and len(after) < window and toks[k].text not in _STOP_AT and k not in starts:
            if toks[k].text in _CLAUSE_WORDS:
                break  # "20 points and 10 rebounds": the next number's words
            if toks[k].text != "-":
                after.append(toks[k].text)
            k += 1
        if after and after[-1] in _OFF and k in starts:
            # "21 points off 16 turnovers": points off turnovers, whoever committed them
            nxt = next((x for x in self.doc.numbers if x.first == k), None)
            if nxt is not None and nxt.last + 1 < b and toks[nxt.last + 1].text in TURNOVER_NOUNS:
                after.append(toks[nxt.last + 1].text)
        before: list[str] = []
        k = first - 1
        if k > a and toks[k].text == "(" and last + 1 < b and toks[last + 1].text == ")":
            k -= 1  # "rebounds (15)"
        while k >= a and len(before) < window and toks[k].text not in _STOP_AT:
            if toks[k].digits or k in starts or toks[k].text in _CLAUSE_WORDS:
                break
            before.insert(0, toks[k].text)
            k -= 1
        if m.respective is not None:
            listed, own = self._respective_words(m)
            if own:  # the i-th phrase names the attribute, whatever the words before say
                return window_features(listed, self._extra), window_features([], self._extra)
            if listed:
                after = listed
        found_after = window_features(after, self._extra)
        if (
            before_head is None
            and first - 2 >= a
            and (toks[first - 2].text, toks[first - 1].text) in _COMPARED
        ):
            # "the rate of severe attacks was 0.42, compared with 0.87 in the placebo group":
            # the figure compared with the one before is of the same attribute
            earlier = [x for x in self._numbers_in(m.sentence) if x.last < first]
            if earlier:
                _after, before_head = self._read_windows(earlier[-1])
        return found_after, before_head or window_features(before, self._extra)

    def _respective_words(self, m: NumberMention) -> tuple[list[str], bool]:
        """The words a ``respective`` number is about, and whether they are its own: the i-th
        of as many phrases listed between the numbers and "respectively" ("51 and 56 percent
        from the field and from three, respectively"), else the words after the list, shared
        by every number ("20 and 15 points, respectively")."""
        assert m.respective is not None
        i, n = m.respective
        listed = [x for x in self._numbers_in(m.sentence) if x.respective == (n - 1, n)]
        ends = [x for x in listed if x.first >= m.first]
        if not ends:
            return [], False
        toks = self.doc.tokens
        _a, b = self.doc.sentences[m.sentence]
        k = ends[0].last + 1
        while k < b and toks[k].text in {"%", "percent", "pct"}:
            k += 1
        items: list[list[str]] = [[]]
        while k < b and toks[k].text != "respectively":
            text = toks[k].text
            if text in {",", "and", "or"}:
                if items[-1]:
                    items.append([])
            elif text != "-":
                items[-1].append(text)
            k += 1
        items = [x for x in items if x]
        if len(items) == n and all(window_features(x, self._extra)[0] for x in items):
            return items[i], True  # each phrase names an attribute ("20 and 15 points for A
            # and B" lists names, not attributes: the words are shared)
        return (items[0][: self.config.grounding_attribute_window] if items else []), False

    def _own_noun(self, m: NumberMention) -> str | None:
        """The attribute concept of the words right after a number ("two steals to his scoring
        total": steals), None when the next word names none."""
        if m in self._noun_cache:
            return self._noun_cache[m]
        if m.respective is not None:
            listed, own_words = self._respective_words(m)
            if own_words:  # "51 and 56 percent from the field and from three, respectively"
                found = self._noun_cache[m] = read_words(listed, self._extra)[0][0]
                return found
        toks = self.doc.tokens
        _a, b = self.doc.sentences[m.sentence]
        k = (m.pair_last if m.pair_last is not None else m.last) + 1
        if k < b and toks[k].text in {"%", "percent", "pct"}:
            k += 1
        words: list[str] = []
        window = self.config.grounding_attribute_window
        while k < b and len(words) < window and toks[k].text not in _STOP_AT:
            if toks[k].digits or k in self._number_starts or toks[k].text in _CLAUSE_WORDS:
                break
            if toks[k].text != "-":  # "an 11 - rebound double - double": rebound
                words.append(toks[k].text)
            k += 1
        own = read_words(words, self._extra)[0][0] if words else None
        self._noun_cache[m] = own
        return own

    def _missed(self, m: NumberMention) -> bool:
        """A count of misses: "missed two free throws", "missed all six of his attempts"."""
        toks = self.doc.tokens
        a, _b = self.doc.sentences[m.sentence]
        k = m.first - 1
        if k > a and toks[k].text in {"all", "both"}:
            k -= 1
        return k >= a and toks[k].text in _MISSED

    def _attempts(self, m: NumberMention) -> bool:
        """The words right after a single number (``Config.grounding_attempt_noun_words``) call
        it attempts or shots (not "two blocked shots": blocks)."""
        own = self._own_noun(m)
        if own is not None and own not in _SHOOTING:
            return False
        toks = self.doc.tokens
        _a, b = self.doc.sentences[m.sentence]
        for k in range(m.last + 1, min(b, m.last + 1 + self.config.grounding_attempt_noun_words)):
            if toks[k].text in _STOP_AT or toks[k].digits:
                return False
            if any(w in _ATTEMPT_NOUNS for w in stems(toks[k].text)):
                return True
        return False

    def _numbers_in(self, s: int) -> list[NumberMention]:
        """The numbers of sentence ``s``, in the text's order (grouped once: linear)."""
        by_sentence = self._by_sentence
        if by_sentence is None:
            by_sentence = self._by_sentence = {}
            for x in self.doc.numbers:
                by_sentence.setdefault(x.sentence, []).append(x)
        return by_sentence.get(s, [])

    def _elided(self, m: NumberMention) -> frozenset[str]:
        """The attribute of the previous number of the sentence, for a bare number that leaves
        its noun out."""
        before = [x for x in self._numbers_in(m.sentence) if x.last < m.first]
        if not before:
            return frozenset()
        (ac, _aw, _ao), (bc, _bw, _bo) = self._windows(before[-1])
        return ac or bc

    def _near_words(self, m: NumberMention) -> set[str]:
        """The words within ``Config.grounding_attempt_words`` of ``m``, in its sentence."""
        a, b = self.doc.sentences[m.sentence]
        near = self.config.grounding_attempt_words
        return {t.text for t in self.doc.tokens[max(a, m.first - near) : min(b, m.last + near + 1)]}

    def _is_score(self, m: NumberMention) -> bool:
        """A two-sided pair after a result verb, or after two named entities, is a score."""
        if m.role not in {"first", "second"}:
            return False
        a, _b = self.doc.sentences[m.sentence]
        first = m.pair_first if m.pair_first is not None else m.first
        if any(t.text.startswith(_RESULT_VERBS) for t in self.doc.tokens[a:first]):
            return True
        return sum(1 for x in self.mentions[m.sentence] if x.last < first) >= 2

    def _average_for_total(self, header: Features, m: NumberMention) -> bool:
        """``m`` is an average the text gives ("averaged 12.5 points per game") and the header
        names no average ("career points"): it states no figure of the header."""
        return not _averaged(header) and self._an_average(m)

    def _subjects_average(self, header: Features, m: NumberMention, attribute_name: str) -> bool:
        """Key/value: ``m`` is the subject's average of the field's attribute ("he averaged 12.5
        points per game over his career") and the field names a total ("career points"): no
        loose reading of the figure states it."""
        return (
            self.subject is not None
            and self._average_for_total(header, m)
            and self._speaks_of(header, m, attribute_name)
        )

    def _an_average(self, m: NumberMention) -> bool:
        """The text gives ``m`` as an average: "averaged"/"averaging" among the three words
        before it ("averaged 12.5 points"; not the noun: "a .286 batting average with 106 home
        runs"), or "per" among the four after it in its clause ("12.5 points per game")."""
        toks = self.doc.tokens
        a, b = self.doc.sentences[m.sentence]
        before = {t.text for t in toks[max(a, m.first - 3) : m.first]}
        if before & _AVERAGE_WORDS:
            return True
        for t in toks[m.last + 1 : min(b, m.last + 5)]:
            if t.text in _CLAUSE_BREAKS:
                return False
            if t.text == "per":
                return True
        return False

    def _speaks_of(self, header: Features, m: NumberMention, attribute_name: str = "") -> bool:
        """``m``'s sentence holds a word of the header (a stem or a concept), or the header has
        none to look for ("draft round: 3" needs "round" or "draft" where the 3 is)."""
        if not header.stems and not header.concepts:
            return True
        concepts, words, _o = self._sentence_features(m.sentence)
        if header.stems & words or header.concepts & concepts:
            return True
        if any(_SPOKEN_AS.get(w, "") in words for w in stems(attribute_name)):
            return True  # "years active: 9" in "a nine-season career"
        toks = self.doc.tokens
        if (
            m.sentence > 0
            and m.last + 2 < len(toks)
            and toks[m.last + 1].text == "of"
            and toks[m.last + 2].text in _GROUP_BACK_REFERENCES
        ):
            # "She reached 27 finals. She won 12 of them.": the count is of the sentence before
            concepts, words, _o = self._sentence_features(m.sentence - 1)
            if header.stems & words or header.concepts & concepts:
                return True
        noun = self._noun_stem(m)
        if noun is not None and len(noun) >= 3 and any(w.startswith(noun) for w in header.stems):
            return True  # "128,353 tons of shipping" for "total tonnage sunk"
        # "ERA" / "4.84 earned run average": a header initialism spelt out in the sentence
        short = [w for w in header.stems if 3 <= len(w) <= 4 and w.isalpha()]
        if short and len(header.stems) <= 3:
            a, b = self.doc.sentences[m.sentence]
            firsts = "".join(t.text[0] for t in self.doc.tokens[a:b] if t.text[:1].isalpha())
            return any(w in firsts for w in short)
        return False

    def _sentence_features(self, s: int) -> tuple[frozenset[str], frozenset[str], int | None]:
        cache = self._features
        if s not in cache:
            a, b = self.doc.sentences[s]
            cache[s] = window_features([t.text for t in self.doc.tokens[a:b]], self._extra)
        return cache[s]

    def _clause_before(self, m: NumberMention) -> frozenset[str]:
        """The attribute concepts of the words of ``m``'s sentence before it, back to the
        previous number (at most ``Config.grounding_clause_reach`` words)."""
        return self._clause_features(m)[0]

    def _clause_features(
        self, m: NumberMention, own_clause: bool = False
    ) -> tuple[frozenset[str], frozenset[str], int | None]:
        """The features of the words before ``m`` that :meth:`_clause_before` reads (with
        ``own_clause``: back to the word that opens its clause, "and", "with", "as", ...)."""
        a, _b = self.doc.sentences[m.sentence]
        first = m.pair_first if m.pair_first is not None else m.first
        words: list[str] = []
        reach = self.config.grounding_clause_reach
        for k in range(first - 1, max(a, first - reach) - 1, -1):
            if k in self._number_starts or self.doc.tokens[k].digits:
                break
            if own_clause and self.doc.tokens[k].text in _CLAUSE_WORDS:
                break
            words.insert(0, self.doc.tokens[k].text)
        return window_features(words, self._extra)

    def _fits(self, header: Features, m: NumberMention, period: bool = False) -> bool:
        if (m.aggregate and not (_averaged(header) or period)) or m.approximate:
            return False
        if not _percent_fits(header, m):
            return False
        if m.attribute_hint is not None:
            return header.concepts == {m.attribute_hint} and not header.stems
        part, total = self._part_of_total(m)
        if total is not None:
            # "17 of his 18 points in the third quarter": 17 is a part, named by what follows
            (tc, tw, to), _before = self._windows(total)
            (_pc, _pw, _po), (bc, bw, _bo) = self._windows(m)
            if bc and not bc & tc:
                # "assisted on 33 of their 45 made buckets": the verb names the part
                return header.ordinal is None and fits(header, bc, bw)
            # the whole's qualifier names the part: a period ("... in the third quarter") or
            # another concept ("42 of their 104 points in the paint"); "17 of his 18 points"
            # alone states no 17 points
            return (
                header.ordinal == to
                and (to is not None or bool(header.stems) or len(header.concepts) > 1)
                and fits(header, tc, tw)
            )
        role = m.role
        if role is None and self._missed(m):
            return "miss" in header.stems  # "missed two free throws": neither made nor taken
        (ac, aw, ao), (bc, bw, bo) = self._windows(m)
        start = m.pair_first if m.pair_first is not None else m.first
        if ac and bc and start > 0 and self.doc.tokens[start - 1].text == "on":
            bc = frozenset()  # "two blocks on 6 - of - 14 shooting": "blocks" is another figure's
        blocked = "block" in bc and self._own_noun(m) == "fieldgoal"  # "blocked three shots"
        if role is None and self._attempts(m) and not blocked:
            role = "attempted"  # "his 12 three - point attempts", "10 points on nine shots"
        if role is None and part is not None and self._missed(part):
            role = "attempted"  # "missed 10 of its 29 free throws": 29 were taken
        if part is not None or (ao is not None and self._a_whole(m)):
            ao = None  # ... and 18 is the whole: the quarter qualifies the part
        if role in {"first", "second"} and not (ac | bc):
            bc = self._box_remainder(m)
        if role in {"first", "second"} and not (ac | bc) and not self._is_score(m):
            # "struggled from the field, hitting only 3 - 11": the clause before names it
            shooting = self._clause_before(m) & _SHOOTING
            if len(shooting) == 1:
                bc = shooting
        if role in {"first", "second"} and (ac | bc) & _SHOOTING:
            role = "made" if role == "first" else "attempted"  # "shot 3 - 8 from three"
        if header.role == "made" and role not in {None, "made"}:
            return False
        if (
            header.role == "attempted"
            and role != "attempted"
            and (role is not None or not self._near_words(m) & _ATTEMPT_VERBS)
        ):
            return False  # a single number is attempts only after "took", "attempted", ...
        if header.role in {None, "rate"} and role == "attempted":
            return False
        if role in {"win", "loss"}:
            # "Home Losses" is no part of the overall record "(36 - 28)"
            return (
                role in header.concepts and header.concepts <= {"win", "loss"} and not header.stems
            )
        own = self._own_noun(m)
        if blocked:
            own, ac = "block", frozenset({"block"})  # the shots blocked are blocks
        elif (
            role in {"first", "second"}
            and (own in {"win", "loss"} or ac & {"win", "loss"})
            and self._score_of_result(m)
        ):
            # "a 103 - 100 win", "a 104 - 95 overtime win": the game's score (not overtime's)
            own, ac, aw = "point", frozenset({"point"}), frozenset()
        if own is not None and own not in header.concepts:
            return False  # "two steals to his team - high scoring total": steals, not points
        if ac and not ac <= header.concepts:
            concepts, words, ordinal = ac, aw, ao  # the number's own noun names another attribute
        else:
            concepts, words = ac | bc, aw | bw
            ordinal = ao if ao is not None else bo
        if (
            role in {"first", "second"}
            and (period_of := self._period_of_pair(m)) is not None
            and not self._clause_before(m) & _SHOOTING
        ):
            # "a 69 - 53 first half", "up 62 - 54 at the break": that period's score ("led
            # 34 - 20 in the first half" is a moment of it)
            concepts, ordinal = frozenset({period_of[0], "point"}), period_of[1]
        elif self._score_so_far(m):
            return False  # "coming out of the third quarter, an 80 - 66 lead": three summed
        if not concepts and self._is_score(m):
            # "dominated the Suns in the paint, outscoring them 74 - 42": its clause names what
            cc, cw, co = self._clause_features(m, own_clause=True)
            cc -= _WIN_CONCEPT  # "as they won that battle, 51 - 40": who won, not a count of wins
            concepts, words = frozenset({"point"}) | (cc - _SHOOTING), words | cw
            if not cc:
                # "Rebounding was key, with OKC winning, 54 - 25"; "Bench production was a huge
                # factor, with San Antonio winning that battle, 35 - 16"
                topic, topic_words = self._topic_before(m)
                concepts = frozenset({topic}) if topic is not None else concepts
                words = words | topic_words
            if (
                ordinal is None
                and co is not None
                and (cc & _PERIODS or cw & _PERIOD_STEMS)
                and not cw & _SO_FAR
            ):
                # "in the second half, outscoring Charlotte, 55 - 35" (not "coming out of the
                # third quarter, an 80 - 66 lead": the score so far)
                ordinal = co
        if not ac and m.role is None and self._box_line_after(m):
            concepts = frozenset({"point"})  # "Grant added 14 off the bench (6 - 15 FG)"
        elif not ac and not aw - _OF_THEIR_OWN and not bc and m.role is None:
            concepts = self._elided(m)  # "Jackson scored 22 points and Morris added 20"
        elif ac and ac <= _PERIODS and not bc and m.role is None and own is None:
            # "50 points in the first half and 61 in the second half": the period is said,
            # the noun left out
            concepts = ac | (self._elided(m) - _PERIODS)
        if not concepts and m.percent:
            # "Shooting was key, with the Thunder hitting 55 percent to the Sixers 43 percent":
            # a bare percentage takes the one kind of shooting its sentence names
            shooting = self._sentence_features(m.sentence)[0] & _SHOOTING
            if len(shooting) == 1:
                concepts = shooting
        if header.ordinal != ordinal:
            return False
        return fits(header, concepts, words)

    def _score_so_far(self, m: NumberMention) -> bool:
        """The pair ``m`` is the score of more periods than one
        (``Config.grounding_score_so_far_reach``): within that many words of it, the end of a
        period after the first ("coming out of the third quarter, an 80 - 66 lead", "led 80 -
        66 after the third quarter", "at the end of the third") or the start of a period after
        the second ("heading into the fourth quarter"): the periods so far summed, no one
        period's figure ("into the second half, up 50 - 40" is the first half's)."""
        reach = self.config.grounding_score_so_far_reach
        if m.role not in {"first", "second"} or reach <= 0:
            return False
        toks = self.doc.tokens
        a, b = self.doc.sentences[m.sentence]
        first = m.pair_first if m.pair_first is not None else m.first
        last = m.pair_last if m.pair_last is not None else m.last
        lo, hi = max(a, first - reach), min(b, last + 1 + reach)
        for k in range(lo, hi - 2):
            word = toks[k].text
            if word not in _SO_FAR_ENDS and word not in _SO_FAR_STARTS:
                continue
            j = k + 1 if toks[k + 1].text != "the" else k + 2
            if j + 1 >= hi or toks[j].text not in ORDINAL_NAMES:
                continue
            if toks[j + 1].text not in _PERIODS and toks[j + 1].text != "period":
                continue
            done = ORDINAL_NAMES.index(toks[j].text) + 1  # the periods the score sums
            if word in _SO_FAR_STARTS:
                done -= 1
            if done > 1:
                return True
        return False

    def _period_of_pair(self, m: NumberMention) -> tuple[str, int] | None:
        """The period (concept, ordinal) the pair ``m`` is part of is the score of: the period
        it describes ("a 69 - 53 first half"), halftime ("at halftime", "at the break", "by
        intermission", "going into half"), or the first quarter or half it stands at the end
        of ("tied 25 - 25 after the first quarter": the score so far, which is the period's
        own only for the first); None otherwise."""
        last = m.pair_last if m.pair_last is not None else m.last
        toks = self.doc.tokens
        end = self.doc.sentences[m.sentence][1]
        words = [t.text for t in toks[last + 1 : min(end, last + 1 + _PERIOD_LEAD_REACH)]]
        if len(words) >= 2 and words[0] in ORDINAL_NAMES and words[1] in _PERIODS:
            return words[1], ORDINAL_NAMES.index(words[0]) + 1
        if words[:1] == [","]:
            words = words[1:]  # "leading, 53 - 43, headed into the locker room"
        if words[:1] and words[0] in _SCORE_NOUNS:
            # "a 43 - 42 lead after the first half", "a 43 - 42 lead at the break"
            words = words[1:]
        at = words[1:] if words[:1] in (["going"], ["heading"], ["headed"]) else words
        if at[:1] in (["at"], ["by"], ["into"]):
            rest = at[1:2] if at[1:2] != ["the"] else at[2:3]
            if rest and rest[0] in _HALFTIME_WORDS:
                return "half", 1
        for lead in _PERIOD_LEADS:
            n = len(lead)
            if tuple(words[: n - 1]) != lead[:-1] or words[n - 1 : n] not in (["the"], ["a"]):
                continue
            rest = words[n:]
            if rest[:1] and rest[0] not in ORDINAL_NAMES and rest[0].isalpha():
                rest = rest[1:]  # "after a tight first half"
            if rest[:2] in (["first", "quarter"], ["first", "half"]):
                return rest[1], 1
        return None

    # -- claims ------------------------------------------------------------------------------
    def check(self, entity: int, attribute_name: str, value: TypedCell) -> ClaimVerdict:
        """The status of "``names[entity]``'s ``attribute_name`` is ``value``"."""
        if value.kind == "null":
            return ClaimVerdict(UNSTATED, reason="empty cell")
        qualifier = self._qualifiers.get(entity)
        entity = self._rep.get(entity, entity)
        verdict = self._check(entity, attribute_name, value, qualifier)
        if verdict.status == UNSTATED and self.subject is not None:
            field, raw = expand_age_grades(attribute_name), expand_age_grades(value.raw)
            if (field, raw) != (attribute_name, value.raw):
                # "U21 appearances", "England U23": the text's "under-21", "under-23"
                attribute_name, value = field, type_cell(raw)
                verdict = self._check(entity, attribute_name, value, qualifier)
        if verdict.status == UNSTATED and self.subject is not None:
            verdict = self._none_of(attribute_name, value) or verdict
        if verdict.status == UNSTATED and self.subject is not None:
            written = self._written_record(value.raw)
            if written is not None:
                s, i, j = written  # "2-4-2" for the text's "a record of 2 -- 4 -- 2"
                verdict = ClaimVerdict(STATED, self._evidence(s, i, j))
        if self.subject is not None and verdict.status == STATED and verdict.evidence:
            verdict = self._in_sequence(attribute_name, value, verdict)
        if self.subject is not None and verdict.status == STATED and self.fields:
            verdict = self._anothers_kind(attribute_name, value, verdict)
        if self.subject is not None and verdict.status == STATED:
            verdict = self._relatives_only(attribute_name, value, verdict)
        figure = value.kind == "number" or any(c.isdigit() for c in value.raw)
        # only for one entity's fields (key/value tables): a column of many rows ("Peak Chart
        # Position", "Longest Span (m)") names a spec each row has, not a record claimed
        if self.subject is not None and verdict.status == STATED and verdict.evidence and figure:
            words = tokens(attribute_name)
            extreme = _EXTREMES & set(words) if "recent" not in words else set()  # most recent
            top = _TOP_RE.search(value.raw) is not None  # "world no. 1" is the top by itself
            if extreme and not top and not self._said_extreme(value, verdict.evidence):
                # "highest points scored: 50" where the text says only "scored 50 points"
                # (with the evidence of the figure read: the value was read, not missed)
                word = sorted(extreme)[0]
                return ClaimVerdict(
                    UNSTATED,
                    verdict.evidence,
                    reason=f"the text gives the value but never says it is the {word}",
                )
        if (
            self.subject is not None
            and verdict.status == STATED
            and verdict.evidence
            and not figure
        ):
            words = tokens(attribute_name)
            praise = _TEXT_EXTREMES & set(words) if "recent" not in words else set()
            if praise and not self._said_praise(entity, value, praise):
                # "most successful club: Boca Juniors" where the text says only that he
                # played for Boca (with the evidence read: the value was read, not missed)
                return ClaimVerdict(
                    UNSTATED,
                    verdict.evidence,
                    reason=f"the text names the value but never calls it the {sorted(praise)[0]}",
                )
        return verdict

    def _none_of(self, attribute_name: str, value: TypedCell) -> ClaimVerdict | None:
        """A zero under a field ("major league wins: 0") that the subject's text says as the
        field's last word (the counted noun) with "-less" ("going winless", "a hitless
        season"; not "homeless" for "home runs"): stated; else None."""
        if value.kind != "number" or value.number is None or value.number.value != 0:
            return None
        named = [w for w in stems(attribute_name) if w.isalpha()]
        # the counted noun, the field's last word: "homeless" says nothing of "home runs"
        roots = {named[-1]} if named and len(named[-1]) >= _LESS_ROOT_MIN else set()
        toks = self.doc.tokens
        for s in self.entity_sentences(self.subject if self.subject is not None else 0):
            a, b = self.doc.sentences[s]
            for k in range(a, b):
                word = toks[k].text
                root = stems(word[:-4]) if word.endswith("less") else ()
                if root and root[0] in roots:
                    return ClaimVerdict(STATED, self._evidence(s, k, k))
        return None

    def _anothers_kind(
        self, attribute_name: str, value: TypedCell, verdict: ClaimVerdict
    ) -> ClaimVerdict:
        """A stated year of a field naming a kind of an event (``Config.grounding_kind_events``:
        "first-class debut: 1946") that the text writes only in sentences dating that event of
        another kind, one the table gives its own field ("made his test debut ... in 1946" with
        a field "test debut"), and never in a sentence with the event of this field's kind or
        of no kind ("made his debut"): unstated. Else ``verdict``."""
        events = frozenset(self.config.grounding_kind_events)
        words = tokens(attribute_name)
        if events.isdisjoint(words):
            return verdict
        kind = _kind_words(words, events)
        if not kind:
            return verdict
        year: int | None = None
        if value.kind == "date" and value.date is not None:
            year = value.date.year
        elif (
            value.kind == "number"
            and value.number is not None
            and is_year(value.number.magnitude * value.number.scale)
            and _YEAR_ONLY_RE.fullmatch(value.raw.strip())
        ):
            year = int(value.number.magnitude)
        if year is None:
            return verdict
        others = [
            other
            for field in self.fields
            if not events.isdisjoint(fw := tokens(field))
            and (other := _kind_words(fw, events))
            and not _same_kind(other, kind)
        ]
        if not others:
            return verdict
        toks = self.doc.tokens
        written = str(year)
        anothers: int | None = None
        for s, (a, b) in enumerate(self.doc.sentences):
            if not any(toks[k].text == written for k in range(a, b)):
                continue
            for k in range(a, b):
                if toks[k].text not in events:
                    continue
                said = self._event_kind(k, a)
                if not said or _same_kind(said, kind):
                    return verdict  # "made his debut in 1946", "his first-class debut in 1946"
                if any(_same_kind(said, other) for other in others):
                    anothers = s if anothers is None else anothers
                else:
                    return verdict  # a kind the table has no field for: maybe this one
        if anothers is None:
            return verdict
        for a, b in self.doc.sentences:
            written_words = [toks[k].text for k in range(a, b)]
            if not events.isdisjoint(written_words) and _kind_said(written_words, kind):
                return verdict  # "his debut in list a cricket, in his debut season": undated
        return ClaimVerdict(
            UNSTATED,
            self._evidence(anothers),
            reason="the text gives the year to another kind of the event, one of another field",
        )

    def _relatives_only(
        self, attribute_name: str, value: TypedCell, verdict: ClaimVerdict
    ) -> ClaimVerdict:
        """A stated value (a text value: one of its items) that the text writes only in clauses
        a relative of the subject opens ("his father, Peter, died in 1990", "his wife was born in
        Boston", "in 1985, her brother won the Tony Award") with no "he" / "she" after: the
        relative's, not the subject's; unstated. A field of kin ("father", "spouse") keeps
        ``verdict``: its value is the relative."""
        field = {w.rstrip("0123456789") for w in tokens(attribute_name)}  # "child1"
        if not _FAMILY_FIELD_STEMS.isdisjoint(stems(" ".join(field))) or "name" in field:
            return verdict  # "uncles", "child1": a relative; "name": the subject's own
        if value.kind == "text":
            found = self._item_only_where(value.text, self._relatives_clause, qualifiers=True)
            return found or verdict
        places = self._value_places(value, verdict)
        if places and all(self._relatives_clause(s, first) for s, first, _last in places):
            return ClaimVerdict(
                UNSTATED,
                self._evidence(places[0][0]),
                reason="the text gives the value only to a relative of the subject",
            )
        return verdict

    def _relatives_clause(self, s: int, first: int) -> bool:
        """Token ``first`` of sentence ``s`` stands in a clause a relative of the subject opens
        as its subject ("his father ...", "her late husband ..."; at the sentence's start, after
        a semicolon, or after a year and a comma: "in 1985, his brother ..."), after the
        relative's name ("his father, Peter, died in X"; not the name itself: "her son and
        successor, Edward VII"), with neither "he" nor "she" between that opening and the end
        of the sentence (or the next semicolon), nor a word that says the same of the subject
        ("his son was also a lawyer"): none of it is said of the subject."""
        a, b = self.doc.sentences[s]
        marks = self._clause_marks.get(s)
        if marks is None:  # read once per sentence (a long one holds many values)
            marks = self._clause_marks[s] = self._read_clause_marks(a, b)
        semis, pronouns, stops, openings = marks
        k = bisect_left(semis, first)
        end = semis[k] if k < len(semis) else b
        k = bisect_left(pronouns, first)
        if k < len(pronouns) and pronouns[k] < end:
            return False  # "he" / "she" after it in the clause
        k = bisect_left(stops, first)
        stop = stops[k - 1] if k > 0 else a - 1  # the nearest "he", "also" or ";" before it
        toks = self.doc.tokens
        for j, kin in reversed(openings[bisect_left(openings, (stop + 1, -1)) :]):
            if j >= first:
                continue
            if kin >= first:
                continue
            named = first - kin <= 1 or (toks[first - 1].text == "," and first - 1 - kin <= 3)
            return not named
        return False

    def _read_clause_marks(self, a: int, b: int) -> _ClauseMarks:
        """For :meth:`_relatives_clause`, the positions in tokens ``a..b`` of semicolons, of
        "he" / "she", of every word that ends a look back (those, and "also"...), and of each
        opening "his" / "her" with its relative noun (within ``Config.grounding_kin_reach``
        words)."""
        toks = self.doc.tokens
        semis: list[int] = []
        pronouns: list[int] = []
        stops: list[int] = []
        openings: list[tuple[int, int]] = []
        for j in range(a, b):
            word = toks[j].text
            if word == ";":
                semis.append(j)
            if word in _SUBJECT_PRONOUNS:
                pronouns.append(j)
            if word in _SUBJECT_PRONOUNS or word in _SAME_OF_SUBJECT or word == ";":
                stops.append(j)
                continue
            if word not in _KIN_POSSESSIVES or not (
                j == a
                or toks[j - 1].text == ";"
                or (toks[j - 1].text == "," and j - 2 >= a and toks[j - 2].digits)
            ):
                continue
            kin = next(
                (
                    k
                    for k in range(j + 1, min(b, j + 1 + self.config.grounding_kin_reach))
                    if toks[k].text in _RELATIVE_NOUNS
                ),
                None,
            )
            if kin is not None:
                openings.append((j, kin))
        return semis, pronouns, stops, openings

    def _event_kind(self, k: int, a: int) -> tuple[str, ...]:
        """The words before the event noun at token ``k`` that name its kind ("his test debut",
        "a one-day international debut", "made his list a debut"), back to a determiner, a
        verb of making or a break (at most ``Config.grounding_kind_reach`` words; not before
        token ``a``)."""
        toks = self.doc.tokens
        said: list[str] = []
        j = k - 1
        while j >= a and len(said) < self.config.grounding_kind_reach:
            word = toks[j].text
            if word == "-":
                j -= 1
                continue
            if word in _KIND_STOPS or not word.isalnum():
                break
            said.insert(0, word)
            j -= 1
        return tuple(said)

    def _said_praise(self, entity: int, value: TypedCell, praise: AbstractSet[str]) -> bool:
        """A sentence about the entity writes one of the field's words ``praise`` ("most",
        "best") and the value's content words."""
        want = _value_stems(value.text)
        need = self.config.grounding_text_coverage
        toks = self.doc.tokens
        for s in self.entity_sentences(entity):
            a, b = self.doc.sentences[s]
            if not any(t.text in praise for t in toks[a:b]):
                continue
            have = self._sentence_stems(s)
            if not want or sum(w in have for w in want) / len(want) >= need:
                return True
        return False

    def _said_extreme(self, value: TypedCell, evidence: Evidence) -> bool:
        """A sentence gives the figure ``value`` with a word saying it is an extreme ("a
        career-high 41 points", "his best year was 1927", "a high score of 60"); for a figure
        in words ("3rd (1954)"), the sentence that states it."""
        if value.number is None:
            if _EXTREME_EVIDENCE & set(tokens(evidence.sentence)):
                return True
            return self._extreme_where_written(value)
        want = {abs(value.number.value), abs(value.number.magnitude)}
        toks = self.doc.tokens
        for m in self.doc.numbers:
            if not any(abs(m.value - w) <= 1e-9 for w in want):
                continue
            a, b = self.doc.sentences[m.sentence]
            if any(t.text in _EXTREME_EVIDENCE for t in toks[a:b]):
                return True
            if self._sole_past_milestone(a, b, m.value):
                return True
        return False

    def _sole_past_milestone(self, a: int, b: int, figure: float) -> bool:
        """Tokens ``a``-``b`` say that a score was the only one past a milestone
        (``Config.grounding_score_milestones``): a sole word ("only", "single", "one", "once")
        up to three words before the milestone or two after it ("reached his half-century
        only once, when he scored 95", "a single half century score of 60", "one century,
        103"): that score, ``figure``, is the highest; not when ``figure`` is under the
        milestone ("his only century came in 1990; he made 45 against kent") or the sentence
        names a higher one ("one century, 103, and a double century, 210") or more of the same
        ("his only Test century, 103, and 12 first-class centuries": the only one of a kind)."""
        toks = self.doc.tokens
        milestones = self.config.grounding_score_milestones

        def worth(k: int) -> float:
            base = _MILESTONE_FIGURES.get(toks[k].text, 0.0)
            j = k - 2 if k - 2 >= a and toks[k - 1].text == "-" else k - 1
            return base * _MILESTONE_SCALES.get(toks[j].text, 1.0) if j >= a else base

        named = [k for k in range(a, b) if toks[k].text in milestones]
        top = max((worth(k) for k in named), default=0.0)
        many = any(toks[k].text.endswith("s") and worth(k) == top for k in named)
        return not many and any(
            worth(k) == top
            and figure >= top
            and any(t.text in _SOLE_MILESTONE for t in toks[max(a, k - 3) : min(b, k + 3)])
            for k in named
        )

    def _extreme_where_written(self, value: TypedCell) -> bool:
        """A sentence writes the figures of a text value whole (spacing aside: "8 for 34") with
        a word saying they are an extreme ("a best performance of 8 for 34"), though the
        evidence read is another sentence (one holding only its "34")."""
        raw = "".join(value.raw.lower().split())
        if len(raw) < 3 or not any(ch.isdigit() for ch in raw):
            return False
        toks = self.doc.tokens
        for s, (a, b) in enumerate(self.doc.sentences):
            if any(t.text in _EXTREME_EVIDENCE for t in toks[a:b]) and _squashed_in(
                raw, "".join(self.doc.sentence_text(s).lower().split())
            ):
                return True
        return False

    def _check(
        self,
        entity: int,
        attribute_name: str,
        value: TypedCell,
        qualifier: tuple[frozenset[str], frozenset[str]] | None,
    ) -> ClaimVerdict:
        if value.kind == "number" and value.number is not None:
            counted = self._check_number(entity, attribute_name, value, qualifier)
            year = self._as_year(entity, attribute_name, value)
            if counted.status == UNSTATED and year is None:
                return self._turned(entity, attribute_name, value, qualifier) or counted
            return year if counted.status != STATED and year is not None else counted
        if value.kind == "date" and value.date is not None:
            return self._check_date(entity, value, attribute_name)
        shots = self._check_shots(entity, attribute_name, value, qualifier)
        if shots is not None:
            return shots
        life = life_parts(attribute_name, value, self.config) if self.subject is not None else None
        if life is not None:  # "Born: may 31, 1865, hagermans corners": a date and a place
            return combine_parts([self.check(entity, a, v) for a, v in life])
        subject = self.subject is not None
        if subject and field_position(attribute_name) and names_a_player(value.text):
            # "Position: footballer": what the subject does for a living, not where they play
            return ClaimVerdict(
                UNSTATED, reason="the value names a player of the game, not a position in it"
            )
        season = self._season(entity, value.raw)
        if season is not None:
            return season
        truth = self._truth_value(entity, attribute_name, value)
        if truth is not None:
            return truth
        score = self._score(entity, value)
        if score is not None:
            return score
        creed = self._creed(entity, value)
        if creed is not None:
            return creed
        span = _closed_span(value.raw) if self.subject is not None else None
        if span is not None:
            return self._check_span(entity, span, attribute_name)
        start = _open_span_start(value.raw)
        if start is not None:
            return self.check(entity, attribute_name, type_cell(start))
        if self.subject is not None and value.text.strip().casefold() in AFFIRMATIVE:
            # "FAI director of coaching: yes" says the field itself is true of the subject
            said = self._check_text(entity, type_cell(attribute_name))
            undergone = _UNDERGOER_RE.sub(r"\1ed", attribute_name)
            if said.status == UNSTATED and undergone != attribute_name:
                # "hall of fame inductee: yes" is the text's "inducted into the hall of fame"
                return self._check_text(entity, type_cell(undergone))
            return said
        occupation = self.subject is not None and not set(tokens(attribute_name)).isdisjoint(
            self.config.grounding_occupation_fields
        )
        verdict = self._check_text(entity, value, occupation)
        if verdict.status == UNSTATED and not subject:
            verdict = self.team_of_player(entity, value) or verdict
        if verdict.status == UNSTATED and subject and field_education(attribute_name):
            spelt = expand_degrees(value.raw)  # "LLB" for the text's "bachelor of laws"
            if spelt != value.raw:
                value = type_cell(spelt)
                verdict = self._check_text(entity, value, occupation)
        if verdict.status == UNSTATED and self.subject is not None:
            verdict = self._membership(value, verdict)
        if verdict.status == STATED or (verdict.status == UNSTATED and subject):
            # unstated too: "Springfield, Ohio" is no "Springfield" of the text's "Springfield,
            # Illinois" (a shorter form of the value is then no rescue)
            verdict = self.placed_elsewhere(value) or verdict
        if verdict.status == STATED and self.subject is not None:
            verdict = self._in_role(attribute_name, value, verdict)
        if verdict.status == STATED and self.subject is not None:
            verdict = self._in_role_sentence(attribute_name, value, verdict)
        if self.subject is not None:
            verdict = self._as_nationality(entity, attribute_name, value, verdict)
        if verdict.status == STATED and self.subject is not None:
            verdict = self._only_denied(value, verdict)
        if verdict.status == STATED and self.subject is not None:
            verdict = self._a_relatives(value, verdict)
        if verdict.status == STATED and self.subject is not None:
            verdict = self._initials_of_more(value, verdict)
        if verdict.status == STATED and self.subject is not None:
            return self._not_a_part(attribute_name, value, verdict)
        return verdict

    def placed_elsewhere(self, value: TypedCell) -> ClaimVerdict | None:
        """A place written with its region ("Boston, TX", "Toronto, QC") that the text writes
        only with another region of the same kind right after it ("boston, massachusetts",
        "toronto, ontario") and never names that region: the contradiction; else None."""
        place, comma, region = value.raw.rpartition(",")
        place, region = place.strip(), region.strip()
        if not comma or len(place) < 3 or not (claimed := region_names(region)):
            return None
        if len(region) == 2 and country_names(region, two_letter=True):
            return None  # "MA": Morocco or Massachusetts, "CA": Canada or California
        country = bool(country_names(region))
        text = self.doc.raw
        lowered = text.lower()
        if len(lowered) != len(text) or any(n.lower() in lowered for n in claimed):
            return None
        head = place.rsplit(",", 1)[-1].strip().lower()  # "Boston" of "Downtown, Boston, MA"
        found: tuple[int, int] | None = None
        start = 0
        while (i := lowered.find(head, start)) >= 0:
            start = i + 1
            end = i + len(head)
            after = _PLACE_REGION_RE.match(text, end)
            if after is None or (i > 0 and lowered[i - 1].isalnum()):
                continue
            region_end, names = _leading_region(after.group(1))
            if not names or bool(country_names(after.group(1)[:region_end])) != country:
                continue
            if not names.isdisjoint(claimed):
                return None  # the text also puts it in the claimed region
            found = found or (i, after.start(1) + region_end)
        if found is None:
            return None
        spans = (self.doc.sentence_span(k) for k in range(len(self.doc.sentences)))
        a, b = next(((a, b) for a, b in spans if a <= found[0] < b), (found[0], found[1]))
        return ClaimVerdict(
            CONTRADICTED,
            Evidence(text[a:b], a, b, found[0], found[1]),
            text[found[0] : found[1]],
            "the text puts the place in another region",
        )

    def _check_shots(
        self,
        entity: int,
        attribute_name: str,
        value: TypedCell,
        qualifier: tuple[frozenset[str], frozenset[str]] | None,
    ) -> ClaimVerdict | None:
        """A made - attempted pair in one cell (:func:`shot_parts`): stated when the text
        states both figures, contradicted when it contradicts either; None for any other
        cell."""
        parts = shot_parts(attribute_name, value, self._extra)
        if parts is None:
            return None
        verdicts = [self._check_number(entity, a, v, qualifier) for a, v in parts]
        return combine_parts(verdicts)

    def _truth_value(
        self, entity: int, attribute_name: str, value: TypedCell
    ) -> ClaimVerdict | None:
        """A yes/no value ("Family friendly: No", a "Ratified" column's "Yes") read as its field
        said of the entity (``Config.grounding_truth_values``): where a sentence about the
        entity writes the field's words (in any order, up to two words between), a negation
        just before or among them ("not family-friendly", "never ratified", "entry is not
        free") states "no" and contradicts "yes", and no negation the other way round. In a
        table of many entities the field must be said in the entity's clause: the nearest
        entities named before it (joined by "and", commas) include it. None when the value is
        no truth value or no such sentence writes the field."""
        word = value.text.strip().casefold()
        affirm = word in AFFIRMATIVE
        if not self.config.grounding_truth_values or not (affirm or word in _NEGATIVE_VALUES):
            return None
        field = [w for w in stems(_CAMEL_RE.sub(" ", attribute_name)) if w not in _TEXT_STOP]
        if not field:
            return None
        toks = self.doc.tokens
        reach = self.config.grounding_truth_negation_words
        # with the sentences writing its name inside a longer one ("United States Senate")
        for s in sorted({*self.entity_sentences(entity), *self._written_in(entity)}):
            a, b = self.doc.sentences[s]
            # the sentence's words (a hyphen between them is none: "family-friendly")
            words = [(k, w[0]) for k in range(a, b) if (w := stems(toks[k].text))]
            for i in range(len(words)):
                # the field's words from here, in any order, with up to two words between
                # ("entry is not free" for "Free entry")
                window = words[i : i + len(field) + 2]
                if window[0][1] not in field or not set(field) <= {w for _k, w in window}:
                    continue
                k = words[i][0]
                last = max(j for j, w in window if w in field)
                if self.subject is None and not self._says_of(s, k, entity):
                    continue
                denied = any(t.text in _TRUTH_NEGATORS for t in toks[max(a, k - reach) : last])
                evidence = self._evidence(s, k, last)
                if denied != affirm:
                    return ClaimVerdict(STATED, evidence)
                said = "denies" if denied else "states"
                return ClaimVerdict(
                    CONTRADICTED, evidence, reason=f"the text {said} the field for the entity"
                )
        return None

    def _creed(self, entity: int, value: TypedCell) -> ClaimVerdict | None:
        """A religion stated by the word for its followers (``Config.grounding_creed_followers``:
        "Hinduism" by "the Hindu festival of lights", "Islam" by "for Muslims"), in a sentence
        about the entity; in a table of many entities said in the entity's clause (the
        entities named last before it). None when no such word is found (the value is read as
        words)."""
        followers = creed_followers(value.text.strip())
        if not self.config.grounding_creed_followers or not followers:
            return None
        toks = self.doc.tokens
        for s in self.entity_sentences(entity):
            a, b = self.doc.sentences[s]
            for k in range(a, b):
                if toks[k].text not in followers:
                    continue
                if self.subject is None and not self._says_of(s, k, entity):
                    continue
                return ClaimVerdict(STATED, self._evidence(s, k, k))
        return None

    def _score(self, entity: int, value: TypedCell) -> ClaimVerdict | None:
        """A score out of a maximum ("5/5", "3 out of 5") read as a pair in either form
        (``Config.grounding_score_forms``): stated where a sentence about the entity writes the
        same score and maximum, contradicted where one writes another score out of the same
        maximum and none writes it; None otherwise (the value is read as words)."""
        found = _SCORE_RE.fullmatch(value.raw.strip())
        if not self.config.grounding_score_forms or found is None:
            return None
        claimed = (float(found[1]), float(found[2]))
        other: tuple[int, re.Match[str]] | None = None
        for s in self.entity_sentences(entity):
            start = self.doc.sentence_span(s)[0]
            for m in _SCORE_RE.finditer(self.doc.sentence_text(s)):
                said = (float(m[1]), float(m[2]))
                if said == claimed:
                    return ClaimVerdict(STATED, self._evidence_at(s, start + m.start(), m[0]))
                if said[1] == claimed[1] and other is None:
                    other = (s, m)
        if other is None:
            return None
        s, m = other
        start = self.doc.sentence_span(s)[0]
        return ClaimVerdict(
            CONTRADICTED,
            self._evidence_at(s, start + m.start(), m[0]),
            m[0],
            f"the text gives {m[0]!r}",
        )

    def _evidence_at(self, s: int, at: int, written: str) -> Evidence:
        """Evidence of sentence ``s`` pointing at ``written``, found at offset ``at``."""
        a, b = self.doc.sentence_span(s)
        return Evidence(self.doc.raw[a:b], a, b, at, at + len(written))

    def _says_of(self, s: int, k: int, entity: int) -> bool:
        """Token ``k`` of sentence ``s`` is said of ``entity``: the entities named last before
        it (joined by "and", commas) include it, or the sentence names no other entity of the
        table and is about it."""
        toks = self.doc.tokens
        # the entity inside a longer name counts as it ("the United States Senate never ...")
        within = [m for m in self.mentions[s] if m.entity == OTHER and self._names(m, entity)]
        before = [m for m in self.mentions[s] if m.last < k and (m.entity != OTHER or m in within)]
        if not before:
            return self._about(s, entity) and all(
                m.entity in (entity, OTHER) for m in self.mentions[s]
            )
        group = [before[-1]]
        for m in reversed(before[:-1]):
            gap = toks[m.last + 1 : group[-1].first]
            if not all(t.text in _SUBJECT_JOINS for t in gap):
                break
            group.append(m)
        return any(m.entity == entity or m in within for m in group)

    def _names(self, m: Mention, entity: int) -> bool:
        """Mention ``m`` writes one of ``entity``'s names (of three letters or more) whole."""
        if entity >= len(self._bare):
            return False
        entry = self._bare[entity]
        written = " ".join(t.text for t in self.doc.tokens[m.first : m.last + 1])
        names = (entry,) if isinstance(entry, str) else entry
        folded = [" ".join(n.casefold().split()) for n in names]
        return any(len(n) >= 3 and f" {n} " in f" {written} " for n in folded)

    def _as_year(self, entity: int, attribute_name: str, value: TypedCell) -> ClaimVerdict | None:
        """A bare year under a field naming an end of a period ("term start: 1982",
        :func:`field_ends_period`) read as a date ("served between 1982 and 1991"), when the
        text states it so; None otherwise (the figure stays a count)."""
        raw = value.raw.strip()
        if self.subject is None or not _YEAR_ONLY_RE.fullmatch(raw):
            return None
        if not field_ends_period(attribute_name):
            return None
        period = parse_period(raw)
        if period is None:
            return None
        verdict = self._check_date(entity, TypedCell(raw, "date", raw.casefold(), date=period[0]))
        return verdict if verdict.status == STATED else None

    def _check_span(
        self, entity: int, span: tuple[str, str], attribute_name: str = ""
    ) -> ClaimVerdict:
        """A span of dates or years is stated when each end is (a career "1931-1945" may join
        the ends of several periods the text writes), and a day's date at one end is not
        written only as the other end of another period (:meth:`_other_end`)."""
        years = [parse_period(end) for end in span]
        verdicts = [
            self._check_date(entity, TypedCell(end, "date", end.casefold(), date=period[0]))
            for end, period in zip(span, years, strict=True)
            if period is not None
        ]
        if len(verdicts) == 2 and verdicts[1].status != STATED and verdicts[0].status == STATED:
            shortened = self._short_end(span[0], span[1])
            if shortened is not None:
                verdicts[1] = ClaimVerdict(STATED, self._evidence(shortened))  # "1973 -- 77"
        for end, verdict in zip(span, verdicts, strict=True):
            if verdict.status != STATED:
                return ClaimVerdict(UNSTATED, reason=f"the text does not give {end!r} for it")
        for side, (end, period) in enumerate(zip(span, years, strict=True)):
            other = self._other_end(period[0], side, attribute_name) if period else None
            if other is not None:
                s, k = other
                return ClaimVerdict(
                    UNSTATED,
                    self._evidence(s, k, k),
                    reason=f"the text gives {end!r} only as the "
                    f"{'end' if side == 0 else 'start'} of another period",
                )
        if years[0] is not None and years[1] is not None:
            beyond = self._career_beyond(years[0][0].year, years[1][-1].year, attribute_name)
            if beyond is not None:
                s, k, j = beyond
                written = self._written(k, j)
                return ClaimVerdict(
                    CONTRADICTED,
                    self._evidence(s, k, j),
                    written,
                    f"the text's career runs beyond the span ({written!r})",
                )
        return verdicts[0]

    def _short_end(self, start: str, end: str) -> int | None:
        """The sentence writing the span of years ``start``-``end`` with the end's last two
        digits only ("1973 -- 77" for 1973-1977; "1999 -- 00" for 1999-2000), if one does;
        the end within a century after the start."""
        if not (_YEAR_ONLY_RE.fullmatch(start) and _YEAR_ONLY_RE.fullmatch(end)):
            return None
        if not 0 < int(end) - int(start) < 100:
            return None
        toks = self.doc.tokens
        for s, (a, b) in enumerate(self.doc.sentences):
            for k in range(a, b - 2):
                if toks[k].text != start:
                    continue
                j = k + 1
                while j < b and toks[j].text in _DASH_MARKS and j - k <= 2:
                    j += 1
                if k + 1 < j < b and toks[j].text == end[2:]:
                    return s
        return None

    def _career_beyond(
        self, start: int, end: int, attribute_name: str
    ) -> tuple[int, int, int] | None:
        """Where the text gives a field naming a whole career (``Config.grounding_career_words``
        and no other word of its own: "career span", "years active"; not "Derbyshire career")
        a year before ``start`` or after ``end``, in a clause of the career
        (``Config.grounding_career_stems``): a first or a last of it ("made his first-class
        debut in 1960", "his final appearance was in 1988"), or a period of it ("he also
        played for Napoli (1990 -- 1991)"); the brackets of a life excepted. The sentence and
        the tokens written; None when none does (the span may join several periods)."""
        words = set(_value_stems(attribute_name))
        career = {w for x in self.config.grounding_career_words for w in stems(x)}
        if not words & career or words - career - _SPAN_FIELD_STEMS:
            return None
        toks = self.doc.tokens
        verbs = frozenset(w for x in self.config.grounding_career_stems for w in stems(x))
        reach = self.config.grounding_career_reach
        ends = self.config.grounding_career_end_reach
        # the span written whole ("from 1949 to 1952", "between 1961 and 1984"): another
        # period may be of another kind (college years); a first or a last still dates it
        whole = any(
            toks[k].text == str(start)
            and toks[k + 1].text in _SPAN_JOINS | {"and"}
            and toks[k + 2].text == str(end)
            for k in range(len(toks) - 2)
        )
        for s, (a, b) in enumerate(self.doc.sentences):
            for k in range(a, b):
                year = _year_token(toks[k].text)
                if year is None or self._life_part(k, k) is not None:
                    continue
                j = k + 1
                while j < b and toks[j].text in _SPAN_JOINS:
                    j += 1
                if j > k + 1 and j < b and toks[j].digits:
                    # a period: "(1990 -- 1991)", "(1986 -- 87)", "from 1931 to 1938", in a
                    # sentence of the career (a list of clubs under one "played")
                    if not whole and (year < start or year > end) and self._of_career(a, k, verbs):
                        return s, k, j
                    continue
                if k > a and toks[k - 1].text in _SPAN_JOINS and toks[k - 2].digits:
                    continue  # the second year of a period read above
                lo, hi = max(a, k - reach), min(b, k + reach + 1)
                # the career's own first or last: "his final first-class appearance", "made
                # his debut" (not "first team all-conference in 1947 and playing ...")
                seq = {
                    q
                    for i in range(lo, hi)
                    if self._token_stem(i) in verbs
                    for q in (
                        text_sequence(toks[x].text)
                        for x in range(max(a, i - ends), i + 1)
                        if x == i or not self._compound(x)
                    )
                    if q is not None
                }
                if (year < start and "first" in seq) or (year > end and "last" in seq):
                    return s, k, k
        return None

    def _other_end(self, d: DateValue, side: int, attribute_name: str) -> tuple[int, int] | None:
        """Where the text writes the day ``d``, claimed as a span's start (``side`` 0) or end
        (1), only as the other end of a period: after "until" for a start ("serving until
        October 14, 2010. Earlier that year he became ..."), after "from" or "since" for an end,
        in sentences that name none of the field's own words; "until July 20, 2004 when he
        became ..." starts a period too. The sentence and the year's token of the first such
        place; None when the text writes it otherwise (or ``d`` is no day)."""
        if d.day is None or d.month is None:
            return None
        toks = self.doc.tokens
        marks = _END_MARKS if side == 0 else _START_MARKS
        own = {w for w in _value_stems(attribute_name) if w not in _SPAN_FIELD_STEMS}
        year, month, day = str(d.year), MONTHS[d.month - 1], str(d.day)
        found: tuple[int, int] | None = None
        for s, (a, b) in enumerate(self.doc.sentences):
            for k in range(a, b):
                if toks[k].text != year:
                    continue
                date = [j for j in range(max(a, k - 4), k) if toks[j].text in (month, day)]
                if len(date) < 2:
                    continue
                j = date[0] - 1
                while j >= a and toks[j].text in _ARTICLES | {"on"}:
                    j -= 1
                n = k + 1
                while n < b and toks[n].text == ",":
                    n += 1
                if (
                    j < a
                    or toks[j].text not in marks
                    or (side == 0 and n < b and toks[n].text in _START_AGAIN)
                    or any(self._token_stem(i) in own for i in range(a, b))
                ):
                    return None
                found = found or (s, k)
        return found

    def _season(self, entity: int, raw: str) -> ClaimVerdict | None:
        """A season over two years ("1996-97") stated where a sentence about the entity writes
        its years in another form ("1996-7", "1996/97", "1996 - 1997"); None when none does
        (or ``raw`` is no season)."""
        period = parse_period(raw) if any(ch.isdigit() for ch in raw) else None
        if period is None or period[1].year != period[0].year + 1 or period[0].month is not None:
            return None
        first, nxt = str(period[0].year), period[1].year
        ends = {str(nxt), f"{nxt % 100:02d}", str(nxt % 100), str(nxt % 10)}
        toks = self.doc.tokens
        for s in self.entity_sentences(entity):
            a, b = self.doc.sentences[s]
            for k in range(a, b - 2):
                if toks[k].text != first:
                    continue
                j = k + 1
                while j < b - 1 and toks[j].text in _SEASON_JOINS:
                    j += 1
                if j > k + 1 and toks[j].text in ends:
                    return ClaimVerdict(STATED, self._evidence(s, k, j))
        return None

    def _as_nationality(
        self, entity: int, attribute_name: str, value: TypedCell, verdict: ClaimVerdict
    ) -> ClaimVerdict:
        """A nation under a nationality field ("Nationality: England"), read against how the
        text gives it: stated where a sentence about the entity names the nation's people ("an
        English footballer") or gives it as the entity's (:meth:`_gives_nation`); unstated
        where the text names the nation only in other roles ("played for England",
        "represented South Africa"). A value that is no nation, or a contradicted one, is left
        as it was."""
        if not field_nationality(attribute_name) or verdict.status == CONTRADICTED:
            return verdict
        parts = [p.strip() for p in _ITEM_SPLIT_RE.split(value.raw) if p and p.strip()]
        sentences = self.entity_sentences(entity)
        where: int | None = None
        for part in parts:
            people, nation = nation_people(part), tokens(part)
            if not people:
                # a people's name ("Irish"): read as its nation's
                # one nation, maybe by its short and its official names ("Germany", "Federal
                # Republic of Germany"): read by the shortest
                nations = sorted(n for n in region_names(part) if n.casefold() != part.casefold())
                one = len({country_codes(n) for n in nations}) == 1 and all(
                    map(country_codes, nations)
                )
                short = min(nations, key=len) if nations else ""
                # the value's own word among them ("Ghanaian": no ending rule makes it)
                people = (
                    nation_people(short) | {" ".join(part.casefold().split())}
                    if len(nations) == 1 or one
                    else frozenset()
                )
                nation = tokens(short) if people else nation
            if not people:
                return verdict
            found = next((s for s in sentences if self._gives_nation(s, nation, people)), None)
            if found is None:
                if verdict.status != STATED:
                    return verdict
                return ClaimVerdict(
                    UNSTATED,
                    verdict.evidence,
                    reason=f"the text names {part!r} but never as the subject's nationality",
                )
            where = found if where is None else where
        if verdict.status == STATED or where is None:
            return verdict
        return ClaimVerdict(STATED, self._evidence(where))  # "an English goalkeeper": England

    def _gives_nation(self, s: int, nation: Sequence[str], people: frozenset[str]) -> bool:
        """Sentence ``s`` gives a nation as someone's: by its people's name ("an English
        footballer"), a citizenship ("a citizen of Zimbabwe"), "from" it ("a diver from the
        United States") or its name before a person's noun in a description of someone ("was a
        New Zealand feminist", "is a former New Zealand rugby player", ", a ..."; not "an
        England-international goalkeeper", a team, nor "joined a New Zealand club": no
        description, :data:`_DESCRIBING_WORDS`)."""
        a, b = self.doc.sentences[s]
        words = [t.text for t in self.doc.tokens[a:b]]
        text = f" {' '.join(words)} "
        if any(_named_not_as_origin(text, f" {p} ") for p in people):
            return True
        n = len(nation)
        for i in range(len(words) - n + 1):
            if words[i : i + n] != list(nation):
                continue
            before = words[max(0, i - 2) : i]
            after = words[i + n] if i + n < len(words) else ""
            if NATIONALITY_WORDS & set(words) or "from" in before:
                return True
            d = next((i - k for k in (1, 2) if words[i - k : i - k + 1] in (["a"], ["an"])), -1)
            said = d == 0 or (d > 0 and words[d - 1] in _DESCRIBING_WORDS)
            if said and after.isalpha() and after not in _TEAM_NOUNS:
                return True  # "a New Zealand feminist", "is a former New Zealand rugby player"
        return False

    def _check_number(
        self,
        entity: int,
        attribute_name: str,
        value: TypedCell,
        qualifier: tuple[frozenset[str], frozenset[str]] | None = None,
        follow: bool = True,
    ) -> ClaimVerdict:
        assert value.number is not None
        number = value.number
        header = header_features(attribute_name, self._extra)
        if number.unit == "%" and header.role is None:
            header = replace(header, role="percent")  # "1.9%" under "Mean Absolute Error"
        year_like = is_year(number.value)
        # "1,410 m" is no year, nor is the text's "1,140 metres" (a year is four plain digits)
        year_written = year_like and value.raw.strip().isdigit()
        percent = header.role == "percent" or number.unit == "%"
        tol = self.config.grounding_percent_tolerance if percent else 1e-9
        readings = {abs(number.value), abs(number.magnitude)}
        scale = header_unit(attribute_name)[1]
        if number.scale != 1.0 and scale != 1.0 and number.scale != scale:
            # "3.2 million" under "(USD Billion)" claims 3.2 million, not the text's 3.2 billion
            readings = {abs(number.value), abs(number.value) / scale}
        elif scale != 1.0:  # "$312,000,000" under "(USD Million)" is the text's "312 million"
            readings |= {abs(number.value) / scale, abs(number.magnitude) * scale}
        # a "Rate" header's plain figure is a percentage where the text writes one ("12.4" under
        # "Readmission Rate" is the text's "12.38%"): the percentage readings and tolerance
        shares = readings | {abs(number.value) * 100, abs(number.value) / 100}
        if percent:
            readings = shares
        as_rate = header.role == "rate" and not percent

        sign = _written_sign(value.raw)

        def equal_to(m: NumberMention) -> bool:
            if sign and self._direction_before(m) == -sign:
                return False  # "+0.6%": "Rolls-Royce slipped 0.6%"
            said = {abs(m.value), abs(m.value) * m.scale}
            if as_rate and m.percent:
                limit = self.config.grounding_percent_tolerance
                return any(abs(x - y) <= limit for x in shares for y in said)
            return any(abs(x - y) <= tol for x in readings for y in said)

        contradiction: NumberMention | None = None
        part: NumberMention | None = None  # the value as a count at a position, read
        loose = self.config.grounding_loose_numbers == "always" or (
            self.referenceless and self.config.grounding_loose_numbers == "referenceless"
        )
        owned, alone = self._numbers_of(entity)
        # "all-star: 2000" where the text writes only "the 1999-2000 season": a guess between
        # the season's years (but "career start: 1999" takes its first)
        halves = year_like and self.subject is not None and not field_ends_period(attribute_name)
        halved = [m for m in owned if halves and equal_to(m) and self._season_end(m)]
        if halved:
            owned = [m for m in owned if not self._season_end(m)]
            alone = [m for m in alone if not self._season_end(m)]
        if year_like and number.value == int(number.value) and self.subject is not None:
            short = self._short_year(f"{int(number.value)}", self.entity_sentences(entity))
            if short is not None:  # "his '86 season"
                return ClaimVerdict(STATED, self._evidence(short))
        bound: NumberMention | None = None  # the value read, as a bound of the attribute
        bounded = _writes_bound(value.raw, self.config.grounding_loose_bounds)
        in_period: NumberMention | None = None  # the value read, for a period of the whole
        if loose:
            for m in alone:  # in a sentence about the entity alone, attributed elsewhere
                if (
                    equal_to(m)
                    and self._loosely_stated(header, m, bounded)
                    and not self._by_position(header, m)
                    and (bounded or not self._strict_bound(m))
                    and not self._subjects_average(header, m, attribute_name)
                ):
                    return ClaimVerdict(STATED, self._evidence(m.sentence, m.first, m.last))
        if not bounded:  # "nearly 60 percent" for 60: read, and no statement of the figure
            bound = next((m for m in owned if equal_to(m) and self._bound_of(header, m)), None)
        for m in owned:
            if self._whole_of_the(m):
                continue  # "won 14 of the 45 seats": the 45 are no one's
            equal = equal_to(m)
            if self._by_position(header, m):
                part = part or (m if equal else None)
                continue  # "playing 32 games in the outfield" is no count of games played
            who = self._owner(m)
            if (
                equal
                and m.approximate
                and self._estimated(m, _ROUND_FIGURES)
                and self._fits(header, replace(m, approximate=False))
            ):
                # "a population of about 5.5 million" states "5.5" (an estimate, not a bound:
                # "nearly 60 percent" is no statement of 60)
                return ClaimVerdict(STATED, self._evidence(m.sentence, m.first, m.last))
            if (
                equal
                and loose
                and self._loosely_stated(header, m, bounded)
                and (bounded or not self._strict_bound(m))
                and not self._subjects_average(header, m, attribute_name)
            ):
                return ClaimVerdict(STATED, self._evidence(m.sentence, m.first, m.last))
            if (
                (
                    equal
                    and (
                        year_like
                        or (
                            self.subject is not None
                            and self._speaks_of(header, m, attribute_name)
                            and not self._average_for_total(header, m)
                        )
                    )
                    and not m.approximate
                )
                or (
                    equal
                    and (_averaged(header) or percent)
                    and (self._pair_ratio(m) or (self.subject is not None and self._rate_form(m)))
                )
                or (
                    equal
                    and self.subject is not None
                    and number.unit is not None
                    and len(number.unit) == 3
                    and number.unit.isupper()
                    and self._after_money_sign(m)
                )
            ):
                return ClaimVerdict(STATED, self._evidence(m.sentence, m.first, m.last))
            # "Anthony Davis (after the All-Star break)": an average over the period the row's
            # qualifier names is the row's figure
            period = qualifier is not None and (
                all(
                    _qualifier_said(w, self._sentence_stems(m.sentence)) for w in qualifier[0]
                )  # "(avg over last 4 starts)" / "averaging ... over his last four starts"
                and not qualifier[1] & self._sentence_stems(m.sentence)
            )
            if (
                equal
                and contradiction is None
                and not bounded
                and self._strict_bound(m)
                and self._fits(header, replace(m, approximate=False), period)
            ):
                contradiction = m  # "in under 30 minutes", "more than nine": not that figure
            if equal and loose and in_period is None and self._of_a_period(header, m):
                in_period = m  # "four rebounds ... in that first period" for "Rebounds"
            if (
                not equal
                and contradiction is None
                and self.subject is not None
                and not m.approximate
                and self._a_year(m) == year_written
                and self._named_by_of(header, m, number.unit)
                and not self._anothers_named_before(entity, m)
                and self._in_period(attribute_name, m)
            ):
                contradiction = m  # "a running time of 128 minutes" for "Running time: 132 min"
            if not self._fits(header, m, period):
                continue
            if equal and self._part_figure(entity, header, m):
                continue  # "the Bulls' bench scored 48 points" states no Bulls total of 48
            if equal:
                return ClaimVerdict(STATED, self._evidence(m.sentence, m.first, m.last))
            if (
                contradiction is None
                and self._contradicts(entity, header, m, who, year_written)
                and self._in_period(attribute_name, m)
            ):
                contradiction = m
        if contradiction is None and header.role == "percent" and percent:
            computed = self._computed_rate(header, owned, abs(number.value))
            if computed is not None:  # "went 46 - for - 86": 53.49 percent, worked out exactly
                return ClaimVerdict(
                    STATED, self._evidence(computed.sentence, computed.first, computed.last)
                )
        if contradiction is None:
            changed = self._computed_change(entity, attribute_name, owned, value)
            if isinstance(changed, Evidence):  # "held steady at 9 seats": a change of 0
                return ClaimVerdict(STATED, changed)
            if changed is not None:  # "up from $1.7 billion" to $1.9 billion: +11.8%
                return ClaimVerdict(
                    STATED, self._evidence(changed.sentence, changed.first, changed.last)
                )
        a = None if contradiction is None else self._bound_start(contradiction)
        if contradiction is not None and a is not None:
            return ClaimVerdict(
                CONTRADICTED,
                self._evidence(contradiction.sentence, a, contradiction.last),
                None,
                f"the text gives only a bound, {self._written(a, contradiction.last)!r}, "
                "which excludes the figure itself",
            )
        if contradiction is not None:
            return self._contradicted(contradiction, "for this entity and attribute")
        if follow and self.subject is None and header.concepts:
            matched = self._matched_total(entity, attribute_name, value, header)
            if matched is not None:
                return matched
        if self.subject is not None and number.value == int(number.value) and not year_like:
            by_ordinal = self._ordinal(attribute_name, int(number.value))
            if by_ordinal is not None:
                return by_ordinal
        elif number.value == int(number.value) > 0 and not year_like and contradiction is None:
            # "led for a third straight week" states "Weeks: 3", "in the 12th minute" states
            # "Minute: 12", in a sentence about the entity (never a contradiction: an ordinal
            # of a table of several entities may be anyone's)
            by_ordinal = self._ordinal(
                attribute_name, int(number.value), self.entity_sentences(entity)
            ) or self._finished(entity, attribute_name, int(number.value))
            if by_ordinal is not None and by_ordinal.status == STATED:
                return by_ordinal
        if part is not None:
            return ClaimVerdict(
                UNSTATED,
                self._evidence(part.sentence, part.first, part.last),
                reason="the text gives the value only for a position, a part of the whole",
            )
        if in_period is not None:
            return ClaimVerdict(
                UNSTATED,
                self._evidence(in_period.sentence, in_period.first, in_period.last),
                reason="the text gives the value only for a period, a part of the whole",
            )
        if bound is not None:
            return ClaimVerdict(
                UNSTATED,
                self._evidence(bound.sentence, bound.first, bound.last),
                reason="the text writes the value only as a bound or a count of something else",
            )
        average = next(
            (
                m
                for m in owned
                if self.subject is not None
                and equal_to(m)
                and self._average_for_total(header, m)
                and self._speaks_of(header, m, attribute_name)
            ),
            None,
        )
        if average is not None:  # read, and found lacking
            return ClaimVerdict(
                UNSTATED,
                self._evidence(average.sentence, average.first, average.last),
                reason="the text gives the value as an average, not as the field's total",
            )
        if halved:  # read, and found lacking (not a figure the text speaks of unread)
            h = halved[0]
            return ClaimVerdict(
                UNSTATED,
                self._evidence(h.sentence, h.first, h.last),
                reason="the text writes the year only as an end of a season",
            )
        return ClaimVerdict(UNSTATED, reason="no number in the text for this entity and attribute")

    def _matched_total(
        self, entity: int, attribute_name: str, value: TypedCell, header: Features
    ) -> ClaimVerdict | None:
        """ "X matched Y's scoring total": X's figure is the one the text gives Y (stated when
        that is the value, contradicted when it is another); None when no sentence says so."""
        toks = self.doc.tokens
        reach = self.config.grounding_match_words
        for s in self.entity_sentences(entity):
            ms = self.mentions[s]
            end = self.doc.sentences[s][1]
            for x, y in pairwise(ms):
                if x.entity != entity or y.entity in (entity, OTHER) or not y.possessive:
                    continue
                between = [t.text for t in toks[x.last + 1 : y.first]]
                if not 0 < len(between) <= reach or between[-1] not in _MATCH_VERBS:
                    continue
                after = [
                    (k, toks[k].text)
                    for k in range(y.last + 1, min(end, y.last + 1 + reach + 2))
                    if toks[k].text not in _APOSTROPHES
                ]
                total = next((i for i, (_, w) in enumerate(after) if w in _TOTAL_NOUNS), None)
                if not total:  # none, or no word naming what was matched ("matched his total")
                    continue
                words = [w for _, w in after[:total]]
                concepts = frozenset(c for c in read_words(words, self._extra)[0] if c)
                if not fits(header, concepts, frozenset(stems(" ".join(words)))):
                    continue
                theirs = self._check_number(y.entity, attribute_name, value, follow=False)
                if theirs.status == UNSTATED:
                    continue
                evidence = self._evidence(s, y.first, after[total][0])
                if theirs.status == STATED:
                    return ClaimVerdict(STATED, evidence, reason="the figure of the one it matched")
                return ClaimVerdict(
                    CONTRADICTED,
                    evidence,
                    theirs.stated_value,
                    f"it matched a figure the text gives as {theirs.stated_value}",
                )
        return None

    def _ordinal(
        self, attribute_name: str, value: int, sentences: Sequence[int] | None = None
    ) -> ClaimVerdict | None:
        """A count the text writes as an ordinal before the field's noun: "a second round
        selection" states "draft round: 2", "(59th overall)" states "draft position: 59", "for
        a third straight week" states "weeks: 3"; an ordinal of another value before the field's
        own noun contradicts it ("99th overall" is no draft round of 99 when the text says
        "second round"). ``sentences``: only those (default: all)."""
        words = tokens(attribute_name)
        if any(_ordinal_value(w) is not None for w in words):
            return None  # "games at second base": the ordinal is the field's own
        cut = next((i for i, w in enumerate(words) if i and w in _HEADER_PREPOSITIONS), None)
        if sentences is not None and cut is not None:
            words = words[:cut]  # "weeks in release": weeks, whatever they are in
        own = [w for w in stems(" ".join(words)) if w.isalpha()]
        if not own:
            return None
        head = own[-1]  # "draft round": a round
        rank = bool(set(own) & _RANK_WORDS)
        toks = self.doc.tokens
        other: tuple[int, int] | None = None
        for s in range(len(self.doc.sentences)) if sentences is None else sentences:
            a, b = self.doc.sentences[s]
            for k in range(a, b - 1):  # the ordinal and its noun in one sentence
                n = _ordinal_value(toks[k].text)
                if n is None:
                    continue
                j = k + 1
                while j < b - 1 and toks[j].text in _IN_A_ROW:
                    j += 1  # "a third straight week"
                after = stems(toks[j].text)
                noun = after[0] if after else ""
                if noun == head or (rank and noun in _RANK_WORDS):
                    rest = set(own) - {head, noun}
                    if rest and not rest & self._sentence_stems(s):
                        continue  # "second base" is no figure of "1952 extra bases"
                    nxt = toks[j + 1].text if j + 1 < b else ""
                    if sentences is not None and (
                        nxt == "since"
                        or (
                            nxt in {"in", "of", "out"}
                            and any(t.digits or t.text in NUMBER_WORDS for t in toks[j + 2 : j + 4])
                        )
                    ):
                        continue  # "their first win since the trade", "11th win in 17 games"
                    if n == value:
                        return ClaimVerdict(STATED, self._evidence(s, k, k + 1))
                    # "first year", "first class": an idiom as often as a rank
                    if noun == head and n != 1 and other is None:
                        other = (s, k)
        if other is None:
            return None
        s, k = other
        written = self._written(k, k + 1)
        return ClaimVerdict(
            CONTRADICTED, self._evidence(s, k, k + 1), written, f"the text gives {written!r}"
        )

    def _finished(self, entity: int, attribute_name: str, value: int) -> ClaimVerdict | None:
        """A place in a ranking the text gives as an ordinal after a verb of finishing ("Kenta
        Mori, who finished third", "placed 12th", "came in second"), or the first place of the
        one who "won" or "topped" (the chart, the poll), named right before it, for a header of a
        place (``Config.grounding_place_header_stems``), in a sentence about the entity."""
        if not set(stems(attribute_name)) & set(self.config.grounding_place_header_stems):
            return None
        toks = self.doc.tokens
        for s in self.entity_sentences(entity):
            a, b = self.doc.sentences[s]
            if value == 1:
                for x in self.mentions[s]:
                    if (
                        x.entity == entity
                        and x.last + 1 < b
                        and toks[x.last + 1].text in _FIRST_PLACE_VERBS
                    ):
                        return ClaimVerdict(STATED, self._evidence(s, x.last + 1, x.last + 1))
            at = self._place_after(entity, s, value)
            if at is not None:
                return ClaimVerdict(STATED, self._evidence(s, at, at))
            for k in range(a, b - 1):
                if not toks[k].text.startswith(_FINISH_VERBS) or not self._verb_subject_is(
                    s, k, entity
                ):
                    continue  # "Tola and Mori, who finished third": Mori's place only
                j = k + 1
                if j < b - 1 and toks[j].text in {"in", "at"}:
                    j += 1  # "came in second"
                n = _ordinal_value(toks[j].text)
                if n == value:
                    return ClaimVerdict(STATED, self._evidence(s, j, j))
        return None

    def _place_after(self, entity: int, s: int, value: int) -> int | None:
        """The token where sentence ``s`` gives ``entity`` the place ``value`` as an ordinal
        that ends its phrase, right after the entity's name ("with Charles Leclerc fourth",
        "MIT in third") or after "took", "was", "is", "to", "in" ("Sainz took third", "slipped to
        sixth", "crossed the line 68 seconds later in second"; not "from seventh"), or as a
        medal ("took bronze": third); None when it does not."""
        toks = self.doc.tokens
        a, b = self.doc.sentences[s]

        def ends_phrase(j: int) -> bool:
            nxt = toks[j + 1].text if j + 1 < b else "."
            return not nxt.isalnum() or nxt in _AFTER_PLACE

        starts = [x.last + 1 for x in self.mentions[s] if x.entity == entity]
        starts += [
            k + 1
            for k in range(a, b - 1)
            if toks[k].text in _PLACE_LEADS and self._verb_subject_is(s, k, entity)
        ]
        for j in starts:
            if j < b - 1 and toks[j].text == ",":
                j += 1  # "Manchester City, in third on 40 points"
            if j < b - 1 and toks[j].text == "in":
                j += 1  # "MIT in third"
            place = _ordinal_value(toks[j].text) if j < b else None
            if j < b and (place or _MEDALS.get(toks[j].text)) == value and ends_phrase(j):
                return j  # "took third", "took bronze"
        return None

    def _verb_subject_is(self, s: int, k: int, entity: int) -> bool:
        """The name nearest before token ``k`` of sentence ``s`` is ``entity``'s (the subject of
        the verb at ``k``), or the sentence names no one before it (its subject carried)."""
        before = [x for x in self.mentions[s] if x.last < k]
        return not before or before[-1].entity == entity

    def _turned(
        self,
        entity: int,
        attribute_name: str,
        value: TypedCell,
        qualifier: tuple[frozenset[str], frozenset[str]] | None,
    ) -> ClaimVerdict | None:
        """A value written with a sign ("+0.6%") the text states with the other direction
        ("Rolls-Royce slipped 0.6%"): contradicted by that figure; None otherwise."""
        sign = _written_sign(value.raw)
        if not sign:
            return None
        raw = value.raw.strip()
        other = ("-" if sign > 0 else "+") + raw[1:].lstrip()
        turned = self._check_number(entity, attribute_name, type_cell(other), qualifier)
        if turned.status != STATED:
            return None
        return ClaimVerdict(
            CONTRADICTED,
            turned.evidence,
            other,
            f"the text gives it the other direction: {other!r}",
        )

    def _direction_before(self, m: NumberMention) -> int:
        """1 when a word of rising (``Config.grounding_rise_words``) is right before ``m``, or
        before "by" and ``m`` ("rose 3.2%", "up by 2"); -1 for a word of falling
        (``Config.grounding_fall_words``: "slipped 0.6%", "down 4.5%"); 0 otherwise."""
        toks = self.doc.tokens
        a = self.doc.sentences[m.sentence][0]
        k = m.first - 1
        if k > a and toks[k].text in MONEY_SIGNS:
            k -= 1  # "fell $2"
        if k > a and toks[k].text == "by":
            k -= 1
        if k < a:
            return 0
        word = toks[k].text
        if word in self.config.grounding_rise_words:
            return 1
        return -1 if word in self.config.grounding_fall_words else 0

    def _after_money_sign(self, m: NumberMention) -> bool:
        """``m`` is written as money: right after a currency sign ("$500", "£500", or "# 500",
        as text dumps write the pound sign): the sum of a money field in a biography, whatever
        words stand near it ("signed him for # 500": "transfer fee: £500")."""
        return m.first > 0 and self.doc.tokens[m.first - 1].text in MONEY_SIGNS

    def _rate_form(self, m: NumberMention) -> bool:
        """``m`` is written as a rate is, a fraction with no leading zero (".208")."""
        toks = self.doc.tokens
        dot = toks[m.first - 1] if m.first > 0 else None
        return (
            dot is not None
            and dot.text == "."
            and dot.end == toks[m.first].start
            and 0 < m.value < 1
            and (m.first < 2 or not toks[m.first - 2].digits or toks[m.first - 2].end < dot.start)
        )

    def _computed_rate(
        self, header: Features, owned: Sequence[NumberMention], value: float
    ) -> NumberMention | None:
        """The made - attempted pair of the entity's, of the percentage header's kind of shot
        ("46 - for - 86" for "Percentage of field goals"), whose made / attempted x 100 is
        ``value`` within ``Config.grounding_computed_rate_rounding`` points; its made figure."""
        limit = self.config.grounding_computed_rate_rounding
        counts = replace(header, role=None)
        for m in owned:
            if m.role != "made" or m.pair_last is None or m.approximate:
                continue
            attempted = next(
                (x for x in owned if x.role == "attempted" and x.pair_last == m.pair_last), None
            )
            if attempted is None or attempted.value <= 0 or m.value > attempted.value:
                continue
            if abs(100.0 * m.value / attempted.value - value) > limit:
                continue
            if self._fits(counts, m):
                return m
        return None

    def _computed_change(
        self, entity: int, attribute_name: str, owned: Sequence[NumberMention], value: TypedCell
    ) -> NumberMention | Evidence | None:
        """For a header of a change (``Config.grounding_change_words``): the entity's figure
        after "from" whose difference with another figure of the entity in its sentence (the
        figure after the change) is ``value``, or whose relative change is ``value`` percent
        as rounded in the cell ("sales of $1.9 billion, up from $1.7 billion": +11.8%); a sign
        written in the cell must match the direction. A change of 0 is stated by a sentence
        about the entity saying it did not change (``Config.grounding_no_change_words``: "held
        steady at 9 seats"), with that sentence as evidence. None otherwise."""
        words = set(tokens(attribute_name))
        number = value.number
        if number is None or not words & set(self.config.grounding_change_words):
            return None
        if number.value == 0:
            still = set(self.config.grounding_no_change_words)
            for s in self.entity_sentences(entity):
                a, b = self.doc.sentences[s]
                if any(t.text in still for t in self.doc.tokens[a:b]):
                    return self._evidence(s)
            return None
        raw = value.raw.strip()
        sign = 1 if raw.startswith("+") else -1 if raw[:1] in {"-", "\u2212"} else 0
        claimed = abs(number.value)
        decimals = len(raw.rsplit(".", 1)[1].rstrip("%").strip()) if "." in raw else 0
        toks = self.doc.tokens
        plain = [m for m in owned if m.role is None and not m.approximate and not m.aggregate]
        for old in plain:
            k = old.first - 1
            if k > 0 and not toks[k].text.isalnum():
                k -= 1  # "from $1.7 billion"
            if k < 0 or toks[k].text != "from":
                continue
            for new in plain:
                if new is old or new.sentence != old.sentence or new.percent != old.percent:
                    continue
                before, after = old.value * old.scale, new.value * new.scale
                diff = after - before
                if sign and (diff > 0) != (sign > 0):
                    continue
                if number.unit == "%" and not old.percent:
                    if before == 0:
                        continue
                    rel = abs(100.0 * diff / before)
                    if abs(rel - claimed) <= 0.5 * 10.0**-decimals + 1e-9:
                        return old
                elif abs(abs(diff) - claimed) <= 1e-9 * max(1.0, claimed):
                    return old
        return None

    def _pair_ratio(self, m: NumberMention) -> bool:
        """``m`` is the rate of the made - attempted pair right before it, in brackets
        ("16-for-50 (.320)", "6 - of - 8 (75 percent)"): a figure the text states as a rate."""
        toks = self.doc.tokens
        k = m.first - 1
        while k >= 0 and toks[k].text in {".", "("} and m.first - k <= 2:
            k -= 1
        if k < 0 or toks[k + 1].text != "(":
            return False
        made = attempted = None
        for x in self._numbers_in(m.sentence):
            if x.pair_last == k and x.role == "attempted":
                attempted = x
            elif x.pair_last == k and x.role == "made":
                made = x
        if made is None or attempted is None or attempted.value == 0:
            return False
        rate = made.value / attempted.value
        limit = self.config.grounding_rate_rounding
        return any(abs(rate * f - m.value) <= limit * f for f in (1.0, 100.0))

    def _box_remainder(self, m: NumberMention) -> frozenset[str]:
        """The kind of shooting of an unlabelled made - attempted pair that closes a bracket of
        labelled ones ("(7 - 16 FG, 0 - 3 3Pt, 5 - 7)": free throws, the one kind left)."""
        toks = self.doc.tokens
        a, b = self.doc.sentences[m.sentence]
        first = m.pair_first if m.pair_first is not None else m.first
        last = m.pair_last if m.pair_last is not None else m.last
        if not (a < first and toks[first - 1].text == "," and last + 1 < b):
            return frozenset()
        if toks[last + 1].text != ")":
            return frozenset()
        k = first - 1
        while k > a and toks[k].text not in {"(", ")"}:
            k -= 1
        if toks[k].text != "(":
            return frozenset()
        named: set[str] = set()
        for x in self._numbers_in(m.sentence):
            if k < x.first < first and x.role == "first":
                named |= self._windows(x)[0][0] & _SHOOTING
        rest = _SHOOTING - named
        return rest if len(named) == 2 and len(rest) == 1 else frozenset()

    def _part_of_total(self, m: NumberMention) -> tuple[NumberMention | None, NumberMention | None]:
        """In "M of his N ..." (or "M of the N"): for N, the part M (first); for M, the whole N
        (second)."""
        found: tuple[NumberMention | None, NumberMention | None] = (None, None)
        for x in self._numbers_in(m.sentence):
            if x.role is not None or m.role is not None:
                continue
            if x.last + 3 == m.first and self._of_possessive(x.last + 1):
                found = (x, found[1])
            elif m.last + 3 == x.first and self._of_possessive(m.last + 1):
                found = (found[0], x)
        return found

    def _of_possessive(self, k: int) -> bool:
        toks = self.doc.tokens
        # "17 of his 18 points"; "eight of the 15 points of the run", "14 of the 45 seats"
        return toks[k].text == "of" and (
            toks[k + 1].text in _POSSESSIVES or toks[k + 1].text == "the"
        )

    def _in_period(self, attribute_name: str, m: NumberMention) -> bool:
        """Whether ``m`` can speak of the period a header names: a header with a year or a
        season ("1993 receptions", "2015-16 points", "1993–94 season rebounds") is contradicted
        only by a sentence naming that period (the year; the season written as a season)."""
        periods = {p for w in attribute_name.split() if (p := _years_of(w)) is not None}
        if not periods:
            return True
        a, b = self.doc.sentences[m.sentence]
        toks = self.doc.tokens
        for k in range(a, b):
            for first, last in periods:
                if toks[k].text != str(first):
                    continue
                if first == last:
                    return True
                if _years_of("".join(t.text for t in toks[k : min(b, k + 3)])) == (first, last):
                    return True  # "in the 2015 - 16 season"
        return False

    def _written(self, first: int, last: int) -> str:
        """The text from token ``first`` to token ``last`` as written."""
        return self.doc.raw[self.doc.tokens[first].start : self.doc.tokens[last].end]

    def _strict_bound(self, m: NumberMention) -> bool:
        """``m`` is written as a strict bound ("under 30", "more than nine", "over 48
        percent", "fewer than 10"), which excludes the figure itself."""
        return self._bound_start(m) is not None

    def _bound_start(self, m: NumberMention) -> int | None:
        """The first token of the strict bound ``m`` is written as ("under", "more" of "more
        than"); None when it is none."""
        if not m.approximate or m.role is not None:
            return None
        toks = self.doc.tokens
        a, b = self.doc.sentences[m.sentence]
        after = [t.text for t in toks[m.last + 1 : min(b, m.last + 5)]]
        if len(after) == 4 and after[0] == after[2] == "-" and after[3] == "old":
            return None  # "under 30-year-old coach X": "under" governs the noun, not the age
        j = m.first - 1
        while j >= a and toks[j].text in CURRENCY_WORDS:
            j -= 1
        if j < a:
            return None
        if toks[j].text in _STRICT_BOUNDS:  # m is approximate: no "turned it over 20 times"
            return j
        if (
            toks[j].text == "than"
            and j - 1 >= a
            and toks[j - 1].text in _COMPARATIVES
            and (j - 2 < a or toks[j - 2].text not in {"no", "not"})
        ):
            return j - 1
        return None

    def _contradicted(self, m: NumberMention, whose: str) -> ClaimVerdict:
        """The claim is contradicted by ``m``, with its evidence and the figure as written."""
        written = self._written(m.first, m.last)
        return ClaimVerdict(
            CONTRADICTED,
            self._evidence(m.sentence, m.first, m.last),
            f"{m.value:g}",
            f"the text gives {written!r} {whose}",
        )

    def _loosely_stated(self, header: Features, m: NumberMention, bounded: bool = False) -> bool:
        """``Config.grounding_loose_numbers``: a number given for the entity states the claimed
        value (even as a bound, an average or one side of a pair) unless it is a record, or the
        words right after it name another attribute ("7 assists" for "Rebounds"). ``bounded``:
        the claimed cell writes a bound itself ("Almost 50%"), which a bound in the text states."""
        # "over 31 days", "560 megalitres per day", "250 MW and 1,000 MWh": in general text
        # such numbers are the values themselves; only a record ("(46 - 12)") is not
        if m.role in {"win", "loss"} or m.attribute_hint is not None or m.moment:
            return False  # a moment of the game ("with four seconds left") is no game figure
        if self._after_month(m):
            return False  # "born january 3, 1988": a day of a date, no figure ("draft round")
        if m.role is not None and header.role is not None:
            return False
        if self._counts_other(header, m) or self._of_a_sequence(m):
            return False
        if not _percent_fits(header, m):
            return False
        if self._counts_another_thing(header, m) or (not bounded and self._a_bound(m)):
            return False
        if self._score_so_far(m):
            return False  # "coming out of the third quarter, an 80 - 66 lead": three summed
        (ac, _aw, _ao), _before = self._windows(m)
        noun = None if is_year(m.value) else self._noun_stem(m)  # "2022 exports": a date
        if noun is not None and noun not in header.stems and noun in self._header_stems():
            return False  # "1 gold, 2 silver": the 1 is Gold's, not Silver's
        if not ac or ac <= header.concepts:
            return True
        # "130 people" states "Employees"; "7 assists" does not state "Rebounds" when the
        # table has an assists column (without the table's headers: any other attribute)
        return bool(self.headers) and not ac & self._other_concepts

    def _counts_another_thing(self, header: Features, m: NumberMention) -> bool:
        """``Config.grounding_loose_other_nouns``: for a header naming a known attribute (a
        concept: steals, free throws, revenue), ``m`` counts something else: the word right
        after it begins the name of another concept and no word after it names the header's
        ("six games" for "Free throws attempted"), or a demonstrative before it and a noun
        after it refer back to things already named ("these two teams" for "Steals")."""
        if not (self.config.grounding_loose_other_nouns and header.concepts):
            return False
        if m.role is not None:
            return False  # a pair's noun names the contest ("a 104 - 101 win"), a record
        toks = self.doc.tokens
        a, b = self.doc.sentences[m.sentence]
        k = (m.pair_last if m.pair_last is not None else m.last) + 1
        words = [t.text for t in toks[k : min(b, k + 4)] if t.text != "-"][:3]
        if not words or not words[0].isalpha():
            return False
        (after, _aw, _ao), _before = self._windows(m)
        if after & header.concepts:
            return False  # "four rebounds in that first period": the header's, with a period
        named = {w for c in header.concepts for w in CONCEPTS.get(c, ())}
        named |= {w for g in self._extra if set(g) & named for w in g}
        if any(" ".join(words[:n]) in named for n in (1, 2, 3)):
            return False  # a word of two concepts ("turnover": a giveaway, or revenue)
        first = read_words(words, self._extra)[0][0]
        if first is not None or self._counts_people(words[0]):
            return True
        before = (m.pair_first if m.pair_first is not None else m.first) - 1
        return before >= a and toks[before].text in _DEMONSTRATIVES

    def _counts_people(self, word: str) -> bool:
        """``word`` (the one right after a number) is a role noun of
        ``Config.grounding_person_roles`` ("five players reach double figures", "two guards"):
        the number counts people, no attribute's figure."""
        found = stems(word)
        return bool(found) and found[0] in self._role_stems

    def _of_a_period(self, header: Features, m: NumberMention) -> bool:
        """``Config.grounding_period_figures``: ``m`` is a single figure of the header's
        attribute that its words give for a period of the whole ("four rebounds in that first
        period", "$2 million in the third quarter") where the header names no period."""
        if not self.config.grounding_period_figures or m.role is not None:
            return False
        if header.concepts & _PERIODS or header.ordinal is not None or not header.concepts:
            return False
        if any(  # "13 of his team - high 28 points in the fourth": 28 is the whole, 13 the part
            x.last < m.first <= x.last + self.config.grounding_whole_reach
            and self.doc.tokens[x.last + 1].text == "of"
            for x in self._numbers_in(m.sentence)
        ):
            return False
        if self._a_whole(m):
            return False
        (after, _aw, ordinal), _before = self._windows(m)
        return bool(after & header.concepts) and bool(after & _PERIODS) and ordinal is not None

    def _a_whole(self, m: NumberMention) -> bool:
        """``m`` follows a share word's "of" within ``Config.grounding_whole_reach`` words ("most
        of his 20 points came in the third quarter", "half of Porter's 20"): the figure is the
        whole, the period after it qualifies the share."""
        toks = self.doc.tokens
        a, _b = self.doc.sentences[m.sentence]
        for k in range(m.first - 1, max(a, m.first - 1 - self.config.grounding_whole_reach), -1):
            if toks[k].text == "of" and k > a and toks[k - 1].text in _SHARE_WORDS:
                return True
        return False

    def _bound_of(self, header: Features, m: NumberMention) -> bool:
        """``m`` is a bound (:meth:`_a_bound`) of the header's own attribute: its words name
        the header's concept ("in under 30 minutes" for "Minutes"), or it is a share and the
        header holds one ("over 48 percent" for "3P%"): the text's word on the attribute, read."""
        if not self._a_bound(m):
            return False
        (after, _aw, _ao), (before, _bw, _bo) = self._windows(m)
        return bool((after | before) & header.concepts) or (m.percent and header.role == "percent")

    def _a_bound(self, m: NumberMention) -> bool:
        """``Config.grounding_loose_bounds``: ``m`` is a bound the text sets, not the value
        ("in under 30 minutes", "nearly 20", a share "over 48 percent"): the words right before
        it are one of the bound phrases, those marked for a share only when ``m`` is one."""
        toks = self.doc.tokens
        a, _b = self.doc.sentences[m.sentence]
        first = m.pair_first if m.pair_first is not None else m.first
        for phrase in self.config.grounding_loose_bounds:
            share = phrase.endswith(" %")
            words = (phrase[:-2] if share else phrase).split()
            if share and not m.percent:
                continue
            start = first - len(words)
            if start >= a and [t.text for t in toks[start:first]] == words:
                return True
        return False

    def other_number(
        self,
        entity: int,
        attribute_name: str,
        value: TypedCell,
        taken: frozenset[float],
        unique: bool = False,
        year: bool | None = None,
    ) -> ClaimVerdict | None:
        """A contradiction by elimination, for a number claim the text does not state: a number
        the text gives for ``entity`` that no other cell of its row holds (``taken``), of the
        claim's kind (a year for a year, a percentage for a percentage, within
        ``Config.grounding_elimination_ratio`` of it) and whose words name no other column
        (words of the header's unit name it: "0.52 points" for "Contribution (percentage
        points)"); None when there is none (with ``unique``: the one such number of the
        sentences that name no other entity of the table; None when there are several).
        An estimate ("about 1,650,000"; not a bound: "over 50") counts only without
        ``unique`` and when the claim is further from it than
        ``Config.grounding_approximate_margin`` of it.
        ``year``: whether the claim is a year, when the caller knows (its column holds other
        figures: "1180" complaints); else read from the claim and its header."""
        entity = self._rep.get(entity, entity)
        number = value.number
        if number is None or number.value == 0:
            return None
        header = header_features(attribute_name, self._extra)
        # a figure in a unit ("Launch Price (USD)": 1499, "Capacity (MW)": 1330, "$1,499") is
        # no year, whatever its size: a year of the text does not contradict it
        unit, scale = header_unit(attribute_name)
        if year is None:
            year = is_year(number.value) and number.unit is None and unit is None and scale == 1.0
            year = year and not _bracketed_unit(attribute_name)
        ratio = self.config.grounding_elimination_ratio
        unit_claimed = number.unit if number.unit not in (None, "%") else unit
        # "$312,000,000" under "(USD Million)" claims 312 in the header's scale
        claimed = (
            number.value / scale if scale != 1.0 and abs(number.value) >= scale else number.value
        )
        owned, alone = self._numbers_of(entity)
        found: NumberMention | None = None
        margin = self.config.grounding_approximate_margin
        for m in (*owned, *alone):
            said = m.value * m.scale
            near = margin <= 0 or abs(said - claimed) <= margin * abs(said)
            if m.approximate and (unique or near or not self._estimated(m)):
                continue  # "about 1,650,000" may be 1,600,000, not 1,394,250; "over 50" a bound
            if self._a_year(m) != year or not self._loosely_stated(header, m):
                continue
            if self._after_month(m):
                continue  # "they meet on Mar. 30": a day, not a figure
            if (number.unit == "%") > m.percent or (number.unit not in (None, "%") and m.percent):
                continue  # "+11.8%" is not contradicted by "$1.7 billion", nor "$4.2B" by "8%"
            if self._after_money_sign(m) and _bare_figure(number, unit, scale):
                continue  # "collected £2.7 million" is no figure of Age: 21
            said_unit = self._unit_after(m)
            if (
                unit_claimed is not None
                and said_unit is not None
                and said_unit != unit_claimed
                and convert(1.0, unit_claimed, said_unit) is None
            ):
                continue  # "9 hours" of battery is not contradicted by a "16-inch" screen
            if not self._in_period(attribute_name, m):
                continue  # "In 1994 he had 84 receptions" is no "1993 receptions" figure
            if self.doc.tokens[m.first].text in {"twice", "thrice"}:
                continue  # "after failing to do so twice": how often, not a figure
            if self._owner(m).combined:
                continue  # "X and Y combined for 30 points": the group's, no one's alone
            if self._anothers_figure(entity, m) or self._whole_of_the(m):
                continue  # "with 17-year-old Bruno Sarmento joining": his age
            if self._a_duration(header, m):
                continue  # "with 2 seconds remaining" is no figure of Steals
            own = self._windows(m)[0][0]
            if (
                own
                and not own <= header.concepts
                and not own <= self._unit_concepts(attribute_name)
            ):
                continue  # "after missing two games" is no figure of Assists
            if any(round(x, 6) in taken for x in (m.value, said)):
                continue
            if m.role is not None or said == 0 or claimed == 0:
                continue
            # "3.2 million" where the text says "$3.2 billion": the figure in another scale
            rescaled = number.scale != 1.0 and m.scale not in (1.0, number.scale)
            rescaled = rescaled and abs(m.value - number.magnitude) <= 1e-9
            if not rescaled and not any(
                1 / ratio <= abs(x / claimed) <= ratio for x in (said, m.value)
            ):
                continue
            if any(abs(x - claimed) <= 1e-9 * max(1.0, abs(claimed)) for x in (said, m.value)):
                continue  # the same quantity in another scale
            if not unique:
                return self._contradicted(m, _LEFT_OVER)
            if any(x.entity not in {entity, OTHER} for x in self.mentions[m.sentence]):
                continue  # with ``unique``: only a sentence about the entity alone
            if found is not None and (found.value, found.scale) != (m.value, m.scale):
                return None
            found = m
        return None if found is None else self._contradicted(found, _LEFT_OVER)

    def _unit_after(self, m: NumberMention) -> str | None:
        """The physical unit written right after ``m`` ("16-inch", "1.2 kg", "11 hours"), as
        :func:`~tablehallu.normalize.parse_number` names it; None when there is none."""
        toks = self.doc.tokens
        _a, b = self.doc.sentences[m.sentence]
        k = m.last + 1
        if k < b and toks[k].text == "-":
            k += 1
        if k >= b or not toks[k].text.isalpha():
            return None
        read = parse_number(f"1 {toks[k].text}")
        return None if read is None or read.unit not in PINT_UNITS else read.unit

    def _estimated(self, m: NumberMention, words: frozenset[str] = _ESTIMATES) -> bool:
        """``m`` is an estimate ("about 1,650,000", "around $20"), not a bound ("over 50",
        "more than 9"); ``words``: those that make it one."""
        toks = self.doc.tokens
        k = m.first - 1
        while k >= 0 and not toks[k].text.isalnum() and toks[k].text != ",":
            k -= 1  # "$", "€"
        return k >= 0 and toks[k].text in words

    def _unit_concepts(self, attribute_name: str) -> frozenset[str]:
        """The concepts of the words of a header's bracketed unit ("(percentage points)":
        point), which name the figure's unit, not another attribute."""
        inside = re.findall(r"\(([^()]*)\)", attribute_name)  # linear: no nesting
        if not inside:
            return frozenset()
        return window_features(tokens(" ".join(inside)), self._extra)[0]

    def _by_position(self, header: Features, m: NumberMention) -> bool:
        """For one entity's fields (key/value tables): ``m`` counts the part of its noun played
        at a position the header does not name ("32 games in the outfield", "nine in center
        field", "23 as a pinch hitter"; ``Config.grounding_position_words``), not the whole."""
        if self.subject is None:
            return False
        toks = self.doc.tokens
        k = m.last + 1
        if k < len(toks) and toks[k].text.isalpha() and toks[k].text not in _PLACE_PREPOSITIONS:
            k += 1  # the count's noun: "32 games in ..."
        if k >= len(toks) or toks[k].text not in _PLACE_PREPOSITIONS:
            return False
        k += 1
        while k < len(toks) and toks[k].text in _ARTICLES:
            k += 1
        positions = {w for x in self.config.grounding_position_words for w in stems(x)}
        named = header.concepts | header.stems
        for j in range(k, min(len(toks), k + 2)):  # "in left field": a word may stand before
            stem = self._token_stem(j)
            if stem in positions:
                return stem not in named
        return False

    def _a_year(self, m: NumberMention) -> bool:
        """``m`` reads as a year: a whole number of 1000-2100 written as four plain digits
        ("in 2023", not "weighs 1,680 kg")."""
        written = self.doc.tokens[m.first].text
        return is_year(m.value) and m.first == m.last and written.isdigit() and len(written) == 4

    def _a_duration(self, header: Features, m: NumberMention) -> bool:
        """Whether ``m`` is a span of time ("with 2 seconds remaining", "in 30 minutes") for a
        header that names no time: not the attribute's figure, even by elimination."""
        k = (m.pair_last if m.pair_last is not None else m.last) + 1
        toks = self.doc.tokens
        while k < len(toks) and toks[k].text == "-":
            k += 1
        if k >= len(toks):
            return False
        unit = toks[k].text.casefold()
        if unit not in _DURATIONS:
            return False
        named = header.concepts | header.stems
        return not any(word.startswith(unit[:3]) for word in named)

    def _sole(self, entity: int, m: NumberMention, who: Attribution) -> bool:
        """The number surely belongs to ``entity``: unambiguous, and its sentence names no other
        entity of the table."""
        if who.ambiguous or who.entities != {entity}:
            return False
        if m.respective is not None:
            return True  # "Smith and Jones scored 20 and 15 points, respectively"
        here = self.mentions[m.sentence]
        named = {x.entity for x in here if x.entity != OTHER}
        start = m.pair_first if m.pair_first is not None else m.first
        toks = self.doc.tokens
        close = self.config.grounding_adjacent_words
        adjacent = any(x.entity == entity and 0 < start - x.last <= close for x in here)
        attached = any(
            x.entity == entity
            and 0 < start - x.last <= close
            and all(t.text in _ADJACENT for t in toks[x.last + 1 : start])
            for x in here
        )
        if not attached and self._someone_elses(entity, m, here):
            return False
        if not adjacent:
            # "compared with 0.87 in the placebo group": the owner named right after it
            placed = owner_placed_after(self.doc, here, m, self.config.grounding_owner_after_words)
            adjacent = placed is not None and placed.entities == {entity}
        # "the Hawks (46 - 12)", "Jackson's 22 points", or "He added ..." (no one else named)
        return named <= {entity} or adjacent

    def _after_month(self, m: NumberMention) -> bool:
        toks = self.doc.tokens
        k = m.first - 1
        if k >= 0 and toks[k].text == ".":
            k -= 1
        return k >= 0 and any(
            month.startswith(toks[k].text) for month in MONTHS if len(toks[k].text) >= 3
        )

    def _someone_elses(self, entity: int, m: NumberMention, here: tuple[Mention, ...]) -> bool:
        """A name the table does not hold may own ``m``: the sentence's subject when the entity
        is its object right before "with" and the figure ("Joe Johnson paced Brooklyn with 26
        points"). (A name right after it, "led by 22 points from Gerald Henderson", owns it
        by :func:`~tablehallu.detectors.grounding.entities.attribute`.)"""
        start = m.pair_first if m.pair_first is not None else m.first
        own = [x for x in here if x.entity == entity]
        toks = self.doc.tokens
        reach = self.config.grounding_with_words
        # "<someone> paced Brooklyn with 26", not "... a route with 11 stations"
        return bool(
            here
            and here[0].entity == OTHER
            and own
            and here[0].last < own[0].first < start <= own[0].last + reach
            and toks[own[0].last + 1].text == "with"
        )

    def _contradicts(
        self, entity: int, header: Features, m: NumberMention, who: Attribution, year: bool
    ) -> bool:
        """Whether a number of another value is evidence against the claim: it surely belongs to
        the entity, names the attribute with its own words (after it), is exact, and is a year
        exactly when the claim is."""
        if m.role in {"first", "second"} and not self._shooting_line(m):
            return False  # a score may be either side's; "(2 - 4 FT)" is one player's line
        if m.approximate or m.aggregate:
            return False
        if _averaged(header):
            return False  # "Assists per game": a game's "nine assists" is no average
        if self._a_year(m) != year or (self.subject is None and not self._sole(entity, m, who)):
            return False
        if self._part_figure(entity, header, m):
            return False  # "the Cavs' second unit posted 48 points": not the Cavs' total
        if self._anothers_figure(entity, m):
            return False  # carried on to "with 17-year-old Bruno Sarmento joining": his age
        if self._whole_of_the(m):
            return False  # "won 14 of the 45 seats": the council's seats, not the party's
        if m.role in {"win", "loss", "made", "attempted"} or m.attribute_hint is not None:
            return True
        (ac, aw, _ao), (bc, _bw, _bo) = self._windows(m)
        if not ac and not aw and not bc:
            ac = self._elided(m)  # "Jackson scored 22 points and Morris added 20"
        if ac <= header.concepts and self._predicated(m):
            # "the annual rate of severe attacks was 0.42, compared with 0.87 in the placebo
            # group", "the mean weight loss was 4.1 kg": the attribute named before a copula,
            # the figure its value (with its unit's concept after it)
            (_ac, _aw, _ao), (bc, bw, _bo) = self._windows(m)
            if fits(header, ac | bc, bw):
                return True
        return fits(header, ac, aw)

    def _named_by_of(self, header: Features, m: NumberMention, unit: str | None) -> bool:
        """``m`` is the value of the attribute named right before it and "of" ("a running time
        of 128 minutes", "rises to a height of 297 metres", "a budget of $22 million"): the
        words back to an article, a break or a figure (at most
        ``Config.grounding_of_frame_reach``) name every concept and word of the header, and a
        unit written after the figure is the claim's (``unit``; none read, no unit asked)."""
        reach = self.config.grounding_of_frame_reach
        toks = self.doc.tokens
        a, b = self.doc.sentences[m.sentence]
        k = m.first - 1
        if k > a and not toks[k].text.isalnum():
            k -= 1  # "of $22 million": the money sign
            if k > a and toks[k].text + toks[k + 1].text in CURRENCIES:
                k -= 1  # "of US$1.9 billion"
        if reach <= 0 or k <= a or toks[k].text != "of":
            return False
        words: list[str] = []
        j = k - 1
        while (
            j >= a
            and len(words) < reach
            and toks[j].text not in _ARTICLES
            and toks[j].text not in _OF_FRAME_STOPS
            and not toks[j].digits
            and toks[j].text.isalnum()
        ):
            words.append(toks[j].text)
            j -= 1
        concepts, found, _ordinal = window_features(words[::-1], self._extra)
        if not words or not fits(header, concepts, found):
            return False
        n = m.last + 1
        if n < b and toks[n].text in SCALES:
            n += 1  # "$22 million"
        said = UNIT_SYNONYMS.get(toks[n].text) if n < b else None
        return unit is None or said is None or said == unit

    def _whole_of_the(self, m: NumberMention) -> bool:
        """``m`` is the whole N of "M of the N ..." ("won 14 of the 45 seats"): everyone's
        total, of which the entity holds the part M."""
        return (
            m.first > 0
            and self.doc.tokens[m.first - 1].text == "the"
            and self._part_of_total(m)[0] is not None
        )

    def _predicated(self, m: NumberMention) -> bool:
        """``m`` is the value of what the words before it name: right after a copula ("the
        rate was 0.42", "turnout stood at 61.3 percent") or compared with such a figure
        ("..., compared with 0.87")."""
        toks = self.doc.tokens
        a, _b = self.doc.sentences[m.sentence]
        first = m.pair_first if m.pair_first is not None else m.first
        if first - 1 < a:
            return False
        if first - 2 >= a and (toks[first - 2].text, toks[first - 1].text) in _COMPARED:
            return True
        if m.last + 2 < len(toks) and toks[m.last + 1].text == ":" and toks[m.last + 2].digits:
            return False  # "until there was 1:14 remaining": a clock
        return toks[first - 1].text in _COPULAS and not (
            first - 2 >= a and toks[first - 2].text in _EXISTENTIAL
        )

    def _shooting_line(self, m: NumberMention) -> bool:
        """The pair ``m`` is part of is one player's made - attempted line ("(2 - 4 FT)"), not a
        score between two sides ("outscored them 30 - 21 from beyond the arc"): its first figure
        is no larger than its second."""
        if not shooting_pair(self.doc, m):
            return False
        pair = [
            x.value
            for x in self._numbers_in(m.sentence)
            if x.pair_first == m.pair_first and x.role in {"first", "second"}
        ]
        return len(pair) != 2 or pair[0] <= pair[1]

    def _part_figure(self, entity: int, header: Features, m: NumberMention) -> bool:
        """``m`` is a part's figure (:meth:`_part_of_entity`) and ``header`` names no part:
        it neither states nor contradicts the entity's own."""
        return not header.stems & _PARTS and self._part_of_entity(entity, m)

    def _part_of_entity(self, entity: int, m: NumberMention) -> bool:
        """``m``'s sentence names a part of ``entity`` before it, owned by the name ("Denver's
        bench", "the Cavs' second unit", within ``Config.grounding_part_words`` words after it)
        or right after it ("the Pelicans starters"): the figure may be the part's ("LeBron
        James led all scorers" names no part of him)."""
        toks = self.doc.tokens
        start = m.pair_first if m.pair_first is not None else m.first
        roles = self._role_stems
        for x in self.mentions[m.sentence]:
            if x.entity != entity or x.last >= start:
                continue
            reach = self.config.grounding_part_words if x.possessive else 1
            after = toks[x.last + 1 : min(start, x.last + 1 + reach)]
            if any(stem in _PARTS or stem in roles for t in after for stem in stems(t.text)):
                return True  # "the Grizzlies' big man", "Denver's bench"
        return False

    def stated_number(self, entity: int, attribute_name: str) -> ClaimVerdict:
        """The number the text gives for ``entity``'s ``attribute_name`` alone (unambiguously,
        exactly, not a side of a pair), if any: ``stated`` with its evidence, else ``unstated``."""
        entity = self._rep.get(entity, entity)
        header = header_features(attribute_name, self._extra)
        for m in self.doc.numbers:
            if m.role in {"first", "second"}:
                continue
            who = self._owner(m)
            if not self._sole(entity, m, who) or not self._fits(header, m):
                continue
            if self._anothers_figure(entity, m) or self._whole_of_the(m):
                continue
            if not self._in_period(attribute_name, m):
                continue  # "Employees 2022": not the figure of a sentence about another year
            shown = f"{m.value:g}"
            return ClaimVerdict(
                STATED,
                self._evidence(m.sentence, m.first, m.last),
                shown,
                f"the text gives {shown}",
            )
        return ClaimVerdict(UNSTATED, reason="no number in the text for this entity and attribute")

    def dates_relatively(self, entity: int, attribute_name: str) -> bool:
        """Whether a sentence about ``entity`` names the attribute (its concepts and, if any,
        one of its other words; "date", "year" aside) and dates it relative to another event
        ("his first win came two days later", "in his second season he won the award"): a
        date or year the text gives in a form not read."""
        entity = self._rep.get(entity, entity)
        rest = " ".join(w for w in tokens(attribute_name) if w not in _TIME_NOUNS)
        header = header_features(rest, self._extra)
        if not header.concepts and not header.stems:
            return False
        toks = self.doc.tokens
        for s in self.entity_sentences(entity):
            concepts, words, _ordinal = self._sentence_features(s)
            if not header.concepts <= concepts or (header.stems and not header.stems & words):
                continue
            a, b = self.doc.sentences[s]
            for k in range(a, b - 1):
                unit, word = toks[k + 1].text, toks[k].text
                if unit not in _TIME_UNITS:
                    continue
                after = toks[k + 2].text if k + 2 < b else ""
                counted = toks[k].digits or word in NUMBER_WORDS or word in {"a", "few"}
                if (counted and after in _RELATIVE_AFTER) or word in _RELATIVE_BEFORE:
                    return True
        return False

    def mentions_attribute(self, entity: int, attribute_name: str) -> bool:
        """Whether a sentence about ``entity`` holds a number and words naming the attribute
        (every concept and content word of the header): the text speaks of it, in a form the
        engine may not read."""
        entity = self._rep.get(entity, entity)
        header = header_features(attribute_name, self._extra)
        if not header.concepts and not header.stems:
            return False
        # a sentence whose only figures are a group's ("Burke and Ingles combine to shoot 5 -
        # of - 22") gives no one's own figure: it is read, not an unread form
        # a moment of the game ("with four seconds left") is read too, not an unread form; so
        # is a figure of another entity of the table ("Ross hit a free throw to close the gap
        # to two, and Whiteside missed the first": Ross's)
        cached = self._with_numbers.get(entity)
        if cached is None:
            cached = self._with_numbers[entity] = {
                m.sentence for m in self.doc.numbers if not m.moment and self._may_be_own(m, entity)
            }
        with_numbers = cached
        for s in self.entity_sentences(entity):
            if s not in with_numbers:
                continue
            read = self._plain_features.get(s)
            if read is None:
                read = self._plain_features[s] = window_features(self._own_words(s))
            concepts, words, _ordinal = read
            if fits(header, concepts, words):
                return True
        return False

    def tells_count(self, attribute_name: str) -> Evidence | None:
        """For a field counting events (a word of ``Config.grounding_count_nouns``: "All-Star
        appearances"), the first sentence that names the event counted by the field's other
        words ("he was elected to the All-Star team"): the text may count it by telling each
        event, in no figure ("in 1948 he was again chosen"); None when no sentence does."""
        words = _value_stems(attribute_name)
        counts = {w for x in self.config.grounding_count_nouns for w in stems(x)}
        event = [w for w in words if w not in counts and w.isalpha()]
        if not event or len(event) == len(words):
            return None
        for s in range(len(self.doc.sentences)):
            if set(event) <= self._sentence_stems(s):
                return self._evidence(s)
        return None

    def _anothers_figure(self, entity: int, m: NumberMention) -> bool:
        """Referenceless: ``m`` is in a sentence that goes on about ``entity`` without naming
        it but names something else not in the table (:meth:`_names_another`): that one's
        figure, no evidence against the entity's."""
        return (
            self.referenceless
            and not any(x.entity == entity for x in self.mentions[m.sentence])
            and self._names_another(m.sentence)
        )

    def _anothers_named_before(self, entity: int, m: NumberMention) -> bool:
        """:meth:`_anothers_figure` with the other's name written before ``m`` ("Trnava, the
        largest city, has a population of 60,000") and no subject pronoun between ("Designed
        by X, it rises to a height of 297 metres": the entity's); a name after it ("With an
        elevation of 3,412 metres, it is the highest peak of the Pemberton Icefield") owns no
        figure before it."""
        if not self.referenceless or any(x.entity == entity for x in self.mentions[m.sentence]):
            return False
        a = self.doc.sentences[m.sentence][0]
        toks = self.doc.tokens
        said = next((j for j in range(m.first - 1, a - 1, -1) if toks[j].text in _PRONOUNS), None)
        if said is not None and not any(
            x.entity == OTHER and said < x.first < m.first for x in self.mentions[m.sentence]
        ):
            return False
        return self._names_another(m.sentence, m.first)

    def team_of_player(self, entity: int, value: TypedCell) -> ClaimVerdict | None:
        """A team's name ("Detroit Pistons") for an entity a sentence names as playing for
        that team by another of its names: "for the Pistons", "led Brooklyn" (a word of
        :data:`_MEMBER_CUES` right before the team's name, or an article between) after the
        entity's name ("Andre Drummond was a monster for the Pistons"); stated, else None."""
        toks = self.doc.tokens
        for s in self.entity_sentences(entity):
            here = self.mentions[s]
            own = [x for x in here if x.entity == entity]
            if not own:
                continue
            for x in here:
                if x.entity != OTHER or x.first <= own[0].last:
                    continue
                k = x.first - 1
                if k > own[0].last and toks[k].text == "the":
                    k -= 1
                if k <= own[0].last or toks[k].text not in _MEMBER_CUES:
                    continue
                a, b = toks[x.first].start, toks[x.last].end
                written = self.doc.raw[a:b]
                for mark in ("'s", "\u2019s", "'", "\u2019"):
                    if written.endswith(mark):
                        written = written[: -len(mark)]
                informal = self.config.grounding_team_informal_names
                if same_team(written, value.raw, informal):
                    return ClaimVerdict(STATED, self._evidence(s, x.first, x.last))
        return None

    def _after_anothers_name(self, m: NumberMention) -> bool:
        """The name nearest before ``m`` in its sentence is of two words or more and names no
        table entity ("Russell Westbrook, who committed a game-high eight turnovers" in a
        sentence that names the Thunder): perhaps that one's figure, not the entity's."""
        before = [x for x in self.mentions[m.sentence] if x.last < m.first]
        return bool(before) and before[-1].entity == OTHER and before[-1].last > before[-1].first

    def _names_another(self, s: int, before: int | None = None) -> bool:
        """Whether sentence ``s`` names something not in the table: a name (a capitalised run
        the mention reader finds) of two words or more ("Porto Lentisco Airport"; one word
        may be a nickname or a city the reader does not tie to a table entity: "the Warriors",
        "Chicago's bench") that shares no word with a name of the table (not "Pau Gaol" for
        "Pau Gasol"); with ``before``, a name ending before that token only."""
        toks = self.doc.tokens
        if self._all_name_words is None:
            self._all_name_words = frozenset(
                w
                for entry in self._bare
                for name in ((entry,) if isinstance(entry, str) else entry)
                for w in name.casefold().split()
                if len(w) >= 3
            )
        for x in self.mentions[s]:
            if x.entity != OTHER or (before is not None and x.last >= before):
                continue
            if x.last == x.first:
                if self._short_for_another(s, x.first):
                    return True
                continue
            if toks[x.first].text.casefold() not in self._all_name_words:
                return True
        return False

    def _short_for_another(self, s: int, k: int) -> bool:
        """``Config.grounding_short_names``: the one capitalised word at token ``k`` of sentence
        ``s`` is the last word of a longer name written in an earlier sentence (a surname:
        "James" after "LeBron James"), a name with no word of the table's names: someone
        else named again."""
        if not self.config.grounding_short_names:
            return False
        toks = self.doc.tokens
        names = self._all_name_words or frozenset()
        word = toks[k].text
        if word.casefold() in names or len(word) < 3:
            return False
        for e in range(s):
            for x in self.mentions[e]:
                if x.entity != OTHER or x.last == x.first or toks[x.last].text != word:
                    continue
                if any(toks[j].text.casefold() in names for j in range(x.first, x.last + 1)):
                    continue
                if not self._said_alone(x.first, x.last):
                    return True
        return False

    def _said_alone(self, first: int, last: int) -> bool:
        """Whether the first word of the name at tokens ``first``-``last`` is also written
        without the rest of it (a place: "San Antonio" of "San Antonio Spurs"; a given name
        is not: "LeBron" of "LeBron James")."""
        toks = self.doc.tokens
        want = [t.text for t in toks[first : last + 1]]
        for j, t in enumerate(toks):
            if t.text == want[0] and [u.text for u in toks[j : j + len(want)]] != want:
                return True
        return False

    def _own_words(self, s: int) -> list[str]:
        """The words of sentence ``s`` but a group's figure and its words, up to the next
        number or clause break ("Crowder and Horford combined for 30 points, with the latter
        hauling in 12 boards": no word of points is left for Horford)."""
        a, b = self.doc.sentences[s]
        toks = self.doc.tokens
        dropped: set[int] = set()
        for m in self._numbers_in(s):
            if not self._owner(m).combined or m.role in {"first", "second"}:
                continue  # a pair's sides ("won the final 12 minutes by a 32 - 10 margin")
            k = m.first
            while k < b and (
                k == m.first
                or (k not in self._number_starts and toks[k].text not in _CLAUSE_BREAKS)
            ):
                dropped.add(k)
                k += 1
        return [toks[k].text for k in range(a, b) if k not in dropped]

    def _counts_other(self, header: Features, m: NumberMention) -> bool:
        """Whether ``m`` is a word that counts the noun after it ("a three - pointer", "no
        timeouts") and that noun names no attribute of ``header``, or a clock time ("8:00
        PM"): no figure of the header's attribute however the words around it read."""
        toks = self.doc.tokens
        a, b = self.doc.sentences[m.sentence]
        first, last = m.first, m.last
        for colon in (first - 1, last + 1):  # "8:00": digits glued to both sides of a colon
            if (
                a < colon < b - 1
                and toks[colon].text == ":"
                and toks[colon - 1].digits
                and toks[colon + 1].digits
                and toks[colon - 1].end == toks[colon].start
                and toks[colon].end == toks[colon + 1].start
            ):
                return True
        if first != last or toks[first].text not in _QUANTIFIERS:
            return False
        noun = [t.text for t in toks[last + 1 : min(b, last + 4)] if t.text != "-"]
        concepts, words, _ordinal = window_features(noun, self._extra)
        if header.concepts:
            return not concepts or not concepts <= header.concepts
        return not words & header.stems

    def _noun_stem(self, m: NumberMention) -> str | None:
        """The stem of the word right after ``m`` (past a percent sign), None when it is no
        word of letters."""
        toks = self.doc.tokens
        _a, b = self.doc.sentences[m.sentence]
        k = (m.pair_last if m.pair_last is not None else m.last) + 1
        if k < b and toks[k].text in {"%", "percent", "pct"}:
            k += 1
        if k >= b or not toks[k].text.isalpha():
            return None
        found = stems(toks[k].text)
        return found[0] if found else None

    def _header_stems(self) -> frozenset[str]:
        """The stems of the table's headers of one content word ("Gold", "Silver")."""
        if self._all_header_stems is None:
            found = [header_features(h, self._extra) for h in self.headers]
            self._all_header_stems = frozenset(
                w for f in found if len(f.stems) == 1 and not f.concepts for w in f.stems
            )
        return self._all_header_stems

    def _a_groups(self, m: NumberMention, entity: int) -> bool:
        """Whether ``m`` is given to another entity of the table whose name holds the
        entity's ("Kyle O'Quinn and Joakim Noah had eight points", a row of its own): the
        group's figure."""
        mine = [n.casefold() for n in self._bare[entity] if len(n) >= 3]
        return any(
            e != entity and any(x in n.casefold() for n in self._bare[e] for x in mine)
            for e in self._owner(m).entities
        )

    def _of_a_sequence(self, m: NumberMention) -> bool:
        """Whether ``m`` follows a word that takes part of a sequence ("the final four", "his
        last three games", "the first two quarters"): a count of some events, no total."""
        toks = self.doc.tokens
        a, _b = self.doc.sentences[m.sentence]
        k = (m.pair_first if m.pair_first is not None else m.first) - 1
        return k >= a and toks[k].text in _SEQUENCE_WORDS

    def _label_number(self, m: NumberMention) -> bool:
        """Whether ``m`` is written in digits right after a capitalised word that does not open
        its sentence and names no month: the number of a name ("Game 1", "PlayStation 5"), no
        figure."""
        toks = self.doc.tokens
        a, _b = self.doc.sentences[m.sentence]
        k = m.first - 1
        return (
            m.role is None
            and toks[m.first].digits
            and k > a
            and toks[k].capital
            and toks[k].text.isalpha()
            and not any(month.startswith(toks[k].text) for month in MONTHS)
        )

    def _may_be_own(self, m: NumberMention, entity: int) -> bool:
        """Whether number ``m`` may be ``entity``'s own figure: not a group's, not given to
        other entities of the table alone that its sentence names, and (a table of many
        entities) not one attributed to no one right after a name outside the table
        (:meth:`_after_anothers_name`)."""
        who = self._owner(m)
        if who.combined:
            return False
        if self.subject is None and not who.entities and self._after_anothers_name(m):
            return False  # "Russell Westbrook, who committed a game-high eight turnovers": his
        named = {x.entity for x in self.mentions[m.sentence]}
        return not who.entities or entity in who.entities or not who.entities <= named

    def _check_date(self, entity: int, value: TypedCell, attribute_name: str = "") -> ClaimVerdict:
        d = value.date
        assert d is not None
        toks = self.doc.tokens
        sentences = self.entity_sentences(entity)
        life: tuple[int, str, int] | None = None
        # a death date given as the birth's is no death's
        own = _field_event(attribute_name) if field_of_life(attribute_name) else None
        life_check = (
            self.subject is not None
            and bool(attribute_name)
            and d.month is not None
            and (not field_of_life(attribute_name) or own is not None)
        )
        lived: set[int] = set()  # sentences that give the date as a birth's or a death's
        opening: set[int] = set()  # ... or as the start of a period that ends in the field's
        if life_check and sentences and sentences[0] == 0:
            # "Test debut: 16 March 2007" where the text gives that date only in the brackets
            # of the subject's life ("(4 May 1984 - 16 March 2007)"): the date of a death
            lead = self._life_date(d)
            if lead is not None and lead[1] != own:
                life = (*lead, 0)
                sentences = sentences[1:]
        year = str(d.year)
        year_known = any(
            year in (t.text for t in toks[slice(*self.doc.sentences[s])]) for s in sentences
        )
        for s in sentences:
            a, b = self.doc.sentences[s]
            words = [t.text for t in toks[a:b]]
            if year not in words and not (year_known and d.month is not None):
                continue
            if d.month is not None:
                month = MONTHS[d.month - 1]
                if not any(w == month or (len(w) >= 3 and month.startswith(w)) for w in words):
                    continue
            if d.day is not None and str(d.day) not in words:
                continue
            if d.quarter is not None and not _quarter_said(words, d.quarter, year):
                continue  # "came out in Q4 2022" states no Q1 2022
            i = a + words.index(year) if year in words else None
            if (
                life_check
                and i is not None
                and (event := self._life_event(s, i)) is not None
                and event != own
            ):
                life = life or (i, event, s)
                lived.add(s)
                continue  # "on 16 March 2007, he died": the date of a death, not of the field
            if life_check and i is not None and own and self._period_ends_in(s, i) == own:
                life = life or (i, _PERIOD_START, s)
                lived.add(s)
                opening.add(s)
                continue  # "king from september 29, 1669, to his death": no death's date
            return ClaimVerdict(STATED, self._evidence(s, i, i))
        if d.month is None:
            s_short = self._short_year(year, sentences)
            if s_short is not None:  # "his '86 season"
                return ClaimVerdict(STATED, self._evidence(s_short))
        for s in sentences:
            # words run together in the text ("(november 8, 1844february 8, 1917)")
            if s in lived:
                continue
            text = self.doc.sentence_text(s).casefold()
            if not _digits_in(year, text):
                continue
            if d.month is not None and MONTHS[d.month - 1] not in text:
                continue
            if d.day is not None and not _digits_in(str(d.day), text):
                continue
            if d.quarter is not None and not _quarter_said(
                [t.text for t in toks[slice(*self.doc.sentences[s])]], d.quarter, year
            ):
                continue
            return ClaimVerdict(STATED, self._evidence(s))
        if d.day is not None and d.month is not None and field_of_life(attribute_name):
            month = MONTHS[d.month - 1]
            cores = (f"{d.day} {month} {year}", f"{month} {d.day}, {year}")
            for s in sentences:
                if s in opening:
                    continue  # the date read, and given to a period's start
                text = self.doc.sentence_text(s).casefold()
                if any(_glued_date_in(core, text) for core in cores):
                    return ClaimVerdict(STATED, self._evidence(s))  # "(1 may 192016 april 1958)"
        if life is not None:
            k, event, s = life
            said = (
                f"the start of a period that ends in the subject's {own}"
                if event == _PERIOD_START
                else f"the subject's {event} date"
            )
            return ClaimVerdict(
                CONTRADICTED,
                self._evidence(s, k, k),
                None,
                f"the text gives this date only as {said}",
            )
        return ClaimVerdict(UNSTATED, reason="the text gives no such date for this entity")

    def _life_event(self, s: int, k: int) -> str | None:
        """``birth`` or ``death`` when the clause of sentence ``s`` that writes the date at
        token ``k`` says that someone was born or died ("on 16 March 2007, he died"), within
        ``Config.grounding_life_reach`` words of it; else None."""
        a, b = self.doc.sentences[s]
        toks = self.doc.tokens
        reach = self.config.grounding_life_reach
        for step in (-1, 1):
            j = k + step
            while a <= j < b and abs(j - k) <= reach and toks[j].text not in _LIFE_STOPS:
                if step == 1 and toks[j].text in _PERIOD_TO:
                    break  # "from september 29, 1669, to his death": the period's end
                event = _LIFE_EVENTS.get(toks[j].text)
                if event is not None:
                    return event
                j += step
        return None

    def _period_ends_in(self, s: int, k: int) -> str | None:
        """``birth`` or ``death`` when the date at token ``k`` of sentence ``s`` opens a period
        that the next words end in that event ("king from september 29, 1669, to his death",
        "served from 3 January 1939 until his death"), each within ``Config.grounding_life_reach``
        words; else None."""
        _a, b = self.doc.sentences[s]
        toks = self.doc.tokens
        reach = self.config.grounding_life_reach
        j = k + 1
        while j < b and j - k <= reach and toks[j].text not in _PERIOD_ENDS:
            if toks[j].text in _LIFE_STOPS:
                return None
            j += 1
        if j >= b or j - k > reach:
            return None
        to = j
        j += 1
        while j < b and j - to <= reach and toks[j].text not in _LIFE_STOPS:
            event = _LIFE_EVENTS.get(toks[j].text)
            if event is not None:
                return event
            j += 1
        return None

    def _life_date(self, d: DateValue) -> tuple[int, str] | None:
        """Where the first sentence writes date ``d`` in the brackets of its subject's life
        ("(born 4 May 1984)", "(4 May 1984 - 16 March 2007)"): the year's token and ``birth``
        or ``death``; None when it does not (a year alone is never read so)."""
        if d.month is None or not self.doc.sentences:
            return None
        a, b = self.doc.sentences[0]
        toks = self.doc.tokens
        words = [t.text for t in toks[a:b]]
        if "(" not in words:
            return None
        start = words.index("(") + 1
        end = words.index(")", start) if ")" in words[start:] else len(words)
        inside = words[start:end]
        month, year = MONTHS[d.month - 1], str(d.year)
        if year not in inside or not any(month.startswith(w) for w in inside if len(w) >= 3):
            return None
        at = inside.index(year)
        dash = next((i for i, w in enumerate(inside) if w in _DASHES_WORDS), None)
        # the part of the brackets the date is in ("born may 31, 1640; died november 10, 1673",
        # "b. 1640 -- 1673"): its own word of a life's event, else its side of the dash
        cut = max(
            (i for i, w in enumerate(inside[:at]) if w in _DASHES_WORDS or w == ";"), default=-1
        )
        said = [_BRACKET_EVENTS[w] for w in inside[cut + 1 : at] if w in _BRACKET_EVENTS]
        if said:
            event = said[-1]
        elif dash is not None and any(w.isdigit() and len(w) == 4 for w in inside[:dash]):
            event = "birth" if at < dash else "death"
        elif "born" in inside or "b" in inside:
            event = "birth"
        else:
            return None
        return a + start + at, event

    def _each_stated(self, entity: int, value: TypedCell, occupation: bool) -> ClaimVerdict | None:
        """A list of items separated by semicolons ("President, Rogers Cable (2003-2009); SVP,
        Rogers Communications (2000-2002)"): stated when every item is, each on its own and
        wherever the text states it; unstated when an item has words and none of them is in a
        sentence about the entity (an invented item, :meth:`_absent`); None otherwise (the
        value is then read whole)."""
        parts = [p.strip() for p in value.raw.split(";")]
        if len(parts) < 2 or not all(parts):
            return None
        first: ClaimVerdict | None = None
        for part in parts:
            verdict = self._check_text(entity, type_cell(part), occupation)
            if verdict.status != STATED:
                first = None
                break
            first = first or verdict
        if first is not None:
            return first
        missing = next((p for p in parts if self._absent(entity, p)), None)
        if missing is not None:
            return ClaimVerdict(UNSTATED, reason=f"no sentence about it names {missing!r}")
        return None

    def _absent(self, entity: int, part: str) -> bool:
        """``part`` has content words and no sentence about the entity holds any of them, even
        in another form (:func:`_loosely_in`)."""
        want = [w for w in stems(part) if w not in _TEXT_STOP and len(w) > 1 and w.isalpha()]
        if not want:
            return False
        have = frozenset().union(*(self._sentence_stems(s) for s in self.entity_sentences(entity)))
        return not any(w in have or _loosely_in(w, have) for w in want)

    def _check_text(self, entity: int, value: TypedCell, occupation: bool = False) -> ClaimVerdict:
        """Whether the sentences about the entity state the text value (its content words, or
        each item of a list); ``occupation``: the value is what the entity does for a living
        (``Config.grounding_occupation_fields``), its person nouns read by their work too."""
        sentences = self.entity_sentences(entity)
        if self.subject is None and self._one_entity():
            sentences = self._going_on(entity, sentences)
        if self.subject is None:
            # a sentence naming no one states a text value of the entity only when it refers
            # back to it ("It was resolved by ..."), not when it speaks of things in general
            # (referenceless: a name the alias reading misses, "18 common cuckoos", is
            # about the entity where the text writes it)
            named_in = (
                set(self._written_in(entity))
                if self.referenceless and not self.entity_in_text(entity)
                else set()
            )
            alone = self._one_entity()  # a one-row table's text goes on about its entity
            sentences = [s for s in sentences if alone or s in named_in or self._about(s, entity)]
        if not sentences:
            return ClaimVerdict(UNSTATED, reason="the text never names this entity")
        listed = self._each_stated(entity, value, occupation)
        if listed is not None:
            return listed
        stem_sets = [self._sentence_stems(s) for s in sentences]
        need = self.config.grounding_text_coverage

        def content(text: str) -> list[str]:
            text = _COMPOUND_ORDINAL_RE.sub(_compound_ordinal, text)  # as the sentences are read
            text = _PLACE_RE.sub(r"\1", text)
            # "B.A., J.D.": dotted initials as one word, as the sentences are read too (their
            # letters alone are no content words)
            text = _DOTTED_RE.sub(_undotted, text)
            return [
                _ORDINAL_WORDS.get(w, w) for w in stems(text) if w not in _TEXT_STOP and len(w) > 1
            ]

        def best_sentence(want: list[str]) -> tuple[float, int]:
            scored = [
                (sum(1 for w in want if w in have) / len(want), s)
                for s, have in zip(sentences, stem_sets, strict=True)
            ]
            best = max(scored)
            if best[0] >= need:
                return best
            # "catholic" / "catholicism": a word of another form; "pontotoc" / "pontotock": a
            # long word misspelt by one letter; "bat" / "batsman": the word's person noun
            least = self.config.grounding_misspelt_min_chars
            loose = [
                (
                    sum(
                        1
                        for w in want
                        if w in have
                        or _loosely_in(w, have)
                        or _suffix_in(w, have)
                        or _misspelt_in(w, have, least)
                        or _person_noun_in(w, have)
                    )
                    / len(want),
                    s,
                )
                for s, have in zip(sentences, stem_sets, strict=True)
            ]
            return max(best, max(loose))

        day_month = day_and_month(value.raw)
        if day_month is not None:  # "Feb 3": its day and month side by side, not its words
            return self._day_month(sentences, *day_month)
        spelled = self._spelled_out(value.raw, sentences)
        whole = content(spelled or value.text)
        if _CLOCK_RE.fullmatch(value.raw.strip()) or day_time_forms(value.raw):
            whole = []  # "1:54.48" is written whole, never by its parts ("1:55.48", "1:54.06")
        if not whole:
            # "C++", "#1": no word to look for; the value as written, in a sentence about it
            # spacing aside: a tokenised text writes 7'0" as "7 '0 \""
            raw = "".join(value.raw.lower().split())
            bare = raw.rstrip('"”″')  # 6'0" is the text's 6 '0
            pair = _FIGURE_PAIR_RE.fullmatch(raw)
            feet = _FEET_RE.fullmatch(raw)
            spelt = [f"{feet[1]}{w}{feet[2]}" for w in _FEET_WORDS] if feet else []
            # "47:35": "logging 47 minutes and 35 seconds"
            spelt += ["".join(f.lower().split()) for f in clock_forms(value.raw.strip())]
            # "8:25 AM": "leaves at 08:25"
            spelt += ["".join(f.lower().split()) for f in day_time_forms(value.raw)]
            for s in sentences:
                written = "".join(self.doc.sentence_text(s).lower().split())
                if raw and (
                    _squashed_in(raw, written)
                    or (len(bare) >= 3 and _squashed_in(bare, written))
                    or any(_squashed_in(f, written) for f in spelt)  # "5 foot 5"
                ):
                    return ClaimVerdict(STATED, self._evidence(s))
                if pair and any(
                    m.groups() == pair.groups() for m in _FIGURE_PAIR_RE.finditer(written)
                ):
                    return ClaimVerdict(STATED, self._evidence(s))  # "7-2": "a 7 -- 2 record"
            return ClaimVerdict(UNSTATED, reason="the text does not write this value for it")
        share, where = best_sentence(whole)
        short = share < need and any(w in _SHORT_COUNTRIES for w in whole)
        if short and not _ITEM_SPLIT_RE.search(value.text):  # one item: "us coast guard"
            share, where = max((share, where), best_sentence(_country_full(whole)))
        if share >= need:
            return ClaimVerdict(STATED, self._evidence(where))
        if self.subject is not None and any(ch.isdigit() for ch in value.raw):
            # "6'6\" (198cm)", "215lb (98kg)": a measure as the text writes it, spacing aside
            squashed = "".join(value.raw.lower().split())
            for s in sentences:
                if _squashed_in(squashed, "".join(self.doc.sentence_text(s).lower().split())):
                    return ClaimVerdict(STATED, self._evidence(s))
        # each item with its acronyms as the text spells them out ("..., LSU": "louisiana state
        # university"; not "St." read as another word: an item must be stated whole)
        acronyms = self._spelled_out(value.raw, sentences, abbreviations=False) if spelled else None
        items = [content(x) for x in _ITEM_SPLIT_RE.split(acronyms or value.text)]
        items = [x for x in items if x]

        def stated(item: list[str]) -> int | None:
            """The sentence stating ``item``, if one does."""
            share, s = best_sentence(item)
            if share >= need:
                return s
            if any(w in _SHORT_COUNTRIES for w in item):
                # "us representative": "a united states representative" (the item whole; the
                # value whole is read as written, its other items' words not made up by it)
                share, s = best_sentence(_country_full(item))
                if share >= need:
                    return s
            if len(item) == 1 and _is_year_word(item[0]):
                return self._short_year(item[0], sentences)
            if len(item) != 1:
                return None
            # "lawyer" / "admitted to the bar ... practice of law", "congressman" / "congress"
            for root in agent_roots(item[0]):
                if root not in self.config.grounding_agent_roots:
                    continue
                w = content(root)
                if w and (found := best_sentence(w))[0] >= need:
                    return found[1]
            root = item[0][: -len(_IST)]
            if occupation and item[0].endswith(_IST) and len(root) >= _OCCUPATION_ROOT_MIN:
                # "journalist" / "engaged in journalism", "optometrist" / "optometry"
                for s, have in zip(sentences, stem_sets, strict=True):
                    if any(h.startswith(root) and h != item[0] for h in have):
                        return s
            if self.subject is not None:  # "politician" / "a united states representative"
                for kind in self._occupation_kinds.get(item[0], ()):
                    w = content(kind)
                    if w and (found := best_sentence(w))[0] >= need:
                        return found[1]
            return None

        said = [stated(x) for x in items]
        missing = [x for x, s in zip(items, said, strict=True) if s is None]
        if share < need and said and not missing and said[0] is not None:
            where = said[0]
        union = frozenset().union(*stem_sets)
        spread = sum(1 for w in whole if w in union) / len(whole)
        # a list whose items are each stated, or a value whose words are all about the entity,
        # spread over its sentences ("born september 18 ... the 1903 season")
        least = self.config.grounding_spread_share
        if ((len(items) > 1 or len(whole) == 1) and not missing) or (
            spread >= need and share >= least
        ):
            return ClaimVerdict(STATED, self._evidence(where))
        if (
            self.referenceless
            and share >= least
            and all(w in self._context_stems for w in whole)
            and not self._written_whole_elsewhere(whole, sentences)
            and not self._item_elsewhere(items, missing, sentences)
        ):
            # "book-style foldable": the entity's sentence says "book-style", the text uses
            # "foldable" elsewhere; no word of the value is foreign to the text (but "strong
            # mayor" written whole in another city's sentence is that city's, not "a mayor")
            return ClaimVerdict(STATED, self._evidence(where))
        parts = [p.strip() for p in _ITEM_SPLIT_RE.split(value.raw) if p.strip()]
        lower = self.doc.lowercase
        if any(country_names(p, lower) for p in parts) and all(
            any(
                (w := content(name)) and best_sentence(w)[0] >= need
                for name in (p, *country_names(p, lower))
            )
            or self._dotted_code(p, sentences) is not None
            or (self.subject is not None and self._people_of(p, sentences) is not None)
            for p in parts
        ):
            # "RW", "Viet Nam", "Italian Republic": a country the text names otherwise
            return ClaimVerdict(STATED, self._evidence(where))
        for item in [value.text] if len(items) < 2 else _ITEM_SPLIT_RE.split(value.text):
            respelt = self._respelt(item, sentences)
            if respelt is not None:
                s, (i, j), written = respelt
                return ClaimVerdict(
                    CONTRADICTED,
                    self._evidence(s, i, j),
                    written,
                    f"the text spells it {written!r}",
                )
        return ClaimVerdict(UNSTATED, reason="the text does not state this value for the entity")

    def _day_month(self, sentences: Sequence[int], day: int, month: int) -> ClaimVerdict:
        """A day of a month written without a year ("Feb 3"), stated by a sentence about the
        entity that writes the day next to the month's name, in either order ("on 3 February",
        "February 3rd", "the 3rd of Feb."); never by the month alone ("8 September" is no
        statement of "September 9")."""
        toks = self.doc.tokens
        for s in sentences:
            a, b = self.doc.sentences[s]
            for k in range(a, b):
                if month_number(toks[k].text) != month:
                    continue
                near = [j for j in (k - 2, k - 1, k + 1, k + 2) if a <= j < b]
                if any(day_number(toks[j].text) == day for j in near):
                    return ClaimVerdict(STATED, self._evidence(s, k, k))
        return ClaimVerdict(UNSTATED, reason="the text does not give the entity this day")

    # -- roles -------------------------------------------------------------------------------
    def _in_role(
        self, attribute_name: str, value: TypedCell, verdict: ClaimVerdict
    ) -> ClaimVerdict:
        """A stated text value, read against the role its field gives it (:data:`ROLE_GROUPS`):
        contradicted when the text gives it only in another role of the group ("buried at X"
        for a place of death) or gives the field's role another value of its kind ("M.A. from
        the University of Virginia" for "M.A.: Brandeis University"); unstated when it names the
        value elsewhere too, but never in the field's role; else ``verdict``."""
        roles = field_roles(attribute_name)
        head = _QUALIFIER_RE.sub(" ", _ITEM_SPLIT_RE.split(value.raw)[0])
        want = [w for w in _value_stems(head) if w.isalpha()]
        if len(roles) != 1 or not want:
            return verdict
        group, role = roles[0]
        if any(text_role(group, w) or field_roles(w) for w in value.text.casefold().split()):
            return verdict  # "Ph.D. in International Relations": the value names the role
        reach = self.config.grounding_value_role_reach
        toks = self.doc.tokens
        conflict: tuple[int, int, str] | None = None
        others_all: set[str] = set()
        neutral = False
        runs = self._runs(want)
        for s, first, last in runs:
            a, b = self.doc.sentences[s]
            before: set[str] = set()
            soft = False  # only "native" so far: "died in his native village of X" is both
            k = first - 1
            while k >= max(a, first - reach) and (
                toks[k].text not in _ROLE_STOPS or self._in_date(k)
            ):
                word = toks[k].text
                r = text_role(group, word)
                if r is None and group == 0 and self._resting_place(k):
                    r = "burial"  # "his final resting place became X"
                if r is None and group == 0 and word in _ORIGIN_BEFORE and self._next_to(k, first):
                    r = "origin"  # "is from the Bongo district" (not "from 1701 until ...")
                    if role in FROM_ROLES and self._lives_from(k, a):
                        r = role  # "a businessman from New Orleans" lives there
                if r is not None:
                    soft = (not before or soft) and word in _SOFT_ROLES
                    before.add(r)
                    if r in _RECORD_ROLES and len(before) == 1:
                        break  # "his death was registered in X": where the record was made
                elif before and not soft and not (toks[k].digits or word in _BETWEEN_ROLES):
                    break  # "M.A. from Ottawa and her Ph.D. from X": the nearest role's value
                k -= 1
            if group == 0 and s == 0 and (lived := self._life_part(first, last)) is not None:
                before.add(lived)  # "(Weimar, 14 October 1638 - Jena, 3 May 1678)"
            if soft:  # "died on May 2, 2009, in his native village of X": the verb's role too
                before |= {
                    r
                    for t in toks[a:first]
                    if t.text not in _SOFT_ROLES and (r := text_role(group, t.text)) is not None
                }
            if role in before or self._role_after(group, role, last + 1, b):
                return verdict  # the text gives the value in the field's role
            others = before - {role}
            others_all |= others
            if others and conflict is None:
                conflict = (s, first, sorted(others)[0])
            elif not others:
                neutral = True
        if (
            conflict is not None
            and role == "death"
            and others_all <= _HOME_ROLES
            and self._dies_at_home()
        ):
            return verdict  # "born in Millsboro ... he died in his hometown"
        if conflict is not None and not neutral:
            s, k, other = conflict
            return ClaimVerdict(
                CONTRADICTED,
                self._evidence(s, k, k),
                None,
                f"the text gives it in another role ({other}), not as the field's ({role})",
            )
        elsewhere = self._role_elsewhere(group, role, set(want), runs, want[0])
        if isinstance(elsewhere, str):
            return verdict
        if group == 0 and runs and conflict is None and all(self._in_a_name(r) for r in runs):
            # "attended Hauppauge High School" names a school, not the place
            return ClaimVerdict(
                UNSTATED, reason="the text writes the place only as part of another name"
            )
        if elsewhere is not None:
            s, i, j = elsewhere
            written = self._written(i, j)
            return ClaimVerdict(
                CONTRADICTED,
                self._evidence(s, i, j),
                written,
                f"the text gives the field's role ({role}) to {written!r}",
            )
        if conflict is not None:
            return ClaimVerdict(
                UNSTATED, reason=f"the text never gives the value the field's role ({role})"
            )
        if group == 0 and self._event_unsaid(role, runs):
            return ClaimVerdict(
                UNSTATED,
                reason=f"the text names the value in no sentence of the field's event ({role})",
            )
        return verdict

    def _in_role_sentence(
        self, attribute_name: str, value: TypedCell, verdict: ClaimVerdict
    ) -> ClaimVerdict:
        """A field of a role someone held towards teams ("managed teams", "coaching career";
        ``Config.grounding_role_field_stems``, with a noun of ``grounding_role_field_nouns``:
        "teams coached"): unstated when the text names one of its items only in
        sentences that write no word of the role (``grounding_role_text_stems``): "in 1950 with
        the Marion Red Sox, he hit .319" names a team he played for, not one he managed."""
        field_stems = tuple(self.config.grounding_role_field_stems)
        words = tokens(attribute_name.replace("_", " "))
        role = next((w for w in words if w.startswith(field_stems)), None)
        nouns = set(self.config.grounding_role_field_nouns)
        if role is None or not nouns & set(words):
            return verdict  # "coach: Bob Ray" coached the subject; "sports coached: golf"
        if field_ends_period(attribute_name) or _PERIOD_FIELD_WORDS & set(words):
            return verdict  # "coaching career start: after 1978"
        text_stems = tuple(self.config.grounding_role_text_stems)
        toks = self.doc.tokens
        said: set[str] = set()  # stems of the sentences that name the role
        sentences = self.doc.sentences
        for s, (a, b) in enumerate(sentences):
            if any(toks[k].text.startswith(text_stems) for k in range(a, b)):
                back = any(toks[k].text in _ROLE_BACK_REFS for k in range(a, b))
                if s and (b - a < _STUB_SENTENCE or back):
                    a = sentences[s - 1][0]  # "joined Halstead Town F.C. | as manager."
                said |= {self._token_stem(k) for k in range(a, b)}
        for item in _ITEM_SPLIT_RE.split(value.raw):
            bare = _QUALIFIER_RE.sub(" ", item)
            want = [w for w in _value_stems(bare) if w.isalpha()]
            if (
                not want
                or any(c.isdigit() for c in bare)
                or any(w.startswith(text_stems) for w in want)
            ):
                continue
            # a role's sentence may name the team short, by its place or its nickname
            # ("coached for the Giants", "an assistant in Atlanta"); a word inside the name
            # says little ("Red" of "Red Springs Twins" for "Marion Red Sox")
            own = [w for w in want if w not in _ROLE_GENERIC_WORDS]
            if own and self._runs(want) and not {own[0], own[-1]} & said:
                return ClaimVerdict(
                    UNSTATED,
                    reason=f"the text names {item.strip()!r} in no sentence of the field's "
                    f"role ({role})",
                )
        return verdict

    def _event_unsaid(self, role: str, runs: list[tuple[int, int, int]]) -> bool:
        """A place of an event (:data:`_EVENT_ROLES`: birth, death, burial) the text writes
        (``runs``: sentence, first and last token) only in sentences that name no such event
        ("named superintendent in north muskegon. four years later, he died"), while no sentence
        of the event points back at a place named before ("he died there", "died at home")."""
        if role not in _EVENT_ROLES or not runs or any(s == 0 for s, _f, _l in runs):
            return False  # the opening sentence's brackets give a life's places in any order
        toks = self.doc.tokens
        head = toks[runs[0][1]].text
        if any(
            head in m.group().casefold() and _YEAR_IN_RE.search(m.group())
            for m in _BRACKETS_RE.finditer(self.doc.raw)
        ):
            return False  # "(2 june 1854, munich27 april 1932, berlin)": a life's brackets
        if role == "death" and any(t.text in _VIOLENT_DEATHS for t in toks):
            return False  # "was killed": where the fighting told around it took place

        def names_event(words: set[str]) -> bool:
            return any(text_role(0, w) == role or w in _EVENT_WORDS.get(role, ()) for w in words)

        for s in {s for s, _first, _last in runs}:
            a, b = self.doc.sentences[s]
            if names_event({toks[k].text for k in range(a, b)}):
                return False
        for a, b in self.doc.sentences:
            words = {toks[k].text for k in range(a, b)}
            if names_event(words) and words & _EVENT_BACK_REFS:
                return False
        return True

    def _in_a_name(self, run: tuple[int, int, int]) -> bool:
        """The words of ``run`` (sentence, first and last token) are the start of another name:
        a noun of ``Config.grounding_place_name_nouns`` follows them ("Hauppauge High School")."""
        _s, _first, last = run
        toks = self.doc.tokens
        nouns = self.config.grounding_place_name_nouns
        return last + 1 < len(toks) and toks[last + 1].text in nouns

    def _dies_at_home(self) -> bool:
        """The text says someone died where they came from without naming the place ("died in
        his hometown", "died at the city of his birth"; not "died in his hometown of X", which
        names its own place): a death's word followed, within its clause, by one of
        :data:`_HOME_PLACES`, "home town" or "of his/her birth"."""
        toks = self.doc.tokens
        reach = self.config.grounding_value_role_reach
        for a, b in self.doc.sentences:
            for k in range(a, b):
                if text_role(0, toks[k].text) != "death":
                    continue
                for j in range(k + 1, min(b, k + 1 + reach)):
                    word = toks[j].text
                    if word in _ROLE_STOPS and not self._in_date(j):
                        break
                    after = toks[j + 1].text if j + 1 < b else ""
                    if word == "home" and after == "town":
                        j, word = j + 1, "hometown"
                        after = toks[j + 1].text if j + 1 < b else ""
                    if word in _HOME_PLACES:
                        if after != "of":
                            return True
                        break
                    if (
                        word == "of"
                        and after in {"his", "her"}
                        and j + 2 < b
                        and toks[j + 2].text == "birth"
                    ):
                        return True
        return False

    def _resting_place(self, k: int) -> bool:
        """Token ``k`` is the "place" of "resting place" (where someone is buried; "resting"
        alone may be a rest taken anywhere)."""
        toks = self.doc.tokens
        return toks[k].text == "place" and k > 0 and toks[k - 1].text == "resting"

    def _in_sequence(
        self, attribute_name: str, value: TypedCell, verdict: ClaimVerdict
    ) -> ClaimVerdict:
        """A stated value of a field naming the first or the last of a sequence ("debut team",
        "last test"), read against the sentences that write it. Stated when one of them says
        the same end ("made his debut for X", "his final club"), a sole event ("his only game
        on X"), or writes the value as that end of a period ("from 1901 through 1902"), or a
        sentence next to it (``Config.grounding_sequence_reach``) says the end with the
        field's other words ("X ... His first major league start"). Unstated when a sentence
        writing it says the other end by a word of place with the field's words ("the
        inaugural test" for the last test; not a verb: "shares finished the day up"), or when
        the text first (for a last: last) names the value in a transaction ("signed with X",
        "was drafted by X", "traded to X") with neither an end nor the field's words near: a
        team joined, not the one played for first (unless the field names a transaction
        itself: "first acquisition"). Else ``verdict``: the tie is unsure, and a wrong flag
        costs more than a missed one."""
        seq = field_sequence(attribute_name)
        if seq is None or any(text_sequence(w) for w in value.text.casefold().split()):
            return verdict  # "debut: first game against X": the value says it
        places = self._value_places(value, verdict)
        if not places:
            return verdict
        whole = [
            first
            for s, first, last in places
            if not any(
                t == s and f <= first and last <= k and (f, k) != (first, last)
                for t, f, k in places
            )
        ]  # "Tunbridge Wells Rangers" once, not again as its "Rangers"
        if value.kind == "text" and all(self._one_of_several(first) for first in whole):
            # "played for several clubs, most notably for X, finally retiring in 1921"
            return ClaimVerdict(
                UNSTATED,
                verdict.evidence,
                reason=f"the text names the value as one of several, never as the {seq}",
            )
        marks = {w for pair in SEQUENCE_WORDS.values() for group in pair for w in group}
        rest = " ".join(w for w in tokens(attribute_name) if w not in marks)
        if value.kind == "text" and set(stems(rest)) & _TEAM_STEMS:
            other = self._end_played_elsewhere(seq, places)
            if other is not None:
                return ClaimVerdict(
                    UNSTATED,
                    self._evidence(other),
                    reason=f"the text gives the {seq} team played for as another",
                )
        field = header_features(rest, self._extra)
        reach = self.config.grounding_sequence_reach
        last_sentence = len(self.doc.sentences) - 1
        other = False
        head_near: dict[int, bool] = {}
        for s, first, last in places:
            ends, head = self._sequence_words(s, field)
            if seq in ends or self._sole_event(s) or self._period_end(first, last) == seq:
                return verdict
            # only a word of place says the other end ("the inaugural game"), not a verb of
            # any event ("its shares finished the day up")
            other = other or (bool(self._sequence_words(s, field, placed=True)[0]) and head)
            near = head
            for t in range(max(0, s - reach), min(last_sentence, s + reach) + 1):
                ends, head = self._sequence_words(t, field)
                if t != s and seq in ends and (head or self._team_noun_of(rest, t)):
                    return verdict
                near = near or head
            head_near[s] = head_near.get(s, False) or near
        if other:
            return ClaimVerdict(
                UNSTATED,
                reason=f"the text gives the value as the other end, not the {seq}",
            )
        s, first, last = min(places) if seq == "first" else max(places)
        dealt = not _TRANSACTIONS.isdisjoint(stems(attribute_name))  # "first acquisition"
        if (
            not dealt
            and self._transaction(s)
            and (not head_near[s] or self._transaction(s, first, last))
        ):
            # "signed with X"; "the 1975 NBA draft" names the draft's year, not a debut's
            return ClaimVerdict(
                UNSTATED,
                reason=f"the text names the value in a transaction, never as the {seq}",
            )
        return verdict

    def _team_noun_of(self, rest: str, s: int) -> bool:
        """The field's words ``rest`` name a team ("final team", "last club") and sentence
        ``s`` has a team noun ("he played briefly with the team ... before retiring"): the
        field's head, though "team" is a generic word of a column header."""
        if not set(stems(rest)) & _TEAM_STEMS:
            return False
        a, b = self.doc.sentences[s]
        return any(self._token_stem(k) in _TEAM_STEMS for k in range(a, b))

    def _of_career(self, a: int, k: int, verbs: frozenset[str]) -> bool:
        """A career word (``verbs``) stands between token ``a`` and the period at token ``k``,
        with no word of an end after it ("he also played for X (1990 -- 1991)"; not "after
        his playing days ended, a coach for X (1979 -- 81)")."""
        toks = self.doc.tokens
        for i in range(k - 1, a - 1, -1):
            if text_sequence(toks[i].text) == "last":
                return False
            if self._token_stem(i) in verbs:
                return True
        return False

    def _end_played_elsewhere(self, seq: str, places: list[tuple[int, int, int]]) -> int | None:
        """The sentence that says whom the subject played for at the end ``seq`` ("first played
        for local sides, Kettering Town and then Northampton Town"), when it names none of
        ``places`` (the value, written elsewhere) and no sentence writing the value says the
        end in its clause before it; else None."""
        toks = self.doc.tokens
        verbs = frozenset(w for x in self.config.grounding_career_stems for w in stems(x))
        for s, first, _last in places:
            a, _b = self.doc.sentences[s]
            k = first - 1
            while k >= a and toks[k].text not in _CLAUSE_BREAKS:
                if text_sequence(toks[k].text) == seq and not self._compound(k):
                    return None  # "his first professional club was X"
                k -= 1
        said = {s for s, _f, _l in places}
        for s, (a, b) in enumerate(self.doc.sentences):
            if s in said:
                continue
            for k in range(a, b - 1):
                if (
                    text_sequence(toks[k].text) == seq
                    and toks[k + 1].text not in _CLAUSE_BREAKS
                    and self._token_stem(k + 1) in verbs
                ):
                    return s
        return None

    def _one_of_several(self, first: int) -> bool:
        """The value written from token ``first`` on is picked out of several ("most notably
        for X", "clubs including X", "such as X", "among them X"): a preposition or an article
        may stand between."""
        toks = self.doc.tokens
        k = first - 1
        while k >= 0 and toks[k].text in _PICK_SKIP:
            k -= 1
        if k < 0:
            return False
        word = toks[k].text
        return word in _PICKS or (word == "as" and k > 0 and toks[k - 1].text == "such")

    def _sole_event(self, s: int) -> bool:
        """Sentence ``s`` tells of a sole event ("his only game", "appeared in one game"): the
        first and the last at once."""
        a, b = self.doc.sentences[s]
        toks = self.doc.tokens
        for k in range(a, b):
            word = toks[k].text
            if word in _SOLE_WORDS:
                return True
            if word == "one" and k + 1 < b and toks[k + 1].text in _SOLE_EVENTS:
                return True
        return False

    def _period_end(self, first: int, last: int) -> str | None:
        """``first`` when the value (tokens ``first``-``last``) opens a written period ("from
        1901 through 1902", "(1995 -- 1999)"), ``last`` when it closes one, else None."""
        toks = self.doc.tokens
        k = last + 1
        joined = False
        while k < len(toks) and toks[k].text in _SPAN_JOINS:
            joined, k = True, k + 1
        if joined and k < len(toks) and toks[k].digits:
            return "first"
        k = first - 1
        joined = False
        while k >= 0 and toks[k].text in _SPAN_JOINS:
            joined, k = True, k - 1
        if joined and k >= 0 and toks[k].digits:
            return "last"
        return None

    def _transaction(self, s: int, first: int | None = None, last: int | None = None) -> bool:
        """Sentence ``s`` tells of a transaction (signing, draft, trade, sale, loan); with
        ``first`` and ``last``, within ``Config.grounding_transaction_words`` words of the
        value written there."""
        a, b = self.doc.sentences[s]
        if first is not None and last is not None:
            near = self.config.grounding_transaction_words
            a, b = max(a, first - near), min(b, last + near + 1)
        return any(self._token_stem(k) in _TRANSACTIONS for k in range(a, b))

    def _sequence_words(
        self, s: int, field: Features, placed: bool = False
    ) -> tuple[set[str], bool]:
        """The ends of a sequence sentence ``s`` names ("first", "last"; with ``placed``, only
        by a word a field says it with: "inaugural", not "began"), and whether it has a
        concept or content word of ``field``."""
        a, b = self.doc.sentences[s]
        toks = self.doc.tokens
        ends = {
            seq
            for k in range(a, b)
            if (seq := text_sequence(toks[k].text)) is not None
            and not (placed and toks[k].text not in SEQUENCE_WORDS[seq][0])
            and not self._compound(k)
        }
        concepts, words, _ordinal = self._sentence_features(s)
        return ends, bool(field.concepts & concepts or field.stems & words)

    def _compound(self, k: int) -> bool:
        """Token ``k`` is joined by a dash to the next word ("first-class"), or names a kind
        with it ("first division"): not a place in a sequence."""
        toks = self.doc.tokens
        if (
            toks[k].text in ORDINAL_ENDS
            and k + 1 < len(toks)
            and toks[k + 1].text in SEQUENCE_KINDS
        ):
            return True
        return k + 2 < len(toks) and toks[k + 1].text == "-" and toks[k + 2].text.isalpha()

    def _value_places(self, value: TypedCell, verdict: ClaimVerdict) -> list[tuple[int, int, int]]:
        """Where the text writes a value (sentence, first and last token): a year or a number
        as its digits, a text value as its words in a row (or, in the evidence sentence, each
        of its words)."""
        toks = self.doc.tokens
        number: float | None = None
        if value.kind == "date" and value.date is not None:
            number = float(value.date.year)
        elif value.kind == "number" and value.number is not None:
            number = value.number.value
        if number is not None:
            found = [
                (m.sentence, m.first, m.last)
                for m in self.doc.numbers
                if abs(m.value - number) <= 1e-9
            ]
            d = value.date if value.kind == "date" else None
            if d is not None and d.month is not None:
                # "he debuted on april 10" with the year in another sentence
                month, day = MONTHS[d.month - 1], str(d.day) if d.day is not None else None
                starts = [a for a, _b in self.doc.sentences]
                for k, t in enumerate(toks):
                    if t.text == month and (
                        day is None or (k + 1 < len(toks) and toks[k + 1].text == day)
                    ):
                        found.append((bisect_right(starts, k) - 1, k, k))
            return found
        head = _QUALIFIER_RE.sub(" ", _ITEM_SPLIT_RE.split(value.raw)[0])
        want = [w for w in _value_stems(head) if w.isalpha()]
        if not want:
            return []
        runs = self._runs(want)
        if len(want) > 1:
            runs += self._runs(want[-1:])  # "the New York Yankees", later "the Yankees"
        if runs or verdict.evidence is None:
            return runs
        start = verdict.evidence.start
        for s, (a, b) in enumerate(self.doc.sentences):
            if a < b and toks[a].start <= start < toks[b - 1].end:
                return [(s, k, k) for k in range(a, b) if self._token_stem(k) in want]
        return []

    def _not_a_part(
        self, attribute_name: str, value: TypedCell, verdict: ClaimVerdict
    ) -> ClaimVerdict:
        """A stated value the text writes only as the first words of a longer name, of a place
        or an institution ("American League" only in "American League Park"), is unstated: the
        text names the park, not the league. A head the field names ("College: Harvard" in
        "Harvard College") keeps the value stated."""
        want = [w for w in _value_stems(value.text) if w.isalpha()]
        if not want:
            return verdict
        runs = self._runs(want)
        own = set(stems(attribute_name))
        toks = self.doc.tokens
        ends = self.doc.sentences
        # the word after the run, in its sentence ("... eastern league" ending a line: none)
        heads = [toks[last + 1].text if last + 1 < ends[s][1] else "" for s, _first, last in runs]
        if not runs or not all(h in _NAME_HEADS and not set(stems(h)) & own for h in heads):
            return verdict
        s, first, last = runs[0]
        written = self._written(first, last + 1)
        return ClaimVerdict(
            UNSTATED,
            self._evidence(s, first, last + 1),
            written,
            f"the text writes it only as part of another name ({written!r})",
        )

    def _only_denied(self, value: TypedCell, verdict: ClaimVerdict) -> ClaimVerdict:
        """A stated text value the text writes only right after a word of denial ("there was
        no Republican governor", "not a member") is unstated: the words are there, the claim
        is not."""
        want = [w for w in _value_stems(value.text) if w.isalpha()]
        runs = self._runs(want) if want else []
        toks = self.doc.tokens
        if not runs or not all(
            first > 0 and toks[first - 1].text in _DENIALS for _s, first, _last in runs
        ):
            return verdict
        s, first, last = runs[0]
        written = self._written(first - 1, last)
        return ClaimVerdict(
            UNSTATED,
            self._evidence(s, first - 1, last),
            written,
            f"the text writes it only as denied ({written!r})",
        )

    def _initials_of_more(self, value: TypedCell, verdict: ClaimVerdict) -> ClaimVerdict:
        """A stated text value with an initialism in brackets ("California Sea Kings (ABA)")
        that the text never writes, whose letters begin words the text writes only at the end
        of a longer name ("the New American Basketball Association": NABA), is contradicted:
        the text names another body."""
        toks = self.doc.tokens
        for q in _QUALIFIER_RE.findall(value.raw):
            short = q.strip()
            if not (2 <= len(short) <= 6 and short.isalpha() and short.isupper()):
                continue
            letters = short.casefold()
            if any(t.text == letters for t in toks):
                continue  # the text writes the initialism itself
            n = len(letters)
            longer: tuple[int, int, int] | None = None
            for s, (a, b) in enumerate(self.doc.sentences):
                for k in range(a, b - n + 1):
                    run = [toks[j].text for j in range(k, k + n)]
                    if not all(w.isalpha() for w in run) or "".join(w[0] for w in run) != letters:
                        continue
                    before = toks[k - 1].text if k > a else ""
                    if not before.isalpha() or before in _TEXT_STOP or before in _POSSESSIVES:
                        break  # the name whole: "the American Basketball Association"
                    longer = longer or (s, k - 1, k + n - 1)
                else:
                    continue
                break
            else:
                if longer is not None:
                    s, i, j = longer
                    written = self._written(i, j)
                    return ClaimVerdict(
                        CONTRADICTED,
                        self._evidence(s, i, j),
                        written,
                        f"the text names {written!r}, not {short!r}",
                    )
        return verdict

    def _a_relatives(self, value: TypedCell, verdict: ClaimVerdict) -> ClaimVerdict:
        """A stated text value with an item the text writes only in an apposition to a relative
        of the subject ("she married Theodore Sutro, a lawyer and financier": the husband's
        trade, not hers) is unstated (:meth:`_kin_apposition`)."""
        return self._item_only_where(value.text, self._kin_apposition) or verdict

    def _item_only_where(
        self, text: str, where: Callable[[int, int], bool], qualifiers: bool = False
    ) -> ClaimVerdict | None:
        """The first item of a (list) value each of whose occurrences in the text stands where
        ``where(sentence, first token)`` says a relative's words do (a relative's clause or
        apposition): unstated, with the sentence of its first occurrence; else None.
        ``qualifiers``: the item's qualifying words left out first."""
        for item in _ITEM_SPLIT_RE.split(text):
            words = _QUALIFIER_RE.sub(" ", item) if qualifiers else item
            want = [w for w in _value_stems(words) if w.isalpha()]
            runs = self._runs(want) if want else []
            if runs and all(where(s, first) for s, first, _last in runs):
                return ClaimVerdict(
                    UNSTATED,
                    self._evidence(runs[0][0]),
                    reason=f"the text gives {item.strip()!r} only to a relative of the subject",
                )
        return None

    def _kin_apposition(self, s: int, first: int) -> bool:
        """The words from token ``first`` of sentence ``s`` stand in an apposition with an
        article (", a lawyer"; not ", Jane", a name) to a name after a relative's word within
        ``Config.grounding_appositive_reach`` words before the comma, in its clause ("she
        married Theodore Sutro, a lawyer")."""
        a, _b = self.doc.sentences[s]
        toks = self.doc.tokens
        k = first - 1
        if k <= a or toks[k].text not in _ARTICLES:
            return False  # "his wife, Jane": the relative's name, no description of them
        k -= 1
        if k <= a or toks[k].text != ",":
            return False
        for j in range(k - 1, max(a, k - self.config.grounding_appositive_reach) - 1, -1):
            if toks[j].text in _CLAUSE_BREAKS:
                return False
            if toks[j].text in _KIN:
                return True
        return False

    def _lives_from(self, k: int, a: int) -> bool:
        """Token ``k`` ("from") ends the noun phrase that says what the subject is ("a
        businessman and civic leader from X", "an attorney from X"; not "originally from X",
        nor "in the house of representatives from X"): :data:`FROM_ROLES`; ``a`` is the
        sentence's first token."""
        toks = self.doc.tokens
        for j in range(k - 1, max(a, k - self.config.grounding_value_role_reach) - 1, -1):
            word = toks[j].text
            if word in _INDEFINITE:
                return True
            if word in FROM_BREAKS or text_role(0, word) is not None:
                return False
        return False

    def _season_end(self, m: NumberMention) -> bool:
        """``m`` is a year the text writes as one end of a season of two years ("1999" or
        "2000" in "the 1999-2000 season", "1965" in "1965 -- 66")."""
        toks = self.doc.tokens
        year = int(m.value)
        k = m.first - 1
        while k >= 0 and m.first - k <= 2 and toks[k].text in SEASON_DASHES:
            k -= 1
        if k < m.first - 1 and k >= 0 and toks[k].text.isdigit() and int(toks[k].text) == year - 1:
            return True
        k = m.last + 1
        while k < len(toks) and k - m.last <= 2 and toks[k].text in SEASON_DASHES:
            k += 1
        if k == m.last + 1 or k >= len(toks) or not toks[k].text.isdigit():
            return False
        after = toks[k].text
        return int(after) == year + 1 or (len(after) == 2 and int(after) == (year + 1) % 100)

    def _membership(self, value: TypedCell, verdict: ClaimVerdict) -> ClaimVerdict:
        """A value naming membership of a body ("member of the legislative council") is stated
        where the text has the subject join the body ("was appointed to the legislative
        council", :data:`MEMBERSHIP_VERBS`); else ``verdict``."""
        m = MEMBERSHIP_RE.fullmatch(" ".join(value.text.split()))
        want = [w for w in _value_stems(m.group(1)) if w not in _TEXT_STOP] if m else []
        if not want:
            return verdict
        toks = self.doc.tokens
        for s, first, last in self._runs(want):
            a = self.doc.sentences[s][0]
            k = first - 1
            while k >= a and first - k <= 3 and toks[k].text in MEMBERSHIP_LINKS:
                k -= 1
            if k >= a and toks[k].text in MEMBERSHIP_VERBS:
                return ClaimVerdict(STATED, self._evidence(s, first, last))
        return verdict

    def _runs(self, want: list[str]) -> list[tuple[int, int, int]]:
        """Where the text writes the words ``want`` in a row (stop words between them aside):
        sentence, first and last token of each such run."""
        toks = self.doc.tokens
        out: list[tuple[int, int, int]] = []
        for s in range(len(self.doc.sentences)):
            a, b = self.doc.sentences[s]
            for first in range(a, b):
                if self._token_stem(first) != want[0]:
                    continue
                k, n = first, 1
                while n < len(want) and k + 1 < b:
                    k += 1
                    if self._token_stem(k) == want[n]:
                        n += 1
                    elif toks[k].text not in _TEXT_STOP:
                        break
                if n == len(want):
                    out.append((s, first, k))
        return out

    def _life_part(self, first: int, last: int) -> str | None:
        """``birth`` or ``death`` when tokens ``first``-``last`` lie in the brackets of a life
        in the first sentence ("(Weimar, 14 October 1638 - Jena, 3 May 1678)": a year on
        each side of a dash), before or after its dash; else None."""
        if not self.doc.sentences:
            return None
        a, b = self.doc.sentences[0]
        toks = self.doc.tokens
        words = [t.text for t in toks[a:b]]
        if "(" not in words:
            return None
        start = a + words.index("(") + 1
        end = next((k for k in range(start, b) if toks[k].text == ")"), b)
        if not start <= first <= last < end:
            return None
        dash = next((k for k in range(start, end) if toks[k].text in _DASHES_WORDS), None)
        if dash is None:
            return None

        def has_year(i: int, j: int) -> bool:
            return any(toks[k].digits and len(toks[k].text) == 4 for k in range(i, j))

        if not (has_year(start, dash) and has_year(dash, end)):
            return None
        return "birth" if last < dash else "death"

    def _next_to(self, k: int, first: int) -> bool:
        """Token ``k`` comes right before token ``first``, an article aside."""
        toks = self.doc.tokens
        return k == first - 1 or (k == first - 2 and toks[first - 1].text in _ARTICLES)

    def _role_after(self, group: int, role: str, start: int, end: int) -> bool:
        """A relative clause after a value gives it ``role`` ("Paris, where he was buried")."""
        toks = self.doc.tokens
        relative = False
        for k in range(start, min(end, start + self.config.grounding_clause_reach)):
            word = toks[k].text
            relative = relative or word in _RELATIVES
            r = text_role(group, word)
            if r is not None:
                # "... and died there", "lived in X ... and died in his home"
                there = any(t.text in {"there", "home"} for t in toks[k + 1 : min(end, k + 4)])
                return (relative or there) and r == role  # "... and died there"
        return False

    def _in_date(self, k: int) -> bool:
        """Token ``k`` is a comma inside a date ("october 25, 2009"), not a clause's end."""
        toks = self.doc.tokens
        return (
            toks[k].text == ","
            and 0 < k < len(toks) - 1
            and toks[k - 1].digits
            and toks[k + 1].digits
        )

    def _role_elsewhere(
        self,
        group: int,
        role: str,
        want: set[str],
        runs: list[tuple[int, int, int]],
        first_word: str,
    ) -> tuple[int, int, int] | str | None:
        """Where the text gives ``role`` another value of the claimed value's kind: after the
        role's word, a word of the value next to a word that is not ("the university of
        virginia" for "brandeis university"); sentence, first and last token of that value.
        ``"stated"`` when the value itself (one of ``runs``) follows a word of the role."""
        toks = self.doc.tokens
        reach = self.config.grounding_value_role_reach
        for s in range(len(self.doc.sentences)):
            a, b = self.doc.sentences[s]
            for r in range(a, b):
                if text_role(group, toks[r].text) != role:
                    continue
                if any(
                    x == s
                    and r < first <= r + reach
                    and not any(
                        text_role(group, t.text) in _RECORD_ROLES for t in toks[r + 1 : first]
                    )  # "his death was registered in X"
                    for x, first, _last in runs
                ):
                    return "stated"  # 'his phd at the "hogeschool" (currently X university)'

                end = r + 1
                while end < min(b, r + 1 + reach) and toks[end].text not in {";", ":"}:
                    if text_role(group, toks[end].text) is not None:
                        break
                    end += 1
                shared = [k for k in range(r + 1, end) if self._token_stem(k) in want]
                if not shared or {self._token_stem(k) for k in shared} == want:
                    continue
                if first_word in {self._token_stem(k) for k in shared}:
                    return "stated"  # "born in the village of X in Galicia" for "X near Y"
                for k in shared:
                    near = [
                        x
                        for x in range(max(r + 1, k - 2), min(end, k + 3))
                        if toks[x].text.isalpha()
                        and toks[x].text not in _TEXT_STOP
                        and self._token_stem(x) not in want
                    ]
                    if near:
                        return s, min(k, *near), max(k, *near)
        return None

    def _token_stem(self, k: int) -> str:
        found = self._tok_stems.get(k)
        if found is None:
            word = stems(self.doc.tokens[k].text)
            found = self._tok_stems[k] = word[0] if word else ""
        return found

    def _people_of(self, country: str, sentences: list[int]) -> int | None:
        """The first of ``sentences`` naming ``country``'s people ("a Polish tennis player"
        states "Country: Poland" of the text's subject), if any."""
        people = country_people(country)
        toks = self.doc.tokens
        for s in sentences:
            if any(t.text in people for t in toks[slice(*self.doc.sentences[s])]):
                return s
        return None

    def _dotted_code(self, country: str, sentences: list[int]) -> int | None:
        """The first of ``sentences`` writing ``country``'s ISO code with dots ("U.S." for
        "USA" or "United States"), if any."""
        codes = country_codes(country, self.doc.lowercase)
        dotted = [".".join(c.casefold()) + "." for c in codes]
        for s in sentences:
            text = self.doc.sentence_text(s).casefold()
            for form in dotted:
                i = text.find(form)
                while i >= 0:
                    if i == 0 or not text[i - 1].isalpha():
                        return s
                    i = text.find(form, i + 1)
        return None

    def _short_year(self, year: str, sentences: list[int]) -> int | None:
        """The first of ``sentences`` writing ``year`` with an apostrophe and its last two
        digits ("'86" for 1986), if any."""
        toks = self.doc.tokens
        for s in sentences:
            a, b = self.doc.sentences[s]
            for k in range(a, b - 1):
                if (
                    toks[k].text == "'"
                    and toks[k + 1].text == year[2:]
                    and toks[k + 1].start == toks[k].end
                ):
                    return s
        return None

    def _about(self, s: int, entity: int) -> bool:
        """Sentence ``s`` names ``entity``, or refers back with a pronoun in its first words."""
        if any(m.entity == entity for m in self.mentions[s]):
            return True
        a, b = self.doc.sentences[s]
        words = self.config.grounding_back_reference_words
        return any(t.text in _BACK_REFERENCES for t in self.doc.tokens[a : min(b, a + words)])

    def _spelled_out(
        self, raw: str, sentences: list[int], abbreviations: bool = True
    ) -> str | None:
        """``raw`` with its abbreviations ("Univ.", "Dept."; unless not ``abbreviations``) and
        acronyms ("UK", "HR") written as the entity's sentences write them ("University",
        "United Kingdom"); None when it has none the sentences expand."""
        words = raw.split()
        if not abbreviated(raw):
            return None
        found = [t for s in sentences for t in self.doc.tokens[slice(*self.doc.sentences[s])]]
        # "Granite Federal's" spells out "Granite Fed.": a possessive is the word
        bare = [(_POSSESSIVE_END_RE.sub("", t.text), t.capital) for t in found]
        toks = [w for w, _c in bare if w.isalpha()]
        capital = [c for w, c in bare if w.isalpha()]
        out: list[str] = []
        changed = False
        for w in words:
            core = w.rstrip(".,").lower()
            full = spell_out(w, toks) if abbreviations else None  # "Univ."
            acronym = w.isupper() and 2 <= len(core) <= 5 and core.isalpha()
            # a lower-cased text has no capitals to tell a name by: three letters or more
            # ("louisiana state university" for "LSU"), of words no stop word, as below, and
            # only where it never writes the acronym itself ("ahl", "era")
            lower = self.doc.lowercase
            if (
                acronym
                and not w.endswith(".")
                and (not lower or (len(core) >= 3 and core not in toks))
            ):
                n = len(core)
                for i in range(len(toks) - n + 1):
                    run = toks[i : i + n]
                    # "United Kingdom" for "UK": capitalised words, in a cased text; three
                    # or more words may be lower-case ("synthetic aperture radar" for "SAR")
                    if "".join(t[0] for t in run) == core and all(
                        len(t) > 1 and (capital[i + k] or (n >= 3 and t not in _TEXT_STOP))
                        for k, t in enumerate(run)
                    ):
                        full = " ".join(run)
                        break
            out.append(full if full is not None else w)
            changed = changed or full is not None
        return " ".join(out) if changed else None

    def _respelt(self, item: str, sentences: list[int]) -> tuple[int, tuple[int, int], str] | None:
        """A sentence writing ``item`` with one word spelt differently ("minal mahesh patel" for
        "minar mahesh patel", "OSSC" for "OSCC"): names and acronyms do not vary by a letter
        (figures do: "1983" is no misspelt "1986"; a code with letters, "DENV3", may be)."""
        words = [w.casefold() for w in _WORD_RE.findall(item)]
        if not words or not any(len(w) >= _RESPELL_MIN for w in words):
            return None
        toks = self.doc.tokens
        for s in sentences:
            a, b = self.doc.sentences[s]
            for i in range(a, b - len(words) + 1):
                span = [toks[k].text for k in range(i, i + len(words))]
                diff = [(x, y) for x, y in zip(words, span, strict=True) if x != y]
                if (
                    len(diff) == 1
                    and min(len(diff[0][0]), len(diff[0][1])) >= _RESPELL_MIN
                    and OSA.distance(diff[0][0], diff[0][1], score_cutoff=1) <= 1
                    and not diff[0][1].startswith(diff[0][0])
                    and not diff[0][0].startswith(diff[0][1])
                    and not _spelling_variants(diff[0][0], diff[0][1])
                    and not (diff[0][0].isdigit() and diff[0][1].isdigit())  # "1983" / "1986"
                    # "Kenya", also written (a figure "1900s" is another value, written or not)
                    and not (diff[0][0].isalpha() and self._a_word_of_the_text(diff[0][0]))
                ):
                    j = i + len(words) - 1
                    return s, (i, j), self._written(i, j)
        return None

    @property
    def _occupation_kinds(self) -> dict[str, tuple[str, ...]]:
        """The stem of an occupation -> the kinds of it that state it
        (``Config.grounding_occupation_kinds``)."""
        return occupation_kinds(self.config.grounding_occupation_kinds)

    @property
    def _context_stems(self) -> frozenset[str]:
        found = self._all_stems
        if found is None:
            found = self._all_stems = frozenset(stems(self.doc.raw))
        return found

    def _a_word_of_the_text(self, word: str) -> bool:
        """Whether the text writes ``word`` (folded) as one of its words: a spelling it attests
        is no misspelling of another of its words ("Kenya" near "Kenta Mori")."""
        found = self._words
        if found is None:
            found = self._words = frozenset(t.text for t in self.doc.tokens)
        return word in found

    def _item_elsewhere(
        self, items: list[list[str]], missing: list[list[str]], sentences: Sequence[int]
    ) -> bool:
        """A list ("Picasso, Monet") has an item its entity's sentences do not state that a
        sentence naming another entity of the table writes whole (that entity's: "led by Claude
        Monet")."""
        return len(items) > 1 and any(self._written_whole_elsewhere(x, sentences) for x in missing)

    def _written_whole_elsewhere(self, want: list[str], sentences: Sequence[int]) -> bool:
        """Whether a sentence other than ``sentences`` that names another entity of the table
        holds every stem of ``want``."""
        mine = set(sentences)
        return any(
            s not in mine
            and any(m.entity != OTHER for m in self.mentions[s])
            and all(w in self._sentence_stems(s) for w in want)
            for s in range(len(self.doc.sentences))
        )

    def _sentence_stems(self, s: int) -> frozenset[str]:
        cache = self._stems
        if s not in cache:
            text = _COMPOUND_ORDINAL_RE.sub(_compound_ordinal, self.doc.sentence_text(s))
            words = stems(text)
            if _PLURAL_APART_RE.search(text):  # "colt .45 s" as a tokenised text writes ".45s"
                words = (*words, *stems(_PLURAL_APART_RE.sub(r"\1s", text)))
            if _DOTTED_RE.search(text):  # "a u.s. representative" for "US representative"
                words = (*words, *stems(_DOTTED_RE.sub(_undotted, text)))
            words = tuple(_ORDINAL_WORDS.get(w, w) for w in words)
            cache[s] = frozenset((*words, *_succeeding_ordinals(words)))
        return cache[s]

    def entity_in_text(self, entity: int) -> bool:
        """Whether the text names ``entity`` (any alias)."""
        entity = self._rep.get(entity, entity)
        return self.subject == entity or any(m.entity == entity for ms in self.mentions for m in ms)

    def writes_value(self, entity: int, attribute_name: str, value: TypedCell) -> bool:
        """Whether the text writes the claimed number where it may be the entity's and the
        engine cannot tell: in a sentence about the entity, or one naming no entity of the
        table ("the visitors shot 56 percent"), or as a side of a pair, the other side the
        opponent's ("the Jazz won the rebounding battle, 55 - 40"; "were out - rebounded 50 -
        41"); not as a group's figure (unless "each"), and with no words of its own naming
        another attribute ("5 - 8 3Pt" is no free-throw figure)."""
        number = value.number
        if number is None:
            return False
        entity = self._rep.get(entity, entity)
        header = header_features(attribute_name, self._extra)
        about = set(self.entity_sentences(entity))
        values = [number.value]
        if header.role == "percent" and number.unit != "%" and 0 < abs(number.value) <= 1:
            values.append(number.value * 100)  # ".530" under "FG%": the text's "53 percent"
        for m in self.doc.numbers:
            same = any(abs(m.value * m.scale - v) <= 1e-9 * max(1.0, abs(v)) for v in values)
            if not same and (m.scale != number.scale or abs(m.value - number.magnitude) > 1e-9):
                continue  # "3.2 million" is not the text's "3.2 billion"
            if m.role in {"win", "loss"} and not header.concepts & {"win", "loss"}:
                continue  # "The Magic (16 - 22)": a record, no other attribute's figure
            if self._after_month(m):
                continue  # "born january 3, 1988": a day of a date, no attribute's figure
            (own, _w, _o), (before, before_words, _bo) = self._windows(m)
            pair = m.role in {"first", "second"}
            wanted = header.concepts | header.stems
            if pair and wanted and all(w in before or w in before_words for w in wanted):
                return True  # "out - rebounded 50 - 41, they shot ...": the words before
            named = {x.entity for x in self.mentions[m.sentence] if x.entity != OTHER}
            if m.sentence not in about and named and not (pair and not own and len(named) == 1):
                continue  # another entity's sentence: its figure, a swapped value
            if (
                about
                and not pair
                and m.sentence not in about
                and not named
                and self._names_another(m.sentence)
            ):
                continue  # "Porto Lentisco Airport, which has 2 runways": a name not the table's
            toks = self.doc.tokens
            each = any(t.text == "each" for t in toks[max(0, m.first - 3) : m.first])
            if (self._owner(m).combined or self._a_groups(m, entity)) and not each:
                continue  # "X and Y combine for 12"; not "... each scoring six points"
            if own and not own <= header.concepts:
                continue
            if (
                self._counts_other(header, m)
                or m.moment
                or self._score_so_far(m)
                or self._label_number(m)
                or self._of_a_sequence(m)
                or self._counts_another_thing(header, m)
            ):
                continue  # "no timeouts", "8:00 PM", "with four seconds left", "Game 1", "an
                # 80 - 66 lead coming out of the third quarter" (the periods so far, read)
            return True
        return False

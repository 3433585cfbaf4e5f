"""The other names of a sports team a table names by one of them: "Suns" is also "Phoenix Suns",
"Phoenix" and "PHX" in a game report that never writes the full name ("Phoenix went 6 - of -
21"). The teams are the NBA and the WNBA teams of the ``nba_api`` package's static lists (no
network: the lists ship inside the package), read on first use.

A table gets its teams' names only when at least two of its entities are teams of one league by
their full name, nickname or place ("Golden State" of "Golden State Warriors"): a game's two
teams. One key "Mercury" or "Magic" alone names no team. The league with more of the table's
entities is used (the NBA on a tie). A table that names all its teams by place ("Phoenix",
"Boston": perhaps cities, not teams) gets them only when the context names one of them or more
as a team (by its nickname or full name: "The Nets took care of business"). Place names come
from the full name through the entity aliases, which drop a word that two entities share ("Los
Angeles" of the Lakers and the Clippers); a key two teams of one league share names neither.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from tablehallu.detectors.grounding.entities import short_forms

#: case-folded name -> (full name, abbreviation, place when the nickname has two words or more:
#: "Portland" of "Portland Trail Blazers", which no part-of-a-name alias gives; else "")
Index = dict[str, tuple[str, str, str]]


def _key(name: str) -> str:
    """A name as the indexes hold it: case-folded, single-spaced."""
    return " ".join(name.casefold().split())


@lru_cache(maxsize=1)
def _leagues() -> tuple[Index, ...]:
    """Per league: full name, nickname, its short forms and place (case-folded) -> (full name,
    abbreviation)."""
    try:
        from nba_api.stats.library.data import teams, wnba_teams
    except ImportError:  # pragma: no cover - a dependency; without it no team has other names
        return ()
    leagues: list[Index] = []
    for rows in (teams, wnba_teams):
        index: Index = {}
        shared: set[str] = set()
        for row in rows:
            abbreviation, nickname, full = str(row[1]), str(row[2]), str(row[5])
            place = full[: -len(nickname)].strip() if full.endswith(nickname) else ""
            nick = nickname.casefold()
            # the short forms the mention reader takes ("Cavs", "Mavs", "Wolves") as keys too
            # and the last word of a nickname of two ("Blazers" / "Trail Blazers")
            short = {form for word in nick.split() for form in short_forms(word)}
            short |= {nick.split()[-1]} if " " in nick else set()
            for key in {full.casefold(), nick, place.casefold(), *short} - {""}:
                if key in index:
                    shared.add(key)
                index[key] = (full, abbreviation, place if " " in nick else "")
        leagues.append({k: v for k, v in index.items() if k not in shared})
    return tuple(leagues)


@lru_cache(maxsize=8)
def _indexes(informal: tuple[tuple[str, str], ...]) -> tuple[Index, ...]:
    """Each league's index with the ``informal`` names of its teams added."""
    out: list[Index] = []
    for league in _leagues():
        teams = {v[0]: v for v in league.values()}
        out.append(league | {_key(short): teams[full] for short, full in informal if full in teams})
    return tuple(out)


@lru_cache(maxsize=8)
def _codes(informal: tuple[tuple[str, str], ...]) -> tuple[dict[str, tuple[str, str, str]], ...]:
    """Each league's teams by abbreviation ("ATL"), beside :func:`_indexes`."""
    return tuple({team[1]: team for team in index.values()} for index in _indexes(informal))


_WORD_RE = re.compile(r"[^\W_]+")


def _is_place(key: str, team: tuple[str, str, str]) -> bool:
    """``key`` is the place of ``team``'s full name ("phoenix" of "Phoenix Suns")."""
    return team[0].casefold().startswith(key + " ")


def team_names(
    entities: Sequence[tuple[str, ...]],
    informal: Sequence[tuple[str, str]] = (),
    context: str | None = None,
) -> tuple[tuple[str, ...], ...]:
    """Each entity's names with its team's full name, abbreviation and ``informal`` names
    ((informal name, full name) pairs: "Sixers" / "Philadelphia 76ers") added (an entity may be
    named by its abbreviation, as written in capitals: "CLE"), when at least
    two of the entities are teams of one league, and, when all of them are named by their
    place only, ``context`` (if given) names one of those teams by a team name or more;
    else the entities unchanged."""
    pairs = tuple((str(a), str(b)) for a, b in informal)  # hashable, whatever sequences
    best: list[tuple[str, ...]] = []
    best_index: Index = {}
    for index, codes in zip(_indexes(pairs), _codes(pairs), strict=True):
        # an abbreviation names its team only as written, in capitals ("CLE", not "min")
        found: list[tuple[str, ...]] = [
            next(
                (
                    index[k] if k in index else codes[name.strip()]
                    for name in names
                    if (k := _key(name)) in index or name.strip() in codes
                ),
                (),
            )
            for names in entities
        ]
        if sum(1 for f in found if f) > sum(1 for f in best if f):
            best, best_index = found, index
    if sum(1 for f in best if f) < 2:
        return tuple(entities)
    by_place = all(
        _is_place(k, best_index[k])
        for names in entities
        for name in names
        if (k := _key(name)) in best_index
    )
    if by_place and context is not None:
        written = " " + " ".join(_WORD_RE.findall(context.casefold())) + " "
        teams = {f for f in best if f}
        named = {
            team
            for k, team in best_index.items()
            if team in teams and not _is_place(k, team) and f" {k} " in written
        }
        if not named:
            return tuple(entities)
    best = [
        (*more, *(short for short, full in informal if more and full == more[0])) for more in best
    ]
    return tuple(
        (*names, *(n for n in more if n and n not in names)) if more else names
        for names, more in zip(entities, best, strict=True)
    )


def same_team(a: str, b: str, informal: Sequence[tuple[str, str]] = ()) -> bool:
    """Two different names of one team of a league ("Golden State" / "Warriors"; "Sixers" /
    "76ers" with the informal pair; "ATL" / "Hawks": an abbreviation as written, in capitals)."""
    ka, kb = _key(a), _key(b)
    if ka == kb:
        return False
    pairs = tuple((str(x), str(y)) for x, y in informal)
    for index, codes in zip(_indexes(pairs), _codes(pairs), strict=True):
        ta = index.get(ka) or codes.get(a.strip())
        if ta is not None and ta == (index.get(kb) or codes.get(b.strip())):
            return True
    return False

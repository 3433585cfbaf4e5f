"""Do verdicts survive a faithful rewrite of the table? Other models write the same table
differently from the two models of ``shared/real/``: box-score abbreviations ("PTS", "FG%",
"Q1"), fractions for percentages (".530"), initials ("W. Barton"), team codes ("CLE"), "N/A"
or "—" in empty cells, other field names ("Date of birth"), other cases and date styles, and
other shapes: entities as columns ("| Statistic | Hawks | Magic |"), a biography as one wide row.

For each rewrite below, the shared models' own tables are rewritten (cells and rows stay where
they are and only their spelling changes; a reshaped table's flags are mapped back to the cells
they name) and scored against the same gold and context, in gold mode and referenceless mode,
with lenient headers. A faithful rewrite should change no verdict:
every cell flag (attribute_distortion, blank_filling, entity_fabrication, out_of_range) it adds
or removes is counted. No labels are needed: the measure is the tool's consistency, not its
accuracy (real_accuracy.py measures that).

Run: ``python benchmarks/style_robustness.py [--shared ../shared] [--limit 200] [--no-doc]``
(``make accuracy`` runs it; the first ``--limit`` records of each shared file are used).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

from doc_section import replace_section

from tablehallu import Config, detect_many
from tablehallu.detectors.grounding.keys import MONTHS
from tablehallu.detectors.grounding.teams import team_names
from tablehallu.detectors.matching import names_a_percentage
from tablehallu.normalize.nulls import is_null
from tablehallu.parsers import parse_response
from tablehallu.parsers.table import ParsedTable

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "accuracy.md"
START = "<!-- style_robustness:start -->"
END = "<!-- style_robustness:end -->"
FLAGS = ("attribute_distortion", "blank_filling", "entity_fabrication", "out_of_range")
SOURCES = ("rotowire-gemini", "rotowire-llama", "wikibio-gemini")

Rows = list[list[str]]
Rewrite = Callable[[list[str], Rows], tuple[list[str], Rows] | None]
#: Where a flag of a reshaped table lies in the original one: (diagnosis, finding) -> (row,
#: column index), column -1 for a row's flag
Back = Callable[[Any, Any], tuple[int | None, int]]
#: Where a flag of the table before the reshape lies once two of its cells are one: (row, column)
Fold = Callable[[int | None, int], tuple[int | None, int]]
Reshape = Callable[
    [list[str], Rows],
    tuple[list[str], Rows, Back] | tuple[list[str], Rows, Back, Fold] | None,
]

BOX_SCORE = {
    "points": "PTS",
    "total points": "PTS",
    "assists": "AST",
    "rebounds": "REB",
    "total rebounds": "REB",
    "steals": "STL",
    "blocks": "BLK",
    "turnovers": "TOV",
    "minutes played": "MIN",
    "field goals made": "FGM",
    "field goals attempted": "FGA",
    "free throws made": "FTM",
    "free throws attempted": "FTA",
    "3-pointers made": "3PM",
    "three-pointers made": "3PM",
    "3-pointers attempted": "3PA",
    "three-pointers attempted": "3PA",
    "field goal percentage": "FG%",
    "percentage of field goals": "FG%",
    "3-point percentage": "3P%",
    "three-point percentage": "3P%",
    "free throw percentage": "FT%",
    "percentage of free throws": "FT%",
    "personal fouls": "PF",
    "wins": "W",
    "losses": "L",
    "points in 1st quarter": "Q1",
    "points in 2nd quarter": "Q2",
    "points in 3rd quarter": "Q3",
    "points in 4th quarter": "Q4",
}
FIELDS = {
    "birth date": "Date of birth",
    "birth place": "Place of birth",
    "death date": "Date of death",
    "death place": "Place of death",
    "occupation": "Profession",
    "spouse": "Spouse(s)",
    "political party": "Party affiliation",
    "college": "Alma mater",
    "years active": "Active years",
    "burial place": "Resting place",
    "birth name": "Name at birth",
}
_PERCENT = re.compile(r"(\d{1,2}(?:\.\d)?)%?")
_FIRST_LAST = re.compile(r"([A-Z])[a-z]+ ([A-Z][A-Za-z'\-]+(?: Jr\.)?)")
_MONTH_DAY_YEAR = re.compile(r"([a-z]+) (\d{1,2}), (\d{4})", re.IGNORECASE)


def abbreviated_headers(headers: list[str], rows: Rows) -> tuple[list[str], Rows] | None:
    """Box-score abbreviations and period codes ("Points" -> "PTS", "Points in 1st quarter" ->
    "Q1")."""
    new = [BOX_SCORE.get(h.lower(), h) for h in headers]
    return (new, rows) if new != headers else None


def percent_fractions(headers: list[str], rows: Rows) -> tuple[list[str], Rows] | None:
    """A percentage written as a fraction ("53%" -> "0.530") under a percentage header."""
    out = [list(r) for r in rows]
    changed = False
    for j, h in enumerate(headers):
        if not names_a_percentage(h):
            continue
        for r in out:
            m = _PERCENT.fullmatch(r[j].strip()) if j < len(r) else None
            if m:
                r[j] = f"{float(m.group(1)) / 100:.3f}"
                changed = True
    return (headers, out) if changed else None


def player_initials(headers: list[str], rows: Rows) -> tuple[list[str], Rows] | None:
    """A player's first name as its initial ("Will Barton" -> "W. Barton")."""
    if not headers or headers[0].lower() not in {"player", "name", "player name"}:
        return None
    out = []
    for r in rows:
        m = _FIRST_LAST.fullmatch(r[0].strip()) if r else None
        out.append([f"{m.group(1)}. {m.group(2)}", *r[1:]] if m else list(r))
    return (headers, out) if out != rows else None


def team_codes(headers: list[str], rows: Rows) -> tuple[list[str], Rows] | None:
    """A team by its league abbreviation ("Hawks" -> "ATL")."""
    if not headers or headers[0].lower() not in {"team", "team name"} or len(rows) < 2:
        return None
    names = team_names(tuple((r[0],) for r in rows))
    out = []
    for r, more in zip(rows, names, strict=True):
        code = next((n for n in more[1:] if n.isupper() and 2 <= len(n) <= 3), None)
        out.append([code, *r[1:]] if code else list(r))
    return (headers, out) if out != rows else None


def _empty_as(word: str) -> Rewrite:
    def rewrite(headers: list[str], rows: Rows) -> tuple[list[str], Rows] | None:
        out = [[r[0], *(c if c.strip() else word for c in r[1:])] if r else [] for r in rows]
        return (headers, out) if out != rows else None

    rewrite.__doc__ = f'An empty cell written "{word}".'
    return rewrite


def bold_keys(headers: list[str], rows: Rows) -> tuple[list[str], Rows] | None:
    """The first column in bold Markdown ("**Hawks**")."""
    return headers, [[f"**{r[0]}**", *r[1:]] if r and r[0].strip() else list(r) for r in rows]


def field_names(headers: list[str], rows: Rows) -> tuple[list[str], Rows] | None:
    """Other names of a biography's fields ("birth date" -> "Date of birth")."""
    out = [[FIELDS.get(r[0].strip().lower(), r[0]), *r[1:]] if r else [] for r in rows]
    return (headers, out) if out != rows else None


def title_case(headers: list[str], rows: Rows) -> tuple[list[str], Rows] | None:
    """Values without digits in title case ("new york city" -> "New York City")."""
    out = [[r[0], *(c if re.search(r"\d", c) else c.title() for c in r[1:])] for r in rows if r]
    return (headers, out) if out != rows else None


def iso_dates(headers: list[str], rows: Rows) -> tuple[list[str], Rows] | None:
    """Dates written "month day, year" as ISO dates ("march 4, 1950" -> "1950-03-04")."""

    def iso(cell: str) -> str:
        m = _MONTH_DAY_YEAR.fullmatch(cell.strip())
        if m is None or m.group(1).lower() not in MONTHS:
            return cell
        month = MONTHS.index(m.group(1).lower()) + 1
        return f"{m.group(3)}-{month:02d}-{int(m.group(2)):02d}"

    out = [[r[0], *(iso(c) for c in r[1:])] for r in rows if r]
    return (headers, out) if out != rows else None


def _dates_as(style: str) -> Rewrite:
    def rewrite(headers: list[str], rows: Rows) -> tuple[list[str], Rows] | None:
        def redo(cell: str) -> str:
            m = _MONTH_DAY_YEAR.fullmatch(cell.strip())
            if m is None or m.group(1).lower() not in MONTHS:
                return cell
            month, day, year = m.group(1).lower(), int(m.group(2)), m.group(3)
            if style == "dmy":
                return f"{day} {month.title()} {year}"
            short = month[:3].title() + ("." if len(month) > 3 else "")
            return f"{short} {day}, {year}"

        out = [[r[0], *(redo(c) for c in r[1:])] for r in rows if r]
        return (headers, out) if out != rows else None

    rewrite.__doc__ = (
        'Dates written "month day, year" as "day Month year" ("4 March 1950").'
        if style == "dmy"
        else 'Months abbreviated ("march 4, 1950" -> "Mar. 4, 1950").'
    )
    return rewrite


def full_team_names(headers: list[str], rows: Rows) -> tuple[list[str], Rows] | None:
    """A team by its full name ("Hawks" -> "Atlanta Hawks")."""
    if not headers or headers[0].lower() not in {"team", "team name"} or len(rows) < 2:
        return None
    names = team_names(tuple((r[0],) for r in rows))
    out = []
    for r, more in zip(rows, names, strict=True):
        full = max((n for n in more if not n.isupper()), key=len, default=r[0])
        out.append([full, *r[1:]] if len(full) > len(r[0]) else list(r))
    return (headers, out) if out != rows else None


def rows_reversed(headers: list[str], rows: Rows) -> tuple[list[str], Rows, Back] | None:
    """The rows in the other order (no query here declares one)."""
    if len(rows) < 2:
        return None
    n = len(rows)

    def back(diag: Any, f: Any) -> tuple[int | None, int]:
        col = f.pred_column or f.column
        row = n - 1 - f.pred_row if f.pred_row is not None else None
        return row, headers.index(col) if col in headers else -1

    return headers, rows[::-1], back


def columns_reversed(headers: list[str], rows: Rows) -> tuple[list[str], Rows, Back] | None:
    """The columns after the first in the other order (cells move with their headers)."""
    if len(headers) < 3 or len(set(headers)) < len(headers):
        return None
    order = [0, *range(len(headers) - 1, 0, -1)]
    out = [[r[j] if j < len(r) else "" for j in order] for r in rows]

    def back(diag: Any, f: Any) -> tuple[int | None, int]:
        col = f.pred_column or f.column
        return f.pred_row, headers.index(col) if col in headers else -1

    return [headers[j] for j in order], out, back


_LIST_FIELDS = frozenset({"occupation", "profession", "position", "genre", "known for"})


def _listed_as(sep: str) -> Rewrite:
    def rewrite(headers: list[str], rows: Rows) -> tuple[list[str], Rows] | None:
        out = []
        for r in rows:
            field = r[0].strip().lower() if r else ""
            listed = field.endswith("s") or field in _LIST_FIELDS
            value = r[1] if len(r) > 1 else ""
            if listed and ", " in value and not re.search(r"\d", value):
                out.append([r[0], value.replace(", ", sep), *r[2:]])
            else:
                out.append(list(r))
        return (headers, out) if out != rows else None

    rewrite.__doc__ = f'The items of a list field separated by "{sep}" instead of ", ".'
    return rewrite


def _read_back(diag: Any) -> bool:
    """The detector read a reshaped table back in its original layout (and said so)."""
    return any(f.subtype == "transposed" for f in diag.findings) or any(
        "transposed" in w for w in diag.warnings
    )


def transposed(headers: list[str], rows: Rows) -> tuple[list[str], Rows, Back] | None:
    """Entities as columns and attributes as rows ("| Statistic | Hawks | Magic |"), as models
    often write a comparison of two teams; tables of at most five entities."""
    keys = [r[0].strip() for r in rows if r]
    if not 2 <= len(keys) <= 5 or len(set(keys)) < len(keys) or len(headers) < 3:
        return None
    new_headers = ["Statistic", *keys]
    new_rows = [
        [headers[j], *(r[j] if j < len(r) else "" for r in rows)] for j in range(1, len(headers))
    ]

    def back(diag: Any, f: Any) -> tuple[int | None, int]:
        col = f.pred_column or f.column
        if _read_back(diag):
            return f.pred_row, headers.index(col) if col in headers else -1
        if col in keys:  # a cell: its row is an attribute, its column an entity
            return keys.index(col), (f.pred_row or 0) + 1
        return None, -2 - (f.pred_row or 0)  # a row flag on an attribute's row: never before

    return new_headers, new_rows, back


_NAME_FIELDS = frozenset({"name", "full name", "birth name"})


def wide_biography(headers: list[str], rows: Rows) -> tuple[list[str], Rows, Back] | None:
    """A ``Field | Value`` table written as one wide row, a column per field (the name first)."""
    if len(headers) != 2 or len(rows) < 2:
        return None
    fields = [r[0].strip() for r in rows]
    if len(set(f.lower() for f in fields)) < len(fields) or not all(fields):
        return None
    # the name first, as a model writing one row per person does
    order = sorted(range(len(rows)), key=lambda i: fields[i].lower() not in _NAME_FIELDS)
    fields, rows = [fields[i] for i in order], [rows[i] for i in order]

    def back(diag: Any, f: Any) -> tuple[int | None, int]:
        col = f.pred_column or f.column
        if col in fields:
            return order[fields.index(col)], 1
        row = order[f.pred_row] if f.pred_row is not None and f.pred_row < len(order) else None
        if col is None and f.pred_row is not None and f.pred_row > 0:
            return row, -1  # read back as a key/value table
        return row, 1 if col in headers else -2

    return fields, [[r[1] if len(r) > 1 else "" for r in rows]], back


#: Made / attempted column pairs a box score writes as one column ("FG": "6-14")
SHOT_PAIRS = (
    ("field goals made", "field goals attempted", "FG"),
    ("3-pointers made", "3-pointers attempted", "3PT"),
    ("three-pointers made", "three-pointers attempted", "3PT"),
    ("free throws made", "free throws attempted", "FT"),
)


def made_attempted(headers: list[str], rows: Rows) -> tuple[list[str], Rows, Back, Fold] | None:
    """A made and an attempted column written as one ("FG": "6-14"), where every row fills
    both or neither; the flags of either old column count as the new one's."""
    low = [h.lower() for h in headers]
    merged: dict[int, int] = {}  # attempted column -> made column
    for made, tried, _name in SHOT_PAIRS:
        if made in low and tried in low:
            m, t = low.index(made), low.index(tried)
            if all(len(r) > max(m, t) for r in rows) and all(
                bool(r[m].strip()) == bool(r[t].strip()) for r in rows
            ):
                merged[t] = m
    if not merged:
        return None
    names = {
        low.index(m): n for m, t, n in SHOT_PAIRS if m in low and low.index(m) in merged.values()
    }
    kept = [j for j in range(len(headers)) if j not in merged]
    new_headers = [names.get(j, headers[j]) for j in kept]
    tried_of = {m: t for t, m in merged.items()}
    new_rows = [
        [f"{r[j]}-{r[tried_of[j]]}" if j in tried_of and r[j].strip() else r[j] for j in kept]
        for r in rows
    ]

    def back(diag: Any, f: Any) -> tuple[int | None, int]:
        col = f.pred_column or f.column
        if col in new_headers:
            return f.pred_row, merged.get(
                kept[new_headers.index(col)], kept[new_headers.index(col)]
            )
        # a merged cell's flag names the gold column it was compared with
        if col and col.lower() in low:
            return f.pred_row, merged.get(low.index(col.lower()), low.index(col.lower()))
        return f.pred_row, -1

    def fold(row: int | None, col: int) -> tuple[int | None, int]:
        return row, merged.get(col, col)

    return new_headers, new_rows, back, fold


#: Fields a biography writes as one ("Born": "March 4, 1950, Paris"): date, place, new name
LIFE_EVENTS = (("birth date", "birth place", "Born"), ("death date", "death place", "Died"))


def born_and_died(headers: list[str], rows: Rows) -> tuple[list[str], Rows, Back, Fold] | None:
    """A biography's date and place of birth (and of death) written as one field, "Born":
    "november 22, 1846, toronto, ontario"; the flags of either old field count as the new one's."""
    if len(headers) != 2:
        return None
    fields = [r[0].strip().lower() if r else "" for r in rows]
    merged: dict[int, int] = {}  # place row -> date row
    for date, place, _name in LIFE_EVENTS:
        if fields.count(date) == 1 and fields.count(place) == 1:
            d, p = fields.index(date), fields.index(place)
            if len(rows[d]) < 2 or len(rows[p]) < 2:
                continue
            where = rows[p][1].strip()
            if rows[d][1].strip() and where and not is_null(where):  # "not specified"
                merged[p] = d
    if not merged:
        return None
    names = {fields.index(d): n for d, _p, n in LIFE_EVENTS if d in fields}
    place_of = {d: p for p, d in merged.items()}
    kept = [i for i in range(len(rows)) if i not in merged]
    new_rows = [
        [names[i], f"{rows[i][1]}, {rows[place_of[i]][1]}"] if i in place_of else list(rows[i])
        for i in kept
    ]

    def back(diag: Any, f: Any) -> tuple[int | None, int]:
        col = f.pred_column or f.column
        row = kept[f.pred_row] if f.pred_row is not None and f.pred_row < len(kept) else None
        return row, headers.index(col) if col in headers else -1

    def fold(row: int | None, col: int) -> tuple[int | None, int]:
        return (merged.get(row, row) if row is not None else None), col

    return headers, new_rows, back, fold


RESHAPES: dict[str, tuple[Reshape, tuple[str, ...]]] = {
    "transposed": (transposed, ("rotowire-gemini", "rotowire-llama")),
    "one wide row": (wide_biography, ("wikibio-gemini",)),
    "made-attempted pairs": (made_attempted, ("rotowire-gemini", "rotowire-llama")),
    "rows reversed": (rows_reversed, SOURCES),
    "born and died": (born_and_died, ("wikibio-gemini",)),
    "columns reversed": (columns_reversed, SOURCES),
}


REWRITES: dict[str, tuple[Rewrite, tuple[str, ...]]] = {
    "abbreviated headers": (abbreviated_headers, ("rotowire-gemini", "rotowire-llama")),
    "percent fractions": (percent_fractions, ("rotowire-gemini", "rotowire-llama")),
    "player initials": (player_initials, ("rotowire-gemini", "rotowire-llama")),
    "team codes": (team_codes, ("rotowire-gemini", "rotowire-llama")),
    "empty as N/A": (_empty_as("N/A"), SOURCES),
    "empty as —": (_empty_as("—"), SOURCES),
    "bold keys": (bold_keys, SOURCES),
    "field names": (field_names, ("wikibio-gemini",)),
    "title case": (title_case, ("wikibio-gemini",)),
    "ISO dates": (iso_dates, ("wikibio-gemini",)),
    "day month year": (_dates_as("dmy"), ("wikibio-gemini",)),
    "short months": (_dates_as("short"), ("wikibio-gemini",)),
    "full team names": (full_team_names, ("rotowire-gemini", "rotowire-llama")),
    "lists with ;": (_listed_as("; "), ("wikibio-gemini",)),
    "lists with <br>": (_listed_as("<br>"), ("wikibio-gemini",)),
}


def markdown_table(headers: list[str], rows: Rows) -> str:
    """A Markdown table of ``headers`` and ``rows`` ("|" in a cell written "/")."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(c.replace("|", "/") for c in r) + " |" for r in rows]
    return "\n".join(lines)


def _cell_flags(
    diag: Any, headers: list[str], back: Back | None = None
) -> set[tuple[int | None, int, str]]:
    """(row, column index, type) of a diagnosis' cell flags (-1: a row's flag); with ``back``,
    where each lies in the table before it was reshaped."""
    index = {h: j for j, h in enumerate(headers)}
    out = set()
    for f in diag.findings:
        if f.type not in FLAGS:
            continue
        if back is not None:
            out.add((*back(diag, f), f.type))
            continue
        col = f.pred_column or f.column
        out.add((f.pred_row, index.get(col, -1) if col is not None else -1, f.type))
    return out


def load(shared: Path, limit: int) -> dict[str, list[tuple[dict[str, Any], ParsedTable]]]:
    """Per shared file, its first ``limit`` records whose response parses, with the table."""
    out: dict[str, list[tuple[dict[str, Any], ParsedTable]]] = {}
    for name in SOURCES:
        path = shared / "real" / f"{name}.jsonl"
        kept: list[tuple[dict[str, Any], ParsedTable]] = []
        for line in path.read_text(encoding="utf-8").splitlines()[:limit]:
            rec = json.loads(line)
            table = parse_response(rec["response"])
            if isinstance(table, ParsedTable) and table.headers:
                kept.append((rec, table))
        out[name] = kept
    return out


def evaluate(
    data: dict[str, list[tuple[dict[str, Any], ParsedTable]]],
    only: Collection[str] = (),
) -> list[dict[str, Any]]:
    """Per rewrite and mode (the rewrites named in ``only``, or all): tables rewritten, flags
    before, flags added and removed."""
    results = []
    base: dict[tuple[str, str], list[set[tuple[int | None, int, str]]]] = {}
    modes = {
        "gold": Config(matcher="lexical", headers="lenient", order="declared"),
        "referenceless": Config(
            matcher="lexical", headers="lenient", order="declared", reference="context"
        ),
    }
    every: dict[str, tuple[Callable[[list[str], Rows], Any], tuple[str, ...]]] = {
        **REWRITES,
        **RESHAPES,
    }
    for label, (rewrite, sources) in every.items():
        if only and label not in only:
            continue
        for mode, config in modes.items():
            row: dict[str, Any] = {"rewrite": label, "mode": mode, "tables": 0}
            row |= {"flags": 0, "added": 0, "removed": 0, "examples": []}
            for name in sources:
                pairs = [
                    (rec, t, rewrite(list(t.headers), [list(r) for r in t.rows()]))
                    for rec, t in data[name]
                ]
                kept = [(rec, t, new) for rec, t, new in pairs if new is not None]
                if not kept:
                    continue
                if (name, mode) not in base:
                    samples = [
                        _sample(
                            rec, markdown_table(list(t.headers), [list(r) for r in t.rows()]), mode
                        )
                        for rec, t in data[name]
                    ]
                    base[name, mode] = [
                        _cell_flags(d, list(t.headers))
                        for d, (_r, t) in zip(
                            detect_many(samples, config=config), data[name], strict=True
                        )
                    ]
                before_of = {
                    rec["id"]: f for (rec, _t), f in zip(data[name], base[name, mode], strict=True)
                }
                samples = [
                    _sample(rec, markdown_table(new[0], new[1]), mode) for rec, _t, new in kept
                ]
                for (rec, _t, new), diag in zip(
                    kept, detect_many(samples, config=config), strict=True
                ):
                    back = new[2] if len(new) > 2 else None
                    before, after = before_of[rec["id"]], _cell_flags(diag, new[0], back)
                    if len(new) > 3:  # merged columns: an old column's flag is the new one's
                        before = {(*new[3](r, c), t) for r, c, t in before}
                    row["tables"] += 1
                    row["flags"] += len(before)
                    row["added"] += len(after - before)
                    row["removed"] += len(before - after)
                    if after != before and len(row["examples"]) < 3:
                        row["examples"].append(rec["id"])
            results.append(row)
    return results


def _sample(rec: dict[str, Any], response: str, mode: str) -> dict[str, Any]:
    gold = None if mode == "referenceless" else rec["gt_table"]
    return {"response": response, "gold": gold, "context": rec["context"]}


def markdown(results: list[dict[str, Any]], limit: int, seconds: float) -> str:
    """The docs/accuracy.md section."""
    lines = [
        START,
        "## Style robustness: faithful rewrites of real tables",
        "",
        "*Generated by `python benchmarks/style_robustness.py` (`make accuracy`); do not edit "
        "by hand.*",
        "",
        "Other models write the same tables differently from the two models of `shared/real/`. "
        f"The first {limit} records of each shared file are rewritten in other models' styles "
        "(cells stay where they are, only their spelling changes) and scored again against the "
        "same gold and context, lenient headers. A faithful rewrite should change no verdict: "
        "the table counts the cell flags (attribute_distortion, blank_filling, "
        "entity_fabrication, out_of_range) each rewrite adds or removes. The measure is "
        "consistency, not accuracy.",
        "",
        "| rewrite | mode | tables | flags before | added | removed | e.g. |",
        "|---|---|---:|---:|---:|---:|---|",
    ]
    for r in results:
        eg = ", ".join(r["examples"]) or "-"
        lines.append(
            f"| {r['rewrite']} | {r['mode']} | {r['tables']} | {r['flags']} | {r['added']} "
            f"| {r['removed']} | {eg} |"
        )
    lines += ["", f"Wall time: {seconds:.0f} s.", END]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    ap.add_argument("--limit", type=int, default=200, help="records per shared file")
    ap.add_argument("--no-doc", action="store_true", help="do not rewrite docs/accuracy.md")
    ap.add_argument(
        "--only",
        action="append",
        default=[],
        help="run this rewrite only (repeatable; implies --no-doc)",
    )
    args = ap.parse_args(argv)
    if not (args.shared / "real").is_dir():
        print(f"style_robustness: no {args.shared / 'real'}; skipped", file=sys.stderr)
        return 0
    start = time.perf_counter()
    results = evaluate(load(args.shared, args.limit), args.only)
    seconds = time.perf_counter() - start
    for r in results:
        print(
            f"{r['rewrite']:22} {r['mode']:13} tables {r['tables']:4} flags {r['flags']:4} "
            f"added {r['added']:3} removed {r['removed']:3} {' '.join(r['examples'])}"
        )
    if not args.no_doc and not args.only:
        replace_section(DOC, START, END, markdown(results, args.limit, seconds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Generate a TableHallu-sized benchmark run for ``tablehallu score`` (seeded, synthetic).

Usage::

    python benchmarks/make_run.py                     # benchmarks/out/run.jsonl, 2000 samples
    python benchmarks/make_run.py --samples 500 --seed 3 --out /tmp/run.jsonl

Each sample has the shape of a TableHallu item answered by a model: a query with the column list
and the sort rule, paper-style ``constraints``, a ``distractor_context`` of 4 000-10 000
characters (every gold row stated, 2-4 distractor entities outside the query's scope, filler
prose), the ``gt_table`` with metadata (5-8 rows x 5-7 columns, at least one empty cell, sorted
by a numeric or date column), and a ``response`` in Markdown (after ``####``), JSON or LaTeX.
About 40% of the responses are faithful (some with harmless reformatting: ``N/A`` for an empty
cell, thousands separators); the rest carry the typical errors: rows out of order, a changed
value, a filled empty cell, a distractor row, an invented row, a dropped row, a renamed header,
a truncated table. Names are made from syllables, so nothing depends on real-world facts.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent / "out" / "run.jsonl"

SYLLABLES = [
    "kal",
    "mor",
    "ven",
    "dra",
    "sil",
    "tor",
    "bre",
    "nax",
    "lum",
    "hol",
    "qua",
    "rin",
    "sta",
    "vel",
    "dor",
    "mar",
    "pen",
    "cor",
    "fal",
    "gri",
    "tes",
    "lan",
    "bor",
    "mik",
    "sun",
    "ara",
    "eno",
    "ivo",
    "ost",
    "rel",
]
FIRST_NAMES = [
    "Ana",
    "Boris",
    "Clara",
    "Dmitri",
    "Elena",
    "Farid",
    "Greta",
    "Hugo",
    "Ines",
    "Jonas",
    "Keiko",
    "Liam",
    "Maya",
    "Nils",
    "Olga",
    "Pavel",
    "Rosa",
    "Sven",
    "Tara",
    "Umar",
    "Vera",
    "Wen",
    "Yusuf",
    "Zoe",
]
CATEGORIES = {
    "Region": ["North", "South", "East", "West", "Central", "Coastal"],
    "Sector": ["Energy", "Retail", "Logistics", "Software", "Health", "Mining"],
    "Status": ["Active", "Planned", "Suspended", "Completed"],
    "Category": ["Premium", "Standard", "Budget", "Limited"],
}
NUMERIC = {
    "Revenue (USD M)": (50, 9000),
    "Employees": (20, 60000),
    "Capacity (MW)": (5, 900),
    "Score": (10, 100),
    "Units Sold": (100, 250000),
    "Length (km)": (3, 600),
}
FLOATS = {"Rating": (1.0, 5.0), "Growth (%)": (-5.0, 25.0), "Share (%)": (0.5, 40.0)}
FILLER_WORDS = [
    "analysts",
    "observers",
    "the",
    "report",
    "market",
    "year",
    "region",
    "growth",
    "demand",
    "supply",
    "policy",
    "season",
    "several",
    "many",
    "recent",
    "strong",
    "weak",
    "steady",
    "figures",
    "committee",
    "review",
    "early",
    "late",
    "plan",
    "investment",
    "operations",
    "local",
    "national",
    "pressure",
    "trend",
    "outlook",
]
ERRORS = [
    ("clean", 0.40),
    ("swap", 0.12),
    ("distort", 0.15),
    ("fill", 0.08),
    ("distractor", 0.08),
    ("invent", 0.04),
    ("drop", 0.06),
    ("rename", 0.04),
    ("truncate", 0.03),
]


def _name(rng: random.Random, suffix: str) -> str:
    n = rng.choice((2, 2, 3))
    word = "".join(rng.choice(SYLLABLES) for _ in range(n)).capitalize()
    return f"{word} {suffix}".strip()


def _person(rng: random.Random) -> str:
    return f"{rng.choice(FIRST_NAMES)} {''.join(rng.choice(SYLLABLES) for _ in range(2)).title()}"


def _value(rng: random.Random, kind: str, header: str) -> Any:
    if kind == "int":
        lo, hi = NUMERIC[header]
        return rng.randint(lo, hi)
    if kind == "float":
        low, high = FLOATS[header]
        return round(rng.uniform(low, high), 1)
    if kind == "year":
        return rng.randint(1950, 2023)
    if kind == "date":
        return f"{rng.randint(2015, 2024)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    if kind == "person":
        return _person(rng)
    return rng.choice(CATEGORIES[header])


def _schema(rng: random.Random) -> list[tuple[str, str]]:
    ncols = rng.randint(5, 7)
    pool: list[tuple[str, str]] = [(h, "int") for h in NUMERIC]
    pool += [(h, "float") for h in FLOATS] + [(h, "cat") for h in CATEGORIES]
    pool += [("Founded", "year"), ("Launch Date", "date"), ("Director", "person")]
    rest = rng.sample(pool, ncols - 1)
    if not any(kind in ("int", "float", "year", "date") for _, kind in rest):
        rest[0] = ("Employees", "int")
    return [("Name", "key"), *rest]


def _sentence(rng: random.Random, header: list[str], row: list[Any]) -> str:
    parts = [
        f"{h.lower()} {'of' if i % 2 else 'at'} {v}"
        for i, (h, v) in enumerate(zip(header[1:], row[1:], strict=True))
        if v is not None
    ]
    rng.shuffle(parts)
    lead = rng.choice(("Records show that", "According to the filing,", "In the survey,", ""))
    return f"{lead} {row[0]} reported {', '.join(parts)}.".strip().replace("  ", " ")


def _filler(rng: random.Random) -> str:
    words = [rng.choice(FILLER_WORDS) for _ in range(rng.randint(12, 24))]
    return " ".join(words).capitalize() + "."


def _table(rng: random.Random, index: int) -> dict[str, Any]:
    schema = _schema(rng)
    suffix = rng.choice(("Group", "Labs", "Works", "Holdings", "Station", "Park", ""))
    nrows = rng.randint(5, 8)
    names: set[str] = set()
    while len(names) < nrows + 6:
        names.add(_name(rng, suffix))
    pool = sorted(names)
    rng.shuffle(pool)
    header = [h for h, _ in schema]
    rows = [[pool[i]] + [_value(rng, k, h) for h, k in schema[1:]] for i in range(nrows)]
    r, c = rng.randrange(nrows), rng.randrange(1, len(header))
    rows[r][c] = None
    sortable = [i for i, (_, k) in enumerate(schema) if k in ("int", "float", "year", "date")]
    sort_col = rng.choice(sortable)
    method = rng.choice(("ascending", "descending"))
    rows.sort(key=lambda row: (row[sort_col] is None, row[sort_col] or 0), reverse=False)
    if method == "descending":
        present = [row for row in rows if row[sort_col] is not None]
        rows = present[::-1] + [row for row in rows if row[sort_col] is None]
    distractors = [
        [pool[nrows + i]] + [_value(rng, k, h) for h, k in schema[1:]]
        for i in range(rng.randint(2, 4))
    ]
    invented = [pool[-1]] + [_value(rng, k, h) for h, k in schema[1:]]
    title = f"{suffix or 'Entity'} Overview {index}"
    return {
        "title": title,
        "header": header,
        "kinds": [k for _, k in schema],
        "rows": rows,
        "sort": (header[sort_col], method),
        "distractors": distractors,
        "invented": invented,
    }


def _context(rng: random.Random, t: dict[str, Any]) -> str:
    target = rng.randint(4_000, 10_000)
    facts = [_sentence(rng, t["header"], r) for r in t["rows"]]
    facts += [
        _sentence(rng, t["header"], d) + " It falls outside the period covered by the query."
        for d in t["distractors"]
    ]
    rng.shuffle(facts)
    text = " ".join(facts)
    fillers: list[str] = []
    while len(text) + sum(len(f) + 1 for f in fillers) < target:
        fillers.append(_filler(rng))
    parts = facts + fillers
    rng.shuffle(parts)
    return " ".join(parts)[: max(target, len(text))]


def _gt_table(t: dict[str, Any]) -> dict[str, Any]:
    return {
        "table": {t["title"]: [dict(zip(t["header"], r, strict=True)) for r in t["rows"]]},
        "metadata": {
            "table_info": {
                t["title"]: {
                    "rows": len(t["rows"]),
                    "columns": len(t["header"]),
                    "row_headers": [r[0] for r in t["rows"]],
                    "column_headers": t["header"],
                    "sort_column": t["sort"][0],
                    "sort_method": t["sort"][1],
                }
            }
        },
    }


def _perturb(
    rng: random.Random, t: dict[str, Any], error: str
) -> tuple[list[str], list[list[Any]]]:
    header = list(t["header"])
    rows = [list(r) for r in t["rows"]]
    if error == "swap":
        i = rng.randrange(len(rows) - 1)
        rows[i], rows[i + 1] = rows[i + 1], rows[i]
    elif error == "distort":
        i, c = rng.randrange(len(rows)), rng.randrange(1, len(header))
        kind, v = t["kinds"][c], rows[i][c]
        if kind in ("int", "year") and isinstance(v, int):
            rows[i][c] = v + rng.choice((-1, 1)) * rng.randint(1, 9)
        elif kind == "float" and isinstance(v, float):
            rows[i][c] = round(v + rng.choice((-1.3, 2.1)), 1)
        else:
            rows[i][c] = _value(rng, kind, header[c]) if kind != "date" else "2099-01-01"
    elif error == "fill":
        empty = [(i, c) for i, r in enumerate(rows) for c, v in enumerate(r) if v is None]
        i, c = empty[0]
        rows[i][c] = _value(rng, t["kinds"][c], header[c])
    elif error == "distractor":
        rows.append(list(t["distractors"][0]))
    elif error == "invent":
        rows.insert(rng.randrange(len(rows)), list(t["invented"]))
    elif error == "drop":
        rows.pop(rng.randrange(len(rows)))
    elif error == "rename":
        c = rng.randrange(1, len(header))
        header[c] = header[c].split(" (")[0] + " Value"
    return header, rows


def _cell(v: Any, harmless: bool) -> str:
    if v is None:
        return "N/A" if harmless else ""
    if harmless and isinstance(v, int) and not isinstance(v, bool) and v >= 10_000:
        return f"{v:,}"
    return str(v)


def _latex_escape(text: str) -> str:
    return text.replace("%", "\\%").replace("&", "\\&")


def _render(fmt: str, title: str, header: list[str], rows: list[list[Any]], harmless: bool) -> str:
    if fmt == "json":
        body = [dict(zip(header, r, strict=True)) for r in rows]
        return "```json\n" + json.dumps({title: body}, ensure_ascii=False) + "\n```"
    if fmt == "latex":
        lines = ["\\begin{tabular}{" + "l" * len(header) + "}", "\\hline"]
        lines.append(" & ".join(_latex_escape(h) for h in header) + " \\\\")
        lines.append("\\hline")
        lines += [
            " & ".join(_latex_escape(_cell(v, harmless) or "-") for v in r) + " \\\\" for r in rows
        ]
        lines += ["\\hline", "\\end{tabular}"]
        return "\n".join(lines)
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(v, harmless) for v in r) + " |" for r in rows]
    return "Here is the table.\n####\n" + "\n".join(lines)


def make_sample(rng: random.Random, index: int) -> dict[str, Any]:
    """One benchmark record."""
    t = _table(rng, index)
    error = rng.choices([e for e, _ in ERRORS], weights=[w for _, w in ERRORS])[0]
    fmt = rng.choices(("markdown", "json", "latex"), weights=(0.7, 0.2, 0.1))[0]
    header, rows = _perturb(rng, t, error)
    response = _render(fmt, t["title"], header, rows, harmless=rng.random() < 0.3)
    if error == "truncate":
        response = response[: len(response) * 2 // 3]
    cols = ", ".join(f'"{h}"' for h in t["header"])
    col, method = t["sort"]
    return {
        "id": f"bench-{index:05d}",
        "model": rng.choice(("model-x", "model-y")),
        "format": fmt,
        "injected": error,
        "query": (
            f"Please create a table summarizing the {t['title']} based on the context. The table "
            f"should have the following columns in this sequence: {cols}. Sort the table by "
            f'"{col}" in {method} order.'
        ),
        "constraints": {"entity_scope": [t["title"]], "sort_column": col, "sort_order": method},
        "distractor_context": _context(rng, t),
        "gt_table": _gt_table(t),
        "response": response,
    }


def main(argv: list[str] | None = None) -> None:
    """Write the run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        for i in range(args.samples):
            f.write(json.dumps(make_sample(rng, i), ensure_ascii=False) + "\n")
    print(f"wrote {args.samples} samples to {args.out}")


if __name__ == "__main__":
    main()

"""Header check (the first level of Algorithm 1) and lenient column alignment.

Headers are compared after :func:`tablehallu.normalize.normalize_header` (markup, case, whitespace).
In ``strict`` mode any difference, including order, is a ``format_error``. In ``lenient`` mode gold
and predicted columns are aligned one-to-one — equal normalised headers first, then the most
similar remaining pairs (rapidfuzz, at least ``Config.header_match_threshold``; never two headers
that name different numbers, "Points in 1st quarter" / "Points in 3rd and 4th quarter") — and
each deviation is reported (``missing_column``, ``extra_column``, ``renamed_column``,
``column_order``).
Two headers that name the same attribute in the grounding vocabulary ("FG%" / "Percentage of
field goals", "W" / "Wins"; ``Config.header_concepts``) are paired by likeness of spelling
with no header of another attribute ("Home Wins" is not "Wins" when "W" is), and align (matcher
``concept``) when no rule of spelling pairs them. Before the similarity
pass, two headers that are the same once their declared unit is removed
("Distance (yards)" / "Distance (meters)", :func:`~tablehallu.normalize.header_base`) align
(``renamed_column``, matcher ``unit``); after it, a header that abbreviates or initialises the
other ("Pts" / "Points", "FGA" / "Field Goals Attempted") aligns (matcher ``abbreviation`` or
``acronym``, the cell cascade's rules); lenient mode then aligns the columns still unpaired by
their values (:mod:`tablehallu.detectors.stages.columns`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from rapidfuzz import fuzz

from tablehallu.config import Config
from tablehallu.detectors.grounding.attributes import Features, header_features
from tablehallu.detectors.matching import MORPHOLOGY_SCORE, abbreviation_rule
from tablehallu.normalize import header_base, header_unit, normalize_header, stems, tokens
from tablehallu.normalize.forms import ORDINAL_NAMES


@dataclass(frozen=True)
class HeaderIssue:
    """One deviation of the predicted header row from the gold one; ``matcher`` names the rule
    that aligned the columns (``header``: by name; ``unit``: the same name with another unit;
    ``values``: the columns hold the same values)."""

    subtype: str
    column: str | None
    predicted: str | None
    expected: str | None
    explanation: str
    score: float | None = None
    matcher: str = "header"


@dataclass(frozen=True)
class ColumnJoin:
    """Columns split or merged: the gold columns ``gold`` hold what the predicted columns
    ``pred`` hold, joined with ``sep`` on the side that has one column ("Name" = "First name"
    + "Last name"; "W-L" = "Wins", "Losses")."""

    gold: tuple[int, ...]
    pred: tuple[int, ...]
    sep: str

    @property
    def split(self) -> bool:
        """One gold column written as several predicted ones."""
        return len(self.gold) == 1


@dataclass(frozen=True)
class Alignment:
    """``pred_for_gold[g]`` is the predicted column index aligned with gold column g, or None;
    ``joins`` the split or merged columns (their gold columns have None there)."""

    pred_for_gold: tuple[int | None, ...]
    issues: tuple[HeaderIssue, ...]
    joins: tuple[ColumnJoin, ...] = ()

    @property
    def identical(self) -> bool:
        """True when the headers agree exactly (after normalisation) in content and order."""
        return not self.issues

    @property
    def used_pred(self) -> frozenset[int]:
        """Predicted columns that stand for gold columns (aligned, or part of a join)."""
        used = {p for p in self.pred_for_gold if p is not None}
        for j in self.joins:
            used.update(j.pred)
        return frozenset(used)

    @property
    def covered_gold(self) -> frozenset[int]:
        """Gold columns the prediction gives (aligned, or part of a join)."""
        covered = {g for g, p in enumerate(self.pred_for_gold) if p is not None}
        for j in self.joins:
            covered.update(j.gold)
        return frozenset(covered)


def header_similarity(a: str, b: str) -> float:
    """Similarity in [0, 1] of two normalised header strings.

    The best of plain ratio, word-order-insensitive ratio, and 0.9 x the subset ratio (so that
    "Top AI Company" aligns with "Top AI Company Invested", a little below an exact rename).
    """
    return (
        max(fuzz.ratio(a, b), fuzz.token_sort_ratio(a, b), 0.9 * fuzz.token_set_ratio(a, b)) / 100.0
    )


_ORDINAL_WORDS: dict[str, str] = {w: str(i) for i, w in enumerate(ORDINAL_NAMES, 1)}
_ORDINAL_SUFFIXES = ("st", "nd", "rd", "th")


def header_numerals(header: str) -> frozenset[str]:
    """The numbers a normalised header names, ordinals read as numbers ("Points in 3rd and 4th
    quarter" -> {"3", "4"}; "Second half" -> {"2"}; "2019 Revenue" -> {"2019"})."""
    found: set[str] = set()
    for word in tokens(header):
        if word.isdigit():
            found.add(str(int(word)))
        elif word[:-2].isdigit() and word[-2:] in _ORDINAL_SUFFIXES:
            found.add(str(int(word[:-2])))
        elif word in _ORDINAL_WORDS:
            found.add(_ORDINAL_WORDS[word])
    return frozenset(found)


def _other_numerals(a: str, b: str) -> bool:
    """Both headers name numbers, and not the same ones: another quarter, year or rank of the
    same quantity ("Points in 1st quarter" / "Points in 3rd and 4th quarter"), never the same
    column by its name."""
    na, nb = header_numerals(a), header_numerals(b)
    return bool(na) and bool(nb) and na != nb


def align_headers(pred: Sequence[str], gold: Sequence[str], config: Config) -> Alignment:
    """Compare predicted with gold headers and align them one-to-one."""
    pn = [normalize_header(h) for h in pred]
    gn = [normalize_header(h) for h in gold]
    if pn == gn:
        return Alignment(tuple(range(len(gold))), ())
    pred_for_gold: list[int | None] = [None] * len(gold)
    used: set[int] = set()
    for g, name in enumerate(gn):
        for p, pname in enumerate(pn):
            if p not in used and pname == name:
                pred_for_gold[g] = p
                used.add(p)
                break
    renamed: list[HeaderIssue] = []

    def rename(g: int, p: int, score: float, matcher: str = "header", why: str = "") -> None:
        pred_for_gold[g] = p
        used.add(p)
        explanation = f"column {gold[g]!r} is headed {pred[p]!r}" + (f" ({why})" if why else "")
        renamed.append(
            HeaderIssue("renamed_column", gold[g], pred[p], gold[g], explanation, score, matcher)
        )

    # the same quantity in another unit: "Distance (yards)" / "Distance (meters)"
    for g in range(len(gold)):
        if pred_for_gold[g] is not None:
            continue
        base = header_base(gold[g])
        for p in range(len(pred)):
            if p in used or not base or header_base(pred[p]) != base:
                continue
            if header_unit(pred[p]) == header_unit(gold[g]):
                continue
            rename(g, p, 1.0, "unit", "the same quantity in another unit")
            break
    scored = sorted(
        (
            (header_similarity(gn[g], pn[p]), g, p)
            for g in range(len(gold))
            if pred_for_gold[g] is None
            for p in range(len(pred))
            if p not in used
        ),
        key=lambda t: (-t[0], t[1], t[2]),
    )
    # a header as near to two gold headers ("Rebounds": "Defensive rebounds", "Total
    # rebounds") is not aligned by its name; the columns' values decide (lenient headers)
    best_for_pred: dict[int, list[float]] = {}
    for score, _g, p in scored:
        best_for_pred.setdefault(p, []).append(score)
    ambiguous = {
        p for p, scores in best_for_pred.items() if len(scores) > 1 and scores[0] == scores[1]
    }
    # headers that name the same attribute by the grounding vocabulary: no likeness of
    # spelling pairs either with a header of another attribute
    mates: dict[tuple[str, int], int] = {}
    if config.header_concepts:
        for g, p in same_attributes(
            [h if pred_for_gold[g] is None else None for g, h in enumerate(gold)],
            # a header as near to two gold headers by name is left to the values
            [h if p not in used and p not in ambiguous else None for p, h in enumerate(pred)],
        ):
            mates[("gold", g)], mates[("pred", p)] = p, g
    for score, g, p in scored:
        if score < config.header_match_threshold:
            break
        if pred_for_gold[g] is not None or p in used or (p in ambiguous and score < 1.0):
            continue
        if _other_numerals(gn[g], pn[p]):
            continue
        if _mated_elsewhere(mates, g, p) and header_features(gold[g]) != header_features(pred[p]):
            continue  # "Home Wins" is near "Wins" by spelling, and "W" is its attribute
        rename(g, p, score)
    # abbreviated or initialised names: "Pts" / "Points", "Def Reb" / "Defensive Rebounds",
    # "FGA" / "Field Goals Attempted" (the cell cascade's rules, on the header text)
    for g in range(len(gold)):
        if pred_for_gold[g] is not None:
            continue
        for p in range(len(pred)):
            if p in used:
                continue
            rule = abbreviated_name(gn[g], pn[p])
            if rule is None:
                continue
            rename(g, p, MORPHOLOGY_SCORE, rule, f"an {rule}")
            break
    for (side, g), p in mates.items():
        if side == "gold" and pred_for_gold[g] is None and p not in used:
            rename(g, p, MORPHOLOGY_SCORE, "concept", "the same attribute")
    return build_alignment(pred, gold, pred_for_gold, renamed)


def _mated_elsewhere(mates: dict[tuple[str, int], int], g: int, p: int) -> bool:
    return mates.get(("gold", g), p) != p or mates.get(("pred", p), g) != g


def same_attributes(
    gold: Sequence[str | None], pred: Sequence[str | None]
) -> list[tuple[int, int]]:
    """(gold, predicted) index pairs of headers that name the same attribute in the grounding
    vocabulary (:func:`~tablehallu.detectors.grounding.attributes.header_features`: concepts,
    other words, period number, role), each the only one of its side to name it; None entries
    are skipped."""

    def named(headers: Sequence[str | None]) -> dict[int, Features]:
        found = {
            i: header_features(h)
            for i, h in enumerate(headers)
            # "FGM/FGA" joins two names: no one attribute ("3-pointers made" is one)
            if h is not None and not any(j in normalize_header(h) for j in _NAME_JOINS[0])
        }
        return {i: f for i, f in found.items() if f.concepts}

    g_features, p_features = named(gold), named(pred)
    g_count = Counter(g_features.values())
    p_count = Counter(p_features.values())
    by_features = {f: p for p, f in p_features.items() if p_count[f] == 1}
    return [
        (g, by_features[f]) for g, f in g_features.items() if g_count[f] == 1 and f in by_features
    ]


def abbreviated_name(a: str, b: str) -> str | None:
    """``acronym`` or ``abbreviation`` when one normalised header abbreviates the other, else
    None (:func:`tablehallu.detectors.matching.abbreviation_rule`)."""
    return abbreviation_rule(a, b)


def build_alignment(
    pred: Sequence[str],
    gold: Sequence[str],
    pred_for_gold: Sequence[int | None],
    renamed: Sequence[HeaderIssue],
    joins: Sequence[ColumnJoin] = (),
) -> Alignment:
    """The alignment with its issues: the renamed (and split/merged) columns given, then every
    gold column not covered (``missing_column``), every predicted column not used
    (``extra_column``), and ``column_order`` when the aligned columns come in another order."""
    issues = list(renamed)
    alignment = Alignment(tuple(pred_for_gold), (), tuple(joins))
    covered, used = alignment.covered_gold, alignment.used_pred
    for g in range(len(gold)):
        if g not in covered:
            issues.append(
                HeaderIssue("missing_column", gold[g], None, gold[g], f"column {gold[g]!r} missing")
            )
    for p in range(len(pred)):
        if p not in used:
            issues.append(
                HeaderIssue(
                    "extra_column", pred[p], pred[p], None, f"column {pred[p]!r} is not in the gold"
                )
            )
    aligned = [p for p in pred_for_gold if p is not None]
    if aligned != sorted(aligned):
        issues.append(
            HeaderIssue(
                "column_order",
                None,
                ", ".join(pred),
                ", ".join(gold),
                "columns are in another order than the gold's",
            )
        )
    return Alignment(tuple(pred_for_gold), tuple(issues), tuple(joins))


#: Issues that pair columns (kept when the alignment is rebuilt).
ALIGNED = frozenset({"renamed_column", "split_column", "merged_column"})
#: Most unpaired (gold, predicted) header pairs the loose name rules look at (bounds hostile input).
MAX_LOOSE_PAIRS = 10_000
#: Joining words a contracted or extended header may leave out ("Place of Birth" / "PoB").
_JOINING = frozenset({"of", "and", "the", "for", "in", "on", "at", "a", "an", "per"})
#: Fewest letters of a word prefix that stands for the word ("Qual" / "Qualifying").
MIN_PREFIX = 3
#: Longest header (letters and digits, words) the contraction rule searches (bounds the search).
MAX_CONTRACTED = 16
MAX_WORDS = 8


def contracts(short: str, long_: str) -> bool:
    """``short`` is ``long_`` contracted: its letters run through every word of ``long_`` in
    order (joining words such as "of" may be left out), each word giving its first letter and
    then any of its other letters in order ("DRB" / "Defensive rebounds", "D-Reb", "3PA" /
    "3-pointers attempted", "FT made" / "Free throws made", "TO" / "Turnovers", "PoB" / "Place
    of Birth"). Shorter than ``long_`` by construction."""
    s = "".join(tokens(short))
    words = tokens(long_)
    content = [w for w in words if w not in _JOINING]
    if not (2 <= len(s) <= MAX_CONTRACTED) or not content or len(words) > MAX_WORDS:
        return False
    if len(s) >= sum(len(w) for w in content) or tokens(short) == words:
        return False
    seen: dict[tuple[int, int], bool] = {}

    def fits(i: int, j: int) -> bool:
        # s[i:] is a contraction of words[j:]
        if j == len(words):
            return i == len(s)
        key = (i, j)
        if key in seen:
            return seen[key]
        word = words[j]
        ok = word in _JOINING and fits(i, j + 1)
        if not ok and i < len(s) and s[i] == word[0]:
            k, pos = i + 1, 1
            ok = fits(k, j + 1)
            while not ok and k < len(s):
                pos = word.find(s[k], pos) + 1  # the next letter later in the word
                if pos == 0:
                    break
                k += 1
                ok = fits(k, j + 1)
        seen[key] = ok
        return ok

    return fits(0, 0)


def extends(short: str, long_: str) -> bool:
    """``long_`` says what ``short`` says with more words, each word of ``short`` standing, in
    order, for a word of ``long_`` (the same word or stem, or a prefix of ``MIN_PREFIX`` letters
    or more): "Qual" / "Qualifying Speed", "Finish" / "Finishing Position", "Rank" / "Ranking"."""
    sw = [w for w in tokens(short) if w not in _JOINING]
    lw = [w for w in tokens(long_) if w not in _JOINING]
    if not sw or len(sw) > len(lw) or tokens(short) == tokens(long_):
        return False
    j = 0
    for w in sw:
        while j < len(lw) and not _stands_for(w, lw[j]):
            j += 1
        if j == len(lw):
            return False
        j += 1
    return True


def _stands_for(short: str, word: str) -> bool:
    if short == word:
        return True
    if short.isdigit() or word.isdigit():
        return False
    if len(short) >= MIN_PREFIX and word.startswith(short):
        return True
    return stems(short) == stems(word)


def loose_name_rule(a: str, b: str) -> str | None:
    """``contraction`` or ``extension`` when one header contracts or extends the other (either
    way round), else None."""
    if contracts(a, b) or contracts(b, a):
        return "contraction"
    if extends(a, b) or extends(b, a):
        return "extension"
    return None


def names_column(a: str, b: str, config: Config) -> bool:
    """Whether the normalised header ``a`` names the column ``b`` heads: the same, spelt alike
    (``Config.header_match_threshold``), abbreviated, contracted or extended."""
    return (
        a == b
        or header_similarity(a, b) >= config.header_match_threshold
        or abbreviated_name(a, b) is not None
        or loose_name_rule(a, b) is not None
    )


#: How a header joins the names of two or more columns: "FGM/FGA", "W-L", "Wins & Losses"
#: (tried in order; the first set that cuts the header in two or more names is used).
_NAME_JOINS = (("/", "&", "+", ",", ";", " and "), ("-",))
#: Separators tried, in order, for joined values ("Smith, John", "10-5", "3/4", "John Smith").
SEPARATORS = (" - ", "-", "–", "/", ", ", ",", ":", "; ", " ")


def name_parts(header: str) -> list[str]:
    """The column names a header joins ("FGM/FGA" -> "fgm", "fga"); one name when it joins
    none."""
    name = normalize_header(header)
    for joiners in _NAME_JOINS:
        cut = name
        for joiner in joiners:
            cut = cut.replace(joiner, "\x00")
        parts = [x.strip() for x in cut.split("\x00") if x.strip()]
        if len(parts) >= 2:
            return parts
    return [name]


def _cell_separator(cells: Sequence[str], parts: int) -> str:
    """The separator that cuts the most of ``cells`` into ``parts`` values ("8/12" -> "/")."""
    best, hits = " ", 0
    for sep in SEPARATORS:
        found = sum(1 for c in cells if len(c.strip().split(sep)) == parts)
        if found > hits:
            best, hits = sep, found
    return best


#: A cell holding a count's two sides ("9-12", "9/12", "9 - 12"): made, then attempted. Only
#: the forms a separator of SEPARATORS cuts ("9 of 12" is read in grounding, not joined here)
_PAIR_CELL_RE: Final = re.compile(r"(\d{1,4})\s*[-–/]\s*(\d{1,4})")


def _made_and_attempted(
    header: str, others: Sequence[str], free: dict[int, str], cells: Sequence[str], share: float
) -> tuple[int, int] | None:
    """The (made, attempted) columns among ``free`` of ``others`` that ``header`` holds as one
    pair per cell: it names one attribute with no role, each of them that attribute with the
    role "made" and "attempted" (the only ones), and at least ``share`` of its
    ``cells`` are pairs whose first number is not above the second ("9-12")."""
    if not cells or any(j in normalize_header(header) for j in _NAME_JOINS[0]):
        return None
    own = header_features(header)
    if not own.concepts or own.role is not None:
        return None
    roles: dict[str, list[int]] = {}
    for col in free:
        f = header_features(others[col])
        if f.concepts == own.concepts and f.stems == own.stems and f.ordinal == own.ordinal:
            roles.setdefault(f.role or "", []).append(col)
    made, tried = roles.get("made", []), roles.get("attempted", [])
    if len(made) != 1 or len(tried) != 1:
        return None
    pairs = [hit for c in cells if (hit := _PAIR_CELL_RE.fullmatch(c))]
    if len(pairs) < share * len(cells):
        return None
    if any(int(hit.group(1)) > int(hit.group(2)) for hit in pairs):
        return None
    return made[0], tried[0]


def _named_parts(header: str, free: dict[int, str], config: Config) -> tuple[int, ...] | None:
    """The columns of ``free`` (normalised names by index) that the names ``header`` joins
    ("FGM/FGA") name, one each, in order; None when it joins none or one is not found."""
    parts = name_parts(header)
    if len(parts) < 2 or len(parts) > len(free):
        return None
    chosen: list[int] = []
    for part in parts:
        fits = [m for m in free if names_column(part, free[m], config)]
        if len(fits) != 1 or fits[0] in chosen:
            return None
        chosen.append(fits[0])
    return tuple(chosen)


def _join_issue(
    gold: Sequence[str],
    pred: Sequence[str],
    one: int,
    parts: tuple[int, ...],
    split: bool,
    how: str,
) -> HeaderIssue:
    """The ``split_column`` (gold column ``one`` as predicted ``parts``) or ``merged_column``
    (gold ``parts`` as predicted column ``one``) issue of a join found ``how``."""
    if split:
        shown = " + ".join(pred[p] for p in parts)
        return HeaderIssue(
            "split_column",
            gold[one],
            shown,
            gold[one],
            f"column {gold[one]!r} is split into {shown} ({how})",
            MORPHOLOGY_SCORE,
            matcher="names",
        )
    shown = " + ".join(gold[g] for g in parts)
    return HeaderIssue(
        "merged_column",
        gold[parts[0]],
        pred[one],
        shown,
        f"columns {shown} are merged into {pred[one]!r} ({how})",
        MORPHOLOGY_SCORE,
        matcher="names",
    )


def align_loosely(
    pred: Sequence[str],
    gold: Sequence[str],
    alignment: Alignment,
    config: Config,
    pred_rows: Sequence[Sequence[str]] = (),
    gold_rows: Sequence[Sequence[str]] = (),
) -> Alignment:
    """``alignment`` with the columns still unpaired after names and values paired by looser
    name rules (lenient mode; they only pair what is left):

    - a header that joins the names of several unpaired columns of the other side ("FGM/FGA"
      beside "Field goals made" and "Field goals attempted"; "W-L" beside "Wins" and "Losses")
      is a ``merged_column`` (or ``split_column``) with matcher ``names``, its cells cut at the
      separator most of them use;
    - a header that contracts or extends another (:func:`loose_name_rule`: "DRB" / "Defensive
      rebounds", "Qual" / "Qualifying Speed") is a ``renamed_column`` when neither has another
      such candidate among the unpaired columns ("Year" beside "Year of Birth" and "Year of
      Death" pairs with neither)."""
    free_g = [g for g in range(len(gold)) if g not in alignment.covered_gold]
    free_p = [p for p in range(len(pred)) if p not in alignment.used_pred]
    if not free_g or not free_p or len(free_g) * len(free_p) > MAX_LOOSE_PAIRS:
        return alignment
    gn = {g: normalize_header(gold[g]) for g in free_g}
    pn = {p: normalize_header(pred[p]) for p in free_p}
    kept = [i for i in alignment.issues if i.subtype in ALIGNED]
    joins = list(alignment.joins)
    # joined names: one header naming two or more unpaired columns of the other side ("FGM/FGA"),
    # or a count's two sides in one column ("FG": "9-12" beside "FG made" and "FG attempted")
    for one_side, many_side, split in ((pn, gn, False), (gn, pn, True)):
        headers, others = (gold, pred) if split else (pred, gold)
        side_rows = gold_rows if split else pred_rows
        for one in sorted(one_side):
            cells = [r[one] for r in side_rows if one < len(r)]
            chosen = _named_parts(headers[one], many_side, config)
            how = "by their names"
            if chosen is None:
                filled = [c.strip() for c in cells if c.strip()]
                share = config.header_pair_share
                chosen = _made_and_attempted(headers[one], others, many_side, filled, share)
                how = "one pair per cell, by their names"
            if chosen is None:
                continue
            sep = _cell_separator(cells, len(chosen))
            joins.append(
                ColumnJoin((one,), chosen, sep) if split else ColumnJoin(chosen, (one,), sep)
            )
            kept.append(_join_issue(gold, pred, one, chosen, split, how))
            for m in chosen:
                del many_side[m]
            del one_side[one]
    rules: dict[tuple[int, int], str] = {}
    for g in gn:
        for p in pn:
            rule = loose_name_rule(gn[g], pn[p])
            if rule is not None:
                rules[g, p] = rule
    per_g = Counter(g for g, _ in rules)
    per_p = Counter(p for _, p in rules)
    pred_for_gold = list(alignment.pred_for_gold)
    for (g, p), rule in sorted(rules.items()):
        if per_g[g] != 1 or per_p[p] != 1:
            continue  # ambiguous: "Year" beside "Year of Birth" and "Year of Death"
        pred_for_gold[g] = p
        kept.append(
            HeaderIssue(
                "renamed_column",
                gold[g],
                pred[p],
                gold[g],
                f"column {gold[g]!r} is headed {pred[p]!r} (a {rule} of the name)",
                MORPHOLOGY_SCORE,
                matcher=rule,
            )
        )
    if tuple(pred_for_gold) == alignment.pred_for_gold and len(joins) == len(alignment.joins):
        return alignment
    return build_alignment(pred, gold, pred_for_gold, kept, joins)

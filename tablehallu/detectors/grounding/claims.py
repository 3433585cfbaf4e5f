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
field may state anywhere.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from rapidfuzz.distance import OSA

from tablehallu.config import Config
from tablehallu.detectors.grounding.attributes import (
    WINDOW,
    Features,
    fits,
    header_features,
    window_features,
)
from tablehallu.detectors.grounding.document import (
    Document,
    NumberMention,
    index_document,
    regions_around,
)
from tablehallu.detectors.grounding.entities import (
    OTHER,
    Attribution,
    Mention,
    attribute,
    find_mentions,
    name_words,
)
from tablehallu.detectors.grounding.keys import MONTHS
from tablehallu.normalize import TypedCell, stems

STATED: Final = "stated"
CONTRADICTED: Final = "contradicted"
UNSTATED: Final = "unstated"

_CLAUSE_WORDS: Final = frozenset(
    {"and", "with", "while", "but", "whereas", "including", "as", "when", "after", "before"}
)
_STOP_AT: Final = frozenset({",", ";", ":", "(", ")", "."})
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
    ]
)
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
# items of a list value (stripped afterwards: no leading \s*, which would rescan runs of spaces)
_ITEM_SPLIT_RE: Final = re.compile(r"[,;/&]|\band\b")
_WORD_RE: Final = re.compile(r"[^\W_]+(?:[.,'’][^\W_]+)*")
_RESPELL_MIN: Final = 4
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


def _is_year(value: float) -> bool:
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


@dataclass
class Grounder:
    """A context prepared for the claims of one table: entities found once, claims checked many
    times. ``names`` holds each entity's row-key text (or several spellings of it: a predicted
    and a gold one); ``subject`` makes every sentence about one entity (its index)."""

    context: str
    names: tuple[str | tuple[str, ...], ...]
    config: Config
    subject: int | None = None

    def __post_init__(self) -> None:
        regions = None
        if self.subject is None:
            # only the sentences that name an entity (and those that continue about it) are read
            words = frozenset(
                w[: max(4, len(w) - 2)]  # a prefix also finds a misspelt ending ("Mindaugus")
                for entry in self.names
                for name in ((entry,) if isinstance(entry, str) else entry)
                for w in name_words(name)
                if len(w) >= 3
            )
            regions = regions_around(self.context, words)
        self.doc: Document = index_document(self.context, regions)
        self.mentions: tuple[tuple[Mention, ...], ...] = find_mentions(self.doc, self.names)
        self._extra = tuple(tuple(g) for g in self.config.grounding_synonyms)
        # windows stop at the next number ("17 points and four assists")
        self._number_starts = frozenset(m.first for m in self.doc.numbers)
        self._who_cache: dict[int, Attribution] = {}
        self._window_cache: dict[
            NumberMention, tuple[tuple[frozenset[str], frozenset[str], int | None], ...]
        ] = {}

    # -- helpers -----------------------------------------------------------------------------
    def _who(self, i: int) -> Attribution:
        """Whom number ``i`` of the document is about (worked out once per grounder)."""
        found = self._who_cache.get(i)
        if found is None:
            found = attribute(self.doc, self.mentions, self.doc.numbers[i], self.subject)
            self._who_cache[i] = found
        return found

    def _evidence(
        self, sentence: int, first: int | None = None, last: int | None = None
    ) -> Evidence:
        s, e = self.doc.sentence_span(sentence)
        vs = self.doc.tokens[first].start if first is not None else None
        ve = self.doc.tokens[last].end if last is not None else None
        return Evidence(self.doc.raw[s:e], s, e, vs, ve)

    def entity_sentences(self, entity: int) -> list[int]:
        """Sentences about ``entity``: naming it, or following one that does as its subject."""
        if self.subject is not None:
            return list(range(len(self.doc.sentences)))
        out: list[int] = []
        subject_of_last: int | None = None
        for s, ms in enumerate(self.mentions):
            if ms:
                subject_of_last = ms[0].entity
                if any(m.entity == entity for m in ms):
                    out.append(s)
            elif subject_of_last == entity:
                out.append(s)
        return out

    def _windows(
        self, m: NumberMention
    ) -> tuple[tuple[frozenset[str], frozenset[str], int | None], ...]:
        """Features of the words after and before a number (never across another number, a
        comma, a semicolon or a bracket); read once per number (every claim asks again)."""
        found = self._window_cache.get(m)
        if found is None:
            found = self._window_cache[m] = self._read_windows(m)
        return found

    def _read_windows(
        self, m: NumberMention
    ) -> tuple[tuple[frozenset[str], frozenset[str], int | None], ...]:
        toks = self.doc.tokens
        a, b = self.doc.sentences[m.sentence]
        first = m.pair_first if m.pair_first is not None else m.first
        last = m.pair_last if m.pair_last is not None else m.last
        after: list[str] = []
        k = last + 1
        if k < b and toks[k].text in {"%", "percent", "pct"}:
            k += 1
        if k + 1 < b and toks[k].text == "," and m.role in {"first", "second"}:
            k += 1  # "outscored the Thunder, 44 - 22, in the paint"
        starts = self._number_starts
        while k < b and len(after) < WINDOW and toks[k].text not in _STOP_AT and k not in starts:
            if toks[k].text in _CLAUSE_WORDS:
                break  # "20 points and 10 rebounds": the next number's words
            if toks[k].text != "-":
                after.append(toks[k].text)
            k += 1
        before: list[str] = []
        k = first - 1
        if k > a and toks[k].text == "(" and last + 1 < b and toks[last + 1].text == ")":
            k -= 1  # "rebounds (15)"
        while k >= a and len(before) < WINDOW and toks[k].text not in _STOP_AT:
            if toks[k].digits or k in starts or toks[k].text in _CLAUSE_WORDS:
                break
            before.insert(0, toks[k].text)
            k -= 1
        return window_features(after, self._extra), window_features(before, self._extra)

    def _elided(self, m: NumberMention) -> frozenset[str]:
        """The attribute of the previous number of the sentence, for a bare number that leaves
        its noun out."""
        before = [x for x in self.doc.numbers if x.sentence == m.sentence and x.last < m.first]
        if not before:
            return frozenset()
        (ac, _aw, _ao), (bc, _bw, _bo) = self._windows(before[-1])
        return ac or bc

    def _near_words(self, m: NumberMention) -> set[str]:
        a, b = self.doc.sentences[m.sentence]
        return {t.text for t in self.doc.tokens[max(a, m.first - 3) : min(b, m.last + 4)]}

    def _is_score(self, m: NumberMention) -> bool:
        """A two-sided pair after a result verb, or after two named entities, is a score."""
        if m.role not in {"first", "second"}:
            return False
        a, _b = self.doc.sentences[m.sentence]
        first = m.pair_first if m.pair_first is not None else m.first
        if any(t.text.startswith(_RESULT_VERBS) for t in self.doc.tokens[a:first]):
            return True
        return sum(1 for x in self.mentions[m.sentence] if x.last < first) >= 2

    def _fits(self, header: Features, m: NumberMention) -> bool:
        if m.aggregate or m.approximate:
            return False
        if (header.role == "percent") != m.percent:
            return False
        if m.attribute_hint is not None:
            return header.concepts == {m.attribute_hint} and not header.stems
        role = m.role
        (ac, aw, ao), (bc, bw, bo) = self._windows(m)
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
        if header.role is None and role == "attempted":
            return False
        if role in {"win", "loss"}:
            return role in header.concepts and header.concepts <= {"win", "loss"}
        if ac and not ac <= header.concepts:
            concepts, words, ordinal = ac, aw, ao  # the number's own noun names another attribute
        else:
            concepts, words = ac | bc, aw | bw
            ordinal = ao if ao is not None else bo
        if not concepts and self._is_score(m):
            concepts = frozenset({"point"})
        if not ac and not aw and not bc and m.role is None:
            concepts = self._elided(m)  # "Jackson scored 22 points and Morris added 20"
        if header.ordinal != ordinal:
            return False
        return fits(header, concepts, words)

    # -- claims ------------------------------------------------------------------------------
    def check(self, entity: int, attribute_name: str, value: TypedCell) -> ClaimVerdict:
        """The status of "``names[entity]``'s ``attribute_name`` is ``value``"."""
        if value.kind == "null":
            return ClaimVerdict(UNSTATED, reason="empty cell")
        if value.kind == "number" and value.number is not None:
            return self._check_number(entity, attribute_name, value)
        if value.kind == "date" and value.date is not None:
            return self._check_date(entity, value)
        return self._check_text(entity, value)

    def _check_number(self, entity: int, attribute_name: str, value: TypedCell) -> ClaimVerdict:
        assert value.number is not None
        number = value.number
        header = header_features(attribute_name, self._extra)
        year_like = _is_year(number.value)
        percent = header.role == "percent" or number.unit == "%"
        tol = self.config.grounding_percent_tolerance if percent else 1e-9
        readings = {abs(number.value), abs(number.magnitude)}
        if percent:
            readings |= {abs(number.value) * 100, abs(number.value) / 100}
        contradiction: NumberMention | None = None
        for i, m in enumerate(self.doc.numbers):
            who = self._who(i)
            if entity not in who.entities:
                continue
            said = {abs(m.value), abs(m.value) * m.scale}
            equal = any(abs(x - y) <= tol for x in readings for y in said)
            if equal and (year_like or self.subject is not None) and not m.approximate:
                return ClaimVerdict(STATED, self._evidence(m.sentence, m.first, m.last))
            if not self._fits(header, m):
                continue
            if equal:
                return ClaimVerdict(STATED, self._evidence(m.sentence, m.first, m.last))
            if contradiction is None and self._contradicts(entity, header, m, who, year_like):
                contradiction = m
        if contradiction is not None:
            m = contradiction
            written = self.doc.raw[self.doc.tokens[m.first].start : self.doc.tokens[m.last].end]
            return ClaimVerdict(
                CONTRADICTED,
                self._evidence(m.sentence, m.first, m.last),
                f"{m.value:g}",
                f"the text gives {written!r} for this entity and attribute",
            )
        return ClaimVerdict(UNSTATED, reason="no number in the text for this entity and attribute")

    def _sole(self, entity: int, m: NumberMention, who: Attribution) -> bool:
        """The number surely belongs to ``entity``: unambiguous, and its sentence names no other
        entity of the table."""
        if who.ambiguous or who.entities != {entity}:
            return False
        here = self.mentions[m.sentence]
        named = {x.entity for x in here if x.entity != OTHER}
        start = m.pair_first if m.pair_first is not None else m.first
        adjacent = any(x.entity == entity and 0 < start - x.last <= 2 for x in here)
        # "the Hawks (46 - 12)", "Jackson's 22 points", or "He added ..." (no one else named)
        return named <= {entity} or adjacent

    def _contradicts(
        self, entity: int, header: Features, m: NumberMention, who: Attribution, year: bool
    ) -> bool:
        """Whether a number of another value is evidence against the claim: it surely belongs to
        the entity, names the attribute with its own words (after it), is exact, and is a year
        exactly when the claim is."""
        if m.role in {"first", "second"} or m.approximate or m.aggregate:
            return False
        if _is_year(m.value) != year or (self.subject is None and not self._sole(entity, m, who)):
            return False
        if m.role in {"win", "loss", "made", "attempted"} or m.attribute_hint is not None:
            return True
        (ac, aw, _ao), (bc, _bw, _bo) = self._windows(m)
        if not ac and not aw and not bc:
            ac = self._elided(m)  # "Jackson scored 22 points and Morris added 20"
        return fits(header, ac, aw)

    def stated_number(self, entity: int, attribute_name: str) -> ClaimVerdict:
        """The number the text gives for ``entity``'s ``attribute_name`` alone (unambiguously,
        exactly, not a side of a pair), if any: ``stated`` with its evidence, else ``unstated``."""
        header = header_features(attribute_name, self._extra)
        for i, m in enumerate(self.doc.numbers):
            if m.role in {"first", "second"}:
                continue
            who = self._who(i)
            if not self._sole(entity, m, who) or not self._fits(header, m):
                continue
            shown = f"{m.value:g}"
            return ClaimVerdict(
                STATED,
                self._evidence(m.sentence, m.first, m.last),
                shown,
                f"the text gives {shown}",
            )
        return ClaimVerdict(UNSTATED, reason="no number in the text for this entity and attribute")

    def mentions_attribute(self, entity: int, attribute_name: str) -> bool:
        """Whether a sentence about ``entity`` holds a number and words naming the attribute
        (every concept and content word of the header): the text speaks of it, in a form the
        engine may not read."""
        header = header_features(attribute_name, self._extra)
        if not header.concepts and not header.stems:
            return False
        with_numbers = {m.sentence for m in self.doc.numbers}
        for s in self.entity_sentences(entity):
            if s not in with_numbers:
                continue
            a, b = self.doc.sentences[s]
            concepts, words, _ordinal = window_features([t.text for t in self.doc.tokens[a:b]])
            if fits(header, concepts, words):
                return True
        return False

    def _check_date(self, entity: int, value: TypedCell) -> ClaimVerdict:
        d = value.date
        assert d is not None
        toks = self.doc.tokens
        sentences = self.entity_sentences(entity)
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
            i = a + words.index(year) if year in words else None
            return ClaimVerdict(STATED, self._evidence(s, i, i))
        return ClaimVerdict(UNSTATED, reason="the text gives no such date for this entity")

    def _check_text(self, entity: int, value: TypedCell) -> ClaimVerdict:
        sentences = self.entity_sentences(entity)
        if not sentences:
            return ClaimVerdict(UNSTATED, reason="the text never names this entity")
        stem_sets = [self._sentence_stems(s) for s in sentences]
        need = self.config.grounding_text_coverage

        def content(text: str) -> list[str]:
            return [w for w in stems(text) if w not in _TEXT_STOP and len(w) > 1]

        def best_sentence(want: list[str]) -> tuple[float, int]:
            scored = [
                (sum(1 for w in want if w in have) / len(want), s)
                for s, have in zip(sentences, stem_sets, strict=True)
            ]
            return max(scored)

        whole = content(value.text)
        if not whole:
            return ClaimVerdict(UNSTATED, reason="no content words to look for")
        share, where = best_sentence(whole)
        if share >= need:
            return ClaimVerdict(STATED, self._evidence(where))
        items = [content(x) for x in _ITEM_SPLIT_RE.split(value.text)]
        items = [x for x in items if x]
        missing = [x for x in items if best_sentence(x)[0] < need]
        union = frozenset().union(*stem_sets)
        spread = sum(1 for w in whole if w in union) / len(whole)
        # a list whose items are each stated, or a value whose words are all about the entity,
        # spread over its sentences ("born september 18 ... the 1903 season")
        if (len(items) > 1 and not missing) or (spread >= need and share >= 0.5):
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

    def _respelt(self, item: str, sentences: list[int]) -> tuple[int, tuple[int, int], str] | None:
        """A sentence writing ``item`` with one word spelt differently ("minal mahesh patel" for
        "minar mahesh patel", "OSSC" for "OSCC"): names and acronyms do not vary by a letter."""
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
                ):
                    j = i + len(words) - 1
                    return s, (i, j), self.doc.raw[toks[i].start : toks[j].end]
        return None

    def _sentence_stems(self, s: int) -> frozenset[str]:
        cache = self.__dict__.setdefault("_stems", {})
        if s not in cache:
            cache[s] = frozenset(stems(self.doc.sentence_text(s)))
        return cache[s]

    def entity_in_text(self, entity: int) -> bool:
        """Whether the text names ``entity`` (any alias)."""
        return self.subject == entity or any(m.entity == entity for ms in self.mentions for m in ms)

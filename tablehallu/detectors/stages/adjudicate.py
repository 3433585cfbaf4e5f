"""Stage 5: settle each disagreement with the gold table — by the gold, or by the context.

``Config.adjudicate = "gold"`` (or no context): gold empty + prediction filled ->
``blank_filling``; otherwise ``attribute_distortion`` (subtype ``missing_value`` when the
prediction is empty). This is the paper's rule.

``"context"`` (the default when a context is given): the context decides, cell by cell, through
the claim grounding engine (:mod:`tablehallu.detectors.grounding.claims`):

==================  ====================  ==================================================
dispute             the context ...       finding
==================  ====================  ==================================================
gold empty          states the value      ``gold_conflict`` / ``gold_blank`` (gold incomplete)
                    contradicts it        ``blank_filling`` / ``contradicted`` (with evidence)
                    never states it       ``blank_filling``
prediction empty    states the gold value ``attribute_distortion`` / ``missing_value``
                    does not              ``gold_conflict`` / ``gold_unstated``
values differ       states the prediction ``gold_conflict`` / ``gold_differs``
                    contradicts it        ``attribute_distortion`` / ``wrong_value``
                    never states it       ``attribute_distortion`` / ``wrong_value``
extra column        contradicts it        ``blank_filling`` / ``contradicted``
                    never states it       ``blank_filling`` / ``extra_column``
gold empty or       speaks of it in a     no verdict, a warning (``Config.grounding_abstain``)
extra column        form not read
text agrees only    states the gold       ``attribute_distortion`` / ``wrong_value``
by similarity; the  value, not the        (``Config.grounding_similar_gold``)
text writes it      prediction
elsewhere
text agrees         contradicts it        ``attribute_distortion`` / ``contradicted``
text agrees         writes it, never in   ``attribute_distortion`` / ``unstated``
(key/value table)   the field's role
==================  ====================  ==================================================

Every finding decided by the context carries its evidence (sentence and span).
"""

from __future__ import annotations

from typing import Any, Final

from rapidfuzz.distance import OSA

from tablehallu.detectors.diagnosis import (
    ATTRIBUTE_DISTORTION,
    BLANK_FILLING,
    GOLD_CONFLICT,
    PARTIAL_MATCH,
    UNCHECKED,
    Finding,
)
from tablehallu.detectors.grounding import index_context
from tablehallu.detectors.grounding.claims import (
    CONTRADICTED,
    STATED,
    ClaimVerdict,
    dated_figure,
    year_differs,
)
from tablehallu.detectors.grounding.keys import cannot_be_stated, occupation_kinds
from tablehallu.detectors.stages.referenceless import read_claim
from tablehallu.detectors.state import Dispute, SampleState
from tablehallu.normalize import TypedCell, tokens

#: Cascade rules that accept a value by string similarity alone (no form of the gold value)
_SIMILARITY: Final = frozenset({"lexical", "embedding"})


def _where(st: SampleState, d: Dispute) -> dict[str, Any]:
    """The location fields of a finding about a disputed cell."""
    expected = st.g_cells[d.g][d.c].raw if d.c is not None and d.g is not None else None
    return {
        "pred_row": st.p_index[d.p],
        "gold_row": d.g,
        "column": st.g_headers[d.c] if d.c is not None else None,
        "predicted": _claim_cell(st, d).raw,
        "expected": expected,
        "pred_column": _pred_header(st, d),
    }


def _by_gold(st: SampleState, d: Dispute) -> Finding | None:
    assert d.c is not None and d.g is not None
    gc, pc = st.g_cells[d.g][d.c], st.cell(d.p, d.c)
    where = _where(st, d)
    if d.kind == "blank":
        return Finding(
            BLANK_FILLING,
            matcher="null",
            explanation=f"filled {pc.raw!r} where the gold cell is empty",
            **where,
        )
    if d.kind in ("extra_column", "agrees"):
        return None
    m = d.match
    assert m is not None
    missing = d.kind == "missing"
    return Finding(
        ATTRIBUTE_DISTORTION,
        subtype="missing_value" if missing else "wrong_value",
        matcher=m.matcher,
        score=m.score,
        explanation=(
            f"left empty; gold says {gc.raw!r}"
            if missing
            else f"{pc.raw!r} does not match gold {gc.raw!r}"
            + (f" ({m.reason})" if m.reason else "")
        ),
        **where,
    )


def _pred_column(st: SampleState, d: Dispute) -> int | None:
    """The predicted column of the disputed cell (None when no predicted column is aligned)."""
    assert st.alignment is not None
    return d.pc if d.c is None else st.alignment.pred_for_gold[d.c]


def _pred_header(st: SampleState, d: Dispute) -> str | None:
    assert st.pred is not None
    col = _pred_column(st, d)
    return st.pred.headers[col] if col is not None and col < len(st.pred.headers) else None


def _evidence(v: ClaimVerdict) -> dict[str, object] | None:
    return v.evidence.to_dict() if v.evidence is not None else None


def _similar_not_gold(st: SampleState, d: Dispute) -> Finding | None:
    """A value the cascade took for the gold one only by string similarity ("Oslo" for
    "Stockholm", "Agriculture" for "Aquaculture") while the context states the gold value for
    the row's entity and attribute and not the predicted one: a distortion
    (``Config.grounding_similar_gold``). A respelling of the gold ("haemophilia A") is kept."""
    if (
        not st.config.grounding_similar_gold
        or st.key_value
        or d.match is None
        or d.match.matcher not in _SIMILARITY
        or d.c is None
        or d.g is None
    ):
        return None
    gc, pc = st.g_cells[d.g][d.c], st.cell(d.p, d.c)
    assert st.context is not None
    if not pc.text or pc.text not in index_context(st.context).text:
        return None  # a rewording the text never writes: similarity alone cannot tell
    if _respelt(pc.text, gc.text):
        return None
    grounder = st.grounder()
    entity = st.entity(d.p)
    gold_claim = grounder.check(entity, st.attribute(d.c, g=d.g), gc)
    if gold_claim.status != STATED or gold_claim.evidence is None:
        return None
    where = _where(st, d)
    attribute = where["pred_column"] or st.g_headers[d.c]
    if grounder.check(entity, attribute, pc).status == STATED:
        return None
    # the value is no partial match after all: its note gives way to the finding
    st.diag.findings[:] = [
        f
        for f in st.diag.findings
        if not (
            f.type == PARTIAL_MATCH
            and f.pred_row == where["pred_row"]
            and f.gold_row == d.g
            and f.column == where["column"]
        )
    ]
    return Finding(
        ATTRIBUTE_DISTORTION,
        subtype="wrong_value",
        matcher="context",
        score=d.match.score,
        evidence=_evidence(gold_claim),
        explanation=(
            f"{pc.raw!r} is only similar to gold {gc.raw!r}; the context states {gc.raw!r} for "
            "this entity, not it"
        ),
        **where,
    )


def _respelt(a: str, b: str) -> bool:
    """Every word of ``a`` the gold ``b`` lacks is one edit from a word of ``b`` (a spelling:
    "haemophilia" / "hemophilia") or its start ("Jan" / "January", "Wilts" / "Wiltshire"),
    and the two have as many words."""
    wa, wb = tokens(a), tokens(b)
    if len(wa) != len(wb):
        return False
    return all(w in wb or any(_one_word(w, v) for v in wb) for w in wa)


def _one_word(w: str, v: str) -> bool:
    """``w`` writes the word ``v``: one edit from it, or its first letters (three or more)."""
    if len(w) >= 4 and OSA.distance(w, v) <= 1:
        return True
    short, long = sorted((w, v), key=len)
    return len(short) >= 3 and long.startswith(short)


def _by_context(st: SampleState, d: Dispute) -> Finding | None:
    similar = _similar_not_gold(st, d) if d.kind == "agrees" else None
    if similar is not None:
        return similar
    if d.kind == "agrees" and not st.key_value:
        assert d.c is not None and st.context is not None
        words = st.cell(d.p, d.c).text
        if words and words in index_context(st.context).text:
            # written as in the text: nothing to contradict it (and no index built); a key/value
            # field's value is read in its role ("buried at X" is no place of death)
            return None
    if d.kind in ("wrong", "blank", "extra_column") and _absent(st, d):
        return _read_without_gold(st, d)
    grounder = st.grounder()
    entity = st.entity(d.p)
    where = _where(st, d)
    header, expected, pc = where["pred_column"], where["expected"], _claim_cell(st, d)
    if d.c is None:
        attribute = header or ""
    else:
        # the claim is the model's: its own header names the attribute
        attribute = st.attribute(d.c, p=d.p) if st.key_value else header or st.g_headers[d.c]
    if d.kind == "missing":
        assert d.c is not None and d.g is not None
        gold_claim = grounder.check(entity, st.attribute(d.c, g=d.g), st.g_cells[d.g][d.c])
        if gold_claim.status == STATED:
            return Finding(
                ATTRIBUTE_DISTORTION,
                subtype="missing_value",
                matcher="context",
                evidence=_evidence(gold_claim),
                explanation=f"left empty; the context states {expected!r}",
                **where,
            )
        return Finding(
            GOLD_CONFLICT,
            subtype="gold_unstated",
            matcher="context",
            explanation=f"left empty; the gold says {expected!r} but the context does not state it",
            **where,
        )
    claim = grounder.check(entity, attribute, pc)
    figure = dated_figure(pc, st.config.dayfirst) if claim.status == STATED else None
    if figure is not None:  # "US$2.9 billion (2023)": its figure, if the text gives another
        read = grounder.check(entity, attribute, figure)
        claim = read if read.status == CONTRADICTED else year_differs(pc, read) or claim
    if d.kind == "agrees":
        if claim.status == STATED:
            return None
        # unstated: only a field of one subject whose value the text writes, but never in the
        # field's role ("signed with X" for a debut team): the gold's value, unstated by the text
        if claim.status != CONTRADICTED and not (st.key_value and _written(st, pc)):
            return None
        return Finding(
            ATTRIBUTE_DISTORTION,
            subtype="contradicted" if claim.status == CONTRADICTED else "unstated",
            matcher="context",
            evidence=_evidence(claim),
            explanation=f"{pc.raw!r} agrees with the gold, but {claim.reason}",
            **where,
        )
    if claim.status in (STATED, CONTRADICTED):
        return _settled(d, where, pc, claim)
    if (
        st.config.grounding_abstain
        and d.kind in ("blank", "extra_column")
        and pc.kind == "number"
        # the figure itself read where the text writes it and found lacking ("nearly 60
        # percent", a period's figure): a form read, nothing to abstain on
        and not (claim.evidence is not None and claim.evidence.value_start is not None)
        and grounder.mentions_attribute(entity, attribute)
    ):
        # the text speaks of this attribute for the entity in a form not read: no verdict
        _not_checked(st, d, where, pc)
        return None
    return _read_without_gold(st, d)


def _settled(
    d: Dispute, where: dict[str, Any], pc: TypedCell, claim: ClaimVerdict
) -> Finding | None:
    """The finding of a claim the context states (a ``gold_conflict``, none for an extra
    column) or contradicts (a distortion, or a blank filling with the evidence)."""
    if claim.status == STATED:
        if d.kind == "extra_column":
            return None
        return Finding(
            GOLD_CONFLICT,
            subtype="gold_blank" if d.kind == "blank" else "gold_differs",
            matcher="context",
            evidence=_evidence(claim),
            explanation=(
                f"the context states {pc.raw!r}; the gold cell is empty"
                if d.kind == "blank"
                else f"the context states {pc.raw!r}; the gold says {where['expected']!r}"
            ),
            **where,
        )
    # a cell the gold leaves empty stays a blank filling (the paper's type), with the evidence
    return Finding(
        ATTRIBUTE_DISTORTION if d.kind == "wrong" else BLANK_FILLING,
        subtype="wrong_value" if d.kind == "wrong" else "contradicted",
        matcher="context",
        evidence=_evidence(claim),
        explanation=f"{pc.raw!r}: {claim.reason}",
        **where,
    )


def _not_checked(st: SampleState, d: Dispute, where: dict[str, Any], pc: TypedCell) -> None:
    """No verdict on a cell the text speaks of in a form not read: a warning."""
    header = where["pred_column"] or where["column"]
    st.diag.warnings.append(
        f"row {st.p_index[d.p] + 1}, column {header!r}: {pc.raw!r} could not be checked "
        "(the context speaks of it in a form not read)"
    )


def _read_without_gold(st: SampleState, d: Dispute) -> Finding | None:
    """A cell the gold does not cover (its cell empty, or a column it lacks) that the engine's
    checks found unstated, read once more as a table without a gold is read
    (``Config.grounding_uncovered_as_referenceless``: a name the text respells, a value another
    row holds, a rewording...): stated -> no finding (a ``gold_conflict`` when the gold cell is
    empty), a text value not checkable -> a warning, contradicted -> ``blank_filling`` with the
    evidence; else ``blank_filling`` as before."""
    pcol = _pred_column(st, d)
    if (
        d.kind not in ("blank", "extra_column")
        or not st.config.grounding_uncovered_as_referenceless
        or pcol is None
    ):
        return _unstated(st, d)
    pc = _claim_cell(st, d)
    status, verdict = read_claim(st, d.p, pcol, pc)
    where = _where(st, d)
    if status == STATED:
        return _settled(d, where, pc, verdict or ClaimVerdict(STATED))
    if status == CONTRADICTED and verdict is not None:
        return _settled(d, where, pc, verdict)
    if status == UNCHECKED and pc.kind != "number":
        # a text value not checkable (a rewording); a figure keeps the checks above, which
        # abstain only where the text reads around it (a filled blank is often another row's
        # figure the text speaks of near this entity)
        _not_checked(st, d, where, pc)
        return None
    return _unstated(st, d)


def _claim_cell(st: SampleState, d: Dispute) -> TypedCell:
    if d.c is None:
        assert d.pc is not None
        return st.p_typed[d.p][d.pc]
    return st.cell(d.p, d.c)


def _written(st: SampleState, cell: TypedCell) -> bool:
    """The context writes every word of a text cell (somewhere)."""
    assert st.context is not None
    words = tokens(cell.text)
    return bool(words) and set(words) <= index_context(st.context).token_set


def _absent(st: SampleState, d: Dispute) -> bool:
    """The predicted value cannot be stated by the context (checked before it is read)."""
    assert st.context is not None
    kinds = occupation_kinds(st.config.grounding_occupation_kinds) if st.key_value else None
    cell = _claim_cell(st, d)
    if not cannot_be_stated(cell, index_context(st.context), kinds=kinds):
        return False
    # "Nets" for a player "led Brooklyn": the team by another of its names
    return st.key_value or cell.kind != "text" or _team_told(st, d, cell) is None


def _team_told(st: SampleState, d: Dispute, cell: TypedCell) -> ClaimVerdict | None:
    """The context names the row's player as one of the team ``cell`` names, by another of its
    names (:meth:`Grounder.team_of_player`)."""
    return st.grounder().team_of_player(st.entity(d.p), cell)


def _unstated(st: SampleState, d: Dispute) -> Finding:
    pc = _claim_cell(st, d)
    where = _where(st, d)
    expected = where["expected"]
    if d.kind == "wrong":
        m = d.match
        reason = f" ({m.reason})" if m is not None and m.reason else ""
        return Finding(
            ATTRIBUTE_DISTORTION,
            subtype="wrong_value",
            matcher=m.matcher if m is not None else "context",
            score=m.score if m is not None else None,
            explanation=(
                f"{pc.raw!r} does not match gold {expected!r}{reason}, and the context does not "
                "state it"
            ),
            **where,
        )
    return Finding(
        BLANK_FILLING,
        subtype="extra_column" if d.kind == "extra_column" else None,
        matcher="context",
        explanation=f"filled {pc.raw!r}, which the context does not state",
        **where,
    )


def adjudicate(st: SampleState) -> None:
    """Turn ``disputes`` into findings."""
    settle = _by_context if st.adjudicating() else _by_gold
    for d in st.disputes:
        finding = settle(st, d)
        if finding is not None:
            st.diag.findings.append(finding)

"""Claim grounding of key/value fields that name an event or a role (w16): a value the text
writes, but for another event or role than the field's."""

from __future__ import annotations

from tablehallu import Config
from tablehallu.detectors.grounding.claims import STATED, UNSTATED, ClaimVerdict, Grounder
from tablehallu.normalize import type_cell


def check(context: str, attribute: str, value: str) -> ClaimVerdict:
    return Grounder(context, ("",), Config(), subject=0).check(0, attribute, type_cell(value))


# -- a place of an event: only a sentence of the event states it -------------------------------
def test_a_death_place_named_only_in_sentences_without_the_death_is_unstated() -> None:
    ctx = (
        "jim brown (november 3, 1945 -- december 6, 1987) was a pitcher. born in muskegon, "
        "michigan, he was named superintendent of schools in north muskegon, michigan in 1983. "
        "four years later, he died from cancer at the age of 42."
    )
    v = check(ctx, "death place", "north muskegon, michigan")
    assert v.status == UNSTATED and "death" in v.reason
    # the same sentence as the death states it ("returned to chicago and died in 1957")
    same = "jim brown (1900 -- 1957) was a pitcher. he returned to chicago and died in 1957."
    assert check(same, "death place", "chicago").status == STATED
    # a death "there" points back at the place named before
    there = "jim brown (1900 -- 1957) was a pitcher. he retired to chicago. he died there."
    assert check(there, "death place", "chicago").status == STATED


def test_a_birth_place_named_only_as_where_someone_belongs_or_studied_is_unstated() -> None:
    ctx = (
        "tariq khan (born 15 october 1935) was the chief of air staff. he belong to charsadda "
        "pakistan. he passed school from government high school no. 1 charsadda."
    )
    assert check(ctx, "birth place", "charsadda, pakistan").status == UNSTATED
    born = ctx + " he was born in charsadda."
    assert check(born, "birth place", "charsadda, pakistan").status == STATED


def test_a_burial_place_is_stated_by_where_the_ashes_rest() -> None:
    ctx = (
        "frank hill (1850 -- 1906) was a soldier. he died in manhattan, nevada. his ashes rest "
        "in the columbarium of san francisco in san francisco, california."
    )
    assert check(ctx, "resting place", "columbarium of san francisco").status == STATED

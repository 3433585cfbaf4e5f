"""Grounding in the source context: is a row's entity there (:mod:`.keys`), and does the context
state, contradict or never state a cell's claim (:mod:`.claims`, over the index of
:mod:`.document`, the entity aliases of :mod:`.entities` and the attribute vocabulary of
:mod:`.attributes`)."""

from tablehallu.detectors.grounding.keys import (
    ContextIndex,
    Grounding,
    candidate_sentences,
    cell_in_context,
    ground_lexically,
    ground_with_similarity,
    index_context,
    key_text,
    may_mention,
    supported_by_context,
)

__all__ = [
    "ContextIndex",
    "Grounding",
    "candidate_sentences",
    "cell_in_context",
    "ground_lexically",
    "ground_with_similarity",
    "index_context",
    "key_text",
    "may_mention",
    "supported_by_context",
]

"""Adversarial-context rules: the distractor context keeps all of the base context."""

from __future__ import annotations

from typing import Final

from tablehallu.check.record import RecordView, snippet
from tablehallu.check.rules.base import Finding

__all__ = ["adversarial_keeps_base"]


_EDGE_PUNCT: Final = "\"'()[]«»"


def adversarial_keeps_base(rec: RecordView) -> list[Finding] | None:
    """Every sentence of the base context is in the adversarial context.

    The paper's Verifier 2 (step 1) and human audit: the distractor context "fully encompassed the
    GT context information".

    How: the base context (``gt_context``, else ``context``) is split into sentences
    (:func:`tablehallu.check.text.split_sentences`: ``.``/``!``/``?`` and line breaks, but not after
    initials, "U.S.", "St.", "v.", "Dr."...); each sentence, normalised (case, quotes, dashes,
    spacing, markup), must occur in the normalised ``distractor_context`` (anywhere: the sentences
    may be dispersed and reordered, and may share a paragraph with new text). Each missing or
    altered sentence is reported.

    Limits: a sentence that was reworded without losing information is reported; information kept
    but spread over different sentences is reported.

    Skipped: records without both a base and a ``distractor_context``.
    """
    base, adversarial = rec.base_context, rec.adversarial_context
    if base is None or adversarial is None:
        return None
    if base.raw == adversarial.raw:
        return []
    out: list[Finding] = []
    for span in base.all_spans:
        if base.raw_of(span) in adversarial.raw:
            continue  # copied verbatim (the common case; no normalisation needed)
        core = base.text_of(span).strip(_EDGE_PUNCT + " ")
        if core and core not in adversarial.text:
            out.append(
                Finding(
                    "TH040",
                    f"{base.field} sentence {base.number(span)} is not in distractor_context: "
                    f"{snippet(base.raw_of(span))!r}",
                )
            )
    return out

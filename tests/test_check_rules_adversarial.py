"""``tablehallu check``, the adversarial-context rule (TH040): one test (at least) per rule."""

from __future__ import annotations

from _check_helpers import CONTEXT, base_record, check

from tablehallu.check.text import split_sentences


def test_th040_dispersed_and_reordered_base_is_kept() -> None:
    sentences = split_sentences(CONTEXT)
    adversarial = "\n\n".join(["Noise one.", sentences[2], "Noise two.", *sentences[:2]])
    assert check(base_record(distractor_context=adversarial), "TH040") == []
    altered = adversarial.replace("$12 million", "$13 million")
    found = check(base_record(distractor_context=altered), "TH040")
    assert found == [
        (
            "TH040",
            "gt_context sentence 2 is not in distractor_context: 'Birch Labs, based in "
            "Calder, was founded on June 2, 2005 and made $12 million.'",
        )
    ]
    # case, quotes and spacing do not matter
    assert check(base_record(distractor_context=CONTEXT.upper()), "TH040") == []

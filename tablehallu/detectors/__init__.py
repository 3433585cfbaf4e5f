"""The hierarchical hallucination detector: :func:`detect`, :func:`detect_many`,
:func:`iter_detect`.
"""

from tablehallu.detectors.diagnosis import (
    HALLUCINATION_TYPES,
    MACRO_FLAGS,
    OMISSION,
    Diagnosis,
    Finding,
)
from tablehallu.detectors.pipeline import (
    GoldTableError,
    Sample,
    detect,
    detect_many,
    iter_detect,
)

__all__ = [
    "HALLUCINATION_TYPES",
    "MACRO_FLAGS",
    "OMISSION",
    "Diagnosis",
    "Finding",
    "GoldTableError",
    "Sample",
    "detect",
    "detect_many",
    "iter_detect",
]

"""The hierarchical hallucination detector: :func:`detect`, :func:`detect_many`."""

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
]

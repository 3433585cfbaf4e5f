"""The hierarchical hallucination detector: :func:`detect`, :func:`detect_many`."""

from tablehallu.detectors.diagnosis import (
    HALLUCINATION_TYPES,
    MACRO_FLAGS,
    OMISSION,
    CellGrounding,
    Diagnosis,
    Finding,
)
from tablehallu.detectors.pipeline import (
    GoldTableError,
    NoReferenceError,
    Sample,
    detect,
    detect_many,
    ground,
)

__all__ = [
    "HALLUCINATION_TYPES",
    "MACRO_FLAGS",
    "OMISSION",
    "CellGrounding",
    "Diagnosis",
    "Finding",
    "GoldTableError",
    "NoReferenceError",
    "Sample",
    "detect",
    "detect_many",
    "ground",
]
